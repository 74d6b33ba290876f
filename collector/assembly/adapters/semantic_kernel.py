"""Semantic Kernel: GenAI spans, with message content as per-message events
(`gen_ai.user.message`, `gen_ai.choice`) that also mark a model call without an operation name,
the finish reason singular, and the functions offered in `sk.available_functions`."""
from __future__ import annotations

from collector.assembly import conventions as C
from collector.assembly.adapters.base import LLM, Adapter, Definition, SpanView, TraceView, event_names
from collector.assembly.adapters.genai import OPERATION

AVAILABLE = "sk.available_functions"


class SemanticKernel(Adapter):
    name = "semantic_kernel"
    markers = frozenset({AVAILABLE, "gen_ai.response.finish_reason"})
    event_markers = frozenset({C.EVENT_CHOICE, *C.EVENT_MESSAGE_ROLES})
    finish_reasons = ("gen_ai.response.finish_reason",)

    def role(self, span: SpanView) -> str | None:
        if OPERATION in span.attrs or not span.events:
            return None
        names = event_names(span.events)
        return LLM if C.EVENT_CHOICE in names and "gen_ai.user.message" in names else None

    def definitions(self, span: SpanView, trace: TraceView, role: str | None) -> list[Definition]:
        value = span.attrs.get(AVAILABLE)
        names = value.split(",") if isinstance(value, str) else []
        return [(n.strip(), None, None) for n in names if n.strip()]
