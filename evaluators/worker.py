"""Evaluator workers: claim work items, run the task's evaluators, write results.

Where items come from is a `WorkSource` (the scheduler's ledger in the embedded server, a Kafka
topic when scaled out), so this module needs neither. One evaluator raising never stops the
others: its failure is recorded on the item, the other results are written.
"""
from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from collector.trajectory import Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator
from evaluators.config import EvaluatorSettings
from evaluators.datasets import load_cases
from evaluators.registry import get
from evaluators.results import ResultStore, Scored
from evaluators.schemas import load_tool_schemas

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WorkItem:
    task_id: str
    trace_id: str
    version: int
    run_id: str
    evaluators: tuple[str, ...]
    options: dict[str, dict] = field(default_factory=dict, hash=False, compare=False)
    attempts: int = 1


class WorkSource(Protocol):
    def claim(self, worker: str, limit: int) -> list[WorkItem]:
        """Mark up to `limit` pending items as taken by `worker` and return them."""

    def finish(self, item: WorkItem, ok: bool, reason: str | None) -> None:
        """Record the item's outcome (done, or failed with the reason)."""


Loader = Callable[[Sequence[str]], dict[str, Trajectory]]
ResultHook = Callable[[Sequence[Scored], dict[str, Trajectory]], None]


@dataclass
class Outcome:
    results: list[EvalResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class Evaluation:
    """Evaluator instances by alias, reused across items (evaluators keep no per-trace state)."""

    def __init__(self, context: EvalContext):
        self.context = context
        self._instances: dict[str, Evaluator] = {}
        self._lock = threading.Lock()

    def evaluator(self, alias: str) -> Evaluator:
        with self._lock:
            if alias not in self._instances:
                self._instances[alias] = get(alias)()
            return self._instances[alias]

    def run(self, trajectory: Trajectory, aliases: Sequence[str]) -> Outcome:
        outcome = Outcome()
        for alias in aliases:
            try:
                outcome.results.append(self.evaluator(alias).evaluate(trajectory, self.context))
            except Exception as exc:  # one evaluator's failure is recorded, the others still run
                log.warning("evaluator %s failed on trace %s: %s", alias, trajectory.trace_id, exc)
                outcome.errors.append(f"{alias}: {type(exc).__name__}: {exc}")
        return outcome


class Evaluations:
    """One Evaluation per task, so a task's LLM-judge budget and rate limit are its own."""

    def __init__(self, make_context: Callable[[dict[str, dict]], EvalContext]):
        self.make_context = make_context
        self._by_task: dict[str, Evaluation] = {}
        self._lock = threading.Lock()

    def for_item(self, item: WorkItem) -> Evaluation:
        with self._lock:
            if item.task_id not in self._by_task:
                self._by_task[item.task_id] = Evaluation(self.make_context(item.options))
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
        self.on_results: list[ResultHook] = []  # called with each saved batch, e.g. OTLP evaluation events
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
            except Exception as exc:  # never lose the thread; the items say what went wrong
                log.exception("evaluating %d items failed", len(items))
                for item in items:
                    try:
                        self.source.finish(item, False, f"internal error: {type(exc).__name__}: {exc}")
                    except Exception:
                        log.exception("cannot record the failure of %s", item.trace_id)

    def process(self, items: Sequence[WorkItem]) -> None:
        """Evaluate a batch of claimed items and record each outcome."""
        trajectories = self.load(sorted({i.trace_id for i in items}))
        scored: list[Scored] = []
        verdicts: list[tuple[WorkItem, bool, str | None]] = []
        for item in items:
            traj = trajectories.get(item.trace_id)
            if traj is None:
                verdicts.append((item, False, "trajectory not found (deleted by retention?)"))
                continue
            outcome = self.evaluations.for_item(item).run(traj, item.evaluators)
            start = _start(traj)
            scored.extend(Scored(item.task_id, item.trace_id, item.version, item.run_id, r,
                                 traj.agent.name, traj.agent.version, start) for r in outcome.results)
            verdicts.append((item, not outcome.errors, "; ".join(outcome.errors) or None))
        self.stats.results_written += self.results.save(scored)
        for hook in self.on_results:
            hook(scored, trajectories)
        for item, ok, reason in verdicts:
            self.source.finish(item, ok, reason)
            if ok:
                self.stats.items_done += 1
            else:
                self.stats.items_failed += 1

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
        tool_schemas=tool_schemas, golden_cases=cases, options=settings.options_for(task_options)))
