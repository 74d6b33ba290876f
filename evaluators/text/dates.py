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
from evaluators.text.holidays import holiday_dates
from evaluators.text.numbers import WORDS, zh_amount

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAYS_ZH = "一二三四五六日"
# weekdays cut short ("tue, wed or thu"): read so only in a list of two or more, since sat, sun, wed
# and mon alone are other words
_SHORT = r"(?:mon|tues?|wed|thur?s?|fri|sat|sun)\b\.?"
_SHORT_WEEKDAY = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?")
_SHORT_LIST = re.compile(rf"\b{_SHORT}(?:\s*(?:,|/|-|–|\bor\b|\band\b|\bto\b)\s*{_SHORT})+")
_EN_OFFSETS = {"today": 0, "tonight": 0, "tomorrow": 1, "tmr": 1, "yesterday": -1,
               "day after tomorrow": 2, "day before yesterday": -2}
_EN_OFFSET = re.compile(r"\b(?:" + "|".join(w.replace(" ", r"\s+") for w in _EN_OFFSETS) + r")\b")
_ZH_OFFSETS = {"今天": 0, "今日": 0, "今晚": 0, "明天": 1, "明日": 1, "明早": 1, "明晚": 1,
               "后天": 2, "大后天": 3, "昨天": -1, "昨日": -1, "前天": -2}
# Days named by their distance from today, as a request writes them (its case kept): when, never what about.
_DAY_WORDS = re.compile(rf"(?:\bthe\s+)?{_EN_OFFSET.pattern}|" + "|".join(sorted(_ZH_OFFSETS, key=len, reverse=True)), re.I)
_ZH_NUMERALS = "零一二两三四五六七八九十百"
# digits or Chinese numerals (十二, 二十), not both: SITE-4940六天后 is six days on
_ZH_COUNT = rf"(?:\d+|[{_ZH_NUMERALS}]+)"
_RELATIVE = re.compile(
    r"\b(?:(?:the\s+)?day\s+(?:after\s+tomorrow|before\s+yesterday)|today|tonight|tomorrow|tmr|"
    r"yesterday|(?:this|next|last|coming)\s+(?:week(?:end)?|month|year|"
    + "|".join(_WEEKDAYS_EN) + r")|in\s+(?:\d+|" + "|".join(WORDS) + r")\s+days?|(?:\d+|" + "|".join(WORDS) + r")\s+days?\s+(?:later|from\s+(?:now|today)|ago)"
    r"|in\s+(?:a|one|two|three|four|\d+)\s+(?:weeks?|fortnights?)|(?:a|one|two|three|four|\d+)\s+(?:weeks?|fortnights?)\s+"
    r"(?:from\s+(?:today|now)|later))\b"
    rf"|大后天|今天|今日|今晚|明天|明日|明早|明晚|后天|昨天|昨日|前天|{_ZH_COUNT}\s*天(?:[后前]|以后|之后|以前|之前)"
    r"|(?:\d+|[一两二三四]+)\s*(?:周|个星期|个礼拜)[后以]"
    r"|(?:下下?|这|本|上)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天]|(?:下|这|本|上)(?:个)?(?:周|星期|月|礼拜)末?")
# Every English form holds one of these words, every Chinese form one of these characters.
_RELATIVE_HINTS = ("day", "tonight", "tomorrow", "tmr", "week", "fortnight", "month", "year")
_RELATIVE_HINTS_CJK = frozenset("天日晚早周期拜月")
_EN_WEEKDAY = re.compile(r"\b(this|next|coming|last)\s+(" + "|".join(_WEEKDAYS_EN) + r")\b")
# 下下周 is the week after next, but not after 一 (查一下下周三 is 查一下, "look up", then 下周三)
_AFTER_NEXT = "(?<!一)下下"
_ZH_WEEKDAY = re.compile(rf"({_AFTER_NEXT}|下|这|本|上)?(?:个)?(?:周|星期|礼拜)([一二三四五六日天])")
_IN_DAYS = re.compile(r"\bin\s+(\d+|" + "|".join(WORDS) + r")\s+days?\b|\b(\d+|" + "|".join(WORDS)
                      + rf")\s+days?\s+(?:later|from\s+(?:now|today))\b|({_ZH_COUNT})\s*天(?:后|以后|之后)")
