"""grounding: does every argument value come from somewhere the agent could have read it?

A leaf value is grounded when it occurs (normalised: case, width, punctuation, number and date
forms) in the user's input or in the result of a call that had finished before this one
started (any depth), when the schema names it (default, const, enum), or when it is a date
computed from the trace's own start (today, tomorrow, or what a relative expression of the input
denotes). Otherwise it is relative_date (a word like "tomorrow" where the schema wants an
absolute date), future_ref (it only occurs in a later result) or ungrounded_value. The system
prompt is not stored, so a value taken from it counts as ungrounded.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator
from evaluators.schemas import ArgumentFacts, ToolSchemas, schema_facts
from evaluators.text import (
    Argument, TrajectoryText, as_date, call_ref, path_text, relative_date_phrase, resolve_relative_dates, text_of,
)

SEVERITY = ("ungrounded_value", "future_ref", "relative_date")
_DATE_KEY = re.compile(r"(?:^|_)(?:date|day)s?$|[a-z]Date$")
# Local dates the trace may have started on: UTC-12 to UTC+14.
_ZONES = (dt.timedelta(hours=-12), dt.timedelta(hours=14))


def before(earlier: ToolCall, later: ToolCall) -> bool:
    """Whether `earlier`'s result could be read when `later` started (by time; by seq without timings)."""
    if earlier.end_ns and later.start_ns:
        return earlier.end_ns <= later.start_ns
    return earlier.seq < later.seq


def trace_dates(trajectory: Trajectory) -> set[dt.date]:
    """Dates an agent may compute from the trace's start: today and tomorrow in any time zone,
    and whatever the relative expressions of the user's input denote."""
    start = trajectory.start_ns or min((c.start_ns for c in trajectory.tool_calls if c.start_ns), default=0)
    if not start:
        return set()
    moment = dt.datetime.fromtimestamp(start / 1e9, dt.timezone.utc)
    days = {(moment + offset).date() for offset in _ZONES}
    out = {d + dt.timedelta(days=k) for d in days for k in (0, 1)}
    return out | resolve_relative_dates(trajectory.input, days) if trajectory.input else out


def sources(view: TrajectoryText, position: int, argument: Argument) -> tuple[int | None, int | None]:
    """(seq of an earlier result holding the argument, else seq of a later one) for the call at `position`."""
    calls = view.trajectory.tool_calls
    holders = sorted(set().union(*map(view.holders, argument.units)) - {position})
    earlier = next((calls[i].seq for i in holders if before(calls[i], calls[position])), None)
    return earlier, (calls[holders[0]].seq if holders and earlier is None else None)


class GroundingEvaluator(Evaluator):
    alias = "grounding"
    dimension = "tool_use"
    description = "Every argument value traced to the user input, an earlier result, the schema or the trace date."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        view = text_of(trajectory)
        schemas = ToolSchemas(trajectory, context)
        dates = trace_dates(trajectory)
        per_call, judged = [], []
        for position, (c, arguments) in enumerate(zip(trajectory.tool_calls, view.arguments)):
            if arguments is None:
                per_call.append({"seq": c.seq, "tool": c.name, "skipped": "arguments not parsed"})
                continue
            facts = schema_facts(schemas.get(c))
            found = [self._leaf(view, position, c, argument, facts.of(argument.path), dates) for argument in arguments]
            judged += found
            per_call.append({"seq": c.seq, "tool": c.name, "leaves": found})
        if not judged:
            return self.not_applicable("no argument values to ground", calls=per_call)
        bad = [f for f in judged if f["label"] != "grounded"]
        score = 1 - len(bad) / len(judged)
        details: dict[str, Any] = {"calls": per_call, "leaves": len(judged), "grounded": len(judged) - len(bad)}
        if not bad:
            return self.result(score=score, label="pass", passed=True, details=details,
                               reason=f"all {len(judged)} argument value(s) grounded")
        labels = [label for label in SEVERITY if any(f["label"] == label for f in bad)]
        worst = next(f for f in bad if f["label"] == labels[0])
        more = f" (+{len(bad) - 1} more)" if len(bad) > 1 else ""
        return self.result(score=score, label=labels[0], labels=labels, passed=False, details=details,
                           evidence=sorted({f["seq"] for f in bad}), reason=_reason(worst) + more)

    @staticmethod
    def _leaf(view: TrajectoryText, position: int, c: ToolCall, argument: Argument, facts: ArgumentFacts,
              dates: set[dt.date]) -> dict[str, Any]:
        """One value's verdict: label and source (the reason is written for the reported one only)."""
        path, value, v, units = argument
        leaf: dict[str, Any] = {"seq": c.seq, "tool": c.name, "path": path_text(path), "value": value, "label": "grounded"}
        if isinstance(value, str) and (phrase := relative_date_phrase(value)) and as_date(value) is None:
            key = next((p for p in reversed(path) if isinstance(p, str)), "")
            if facts.wants_date or (not facts.declared and _DATE_KEY.search(key)):
                leaf.update(label="relative_date", phrase=phrase, key=key or "the value")
                return leaf
        if v in facts.allowed:
            leaf["source"] = "schema"
        elif isinstance(value, str) and as_date(value) in dates:
            leaf["source"] = "trace date"
        elif any(map(view.in_user, units)):
            leaf["source"] = "user input"
        else:
            earlier, later = sources(view, position, argument)
            if earlier is not None:
                leaf["source"] = f"call {earlier}"
            elif later is not None:
                leaf.update(label="future_ref", source=f"call {later}")
            else:
                leaf["label"] = "ungrounded_value"
        return leaf


def _reason(leaf: dict[str, Any]) -> str:
    ref = call_ref(leaf["seq"], leaf["tool"], leaf["path"], leaf["value"])
    if leaf["label"] == "relative_date":
        return f"{ref}: relative_date: {leaf['phrase']!r} where {leaf['key']} expects an absolute date"
    if leaf["label"] == "future_ref":
        return f"{ref}: future_ref: the value only appears in the result of later {leaf['source']}"
    return f"{ref}: ungrounded_value: not in the user input or any earlier tool result"
