"""Keys across processes on Kafka: the store publishes each key record (hash, role, project,
expiry, revocation; never a secret) to a compacted topic keyed by key id (`<span topic>_keys`:
the keys of the deployment whose spans go to that topic), and every collector follows the topic
from its start into its own `KeyRing`.

Why a topic and not collectors asking the store's API: collectors then need no credential of
their own and no route to the store, they keep checking keys while the store restarts, and a
collector started later reads every key at once (compaction keeps the latest record per key).
A revocation reaches them as fast as the store notices it (`ring.REFRESH_S`) plus one poll.
"""
from __future__ import annotations

import logging
import threading
import time

from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, KafkaException, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

from infra.access.keys import KeyRecord
from infra.access.ring import KeyRing
from infra.kafka.client import AckedProducer, KafkaUnavailable
from infra.kafka.config import KafkaSettings

log = logging.getLogger(__name__)

POLL_S = 0.2


def keys_topic(settings: KafkaSettings) -> str:
    return f"{settings.topic}_keys"


def ensure_topic(settings: KafkaSettings) -> None:
    """One compacted partition: every follower reads all keys, in order."""
    name = keys_topic(settings)
    admin = AdminClient(settings.client())
    topic = NewTopic(name, num_partitions=1, replication_factor=settings.replication,
                     config={"cleanup.policy": "compact"})
    future = admin.create_topics([topic], request_timeout=settings.connect_timeout_s)[name]
    try:
        future.result(settings.connect_timeout_s)
    except KafkaException as exc:
        if exc.args[0].code() != KafkaError.TOPIC_ALREADY_EXISTS:
            raise KafkaUnavailable(f"cannot create topic {name} on {settings.bootstrap}: {exc.args[0]}") from None


class KeyPublisher:
    """The store's side: `publish` is `TableRefresher.on_change` (and takes everything at start)."""

    def __init__(self, settings: KafkaSettings, producer: AckedProducer):
        self.topic, self.producer = keys_topic(settings), producer

    def publish(self, records: list[KeyRecord]) -> None:
        future = self.producer.send(self.topic, [(r.key_id, r.to_json()) for r in records])
        future.add_done_callback(lambda f: f.exception() and log.error("publishing keys failed: %s", f.exception()))


class KeyFollower:
    """A collector's side: a thread applying the topic's records to `ring`. start() reads up to
    the end of the topic before it returns, so the collector knows its keys before it listens."""

    def __init__(self, settings: KafkaSettings, ring: KeyRing):
        self.settings, self.ring, self.topic = settings, ring, keys_topic(settings)
        self._consumer = Consumer(settings.client(**{"group.id": f"tracepatrol-keys-{id(self)}",
                                                     "enable.auto.commit": False}))
        self._consumer.assign([TopicPartition(self.topic, 0, OFFSET_BEGINNING)])
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.applied = 0

    def catch_up(self, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        high = self._end(deadline)
        while self._position() < high:
            if time.monotonic() > deadline:
                raise KafkaUnavailable(f"could not read the keys topic {self.topic} within {timeout_s:g}s")
            self._poll()

    def _end(self, deadline: float) -> int:
        """The topic's end offset; a topic created a moment ago may take its metadata a moment."""
        while True:
            try:
                return self._consumer.get_watermark_offsets(TopicPartition(self.topic, 0),
                                                            timeout=max(0.1, deadline - time.monotonic()))[1]
            except KafkaException as exc:
                if exc.args[0].code() != KafkaError._UNKNOWN_PARTITION or time.monotonic() > deadline:
                    raise KafkaUnavailable(f"cannot read the keys topic {self.topic}: {exc.args[0].str()}") from None
                time.sleep(POLL_S)

    def _position(self) -> int:
        offset = self._consumer.position([TopicPartition(self.topic, 0)])[0].offset
        return max(offset, 0)

    def _poll(self) -> None:
        for msg in self._consumer.consume(500, POLL_S):
            if msg.error() is not None:
                if msg.error().code() != KafkaError._PARTITION_EOF:
                    log.warning("keys topic: %s", msg.error())
                continue
            if not msg.value():
                continue
            try:
                self.ring.apply(KeyRecord.from_json(msg.value()))
                self.applied += 1
            except (ValueError, TypeError) as exc:
                log.warning("skipping a malformed key record at %s@%d: %s", self.topic, msg.offset(), exc)

    def start(self, timeout_s: float = 10.0) -> "KeyFollower":
        if self._thread is None:
            self.catch_up(timeout_s)
            self._thread = threading.Thread(target=self._run, name="tracepatrol-key-follower", daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._poll()
            except Exception:  # a broker hiccup: the consumer reconnects, the next poll carries on
                log.warning("following the keys topic failed; retrying", exc_info=True)
                self._stop.wait(1.0)

    def shutdown(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None
        if self._consumer is not None:
            self._consumer.close()
            self._consumer = None
