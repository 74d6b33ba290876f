"""The alert tables: each alert's state, its history, silences, the notification outbox and the
runs already judged. `scheduler.alerts.book` writes them, `scheduler.alerts.reads` reads them;
no other code names them.

An alert is a rule on one task (`task_id` '' for a server-wide rule). The outbox holds one row per
notification and destination (the notification's id is stable: receivers drop duplicates), written
in the same transaction as the state change that made it, so a crash neither loses nor repeats one.
"""
from __future__ import annotations

import duckdb

from infra.schema import ensure_schema

SCHEMA_VERSION = 1

_DDL = """
CREATE TABLE IF NOT EXISTS alert_states (
    rule VARCHAR NOT NULL, task_id VARCHAR NOT NULL, state VARCHAR NOT NULL, streak INTEGER NOT NULL,
    episode VARCHAR, fired_at TIMESTAMP, clear_since TIMESTAMP, notified BOOLEAN NOT NULL,
    value DOUBLE, threshold DOUBLE, updated_at TIMESTAMP NOT NULL, run_id VARCHAR, notice JSON,
    PRIMARY KEY (rule, task_id)
);
CREATE TABLE IF NOT EXISTS alert_events (
    episode VARCHAR NOT NULL, event VARCHAR NOT NULL, happened_at TIMESTAMP NOT NULL, rule VARCHAR NOT NULL,
    task_id VARCHAR NOT NULL, run_id VARCHAR, value DOUBLE, threshold DOUBLE, silenced BOOLEAN NOT NULL,
    summary VARCHAR, notice JSON,
    PRIMARY KEY (episode, event)
);
CREATE TABLE IF NOT EXISTS alert_silences (
    silence_id VARCHAR PRIMARY KEY, rule VARCHAR, task_id VARCHAR, created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL, ended_at TIMESTAMP, comment VARCHAR, author VARCHAR
);
CREATE TABLE IF NOT EXISTS alert_outbox (
    notification_id VARCHAR NOT NULL, destination VARCHAR NOT NULL, episode VARCHAR NOT NULL,
    event VARCHAR NOT NULL, rule VARCHAR NOT NULL, task_id VARCHAR NOT NULL, payload JSON NOT NULL,
    created_at TIMESTAMP NOT NULL, state VARCHAR NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL, sent_at TIMESTAMP, last_error VARCHAR,
    PRIMARY KEY (notification_id, destination)
);
CREATE TABLE IF NOT EXISTS alert_runs (
    run_id VARCHAR PRIMARY KEY, task_id VARCHAR NOT NULL, evaluated_at TIMESTAMP NOT NULL
);
"""


def create(cur: duckdb.DuckDBPyConnection) -> None:
    ensure_schema(cur, "alerts", SCHEMA_VERSION, _DDL)


def stored(cur: duckdb.DuckDBPyConnection) -> bool:
    """Whether this database has the alert tables (a server with alerts ever ran on it)."""
    return cur.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = 'alert_states'"
                       ).fetchone()[0] > 0
