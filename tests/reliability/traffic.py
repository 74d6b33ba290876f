"""Raw OTLP/HTTP traffic that remembers exactly which spans the server acknowledged.

Agent-like traces (an invoke_agent root, execute_tool children) whose spans can be spread over
many requests, so a trace straddles a crash or an outage. After the server is stopped,
`stored_counts` reads the DuckDB file to compare what was acknowledged with what was kept.
"""
from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import httpx
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

Key = tuple[str, str]  # (trace_id, span_id) in hex


@dataclass
class AgentTrace:
    """One trace; `spans(k)` gives its next `k` spans (the root first), never the same one twice."""

    trace_id: bytes = field(default_factory=lambda: os.urandom(16))
    root_id: bytes = field(default_factory=lambda: os.urandom(8))
    sent: int = 0

    def spans(self, k: int) -> list[tuple[bytes, bytes, bytes, int]]:
        out = []
        for i in range(self.sent, self.sent + k):
            out.append((self.trace_id, self.root_id if i == 0 else os.urandom(8), b"" if i == 0 else self.root_id, i))
        self.sent += k
        return out


def build_request(spans: list[tuple[bytes, bytes, bytes, int]], pad: int = 0) -> ExportTraceServiceRequest:
    """Spans as one request; `pad` bytes of text per span make requests as heavy as real ones."""
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    rs.resource.attributes.add(key="service.name").value.string_value = "reliability-agent"
    ss = rs.scope_spans.add()
    now = time.time_ns()
    for trace_id, span_id, parent, i in spans:
        span = ss.spans.add(trace_id=trace_id, span_id=span_id, parent_span_id=parent, kind=1,
                            start_time_unix_nano=now + i * 1000, end_time_unix_nano=now + 5_000_000 - i)
        if i == 0:
            span.name = "invoke_agent reliability"
            span.attributes.add(key="gen_ai.operation.name").value.string_value = "invoke_agent"
        else:
            span.name = f"execute_tool tool_{i}"
            span.attributes.add(key="gen_ai.operation.name").value.string_value = "execute_tool"
            span.attributes.add(key="gen_ai.tool.name").value.string_value = f"tool_{i}"
            span.attributes.add(key="gen_ai.tool.call.arguments").value.string_value = '{"step": %d}' % i
        if pad:
            span.attributes.add(key="payload").value.string_value = "x" * pad
    return req


def keys(spans) -> list[Key]:
    return [(t.hex(), s.hex()) for t, s, _, _ in spans]


@dataclass
class AckLog:
    """Posts requests and records, per span, whether a 200 came back."""

    url: str
    headers: dict[str, str] = field(default_factory=dict)
    acked: set[Key] = field(default_factory=set)
    unacked: list[tuple[bytes, list[Key]]] = field(default_factory=list)  # to re-send, as an exporter retries
    statuses: Counter = field(default_factory=Counter)
    client: httpx.Client = field(default_factory=lambda: httpx.Client(timeout=30))
    last: httpx.Response | None = None

    def post(self, spans, pad: int = 0) -> int:
        body = build_request(spans, pad).SerializeToString()
        return self.post_body(body, keys(spans))

    def post_body(self, body: bytes, span_keys: list[Key]) -> int:
        try:
            self.last = self.client.post(self.url, content=body,
                                         headers={"Content-Type": "application/x-protobuf", **self.headers})
            status = self.last.status_code
        except httpx.TransportError:
            status = 0  # connection refused or reset: the server is gone
        self.statuses[status] += 1
        if status == 200:
            self.acked.update(span_keys)
        else:
            self.unacked.append((body, span_keys))
        return status

    def resend_unacked(self) -> None:
        """Re-send every request that got no 200 until each does (the server must be up)."""
        pending, self.unacked = self.unacked, []
        for body, span_keys in pending:
            for _ in range(100):
                if self.post_body(body, span_keys) == 200:
                    break
                self.unacked.pop()
                time.sleep(0.1)
            else:
                raise AssertionError(f"re-sent request still refused: {self.statuses}")


def stored_counts(db: Path) -> Counter:
    """How often each (trace_id, span_id) is stored (the server must be stopped)."""
    with duckdb.connect(str(db), read_only=True) as con:
        return Counter(dict(((t, s), n) for t, s, n in con.execute(
            "SELECT trace_id, span_id, count(*) FROM spans GROUP BY ALL").fetchall()))
