"""The time zones a request names by a city or a country ("柏林时间 9 点", "9am Tokyo time", "日本时间"),
from CLDR through babel (exemplar cities of every zone, and the main zone of a country with at most
two), in English and Chinese: so that a UTC time an agent computed from a local one is grounded."""
from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from decimal import Decimal
from functools import lru_cache
from typing import NamedTuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from evaluators.budget import unbudgeted
from evaluators.text.cache import cached_when_short
from evaluators.text.glosses import place_names
from evaluators.text.norm import has_cjk, norm
from evaluators.text.numbers import durations_in, zh_amount
from evaluators.text.values import named_numbers

_LOCALES = ("en", "zh")


@lru_cache(maxsize=1)
@unbudgeted
def _names() -> dict[str, frozenset[str]]:
    """Normalised place name -> the zones it names (read from CLDR once)."""
    from babel import Locale
    from babel.core import get_global
    from babel.dates import get_timezone_location

    found: dict[str, set[str]] = defaultdict(set)
    for zone in get_global("zone_territories"):
        for locale in _LOCALES:
            try:
                city = get_timezone_location(zone, locale=locale, return_city=True)
            except (LookupError, ValueError):
                continue
            if city:
                found[norm(city)].add(zone)
    for territory, zones in get_global("territory_zones").items():
        if len(zones) > 2:  # a country of many zones names none of them
            continue
        for locale in _LOCALES:
            name = Locale(locale).territories.get(territory)
            if name:
                found[norm(name)].add(zones[0])
    return {name: frozenset(zones) for name, zones in found.items() if len(name) > 1}


@cached_when_short(1 << 12)
def zones_named(text: str) -> frozenset[str]:
    """The zones of the places `text` names (a Chinese name anywhere, an English one as whole
    words), and of a city whose time it names ("Beijing time", "北京时间": no CLDR exemplar city,
    but a city with an airport, whose zone airportsdata gives)."""
    words = f" {norm(text)} "
    cjk = has_cjk(text)
    named = {zone for name, zones in _names().items()
             if (name in words if has_cjk(name) else f" {name} " in words) and (cjk or not has_cjk(name))
             for zone in zones}
    cities = [norm(m[1]) for m in _CITY_TIME.finditer(text)]
    if cjk:
        cities += [norm(place) for m in _ZH_CITY_TIME.finditer(text) for place in place_names(m[1])]
    return frozenset(named.union(*(_airport_zones().get(city, ()) for city in cities)))


_CITY_TIME = re.compile(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+)?) time\b")  # "Beijing time", "New York time"
_ZH_CITY_TIME = re.compile(r"([\u4e00-\u9fff]{2,4}?)时间")  # 北京时间


@lru_cache(maxsize=1)
@unbudgeted
def _airport_zones() -> dict[str, frozenset[str]]:
    """Normalised city -> the zones of its airports (airportsdata), for cities with one zone."""
    import airportsdata

    found: dict[str, set[str]] = defaultdict(set)
    for airport in airportsdata.load("IATA").values():
        if airport["city"] and airport["tz"]:
            found[norm(airport["city"])].add(airport["tz"])
    return {city: frozenset(zones) for city, zones in found.items() if len(zones) == 1}


# A time of day as written: 9:30, 09:00, 9am, 9 p.m., 9 o'clock, 9点, 9点半, 9点15分, 下午3点; 9.30pm as
# written in Britain (the dot only before am or pm: 9.30 alone is a price as often).
_CLOCK = re.compile(r"(上午|早上|早|中午|下午|晚上|晚)?\s*(\d{1,2})(?:(?:[:：]|\.(?=\d{2}\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])))"
                    r"(\d{2})\s*(am|pm|a\.m\.|p\.m\.)?"
                    r"|\s*(?:点|點|时|時)(半|(\d{1,2})\s*分)?|\s*(am|pm|a\.m\.|p\.m\.|o'clock)(?![a-z]))", re.IGNORECASE)
# The same in Chinese numerals: 十点半, 晚上六点, 两点十五分. A bare 一点 is mostly "a little" (有一点贵):
# one o'clock only with the half of the day said (下午一点) or its minutes (一点半).
_ZH_CLOCK = re.compile(r"(上午|早上|早|中午|下午|晚上|晚)?(十[一二]?|[二两三四五六七八九]|一)(?:点|點)"
                       r"(半|([一二三四五]?十[一二三四五六七八九]?|[一二三四五六七八九]|零[一二三四五六七八九])分)?")
