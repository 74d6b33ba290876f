"""OTLP/HTTP receiver behaviour against a running `tracepatrol serve` (real sockets, real DuckDB)."""
from __future__ import annotations

import gzip
import json
import os

import httpx
import pytest
from google.rpc import code_pb2, status_pb2
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

from tests.otlp_payloads import json_request, request_with_spans
from tracepatrol.harness.process import make_server

PB = {"Content-Type": "application/x-protobuf"}
JS = {"Content-Type": "application/json"}


def post(srv, body: bytes, headers: dict, **kw) -> httpx.Response:
    return httpx.post(srv.otlp_http, content=body, headers={**headers, **srv.headers()}, timeout=30, **kw)


def stored_spans(srv) -> int:
    return srv.get("/api/stats").json()["spans"]


def test_protobuf_export_is_acknowledged_after_commit(server):
    req, trace_id = request_with_spans(3)
    resp = post(server, req.SerializeToString(), PB)
    assert resp.status_code == 200
    assert resp.headers["content-type"] == "application/x-protobuf"
    parsed = ExportTraceServiceResponse.FromString(resp.content)
    assert not parsed.HasField("partial_success")
    # acknowledged means committed: the spans are countable right away
    assert stored_spans(server) == 3
    traj = server.wait_for_trace(trace_id)
    assert traj["span_count"] == 3


def test_otlp_json_with_hex_ids_string_int64_int_enums_and_unknown_fields(server):
    doc, trace_id = json_request()
    resp = post(server, json.dumps(doc).encode(), {"Content-Type": "application/json; charset=utf-8"})
    assert resp.status_code == 200, resp.text
    assert resp.headers["content-type"].startswith("application/json")
    assert resp.json() == {}
    traj = server.wait_for_trace(trace_id.lower())
    assert traj["trace_id"] == trace_id.lower()
    assert traj["span_count"] == 2
    assert traj["duration_ms"] == pytest.approx(1500.0)


def test_gzip_body(server):
    req, trace_id = request_with_spans(4)
    resp = post(server, gzip.compress(req.SerializeToString()), {**PB, "Content-Encoding": "gzip"})
    assert resp.status_code == 200
    assert server.wait_for_trace(trace_id)["span_count"] == 4


def test_partial_success_rejects_bad_ids_and_stores_the_rest(server):
    req, trace_id = request_with_spans(3)
    spans = req.resource_spans[0].scope_spans[0].spans
    bad = spans.add()
    bad.CopyFrom(spans[1])
    bad.trace_id = os.urandom(15)  # not 16 bytes
    bad2 = spans.add()
    bad2.CopyFrom(spans[2])
    bad2.span_id = b"\x00" * 8
    resp = post(server, req.SerializeToString(), PB)
    assert resp.status_code == 200
    partial = ExportTraceServiceResponse.FromString(resp.content).partial_success
    assert partial.rejected_spans == 2
    assert "trace_id must be 16" in partial.error_message and "span_id must be 8" in partial.error_message
    assert stored_spans(server) == 3
    # the same in JSON encoding
    doc, _ = json_request()
    doc["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["traceId"] = "abcd"
    resp = post(server, json.dumps(doc).encode(), JS)
    assert resp.status_code == 200
    assert resp.json()["partialSuccess"]["rejectedSpans"] == "1"


@pytest.mark.parametrize("body,headers", [
    (b"\xff\xff\xff\xff garbage", PB),
    (b"{not json", JS),
    (b"[1, 2]", JS),
    (gzip.compress(b"x")[:-4], {**PB, "Content-Encoding": "gzip"}),
    (b"plain", {**PB, "Content-Encoding": "gzip"}),
])
def test_undecodable_body_is_400_with_status_in_request_encoding(server, body, headers):
    resp = post(server, body, headers)
    assert resp.status_code == 400
    if headers["Content-Type"] == "application/json":
        assert resp.json()["code"] == code_pb2.INVALID_ARGUMENT and resp.json()["message"]
    else:
        status = status_pb2.Status.FromString(resp.content)
        assert status.code == code_pb2.INVALID_ARGUMENT and status.message
    # still serving
    req, _ = request_with_spans(1)
    assert post(server, req.SerializeToString(), PB).status_code == 200


def test_other_content_type_is_415_and_other_method_is_405(server):
    resp = post(server, b"x", {"Content-Type": "text/plain"})
    assert resp.status_code == 415
    assert "text/plain" in resp.json()["message"]
    resp = httpx.get(server.otlp_http)
    assert resp.status_code == 405
    assert resp.headers["allow"] == "POST"
    assert httpx.post(server.otlp_http.replace("/v1/traces", "/v1/logs"), content=b"", headers=PB).status_code == 404


def test_body_over_limit_is_413_measured_after_decompression(tmp_path):
    cfg = tmp_path / "tp.yaml"
    cfg.write_text("collector:\n  max_request_bytes: 4096\n")
    srv = make_server(tmp_path, "--config", str(cfg)).start()
    try:
        req, _ = request_with_spans(40)
        raw = req.SerializeToString()
        assert len(raw) > 4096
        assert post(srv, raw, PB).status_code == 413
        bomb = gzip.compress(b"\x00" * 10_000_000)  # 10 MB of zeros in ~10 KB
        resp = post(srv, bomb, {**PB, "Content-Encoding": "gzip"})
        assert resp.status_code == 413
        assert "4096" in status_pb2.Status.FromString(resp.content).message
        small, trace_id = request_with_spans(2)
        assert post(srv, small.SerializeToString(), PB).status_code == 200
    finally:
        srv.stop()


def test_api_key_required_on_every_endpoint_but_healthz(tmp_path):
    srv = make_server(tmp_path, api_key="s3cret-key-123").start()
    try:
        req, trace_id = request_with_spans(2)
        body = req.SerializeToString()
        assert httpx.post(srv.otlp_http, content=body, headers=PB).status_code == 401
        wrong = {**PB, "Authorization": "Bearer nope-nope-nope"}
        assert httpx.post(srv.otlp_http, content=body, headers=wrong).status_code == 401
        for path in ("/api/stats", "/api/traces", f"/api/traces/{trace_id}"):
            assert httpx.get(srv.api + path).status_code == 401, path
        assert httpx.get(srv.api + "/healthz").status_code == 200
        assert post(srv, body, PB).status_code == 200
        assert srv.wait_for_trace(trace_id)["span_count"] == 2
    finally:
        srv.stop()


def test_resent_batch_is_stored_once(server):
    req, trace_id = request_with_spans(5)
    body = req.SerializeToString()
    for _ in range(3):
        assert post(server, body, PB).status_code == 200
    assert stored_spans(server) == 5
    stats = server.get("/api/stats").json()
    assert stats["duplicate_spans"] == 10


def test_empty_request_is_success(server):
    resp = post(server, ExportTraceServiceRequest().SerializeToString(), PB)
    assert resp.status_code == 200
    assert stored_spans(server) == 0
