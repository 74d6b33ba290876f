"""Tasks, their runs and the items each run selected: the scheduler's tables.

This module owns `tasks`, `task_runs` and `run_items`. The key of `run_items` is
(task_id, trace_id, version), so a trajectory version is taken at most once per task however
often runs repeat or restart. A run's selection is written in one transaction with the run's
counts and the task's watermark, so an interrupted run can simply be executed again.
"""
from __future__ import annotations

import datetime as dt
import secrets
import threading
from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any

import duckdb
import orjson
import pyarrow as pa

from evaluators.registry import DEFAULT_SET
from evaluators.work import WorkItem
from infra.schema import ensure_schema
from infra.timeutil import utcnow
from sampler.selection import Selection, TimeRange
from scheduler.task import TaskSpec

SCHEMA_VERSION = 1

_DDL = """
CREATE TABLE IF NOT EXISTS tasks (
    task_id VARCHAR PRIMARY KEY, spec JSON NOT NULL, state VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL,
    watermark TIMESTAMP, last_scheduled_for TIMESTAMP
);
CREATE TABLE IF NOT EXISTS task_runs (
    run_id VARCHAR PRIMARY KEY, task_id VARCHAR NOT NULL, trigger VARCHAR NOT NULL,
    scheduled_for TIMESTAMP NOT NULL, started_at TIMESTAMP NOT NULL, selected_at TIMESTAMP,
    finished_at TIMESTAMP, state VARCHAR NOT NULL,
    window_column VARCHAR NOT NULL, window_start TIMESTAMP, window_end TIMESTAMP NOT NULL,
    match VARCHAR, filters JSON, ratio DOUBLE, max_items INTEGER, salt VARCHAR, evaluators VARCHAR[],
    options JSON,
    candidates BIGINT, sampled_out BIGINT, capped BIGINT, already_taken BIGINT, selected BIGINT,
    watermark TIMESTAMP, error VARCHAR
);
CREATE TABLE IF NOT EXISTS run_items (
    task_id VARCHAR NOT NULL, trace_id VARCHAR NOT NULL, version INTEGER NOT NULL,
    run_id VARCHAR NOT NULL, hash DOUBLE, state VARCHAR NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, worker VARCHAR, claimed_at TIMESTAMP,
    finished_at TIMESTAMP, reason VARCHAR,
    PRIMARY KEY (task_id, trace_id, version)
);
"""

TASK_STATES = ("active", "paused", "finished")
# Triggers that count for catch-up: a manual run does not replace a scheduled one.
SCHEDULED_TRIGGERS = ("scheduled", "catch_up")


class TaskNotFound(LookupError):
    pass


class TaskExists(ValueError):
    pass


@dataclass(frozen=True)
class TaskRow:
    task_id: str
    spec: TaskSpec
    state: str
    created_at: dt.datetime
    watermark: dt.datetime | None
    last_scheduled_for: dt.datetime | None

    def as_dict(self) -> dict[str, Any]:
        return {"task_id": self.task_id, "state": self.state, "created_at": self.created_at,
                "watermark": self.watermark, "last_scheduled_for": self.last_scheduled_for,
                "spec": self.spec.model_dump(mode="json", by_alias=True, exclude_none=True)}


@dataclass(frozen=True)
class RunRow:
    run_id: str
    task_id: str
    state: str
    scheduled_for: dt.datetime
    window: TimeRange




