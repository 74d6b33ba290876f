"""Typed reads of tasks, runs and run items: the one reading of each, for the ledger's own callers
(the API, the task service) and for the dashboard and report alike.

Each takes a cursor and only reads; a database without the scheduler's tables (no task was ever
made) reads as empty. Values are always parameters. A task belongs to the project its spec names
(tasks made before projects: the default one); `project` keeps a read to one project's tasks
(None: every project's).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import duckdb
import orjson

from infra.access import DEFAULT_PROJECT
from infra.schema import stored_table
from scheduler.ledger.schema import stored
from scheduler.task import TaskSpec

ITEM_STATES = ("pending", "running", "done", "failed")
Row = dict[str, Any]


class TaskNotFound(LookupError):
    pass


@dataclass(frozen=True)
class TaskRow:
    task_id: str
    spec: TaskSpec
    state: str
    created_at: dt.datetime
    watermark: dt.datetime | None
    last_scheduled_for: dt.datetime | None
    updated_at: dt.datetime | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"task_id": self.task_id, "state": self.state, "created_at": self.created_at,
                "updated_at": self.updated_at, "watermark": self.watermark,
                "last_scheduled_for": self.last_scheduled_for,
                "spec": self.spec.model_dump(mode="json", by_alias=True, exclude_none=True)}


_TASK = "t.task_id, t.spec, t.state, t.created_at, t.watermark, t.last_scheduled_for, t.updated_at"
_PROJECT = f"coalesce(t.spec->>'project', '{DEFAULT_PROJECT}')"


def _of_project(project: str | None) -> tuple[str, list]:
    return ("TRUE", []) if project is None else (f"{_PROJECT} = ?", [project])


def _task(row: tuple) -> TaskRow:
    return TaskRow(row[0], TaskSpec.model_validate_json(row[1]), *row[2:7])


def _rows(cursor: duckdb.DuckDBPyConnection) -> list[Row]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def get_task(cur: duckdb.DuckDBPyConnection, task_id: str) -> TaskRow:
    row = cur.execute(f"SELECT {_TASK} FROM tasks t WHERE task_id = ?", [task_id]).fetchone() if stored(cur) else None
    if row is None:
        raise TaskNotFound(f"no task {task_id!r}")
    return _task(row)


def list_tasks(cur: duckdb.DuckDBPyConnection, project: str | None = None) -> list[TaskRow]:
    """Every task (of `project`), oldest first."""
    if not stored(cur):
        return []
    where, params = _of_project(project)
    return [_task(row) for row in cur.execute(f"SELECT {_TASK} FROM tasks t WHERE {where} ORDER BY created_at, task_id",
                                              params).fetchall()]


def task_ids(cur: duckdb.DuckDBPyConnection, project: str | None = None) -> list[str]:
    """The ids of `project`'s tasks: what keeps results, runs and alerts to a project."""
    if not stored(cur):
        return []
    where, params = _of_project(project)
    return [r[0] for r in cur.execute(f"SELECT task_id FROM tasks t WHERE {where} ORDER BY task_id", params).fetchall()]


def scope(cur: duckdb.DuckDBPyConnection, project: str) -> list[str]:
    """Make this cursor see `project`'s tasks, runs and items only (temporary views named like the
    tables, found before them); returns the project's task ids. The `Ledger` writes on its own
    connection, never through such a cursor."""
    if not stored(cur):
        return []
    literal = "'" + project.replace("'", "''") + "'"
    cur.execute(f"""
        CREATE OR REPLACE TEMP VIEW tasks AS SELECT * FROM {stored_table(cur, 'tasks')} t
            WHERE coalesce(t.spec->>'project', '{DEFAULT_PROJECT}') = {literal};
        CREATE OR REPLACE TEMP VIEW task_runs AS SELECT r.* FROM {stored_table(cur, 'task_runs')} r
            SEMI JOIN tasks t ON r.task_id = t.task_id;
        CREATE OR REPLACE TEMP VIEW run_items AS SELECT i.* FROM {stored_table(cur, 'run_items')} i
            SEMI JOIN tasks t ON i.task_id = t.task_id;""")
    return task_ids(cur)


def project_of_task(cur: duckdb.DuckDBPyConnection, task_id: str) -> str | None:
    """The project a task belongs to (None: no such task)."""
    row = cur.execute(f"SELECT {_PROJECT} FROM tasks t WHERE task_id = ?", [task_id]).fetchone() if stored(cur) else None
    return row[0] if row else None


