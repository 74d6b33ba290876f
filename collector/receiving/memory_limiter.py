"""Refuse new spans while the process uses too much memory: the OpenTelemetry Collector's
memory_limiter, for tracepatrol's receivers.

A daemon thread reads the process's RSS every `check_interval_ms`. Above the soft limit
(`limit_mib - spike_limit_mib`) the ingest queue refuses requests, so receivers answer 429 /
RESOURCE_EXHAUSTED with a retry hint and the sender keeps the data; freed memory is handed back
to the OS on each check meanwhile. Above the hard limit a full garbage collection runs too.
Below the soft limit requests are taken again. The spike limit must cover what can be allocated
between two checks (a few requests being decoded at once).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import threading
from collections.abc import Callable

import psutil
import pyarrow as pa
from pydantic import BaseModel, ConfigDict, Field, model_validator

log = logging.getLogger(__name__)
MIB = 1 << 20


class MemoryLimiterSettings(BaseModel):
    """`collector.memory_limiter`. Off unless `limit_mib` is set; it must leave room for DuckDB's
    buffer pool (`duckdb_memory_limit`), which counts in the RSS."""

    model_config = ConfigDict(extra="forbid")

    limit_mib: int | None = Field(None, ge=64, description="hard RSS limit of the server process (MiB); None: off")
    spike_limit_mib: int | None = Field(None, ge=1, description="soft limit = limit - spike; default 20% of the limit")
    check_interval_ms: int = Field(100, ge=5, le=10_000, description="how often the RSS is read")

    @model_validator(mode="after")
    def _spike_below_limit(self) -> "MemoryLimiterSettings":
        if self.limit_mib is not None and self.spike_limit_mib is not None and self.spike_limit_mib >= self.limit_mib:
            raise ValueError(f"spike_limit_mib ({self.spike_limit_mib}) must be below limit_mib ({self.limit_mib})")
        return self

    def guard(self, backlog: Callable[[], bool | str]) -> Callable[[], bool | str]:
        """`backlog`, refusing also while memory is above the soft limit (starts the sampler)."""
        if self.limit_mib is None:
            return backlog
        spike = self.spike_limit_mib if self.spike_limit_mib is not None else self.limit_mib // 5
        limiter = MemoryLimiter(self.limit_mib * MIB, spike * MIB, self.check_interval_ms / 1000)
        limiter.start()
        return lambda: limiter.refusal() or backlog()


def _process_rss() -> Callable[[], int]:
    proc = psutil.Process()
    return lambda: proc.memory_info().rss


def _release() -> None:
    """Hand freed memory back to the OS: Arrow's pool, and glibc's heap (where available)."""
    pa.default_memory_pool().release_unused()
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


_LIBC = None
try:
    _LIBC = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    _LIBC.malloc_trim  # noqa: B018 (glibc only)
except (OSError, AttributeError):
    _LIBC = None


class MemoryLimiter:
    """`limited` is written by the sampler thread and read by receivers (a bool: no lock)."""

    def __init__(self, limit_bytes: int, spike_bytes: int, interval_s: float,
                 rss: Callable[[], int] | None = None):
        self.hard, self.soft, self.interval_s = limit_bytes, limit_bytes - spike_bytes, interval_s
        self.rss = rss or _process_rss()
        self.limited = False
        self.current = self.peak = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tracepatrol-memory-limiter", daemon=True)
            self._thread.start()

    def shutdown(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(self.interval_s):
            try:
                self.check()
            except Exception:  # never let the sampler die: a stale reading is worse than one missed
                log.exception("memory check failed")

    def check(self) -> bool:
        """Read the RSS, release memory when above the soft limit; returns whether limited."""
        rss = self.rss()
        if rss > self.soft:
            if rss > self.hard:
                gc.collect()
            _release()
            rss = self.rss()
        self.current, self.peak = rss, max(self.peak, rss)
        limited = rss > self.soft
        if limited != self.limited:
            log.warning("memory %s MiB is %s the soft limit of %d MiB: %s", rss // MIB,
                        "above" if limited else "back below", self.soft // MIB,
                        "refusing new spans (429)" if limited else "taking spans again")
        self.limited = limited
        return limited

    def refusal(self) -> str | None:
        if not self.limited:
            return None
        return f"memory use {self.current // MIB} MiB is above the soft limit of {self.soft // MIB} MiB"

