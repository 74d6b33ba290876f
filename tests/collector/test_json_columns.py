"""Text bound for a JSON column reaches DuckDB typed as Arrow's JSON extension type, which DuckDB
takes without parsing it again, and reads back as the same documents. Real DuckDB file."""
from __future__ import annotations

import datetime as dt
import json
import time

import duckdb
import pyarrow as pa
import pytest

from collector.assembly.workers import Job, build_tables
from collector.decoding.otlp import decode_protobuf
from collector.assembly.build import build_trajectory
from collector.store import TraceStore
from tracepatrol.harness.load import Batch


def test_json_columns_are_read_from_the_schema(tmp_path):
    store = TraceStore(duckdb.connect(str(tmp_path / "j.duckdb")))
    declared = {(t, c) for t, c in store.con.execute(
        "SELECT table_name, column_name FROM duckdb_columns() WHERE data_type = 'JSON'").fetchall()}
    assert {(t, c) for t, cols in store.json_columns.items() for c in cols} == declared
    assert store.json_columns["spans"] == {"attributes", "events", "links"}
    assert store.json_columns["span_resources"] == {"attributes"}
    assert {"arguments", "result"} <= store.json_columns["tool_calls"]


def test_spans_and_trajectories_read_back_unchanged_as_json(tmp_path):
    store = TraceStore(duckdb.connect(str(tmp_path / "j.duckdb")))
    con = store.con
    now = time.time_ns()
    spans = decode_protobuf(Batch(seed=3, shape="tools").render(1, 0, 0, now_ns=now), now).to_arrow()
    trace_ids = sorted(set(spans.column("trace_id").to_pylist()))

    con.execute("BEGIN")
    store.append_spans(spans)
    completed = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    store.save_tables(build_tables(spans, [Job(t, 1, now, now) for t in trace_ids], build_trajectory, completed), [])
    con.execute("COMMIT")

    stored = dict(con.execute("SELECT span_id, attributes FROM spans").fetchall())
    sent = dict(zip(spans.column("span_id").to_pylist(), spans.column("attributes").to_pylist()))
    assert stored == sent
    tools = con.execute("""SELECT count(*) FROM spans
                           WHERE attributes->>'$."gen_ai.operation.name"' = 'execute_tool'""").fetchone()[0]
    assert tools == sum(json.loads(a).get("gen_ai.operation.name") == "execute_tool" for a in sent.values()) > 0
    calls = con.execute("SELECT json_valid(arguments), json_valid(result) FROM tool_calls").fetchall()
    assert calls and all(a and r for a, r in calls)
    assert con.execute("SELECT count(*) FROM traces WHERE json_valid(trajectory)").fetchone()[0] == len(trace_ids)


def test_json_text_is_handed_over_without_duckdb_parsing_it_again(tmp_path):
    """Only the extension type lets text DuckDB would refuse as JSON through: proof that the
    writer's inserts skip the parse (every producer of these columns is a JSON serializer)."""
    store = TraceStore(duckdb.connect(str(tmp_path / "j.duckdb")))
    now = time.time_ns()
    spans = decode_protobuf(Batch(seed=4, shape="chat").render(1, 0, 0, now_ns=now), now).to_arrow()
    i = spans.schema.get_field_index("events")
    spans = spans.set_column(i, "events", pa.array(["{not json"] * spans.num_rows))
    with pytest.raises(duckdb.ConversionException):  # as plain text it is refused
        store.con.execute("SELECT ?::JSON", ["{not json"])
    store.con.execute("BEGIN")
    assert store.append_spans(spans).num_rows == spans.num_rows
    store.con.execute("COMMIT")
    assert store._typed("spans", spans).schema.field("events").type == pa.json_()
    assert store._typed("spans", spans).schema.field("name").type == pa.string()
