"""The single DuckDB writer: a bounded ingest queue drained in capped transactions.

Receivers call `IngestQueue.submit(batch)` and wait on the returned future, which resolves
only after the batch is committed (nothing is acknowledged before it is durable). A full
queue raises `QueueFull` at once so receivers can answer 429 / RESOURCE_EXHAUSTED.
"""
from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context

import pyarrow as pa

from collector.assembler import RECENT, Assembler, Pending
from collector.assembly import BuildFn, Job, build_tables
from collector.decode import SpanBatch
from collector.store import TraceStore, TrajectoryTables

log = logging.getLogger(__name__)


class QueueFull(Exception):
    """The ingest queue holds its maximum number of spans; the sender should retry later."""

    def __init__(self, retry_after_s: int, reason: str = "ingest queue is full"):
        super().__init__(f"{reason}; retry after {retry_after_s}s")
        self.retry_after_s = retry_after_s


class StorageUnavailable(Exception):
    """The store could not commit (disk full, file unwritable…); retryable for the sender."""


@dataclass
class IngestStats:
    """Counters read by /api/stats and metrics; written without locks (ints under the GIL)."""

    received_spans: int = 0
    rejected_spans: int = 0
    truncated_values: int = 0
    redacted_values: int = 0
    stored_spans: int = 0
    duplicate_spans: int = 0
    trajectories: int = 0
    commit_failures: int = 0
    throttled_requests: int = 0
    malformed_messages: int = 0  # Kafka span messages that could not be decoded (skipped)

    def count_decoded(self, batch: SpanBatch) -> None:
        """What decoding did to a batch, counted the same on every path (receivers, Kafka ingest)."""
        self.rejected_spans += batch.rejected
        self.truncated_values += batch.truncated
        self.redacted_values += batch.redacted


@dataclass
class _Item:
    table: pa.Table
    future: Future = field(default_factory=Future)


class IngestQueue:
    """Bounded by span count, not by requests, so memory stays bounded whatever the batch size."""

    def __init__(self, max_spans: int, retry_after_s: int = 1, backlog: Callable[[], bool] = lambda: False):
        """`backlog` says when a later stage is too far behind to take more (trajectory assembly)."""
        self.max_spans = max_spans
        self.retry_after_s = retry_after_s
        self.backlog = backlog
        self._items: deque[_Item] = deque()
        self._spans = 0
        self._cond = threading.Condition()

    @property
    def depth(self) -> int:
        return self._spans

    def admit(self) -> None:
        """Raise QueueFull when nothing could be taken now, so a receiver refuses before decoding."""
        busy = self.backlog()  # True, or a reason (collector.memory_limiter)
        if busy or self._spans >= self.max_spans:
            raise QueueFull(self.retry_after_s, *([busy] if isinstance(busy, str) else []))

    def submit(self, batch: SpanBatch) -> Future:
        item = _Item(batch.to_arrow())
        with self._cond:
            busy = self.backlog()
            if (self._spans and self._spans + item.table.num_rows > self.max_spans) or busy:
                raise QueueFull(self.retry_after_s, *([busy] if isinstance(busy, str) else []))
            self._items.append(item)
            self._spans += item.table.num_rows
            self._cond.notify()
        return item.future

    def take(self, max_spans: int, timeout: float) -> list[_Item]:
        with self._cond:
            if not self._items:
                self._cond.wait(timeout)
            taken, n = [], 0
            while self._items and (not taken or n + self._items[0].table.num_rows <= max_spans):
                item = self._items.popleft()
                n += item.table.num_rows
                taken.append(item)
            self._spans -= n
            return taken

    def wake(self) -> None:
        with self._cond:
            self._cond.notify_all()


