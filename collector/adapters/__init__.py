"""Semantic-convention adapters, one module per convention, in their declared priority order.

Where two conventions on one span disagree the earlier wins: explicit conventions first, the
older GenAI forms (recognised by content alone) after them, general OpenTelemetry last. To add a
framework, write one module with an `Adapter` subclass, list it here, and add a capture folder
under tests/fixtures/instrumentations (see docs/conventions.md).
"""
from __future__ import annotations

from collector.adapters.base import AGENT, LLM, TOOL, Adapter, Profile, ToolIO
from collector.adapters.common import OTelGeneral
from collector.adapters.genai import GenAI
from collector.adapters.genai_legacy import GenAILegacy
from collector.adapters.openinference import OpenInference
from collector.adapters.openlit import OpenLIT
from collector.adapters.pydantic_ai import PydanticAI
from collector.adapters.semantic_kernel import SemanticKernel
from collector.adapters.strands import Strands
from collector.adapters.traceloop import Traceloop
from collector.adapters.vercel_ai import VercelAI

ADAPTERS: tuple[Adapter, ...] = (
    OTelGeneral(), VercelAI(), GenAI(), OpenInference(), Traceloop(), PydanticAI(), Strands(), OpenLIT(),
    SemanticKernel(), GenAILegacy(),
)

__all__ = ["ADAPTERS", "AGENT", "LLM", "TOOL", "Adapter", "Profile", "ToolIO", "event_names", "profile_of"]

_MARKERS = frozenset().union(*(a.markers for a in ADAPTERS))
_EVENT_MARKERS = frozenset().union(*(a.event_markers | a.ttft_events for a in ADAPTERS))
_SPAN_NAMES = frozenset().union(*(a.span_names for a in ADAPTERS))
_PROFILES: dict[tuple[Adapter, ...], Profile] = {}


def profile_of(name: str, attrs: dict, events: list) -> Profile:
    """The profile of the adapters whose markers the span carries (cached per combination)."""
    found = attrs.keys() & _MARKERS
    names = event_names(events) & _EVENT_MARKERS if events else ()
    named = name in _SPAN_NAMES
    adapters = tuple(a for a in ADAPTERS if a.always or not found.isdisjoint(a.markers)
                     or (names and not (a.event_markers | a.ttft_events).isdisjoint(names)) or (named and name in a.span_names))
    profile = _PROFILES.get(adapters)
    if profile is None:
        profile = _PROFILES[adapters] = Profile(adapters)
    return profile


def event_names(events: list) -> set[str]:
    return {n for e in events if isinstance(e, dict) and isinstance(n := e.get("name"), str)}
