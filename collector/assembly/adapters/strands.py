"""strands-agents: GenAI span names, plus tool arguments and results as span events (legacy
`gen_ai.tool.message` / `gen_ai.choice`, latest an `...inference.operation.details` event),
`gen_ai.tool.status`, the agent's tools in `gen_ai.agent.tools`, TTFT in milliseconds."""
from __future__ import annotations

from collector.assembly import conventions as C
from collector.assembly.adapters.base import Adapter, SpanView, ToolIO, TraceView
from collector.assembly.messages import MISSING, block_value, tool_span_events

STATUS = "gen_ai.tool.status"


class Strands(Adapter):
    name = "strands"
    markers = frozenset({STATUS, "gen_ai.agent.tools", "gen_ai.server.time_to_first_token"})
    event_markers = frozenset({C.EVENT_TOOL_MESSAGE, C.EVENT_CHOICE, C.EVENT_DETAILS})
    ttft = (("gen_ai.server.time_to_first_token", 1.0),)
    definitions_keys = ("gen_ai.agent.tools",)

    def tool_io(self, span: SpanView, trace: TraceView, io: ToolIO, schema: dict | None) -> None:
        if span.events and (io.arguments is MISSING or io.result is MISSING):
            arguments, result, call_id = tool_span_events(span.events)
            io.arguments = arguments if io.arguments is MISSING else io.arguments
            io.result = result if io.result is MISSING else io.result
            io.call_id = io.call_id or call_id
        if io.result is not MISSING:  # latest mode's gen_ai.tool.call.result: the toolResult content blocks
            value = trace.json(io.result)
            io.result = block_value(value) if isinstance(value, list) else io.result

    def failed(self, span: SpanView) -> bool:
        return span.attrs.get(STATUS) == "error"
