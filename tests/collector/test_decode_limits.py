"""Decoding is bounded before anything is built: a request past its span or item limit is refused
whole (LimitExceeded naming the setting) by every decoding path, a span past a per-span limit or
nested too deep is refused alone, at any depth, and the rest of its request is stored. Each test
runs with the Rust decoder and as on a machine without it (the outline in Python)."""
from __future__ import annotations

import base64

import orjson
import pytest
from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.decoding.otlp import DecodeError, LimitExceeded, Limits, decode_protobuf, read_json, read_protobuf, to_batch
from collector.receiving.kafka_encoding import read_message
from collector.decoding.redaction import RedactionSettings
from tests.fuzz.test_decode_properties import _deep
from tests.rust_decoder import use_decoder

LIMITS = Limits(max_spans=600, max_items=5000, max_events=10, max_links=10)
REDACTING = Limits(redactor=RedactionSettings(enabled=True).redactor())



@pytest.fixture(autouse=True, params=["rust", "python"])
def decoder(request, monkeypatch):
    use_decoder(request.param, monkeypatch)


DEEP = "@DEEP@"  # a string value the JSON of a deep value replaces (json_format cannot write it)


def _deep_json(depth: int, kind: str) -> bytes:
    leaf = b'{"stringValue":"leaf"}'
    if kind == "array":
        return b'{"arrayValue":{"values":[' * depth + leaf + b"]}}" * depth
    return b'{"kvlistValue":{"values":[{"key":"k","value":' * depth + leaf + b"}]}}" * depth


def _nest(holder, depth: int, kind: str) -> None:
    """A `deep` attribute nested `depth` levels on `holder`; in OTLP/JSON it is written as text."""
    _deep(holder.attributes.add(key="deep").value, depth, kind)
    _DEEP_JSON.append(_deep_json(depth, kind))


_DEEP_JSON: list[bytes] = []


def _otlp_json(req: ExportTraceServiceRequest) -> bytes:
    """OTLP/JSON of `req` (hex ids, as senders write them); deep values put in as text."""
    req = _shallow(req)
    doc = json_format.MessageToDict(req)
    for rs in doc.get("resourceSpans", []):
        for ss in rs.get("scopeSpans", []):
            for span in ss.get("spans", []):
                for key in ("traceId", "spanId"):
                    if key in span:
                        span[key] = base64.b64decode(span[key]).hex()
    text = orjson.dumps(doc)
    for deep in _DEEP_JSON:
        text = text.replace(b'{"stringValue":"' + DEEP.encode() + b'"}', deep, 1)
    return text


def _shallow(req: ExportTraceServiceRequest) -> ExportTraceServiceRequest:
    """A copy of `req` with each deep value replaced by the placeholder string."""
    copy = ExportTraceServiceRequest()
    copy.CopyFrom(req)
    for rs in copy.resource_spans:
        holders = [rs.resource] + [h for ss in rs.scope_spans for h in (ss.scope, *[
            x for span in ss.spans for x in (span, *span.events, *span.links)])]
        for holder in holders:
            for kv in holder.attributes:
                if kv.key == "deep":
                    kv.value.Clear()
                    kv.value.string_value = DEEP
    return copy


def _paths(req: ExportTraceServiceRequest, limits: Limits = LIMITS):
    """The request through every decoding path: protobuf (Rust when it is there), protobuf with a
    redactor (upb and `to_batch`), OTLP/JSON, Kafka."""
    body = req.SerializeToString()
    redacting = Limits(**{**limits.__dict__, "redactor": RedactionSettings(enabled=True).redactor()})
    return {
        "protobuf": lambda: decode_protobuf(body, 1, limits),
        "redacting": lambda: decode_protobuf(body, 1, redacting),
        "json": lambda: to_batch(read_json(_otlp_json(req), limits), 1, limits),
        "kafka": lambda: to_batch(read_message(body, "otlp_proto", limits), 1, limits),
    }


PATHS = ["protobuf", "redacting", "json", "kafka"]


def _span(ss, i: int):
    return ss.spans.add(trace_id=b"\x01" * 16, span_id=i.to_bytes(8, "big"), name=f"s{i}")


def _request(spans: int) -> tuple[ExportTraceServiceRequest, object]:
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    rs.resource.attributes.add(key="service.name").value.string_value = "svc"
    ss = rs.scope_spans.add()
    for i in range(1, spans + 1):
        _span(ss, i)
    return req, rs


@pytest.mark.parametrize("path", PATHS)
def test_more_spans_than_allowed_refuse_the_request_naming_the_setting(path):
    req, _ = _request(601)
    with pytest.raises(LimitExceeded, match=r"more than 600 spans \(collector.max_spans_per_request\)"):
        _paths(req)[path]()
    assert len(_paths(_request(600)[0])[path]()) == 600


@pytest.mark.parametrize("path", PATHS)
def test_more_items_than_allowed_refuse_the_request_naming_the_setting(path):
    req, rs = _request(2)
    for i in range(6000):
        rs.scope_spans[0].spans[0].attributes.add(key=f"k{i}")  # empty values: 2 bytes each on the wire
    with pytest.raises(LimitExceeded, match=r"more than 5000 .*\(collector.max_items_per_request\)"):
        _paths(req)[path]()


