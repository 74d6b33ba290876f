"""Filter regexes that could be slow in DuckDB's RE2 are refused before they run, naming the rule.

The cost is RE2's own program size (every atom it copies, optional ones too) plus the DFA's
rebuilding from 16 instructions up, against what one DuckDB chunk of 2,048 rows may cost.
"""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from sampler.policy import MAX_FILTERS, MAX_REGEX_FILTERS, SamplingPolicy, format_errors
from sampler.regex_cost import MAX_UNITS, program_size, regex_cost_error, units

# Passed the old check (counted repetitions only): 100 + 100 copies of a group of optional atoms.
OPTIONAL_IN_COUNTED = "(?:.?.?.?.?.?.?.?.?.?.?.?.?.?){100}" * 2

ALLOWED = [
    ".{0,40}zzz",
    "((a+)+)+b",  # unbounded nesting is linear in RE2
    "(\\w+\\s)*end",
    "a{50,}b",
    "error|timeout|refused",
    "\\p{Han}+",
    "x" * 300,
]

REFUSED = [
    (".{0,1000}zzz", "compiles to 9007 RE2 instructions"),
    (OPTIONAL_IN_COUNTED, "compiles to 23404 RE2 instructions"),
    ("(?:.?){100}", "compiles to 904 RE2 instructions"),  # optional atoms count
    ("(.{0,20}){0,20}", "compiles to 3664 RE2 instructions"),  # nested counts multiply
    (".{0,100}zzz", "(1157 cost units), which could take 8.5 s per 2,048 traces on hostile text; at most 681 units"),
    ("x" * 501, "is 501 characters long; at most 500"),
]


def test_the_walk_around_is_refused():
    """Optional atoms inside a counted group passed the old count; RE2 copies each of them."""
    assert program_size(OPTIONAL_IN_COUNTED) > 20_000
    assert "every optional or counted atom is copied" in regex_cost_error(OPTIONAL_IN_COUNTED)


@pytest.mark.parametrize("pattern", ALLOWED)
def test_cheap_patterns_pass(pattern):
    assert regex_cost_error(pattern) is None


@pytest.mark.parametrize("pattern,rule", REFUSED)
def test_costly_patterns_name_their_rule(pattern, rule):
    problem = regex_cost_error(pattern)
    assert problem is not None and rule in problem


def test_small_programs_cost_their_size_only():
    assert units("a") == program_size("a") < 16
    assert units("error|timeout|refused") == program_size("error|timeout|refused") + 250


def policy(*patterns: str, field: str = "input") -> dict:
    return {"filters": [{"field": field, "op": "regex", "value": p} for p in patterns],
            "sampling": {"ratio": 1, "max_items": 1}}


def test_policy_refusal_names_the_pattern_and_the_rule():
    with pytest.raises(ValidationError) as info:
        SamplingPolicy.model_validate(policy(".{0,1000}zzz"))
    assert format_errors(info.value).startswith(
        "filters[0]: field 'input' with 'regex' needs a regex DuckDB can run quickly; '.{0,1000}zzz' compiles to "
        "9007 RE2 instructions (9257 cost units)")


def test_list_fields_are_checked_too():
    with pytest.raises(ValidationError, match="RE2 instructions"):
        SamplingPolicy.model_validate(policy("a{700}", field="tool_name"))


def test_regex_filters_are_costed_together():
    """Each passes alone; together they could hold one chunk past the limit."""
    costly = ".{0,30}zzz"  # 277 instructions
    SamplingPolicy.model_validate(policy(costly))
    with pytest.raises(ValidationError) as info:
        SamplingPolicy.model_validate(policy(costly, costly, "error|timeout"))
    assert format_errors(info.value).startswith(
        f"filters: 3 regex filters together cost {2 * units(costly) + units('error|timeout')} units")
    assert f"at most {MAX_UNITS} units (5 s) are allowed: use fewer or simpler regexes, or contains" in format_errors(info.value)


def test_regex_filters_are_counted_before_any_compiles(monkeypatch):
    import sampler.policy as module

    compiled = []
    monkeypatch.setattr(module, "regex_error", lambda p: compiled.append(p))
    doc = policy(*[f"a{i}" for i in range(MAX_REGEX_FILTERS)])
    SamplingPolicy.model_validate(doc)
    assert len(compiled) == MAX_REGEX_FILTERS
    compiled.clear()
    with pytest.raises(ValidationError) as info:
        SamplingPolicy.model_validate(policy(*[f"a{i}" for i in range(1000)]))
    assert format_errors(info.value) == f"filters: 1000 filters; at most {MAX_FILTERS} are allowed in one task"
    with pytest.raises(ValidationError) as info:
        SamplingPolicy.model_validate(policy(*[f"a{i}" for i in range(MAX_REGEX_FILTERS + 1)]))
    assert format_errors(info.value) == (f"filters: {MAX_REGEX_FILTERS + 1} regex filters; at most "
                                         f"{MAX_REGEX_FILTERS} are allowed in one task")
    assert compiled == []
