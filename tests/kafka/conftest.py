"""Scale-out processes against the real broker: the harness's cluster, on topics and consumer groups
of each test's own (so tests never see each other's data)."""
from __future__ import annotations

import signal

import pytest

from collector.receiving.kafka_encoding import split_by_trace
from tests.otlp_payloads import request_with_spans
from tracepatrol.harness import kafka


class Cluster(kafka.Cluster):
    def produce_traces(self, traces: int, spans: int) -> int:
        """Publish `traces` fresh traces of `spans` spans, one message per trace; returns the span count."""
        messages = []
        for _ in range(traces):
            messages += split_by_trace(request_with_spans(spans)[0], 1_000_000)
        self.produce(messages)
        return traces * spans


@pytest.fixture
def cluster(tmp_path, kafka_bootstrap):
    c = Cluster(tmp_path, kafka_bootstrap, partitions=4, connect_timeout_s=10)
    yield c
    c.stop(signal.SIGKILL)
