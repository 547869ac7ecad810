"""The client against a real service: every resource, the errors, and the five steps of the docs."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pandas as pd
import pytest

from charts_service import KIND_ROLES, AsyncClient, Chart, Client, InvalidData, InvalidId, NotFound, PlanRequired, ValidationError

from .conftest import Service

SEATS = pd.DataFrame({"party": ["Labour", "Conservative", "Lib Dem"], "seats": [412, 121, 72]})


def test_the_five_steps_dataframe_publish_png_list_not_found(client: Client) -> None:
    chart = client.charts.create("horizontal-bar", data=SEATS, meta={"title": "Who won the seats"})
    assert (chart.kind, chart.has_data, chart.published) == ("horizontal-bar", True, None)
    embed = client.charts.publish(chart.id)
    assert embed.embed_url.startswith("http") and chart.id in embed.embed_url
    assert "<iframe" in embed.iframe
    png = client.charts.export(chart.id, "png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    listed = {c.id: c for c in client.charts.list(search="Who won")}
    assert chart.id in listed
    assert listed[chart.id].published is not None
    with pytest.raises(NotFound) as caught:
        client.charts.get("ch_does_not_exist")
    assert (caught.value.status, caught.value.code) == (404, "not_found")


def test_dot_ids_are_refused_before_sending_and_the_service_answers_them_404(client: Client, service: Service) -> None:
    for id in (".", ".."):
        with pytest.raises(InvalidId):
            client.charts.get(id)
        with pytest.raises(InvalidId):
            client.folders.get(id)
    # httpx itself rewrites "/v1/charts/." to "/v1/charts" (the list) before sending; "%2E" it sends as is,
    # and the service folds it to "/v1/charts/", which names no route.
    for path in ("/v1/charts/%2E", "/v1/charts/%2e%2e", "/v1/folders/%2E", "/v1/charts/ch_x/%2e%2e"):
        answer = httpx.get(f"{service.url}{path}", headers={"Authorization": f"Bearer {service.keys['editor']}"}, timeout=120)
        assert answer.status_code == 404, path


def test_the_chart_reads_back_with_series_and_typed_meta_and_shows_itself(client: Client) -> None:
    made = client.charts.create("pie", data=[{"party": "A", "seats": 3}, {"party": "B", "seats": 5}], meta={"title": "Pie", "donut": True})
    chart = client.charts.get(made.id)
    assert chart.series == ["seats"]
    assert chart.meta is not None and chart.meta.get("donut") is True
    assert chart._repr_html_().lstrip().startswith("<svg")
    client.charts.publish(chart.id)
    assert "<iframe" in client.charts.get(chart.id)._repr_html_()


def test_the_servers_invalid_data_names_row_and_column(client: Client) -> None:
    with pytest.raises(InvalidData) as caught:
        client.charts.create("horizontal-bar", data="party,seats\nA,1\nB,many\n")
    assert caught.value.status == 422
    assert (caught.value.row, caught.value.column, caught.value.checked_locally) == (3, "seats", False)


def test_an_unknown_setting_is_refused_with_its_path(client: Client) -> None:
    # mypy refuses this call already ("sepia" is not one of Meta's modes); the service refuses it too.
    bad_meta: dict[str, str] = {"mode": "sepia"}
    with pytest.raises(ValidationError) as caught:
        client.charts.create("line", data="x,y\n1,2\n", meta=bad_meta)  # type: ignore[arg-type]
    assert caught.value.status == 422
    assert caught.value.path is not None and "mode" in caught.value.path


GAPMINDER = pd.DataFrame(
    {
        "country": ["Albania", "Brazil", "China", "Denmark"],
        "continent": ["Europe", "Americas", "Asia", "Europe"],
        "year": [2007] * 4,
        "lifeExp": [76.4, 72.4, 73.0, 78.3],
        "pop": [3600523, 190010647, 1318683096, 5468120],
        "gdpPercap": [5937.0, 9065.8, 4959.1, 35278.4],
        "iso_alpha": ["ALB", "BRA", "CHN", "DNK"],
        "iso_num": [8, 76, 156, 208],
        "fertility": [1.6, 1.9, 1.6, 1.8],
        "cluster": [1, 3, 2, 1],
    }
)
SCATTER_ROLES = {"x": "gdpPercap", "y": "lifeExp", "size": "pop", "label": "country", "group": "continent"}
TIDY = pd.DataFrame(
    {
        "country": ["China", "China", "India", "India", "Japan", "Japan"],
        "year": [2002, 2007, 2002, 2007, 2002, 2007],
        "lifeExp": [72.0, 73.0, 62.9, 64.7, 82.0, 82.6],
    }
)


def test_a_ten_column_frame_draws_a_bubble_scatter_from_the_roles_it_names(client: Client) -> None:
    made = client.charts.create(GAPMINDER, kind="scatter", x="gdpPercap", y="lifeExp", size="pop", label="country", group="continent")
    chart = client.charts.get(made.id)
    assert chart.columns == SCATTER_ROLES
    assert chart.meta is not None and chart.meta.get("columns") == SCATTER_ROLES
    assert chart.series == ["lifeExp", "pop"]
    # The points are labelled by country and coloured by continent (its legend).
    svg = client.charts.export(made.id, "svg").decode()
    assert all(name in svg for name in ("Denmark", "Americas", "Asia"))


def test_a_tidy_frame_without_roles_draws_one_line_per_country(client: Client) -> None:
    made = client.charts.create(TIDY, kind="line", meta={"title": "Life expectancy"})
    chart = client.charts.get(made.id)
    assert chart.series == ["China", "India", "Japan"]
    assert chart.columns == {"x": "year", "y": "lifeExp", "series": "country"}
    assert client.charts.export(made.id, "csv").decode().startswith("country,year,lifeExp")


def test_update_replaces_data_and_roles_in_one_version(client: Client) -> None:
    made = client.charts.create(GAPMINDER, kind="scatter", columns=SCATTER_ROLES)
    before = len(client.charts.versions(made.id))
    client.charts.update(made.id, TIDY, kind="line", x="year", y="lifeExp", series="country")
    chart = client.charts.get(made.id)
    assert (chart.kind, chart.series) == ("line", ["China", "India", "Japan"])
    # The scatter's size, label and group were removed with the new roles (else the line would be refused).
    assert chart.columns == {"x": "year", "y": "lifeExp", "series": "country"}
    assert len(client.charts.versions(made.id)) == before + 1


def test_an_ambiguous_table_is_refused_with_roles_proposed(client: Client) -> None:
    numbers = pd.DataFrame({"a": [1, 2, 3], "b": [4, 5, 6], "c": [7, 8, 9], "d": [1, 3, 2], "e": [5, 4, 6]})
    with pytest.raises(InvalidData) as caught:
        client.charts.create(numbers, kind="scatter")
    proposal = caught.value.proposed_columns
    assert proposal is not None and set(proposal) <= set(KIND_ROLES["scatter"])
    assert caught.value.valid_columns == ["a", "b", "c", "d", "e"]
    assert client.charts.get(client.charts.create(numbers, kind="scatter", columns=proposal).id).columns == proposal


@pytest.mark.parametrize("kind", sorted(KIND_ROLES))
def test_each_kinds_roles_are_the_services(client: Client, kind: str) -> None:
    # meta is sent as it is (only role arguments are checked here), so the service names the kind's roles.
    with pytest.raises(InvalidData) as caught:
        client.charts.create(kind, data="a,b\nx,1\n", meta={"columns": {"no_such_role": "a"}})
    listed = caught.value.message.split("its roles are ", 1)[1]
    assert [name.strip(' ".') for name in listed.split(",")] == list(KIND_ROLES[kind])  # type: ignore[index]


def test_update_data_versions_restore_copy_exports_and_delete(client: Client, tmp_path: Path) -> None:
    chart = client.charts.create("line", data=[["year", "a"], [2020, 1], [2021, 2]], meta={"title": "First"})
    updated = client.charts.update(chart.id, meta={"title": "Second"})
    assert isinstance(updated, Chart) and updated.name == "Second"
    client.charts.set_data(chart.id, pd.DataFrame({"a": [3, 4], "b": [5, 6]}, index=pd.Index([2022, 2023], name="year")))
    assert client.charts.get(chart.id).series == ["a", "b"]
    versions = client.charts.versions(chart.id)
    assert [v.action for v in versions][-1] == "create"
    first = versions[-1].version
    assert client.charts.version(chart.id, first).chart.name == "First"
    restored = client.charts.restore(chart.id, first)
    assert isinstance(restored, Chart) and restored.name == "First" and restored.series == ["a"]
    assert client.charts.export(chart.id, "svg").lstrip().startswith(b"<svg")
    assert client.charts.export(chart.id, "pdf", path=tmp_path / "c.pdf")[:5] == b"%PDF-"
    assert (tmp_path / "c.pdf").stat().st_size > 100
    assert client.charts.export(chart.id, "csv").decode().startswith("year,a")
    copy = client.charts.copy(chart.id, meta={"title": "Copy"})
    assert copy.id != chart.id
    client.charts.delete(copy.id)
    with pytest.raises(NotFound):
        client.charts.get(copy.id)


def test_a_repeated_idempotency_key_makes_one_chart(client: Client) -> None:
    first = client.charts.create("pie", data="a,b\nx,1\n", idempotency_key="python-client-once")
    second = client.charts.create("pie", data="a,b\nx,1\n", idempotency_key="python-client-once")
    assert first.id == second.id


def test_folders_themes_statistics_sources(client: Client) -> None:
    parent = client.folders.create("Elections")
    child = client.folders.create("2024", parent_id=parent.id)
    assert child.parent_id == parent.id
    chart = client.charts.create("pie", data="a,b\nx,1\n", folder_id=child.id)
    assert [c.id for c in client.charts.list(folder_id=child.id)] == [chart.id]
    assert client.folders.update(child.id, name="GE 2024").name == "GE 2024"
    client.folders.delete(child.id)
    assert client.charts.get(chart.id).folder_id == parent.id
    assert any(f.id == parent.id for f in client.folders.list())
    themes = client.themes.list()
    assert any(t.built_in for t in themes)
    assert isinstance(client.statistics.search("population"), list)
    assert isinstance(client.sources.list(), list)


def test_a_free_accounts_key_gets_plan_required(service: Service) -> None:
    with service.client("free") as free, pytest.raises(PlanRequired) as caught:
        free.charts.list()
    assert (caught.value.status, caught.value.code) == (403, "plan_required")


def test_the_async_client_does_the_same(service: Service) -> None:
    async def scenario() -> tuple[str, bytes]:
        async with AsyncClient(service.url, service.keys["editor"]) as client:
            chart = await client.charts.create("horizontal-bar", data=SEATS)
            embed = await client.charts.publish(chart.id)
            png = await client.charts.export(chart.id, "png", scale=1)
            with pytest.raises(NotFound):
                await client.charts.get("ch_missing")
            return embed.embed_url, png

    url, png = asyncio.run(scenario())
    assert url.startswith("http") and png[:4] == b"\x89PNG"


def test_the_cli_creates_and_publishes(service: Service, tmp_path: Path) -> None:
    data = tmp_path / "data.csv"
    data.write_text("party,seats\nA,1\nB,2\n")
    done = subprocess.run(
        [sys.executable, "-m", "charts_service", "create", str(data), "--kind", "bar", "--title", "From the shell", "--publish"],
        env={"CHARTS_URL": service.url, "CHARTS_KEY": service.keys["editor"], "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    chart_id, embed_url = done.stdout.strip().split("\t")
    assert chart_id.startswith("ch_") and embed_url.startswith("http")


def test_the_typed_meta_matches_the_published_schema(service: Service) -> None:
    script = Path(__file__).resolve().parents[2] / "scripts" / "generate_meta.py"
    done = subprocess.run([sys.executable, str(script), service.url, "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_reads_carry_the_bookmark_a_write_was_answered_and_another_client_resumes_from_it(service: Service) -> None:
    # D1's bookmark shape (src/http/d1-session.ts); bookmarks sort in the order they were made.
    shape = r"^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$"
    sent: list[tuple[str, str | None]] = []

    def record(request: httpx.Request) -> None:
        sent.append((request.method, request.headers.get("X-D1-Bookmark")))

    writer = Client(service.url, service.keys["editor"], http=httpx.Client(timeout=120, event_hooks={"request": [record]}))
    assert writer.bookmark is None
    chart = writer.charts.create("horizontal-bar", data=SEATS, meta={"title": "Bookmarked"})
    written = writer.bookmark
    assert written is not None and re.match(shape, written)
    writer.charts.update(chart.id, title="Bookmarked again", if_match=1)
    updated = writer.bookmark
    assert updated is not None and updated >= written
    writer.charts.get(chart.id)
    assert sent == [("POST", None), ("PATCH", None), ("GET", updated)]
    assert writer.bookmark is not None and writer.bookmark >= updated

    resumed = Client(service.url, service.keys["editor"], bookmark=writer.bookmark)
    read = resumed.charts.get(chart.id)
    assert read.meta is not None and read.meta.get("title") == "Bookmarked again"
