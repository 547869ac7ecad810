"""Charts service: create, update, list, delete, publish and export charts from Python.

from charts_service import Client, NotFound
client = Client()                       # CHARTS_URL and CHARTS_KEY
chart = client.charts.create(df, kind="column", title="Seats")
chart = client.charts.create(df, kind="line", x="year", y="lifeExp", series="country")
embed = client.charts.publish(chart.id)
"""

__version__ = "0.1.0"

from ._calls import UNSET
from ._http import NO_RETRIES, RetryPolicy
from .client import AsyncClient, Client
from .errors import (
    ApiError,
    ChartsServiceError,
    Conflict,
    ConnectionFailed,
    ExportBusy,
    Forbidden,
    InvalidData,
    InvalidId,
    NotFound,
    PayloadTooLarge,
    PlanRequired,
    PreconditionFailed,
    RateLimited,
    ServerError,
    ServiceUnavailable,
    ServiceWarning,
    Unauthorized,
    UnknownRole,
    ValidationError,
)
from .kinds import KIND_ALIASES, KindAlias, KindName
from .meta import Meta, MetaPatch
from .models import (
    Chart,
    ChartKind,
    ChartSummary,
    ColorCheck,
    ColorSuggestion,
    DataSource,
    DimensionValue,
    Embed,
    ExportFormat,
    Folder,
    Published,
    Source,
    Statistic,
    Theme,
    Version,
    VersionDetail,
    WriteReceipt,
)
from .roles import EVERY_ROLE, KIND_ROLES, ColumnRoles

__all__ = [
    "EVERY_ROLE",
    "KIND_ALIASES",
    "KIND_ROLES",
    "NO_RETRIES",
    "UNSET",
    "ApiError",
    "AsyncClient",
    "Chart",
    "ChartKind",
    "ChartSummary",
    "ChartsServiceError",
    "Client",
    "ColorCheck",
    "ColorSuggestion",
    "ColumnRoles",
    "Conflict",
    "ConnectionFailed",
    "DataSource",
    "DimensionValue",
    "Embed",
    "ExportBusy",
    "ExportFormat",
    "Folder",
    "Forbidden",
    "InvalidData",
    "InvalidId",
    "KindAlias",
    "KindName",
    "Meta",
    "MetaPatch",
    "NotFound",
    "PayloadTooLarge",
    "PlanRequired",
    "PreconditionFailed",
    "Published",
    "RateLimited",
    "RetryPolicy",
    "ServerError",
    "ServiceUnavailable",
    "ServiceWarning",
    "Source",
    "Statistic",
    "Theme",
    "Unauthorized",
    "UnknownRole",
    "ValidationError",
    "Version",
    "VersionDetail",
    "WriteReceipt",
    "__version__",
]
