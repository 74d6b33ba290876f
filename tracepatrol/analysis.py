"""The queries and roll-ups behind the dashboard and the health report (one piece for both).

Every function reads through the DuckDB connection or cursor it is given and never writes, so
it works on the server's live database and on a read-only file alike. SQL text is fixed: values
(task ids, run ids, times) are always `?` parameters, never spliced in. Tables a component has
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

from evaluators.aggregate import UNVERSIONED, compare, evaluator_summary, task_scores, trace_dimensions
from evaluators.estimates import population_estimate
from evaluators.results import COLUMNS as RESULT_COLUMNS
from evaluators.weights import SceneProfile
from scheduler.task import TaskSpec

Row = dict[str, Any]
BUCKETS = ("hour", "day", "week")
ITEM_STATES = ("pending", "running", "done", "failed")


class NotFound(LookupError):
    """An unknown task, run or trace; the message names it."""


# -- plumbing ----------------------------------------------------------------------------------
def _rows(cur: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    cursor = cur.execute(sql, list(params))
    cols = [d[0] for d in cursor.description]
    return [dict(zip(cols, row)) for row in cursor.fetchall()]


def has_table(cur: duckdb.DuckDBPyConnection, table: str) -> bool:
    return cur.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = ?",
                       [table]).fetchone()[0] > 0


def _rate(part: int | None, whole: int | None) -> float | None:
    return part / whole if whole else None


def choose_bucket(start: dt.datetime | None, end: dt.datetime | None) -> str:
    """Hourly buckets for up to two days of data, daily up to 90 days, weekly beyond."""
    if start is None or end is None:
        return "hour"
    span = end - start
    return "hour" if span <= dt.timedelta(days=2) else "day" if span <= dt.timedelta(days=90) else "week"


def _window(column: str, since: dt.datetime | None, until: dt.datetime | None) -> tuple[str, list[Any]]:
    """A WHERE clause on a fixed column name chosen by the caller, with the bounds as parameters."""
    where, params = [], []
    if since is not None:
        where.append(f"{column} >= ?")
        params.append(since)
    if until is not None:
        where.append(f"{column} < ?")
        params.append(until)
    return (" WHERE " + " AND ".join(where)) if where else "", params


# -- traffic -----------------------------------------------------------------------------------
_TRAFFIC_COLUMNS = """count(*) AS traces, count(*) FILTER (WHERE status = 'error') AS failed,
    coalesce(sum(total_tokens), 0) AS tokens, coalesce(sum(tool_errors), 0) AS tool_errors,
    quantile_cont(duration_ms, 0.5) AS p50_ms, quantile_cont(duration_ms, 0.95) AS p95_ms,
    quantile_cont(duration_ms, 0.99) AS p99_ms"""


def traffic(cur: duckdb.DuckDBPyConnection, since: dt.datetime | None = None, until: dt.datetime | None = None,
            bucket: str | None = None) -> dict[str, Any]:
    """Traces, failure rate (root status error), tokens and latency percentiles, per agent version:
    over time (`series`, one row per bucket and version), per version and in total."""
    where, params = _window("start_time", since, until)
    first, last = cur.execute(f"SELECT min(start_time), max(start_time) FROM traces{where}", params).fetchone()
    bucket = bucket or choose_bucket(first, last)
    if bucket not in BUCKETS:
        raise ValueError(f"bucket must be one of {', '.join(BUCKETS)}, not {bucket!r}")
    version = f"coalesce(agent_version, '{UNVERSIONED}')"
    series = _rows(cur, f"""SELECT date_trunc(?, start_time) AS time, {version} AS agent_version, {_TRAFFIC_COLUMNS}
                            FROM traces{where} GROUP BY ALL ORDER BY 1, 2""", [bucket, *params])
    versions = _rows(cur, f"""SELECT {version} AS agent_version, min(start_time) AS first_seen,
                                  max(start_time) AS last_seen, {_TRAFFIC_COLUMNS}
                              FROM traces{where} GROUP BY ALL ORDER BY first_seen, agent_version""", params)
    totals = _rows(cur, f"SELECT {_TRAFFIC_COLUMNS}, count(DISTINCT user_id) AS users FROM traces{where}", params)[0]
    for row in (*series, *versions, totals):
        row["failure_rate"] = _rate(row["failed"], row["traces"])
    return {"bucket": bucket, "first": first, "last": last, "series": series, "versions": versions,
            "totals": totals}


_TRACE_LIST = ("trace_id", "version", "agent_name", "agent_version", "root_span_name", "start_time", "duration_ms",
               "status", "error_type", "user_id", "total_tokens", "tool_call_count", "tool_errors", "input")


def recent_traces(cur: duckdb.DuckDBPyConnection, limit: int = 50, since: dt.datetime | None = None) -> list[Row]:
    where, params = _window("start_time", since, None)
    return _rows(cur, f"SELECT {', '.join(_TRACE_LIST)} FROM traces{where} ORDER BY start_time DESC, trace_id LIMIT ?",
                 [*params, limit])


def trace(cur: duckdb.DuckDBPyConnection, trace_id: str) -> dict[str, Any]:
    """The stored trajectory document of a trace (NotFound when there is none)."""
    row = cur.execute("SELECT trajectory FROM traces WHERE trace_id = ?", [trace_id.lower()]).fetchone()
    if row is None:
        raise NotFound(f"no trajectory for trace {trace_id!r} (unknown, deleted by retention, or not assembled yet)")
    return orjson.loads(row[0])


# -- tasks, runs, items ------------------------------------------------------------------------
def results(cur: duckdb.DuckDBPyConnection, where: str = "", params: Sequence[Any] = (),
            order: str = "trace_id, evaluator") -> list[Row]:
    """`eval_results` rows as dicts; `where`/`order` are fixed SQL fragments with `?` parameters."""
    if not has_table(cur, "eval_results"):
        return []
    rows = _rows(cur, f"SELECT {', '.join(RESULT_COLUMNS)} FROM eval_results {where} ORDER BY {order}", params)
    for row in rows:
        row["details"] = orjson.loads(row["details"]) if row["details"] else {}
    return rows


def tasks(cur: duckdb.DuckDBPyConnection) -> list[Row]:
    """Every task with its runs, items by state and the latest run's overall pass rate."""
    if not has_table(cur, "tasks"):
        return []
    out = _rows(cur, """
        SELECT t.task_id, t.state, t.spec, t.created_at,
               (SELECT count(*) FROM task_runs r WHERE r.task_id = t.task_id) AS runs,
               (SELECT max(started_at) FROM task_runs r WHERE r.task_id = t.task_id) AS last_run_at,
               (SELECT count(*) FROM run_items i WHERE i.task_id = t.task_id) AS items,
               (SELECT count(*) FROM run_items i WHERE i.task_id = t.task_id AND i.state = 'failed') AS items_failed
        FROM tasks t ORDER BY t.created_at, t.task_id""")
    for row in out:
        row["spec"] = _spec(row["spec"])
        latest = next((r for r in task_runs(cur, row["task_id"]) if r["results"]), None)
        row["latest_run"] = latest["run_id"] if latest else None
        row["latest_pass_rate"] = latest["pass_rate"] if latest else None
    return out


