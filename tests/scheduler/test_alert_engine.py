"""The alert engine and outbox in process, on a real DuckDB file with the ledger's and the results'
own tables, an injected clock and receivers answered by httpx's MockTransport."""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import duckdb
import httpx
import orjson
import pytest

from evaluators.base import EvalResult
from evaluators.results import ResultStore, Scored
from sampler.selection import Picked, Selection, TimeRange
from scheduler.alerts import AlertEngine, NotificationSettings, ServerSignals
import scheduler.alerts.reads as reads
from scheduler.ledger import Ledger
from scheduler.task import TaskSpec

T0 = dt.datetime(2026, 11, 2, 9, 0)
RULE = {"name": "pass-rate", "evaluator": "safety", "metric": "pass_rate", "below": 0.8, "notify": ["hook"]}


class World:
    """A database, a ledger with tasks whose runs the test finishes, and an engine at `now`."""

    def __init__(self, path, notifications: dict | None = None):
        self.now, self.lag, self.answers, self.requests = T0, None, [], []
        self.con = duckdb.connect(str(path / "alerts.duckdb"))
        self.ledger, self.results = Ledger(self.con), ResultStore(self.con)
        self.stats = SimpleNamespace(quarantined_traces=0, refused_requests=0)
        settings = NotificationSettings.model_validate(
            {"destinations": {"hook": {"kind": "webhook", "url": "http://hook.test/in", "secret": "k"}},
             "delivery": {"retry_initial_s": 10, "retry_max_s": 60, "give_up_after": "5m"}, **(notifications or {})})
        self.engine = AlertEngine(self.con, settings, "https://tp.example/dashboard",
                                  ServerSignals(self.stats, lambda: self.lag), clock=lambda: self.now,
                                  transport=httpx.MockTransport(self._answer))
        self._runs = 0

    def _answer(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(orjson.loads(request.content))
        return httpx.Response(self.answers.pop(0) if self.answers else 200)

    def task(self, name: str, alerts: list[dict], **window) -> None:
        spec = TaskSpec.model_validate({"name": name, "evaluators": ["safety"], "alerts": alerts,
                                        "window": window or {"mode": "backfill", "last": "1h"}})
        self.ledger.create_task(spec, self.now)

    def run(self, task_id: str, passes: list[bool]) -> str:
        """A run of `task_id` whose items got safety results, all done."""
        self._runs += 1
        run = self.ledger.open_run(self.ledger.get_task(task_id), "manual", self.now,
                                   TimeRange(column="start_time", start=self.now - dt.timedelta(hours=1), end=self.now))
        picks = [Picked(f"{self._runs:04x}{i:028x}", 1, i / 1000) for i in range(len(passes))]
        self.ledger.record_selection(run, Selection(run.window, len(picks), 0, 0, picks, None), advance_watermark=False)
        for item, ok in zip(sorted(self.ledger.claim("w", 1000), key=lambda i: i.trace_id), passes):
            self.results.save([Scored(task_id, item.trace_id, 1, run.run_id, EvalResult(
                evaluator="safety", dimension="safety", score=1.0 if ok else 0.0, label="pass" if ok else "pii_leak",
                labels=[] if ok else ["pii_leak"], passed=ok, reason="r"), "agent", "1.0", self.now)])
            self.ledger.finish(item, True, None)
        return run.run_id

    def check(self, minutes: float = 0) -> None:
        """Advance the clock, judge, and attempt what is due."""
        self.now += dt.timedelta(minutes=minutes)
        self.engine.check()
        while self.engine.outbox.deliver_due():  # as the outbox's thread does: until nothing is due
            pass

    def read(self, fn, *args, **kwargs):
        cur = self.con.cursor()
        try:
            return fn(cur, *args, **kwargs)
        finally:
            cur.close()

    def alert(self, rule: str = "pass-rate", task: str = "t") -> dict:
        (row,) = self.read(reads.states, rule=rule, task_id=task)
        return row


@pytest.fixture
def world(tmp_path):
    w = World(tmp_path)
    yield w
    w.con.close()


BAD, GOOD = [False] * 3 + [True] * 2, [True] * 5


def test_each_finished_run_is_judged_once(world):
    world.task("t", [RULE])
    world.run("t", BAD)
    world.check()
    world.check()
    assert world.alert()["streak"] == 1 and [r["status"] for r in world.requests] == ["firing"]
    assert len(world.read(reads.evaluated_runs, "t")) == 1


def test_first_sight_of_a_task_judges_only_its_latest_run(world):
    world.task("t", [RULE | {"for": 2}])
    world.run("t", BAD)
    latest = world.run("t", BAD)
    world.check()
    alert = world.alert()
    assert (alert["streak"], alert["run_id"], alert["state"]) == (1, latest, "ok")
    assert len(world.read(reads.evaluated_runs, "t")) == 2


def test_a_silence_holds_back_the_firing_and_it_is_announced_when_the_silence_expires(world):
    world.task("t", [RULE])
    world.engine.silence("pass-rate", None, "1h", "deploy")
    world.run("t", BAD)
    world.check()
    assert world.requests == [] and not world.alert()["notified"]
    assert [(e["event"], e["silenced"]) for e in world.read(reads.events)] == [("fired", True)]
    world.check(minutes=61)
    assert [r["status"] for r in world.requests] == ["firing"] and world.alert()["notified"]


def test_an_announced_alert_gets_its_resolution_even_under_a_silence(world):
    world.task("t", [RULE])
    world.run("t", BAD)
    world.check()
    world.engine.silence(None, "t", "2h")
    world.run("t", GOOD)
    world.check()
    assert [r["status"] for r in world.requests] == ["firing", "resolved"]


def test_a_silenced_firing_that_resolves_unannounced_says_nothing(world):
    world.task("t", [RULE])
    silence = world.engine.silence("pass-rate", "t", "1h")
    world.run("t", BAD)
    world.check()
    world.run("t", GOOD)
    world.check()
    assert world.requests == []
    assert [(e["event"], e["silenced"]) for e in world.read(reads.events)] == [("resolved", True), ("fired", True)]
    assert world.engine.unsilence(silence["silence_id"]) and not world.engine.unsilence(silence["silence_id"])


def test_a_quiet_period_resolves_once_clear_that_long_without_another_run(world):
    world.task("t", [RULE | {"quiet": "2h"}])
    world.run("t", BAD)
    world.check()
    world.run("t", GOOD)
    world.check()
    assert world.alert()["state"] == "firing" and world.alert()["clear_since"] == world.now
    world.check(minutes=119)
    assert world.alert()["state"] == "firing"
    world.check(minutes=2)
    assert world.alert()["state"] == "ok"
    assert [r["status"] for r in world.requests] == ["firing", "resolved"]
    assert world.requests[1]["summary"].startswith("resolved: clear for its quiet period (2h)")


def test_a_firing_alert_whose_task_is_deleted_resolves(world):
    world.task("t", [RULE])
    world.run("t", BAD)
    world.check()
    world.ledger.delete_task("t")
    world.check()
    assert world.alert()["state"] == "ok"
    assert world.requests[-1]["summary"] == "resolved: its rule or its task no longer exists"


def test_delivery_retries_with_backoff_gives_up_on_a_permanent_refusal_and_keeps_order(world):
    world.task("t", [RULE])
    world.answers = [503, 503]
    world.run("t", BAD)
    world.check()
    world.run("t", GOOD)
    world.check()  # the resolution waits behind its firing, which is backing off
    pending = {n["event"]: n for n in world.read(reads.outbox)}
    assert pending["firing"]["attempts"] == 1 and pending["resolved"]["attempts"] == 0
    assert pending["firing"]["last_error"].startswith("HTTP 503") and "hook.test" not in pending["firing"]["last_error"]
    world.check(minutes=10 / 60)  # the first retry, 10 s on: 503 again, the next in 20 s
    world.check(minutes=10 / 60)
    assert len(world.requests) == 2
    world.check(minutes=11 / 60)
    assert [r["status"] for r in world.requests] == ["firing", "firing", "firing", "resolved"]
    assert {n["state"] for n in world.read(reads.outbox)} == {"sent"}

    world.answers = [400]
    world.run("t", BAD)
    world.check()
    world.check(minutes=5)
    (refused,) = world.read(reads.outbox, state="failed")
    assert (refused["event"], refused["attempts"]) == ("firing", 1) and refused["last_error"].startswith("HTTP 400")


def test_a_notification_still_undelivered_past_the_bound_is_given_up(world):
    world.task("t", [RULE])
    world.answers = [500] * 100
    world.run("t", BAD)
    for _ in range(12):
        world.check(minutes=1)
    (given_up,) = world.read(reads.outbox)
    assert given_up["state"] == "failed" and given_up["last_error"].startswith("gave up after")


def test_server_rules_on_counters_lag_failed_runs_and_missed_schedules(tmp_path):
    w = World(tmp_path, {"rules": [
        {"name": "quarantine", "metric": "quarantined_per_hour", "above": 10, "notify": ["hook"]},
        {"name": "refusals", "metric": "refusals_per_minute", "above": 100, "for": 2, "notify": ["hook"]},
        {"name": "lag", "metric": "assembly_lag_s", "above": 60, "notify": ["hook"]},
        {"name": "run-failed", "metric": "run_failed", "notify": ["hook"]},
        {"name": "late", "metric": "schedule_missed", "above": 600, "notify": ["hook"]}]})
    w.check()
    assert {(a["rule"], a["state"]) for a in w.read(reads.states)} == \
        {("quarantine", "ok"), ("refusals", "ok"), ("lag", "ok")}
    w.stats.quarantined_traces, w.stats.refused_requests, w.lag = 11, 500, 75.0
    w.check()
    firing = {a["rule"]: a for a in w.read(reads.states, state="firing")}
    assert set(firing) == {"quarantine", "lag"}  # refusals needs two checks in a row
    assert firing["quarantine"]["value"] == 11 and firing["lag"]["value"] == 75
    w.stats.refused_requests = 900
    w.check()
    assert w.alert("refusals", "")["state"] == "firing"

    w.task("nightly", [], mode="rolling", every="day", start="2026-11-01T09:00:00")
    run = w.ledger.open_run(w.ledger.get_task("nightly"), "manual", w.now,
                            TimeRange(column="completed_at", start=None, end=w.now))
    w.ledger.fail_run(run.run_id, "selection failed: boom")
    w.check()
    failed = w.alert("run-failed", "nightly")
    assert failed["state"] == "firing" and "boom" in failed["notice"]["summary"]
    assert w.alert("late", "nightly")["state"] == "ok"
    w.check(minutes=24 * 60 + 11)  # its 09:00 run of the next day never started
    late = w.alert("late", "nightly")
    assert late["state"] == "firing" and late["value"] == pytest.approx(11 * 60)
    assert {r["rule"] for r in w.requests} == {"quarantine", "lag", "refusals", "run-failed", "late"}
    w.con.close()


def test_a_sample_notification_reads_the_latest_run_and_records_nothing(world):
    world.task("t", [RULE])
    run = world.run("t", BAD)
    out = world.engine.test("pass-rate")
    assert out["deliveries"] == {"hook": {"ok": True, "status": 200, "error": None}}
    doc = world.requests[0]
    assert doc["test"] is True and doc["title"].startswith("[TEST]") and doc["run_id"] == run and doc["value"] == 0.4
    assert world.read(reads.outbox) == [] and world.read(reads.states) == []
    with pytest.raises(LookupError, match="no alert rule 'nope'; rules: pass-rate"):
        world.engine.test("nope")
    with pytest.raises(ValueError, match="'pager' is not one of the server's destinations"):
        world.engine.test("pass-rate", destination="pager")
