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
from evaluators.schemas import ToolSchemas, allowed_values, argument_schema, wants_date
from evaluators.text import (
    Haystack, Path, as_date, call_ref, leaves, norm, path_text, relative_date_phrase, resolve_relative_dates,
    scalar_text, value_texts,
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


def result_haystack(call: ToolCall) -> Haystack:
    return Haystack(value_texts(call.result))


def trace_dates(trajectory: Trajectory) -> set[dt.date]:
    """Dates an agent may compute from the trace's start: today and tomorrow in any time zone,
    and whatever the relative expressions of the user's input denote."""
    start = trajectory.start_ns or min((c.start_ns for c in trajectory.tool_calls if c.start_ns), default=0)
    if not start:
        return set()
    moment = dt.datetime.fromtimestamp(start / 1e9, dt.timezone.utc)
    days = {(moment + offset).date() for offset in _ZONES}
    out = {d + dt.timedelta(days=k) for d in days for k in (0, 1)}
    if trajectory.input:
        for day in days:
            out |= resolve_relative_dates(trajectory.input, day)
    return out


class GroundingEvaluator(Evaluator):
    alias = "grounding"
    dimension = "tool_use"
    description = "Every argument value traced to the user input, an earlier result, the schema or the trace date."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        calls = trajectory.tool_calls
        schemas = ToolSchemas(trajectory, context)
        user = Haystack([norm(trajectory.input)] if trajectory.input else [])
        results = [result_haystack(c) for c in calls]
        dates = trace_dates(trajectory)
        per_call, judged = [], []
        for position, c in enumerate(calls):
            if not c.arguments_valid_json or c.arguments is None:
                per_call.append({"seq": c.seq, "tool": c.name, "skipped": "arguments not parsed"})
                continue
            schema = schemas.get(c)
            sources = [(calls[i].seq, results[i], before(calls[i], c)) for i in range(len(calls)) if i != position]
            found = [self._leaf(c, path, value, schema, user, sources, dates)
                     for path, value in leaves(c.arguments) if value is not None and not isinstance(value, bool)]
            found = [f for f in found if f is not None]
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
        evidence = sorted({f["seq"] for f in bad})
        return self.result(score=score, label=labels[0], labels=labels, passed=False, details=details,
                           evidence=evidence, reason=worst["reason"] + more)

    def _leaf(self, c: ToolCall, path: Path, value: Any, schema: dict | None, user: Haystack,
              sources: list[tuple[int, Haystack, bool]], dates: set[dt.date]) -> dict[str, Any] | None:
        text = scalar_text(value)
        v = norm(text)
        if not v:
            return None
        leaf: dict[str, Any] = {"seq": c.seq, "path": path_text(path), "value": value}
        ref = call_ref(c.seq, c.name, path, value)
        sub = argument_schema(schema, path)
        if isinstance(value, str) and (phrase := relative_date_phrase(value)) and as_date(value) is None:
            key = next((p for p in reversed(path) if isinstance(p, str)), "")
            if wants_date(sub) or (sub is None and _DATE_KEY.search(key)):
                return leaf | {"label": "relative_date", "reason": f"{ref}: relative_date: {phrase!r} where "
                                                                   f"{key or 'the value'} expects an absolute date"}
        if any(norm(scalar_text(a)) == v for a in allowed_values(sub)):
            return leaf | {"label": "grounded", "source": "schema"}
        if isinstance(value, str) and as_date(value) in dates:
            return leaf | {"label": "grounded", "source": "trace date"}
        if user.matches(v):
            return leaf | {"label": "grounded", "source": "user input"}
        later = None
        for seq, haystack, available in sources:
            if haystack.matches(v):
                if available:
                    return leaf | {"label": "grounded", "source": f"call {seq}"}
                later = later or seq
        if later is not None:
            return leaf | {"label": "future_ref", "source": f"call {later}",
                           "reason": f"{ref}: future_ref: the value only appears in the result of later call {later}"}
        return leaf | {"label": "ungrounded_value",
                       "reason": f"{ref}: ungrounded_value: not in the user input or any earlier tool result"}