def _spec(doc: str) -> dict[str, Any]:
    return TaskSpec.model_validate_json(doc).model_dump(mode="json", by_alias=True, exclude_none=True)


def task(cur: duckdb.DuckDBPyConnection, task_id: str) -> Row:
    rows = _rows(cur, "SELECT task_id, state, spec, created_at, updated_at, watermark, last_scheduled_for "
                      "FROM tasks WHERE task_id = ?", [task_id]) if has_table(cur, "tasks") else []
    if not rows:
        raise NotFound(f"no task {task_id!r}")
    rows[0]["spec"] = _spec(rows[0]["spec"])
    return rows[0]


def _decode_run(run: Row) -> Row:
    run["filters"] = orjson.loads(run["filters"]) if run.get("filters") else []
    run["options"] = orjson.loads(run["options"]) if run.get("options") else {}
    return run


def task_runs(cur: duckdb.DuckDBPyConnection, task_id: str) -> list[Row]:
    """A task's runs, newest first, each with its items by state and the share of traces that
    passed every applicable evaluator (`pass_rate`)."""
    runs = [_decode_run(r) for r in _rows(cur, "SELECT * FROM task_runs WHERE task_id = ? ORDER BY started_at DESC, "
                                               "run_id DESC", [task_id])]
    states: dict[str, Counter] = defaultdict(Counter)
    for run_id, state, n in cur.execute("SELECT run_id, state, count(*) FROM run_items WHERE task_id = ? GROUP BY ALL",
                                        [task_id]).fetchall():
        states[run_id][state] = n
    verdicts = _trace_verdicts(cur, "WHERE task_id = ? AND run_id IS NOT NULL", [task_id])
    for run in runs:
        run["item_states"] = {s: states[run["run_id"]].get(s, 0) for s in ITEM_STATES}
        mine = [failed for (run_id, _), failed in verdicts.items() if run_id == run["run_id"] and failed is not None]
        run["results"] = len(mine)
        run["pass_rate"] = _rate(sum(not f for f in mine), len(mine))
    return runs


