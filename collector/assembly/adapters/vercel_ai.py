"""Vercel AI SDK (`ai.*`): `ai.operationId` says the role (`ai.generateText` / `ai.streamText`
the agent, `*.doGenerate` / `*.doStream` a model call, `ai.toolCall` a tool call); prompts in
`ai.prompt` / `ai.prompt.messages`, answers in `ai.response.text` / `ai.response.toolCalls`,
tools in `ai.prompt.tools`, user and session as `ai.telemetry.metadata.*` the app chose."""
from __future__ import annotations

from collector.assembly.adapters.base import AGENT, LLM, TOOL, Adapter, Definition, SpanView, TraceView
from collector.assembly.messages import Message, as_text, find_text, last_text, parse_messages, tool_definition, tool_request

OPERATION_ID = "ai.operationId"
PROMPT, PROMPT_MESSAGES = "ai.prompt", "ai.prompt.messages"
RESPONSE_TEXT, RESPONSE_TOOL_CALLS = "ai.response.text", "ai.response.toolCalls"
_AGENT_OPERATIONS = frozenset({"ai.generateText", "ai.streamText", "ai.generateObject", "ai.streamObject"})
_MODEL_CALL_SUFFIXES = (".doGenerate", ".doStream")
_METADATA = "ai.telemetry.metadata."


class VercelAI(Adapter):
    name = "vercel_ai"
    markers = frozenset({OPERATION_ID})
    ttft_events = frozenset({"ai.stream.firstChunk"})
    model = ("ai.response.model", "ai.model.id")
    provider = ("ai.model.provider",)
    input_tokens = ("ai.usage.inputTokens", "ai.usage.promptTokens")
    output_tokens = ("ai.usage.outputTokens", "ai.usage.completionTokens")
    total_tokens = ("ai.usage.totalTokens",)
    finish_reasons = ("ai.response.finishReason", "ai.finishReason")
    ttft = (("ai.response.msToFirstChunk", 1.0), ("ai.stream.msToFirstChunk", 1.0))
    tool_name = ("ai.toolCall.name",)
    tool_call_id = ("ai.toolCall.id",)
    tool_arguments = ("ai.toolCall.args", "ai.toolCall.input")
    tool_result = ("ai.toolCall.result", "ai.toolCall.output")
    user = tuple(_METADATA + k for k in ("userId", "user_id", "user.id", "user"))
    session = tuple(_METADATA + k for k in ("sessionId", "session_id", "session.id", "threadId", "conversationId"))
    agent_name = ("ai.telemetry.functionId",)

    def role(self, span: SpanView) -> str | None:
        operation = span.attrs.get(OPERATION_ID)
        if not isinstance(operation, str):
            return None
        if operation == "ai.toolCall":
            return TOOL
        if operation.endswith(_MODEL_CALL_SUFFIXES):
            return LLM
        return AGENT if operation in _AGENT_OPERATIONS else None

    def messages(self, span: SpanView, trace: TraceView, inbound: bool) -> list[Message]:
        attrs = span.attrs
        if inbound:
            return parse_messages(trace.json(attrs.get(PROMPT_MESSAGES)))
        calls = trace.json(attrs.get(RESPONSE_TOOL_CALLS))
        message = Message("assistant", as_text(attrs.get(RESPONSE_TEXT)))
        message.tool_calls = [r for r in map(tool_request, calls if isinstance(calls, list) else []) if r]
        return [message] if message.text or message.tool_calls else []

    def definitions(self, span: SpanView, trace: TraceView, role: str | None) -> list[Definition]:
        tools = span.attrs.get("ai.prompt.tools")
        return [d for d in (tool_definition(trace.json(t)) for t in tools) if d] if isinstance(tools, list) else []

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        prompt = trace.json(span.attrs.get(PROMPT))
        if isinstance(prompt, dict) and isinstance(prompt.get("prompt"), str):
            return prompt["prompt"] or None
        if isinstance(prompt, dict):
            return last_text(parse_messages(prompt.get("messages")), "user")
        return find_text(prompt, "user") if prompt is not None else None

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        return as_text(span.attrs.get(RESPONSE_TEXT))
