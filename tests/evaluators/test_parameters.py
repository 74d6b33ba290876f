"""parameters: the first-hit cascade, each label, the format checks, schemas from the trace or
the registry, and the registry loader."""
from __future__ import annotations

from pathlib import Path

import pytest

from collector.trajectory import ToolDefinition
from evaluators.base import EvalContext
from evaluators.parameters import ParametersEvaluator
from evaluators.dates import date_pattern
from evaluators.schemas import load_tool_schemas
from evaluators.text.reasons import short

from .conftest import DATE_PATTERN, FLIGHTS, WEATHER, call, trajectory

CONFIG_TOOLS = Path(__file__).resolve().parents[2] / "config" / "tools"


def tool(**properties) -> ToolDefinition:
    return ToolDefinition(name="t", description="A tool.",
                          parameters={"type": "object", "properties": properties, "required": list(properties)})


def check(definition: ToolDefinition, arguments, context: EvalContext | None = None, **extra):
    t = trajectory(call(1, definition.name, arguments, **extra), offered=(definition,))
    return ParametersEvaluator().evaluate(t, context or EvalContext())


def test_valid_call_passes():
    result = check(FLIGHTS, {"from_city": "Beijing", "to_city": "Tokyo", "date": "2026-12-01"})
    assert (result.score, result.label, result.passed, result.labels) == (1.0, "pass", True, [])
    assert result.dimension == "tool_use"


def test_invalid_json_comes_first():
    result = check(WEATHER, "{city: Oslo", arguments_valid_json=False, arguments_raw="{city: Oslo")
    assert (result.label, result.score, result.evidence) == ("invalid_json", 0.0, [1])
    assert result.reason.startswith("call 1 get_weather(…): invalid_json")


def test_hallucinated_tool_needs_a_known_tool_list():
    t = trajectory(call(1, "get_wether", {"city": "Oslo"}), offered=(WEATHER,))
    assert ParametersEvaluator().evaluate(t, EvalContext()).label == "hallucinated_tool"
    # nothing offered nor registered: the name cannot be judged, and nothing else can
    bare = trajectory(call(1, "get_wether", {"city": "Oslo"}))
    result = ParametersEvaluator().evaluate(bare, EvalContext())
    assert result.score is None and result.label == "not_applicable"


def test_missing_required_wins_over_later_labels():
    result = check(FLIGHTS, {"from_city": 5, "date": "tomorrow"})
    assert result.label == "missing_required"
    assert result.details["calls"][0]["labels"] == ["missing_required", "type_error", "format_error"]
    assert result.reason == "call 1 search_flights(…): missing_required: to_city is required"


def test_unexpected_param_when_the_schema_is_silent_about_extras():
    result = check(WEATHER, {"city": "Oslo", "units": "metric"})
    assert result.label == "unexpected_param"
    assert result.reason == "call 1 get_weather(units='metric'): unexpected_param: units not a parameter"
    open_schema = ToolDefinition(name="t", parameters={"type": "object", "properties": {"a": {"type": "string"}},
                                                       "additionalProperties": True})
    assert check(open_schema, {"a": "x", "b": 1}).label == "pass"


@pytest.mark.parametrize("kind, value, ok", [
    ("integer", 3, True), ("integer", 3.0, True), ("integer", True, False), ("integer", "3", False),
    ("number", 3, True), ("number", 2.5, True), ("number", False, False),
    ("boolean", True, True), ("boolean", 1, False), ("string", 7, False), ("array", [1], True),
])
def test_types_int_is_a_number_and_bool_is_not_an_int(kind, value, ok):
    result = check(tool(x={"type": kind}), {"x": value})
    assert result.label == ("pass" if ok else "type_error"), result.reason


def test_type_error_reason_names_the_value():
    result = check(tool(nights={"type": "integer"}), {"nights": "3"})
    assert result.reason == "call 1 t(nights='3'): type_error: nights expects integer"


def test_enum_and_const():
    assert check(tool(unit={"enum": ["c", "f"]}), {"unit": "k"}).label == "enum_error"
    assert check(tool(v={"const": 1}), {"v": 2}).label == "enum_error"
    result = check(tool(unit={"type": "string", "enum": ["c", "f"]}), {"unit": "k"})
    assert result.reason == "call 1 t(unit='k'): enum_error: unit expects one of ['c', 'f']"


