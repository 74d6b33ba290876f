"""Where a careful reviewer finds a value that is not written as such in the input or an earlier
result: the trace's own context and year, earlier turns, a well-known code or name, the request's
language, an id the user wrote in groups, another number form, a measure in another unit (8.2 km as 8200 m),
a date computed from the request.

grounding asks here only for values its plain lookups did not find, so this costs nothing on a
trace whose values are copied; what it reads of the trajectory is built on first use. Each
widening is a row of docs/calibration.md with its false-negative risk. Near misses stay
ungrounded: every comparison is of whole normalised values (a user id one digit off, an id with
transposed digits, GBP for "euro" match nothing).
"""
from __future__ import annotations

import datetime as dt
import re
from decimal import ROUND_HALF_UP, Decimal
from collections.abc import Callable, Iterable
from functools import lru_cache

from pydantic import TypeAdapter, ValidationError

from evaluators.text.arithmetic import as_many_as_fit, computed_from, computed_with_result
from evaluators.dates import FREE_TEXT
from evaluators.text.dates import as_date, computed_dates, named_months, split_dates
from evaluators.text.cities import city_names
from evaluators.text.glosses import english_senses, glosses, place_names, senses
from evaluators.text.given import user_messages
from evaluators.text.haystack import Haystack
from evaluators.text.index import Argument, TrajectoryText
from evaluators.text.lexicon import equivalents, local_currency, short_currencies, symbols
from evaluators.text.norm import has_cjk, norm
from evaluators.text.measures import Unit, measures_in, parameter_unit
from evaluators.text.numbers import (
    canonical, durations_in, frequencies_in, months_in, number_of, numbers_in, ranges_in,
)
from evaluators.text.party import party_sizes
from evaluators.text.values import keys_and_strings
from evaluators.text.terms import terms
from evaluators.text.zones import Lengths, is_zone, local_times, times_a_span_away, times_of_day, zones_named

_DATE_TIME = re.compile(r"(\d{4}-\d{2}-\d{2})[t ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?",
                        re.IGNORECASE)
_BOUNDS = {("00", "00"), ("23", "59")}
_ON_THE_HOUR = re.compile(r"(?<=\d):00(?::00)?\b")
_LARGEST = Decimal(10) ** 15  # past this a measure is no one's reading
_PHONE = re.compile(r"\+?\d[\d ().-]{5,}\d")  # digits with the separators a phone number is grouped by


def _national(digits: str) -> str | None:
    """The national number of a valid international one written without its plus (86 138…: 138…),
    or None: a country code that makes no valid number there (+44 138 1234 5678) is made up."""
    import phonenumbers

    try:
        number = phonenumbers.parse("+" + digits, None)
    except phonenumbers.NumberParseException:
        return None
    return str(number.national_number) if phonenumbers.is_valid_number(number) else None


_WEEK = re.compile(r"week(?!day|end)", re.IGNORECASE)  # week_commencing, weekStart, week_of; not weekday
_ISO_DURATION = re.compile(r"P(?=\d|T\d)[\dYMWDTHS.]*")
# a race or track time with no hours written as H:MM:SS: 0:40:57 for a watch's "40:57"
_NO_HOURS = re.compile(r"0{1,2}:([0-5]\d:[0-5]\d(?:\.\d+)?)")
_DURATION = TypeAdapter(dt.timedelta)
_INITIALISM = re.compile(r"\b(?:[A-Z]\.){2,}")  # capitals only: a.m. and e.g. are no codes (AM is Armenia)
_BASIC_DATE = re.compile(r"(20\d{2})(\d{2})(\d{2})")  # ISO 8601's basic form: 20260331
_PREFIXED = re.compile(r"([A-Za-z]{2,5})[-_ #]?(\d{4,})")
# a number with the word or two the user put before it: "order #12345", "purchase order 5521"
_NAMED_NUMBER = re.compile(r"(?:([a-z]+)\s+)?([a-z]+)\s*(?:no\.?|number|#|:)?\s*(\d+)(?!\d)")
# a parameter taking an amount in the currency's minor units (Stripe's "smallest currency unit")
_MINOR_UNITS = re.compile(r"(?:^|[^a-z])(?:cents?|pence|minor[ _]units?)(?:[^a-z]|$)|smallest currency unit|以分为单位|单位[：:]?\s*分",
                          re.IGNORECASE)
_UTC = re.compile(r"(?:^|[^a-z])utc(?:[^a-z]|$)", re.IGNORECASE)  # start_utc, "in UTC"
_ZONED = re.compile(r"(?:z|[+-]\d{2}:?\d{2})$", re.IGNORECASE)
_MONTH = re.compile(r"\d{4}-(?:0[1-9]|1[0-2])")
# the trace's own month: "this month", and a price or state asked as of now ("today's spot price", 现在什么价)
_THIS_MONTH = re.compile(r"\bthis month\b|\bcurrent month\b|\bmonth to date\b|这个月|本月|当月|这月"
                         r"|\btoday'?s\b|\bcurrent\b|\bright now\b|现在|目前|当前", re.IGNORECASE)
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::00)?")
_TWELVE_HOUR = re.compile(r"\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?m\.?", re.IGNORECASE)  # 5:30pm, 7 p.m.: a time alone
_LOCAL_DATE = re.compile(r"(\d{1,2})[./-](\d{1,2})[./-](\d{4})")
_BOUNDARY = re.compile(r"(?<=[^\W\d])(?=\d)|(?<=\d)(?=[^\W\d])")  # between a letter and a digit
# A month and a day without their year: 2月24日, 2月24号, Feb 24, 24th February
_YEARLESS = re.compile(r"\d{1,2}\s*月\s*\d{1,2}\s*[日号]|[A-Za-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3,9}")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # what a field is named: order_date, orderDate



