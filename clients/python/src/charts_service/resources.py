"""The resources of the sync client (``Client``): charts, folders, themes, statistics, sources.
``aio_resources.py`` has the same surface with ``async def``."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from typing_extensions import Unpack

from ._calls import UNSET, Calls, ChartInput, SeriesRef, TableData, _Unset
from ._http import IfMatch, SyncTransport
from .kinds import KindName
from .meta import Meta, MetaPatch
from .models import (
    Chart,
    ChartKind,
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
)
from .roles import ColumnNames, ColumnRoles, RoleArguments


class _Resource:
    def __init__(self, transport: SyncTransport, calls: Calls) -> None:
        self._transport = transport
        self._calls = calls


class Charts(_Resource):
    def create(
        self,
        kind_or_data: KindName | TableData = None,
        /,
        *,
        kind: KindName | None = None,
        data: TableData = None,
        title: str | None = None,
        columns: ColumnRoles | None = None,
        series: Sequence[SeriesRef] | ColumnNames | None = None,
        meta: Meta | None = None,
        folder_id: str | None = None,
        idempotency_key: str | None = None,
        **roles: Unpack[RoleArguments],
    ) -> Chart:
        """Makes a chart (a ``kind``, ``"line"`` unless given) from ``data`` (a DataFrame, rows or CSV
        text; a DataFrame or rows may come first, ``create(df, kind="scatter", …)``) or from library
        ``series``. Which column plays which role goes in ``columns={"x": "year", …}`` or as role
        keywords (``x=``, ``y=``, ``series=`` naming a column, ``size=``, ``label=``, ``group=``,
        ``value=``…; a list for several), sent as ``meta.columns``; without them the service
        chooses the roles from the columns' types. A role the kind does not have raises
        ``UnknownRole`` before sending. ``title=`` is ``meta["title"]``; ``kind="column"`` draws
        vertical bars (``horizontal-bar`` with ``meta.orientation = "vertical"``; also ``"bar"``,
        ``"area"``, ``"donut"``, ``"stream"``). Sends an ``Idempotency-Key`` (one is made when none
        is given), so a retried create never makes two charts. The chart answered has ``meta`` as
        sent; the service's ``warnings`` (an unknown setting) are raised as ``ServiceWarning``."""
        given = ChartInput.of(kind_or_data, kind, data, series, columns, roles, default_kind="line", title=title)
        return self._transport.run(self._calls.create_chart(given, meta, folder_id, idempotency_key))

    def get(self, id: str) -> Chart:
        return self._transport.run(self._calls.get_chart(id))

    def list(
        self, *, search: str | None = None, folder_id: str | None = None, sort: SortOrder | None = None
    ) -> builtins.list[ChartSummary]:
        return self._transport.run(self._calls.list_charts(search, folder_id, sort))

    def update(
        self,
        id: str,
        data: TableData | _Unset = UNSET,
        *,
        kind: KindName | None = None,
        title: str | None = None,
        columns: ColumnRoles | None = None,
        series: Sequence[SeriesRef] | ColumnNames | None = None,
        meta: Meta | MetaPatch | None = None,
        folder_id: str | _Unset | None = UNSET,
        if_match: IfMatch = None,
        **roles: Unpack[RoleArguments],
    ) -> Chart | WriteReceipt:
        """Changes what is given, in one new version. ``meta`` is a JSON merge patch: the keys given
        change, ``None`` removes one. ``data`` (a DataFrame, rows or CSV text) replaces the chart's
        data; ``data=None`` removes it (own, linked or statistics). Roles (``columns=`` or role
        keywords, as in ``create``) replace the chart's roles whole; ``columns={}`` removes them, so
        the service chooses them again from the columns' types. New data is read with the new roles.
        ``if_match=chart.version`` writes only if nobody changed the chart since it was read
        (``PreconditionFailed`` otherwise)."""
        given = ChartInput.of(None, kind, None if data is UNSET else data, series, columns, roles, title=title)
        return self._transport.run(self._calls.update_chart(id, given, meta, folder_id, remove_data=data is None, if_match=if_match))

    def delete(self, id: str, *, if_match: IfMatch = None) -> None:
        self._transport.run(self._calls.delete_chart(id, if_match))

    def copy(
        self,
        id: str,
        *,
        folder_id: str | _Unset | None = UNSET,
        meta: Meta | MetaPatch | None = None,
        series: Sequence[SeriesRef] | None = None,
        data: str | None = None,
        idempotency_key: str | None = None,
    ) -> Chart | WriteReceipt:
        return self._transport.run(self._calls.copy_chart(id, folder_id, meta, series, data, idempotency_key))

    def set_data(self, id: str, data: TableData, *, kind: ChartKind | None = None, if_match: IfMatch = None) -> Chart | WriteReceipt:
        """Replaces the chart's data (a DataFrame, rows or CSV text), read with the chart's column
        roles; it ends a link. ``kind`` is not needed any more (the service reads the data); it is
        accepted so calls written for earlier versions keep working. To change the roles too, use
        ``update``."""
        del kind
        return self._transport.run(self._calls.set_data(id, data, if_match))

    def link_data(self, id: str, url: str, *, refresh_minutes: int | None = None, if_match: IfMatch = None) -> Chart | WriteReceipt:
        """Links the chart to a CSV, JSON rows or a published Google Sheet at ``url``: read now
        (``InvalidData`` naming the row and column, and nothing stored, when it cannot be used),
        then every ``refresh_minutes`` (1 to 1440; the service's default is 5), a published embed
        following it. ``chart.data_source`` says how the reads go; ``set_data`` or
        ``update(id, None)`` ends the link."""
        return self._transport.run(self._calls.link_data(id, url, refresh_minutes, if_match))

    def refresh(self, id: str) -> Chart | WriteReceipt:
        """Reads a linked chart's URL now: ``chart.data_source.last_status`` is ``"ok"`` (new data,
        a published embed redrawn), ``"unchanged"`` or ``"failed"`` (``last_error``; the last good
        data kept). A published chart on library statistics is redrawn from the library. A chart
        with its own data raises ``InvalidData``: nothing can refresh it."""
        return self._transport.run(self._calls.refresh_data(id))

    def checks(self, id: str) -> builtins.list[ColorCheck]:
        """The accessibility warnings about the chart's drawn colours in light and dark (low
        contrast, colours a colour-blind reader confuses, two series in one colour), each series'
        with a ``suggestion`` to set as ``meta.seriesStyle[series].color``. Empty when all is well;
        ``InvalidData`` for a chart without data."""
        return self._transport.run(self._calls.color_checks(id))

    def publish(self, id: str, *, idempotency_key: str | None = None, if_match: IfMatch = None) -> Embed:
        """Publishes (or republishes) the live embed: its URL stays the same. In Jupyter the answer
        shows the embed at the chart's height (``embed.responsive_iframe``)."""
        return self._transport.run(self._calls.publish(id, idempotency_key, if_match))

    def unpublish(self, id: str, *, if_match: IfMatch = None) -> Chart | WriteReceipt:
        return self._transport.run(self._calls.unpublish(id, if_match))

    def export(
        self,
        id: str,
        format: ExportFormat = "png",
        *,
        path: str | Path | None = None,
        scale: int | None = None,
        w: float | None = None,
        h: float | None = None,
        mode: Literal["light", "dark"] | None = None,
        transparent: bool | None = None,
    ) -> bytes:
        """The file's bytes; also written to ``path`` when given. A busy renderer (503) is retried."""
        content = self._transport.run(self._calls.export(id, format, scale, w, h, mode, transparent))
        if path is not None:
            Path(path).write_bytes(content)
        return content

    def versions(self, id: str) -> builtins.list[Version]:
        """The chart's history, newest first, each with a ``summary`` of what it changed."""
        return self._transport.run(self._calls.versions(id))

    def version(self, id: str, n: int) -> VersionDetail:
        """Version ``n`` with the chart as it was then (``detail.chart.meta``)."""
        return self._transport.run(self._calls.version(id, n))

    def restore(self, id: str, n: int, *, idempotency_key: str | None = None, if_match: IfMatch = None) -> Chart | WriteReceipt:
        """Brings version ``n`` back (kind, settings, series and data) as a new version."""
        return self._transport.run(self._calls.restore(id, n, idempotency_key, if_match))


