"""OTLP → two collectors → Kafka → ingest → DuckDB, through the real SDK exporters and broker."""
from __future__ import annotations

import json
import subprocess

import httpx
from confluent_kafka import Consumer
from confluent_kafka.admin import AdminClient, NewTopic

from google.rpc.status_pb2 import Status
from prometheus_client.parser import text_string_to_metric_families

from collector.decoding.otlp import parse_protobuf

from tests.otel_traffic import TraceSpec, send
from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.ports import free_port
from tracepatrol.harness.process import make_server, tracepatrol
from tracepatrol.harness.waiting import wait_for


def counters(proc) -> dict[str, float]:
    """The process's /metrics counters by family name (one sample each, unlabelled)."""
    return {f.name: f.samples[0].value for f in text_string_to_metric_families(proc.get("/metrics").text)
            if f.type == "counter" and len(f.samples) and not f.samples[0].labels}


def test_two_collectors_store_every_acknowledged_span_once(cluster):
    a, b = cluster.collect("collect-a").start(), cluster.collect("collect-b").start()
    ingest = cluster.ingest().start()
    ids = send(a.otlp_http, [TraceSpec(user_id="via-a") for _ in range(30)])
    ids += send(b.otlp_http, [TraceSpec(user_id="via-b", failed=True) for _ in range(30)])
    spans = 3 * len(ids)  # root, chat and tool span per trace (tests/otel_traffic.py)
    for collector in (a, b):  # a collector has no database, but its health and counters
        assert collector.get("/healthz").json() == {"status": "ok", "role": "collect"}
        counts = counters(collector)
        assert counts["tracepatrol_spans_received"] == counts["tracepatrol_spans_published"] == spans // 2
        assert counts["tracepatrol_spans_publish_failed"] == 0
        assert not {"tracepatrol_spans_stored", "tracepatrol_spans_consumed", "tracepatrol_trajectories"} & set(counts)
    wait_for("every trace assembled", lambda: ingest.stats()["traces"] == len(ids))
    assert ingest.stats()["spans"] == spans
    counts = counters(ingest)
    assert counts["tracepatrol_spans_consumed"] == counts["tracepatrol_spans_stored"] == spans
    assert "tracepatrol_spans_received" not in counts and "tracepatrol_spans_published" not in counts
    trace = ingest.get(f"/api/traces/{ids[-1]}").json()
    assert trace["status"] == "error" and trace["user_id"] == "via-b"

    ingest.stop()
    assert cluster.query("SELECT count(*), count(DISTINCT (trace_id, span_id)) FROM spans") == [(spans, spans)]
    assert cluster.query("SELECT count(*) FROM traces") == [(len(ids),)]
    assert sorted(r[0] for r in cluster.query("SELECT trace_id FROM traces")) == sorted(ids)


def test_collector_acknowledges_only_what_kafka_acknowledged(cluster):
    """The broker refuses messages over the topic's max.message.bytes: the sender gets 503, not 200."""
    admin = AdminClient({"bootstrap.servers": cluster.bootstrap})
    topic = NewTopic(cluster.kafka["topic"], num_partitions=1, replication_factor=1, config={"max.message.bytes": "2048"})
    admin.create_topics([topic])[cluster.kafka["topic"]].result(30)
    collector = cluster.collect().start()
    big, _ = request_with_spans(40)
    small, small_id = request_with_spans(2)
    headers = {"Content-Type": "application/x-protobuf"}

    refused = httpx.post(collector.otlp_http, content=big.SerializeToString(), headers=headers, timeout=60)
    assert refused.status_code == 503, refused.text
    assert Status.FromString(refused.content).message.startswith(f"Kafka at {cluster.bootstrap} did not acknowledge")
    assert refused.headers["Retry-After"]
    ok = httpx.post(collector.otlp_http, content=small.SerializeToString(), headers=headers, timeout=60)
    assert ok.status_code == 200, ok.text

    consumer = Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": cluster.kafka["group"],
                         "auto.offset.reset": "earliest"})
    consumer.subscribe([cluster.kafka["topic"]])
    try:
        msg = wait_for("the acknowledged message", lambda: consumer.poll(0.5))
        assert msg.key() == small_id.encode()
        assert parse_protobuf(msg.value()) == small
        assert consumer.poll(2) is None  # nothing of the refused request got through
    finally:
        consumer.close()


