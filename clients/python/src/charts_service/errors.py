"""Errors: one exception class per API error code, each carrying ``status``, ``code`` and the
API's ``message`` (and ``details`` as the API sent them).

Catch ``ApiError`` for any answer the API refused, or a narrower class for one case::

    try:
        client.charts.get("ch_missing")
    except NotFound as error:
        print(error.status, error.code, error.message)
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any


class ChartsServiceError(Exception):
    """Anything this client raises on purpose."""


class ServiceWarning(UserWarning):
    """What the service warned about while storing a write (the answer's ``warnings``), e.g. an
    unknown setting: ``unknown setting "titel" — did you mean "title"?``. The write was stored;
    ``warnings.simplefilter("error", ServiceWarning)`` turns these into errors."""


# The caller's frame: warn_about ← the answer's reader ← the transport's finish ← run ← the
# resource method ← the caller, the same for the sync and the async client.
_CALLER_STACK_LEVEL = 6


def warn_about(body: Mapping[str, Any]) -> None:
    """Raises a ``ServiceWarning`` for each warning a chart write answered, at the caller's line."""
    listed = body.get("warnings")
    if isinstance(listed, list):
        for text in listed:
            warnings.warn(str(text), ServiceWarning, stacklevel=_CALLER_STACK_LEVEL)


class ConnectionFailed(ChartsServiceError):
    """The service could not be reached (after the retries the budget allowed)."""


class ApiError(ChartsServiceError):
    """An error answer of the API: ``{ "error": { "code", "message", "details"? } }``."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers: dict[str, str] = dict(headers or {})

    @property
    def path(self) -> str | None:
        """The request field the API named (``meta.title``, ``series[2]``), when it named one."""
        value = self.details.get("path") if isinstance(self.details, dict) else None
        return value if isinstance(value, str) else None

    def __str__(self) -> str:
        return f"{self.message} ({self.status} {self.code})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, code={self.code!r}, message={self.message!r})"


class Unauthorized(ApiError):
    """401: the key is missing, unknown or revoked."""


class Forbidden(ApiError):
    """403: the key's scopes do not cover the operation (``forbidden``, ``session_required``, ``csrf_failed``)."""


class PlanRequired(Forbidden):
    """403 ``plan_required``: the account's plan has no API access (Professional and Business do)."""


class NotFound(ApiError):
    """404: no such chart, folder, version or source in this workspace."""


class InvalidId(NotFound):
    """404 ``not_found``, raised before sending: a chart or folder id that is not of an id's shape
    (``ch_`` or ``fd_``, then 1 to 64 letters, digits, ``_`` or ``-``), or a library id that is empty,
    ``.`` or ``..``. No such id names anything (the API answers 404 too), and one like ``.`` would be
    read as another route once it is in a URL. ``path`` is the argument (``id``); nothing was sent.
    """

    checked_locally = True

    def __init__(self, argument: str, value: object, expected: str) -> None:
        text = value if isinstance(value, str) else repr(value)
        shown = f'"{text[:40]}…"' if len(text) > 40 else f'"{text}"'
        super().__init__(404, "not_found", f"{argument}: {shown} is not {expected}; nothing was sent.", {"path": argument})


class Conflict(ApiError):
    """409: the resource changed under the request, or the same Idempotency-Key is still in progress."""


class PreconditionFailed(ApiError):
    """412: ``If-Match`` named a version that is no longer the current one."""


class PayloadTooLarge(ApiError):
    """413: the body is over the API's limit (a CSV over 10 MiB)."""


class ValidationError(ApiError):
    """422: the request was refused as written; ``code`` says which part (``invalid_kind``, ``invalid_body``…)."""


class InvalidData(ValidationError):
    """422 ``invalid_data``: the data does not fit the chart kind; ``row`` and ``column`` say where.
    When the service could not choose the column roles itself, ``proposed_columns`` is the
    ``meta.columns`` it proposes and ``valid_columns`` the data's columns.

    Raised before sending too, when a role names a column the DataFrame or rows do not have, or
    is not a role of the kind (``UnknownRole``): ``checked_locally`` is then true and nothing was sent.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: Any = None,
        headers: Mapping[str, str] | None = None,
        checked_locally: bool = False,
    ) -> None:
        super().__init__(status, code, message, details, headers)
        self.checked_locally = checked_locally

    @property
    def row(self) -> int | None:
        """Row as in a spreadsheet: the header is row 1, the first data row is row 2."""
        value = self.details.get("row") if isinstance(self.details, dict) else None
        return value if isinstance(value, int) else None

    @property
    def column(self) -> str | None:
        value = self.details.get("column") if isinstance(self.details, dict) else None
        return value if isinstance(value, str) else None

    def __str__(self) -> str:
        where = ", ".join(
            part for part in (f"row {self.row}" if self.row else "", f'column "{self.column}"' if self.column else "") if part
        )
        origin = "checked before sending" if self.checked_locally else f"{self.status} {self.code}"
        return f"{self.message} ({where + '; ' if where else ''}{origin})"

    @property
    def proposed_columns(self) -> dict[str, str | list[str]] | None:
        """The ``meta.columns`` the service proposes when it could not choose the roles itself
        (``details.columns``): pass it back as ``columns=`` once it says what you meant."""
        value = self.details.get("columns") if isinstance(self.details, dict) else None
        return dict(value) if isinstance(value, dict) else None

    @property
    def valid_columns(self) -> list[str] | None:
        """The data's columns, when the service listed them (``details.validColumns``)."""
        value = self.details.get("validColumns") if isinstance(self.details, dict) else None
        return [str(name) for name in value] if isinstance(value, list) else None


class UnknownRole(InvalidData):
    """A column role the chart kind does not have (or no kind has), refused before sending:
    ``role`` is the one given, ``roles`` the kind's (or every kind's, when the kind is not known).
    """

    def __init__(self, role: str, kind: str | None, roles: Sequence[str]) -> None:
        self.role = role
        self.roles = list(roles)
        listed = ", ".join(f'"{name}"' for name in roles)
        whose = f"a role of a {kind} chart; its roles are" if kind else "a role of any chart kind; the roles are"
        super().__init__(
            422,
            "invalid_data",
            f'meta.columns: "{role}" is not {whose} {listed}.',
            {"path": f"meta.columns.{role}", "validRoles": list(roles)},
            checked_locally=True,
        )


class RateLimited(ApiError):
    """429 ``rate_limited``: the account's per-minute budget is spent; ``retry_after`` is in seconds."""

    @property
    def retry_after(self) -> float | None:
        return retry_after_seconds(self.headers)


class ServiceUnavailable(ApiError):
    """503: the service is briefly unable to answer; ``retry_after`` says when to try again."""

    @property
    def retry_after(self) -> float | None:
        return retry_after_seconds(self.headers)


class ExportBusy(ServiceUnavailable):
    """503 ``export_busy``: two exports are already rendering; retried automatically within the budget."""


class ServerError(ApiError):
    """500: the service failed; the message quotes a request id to report."""


_by_code: dict[str, type[ApiError]] = {
    "unauthorized": Unauthorized,
    "invalid_credentials": Unauthorized,
    "forbidden": Forbidden,
    "session_required": Forbidden,
    "csrf_failed": Forbidden,
    "plan_required": PlanRequired,
    "not_found": NotFound,
    "conflict": Conflict,
    "idempotency_in_progress": Conflict,
    "precondition_failed": PreconditionFailed,
    "payload_too_large": PayloadTooLarge,
    "invalid_data": InvalidData,
    "rate_limited": RateLimited,
    "export_busy": ExportBusy,
    "service_unavailable": ServiceUnavailable,
    "internal_error": ServerError,
}

_by_status: dict[int, type[ApiError]] = {
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    412: PreconditionFailed,
    413: PayloadTooLarge,
    422: ValidationError,
    429: RateLimited,
    503: ServiceUnavailable,
}


def error_class(status: int, code: str) -> type[ApiError]:
    """The class for an error answer: by its code, else by its status (a code newer than this client)."""
    return _by_code.get(code) or _by_status.get(status) or (ServerError if status >= 500 else ApiError)


def retry_after_seconds(headers: Mapping[str, str]) -> float | None:
    """``Retry-After`` in seconds (the API sends whole seconds), or None when absent or unreadable."""
    for name, value in headers.items():
        if name.lower() == "retry-after":
            try:
                seconds = float(value)
            except ValueError:
                return None
            return max(seconds, 0.0)
    return None
