"""collector.assembly.messages: each recorded message and tool-definition format, normalised."""
from __future__ import annotations

import json

import pytest

from collector.assembly.messages import (
    MISSING, Message, ToolRequest, ToolResponse, block_value, decode, event_messages, find_text,
    indexed_messages, langchain_tool_response, loads, parse_messages, tool_definition,
    tool_definitions, tool_request, tool_span_events, unflatten,
)

SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}}


def test_loads_and_decode():
    assert loads('{"a": 1}') == {"a": 1}
    assert loads("plain") is MISSING and loads(5) is MISSING and loads("{") is MISSING
    assert decode(json.dumps(json.dumps({"a": 1}))) == {"a": 1}
    assert decode("plain") == "plain" and decode("[1") == "[1"


def test_genai_parts():
    [user, assistant, tool] = parse_messages(json.dumps([
        {"role": "user", "parts": [{"type": "text", "content": "a"}, {"type": "text", "content": "b"}]},
        {"role": "assistant", "parts": [{"type": "reasoning", "content": "hm"},
                                        {"type": "tool_call", "id": "1", "name": "f", "arguments": {"x": 1}}],
         "finish_reason": "tool_call"},
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": "1", "response": "ok"}]},
    ]))
    assert user.text == "a\nb"
    assert (assistant.text, assistant.tool_calls, assistant.finish_reason) == (
        None, [ToolRequest("f", "1", {"x": 1})], "tool_call")
    assert tool.tool_responses == [ToolResponse("1", None, "ok")]


def test_pydantic_tool_response_uses_result_key():
    [message] = parse_messages([{"role": "user", "parts": [
        {"type": "tool_call_response", "id": "9", "name": "f", "result": {"v": 2}}]}])
    assert (message.text, message.tool_responses) == (None, [ToolResponse("9", "f", {"v": 2})])


def test_openai_chat_messages():
    [assistant, tool] = parse_messages([
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c", "type": "function", "function": {"name": "f", "arguments": '{"x": 1}'}}]},
        {"role": "tool", "tool_call_id": "c", "content": [{"type": "text", "text": "done"}]},
    ])
    assert assistant.tool_calls == [ToolRequest("f", "c", '{"x": 1}')]
    assert tool.tool_responses == [ToolResponse("c", None, "done")]


def test_langchain_dumps_and_constructor_form():
    messages = parse_messages({"messages": [[
        {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "HumanMessage"],
         "kwargs": {"content": "hi", "type": "human"}},
        {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "AIMessage"],
         "kwargs": {"content": "", "tool_calls": [{"name": "f", "args": {"a": 1}, "id": "t"}]}},
    ]]})
    assert [(m.role, m.text) for m in messages] == [("user", "hi"), ("assistant", None)]
    assert messages[1].tool_calls == [ToolRequest("f", "t", {"a": 1})]
    dump = {"type": "tool", "data": {"content": "boom", "type": "tool", "tool_call_id": "t", "status": "error"}}
    assert langchain_tool_response(dump) == ToolResponse("t", None, "boom", True)
    assert langchain_tool_response({"content": "x"}) is None


def test_anthropic_and_bedrock_blocks():
    [anthropic] = parse_messages([{"role": "assistant", "content": [
        {"type": "text", "text": "calling"}, {"type": "tool_use", "id": "u", "name": "f", "input": {"a": 1}}]}])
    assert (anthropic.text, anthropic.tool_calls) == ("calling", [ToolRequest("f", "u", {"a": 1})])
    [bedrock] = parse_messages([{"role": "user", "content": [
        {"toolResult": {"toolUseId": "u", "status": "error", "content": [{"text": "no"}]}}]}])
    assert bedrock.tool_responses == [ToolResponse("u", None, "no", True)]


def test_tuples_and_unknown_shapes():
    assert [(m.role, m.text) for m in parse_messages([["user", "hi"], {"x": 1}, 3, None])] == [("user", "hi")]
    assert [m.role for m in parse_messages([["system", "s"], ["human", "h"]])] == ["system", "user"]
    assert parse_messages("not json") == [] and parse_messages({"messages": "x"}) == []


@pytest.mark.parametrize(("value", "role", "expected"), [
    ("plain text", "user", "plain text"),
    ('{"messages": [{"role": "user", "content": "q"}]}', "user", "q"),
    ({"args": ["first", "second"], "kwargs": {}}, "user", "first"),
    ({"input": {"question": "deep"}}, "user", "deep"),
    ('"quoted"', "user", "quoted"),
    ("42", "user", "42"),
    ([{"role": "assistant", "content": "a1"}, {"role": "assistant", "content": ""}], "assistant", "a1"),
    ({"unrelated": 1}, "user", None),
])
def test_find_text(value, role, expected):
    assert find_text(value, role) == expected


