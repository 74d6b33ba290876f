"""OTLP trace payloads (protobuf or OTLP/JSON) to columnar span batches.

Pure functions: no I/O, no clock. Invalid spans are counted and described (for
`partial_success`), never raised; an undecodable payload raises `DecodeError` (HTTP 400 /
INVALID_ARGUMENT), a request past a limit `LimitExceeded` (413 / RESOURCE_EXHAUSTED).

Nothing is built before the request is known to fit its limits: a protobuf body is outlined
first (its wire format walked without decoding: spans and items counted, the spans to refuse
found) and an OTLP/JSON body's brackets are counted before it is parsed.

Protobuf bodies are decoded by `otlp_columns` (native/, Rust) when scripts/setup.sh could build
it; without it (no cargo on the machine) by the same outline in Python (`wire_outline`), upb and
`to_batch`: the same rows and refusals, only slower (`RUST_MISSING`).
A span refused whole (nested too deep, too many events or links) is refused before a parser
sees it, so at any depth only that span is lost. Each request's resources and scopes are kept
once, not per span: their columns are dictionary-encoded (`ORIGIN_COLUMNS`).
"""
from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

import orjson
import pyarrow as pa
import pyarrow.compute as pc
from google.protobuf import json_format
from google.protobuf.message import DecodeError as _ProtoDecodeError
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.decoding import wire_outline
from collector.decoding.redaction import Redactor
from collector.span import ORIGIN_COLUMNS, SPAN_COLUMNS

try:
    import otlp_columns  # native/: built by scripts/setup.sh when cargo is there
except ImportError:
    otlp_columns = None

# Said once at start-up (and by scripts/setup.sh) when the Rust decoder is not there. Measured with
# `decode_protobuf` on benchmarks/ingest.py's 512-span requests, with and without it in turns in one
# process (CPU time, a shared 2-core machine, four runs): tools 4.2-4.8 against 23.0-24.2 µs a span
# (5.1-5.5×), chat 4.0-4.8 against 21.8-28.0 (5.1-5.8×). The outline alone: ~10 µs a span in
# Python, ~0.8 in Rust.
RUST_MISSING = ("Rust decoder not built: ingest decodes protobuf about 5-6× slower (agent traces: ~40,000 "
                "spans per CPU second instead of ~220,000); install Rust (https://rustup.rs) and re-run "
                "scripts/setup.sh")

MAX_NESTING = 32
# Set on a span whose attributes were cut to the limits: how many values or attributes were cut.
TRUNCATED_ATTRIBUTE = "tracepatrol.truncated"
# Set on a span whose strings had personal data masked (collector.decoding.redaction): how many masks.
REDACTED_ATTRIBUTE = "tracepatrol.redacted"
_ERRORS_KEPT = 5


class DecodeError(ValueError):
    """The payload cannot be decoded at all (permanent: the sender must not retry)."""


class LimitExceeded(DecodeError):
    """The request is over a configured limit, named in the message (HTTP 413, gRPC
    RESOURCE_EXHAUSTED without RetryInfo): permanent as sent, the sender must split it."""


@dataclass(frozen=True)
class Limits:
    """What decoding takes. Per span, values past the length and attribute limits are truncated
    and the truncation recorded; a span with more events or links than allowed is refused. A
    request with more spans or items (`collector.max_items_per_request`) than allowed is refused
    whole, before anything is decoded. With a `redactor`, string values and status messages are
    masked before they are stored."""

    max_attribute_length: int = 64 * 1024
    max_attributes: int = 1024
    redactor: Redactor | None = None
    max_spans: int = 65_536
    max_items: int = 1 << 19
    max_events: int = 1024
    max_links: int = 1024

    @property
    def caps(self) -> tuple[int, int, int, int]:
        """The outline's limits, as `otlp_columns.outline` and `wire_outline.outline` take them."""
        return self.max_spans, self.max_items, self.max_events, self.max_links


