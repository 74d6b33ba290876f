"""Store writer and assembler on a real DuckDB file, with an injected clock."""
from __future__ import annotations

import os

import duckdb
import pytest

from collector.assembly.completion import Assembler
from collector.decoding.otlp import to_batch
from collector.assembly.build import build_trajectory
from collector.store import TraceStore
from collector.queue.ingest import IngestQueue, IngestStats
from collector.queue.drain import StoreWriter
from tests.otlp_payloads import request_with_spans

S = 1_000_000_000


class Clock:
    def __init__(self):
        self.now = 1_000 * S

    def __call__(self) -> int:
        return self.now


def make_writer(path, clock, decision_wait=10.0, max_trace_wait=600.0):
    con = duckdb.connect(str(path))
    queue = IngestQueue(100_000)
    writer = StoreWriter(TraceStore(con), queue, Assembler(decision_wait, max_trace_wait), build_trajectory,
                         IngestStats(), clock=clock)
    return con, queue, writer


def commit(writer, queue, req, received_ns):
    queue.submit(to_batch(req, received_ns))
    writer._commit(queue.take(100_000, 0))


def test_assembler_rules():
    a = Assembler(decision_wait_s=10, max_trace_wait_s=60)
    a.observe(["t1", "t1"], [None, "p"], [0, 5 * S])     # root seen, last span at 5 s
    a.observe(["t2"], ["p"], [0])                         # no root yet
    assert a.due(14 * S) == []
    assert [t for t, _ in a.due(15 * S)] == ["t1"]
    assert a.due(59 * S) == []
    assert [t for t, _ in a.due(60 * S)] == ["t2"]       # max_trace_wait, root or not
    assert len(a) == 0


def test_a_parent_cycle_or_a_span_its_own_parent_waits_only_for_quiet():
    a = Assembler(decision_wait_s=10, max_trace_wait_s=600)
    a.observe(["cycle", "cycle", "self", "open"], ["b", "a", "s", "missing"], [0] * 4, span_ids=["a", "b", "s", "x"])
    assert sorted(t for t, _ in a.due(10 * S)) == ["cycle", "self"]  # nothing left to wait for
    assert a.due(599 * S) == [] and [t for t, _ in a.due(600 * S)] == ["open"]


def test_a_requeued_trace_is_not_due_before_its_retry_time():
    a = Assembler(decision_wait_s=1, max_trace_wait_s=600)
    a.observe(["t"], [None], [0])
    chunk = a.due(1 * S)
    a.requeue(chunk, retry_at_ns=5 * S)
    assert a.due(4 * S) == [] and [t for t, _ in a.due(5 * S)] == ["t"]


def test_trajectory_written_after_decision_wait_and_rebuilt_on_late_span(tmp_path):
    clock = Clock()
    con, queue, writer = make_writer(tmp_path / "w.duckdb", clock)
    req, trace_id = request_with_spans(3)
    commit(writer, queue, req, clock.now)
    assert writer.assemble_due() == 0
    clock.now += 10 * S
    assert writer.assemble_due() == 1
    row = con.execute("SELECT version, span_count, tool_call_count FROM traces WHERE trace_id = ?", [trace_id]).fetchone()
    assert row == (1, 3, 2)

    late, _ = request_with_spans(2, trace_id=bytes.fromhex(trace_id))
    late.resource_spans[0].scope_spans[0].spans[0].parent_span_id = os.urandom(8)  # not a second root
    commit(writer, queue, late, clock.now)
    clock.now += 9 * S
    assert writer.assemble_due() == 0  # the root came earlier: the usual quiet period applies
    clock.now += 1 * S
    assert writer.assemble_due() == 1
    row = con.execute("SELECT version, span_count, tool_call_count FROM traces WHERE trace_id = ?", [trace_id]).fetchone()
    assert row == (2, 5, 3)
    assert con.execute("SELECT count(*) FROM tool_calls WHERE trace_id = ?", [trace_id]).fetchone()[0] == 3


def test_restart_restores_the_backlog_from_the_database(tmp_path):
    clock = Clock()
    path = tmp_path / "r.duckdb"
    con, queue, writer = make_writer(path, clock)
    req, trace_id = request_with_spans(4)
    commit(writer, queue, req, clock.now)
    con.close()  # "crash" before assembly

    con, queue, writer = make_writer(path, clock)
    writer.start()
    try:
        clock.now += 11 * S
        assert writer.assemble_due() == 1
    finally:
        writer.shutdown()
    assert con.execute("SELECT span_count FROM traces WHERE trace_id = ?", [trace_id]).fetchone() == (4,)


def test_duplicates_within_and_across_batches_are_stored_once(tmp_path):
    clock = Clock()
    con, queue, writer = make_writer(tmp_path / "d.duckdb", clock)
    req, trace_id = request_with_spans(3)
    spans = req.resource_spans[0].scope_spans[0].spans
    spans.add().CopyFrom(spans[0])
    commit(writer, queue, req, clock.now)
    commit(writer, queue, req, clock.now + 1)
    assert con.execute("SELECT count(*) FROM spans").fetchone()[0] == 3
    assert writer.stats.stored_spans == 3 and writer.stats.duplicate_spans == 5


def test_a_newer_schema_is_refused(tmp_path):
    from infra.schema import SchemaError

    con = duckdb.connect(str(tmp_path / "n.duckdb"))
    TraceStore(con)
    con.execute("UPDATE schema_versions SET version = 99 WHERE component = 'collector'")
    with pytest.raises(SchemaError, match="newer than this tracepatrol supports"):
        TraceStore(con)
