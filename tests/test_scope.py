"""A cursor scoped to a project sees that project's traces, spans, tool calls, tasks, runs, items
and results only, through every read the owners offer, and a cursor of every project all of
them; the database itself is unchanged."""
from __future__ import annotations

import datetime as dt

import duckdb
import pyarrow as pa

from collector import store
from collector.store import TraceStore
from evaluators import results as evaluations
from evaluators.results import ResultStore
from infra.access import Principal
from scheduler import ledger
from scheduler.ledger import Ledger
from scheduler.task import validate_task
from tracepatrol.scope import owned_task, owned_trace, scope_cursor


def _world(tmp_path):
    con = duckdb.connect(str(tmp_path / "tp.duckdb"))
    TraceStore(con.cursor())
    book = Ledger(con)
    ResultStore(con)
    now = dt.datetime(2026, 5, 1)
    rows = pa.table({"trace_id": ["aa01", "aa02", "bb01"], "version": [1, 1, 1], "project": ["alpha", "alpha", "beta"],
                     "start_time": [now] * 3, "completed_at": [now] * 3, "status": ["ok", "error", "error"]})
    con.execute("INSERT INTO traces BY NAME SELECT * FROM rows")
    for project in ("alpha", "beta"):
        book.create_task(validate_task({"name": f"t-{project}", "project": project,
                                        "window": {"mode": "backfill", "last": "1h"}}))
    return con


def test_a_scoped_cursor_sees_its_project_only(tmp_path):
    con = _world(tmp_path)
    viewer, admin = Principal("v", "viewer", "alpha"), Principal("a", "admin")
    cur = scope_cursor(con.cursor(), viewer)
    assert sorted(r["trace_id"] for r in store.list_traces(cur, limit=10)) == ["aa01", "aa02"]
    assert store.trajectory_count(cur) == 2 and store.trajectory_document(cur, "bb01") is None
    assert [t.task_id for t in ledger.list_tasks(cur)] == ["t-alpha"]
    assert evaluations.label_counts(cur) == []
    everyone = scope_cursor(con.cursor(), admin)
    assert store.trajectory_count(everyone) == 3 and len(ledger.list_tasks(everyone)) == 2
    assert store.trajectory_count(con.cursor()) == 3  # the tables themselves are untouched
    assert owned_trace(cur, viewer, "aa01") and not owned_trace(cur, viewer, "bb01")
    assert owned_task(everyone, viewer, "t-alpha") and not owned_task(everyone, viewer, "t-beta")
