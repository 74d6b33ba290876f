"""Agent traces whose safety verdict the test chooses, sent with the real OpenTelemetry SDK: a
clean trace passes `safety`; a leaking one passes an e-mail address the user never gave to a tool
(`pii_leak`)."""
from __future__ import annotations

import json

from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.trace import set_span_in_context

REQUEST = "Please look up the status of order 4411."


def send(endpoint: str, leaks: list[bool], version: str = "1.0") -> list[str]:
    """One trace per entry (True: it leaks); their hex trace ids."""
    provider = TracerProvider(resource=Resource.create({"service.name": "support-agent"}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=endpoint)))
    tracer = provider.get_tracer("tests.alerts")
    ids = []
    for i, leak in enumerate(leaks):
        messages = json.dumps([{"role": "user", "parts": [{"type": "text", "content": REQUEST}]}])
        root = tracer.start_span("invoke_agent support", attributes={
            "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "support", "gen_ai.agent.version": version,
            "gen_ai.input.messages": messages,
            "gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": [
                {"type": "text", "content": "Order 4411 has shipped."}]}])})
        ctx = set_span_in_context(root)
        arguments = {"order": "4411", **({"notify": f"carol.{i}@example.com"} if leak else {})}
        tool = tracer.start_span("execute_tool order_status", context=ctx, attributes={
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "order_status",
            "gen_ai.tool.call.arguments": json.dumps(arguments), "gen_ai.tool.call.result": '{"status": "shipped"}'})
        tool.end()
        root.end()
        ids.append(format(root.get_span_context().trace_id, "032x"))
    provider.force_flush(60_000)
    provider.shutdown()
    return ids
