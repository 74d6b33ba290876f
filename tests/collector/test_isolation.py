"""Ingest isolation: no trace stops the others, and the writer thread outlives errors.

All on a real DuckDB file with the real StoreWriter; failures are injected where the real ones
are hard to cause on demand (a build that raises, a pool that cannot start, a dying thread).
"""
from __future__ import annotations

import errno
import os
import threading
import time

import duckdb
import pytest

from collector.queue import drain as writer_module
from collector.assembly.completion import Assembler
from collector.assembly.workers import OMITTED_ATTRIBUTE
from collector.decoding.otlp import to_batch
from collector.json_limits import CLIPPED_MARK
from collector.assembly.build import build_trajectory
from collector.store import TraceStore, read_trajectories
from collector.queue.ingest import IngestQueue, IngestStats
from collector.queue.drain import StoreWriter
from infra.errors import StorageUnavailable
from tests.collector.test_writer import S, Clock, commit
from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.waiting import wait_for

POISON = "poison"  # a root span named so makes `failing_build` raise


def failing_build(spans, version):
    """The real mapping, except for the trace whose root is named POISON (module level: picklable)."""
    if any(s.name == POISON for s in spans):
        raise RuntimeError("injected build failure")
    return build_trajectory(spans, version)


def crashing_build(spans, version):
    """Ends the assembly process on the POISON trace, as a segfault or the OOM killer would."""
    if any(s.name == POISON for s in spans):
        os._exit(3)
    return build_trajectory(spans, version)


def writer_on(path, clock=time.time_ns, build=failing_build, **kwargs):
    con = duckdb.connect(str(path))
    queue = IngestQueue(1_000_000)
    writer = StoreWriter(TraceStore(con.cursor()), queue, Assembler(0.05 if clock is time.time_ns else 10, 600), build,
                         IngestStats(), clock=clock, **kwargs)
    return con, queue, writer


def trace(n=2, name=None, deep=0, tokens=None):
    req, trace_id = request_with_spans(n)
    spans = req.resource_spans[0].scope_spans[0].spans
    if name:
        spans[0].name = name
    if deep:
        spans[1].attributes.add(key="gen_ai.tool.call.arguments").value.string_value = "[" * deep + "]" * deep
    if tokens is not None:  # counted on model calls only: the child becomes one
        next(a for a in spans[1].attributes if a.key == "gen_ai.operation.name").value.string_value = "chat"
        spans[1].attributes.add(key="gen_ai.usage.input_tokens").value.double_value = tokens
    return req, trace_id


def traces_of(con) -> set[str]:
    return {r[0] for r in con.execute("SELECT trace_id FROM traces").fetchall()}


def test_a_trace_that_cannot_be_built_is_quarantined_and_the_chunk_is_stored(tmp_path):
    clock = Clock()
    con, queue, writer = writer_on(tmp_path / "q.duckdb", clock)
    bad_req, bad = trace(3, name=POISON)
    commit(writer, queue, bad_req, clock.now)
    good = []
    for _ in range(5):
        req, tid = trace()
        commit(writer, queue, req, clock.now)
        good.append(tid)
    clock.now += 11 * S
    assert writer.assemble_due() == 5
    assert traces_of(con) == set(good)
    [row] = writer.store.quarantined()
    assert row["trace_id"] == bad and row["span_count"] == 3
    assert row["reason"] == "RuntimeError: injected build failure"
    assert writer.stats.quarantined_traces == 1
    assert con.execute("SELECT count(*) FROM spans WHERE trace_id = ?", [bad]).fetchall() == [(3,)]  # spans kept
    assert writer.assemble_due() == 0 and len(writer) == 0  # never retried in a loop


