"""The OTLP/HTTP receiver in this process: the real app on the in-memory sink, no socket, no store.

What a sender sees of decoding, partial success, compression, limits and content types; that an
acknowledgement means a commit, and what gets assembled, is tests/collector/test_otlp_http.py's."""
from __future__ import annotations

import asyncio
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

from collector.decoding.otlp import Limits
from collector.receiving.otlp_http import build_app
from collector.receiving.receiver import MemorySink, TraceReceiver
from collector.queue.ingest import IngestStats
from tests.otlp_payloads import json_request, request_with_spans

PB = {"Content-Type": "application/x-protobuf"}
JS = {"Content-Type": "application/json"}


class Receiver:
    """The OTLP/HTTP app on a MemorySink, called through httpx's ASGI transport."""

    def __init__(self, max_request_bytes: int = 1 << 20):
        self.sink = MemorySink()
        self.app = build_app(TraceReceiver(self.sink, IngestStats(), Limits()), max_request_bytes)

    def send(self, body: bytes, headers: dict, method: str = "POST", path: str = "/v1/traces") -> httpx.Response:
        async def go() -> httpx.Response:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app), base_url="http://otlp") as client:
                return await client.request(method, path, content=body, headers=headers)

        return asyncio.run(go())


@pytest.fixture
def receiver() -> Receiver:
    return Receiver()


def test_partial_success_rejects_bad_ids_and_keeps_the_rest(receiver):
    req, _ = request_with_spans(3)
    spans = req.resource_spans[0].scope_spans[0].spans
    bad = spans.add()
    bad.CopyFrom(spans[1])
    bad.trace_id = os.urandom(15)  # not 16 bytes
    bad2 = spans.add()
    bad2.CopyFrom(spans[2])
    bad2.span_id = b"\x00" * 8
    resp = receiver.send(req.SerializeToString(), PB)
    assert resp.status_code == 200
    partial = ExportTraceServiceResponse.FromString(resp.content).partial_success
    assert partial.rejected_spans == 2
    assert "trace_id must be 16" in partial.error_message and "span_id must be 8" in partial.error_message
    assert receiver.sink.spans == 3
    # the same in JSON encoding
    doc, _ = json_request()
    doc["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["traceId"] = "abcd"
    resp = receiver.send(json.dumps(doc).encode(), JS)
    assert resp.status_code == 200
    assert resp.json()["partialSuccess"]["rejectedSpans"] == "1"
    assert receiver.sink.spans == 4


def test_gzip_body(receiver):
    req, trace_id = request_with_spans(4)
    resp = receiver.send(gzip.compress(req.SerializeToString()), {**PB, "Content-Encoding": "gzip"})
    assert resp.status_code == 200
    [batch] = receiver.sink.batches
    assert len(batch) == 4 and set(batch.to_arrow()["trace_id"].to_pylist()) == {trace_id}


@pytest.mark.parametrize("body,headers", [
    (b"\xff\xff\xff\xff garbage", PB),
    (b"{not json", JS),
    (b"[1, 2]", JS),
    (gzip.compress(b"x", mtime=0)[:-4], {**PB, "Content-Encoding": "gzip"}),
    (b"plain", {**PB, "Content-Encoding": "gzip"}),
])
def test_undecodable_body_is_400_with_status_in_request_encoding(receiver, body, headers):
    resp = receiver.send(body, headers)
    assert resp.status_code == 400
    if headers["Content-Type"] == "application/json":
        assert resp.json()["code"] == code_pb2.INVALID_ARGUMENT and resp.json()["message"]
    else:
        status = status_pb2.Status.FromString(resp.content)
        assert status.code == code_pb2.INVALID_ARGUMENT and status.message
    assert receiver.sink.spans == 0
    req, _ = request_with_spans(1)  # the next request is taken
    assert receiver.send(req.SerializeToString(), PB).status_code == 200


def test_other_content_type_is_415_and_other_method_is_405(receiver):
    resp = receiver.send(b"x", {"Content-Type": "text/plain"})
    assert resp.status_code == 415
    assert "text/plain" in resp.json()["message"]
    resp = receiver.send(b"", {}, method="GET")
    assert resp.status_code == 405
    assert resp.headers["allow"] == "POST"
    assert receiver.send(b"", PB, path="/v1/logs").status_code == 404


def test_body_over_limit_is_413_measured_after_decompression():
    receiver = Receiver(max_request_bytes=4096)
    req, _ = request_with_spans(40)
    raw = req.SerializeToString()
    assert len(raw) > 4096
    assert receiver.send(raw, PB).status_code == 413
    bomb = gzip.compress(b"\x00" * 10_000_000)  # 10 MB of zeros in ~10 KB
    resp = receiver.send(bomb, {**PB, "Content-Encoding": "gzip"})
    assert resp.status_code == 413
    assert "4096" in status_pb2.Status.FromString(resp.content).message
    small, _ = request_with_spans(2)
    assert receiver.send(small.SerializeToString(), PB).status_code == 200
    assert receiver.sink.spans == 2


def test_empty_request_is_success(receiver):
    resp = receiver.send(ExportTraceServiceRequest().SerializeToString(), PB)
    assert resp.status_code == 200
    assert receiver.sink.batches == []
