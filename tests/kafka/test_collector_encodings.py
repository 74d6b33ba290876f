"""Topics written by a stock OpenTelemetry Collector Kafka exporter: otlp_proto and otlp_json, keyed or not."""
from __future__ import annotations

import base64

import orjson
from google.protobuf import json_format

from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.waiting import wait_for


def otlp_json(request) -> bytes:
    """The exporter's `otlp_json`: OTLP/JSON rules (lowerCamelCase, hex ids, integer enums)."""
    doc = json_format.MessageToDict(request, use_integers_for_enums=True)
    for rs in doc["resourceSpans"]:
        for ss in rs["scopeSpans"]:
            for span in ss["spans"]:
                for key in ("traceId", "spanId", "parentSpanId"):
                    if key in span:
                        span[key] = base64.b64decode(span[key]).hex()
    return orjson.dumps(doc)


def test_proto_and_json_keyed_and_unkeyed_are_ingested_and_garbage_is_skipped(cluster):
    payloads = {name: request_with_spans(n) for name, n in
                (("proto-keyed", 2), ("proto-unkeyed", 3), ("json-keyed", 4), ("json-unkeyed", 5))}
    key = {name: tid.encode() if name.endswith("-keyed") else None for name, (_, tid) in payloads.items()}
    value = {name: otlp_json(req) if name.startswith("json") else req.SerializeToString()
             for name, (req, _) in payloads.items()}
    cluster.produce([(b"x", b"not otlp at all"), (None, b'{"resourceSpans": [')]
                    + [(key[name], value[name]) for name in payloads])
    ingest = cluster.ingest().start()

    for name, (req, tid) in payloads.items():
        wait_for(f"trace {name}", lambda: ingest.get(f"/api/traces/{tid}").status_code == 200, timeout=30)
        assert ingest.get(f"/api/traces/{tid}").json()["span_count"] == len(req.resource_spans[0].scope_spans[0].spans)
    stats = ingest.stats()
    assert stats["malformed_messages"] == 2 and stats["spans"] == 14
    log = ingest.log.read_text()
    topic = cluster.kafka["topic"]
    assert log.count(f"skipping malformed span message {topic}[") == 2
    assert "cannot decode protobuf" in log and "cannot decode OTLP/JSON" in log
