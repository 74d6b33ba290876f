"""Evaluators by alias: the built-ins plus the `tracepatrol.evaluators` entry-point group.

Users add their own without forking: an installed package declares
`[project.entry-points."tracepatrol.evaluators"] my_check = "pkg.module:MyEvaluator"`.
"""
from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points

from evaluators.base import Evaluator

ENTRY_POINT_GROUP = "tracepatrol.evaluators"

# Built-in aliases, in the order reports list them, and where each class lives.
BUILTIN: dict[str, str] = {
    "tool_selection": "evaluators.tool_selection:ToolSelectionEvaluator",
    "parameters": "evaluators.parameters:ParametersEvaluator",
    "grounding": "evaluators.grounding:GroundingEvaluator",
    "trajectory_quality": "evaluators.trajectory_quality:TrajectoryQualityEvaluator",
    "safety": "evaluators.safety:SafetyEvaluator",
    "reference_chain": "evaluators.reference_chain:ReferenceChainEvaluator",
    "llm_judge": "evaluators.llm_judge:LLMJudgeEvaluator",
}
# What a task runs when it names none: the cheap rule evaluators.
DEFAULT_SET = ("tool_selection", "parameters", "grounding", "trajectory_quality", "safety")


def _plugins() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name not in BUILTIN}


def available() -> list[str]:
    """Every alias a task may name."""
    return [*BUILTIN, *_plugins()]


def get(alias: str) -> type[Evaluator]:
    """The evaluator class for `alias`; LookupError lists the valid aliases."""
    target = BUILTIN.get(alias) or _plugins().get(alias)
    if target is None:
        raise LookupError(f"unknown evaluator {alias!r}; valid: {', '.join(sorted(available()))}")
    module, _, name = target.partition(":")
    cls = getattr(import_module(module), name)
    if not (isinstance(cls, type) and issubclass(cls, Evaluator)):
        raise LookupError(f"evaluator {alias!r} ({target}) is not an Evaluator subclass")
    return cls
