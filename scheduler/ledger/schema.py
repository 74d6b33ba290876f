"""The scheduler's tables: tasks, their runs, and the items each run selected.

The key of `run_items` is (task_id, trace_id, version), so a trajectory version is taken at most
once per task however often runs repeat or restart.
"""
from __future__ import annotations

import duckdb

from infra.schema import ensure_schema

SCHEMA_VERSION = 1

_DDL = """
CREATE TABLE IF NOT EXISTS tasks (
    task_id VARCHAR PRIMARY KEY, spec JSON NOT NULL, state VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL,
    watermark TIMESTAMP, last_scheduled_for TIMESTAMP
);
CREATE TABLE IF NOT EXISTS task_runs (
    run_id VARCHAR PRIMARY KEY, task_id VARCHAR NOT NULL, trigger VARCHAR NOT NULL,
    scheduled_for TIMESTAMP NOT NULL, started_at TIMESTAMP NOT NULL, selected_at TIMESTAMP,
    finished_at TIMESTAMP, state VARCHAR NOT NULL,
    window_column VARCHAR NOT NULL, window_start TIMESTAMP, window_end TIMESTAMP NOT NULL,
    match VARCHAR, filters JSON, ratio DOUBLE, max_items INTEGER, salt VARCHAR, evaluators VARCHAR[],
    options JSON,
    candidates BIGINT, sampled_out BIGINT, capped BIGINT, already_taken BIGINT, selected BIGINT,
    watermark TIMESTAMP, error VARCHAR
);
CREATE TABLE IF NOT EXISTS run_items (
    task_id VARCHAR NOT NULL, trace_id VARCHAR NOT NULL, version INTEGER NOT NULL,
    run_id VARCHAR NOT NULL, hash DOUBLE, state VARCHAR NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, worker VARCHAR, claimed_at TIMESTAMP,
    finished_at TIMESTAMP, reason VARCHAR,
    PRIMARY KEY (task_id, trace_id, version)
);
"""


def create(cur: duckdb.DuckDBPyConnection) -> None:
    ensure_schema(cur, "scheduler", SCHEMA_VERSION, _DDL)


def stored(cur: duckdb.DuckDBPyConnection) -> bool:
    """Whether this database has the scheduler's tables (no task was ever made on a read-only file)."""
    return cur.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = 'task_runs'"
                       ).fetchone()[0] > 0
