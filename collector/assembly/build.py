"""Map all spans of one trace to its tool-call trajectory.

What each convention records is read through its adapter (collector/assembly/adapters/, tried in their
declared order); this module assembles the trace: roots, ordering, double instrumentation,
matching tool spans to the model's requests, tool calls known only from model messages, timings.
Message and tool-definition formats live in `collector.assembly.messages`.
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Callable, Iterator, Sequence

from collector.assembly import conventions as C
from collector.assembly.arguments import read_arguments
from collector.assembly.adapters import AGENT, LLM, TOOL, Profile, ToolIO, profile_of
from collector.assembly.adapters.base import Definition
from collector.assembly.adapters.pydantic_ai import SCRUBBED
from collector.assembly.messages import (
    MISSING, Message, ToolRequest, ToolResponse, as_text, earlier_turns, event_messages, failure_text, last_text,
    loads, parse_messages, tool_definition, tool_definitions, tool_request, unflatten,
)
from collector.span import STATUS_ERROR, SpanRecord
from collector.trajectory import Trajectory

_INF = float("inf")
_EXACT = 2 ** 53  # integers up to this survive the float _number makes of them
_CALL_KEYS = frozenset({"args", "arguments", "function"})
_OI_INPUT = "input.value"  # a LangGraph "tools" node's input: the calls it runs
_OI_OUTPUT = "output.value"
_NESTING = (LLM, TOOL)  # roles whose spans, nested in one of theirs, may be double instrumentation


def span_messages(spans: Sequence[SpanRecord]) -> dict[str, tuple[list[Message], list[Message]]]:
    """Each span's input and output messages as the adapters read them, by span id (the dashboard
    shows a model call's conversation with them)."""
    trace = _Trace([s for s in map(_Span.of, spans) if s is not None])
    return {span.id: (trace.messages(span, "in"), trace.messages(span, "out")) for span in trace.spans}


def build_trajectory(spans: Sequence[SpanRecord], version: int = 1) -> Trajectory:
    """The trajectory of the trace these spans belong to.

    Pure and total: spans arrive from untrusted senders, so a missing or mistyped attribute,
    malformed JSON or a broken parent chain degrades that field to None/empty and never raises.
    Tool calls are numbered by start time with `seq` starting at 1 (LLM calls likewise); the
    root is the earliest span whose parent is absent from the trace. Tokens are summed over
    LLM-call spans; an agent's own totals count only when no model call was exported, so they
    are never counted twice, and the model calls are then the answers in its conversation. `input` is the
    user's request (the last user text the agent or its first model call received), `output`
    the final answer (the agent's recorded result, else the last model call's text).
    """
    trace = _Trace([s for s in map(_Span.of, spans) if s is not None])
    root = trace.root
    if root is None:
        return Trajectory(trace_id=_trace_id(spans), version=version)
    llm_spans, tool_spans = trace.effective(LLM), trace.effective(TOOL)
    llm_calls = [_llm_call(seq, span, trace) for seq, span in enumerate(llm_spans, 1)]
    offered = _tools_offered(trace)
    tool_calls = _tool_calls(trace, tool_spans, llm_spans, offered)
    start, end = (root.start, root.end) if root.orphan else trace.bounds()
    # Validated once, nested dicts and all: a model per call would cost a Python __init__ each.
    return Trajectory.model_validate({
        "trace_id": _trace_id(spans), "version": version, "service_name": _service_name(trace),
        "agent": {"name": _agent_name(trace), "version": _agent_version(trace)},
        "root_span_name": root.name, "root_span_id": root.id, "start_ns": start, "end_ns": end,
        "duration_ms": max(0, end - start) / 1e6, "status": "error" if root.error else "ok",
        "error_type": as_text(root.attrs.get(C.ERROR_TYPE)) or _exception(root)[0],
        "user_id": _context(trace, "user", "metadata_user"),
        "session_id": _context(trace, "session", "metadata_session"),
        "input": _user_input(trace, llm_spans), "output": _final_output(trace, llm_spans),
        "tokens": _tokens(trace, llm_spans, llm_calls) if llm_spans else _agent_tokens(trace),
        "first_token_ms": next((c["first_token_ms"] for c in llm_calls if c["first_token_ms"] is not None), None),
        "llm_call_count": len(llm_calls) or _agent_model_calls(trace), "llm_calls": llm_calls,
        "tool_errors": sum(c["status"] == "error" for c in tool_calls), "tool_calls": tool_calls,
        "tools_offered": [{"name": n, "description": d, "parameters": p} for n, (d, p) in offered.items()],
        "span_count": len(trace.spans), "read_as": trace.read_as(),
        "scopes": sorted({s.scope for s in trace.spans if s.scope}), "attributes": {k: v for k, v in root.attrs.items() if isinstance(k, str)},
        # what grounding reads as context: earlier turns of the conversation, and the resource's ids
        "history": earlier_turns(trace.messages(llm_spans[0], "in")) if llm_spans else earlier_turns(trace.conversation()),
        "resource": {k: v for k, v in root.resource.items() if isinstance(k, str) and isinstance(v, (str, int, float, bool))},
    })


