"""Trace explorer queries: a task's filters (compiled by `sampler.filters`, so the explorer and a
task agree on what matches), a time range, a failing evaluation label and a trace-id prefix;
sorted on a fixed column, one page at a time, with the total count.

Like task selections these read user filters, so they run inside a `QueryGate` slot and budget.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Literal

import duckdb
from pydantic import BaseModel, ConfigDict, Field, field_validator

from infra.timeutil import naive_utc
from sampler.annotations import ensure_table
from sampler.filters import Params, compile_filters
from sampler.policy import Filter, Sampling, SamplingPolicy, check_regex_count

# Our own SQL per sort key; ties are broken by trace id, so paging is stable.
SORTS: dict[str, str] = {"start": "t.start_time", "duration": "t.duration_ms", "tokens": "t.total_tokens",
                         "tool_errors": "t.tool_errors", "score": "s.latest_score"}
COLUMNS = ("trace_id", "version", "start_time", "duration_ms", "status", "error_type", "user_id", "session_id",
           "agent_name", "agent_version", "total_tokens", "tool_call_count", "tool_errors", "input")
MAX_PER_PAGE = 200

# The mean score and verdict of each trace's latest evaluated run.
_SCORES = """(SELECT e.trace_id, avg(e.score) AS latest_score, bool_or(NOT e.passed) AS latest_failed
              FROM eval_results e
              JOIN (SELECT trace_id, arg_max(run_id, created_at) AS run_id FROM eval_results GROUP BY trace_id) l
              USING (trace_id, run_id) GROUP BY e.trace_id)"""
_NO_SCORES = "(SELECT NULL::VARCHAR AS trace_id, NULL::DOUBLE AS latest_score, NULL::BOOLEAN AS latest_failed)"


class Explore(BaseModel):
    """One explorer request; `label` (with `evaluator`, `task`) keeps traces with such a failing result."""

    model_config = ConfigDict(extra="forbid")

    match: Literal["all", "any"] = "all"
    filters: list[Filter] = Field(default_factory=list, max_length=64)
    since: dt.datetime | None = None
    until: dt.datetime | None = None
    label: str | None = None
    evaluator: str | None = None
    task: str | None = None
    trace_id: str | None = None
    sort: Literal["start", "duration", "tokens", "tool_errors", "score"] = "start"
    descending: bool = True
    page: int = Field(1, ge=1)
    per_page: int = Field(50, ge=1, le=MAX_PER_PAGE)

    _regex_count = field_validator("filters")(check_regex_count)

    @property
    def policy(self) -> SamplingPolicy:
        return SamplingPolicy(match=self.match, filters=self.filters, sampling=Sampling(ratio=1.0, max_items=1))


@dataclass(frozen=True)
class Page:
    total: int
    rows: list[dict[str, Any]]


def _has(con: duckdb.DuckDBPyConnection, table: str) -> bool:
    return con.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = ?",
                       [table]).fetchone()[0] > 0


def _where(q: Explore, p: Params, results: bool) -> str:
    where, params = compile_filters(q.policy)  # numbered from $1; our own conditions follow
    p.extend(params)
    parts = [where]
    if q.since is not None:
        parts.append(f"t.start_time >= {p.ref(naive_utc(q.since))}")
    if q.until is not None:
        parts.append(f"t.start_time < {p.ref(naive_utc(q.until))}")
    if q.trace_id:
        parts.append(f"starts_with(t.trace_id, {p.ref(q.trace_id.lower())})")
    if q.label or q.evaluator or q.task:
        if not results:
            return "FALSE"
        cond = ["e.trace_id = t.trace_id", "e.passed = false"]
        if q.label:
            ref = p.ref(q.label)
            cond.append(f"(e.label = {ref} OR coalesce(list_contains(e.labels, {ref}), false))")
        if q.evaluator:
            cond.append(f"e.evaluator = {p.ref(q.evaluator)}")
        if q.task:
            cond.append(f"e.task_id = {p.ref(q.task)}")
        parts.append(f"EXISTS (SELECT 1 FROM eval_results e WHERE {' AND '.join(cond)})")
    return " AND ".join(parts)


def explore(con: duckdb.DuckDBPyConnection, q: Explore) -> Page:
    """The total matching `q` and its page of rows (each with `latest_score`, `latest_failed`)."""
    if any(f.field == "annotation" for f in q.filters):
        ensure_table(con)
    results = _has(con, "eval_results")
    p = Params()
    where = _where(q, p, results)
    total = con.execute(f"SELECT count(*) FROM traces t WHERE {where}", p).fetchone()[0]
    direction = "DESC" if q.descending else "ASC"
    columns = ", ".join(f"t.{c}" for c in COLUMNS)
    cursor = con.execute(
        f"""SELECT {columns}, s.latest_score, s.latest_failed
            FROM traces t LEFT JOIN {_SCORES if results else _NO_SCORES} s ON s.trace_id = t.trace_id
            WHERE {where}
            ORDER BY {SORTS[q.sort]} {direction} NULLS LAST, t.trace_id {direction}
            LIMIT {p.ref(q.per_page)} OFFSET {p.ref((q.page - 1) * q.per_page)}""", p)
    names = [d[0] for d in cursor.description]
    return Page(total, [dict(zip(names, row)) for row in cursor.fetchall()])
