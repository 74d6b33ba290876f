"""Shared fixtures: a `tracepatrol serve` process (the harness's), the services scripts/test.sh starts."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tracepatrol.harness.process import ServerProcess, make_server  # noqa: F401 (ServerProcess: for tests/dashboard/traffic.py)

pytest_plugins = ["tests.chat_server"]  # the `chat` fixture: a local chat-completions server

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def server(tmp_path):
    """A started server with a short decision wait, stopped after the test."""
    srv = make_server(tmp_path, "--decision-wait", "0.3").start()
    yield srv
    srv.stop()


def _service(env: str, what: str) -> str:
    """A service started by scripts/test.sh: its address, or fail in CI / skip elsewhere."""
    value = os.environ.get(env)
    if not value:
        message = f"{what} is not available (${env} unset; `bash scripts/test.sh` sets it up)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return value


@pytest.fixture(scope="session")
def kafka_bootstrap() -> str:
    """bootstrap.servers of the single-node broker started by scripts/kafka.sh."""
    return _service("TEST_KAFKA_BOOTSTRAP", "the Kafka broker")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's Chromium binary, installed by scripts/test.sh."""
    return _service("TEST_CHROMIUM", "Chromium")