_AFTERNOON = ("下午", "晚上", "晚", "pm", "p.m.")
_AT_HOUR = re.compile(r"\bat\s+(\d{1,2})(?![\d:.,]|\s*(?:am|pm|a\.m\.|p\.m\.|o'clock|%))", re.IGNORECASE)  # "at 9"
_HOURS = "one two three four five six seven eight nine ten eleven twelve".split()
# "half past seven", "quarter to eight", "ten past 9": minutes spoken against an hour
_SPOKEN = re.compile(rf"\b(half|quarter|ten|twenty|five|\d{{1,2}})\s+(past|to)\s+(\d{{1,2}}|{'|'.join(_HOURS)})\b", re.IGNORECASE)
_SPOKEN_MINUTES = {"half": 30, "quarter": 15, "ten": 10, "twenty": 20, "five": 5}
_NAMED_TIMES = re.compile(r"\b(noon|midday|midnight)\b|(中午十二点|正午|午夜|半夜十二点)", re.IGNORECASE)


@cached_when_short(1 << 12)
def times_of_day(text: str) -> frozenset[tuple[int, int]]:
    """The (hour, minute) times of day a text states, on a 24-hour clock; an hour written without
    am/pm or 上午/下午 counts as either half of the day."""
    found = set()
    for m in _CLOCK.finditer(text):
        hour = int(m[2])
        minute = int(m[3]) if m[3] else 30 if m[5] == "半" else int(m[6]) if m[6] else 0
        if hour <= 23 and minute <= 59:
            found |= _on_the_clock(hour, minute, (m[4] or m[7] or m[1] or "").lower())
    for m in _ZH_CLOCK.finditer(text) if not text.isascii() else ():
        if m[2] != "一" or m[1] or m[3]:
            minute = 30 if m[3] == "半" else int(zh_amount(m[4].lstrip("零"))) if m[4] else 0
            found |= _on_the_clock(int(zh_amount(m[2])), minute, m[1] or "")
    for m in _AT_HOUR.finditer(text):
        if (hour := int(m[1])) < 24:
            found |= {(hour, 0), (hour + 12, 0)} if hour < 12 else {(hour, 0)}
    for m in _SPOKEN.finditer(text):
        minutes = _SPOKEN_MINUTES.get(m[1].lower()) or int(m[1])
        hour = _HOURS.index(m[3].lower()) + 1 if m[3].lower() in _HOURS else int(m[3])
        if minutes < 60 and 0 < hour <= 12:
            hour, minute = (hour, minutes) if m[2].lower() == "past" else (hour - 1, 60 - minutes)
            found |= {(hour % 12, minute), (hour % 12 + 12, minute)}  # the half of the day goes unsaid
    for m in _NAMED_TIMES.finditer(text):
        found.add((12, 0) if (m[1] or "").lower() in ("noon", "midday") or m[2] in ("中午十二点", "正午") else (0, 0))
    return frozenset(found)



def _on_the_clock(hour: int, minute: int, mark: str) -> set[tuple[int, int]]:
    """A time as written with its half of the day (pm, 下午), on a 24-hour clock; either half unsaid."""
    if mark in _AFTERNOON and hour < 12:
        return {(hour + 12, minute)}
    if mark in ("am", "a.m.") and hour == 12:
        return {(0, minute)}
    return {(hour, minute), (hour + 12, minute)} if not mark and hour < 12 else {(hour, minute)}


