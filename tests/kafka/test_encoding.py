"""The Collector-compatible span messages (pure functions, no broker)."""
from __future__ import annotations

import orjson
import pytest

from collector.decoding.otlp import REDACTED_ATTRIBUTE, DecodeError, Limits, parse_protobuf, to_batch
from collector.receiving.kafka_encoding import decode_message, redact_request, split_by_trace
from collector.decoding.redaction import RedactionSettings
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


def test_redacting_before_kafka_stores_exactly_what_redacting_at_the_store_would():
    redactor = RedactionSettings(enabled=True).redactor()
    request, _ = request_with_spans(2)
    span = request.resource_spans[0].scope_spans[0].spans[0]
    span.attributes.add(key="input.value").value.string_value = "call me on 13912345678 or li.lei@example.com"
    nested = span.attributes.add(key="nested").value.kvlist_value.values.add(key="mail")
    nested.value.array_value.values.add().string_value = "cc li.lei@example.com"
    span.events.add(name="note").attributes.add(key="to").value.string_value = "li.lei@example.com"
    span.status.message = "13912345678 unreachable"
    request.resource_spans[0].resource.attributes.add(key="owner").value.string_value = "li.lei@example.com"
    original = request.__class__.FromString(request.SerializeToString())

    assert redact_request(request, redactor) == 6
    assert b"13912345678" not in request.SerializeToString() and b"li.lei@" not in request.SerializeToString()
    at_store = to_batch(original, 0, Limits(redactor=redactor)).columns
    after_kafka = to_batch(request, 0, Limits(redactor=redactor)).columns
    assert after_kafka == at_store
    assert orjson.loads(at_store["attributes"][0])[REDACTED_ATTRIBUTE] == 5  # the resource's mask is not a span's
