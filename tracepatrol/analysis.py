"""The roll-ups behind the dashboard and the health report (one piece for both), composed from
the reads of each table's owner: trajectories from `collector.store`, tasks and runs from
`scheduler.ledger`, results from `evaluators.results`. Where one statement must span two owners'
tables (the per-tool bottleneck), it queries the relations they hand out, never a table.

Every function reads through the DuckDB connection or cursor it is given and never writes, so
it works on the server's live database and on a read-only file alike. Tables a component has
not created yet (no task ever ran) read as empty.

Scores, dimensions, short boards and version comparison come from `evaluators.aggregate` /
`evaluators.scoring`; Wilson intervals and extrapolation from `evaluators.estimates`.
"""
from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import duckdb
import orjson

from collector import store
from evaluators import results as evaluations
from evaluators.aggregate import UNVERSIONED, compare, evaluator_summary, task_scores, trace_dimensions
from evaluators.estimates import population_estimate
from evaluators.weights import SceneProfile
from sampler import annotation_configs, annotations
from scheduler import ledger

Row = dict[str, Any]
BUCKETS = ("hour", "day", "week")
RECENT_COLUMNS = ("trace_id", "version", "agent_name", "agent_version", "root_span_name", "start_time", "duration_ms",
                  "status", "error_type", "user_id", "total_tokens", "tool_call_count", "tool_errors", "input")


class NotFound(LookupError):
    """An unknown task, run or trace; the message names it."""


def _rate(part: int | None, whole: int | None) -> float | None:
    return part / whole if whole else None


def choose_bucket(start: dt.datetime | None, end: dt.datetime | None) -> str:
    """Hourly buckets for up to two days of data, daily up to 90 days, weekly beyond."""
    if start is None or end is None:
        return "hour"
    span = end - start
    return "hour" if span <= dt.timedelta(days=2) else "day" if span <= dt.timedelta(days=90) else "week"


# -- traffic -----------------------------------------------------------------------------------
def traffic(cur: duckdb.DuckDBPyConnection, since: dt.datetime | None = None, until: dt.datetime | None = None,
            bucket: str | None = None) -> dict[str, Any]:
    """Traces, failure rate (root status error), tokens and latency percentiles, per agent version:
    over time (`series`, one row per bucket and version), per version and in total."""
    first, last = store.start_range(cur, since, until)
    bucket = bucket or choose_bucket(first, last)
    if bucket not in BUCKETS:
        raise ValueError(f"bucket must be one of {', '.join(BUCKETS)}, not {bucket!r}")
    data = store.traffic(cur, bucket, since, until, unversioned=UNVERSIONED)
    for row in (*data["series"], *data["versions"], data["totals"]):
        row["failure_rate"] = _rate(row["failed"], row["traces"])
    return {"bucket": bucket, "first": first, "last": last, **data}


def recent_traces(cur: duckdb.DuckDBPyConnection, limit: int = 50, since: dt.datetime | None = None) -> list[Row]:
    return store.list_traces(cur, columns=RECENT_COLUMNS, since=since, limit=limit)


def trace(cur: duckdb.DuckDBPyConnection, trace_id: str) -> dict[str, Any]:
    """The stored trajectory document of a trace (NotFound when there is none)."""
    document = store.trajectory_document(cur, trace_id)
    if document is None:
        raise NotFound(f"no trajectory for trace {trace_id!r} (unknown, deleted by retention, or not assembled yet)")
    return orjson.loads(document)


# -- tasks, runs, items ------------------------------------------------------------------------
def tasks(cur: duckdb.DuckDBPyConnection) -> list[Row]:
    """Every task with its runs, items by state and the latest run's overall pass rate."""
    out = ledger.task_overview(cur)
    for row in out:
        latest = next((r for r in task_runs(cur, row["task_id"]) if r["results"]), None)
        row["latest_run"] = latest["run_id"] if latest else None
        row["latest_pass_rate"] = latest["pass_rate"] if latest else None
    return out


