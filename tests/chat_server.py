"""The `chat` fixture: the harness's local chat-completions server, serving for one test."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from tracepatrol.harness.judge import ChatServer


@pytest.fixture
def chat() -> Iterator[ChatServer]:
    with ChatServer() as server:
        yield server
