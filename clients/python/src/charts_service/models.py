"""What the API answers, as dataclasses with snake_case fields. Parsing is defensive: fields a
newer service adds are ignored (spec §9)."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, cast

from .meta import Meta

if TYPE_CHECKING:
    from .display import Display

ChartKind = Literal[
    "line",
    "horizontal-bar",
    "pie",
    "scatter",
    "themeriver",
    "multiples",
    "map",
    "dot",
    "range",
    "arrow",
    "candlestick",
    "heatmap",
    "treemap",
    "sankey",
    "boxplot",
    "radar",
    "table",
]
ExportFormat = Literal["png", "svg", "pdf", "csv"]
SortOrder = Literal["updated", "name"]

Json = dict[str, Any]


def _time(value: Any) -> datetime:
    return datetime.fromisoformat(str(value).replace("Z", "+00:00"))


def _time_or_none(value: Any) -> datetime | None:
    return _time(value) if value else None


def _published(value: Any) -> Published | None:
    if not isinstance(value, dict) or "embedUrl" not in value:
        return None
    snippet = value.get("responsiveIframe")
    return Published(embed_url=str(value["embedUrl"]), responsive_iframe=snippet if isinstance(snippet, str) else None)


def _roles(value: Any) -> dict[str, str | list[str]] | None:
    if not isinstance(value, dict):
        return None
    return {str(role): [str(n) for n in named] if isinstance(named, list) else str(named) for role, named in value.items()}


@dataclass(frozen=True)
class Published:
    """Where a published chart lives. ``responsive_iframe`` is the service's snippet when the
    answer carried one; the display builds the same snippet from ``embed_url`` otherwise."""

    embed_url: str
    responsive_iframe: str | None = None


LinkStatus = Literal["ok", "unchanged", "failed"]


@dataclass(frozen=True)
class DataSource:
    """A chart's link to a CSV or JSON file on the web (docs/data.md, "Linked data"): read every
    ``refresh_minutes``; ``last_status`` says how the last read went (``failed`` with ``last_error``,
    the last good data kept)."""

    url: str
    refresh_minutes: int
    last_fetched_at: datetime | None
    last_changed_at: datetime | None
    last_status: LinkStatus | None
    last_error: str | None
    next_refresh_at: datetime | None

    @staticmethod
    def from_api(body: Json) -> DataSource:
        status = body.get("lastStatus")
        error = body.get("lastError")
        return DataSource(
            url=str(body["url"]),
            refresh_minutes=int(body.get("refreshMinutes", 0)),
            last_fetched_at=_time_or_none(body.get("lastFetchedAt")),
            last_changed_at=_time_or_none(body.get("lastChangedAt")),
            last_status=cast(LinkStatus, status) if isinstance(status, str) else None,
            last_error=error if isinstance(error, str) else None,
            next_refresh_at=_time_or_none(body.get("nextRefreshAt")),
        )


@dataclass
class Chart:
    """A chart. ``series`` and ``columns`` are None on the answer of a create or copy (which does
    not carry them), and so are ``version`` and ``data_source``; ``client.charts.get(id)`` reads
    them. A create's ``meta`` is the settings it sent, which the service stores as given.
    ``columns`` is the column roles in use, given in ``meta.columns`` or chosen by the service from
    the columns' types (None for library series). ``version`` is the chart's ETag, for
    ``if_match=``. In Jupyter a chart shows its live embed, or its SVG while unpublished;
    ``chart.show()`` saves its PNG and opens it."""

    id: str
    name: str
    kind: ChartKind
    has_data: bool
    folder_id: str | None
    published: Published | None
    series: list[str] | None = None
    meta: Meta | None = None
    columns: dict[str, str | list[str]] | None = None
    version: int | None = None
    data_source: DataSource | None = None
    _display: Display | None = field(default=None, repr=False, compare=False)

    @property
    def embed_url(self) -> str | None:
        return self.published.embed_url if self.published else None

    @staticmethod
    def from_api(body: Json, display: Display | None = None) -> Chart:
        return Chart(
            id=str(body["id"]),
            name=str(body.get("name", "")),
            kind=cast(ChartKind, body.get("kind", "line")),
            has_data=bool(body.get("hasData", False)),
            folder_id=body.get("folderId"),
            published=_published(body.get("published")),
            series=[str(name) for name in body["series"]] if isinstance(body.get("series"), list) else None,
            meta=cast(Meta, body["meta"]) if isinstance(body.get("meta"), dict) else None,
            columns=_roles(body.get("columns")),
            version=int(body["version"]) if isinstance(body.get("version"), int) else None,
            data_source=DataSource.from_api(body["dataSource"]) if isinstance(body.get("dataSource"), dict) else None,
            _display=display,
        )

    def _repr_html_(self) -> str:
        if self._display is None:
            return f"<p>Chart {html.escape(self.id)}: {html.escape(self.name)}</p>"
        return self._display.html(self)

    def show(self, path: str | None = None) -> str:
        """Saves the chart's PNG (to ``path``, else a temporary file) and opens it; returns the path."""
        if self._display is None:
            raise RuntimeError("This chart was not read through a client, so it cannot be exported.")
        return self._display.show(self, path)


