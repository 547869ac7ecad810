"""A scripted stand-in for the API behind ``httpx.MockTransport``: each test queues answers and
reads back the requests the client made."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from charts_service import AsyncClient, Client

CHART = {
    "id": "ch_1",
    "name": "Seats",
    "kind": "horizontal-bar",
    "series": ["seats"],
    "meta": {"title": "Seats"},
    "hasData": True,
    "folderId": None,
    "published": None,
}
CREATED = {key: CHART[key] for key in ("id", "name", "kind", "hasData", "folderId", "published")}


def error(status: int, code: str, message: str, details: Any = None, headers: dict[str, str] | None = None) -> httpx.Response:
    body: dict[str, Any] = {"code": code, "message": message}
    if details is not None:
        body["details"] = details
    return httpx.Response(status, json={"error": body}, headers=headers or {})


@dataclass
class FakeApi:
    answers: list[httpx.Response | Callable[[httpx.Request], httpx.Response]] = field(default_factory=list)
    requests: list[httpx.Request] = field(default_factory=list)
    sleeps: list[float] = field(default_factory=list)

    def queue(self, *answers: httpx.Response | Callable[[httpx.Request], httpx.Response]) -> FakeApi:
        self.answers.extend(answers)
        return self

    def handle(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(request)
        if not self.answers:
            raise AssertionError(f"unexpected request {request.method} {request.url}")
        answer = self.answers.pop(0)
        return answer(request) if callable(answer) else answer

    def client(self, bookmark: str | None = None, read_your_writes: bool = True) -> Client:
        http = httpx.Client(transport=httpx.MockTransport(self.handle))
        return Client(
            "https://charts.test", "cs_test", http=http, sleep=self.sleeps.append, bookmark=bookmark, read_your_writes=read_your_writes
        )

    def async_client(self, bookmark: str | None = None) -> AsyncClient:
        async def sleep(seconds: float) -> None:
            self.sleeps.append(seconds)

        http = httpx.AsyncClient(transport=httpx.MockTransport(self.handle))
        return AsyncClient("https://charts.test", "cs_test", http=http, sleep=sleep, bookmark=bookmark)

    def body(self, index: int = -1) -> Any:
        return json.loads(self.requests[index].content)
