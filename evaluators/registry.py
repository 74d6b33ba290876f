"""Evaluators by alias: the built-ins plus the `tracepatrol.evaluators` entry-point group."""
from __future__ import annotations

from importlib.metadata import entry_points

ENTRY_POINT_GROUP = "tracepatrol.evaluators"

# The built-in aliases of shared EVALUATORS.md, in the order a report lists them.
BUILTIN = ("tool_selection", "parameters", "grounding", "trajectory_quality", "safety", "reference_chain", "llm_judge")


def available() -> list[str]:
    """Every alias a task may name."""
    return [*BUILTIN, *(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name not in BUILTIN)]
