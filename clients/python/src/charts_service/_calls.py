"""Every API operation as a ``Call``: its method, path, body and how its answer is read. The sync
and async resources (``resources.py``) only run these, so both have the same surface and rules."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, Literal, cast
from urllib.parse import quote

import httpx

from ._http import Call, IfMatch, idempotency_key, if_match_header
from .display import Display
from .errors import InvalidId, warn_about
from .kinds import resolve_kind, with_implied_settings
from .meta import Meta
from .models import (
    Chart,
    ChartSummary,
    ColorCheck,
    DimensionValue,
    Embed,
    ExportFormat,
    Folder,
    SortOrder,
    Source,
    Statistic,
    Theme,
    Version,
    VersionDetail,
    WriteReceipt,
    chart_or_receipt,
)
from .roles import ColumnNames, ColumnRoles, check_roles, whole_roles_patch
from .tables import csv_for


class _Unset(Enum):
    UNSET = "UNSET"


UNSET: Final[_Unset] = _Unset.UNSET
"""Leaves a nullable field as it is (``folder_id=None`` would unfile the chart)."""

SeriesRef = Mapping[str, Any]
"""``{"statistic": id}`` or ``{"source": id, "select": {...}}``."""

TableData = Any
"""A pandas DataFrame, a list of dicts (rows), a list of rows whose first row is the header, or CSV text."""

Roles = dict[str, str | list[str]]

EXPORT_FORMATS: tuple[ExportFormat, ...] = ("png", "svg", "pdf", "csv")


_ID_TAIL = "[A-Za-z0-9_-]{1,64}"
_CHART_ID: Final = re.compile(f"ch_{_ID_TAIL}")
_FOLDER_ID: Final = re.compile(f"fd_{_ID_TAIL}")
_SHAPE = "followed by 1 to 64 letters, digits, _ or -"


def _id_segment(id: str, pattern: re.Pattern[str], expected: str) -> str:
    """An id as a path segment: refused (``InvalidId``) unless it is of its kind's shape, so ``.``,
    ``..`` or a folder id can never reach another route; escaped all the same."""
    if not isinstance(id, str) or pattern.fullmatch(id) is None:
        raise InvalidId("id", id, expected)
    return quote(id, safe="")


def _chart_segment(id: str) -> str:
    return _id_segment(id, _CHART_ID, f"a chart id (ch_ {_SHAPE})")


def _folder_segment(id: str) -> str:
    return _id_segment(id, _FOLDER_ID, f"a folder id (fd_ {_SHAPE})")


def _library_segment(argument: str, value: str) -> str:
    """A library id (a source, a dimension) as a path segment: any text but one a URL would fold away."""
    if not isinstance(value, str) or value in ("", ".", ".."):
        raise InvalidId(argument, value, f"a {argument} id (from sources.list())")
    return quote(value, safe="")


def _json(response: httpx.Response) -> dict[str, Any]:
    body = response.json()
    if not isinstance(body, dict):
        raise ValueError(f"Expected a JSON object from {response.request.method} {response.request.url.path}")
    return body


def _drop_unset(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in fields.items() if value is not UNSET}


def _series_and_role(series: Sequence[SeriesRef] | ColumnNames | None) -> tuple[list[dict[str, Any]] | None, ColumnNames | None]:
    """``series`` is library references (mappings), or the column role naming the series (a
    column name, as in a tidy table): both have the word, told apart by their type."""
    if series is None:
        return None, None
    if isinstance(series, str):
        return None, series
    items = list(series)
    if items and all(isinstance(item, str) for item in items):
        return None, [str(item) for item in items]
    references = [dict(item) for item in items if isinstance(item, Mapping)]
    if len(references) != len(items):
        raise TypeError("series takes library series ({'statistic': id} dicts) or the name of the column naming the series.")
    return references, None


@dataclass(frozen=True)
class ChartInput:
    """What ``create`` and ``update`` were given, sorted out: the API's kind, the data, library
    series, the column roles (from ``columns=``, the role keywords and a ``series`` column name),
    and the settings the other arguments stand for (``title=``, an alias kind's orientation)."""

    kind: str | None
    data: TableData
    series: list[dict[str, Any]] | None
    roles: Roles | None
    kind_name: str | None = None
    implied: Mapping[str, Any] | None = None
    title: str | None = None

    @staticmethod
    def of(
        kind_or_data: Any,
        kind: str | None,
        data: TableData,
        series: Sequence[SeriesRef] | ColumnNames | None,
        columns: ColumnRoles | None,
        role_arguments: Mapping[str, Any],
        default_kind: str | None = None,
        title: str | None = None,
    ) -> ChartInput:
        # A text first argument is the kind, as it always was; anything else there is the data.
        if isinstance(kind_or_data, str):
            if kind is not None:
                raise TypeError(f"The kind is given twice: {kind_or_data!r} and kind={kind!r}.")
            kind = kind_or_data
        elif kind_or_data is not None:
            if data is not None:
                raise TypeError("The data is given twice: as the first argument and as data=.")
            data = kind_or_data
        kind_name = kind or default_kind
        kind, implied = resolve_kind(kind_name)
        library_series, series_role = _series_and_role(series)
        given = dict(role_arguments)
        if series_role is not None:
            given["series"] = series_role
        twice = sorted(set(given) & set(columns or {}))
        if twice:
            raise TypeError(f"Role {', '.join(twice)} is given both in columns= and as a keyword argument.")
        roles = None if columns is None and not given else check_roles(kind, {**(columns or {}), **given})
        return ChartInput(kind, data, library_series, roles, kind_name, implied, title)

    def csv(self) -> str | None:
        return None if self.data is None else csv_for(self.data, self.roles)

    def meta(self, meta: Mapping[str, Any] | None, roles: Mapping[str, Any] | None) -> dict[str, Any] | None:
        """``meta`` with what the other arguments say: the title, an alias kind's settings, the roles."""
        merged = with_implied_settings(meta, self.implied or {}, self.kind_name)
        if self.title is not None:
            if merged is not None and "title" in merged:
                raise TypeError("The title is given twice: as title= and in meta['title'].")
            merged = {**(merged or {}), "title": self.title}
        return _meta_with_roles(merged, roles)


def _meta_with_roles(meta: Mapping[str, Any] | None, roles: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """``meta`` with the roles as ``meta.columns``; refused when both say the roles."""
    if roles is None:
        return None if meta is None else dict(meta)
    if meta is not None and "columns" in meta:
        raise TypeError("The roles are given twice: in meta['columns'] and as columns= or role keywords.")
    return {**(meta or {}), "columns": dict(roles)}


class Calls:
    def __init__(self, display: Display) -> None:
        self.display = display

    def _chart(self, response: httpx.Response) -> Chart:
        body = _json(response)
        warn_about(body)
        return Chart.from_api(body, self.display)

    def _chart_or_receipt(self, response: httpx.Response) -> Chart | WriteReceipt:
        body = _json(response)
        warn_about(body)
        return chart_or_receipt(body, self.display)

    def _created(self, sent_meta: Mapping[str, Any] | None) -> Callable[[httpx.Response], Chart]:
        """A create answers without ``meta``; the service stores the settings as sent (unknown keys
        kept), so the chart's ``meta`` is what was sent, unless a newer service answers it."""

        def parse(response: httpx.Response) -> Chart:
            body = _json(response)
            warn_about(body)
            chart = Chart.from_api(body, self.display)
            if chart.meta is None:
                chart.meta = cast(Meta, copy.deepcopy(dict(sent_meta or {})))
            return chart

        return parse

    # Charts

    def create_chart(self, given: ChartInput, meta: Mapping[str, Any] | None, folder_id: str | None, key: str | None) -> Call[Chart]:
        body: dict[str, Any] = {"kind": given.kind}
        if given.series is not None:
            body["series"] = given.series
        csv = given.csv()
        if csv is not None:
            body["data"] = csv
        # No roles at all (columns={}) is the same as none given: the service chooses them.
        merged = given.meta(meta, given.roles or None)
        if merged is not None:
            body["meta"] = merged
        if folder_id is not None:
            body["folderId"] = folder_id
        return Call("POST", "/v1/charts", self._created(merged), json_body=body, idempotent_key=idempotency_key(key))

    def get_chart(self, id: str) -> Call[Chart]:
        return Call("GET", f"/v1/charts/{_chart_segment(id)}", self._chart)

    def list_charts(self, search: str | None, folder_id: str | None, sort: SortOrder | None) -> Call[list[ChartSummary]]:
        params = {name: value for name, value in (("search", search), ("folderId", folder_id), ("sort", sort)) if value is not None}
        return Call("GET", "/v1/charts", lambda r: [ChartSummary.from_api(item) for item in _json(r)["charts"]], params=params)

    def update_chart(
        self,
        id: str,
        given: ChartInput,
        meta: Mapping[str, Any] | None,
        folder_id: str | _Unset | None,
        remove_data: bool = False,
        if_match: IfMatch = None,
    ) -> Call[Chart | WriteReceipt]:
        body = _drop_unset({"folderId": folder_id})
        if remove_data:
            body["data"] = None
        if given.kind is not None:
            body["kind"] = given.kind
        if given.series is not None:
            body["series"] = given.series
        csv = given.csv()
        if csv is not None:
            body["data"] = csv
        # meta is a merge patch: the roles go in whole, so none given before stays beside them.
        merged = given.meta(meta, None if given.roles is None else whole_roles_patch(given.roles))
        if merged is not None:
            body["meta"] = merged
        if not body:
            raise ValueError("update() needs at least one of data, kind, columns or roles, series, meta, title or folder_id.")
        path = f"/v1/charts/{_chart_segment(id)}"
        return Call("PATCH", path, self._chart_or_receipt, json_body=body, if_match=if_match_header(if_match))

    def delete_chart(self, id: str, if_match: IfMatch = None) -> Call[None]:
        return Call("DELETE", f"/v1/charts/{_chart_segment(id)}", lambda _r: None, if_match=if_match_header(if_match))

    def copy_chart(
        self,
        id: str,
        folder_id: str | _Unset | None,
        meta: Mapping[str, Any] | None,
        series: Sequence[SeriesRef] | None,
        data: str | None,
        key: str | None,
    ) -> Call[Chart | WriteReceipt]:
        body = _drop_unset({"folderId": folder_id})
        if meta is not None:
            body["meta"] = dict(meta)
        if series is not None:
            body["series"] = [dict(ref) for ref in series]
        if data is not None:
            body["data"] = data
        return Call(
            "POST", f"/v1/charts/{_chart_segment(id)}/copy", self._chart_or_receipt, json_body=body, idempotent_key=idempotency_key(key)
        )

    def set_data(self, id: str, data: TableData, if_match: IfMatch = None) -> Call[Chart | WriteReceipt]:
        path = f"/v1/charts/{_chart_segment(id)}/data"
        return Call("PUT", path, self._chart_or_receipt, csv_body=csv_for(data), if_match=if_match_header(if_match))

    def link_data(self, id: str, url: str, refresh_minutes: int | None, if_match: IfMatch = None) -> Call[Chart | WriteReceipt]:
        if not isinstance(url, str) or not url:
            raise ValueError("link_data() takes the file's address, e.g. https://example.org/results.csv.")
        body: dict[str, Any] = {"url": url}
        if refresh_minutes is not None:
            body["refreshMinutes"] = refresh_minutes
        path = f"/v1/charts/{_chart_segment(id)}/data"
        return Call("PUT", path, self._chart_or_receipt, json_body=body, if_match=if_match_header(if_match))

    def refresh_data(self, id: str) -> Call[Chart | WriteReceipt]:
        return Call("POST", f"/v1/charts/{_chart_segment(id)}/data/refresh", self._chart_or_receipt)

    def color_checks(self, id: str) -> Call[list[ColorCheck]]:
        return Call("GET", f"/v1/charts/{_chart_segment(id)}/checks", lambda r: [ColorCheck.from_api(c) for c in _json(r)["checks"]])

    def publish(self, id: str, key: str | None, if_match: IfMatch = None) -> Call[Embed]:
        return Call(
            "POST",
            f"/v1/charts/{_chart_segment(id)}/publish",
            lambda r: Embed.from_api(_json(r)),
            idempotent_key=idempotency_key(key),
            if_match=if_match_header(if_match),
        )

    def unpublish(self, id: str, if_match: IfMatch = None) -> Call[Chart | WriteReceipt]:
        path = f"/v1/charts/{_chart_segment(id)}/publish"
        return Call("DELETE", path, self._chart_or_receipt, if_match=if_match_header(if_match))

    def export(
        self,
        id: str,
        format: ExportFormat,
        scale: int | None,
        w: float | None,
        h: float | None,
        mode: Literal["light", "dark"] | None,
        transparent: bool | None,
    ) -> Call[bytes]:
        if format not in EXPORT_FORMATS:
            raise ValueError(f"format must be one of {', '.join(EXPORT_FORMATS)}, not {format!r}.")
        options = (("scale", scale), ("w", w), ("h", h), ("mode", mode), ("transparent", transparent))
        params = {name: value for name, value in options if value is not None}
        return Call("GET", f"/v1/charts/{_chart_segment(id)}/export/{format}", lambda r: r.content, params=params, accept="*/*")

    def versions(self, id: str) -> Call[list[Version]]:
        return Call("GET", f"/v1/charts/{_chart_segment(id)}/versions", lambda r: [Version.from_api(v) for v in _json(r)["versions"]])

    def version(self, id: str, n: int) -> Call[VersionDetail]:
        return Call("GET", f"/v1/charts/{_chart_segment(id)}/versions/{int(n)}", lambda r: VersionDetail.from_api(_json(r)))

    def restore(self, id: str, n: int, key: str | None, if_match: IfMatch = None) -> Call[Chart | WriteReceipt]:
        path = f"/v1/charts/{_chart_segment(id)}/versions/{int(n)}/restore"
        return Call("POST", path, self._chart_or_receipt, idempotent_key=idempotency_key(key), if_match=if_match_header(if_match))

    # Folders

    def list_folders(self) -> Call[list[Folder]]:
        return Call("GET", "/v1/folders", lambda r: [Folder.from_api(f) for f in _json(r)["folders"]])

    def get_folder(self, id: str) -> Call[Folder]:
        return Call("GET", f"/v1/folders/{_folder_segment(id)}", lambda r: Folder.from_api(_json(r)))

    def create_folder(self, name: str, parent_id: str | None, key: str | None) -> Call[Folder]:
        body: dict[str, Any] = {"name": name, **({"parentId": parent_id} if parent_id else {})}
        return Call("POST", "/v1/folders", lambda r: Folder.from_api(_json(r)), json_body=body, idempotent_key=idempotency_key(key))

    def update_folder(self, id: str, name: str | None, parent_id: str | _Unset | None) -> Call[Folder]:
        body = _drop_unset({"parentId": parent_id})
        if name is not None:
            body["name"] = name
        if not body:
            raise ValueError("update() needs name or parent_id.")
        return Call("PATCH", f"/v1/folders/{_folder_segment(id)}", lambda r: Folder.from_api(_json(r)), json_body=body)

    def delete_folder(self, id: str) -> Call[None]:
        return Call("DELETE", f"/v1/folders/{_folder_segment(id)}", lambda _r: None)

    # Themes, statistics, sources

    def list_themes(self) -> Call[list[Theme]]:
        return Call("GET", "/v1/themes", lambda r: [Theme.from_api(t) for t in _json(r)["themes"]])

    def search_statistics(self, search: str | None) -> Call[list[Statistic]]:
        params = {"search": search} if search else {}
        return Call("GET", "/v1/statistics", lambda r: [Statistic.from_api(s) for s in _json(r)["statistics"]], params=params)

    def list_sources(self) -> Call[list[Source]]:
        return Call("GET", "/v1/sources", lambda r: [Source.from_api(s) for s in _json(r)["sources"]])

    def dimension_values(self, source: str, dimension: str, search: str | None) -> Call[list[DimensionValue]]:
        path = f"/v1/sources/{_library_segment('source', source)}/dimensions/{_library_segment('dimension', dimension)}"
        params = {"search": search} if search else {}
        return Call("GET", path, lambda r: [DimensionValue.from_api(v) for v in _json(r)["values"]], params=params)
