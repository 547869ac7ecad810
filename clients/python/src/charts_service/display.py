"""How a chart shows itself: in Jupyter (``_repr_html_``) its live embed when published, in the
service's own responsive snippet (as wide as the cell, as tall as the chart), else its SVG drawn
now; in a plain script ``chart.show()`` saves its PNG and opens it in the system viewer.

Display is synchronous (Jupyter calls ``_repr_html_`` synchronously), so a chart read through the
async client fetches its SVG or PNG with a short-lived sync request on the same settings."""

from __future__ import annotations

import html
import tempfile
import webbrowser
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from ._bookmark import Bookmark
from ._http import Call, Config, SyncTransport
from .errors import ApiError

if TYPE_CHECKING:
    from .models import Chart


def _bytes(response: httpx.Response) -> bytes:
    return response.content


DEFAULT_SIZE = (800.0, 500.0)
"""A chart's width and height when ``meta`` sets none (docs/rendering.md)."""


def _size(meta: Mapping[str, Any] | None) -> tuple[float, float]:
    def number(key: str, default: float) -> float:
        value = (meta or {}).get(key)
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else default

    return number("w", DEFAULT_SIZE[0]), number("h", DEFAULT_SIZE[1])


def responsive_snippet(embed_url: str, name: str, meta: Mapping[str, Any] | None) -> str:
    """The snippet publish answers as ``responsiveIframe``, for a chart read later: a frame as wide
    as its container at the chart's aspect ratio, and the embed host's loader (``/embed.js`` beside
    the chart's page), which then sizes the frame to the chart's content. The same markup as the
    service's (docs/embeds.md), so a notebook shows what a reader's page shows."""
    w, h = _size(meta)
    loader = f"{embed_url.rstrip('/').rsplit('/', 1)[0]}/embed.js"
    return (
        f'<div style="position:relative;width:100%;padding-top:{h / w * 100:.2f}%">'
        f'<iframe src="{html.escape(embed_url)}" title="{html.escape(name)}" loading="lazy" '
        'style="position:absolute;inset:0;width:100%;height:100%;border:0" allowfullscreen></iframe></div>'
        f'<script async src="{html.escape(loader)}"></script>'
    )


ExportRunner = Callable[[Call[bytes]], bytes]


def one_off_runner(config: Config, bookmark: Bookmark) -> ExportRunner:
    """Runs each export on a short-lived sync client: for charts read through the async client,
    with its bookmark, so a chart drawn right after a write is drawn as written."""

    def run(call: Call[bytes]) -> bytes:
        transport = SyncTransport(config, bookmark=bookmark)
        try:
            return transport.run(call)
        finally:
            transport.close()

    return run


class Display:
    def __init__(self, run: ExportRunner, opener: Callable[[str], object] | None = None) -> None:
        self.run = run
        self.opener = opener

    def _export(self, chart: Chart, format: str) -> bytes:
        return self.run(Call("GET", f"/v1/charts/{chart.id}/export/{format}", _bytes, accept="*/*"))

    def html(self, chart: Chart) -> str:
        title = html.escape(chart.name or chart.id)
        if chart.published:
            given = chart.published.responsive_iframe
            return given or responsive_snippet(chart.published.embed_url, chart.name or chart.id, chart.meta)
        if not chart.has_data:
            return f"<p><strong>{title}</strong> ({html.escape(chart.id)}) has no data yet.</p>"
        try:
            return self._export(chart, "svg").decode("utf-8")
        except ApiError as error:
            return f"<p><strong>{title}</strong> could not be drawn: {html.escape(str(error))}</p>"

    def show(self, chart: Chart, path: str | None = None) -> str:
        target = Path(path) if path else Path(tempfile.gettempdir()) / f"{chart.id}.png"
        target.write_bytes(self._export(chart, "png"))
        (self.opener or webbrowser.open)(target.resolve().as_uri())
        return str(target)
