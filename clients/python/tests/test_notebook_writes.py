"""The calls a notebook reads like: title=, kind="column", the meta a create answers, If-Match on
every write that honours it, and the service's warnings raised as ServiceWarning."""

from __future__ import annotations

import asyncio
import warnings

import httpx
import pytest

from charts_service import KIND_ALIASES, Chart, MetaPatch, PreconditionFailed, ServiceWarning, UnknownRole, WriteReceipt

from .fake_api import CHART, CREATED, FakeApi, error

SEATS = [{"party": "Labour", "seats": 412}, {"party": "Conservative", "seats": 121}]


def test_title_is_sent_as_meta_title_beside_the_other_settings() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    chart = api.client().charts.create(SEATS, kind="horizontal-bar", title="Who won the seats", meta={"subtitle": "2024"})
    assert api.body() == {
        "kind": "horizontal-bar",
        "data": "party,seats\nLabour,412\nConservative,121\n",
        "meta": {"subtitle": "2024", "title": "Who won the seats"},
    }
    assert chart.meta == {"subtitle": "2024", "title": "Who won the seats"}


def test_a_title_given_twice_is_refused_before_sending() -> None:
    api = FakeApi()
    with pytest.raises(TypeError, match="title is given twice"):
        api.client().charts.create(SEATS, title="A", meta={"title": "B"})
    assert api.requests == []


def test_column_is_a_horizontal_bar_drawn_vertically() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    chart = api.client().charts.create(SEATS, kind="column", title="Seats", x="party", y="seats")
    assert api.body()["kind"] == "horizontal-bar"
    assert api.body()["meta"] == {"orientation": "vertical", "title": "Seats", "columns": {"x": "party", "y": "seats"}}
    # The chart answered carries the meta sent, roles included.
    assert chart.meta == api.body()["meta"]
    assert KIND_ALIASES["column"] == ("horizontal-bar", {"orientation": "vertical"})


def test_an_alias_takes_its_kinds_roles() -> None:
    with pytest.raises(UnknownRole) as caught:
        FakeApi().client().charts.create(SEATS, kind="donut", x="party")
    assert caught.value.roles == ["label", "value"]


def test_an_alias_contradicted_by_meta_is_refused() -> None:
    api = FakeApi()
    with pytest.raises(TypeError, match="orientation"):
        api.client().charts.create(SEATS, kind="column", meta={"orientation": "horizontal"})
    assert api.requests == []


def test_update_turns_a_chart_into_columns_and_retitles_it() -> None:
    api = FakeApi().queue(httpx.Response(200, json=CHART))
    api.client().charts.update("ch_1", kind="column", title="Seats, 2024")
    assert api.body() == {"kind": "horizontal-bar", "meta": {"orientation": "vertical", "title": "Seats, 2024"}}


def test_a_create_without_settings_answers_empty_meta_not_none() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    assert api.client().charts.create(SEATS, kind="pie").meta == {}


def test_update_takes_a_typed_merge_patch_where_none_removes_a_setting() -> None:
    api = FakeApi().queue(httpx.Response(200, json=CHART))
    patch: MetaPatch = {"subtitle": None, "mode": "dark", "columns": {"x": "party", "y": ["seats"]}}
    api.client().charts.update("ch_1", meta=patch)
    assert api.body() == {"meta": {"subtitle": None, "mode": "dark", "columns": {"x": "party", "y": ["seats"]}}}


def test_update_removes_the_data_with_none_and_sends_if_match_as_an_etag() -> None:
    api = FakeApi().queue(httpx.Response(200, json=CHART))
    api.client().charts.update("ch_1", None, if_match=3)
    assert api.body() == {"data": None}
    assert api.requests[0].headers["If-Match"] == '"3"'


@pytest.mark.parametrize(("given", "sent"), [(7, '"7"'), ("7", '"7"'), ('"7"', '"7"'), ('W/"7"', 'W/"7"')])
def test_if_match_takes_a_version_or_an_etag(given: int | str, sent: str) -> None:
    api = FakeApi().queue(httpx.Response(200, json={"deleted": True}))
    api.client().charts.delete("ch_1", if_match=given)
    assert (api.requests[0].method, api.requests[0].headers["If-Match"]) == ("DELETE", sent)