def test_empty_spans_are_refused_before_one_is_decoded():
    """The finding: 2 bytes on the wire per span, ~290 decoded; a million of them are refused
    from the outline (a count), not after being built."""
    spans = b"\x12\x00" * 1_000_000  # ScopeSpans.spans, empty
    resource_spans = b"\x12" + _varint(len(spans)) + spans  # ResourceSpans.scope_spans
    body = b"\x0a" + _varint(len(resource_spans)) + resource_spans
    for limits in (Limits(), REDACTING):
        with pytest.raises(LimitExceeded, match="collector.max_spans_per_request"):
            decode_protobuf(body, 1, limits)
        with pytest.raises(LimitExceeded, match="collector.max_spans_per_request"):  # the walk stopped there:
            decode_protobuf(body + b"\xff", 1, limits)  # what follows is not wire format


def _varint(n: int) -> bytes:
    out = b""
    while n >= 0x80:
        out += bytes([n & 0x7F | 0x80])
        n >>= 7
    return out + bytes([n])


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("what", ["events", "links"])
def test_a_span_with_too_many_events_or_links_is_refused_alone(path, what):
    req, _ = _request(3)
    span = req.resource_spans[0].scope_spans[0].spans[1]
    for _ in range(11):
        getattr(span, what).add()
    batch = _paths(req)[path]()
    assert (len(batch), batch.rejected) == (2, 1)
    assert batch.errors == [f"span {span.span_id.hex()}: 11 {what}, past the limit of 10 (collector.max_{what}_per_span)"]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("depth", [30, 31, 32, 33, 40, 47, 48, 60, 99, 200])
@pytest.mark.parametrize("where", ["span", "event", "link"])
@pytest.mark.parametrize("kind", ["kvlist", "array"])
def test_an_attribute_nested_too_deep_refuses_its_span_never_the_request(path, depth, where, kind):
    """upb counts messages from the request, so a key-value list 31 deep used to refuse the
    whole request: now anything within 32 levels is stored, and anything deeper refuses its span."""
    req, _ = _request(3)
    span = req.resource_spans[0].scope_spans[0].spans[1]
    holder = {"span": lambda: span, "event": lambda: span.events.add(name="e"), "link": lambda: span.links.add()}[where]()
    _DEEP_JSON.clear()
    _nest(holder, depth, kind)
    batch = _paths(req)[path]()
    if depth <= 32:
        assert (len(batch), batch.rejected) == (3, 0)
    else:
        assert (len(batch), batch.rejected) == (2, 1)
        assert batch.errors == [f"span {span.span_id.hex()}: attribute value nested deeper than 32 levels"]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("depth", [31, 32, 33, 47, 99])
@pytest.mark.parametrize("where", ["resource", "scope"])
def test_a_resource_or_scope_nested_too_deep_refuses_its_spans_only(path, depth, where):
    req, _ = _request(2)
    other = req.resource_spans.add()
    ss = other.scope_spans.add()
    _span(ss, 7)
    _DEEP_JSON.clear()
    _nest(other.resource if where == "resource" else ss.scope, depth, "kvlist")
    batch = _paths(req)[path]()
    if depth <= 32:
        assert (len(batch), batch.rejected) == (3, 0)
    else:
        assert (len(batch), batch.rejected) == (2, 1)
        assert batch.errors == [f"span {(7).to_bytes(8, 'big').hex()}: {where} attribute value nested deeper than 32 levels"]


def test_refused_spans_keep_their_place_among_the_other_rejections():
    req, _ = _request(4)
    spans = req.resource_spans[0].scope_spans[0].spans
    spans[0].trace_id = b"\x00" * 16  # rejected by its id
    for _ in range(11):
        spans[1].events.add()  # refused by the outline
    spans[2].span_id = b"\x00"  # rejected by its id
    for path, decode in _paths(req).items():
        batch = decode()
        assert [e.split(":")[1].strip()[:12] for e in batch.errors] == \
            ["trace_id mus", "11 events, p", "span_id must"], path


def test_malformed_wire_format_is_a_decode_error_before_anything_is_parsed():
    body = _request(3)[0].SerializeToString()
    for broken in (body[:-3], body + b"\x0f", b"\x0a\xff\xff\xff\xff\x0f"):
        for limits in (Limits(), REDACTING):
            with pytest.raises(DecodeError, match="cannot decode protobuf") as info:
                decode_protobuf(broken, 1, limits)
            assert not isinstance(info.value, LimitExceeded)


def test_json_brackets_are_counted_before_the_body_is_parsed():
    body = b'{"resourceSpans": [' + b"{}," * 6000 + b"{}]}"
    with pytest.raises(LimitExceeded, match=r"more than 5000 objects and arrays \(collector.max_items_per_request\)"):
        read_json(body, LIMITS)
    assert read_json(b'{"resourceSpans": [' + b"{}," * 100 + b"{}]}", LIMITS).message.resource_spans


def test_read_protobuf_keeps_what_it_refused_beside_the_request():
    req, _ = _request(3)
    for _ in range(11):
        req.resource_spans[0].scope_spans[0].spans[2].links.add()
    parsed = read_protobuf(req.SerializeToString(), LIMITS)
    assert len(parsed.message.resource_spans[0].scope_spans[0].spans) == 2
    assert parsed.refused == [(2, f"span {(3).to_bytes(8, 'big').hex()}: 11 links, past the limit of 10 "
                                  "(collector.max_links_per_span)")]
