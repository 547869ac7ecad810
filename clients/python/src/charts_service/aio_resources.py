"""The resources of the async client (``AsyncClient``): the same surface as ``resources.py``,
with ``async def``."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from ._calls import UNSET, Calls, SeriesRef, _Unset
from ._http import AsyncTransport
from .meta import Meta
from .models import (
    Chart,
    ChartKind,
    ChartSummary,
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


class _Resource:
    def __init__(self, transport: AsyncTransport, calls: Calls) -> None:
        self._transport = transport
        self._calls = calls


class AsyncCharts(_Resource):
    async def create(
        self,
        kind: ChartKind = "line",
        *,
        data: Any = None,
        series: Sequence[SeriesRef] | None = None,
        meta: Meta | None = None,
        folder_id: str | None = None,
        idempotency_key: str | None = None,
    ) -> Chart:
        """Makes a chart from ``data`` (a DataFrame, rows or CSV text, checked against ``kind``'s
        layout before sending) or from library ``series``. Sends an ``Idempotency-Key`` (one is made
        when none is given), so a retried create never makes two charts."""
        return await self._transport.run(self._calls.create_chart(kind, data, series, meta, folder_id, idempotency_key))

    async def get(self, id: str) -> Chart:
        return await self._transport.run(self._calls.get_chart(id))

    async def list(
        self, *, search: str | None = None, folder_id: str | None = None, sort: SortOrder | None = None
    ) -> builtins.list[ChartSummary]:
        return await self._transport.run(self._calls.list_charts(search, folder_id, sort))

    async def update(
        self,
        id: str,
        *,
        kind: ChartKind | None = None,
        series: Sequence[SeriesRef] | None = None,
        meta: Meta | dict[str, Any] | None = None,
        folder_id: str | _Unset | None = UNSET,
    ) -> Chart | WriteReceipt:
        """``meta`` is a JSON merge patch: the keys given change, ``None`` removes one."""
        return await self._transport.run(self._calls.update_chart(id, kind, series, meta, folder_id))

    async def delete(self, id: str) -> None:
        await self._transport.run(self._calls.delete_chart(id))

    async def copy(
        self,
        id: str,
        *,
        folder_id: str | _Unset | None = UNSET,
        meta: Meta | dict[str, Any] | None = None,
        series: Sequence[SeriesRef] | None = None,
        data: str | None = None,
        idempotency_key: str | None = None,
    ) -> Chart | WriteReceipt:
        return await self._transport.run(self._calls.copy_chart(id, folder_id, meta, series, data, idempotency_key))

    async def set_data(self, id: str, data: Any, *, kind: ChartKind | None = None) -> Chart | WriteReceipt:
        """Replaces the chart's data. A DataFrame or rows are checked against the chart's kind
        (read from the service unless ``kind`` is given) before sending."""
        if kind is None and not isinstance(data, (str, bytes)):
            kind = (await self.get(id)).kind
        return await self._transport.run(self._calls.set_data(id, kind or "table", data))

    async def publish(self, id: str, *, idempotency_key: str | None = None) -> Embed:
        """Publishes (or republishes) the live embed: its URL stays the same."""
        return await self._transport.run(self._calls.publish(id, idempotency_key))

    async def unpublish(self, id: str) -> Chart | WriteReceipt:
        return await self._transport.run(self._calls.unpublish(id))

    async def export(
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
        content = await self._transport.run(self._calls.export(id, format, scale, w, h, mode, transparent))
        if path is not None:
            Path(path).write_bytes(content)
        return content

    async def versions(self, id: str) -> builtins.list[Version]:
        return await self._transport.run(self._calls.versions(id))

    async def version(self, id: str, n: int) -> VersionDetail:
        return await self._transport.run(self._calls.version(id, n))

    async def restore(self, id: str, n: int, *, idempotency_key: str | None = None) -> Chart | WriteReceipt:
        return await self._transport.run(self._calls.restore(id, n, idempotency_key))


class AsyncFolders(_Resource):
    async def list(self) -> builtins.list[Folder]:
        return await self._transport.run(self._calls.list_folders())

    async def get(self, id: str) -> Folder:
        return await self._transport.run(self._calls.get_folder(id))

    async def create(self, name: str, *, parent_id: str | None = None, idempotency_key: str | None = None) -> Folder:
        return await self._transport.run(self._calls.create_folder(name, parent_id, idempotency_key))

    async def update(self, id: str, *, name: str | None = None, parent_id: str | _Unset | None = UNSET) -> Folder:
        return await self._transport.run(self._calls.update_folder(id, name, parent_id))

    async def delete(self, id: str) -> None:
        """Deletes the folder; its charts move up one level."""
        await self._transport.run(self._calls.delete_folder(id))


class AsyncThemes(_Resource):
    async def list(self) -> builtins.list[Theme]:
        return await self._transport.run(self._calls.list_themes())


class AsyncStatistics(_Resource):
    async def search(self, search: str | None = None) -> builtins.list[Statistic]:
        """Up to 25 library statistics matching ``search``."""
        return await self._transport.run(self._calls.search_statistics(search))


class AsyncSources(_Resource):
    async def list(self) -> builtins.list[Source]:
        return await self._transport.run(self._calls.list_sources())

    async def dimension_values(self, source: str, dimension: str, *, search: str | None = None) -> builtins.list[DimensionValue]:
        """Up to 30 values of one dimension of a source (for ``{"source", "select"}`` series)."""
        return await self._transport.run(self._calls.dimension_values(source, dimension, search))
