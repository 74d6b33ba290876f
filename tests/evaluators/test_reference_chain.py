"""reference_chain: the seed's ToolChainEvaluator numbers, dependencies, critical steps, match modes."""
from __future__ import annotations

from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext
from evaluators.datasets import DatasetError, GoldenCase, load_cases, match_case
from evaluators.reference_chain import ReferenceChainEvaluator, lcs_length, normalize

EVALUATOR = ReferenceChainEvaluator()
CASES = load_cases()

# The seed's __main__ (000), verbatim.
SEED_REFERENCE = [
    {"tool": "search", "args": {"query": "北京天气"}},
    {"tool": "calculator", "args": {"expr": "rain_prob * 0.6"}},
    {"tool": "report", "args": {"format": "markdown"}},
]
SEED_PREDICTION = [
    {"tool": "search", "args": {"query": "北京天气"}},
    {"tool": "report", "args": {"format": "markdown"}},
    {"tool": "calculator", "args": {"expr": "rain_prob * 0.6"}},
]


def trajectory(calls: list[tuple], case_id: str | None = None, text: str | None = None) -> Trajectory:
    """calls: (name, arguments) or (name, arguments, status)."""
    return Trajectory(
        trace_id="t1", input=text, attributes={"tracepatrol.case_id": case_id} if case_id else {},
        tool_calls=[ToolCall(seq=i, name=c[0], arguments=c[1], status=c[2] if len(c) > 2 else "ok",
                             error_type="server" if len(c) > 2 else None) for i, c in enumerate(calls, 1)])


def evaluate(calls: list[tuple], case_id: str, **options: Any):
    return EVALUATOR.evaluate(trajectory(calls, case_id), EvalContext(golden_cases=CASES, options=options))


def test_seed_example_reproduces_exactly():
    case = GoldenCase(id="seed", steps=SEED_REFERENCE)
    traj = trajectory([(c["tool"], c["args"]) for c in SEED_PREDICTION], "seed")
    r = EVALUATOR.evaluate(traj, EvalContext(golden_cases=[case]))
    d = r.details
    printed = ["selection: %.2f" % d["selection"], "order: %.2f" % d["order"],
               "parameter: %.2f" % d["parameters"], "total: %.2f" % r.score]
    assert printed == ["selection: 1.00", "order: 0.67", "parameter: 1.00", "total: 0.90"]  # the seed's output
    assert d["order"] == pytest.approx(2 / 3) and d["success"] is True  # 0.4 + 0.3·2/3 + 0.2 + 0.1
    assert (r.passed, r.label, r.labels, r.evidence) == (True, "pass", [], [])
    assert r.reason == "case seed: selection 1.00, order 0.67, parameters 1.00, success 1, total 0.90"


def test_seed_example_from_the_dataset_file():
    r = evaluate([(c["tool"], c["args"]) for c in SEED_PREDICTION], "weather-run-report")
    assert r.score == pytest.approx(0.90) and r.passed and r.dimension == "task_planning"


def test_golden_case_matched_by_exact_input_text():
    case = next(c for c in CASES if c.id == "weather-run-report")
    assert match_case(trajectory([], text=case.input), CASES) is case
    assert match_case(trajectory([], text=case.input + " "), CASES) is None
    by_id = match_case(trajectory([], case_id="buy-after-stock-check", text=case.input), CASES)
    assert by_id.id == "buy-after-stock-check"  # the attribute wins over the input text


def test_not_applicable_without_a_matching_case():
    r = EVALUATOR.evaluate(trajectory([("search", {})], "nope", text="hello"), EvalContext(golden_cases=CASES))
    assert (r.score, r.label, r.passed) == (None, "not_applicable", None)
    assert "no golden case" in r.reason


def test_perfect_booking():
    r = evaluate([("login", {"user": "demo_user"}),
                  ("search_flights", {"token": "tok-9", "from_city": "北京 ", "to_city": "上海", "date": "2025-07-01"}),
                  ("pay", {"token": "tok-9", "flight_id": "CA1501"})], "book-flight")
    assert (r.score, r.passed, r.label) == (1.0, True, "pass")


def test_pay_before_check_stock_caps_total_at_zero():
    r = evaluate([("pay_order", {"item_id": "SKU-1001", "quantity": 2}), ("check_stock", {"item_id": "SKU-1001"})],
                 "buy-after-stock-check")
    # the finding is on the call that ran too early; its prerequisite (call 2) is named in the reason
    assert (r.score, r.passed, r.label, r.evidence) == (0.0, False, "order_violation", [1])
    assert r.details["capped"] and r.details["total_uncapped"] == pytest.approx(0.4 + 0.3 * 0.5 + 0.2)
    assert r.reason.startswith("call 1 pay_order(item_id='SKU-1001', quantity=2): order_violation: ran before its "
                               "prerequisite check_stock (call 2)")


