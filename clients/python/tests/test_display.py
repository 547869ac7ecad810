"""A chart shows itself: its live embed when published, its SVG while not; show() saves and opens the PNG."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from charts_service import Chart

from .fake_api import CHART, FakeApi


def test_a_published_chart_shows_its_live_embed() -> None:
    api = FakeApi().queue(httpx.Response(200, json={**CHART, "published": {"embedUrl": "https://e.test/ch_1"}, "meta": {"h": 500}}))
    chart = api.client().charts.get("ch_1")
    html = chart._repr_html_()
    assert '<iframe src="https://e.test/ch_1"' in html
    assert 'height="500"' in html
    assert len(api.requests) == 1


def test_an_unpublished_chart_shows_its_svg() -> None:
    api = FakeApi().queue(httpx.Response(200, json=CHART), httpx.Response(200, text="<svg>drawn</svg>"))
    chart = api.client().charts.get("ch_1")
    assert chart._repr_html_() == "<svg>drawn</svg>"
    assert api.requests[1].url.path == "/v1/charts/ch_1/export/svg"


def test_a_chart_that_cannot_be_drawn_says_why_instead_of_raising() -> None:
    api = FakeApi().queue(
        httpx.Response(200, json=CHART), httpx.Response(422, json={"error": {"code": "invalid_data", "message": "No data."}})
    )
    assert "No data." in api.client().charts.get("ch_1")._repr_html_()


def test_show_saves_the_png_and_opens_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    api = FakeApi().queue(httpx.Response(200, json=CHART), httpx.Response(200, content=b"\x89PNG"))
    chart = api.client().charts.get("ch_1")
    path = chart.show(str(tmp_path / "seats.png"))
    assert Path(path).read_bytes() == b"\x89PNG"
    assert opened == [(tmp_path / "seats.png").resolve().as_uri()]


def test_a_chart_made_by_hand_still_has_a_repr() -> None:
    chart = Chart.from_api(CHART)
    assert "ch_1" in chart._repr_html_()
    with pytest.raises(RuntimeError):
        chart.show()
