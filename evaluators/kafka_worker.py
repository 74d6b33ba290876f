"""Evaluator workers on Kafka: a consumer group on the work topic, results to the results topic.

A work message carries the item, the task's evaluator options and the trajectory, so a worker
needs no database; its own EvaluatorSettings supply tool schemas, golden cases and the LLM
judge (secrets never travel through Kafka). A worker commits a work message's offset only after
the broker acknowledged its result, so a worker killed mid-item leaves the item to another;
a result produced twice is stored once (results are keyed by task, trace, version, evaluator).

An item that kills every worker taking it would go round forever, so before evaluating, a worker
commits the offset of each partition's first message with `attempt=N` as the commit's metadata.
A worker that finds such a mark was handed the message after a crash: it evaluates the marked
messages one at a time (so the blame lands on the right one), and past `max_attempts` answers
one as failed without evaluating it.
"""
from __future__ import annotations

import datetime as dt
import logging
import os
import socket
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from confluent_kafka import Consumer, KafkaException, Message, TopicPartition
from pydantic import ValidationError

from collector.trajectory import Trajectory
from evaluators.base import EvalResult
from evaluators.config import EvaluatorSettings
from evaluators.results import Scored
from evaluators.work import WorkItem
from evaluators.worker import make_evaluations
from infra.kafka.client import AckedProducer, OffsetCommitter, ensure_topics, usable, where
from infra.kafka.config import KafkaSettings

log = logging.getLogger(__name__)

_ITEM_FIELDS = ("task_id", "trace_id", "version", "run_id", "evaluators", "options", "attempts")


class MalformedMessage(ValueError):
    """A work or result message that cannot be read; logged with where it was and skipped."""


def item_key(item: WorkItem) -> bytes:
    """Work and result messages of one item share this key, so they keep one partition and one result."""
    return f"{item.task_id}/{item.trace_id}/{item.version}".encode()


def encode_work(item: WorkItem, trajectory: Trajectory) -> bytes:
    return orjson.dumps({"item": _item_doc(item), "trajectory": trajectory.model_dump(mode="json")})


def decode_work(value: bytes) -> tuple[WorkItem, Trajectory]:
    doc = _load(value)
    try:
        return _item(doc.get("item")), Trajectory.model_validate(doc.get("trajectory"))
    except ValidationError as exc:
        raise MalformedMessage(f"invalid trajectory in work message: {exc.errors()[0]['msg']}") from None


@dataclass
class ResultMessage:
    item: WorkItem
    ok: bool
    reason: str | None
    scored: list[Scored]
    worker: str


def encode_result(item: WorkItem, trajectory: Trajectory, results: Sequence[EvalResult], errors: Sequence[str],
                  worker: str) -> bytes:
    return orjson.dumps({
        "item": _item_doc(item), "worker": worker, "ok": not errors, "reason": "; ".join(errors) or None,
        "results": [r.model_dump(mode="json") for r in results],
        "agent": {"name": trajectory.agent.name, "version": trajectory.agent.version},
        "trace_start_ns": trajectory.start_ns or None,
    })