def test_pay_without_check_stock_is_a_missing_prerequisite():
    r = evaluate([("pay_order", {"item_id": "SKU-1001", "quantity": 2})], "buy-after-stock-check")
    assert (r.score, r.label, r.labels) == (0.0, "missing_prerequisite", ["missing_prerequisite", "missing_tool"])
    assert "prerequisite check_stock was never done successfully" in r.reason


def test_failed_prerequisite_does_not_count():
    r = evaluate([("check_stock", {"item_id": "SKU-1001"}, "error"),
                  ("pay_order", {"item_id": "SKU-1001", "quantity": 2})],
                 "buy-after-stock-check")
    assert (r.score, r.label) == (0.0, "missing_prerequisite")


def test_non_critical_dependency_fails_success_but_does_not_cap():
    r = evaluate([("search_flights", {"token": "tok-9", "from_city": "北京", "to_city": "上海", "date": "2025-07-01"}),
                  ("login", {"user": "demo_user"}),
                  ("pay", {"token": "tok-9", "flight_id": "CA1501"})], "book-flight")
    assert r.label == "order_violation" and not r.passed and not r.details["capped"]
    assert r.score == pytest.approx(0.4 + 0.3 * 2 / 3 + 0.2)


def test_wrong_value_names_the_call_and_the_value():
    r = evaluate([("search", {"query": "上海天气"}), ("calculator", {"expr": "rain_prob * 0.6"}),
                  ("report", {"format": "markdown"})], "weather-run-report")
    assert (r.label, r.passed, r.evidence) == ("wrong_value", False, [1])
    assert r.details["parameters"] == pytest.approx(2 / 3)
    assert r.reason.startswith(
        "call 1 search(query='上海天气'): wrong_value: query='上海天气', expects '北京天气' (exact)")
    assert r.labels == ["wrong_value"]  # calculator followed a search: not reported again as missing_prerequisite


def test_missing_and_unnecessary_tools():
    r = evaluate([("search", {"query": "北京天气"}), ("get_weather", {"city": "北京"}),
                  ("calculator", {"expr": "rain_prob * 0.6"})], "weather-run-report")
    assert r.labels == ["missing_tool", "unnecessary_tool"] and not r.passed
    d = r.details
    assert [d["selection"], d["precision"], d["f1"], d["order"]] == pytest.approx([2 / 3] * 4)
    assert r.evidence == [2]


def test_unnecessary_tool_alone_keeps_success():
    r = evaluate([("search", {"query": "北京天气"}), ("calculator", {"expr": "rain_prob * 0.6"}),
                  ("report", {"format": "markdown"}), ("send_email", {})], "weather-run-report")
    assert r.passed and r.label == "unnecessary_tool"
    assert r.score == pytest.approx(0.4 + 0.3 * 3 / 4 + 0.2 + 0.1)


def test_critical_step_that_never_succeeded():
    r = evaluate([("check_stock", {"item_id": "SKU-1001"}), ("pay_order", {"item_id": "SKU-1001", "quantity": 2}, "error")],
                 "buy-after-stock-check")
    assert (r.label, r.passed) == ("no_recovery", False)
    assert r.score == pytest.approx(0.9)  # parameters were right; only success is lost
    assert "critical step pay_order never succeeded (server)" in r.reason


def test_each_reference_step_needs_its_own_call():
    case = GoldenCase(id="twice", steps=[{"id": "a", "tool": "search", "args": {"q": "a"}},
                                         {"id": "b", "tool": "search", "args": {"q": "b"}, "after": ["a"]}])
    ctx = EvalContext(golden_cases=[case])
    ok = EVALUATOR.evaluate(trajectory([("search", {"q": "a"}), ("search", {"q": "b"})], "twice"), ctx)
    assert ok.score == 1.0
    once = EVALUATOR.evaluate(trajectory([("search", {"q": "a"})], "twice"), ctx)
    assert once.details["parameters"] == 0.5 and once.label == "wrong_value"
    assert once.reason.startswith("call 1 search(q='a'): wrong_value: q='a', expects 'b' (exact)")
    same_twice = GoldenCase(id="twice", steps=[{"id": "a", "tool": "search", "args": {"q": "a"}},
                                               {"id": "b", "tool": "search", "args": {"q": "a"}}])
    r = EVALUATOR.evaluate(trajectory([("search", {"q": "a"})], "twice"), EvalContext(golden_cases=[same_twice]))
    assert "step b needs its own call" in r.reason


def test_weights_are_configurable():
    weights = {"selection": 0.25, "order": 0.25, "parameters": 0.25, "success": 0.25}
    r = evaluate([(c["tool"], c["args"]) for c in SEED_PREDICTION], "weather-run-report",
                 reference_chain={"weights": weights})
    assert r.score == pytest.approx(0.25 * (1 + 2 / 3 + 1 + 1))
    with pytest.raises(ValidationError, match="sum to 1.5, not 1"):
        evaluate([], "weather-run-report", reference_chain={"weights": {"selection": 0.9, "order": 0.3}})


