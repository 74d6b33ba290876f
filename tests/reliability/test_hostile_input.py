"""Hostile input against a running server, beyond what the property tests cover:
every adversarial request gets a 4xx or a partial success naming the reason, the valid spans
beside the bad ones are stored, and the server stays up throughout."""
from __future__ import annotations

import os
import zlib

import duckdb
import httpx
import orjson
import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

from tests.reliability.traffic import AgentTrace, build_request
from tracepatrol.harness.process import make_server

PB = {"Content-Type": "application/x-protobuf"}
JS = {"Content-Type": "application/json"}


def _with_valid(mutate):
    """A request of 3 valid spans plus one span `mutate` makes hostile; returns (body, valid trace id)."""
    good, bad = AgentTrace(), AgentTrace()
    req = build_request(good.spans(3) + bad.spans(1))
    mutate(req.resource_spans[0].scope_spans[0].spans[3])
    return req.SerializeToString(), good.trace_id.hex()


def _nest(value, depth: int, kind: str = "kvlist"):
    for _ in range(depth):
        value = value.kvlist_value.values.add(key="k").value if kind == "kvlist" else value.array_value.values.add()
    value.string_value = "deep"


def _set_raw(span, **fields):
    for k, v in fields.items():
        setattr(span, k, v)


PARTIAL = {  # name: (mutation of the 4th span, reason expected in partial_success)
    "array nested past the limit": (lambda s: _nest(s.attributes.add(key="deep").value, 40, "array"),
                                    "nested deeper than 32"),
    # upb's own recursion limit (100 messages from the request) refused the whole request from 31
    # key-value lists deep; the outline refuses only the span, before upb parses anything
    "kvlist nested past the parsers' limit": (lambda s: _nest(s.attributes.add(key="deep").value, 40),
                                              "nested deeper than 32"),
    "kvlist nested 200 deep": (lambda s: _nest(s.attributes.add(key="deep").value, 200), "nested deeper than 32"),
    "span with 1,025 events": (lambda s: [s.events.add(name="e") for _ in range(1025)],
                                "1025 events, past the limit of 1024 (collector.max_events_per_span)"),
    "event attribute nested past the limit": (lambda s: _nest(s.events.add(name="e").attributes.add(key="a").value,
                                                              33, "array"), "nested deeper than 32"),
    "trace id of 15 bytes": (lambda s: _set_raw(s, trace_id=os.urandom(15)), "trace_id must be 16 non-zero bytes, got 15"),
    "span id of 9 bytes": (lambda s: _set_raw(s, span_id=os.urandom(9)), "span_id must be 8 non-zero bytes, got 9"),
    "all-zero span id": (lambda s: _set_raw(s, span_id=b"\0" * 8), "span_id must be 8 non-zero bytes"),
    "parent id of 3 bytes": (lambda s: _set_raw(s, parent_span_id=b"abc"), "parent_span_id must be empty or 8 bytes, got 3"),
    # found by atheris: open enums carry any int32, which broke the batch's TINYINT column (a 500)
    "span kind 762742": (lambda s: _set_raw(s, kind=762742), "kind 762742 / status code 0 is not a span kind"),
    "status code -519664360": (lambda s: setattr(s.status, "code", -519664360), "status code -519664360 is not"),
}


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    server = make_server(tmp_path_factory.mktemp("hostile"), "--decision-wait", "0.3").start()
    yield server
    server.stop()


def _post(srv, body: bytes, headers=PB) -> httpx.Response:
    return httpx.post(srv.otlp_http, content=body, headers=headers, timeout=60)


@pytest.mark.parametrize("case", PARTIAL)
def test_a_hostile_span_is_rejected_with_its_reason_and_the_rest_stored(srv, case):
    mutate, reason = PARTIAL[case]
    body, valid = _with_valid(mutate)
    resp = _post(srv, body)
    assert resp.status_code == 200
    partial = ExportTraceServiceResponse.FromString(resp.content).partial_success
    assert partial.rejected_spans == 1 and reason in partial.error_message
    assert srv.wait_for_trace(valid)["span_count"] == 3