@dataclass
class SpanBatch:
    """Accepted spans as columns (in `SPAN_COLUMNS` order) plus what was rejected and why."""

    columns: dict[str, list] = field(default_factory=lambda: {c: [] for c in SPAN_COLUMNS})
    rejected: int = 0
    errors: list[str] = field(default_factory=list)
    truncated: int = 0
    redacted: int = 0
    table: pa.Table | None = None  # the columns as Arrow, once `as_arrow` made them so
    decode_ns: int = 0  # time spent decoding, when that was done in another process

    def __len__(self) -> int:
        return self.table.num_rows if self.table is not None else len(self.columns["span_id"])

    def reject(self, reason: str) -> None:
        self.rejected += 1
        if len(self.errors) < _ERRORS_KEPT:
            self.errors.append(reason)

    @property
    def error_message(self) -> str:
        if not self.rejected:
            return ""
        more = self.rejected - len(self.errors)
        tail = f" (and {more} more)" if more > 0 else ""
        return f"{self.rejected} span(s) rejected: " + "; ".join(self.errors) + tail

    def to_arrow(self) -> pa.Table:
        if self.table is not None:
            return self.table
        columns = {name: _shared(values) if name in ORIGIN_COLUMNS else values for name, values in self.columns.items()}
        return pa.table(columns, schema=SPAN_SCHEMA)

    def as_arrow(self) -> SpanBatch:
        """This batch with its columns made one Arrow table: what crosses a process boundary
        cheaply (pickled as Arrow buffers, unpickled without a Python object per value)."""
        self.table, self.columns = self.to_arrow(), {}
        return self


_ORIGIN = pa.dictionary(pa.int32(), pa.string())
SPAN_SCHEMA = pa.schema([
    ("trace_id", pa.string()), ("span_id", pa.string()), ("parent_span_id", pa.string()),
    ("name", pa.string()), ("kind", pa.int8()), ("start_ns", pa.int64()), ("end_ns", pa.int64()),
    ("status_code", pa.int8()), ("status_message", pa.string()), ("attributes", pa.string()),
    ("events", pa.string()), ("links", pa.string()), ("resource", _ORIGIN),
    ("scope_name", _ORIGIN), ("scope_version", _ORIGIN), ("service_name", _ORIGIN),
    ("trace_state", pa.string()), ("flags", pa.int64()), ("received_ns", pa.int64()),
])
assert tuple(SPAN_SCHEMA.names) == SPAN_COLUMNS


def _shared(values: list) -> pa.DictionaryArray:
    """A column whose rows share their values by reference (a request's resource and scope) as
    one dictionary entry per object, found by identity: nothing is hashed or copied per row. The
    objects stay alive in `values` meanwhile, so no two share an id."""
    index: dict[int, int] = {}
    distinct, indices = [], []
    for value in values:
        if value is None:
            indices.append(None)
            continue
        i = index.get(id(value))
        if i is None:
            i = index[id(value)] = len(distinct)
            distinct.append(value)
        indices.append(i)
    return pa.DictionaryArray.from_arrays(pa.array(indices, pa.int32()), pa.array(distinct, pa.string()))


@dataclass
class Parsed:
    """A request as parsed, less the spans refused before it was: their position among the
    request's spans and the reason, in order."""

    message: ExportTraceServiceRequest
    refused: list[tuple[int, str]] = field(default_factory=list)


def rust_missing() -> str | None:
    """What running without the Rust decoder costs and how to get it; None when it is there."""
    return RUST_MISSING if otlp_columns is None else None


# The outline's refusals, from either implementation: past a limit, or not wire format at all.
_TOO_LARGE = (wire_outline.TooLarge, *((otlp_columns.TooLarge,) if otlp_columns else ()))
_REFUSALS = (*_TOO_LARGE, wire_outline.Malformed, *((otlp_columns.Malformed,) if otlp_columns else ()))


def _refused(exc: ValueError) -> DecodeError:
    if isinstance(exc, _TOO_LARGE):
        return LimitExceeded(str(exc))
    return DecodeError(f"cannot decode protobuf ExportTraceServiceRequest: {exc}")


def read_protobuf(body: bytes, limits: Limits = Limits()) -> Parsed:
    """A protobuf body parsed by upb once its outline is within `limits`. Parts nested near upb's
    recursion limit (which counts from the request) are parsed one by one, so only a span past
    `MAX_NESTING` is refused, never the request."""
    outline = wire_outline.outline if otlp_columns is None else otlp_columns.outline
    try:
        refused, parts = outline(body, *limits.caps)
    except _REFUSALS as exc:
        raise _refused(exc) from None
    try:
        return Parsed(ExportTraceServiceRequest.FromString(body) if parts is None else _assemble(body, parts), refused)
    except (_ProtoDecodeError, RuntimeError, ValueError) as exc:
        raise DecodeError(f"cannot decode protobuf ExportTraceServiceRequest: {exc}") from None


