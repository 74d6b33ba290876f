"""The `eval_results` table's writes: results saved by the workers, expired by retention.

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

from collector.store.retention import expire_in_chunks
from evaluators.base import EvalResult
from evaluators.results.findings import encode, findings_of
from evaluators.results.reads import results
from evaluators.results.schema import COLUMNS, create, stored
from infra.timeutil import utcnow

_SCHEMA = pa.schema([
    ("task_id", pa.string()), ("trace_id", pa.string()), ("version", pa.int32()), ("evaluator", pa.string()),
    ("run_id", pa.string()), ("dimension", pa.string()), ("score", pa.float64()), ("label", pa.string()),
    ("labels", pa.list_(pa.string())), ("passed", pa.bool_()), ("reason", pa.string()),
    ("evidence", pa.list_(pa.int32())), ("details", pa.string()), ("agent_name", pa.string()),
    ("agent_version", pa.string()), ("trace_start", pa.timestamp("us")), ("created_at", pa.timestamp("us")),
    ("findings", pa.string()),
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
    """Thread-safe writer and reader of `eval_results` (each call uses its own cursor). A result
    saved without findings gets those `findings.findings_of` derives."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self._con = con
        self._lock = threading.Lock()
        cur = con.cursor()
        try:
            create(cur)
        finally:
            cur.close()

    def save(self, scored: Sequence[Scored]) -> int:
        if not scored:
            return 0
        now = utcnow()
        rows = [(
            s.task_id, s.trace_id, s.version, s.result.evaluator, s.run_id, s.result.dimension, s.result.score,
            s.result.label, s.result.labels, s.result.passed, s.result.reason, s.result.evidence,
            orjson.dumps(s.result.details, default=str, option=orjson.OPT_NON_STR_KEYS).decode(), s.agent_name,
            s.agent_version, s.trace_start, now, encode(findings_of(s.result)),
        ) for s in scored]
        table = pa.table(dict(zip(COLUMNS, map(list, zip(*rows)))), schema=_SCHEMA)
        with self._lock:
            cur = self._con.cursor()
            try:
                cur.register("_results", table)
                cur.execute("INSERT OR REPLACE INTO eval_results BY NAME SELECT * FROM _results")
            finally:
                cur.close()
        return len(rows)

    def query(self, **filters: Any) -> list[dict[str, Any]]:
        """`evaluators.results.reads.results` on a cursor of its own (keyword filters)."""
        cur = self._con.cursor()
        try:
            return results(cur, **filters)
        finally:
            cur.close()


def expire_results(con: duckdb.DuckDBPyConnection, before: dt.datetime) -> dict[str, int]:
    """Delete the results created before `before` (naive UTC) in bounded chunks; returns
    {"eval_results": rows deleted}, or nothing when the table does not exist."""
    if not stored(con):
        return {}

    def chunk(limit: int) -> dict[str, int]:
        return {"eval_results": con.execute(
            "DELETE FROM eval_results WHERE rowid IN (SELECT rowid FROM eval_results WHERE created_at < ? LIMIT ?)",
            [before, limit]).fetchall()[0][0]}
    return expire_in_chunks(con, chunk, "eval_results")
