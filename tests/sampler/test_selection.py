"""Deterministic selection: hash, ratio and cap properties, time windows and the watermark."""
from __future__ import annotations

import datetime as dt
import math

import duckdb
import pytest

from collector.store import TraceStore
from sampler.policy import SamplingPolicy
from sampler.selection import TimeRange, default_salt, sample_hash, select
from tests.sampler.handmade import T0, insert_traces

N = 4000
EVERYTHING = TimeRange(column="start_time", end=dt.datetime(2100, 1, 1))


def policy(ratio: float, max_items: int = 500, filters: list | None = None) -> SamplingPolicy:
    return SamplingPolicy.model_validate({"filters": filters or [], "sampling": {"ratio": ratio, "max_items": max_items}})


def ids(selection) -> list[str]:
    return [p.trace_id for p in selection.selected]


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    """4,000 traces with md5-like ids, one a second from T0."""
    con = duckdb.connect(str(tmp_path_factory.mktemp("sampler") / "many.duckdb"))
    TraceStore(con)
    con.execute(
        """INSERT INTO traces (trace_id, version, status, start_time, completed_at)
           SELECT md5('trace-' || i), 1, 'ok', ? + i * INTERVAL 1 SECOND, ? + i * INTERVAL 1 SECOND + INTERVAL 10 SECOND
           FROM range(?) r(i)""",
        [T0, T0, N],
    )
    trace_ids = [r[0] for r in con.execute("SELECT trace_id FROM traces").fetchall()]
    yield con, trace_ids
    con.close()


def binomial_bounds(n: int, p: float, confidence: float = 0.999) -> tuple[int, int]:
    """The central `confidence` interval of Binomial(n, p), exactly."""
    tail, cdf, lo, hi = (1 - confidence) / 2, 0.0, None, None
    for k in range(n + 1):
        log_pmf = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log1p(-p)
        cdf += math.exp(log_pmf)
        if lo is None and cdf >= tail:
            lo = k
        if cdf >= 1 - tail:
            hi = k
            break
    return lo, hi


@pytest.mark.parametrize("salt", ["task:daily-patrol", "task:other", "shared-salt"])
def test_five_percent_is_within_binomial_bounds(many, salt):
    con, _ = many
    lo, hi = binomial_bounds(N, 0.05)
    got = select(con, policy(0.05), salt, EVERYTHING)
    assert lo <= len(got.selected) <= hi, (lo, len(got.selected), hi)
    assert got.capped == 0 and got.candidates == N
    assert got.sampled_out == N - len(got.selected)


def test_selection_reruns_identically_and_matches_python(many):
    con, trace_ids = many
    first = select(con, policy(0.05), "task:x", EVERYTHING)
    cur = con.cursor()
    try:
        again = select(cur, policy(0.05), "task:x", EVERYTHING)
    finally:
        cur.close()
    assert first == again
    expected = sorted((sample_hash("task:x", t), t) for t in trace_ids if sample_hash("task:x", t) < 0.05)
    assert [(p.hash, p.trace_id) for p in first.selected] == expected


def test_reported_hash_is_sample_hash(many):
    con, _ = many
    for p in select(con, policy(1.0, 500), "s", EVERYTHING).selected:
        assert p.hash == sample_hash("s", p.trace_id)
        assert 0 <= p.hash < 1


def test_a_lower_ratio_picks_a_subset(many):
    con, _ = many
    one, five, ten = (set(ids(select(con, policy(r), "task:x", EVERYTHING))) for r in (0.01, 0.05, 0.1))
    assert one < five < ten
    assert len(ten) > len(five) > len(one) > 0


def test_the_cap_keeps_the_lowest_hashes(many):
    con, trace_ids = many
    got = select(con, policy(1.0, 50), "task:x", EVERYTHING)
    assert ids(got) == sorted(trace_ids, key=lambda t: sample_hash("task:x", t))[:50]
    assert (got.candidates, got.sampled_out, got.capped) == (N, 0, N - 50)


def test_cap_after_ratio_counts_add_up(many):
    con, trace_ids = many
    got = select(con, policy(0.2, 10), "task:x", EVERYTHING)
    in_sample = sorted(t for t in trace_ids if sample_hash("task:x", t) < 0.2)
    assert ids(got) == sorted(in_sample, key=lambda t: sample_hash("task:x", t))[:10]
    assert got.sampled_out == N - len(in_sample)
    assert got.capped == len(in_sample) - 10
    assert got.candidates == got.sampled_out + got.capped + len(got.selected)


