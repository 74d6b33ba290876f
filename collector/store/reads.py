"""Typed reads of stored trajectories for everyone else: lists, documents, counts, quarantine.

Each takes the reader's own cursor (DuckDB cursors are not shared between threads) and only reads,
so a read-only file will do. Values are always parameters; the columns a list may show are
checked against those it knows. `project` keeps a read to one project's traces (None: every
project, for admins and the server's own work); a trace's spans are only those of its project.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import duckdb

from collector.span import RECORD_FIELDS, SpanRecord, values
import collector.store.origins as origins
from collector.store.schema import stored
from collector.trajectory import Trajectory

Row = dict[str, Any]

# What `/api/traces` lists of each trace; a list may show these and the input and output.
SUMMARY = (
    "trace_id", "version", "service_name", "agent_name", "agent_version", "root_span_name", "start_time",
    "duration_ms", "status", "error_type", "user_id", "session_id", "input_tokens", "output_tokens",
    "total_tokens", "llm_calls", "tool_call_count", "tool_errors", "span_count", "completed_at",
)
LISTABLE = frozenset(SUMMARY) | {"input", "output"}


def _rows(cursor: duckdb.DuckDBPyConnection) -> list[Row]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def _started(since: dt.datetime | None, until: dt.datetime | None, project: str | None = None) -> tuple[str, list[Any]]:
    where, params = ["TRUE"], []
    if project is not None:
        where.append("project = ?")
        params.append(project)
    if since is not None:
        where.append("start_time >= ?")
        params.append(since)
    if until is not None:
        where.append("start_time < ?")
        params.append(until)
    return " AND ".join(where), params


def list_traces(cur: duckdb.DuckDBPyConnection, *, columns: Sequence[str] = SUMMARY, status: str | None = None,
                user_id: str | None = None, session_id: str | None = None, since: dt.datetime | None = None,
                until: dt.datetime | None = None, limit: int = 50, project: str | None = None) -> list[Row]:
    """The newest trajectories first (ties by trace id), started in [since, until) (naive UTC)."""
    unknown = set(columns) - LISTABLE
    if unknown:
        raise ValueError(f"traces cannot be listed with {', '.join(sorted(unknown))}")
    where, params = _started(since, until, project)
    for column, value in (("status", status), ("user_id", user_id), ("session_id", session_id)):
        if value is not None:
            where += f" AND {column} = ?"
            params.append(value)
    return _rows(cur.execute(f"SELECT {', '.join(columns)} FROM traces WHERE {where} "
                             "ORDER BY start_time DESC, trace_id LIMIT ?", [*params, limit]))


def _one_trace(trace_id: str, project: str | None) -> tuple[str, list[Any]]:
    if project is None:
        return "trace_id = ?", [trace_id.lower()]
    return "trace_id = ? AND project = ?", [trace_id.lower(), project]


def trajectory_document(cur: duckdb.DuckDBPyConnection, trace_id: str, project: str | None = None) -> str | None:
    """The stored trajectory of a trace as JSON text (trace ids are lower-case hex), or None
    (also when it is not `project`'s)."""
    where, params = _one_trace(trace_id, project)
    row = cur.execute(f"SELECT trajectory FROM traces WHERE {where}", params).fetchone()
    return row[0] if row else None


def has_trajectory(cur: duckdb.DuckDBPyConnection, trace_id: str, project: str | None = None) -> bool:
    where, params = _one_trace(trace_id, project)
    return cur.execute(f"SELECT 1 FROM traces WHERE {where}", params).fetchone() is not None


def project_of(cur: duckdb.DuckDBPyConnection, trace_id: str) -> str | None:
    """The project a stored trajectory belongs to (None: no such trajectory)."""
    row = cur.execute("SELECT project FROM traces WHERE trace_id = ?", [trace_id.lower()]).fetchone()
    return row[0] if row else None


def read_trajectories(con: duckdb.DuckDBPyConnection, trace_ids: Sequence[str]) -> dict[str, Trajectory]:
    """The current trajectory of each trace that has one."""
    if not trace_ids:
        return {}
    rows = con.execute("SELECT trace_id, trajectory FROM traces WHERE trace_id IN (SELECT unnest(?))",
                       [list(trace_ids)]).fetchall()
    return {tid: Trajectory.model_validate_json(doc) for tid, doc in rows}


def trajectory_loader(con: duckdb.DuckDBPyConnection) -> Callable[[Sequence[str]], dict[str, Trajectory]]:
    """read_trajectories on a fresh cursor per call: callers run on their own threads."""
    def load(trace_ids: Sequence[str]) -> dict[str, Trajectory]:
        cur = con.cursor()
        try:
            return read_trajectories(cur, trace_ids)
        finally:
            cur.close()
    return load


def trace_facts(cur: duckdb.DuckDBPyConnection, trace_ids: Sequence[str]) -> dict[str, Row]:
    """Status and agent version of each of these traces that is stored."""
    rows = cur.execute("SELECT trace_id, status, agent_version FROM traces WHERE trace_id IN (SELECT unnest(?))",
                       [list(trace_ids)]).fetchall()
    return {tid: {"status": status, "agent_version": version} for tid, status, version in rows}


def tool_names_at(cur: duckdb.DuckDBPyConnection, steps: Iterable[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """The tool called at each (trace_id, seq) step that exists."""
    steps = list(steps)
    if not steps:
        return {}
    rows = cur.execute("""SELECT c.trace_id, c.seq, c.name FROM tool_calls c
                          JOIN (SELECT unnest(?) AS trace_id, unnest(?) AS seq) w
                          ON c.trace_id = w.trace_id AND c.seq = w.seq""",
                       [[t for t, _ in steps], [s for _, s in steps]]).fetchall()
    return {(t, s): name for t, s, name in rows}


def counts(cur: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Stored spans and trajectories, in one statement."""
    spans, traces = cur.execute("SELECT (SELECT count(*) FROM spans), (SELECT count(*) FROM traces)").fetchone()
    return {"spans": spans, "traces": traces}


def assembly_lag_s(cur: duckdb.DuckDBPyConnection) -> dict[str, float]:
    """How long traces waited for their trajectory, from their last span's arrival to the stored
    trajectory: p50, p99 and max in seconds (what users wait for behind the stored spans)."""
    row = cur.execute("WITH lag AS (SELECT (epoch_us(completed_at) * 1000 - last_received_ns) / 1e9 AS s FROM traces) "
                      "SELECT quantile_cont(s, 0.5), quantile_cont(s, 0.99), max(s) FROM lag").fetchone()
    return dict(zip(("p50", "p99", "max"), (round(x or 0.0, 2) for x in row)))


def trajectory_count(cur: duckdb.DuckDBPyConnection, project: str | None = None) -> int:
    where, params = _started(None, None, project)
    return cur.execute(f"SELECT count(*) FROM traces WHERE {where}", params).fetchone()[0]


def trajectories_by_project(cur: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Stored trajectories per project."""
    return dict(cur.execute("SELECT project, count(*) FROM traces GROUP BY project ORDER BY project").fetchall())


def quarantined(cur: duckdb.DuckDBPyConnection, limit: int = 100) -> list[Row]:
    """The latest quarantined traces, newest first: trace_id, reason, quarantined_at and span_count
    (the spans it had when quarantined); none in a file older than the quarantine."""
    if not stored(cur, "trace_quarantine"):
        return []
    return _rows(cur.execute("SELECT trace_id, reason, quarantined_at, span_count FROM trace_quarantine "
                             "ORDER BY quarantined_at DESC, trace_id LIMIT ?", [limit]))


# -- traffic -----------------------------------------------------------------------------------
_TRAFFIC = """count(*) AS traces, count(*) FILTER (WHERE status = 'error') AS failed,
    coalesce(sum(total_tokens), 0) AS tokens, coalesce(sum(tool_errors), 0) AS tool_errors,
    quantile_cont(duration_ms, 0.5) AS p50_ms, quantile_cont(duration_ms, 0.95) AS p95_ms,
    quantile_cont(duration_ms, 0.99) AS p99_ms"""


def start_range(cur: duckdb.DuckDBPyConnection, since: dt.datetime | None = None,
                until: dt.datetime | None = None, project: str | None = None
                ) -> tuple[dt.datetime | None, dt.datetime | None]:
    """The first and last start of the traces started in [since, until)."""
    where, params = _started(since, until, project)
    return cur.execute(f"SELECT min(start_time), max(start_time) FROM traces WHERE {where}", params).fetchone()


def traffic(cur: duckdb.DuckDBPyConnection, bucket: str, since: dt.datetime | None = None,
            until: dt.datetime | None = None, *, unversioned: str, project: str | None = None) -> dict[str, Any]:
    """Traces, failures (root status error), tokens, tool errors and latency percentiles of the
    traces started in [since, until): per `bucket` (hour, day, week) and agent version (`series`),
    per version (`versions`, by first appearance) and in total (`totals`, with distinct users).
    A trace without an agent version counts under `unversioned`."""
    where, params = _started(since, until, project)
    series = _rows(cur.execute(f"""SELECT date_trunc(?, start_time) AS time, coalesce(agent_version, ?) AS agent_version,
                                          {_TRAFFIC} FROM traces WHERE {where} GROUP BY ALL ORDER BY 1, 2""",
                               [bucket, unversioned, *params]))
    versions = _rows(cur.execute(f"""SELECT coalesce(agent_version, ?) AS agent_version, min(start_time) AS first_seen,
                                            max(start_time) AS last_seen, {_TRAFFIC}
                                     FROM traces WHERE {where} GROUP BY ALL ORDER BY first_seen, agent_version""",
                                 [unversioned, *params]))
    totals = _rows(cur.execute(f"SELECT {_TRAFFIC}, count(DISTINCT user_id) AS users FROM traces WHERE {where}",
                               params))[0]
    return {"series": series, "versions": versions, "totals": totals}


# -- spans of one trace (the trace page) -------------------------------------------------------
# A trace's spans are those of its project: its trajectory's, or its first span's before it has one.
_OWN_SPANS = """trace_id = $trace AND project = coalesce(
    (SELECT t.project FROM traces t WHERE t.trace_id = $trace),
    (SELECT arg_min(f.project, (f.received_ns, f.span_id)) FROM spans f WHERE f.trace_id = $trace))
    AND ($project IS NULL OR project = $project)"""


def span_outline(cur: duckdb.DuckDBPyConnection, trace_id: str, limit: int, project: str | None = None) -> list[Row]:
    """The first `limit` spans of a trace by start: span_id, parent_span_id, name, start_ns, end_ns
    and status_code (one row per span id, should a copy have slipped in)."""
    return _rows(cur.execute(
        f"""SELECT span_id, any_value(parent_span_id) AS parent_span_id, any_value(name) AS name,
                  min(start_ns) AS start_ns, max(end_ns) AS end_ns, max(status_code) AS status_code
           FROM spans WHERE {_OWN_SPANS} GROUP BY span_id ORDER BY min(start_ns), span_id LIMIT $limit""",
        {"trace": trace_id, "project": project, "limit": limit}))


def span_records(cur: duckdb.DuckDBPyConnection, trace_id: str, span_ids: Sequence[str],
                 project: str | None = None) -> list[SpanRecord]:
    """These spans of a trace as `SpanRecord`s, the first received of each id (their resources
    and scopes read once each)."""
    table = cur.sql(f"SELECT {', '.join(origins.stored(RECORD_FIELDS))} FROM spans WHERE {_OWN_SPANS} AND span_id IN "
                    "(SELECT unnest($ids)) QUALIFY row_number() OVER (PARTITION BY span_id ORDER BY received_ns) = 1",
                    params={"trace": trace_id, "project": project, "ids": list(span_ids)}).to_arrow_table()
    if not table.num_rows:
        return []
    table = origins.attach(cur, table)
    return SpanRecord.from_columns([values(table.column(name)) for name in RECORD_FIELDS])


