"""build_trajectory: every captured framework case of MANIFEST.json, then synthetic spans for
the conventions the captures do not cover."""
from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pyarrow as pa
import pytest

from collector.decoding.otlp import parse_protobuf, to_batch
from collector.assembly.build import build_trajectory
from collector.span import SpanRecord
from collector.store import Assembled, records_by_trace, trajectory_tables
from collector.trajectory import LLMCall, ToolCall, Trajectory
from tests.fixture_traces import FIXTURES, MANIFEST, load_case

DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"
TRACE = "0af7651916cd43dd8448eb211c80319c"
T0 = 1_700_000_000_000_000_000
MS = 1_000_000


@pytest.fixture(scope="module", params=MANIFEST["cases"], ids=lambda c: f"{c['framework']}/{c['scenario']}")
def case(request) -> tuple[dict, Trajectory]:
    return request.param, build_trajectory(load_case(request.param))


def test_fixture_trace_shape(case):
    expected, trajectory = case
    assert trajectory.trace_id == expected["trace_id"]
    assert trajectory.span_count == expected["span_count"]
    assert trajectory.llm_call_count == len(trajectory.llm_calls) == expected["llm_calls"]
    assert (trajectory.tokens.input, trajectory.tokens.output) == (
        expected["tokens"]["input"], expected["tokens"]["output"])


def test_fixture_tool_calls(case):
    expected, trajectory = case
    calls = trajectory.tool_calls
    assert [c.name for c in calls] == [c["name"] for c in expected["tool_calls"]]
    assert [c.arguments for c in calls] == [c["arguments"] for c in expected["tool_calls"]]
    assert [c.status for c in calls] == [c["outcome"] for c in expected["tool_calls"]]
    assert [c.seq for c in calls] == list(range(1, len(calls) + 1))
    assert all(c.call_id and c.arguments_valid_json for c in calls)
    assert trajectory.tool_errors == sum(c["outcome"] == "error" for c in expected["tool_calls"])
    assert all(c.error and c.result is not None for c in calls if c.status == "error")


def test_fixture_conversation_and_context(case):
    expected, trajectory = case
    assert trajectory.input == expected["user_input"]
    assert trajectory.output == expected["final_output"]
    assert trajectory.user_id == expected["user_id"]
    assert trajectory.session_id == expected["session_id"]
    assert trajectory.agent.name == "travel_assistant"
    assert trajectory.status == "ok"


def test_fixture_tools_offered(case):
    expected, trajectory = case
    offered = {d.name: d for d in trajectory.tools_offered}
    assert len(offered) == len(trajectory.tools_offered)
    with_schema = all(c.name in offered and offered[c.name].parameters for c in trajectory.tool_calls)
    assert with_schema == expected["tools_offered_with_json_schema"]
    assert all(c.offered for c in trajectory.tool_calls)
    if expected["date_pattern_in_schema"]:
        assert offered["search_flights"].parameters["properties"]["date"]["pattern"] == DATE_PATTERN


# --- synthetic spans -------------------------------------------------------------------------

def span(span_id: str, name: str, parent: str | None = None, attrs: dict | None = None,
         events: list | None = None, start: int = 0, end: int = 1, status: int = 0,
         message: str = "", resource: dict | None = None) -> SpanRecord:
    """A span `start`..`end` milliseconds into the trace."""
    return SpanRecord(
        trace_id=TRACE, span_id=span_id, parent_span_id=parent, name=name, kind=1,
        start_ns=T0 + start * MS, end_ns=T0 + end * MS, status_code=status, status_message=message,
        attributes=attrs or {}, events=events or [], resource=resource or {"service.name": "svc"},
        service_name=(resource or {"service.name": "svc"}).get("service.name"))


def event(name: str, at_ms: int = 0, **attributes: Any) -> dict:
    return {"name": name, "time_unix_nano": T0 + at_ms * MS, "attributes": attributes}


def dumps(value: Any) -> str:
    return json.dumps(value)


WEATHER_SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}


