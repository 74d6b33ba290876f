"""Evaluation results as DuckDB relations, for queries that span another owner's tables in one
statement (the trace explorer, roll-ups, metrics, exports). A composer binds a relation to a
name of its own and queries it on the same cursor. Without the results table each is empty.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import duckdb

from infra.schema import sql_list, stored_table
from evaluators.results.reads import of_tasks
from evaluators.results.schema import stored

# The time column `since` bounds in an export, and the export's deterministic order.
EXPORT_TIME, EXPORT_ORDER = "created_at", "created_at, task_id, trace_id, version, evaluator"


def _or_empty(cur: duckdb.DuckDBPyConnection, sql: str, columns: str, params: list | None = None) -> duckdb.DuckDBPyRelation:
    if stored(cur):
        return cur.sql(sql, params=params)
    return cur.sql(f"SELECT {columns} LIMIT 0")


def evaluations(cur: duckdb.DuckDBPyConnection, task_ids: Sequence[str] | None = None) -> duckdb.DuckDBPyRelation:
    """(task_id, run_id, evaluator, score, label, created_at) of every stored result (of these tasks)."""
    where, params = of_tasks(task_ids)
    return _or_empty(cur, f"SELECT task_id, run_id, evaluator, score, label, created_at FROM eval_results WHERE {where}",
                     "NULL::VARCHAR AS task_id, NULL::VARCHAR AS run_id, NULL::VARCHAR AS evaluator, "
                     "NULL::DOUBLE AS score, NULL::VARCHAR AS label, NULL::TIMESTAMP AS created_at", params)


def latest_scores(cur: duckdb.DuckDBPyConnection, task_ids: Sequence[str] | None = None) -> duckdb.DuckDBPyRelation:
    """(trace_id, latest_score, latest_failed): the mean score of each evaluated trace's latest run
    (of these tasks), and whether an evaluator failed it there."""
    where, params = of_tasks(task_ids)
    return _or_empty(cur, f"""
        WITH r AS (SELECT * FROM eval_results WHERE {where})
        SELECT e.trace_id, avg(e.score) AS latest_score, bool_or(NOT e.passed) AS latest_failed
        FROM r e
        JOIN (SELECT trace_id, arg_max(run_id, created_at) AS run_id FROM r GROUP BY trace_id) l
        USING (trace_id, run_id) GROUP BY e.trace_id""",
        "NULL::VARCHAR AS trace_id, NULL::DOUBLE AS latest_score, NULL::BOOLEAN AS latest_failed", params)


def failing_traces(cur: duckdb.DuckDBPyConnection, label: str | None = None, evaluator: str | None = None,
                   task: str | None = None) -> duckdb.DuckDBPyRelation:
    """(trace_id) of each failed result with this label (worst or any), evaluator and task, where given."""
    where, params = ["passed = false"], []
    if label:
        where.append("(label = ? OR coalesce(list_contains(labels, ?), false))")
        params += [label, label]
    if evaluator:
        where.append("evaluator = ?")
        params.append(evaluator)
    if task:
        where.append("task_id = ?")
        params.append(task)
    return _or_empty(cur, f"SELECT trace_id FROM eval_results WHERE {' AND '.join(where)}",
                     "NULL::VARCHAR AS trace_id", params)


def trace_verdicts(cur: duckdb.DuckDBPyConnection, task_id: str,
                   run_ids: Sequence[str] | None = None) -> duckdb.DuckDBPyRelation:
    """(trace_id, failed) of each trace the task evaluated (in these runs, where given): failed
    when an applicable evaluator failed it."""
    runs, params = ("", [task_id]) if run_ids is None else (" AND run_id IN (SELECT unnest(?))", [task_id, list(run_ids)])
    return _or_empty(cur, f"""SELECT trace_id, coalesce(bool_or(NOT passed), false) AS failed FROM eval_results
                              WHERE task_id = ?{runs} GROUP BY trace_id""",
                     "NULL::VARCHAR AS trace_id, NULL::BOOLEAN AS failed", params)


def scope(cur: duckdb.DuckDBPyConnection, task_ids: Sequence[str]) -> None:
    """Make this cursor see the results of these tasks only (a project's: results belong to their
    task's project) through a temporary view named like the table, found before it. Results are
    written on the `ResultStore`'s own connection, never through such a cursor."""
    if not stored(cur):
        return
    cur.execute(f"CREATE OR REPLACE TEMP VIEW eval_results AS SELECT * FROM {stored_table(cur, 'eval_results')} "
                f"WHERE task_id IN ({sql_list(task_ids)})")


def exportable(cur: duckdb.DuckDBPyConnection, since: dt.datetime | None) -> duckdb.DuckDBPyRelation:
    """Every result created at or after `since` (naive UTC), in a deterministic order."""
    if since is None:
        return cur.sql(f"SELECT * FROM eval_results ORDER BY {EXPORT_ORDER}")
    return cur.sql(f"SELECT * FROM eval_results WHERE {EXPORT_TIME} >= ? ORDER BY {EXPORT_ORDER}", params=[since])
