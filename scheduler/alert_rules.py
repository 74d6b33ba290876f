"""Alert rules: those a task document carries (`alerts:`, judged after each of its runs) and the
server's own (`notifications.rules` in the settings, judged every few seconds).

A rule names destinations (`notify: [ops]`) and never says where they are: URLs and secrets live
in the server settings only. While a task is created, the validation context carries the names
the running server defines (`DESTINATIONS`), so naming any other is a 422; a stored task is read
without it and still loads after a destination is renamed (its notifications then fail, and say so).
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from evaluators.base import Dimension
from infra.timeutil import parse_duration

NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")
NAME_RULE = "1-64 characters of a-z, 0-9, '-', '_' or '.', starting with a letter or digit"
LABEL_NAME = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_]{0,63}$")  # Prometheus' label names
# Labels every notification sets itself (Alertmanager's identity of an alert).
RESERVED_LABELS = frozenset({"alertname", "task", "project", "severity", "source"})
DESTINATIONS = "destinations"  # validation context: the destination names the server's settings define
SERVER_RULES = "server_rules"  # validation context: the server's own rule names (one namespace with tasks')
# Keys that would say where a notification goes: a task or rule never sets them.
_WHERE = ("url", "secret", "webhook", "token", "headers", "endpoint")

TASK_METRICS = ("pass_rate", "mean_score", "label_share", "new_label", "drop")
SERVER_METRICS = ("quarantined_per_hour", "assembly_lag_s", "refusals_per_minute", "run_failed", "schedule_missed")
_PROPORTIONS = ("pass_rate", "label_share")  # values whose Wilson interval can stand in for the point

_served: dict[str, frozenset[str]] = {}


def serve(destinations: Collection[str] | None, server_rules: Collection[str] = ()) -> None:
    """Called by the server at start (and with None at stop): what tasks created in this process
    are checked against."""
    _served.clear()
    if destinations is not None:
        _served.update({DESTINATIONS: frozenset(destinations), SERVER_RULES: frozenset(server_rules)})


def served() -> dict[str, frozenset[str]]:
    """The validation context of a task created on the running server (empty: no server in this
    process, so names are not checked)."""
    return dict(_served)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class _Rule(_Model):
    """What every rule has: a name, when it fires and whom it tells."""

    name: str
    for_: int = Field(1, alias="for", ge=1, le=100, description="readings in a row past the threshold before it fires")
    quiet: str | None = Field(None, description=(
        "once firing, the alert resolves only after its condition has been clear this long (e.g. 6h), so one "
        "cause that comes and goes fires once; unset: it resolves at the first clear reading"))
    notify: list[str] = Field(default_factory=list, max_length=10, description="server destinations, by name")
    severity: Literal["info", "warning", "critical"] = "warning"
    labels: dict[str, str] = Field(default_factory=dict, max_length=10,
                                   description="extra labels for routing (Alertmanager, webhook receivers)")

    @model_validator(mode="before")
    @classmethod
    def _no_where(cls, v: Any) -> Any:
        if isinstance(v, dict):
            named = [k for k in _WHERE if k in v]
            if named:
                raise ValueError(f"{', '.join(named)} cannot be set in a rule: where notifications go and their "
                                 "secrets are the server's (notifications.destinations); name a destination in notify")
        return v

    @field_validator("name")
    @classmethod
    def _slug(cls, v: str, info: ValidationInfo) -> str:
        if not NAME.match(v):
            raise ValueError(f"a rule name must be {NAME_RULE}")
        if cls is AlertRule and v in (info.context or {}).get(SERVER_RULES, ()):
            raise ValueError(f"{v!r} is the name of one of the server's own rules (notifications.rules); choose another")
        return v

    @field_validator("quiet")
    @classmethod
    def _duration(cls, v: str | None) -> str | None:
        if v is not None:
            parse_duration(v)
        return v

    @field_validator("labels")
    @classmethod
    def _label_names(cls, v: dict[str, str]) -> dict[str, str]:
        for key, value in v.items():
            if not LABEL_NAME.match(key):
                raise ValueError(f"label name {key!r} must match [a-zA-Z_][a-zA-Z0-9_]* (at most 64 characters)")
            if key in RESERVED_LABELS:
                raise ValueError(f"label {key!r} is set by tracepatrol itself ({', '.join(sorted(RESERVED_LABELS))})")
            if len(value) > 200:
                raise ValueError(f"label {key!r}: values are at most 200 characters")
        return v

    @field_validator("notify")
    @classmethod
    def _known_destinations(cls, v: list[str], info: ValidationInfo) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError("a destination is listed twice")
        for name in v:
            if "://" in name or "/" in name:
                raise ValueError(f"{name[:60]!r}: notify names one of the server's destinations, never a URL "
                                 "(destinations are configured in the server settings, notifications.destinations)")
        known = (info.context or {}).get(DESTINATIONS)
        unknown = [n for n in v if known is not None and n not in known]
        if unknown:
            have = f"its destinations are {', '.join(sorted(known))}" if known else \
                "the server has no destinations (notifications.destinations in its settings)"
            raise ValueError(f"{unknown[0]!r} is not one of the server's notification destinations: {have}")
        return v

    @property
    def quiet_period(self) -> dt.timedelta | None:
        return parse_duration(self.quiet) if self.quiet else None


class Against(_Model):
    """What a `drop` compares with: the previous N runs, or another agent version's results."""

    runs: int | None = Field(None, ge=1, le=90, description="the previous N runs with results")
    version: str | None = Field(None, min_length=1, max_length=200,
                                description="this agent version's results in the task (the `compare` test)")

    @model_validator(mode="after")
    def _one(self) -> "Against":
        if (self.runs is None) == (self.version is None):
            raise ValueError("against: give either runs: N or version: V")
        return self