def _trace_verdicts(cur, where: str, params: Sequence[Any]) -> dict[tuple[str, str], bool | None]:
    """(run_id, trace_id) -> failed (any applicable evaluator failed), None when nothing applied."""
    if not has_table(cur, "eval_results"):
        return {}
    return {(r, t): f for r, t, f in cur.execute(
        f"SELECT run_id, trace_id, bool_or(NOT passed) FROM eval_results {where} GROUP BY ALL", list(params)).fetchall()}


def run(cur: duckdb.DuckDBPyConnection, run_id: str) -> Row:
    """A run's manifest (what was sampled and why) with its items, their states and reasons."""
    rows = _rows(cur, "SELECT * FROM task_runs WHERE run_id = ?", [run_id]) if has_table(cur, "task_runs") else []
    if not rows:
        raise NotFound(f"no run {run_id!r}")
    manifest = _decode_run(rows[0])
    manifest["items"] = _rows(cur, """SELECT i.trace_id, i.version, i.hash, i.state, i.attempts, i.reason,
                                             t.status AS trace_status, t.agent_version
                                      FROM run_items i LEFT JOIN traces t USING (trace_id)
                                      WHERE i.run_id = ? ORDER BY i.hash""", [run_id])
    manifest["item_states"] = {s: sum(i["state"] == s for i in manifest["items"]) for s in ITEM_STATES}
    return manifest


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
    if not has_table(cur, "eval_results"):
        return []
    return _rows(cur, """
        SELECT r.run_id, r.started_at, e.evaluator, count(e.score) AS applicable,
               count(*) FILTER (WHERE e.passed) AS passed, avg(e.score) AS mean_score,
               count(*) FILTER (WHERE e.passed) / nullif(count(e.score), 0) AS pass_rate
        FROM eval_results e JOIN task_runs r ON r.run_id = e.run_id
        WHERE e.task_id = ? GROUP BY ALL ORDER BY r.started_at, e.evaluator""", [task_id])


def runs_in(cur: duckdb.DuckDBPyConnection, task_id: str, start: dt.datetime, end: dt.datetime) -> list[str]:
    """The ids of a task's runs started in [start, end), oldest first."""
    return [r[0] for r in cur.execute("SELECT run_id FROM task_runs WHERE task_id = ? AND started_at >= ? "
                                      "AND started_at < ? ORDER BY started_at", [task_id, start, end]).fetchall()]


def run_results(cur: duckdb.DuckDBPyConnection, task_id: str, run_ids: Sequence[str] | None = None) -> list[Row]:
    """A task's results, all of them or those of some runs."""
    if run_ids is None:
        return results(cur, "WHERE task_id = ?", [task_id])
    return results(cur, "WHERE task_id = ? AND run_id IN (SELECT unnest(?))", [task_id, list(run_ids)])


