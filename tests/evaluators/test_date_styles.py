"""A date parameter gets the same grounding verdict however its schema was written: format date, a
date pattern, a plain string named or described as a date, or not declared at all. A relative word
breaks a form only where the schema fixes one (format date, a date pattern): only there is it also a
format_error."""
from __future__ import annotations

import time

import pytest

from collector.trajectory import ToolDefinition
from evaluators.base import EvalContext
from evaluators.dates import name_denotes_date, wants_date, wants_date_description
from evaluators.grounding import GroundingEvaluator
from evaluators.parameters import ParametersEvaluator

from .conftest import DATE_PATTERN, call, trajectory

PARTY = {"party": {"type": "integer"}}
FIXES_THE_FORM = {"format date", "pattern"}
STYLES = {  # style -> (argument name, schema properties, whether undeclared keys are allowed)
    "format date": ("date", {"date": {"type": "string", "format": "date"}}, False),
    "pattern": ("date", {"date": {"type": "string", "pattern": DATE_PATTERN}}, False),
    "plain, date-like name": ("checkin_date", {"checkin_date": {"type": "string"}}, False),
    "plain, named in Chinese": ("出发日期", {"出发日期": {"type": "string"}}, False),
    "plain, date-like description": ("when", {"when": {"type": "string", "description": "Date of the booking"}},
                                     False),
    "plain, Chinese description": ("when", {"when": {"type": "string", "description": "预订日期"}}, False),
    "undeclared, open schema": ("day", {}, True),
    "undeclared, closed schema": ("departure", {}, False),
}
ABSOLUTE = ["2026-12-01"]
RELATIVE_EN = ["tomorrow", "next Monday", "the day after tomorrow", "today"]
RELATIVE_ZH = ["明天", "后天", "下周一", "今天"]


def run(properties: dict, open_: bool, arguments: dict, request: str):
    schema = {"type": "object", "properties": {**PARTY, **properties}, "required": ["party"]}
    if open_:
        schema["additionalProperties"] = True
    t = trajectory(call(1, "book_table", {"party": 2, **arguments}), input=f"a table for 2, {request}",
                   offered=(ToolDefinition(name="book_table", description="Book a table.", parameters=schema),))
    return ParametersEvaluator().evaluate(t, EvalContext()), GroundingEvaluator().evaluate(t, EvalContext())


@pytest.mark.parametrize("value", ABSOLUTE + RELATIVE_EN + RELATIVE_ZH)
@pytest.mark.parametrize("style", STYLES)
def test_the_verdict_does_not_depend_on_the_schema_style(style, value):
    name, properties, open_ = STYLES[style]
    relative = value not in ABSOLUTE
    malformed = relative and style in FIXES_THE_FORM
    parameters, grounding = run(properties, open_, {name: value}, value)
    assert ("format_error" in parameters.details["calls"][0]["labels"]) is malformed, parameters.reason
    assert grounding.label == ("relative_date" if relative else "pass"), grounding.reason
    if style == "undeclared, closed schema":
        assert parameters.label == "unexpected_param"  # the tool has no such parameter
    else:
        assert parameters.label == ("format_error" if malformed else "pass"), parameters.reason
    if relative and parameters.label == "format_error":
        assert parameters.reason.startswith(f"call 1 book_table({name}={value!r}): format_error: {name} expects ")
    if relative:
        assert grounding.reason.startswith(f"call 1 book_table({name}={value!r}): relative_date: ")


@pytest.mark.parametrize("name, schema, value", [
    ("query", {"type": "string", "description": "Search query"}, "restaurants open tomorrow"),
    ("message", None, "see you 明天"),
    ("note", {"type": "string", "description": "Note to the restaurant, e.g. a date or allergy"}, "birthday tomorrow"),
    ("day", {"type": "string", "enum": ["Monday", "Tuesday", "Wednesday"]}, "Monday"),
    ("slot", {"type": "string", "description": "Day of the week (星期几)"}, "周一"),
    ("days", {"type": "integer"}, 3),
    ("departure_city", {"type": "string"}, "Beijing"),
])
def test_free_text_weekdays_and_counts_are_not_dates(name, schema, value):
    properties = {} if schema is None else {name: schema}
    parameters, grounding = run(properties, schema is None, {name: value}, str(value))
    assert parameters.label == "pass", parameters.reason
    assert grounding.label == "pass", grounding.reason


def test_a_relative_word_outside_a_weekday_enum_is_an_enum_error():
    parameters, _ = run({"day": {"type": "string", "enum": ["Monday", "Tuesday"]}}, False, {"day": "next Monday"},
                        "next Monday")
    assert parameters.label == "enum_error"


@pytest.mark.parametrize("name, is_date", [
    ("date", True), ("start_date", True), ("departureDate", True), ("check_in", True), ("checkIn", True),
    ("date_from", True), ("DOB", True), ("入住日期", True), ("day", True), ("departure", True),
    ("days", False), ("weekday", False), ("departure_city", False), ("update", False), ("holiday", False),
    ("dayOfWeek", False), ("city", False),
])
def test_names_that_denote_a_date(name, is_date):
    assert name_denotes_date(name) is is_date


def test_a_recorded_schema_holding_anything_is_read_without_raising():
    assert wants_date("date", [{"type": [{"a": 1}], "description": 5}]) is False
    assert wants_date("date", [{"type": [{"a": 1}, "string"]}]) is True


@pytest.mark.parametrize("description", ["Check-in date, YYYY-MM-DD", "date as yyyy - mm - dd", "YYYYMMDD",
                                         "出发日期 (yyyy/mm/dd)", "YYYY.MM.DD"])
def test_descriptions_demanding_yyyy_mm_dd_are_date_formats(description):
    assert wants_date_description({"type": "string", "description": description})


def test_a_description_with_a_long_gap_is_read_in_linear_time():
    """"yyyy" and 64,000 spaces held the GIL 17.4 s with `\\s*` around an optional separator.
    Timed against the same search over text without a "yyyy" (a plain scan of the same length),
    so the bound holds on a slow machine: a quadratic search is thousands of times slower."""
    def elapsed(text: str) -> float:
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            wants_date_description({"type": "string", "description": text})
            best = min(best, time.perf_counter() - start)
        return best

    gap = "yyyy" + " " * 64_000
    assert not wants_date_description({"type": "string", "description": gap})
    assert elapsed(gap) < 50 * elapsed("x" * len(gap)) + 0.005