class Ledger:
    """Thread-safe: every write goes through one lock and its own cursor."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self._con = con
        self._lock = threading.RLock()
        with self._cursor() as cur:
            ensure_schema(cur, "scheduler", SCHEMA_VERSION, _DDL)

    def _cursor(self):
        return _Cursor(self._con, self._lock)

    # -- tasks -------------------------------------------------------------------------------
    def create_task(self, spec: TaskSpec, now: dt.datetime | None = None) -> TaskRow:
        now = now or utcnow()
        with self._cursor() as cur:
            if cur.execute("SELECT 1 FROM tasks WHERE task_id = ?", [spec.name]).fetchone():
                raise TaskExists(f"a task named {spec.name!r} already exists; choose another name (--set name=…)")
            cur.execute("INSERT INTO tasks VALUES (?, ?, 'active', ?, ?, NULL, NULL)",
                        [spec.name, spec.model_dump_json(by_alias=True), now, now])
        return self.get_task(spec.name)

    def get_task(self, task_id: str) -> TaskRow:
        with self._cursor() as cur:
            row = cur.execute(
                "SELECT task_id, spec, state, created_at, watermark, last_scheduled_for FROM tasks WHERE task_id = ?",
                [task_id]).fetchone()
        if row is None:
            raise TaskNotFound(f"no task {task_id!r}")
        return TaskRow(row[0], TaskSpec.model_validate_json(row[1]), *row[2:])

    def list_tasks(self) -> list[TaskRow]:
        with self._cursor() as cur:
            ids = [r[0] for r in cur.execute("SELECT task_id FROM tasks ORDER BY created_at, task_id").fetchall()]
        return [self.get_task(i) for i in ids]

    def set_state(self, task_id: str, state: str) -> TaskRow:
        assert state in TASK_STATES
        self.get_task(task_id)
        with self._cursor() as cur:
            cur.execute("UPDATE tasks SET state = ?, updated_at = ? WHERE task_id = ?", [state, utcnow(), task_id])
        return self.get_task(task_id)

    def delete_task(self, task_id: str) -> None:
        """Removes the task, its runs and their items (evaluation results are kept by their owner)."""
        self.get_task(task_id)
        with self._cursor() as cur:
            cur.execute("BEGIN")
            for table in ("run_items", "task_runs", "tasks"):
                cur.execute(f"DELETE FROM {table} WHERE task_id = ?", [task_id])
            cur.execute("COMMIT")

    # -- runs --------------------------------------------------------------------------------
    def open_run(self, task: TaskRow, trigger: str, scheduled_for: dt.datetime, window: TimeRange) -> RunRow:
        """Record that a run started (state `selecting`) before anything is selected."""
        run_id = f"{task.task_id}-{scheduled_for:%Y%m%dT%H%M%S}-{secrets.token_hex(3)}"
        spec = task.spec
        with self._cursor() as cur:
            cur.execute("BEGIN")
            cur.execute(
                """INSERT INTO task_runs (run_id, task_id, trigger, scheduled_for, started_at, state,
                       window_column, window_start, window_end, match, filters, ratio, max_items, salt, evaluators,
                       options)
                   VALUES (?, ?, ?, ?, ?, 'selecting', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                [run_id, task.task_id, trigger, scheduled_for, utcnow(), window.column, window.start, window.end,
                 spec.match, orjson.dumps([f.model_dump(mode="json") for f in spec.filters]).decode(),
                 spec.sampling.ratio, spec.sampling.max_items, spec.salt, spec.evaluators or list(DEFAULT_SET),
                 orjson.dumps(spec.options).decode()])
            if trigger in SCHEDULED_TRIGGERS:
                cur.execute("UPDATE tasks SET last_scheduled_for = ?, updated_at = ? WHERE task_id = ?",
                            [scheduled_for, utcnow(), task.task_id])
            cur.execute("COMMIT")
        return RunRow(run_id, task.task_id, "selecting", scheduled_for, window)

    def interrupted_runs(self) -> list[RunRow]:
        with self._cursor() as cur:
            rows = cur.execute(
                """SELECT run_id, task_id, state, scheduled_for, window_column, window_start, window_end
                   FROM task_runs WHERE state = 'selecting' ORDER BY started_at""").fetchall()
        return [RunRow(r[0], r[1], r[2], r[3], TimeRange(column=r[4], start=r[5], end=r[6])) for r in rows]

    def record_selection(self, run: RunRow, selection: Selection, advance_watermark: bool) -> int:
        """Atomically: new items (those the task never took), the run's counts, the watermark."""
        picked = pa.table({
            "trace_id": pa.array([s[0] for s in selection.selected], pa.string()),
            "version": pa.array([s[1] for s in selection.selected], pa.int32()),
            "hash": pa.array([s[2] for s in selection.selected], pa.float64()),
        })
        with self._cursor() as cur:
            cur.execute("BEGIN")
            cur.register("_picked", picked)
            try:
                inserted = cur.execute(
                    """INSERT INTO run_items (task_id, trace_id, version, run_id, hash, state)
                       SELECT ?, p.trace_id, p.version, ?, p.hash, 'pending' FROM _picked p
                       ANTI JOIN (SELECT trace_id, version FROM run_items WHERE task_id = ?) r
                       ON p.trace_id = r.trace_id AND p.version = r.version""",
                    [run.task_id, run.run_id, run.task_id]).fetchone()[0]
            finally:
                cur.unregister("_picked")
            cur.execute(
                """UPDATE task_runs SET state = 'selected', selected_at = ?, candidates = ?, sampled_out = ?,
                       capped = ?, already_taken = ?, selected = ?, watermark = ? WHERE run_id = ?""",
                [utcnow(), selection.candidates, selection.sampled_out, selection.capped,
                 len(selection.selected) - inserted, inserted, selection.watermark, run.run_id])
            _close_finished_runs(cur)
            if advance_watermark:
                cur.execute("UPDATE tasks SET watermark = ? WHERE task_id = ?", [run.window.end, run.task_id])
            cur.execute("COMMIT")
        return inserted

    # -- work items (the embedded workers' WorkSource) -----------------------------------------
    def claim(self, worker: str, limit: int) -> list[WorkItem]:
        """Take the oldest pending items; the attempt is counted when taken, so a crash shows."""
        with self._cursor() as cur:
            rows = cur.execute(
                """UPDATE run_items SET state = 'running', worker = ?, claimed_at = ?, attempts = attempts + 1
                   WHERE (task_id, trace_id, version) IN (
                       SELECT task_id, trace_id, version FROM run_items WHERE state = 'pending'
                       ORDER BY run_id, hash LIMIT ?)
                   RETURNING task_id, trace_id, version, run_id, attempts""",
                [worker, utcnow(), limit]).fetchall()
            if not rows:
                return []
            runs = {run: (tuple(evaluators), orjson.loads(options or "{}")) for run, evaluators, options in cur.execute(
                "SELECT run_id, evaluators, options FROM task_runs WHERE run_id IN (SELECT unnest(?))",
                [sorted({r[3] for r in rows})]).fetchall()}
        return [WorkItem(t, tr, v, run, *runs[run], attempts) for t, tr, v, run, attempts in rows]

    def running(self, worker: str) -> int:
        """Items `worker` has taken and not finished: what a dispatcher has in flight."""
        with self._cursor() as cur:
            return cur.execute("SELECT count(*) FROM run_items WHERE state = 'running' AND worker = ?",
                               [worker]).fetchone()[0]

    def finish(self, item: WorkItem, ok: bool, reason: str | None) -> None:
        with self._cursor() as cur:
            cur.execute("BEGIN")
            cur.execute("""UPDATE run_items SET state = ?, finished_at = ?, reason = ?
                           WHERE task_id = ? AND trace_id = ? AND version = ?""",
                        ["done" if ok else "failed", utcnow(), reason, item.task_id, item.trace_id, item.version])
            _close_finished_runs(cur)
            cur.execute("COMMIT")

    def release(self, items: Sequence[WorkItem]) -> None:
        """Give back claimed items a shutdown left unstarted: pending again, the attempt not counted."""
        with self._cursor() as cur:
            cur.execute("BEGIN")
            for item in items:
                cur.execute("""UPDATE run_items SET state = 'pending', worker = NULL, attempts = attempts - 1
                               WHERE task_id = ? AND trace_id = ? AND version = ? AND state = 'running'""",
                            [item.task_id, item.trace_id, item.version])
            cur.execute("COMMIT")

    def requeue_interrupted(self, max_attempts: int) -> tuple[int, int]:
        """After a crash: items left running go back to pending, or fail past `max_attempts`."""
        with self._cursor() as cur:
            cur.execute("BEGIN")
            failed = cur.execute(
                """UPDATE run_items SET state = 'failed', finished_at = ?,
                       reason = 'interrupted ' || attempts || ' times (attempt limit ' || ? || ')'
                   WHERE state = 'running' AND attempts >= ?""", [utcnow(), max_attempts, max_attempts]).fetchone()[0]
            retried = cur.execute(
                "UPDATE run_items SET state = 'pending', worker = NULL WHERE state = 'running'").fetchone()[0]
            _close_finished_runs(cur)
            cur.execute("COMMIT")
        return retried, failed

    def fail_run(self, run_id: str, error: str) -> None:
        with self._cursor() as cur:
            cur.execute("UPDATE task_runs SET state = 'failed', finished_at = ?, error = ? WHERE run_id = ?",
                        [utcnow(), error, run_id])

    def runs(self, task_id: str) -> list[dict[str, Any]]:
        return self._select_runs("WHERE task_id = ? ORDER BY started_at DESC", [task_id])

    def run(self, run_id: str) -> dict[str, Any] | None:
        rows = self._select_runs("WHERE run_id = ?", [run_id])
        if not rows:
            return None
        with self._cursor() as cur:
            items = cur.execute(
                """SELECT trace_id, version, hash, state, attempts, reason FROM run_items
                   WHERE run_id = ? ORDER BY hash""", [run_id]).fetchall()
        run = rows[0]
        run["items"] = [dict(zip(("trace_id", "version", "hash", "state", "attempts", "reason"), i)) for i in items]
        return run

    def _select_runs(self, where: str, params: list) -> list[dict[str, Any]]:
        with self._cursor() as cur:
            cursor = cur.execute(
                f"""SELECT run_id, task_id, trigger, scheduled_for, started_at, selected_at, finished_at, state,
                        window_column, window_start, window_end, match, filters, ratio, max_items, salt,
                        evaluators, candidates, sampled_out, capped, already_taken, selected, watermark, error
                    FROM task_runs {where}""", params)
            cols = [d[0] for d in cursor.description]
            rows = cursor.fetchall()
        out = []
        for row in rows:
            run = dict(zip(cols, row))
            run["filters"] = orjson.loads(run["filters"]) if run["filters"] else []
            out.append(run)
        return out


def _close_finished_runs(cur: duckdb.DuckDBPyConnection) -> None:
    """A selected run whose items are all done or failed is done."""
    cur.execute("""UPDATE task_runs SET state = 'done', finished_at = ? WHERE state = 'selected'
                   AND NOT EXISTS (SELECT 1 FROM run_items i WHERE i.run_id = task_runs.run_id
                                   AND i.state IN ('pending', 'running'))""", [utcnow()])


class _Cursor:
    """A fresh cursor under the ledger's lock, closed afterwards."""

    def __init__(self, con: duckdb.DuckDBPyConnection, lock: threading.RLock):
        self._con, self._lock = con, lock

    def __enter__(self) -> duckdb.DuckDBPyConnection:
        self._lock.acquire()
        self._cur = self._con.cursor()
        return self._cur

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is not None:
                try:
                    self._cur.execute("ROLLBACK")
                except duckdb.Error:
                    pass
            self._cur.close()
        finally:
            self._lock.release()
