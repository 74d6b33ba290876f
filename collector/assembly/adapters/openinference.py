"""OpenInference (Arize): `openinference.span.kind` says the role, messages are indexed
`llm.input_messages.N.message.*` / `llm.output_messages.N.message.*` (tool calls under
`tool_calls.M.tool_call.*`), tools under `llm.tools.N.tool.json_schema`, a tool span's arguments
and result are its `input.value` / `output.value`. Hidden values read `__REDACTED__`."""
from __future__ import annotations

from typing import Any

from collector.assembly.adapters.base import AGENT, LLM, TOOL, Adapter, Definition, SpanView, ToolIO, TraceView, call_arguments
from collector.assembly.messages import (
    MISSING, Message, ToolResponse, as_text, find_text, indexed_messages, langchain_tool_response, tool_definition,
)

KIND = "openinference.span.kind"
INPUT, OUTPUT = "input.value", "output.value"
INPUT_MESSAGES, OUTPUT_MESSAGES, TOOLS = "llm.input_messages.", "llm.output_messages.", "llm.tools."
REDACTED = "__REDACTED__"
_ROLES = {"LLM": LLM, "TOOL": TOOL, "AGENT": AGENT}


def visible(value: Any) -> Any:
    """`value`, or None when the instrumentation hid it."""
    return None if value == REDACTED else value


def _llama_index_output(value: Any) -> ToolResponse | None:
    """LlamaIndex's ToolOutput dump (`{blocks, tool_name, raw_input, raw_output, is_error}`)."""
    if not isinstance(value, dict) or "raw_output" not in value or "tool_name" not in value:
        return None
    return ToolResponse(None, as_text(value.get("tool_name")), value["raw_output"], value.get("is_error") is True)


class OpenInference(Adapter):
    name = "openinference"
    markers = frozenset({KIND, INPUT, OUTPUT, "llm.model_name", "llm.provider", "tool.name",
                         "llm.token_count.prompt", "metadata"})
    model = ("llm.model_name",)
    provider = ("llm.provider", "llm.system")
    input_tokens = ("llm.token_count.prompt",)
    output_tokens = ("llm.token_count.completion",)
    total_tokens = ("llm.token_count.total",)
    finish_reasons = ("llm.finish_reason",)
    ttft_events = frozenset({"First Token Stream Event"})
    tool_name = ("tool.name",)
    tool_call_id = ("tool_call.id", "tool.id")
    tool_description = ("tool.description",)
    tool_schema = ("tool.json_schema", "tool.parameters")
    agent_name = ("agent.name",)
    agent_version = ("agent.version",)
    metadata_keys = ("metadata",)
    metadata_user = ("user_id", "user.id", "userId")
    metadata_session = ("session_id", "session.id", "thread_id", "conversation_id", "sessionId")
    metadata_agent_name = ("lc_agent_name", "agent_name")

    def role(self, span: SpanView) -> str | None:
        kind = span.attrs.get(KIND)
        role = _ROLES.get(kind) if isinstance(kind, str) else None
        if role == LLM and span.name.rpartition(".")[2].startswith("_") and "llm.token_count.prompt" not in span.attrs:
            return None  # LlamaIndex gives every traced method of an LLM object kind LLM (_prepare_chat_with_tools)
        return role

    def messages(self, span: SpanView, trace: TraceView, inbound: bool) -> list[Message]:
        return indexed_messages(trace.indexed(span, INPUT_MESSAGES if inbound else OUTPUT_MESSAGES))

    def tool_io(self, span: SpanView, trace: TraceView, io: ToolIO, schema: dict | None) -> None:
        attrs = span.attrs
        if io.arguments is MISSING and INPUT in attrs and visible(attrs[INPUT]) is not None:
            value = trace.json(attrs[INPUT])  # smolagents' tools: the bound call {args, kwargs, ...}
            io.arguments = call_arguments(value, schema) if isinstance(value, dict) else attrs[INPUT]
        if io.result is MISSING and OUTPUT in attrs and visible(attrs[OUTPUT]) is not None:
            output = trace.json(attrs[OUTPUT])
            io.response = langchain_tool_response(output) or _llama_index_output(output)
            io.result = io.response.response if io.response else attrs[OUTPUT]

    def definitions(self, span: SpanView, trace: TraceView, role: str | None) -> list[Definition]:
        if role != LLM:
            return []
        schemas = [trace.json(f.get("tool.json_schema")) for f in trace.indexed(span, TOOLS).values()]
        found = [d for d in map(tool_definition, [s for s in schemas if isinstance(s, dict)]) if d]
        if not schemas and "llm.invocation_parameters" in span.attrs:
            found += trace.definitions(span.attrs["llm.invocation_parameters"])
        return found

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        value = visible(span.attrs.get(INPUT))
        return find_text(trace.json(value), "user") if value is not None else None

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        value = visible(span.attrs.get(OUTPUT))
        return find_text(trace.json(value), "assistant") if value is not None else None
