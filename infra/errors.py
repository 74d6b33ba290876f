"""Errors every intake path shares (OTLP receivers, the Kafka collector and the store process),
so each answers the sender the same way: retry later (with Retry-After) or storage down.
"""
from __future__ import annotations


class QueueFull(Exception):
    """The ingest queue holds its maximum number of spans; the sender should retry later."""

    def __init__(self, retry_after_s: int, reason: str = "ingest queue is full"):
        super().__init__(f"{reason}; retry after {retry_after_s}s")
        self.retry_after_s = retry_after_s


class StorageUnavailable(Exception):
    """The store could not commit (disk full, file unwritable…); retryable for the sender."""
