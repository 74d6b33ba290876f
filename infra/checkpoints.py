"""Checkpoints on a thread and cursor of their own, so that the store writer does not run them.

DuckDB checkpoints by itself in the commit that takes the write-ahead log past
`checkpoint_threshold`, on the committing thread. In the server that thread is the store
writer: it compressed and wrote everything since the last checkpoint while every sender
waited for its acknowledgement. Under 4 tool-heavy senders on 2 cores that was a stall of
0.4-3.2 s about every 6 s. Run here instead, checkpoints of 0.4-1.6 s held the writer's commits
for at most 0.4 s: DuckDB 2.0 lets commits that only insert go on during much of a checkpoint.
The database's own threshold stays as a backstop, `BACKSTOP` times higher.
"""
from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

import duckdb

log = logging.getLogger(__name__)

BACKSTOP = 4  # the database's own threshold, in multiples of the checkpointer's

_UNITS = {"B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9, "KIB": 2**10, "MIB": 2**20, "GIB": 2**30}


def size_bytes(text: str) -> int:
    """'256MB' -> 256,000,000, as DuckDB reads it (MB is 1000**2 and MiB 1024**2)."""
    number = text.strip().rstrip("BbIiKkMmGg ")
    unit = text.strip()[len(number):].strip().upper()
    if unit not in _UNITS:
        raise ValueError(f"unknown size unit in {text!r}")
    return int(float(number) * _UNITS[unit])


class Checkpointer:
    """Checkpoints `db` whenever its log is over `threshold_bytes`, looking every `every_s`."""

    def __init__(self, db: duckdb.DuckDBPyConnection, path: Path, threshold_bytes: int, every_s: float = 0.1):
        self.cursor = db.cursor()
        self.wal = Path(f"{path}.wal")
        self.threshold_bytes, self.every_s = threshold_bytes, every_s
        self.checkpoints = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._failing = False

    def start(self) -> "Checkpointer":
        self._thread = threading.Thread(target=self._run, name="tracepatrol-checkpointer", daemon=True)
        self._thread.start()
        return self

    def shutdown(self) -> None:
        """Stop looking; a checkpoint under way ends first. Safe twice or before start."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self.cursor.close()

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            if self._wal_bytes() > self.threshold_bytes:
                self.checkpoint()

    def checkpoint(self) -> None:
        try:
            self.cursor.execute("CHECKPOINT")
        except duckdb.Error as exc:  # the backstop still checkpoints; say so once, not every look
            if not self._failing:
                log.warning("checkpoint failed (retrying while the log is long): %s", exc)
            self._failing = True
            return
        if self._failing:
            log.info("checkpoints succeed again")
        self._failing = False
        self.checkpoints += 1

    def _wal_bytes(self) -> int:
        try:
            return os.stat(self.wal).st_size
        except FileNotFoundError:  # none until the first write after a checkpoint
            return 0
