"""The collector's tables as DuckDB relations, for queries that must span another owner's tables
in one statement (a task's selection, the trace explorer, roll-ups, exports). A composer binds a
relation to a name of its own and queries it on the same cursor; it never names a table.
`project` keeps a relation to one project's traces (None: every project).
"""
from __future__ import annotations

import datetime as dt

import duckdb

from infra.access import check_project
from infra.schema import stored_table

# What can be exported, by the time column `since` bounds, in a deterministic order.
EXPORTS: dict[str, tuple[str, str]] = {
    "traces": ("start_time", "start_time, trace_id"),
    "tool_calls": ("start_time", "trace_id, version, seq"),
}


def _project(project: str | None) -> str:
    """A condition on `project` as SQL: a name a key carries (checked here), never a parameter,
    so the relation composes into other queries without parameters of its own."""
    return "TRUE" if project is None else f"project = '{check_project(project)}'"


def trajectories(cur: duckdb.DuckDBPyConnection, project: str | None = None) -> duckdb.DuckDBPyRelation:
    """Every stored trajectory (of `project`), one row per trace with all of its columns."""
    return cur.table("traces") if project is None else cur.table("traces").filter(_project(project))


def tool_calls(cur: duckdb.DuckDBPyConnection, project: str | None = None) -> duckdb.DuckDBPyRelation:
    """Every tool call of every stored trajectory (trace_id, seq, name, status, duration_ms …)."""
    if project is None:
        return cur.table("tool_calls")
    return cur.sql(f"SELECT c.* FROM tool_calls c SEMI JOIN (SELECT trace_id FROM traces WHERE {_project(project)}) t "
                   "ON c.trace_id = t.trace_id")


def trace_outcomes(cur: duckdb.DuckDBPyConnection, project: str | None = None) -> duckdb.DuckDBPyRelation:
    """(trace_id, failed) of every trajectory: failed when its root span's status is error."""
    return cur.sql(f"SELECT trace_id, status = 'error' AS failed FROM traces WHERE {_project(project)}")


def scope(cur: duckdb.DuckDBPyConnection, project: str) -> str:
    """Make this cursor see `project`'s traces only: each table a temporary view of the same name
    (found before the table), filtered to the project. Every later read on the cursor, whoever
    composed it, is scoped; writes go through the store writer's own connection. Returns the query
    of the project's trace ids, for other owners to scope their tables by."""
    where = _project(project)
    cur.execute(f"""
        CREATE OR REPLACE TEMP VIEW traces AS SELECT * FROM {stored_table(cur, 'traces')} WHERE {where};
        CREATE OR REPLACE TEMP VIEW spans AS SELECT * FROM {stored_table(cur, 'spans')} WHERE {where};
        CREATE OR REPLACE TEMP VIEW tool_calls AS SELECT c.* FROM {stored_table(cur, 'tool_calls')} c
            SEMI JOIN traces t ON c.trace_id = t.trace_id;
        CREATE OR REPLACE TEMP VIEW tool_definitions AS SELECT d.* FROM {stored_table(cur, 'tool_definitions')} d
            SEMI JOIN traces t ON d.trace_id = t.trace_id;
        CREATE OR REPLACE TEMP VIEW trace_quarantine AS SELECT q.* FROM {stored_table(cur, 'trace_quarantine')} q
            WHERE q.trace_id IN (SELECT trace_id FROM spans);""")
    return "SELECT trace_id FROM traces"


def exportable(cur: duckdb.DuckDBPyConnection, table: str, since: dt.datetime | None,
               project: str | None = None) -> duckdb.DuckDBPyRelation:
    """All rows of `table` (one of EXPORTS) whose time is at or after `since` (naive UTC), in order."""
    column, order = EXPORTS[table]
    rows = trajectories(cur, project) if table == "traces" else tool_calls(cur, project)
    if since is None:
        return rows.order(order)
    return cur.sql(f"SELECT * FROM rows WHERE {column} >= ? ORDER BY {order}", params=[since])
