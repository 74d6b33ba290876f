"""The Rust decoder (`otlp_columns`, behind `decode_protobuf`) against the Python one: for any
body, the same Arrow table, byte for byte, the same rejections with the same reasons and the same
truncation count, or the same DecodeError. Whatever the Rust side does not take must fall back,
never differ. Skipped where the Rust decoder was not built (a failure in CI)."""
from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.decoding.otlp import DecodeError, Limits, SpanBatch, decode_protobuf, read_protobuf, to_batch
from collector.decoding.redaction import RedactionSettings
from tests.fuzz.test_decode_properties import FUZZ, FUZZ_BIG, SMALL, _VALID_PB, _build, _deep, attributes, spans
from tests.fuzz.test_wire_outline import _varint
from tests.rust_decoder import require_rust

otlp_columns = require_rust()

FIXTURES = sorted((Path(__file__).parents[1] / "fixtures").rglob("*.pb"))


def _python(body: bytes, limits: Limits) -> SpanBatch | DecodeError:
    try:
        return to_batch(read_protobuf(body, limits), 7, limits).as_arrow()
    except DecodeError as exc:
        return exc


def _same(body: bytes, limits: Limits = SMALL) -> SpanBatch | None:
    """Both decoders on `body`; the batch when they took it."""
    expected = _python(body, limits)
    if isinstance(expected, DecodeError):
        with pytest.raises(type(expected), match="cannot decode protobuf|collector.max_"):
            decode_protobuf(body, 7, limits)
        return None
    got = decode_protobuf(body, 7, limits)
    assert (got.rejected, got.errors, got.truncated, got.redacted) == \
        (expected.rejected, expected.errors, expected.truncated, expected.redacted)
    assert got.table.schema == expected.table.schema
    if not got.table.equals(expected.table):
        for name in expected.table.column_names:  # column by column, so the failure names the column
            assert got.table[name].to_pylist() == expected.table[name].to_pylist(), name
    return got


def test_captured_framework_payloads_decode_alike():
    assert FIXTURES
    stored = 0
    for path in FIXTURES:
        batch = _same(path.read_bytes(), Limits())
        stored += len(batch)
    assert stored > 100


@settings(FUZZ_BIG, max_examples=max(1, FUZZ_BIG.max_examples // 2))  # building them is most of the cost
@given(attributes, st.lists(spans, max_size=6), st.booleans())
def test_adversarial_requests_decode_alike(resource_attrs, span_specs, duplicate):
    body = _build(resource_attrs, span_specs, duplicate).SerializeToString()
    _same(body, SMALL)
    _same(body, Limits())


@FUZZ
@given(st.data())
def test_damaged_bodies_decode_alike_or_fail_alike(data):
    body = bytearray(_VALID_PB[:data.draw(st.integers(0, len(_VALID_PB)))])
    for _ in range(data.draw(st.integers(0, 8)) if body else 0):
        body[data.draw(st.integers(0, len(body) - 1))] = data.draw(st.integers(0, 255))
    _same(bytes(body))


@FUZZ
@given(st.binary(max_size=512))
def test_random_bytes_decode_alike_or_fail_alike(body):
    _same(body)


@pytest.mark.parametrize("key", [_varint(536870837),  # a fixed32 field no one knows, its key in five bytes
                                 b"\xb5\xff\xff\xff\x81\x00"])  # the same key in six (atheris found it)
@pytest.mark.parametrize("where", ["request", "resource"])
def test_a_field_key_longer_than_five_bytes_is_refused_as_upb_refuses_it(key, where):
    field = key + b"\x00\x00\x00\x6f"
    body = field if where == "request" else b"\x0a" + bytes([len(field)]) + field
    expected = _python(b"((((\x28\x07" + body, SMALL)
    assert isinstance(expected, DecodeError) is (len(key) > 5)
    _same(b"((((\x28\x07" + body)


@pytest.mark.parametrize("depth", [30, 31, 32, 33, 90, 94, 95, 96, 97, 98, 99, 100, 120])
@pytest.mark.parametrize("kind", ["array", "kvlist"])
@pytest.mark.parametrize("where", ["span", "event", "resource"])
def test_nesting_around_both_limits(depth, kind, where):
    """MAX_NESTING rejects the span; past the parsers' own depth limits (upb's and prost's, both
    100 messages but counted from different places) the body is refused as upb refuses it."""
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    span = rs.scope_spans.add().spans.add(trace_id=b"\x01" * 16, span_id=b"\x02" * 8, name="s")
    target = {"span": lambda: span.attributes, "event": lambda: span.events.add(name="e").attributes,
              "resource": lambda: rs.resource.attributes}[where]()
    _deep(target.add(key="deep").value, depth, kind)
    _same(req.SerializeToString(), Limits())


def test_repeated_keys_keep_the_first_place_and_the_last_value_and_count_every_cut():
    req = ExportTraceServiceRequest()
    span = req.resource_spans.add().scope_spans.add().spans.add(trace_id=b"\x01" * 16, span_id=b"\x02" * 8)
    for key, value in [("a", "x" * 100), ("b", "short"), ("a", "y"), ("tracepatrol.truncated", "sent"), ("b", "z" * 70)]:
        span.attributes.add(key=key).value.string_value = value
    batch = _same(req.SerializeToString(), SMALL)
    assert batch.table["attributes"].to_pylist() == ['{"a":"y","b":"' + "z" * 64 + '","tracepatrol.truncated":2}']


def test_a_redactor_takes_the_python_decoder():
    limits = Limits(redactor=RedactionSettings(enabled=True).redactor())
    req = ExportTraceServiceRequest()
    span = req.resource_spans.add().scope_spans.add().spans.add(trace_id=b"\x01" * 16, span_id=b"\x02" * 8)
    span.attributes.add(key="mail").value.string_value = "write to someone@example.com"
    batch = _same(req.SerializeToString(), limits)
    assert batch.redacted == 1 and "someone@example.com" not in batch.table["attributes"][0].as_py()


def test_columns_arrive_as_arrow_without_copies_of_python_values():
    body = _VALID_PB
    rows, columns, rejected, errors, truncated, resources, scopes = otlp_columns.decode_spans(
        body, 7, 1024, 128, *Limits().caps)
    assert rows == 5 and (rejected, errors, truncated) == (0, [], 0)
    assert resources == [('{"service.name":"test-agent"}', "test-agent")] and len(scopes) == 1
    batch = decode_protobuf(body, 7)
    assert isinstance(batch.table, pa.Table) and batch.columns == {} and len(batch) == 5
    assert batch.table["received_ns"].to_pylist() == [7] * 5
    resource = batch.table["resource"].chunk(0)  # the resource once, each row pointing at it
    assert resource.dictionary.to_pylist() == ['{"service.name":"test-agent"}'] and resource.indices.to_pylist() == [0] * 5