@pytest.mark.parametrize("fmt, good, bad", [
    ("date", "2026-12-01", "2026-13-01"),
    ("date", "2026-02-28", "tomorrow"),
    ("date-time", "2026-12-01T08:00:00Z", "2026-12-01 08:00"),
    ("date-time", "2026-12-01T08:00:00.5+08:00", "2026-12-01"),
    ("time", "08:30", "25:00"),
    ("time", "08:30:15+08:00", "8.30am"),
    ("email", "alice@example.com", "alice.example.com"),
    ("uri", "https://example.com/a?b=1", "not a uri"),
    ("uuid", "123e4567-e89b-12d3-a456-426614174000", "123e4567"),
])
def test_formats(fmt, good, bad):
    definition = tool(v={"type": "string", "format": fmt})
    assert check(definition, {"v": good}).label == "pass"
    assert check(definition, {"v": bad}).label == "format_error"


def test_a_date_pattern_is_a_date_format_and_a_description_is_not():
    assert check(tool(d={"type": "string", "pattern": DATE_PATTERN}), {"d": "明天"}).label == "format_error"
    slashed = tool(d={"type": "string", "pattern": "^[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}$"})
    assert check(slashed, {"d": "x"}).label == "format_error"
    # a description is no JSON Schema format: "tomorrow" there is grounding's relative_date alone
    described = tool(d={"type": "string", "description": "Departure date in YYYY-MM-DD format"})
    assert check(described, {"d": "tomorrow"}).label == "pass"
    assert check(described, {"d": "2026-12-01"}).label == "pass"
    dated = tool(d={"type": "string", "format": "date", "description": "Departure date in YYYY-MM-DD format"})
    assert check(dated, {"d": "tomorrow"}).reason == "call 1 t(d='tomorrow'): format_error: d expects YYYY-MM-DD"


def test_other_constraints():
    assert check(tool(code={"type": "string", "pattern": "^[A-Z]{3}$"}), {"code": "usd"}).label == "constraint_error"
    assert check(tool(n={"type": "integer", "minimum": 1}), {"n": 0}).label == "constraint_error"
    assert check(tool(s={"type": "string", "maxLength": 3}), {"s": "abcd"}).label == "constraint_error"
    assert check(tool(a={"type": "array", "minItems": 1}), {"a": []}).label == "constraint_error"
    # a month is no date: its pattern is a constraint like any other
    assert check(tool(m={"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"}), {"m": "2026/06"}).label == "constraint_error"


def test_nested_objects_and_optional_anyof():
    definition = tool(p={"type": "object", "properties": {"age": {"anyOf": [{"type": "integer"}, {"type": "null"}]}},
                         "required": ["age"]})
    assert check(definition, {"p": {"age": None}}).label == "pass"
    result = check(definition, {"p": {"age": "x"}})
    assert result.label == "type_error" and "p.age" in result.reason
    assert check(definition, {"p": {"age": 3, "extra": 1}}).label == "unexpected_param"


def test_score_counts_only_calls_with_a_schema():
    t = trajectory(call(1, "get_weather", {"city": "Oslo"}), call(2, "get_weather", {}),
                   call(3, "mystery", {"x": 1}), offered=(WEATHER, ToolDefinition(name="mystery")))
    result = ParametersEvaluator().evaluate(t, EvalContext())
    assert result.score == 0.5 and result.evidence == [2]
    assert result.details["no_schema"] == 1
    assert [c["label"] for c in result.details["calls"]] == ["pass", "missing_required", "no_schema"]


def test_registry_schema_when_the_trace_recorded_none():
    t = trajectory(call(1, "report", {"format": "docx"}))
    context = EvalContext(tool_schemas=load_tool_schemas(CONFIG_TOOLS))
    result = ParametersEvaluator().evaluate(t, context)
    assert result.label == "enum_error"
    assert ParametersEvaluator().evaluate(trajectory(call(1, "nope", {})), context).label == "hallucinated_tool"


def test_registry_loader(tmp_path):
    schemas = load_tool_schemas(CONFIG_TOOLS)
    assert {"get_weather", "search_flights", "login", "pay", "search", "calculator", "report"} <= set(schemas)
    assert schemas["search_flights"]["properties"]["date"]["pattern"] == DATE_PATTERN
    (tmp_path / "a.yaml").write_text("name: x\nparameters: {type: object}\n")
    (tmp_path / "b.yaml").write_text("- name: x\n")
    with pytest.raises(ValueError, match="defined twice"):
        load_tool_schemas(tmp_path)
    (tmp_path / "b.yaml").write_text("- description: no name\n")
    with pytest.raises(ValueError, match="needs a `name`"):
        load_tool_schemas(tmp_path)


def test_no_calls_is_not_applicable():
    result = ParametersEvaluator().evaluate(trajectory(offered=(WEATHER,)), EvalContext())
    assert result.score is None and result.reason == "no tool calls"


