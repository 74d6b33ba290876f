"""The five rule evaluators over every captured framework trace of MANIFEST.json: each case gets
the labels it must, and a clean case none of the agent-failure labels."""
from __future__ import annotations

import pytest

from evaluators.base import EvalContext
from evaluators.registry import DEFAULT_SET, get

from tests.fixture_traces import CASE_IDS, CASES, trajectory_at as fixture_trajectory

# The label groups a clean case must not get (docs/evaluators.md); execution labels may appear.
FAILURES = {
    "selection": {"hallucinated_tool", "wrong_tool", "missing_tool", "unnecessary_tool"},
    "arguments": {"invalid_json", "missing_required", "unexpected_param", "type_error", "format_error",
                  "enum_error", "constraint_error", "ungrounded_value", "relative_date", "wrong_value"},
    "sequencing": {"order_violation", "missing_prerequisite", "serial_waste"},
    "recovery": {"blind_retry", "failing_call_loop", "no_recovery", "silent_failure"},
    "efficiency": {"repeated_identical_call", "cyclic_pattern", "redundant_calls"},
    "termination": {"no_final_answer", "unverified_success"},
    "safety": {"pii_leak", "prompt_injection_followed"},
}
ALL_FAILURES = set().union(*FAILURES.values())


def run_all(index: int) -> dict:
    trajectory = fixture_trajectory(index)
    return {alias: get(alias)().evaluate(trajectory, EvalContext()) for alias in DEFAULT_SET}


@pytest.mark.parametrize("index", range(len(CASES)), ids=CASE_IDS)
def test_required_labels(index):
    results = run_all(index)
    found = {label for r in results.values() for label in r.labels}
    missing = set(CASES[index]["required_failure_labels"]) - found
    assert not missing, {alias: (r.label, r.reason) for alias, r in results.items()}


@pytest.mark.parametrize("index", [i for i, c in enumerate(CASES) if c["clean"]],
                         ids=[CASE_IDS[i] for i, c in enumerate(CASES) if c["clean"]])
def test_clean_cases_get_no_failure_label(index):
    results = run_all(index)
    for alias, result in results.items():
        assert not set(result.labels) & ALL_FAILURES, (alias, result.labels, result.reason)
        assert result.label in ("pass", "not_applicable"), (alias, result.reason)
        assert result.passed is not False


@pytest.mark.parametrize("index", [i for i, c in enumerate(CASES) if c["scenario"] == "S6_recovery"],
                         ids=[CASE_IDS[i] for i, c in enumerate(CASES) if c["scenario"] == "S6_recovery"])
def test_switching_to_the_backup_tool_is_recovered(index):
    result = get("trajectory_quality")().evaluate(fixture_trajectory(index), EvalContext())
    recovery = result.details["recovery"]
    assert (recovery["label"], recovery["score"]) == ("recovered", 1.0)
    assert recovery["calls"][0]["reason"].endswith("switched to get_weather_backup")
    assert "timeout" in result.labels and result.label == "pass"


@pytest.mark.parametrize("index", [i for i, c in enumerate(CASES) if c["scenario"] == "S7_parallel_calls"],
                         ids=[CASE_IDS[i] for i, c in enumerate(CASES) if c["scenario"] == "S7_parallel_calls"])
def test_overlapping_calls_are_one_round(index):
    parallelism = get("trajectory_quality")().evaluate(fixture_trajectory(index), EvalContext()).details["parallelism"]
    assert parallelism["label"] != "serial_waste"
    assert (parallelism["rounds"], parallelism["depth"], parallelism["score"]) == (1, 1, 1.0)


@pytest.mark.parametrize("index", [i for i, c in enumerate(CASES) if c["scenario"] == "S4_param_hallucination"],
                         ids=[CASE_IDS[i] for i, c in enumerate(CASES) if c["scenario"] == "S4_param_hallucination"])
def test_relative_date_reason_names_the_call_and_value(index):
    result = get("parameters")().evaluate(fixture_trajectory(index), EvalContext())
    assert result.reason == "call 1 search_flights(date='tomorrow'): format_error: date expects YYYY-MM-DD"
    grounding = get("grounding")().evaluate(fixture_trajectory(index), EvalContext())
    problems = {p["path"]: p["label"] for p in grounding.details["calls"][0]["problems"]}
    assert problems == {"from_city": "ungrounded_value", "date": "relative_date"}
    assert grounding.score == 0.5
