"""Property-based tests of the OTLP decoders: whatever arrives, `read_protobuf` and
`read_json` either return a request or raise `DecodeError`, and `to_batch` never raises —
every span is stored or rejected with a reason, and values are truncated within `Limits`."""
from __future__ import annotations

import os

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue

from collector.decoding.otlp import (MAX_NESTING, REDACTED_ATTRIBUTE, TRUNCATED_ATTRIBUTE, DecodeError, Limits, Parsed,
                              parse_json, read_json, read_protobuf, to_batch)
from tests.otlp_payloads import json_request, request_with_spans

_N = int(os.environ.get("FUZZ_EXAMPLES", 300))  # raise it for a longer local fuzzing run
FUZZ = settings(max_examples=_N, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# building and converting the big adversarial requests costs ~0.1 s each: fewer, to stay under 30 s in total
FUZZ_BIG = settings(FUZZ, max_examples=max(1, _N // 3))
SMALL = Limits(max_attribute_length=64, max_attributes=8)

_VALID_PB = request_with_spans(5)[0].SerializeToString()
_VALID_JSON = orjson.dumps(json_request()[0])


def _decode_all(body: bytes, limits: Limits = SMALL) -> None:
    """Both parsers on `body`: a request (then `to_batch` must accept it too) or DecodeError."""
    for read in (read_protobuf, read_json):
        try:
            parsed = read(body, limits)
        except DecodeError:
            continue
        assert isinstance(parsed.message, ExportTraceServiceRequest)
        _check_batch(parsed, limits)


def _span_count(req: ExportTraceServiceRequest | Parsed) -> int:
    if isinstance(req, Parsed):
        return _span_count(req.message) + len(req.refused)
    return sum(len(ss.spans) for rs in req.resource_spans for ss in rs.scope_spans)


def _check_batch(req: ExportTraceServiceRequest | Parsed, limits: Limits) -> None:
    batch = to_batch(req, 1, limits)
    assert len(batch) + batch.rejected == _span_count(req)
    assert len(batch.errors) == min(batch.rejected, 5)
    assert all(isinstance(e, str) and e for e in batch.errors)
    lengths = {len(v) for v in batch.columns.values()}
    assert lengths <= {len(batch)}, "every column has one value per stored span"
    for attrs in batch.columns["attributes"]:
        doc = orjson.loads(attrs)
        for key in (TRUNCATED_ATTRIBUTE, REDACTED_ATTRIBUTE):  # how much was cut or masked, recorded on the span
            marker = doc.pop(key, 0)
            assert isinstance(marker, int) and marker >= 0
        assert len(doc) <= limits.max_attributes
        _assert_within(doc, limits)
    for resource in batch.columns["resource"]:
        assert len(orjson.loads(resource)) <= limits.max_attributes
    for ns in batch.columns["start_ns"] + batch.columns["end_ns"]:
        assert 0 <= ns <= 2**63 - 1
    batch.to_arrow()  # the columns fit the Arrow schema (int64 timestamps, int8 enums)


def _assert_within(value, limits: Limits) -> None:
    if isinstance(value, str):  # strings, and bytes as their base64
        assert len(value) <= limits.max_attribute_length
    elif isinstance(value, list):
        for v in value:
            _assert_within(v, limits)
    elif isinstance(value, dict):
        for v in value.values():
            _assert_within(v, limits)


# --- 1. random bytes and truncations of valid payloads --------------------------------------

@FUZZ
@given(st.binary(max_size=2048))
def test_random_bytes_decode_or_decode_error(body):
    _decode_all(body)


@FUZZ
@given(st.integers(0, len(_VALID_PB)), st.integers(0, len(_VALID_JSON)))
def test_truncated_valid_payloads(pb_cut, json_cut):
    _decode_all(_VALID_PB[:pb_cut])
    _decode_all(_VALID_JSON[:json_cut])


@FUZZ
@given(st.data())
def test_bit_flipped_valid_protobuf(data):
    body = bytearray(_VALID_PB)
    for _ in range(data.draw(st.integers(1, 8))):
        i = data.draw(st.integers(0, len(body) - 1))
        body[i] = data.draw(st.integers(0, 255))
    _decode_all(bytes(body))


# --- 2. valid but adversarial ExportTraceServiceRequests ------------------------------------

ids = st.one_of(st.binary(min_size=0, max_size=20), st.just(b"\x00" * 16), st.just(b"\x00" * 8),
                st.binary(min_size=16, max_size=16), st.binary(min_size=8, max_size=8))
timestamps = st.one_of(st.integers(0, 2**64 - 1), st.sampled_from([0, 1, 2**63 - 1, 2**63, 2**64 - 1]))
text = st.text(max_size=200)
huge_text = st.one_of(text, st.integers(60, 5000).map(lambda n: "x" * n))

scalar_values = st.one_of(
    huge_text.map(lambda s: ("string_value", s)),
    st.integers(-2**63, 2**63 - 1).map(lambda i: ("int_value", i)),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda d: ("double_value", d)),
    st.booleans().map(lambda b: ("bool_value", b)),
    st.one_of(st.binary(max_size=300), st.integers(40, 5000).map(lambda n: b"\xff" * n))
    .map(lambda b: ("bytes_value", b)),  # invalid UTF-8 travels as bytes
    st.just(("empty", None)),
)
values = st.recursive(
    scalar_values,
    lambda children: st.one_of(
        st.lists(children, max_size=4).map(lambda xs: ("array_value", xs)),
        st.lists(st.tuples(text, children), max_size=4).map(lambda kvs: ("kvlist_value", kvs)),
    ),
    max_leaves=30,
)


def _fill(av: AnyValue, spec) -> None:
    kind, payload = spec
    if kind == "empty":
        return
    if kind == "array_value":
        av.array_value.SetInParent()
        for child in payload:
            _fill(av.array_value.values.add(), child)
    elif kind == "kvlist_value":
        av.kvlist_value.SetInParent()
        for key, child in payload:
            _fill(av.kvlist_value.values.add(key=key).value, child)
    else:
        setattr(av, kind, payload)


def _deep(av: AnyValue, depth: int, kind: str) -> None:
    for _ in range(depth):
        av = av.array_value.values.add() if kind == "array" else av.kvlist_value.values.add(key="k").value
    av.string_value = "leaf"


attributes = st.lists(st.tuples(text, values), max_size=12)
spans = st.fixed_dictionaries({
    "trace_id": ids, "span_id": ids, "parent_span_id": ids, "name": huge_text,
    "kind": st.integers(0, 5), "start": timestamps, "end": timestamps,
    "attributes": attributes, "status": st.integers(0, 2), "flags": st.integers(0, 2**32 - 1),
    "events": st.lists(st.tuples(text, timestamps, attributes), max_size=3),
    "links": st.lists(st.tuples(ids, ids, attributes), max_size=3),
    "deep": st.one_of(st.none(), st.tuples(st.integers(1, 3 * MAX_NESTING), st.sampled_from(["array", "kvlist"]))),
    "many_attributes": st.integers(0, 40),
})


def _build(resource_attrs, span_specs, duplicate: bool) -> ExportTraceServiceRequest:
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    for key, spec in resource_attrs:
        _fill(rs.resource.attributes.add(key=key).value, spec)
    ss = rs.scope_spans.add()
    for s in span_specs:
        span = ss.spans.add()
        span.trace_id, span.span_id, span.parent_span_id = s["trace_id"], s["span_id"], s["parent_span_id"]
        span.name, span.kind, span.flags = s["name"], s["kind"], s["flags"]
        span.start_time_unix_nano, span.end_time_unix_nano = s["start"], s["end"]
        span.status.code = s["status"]
        for key, spec in s["attributes"]:
            _fill(span.attributes.add(key=key).value, spec)
        for i in range(s["many_attributes"]):
            span.attributes.add(key=f"a{i}").value.int_value = i
        if s["deep"]:
            _deep(span.attributes.add(key="deep").value, *s["deep"])
        for name, t, attrs in s["events"]:
            ev = span.events.add(name=name, time_unix_nano=t)
            for key, spec in attrs:
                _fill(ev.attributes.add(key=key).value, spec)
        for tid, sid, attrs in s["links"]:
            ln = span.links.add(trace_id=tid, span_id=sid)
            for key, spec in attrs:
                _fill(ln.attributes.add(key=key).value, spec)
    if duplicate and len(ss.spans):
        ss.spans.add().CopyFrom(ss.spans[0])  # the same span id twice in one request
    return req


@FUZZ_BIG
@given(attributes, st.lists(spans, max_size=6), st.booleans())
def test_adversarial_requests_are_stored_or_rejected(resource_attrs, span_specs, duplicate):
    req = _build(resource_attrs, span_specs, duplicate)
    _check_batch(req, SMALL)
    _check_batch(req, Limits())
    # the same request through the wire format decodes to the same result, at any nesting: a span
    # too deep is refused before upb's own recursion limit could refuse the request. On the wire
    # that includes a value past the attribute limit (a parser would decode it all the same).
    again, direct = to_batch(read_protobuf(req.SerializeToString(), SMALL), 1, SMALL), to_batch(req, 1, SMALL)
    if not any(s["deep"] and len(s["attributes"]) + s["many_attributes"] >= SMALL.max_attributes for s in span_specs):
        assert (len(again), again.rejected) == (len(direct), direct.rejected)


def test_nesting_past_the_limit_is_rejected_not_raised():
    req = _build([], [], False)
    span = req.resource_spans[0].scope_spans[0].spans.add(trace_id=b"\x01" * 16, span_id=b"\x02" * 8)
    _deep(span.attributes.add(key="deep").value, MAX_NESTING + 5, "kvlist")
    batch = to_batch(req, 1)
    assert (len(batch), batch.rejected) == (0, 1) and "nested" in batch.errors[0]


def test_bytes_values_are_truncated_to_the_length_limit():
    """Found by the fuzzer: bytes_value went around max_attribute_length (a 10 kB blob stored whole)."""
    req = _build([], [], False)
    span = req.resource_spans[0].scope_spans[0].spans.add(trace_id=b"\x01" * 16, span_id=b"\x02" * 8)
    span.attributes.add(key="blob").value.bytes_value = b"\xff" * 10_000
    batch = to_batch(req, 1, SMALL)
    attrs = orjson.loads(batch.columns["attributes"][0])
    assert len(attrs["blob"]) <= SMALL.max_attribute_length and attrs[TRUNCATED_ATTRIBUTE] == 1
    assert batch.truncated == 1


# --- 3. OTLP/JSON documents of unexpected shapes ---------------------------------------------

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
              st.text(max_size=30), st.sampled_from(["", "0" * 32, "AB" * 8, "zz", "1", "-1", "NaN", "1e400"])),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=10), st.sampled_from(
            ["resourceSpans", "scopeSpans", "spans", "traceId", "spanId", "parentSpanId", "links",
             "attributes", "key", "value", "stringValue", "intValue", "arrayValue", "kvlistValue",
             "values", "bytesValue", "startTimeUnixNano", "kind", "status", "code", "resource", "events"])),
            children, max_size=5),
    ),
    max_leaves=40,
)


