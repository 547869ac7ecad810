"""The integration suite runs against a real ``wrangler dev``: the one named by CHARTS_TEST_URL and
CHARTS_TEST_KEYS (JSON of role → key; scripts/test-clients.ts shares its server this way), else one
this session starts with test/harness/local/clients-dev-server.ts (port 8803, its own state) and stops after."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from charts_service import Client

REPO = Path(__file__).resolve().parents[4]


@dataclass(frozen=True)
class Service:
    url: str
    keys: dict[str, str]

    def client(self, role: str = "editor") -> Client:
        return Client(self.url, self.keys[role])


@pytest.fixture(scope="session")
def service() -> Iterator[Service]:
    url, keys = os.environ.get("CHARTS_TEST_URL"), os.environ.get("CHARTS_TEST_KEYS")
    if url and keys:
        yield Service(url, json.loads(keys))
        return
    server = subprocess.Popen(
        [
            str(REPO / "node_modules" / ".bin" / "tsx"),
            "test/harness/local/clients-dev-server.ts",
            "--port",
            os.environ.get("CHARTS_TEST_PORT", "8803"),
        ],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None and server.stdin is not None
    line = server.stdout.readline()
    if not line:
        server.wait(timeout=30)
        raise RuntimeError(f"test/harness/local/clients-dev-server.ts exited ({server.returncode}) before its server answered")
    started = json.loads(line)
    try:
        yield Service(started["url"], started["keys"])
    finally:
        server.stdin.close()  # the script stops its wrangler dev when its stdin closes
        server.wait(timeout=60)


@pytest.fixture
def client(service: Service) -> Iterator[Client]:
    with service.client() as made:
        yield made