def test_serve_with_kafka_publishes_and_stores_in_one_process(cluster):
    srv = make_server(cluster.tmp, "--decision-wait", "0.3", "--config", str(cluster.config)).start()
    try:
        ids = send(srv.otlp_http, [TraceSpec() for _ in range(5)])
        for tid in ids:
            assert srv.wait_for_trace(tid)["span_count"] == 3
        assert "Kafka" in srv.log.read_text() and srv.get("/api/stats").json()["spans"] == 15
        counts = counters(srv)  # each span once per stage, though one process runs all four
        for stage in ("received", "published", "consumed", "stored"):
            assert counts[f"tracepatrol_spans_{stage}"] == 15, (stage, counts)
    finally:
        srv.stop()


def test_unreachable_broker_stops_start_up_naming_the_address(tmp_path):
    closed = free_port()
    config = tmp_path / "k.yaml"
    config.write_text(json.dumps({"kafka": {"bootstrap": f"127.0.0.1:{closed}", "connect_timeout_s": 1}}))
    for command in (["collect"], ["ingest", "--db", str(tmp_path / "x.duckdb")], ["worker"]):
        done = subprocess.run(tracepatrol(*command, "--config", str(config)), capture_output=True, text=True, timeout=60)
        assert done.returncode == 1, (command, done.stderr)
        assert f"cannot reach Kafka at 127.0.0.1:{closed} within 1s" in done.stderr
    done = subprocess.run(tracepatrol("ingest", "--kafka", "no-port"), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "invalid setting kafka.bootstrap" in done.stderr


def _first_message(cluster):
    consumer = Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": f"peek-{cluster.kafka['group']}",
                         "auto.offset.reset": "earliest"})
    consumer.subscribe([cluster.kafka["topic"]])
    try:
        return wait_for("a span message", lambda: consumer.poll(0.5))
    finally:
        consumer.close()


def test_a_redacting_collector_never_publishes_the_raw_values(cluster):
    cluster.configure(collector={"redaction": {"enabled": True}})
    collector = cluster.collect().start()
    request, trace_id = request_with_spans(2)
    request.resource_spans[0].scope_spans[0].spans[0].attributes.add(key="input.value").value.string_value = \
        "reach me at 13912345678"
    resp = httpx.post(collector.otlp_http, content=request.SerializeToString(),
                      headers={"Content-Type": "application/x-protobuf"}, timeout=60)
    assert resp.status_code == 200, resp.text
    msg = _first_message(cluster)
    assert msg.key() == trace_id.encode() and b"13912345678" not in msg.value()
    attrs = {kv.key: kv.value for kv in parse_protobuf(msg.value()).resource_spans[0].scope_spans[0].spans[0].attributes}
    assert attrs["input.value"].string_value == "reach me at [REDACTED:phone]"
    assert attrs["tracepatrol.redacted"].int_value == 1


def test_a_collector_over_its_memory_limit_refuses_with_the_reason(cluster):
    cluster.configure(collector={"memory_limiter": {"limit_mib": 64, "spike_limit_mib": 1, "check_interval_ms": 20}})
    collector = cluster.collect().start()  # a Python process with gRPC and librdkafka is well past 63 MiB
    request, _ = request_with_spans(2)
    resp = httpx.post(collector.otlp_http, content=request.SerializeToString(),
                      headers={"Content-Type": "application/x-protobuf"}, timeout=60)
    assert resp.status_code == 429 and resp.headers["Retry-After"]
    assert "above the soft limit of 63 MiB" in Status.FromString(resp.content).message
