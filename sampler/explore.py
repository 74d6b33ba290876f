"""Trace explorer queries: a task's filters (compiled by `sampler.filters`, so the explorer and a
task agree on what matches), a time range, a failing evaluation label and a trace-id prefix;
sorted on a fixed column, one page at a time, with the total count.

Evaluation results are not the sampler's to read: the caller hands in their relations (each
trace's latest scores, the traces with a failing result) and one query joins them to the trajectories.
Like task selections these read user filters, so they run inside a `QueryGate` slot and budget.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Literal

import duckdb
from pydantic import BaseModel, ConfigDict, Field, field_validator

from collector import store
from infra.timeutil import naive_utc
from sampler.annotations import current_statuses
from sampler.filters import Params, compile_filters, reads_annotations
from sampler.policy import Filter, Sampling, SamplingPolicy, filter_list_validators

# Our own SQL per sort key; ties are broken by trace id, so paging is stable.
SORTS: dict[str, str] = {"start": "t.start_time", "duration": "t.duration_ms", "tokens": "t.total_tokens",
                         "tool_errors": "t.tool_errors", "score": "s.latest_score"}
COLUMNS = ("trace_id", "version", "start_time", "duration_ms", "status", "error_type", "user_id", "session_id",
           "agent_name", "agent_version", "total_tokens", "tool_call_count", "tool_errors", "input")
MAX_PER_PAGE = 200
MAX_PAGE = 1_000_000  # past it the offset is nothing a person pages to (and could overflow DuckDB's BIGINT)


class Explore(BaseModel):
    """One explorer request; `label` (with `evaluator`, `task`) keeps traces with such a failing result."""

    model_config = ConfigDict(extra="forbid")

    match: Literal["all", "any"] = "all"
    filters: list[Filter] = Field(default_factory=list)
    since: dt.datetime | None = None
    until: dt.datetime | None = None
    label: str | None = None
    evaluator: str | None = None
    task: str | None = None
    trace_id: str | None = None
    sort: Literal["start", "duration", "tokens", "tool_errors", "score"] = "start"
    descending: bool = True
    page: int = Field(1, ge=1, le=MAX_PAGE)
    per_page: int = Field(50, ge=1, le=MAX_PER_PAGE)

    _filter_count, _regex_cost = filter_list_validators()

    @property
    def policy(self) -> SamplingPolicy:
        return SamplingPolicy(match=self.match, filters=self.filters, sampling=Sampling(ratio=1.0, max_items=1))

    @property
    def by_results(self) -> bool:
        """Whether only traces with a failing result (of this label, evaluator, task) are kept."""
        return bool(self.label or self.evaluator or self.task)


@dataclass(frozen=True)
class Page:
    total: int
    rows: list[dict[str, Any]]


def _where(q: Explore, p: Params) -> str:
    where, params = compile_filters(q.policy)  # numbered from $1; our own conditions follow
    p.extend(params)
    parts = [where]
    if q.since is not None:
        parts.append(f"t.start_time >= {p.ref(naive_utc(q.since))}")
    if q.until is not None:
        parts.append(f"t.start_time < {p.ref(naive_utc(q.until))}")
    if q.trace_id:
        parts.append(f"starts_with(t.trace_id, {p.ref(q.trace_id.lower())})")
    if q.by_results:
        parts.append("EXISTS (SELECT 1 FROM failing f WHERE f.trace_id = t.trace_id)")
    return " AND ".join(parts)


def explore(con: duckdb.DuckDBPyConnection, q: Explore, scores: duckdb.DuckDBPyRelation,
            failing: duckdb.DuckDBPyRelation, project: str | None = None) -> Page:
    """The total matching `q` among `project`'s traces (None: every project's) and its page of
    rows (each with `latest_score`, `latest_failed`).

    `scores` is (trace_id, latest_score, latest_failed) per evaluated trace; `failing` the
    (trace_id) of the results `q.label`, `q.evaluator` and `q.task` ask for, read when `q.by_results`.
    Both are relations on `con`; the queries read them, and the ones bound here, by their names.
    """
    trajectories = store.trajectories(con, project)
    annotation_status = current_statuses(con) if reads_annotations(q.policy) else None  # read by the filters
    p = Params()
    where = _where(q, p)
    total = con.execute(f"SELECT count(*) FROM trajectories t WHERE {where}", p).fetchone()[0]
    direction = "DESC" if q.descending else "ASC"
    columns = ", ".join(f"t.{c}" for c in COLUMNS)
    cursor = con.execute(
        f"""SELECT {columns}, s.latest_score, s.latest_failed
            FROM trajectories t LEFT JOIN scores s ON s.trace_id = t.trace_id
            WHERE {where}
            ORDER BY {SORTS[q.sort]} {direction} NULLS LAST, t.trace_id {direction}
            LIMIT {p.ref(q.per_page)} OFFSET {p.ref((q.page - 1) * q.per_page)}""", p)
    names = [d[0] for d in cursor.description]
    return Page(total, [dict(zip(names, row)) for row in cursor.fetchall()])
