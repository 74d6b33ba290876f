"""Arguments that are not quite JSON (single quotes, a closing brace cut off, as models write them) are
judged on what they say: the parameters evaluator finds invalid_json, and the others judge the call as
they judge its well-formed twin, instead of reading nothing into it."""
from __future__ import annotations

import json

import pytest

from collector.trajectory import ToolDefinition
from evaluators.base import EvalContext
from evaluators.registry import get
from evaluators.trajectory_quality import EXECUTION
from evaluators.trajectory_view import TrajectoryView

from .conftest import call, trajectory

NOT_FAILURES = {label for label, _ in EXECUTION}


def _tool(name: str, description: str, **properties: dict) -> ToolDefinition:
    return ToolDefinition(name=name, description=description,
                          parameters={"type": "object", "properties": properties, "required": list(properties)})


HAGGIS = (
    _tool("check_batch_capacity", "Spare haggis batch capacity on a production day, by recipe.",
          date={"type": "string"}, service={"type": "string", "enum": ["traditional", "vegetarian"]}),
    _tool("place_haggis_order", "Place a wholesale haggis order for a delivery day.",
          date={"type": "string"}, service={"type": "string", "enum": ["traditional", "vegetarian"]},
          quantity={"type": "integer"}, currency={"type": "string"}),
    _tool("book_distillery_tour", "Book a distillery tour, by tour type.",
          tour={"type": "string", "enum": ["standard", "premium"]}),
)
ORDER = {"date": "2025-06-11", "service": "vegetarian", "quantity": 307, "currency": "EUR"}

# how models get JSON wrong: Python's quotes, the closing brace cut off
SINGLE_QUOTED = "single quoted"
CUT_OFF = "cut off"
WELL_FORMED = "well formed"


def written(arguments: dict, how: str):
    """`arguments` as the call records them, with the reading flags the collector sets."""
    text = json.dumps(arguments, ensure_ascii=False)
    if how == WELL_FORMED:
        return {"arguments": arguments}
    raw = text.replace('"', "'") if how == SINGLE_QUOTED else text[:-1]
    return {"arguments": raw, "arguments_raw": raw, "arguments_valid_json": False}


def labels(alias: str, run) -> list:
    """The evaluator's failure findings as (label, call); a failed call's own error (`validation`) is none."""
    result = get(alias)().evaluate(run, EvalContext())
    return sorted({(f.label, f.call) for f in result.findings if f.label not in NOT_FAILURES})


def haggis_order(how: str):
    return trajectory(
        call(1, "check_batch_capacity", {"date": "2025-06-11", "service": "vegetarian"}, {"free": True}),
        call(2, "place_haggis_order", result={"booking_ref": "HO-412397", "state": "received"}, **written(ORDER, how)),
        input="Please book a vegetarian haggis for my trade account on 2025-06-11, 307 kilos, invoice in euros.",
        output="Your vegetarian haggis order is placed for 2025-06-11 (ref HO-412397).", offered=HAGGIS)


@pytest.mark.parametrize("how", [SINGLE_QUOTED, CUT_OFF])
def test_the_order_is_judged_on_what_its_arguments_say(how):
    # "book" names the tour; the order's own words (vegetarian, 307, the day) are in its arguments however
    # they were quoted: the right tool, as with the well-formed twin
    run = haggis_order(how)
    assert labels("tool_selection", run) == labels("tool_selection", haggis_order(WELL_FORMED)) == []
    assert labels("parameters", run) == [("invalid_json", 2)]


def test_the_view_reads_them_and_keeps_the_text():
    run = haggis_order(SINGLE_QUOTED)
    read = TrajectoryView(run).trajectory.tool_calls[1]
    assert read.arguments == ORDER and not read.arguments_valid_json
    assert read.arguments_raw == run.tool_calls[1].arguments_raw
    assert TrajectoryView(haggis_order(WELL_FORMED)).trajectory.tool_calls[1].arguments == ORDER


@pytest.mark.parametrize("raw", ["not json at all", "['a', 'b']", "", "{" * 10,
                                 # nested past the depth limit: json-repair recurses (seconds, then an error)
                                 "{" * 65_000, '{"a": ' * 40 + "1", "[" * 5_000 + "{'a': 1"])
