"""The one normalisation the evaluators compare values by, so that they all agree on "the same".

BFCL-style: case, width, whitespace and punctuation fold away, number forms meet ("18.0" = "18",
"1,130" = "1130") and so do date forms ("2026/12/1", "2026年12月1日", "Dec 1, 2026" =
"2026-12-01"); "住3晚" is the words 住, 3, 晚. It runs on every value of every trajectory, hence
the fast paths and the cache.
"""
from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

from evaluators.text.cache import cached_when_short

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # a character class's ranges: CJK ideographs
CJK_CHAR = re.compile(f"[{CJK}]")
# A word: a CJK run, or a run of other letters and digits (no underscore).
_WORD = re.compile(f"[{CJK}]+|[^\\W_{CJK}]+")
_ASCII_PUNCT = str.maketrans({c: " " for c in map(chr, range(128)) if not c.isalnum()})
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}

_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_NUMERIC_DATE = re.compile(
    r"(?<!\d)(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?!\d)\s*[日号]?(?:t(?=\d))?")
_MONTH_DAY_YEAR = re.compile(_MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b")
_DAY_MONTH_YEAR = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+(\d{4})\b")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_TRAILING_ZEROS = re.compile(r"(\d)\.(\d*?)0+(?!\d)")
_YEAR = re.compile(r"[0-9]{4}")  # in folded text, where every digit is ASCII
_DATE_HINT = re.compile(r"\d{4}\s*[-/.年]|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")


def has_cjk(text: str) -> bool:
    return CJK_CHAR.search(text) is not None


def fold(text: str) -> str:
    """Casefolded NFKC; full-width forms are mapped first, so most Chinese text needs no NFKC pass."""
    if text.isascii():
        return text.lower()
    text = text.translate(_FULL_WIDTH)
    if not unicodedata.is_normalized("NFKC", text):
        text = unicodedata.normalize("NFKC", text)
    return text.casefold()


def _iso(year: str, month: int, day: str) -> str:
    return f"{year}-{month:02d}-{int(day):02d}"


def _iso_dates(folded: str) -> str:
    # every recognised date form has a four-digit year, and a separator after it or a month's name
    if _YEAR.search(folded) is None or _DATE_HINT.search(folded) is None:
        return folded
    folded = _NUMERIC_DATE.sub(lambda m: _iso(m[1], int(m[2]), m[3]) + " ", folded)
    folded = _MONTH_DAY_YEAR.sub(lambda m: _iso(m[3], _MONTHS[m[1]], m[2]), folded)
    return _DAY_MONTH_YEAR.sub(lambda m: _iso(m[3], _MONTHS[m[2]], m[1]), folded)


def canonical_dates(text: str) -> str:
    """Casefolded text with every recognised date written as YYYY-MM-DD."""
    return _iso_dates(fold(text))


@cached_when_short(1 << 16)
def norm(text: str) -> str:
    """Casefolded, NFKC, dates as YYYY-MM-DD, no thousands separators or trailing decimal
    zeros, punctuation as single spaces, stripped. Cached (short texts): the same strings recur
    across calls and evaluators."""
    ascii_only = text.isascii()
    if ascii_only and text.isalnum():
        return text.lower()
    text = fold(text)
    if any(d in text for d in "0123456789"):  # dates and number forms all have digits (a fast test)
        text = _iso_dates(text)
        if "," in text:
            text = _THOUSANDS.sub("", text)
        if "." in text:
            text = _TRAILING_ZEROS.sub(lambda m: m[1] + ("." + m[2] if m[2] else ""), text)
    if ascii_only:
        return " ".join(text.translate(_ASCII_PUNCT).split())
    return " ".join(_WORD.findall(text))  # "住3晚" holds the number 3: a change of script ends a word


def value_norm(value: Any) -> str:
    """norm(scalar_text(value)), with numbers and plain words (the commonest scalars) done directly."""
    kind = type(value)
    if kind is str:
        return value.lower() if value.isascii() and value.isalnum() else norm(value)
    if kind is int:
        return str(value) if value >= 0 else str(-value)
    if kind is float and math.isfinite(value):
        if value.is_integer():
            return str(int(abs(value)))
        text = repr(abs(value))  # the shortest repr: no trailing zeros
        if "e" not in text:
            return text.replace(".", " ")
    return norm(scalar_text(value))


def scalar_text(value: Any) -> str:
    """A JSON scalar as text: 18.0 -> "18", True -> "true"."""
    kind = type(value)
    if kind is str:
        return value
    if kind is bool:
        return "true" if value else "false"
    if kind is float and value.is_integer():
        return str(int(value))
    return str(value)