def test_genai_parts_messages_recover_arguments_and_result_by_call_id():
    spans = [
        span("a1", "invoke_agent planner", attrs={"gen_ai.operation.name": "invoke_agent",
                                                  "gen_ai.agent.name": "planner", "gen_ai.agent.version": "2.1"},
             end=30),
        span("c1", "chat m", "a1", start=1, end=5, attrs={
            "gen_ai.operation.name": "chat", "gen_ai.request.model": "m", "gen_ai.provider.name": "openai",
            "gen_ai.usage.input_tokens": 10, "gen_ai.usage.output_tokens": 4,
            "gen_ai.tool.definitions": dumps([{"type": "function", "name": "get_weather",
                                               "description": "Weather.", "parameters": WEATHER_SCHEMA}]),
            "gen_ai.input.messages": dumps([
                {"role": "system", "parts": [{"type": "text", "content": "Be brief."}]},
                {"role": "user", "parts": [{"type": "text", "content": "Weather in Oslo?"}]}]),
            "gen_ai.output.messages": dumps([{"role": "assistant", "finish_reason": "tool_call", "parts": [
                {"type": "tool_call", "id": "t1", "name": "get_weather", "arguments": {"city": "Oslo"}}]}]),
        }),
        span("x1", "execute_tool get_weather", "a1", start=6, end=9, attrs={
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.id": "t1"}),
        span("c2", "chat m", "a1", start=10, end=20, attrs={
            "gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 20, "gen_ai.usage.output_tokens": 6,
            "gen_ai.input.messages": dumps([
                {"role": "user", "parts": [{"type": "text", "content": "Weather in Oslo?"}]},
                {"role": "assistant", "parts": [{"type": "tool_call", "id": "t1", "name": "get_weather",
                                                 "arguments": {"city": "Oslo"}}]},
                {"role": "tool", "parts": [{"type": "tool_call_response", "id": "t1", "response": {"temp": 3}}]}]),
            "gen_ai.output.messages": dumps([{"role": "assistant", "finish_reason": "stop",
                                              "parts": [{"type": "text", "content": "3 degrees."}]}]),
        }),
    ]
    t = build_trajectory(spans, version=3)
    assert (t.version, t.agent.name, t.agent.version, t.service_name) == (3, "planner", "2.1", "svc")
    assert (t.input, t.output) == ("Weather in Oslo?", "3 degrees.")
    [call] = t.tool_calls
    assert (call.seq, call.call_id, call.arguments, call.result, call.offered) == (
        1, "t1", {"city": "Oslo"}, {"temp": 3}, True)
    assert [c.requested_tools for c in t.llm_calls] == [["get_weather"], []]
    assert [c.finish_reasons for c in t.llm_calls] == [["tool_call"], ["stop"]]
    assert (t.llm_calls[0].model, t.llm_calls[0].provider) == ("m", "openai")
    assert t.tokens.model_dump() == {"input": 30, "output": 10, "total": 40}
    assert t.tools_offered[0].model_dump() == {"name": "get_weather", "description": "Weather.",
                                              "parameters": WEATHER_SCHEMA}


def test_input_is_the_latest_user_message_not_the_history():
    history = [{"role": "user", "content": "old question"}, {"role": "assistant", "content": "old answer"},
               {"role": "user", "content": "new question"}]
    spans = [span("r", "invoke_agent a", end=9, attrs={"pydantic_ai.all_messages": dumps(
                 history + [{"role": "user", "content": "retry prompt"}])}),
             span("c", "chat", "r", {"gen_ai.operation.name": "chat", "gen_ai.input.messages": dumps(history)},
                  start=1, end=2)]
    assert build_trajectory(spans).input == "new question"


def test_earlier_turns_and_the_resource_are_the_trajectorys_context():
    """What grounding reads beside the request: the conversation before it (not this trace's
    calls) and the resource's scalar ids."""
    earlier = [{"role": "user", "content": "book PEK to SHA on Dec 3"},
               {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {
                   "name": "search_flights", "arguments": dumps({"from": "PEK", "to": "SHA"})}}]},
               {"role": "tool", "tool_call_id": "c1", "content": dumps({"flight": "MU5101"})},
               {"role": "user", "content": "now pay for it"}]
    resource = {"service.name": "svc", "tenant.id": "t-42", "deployment": {"nested": 1}}
    spans = [span("r", "invoke_agent a", end=9, resource=resource),
             span("c", "chat", "r", {"gen_ai.operation.name": "chat", "gen_ai.input.messages": dumps(earlier)},
                  start=1, end=2, resource=resource)]
    traj = build_trajectory(spans)
    assert traj.input == "now pay for it" and traj.tool_calls == []
    assert [m.role for m in traj.history] == ["user", "assistant", "tool"]
    assert traj.history[1].calls == [{"name": "search_flights", "arguments": {"from": "PEK", "to": "SHA"}}]
    assert traj.history[2].results == [{"flight": "MU5101"}]
    assert traj.resource == {"service.name": "svc", "tenant.id": "t-42"}


