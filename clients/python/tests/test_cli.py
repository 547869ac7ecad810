"""The ``charts`` command: create from a CSV file, publish, export; errors on stderr with status 1."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from charts_service.cli import run

from .fake_api import CHART, CREATED, FakeApi, error


def test_create_with_an_alias_kind_title_and_publish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data.csv"
    data.write_text("party,seats\nA,1\n")
    embed = {"embedUrl": "https://e.test/ch_1", "iframe": "", "script": "", "responsiveIframe": ""}
    api = FakeApi().queue(httpx.Response(201, json=CREATED), httpx.Response(200, json=embed))
    code = run(["create", str(data), "--kind", "column", "--title", "Seats", "--publish"], client=api.client())
    assert code == 0
    assert capsys.readouterr().out == "ch_1\thttps://e.test/ch_1\n"
    assert api.body(0) == {"kind": "horizontal-bar", "data": "party,seats\nA,1\n", "meta": {"orientation": "vertical", "title": "Seats"}}
    assert api.requests[1].url.path == "/v1/charts/ch_1/publish"


def test_create_with_column_roles(tmp_path: Path) -> None:
    data = tmp_path / "data.csv"
    data.write_text("year,CDU,SPD,note\n2020,30,25,x\n")
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    assert run(["create", str(data), "--kind", "line", "--columns", "x=year", "y=CDU,SPD"], client=api.client()) == 0
    assert api.body(0)["meta"] == {"columns": {"x": "year", "y": ["CDU", "SPD"]}}


def test_export_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    api = FakeApi().queue(httpx.Response(200, content=b"a,b\n"))
    target = tmp_path / "out.csv"
    assert run(["export", "ch_1", "csv", "-o", str(target)], client=api.client()) == 0
    assert target.read_bytes() == b"a,b\n"


def test_an_api_error_goes_to_stderr_with_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    api = FakeApi().queue(error(404, "not_found", "No chart ch_x in this workspace."))
    assert run(["get", "ch_x"], client=api.client()) == 1
    assert capsys.readouterr().err == "charts: No chart ch_x in this workspace. (404 not_found)\n"


def test_an_unknown_kind_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as caught:
        run(["create", "x.csv", "--kind", "donuts"])
    assert caught.value.code == 2


LISTED = {
    "charts": [{"id": "ch_1", "name": "Seats", "kind": "pie", "updatedAt": "2026-11-28T10:00:00Z", "folderId": None, "published": None}]
}


@pytest.mark.parametrize("argv", [["--json", "list"], ["list", "--json"], ["list", "--search", "Seats", "--json"]])
def test_json_goes_before_or_after_the_command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    api = FakeApi().queue(httpx.Response(200, json=LISTED))
    assert run(argv, client=api.client()) == 0
    out = capsys.readouterr().out
    assert json.loads(out)[0]["id"] == "ch_1"


def test_without_json_a_list_prints_plain_lines(capsys: pytest.CaptureFixture[str]) -> None:
    api = FakeApi().queue(httpx.Response(200, json=LISTED))
    assert run(["list"], client=api.client()) == 0
    assert capsys.readouterr().out == "ch_1\tpie\tSeats\t-\n"


def test_url_and_key_after_the_command_reach_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str | None, str | None]] = []
    api = FakeApi().queue(httpx.Response(200, json=LISTED))

    def client(url: str | None, key: str | None) -> object:
        made.append((url, key))
        return api.client()

    monkeypatch.setattr("charts_service.cli.Client", client)
    assert run(["--url", "https://before.test", "list", "--key", "cs_after"]) == 0
    assert made == [("https://before.test", "cs_after")]


def test_link_refresh_checks_versions_and_restore(capsys: pytest.CaptureFixture[str]) -> None:
    source = {"url": "http://127.0.0.1:9/seats.csv", "refreshMinutes": 5, "lastStatus": "ok"}
    version = {"version": 2, "action": "data", "authorAccountId": "ac", "createdAt": "2026-11-28T10:00:00Z", "summary": "Data"}
    check = {"id": "same:A:B", "level": "warning", "modes": ["light"], "message": "A and B", "colors": []}
    api = FakeApi().queue(
        httpx.Response(200, json={**CHART, "dataSource": source}),
        httpx.Response(200, json={**CHART, "dataSource": {**source, "lastStatus": "unchanged"}}),
        httpx.Response(200, json={"checks": [check]}),
        httpx.Response(200, json={"versions": [version]}),
        httpx.Response(200, json=CHART),
    )
    client = api.client()
    assert run(["link", "ch_1", "http://127.0.0.1:9/seats.csv", "--every", "10"], client=client) == 0
    assert api.body(0) == {"url": "http://127.0.0.1:9/seats.csv", "refreshMinutes": 10}
    for argv in (["refresh", "ch_1"], ["checks", "ch_1"], ["versions", "ch_1"], ["restore", "ch_1", "2"]):
        assert run(argv, client=client) == 0
    assert [(r.method, r.url.path) for r in api.requests[1:]] == [
        ("POST", "/v1/charts/ch_1/data/refresh"),
        ("GET", "/v1/charts/ch_1/checks"),
        ("GET", "/v1/charts/ch_1/versions"),
        ("POST", "/v1/charts/ch_1/versions/2/restore"),
    ]
    assert capsys.readouterr().out.splitlines() == [
        "ch_1\tok",
        "ch_1\tunchanged",
        "same:A:B\tA and B",
        "2\t2026-11-28T10:00:00+00:00\tData",
        "ch_1",
    ]
