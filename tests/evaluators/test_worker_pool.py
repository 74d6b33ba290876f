"""The worker pool on real parts (DuckDB results, real evaluators): time budget, per-item saving,
prompt shutdown."""
from __future__ import annotations

import threading
import time
from typing import ClassVar

import duckdb

from collector.trajectory import Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator
from evaluators.budget import unbudgeted
from evaluators.registry import BUILTIN
from evaluators.results import ResultStore
from evaluators.work import ListSource, WorkItem
from evaluators.worker import Evaluation, Evaluations, WorkerPool
from tests.evaluators.conftest import WEATHER, call, trajectory


class Spinner(Evaluator):
    """Never returns on its own (a pathological plugin)."""

    alias = "spinner"
    dimension = "tool_use"

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        while True:
            pass


class Gate(Evaluator):
    """Holds each item until the test lets it go, so a shutdown can start mid-batch."""

    alias = "gate"
    dimension = "tool_use"
    entered: ClassVar[threading.Event] = threading.Event()
    go: ClassVar[threading.Event] = threading.Event()

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        self.entered.set()
        assert self.go.wait(10)
        return self.result(score=1.0, passed=True, reason="let through")


class Probe(Evaluator):
    """Records the trajectory and the view each evaluation hands it."""

    alias = "probe"
    dimension = "tool_use"
    seen: ClassVar[list] = []

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        self.seen.append((trajectory, context.view))
        return self.result(score=1.0, passed=True, reason="seen")


TRAJ = trajectory(call(1, "get_weather", {"city": "Paris"}, {"temp": 20}), input="weather in Paris",
                  output="20 degrees in Paris", offered=(WEATHER,))


def _with(monkeypatch, *classes: type[Evaluator]) -> None:
    for cls in classes:
        monkeypatch.setitem(BUILTIN, cls.alias, f"{__name__}:{cls.__name__}")


def test_an_evaluator_past_its_budget_is_stopped_and_the_others_still_run(monkeypatch):
    _with(monkeypatch, Spinner)
    started = time.monotonic()
    outcome = Evaluation(EvalContext(), budget_s=0.3).run(TRAJ, ["parameters", "spinner", "grounding"])
    assert time.monotonic() - started < 5
    assert [r.evaluator for r in outcome.results] == ["parameters", "grounding"]
    assert outcome.errors == ["spinner: stopped after its time budget of 0.3 s (evaluators.time_budget_s)"]
    # the watchdog left nothing pending: the thread goes on evaluating normally
    again = Evaluation(EvalContext(), budget_s=0.3).run(TRAJ, ["parameters"] * 20)
    assert not again.errors and len(again.results) == 20


class Loader(Evaluator):
    """Loads a dataset on first use (slowly: a busy machine), then works quickly."""

    alias = "loader"
    dimension = "tool_use"

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        _load_slowly()
        time.sleep(0.1)
        return self.result(score=1.0, passed=True, reason="loaded")


@unbudgeted
def _load_slowly() -> None:
    time.sleep(0.6)


def test_loading_reference_data_is_off_the_budgets_clock(monkeypatch):
    _with(monkeypatch, Loader)
    outcome = Evaluation(EvalContext(), budget_s=0.3).run(TRAJ, ["loader", "loader"])
    assert not outcome.errors and len(outcome.results) == 2
    # the clock runs again after the load: work past the budget is still stopped
    _with(monkeypatch, Spinner)
    assert Evaluation(EvalContext(), budget_s=0.3).run(TRAJ, ["spinner"]).errors


def test_the_evaluators_of_one_item_share_one_view_of_it(monkeypatch):
    _with(monkeypatch, Probe)
    Probe.seen.clear()
    evaluation = Evaluation(EvalContext())
    evaluation.run(TRAJ, ["probe", "probe"])
    evaluation.run(TRAJ, ["probe"])
    (first, view), (second, same), (_, next_view) = Probe.seen
    assert same is view and view.shows(TRAJ) and first is second is view.trajectory
    assert next_view is not view and evaluation.context.view is None  # made per evaluation, not kept


def test_each_item_is_saved_when_done_and_a_shutdown_stops_before_the_next(monkeypatch):
    _with(monkeypatch, Gate)
    Gate.entered.clear()
    Gate.go.clear()
    items = [WorkItem("t", f"{i:032x}", 1, "r", ("parameters", "gate")) for i in range(32)]
    source, results = ListSource(items), ResultStore(duckdb.connect())
    trajectories = {i.trace_id: TRAJ.model_copy(update={"trace_id": i.trace_id}) for i in items}
    pool = WorkerPool(source, lambda ids: {i: trajectories[i] for i in ids}, results,
                      Evaluations(lambda options: EvalContext()), size=1, batch=32, poll_s=0.05)
    pool.start()
    assert Gate.entered.wait(10)  # the first item of the batch of 32 is under way
    stopping = threading.Thread(target=pool.shutdown)
    stopping.start()
    deadline = time.monotonic() + 5
    while not pool._stop.is_set() and time.monotonic() < deadline:
        time.sleep(0.01)
    started = time.monotonic()
    Gate.go.set()
    stopping.join(10)
    assert not stopping.is_alive() and time.monotonic() - started < 2
    assert [(i.trace_id, ok) for i, ok, _ in source.finished] == [(items[0].trace_id, True)]
    assert {(r["trace_id"], r["evaluator"]) for r in results.query()} == {
        (items[0].trace_id, "parameters"), (items[0].trace_id, "gate")}
    assert source.released == items[1:]  # given back, not counted as an attempt


def test_a_failing_store_fails_that_item_only():
    class Flaky(ResultStore):
        calls = 0

        def save(self, scored):
            Flaky.calls += 1
            if Flaky.calls == 1:
                raise OSError("disk full")
            return super().save(scored)

    items = [WorkItem("t", f"{i:032x}", 1, "r", ("parameters",)) for i in range(3)]
    source = ListSource(items)
    pool = WorkerPool(source, lambda ids: {i: TRAJ.model_copy(update={"trace_id": i}) for i in ids},
                      Flaky(duckdb.connect()), Evaluations(lambda options: EvalContext()))
    assert pool.drain(30)
    assert [(ok, reason) for _, ok, reason in source.finished] == [
        (False, "internal error: OSError: disk full"), (True, None), (True, None)]
