"""The async client has the sync client's surface, and runs the same calls."""

from __future__ import annotations

import asyncio
import inspect

import httpx

from charts_service import aio_resources, resources

from .fake_api import CREATED, FakeApi, error


def test_every_sync_method_has_an_async_twin_with_the_same_parameters() -> None:
    for name in ("Charts", "Folders", "Themes", "Statistics", "Sources"):
        sync_cls, async_cls = getattr(resources, name), getattr(aio_resources, f"Async{name}")
        sync_methods = {m for m in vars(sync_cls) if not m.startswith("_")}
        assert sync_methods == {m for m in vars(async_cls) if not m.startswith("_")}, name
        for method in sync_methods:
            assert inspect.iscoroutinefunction(getattr(async_cls, method)), f"{name}.{method}"
            sync_params = inspect.signature(getattr(sync_cls, method)).parameters
            async_params = inspect.signature(getattr(async_cls, method)).parameters
            assert list(sync_params) == list(async_params), f"{name}.{method}"


def test_async_create_retries_with_the_same_key_and_reads_the_chart() -> None:
    api = FakeApi().queue(error(429, "rate_limited", "Slow.", headers={"Retry-After": "1"}), httpx.Response(201, json=CREATED))

    async def scenario() -> str:
        async with api.async_client() as client:
            chart = await client.charts.create("horizontal-bar", data=[{"party": "A", "seats": 1}])
            return chart.id

    assert asyncio.run(scenario()) == "ch_1"
    assert api.sleeps == [1.0]
    assert api.requests[0].headers["Idempotency-Key"] == api.requests[1].headers["Idempotency-Key"]
    assert api.body()["data"] == "party,seats\nA,1\n"