@dataclass(slots=True)
class _Span:
    """A span with every field type-checked, so the mapping never meets a wrong type."""

    id: str
    parent: str | None
    name: str
    start: int
    end: int
    error: bool
    status_message: str
    attrs: dict
    events: list
    resource: dict
    service: str | None
    scope: str | None = None
    orphan: bool = True
    profile: Profile | None = None
    role: str | None = None  # LLM, TOOL, AGENT or None, once its profile is known
    tool: str = ""  # a tool span's tool name, read once: the walk, the definitions and the call all need it

    @classmethod
    def of(cls, record: Any) -> "_Span | None":
        span_id = getattr(record, "span_id", None)
        if not isinstance(span_id, str) or not span_id:
            return None
        parent, name = getattr(record, "parent_span_id", None), getattr(record, "name", "")
        message = getattr(record, "status_message", "")
        attrs, events = getattr(record, "attributes", None), getattr(record, "events", None)
        resource = getattr(record, "resource", None)
        return cls(
            span_id, parent if isinstance(parent, str) and parent else None,
            name if isinstance(name, str) else "", _nanos(getattr(record, "start_ns", 0)),
            _nanos(getattr(record, "end_ns", 0)), getattr(record, "status_code", 0) == STATUS_ERROR,
            message if isinstance(message, str) else "",
            attrs if isinstance(attrs, dict) else {}, events if isinstance(events, list) else [],
            resource if isinstance(resource, dict) else {}, as_text(getattr(record, "service_name", None)),
            as_text(getattr(record, "scope_name", None)),
        )

    @property
    def duration_ms(self) -> float:
        return max(0, self.end - self.start) / 1e6


