"""Text helpers the rule evaluators share, so every one of them compares values the same way.

- `norm`: the one normalisation for comparing values (BFCL-style: case, width, whitespace,
  punctuation, number forms "18.0" = "18" and "1,130" = "1130", date forms "2026/12/1",
  "2026年12月1日", "Dec 1, 2026" = "2026-12-01"; "住3晚" is the words 住, 3, 晚).
- `Haystack` / `Segments`: "does this value occur in that text?" on normalised text, token-bounded.
- `leaves` / `scalars`: the scalar values inside a parsed JSON value.
- `terms` + `BM25`: lexical relevance; CJK is segmented as character bigrams because no Chinese
  segmenter is installed (jieba is not), and bigrams are what BM25 over Chinese does without one.
- relative dates: "tomorrow", "明天", "下周一", "next Monday" found and resolved against a date.
- `text_of`: one trajectory's values normalised once, for all the evaluators run on it.

Everything here is called for every value of every trajectory, hence the caches and fast paths.
"""
from __future__ import annotations

import datetime as dt
import json
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache, wraps
from typing import Any, NamedTuple

import orjson

from collector.trajectory import ToolCall, Trajectory

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAS_CJK = _CJK_CHAR = re.compile(f"[{_CJK}]")
_CJK_RUN = re.compile(f"[{_CJK}]+|[^{_CJK}]+")
# A word: a CJK run, or a run of other letters and digits (no underscore).
_WORD = re.compile(f"[{_CJK}]+|[^\\W_{_CJK}]+")
_ASCII_PUNCT = str.maketrans({c: " " for c in map(chr, range(128)) if not c.isalnum()})
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}

# --- caching -----------------------------------------------------------------------------------

SHORT = 256  # longer texts are not cached: a cache of documents would hold gigabytes


def cached_when_short(maxsize: int) -> Callable:
    """lru_cache for a function of one text that leaves long texts uncached."""
    def wrap(func: Callable) -> Callable:
        cached = lru_cache(maxsize=maxsize)(func)

        @wraps(func)
        def call(text: str) -> Any:
            return cached(text) if len(text) <= SHORT else func(text)
        return call
    return wrap


# --- normalisation -----------------------------------------------------------------------------

_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_NUMERIC_DATE = re.compile(
    r"(?<!\d)(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?!\d)\s*[日号]?(?:t(?=\d))?")