@pytest.mark.parametrize("depth", [31, 32])
def test_a_kvlist_within_the_limit_is_stored_though_upb_counts_it_past_its_own(srv, depth):
    """31 and 32 key-value lists deep: within MAX_NESTING, past upb's count from the request."""
    body, valid = _with_valid(lambda s: _nest(s.attributes.add(key="deep").value, depth))
    resp = _post(srv, body)
    assert resp.status_code == 200 and not ExportTraceServiceResponse.FromString(resp.content).partial_success.rejected_spans


@pytest.mark.parametrize("case, body, headers, status, reason", [
    ("invalid UTF-8 in a protobuf string", None, PB, 400, "cannot decode protobuf"),
    ("invalid UTF-8 in JSON", b'{"resourceSpans": [{"resource": {"attributes": [{"key": "\xff\xfe"}]}}]}', JS, 400,
     "cannot decode OTLP/JSON"),
    ("JSON nested 100,000 deep", b'{"resourceSpans": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", JS, 400,
     "cannot decode OTLP/JSON"),
    ("JSON of the wrong shape", b'{"resourceSpans": {"scopeSpans": 7}}', JS, 400, "invalid OTLP/JSON"),
    ("JSON array at the top", b"[]", JS, 400, "top level must be an object"),
    ("truncated protobuf", None, PB, 400, "cannot decode protobuf"),
    ("gzip bomb (1 GiB of zeros)", None, {**PB, "Content-Encoding": "gzip"}, 413, "exceeds the"),
])
def test_an_undecodable_request_is_a_4xx_naming_the_problem(srv, case, body, headers, status, reason):
    if case.startswith("invalid UTF-8 in a protobuf"):
        req = build_request(AgentTrace().spans(1))
        req.resource_spans[0].scope_spans[0].spans[0].name = "PLACEHOLDER"
        body = req.SerializeToString().replace(b"PLACEHOLDER", b"bad\xff\xfeutf")
    elif case == "truncated protobuf":
        body = build_request(AgentTrace().spans(5), pad=100).SerializeToString()[:-37]
    elif case.startswith("gzip bomb"):
        deflate = zlib.compressobj(9, zlib.DEFLATED, 31)
        chunk = b"\0" * (1 << 20)
        body = b"".join(deflate.compress(chunk) for _ in range(1024)) + deflate.flush()
    resp = _post(srv, body, headers)
    assert resp.status_code == status and reason in resp.text, (resp.status_code, resp.text[:300])
    assert srv.get("/healthz").status_code == 200


def test_timestamps_far_in_the_past_and_future_and_duplicate_ids_are_stored_sanely(srv):
    trace = AgentTrace()
    spans = trace.spans(3)
    req = build_request(spans + spans[1:2])  # the second span twice in one request
    first, second, third = req.resource_spans[0].scope_spans[0].spans[:3]
    first.start_time_unix_nano, first.end_time_unix_nano = 0, 2**64 - 1  # 1970 and past int64
    second.start_time_unix_nano = second.end_time_unix_nano = 1
    third.start_time_unix_nano, third.end_time_unix_nano = 2**64 - 1, 2**63  # ends before it starts, after 2262
    assert _post(srv, req.SerializeToString()).status_code == 200
    traj = srv.wait_for_trace(trace.trace_id.hex())
    assert traj["span_count"] == 3
    doc = {"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": trace.trace_id.hex(), "spanId": "00" * 7 + "01",
                                                         "name": "json late", "startTimeUnixNano": "18446744073709551615",
                                                         "endTimeUnixNano": "-5"}]}]}]}
    resp = _post(srv, orjson.dumps(doc), JS)
    assert resp.status_code in (200, 400), resp.text  # a negative uint64 is the sender's error, never a crash
    assert srv.get("/healthz").status_code == 200


def test_the_server_stayed_up_and_kept_only_valid_spans(srv):
    stats = srv.get("/api/stats").json()
    assert stats["rejected_spans"] >= len(PARTIAL)
    srv.stop()
    with duckdb.connect(str(srv.db), read_only=True) as con:
        bad = con.execute("""SELECT count(*) FROM spans WHERE length(trace_id) <> 32 OR length(span_id) <> 16
                             OR span_id = '0000000000000000' OR start_ns < 0 OR end_ns < 0""").fetchone()[0]
        dupes = con.execute("SELECT count(*) FROM (SELECT trace_id, span_id FROM spans GROUP BY ALL HAVING count(*) > 1)").fetchone()[0]
    assert bad == 0 and dupes == 0
    srv.start()
