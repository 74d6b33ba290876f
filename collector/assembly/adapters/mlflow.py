"""MLflow tracing exported over OTLP: every `mlflow.*` attribute value is JSON text.
`mlflow.spanType` says the role (CHAT_MODEL / LLM a model call, TOOL, AGENT), `mlflow.spanInputs`
/ `mlflow.spanOutputs` hold a call's inputs and outputs (for a model call the provider's own
request and response, `mlflow.message.format` naming it), `mlflow.chat.tokenUsage` the usage."""
from __future__ import annotations

from typing import Any

from collector.assembly.adapters.base import AGENT, LLM, TOOL, Adapter, SpanView, ToolIO, TraceView
from collector.assembly.messages import MISSING, Message, find_text, parse_messages, to_message

SPAN_TYPE, INPUTS, OUTPUTS = "mlflow.spanType", "mlflow.spanInputs", "mlflow.spanOutputs"
USAGE = "mlflow.chat.tokenUsage"
_ROLES = {"CHAT_MODEL": LLM, "LLM": LLM, "TOOL": TOOL, "AGENT": AGENT}


class MLflow(Adapter):
    name = "mlflow"
    markers = frozenset({SPAN_TYPE, INPUTS, OUTPUTS, USAGE})

    def role(self, span: SpanView) -> str | None:
        kind = span.attrs.get(SPAN_TYPE)
        return _ROLES.get(kind.strip('"')) if isinstance(kind, str) else None

    def messages(self, span: SpanView, trace: TraceView, inbound: bool) -> list[Message]:
        value = trace.json(span.attrs.get(INPUTS if inbound else OUTPUTS))
        if inbound or not isinstance(value, dict):
            return parse_messages(value) if isinstance(value, (dict, list)) else []
        choices = value.get("choices")
        if isinstance(choices, list):  # an OpenAI chat completion
            found = [to_message(c.get("message")) for c in choices if isinstance(c, dict)]
            return [m for m in found if m is not None]
        message = to_message(value)  # a provider response shaped as one message (Anthropic)
        return [message] if message else []

    def usage(self, span: SpanView, trace: TraceView) -> tuple[int, int] | None:
        value = trace.json(span.attrs.get(USAGE))
        if not isinstance(value, dict):
            return None
        counts = [value.get("input_tokens"), value.get("output_tokens")]
        return tuple(c if isinstance(c, int) and c >= 0 else 0 for c in counts)  # type: ignore[return-value]

    def tool_io(self, span: SpanView, trace: TraceView, io: ToolIO, schema: dict | None) -> None:
        if io.arguments is MISSING and INPUTS in span.attrs:
            io.arguments = span.attrs[INPUTS]
        if io.result is MISSING and OUTPUTS in span.attrs:
            io.result = trace.json(span.attrs[OUTPUTS])

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        return _text(trace.json(span.attrs.get(INPUTS)), "user")

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        return _text(trace.json(span.attrs.get(OUTPUTS)), "assistant")


def _text(value: Any, role: str) -> str | None:
    return find_text(value, role) if value is not None else None
