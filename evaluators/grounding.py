"""grounding: does every argument value come from somewhere the agent could have read it?

A leaf value is grounded when it occurs (normalised: case, width, punctuation, number and date
forms) in the user's input or in the result of a call that had finished before this one
started (any depth), when the schema names it (default, const, enum), or when it is a date
computed from the trace's own start (today, tomorrow, or what a relative expression of the input
denotes). A value of a key the schema does not have is left to unexpected_param, a Chinese value
naming a member of its enum is the tool's own word, and a word found only inside a joined name
of a result (build of build-image) is not found there. Otherwise it is relative_date (a word like "tomorrow" where the argument wants an
absolute date, by its schema, name or description: evaluators.dates), future_ref (it only occurs in a later result; on such a call, what a reviewer computes from the later results too) or ungrounded_value. The system
prompt is not stored, so a value taken from it counts as ungrounded.
"""
from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from functools import partial
from typing import Any

from collector.trajectory import Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator, Finding
from evaluators.dates import relative_instead_of_date
from evaluators.reviewer import Reviewer, authored, holds, specifics
from evaluators.schemas import ArgumentFacts, ToolSchemas
from evaluators.text.arithmetic import column_sums, money_pair_sums, percent_factors, record_totals, totals_of
from evaluators.text.zones import Lengths, days_of, lengths_of, per_item_lengths, whole_length
from evaluators.text.dates import as_date, resolve_relative_dates
from evaluators.text.glosses import senses
from evaluators.text.given import user_messages
from evaluators.text.index import Argument, TrajectoryText
from evaluators.text.lexicon import kinds
from evaluators.text.measures import measures_given
from evaluators.text.norm import has_cjk, norm
from evaluators.text.reasons import call_ref
from evaluators.text.terms import terms
from evaluators.text.values import parsed, scalars
from evaluators.trajectory_view import TrajectoryView, before

SEVERITY = ("ungrounded_value", "future_ref", "relative_date")
# Local dates the trace may have started on: UTC-12 to UTC+14.
_ZONES = (dt.timedelta(hours=-12), dt.timedelta(hours=14))


def trace_days(trajectory: Trajectory) -> set[dt.date]:
    """The local dates the trace may have started on (any time zone); none without timings."""
    start = trajectory.start_ns or min((c.start_ns for c in trajectory.tool_calls if c.start_ns), default=0)
    if not start:
        return set()
    moment = dt.datetime.fromtimestamp(start / 1e9, dt.timezone.utc)
    first, last = ((moment + offset).date() for offset in _ZONES)
    # every date between the extremes too: at 11:00 UTC they are the day before and the day after
    return {first + dt.timedelta(days=k) for k in range((last - first).days + 1)}


def trace_dates(trajectory: Trajectory) -> set[dt.date]:
    """Dates an agent may compute from the trace's start: today and tomorrow in any time zone,
    and whatever the relative expressions of the user's input and earlier messages denote (the
    day after tomorrow asked a turn before the quote it is booked on)."""
    days = trace_days(trajectory)
    out = {d + dt.timedelta(days=k) for d in days for k in (0, 1)}
    return out | {d for text in user_messages(trajectory) for d in resolve_relative_dates(text, days)}


def sources(texts: TrajectoryText, position: int, units: Iterable[str],
            word: str | None = None) -> tuple[int | None, int | None]:
    """(seq of an earlier result, or of a parallel sibling's for a name or code, holding one of
    `units`, else seq of a later one that could have produced it) for the call at `position`. A later result counts only when it started after this
    call ended (a sibling of the same parallel turn is no later source) and its own call was not
    sent the value: a result that echoes what the agent passed on is not where the value came from.
    A `word` (a value of letters only) must occur in the result other than as a part of a joined name."""
    units = tuple(units)
    holders = set().union(*map(texts.holders, units))
    holders.discard(position)
    if not holders:
        return None, None
    calls = texts.trajectory.tool_calls

    def whole(i: int, within: str | None = word) -> bool:  # asked only of the holders that would be the source
        return within is None or not only_within_names(calls[i].result, within)
    ordered = sorted(holders)
    earlier = next((calls[i].seq for i in ordered if before(calls[i], calls[position]) and whole(i)), None)
    if earlier is not None:
        return earlier, None
    # a name or code (no digit) that a sibling of the same parallel turn returned (and was not sent)
    # agrees with it: the agent planned both knowing what the tools deal in (an FX lookup for the yen
    # the shop prices in); an id it could not have known. A number a sibling returned does not only occur
    # in a later result (min_size=4 beside a sibling's "members": 4 that a repeat of it returns later)
    sibling = next((calls[i].seq for i in ordered if not before(calls[position], calls[i])
                    and not holds(texts.arguments[i], units) and whole(i)), None)
    if sibling is not None:
        return (None, None) if any(c.isdigit() for unit in units for c in unit) else (sibling, None)
    # nor is a later result a source where its call was sent what this call's result first gave (the slot the
    # search found, booked: the booking echoes the search's date), nor a bare number in it only inside a joined
    # code (pieces=0 beside a later option 'SU455-0')
    number = units[0] if len(units) == 1 and units[0].isdigit() else word
    later = next((calls[i].seq for i in ordered if before(calls[position], calls[i])
                  and not holds(texts.arguments[i], units) and whole(i, number)
                  and not _fed_by(texts, position, i)), None)
    return None, later


