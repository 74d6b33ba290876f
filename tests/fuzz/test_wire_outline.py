"""The Python outline (collector/decoding/wire_outline.py, what decodes when the Rust decoder was not built)
against the Rust one (`otlp_columns.outline`, native/src/wire.rs): for any body and any limits,
the same refused spans with the same reasons and the same parts, or the same refusal of the
request (TooLarge or Malformed) with the same message."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.decoding import wire_outline
from collector.decoding.otlp import MAX_NESTING, Limits
from tests.fuzz.test_decode_properties import FUZZ, FUZZ_BIG, _VALID_PB, _build, _deep, attributes, spans
from tests.rust_decoder import require_rust
from tracepatrol.harness.load import Batch

otlp_columns = require_rust()

FIXTURES = sorted((Path(__file__).parents[1] / "fixtures").rglob("*.pb"))
TIGHT = (3, 40, 1, 1)
caps = st.one_of(st.just(Limits().caps), st.just(TIGHT),
                 st.tuples(st.integers(0, 12), st.integers(0, 300), st.integers(0, 4), st.integers(0, 4)))


def _outline(outline, body: bytes, limits: tuple[int, int, int, int]):
    try:
        return outline(body, *limits)
    except ValueError as exc:  # TooLarge or Malformed, from either
        return type(exc).__name__, str(exc)


def _alike(body: bytes, limits: tuple[int, int, int, int] = Limits().caps):
    expected = _outline(otlp_columns.outline, body, limits)
    assert _outline(wire_outline.outline, body, limits) == expected
    return expected


# -- the wire format, written by hand (what no serializer writes) ------------------------------------

def _varint(n: int) -> bytes:
    out = bytearray()
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    return bytes(out) + bytes([n])


def _len(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


# Where each message's fields lead: the ones the outline enters (the rest it only steps over).
SCHEMA = {
    "request": {1: "resource_spans"},
    "resource_spans": {1: "resource", 2: "scope_spans"},
    "resource": {1: "key_value", 3: "entity_ref"},
    "entity_ref": {},
    "scope_spans": {1: "scope", 2: "span"},
    "scope": {3: "key_value"},
    "span": {9: "key_value", 11: "event", 13: "link"},
    "event": {3: "key_value"},
    "link": {4: "key_value"},
    "key_value": {2: "any_value"},
    "any_value": {5: "array", 6: "kvlist"},
    "array": {1: "any_value"},
    "kvlist": {1: "key_value"},
}

scalar_fields = st.one_of(
    st.tuples(st.integers(1, 16), st.integers(0, 2**64 - 1)).map(lambda f: _varint(f[0] << 3) + _varint(f[1])),
    st.tuples(st.integers(1, 16), st.binary(min_size=8, max_size=8)).map(lambda f: _varint(f[0] << 3 | 1) + f[1]),
    st.tuples(st.integers(1, 16), st.binary(min_size=4, max_size=4)).map(lambda f: _varint(f[0] << 3 | 5) + f[1]),
    st.tuples(st.integers(1, 16), st.binary(max_size=20)).map(lambda f: _len(*f)),
    st.tuples(st.integers(1, 16), st.integers(1, 16)).map(  # a group, ended by its own number or another's
        lambda f: _varint(f[0] << 3 | 3) + _varint(7 << 3) + b"\x01" + _varint(f[1] << 3 | 4)),
    st.binary(min_size=1, max_size=6),  # anything at all
    st.sampled_from([b"\x8a\x00", b"\x80" * 10 + b"\x01", b"\x80" * 11, b"\x07", b"\x0c", b"\x00",
                     _varint(1 << 29 << 3), _varint(((1 << 29) - 1) << 3) + b"\x00", _varint(1 << 32 << 3)]),
)


@st.composite
def messages(draw, kind: str = "request", depth: int = 0) -> bytes:
    """A message of `kind` as the outline reads it: fields it enters (nested up to 10 levels),
    fields it steps over and bytes that are no field."""
    out = []
    for _ in range(draw(st.integers(0, 4 if depth < 6 else 2))):
        inner = SCHEMA[kind]
        if inner and depth < 10 and draw(st.integers(0, 2)):
            number = draw(st.sampled_from(sorted(inner)))
            out.append(_len(number, draw(messages(inner[number], depth + 1))))
        elif kind == "span" and draw(st.booleans()):
            out.append(_len(2, draw(st.binary(max_size=9))))  # a span id, shown in refusals
        else:
            out.append(draw(scalar_fields) if draw(st.integers(0, 5)) else draw(st.binary(max_size=4)))
    return b"".join(out)


def _value_chain(depth: int, kind: str, leaf: bytes) -> bytes:
    """An AnyValue nested `depth` array or key-value list levels around the AnyValue `leaf`."""
    value = leaf
    for _ in range(depth):
        value = _len(5, _len(1, value)) if kind == "array" else _len(6, _len(1, _len(1, b"k") + _len(2, value)))
    return value


LEAVES = {"string": _len(1, b"s"), "bytes": _len(7, b"b"), "int": b"\x18\x05", "empty": b"",
          "empty list": _len(6, b""), "list then string": _len(6, b"") + _len(1, b"s"),
          "string then list": _len(1, b"s") + _len(5, b""), "string then bytes": _len(1, b"s") + _len(7, b"b"),
          "bytes then double": _len(7, b"b") + b"\x21" + bytes(8)}


def _request_with(where: str, value: bytes, spans: int = 2) -> bytes:
    """A request of `spans` spans with one attribute holding `value` on the span, an event, a link,
    the resource or the scope of the second."""
    attribute = _len(1, b"deep") + _len(2, value)
    span = [_len(2, bytes([i + 1]) * 8) + _len(1, b"\x01" * 16) for i in range(spans)]
    holder = {"span": lambda: _len(9, attribute), "event": lambda: _len(11, _len(3, attribute)),
              "link": lambda: _len(13, _len(4, attribute))}
    if where in holder:
        span[1] += holder[where]()
    scope = _len(3, attribute) if where == "scope" else b""
    resource = _len(1, attribute) if where == "resource" else b""
    scope_spans = _len(1, _len(1, b"scope") + scope) + b"".join(_len(2, s) for s in span)
    return _len(1, _len(1, resource) + _len(2, scope_spans) + _len(2, _len(2, _len(2, b"other"))))


# -- the tests -----------------------------------------------------------------------------------

def test_captured_framework_payloads_and_the_benchmark_shapes_outline_alike():
    bodies = [path.read_bytes() for path in FIXTURES] + [Batch(seed=3, shape=s).render(1, 0, 0) for s in ("chat", "tools")]
    for body in bodies:
        for limits in (Limits().caps, TIGHT, (512, 10_000, 0, 0)):
            _alike(body, limits)
    assert len(bodies) > 100


@FUZZ
@given(messages(), caps)
def test_any_wire_format_outlines_alike(body, limits):
    _alike(body, limits)


@FUZZ
@given(st.binary(max_size=512), caps)
def test_random_bytes_outline_alike(body, limits):
    _alike(body, limits)


@FUZZ
@given(st.sampled_from([_VALID_PB, *[p.read_bytes() for p in FIXTURES[:12]]]), st.data(), caps)
def test_damaged_bodies_outline_alike(body, data, limits):
    body = bytearray(body[:data.draw(st.integers(0, len(body)))])
    for _ in range(data.draw(st.integers(0, 6))):
        if not body:
            break
        at = data.draw(st.integers(0, len(body) - 1))
        change = data.draw(st.sampled_from(["set", "insert", "delete"]))
        if change == "set":
            body[at] = data.draw(st.integers(0, 255))
        elif change == "insert":
            body[at:at] = data.draw(st.binary(min_size=1, max_size=4))
        else:
            del body[at:at + data.draw(st.integers(1, 8))]
    _alike(bytes(body), limits)


@FUZZ_BIG
@given(attributes, st.lists(spans, max_size=6), st.booleans(), caps)
def test_adversarial_requests_outline_alike(resource_attrs, span_specs, duplicate, limits):
    _alike(_build(resource_attrs, span_specs, duplicate).SerializeToString(), limits)


@pytest.mark.parametrize("leaf", sorted(LEAVES))
@pytest.mark.parametrize("kind", ["array", "kvlist"])
@pytest.mark.parametrize("where", ["span", "event", "link", "resource", "scope"])
def test_nesting_around_the_limit_outlines_alike(where, kind, leaf):
    refusals = set()
    for depth in (0, 1, 29, 30, 31, 32, 33, 34, 40):
        refused, parts = _alike(_request_with(where, _value_chain(depth, kind, LEAVES[leaf])))
        refusals.add(bool(refused))
    assert refusals == {False, True}, "the walk saw values within the limit and past it"


def test_a_span_nested_deep_through_upb_outlines_alike():
    req = ExportTraceServiceRequest()
    span = req.resource_spans.add().scope_spans.add().spans.add(trace_id=b"\x01" * 16, span_id=b"\x02" * 8)
    _deep(span.attributes.add(key="deep").value, MAX_NESTING + 1, "kvlist")
    assert _alike(req.SerializeToString())[0] == [(0, "span 0202020202020202: attribute value nested deeper than 32 levels")]


@pytest.mark.parametrize("groups", [1, 64, 65, 66, 67])
def test_nested_groups_outline_alike(groups):
    body = b"\x1b" * groups + b"\x1c" * groups  # field 3, groups within groups
    _alike(body)
    _alike(_len(1, _len(2, _len(2, b"\x1b" * groups + b"\x1c" * groups))))


@pytest.mark.parametrize("limits", [(1, 10**6, 8, 8), (10**6, 7, 8, 8), (10**6, 10**6, 0, 8), (10**6, 10**6, 8, 0)])
def test_each_limit_refuses_alike_where_it_is_passed(limits):
    body = _request_with("span", _value_chain(3, "array", LEAVES["string"]), spans=4)
    body += _len(1, _len(2, _len(2, _len(11, b"") + _len(13, b"") + _len(2, b"\x09" * 8))))
    assert _alike(body, limits)


# Attributes the walk reads without going field by field when they look plain, and their near misses.
ATTRIBUTES = {
    "string": _len(1, b"k") + _len(2, _len(1, b"v")),
    "no key": _len(2, _len(1, b"v")),
    "empty key": _len(1, b"") + _len(2, _len(1, b"v")),
    "key of 128 bytes": _len(1, b"k" * 128) + _len(2, _len(1, b"v")),
    **{f"string of {n} bytes": _len(1, b"k") + _len(2, _len(1, b"v" * n)) for n in (125, 126, 127, 128, 16381, 16384)},
    "value first": _len(2, _len(1, b"v")) + _len(1, b"k"),
    "two values": _len(1, b"k") + _len(2, _len(1, b"v")) + _len(2, _len(5, _len(1, _len(1, b"v")))),
    "value then garbage": _len(1, b"k") + _len(2, _len(1, b"v")) + b"\xff",
    "empty value": _len(1, b"k") + _len(2, b""),
    "int": _len(1, b"k") + _len(2, b"\x18\x05"),
    "int of 10 bytes": _len(1, b"k") + _len(2, b"\x18" + b"\xff" * 9 + b"\x01"),
    "int of 11 bytes": _len(1, b"k") + _len(2, b"\x18" + b"\xff" * 10 + b"\x01"),
    "int ending early": _len(1, b"k") + _len(2, b"\x18\x05\x05"),
    "int cut short": _len(1, b"k") + _len(2, b"\x18\xff"),
    "bool": _len(1, b"k") + _len(2, b"\x10\x01"),
    "double": _len(1, b"k") + _len(2, b"\x21" + bytes(8)),
    "double of 7 bytes": _len(1, b"k") + _len(2, b"\x21" + bytes(7)),
    "double of 9 bytes": _len(1, b"k") + _len(2, b"\x21" + bytes(9)),
    "bytes": _len(1, b"k") + _len(2, _len(7, b"\xff")),
    "string longer than its value": _len(1, b"k") + _len(2, b"\x0a\x05abc"),
    "string shorter than its value": _len(1, b"k") + _len(2, b"\x0a\x01abc"),
    "value shorter than its string": _len(1, b"k") + b"\x12\x02" + _len(1, b"abc"),
    "value longer than the attribute": _len(1, b"k") + b"\x12\x09" + _len(1, b"v"),
    "list": _len(1, b"k") + _len(2, _len(5, _len(1, _len(1, b"v")))),
    "unknown kind": _len(1, b"k") + _len(2, _len(15, b"v")),
}


@pytest.mark.parametrize("name", sorted(ATTRIBUTES))
def test_plain_attributes_and_their_near_misses_outline_alike(name):
    span = _len(2, b"\x02" * 8) + _len(9, ATTRIBUTES[name]) + _len(9, ATTRIBUTES["string"])
    for limits in (Limits().caps, (10, 2, 1, 1)):
        _alike(_len(1, _len(2, _len(2, span))), limits)


def test_every_item_counts_alike_entity_references_too():
    entity = _len(1, b"service") + _len(3, b"service.name") + _len(4, b"service.version") * 2 + _len(3, b"host.id")
    resource = _len(3, entity) + _len(1, ATTRIBUTES["string"])
    body = _len(1, _len(1, resource) + _len(2, _len(2, _len(2, b"\x01" * 8) + _len(9, ATTRIBUTES["list"]))))
    answers = [_alike(body, (10, items, 1, 1)) for items in range(13)]
    # 11 items: resource spans, entity reference and its 4 keys, resource attribute, scope spans,
    # span, its attribute and its list's element
    assert answers[10][0] == "TooLarge" and answers[11] == ([], None)
