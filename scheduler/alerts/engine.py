"""`AlertEngine`: judges alert rules on a thread of its own and queues what they say in the outbox.

Task rules are judged once per finished run of their task (done, or failed in selection), in
the order the runs started; a run is judged once, even across restarts (`alert_runs`). The engine
learns that runs finish through `wake()` (the runner calls it when a selection is recorded or
fails, the evaluator pools after each batch of results) and looks anyway every `check_every_s`,
when it also judges the server's own rules, ends quiet periods and sends what a silence held
back once it is over. Nothing here runs on an ingest or evaluation thread: they only set an event.
"""
from __future__ import annotations

import datetime as dt
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import duckdb
import httpx

from evaluators import results as evaluations
from infra.timeutil import parse_duration, utcnow
from scheduler import ledger
import scheduler.alerts.measure as measure
import scheduler.alerts.reads as reads
from scheduler.alerts.book import AlertBook, Change
from scheduler.alerts.config import NotificationSettings
from scheduler.alerts.loop import WakeableLoop
from scheduler.alerts.measure import Reading
from scheduler.alerts.message import Links, notice, resolution
from scheduler.alerts.outbox import Outbox
from scheduler.alerts.states import AlertState, quiet_over, resolved, step
from scheduler.alert_rules import AlertRule, ServerRule
from scheduler.ledger import TaskRow
from scheduler.service import missed_fire

Rule = AlertRule | ServerRule
Run = Mapping[str, Any]
MAX_SILENCE = dt.timedelta(days=90)
# Server rules on ingest counters: (the IngestStats counter, the window in seconds, what it counts).
_COUNTERS = {"quarantined_per_hour": ("quarantined_traces", 3600, "traces quarantined in the last hour"),
             "refusals_per_minute": ("refused_requests", 60, "ingest requests refused (429 or 503) in the last minute")}


@dataclass
class ServerSignals:
    """What server rules read: the ingest counters (an `IngestStats`) and the age in seconds of the
    oldest trace waiting for assembly (None: nothing waits). Either may be absent."""

    stats: Any = None
    assembly_lag_s: Callable[[], float | None] | None = None


class CounterWindow:
    """A counter's increase over the last `window_s` seconds, from samples taken at each check."""

    def __init__(self, window_s: float):
        self.window_s = window_s
        self._samples: deque[tuple[float, int]] = deque()

    def increase(self, now_s: float, value: int) -> int:
        self._samples.append((now_s, value))
        while len(self._samples) > 1 and self._samples[1][0] <= now_s - self.window_s:
            self._samples.popleft()
        return value - self._samples[0][1]


class RuleNotFound(LookupError):
    """`alerts test` named a rule no task and no setting defines, or one several tasks define."""