_DAYS_AGO = re.compile(r"\b(\d+|" + "|".join(WORDS) + rf")\s+days?\s+ago\b|({_ZH_COUNT})\s*天(?:前|以前|之前)")
# "in two weeks", "a week from today", 两周后: whole weeks on from today (digits or numerals, not both:
# MQ-S8一周后 is a week on)
_IN_WEEKS = re.compile(r"\bin\s+(a|one|two|three|four|\d+)\s+(week|fortnight)s?\b|\b(a|one|two|three|four|\d+)\s+(week|fortnight)s?\s+"
                       r"(?:from\s+(?:today|now)|later)\b|(\d+|[一两二三四]+)\s*(?:周|个星期|个礼拜)[后以]")
_WEEK_COUNTS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "一": 1, "两": 2, "二": 2, "三": 3, "四": 4}
_IN_FROM_TODAY = re.compile(r"\bin\s+(?:\d+|a|" + "|".join(WORDS) + r")\s+(?:days?|weeks?|fortnights?)\b")
# British "a week today" (seven days on), "a fortnight tomorrow", "today week"; "a week from tomorrow" (eight days on)
_WEEK_TODAY = re.compile(r"\b(a|one|two)\s+(week|fortnight)s?\s+(?:from\s+)?(today|tomorrow)\b|\b(today|tomorrow)\s+(week|fortnight)\b")
# today's (tomorrow's) weekday in another week: 下周的今天 "this day next week", 上个星期的明天, "same day next week"
_WEEKS_SAME_DAY = re.compile(rf"({_AFTER_NEXT}|下|上)(?:个)?(?:周|星期|礼拜)的?(今天|明天)|\b(?:this|same)\s+day\s+(next|last)\s+week\b")


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


