"""Holidays a request names ("by Christmas", "国庆节那天"), as dates a reviewer computes.

Names and dates come from the `holidays` library (the Open World Holidays Framework), in English
and Chinese, for the countries whose names users most often write; a holiday's "Day" may be left
out ("Christmas"), and "<holiday> Eve" is the day before it. Each is the coming one: this year's,
or next year's once passed, as a month and day without a year is read.
"""
from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from functools import lru_cache

from evaluators.budget import unbudgeted
from evaluators.text.norm import fold

# (country, language): English names where the country's own are another language's
_CALENDARS = (("US", None), ("GB", None), ("CA", "en_US"), ("AU", None), ("SG", None), ("DE", "en_US"),
              ("FR", "en_US"), ("CN", "en_US"), ("CN", "zh_CN"), ("HK", "en_HK"), ("TW", "zh_TW"))
# days off that stand in for another day are no holiday a user names
_STAND_INS = re.compile(r"observed|substituted|day off|补假|調休|调休|補假|following|first weekday")
_PARENTHESIS = re.compile(r"\s*[(（]([^)）]*)[)）]")


@lru_cache(maxsize=8)
@unbudgeted
def _named(year: int) -> dict[str, frozenset[dt.date]]:
    """Folded holiday name -> its dates in `year` (a name's shorter forms too)."""
    import holidays

    found: dict[str, set[dt.date]] = defaultdict(set)
    for country, language in _CALENDARS:
        for day, names in holidays.country_holidays(country, years=year, language=language).items():
            for name in names.split("; "):
                if _STAND_INS.search(name.lower()):
                    continue
                for form in _forms(fold(name)):
                    found[form].add(day)
    return {name: frozenset(days) for name, days in found.items()}


def _forms(name: str) -> set[str]:
    """A name as users write it: "Christmas Day" is also "Christmas"; "Chinese New Year (Spring
    Festival)" is either; "New Year's Day" also "New Year"."""
    inner = _PARENTHESIS.search(name)
    bases = {_PARENTHESIS.sub("", name).strip(), *([inner[1].strip()] if inner else [])}
    forms = set(bases)
    for base in bases:
        short = re.sub(r"\s+day$", "", base)
        forms |= {short, re.sub(r"'s$", "", short)}
    return {f for f in forms if len(f) >= 2}


@lru_cache(maxsize=8)
def _pattern(year: int) -> re.Pattern:
    names = sorted(_named(year), key=len, reverse=True)
    english = "|".join(re.escape(n) for n in names if n.isascii())
    chinese = "|".join(re.escape(n) for n in names if not n.isascii())
    return re.compile(rf"\b({english})(\s+eve)?\b|({chinese})")


def holiday_dates(text: str, today: dt.date) -> set[dt.date]:
    """The coming dates of the holidays `text` names, seen from `today`."""
    folded = fold(text)
    found: set[dt.date] = set()
    for m in _pattern(today.year).finditer(folded):
        name, eve = (m[1], m[2]) if m[1] else (m[3], None)
        shift = dt.timedelta(days=-1 if eve else 0)
        this = {d + shift for d in _named(today.year).get(name, ())}
        coming = {d for d in this if d >= today} or {d + shift for d in _named(today.year + 1).get(name, ())}
        found |= coming
    return found
