"""Reading your own writes: each client keeps the greatest ``X-D1-Bookmark`` it was answered and
sends it on reads only (docs/api.md); an older one never replaces it; writes send none."""

from __future__ import annotations

import asyncio
import threading

import httpx
import pytest

from charts_service import Client, NotFound
from charts_service._bookmark import Bookmark

from .fake_api import CHART, CREATED, FakeApi, error

# D1's shape: four dash-separated hex fields; they sort as strings in the order they were made.
OLDER = "00000001-00000004-00000003-" + "c" * 32
FIRST = "00000001-00000005-00000003-" + "a" * 32
NEWER = "00000001-00000009-00000003-" + "b" * 32


def answered(status: int, body: object, bookmark: str | None) -> httpx.Response:
    return httpx.Response(status, json=body, headers={"X-D1-Bookmark": bookmark} if bookmark else {})


def sent(api: FakeApi) -> list[tuple[str, str | None]]:
    return [(request.method, request.headers.get("X-D1-Bookmark")) for request in api.requests]


def test_reads_carry_the_latest_bookmark_and_writes_none() -> None:
    api = FakeApi().queue(
        answered(200, {"charts": []}, None),
        answered(201, CREATED, FIRST),
        answered(200, CHART, FIRST),
        answered(200, CHART, NEWER),
        answered(200, {"charts": []}, NEWER),
    )
    client = api.client()
    assert client.bookmark is None
    client.charts.list()
    client.charts.create("horizontal-bar", data="party,seats\nA,1\n")
    client.charts.get("ch_1")
    client.charts.update("ch_1", title="Seats won", if_match=1)
    client.charts.list()
    assert sent(api) == [("GET", None), ("POST", None), ("GET", FIRST), ("PATCH", None), ("GET", NEWER)]
    assert client.bookmark == NEWER


def test_an_older_bookmark_from_a_lagging_answer_is_ignored() -> None:
    api = FakeApi().queue(answered(200, CHART, OLDER), answered(200, CHART, None), answered(200, CHART, OLDER))
    client = api.client(bookmark=FIRST)
    for _ in range(3):
        client.charts.get("ch_1")
    assert sent(api) == [("GET", FIRST)] * 3
    assert client.bookmark == FIRST


def test_an_error_answer_bookmark_is_kept_and_a_delete_sends_none() -> None:
    api = FakeApi().queue(error(404, "not_found", "No chart ch_2.", headers={"X-D1-Bookmark": NEWER}), httpx.Response(204))
    client = api.client(bookmark=FIRST)
    with pytest.raises(NotFound):
        client.charts.get("ch_2")
    client.charts.delete("ch_1", if_match=2)
    assert sent(api) == [("GET", FIRST), ("DELETE", None)]
    assert client.bookmark == NEWER


def test_read_your_writes_off_sends_none_but_still_keeps_it() -> None:
    api = FakeApi().queue(answered(201, CREATED, FIRST), answered(200, CHART, NEWER))
    client = api.client(read_your_writes=False)
    client.charts.create("horizontal-bar", data="party,seats\nA,1\n")
    client.charts.get("ch_1")
    assert sent(api) == [("POST", None), ("GET", None)]
    assert client.bookmark == NEWER


def test_each_client_keeps_its_own_bookmark() -> None:
    first, second = FakeApi().queue(answered(201, CREATED, NEWER)), FakeApi().queue(answered(200, CHART, None))
    writer, reader = first.client(), second.client()
    writer.charts.create("horizontal-bar", data="party,seats\nA,1\n")
    reader.charts.get("ch_1")
    assert (writer.bookmark, reader.bookmark) == (NEWER, None)
    assert sent(second) == [("GET", None)]


def test_a_bookmark_given_at_construction_is_text() -> None:
    with pytest.raises(TypeError, match=r"client\.bookmark"):
        Client("https://charts.test", "cs_test", bookmark=5)  # type: ignore[arg-type]
    assert Client("https://charts.test", "cs_test", bookmark=f" {FIRST}\n").bookmark == FIRST


def test_threads_sharing_a_client_end_on_the_greatest_bookmark() -> None:
    bookmark = Bookmark()
    made = [f"00000001-{n:08x}-00000003-{'d' * 32}" for n in range(400)]
    start = threading.Barrier(4)

    def keep(mine: list[str]) -> None:
        start.wait()
        for value in mine:
            bookmark.keep(value)

    # Each thread keeps its share newest first, so most of its keeps are older than what it holds.
    threads = [threading.Thread(target=keep, args=(made[i::4][::-1],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert bookmark.current == made[-1]


def test_the_async_client_keeps_and_sends_it_too() -> None:
    api = FakeApi().queue(answered(201, CREATED, NEWER), answered(200, CHART, OLDER), answered(200, {"charts": []}, None))

    async def scenario() -> str | None:
        async with api.async_client(bookmark=FIRST) as client:
            await client.charts.create("horizontal-bar", data="party,seats\nA,1\n")
            await client.charts.get("ch_1")
            await client.charts.list()
            return client.bookmark

    assert asyncio.run(scenario()) == NEWER
    assert sent(api) == [("POST", None), ("GET", NEWER), ("GET", NEWER)]
