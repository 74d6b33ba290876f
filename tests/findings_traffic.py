"""One booking trace whose verdict is spread over its steps, sent with the real OpenTelemetry SDK:
call 1 logs in a user the request never named (`ungrounded_value`), calls 2-4 book with relative
words where the tool wants a date (`relative_date` on each, each with its own reason); and a
task that runs `grounding` on it through the server's API."""
from __future__ import annotations

import json
from dataclasses import dataclass

import httpx
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.trace import SpanKind, set_span_in_context

from tracepatrol.harness.waiting import wait_for

REQUEST = "I'm alice. Book the Lisbon Star hotel for tomorrow, the day after tomorrow and next Friday."
LOGIN = {"type": "function", "name": "login", "description": "Log a user in and return a session token.",
         "parameters": {"type": "object", "properties": {"user": {"type": "string", "description": "User name"}},
                        "required": ["user"]}}
BOOK = {"type": "function", "name": "book_room", "description": "Book a hotel room for one night.",
        "parameters": {"type": "object", "properties": {
            "token": {"type": "string", "description": "Session token returned by login"},
            "hotel": {"type": "string"}, "date": {"type": "string", "format": "date", "description": "YYYY-MM-DD"}},
            "required": ["token", "hotel", "date"]}}
TOKEN = "tok-5d1e"
CALLS = [("login", {"user": "bob"}, {"token": TOKEN}),
         *(("book_room", {"token": TOKEN, "hotel": "Lisbon Star", "date": word}, {"booking": f"B-{i}"})
           for i, word in enumerate(("tomorrow", "the day after tomorrow", "next Friday"), start=2))]
# What the grounding evaluator finds, step by step (seq, label).
EXPECTED = [(1, "ungrounded_value"), (2, "relative_date"), (3, "relative_date"), (4, "relative_date")]


@dataclass
class Sent:
    trace_id: str
    span_ids: dict[int, str]  # tool-call seq -> its execute_tool span id


def send(endpoint: str, headers: dict[str, str] | None = None) -> Sent:
    """The trace, to an OTLP/HTTP traces URL: an agent span, a chat span offering the tools, four
    execute_tool spans."""
    provider = TracerProvider(resource=Resource.create({"service.name": "booking-agent"}))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=endpoint, headers=headers or {})))
    tracer = provider.get_tracer("tests.findings_traffic")
    messages = json.dumps([{"role": "user", "parts": [{"type": "text", "content": REQUEST}]}])
    root = tracer.start_span("invoke_agent booking", kind=SpanKind.INTERNAL, attributes={
        "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "booking", "gen_ai.agent.version": "1.0",
        "user.id": "u-alice-7", "gen_ai.input.messages": messages})
    ctx = set_span_in_context(root)
    chat = tracer.start_span("chat m", context=ctx, kind=SpanKind.CLIENT, attributes={
        "gen_ai.operation.name": "chat", "gen_ai.request.model": "m", "gen_ai.input.messages": messages,
        "gen_ai.tool.definitions": json.dumps([LOGIN, BOOK])})
    chat.end()
    span_ids = {}
    for seq, (name, arguments, result) in enumerate(CALLS, start=1):
        tool = tracer.start_span(f"execute_tool {name}", context=ctx, kind=SpanKind.INTERNAL, attributes={
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name, "gen_ai.tool.call.id": f"call_{seq}",
            "gen_ai.tool.call.arguments": json.dumps(arguments), "gen_ai.tool.call.result": json.dumps(result)})
        tool.end()
        span_ids[seq] = format(tool.get_span_context().span_id, "016x")
    root.set_attribute("gen_ai.output.messages", json.dumps([{"role": "assistant", "finish_reason": "stop", "parts": [
        {"type": "text", "content": "Booked B-2, B-3 and B-4 at the Lisbon Star."}]}]))
    root.end()
    provider.force_flush(30_000)
    provider.shutdown()
    return Sent(format(root.get_span_context().trace_id, "032x"), span_ids)


def run_grounding(api: str, headers: dict[str, str] | None = None, task: str = "booking") -> dict:
    """A task running `grounding` on the last hour's traces, created through the API at `api`; its
    finished run."""
    doc = {"name": task, "window": {"mode": "backfill", "last": "1h"}, "sampling": {"ratio": 1, "max_items": 10},
           "evaluators": ["grounding"]}
    resp = httpx.post(api + "/api/tasks", json=doc, headers=headers, timeout=60)
    assert resp.status_code == 201, resp.text
    url = f"{api}/api/runs/{resp.json()['run']['run_id']}"
    return wait_for("the run", lambda: (run := httpx.get(url, headers=headers, timeout=30).json())["state"] == "done"
                    and run, timeout=120, every=0.2)