class _Trace:
    """The spans of one trace, indexed, with per-build caches so no JSON text is parsed twice."""

    def __init__(self, spans: list[_Span]):
        spans.sort(key=attrgetter("start", "id"))
        by_id = self.by_id = {s.id: s for s in spans}  # a re-sent span (same id) counts once
        self.spans = spans if len(by_id) == len(spans) else [s for s in spans if by_id[s.id] is s]
        self.root: _Span | None = None
        for span in self.spans:
            span.orphan = span.parent not in by_id
            if span.orphan and self.root is None:
                self.root = span
            span.profile = profile_of(span.name, span.attrs, span.events)
            span.role = _role(span)
            if span.role == TOOL:
                span.tool = _tool_name(span)
        if self.root is None and self.spans:
            self.root = self.spans[0]
        self.usage: dict[str, _Span] = {}  # kept LLM span id -> its bare twin, whose usage counts
        self._json: dict[str, Any] = {}
        self._definitions: dict[str, list[_Definition]] = {}
        self._cache: dict[tuple[str, str], Any] = {}

    def read_as(self) -> list[str]:
        """The conventions the trace was read as: the adapters whose markers the spans playing a
        role (agent, model or tool call) carry, most such spans first."""
        counts: dict[str, int] = {}
        for span in self.spans:
            if span.role in (LLM, TOOL, AGENT):
                for name in span.profile.conventions:
                    counts[name] = counts.get(name, 0) + 1
        return sorted(counts, key=lambda n: (-counts[n], n))

    def ordered(self) -> Iterator[_Span]:
        """The root first, then the others by start time: where trace context is looked up."""
        yield self.root
        yield from (s for s in self.spans if s is not self.root)

    def bounds(self) -> tuple[int, int]:
        return min(s.start for s in self.spans), max(s.end for s in self.spans)

    def effective(self, role: str) -> list[_Span]:
        """Spans of `role`, minus double instrumentation: of two nested LLM spans (framework +
        client library) or two LLM spans of one provider answer (an instrumentation beside the SDK's
        own spans, same response id) the one that shows less, and a tool span inside a same-named
        tool span."""
        doubled = self._cached(self.root, "doubled", self._doubled)
        return [s for s in self.spans if s.role == role and s.id not in doubled]

    def _doubled(self) -> set[str]:
        """LLM spans wrapping an LLM span and tool spans inside a same-named tool span, in one
        depth-first walk: linear in spans however deep the tree. A parent cycle is cut where the
        walk enters it."""
        children: dict[str, list[_Span]] = {}
        for span in self.spans:
            if not span.orphan and span.parent != span.id:
                children.setdefault(span.parent, []).append(span)
        doubled: set[str] = set()
        if any(self.by_id[parent].role in _NESTING for parent in children):
            self._nested(children, doubled)
        self._twins(doubled)
        return doubled

    def _nested(self, children: dict[str, list[_Span]], doubled: set[str]) -> None:
        """The walk of `_doubled`, only taken when an LLM or tool span has children: else no
        path holds one, and nothing is nested (an agent with its flat model and tool calls)."""
        llm_path: list[str] = []  # LLM spans open on the current path
        tool_path: dict[str, int] = {}  # tool names open on the current path
        seen: set[str] = set()
        for start in [s for s in self.spans if s.orphan or s.parent == s.id] + self.spans:
            if start.id in seen:
                continue
            seen.add(start.id)
            stack: list[tuple[_Span, str | None, bool]] = [(start, None, True)]
            while stack:
                span, name, entering = stack.pop()
                role = span.role
                if not entering:
                    if role == LLM:
                        llm_path.pop()
                    elif role == TOOL:
                        tool_path[name] -= 1
                    continue
                below = children.get(span.id)  # a leaf opens nothing on the path: most spans are leaves
                if role == LLM:
                    if llm_path:  # the nearest is enough: each wrapper is the nearest of some LLM span
                        doubled.add(self._lesser(self.by_id[llm_path[-1]], span).id)
                    if below:
                        llm_path.append(span.id)
                elif role == TOOL:
                    name = span.tool
                    if tool_path.get(name):
                        doubled.add(span.id)
                    if below:
                        tool_path[name] = tool_path.get(name, 0) + 1
                if below:
                    stack.append((span, name, False))
                    for child in reversed(below):
                        if child.id not in seen:
                            seen.add(child.id)
                            stack.append((child, None, True))

    def _twins(self, doubled: set[str]) -> None:
        """Sibling LLM spans of one provider answer (a provider SDK's own span beside an
        instrumentation's): the same response id, else overlapping in time under one parent with
        the same prompt token count while only one shows messages. The lesser joins `doubled`;
        the SDK's bare span keeps the say on usage (`self.usage`), as it reads the API's own."""
        seen: dict[tuple, _Span] = {}
        for span in self.spans:
            if span.role != LLM or span.id in doubled:
                continue
            response = _first_ident(span.attrs, span.profile.response_id)
            prompt = _count(span.attrs, span.profile.input_tokens)
            keys = [("id", response)] if response else []
            keys += [("usage", span.parent, prompt)] if prompt else []
            twin = self._first_kept(seen, keys, doubled)
            if twin is not None and twin.end > span.start and (
                    response and _first_ident(twin.attrs, twin.profile.response_id) == response
                    or self._shows_messages(twin) != self._shows_messages(span)):
                lesser = self._lesser(twin, span)
                kept = span if lesser is twin else twin
                doubled.add(lesser.id)
                if not self._shows_messages(lesser):
                    self.usage[kept.id] = lesser
                span = kept
            for key in keys:
                seen[key] = span

    @staticmethod
    def _first_kept(seen: dict[tuple, _Span], keys: list[tuple], doubled: set[str]) -> _Span | None:
        """The span first seen under one of `keys` and not doubled (a loop: a generator costs
        more than the lookups, once per LLM span)."""
        for key in keys:
            found = seen.get(key)
            if found is not None and found.id not in doubled:
                return found
        return None

    def _lesser(self, wrapper: _Span, inner: _Span) -> _Span:
        """Of two spans of one model call, the one to drop: the wrapper (the inner client span
        is the request itself), unless only the wrapper shows the messages (an SDK's own span
        without content inside an instrumentation's); of two siblings, the earlier likewise."""
        if not self._shows_messages(inner) and self._shows_messages(wrapper):
            return inner
        return wrapper

    def _shows_messages(self, span: _Span) -> bool:
        return bool(self.messages(span, "in") or self.messages(span, "out"))

    def json(self, value: Any) -> Any:
        """`value` parsed when it is JSON text, else unchanged; cached by text."""
        if not isinstance(value, str):
            return value
        parsed = self._json.get(value, MISSING)
        if parsed is MISSING:
            parsed = loads(value)
            self._json[value] = parsed = value if parsed is MISSING else parsed
        return parsed

    def decode(self, value: Any) -> Any:
        """Like `json`, and once more when the text was a JSON-encoded JSON document."""
        parsed = self.json(value)
        if isinstance(parsed, str) and parsed is not value and parsed.lstrip()[:1] in ("{", "["):
            return self.json(parsed)
        return parsed

    def definitions(self, value: Any) -> list[_Definition]:
        if not isinstance(value, str):
            return tool_definitions(value)
        if value not in self._definitions:
            self._definitions[value] = tool_definitions(self.json(value))
        return self._definitions[value]

    def _cached(self, span: _Span, key: str, compute: Callable[[], Any]) -> Any:
        slot = (span.id, key)
        found = self._cache.get(slot, MISSING)
        if found is MISSING:
            found = self._cache[slot] = compute()
        return found

    def indexed(self, span: _Span, prefix: str) -> dict[int, dict[str, Any]]:
        """Grouped per prefix on demand (the long prompt history is only read when needed), from
        the span's indexed attributes alone: most spans have none, so most prefixes cost nothing."""
        indexed = self._cached(span, "indexed", lambda: _indexed_attributes(span.attrs))
        return self._cached(span, prefix, lambda: unflatten(indexed, prefix)) if indexed else {}

    def metadata(self, span: _Span, key: str) -> dict:
        value = self._cached(span, key, lambda: self.json(span.attrs.get(key)))
        return value if isinstance(value, dict) else {}

    def messages(self, span: _Span, direction: str) -> list[Message]:
        """An LLM span's input ("in") or output ("out") messages, whichever convention holds them.
        Cached without `_cached`'s closure: asked about twice per span."""
        slot = (span.id, direction)
        found = self._cache.get(slot)
        if found is None:
            found = self._cache[slot] = self._messages(span, direction)
        return found

    def _messages(self, span: _Span, direction: str) -> list[Message]:
        inbound = direction == "in"
        for adapter in span.profile.answering["messages"]:
            if found := adapter.messages(span, self, inbound):
                return found
        return []

    def events(self, span: _Span) -> tuple[list[Message], list[Message]]:
        """(input, output) messages the span's events carry."""
        return self._cached(span, "events", lambda: event_messages(span.events))

    def conversation(self) -> list[Message]:
        """The whole conversation an agent-level span recorded (pydantic-ai `all_messages`)."""
        return self._cached(self.root, "conversation", self._conversation)

    def _conversation(self) -> list[Message]:
        for span in self.ordered():
            if span is self.root or span.role == AGENT:
                for adapter in span.profile.answering["conversation"]:
                    if found := adapter.conversation(span, self):
                        return found
        return []

    def ask(self, span: _Span, question: str) -> Any:
        """The first answer the span's adapters give to a one-span question (`request`, `answer`)."""
        for adapter in span.profile.answering[question]:
            if found := getattr(adapter, question)(span, self):
                return found
        return None

    def ask_agent(self, question: str) -> Any:
        """`ask` of the root, else of the outermost agent span (an app's own root span above the
        framework's agent span records neither request nor answer)."""
        found = self.ask(self.root, question)
        if not found and self.root.role != AGENT:
            agent = next((s for s in self.spans if s.role == AGENT), None)
            found = self.ask(agent, question) if agent is not None else None
        return found

    def replies(self, span: _Span) -> "_Replies":
        """The tool results a model call received since the model's previous turn."""
        return self._cached(span, "replies", lambda: _Replies(self.messages(span, "in")))

    def chain_requests(self, span: _Span) -> "_Pool | None":
        """The tool calls a LangGraph "tools" node received (its `input.value` list)."""
        parent = self.by_id.get(span.parent)
        if parent is None or parent.role is not None:
            return None
        return self._cached(parent, "requests", lambda: _Pool.of(self.json(parent.attrs.get(_OI_INPUT))))

    def response(self, span: _Span, call_id: str | None) -> ToolResponse | None:
        """The result message a framework recorded for `call_id` outside the tool span."""
        if call_id is None:
            return None
        parent = self.by_id.get(span.parent)
        if parent is not None:
            found = self._responses(parent, "node responses",
                                    lambda: parse_messages(self.json(parent.attrs.get(_OI_OUTPUT))))
            if call_id in found:
                return found[call_id]
        return self._responses(self.root, "trace responses", self._conversation_and_last_prompt).get(call_id)

    def _responses(self, span: _Span, key: str, source: Callable[[], list[Message]]) -> dict[str, ToolResponse]:
        return self._cached(span, key, lambda: {r.id: r for m in source() for r in m.tool_responses if r.id})

    def _conversation_and_last_prompt(self) -> list[Message]:
        llm_spans = self.effective(LLM)
        return self.conversation() + (self.messages(llm_spans[-1], "in") if llm_spans else [])


