"""Decoding OTLP payloads into span rows: ids, values, limits, and what counts as invalid."""
from __future__ import annotations

import json

import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.decoding.otlp import MAX_NESTING, TRUNCATED_ATTRIBUTE, DecodeError, Limits, decode_protobuf, parse_json, parse_protobuf, to_batch
from collector.span import SPAN_COLUMNS, SpanRecord
from tests.otlp_payloads import json_request, request_with_spans


def rows(batch):
    return [dict(zip(SPAN_COLUMNS, r)) for r in zip(*(batch.columns[c] for c in SPAN_COLUMNS))]


def test_protobuf_round_trip_keeps_the_span_whole():
    req, trace_id = request_with_spans(3)
    span = req.resource_spans[0].scope_spans[0].spans[1]
    ev = span.events.add(name="gen_ai.tool.message", time_unix_nano=5)
    ev.attributes.add(key="content").value.string_value = '{"a": 1}'
    kv = span.attributes.add(key="nested").value.kvlist_value.values.add(key="list")
    kv.value.array_value.values.add().int_value = 7
    span.attributes.add(key="blob").value.bytes_value = b"\x01\x02"
    span.attributes.add(key="ratio").value.double_value = 0.5
    batch = to_batch(parse_protobuf(req.SerializeToString()), 123)
    assert len(batch) == 3 and batch.rejected == 0
    rec = SpanRecord.from_row(rows(batch)[1])
    assert rec.trace_id == trace_id
    assert rec.attributes["nested"] == {"list": [7]}
    assert rec.attributes["blob"] == "AQI="
    assert rec.attributes["ratio"] == 0.5
    assert rec.events == [{"name": "gen_ai.tool.message", "time_unix_nano": 5, "attributes": {"content": '{"a": 1}'}}]
    assert rec.resource == {"service.name": "test-agent"}
    assert rec.service_name == "test-agent"
    assert rows(batch)[0]["parent_span_id"] is None
    assert rows(batch)[0]["received_ns"] == 123


def test_json_ids_are_case_insensitive_hex_and_int64_may_be_strings_or_numbers():
    doc, trace_id = json_request()
    batch = to_batch(parse_json(json.dumps(doc).encode()), 0)
    r = rows(batch)
    assert [x["trace_id"] for x in r] == [trace_id.lower()] * 2
    assert r[1]["parent_span_id"] == r[0]["span_id"]
    assert r[0]["end_ns"] - r[0]["start_ns"] == 1_500_000_000
    assert json.loads(r[0]["attributes"])["retries"] == 3
    assert r[0]["status_code"] == 1


@pytest.mark.parametrize("body,problem", [
    (b"[]", "top level must be an object"),
    (b"{", "cannot decode OTLP/JSON"),
    (b'{"resourceSpans": "x"}', "resourceSpans must be in []"),
    (b'{"resourceSpans": [{"scopeSpans": [{"spans": [{"startTimeUnixNano": "abc"}]}]}]}', "startTimeUnixNano"),
    (b'{"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [{"key": "a", "value": {"intValue": {}}}]}]}]}]}', "intValue"),
])
def test_json_of_the_wrong_shape_is_a_decode_error_naming_the_field(body, problem):
    with pytest.raises(DecodeError) as info:
        parse_json(body)
    assert problem in str(info.value)


def test_json_span_without_ids_is_rejected_not_fatal():
    batch = to_batch(parse_json(b'{"resourceSpans": [{"scopeSpans": [{"spans": [{"kind": "nope", "name": "x"}]}]}]}'), 0)
    assert len(batch) == 0 and batch.rejected == 1
    assert "trace_id must be 16" in batch.error_message


def test_empty_json_body_is_an_empty_request():
    assert len(to_batch(parse_json(b""), 0)) == 0


def test_truncated_protobuf_is_a_decode_error():
    raw = request_with_spans(3)[0].SerializeToString()
    with pytest.raises(DecodeError, match="protobuf"):
        parse_protobuf(raw[: len(raw) // 2])


def test_limits_truncate_values_and_attribute_counts_and_record_it():
    req, _ = request_with_spans(1)
    span = req.resource_spans[0].scope_spans[0].spans[0]
    span.attributes.add(key="big").value.string_value = "x" * 1000
    for i in range(20):
        span.attributes.add(key=f"k{i}").value.int_value = i
    batch = to_batch(req, 0, Limits(max_attribute_length=100, max_attributes=10))
    attrs = json.loads(rows(batch)[0]["attributes"])
    assert len(attrs) == 10 + 1  # the limit, plus the record of what was cut
    assert len(attrs["big"]) == 100
    assert batch.truncated == 1 + 12
    assert attrs[TRUNCATED_ATTRIBUTE] == 13


def test_too_deep_nesting_rejects_only_that_span():
    req, _ = request_with_spans(2)
    span = req.resource_spans[0].scope_spans[0].spans[1]
    value = span.attributes.add(key="deep").value
    for _ in range(MAX_NESTING + 2):
        value = value.array_value.values.add()
    value.string_value = "bottom"
    batch = to_batch(req, 0)
    assert len(batch) == 1 and batch.rejected == 1
    assert "nested deeper" in batch.error_message


def test_too_deep_resource_rejects_the_spans_of_that_resource_only():
    req, _ = request_with_spans(2)
    other = req.resource_spans.add()
    other.CopyFrom(req.resource_spans[0])
    value = other.resource.attributes.add(key="deep").value
    for _ in range(MAX_NESTING + 2):
        value = value.array_value.values.add()
    value.string_value = "bottom"
    for batch in (to_batch(req, 0), decode_protobuf(req.SerializeToString(), 0)):
        assert len(batch) == 2 and batch.rejected == 2
        assert "resource attribute value nested deeper than 32 levels" in batch.error_message


def test_far_future_timestamps_are_clamped_not_overflowed():
    req, _ = request_with_spans(1)
    req.resource_spans[0].scope_spans[0].spans[0].end_time_unix_nano = 2**64 - 1
    assert rows(to_batch(req, 0))[0]["end_ns"] == 2**63 - 1


def test_empty_request():
    assert len(to_batch(ExportTraceServiceRequest(), 0)) == 0