def task(cur: duckdb.DuckDBPyConnection, task_id: str) -> Row:
    try:
        return ledger.get_task(cur, task_id).as_dict()
    except ledger.TaskNotFound as exc:
        raise NotFound(str(exc)) from None


LIVE_STATES = ("selecting", "running")  # a run in one of these still changes


def shown_state(run: Mapping[str, Any]) -> str:
    """What a run is doing, told by its items: a selected run whose items are pending or being
    evaluated is `running`, one whose items are all finished is `done` (the ledger closes it a
    moment later). `state` is the ledger's word, kept as `ledger_state`."""
    if run["state"] != "selected":
        return run["state"]
    busy = run["item_states"]["pending"] + run["item_states"]["running"]
    return "running" if busy else "done"


def _shown(run: Row) -> Row:
    run["ledger_state"], run["state"] = run["state"], shown_state(run)
    return run


def task_runs(cur: duckdb.DuckDBPyConnection, task_id: str) -> list[Row]:
    """A task's runs, newest first, each with its items by state, its state as its items tell it
    (`shown_state`) and the share of traces that passed every applicable evaluator (`pass_rate`)."""
    runs = ledger.runs(cur, task_id)
    verdicts = evaluations.run_verdicts(cur, task_id)
    for run in runs:
        judged, passed = verdicts.get(run["run_id"], (0, 0))
        run["results"] = judged
        run["pass_rate"] = _rate(passed, judged)
        _shown(run)
    return runs


ITEM_WORDS = 12  # of an item's input, shown beside it
_FACTS = """SELECT trace_id, status, agent_version, duration_ms, left(input, 400) AS input
            FROM trajectories WHERE trace_id IN (SELECT unnest(?))"""


def first_words(text: str | None, words: int = ITEM_WORDS) -> str | None:
    """The start of a text, whole words, with an ellipsis when there is more."""
    if not text:
        return None
    parts = text.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")


def run(cur: duckdb.DuckDBPyConnection, run_id: str) -> Row:
    """A run's manifest (what was sampled and why) with its items, their states and reasons, its
    state as its items tell it, and each item's trace status, agent version, duration and the first
    words of its input (None once retention deleted the trace)."""
    manifest = ledger.run(cur, run_id)
    if manifest is None:
        raise NotFound(f"no run {run_id!r}")
    trajectories = store.trajectories(cur)  # read by name in _FACTS
    facts = {r[0]: r for r in cur.execute(_FACTS, [[i["trace_id"] for i in manifest["items"]]]).fetchall()}
    for item in manifest["items"]:
        _, status, version, duration, text = facts.get(item["trace_id"], (None,) * 5)
        item |= {"trace_status": status, "agent_version": version, "duration_ms": duration, "input": first_words(text)}
    return _shown(manifest)


def item_verdicts(items: Sequence[Row], rows: Sequence[Mapping[str, Any]]) -> list[Row]:
    """The run's items with their evaluation (the mean score of the applicable results, `failed`
    when one failed, else `passed`; None before any result), the labels they failed with, worst
    first: failed by score, items whose evaluation itself failed, passed by score, then those not
    evaluated yet."""
    per: dict[tuple[str, int], list[Mapping[str, Any]]] = defaultdict(list)
    for r in rows:
        per[(r["trace_id"], r["version"])].append(r)
    out = []
    for item in items:
        rs = [r for r in per.get((item["trace_id"], item["version"]), []) if r["score"] is not None]
        failing = [r for r in rs if r["passed"] is False]
        labels = dict.fromkeys(label for r in failing for label in (r["labels"] or [r["label"]]))
        out.append({**item, "score": sum(r["score"] for r in rs) / len(rs) if rs else None,
                    "verdict": ("failed" if failing else "passed") if rs else None, "labels": list(labels),
                    "evaluators": len(rs)})
    rank = {"failed": 0, "passed": 2}

    def worst(i: Row) -> tuple:
        order = rank.get(i["verdict"], 1 if i["state"] == "failed" else 3)
        return order, i["score"] if i["score"] is not None else 2.0, i["trace_id"]
    return sorted(out, key=worst)


