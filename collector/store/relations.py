"""The collector's tables as DuckDB relations, for queries that must span another owner's tables
in one statement (a task's selection, the trace explorer, roll-ups, exports). A composer binds a
relation to a name of its own and queries it on the same cursor; it never names a table.
"""
from __future__ import annotations

import datetime as dt

import duckdb

# What can be exported, by the time column `since` bounds, in a deterministic order.
EXPORTS: dict[str, tuple[str, str]] = {
    "traces": ("start_time", "start_time, trace_id"),
    "tool_calls": ("start_time", "trace_id, version, seq"),
}


def trajectories(cur: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyRelation:
    """Every stored trajectory, one row per trace with all of its columns."""
    return cur.table("traces")


def tool_calls(cur: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyRelation:
    """Every tool call of every stored trajectory (trace_id, seq, name, status, duration_ms …)."""
    return cur.table("tool_calls")


def trace_outcomes(cur: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyRelation:
    """(trace_id, failed) of every trajectory: failed when its root span's status is error."""
    return cur.sql("SELECT trace_id, status = 'error' AS failed FROM traces")


def exportable(cur: duckdb.DuckDBPyConnection, table: str, since: dt.datetime | None) -> duckdb.DuckDBPyRelation:
    """All rows of `table` (one of EXPORTS) whose time is at or after `since` (naive UTC), in order."""
    column, order = EXPORTS[table]
    if since is None:
        return cur.sql(f"SELECT * FROM {table} ORDER BY {order}")
    return cur.sql(f"SELECT * FROM {table} WHERE {column} >= ? ORDER BY {order}", params=[since])
