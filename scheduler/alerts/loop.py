"""A thread that does one pass, sleeps until woken or its wait is over, and does the next: the
engine and the outbox each run on one. Lifecycle start()/shutdown(), shutdown safe twice or before
start; a pass that raises is logged and the next one tries again."""
from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)


class WakeableLoop:
    name = "tracepatrol-loop"

    def __init__(self) -> None:
        self._stop, self._wake = threading.Event(), threading.Event()
        self._thread: threading.Thread | None = None

    def run_once(self) -> bool:
        """One pass; True when more work is waiting (the next pass starts at once)."""
        raise NotImplementedError

    def wait_s(self) -> float:
        """How long to sleep after a pass, unless woken."""
        raise NotImplementedError

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
            self._thread.start()

    def wake(self, *_: object) -> None:
        """Start the next pass now (any arguments, so it can be any hook)."""
        self._wake.set()

    def shutdown(self) -> None:
        """Stop after the pass under way."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                if self.run_once():
                    continue
            except Exception:
                log.exception("%s: a pass failed; the next one tries again", self.name)
            self._wake.wait(self.wait_s())
            self._wake.clear()