def test_schemas_with_references_are_checked_whole():
    schema = {"type": "object", "$defs": {"Pax": {"type": "object", "properties": {"age": {"type": "integer"}},
                                                  "required": ["age"]}},
              "properties": {"pax": {"type": "array", "items": {"$ref": "#/$defs/Pax"}}}, "required": ["pax"]}
    definition = ToolDefinition(name="t", parameters=schema)
    assert check(definition, {"pax": [{"age": 3}]}).label == "pass"
    result = check(definition, {"pax": [{"age": "3"}]})
    assert result.label == "type_error" and "pax[0].age" in result.reason
    assert check(definition, {"pax": [{}]}).reason == "call 1 t(…): missing_required: pax[0].age is required"


def test_remembered_verdicts_match_fresh_ones():
    definition = tool(n={"type": "integer", "minimum": 1}, s={"type": "string", "format": "email"})
    first = [check(definition, args).labels for args in ({"n": 0, "s": "a@b.co"}, {"n": 2, "s": "x"})]
    again = [check(definition, args).labels for args in ({"n": 0, "s": "a@b.co"}, {"n": 2, "s": "x"})]
    assert first == again == [["constraint_error"], ["format_error"]]
    # the same key set, valid once, still fails on a missing or an extra key
    assert check(definition, {"n": 2}).label == "missing_required"
    assert check(definition, {"n": 2, "s": "a@b.co", "x": 1}).label == "unexpected_param"