def test_genai_indexed_prompt_and_completion_attributes():
    llm = {
        "llm.request.type": "chat", "gen_ai.system": "openai", "gen_ai.request.model": "gpt",
        "gen_ai.usage.prompt_tokens": 50, "gen_ai.usage.completion_tokens": 7, "llm.usage.total_tokens": 57,
        "gen_ai.prompt.0.role": "system", "gen_ai.prompt.0.content": "Be brief.",
        "gen_ai.prompt.1.role": "user", "gen_ai.prompt.1.content": "Weather in Rome and Oslo?",
        "gen_ai.completion.0.role": "assistant", "gen_ai.completion.0.finish_reason": "tool_calls",
        "gen_ai.completion.0.tool_calls.0.id": "a", "gen_ai.completion.0.tool_calls.0.name": "get_weather",
        "gen_ai.completion.0.tool_calls.0.arguments": '{"city": "Rome"}',
        "gen_ai.completion.0.tool_calls.1.id": "b", "gen_ai.completion.0.tool_calls.1.name": "get_weather",
        "gen_ai.completion.0.tool_calls.1.arguments": '{"city": "Oslo"}',
        "llm.request.functions.0.name": "get_weather", "llm.request.functions.0.description": "Weather.",
        "llm.request.functions.0.parameters": dumps(WEATHER_SCHEMA),
    }
    final = {"llm.request.type": "chat", "gen_ai.usage.prompt_tokens": 80, "gen_ai.usage.completion_tokens": 9,
             "gen_ai.prompt.0.role": "user", "gen_ai.prompt.0.content": "Weather in Rome and Oslo?",
             "gen_ai.prompt.1.role": "tool", "gen_ai.prompt.1.tool_call_id": "a", "gen_ai.prompt.1.content": "20C",
             "gen_ai.completion.0.role": "assistant", "gen_ai.completion.0.content": "Rome 20C, Oslo 3C."}
    spans = [
        span("r", "agent.workflow", attrs={"traceloop.span.kind": "workflow"}, end=20),
        span("l1", "openai.chat", "r", llm, start=1, end=2),
        span("t1", "get_weather.tool", "r", {"traceloop.span.kind": "tool", "traceloop.entity.name": "get_weather"},
             start=3, end=4),
        span("t2", "get_weather.tool", "r", {"traceloop.span.kind": "tool", "traceloop.entity.name": "get_weather"},
             start=3, end=5),
        span("l2", "openai.chat", "r", final, start=6, end=7),
    ]
    t = build_trajectory(spans)
    assert t.llm_calls[0].requested_tools == ["get_weather", "get_weather"]
    assert [(c.call_id, c.arguments) for c in t.tool_calls] == [("a", {"city": "Rome"}), ("b", {"city": "Oslo"})]
    assert t.tool_calls[0].result == "20C"
    assert t.tokens.model_dump() == {"input": 130, "output": 16, "total": 57 + 89}
    assert (t.input, t.output) == ("Weather in Rome and Oslo?", "Rome 20C, Oslo 3C.")
    assert t.tools_offered[0].parameters == WEATHER_SCHEMA and t.tool_calls[0].offered


def test_genai_content_prompt_and_completion_events():
    chat = span("c", "chat gpt", attrs={"gen_ai.operation.name": "chat"}, events=[
        event("gen_ai.content.prompt", **{"gen_ai.prompt": dumps([{"role": "user", "content": "Hi there"}])}),
        event("gen_ai.content.completion",
              **{"gen_ai.completion": dumps([{"role": "assistant", "content": "Hello!"}])}),
    ])
    t = build_trajectory([chat])
    assert (t.input, t.output, t.llm_call_count) == ("Hi there", "Hello!", 1)

def test_deprecated_completion_of_text_choices_gives_the_text():
    """`gen_ai.completion` as a JSON list of `{text, finish_reason}` choices (not role/content
    messages), on the span or in its content event: the answer is the text, not the JSON."""
    choices = dumps([{"text": "Hello there!", "finish_reason": "stop"}])
    for attrs, events in [({"gen_ai.system": "openai", "gen_ai.completion": choices}, []),
                          ({"gen_ai.system": "openai"}, [event("gen_ai.content.completion", **{"gen_ai.completion": choices})])]:
        t = build_trajectory([span("c", "completion", attrs=attrs, events=events)])
        assert (t.output, t.llm_calls[0].finish_reasons) == ("Hello there!", ["stop"])


