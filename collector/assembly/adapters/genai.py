"""OpenTelemetry GenAI semantic conventions, current form: `gen_ai.operation.name` says the
role, messages are `gen_ai.input.messages` / `gen_ai.output.messages` JSON (parts with
`tool_call`, `tool_call_response`, `server_tool_call`...), executed tools are `execute_tool` spans."""
from __future__ import annotations

from collector.assembly.adapters.base import AGENT, LLM, TOOL, Adapter, SpanView, TraceView
from collector.assembly.conventions import INPUT_MESSAGES, OUTPUT_MESSAGES
from collector.assembly.messages import Message, last_text, parse_messages

OPERATION = "gen_ai.operation.name"
LLM_OPERATIONS = frozenset({"chat", "generate_content", "text_completion"})
AGENT_OPERATIONS = frozenset({"invoke_agent", "create_agent", "invoke_workflow"})
TOOL_OPERATION = "execute_tool"


class GenAI(Adapter):
    name = "genai"
    markers = frozenset({
        OPERATION, INPUT_MESSAGES, OUTPUT_MESSAGES, "gen_ai.tool.definitions", "gen_ai.tool.name",
        "gen_ai.tool.call.id", "gen_ai.tool.call.arguments", "gen_ai.tool.call.result",
        "gen_ai.agent.name", "gen_ai.conversation.id", "gen_ai.provider.name", "gen_ai.request.model",
        "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens",
    })
    model = ("gen_ai.response.model", "gen_ai.request.model")
    provider = ("gen_ai.provider.name",)
    input_tokens = ("gen_ai.usage.input_tokens",)
    output_tokens = ("gen_ai.usage.output_tokens",)
    finish_reasons = ("gen_ai.response.finish_reasons",)
    response_id = ("gen_ai.response.id",)
    ttft = (("gen_ai.response.time_to_first_chunk", 1000.0),)
    tool_name = ("gen_ai.tool.name",)
    tool_call_id = ("gen_ai.tool.call.id",)
    tool_arguments = ("gen_ai.tool.call.arguments",)
    tool_result = ("gen_ai.tool.call.result",)
    tool_description = ("gen_ai.tool.description",)
    definitions_keys = ("gen_ai.tool.definitions",)
    session = ("gen_ai.conversation.id",)
    agent_name = ("gen_ai.agent.name",)
    agent_version = ("gen_ai.agent.version",)

    def role(self, span: SpanView) -> str | None:
        operation = span.attrs.get(OPERATION)
        if not isinstance(operation, str):
            return None
        if operation == TOOL_OPERATION:
            return TOOL
        if operation in LLM_OPERATIONS:
            return LLM
        return AGENT if operation in AGENT_OPERATIONS else None

    def messages(self, span: SpanView, trace: TraceView, inbound: bool) -> list[Message]:
        return parse_messages(trace.json(span.attrs.get(INPUT_MESSAGES if inbound else OUTPUT_MESSAGES)))

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        return last_text(self.messages(span, trace, True), "user")

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        return last_text(self.messages(span, trace, False), "assistant")