def test_if_match_refuses_what_is_not_a_version() -> None:
    api = FakeApi()
    with pytest.raises(TypeError, match=r"chart\.version"):
        api.client().charts.delete("ch_1", if_match=True)
    assert api.requests == []


def test_every_write_that_honours_if_match_sends_it() -> None:
    embed = {"embedUrl": "https://e/ch_1/", "iframe": "", "script": "", "responsiveIframe": ""}
    api = FakeApi().queue(*[httpx.Response(200, json=CHART)] * 3, httpx.Response(200, json=embed), *[httpx.Response(200, json=CHART)] * 2)
    charts = api.client().charts
    charts.set_data("ch_1", "party,seats\nA,1\n", if_match=2)
    charts.link_data("ch_1", "https://example.org/seats.csv", if_match=2)
    charts.restore("ch_1", 1, if_match=2)
    charts.publish("ch_1", if_match=2)
    charts.unpublish("ch_1", if_match=2)
    charts.update("ch_1", title="T", if_match=2)
    sent = [(r.method, r.url.path, r.headers.get("If-Match")) for r in api.requests]
    assert sent == [
        ("PUT", "/v1/charts/ch_1/data", '"2"'),
        ("PUT", "/v1/charts/ch_1/data", '"2"'),
        ("POST", "/v1/charts/ch_1/versions/1/restore", '"2"'),
        ("POST", "/v1/charts/ch_1/publish", '"2"'),
        ("DELETE", "/v1/charts/ch_1/publish", '"2"'),
        ("PATCH", "/v1/charts/ch_1", '"2"'),
    ]


def test_a_write_without_if_match_sends_none() -> None:
    api = FakeApi().queue(httpx.Response(200, json=CHART))
    api.client().charts.update("ch_1", title="T")
    assert "If-Match" not in api.requests[0].headers


def test_a_stale_if_match_raises_precondition_failed_unretried() -> None:
    api = FakeApi().queue(error(412, "precondition_failed", 'If-Match does not match: the chart is now at version 5 (ETag "5").'))
    with pytest.raises(PreconditionFailed) as caught:
        api.client().charts.update("ch_1", title="T", if_match=4)
    assert (caught.value.status, caught.value.code) == (412, "precondition_failed")
    assert len(api.requests) == 1


def test_the_full_chart_carries_its_version_for_if_match() -> None:
    api = FakeApi().queue(httpx.Response(200, json={**CHART, "version": 9}))
    assert api.client().charts.get("ch_1").version == 9


def test_the_services_warnings_are_raised_at_the_callers_line() -> None:
    warned = {**CREATED, "warnings": ['unknown setting "titel" — did you mean "title"?']}
    api = FakeApi().queue(httpx.Response(201, json=warned), httpx.Response(200, json={**CHART, "warnings": ['unknown setting "sutbitle"']}))
    client = api.client()
    with pytest.warns(ServiceWarning) as caught:
        chart = client.charts.create(SEATS, meta={"titel": "Seats"})  # type: ignore[arg-type]
        client.charts.update("ch_1", meta={"sutbitle": "x"})  # type: ignore[arg-type]
    assert [str(w.message) for w in caught] == ['unknown setting "titel" — did you mean "title"?', 'unknown setting "sutbitle"']
    assert {w.filename for w in caught} == {__file__}
    assert issubclass(ServiceWarning, UserWarning)
    assert chart.id == "ch_1"


def test_an_answer_without_warnings_warns_nothing() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api.client().charts.create(SEATS)


def test_the_async_client_warns_at_the_callers_line_too() -> None:
    api = FakeApi().queue(httpx.Response(200, json={"id": "ch_1", "version": 2, "updatedAt": "2026-11-28T10:00:00Z", "warnings": ["w"]}))

    async def scenario() -> Chart | WriteReceipt:
        async with api.async_client() as client:
            return await client.charts.update("ch_1", title="T", if_match=1)

    with pytest.warns(ServiceWarning) as caught:
        receipt = asyncio.run(scenario())
    assert isinstance(receipt, WriteReceipt)
    assert [(str(w.message), w.filename) for w in caught] == [("w", __file__)]
    assert api.requests[0].headers["If-Match"] == '"1"'
