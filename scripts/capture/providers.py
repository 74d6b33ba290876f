"""The fake model in the wire formats of other providers: Anthropic's Messages API, Gemini's
generateContent and Bedrock's Converse. Each request is read as an OpenAI chat request, answered
by servers.answer from the scenarios, and the answer written back in the provider's format; the
OpenAI forms of both are what the model log (and so the manifest) keeps.

Tool call ids: Anthropic and Bedrock carry the scenario's ids (`call_w1`); Gemini's
generateContent has none, so its function responses are paired with the calls by name and order.
"""
from __future__ import annotations

import json
from urllib.parse import unquote
from typing import Callable, Iterator

Answer = Callable[[dict, str], tuple[int, dict]]


def _sse(event: str | None, data: dict) -> bytes:
    head = f"event: {event}\n".encode() if event else b""
    return head + b"data: " + json.dumps(data).encode() + b"\n\n"


def _text(blocks) -> str:
    if isinstance(blocks, str):
        return blocks
    return "".join(b.get("text", "") for b in blocks or [] if isinstance(b, dict))


def _message(body: dict) -> tuple[str | None, list[dict], str]:
    """(text, tool calls as {id, name, input}, OpenAI finish reason) of an OpenAI answer."""
    choice = body["choices"][0]
    message = choice["message"]
    calls = [{"id": c["id"], "name": c["function"]["name"], "input": json.loads(c["function"]["arguments"])}
             for c in message.get("tool_calls") or []]
    return message.get("content"), calls, choice["finish_reason"]


class Anthropic:
    """POST /v1/messages (`stream: true` answered as server-sent events)."""

    name = "anthropic"

    def exchange(self, wire: dict, path: str, run: str, answer: Answer):
        messages = [{"role": "system", "content": _text(wire["system"])}] if wire.get("system") else []
        for m in wire.get("messages", []):
            content = m.get("content")
            blocks = content if isinstance(content, list) else [{"type": "text", "text": content or ""}]
            results = [b for b in blocks if b.get("type") == "tool_result"]
            for r in results:
                messages.append({"role": "tool", "tool_call_id": r.get("tool_use_id"), "content": _text(r.get("content")),
                                 **({"is_error": True} if r.get("is_error") else {})})
            uses = [b for b in blocks if b.get("type") == "tool_use"]
            text = _text([b for b in blocks if b.get("type") == "text"])
            if m.get("role") == "assistant":
                messages.append({"role": "assistant", "content": text or None, "tool_calls": [
                    {"id": u["id"], "type": "function", "function": {"name": u["name"], "arguments": json.dumps(u["input"])}}
                    for u in uses] or None})
            elif text or not results:
                messages.append({"role": "user", "content": text})
        tools = [{"type": "function", "function": {"name": t["name"], "description": t.get("description"),
                                                   "parameters": t.get("input_schema")}} for t in wire.get("tools", [])]
        request = {"model": wire.get("model"), "messages": messages, "tools": tools}
        status, body = answer(request, run)
        if status != 200:
            return status, {"type": "error", "error": {"type": "invalid_request_error", "message": body["error"]["message"]}}, request, body
        text, calls, finish = _message(body)
        content = ([{"type": "text", "text": text}] if text else []) + [
            {"type": "tool_use", "id": c["id"], "name": c["name"], "input": c["input"]} for c in calls]
        usage = body["usage"]
        out = {"id": body["id"].replace("chatcmpl", "msg"), "type": "message", "role": "assistant", "model": body["model"],
               "content": content, "stop_reason": "tool_use" if calls else "end_turn", "stop_sequence": None,
               "usage": {"input_tokens": usage["prompt_tokens"], "output_tokens": usage["completion_tokens"],
                         "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}
        return status, out, request, body

    def streams(self, wire: dict, path: str) -> bool:
        return bool(wire.get("stream"))

    def stream(self, wire: dict) -> Iterator[bytes]:
        usage = wire["usage"]
        start = dict(wire, content=[], stop_reason=None, usage=dict(usage, output_tokens=1))
        yield _sse("message_start", {"type": "message_start", "message": start})
        for index, block in enumerate(wire["content"]):
            if block["type"] == "text":
                yield _sse("content_block_start", {"type": "content_block_start", "index": index,
                                                   "content_block": {"type": "text", "text": ""}})
                yield _sse("content_block_delta", {"type": "content_block_delta", "index": index,
                                                   "delta": {"type": "text_delta", "text": block["text"]}})
            else:
                yield _sse("content_block_start", {"type": "content_block_start", "index": index,
                                                   "content_block": dict(block, input={})})
                yield _sse("content_block_delta", {"type": "content_block_delta", "index": index, "delta": {
                    "type": "input_json_delta", "partial_json": json.dumps(block["input"])}})
            yield _sse("content_block_stop", {"type": "content_block_stop", "index": index})
        yield _sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": wire["stop_reason"], "stop_sequence": None},
                                     "usage": {"output_tokens": usage["output_tokens"]}})
        yield _sse("message_stop", {"type": "message_stop"})


