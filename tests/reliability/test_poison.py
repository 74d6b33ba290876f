"""One sender's trace never stops, slows or outlives the others (the poison trace, a huge or cyclic
trace, the orphaned assembly process), against a real `tracepatrol serve` over OTLP/HTTP."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import duckdb
import httpx
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.json_limits import CLIPPED_MARK
from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.process import make_server

DECISION_WAIT = 1.0


def post(srv, req: ExportTraceServiceRequest) -> None:
    resp = httpx.post(srv.otlp_http, content=req.SerializeToString(),
                      headers={"Content-Type": "application/x-protobuf"}, timeout=120)
    assert resp.status_code == 200, resp.text


def assembled(srv, trace_id: str) -> bool:
    return srv.get(f"/api/traces/{trace_id}").status_code == 200


def wait_all(srv, trace_ids, timeout: float) -> float:
    """Seconds until every trace has a trajectory (polled), failing past `timeout`."""
    start, left = time.monotonic(), list(trace_ids)
    while left := [t for t in left if not assembled(srv, t)]:
        assert time.monotonic() - start < timeout, f"{len(left)} traces not assembled within {timeout}s"
    return time.monotonic() - start


def wait_trajectories(srv, n: int, timeout: float) -> float:
    """Seconds until the server has stored `n` trajectories: one request per poll, however many."""
    start = time.monotonic()
    while srv.get("/api/stats").json()["trajectories"] < n:
        assert time.monotonic() - start < timeout, f"fewer than {n} trajectories within {timeout}s"
        time.sleep(0.05)
    return time.monotonic() - start


def poison(depth: int = 300, tokens: float | None = None) -> tuple[ExportTraceServiceRequest, str]:
    req, trace_id = request_with_spans(2)
    span = req.resource_spans[0].scope_spans[0].spans[1]
    span.attributes.add(key="gen_ai.tool.call.arguments").value.string_value = "[" * depth + "]" * depth
    if tokens is not None:  # a model call whose count fits no BIGINT: a trajectory the store refuses
        next(a for a in span.attributes if a.key == "gen_ai.operation.name").value.string_value = "chat"
        span.attributes.add(key="gen_ai.usage.input_tokens").value.double_value = tokens
    return req, trace_id


def shaped(parents: list[int | None], trace_id: bytes | None = None) -> tuple[ExportTraceServiceRequest, str]:
    """A trace whose span i has span `parents[i]` as parent (None: a root)."""
    trace_id = trace_id or os.urandom(16)
    ids = [os.urandom(8) for _ in parents]
    req = ExportTraceServiceRequest()
    scope = req.resource_spans.add().scope_spans.add()
    now = time.time_ns()
    for i, parent in enumerate(parents):
        span = scope.spans.add(trace_id=trace_id, span_id=ids[i], name=f"step {i}", kind=1,
                               start_time_unix_nano=now + i, end_time_unix_nano=now + 2 * len(parents) - i)
        if parent is not None:
            span.parent_span_id = ids[parent]
    return req, trace_id.hex()


def test_the_poison_trace_then_100_traces_all_assembled_in_time(tmp_path):
    srv = make_server(tmp_path, "--decision-wait", str(DECISION_WAIT)).start()
    try:
        deep_req, deep = poison()
        refused_req, refused = poison(depth=2, tokens=1e300)
        post(srv, deep_req)
        post(srv, refused_req)
        ordinary = []
        for _ in range(100):
            req, trace_id = request_with_spans(3)
            post(srv, req)
            ordinary.append(trace_id)
        took = wait_trajectories(srv, 101, DECISION_WAIT + 5)  # the 100 and the deep one
        assert all(assembled(srv, t) for t in ordinary)
        print(f"100 traces after the poison trace: all assembled {took:.2f}s after the last was acknowledged")
        [call] = srv.get(f"/api/traces/{deep}").json()["tool_calls"]
        assert CLIPPED_MARK in str(call["arguments"])  # the deep part kept as marked text
        metrics = httpx.get(srv.api + "/metrics", timeout=30).text
        assert "tracepatrol_traces_quarantined_total 1.0" in metrics
        assert srv.get(f"/api/traces/{refused}").status_code == 404
        overview = httpx.get(srv.api + "/dashboard/", timeout=30).text  # shown where people look
        assert "Quarantined traces" in overview and refused in overview and "OverflowError" in overview
    finally:
        srv.stop()
    with duckdb.connect(str(srv.db), read_only=True) as con:
        [(trace_id, reason)] = con.execute("SELECT trace_id, reason FROM trace_quarantine").fetchall()
        kept = con.execute("SELECT count(*) FROM spans WHERE trace_id = ?", [refused]).fetchall()
    assert trace_id == refused and "Overflow" in reason and kept == [(2,)]


def test_huge_deep_and_cyclic_traces_do_not_delay_a_one_span_trace(tmp_path):
    """A 12,000-deep chain, a 100,000-span trace, a parent cycle and a span its own parent; then a
    1-span trace must be assembled within 2 s of its own decision wait plus what building three
    ordinary 10,000-span traces takes this machine now (measured first, so a busy machine does not
    fail it): each poison trace costs at most what the span cap lets through, never its whole size."""
    srv = make_server(tmp_path, "--decision-wait", str(DECISION_WAIT)).start()
    try:
        flat_req, flat = shaped([None] + [0] * 9_999)
        post(srv, flat_req)
        unit = wait_all(srv, [flat], 120) - DECISION_WAIT
        chain_req, chain = shaped([None] + list(range(12_000 - 1)))
        post(srv, chain_req)
        huge_id = os.urandom(16)
        for part in range(10):
            post(srv, shaped([None] * (part == 0) + [0] * (10_000 - (part == 0)), huge_id)[0])
        cycle_req, cycle = shaped([1, 0])
        self_req, self_parent = shaped([0])
        post(srv, cycle_req)
        post(srv, self_req)
        single_req, single = request_with_spans(1)
        post(srv, single_req)
        allowed = DECISION_WAIT + 2 + 3 * max(unit, 0)
        delay = wait_all(srv, [single], allowed) - DECISION_WAIT
        print(f"1-span trace behind a 12k chain and a 100k-span trace: delayed {max(delay, 0):.2f}s "
              f"(one ordinary 10k-span trace took {unit:.2f}s after its decision wait)")
        rest = wait_all(srv, [chain, huge_id.hex(), cycle, self_parent], 30 + 10 * max(unit, 0))  # not max_trace_wait
        print(f"the 12k chain, the 100k-span trace and the cycles: assembled {rest:.2f}s later")
        huge = srv.get(f"/api/traces/{huge_id.hex()}").json()
        assert huge["span_count"] == 10_000 and huge["attributes"]["tracepatrol.spans_omitted"] == 90_000
        chain_doc = srv.get(f"/api/traces/{chain}").json()
        assert chain_doc["span_count"] == 10_000 and chain_doc["attributes"]["tracepatrol.spans_omitted"] == 2_000
    finally:
        srv.stop()


def _children(pid: int) -> set[int]:
    """Processes whose parent is `pid` (the assembly process, the resource tracker)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except OSError:
        return False


def test_after_sigkill_the_assembly_process_and_resource_tracker_exit(tmp_path):
    srv = make_server(tmp_path, "--decision-wait", "0.2").start()
    req, trace_id = request_with_spans(3)
    post(srv, req)
    wait_all(srv, [trace_id], 60)  # built in the assembly process, which has started by now
    children = _children(srv.proc.pid)
    assert children, "the server started no assembly process"
    srv.stop(signal.SIGKILL)
    deadline = time.monotonic() + 10
    while any(map(_running, children)):
        assert time.monotonic() < deadline, f"children {children} still running 10 s after the server was killed"
        time.sleep(0.1)
