"""Which arguments want an absolute date, whatever way the tool's author said so.

Frameworks write the same date parameter as `format: date`, as a pattern, as a plain string
whose name or description says "date", or do not declare it at all; a relative word ("tomorrow",
"明天", "下周一") is wrong in every one of them, so `parameters` and `grounding` must not depend on
which. Two strengths of evidence:

- the schema constrains the form (a date format, a date pattern, a description demanding
  YYYY-MM-DD): any other form is a format error, the JSON Schema check finds it;
- only the name or description denotes a date: the API's accepted forms are unknown, so only a
  relative expression is an error.

Neither applies where the schema enumerates the values (a `day` enum of weekday names is
satisfied by "Monday"), gives a non-string type, or the argument is a weekday or free text.
"""
from __future__ import annotations

import re
from typing import Any

from evaluators.text.dates import as_date, relative_date_phrase

Schema = dict[str, Any]

DATE_FORMATS = frozenset({"date", "date-time"})
_DIGIT = re.compile(r"\[0-9\]|\\d")
_DATE_PATTERN = re.compile(r"D\{4\}.{0,12}?[-/.年].{0,12}?D\{(?:2|1,2)\}.{0,12}?[-/.月].{0,12}?D\{(?:2|1,2)\}")
# Bounded gaps: with `\s*` on both sides of an optional separator, "yyyy" and a long run of spaces
# took time quadratic in the run (64,000 spaces held the GIL for 17 s).
_DATE_DESCRIPTION = re.compile(r"yyyy\s{0,4}[-/.]?\s{0,4}mm\s{0,4}[-/.]?\s{0,4}dd|yyyymmdd", re.IGNORECASE)

# A name denotes a date when its last word is one of these (start_date, departureDate, checkIn),
# or it starts with date (date_from); "days" is left out: it is usually a count.
_LAST_WORDS = frozenset({"date", "dates", "day", "departure", "arrival", "checkin", "checkout", "birthday",
                         "dob", "birthdate"})
_TWO_WORDS = frozenset({("check", "in"), ("check", "out")})
_CJK_NAME = re.compile(r"日期|出发|入住|离店|退房|生日")
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
# Where a weekday or free text is meant, a relative word is no error.
_WEEKDAY = re.compile(r"week\s*day|day[\s_-]*of[\s_-]*(?:the[\s_-]*)?week|\bdow\b|星期几|周几|礼拜几", re.I)
FREE_TEXT = frozenset({"query", "q", "message", "messages", "text", "prompt", "content", "question", "input",
                        "instruction", "instructions", "body", "note", "notes", "comment", "comments", "search",
                        "keyword", "keywords", "title", "summary", "description", "reason", "request", "goal",
                        "task", "subject"})
_CLAUSE = re.compile(r"[.,;:(（，。；：]")
# a weekday's name alone, as a date parameter's whole value ("Wednesday", "fri", "on Friday")
_BARE_WEEKDAY = re.compile(r"(?:on\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?", re.I)


def date_pattern(pattern: Any) -> bool:
    """Whether a `pattern` encodes a date, such as ^\\d{4}-\\d{2}-\\d{2}$ (year, month and day: a month
    such as ^\\d{4}-\\d{2}$ is no date)."""
    return isinstance(pattern, str) and _DATE_PATTERN.search(_DIGIT.sub("D", pattern)) is not None


def constrains_date(schema: Schema) -> bool:
    """Whether one schema branch fixes a date's form: a date format, a date pattern, or a
    description demanding YYYY-MM-DD."""
    return schema.get("format") in DATE_FORMATS or date_pattern(schema.get("pattern")) \
        or _DATE_DESCRIPTION.search(str(schema.get("description") or "")) is not None


def wants_date_description(schema: Schema) -> bool:
    """A string schema whose description demands YYYY-MM-DD, checked as format date."""
    return schema.get("type") in ("string", None) and "format" not in schema and \
        _DATE_DESCRIPTION.search(str(schema.get("description") or "")) is not None


def name_denotes_date(name: str) -> bool:
    """start_date, departureDate, check_in, 出发日期: yes; days, weekday, departure_city: no."""
    if _CJK_NAME.search(name):
        return True
    words = [w.lower() for w in _WORD.findall(name)]
    return bool(words) and (words[-1] in _LAST_WORDS or tuple(words[-2:]) in _TWO_WORDS or words[0] in ("date", "dates"))


def description_denotes_date(description: str) -> bool:
    """"Departure date, YYYY-MM-DD", "Date of travel", "出发日期": yes; "Number of days": no.
    Only the first clause counts: a free-text field may mention a date later on."""
    if "日期" in description:
        return True
    words = [w.lower() for w in _WORD.findall(_CLAUSE.split(description, 1)[0])]
    return bool(words) and (words[-1] in ("date", "dates", "day") or words[0] in ("date", "dates"))


def wants_date(name: str, branches: list[Schema]) -> bool:
    """Whether the argument `name`, described by `branches` (a schema and its anyOf/oneOf
    alternatives; [] when undeclared), wants an absolute date."""
    if any(constrains_date(s) for s in branches):
        return True
    if any("enum" in s or "const" in s for s in branches):
        return False
    types = [t for s in branches for t in (s["type"] if isinstance(s.get("type"), list) else [s.get("type")])]
    if types and not any(t in ("string", None) for t in types):  # a recorded schema may hold anything
        return False
    descriptions = " ".join(str(s.get("description") or "") for s in branches)
    if _WEEKDAY.search(name) or _WEEKDAY.search(descriptions):
        return False
    if name.lower() in FREE_TEXT:
        return False
    return name_denotes_date(name) or any(description_denotes_date(str(s.get("description") or ""))
                                          for s in branches)


def relative_instead_of_date(value: Any) -> str | None:
    """The relative expression in a string that is not itself a date ("tomorrow", "下周一", a bare
    "Wednesday": which one?), else None."""
    if type(value) is not str:
        return None
    if _BARE_WEEKDAY.fullmatch(value.strip()):
        return value.strip()
    phrase = relative_date_phrase(value)
    return phrase if phrase is not None and as_date(value) is None else None
