"""An evaluation task: which traces (window + sampling policy), how often, and which evaluators.

Windows are pure: given `now` (and, for rolling tasks, the previous watermark) they give the
time range a run covers, so schedules are testable without a clock.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from apscheduler.triggers.base import BaseTrigger
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger
import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from collector.json_limits import depth_within
from evaluators.config import check_task_options
from infra.access import DEFAULT_PROJECT, check_project
from infra.timeutil import naive_utc, parse_duration
from sampler.policy import Filter, Sampling, SamplingPolicy, filter_list_validators, format_errors
from sampler.selection import TimeRange, default_salt
from scheduler.alert_rules import AlertRule, check_task_alerts, served

MIN_LAST, MAX_LAST = dt.timedelta(hours=1), dt.timedelta(days=30)
_EVERY = {"hour": dt.timedelta(hours=1), "day": dt.timedelta(days=1), "week": dt.timedelta(weeks=1)}
_NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")
# Validation context of a task being created (an aware datetime): a recurrence must still fire after
# it. Stored tasks are read without it, so one whose end has passed still loads.
CREATED_AT = "created_at"
# Evaluator settings are small mappings; deeper or larger ones are mistakes or attacks, and past
# 254 levels they could not even be stored (orjson's limit).
MAX_OPTIONS_DEPTH = 8
MAX_OPTIONS_BYTES = 64 * 1024


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class BackfillWindow(_Model):
    """A fixed look-back (`last: 3h`) or an explicit `from`/`to`, by trace start time."""

    mode: Literal["backfill"] = "backfill"
    last: str | None = None
    from_: dt.datetime | None = Field(None, alias="from")
    to: dt.datetime | None = None

    @field_validator("last")
    @classmethod
    def _last_in_range(cls, v: str | None) -> str | None:
        if v is None:
            return v
        span = parse_duration(v)
        if not MIN_LAST <= span <= MAX_LAST:
            raise ValueError(f"last must be between 1h and 30d (got {v})")
        return v

    @model_validator(mode="after")
    def _one_form(self) -> "BackfillWindow":
        if (self.last is None) == (self.from_ is None):
            raise ValueError("give either last (1h … 30d) or from/to")
        if self.last is not None and self.to is not None:
            raise ValueError("to goes with from, not with last")
        if self.from_ and self.to and naive_utc(self.to) <= naive_utc(self.from_):
            raise ValueError("to must be after from")
        return self

    def time_range(self, now: dt.datetime) -> TimeRange:
        now = naive_utc(now)
        if self.last is not None:
            return TimeRange(column="start_time", start=now - parse_duration(self.last), end=now)
        return TimeRange(column="start_time", start=naive_utc(self.from_), end=naive_utc(self.to) if self.to else now)


class RollingWindow(_Model):
    """New trajectories since the previous run, on a recurrence, between start and end."""

    mode: Literal["rolling"] = "rolling"
    every: Literal["hour", "day", "week"] | None = None
    cron: str | None = None
    start: dt.datetime
    end: dt.datetime | None = None
    timezone: str = "UTC"

    @field_validator("start", "end", mode="before")
    @classmethod
    def _relative_dates(cls, v: Any) -> Any:
        """Presets may say `today` or `today+90d`."""
        if isinstance(v, str) and v.startswith("today"):
            base = dt.datetime.combine(dt.date.today(), dt.time())
            rest = v[len("today"):].strip()
            return base + (parse_duration(rest.lstrip("+")) if rest else dt.timedelta())
        if isinstance(v, dt.date) and not isinstance(v, dt.datetime):
            return dt.datetime.combine(v, dt.time())
        return v

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, v: str) -> str:
        try:
            ZoneInfo(v)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown timezone {v!r} (use an IANA name such as Asia/Shanghai)") from None
        return v

    @field_validator("cron")
    @classmethod
    def _valid_cron(cls, v: str | None) -> str | None:
        if v is not None:
            try:
                CronTrigger.from_crontab(v)
            except ValueError as exc:
                raise ValueError(f"invalid cron expression {v!r}: {exc}") from None
        return v

    @model_validator(mode="after")
    def _recurrence(self, info: ValidationInfo) -> "RollingWindow":
        if (self.every is None) == (self.cron is None):
            raise ValueError("a rolling window needs exactly one recurrence: every (hour|day|week) or cron")
        if self.end is not None and self._local(self.end) <= self._local(self.start):
            raise ValueError("end must be after start")
        now = (info.context or {}).get(CREATED_AT)
        if now is not None and self.trigger().get_next_fire_time(None, now) is None:
            what = f"cron {self.cron!r}" if self.cron else f"every {self.every}"
            until = f" before its end {self.end.isoformat()}" if self.end else ""
            raise ValueError(f"{what} has no fire time after {now.isoformat(timespec='seconds')}{until}: the task "
                             "would never run")
        return self

    def _local(self, t: dt.datetime) -> dt.datetime:
        return t if t.tzinfo else t.replace(tzinfo=ZoneInfo(self.timezone))

    def trigger(self) -> BaseTrigger:
        zone = ZoneInfo(self.timezone)
        start, end = self._local(self.start), self._local(self.end) if self.end else None
        if self.cron:
            return _cron(self.cron, zone, start, end)
        return IntervalTrigger(seconds=int(_EVERY[self.every].total_seconds()), start_date=start, end_date=end, timezone=zone)

    def finished(self, now: dt.datetime) -> bool:
        return self.end is not None and now.astimezone(dt.timezone.utc) >= self._local(self.end).astimezone(dt.timezone.utc)

    def time_range(self, now: dt.datetime, watermark: dt.datetime | None) -> TimeRange:
        """Trajectories completed after the previous watermark (or the task's start) up to now."""
        start = watermark if watermark is not None else naive_utc(self._local(self.start))
        return TimeRange(column="completed_at", start=start, end=naive_utc(now))


def _cron(expr: str, zone: ZoneInfo, start: dt.datetime, end: dt.datetime | None) -> CronTrigger:
    minute, hour, day, month, day_of_week = expr.split()
    return CronTrigger(minute=minute, hour=hour, day=day, month=month, day_of_week=day_of_week,
                       start_date=start, end_date=end, timezone=zone)


Window = Annotated[BackfillWindow | RollingWindow, Field(discriminator="mode")]


class TaskSpec(_Model):
    name: str
    description: str | None = None
    # The project whose traces it samples; a key of one project creates tasks of that project only.
    project: str = DEFAULT_PROJECT
    window: Window
    match: Literal["all", "any"] = "all"
    filters: list[Filter] = Field(default_factory=list)
    sampling: Sampling = Field(default_factory=lambda: Sampling(ratio=1.0, max_items=100))
    evaluators: list[str] = Field(default_factory=list)
    # Per-evaluator settings, e.g. {reference_chain: {weights: …}, llm_judge: {budget_per_task: 50}}.
    options: dict[str, dict[str, Any]] = Field(default_factory=dict)
    # Judged after each run; they name the server's notification destinations (docs/alerts.md).
    alerts: list[AlertRule] = Field(default_factory=list, max_length=20)

    @field_validator("name")
    @classmethod
    def _slug(cls, v: str) -> str:
        if not _NAME.match(v):
            raise ValueError("name must be 1-64 characters of a-z, 0-9, '-', '_' or '.', starting with a letter or digit")
        return v

    _filter_count, _regex_cost = filter_list_validators()

    @field_validator("project")
    @classmethod
    def _project_name(cls, v: str) -> str:
        return check_project(v)

    @field_validator("options", mode="before")
    @classmethod
    def _bounded_options(cls, v: Any) -> Any:
        if not depth_within(v, MAX_OPTIONS_DEPTH + 1):  # the evaluator name is the first level
            raise ValueError(f"options nest deeper than {MAX_OPTIONS_DEPTH} levels below the evaluator name")
        try:
            size = len(orjson.dumps(v))
        except TypeError as exc:  # YAML can say what JSON cannot (sets, non-text keys)
            raise ValueError(f"options must be JSON values: {exc}") from None
        if size > MAX_OPTIONS_BYTES:
            raise ValueError(f"options take more than {MAX_OPTIONS_BYTES // 1024} KiB as JSON")
        return v

    @field_validator("evaluators")
    @classmethod
    def _known_evaluators(cls, v: list[str]) -> list[str]:
        from evaluators.registry import available

        valid = available()
        unknown = [e for e in v if e not in valid]
        if unknown:
            raise ValueError(f"unknown evaluator {unknown[0]!r}; valid: {', '.join(sorted(valid))}")
        if len(set(v)) != len(v):
            raise ValueError("an evaluator is listed twice")
        return v

    @model_validator(mode="after")
    def _options_for_listed_evaluators(self) -> "TaskSpec":
        stray = sorted(set(self.options) - set(self.evaluators))
        if stray:
            raise ValueError(f"options given for {', '.join(stray)}, which the task does not run")
        check_task_options(self.options)  # a task never chooses where a server credential goes
        from evaluators.registry import DEFAULT_SET

        check_task_alerts(self.alerts, self.evaluators or DEFAULT_SET)
        return self

    @property
    def policy(self) -> SamplingPolicy:
        return SamplingPolicy(match=self.match, filters=self.filters, sampling=self.sampling)

    @property
    def salt(self) -> str:
        return self.sampling.salt or default_salt(self.name)

    @property
    def rolling(self) -> bool:
        return isinstance(self.window, RollingWindow)


class TaskError(ValueError):
    """A task document is invalid; the message names each field and the rule it broke."""


def task_from_request(doc: dict[str, Any]) -> TaskSpec:
    """A task from a document, or from `{"preset": NAME, "set": [...], …overrides}`."""
    from scheduler.presets import apply_overrides, load_preset

    doc = dict(doc)
    assignments = doc.pop("set", None) or []
    if not isinstance(assignments, list) or not all(isinstance(a, str) for a in assignments):
        raise TaskError("set: must be a list of 'key=value' strings")
    preset = doc.pop("preset", None)
    if preset is not None:
        doc = {**load_preset(str(preset)), **doc}
    return validate_task(apply_overrides(doc, assignments))


def validate_task(doc: Any, now: dt.datetime | None = None) -> TaskSpec:
    """A task about to be created (or previewed) at `now`: its recurrence must fire after it."""
    if not isinstance(doc, dict):
        raise TaskError("a task must be a mapping with name, window, filters, sampling and evaluators")
    try:
        return TaskSpec.model_validate(doc, context=creating(now))
    except ValidationError as exc:
        raise TaskError(format_errors(exc)) from None


def creating(now: dt.datetime | None = None) -> dict[str, Any]:
    """The validation context of a task created at `now` (naive is UTC; default the wall clock) on
    this process's server: the notification destinations and server rule names it defines."""
    now = now.replace(tzinfo=now.tzinfo or dt.timezone.utc) if now else dt.datetime.now(dt.timezone.utc)
    return {CREATED_AT: now, **served()}
