"""The `Ledger`: every write to tasks, runs and run items, under one lock.

A run's selection is written in one transaction with the run's counts and the task's watermark,
so an interrupted run can simply be executed again. Its reads are `scheduler.ledger.reads` on
its own cursor, the same reading the dashboard does on a request's.
"""
from __future__ import annotations

import datetime as dt
import secrets
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import duckdb
import orjson
import pyarrow as pa

from evaluators.registry import DEFAULT_SET
from evaluators.work import WorkItem
from infra.timeutil import utcnow
from sampler.selection import Selection, TimeRange
import scheduler.ledger.reads as reads
from scheduler.ledger.reads import TaskRow
from scheduler.ledger.schema import create
from scheduler.task import TaskSpec

TASK_STATES = ("active", "paused", "finished")
# Triggers that count for catch-up: a manual run does not replace a scheduled one.
SCHEDULED_TRIGGERS = ("scheduled", "catch_up")


class TaskExists(ValueError):
    pass


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
            create(cur)

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
            return reads.get_task(cur, task_id)

    def list_tasks(self, project: str | None = None) -> list[TaskRow]:
        with self._cursor() as cur:
            return reads.list_tasks(cur, project)

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
        with self._cursor() as cur:
            return reads.runs(cur, task_id)

    def run(self, run_id: str) -> dict[str, Any] | None:
        with self._cursor() as cur:
            return reads.run(cur, run_id)


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
