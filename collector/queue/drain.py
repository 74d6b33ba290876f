"""The single DuckDB writer: the ingest queue (`collector.queue.ingest`) drained in capped
transactions, and due traces handed to trajectory assembly between them.

Isolation: no trace can stop the others. A trace that cannot be built or stored is quarantined
(`TraceStore.quarantine`: its spans stay, the reason is kept, `IngestStats.quarantined_traces`
counts it); a chunk that fails is retried in parts until only the culprit is left. Only
transient errors (I/O, memory) are retried as they are, with backoff, a bounded number of times.
The writer thread outlives any error; should it die anyway, `StoreWriter.failure` says so and
every waiting sender is answered at once.
"""
from __future__ import annotations

import datetime as dt
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from collector.assembly.completion import RECENT, Assembler, Pending
from collector.assembly.workers import BuildFn, Job, build_tables, ready, start_worker
from collector.store import NEW_SPAN_COLUMNS, TraceStore, TrajectoryTables, failure_reason
from collector.queue.ingest import IngestQueue, IngestStats, Item, fail
from infra.errors import StorageUnavailable

log = logging.getLogger(__name__)

IDLE_S = 1.0  # no spans for this long: the writer thread helps the assembly processes with their backlog
HELP_CHUNK = 100  # traces it builds at a time then (16 tool-heavy spans each: ~0.1 s)

# Store errors that say nothing about the trace being written: retried as they are, with backoff.
_TRANSIENT = (OSError, MemoryError, duckdb.IOException, duckdb.OutOfMemoryException, duckdb.FatalException,
              duckdb.TransactionException, duckdb.InterruptException)


