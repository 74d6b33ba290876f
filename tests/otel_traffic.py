"""Agent-like traces sent with the real OpenTelemetry SDK and OTLP/HTTP exporter."""
from __future__ import annotations

import time
from dataclasses import dataclass

from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.trace import Status, StatusCode, set_span_in_context


@dataclass
class TraceSpec:
    failed: bool = False
    age_s: float = 0.0          # how long ago the trace started
    user_id: str = "u-1"
    duration_ms: float = 50.0
    tokens: int = 100


def send(endpoint: str, specs: list[TraceSpec], service: str = "traffic-agent") -> list[str]:
    """Send one trace per spec (root invoke_agent + one execute_tool); returns their hex ids."""
    provider = TracerProvider(resource=Resource.create({"service.name": service}))
    provider.add_span_processor(BatchSpanProcessor(
        OTLPSpanExporter(endpoint=endpoint), max_queue_size=max(2048, 3 * len(specs)), max_export_batch_size=512))
    tracer = provider.get_tracer("tests.traffic")
    ids = []
    now = time.time_ns()
    for spec in specs:
        start = now - int(spec.age_s * 1e9)
        end = start + int(spec.duration_ms * 1e6)
        root = tracer.start_span("invoke_agent traffic", start_time=start, attributes={
            "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "traffic", "user.id": spec.user_id})
        ctx = set_span_in_context(root)
        chat = tracer.start_span("chat m", context=ctx, start_time=start + 1000, attributes={
            "gen_ai.operation.name": "chat", "gen_ai.request.model": "m",
            "gen_ai.usage.input_tokens": spec.tokens // 2, "gen_ai.usage.output_tokens": spec.tokens - spec.tokens // 2})
        chat.end(end_time=start + 2000)
        tool = tracer.start_span("execute_tool lookup", context=ctx, start_time=start + 3000, attributes={
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup",
            "gen_ai.tool.call.arguments": '{"q": "x"}'})
        if spec.failed:
            tool.set_status(Status(StatusCode.ERROR, "boom"))
            root.set_status(Status(StatusCode.ERROR, "tool failed"))
        tool.end(end_time=end - 1000)
        root.end(end_time=end)
        ids.append(format(root.get_span_context().trace_id, "032x"))
    provider.force_flush(60_000)
    provider.shutdown()
    return ids