def without_day_words(text: str) -> str:
    """`text` without the days it names by their distance from today (tomorrow, 后天): the "day" of
    "the day after tomorrow" says when, and is no sign the request is about `buy_day_pass`."""
    return _DAY_WORDS.sub(" ", text)


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

    Ambiguous forms give each reading: "next Monday" is the coming Monday or the one after, "last
    Friday" the latest one or last week's.
    """
    text = _relative_candidate(text) or ""
    if _RELATIVE.search(text) is None:
        return set()
    offsets = {_EN_OFFSETS[" ".join(m[0].split())] for m in _EN_OFFSET.finditer(text)}
    offsets |= {d for w, d in _ZH_OFFSETS.items() if w in text}
    offsets |= {_number(m[1] or m[2] or m[3]) for m in _IN_DAYS.finditer(text)}
    offsets |= {-_number(m[1] or m[2]) for m in _DAYS_AGO.finditer(text)}
    offsets |= {(14 if (m[2] or m[5]) == "fortnight" else 7) * _WEEK_COUNTS.get(m[1] or "a", 1) + ((m[3] or m[4]) == "tomorrow")
                for m in _WEEK_TODAY.finditer(text)}
    offsets |= {7 * {"下下": 2, "下": 1, "上": -1, "next": 1, "last": -1}[m[1] or m[3]] + (m[2] == "明天")
                for m in _WEEKS_SAME_DAY.finditer(text)}
    offsets |= {(14 if "fortnight" in (m[2] or m[4] or "") else 7) * (_WEEK_COUNTS.get(count) or int(count))
                for m in _IN_WEEKS.finditer(text) for count in [m[1] or m[3] or m[5]] if count in _WEEK_COUNTS or count.isdigit()}
    out: set[dt.date] = set()
    for today in days:
        out |= {today + dt.timedelta(days=d) for d in offsets}
        for m in _EN_WEEKDAY.finditer(text):
            weekday = _WEEKDAYS_EN.index(m[2])
            if m[1] == "last":  # the latest one before today, or last week's
                out |= {today - dt.timedelta(days=(today.weekday() - weekday) % 7 or 7),
                        _monday(today) - dt.timedelta(weeks=1) + dt.timedelta(days=weekday)}
            else:
                out |= _weekday(today, weekday, (0, 1) if m[1] == "next" else (0,))
        for m in _ZH_WEEKDAY.finditer(text):
            day = 6 if m[2] == "天" else _WEEKDAYS_ZH.index(m[2])
            weeks = {"下": (1,), "下下": (2,), "上": (-1,)}.get(m[1] or "", (0,))
            out |= {_monday(today) + dt.timedelta(weeks=w, days=day) for w in weeks}
            if not m[1]:
                out |= _weekday(today, day, (0,))
    return out


def _monday(day: dt.date) -> dt.date:
    return day - dt.timedelta(days=day.weekday())


def _weekday(today: dt.date, weekday: int, weeks_after: tuple[int, ...]) -> set[dt.date]:
    ahead = (weekday - today.weekday()) % 7 or 7
    return {today + dt.timedelta(days=ahead + 7 * w) for w in weeks_after}


# --- dates a reviewer computes from the request and the trace's day ----------------------------

_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# a month named in words ("every March", 三月, 3月份); "May" only capitalised, since "may" is also a verb
_NAMED_MONTH = re.compile(r"\b(?:(january|february|march|april|june|july|august|september|october|november|december)"
                          r"|(May))\b|(?<![\d一二三四五六七八九十个])(\d{1,2}|[一二三四五六七八九十]{1,3})月(?![\d日号底初中])", re.I)


def named_months(text: str) -> frozenset[int]:
    """The months (1-12) `text` names in words: "every March" is 3, 三月 3."""
    found = set()
    for m in _NAMED_MONTH.finditer(text):
        if m[2] and m[2] != "May":
            continue
        number = _MONTH_NAMES.index(m[1][:3].lower()) + 1 if m[1] else 5 if m[2] else _number(m[3])
        if 1 <= number <= 12:
            found.add(number)
    return frozenset(found)
_MON = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_MONTH_DAY = re.compile(rf"\b{_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*,?\s*\d{{4}})"
                        rf"|\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}(?![a-z])(?!\s*,?\s*\d{{4}})")
# "may" the verb is no month: lower case, or "May I/we/you …"
_VERB_MAY = re.compile(r"\bmay\b|\bMay(?=\s+(?:I|we|you|he|she|they|it|the|there|not)\b)")
_ZH_MONTH_DAY = re.compile(r"(?<![年\d])(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")
_MONTH_YEAR = re.compile(rf"\b(?:in\s+|of\s+)?{_MON}(?:\s*,?\s*(\d{{4}}))?(?!\s*\d)|(\d{{4}})\s*年\s*(\d{{1,2}})\s*月(?!\s*\d)"
                         r"|(?<![年\d])(\d{1,2})\s*月份?(?!\s*\d)")
_EN_WINDOW = re.compile(r"\b(last|past|previous|this|current|next|coming)\s+(week|month|year|quarter|weekend)\b")
_ZH_WINDOWS = {"上周": ("week", -1), "上个星期": ("week", -1), "本周": ("week", 0), "这周": ("week", 0),
               "下周": ("week", 1), "上个月": ("month", -1), "上月": ("month", -1), "本月": ("month", 0),
               "这个月": ("month", 0), "下个月": ("month", 1), "下月": ("month", 1), "去年": ("year", -1),
               "今年": ("year", 0), "明年": ("year", 1), "上季度": ("quarter", -1), "上个季度": ("quarter", -1),
               "本季度": ("quarter", 0), "这个季度": ("quarter", 0), "下季度": ("quarter", 1),
               "下个季度": ("quarter", 1), "周末": ("weekend", 0)}
_WINDOW_STEP = {"last": -1, "past": -1, "previous": -1, "this": 0, "current": 0, "next": 1, "coming": 1}
# "the week after next", 下下周: two weeks on; "the 24th of next month", 下个月24号: a day of a month named from this one
# working days named ("any weekday morning", 工作日, Monday to Friday): a week's window ends on its Friday too
_WORKDAYS = re.compile(r"\bweekdays?\b|\bworking\s+days?\b|\bmonday\s+to\s+friday\b|工作日|周一到周五|星期一到星期五")
_WEEK_AFTER_NEXT = re.compile(r"\b(?:the\s+)?week\s+after\s+next\b|" + _AFTER_NEXT + "(?:个)?(?:周|星期|礼拜)")
_DAY_OF_NAMED_MONTH = re.compile(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\s+of\s+(last|this|next|the\s+coming)\s+month\b"
                                 r"|(下个?|这个?|本|上个?)月\s*(\d{1,2})\s*[号日]")
# the last day of a window: "end of the month", "by the end of next week", "year end", 月底, 下个月底, 年末
_WINDOW_END = re.compile(r"\bend\s+of\s+(?:the\s+)?(?:(this|current|next|last|coming)\s+)?(week|month|quarter|year)\b"
                         r"|\b(?:(this|next|last)\s+)?(month|quarter|year)[\s-]end\b|(下个?|上个?|本|这个?)?(月|季度|年)(?:底|末)")
_ZH_STEP = {"下": 1, "下个": 1, "上": -1, "上个": -1}
# the first day of a window: "since the start of the month", "beginning of next week", 月初, 上个月初, 年初
_WINDOW_START = re.compile(r"\b(?:start|beginning)\s+of\s+(?:the\s+)?(?:(this|current|next|last|coming)\s+)?(week|month|quarter|year)\b"
                           r"|(下个?|上个?|本|这个?)?(月|年)初")
_QUARTER = re.compile(r"\bq([1-4])(?:\s*(\d{4}))?\b|(?:(\d{4})\s*年\s*)?第?([一二三四1-4])\s*季度")
_SPAN = re.compile(r"\b(?:last|past|previous)\s+(\d{1,3})\s+(day|week|month)s?\b|(?:最近|过去|近)\s*(\d{1,3})\s*(天|周|个月)")
# "the next three evenings", 接下来三个晚上: each day from today to N days on
_NEXT_DAYS = re.compile(r"\b(?:next|coming|following)\s+(\d{1,2}|" + "|".join(WORDS) + r")\s+"
                        r"(?:days?|evenings?|nights?|mornings?|afternoons?)\b"
                        r"|(?:接下来|未来)的?\s*(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*个?(?:天|晚上?|夜|早上|上午|下午)")
_STAY = re.compile(r"\b(\d{1,2}|" + "|".join(WORDS) + r"|a(?=\s+fortnight))(?:\s+|-)(night|day|week|fortnight)s?\b"
                   rf"|(?<![\d{_ZH_NUMERALS}])(\d{{1,2}}|[一二两三四五六七八九十]{{1,3}})\s*(晚|天|夜|周)")
_STAY_DAYS = {"week": 7, "周": 7, "fortnight": 14}
_CONSECUTIVE_DAYS = re.compile(r"\b(\d{1,2}|" + "|".join(WORDS) + r")\s+consecutive\s+days\b"
                               r"|\bfor\s+(\d{1,2}|" + "|".join(WORDS) + r")\s+days\s+(?:starting|beginning|from)\b"
                               r"|连续\s*(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*天"
                               r"|\b(\d{1,2}|" + "|".join(WORDS) + r")-days?\s+(?:[a-z]+\s+){0,3}?(?:starting|beginning|from)\b"
                               r"|(?<![\d一二两三四五六七八九十])(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*天的[^。！？!?]{0,16}?开始")
ZH_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九十")} | {"两": 2}
_LOCAL_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?![\d/.-])")
_WEEK_AFTER = re.compile(r"\b(?:the\s+)?(?:week\s+after(?!\s+next)|following\s+week)\b|(?:往后|推迟|顺延)(?:一|1)?周|后一周")
# "06/26", "26.06": a month and day without a year, read either way round
# "(01.07.)" too; not a measure ("2.4 kg", "17.5Ah", "1.5 公斤"): a unit after the number says it is no day
_NUMERIC_MONTH_DAY = re.compile(r"(?<![\d/.-])(\d{1,2})[/.](\d{1,2})(?![\d/-])(?!\.\d)"
                                r"(?!\s*(?:(?:kg|g|km|m|cm|mm|l|ml|v|ah|mah|wh|kwh|w|kw|h|hrs?|mins?|mi|lbs?|oz|ft)\b"
                                r"|公斤|千克|克|斤|米|公里|厘米|毫米|升|毫升|伏|瓦|元|倍|折|%))", re.IGNORECASE)
# A day of the month named alone: "the 15th", "15号" (not "12月15号", "15号楼")
_DAY_OF_MONTH = re.compile(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?[a-z]{3})|(?<![月\d])(\d{1,2})\s*号(?![楼线院房])")
# "Monday the 20", "Friday 14th": a day of the month with its weekday, in whichever month near today it falls so
_WEEKDAY_DAY = re.compile(rf"\b({'|'.join(_WEEKDAYS_EN)}),?\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?:[:.]\d|am\b|pm\b|h\b|%))")
# "Saturday's cup", "on friday": a weekday named alone is the coming one (today's included; named on
# that very day, also a week later, as 周六 said on a Saturday is)
_BARE_WEEKDAY = re.compile(r"(?<!since )(?<!last )(?<!this )(?<!next )(?<!coming )(?<!past )\b(" + "|".join(_WEEKDAYS_EN) + r")\b"
                           r"(?!\s+(?:of\s+)?(?:last|this|next|coming)\s+week|\s+(?:after\s+next|week|fortnight)\b)")
# "the Tuesday after next": a week after the coming one, or after next week's; "Saturday week", "Saturday
# fortnight": a week or two after the coming one (or after today, named on that very day)
_WEEKDAY_AFTER_NEXT = re.compile(rf"\b({'|'.join(_WEEKDAYS_EN)})\s+(after\s+next|week|fortnight)\b")
_SINCE_WEEKDAY = re.compile(r"\bsince\s+(?:last\s+)?(" + "|".join(_WEEKDAYS_EN) + r")\b(?!\s+(?:next|this|coming))")
# "Wednesday next week", "next week's Friday"
_WEEKDAY_OF_WEEK = re.compile(rf"\b({'|'.join(_WEEKDAYS_EN)})\s+(?:of\s+)?(last|this|next|coming)\s+week\b"
                              rf"|\b(last|this|next|coming)\s+week(?:'s)?\s+({'|'.join(_WEEKDAYS_EN)})\b")
# "下周一到周三": the end of a range of weekdays is in the week its start names
_ZH_WEEKDAY_RANGE = re.compile(rf"({_AFTER_NEXT}|下|这|本|上)(?:个)?(?:周|星期|礼拜)[一二三四五六日天]\s*(?:到|至|~|-|—)\s*"
                               r"(?:周|星期|礼拜)?([一二三四五六日天])")
_ZH_WEEK_STEP = {"下下": 2, "下": 1, "这": 0, "本": 0, "上": -1}
_ZH_NAMED_WEEK = re.compile(rf"({_AFTER_NEXT}|下|这|本|上)(?:个)?(?:周|星期|礼拜)")
_ZH_BARE_WEEKDAY = re.compile(r"(?<![下这本上个])(?:周|星期|礼拜)([一二三四五六日天])")
# "接下来这个周三", "即将到来的周三": the coming one, whatever week it falls in
_ZH_COMING_WEEKDAY = re.compile(r"(?:接下来|即将到来|马上到来)的?(?:这个?)?(?:周|星期|礼拜)([一二三四五六日天])")


def _full_weekdays(folded: str) -> str:
    """Weekdays cut short written out, where two or more are listed: "tue, wed or thu" is Tuesday,
    Wednesday or Thursday."""
    return _SHORT_LIST.sub(lambda run: _SHORT_WEEKDAY.sub(
        lambda m: next(d for d in _WEEKDAYS_EN if d.startswith(m[1])), run[0]), folded)


def _month_bounds(year: int, month: int) -> set[dt.date]:
    first = dt.date(year, month, 1)
    following = dt.date(year + month // 12, month % 12 + 1, 1)
    return {first, following - dt.timedelta(days=1)}


def _window(today: dt.date, unit: str, step: int) -> set[dt.date]:
    """First and last day of the week, month, quarter or year `step` away from `today`'s."""
    if unit == "week":
        monday = _monday(today) + dt.timedelta(weeks=step)
        return {monday, monday + dt.timedelta(days=6)}
    if unit == "weekend":
        saturday = _monday(today) + dt.timedelta(days=5)
        return {saturday, saturday + dt.timedelta(days=1)}
    if unit == "year":
        return {dt.date(today.year + step, 1, 1), dt.date(today.year + step, 12, 31)}
    size = 3 if unit == "quarter" else 1
    first = today.year * 12 + (today.month - 1) // size * size + step * size  # months since year 0
    last = first + size - 1
    return {dt.date(first // 12, first % 12 + 1, 1), max(_month_bounds(last // 12, last % 12 + 1))}


def _day(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _number(text: str) -> int:
    if text.isdigit():
        return int(text)
    if text in WORDS:
        return WORDS[text]
    found = zh_amount(text) if text[:1] in ZH_DIGITS else None
    return int(found) if found is not None and found == int(found) else 0


def computed_dates(text: str, days: Iterable[dt.date], with_stays: bool = True) -> set[dt.date]:
    """Dates a reviewer computes from `text` seen from each of `days`: a month and day without a
    year (that year, or the next when it has passed; "06/26" either way round), a weekday of
    last/this/next week or named alone (the coming one; "the Tuesday after next", "Saturday week" a week on, "Saturday fortnight" two), the end of a range of weekdays, a month's first and last day, the bounds of
    last/this/next week, month, quarter or year and of "the last N days", the last day of
    one ("end of next month", 年底), a holiday's coming date ("by Christmas", 国庆节), and the end of a stay
    (each day the text names, not a window's bound, or each of `days`, plus N nights, days or weeks:
    "3 nights", "six nights", "a 3-night stay", "两晚", "a fortnight";
    "the week after" puts each a week on; not `with_stays`: the days the text names alone, no stays nor
    windows' bounds)."""
    folded = _full_weekdays(fold(_VERB_MAY.sub(" ", text)))
    found: set[dt.date] = set()  # days the text names
    bounds: set[dt.date] = set()  # first and last days of the windows it names: no stay starts on them
    days = set(days)
    months = _MONTH_DAY.sub(" ", folded)  # a month named alone, not "Dec 3"
    # "the last 7 days" is no stay of 7 days, nor "in three days", "in two weeks" (a distance from today; 三天后
    # may count from a day the request names)
    stays = _IN_FROM_TODAY.sub(" ", _NEXT_DAYS.sub(" ", _SPAN.sub(" ", folded)))
    for today in days:
        for m in _MONTH_DAY.finditer(folded):
            month, day = (_MONTH_NAMES.index(m[1]) + 1, int(m[2])) if m[1] else (_MONTH_NAMES.index(m[4]) + 1, int(m[3]))
            found |= _upcoming(today, month, day)
        for m in _ZH_MONTH_DAY.finditer(folded):
            found |= _upcoming(today, int(m[1]), int(m[2]))
        for m in _NUMERIC_MONTH_DAY.finditer(folded):
            found |= _upcoming(today, int(m[1]), int(m[2])) | _upcoming(today, int(m[2]), int(m[1]))
        found |= holiday_dates(folded, today)
        for m in _DAY_OF_MONTH.finditer(folded):  # "on the 15th", "15号": this month's, or the next's once passed
            day = int(m[1] or m[2])
            this = _day(today.year, today.month, day)
            following = _day(today.year + today.month // 12, today.month % 12 + 1, day)
            chosen = this if this is not None and this >= today else following
            found |= {chosen} if chosen is not None else set()
        for m in _DAY_OF_NAMED_MONTH.finditer(folded):
            step = _WINDOW_STEP[m[2].split()[-1]] if m[1] else _ZH_STEP.get(m[3].rstrip("个"), 0) if m[3][0] in "上下" else 0
            first = min(_window(today, "month", step))
            found |= {d} if (d := _day(first.year, first.month, int(m[1] or m[4]))) is not None else set()
        for m in _WEEKDAY_DAY.finditer(folded):
            weekday, day = _WEEKDAYS_EN.index(m[1]), int(m[2])
            near = [(today.year + (today.month - 1 + step) // 12, (today.month - 1 + step) % 12 + 1) for step in (-1, 0, 1)]
            found |= {d for year, month in near if (d := _day(year, month, day)) is not None and d.weekday() == weekday}
        # the weeks the text names ("Thursday next week", "next week", 下周四): a weekday named alone beside
        # one may be in it ("Thursday next week, or Friday if Thursday's full"; "which evening next week, Tuesday
        # or Wednesday?")
        weeks = {_WINDOW_STEP[m[2] or m[3]] for m in _WEEKDAY_OF_WEEK.finditer(folded)}
        weeks |= {_WINDOW_STEP[m[1]] for m in _EN_WINDOW.finditer(folded) if m[2] == "week"}
        weeks |= {_ZH_WEEK_STEP[m[1]] for m in _ZH_NAMED_WEEK.finditer(folded)}
        weeks |= {2} if _WEEK_AFTER_NEXT.search(folded) else set()  # "Friday of the week after next"
        for m in _SINCE_WEEKDAY.finditer(folded):  # "since Monday": the last one, or today
            back = (today.weekday() - _WEEKDAYS_EN.index(m[1])) % 7
            found.add(today - dt.timedelta(days=back or 7))
            found |= {today} if not back else set()
        for m in _BARE_WEEKDAY.finditer(folded):
            weekday = _WEEKDAYS_EN.index(m[1])
            found.add(today + dt.timedelta(days=(weekday - today.weekday()) % 7))
            if weekday == today.weekday():
                found.add(today + dt.timedelta(weeks=1))
            found |= {_monday(today) + dt.timedelta(weeks=w, days=weekday) for w in weeks}
        for m in _ZH_BARE_WEEKDAY.finditer(folded):
            weekday = 6 if m[1] in "日天" else _WEEKDAYS_ZH.index(m[1])
            found |= {_monday(today) + dt.timedelta(weeks=w, days=weekday) for w in weeks}
        for m in _WEEKDAY_AFTER_NEXT.finditer(folded):
            weekday, weeks = _WEEKDAYS_EN.index(m[1]), 2 if m[2] == "fortnight" else 1
            found |= _weekday(today, weekday, (weeks,))
            if m[2].startswith("after"):
                found.add(_monday(today) + dt.timedelta(weeks=2, days=weekday))
            elif weekday == today.weekday():
                found.add(today + dt.timedelta(weeks=weeks))
        for m in _ZH_COMING_WEEKDAY.finditer(folded):
            found |= _weekday(today, 6 if m[1] in "日天" else _WEEKDAYS_ZH.index(m[1]), (0,))
        for m in _WEEKDAY_OF_WEEK.finditer(folded):
            weekday, step = (m[1], m[2]) if m[1] else (m[4], m[3])
            found.add(_monday(today) + dt.timedelta(weeks=_WINDOW_STEP[step], days=_WEEKDAYS_EN.index(weekday)))
        for m in _ZH_WEEKDAY_RANGE.finditer(folded):
            day = 6 if m[2] == "天" else _WEEKDAYS_ZH.index(m[2])
            found.add(_monday(today) + dt.timedelta(weeks=_ZH_WEEK_STEP[m[1]], days=day))
        for m in _MONTH_YEAR.finditer(months):
            if m[1]:
                year, month = (int(m[2]) if m[2] else today.year), _MONTH_NAMES.index(m[1]) + 1
            elif m[3]:
                year, month = int(m[3]), int(m[4])
            else:
                year, month = today.year, int(m[5])
            if 1 <= month <= 12 and 1900 < year < 2200:
                bounds |= _month_bounds(year, month)
        for m in _EN_WINDOW.finditer(folded):
            bounds |= _window(today, m[2], _WINDOW_STEP[m[1]])
        if _WEEK_AFTER_NEXT.search(folded):
            bounds |= _window(today, "week", 2)
        for m in _WINDOW_END.finditer(folded):
            if m[6]:
                unit, step = {"月": "month", "季度": "quarter", "年": "year"}[m[6]], _ZH_STEP.get(m[5] or "", 0)
            else:
                unit, step = (m[2], _WINDOW_STEP.get(m[1] or "this")) if m[2] else (m[4], _WINDOW_STEP.get(m[3] or "this"))
            bounds.add(max(_window(today, unit, step)))
        for word, (unit, step) in _ZH_WINDOWS.items():
            if word in folded:
                bounds |= _window(today, unit, step)
        for m in _WINDOW_START.finditer(folded):
            unit = m[2] or {"月": "month", "年": "year"}[m[4]]
            bounds.add(min(_window(today, unit, _WINDOW_STEP.get(m[1] or "this") if m[2] else _ZH_STEP.get(m[3] or "", 0))))
        for m in _QUARTER.finditer(folded):
            quarter, year = (int(m[1]), m[2]) if m[1] else (_number(m[4]), m[3])
            if 1 <= quarter <= 4:
                bounds |= _window(dt.date(int(year) if year else today.year, 3 * quarter - 2, 1), "quarter", 0)
        for m in _NEXT_DAYS.finditer(folded):
            found |= {today + dt.timedelta(days=d) for d in range(min(_number(m[1] or m[2]), 31) + 1)}
        for m in _SPAN.finditer(folded):
            count, unit = (int(m[1]), m[2]) if m[1] else (int(m[3]), {"天": "day", "周": "week", "个月": "month"}[m[4]])
            back = {"day": dt.timedelta(days=count), "week": dt.timedelta(weeks=count),
                    "month": dt.timedelta(days=30 * count)}[unit]
            bounds |= {today - back, today - back + dt.timedelta(days=1), today}
    found |= _local_dates(folded)
    if _WORKDAYS.search(folded):
        bounds |= {d + dt.timedelta(days=4) for d in bounds if d.weekday() == 0}
    lengths = {(1 if m[1] == "a" else _number(m[1] or m[3])) * _STAY_DAYS.get(m[2] or m[4], 1) for m in _STAY.finditer(stays)}
    # N consecutive days also end on their last day, the start's N - 1 days on (连续3天 from 31 July ends on 2 August),
    # and so do "for N days starting" a day (3 days starting 1 March end on 3 March), "a 3-day course starting" one and
    # 3天的…课，明天开始;
    # "ten days after", 租8天 (a hire returned on the eighth day on) do not
    lengths |= {n - 1 for m in _CONSECUTIVE_DAYS.finditer(stays) if (n := _number(m[1] or m[2] or m[3] or m[4] or m[5])) > 1}
    lengths.discard(0)
    if _WEEK_AFTER.search(folded):  # "between March 6 and 10, or the week after": each date a week on
        lengths.add(7)
    if not with_stays:  # the days named, relative ones too ("in 3 days' time or the day after")
        return found | resolve_relative_dates(text, days)
    if lengths:  # from each date the text gives, else from the trace's day
        starts = found | resolve_relative_dates(text, days) | _absolute_dates(folded) or days
        found |= {start + dt.timedelta(days=n) for start in starts for n in lengths}
    return found | bounds


_JUST_PASSED = dt.timedelta(days=92)


def _upcoming(today: dt.date, month: int, day: int) -> set[dt.date]:
    """A month and day in `today`'s year, and in the next when it has passed; and last year's when
    it passed within three months (the screening "on 18 December", asked on 5 January)."""
    this = _day(today.year, month, day)
    if this is None or this >= today:
        last = _day(today.year - 1, month, day)
        return ({this} if this else set()) | ({last} if last and today - last <= _JUST_PASSED else set())
    following = _day(today.year + 1, month, day)
    return {this, following} if following else {this}


def split_dates(text: str) -> tuple[set[dt.date], str]:
    """(the dates a longer text states, however written; the folded text without them)."""
    canonical = canonical_dates(text)
    found = {d for m in _ISO_DATE.finditer(canonical) if (d := as_date(m[0])) is not None}
    return found, _ISO_DATE.sub(" ", canonical) if found else canonical


def without_dates(text: str) -> str:
    """`text` without the dates it states, with or without their year (4月3日, Dec 3, 2025-04-03):
    their numbers are no quantities of the user's."""
    return _ZH_MONTH_DAY.sub(" ", _MONTH_DAY.sub(" ", _ISO_DATE.sub(" ", text.lower())))


def _absolute_dates(folded: str) -> set[dt.date]:
    """The dates of a text written with their year, however written."""
    return {d for m in _ISO_DATE.finditer(canonical_dates(folded)) if (d := as_date(m[0])) is not None} \
        | _local_dates(folded)


def _local_dates(folded: str) -> set[dt.date]:
    """A date written day or month first with its year (03/12/2026, 24.08.2026), in each reading
    that is a date: which one the user meant, their locale says, and the trace does not."""
    return {d for m in _LOCAL_DATE.finditer(folded)
            for d in (_day(int(m[3]), int(m[2]), int(m[1])), _day(int(m[3]), int(m[1]), int(m[2]))) if d is not None}
