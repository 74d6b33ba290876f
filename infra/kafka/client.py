"""What every Kafka-speaking process shares: the reachability check, topics, an acknowledging
producer and offset commits.

`AckedProducer.send()` returns a Future that resolves only once the broker acknowledged every
message (acks=all), so callers acknowledge upstream only after Kafka has the data.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future

import duckdb
from confluent_kafka import KafkaError, KafkaException, Message, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

from infra.errors import QueueFull, StorageUnavailable
from infra.kafka.config import KafkaSettings

log = logging.getLogger(__name__)


class KafkaUnavailable(StorageUnavailable):
    """The broker cannot be reached or did not acknowledge; retryable (503 / UNAVAILABLE)."""


class ProducerFull(Exception):
    """The producer's local queue is full: the broker is behind, the sender should slow down."""


def check_reachable(settings: KafkaSettings) -> None:
    """Fail fast at start-up, naming the bootstrap address, when no broker answers."""
    admin = AdminClient(settings.client(**{"socket.connection.setup.timeout.ms": int(settings.connect_timeout_s * 1000),
                                           "log_level": 0}))  # the failure is reported once, below
    try:
        admin.list_topics(timeout=settings.connect_timeout_s)
    except KafkaException as exc:
        raise KafkaUnavailable(f"cannot reach Kafka at {settings.bootstrap} within "
                               f"{settings.connect_timeout_s:g}s: {exc.args[0].str()}") from None


def ensure_topics(settings: KafkaSettings, topics: Sequence[str]) -> None:
    """Create missing topics with the configured partitions; existing ones are left as they are."""
    admin = AdminClient(settings.client())
    new = [NewTopic(t, num_partitions=settings.partitions, replication_factor=settings.replication) for t in topics]
    for topic, future in admin.create_topics(new, request_timeout=settings.connect_timeout_s).items():
        try:
            future.result(settings.connect_timeout_s)
        except KafkaException as exc:
            if exc.args[0].code() != KafkaError.TOPIC_ALREADY_EXISTS:
                raise KafkaUnavailable(f"cannot create topic {topic} on {settings.bootstrap}: {exc.args[0]}") from None


class AckedProducer:
    """An idempotent acks=all producer whose delivery reports are served by its own thread.

    Thread-safe: any thread may send(). Lifecycle start()/shutdown(); shutdown flushes and is
    safe twice or before start.
    """

    def __init__(self, settings: KafkaSettings):
        self.settings = settings
        self._producer = Producer(settings.producer())
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._serve, name="tracepatrol-kafka-acks", daemon=True)
            self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            self._producer.poll(0.1)

    def send(self, topic: str, messages: Sequence[tuple[bytes | str, bytes]]) -> Future:
        """Produce (key, value) pairs; the Future holds how many were acknowledged, or KafkaUnavailable.

        Raises ProducerFull at once when the local queue cannot take them.
        """
        done: Future = Future()
        if not messages:
            done.set_result(0)
            return done
        state = {"left": len(messages), "error": None}
        lock = threading.Lock()

        def on_delivery(err, _msg) -> None:
            with lock:
                state["left"] -= 1
                if err is not None and state["error"] is None:
                    state["error"] = err
                if state["left"]:
                    return
            if state["error"] is None:
                done.set_result(len(messages))
            else:
                done.set_exception(KafkaUnavailable(f"Kafka at {self.settings.bootstrap} did not acknowledge "
                                                    f"{topic}: {state['error'].str()}"))

        for i, (key, value) in enumerate(messages):
            try:
                self._producer.produce(topic, value=value, key=key, on_delivery=on_delivery)
            except BufferError:
                for _ in messages[i:]:  # the unsent ones count as failed, so the Future still resolves
                    on_delivery(KafkaError(KafkaError._QUEUE_FULL), None)
                raise ProducerFull(f"Kafka producer queue is full ({self.settings.bootstrap} is behind)") from None
            except KafkaException as exc:
                for _ in messages[i:]:
                    on_delivery(exc.args[0], None)
                return done
        return done

    def shutdown(self, timeout_s: float = 10.0) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        self._thread = None
        left = self._producer.flush(timeout_s)
        if left:
            log.warning("%d Kafka messages were not acknowledged at shutdown (their senders got no ack)", left)