class _Pool:
    """Requested tool calls, handed out by call id, else by name in request order (a call with
    a known id only takes an id-less request by name)."""

    def __init__(self, requests: list[ToolRequest]):
        self.by_id = {r.id: r for r in requests if r.id}
        self.used: set[int] = set()
        # Per (name, id-less only), in request order, read from a cursor that moves past used
        # requests for good: handing out n calls costs O(n) in all, not O(n²).
        self._queues: dict[tuple[str, bool], list[ToolRequest]] = {}
        self._cursors: dict[tuple[str, bool], int] = {}
        for r in requests:
            self._queues.setdefault((r.name, False), []).append(r)
            if r.id is None:
                self._queues.setdefault((r.name, True), []).append(r)

    @classmethod
    def of(cls, value: Any) -> "_Pool | None":
        """A pool from a list of tool-call objects; None when `value` is anything else."""
        items = value if isinstance(value, list) else []
        calls = [v for v in items if isinstance(v, dict) and _CALL_KEYS & v.keys()]
        requests = [r for r in map(tool_request, calls) if r is not None]
        return cls(requests) if requests else None

    def take(self, call_id: str | None, name: str) -> ToolRequest | None:
        found = self.by_id.get(call_id) if call_id else None
        if found is None:
            found = self._next((name, call_id is not None))
        if found is not None:
            self.used.add(id(found))
        return found

    def _next(self, key: tuple[str, bool]) -> ToolRequest | None:
        queue = self._queues.get(key, ())
        i = self._cursors.get(key, 0)
        while i < len(queue) and id(queue[i]) in self.used:
            i += 1
        self._cursors[key] = i
        return queue[i] if i < len(queue) else None


