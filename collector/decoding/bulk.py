"""The bulk decode lane: a request body of a megabyte or more (after inflating) is decoded on a
few threads whose CPU priority is below the rest of the server's, so while one decodes, normal
batches (the SDKs send at most 512 spans, a few hundred KiB) keep their share of the cores and
their senders their acknowledgement rate. Both OTLP transports use it."""
from __future__ import annotations

import contextlib
import os
import sys
import threading
from concurrent.futures import Executor, ThreadPoolExecutor

BULK_BYTES = 1 << 20
BULK_THREADS = 2  # at most this many large bodies decode at once; the rest wait their turn
BULK_NICE = 10  # how much lower their priority is (like collector.assembly_nice)


def _lower_priority() -> None:
    """A bulk thread's initializer. Linux keeps a nice value per thread, so this lowers this thread
    only; elsewhere it would lower the whole process, so it is left alone there."""
    if sys.platform == "linux":
        with contextlib.suppress(OSError):
            tid = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, tid, os.getpriority(os.PRIO_PROCESS, tid) + BULK_NICE)


class BulkLane:
    """Started on first use: most servers never see a large body."""

    def __init__(self):
        self._threads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def executor(self) -> Executor:
        with self._lock:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(BULK_THREADS, thread_name_prefix="otlp-bulk",
                                                   initializer=_lower_priority)
            return self._threads


def is_bulk(body: bytes) -> bool:
    return len(body) >= BULK_BYTES