@dataclass(frozen=True)
class ChartSummary:
    """An item of ``charts.list()``."""

    id: str
    name: str
    kind: ChartKind
    updated_at: datetime
    folder_id: str | None
    published: Published | None

    @staticmethod
    def from_api(body: Json) -> ChartSummary:
        return ChartSummary(
            id=str(body["id"]),
            name=str(body.get("name", "")),
            kind=cast(ChartKind, body.get("kind", "line")),
            updated_at=_time(body["updatedAt"]),
            folder_id=body.get("folderId"),
            published=_published(body.get("published")),
        )


@dataclass(frozen=True)
class WriteReceipt:
    """What a write answers a key without ``chart:read``: the chart's content is not shown to it."""

    id: str
    version: int
    updated_at: datetime

    @staticmethod
    def from_api(body: Json) -> WriteReceipt:
        return WriteReceipt(id=str(body["id"]), version=int(body["version"]), updated_at=_time(body["updatedAt"]))


def chart_or_receipt(body: Json, display: Display | None) -> Chart | WriteReceipt:
    return WriteReceipt.from_api(body) if "version" in body and "kind" not in body else Chart.from_api(body, display)


@dataclass(frozen=True)
class Embed:
    """The answer of ``publish``: the live embed's URL and the snippets to paste into a page."""

    embed_url: str
    iframe: str
    script: str
    responsive_iframe: str

    @staticmethod
    def from_api(body: Json) -> Embed:
        return Embed(
            embed_url=str(body["embedUrl"]),
            iframe=str(body.get("iframe", "")),
            script=str(body.get("script", "")),
            responsive_iframe=str(body.get("responsiveIframe", body.get("iframe", ""))),
        )

    def _repr_html_(self) -> str:
        # The frame and the loader that sizes it to the chart: as tall as the chart at any width.
        return self.responsive_iframe


@dataclass(frozen=True)
class Version:
    """An item of ``charts.versions()``: what the version changed in words (``summary``). One
    author's quick successive edits of the same fields are one item covering ``first_version`` to
    ``version``; each is still restorable by number."""

    version: int
    action: str
    author_account_id: str
    created_at: datetime
    summary: str = ""
    first_version: int | None = None

    @staticmethod
    def from_api(body: Json) -> Version:
        first = body.get("firstVersion")
        return Version(
            version=int(body["version"]),
            action=str(body.get("action", "")),
            author_account_id=str(body.get("authorAccountId", "")),
            created_at=_time(body["createdAt"]),
            summary=str(body.get("summary") or ""),
            first_version=int(first) if isinstance(first, int) else None,
        )


@dataclass(frozen=True)
class VersionDetail:
    """One version with the chart as it was then (``chart.meta``, ``chart.series``)."""

    version: int
    action: str
    author_account_id: str
    created_at: datetime
    chart: Chart
    summary: str = ""

    @staticmethod
    def from_api(body: Json) -> VersionDetail:
        head = Version.from_api(body)
        chart = dict(body.get("chart") or {})
        chart.setdefault("hasData", True)
        chart.setdefault("folderId", None)
        return VersionDetail(head.version, head.action, head.author_account_id, head.created_at, Chart.from_api(chart), head.summary)


