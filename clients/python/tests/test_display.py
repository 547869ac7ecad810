"""A chart shows itself: its live embed when published, its SVG while not; show() saves and opens the PNG."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from charts_service import Chart

from .fake_api import CHART, FakeApi


def test_a_published_chart_shows_the_services_responsive_snippet_at_its_aspect_ratio() -> None:
    published = {"embedUrl": "https://embed.test/ch_1/"}
    api = FakeApi().queue(httpx.Response(200, json={**CHART, "name": 'Seats "won"', "published": published, "meta": {"w": 640, "h": 480}}))
    chart = api.client().charts.get("ch_1")
    # The markup of src/domain/embed-snippet.ts: 480 / 640 = 75%, then the loader beside the chart's page.
    assert chart._repr_html_() == (
        '<div style="position:relative;width:100%;padding-top:75.00%">'
        '<iframe src="https://embed.test/ch_1/" title="Seats &quot;won&quot;" loading="lazy" '
        'style="position:absolute;inset:0;width:100%;height:100%;border:0" allowfullscreen></iframe></div>'
        '<script async src="https://embed.test/embed.js"></script>'
    )
    assert len(api.requests) == 1


def test_a_published_chart_without_a_size_uses_the_services_default_800_by_500() -> None:
    api = FakeApi().queue(httpx.Response(200, json={**CHART, "published": {"embedUrl": "https://embed.test/ch_1/"}, "meta": {}}))
    assert "padding-top:62.50%" in api.client().charts.get("ch_1")._repr_html_()


def test_a_snippet_the_service_answers_with_the_chart_is_shown_as_it_is() -> None:
    published = {"embedUrl": "https://embed.test/ch_1/", "responsiveIframe": "<div>the service's</div>"}
    api = FakeApi().queue(httpx.Response(200, json={**CHART, "published": published}))
    assert api.client().charts.get("ch_1")._repr_html_() == "<div>the service's</div>"


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
