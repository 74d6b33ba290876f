"""A trace whose every text holds the characters template escaping shows when it leaks (`' " < > &`,
a LINE SEPARATOR U+2028) and Chinese, with a failed model call (a provider's 429, exception and stack
recorded) and a failed tool call, the trace failed: what a page must show as plain text, and why
each call failed."""
from __future__ import annotations

import json
from dataclasses import dataclass

from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.trace import Status, StatusCode, set_span_in_context

TEXT = "Xi'an \"east gate\" <b>5 & 6</b>\u2028西安市 钟楼"
ARGUMENTS = {"city": TEXT, "days": [1, 2], "note": "a\nb"}
RESULT = {"answer": TEXT, "rate": 7.1}
RATE_LIMIT = ("openai.RateLimitError", f"Error code: 429 - quota exceeded for {TEXT}",
              f"Traceback (most recent call last):\n  File \"agent.py\", line 7, in ask\n    raise RateLimitError(quota, {TEXT})")
TOOL_FAILURE = ("LookupError", f"no city named {TEXT}")
# Escapes that would only be there if a template's JSON escaping (or double HTML escaping) leaked.
LEAKED = r"\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|&(?:amp|lt|gt|quot|apos|#(?:39|x27|34));"


@dataclass(frozen=True)
class Sent:
    trace_id: str
    root: str
    chat_failed: str
    chat_ok: str
    tool_ok: str
    tool_failed: str


def _id(span) -> str:
    return format(span.get_span_context().span_id, "016x")


def _exception(span, kind: str, message: str, stack: str | None = None) -> None:
    span.add_event("exception", {"exception.type": kind, "exception.message": message,
                                 **({"exception.stacktrace": stack} if stack else {})})
    span.set_status(Status(StatusCode.ERROR, message))


def send(endpoint: str, headers: dict[str, str] | None = None) -> Sent:
    provider = TracerProvider(resource=Resource.create({"service.name": f"svc {TEXT}", "deployment": TEXT}))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=endpoint, headers=headers or {})))
    tracer = provider.get_tracer("tests.plain_text")
    user = [{"role": "user", "parts": [{"type": "text", "content": TEXT}]}]
    root = tracer.start_span(f"invoke_agent {TEXT}", attributes={
        "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": f"agent {TEXT}", "gen_ai.agent.version": "1.0",
        "user.id": f"u-{TEXT}", "session.id": f"s-{TEXT}", "app.note": TEXT, "app.payload": json.dumps(RESULT),
        "gen_ai.input.messages": json.dumps(user),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": TEXT}]}])})
    root.add_event("checkpoint", {"note": TEXT})
    ctx = set_span_in_context(root)
    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-x", "gen_ai.input.messages": json.dumps(user)}
    failed = tracer.start_span("chat gpt-x", context=ctx, attributes=chat)
    _exception(failed, *RATE_LIMIT)
    failed.end()
    call = {"role": "assistant", "parts": [{"type": "tool_call", "id": "c1", "name": "lookup", "arguments": ARGUMENTS},
                                           {"type": "tool_call", "id": "c2", "name": "lookup", "arguments": {"city": "?"}}]}
    ok = tracer.start_span("chat gpt-x", context=ctx, attributes=chat | {
        "gen_ai.output.messages": json.dumps([call]), "gen_ai.usage.input_tokens": 12, "gen_ai.usage.output_tokens": 5})
    ok.end()
    tool = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup"}
    tool_ok = tracer.start_span("execute_tool lookup", context=ctx, attributes=tool | {
        "gen_ai.tool.call.id": "c1", "gen_ai.tool.call.arguments": json.dumps(ARGUMENTS),
        "gen_ai.tool.call.result": json.dumps(RESULT)})
    tool_ok.end()
    tool_failed = tracer.start_span("execute_tool lookup", context=ctx, attributes=tool | {
        "gen_ai.tool.call.id": "c2", "gen_ai.tool.call.arguments": json.dumps({"city": "?"})})
    _exception(tool_failed, *TOOL_FAILURE)
    tool_failed.end()
    root.set_status(Status(StatusCode.ERROR, f"gave up on {TEXT}"))
    root.end()
    provider.shutdown()
    return Sent(format(root.get_span_context().trace_id, "032x"), _id(root), _id(failed), _id(ok), _id(tool_ok),
                _id(tool_failed))