@cached_when_short(1 << 12)
def times_a_span_away(text: str) -> frozenset[tuple[int, int]]:
    """The (hour, minute) times a reviewer works out from a time of day and a length of time the
    text both states, either way: "18:00 for 3 hours" ends at 21:00, "3个小时" after 下午3点 at 18:00,
    "done by 17:00, two hours' work" starts at 15:00. Lengths under a day, in whole minutes."""
    times = times_of_day(text)
    spans = [int(s) // 60 for s in durations_in(text) if 0 < s < 86400 and s % 60 == 0] if times else []
    return frozenset(divmod((h * 60 + m + sign * span) % 1440, 60)
                     for h, m in times for span in spans for sign in (1, -1))

# a field holding a length of time by its name, and how many minutes one of its units is
_LENGTH_KEY = re.compile(r"(?:^|[_\W])(?:min|mins|minutes?|hours?|hrs?|h)(?:$|[_\W])|duration|running|runtime|length", re.I)
_HOURS_KEY = re.compile(r"(?:^|[_\W])(?:hours?|hrs?|h)(?:$|[_\W])", re.I)


def lengths_of(result: object) -> frozenset[int]:
    """The lengths of time, in whole minutes under a day, a result gives in fields named for one
    (running_time_min: 50, duration_hours: 2): what a reviewer adds to a time it gives (a show at
    10:00 running 50 minutes ends at 10:50). Only fields named so: a bare 50 is a count as often."""
    return frozenset(int(m) for m in _minutes(result) if 0 < m < 1440 and m == int(m))  # NaN fails the bounds first


def _minutes(result: object) -> list[float]:
    """The numbers of the fields named for a length of time, in minutes."""
    return [value * 60 if _HOURS_KEY.search(key) else value for key, value in named_numbers(result, _LENGTH_KEY)]


# a field holding a number of days by its name: lead_time_days, processing_days, notice_days (not a
# rate: tablets_per_day)
_DAYS_KEY = re.compile(r"(?:^|[_\W])(?:days|nights)(?:$|[_\W])", re.I)


def days_of(result: object) -> frozenset[int]:
    """The whole numbers of days a result gives in fields named for them (lead_time_days: 4, nights: 3):
    what a reviewer adds to today for "as soon as it's ready", or to a new start for "the same number of
    nights". Only fields named so."""
    return frozenset(int(v) for _, v in named_numbers(result, _DAYS_KEY) if 0 < v <= 366 and v == int(v))


class Lengths(NamedTuple):
    """The lengths of time the results before a call give: minutes (`lengths_of`), the wholes of
    those giving several or a length per item and a count (`whole_length`, `per_item_lengths`) and
    days (`days_of`); and the other measures they give in a named unit (`measures.measures_given`)."""
    minutes: frozenset[int] = frozenset()
    wholes: frozenset[int] = frozenset()
    days: frozenset[int] = frozenset()
    measures: frozenset[tuple[str, Decimal]] = frozenset()


def whole_length(result: object) -> int | None:
    """The total of the three or more lengths of time a result gives (`lengths_of`'s fields, each
    counted once): a van round's serving and driving minutes at each stop add up to the round's length."""
    minutes = [m for m in _minutes(result) if 0 < m < 1440]
    total = sum(minutes)
    return int(total) if len(minutes) > 2 and total < 1440 and total == int(total) else None


_PER_ITEM = re.compile(r"_per_([a-z]+?)s?$", re.I)


def per_item_lengths(result: object) -> frozenset[int]:
    """The lengths of time a result gives as a length per item and a count of those items beside it
    (minutes_per_post: 25 and lamp_posts: 11 take 275 minutes): the work's whole length, in whole
    minutes under a day. Only a count named for the item the length is per."""
    found, stack = set(), [result]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack += node
        elif isinstance(node, dict):
            stack += [v for v in node.values() if isinstance(v, (dict, list))]
            numbers = {k: v for k, v in node.items() if isinstance(k, str) and type(v) in (int, float)}
            for key, each in numbers.items():
                if (item := _PER_ITEM.search(key)) is None or not _LENGTH_KEY.search(key):
                    continue
                minutes = each * 60 if _HOURS_KEY.search(key) else each
                found |= {int(minutes * n) for k, n in numbers.items() if k != key and n == int(n) and n > 1
                          and _PER_ITEM.search(k) is None and any(w.rstrip("s") == item[1].lower() for w in k.lower().split("_"))}
    return frozenset(m for m in found if 0 < m < 1440)


@lru_cache(maxsize=256)
def is_zone(name: str) -> bool:
    """Whether a text is an IANA zone name with a region (Europe/Berlin, Asia/Shanghai)."""
    if "/" not in name or len(name) > 40 or name.startswith("/"):
        return False
    try:
        ZoneInfo(name)
    except (ValueError, OSError, ZoneInfoNotFoundError):
        return False
    return True


def local_times(instant: dt.datetime, zones: frozenset[str]) -> list[dt.datetime]:
    """An aware instant as the wall-clock time of each zone."""
    return [instant.astimezone(ZoneInfo(zone)) for zone in sorted(zones)]
