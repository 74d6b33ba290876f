"""Kafka scale-out settings: one validated model shared by collectors, the store process and workers.

Absent (`kafka: null`, the default) means the embedded mode: no broker anywhere.
"""
from __future__ import annotations

import logging
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

_TOPIC = r"^[A-Za-z0-9._-]{1,249}$"
PARTITIONER = "fnv1a_random"  # librdkafka's Sarama-compatible FNV-1a (its default is CRC32)


class KafkaSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    bootstrap: str = Field(pattern=r"^[^,\s]+:\d+(,[^,\s]+:\d+)*$", description="bootstrap.servers, host:port[,host:port]")
    topic: str = Field("otlp_spans", pattern=_TOPIC, description="span topic (the Collector's traces.topic default)")
    group: str = Field("tracepatrol-ingest", min_length=1, description="consumer group of the store process")
    encoding: Literal["auto", "otlp_proto", "otlp_json"] = Field(
        "auto", description="span message encoding read by ingest; auto detects per message")
    partitions: int = Field(8, ge=1, le=10_000, description="partitions of the topics tracepatrol creates")
    replication: int = Field(1, ge=1, le=16, description="replication factor of the topics tracepatrol creates")
    client_id: str = Field("tracepatrol", min_length=1)
    delivery_timeout_s: float = Field(30.0, gt=0, le=600, description="producer gives up (503) after this")
    max_message_bytes: int = Field(1_000_000, ge=4096, description="a trace larger than this is sent in parts")
    session_timeout_ms: int = Field(10_000, ge=1000, le=300_000, description="a dead consumer's partitions move after this")
    poll_batch: int = Field(2000, ge=1, le=100_000, description="messages ingest reads per DuckDB commit at most")
    connect_timeout_s: float = Field(10.0, gt=0, le=300, description="start-up check that the broker answers")
    workers: bool = Field(False, description="store process: evaluate on `tracepatrol worker` processes, not in-process")
    work_topic: str = Field("tracepatrol_work", pattern=_TOPIC)
    results_topic: str = Field("tracepatrol_results", pattern=_TOPIC)
    worker_group: str = Field("tracepatrol-workers", min_length=1)
    max_in_flight: int = Field(2000, ge=1, description="store process: work items published and not yet answered")
    results_group: str = Field("tracepatrol-results", min_length=1)
    worker_batch: int = Field(8, ge=1, le=1000, description="work items a worker evaluates per offset commit")

    def client(self, **extra: Any) -> dict[str, Any]:
        """librdkafka's own log lines go through Python logging (logger "kafka"), not raw stderr."""
        return {"bootstrap.servers": self.bootstrap, "client.id": self.client_id,
                "logger": logging.getLogger("kafka"), **extra}

    def producer(self) -> dict[str, Any]:
        """acks=all and idempotence: a delivery report means every in-sync replica has it, once.

        Keys are hashed with FNV-1a like the Collector's kafka exporter (Sarama's default hash
        partitioner, `partition_traces_by_id`), so a trace published by tracepatrol and by a stock
        Collector lands in one partition; unkeyed messages spread at random, as Sarama's do.
        """
        return self.client(**{"acks": "all", "enable.idempotence": True, "linger.ms": 5,
                              "partitioner": PARTITIONER,
                              "message.timeout.ms": int(self.delivery_timeout_s * 1000),
                              "message.max.bytes": self.max_message_bytes + 65_536})

    def consumer(self, group: str) -> dict[str, Any]:
        """Offsets are committed by hand, only after what a message carried is durable."""
        return self.client(**{"group.id": group, "enable.auto.commit": False, "enable.auto.offset.store": False,
                              "auto.offset.reset": "earliest", "session.timeout.ms": self.session_timeout_ms,
                              "heartbeat.interval.ms": max(500, self.session_timeout_ms // 5),
                              "partition.assignment.strategy": "cooperative-sticky"})

