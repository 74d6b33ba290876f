"""The memory limiter: refusal above the soft limit, release, recovery, wiring."""
from __future__ import annotations

import grpc
import httpx
import pytest
import yaml
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc

from collector.config import CollectorSettings
from collector.receiving.memory_limiter import MIB, MemoryLimiter
from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.process import make_server


def test_refuses_above_the_soft_limit_and_takes_spans_again_below_it():
    readings = iter([100, 350, 450, 390, 300])
    limiter = MemoryLimiter(400 * MIB, 80 * MIB, 0.01, rss=lambda: next(readings) * MIB)
    assert not limiter.check() and limiter.refusal() is None            # 100 MiB
    assert limiter.check()                                              # 350 (and 450 after releasing)
    assert limiter.refusal() == "memory use 450 MiB is above the soft limit of 320 MiB"
    assert not limiter.check() and limiter.refusal() is None            # 390, but 300 once freed memory is released
    assert limiter.peak == 450 * MIB
    assert not CollectorSettings().memory_limiter.guard(lambda: False)()  # off by default


def test_a_spike_limit_not_below_the_limit_is_refused():
    with pytest.raises(ValueError, match=r"spike_limit_mib \(512\) must be below limit_mib \(512\)"):
        CollectorSettings(memory_limiter={"limit_mib": 512, "spike_limit_mib": 512})


def test_receivers_answer_429_and_resource_exhausted_while_memory_is_high(tmp_path):
    """A limit below what the idle server already uses: every request is refused, with the reason."""
    cfg = tmp_path / "tight.yaml"
    cfg.write_text(yaml.safe_dump({"collector": {"memory_limiter": {"limit_mib": 64, "check_interval_ms": 10}}}))
    srv = make_server(tmp_path, "--config", str(cfg)).start()
    try:
        body = request_with_spans(3)[0].SerializeToString()
        resp = httpx.post(srv.otlp_http, content=body, headers={"Content-Type": "application/x-protobuf"}, timeout=30)
        assert resp.status_code == 429 and resp.headers["retry-after"] == "1"
        assert b"above the soft limit of 52 MiB" in resp.content
        with grpc.insecure_channel(srv.otlp_grpc) as channel, pytest.raises(grpc.RpcError) as err:
            trace_service_pb2_grpc.TraceServiceStub(channel).Export(request_with_spans(3)[0], timeout=30)
        assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert srv.get("/api/stats").json()["spans"] == 0
    finally:
        srv.stop()
    assert "refusing new spans (429)" in srv.log.read_text()
