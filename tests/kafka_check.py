"""Smoke check for the broker started by `bash scripts/kafka.sh start` (a plain script, not a pytest test).

Creates a fresh topic, produces 10 keyed messages with acks=all, consumes them back and prints OK.
Exits non-zero on any failure.

    .venv/bin/python tests/kafka_check.py [--bootstrap 127.0.0.1:19092]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid

from confluent_kafka import Consumer, KafkaException, Producer
from confluent_kafka.admin import AdminClient, NewTopic

N_MESSAGES = 10


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--bootstrap",
        default=f"127.0.0.1:{os.environ.get('KAFKA_PORT', '19092')}",
        help="bootstrap.servers (default 127.0.0.1:$KAFKA_PORT or 19092)",
    )
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per step")
    args = parser.parse_args()

    topic = f"kafka-check-{uuid.uuid4().hex[:8]}"
    common = {"bootstrap.servers": args.bootstrap}

    # 1. create the topic
    admin = AdminClient(common)
    futures = admin.create_topics([NewTopic(topic, num_partitions=2, replication_factor=1)])
    futures[topic].result(timeout=args.timeout)
    print(f"created topic {topic}")

    # 2. produce 10 keyed messages with acks=all
    delivered: list[tuple[str, int, int]] = []
    errors: list[str] = []

    def on_delivery(err, msg) -> None:
        if err is not None:
            errors.append(str(err))
        else:
            delivered.append((msg.key().decode(), msg.partition(), msg.offset()))

    producer = Producer({**common, "acks": "all", "enable.idempotence": True})
    sent = {f"key-{i}": f"value-{i}" for i in range(N_MESSAGES)}
    for key, value in sent.items():
        producer.produce(topic, key=key, value=value, on_delivery=on_delivery)
    remaining = producer.flush(args.timeout)
    if remaining or errors or len(delivered) != N_MESSAGES:
        print(f"FAIL: produce: {remaining} undelivered, errors={errors}", file=sys.stderr)
        return 1
    print(f"produced {len(delivered)} messages (acks=all) to partitions {sorted({p for _, p, _ in delivered})}")

    # 3. consume them back
    consumer = Consumer(
        {
            **common,
            "group.id": f"kafka-check-{uuid.uuid4().hex[:8]}",
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
        }
    )
    consumer.subscribe([topic])
    received: dict[str, str] = {}
    deadline = time.monotonic() + args.timeout
    try:
        while len(received) < N_MESSAGES and time.monotonic() < deadline:
            msg = consumer.poll(1.0)
            if msg is None:
                continue
            if msg.error():
                raise KafkaException(msg.error())
            received[msg.key().decode()] = msg.value().decode()
    finally:
        consumer.close()

    if received != sent:
        missing = sorted(set(sent) - set(received))
        print(f"FAIL: consumed {len(received)}/{N_MESSAGES} messages, missing {missing}", file=sys.stderr)
        return 1

    admin.delete_topics([topic])[topic].result(timeout=args.timeout)
    print(f"consumed {len(received)} messages back, keys and values match")
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