# -- failure modes -----------------------------------------------------------------------------
def _failed(row: Mapping[str, Any]) -> bool:
    return row["score"] is not None and row["passed"] is False


def failure_clusters(cur: duckdb.DuckDBPyConnection, rows: Sequence[Mapping[str, Any]], examples: int = 3) -> dict[str, Any]:
    """Failing results grouped by label (each label a result carries) and by where in the chain the
    failure is: the step (1-based tool-call seq, the first evidence) and the tool called there."""
    failing = [r for r in rows if _failed(r)]
    traces_with_results = {(r["trace_id"], r["version"]) for r in rows if r["score"] is not None}
    failed_traces = {(r["trace_id"], r["version"]) for r in failing}
    by_label: dict[tuple[str, str], dict[str, Any]] = {}
    for r in failing:
        for label in (r["labels"] or [r["label"]]):
            c = by_label.setdefault((r["evaluator"], label), {"evaluator": r["evaluator"], "label": label,
                                                             "results": 0, "traces": set(), "reason": r["reason"]})
            c["results"] += 1
            c["traces"].add(r["trace_id"])
    labels = sorted(by_label.values(), key=lambda c: (-len(c["traces"]), -c["results"], c["evaluator"], c["label"]))
    for c in labels:
        c["examples"] = sorted(c["traces"])[:examples]
        c["traces"] = len(c["traces"])
        c["share"] = _rate(c["traces"], len(traces_with_results))
    tools = _tools_at_steps(cur, {(r["trace_id"], min(r["evidence"])) for r in failing if r["evidence"]})
    position: Counter = Counter()
    first_step: dict[tuple[str, int], int] = {}
    for r in failing:
        if not r["evidence"]:
            continue
        step = min(r["evidence"])
        position[(step, r["label"], tools.get((r["trace_id"], step), "?"))] += 1
        key = (r["trace_id"], r["version"])
        first_step[key] = min(step, first_step.get(key, step))
    by_position = [{"step": s, "label": label, "tool": tool, "results": n}
                   for (s, label, tool), n in sorted(position.items(), key=lambda kv: (kv[0][0], -kv[1], kv[0][1]))]
    return {"failing_results": len(failing), "failed_traces": len(failed_traces),
            "evaluated_traces": len(traces_with_results), "by_label": labels, "by_position": by_position,
            "first_failing_step": dict(sorted(Counter(first_step.values()).items())),
            "without_step": len(failed_traces - set(first_step))}


def _tools_at_steps(cur, steps: Iterable[tuple[str, int]]) -> dict[tuple[str, int], str]:
    steps = list(steps)
    if not steps:
        return {}
    rows = cur.execute("""SELECT c.trace_id, c.seq, c.name FROM tool_calls c
                          JOIN (SELECT unnest(?) AS trace_id, unnest(?) AS seq) w
                          ON c.trace_id = w.trace_id AND c.seq = w.seq""",
                       [[t for t, _ in steps], [s for _, s in steps]]).fetchall()
    return {(t, s): name for t, s, name in rows}


# -- per-tool bottleneck -------------------------------------------------------------------------
_SCOPE_TRAFFIC = "SELECT trace_id, status = 'error' AS failed FROM traces"
_SCOPE_TASK = """SELECT trace_id, coalesce(bool_or(NOT passed), false) AS failed FROM eval_results
                 WHERE task_id = ? AND run_id IN (SELECT unnest(?)) GROUP BY trace_id"""
_SCOPE_TASK_ALL = """SELECT trace_id, coalesce(bool_or(NOT passed), false) AS failed FROM eval_results
                     WHERE task_id = ? GROUP BY trace_id"""