def _assemble(body: bytes, parts: list) -> ExportTraceServiceRequest:
    request = ExportTraceServiceRequest()
    view = memoryview(body)
    for head, scopes in parts:
        rs = request.resource_spans.add()
        rs.MergeFromString(head)
        for scope_head, spans in scopes:
            ss = rs.scope_spans.add()
            ss.MergeFromString(scope_head)
            for start, end in spans:
                ss.spans.add().MergeFromString(view[start:end])
    return request


def parse_protobuf(body: bytes, limits: Limits = Limits()) -> ExportTraceServiceRequest:
    """`read_protobuf`'s request alone: what a refused span was is dropped with it."""
    return read_protobuf(body, limits).message


def decode_protobuf(body: bytes, received_ns: int, limits: Limits = Limits()) -> SpanBatch:
    """A protobuf body to an Arrow batch: by `otlp_columns` (Rust, outside the GIL, no Python
    object per value, one span decoded at a time), the same rows `to_batch` makes. Bodies it does
    not take, limits with a redactor (Python regexes), and every body when it was not built, go
    through upb and `to_batch`, so their errors are upb's; both refuse a request past its limits
    before decoding anything."""
    try:
        decoded = None if limits.redactor is not None or otlp_columns is None else otlp_columns.decode_spans(
            body, received_ns, limits.max_attribute_length, limits.max_attributes, *limits.caps)
    except _REFUSALS as exc:
        raise _refused(exc) from None
    if decoded is None:
        return to_batch(read_protobuf(body, limits), received_ns, limits).as_arrow()
    rows, columns, rejected, errors, truncated, resources, scopes = decoded
    resource_index, scope_index = (_array(pa.int32(), rows, columns[SPAN_COLUMNS.index(c)]) for c in ("resource", "scope_name"))
    columns = [None if field.name in ORIGIN_COLUMNS else _array(field.type, rows, buffers)
               for field, buffers in zip(SPAN_SCHEMA, columns)]
    for name, index, values in (("resource", resource_index, [r for r, _ in resources]),
                                ("service_name", resource_index, [s for _, s in resources]),
                                ("scope_name", scope_index, [n for n, _ in scopes]),
                                ("scope_version", scope_index, [v for _, v in scopes])):
        columns[SPAN_COLUMNS.index(name)] = _dictionary(index, values)
    batch = SpanBatch(columns={}, rejected=rejected, errors=errors, truncated=truncated)
    batch.table = pa.Table.from_arrays(columns, schema=SPAN_SCHEMA)
    return batch


def _dictionary(index: pa.Array, values: list[str | None]) -> pa.DictionaryArray:
    """Rows pointing into `values` (None: a null row) as a dictionary column of the non-null ones."""
    kept = [v for v in values if v is not None]
    if len(kept) < len(values):
        position, n = [], 0
        for v in values:
            position.append(None if v is None else n)
            n += v is not None
        index = pc.take(pa.array(position, pa.int32()), index)
    return pa.DictionaryArray.from_arrays(index, pa.array(kept, pa.string()))


def _array(kind: pa.DataType, rows: int, buffers: bytes | tuple) -> pa.Array:
    """A column from `otlp_columns`' buffers: (validity or None, offsets, data) or the values."""
    parts = buffers if isinstance(buffers, tuple) else (None, buffers)
    return pa.Array.from_buffers(kind, rows, [b if b is None else pa.py_buffer(b) for b in parts])


