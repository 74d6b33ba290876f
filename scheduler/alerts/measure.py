"""What a task rule reads from a run's results: pure functions of result rows (as
`evaluators.results.results` returns them), no I/O.

A rule's scope is one evaluator, one dimension, or (neither) every evaluator of the task. Per
evaluated trace the scope gives one verdict: its score is the mean of the applicable scores in
scope (for a dimension, the roll-up the report and radar use), it passed when every applicable
result in scope passed, its labels are those of its failing results. Rates are over traces; a
proportion's Wilson interval comes from `evaluators.estimates`, a drop is Welch's t-test of
`evaluators.scoring`, the same statistics the report and `compare` use.
"""
from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluators.aggregate import UNVERSIONED, by_trace
from evaluators.estimates import wilson_interval
from evaluators.scoring import welch_t_test
from scheduler.alert_rules import AlertRule

TOP_LABELS = 3
Row = Mapping[str, Any]


@dataclass(frozen=True)
class Verdict:
    """One evaluated trace within a rule's scope."""

    trace_id: str
    version: int
    agent_version: str
    score: float
    passed: bool
    labels: frozenset[str]


@dataclass(frozen=True)
class Reading:
    """A rule's reading of one run. `breached` None: too few judged traces to say either way."""

    value: float | None
    threshold: float | None
    breached: bool | None
    items: int
    summary: str
    detail: dict[str, Any] = field(default_factory=dict)
    top_labels: list[dict[str, Any]] = field(default_factory=list)
    worst: dict[str, Any] | None = None


def scope_text(rule: AlertRule) -> str:
    return (f"evaluator {rule.evaluator}" if rule.evaluator else f"dimension {rule.dimension}" if rule.dimension
            else "all evaluators")


def in_scope(rows: Iterable[Row], rule: AlertRule) -> list[Row]:
    return [r for r in rows if (rule.evaluator is None or r["evaluator"] == rule.evaluator)
            and (rule.dimension is None or r["dimension"] == rule.dimension)]


def _failing_labels(r: Row) -> list[str]:
    return list(r["labels"] or ([r["label"]] if r["label"] else [])) if r["passed"] is False else []


def verdicts(rows: Iterable[Row]) -> list[Verdict]:
    """Per evaluated trace (version) of `rows` already in scope; traces nothing applied to are left out."""
    out = []
    for (trace_id, version), results in by_trace(rows).items():
        applicable = [r for r in results if r["score"] is not None]
        if not applicable:
            continue
        out.append(Verdict(trace_id, version, results[0]["agent_version"] or UNVERSIONED,
                           statistics.fmean(r["score"] for r in applicable), all(r["passed"] for r in applicable),
                           frozenset(label for r in applicable for label in _failing_labels(r))))
    return sorted(out, key=lambda v: (v.trace_id, v.version))


def top_labels(judged: Sequence[Verdict], only: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """The failing labels on most traces, with their share of the judged traces."""
    counts = Counter(label for v in judged for label in v.labels)
    if only is not None:
        counts = Counter({k: n for k, n in counts.items() if k in set(only)})
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_LABELS]
    return [{"label": label, "traces": n, "share": n / len(judged)} for label, n in ranked]


def worst(judged: Sequence[Verdict]) -> dict[str, Any] | None:
    """The failing trace with the lowest score in scope (most labels, then id, break ties)."""
    failing = [v for v in judged if not v.passed]
    if not failing:
        return None
    w = min(failing, key=lambda v: (v.score, -len(v.labels), v.trace_id))
    return {"trace_id": w.trace_id, "score": w.score, "labels": sorted(w.labels), "agent_version": w.agent_version}