# the next day after another ("the day after it expires", "到期后第二天"; "the day after tomorrow" is 后天)
_DAY_AFTER = re.compile(r"\b(?:the|a)\s+day\s+after\b(?!\s+tomorrow)|\bthe\s+next\s+day\b|第二天|后一天|次日|翌日|隔天",
                        re.IGNORECASE)
# a day earlier than one given: "move it to the day before", "a day earlier", 提前一天, 前一天
_DAY_BEFORE = re.compile(r"\b(?:the|a)\s+day\s+before\b(?!\s+yesterday)|\bthe\s+previous\s+day\b|前一天|头一天", re.I)
# the request's lengths of time counted back from a day given: "two days earlier", 提前一天
_EARLIER = re.compile(r"\b(?:earlier|sooner|before)\b|提前|提早|往前|前(?=[一两二三四五六七八九十\d]+\s*(?:天|周|个星期|个月))", re.I)
# a year named from this one: "last year", 去年; a season too, where a season is a year ("renew for next season")
_YEAR_NAMED = re.compile(r"\b(last|previous|past|next|coming)\s+(?:year|season)\b|(前年|去年|明年|后年)", re.I)
_YEAR_STEPS = {"last": -1, "previous": -1, "past": -1, "next": 1, "coming": 1, "前年": -2, "去年": -1, "明年": 1, "后年": 2}
# a yearly interval: "the next annual service", 年检 (the yearly inspection), "every year"
_ANNUAL = re.compile(r"\bannual(?:ly)?\b|\byearly\b|\bevery\s+year\b|年检|年审|年度|每年|一年一次", re.I)
_NEXT_YEAR = re.compile(r"\b(?:next|coming)\s+year'?s?\b|明年", re.I)
_MEASURED = {"time": "length of time", "length": "length", "mass": "mass", "volume": "volume", "area": "area"}


def _day(year: str, month: str, day: str) -> dt.date | None:
    try:
        return dt.date(int(year), int(month), int(day))
    except ValueError:
        return None  # the start and end of a day bound a date range


def _counts(after: str) -> bool:
    """Whether the text after a word of money (块) makes it a counter: a thing follows it, by its first sense (6块板,
    "board"; bowkneed split), not money's own company (钱, 左右, 以上, numbers: 三块五) nor a word of doing or relating
    (八千块给陈静, "to give")."""
    if not after or after[0] in _MONEYS_COMPANY:
        return False
    found = senses(after[:4])
    first = found[0][1][0] if found and found[0][1] else ""
    return bool(first) and found[0][0] == after[:len(found[0][0])] and first.split()[0] not in _NO_THING \
        and not first.startswith("~")


_MONEYS_COMPANY = frozenset("钱的左以上多到至和或及零〇一二两三四五六七八九十百千万")
_NO_THING = frozenset("to of for and or with at in by from".split())


