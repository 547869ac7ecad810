"""The sync client against a scripted API: what it sends, how it reads answers and errors, how it retries."""

from __future__ import annotations

import httpx
import pytest

from charts_service import (
    UNSET,
    ApiError,
    Chart,
    Client,
    ConnectionFailed,
    ExportBusy,
    Forbidden,
    InvalidData,
    NotFound,
    PlanRequired,
    RateLimited,
    RetryPolicy,
    ValidationError,
    WriteReceipt,
)

from .fake_api import CHART, CREATED, FakeApi, error


def test_create_sends_the_body_with_an_idempotency_key_and_reads_the_chart() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    chart = api.client().charts.create("horizontal-bar", data="party,seats\nA,1\n", meta={"title": "Seats"}, folder_id="fo_1")
    request = api.requests[0]
    assert (request.method, request.url.path) == ("POST", "/v1/charts")
    assert request.headers["Authorization"] == "Bearer cs_test"
    assert request.headers["Content-Type"] == "application/json"
    assert len(request.headers["Idempotency-Key"]) == 36
    assert api.body() == {"kind": "horizontal-bar", "data": "party,seats\nA,1\n", "meta": {"title": "Seats"}, "folderId": "fo_1"}
    assert isinstance(chart, Chart)
    # The create answer carries no meta: the chart's is what was sent, which the service stores as given.
    assert (chart.id, chart.kind, chart.has_data, chart.published, chart.series, chart.meta) == (
        "ch_1",
        "horizontal-bar",
        True,
        None,
        None,
        {"title": "Seats"},
    )


def test_a_retried_create_sends_the_same_idempotency_key_after_retry_after() -> None:
    api = FakeApi().queue(
        error(503, "service_unavailable", "Try again.", headers={"Retry-After": "2"}),
        error(429, "rate_limited", "Slow down.", headers={"Retry-After": "3"}),
        httpx.Response(201, json=CREATED),
    )
    api.client().charts.create("horizontal-bar", data="a,b\nx,1\n", idempotency_key="my-key")
    assert [r.headers["Idempotency-Key"] for r in api.requests] == ["my-key"] * 3
    assert api.sleeps == [2.0, 3.0]


def test_rate_limited_past_the_budget_raises_with_retry_after() -> None:
    api = FakeApi().queue(*[error(429, "rate_limited", "Over 300 requests a minute.", headers={"Retry-After": "40"})] * 3)
    client = Client(
        "https://charts.test",
        "cs_test",
        retry=RetryPolicy(budget_seconds=60),
        http=httpx.Client(transport=httpx.MockTransport(api.handle)),
        sleep=api.sleeps.append,
    )
    with pytest.raises(RateLimited) as caught:
        client.charts.list()
    assert caught.value.retry_after == 40.0
    assert (caught.value.status, caught.value.code, caught.value.message) == (429, "rate_limited", "Over 300 requests a minute.")
    # The second wait would pass the 60 s budget: one retry, then the error.
    assert api.sleeps == [40.0]
    assert len(api.requests) == 2


def test_export_busy_is_retried_then_answers_the_file(tmp_path: object) -> None:
    api = FakeApi().queue(
        error(503, "export_busy", "Two exports are rendering.", headers={"Retry-After": "5"}),
        httpx.Response(200, content=b"\x89PNG...", headers={"Content-Type": "image/png"}),
    )
    content = api.client().charts.export("ch_1", "png", scale=3, transparent=True)
    assert content == b"\x89PNG..."
    assert api.requests[-1].url.path == "/v1/charts/ch_1/export/png"
    assert dict(api.requests[-1].url.params) == {"scale": "3", "transparent": "true"}
    assert api.sleeps == [5.0]


def test_export_busy_without_retries_is_its_own_class() -> None:
    api = FakeApi().queue(error(503, "export_busy", "Busy.", headers={"Retry-After": "5"}))
    client = Client(
        "https://charts.test", "cs_test", retry=RetryPolicy(max_retries=0), http=httpx.Client(transport=httpx.MockTransport(api.handle))
    )
    with pytest.raises(ExportBusy) as caught:
        client.charts.export("ch_1", "svg")
    assert caught.value.retry_after == 5.0


def test_export_writes_the_file_when_given_a_path(tmp_path: pytest.TempPathFactory) -> None:
    api = FakeApi().queue(httpx.Response(200, content=b"%PDF-1.7"))
    target = f"{tmp_path}/chart.pdf"
    api.client().charts.export("ch_1", "pdf", path=target)
    with open(target, "rb") as file:
        assert file.read() == b"%PDF-1.7"


def test_an_unknown_export_format_fails_before_sending() -> None:
    api = FakeApi()
    with pytest.raises(ValueError, match="png, svg, pdf, csv"):
        api.client().charts.export("ch_1", "gif")  # type: ignore[arg-type]
    assert api.requests == []


@pytest.mark.parametrize(
    ("status", "code", "cls"),
    [
        (404, "not_found", NotFound),
        (403, "plan_required", PlanRequired),
        (403, "forbidden", Forbidden),
        (422, "invalid_kind", ValidationError),
        (418, "teapot", ApiError),
    ],
)
def test_each_error_code_raises_its_class_with_status_code_and_message(status: int, code: str, cls: type[ApiError]) -> None:
    api = FakeApi().queue(error(status, code, "What the API said.", {"path": "kind"}))
    with pytest.raises(cls) as caught:
        api.client().charts.get("ch_x")
    raised = caught.value
    assert raised.status == status
    assert raised.code == code
    assert raised.message == "What the API said."
    assert "What the API said." in str(raised)
    assert len(api.requests) == 1  # 4xx answers are never retried


