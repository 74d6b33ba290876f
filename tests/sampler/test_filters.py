"""Every operator on every field type, against the handmade traces in a real DuckDB file."""
from __future__ import annotations

import datetime as dt

import pytest

from sampler.filters import compile_filters, json_path
from sampler.policy import SamplingPolicy
from sampler.selection import TimeRange, select
from tests.sampler.handmade import ALL

EVERYTHING = TimeRange(column="start_time", end=dt.datetime(2100, 1, 1))


def pick(con, *filters, match="all") -> set[str]:
    policy = SamplingPolicy.model_validate(
        {"match": match, "filters": list(filters), "sampling": {"ratio": 1.0, "max_items": 500}})
    return {p.trace_id for p in select(con, policy, "test", EVERYTHING).selected}


def f(field, op, value=None) -> dict:
    return {"field": field, "op": op, "value": value}


CASES = [
    # status (enum)
    (f("status", "eq", "error"), {"t2", "t4"}),
    (f("status", "ne", "error"), {"t1", "t3"}),
    (f("status", "in", ["ok"]), {"t1", "t3"}),
    (f("status", "in", ["ok", "error"]), ALL),
    # numbers
    (f("duration_ms", "eq", 5000), {"t4"}),
    (f("duration_ms", "ne", 5000), {"t1", "t2", "t3"}),
    (f("duration_ms", "gt", 5000), {"t2"}),
    (f("duration_ms", "ge", 5000), {"t2", "t4"}),
    (f("duration_ms", "lt", 5000), {"t1"}),
    (f("duration_ms", "le", 5000.0), {"t1", "t4"}),
    (f("duration_ms", "in", [1200, 6000.0]), {"t1", "t2"}),
    (f("duration_ms", "exists"), {"t1", "t2", "t4"}),
    (f("duration_ms", "exists", True), {"t1", "t2", "t4"}),
    (f("duration_ms", "exists", False), {"t3"}),
    (f("first_token_ms", "gt", 800), {"t2", "t4"}),
    (f("tokens", "gt", 8000), {"t2"}),
    (f("tokens", "ge", 8000), {"t2", "t4"}),
    (f("input_tokens", "lt", 1000), {"t1"}),
    (f("output_tokens", "eq", 100), {"t1"}),
    (f("tool_errors", "ge", 1), {"t2", "t4"}),
    (f("tool_errors", "exists", False), {"t3"}),
    # strings
    (f("input", "eq", "Book a flight to Paris"), {"t1"}),
    (f("input", "ne", "Book a flight to Paris"), {"t2", "t3", "t4"}),
    (f("input", "contains", "flight"), {"t1"}),
    (f("input", "not_contains", "flight"), {"t2", "t3", "t4"}),
    (f("input", "regex", "^[Bb]ook"), {"t1"}),
    (f("input", "regex", "(?i)WEATHER"), {"t2"}),
    (f("input", "in", ["x' OR 1=1 --", "nope"]), {"t4"}),
    (f("input", "exists"), {"t1", "t2", "t4"}),
    (f("input", "exists", False), {"t3"}),
    (f("output", "exists"), {"t1", "t2", "t4"}),  # t3's output is empty
    (f("output", "contains", "[sale]"), {"t4"}),
    (f("output", "contains", "%"), {"t4"}),  # no LIKE wildcards
    (f("output", "contains", "_"), set()),
    (f("output", "contains", "(a+b)*"), {"t4"}),
    (f("output", "regex", r"\[sale\]"), {"t4"}),
    (f("output", "regex", "(a+b)*"), ALL),  # matches the empty string, even t3's ""
    (f("user_id", "eq", "alice"), {"t1"}),
    (f("user_id", "ne", "alice"), {"t2", "t3", "t4"}),
    (f("user_id", "in", ["alice", "bob"]), {"t1", "t2"}),
    (f("user_id", "exists", False), {"t3"}),
    (f("session_id", "eq", "s1"), {"t1", "t2"}),
    (f("agent_name", "eq", "weather-agent"), {"t2"}),
    (f("agent_version", "eq", "2.0"), {"t2", "t4"}),
    (f("service_name", "contains", "svc"), {"t1", "t2", "t4"}),
    (f("error_type", "eq", "TimeoutError"), {"t2"}),
    (f("error_type", "exists"), {"t2", "t4"}),
    # lists: tool_name, span_name (any element)
    (f("tool_name", "eq", "search"), {"t1"}),
    (f("tool_name", "ne", "search"), {"t2", "t3", "t4"}),
    (f("tool_name", "contains", "search"), {"t1", "t4"}),
    (f("tool_name", "not_contains", "search"), {"t2", "t3"}),
    (f("tool_name", "regex", "^get_"), {"t2"}),
    (f("tool_name", "in", ["get_weather", "query_db"]), {"t2", "t4"}),
    (f("tool_name", "exists"), {"t1", "t2", "t4"}),
    (f("tool_name", "exists", False), {"t3"}),
    (f("span_name", "eq", "execute_tool"), {"t1", "t2", "t4"}),
    (f("span_name", "ne", "execute_tool"), {"t3"}),
    (f("span_name", "contains", "agent"), {"t1", "t3"}),
    (f("span_name", "regex", "^re"), {"t4"}),
    (f("span_name", "in", ["retry", "invoke_agent"]), {"t1", "t3", "t4"}),
    (f("span_name", "exists"), ALL),
    # annotation: latest status (t1 flagged then reviewed, t2 flagged)
    (f("annotation", "eq", "flagged"), {"t2"}),
    (f("annotation", "eq", "reviewed"), {"t1"}),
    (f("annotation", "ne", "flagged"), {"t1", "t3", "t4"}),
    (f("annotation", "in", ["flagged", "reviewed"]), {"t1", "t2"}),
    (f("annotation", "contains", "view"), {"t1"}),
    (f("annotation", "regex", "^fl"), {"t2"}),
    (f("annotation", "exists"), {"t1", "t2"}),
    (f("annotation", "exists", False), {"t3", "t4"}),
    # root-span attributes
    (f("attr.gen_ai.agent.name", "eq", "travel-agent"), {"t1"}),
    (f("attr.env", "ne", "prod"), {"t2", "t3"}),
    (f("attr.retry", "gt", 1), {"t2", "t4"}),  # t4 holds "2.5" as text
    (f("attr.retry", "eq", 0), {"t1"}),
    (f("attr.retry", "le", 2.5), {"t1", "t4"}),
    (f("attr.retry", "eq", "3"), {"t2"}),
    (f("attr.retry", "in", [0, "2.5"]), {"t1", "t4"}),
    (f("attr.flag", "eq", True), {"t1"}),
    (f("attr.flag", "ne", True), {"t2", "t3", "t4"}),
    (f("attr.a'b", "eq", "quoted-key"), {"t1"}),
    (f('attr.a"b', "eq", "dq"), {"t4"}),
    (f("attr.a.b", "eq", "dotted"), {"t1"}),
    (f("attr.env", "contains", "stag"), {"t2"}),
    (f("attr.env", "not_contains", "prod"), {"t2", "t3"}),
    (f("attr.env", "regex", "^pr"), {"t1", "t4"}),
    (f("attr.score", "ge", 0.5), {"t2"}),
    (f("attr.score", "exists"), {"t2"}),
    (f("attr.score", "exists", False), {"t1", "t3", "t4"}),
    (f("attr.nested", "exists"), {"t4"}),
    (f("attr.missing", "ne", "x"), ALL),
]


