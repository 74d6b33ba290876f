"""Resources and scopes are stored once, not once per span: a batch's spans keep their keys, the
readers (assembly's span table, the trace page's records) read them back, retention deletes
those no span refers to, and a version-4 database is migrated to them."""
from __future__ import annotations

import duckdb
import pyarrow as pa
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.decoding.otlp import Limits, decode_protobuf, to_batch
from collector.store import TraceStore, expire_spans, records_by_trace, span_records
from collector.store.schema import _OTHERS_V5, _SPANS_V4

HUGE = "r" * (512 * 1024)


def _request(spans: int, scope: str = "scope", service: str = "svc", start: int = 1) -> ExportTraceServiceRequest:
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    rs.resource.attributes.add(key="service.name").value.string_value = service
    rs.resource.attributes.add(key="huge").value.string_value = HUGE
    ss = rs.scope_spans.add()
    ss.scope.name, ss.scope.version = scope, "1.0"
    for i in range(start, start + spans):
        ss.spans.add(trace_id=(i % 7 + 1).to_bytes(16, "big"), span_id=i.to_bytes(8, "big"), name=f"s{i}",
                     start_time_unix_nano=i, end_time_unix_nano=i + 1)
    return req


def test_a_huge_resource_is_stored_once_for_all_its_spans(tmp_path):
    store = TraceStore(duckdb.connect(str(tmp_path / "o.duckdb")))
    limits = Limits(max_attribute_length=1024 * 1024)
    for table in (decode_protobuf(_request(2000).SerializeToString(), 5, limits).table,  # Rust
                  to_batch(_request(2000, start=5000), 5, limits).to_arrow()):  # Python
        store.con.execute("BEGIN")
        assert store.append_spans(table).num_rows == 2000
        store.con.execute("COMMIT")
    con = store.con
    assert con.execute("SELECT count(*), count(DISTINCT resource_id), count(DISTINCT scope_id) FROM spans").fetchall() == [(4000, 1, 1)]
    assert con.execute("SELECT count(*), max(length(attributes::VARCHAR)) FROM span_resources").fetchall()[0][0] == 1
    assert con.execute("SELECT name, version FROM span_scopes").fetchall() == [("scope", "1.0")]
    table, _ = store.load_span_table([(i + 1).to_bytes(16, "big").hex() for i in range(7)], 0)
    assert table.num_rows == 4000 and HUGE in table.column("resource").chunk(0).dictionary.to_pylist()[0]
    records = [r for rs in records_by_trace(table).values() for r in rs]
    assert {id(r.resource) for r in records} == {id(records[0].resource)}  # parsed once, shared
    assert records[0].resource == {"service.name": "svc", "huge": HUGE}
    assert {(r.scope_name, r.service_name) for r in records} == {("scope", "svc")}
    page = span_records(con.cursor(), (2).to_bytes(16, "big").hex(), [(1).to_bytes(8, "big").hex()])
    assert [(p.name, p.resource["service.name"], p.scope_name) for p in page] == [("s1", "svc", "scope")]


def test_scope_names_are_cut_to_the_attribute_length_in_both_decoders():
    req = _request(3, scope="n" * 5000)
    req.resource_spans[0].scope_spans[0].scope.version = "v" * 5000
    limits = Limits(max_attribute_length=100)
    for batch in (decode_protobuf(req.SerializeToString(), 5, limits), to_batch(req, 5, limits)):
        table = batch.to_arrow()
        assert table.column("scope_name").to_pylist() == ["n" * 100] * 3
        assert table.column("scope_version").to_pylist() == ["v" * 100] * 3
        assert batch.truncated == 3  # the resource's huge value, the scope's name and version


def test_retention_deletes_the_origins_no_span_refers_to(tmp_path):
    store = TraceStore(duckdb.connect(str(tmp_path / "e.duckdb")), clock=lambda: 1)
    for req in (_request(3, scope="old", service="gone"), _request(3, scope="kept", start=10)):
        store.append_spans(to_batch(req, 5).to_arrow())
    con = store.con
    assert expire_spans(con, ended_before_ns=5) == {"spans": 3, "span_resources": 1, "span_scopes": 1}
    assert con.execute("SELECT service_name FROM span_resources").fetchall() == [("svc",)]
    assert con.execute("SELECT name FROM span_scopes").fetchall() == [("kept",)]
    assert expire_spans(con, ended_before_ns=5) == {"spans": 0, "span_resources": 0, "span_scopes": 0}


def test_a_version_4_database_moves_its_resources_and_scopes_out_of_the_span_rows(tmp_path):
    path = str(tmp_path / "v4.duckdb")
    with duckdb.connect(path) as con:
        con.execute(_SPANS_V4 + _OTHERS_V5)
        con.execute("CREATE TABLE schema_versions (component VARCHAR PRIMARY KEY, version INTEGER NOT NULL)")
        con.execute("INSERT INTO schema_versions VALUES ('collector', 4)")
        _old = pa.table(to_batch(_request(4), 5).columns)  # noqa: F841 (read by name below): plain text columns
        con.execute("INSERT INTO spans SELECT * FROM _old")
    store = TraceStore(duckdb.connect(path))
    assert store.con.execute("SELECT count(*), count(DISTINCT resource_id) FROM spans").fetchall() == [(4, 1)]
    table, _ = store.load_span_table([(i + 1).to_bytes(16, "big").hex() for i in range(7)], 0)
    records = [r for rs in records_by_trace(table).values() for r in rs]
    assert {(r.resource["service.name"], r.scope_name) for r in records} == {("svc", "scope")}
    # a span sent again after the migration points at the same resource and scope
    store.append_spans(to_batch(_request(1, start=100), 5).to_arrow())
    assert store.con.execute("SELECT count(DISTINCT resource_id), count(DISTINCT scope_id) FROM spans").fetchall() == [(1, 1)]
