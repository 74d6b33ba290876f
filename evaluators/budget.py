"""A time budget for one evaluator on one item, enforced from outside the evaluator.

Rule evaluators are pure Python, so one watchdog thread can stop an evaluator that runs past its
budget by raising `BudgetExceeded` in the evaluating thread (CPython's PyThreadState_SetAsyncExc):
no evaluator, built-in or plugin, has to check a clock. The exception is delivered between
bytecodes, so a single long C call (one regex match) ends first. It derives from BaseException
so that an evaluator's own `except Exception` does not swallow it.
"""
from __future__ import annotations

import ctypes
import functools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")


class BudgetExceeded(BaseException):
    """Raised in an evaluating thread whose budget ran out."""


class Watchdog:
    """Deadlines of the threads evaluating now; one daemon thread interrupts those past theirs."""

    def __init__(self) -> None:
        self._deadlines: dict[int, float] = {}
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    @contextmanager
    def limit(self, seconds: float) -> Iterator[None]:
        """Run the block with `seconds` to spare, else BudgetExceeded out of it."""
        ident = threading.get_ident()
        with self._changed:
            self._deadlines[ident] = time.monotonic() + seconds
            if self._thread is None:
                self._thread = threading.Thread(target=self._watch, name="tracepatrol-eval-watchdog", daemon=True)
                self._thread.start()
            self._changed.notify()
        try:
            yield
        finally:
            with self._changed:
                if self._deadlines.pop(ident, None) is None:  # fired: drop it if not delivered yet
                    _raise_in(ident, None)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Run the block off the clock of the thread's budget, if it has one: loading a dataset on
        first use is the process's start-up, not the evaluator's time on this item."""
        ident = threading.get_ident()
        with self._changed:
            deadline = self._deadlines.pop(ident, None)
        started = time.monotonic()
        try:
            yield
        finally:
            if deadline is not None:
                with self._changed:
                    self._deadlines[ident] = deadline + time.monotonic() - started
                    self._changed.notify()

    def _watch(self) -> None:
        with self._changed:
            while True:
                now = time.monotonic()
                for ident in [i for i, deadline in self._deadlines.items() if deadline <= now]:
                    del self._deadlines[ident]
                    _raise_in(ident, BudgetExceeded)
                self._changed.wait(min(self._deadlines.values(), default=now + 60) - now)


def unbudgeted(load: Callable[..., T]) -> Callable[..., T]:
    """`load` off the budget's clock: for the loaders of reference data (CC-CEDICT, CLDR, airports),
    which run once per process, on whichever item first needs them."""
    @functools.wraps(load)
    def off_the_clock(*args: Any, **kwargs: Any) -> T:
        with WATCHDOG.paused():
            return load(*args, **kwargs)
    return off_the_clock


def _raise_in(ident: int, exc: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(exc) if exc else None)


WATCHDOG = Watchdog()
