"""Filter regexes that would be slow in DuckDB's RE2 are refused before they run, naming the rule."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from sampler.policy import MAX_REGEX_FILTERS, SamplingPolicy, format_errors
from sampler.regex_cost import regex_cost_error

ALLOWED = [
    ".{0,100}zzz",  # 0.05 ms per 2 KB row
    ".{0,100}.{0,100}zzz",  # the sum at its limit
    "(.{0,10}){0,10}",  # nested: 100 copies
    "((a+)+)+b",  # unbounded nesting is linear in RE2
    "(\\w+\\s)*end",
    "a{50,}b",
    "error|timeout|refused",
    "x" * 500,
]

REFUSED = [
    (".{0,1000}zzz", "repeats {0,1000} 1000 times; a counted repetition may repeat at most 100 times"),
    ("(.{0,20}){0,20}", "repeats {0,20} 400 times"),  # nested counts multiply
    ("(a{2}){60}", "repeats {2} 120 times"),
    ("a{101,}", "repeats {101,} 101 times"),
    ("(?:x|y{150})", "repeats {150} 150 times"),
    ("(?=a{150})b", "repeats {150} 150 times"),
    (".{0,100}" * 3, "counted repetitions adding up to 300; at most 200"),
    ("x" * 501, "is 501 characters long; at most 500"),
]


@pytest.mark.parametrize("pattern", ALLOWED)
def test_cheap_patterns_pass(pattern):
    assert regex_cost_error(pattern) is None


@pytest.mark.parametrize("pattern,rule", REFUSED)
def test_costly_patterns_name_their_rule(pattern, rule):
    assert rule in regex_cost_error(pattern)


def test_policy_refusal_names_the_pattern_and_the_rule():
    with pytest.raises(ValidationError) as info:
        SamplingPolicy.model_validate({"filters": [{"field": "input", "op": "regex", "value": ".{0,1000}zzz"}],
                                       "sampling": {"ratio": 1, "max_items": 1}})
    assert format_errors(info.value) == (
        "filters[0]: field 'input' with 'regex' needs a regex DuckDB can run quickly; '.{0,1000}zzz' repeats "
        "{0,1000} 1000 times; a counted repetition may repeat at most 100 times (nested counts multiply), "
        "since RE2 copies it that often")


def test_list_fields_are_checked_too():
    with pytest.raises(ValidationError, match="repeats"):
        SamplingPolicy.model_validate({"filters": [{"field": "tool_name", "op": "regex", "value": "a{500}"}],
                                       "sampling": {"ratio": 1, "max_items": 1}})


def test_regex_filters_are_counted():
    regex = {"field": "input", "op": "regex", "value": "a"}
    doc = {"filters": [regex] * MAX_REGEX_FILTERS, "sampling": {"ratio": 1, "max_items": 1}}
    SamplingPolicy.model_validate(doc)
    with pytest.raises(ValidationError) as info:
        SamplingPolicy.model_validate({**doc, "filters": [regex] * (MAX_REGEX_FILTERS + 1)})
    assert format_errors(info.value) == f"filters: {MAX_REGEX_FILTERS + 1} regex filters; at most {MAX_REGEX_FILTERS} are allowed in one task"