def _indexed_attributes(attrs: dict) -> dict[str, Any]:
    """The attributes whose key starts with one of `C.INDEXED_PREFIXES`."""
    return {k: v for k, v in attrs.items() if isinstance(k, str) and k.startswith(C.INDEXED_PREFIXES)}


def _role(span: _Span) -> str | None:
    """LLM, TOOL, AGENT or None: the first answer of the span's adapters, in priority order."""
    for adapter in span.profile.answering["role"]:
        if role := adapter.role(span):
            return role
    return None


def _llm_call(seq: int, span: _Span, trace: _Trace) -> dict[str, Any]:
    """The fields of one `LLMCall`."""
    attrs, profile = span.attrs, span.profile
    outputs = trace.messages(span, "out")
    error_type, error = _tool_error(span, None) if span.error else (None, None)
    metered = trace.usage.get(span.id, span)
    tokens = (_count(metered.attrs, metered.profile.input_tokens), _count(metered.attrs, metered.profile.output_tokens))
    if tokens == (0, 0):
        tokens = next(filter(None, (a.usage(span, trace) for a in profile.answering["usage"])), tokens)
    return {
        "seq": seq, "name": span.name, "model": _first_text(attrs, profile.model),
        "provider": _first_text(attrs, profile.provider), "input_tokens": tokens[0],
        "output_tokens": tokens[1], "first_token_ms": _first_token_ms(span),
        "finish_reasons": _finish_reasons(span, outputs),
        "requested_tools": [r.name for m in outputs for r in m.tool_calls],
        "status": "error" if span.error else "ok", "error": error, "error_type": error_type,
        "start_ns": span.start, "end_ns": span.end,
        "duration_ms": span.duration_ms, "span_id": span.id, "parent_span_id": span.parent,
    }


def _tokens(trace: _Trace, llm_spans: list[_Span], calls: list[dict[str, Any]]) -> dict[str, int]:
    """Totals over LLM calls; a call's own total when reported, else its input + output."""
    inputs, outputs = [c["input_tokens"] for c in calls], [c["output_tokens"] for c in calls]
    total = sum(i + o if s.id in trace.usage else _count(s.attrs, s.profile.total_tokens) or i + o
                for s, i, o in zip(llm_spans, inputs, outputs))
    return {"input": sum(inputs), "output": sum(outputs), "total": total}


def _agent_tokens(trace: _Trace) -> dict[str, int]:
    """Without exported model calls: the outermost agent span's own usage."""
    for span in trace.ordered():
        if span.role == AGENT:
            profile = span.profile
            found = _count(span.attrs, profile.agent_input_tokens + profile.input_tokens)
            out = _count(span.attrs, profile.agent_output_tokens + profile.output_tokens)
            if found or out:
                return {"input": found, "output": out, "total": _count(span.attrs, profile.total_tokens) or found + out}
    return {"input": 0, "output": 0, "total": 0}


def _agent_model_calls(trace: _Trace) -> int:
    """Without exported model calls: the model's answers in the agent's recorded conversation
    since the user's request (each answer is one model call; earlier turns are history)."""
    messages = trace.conversation()
    asked = max((i for i, m in enumerate(messages) if m.role == "user" and m.text and not m.tool_responses),
                default=-1)
    return sum(m.role == "assistant" for m in messages[asked + 1:])


def _first_token_ms(span: _Span) -> float | None:
    """TTFT from the adapters' attributes (each with its unit), or a first-chunk event's time."""
    for key, to_ms in span.profile.ttft:
        value = _number(span.attrs.get(key))
        if value is not None and value >= 0:
            return value * to_ms
    events = span.profile.ttft_events
    for event in span.events if events else ():
        if isinstance(event, dict) and _member(event.get("name"), events):
            at = event.get("time_unix_nano")
            if isinstance(at, int) and at >= span.start > 0:
                return (at - span.start) / 1e6
    return None


def _finish_reasons(span: _Span, outputs: list[Message]) -> list[str]:
    for key in span.profile.finish_reasons:
        value = span.attrs.get(key)
        if isinstance(value, str) and value:
            return [value]
        if isinstance(value, list):
            return [v for v in value if isinstance(v, str)]
    return [m.finish_reason for m in outputs if m.finish_reason]


