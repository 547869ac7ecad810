"""The ``charts`` command: create from a CSV file, publish, export; errors on stderr with status 1."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from charts_service.cli import run

from .fake_api import CREATED, FakeApi, error


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
