"""Linked data (link, refresh), colour checks, and versions with their summaries, over a scripted API."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from charts_service import Chart, ColorCheck, ColorSuggestion, DataSource, InvalidData, Version

from .fake_api import CHART, FakeApi, error

LINK = {
    "url": "https://example.org/results.csv",
    "refreshMinutes": 15,
    "lastFetchedAt": "2026-11-28T10:00:00.000Z",
    "lastChangedAt": "2026-11-28T10:00:00.000Z",
    "lastStatus": "ok",
    "lastError": None,
    "nextRefreshAt": "2026-11-28T10:15:00.000Z",
}
LINKED = {**CHART, "dataSource": LINK, "version": 3}


def test_link_data_puts_the_url_as_json_and_reads_the_data_source() -> None:
    api = FakeApi().queue(httpx.Response(200, json=LINKED))
    chart = api.client().charts.link_data("ch_1", "https://example.org/results.csv", refresh_minutes=15)
    request = api.requests[0]
    assert (request.method, request.url.path, request.headers["Content-Type"]) == ("PUT", "/v1/charts/ch_1/data", "application/json")
    assert api.body() == {"url": "https://example.org/results.csv", "refreshMinutes": 15}
    assert isinstance(chart, Chart)
    source = chart.data_source
    assert isinstance(source, DataSource)
    assert (source.url, source.refresh_minutes, source.last_status, source.last_error) == (
        "https://example.org/results.csv",
        15,
        "ok",
        None,
    )
    assert source.next_refresh_at is not None and source.next_refresh_at.minute == 15


def test_link_data_leaves_the_schedule_to_the_service_unless_given() -> None:
    api = FakeApi().queue(httpx.Response(200, json=LINKED))
    api.client().charts.link_data("ch_1", "https://example.org/results.csv")
    assert api.body() == {"url": "https://example.org/results.csv"}


def test_link_data_refuses_an_empty_url_before_sending() -> None:
    api = FakeApi()
    with pytest.raises(ValueError, match="address"):
        api.client().charts.link_data("ch_1", "")
    assert api.requests == []


def test_a_source_that_cannot_be_read_raises_invalid_data_with_its_row() -> None:
    api = FakeApi().queue(error(422, "invalid_data", 'Column 2 ("seats") must hold numbers.', {"row": 4, "column": "seats"}))
    with pytest.raises(InvalidData) as caught:
        api.client().charts.link_data("ch_1", "https://example.org/results.csv")
    assert (caught.value.row, caught.value.column) == (4, "seats")


def test_refresh_posts_and_reads_how_the_read_went() -> None:
    failed = {**LINK, "lastStatus": "failed", "lastError": "HTTP 503: the site had an error"}
    api = FakeApi().queue(httpx.Response(200, json={**LINKED, "dataSource": failed}))
    chart = api.client().charts.refresh("ch_1")
    assert (api.requests[0].method, api.requests[0].url.path, api.requests[0].content) == ("POST", "/v1/charts/ch_1/data/refresh", b"")
    assert isinstance(chart, Chart) and chart.data_source is not None
    assert (chart.data_source.last_status, chart.data_source.last_error) == ("failed", "HTTP 503: the site had an error")


def test_a_chart_with_own_data_has_no_data_source() -> None:
    api = FakeApi().queue(httpx.Response(200, json={**CHART, "dataSource": None}))
    assert api.client().charts.get("ch_1").data_source is None


def test_checks_read_each_warning_and_its_suggestion() -> None:
    checks = {
        "checks": [
            {
                "id": "contrast:light:series:Greens",
                "level": "warning",
                "modes": ["light"],
                "message": 'Series "Greens" (#a8e6a1) has contrast 1.5:1 against the background #ffffff; marks need 3:1.',
                "colors": ["#a8e6a1", "#ffffff"],
                "suggestion": {"series": "Greens", "color": "#2e7d32"},
            },
            {"id": "contrast:dark:text:#555555:4.5", "level": "warning", "modes": ["dark"], "message": "Text…", "colors": ["#555555"]},
        ]
    }
    api = FakeApi().queue(httpx.Response(200, json=checks))
    found = api.client().charts.checks("ch_1")
    assert (api.requests[0].method, api.requests[0].url.path) == ("GET", "/v1/charts/ch_1/checks")
    assert found[0] == ColorCheck(
        id="contrast:light:series:Greens",
        level="warning",
        modes=["light"],
        message='Series "Greens" (#a8e6a1) has contrast 1.5:1 against the background #ffffff; marks need 3:1.',
        colors=["#a8e6a1", "#ffffff"],
        suggestion=ColorSuggestion(series="Greens", color="#2e7d32"),
    )
    assert found[1].suggestion is None


def test_versions_carry_their_summary_and_the_first_version_they_fold() -> None:
    listed = {
        "versions": [
            {
                "version": 5,
                "firstVersion": 3,
                "action": "update",
                "authorAccountId": "ac_1",
                "createdAt": "2026-11-28T10:00:00Z",
                "summary": "Title: 'A' → 'B'",
            },
            {"version": 1, "firstVersion": 1, "action": "create", "authorAccountId": "ac_1", "createdAt": "2026-11-28T09:00:00Z"},
        ]
    }
    api = FakeApi().queue(httpx.Response(200, json=listed))
    versions = api.client().charts.versions("ch_1")
    assert [(v.version, v.first_version, v.summary) for v in versions] == [(5, 3, "Title: 'A' → 'B'"), (1, 1, "")]
    assert isinstance(versions[0], Version)


def test_a_version_reads_the_chart_as_it_was_and_its_summary() -> None:
    detail = {
        "version": 2,
        "action": "update",
        "authorAccountId": "ac",
        "createdAt": "2026-11-22T10:15:30Z",
        "summary": "Kind: line → horizontal-bar",
        "chart": {**CHART, "meta": {"title": "Then"}},
    }
    api = FakeApi().queue(httpx.Response(200, json=detail))
    got = api.client().charts.version("ch_1", 2)
    assert (got.summary, got.chart.meta) == ("Kind: line → horizontal-bar", {"title": "Then"})


def test_the_async_client_links_refreshes_and_checks() -> None:
    api = FakeApi().queue(httpx.Response(200, json=LINKED), httpx.Response(200, json=LINKED), httpx.Response(200, json={"checks": []}))

    async def scenario() -> list[ColorCheck]:
        async with api.async_client() as client:
            await client.charts.link_data("ch_1", "https://example.org/results.csv", refresh_minutes=5)
            await client.charts.refresh("ch_1")
            return await client.charts.checks("ch_1")

    assert asyncio.run(scenario()) == []
    assert [(r.method, r.url.path) for r in api.requests] == [
        ("PUT", "/v1/charts/ch_1/data"),
        ("POST", "/v1/charts/ch_1/data/refresh"),
        ("GET", "/v1/charts/ch_1/checks"),
    ]