def test_content_events_with_role_lines_and_plain_text():
    """OpenLIT 1.2x: the prompt event holds `role: text` lines, the completion event the text."""
    chat = span("c", "openai.chat.completions", attrs={"gen_ai.system": "openai", "gen_ai.endpoint": "openai.chat"}, events=[
        event("gen_ai.content.prompt", **{"gen_ai.prompt": "system: Be brief.\nuser: Hi there"}),
        event("gen_ai.content.completion", **{"gen_ai.completion": "Hello!"})])
    assert (build_trajectory([chat]).input, build_trajectory([chat]).output) == ("Hi there", "Hello!")



def test_genai_per_message_events_and_choice_with_tool_calls():
    choice = {"role": "assistant", "tool_calls": [
        {"id": "k1", "type": "function", "function": {"name": "lookup", "arguments": '{"q": "x"}'}}]}
    spans = [
        span("c", "chat gpt", attrs={"gen_ai.operation.name": "chat"}, events=[
            event("gen_ai.system.message", content="Be brief."),
            event("gen_ai.user.message", content="Find x"),
            event("gen_ai.choice", index=0, finish_reason="tool_calls", message=dumps(choice))], end=2),
        span("x", "execute_tool lookup", attrs={"gen_ai.operation.name": "execute_tool",
                                                "gen_ai.tool.name": "lookup"}, start=3, end=4),
    ]
    t = build_trajectory(spans)
    assert t.input == "Find x"
    assert t.llm_calls[0].requested_tools == ["lookup"]
    assert t.llm_calls[0].finish_reasons == ["tool_calls"]
    assert (t.tool_calls[0].call_id, t.tool_calls[0].arguments) == ("k1", {"q": "x"})
    assert t.root_span_id == "c"


def test_openllmetry_traceloop_tool_spans_and_association_properties():
    calc_schema = {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}}
    assoc = "traceloop.association.properties."
    spans = [
        span("w", "trip.workflow", end=10, attrs={
            "traceloop.span.kind": "workflow", "traceloop.entity.name": "trip", "traceloop.workflow.name": "trip",
            "traceloop.entity.version": "7",
            "traceloop.entity.input": dumps({"args": ["Plan my trip"], "kwargs": {}}),
            "traceloop.entity.output": dumps("Trip planned."),
            assoc + "user_id": "u-9", assoc + "session_id": "s-9"}),
        span("l", "openai.chat", "w", start=1, end=2, attrs={
            "llm.request.type": "chat", "llm.request.functions.0.name": "add",
            "llm.request.functions.0.parameters": dumps(calc_schema)}),
        span("t1", "search.tool", "w", start=3, end=4, attrs={
            "traceloop.span.kind": "tool", "traceloop.entity.name": "search",
            "traceloop.entity.input": dumps({"args": [], "kwargs": {"q": "Rome"}}),
            "traceloop.entity.output": dumps(dumps({"hits": 2}))}),
        span("t2", "add.tool", "w", start=5, end=6, attrs={
            "traceloop.span.kind": "tool", "traceloop.entity.name": "add",
            "traceloop.entity.input": dumps({"args": [1, 2], "kwargs": {}}), "traceloop.entity.output": "3"}),
    ]
    t = build_trajectory(spans)
    assert (t.user_id, t.session_id, t.agent.name, t.agent.version) == ("u-9", "s-9", "trip", "7")
    assert (t.input, t.output) == ("Plan my trip", "Trip planned.")
    search, add = t.tool_calls
    assert (search.name, search.arguments, search.result, search.offered) == (
        "search", {"q": "Rome"}, {"hits": 2}, False)
    assert (add.arguments, add.result, add.offered) == ({"a": 1, "b": 2}, 3, True)


