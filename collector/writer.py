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
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field

import pyarrow as pa

from collector.assembler import Assembler, Pending
from collector.decode import SpanBatch
from collector.span import SpanRecord
from collector.store import Assembled, TraceStore
from collector.trajectory import Trajectory

log = logging.getLogger(__name__)

BuildFn = Callable[[Sequence[SpanRecord], int], Trajectory]


class QueueFull(Exception):
    """The ingest queue holds its maximum number of spans; the sender should retry later."""

    def __init__(self, retry_after_s: int):
        super().__init__(f"ingest queue is full; retry after {retry_after_s}s")
        self.retry_after_s = retry_after_s


class StorageUnavailable(Exception):
    """The store could not commit (disk full, file unwritable…); retryable for the sender."""


@dataclass
class IngestStats:
    """Counters read by /api/stats and metrics; written without locks (ints under the GIL)."""

    received_spans: int = 0
    rejected_spans: int = 0
    stored_spans: int = 0
    duplicate_spans: int = 0
    trajectories: int = 0
    commit_failures: int = 0
    throttled_requests: int = 0


@dataclass
class _Item:
    table: pa.Table
    future: Future = field(default_factory=Future)


class IngestQueue:
    """Bounded by span count, not by requests, so memory stays bounded whatever the batch size."""

    def __init__(self, max_spans: int, retry_after_s: int = 1):
        self.max_spans = max_spans
        self.retry_after_s = retry_after_s
        self._items: deque[_Item] = deque()
        self._spans = 0
        self._cond = threading.Condition()

    @property
    def depth(self) -> int:
        return self._spans

    def submit(self, batch: SpanBatch) -> Future:
        item = _Item(batch.to_arrow())
        with self._cond:
            if self._spans and self._spans + item.table.num_rows > self.max_spans:
                raise QueueFull(self.retry_after_s)
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
    """Owns the writing connection: commits span batches, then assembles due trajectories."""

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
        clock: Callable[[], int] = time.time_ns,
    ):
        self.store, self.queue, self.assembler, self.build = store, queue, assembler, build
        self.stats = stats
        self.max_commit_spans, self.tick_s, self.assemble_chunk = max_commit_spans, tick_s, assemble_chunk
        self.clock = clock
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.on_trajectories: list[Callable[[list[Assembled]], None]] = []

    def start(self) -> None:
        if self._thread:
            return
        self.assembler.restore(self.store.pending_since_restart(), self.clock())
        self._thread = threading.Thread(target=self._run, name="tracepatrol-store-writer", daemon=True)
        self._thread.start()

    def shutdown(self) -> None:
        """Commit what is queued, then stop. Safe to call twice or before start."""
        if not self._thread:
            return
        self._stop.set()
        self.queue.wake()
        self._thread.join()
        self._thread = None

    def _run(self) -> None:
        next_assembly = 0.0
        while True:
            items = self.queue.take(self.max_commit_spans, self.tick_s)
            if items:
                self._commit(items)
            elif self._stop.is_set():
                return
            now = time.monotonic()
            if now >= next_assembly:
                next_assembly = now + self.tick_s
                self.assemble_due()

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
        """Build and store every trajectory that is due now; returns how many were written."""
        ready = self.assembler.due(self.clock())
        done = 0
        for i in range(0, len(ready), self.assemble_chunk):
            done += self._assemble(ready[i : i + self.assemble_chunk])
        return done

    def _assemble(self, chunk: list[tuple[str, Pending]]) -> int:
        con = self.store.con
        ids = [tid for tid, _ in chunk]
        try:
            prior = self.store.prior(ids)
            lo = min(min(p.first_received_ns for _, p in chunk),
                     min((p.first_received_ns for p in prior.values()), default=2**63 - 1))
            spans = self.store.load_spans(ids, lo)
            built = []
            for tid, p in chunk:
                records = spans.get(tid)
                if not records:
                    continue
                before = prior.get(tid)
                try:
                    traj = self.build(records, before.version + 1 if before else 1)
                except Exception:  # a mapping bug must not block the other traces of the chunk
                    log.exception("cannot build trajectory %s; its spans stay stored", tid)
                    continue
                first = min(p.first_received_ns, before.first_received_ns) if before else p.first_received_ns
                built.append(Assembled(traj, frozenset(r.name for r in records), first, p.last_received_ns))
            completed_at = dt.datetime(1970, 1, 1) + dt.timedelta(microseconds=self.clock() // 1000)
            con.execute("BEGIN")
            n = self.store.save_trajectories(built, [t for t in ids if t in prior], completed_at)
            con.execute("COMMIT")
        except Exception as exc:
            _rollback(con)
            self.stats.commit_failures += 1
            log.error("trajectory assembly of %d traces failed, will retry: %s", len(chunk), exc)
            self.assembler.requeue(chunk)
            return 0
        self.stats.trajectories += n
        for listener in self.on_trajectories:
            listener(built)
        return n


def _rollback(con) -> None:
    try:
        con.execute("ROLLBACK")
    except Exception:  # no transaction open, or the connection is gone: nothing to undo
        pass
