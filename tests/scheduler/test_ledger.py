"""Task runs in process: interrupted runs, catch-up, windows and overrides, with explicit time."""
from __future__ import annotations

import datetime as dt
import time

import duckdb
import pytest

from collector.store import TraceStore
from scheduler.ledger import Ledger
from scheduler.presets import PresetError, apply_overrides, load_preset
from scheduler.runner import TaskRunner
from scheduler.service import TaskService, missed_fire
from scheduler.task import TaskError, task_from_request, validate_task

T0 = dt.datetime(2026, 11, 1, 12, 0, 0)


def seed_traces(con, n: int, start: dt.datetime, status: str = "ok") -> list[str]:
    ids = [f"{i:032x}" for i in range(n)]
    for i, tid in enumerate(ids):
        con.execute("""INSERT INTO traces (trace_id, version, status, start_time, completed_at, tool_names, span_names)
                       VALUES (?, 1, ?, ?, ?, [], [])""", [tid, status, start + dt.timedelta(seconds=i), start + dt.timedelta(seconds=i + 1)])
    return ids


def eventually(check, timeout: float = 10.0):
    """check()'s first truthy value, polled; start-up runs happen on the scheduler, not in start()."""
    deadline = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < deadline, f"{check} still false after {timeout} s"
        time.sleep(0.02)
    return value


@pytest.fixture
def env(tmp_path):
    con = duckdb.connect(str(tmp_path / "l.duckdb"))
    TraceStore(con)
    ledger = Ledger(con)
    clock = {"now": T0}
    runner = TaskRunner(ledger, con, settle_s=0, clock=lambda: clock["now"])
    return con, ledger, runner, clock


def test_interrupted_run_finishes_once_with_its_own_window(env):
    con, ledger, runner, clock = env
    ids = seed_traces(con, 10, T0 - dt.timedelta(hours=1))
    task = ledger.create_task(validate_task({"name": "b", "window": {"mode": "backfill", "last": "3h"},
                                             "sampling": {"ratio": 1, "max_items": 100}}))
    run = ledger.open_run(task, "manual", T0, runner.window(task.spec, T0, None))  # crash after this
    clock["now"] = T0 + dt.timedelta(hours=5)  # much later: the window must still be the stored one
    assert runner.resume_interrupted() == [run.run_id]
    done = ledger.run(run.run_id)
    assert done["state"] == "selected" and done["selected"] == 10
    assert {i["trace_id"] for i in done["items"]} == set(ids)
    assert runner.resume_interrupted() == []
    clock["now"] = T0
    again = runner.run_now("b")
    assert again["already_taken"] == 10 and again["selected"] == 0
    assert con.execute("SELECT count(*) FROM run_items").fetchone()[0] == 10


def test_missed_fire_is_detected_once():
    spec = validate_task({"name": "r", "window": {"mode": "rolling", "every": "hour", "start": "2026-11-01T00:00:00"},
                          "sampling": {"ratio": 1, "max_items": 10}})
    from scheduler.ledger import TaskRow

    created = TaskRow("r", spec, "active", T0, None, None)
    assert missed_fire(created, T0 + dt.timedelta(minutes=59)) is None
    due = missed_fire(created, T0 + dt.timedelta(hours=3))
    assert due == dt.datetime(2026, 11, 1, 13, tzinfo=dt.timezone.utc)
    ran = TaskRow("r", spec, "active", T0, None, T0 + dt.timedelta(hours=3))
    assert missed_fire(ran, T0 + dt.timedelta(hours=3, minutes=30)) is None


def test_catch_up_runs_once_and_task_past_end_stops(env):
    con, ledger, runner, clock = env
    seed_traces(con, 5, T0 - dt.timedelta(days=1))
    spec = validate_task({"name": "d", "window": {"mode": "rolling", "every": "day", "start": "2026-10-01",
                                                  "end": "2026-11-03"}, "sampling": {"ratio": 1, "max_items": 10}}, now=T0)
    ledger.create_task(spec, now=T0)
    clock["now"] = T0 + dt.timedelta(days=1, hours=1)  # two periods... one due time passed while down
    service = TaskService(ledger, runner)
    service.start()
    try:
        runs = eventually(lambda: [r for r in ledger.runs("d") if r["state"] != "selecting"])
        assert [r["trigger"] for r in runs] == ["catch_up"]
        assert ledger.get_task("d").state == "active"
    finally:
        service.shutdown()
    clock["now"] = T0 + dt.timedelta(days=5)  # past the end date
    service = TaskService(ledger, TaskRunner(ledger, con, settle_s=0, clock=lambda: clock["now"]))
    service.start()
    try:
        assert ledger.get_task("d").state == "finished"
        assert len(ledger.runs("d")) == 1
    finally:
        service.shutdown()


