"""The numbers a text states, in the forms people write them, as canonical decimal text.

`norm` already meets "1,130" and "1130.00"; a reviewer also reads "五千" as 5000, "1.5万" and
"15k" as 15000, "2.5 million", "1 200" and "1'200" as 1200, "1.200,50" as 1200.5, "15%" as 15
or 0.15, "two" as 2 and "a hundred and twenty" as 120 (text2num). Chinese numerals are read by cn2an, the maintained converter made for
them. `durations_in` reads the lengths of time a text states ("the past 2 hours", "最近半小时").
"""
from __future__ import annotations

import re
import warnings
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from text_to_num import alpha2digit

from evaluators.text.cache import SHORT, cached_when_short

_SCALES = {"k": 1_000, "thousand": 1_000, "m": 1_000_000, "mn": 1_000_000, "million": 1_000_000,
           "b": 1_000_000_000, "bn": 1_000_000_000, "billion": 1_000_000_000,
           "千": 1_000, "万": 10_000, "w": 10_000, "亿": 100_000_000}
_GROUPED = r"\d{1,3}(?:(?:[ ,'\u00a0\u202f]|\.(?=\d{3}(?!\d)))\d{3})+(?:[.,]\d+)?"
_PLAIN = r"\d+(?:\.\d+)?"
_NUMBER = re.compile(rf"(?<![\d.,])({_GROUPED}|{_PLAIN})\s*(thousand|million|billion|mn|bn|[kmbw千万亿](?![a-z])|%|percent)?",
                     re.IGNORECASE)
# A text that may be one number: a sign or a currency sign, then a digit or a Chinese numeral.
_NUMBERISH = re.compile(r"\s*[-+$€£¥]?\s*[\d零〇一二两三四五六七八九十百千万]")
# A lone numeral before a word is a count of it (两房, 三门课), as is one ending a word for a count (数量三): 一
# only before a measure word or what a flat counts (一居室, 一室一厅), as it also starts words that count
# nothing (一下, 一起, 一样, 一块儿).
# A weekday's numeral (周二, 星期三, 礼拜五: Tuesday, Wednesday, Friday) counts nothing, nor does the hour after it
# (下周二十点, "next Tuesday at ten", is no 20); 每周三次 is three times a week.
_WEEKDAY_NUMERAL = r"(?<![期拜])(?<!(?<!每)周)"
_CHINESE = re.compile(rf"(?:百分之)?{_WEEKDAY_NUMERAL}[零〇一二两三四五六七八九十百千万亿点壹贰叁肆伍陆柒捌玖拾佰仟]{{2,}}"
                      r"|(?<=数量|人数|数目|件数|张数|个数|份数|一共|总共|共计)[一二两三四五六七八九十](?![\u4e00-\u9fff])"
                      rf"|{_WEEKDAY_NUMERAL}[二两三四五六七八九十](?=[\u4e00-\u9fff])|一(?=[个位张间晚天人次件本台份条笔箱只双辆瓶盒袋包桶把盘杯碗棵株套桌场节层周年居室厅斤扇片颗枚根支幅]|块(?!儿)|小时|公斤)")


