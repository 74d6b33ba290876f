"""Hostile trajectories: no evaluator raises on any of them, however deep, wide or malformed
(arguments, results and recorded schemas all come from whoever sends traces), and `parameters`
ends within twice its time budget on catastrophic patterns and huge schemas."""
from __future__ import annotations

import gc
import json
import re
import time
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from collector.json_limits import MAX_CLIPPED_CHARS, MAX_JSON_DEPTH
from collector.trajectory import ToolCall, ToolDefinition, Trajectory
from evaluators.base import EvalContext, EvalResult
from evaluators.datasets import load_cases
from evaluators.registry import available, get
from evaluators.schemas import load_tool_schemas
from evaluators.config import CONFIG_DIR
from evaluators.worker import Evaluation
from tracepatrol.cli.results import evaluate

CASES = load_cases()
CONTEXT = EvalContext(tool_schemas=load_tool_schemas(CONFIG_DIR / "tools"), golden_cases=CASES)
EVALUATORS = {alias: get(alias)() for alias in available()}
NAMES = ["search_flights", "get_weather", "pay", "x"]
TEXT = st.text(alphabet=st.sampled_from(list("ab1 2-:@.明天下周一ignore previous instructions\n\x00")), max_size=40)


def nested(value: Any, depth: int, dicts: bool) -> Any:
    for level in range(depth):
        value = {"k": value} if dicts and level % 2 else [value]
    return value


def check_all(trajectory: Trajectory) -> dict[str, EvalResult]:
    """Every registered evaluator's result; any exception fails the test."""
    out = {}
    for alias, evaluator in EVALUATORS.items():
        result = evaluator.evaluate(trajectory, CONTEXT)
        assert result.score is None or 0 <= result.score <= 1, alias
        out[alias] = result
    return out


scalars = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | TEXT
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.sampled_from(["city", "date", "type", "properties", "items",
                                                              "required", "enum", "$ref", "pattern", "anyOf"]),
                                             inner, max_size=4), max_leaves=25)
deep_values = st.builds(nested, json_values, st.integers(0, 2500), st.booleans())
values = st.one_of(json_values, deep_values)


@st.composite
def trajectories(draw) -> Trajectory:
    calls = []
    for seq in range(1, draw(st.integers(0, 25)) + 1):
        start = draw(st.integers(0, 10**12))
        error = draw(st.none() | TEXT)
        calls.append(ToolCall(seq=seq, name=draw(st.sampled_from(NAMES)), arguments=draw(values),
                              arguments_valid_json=draw(st.booleans()), arguments_raw=draw(st.none() | TEXT),
                              result=draw(values), status="error" if error is not None else "ok", error=error,
                              start_ns=start, end_ns=start + draw(st.integers(0, 10**9))))
    tools = [ToolDefinition(name=name, description=draw(TEXT), parameters=draw(st.none() | st.dictionaries(
        st.sampled_from(["type", "properties", "required", "items", "anyOf", "$ref", "pattern", "enum"]),
        values, max_size=4))) for name in draw(st.lists(st.sampled_from(NAMES), max_size=4, unique=True))]
    case = draw(st.none() | st.sampled_from([c.id for c in CASES]))
    return Trajectory(trace_id="f" * 32, input=draw(st.none() | TEXT), output=draw(st.none() | TEXT),
                      start_ns=draw(st.integers(0, 10**19)), tool_calls=calls, tools_offered=tools,
                      attributes={"tracepatrol.case_id": case} if case else {})


