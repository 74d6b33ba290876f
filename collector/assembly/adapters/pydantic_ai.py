"""pydantic-ai (Logfire instrumentation): v2 names its spans `agent run` / `running tool` with
`tool_arguments` / `tool_response`; later versions use GenAI names. The agent span keeps the
whole conversation (`pydantic_ai.all_messages`), the answer (`final_result`) and usage
(`gen_ai.aggregated_usage.*`, older versions `gen_ai.usage.*`, sometimes as text)."""
from __future__ import annotations

from typing import Any

import orjson

from collector.assembly.adapters.base import AGENT, TOOL, Adapter, SpanView, TraceView
from collector.assembly.messages import Message, parse_messages

TOOL_SPAN, AGENT_SPAN = "running tool", "agent run"
CONVERSATION = ("pydantic_ai.all_messages", "all_messages_events")
FINAL_RESULT = "final_result"
_LEVEL, _ERROR_LEVEL = "logfire.level_num", 17
SCRUBBED = "[Scrubbed due to "  # Logfire's stand-in for a value its scrubbing removed (`logfire.scrubbed`)


class PydanticAI(Adapter):
    name = "pydantic_ai"
    markers = frozenset({*CONVERSATION, FINAL_RESULT, "agent_name", "tool_arguments", "tool_response",
                         "model_request_parameters", "logfire.msg", _LEVEL, "pydantic_ai.tool.failure_stage",
                         "pydantic_ai.tool.retry.cause", "gen_ai.aggregated_usage.input_tokens",
                         "gen_ai.client.operation.time_to_first_chunk"})
    span_names = frozenset({TOOL_SPAN, AGENT_SPAN})
    agent_input_tokens = ("gen_ai.aggregated_usage.input_tokens", "gen_ai.usage.input_tokens")
    agent_output_tokens = ("gen_ai.aggregated_usage.output_tokens", "gen_ai.usage.output_tokens")
    ttft = (("gen_ai.client.operation.time_to_first_chunk", 1000.0),)
    tool_arguments = ("tool_arguments",)
    tool_result = ("tool_response",)
    # Validation errors and ModelRetry mark failed tool calls.
    tool_failure_markers = ("pydantic_ai.tool.failure_stage", "pydantic_ai.tool.retry.cause")
    definitions_keys = ("model_request_parameters",)
    agent_name = ("agent_name",)

    def role(self, span: SpanView) -> str | None:
        if span.name == TOOL_SPAN:
            return TOOL
        attrs = span.attrs
        return AGENT if span.name == AGENT_SPAN or FINAL_RESULT in attrs or CONVERSATION[0] in attrs else None

    def conversation(self, span: SpanView, trace: TraceView) -> list[Message]:
        key = next((k for k in CONVERSATION if k in span.attrs), None)
        return parse_messages(trace.json(span.attrs[key])) if key else []

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        return _json_text(span.attrs.get(FINAL_RESULT))

    def failed(self, span: SpanView) -> bool:
        level = span.attrs.get(_LEVEL)
        return isinstance(level, int) and level >= _ERROR_LEVEL


def _json_text(value: Any) -> str | None:
    """A text value as is; a structured one (structured output) as JSON text."""
    if isinstance(value, str) or value is None:
        return value or None
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return None
