"""The evaluator interface: a small class with an alias, a dimension and `evaluate()`.

An evaluator is a pure function of a trajectory and a context: no I/O except what its context
hands it (the LLM judge's HTTP client). It never raises for a trajectory it cannot judge: it
returns `score=None` (not applicable) with the reason.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from collector.trajectory import Trajectory
from evaluators.trajectory_view import TrajectoryView

DIMENSIONS = ("task_planning", "tool_use", "dialogue", "coding", "knowledge", "safety")
Dimension = Literal["task_planning", "tool_use", "dialogue", "coding", "knowledge", "safety"]

PASS_LABEL = "pass"
NOT_APPLICABLE = "not_applicable"


class Finding(BaseModel):
    """One label on one step, with its own reason: what a reader sees badged on that step and
    quoted in that label's cluster. `call` is the tool call's 1-based `seq`, None for a finding
    about the whole trace (`no_final_answer`)."""

    model_config = ConfigDict(extra="forbid")

    call: int | None = None
    label: str
    reason: str


class EvalResult(BaseModel):
    """One evaluator's verdict on one trajectory.

    `label` is the worst failure label found (docs/evaluators.md lists them), `pass` when none, or
    `not_applicable` with `score=None`. `labels` holds every failure label found. `evidence`
    are the 1-based `seq` numbers of the tool calls the verdict is about. `findings` are the
    verdict step by step (one per label and call); `label`, `labels`, `evidence` and `reason`
    summarise them.
    """

    model_config = ConfigDict(extra="forbid")

    evaluator: str
    dimension: Dimension
    score: float | None = Field(None, ge=0.0, le=1.0)
    label: str = PASS_LABEL
    labels: list[str] = Field(default_factory=list)
    passed: bool | None = None
    reason: str
    evidence: list[int] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)
    details: dict[str, Any] = Field(default_factory=dict)


@dataclass
class EvalContext:
    """What an evaluator may use beside the trajectory.

    `tool_schemas` come from config/tools/*.yaml (name -> JSON Schema), used when the trace did
    not record the tool's definition; `golden_cases` from config/datasets/*.yaml; `options`
    are per-evaluator settings from the task (alias -> mapping). `view` is the trajectory under
    evaluation as all its evaluators share it (`with_view`); a task's own context has none.
    """

    tool_schemas: dict[str, dict[str, Any]] = field(default_factory=dict)
    golden_cases: list[Any] = field(default_factory=list)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    llm: Any = None  # the LLM judge's client, when one is configured
    view: TrajectoryView | None = None

    def with_view(self, trajectory: Trajectory) -> EvalContext:
        """This context carrying `trajectory`'s view, for every evaluator run on it: the trajectory
        is then clipped and its text indexed once, not once per evaluator."""
        return replace(self, view=TrajectoryView(trajectory))

    def view_of(self, trajectory: Trajectory) -> TrajectoryView:
        """The view this context carries when it is `trajectory`'s, else a new one (an evaluator
        called with a plain context reads the trajectory itself)."""
        view = self.view
        return view if view is not None and view.shows(trajectory) else TrajectoryView(trajectory)


class Evaluator(ABC):
    """Subclasses set `alias` (lower_snake_case) and `dimension`, and implement `evaluate`."""

    alias: ClassVar[str]
    dimension: ClassVar[Dimension]
    description: ClassVar[str] = ""
    time_budget: ClassVar[bool] = True  # stopped past `evaluators.time_budget_s` (see evaluators.budget)

    @abstractmethod
    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        ...

    def result(self, **kwargs: Any) -> EvalResult:
        return EvalResult(evaluator=self.alias, dimension=self.dimension, **kwargs)

    def not_applicable(self, reason: str, **details: Any) -> EvalResult:
        return self.result(score=None, label=NOT_APPLICABLE, passed=None, reason=reason, details=details)

    def failed(self, findings: Sequence[Finding], severity: Sequence[str], **kwargs: Any) -> EvalResult:
        """A failing result summarising `findings`: `label` is the worst by `severity` (labels not
        in it rank after), `labels` every finding's label worst first, `evidence` their calls, and
        `reason` the worst finding's, with how many more there are. `kwargs` (score, details, and
        `passed` or `reason` when the evaluator says otherwise) go to the result."""
        rank = {label: i for i, label in enumerate(severity)}
        ordered = sorted(findings, key=lambda f: rank.get(f.label, len(rank)))  # stable: calls keep their order
        more = f" (+{len(ordered) - 1} more)" if len(ordered) > 1 else ""
        fields: dict[str, Any] = {"label": ordered[0].label, "passed": False, "reason": ordered[0].reason + more,
                                  **summary(ordered), "findings": list(findings)}
        return self.result(**(fields | kwargs))


def per_step(findings: Iterable[Finding]) -> list[Finding]:
    """One finding per call and label, the first given (callers give the most telling first)."""
    kept: dict[tuple[int | None, str], Finding] = {}
    for f in findings:
        kept.setdefault((f.call, f.label), f)
    return list(kept.values())


def summary(findings: Sequence[Finding]) -> dict[str, list]:
    """`labels` (each once, in the findings' order) and `evidence` (their calls, sorted) of a verdict."""
    return {"labels": list(dict.fromkeys(f.label for f in findings)),
            "evidence": sorted({f.call for f in findings if f.call is not None})}
