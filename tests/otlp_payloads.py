"""Small OTLP requests built with the real proto classes, for receiver tests."""
from __future__ import annotations

import os
import time

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest


def request_with_spans(n: int, trace_id: bytes | None = None, service: str = "test-agent") -> tuple[ExportTraceServiceRequest, str]:
    """A trace of `n` spans: an invoke_agent root and n-1 execute_tool children."""
    trace_id = trace_id or os.urandom(16)
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    rs.resource.attributes.add(key="service.name").value.string_value = service
    ss = rs.scope_spans.add()
    ss.scope.name = "tests"
    now = time.time_ns()
    root_id = os.urandom(8)
    for i in range(n):
        span = ss.spans.add()
        span.trace_id = trace_id
        span.span_id = root_id if i == 0 else os.urandom(8)
        if i:
            span.parent_span_id = root_id
            span.name = f"execute_tool tool_{i}"
            span.attributes.add(key="gen_ai.operation.name").value.string_value = "execute_tool"
            span.attributes.add(key="gen_ai.tool.name").value.string_value = f"tool_{i}"
            span.attributes.add(key="gen_ai.tool.call.arguments").value.string_value = '{"x": %d}' % i
        else:
            span.name = "invoke_agent test"
            span.attributes.add(key="gen_ai.operation.name").value.string_value = "invoke_agent"
        span.kind = 1
        span.start_time_unix_nano = now + i * 1000
        span.end_time_unix_nano = now + 10_000_000 - i
    return req, trace_id.hex()


def json_request() -> tuple[dict, str]:
    """OTLP/JSON as the spec shows it: upper-case hex ids, int64 as strings, int enums, an unknown field."""
    trace_id = os.urandom(16).hex().upper()
    root, child = os.urandom(8).hex().upper(), os.urandom(8).hex()
    start = time.time_ns()
    doc = {
        "resourceSpans": [{
            "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "json-agent"}}]},
            "scopeSpans": [{
                "scope": {"name": "json-test"},
                "spans": [
                    {"traceId": trace_id, "spanId": root, "name": "invoke_agent json", "kind": 1,
                     "startTimeUnixNano": str(start), "endTimeUnixNano": str(start + 1_500_000_000),
                     "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "invoke_agent"}},
                                    {"key": "retries", "value": {"intValue": "3"}}],
                     "status": {"code": 1}, "someFutureField": {"x": 1}},
                    {"traceId": trace_id, "spanId": child, "parentSpanId": root, "name": "execute_tool t",
                     "kind": 1, "startTimeUnixNano": start + 1000, "endTimeUnixNano": start + 2000,
                     "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
                                    {"key": "gen_ai.tool.name", "value": {"stringValue": "t"}}]},
                ],
            }],
            "unknownResourceField": True,
        }]
    }
    return doc, trace_id
