"""OpenLLMetry / Traceloop: `traceloop.span.kind` on decorator spans (tool, task, agent,
workflow) with `traceloop.entity.input` (`{"args": [...], "kwargs": {...}}`) and `.output`;
`llm.request.type` on model calls, indexed functions `llm.request.functions.N.*`, user and
session under `traceloop.association.properties.*`. Its indexed messages are older GenAI's.

Its LangChain instrumentation records a tool run's whole callback payload as the tool's input
(`traceloop.entity.input` and `gen_ai.tool.call.arguments`: `{"input_str", "tags", "metadata",
"inputs", "kwargs"}`) and output (`{"output", "kwargs"}`); the arguments are `inputs` (else
`input_str`), the call id `kwargs.tool_call_id`, the result `output` (often a ToolMessage dump)."""
from __future__ import annotations

import ast
from typing import Any

from collector.assembly.adapters.base import AGENT, LLM, TOOL, Adapter, Definition, SpanView, ToolIO, TraceView, call_arguments
from collector.assembly.messages import MISSING, as_text, find_text, langchain_tool_response, tool_definition

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
            io.arguments = attrs[INPUT]
        if io.arguments is not MISSING:
            value = trace.json(io.arguments)
            if _is_callback_input(value):
                kwargs = value.get("kwargs")
                io.call_id = io.call_id or (as_text(kwargs.get("tool_call_id")) if isinstance(kwargs, dict) else None)
                io.arguments = _callback_arguments(value)
            elif isinstance(value, dict):
                io.arguments = call_arguments(value, schema)
        if io.result is MISSING and OUTPUT in attrs:
            io.result = attrs[OUTPUT]
        if io.result is not MISSING and io.response is None:
            value = trace.json(io.result)
            if isinstance(value, dict) and value.keys() == {"output", "kwargs"}:
                value = io.result = value["output"]
            io.response = langchain_tool_response(value)
            if io.response:
                io.result = io.response.response
                io.call_id = io.call_id or io.response.id

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


_CALLBACK_KEYS = frozenset({"input_str", "inputs"})


def _is_callback_input(value: Any) -> bool:
    """LangChain's `on_tool_start` payload, as OpenLLMetry's callback handler records it."""
    return isinstance(value, dict) and _CALLBACK_KEYS <= value.keys()


def _callback_arguments(value: dict) -> Any:
    """The tool's arguments: `inputs`, else `input_str` (a Python repr of a dict, or plain text)."""
    inputs = value.get("inputs")
    if isinstance(inputs, dict) and inputs:
        return inputs
    text = value.get("input_str")
    if isinstance(text, str) and text[:1] == "{":
        try:
            parsed = ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            parsed = None
        if isinstance(parsed, dict):
            return parsed
    return text if text else inputs