def test_a_trajectory_that_cannot_be_stored_is_quarantined_alone(tmp_path):
    """input_tokens 1e300 fits no BIGINT: the real store refuses that one trace only."""
    clock = Clock()
    con, queue, writer = writer_on(tmp_path / "s.duckdb", clock, build=build_trajectory)
    bad_req, bad = trace(tokens=1e300)
    commit(writer, queue, bad_req, clock.now)
    req, good = trace()
    commit(writer, queue, req, clock.now)
    clock.now += 11 * S
    assert writer.assemble_due() == 1
    assert traces_of(con) == {good}
    [row] = writer.store.quarantined()
    assert row["trace_id"] == bad and "int" in row["reason"].lower()


def test_a_failing_store_is_tried_one_by_one_and_transient_errors_back_off_then_give_up(tmp_path, monkeypatch):
    clock = Clock()
    con, queue, writer = writer_on(tmp_path / "t.duckdb", clock, build=build_trajectory, max_attempts=3)
    ids = []
    for _ in range(3):
        req, tid = trace()
        commit(writer, queue, req, clock.now)
        ids.append(tid)
    real_save = writer.store.save_tables

    def save(tables, replaced):
        stored = tables.traces.column("trace_id").to_pylist()
        if ids[0] in stored:
            raise duckdb.InvalidInputException("bad row")  # the data's fault: this trace only
        if ids[1] in stored:
            raise duckdb.IOException("disk I/O error")  # the disk's: retried later, as it is
        return real_save(tables, replaced)

    monkeypatch.setattr(writer.store, "save_tables", save)
    clock.now += 11 * S
    assert writer.assemble_due() == 1 and traces_of(con) == {ids[2]}
    assert [r["trace_id"] for r in writer.store.quarantined()] == [ids[0]]
    assert writer.assemble_due() == 0  # ids[1] waits for its backoff
    for attempt in range(2):
        clock.now += 60 * S
        assert writer.assemble_due() == 0
    reasons = {r["trace_id"]: r["reason"] for r in writer.store.quarantined()}
    assert reasons[ids[1]] == "still failing after 3 attempts: IOException: disk I/O error"
    assert len(writer) == 0


def test_arguments_nested_300_deep_are_clipped_and_stored(tmp_path):
    clock = Clock()
    con, queue, writer = writer_on(tmp_path / "c.duckdb", clock, build=build_trajectory)
    req, tid = trace(deep=300)
    commit(writer, queue, req, clock.now)
    clock.now += 11 * S
    assert writer.assemble_due() == 1
    call = read_trajectories(con, [tid])[tid].tool_calls[0]
    depth, value = 0, call.arguments
    while isinstance(value, list):
        depth, value = depth + 1, value[0]
    assert depth == 32 and value.startswith(CLIPPED_MARK)
    assert CLIPPED_MARK in con.execute("SELECT arguments FROM tool_calls WHERE trace_id = ?", [tid]).fetchall()[0][0]


def test_a_trace_past_the_span_limit_is_built_from_its_root_and_first_spans(tmp_path):
    clock = Clock()
    con, queue, writer = writer_on(tmp_path / "l.duckdb", clock, build=build_trajectory, max_trace_spans=100)
    req, tid = trace(300)
    spans = req.resource_spans[0].scope_spans[0].spans
    spans[0].start_time_unix_nano += 10**9  # the root starts last: kept anyway
    commit(writer, queue, req, clock.now)
    clock.now += 11 * S
    assert writer.assemble_due() == 1
    t = read_trajectories(con, [tid])[tid]
    assert t.span_count == 100 and t.attributes[OMITTED_ATTRIBUTE] == 200
    assert t.root_span_name == "invoke_agent test"