def read_json(body: bytes, limits: Limits = Limits()) -> Parsed:
    """OTLP/JSON: hex ids (rewritten to base64 for proto3 JSON), int enums, unknown fields ignored.

    Its `{` and `[` are counted before it is parsed (strings included: an upper bound of the
    objects parsing would make, each a Python dict or list) against `max_items`; its spans against
    `max_spans`. A span refused whole is taken out before json_format parses the rest, so its
    recursion limit (100 messages from the request) never refuses the request."""
    if not body.strip():
        return Parsed(ExportTraceServiceRequest())
    brackets = body.count(b"{") + body.count(b"[")
    if brackets > limits.max_items:
        raise LimitExceeded(f"the OTLP/JSON body holds more than {limits.max_items} objects and arrays "
                            "(collector.max_items_per_request); send it in smaller batches")
    try:
        doc = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise DecodeError(f"cannot decode OTLP/JSON body: {exc}") from None
    if not isinstance(doc, dict):
        raise DecodeError("cannot decode OTLP/JSON body: the top level must be an object")
    refused = _json_refusals(doc, limits)
    try:
        message = json_format.ParseDict(doc, ExportTraceServiceRequest(), ignore_unknown_fields=True,
                                        max_recursion_depth=_JSON_DEPTH)
        return Parsed(message, refused)
    except (json_format.ParseError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise DecodeError(f"invalid OTLP/JSON ExportTraceServiceRequest: {exc}") from None


# Messages from the request to the deepest value `MAX_NESTING` allows (an event's key-value
# lists: request, resource spans, scope spans, span, event, key-value, value, then 3 a level).
_JSON_DEPTH = 7 + 3 * MAX_NESTING + 4


def parse_json(body: bytes, limits: Limits = Limits()) -> ExportTraceServiceRequest:
    """`read_json`'s request alone: what a refused span was is dropped with it."""
    return read_json(body, limits).message


def _json_refusals(doc: dict, limits: Limits) -> list[tuple[int, str]]:
    """Ids rewritten to base64; spans past the limits taken out of `doc` (a resource or scope
    nested too deep takes its spans with it), returned as (position, reason) in order."""
    refused, position, spans = [], 0, 0
    for rs in _list(doc.get("resourceSpans")):
        resource_deep = _attributes_too_deep(_get(_get(rs, "resource"), "attributes"))
        for ss in _list(_get(rs, "scopeSpans")):
            scope_deep = _attributes_too_deep(_get(_get(ss, "scope"), "attributes"))
            kept = []
            for span in _list(_get(ss, "spans")):
                spans += 1
                if spans > limits.max_spans:
                    raise LimitExceeded(f"the request holds more than {limits.max_spans} spans "
                                        "(collector.max_spans_per_request); send it in smaller batches")
                if isinstance(span, dict):
                    _hex_ids_to_b64(span, ("traceId", "spanId", "parentSpanId"))
                    for link in _list(span.get("links")):
                        if isinstance(link, dict):
                            _hex_ids_to_b64(link, ("traceId", "spanId"))
                why = (f"resource attribute value nested deeper than {MAX_NESTING} levels" if resource_deep
                       else f"scope attribute value nested deeper than {MAX_NESTING} levels" if scope_deep
                       else _json_span_refusal(span, limits))
                if why is None:
                    kept.append(span)
                else:
                    refused.append((position, f"span {_b64_id(span)}: {why}"))
                position += 1
            if isinstance(_get(ss, "spans"), list):
                ss["spans"] = kept
            if scope_deep:
                ss.pop("scope", None)
        if resource_deep:
            rs.pop("resource", None)
    return refused


def _json_span_refusal(span: Any, limits: Limits) -> str | None:
    if not isinstance(span, dict):
        return None  # json_format says what is wrong with it
    events, links = _list(span.get("events")), _list(span.get("links"))
    if (_attributes_too_deep(span.get("attributes"))
            or any(_attributes_too_deep(_get(e, "attributes")) for e in events)
            or any(_attributes_too_deep(_get(ln, "attributes")) for ln in links)):
        return f"attribute value nested deeper than {MAX_NESTING} levels"
    if len(events) > limits.max_events:
        return f"{len(events)} events, past the limit of {limits.max_events} (collector.max_events_per_span)"
    if len(links) > limits.max_links:
        return f"{len(links)} links, past the limit of {limits.max_links} (collector.max_links_per_span)"
    return None


def _b64_id(span: Any) -> str:
    value = _get(span, "spanId")
    try:
        return base64.b64decode(value).hex() or "?" if isinstance(value, str) else "?"
    except ValueError:
        return "?"


_SCALARS = ("stringValue", "string_value", "intValue", "int_value", "doubleValue", "double_value",
            "boolValue", "bool_value")


def _attributes_too_deep(attributes: Any) -> bool:
    return any(_value_too_deep(_get(kv, "value"), 0) for kv in _list(attributes))


def _value_too_deep(value: Any, depth: int) -> bool:
    """As `_Converter.value` judges an AnyValue in JSON: past `MAX_NESTING` only a string, a
    number or a bool may stand. The walk stops there, so any input is safe."""
    if not isinstance(value, dict):
        return False  # json_format says what is wrong with it
    if depth >= MAX_NESTING:
        return not any(key in value for key in _SCALARS)
    for key in ("arrayValue", "array_value"):
        if any(_value_too_deep(v, depth + 1) for v in _list(_get(value.get(key), "values"))):
            return True
    for key in ("kvlistValue", "kvlist_value"):
        if any(_value_too_deep(_get(kv, "value"), depth + 1) for kv in _list(_get(value.get(key), "values"))):
            return True
    return False


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _get(obj: Any, key: str) -> Any:
    return obj.get(key) if isinstance(obj, dict) else None


def _hex_ids_to_b64(obj: dict, keys: tuple[str, ...]) -> None:
    for key in keys:
        value = obj.get(key)
        if isinstance(value, str) and value:
            try:
                raw = bytes.fromhex(value)
            except ValueError:
                raw = b"\x00"  # not hex: becomes an id of the wrong length, rejected per span
            obj[key] = base64.b64encode(raw).decode()


def to_batch(request: ExportTraceServiceRequest | Parsed, received_ns: int, limits: Limits = Limits()) -> SpanBatch:
    """Flatten a request into span rows; spans with invalid ids are rejected with a reason, and so
    are the spans refused before it was parsed, each in its place."""
    batch, rows = SpanBatch(), []  # rows in SPAN_COLUMNS order, turned into columns at the end
    conv, dumps, row = _Converter(limits), orjson.dumps, rows.append
    if isinstance(request, Parsed):
        request, refused = request.message, request.refused
    else:
        refused = []
    refusals = iter(refused)
    due = next(refusals, (-1, ""))
    position = 0  # of the span about to be read, among the request's spans as sent

    def place() -> None:
        """Reject the refused spans sent before this one."""
        nonlocal due, position
        while due[0] == position:
            batch.reject(due[1])
            due, position = next(refusals, (-1, "")), position + 1
        position += 1

    for rs in request.resource_spans:
        try:
            resource = conv.attributes(rs.resource.attributes)
        except _InvalidValue as exc:  # the resource's spans are rejected, not the request
            for span in (span for ss in rs.scope_spans for span in ss.spans):
                place()
                batch.reject(f"span {span.span_id.hex() or '?'}: resource {exc}")
            continue
        resource_json = orjson.dumps(resource).decode()
        service = resource.get("service.name")
        service = service if isinstance(service, str) else None
        for ss in rs.scope_spans:
            scope_name, scope_version = conv.cut(ss.scope.name), conv.cut(ss.scope.version)
            for span in ss.spans:
                if refused:
                    place()
                tid, sid, pid = span.trace_id, span.span_id, span.parent_span_id
                if len(tid) != 16 or tid == b"\x00" * 16:
                    batch.reject(f"span {sid.hex() or '?'}: trace_id must be 16 non-zero bytes, got {len(tid)}")
                    continue
                if len(sid) != 8 or sid == b"\x00" * 8:
                    batch.reject(f"span in trace {tid.hex()}: span_id must be 8 non-zero bytes, got {len(sid)}")
                    continue
                if len(pid) not in (0, 8):
                    batch.reject(f"span {sid.hex()}: parent_span_id must be empty or 8 bytes, got {len(pid)}")
                    continue
                status = span.status
                kind, code = span.kind, status.code  # open enums: any int32 arrives
                if not (0 <= kind <= _MAX_ENUM and 0 <= code <= _MAX_ENUM):
                    batch.reject(f"span {sid.hex()}: kind {kind} / status code {code} is not a span kind / status code")
                    continue
                try:
                    truncated_before, redacted_before = conv.truncated, conv.redacted
                    span_attrs = conv.attributes(span.attributes)
                    events, links = span.events, span.links
                    events = [
                        {"name": e.name, "time_unix_nano": e.time_unix_nano,
                         "attributes": conv.attributes(e.attributes)}
                        for e in events
                    ] if events else None
                    links = [
                        {"trace_id": ln.trace_id.hex(), "span_id": ln.span_id.hex(),
                         "attributes": conv.attributes(ln.attributes)}
                        for ln in links
                    ] if links else None
                    status_message = status.message
                    status_message = conv.text(status_message) if status_message else None
                    if conv.truncated != truncated_before:  # recorded on the span, never silent
                        span_attrs[TRUNCATED_ATTRIBUTE] = conv.truncated - truncated_before
                    if conv.redacted != redacted_before:
                        span_attrs[REDACTED_ATTRIBUTE] = conv.redacted - redacted_before
                    attrs_json = dumps(span_attrs).decode()
                    events_json = dumps(events).decode() if events else None
                    links_json = dumps(links).decode() if links else None
                except _InvalidValue as exc:
                    batch.reject(f"span {sid.hex()}: {exc}")
                    continue
                start, end = span.start_time_unix_nano, span.end_time_unix_nano
                row((tid.hex(), sid.hex(), pid.hex() if pid and pid != _NO_PARENT else None, span.name, kind,
                     start if start <= _MAX_NS else _MAX_NS, end if end <= _MAX_NS else _MAX_NS,  # fixed64: clamped
                     code, status_message, attrs_json, events_json, links_json, resource_json, scope_name,
                     scope_version or None, service, span.trace_state or None, span.flags, received_ns))
    while due[0] >= 0:
        batch.reject(due[1])
        due = next(refusals, (-1, ""))
    if rows:
        batch.columns = dict(zip(SPAN_COLUMNS, map(list, zip(*rows))))
    batch.truncated, batch.redacted = conv.truncated, conv.redacted
    return batch


_MAX_NS = 2**63 - 1
_MAX_ENUM = 127  # kind and status code are stored as TINYINT; unknown but small values are kept
_NO_PARENT = b"\x00" * 8


class _InvalidValue(ValueError):
    pass


class _Converter:
    """AnyValue/KeyValue to plain JSON-able Python, within the configured limits."""

    __slots__ = ("limits", "truncated", "redacted", "_redact")

    def __init__(self, limits: Limits):
        self.limits = limits
        self.truncated = self.redacted = 0
        self._redact = limits.redactor.redact if limits.redactor is not None else None

    def cut(self, s: str) -> str:
        """A string within the length limit (scope names, kept as they are otherwise)."""
        limit = self.limits.max_attribute_length
        if len(s) > limit:
            self.truncated += 1
            return s[:limit]
        return s

    def text(self, s: str) -> str:
        """A string within the length limit, masked: cut first (a huge value costs no regex time),
        cut again if the masks made it longer."""
        s = self.cut(s)
        limit = self.limits.max_attribute_length
        if self._redact is not None:
            s, n = self._redact(s)
            if n:
                self.redacted += n
                s = s[:limit]
        return s

    def attributes(self, kvs) -> dict[str, Any]:
        """Plain strings within the length limit (most values) are taken on the spot: this loop
        is most of the cost of decoding."""
        limit = self.limits.max_attributes
        if len(kvs) > limit:
            self.truncated += len(kvs) - limit
            kvs = kvs[:limit]
        out, value, plain = {}, self.value, self._redact is None
        longest = self.limits.max_attribute_length
        for kv in kvs:
            v = kv.value
            s = v.string_value  # "" for any other kind of value, which takes the long way
            if s and plain:
                out[kv.key] = s if len(s) <= longest else self.text(s)
            else:
                out[kv.key] = value(v, 0)
        return out

    def value(self, v, depth: int) -> Any:
        which = v.WhichOneof("value")
        if which == "string_value":
            return self.text(v.string_value)
        if which == "int_value":
            return v.int_value
        if which == "double_value":
            d = v.double_value
            return d if d == d and d not in (float("inf"), float("-inf")) else str(d)
        if which == "bool_value":
            return v.bool_value
        if depth >= MAX_NESTING:
            raise _InvalidValue(f"attribute value nested deeper than {MAX_NESTING} levels")
        if which == "array_value":
            return [self.value(x, depth + 1) for x in v.array_value.values]
        if which == "kvlist_value":
            return {kv.key: self.value(kv.value, depth + 1) for kv in v.kvlist_value.values}
        if which == "bytes_value":
            b = v.bytes_value
            keep = self.limits.max_attribute_length // 4 * 3  # base64 of `keep` bytes fits the length limit
            if len(b) > keep:
                self.truncated += 1
                b = b[:keep]
            return base64.b64encode(b).decode()
        return None