class Reviewer:
    """The widened sources of one trajectory. `source(argument, earlier)` names where a value comes
    from, or None; `earlier(unit)` says whether an earlier result holds a normalised unit."""

    def __init__(self, texts: TrajectoryText, days: set[dt.date], trace_dates: Callable[[], set[dt.date]]):
        self.trajectory = texts.trajectory
        self._in_user = texts.in_user
        self._results = texts.results
        self._squashed: str | None = None
        self.history, self.context = texts.history, texts.context  # built once per trace, with the other evaluators
        self._days = days
        self._trace_dates = trace_dates
        self._zones: frozenset[str] | None = None
        self._request_terms: tuple[str, ...] | None = None
        self._requests: str | None = None
        self._glossed: Haystack | None = None
        self._numbers: frozenset[str] | None = None
        self._dates: set[dt.date] | None = None
        self._named_dates: set[dt.date] | None = None
        self._cjk: bool | None = None
        self._words: list[str] | None = None
        self._fields: dict[int, frozenset[str]] = {}
        self._measures: frozenset | None = None
        self._named_memo: dict[str, tuple[str | None, tuple[tuple[str, str], ...]]] = {}

    # --- what is read of the trajectory, each on first use --------------------------------------

    @property
    def zones(self) -> frozenset[str]:
        """The time zones of the places the user names, and the user's own zone as the trace's
        context gives it (`user.timezone=Europe/Berlin`): "今天14点" is 14:00 there."""
        if self._zones is None:
            attributes = (*self.trajectory.attributes.values(), *self.trajectory.resource.values())
            self._zones = zones_named(self.requests) | {v for v in attributes if type(v) is str and is_zone(v)}
        return self._zones

    @property
    def requests(self) -> str:
        """The user's words: this request and the earlier turns' user messages."""
        if self._requests is None:
            self._requests = "\n".join(user_messages(self.trajectory))
        return self._requests

    @property
    def glossed(self) -> Haystack:
        """The English glosses of the user's Chinese words, each sense a text of its own."""
        if self._glossed is None:
            self._glossed = Haystack(english_senses(self.requests))
        return self._glossed

    @property
    def numbers(self) -> frozenset[str]:
        """The numbers the user gave; the minutes of a time on the hour ("19:00") are no zero of theirs."""
        if self._numbers is None:
            self._numbers = numbers_in(_ON_THE_HOUR.sub("", self.requests))
        return self._numbers

    @property
    def words(self) -> list[str]:
        """The normalised words of the user's requests, in order."""
        if self._words is None:
            self._words = norm(self.requests).split()
        return self._words

    def fields_of(self, position: int) -> frozenset[str]:
        """The field names of a call's result, as written."""
        found = self._fields.get(position)
        if found is None:
            found = self._fields[position] = field_names(self.trajectory.tool_calls[position].result)
        return found

    @property
    def dates(self) -> set[dt.date]:
        if self._dates is None:
            self._dates = computed_dates(self.requests, self._days) if self._days else set()
        return self._dates

    @property
    def named_dates(self) -> set[dt.date]:
        """The days the request names, without the stays it counts from them (a length counted twice is
        another day)."""
        if self._named_dates is None:
            self._named_dates = computed_dates(self.requests, self._days, with_stays=False) if self._days else set()
        return self._named_dates

    # --- the widenings, in the order a reviewer would look ------------------------------------

    def said(self, unit: str, earlier: Callable[[str], bool]) -> bool:
        """Whether the user, an earlier result or an earlier turn holds the normalised `unit`."""
        return self._in_user(unit) or earlier(unit) or (bool(self.trajectory.history) and self.history.has(unit))

    def source(self, argument: Argument, earlier: Callable[[str], bool],
               fields: Callable[[str], bool] = lambda _: False, description: str | None = None,
               factors: Callable[[], Iterable[Decimal]] = tuple,
               totaled: Callable[..., bool] = lambda *_: False,
               kin: Callable[[], Iterable[Decimal]] = tuple,
               lengths: Callable[[], Lengths] = Lengths, most: int | None = None) -> str | None:
        """Where `argument`'s value comes from beyond a plain lookup, or None; `fields(value)` says
        whether an earlier result has a field of that name, `description` is the parameter's,
        `factors()` the numbers of the earlier results (a unit price a search gave), `totaled(n)`
        whether n is a total a reviewer reads off one of them (`arithmetic.totals_of`; `totaled(n, True)`
        of the fields of one record only), `kin()` the numbers of the earlier results about what this
        call acts on (the chosen show's rate), `lengths()` the lengths of time the earlier results give
        (`zones.Lengths`), `most` the parameter's maximum (a count as many as fit stops there)."""
        value, text = argument.value, argument.text
        if text in self.context:
            return "trace context"
        if self.trajectory.history and any(map(self.history.has, argument.units)):
            return "an earlier turn"
        if type(value) is str and len(text) >= (4 if " " in text else 6) and self._grouped(text.replace(" ", "")):
            return "an id the user wrote in groups"  # JD07 2714 7707 49; 205/55 R16 for 205/55R16
        if type(value) is str and self.respaced(text, earlier):
            return "an id given with its separators otherwise (TX6695 for TX-6695: the form is parameters')"
        if type(value) is str and self._prefixed(value):
            return "the user's number with the prefix of what they called it (ORD-12345 for 'order 12345')"
        if type(value) in (str, int) and sum(map(str.isdigit, str(value))) >= 7 and self._phone(str(value)):
            # (sent as an integer it lost its leading 0: the type is type_error's)
            return "a phone number the user gave, in another format (libphonenumber)"
        if type(value) is str:
            if authored(argument) and self._facts_found(value, earlier):
                return "text the agent wrote (its ids, numbers, dates and addresses all found)"
            # codes, names and words are short and hold no digit (an id never names a currency or a city)
            if len(text) <= 40 and text.count(" ") < 4 and not any(map(str.isdigit, text)) \
                    and (found := self._named(text, value, earlier)) is not None:
                return found
            if len(text) <= 60 and not any(map(str.isdigit, text)) and self._inflected(value):
                return "the user's words, in another number or case"
            if self.requests_cjk and len(text) <= 60 and 2 <= len(words := text.split()) <= 6 and all(map(self._said_in_english, words)):
                return "the request's Chinese words in English, word by word (CC-CEDICT; 15毫米 as 15mm)"
            utc = _UTC.search(f"{argument.where} {description or ''}") is not None
            if any(map(str.isdigit, value)) and (found := self._date(value, earlier, lengths) or self._zoned(value, earlier, utc)
                                                 or self._month(value) or self._week_start(value, argument.where, earlier)) is not None:  # dates have digits
                return found
            if (m := _CLOCK.fullmatch(value.strip())) is not None and self._clock(m[1], m[2], earlier):
                return "a time of day the user or an earlier result gave"
            if _TWELVE_HOUR.fullmatch(value.strip()) and any(self._clock(str(h), f"{m:02d}", earlier)
                                                              for h, m in times_of_day(value)):
                return "a time of day the user or an earlier result gave, on a 12-hour clock (the form is parameters')"
            if m is not None and self._clock_after(int(m[1]) * 60 + int(m[2]), earlier, lengths):
                return "a time of day an earlier result or the user gave, a length of time they gave away"
            if "/" in value and value.strip() in zones_named(self.requests):
                return "the time zone of a place the user named (CLDR, airportsdata)"
            if _ISO_DURATION.fullmatch(value.strip()) and self._lasts(value.strip()):
                return "a length of time the user gave, as an ISO 8601 duration"
            if (m := _NO_HOURS.fullmatch(value.strip())) is not None and self.said(norm(m[1]), earlier):
                return "minutes and seconds the user or an earlier result gave, with no hours written (the form is parameters')"
            if len(value) <= 40 and _IDENTIFIER.fullmatch(value) and fields(value):
                return "a field name of an earlier result"
        number = number_of(value)
        if number is None:
            return None
        unit = unit_of(argument, description)
        # a measure the user gave in another unit is converted, not multiplied by any number a result holds
        # (3.6 kg sent as weight_g 360 is no 36 × a result's 10)
        rated = unit is None or not self._measures_of(unit.dimension)
        if (how := self._figured(number, earlier, factors, totaled, rated)) is not None:
            return how
        steps = {int(number) - d.year for d in self._days} & self._year_steps() \
            if len(number) == 4 and number.isdigit() else ()
        if steps:
            return "the trace's year" if 0 in steps else "the year the user named from the trace's ('last year', 去年)"
        if (how := as_many_as_fit(Decimal(number), self.requests, kin(), most)) is not None:
            return how
        if unit and self._measured(number, unit, self.measures):
            return f"a {_MEASURED[unit.dimension]} the user gave, in {unit.name}"
        if unit and self._measured(number, unit, lengths().measures):
            return f"a {_MEASURED[unit.dimension]} an earlier result gave, in {unit.name}"
        if number.isdigit() and "month" in argument.where.lower() and int(number) in months_in(self.requests):
            return "a length of time the user gave, in months ('半年': 6)"
        if number.isdigit() and "month" in argument.where.lower() and int(number) in named_months(self.requests):
            return "a month the user named ('every March': 3)"
        if _MINOR_UNITS.search(f"{argument.where} {description or ''}") and number.lstrip("-").isdigit() and \
                (how := self._figured(canonical(Decimal(number) / 100), earlier, factors, totaled)) is not None:
            return f"{how}, in cents (the parameter takes the currency's minor units)"
        return None

    def _year_steps(self) -> set[int]:
        """The years, from the trace's, the request names: this one always; 'last year', 去年 the one before;
        'next season' the one after."""
        return {0} | {_YEAR_STEPS[(m[1] or m[2]).lower()] for m in _YEAR_NAMED.finditer(self.requests)}

    def _figured(self, number: str, earlier: Callable[[str], bool], factors: Callable[[], Iterable[Decimal]],
                 totaled: Callable[..., bool], rated: bool = True) -> str | None:
        """Where a number comes from: the user's words, a range of them, a computation they ask for
        (with a result's rate or price, unless `rated` is false), a total of one earlier result."""
        if number in self.numbers:
            return "a number the user gave"
        if number in ranges_in(self.requests):
            return "a number within a range the user gave"
        if number.isdigit() and int(number) in party_sizes(self.requests):
            return "the size of a party the user describes ('me and my wife': 2)"
        if number in frequencies_in(self.requests):
            return "how often the user asks for it ('daily': 1 a day, 7 days a week, every 24 hours)"
        if (how := computed_from(Decimal(number), self.requests)
                or (computed_with_result(Decimal(number), self.requests, earlier, factors) if rated else None)) is not None:
            return how
        if earlier(norm(number)):  # reached for a number in other units: a result's amount, in cents
            return "a number an earlier result gave"
        if totaled(Decimal(number)):
            return "a total of an earlier result's numbers (a column of its list, or fields of one record)"
        if (count := self._per_head(Decimal(number), totaled)) is not None:
            return f"{count} (the user's count) × a total of fields of one earlier record (a fee plus materials)"
        return None

    def _per_head(self, value: Decimal, totaled: Callable[..., bool]) -> int | None:
        """The user's count (2 to 99 people or things) that makes `value` that many times a total a
        reviewer reads off one earlier record: 3 of us at a course's fee plus its materials fee."""
        counts = {int(n) for n in self.numbers if n.isdigit() and 1 < int(n) < 100} | \
            {n for n in party_sizes(self.requests) if 1 < n < 100}
        return next((n for n in sorted(counts) if totaled(value / n, True)), None)

    def _lasts(self, value: str) -> bool:
        """Whether an ISO 8601 duration (PT2H, P3D; read by pydantic) is a length of time the user gave."""
        try:
            seconds = Decimal(str(_DURATION.validate_python(value).total_seconds()))
        except ValidationError:
            return False
        return seconds in durations_in(self.requests)

    def _prefixed(self, value: str) -> bool:
        """Whether `value` is a number the user gave (four digits or more) behind letters that begin
        the word the user put before it, or are the initials of the two words before it: ORD-12345
        for "order #12345", INV2231 for "invoice 2231", PO-5521 for "purchase order 5521"."""
        m = _PREFIXED.fullmatch(value.strip())
        if m is None or m[2] not in self.numbers:
            return False
        prefix = m[1].lower()
        return any(w[3] == m[2] and (w[2].startswith(prefix) or (w[1] and w[1][0] + w[2][0] == prefix))
                   for w in _NAMED_NUMBER.finditer(self.requests.lower()))

    def _phone(self, value: str) -> bool:
        """Whether a phone number the user wrote is `value` with or without its country code or trunk 0, in
        any grouping: +86 138 1234 5678 and 138-1234-5678 are one number; a digit off is another."""
        digits = "".join(filter(str.isdigit, value))
        for written in _PHONE.findall(self.requests):
            theirs = "".join(filter(str.isdigit, written))
            if theirs.lstrip("0") == digits.lstrip("0"):  # the trunk 0 dropped (07700 900813 sent as 7700900813)
                return True
            longer, shorter = (digits, theirs) if len(digits) > len(theirs) else (theirs, digits)
            if len(shorter) >= 7 and longer.endswith(shorter.lstrip("0")) and _national(longer) == shorter.lstrip("0"):
                return True
        return False

    def _inflected(self, value: str) -> bool:
        """Whether a phrase is a run of the user's words as index terms (singular, lower case), in
        that order or, up to four words, another (a name family name first): "toner cartridge" for "40
        toner cartridges", or a Chinese word's meaning (or the head of it) so ("tulips", 郁金香)."""
        wanted = terms(value)
        if not wanted or len(wanted) > 6:
            return False
        if self._request_terms is None:
            self._request_terms = terms(self.requests)
        said, n = self._request_terms, len(wanted)
        if any(said[i:i + n] == wanted for i in range(len(said) - n + 1)):
            return True
        # a name in the other order: "John Smith" for "Smith, John", "Zhang Wei" for "Wei Zhang"
        if 1 < n <= 4 and any(sorted(said[i:i + n]) == sorted(wanted) for i in range(len(said) - n + 1)):
            return True
        # a Chinese word's English meaning in another number: "tulips" for 郁金香 ("tulip")
        # or the head of a sense of a few words: "roses" for 玫瑰 ("rugosa rose"); or a kind of what a
        # sense of two words names, by the same head: "runner bean" for 红花菜豆 (菜豆: "kidney bean")
        return self.requests_cjk and any(
            (found := terms(sense)) == wanted or (n < len(found) <= n + 2 and found[-n:] == wanted)
            or (n == len(found) == 2 and found[-1] == wanted[-1])
            for sense in english_senses(self.requests))

    def _grouped(self, text: str) -> bool:
        """Whether the user wrote `text` (an id holding a digit) in groups: "JD07 2714 7707 49"."""
        if not any(map(str.isdigit, text)):
            return False
        words = self.words
        for start, word in enumerate(words):
            if not text.startswith(word):
                continue
            if word == text:  # one group: h861 for H-861
                return True
            joined = word
            for following in words[start + 1:]:
                joined += following
                if not text.startswith(joined):
                    break
                if joined == text:
                    return True
        return False

    def respaced(self, text: str, earlier: Callable[[str], bool]) -> bool:
        """Whether an id (a letter and three digits or more, or two in five characters or more: a
        postcode) is one the user, an earlier result or an earlier turn gave with its letters and digits
        apart or together otherwise: TX6695 for TX-6695, TX-6695 for TX6695, DE4 3NN for de43nn,
        PC69085426 for a result's 'PC 6908 5426'. A digit off stays another id."""
        squashed = text.replace(" ", "")
        digits = sum(map(str.isdigit, text))
        if len(text) > 40 or digits < 2 or (digits == 2 and len(squashed) < 5) or not any(map(str.isalpha, text)):
            return False
        if any(self.said(form, earlier) for form in {squashed, _BOUNDARY.sub(" ", squashed)} - {text}):
            return True
        # a result writing it in groups of its own (ＰＣ　６９０８　５４２６ for PC69085426): looked for only where
        # the results, without their spaces, hold it at all
        if digits < 4 or squashed not in self._results_squashed:
            return False
        spaced = re.compile(r"(?<!\S)" + " ?".join(map(re.escape, squashed)) + r"(?!\S)")
        return any(self.said(m[0], earlier) for m in spaced.finditer(self._results.text) if m[0] != text)

    @property
    def _results_squashed(self) -> str:
        """Every result's normalised text without its spaces, worked out once."""
        if self._squashed is None:
            self._squashed = self._results.text.replace(" ", "")
        return self._squashed

    @property
    def measures(self) -> frozenset:
        """The measures the user's requests state: (dimension, amount in the base unit)."""
        if self._measures is None:
            self._measures = measures_in(self.requests)
        return self._measures

    def _measures_of(self, dimension: str) -> bool:
        """Whether the user's requests state a measure of that dimension (a mass, a length …)."""
        return any(d == dimension for d, _ in self.measures)

    @staticmethod
    def _measured(number: str, unit: Unit, measures: Iterable[tuple[str, Decimal]]) -> bool:
        """Whether one of `measures` (the user's, or the earlier results') is `number` of `unit`,
        rounded to the places `number` is written with (10 miles is 16.09 km, 10 lb 4.54 kg, a 5.4 in
        reading 13.7 cm) and within 2 % of it (a foot is 30 cm; 8 km is no reading of 8.2 km)."""
        value = Decimal(number)
        places = Decimal(1).scaleb(min(0, value.as_tuple().exponent))
        for dimension, amount in measures:
            converted = amount / unit.size
            # rounded, never coarsened: 8 km is no reading of 8.2 km
            if dimension == unit.dimension and abs(converted) < _LARGEST and \
                    converted.quantize(places, ROUND_HALF_UP) == value and abs(converted - value) <= abs(converted) / 50:
                return True
        return False

    def _named(self, text: str, value: str, earlier: Callable[[str], bool]) -> str | None:
        """A code for a name the user or an earlier result used, a name for a code, or a
        translation. What the user said is worked out once per value (codes and names recur from
        call to call); only the earlier results depend on the call."""
        reason, candidates = self._by_user(text, value)
        return reason or next((why for unit, why in candidates if earlier(unit)), None)

    def user_names(self, text: str, value: str) -> bool:
        """Whether the user's words (or an earlier turn's) name what the normalised `text` names."""
        return self._in_user(text) or self._by_user(text, value)[0] is not None

    def _by_user(self, text: str, value: str) -> tuple[str | None, tuple[tuple[str, str], ...]]:
        """`_named_by_user`, worked out once per value (codes and names recur from call to call)."""
        memo = self._named_memo.get(text)
        if memo is None:
            memo = self._named_memo[text] = self._named_by_user(text, value)
        return memo

    def _said_in_english(self, word: str) -> bool:
        """Whether a word of a search phrase is one of the request's Chinese words in English (丝绒 velvet),
        the user's own, or a measure the request states in any unit (15mm for 15毫米: evaluators.text.measures)."""
        if word.isalpha() and len(word) >= 3 and (self._in_user(word) or self.glossed.has(word)):
            return True  # (a code's parts, PR and 3 of PR-3, are no words)
        found = measures_in(word)
        return bool(found) and found <= self.measures

    def _named_by_user(self, text: str, value: str) -> tuple[str | None, tuple[tuple[str, str], ...]]:
        """(why the user's words name what `text` names, or None; the names to look for in results)."""
        candidates = named_candidates(text, value)
        initials = {norm(m.replace(".", "")) for m in _INITIALISM.findall(self.requests)}  # U.S., U.K.
        if initials and (text in initials or any(unit in initials for unit, _ in candidates)):
            return "a code or name the user wrote with stops (U.S. for US)", candidates
        history = bool(self.trajectory.history)
        for unit, why in candidates:
            if self._in_user(unit) or (history and self.history.has(unit)) or (self.requests_cjk and self.glossed.has(unit)):
                return why, candidates
        if self.requests_cjk and self.glossed.has(text):
            return "the user's words in English (CC-CEDICT)", candidates
        if self.requests_cjk and text in place_names(self.requests):
            return "a place the user named, in English (CC-CEDICT's entry for it as a city or prefecture)", candidates
        if self.requests_cjk and text in city_names(self.requests):
            return "a city the user named, in English (GeoNames' Chinese name for it)", candidates
        if self.requests_cjk and (text == "zh" or "zh" in equivalents(text)):
            return "the language the request is written in", candidates
        if any(sign in self.requests for sign in symbols(value)):
            return f"the currency the user wrote as {sorted(symbols(value))[0]!r} (CLDR)", candidates
        if self.requests_cjk and value in short_currencies(self.requests):
            return "a currency the user named after an amount without its 元 (CLDR: 200欧 is 200欧元)", candidates
        if self.requests_cjk and value == local_currency("zh") and self.money_word:
            return f"the local currency of a Chinese request naming an amount in {self.money_word} (CLDR)", candidates
        return None, candidates

    @property
    def requests_cjk(self) -> bool:
        if self._cjk is None:
            self._cjk = has_cjk(self.requests)
        return self._cjk

    @property
    def money_word(self) -> str | None:
        """A Chinese word of the request meaning a unit of money in general (元, 块: CC-CEDICT), after an amount
        (200元, 十块): 笔 of 做笔 is a pen, though it counts sums of money too; nor where a noun follows it, which it
        counts (6块板, "six panels"; bowkneed split), while 100块钱, 十块左右 and 三块五 are money."""
        return next((word for word, meanings in senses(self.requests)
                     if any("currency unit" in m or "money" in m for m in meanings)
                     and any(not _counts(self.requests[m.end():]) for m in
                             re.finditer(rf"[\d〇零一二两三四五六七八九十百千万]\s*{re.escape(word)}", self.requests))), None)

    def _facts_found(self, value: str, earlier: Callable[[str], bool]) -> bool:
        """Whether every fact of a text the agent wrote is found: its dates computed or said, its
        other words holding a digit said."""
        days, rest = split_dates(value)
        return all(self._known_day(d, earlier) for d in days) and all(self.said(w, earlier) for w in specifics(norm(rest)))

    def unknown_date(self, value: str, earlier: Callable[[str], bool]) -> dt.date | None:
        """The first date of a text the agent wrote that nobody gave and the request does not compute
        (a query over the wrong month), else None."""
        days = split_dates(value)[0] if any(map(str.isdigit, value)) else ()
        return next((d for d in sorted(days) if not self._known_day(d, earlier)), None)

    def _known_day(self, day: dt.date, earlier: Callable[[str], bool]) -> bool:
        """Whether `day` in a text the agent wrote is one the trace starts on or the request computes
        (or the day after one: a query's exclusive end, `< '2026-04-01'` for March), or is said."""
        days = (day, day - dt.timedelta(days=1))
        return any(d in self._trace_dates() or d in self.dates for d in days) or self.said(norm(day.isoformat()), earlier)

    def _date(self, value: str, earlier: Callable[[str], bool], lengths: Callable[[], Lengths] = Lengths) -> str | None:
        """A date, or a date-time on one, computed from the request and the trace's day; a date
        written day or month first (24.08.2026, 08/24/2026) when either reading is one, in ISO
        8601's basic form (20260331), or without its year (2月24日, Feb 24: the trace's year or the
        next) (the form is `parameters`' business)."""
        days, time = {as_date(value)} - {None}, None
        if not days and (m := _DATE_TIME.fullmatch(value.strip())) is not None:
            if _ZONED.search(value.strip()) and self.zones:
                return None  # an instant for a local time of a named zone: `_zoned` converts it
            days, time = {as_date(m[1])} - {None}, (m[2], m[3])
        if not days:
            days = _local_days(value)
        if not days and (m := _BASIC_DATE.fullmatch(value.strip())) is not None:
            days = {_day(m[1], m[2], m[3])} - {None}
        if not days and _YEARLESS.fullmatch(value.strip()):  # in the trace's year or the next
            years = {y for d in self._trace_dates() for y in (d.year, d.year + 1)}
            days = {as_date(f"{y}年{value.strip()}" if "月" in value else f"{value.strip()} {y}") for y in years} - {None}
        if not days or not (days & self._trace_dates() or any(self.said(norm(d.isoformat()), earlier) for d in days)
                            or days & self.dates or any(self._length_after(d, earlier, lengths) for d in days)):
            return None
        if time is not None and time not in _BOUNDS and not self._clock(*time, earlier):
            return None
        return "a date computed from the request"

    def _week_start(self, value: str, where: str, earlier: Callable[[str], bool]) -> str | None:
        """The first day (Monday, or Sunday) of the week holding a day the request names or computes, or
        an earlier result gives, sent under a parameter named for a week (week_commencing, week_start):
        the calendar of the week of "measure on 4 October" starts on 29 September. Under any other
        name that Monday is another day than the one asked."""
        if not _WEEK.search(where):
            return None
        starts = ({as_date(value)} - {None}) or _local_days(value)  # a local form is format_error's
        days = self._trace_dates() | self.dates  # "明天" too
        if not any(start.weekday() in (0, 6) and any(
                d in days or self.said(norm(d.isoformat()), earlier) for d in (start + dt.timedelta(days=n) for n in range(7)))
                for start in starts):
            return None
        return "the first day of the week holding a day the request names"

    def _length_after(self, day: dt.date, earlier: Callable[[str], bool], lengths: Callable[[], Lengths]) -> bool:
        """Whether `day` is a length of time the request states (whole days, weeks, months) after a day
        the user or an earlier result gave: "pause for 2 weeks from the next delivery" resumes 14 days
        after the next_dispatch a lookup returned, "the day after it expires" one day after its
        expires_on, "the next one six months after that" (a year on where it is annual or next year's), "two
        weeks before next year's one"; and the trace's day plus a number of days a result gave (a mill's lead_time_days, for
        "I'll collect it as soon as it's ready"). Before such a day where the request says so: "move it to the
        day before", 提前一天. The day after (before) may be counted from a day the request names ("21 January or the day
        after")."""
        spans = {int(s) // 86400 for s in durations_in(self.requests) if s and s % 86400 == 0}
        back = set(spans) if _EARLIER.search(self.requests) else set()
        after, before_ = _DAY_AFTER.search(self.requests) is not None, _DAY_BEFORE.search(self.requests) is not None
        if after:  # "starting the day after it expires": one day after
            spans.add(1)
        if before_:  # "move it to the day before": one day before
            back.add(1)
        # whole months ("six months after that", 半年后), and a year on where the request says the thing is annual
        # or names next year's ("two weeks before next year's one")
        months = {int(n) for n in months_in(self.requests) if n == int(n)} | (
            {12} if _ANNUAL.search(self.requests) or _NEXT_YEAR.search(self.requests) else set())

        def said(d: dt.date) -> bool:
            return self.said(norm(d.isoformat()), earlier)

        def year_on(d: dt.date) -> bool:
            return any((start := _months_before(d, n)) is not None and said(start) for n in months if 0 < n <= 24)

        if year_on(day):
            return True
        if any(day - dt.timedelta(days=n) in self._days | self.dates | self.named_dates for n in lengths().days):
            # "as soon as it's ready": the trace's day plus the lead time a result gave; "start in ten days, same
            # number of nights": the day the request computes plus the nights the booking holds
            return True
        # the day after (before) a day the request names: "21 January or the day after"
        beside = ({day - dt.timedelta(days=1)} if after else set()) | ({day + dt.timedelta(days=1)} if before_ else set())
        if beside & self.named_dates:
            return True
        shifted = {day - dt.timedelta(days=n) for n in spans if 0 < n <= 366} | {day + dt.timedelta(days=n) for n in back if 0 < n <= 366}
        return any(said(d) or year_on(d) for d in shifted)

    def _zoned(self, value: str, earlier: Callable[[str], bool], utc: bool = False) -> str | None:
        """A UTC (or offset) date-time that is, in a zone the request names by its city or country
        or the trace's context gives as the user's, the local date and time the user gave: "柏林时间 10月2日 9 点" is 2026-10-02T08:00:00Z.
        Where the parameter says it is in UTC (start_utc), one without its offset is read as UTC:
        the missing Z is format_error's."""
        text = re.sub(r"^(\d{4})/(\d{2})/(\d{2})", r"\1-\2-\3", value.strip())  # the form is format_error's
        if _DATE_TIME.fullmatch(text) is None:
            return None
        if not _ZONED.search(text):
            if not utc:
                return None
            text += "Z"
        zones = self.zones
        if not zones:
            return None
        try:
            instant = dt.datetime.fromisoformat(re.sub(r"[zZ]$", "+00:00", text))
        except ValueError:
            return None
        days, times = self._trace_dates() | self.dates, times_of_day(self.requests)
        for local in local_times(instant, zones):
            if (local.date() in days or self.said(norm(local.date().isoformat()), earlier)) and \
                    (local.hour, local.minute) in times:
                return f"a local time the user gave ({local.tzinfo}), as an instant"
        return None

    def _month(self, value: str) -> str | None:
        """A month (2026-10) the request names, or the trace's own month when it says "this month"."""
        if _MONTH.fullmatch(value.strip()) is None:
            return None
        months = {d.strftime("%Y-%m") for d in self.dates}
        if _THIS_MONTH.search(self.requests):
            months |= {d.strftime("%Y-%m") for d in self._days}
        # a month named alone (九月, "in January"): this year's or the coming one's
        months |= {f"{d.year + ahead}-{m:02d}" for m in named_months(self.requests) for d in self._days for ahead in (0, 1)}
        return "a month the request names" if value.strip() in months else None

    def _clock(self, hour: str, minute: str, earlier: Callable[[str], bool]) -> bool:
        """Whether a time of day is one an earlier result or turn states, or the user gave: its hour
        on a 12- or 24-hour clock (6:30 pm, 晚上 6 点 is 18) and its minutes (半 is 30), or in words
        (noon, half past seven), or a length of time the user gave away from one (the end of 18:00 for 3 hours)."""
        h = int(hour)
        if self.said(norm(f"{h:02d}:{minute}"), earlier) or self.said(norm(f"{h}:{minute}"), earlier):
            return True
        numbers = self.numbers
        return (str(h) in numbers or str(h - 12) in numbers) and \
            (minute == "00" or str(int(minute)) in numbers or (minute == "30" and "半" in self.requests)) \
            or (h, int(minute)) in times_of_day(self.requests) \
            or (h, int(minute)) in times_a_span_away(self.requests)  # noon, half past seven; 18:00 for 3 hours

    def _clock_after(self, at: int, earlier: Callable[[str], bool],
                     lengths: Callable[[], Lengths]) -> bool:
        """Whether a time of day (minutes since midnight) is one an earlier result or the user states
        (in figures or in words), one or two lengths of time away that a result or the user gives: the end of a show at 10:00
        running 50 minutes, and of a 45-minute workshop straight after it (10:50, 11:35); the end of a
        van round starting 下午1点 whose stops' serving and driving minutes add up to two hours (15:00)."""
        said = {int(s) // 60 for s in durations_in(self.requests) if 0 < s < 86400 and s % 60 == 0}
        found = lengths()
        each, wholes = set(found.minutes), set(found.wholes)
        # two steps: the user's length after a result's, or two results' (never one length twice); a result's
        # whole (a round of stops) holds all its lengths, so it is one step, after the user's at most
        given = each | wholes
        steps = said | given | {a + b for a in said for b in given} | {a + b for a in each for b in each if a != b}
        stated = times_of_day(self.requests)  # the user's time in words: 下午1点 is 13:00
        return any(self.said(norm("%02d:%02d" % start), earlier) or start in stated
                   for step in steps for sign in (-1, 1) for start in [divmod((at + sign * step) % 1440, 60)])


def _local_days(value: str) -> set[dt.date]:
    """The days a date written day or month first (24.08.2026, 08/24/2026) may be, either reading."""
    m = _LOCAL_DATE.fullmatch(value.strip())
    return {d for d in (_day(m[3], m[2], m[1]), _day(m[3], m[1], m[2])) if d is not None} if m else set()


def _months_before(day: dt.date, months: int) -> dt.date | None:
    """The same day of the month `months` calendar months earlier (None where that month is shorter)."""
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    try:
        return day.replace(year=year, month=month + 1)
    except ValueError:  # 31 August six months on from a 28-day February
        return None


@lru_cache(maxsize=1 << 14)
def named_candidates(text: str, value: str) -> tuple[tuple[str, str], ...]:
    """(normalised name, why it grounds `value`) for every other name of what the normalised `text`
    names (CLDR/IATA), a Chinese name's English meanings, and the meanings of `value`'s own Chinese
    words: the same for every trajectory, so worked out once per value (each call only looks them
    up in its own trajectory)."""
    candidates = []
    for other in sorted(equivalents(text)):
        candidates.append((other, f"{other!r} named by its code or name (CLDR/IATA)"))
        # a Chinese name's English meanings: CNY is 人民币 (CLDR), which is "Renminbi (RMB)" (CC-CEDICT); a
        # word of the name, not a character's many senses (皮米, picometre, is no "rice" nor "meter")
        if has_cjk(other):
            candidates += [(norm(m), f"{other!r} named by its code or name (CLDR, CC-CEDICT)")
                           for word, meanings in senses(other) if len(word) > 1 for m in meanings]
    if has_cjk(value):
        for _, gloss in glosses(value):
            for sense in filter(None, map(norm, gloss.split(";"))):
                why = f"the user's words in Chinese (CC-CEDICT: {sense!r})"
                candidates += [(sense, why), *((e, why) for e in equivalents(sense))]
    return tuple(candidates)


# Arguments the agent writes itself (a title, a message, a branch name): its wording is its own, the
# facts in it (ids, numbers, dates, addresses: words with digits) must come from somewhere.
_AUTHORED = FREE_TEXT | {"branch", "branch_name", "commit_message", "caption", "headline", "subject_line", "sql"}


def field_names(result: object) -> frozenset[str]:
    """The keys of every object inside a (possibly JSON-string) result: a field is named exactly."""
    return frozenset(keys_and_strings(result)[0])


def unit_of(argument: Argument, description: str | None = None) -> Unit | None:
    """The unit the argument's parameter name ends with ("window_minutes", "distance_m") or its
    description names ("in metres"), or None."""
    name = next((p for p in reversed(argument.path) if isinstance(p, str)), "")
    return parameter_unit(name, description)


def authored(argument: Argument) -> bool:
    name = next((p for p in reversed(argument.path) if isinstance(p, str)), "")
    return name.lower() in _AUTHORED


def specifics(text: str) -> list[str]:
    """The words of a normalised value that state a fact: those with a digit."""
    return [w for w in text.split() if any(c.isdigit() for c in w)]


def holds(arguments: Iterable[Argument] | None, units: Iterable[str]) -> bool:
    """Whether a call's own arguments carry any of `units` (its result then only echoes them)."""
    sent = {a.text for a in arguments or ()}
    return any(u in sent for u in units)

