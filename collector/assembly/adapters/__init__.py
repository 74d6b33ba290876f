"""Semantic-convention adapters, one module per convention, in their declared priority order.

Where two conventions on one span disagree the earlier wins: explicit conventions first, the
older GenAI forms (recognised by content alone) after them, general OpenTelemetry last. To add a
framework, write one module with an `Adapter` subclass, list it here, and add a capture folder
under tests/fixtures/instrumentations (see docs/conventions.md).
"""
from __future__ import annotations

from collector.assembly.adapters.base import AGENT, LLM, TOOL, Adapter, Profile, ToolIO, event_names
from collector.assembly.adapters.common import OTelGeneral
from collector.assembly.adapters.crewai import CrewAI
from collector.assembly.adapters.genai import GenAI
from collector.assembly.adapters.genai_legacy import GenAILegacy
from collector.assembly.adapters.google_adk import GoogleADK
from collector.assembly.adapters.mlflow import MLflow
from collector.assembly.adapters.openinference import OpenInference
from collector.assembly.adapters.openlit import OpenLIT
from collector.assembly.adapters.pydantic_ai import PydanticAI
from collector.assembly.adapters.semantic_kernel import SemanticKernel
from collector.assembly.adapters.strands import Strands
from collector.assembly.adapters.traceloop import Traceloop
from collector.assembly.adapters.vercel_ai import VercelAI

ADAPTERS: tuple[Adapter, ...] = (
    OTelGeneral(), VercelAI(), GoogleADK(), CrewAI(), GenAI(), OpenInference(), Traceloop(), PydanticAI(), Strands(), OpenLIT(),
    SemanticKernel(), MLflow(), GenAILegacy(),
)

__all__ = ["ADAPTERS", "AGENT", "LLM", "TOOL", "Adapter", "Profile", "ToolIO", "event_names", "profile_of"]


def _bits(names_of) -> dict[str, int]:
    """Name -> bit mask of the adapters (by position in ADAPTERS) that declare it."""
    bits: dict[str, int] = {}
    for position, adapter in enumerate(ADAPTERS):
        for name in names_of(adapter):
            bits[name] = bits.get(name, 0) | 1 << position
    return bits


_MARKER_BITS = _bits(lambda a: a.markers)
_MARKERS = frozenset(_MARKER_BITS)
_EVENT_BITS = _bits(lambda a: a.event_markers | a.ttft_events)
_NAME_BITS = _bits(lambda a: a.span_names)
_ALWAYS = sum(1 << position for position, a in enumerate(ADAPTERS) if a.always)
_PROFILES: dict[int, Profile] = {}


def profile_of(name: str, attrs: dict, events: list) -> Profile:
    """The profile of the adapters whose markers the span carries (cached per combination)."""
    mask = _ALWAYS | _NAME_BITS.get(name, 0)
    for key in _MARKERS.intersection(attrs):  # looks up each key; `attrs.keys() & ` would copy them all first
        mask |= _MARKER_BITS[key]
    for event_name in event_names(events) if events else ():
        mask |= _EVENT_BITS.get(event_name, 0)
    profile = _PROFILES.get(mask)
    if profile is None:
        adapters = tuple(a for position, a in enumerate(ADAPTERS) if mask >> position & 1)
        profile = _PROFILES[mask] = Profile(adapters)
    return profile
