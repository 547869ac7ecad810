"""Column roles: a DataFrame or rows with roles in one call, as ``columns=`` or role keywords, sent
as ``meta.columns``; a role the kind does not have refused before sending; roles replaced whole
in an update; the service's proposal reachable from its error."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pandas as pd
import pytest

from charts_service import EVERY_ROLE, KIND_ROLES, ChartKind, InvalidData, UnknownRole
from charts_service.roles import RoleArguments

from .fake_api import CHART, CREATED, FakeApi, error

GAPMINDER = pd.DataFrame(
    {
        "country": ["Albania", "Brazil"],
        "continent": ["Europe", "Americas"],
        "year": [2007, 2007],
        "lifeExp": [76.4, 72.4],
        "pop": [3600523, 190010647],
        "gdpPercap": [5937.0, 9065.8],
        "iso_alpha": ["ALB", "BRA"],
        "iso_num": [8, 76],
        "fertility": [1.6, 1.9],
        "cluster": [1, 3],
    }
)
TIDY = pd.DataFrame(
    {"country": ["China", "China", "India", "India"], "year": [2002, 2007, 2002, 2007], "lifeExp": [72.0, 73.0, 62.9, 64.7]}
)
TIDY_CSV = "country,year,lifeExp\nChina,2002,72\nChina,2007,73\nIndia,2002,62.9\nIndia,2007,64.7\n"


def test_a_dataframe_first_with_role_keywords_makes_a_scatter_in_one_request() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    api.client().charts.create(GAPMINDER, kind="scatter", x="gdpPercap", y="lifeExp", size="pop", label="country", group="continent")
    body = api.body()
    assert body["kind"] == "scatter"
    assert body["meta"] == {"columns": {"x": "gdpPercap", "y": "lifeExp", "size": "pop", "label": "country", "group": "continent"}}
    assert body["data"].splitlines()[0] == "country,continent,year,lifeExp,pop,gdpPercap,iso_alpha,iso_num,fertility,cluster"
    assert len(api.requests) == 1


def test_a_tidy_frame_in_one_call_with_series_naming_a_column() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    api.client().charts.create(TIDY, kind="line", x="year", y="lifeExp", series="country", meta={"title": "Life expectancy"})
    assert api.body() == {
        "kind": "line",
        "data": TIDY_CSV,
        "meta": {"title": "Life expectancy", "columns": {"x": "year", "y": "lifeExp", "series": "country"}},
    }


def test_columns_as_a_dict_and_a_list_for_several_and_rows_as_dicts() -> None:
    rows = [{"year": 2020, "CDU": 30.5, "SPD": 25.7, "note": "x"}, {"year": 2021, "CDU": 24.1, "SPD": 25.7, "note": ""}]
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    api.client().charts.create(rows, kind="line", columns={"x": "year", "y": ["CDU", "SPD"]})
    assert api.body()["meta"] == {"columns": {"x": "year", "y": ["CDU", "SPD"]}}
    assert api.body()["data"] == "year,CDU,SPD,note\n2020,30.5,25.7,x\n2021,24.1,25.7,\n"


def test_several_columns_from_a_frames_column_index() -> None:
    wide = pd.DataFrame({"year": [2020, 2021], "CDU": [30.5, 24.1], "SPD": [25.7, 25.7]})
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    api.client().charts.create(wide, kind="line", x="year", y=wide.columns[1:])
    assert api.body()["meta"] == {"columns": {"x": "year", "y": ["CDU", "SPD"]}}


def test_the_old_calls_keep_their_meaning() -> None:
    api = FakeApi().queue(*[httpx.Response(201, json=CREATED)] * 3)
    client = api.client()
    client.charts.create("pie", data=[{"a": "x", "b": 1}])
    client.charts.create(kind="pie", data="a,b\nx,1\n")
    client.charts.create(series=[{"statistic": "gapminder.life_expect.china"}])
    assert [api.body(i) for i in range(3)] == [
        {"kind": "pie", "data": "a,b\nx,1\n"},
        {"kind": "pie", "data": "a,b\nx,1\n"},
        {"kind": "line", "series": [{"statistic": "gapminder.life_expect.china"}]},
    ]


def test_a_role_the_kind_does_not_have_is_refused_before_sending_with_the_kinds_roles() -> None:
    api = FakeApi()
    bad: dict[str, Any] = {"sise": "pop"}  # a typo mypy would catch in a literal call
    with pytest.raises(UnknownRole) as caught:
        api.client().charts.create(GAPMINDER, kind="scatter", x="gdpPercap", y="lifeExp", **bad)
    assert (caught.value.role, caught.value.roles, caught.value.checked_locally) == ("sise", ["x", "y", "size", "label", "group"], True)
    assert '"sise" is not a role of a scatter chart; its roles are "x", "y", "size", "label", "group"' in str(caught.value)
    assert isinstance(caught.value, InvalidData)
    assert api.requests == []


def test_without_a_kind_the_roles_are_a_lines() -> None:
    bad: dict[str, Any] = {"size": "pop"}
    with pytest.raises(UnknownRole, match="not a role of a line chart"):
        FakeApi().client().charts.create(GAPMINDER, x="year", y="pop", **bad)


def test_a_role_naming_a_column_the_frame_lacks_is_refused_before_sending() -> None:
    api = FakeApi()
    with pytest.raises(InvalidData) as caught:
        api.client().charts.create(TIDY, kind="line", x="year", y="life_exp", series="country")
    assert caught.value.checked_locally
    assert caught.value.valid_columns == ["country", "year", "lifeExp"]
    assert '"life_exp" is not a column of the data' in caught.value.message
    assert api.requests == []


def test_roles_given_twice_are_refused() -> None:
    with pytest.raises(TypeError, match="given both"):
        FakeApi().client().charts.create(TIDY, kind="line", columns={"x": "year"}, x="year")
    with pytest.raises(TypeError, match="given twice"):
        FakeApi().client().charts.create(TIDY, kind="line", meta={"columns": {"x": "year"}}, y="lifeExp")


def test_update_sends_data_and_the_roles_whole_in_one_patch() -> None:
    api = FakeApi().queue(httpx.Response(200, json=CHART))
    api.client().charts.update("ch_1", TIDY, x="year", y="lifeExp", series="country", meta={"title": "New"})
    request = api.requests[0]
    assert (request.method, request.url.path) == ("PATCH", "/v1/charts/ch_1")
    body = api.body()
    assert body["data"] == TIDY_CSV
    assert body["meta"]["title"] == "New"
    columns = body["meta"]["columns"]
    assert {role: name for role, name in columns.items() if name is not None} == {"x": "year", "y": "lifeExp", "series": "country"}
    # Every other role is removed, so a size or group given before does not stay.
    assert set(columns) == set(EVERY_ROLE)


def test_update_with_empty_columns_removes_every_role() -> None:
    api = FakeApi().queue(httpx.Response(200, json=CHART))
    api.client().charts.update("ch_1", columns={})
    assert api.body() == {"meta": {"columns": dict.fromkeys(EVERY_ROLE)}}


def test_update_with_data_none_removes_the_data_and_without_data_leaves_it() -> None:
    api = FakeApi().queue(httpx.Response(200, json=CHART), httpx.Response(200, json=CHART))
    api.client().charts.update("ch_1", None)
    api.client().charts.update("ch_1", meta={"title": "Only the title"})
    assert [api.body(0), api.body(1)] == [{"data": None}, {"meta": {"title": "Only the title"}}]


def test_the_async_client_takes_the_same_arguments() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))

    async def scenario() -> None:
        async with api.async_client() as client:
            await client.charts.create(TIDY, kind="line", x="year", y="lifeExp", series="country")

    asyncio.run(scenario())
    assert api.body()["meta"] == {"columns": {"x": "year", "y": "lifeExp", "series": "country"}}


def test_the_services_proposal_is_reachable_from_its_error() -> None:
    proposal = {"x": "year", "y": "lifeExp", "series": "country"}
    details = {"columns": proposal, "validColumns": ["country", "year", "lifeExp"]}
    api = FakeApi().queue(error(422, "invalid_data", "Say which column names the series.", details))
    with pytest.raises(InvalidData) as caught:
        api.client().charts.create(TIDY, kind="line")
    assert caught.value.proposed_columns == proposal
    assert caught.value.valid_columns == ["country", "year", "lifeExp"]
    assert not caught.value.checked_locally


def test_the_chart_shows_its_roles_in_use() -> None:
    api = FakeApi().queue(httpx.Response(200, json={**CHART, "columns": {"x": "party", "y": ["seats"]}}))
    assert api.client().charts.get("ch_1").columns == {"x": "party", "y": ["seats"]}


def test_the_role_keywords_are_every_role_but_series() -> None:
    # series is a parameter of its own (it also takes library series); the rest come from KIND_ROLES.
    assert set(RoleArguments.__annotations__) == set(EVERY_ROLE) - {"series"}
    assert set(KIND_ROLES) == set(ChartKind.__args__)  # type: ignore[attr-defined]
