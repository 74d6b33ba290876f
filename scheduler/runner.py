"""Executes task runs: window -> sampler selection -> ledger, one run per task at a time."""
from __future__ import annotations

import datetime as dt
import logging
import threading
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import duckdb

from sampler.selection import Selection, select
from scheduler.ledger import Ledger, RunRow, utcnow
from scheduler.task import TaskSpec

log = logging.getLogger(__name__)


class TaskRunner:
    """`settle_s` keeps a rolling window's end behind trajectories still being committed."""

    def __init__(self, ledger: Ledger, con: duckdb.DuckDBPyConnection, settle_s: float = 1.0,
                 clock: Callable[[], dt.datetime] = utcnow):
        self.ledger, self._con, self.settle = ledger, con, dt.timedelta(seconds=settle_s)
        self.clock = clock
        self._task_locks: defaultdict[str, threading.Lock] = defaultdict(threading.Lock)
        self.on_selected: list[Callable[[str], None]] = []

    def window(self, spec: TaskSpec, now: dt.datetime, watermark: dt.datetime | None):
        if spec.rolling:
            return spec.window.time_range(now - self.settle, watermark)
        return spec.window.time_range(now)

    def run_now(self, task_id: str, trigger: str = "manual", now: dt.datetime | None = None) -> dict[str, Any]:
        """Open a run, select, record; returns the run's manifest."""
        with self._task_locks[task_id]:
            task = self.ledger.get_task(task_id)
            now = now or self.clock()
            run = self.ledger.open_run(task, trigger, now, self.window(task.spec, now, task.watermark))
            return self._execute(run, task.spec)

    def preview(self, spec: TaskSpec, now: dt.datetime | None = None, watermark: dt.datetime | None = None) -> Selection:
        """What a run of `spec` would select now, without saving anything."""
        cur = self._con.cursor()
        try:
            return select(cur, spec.policy, spec.salt, self.window(spec, now or self.clock(), watermark))
        finally:
            cur.close()

    def resume_interrupted(self) -> list[str]:
        """Finish runs a crash left in `selecting`; their window is stored, so they pick the same."""
        done = []
        for run in self.ledger.interrupted_runs():
            with self._task_locks[run.task_id]:
                spec = self.ledger.get_task(run.task_id).spec
                log.info("resuming interrupted run %s", run.run_id)
                self._execute(run, spec)
                done.append(run.run_id)
        return done

    def _execute(self, run: RunRow, spec: TaskSpec) -> dict[str, Any]:
        cur = self._con.cursor()
        try:
            selection = select(cur, spec.policy, spec.salt, run.window)
        except Exception as exc:
            self.ledger.fail_run(run.run_id, f"selection failed: {exc}")
            raise
        finally:
            cur.close()
        self.ledger.record_selection(run, selection, advance_watermark=spec.rolling)
        for listener in self.on_selected:
            listener(run.run_id)
        return self.ledger.run(run.run_id)