def summary(rows: Sequence[Mapping[str, Any]], candidates: int | None) -> dict[str, dict[str, Any]]:
    """Per evaluator: pass rate and labels (aggregate.evaluator_summary) with the Wilson interval,
    extrapolated to the `candidates` traces the run's filters matched."""
    out = evaluator_summary(rows)
    passed = Counter(r["evaluator"] for r in rows if r["score"] is not None and r["passed"])
    for name, stats in out.items():
        stats["population"] = population_estimate(passed[name], stats["applicable"], candidates)
    return out


def pass_rates_over_time(cur: duckdb.DuckDBPyConnection, task_id: str) -> list[Row]:
    """Per run (by start) and evaluator: applicable results, pass rate, mean score."""
    started = {r["run_id"]: r["started_at"] for r in ledger.runs(cur, task_id)}
    rows = [{"run_id": r["run_id"], "started_at": started[r["run_id"]], **{k: v for k, v in r.items() if k != "run_id"}}
            for r in evaluations.evaluator_pass_rates(cur, task_id) if r["run_id"] in started]
    return sorted(rows, key=lambda r: (r["started_at"], r["evaluator"]))


def runs_in(cur: duckdb.DuckDBPyConnection, task_id: str, start: dt.datetime, end: dt.datetime) -> list[str]:
    """The ids of a task's runs started in [start, end), oldest first."""
    return ledger.runs_started(cur, task_id, start, end)


def run_results(cur: duckdb.DuckDBPyConnection, task_id: str, run_ids: Sequence[str] | None = None) -> list[Row]:
    """A task's results, all of them or those of some runs."""
    return evaluations.results(cur, task_id=task_id, run_ids=run_ids)


# -- failure modes -----------------------------------------------------------------------------
def _failed(row: Mapping[str, Any]) -> bool:
    return row["score"] is not None and row["passed"] is False


def failure_clusters(cur: duckdb.DuckDBPyConnection, rows: Sequence[Mapping[str, Any]], examples: int = 3,
                     reasons: int = 3) -> dict[str, Any]:
    """Failing results grouped by label (each label a result carries) and by where in the chain the
    failure is. Each label is told with its own findings: the steps it was found on (1-based
    tool-call seq, `None` for the whole trace) and up to `reasons` of its own reasons, the most
    frequent first, never another label's. Positions count findings: a label on the step it was
    found on, with the tool called there."""
    failing = [r for r in rows if _failed(r)]
    traces_with_results = {(r["trace_id"], r["version"]) for r in rows if r["score"] is not None}
    failed_traces = {(r["trace_id"], r["version"]) for r in failing}
    by_label: dict[tuple[str, str], dict[str, Any]] = {}
    for r in failing:
        found = r.get("findings") or []
        for label in dict.fromkeys([*(r["labels"] or [r["label"]]), *(f["label"] for f in found)]):
            c = by_label.setdefault((r["evaluator"], label), {"evaluator": r["evaluator"], "label": label, "results": 0,
                                                             "traces": set(), "steps": Counter(), "reasons": Counter()})
            c["results"] += 1
            c["traces"].add(r["trace_id"])
            own = [f for f in found if f["label"] == label]
            c["steps"].update({f["call"] for f in own})
            c["reasons"].update({f["reason"] for f in own})
    labels = sorted(by_label.values(), key=lambda c: (-len(c["traces"]), -c["results"], c["evaluator"], c["label"]))
    for c in labels:
        c["examples"] = sorted(c["traces"])[:examples]
        c["traces"] = len(c["traces"])
        c["share"] = _rate(c["traces"], len(traces_with_results))
        c["steps"] = [{"step": step, "results": n}
                      for step, n in sorted(c["steps"].items(), key=lambda kv: (kv[0] is None, kv[0] or 0))]
        c["reasons"] = [reason for reason, _ in sorted(c["reasons"].items(), key=lambda kv: (-kv[1], kv[0]))[:reasons]]
    placed = [(r, f) for r in failing for f in r.get("findings") or [] if f["call"] is not None]
    tools = store.tool_names_at(cur, {(r["trace_id"], f["call"]) for r, f in placed})
    position: Counter = Counter()
    first_step: dict[tuple[str, int], int] = {}
    for r, f in placed:
        step = f["call"]
        position[(step, f["label"], tools.get((r["trace_id"], step), "?"))] += 1
        key = (r["trace_id"], r["version"])
        first_step[key] = min(step, first_step.get(key, step))
    by_position = [{"step": s, "label": label, "tool": tool, "results": n}
                   for (s, label, tool), n in sorted(position.items(), key=lambda kv: (kv[0][0], -kv[1], kv[0][1]))]
    return {"failing_results": len(failing), "failed_traces": len(failed_traces),
            "evaluated_traces": len(traces_with_results), "by_label": labels, "by_position": by_position,
            "first_failing_step": dict(sorted(Counter(first_step.values()).items())),
            "without_step": len(failed_traces - set(first_step))}


