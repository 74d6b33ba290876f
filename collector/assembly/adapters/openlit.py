"""OpenLIT: GenAI spans, with content as `gen_ai.content.prompt|completion` events (older
GenAI's, read there) and the tools a model call requested as comma-joined lists on the model span
(`gen_ai.tool.name`, `gen_ai.tool.call.id`, `gen_ai.tool.args`), also without message content.
OpenLIT 1.2x (`gen_ai.endpoint`, `gen_ai.application_name`) writes the completion
"Function called with tools" whenever tools were offered: a placeholder, not the model's text."""
from __future__ import annotations

from collector.assembly import conventions as C
from collector.assembly.adapters.base import Adapter, SpanView, TraceView
from collector.assembly.adapters.genai_legacy import COMPLETION, event_attribute
from collector.assembly.messages import Message, ToolRequest

NAMES, IDS, ARGS = "gen_ai.tool.name", "gen_ai.tool.call.id", "gen_ai.tool.args"
PLACEHOLDER = "Function called with tools"


class OpenLIT(Adapter):
    name = "openlit"
    markers = frozenset({ARGS, "gen_ai.sdk.version", "openlit.agent.version_hash", "gen_ai.endpoint",
                         "gen_ai.application_name"})

    def messages(self, span: SpanView, trace: TraceView, inbound: bool) -> list[Message]:
        attrs = span.attrs
        names = attrs.get(NAMES)
        if inbound:
            return []
        if not isinstance(names, str) or ARGS not in attrs:
            placeholder = PLACEHOLDER in (attrs.get(COMPLETION), event_attribute(span.events, C.EVENT_COMPLETION, COMPLETION))
            return [Message("assistant")] if placeholder else []  # tools were asked for, unrecorded
        names_list = [n.strip() for n in names.split(",")]
        ids = attrs.get(IDS)
        ids_list = [i.strip() or None for i in ids.split(",")] if isinstance(ids, str) else []
        args = attrs[ARGS]
        parsed = trace.json(f"[{args}]") if isinstance(args, str) else None
        args_list = parsed if isinstance(parsed, list) and len(parsed) == len(names_list) else [args]
        if len(args_list) != len(names_list):
            names_list, ids_list = names_list[:1], ids_list[:1]
        ids_list += [None] * (len(names_list) - len(ids_list))
        calls = [ToolRequest(n, i, a) for n, i, a in zip(names_list, ids_list, args_list) if n]
        return [Message("assistant", tool_calls=calls)] if calls else []
