"""Retention: expired rows go, recent rows stay, space is reclaimed, ingest is not blocked."""
from __future__ import annotations

import datetime as dt
import os
import threading

import duckdb
import pyarrow as pa
import pytest
from pydantic import ValidationError

from collector.store import retention
from collector.assembly.workers import Job, build_tables
from collector.decoding.otlp import to_batch
from collector.store.retention import RetentionSettings
from collector.assembly.build import build_trajectory
from collector.store import TraceStore
from evaluators.results import ResultStore
from infra.timeutil import parse_duration
from tests.otlp_payloads import request_with_spans
from tracepatrol.retention import apply_retention

NOW = dt.datetime(2026, 6, 1, 12, 0, 0)
EPOCH = dt.datetime(1970, 1, 1)


def _ns(when: dt.datetime) -> int:
    return (when - EPOCH) // dt.timedelta(microseconds=1) * 1000


def _spans(traces: int, spans_each: int, ended: dt.datetime):
    """Arrow spans of `traces` traces whose spans end at `ended`."""
    end_ns = _ns(ended)
    tables, ids = [], []
    for _ in range(traces):
        req, tid = request_with_spans(spans_each)
        for span in req.resource_spans[0].scope_spans[0].spans:
            span.start_time_unix_nano = end_ns - 10_000_000
            span.end_time_unix_nano = end_ns
        tables.append(to_batch(req, end_ns).to_arrow())
        ids.append(tid)
    return pa.concat_tables(tables), ids


def _ingest(store: TraceStore, traces: int, spans_each: int, ended: dt.datetime) -> list[str]:
    spans, ids = _spans(traces, spans_each, ended)
    store.con.execute("BEGIN")
    store.append_spans(spans)
    received = _ns(ended)
    tables = build_tables(spans, [Job(t, 1, received, received) for t in ids], build_trajectory, ended)
    store.save_tables(tables, [])
    store.con.execute("COMMIT")
    return ids


def _results(con, trace_ids: list[str], created: dt.datetime) -> None:
    con.execute(
        "INSERT INTO eval_results (task_id, trace_id, version, evaluator, dimension, label, created_at) "
        "SELECT 'task', t, 1, 'ev', 'dim', 'ok', ? FROM unnest(?) u(t)", [created, trace_ids])


def _count(con, sql: str, params=()) -> int:
    return con.execute(sql, list(params)).fetchall()[0][0]


def test_durations_are_validated():
    assert parse_duration("12h") == dt.timedelta(hours=12)
    assert parse_duration("30d") == dt.timedelta(days=30)
    assert RetentionSettings().model_dump() == {"spans": "7d", "traces": "30d", "results": "180d", "every": "1h"}
    for bad in ("7", "7 days", "-1d", "0h", "1y"):
        with pytest.raises(ValidationError, match="expected a positive integer and a unit"):
            RetentionSettings(spans=bad)
    # trajectories may outlive spans, or not: both are valid
    RetentionSettings(spans="60d", traces="1d")


