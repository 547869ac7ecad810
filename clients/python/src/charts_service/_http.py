"""The one request path: build a request, send it, retry 429/503 and network failures within a
budget (honouring ``Retry-After``), and turn an error answer into its exception. The sync and
async clients share everything here but the sending and the sleeping."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import httpx

from . import __version__
from ._bookmark import HEADER as BOOKMARK_HEADER
from ._bookmark import Bookmark
from .errors import ApiError, ConnectionFailed, InvalidData, error_class, retry_after_seconds

T = TypeVar("T")

DEFAULT_TIMEOUT = httpx.Timeout(120.0, connect=10.0)
"""Generous: a first export or publish of a large map renders synchronously and may take a while."""


@dataclass(frozen=True)
class RetryPolicy:
    """How hard to try again. A 429 or 503 is retried after its ``Retry-After`` (or a backoff when
    it has none), a network failure after a backoff, until ``max_retries`` or until the waits would
    pass ``budget_seconds`` in all; then the error is raised."""

    max_retries: int = 4
    budget_seconds: float = 90.0
    backoff_seconds: float = 0.5
    max_backoff_seconds: float = 8.0

    def backoff(self, attempt: int) -> float:
        base = min(self.max_backoff_seconds, self.backoff_seconds * 2.0**attempt)
        return base * (0.5 + random.random() / 2)  # noqa: S311 - jitter, not security


NO_RETRIES = RetryPolicy(max_retries=0)


@dataclass(frozen=True)
class Config:
    base_url: str
    api_key: str
    timeout: httpx.Timeout = field(default_factory=lambda: DEFAULT_TIMEOUT)
    retry: RetryPolicy = field(default_factory=RetryPolicy)

    @staticmethod
    def resolve(
        base_url: str | None,
        api_key: str | None,
        timeout: float | httpx.Timeout | None,
        retry: RetryPolicy | None,
    ) -> Config:
        url = base_url or os.environ.get("CHARTS_URL")
        key = api_key or os.environ.get("CHARTS_KEY")
        if not url:
            raise ValueError("No service address: pass base_url= or set CHARTS_URL (e.g. https://charts.example.org).")
        if not key:
            raise ValueError("No API key: pass api_key= or set CHARTS_KEY (a key starts with cs_).")
        return Config(
            base_url=url.rstrip("/"),
            api_key=key,
            timeout=timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(timeout, connect=10.0) if timeout else DEFAULT_TIMEOUT,
            retry=retry or RetryPolicy(),
        )

    @property
    def headers(self) -> dict[str, str]:
        return {
            "Authorization": f"Bearer {self.api_key}",
            "User-Agent": f"charts-service-python/{__version__}",
            "Accept": "application/json",
        }


@dataclass(frozen=True)
class Call(Generic[T]):
    """One API operation: what to send, and how to read a successful answer."""

    method: str
    path: str
    parse: Callable[[httpx.Response], T]
    json_body: Any = None
    csv_body: str | None = None
    params: Mapping[str, str | int | float] | None = None
    accept: str | None = None
    idempotent_key: str | None = None
    """An ``Idempotency-Key``: the same for every retry, so a retried create never makes two charts."""
    if_match: str | None = None
    """An ``If-Match`` ETag: the write is refused (412, ``PreconditionFailed``) when the chart changed since."""


IfMatch = int | str | None
"""The version a write expects the chart to be at: ``chart.version`` (an int), or an ETag as read (``'"3"'``)."""


def if_match_header(expected: IfMatch) -> str | None:
    """``If-Match`` for a version number or an ETag; a bare number in text is quoted as an ETag is."""
    if expected is None:
        return None
    if isinstance(expected, bool) or not isinstance(expected, (int, str)):
        raise TypeError(f"if_match takes the chart's version (chart.version) or its ETag, not {expected!r}.")
    text = str(expected)
    return f'"{text}"' if text.isdigit() else text


def idempotency_key(given: str | None) -> str:
    return given or str(uuid.uuid4())


def build_request(http: httpx.Client | httpx.AsyncClient, call: Call[Any], bookmark: Bookmark | None = None) -> httpx.Request:
    headers: dict[str, str] = bookmark.headers_for(call.method) if bookmark else {}
    if call.accept:
        headers["Accept"] = call.accept
    if call.idempotent_key:
        headers["Idempotency-Key"] = call.idempotent_key
    if call.if_match:
        headers["If-Match"] = call.if_match
    content: bytes | None = None
    if call.json_body is not None:
        content = json.dumps(call.json_body, ensure_ascii=False, allow_nan=False).encode()
        headers["Content-Type"] = "application/json"
    elif call.csv_body is not None:
        content = call.csv_body.encode()
        headers["Content-Type"] = "text/csv; charset=utf-8"
    params = {name: str(value).lower() if isinstance(value, bool) else str(value) for name, value in (call.params or {}).items()}
    return http.build_request(call.method, call.path, content=content, headers=headers, params=params)


def error_from(response: httpx.Response) -> ApiError:
    """The exception for an error answer; a body that is not the API's error shape still says what came back."""
    code, message, details = "", f"HTTP {response.status_code} {response.reason_phrase}", None
    try:
        body = response.json()
    except ValueError:
        body = None
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        code = str(error.get("code", ""))
        message = str(error.get("message", message))
        details = error.get("details")
    cls = error_class(response.status_code, code)
    headers = dict(response.headers.items())
    if cls is InvalidData:
        return InvalidData(response.status_code, code, message, details, headers)
    return cls(response.status_code, code or f"http_{response.status_code}", message, details, headers)


