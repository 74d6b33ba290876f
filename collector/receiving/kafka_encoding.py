"""Span messages as the OpenTelemetry Collector's Kafka exporter writes them. Pure functions.

Out: `otlp_proto` (a serialized ExportTraceServiceRequest, the same wire layout as TracesData),
one message per trace keyed by the lowercase hex trace id, like `partition_traces_by_id: true`,
so a trace stays in one partition. In: `otlp_proto` or `otlp_json`, keyed or not.

The project a collector's key gave the spans travels as the resource attribute
`tracepatrol.project` (`stamp_project`); the store takes it off again (`take_project`), so it is
a column there, never an attribute. A collector drops any such attribute a sender wrote before
stamping its own. Messages without it (a stock Collector's) are the default project's: whoever
can write to the span topic is trusted to name the project.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.decoding.otlp import REDACTED_ATTRIBUTE, DecodeError, Limits, Parsed, read_json, read_protobuf
from collector.decoding.redaction import Redactor
from infra.access import DEFAULT_PROJECT, check_project

PROJECT_ATTRIBUTE = "tracepatrol.project"

_Span = tuple[object, object, object]  # (ResourceSpans, ScopeSpans, Span) of the incoming request


def split_by_trace(request: ExportTraceServiceRequest, max_bytes: int,
                   too_large: Callable[[str], None] = lambda reason: None) -> list[tuple[bytes, bytes]]:
    """(key, value) messages: one per trace, or several when a trace exceeds `max_bytes`.

    Spans whose trace id is not 16 non-zero bytes have no key and are left out (the receiver
    already reported them rejected). A single span past `max_bytes` can never be delivered, so it
    is left out too and reported to `too_large` (a retry would fail the same way).
    """
    by_trace: dict[bytes, list[_Span]] = {}
    for rs in request.resource_spans:
        for ss in rs.scope_spans:
            for span in ss.spans:
                tid = span.trace_id
                if len(tid) == 16 and any(tid):
                    by_trace.setdefault(tid, []).append((rs, ss, span))
    messages = []
    for tid, spans in by_trace.items():
        key = tid.hex().encode()
        messages += [(key, value) for value in _fit(spans, max_bytes, too_large)]
    return messages


def _fit(spans: list[_Span], max_bytes: int, too_large: Callable[[str], None]) -> Iterable[bytes]:
    value = _regroup(spans).SerializeToString()
    if len(value) <= max_bytes:
        yield value
    elif len(spans) == 1:
        span = spans[0][2]
        too_large(f"span {span.span_id.hex()} of trace {span.trace_id.hex()} is {len(value)} bytes, "
                  f"past the Kafka message limit of {max_bytes}")
    else:
        half = len(spans) // 2
        yield from _fit(spans[:half], max_bytes, too_large)
        yield from _fit(spans[half:], max_bytes, too_large)


def _regroup(spans: list[_Span]) -> ExportTraceServiceRequest:
    """A request holding these spans under copies of their own resource and scope."""
    out = ExportTraceServiceRequest()
    resources: dict[int, object] = {}
    scopes: dict[int, object] = {}
    for rs, ss, span in spans:
        target = scopes.get(id(ss))
        if target is None:
            r = resources.get(id(rs))
            if r is None:
                r = resources[id(rs)] = out.resource_spans.add(schema_url=rs.schema_url)
                r.resource.CopyFrom(rs.resource)
            target = scopes[id(ss)] = r.scope_spans.add(schema_url=ss.schema_url)
            target.scope.CopyFrom(ss.scope)
        target.spans.append(span)
    return out


def read_message(value: bytes | None, encoding: str = "auto", limits: Limits = Limits()) -> Parsed:
    """A span message in `otlp_proto` or `otlp_json` ("auto": JSON when it starts with `{`),
    within `limits` as a receiver takes a request (the spans refused before parsing kept aside).

    Raises DecodeError for anything else (LimitExceeded past a limit); an empty value (a
    tombstone) is an empty request.
    """
    if not value:
        return Parsed(ExportTraceServiceRequest())
    if encoding == "otlp_json" or (encoding == "auto" and value.lstrip()[:1] == b"{"):
        return read_json(value, limits)
    if encoding in ("otlp_proto", "auto"):
        return read_protobuf(value, limits)
    raise DecodeError(f"unknown span encoding {encoding!r}; use otlp_proto, otlp_json or auto")


def decode_message(value: bytes | None, encoding: str = "auto") -> ExportTraceServiceRequest:
    """`read_message`'s request alone (default limits)."""
    return read_message(value, encoding).message


def redact_request(request: ExportTraceServiceRequest, redactor: Redactor) -> int:
    """Mask personal data in the request itself before it leaves for Kafka (which keeps it for its
    retention): resource, span, event and link attributes and status messages, as the store
    would. Each span's masks are recorded in its `tracepatrol.redacted` attribute, so the store
    still counts them per trace. Returns the number of masks."""
    total = 0
    for rs in request.resource_spans:
        total += _redact_kvs(rs.resource.attributes, redactor)
        for ss in rs.scope_spans:
            for span in ss.spans:
                n = _redact_kvs(span.attributes, redactor)
                for holder in (*span.events, *span.links):
                    n += _redact_kvs(holder.attributes, redactor)
                if span.status.message:
                    span.status.message, m = redactor.redact(span.status.message)
                    n += m
                if n:
                    span.attributes.add(key=REDACTED_ATTRIBUTE).value.int_value = n
                total += n
    return total


def _redact_kvs(kvs, redactor: Redactor) -> int:
    return sum(_redact_value(kv.value, redactor) for kv in kvs)


def _redact_value(value, redactor: Redactor) -> int:
    which = value.WhichOneof("value")
    if which == "string_value":
        value.string_value, n = redactor.redact(value.string_value)
        return n
    if which == "array_value":
        return sum(_redact_value(v, redactor) for v in value.array_value.values)
    if which == "kvlist_value":
        return _redact_kvs(value.kvlist_value.values, redactor)
    return 0


def stamp_project(request: ExportTraceServiceRequest, project: str) -> None:
    """Every resource of the request marked as `project`'s, whatever the sender wrote there (the
    default project's unmarked: the message stays what a stock Collector would publish)."""
    for rs in request.resource_spans:
        _drop_project(rs.resource.attributes)
        if project != DEFAULT_PROJECT:
            rs.resource.attributes.add(key=PROJECT_ATTRIBUTE).value.string_value = project


def take_project(request: ExportTraceServiceRequest) -> str:
    """The project a message's spans belong to, removed from its resources (the default project
    when none is marked). Raises DecodeError for a name no key could carry, or for a message
    whose resources disagree (no collector writes one)."""
    found = set()
    for rs in request.resource_spans:
        for kv in rs.resource.attributes:
            if kv.key == PROJECT_ATTRIBUTE:
                found.add(kv.value.string_value)
        _drop_project(rs.resource.attributes)
    if len(found) > 1:
        raise DecodeError(f"a span message names several projects: {sorted(found)}")
    try:
        return check_project(found.pop()) if found else DEFAULT_PROJECT
    except ValueError as exc:
        raise DecodeError(str(exc)) from None


def _drop_project(attributes) -> None:
    for i in reversed(range(len(attributes))):
        if attributes[i].key == PROJECT_ATTRIBUTE:
            del attributes[i]
