"""Executes task runs: window -> sampler selection -> ledger, one run per task at a time.

Selections and previews run their user-built SQL through a `QueryGate`: a few at a time, each
within its time budget; scheduled runs take slots of their own pool, so a burst of them never
takes the slots people's previews and explorer pages need, nor the other way round. A run past its budget is failed with that reason; a run stopped because
the server is stopping stays `selecting` and is resumed at the next start.
"""
from __future__ import annotations

import datetime as dt
import logging
import threading
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import duckdb

from infra.timeutil import utcnow
from sampler.query_budget import Query, QueryCancelled, QueryGate, QueryLimits, QueryTimeout
from sampler.selection import Selection, select
from scheduler.ledger import Ledger, RunRow
from scheduler.task import TaskSpec

log = logging.getLogger(__name__)
SCHEDULED_TRIGGERS = ("scheduled", "catch_up")  # runs no person is waiting for


class TaskRunner:
    """`settle_s` keeps a rolling window's end behind trajectories still being committed."""

    def __init__(self, ledger: Ledger, con: duckdb.DuckDBPyConnection, settle_s: float = 1.0,
                 clock: Callable[[], dt.datetime] = utcnow, limits: QueryLimits | None = None):
        self.ledger, self.settle = ledger, dt.timedelta(seconds=settle_s)
        self.clock = clock
        self.queries = QueryGate(con, limits)
        self._task_locks: defaultdict[str, threading.Lock] = defaultdict(threading.Lock)
        self.on_selected: list[Callable[[str], None]] = []  # a run's items are recorded (none: it is done)
        self.on_failed: list[Callable[[str], None]] = []  # a run failed in selection

    def window(self, spec: TaskSpec, now: dt.datetime, watermark: dt.datetime | None):
        if spec.rolling:
            return spec.window.time_range(now - self.settle, watermark)
        return spec.window.time_range(now)

    def run_now(self, task_id: str, trigger: str = "manual", now: dt.datetime | None = None,
                query: Query | None = None, wait: bool = True) -> dict[str, Any]:
        """Open a run, select, record; returns the run's manifest.

        Takes a query slot first (`wait` for one, or QueryBusy) unless given one, so a refused
        run leaves no trace in the ledger: a scheduled slot for the `scheduled` and `catch_up`
        triggers, a person's for the others.
        """
        pool = "scheduled" if trigger in SCHEDULED_TRIGGERS else "people"
        with query or self.queries.take(wait, pool) as query, self._task_locks[task_id]:
            task = self.ledger.get_task(task_id)
            now = now or self.clock()
            run = self.ledger.open_run(task, trigger, now, self.window(task.spec, now, task.watermark))
            return self._execute(run, task.spec, query)

    def preview(self, spec: TaskSpec, query: Query, now: dt.datetime | None = None,
                watermark: dt.datetime | None = None) -> Selection:
        """What a run of `spec` would select now, without saving anything."""
        window = self.window(spec, now or self.clock(), watermark)
        return query.run(lambda cur: select(cur, spec.policy, spec.salt, window, spec.project))

    def resume_interrupted(self) -> list[str]:
        """Finish runs a crash left in `selecting`; their window is stored, so they pick the same."""
        done = []
        for run in self.ledger.interrupted_runs():
            with self.queries.take(wait=True, pool="scheduled") as query, self._task_locks[run.task_id]:
                spec = self.ledger.get_task(run.task_id).spec
                log.info("resuming interrupted run %s", run.run_id)
                try:
                    self._execute(run, spec, query)
                except QueryTimeout:
                    continue  # recorded on the run; the others still resume
                done.append(run.run_id)
        return done

    def _execute(self, run: RunRow, spec: TaskSpec, query: Query) -> dict[str, Any]:
        try:
            selection = query.run(lambda cur: select(cur, spec.policy, spec.salt, run.window, spec.project))
        except QueryCancelled:
            raise  # stopped, not failed: resumed at the next start
        except Exception as exc:
            self.ledger.fail_run(run.run_id, f"selection failed: {exc}")
            for listener in self.on_failed:
                listener(run.run_id)
            raise
        self.ledger.record_selection(run, selection, advance_watermark=spec.rolling)
        for listener in self.on_selected:
            listener(run.run_id)
        return self.ledger.run(run.run_id)
