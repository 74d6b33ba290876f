"""Invalid policies are refused, each with its own one-line message."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from sampler.policy import Filter, FIELDS, OPERATORS, SamplingPolicy, field_kind, format_errors

SAMPLING = {"ratio": 1.0, "max_items": 100}


def refusal(data: dict) -> str:
    with pytest.raises(ValidationError) as info:
        SamplingPolicy.model_validate(data)
    return format_errors(info.value)


def one(field, op, value=None) -> dict:
    return {"filters": [{"field": field, "op": op, "value": value}], "sampling": SAMPLING}


INVALID = [
    ({"filters": [{"field": "status", "op": "eq", "value": "error"}, {"field": "user_id", "op": "gt", "value": 1}],
      "sampling": SAMPLING},
     "filters[1]: operator 'gt' does not fit field 'user_id' (string); valid: eq, ne, contains, not_contains, regex, in, exists"),
    (one("colour", "eq", "red"), "filters[0]: unknown field 'colour'; valid fields: status, duration_ms,"),
    (one("attr.", "eq", "x"), "filters[0]: unknown field 'attr.'"),
    ({"sampling": {"ratio": 0, "max_items": 10}}, "sampling.ratio: must be between 0.01 and 1.0 (got 0)"),
    ({"sampling": {"ratio": 1.5, "max_items": 10}}, "sampling.ratio: must be between 0.01 and 1.0 (got 1.5)"),
    ({"sampling": {"ratio": 5, "max_items": 10}}, "sampling.ratio: must be between 0.01 and 1.0 (got 5); a fraction: 5 % is 0.05"),
    ({"sampling": {"ratio": 0.5, "max_items": 501}}, "sampling.max_items: must be between 1 and 500 (got 501)"),
    ({"sampling": {"ratio": 0.5, "max_items": 0}}, "sampling.max_items: must be between 1 and 500 (got 0)"),
    ({"sampling": {"ratio": "lots", "max_items": 10}}, "sampling.ratio: input should be a valid number"),
    ({"sampling": {"ratio": 0.5, "max_items": 10, "salt": ""}}, "sampling.salt: string should have at least 1 character"),
    ({"sampling": {"ratio": 0.5}}, "sampling.max_items: required"),
    ({"filters": []}, "sampling: required"),
    ({"match": "some", "sampling": SAMPLING}, "match: must be one of all or any (got 'some')"),
    ({"sampling": SAMPLING, "limit": 3}, "limit: unknown key"),
    ({"filters": [{"field": "status", "op": "eq", "value": "ok", "negate": True}], "sampling": SAMPLING},
     "filters[0].negate: unknown key"),
    (one("tokens", "gte", 8000), "filters[0].op: must be one of eq, ne, gt, ge, lt, le, contains, not_contains, regex, in or exists (got 'gte')"),
    (one("tokens", "gt", "8000"), "filters[0]: field 'tokens' with 'gt' needs a number (got '8000')"),
    (one("tokens", "gt", True), "filters[0]: field 'tokens' with 'gt' needs a number (got True)"),
    (one("tokens", "gt", float("nan")), "filters[0]: field 'tokens' with 'gt' needs a number (got nan)"),
    (one("tokens", "gt", 10**30), "filters[0]: field 'tokens' with 'gt' needs a number (got 1000000000000000000000000000000)"),
    (one("tokens", "contains", "8"), "filters[0]: operator 'contains' does not fit field 'tokens' (number); valid: eq, ne, gt, ge, lt, le, in, exists"),
    (one("user_id", "eq", 12345), "filters[0]: field 'user_id' with 'eq' needs a string (got 12345)"),
    (one("user_id", "eq"), "filters[0]: field 'user_id' with 'eq' needs a string (got None)"),
    (one("status", "eq", "failed"), "filters[0]: field 'status' with 'eq' needs 'ok' or 'error' (got 'failed')"),
    (one("status", "gt", "ok"), "filters[0]: operator 'gt' does not fit field 'status' (status); valid: eq, ne, in"),
    (one("status", "in", ["ok", "failed"]), "filters[0]: field 'status' with 'in' list item needs 'ok' or 'error' (got 'failed')"),
    (one("user_id", "in", []), "filters[0]: field 'user_id' with 'in' needs a non-empty list (got [])"),
    (one("user_id", "in", "alice"), "filters[0]: field 'user_id' with 'in' needs a non-empty list (got 'alice')"),
    (one("duration_ms", "in", [1, "2"]), "filters[0]: field 'duration_ms' with 'in' list item needs a number (got '2')"),
    (one("tool_name", "gt", "a"), "filters[0]: operator 'gt' does not fit field 'tool_name' (string-list)"),
    (one("user_id", "exists", "yes"), "filters[0]: field 'user_id' with 'exists' takes true, false or nothing (got 'yes')"),
    (one("input", "regex", "(unclosed"), "filters[0]: field 'input' with 'regex' needs a valid regex; '(unclosed' does not compile: missing ): (unclosed"),
    # DuckDB's RE2 refuses these: refused before they reach a run.
    (one("input", "regex", "(?=look)ahead"), "does not compile: invalid perl operator: (?="),
    (one("input", "regex", r"(a)\1"), "does not compile: invalid escape sequence: \\1"),
    (one("input", "regex", "a{1001}"), "does not compile: invalid repetition size: {1001}"),
    (one("attr.retry", "gt", "x"), "filters[0]: field 'attr.retry' with 'gt' needs a number (got 'x')"),
    (one("attr.retry", "eq", [1]), "filters[0]: field 'attr.retry' with 'eq' needs a string, number or boolean (got [1])"),
    (one("attr.env", "contains", 3), "filters[0]: field 'attr.env' with 'contains' needs a string (got 3)"),
    ({"filters": [{"field": "status", "op": "eq", "value": "ok"}] * 65, "sampling": SAMPLING},
     "filters: 65 filters; at most 64 are allowed in one task"),
    # Python's own parser recursed past its limit on this one (a 500 before).
    (one("input", "regex", "(" * 2000 + "a" + ")" * 2000),
     "filters[0]: field 'input' with 'regex' needs a regex of at most 500 characters; '(((((((((((((((((((((((((((((((((((((((('… has 4001"),
]


@pytest.mark.parametrize(("data", "message"), INVALID, ids=[m[:60] for _, m in INVALID])
def test_invalid_policy_refused_with_its_message(data, message):
    assert message in refusal(data)


def test_every_problem_gets_its_own_line():
    text = refusal({"match": "x", "filters": [{"field": "colour", "op": "eq"}],
                    "sampling": {"ratio": 0, "max_items": 501}})
    lines = text.splitlines()
    assert len(lines) == 4
    assert [line.split(":")[0] for line in lines] == ["match", "filters[0]", "sampling.ratio", "sampling.max_items"]


def test_braces_in_user_text_are_not_templates():
    assert "'a{{x}}(' does not compile" in refusal(one("input", "regex", "a{{x}}("))


def test_a_standalone_filter_error_has_no_position():
    with pytest.raises(ValidationError) as info:
        Filter(field="colour", op="eq", value="x")
    assert format_errors(info.value).startswith("unknown field 'colour'")


def test_the_seed_recipes_are_valid():
    SamplingPolicy.model_validate({"match": "any", "filters": [
        {"field": "status", "op": "eq", "value": "error"}, {"field": "user_id", "op": "eq", "value": "u-42"}],
        "sampling": {"ratio": 1.0, "max_items": 100}})
    SamplingPolicy.model_validate({"filters": [{"field": "tokens", "op": "gt", "value": 8000}],
                                   "sampling": {"ratio": 1.0, "max_items": 100}})
    SamplingPolicy.model_validate({"sampling": {"ratio": 0.05, "max_items": 50}})
    SamplingPolicy.model_validate({"filters": [{"field": "duration_ms", "op": "gt", "value": 5000}],
                                   "sampling": {"ratio": 0.01, "max_items": 1, "salt": "shared"}})


def test_every_field_has_a_kind_with_operators():
    for field in FIELDS:
        assert field_kind(field) in OPERATORS
    assert field_kind("attr.gen_ai.agent.name") == "attribute"
    assert field_kind("colour") is None
