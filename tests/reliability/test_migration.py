"""Schema versions: an older collector database is migrated at start-up by the real
server; a newer one stops start-up with a message naming the versions."""
from __future__ import annotations

import subprocess

import duckdb
import httpx

from collector.store import SCHEMA_VERSION
from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.process import make_server, tracepatrol

# collector/store/schema.py's DDL at schema version 1 (before traces.redacted), as released.
_V1_DDL = """
CREATE TABLE schema_versions (component VARCHAR PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE spans (
    trace_id VARCHAR NOT NULL, span_id VARCHAR NOT NULL, parent_span_id VARCHAR,
    name VARCHAR, kind TINYINT, start_ns BIGINT, end_ns BIGINT,
    status_code TINYINT, status_message VARCHAR,
    attributes JSON, events JSON, links JSON, resource JSON,
    scope_name VARCHAR, scope_version VARCHAR, service_name VARCHAR,
    trace_state VARCHAR, flags BIGINT, received_ns BIGINT NOT NULL
);
CREATE TABLE traces (
    trace_id VARCHAR PRIMARY KEY, version INTEGER NOT NULL,
    service_name VARCHAR, agent_name VARCHAR, agent_version VARCHAR, root_span_name VARCHAR,
    start_time TIMESTAMP, end_time TIMESTAMP, duration_ms DOUBLE,
    status VARCHAR, error_type VARCHAR, user_id VARCHAR, session_id VARCHAR,
    input VARCHAR, output VARCHAR,
    input_tokens BIGINT, output_tokens BIGINT, total_tokens BIGINT, first_token_ms DOUBLE,
    llm_calls INTEGER, tool_call_count INTEGER, tool_errors INTEGER, span_count INTEGER,
    tool_names VARCHAR[], span_names VARCHAR[],
    attributes JSON, trajectory JSON,
    completed_at TIMESTAMP NOT NULL,
    first_received_ns BIGINT, last_received_ns BIGINT
);
CREATE TABLE tool_calls (
    trace_id VARCHAR NOT NULL, version INTEGER, seq INTEGER, name VARCHAR, call_id VARCHAR,
    arguments JSON, arguments_raw VARCHAR, result JSON, status VARCHAR, error VARCHAR,
    error_type VARCHAR, start_time TIMESTAMP, duration_ms DOUBLE, span_id VARCHAR,
    parent_span_id VARCHAR, offered BOOLEAN
);
CREATE TABLE tool_definitions (trace_id VARCHAR NOT NULL, name VARCHAR, description VARCHAR, parameters JSON);
INSERT INTO schema_versions VALUES ('collector', 1);
"""
OLD_TRACE = "0af7651916cd43dd8448eb211c80319c"


def _v1_database(path) -> None:
    with duckdb.connect(str(path)) as con:
        con.execute(_V1_DDL)
        for start in (1, 5):  # the second copy has another start time: version 3 keeps one per span id
            con.execute("""INSERT INTO spans (trace_id, span_id, name, kind, start_ns, end_ns, status_code, attributes,
                           received_ns) VALUES (?, 'b7ad6b7169203331', 'invoke_agent old', 1, ?, 6, 0, '{}', ?)""",
                        [OLD_TRACE, start, start])
        con.execute("""INSERT INTO traces (trace_id, version, status, span_count, trajectory, completed_at,
                       first_received_ns, last_received_ns)
                       VALUES (?, 1, 'ok', 1, ?, now(), 1, 1)""", [OLD_TRACE, '{"trace_id": "%s", "version": 1}' % OLD_TRACE])


def test_a_version_1_database_is_migrated_at_start_up(tmp_path):
    srv = make_server(tmp_path, "--decision-wait", "0.3")
    _v1_database(srv.db)
    srv.start()
    try:
        assert srv.get(f"/api/traces/{OLD_TRACE}").json()["version"] == 1  # old rows still served
        req, new_trace = request_with_spans(3)
        resp = httpx.post(srv.otlp_http, content=req.SerializeToString(),
                          headers={"Content-Type": "application/x-protobuf"}, timeout=30)
        assert resp.status_code == 200
        srv.wait_for_trace(new_trace)
    finally:
        srv.stop()
    with duckdb.connect(str(srv.db), read_only=True) as con:
        assert con.execute("SELECT version FROM schema_versions WHERE component = 'collector'").fetchone() == (SCHEMA_VERSION,)
        rows = dict(con.execute("SELECT trace_id, redacted FROM traces").fetchall())
        spans = con.execute("SELECT start_ns FROM spans WHERE trace_id = ?", [OLD_TRACE]).fetchall()
        ddl = dict(con.execute("SELECT table_name, sql FROM duckdb_tables()").fetchall())
    assert rows == {OLD_TRACE: 0, new_trace: 0}
    assert spans == [(1,)]  # the first copy kept
    # the rebuilt tables store long text with zstd, and keep their key
    assert "attributes JSON USING COMPRESSION ZSTD" in ddl["spans"] and "trajectory JSON USING COMPRESSION ZSTD" in ddl["traces"]
    assert "PRIMARY KEY" in ddl["traces"] and not any(name.endswith("_v3") for name in ddl)
    assert f"migrated the collector schema from version 1 to {SCHEMA_VERSION}" in srv.log.read_text()


def test_a_newer_database_is_refused_with_a_message(tmp_path):
    db = tmp_path / "newer.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(_V1_DDL)
        con.execute("UPDATE schema_versions SET version = ? WHERE component = 'collector'", [SCHEMA_VERSION + 1])
    done = subprocess.run(tracepatrol("serve", "--db", str(db), "--otlp-http-port", "0", "--otlp-grpc-port", "0",
                                      "--api-port", "0"), capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert (f"database schema for 'collector' is version {SCHEMA_VERSION + 1}, newer than this tracepatrol "
            f"supports ({SCHEMA_VERSION})") in " ".join(done.stderr.split())
