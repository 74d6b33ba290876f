"""A trace of 9,000 tool calls: its dashboard page answers in bounded time with a readable cut
(a 100,000-span page once took over 60 s and went on rendering after its client had left)."""
from __future__ import annotations

import os
import re
import time

import httpx
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from tracepatrol.harness.process import make_server
from tracepatrol.web.trace_view import MAX_PAGE_STEPS

TOOL_CALLS = 9_000  # below collector.max_trace_spans, so all of them are in the trajectory


def tool_heavy_trace(calls: int) -> tuple[list[ExportTraceServiceRequest], str]:
    trace_id, root_id = os.urandom(16), os.urandom(8)
    now = time.time_ns()
    requests, req = [], None
    for i in range(calls + 1):
        if i % 5000 == 0:
            req = ExportTraceServiceRequest()
            requests.append(req)
            scope = req.resource_spans.add().scope_spans.add()
        if i == 0:
            scope.spans.add(trace_id=trace_id, span_id=root_id, name="invoke_agent", kind=1,
                            start_time_unix_nano=now, end_time_unix_nano=now + 10**9 * calls)
            continue
        span = scope.spans.add(trace_id=trace_id, span_id=os.urandom(8), parent_span_id=root_id,
                               name=f"execute_tool lookup_{i % 7}", kind=1,
                               start_time_unix_nano=now + 10**6 * i, end_time_unix_nano=now + 10**6 * i + 500_000)
        span.attributes.add(key="gen_ai.operation.name").value.string_value = "execute_tool"
        span.attributes.add(key="gen_ai.tool.name").value.string_value = f"lookup_{i % 7}"
        span.attributes.add(key="gen_ai.tool.call.arguments").value.string_value = f'{{"n": {i}}}'
    return requests, trace_id.hex()


def test_a_huge_trace_page_answers_fast_with_a_cut(tmp_path):
    srv = make_server(tmp_path, "--decision-wait", "2").start()
    try:
        requests, trace_id = tool_heavy_trace(TOOL_CALLS)
        for req in requests:
            resp = httpx.post(srv.otlp_http, content=req.SerializeToString(),
                              headers={"Content-Type": "application/x-protobuf"}, timeout=60)
            assert resp.status_code == 200, resp.text
        traj = srv.wait_for_trace(trace_id, timeout=120)
        calls = len(traj["tool_calls"])
        assert calls == TOOL_CALLS
        start = time.monotonic()
        page = httpx.get(f"{srv.api}/dashboard/traces/{trace_id}", timeout=30)
        took = time.monotonic() - start
        print(f"trace page of {calls} tool calls: {took:.2f}s, {len(page.content) / 1e6:.1f} MB")
        assert page.status_code == 200 and took < 5
        assert f"Showing {MAX_PAGE_STEPS} of {calls + len(traj['llm_calls'])} steps" in page.text
        assert len(re.findall(r'class="step tool', page.text)) == MAX_PAGE_STEPS
    finally:
        srv.stop()