class Gemini:
    """POST /v1beta/models/<model>:generateContent, and :streamGenerateContent?alt=sse."""

    name = "gemini"

    def __init__(self):
        self.ids: dict[tuple[str, str, str], str] = {}

    def exchange(self, wire: dict, path: str, run: str, answer: Answer):
        system = wire.get("systemInstruction") or wire.get("system_instruction")
        messages = [{"role": "system", "content": _text(system.get("parts"))}] if system else []
        pending: list[dict] = []  # calls of the last model turn, answered by name in order
        for content in wire.get("contents", []):
            parts = content.get("parts", [])
            calls = [p["functionCall"] for p in parts if "functionCall" in p]
            responses = [p["functionResponse"] for p in parts if "functionResponse" in p]
            text = _text([p for p in parts if "text" in p])
            if content.get("role") == "model":
                pending = [{"id": c.get("id") or self.ids.get((run, c["name"], json.dumps(c.get("args", {}), sort_keys=True))),
                            "type": "function",
                            "function": {"name": c["name"], "arguments": json.dumps(c.get("args", {}))}}
                           for i, c in enumerate(calls)]
                messages.append({"role": "assistant", "content": text or None, "tool_calls": list(pending) or None})
                continue
            for r in responses:
                call = next((c for c in pending if c["function"]["name"] == r["name"]), None)
                if call is not None:
                    pending.remove(call)
                result = r.get("response", {})
                messages.append({"role": "tool", "tool_call_id": call["id"] if call else None,
                                 "content": result.get("output", result.get("result", result.get("error", json.dumps(result))))
                                 if isinstance(result, dict) else result})
            if text or not responses:
                messages.append({"role": "user", "content": text})
        tools = [{"type": "function", "function": {"name": f["name"], "description": f.get("description"),
                                                   "parameters": f.get("parameters") or f.get("parametersJsonSchema")}}
                 for t in wire.get("tools", []) for f in t.get("functionDeclarations", t.get("function_declarations", []))]
        model = path.split("/models/", 1)[1].split(":", 1)[0]
        request = {"model": model, "messages": messages, "tools": tools}
        status, body = answer(request, run)
        if status != 200:
            return status, {"error": {"code": 400, "message": body["error"]["message"], "status": "INVALID_ARGUMENT"}}, request, body
        text, calls, finish = _message(body)
        parts = ([{"text": text}] if text else []) + [{"functionCall": {"name": c["name"], "args": c["input"]}} for c in calls]
        usage = body["usage"]
        out = {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
               "usageMetadata": {"promptTokenCount": usage["prompt_tokens"], "candidatesTokenCount": usage["completion_tokens"],
                                 "totalTokenCount": usage["total_tokens"]},
               "modelVersion": model, "responseId": body["id"].replace("chatcmpl-", "")}
        for c in calls:  # the log keeps the scenario's ids, so the manifest pairs calls and results
            self.ids[(run, c["name"], json.dumps(c["input"], sort_keys=True))] = c["id"]
        return status, out, request, body

    def streams(self, wire: dict, path: str) -> bool:
        return ":streamGenerateContent" in path

    def stream(self, wire: dict) -> Iterator[bytes]:
        yield _sse(None, wire)


class Converse:
    """POST /model/<model id>/converse (Bedrock runtime)."""

    name = "bedrock-converse"

    def exchange(self, wire: dict, path: str, run: str, answer: Answer):
        messages = [{"role": "system", "content": _text(wire["system"])}] if wire.get("system") else []
        for m in wire.get("messages", []):
            blocks = m.get("content", [])
            results = [b["toolResult"] for b in blocks if "toolResult" in b]
            for r in results:
                content = r.get("content", [])
                value = content[0]["json"] if len(content) == 1 and "json" in content[0] else _text(content)
                messages.append({"role": "tool", "tool_call_id": r.get("toolUseId"),
                                 "content": value if isinstance(value, str) else json.dumps(value),
                                 **({"is_error": True} if r.get("status") == "error" else {})})
            uses = [b["toolUse"] for b in blocks if "toolUse" in b]
            text = _text([b for b in blocks if "text" in b])
            if m.get("role") == "assistant":
                messages.append({"role": "assistant", "content": text or None, "tool_calls": [
                    {"id": u["toolUseId"], "type": "function", "function": {"name": u["name"], "arguments": json.dumps(u["input"])}}
                    for u in uses] or None})
            elif text or not results:
                messages.append({"role": "user", "content": text})
        tools = [{"type": "function", "function": {"name": t["toolSpec"]["name"], "description": t["toolSpec"].get("description"),
                                                   "parameters": t["toolSpec"].get("inputSchema", {}).get("json")}}
                 for t in (wire.get("toolConfig") or {}).get("tools", []) if "toolSpec" in t]
        model = unquote(path.split("/model/", 1)[1].rsplit("/", 1)[0])
        request = {"model": model, "messages": messages, "tools": tools}
        status, body = answer(request, run)
        if status != 200:
            return status, {"message": body["error"]["message"]}, request, body
        text, calls, finish = _message(body)
        content = ([{"text": text}] if text else []) + [
            {"toolUse": {"toolUseId": c["id"], "name": c["name"], "input": c["input"]}} for c in calls]
        usage = body["usage"]
        out = {"output": {"message": {"role": "assistant", "content": content}},
               "stopReason": "tool_use" if calls else "end_turn",
               "usage": {"inputTokens": usage["prompt_tokens"], "outputTokens": usage["completion_tokens"],
                         "totalTokens": usage["total_tokens"]},
               "metrics": {"latencyMs": 42}}
        return status, out, request, body

    def streams(self, wire: dict, path: str) -> bool:
        return False

    def stream(self, wire: dict) -> Iterator[bytes]:
        return iter(())


_ANTHROPIC, _GEMINI, _CONVERSE = Anthropic(), Gemini(), Converse()


def route(rest: str):
    """The provider serving this path (after /r/<run>), or None for OpenAI chat and the rest."""
    if rest == "/v1/messages":
        return _ANTHROPIC
    if rest.startswith(("/v1beta/models/", "/v1/models/")) and ":" in rest:
        return _GEMINI
    if rest.startswith("/model/") and rest.endswith("/converse"):
        return _CONVERSE
    return None