# Fixed examples (CI reproduces them); no shrinking: shrinking 2,000-deep values takes minutes, and
# the unshrunk example with its traceback is enough to find the walk that failed.
@settings(max_examples=50, deadline=None, derandomize=True, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(trajectories())
def test_no_evaluator_raises_on_random_deep_wide_malformed_trajectories(trajectory):
    check_all(trajectory)


@pytest.mark.parametrize("depth", [300, 2000])
@pytest.mark.parametrize("where", ["arguments", "result", "schema"])
def test_the_reported_depths(depth, where):
    deep = nested("leaf", depth, dicts=True)
    schema = {"type": "object", "properties": {"q": deep if where == "schema" else {"type": "object"}}}
    call = ToolCall(seq=1, name="get_weather", arguments={"q": deep} if where == "arguments" else {"q": {}},
                    result=deep if where == "result" else "ok")
    results = check_all(Trajectory(trace_id="d" * 32, input="q", output="done", tool_calls=[call],
                                   tools_offered=[ToolDefinition(name="get_weather", parameters=schema)]))
    assert results["parameters"].label != "not_applicable" or where == "schema"


def deep_file(tmp_path, arguments_depth: int, result_depth: int):
    """A trajectory file written as text (json.dumps itself stops near 1,000 levels)."""
    arguments = '{"k":' * arguments_depth + '"Paris"' + "}" * arguments_depth
    result = "[" * result_depth + '{"sky": "sunny"}' + "]" * result_depth
    path = tmp_path / "deep.json"
    path.write_text(f'{{"trace_id": "{"e" * 32}", "input": "weather in Paris", "output": "sunny", "tool_calls": '
                    f'[{{"seq": 1, "name": "get_weather", "arguments": {arguments}, "result": {result}}}]}}')
    return path


@pytest.mark.parametrize("depth", [300, 500, 1000])
def test_offline_evaluate_reads_deeply_nested_json_and_scores_it(tmp_path, depth):
    res = CliRunner().invoke(evaluate, ["--file", str(deep_file(tmp_path, depth, 300)), "--json"])
    assert res.exit_code == 0, res.output
    [scored] = json.loads(res.stdout)
    assert scored["errors"] == [] and len(scored["results"]) == 5
    if depth * len('{"k":') < MAX_CLIPPED_CHARS:  # the value past the limit is in the kept text
        grounding = next(r for r in scored["results"] if r["evaluator"] == "grounding")
        [path] = grounding["details"]["calls"][0]["grounded"]
        assert path.count("k") < MAX_JSON_DEPTH


def test_offline_evaluate_names_a_file_past_the_parsers_depth(tmp_path):
    res = CliRunner().invoke(evaluate, ["--file", str(deep_file(tmp_path, 10, 2000))])
    assert res.exit_code == 2 and "nested deeper than the JSON parser reads" in res.output


# Backtracking `re` needs seconds to minutes on these (29 characters of ^(a+)+$: 11.7 s, 35: ~12 min).
CATASTROPHIC = {"^(a+)+$": lambda n: "a" * (n - 1) + "!", "(a|aa)+$": lambda n: "a" * (n - 1) + "!",
                "(.*a){20}": lambda n: "b" * (n - 19) + "a" * 19}
BUDGET_S = 1.0


def within_budget(schema: dict, arguments: Any) -> tuple[float, Any]:
    """(CPU seconds, outcome) of `parameters` on one call under BUDGET_S, as a worker runs it. CPU time,
    not wall time: on a busy machine the budget fires on time, but the work after it waits for a core.
    What earlier tests left in this process is frozen out of the garbage collector's sweeps: a full
    collection over it runs in C, where no budget can stop it, and is no cost of this call."""
    t = Trajectory(trace_id="b" * 32, input="q", output="done", tool_calls=[ToolCall(seq=1, name="t", arguments=arguments)],
                   tools_offered=[ToolDefinition(name="t", parameters=schema)])
    evaluation = Evaluation(EvalContext(), budget_s=BUDGET_S)
    gc.collect()
    gc.freeze()
    try:
        start = time.process_time()
        outcome = evaluation.run(t, ["parameters"])
        return time.process_time() - start, outcome
    finally:
        gc.unfreeze()


@pytest.mark.perf
@pytest.mark.parametrize("length", [29, 35, 5000])
@pytest.mark.parametrize("pattern", list(CATASTROPHIC))
def test_a_catastrophic_pattern_gets_its_verdict_without_pythons_re(pattern, length, monkeypatch):
    given: list[str] = []
    search = re.search
    monkeypatch.setattr(re, "search", lambda p, *a, **k: given.append(p) or search(p, *a, **k))
    value = CATASTROPHIC[pattern](length)
    elapsed, outcome = within_budget({"type": "object", "properties": {"q": {"type": "string", "pattern": pattern}}},
                                     {"q": value})
    assert pattern not in given
    [result] = outcome.results
    assert (result.label, result.evidence) == ("constraint_error", [1])
    assert elapsed < 2 * BUDGET_S


def _nest(inner: Any, depth: int, key: str = "k") -> Any:
    for _ in range(depth):
        inner = {key: inner}
    return inner


N = 20_000
HUGE = {  # (schema, arguments), sized to cost `parameters` about its budget or more, in pure Python
    "wide": ({"type": "object", "properties": {f"p{i}": {"type": "string", "pattern": f"^(a+)+{i}$"} for i in range(N)}},
             {f"p{i}": "a" * 30 + "!" for i in range(N)}),
    "long enum": ({"type": "object", "properties": {"e": {"enum": [{"k": i} for i in range(10 * N)]}}}, {"e": {"k": -1}}),
    "wide anyOf": ({"type": "object", "properties": {"e": {"anyOf": [{"pattern": f"^x{i}$"} for i in range(N)]}}},
                   {"e": "y" * 1000}),
    "unique items": ({"type": "object", "properties": {"a": {"type": "array", "uniqueItems": True}}},
                     {"a": [{"k": i} for i in range(N)]}),
    "pattern properties": ({"type": "object", "additionalProperties": False,
                            "patternProperties": {f"^(a|aa)+{i}$": {"type": "integer"} for i in range(N // 10)}},
                           {"a" * 30 + f"{i}!": 1 for i in range(N // 10)}),
    "deep and wide": (_nest({"type": "object", "properties": {f"p{i}": {"pattern": "^(a+)+$"} for i in range(N // 10)}}, 15,
                            "not"), {f"p{i}": "a" * 30 + "!" for i in range(N // 10)}),
}


@pytest.mark.perf
@pytest.mark.parametrize("shape", list(HUGE))
def test_the_budget_holds_on_huge_schemas(shape):
    schema, arguments = HUGE[shape]
    elapsed, outcome = within_budget(schema, arguments)
    assert len(outcome.results) + len(outcome.errors) == 1
    assert all("stopped after its time budget" in e for e in outcome.errors), outcome.errors
    assert elapsed < 2 * BUDGET_S, f"{shape}: {elapsed:.2f} s"