def _tools_offered(trace: _Trace) -> dict[str, tuple[str | None, dict | None]]:
    """Definitions from every span, deduplicated by name; later copies fill missing fields."""
    offered: dict[str, tuple[str | None, dict | None]] = {}
    described: list[Definition] = []
    for span in trace.spans:
        for name, description, schema in _span_definitions(span, trace):
            if schema is None and span.role == TOOL:
                described.append((name, description, None))
                continue
            old_description, old_schema = offered.get(name, (None, None))
            offered[name] = (old_description or description, old_schema or schema)
    for name, description, _ in described:
        if name in offered and offered[name][0] is None:
            offered[name] = (description, offered[name][1])
    return offered


def _span_definitions(span: _Span, trace: _Trace) -> list[Definition]:
    """Tool definitions one span records. A tool span's own name and description only fill in
    descriptions: counting it as offered would hide a hallucinated tool."""
    attrs, role, profile = span.attrs, span.role, span.profile
    found: list[Definition] = []
    for key in profile.definitions_keys:
        if key in attrs:
            found += trace.definitions(attrs[key])
    for adapter in profile.answering["definitions"]:
        found += adapter.definitions(span, trace, role)
    if role == TOOL:
        schema = trace.json(_first_present(attrs, profile.tool_schema, None))
        full = isinstance(schema, dict) and ("function" in schema or "parameters" in schema)
        own = tool_definition(schema) if full else None
        found.append(own or (span.tool, _first_text(attrs, profile.tool_description),
                             schema if isinstance(schema, dict) else None))
    return found


def _tool_calls(trace: _Trace, spans: list[_Span], llm_spans: list[_Span],
                offered: dict[str, tuple[str | None, dict | None]]) -> list[dict[str, Any]]:
    """Executed tool spans, matched to the model's requests (by call id, else name and order);
    requests no tool span answered are tool calls known from the model messages alone. All are
    ordered by start, parallel requests of one message in their order."""
    requests: list[tuple[ToolRequest, int]] = [
        (r, i) for i, span in enumerate(llm_spans) for m in trace.messages(span, "out") for r in m.tool_calls]
    if not llm_spans and not spans:
        requests = [(r, -1) for m in trace.conversation() for r in m.tool_calls]
    pool = _Pool([r for r, _ in requests])
    origin = {id(r): (i, n) for n, (r, i) in enumerate(requests)}
    calls: list[tuple[dict[str, Any], tuple[int, int] | None]] = []
    for span in spans:
        call, request = _tool_call(span, trace, pool, offered)
        calls.append((call, origin.get(id(request))))
    unanswered = [(r, i) for r, i in requests if id(r) not in pool.used]
    calls += [(call, origin[id(r)]) for call, (r, _) in zip(_message_calls(trace, llm_spans, unanswered, offered),
                                                          unanswered)]
    # Calls answering one model turn start with its earliest and keep the turn's request order.
    turn_start: dict[int, int] = {}
    for call, found in calls:
        if found is not None:
            turn_start[found[0]] = min(turn_start.get(found[0], call["start_ns"]), call["start_ns"])
    calls.sort(key=lambda c: (turn_start[c[1][0]], c[1][1]) if c[1] is not None else (c[0]["start_ns"], -1))
    for seq, (call, _) in enumerate(calls, 1):
        call["seq"] = seq
    return [call for call, _ in calls]


def _tool_call(span: _Span, trace: _Trace, pool: _Pool,
               offered: dict[str, tuple[str | None, dict | None]]) -> tuple[dict[str, Any], ToolRequest | None]:
    """The fields of one executed `ToolCall`, and the model request it answers; what its span lacks (LangGraph records a
    single-argument call as a bare string, and a failed call without output) comes from the
    matching model request and the framework's tool-result message."""
    name = span.tool
    io = _recorded_io(span, trace, offered.get(name, (None, None))[1])
    call_id = io.call_id or (io.response.id if io.response else None)
    chain = trace.chain_requests(span)
    chained = chain.take(call_id, name) if chain else None
    own_ids = span.profile.own_call_ids  # not the ids in the model's messages
    request = pool.take(None if own_ids else call_id or (chained.id if chained else None), name)
    request = chained or request
    call_id = call_id or (request.id if request else None)
    value, raw, valid = _arguments(io.arguments)
    if not isinstance(value, dict) and request is not None:
        recovered = _arguments(request.arguments)
        if isinstance(recovered[0], dict):
            value, raw, valid = recovered
    result, response = io.result, io.response
    if result is MISSING:
        response = trace.response(span, call_id)
        result = response.response if response else None
    result = _unwrapped(trace.decode(result))
    marked = _tool_failed(span) or bool(response and response.error)
    reported = None if marked else _reported_failure(result)
    failed = marked or reported is not None
    error_type, error = _tool_error(span, result) if marked else (None, reported)
    return {
        "name": name, "call_id": call_id, "arguments": value, "arguments_raw": raw,
        "arguments_valid_json": valid, "result": result, "status": "error" if failed else "ok",
        "error": error, "error_type": error_type, "start_ns": span.start, "end_ns": span.end,
        "duration_ms": span.duration_ms, "span_id": span.id, "parent_span_id": span.parent,
        "offered": name in offered,
    }, request


