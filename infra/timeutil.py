"""Time in one place: the store keeps naive-UTC timestamps and nanosecond epochs, and every
setting or task that names a span of time uses one duration grammar.

Durations: a positive integer and a unit, `s` (seconds), `m` or `min` (minutes), `h` (hours),
`d` (days) or `w` (weeks), e.g. `30s`, `15m`, `12h`, `7d`, `2w`; case and surrounding spaces
are ignored. Zero is refused: every duration here is how long something is kept or waited for;
so is anything past `MAX_DURATION` (100 years), which no setting needs and date arithmetic could
not do. A caller that needs a narrower range (a task's `last` is 1h … 30d) checks it after parsing.
"""
from __future__ import annotations

import datetime as dt
import re

_UNIT_S = {"s": 1, "m": 60, "min": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_DURATION = re.compile(r"^\s*(\d+)\s*(s|min|m|h|d|w)\s*$")
_EPOCH = dt.datetime(1970, 1, 1)
DURATION_HELP = "a positive integer and a unit s, m, h, d or w (e.g. 30s, 15m, 12h, 7d)"
MAX_DURATION = dt.timedelta(days=36_500)


def parse_duration(text: str) -> dt.timedelta:
    """`"12h"` → 12 hours; ValueError naming the grammar otherwise."""
    match = _DURATION.match(str(text).lower())
    digits = match[1].lstrip("0") if match else ""  # counted before int(): 5,000 digits do not convert
    if not digits:
        raise ValueError(f"invalid duration {str(text)[:24]!r}: expected {DURATION_HELP}")
    if len(digits) > 12 or int(digits) * _UNIT_S[match[2]] > MAX_DURATION.total_seconds():
        raise ValueError(f"invalid duration {str(text)[:24]!r}: at most {MAX_DURATION.days}d (100 years)")
    return dt.timedelta(seconds=int(digits) * _UNIT_S[match[2]])


def utcnow() -> dt.datetime:
    """Now as the store keeps it: naive UTC."""
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)


def naive_utc(t: dt.datetime | None) -> dt.datetime | None:
    """An aware time converted to naive UTC; a naive one is taken as UTC already."""
    return t.astimezone(dt.timezone.utc).replace(tzinfo=None) if t is not None and t.tzinfo else t


def from_ns(ns: int | None) -> dt.datetime | None:
    """Nanoseconds since the epoch (OTLP's clock) as naive UTC, to the microsecond DuckDB keeps."""
    return _EPOCH + dt.timedelta(microseconds=ns // 1000) if ns else None


def to_ns(t: dt.datetime) -> int:
    """A store timestamp (naive UTC, or aware) as nanoseconds since the epoch."""
    return (naive_utc(t) - _EPOCH) // dt.timedelta(microseconds=1) * 1000
