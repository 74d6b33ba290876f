"""reference_chain: the seed's ToolChainEvaluator (000) against a golden case's reference chain.

Kept exactly where the seed defines it: selection = |required ∩ used| / |required|, order =
LCS(reference tools, used tools) / max(len, len), parameters = reference steps called with
matching arguments / steps, total = 0.4·selection + 0.3·order + 0.2·parameters + 0.1·success.
Stricter where it is vague: each reference step needs its own call (the seed kept only the last
call per tool name), success also needs every `after:` dependency honoured and every critical
step done successfully, and breaking a critical step's dependency caps the total at 0.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator, Finding, per_step, summary
from evaluators.datasets import GoldenCase, ReferenceStep, match_case
from evaluators.text.norm import norm, scalar_text


class ChainWeights(BaseModel):
    """Weights of the four parts; `options.reference_chain.weights` overrides the seed's."""

    model_config = ConfigDict(extra="forbid")

    selection: float = Field(0.4, ge=0)
    order: float = Field(0.3, ge=0)
    parameters: float = Field(0.2, ge=0)
    success: float = Field(0.1, ge=0)

    @model_validator(mode="after")
    def _sum_to_one(self) -> ChainWeights:
        total = self.selection + self.order + self.parameters + self.success
        if abs(total - 1.0) > 1e-9:
            raise ValueError(f"reference_chain weights sum to {total:.12g}, not 1")
        return self


# Worst first; a broken critical dependency outranks them all (it zeroes the total).
_RANK = ("missing_prerequisite", "order_violation", "missing_tool", "wrong_value", "no_recovery", "unnecessary_tool")
_BREAKS_SUCCESS = {"missing_prerequisite", "order_violation", "no_recovery"}


@dataclass
class Problem:
    label: str
    where: str  # "call 3 pay(sku='A')" or "step pay"
    text: str
    evidence: list[int] = field(default_factory=list)
    critical: bool = False

    @property
    def message(self) -> str:
        return f"{self.where}: {self.label}: {self.text}"

    def rank(self) -> tuple[int, int]:
        return (0 if self.critical else 1, _RANK.index(self.label))


class ReferenceChainEvaluator(Evaluator):
    alias = "reference_chain"
    dimension = "task_planning"
    description = "Selection, order, parameters and success against the matching golden case."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        trajectory = context.view_of(trajectory).trajectory
        case = match_case(trajectory, context.golden_cases)
        if case is None:
            return self.not_applicable("no golden case matches this trace (tracepatrol.case_id or input text)")
        weights = ChainWeights.model_validate(context.options.get(self.alias, {}).get("weights", {}))
        return self._score(case, trajectory.tool_calls, weights)

    def _score(self, case: GoldenCase, calls: list[ToolCall], weights: ChainWeights) -> EvalResult:
        required = {s.tool for s in case.steps}
        used = {c.name for c in calls}
        hit = len(required & used)
        selection = hit / len(required)
        precision = hit / len(used) if used else 0.0
        f1 = 2 * selection * precision / (selection + precision) if hit else 0.0
        ref_seq, used_seq = [s.tool for s in case.steps], [c.name for c in calls]
        lcs = lcs_length(ref_seq, used_seq)
        order = lcs / max(len(ref_seq), len(used_seq))
        assigned = _assign(case.steps, calls)
        parameters = sum(1 for s in case.steps if s.id in assigned) / len(case.steps)

        problems = _step_problems(case.steps, calls, assigned) + _dependency_problems(case.steps, calls, assigned)
        problems += [Problem("unnecessary_tool", _where(c), "not in the reference chain", [c.seq])
                     for c in calls if c.name not in required]
        success = parameters == 1 and not any(p.label in _BREAKS_SUCCESS for p in problems)
        uncapped = min(1.0, math.fsum((weights.selection * selection, weights.order * order,
                                       weights.parameters * parameters, weights.success * float(success))))
        capped = any(p.critical for p in problems)
        total = 0.0 if capped else uncapped

        problems.sort(key=Problem.rank)
        said = (f"case {case.id}: selection {selection:.2f}, order {order:.2f}, "
                f"parameters {parameters:.2f}, success {int(success)}, total {total:.2f}")
        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        reason = f"{problems[0].message}{more}; {said}" if problems else said
        findings = per_step(Finding(call=seq, label=p.label, reason=p.message)
                            for p in problems for seq in p.evidence or [None])
        return self.result(
            score=total, label=problems[0].label if problems else "pass", passed=success, reason=reason,
            findings=findings, **summary(findings),
            details={"case_id": case.id, "selection": selection, "precision": precision, "f1": f1,
                     "order": order, "lcs": lcs, "parameters": parameters, "success": success,
                     "total_uncapped": uncapped, "capped": capped, "weights": weights.model_dump(),
                     "reference": ref_seq, "used": used_seq,
                     "matched": {step_id: call.seq for step_id, call in assigned.items()},
                     "problems": [{"label": p.label, "message": p.message, "calls": p.evidence,
                                   "critical": p.critical} for p in problems]})


def lcs_length(a: list[str], b: list[str]) -> int:
    """Longest common subsequence, the seed's dynamic programme."""
    dp = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            dp[i][j] = dp[i - 1][j - 1] + 1 if a[i - 1] == b[j - 1] else max(dp[i - 1][j], dp[i][j - 1])
    return dp[-1][-1]