def _fed_by(texts: TrajectoryText, position: int, i: int) -> bool:
    """Whether call `i` was sent an id (letters and three digits or more, no date) that the result of the call at `position`
    gave first, and neither the user nor the trace's context or history: it worked on what that call found."""
    return any(_CODE.search(a.text) and as_date(a.text) is None and min(texts.holders(a.text), default=None) == position
               and not texts.in_user(a.text) and not texts.known.has(a.text) for a in texts.arguments[i] or ())


_CODE = re.compile(r"^(?=(?:.*\d){3})(?=.*[a-z]).{4,}$")  # an id's letters and digits: SL-99533, not drum_25l
_ADDRESS = re.compile(r"address|addr\b|street|地址", re.IGNORECASE)  # a parameter holding an address
_JOINED = re.compile(r"\w+(?:[-_]\w+)+")  # build-image, test_py311, u-1004
_EDGES = "'\"`()[]{}<>,.;:!?，。；：！？「」“”‘’"


def only_within_names(result: Any, word: str) -> bool:
    """Whether the normalised `word` occurs in a result only as a part of hyphen- or
    underscore-joined names: a run whose jobs are build-image and test-py311 has no job 'build'."""
    for leaf in scalars(parsed(result)):
        if type(leaf) is not str:
            if word.isdigit() and type(leaf) in (int, float) and norm(str(leaf)) == word:
                return False  # a number's own field ("capacity_left": 0)
            continue
        if word not in leaf.lower():
            continue
        for token in leaf.split():
            token = token.strip(_EDGES)
            if word in norm(token).split() and not (_JOINED.fullmatch(token) and norm(token) != word):
                return False
    return True


_CODED = frozenset({"currency", "territory"})  # kinds whose near misses a reviewer catches (GBP for euro)


def names_a_member(value: str, allowed: frozenset[str]) -> bool:
    """Whether a Chinese value's CC-CEDICT meanings name one of the schema's own values as a whole
    word or phrase (大床房, "hotel room with one double bed", for roomType 'double'): the tool's
    vocabulary written in the user's language."""
    if not has_cjk(value):
        return False
    meanings = [f" {norm(m)} " for _, senses_of in senses(value) for m in senses_of]
    return any(f" {member} " in m for member in allowed if member for m in meanings)


class GroundingEvaluator(Evaluator):
    alias = "grounding"
    dimension = "tool_use"
    description = "Every argument value traced to the user input, an earlier result, the schema or the trace date."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        view = context.view_of(trajectory)
        trajectory = view.trajectory
        judge = _Judge(view, context)
        per_call, bad, total = [], [], 0
        for position, (c, arguments) in enumerate(zip(trajectory.tool_calls, judge.texts.arguments)):
            if arguments is None:
                per_call.append({"seq": c.seq, "tool": c.name, "skipped": "arguments not parsed"})
                continue
            # values the tool never took: the call's fault is the parameters evaluator's invalid_json, and a value its
            # cut-off text ends on ("2026-08-") is no invented one
            if not c.arguments_valid_json:
                per_call.append({"seq": c.seq, "tool": c.name, "skipped": "arguments not valid JSON"})
                continue
            facts = judge.schemas.facts(c)
            grounded, judged = {}, []
            for argument in arguments:
                label, source = judge(position, argument, facts.of(argument.path))
                if label == "grounded":
                    grounded[argument.where] = source
                else:
                    judged.append((argument, label, source))
            # a call made before the lookup it took a value from computed its other values from it too
            if any(label == "future_ref" for _, label, _ in judged):
                judged = [(a, "future_ref", f"the value is computed from the result of a later call ({found})")
                          if label == "ungrounded_value" and (found := judge.foreseen(position, a, facts.of(a.path)))
                          else (a, label, source) for a, label, source in judged]
            problems = [{"seq": c.seq, "tool": c.name, "path": a.where, "value": a.value, "label": label, "why": source}
                        for a, label, source in judged]
            total += len(arguments)
            bad += problems
            per_call.append({"seq": c.seq, "tool": c.name, "grounded": grounded, "problems": problems})
        if not total:
            return self.not_applicable("no argument values to ground", calls=per_call)
        score = 1 - len(bad) / total
        details: dict[str, Any] = {"calls": per_call, "leaves": total, "grounded": total - len(bad)}
        if not bad:
            return self.result(score=score, label="pass", passed=True, details=details,
                               reason=f"all {total} argument value(s) grounded")
        return self.failed(findings_of(bad), SEVERITY, score=score, details=details)