def _recorded_io(span: _Span, trace: _Trace, schema: dict | None) -> ToolIO:
    """Arguments, result, call id (and a framework's tool message) as the adapters read them."""
    attrs, profile = span.attrs, span.profile
    io = ToolIO(_first_present(attrs, profile.tool_arguments, MISSING),
                _first_present(attrs, profile.tool_result, MISSING), _first_ident(attrs, profile.tool_call_id))
    for adapter in profile.answering["tool_io"]:
        adapter.tool_io(span, trace, io, schema)
    return io


def _message_calls(trace: _Trace, llm_spans: list[_Span], unanswered: list[tuple[ToolRequest, int]],
                   offered: dict[str, tuple[str | None, dict | None]]) -> list[dict[str, Any]]:
    """Tool calls seen only in model messages: requested by model call i, answered in model call
    i + 1's input (the tool's result and whether it failed), run in the gap between the two.
    Provider-executed calls are answered in the same output."""
    calls = []
    for request, i in unanswered:
        span = llm_spans[i] if i >= 0 else trace.root
        following = llm_spans[i + 1] if 0 <= i < len(llm_spans) - 1 else None
        if request.provider:
            replies, start, end = _Replies(trace.messages(span, "out")), span.start, span.end
        elif following is not None:
            replies, start, end = trace.replies(following), span.end, max(span.end, following.start)
        else:
            replies, start, end = _Replies(trace.conversation(), whole=True), span.end, span.end
        response = replies.take(request)
        result = _unwrapped(trace.decode(response.response)) if response else None
        failure = failure_text(result) or _reported_failure(result)
        failed = bool(response and response.error) or failure is not None
        value, raw, valid = _arguments(request.arguments)
        calls.append({
            "name": request.name, "call_id": request.id, "arguments": value, "arguments_raw": raw,
            "arguments_valid_json": valid, "result": result, "status": "error" if failed else "ok",
            "error": (failure or (result if isinstance(result, str) else None)) if failed else None,
            "error_type": None, "start_ns": start, "end_ns": end, "duration_ms": max(0, end - start) / 1e6,
            "span_id": None, "parent_span_id": span.parent, "offered": request.name in offered,
            "source": "model_messages", "provider_executed": request.provider,
        })
    return calls


class _Replies:
    """Tool results in the messages since the model's last turn, handed out by call id, else by
    name in order. Read backwards to the last assistant message (unless `whole`), so a long
    history costs nothing."""

    def __init__(self, messages: list[Message], whole: bool = False):
        recent: list[ToolResponse] = []
        for message in reversed(messages):
            if message.role == "assistant" and not message.tool_responses and recent and not whole:
                break
            recent[:0] = message.tool_responses
        self.by_id = {r.id: r for r in recent if r.id}
        self.unnamed = [r for r in recent if not r.id]

    def take(self, request: ToolRequest) -> ToolResponse | None:
        if request.id and request.id in self.by_id:
            return self.by_id.pop(request.id)
        for index, response in enumerate(self.unnamed):
            if response.name in (None, request.name):
                return self.unnamed.pop(index)
        return None


def _arguments(recorded: Any) -> tuple[Any, str | None, bool]:
    """(value, raw text when not JSON, valid JSON?) of recorded tool arguments, read as the
    offline commands read them (collector.assembly.arguments)."""
    arguments, valid, raw = read_arguments(None if recorded is MISSING else recorded)
    return arguments, raw, valid


def _reported_failure(result: Any) -> str | None:
    """The error a tool's result object reports: `{"status": "error", "error_message": ...}` (as
    Google ADK's documents have tools return failures) or Gemini's function response
    `{"error": ...}`; else None."""
    if isinstance(result, dict) and (result.get("status") == "error" or result.keys() == {"error"}):
        return as_text(result.get("error_message")) or as_text(result.get("error")) or "error"
    return None


def _unwrapped(result: Any) -> Any:
    """Gemini's function response `{"output": value}` (its documented key for a result) as the value."""
    return result["output"] if isinstance(result, dict) and result.keys() == {"output"} else result


def _tool_failed(span: _Span) -> bool:
    attrs, profile = span.attrs, span.profile
    return (span.error or C.ERROR_TYPE in attrs or not attrs.keys().isdisjoint(profile.tool_failure_markers)
            or any(adapter.failed(span) for adapter in profile.answering["failed"]))


def _tool_error(span: _Span, result: Any) -> tuple[str | None, str | None]:
    """(error type, message): the recorded exception, else the status message (without the
    traceback LangChain appends), else a text result."""
    exception_type, exception_message = _exception(span)
    error_type = as_text(span.attrs.get(C.ERROR_TYPE)) or exception_type
    message = exception_message or span.status_message.partition("Traceback (most recent call last)")[0].strip()
    return error_type, message or (result if isinstance(result, str) and result else None)