CASE_MODES = GoldenCase(id="modes", steps=[{
    "tool": "t",
    "args": {"exact": True, "sub": ["a", "b", "c"], "sup": "北京", "norm": "New York, NY", "num": "1,280.00"},
    "match": {"sub": "subset", "sup": "superset", "norm": "normalized", "num": "normalized", "token": "ignore"},
}])


@pytest.mark.parametrize(("arguments", "ok"), [
    ({"exact": True, "sub": ["a", "c"], "sup": "北京 朝阳", "norm": "new  york ny", "num": 1280, "token": 7}, True),
    ({"exact": True, "sub": [], "sup": "北京", "norm": "NEW YORK NY.", "num": "1280"}, True),
    ({"exact": 1, "sub": ["a"], "sup": "北京", "norm": "New York, NY", "num": 1280}, False),  # 1 is not True
    ({"exact": True, "sub": ["a", "d"], "sup": "北京", "norm": "New York, NY", "num": 1280}, False),
    ({"exact": True, "sub": ["a"], "sup": "北", "norm": "New York, NY", "num": 1280}, False),
    ({"exact": True, "sub": ["a"], "sup": "北京", "norm": "New Jersey", "num": 1280}, False),
    ({"exact": True, "sub": ["a"], "sup": "北京", "norm": "New York, NY", "num": 1281}, False),
    ({"exact": True, "sub": ["a"], "sup": "北京", "norm": "New York, NY"}, False),  # num missing
    ({"exact": True, "sub": ["a"], "sup": "北京", "norm": "New York, NY", "num": 1280, "extra": 1}, False),
])
def test_match_modes(arguments, ok):
    r = EVALUATOR.evaluate(trajectory([("t", arguments)], "modes"), EvalContext(golden_cases=[CASE_MODES]))
    assert r.passed is ok


def test_normalize_folds_forms():
    assert normalize("  Hello,  World! ") == normalize("hello world")
    assert normalize("１,２８０") == normalize(1280) == normalize(1280.0) == normalize("1280.00")
    assert normalize("2025年7月1日") == normalize("July 1, 2025") == normalize("2025-07-01")
    assert normalize(True) is True and normalize(True) != normalize("true")
    assert normalize({"city": [" 北京 "]}) == normalize({"city": ["北京"]})


def test_lcs():
    assert lcs_length(["a", "b", "c"], ["a", "c", "b"]) == 2
    assert lcs_length([], ["a"]) == 0
    assert lcs_length(list("abcbdab"), list("bdcaba")) == 4


@pytest.mark.parametrize(("steps", "message"), [
    ([{"tool": "a"}, {"tool": "b", "after": ["c"]}], r"steps\[1\] \(b\)\.after: 'c' is not an earlier step's id"),
    ([{"tool": "b", "after": ["a"]}, {"tool": "a"}], r"'a' is not an earlier step's id"),
    ([{"tool": "a"}, {"tool": "a"}], r"steps\[1\]\.id 'a' is used twice"),
    ([{"tool": "a", "match": {"x": "normalized"}}], r"match\.x: 'normalized' needs a reference value in args\.x"),
    ([{"tool": "a", "match": {"x": "fuzzy"}}], r"match\.x"),
    ([], r"steps"),
])
def test_case_validation(steps, message):
    with pytest.raises(ValidationError, match=message):
        GoldenCase(id="c", steps=steps)


def test_dataset_loader_errors_name_file_and_key(tmp_path):
    (tmp_path / "a.yaml").write_text(yaml.safe_dump({"cases": [{"id": "weather-run-report", "steps": [{"tool": "x"}]}]},
                                                    allow_unicode=True))
    with pytest.raises(DatasetError, match=r"a\.yaml: case id 'weather-run-report' is already defined in .*seed_"):
        load_cases(tmp_path)
    (tmp_path / "a.yaml").write_text(yaml.safe_dump({"cases": [{"id": "x", "steps": [{"tool": "x", "crit": 1}]}]}))
    with pytest.raises(DatasetError, match=r"a\.yaml: cases\.0\.steps\.0\.crit: Extra inputs are not permitted"):
        load_cases(tmp_path)


def test_dataset_file_has_the_seed_cases():
    by_id = {c.id: c for c in CASES}
    assert [s.tool for s in by_id["weather-run-report"].steps] == ["search", "calculator", "report"]
    booking = by_id["book-flight"].steps
    assert [(s.tool, s.after, s.critical) for s in booking] == [
        ("login", [], False), ("search_flights", ["login"], False), ("pay", ["search_flights"], True)]
    assert [(s.tool, s.after, s.critical) for s in by_id["buy-after-stock-check"].steps] == [
        ("check_stock", [], False), ("pay_order", ["check_stock"], True)]
