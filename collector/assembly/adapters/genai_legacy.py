"""Older OpenTelemetry GenAI forms: indexed `gen_ai.prompt.N.*` / `gen_ai.completion.N.*`
attributes, `gen_ai.prompt` / `gen_ai.completion` JSON attributes, and content on span events
(`gen_ai.content.prompt|completion`, per-message `gen_ai.{role}.message`, `gen_ai.choice`,
`gen_ai.client.inference.operation.details`). Spans without `gen_ai.operation.name` are
recognised by what they carry: model, usage or provider attributes make a model call, a tool
name alone a tool call."""
from __future__ import annotations

from collector.assembly import conventions as C
from collector.assembly.adapters.base import LLM, TOOL, Adapter, SpanView, TraceView
from collector.assembly.adapters.genai import OPERATION
from collector.assembly.messages import Message, as_text, indexed_messages, last_text, parse_messages, role_lines

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
    response_id = ("gen_ai.response.id",)

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
            if not found:  # content events holding text rather than JSON (OpenLIT 1.2x)
                name, key = (C.EVENT_PROMPT, PROMPT) if inbound else (C.EVENT_COMPLETION, COMPLETION)
                found = _prompt_or_completion(trace, event_attribute(span.events, name, key), inbound)
        return found

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        return last_text(self.messages(span, trace, True), "user")

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        return last_text(self.messages(span, trace, False), "assistant")


def event_attribute(events: list, name: str, key: str) -> object:
    """The attribute `key` of the first event called `name`, else None."""
    for event in events:
        if isinstance(event, dict) and event.get("name") == name and isinstance(event.get("attributes"), dict):
            return event["attributes"].get(key)
    return None


def _prompt_or_completion(trace: TraceView, value: object, inbound: bool) -> list[Message]:
    """A JSON message list (or the deprecated completion list of `{text, finish_reason}`
    choices), else older OpenLIT text: `role: text` lines in, plain text out."""
    parsed = trace.json(value)
    found = parse_messages(parsed)
    if not found and not inbound and isinstance(parsed, list):
        found = [Message("assistant", c["text"], finish_reason=as_text(c.get("finish_reason")))
                 for c in parsed if isinstance(c, dict) and "role" not in c and isinstance(c.get("text"), str)]
    if found or not isinstance(value, str) or parsed is not value:
        return found
    if inbound:
        return role_lines(value)
    return [Message("assistant", value)] if as_text(value) else []
