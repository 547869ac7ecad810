"""How a chart shows itself: in Jupyter (``_repr_html_``) its live embed when published, else its
SVG drawn now; in a plain script ``chart.show()`` saves its PNG and opens it in the system viewer.

Display is synchronous (Jupyter calls ``_repr_html_`` synchronously), so a chart read through the
async client fetches its SVG or PNG with a short-lived sync request on the same settings."""

from __future__ import annotations

import html
import tempfile
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import httpx

from ._http import Call, Config, SyncTransport
from .errors import ApiError

if TYPE_CHECKING:
    from .models import Chart


def _bytes(response: httpx.Response) -> bytes:
    return response.content


ExportRunner = Callable[[Call[bytes]], bytes]


def one_off_runner(config: Config) -> ExportRunner:
    """Runs each export on a short-lived sync client: for charts read through the async client."""

    def run(call: Call[bytes]) -> bytes:
        transport = SyncTransport(config)
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
            height = int(chart.meta.get("h", 400)) if chart.meta else 400
            return (
                f'<iframe src="{html.escape(chart.published.embed_url)}" title="{title}" '
                f'style="width:100%;max-width:100%;border:0" height="{height}" loading="lazy"></iframe>'
            )
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