def test_rolling_window_moves_its_watermark(env):
    con, ledger, runner, clock = env
    first = seed_traces(con, 3, T0 - dt.timedelta(minutes=10))
    ledger.create_task(validate_task({"name": "p", "window": {"mode": "rolling", "every": "hour", "start": "2026-10-01"},
                                      "sampling": {"ratio": 1, "max_items": 10}}))
    run1 = runner.run_now("p")
    assert {i["trace_id"] for i in run1["items"]} == set(first)
    con.execute("""INSERT INTO traces (trace_id, version, status, start_time, completed_at, tool_names, span_names)
                   VALUES ('ff' || repeat('0', 30), 1, 'ok', ?, ?, [], [])""",
                [T0 - dt.timedelta(hours=2), T0 + dt.timedelta(seconds=30)])  # old start, completed late
    clock["now"] = T0 + dt.timedelta(minutes=1)
    run2 = runner.run_now("p")
    assert [i["trace_id"] for i in run2["items"]] == ["ff" + "0" * 30]
    assert run2["window_start"] == run1["window_end"]


def test_overrides_and_presets():
    doc = apply_overrides(load_preset("complaint-triage"), ["sampling.ratio=0.5", "filters[1]={field: user_id, op: eq, value: u}"])
    assert doc["sampling"]["ratio"] == 0.5 and len(doc["filters"]) == 2
    with pytest.raises(PresetError, match="past the end"):
        apply_overrides({"filters": []}, ["filters[3].op=eq"])
    with pytest.raises(PresetError, match="key=value"):
        apply_overrides({}, ["nonsense"])
    spec = task_from_request({"preset": "daily-patrol"})
    assert spec.window.end - spec.window.start == dt.timedelta(days=90)
    with pytest.raises(TaskError, match="sampling.ratio"):
        task_from_request({"preset": "slow-tasks", "set": ["sampling.ratio=2"]})


def test_interrupted_items_are_retried_then_failed_past_the_attempt_limit(env):
    con, ledger, runner, clock = env
    seed_traces(con, 2, T0 - dt.timedelta(minutes=5))
    ledger.create_task(validate_task({"name": "w", "window": {"mode": "backfill", "last": "1h"},
                                      "sampling": {"ratio": 1, "max_items": 10}, "evaluators": ["safety"]}))
    run = runner.run_now("w")
    claimed = ledger.claim("worker-a", 10)
    assert [i.attempts for i in claimed] == [1, 1] and claimed[0].evaluators == ("safety",)
    assert ledger.requeue_interrupted(max_attempts=3) == (2, 0)  # "crash": both back to pending
    ledger.claim("worker-b", 1)  # second attempt of one item, then another crash
    assert ledger.requeue_interrupted(max_attempts=2) == (0, 1)  # the running one is at its limit
    items = {i["state"]: i for i in ledger.run(run["run_id"])["items"]}
    assert items["failed"]["reason"] == "interrupted 2 times (attempt limit 2)"
    retry = ledger.claim("worker-c", 10)
    assert len(retry) == 1 and retry[0].attempts == 2
    ledger.finish(retry[0], True, None)
    assert ledger.run(run["run_id"])["state"] == "done"


def test_a_recurrence_that_never_fires_is_refused_at_creation_only(env):
    """cron 0 0 31 2 * (February 31st) was accepted and never ran; a stored task whose end has
    passed still loads (it is finished, not invalid)."""
    con, ledger, runner, clock = env
    with pytest.raises(TaskError, match=r"cron '0 0 31 2 \*' has no fire time after 2026-11-01T12:00:00\+00:00"):
        validate_task({"name": "feb31", "window": {"mode": "rolling", "cron": "0 0 31 2 *", "start": "2026-10-01"}},
                      now=T0)
    ended = {"name": "ended", "window": {"mode": "rolling", "every": "day", "start": "2026-10-01", "end": "2026-10-05"}}
    with pytest.raises(TaskError, match="every day has no fire time after .* before its end 2026-10-05T00:00:00"):
        validate_task(ended, now=T0)
    ledger.create_task(validate_task(ended, now=dt.datetime(2026, 10, 2)), now=dt.datetime(2026, 10, 2))
    assert ledger.get_task("ended").spec.window.end == dt.datetime(2026, 10, 5)
