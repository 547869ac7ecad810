"""The notebook's calls against a real service: title= and columns, the responsive embed, linked
data from a CSV served on this machine, refresh, colour checks, versions and restore, If-Match."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pandas as pd
import pytest

from charts_service import Chart, Client, InvalidData, PreconditionFailed, ServiceWarning, ValidationError

from .conftest import Service

SEATS = pd.DataFrame({"party": ["Labour", "Conservative", "Lib Dem"], "seats": [412, 121, 72]})


@dataclass
class CsvSource:
    """A CSV on this machine for the Worker to read: ``csv`` is what it serves now (None: HTTP 500)."""

    url: str
    csv: str | None = "party,seats\nGreens,19\nLabour,38\n"


@pytest.fixture
def source() -> Iterator[CsvSource]:
    served = CsvSource(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = served.csv
            if body is None:
                self.send_response(500)
                self.end_headers()
                self.wfile.write(b"down")
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/csv")
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, format: str, *args: object) -> None:
            del format, args

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    served.url = f"http://127.0.0.1:{server.server_address[1]}/seats.csv"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()


def _linked(client: Client, chart_id: str, source: CsvSource) -> Chart:
    try:
        linked = client.charts.link_data(chart_id, source.url, refresh_minutes=60)
    except ValidationError as refused:
        # A Worker reads loopback addresses only when LINKED_DATA_ALLOW_PRIVATE=true (src/linked-data/url-safety.ts).
        if "local or private address" in refused.message:
            pytest.skip(f"this wrangler dev refuses loopback sources (start it with LINKED_DATA_ALLOW_PRIVATE=true): {refused.message}")
        raise
    assert isinstance(linked, Chart)
    return linked


def test_title_and_column_make_vertical_bars_and_create_answers_the_meta(client: Client) -> None:
    made = client.charts.create(SEATS, kind="column", title="Who won the seats")
    chart = client.charts.get(made.id)
    assert (chart.kind, chart.name) == ("horizontal-bar", "Who won the seats")
    assert chart.meta is not None and chart.meta.get("orientation") == "vertical"
    assert made.meta == chart.meta


def test_a_published_chart_shows_the_services_responsive_snippet(client: Client) -> None:
    made = client.charts.create(SEATS, kind="column", title="Seats", meta={"w": 600, "h": 450})
    embed = client.charts.publish(made.id)
    assert embed._repr_html_() == embed.responsive_iframe
    shown = client.charts.get(made.id)._repr_html_()
    # The same frame the service's snippet has (600 by 450: 75%), and a loader the embed host serves.
    assert "padding-top:75.00%" in shown and "padding-top:75.00%" in embed.responsive_iframe
    assert f'src="{embed.embed_url}"' in shown
    loader = shown.split('<script async src="', 1)[1].split('"', 1)[0]
    answer = httpx.get(loader, timeout=60)
    assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]


def test_linked_data_is_read_now_refreshed_and_kept_when_the_source_fails(client: Client, source: CsvSource) -> None:
    chart_id = client.charts.create(SEATS, kind="column", title="Seats").id
    linked = _linked(client, chart_id, source)
    assert linked.data_source is not None
    assert (linked.data_source.url, linked.data_source.refresh_minutes, linked.data_source.last_status) == (source.url, 60, "ok")
    assert client.charts.export(chart_id, "csv").decode().splitlines()[1:] == ["Greens,19", "Labour,38"]

    source.csv = "party,seats\nGreens,19\nLabour,38\nTeal,7\n"
    refreshed = client.charts.refresh(chart_id)
    assert isinstance(refreshed, Chart) and refreshed.data_source is not None
    assert refreshed.data_source.last_status == "ok"
    assert "Teal,7" in client.charts.export(chart_id, "csv").decode()

    source.csv = None
    failed = client.charts.refresh(chart_id)
    assert isinstance(failed, Chart) and failed.data_source is not None
    assert failed.data_source.last_status == "failed"
    assert "500" in (failed.data_source.last_error or "")
    assert "Teal,7" in client.charts.export(chart_id, "csv").decode()

    # Own data ends the link; then nothing can refresh it.
    ended = client.charts.set_data(chart_id, SEATS)
    assert isinstance(ended, Chart) and ended.data_source is None
    with pytest.raises(InvalidData, match="own data"):
        client.charts.refresh(chart_id)


def test_a_source_the_service_cannot_use_stores_nothing(client: Client, source: CsvSource) -> None:
    chart_id = client.charts.create(SEATS, kind="column").id
    _linked(client, chart_id, source)
    other = client.charts.create(SEATS, kind="column").id
    source.csv = "party,seats\nGreens,many\n"
    with pytest.raises(InvalidData):
        client.charts.link_data(other, source.url)
    assert client.charts.get(other).data_source is None


def test_colour_checks_suggest_a_colour_that_clears_the_warning(client: Client) -> None:
    made = client.charts.create(SEATS, kind="column", meta={"seriesStyle": {"seats": {"color": "#fff8e1"}}})
    checks = client.charts.checks(made.id)
    washed_out = [c for c in checks if c.suggestion is not None and c.suggestion.series == "seats"]
    assert washed_out, [c.id for c in checks]
    assert "light" in washed_out[0].modes and "#fff8e1" in [color.lower() for color in washed_out[0].colors]
    suggestion = washed_out[0].suggestion
    assert suggestion is not None
    client.charts.update(made.id, meta={"seriesStyle": {"seats": {"color": suggestion.color}}})
    assert not [c for c in client.charts.checks(made.id) if c.suggestion is not None and c.suggestion.series == "seats"]


def test_checks_of_a_chart_without_data_is_invalid_data(client: Client) -> None:
    with pytest.raises(InvalidData, match="no data"):
        client.charts.checks(client.charts.create(kind="line", title="Empty").id)


def test_versions_summarise_restore_brings_one_back_and_if_match_guards_each_write(client: Client) -> None:
    made = client.charts.create(SEATS, kind="column", title="First")
    read = client.charts.get(made.id)
    assert read.version is not None
    second = client.charts.update(made.id, title="Second", if_match=read.version)
    assert isinstance(second, Chart) and second.version == read.version + 1
    with pytest.raises(PreconditionFailed) as stale:
        client.charts.update(made.id, title="Lost", if_match=read.version)
    assert (stale.value.status, stale.value.code) == (412, "precondition_failed")
    assert client.charts.get(made.id).name == "Second"

    versions = client.charts.versions(made.id)
    assert versions[0].version == second.version
    assert "First" in versions[0].summary and "Second" in versions[0].summary
    first = versions[-1].version
    assert client.charts.version(made.id, first).chart.name == "First"
    with pytest.raises(PreconditionFailed):
        client.charts.restore(made.id, first, if_match=read.version)
    restored = client.charts.restore(made.id, first, if_match=second.version)
    assert isinstance(restored, Chart) and restored.name == "First"
    assert client.charts.versions(made.id)[0].summary.startswith(f"Restored version {first}")

    with pytest.raises(PreconditionFailed):
        client.charts.delete(made.id, if_match=second.version)
    client.charts.delete(made.id, if_match=restored.version)


def test_update_removes_the_data_and_hands_the_roles_back(client: Client) -> None:
    made = client.charts.create(SEATS, kind="column", x="party", y="seats")
    assert client.charts.get(made.id).meta == {"orientation": "vertical", "columns": {"x": "party", "y": "seats"}}
    client.charts.update(made.id, columns={})
    assert not (client.charts.get(made.id).meta or {}).get("columns")
    emptied = client.charts.update(made.id, None)
    assert isinstance(emptied, Chart) and emptied.has_data is False


def test_the_cli_takes_json_after_the_command(service: Service) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "charts_service", "list", "--search", "Who won the seats", "--json"],
        env={"CHARTS_URL": service.url, "CHARTS_KEY": service.keys["editor"], "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert isinstance(json.loads(done.stdout), list)


def test_an_unknown_setting_is_stored_and_raised_as_a_service_warning(client: Client) -> None:
    with pytest.warns(ServiceWarning, match='"titel" — did you mean "title"') as caught:
        made = client.charts.create(SEATS, kind="column", meta={"titel": "Seats"})  # type: ignore[arg-type]
    assert {w.filename for w in caught} == {__file__}
    assert (client.charts.get(made.id).meta or {}).get("titel") == "Seats"