def test_a_span_resent_with_another_start_time_is_stored_once(tmp_path):
    clock = Clock()
    con, queue, writer = writer_on(tmp_path / "d.duckdb", clock, build=build_trajectory)
    req, tid = trace(3)
    commit(writer, queue, req, clock.now)
    for shift in (1, 2):  # while pending, then after its trajectory was stored
        again, _ = request_with_spans(1, trace_id=bytes.fromhex(tid))
        again.resource_spans[0].scope_spans[0].spans[0].CopyFrom(req.resource_spans[0].scope_spans[0].spans[1])
        again.resource_spans[0].scope_spans[0].spans[0].start_time_unix_nano += shift * 3600 * S
        clock.now += 11 * S
        commit(writer, queue, again, clock.now)
        writer.assemble_due()
    assert con.execute("SELECT count(*) FROM spans").fetchall() == [(3,)]
    assert writer.stats.duplicate_spans == 2


@pytest.mark.integration  # the writer's assembly process pool: a real process is killed
def test_a_build_that_kills_the_assembly_process_quarantines_that_trace_only(tmp_path):
    con, queue, writer = writer_on(tmp_path / "k.duckdb", build=crashing_build, assembly_workers=1)
    batches = [trace(name=POISON)] + [trace() for _ in range(3)]
    for req, _ in batches:
        queue.submit(to_batch(req, time.time_ns()))
    writer.start()
    try:
        good = {tid for _, tid in batches[1:]}
        wait_for("the good traces stored and the poison one quarantined",
                 lambda: good <= traces_of(con) and writer.stats.quarantined_traces == 1, timeout=120, every=0.02)
    finally:
        writer.shutdown()
    [row] = writer.store.quarantined()
    assert row["trace_id"] == batches[0][1] and row["reason"].startswith("assembly process failed")
    assert writer.failure is None


def test_when_the_pool_cannot_start_traces_are_built_in_the_writer_thread(tmp_path, monkeypatch):
    """What "too many open files" did to the writer thread: it must carry on, and say it is fine."""
    starts = []

    def no_fds(*args, **kwargs):
        starts.append(time.monotonic())
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(writer_module, "ProcessPoolExecutor", no_fds)
    con, queue, writer = writer_on(tmp_path / "f.duckdb", assembly_workers=1)
    writer.start()
    try:
        for _ in range(3):
            req, tid = trace()
            assert queue.submit(to_batch(req, time.time_ns())).result(10) == 2
            wait_for(f"trace {tid}", lambda: tid in traces_of(con), timeout=30, every=0.02)
        assert writer.failure is None and writer._thread.is_alive()
        assert len(starts) == 1  # the next try waits for its backoff, not for every chunk
    finally:
        writer.shutdown()


class Fatal(BaseException):
    """Something no `except Exception` catches: the thread really dies."""


def test_a_dead_writer_is_reported_and_fails_waiting_senders_at_once(tmp_path, monkeypatch):
    con, queue, writer = writer_on(tmp_path / "x.duckdb")
    entered, release = threading.Event(), threading.Event()

    def commit(items):
        entered.set()
        release.wait(10)
        raise Fatal("simulated thread death")

    monkeypatch.setattr(writer, "_commit", commit)
    writer.start()
    assert writer.failure is None
    taken = queue.submit(to_batch(trace()[0], time.time_ns()))
    assert entered.wait(10)
    waiting = queue.submit(to_batch(trace()[0], time.time_ns()))
    release.set()
    for future in (taken, waiting):
        with pytest.raises(StorageUnavailable, match="store writer thread died: Fatal: simulated thread death"):
            future.result(5)
    assert writer.failure == "store writer thread died: Fatal: simulated thread death"
    later = queue.submit(to_batch(trace()[0], time.time_ns()))
    assert later.done() and isinstance(later.exception(), StorageUnavailable)


