"""The store process's side of Kafka workers: publish claimed items, write the results back.

`WorkDispatcher` claims pending items from the ledger (as the in-process WorkerPool would) and
publishes each with its trajectory to the work topic; an item stays `running` in the ledger
until its result arrives, and a restart requeues it (the ledger's attempt limit applies). At most
`max_in_flight` items wait in Kafka, so a large run never floods the work topic.
`ResultConsumer` reads the results topic, saves results (one per key) and finishes the items,
committing offsets only after both, so a crash replays results, which are idempotent.
"""
from __future__ import annotations

import logging
from collections.abc import Sequence

import duckdb
from confluent_kafka import Consumer

from collector.store import trajectory_loader
from evaluators.kafka_worker import MalformedMessage, ResultMessage, decode_result, encode_work, item_key
from evaluators.results import ResultStore
from evaluators.work import Loader
from evaluators.worker import ResultHook
from infra.kafka.client import AckedProducer, KafkaLoop, OffsetCommitter, usable, where
from infra.kafka.config import KafkaSettings
from scheduler.ledger import Ledger

log = logging.getLogger(__name__)

_NOT_FOUND = "trajectory not found (deleted by retention?)"
_WORKER = "kafka"  # the ledger's worker name for items handed to Kafka workers


class WorkDispatcher(KafkaLoop):
    name = "kafka-dispatch"

    def __init__(self, kafka: KafkaSettings, ledger: Ledger, con: duckdb.DuckDBPyConnection,
                 producer: AckedProducer, batch: int = 256, poll_s: float = 0.5):
        super().__init__(poll_s)
        self.kafka, self.ledger, self.producer, self.batch = kafka, ledger, producer, batch
        self.load = trajectory_loader(con)
        self.published = 0

    def step(self) -> bool:
        room = self.kafka.max_in_flight - self.ledger.running(_WORKER)
        items = self.ledger.claim(_WORKER, min(self.batch, room)) if room > 0 else []
        if not items:
            return True
        trajectories = self.load(sorted({i.trace_id for i in items}))
        messages = []
        for item in items:
            traj = trajectories.get(item.trace_id)
            if traj is None:
                self.ledger.finish(item, False, _NOT_FOUND)
            else:
                messages.append((item_key(item), encode_work(item, traj)))
        if self._until_done(f"publishing {len(messages)} work items",
                            lambda: self.producer.send(self.kafka.work_topic, messages).result()):
            self.published += len(messages)
        return False


class ResultConsumer(KafkaLoop):
    name = "kafka-results"

    def __init__(self, kafka: KafkaSettings, ledger: Ledger, results: ResultStore, retry_s: float = 0.5,
                 load: Loader | None = None):
        """`load` gives the trajectories the `on_results` hooks get (as the embedded pool's do)."""
        super().__init__(retry_s)
        self.kafka, self.ledger, self.results, self.load = kafka, ledger, results, load
        self.on_results: list[ResultHook] = []
        self.items_finished = 0
        self._consumer = Consumer(kafka.consumer(kafka.results_group))
        self._consumer.subscribe([kafka.results_topic])
        self._offsets = OffsetCommitter(self._consumer, self.name)

    def step(self) -> bool:
        messages = usable(self._consumer.consume(500, 0.5))
        self._offsets.retry()
        if not messages:
            return False  # consume() already waited
        decoded: list[ResultMessage] = []
        for msg in messages:
            try:
                decoded.append(decode_result(msg.value()))
            except MalformedMessage as exc:
                log.warning("skipping malformed result message %s: %s", where(msg), exc)
        if self._until_done(f"storing {len(decoded)} results", lambda: self._store(decoded)):
            self._offsets.commit(messages)
        return False

    def _store(self, decoded: Sequence[ResultMessage]) -> None:
        scored = [s for r in decoded for s in r.scored]
        self.results.save(scored)
        if self.on_results and self.load is not None and scored:
            trajectories = self.load(sorted({s.trace_id for s in scored}))
            for hook in self.on_results:
                hook(scored, trajectories)
        for r in decoded:
            self.ledger.finish(r.item, r.ok, r.reason)
        self.items_finished += len(decoded)

    def close(self) -> None:
        self._consumer.close()