@pytest.mark.parametrize(("flt", "expected"), CASES, ids=lambda v: f"{v['field']} {v['op']} {v['value']!r}" if isinstance(v, dict) else None)
def test_operator(handmade, flt, expected):
    assert pick(handmade, flt) == expected


def test_no_filters_select_everything(handmade):
    assert pick(handmade) == ALL
    assert pick(handmade, match="any") == ALL


def test_all_ands_and_any_ors(handmade):
    """The seed's complaint triage: status failed, or the complaining user."""
    failed, alice = f("status", "eq", "error"), f("user_id", "eq", "alice")
    assert pick(handmade, failed, alice) == set()
    assert pick(handmade, failed, alice, match="any") == {"t1", "t2", "t4"}
    slow, tools = f("duration_ms", "ge", 5000), f("tool_name", "contains", "search")
    assert pick(handmade, slow, tools) == {"t4"}
    assert pick(handmade, slow, tools, match="any") == {"t1", "t2", "t4"}


def test_any_with_negations_on_missing_values(handmade):
    assert pick(handmade, f("user_id", "exists", False), f("tokens", "gt", 8500), match="any") == {"t2", "t3"}


INJECTIONS = [
    f("user_id", "eq", "x' OR 1=1 --"),
    f("input", "eq", "'; DROP TABLE traces; --"),
    f("input", "contains", "'); DROP TABLE traces; --"),
    f("user_id", "in", ["' OR '1'='1", "\" OR \"1\"=\"1"]),
    f("tool_name", "in", ["'); DROP TABLE traces; --"]),
    f("attr.a') OR 1=1 --", "eq", "x"),
    f('attr.x") OR TRUE --', "eq", "x"),
    f("attr.$.*", "exists"),
    f("attr.a\\", "exists"),
    f("input", "contains", ".*"),
    f("output", "regex", r"^\(a\+b\)\*$"),  # escaped metacharacters, anchored: no full match
    f("annotation", "eq", "x' OR '1'='1"),
]