def read(rule: AlertRule, rows: Sequence[Row], baseline: Sequence[Row] = ()) -> Reading:
    """The rule's reading of a run's `rows`. `baseline`: what new_label and drop compare with (the
    task's earlier results, the previous runs', or the other version's)."""
    judged = verdicts(in_scope(rows, rule))
    if rule.metric == "drop" and rule.against.version is not None:
        judged = [v for v in judged if v.agent_version != rule.against.version]
    context = {"top_labels": top_labels(judged), "worst": worst(judged)} if judged else {}
    if rule.metric == "new_label":
        return _new_label(rule, judged, baseline, context)
    if rule.metric == "drop":
        return _drop(rule, judged, baseline, context)
    n = len(judged)
    threshold = rule.below if rule.below is not None else rule.above
    if n < rule.min_items:
        return Reading(None, threshold, None, n, f"{n} judged traces in scope, fewer than min_items {rule.min_items}: "
                                                 "no verdict", **context)
    detail: dict[str, Any] = {}
    if rule.metric == "mean_score":
        value = statistics.fmean(v.score for v in judged)
        what = f"mean score of {scope_text(rule)}"
    else:
        hits = sum(v.passed for v in judged) if rule.metric == "pass_rate" else \
            sum(rule.label in v.labels for v in judged)
        low, high = wilson_interval(hits, n, rule.confidence)
        point = hits / n
        detail = {"point": point, "interval": [low, high], "confidence": rule.confidence, "hits": hits}
        value = {"point": point, "lower": low, "upper": high}[rule.estimate]
        what = (f"pass rate of {scope_text(rule)}" if rule.metric == "pass_rate"
                else f"share of traces failing with {rule.label} ({scope_text(rule)})")
        if rule.estimate != "point":
            what = f"{rule.estimate} {rule.confidence:.0%} Wilson bound of the {what}"
    breached = value < threshold if rule.below is not None else value > threshold
    side = "below" if rule.below is not None else "above"
    summary = f"{what} is {value:.3g} over {n} traces: {'' if breached else 'not '}{side} {threshold:g}"
    if rule.metric == "label_share" and judged:
        context["top_labels"] = top_labels(judged, [rule.label]) + [
            t for t in context["top_labels"] if t["label"] != rule.label][:TOP_LABELS - 1]
    return Reading(value, threshold, breached, n, summary, detail, **context)


def _new_label(rule: AlertRule, judged: Sequence[Verdict], baseline: Sequence[Row], context: dict) -> Reading:
    seen = {label for v in verdicts(in_scope(baseline, rule)) for label in v.labels}
    new = sorted({label for v in judged for label in v.labels} - seen)
    if new:
        context["top_labels"] = top_labels(judged, new)
        context["worst"] = worst([v for v in judged if v.labels & set(new)])
    summary = (f"failing labels never seen before in this task ({scope_text(rule)}): {', '.join(new)}" if new
               else f"no failing label new to this task ({scope_text(rule)})")
    return Reading(float(len(new)), 0.0, bool(new), len(judged), summary, {"new_labels": new}, **context)


def _drop(rule: AlertRule, judged: Sequence[Verdict], baseline: Sequence[Row], context: dict) -> Reading:
    against = rule.against
    before = verdicts(in_scope(baseline, rule))
    if against.version is not None:
        before = [v for v in before if v.agent_version == against.version]
        base_text = f"agent version {against.version}"
    else:
        base_text = f"the previous {against.runs} run{'s' if against.runs > 1 else ''}"
    what = f"{'pass rate' if rule.of == 'pass_rate' else 'mean score'} of {scope_text(rule)}"
    threshold = -(rule.by or 0.0)

    def values(vs: Sequence[Verdict]) -> list[float]:
        return [float(v.passed) if rule.of == "pass_rate" else v.score for v in vs]

    now, then = values(judged), values(before)
    if len(now) < max(2, rule.min_items) or len(then) < 2:
        return Reading(None, threshold, None, len(now), f"{len(now)} traces now and {len(then)} in {base_text}: "
                                                        "too few to test a drop", **context)
    change = statistics.fmean(now) - statistics.fmean(then)
    _, df, p = welch_t_test(then, now)
    breached = change < 0 and p < rule.alpha and -change >= (rule.by or 0.0)
    summary = (f"{what} changed by {change:+.3g} against {base_text} ({statistics.fmean(then):.3g} → "
               f"{statistics.fmean(now):.3g}, Welch p = {p:.3g}, alpha {rule.alpha:g}): "
               f"{'a drop beyond noise' if breached else 'no drop beyond noise'}")
    detail = {"p_value": p, "df": df, "alpha": rule.alpha, "baseline_mean": statistics.fmean(then),
              "current_mean": statistics.fmean(now), "baseline_traces": len(then), "against": base_text}
    return Reading(change, threshold, breached, len(now), summary, detail, **context)