def wait_before_retry(policy: RetryPolicy, attempt: int, spent: float, error: ApiError | None) -> float | None:
    """Seconds to wait before the next attempt, or None to give up (raise)."""
    if attempt >= policy.max_retries:
        return None
    if error is not None:
        if error.status not in (429, 503):
            return None
        after = retry_after_seconds(error.headers)
        wait = after if after is not None else policy.backoff(attempt)
    else:
        wait = policy.backoff(attempt)
    return wait if spent + wait <= policy.budget_seconds else None


def _finish(call: Call[T], response: httpx.Response) -> T | ApiError:
    if response.is_success:
        return call.parse(response)
    return error_from(response)


class SyncTransport:
    def __init__(
        self,
        config: Config,
        http: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        bookmark: Bookmark | None = None,
    ) -> None:
        self.config = config
        self.http = http or httpx.Client(timeout=config.timeout)
        self.http.base_url = httpx.URL(config.base_url)
        self.http.headers.update(config.headers)
        self.sleep = sleep
        self.bookmark = bookmark or Bookmark()

    def run(self, call: Call[T]) -> T:
        request = build_request(self.http, call, self.bookmark)
        attempt, spent = 0, 0.0
        while True:
            try:
                response = self.http.send(request)
                response.read()
                self.bookmark.keep(response.headers.get(BOOKMARK_HEADER))
            except httpx.TransportError as failure:
                wait = wait_before_retry(self.config.retry, attempt, spent, None)
                if wait is None:
                    raise ConnectionFailed(f"{call.method} {call.path}: {failure}") from failure
            else:
                outcome = _finish(call, response)
                if not isinstance(outcome, ApiError):
                    return outcome
                wait = wait_before_retry(self.config.retry, attempt, spent, outcome)
                if wait is None:
                    raise outcome
            self.sleep(wait)
            attempt, spent = attempt + 1, spent + wait

    def close(self) -> None:
        self.http.close()


class AsyncTransport:
    def __init__(
        self,
        config: Config,
        http: httpx.AsyncClient | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        bookmark: Bookmark | None = None,
    ) -> None:
        self.config = config
        self.http = http or httpx.AsyncClient(timeout=config.timeout)
        self.http.base_url = httpx.URL(config.base_url)
        self.http.headers.update(config.headers)
        self.sleep = sleep
        self.bookmark = bookmark or Bookmark()

    async def run(self, call: Call[T]) -> T:
        request = build_request(self.http, call, self.bookmark)
        attempt, spent = 0, 0.0
        while True:
            try:
                response = await self.http.send(request)
                await response.aread()
                self.bookmark.keep(response.headers.get(BOOKMARK_HEADER))
            except httpx.TransportError as failure:
                wait = wait_before_retry(self.config.retry, attempt, spent, None)
                if wait is None:
                    raise ConnectionFailed(f"{call.method} {call.path}: {failure}") from failure
            else:
                outcome = _finish(call, response)
                if not isinstance(outcome, ApiError):
                    return outcome
                wait = wait_before_retry(self.config.retry, attempt, spent, outcome)
                if wait is None:
                    raise outcome
            await self.sleep(wait)
            attempt, spent = attempt + 1, spent + wait

    async def close(self) -> None:
        await self.http.aclose()