class Folders(_Resource):
    def list(self) -> builtins.list[Folder]:
        return self._transport.run(self._calls.list_folders())

    def get(self, id: str) -> Folder:
        return self._transport.run(self._calls.get_folder(id))

    def create(self, name: str, *, parent_id: str | None = None, idempotency_key: str | None = None) -> Folder:
        return self._transport.run(self._calls.create_folder(name, parent_id, idempotency_key))

    def update(self, id: str, *, name: str | None = None, parent_id: str | _Unset | None = UNSET) -> Folder:
        return self._transport.run(self._calls.update_folder(id, name, parent_id))

    def delete(self, id: str) -> None:
        """Deletes the folder; its charts move up one level."""
        self._transport.run(self._calls.delete_folder(id))


class Themes(_Resource):
    def list(self) -> builtins.list[Theme]:
        return self._transport.run(self._calls.list_themes())


class Statistics(_Resource):
    def search(self, search: str | None = None) -> builtins.list[Statistic]:
        """Up to 25 library statistics matching ``search``."""
        return self._transport.run(self._calls.search_statistics(search))


class Sources(_Resource):
    def list(self) -> builtins.list[Source]:
        return self._transport.run(self._calls.list_sources())

    def dimension_values(self, source: str, dimension: str, *, search: str | None = None) -> builtins.list[DimensionValue]:
        """Up to 30 values of one dimension of a source (for ``{"source", "select"}`` series)."""
        return self._transport.run(self._calls.dimension_values(source, dimension, search))
