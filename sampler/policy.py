"""Sampling policies: which traces a task may pick (filters), what share (ratio) and how many (cap).

Everything a user can get wrong is refused here, with a message naming the filter position, the
field and the rule, so compilation (`sampler.filters`) can trust the policy it is given.
"""
from __future__ import annotations

import functools
import math
import threading
from typing import Any, Literal

import duckdb
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import PydanticCustomError

from sampler.regex_cost import MAX_PATTERN_CHARS, regex_cost_error, regexes_cost_error

Op = Literal["eq", "ne", "gt", "ge", "lt", "le", "contains", "not_contains", "regex", "in", "exists"]
Kind = Literal["number", "string", "string-list", "status", "attribute"]

ATTR_PREFIX = "attr."
STATUSES = ("ok", "error")
MAX_FILTERS = 64
# Every regex filter scans its text once per row; DuckDB notices an interrupt only between chunks
# of 2,048 rows, so the regex work per row is bounded to keep a query's budget enforceable
# (`sampler.regex_cost`). Both counts are checked before any filter is validated, so a request
# with a thousand regex rows costs a count, not a thousand compilations.
MAX_REGEX_FILTERS = 8

# Field -> kind. The SQL each field reads lives in `sampler.filters`.
FIELDS: dict[str, Kind] = {
    "status": "status",
    "duration_ms": "number",
    "first_token_ms": "number",
    "tokens": "number",
    "input_tokens": "number",
    "output_tokens": "number",
    "input": "string",
    "output": "string",
    "span_name": "string-list",
    "user_id": "string",
    "session_id": "string",
    "annotation": "string",
    "agent_name": "string",
    "agent_version": "string",
    "service_name": "string",
    "tool_name": "string-list",
    "tool_errors": "number",
    "error_type": "string",
}

_NUMERIC_OPS = ("gt", "ge", "lt", "le")
_TEXT_OPS = ("contains", "not_contains", "regex")
OPERATORS: dict[Kind, tuple[str, ...]] = {
    "number": ("eq", "ne", *_NUMERIC_OPS, "in", "exists"),
    "string": ("eq", "ne", *_TEXT_OPS, "in", "exists"),
    "string-list": ("eq", "ne", *_TEXT_OPS, "in", "exists"),
    "status": ("eq", "ne", "in"),
    "attribute": ("eq", "ne", *_NUMERIC_OPS, *_TEXT_OPS, "in", "exists"),
}


def field_kind(field: str) -> Kind | None:
    """The kind of a filter field, or None when the field is unknown."""
    if field.startswith(ATTR_PREFIX):
        return "attribute" if len(field) > len(ATTR_PREFIX) else None
    return FIELDS.get(field)


def attribute_key(field: str) -> str:
    """`attr.gen_ai.agent.name` -> `gen_ai.agent.name` (the key may itself contain dots)."""
    return field[len(ATTR_PREFIX):]


def _refuse(message: str) -> PydanticCustomError:
    # The message goes in as context, so braces in user text (regex `a{3}`) are not templates.
    return PydanticCustomError("sampling_policy", "{message}", {"message": message})


def _is_number(v: Any) -> bool:
    """A finite float, or an int DuckDB can bind as BIGINT."""
    if isinstance(v, bool):
        return False
    return (isinstance(v, int) and -(2**63) <= v < 2**63) or (isinstance(v, float) and math.isfinite(v))


# One in-memory database compiles every pattern, a thread at a time: connecting costs 20 ms and
# 5 MiB, compiling 0.3 ms.
_compiler: duckdb.DuckDBPyConnection | None = None
_compiling = threading.Lock()


@functools.lru_cache(maxsize=256)
def regex_error(pattern: str) -> str | None:
    """Why a pattern is unusable, or None: DuckDB's RE2, which runs it, refuses it."""
    global _compiler
    with _compiling:
        try:
            _compiler = _compiler or duckdb.connect()
            _compiler.execute("SELECT regexp_matches('', ?)", [pattern])
        except duckdb.Error as exc:
            return str(exc).removeprefix("Invalid Input Error: ")
    return None


def _value_error(kind: Kind, op: str, value: Any) -> str | None:
    """What is wrong with a filter's value for its kind and operator, or None."""
    if op == "exists":
        return None if value is None or isinstance(value, bool) else f"takes true, false or nothing (got {value!r})"
    if op == "in":
        if not isinstance(value, list) or not value:
            return f"needs a non-empty list (got {value!r})"
        problems = (_scalar_error(kind, "eq", item) for item in value)
        return next((f"list item {p}" for p in problems if p), None)
    return _scalar_error(kind, op, value)


def _scalar_error(kind: Kind, op: str, value: Any) -> str | None:
    if kind == "status":
        return None if value in STATUSES else f"needs {' or '.join(map(repr, STATUSES))} (got {value!r})"
    if kind == "number" or op in _NUMERIC_OPS:
        return None if _is_number(value) else f"needs a number (got {value!r})"
    if kind == "attribute" and op in ("eq", "ne"):
        ok = isinstance(value, (str, bool)) or _is_number(value)
        return None if ok else f"needs a string, number or boolean (got {value!r})"
    if not isinstance(value, str):
        return f"needs a string (got {value!r})"
    if op == "regex":
        return _regex_problem(value)
    return None


