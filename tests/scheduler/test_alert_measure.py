"""What a task rule reads from a run's results: the statistics the report and `compare` use."""
from __future__ import annotations

import pytest

from evaluators.aggregate import compare
from evaluators.estimates import wilson_interval
from evaluators.scoring import welch_t_test
from scheduler.alert_rules import AlertRule
from scheduler.alerts.measure import read


def result(trace: str, evaluator: str, score: float | None, labels=(), version: str = "v1",
           dimension: str | None = None) -> dict:
    passed = None if score is None else not labels
    return {"trace_id": trace, "version": 1, "evaluator": evaluator, "score": score, "passed": passed,
            "label": labels[0] if labels else ("not_applicable" if score is None else "pass"), "labels": list(labels),
            "dimension": dimension or {"safety": "safety", "grounding": "knowledge"}.get(evaluator, "tool_use"),
            "agent_version": version, "trace_start": None, "findings": []}


def rule(**fields) -> AlertRule:
    return AlertRule.model_validate({"name": "r", **fields})


# Ten traces: safety fails three of them (pii_leak), grounding fails one (ungrounded_value).
ROWS = [result(f"t{i}", "safety", 0.0 if i < 3 else 1.0, ["pii_leak"] if i < 3 else ()) for i in range(10)] + \
       [result(f"t{i}", "grounding", 0.5 if i == 9 else 1.0, ["ungrounded_value"] if i == 9 else ()) for i in range(10)] + \
       [result("t0", "tool_selection", None)]


@pytest.mark.parametrize("estimate,index", [("point", None), ("lower", 0), ("upper", 1)])
def test_a_pass_rate_is_the_point_or_a_bound_of_its_wilson_interval(estimate, index):
    reading = read(rule(metric="pass_rate", evaluator="safety", below=0.8, estimate=estimate, confidence=0.9), ROWS)
    expected = 0.7 if index is None else wilson_interval(7, 10, 0.9)[index]
    assert reading.value == pytest.approx(expected) and reading.items == 10
    assert reading.breached is (expected < 0.8)
    assert reading.detail["interval"] == list(wilson_interval(7, 10, 0.9))
    assert reading.top_labels == [{"label": "pii_leak", "traces": 3, "share": 0.3}]
    assert reading.worst["trace_id"] == "t0" and reading.worst["labels"] == ["pii_leak"]


def test_the_whole_task_passes_a_trace_only_when_every_applicable_evaluator_did():
    reading = read(rule(metric="pass_rate", above=0.5), ROWS)
    assert reading.value == pytest.approx(0.6) and reading.breached  # t0-t2 fail safety, t9 fails grounding
    assert [t["label"] for t in reading.top_labels] == ["pii_leak", "ungrounded_value"]


def test_a_dimension_is_scored_per_trace_as_the_roll_up_and_a_mean_threshold_judges_it():
    rows = [result("a", "tool_selection", 1.0), result("a", "parameters", 0.0, ["type_error"]),
            result("b", "tool_selection", 1.0), result("b", "parameters", 1.0)]
    reading = read(rule(metric="mean_score", dimension="tool_use", below=0.8), rows)
    assert reading.value == pytest.approx(0.75) and reading.breached and reading.items == 2
    assert reading.worst["trace_id"] == "a"


def test_too_few_judged_traces_give_no_verdict_either_way():
    reading = read(rule(metric="pass_rate", evaluator="safety", below=0.99, min_items=11), ROWS)
    assert reading.breached is None and reading.value is None and "fewer than min_items 11" in reading.summary


def test_a_label_share_counts_traces_failing_with_that_label():
    reading = read(rule(metric="label_share", label="pii_leak", above=0.25), ROWS)
    assert reading.value == pytest.approx(0.3) and reading.breached
    assert reading.top_labels[0]["label"] == "pii_leak"
    assert not read(rule(metric="label_share", label="pii_leak", above=0.25, estimate="lower"), ROWS).breached


def test_a_new_label_is_one_the_task_never_failed_with_before():
    before = [result("old", "safety", 0.0, ["pii_leak"])]
    reading = read(rule(metric="new_label"), ROWS, before)
    assert reading.breached and reading.detail["new_labels"] == ["ungrounded_value"]
    assert reading.top_labels == [{"label": "ungrounded_value", "traces": 1, "share": 0.1}]
    assert reading.worst["trace_id"] == "t9"
    assert not read(rule(metric="new_label", evaluator="safety"), ROWS, before).breached


def test_a_drop_against_the_previous_runs_is_welchs_test_on_the_per_trace_scores():
    before = [result(f"p{i}", "safety", 1.0 if i % 5 else 0.0, () if i % 5 else ["pii_leak"]) for i in range(20)]
    reading = read(rule(metric="drop", evaluator="safety", against={"runs": 3}, alpha=0.05), ROWS, before)
    then, now = [1.0 if i % 5 else 0.0 for i in range(20)], [0.0] * 3 + [1.0] * 7
    assert reading.detail["p_value"] == pytest.approx(welch_t_test(then, now)[2])
    assert reading.value == pytest.approx(0.7 - 0.8) and reading.breached is (reading.detail["p_value"] < 0.05)
    assert not read(rule(metric="drop", evaluator="safety", against={"runs": 3}, by=0.2), ROWS, before).breached


def test_a_drop_against_another_version_is_the_compare_test():
    rows = [result(f"a{i}", "safety", s, () if s else ["pii_leak"], version="v1") for i, s in enumerate([1.0] * 9 + [0.0])]
    rows += [result(f"b{i}", "safety", s, () if s else ["pii_leak"], version="v2") for i, s in enumerate([1.0] * 4 + [0.0] * 6)]
    reading = read(rule(metric="drop", dimension="safety", against={"version": "v1"}), rows[10:], rows)
    change = next(c for c in compare(rows, "v1", "v2", []).changes if c.dimension == "safety")
    assert reading.detail["p_value"] == pytest.approx(change.p_value) and reading.value == pytest.approx(change.change)
    assert reading.breached and reading.items == 10
