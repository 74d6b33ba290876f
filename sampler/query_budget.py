"""Bounded user queries: a few at once, each within a time budget, all stoppable on demand.

Slots come in two pools, so neither kind starves the other: people's queries (explorer pages,
previews, runs a person starts), refused with QueryBusy when all are taken, and scheduled runs
(and their catch-up after a restart), which wait for one of their own.

DuckDB has no statement timeout. `interrupt()` on the cursor running a query makes it raise
InterruptException at its next chunk of 2,048 rows, so a watcher thread interrupts a query past
its budget, and the same call cancels a query whose client left or whose server is stopping.
An interrupt that lands between two statements is lost, so the watcher repeats it until the
query has returned. Cursors of fixed-SQL reads can be tracked too, so that stopping the server
interrupts them before the database is closed.
"""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from typing import Literal, TypeVar

import duckdb
from pydantic import BaseModel, ConfigDict, Field

T = TypeVar("T")
Pool = Literal["people", "scheduled"]
_REPEAT_S = 0.05  # how often a stopped query is interrupted again until it returns
STOPPING = "the server is stopping"


class QueryLimits(BaseModel):
    """The `tasks:` settings for queries built from user filters (previews and task runs)."""

    model_config = ConfigDict(extra="forbid")

    query_timeout_s: float = Field(10.0, gt=0, le=3600, description="time budget of one preview or run selection")
    query_slots: int = Field(4, ge=1, le=64, description="people's queries at once (explorer pages, previews, runs "
                             "started by hand or at a task's creation); more get 503")
    scheduled_slots: int = Field(2, ge=1, le=64, description="scheduled run selections at once (and catch-up after a "
                                 "restart); more wait for one of these, never for a person's slot")


class QueryError(RuntimeError):
    """A user query did not finish; the message says why."""


class QueryBusy(QueryError):
    """Every slot is taken; retry shortly."""


class QueryTimeout(QueryError):
    """The query ran past its budget and was interrupted."""


class QueryCancelled(QueryError):
    """The query was stopped: its client left, or the server is stopping."""


class QueryGate:
    """Admits user queries into the slots of their pool; `close()` stops every query and refuses new ones."""

    def __init__(self, con: duckdb.DuckDBPyConnection, limits: QueryLimits | None = None):
        self.con, self.limits = con, limits or QueryLimits()
        self._free: dict[Pool, int] = {"people": self.limits.query_slots, "scheduled": self.limits.scheduled_slots}
        self._cond = threading.Condition()
        self._queries: set[Query] = set()
        self._tracked: set[duckdb.DuckDBPyConnection] = set()
        self._closed = False

    @property
    def running(self) -> int:
        """Queries admitted and not yet released."""
        with self._cond:
            return len(self._queries)

    def take(self, wait: bool, pool: Pool = "people") -> Query:
        """A slot of `pool` for one query, waiting for one or refusing with QueryBusy; release it with `with`."""
        with self._cond:
            while wait and not self._closed and self._free[pool] == 0:
                self._cond.wait()
            if self._closed:
                raise QueryCancelled(STOPPING)
            if self._free[pool] == 0:
                slots = self.limits.query_slots if pool == "people" else self.limits.scheduled_slots
                raise QueryBusy(f"all {slots} {'query' if pool == 'people' else 'scheduled-run'} slots are busy; "
                                "retry shortly")
            self._free[pool] -= 1
            query = Query(self, pool)
            self._queries.add(query)
            return query

    @contextlib.contextmanager
    def tracked(self, cur: duckdb.DuckDBPyConnection) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor of fixed SQL (no slot, no budget) that `close()` interrupts too."""
        with self._cond:
            self._tracked.add(cur)
        try:
            yield cur
        finally:
            with self._cond:
                self._tracked.discard(cur)

    def close(self) -> None:
        """Stop every query and tracked cursor now; later `take` calls raise QueryCancelled."""
        with self._cond:
            self._closed = True
            queries, tracked = list(self._queries), list(self._tracked)
            self._cond.notify_all()
        for query in queries:
            query.cancel(STOPPING)
        for cur in tracked:
            with contextlib.suppress(duckdb.Error):
                cur.interrupt()

    def _release(self, query: Query) -> None:
        with self._cond:
            if query in self._queries:
                self._queries.discard(query)
                self._free[query.pool] += 1
                self._cond.notify_all()  # a waiter of either pool


class Query:
    """One admitted query: `run(fn)` once on a fresh cursor; `cancel()` from any thread.

    Leaving its `with` block gives the slot back, or, while `run` is still going (a cancelled
    request's worker thread), as soon as it returns: a slot is free only when its query is.
    """

    def __init__(self, gate: QueryGate, pool: Pool = "people"):
        self._gate, self._budget, self.pool = gate, gate.limits.query_timeout_s, pool
        self._lock = threading.Lock()
        self._cur: duckdb.DuckDBPyConnection | None = None
        self._reason: str | None = None
        self._timed_out = False
        self._released = False
        self._stop = threading.Event()  # cancel() or the end of run() wakes the watcher
        self._done = threading.Event()

    def __enter__(self) -> Query:
        return self

    def __exit__(self, *exc) -> None:
        with self._lock:
            self._released = True
            running = self._cur is not None
        if not running:
            self._gate._release(self)

    def run(self, fn: Callable[[duckdb.DuckDBPyConnection], T]) -> T:
        """`fn(cursor)` within the budget; raises QueryTimeout or QueryCancelled when stopped."""
        with self._lock:
            if self._reason is not None or self._released:
                raise QueryCancelled(self._reason or "the query's slot was given back before it ran")
            self._cur = self._gate.con.cursor()
        watcher = threading.Thread(target=self._watch, name="query-budget", daemon=True)
        watcher.start()
        try:
            return fn(self._cur)
        except duckdb.InterruptException:
            raise self._error() from None
        finally:
            with self._lock:
                cur, self._cur = self._cur, None
                self._done.set()
                released = self._released
            self._stop.set()
            cur.close()
            if released:
                self._gate._release(self)

    def cancel(self, reason: str) -> None:
        """Stop the query (the first reason given is the one reported)."""
        with self._lock:
            if self._reason is None:
                self._reason = reason
        self._stop.set()

    def _watch(self) -> None:
        if not self._stop.wait(self._budget):
            with self._lock:
                if self._reason is None:
                    self._reason = f"query exceeded its {self._budget:g} s budget"
                    self._timed_out = True
        while True:
            with self._lock:
                if self._done.is_set():
                    return
                self._cur.interrupt()
            if self._done.wait(_REPEAT_S):
                return

    def _error(self) -> QueryError:
        with self._lock:
            reason = self._reason or "the query was interrupted"
            return (QueryTimeout if self._timed_out else QueryCancelled)(reason)