def test_plan_required_is_also_forbidden() -> None:
    assert issubclass(PlanRequired, Forbidden)


def test_the_servers_invalid_data_names_its_row_and_column() -> None:
    api = FakeApi().queue(error(422, "invalid_data", 'Column 2 ("seats") must hold numbers.', {"row": 3, "column": "seats"}))
    with pytest.raises(InvalidData) as caught:
        api.client().charts.create("horizontal-bar", data="party,seats\nA,1\nB,x\n")
    assert (caught.value.row, caught.value.column, caught.value.checked_locally) == (3, "seats", False)
    assert 'row 3, column "seats"' in str(caught.value)


def test_a_body_that_is_not_the_error_shape_still_raises_by_status() -> None:
    api = FakeApi().queue(httpx.Response(404, text="<html>gone</html>"))
    with pytest.raises(NotFound) as caught:
        api.client().charts.get("ch_x")
    assert caught.value.code == "http_404"


def test_network_failures_are_retried_then_raised_as_connection_failed() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    api = FakeApi().queue(*[refuse] * 5)
    with pytest.raises(ConnectionFailed):
        api.client().charts.list()
    assert len(api.requests) == 5
    assert len(api.sleeps) == 4


def test_list_passes_its_filters_and_reads_items() -> None:
    item = {
        "id": "ch_1",
        "name": "Seats",
        "kind": "pie",
        "updatedAt": "2026-11-22T10:15:30.123Z",
        "folderId": None,
        "published": {"embedUrl": "https://e/ch_1"},
        "futureField": 1,
    }
    api = FakeApi().queue(httpx.Response(200, json={"charts": [item]}))
    charts = api.client().charts.list(search="seats", folder_id="fo_1", sort="name")
    assert dict(api.requests[0].url.params) == {"search": "seats", "folderId": "fo_1", "sort": "name"}
    assert charts[0].published is not None and charts[0].published.embed_url == "https://e/ch_1"
    assert charts[0].updated_at.year == 2026


def test_update_leaves_the_folder_alone_unless_asked_and_reads_a_receipt() -> None:
    api = FakeApi().queue(
        httpx.Response(200, json=CHART),
        httpx.Response(200, json={"id": "ch_1", "version": 4, "updatedAt": "2026-11-22T10:15:30.123Z"}),
    )
    client = api.client()
    updated = client.charts.update("ch_1", meta={"title": "New"})
    assert api.body(0) == {"meta": {"title": "New"}}
    assert isinstance(updated, Chart) and updated.series == ["seats"]
    receipt = client.charts.update("ch_1", folder_id=None)
    assert api.body(1) == {"folderId": None}
    assert isinstance(receipt, WriteReceipt) and receipt.version == 4
    with pytest.raises(ValueError):
        client.charts.update("ch_1", folder_id=UNSET)


def test_publish_sends_an_idempotency_key_and_reads_the_embed() -> None:
    embed = {"embedUrl": "https://e/ch_1", "iframe": "<iframe></iframe>", "script": "<script></script>", "responsiveIframe": "x"}
    api = FakeApi().queue(httpx.Response(200, json=embed))
    published = api.client().charts.publish("ch_1")
    assert api.requests[0].url.path == "/v1/charts/ch_1/publish"
    assert "Idempotency-Key" in api.requests[0].headers
    assert published.embed_url == "https://e/ch_1"
    # The notebook shows the snippet that keeps the frame as tall as the chart.
    assert published._repr_html_() == "x"


def test_versions_and_restore_use_integer_paths() -> None:
    api = FakeApi().queue(
        httpx.Response(
            200, json={"version": 2, "action": "update", "authorAccountId": "ac", "createdAt": "2026-11-22T10:15:30Z", "chart": CHART}
        ),
        httpx.Response(200, json=CHART),
    )
    client = api.client()
    detail = client.charts.version("ch_1", 2)
    assert detail.chart.meta == {"title": "Seats"}
    client.charts.restore("ch_1", 2)
    assert [r.url.path for r in api.requests] == ["/v1/charts/ch_1/versions/2", "/v1/charts/ch_1/versions/2/restore"]


def test_folders_themes_statistics_and_sources() -> None:
    folder = {
        "id": "fo_1",
        "name": "Elections",
        "parentId": None,
        "workspaceId": "ws",
        "createdAt": "2026-11-22T10:15:30Z",
        "updatedAt": "2026-11-22T10:15:30Z",
    }
    api = FakeApi().queue(
        httpx.Response(201, json=folder),
        httpx.Response(200, json={"themes": [{"id": "newsroom", "name": "Newsroom", "is_default": True, "builtIn": True}]}),
        httpx.Response(200, json={"statistics": []}),
        httpx.Response(200, json={"values": [{"id": "DE", "label": "Germany"}]}),
    )
    client = api.client()
    assert client.folders.create("Elections").parent_id is None
    assert api.body(0) == {"name": "Elections"}
    assert client.themes.list()[0].is_default is True
    assert client.statistics.search("gdp") == []
    assert dict(api.requests[2].url.params) == {"search": "gdp"}
    assert client.sources.dimension_values("gapminder", "country")[0].label == "Germany"
    assert api.requests[3].url.path == "/v1/sources/gapminder/dimensions/country"


def test_the_address_and_key_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHARTS_URL", "https://env.test/")
    monkeypatch.setenv("CHARTS_KEY", "cs_env")
    assert Client().config.base_url == "https://env.test"
    monkeypatch.delenv("CHARTS_KEY")
    with pytest.raises(ValueError, match="CHARTS_KEY"):
        Client()
