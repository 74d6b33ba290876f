"""OTLP/HTTP against a running `tracepatrol serve` (real sockets, real DuckDB): an acknowledgement
means a commit, what is sent is assembled, the key guards every port, a resent batch is stored once.
How the receiver answers what it cannot take is tested in process (test_receiver_http.py)."""
from __future__ import annotations

import json

import httpx
import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

from tests.otlp_payloads import json_request, request_with_spans
from tracepatrol.harness.process import make_server

PB = {"Content-Type": "application/x-protobuf"}


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
