"""Evaluator workers: claim work items, run the task's evaluators, write results.

Where items come from is a `WorkSource` (the scheduler's ledger in the embedded server, a Kafka
topic when scaled out), so this module needs neither. One evaluator raising, or running past its
time budget, never stops the others: its failure is recorded on the item, the other results are
written. Each item's results are saved as soon as it is done, and a shutdown stops before the
next item, so stopping loses no finished judgement and waits for at most one item per thread.
"""
from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from collector.trajectory import Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator
from evaluators.budget import WATCHDOG, BudgetExceeded
from evaluators.config import EvaluatorSettings
from evaluators.datasets import load_cases
from evaluators.registry import get
from evaluators.results import ResultStore, Scored
from evaluators.schemas import load_tool_schemas
from evaluators.work import Loader, WorkItem, WorkSource

log = logging.getLogger(__name__)
ERROR_CHARS = 300  # of one evaluator's failure in the item's reason

ResultHook = Callable[[Sequence[Scored], dict[str, Trajectory]], None]


@dataclass
class Outcome:
    results: list[EvalResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class Evaluation:
    """Evaluator instances by alias, reused across items (evaluators keep no per-trace state).

    Each evaluator whose `time_budget` is true gets `budget_s` per trajectory (None: unlimited).
    """

    def __init__(self, context: EvalContext, budget_s: float | None = None):
        self.context, self.budget_s = context, budget_s
        self._instances: dict[str, Evaluator] = {}
        self._lock = threading.Lock()

    def evaluator(self, alias: str) -> Evaluator:
        with self._lock:
            if alias not in self._instances:
                self._instances[alias] = get(alias)()
            return self._instances[alias]

    def run(self, trajectory: Trajectory, aliases: Sequence[str]) -> Outcome:
        outcome = Outcome()
        context = self.context.with_view(trajectory)  # clipped and indexed once, for all the evaluators
        trajectory = context.view_of(trajectory).trajectory  # plugins get the clipped trajectory too
        for alias in aliases:
            try:
                outcome.results.append(self._one(self.evaluator(alias), trajectory, context))
            except BudgetExceeded:
                log.warning("evaluator %s ran past its budget on trace %s", alias, trajectory.trace_id)
                outcome.errors.append(f"{alias}: stopped after its time budget of {self.budget_s:g} s "
                                      f"(evaluators.time_budget_s)")
            except Exception as exc:  # one evaluator's failure is recorded, the others still run
                log.warning("evaluator %s failed on trace %s: %s", alias, trajectory.trace_id, exc)
                text = f"{alias}: {type(exc).__name__}: {exc}"
                outcome.errors.append(text if len(text) <= ERROR_CHARS else text[:ERROR_CHARS - 1] + "…")
        return outcome

    def _one(self, evaluator: Evaluator, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        if self.budget_s is None or not evaluator.time_budget:
            return evaluator.evaluate(trajectory, context)
        with WATCHDOG.limit(self.budget_s):
            return evaluator.evaluate(trajectory, context)


class Evaluations:
    """One Evaluation per task, so a task's LLM-judge budget and rate limit are its own."""

    def __init__(self, make_context: Callable[[dict[str, dict]], EvalContext], budget_s: float | None = None):
        self.make_context, self.budget_s = make_context, budget_s
        self._by_task: dict[str, Evaluation] = {}
        self._lock = threading.Lock()

    def for_item(self, item: WorkItem) -> Evaluation:
        with self._lock:
            if item.task_id not in self._by_task:
                self._by_task[item.task_id] = Evaluation(self.make_context(item.options), self.budget_s)
            return self._by_task[item.task_id]


@dataclass
class PoolStats:
    items_done: int = 0
    items_failed: int = 0
    results_written: int = 0


class WorkerPool:
    """`size` threads; lifecycle start()/shutdown(), shutdown safe twice or before start."""

    def __init__(self, source: WorkSource, load: Loader, results: ResultStore, evaluations: Evaluations,
                 size: int = 2, batch: int = 32, poll_s: float = 0.5, name: str = "worker"):
        self.source, self.load, self.results, self.evaluations = source, load, results, evaluations
        self.size, self.batch, self.poll_s, self.name = size, batch, poll_s, name
        self.stats = PoolStats()
        self.on_results: list[ResultHook] = []  # called with each batch's saved results, e.g. OTLP events
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        if self._threads:
            return
        self._stop.clear()
        for i in range(self.size):
            t = threading.Thread(target=self._loop, args=(f"{self.name}-{i}",), name=f"tracepatrol-{self.name}-{i}",
                                 daemon=True)
            t.start()
            self._threads.append(t)

    def wake(self, *_: object) -> None:
        """Called when a run selected new items, so workers need not wait for their next poll."""
        self._wake.set()

    def shutdown(self) -> None:
        """Stop before each thread's next item (the one under way is finished and saved)."""
        self._stop.set()
        self._wake.set()
        for t in self._threads:
            t.join()
        self._threads = []

    def _loop(self, worker: str) -> None:
        while not self._stop.is_set():
            try:
                items = self.source.claim(worker, self.batch)
            except Exception:
                log.exception("claiming work failed; retrying")
                items = []
            if not items:
                self._wake.wait(self.poll_s)
                self._wake.clear()
                continue
            try:
                self.process(items)
            except Exception:  # never lose the thread; process() has recorded what it could
                log.exception("evaluating %d items failed", len(items))

    def process(self, items: Sequence[WorkItem]) -> None:
        """Evaluate claimed items one by one, saving and recording each as it is done; once a
        shutdown starts, the items not yet started are released (or left for the restart)."""
        try:
            trajectories = self.load(sorted({i.trace_id for i in items}))
        except Exception as exc:
            for item in items:
                self._finish(item, False, f"internal error: {type(exc).__name__}: {exc}")
            raise
        scored: list[Scored] = []
        for done, item in enumerate(items):
            if self._stop.is_set():
                self._release(items[done:])
                break
            try:
                scored += self._item(item, trajectories.get(item.trace_id))
            except Exception as exc:  # the store refused the results, say: this item fails, the next may not
                log.exception("evaluating %s failed", item.trace_id)
                self._finish(item, False, f"internal error: {type(exc).__name__}: {exc}")
        for hook in self.on_results:
            try:
                hook(scored, trajectories)
            except Exception:  # the results are saved; a hook (event export) cannot undo that
                log.exception("result hook %r failed", hook)

    def _item(self, item: WorkItem, traj: Trajectory | None) -> list[Scored]:
        if traj is None:
            self._finish(item, False, "trajectory not found (deleted by retention?)")
            return []
        outcome = self.evaluations.for_item(item).run(traj, item.evaluators)
        start = _start(traj)
        scored = [Scored(item.task_id, item.trace_id, item.version, item.run_id, r, traj.agent.name,
                         traj.agent.version, start) for r in outcome.results]
        self.stats.results_written += self.results.save(scored)
        self._finish(item, not outcome.errors, "; ".join(outcome.errors) or None)
        return scored

    def _finish(self, item: WorkItem, ok: bool, reason: str | None) -> None:
        self.source.finish(item, ok, reason)
        if ok:
            self.stats.items_done += 1
        else:
            self.stats.items_failed += 1

    def _release(self, items: Sequence[WorkItem]) -> None:
        release = getattr(self.source, "release", None)
        if release is not None:
            release(items)

    def drain(self, timeout_s: float = 60.0) -> bool:
        """Process until no item is pending (for tests and one-shot commands)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            items = self.source.claim(f"{self.name}-drain", self.batch)
            if not items:
                return True
            self.process(items)
        return False


def _start(traj: Trajectory) -> dt.datetime | None:
    return dt.datetime(1970, 1, 1) + dt.timedelta(microseconds=traj.start_ns // 1000) if traj.start_ns else None


def make_evaluations(settings: EvaluatorSettings) -> Evaluations:
    """Evaluator contexts from this process's own files and LLM judge settings."""
    tool_schemas = load_tool_schemas(settings.tools_dir) if settings.tools_dir.is_dir() else {}
    cases = load_cases(*settings.datasets_dirs)
    return Evaluations(lambda task_options: EvalContext(
        tool_schemas=tool_schemas, golden_cases=cases, options=settings.options_for(task_options)),
        settings.time_budget_s)
