"""The `eval_results` table: its DDL, its columns, the steps that migrate an older database, and
whether a database has it."""
from __future__ import annotations

import duckdb

from evaluators.results.findings import backfill
from infra.schema import ensure_schema

SCHEMA_VERSION = 2

# `findings` is the verdict step by step, JSON [{call, label, reason}] (evaluators.base.Finding):
# text in a CSV export, nested in JSON Lines, read back with one json.loads anywhere.
_DDL = """
CREATE TABLE IF NOT EXISTS eval_results (
    task_id VARCHAR NOT NULL, trace_id VARCHAR NOT NULL, version INTEGER NOT NULL,
    evaluator VARCHAR NOT NULL, run_id VARCHAR, dimension VARCHAR NOT NULL,
    score DOUBLE, label VARCHAR NOT NULL, labels VARCHAR[], passed BOOLEAN, reason VARCHAR,
    evidence INTEGER[], details JSON, agent_name VARCHAR, agent_version VARCHAR,
    trace_start TIMESTAMP, created_at TIMESTAMP NOT NULL, findings JSON,
    PRIMARY KEY (task_id, trace_id, version, evaluator)
);
"""

# Steps that bring a database from version N (the key) to N + 1, run in order at start-up.
_MIGRATIONS: dict[int, str] = {
    # Findings: none for a result that did not fail; the failing ones are derived by `backfill`.
    1: """ALTER TABLE eval_results ADD COLUMN findings JSON;
          UPDATE eval_results SET findings = '[]' WHERE passed IS DISTINCT FROM false OR score IS NULL""",
}

COLUMNS = ("task_id", "trace_id", "version", "evaluator", "run_id", "dimension", "score", "label", "labels",
           "passed", "reason", "evidence", "details", "agent_name", "agent_version", "trace_start", "created_at",
           "findings")


def create(cur: duckdb.DuckDBPyConnection) -> None:
    """Create the table, or migrate an older database to it (and derive its results' findings)."""
    ensure_schema(cur, "evaluators", SCHEMA_VERSION, _DDL, _MIGRATIONS)
    backfill(cur)


def stored(cur: duckdb.DuckDBPyConnection) -> bool:
    """Whether this database has the results table (no evaluator ever ran on a read-only file)."""
    return cur.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = 'eval_results'"
                       ).fetchone()[0] > 0


def recorded(cur: duckdb.DuckDBPyConnection) -> bool:
    """Whether the table has its findings column (false on a read-only file not migrated yet)."""
    return cur.execute("SELECT count(*) FROM duckdb_columns() WHERE schema_name = 'main' "
                       "AND table_name = 'eval_results' AND column_name = 'findings'").fetchone()[0] > 0
