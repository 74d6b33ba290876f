"""Older OpenTelemetry GenAI forms: indexed `gen_ai.prompt.N.*` / `gen_ai.completion.N.*`
attributes, `gen_ai.prompt` / `gen_ai.completion` JSON attributes, and content on span events
(`gen_ai.content.prompt|completion`, per-message `gen_ai.{role}.message`, `gen_ai.choice`,
`gen_ai.client.inference.operation.details`). Spans without `gen_ai.operation.name` are
recognised by what they carry: model, usage or provider attributes make a model call, a tool
name alone a tool call."""
from __future__ import annotations

from collector import conventions as C
from collector.adapters.base import LLM, TOOL, Adapter, SpanView, TraceView
from collector.adapters.genai import OPERATION
from collector.messages import Message, as_text, indexed_messages, last_text, parse_messages, role_lines

PROMPT, COMPLETION = "gen_ai.prompt", "gen_ai.completion"
_MODEL_CALL_KEYS = frozenset({
    "gen_ai.request.model", "gen_ai.response.model", "gen_ai.provider.name", "gen_ai.system",
    "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens", "gen_ai.usage.prompt_tokens",
    "gen_ai.usage.completion_tokens",
})


class GenAILegacy(Adapter):
    name = "genai_legacy"
    markers = _MODEL_CALL_KEYS | {
        "gen_ai.tool.name", PROMPT, COMPLETION, "gen_ai.prompt.0.role", "gen_ai.prompt.0.content",
        "gen_ai.completion.0.role", "gen_ai.completion.0.content",
    }
    event_markers = frozenset({C.EVENT_PROMPT, C.EVENT_COMPLETION, C.EVENT_CHOICE, C.EVENT_DETAILS,
                               *C.EVENT_MESSAGE_ROLES})
    model = ("gen_ai.response.model", "gen_ai.request.model")
    provider = ("gen_ai.provider.name", "gen_ai.system")
    input_tokens = ("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens")
    output_tokens = ("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens")
    total_tokens = ("gen_ai.usage.total_tokens",)

    def role(self, span: SpanView) -> str | None:
        attrs = span.attrs
        if OPERATION in attrs:
            return None  # an explicit operation this module does not know is not a model call
        if attrs.keys().isdisjoint(_MODEL_CALL_KEYS):
            return TOOL if "gen_ai.tool.name" in attrs else None
        return LLM

    def messages(self, span: SpanView, trace: TraceView, inbound: bool) -> list[Message]:
        found = indexed_messages(trace.indexed(span, C.INDEXED_PROMPT if inbound else C.INDEXED_COMPLETION))
        if not found:
            found = _prompt_or_completion(trace, span.attrs.get(PROMPT if inbound else COMPLETION), inbound)
        if not found and span.events:
            found = trace.events(span)[0 if inbound else 1]
        return found

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        return last_text(self.messages(span, trace, True), "user")

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        return last_text(self.messages(span, trace, False), "assistant")


def _prompt_or_completion(trace: TraceView, value: object, inbound: bool) -> list[Message]:
    """A JSON message list, else older OpenLIT text: `role: text` lines in, plain text out."""
    found = parse_messages(trace.json(value))
    if found or not isinstance(value, str):
        return found
    if inbound:
        return role_lines(value)
    return [Message("assistant", value)] if as_text(value) else []