class KafkaLoop:
    """A named daemon thread running `step()` until shutdown(); start()/shutdown() safe twice.

    Transient failures (broker, queue, storage) are retried in place by `_until_done`, so what a
    step consumed is never committed before it is durable.
    """

    name = "loop"

    def __init__(self, retry_s: float):
        self.retry_s = retry_s
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name=f"tracepatrol-{self.name}", daemon=True)
            self._thread.start()

    def wake(self, *_: object) -> None:
        self._wake.set()

    def shutdown(self) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._wake.set()
        self._thread.join()
        self._thread = None
        self.close()

    def close(self) -> None:
        pass

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                idle = self.step()
            except Exception:  # never lose the thread: what failed is retried on the next step
                log.exception("%s failed; retrying", self.name)
                idle = True
            if idle:
                self._wake.wait(self.retry_s)
                self._wake.clear()

    def step(self) -> bool:
        """One round of work; True when there was nothing to do (the loop then waits)."""
        raise NotImplementedError

    def _until_done(self, what: str, action: Callable[[], object]) -> bool:
        """Retry a transient failure (broker, storage) until it succeeds; False if shut down first."""
        while not self._stop.is_set():
            try:
                action()
                return True
            except (StorageUnavailable, QueueFull, ProducerFull, duckdb.Error) as exc:
                log.warning("%s: %s; retrying", what, exc)
                self._stop.wait(self.retry_s)
        return False


class OffsetCommitter:
    """Commits, synchronously, the position after processed messages in each partition.

    The group may refuse a commit without anything being wrong: during a cooperative rebalance
    (REBALANCE_IN_PROGRESS) or right after one (a generation that moved on). Kafka's guidance is to
    let the next poll finish the rebalance and commit again for the partitions still owned, so a
    refused commit is owed and retried after each poll; a partition that moved meanwhile is read
    again by its new owner from its last commit (at least once). Only a fatal error raises.
    """

    def __init__(self, consumer, owner: str):
        self.consumer, self.owner = consumer, owner
        self._owed: dict[tuple[str, int], int] = {}

    def commit(self, messages: Sequence[Message]) -> None:
        for m in messages:
            key = (m.topic(), m.partition())
            self._owed[key] = max(self._owed.get(key, -1), m.offset() + 1)
        self.retry()

    def retry(self) -> None:
        """Commit what is owed for the partitions this consumer still owns; call after each poll."""
        if not self._owed:
            return
        owned = {(tp.topic, tp.partition) for tp in self.consumer.assignment()}
        self._owed = {key: offset for key, offset in self._owed.items() if key in owned}
        if not self._owed:
            return
        try:
            self.consumer.commit(offsets=[TopicPartition(t, p, o) for (t, p), o in self._owed.items()],
                                 asynchronous=False)
        except KafkaException as exc:
            if exc.args[0].fatal():
                raise
            log.warning("%s: offset commit refused (%s); committing again after the next poll", self.owner,
                        exc.args[0].str())
            return
        self._owed.clear()


def where(msg: Message) -> str:
    return f"{msg.topic()}[{msg.partition()}]@{msg.offset()}"


def usable(messages: Sequence[Message]) -> list[Message]:
    """The messages that carry data; consumer errors are logged (end of partition is not one)."""
    out = []
    for m in messages:
        err = m.error()
        if err is None:
            out.append(m)
        elif err.code() != KafkaError._PARTITION_EOF:
            log.warning("Kafka consumer error on %s: %s", m.topic(), err)
    return out
