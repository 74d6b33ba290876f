"""Decoding in other processes: receivers hand the raw request bytes to a small process pool and
get Arrow tables back, so this process's GIL is left to HTTP and the DuckDB writer.

Decoding is most of a receiver's CPU and holds the GIL throughout; next to one decoding thread
the writer's DuckDB insert took 3.3x longer in wall time. Workers are spawned (not forked from a
process holding DuckDB and threads) and import only `collector.decoding.otlp` and what it needs. A pool
that breaks (a worker killed) answers its requests as unavailable and is started again.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context

from collector.decoding.otlp import Limits, SpanBatch, decode_protobuf, read_json, to_batch
from collector.processes import exit_with_parent

log = logging.getLogger(__name__)

_limits = Limits()  # a worker's limits, set once by `_start`


def _start(limits: Limits, parent_pid: int) -> None:
    global _limits
    _limits = limits
    exit_with_parent(parent_pid)


def decode_body(body: bytes, as_json: bool, received_ns: int) -> SpanBatch:
    """In a worker: bytes to an Arrow batch; raises DecodeError for an undecodable payload (and
    LimitExceeded for one past its limits, before anything is decoded)."""
    started = time.perf_counter_ns()
    batch = (to_batch(read_json(body, _limits), received_ns, _limits).as_arrow() if as_json
             else decode_protobuf(body, received_ns, _limits))
    batch.decode_ns = time.perf_counter_ns() - started
    return batch


class DecodePool:
    """`workers` decoding processes, started on first use."""

    def __init__(self, workers: int, limits: Limits):
        self.workers, self.limits = workers, limits
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()  # gRPC threads and the event loop submit concurrently

    def submit(self, body: bytes, as_json: bool) -> Future:
        """A future of the decoded `SpanBatch` (or of DecodeError, or BrokenProcessPool when a
        worker died: the sender is answered unavailable and may retry)."""
        received_ns = time.time_ns()
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=get_context("spawn"),
                                                 initializer=_start, initargs=(self.limits, os.getpid()))
            pool = self._pool
        try:
            future = pool.submit(decode_body, body, as_json, received_ns)
        except BrokenProcessPool as exc:
            self._drop(pool, exc)
            raise
        future.add_done_callback(lambda f: f.cancelled() or not isinstance(f.exception(), BrokenProcessPool)
                                 or self._drop(pool, f.exception()))
        return future

    def _drop(self, pool: ProcessPoolExecutor, exc: BaseException) -> None:
        """A broken pool is dropped, so the next request starts a new one."""
        with self._lock:
            if self._pool is not pool:
                return
            self._pool = None
        log.error("a decode process died; the decode pool starts again: %s", exc)
        pool.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
