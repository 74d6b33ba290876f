"""Agent-like OTLP load: reusable 512-span protobuf batches of GenAI traces, restamped per send.

Two shapes: `chat` (8-span traces: invoke_agent, 4 chats, 3 execute_tools, ~1.3 KB a span) and
`tools` (16-span traces: invoke_agent, 8 chats, 7 execute_tools with ~200 B arguments and ~400 B
results). Every span of a trace is in one batch; each render has fresh trace and span ids.
"""
from __future__ import annotations

import json
import os
import struct
import time

SPANS_PER_BATCH = 512


def _text(n: int, seed: int) -> str:
    words = ("the", "flight", "weather", "token", "booking", "city", "result", "search", "user", "agent",
             "tool", "price", "date", "route", "service", "answer")
    out, i = [], seed
    while sum(map(len, out)) + len(out) < n:
        out.append(words[i % len(words)])
        i = i * 7 + 3
    return " ".join(out)[:n]


def _messages(*msgs: tuple[str, str]) -> str:
    return json.dumps([{"role": role, "parts": [{"type": "text", "content": text}]} for role, text in msgs])


def _root(t: int, ctx: dict, user: str) -> tuple[str, int, int, int, dict]:
    return ("invoke_agent bench_agent", 1, 0, 900_000_000, {
        **ctx, "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "bench_agent",
        "gen_ai.agent.version": "2.3.0", "gen_ai.provider.name": "openai",
        "gen_ai.input.messages": _messages(("user", user)),
        "gen_ai.output.messages": _messages(("assistant", _text(500, t + 1))),
    })


def _context(t: int) -> dict:
    return {"user.id": f"user-{t % 50:03d}", "session.id": f"sess-{t:05d}", "gen_ai.conversation.id": f"sess-{t:05d}"}


def _chat(t: int, ctx: dict, turn: int, start: int, last: bool, history: list, output: str) -> tuple:
    return ("chat gpt-4o-mini", 3, start, 120_000_000, {
        **ctx, "gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini", "gen_ai.response.model": "gpt-4o-mini-2024-07-18",
        "gen_ai.response.id": f"chatcmpl-{t:06d}{turn}",
        "gen_ai.response.finish_reasons": ["stop" if last else "tool_call"],
        "gen_ai.usage.input_tokens": 400 + 150 * turn, "gen_ai.usage.output_tokens": 40 + turn,
        "gen_ai.response.time_to_first_chunk": 0.35 + 0.01 * turn,
        "gen_ai.input.messages": _messages(*history), "gen_ai.output.messages": output,
    })


def _tool(ctx: dict, call: dict, start: int, duration: int, result: dict) -> tuple:
    return (f"execute_tool {call['name']}", 1, start, duration, {
        **ctx, "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call["name"],
        "gen_ai.tool.call.id": call["id"], "gen_ai.tool.call.arguments": json.dumps(call["arguments"]),
        "gen_ai.tool.call.result": json.dumps(result),
    })


def _output(t: int, turn: int, last: bool, call: dict) -> str:
    """A chat's output messages: the answer on the last turn, else the tool call it asks for."""
    if last:
        return _messages(("assistant", _text(300, t + turn)))
    return json.dumps([{"role": "assistant", "parts": [call], "finish_reason": "tool_call"}])


def _chat_trace(t: int) -> list[tuple[str, int, int, int, dict]]:
    """(name, kind, start offset ns, duration ns, attributes) of one chat-heavy trace: root first,
    4 chats with message histories, 3 tool calls."""
    user, ctx = _text(200, t), _context(t)
    spans = [_root(t, ctx, user)]
    history = [("user", user)]
    for turn in range(4):
        start, last = 10_000_000 + turn * 220_000_000, turn == 3
        call = {"type": "tool_call", "id": f"call_{t}_{turn}", "name": f"tool_{turn}",
                "arguments": {"q": _text(60, turn)}}
        spans.append(_chat(t, ctx, turn, start, last, history[-3:], _output(t, turn, last, call)))
        history.append(("assistant", _text(260, t * 3 + turn)))
        if not last:
            spans.append(_tool(ctx, call, start + 125_000_000, 80_000_000,
                               {"items": [_text(180, t + i) for i in range(3)]}))
    return spans