def test_retention_deletes_expired_rows_and_shrinks_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(retention, "CHUNK_ROWS", 20_000)  # several chunks per table
    path = str(tmp_path / "tp.duckdb")
    con = duckdb.connect(path)
    store = TraceStore(con)
    ResultStore(con)

    old = _ingest(store, 1500, 100, NOW - dt.timedelta(days=40))    # everything expired
    mid = _ingest(store, 100, 100, NOW - dt.timedelta(days=10))     # spans expired, trace kept
    new = _ingest(store, 100, 100, NOW - dt.timedelta(hours=1))     # all kept
    _results(con, old, NOW - dt.timedelta(days=200))
    _results(con, mid + new, NOW - dt.timedelta(days=10))
    con.execute("CHECKPOINT")
    size_before = os.path.getsize(path)
    old_calls = _count(con, "SELECT count(*) FROM tool_calls WHERE trace_id IN (SELECT unnest(?))", [old])
    old_defs = _count(con, "SELECT count(*) FROM tool_definitions WHERE trace_id IN (SELECT unnest(?))", [old])
    assert old_calls == 1500 * 99

    # retention on its own cursor while the writer keeps appending on another
    appended: list[int] = []
    errors: list[BaseException] = []
    result: dict[str, int] = {}
    late, late_ids = _spans(20, 50, NOW)

    def run():
        try:
            cur = con.cursor()
            result.update(apply_retention(cur, RetentionSettings(), NOW))
            cur.close()
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    writer = con.cursor()
    writer_store = TraceStore(writer)
    for i in range(20):
        writer.execute("BEGIN")
        appended.append(writer_store.append_spans(late.slice(i * 50, 50)).num_rows)
        writer.execute("COMMIT")
    worker.join(timeout=120)
    assert not worker.is_alive() and not errors, errors
    assert sum(appended) == 1000

    assert result == {"spans": 1600 * 100, "traces": 1500, "tool_calls": old_calls,
                      "tool_definitions": old_defs, "eval_results": 1500,
                      "span_resources": 0, "span_scopes": 0}
    assert _count(con, "SELECT count(*) FROM spans WHERE trace_id IN (SELECT unnest(?))", [old + mid]) == 0
    assert _count(con, "SELECT count(*) FROM spans WHERE trace_id IN (SELECT unnest(?))", [new]) == 100 * 100
    assert _count(con, "SELECT count(*) FROM spans WHERE trace_id IN (SELECT unnest(?))", [late_ids]) == 1000
    assert _count(con, "SELECT count(*) FROM traces WHERE trace_id IN (SELECT unnest(?))", [old]) == 0
    assert _count(con, "SELECT count(*) FROM traces WHERE trace_id IN (SELECT unnest(?))", [mid + new]) == 200
    assert _count(con, "SELECT count(*) FROM tool_calls WHERE trace_id IN (SELECT unnest(?))", [old]) == 0
    assert _count(con, "SELECT count(*) FROM tool_calls") == 200 * 99
    assert _count(con, "SELECT count(*) FROM eval_results") == 200

    # the retention checkpoint vacuumed the deleted rows: most blocks are free, the file is not larger
    size_retained = os.path.getsize(path)
    con.execute("CHECKPOINT")
    total, used, free = con.execute("SELECT total_blocks, used_blocks, free_blocks FROM pragma_database_size()").fetchall()[0]
    assert used < total / 2 and free > used
    assert size_retained <= size_before
    # the file is truncated once a checkpoint rewrites the surviving tail into the freed blocks:
    # here the next ingest appends to the last row groups
    _ingest(store, 20, 50, NOW)
    con.execute("CHECKPOINT")
    size_after = os.path.getsize(path)
    print(f"\nfile size: before retention {size_before:,} B; after retention + CHECKPOINT {size_retained:,} B "
          f"({used}/{total} blocks used); after the next ingest + CHECKPOINT {size_after:,} B")
    assert size_after < size_before * 0.85
    # and the freed blocks are reused: ingesting again does not grow the file
    _ingest(store, 100, 100, NOW)
    con.execute("CHECKPOINT")
    assert os.path.getsize(path) <= size_after

    # nothing left to do: a second run deletes nothing
    assert set(apply_retention(con.cursor(), RetentionSettings(), NOW).values()) == {0}
    con.close()


def test_eval_results_are_optional(tmp_path):
    con = duckdb.connect(str(tmp_path / "c.duckdb"))
    TraceStore(con)
    out = apply_retention(con.cursor(), RetentionSettings(), NOW)
    assert out == {"spans": 0, "traces": 0, "tool_calls": 0, "tool_definitions": 0,
                   "span_resources": 0, "span_scopes": 0}


def test_the_server_runs_retention_on_its_schedule(tmp_path):
    import time as clock

    from tracepatrol.harness.process import make_server
    from tests.otel_traffic import TraceSpec, send

    cfg = tmp_path / "retention.yaml"
    cfg.write_text("retention: {spans: 1h, traces: 1h, results: 1h, every: 1s}\n")
    srv = make_server(tmp_path, "--decision-wait", "0.3", "--config", str(cfg)).start()
    try:
        old = send(srv.otlp_http, [TraceSpec(age_s=7200) for _ in range(3)])
        new = send(srv.otlp_http, [TraceSpec() for _ in range(2)])
        for trace_id in new:
            srv.wait_for_trace(trace_id)
        deadline = clock.monotonic() + 30
        while clock.monotonic() < deadline and srv.get("/api/stats").json()["traces"] != 2:
            clock.sleep(0.2)
        stats = srv.get("/api/stats").json()
        assert stats["traces"] == 2 and stats["spans"] == 2 * 3
        assert all(srv.get(f"/api/traces/{t}").status_code == 404 for t in old)
    finally:
        srv.stop()
