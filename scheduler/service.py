"""APScheduler wiring: rolling tasks run by their recurrence, backfill tasks once when created.

After a restart, a rolling task whose run fell due while the server was down runs once
(coalesced), then follows its recurrence; runs left half-way are finished first. Both happen in
one immediate job on the scheduler, so start() (and the ports opened after it) never waits for
a task run.
"""
from __future__ import annotations

import datetime as dt
import logging

from apscheduler.schedulers.background import BackgroundScheduler

from evaluators.config import EvaluatorSettings

from sampler.query_budget import QueryError, QueryTimeout
from scheduler.ledger import Ledger, TaskRow
from scheduler.runner import TaskRunner
from scheduler.task import TaskError, TaskSpec

log = logging.getLogger(__name__)


def _aware(t: dt.datetime) -> dt.datetime:
    return t.replace(tzinfo=dt.timezone.utc) if t.tzinfo is None else t


def missed_fire(task: TaskRow, now: dt.datetime) -> dt.datetime | None:
    """The first fire time after the task's last scheduled run (or creation) if it is already past."""
    trigger = task.spec.window.trigger()
    reference = _aware(task.last_scheduled_for or task.created_at) + dt.timedelta(microseconds=1)
    due = trigger.get_next_fire_time(None, reference)
    return due if due is not None and due <= _aware(now) else None


class TaskService:
    """Lifecycle is start()/shutdown(); shutdown is safe twice or before start."""

    def __init__(self, ledger: Ledger, runner: TaskRunner, evaluators: EvaluatorSettings | None = None):
        """`evaluators`: what this server can run; a task naming an evaluator it cannot is refused."""
        self.ledger, self.runner, self.evaluators = ledger, runner, evaluators
        self._scheduler: BackgroundScheduler | None = None

    def start(self) -> None:
        if self._scheduler:
            return
        self._scheduler = BackgroundScheduler(timezone=dt.timezone.utc, job_defaults={
            "coalesce": True, "max_instances": 1, "misfire_grace_time": None})
        self._scheduler.start()
        now = self.runner.clock()
        missed = []
        for task in self.ledger.list_tasks():
            if task.state == "active" and task.spec.rolling:
                due = missed_fire(task, now)
                if due is not None and not task.spec.window.finished(_aware(due)):
                    log.info("task %s missed its run due %s while down; running it once now", task.task_id, due)
                    missed.append(task.task_id)
                self._schedule(task)
        self._scheduler.add_job(self._recover, args=[missed, now], id=":recover", name="recover task runs",
                                next_run_time=dt.datetime.now(dt.timezone.utc))

    def stop_queries(self) -> None:
        """Interrupt every preview, run selection and tracked read now (the server is stopping)."""
        self.runner.queries.close()

    def shutdown(self) -> None:
        self.stop_queries()
        if self._scheduler:
            self._scheduler.shutdown(wait=True)
            self._scheduler = None

    def _recover(self, missed: list[str], now: dt.datetime) -> None:
        """Runs a stop left half-way, then each missed run, before anything else of theirs."""
        try:
            self.runner.resume_interrupted()
            for task_id in missed:
                self.runner.run_now(task_id, "catch_up", now)
        except QueryError as exc:  # a timeout is recorded on its run; a stop resumes next start
            log.warning("recovering task runs stopped: %s", exc)
        except Exception:
            log.exception("recovering task runs failed")

    def create(self, spec: TaskSpec) -> tuple[TaskRow, dict | None]:
        """Save a task; a backfill task runs at once and its run is returned (failed past its budget).

        A backfill task takes its query slot before it is saved: QueryBusy leaves nothing behind.
        An evaluator the server cannot run (llm_judge without an endpoint) is a TaskError.
        """
        refusal = self.evaluators.refusal(spec.evaluators, spec.options) if self.evaluators else None
        if refusal:
            raise TaskError(f"evaluators: {refusal}")
        if spec.rolling:
            task = self.ledger.create_task(spec, self.runner.clock())
            self._schedule(task)
            return task, None
        with self.runner.queries.take(wait=False) as query:
            task = self.ledger.create_task(spec, self.runner.clock())
            try:
                return task, self.runner.run_now(task.task_id, "created", query=query)
            except QueryTimeout:
                return task, self.ledger.run(self.ledger.runs(task.task_id)[0]["run_id"])

    def pause(self, task_id: str) -> TaskRow:
        task = self.ledger.set_state(task_id, "paused")
        self._unschedule(task_id)
        return task

    def resume(self, task_id: str) -> TaskRow:
        task = self.ledger.set_state(task_id, "active")
        if task.spec.rolling:
            self._schedule(task)
        return task

    def delete(self, task_id: str) -> None:
        self._unschedule(task_id)
        self.ledger.delete_task(task_id)

    def every(self, seconds: float, fn, job_id: str) -> None:
        """Run a maintenance job (retention…) on the same scheduler, never two at once."""
        if self._scheduler is not None:
            self._scheduler.add_job(fn, "interval", seconds=seconds, id=job_id, replace_existing=True, name=job_id)

    def next_run_time(self, task_id: str) -> dt.datetime | None:
        job = self._scheduler.get_job(task_id) if self._scheduler else None
        return job.next_run_time if job else None

    def _schedule(self, task: TaskRow) -> None:
        if self._scheduler is None:
            return
        if task.spec.window.finished(_aware(self.runner.clock())):
            self.ledger.set_state(task.task_id, "finished")
            return
        self._scheduler.add_job(self._fire, task.spec.window.trigger(), args=[task.task_id],
                                id=task.task_id, replace_existing=True, name=f"task {task.task_id}")

    def _unschedule(self, task_id: str) -> None:
        if self._scheduler and self._scheduler.get_job(task_id):
            self._scheduler.remove_job(task_id)

    def _fire(self, task_id: str) -> None:
        try:
            task = self.ledger.get_task(task_id)
            if task.state != "active":
                return
            now = self.runner.clock()
            self.runner.run_now(task_id, "scheduled", now)
            if task.spec.window.finished(_aware(now)) or self.next_run_time(task_id) is None:
                self.ledger.set_state(task_id, "finished")
        except QueryError as exc:
            log.warning("scheduled run of task %s stopped: %s", task_id, exc)
        except Exception:  # a failing run is recorded on the run; the schedule goes on
            log.exception("scheduled run of task %s failed", task_id)