class StoreWriter:
    """Owns the writing connection: commits span batches first, assembles due trajectories between.

    Trajectories are built by `collector.assembly.workers.build_tables`, in a process pool of
    `assembly_workers` processes running `assembly_nice` lower in CPU priority (0 builds in this
    thread; so does a pool that cannot start, as when file descriptors run out, until a later try
    succeeds). A trace being built is never dispatched again until its result is stored, so
    versions stay in order. Each process has a chunk and one more waits its turn; with no spans to
    store for `IDLE_S`, this thread builds small chunks of the backlog too (`_help`). At most
    `max_trace_spans` spans of a trace are built; the trajectory
    then says how many were left out. `assemble_chunk` traces are built at a time: their spans,
    records and trajectories are most of what an assembly process holds (~115 MiB for 500 traces
    of 16 tool-heavy spans, ~370 MiB for 2,000), while larger chunks saved no measurable CPU.
    """

    def __init__(
        self,
        store: TraceStore,
        queue: IngestQueue,
        assembler: Assembler,
        build: BuildFn,
        stats: IngestStats,
        max_commit_spans: int = 16384,
        tick_s: float = 0.2,
        assemble_chunk: int = 500,
        assembly_workers: int = 0,
        assembly_nice: int = 0,
        clock: Callable[[], int] = time.time_ns,
        max_trace_spans: int = 10_000,
        max_attempts: int = 8,
        retry_s: tuple[float, float] = (0.5, 30.0),
        stall_limit_s: float = 30.0,
    ):
        self.store, self.queue, self.assembler, self.build = store, queue, assembler, build
        self.stats = stats
        stats.stages.add("store")
        self.max_commit_spans, self.tick_s, self.assemble_chunk = max_commit_spans, tick_s, assemble_chunk
        self.assembly_workers, self.assembly_nice = assembly_workers, assembly_nice
        self.clock = clock
        self.max_trace_spans, self.max_attempts, self.retry_s = max_trace_spans, max_attempts, retry_s
        self.stall_limit_s = stall_limit_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._pool_failures, self._pool_retry_at = 0, 0.0
        self._inflight: list[_Dispatch] = []
        self._preparing = 0  # traces of a chunk taken from the assembler, not yet in flight or stored
        self._parts: deque[list[tuple[str, Pending]]] = deque()  # parts of failed chunks, built first
        self._taken: list[Item] = []
        self._died: str | None = None
        self._stalled: tuple[float, str] | None = None  # since when, and why, each round fails

    def __len__(self) -> int:
        """Traces waiting for a trajectory: pending, or being built right now."""
        return (len(self.assembler) + self._preparing + sum(len(d.jobs) for d in self._inflight)
                + sum(map(len, list(self._parts))))

    def oldest_pending_s(self) -> float | None:
        """Seconds the trace waiting longest for assembly has waited (None: none waits)."""
        first = self.assembler.oldest_first_seen_ns()
        return None if first is None else max(0.0, (self.clock() - first) / 1e9)

    @property
    def failure(self) -> str | None:
        """None while the writer makes progress; why not when its thread died or every round of
        its loop has failed for `stall_limit_s` (storage errors answered to senders are progress:
        they pass when the disk does)."""
        if self._died is not None:
            return self._died
        if self._thread is not None and not self._thread.is_alive() and not self._stop.is_set():
            return "store writer thread is not running"
        stalled = self._stalled
        if stalled is not None and time.monotonic() - stalled[0] >= self.stall_limit_s:
            return f"store writer failing for {time.monotonic() - stalled[0]:.0f}s: {stalled[1]}"
        return None

    def start(self) -> None:
        if self._thread:
            return
        recent = self.store.recently_assembled(RECENT)
        self.assembler.restore(self.store.pending_since_restart(), self.clock(), [t for t, _ in recent], dict(recent))
        # The assembly processes start now, not when the first trace is due: the first trajectories
        # wait for no process start-up, and the tree's memory is from the start what it will be
        # under traffic (not a few hundred MiB more at the first trace).
        self._on_pool(lambda pool: [pool.submit(ready) for _ in range(self.assembly_workers)])
        self._thread = threading.Thread(target=self._main, name="tracepatrol-store-writer", daemon=True)
        self._thread.start()

    def shutdown(self) -> None:
        """Commit what is queued and what is being built, then stop. Safe twice or before start."""
        if not self._thread:
            return
        self._stop.set()
        self.queue.wake()
        self._thread.join()
        self._thread = None
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _main(self) -> None:
        try:
            self._run()
        except BaseException as exc:  # only what `_run` cannot survive: say so, answer everyone now
            self._died = f"store writer thread died: {failure_reason(exc)}"
            log.critical("%s", self._died, exc_info=True)
            error = StorageUnavailable(self._died)
            fail(self._taken, error)
            self.queue.close(self._died)
            for dispatch in self._inflight:
                dispatch.future.cancel()

    def _run(self) -> None:
        next_assembly, last_items, helped = 0.0, time.monotonic(), False
        while True:
            # while this thread helps with a backlog it only looks for spans, never waits for them
            items = self._taken = self.queue.take(self.max_commit_spans, 0 if helped else self.tick_s)
            helped = False
            try:
                if items:
                    taken_ns = time.perf_counter_ns()
                    self.stats.queue_wait_ns += sum(taken_ns - it.queued_ns for it in items)
                    self._commit(items)
                    self.stats.insert_ns += time.perf_counter_ns() - taken_ns
                self._collect(wait=False)
                if self._stop.is_set() and not items:
                    self._collect(wait=True)
                    return
                now = time.monotonic()
                if items:
                    last_items = now
                if now >= next_assembly:
                    next_assembly = now + self.tick_s
                    self._dispatch()
                if now - last_items >= IDLE_S:
                    helped = self._help()
            except Exception as exc:  # a bug or an exhausted resource: never the end of ingest
                self._survive(exc, items)
                if self._stop.is_set():
                    return
            else:
                self._stalled = None

    def _survive(self, exc: Exception, items: list[Item]) -> None:
        """Answer what was taken, note the stall, and pause a little (longer while it lasts)."""
        self.stats.writer_errors += 1
        fail(items, StorageUnavailable(f"storage unavailable: {exc}"))
        since = self._stalled[0] if self._stalled else time.monotonic()
        self._stalled = (since, failure_reason(exc))
        log.error("store writer round failed (carrying on): %s", exc, exc_info=True)
        self._stop.wait(min(self.tick_s + time.monotonic() - since, 5.0))

    # -- spans -------------------------------------------------------------------------------
    def _commit(self, items: list[Item]) -> None:
        table = pa.concat_tables([it.table for it in items]) if len(items) > 1 else items[0].table
        trace_ids = set(pc.unique(table.column("trace_id")).to_pylist())  # a Python string per trace, not per span
        try:
            new = self._write(lambda: self.store.append_spans(table, self._first_received(trace_ids)))
        except Exception as exc:
            if len(items) > 1 and not isinstance(exc, _TRANSIENT):  # one sender's batch must not fail the others
                for it in items:
                    self._commit([it])
                return
            self.stats.commit_failures += 1
            log.error("span commit failed (%d spans answered as unavailable): %s", table.num_rows, exc)
            fail(items, StorageUnavailable(f"storage unavailable: {exc}"))
            return
        self.stats.stored_spans += new.num_rows
        self.stats.duplicate_spans += table.num_rows - new.num_rows
        # Only new spans reach assembly: a re-sent batch (an exporter's retry, a Kafka replay)
        # changes no trajectory, so no version is built or evaluated twice.
        self.assembler.observe(*(new.column(c).to_pylist() for c in NEW_SPAN_COLUMNS))
        for it in items:
            it.future.set_result(it.table.num_rows)

    def _first_received(self, trace_ids: set[str]) -> int | None:
        """The earliest known arrival of these traces' spans: duplicates are looked for after it."""
        found = [p.first_received_ns for chunk in [d.chunk for d in self._inflight] + list(self._parts)
                 for tid, p in chunk if tid in trace_ids]
        known = self.assembler.first_received(trace_ids)
        return min(found + ([known] if known is not None else []), default=None)

    def _write(self, work: Callable[[], int]) -> int:
        """`work` in one transaction, rolled back when it raises."""
        con = self.store.con
        try:
            con.execute("BEGIN")
            done = work()
            con.execute("COMMIT")
        except Exception:
            _rollback(con)
            self.store.rolled_back()
            raise
        return done

    # -- trajectories ------------------------------------------------------------------------
    def assemble_due(self) -> int:
        """Build and store, in this thread, every trajectory due now; returns how many."""
        done = 0
        while chunk := (self._parts.popleft() if self._parts else self.assembler.due(self.clock(), self.assemble_chunk)):
            dispatch = self._prepare(chunk)
            if dispatch is not None:
                done += self._build_here(dispatch)
        return done

    def _dispatch(self) -> None:
        """Start building the next due chunk, unless each worker has one and one more waits its turn.

        The one waiting was loaded while the others built: a worker that finishes starts on it at
        once instead of idling through this thread's next round (up to `tick_s`), the reading of its
        spans and the saving of the chunk before. Drained one chunk at a time, a 16-span tool-heavy
        backlog spent a fifth of its time with the worker waiting."""
        # Parts of a failed chunk are built alone, so a failure is theirs and not a neighbour's.
        if len(self._inflight) >= (1 if self._parts or not self.assembly_workers else self.assembly_workers + 1):
            return
        chunk = self._parts.popleft() if self._parts else self.assembler.due(
            self.clock(), self.assemble_chunk, exclude=self._busy())
        if not chunk:
            return
        self._preparing = len(chunk)
        try:
            dispatch = self._prepare(chunk)
            if dispatch is None:
                return
            if not self._submit(dispatch):
                self._build_here(dispatch)
                return
            self._inflight.append(dispatch)
        finally:
            self._preparing = 0

    def _help(self) -> bool:
        """With no spans to store for `IDLE_S`, build a small chunk in this thread too, beside the
        assembly processes: after a burst the core that received it would idle while they work
        through the backlog. Small, so spans that arrive wait one short build at most (~0.1 s).
        Returns whether it built anything."""
        if self._parts or not self.assembly_workers or len(self._inflight) <= self.assembly_workers:
            return False  # the processes are not all busy with one more waiting: nothing to help with
        chunk = self.assembler.due(self.clock(), HELP_CHUNK, exclude=self._busy())
        if not chunk:
            return False
        self._preparing = len(chunk)
        try:
            dispatch = self._prepare(chunk)
            if dispatch is not None:
                self._build_here(dispatch)
        finally:
            self._preparing = 0
        return True

    def _busy(self) -> set[str]:
        """Traces being built in the assembly processes: no chunk takes them again meanwhile."""
        return {job.trace_id for d in self._inflight for job in d.jobs}

    def _build_here(self, dispatch: _Dispatch) -> int:
        """Build a prepared chunk in this thread and store it; returns how many were stored."""
        dispatch.result = build_tables(dispatch.spans, dispatch.jobs, self.build, dispatch.completed_at)
        return self._save(dispatch)

    def _submit(self, dispatch: _Dispatch) -> bool:
        """Hand the build to the pool; False when there is none (no workers, or it cannot start now)."""
        dispatch.future = self._on_pool(lambda pool: pool.submit(
            build_tables, dispatch.spans, dispatch.jobs, self.build, dispatch.completed_at))
        return dispatch.future is not None

    def _on_pool(self, submit: Callable[[ProcessPoolExecutor], Any]) -> Any:
        """`submit(pool)` on the assembly pool, started if need be; None when there are no workers or
        it cannot start now: builds are then done in the writer thread, and the next try waits."""
        if not self.assembly_workers or time.monotonic() < self._pool_retry_at:
            return None
        try:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.assembly_workers, mp_context=get_context("spawn"),
                                                 initializer=start_worker, initargs=(os.getpid(), self.assembly_nice))
            return submit(self._pool)
        except Exception as exc:  # "too many open files" and the like: build here, try the pool later
            self._drop_pool()
            self._pool_failures += 1
            delay = min(2 ** self._pool_failures, 60)
            self._pool_retry_at = time.monotonic() + delay
            log.error("assembly processes cannot start (building in the writer thread, next try in %ds): %s",
                      delay, exc)
            return None

    def _drop_pool(self) -> None:
        if self._pool is not None:
            try:
                self._pool.shutdown(wait=False, cancel_futures=True)
            except Exception:  # a pool that never started has nothing to stop
                pass
            self._pool = None

    def _collect(self, wait: bool) -> None:
        for dispatch in list(self._inflight):
            if not (wait or dispatch.future.done()):
                continue
            try:
                dispatch.result = dispatch.future.result()
            except Exception as exc:  # the process died or the pool broke: find the trace that did it
                log.error("building %d trajectories in the assembly process failed: %s", len(dispatch.chunk), exc)
                self._inflight.remove(dispatch)
                self._drop_pool()
                self._split(dispatch.chunk, exc)
                continue
            self._pool_failures = 0
            self._save(dispatch)
            self._inflight.remove(dispatch)  # only now, so the traces never look done before they are

    def _split(self, chunk: list[tuple[str, Pending]], exc: Exception) -> None:
        """Build the halves of a failed chunk apart; a trace failing alone twice is quarantined."""
        if len(chunk) > 1:
            half = len(chunk) // 2
            self._parts.extend([chunk[:half], chunk[half:]])
            return
        (tid, p), = chunk
        p.attempts += 1
        if p.attempts >= 2:
            self._quarantine(chunk, {tid: f"assembly process failed: {failure_reason(exc)}"}, {})
        else:
            self._parts.append(chunk)

    def _prepare(self, chunk: list[tuple[str, Pending]]) -> _Dispatch | None:
        """Read what a chunk needs from the store: prior versions and the spans of each trace."""
        started = time.perf_counter_ns()
        ids = [tid for tid, _ in chunk]
        try:
            prior = self.store.prior(ids)
            lo = min(min(p.first_received_ns for _, p in chunk),
                     min((p.first_received_ns for p in prior.values()), default=2**63 - 1))
            # Every span observed of a trace arrived by its last_received_ns: later ones are the next version's.
            until = max(p.last_received_ns for _, p in chunk)
            spans, omitted = self.store.load_span_table(ids, lo, until, self.max_trace_spans)
        except Exception as exc:
            self.stats.commit_failures += 1
            log.error("reading spans of %d traces failed, will retry: %s", len(chunk), exc)
            self._retry(chunk, exc)
            return None
        jobs = []
        for tid, p in chunk:
            before = prior.get(tid)
            first = min(p.first_received_ns, before.first_received_ns) if before else p.first_received_ns
            jobs.append(Job(tid, before.version + 1 if before else 1, first, p.last_received_ns, omitted.get(tid, 0)))
        self.stats.assembly_load_ns += time.perf_counter_ns() - started
        return _Dispatch(chunk, jobs, [t for t in ids if t in prior], spans, self._now())

    def _now(self) -> dt.datetime:
        return dt.datetime(1970, 1, 1) + dt.timedelta(microseconds=self.clock() // 1000)

    def _save(self, dispatch: _Dispatch) -> int:
        """Store a chunk's trajectories; when that fails for a reason of the data, one by one, so
        only the traces that cannot be stored are quarantined. Returns how many were stored."""
        started = time.perf_counter_ns()
        try:
            return self._store(dispatch)
        finally:
            self.stats.assembly_build_ns += dispatch.result.build_ns
            self.stats.assembly_save_ns += time.perf_counter_ns() - started

    def _store(self, dispatch: _Dispatch) -> int:
        # Completion time is the commit's, not the build's: rolling tasks read by it.
        tables = dispatch.result.completed(self._now())
        failed = dict(tables.failed)
        try:
            n = self._write(lambda: self.store.save_tables(tables, dispatch.replaced))
            stored = [tables]
            self.stats.count_coverage(tables.coverage)  # (a chunk stored one by one, after a failure, is not)
        except Exception as exc:
            if isinstance(exc, _TRANSIENT):
                self._retry(dispatch.chunk, exc)
                return 0
            log.error("storing %d trajectories failed, storing them one by one: %s", len(dispatch.chunk), exc)
            n, stored = 0, []
            for tid, p in dispatch.chunk:
                one = tables.only(tid)
                if not len(one):
                    continue
                try:
                    n += self._write(lambda: self.store.save_tables(one, [tid] if tid in dispatch.replaced else []))
                    stored.append(one)
                except Exception as one_exc:
                    if isinstance(one_exc, _TRANSIENT):
                        self._retry([(tid, p)], one_exc)
                    else:
                        failed[tid] = failure_reason(one_exc)
        self.stats.trajectories += n
        for part in stored:
            ids = part.traces.column("trace_id").to_pylist()
            self.assembler.mark_assembled(ids, dict(zip(ids, part.traces.column("first_received_ns").to_pylist())))
        if failed:
            self._quarantine([c for c in dispatch.chunk if c[0] in failed], failed, _span_counts(dispatch))
        return n

    def _retry(self, chunk: list[tuple[str, Pending]], exc: Exception) -> None:
        """Try again after a transient error, later each time; quarantined past `max_attempts`."""
        now, (base, cap) = self.clock(), self.retry_s
        again, spent = [], []
        for item in chunk:
            item[1].attempts += 1
            (spent if item[1].attempts >= self.max_attempts else again).append(item)
        for tid, p in again:
            self.assembler.requeue([(tid, p)], now + int(min(base * 2 ** (p.attempts - 1), cap) * 1e9))
        if spent:
            reason = f"still failing after {self.max_attempts} attempts: {failure_reason(exc)}"
            self._quarantine(spent, dict.fromkeys((t for t, _ in spent), reason), {})

    def _quarantine(self, chunk: list[tuple[str, Pending]], reasons: dict[str, str], counts: dict[str, int]) -> None:
        """Record traces that cannot become trajectories; when even that fails, try them later."""
        at = self._now()
        for tid, p in chunk:
            try:
                self._write(lambda: self.store.quarantine(tid, reasons[tid], at, p.first_received_ns,
                                                          p.last_received_ns, counts.get(tid, 0)))
            except Exception as exc:
                log.error("cannot quarantine trace %s (will retry): %s", tid, exc)
                self.assembler.requeue([(tid, p)], self.clock() + int(self.retry_s[1] * 1e9))
                continue
            self.stats.quarantined_traces += 1
            log.warning("trace %s quarantined (its spans stay stored): %s", tid, reasons[tid])


def _span_counts(dispatch: _Dispatch) -> dict[str, int]:
    """Spans per trace of a chunk, counting those left out past the span limit."""
    counts = pc.value_counts(dispatch.spans.column("trace_id")).to_pylist()
    omitted = {job.trace_id: job.omitted_spans for job in dispatch.jobs}
    return {c["values"]: c["counts"] + omitted.get(c["values"], 0) for c in counts}


@dataclass
class _Dispatch:
    chunk: list[tuple[str, Pending]]
    jobs: list[Job]
    replaced: list[str]
    spans: pa.Table
    completed_at: dt.datetime
    future: Future | None = None
    result: TrajectoryTables | None = None




def _rollback(con) -> None:
    try:
        con.execute("ROLLBACK")
    except Exception:  # no transaction open, or the connection is gone: nothing to undo
        pass