def _regex_problem(pattern: str) -> str | None:
    """Length first: a pattern too long to run is not compiled (nor quoted whole)."""
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"needs a regex of at most {MAX_PATTERN_CHARS} characters; {pattern[:40]!r}… has {len(pattern)}"
    if problem := regex_error(pattern):
        return f"needs a valid regex; {pattern!r} does not compile: {problem}"
    if problem := regex_cost_error(pattern):
        return f"needs a regex DuckDB can run quickly; {pattern!r} {problem}"
    return None


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Filter(_Model):
    """One condition on a trace; see `FIELDS` and `OPERATORS` for what fits what."""

    field: str
    op: Op
    value: Any = None

    @model_validator(mode="after")
    def _fits(self) -> Filter:
        kind = field_kind(self.field)
        if kind is None:
            valid = ", ".join([*FIELDS, f"{ATTR_PREFIX}<key>"])
            raise _refuse(f"unknown field {self.field!r}; valid fields: {valid}")
        if self.op not in OPERATORS[kind]:
            valid = ", ".join(OPERATORS[kind])
            raise _refuse(f"operator {self.op!r} does not fit field {self.field!r} ({kind}); valid: {valid}")
        if problem := _value_error(kind, self.op, self.value):
            raise _refuse(f"field {self.field!r} with {self.op!r} {problem}")
        return self

    @property
    def kind(self) -> Kind:
        return field_kind(self.field)


def filter_count_error(filters: list[Any]) -> str | None:
    """Too many filters or regex filters, judged from the raw documents before any is validated."""
    if len(filters) > MAX_FILTERS:
        return f"{len(filters)} filters; at most {MAX_FILTERS} are allowed in one task"
    regexes = sum((f.get("op") if isinstance(f, dict) else getattr(f, "op", None)) == "regex" for f in filters)
    if regexes > MAX_REGEX_FILTERS:
        return f"{regexes} regex filters; at most {MAX_REGEX_FILTERS} are allowed in one task"
    return None


def count_filters(filters: Any) -> Any:
    """A before-validator for filter lists: the counts, before any filter (and its regex) is checked."""
    if isinstance(filters, list) and (problem := filter_count_error(filters)):
        raise _refuse(problem)
    return filters


def check_regex_cost(filters: list[Filter]) -> list[Filter]:
    """An after-validator for filter lists: the regex filters' cost together (`sampler.regex_cost`)."""
    if problem := regexes_cost_error(f.value for f in filters if f.op == "regex"):
        raise _refuse(problem)
    return filters


def filter_list_validators() -> tuple[Any, Any]:
    """The two validators every model with a `filters` list takes, counts first."""
    return field_validator("filters", mode="before")(count_filters), field_validator("filters")(check_regex_cost)


def _g(v: float) -> str:
    return f"{v:g}"


class Sampling(_Model):
    """`ratio` of the matching traces, at most `max_items` per run; `salt` overrides the task's.

    Tasks sharing a salt pick the same traces. Salts up to 22 characters hash fastest.
    """

    ratio: float
    max_items: int
    salt: str | None = Field(None, min_length=1)

    @field_validator("ratio")
    @classmethod
    def _ratio(cls, v: float) -> float:
        if not 0.01 <= v <= 1.0:
            hint = f"; a fraction: {_g(v)} % is {_g(v / 100)}" if 1 < v <= 100 else ""
            raise _refuse(f"must be between 0.01 and 1.0 (got {_g(v)}){hint}")
        return v

    @field_validator("max_items")
    @classmethod
    def _cap(cls, v: int) -> int:
        if not 1 <= v <= 500:
            raise _refuse(f"must be between 1 and 500 (got {v})")
        return v


class SamplingPolicy(_Model):
    """Filters combined with `match` (all = AND, any = OR; none = every trace), then sampling."""

    match: Literal["all", "any"] = "all"
    filters: list[Filter] = Field(default_factory=list)
    sampling: Sampling

    _filter_count, _regex_cost = filter_list_validators()


def _loc(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _message(err: dict[str, Any]) -> str:
    kind, ctx = err["type"], err.get("ctx") or {}
    if kind == "sampling_policy":
        return ctx["message"]
    if kind == "literal_error":
        return f"must be one of {ctx['expected'].replace(chr(39), '')} (got {err['input']!r})"
    if kind == "extra_forbidden":
        return "unknown key"
    if kind == "missing":
        return "required"
    msg = err["msg"][:1].lower() + err["msg"][1:]
    shown = err.get("input")
    return msg if isinstance(shown, (dict, list)) else f"{msg} (got {shown!r})"


def format_errors(exc: ValidationError) -> str:
    """One line per problem, `where: what`, e.g. `filters[1]: operator 'gt' does not fit …`."""
    lines = []
    for err in exc.errors():
        where = _loc(err["loc"])
        lines.append(f"{where}: {_message(err)}" if where else _message(err))
    return "\n".join(lines)
