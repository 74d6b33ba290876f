"""Kafka → store: the span topic consumed in a group and fed to the store writer's queue.

Offsets are committed only after the DuckDB commit of the spans they carried, so a crash
replays at most the last uncommitted poll; `TraceStore.append_spans` drops the replayed spans
it already has (same ids, same start time), so nothing is lost and nothing doubled.
A message that cannot be decoded is counted, logged with its topic/partition/offset and skipped.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Sequence

from confluent_kafka import Consumer, Message

import pyarrow as pa

from collector.decoding.otlp import DecodeError, Limits, SpanBatch, to_batch
from collector.receiving.kafka_encoding import read_message, take_project
from collector.receiving.projects import tag
from collector.queue.ingest import IngestQueue, IngestStats
from infra.kafka.client import KafkaLoop, OffsetCommitter, usable, where
from infra.kafka.config import KafkaSettings

log = logging.getLogger(__name__)


def decode_messages(messages: Sequence[Message], encoding: str, limits: Limits, stats: IngestStats,
                    received_ns: int) -> SpanBatch:
    """Every span of a poll in one batch, each tagged with its message's project; undecodable
    messages, and those past the limits a receiver applies to a request, are counted, logged and
    skipped."""
    out, tables = SpanBatch(), []
    for msg in messages:
        try:
            parsed = read_message(msg.value(), encoding, limits)
            project = take_project(parsed.message)
            batch = to_batch(parsed, received_ns, limits)
        except DecodeError as exc:
            stats.malformed_messages += 1
            log.warning("skipping malformed span message %s (key %r): %s", where(msg), msg.key(), exc)
            continue
        if len(batch):
            tables.append(tag(batch, project).to_arrow())  # its resources and scopes once each
        out.rejected += batch.rejected
        out.truncated += batch.truncated
        out.redacted += batch.redacted
        if batch.rejected:
            log.warning("span message %s: %s", where(msg), batch.error_message)
    if tables:
        out.table, out.columns = pa.concat_tables(tables), {}
    return out


class KafkaIngest(KafkaLoop):
    """One consumer thread: poll, decode, submit, wait for the DuckDB commit, commit the offsets.

    A poll whose spans could not be committed yet (queue full, storage trouble) is retried until
    it is, or until shutdown, which leaves its offsets uncommitted for the next start.
    """

    name = "kafka-ingest"

    def __init__(self, settings: KafkaSettings, queue: IngestQueue, stats: IngestStats, limits: Limits,
                 retry_s: float = 0.5):
        super().__init__(retry_s)
        self.settings, self.queue, self.stats, self.limits = settings, queue, stats, limits
        stats.stages.add("consume")
        self._consumer = Consumer(settings.consumer(settings.group))
        self._consumer.subscribe([settings.topic])
        self._offsets = OffsetCommitter(self._consumer, self.name)

    def step(self) -> bool:
        messages = usable(self._consumer.consume(self.settings.poll_batch, 0.5))
        self._offsets.retry()
        if not messages:
            return False  # consume() already waited
        batch = decode_messages(messages, self.settings.encoding, self.limits, self.stats, time.time_ns())
        self.stats.count_decoded(batch)
        if len(batch) and not self._until_done(f"storing {len(batch)} spans", lambda: self.queue.submit(batch).result()):
            return False  # shutting down: these offsets stay uncommitted and are read again
        self.stats.consumed_spans += len(batch)
        self._offsets.commit(messages)
        return False

    def close(self) -> None:
        self._consumer.close()
