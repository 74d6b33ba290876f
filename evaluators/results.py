"""Evaluation results: this module owns the `eval_results` table.

The key is (task_id, trace_id, version, evaluator): a rerun or a restart replaces a result,
never duplicates it.
"""
from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import duckdb
import orjson
import pyarrow as pa

from evaluators.base import EvalResult
from infra.schema import ensure_schema
from infra.timeutil import utcnow

SCHEMA_VERSION = 1

_DDL = """
CREATE TABLE IF NOT EXISTS eval_results (
    task_id VARCHAR NOT NULL, trace_id VARCHAR NOT NULL, version INTEGER NOT NULL,
    evaluator VARCHAR NOT NULL, run_id VARCHAR, dimension VARCHAR NOT NULL,
    score DOUBLE, label VARCHAR NOT NULL, labels VARCHAR[], passed BOOLEAN, reason VARCHAR,
    evidence INTEGER[], details JSON, agent_name VARCHAR, agent_version VARCHAR,
    trace_start TIMESTAMP, created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (task_id, trace_id, version, evaluator)
);
"""

COLUMNS = ("task_id", "trace_id", "version", "evaluator", "run_id", "dimension", "score", "label", "labels",
           "passed", "reason", "evidence", "details", "agent_name", "agent_version", "trace_start", "created_at")
_SCHEMA = pa.schema([
    ("task_id", pa.string()), ("trace_id", pa.string()), ("version", pa.int32()), ("evaluator", pa.string()),
    ("run_id", pa.string()), ("dimension", pa.string()), ("score", pa.float64()), ("label", pa.string()),
    ("labels", pa.list_(pa.string())), ("passed", pa.bool_()), ("reason", pa.string()),
    ("evidence", pa.list_(pa.int32())), ("details", pa.string()), ("agent_name", pa.string()),
    ("agent_version", pa.string()), ("trace_start", pa.timestamp("us")), ("created_at", pa.timestamp("us")),
])


@dataclass(frozen=True)
class Scored:
    """One result with the keys it is stored under."""

    task_id: str
    trace_id: str
    version: int
    run_id: str | None
    result: EvalResult
    agent_name: str | None = None
    agent_version: str | None = None
    trace_start: dt.datetime | None = None


class ResultStore:
    """Thread-safe writer and reader of `eval_results` (each call uses its own cursor)."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self._con = con
        self._lock = threading.Lock()
        cur = con.cursor()
        try:
            ensure_schema(cur, "evaluators", SCHEMA_VERSION, _DDL)
        finally:
            cur.close()

    def save(self, scored: Sequence[Scored]) -> int:
        if not scored:
            return 0
        now = utcnow()
        rows = [(
            s.task_id, s.trace_id, s.version, s.result.evaluator, s.run_id, s.result.dimension, s.result.score,
            s.result.label, s.result.labels, s.result.passed, s.result.reason, s.result.evidence,
            orjson.dumps(s.result.details, default=str, option=orjson.OPT_NON_STR_KEYS).decode(), s.agent_name, s.agent_version, s.trace_start, now,
        ) for s in scored]
        table = pa.table(dict(zip(COLUMNS, map(list, zip(*rows)))), schema=_SCHEMA)
        with self._lock:
            cur = self._con.cursor()
            try:
                cur.register("_results", table)
                cur.execute("INSERT OR REPLACE INTO eval_results SELECT * FROM _results")
            finally:
                cur.close()
        return len(rows)

    def query(self, where: str = "", params: Sequence[Any] = (), order: str = "trace_id, evaluator") -> list[dict[str, Any]]:
        """Rows as dicts; `where` is a fixed SQL fragment with `?` parameters (never user text)."""
        cur = self._con.cursor()
        try:
            cursor = cur.execute(f"SELECT {', '.join(COLUMNS)} FROM eval_results {where} ORDER BY {order}", list(params))
            cols = [d[0] for d in cursor.description]
            out = [dict(zip(cols, row)) for row in cursor.fetchall()]
        finally:
            cur.close()
        for row in out:
            row["details"] = orjson.loads(row["details"]) if row["details"] else {}
        return out
