"""OTLP trace payloads (protobuf or OTLP/JSON) to columnar span batches.

Pure functions: no I/O, no clock. Invalid spans are counted and described (for
`partial_success`), never raised; an undecodable payload raises `DecodeError` (HTTP 400 /
INVALID_ARGUMENT).
"""
from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

import orjson
import otlp_columns
import pyarrow as pa
from google.protobuf import json_format
from google.protobuf.message import DecodeError as _ProtoDecodeError
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.redaction import Redactor
from collector.span import SPAN_COLUMNS

MAX_NESTING = 32
# Set on a span whose attributes were cut to the limits: how many values or attributes were cut.
TRUNCATED_ATTRIBUTE = "tracepatrol.truncated"
# Set on a span whose strings had personal data masked (collector.redaction): how many masks.
REDACTED_ATTRIBUTE = "tracepatrol.redacted"
_ERRORS_KEPT = 5


class DecodeError(ValueError):
    """The payload cannot be decoded at all (permanent: the sender must not retry)."""


class LimitExceeded(DecodeError):
    """The request is over a configured limit, named in the message (HTTP 413, gRPC
    RESOURCE_EXHAUSTED without RetryInfo): permanent as sent, the sender must split it."""


@dataclass(frozen=True)
class Limits:
    """Per-span limits; values past them are truncated and the truncation recorded. With a
    `redactor`, string values and status messages are masked before they are stored."""

    max_attribute_length: int = 64 * 1024
    max_attributes: int = 1024
    redactor: Redactor | None = None


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
        return self.table if self.table is not None else pa.table(self.columns, schema=SPAN_SCHEMA)

    def as_arrow(self) -> SpanBatch:
        """This batch with its columns made one Arrow table: what crosses a process boundary
        cheaply (pickled as Arrow buffers, unpickled without a Python object per value)."""
        self.table, self.columns = self.to_arrow(), {}
        return self


SPAN_SCHEMA = pa.schema([
    ("trace_id", pa.string()), ("span_id", pa.string()), ("parent_span_id", pa.string()),
    ("name", pa.string()), ("kind", pa.int8()), ("start_ns", pa.int64()), ("end_ns", pa.int64()),
    ("status_code", pa.int8()), ("status_message", pa.string()), ("attributes", pa.string()),
    ("events", pa.string()), ("links", pa.string()), ("resource", pa.string()),
    ("scope_name", pa.string()), ("scope_version", pa.string()), ("service_name", pa.string()),
    ("trace_state", pa.string()), ("flags", pa.int64()), ("received_ns", pa.int64()),
])
assert tuple(SPAN_SCHEMA.names) == SPAN_COLUMNS


def parse_protobuf(body: bytes) -> ExportTraceServiceRequest:
    try:
        return ExportTraceServiceRequest.FromString(body)
    except (_ProtoDecodeError, RuntimeError, ValueError) as exc:
        raise DecodeError(f"cannot decode protobuf ExportTraceServiceRequest: {exc}") from None


def decode_protobuf(body: bytes, received_ns: int, limits: Limits = Limits()) -> SpanBatch:
    """A protobuf body to an Arrow batch: by `otlp_columns` (Rust, outside the GIL, no Python
    object per value), the same rows `to_batch` makes. Bodies it does not take, and limits with a
    redactor (Python regexes), go through upb and `to_batch`, so their errors are upb's."""
    decoded = None if limits.redactor is not None else otlp_columns.decode_spans(
        body, received_ns, limits.max_attribute_length, limits.max_attributes)
    if decoded is None:
        return to_batch(parse_protobuf(body), received_ns, limits).as_arrow()
    rows, columns, rejected, errors, truncated = decoded
    batch = SpanBatch(columns={}, rejected=rejected, errors=errors, truncated=truncated)
    batch.table = pa.Table.from_arrays([_array(field.type, rows, buffers)
                                        for field, buffers in zip(SPAN_SCHEMA, columns)], schema=SPAN_SCHEMA)
    return batch


def _array(kind: pa.DataType, rows: int, buffers: bytes | tuple) -> pa.Array:
    """A column from `otlp_columns`' buffers: (validity or None, offsets, data) or the values."""
    parts = buffers if isinstance(buffers, tuple) else (None, buffers)
    return pa.Array.from_buffers(kind, rows, [b if b is None else pa.py_buffer(b) for b in parts])


def parse_json(body: bytes) -> ExportTraceServiceRequest:
    """OTLP/JSON: hex ids (rewritten to base64 for proto3 JSON), int enums, unknown fields ignored."""
    if not body.strip():
        return ExportTraceServiceRequest()
    try:
        doc = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise DecodeError(f"cannot decode OTLP/JSON body: {exc}") from None
    if not isinstance(doc, dict):
        raise DecodeError("cannot decode OTLP/JSON body: the top level must be an object")
    try:
        for rs in _list(doc.get("resourceSpans")):
            for ss in _list(_get(rs, "scopeSpans")):
                for span in _list(_get(ss, "spans")):
                    if not isinstance(span, dict):
                        continue
                    _hex_ids_to_b64(span, ("traceId", "spanId", "parentSpanId"))
                    for link in _list(span.get("links")):
                        if isinstance(link, dict):
                            _hex_ids_to_b64(link, ("traceId", "spanId"))
        return json_format.ParseDict(doc, ExportTraceServiceRequest(), ignore_unknown_fields=True)
    except (json_format.ParseError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise DecodeError(f"invalid OTLP/JSON ExportTraceServiceRequest: {exc}") from None


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


def to_batch(request: ExportTraceServiceRequest, received_ns: int, limits: Limits = Limits()) -> SpanBatch:
    """Flatten a request into span rows; spans with invalid ids are rejected with a reason."""
    batch, rows = SpanBatch(), []  # rows in SPAN_COLUMNS order, turned into columns at the end
    conv, dumps, row = _Converter(limits), orjson.dumps, rows.append
    for rs in request.resource_spans:
        try:
            resource = conv.attributes(rs.resource.attributes)
        except _InvalidValue as exc:  # the resource's spans are rejected, not the request
            for span in (span for ss in rs.scope_spans for span in ss.spans):
                batch.reject(f"span {span.span_id.hex() or '?'}: resource {exc}")
            continue
        resource_json = orjson.dumps(resource).decode()
        service = resource.get("service.name")
        service = service if isinstance(service, str) else None
        for ss in rs.scope_spans:
            scope_name, scope_version = ss.scope.name, ss.scope.version
            for span in ss.spans:
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

    def text(self, s: str) -> str:
        """A string within the length limit, masked: cut first (a huge value costs no regex time),
        cut again if the masks made it longer."""
        limit = self.limits.max_attribute_length
        if len(s) > limit:
            self.truncated += 1
            s = s[:limit]
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


