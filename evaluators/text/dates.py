"""What date a text denotes: exactly a date in any recognised form, or relative expressions.

Grounding accepts an argument that is a date the agent could compute from the trace's start
("tomorrow" in the request, the trace's own day), and `evaluators.dates` flags a relative word
where an absolute date is wanted; both read dates here. Relative forms are English and Chinese:
"tomorrow", "明天", "下周一", "next Monday", "in 3 days".
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from evaluators.text.cache import cached_when_short
from evaluators.text.norm import canonical_dates, fold

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAYS_ZH = "一二三四五六日"
_EN_OFFSETS = {"today": 0, "tonight": 0, "tomorrow": 1, "tmr": 1, "yesterday": -1,
               "day after tomorrow": 2, "day before yesterday": -2}
_EN_OFFSET = re.compile(r"\b(?:" + "|".join(w.replace(" ", r"\s+") for w in _EN_OFFSETS) + r")\b")
_ZH_OFFSETS = {"今天": 0, "今日": 0, "今晚": 0, "明天": 1, "明日": 1, "明早": 1, "明晚": 1,
               "后天": 2, "大后天": 3, "昨天": -1, "昨日": -1, "前天": -2}
_RELATIVE = re.compile(
    r"\b(?:(?:the\s+)?day\s+(?:after\s+tomorrow|before\s+yesterday)|today|tonight|tomorrow|tmr|"
    r"yesterday|(?:this|next|last|coming)\s+(?:week(?:end)?|month|year|"
    + "|".join(_WEEKDAYS_EN) + r")|in\s+\d+\s+days?|\d+\s+days?\s+(?:later|from\s+now|ago))\b"
    r"|大后天|今天|今日|今晚|明天|明日|明早|明晚|后天|昨天|昨日|前天|\d+天[后前]"
    r"|(?:下下?|这|本|上)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天]|(?:下|这|本|上)(?:个)?(?:周|星期|月|礼拜)末?")
# Every English form holds one of these words, every Chinese form one of these characters.
_RELATIVE_HINTS = ("day", "tonight", "tomorrow", "tmr", "week", "month", "year")
_RELATIVE_HINTS_CJK = frozenset("天日晚早周期拜月")
_EN_WEEKDAY = re.compile(r"\b(this|next|coming)\s+(" + "|".join(_WEEKDAYS_EN) + r")\b")
_ZH_WEEKDAY = re.compile(r"(下下|下|这|本)?(?:个)?(?:周|星期|礼拜)([一二三四五六日天])")
_IN_DAYS = re.compile(r"\bin\s+(\d+)\s+days?\b|\b(\d+)\s+days?\s+(?:later|from\s+now)\b|(\d+)天后")


@cached_when_short(1 << 14)
def as_date(value: str) -> dt.date | None:
    """The date a string denotes when it is exactly a date (any recognised form), else None."""
    if len(value) > 40 or not any(d in value for d in "0123456789０１２３４５６７８９"):
        return None
    text = canonical_dates(value).strip()
    match = _ISO_DATE.match(text)
    if match is None or text[match.end():].strip(" t"):
        return None
    try:
        return dt.date.fromisoformat(match[0])
    except ValueError:
        return None


def _relative_candidate(text: str) -> str | None:
    """`text` folded when it may hold a relative-date expression, else None (the regex is slow)."""
    folded = fold(text)
    if any(h in folded for h in _RELATIVE_HINTS):
        return folded
    return folded if not folded.isascii() and not _RELATIVE_HINTS_CJK.isdisjoint(folded) else None


@cached_when_short(1 << 14)
def relative_date_phrase(text: str) -> str | None:
    """The first relative-date expression in `text` ("tomorrow", "下周一"), else None."""
    folded = _relative_candidate(text)
    match = _RELATIVE.search(folded) if folded is not None else None
    return match[0] if match else None


def resolve_relative_dates(text: str, days: Iterable[dt.date]) -> set[dt.date]:
    """Every date the relative expressions in `text` may denote, seen from each of `days`.

    Ambiguous forms give each reading: "next Monday" is the coming Monday or the one after.
    """
    text = _relative_candidate(text) or ""
    if _RELATIVE.search(text) is None:
        return set()
    offsets = {_EN_OFFSETS[" ".join(m[0].split())] for m in _EN_OFFSET.finditer(text)}
    offsets |= {d for w, d in _ZH_OFFSETS.items() if w in text}
    offsets |= {int(m[1] or m[2] or m[3]) for m in _IN_DAYS.finditer(text)}
    out: set[dt.date] = set()
    for today in days:
        out |= {today + dt.timedelta(days=d) for d in offsets}
        for m in _EN_WEEKDAY.finditer(text):
            out |= _weekday(today, _WEEKDAYS_EN.index(m[2]), (0, 1) if m[1] == "next" else (0,))
        for m in _ZH_WEEKDAY.finditer(text):
            day = 6 if m[2] == "天" else _WEEKDAYS_ZH.index(m[2])
            weeks = {"下": (1,), "下下": (2,)}.get(m[1] or "", (0,))
            out |= {_monday(today) + dt.timedelta(weeks=w, days=day) for w in weeks}
            if not m[1]:
                out |= _weekday(today, day, (0,))
    return out


def _monday(day: dt.date) -> dt.date:
    return day - dt.timedelta(days=day.weekday())


def _weekday(today: dt.date, weekday: int, weeks_after: tuple[int, ...]) -> set[dt.date]:
    ahead = (weekday - today.weekday()) % 7 or 7
    return {today + dt.timedelta(days=ahead + 7 * w) for w in weeks_after}