@pytest.mark.parametrize("flt", INJECTIONS, ids=lambda v: f"{v['field']} {v['op']} {v['value']!r}")
def test_injection_selects_only_literal_matches(handmade, flt):
    expected = {"t4"} if flt["value"] == "x' OR 1=1 --" else set()
    assert pick(handmade, flt) == expected
    assert handmade.execute("SELECT count(*) FROM traces").fetchone()[0] == len(ALL)


def test_hostile_salt_is_a_parameter(handmade):
    policy = SamplingPolicy.model_validate({"sampling": {"ratio": 1.0, "max_items": 500}})
    assert len(select(handmade, policy, "'; DROP TABLE traces; --", EVERYTHING).selected) == len(ALL)
    assert handmade.execute("SELECT count(*) FROM traces").fetchone()[0] == len(ALL)


def test_user_text_never_reaches_the_sql():
    policy = SamplingPolicy.model_validate({"match": "any", "filters": [
        f("user_id", "eq", "x' OR 1=1 --"), f("attr.a'b", "regex", "DROP"), f("tool_name", "in", ["zz'"]),
    ], "sampling": {"ratio": 1.0, "max_items": 1}})
    sql, params = compile_filters(policy)
    for text in ("OR 1=1", "a'b", "DROP", "zz"):
        assert text not in sql
    assert params == ["x' OR 1=1 --", json_path("a'b"), "DROP", ["zz'"]]
    assert sql.count("$") == len(params)


def test_json_path_escapes_quotes_and_backslashes():
    assert json_path("gen_ai.agent.name") == '$."gen_ai.agent.name"'
    assert json_path('a"b\\c') == '$."a\\"b\\\\c"'


def test_a_regex_reads_only_the_start_of_its_text(store):
    """512 characters of a value, 32 of each of a list's first 16 elements; `contains` reads it all."""
    from tests.sampler.handmade import insert_traces

    far = "a" * 300 + "b" * 300 + "needle"
    names = [f"tool_{i:02d}" for i in range(20)]  # tool_16 … tool_19 are past the first 16
    insert_traces(store, [dict(trace_id="far", status="ok", input=far, tool_names=names,
                               span_names=["x" * 40 + "needle"])])
    assert pick(store, f("input", "regex", "needle")) == set()
    assert pick(store, f("input", "contains", "needle")) == {"far"}
    assert pick(store, f("input", "regex", "b{212}$")) == {"far"}  # the 512th character is a b
    assert pick(store, f("tool_name", "regex", "^tool_15$")) == {"far"}
    assert pick(store, f("tool_name", "regex", "^tool_16$")) == set()
    assert pick(store, f("span_name", "regex", "needle")) == set()
    assert pick(store, f("span_name", "regex", "^x{32}$")) == {"far"}