class AlertRule(_Rule):
    """A rule on a task's results, judged after each of its runs.

    pass_rate / mean_score: the run's value `below` or `above` a threshold, for one evaluator, one
    dimension or (neither) the whole task; pass_rate and label_share may compare a bound of the
    Wilson interval instead of the point (`estimate: lower | upper`). label_share: the share of
    judged traces failing with `label`. new_label: a failing label this task never had before.
    drop: the mean (or the pass rate, `of`) fell against the previous runs or another agent version,
    by Welch's t-test at `alpha` (as the report and `compare` judge a change).
    """

    metric: Literal["pass_rate", "mean_score", "label_share", "new_label", "drop"]
    evaluator: str | None = None
    dimension: Dimension | None = None
    below: float | None = None
    above: float | None = None
    estimate: Literal["point", "lower", "upper"] = Field("point", description=(
        "point: the value itself; lower / upper: that bound of its Wilson interval (pass_rate, label_share)"))
    confidence: float = Field(0.95, ge=0.5, le=0.999)
    min_items: int = Field(1, ge=1, le=10_000, description="fewer judged traces in a run: no verdict either way")
    label: str | None = Field(None, min_length=1, max_length=200)
    of: Literal["mean_score", "pass_rate"] = "mean_score"
    against: Against | None = None
    alpha: float = Field(0.05, gt=0, lt=0.5)
    by: float | None = Field(None, ge=0, le=1, description="a drop must also be at least this large")

    @model_validator(mode="after")
    def _fits_metric(self) -> "AlertRule":
        m = self.metric
        if self.evaluator is not None and self.dimension is not None:
            raise ValueError("give evaluator or dimension, not both")
        thresholds = [t for t in (self.below, self.above) if t is not None]
        if m in ("pass_rate", "mean_score", "label_share"):
            if len(thresholds) != 1:
                raise ValueError(f"a {m} rule needs exactly one of below: or above:")
            if not 0 <= thresholds[0] <= 1:
                raise ValueError(f"a {m} threshold is between 0 and 1 (got {thresholds[0]})")
        elif thresholds:
            raise ValueError(f"a {m} rule takes no below:/above: (" + (
                "it fires on a failing label never seen before in the task)" if m == "new_label" else
                "it fires on a drop beyond noise; `by` sets the smallest drop that counts)"))
        if m == "label_share" and self.label is None:
            raise ValueError("a label_share rule needs label: (e.g. wrong_tool)")
        if m != "label_share" and self.label is not None:
            raise ValueError("label: goes with metric label_share")
        if m == "drop" and self.against is None:
            raise ValueError("a drop rule needs against: {runs: N} or against: {version: V}")
        if m != "drop" and (self.against is not None or self.by is not None):
            raise ValueError("against: and by: go with metric drop")
        if self.estimate != "point" and m not in _PROPORTIONS:
            raise ValueError(f"estimate: {self.estimate} needs a proportion (pass_rate or label_share), not {m}")
        return self


class ServerRule(_Rule):
    """A rule on the server itself, judged every `check_every_s`: quarantined traces in the last
    hour, the age of the oldest trace waiting for assembly (seconds), ingest requests refused with
    429 in the last minute, a task's run failing, a rolling task's run more than `above` seconds
    (default 300) past its schedule. run_failed and schedule_missed are judged per task (`tasks`
    narrows which)."""

    metric: Literal["quarantined_per_hour", "assembly_lag_s", "refusals_per_minute", "run_failed",
                    "schedule_missed"]
    above: float | None = Field(None, ge=0)
    tasks: list[str] = Field(default_factory=list, description="run_failed / schedule_missed: only these tasks")

    @model_validator(mode="after")
    def _fits_metric(self) -> "ServerRule":
        m = self.metric
        if m in ("quarantined_per_hour", "assembly_lag_s", "refusals_per_minute") and self.above is None:
            raise ValueError(f"metric {m} needs above:")
        if m == "run_failed" and self.above is not None:
            raise ValueError("a run_failed rule takes no above: (it fires when a run fails)")
        if self.tasks and m not in ("run_failed", "schedule_missed"):
            raise ValueError("tasks: goes with run_failed and schedule_missed")
        return self

    @property
    def threshold(self) -> float | None:
        return 300.0 if self.metric == "schedule_missed" and self.above is None else self.above

    @property
    def per_task(self) -> bool:
        return self.metric in ("run_failed", "schedule_missed")

    def watches(self, task_id: str) -> bool:
        return not self.tasks or task_id in self.tasks


def check_task_alerts(rules: list[AlertRule], evaluators: Collection[str]) -> None:
    """Task validation: rule names unique, each rule's evaluator one the task runs."""
    names = [r.name for r in rules]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"alerts: rule {twice[0]!r} is defined twice")
    for r in rules:
        if r.evaluator is not None and r.evaluator not in evaluators:
            raise ValueError(f"alerts: rule {r.name!r} watches evaluator {r.evaluator!r}, which the task does not run "
                             f"({', '.join(evaluators)})")