@FUZZ
@given(json_values)
def test_json_documents_of_any_shape(doc):
    try:
        body = orjson.dumps(doc)
    except orjson.JSONEncodeError:  # integers past 64 bits: send them as raw JSON text instead
        body = repr(doc).encode()
    _decode_all(body)
    _decode_all(orjson.dumps({"resourceSpans": doc}) if _encodable(doc) else b"{}")


def _encodable(doc) -> bool:
    try:
        orjson.dumps(doc)
        return True
    except orjson.JSONEncodeError:
        return False


@FUZZ
@given(st.lists(json_values, max_size=3), st.lists(st.tuples(st.sampled_from(
    ["traceId", "spanId", "parentSpanId", "name", "kind", "startTimeUnixNano", "attributes", "links", "events"]),
    json_values), max_size=4))
def test_json_spans_with_wrong_field_types(extra_spans, overrides):
    doc = json_request()[0]
    spans_ = doc["resourceSpans"][0]["scopeSpans"][0]["spans"]
    for key, value in overrides:
        spans_[0][key] = value
    spans_.extend(extra_spans)
    if _encodable(doc):
        _decode_all(orjson.dumps(doc))


def test_deeply_nested_json_is_a_decode_error_or_batch():
    doc = json_request()[0]
    doc["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["attributes"].append({"key": "d", "value": "@DEEP@"})
    deep = '{"arrayValue":{"values":[' * 200 + '{"stringValue":"x"}' + "]}}" * 200
    _decode_all(orjson.dumps(doc).replace(b'"@DEEP@"', deep.encode()))
    with pytest.raises(DecodeError):
        parse_json(b"[" * 100_000)
