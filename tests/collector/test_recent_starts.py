"""A batch of new traces is stored without a search for copies; a copy is found whatever happened
between the two sends (the window passed, a restart, a sender's clock far ahead). Real DuckDB file."""
from __future__ import annotations

import time

import duckdb

from collector.decoding.otlp import to_batch
from collector.store import TraceStore
from collector.store import recent
from collector.store.recent import WINDOW_NS, RecentStarts
from tests.otlp_payloads import request_with_spans

S = 1_000_000_000


class Clock:
    def __init__(self):
        self.now = time.time_ns()

    def __call__(self) -> int:
        return self.now


def append(store: TraceStore, req, received_ns: int) -> int:
    store.con.execute("BEGIN")
    new = store.append_spans(to_batch(req, received_ns).to_arrow())
    store.con.execute("COMMIT")
    return new.num_rows


def stored(store: TraceStore) -> int:
    return store.con.execute("SELECT count(*) FROM spans").fetchone()[0]


def test_new_traces_are_stored_without_a_search_and_a_resend_is_found(tmp_path):
    clock = Clock()
    store = TraceStore(duckdb.connect(str(tmp_path / "r.duckdb")), clock)
    sent = [request_with_spans(4)[0] for _ in range(3)]
    assert [append(store, req, clock.now) for req in sent] == [4, 4, 4]
    assert store.searches == 0
    assert append(store, sent[1], clock.now + 1) == 0  # its trace is known: searched, found
    assert store.searches == 1 and stored(store) == 12


def test_a_resend_after_a_restart_is_found(tmp_path):
    clock, path = Clock(), str(tmp_path / "r.duckdb")
    req, _ = request_with_spans(3)
    with duckdb.connect(path) as con:
        assert append(TraceStore(con, clock), req, clock.now) == 3
    with duckdb.connect(path) as con:
        again = TraceStore(con, clock)
        assert append(again, req, clock.now + 1) == 0
        assert again.searches == 1 and stored(again) == 3


def test_a_resend_after_its_start_left_the_window_is_found(tmp_path):
    clock = Clock()
    store = TraceStore(duckdb.connect(str(tmp_path / "r.duckdb")), clock)
    old, _ = request_with_spans(3)
    assert append(store, old, clock.now) == 3
    clock.now += WINDOW_NS + 10 * S  # the old trace is let go when the next commit trims
    fresh, _ = request_with_spans(2)
    for span in fresh.resource_spans[0].scope_spans[0].spans:
        span.start_time_unix_nano += WINDOW_NS + 10 * S
    assert append(store, fresh, clock.now) == 2
    assert len(store.recent) == 1 and store.searches == 0
    assert append(store, old, clock.now) == 0  # older than the horizon: searched
    assert store.searches == 1 and stored(store) == 5


def test_a_sender_far_ahead_of_the_clock_makes_later_batches_searched(tmp_path):
    clock = Clock()
    store = TraceStore(duckdb.connect(str(tmp_path / "r.duckdb")), clock)
    ahead, _ = request_with_spans(2)
    for span in ahead.resource_spans[0].scope_spans[0].spans:
        span.start_time_unix_nano += 3600 * S
    assert append(store, ahead, clock.now) == 2
    assert len(store.recent) == 0  # not kept: the horizon moved past it instead
    assert append(store, request_with_spans(2)[0], clock.now) == 2
    assert append(store, ahead, clock.now + 1) == 0
    assert store.searches == 2 and stored(store) == 4


def test_past_its_bound_the_older_half_is_let_go_and_the_horizon_follows(monkeypatch):
    monkeypatch.setattr(recent, "MAX_TRACES", 10)
    starts = RecentStarts(None, lambda: 100 * S)
    starts.add([f"t{i}" for i in range(11)], [90 * S + i for i in range(11)])
    assert len(starts) == 6 and starts.horizon == 90 * S + 5
    assert starts.has_none_of(["t0"], 90 * S + 5)  # t0 started before the horizon: nothing of it can be later
    assert not starts.has_none_of(["t0"], 90 * S + 4) and not starts.has_none_of(["t7"], 95 * S)
