"""One stored span: the row layout the decoder produces and the record the mapper reads.

The row keeps the span whole (attributes, events, links, resource, scope) so a trajectory can
always be rebuilt from the `spans` table alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

# Column order of a decoded span batch and of the `spans` table (collector.store owns the DDL).
SPAN_COLUMNS: tuple[str, ...] = (
    "trace_id", "span_id", "parent_span_id", "name", "kind", "start_ns", "end_ns",
    "status_code", "status_message", "attributes", "events", "links", "resource",
    "scope_name", "scope_version", "service_name", "trace_state", "flags", "received_ns",
)

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
    def is_error(self) -> bool:
        return self.status_code == STATUS_ERROR

    @property
    def duration_ms(self) -> float:
        return max(0, self.end_ns - self.start_ns) / 1e6

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "SpanRecord":
        """Build from a `spans` row (JSON columns still text)."""
        return cls(
            trace_id=row["trace_id"],
            span_id=row["span_id"],
            parent_span_id=row["parent_span_id"] or None,
            name=row["name"],
            kind=row["kind"],
            start_ns=row["start_ns"],
            end_ns=row["end_ns"],
            status_code=row["status_code"],
            status_message=row["status_message"] or "",
            attributes=_loads(row["attributes"], {}),
            events=_loads(row["events"], []),
            resource=_loads(row["resource"], {}),
            scope_name=row["scope_name"] or "",
            service_name=row["service_name"],
        )


def _loads(text: str | None, empty: Any) -> Any:
    return orjson.loads(text) if text else empty
