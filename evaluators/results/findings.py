"""Findings of results that carry none: those stored before findings existed (schema 1), and those
of an evaluator that does not fill them (a plug-in, an older Kafka worker).

They are derived only where the result says unambiguously which label sits on which call:
- a result that did not fail has none;
- an entry of `details` that names its own failing label, its call (`seq`, or `evidence` /
  `calls`) and its reason (`reason`, `why` or `message`) is a finding on each call it names;
- a failing result with one label and nothing in its details gets that label on each evidence
  call (on the trace when it names none), with the result's reason.
Any other label of a result with several gets no finding: its summary still lists it, but no step
and no reason can be told for it.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import duckdb
import orjson
import pyarrow as pa

from evaluators.base import EvalResult, Finding

_REASON_KEYS = ("reason", "why", "message")
_CALL_LIST_KEYS = ("evidence", "calls")
_BATCH = 10_000


def failing(passed: bool | None, score: float | None) -> bool:
    """Whether a result failed (an applicable evaluator said no): only those have findings."""
    return passed is False and score is not None


def findings_of(result: EvalResult) -> list[Finding]:
    """The result's own findings, or those derived from its summary and details."""
    if result.findings or not failing(result.passed, result.score):
        return list(result.findings)
    return [Finding(**f) for f in derive(result.model_dump())]


def derive(row: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Findings ({call, label, reason}) derived from a result's label, labels, evidence, reason and
    details (a stored row or a dumped EvalResult), as the module docstring says."""
    if not failing(row.get("passed"), row.get("score")):
        return []
    labels = list(dict.fromkeys([*(row.get("labels") or []), row["label"]]))
    found: dict[tuple[int | None, str], str] = {}
    for label, calls, reason in _entries(row.get("details"), set(labels)):
        for call in calls:
            found.setdefault((call, label), reason)
    if not found and len(labels) == 1:
        reason = row.get("reason") or ""
        for call in row.get("evidence") or [None]:
            found[(call, labels[0])] = reason
    return [{"call": call, "label": label, "reason": reason} for (call, label), reason in found.items()]


def _entries(node: Any, labels: set[str]) -> Iterator[tuple[str, list[int], str]]:
    """(label, calls, reason) of each mapping in `node` that names one of `labels` as its only
    label, the calls it is about and a reason."""
    if isinstance(node, Mapping):
        label, own = node.get("label"), node.get("labels")
        reason = next((node[k] for k in _REASON_KEYS if isinstance(node.get(k), str) and node[k]), None)
        calls = _calls(node)
        if label in labels and reason and calls and (not own or list(own) == [label]):
            yield label, calls, reason
        for value in node.values():
            yield from _entries(value, labels)
    elif isinstance(node, list):
        for value in node:
            yield from _entries(value, labels)


def _calls(node: Mapping[str, Any]) -> list[int]:
    seq = node.get("seq")
    if _is_call(seq):
        return [seq]
    for key in _CALL_LIST_KEYS:
        value = node.get(key)
        if isinstance(value, list) and value and all(_is_call(v) for v in value):
            return list(dict.fromkeys(value))
    return []


def _is_call(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def encode(findings: Sequence[Finding | Mapping[str, Any]]) -> str:
    """The JSON text stored in `eval_results.findings`."""
    return orjson.dumps([f.model_dump() if isinstance(f, Finding) else dict(f) for f in findings]).decode()


def stored_findings(text: str | None, row: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A stored row's findings: its column, or derived when the row has none recorded (a database
    read before it was migrated)."""
    return orjson.loads(text) if text is not None else derive(row)


_KEY = ("task_id", "trace_id", "version", "evaluator")


def backfill(con: duckdb.DuckDBPyConnection) -> int:
    """Derive the findings of the failing results stored before schema 2 (the migration gave every
    other result an empty list); returns how many rows were filled. Each batch is one statement,
    so an interrupted backfill leaves whole rows done and is resumed at the next start."""
    filled = 0
    while True:
        cursor = con.execute(
            f"SELECT {', '.join(_KEY)}, passed, score, label, labels, evidence, reason, details FROM eval_results "
            "WHERE findings IS NULL LIMIT ?", [_BATCH])
        names = [d[0] for d in cursor.description]
        rows = [dict(zip(names, r)) for r in cursor.fetchall()]
        if not rows:
            return filled
        for row in rows:
            row["details"] = orjson.loads(row["details"]) if row["details"] else {}
        done = pa.table({**{k: [r[k] for r in rows] for k in _KEY},  # read by name in the UPDATE
                         "findings": [encode(derive(r)) for r in rows]})
        con.execute(f"UPDATE eval_results e SET findings = d.findings FROM done d "
                    f"WHERE {' AND '.join(f'e.{k} = d.{k}' for k in _KEY)}")
        filled += len(rows)