def _assign(steps: list[ReferenceStep], calls: list[ToolCall]) -> dict[str, ToolCall]:
    """Each step gets the first not-yet-taken call of its tool whose arguments match."""
    taken: set[int] = set()
    out: dict[str, ToolCall] = {}
    for step in steps:
        for call in calls:
            if call.seq not in taken and call.name == step.tool and mismatch(step, call.arguments) is None:
                out[step.id] = call
                taken.add(call.seq)
                break
    return out


def _step_problems(steps: list[ReferenceStep], calls: list[ToolCall], assigned: dict[str, ToolCall]) -> list[Problem]:
    problems = []
    taken = {c.seq for c in assigned.values()}
    for step in steps:
        if step.id in assigned:
            if step.critical and not any(c.status == "ok" for c in _satisfying(step, calls)):
                call = assigned[step.id]
                problems.append(Problem("no_recovery", _where(call), f"critical step {step.id} never succeeded "
                                        f"({call.error_type or call.error or 'error'})", [call.seq]))
            continue
        tries = [c for c in calls if c.name == step.tool and c.seq not in taken] or \
                [c for c in calls if c.name == step.tool]
        if not tries:
            problems.append(Problem("missing_tool", f"step {step.id}", f"{step.tool} was never called"))
            continue
        text = mismatch(step, tries[0].arguments) or f"step {step.id} needs its own call; this one matched another step"
        problems.append(Problem("wrong_value", _where(tries[0]), text, [c.seq for c in tries]))
    return problems


def _dependency_problems(steps: list[ReferenceStep], calls: list[ToolCall],
                         assigned: dict[str, ToolCall]) -> list[Problem]:
    """A step's attempt (its matched call, else its first call) must follow a successful call of each
    prerequisite (a matching one if any: a wrong value is reported as wrong_value, not twice)."""
    by_id = {s.id: s for s in steps}
    taken = {c.seq for c in assigned.values()}
    problems = []
    for step in steps:
        attempt = assigned.get(step.id) or next(
            (c for c in calls if c.name == step.tool and c.seq not in taken), None)
        if attempt is None:
            continue
        for dep in step.after:
            done = _succeeded_at(by_id[dep], calls)
            if done is None:
                problems.append(Problem("missing_prerequisite", _where(attempt), f"prerequisite {dep} was never "
                                        "done successfully", [attempt.seq], step.critical))
            elif done > attempt.seq:
                problems.append(Problem("order_violation", _where(attempt), f"ran before its prerequisite {dep} "
                                        f"(call {done})", [attempt.seq], step.critical))
    return problems


def _satisfying(step: ReferenceStep, calls: list[ToolCall]) -> list[ToolCall]:
    return [c for c in calls if c.name == step.tool and mismatch(step, c.arguments) is None]


def _succeeded_at(step: ReferenceStep, calls: list[ToolCall]) -> int | None:
    ok = [c for c in _satisfying(step, calls) if c.status == "ok"] or \
         [c for c in calls if c.name == step.tool and c.status == "ok"]
    return ok[0].seq if ok else None


def mismatch(step: ReferenceStep, arguments: Any) -> str | None:
    """Why `arguments` do not satisfy the step's reference arguments, or None when they do."""
    arguments = {} if arguments is None else arguments
    if not isinstance(arguments, dict):
        return f"arguments are not a JSON object: {arguments!r}"
    for key, expected in step.args.items():
        mode = step.mode(key)
        if mode == "ignore":
            continue
        if key not in arguments:
            return f"{key} is missing, expects {expected!r}"
        if not _MATCHERS[mode](arguments[key], expected):
            return f"{key}={arguments[key]!r}, expects {expected!r} ({mode})"
    extra = [k for k in arguments if k not in step.args and step.mode(k) != "ignore"]
    return f"unexpected argument(s) {', '.join(extra)}" if extra else None


def same(a: Any, b: Any) -> bool:
    """JSON equality that keeps booleans apart from numbers (True is not 1)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def within(value: Any, reference: Any) -> bool:
    """`value` lies within `reference`: list items, mapping items or a substring; else equality."""
    if isinstance(value, list) and isinstance(reference, list):
        return all(any(same(v, r) for r in reference) for v in value)
    if isinstance(value, dict) and isinstance(reference, dict):
        return all(k in reference and same(v, reference[k]) for k, v in value.items())
    if isinstance(value, str) and isinstance(reference, str):
        return value in reference
    return same(value, reference)


def normalize(value: Any) -> Any:
    """Fold case, whitespace, punctuation, number and date forms ("1,280.00" == 1280), recursively,
    with the same `norm` grounding uses, so both evaluators agree on what "the same value" means."""
    if isinstance(value, list):
        return [normalize(v) for v in value]
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    if value is None or isinstance(value, bool):
        return value
    return norm(value if isinstance(value, str) else scalar_text(value))


_MATCHERS: dict[str, Callable[[Any, Any], bool]] = {
    "exact": same,
    "subset": within,
    "superset": lambda value, reference: within(reference, value),
    "normalized": lambda value, reference: same(normalize(value), normalize(reference)),
}


def _where(call: ToolCall) -> str:
    args = call.arguments if isinstance(call.arguments, dict) else {}
    return f"call {call.seq} {call.name}({', '.join(f'{k}={v!r}' for k, v in args.items())})"
