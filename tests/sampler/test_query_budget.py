"""The query gate on a real DuckDB: budgets, cancels, busy slots and a stopping server."""
from __future__ import annotations

import threading
import time

import duckdb
import pytest

from sampler.query_budget import QueryBusy, QueryCancelled, QueryGate, QueryLimits, QueryTimeout

SLOW = "SELECT count(*) FROM range(10000000000) WHERE hash(range) % 7 = 3"  # minutes of work


@pytest.fixture
def con():
    con = duckdb.connect()
    yield con
    con.close()


def slow(cur):
    return cur.execute(SLOW).fetchone()


def in_thread(fn) -> tuple[threading.Thread, dict]:
    out: dict = {}

    def target():
        try:
            out["result"] = fn()
        except Exception as exc:  # handed to the test
            out["error"] = exc
    thread = threading.Thread(target=target)
    thread.start()
    return thread, out


def wait_for(check, timeout: float = 10):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_a_query_past_its_budget_is_interrupted(con):
    gate = QueryGate(con, QueryLimits(query_timeout_s=0.3))
    start = time.monotonic()
    with pytest.raises(QueryTimeout, match=r"query exceeded its 0.3 s budget"), gate.take(wait=False) as query:
        query.run(slow)
    assert 0.3 <= time.monotonic() - start < 3
    assert gate.running == 0
    with gate.take(wait=False) as query:  # the connection is fine afterwards
        assert query.run(lambda cur: cur.execute("SELECT 42").fetchone()) == (42,)


def test_cancel_interrupts_and_is_reported(con):
    gate = QueryGate(con)
    query = gate.take(wait=False)
    thread, out = in_thread(lambda: query.run(slow))
    wait_for(lambda: query._cur is not None)  # the query is running
    query.cancel("the client disconnected")
    thread.join(5)
    assert isinstance(out["error"], QueryCancelled) and str(out["error"]) == "the client disconnected"


def test_a_cancel_between_statements_is_not_lost(con):
    gate = QueryGate(con)
    query = gate.take(wait=False)
    between = threading.Event()

    def two_statements(cur):
        cur.execute("SELECT 1").fetchone()
        between.set()
        time.sleep(0.3)  # the cancel lands here, when nothing runs
        return slow(cur)
    thread, out = in_thread(lambda: query.run(two_statements))
    between.wait(5)
    query.cancel("stop")
    thread.join(5)
    assert not thread.is_alive() and isinstance(out["error"], QueryCancelled)


def test_slots_are_bounded_and_freed_only_when_the_query_ends(con):
    gate = QueryGate(con, QueryLimits(query_slots=2))
    first, second = gate.take(wait=False), gate.take(wait=False)
    with pytest.raises(QueryBusy, match="all 2 query slots are busy"):
        gate.take(wait=False)
    thread, out = in_thread(lambda: first.run(slow))
    wait_for(lambda: first._cur is not None)
    first.__exit__(None, None, None)  # the request gave up; its worker thread still runs
    with pytest.raises(QueryBusy):
        gate.take(wait=False)
    first.cancel("gone")
    thread.join(5)
    gate.take(wait=False)  # free once the query returned
    second.__exit__(None, None, None)


def test_close_stops_queries_tracked_cursors_and_waiters(con):
    gate = QueryGate(con, QueryLimits(query_slots=1))
    running = gate.take(wait=False)
    query_thread, query_out = in_thread(lambda: running.run(slow))
    cur = con.cursor()

    def tracked_read():
        with gate.tracked(cur):
            return slow(cur)
    read_thread, read_out = in_thread(tracked_read)
    waiter_thread, waiter_out = in_thread(lambda: gate.take(wait=True))
    time.sleep(0.3)
    gate.close()
    for thread in (query_thread, read_thread, waiter_thread):
        thread.join(5)
    assert str(query_out["error"]) == "the server is stopping"
    assert isinstance(read_out["error"], duckdb.InterruptException)
    assert isinstance(waiter_out["error"], QueryCancelled)
    with pytest.raises(QueryCancelled, match="stopping"):
        gate.take(wait=False)


def test_scheduled_runs_and_people_take_their_own_slots(con):
    """A burst of scheduled runs fills only their pool; a person's query is still admitted, and
    the other way round."""
    gate = QueryGate(con, QueryLimits(query_slots=1, scheduled_slots=2))
    scheduled = [gate.take(wait=False, pool="scheduled") for _ in range(2)]
    with pytest.raises(QueryBusy, match="all 2 scheduled-run slots are busy"):
        gate.take(wait=False, pool="scheduled")
    person = gate.take(wait=False)
    with pytest.raises(QueryBusy, match="all 1 query slots are busy"):
        gate.take(wait=False)
    waiter, out = in_thread(lambda: gate.take(wait=True, pool="scheduled"))
    time.sleep(0.1)
    assert waiter.is_alive()  # waits for a scheduled slot, not the person's being freed
    person.__exit__(None, None, None)
    time.sleep(0.1)
    assert waiter.is_alive()
    scheduled[0].__exit__(None, None, None)
    waiter.join(5)
    assert out["result"].pool == "scheduled"
