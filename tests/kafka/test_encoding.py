"""The Collector-compatible span messages (pure functions, no broker)."""
from __future__ import annotations

import pytest

from collector.decode import DecodeError, parse_protobuf
from collector.kafka_encoding import decode_message, split_by_trace
from tests.kafka.test_collector_encodings import otlp_json
from tests.otlp_payloads import request_with_spans


def _span_ids(request) -> set[bytes]:
    return {s.span_id for rs in request.resource_spans for ss in rs.scope_spans for s in ss.spans}


def test_one_message_per_trace_keyed_by_lowercase_hex_trace_id_with_its_resource():
    a, a_id = request_with_spans(3, service="agent-a")
    b, b_id = request_with_spans(2, service="agent-b")
    merged = a.__class__()
    merged.resource_spans.extend([*a.resource_spans, *b.resource_spans])
    merged.resource_spans[0].scope_spans[0].spans.add(trace_id=b"\0" * 16, span_id=b"12345678")  # no key: left out
    messages = dict(split_by_trace(merged, 1_000_000))
    assert set(messages) == {a_id.encode(), b_id.encode()} and a_id == a_id.lower()
    assert parse_protobuf(messages[a_id.encode()]) == a
    assert parse_protobuf(messages[b_id.encode()]) == b


def test_a_trace_past_the_message_limit_is_sent_in_parts_under_the_same_key():
    request, tid = request_with_spans(60)
    whole = len(request.SerializeToString())
    messages = split_by_trace(request, whole // 5)
    assert len(messages) >= 5 and {k for k, _ in messages} == {tid.encode()}
    assert all(len(v) <= whole // 5 for _, v in messages)
    parts = [parse_protobuf(v) for _, v in messages]
    assert set().union(*map(_span_ids, parts)) == _span_ids(request)
    assert sum(len(_span_ids(p)) for p in parts) == 60


def test_a_single_span_past_the_message_limit_is_rejected_with_its_reason_not_sent():
    request, tid = request_with_spans(3)
    big = request.resource_spans[0].scope_spans[0].spans[1]
    big.attributes.add(key="blob").value.string_value = "x" * 20_000
    reasons: list[str] = []
    messages = split_by_trace(request, 10_000, reasons.append)
    sent = set().union(*(_span_ids(parse_protobuf(v)) for _, v in messages))
    assert sent == _span_ids(request) - {big.span_id} and len(messages) >= 1
    assert len(reasons) == 1 and big.span_id.hex() in reasons[0] and "past the Kafka message limit of 10000" in reasons[0]


def test_decode_detects_json_and_proto_and_refuses_garbage():
    request, _ = request_with_spans(2)
    assert decode_message(request.SerializeToString()) == request
    assert decode_message(otlp_json(request)) == request
    assert decode_message(b"  " + otlp_json(request), "otlp_json") == request
    assert decode_message(None) == request.__class__()
    with pytest.raises(DecodeError, match="protobuf"):
        decode_message(b"not otlp at all")
    with pytest.raises(DecodeError, match="OTLP/JSON"):
        decode_message(b"{oops")
