"""What a notification says, as one plain document (the webhook's body; Slack and Alertmanager
render it their way): which rule, task and project, the value and threshold, the interval, the top
failing labels with the worst example trace, and links to the run, its failing traces, its report
and the alert's history, built from `dashboard_public_url` (no links when that is unset).

The document is built when the alert fires or resolves and stored in the outbox, so a
notification sent after a restart says what it said when it was made. Its `id` is stable.
"""
from __future__ import annotations

import datetime as dt
import urllib.parse
from collections.abc import Mapping
from typing import Any

from scheduler.alerts.measure import Reading
from scheduler.alert_rules import AlertRule, ServerRule
from scheduler.alerts.states import AlertState

PROJECT = "default"  # the one project there is; notifications and Alertmanager labels carry it


def iso(t: dt.datetime | None) -> str | None:
    """A naive-UTC store time as RFC 3339 (what Alertmanager and most receivers parse)."""
    return None if t is None else t.replace(microsecond=0).isoformat() + "Z"


class Links:
    """Dashboard addresses under `dashboard_public_url` (every method None when it is unset)."""

    def __init__(self, base: str | None):
        self.base = base.rstrip("/") if base else None

    def _url(self, path: str, **params: Any) -> str | None:
        if self.base is None:
            return None
        pairs = [(k, str(v)) for k, v in params.items() if v not in (None, "")]
        return self.base + path + ("?" + urllib.parse.urlencode(pairs) if pairs else "")

    def for_run(self, task_id: str | None, run_id: str | None, evaluator: str | None = None,
                label: str | None = None) -> dict[str, str | None]:
        if not task_id or not run_id:
            return {"run": None, "traces": None, "report": None}
        quoted = urllib.parse.quote(task_id, safe="")
        return {"run": self._url(f"/tasks/{quoted}", run=run_id),
                "traces": self._url("/traces", task=task_id, evaluator=evaluator, label=label),
                "report": self._url("/report", task=task_id, run=run_id)}

    def trace(self, trace_id: str) -> str | None:
        return self._url(f"/traces/{urllib.parse.quote(trace_id, safe='')}")

    def alerts(self, rule: str, task_id: str | None) -> str | None:
        return self._url("/alerts", rule=rule, task=task_id)

    def overview(self) -> str | None:
        return self._url("/")


def _comparison(rule: AlertRule | ServerRule) -> str:
    if isinstance(rule, ServerRule):
        return "failed" if rule.metric == "run_failed" else "above"
    if rule.metric in ("new_label", "drop"):
        return {"new_label": "new", "drop": "drop"}[rule.metric]
    return "below" if rule.below is not None else "above"


def notice(event: str, state: AlertState, rule: AlertRule | ServerRule, reading: Reading, links: Links,
           now: dt.datetime, run: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The notification of `event` ('fired' or 'resolved') of `state`, from the reading that made it."""
    task_id = state.task_id or None
    run_id = run["run_id"] if run else None
    evaluator = getattr(rule, "evaluator", None)
    top = reading.top_labels
    label = getattr(rule, "label", None) or (top[0]["label"] if top else None)
    worst = dict(reading.worst) if reading.worst else None
    if worst:
        worst["url"] = links.trace(worst["trace_id"])
    interval = {"start": iso(run["window_start"]), "end": iso(run["window_end"])} if run else \
        {"start": iso(now - dt.timedelta(seconds=reading.detail.get("window_s", 0))), "end": iso(now)}
    status = "firing" if event == "fired" else "resolved"
    where = f"task {task_id}" if task_id else "the server"
    doc = {
        "id": f"{state.episode}-{status}", "status": status, "episode": state.episode, "test": False,
        "rule": rule.name, "task": task_id, "project": PROJECT, "metric": rule.metric, "evaluator": evaluator,
        "dimension": getattr(rule, "dimension", None), "severity": rule.severity, "labels": dict(rule.labels),
        "value": reading.value, "threshold": reading.threshold, "comparison": _comparison(rule),
        "title": f"[{status.upper()}] {rule.name} on {where}",
        "summary": reading.summary if status == "firing" else f"resolved: {reading.summary}",
        "detail": reading.detail, "interval": interval, "run_id": run_id, "items": reading.items,
        "top_labels": top, "worst_trace": worst, "for": rule.for_, "notify": list(rule.notify),
        "links": {**links.for_run(task_id, run_id, evaluator, label), "alerts": links.alerts(rule.name, task_id)},
        "fired_at": iso(state.fired_at), "resolved_at": iso(now) if status == "resolved" else None,
        "created_at": iso(now),
    }
    if doc["links"]["run"] is None and task_id is None:
        doc["links"]["overview"] = links.overview()
    return doc


def resolution(fired: Mapping[str, Any], why: str, now: dt.datetime, value: float | None = None) -> dict[str, Any]:
    """A resolved notification made from the firing one when no new reading is needed (its quiet
    period ended, or its rule or task is gone)."""
    return {**fired, "id": f"{fired['episode']}-resolved", "status": "resolved",
            "title": fired["title"].replace("[FIRING]", "[RESOLVED]", 1), "summary": f"resolved: {why}",
            "value": fired["value"] if value is None else value, "resolved_at": iso(now), "created_at": iso(now)}
