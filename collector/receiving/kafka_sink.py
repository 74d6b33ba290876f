"""The collector's Kafka sink: accepted requests published per trace, acknowledged by the broker.

The receivers answer the sender only when this sink's Future resolves, i.e. after acks=all for
every message of the request; a broker failure is 503 / UNAVAILABLE, a full producer 429.
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.decoding.otlp import SpanBatch
from collector.receiving.kafka_encoding import redact_request, split_by_trace, stamp_project
from collector.decoding.redaction import Redactor
from collector.queue.ingest import IngestStats
from infra.errors import QueueFull
from infra.kafka.client import AckedProducer, ProducerFull
from infra.kafka.config import KafkaSettings


class KafkaSink:
    wants_request = True  # republished per trace from the parsed request

    def __init__(self, settings: KafkaSettings, producer: AckedProducer, stats: IngestStats, retry_after_s: int = 1,
                 redactor: Redactor | None = None, busy: Callable[[], bool | str] = lambda: False):
        """`busy` refuses requests with a reason while true (collector.receiving.memory_limiter)."""
        self.settings, self.producer, self.retry_after_s = settings, producer, retry_after_s
        self.redactor, self.busy, self.stats = redactor, busy, stats
        stats.stages.add("publish")

    def admit(self) -> None:
        if busy := self.busy():
            raise QueueFull(self.retry_after_s, *([busy] if isinstance(busy, str) else []))

    def submit(self, batch: SpanBatch, request: ExportTraceServiceRequest, project: str) -> Future:
        if self.redactor is not None:  # personal data never reaches the broker
            redact_request(request, self.redactor)
        stamp_project(request, project)
        rejected = batch.rejected
        messages = split_by_trace(request, self.settings.max_message_bytes, batch.reject)
        spans = len(batch) - (batch.rejected - rejected)  # what the messages carry
        try:
            future = self.producer.send(self.settings.topic, messages)
        except ProducerFull:
            raise QueueFull(self.retry_after_s) from None
        future.add_done_callback(lambda f: self._count(f, spans))
        return future

    def _count(self, future: Future, spans: int) -> None:
        if future.exception() is None:
            self.stats.published_spans += spans
        else:
            self.stats.publish_failed_spans += spans
