"""Adapters: any mix of the conventions' spans builds a trajectory without raising, and
attributes no adapter knows change nothing."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from collector.assembly.adapters import ADAPTERS, Profile
from collector.assembly.adapters.base import _FIELDS
from collector.assembly.build import build_trajectory
from collector.span import SpanRecord

TRACE = "0af7651916cd43dd8448eb211c80319c"


def _known_keys() -> list[str]:
    """Every attribute key an adapter declares: its markers and its simple-field keys."""
    keys = {k for a in ADAPTERS for k in a.markers}
    for adapter in ADAPTERS:
        for field in _FIELDS:
            for entry in getattr(adapter, field):
                keys.add(entry[0] if isinstance(entry, tuple) else entry)
    return sorted(keys | {"gen_ai.prompt.0.role", "gen_ai.completion.0.tool_calls.0.name",
                          "llm.output_messages.0.message.tool_calls.0.tool_call.function.name",
                          "llm.input_messages.0.message.role", "ai.prompt.tools", "ai.response.toolCalls"})


KEYS = _known_keys()
EVENT_NAMES = sorted({n for a in ADAPTERS for n in a.event_markers | a.ttft_events} | {"exception"})
SPAN_NAMES = sorted({n for a in ADAPTERS for n in a.span_names} | {"chat", "execute_tool get_weather", "x"})
MESSAGES = json.dumps([
    {"role": "user", "parts": [{"type": "text", "content": "hi"}]},
    {"role": "assistant", "parts": [{"type": "tool_call", "id": "c1", "name": "get_weather", "arguments": {"city": "P"}},
                                    {"type": "server_tool_call", "id": "s1", "name": "code", "server_tool_call": {}}]},
    {"role": "tool", "parts": [{"type": "tool_call_response", "id": "c1", "response": "Error: down"}]},
])
ROLES = ["chat", "execute_tool", "invoke_agent", "LLM", "TOOL", "AGENT", "tool", "agent", "ai.toolCall",
         "ai.generateText", "ai.generateText.doGenerate"]
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from([MESSAGES, "[1, 2", "{}", "[]", "12", "__REDACTED__", "a, b", *ROLES]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3),
    max_leaves=6)
events = st.lists(st.fixed_dictionaries({
    "name": st.sampled_from(EVENT_NAMES) | values, "time_unix_nano": st.integers(),
    "attributes": st.dictionaries(st.sampled_from(["gen_ai.prompt", "gen_ai.completion", "message", "content",
                                                   "id", "gen_ai.input.messages", "gen_ai.output.messages"]),
                                  values, max_size=3) | values,
}), max_size=3)
spans = st.lists(st.tuples(
    st.sampled_from(SPAN_NAMES), st.dictionaries(st.sampled_from(KEYS), values, max_size=8), events,
    st.integers(0, 5), st.integers(0, 100), st.integers(0, 100), st.sampled_from([0, 1, 2])), min_size=1, max_size=6)


def _records(drawn: list[tuple], extra: dict | None = None) -> list[SpanRecord]:
    return [SpanRecord(
        trace_id=TRACE, span_id=f"s{i}", parent_span_id=f"s{parent}" if parent != i else None, name=name,
        kind=1, start_ns=start, end_ns=start + length, status_code=status, status_message="",
        attributes={**attrs, **(extra or {})}, events=list(evs), resource={}, service_name="svc",
    ) for i, (name, attrs, evs, parent, start, length, status) in enumerate(drawn)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spans, st.dictionaries(st.text(min_size=1, max_size=6).map(lambda k: "zz_unknown." + k), values, max_size=3))
def test_any_mix_of_conventions_never_raises_and_unknown_attributes_are_ignored(drawn, unknown):
    plain = build_trajectory(_records(drawn)).model_dump()
    noisy = build_trajectory(_records(drawn, unknown)).model_dump()
    plain.pop("attributes"), noisy.pop("attributes")  # the root's attributes are copied as they are
    assert noisy == plain


def test_profile_keeps_the_declared_order():
    """A span's keys come adapter by adapter in the declared priority order."""
    profile = Profile(ADAPTERS)
    expected = [k for a in ADAPTERS for k in a.model]
    assert list(profile.model) == list(dict.fromkeys(expected))


def test_model_message_calls_take_results_errors_and_timing_from_the_next_model_call():
    first = SpanRecord(trace_id=TRACE, span_id="a", parent_span_id=None, name="chat", kind=1, start_ns=10,
                       end_ns=20, status_code=0, status_message="", events=[], resource={}, service_name="svc",
                       attributes={"gen_ai.request.model": "m", "gen_ai.output.messages": MESSAGES})
    second = SpanRecord(trace_id=TRACE, span_id="b", parent_span_id=None, name="chat", kind=1, start_ns=50,
                        end_ns=60, status_code=0, status_message="", events=[], resource={}, service_name="svc",
                        attributes={"gen_ai.operation.name": "chat", "gen_ai.input.messages": MESSAGES})
    trajectory = build_trajectory([first, second])
    assert trajectory.llm_call_count == 2  # the first has no operation name: recognised by its model
    called, provider = trajectory.tool_calls
    assert (called.name, called.call_id, called.arguments, called.result) == ("get_weather", "c1", {"city": "P"},
                                                                             "Error: down")
    assert (called.status, called.error, called.source) == ("error", "down", "model_messages")
    assert (called.start_ns, called.end_ns) == (20, 50)
    assert (provider.name, provider.provider_executed, provider.start_ns) == ("code", True, 10)