def test_what_reads_as_no_object_stays_unread(raw):
    run = trajectory(call(1, "place_haggis_order", raw, arguments_raw=raw, arguments_valid_json=False), offered=HAGGIS)
    assert TrajectoryView(run).trajectory.tool_calls[0].arguments == raw


SKIM = (
    _tool("find_skim_service", "Find a brake disc skimming service by disc type.",
          disc_type={"type": "string", "enum": ["solid", "vented"]}),
    _tool("price_skim", "Price a disc skim: service code and number of axles.",
          service_code={"type": "string"}, axles={"type": "integer"}),
    _tool("get_quote", "A skim quote by reference: price and the bay type it needs.", quote_ref={"type": "string"}),
    _tool("list_free_bays", "Free workshop bays of a type.", bay_type={"type": "string"}),
)


def skim(how: str):
    return trajectory(
        call(1, "find_skim_service", {"disc_type": "solid"}, {"results": [{"code": "SK-98674", "price": 17.69}]}),
        call(2, "price_skim", result={"quote_ref": "Q773984", "total": 99.14},
             **written({"service_code": "SK-98674", "axles": 2}, how)),
        call(3, "get_quote", result={"quote_ref": "Q773984", "bay_type": "lift-B2"}, **written({"quote_ref": "Q773984"}, how)),
        call(4, "list_free_bays", {"bay_type": "lift-B2"}, {"free": ["2025-09-23"]}),
        input="My solid discs judder. What would skimming 2 axles cost, and when is a bay free?",
        output="Quote Q773984: 99.14 for 2 axles; a bay is free on 2025-09-23.", offered=SKIM)


@pytest.mark.parametrize("how", [SINGLE_QUOTED, CUT_OFF])
def test_calls_that_send_an_earlier_result_waited_for_it(how):
    # each call sends what the one before found (the code, the quote, the bay type): four rounds were needed,
    # whatever the quotes of the arguments that carried them
    assert labels("trajectory_quality", skim(how)) == labels("trajectory_quality", skim(WELL_FORMED)) == []


@pytest.mark.parametrize("how", [SINGLE_QUOTED, CUT_OFF])
def test_calls_that_send_nothing_earlier_could_have_run_beside_it(how):
    # near miss: the prices send the user's own codes, so each waited on the calls before it for nothing
    run = trajectory(
        call(1, "find_skim_service", {"disc_type": "solid"}, {"results": [{"code": "SK-98674", "price": 17.69}]}),
        call(2, "price_skim", result={"total": 99.14}, **written({"service_code": "SK-11111", "axles": 2}, how)),
        call(3, "price_skim", result={"total": 59.14}, **written({"service_code": "SK-22222", "axles": 1}, how)),
        input="Skim my solid discs: price 2 axles of service SK-11111 and 1 axle of SK-22222.",
        output="SK-11111 for 2 axles: 99.14; SK-22222 for 1 axle: 59.14.", offered=SKIM)
    assert labels("trajectory_quality", run) == [("serial_waste", 2), ("serial_waste", 3)]


def test_values_the_tool_never_took_are_not_judged_for_grounding():
    # the text cut off inside a value ("2026-08-"): the call's fault is invalid_json, not an invented date
    raw = '{"employee_id": "E87903", "start_date": "2026-08-18", "end_date": "2026-08-'
    run = trajectory(call(1, "submit_leave_request", raw, {"error": "not valid JSON"}, arguments_raw=raw,
                          arguments_valid_json=False),
                     call(2, "submit_leave_request", {"employee_id": "E87903", "start_date": "2026-08-18",
                                                      "end_date": "2026-08-22"}, {"request_id": "LR-3177"}),
                     input="Book holiday 2026-08-18 to 2026-08-22, I'm E87903.", output="Submitted: LR-3177.")
    assert labels("grounding", run) == []
    # near miss: the same invented value in arguments the tool took is ungrounded
    invented = trajectory(call(1, "submit_leave_request", {"employee_id": "E87903", "end_date": "2026-09-30"}),
                          input="Book holiday from 2026-08-18, I'm E87903.", output="Submitted.")
    assert labels("grounding", invented) == [("ungrounded_value", 1)]
