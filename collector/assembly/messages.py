"""Chat messages, tool calls and tool definitions in every recorded format, as one small model.

Formats read: GenAI parts (`{role, parts:[text|tool_call|tool_call_response]}`), OpenAI chat
dicts, LangChain dumps (`{type, data}` and `{lc: 1, kwargs}`), Anthropic and Bedrock content
blocks, the span events of the older GenAI conventions and strands, and the flattened indexed
attributes of OpenInference (`llm.input_messages.{i}.message.*`) and older GenAI
(`gen_ai.prompt.{i}.*`). Every function is total: odd input gives empty output, never an error.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from collector.assembly import conventions as C
from collector import json_limits

MISSING: Any = object()
_JSON_STARTS = frozenset('{["-0123456789tfn')
_MAX_DEPTH = 4

_ROLES = {
    "user": "user", "human": "user", "HumanMessage": "user", "HumanMessageChunk": "user",
    "assistant": "assistant", "ai": "assistant", "model": "assistant", "AIMessage": "assistant",
    "AIMessageChunk": "assistant",
    "system": "system", "developer": "system", "SystemMessage": "system",
    "tool": "tool", "function": "tool", "ToolMessage": "tool", "FunctionMessage": "tool",
}
_CALL_PARTS = frozenset({"tool_call", "tool_use", "function_call", "tool-call", "server_tool_call"})
_RESPONSE_PARTS = frozenset({"tool_call_response", "tool_result", "function_call_output", "tool-result",
                             "server_tool_call_response"})
_PROVIDER_PARTS = frozenset({"server_tool_call", "server_tool_call_response"})
_ERROR_PREFIX = "error:"


@dataclass(slots=True)
class ToolRequest:
    """A tool call the model asked for; `arguments` as recorded (JSON text or a value)."""

    name: str
    id: str | None = None
    arguments: Any = None
    provider: bool = False  # executed by the model provider (a `server_tool_call` part)


@dataclass(slots=True)
class ToolResponse:
    """A tool result fed back to the model; `error` when the framework marked it failed."""

    id: str | None = None
    name: str | None = None
    response: Any = None
    error: bool = False


@dataclass(slots=True)
class Message:
    role: str
    text: str | None = None
    tool_calls: list[ToolRequest] = field(default_factory=list)
    tool_responses: list[ToolResponse] = field(default_factory=list)
    finish_reason: str | None = None


def loads(value: Any) -> Any:
    """Parse JSON text; MISSING when `value` is not a string or not JSON. Parts nested deeper
    than `json_limits.MAX_JSON_DEPTH` come back as marked text, so no later stage meets them."""
    if not isinstance(value, str) or not value or value.lstrip()[:1] not in _JSON_STARTS:
        return MISSING
    try:
        return json_limits.loads(value)
    except orjson.JSONDecodeError:
        return MISSING


def decode(value: Any) -> Any:
    """`value` parsed when it is JSON text (twice when it was double-encoded), else unchanged."""
    parsed = loads(value)
    if parsed is MISSING:
        return value
    again = loads(parsed) if isinstance(parsed, str) and parsed.lstrip()[:1] in "{[" else MISSING
    return parsed if again is MISSING else again


def as_text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _ident(value: Any) -> str | None:
    if isinstance(value, str):
        return value or None
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else None


def parse_messages(value: Any) -> list[Message]:
    """Messages from a list, a `{"messages": [...]}` wrapper, one message, or JSON text of those."""
    if isinstance(value, str):
        value = loads(value)
    if isinstance(value, dict):
        if "messages" not in value:
            message = to_message(value)
            return [message] if message else []
        value = value["messages"]
    if not isinstance(value, list):
        return []
    if value and isinstance(value[0], list) and all(
            isinstance(item, list) and not (item and isinstance(item[0], str)) for item in value):
        value = value[0]  # LangChain LLM inputs are batches: [[messages of prompt 0], ...]
    return [m for m in map(to_message, value) if m is not None]


def role_lines(text: Any) -> list[Message]:
    """Messages from `role: text` lines (older OpenLIT's flattened prompt); a line that does not
    start with a known role continues the previous message."""
    if not isinstance(text, str):
        return []
    messages: list[Message] = []
    for line in text.split("\n"):
        role, sep, rest = line.partition(": ")
        if sep and role in _ROLES:
            message = Message(_ROLES[role], rest)
            if message.role == "tool":
                message.tool_responses.append(ToolResponse(response=rest))
            messages.append(message)
        elif messages and messages[-1].text is not None:
            messages[-1].text += "\n" + line
            for response in messages[-1].tool_responses:
                response.response = messages[-1].text
    return messages


def to_message(obj: Any) -> Message | None:
    """One message in any known shape; None when `obj` is not recognisably a message."""
    if isinstance(obj, list) and len(obj) == 2 and isinstance(obj[0], str):
        obj = {"role": obj[0], "content": obj[1]}  # LangChain ("user", "hi") tuples
    if not isinstance(obj, dict):
        return None
    body = _langchain_body(obj)
    role = _role(body)
    if role is None:
        return None
    message = Message(role, finish_reason=as_text(body.get("finish_reason")))
    content = body["parts"] if "parts" in body else body.get("content")
    _add_content(message, content)
    calls = _items(body.get("tool_calls"))
    if "function_call" in body:  # the pre-tools form, after them
        calls = [*calls, body["function_call"]]
    for call in calls:
        request = tool_request(call)
        if request:
            message.tool_calls.append(request)
    if role == "tool" and not message.tool_responses:
        message.tool_responses.append(ToolResponse(
            _ident(body.get("tool_call_id")) or _ident(body.get("id")), as_text(body.get("name")),
            message.text if message.text is not None else block_value(content),
            body.get("status") == "error"))
    return message


def _langchain_body(obj: dict) -> dict:
    """The fields of a LangChain message dump, with `type` set from the class name if needed."""
    if "data" not in obj and "kwargs" not in obj:  # not a dump: most messages
        return obj
    data = obj.get("data")
    if isinstance(data, dict) and isinstance(obj.get("type"), str):
        return {"type": obj["type"], **data}
    kwargs = obj.get("kwargs")
    if obj.get("lc") == 1 and isinstance(kwargs, dict):
        ident = obj.get("id")
        kind = ident[-1] if isinstance(ident, list) and ident else None
        return {"type": kind, **kwargs} if "type" not in kwargs else kwargs
    return obj


def _role(body: dict) -> str | None:
    for key in ("role", "type"):
        value = body.get(key)
        role = _ROLES.get(value) if isinstance(value, str) else None
        if role is not None:
            return role
    return None


def _items(value: Any) -> list:
    return value if isinstance(value, list) else []


def _add_content(message: Message, content: Any) -> None:
    """Text, tool calls and tool responses from a content string or a list of parts/blocks."""
    if isinstance(content, str):
        message.text = content or None
        return
    texts: list[str] = []
    for part in [content] if isinstance(content, dict) else _items(content):
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, dict):
            _add_part(message, part, texts)
    if texts:
        message.text = "\n".join(texts)


def _add_part(message: Message, part: dict, texts: list[str]) -> None:
    kind = part.get("type")
    kind = kind if isinstance(kind, str) else None
    if kind == "text" or (kind is None and isinstance(part.get("text"), str)):
        value = part["content"] if "content" in part else part.get("text")
        if isinstance(value, str):
            texts.append(value)
    elif kind in _CALL_PARTS:
        request = tool_request(part)
        if request:
            request.provider = kind in _PROVIDER_PARTS
            message.tool_calls.append(request)
    elif kind in _RESPONSE_PARTS:
        message.tool_responses.append(_part_response(part))
    elif isinstance(part.get("toolUse"), dict):
        request = tool_request(part["toolUse"])
        if request:
            message.tool_calls.append(request)
    elif isinstance(part.get("toolResult"), dict):
        result = part["toolResult"]
        message.tool_responses.append(ToolResponse(
            _ident(result.get("toolUseId")), None, block_value(result.get("content")),
            result.get("status") == "error"))


def _part_response(part: dict) -> ToolResponse:
    for key in ("response", "server_tool_call_response", "result", "content", "output"):
        if key in part:
            response = part[key]
            break
    else:
        response = None
    if isinstance(response, dict) and set(response) == {"type", "value"}:
        response = response["value"]  # Vercel AI SDK tool outputs: {"type": "text", "value": ...}
    call_id = part.get("call_id") or part.get("id") or part.get("tool_use_id") or part.get("toolCallId")
    error = part.get("is_error") is True or part.get("status") == "error"
    return ToolResponse(_ident(call_id), as_text(part.get("name")), response, error)


def tool_request(obj: Any) -> ToolRequest | None:
    """A requested call from OpenAI (`function{name,arguments}`), LangChain (`args`),
    GenAI parts (`arguments`), Anthropic (`input`) or Bedrock (`toolUseId`, `input`)."""
    if not isinstance(obj, dict):
        return None
    function = obj.get("function")
    source = function if isinstance(function, dict) else obj
    name = as_text(source.get("name")) or as_text(source.get("toolName"))
    if name is None:
        return None
    for key in ("arguments", "args", "input", "server_tool_call"):
        if key in source:
            arguments = source[key]
            break
    else:
        arguments = None
    call_id = _ident(obj.get("call_id")) or _ident(obj.get("id")) or _ident(obj.get("toolUseId"))
    return ToolRequest(name, call_id or _ident(obj.get("toolCallId")), arguments)


def block_value(value: Any) -> Any:
    """The value inside Bedrock/GenAI/MCP content blocks: joined text, or one `json` block."""
    if not isinstance(value, list) or not value or not all(isinstance(b, dict) for b in value):
        return value
    if len(value) == 1 and "json" in value[0]:
        return value[0]["json"]
    texts = []
    for block in value:
        piece = block.get("text", block.get("content"))
        if not isinstance(piece, str):
            return value
        texts.append(piece)
    return "\n".join(texts)


def langchain_tool_response(value: Any) -> ToolResponse | None:
    """The ToolMessage inside a LangChain dump (an OpenInference tool span's `output.value`)."""
    if not isinstance(value, dict) or not ("data" in value or value.get("lc") == 1):
        return None
    message = to_message(value)
    if message is None or message.role != "tool" or not message.tool_responses:
        return None
    return message.tool_responses[0]


def failure_text(result: Any) -> str | None:
    """The error a tool result reports in text (`Error: ...`, as agent loops send failures back
    to the model), else None."""
    if isinstance(result, str) and result[:6].lower() == _ERROR_PREFIX:
        return result[6:].strip() or result
    return None


def last_text(messages: list[Message], role: str) -> str | None:
    for message in reversed(messages):
        if message.role == role and message.text:
            return message.text
    return None


HISTORY_MESSAGES = 40  # the latest earlier messages kept: older turns rarely feed this one


def earlier_turns(messages: list[Message]) -> list[dict[str, Any]]:
    """The conversation before the current request (the last user message), as
    `collector.trajectory.EarlierMessage` fields: system prompts left out, tool-call arguments
    parsed when they are JSON text, at most the last HISTORY_MESSAGES."""
    last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=0)
    out = []
    for message in messages[:last_user][-HISTORY_MESSAGES:]:
        if message.role == "system":
            continue
        calls = [{"name": r.name, "arguments": decode(r.arguments)} for r in message.tool_calls]
        results = [decode(r.response) for r in message.tool_responses]
        text = None if results else message.text  # a tool message's text is its result
        if text or calls or results:
            out.append({"role": message.role, "text": text, "calls": calls, "results": results})
    return out


def find_text(value: Any, role: str, depth: int = 0) -> str | None:
    """The `role` text inside an input or output value: plain text, messages, or a JSON object
    keeping it under a common key. JSON text is parsed; a non-JSON string is the text itself."""
    if isinstance(value, str):
        parsed = decode(value)
        if not isinstance(parsed, (list, dict)):
            return parsed if isinstance(parsed, str) and parsed else (value or None)
        value = parsed
    if depth >= _MAX_DEPTH:
        return None
    if isinstance(value, list):
        strings = [v for v in value if isinstance(v, str) and v]
        if strings and len(strings) == len(value):
            return strings[0] if role == "user" else strings[-1]
        return last_text(parse_messages(value), role)
    if not isinstance(value, dict):
        return None
    if "messages" in value or "role" in value or "parts" in value:
        return last_text(parse_messages(value), role)
    for key in C.TEXT_KEYS:
        if key in value:
            found = find_text(value[key], role, depth + 1)
            if found:
                return found
    return None


def unflatten(attributes: dict, prefix: str) -> dict[int, dict[str, Any]]:
    """Indexed attributes `{prefix}{i}.{rest}` grouped by index: {i: {rest: value}}."""
    groups: dict[int, dict[str, Any]] = {}
    start = len(prefix)
    for key, value in attributes.items():
        if isinstance(key, str) and key.startswith(prefix):
            index, _, rest = key[start:].partition(".")
            if rest and index.isascii() and index.isdigit() and len(index) < 7:
                groups.setdefault(int(index), {})[rest] = value
    return groups


def indexed_messages(entries: dict[int, dict[str, Any]]) -> list[Message]:
    """Messages from OpenInference `message.*` or older GenAI `role|content|tool_calls.{j}.*`."""
    messages = []
    for index in sorted(entries):
        message = _indexed_message(entries[index])
        if message:
            messages.append(message)
    return messages


def _indexed_message(raw: dict[str, Any]) -> Message | None:
    fields = {k[8:] if k.startswith("message.") else k: v for k, v in raw.items()}
    role = _ROLES.get(fields.get("role")) if isinstance(fields.get("role"), str) else None
    if role is None:
        return None
    message = Message(role, as_text(fields.get("content")), finish_reason=as_text(fields.get("finish_reason")))
    calls: dict[int, dict[str, Any]] = {}
    parts: dict[int, str] = {}
    for key, value in fields.items():
        if key.startswith("function_call."):
            calls.setdefault(-1, {})[key[14:]] = value  # the pre-tools `function_call` form
        elif key.startswith("tool_calls."):
            index, _, rest = key[11:].partition(".")
            rest = rest.removeprefix("tool_call.").removeprefix("function.")
            if index.isascii() and index.isdigit() and len(index) < 7:
                calls.setdefault(int(index), {})[rest] = value
        elif key.startswith("contents.") and key.endswith(".message_content.text") and isinstance(value, str):
            index = key[9:].partition(".")[0]
            if index.isascii() and index.isdigit() and len(index) < 7:
                parts[int(index)] = value
    if message.text is None and parts:
        message.text = "\n".join(parts[i] for i in sorted(parts))
    for index in sorted(calls):
        request = tool_request(calls[index])
        if request:
            message.tool_calls.append(request)
    if role == "tool":
        message.tool_responses.append(ToolResponse(
            _ident(fields.get("tool_call_id")), as_text(fields.get("name")), message.text))
    return message


def event_messages(events: list) -> tuple[list[Message], list[Message]]:
    """(input, output) messages carried by span events: `gen_ai.content.prompt|completion`,
    per-message `gen_ai.{role}.message` / `gen_ai.choice`, and `...inference.operation.details`."""
    inputs: list[Message] = []
    outputs: list[Message] = []
    for event in _items(events):
        if not isinstance(event, dict) or not isinstance(event.get("attributes"), dict):
            continue
        name, attrs = event.get("name"), event["attributes"]
        if name == C.EVENT_PROMPT:
            inputs += parse_messages(attrs.get("gen_ai.prompt"))
        elif name == C.EVENT_COMPLETION:
            outputs += parse_messages(attrs.get("gen_ai.completion"))
        elif name == C.EVENT_DETAILS:
            inputs += parse_messages(attrs.get(C.INPUT_MESSAGES))
            outputs += parse_messages(attrs.get(C.OUTPUT_MESSAGES))
        elif name == C.EVENT_CHOICE:
            message = _event_message(attrs.get("message"), "assistant", attrs)
            if message:
                outputs.append(message)
        elif isinstance(name, str) and name in C.EVENT_MESSAGE_ROLES:
            message = _event_message(attrs, C.EVENT_MESSAGE_ROLES[name], attrs)
            if message:
                inputs.append(message)
    return inputs, outputs


def _event_message(body: Any, role: str, attrs: dict) -> Message | None:
    """A per-message event body: a message dict, JSON of one, content blocks, or plain text."""
    body = _structured(body)
    if not isinstance(body, dict):
        body = {"content": body}
    own_role = body.get("role")
    message = to_message({**body, "role": own_role if isinstance(own_role, str) else role,
                          "content": _structured(body.get("content")),
                          "tool_calls": _structured(body.get("tool_calls"))})
    if message is not None and message.finish_reason is None:
        message.finish_reason = as_text(attrs.get("finish_reason"))
    return message


def _structured(value: Any) -> Any:
    """JSON text of an object or array parsed; any other value (plain text too) unchanged."""
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        parsed = loads(value)
        return value if parsed is MISSING else parsed
    return value


def tool_span_events(events: list) -> tuple[Any, Any, str | None]:
    """(arguments, result, call id) that strands records as events on its tool spans."""
    arguments = result = MISSING
    call_id = None
    for event in _items(events):
        if not isinstance(event, dict) or not isinstance(event.get("attributes"), dict):
            continue
        name, attrs = event.get("name"), event["attributes"]
        if name == C.EVENT_TOOL_MESSAGE and "content" in attrs:
            arguments, call_id = attrs["content"], call_id or _ident(attrs.get("id"))
        elif name == C.EVENT_CHOICE and "message" in attrs:
            result = block_value(decode(attrs["message"]))
        elif name == C.EVENT_DETAILS:
            for message in parse_messages(attrs.get(C.INPUT_MESSAGES)):
                for request in message.tool_calls:
                    arguments, call_id = request.arguments, call_id or request.id
            for message in parse_messages(attrs.get(C.OUTPUT_MESSAGES)):
                for response in message.tool_responses:
                    result = block_value(response.response)
    return arguments, result, call_id


def tool_definition(obj: Any) -> tuple[str, str | None, dict | None] | None:
    """(name, description, JSON Schema) from GenAI, OpenAI, Anthropic, Bedrock, pydantic-ai or
    strands definitions; a bare string is a name only."""
    if isinstance(obj, str):
        return (obj, None, None) if obj else None
    if not isinstance(obj, dict):
        return None
    inner = obj.get("function") or obj.get("toolSpec")
    if isinstance(inner, dict):
        obj = inner
    name = as_text(obj.get("name"))
    if name is None:
        return None
    schema = None
    for key in ("parameters", "input_schema", "inputSchema", "parameters_json_schema", "json_schema", "schema"):
        if key in obj:
            schema = obj[key]
            break
    schema = decode(schema)
    if isinstance(schema, dict) and len(schema) == 1 and isinstance(schema.get("json"), dict):
        schema = schema["json"]  # Bedrock/strands `inputSchema: {json: {...}}`
    if not isinstance(schema, dict) or not all(isinstance(k, str) for k in schema):
        schema = None
    return name, as_text(obj.get("description")), schema


def tool_definitions(value: Any) -> list[tuple[str, str | None, dict | None]]:
    """Definitions from a list, or from an object holding `tools` / pydantic `function_tools`."""
    if isinstance(value, dict):
        value = [*_items(value.get("tools")), *_items(value.get("function_tools")),
                 *_items(value.get("output_tools"))]
    return [d for d in map(tool_definition, _items(value)) if d is not None]