def _tools_trace(t: int) -> list[tuple[str, int, int, int, dict]]:
    """One tool-heavy trace: root, 8 chats (the first 7 each ask for a tool), 7 tool calls with
    ~200 B JSON arguments and ~400 B JSON results."""
    user, ctx = _text(200, t), _context(t)
    spans, history = [_root(t, ctx, user)], [("user", user)]
    for turn in range(8):
        start, last = 10_000_000 + turn * 110_000_000, turn == 7
        arguments = {"query": _text(120, t + turn), "city": "Hangzhou", "limit": 10 + turn, "filters": ["a", "b"]}
        call = {"type": "tool_call", "id": f"call_{t}_{turn}", "name": f"tool_{turn % 4}", "arguments": arguments}
        spans.append(_chat(t, ctx, turn, start, last, history[-2:], _output(t, turn, last, call)))
        history.append(("assistant", _text(290, t * 3 + turn)))
        if not last:
            spans.append(_tool(ctx, call, start + 60_000_000, 40_000_000,
                               {"items": [_text(122, t + i) for i in range(3)], "total": 3}))
    return spans


# shape -> (trace template, spans per trace)
SHAPES = {"chat": (_chat_trace, 8), "tools": (_tools_trace, 16)}


class Batch:
    """One reusable ExportTraceServiceRequest; `render` stamps fresh ids and times, then serializes."""

    def __init__(self, seed: int = 0, shape: str = "chat"):
        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

        self.request = ExportTraceServiceRequest()
        rs = self.request.resource_spans.add()
        for key, value in (("service.name", "bench-agent"), ("service.version", "2.3.0"),
                           ("telemetry.sdk.name", "opentelemetry"), ("telemetry.sdk.language", "python")):
            rs.resource.attributes.add(key=key).value.string_value = value
        scope = rs.scope_spans.add()
        scope.scope.name = "bench.genai"
        self.layout: list[tuple[object, int, bool, int, int]] = []  # (span, trace index, is root, start, duration)
        template, per_trace = SHAPES[shape]
        for t in range(SPANS_PER_BATCH // per_trace):
            for i, (name, kind, start, duration, attrs) in enumerate(template(seed * 1000 + t)):
                span = scope.spans.add(name=name, kind=kind)
                for key, value in attrs.items():
                    _set(span.attributes.add(key=key).value, value)
                self.layout.append((span, t, i == 0, start, duration))

    def render(self, run: int, sender: int, number: int, now_ns: int | None = None) -> bytes:
        """`now_ns`: when the request is sent (default: now); its traces started a second before."""
        now = (time.time_ns() if now_ns is None else now_ns) - 1_000_000_000
        ids = os.urandom(8 * len(self.layout))
        root = b""
        for k, (span, t, is_root, start, duration) in enumerate(self.layout):
            span.trace_id = struct.pack(">IHIHI", run, sender, number, t, 0x7E57)
            span.span_id = ids[8 * k: 8 * k + 8]
            if is_root:
                root = span.span_id
                span.ClearField("parent_span_id")
            else:
                span.parent_span_id = root
            span.start_time_unix_nano = now + start
            span.end_time_unix_nano = now + start + duration
        return self.request.SerializeToString()


def _set(anyvalue, value) -> None:
    if isinstance(value, str):
        anyvalue.string_value = value
    elif isinstance(value, bool):
        anyvalue.bool_value = value
    elif isinstance(value, int):
        anyvalue.int_value = value
    elif isinstance(value, float):
        anyvalue.double_value = value
    else:
        for item in value:
            _set(anyvalue.array_value.values.add(), item)
