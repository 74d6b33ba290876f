"""The bundled golden cases agree with the bundled tool schemas: a trace that follows a case
exactly is valid for `parameters` and scores 1.0 for `reference_chain`, so the two cannot drift."""
from __future__ import annotations

import pytest

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext
from evaluators.config import CONFIG_DIR
from evaluators.datasets import CASE_ID_ATTRIBUTE, load_cases
from evaluators.parameters import ParametersEvaluator
from evaluators.reference_chain import ReferenceChainEvaluator
from evaluators.schemas import load_tool_schemas

CASES = load_cases()
SCHEMAS = load_tool_schemas(CONFIG_DIR / "tools")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_trace_following_a_golden_case_is_valid_against_the_bundled_schemas(case):
    calls = [ToolCall(seq=i, name=step.tool, arguments=step.args) for i, step in enumerate(case.steps, 1)]
    followed = Trajectory(trace_id="golden", input=case.input, tool_calls=calls,
                          attributes={CASE_ID_ATTRIBUTE: case.id})
    parameters = ParametersEvaluator().evaluate(followed, EvalContext(tool_schemas=SCHEMAS))
    assert (parameters.label, parameters.score, parameters.details["checked"]) == ("pass", 1.0, len(calls)), \
        parameters.reason
    chain = ReferenceChainEvaluator().evaluate(followed, EvalContext(golden_cases=CASES))
    assert (chain.score, chain.label) == (1.0, "pass"), chain.reason


def test_each_payment_has_its_own_tool():
    """`pay` pays a flight found by search_flights, `pay_order` a shop order after check_stock."""
    tools = {case.id: [step.tool for step in case.steps] for case in CASES}
    assert tools["book-flight"] == ["login", "search_flights", "pay"]
    assert tools["buy-after-stock-check"] == ["check_stock", "pay_order"]
    assert set(SCHEMAS["pay"]["required"]) == {"token", "flight_id"}
    assert set(SCHEMAS["pay_order"]["required"]) == {"item_id", "quantity"}
