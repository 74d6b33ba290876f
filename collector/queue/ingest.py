"""The ingest queue between the receivers and the store writer, and the counters every stage keeps.

Receivers call `IngestQueue.submit(batch)` and wait on the returned future, which resolves
only after the batch is committed (nothing is acknowledged before it is durable). A full
queue raises `QueueFull` at once so receivers can answer 429 / RESOURCE_EXHAUSTED.
"""
from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field

import pyarrow as pa

from collector.decoding.otlp import SpanBatch
from collector.store.rows import Coverage
from infra.errors import QueueFull, StorageUnavailable


STAGES = ("receive", "publish", "consume", "store")
MAX_SERVICES = 200  # services counted apart in IngestStats.coverage: a label set Prometheus can hold
COVERAGE_COUNTS = ("trajectories", "spans", "unread", "unread_spans", "unusable")


@dataclass
class IngestStats:
    """Counters read by /api/stats and metrics; written without locks (ints under the GIL).

    One counter per fact, each written by the one stage it describes: received by the OTLP
    receivers, published to Kafka (or not acknowledged by it) by the Kafka sink, consumed from
    Kafka by ingest, stored and duplicate by the store writer. `stages` says which of them run in
    this process, so each process exposes only the counters it owns.
    """

    received_spans: int = 0
    published_spans: int = 0
    publish_failed_spans: int = 0
    consumed_spans: int = 0
    rejected_spans: int = 0
    truncated_values: int = 0
    redacted_values: int = 0
    stored_spans: int = 0
    duplicate_spans: int = 0
    trajectories: int = 0
    commit_failures: int = 0
    throttled_requests: int = 0  # answered 429 / RESOURCE_EXHAUSTED with a retry hint (a full queue)
    unavailable_requests: int = 0  # answered 503 / UNAVAILABLE (storage or a decode process failing)
    malformed_messages: int = 0  # Kafka span messages that could not be decoded (skipped)
    quarantined_traces: int = 0  # traces that could not be built or stored (spans kept, reason stored)
    writer_errors: int = 0  # unexpected errors the writer thread survived
    # Where ingest time goes, in nanoseconds summed per batch (benchmarks/ingest.py reads them):
    # decoding by the receivers, waiting in the queue, inserting and committing spans, and
    # assembly's reading of spans, building (in the assembly processes) and storing of trajectories.
    decode_ns: int = 0
    queue_wait_ns: int = 0
    insert_ns: int = 0
    assembly_load_ns: int = 0
    assembly_build_ns: int = 0
    assembly_save_ns: int = 0
    stages: set[str] = field(default_factory=set)  # of STAGES: the parts this process runs
    # Per service: trajectories built, their spans, and those read by no convention or without
    # content (collector.store.rows.Coverage); at most MAX_SERVICES services, the rest as "(other)".
    coverage: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def refused_requests(self) -> int:
        """Requests a sender must retry: throttled or unavailable."""
        return self.throttled_requests + self.unavailable_requests

    def count_coverage(self, coverage: Iterable[Coverage]) -> None:
        """How well the trajectories just built could be read, per service."""
        for c in coverage:
            service = c.service if c.service in self.coverage or len(self.coverage) < MAX_SERVICES else "(other)"
            counts = self.coverage.get(service)
            if counts is None:
                counts = self.coverage[service] = dict.fromkeys(COVERAGE_COUNTS, 0)
            counts["trajectories"] += 1
            counts["spans"] += c.spans
            counts["unread"] += c.unread
            counts["unread_spans"] += c.spans if c.unread else 0
            counts["unusable"] += c.unusable

    def count_decoded(self, batch: SpanBatch) -> None:
        """What decoding did to a batch, counted the same on every path (receivers, Kafka ingest)."""
        self.rejected_spans += batch.rejected
        self.truncated_values += batch.truncated
        self.redacted_values += batch.redacted


@dataclass
class Item:
    table: pa.Table
    future: Future = field(default_factory=Future)
    queued_ns: int = field(default_factory=time.perf_counter_ns)


class IngestQueue:
    """Bounded by span count, not by requests, so memory stays bounded whatever the batch size."""

    def __init__(self, max_spans: int, retry_after_s: int = 1, backlog: Callable[[], bool] = lambda: False):
        """`backlog` says when a later stage is too far behind to take more (trajectory assembly)."""
        self.max_spans = max_spans
        self.retry_after_s = retry_after_s
        self.backlog = backlog
        self._items: deque[Item] = deque()
        self._spans = 0
        self._cond = threading.Condition()
        self._closed: str | None = None

    @property
    def depth(self) -> int:
        return self._spans

    def admit(self) -> None:
        """Raise QueueFull when nothing could be taken now, so a receiver refuses before decoding."""
        busy = self.backlog()  # True, or a reason (collector.receiving.memory_limiter)
        if busy or self._spans >= self.max_spans:
            raise QueueFull(self.retry_after_s, *([busy] if isinstance(busy, str) else []))

    def submit(self, batch: SpanBatch) -> Future:
        item = Item(batch.to_arrow())
        if self._closed is not None:  # nobody will commit it: the sender hears so now, not at its timeout
            item.future.set_exception(StorageUnavailable(self._closed))
            return item.future
        with self._cond:
            busy = self.backlog()
            if (self._spans and self._spans + item.table.num_rows > self.max_spans) or busy:
                raise QueueFull(self.retry_after_s, *([busy] if isinstance(busy, str) else []))
            self._items.append(item)
            self._spans += item.table.num_rows
            self._cond.notify()
        return item.future

    def take(self, max_spans: int, timeout: float) -> list[Item]:
        with self._cond:
            if not self._items:
                self._cond.wait(timeout)
            taken, n = [], 0
            while self._items and (not taken or n + self._items[0].table.num_rows <= max_spans):
                item = self._items.popleft()
                n += item.table.num_rows
                taken.append(item)
            self._spans -= n
            return taken

    def wake(self) -> None:
        with self._cond:
            self._cond.notify_all()

    def close(self, reason: str) -> None:
        """No writer will take anything any more: fail what waits and what comes."""
        with self._cond:
            self._closed = reason
            items, self._items, self._spans = list(self._items), deque(), 0
        fail(items, StorageUnavailable(reason))


def fail(items: list[Item], error: Exception) -> None:
    """Answer senders whose spans will not be committed (those already answered are left alone)."""
    for it in items:
        if not it.future.done():
            it.future.set_exception(error)
