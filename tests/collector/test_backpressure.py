"""Queue-full paths, in process: a queue whose writer is held back so it really fills."""
from __future__ import annotations

import asyncio
import threading

import grpc
import httpx
import pytest
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc

from collector.decoding.otlp import Limits
from collector.receiving.otlp_grpc import start_server
from collector.receiving.otlp_http import build_app
from collector.receiving.receiver import TraceReceiver
from collector.queue.ingest import IngestQueue, IngestStats
from tests.otlp_payloads import request_with_spans


def receiver_with_full_queue() -> TraceReceiver:
    queue = IngestQueue(max_spans=600, retry_after_s=7)
    rec = TraceReceiver(queue, IngestStats(), Limits(), ack_timeout_s=30)
    rec.accept(request_with_spans(600)[0])  # fills the queue; nothing drains it
    return rec


def test_http_answers_429_with_retry_after_when_the_queue_is_full():
    rec = receiver_with_full_queue()
    app = build_app(rec, 1 << 20)

    async def go():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
            body = request_with_spans(3)[0].SerializeToString()
            return await client.post("/v1/traces", content=body, headers={"Content-Type": "application/x-protobuf"})

    resp = asyncio.run(go())
    assert resp.status_code == 429
    assert resp.headers["retry-after"] == "7"
    status = status_pb2.Status.FromString(resp.content)
    assert status.code == code_pb2.RESOURCE_EXHAUSTED
    assert rec.stats.throttled_requests == 1
    # the queue drains, and the next request is accepted
    taken = rec.queue.take(10_000, 0.1)
    for item in taken:
        item.future.set_result(item.table.num_rows)
    assert rec.queue.depth == 0
    assert rec.accept(request_with_spans(3)[0]).future is not None


def test_grpc_answers_resource_exhausted_with_retry_info_in_both_trailers():
    rec = receiver_with_full_queue()
    server, port = start_server(rec, "127.0.0.1", 0, 1 << 20, None, workers=2)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = trace_service_pb2_grpc.TraceServiceStub(channel)
            with pytest.raises(grpc.RpcError) as info:
                stub.Export(request_with_spans(3)[0], timeout=10)
        err = info.value
        assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        trailers = dict(err.trailing_metadata())
        retry = error_details_pb2.RetryInfo.FromString(trailers["google.rpc.retryinfo-bin"])
        assert retry.retry_delay.seconds == 7
        status = rpc_status.from_call(err)
        assert any(d.Is(error_details_pb2.RetryInfo.DESCRIPTOR) for d in status.details)
    finally:
        server.stop(0)


def test_grpc_ack_waits_for_the_commit():
    queue = IngestQueue(max_spans=10_000)
    rec = TraceReceiver(queue, IngestStats(), Limits(), ack_timeout_s=30)
    server, port = start_server(rec, "127.0.0.1", 0, 1 << 20, None, workers=2)
    result = {}

    def call():
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            result["resp"] = trace_service_pb2_grpc.TraceServiceStub(channel).Export(request_with_spans(2)[0], timeout=20)

    try:
        t = threading.Thread(target=call)
        t.start()
        items = []
        while not items:
            items = queue.take(100, 0.05)
        assert "resp" not in result  # not acknowledged before the commit
        for item in items:
            item.future.set_result(item.table.num_rows)
        t.join(10)
        assert not result["resp"].HasField("partial_success")
    finally:
        server.stop(0)