class AlertEngine(WakeableLoop):
    """Lifecycle start()/shutdown(), shutdown safe twice or before start (the outbox's with it);
    `check()` is one pass, `wake()` asks for the next now (a run may have finished)."""

    name = "tracepatrol-alerts"

    def __init__(self, con: duckdb.DuckDBPyConnection, settings: NotificationSettings,
                 dashboard_url: str | None = None, signals: ServerSignals | None = None,
                 clock: Callable[[], dt.datetime] = utcnow, transport: httpx.BaseTransport | None = None):
        """`transport`: how the outbox reaches receivers (httpx's default; a MockTransport in tests)."""
        self._con, self.settings, self.clock = con, settings, clock
        self.signals = signals or ServerSignals()
        self.links = Links(dashboard_url)
        self.book = AlertBook(con)
        self.outbox = Outbox(self.book, settings, clock, transport)
        self._windows = {metric: CounterWindow(window) for metric, (_, window, _) in _COUNTERS.items()}
        self._last_gauges: dict[str, tuple[float | None, str, int]] = {}  # of the latest check (samples)
        super().__init__()

    def start(self) -> None:
        super().start()
        self.outbox.start()

    def shutdown(self) -> None:
        super().shutdown()
        self.outbox.shutdown()

    def run_once(self) -> bool:
        self.check()
        return False

    def wait_s(self) -> float:
        return self.settings.check_every_s

    def check(self) -> None:
        """Judge finished runs, the server rules, quiet periods and ended silences; wake the outbox."""
        now = self.clock()
        cur = self._con.cursor()
        try:
            tasks = {t.task_id: t for t in ledger.list_tasks(cur)}
            self._judge_runs(cur, tasks, now)
            self.book.apply(self._judge_server(cur, tasks, now), now)
            self.book.apply(self._settle(cur, tasks, now), now)
        finally:
            cur.close()
        self.outbox.wake()

    # -- task rules, per finished run ----------------------------------------------------------
    def _judge_runs(self, cur: duckdb.DuckDBPyConnection, tasks: Mapping[str, TaskRow], now: dt.datetime) -> None:
        run_rules = [r for r in self.settings.rules if r.metric == "run_failed"]
        for task in tasks.values():
            watching = [r for r in run_rules if r.watches(task.task_id)]
            if not task.spec.alerts and not watching:
                continue
            runs = ledger.runs(cur, task.task_id)  # newest first
            judged = reads.evaluated_runs(cur, task.task_id)
            pending = [r for r in reversed(runs) if r["state"] in ("done", "failed") and r["run_id"] not in judged]
            if not judged and len(pending) > 1:  # first sight of this task (a rule added later): its latest run only
                self.book.mark_runs(task.task_id, [r["run_id"] for r in pending[:-1]], now)
                pending = pending[-1:]
            for run in pending:
                changes = self._judge_run(cur, task, run, runs, now) if run["state"] == "done" else []
                changes += [self._change(cur, rule, task.task_id, _run_reading(run), now, run) for rule in watching]
                self.book.apply(changes, now, judged=(task.task_id, run["run_id"]))

    def _judge_run(self, cur: duckdb.DuckDBPyConnection, task: TaskRow, run: Run, runs: Sequence[Run],
                   now: dt.datetime) -> list[Change]:
        rows = evaluations.results(cur, task_id=task.task_id, run_ids=[run["run_id"]])
        return [self._change(cur, rule, task.task_id, measure.read(rule, rows, self._baseline(cur, task, rule, run, runs)),
                             now, run) for rule in task.spec.alerts]

    @staticmethod
    def _baseline(cur: duckdb.DuckDBPyConnection, task: TaskRow, rule: AlertRule, run: Run,
                  runs: Sequence[Run]) -> list[dict]:
        """What the rule compares the run with: the task's earlier runs (new_label), the previous N
        runs with results, or every result of the task (another version's)."""
        earlier = [r for r in runs if r["started_at"] < run["started_at"]]  # newest first
        if rule.metric == "new_label":
            ids = [r["run_id"] for r in earlier]
        elif rule.metric == "drop" and rule.against.runs is not None:
            ids = [r["run_id"] for r in earlier if r["item_states"]["done"]][:rule.against.runs]
        elif rule.metric == "drop":
            return evaluations.results(cur, task_id=task.task_id)
        else:
            return []
        return evaluations.results(cur, task_id=task.task_id, run_ids=ids) if ids else []

    # -- server rules, every check ---------------------------------------------------------------
    def _judge_server(self, cur: duckdb.DuckDBPyConnection, tasks: Mapping[str, TaskRow],
                      now: dt.datetime) -> list[Change]:
        gauges = self._last_gauges = self._gauges()
        changes = []
        for rule in self.settings.rules:
            if rule.metric == "schedule_missed":
                for task in tasks.values():
                    if task.state == "active" and task.spec.rolling and rule.watches(task.task_id):
                        changes.append(self._change(cur, rule, task.task_id, _lateness(task, rule, now), now))
            elif rule.metric != "run_failed":
                value, what, window_s = gauges.get(rule.metric, (None, rule.metric, 0))
                changes.append(self._change(cur, rule, "", _gauge_reading(rule, value, what, window_s), now))
        return changes

    def _gauges(self) -> dict[str, tuple[float | None, str, int]]:
        """(value, what it is, window in seconds) per server metric, sampled once per check."""
        out: dict[str, tuple[float | None, str, int]] = {}
        stats, now_s = self.signals.stats, time.monotonic()
        if stats is not None:
            for metric, (attr, window_s, what) in _COUNTERS.items():
                out[metric] = (float(self._windows[metric].increase(now_s, getattr(stats, attr))), what, window_s)
        if self.signals.assembly_lag_s is not None:
            out["assembly_lag_s"] = (self.signals.assembly_lag_s() or 0.0,
                                     "seconds the oldest trace waiting for assembly has waited", 0)
        return out

    # -- what a reading does to an alert -----------------------------------------------------------
    def _change(self, cur: duckdb.DuckDBPyConnection, rule: Rule, task_id: str, reading: Reading, now: dt.datetime,
                run: Run | None = None) -> Change:
        found = reads.state_of(cur, rule.name, task_id)
        prev, last = found if found else (AlertState(rule.name, task_id), None)
        state, event = step(prev, reading.breached, rule.for_, rule.quiet_period, now)
        run_id = run["run_id"] if run else None
        state = replace(state, run_id=run_id)
        if reading.value is not None:
            state = replace(state, value=reading.value, threshold=reading.threshold)
        if event == "fired":
            silence = reads.silence_of(cur, rule.name, task_id, now)
            state = replace(state, notified=silence is None)
            doc = notice("fired", state, rule, reading, self.links, now, run)
            return Change(state, doc, "fired", run_id, silence is not None, () if silence else tuple(rule.notify))
        if event == "resolved":
            doc = notice("resolved", state, rule, reading, self.links, now, run)
            return Change(state, doc, "resolved", run_id, not prev.notified, tuple(rule.notify) if prev.notified else ())
        return Change(state, last)

    def _settle(self, cur: duckdb.DuckDBPyConnection, tasks: Mapping[str, TaskRow], now: dt.datetime) -> list[Change]:
        """Firing alerts whose quiet period is over or whose rule or task is gone resolve; those a
        silence held back are announced once no silence covers them."""
        changes = []
        for state, doc in reads.firing(cur):
            rule = self.rule_of(state.rule, state.task_id, tasks)
            gone = rule is None
            if gone or quiet_over(state, rule.quiet_period, now):
                why = "its rule or its task no longer exists" if gone else \
                    f"clear for its quiet period ({rule.quiet}): {(doc or {}).get('summary', '')}"
                done = resolved(state, now)
                after = resolution(doc, why, now, state.value) if doc else None
                send = tuple(doc["notify"]) if doc and state.notified else ()
                changes.append(Change(done, after, "resolved", None, not state.notified, send))
            elif not state.notified and doc and reads.silence_of(cur, state.rule, state.task_id, now) is None:
                changes.append(Change(replace(state, notified=True, updated_at=now), doc, None, None, False,
                                      tuple(rule.notify)))
        return changes

    def rule_of(self, name: str, task_id: str, tasks: Mapping[str, TaskRow]) -> Rule | None:
        """The rule an alert belongs to: a task's, or the server's (per task or server-wide)."""
        if task_id in tasks:
            found = next((r for r in tasks[task_id].spec.alerts if r.name == name), None)
            if found is not None:
                return found
        return next((r for r in self.settings.rules if r.name == name and r.per_task == bool(task_id)
                     and (not task_id or (task_id in tasks and r.watches(task_id)))), None)

    # -- silences ------------------------------------------------------------------------------
    def silence(self, rule: str | None, task_id: str | None, duration: str, comment: str | None = None,
                author: str | None = None) -> dict[str, Any]:
        """Hold back new notifications of the alerts matching `rule` and `task_id` (either may be
        None: any) for `duration`; ValueError names what is wrong."""
        if not rule and not task_id:
            raise ValueError("a silence names a rule, a task or both (silencing everything is not a silence)")
        span = parse_duration(duration)
        if span > MAX_SILENCE:
            raise ValueError(f"a silence lasts at most {MAX_SILENCE.days}d (got {duration})")
        now = self.clock()
        silence_id = self.book.add_silence(rule or None, task_id or None, now + span, now, comment, author)
        return next(s for s in self.book.read(reads.silences) if s["silence_id"] == silence_id)

    def unsilence(self, silence_id: str) -> bool:
        """End a silence now (what it held back is announced at the next check); False: none in force."""
        ended = self.book.end_silence(silence_id, self.clock())
        self.wake()
        return ended

    # -- a sample notification ------------------------------------------------------------------
    def test(self, name: str, task_id: str | None = None, destination: str | None = None) -> dict[str, Any]:
        """Send `name`'s notification as it would read now, marked as a test, to its destinations
        (or one of them) at once; each delivery's outcome. Nothing is recorded."""
        now = self.clock()
        cur = self._con.cursor()
        try:
            tasks = {t.task_id: t for t in ledger.list_tasks(cur)}
            rule, task_id = self._find(name, task_id, tasks)
            reading, run = self._sample(cur, rule, tasks.get(task_id), now)
        finally:
            cur.close()
        if destination is not None and destination not in self.settings.destinations:
            raise ValueError(f"{destination!r} is not one of the server's destinations "
                             f"({', '.join(sorted(self.settings.destinations)) or 'none'})")
        targets = [destination] if destination else list(rule.notify)
        if not targets:
            raise ValueError(f"rule {name!r} notifies no destination; name one (--destination) to send the sample to")
        state = AlertState(rule.name, task_id or "", "firing", episode=f"test-{secrets.token_hex(6)}", fired_at=now)
        doc = notice("fired", state, rule, reading, self.links, now, run)
        doc |= {"test": True, "title": doc["title"].replace("[FIRING]", "[TEST]", 1)}
        return {"notification": doc, "deliveries": {t: self.outbox.send(t, doc, now).as_dict() for t in targets}}

    def _find(self, name: str, task_id: str | None, tasks: Mapping[str, TaskRow]) -> tuple[Rule, str | None]:
        if task_id is not None:
            if task_id not in tasks:
                raise RuleNotFound(f"no task {task_id!r}")
            rule = self.rule_of(name, task_id, tasks)
            if rule is None:
                raise RuleNotFound(f"task {task_id!r} has no alert rule {name!r} (and no server rule watches it)")
            return rule, task_id
        owners = [t for t in tasks.values() if any(r.name == name for r in t.spec.alerts)]
        if len(owners) > 1:
            raise RuleNotFound(f"tasks {', '.join(t.task_id for t in owners)} each have a rule {name!r}: "
                               "say which task (--task)")
        if owners:
            return self.rule_of(name, owners[0].task_id, tasks), owners[0].task_id
        server = next((r for r in self.settings.rules if r.name == name), None)
        if server is None:
            known = sorted({r.name for t in tasks.values() for r in t.spec.alerts} | {r.name for r in self.settings.rules})
            raise RuleNotFound(f"no alert rule {name!r}; rules: {', '.join(known) or 'none'}")
        watched = next((t for t in tasks if server.watches(t)), None) if server.per_task else None
        return server, watched

    def _sample(self, cur: duckdb.DuckDBPyConnection, rule: Rule, task: TaskRow | None,
                now: dt.datetime) -> tuple[Reading, Run | None]:
        """The reading the rule would take now: of the task's latest finished run, or of the server."""
        if isinstance(rule, ServerRule):
            if rule.metric == "schedule_missed" and task is not None:
                return _lateness(task, rule, now), None
            value, what, window_s = self._last_gauges.get(rule.metric, (None, rule.metric, 0))
            return _gauge_reading(rule, value, what, window_s), None
        runs = ledger.runs(cur, task.task_id)
        run = next((r for r in runs if r["state"] == "done"), None)
        if run is None:
            return Reading(None, rule.below if rule.below is not None else rule.above, None, 0,
                           f"task {task.task_id} has no finished run yet: a sample of what this rule would say"), None
        rows = evaluations.results(cur, task_id=task.task_id, run_ids=[run["run_id"]])
        return measure.read(rule, rows, self._baseline(cur, task, rule, run, runs)), run


