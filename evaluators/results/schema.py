"""The `eval_results` table: its DDL, its columns, and whether a database has it."""
from __future__ import annotations

import duckdb

from infra.schema import ensure_schema

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


def create(cur: duckdb.DuckDBPyConnection) -> None:
    ensure_schema(cur, "evaluators", SCHEMA_VERSION, _DDL)


def stored(cur: duckdb.DuckDBPyConnection) -> bool:
    """Whether this database has the results table (no evaluator ever ran on a read-only file)."""
    return cur.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = 'eval_results'"
                       ).fetchone()[0] > 0