@dataclass(frozen=True)
class ColorSuggestion:
    """A colour for ``series`` that passes the checks: set it as ``meta.seriesStyle[series].color``."""

    series: str
    color: str


@dataclass(frozen=True)
class ColorCheck:
    """An accessibility warning about a chart's drawn colours (docs/themes-and-fonts.md, "A chart's
    own colours"): low contrast, colours a colour-blind reader confuses, or two series in one
    colour. Checks never block saving or publishing."""

    id: str
    level: str
    modes: list[str]
    message: str
    colors: list[str]
    suggestion: ColorSuggestion | None

    @staticmethod
    def from_api(body: Json) -> ColorCheck:
        suggestion = body.get("suggestion")
        return ColorCheck(
            id=str(body["id"]),
            level=str(body.get("level", "warning")),
            modes=[str(mode) for mode in body.get("modes") or []],
            message=str(body.get("message", "")),
            colors=[str(color) for color in body.get("colors") or []],
            suggestion=ColorSuggestion(series=str(suggestion["series"]), color=str(suggestion["color"]))
            if isinstance(suggestion, dict)
            else None,
        )


@dataclass(frozen=True)
class Folder:
    id: str
    name: str
    parent_id: str | None
    workspace_id: str
    created_at: datetime | None
    updated_at: datetime | None

    @staticmethod
    def from_api(body: Json) -> Folder:
        return Folder(
            id=str(body["id"]),
            name=str(body.get("name", "")),
            parent_id=body.get("parentId"),
            workspace_id=str(body.get("workspaceId", "")),
            created_at=_time(body["createdAt"]) if body.get("createdAt") else None,
            updated_at=_time(body["updatedAt"]) if body.get("updatedAt") else None,
        )


@dataclass(frozen=True)
class Theme:
    id: str
    name: str
    is_default: bool
    built_in: bool

    @staticmethod
    def from_api(body: Json) -> Theme:
        return Theme(
            id=str(body["id"]),
            name=str(body.get("name", "")),
            is_default=bool(body.get("is_default", False)),
            built_in=bool(body.get("builtIn", False)),
        )


@dataclass(frozen=True)
class SourceRef:
    id: str
    title: str


@dataclass(frozen=True)
class Statistic:
    """A library statistic: pass ``{"statistic": stat.id}`` in ``series``."""

    id: str
    title: str
    series_name: str
    source: SourceRef
    unit: str
    frequency: str
    dimensions: dict[str, str]
    first_period: str | None
    last_period: str | None

    @staticmethod
    def from_api(body: Json) -> Statistic:
        source = body.get("source") or {}
        return Statistic(
            id=str(body["id"]),
            title=str(body.get("title", "")),
            series_name=str(body.get("seriesName", "")),
            source=SourceRef(id=str(source.get("id", "")), title=str(source.get("title", ""))),
            unit=str(body.get("unit", "")),
            frequency=str(body.get("frequency", "")),
            dimensions={str(k): str(v) for k, v in (body.get("dimensions") or {}).items()},
            first_period=body.get("firstPeriod"),
            last_period=body.get("lastPeriod"),
        )


@dataclass(frozen=True)
class Dimension:
    id: str
    title: str


@dataclass(frozen=True)
class Source:
    id: str
    title: str
    description: str
    attribution: str
    dimensions: list[Dimension]

    @staticmethod
    def from_api(body: Json) -> Source:
        return Source(
            id=str(body["id"]),
            title=str(body.get("title", "")),
            description=str(body.get("description", "")),
            attribution=str(body.get("attribution", "")),
            dimensions=[Dimension(id=str(d["id"]), title=str(d.get("title", ""))) for d in body.get("dimensions") or []],
        )


@dataclass(frozen=True)
class DimensionValue:
    id: str
    label: str

    @staticmethod
    def from_api(body: Json) -> DimensionValue:
        return DimensionValue(id=str(body["id"]), label=str(body.get("label", "")))
