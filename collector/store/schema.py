"""The collector's tables as DDL, and the steps that migrate an older database to them.

Each step keeps the DDL of its own version: a later step's tables are made by the later step."""
from __future__ import annotations

import duckdb

import collector.store.origins as origins
from infra.schema import ensure_schema

SCHEMA_VERSION = 6
COMPONENT = "collector"

# Long text (attributes, messages, arguments and results, trajectory documents) is stored with
# zstd: DuckDB's automatic choice tries FSST and dictionary+FSST on every segment it checkpoints,
# which cost 4-5 times the checkpoint CPU of zstd on agent traces (they repeat their prompts and
# histories; benchmarks/span_store.py and assembly.py) and 1.5 times on varied prose, for files
# 2-7 times larger. Reading a zstd column costs more (a full scan ~1.5x), but filters and the
# sampler's selections read the short columns, which keep DuckDB's choice.
# A span keeps the keys of its resource and scope, stored once each (collector.store.origins).
_SPANS_V5 = """
CREATE TABLE IF NOT EXISTS spans (
    trace_id VARCHAR NOT NULL, span_id VARCHAR NOT NULL, parent_span_id VARCHAR,
    name VARCHAR, kind TINYINT, start_ns BIGINT, end_ns BIGINT,
    status_code TINYINT, status_message VARCHAR,
    attributes JSON USING COMPRESSION zstd, events JSON USING COMPRESSION zstd,
    links JSON USING COMPRESSION zstd, resource_id VARCHAR, scope_id VARCHAR,
    trace_state VARCHAR, flags BIGINT, received_ns BIGINT NOT NULL
);
"""
# Until version 5 each span row kept its resource and scope whole.
_SPANS_V4 = _SPANS_V5.replace("resource_id VARCHAR, scope_id VARCHAR", "resource JSON USING COMPRESSION zstd,\n"
                           "    scope_name VARCHAR, scope_version VARCHAR, service_name VARCHAR")
_OTHERS_V5 = """
CREATE TABLE IF NOT EXISTS traces (
    trace_id VARCHAR PRIMARY KEY, version INTEGER NOT NULL,
    service_name VARCHAR, agent_name VARCHAR, agent_version VARCHAR, root_span_name VARCHAR,
    start_time TIMESTAMP, end_time TIMESTAMP, duration_ms DOUBLE,
    status VARCHAR, error_type VARCHAR, user_id VARCHAR, session_id VARCHAR,
    input VARCHAR USING COMPRESSION zstd, output VARCHAR USING COMPRESSION zstd,
    input_tokens BIGINT, output_tokens BIGINT, total_tokens BIGINT, first_token_ms DOUBLE,
    llm_calls INTEGER, tool_call_count INTEGER, tool_errors INTEGER, span_count INTEGER,
    tool_names VARCHAR[], span_names VARCHAR[],
    attributes JSON USING COMPRESSION zstd, trajectory JSON USING COMPRESSION zstd,
    completed_at TIMESTAMP NOT NULL,
    first_received_ns BIGINT, last_received_ns BIGINT,
    redacted INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tool_calls (
    trace_id VARCHAR NOT NULL, version INTEGER, seq INTEGER, name VARCHAR, call_id VARCHAR,
    arguments JSON USING COMPRESSION zstd, arguments_raw VARCHAR USING COMPRESSION zstd,
    result JSON USING COMPRESSION zstd, status VARCHAR, error VARCHAR,
    error_type VARCHAR, start_time TIMESTAMP, duration_ms DOUBLE, span_id VARCHAR,
    parent_span_id VARCHAR, offered BOOLEAN
);
CREATE TABLE IF NOT EXISTS tool_definitions (
    trace_id VARCHAR NOT NULL, name VARCHAR, description VARCHAR, parameters JSON
);
CREATE TABLE IF NOT EXISTS trace_quarantine (
    trace_id VARCHAR PRIMARY KEY, reason VARCHAR NOT NULL, quarantined_at TIMESTAMP NOT NULL,
    first_received_ns BIGINT, last_received_ns BIGINT, span_count INTEGER
);
"""
# Since version 6 spans and traces belong to a project: the one of the key the spans came with
# (a trace's is its first span's). Rows from before are the default project's.
_PROJECT = "project VARCHAR DEFAULT 'default'"
_SPANS = _SPANS_V5.replace("received_ns BIGINT NOT NULL\n", f"received_ns BIGINT NOT NULL, {_PROJECT}\n")
_OTHERS = _OTHERS_V5.replace("    redacted INTEGER DEFAULT 0\n", f"    redacted INTEGER DEFAULT 0, {_PROJECT}\n")
assert _SPANS != _SPANS_V5 and _OTHERS != _OTHERS_V5
_DDL = _SPANS + _OTHERS + origins.DDL

_REBUILT = ("spans", "traces", "tool_calls", "tool_definitions")

# Steps that bring a database from version N (the key) to N + 1, run in order at start-up.
_MIGRATIONS: dict[int, str] = {
    1: "ALTER TABLE traces ADD COLUMN redacted INTEGER DEFAULT 0",
    # The dedup key became (trace_id, span_id) whatever the start time: drop later copies.
    2: """DELETE FROM spans WHERE rowid IN (
           SELECT rowid FROM spans QUALIFY row_number() OVER (PARTITION BY trace_id, span_id ORDER BY received_ns) > 1)""",
    # Long text moved to zstd: the tables are rebuilt, since a column's compression cannot be altered.
    3: "".join(f"ALTER TABLE {t} RENAME TO {t}_v3;" for t in _REBUILT) + _SPANS_V4 + _OTHERS_V5
       + "".join(f"INSERT INTO {t} BY NAME SELECT * FROM {t}_v3; DROP TABLE {t}_v3;" for t in _REBUILT),
    # Resources and scopes moved to tables of their own, once each; spans keep their keys.
    4: origins.DDL + f"""
       INSERT INTO span_resources SELECT {origins.RESOURCE_ID_SQL}, any_value(resource), any_value(service_name),
           max(received_ns) FROM spans WHERE resource IS NOT NULL GROUP BY ALL;
       INSERT INTO span_scopes SELECT {origins.SCOPE_ID_SQL}, any_value(scope_name), any_value(scope_version),
           max(received_ns) FROM spans GROUP BY ALL;
       ALTER TABLE spans RENAME TO spans_v4;""" + _SPANS_V5 + f"""
       INSERT INTO spans BY NAME SELECT * EXCLUDE (resource, scope_name, scope_version, service_name),
           {origins.RESOURCE_ID_SQL} AS resource_id, {origins.SCOPE_ID_SQL} AS scope_id FROM spans_v4;
       DROP TABLE spans_v4;""",
    5: f"ALTER TABLE spans ADD COLUMN {_PROJECT}; ALTER TABLE traces ADD COLUMN {_PROJECT};",
}


def create(con: duckdb.DuckDBPyConnection) -> None:
    """Create the tables, or migrate an older database to them."""
    ensure_schema(con, COMPONENT, SCHEMA_VERSION, _DDL, _MIGRATIONS)


def stored(cur: duckdb.DuckDBPyConnection, table: str = "traces") -> bool:
    """Whether this database has the collector's `table` (a read-only file may predate it)."""
    return cur.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = ?",
                       [table]).fetchone()[0] > 0
