"""Filters as the browser sends them, for the trace explorer and the task form alike.

Two spellings: rows of a form (`f`, `o`, `v` repeated: field, operator, value text) and short
query parameters (`status=error`, `tokens=gt:8000`, `tool_name=in:search,lookup`). Values are
typed by the field's kind, then checked by the sampler's own `Filter` model, so a filter means
the same thing here as in a task.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, get_args

from pydantic import ValidationError

from sampler.policy import ATTR_PREFIX, FIELDS, OPERATORS, Filter, Op, field_kind, filter_count_error, format_errors

OPS: tuple[str, ...] = get_args(Op)
OP_LABELS = {"eq": "=", "ne": "≠", "gt": ">", "ge": "≥", "lt": "<", "le": "≤", "contains": "contains",
             "not_contains": "does not contain", "regex": "matches regex", "in": "is one of (a,b,…)",
             "exists": "has a value (true/false)"}
FIELD_LABELS = {"status": "request status", "duration_ms": "task latency (ms)", "first_token_ms": "first-token latency (ms)",
                "tokens": "tokens", "input_tokens": "input tokens", "output_tokens": "output tokens", "input": "input",
                "output": "output", "span_name": "span name", "user_id": "user id", "session_id": "session id",
                "annotation": "human annotation", "agent_name": "agent name", "agent_version": "agent version",
                "service_name": "service", "tool_name": "tool name", "tool_errors": "tool errors",
                "error_type": "error type"}
# What the form offers: every field with the operators its kind takes (attr.<key> typed by hand).
CHOICES = {f: OPERATORS[k] for f, k in FIELDS.items()}


@dataclass(frozen=True)
class Row:
    """One filter as text, as a form shows it."""

    field: str
    op: str
    value: str


def _number(text: str) -> Any:
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text  # the Filter model names what is wrong


def _scalar(kind: str | None, op: str, text: str) -> Any:
    if kind == "number" or op in ("gt", "ge", "lt", "le"):
        return _number(text)
    if kind == "attribute":
        typed = _number(text)
        return {"true": True, "false": False}.get(text, typed)
    return text


def typed(field: str, op: str, text: str) -> Any:
    """The JSON value a filter takes, from its text."""
    text = text.strip()
    kind = field_kind(field)
    if op == "exists":
        return {"": None, "true": True, "false": False}.get(text.lower(), text)
    if op == "in":
        return [_scalar(kind, op, t.strip()) for t in text.split(",") if t.strip()]
    return _scalar(kind, op, text)


def text_of(value: Any) -> str:
    """A filter value as the form shows it (the inverse of `typed`)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(text_of(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


SAID = {"eq": "=", "ne": "≠", "gt": ">", "ge": "≥", "lt": "<", "le": "≤", "contains": "contains",
        "not_contains": "does not contain", "regex": "matches", "in": "is one of"}


def describe(f: Mapping[str, Any]) -> str:
    """A filter as the form shows it: `status = error`, `tokens > 8000`, `tool_name is one of search,lookup`,
    `user_id has a value` (never `status eq "error"`)."""
    if f["op"] == "exists":
        return f"{f['field']} {'has no value' if f.get('value') is False else 'has a value'}"
    return f"{f['field']} {SAID.get(f['op'], f['op'])} {text_of(f.get('value'))}"


def is_field(name: str) -> bool:
    return name in FIELDS or (name.startswith(ATTR_PREFIX) and len(name) > len(ATTR_PREFIX))


def rows_from(params: Iterable[tuple[str, str]]) -> list[Row]:
    """Filter rows from form rows (`f`/`o`/`v`, blank fields skipped) and short parameters."""
    params = list(params)
    fields, ops, values = ([v for k, v in params if k == name] for name in ("f", "o", "v"))
    rows = [Row(f.strip(), (ops[i] if i < len(ops) else "eq") or "eq", values[i] if i < len(values) else "")
            for i, f in enumerate(fields) if f.strip()]
    for key, raw in params:
        if is_field(key):
            op, sep, rest = raw.partition(":")
            rows.append(Row(key, op, rest) if sep and op in OPS else
                        Row(key, "exists", "") if raw == "exists" else Row(key, "eq", raw))
    return rows


def rows_of(filters: Iterable[Mapping[str, Any]]) -> list[Row]:
    """Rows from filter documents (a task's spec)."""
    return [Row(f["field"], f["op"], text_of(f.get("value"))) for f in filters]


def documents(rows: Iterable[Row]) -> list[dict[str, Any]]:
    return [{"field": r.field, "op": r.op, "value": typed(r.field, r.op, r.value)} for r in rows]


def validated(rows: list[Row]) -> tuple[list[Filter], dict[str, str]]:
    """The filters that hold, and what is wrong with the others, keyed as the task form keys them
    (`filters[2]`). Too many rows or regex rows is one error, `filters`, found before any row is
    validated (a regex compiled)."""
    if problem := filter_count_error(rows):
        return [], {"filters": problem}
    good, errors = [], {}
    for i, doc in enumerate(documents(rows)):
        try:
            good.append(Filter.model_validate(doc))
        except ValidationError as exc:
            errors[f"filters[{i}]"] = format_errors(exc)
    return good, errors


def shorthand(rows: Iterable[Row]) -> list[tuple[str, str]]:
    """Query parameters for links: `field=value` for equality, `field=op:value` otherwise."""
    def short(r: Row) -> str:
        plain = r.op == "eq" and r.value.partition(":")[0] not in OPS and r.value != "exists"
        return r.value if plain else f"{r.op}:{r.value}"
    return [(r.field, short(r)) for r in rows]
