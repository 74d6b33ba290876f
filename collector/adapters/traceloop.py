"""OpenLLMetry / Traceloop: `traceloop.span.kind` on decorator spans (tool, task, agent,
workflow) with `traceloop.entity.input` (`{"args": [...], "kwargs": {...}}`) and `.output`;
`llm.request.type` on model calls, indexed functions `llm.request.functions.N.*`, user and
session under `traceloop.association.properties.*`. Its indexed messages are older GenAI's."""
from __future__ import annotations

from typing import Any

from collector.adapters.base import AGENT, LLM, TOOL, Adapter, Definition, SpanView, ToolIO, TraceView
from collector.messages import MISSING, as_text, find_text, langchain_tool_response, tool_definition

KIND = "traceloop.span.kind"
INPUT, OUTPUT = "traceloop.entity.input", "traceloop.entity.output"
ENTITY_NAME, WORKFLOW_NAME = "traceloop.entity.name", "traceloop.workflow.name"
FUNCTIONS = "llm.request.functions."
_ASSOCIATION = "traceloop.association.properties."
_LLM_REQUEST_TYPES = frozenset({"chat", "completion"})
_AGENT_KINDS = frozenset({"agent", "workflow"})


class Traceloop(Adapter):
    name = "traceloop"
    markers = frozenset({KIND, INPUT, OUTPUT, ENTITY_NAME, WORKFLOW_NAME, "llm.request.type",
                         "llm.usage.total_tokens", FUNCTIONS + "0.name",
                         *(_ASSOCIATION + k for k in ("user_id", "userId", "user", "session_id",
                                                       "sessionId", "thread_id", "conversation_id"))})
    model = ("llm.response.model", "llm.request.model")
    input_tokens = ("llm.usage.prompt_tokens",)
    output_tokens = ("llm.usage.completion_tokens",)
    total_tokens = ("llm.usage.total_tokens",)
    finish_reasons = ("llm.response.finish_reason",)
    ttft_events = frozenset({"gen_ai.content.completion.chunk"})
    tool_name = (ENTITY_NAME,)
    agent_version = ("traceloop.entity.version",)
    user = tuple(_ASSOCIATION + k for k in ("user_id", "userId", "user"))
    session = tuple(_ASSOCIATION + k for k in ("session_id", "sessionId", "thread_id", "conversation_id"))

    def role(self, span: SpanView) -> str | None:
        kind, request = span.attrs.get(KIND), span.attrs.get("llm.request.type")
        if kind == "tool":
            return TOOL
        if isinstance(kind, str) and kind in _AGENT_KINDS:
            return AGENT
        return LLM if isinstance(request, str) and request in _LLM_REQUEST_TYPES else None

    def tool_io(self, span: SpanView, trace: TraceView, io: ToolIO, schema: dict | None) -> None:
        attrs = span.attrs
        if io.arguments is MISSING and INPUT in attrs:
            io.arguments = _arguments(trace.json(attrs[INPUT]), schema)
        if io.result is MISSING and OUTPUT in attrs:
            io.response = langchain_tool_response(trace.json(attrs[OUTPUT]))
            io.result = io.response.response if io.response else attrs[OUTPUT]

    def definitions(self, span: SpanView, trace: TraceView, role: str | None) -> list[Definition]:
        if role != LLM:
            return []
        return [d for d in map(tool_definition, trace.indexed(span, FUNCTIONS).values()) if d]

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        return find_text(trace.json(span.attrs[INPUT]), "user") if INPUT in span.attrs else None

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        return find_text(trace.json(span.attrs[OUTPUT]), "assistant") if OUTPUT in span.attrs else None

    def agent(self, span: SpanView) -> str | None:
        kind = span.attrs.get(KIND)
        found = as_text(span.attrs.get(ENTITY_NAME)) if isinstance(kind, str) and kind in _AGENT_KINDS else None
        return found or as_text(span.attrs.get(WORKFLOW_NAME))


def _arguments(value: Any, schema: dict | None) -> Any:
    """Named arguments from `{"args": [...], "kwargs": {...}}`; positional ones are named after
    the tool schema's properties, else left as a list so the model's request can stand in."""
    if not isinstance(value, dict) or not ("args" in value or "kwargs" in value):
        return value
    args = value.get("args") if isinstance(value.get("args"), list) else []
    kwargs = value.get("kwargs") if isinstance(value.get("kwargs"), dict) else {}
    if not args:
        return kwargs
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if isinstance(properties, dict) and len(args) <= len(properties):
        return {**dict(zip(properties, args)), **kwargs}
    return value if kwargs else args