def project_of_run(cur: duckdb.DuckDBPyConnection, run_id: str) -> str | None:
    """The project of the task a run belongs to (None: no such run, or its task was deleted)."""
    if not stored(cur):
        return None
    row = cur.execute(f"SELECT {_PROJECT} FROM task_runs r JOIN tasks t USING (task_id) WHERE r.run_id = ?",
                      [run_id]).fetchone()
    return row[0] if row else None


def task_overview(cur: duckdb.DuckDBPyConnection, project: str | None = None) -> list[Row]:
    """Every task (of `project`), oldest first, with its runs, latest run start, items and failed items."""
    if not stored(cur):
        return []
    where, params = _of_project(project)
    rows = cur.execute(f"""
        SELECT {_TASK},
               (SELECT count(*) FROM task_runs r WHERE r.task_id = t.task_id) AS runs,
               (SELECT max(started_at) FROM task_runs r WHERE r.task_id = t.task_id) AS last_run_at,
               (SELECT count(*) FROM run_items i WHERE i.task_id = t.task_id) AS items,
               (SELECT count(*) FROM run_items i WHERE i.task_id = t.task_id AND i.state = 'failed') AS items_failed
        FROM tasks t WHERE {where} ORDER BY t.created_at, t.task_id""", params).fetchall()
    return [{**_task(row).as_dict(), **dict(zip(("runs", "last_run_at", "items", "items_failed"), row[7:]))}
            for row in rows]


def _decoded(run: Row) -> Row:
    run["filters"] = orjson.loads(run["filters"]) if run["filters"] else []
    run["options"] = orjson.loads(run["options"]) if run["options"] else {}
    return run


def runs(cur: duckdb.DuckDBPyConnection, task_id: str) -> list[Row]:
    """A task's runs, newest first, each with its items by state (`item_states`)."""
    if not stored(cur):
        return []
    out = [_decoded(r) for r in _rows(cur.execute(
        "SELECT * FROM task_runs WHERE task_id = ? ORDER BY started_at DESC, run_id DESC", [task_id]))]
    states: dict[str, dict[str, int]] = {}
    for run_id, state, n in cur.execute("SELECT run_id, state, count(*) FROM run_items WHERE task_id = ? GROUP BY ALL",
                                        [task_id]).fetchall():
        states.setdefault(run_id, {})[state] = n
    for run in out:
        run["item_states"] = {s: states.get(run["run_id"], {}).get(s, 0) for s in ITEM_STATES}
    return out


def run(cur: duckdb.DuckDBPyConnection, run_id: str) -> Row | None:
    """A run's manifest (what was sampled and why) with its items by hash and their states."""
    found = _rows(cur.execute("SELECT * FROM task_runs WHERE run_id = ?", [run_id])) if stored(cur) else []
    if not found:
        return None
    manifest = _decoded(found[0])
    manifest["items"] = _rows(cur.execute("""SELECT trace_id, version, hash, state, attempts, reason FROM run_items
                                             WHERE run_id = ? ORDER BY hash""", [run_id]))
    manifest["item_states"] = {s: sum(i["state"] == s for i in manifest["items"]) for s in ITEM_STATES}
    return manifest


def runs_started(cur: duckdb.DuckDBPyConnection, task_id: str, start: dt.datetime, end: dt.datetime) -> list[str]:
    """The ids of a task's runs started in [start, end), oldest first."""
    if not stored(cur):
        return []
    return [r[0] for r in cur.execute("SELECT run_id FROM task_runs WHERE task_id = ? AND started_at >= ? "
                                      "AND started_at < ? ORDER BY started_at", [task_id, start, end]).fetchall()]


def state_counts(cur: duckdb.DuckDBPyConnection, task_ids: list[str] | None = None) -> dict[str, list[tuple[str, str, int]]]:
    """(task, state, count) of runs and of run items (of these tasks), by task and state."""
    where, params = ("TRUE", []) if task_ids is None else ("task_id IN (SELECT unnest(?::VARCHAR[]))", [task_ids])
    return {name: cur.execute(f"SELECT task_id, state, count(*) FROM {table} WHERE {where} GROUP BY ALL ORDER BY 1, 2",
                              params).fetchall()
            for name, table in (("runs", "task_runs"), ("items", "run_items"))}


def run_starts(cur: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyRelation:
    """A relation of (run_id, started_at) for every run, for a query that joins another owner's rows
    to runs in one statement; empty without the scheduler's tables."""
    if stored(cur):
        return cur.sql("SELECT run_id, started_at FROM task_runs")
    return cur.sql("SELECT NULL::VARCHAR AS run_id, NULL::TIMESTAMP AS started_at LIMIT 0")
