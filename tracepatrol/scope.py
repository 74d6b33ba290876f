"""What one request may read: a key of one project reads through a cursor on which every trace,
span, tool call, task, run, item and result table is that project's alone (each owner's `scope`
shadows its tables with temporary views of the same names), so every read composed on it, the
dashboard's roll-ups, the explorer, reports and the API alike, is scoped without knowing it.
Admin keys (every project) read the tables as they are. The by-id routes check ownership too
(`owned_*`), answering 404 as for an id that does not exist."""
from __future__ import annotations

import duckdb

from collector import store
from evaluators import results as evaluations
from infra.access import Principal
from scheduler import ledger


def scope_cursor(cur: duckdb.DuckDBPyConnection, who: Principal | None) -> duckdb.DuckDBPyConnection:
    """`cur`, seeing only `who`'s project (as it is for a key of every project)."""
    if who is not None and who.project is not None:
        store.scope(cur, who.project)
        evaluations.scope(cur, ledger.scope(cur, who.project))
    return cur


def owned_trace(cur, who: Principal, trace_id: str) -> bool:
    project = store.project_of(cur, trace_id)
    return project is not None and who.sees(project)


def owned_task(cur, who: Principal, task_id: str) -> bool:
    project = ledger.project_of_task(cur, task_id)
    return project is not None and who.sees(project)


def owned_run(cur, who: Principal, run_id: str) -> bool:
    project = ledger.project_of_run(cur, run_id)
    return project is not None and who.sees(project)
