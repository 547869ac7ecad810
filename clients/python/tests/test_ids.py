"""Ids are checked before anything is sent: one not of its kind's shape never reaches a route."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from charts_service import Client, InvalidId, NotFound

from .fake_api import CHART, FakeApi

NOT_IDS = [".", "..", "", "%2e", "../folders/x", "ch_1/../..", "ch_", "ch_a.b", "ch_1?x=1", "ch_1#x", " ch_1", "ch_" + "x" * 65]


def chart_methods(client: Client) -> dict[str, Callable[[str], Any]]:
    charts = client.charts
    return {
        "get": charts.get,
        "update": lambda id: charts.update(id, meta={"title": "x"}),
        "delete": charts.delete,
        "copy": charts.copy,
        "set_data": lambda id: charts.set_data(id, "a,b\nx,1\n"),
        "set_data (kind given)": lambda id: charts.set_data(id, "a,b\nx,1\n", kind="horizontal-bar"),
        "publish": charts.publish,
        "unpublish": charts.unpublish,
        "export": lambda id: charts.export(id, "png"),
        "versions": charts.versions,
        "version": lambda id: charts.version(id, 1),
        "restore": lambda id: charts.restore(id, 1),
    }


@pytest.mark.parametrize("bad", [*NOT_IDS, "fd_1"])
def test_a_chart_id_not_of_the_shape_is_refused_before_sending_in_every_method(bad: str) -> None:
    api = FakeApi()
    for name, call in chart_methods(api.client()).items():
        with pytest.raises(InvalidId) as raised:
            call(bad)
        error = raised.value
        assert isinstance(error, NotFound), name
        assert (error.status, error.code, error.path, error.checked_locally) == (404, "not_found", "id", True), name
    assert api.requests == []


def test_the_message_names_the_argument_and_the_shape() -> None:
    with pytest.raises(InvalidId) as raised:
        FakeApi().client().charts.get(".")
    assert raised.value.message == 'id: "." is not a chart id (ch_ followed by 1 to 64 letters, digits, _ or -); nothing was sent.'


@pytest.mark.parametrize("bad", [*NOT_IDS, "ch_1"])
def test_a_folder_id_not_of_the_shape_is_refused_before_sending(bad: str) -> None:
    api = FakeApi()
    folders = api.client().folders
    calls: list[Callable[[str], Any]] = [folders.get, lambda id: folders.update(id, name="x"), folders.delete]
    for call in calls:
        with pytest.raises(InvalidId):
            call(bad)
    assert api.requests == []


@pytest.mark.parametrize(("source", "dimension"), [(".", "country"), ("gapminder", ".."), ("", "country")])
def test_a_library_id_a_url_would_fold_away_is_refused(source: str, dimension: str) -> None:
    api = FakeApi()
    with pytest.raises(InvalidId):
        api.client().sources.dimension_values(source, dimension)
    assert api.requests == []


def test_the_async_client_refuses_the_same_ids() -> None:
    api = FakeApi()

    async def scenario() -> None:
        async with api.async_client() as client:
            with pytest.raises(InvalidId):
                await client.charts.get("..")
            with pytest.raises(InvalidId):
                await client.folders.delete(".")

    asyncio.run(scenario())
    assert api.requests == []


def test_ids_of_the_shape_are_sent_as_they_are() -> None:
    api = FakeApi().queue(
        httpx.Response(200, json=CHART),
        httpx.Response(200, json={"id": "fd_x-1", "name": "F", "parentId": None, "workspaceId": "ws_1"}),
        httpx.Response(200, json={"values": []}),
    )
    client = api.client()
    client.charts.get("ch_AZaz09_-x")
    client.folders.get("fd_x-1")
    client.sources.dimension_values("a b", "c/d")
    assert [r.url.raw_path for r in api.requests] == [
        b"/v1/charts/ch_AZaz09_-x",
        b"/v1/folders/fd_x-1",
        b"/v1/sources/a%20b/dimensions/c%2Fd",
    ]
