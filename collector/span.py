"""One stored span: the row layout the decoder produces and the record the mapper reads.

The row keeps the span whole (attributes, events, links, resource, scope) so a trajectory can
always be rebuilt from the `spans` table alone.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import orjson
import pyarrow as pa

# Column order of a decoded span batch and of the `spans` table (collector.store owns the DDL).
SPAN_COLUMNS: tuple[str, ...] = (
    "trace_id", "span_id", "parent_span_id", "name", "kind", "start_ns", "end_ns",
    "status_code", "status_message", "attributes", "events", "links", "resource",
    "scope_name", "scope_version", "service_name", "trace_state", "flags", "received_ns",
)

# Where a span came from: its resource (and the service named there) and its instrumentation
# scope. A request's spans share them, so a batch keeps each once (dictionary-encoded) and the
# store keeps each once (collector.store.origins), never once per span.
ORIGIN_COLUMNS: tuple[str, ...] = ("resource", "scope_name", "scope_version", "service_name")

STATUS_ERROR = 2


@dataclass(slots=True)
class SpanRecord:
    trace_id: str
    span_id: str
    parent_span_id: str | None
    name: str
    kind: int
    start_ns: int
    end_ns: int
    status_code: int
    status_message: str
    attributes: dict[str, Any] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    resource: dict[str, Any] = field(default_factory=dict)
    scope_name: str = ""
    service_name: str | None = None

    @property
    def duration_ms(self) -> float:
        return max(0, self.end_ns - self.start_ns) / 1e6

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "SpanRecord":
        """Build from a `spans` row (JSON columns still text)."""
        return cls.from_columns([[row[name]] for name in RECORD_FIELDS])[0]

    @classmethod
    def from_columns(cls, columns: Sequence[list]) -> list["SpanRecord"]:
        """Build from a `spans` table's columns in `RECORD_FIELDS` order (JSON columns still text),
        converting column by column: a batch costs less than its rows one by one (JSON parsed
        inline, as `_loads` does, without a call per row)."""
        loads = orjson.loads
        (trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, status_code, status_message,
         attributes, events, resource, scope_name, service_name) = columns
        return list(map(
            cls, trace_id, span_id, [p or None for p in parent_span_id], name, kind, start_ns, end_ns,
            status_code, [m or "" for m in status_message], [loads(t) if t else {} for t in attributes],
            [loads(t) if t else [] for t in events], _shared(resource), [s or "" for s in scope_name],
            service_name,
        ))


# The `spans` columns a record reads, in field order.
RECORD_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(SpanRecord))


def _loads(text: str | None, empty: type) -> Any:
    return orjson.loads(text) if text else empty()


def _shared(resources: list[str | None]) -> list[dict[str, Any]]:
    """Resources parsed once per text object: a batch's spans share one (`values`), and a
    trajectory only reads it. By identity, so a 512 KiB resource is not hashed once a row."""
    parsed: dict[int, dict[str, Any]] = {}
    return [parsed[id(t)] if id(t) in parsed else parsed.setdefault(id(t), _loads(t, dict)) for t in resources]


def values(column: pa.ChunkedArray) -> list:
    """A column's values as Python objects; a dictionary column's rows share one object per
    dictionary entry (a resource read back for 17,000 spans is one string, not 17,000)."""
    if not pa.types.is_dictionary(column.type):
        return column.to_pylist()
    out: list = []
    for chunk in column.chunks:
        entries = chunk.dictionary.to_pylist()
        out += [None if i is None else entries[i] for i in chunk.indices.to_pylist()]
    return out