@pytest.mark.parametrize("pattern, is_date", [
    (DATE_PATTERN, True), (r"^\d{4}/\d{1,2}/\d{1,2}$", True), (r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T", True),
    (r"^[A-Z]{3}$", False), (r"^\d{3}-\d{4}-\d{4}$", False), (r"^\d{2}:\d{2}$", False),
])
def test_date_patterns(pattern, is_date):
    assert date_pattern(pattern) is is_date


# --- patterns from the trace run in RE2 with ECMA-262's meaning (evaluators.patterns) ----------

@pytest.mark.parametrize("pattern, good, bad", [
    (r"^[\u4e00-\u9fa5]+$", "北京", "Beijing"),           # \uXXXX (RE2 writes \x{…})
    (r"^\u{1F600}$", "😀", "x"),                          # \u{…}
    (r"^\ud83d\ude00$", "😀", "\ud83d"),                  # a surrogate pair is one character
    (r"^\s+$", "\u3000\u00a0 ", "\u200b"),                # ECMA's \s has Unicode spaces, RE2's only ASCII
    (r"^\S+$", "a-b", "a\u3000b"),
    (r"^[\s\d]+$", "1\u2003 2", "1_2"),
    (r"^a.b$", "a-b", "a\u2028b"),                        # . stops at every line terminator
    (r"^\cJ$", "\n", "J"),                                # a control escape
    (r"^[\b]$", "\b", "b"),                               # a backspace in a class
    (r"^a[^]b$", "a\nb", "ab"),                           # [^] is any character, [] none
    (r"^a[]?b$", "ab", "axb"),
    (r"^\d{3}$", "123", "١٢٣"),                           # \d is ASCII in ECMA and RE2 (not in Python's re)
    (r"abc$", "xabc", "abc\n"),                           # $ ends the text (Python's re allows a last \n)
    (r"^(?<year>\d{4})$", "2026", "26"),                  # named groups
])
def test_patterns_keep_their_ecma_meaning(pattern, good, bad):
    definition = tool(v={"type": "string", "pattern": pattern})
    assert check(definition, {"v": good}).label == "pass"
    assert check(definition, {"v": bad}).label == "constraint_error"


@pytest.mark.parametrize("pattern, why", [
    (r"^(?=.*\d).{8,}$", "uses lookahead, which RE2 does not support"),
    (r"^(?!admin).*$", "uses lookahead, which RE2 does not support"),
    (r"(?<=\$)\d+", "uses lookbehind, which RE2 does not support"),
    (r"^(\w)\1$", "uses a backreference, which RE2 does not support"),
    (r"^(?<c>\w)\k<c>$", "uses a backreference, which RE2 does not support"),
    (r"^a{1001}$", "repeats more than 1,000 times, which RE2 does not support"),
    (r"^[\p{L}\p{N}]{1,300}$", "compiles past RE2's 1 MiB memory limit"),
])
def test_a_pattern_re2_cannot_run_is_not_checked_and_says_so(pattern, why):
    definition = tool(v={"type": "string", "pattern": pattern, "maxLength": 5})
    result = check(definition, {"v": "x"})  # would fail any of these patterns
    note = f"pattern {short(pattern)} not checked: {why}"  # the pattern's repr, cut to 40 characters
    assert (result.label, result.details["unchecked"]) == ("pass", [note])
    assert result.reason == f"1 call(s) valid against their schemas; {note}"
    assert result.details["calls"][0]["reason"] == f"valid; {note}"
    # the rest of the schema is still checked
    failed = check(definition, {"v": "x" * 6})
    assert failed.label == "constraint_error" and failed.details["calls"][0]["unchecked"] == [note]


def test_an_unchecked_pattern_property_only_loosens_the_schema():
    schema = {"type": "object", "properties": {"a": {"type": "string"}},
              "patternProperties": {"^(?!x)": {"type": "integer"}, "^n_": {"type": "integer"}},
              "additionalProperties": False}
    definition = ToolDefinition(name="t", parameters=schema)
    # the lookahead's subschema applies to no key, and no key counts as additional
    assert check(definition, {"a": "s", "k": "not an integer"}).label == "pass"
    assert check(definition, {"n_1": "x"}).label == "type_error"  # the checkable pattern still applies


def test_pattern_properties_and_extra_keys_through_re2():
    schema = {"type": "object", "patternProperties": {"^(a+)+$": {"type": "integer"}}, "additionalProperties": False}
    definition = ToolDefinition(name="t", parameters=schema)
    assert check(definition, {"aaa": 1}).label == "pass"
    assert check(definition, {"aaa": "x"}).label == "type_error"
    result = check(definition, {"aaa": 1, "a" * 40 + "!": 2})
    assert result.reason == f"call 1 t({'a' * 40}!=2): unexpected_param: {'a' * 40}! not a parameter"
    uneval = ToolDefinition(name="t", parameters={"type": "object", "patternProperties": {"^a$": {}},
                                                   "unevaluatedProperties": False})
    result = check(uneval, {"a" * 40 + "!": 1})
    assert result.details["unchecked"] == ["unevaluatedProperties not checked: the schema has patternProperties"]


def test_a_value_past_the_matching_limit_is_not_checked():
    from evaluators.patterns import MATCH_WORK, compiled

    pattern = "^[ab]*a[ab]{999}c$"  # ~1,000 RE2 instructions
    program = compiled(pattern).regex.programsize
    definition = tool(v={"type": "string", "pattern": pattern})
    fits = ("ab" * MATCH_WORK)[:MATCH_WORK // program]
    assert check(definition, {"v": fits}).label == "constraint_error"
    longer = fits + "b"
    result = check(definition, {"v": longer})
    assert result.label == "pass" and result.details["unchecked"] == [
        f"pattern {pattern!r} not checked: a {len(longer):,}-byte value is past the linear-time matching limit "
        f"for its {program:,} RE2 instructions"]


@pytest.mark.parametrize("draft", ["http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-04/schema#",
                                   "https://json-schema.org/draft/2019-09/schema"])
def test_a_subschema_naming_another_draft_still_matches_through_re2(draft, monkeypatch):
    """jsonschema hands a subschema with its own `$schema` to that draft's class, whose keywords use `re`."""
    import re

    def refused(pattern, *args, **kwargs):
        raise AssertionError(f"Python's re got {pattern!r}")

    schema = {"type": "object", "$defs": {"d": {"$schema": draft, "type": "string", "pattern": "^(a+)+$"}},
              "properties": {"q": {"$ref": "#/$defs/d"},
                             "r": {"$schema": draft, "type": "object", "patternProperties": {"^(b+)+$": {}},
                                   "additionalProperties": False}}}
    definition = ToolDefinition(name="t", parameters=schema)
    for name in ("search", "match", "fullmatch", "compile"):
        monkeypatch.setattr(re, name, refused)
    assert check(definition, {"q": "a" * 40 + "!"}).label == "constraint_error"
    assert check(definition, {"r": {"b" * 40 + "!": 1}}).label == "unexpected_param"


def test_format_regex_is_judged_by_re2():
    definition = tool(v={"type": "string", "format": "regex"})
    assert check(definition, {"v": "^(a+)+$"}).label == "pass"
    assert check(definition, {"v": r"^(?=a)\1"}).label == "pass"  # ECMA, though RE2 cannot run it
    assert check(definition, {"v": "(" * 3000 + ")" * 3000}).label == "pass"  # Python's parser recursed too deep
    for bad in ("(a", "a**", "[a", "*a"):
        assert check(definition, {"v": bad}).label == "format_error", bad


def test_a_malformed_schema_pattern_makes_the_schema_invalid():
    result = check(tool(v={"type": "string", "pattern": "(a"}), {"v": "a"})
    assert result.label == "not_applicable"
    assert result.details["calls"][0]["reason"].startswith("the tool's schema is not a JSON Schema: properties.v.pattern:")