def canonical(number: Decimal) -> str:
    """A number as the shortest decimal text: 5000, 0.15, 1200.5."""
    text = format(number.normalize(), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _decimal(text: str) -> Decimal | None:
    """A digit group as written: separators of thousands dropped, a decimal comma read as a point."""
    last = max(text.rfind(","), text.rfind("."))
    if last >= 0 and text[last] == "," and len(text) - last - 1 in (1, 2):  # European: 1.200,50
        text = text[:last].replace(".", "") + "." + text[last + 1:]
    text = re.sub(r"[ ,'\u00a0\u202f]", "", text)
    if text.count(".") > 1:
        text = text.replace(".", "")
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


WORDS = {w: i for i, w in enumerate(("zero one two three four five six seven eight nine ten eleven twelve "
                                       "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty").split())}
_WORD = re.compile(r"\b(" + "|".join(WORDS) + r")\b", re.IGNORECASE)
# Words that count without being numbers: a dozen eggs, a couple of tickets, the third option
# ("first" and "second" mean too much else: first class, a second).
_COUNTS = {"dozen": 12, "couple": 2, "pair": 2, **{w: i for i, w in enumerate(
    "third fourth fifth sixth seventh eighth ninth tenth".split(), 3)}}
_COUNT = re.compile(r"\b(" + "|".join(_COUNTS) + r")\b", re.IGNORECASE)
# How often, as the counts a schedule takes: daily is once a day, 7 days a week, every 24 hours
_DAILY, _WEEKLY, _HOURLY, _FORTNIGHTLY, _MONTHLY = (1, 7, 24), (1, 7), (1, 60), (2, 14), (1, 12)
_FREQUENCIES = {"daily": _DAILY, "every day": _DAILY, "nightly": _WEEKLY, "weekly": _WEEKLY, "every week": _WEEKLY,
                "hourly": _HOURLY, "every hour": _HOURLY, "fortnightly": _FORTNIGHTLY, "biweekly": _FORTNIGHTLY,
                "every other week": _FORTNIGHTLY, "every other day": (2,), "monthly": _MONTHLY,
                "every month": _MONTHLY, "twice": (2,), "thrice": (3,), "每天": _DAILY, "每日": _DAILY, "天天": _DAILY,
                "每晚": _WEEKLY, "每周": _WEEKLY, "每星期": _WEEKLY, "每小时": _HOURLY, "每月": _MONTHLY, "隔天": (2,)}
_FREQUENCY = re.compile(r"\b(?:" + "|".join(k for k in _FREQUENCIES if k.isascii()) + r")\b|"
                        + "|".join(k for k in _FREQUENCIES if not k.isascii()), re.IGNORECASE)


# English numbers past twenty hold one of these; below it `WORDS` reads them.
_TENS = re.compile(r"\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)", re.IGNORECASE)
# A range of counts the user gave: "floors 3-5", "rooms 10 to 14", "7到9楼".
_RANGE = re.compile(r"(?<![\d.,-])(\d{1,4})\s*(?:-|–|~|～|to|through|thru|至|到)\s*(\d{1,4})(?![\d.,:/-])", re.IGNORECASE)
_WIDEST_RANGE = 100


@cached_when_short(1 << 12)
def ranges_in(text: str) -> frozenset[str]:
    """The whole numbers strictly inside the ranges a text states ("floors 3-5" holds 4): going
    through a range the user gave sends its every member. A span wider than a hundred is no list."""
    found = set()
    for m in _RANGE.finditer(text):
        low, high = int(m[1]), int(m[2])
        if 0 < high - low <= _WIDEST_RANGE:
            found.update(str(n) for n in range(low + 1, high))
    return frozenset(found)


@cached_when_short(1 << 14)
def numbers_in(text: str) -> frozenset[str]:
    """Every number `text` states, as canonical text; a percentage also as its fraction."""
    found = {number for m in _NUMBER.finditer(text)
             for number in (_stated if len(m[1]) <= SHORT else _state)(m[1], (m[2] or "").lower())}
    found |= {str(WORDS[m[1].lower()]) for m in _WORD.finditer(text)}
    found |= {str(_COUNTS[m[1].lower()]) for m in _COUNT.finditer(text)}
    if _TENS.search(text):  # "a hundred and twenty", "sixty-five": text2num writes them in digits
        found |= {number for m in _NUMBER.finditer(alpha2digit(text, "en"))
                  for number in _stated(m[1], (m[2] or "").lower())}
    if not text.isascii():
        found |= _chinese_numbers(text)
    return frozenset(found)


@cached_when_short(1 << 12)
def frequencies_in(text: str) -> frozenset[str]:
    """The counts the schedules `text` states in words take ("remind me daily": 1 a day, 7 days a
    week, every 24 hours; "twice a week": 2)."""
    return frozenset(str(n) for m in _FREQUENCY.finditer(text)
                     for n in _FREQUENCIES[" ".join(m[0].lower().split())])


def numbers_in_order(text: str) -> tuple[Decimal, ...]:
    """The numbers `text` writes in digits, in the order it writes them, percentages left out
    (a share is no line of a sum): "2 at 45 and 3 at 20" is (2, 45, 3, 20)."""
    found = []
    for m in _NUMBER.finditer(text):
        unit = (m[2] or "").lower()
        value = _decimal(m[1])
        if value is not None and unit not in ("%", "percent"):
            found.append(value * _SCALES.get(unit, 1))
    return tuple(found)


SECONDS = {"ms": Decimal("0.001"), "second": Decimal(1), "minute": Decimal(60), "hour": Decimal(3600),
           "day": Decimal(86400), "week": Decimal(604800), "fortnight": Decimal(1209600)}
_EN_UNITS = {"ms": "ms", "millisecond": "ms", "s": "second", "sec": "second", "second": "second", "min": "minute",
             "minute": "minute", "h": "hour", "hr": "hour", "hour": "hour", "d": "day", "day": "day", "week": "week",
             "fortnight": "fortnight"}
_ZH_UNITS = {"毫秒": "ms", "秒": "second", "秒钟": "second", "分": "minute", "分钟": "minute", "小时": "hour",
             "钟头": "hour", "天": "day", "日": "day", "周": "week", "星期": "week"}
# a word count is a word of its own: the "an" and "d" of "and" are no day
# "1 more day", "two extra nights" count the same length as "1 day"
_EN_DURATION = re.compile(r"\b(\d+(?:\.\d+)?|(?:an?|" + "|".join(WORDS) + r")(?=[\s-]))[\s-]*(?:(?:more|extra|additional|further)\s+)?(ms|milliseconds?|s|secs?|seconds?|mins?"
                          r"|minutes?|h|hrs?|hours?|d|days?|weeks?|fortnights?)\b", re.IGNORECASE)
# Every English length of time written out holds one of these (a fast test before the slow regex).
_EN_UNIT_HINTS = ("sec", "min", "ms", "hour", "hr", "day", "week", "fortnight")
_EN_HALF = re.compile(r"\bhalf(?:\s+an?\s+|[\s-]+)(hour|minute|day)\b", re.IGNORECASE)  # half an hour, half-hour
# "an hour and a half", "two days and a half"; "a quarter of an hour", "three quarters of an hour"
_EN_AND_A_HALF = re.compile(r"\b(\d+|an?|" + "|".join(WORDS) + r")[\s-]+(hour|minute|day|week)s?\s+and\s+a\s+half\b",
                            re.IGNORECASE)
_EN_QUARTER = re.compile(r"\b(an?|one|three)?[\s-]*quarters?(?:\s+of\s+an?|[\s-])\s*hour\b", re.IGNORECASE)
_EN_ONE = re.compile(r"\b(?:last|past|previous|next|another)\s+(hour|minute|day|week)\b", re.IGNORECASE)
# 个半 adds a half: 一个半小时 is an hour and a half
_ZH_DURATION = re.compile(r"(\d+(?:\.\d+)?|[零一二两三四五六七八九十百半]+)\s*(个半|个)?\s*(毫秒|秒钟?|分钟|小时|钟头|天|周|星期)")
_ZH_QUARTERS = re.compile(r"([一二两三]|\d)\s*刻钟")  # 一刻钟 is a quarter of an hour
# hours and minutes together: "1 h 25 min", "2 hours and 5 minutes", "1小时25分钟", "两个小时零五分"
_EN_HOURS_MINUTES = re.compile(r"\b(\d+)\s*(?:h|hrs?|hours?)\s*(?:and\s+)?(\d+)\s*(?:m|mins?|minutes?)\b", re.IGNORECASE)
_ZH_HOURS_MINUTES = re.compile(r"(\d+|[一二两三四五六七八九十]+)\s*个?\s*(?:小时|钟头)\s*零?\s*(\d+|[一二三四五六七八九十]+)\s*分")


@cached_when_short(1 << 12)
def durations_in(text: str) -> frozenset[Decimal]:
    """Every length of time `text` states, in seconds: "2 hours", "an hour", "the last hour", "half
    an hour", "half-hour", "an hour and a half", "a quarter of an hour", "1 h 25 min", "两天", "半小时",
    "一个半小时", "一刻钟", "1小时25分钟"."""
    found = {SECONDS[m[1].lower()] / 2 for m in _EN_HALF.finditer(text)}
    found |= {SECONDS[m[1].lower()] for m in _EN_ONE.finditer(text)}
    found |= {(_en_count(m[1]) + Decimal("0.5")) * SECONDS[m[2].lower()] for m in _EN_AND_A_HALF.finditer(text)}
    found |= {(3 if (m[1] or "").lower() == "three" else 1) * SECONDS["hour"] / 4 for m in _EN_QUARTER.finditer(text)}
    if found:  # the hour of "half an hour" or "a quarter of an hour" is no hour of its own
        for fraction in (_EN_HALF, _EN_AND_A_HALF, _EN_QUARTER):
            text = fraction.sub(" ", text)
    found |= {int(m[1]) * SECONDS["hour"] + int(m[2]) * SECONDS["minute"] for m in _EN_HOURS_MINUTES.finditer(text)}
    for m in _EN_DURATION.finditer(text):
        unit = m[2].lower()
        found.add(_en_count(m[1]) * SECONDS[_EN_UNITS.get(unit, _EN_UNITS.get(unit.rstrip("s"), "second"))])
    if not text.isascii():
        for m in _ZH_DURATION.finditer(text):
            amount = Decimal("0.5") if m[1] == "半" else zh_amount(m[1])
            if amount is None:
                continue
            unit = SECONDS[_ZH_UNITS[m[3]]]
            found.add((amount + (Decimal("0.5") if m[2] == "个半" else 0)) * unit)
            if m[1] == "一" and m[2] == "个半":  # 一个 is also "a": 找一个半小时的空档 may be a half-hour slot
                found.add(unit / 2)
        found |= {zh_amount(m[1]) * SECONDS["minute"] * 15 for m in _ZH_QUARTERS.finditer(text)}
        found |= {hours * SECONDS["hour"] + minutes * SECONDS["minute"] for m in _ZH_HOURS_MINUTES.finditer(text)
                  if (hours := zh_amount(m[1])) is not None and (minutes := zh_amount(m[2])) is not None}
    return frozenset(found)


_EN_MONTHS = re.compile(r"\b(\d+|an?|" + "|".join(WORDS) + r")[\s-]+(months?|years?)(\s+and\s+a\s+half)?\b"
                        r"|\bhalf\s+a\s+year\b", re.IGNORECASE)
# a year is 年 after a numeral in words (2025年 is a year's name, not a length): 一年, 两年, 半年, 一年半; N个月
_ZH_MONTHS = re.compile(r"(\d+|[一二两三四五六七八九十]+)\s*个\s*月|([一二两三四五六七八九十]+|半)\s*年(半)?(?![\d级])")


@cached_when_short(1 << 12)
def months_in(text: str) -> frozenset[int]:
    """The lengths of time `text` states as a whole number of months: "6 months", "a year" (12),
    "half a year", "a year and a half", "三个月", "半年" (6), "一年半" (18)."""
    found: set[Decimal] = set()
    for m in _EN_MONTHS.finditer(text):
        if m[1] is None:
            found.add(Decimal(6))
            continue
        count = _en_count(m[1]) + (Decimal("0.5") if m[3] else 0)
        found.add(count * (12 if m[2].lower().startswith("year") else 1))
    if not text.isascii():
        for m in _ZH_MONTHS.finditer(text):
            if m[1] is not None:
                count = zh_amount(m[1])
                found |= {count} if count is not None else set()
            else:
                years = Decimal("0.5") if m[2] == "半" else zh_amount(m[2])
                if years is not None:
                    found.add((years + (Decimal("0.5") if m[3] else 0)) * 12)
    return frozenset(int(n) for n in found if n == int(n) and 0 < n <= 1200)


def _en_count(count: str) -> Decimal:
    """The number before an English unit: digits, a number word, or a/an for one."""
    count = count.lower()
    return Decimal(1) if count in ("a", "an") else Decimal(WORDS[count]) if count in WORDS else Decimal(count)


def without_durations(text: str) -> str:
    """`text` with its lengths of time blanked out: the "day" of "a 14-day trip" is a measure, not
    what the request is about."""
    lowered = text.lower()
    if any(hint in lowered for hint in _EN_UNIT_HINTS):
        text = _EN_DURATION.sub(" ", text)
    return text if text.isascii() else _ZH_DURATION.sub(" ", text)


def zh_amount(words: str) -> Decimal | None:
    """The number of digits or Chinese numerals before a Chinese unit (8.2, 十二)."""
    if words[0].isdigit():
        return Decimal(words)
    found = _chinese(words)
    return Decimal(found[0]) if found else None


def _state(digits: str, unit: str) -> tuple[str, ...]:
    """The numbers one match states (digits as written, its unit lowered)."""
    value = _decimal(digits)
    if value is None:
        return ()
    if unit in ("%", "percent"):
        return canonical(value / 100), canonical(value)
    return (canonical(value * _SCALES[unit] if unit else value),)


# years, prices and counts recur from text to text
_stated = lru_cache(maxsize=1 << 14)(_state)


def _chinese_numbers(text: str) -> set[str]:
    return {number for m in _CHINESE.finditer(text) for number in _chinese(m[0])}


@cached_when_short(1 << 12)
def _chinese(words: str) -> tuple[str, ...]:
    """The number Chinese numerals state (cn2an), and a percentage's fraction: each once."""
    import cn2an

    percent = words.startswith("百分之")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            value = Decimal(str(cn2an.cn2an(words[3:] if percent else words, "smart")))
        except (ValueError, KeyError, IndexError, InvalidOperation):
            return ()
    return (canonical(value), canonical(value / 100)) if percent else (canonical(value),)


def number_of(value: Any) -> str | None:
    """The canonical text of a number, or of a string that is exactly one number ("5,000.00")."""
    if type(value) is bool:
        return None
    if isinstance(value, int | float):
        try:
            return canonical(Decimal(str(value)))
        except InvalidOperation:
            return None
    if isinstance(value, str) and len(value) <= 40 and _NUMBERISH.match(value):
        found = numbers_in(value.strip())
        return next(iter(found)) if len(found) == 1 else None
    return None
