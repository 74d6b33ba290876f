"""Every built-in evaluator keeps the EvalResult contract on every fixture trace and on edge-case
trajectories: score in [0, 1] or None, a reason, evidence inside the trajectory, a known label,
and findings that the summary fields summarise (each label once per call, on a real step or on
the whole trace)."""
from __future__ import annotations

from pathlib import Path

import pytest

from collector.trajectory import ToolDefinition, Trajectory
from evaluators.base import DIMENSIONS, EvalContext, Evaluator
from evaluators.registry import BUILTIN, DEFAULT_SET, get

from tests.fixture_traces import CASE_IDS, CASES, trajectory_at as fixture_trajectory
from .conftest import call, trajectory

# Every label of docs/evaluators.md: the failure-mode list (tool-error kinds included) and grounding's future_ref.
LABELS = {
    "hallucinated_tool", "wrong_tool", "missing_tool", "unnecessary_tool",
    "invalid_json", "missing_required", "unexpected_param", "type_error", "format_error", "enum_error",
    "constraint_error", "ungrounded_value", "relative_date", "wrong_value", "future_ref",
    "order_violation", "missing_prerequisite", "serial_waste",
    "rate_limit", "auth", "not_found", "server", "timeout", "validation",
    "blind_retry", "failing_call_loop", "no_recovery", "silent_failure",
    "repeated_identical_call", "cyclic_pattern", "redundant_calls",
    "no_final_answer", "unverified_success",
    "pii_leak", "prompt_injection_followed",
}
VERDICTS = {"pass", "not_applicable"}
def evaluator(alias: str) -> Evaluator:
    """Every built-in is importable: a broken import fails here, it is never skipped."""
    return get(alias)()


EDGE_CASES = {
    "empty": Trajectory(trace_id="e" * 32),
    "no_input_no_output": trajectory(call(1, "x", {"a": 1}), input=None, output=None),
    "invalid_json": trajectory(call(1, "x", "{a:", arguments_valid_json=False, arguments_raw="{a:")),
    "list_arguments": trajectory(call(1, "x", [1, "two", {"three": 3.0}]),
                                 offered=(ToolDefinition(name="x", parameters={"type": "object"}),)),
    "no_timings": trajectory(call(1, "x", {"a": 1}, start=0, end=0), call(2, "x", {"a": 2}, start=0, end=0)),
    "errors_only": trajectory(*(call(i, "x", {"a": 1}, error="boom") for i in range(1, 8)), output=""),
}


def check(result, alias: str, trajectory: Trajectory) -> None:
    assert result.evaluator == alias and result.dimension in DIMENSIONS
    assert result.score is None or 0.0 <= result.score <= 1.0
    assert result.reason and result.reason.strip() and "\n" not in result.reason
    seqs = {c.seq for c in trajectory.tool_calls}
    assert set(result.evidence) <= seqs, (result.evidence, seqs)
    assert result.label in LABELS | VERDICTS, result.label
    assert set(result.labels) <= LABELS, result.labels
    check_findings(result, seqs)
    if alias in DEFAULT_SET:  # the rule evaluators' own conventions
        if result.score is None:
            assert result.label == "not_applicable" and result.passed is None
        else:
            assert result.passed == (result.label == "pass")
            assert result.label == "pass" or result.label in result.labels
    result.model_dump_json()  # details serialise


def check_findings(result, seqs: set[int]) -> None:
    """`labels` and `evidence` are exactly what the findings say; one finding per label and step."""
    findings = result.findings
    assert [f.label for f in findings if f.label not in result.labels] == []
    assert set(result.labels) == {f.label for f in findings} and len(set(result.labels)) == len(result.labels)
    assert all(f.call is None or f.call in seqs for f in findings), ([f.call for f in findings], seqs)
    assert result.evidence == sorted({f.call for f in findings if f.call is not None})
    steps = [(f.call, f.label) for f in findings]
    assert len(steps) == len(set(steps)), steps
    for f in findings:
        assert f.reason.strip() and "\n" not in f.reason and f.label in f.reason, f
    if result.passed is False:
        assert findings and result.label == next(f.label for f in findings if f.label == result.label)
        assert any(result.reason.startswith(f.reason) for f in findings if f.label == result.label), result.reason


@pytest.mark.parametrize("alias", list(BUILTIN))
@pytest.mark.parametrize("index", range(len(CASES)), ids=CASE_IDS)
def test_fixture_traces(alias, index):
    trajectory = fixture_trajectory(index)
    check(evaluator(alias).evaluate(trajectory, EvalContext()), alias, trajectory)


@pytest.mark.parametrize("alias", list(BUILTIN))
@pytest.mark.parametrize("name", list(EDGE_CASES))
def test_edge_cases(alias, name):
    trajectory = EDGE_CASES[name]
    check(evaluator(alias).evaluate(trajectory, EvalContext()), alias, trajectory)


def test_the_calibration_table_covers_every_label():
    table = (Path(__file__).resolve().parents[2] / "docs" / "calibration.md").read_text(encoding="utf-8")
    rows = {label.strip() for line in table.splitlines() if line.startswith("| ")
            for label in line.split("|")[1].split(",")}
    assert LABELS <= rows, sorted(LABELS - rows)
