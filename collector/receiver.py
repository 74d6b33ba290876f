"""What both OTLP receivers share: decode, hand the batch to the queue, build the response.

Receivers stay thin (the Collector's rule): they map errors to their protocol's status and
acknowledge only once the store has committed.
"""
from __future__ import annotations

import time
from concurrent.futures import Future
from dataclasses import dataclass

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

from collector.decode import Limits, SpanBatch, to_batch
from collector.writer import IngestQueue, IngestStats


@dataclass
class Accepted:
    """A decoded request: `future` resolves when its spans are committed (None when empty)."""

    batch: SpanBatch
    future: Future | None

    def response(self) -> ExportTraceServiceResponse:
        resp = ExportTraceServiceResponse()
        if self.batch.rejected:
            resp.partial_success.rejected_spans = self.batch.rejected
            resp.partial_success.error_message = self.batch.error_message
        return resp


class TraceReceiver:
    def __init__(self, queue: IngestQueue, stats: IngestStats, limits: Limits, ack_timeout_s: float = 60.0):
        self.queue, self.stats, self.limits = queue, stats, limits
        self.ack_timeout_s = ack_timeout_s

    def accept(self, request: ExportTraceServiceRequest) -> Accepted:
        """Decode and enqueue; raises QueueFull when the queue is at its bound."""
        batch = to_batch(request, time.time_ns(), self.limits)
        self.stats.rejected_spans += batch.rejected
        self.stats.truncated_values += batch.truncated
        if not len(batch):
            return Accepted(batch, None)
        future = self.queue.submit(batch)
        self.stats.received_spans += len(batch)
        return Accepted(batch, future)
