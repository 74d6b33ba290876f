"""Stored results rolled up per trace, per agent version and per evaluator (for API and reports)."""
from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from evaluators.scoring import VersionComparison, compare_versions, roll_up, weighted_total
from evaluators.weights import SceneProfile

UNVERSIONED = "(unversioned)"


def by_trace(rows: Iterable[Mapping[str, Any]]) -> dict[tuple[str, int], list[Mapping[str, Any]]]:
    grouped: dict[tuple[str, int], list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        grouped[(row["trace_id"], row["version"])].append(row)
    return grouped


def trace_dimensions(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[dict[str, float | None]]]:
    """Per agent version, one dimension-score mapping per evaluated trace."""
    out: dict[str, list[dict[str, float | None]]] = defaultdict(list)
    for results in by_trace(rows).values():
        out[results[0]["agent_version"] or UNVERSIONED].append(roll_up(results))
    return dict(out)


def mean_dimensions(per_trace: Sequence[Mapping[str, float | None]]) -> dict[str, float | None]:
    """Each dimension's mean over the traces that measured it."""
    dims = {d for scores in per_trace for d in scores}
    out = {}
    for d in sorted(dims):
        values = [s[d] for s in per_trace if s.get(d) is not None]
        out[d] = statistics.fmean(values) if values else None
    return out


def evaluator_summary(rows: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per evaluator: results, applicable ones, mean score, pass rate and label counts."""
    acc: dict[str, dict[str, Any]] = defaultdict(lambda: {"results": 0, "scores": [], "passed": 0, "labels": defaultdict(int)})
    for row in rows:
        a = acc[row["evaluator"]]
        a["results"] += 1
        if row["score"] is not None:
            a["scores"].append(row["score"])
            a["passed"] += bool(row["passed"])
        for label in row["labels"] or []:
            a["labels"][label] += 1
    return {
        name: {"results": a["results"], "applicable": len(a["scores"]),
               "mean_score": statistics.fmean(a["scores"]) if a["scores"] else None,
               "pass_rate": a["passed"] / len(a["scores"]) if a["scores"] else None,
               "labels": dict(sorted(a["labels"].items(), key=lambda kv: -kv[1]))}
        for name, a in sorted(acc.items())
    }


def task_scores(rows: Sequence[Mapping[str, Any]], profile: SceneProfile) -> dict[str, Any]:
    """Scene scores of a task's results, per agent version and over all of them."""
    per_version = trace_dimensions(rows)
    versions = {}
    for version, per_trace in sorted(per_version.items()):
        version_rows = [r for r in rows if (r["agent_version"] or UNVERSIONED) == version]
        versions[version] = {"traces": len(per_trace),
                             "card": weighted_total(mean_dimensions(per_trace), profile).model_dump(),
                             "evaluators": evaluator_summary(version_rows)}
    everything = [s for per_trace in per_version.values() for s in per_trace]
    return {"scene": profile.scene, "traces": len(everything),
            "card": weighted_total(mean_dimensions(everything), profile).model_dump(),
            "evaluators": evaluator_summary(rows), "versions": versions}


def compare(rows: Sequence[Mapping[str, Any]], a: str, b: str, profiles: Iterable[SceneProfile]) -> VersionComparison:
    per_version = trace_dimensions(rows)
    missing = [v for v in (a, b) if v not in per_version]
    if missing:
        raise LookupError(f"no evaluated traces of agent version {', '.join(map(repr, missing))}; "
                          f"versions with results: {', '.join(sorted(per_version)) or 'none'}")
    return compare_versions(per_version[a], per_version[b], profiles, labels=(a, b))
