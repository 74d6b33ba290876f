"""Compile a validated policy's filters to a parameterised WHERE fragment over `t`, the relation of
trajectories the collector hands out (`collector.store.trajectories`). The `annotation` field
also reads `annotation_status`, the relation `sampler.annotations.current_statuses` hands out:
a query using that field binds a Python variable of that name (`reads_annotations` says when).

No user text is ever spliced into the SQL: values, and the JSON paths of `attr.*` keys, are
bound as numbered parameters (`$1`, `$2` …, so one value can be referenced twice).

A regex reads only the start of its text: the first `TEXT_CHARS` (512) characters of a value, the
first `ITEM_CHARS` (32) of each of a list's first `LIST_ITEMS` (16) elements, so one chunk of rows
costs DuckDB a bounded time (`sampler.regex_cost`); `contains` reads the whole text.

Missing values: comparisons, `contains`, `regex` and `in` are false for a trace without the
value; the negations `ne` and `not_contains` are true for it. `exists` means "has a value":
not NULL for numbers, non-empty for text, at least one element for lists.
"""
from __future__ import annotations

from typing import Any

from sampler.policy import Filter, SamplingPolicy, attribute_key
from sampler.regex_cost import ITEM_CHARS, LIST_ITEMS, TEXT_CHARS

# Our own constant SQL per field, over the columns of the trajectories relation; `attr.*` fields
# are built by `_attribute`.
COLUMNS: dict[str, str] = {
    "status": "t.status",
    "duration_ms": "t.duration_ms",
    "first_token_ms": "t.first_token_ms",
    "tokens": "t.total_tokens",
    "input_tokens": "t.input_tokens",
    "output_tokens": "t.output_tokens",
    "input": "t.input",
    "output": "t.output",
    "span_name": "t.span_names",
    "user_id": "t.user_id",
    "session_id": "t.session_id",
    "annotation": "(SELECT a.status FROM annotation_status a WHERE a.trace_id = t.trace_id)",
    "agent_name": "t.agent_name",
    "agent_version": "t.agent_version",
    "service_name": "t.service_name",
    "tool_name": "t.tool_names",
    "tool_errors": "t.tool_errors",
    "error_type": "t.error_type",
}

_COMPARE = {"eq": "=", "gt": ">", "ge": ">=", "lt": "<", "le": "<="}


class Params(list):
    """Bound values; `ref` appends one and returns its numbered placeholder."""

    def ref(self, value: Any) -> str:
        self.append(value)
        return f"${len(self)}"


def reads_annotations(policy: SamplingPolicy) -> bool:
    """Whether the compiled fragment reads `annotation_status`."""
    return any(f.field == "annotation" for f in policy.filters)


def compile_filters(policy: SamplingPolicy) -> tuple[str, Params]:
    """The WHERE fragment and its parameters; callers bind more with `params.ref` (numbered after)."""
    params = Params()
    if not policy.filters:
        return "TRUE", params
    joiner = " AND " if policy.match == "all" else " OR "
    return "(" + joiner.join(f"({_compile(f, params)})" for f in policy.filters) + ")", params


def _compile(f: Filter, p: Params) -> str:
    if f.kind == "attribute":
        return _attribute(f, p)
    col = COLUMNS[f.field]
    if f.kind == "string-list":
        return _list(col, f.op, f.value, p)
    return _scalar(col, f.op, f.value, p, "DOUBLE" if f.kind == "number" else "VARCHAR")


def _negate(sql: str) -> str:
    return f"NOT coalesce({sql}, false)"


def _exists(test: str, value: bool | None) -> str:
    return test if value in (None, True) else f"NOT ({test})"


def _scalar(col: str, op: str, value: Any, p: Params, sql_type: str) -> str:
    if op in _COMPARE:
        return f"{col} {_COMPARE[op]} {p.ref(value)}"
    if op == "ne":
        return f"{col} IS DISTINCT FROM {p.ref(value)}"
    if op == "in":
        items = [float(v) for v in value] if sql_type == "DOUBLE" else list(value)
        return f"list_contains({p.ref(items)}::{sql_type}[], {col})"
    if op == "contains":
        return f"contains({col}, {p.ref(value)})"
    if op == "not_contains":
        return _negate(f"contains({col}, {p.ref(value)})")
    if op == "regex":
        return f"regexp_matches(left({col}, {TEXT_CHARS}), {p.ref(value)})"
    test = f"{col} IS NOT NULL" if sql_type == "DOUBLE" else f"coalesce({col}, '') <> ''"
    return _exists(test, value)


def _list(col: str, op: str, value: Any, p: Params) -> str:
    """Lists (tool and span names): a condition holds when any element meets it."""
    if op == "eq":
        return f"coalesce(list_contains({col}, {p.ref(value)}), false)"
    if op == "ne":
        return _negate(f"list_contains({col}, {p.ref(value)})")
    if op == "in":
        return f"coalesce(list_has_any({col}, {p.ref(list(value))}::VARCHAR[]), false)"
    if op in ("contains", "not_contains"):
        any_contains = f"list_bool_or(list_transform({col}, lambda e: contains(e, {p.ref(value)})))"
        return f"coalesce({any_contains}, false)" if op == "contains" else _negate(any_contains)
    if op == "regex":
        read = f"list_slice({col}, 1, {LIST_ITEMS})"
        return f"coalesce(list_bool_or(list_transform({read}, lambda e: regexp_matches(left(e, {ITEM_CHARS}), {p.ref(value)}))), false)"
    return _exists(f"coalesce(len({col}), 0) > 0", value)


def json_path(key: str) -> str:
    """`$."key"` with backslashes and quotes escaped, so any key (dots, quotes) is one member."""
    return '$."' + key.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _attribute(f: Filter, p: Params) -> str:
    """Root-span attributes: text comparisons, or numeric ones (TRY_CAST) for number values."""
    path = p.ref(json_path(attribute_key(f.field)))
    text = f"json_extract_string(t.attributes, {path})"
    number = f"TRY_CAST({text} AS DOUBLE)"
    op, value = f.op, f.value
    if op in ("eq", "ne", "gt", "ge", "lt", "le"):
        value = _text(value) if isinstance(value, bool) else value
        col, sql_type = (text, "VARCHAR") if isinstance(value, str) else (number, "DOUBLE")
        return _scalar(col, op, value, p, sql_type)
    if op == "in":
        texts = [_text(v) for v in value if isinstance(v, (str, bool))]
        numbers = [float(v) for v in value if not isinstance(v, (str, bool))]
        parts = [f"list_contains({p.ref(texts)}::VARCHAR[], {text})" if texts else "",
                 f"list_contains({p.ref(numbers)}::DOUBLE[], {number})" if numbers else ""]
        return " OR ".join(filter(None, parts))
    return _scalar(text, op, value, p, "VARCHAR")


def _text(value: str | bool) -> str:
    """JSON booleans read back as `true` / `false`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value
