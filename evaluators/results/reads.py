"""Typed reads of evaluation results for everyone else: a run's or a task's or a trace's results,
verdicts per run, pass rates per run and evaluator, label counts, labels rising.

Each takes the reader's cursor and only reads; a database without the results table (no
evaluator ever ran) reads as empty. Values are always parameters. `task_ids` keeps a read to the
results of these tasks (a project's: results belong to the project of their task; None: all).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import duckdb
import orjson

from evaluators.results.findings import stored_findings
from evaluators.results.schema import COLUMNS, recorded, stored

Row = dict[str, Any]


def _rows(cursor: duckdb.DuckDBPyConnection) -> list[Row]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def results(cur: duckdb.DuckDBPyConnection, *, task_id: str | None = None, run_id: str | None = None,
            run_ids: Sequence[str] | None = None, trace_id: str | None = None) -> list[Row]:
    """Results matching every filter given, `details` and `findings` decoded: a trace's by task,
    version and evaluator, any others by trace and evaluator."""
    if not stored(cur):
        return []
    where, params = ["TRUE"], []
    for column, value in (("task_id", task_id), ("run_id", run_id), ("trace_id", trace_id)):
        if value is not None:
            where.append(f"{column} = ?")
            params.append(value)
    if run_ids is not None:
        where.append("run_id IN (SELECT unnest(?))")
        params.append(list(run_ids))
    order = "task_id, version, evaluator" if trace_id is not None else "trace_id, evaluator"
    columns = COLUMNS if recorded(cur) else tuple(c if c != "findings" else "NULL AS findings" for c in COLUMNS)
    out = _rows(cur.execute(f"SELECT {', '.join(columns)} FROM eval_results WHERE {' AND '.join(where)} "
                            f"ORDER BY {order}", params))
    for row in out:
        row["details"] = orjson.loads(row["details"]) if row["details"] else {}
        row["findings"] = stored_findings(row["findings"], row)
    return out


def run_verdicts(cur: duckdb.DuckDBPyConnection, task_id: str) -> dict[str, tuple[int, int]]:
    """Per run of the task: (traces some evaluator applied to, those of them every applicable
    evaluator passed)."""
    if not stored(cur):
        return {}
    return {run: (judged, passed) for run, judged, passed in cur.execute(
        """SELECT run_id, count(failed), count(*) FILTER (WHERE NOT failed)
           FROM (SELECT run_id, trace_id, bool_or(NOT passed) AS failed FROM eval_results
                 WHERE task_id = ? AND run_id IS NOT NULL GROUP BY ALL)
           GROUP BY run_id""", [task_id]).fetchall()}


def evaluator_pass_rates(cur: duckdb.DuckDBPyConnection, task_id: str) -> list[Row]:
    """Per run of the task and evaluator: applicable results, passed, mean score and pass rate."""
    if not stored(cur):
        return []
    return _rows(cur.execute(
        """SELECT run_id, evaluator, count(score) AS applicable, count(*) FILTER (WHERE passed) AS passed,
                  avg(score) AS mean_score, count(*) FILTER (WHERE passed) / nullif(count(score), 0) AS pass_rate
           FROM eval_results WHERE task_id = ? GROUP BY ALL""", [task_id]))


def of_tasks(task_ids: Sequence[str] | None, column: str = "task_id") -> tuple[str, list]:
    """A condition keeping results to these tasks, and its parameters (TRUE for None)."""
    return ("TRUE", []) if task_ids is None else (f"{column} IN (SELECT unnest(?::VARCHAR[]))", [list(task_ids)])


def label_counts(cur: duckdb.DuckDBPyConnection, task_ids: Sequence[str] | None = None) -> list[tuple[str, str, str, int]]:
    """(task, evaluator, worst label, results) of every stored result, in that order."""
    where, params = of_tasks(task_ids)
    return cur.execute(f"SELECT task_id, evaluator, label, count(*) FROM eval_results WHERE {where} "
                       "GROUP BY ALL ORDER BY 1, 2, 3", params).fetchall() if stored(cur) else []


def rising_labels(cur: duckdb.DuckDBPyConnection, since: dt.datetime, until: dt.datetime, limit: int = 5,
                  task_ids: Sequence[str] | None = None) -> list[Row]:
    """The failing labels (each label of a failed result) on more traces started in [since, until)
    than in the period as long before it, most risen first: evaluator, label, traces, previous."""
    if not stored(cur):
        return []
    where, params = of_tasks(task_ids, "e.task_id")
    return _rows(cur.execute(f"""
        WITH f AS (SELECT e.evaluator, l.label, e.trace_id, e.trace_start >= ? AS now
                   FROM eval_results e, unnest(CASE WHEN len(e.labels) > 0 THEN e.labels ELSE [e.label] END) AS l(label)
                   WHERE e.passed = false AND e.trace_start >= ? AND e.trace_start < ? AND {where})
        SELECT evaluator, label, count(DISTINCT trace_id) FILTER (WHERE now) AS traces,
               count(DISTINCT trace_id) FILTER (WHERE NOT now) AS previous
        FROM f GROUP BY ALL HAVING traces > previous
        ORDER BY traces - previous DESC, evaluator, label LIMIT ?""",
        [since, since - (until - since), until, *params, limit]))