def test_pydantic_ai_v2_running_tool_and_agent_run():
    spans = [
        span("r", "agent run", end=10, attrs={
            "agent_name": "helper", "final_result": "Done: 42", "gen_ai.aggregated_usage.input_tokens": 999,
            "pydantic_ai.all_messages": dumps([{"role": "user",
                                                "parts": [{"type": "text", "content": "Compute"}]}])}),
        span("c", "chat m", "r", start=1, end=2, attrs={
            "gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 5, "gen_ai.usage.output_tokens": 1}),
        span("t", "running tool", "r", start=3, end=4, attrs={
            "gen_ai.tool.name": "compute", "gen_ai.tool.call.id": "p1", "tool_arguments": '{"n": 6}',
            "tool_response": "42", "logfire.msg": "running tool: compute"}),
    ]
    t = build_trajectory(spans)
    [call] = t.tool_calls
    assert (call.name, call.call_id, call.arguments, call.result, call.status) == (
        "compute", "p1", {"n": 6}, 42, "ok")
    assert (t.agent.name, t.input, t.output) == ("helper", "Compute", "Done: 42")
    assert t.tokens.input == 5


def test_pydantic_ai_model_retry_and_validation_failures_are_errors():
    spans = [span("r", "invoke_agent a", end=9), *(
        span(f"t{i}", "execute_tool f", "r", start=i, end=i + 1, attrs={
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "f", marker: value})
        for i, (marker, value) in enumerate([("pydantic_ai.tool.retry.cause", "model_retry"),
                                             ("pydantic_ai.tool.failure_stage", "validation"),
                                             ("logfire.level_num", 17)], 1))]
    assert [c.status for c in build_trajectory(spans).tool_calls] == ["error"] * 3


def test_strands_legacy_events_carry_arguments_and_result():
    blocks = [{"text": "Rome?"}]
    choice = [{"toolUse": {"toolUseId": "s1", "name": "get_weather", "input": {"city": "Rome"}}}]
    spans = [
        span("a", "invoke_agent strands", end=20, attrs={
            "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "strands",
            "gen_ai.agent.tools": dumps(["get_weather"]), "gen_ai.usage.input_tokens": 1000},
            events=[event("gen_ai.user.message", content=dumps(blocks)),
                    event("gen_ai.choice", message="It is sunny in Rome.", finish_reason="end_turn")]),
        span("c", "chat", "a", start=1, end=3, attrs={
            "gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 11, "gen_ai.usage.prompt_tokens": 11,
            "gen_ai.usage.output_tokens": 2, "gen_ai.server.time_to_first_token": 250},
            events=[event("gen_ai.user.message", content=dumps(blocks)),
                    event("gen_ai.choice", message=dumps(choice), finish_reason="tool_use")]),
        span("x", "execute_tool get_weather", "a", start=4, end=5, attrs={
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.id": "s1", "gen_ai.tool.status": "error"},
            events=[event("gen_ai.tool.message", role="tool", content=dumps({"city": "Rome"}), id="s1"),
                    event("gen_ai.choice", message=dumps([{"text": "service down"}]), id="s1")]),
    ]
    t = build_trajectory(spans)
    [call] = t.tool_calls
    assert (call.arguments, call.result, call.status, call.error, call.offered) == (
        {"city": "Rome"}, "service down", "error", "service down", True)
    assert (t.input, t.output, t.tool_errors) == ("Rome?", "It is sunny in Rome.", 1)
    assert t.llm_calls[0].requested_tools == ["get_weather"]
    assert (t.tokens.input, t.first_token_ms) == (11, 250.0)


def test_strands_latest_operation_details_events():
    details = "gen_ai.client.inference.operation.details"
    call_part = {"type": "tool_call", "name": "get_weather", "id": "s2", "arguments": {"city": "Oslo"}}
    response_part = {"type": "tool_call_response", "id": "s2", "response": [{"json": {"temp": 3}}]}
    spans = [span("x", "execute_tool get_weather", attrs={
        "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": "s2", "gen_ai.tool.status": "success"}, events=[
        event(details, **{"gen_ai.input.messages": dumps([{"role": "tool", "parts": [call_part]}])}),
        event(details, **{"gen_ai.output.messages": dumps([{"role": "tool", "parts": [response_part]}])})])]
    [call] = build_trajectory(spans).tool_calls
    assert (call.arguments, call.result, call.status) == ({"city": "Oslo"}, {"temp": 3}, "ok")
    spans[0].attributes["gen_ai.tool.status"] = "error"
    assert build_trajectory(spans).tool_calls[0].status == "error"


@pytest.mark.parametrize(("attrs", "events", "expected"), [
    ({"gen_ai.response.time_to_first_chunk": 0.125}, [], 125.0),
    ({"gen_ai.client.operation.time_to_first_chunk": 0.5}, [], 500.0),
    ({"gen_ai.server.time_to_first_token": 80}, [], 80.0),
    ({}, [event("First Token Stream Event", at_ms=40)], 30.0),
    ({}, [], None),
], ids=["semconv-seconds", "pydantic-seconds", "strands-ms", "openinference-event", "unknown"])
def test_time_to_first_token(attrs, events, expected):
    spans = [span("a", "invoke_agent x", end=100),
             span("c1", "chat", "a", {"gen_ai.operation.name": "chat"}, start=5, end=9),
             span("c2", "chat", "a", {"gen_ai.operation.name": "chat", **attrs}, events, start=10, end=90),
             span("c3", "chat", "a", {"gen_ai.operation.name": "chat", "gen_ai.server.time_to_first_token": 1},
                  start=91, end=95)]
    t = build_trajectory(spans)
    assert t.llm_calls[1].first_token_ms == (pytest.approx(expected) if expected else None)
    assert t.first_token_ms == (pytest.approx(expected) if expected else 1.0)


def test_non_json_arguments_are_kept_raw():
    spans = [span("x", "execute_tool f", attrs={
        "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "f",
        "gen_ai.tool.call.arguments": '{"city": "Rom', "gen_ai.tool.call.result": "plain text"})]
    [call] = build_trajectory(spans).tool_calls
    assert (call.arguments, call.arguments_raw, call.arguments_valid_json) == (
        '{"city": "Rom', '{"city": "Rom', False)
    assert call.result == "plain text"


def test_structured_final_result_is_json_text():
    spans = [span("r", "invoke_agent a", attrs={"final_result": {"city": "Oslo", "ok": True}})]
    assert json.loads(build_trajectory(spans).output) == {"city": "Oslo", "ok": True}


def test_call_with_known_id_never_takes_another_calls_request():
    chat = span("c", "chat", attrs={"gen_ai.operation.name": "chat", "gen_ai.output.messages": dumps([
        {"role": "assistant", "parts": [{"type": "tool_call", "id": "A", "name": "f", "arguments": {"n": 1}}]}])})
    tool = span("x", "execute_tool f", start=2, attrs={
        "gen_ai.operation.name": "execute_tool", "gen_ai.tool.call.id": "B", "gen_ai.tool.call.arguments": "1"})
    requested, executed = build_trajectory([chat, tool]).tool_calls
    assert (executed.call_id, executed.arguments, executed.source) == ("B", 1, "span")
    assert (requested.call_id, requested.arguments, requested.source) == ("A", {"n": 1}, "model_messages")


def test_structured_and_empty_arguments_are_valid():
    spans = [span(f"x{i}", "execute_tool f", start=i, attrs={"gen_ai.operation.name": "execute_tool",
                                                             "gen_ai.tool.call.arguments": value})
             for i, value in enumerate([{"a": 1}, "", dumps(dumps({"b": 2}))])]
    assert [(c.arguments, c.arguments_valid_json) for c in build_trajectory(spans).tool_calls] == [
        ({"a": 1}, True), ({}, True), ({"b": 2}, True)]


def test_root_error_status_gives_error_with_type():
    spans = [span("r", "invoke_agent a", status=2, message="boom", end=5,
                  events=[event("exception", **{"exception.type": "RuntimeError", "exception.message": "boom"})]),
             span("c", "chat", "r", {"gen_ai.operation.name": "chat"}, start=1, end=2, status=2)]
    t = build_trajectory(spans)
    assert (t.status, t.error_type, t.llm_calls[0].status) == ("error", "RuntimeError", "error")
    spans[0].attributes["error.type"] = "timeout"
    assert build_trajectory(spans).error_type == "timeout"
    assert build_trajectory(spans[1:]).status == "error"  # the orphaned chat span is the root now


def test_tool_error_message_and_type():
    status = 'ValueError("bad")Traceback (most recent call last):\n ...'
    spans = [span("x", "execute_tool f", status=2, message=status,
                  attrs={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "f"})]
    [call] = build_trajectory(spans).tool_calls
    assert (call.status, call.error, call.error_type) == ("error", 'ValueError("bad")', None)


@pytest.mark.parametrize("agent_attrs", [
    {"gen_ai.aggregated_usage.input_tokens": 300, "gen_ai.aggregated_usage.output_tokens": 30},
    {"gen_ai.operation.name": "invoke_agent", "gen_ai.usage.input_tokens": 300, "gen_ai.usage.output_tokens": 30},
    {"openinference.span.kind": "AGENT", "llm.token_count.prompt": 300, "llm.token_count.completion": 30},
], ids=["pydantic-aggregated", "semconv-agent-usage", "openinference-agent"])
def test_agent_level_usage_is_not_double_counted(agent_attrs):
    spans = [span("a", "agent", attrs=agent_attrs, end=10),
             span("n", "model", "a", {"openinference.span.kind": "CHAIN", "llm.token_count.prompt": 100},
                  start=1, end=9)]
    spans += [span(f"c{i}", "chat", "n", {"gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 100,
                                         "gen_ai.usage.output_tokens": 10}, start=i + 1, end=i + 2)
              for i in range(3)]
    t = build_trajectory(spans)
    assert (t.llm_call_count, t.tokens.input, t.tokens.output, t.tokens.total) == (3, 300, 30, 330)


def test_llm_span_wrapping_a_client_llm_span_counts_once():
    spans = [span("f", "ChatOpenAI", attrs={"openinference.span.kind": "LLM", "llm.token_count.prompt": 9}, end=9),
             span("o", "ChatCompletion", "f", {"openinference.span.kind": "LLM", "llm.token_count.prompt": 9},
                  start=1, end=8)]
    t = build_trajectory(spans)
    assert (t.llm_call_count, t.tokens.input, t.llm_calls[0].span_id) == (1, 9, "o")


def test_langgraph_tool_arguments_and_error_come_from_the_tools_node():
    tool_calls = [{"name": "login", "args": {"user": "bob"}, "id": "c1", "type": "tool_call"}]
    tool_message = {"type": "tool", "data": {"content": "Error: denied", "type": "tool", "tool_call_id": "c1",
                                             "status": "error"}}
    spans = [
        span("g", "agent", attrs={"openinference.span.kind": "CHAIN", "metadata": dumps(
            {"user_id": "u1", "thread_id": "th1", "lc_agent_name": "booker"})}, end=10),
        span("n", "tools", "g", {"openinference.span.kind": "CHAIN", "input.value": dumps(tool_calls),
                                 "output.value": dumps({"messages": [tool_message]})}, start=1, end=5),
        span("t", "login", "n", {"openinference.span.kind": "TOOL", "tool.name": "login", "input.value": "bob"},
             start=2, end=4),
    ]
    t = build_trajectory(spans)
    [call] = t.tool_calls
    assert (call.call_id, call.arguments, call.arguments_valid_json) == ("c1", {"user": "bob"}, True)
    assert (call.status, call.result, call.error) == ("error", "Error: denied", "Error: denied")
    assert (t.user_id, t.session_id, t.agent.name, t.llm_call_count) == ("u1", "th1", "booker", 0)


def test_tool_span_schema_offers_the_tool_but_a_bare_tool_span_does_not():
    spans = [span("x", "lookup", attrs={"openinference.span.kind": "TOOL", "tool.name": "lookup",
                                        "tool.parameters": dumps(WEATHER_SCHEMA), "input.value": '{"city": "A"}'}),
             span("y", "execute_tool made_up", start=2, attrs={"gen_ai.operation.name": "execute_tool",
                                                               "gen_ai.tool.description": "?"})]
    t = build_trajectory(spans)
    assert [(c.name, c.offered) for c in t.tool_calls] == [("lookup", True), ("made_up", False)]
    assert [d.name for d in t.tools_offered] == ["lookup"]


def test_root_is_earliest_span_without_parent_in_trace_and_duplicates_count_once():
    late_root = span("r2", "late", end=50, start=40)
    orphan = span("o", "orphan", parent="missing", start=5, end=30)
    child = span("c", "child", "o", start=6, end=7)
    t = build_trajectory([late_root, child, orphan, child])
    assert (t.root_span_id, t.span_count, t.trace_id) == ("o", 3, TRACE)
    assert (t.start_ns, t.end_ns, t.duration_ms) == (T0 + 5 * MS, T0 + 30 * MS, 25.0)
    assert t.attributes == {}


def test_parent_cycle_has_no_root_and_uses_trace_bounds():
    spans = [span("a", "a", "b", start=1, end=3), span("b", "b", "a", start=2, end=9)]
    t = build_trajectory(spans)
    assert (t.root_span_id, t.start_ns, t.end_ns) == ("a", T0 + MS, T0 + 9 * MS)


def test_no_spans_gives_an_empty_trajectory():
    assert build_trajectory([]).model_dump()["span_count"] == 0


GARBAGE = [None, 7, -1, 3.5, float("nan"), True, "", "{", "[1, 2", "null", "[]", "{}", '{"a": 1}',
           "not json", [], [None, 1, "x", [], {}], {}, {"x": [1, {"y": None}]}, ["a", "b"],
           [{"role": 5, "parts": "x"}], [{"name": None, "function": 3}], {"messages": 3}, {"args": 5, "kwargs": []}]
KEYS = sorted({
    "gen_ai.operation.name", "gen_ai.tool.name", "gen_ai.tool.call.id", "gen_ai.tool.call.arguments",
    "gen_ai.tool.call.result", "gen_ai.tool.definitions", "gen_ai.input.messages", "gen_ai.output.messages",
    "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens", "gen_ai.usage.total_tokens",
    "gen_ai.response.finish_reasons", "gen_ai.response.time_to_first_chunk", "gen_ai.server.time_to_first_token",
    "gen_ai.agent.name", "gen_ai.agent.tools", "gen_ai.tool.status", "gen_ai.conversation.id", "user.id",
    "session.id", "openinference.span.kind", "input.value", "output.value", "tool.parameters", "tool.json_schema",
    "llm.tools.0.tool.json_schema", "llm.input_messages.0.message.role", "llm.output_messages.0.message.content",
    "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments", "llm.invocation_parameters",
    "llm.request.functions.0.parameters", "gen_ai.prompt.0.role", "gen_ai.completion.x.role", "metadata",
    "traceloop.span.kind", "traceloop.entity.input", "traceloop.entity.output", "llm.request.type",
    "final_result", "pydantic_ai.all_messages", "model_request_parameters", "tool_arguments", "error.type",
    "logfire.level_num", "service.version"})
ROLES = [{"gen_ai.operation.name": "chat"}, {"gen_ai.operation.name": "execute_tool"},
         {"openinference.span.kind": "CHAIN"}, {}]


@pytest.mark.parametrize("value", GARBAGE, ids=repr)
def test_garbage_attribute_values_never_raise(value):
    for role in ROLES:
        attrs = {**{k: value for k in KEYS}, **role}
        events = [event(n, **{k: value for k in ("content", "message", "id", "gen_ai.input.messages",
                                                 "gen_ai.output.messages", "gen_ai.prompt", "exception.type")})
                  for n in ("gen_ai.choice", "gen_ai.tool.message", "gen_ai.user.message", "exception",
                            "gen_ai.content.prompt", "gen_ai.client.inference.operation.details",
                            "First Token Stream Event")]
        spans = [span("r", "running tool", attrs=attrs, events=events, end=5),
                 span("c", "execute_tool x", "r", attrs=dict(attrs), events=[value, {"name": value}], start=1)]
        assert isinstance(build_trajectory(spans), Trajectory)


@pytest.mark.parametrize("field", ["attributes", "events", "resource", "name", "start_ns", "status_code",
                                   "parent_span_id", "service_name", "status_message"])
def test_garbage_span_fields_never_raise(field):
    for value in [None, "x", 3, [1], {"a": 1}]:
        record = span("s", "chat", attrs={"gen_ai.operation.name": "chat"})
        setattr(record, field, value)
        assert build_trajectory([record, span("t", "x", "s")]).span_count == 2


# --- stored rows (collector.store): what the assembler writes beside each trajectory -------

def test_records_by_trace_reads_columns_as_from_row_reads_rows():
    for case in MANIFEST["cases"]:
        table = pa.concat_tables(to_batch(parse_protobuf((FIXTURES / name).read_bytes()), received_ns=0).to_arrow()
                                 for name in case["files"])
        assert records_by_trace(table) == {case["trace_id"]: [SpanRecord.from_row(row) for row in table.to_pylist()]}


def test_stored_trajectory_document_is_pydantics_json():
    edge = Trajectory(
        trace_id=TRACE, first_token_ms=float("nan"), duration_ms=float("inf"),
        attributes={"nan": float("nan"), "text": "\x00\x1f\x7f é 漢 😀 \u2028 \"q\" \\",
                    "numbers": [1e16, 1e-7, -2**63]},
        llm_calls=[LLMCall(seq=1, name="chat", start_ns=2**70)],  # past 64 bits: orjson refuses, pydantic writes
        tool_calls=[ToolCall(seq=1, name="f", arguments={"x": [None, True]}, result={"y": 0.1 + 0.2})],
    )
    trajectories = [build_trajectory(load_case(case)) for case in MANIFEST["cases"]] + [edge]
    tables = trajectory_tables([Assembled(t, frozenset(), 0, 0) for t in trajectories], dt.datetime(2024, 1, 1))
    assert tables.traces.column("trajectory").to_pylist() == [t.model_dump_json() for t in trajectories]