def test_openinference_indexed_messages():
    attrs = {
        "llm.input_messages.1.message.role": "tool", "llm.input_messages.1.message.tool_call_id": "c",
        "llm.input_messages.1.message.content": "r",
        "llm.input_messages.0.message.role": "assistant",
        "llm.input_messages.0.message.tool_calls.0.tool_call.id": "c",
        "llm.input_messages.0.message.tool_calls.0.tool_call.function.name": "f",
        "llm.input_messages.0.message.tool_calls.0.tool_call.function.arguments": "{}",
        "llm.input_messages.2.message.role": "user",
        "llm.input_messages.2.message.contents.0.message_content.text": "part",
        "llm.input_messages.x.message.role": "user", "other": 1, 5: "int key",
    }
    messages = indexed_messages(unflatten(attrs, "llm.input_messages."))
    assert [m.role for m in messages] == ["assistant", "tool", "user"]
    assert messages[0].tool_calls == [ToolRequest("f", "c", "{}")]
    assert messages[1].tool_responses == [ToolResponse("c", None, "r")]
    assert messages[2].text == "part"


def test_older_genai_indexed_messages():
    attrs = {"gen_ai.completion.0.role": "assistant", "gen_ai.completion.0.finish_reason": "stop",
             "gen_ai.completion.0.tool_calls.0.name": "f", "gen_ai.completion.0.tool_calls.0.arguments": "{}"}
    [message] = indexed_messages(unflatten(attrs, "gen_ai.completion."))
    assert (message.finish_reason, message.tool_calls) == ("stop", [ToolRequest("f", None, "{}")])


def test_event_messages():
    inputs, outputs = event_messages([
        {"name": "gen_ai.user.message", "attributes": {"content": '[{"text": "blocks"}]'}},
        {"name": "gen_ai.tool.message", "attributes": {"content": "res", "id": "t"}},
        {"name": "gen_ai.choice", "attributes": {"finish_reason": "stop",
                                                 "message": {"role": "assistant", "content": "done"}}},
        {"name": "gen_ai.choice", "attributes": {"message": "plain answer"}},
        {"name": "gen_ai.content.prompt", "attributes": {"gen_ai.prompt": '[{"role": "user", "content": "p"}]'}},
        {"name": "unknown", "attributes": {}}, "junk", {"name": "gen_ai.user.message"},
    ])
    assert [(m.role, m.text) for m in inputs] == [("user", "blocks"), ("tool", "res"), ("user", "p")]
    assert inputs[1].tool_responses == [ToolResponse("t", None, "res")]
    assert [(m.text, m.finish_reason) for m in outputs] == [("done", "stop"), ("plain answer", None)]


def test_tool_span_events_legacy_and_latest():
    legacy = [{"name": "gen_ai.tool.message", "attributes": {"content": '{"a": 1}', "id": "i"}},
              {"name": "gen_ai.choice", "attributes": {"message": '[{"text": "r"}]', "id": "i"}}]
    assert tool_span_events(legacy) == ('{"a": 1}', "r", "i")
    details = "gen_ai.client.inference.operation.details"
    latest = [{"name": details, "attributes": {"gen_ai.input.messages": json.dumps(
        [{"role": "tool", "parts": [{"type": "tool_call", "id": "j", "name": "f", "arguments": {"b": 2}}]}])}}]
    assert tool_span_events(latest) == ({"b": 2}, MISSING, "j")
    assert tool_span_events([]) == (MISSING, MISSING, None)


@pytest.mark.parametrize("definition", [
    {"type": "function", "name": "f", "description": "d", "parameters": SCHEMA},
    {"type": "function", "function": {"name": "f", "description": "d", "parameters": json.dumps(SCHEMA)}},
    {"name": "f", "description": "d", "input_schema": SCHEMA},
    {"toolSpec": {"name": "f", "description": "d", "inputSchema": {"json": SCHEMA}}},
    {"name": "f", "description": "d", "parameters_json_schema": SCHEMA, "strict": None},
], ids=["genai", "openai", "anthropic", "bedrock", "pydantic-ai"])
def test_tool_definition_formats(definition):
    assert tool_definition(definition) == ("f", "d", SCHEMA)


def test_tool_definitions_containers_and_garbage():
    assert tool_definitions(["a", {"name": "b"}, 3, {"name": ""}]) == [("a", None, None), ("b", None, None)]
    assert tool_definitions({"function_tools": [{"name": "x"}], "output_tools": [{"name": "final_result"}]}) == [
        ("x", None, None), ("final_result", None, None)]
    assert tool_definition({"name": "f", "parameters": "not json"}) == ("f", None, None)
    assert tool_definitions("junk") == []


def test_tool_request_and_block_value():
    assert tool_request({"toolUseId": "b", "name": "f", "input": {}}) == ToolRequest("f", "b", {})
    assert tool_request({"function": {"arguments": "{}"}}) is None
    assert block_value([{"json": {"a": 1}}]) == {"a": 1}
    assert block_value([{"text": "a"}, {"text": "b"}]) == "a\nb"
    assert block_value([{"text": "a"}, {"image": 1}]) == [{"text": "a"}, {"image": 1}]
    assert block_value("x") == "x"


def test_message_defaults_are_independent():
    first, second = Message("user"), Message("user")
    first.tool_calls.append(ToolRequest("f"))
    assert second.tool_calls == []