def findings_of(problems: list[dict[str, Any]]) -> list[Finding]:
    """One finding per call and label, quoting that label's first value on that call."""
    groups: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for p in problems:
        groups.setdefault((p["seq"], p["label"]), []).append(p)
    findings = []
    for (seq, label), group in groups.items():
        first = group[0]
        more = f" (+{len(group) - 1} more on this call)" if len(group) > 1 else ""
        ref = call_ref(seq, first["tool"], first["path"], first["value"])
        findings.append(Finding(call=seq, label=label, reason=f"{ref}: {label}: {first['why']}{more}"))
    return findings


class _Once:
    """A value made on its first call, then remembered."""

    __slots__ = ("make", "value")

    def __init__(self, make: Callable[[], Any]):
        self.make, self.value = make, None

    def __call__(self) -> Any:
        if self.value is None:
            self.value = self.make()
        return self.value


class _Judge:
    """Grounds the argument values of one trajectory: (label, source) for grounded values,
    (label, why) for the others."""

    def __init__(self, view: TrajectoryView, context: EvalContext):
        self.trajectory = view.trajectory
        self.texts = view.text
        self.schemas = ToolSchemas(view.trajectory, context)
        # made apart from the judge: a reviewer holding a closure over the judge would make a reference
        # cycle, and every trajectory's texts would wait for the garbage collector
        self.dates = _Once(partial(trace_dates, view.trajectory))
        self._reviewer: Reviewer | None = None
        self._totals_of: dict[int, frozenset[Decimal]] = {}
        self._numbers_before: dict[tuple[int, bool], list[Decimal]] = {}

    def readable(self, position: int, later: bool = False) -> list[int]:
        """The calls whose results the call at `position` could read (`later`: those it came before,
        whose results it could only have foreseen)."""
        calls = self.trajectory.tool_calls
        call = calls[position]
        return [i for i, c in enumerate(calls) if i != position and (before(call, c) if later else before(c, call))]

    def read_before(self, position: int, later: bool = False) -> Callable[[str], bool]:
        """Whether a result the call at `position` could read holds a normalised unit: only the
        calls holding it are asked when they finished."""
        calls, holders = self.trajectory.tool_calls, self.texts.holders
        call = calls[position]
        ordered = (lambda other: before(call, other)) if later else (lambda other: before(other, call))
        return lambda unit: any(i != position and ordered(calls[i]) for i in holders(unit))

    def fields_before(self, position: int, later: bool = False) -> Callable[[str], bool]:
        """Whether a result the call at `position` could read has a field of that name."""
        reviewer, readable = self.reviewer, self.readable(position, later)
        return lambda name: any(name in reviewer.fields_of(i) for i in readable)

    def numbers_before(self, position: int, later: bool = False) -> list[Decimal]:
        """The numbers of the results the call at `position` could read (a price, a count), after
        what their percentages leave of an amount (0.85 for a 15 % discount) and the sums of a field
        over several of them (a basket of three searched prices). Once per call: each of its
        arguments may ask."""
        found = self._numbers_before.get((position, later))
        if found is None:
            calls = self.trajectory.tool_calls
            results = [parsed(calls[i].result) for i in self.readable(position, later)]
            found = self._numbers_before[position, later] = [
                *(f for result in results for f in sorted(percent_factors(result))), *column_sums(results),
                *(Decimal(str(leaf)) for result in results for leaf in scalars(result)
                  if type(leaf) in (int, float) and math.isfinite(leaf))]
        return found

    def kin_numbers(self, position: int, later: bool = False) -> list[Decimal]:
        """The numbers of the earlier results of calls sent a value this call sends too (the rate
        lookup of the show that is booked): what the thing this call acts on costs or counts."""
        calls, arguments = self.trajectory.tool_calls, self.texts.arguments
        mine = {a.text for a in arguments[position] or () if len(a.text) >= 3 and as_date(a.text) is None}
        return [Decimal(str(leaf)) for i in self.readable(position, later)
                if mine.intersection(a.text for a in arguments[i] or ())
                for leaf in scalars(parsed(calls[i].result)) if type(leaf) in (int, float) and math.isfinite(leaf)]

    def lengths_before(self, position: int, later: bool = False) -> Lengths:
        """The lengths of time the results the call at `position` could read give (`zones.Lengths`)."""
        calls = self.trajectory.tool_calls
        results = [parsed(calls[i].result) for i in self.readable(position, later)]
        wholes = frozenset(filter(None, map(whole_length, results))).union(*map(per_item_lengths, results))
        return Lengths(frozenset().union(*map(lengths_of, results)), wholes, frozenset().union(*map(days_of, results)),
                       frozenset().union(*map(measures_given, results)))

    def totaled_before(self, position: int, number: Decimal, one_record: bool = False, later: bool = False) -> bool:
        """Whether `number` is a total of a result the call at `position` could read (`totals_of`),
        or of one field over several of them (three prices looked up one service each: `column_sums`), or a
        money field of one plus one of another (a quote and a part's price: `money_pair_sums`);
        `one_record`: of fields of one record only (`record_totals`: a fee and its materials fee)."""
        calls, earlier = self.trajectory.tool_calls, self.readable(position, later)
        if one_record:
            return any(number in record_totals(parsed(calls[i].result)) for i in earlier)
        # a lookup asked again answers again: its price is in the bill once
        once = {(calls[i].name, self.texts.keys[i]): i for i in earlier}
        if any(number in self._totals(i) for i in earlier):
            return True
        results = [parsed(calls[i].result) for i in once.values()]
        return number in column_sums(results) or number in money_pair_sums(results)

    def _totals(self, i: int) -> frozenset[Decimal]:
        found = self._totals_of.get(i)
        if found is None:
            found = self._totals_of[i] = totals_of(parsed(self.trajectory.tool_calls[i].result))
        return found

    @property
    def reviewer(self) -> Reviewer:
        if self._reviewer is None:
            self._reviewer = Reviewer(self.texts, trace_days(self.trajectory), self.dates)
        return self._reviewer

    def _member_within(self, position: int, text: str, allowed: frozenset[str]) -> str | None:
        """The one enum member a longer value holds as a whole word, where the user's words or an
        earlier result hold it too: 'PDF document' for "as a PDF" with formats [csv, pdf], 'total
        beginner' beside a lesson the user calls "beginner group hack". The value is that member
        in other words; no member, two of them, or one nobody gave stays unexplained."""
        inside = [m for m in allowed if m and m != text and f" {m} " in f" {text} "]
        if len(inside) != 1:
            return None
        member = inside[0]
        return member if self.texts.in_user(member) or self.read_before(position)(member) else None

    def _names_another(self, text: str, words: frozenset[str]) -> bool:
        """Whether the user named another of a parameter's words, as written or in their language (猪, "pig",
        where the call sent cattle), by a word the sent one lacks (i-Size names every i_size_… group)."""
        reviewer, own = self.reviewer, set(terms(text))
        return any(self.texts.in_user(m) or any(reviewer.user_names(t, t) for t in set(terms(m)) - own)
                   for m in words - {text})

    def _named_instead(self, text: str, value: object, allowed: frozenset[str]) -> str | None:
        """Another value of the schema's enum that the user named (by its code or name) where they
        never named this one: GBP picked from [EUR, GBP, USD] for "1500 欧元". Only for currencies
        and countries: sizes, stats and plain words are also some unit's or language's code (S, std)."""
        coded = kinds(text) & _CODED
        if len(allowed) < 2 or not coded:
            return None
        reviewer = self.reviewer
        if reviewer.user_names(text, value if type(value) is str else text):
            return None
        # enum codes are compared as CLDR writes them (EUR): its currency signs are keyed so
        return next((m for m in sorted(allowed - {text}) if kinds(m) & coded
                     and reviewer.user_names(m, m.upper() if len(m) <= 3 and m.isalpha() else m)), None)

    def __call__(self, position: int, argument: Argument, facts: ArgumentFacts) -> tuple[str, str]:
        _, where, value, text, units = argument
        is_text = type(value) is str
        if facts.wants_date and (phrase := relative_instead_of_date(value)):
            return "relative_date", f"{phrase!r} where {where} expects an absolute date"
        if text in facts.allowed:
            if (named := self._named_instead(text, value, facts.allowed)) is not None:
                return "ungrounded_value", f"the user named {named!r}, another of the schema's values, not {value!r}"
            return "grounded", "schema"
        if facts.allowed and is_text and names_a_member(value, facts.allowed):
            return "grounded", "a member of the schema's enum in the user's language (enum_error judges the form)"
        if facts.allowed and is_text and (member := self._member_within(position, text, facts.allowed)):
            return "grounded", f"the schema's {member!r}, which the user or an earlier result gave, in other words (enum_error judges the form)"
        if not facts.allowed and text in (vocabulary := self.schemas.vocabulary(argument.path)):
            if self.schemas.get(self.trajectory.tool_calls[position]) is None:
                return "grounded", "a value an offered tool's schema names for this parameter (hallucinated_tool is the fault)"
            # a free parameter sent another tool's word for the same thing (check_panel_stock(finish='painted_green')
            # beside quote_hoarding_run's finish enum), unless the user named another of its words (cattle where
            # the user said pigs), currencies or countries
            if is_text and not self._names_another(text, vocabulary) and self._named_instead(text, value, vocabulary) is None:
                return "grounded", "a value another offered tool's schema names for this parameter"
        if facts.undeclared:  # unexpected_param (parameters) is the fault: the tool reads no such value
            return "grounded", "not a parameter of the tool (unexpected_param)"
        # text the agent wrote is found by any of its words; the dates in it must still be right
        if is_text and len(units) > 1 and authored(argument) and \
                (day := self.reviewer.unknown_date(value, self.read_before(position))) is not None:
            return "ungrounded_value", f"{day.isoformat()} in the text is neither given nor computed from the request"
        if is_text and len(units) > 1 and _ADDRESS.search(where) and (number := self._unfound_number(position, text)):
            if (later := sources(self.texts, position, (number,))[1]) is not None:
                return "future_ref", f"{number!r} in the address only appears in the result of later call {later}"
            return "ungrounded_value", f"{number!r} in the address is neither given nor in an earlier result"
        texts = self.texts
        if any(map(texts.in_user, units)):
            return "grounded", "user input"
        if is_text and (day := as_date(value)) is not None and day in self.dates():
            return "grounded", "trace date"
        earlier, later = sources(texts, position, argument.units, text if is_text and text.isalpha() else None)
        if earlier is not None:
            return "grounded", f"call {earlier}"
        if (found := self._source(position, argument, facts)) is not None:
            return "grounded", found
        if type(value) is int and value >= 2 and value in self._list_lengths(position):
            return "grounded", "the number of items the call sends in a list (basket_count=2 beside two rings)"
        # a negative number is not the magnitude a later result shows (max_price=-1 beside a later "total": 1)
        if later is not None and not (type(value) in (int, float) and value < 0):
            return "future_ref", f"the value only appears in the result of later call {later}"
        if is_text and self.reviewer.respaced(text, self.read_before(position, later=True)):
            return "future_ref", "the value, with its separators otherwise, only appears in the result of a later call"
        return "ungrounded_value", "not in the user input or any earlier tool result"

    def _list_lengths(self, position: int) -> set[int]:
        """How many items each list the call sends holds: a count beside the list it counts."""
        sizes: dict[tuple, set[int]] = {}
        for a in self.texts.arguments[position] or ():
            for i, step in enumerate(a.path):
                if type(step) is int:  # an item of a list (of values, or of records: lines[1].sku)
                    sizes.setdefault(a.path[:i], set()).add(step)
        return {len(items) for items in sizes.values()}

    def _unfound_number(self, position: int, text: str) -> str | None:
        """The first word with a digit in a copied address (a house or flat number, a postcode) that
        neither the user, an earlier result nor the trace's context or history gives: an address
        is found by its words, but one digit off is another door."""
        read, texts = self.read_before(position), self.texts
        return next((w for w in specifics(text) if not (texts.in_user(w) or read(w) or texts.known.has(w))), None)

    def foreseen(self, position: int, argument: Argument, facts: ArgumentFacts) -> str | None:
        """How a value is computed from the results of the calls after this one (a price times the
        quantity, an end time after a running time), or None."""
        return self._source(position, argument, facts, later=True)

    def _source(self, position: int, argument: Argument, facts: ArgumentFacts, later: bool = False) -> str | None:
        """Where a reviewer finds the value beyond a plain lookup, in the results the call could read
        (`later`: in those of the calls after it)."""
        return self.reviewer.source(argument, self.read_before(position, later), self.fields_before(position, later),
                                    facts.description, partial(self.numbers_before, position, later),
                                    partial(self.totaled_before, position, later=later),
                                    partial(self.kin_numbers, position, later), partial(self.lengths_before, position, later),
                                    facts.maximum)