class StoreWriter:
    """Owns the writing connection: commits span batches first, assembles due trajectories between.

    Trajectories are built by `collector.assembly.build_tables`, in a process pool of
    `assembly_workers` processes (0 builds in this thread). A trace being built is never
    dispatched again until its result is stored, so versions stay in order.
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
        assemble_chunk: int = 2000,
        assembly_workers: int = 0,
        clock: Callable[[], int] = time.time_ns,
    ):
        self.store, self.queue, self.assembler, self.build = store, queue, assembler, build
        self.stats = stats
        self.max_commit_spans, self.tick_s, self.assemble_chunk = max_commit_spans, tick_s, assemble_chunk
        self.assembly_workers = assembly_workers
        self.clock = clock
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._inflight: list[_Dispatch] = []

    def __len__(self) -> int:
        """Traces waiting for a trajectory: pending, or being built right now."""
        return len(self.assembler) + sum(len(d.jobs) for d in self._inflight)

    def start(self) -> None:
        if self._thread:
            return
        self.assembler.restore(self.store.pending_since_restart(), self.clock(), self.store.recently_assembled(RECENT))
        if self.assembly_workers:
            self._pool = ProcessPoolExecutor(self.assembly_workers, mp_context=get_context("spawn"))
        self._thread = threading.Thread(target=self._run, name="tracepatrol-store-writer", daemon=True)
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

    def _run(self) -> None:
        next_assembly = 0.0
        while True:
            items = self.queue.take(self.max_commit_spans, self.tick_s)
            if items:
                self._commit(items)
            self._collect(wait=False)
            if self._stop.is_set() and not items:
                self._collect(wait=True)
                return
            now = time.monotonic()
            if now >= next_assembly:
                next_assembly = now + self.tick_s
                self._dispatch()

    def _commit(self, items: list[_Item]) -> None:
        table = pa.concat_tables([it.table for it in items]) if len(items) > 1 else items[0].table
        con = self.store.con
        try:
            con.execute("BEGIN")
            inserted = self.store.append_spans(table)
            con.execute("COMMIT")
        except Exception as exc:  # any store failure is the sender's to retry, never a crash
            _rollback(con)
            self.stats.commit_failures += 1
            log.error("span commit failed (%d spans answered as unavailable): %s", table.num_rows, exc)
            err = StorageUnavailable(f"storage unavailable: {exc}")
            for it in items:
                it.future.set_exception(err)
            return
        self.stats.stored_spans += inserted
        self.stats.duplicate_spans += table.num_rows - inserted
        self.assembler.observe(
            table.column("trace_id").to_pylist(),
            table.column("parent_span_id").to_pylist(),
            table.column("received_ns").to_pylist(),
        )
        for it in items:
            it.future.set_result(it.table.num_rows)

    def assemble_due(self) -> int:
        """Build and store, in this thread, every trajectory due now; returns how many."""
        done = 0
        while chunk := self.assembler.due(self.clock(), self.assemble_chunk):
            dispatch = self._prepare(chunk)
            if dispatch is not None:
                dispatch.result = build_tables(dispatch.spans, dispatch.jobs, self.build, dispatch.completed_at)
                done += self._save(dispatch)
        return done

    def _dispatch(self) -> None:
        """Start building the next due chunk, unless as many are being built as there are workers."""
        if len(self._inflight) >= max(1, self.assembly_workers):
            return
        busy = {job.trace_id for d in self._inflight for job in d.jobs}
        chunk = self.assembler.due(self.clock(), self.assemble_chunk, exclude=busy)
        if not chunk:
            return
        dispatch = self._prepare(chunk)
        if dispatch is None:
            return
        if self._pool is None:
            dispatch.result = build_tables(dispatch.spans, dispatch.jobs, self.build, dispatch.completed_at)
            self._save(dispatch)
            return
        dispatch.future = self._pool.submit(build_tables, dispatch.spans, dispatch.jobs, self.build, dispatch.completed_at)
        self._inflight.append(dispatch)

    def _collect(self, wait: bool) -> None:
        for dispatch in list(self._inflight):
            if not (wait or dispatch.future.done()):
                continue
            try:
                dispatch.result = dispatch.future.result()
            except Exception as exc:  # a broken pool: rebuild later, in a fresh pool
                log.error("trajectory build of %d traces failed, will retry: %s", len(dispatch.chunk), exc)
                self._inflight.remove(dispatch)
                self.assembler.requeue(dispatch.chunk)
                self._restart_pool()
                continue
            self._save(dispatch)
            self._inflight.remove(dispatch)  # only now, so the traces never look done before they are

    def _restart_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = ProcessPoolExecutor(self.assembly_workers, mp_context=get_context("spawn"))

    def _prepare(self, chunk: list[tuple[str, Pending]]) -> _Dispatch | None:
        """Read what a chunk needs from the store: prior versions and every span of each trace."""
        ids = [tid for tid, _ in chunk]
        try:
            prior = self.store.prior(ids)
            lo = min(min(p.first_received_ns for _, p in chunk),
                     min((p.first_received_ns for p in prior.values()), default=2**63 - 1))
            spans = self.store.load_span_table(ids, lo)
        except Exception as exc:
            self.stats.commit_failures += 1
            log.error("reading spans of %d traces failed, will retry: %s", len(chunk), exc)
            self.assembler.requeue(chunk)
            return None
        jobs = []
        for tid, p in chunk:
            before = prior.get(tid)
            first = min(p.first_received_ns, before.first_received_ns) if before else p.first_received_ns
            jobs.append(Job(tid, before.version + 1 if before else 1, first, p.last_received_ns))
        return _Dispatch(chunk, jobs, [t for t in ids if t in prior], spans, self._now())

    def _now(self) -> dt.datetime:
        return dt.datetime(1970, 1, 1) + dt.timedelta(microseconds=self.clock() // 1000)

    def _save(self, dispatch: _Dispatch) -> int:
        con = self.store.con
        try:
            con.execute("BEGIN")
            # Completion time is the commit's, not the build's: rolling tasks read by it.
            tables = dispatch.result.completed(self._now())
            n = self.store.save_tables(tables, dispatch.replaced)
            con.execute("COMMIT")
        except Exception as exc:
            _rollback(con)
            self.stats.commit_failures += 1
            log.error("storing %d trajectories failed, will retry: %s", len(dispatch.chunk), exc)
            self.assembler.requeue(dispatch.chunk)
            return 0
        self.stats.trajectories += n
        self.assembler.mark_assembled(tables.traces.column("trace_id").to_pylist())
        return n


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
