"""Text bound for a JSON column reaches DuckDB typed as Arrow's JSON extension type (DuckDB then
takes it without parsing it again), and reads back as the same documents. Real DuckDB file."""
from __future__ import annotations

import datetime as dt
import json
import time

import duckdb
import pyarrow as pa

from collector.assembly import Job, build_tables
from collector.decode import decode_protobuf
from collector.semconv import build_trajectory
from collector.store import TraceStore
from tracepatrol.harness.load import Batch


class Recording:
    """A connection that keeps the schema of every Arrow table registered on it."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self.con, self.registered = con, []

    def register(self, name: str, data):
        if isinstance(data, pa.Table):
            self.registered.append(data.schema)
        return self.con.register(name, data)

    def __getattr__(self, name):
        return getattr(self.con, name)


def test_json_columns_are_read_from_the_schema(tmp_path):
    store = TraceStore(duckdb.connect(str(tmp_path / "j.duckdb")))
    declared = {(t, c) for t, c in store.con.execute(
        "SELECT table_name, column_name FROM duckdb_columns() WHERE data_type = 'JSON'").fetchall()}
    assert {(t, c) for t, cols in store.json_columns.items() for c in cols} == declared
    assert store.json_columns["spans"] == {"attributes", "events", "links", "resource"}
    assert {"arguments", "result"} <= store.json_columns["tool_calls"]


def test_spans_and_trajectories_reach_duckdb_typed_as_json_and_read_back_unchanged(tmp_path):
    con = Recording(duckdb.connect(str(tmp_path / "j.duckdb")))
    store = TraceStore(con)
    now = time.time_ns()
    spans = decode_protobuf(Batch(seed=3, shape="tools").render(1, 0, 0, now_ns=now), now).to_arrow()
    trace_ids = sorted(set(spans.column("trace_id").to_pylist()))

    con.execute("BEGIN")
    store.append_spans(spans)
    completed = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    tables = build_tables(spans, [Job(t, 1, now, now) for t in trace_ids], build_trajectory, completed)
    store.save_tables(tables, [])
    con.execute("COMMIT")

    json_names = set().union(*store.json_columns.values())
    plain = {f.name for schema in con.registered for f in schema if f.name in json_names and f.type != pa.json_()}
    assert not plain, f"{plain} reached DuckDB as plain text"
    typed = {f.name for schema in con.registered for f in schema if f.type == pa.json_()}
    assert {"attributes", "events", "resource", "trajectory", "arguments", "result"} <= typed

    stored = dict(con.execute("SELECT span_id, attributes FROM spans").fetchall())
    sent = dict(zip(spans.column("span_id").to_pylist(), spans.column("attributes").to_pylist()))
    assert stored == sent
    operations = con.execute("SELECT count(*) FROM spans WHERE attributes->>'$.\"gen_ai.operation.name\"' = 'execute_tool'"
                             ).fetchone()[0]
    assert operations == sum(json.loads(a).get("gen_ai.operation.name") == "execute_tool" for a in sent.values()) > 0
    calls = con.execute("SELECT arguments, json_valid(arguments), json_valid(result) FROM tool_calls").fetchall()
    assert calls and all(valid_args and valid_result for _, valid_args, valid_result in calls)
    assert con.execute("SELECT count(*) FROM traces WHERE json_valid(trajectory)").fetchone()[0] == len(trace_ids)