def _exception(span: _Span) -> tuple[str | None, str | None]:
    for event in reversed(span.events):
        if isinstance(event, dict) and event.get("name") == C.EXCEPTION_EVENT:
            attrs = event.get("attributes") if isinstance(event.get("attributes"), dict) else {}
            return as_text(attrs.get(C.EXCEPTION_TYPE)), as_text(attrs.get(C.EXCEPTION_MESSAGE))
    return None, None


def _user_input(trace: _Trace, llm_spans: list[_Span]) -> str | None:
    """The user's request: the last user text the agent span (the root, else the outermost agent
    span under an app's own root) or the first model call received (earlier ones are history);
    the whole conversation last, as it also holds retry prompts."""
    found = trace.ask_agent("request")
    if not found and llm_spans:
        found = last_text(trace.messages(llm_spans[0], "in"), "user")
    return found or last_text(trace.conversation(), "user")


def _final_output(trace: _Trace, llm_spans: list[_Span]) -> str | None:
    """The final answer: the agent's recorded result (without the line break strands' str() of
    its result adds), else the last model call's text."""
    found = trace.ask_agent("answer")
    found = found.rstrip("\n") if isinstance(found, str) else found
    if not found and llm_spans:
        found = last_text(trace.messages(llm_spans[-1], "out"), "assistant")
    return found or (None if llm_spans else last_text(trace.conversation(), "assistant"))


def _context(trace: _Trace, field: str, metadata_field: str) -> str | None:
    """A trace-wide value (user, session): a span attribute, else a key of a `metadata` JSON.
    A value Logfire's scrubbing replaced is no value."""
    for span in trace.ordered():
        if (found := _first_ident(span.attrs, getattr(span.profile, field))) and not found.startswith(SCRUBBED):
            return found
    return _from_metadata(trace, metadata_field)


def _from_metadata(trace: _Trace, field: str) -> str | None:
    """Looked up last: parsing every span's `metadata` JSON costs more than a dict lookup."""
    for span in trace.ordered():
        for key in span.profile.metadata_keys:
            if key in span.attrs and (found := _first_ident(trace.metadata(span, key), getattr(span.profile, field))):
                return found
    return None


def _agent_name(trace: _Trace) -> str | None:
    """A named agent attribute, else a name an adapter implies, else one in app metadata."""
    for span in trace.ordered():
        if found := _first_text(span.attrs, span.profile.agent_name):
            return found
    for span in trace.ordered():
        for adapter in span.profile.answering["agent"]:
            if found := adapter.agent(span):
                return found
    return _from_metadata(trace, "metadata_agent_name")


def _agent_version(trace: _Trace) -> str | None:
    for span in trace.ordered():
        if found := _first_ident(span.attrs, span.profile.agent_version):
            return found
    return _first_ident(trace.root.resource, (C.SERVICE_VERSION,))


def _service_name(trace: _Trace) -> str | None:
    return trace.root.service or as_text(trace.root.resource.get(C.SERVICE_NAME))


def _trace_id(spans: Sequence[Any]) -> str:
    return next((t for t in (getattr(s, "trace_id", None) for s in spans) if isinstance(t, str) and t), "")


def _tool_name(span: _Span) -> str:
    """The tool's name, else the span name without `execute_tool ` / `.tool` decoration."""
    found = _first_text(span.attrs, span.profile.tool_name)
    if found:
        return found
    return span.name.removeprefix("execute_tool ").removesuffix(".tool")


def _member(value: Any, names: frozenset[str]) -> bool:
    """`value in names`, false for unhashable attribute values instead of a TypeError."""
    return isinstance(value, str) and value in names


def _first_present(attrs: dict, keys: tuple[str, ...], default: Any) -> Any:
    """The value of the first of `keys` that `attrs` has, else `default`."""
    for key in keys:
        if key in attrs:
            return attrs[key]
    return default


def _first_text(attrs: dict, keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = attrs.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def _first_ident(attrs: dict, keys: tuple[str, ...]) -> str | None:
    """The first of `keys` holding a string or an integer id, as a string."""
    for key in keys:
        value = attrs.get(key)
        if isinstance(value, str) and value:
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
    return None


def _count(attrs: dict, keys: tuple[str, ...]) -> int:
    """The first non-negative token count among `keys` (numeric strings accepted), else 0."""
    for key in keys:
        value = attrs.get(key)
        if type(value) is int and 0 <= value <= _EXACT:  # nearly every count: what _number gives it back as
            return value
        value = _number(value)
        if value is not None and value >= 0:
            return int(value)
    return 0


def _number(value: Any) -> float | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if value == value and abs(value) != _INF else None
    if isinstance(value, str):
        parsed = loads(value.strip())
        return _number(parsed) if parsed is not MISSING and not isinstance(parsed, str) else None
    return None


def _nanos(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
