"""What both OTLP receivers share: decode, hand the batch to the sink, build the response.

Receivers stay thin (the Collector's rule): they map errors to their protocol's status and
acknowledge only once the sink made the spans durable: committed to DuckDB by the embedded
`IngestQueue`, or acknowledged by Kafka (`collector.kafka_sink.KafkaSink`).
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

from collector.decode import Limits, SpanBatch, to_batch
from collector.writer import IngestQueue, IngestStats


class Sink(Protocol):
    def admit(self) -> None:
        """Raise QueueFull when the sink cannot take anything now (checked before decoding)."""

    def submit(self, batch: SpanBatch, request: ExportTraceServiceRequest) -> Future:
        """Take accepted spans; the Future resolves once they are durable, or fails with
        StorageUnavailable. Raises QueueFull at once when the sink cannot take more now."""


class QueueSink:
    """The embedded sink: the store writer's bounded queue."""

    def __init__(self, queue: IngestQueue):
        self.queue = queue

    def admit(self) -> None:
        self.queue.admit()

    def submit(self, batch: SpanBatch, request: ExportTraceServiceRequest) -> Future:
        return self.queue.submit(batch)


class MemorySink:
    """The in-memory sink: keeps every batch, durable at once, so a receiver runs without a store
    writer, a DuckDB file or a broker."""

    def __init__(self) -> None:
        self.batches: list[SpanBatch] = []

    @property
    def spans(self) -> int:
        return sum(len(batch) for batch in self.batches)

    def admit(self) -> None:
        """Never full."""

    def submit(self, batch: SpanBatch, request: ExportTraceServiceRequest) -> Future:
        self.batches.append(batch)
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
    def __init__(self, sink: Sink | IngestQueue, stats: IngestStats, limits: Limits, ack_timeout_s: float = 60.0):
        self.queue = sink if isinstance(sink, IngestQueue) else None  # the embedded queue, when it is the sink
        self.sink = QueueSink(sink) if self.queue is not None else sink
        self.stats, self.limits = stats, limits
        self.ack_timeout_s = ack_timeout_s
        stats.stages.add("receive")

    def admit(self) -> None:
        """Refuse (QueueFull) before the request is read and decoded, so overload costs little."""
        self.sink.admit()

    def accept(self, request: ExportTraceServiceRequest) -> Accepted:
        """Decode and hand on; raises QueueFull when the sink is at its bound (callers `admit()` first)."""
        started = time.perf_counter_ns()
        batch = to_batch(request, time.time_ns(), self.limits)
        self.stats.count_decoded(batch)
        if not len(batch):
            return Accepted(batch, None)
        future = self.sink.submit(batch, request)  # the embedded queue makes the Arrow table here
        self.stats.received_spans += len(batch)
        self.stats.decode_ns += time.perf_counter_ns() - started
        return Accepted(batch, future)