def decode_result(value: bytes) -> ResultMessage:
    doc = _load(value)
    item = _item(doc.get("item"))
    agent = doc.get("agent") or {}
    start_ns = doc.get("trace_start_ns")
    start = dt.datetime(1970, 1, 1) + dt.timedelta(microseconds=start_ns // 1000) if start_ns else None
    try:
        scored = [Scored(item.task_id, item.trace_id, item.version, item.run_id, EvalResult.model_validate(r),
                         agent.get("name"), agent.get("version"), start) for r in doc.get("results") or []]
    except (ValidationError, TypeError) as exc:
        raise MalformedMessage(f"invalid result in result message: {exc}") from None
    return ResultMessage(item, bool(doc.get("ok")), doc.get("reason"), scored, str(doc.get("worker")))


Position = tuple[str, int, int]  # topic, partition, offset (messages themselves are not hashable)


def _position(msg: Message) -> Position:
    return msg.topic(), msg.partition(), msg.offset()


def _firsts(messages: Sequence[Message]) -> dict[tuple[str, int], Message]:
    """Each partition's first message in a batch."""
    firsts: dict[tuple[str, int], Message] = {}
    for m in messages:
        firsts.setdefault((m.topic(), m.partition()), m)
    return firsts


def _rewind(consumer, firsts: Iterable[Message], past: Message | None = None) -> None:
    """Read each partition again from its first message of the batch (from after `past`)."""
    for m in firsts:
        consumer.seek(TopicPartition(m.topic(), m.partition(), m.offset() + (m is past)))


def _attempt(metadata: str | None) -> int:
    """N from an `attempt=N` commit mark; 0 for none (a normal commit carries no metadata)."""
    name, _, value = (metadata or "").partition("=")
    return int(value) if name == "attempt" and value.isdigit() else 0


def _item_doc(item: WorkItem) -> dict[str, Any]:
    return {f: getattr(item, f) for f in _ITEM_FIELDS}


def _load(value: bytes | None) -> dict:
    try:
        doc = orjson.loads(value or b"")
    except orjson.JSONDecodeError as exc:
        raise MalformedMessage(f"not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise MalformedMessage("not a JSON object")
    return doc


def _item(doc: Any) -> WorkItem:
    if not isinstance(doc, dict) or any(f not in doc for f in _ITEM_FIELDS):
        raise MalformedMessage(f"the item needs the fields {', '.join(_ITEM_FIELDS)}")
    try:
        return WorkItem(str(doc["task_id"]), str(doc["trace_id"]), int(doc["version"]), str(doc["run_id"]),
                        tuple(map(str, doc["evaluators"])), dict(doc["options"]), int(doc["attempts"]))
    except (TypeError, ValueError) as exc:
        raise MalformedMessage(f"invalid item: {exc}") from None


class KafkaWorker:
    """One consumer in the worker group. run() blocks until stop() (from a signal handler or thread)."""

    def __init__(self, kafka: KafkaSettings, evaluators: EvaluatorSettings, name: str | None = None):
        self.kafka, self.max_attempts = kafka, evaluators.max_attempts
        self.evaluations = make_evaluations(evaluators)
        self.name = name or f"{socket.gethostname()}-{os.getpid()}"
        self.items_done = 0
        self._stop = threading.Event()

    def stop(self, *_: object) -> None:
        self._stop.set()

    def run(self) -> None:
        ensure_topics(self.kafka, [self.kafka.work_topic, self.kafka.results_topic])
        producer = AckedProducer(self.kafka)
        producer.start()
        consumer = Consumer({**self.kafka.consumer(self.kafka.worker_group), "client.id": f"worker-{self.name}"})
        consumer.subscribe([self.kafka.work_topic], on_assign=self._assigned, on_revoke=self._revoked)
        offsets = OffsetCommitter(consumer, f"worker {self.name}")
        try:
            while not self._stop.is_set():
                messages = usable(consumer.consume(self.kafka.worker_batch, 0.5))
                offsets.retry()
                if not messages:
                    continue
                try:
                    messages, attempts = self._mark_attempts(consumer, messages)
                except KafkaException as exc:  # a rebalance refused the mark: nothing evaluated yet
                    if exc.args[0].fatal():
                        raise
                    log.warning("worker %s: could not count this attempt (%s); reading the batch again",
                                self.name, exc.args[0].str())
                    _rewind(consumer, _firsts(messages).values())
                    continue
                self._process(messages, attempts, producer)
                offsets.commit(messages)
        finally:
            consumer.close()
            producer.shutdown()

    def _mark_attempts(self, consumer, messages: list[Message]) -> tuple[list[Message], dict[Position, int]]:
        """Count this attempt at each partition's first message in its committed offset's metadata.

        Returns what to evaluate now: all of `messages`, or after a crash the marked message with
        the most attempts, alone (the consumer is rewound to read the rest again)."""
        firsts = _firsts(messages)
        committed = consumer.committed([TopicPartition(t, p) for t, p in firsts], timeout=self.kafka.connect_timeout_s)
        attempts: dict[Position, int] = {}
        for tp in committed:
            first = firsts[(tp.topic, tp.partition)]
            prior = _attempt(tp.metadata) if tp.offset == first.offset() else 0
            attempts[_position(first)] = prior + 1
        suspects = sorted((m for m in firsts.values() if attempts[_position(m)] > 1),
                          key=lambda m: -attempts[_position(m)])
        marked = suspects[:1] or list(firsts.values())  # what is read again is not started now
        consumer.commit(offsets=[TopicPartition(m.topic(), m.partition(), m.offset(),
                                                metadata=f"attempt={attempts[_position(m)]}") for m in marked],
                        asynchronous=False)
        if not suspects:
            return messages, attempts
        suspect = suspects[0]
        _rewind(consumer, firsts.values(), past=suspect)  # everything else is read again once it is settled
        log.warning("worker %s: %s was taken by a worker that stopped (attempt %d); evaluating it alone",
                    self.name, where(suspect), attempts[_position(suspect)])
        return [suspect], attempts

    def _process(self, messages: list[Message], attempts: dict[Position, int], producer: AckedProducer) -> None:
        """Evaluate, publish the results and wait for acks=all; raises if Kafka does not acknowledge."""
        out = []
        for msg in messages:
            try:
                item, trajectory = decode_work(msg.value())
            except MalformedMessage as exc:
                log.warning("skipping malformed work message %s: %s", where(msg), exc)
                continue
            tries = attempts.get(_position(msg), 1)
            if tries > self.max_attempts:
                reason = f"abandoned: {tries - 1} workers died evaluating it ({where(msg)})"
                log.error("worker %s: %s", self.name, reason)
                out.append((item_key(item), encode_result(item, trajectory, [], [reason], self.name)))
                continue
            log.info("worker %s evaluating %s", self.name, where(msg))
            outcome = self.evaluations.for_item(item).run(trajectory, item.evaluators)
            out.append((item_key(item), encode_result(item, trajectory, outcome.results, outcome.errors, self.name)))
        producer.send(self.kafka.results_topic, out).result()
        self.items_done += len(out)
        log.info("worker %s evaluated %d items (%s), %d in all", self.name, len(out),
                 ", ".join(where(m) for m in messages), self.items_done)

    def _assigned(self, consumer, partitions) -> None:
        log.info("worker %s assigned %s", self.name, sorted(p.partition for p in partitions))

    def _revoked(self, consumer, partitions) -> None:
        log.info("worker %s revoked %s", self.name, sorted(p.partition for p in partitions))