def test_unexpected_errors_do_not_end_the_writer_but_a_lasting_stall_is_reported(tmp_path, monkeypatch):
    con, queue, writer = writer_on(tmp_path / "e.duckdb", stall_limit_s=0.5)
    broken = threading.Event()
    broken.set()
    real_due = writer.assembler.due

    def due(*args, **kwargs):
        if broken.is_set():
            raise ValueError("a bug")
        return real_due(*args, **kwargs)

    monkeypatch.setattr(writer.assembler, "due", due)
    writer.start()
    try:
        req, tid = trace()
        assert queue.submit(to_batch(req, time.time_ns())).result(10) == 2  # spans still committed
        wait_for("the stall reported", lambda: writer.failure is not None, timeout=10, every=0.02)
        assert "ValueError: a bug" in writer.failure
        broken.clear()
        wait_for(f"trace {tid}", lambda: tid in traces_of(con), timeout=30, every=0.02)
        # cleared once a round ends well: on a busy machine that may be a moment after the trace is stored
        wait_for("the stall cleared", lambda: writer.failure is None, timeout=10, every=0.02)
        assert writer.stats.writer_errors > 0
    finally:
        writer.shutdown()


GATE = "TRACEPATROL_TEST_BUILD_GATE"


def gated_build(spans, version):
    """The real mapping, once the file named by $TRACEPATROL_TEST_BUILD_GATE exists (module level:
    picklable; the spawned assembly process inherits the variable)."""
    while not os.path.exists(os.environ[GATE]):
        time.sleep(0.01)
    return build_trajectory(spans, version)


@pytest.mark.integration  # the writer's assembly process pool: a real process builds
def test_the_next_chunk_waits_at_the_worker_while_one_is_built(tmp_path, monkeypatch):
    """With one assembly process, a second chunk is loaded and handed over while the first is built,
    so the process starts on it the moment it is done, not a writer round (and a read of its spans)
    later; a third is not handed over until one of them is saved."""
    gate = tmp_path / "open"
    monkeypatch.setenv(GATE, str(gate))
    con, queue, writer = writer_on(tmp_path / "g.duckdb", build=gated_build, assembly_workers=1, assemble_chunk=1)
    batches = [trace() for _ in range(3)]
    for req, _ in batches:
        queue.submit(to_batch(req, time.time_ns()))
    writer.start()
    try:
        wait_for("two chunks at the assembly process", lambda: len(writer._inflight) == 2, timeout=60, every=0.02)
        time.sleep(0.5)  # a few writer rounds: the third stays in the writer
        assert len(writer._inflight) == 2 and not traces_of(con)
        gate.touch()
        wait_for("every trace stored", lambda: {tid for _, tid in batches} <= traces_of(con), timeout=60, every=0.02)
    finally:
        gate.touch()
        writer.shutdown()


WRITER_PID = "TRACEPATROL_TEST_WRITER_PID"


def pool_gated_build(spans, version):
    """`gated_build` in an assembly process only (not in the process named by
    $TRACEPATROL_TEST_WRITER_PID): the writer thread builds at once."""
    if os.getpid() != int(os.environ[WRITER_PID]):
        return gated_build(spans, version)
    return build_trajectory(spans, version)


@pytest.mark.integration  # the writer's assembly process pool: a real process builds
def test_with_no_spans_to_store_the_writer_thread_helps_the_busy_assembly_process(tmp_path, monkeypatch):
    """After a burst, the backlog is built by the writer thread too while the process is busy: here the
    process is held, so only the writer's help can store the traces beyond the two it holds."""
    gate = tmp_path / "open"
    monkeypatch.setenv(GATE, str(gate))
    monkeypatch.setenv(WRITER_PID, str(os.getpid()))
    con, queue, writer = writer_on(tmp_path / "h.duckdb", build=pool_gated_build, assembly_workers=1, assemble_chunk=1)
    batches = [trace() for _ in range(6)]
    for req, _ in batches:
        queue.submit(to_batch(req, time.time_ns()))
    writer.start()
    try:
        wait_for("four traces built by the writer thread", lambda: len(traces_of(con)) == 4, timeout=60, every=0.02)
        assert len(writer._inflight) == 2  # the held process's two chunks
        gate.touch()
        wait_for("every trace stored", lambda: {tid for _, tid in batches} <= traces_of(con), timeout=60, every=0.02)
    finally:
        gate.touch()
        writer.shutdown()