# -- per-tool bottleneck -------------------------------------------------------------------------
_BOTTLENECK = """
    WITH per AS (SELECT c.name AS tool, c.trace_id, any_value(s.failed) AS failed,
                        bool_or(c.status = 'error') AS errored, count(*) AS calls,
                        count(*) FILTER (WHERE c.status = 'error') AS errors
                 FROM calls c JOIN scope s USING (trace_id) GROUP BY ALL),
    lat AS (SELECT c.name AS tool, quantile_cont(c.duration_ms, 0.5) AS p50_ms,
                   quantile_cont(c.duration_ms, 0.95) AS p95_ms
            FROM calls c JOIN scope s USING (trace_id) GROUP BY ALL)
    SELECT per.tool, count(*) AS traces_called, count(*) FILTER (WHERE failed) AS failed_called,
           count(*) FILTER (WHERE errored) AS traces_errored,
           count(*) FILTER (WHERE errored AND failed) AS failed_errored,
           sum(calls) AS calls, sum(errors) AS errors, any_value(lat.p50_ms) AS p50_ms,
           any_value(lat.p95_ms) AS p95_ms
    FROM per JOIN lat USING (tool) GROUP BY per.tool ORDER BY per.tool"""


def bottleneck(cur: duckdb.DuckDBPyConnection, task_id: str | None = None,
               run_ids: Sequence[str] | None = None) -> dict[str, Any]:
    """Per tool: how often a trace fails given the tool was called, and given a call of it errored.

    A trace "fails" when an applicable evaluator failed it (with a task), or when its root span's
    status is error (all traffic, no task). `lift` compares P(fail | called) with the baseline.
    The query reads the relations bound below by their names."""
    if task_id is None:
        scope, meaning = store.trace_outcomes(cur), "root span status is error"
    elif not evaluations.stored(cur):
        return {"failure": "", "baseline": {"traces": 0, "failed": 0, "rate": None}, "tools": []}
    else:
        scope, meaning = evaluations.trace_verdicts(cur, task_id, run_ids), "an evaluator failed the trace"
    calls = store.tool_calls(cur)  # read by name, with `scope`, in _BOTTLENECK
    traces, failed = cur.execute("SELECT count(*), count(*) FILTER (WHERE failed) FROM scope").fetchone()
    cursor = cur.execute(_BOTTLENECK)
    names = [d[0] for d in cursor.description]
    tools = [dict(zip(names, row)) for row in cursor.fetchall()]
    base = _rate(failed, traces)
    for t in tools:
        t["p_fail_called"] = _rate(t["failed_called"], t["traces_called"])
        t["p_fail_errored"] = _rate(t["failed_errored"], t["traces_errored"])
        t["lift"] = t["p_fail_called"] / base if base and t["p_fail_called"] is not None else None
    tools.sort(key=lambda t: (-(t["p_fail_called"] or 0), -t["traces_called"], t["tool"]))
    return {"failure": meaning, "baseline": {"traces": traces, "failed": failed, "rate": base}, "tools": tools}


