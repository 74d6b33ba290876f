"""Google ADK: current GenAI spans (`invoke_workflow`, `invoke_agent`, `generate_content`,
`execute_tool`) plus its own `gcp.vertex.agent.*` keys. When the model asks for several tools at
once ADK also writes an `execute_tool (merged)` span (`gen_ai.tool.name` "(merged tools)") for
the merged response event: not a tool call. Its tool call ids (`adk-…`) are its own, unlike the
ids it writes into the messages, so the calls pair with the model's requests by name and order.
A function tool's plain return value reaches the model wrapped as `{"result": value}`."""
from __future__ import annotations

from collector.assembly.adapters.base import OTHER, Adapter, SpanView, ToolIO, TraceView
from collector.assembly.messages import MISSING

MERGED = "(merged tools)"


class GoogleADK(Adapter):
    name = "google_adk"
    markers = frozenset({"gcp.vertex.agent.event_id", "gcp.vertex.agent.invocation_id"})
    own_call_ids = True

    def role(self, span: SpanView) -> str | None:
        return OTHER if span.attrs.get("gen_ai.tool.name") == MERGED else None

    def tool_io(self, span: SpanView, trace: TraceView, io: ToolIO, schema: dict | None) -> None:
        if io.result is not MISSING:
            value = trace.json(io.result)
            if isinstance(value, dict) and value.keys() == {"result"}:
                io.result = value["result"]