_MONTH_DAY_YEAR = re.compile(_MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b")
_DAY_MONTH_YEAR = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+(\d{4})\b")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_TRAILING_ZEROS = re.compile(r"(\d)\.(\d*?)0+(?!\d)")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_YEAR = re.compile(r"[0-9]{4}")  # in folded text, where every digit is ASCII
_DATE_HINT = re.compile(r"\d{4}\s*[-/.年]|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")


def _iso(year: str, month: int, day: str) -> str:
    return f"{year}-{month:02d}-{int(day):02d}"


def _fold(text: str) -> str:
    """Casefolded NFKC; full-width forms are mapped first, so most Chinese text needs no NFKC pass."""
    if text.isascii():
        return text.lower()
    text = text.translate(_FULL_WIDTH)
    if not unicodedata.is_normalized("NFKC", text):
        text = unicodedata.normalize("NFKC", text)
    return text.casefold()


def _iso_dates(folded: str) -> str:
    # every recognised date form has a four-digit year, and a separator after it or a month's name
    if _YEAR.search(folded) is None or _DATE_HINT.search(folded) is None:
        return folded
    folded = _NUMERIC_DATE.sub(lambda m: _iso(m[1], int(m[2]), m[3]) + " ", folded)
    folded = _MONTH_DAY_YEAR.sub(lambda m: _iso(m[3], _MONTHS[m[1]], m[2]), folded)
    return _DAY_MONTH_YEAR.sub(lambda m: _iso(m[3], _MONTHS[m[2]], m[1]), folded)


def canonical_dates(text: str) -> str:
    """Casefolded text with every recognised date written as YYYY-MM-DD."""
    return _iso_dates(_fold(text))


def _norm(text: str) -> str:
    ascii_only = text.isascii()
    if ascii_only and text.isalnum():
        return text.lower()
    text = _fold(text)
    if any(d in text for d in "0123456789"):  # dates and number forms all have digits (a fast test)
        text = _iso_dates(text)
        if "," in text:
            text = _THOUSANDS.sub("", text)
        if "." in text:
            text = _TRAILING_ZEROS.sub(lambda m: m[1] + ("." + m[2] if m[2] else ""), text)
    if ascii_only:
        return " ".join(text.translate(_ASCII_PUNCT).split())
    return " ".join(_WORD.findall(text))  # "住3晚" holds the number 3: a change of script ends a word


_norm_cached = lru_cache(maxsize=1 << 16)(_norm)


def norm(text: str) -> str:
    """Casefolded, NFKC, dates as YYYY-MM-DD, no thousands separators or trailing decimal
    zeros, punctuation as single spaces, stripped. Cached (short texts): the same strings recur
    across calls and evaluators."""
    return _norm_cached(text) if len(text) <= SHORT else _norm(text)


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


def has_cjk(text: str) -> bool:
    return _HAS_CJK.search(text) is not None


# --- values inside JSON ------------------------------------------------------------------------

Path = tuple[str | int, ...]
_CONTAINERS = frozenset({dict, list, tuple})


def leaves(value: Any, path: Path = ()) -> list[tuple[Path, Any]]:
    """(path, scalar) for every scalar inside a parsed JSON value, dict keys excluded."""
    out: list[tuple[Path, Any]] = []
    _collect(value, path, out)
    return out


def _collect(value: Any, path: Path, out: list) -> None:
    kind = type(value)
    items = value.items() if kind is dict else enumerate(value) if kind is list or kind is tuple else None
    if items is None:
        out.append((path, value))
        return
    for key, item in items:
        if type(item) in _CONTAINERS:
            _collect(item, (*path, key), out)
        else:
            out.append(((*path, key), item))


def scalars(value: Any) -> list[Any]:
    """Every scalar inside a parsed JSON value (no paths: the fast form)."""
    kind = type(value)
    if kind is dict:
        value = value.values()
    elif kind is not list and kind is not tuple:
        return [value]
    out: list[Any] = []
    for item in value:
        if type(item) in _CONTAINERS:
            out += scalars(item)
        else:
            out.append(item)
    return out


def parsed(value: Any) -> Any:
    """A tool result as JSON when it is a JSON string, else unchanged."""
    if isinstance(value, str) and value[:1] in ("{", "["):
        try:
            return orjson.loads(value)
        except orjson.JSONDecodeError:
            return value
    return value


def value_texts(value: Any) -> list[str]:
    """The normalised text of every non-empty scalar inside a (possibly JSON-string) value."""
    texts = [value_norm(leaf) for leaf in scalars(parsed(value)) if leaf is not None]
    return [t for t in texts if t]


def path_text(path: Path) -> str:
    if len(path) == 1 and isinstance(path[0], str):
        return path[0]
    """("passengers", 0, "name") -> "passengers[0].name"."""
    return ".".join(p if isinstance(p, str) else f"[{p}]" for p in path).replace(".[", "[") or "value"


# --- matching ----------------------------------------------------------------------------------

_STOPWORDS = frozenset("""
a an the to from of in on at for by with and or but not no is are was were be been am do does
did i im i'm me my mine we us our you your it its this that these those there here what whats
which who whom how when where why please can could would will shall should may might must let
get find check show tell give want need help make some any all about into than then so very
just now right also m s t ll ve re d
""".split())
_STOP_CJK = frozenset("的了吗呢吧啊呀我你他她它们是在和与及把给让请帮下一个这那些么就都也还要想")


def _bigrams(run: str) -> list[str]:
    if len(run) == 1:
        return [] if run in _STOP_CJK else [run]
    return [run[i:i + 2] for i in range(len(run) - 1)
            if run[i] not in _STOP_CJK and run[i + 1] not in _STOP_CJK]


@lru_cache(maxsize=1 << 14)
def _stem(word: str) -> str:
    """A light English suffix stripper: enough for flights/flight, booking/book, rates/rate."""
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    if len(word) > 4 and word.endswith("ed"):
        return word[:-2]
    return word


@cached_when_short(1 << 14)
def terms(text: str) -> tuple[str, ...]:
    """Index terms: normalised words without stop words, stemmed; CJK runs as bigrams."""
    words = norm(text).split()
    if text.isascii():
        return tuple(_stem(w) for w in words if w not in _STOPWORDS and not (len(w) == 1 and w.isalpha()))
    out: list[str] = []
    for word in words:
        for run in _CJK_RUN.findall(word):
            if has_cjk(run):
                out += _bigrams(run)
            elif run not in _STOPWORDS and not (len(run) == 1 and run.isalpha()):
                out.append(_stem(run))
    return tuple(out)


def anchors(raw: str, normalised: str) -> tuple[str, ...]:
    """The informative parts of a composite value (free text, an expression: three or more
    words as written, or five or more CJK characters); () for an atomic value, which must match
    whole ("tok-alice-7f3a" is one word however it normalises)."""
    if len(raw.split()) < 3 and (raw.isascii() or len(_HAS_CJK.findall(raw)) < 5):
        return ()
    out = []
    for word in normalised.split():
        if has_cjk(word):
            out += [g for run in _CJK_RUN.findall(word) if has_cjk(run) for g in _bigrams(run)]
        elif word not in _STOPWORDS and (len(word) > 1 or word.isdigit()):
            out.append(word)
    return tuple(dict.fromkeys(a for a in out if a != normalised))


class Haystack:
    """Normalised texts to look values up in: a value is found when its normalised form occurs
    token-bounded (CJK: as a substring, having no word boundaries)."""

    __slots__ = ("_blob",)

    def __init__(self, texts: Iterable[str]):
        self._blob = " " + " \n ".join(texts) + " "

    def has(self, value: str) -> bool:
        """`value` (already normalised) occurs whole."""
        return bool(value) and _needle(value) in self._blob


class Segments:
    """Several haystacks (one per tool result), indexed once: which words (and CJK characters) each
    holds. A lookup only reads the segments holding every word of the value, so grounding a
    trajectory is linear in its text rather than a rescan of all results per value."""

    __slots__ = ("_parts", "_words", "_chars", "_text")

    def __init__(self, segments: Iterable[list[str]]):
        self._parts = [" " + " \n ".join(texts) + " \n" for texts in segments]
        self._words: dict[str, set[int]] | None = None
        self._chars: dict[str, set[int]] | None = None
        self._text: str | None = None

    @property
    def text(self) -> str:
        """All segments' normalised text."""
        if self._text is None:
            self._text = "".join(self._parts)
        return self._text

    def holding(self, value: str) -> set[int]:
        """Indices of the segments where `value` (normalised) occurs whole."""
        if not value:
            return set()
        needle = _needle(value)
        if needle is value:  # CJK: a substring anywhere, so candidates are the segments with its characters
            keys, index = set(_CJK_CHAR.findall(value)), self._char_index()
        else:
            keys, index = set(value.split()), self._word_index()
        candidates: set[int] | None = None
        for key in sorted(keys, key=lambda k: len(index.get(k, ()))):
            found = index.get(key)
            if not found:
                return set()
            candidates = set(found) if candidates is None else candidates & found
            if not candidates:
                return set()
        parts = self._parts
        return {i for i in (range(len(parts)) if candidates is None else candidates) if needle in parts[i]}

    def _word_index(self) -> dict[str, set[int]]:
        if self._words is None:
            self._words = _postings(part.split() for part in self._parts)
        return self._words

    def _char_index(self) -> dict[str, set[int]]:
        if self._chars is None:
            self._chars = _postings(_CJK_CHAR.findall(part) for part in self._parts)
        return self._chars


def _postings(keys_per_part: Iterable[list[str]]) -> dict[str, set[int]]:
    index: dict[str, set[int]] = {}
    for position, keys in enumerate(keys_per_part):
        for key in set(keys):
            index.setdefault(key, set()).add(position)
    return index


def _needle(value: str) -> str:
    """What to search a blob for: the value between spaces (token-bounded), or bare for CJK."""
    return value if not value.isascii() and has_cjk(value) else f" {value} "


# --- BM25 --------------------------------------------------------------------------------------

class BM25:
    """Okapi BM25 over a handful of short documents (the tools a trace offered). Each term's
    weight in each document is computed once, so scoring a query is one lookup per query term."""

    def __init__(self, documents: list[tuple[str, ...]], k1: float = 1.2, b: float = 0.75):
        self.size = len(documents)
        counts = [Counter(d) for d in documents]
        avg = (sum(map(len, documents)) / self.size) if documents else 0.0
        df = Counter(t for c in counts for t in c)
        self.weights: dict[str, list[tuple[int, float]]] = {}
        for index, (doc, c) in enumerate(zip(documents, counts)):
            norm_k = k1 * (1 - b + b * (len(doc) / avg if avg else 0.0))
            for term, tf in c.items():
                idf = math.log((self.size - df[term] + 0.5) / (df[term] + 0.5) + 1.0)
                self.weights.setdefault(term, []).append((index, idf * tf * (k1 + 1) / (tf + norm_k)))

    def scores(self, query: Iterable[str]) -> list[float]:
        """Each document's score for the query (a set of terms)."""
        out = [0.0] * self.size
        for term in query:
            for index, weight in self.weights.get(term, ()):
                out[index] += weight
        return out


# --- relative dates ----------------------------------------------------------------------------

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


def _relative_candidate(text: str) -> str | None:
    """`text` folded when it may hold a relative-date expression, else None (the regex is slow)."""
    folded = _fold(text)
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


# --- reasons -----------------------------------------------------------------------------------

def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, the cut shown."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def short(value: Any, limit: int = 40) -> str:
    """repr() cut to `limit` characters, for one-line reasons."""
    return clip(repr(value), limit)


def call_ref(seq: int, name: str, path: Path | str | None = None, value: Any = None) -> str:
    """How reasons name a step: "call 3 search_flights(date='tomorrow')", or "call 3 pay(…)"."""
    where = path if isinstance(path, str) else path_text(path) if path is not None else None
    inside = f"{where}={short(value)}" if where is not None else "…"
    return f"call {seq} {name}({inside})"


# --- one trajectory's texts, normalised once for every evaluator that reads them ------------------

class Argument(NamedTuple):
    """One scalar argument value: where it sits, as sent, normalised, and what must be found of it:
    the whole value, or any informative part when it is composite (free text, an expression)."""

    path: Path
    where: str  # the path as text
    value: Any
    text: str
    units: tuple[str, ...]

    @staticmethod
    def of(path: Path, value: Any) -> Argument | None:
        """The argument, or None when nothing of it survives normalisation. Cached: agents send
        the same values (cities, ids, enum members) under the same names again and again."""
        if type(value) is str and len(value) > SHORT:
            return _make_argument(path, "str", value)
        return _argument(path, type(value).__name__, value)


def _make_argument(path: Path, _kind: str, value: Any) -> Argument | None:
    """`_kind` (the type's name) is only part of the cache key: it keeps 1, 1.0 and True apart."""
    text = value_norm(value)
    if not text:
        return None
    parts = anchors(value, text) if isinstance(value, str) else ()
    return Argument(path, path_text(path), value, text, (text, *parts))


_argument = lru_cache(maxsize=1 << 16)(_make_argument)
_ARGUMENTS: dict[bytes, list[Argument]] = {}


def _arguments(key: bytes, arguments: Any) -> list[Argument]:
    """A call's argument values (bools and nulls are no values), remembered by the arguments' JSON:
    retries, loops and popular requests send the very same arguments again."""
    found = _ARGUMENTS.get(key)
    if found is None:
        found = [a for path, value in leaves(arguments) if value is not None and type(value) is not bool
                 and (a := Argument.of(path, value)) is not None]
        if len(key) <= SHORT:
            if len(_ARGUMENTS) >= 1 << 14:
                _ARGUMENTS.clear()
            _ARGUMENTS[key] = found
    return found


def canonical_arguments(call: ToolCall) -> bytes:
    """A call's arguments as JSON with sorted keys (the raw text when not JSON): equal for
    identical calls."""
    if not call.arguments_valid_json:
        return str(call.arguments_raw or call.arguments).encode()
    return canonical_json(call.arguments)


def canonical_json(value: Any) -> bytes:
    """`value` as JSON with sorted keys: equal for equal values."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # an integer beyond 64 bits, say
        return json.dumps(value, sort_keys=True, default=str).encode()


class TrajectoryText:
    """The user input, each call's argument values and each call's result, normalised once."""

    __slots__ = ("trajectory", "user", "results", "arguments", "keys", "_in_user", "_holders")

    def __init__(self, trajectory: Trajectory):
        self.trajectory = trajectory
        self.user = Haystack([norm(trajectory.input)] if trajectory.input else [])
        self.results = Segments(value_texts(c.result) for c in trajectory.tool_calls)
        self.keys = [canonical_arguments(c) for c in trajectory.tool_calls]
        # None where the arguments are not parsed JSON (or not recorded)
        self.arguments: list[list[Argument] | None] = [
            _arguments(key, c.arguments) if c.arguments_valid_json and c.arguments is not None else None
            for c, key in zip(trajectory.tool_calls, self.keys)]
        self._in_user: dict[str, bool] = {}
        self._holders: dict[str, set[int]] = {}

    def in_user(self, unit: str) -> bool:
        """Whether the user's input holds `unit` (normalised) whole."""
        found = self._in_user.get(unit)
        if found is None:
            found = self._in_user[unit] = self.user.has(unit)
        return found

    def holders(self, unit: str) -> set[int]:
        """Indices of the calls whose results hold `unit` (normalised) whole."""
        found = self._holders.get(unit)
        if found is None:
            found = self._holders[unit] = self.results.holding(unit)
        return found


_VIEWS: dict[int, TrajectoryText] = {}


def text_of(trajectory: Trajectory) -> TrajectoryText:
    """The trajectory's normalised texts, shared by the evaluators run on it one after another
    (a few recent trajectories are kept; each entry holds its trajectory, so an id is never reused)."""
    view = _VIEWS.get(id(trajectory))
    if view is None or view.trajectory is not trajectory:
        if len(_VIEWS) >= 8:
            _VIEWS.clear()
        view = _VIEWS[id(trajectory)] = TrajectoryText(trajectory)
    return view