# -- capability radar and version regression --------------------------------------------------
def versions_in_order(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Agent versions with results, by the first trace each was seen on."""
    first: dict[str, Any] = {}
    for r in rows:
        v = r["agent_version"] or UNVERSIONED
        start = r["trace_start"] or dt.datetime.max
        first[v] = min(first.get(v, start), start)
    return sorted(first, key=lambda v: (first[v], v))


def radar(rows: Sequence[Mapping[str, Any]], profile: SceneProfile) -> dict[str, Any]:
    """Six dimensions, the weighted total and short-board flags, per agent version and overall."""
    return task_scores(rows, profile)


def regressions(rows: Sequence[Mapping[str, Any]], profiles: Iterable[SceneProfile]) -> list[dict[str, Any]]:
    """Each agent version against the one before it (by first appearance): per-dimension change
    with Welch's t-test, regressions beyond noise, and each side's scene cards (short boards)."""
    profiles = list(profiles)
    order = [v for v in versions_in_order(rows) if v in trace_dimensions(rows)]
    return [compare(rows, a, b, profiles).model_dump() for a, b in zip(order, order[1:])]


def worst_traces(rows: Sequence[Mapping[str, Any]], limit: int = 10) -> list[dict[str, Any]]:
    """Traces with failing results, most failures and lowest mean score first, with the reasons."""
    per: dict[tuple[str, int], list[Mapping[str, Any]]] = defaultdict(list)
    for r in rows:
        per[(r["trace_id"], r["version"])].append(r)
    out = []
    for (trace_id, version), rs in per.items():
        failing = sorted((r for r in rs if _failed(r)), key=lambda r: r["score"])
        if not failing:
            continue
        scores = [r["score"] for r in rs if r["score"] is not None]
        out.append({"trace_id": trace_id, "version": version, "agent_version": rs[0]["agent_version"],
                    "trace_start": rs[0]["trace_start"], "failures": len(failing),
                    "mean_score": sum(scores) / len(scores),
                    "results": [{k: r[k] for k in ("evaluator", "score", "label", "labels", "reason", "evidence",
                                                   "findings")} for r in failing]})
    out.sort(key=lambda t: (-t["failures"], t["mean_score"], t["trace_id"]))
    return out[:limit]


# -- what is wrong now -------------------------------------------------------------------------
def _z_worse(failed_a: int, n_a: int, failed_b: int, n_b: int) -> bool:
    """b's failure share is above a's beyond noise (one-sided two-proportion z-test, 5 %)."""
    if not n_a or not n_b:
        return False
    pooled = (failed_a + failed_b) / (n_a + n_b)
    se = (pooled * (1 - pooled) * (1 / n_a + 1 / n_b)) ** 0.5
    return se > 0 and (failed_b / n_b - failed_a / n_a) / se > 1.645


def whats_wrong(cur: duckdb.DuckDBPyConnection, since: dt.datetime, until: dt.datetime) -> dict[str, Any]:
    """The overview's alarms: each task's latest run against the run before, the failing labels
    rising fastest (traces started in [since, until) against the period as long before it), and
    the agent versions failing more often than the version before them."""
    tasks_out = []
    for t in ledger.list_tasks(cur):
        runs = [r for r in task_runs(cur, t.task_id) if r["results"]]
        if runs:
            now, before = runs[0], runs[1] if len(runs) > 1 else None
            change = (now["pass_rate"] - before["pass_rate"]) if before and before["pass_rate"] is not None \
                and now["pass_rate"] is not None else None
            tasks_out.append({"task_id": t.task_id, "run_id": now["run_id"], "pass_rate": now["pass_rate"],
                              "previous": before["pass_rate"] if before else None, "change": change})
    tasks_out.sort(key=lambda r: (r["change"] if r["change"] is not None else 0, r["task_id"]))
    versions = traffic(cur)["versions"]
    regressing = [{"agent_version": b["agent_version"], "failure_rate": b["failure_rate"], "traces": b["traces"],
                   "previous_version": a["agent_version"], "previous_rate": a["failure_rate"]}
                  for a, b in zip(versions, versions[1:]) if _z_worse(a["failed"], a["traces"], b["failed"], b["traces"])]
    return {"tasks": tasks_out, "labels": evaluations.rising_labels(cur, since, until), "versions": regressing}


# -- agreement between reviewers, and with the evaluators ------------------------------------------
PASSING = {"pass", "passed", "ok", "good", "right", "correct", "yes"}
FAILING = {"fail", "failed", "bad", "wrong", "incorrect", "no"}
MAX_ANNOTATIONS = 100_000


def kappa(pairs: Sequence[tuple[Any, Any]]) -> float | None:
    """Cohen's kappa of two raters' pairs of judgements (None when chance explains everything)."""
    n = len(pairs)
    if not n:
        return None
    seen = sum(a == b for a, b in pairs) / n
    left, right = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    chance = sum(left[k] * right[k] for k in left) / (n * n)
    return None if chance == 1 else (seen - chance) / (1 - chance)


def _agreement(label: str, between: str, pairs: Sequence[tuple[Any, Any]]) -> Row:
    return {"label": label, "between": between, "n": len(pairs),
            "agree": _rate(sum(a == b for a, b in pairs), len(pairs)), "kappa": kappa(pairs)}


def agreement(cur: duckdb.DuckDBPyConnection, rows: Sequence[Mapping[str, Any]]) -> list[Row]:
    """Per categorical label: how often reviewers give a trace the same value (each pair of
    reviewers), how often a reviewer's pass/fail-like value matches each evaluator's verdict, and
    how often a value named like an evaluator's failure label matches that label being found.
    `rows` are the evaluation results compared with (a task's); each with the share agreeing and
    Cohen's kappa."""
    evaluator_failed: dict[tuple[str, str], bool] = {}
    found: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        if r["score"] is None:
            continue
        key = (r["trace_id"], r["evaluator"])
        evaluator_failed[key] = evaluator_failed.get(key, False) or r["passed"] is False
        if r["passed"] is False:
            found[r["trace_id"]].update(r["labels"] or [r["label"]])
    evaluators = sorted({e for _, e in evaluator_failed})
    out: list[Row] = []
    for config in annotation_configs.all_configs(cur):
        if config.kind != "categorical":
            continue
        given = [(a.trace_id, a.author or "someone", a.value)
                 for a in annotations.search(cur, name=config.name, limit=MAX_ANNOTATIONS)]
        by_trace: dict[str, dict[str, str]] = defaultdict(dict)
        for trace_id, author, value in given:
            by_trace[trace_id][author] = value
        reviewers = sorted({author for _, author, _ in given})
        for i, a in enumerate(reviewers):
            for b in reviewers[i + 1:]:
                pairs = [(v[a], v[b]) for v in by_trace.values() if a in v and b in v]
                if pairs:
                    out.append(_agreement(config.name, f"reviewers {a} and {b}", pairs))
        verdict = {v: v.lower() in FAILING for v in config.values if v.lower() in PASSING | FAILING}
        if len(set(verdict.values())) == 2:
            for e in evaluators:
                pairs = [(verdict[value], evaluator_failed[(t, e)]) for t, _, value in given
                         if value in verdict and (t, e) in evaluator_failed]
                if pairs:
                    out.append(_agreement(config.name, f"reviewers and evaluator {e}", pairs))
        judged = {t for t, e in evaluator_failed}
        for value in config.values:
            if any(value in labels for labels in found.values()):
                pairs = [(v == value, value in found.get(t, set())) for t, _, v in given if t in judged]
                if pairs:
                    out.append(_agreement(config.name, f"value {value} and the evaluators' label {value}", pairs))
    return out