def bottleneck(cur: duckdb.DuckDBPyConnection, task_id: str | None = None,
               run_ids: Sequence[str] | None = None) -> dict[str, Any]:
    """Per tool: how often a trace fails given the tool was called, and given a call of it errored.

    A trace "fails" when an applicable evaluator failed it (with a task), or when its root span's
    status is error (all traffic, no task). `lift` compares P(fail | called) with the baseline."""
    if task_id is None:
        scope, params, meaning = _SCOPE_TRAFFIC, [], "root span status is error"
    elif not has_table(cur, "eval_results"):
        return {"failure": "", "baseline": {"traces": 0, "failed": 0, "rate": None}, "tools": []}
    elif run_ids is None:
        scope, params, meaning = _SCOPE_TASK_ALL, [task_id], "an evaluator failed the trace"
    else:
        scope, params, meaning = _SCOPE_TASK, [task_id, list(run_ids)], "an evaluator failed the trace"
    traces, failed = cur.execute(f"SELECT count(*), count(*) FILTER (WHERE failed) FROM ({scope})", params).fetchone()
    tools = _rows(cur, f"""
        WITH scope AS ({scope}),
        per AS (SELECT c.name AS tool, c.trace_id, any_value(s.failed) AS failed,
                       bool_or(c.status = 'error') AS errored, count(*) AS calls,
                       count(*) FILTER (WHERE c.status = 'error') AS errors
                FROM tool_calls c JOIN scope s USING (trace_id) GROUP BY ALL),
        lat AS (SELECT c.name AS tool, quantile_cont(c.duration_ms, 0.5) AS p50_ms,
                       quantile_cont(c.duration_ms, 0.95) AS p95_ms
                FROM tool_calls c JOIN scope s USING (trace_id) GROUP BY ALL)
        SELECT per.tool, count(*) AS traces_called, count(*) FILTER (WHERE failed) AS failed_called,
               count(*) FILTER (WHERE errored) AS traces_errored,
               count(*) FILTER (WHERE errored AND failed) AS failed_errored,
               sum(calls) AS calls, sum(errors) AS errors, any_value(lat.p50_ms) AS p50_ms,
               any_value(lat.p95_ms) AS p95_ms
        FROM per JOIN lat USING (tool) GROUP BY per.tool ORDER BY per.tool""", params)
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
                    "results": [{k: r[k] for k in ("evaluator", "score", "label", "labels", "reason", "evidence")}
                                for r in failing]})
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
    for t in tasks(cur):
        runs = [r for r in task_runs(cur, t["task_id"]) if r["results"]]
        if runs:
            now, before = runs[0], runs[1] if len(runs) > 1 else None
            change = (now["pass_rate"] - before["pass_rate"]) if before and before["pass_rate"] is not None \
                and now["pass_rate"] is not None else None
            tasks_out.append({"task_id": t["task_id"], "run_id": now["run_id"], "pass_rate": now["pass_rate"],
                              "previous": before["pass_rate"] if before else None, "change": change})
    tasks_out.sort(key=lambda r: (r["change"] if r["change"] is not None else 0, r["task_id"]))
    labels: list[Row] = []
    if has_table(cur, "eval_results"):
        prev = since - (until - since)
        labels = _rows(cur, """
            WITH f AS (SELECT e.evaluator, l.label, e.trace_id, e.trace_start >= ? AS now
                       FROM eval_results e, unnest(CASE WHEN len(e.labels) > 0 THEN e.labels ELSE [e.label] END) AS l(label)
                       WHERE e.passed = false AND e.trace_start >= ? AND e.trace_start < ?)
            SELECT evaluator, label, count(DISTINCT trace_id) FILTER (WHERE now) AS traces,
                   count(DISTINCT trace_id) FILTER (WHERE NOT now) AS previous
            FROM f GROUP BY ALL HAVING traces > previous
            ORDER BY traces - previous DESC, evaluator, label LIMIT 5""", [since, prev, until])
    versions = traffic(cur)["versions"]
    regressing = [{"agent_version": b["agent_version"], "failure_rate": b["failure_rate"], "traces": b["traces"],
                   "previous_version": a["agent_version"], "previous_rate": a["failure_rate"]}
                  for a, b in zip(versions, versions[1:]) if _z_worse(a["failed"], a["traces"], b["failed"], b["traces"])]
    return {"tasks": tasks_out, "labels": labels, "versions": regressing}