def _run_reading(run: Run) -> Reading:
    failed = run["state"] == "failed"
    what = f"failed: {run.get('error') or 'no reason recorded'}" if failed else "finished"
    return Reading(float(failed), None, failed, run.get("selected") or 0, f"run {run['run_id']} {what}",
                   {"error": run.get("error")} if failed else {})


def _lateness(task: TaskRow, rule: ServerRule, now: dt.datetime) -> Reading:
    due = missed_fire(task, now)
    late = (now.replace(tzinfo=dt.timezone.utc) - due).total_seconds() if due is not None else 0.0
    summary = (f"the run due {due:%Y-%m-%d %H:%M:%S} UTC has not started: {late:.0f} s late" if due is not None
               else "runs on schedule")
    return Reading(late, rule.threshold, late > rule.threshold, 0, f"task {task.task_id} {summary} "
                                                                    f"(limit {rule.threshold:g} s)")


def _gauge_reading(rule: ServerRule, value: float | None, what: str, window_s: int) -> Reading:
    if value is None:
        return Reading(None, rule.threshold, None, 0, f"{what}: not measured in this process")
    return Reading(value, rule.threshold, value > rule.threshold, 0,
                   f"{what}: {value:g} (limit {rule.threshold:g})", {"window_s": window_s} if window_s else {})
