"""``Client`` (sync) and ``AsyncClient``: the same resources, one over ``httpx.Client``, one over
``httpx.AsyncClient``. Both read ``CHARTS_URL`` and ``CHARTS_KEY`` when no address or key is given.

    from charts_service import Client
    client = Client("https://charts.example.org", "cs_…")
    chart = client.charts.create("horizontal-bar", data=df, meta={"title": "Seats"})
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from types import TracebackType

import httpx

from ._bookmark import Bookmark
from ._calls import Calls
from ._http import AsyncTransport, Config, RetryPolicy, SyncTransport
from .aio_resources import AsyncCharts, AsyncFolders, AsyncSources, AsyncStatistics, AsyncThemes
from .display import Display, one_off_runner
from .resources import Charts, Folders, Sources, Statistics, Themes


class Client:
    """The sync client. ``retry`` sets how 429/503 answers and network failures are retried;
    ``http`` lets a caller pass its own ``httpx.Client`` (proxies, a mock transport).

    Reads see this client's own writes: it keeps the latest ``X-D1-Bookmark`` the service answered
    (``client.bookmark``) and sends it on every read (docs/api.md). ``bookmark=`` starts from one
    another client was answered (a notebook resuming after a script wrote); ``read_your_writes=False``
    sends none (``client.bookmark`` is kept all the same). Safe to share across threads."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = None,
        retry: RetryPolicy | None = None,
        http: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        bookmark: str | None = None,
        read_your_writes: bool = True,
    ) -> None:
        self.config = Config.resolve(base_url, api_key, timeout, retry)
        self._bookmark = Bookmark(bookmark, send=read_your_writes)
        self._transport = SyncTransport(self.config, http, sleep, self._bookmark)
        calls = Calls(Display(self._transport.run))
        self.charts = Charts(self._transport, calls)
        self.folders = Folders(self._transport, calls)
        self.themes = Themes(self._transport, calls)
        self.statistics = Statistics(self._transport, calls)
        self.sources = Sources(self._transport, calls)

    def close(self) -> None:
        self._transport.close()

    @property
    def bookmark(self) -> str | None:
        """The latest ``X-D1-Bookmark`` the service answered this client (or the one it was given),
        None before any. Pass it as ``bookmark=`` to another client to read what this one wrote."""
        return self._bookmark.current

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Client({self.config.base_url!r})"


class AsyncClient:
    """The async client: ``await client.charts.create(…)``; ``async with AsyncClient() as client``.
    Keeps and sends ``X-D1-Bookmark`` as ``Client`` does (``client.bookmark``, ``bookmark=``,
    ``read_your_writes=``)."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = None,
        retry: RetryPolicy | None = None,
        http: httpx.AsyncClient | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        bookmark: str | None = None,
        read_your_writes: bool = True,
    ) -> None:
        self.config = Config.resolve(base_url, api_key, timeout, retry)
        self._bookmark = Bookmark(bookmark, send=read_your_writes)
        self._transport = AsyncTransport(self.config, http, sleep, self._bookmark)
        calls = Calls(Display(one_off_runner(self.config, self._bookmark)))
        self.charts = AsyncCharts(self._transport, calls)
        self.folders = AsyncFolders(self._transport, calls)
        self.themes = AsyncThemes(self._transport, calls)
        self.statistics = AsyncStatistics(self._transport, calls)
        self.sources = AsyncSources(self._transport, calls)

    async def close(self) -> None:
        await self._transport.close()

    @property
    def bookmark(self) -> str | None:
        """The latest ``X-D1-Bookmark`` the service answered this client (or the one it was given),
        None before any. Pass it as ``bookmark=`` to another client to read what this one wrote."""
        return self._bookmark.current

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        await self.close()

    def __repr__(self) -> str:
        return f"AsyncClient({self.config.base_url!r})"
