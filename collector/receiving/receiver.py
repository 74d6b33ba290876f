"""What both OTLP receivers share: decode, hand the batch to the sink, build the response.

Receivers stay thin (the Collector's rule): they map errors to their protocol's status and
acknowledge only once the sink made the spans durable: committed to DuckDB by the embedded
`IngestQueue`, or acknowledged by Kafka (`collector.receiving.kafka_sink.KafkaSink`).
"""
from __future__ import annotations

import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Protocol

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

from collector.decoding.bulk import BulkLane, is_bulk
from collector.decoding.otlp import Limits, Parsed, SpanBatch, decode_protobuf, read_json, read_protobuf, to_batch
from collector.decoding.pool import DecodePool
from collector.receiving.projects import tag
from collector.queue.ingest import IngestQueue, IngestStats
from infra.access import DEFAULT_PROJECT


class Sink(Protocol):
    wants_request: bool  # submit needs the parsed request, not only the batch

    def admit(self) -> None:
        """Raise QueueFull when the sink cannot take anything now (checked before decoding)."""

    def submit(self, batch: SpanBatch, request: ExportTraceServiceRequest | None, project: str) -> Future:
        """Take accepted spans of `project` (`request` is None unless `wants_request`); the Future
        resolves once they are durable, or fails with StorageUnavailable. Raises QueueFull at once
        when the sink cannot take more now."""


class QueueSink:
    """The embedded sink: the store writer's bounded queue."""

    wants_request = False

    def __init__(self, queue: IngestQueue):
        self.queue = queue

    def admit(self) -> None:
        self.queue.admit()

    def submit(self, batch: SpanBatch, request: ExportTraceServiceRequest | None, project: str) -> Future:
        return self.queue.submit(tag(batch, project))


class MemorySink:
    """The in-memory sink: keeps every batch, durable at once, so a receiver runs without a store
    writer, a DuckDB file or a broker."""

    wants_request = False

    def __init__(self) -> None:
        self.batches: list[SpanBatch] = []

    @property
    def spans(self) -> int:
        return sum(len(batch) for batch in self.batches)

    def admit(self) -> None:
        """Never full."""

    def submit(self, batch: SpanBatch, request: ExportTraceServiceRequest | None, project: str) -> Future:
        self.batches.append(tag(batch, project))
        future: Future = Future()
        future.set_result(len(batch))
        return future


@dataclass
class Accepted:
    """A decoded request: `future` resolves when its spans are durable (None when empty)."""

    batch: SpanBatch
    future: Future | None

    def response(self) -> ExportTraceServiceResponse:
        resp = ExportTraceServiceResponse()
        if self.batch.rejected:
            resp.partial_success.rejected_spans = self.batch.rejected
            resp.partial_success.error_message = self.batch.error_message
        return resp


class TraceReceiver:
    """With a `pool` (only for sinks that need no parsed request: not Kafka's), requests are
    decoded in its processes; without, in the calling thread: protobuf by the Rust decoder
    unless the sink `wants_request`. With `json_only_from`, the pool takes only OTLP/JSON bodies
    of at least that many bytes: parsing JSON makes a Python object per value and holds the GIL
    (0.4-1.8 s for 13 MiB), which would stall every listener of this process."""

    def __init__(self, sink: Sink | IngestQueue, stats: IngestStats, limits: Limits, ack_timeout_s: float = 60.0,
                 pool: DecodePool | None = None, json_only_from: int | None = None):
        self.queue = sink if isinstance(sink, IngestQueue) else None  # the embedded queue, when it is the sink
        self.sink = QueueSink(sink) if self.queue is not None else sink
        self.stats, self.limits = stats, limits
        self.ack_timeout_s = ack_timeout_s
        self.pool, self.json_only_from = pool, json_only_from
        self.bulk = BulkLane()  # large bodies decode there, below the other threads' priority
        stats.stages.add("receive")

    def admit(self) -> None:
        """Refuse (QueueFull) before the request is read and decoded, so overload costs little."""
        self.sink.admit()

    def receive(self, body: bytes, as_json: bool, project: str = DEFAULT_PROJECT) -> Accepted:
        """Decode a request body and hand it on as `project`'s spans (the sender's key says which),
        blocking (gRPC's threads, OTLP/HTTP's decode threads: never the event loop). Raises
        DecodeError (LimitExceeded past a limit: nothing was decoded), QueueFull, or
        BrokenProcessPool when a decode process died."""
        if self.pool is None or (self.json_only_from is not None and not (as_json and len(body) >= self.json_only_from)):
            return self._parse_and_accept(body, as_json, project)
        return self.accept_decoded(self.pool.submit(body, as_json).result(), project)

    def receive_anywhere(self, body: bytes, as_json: bool, project: str = DEFAULT_PROJECT) -> Accepted:
        """`receive`, in the bulk lane when the body is large (this thread waits meanwhile)."""
        if is_bulk(body):
            return self.bulk.executor().submit(self.receive, body, as_json, project).result()
        return self.receive(body, as_json, project)

    def _parse_and_accept(self, body: bytes, as_json: bool, project: str) -> Accepted:
        started = time.perf_counter_ns()
        if not as_json and not self.sink.wants_request:  # straight to Arrow, no message in between
            batch = decode_protobuf(body, time.time_ns(), self.limits)
            accepted = self._hand_on(batch, None, project)
            self.stats.decode_ns += time.perf_counter_ns() - started
            return accepted
        parsed = read_json(body, self.limits) if as_json else read_protobuf(body, self.limits)
        self.stats.decode_ns += time.perf_counter_ns() - started
        return self.accept(parsed, project)

    def accept(self, request: ExportTraceServiceRequest | Parsed, project: str = DEFAULT_PROJECT) -> Accepted:
        """Decode and hand on; raises QueueFull when the sink is at its bound (callers `admit()` first)."""
        started = time.perf_counter_ns()
        batch = to_batch(request, time.time_ns(), self.limits)
        accepted = self._hand_on(batch, request.message if isinstance(request, Parsed) else request, project)
        self.stats.decode_ns += time.perf_counter_ns() - started  # with the Arrow table the queue makes
        return accepted

    def accept_decoded(self, batch: SpanBatch, project: str = DEFAULT_PROJECT) -> Accepted:
        """Hand on a batch decoded in the pool (its decoding time counted as the pool measured it)."""
        self.stats.decode_ns += batch.decode_ns
        return self._hand_on(batch, None, project)

    def _hand_on(self, batch: SpanBatch, request: ExportTraceServiceRequest | None, project: str) -> Accepted:
        self.stats.count_decoded(batch)
        if not len(batch):
            return Accepted(batch, None)
        future = self.sink.submit(batch, request, project)
        self.stats.received_spans += len(batch)
        return Accepted(batch, future)
