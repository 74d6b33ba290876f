"""tracepatrol's producer puts a trace in the partition a stock Collector's kafka exporter picks.

The Collector (`partition_traces_by_id: true`) keys each message by the hex trace id and hashes it
with Sarama's default hash partitioner: 32-bit FNV-1a, taken as int32, remainder by the partition
count, absolute value. `sarama_partition` is that documented algorithm; the broker tells which
partition tracepatrol's producer really used.
"""
from __future__ import annotations

import os
import uuid

import pytest

from confluent_kafka import Producer

from infra.kafka.client import ensure_topics
from infra.kafka.config import KafkaSettings


def sarama_partition(key: bytes, partitions: int) -> int:
    h = 0x811C9DC5
    for byte in key:
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    signed = h - (1 << 32) if h & 0x80000000 else h
    return abs(signed) % partitions  # Go's % truncates toward zero, then Sarama negates a negative


def test_reference_algorithm_matches_fnv1a_test_vectors():
    # FNV-1a 32-bit reference values (the FNV authors' test suite): "" and "a" and "foobar".
    def fnv1a(data: bytes) -> int:
        h = 0x811C9DC5
        for byte in data:
            h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
        return h
    assert fnv1a(b"") == 0x811C9DC5 and fnv1a(b"a") == 0xE40C292C and fnv1a(b"foobar") == 0xBF9CF968
    assert sarama_partition(b"a", 7) == abs(0xE40C292C - (1 << 32)) % 7


@pytest.mark.parametrize("partitions", [4, 8])
def test_producer_partitions_trace_ids_like_the_collector(kafka_bootstrap, partitions):
    settings = KafkaSettings(bootstrap=kafka_bootstrap, topic=f"part-{uuid.uuid4().hex[:10]}", partitions=partitions)
    ensure_topics(settings, [settings.topic])
    keys = [os.urandom(16).hex().encode() for _ in range(100)]
    producer = Producer(settings.producer())  # the configuration AckedProducer runs with
    placed: dict[bytes, int] = {}

    def record(err, msg):
        assert err is None, err
        placed[msg.key()] = msg.partition()

    for key in keys:
        producer.produce(settings.topic, value=b"x", key=key, on_delivery=record)
    assert producer.flush(30) == 0
    assert len(placed) == len(keys)
    wrong = {k: (p, sarama_partition(k, partitions)) for k, p in placed.items() if p != sarama_partition(k, partitions)}
    assert not wrong, f"{len(wrong)} of {len(keys)} trace ids in another partition than the Collector's, e.g. {dict(list(wrong.items())[:5])}"
    assert len(set(placed.values())) > 1  # keys spread, not all in one partition