def test_salts_sample_independently(many):
    con, _ = many
    a = set(ids(select(con, policy(0.1), default_salt("triage"), EVERYTHING)))
    b = set(ids(select(con, policy(0.1), default_salt("patrol"), EVERYTHING)))
    assert a != b
    assert len(a & b) < 0.3 * len(a)  # about 10 % overlap expected
    assert default_salt("triage") == default_salt("triage") != default_salt("patrol")


@pytest.fixture
def timed(store):
    """e1..e3 start 10:00, 10:30, 11:00 and complete five minutes later; e2 failed, e3 is version 3."""
    insert_traces(store, [
        dict(trace_id=f"e{n + 1}", status=status, version=version, start_time=T0 + dt.timedelta(minutes=30 * n),
             completed_at=T0 + dt.timedelta(minutes=30 * n + 5))
        for n, (status, version) in enumerate([("ok", 1), ("error", 1), ("ok", 3)])
    ])
    return store


def window_ids(con, column, start, end, filters=None) -> set[str]:
    window = TimeRange(column=column, start=start, end=end)
    return set(ids(select(con, policy(1.0, 500, filters), "w", window)))


def at(hh: int, mm: int) -> dt.datetime:
    return T0.replace(hour=hh, minute=mm)


def test_start_time_window_includes_start_excludes_end(timed):
    assert window_ids(timed, "start_time", at(10, 0), at(11, 0)) == {"e1", "e2"}
    assert window_ids(timed, "start_time", at(10, 0), at(11, 1)) == {"e1", "e2", "e3"}
    assert window_ids(timed, "start_time", at(10, 1), at(11, 1)) == {"e2", "e3"}
    assert window_ids(timed, "start_time", None, at(10, 30)) == {"e1"}


def test_completed_at_window_excludes_start_includes_end(timed):
    assert window_ids(timed, "completed_at", at(10, 5), at(11, 5)) == {"e2", "e3"}
    assert window_ids(timed, "completed_at", None, at(10, 35)) == {"e1", "e2"}
    assert window_ids(timed, "completed_at", at(10, 4), at(10, 34)) == {"e1"}


def test_an_empty_or_inverted_window_selects_nothing(timed):
    got = select(timed, policy(1.0), "w", TimeRange(column="start_time", start=at(12, 0), end=at(9, 0)))
    assert (got.candidates, got.selected, got.watermark) == (0, [], None)


def test_aware_times_become_naive_utc(timed):
    shanghai = dt.timezone(dt.timedelta(hours=8))
    window = TimeRange(column="start_time", start=dt.datetime(2024, 1, 1, 18, 0, tzinfo=shanghai),
                       end=dt.datetime(2024, 1, 1, 19, 0, tzinfo=shanghai))
    assert window.start == at(10, 0) and window.start.tzinfo is None
    assert set(ids(select(timed, policy(1.0), "w", window))) == {"e1", "e2"}


def test_watermark_is_latest_completed_candidate(timed):
    window = TimeRange(column="completed_at", start=None, end=at(12, 0))
    assert select(timed, policy(1.0), "w", window).watermark == at(11, 5)
    failed = [{"field": "status", "op": "eq", "value": "error"}]
    assert select(timed, policy(1.0, filters=failed), "w", window).watermark == at(10, 35)


def test_rolling_runs_resume_after_the_watermark_without_gap_or_overlap(timed):
    first = select(timed, policy(1.0), "w", TimeRange(column="completed_at", start=None, end=at(10, 35)))
    second = select(timed, policy(1.0), "w", TimeRange(column="completed_at", start=first.watermark, end=at(12, 0)))
    assert set(ids(first)) == {"e1", "e2"} and ids(second) == ["e3"]


def test_selection_carries_the_trace_version(timed):
    picked = {p.trace_id: p.version for p in select(timed, policy(1.0), "w", EVERYTHING).selected}
    assert picked == {"e1": 1, "e2": 1, "e3": 3}


def test_the_window_used_is_reported(timed):
    window = TimeRange(column="start_time", start=at(10, 0), end=at(11, 0))
    assert select(timed, policy(1.0), "w", window).window == window
