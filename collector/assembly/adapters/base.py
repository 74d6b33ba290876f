"""The one small interface every convention adapter implements.

An adapter answers a few questions about one span: its role (agent, model call, tool call), its
input and output messages, the tool call it executed, the tools it offered, its usage and the
trace context it names (user, session, agent). Simple answers are data: tuples of attribute keys,
read first-present-wins across the span's adapters in priority order (`Profile`). Answers that
need parsing are methods, asked of the span's adapters in that order until one answers.
A span is only asked of the adapters whose markers (attribute keys, event or span names) it carries.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from collector.assembly.messages import MISSING, Message, ToolResponse

LLM, TOOL, AGENT = "llm", "tool", "agent"
OTHER = "other"  # a span its convention says is none of those (it overrides later adapters)
Definition = tuple[str, str | None, dict | None]


class SpanView(Protocol):
    """What adapters may read of a span (collector.assembly.build's type-checked span)."""

    name: str
    attrs: dict
    events: list
    error: bool


class TraceView(Protocol):
    """Per-build parsing caches adapters share, so no JSON text is parsed twice."""

    def json(self, value: Any) -> Any: ...
    def decode(self, value: Any) -> Any: ...
    def definitions(self, value: Any) -> list[Definition]: ...
    def indexed(self, span: Any, prefix: str) -> dict[int, dict[str, Any]]: ...
    def events(self, span: Any) -> tuple[list[Message], list[Message]]: ...


@dataclass(slots=True)
class ToolIO:
    """What a tool span records of its call; MISSING where no adapter found a value."""

    arguments: Any = MISSING
    result: Any = MISSING
    call_id: str | None = None
    response: ToolResponse | None = None  # a framework's tool-result message, when it is one


class Adapter:
    """One convention. Override only what the convention records; the defaults know nothing."""

    name = ""
    markers: frozenset[str] = frozenset()  # attribute keys that show a span follows it
    event_markers: frozenset[str] = frozenset()
    span_names: frozenset[str] = frozenset()
    always = False  # asked of every span (general OpenTelemetry attributes)
    own_call_ids = False  # its tool spans' call ids are its own, not the model's: pair by name and order

    # Keys of the simple fields, most specific first.
    model: tuple[str, ...] = ()
    provider: tuple[str, ...] = ()
    input_tokens: tuple[str, ...] = ()
    output_tokens: tuple[str, ...] = ()
    total_tokens: tuple[str, ...] = ()
    agent_input_tokens: tuple[str, ...] = ()  # agent-level usage, read only without model calls
    agent_output_tokens: tuple[str, ...] = ()
    finish_reasons: tuple[str, ...] = ()
    response_id: tuple[str, ...] = ()  # the provider's id of one answer: two spans with it are one call
    ttft: tuple[tuple[str, float], ...] = ()  # (key, factor to milliseconds)
    ttft_events: frozenset[str] = frozenset()
    tool_name: tuple[str, ...] = ()
    tool_call_id: tuple[str, ...] = ()
    tool_arguments: tuple[str, ...] = ()
    tool_result: tuple[str, ...] = ()
    tool_description: tuple[str, ...] = ()
    tool_schema: tuple[str, ...] = ()
    tool_failure_markers: tuple[str, ...] = ()
    definitions_keys: tuple[str, ...] = ()
    user: tuple[str, ...] = ()
    session: tuple[str, ...] = ()
    agent_name: tuple[str, ...] = ()
    agent_version: tuple[str, ...] = ()
    metadata_keys: tuple[str, ...] = ()  # attributes holding a JSON object of app metadata
    metadata_user: tuple[str, ...] = ()
    metadata_session: tuple[str, ...] = ()
    metadata_agent_name: tuple[str, ...] = ()

    def role(self, span: SpanView) -> str | None:
        """LLM, TOOL, AGENT, or None when this convention does not say."""
        return None

    def messages(self, span: SpanView, trace: TraceView, inbound: bool) -> list[Message]:
        """A model call's input (`inbound`) or output messages."""
        return []

    def usage(self, span: SpanView, trace: TraceView) -> tuple[int, int] | None:
        """(input, output) tokens of a model call recorded in a parsed form, not as count keys."""
        return None

    def tool_io(self, span: SpanView, trace: TraceView, io: ToolIO, schema: dict | None) -> None:
        """Fill what `io` still misses from what this convention records on a tool span;
        `schema` is the tool's offered JSON Schema, for conventions that record positional args."""

    def definitions(self, span: SpanView, trace: TraceView, role: str | None) -> list[Definition]:
        """Tool definitions the span records beyond `definitions_keys`."""
        return []

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        """The user's request an agent-level span records."""
        return None

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        """The final answer an agent-level span records."""
        return None

    def conversation(self, span: SpanView, trace: TraceView) -> list[Message]:
        """The whole conversation an agent-level span records."""
        return []

    def agent(self, span: SpanView) -> str | None:
        """The agent's name where the convention implies it rather than naming a key."""
        return None

    def failed(self, span: SpanView) -> bool:
        """Whether a tool span records a failure in this convention's own way."""
        return False


_FIELDS = tuple(k for k, v in vars(Adapter).items() if isinstance(v, tuple) and not k.startswith("_"))
_QUESTIONS = tuple(k for k, v in vars(Adapter).items() if callable(v) and not k.startswith("_"))


class Profile:
    """The simple-field keys of a span's adapters, concatenated in their priority order, and per
    question (method) the adapters that answer it."""

    def __init__(self, adapters: tuple[Adapter, ...]):
        self.adapters = adapters
        for field in _FIELDS:
            keys = [k for a in adapters for k in getattr(a, field)]
            setattr(self, field, tuple(dict.fromkeys(keys)))
        self.ttft_events = frozenset().union(*(a.ttft_events for a in adapters))
        self.own_call_ids = any(a.own_call_ids for a in adapters)
        self.conventions = tuple(a.name for a in adapters if not a.always)  # what a trace is read as
        # Only adapters that override a method are asked it: the default answers nothing, and
        # asking it costs a call per span and adapter.
        self.answering: dict[str, tuple[Adapter, ...]] = {
            q: tuple(a for a in adapters if getattr(type(a), q) is not getattr(Adapter, q)) for q in _QUESTIONS}


def call_arguments(value: Any, schema: dict | None) -> Any:
    """Named arguments from a recorded Python call `{"args": [...], "kwargs": {...}}` (other keys
    are the wrapper's own parameters, e.g. smolagents' `sanitize_inputs_outputs`); positional ones
    are named after the tool schema's properties, else left as a list so the model's request can
    stand in. Any other value is returned unchanged."""
    if not isinstance(value, dict) or not ("args" in value or "kwargs" in value):
        return value
    args = value.get("args") if isinstance(value.get("args"), list) else []
    kwargs = value.get("kwargs") if isinstance(value.get("kwargs"), dict) else {}
    if not args:
        return kwargs
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if isinstance(properties, dict) and len(args) <= len(properties):
        return {**dict(zip(properties, args)), **kwargs}
    return value if kwargs else args


def event_names(events: list) -> set[str]:
    return {n for e in events if isinstance(e, dict) and isinstance(n := e.get("name"), str)}
