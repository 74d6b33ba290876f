"""One duration grammar for retention, tasks and the dashboard, and one reading of store times."""
import datetime as dt

import pytest
from pydantic import ValidationError

from collector.store.retention import RetentionSettings
from infra.timeutil import from_ns, naive_utc, parse_duration, to_ns
from scheduler.task import BackfillWindow


@pytest.mark.parametrize("text, expected", [
    ("30s", dt.timedelta(seconds=30)), ("15m", dt.timedelta(minutes=15)), ("15min", dt.timedelta(minutes=15)),
    (" 12H ", dt.timedelta(hours=12)), ("7d", dt.timedelta(days=7)), ("2w", dt.timedelta(weeks=2)),
])
def test_the_grammar(text, expected):
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["0d", "0s", "-1h", "1.5h", "h", "12", "1y", "12 hours", ""])
def test_refusals_name_the_grammar(text):
    with pytest.raises(ValueError, match="positive integer and a unit s, m, h, d or w"):
        parse_duration(text)


def test_retention_and_tasks_read_durations_alike():
    """Both accept what the grammar accepts and refuse zero; tasks add their own 1h … 30d range."""
    assert RetentionSettings(spans="30s").delta("spans") == dt.timedelta(seconds=30)
    assert BackfillWindow(last="1w").last == "1w"
    for bad in ("0d", "0h"):
        with pytest.raises(ValidationError, match="positive integer"):
            RetentionSettings(traces=bad)
        with pytest.raises(ValidationError, match="positive integer"):
            BackfillWindow(last=bad)
    with pytest.raises(ValidationError, match="between 1h and 30d"):
        BackfillWindow(last="30s")


def test_retention_refuses_unknown_keys():
    with pytest.raises(ValidationError, match="span"):
        RetentionSettings.model_validate({"span": "1d"})


def test_store_times_round_trip():
    aware = dt.datetime(2026, 3, 1, 12, 30, tzinfo=dt.timezone(dt.timedelta(hours=8)))
    naive = naive_utc(aware)
    assert naive == dt.datetime(2026, 3, 1, 4, 30)
    assert from_ns(to_ns(aware)) == naive
    assert from_ns(0) is None and naive_utc(None) is None


@pytest.mark.parametrize("text", ["99999999999w", "36501d", "9" * 5000 + "s"])
def test_durations_past_a_century_are_refused_not_overflowed(text):
    """`timedelta` overflowed on these (an OverflowError: a 500 where a task or URL named one)."""
    with pytest.raises(ValueError, match=r"at most 36500d \(100 years\)"):
        parse_duration(text)
    with pytest.raises(ValidationError, match="at most 36500d"):
        BackfillWindow(last=text)
