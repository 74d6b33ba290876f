"""The task form: browser fields to a task document and back, checked by the API's own model.

The document goes through `scheduler.task.TaskSpec` exactly as `POST /api/tasks` takes it; each
"where: what" line the model reports is shown beside the field it names. Presets (seed 001's
recipes) and the explorer's filters are starting points: they fill the same fields.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

import orjson
import yaml
from pydantic import ValidationError

from evaluators.registry import available
from sampler.policy import format_errors
from scheduler import safe_yaml
from scheduler.alert_rules import DESTINATIONS, served
from scheduler.presets import PresetError, load_preset, preset_names
from scheduler.task import TaskError, TaskSpec, creating, task_from_request
from tracepatrol.web import filter_params

LAST = ("1h", "3h", "6h", "12h", "24h", "7d", "30d")
EVERY = ("hour", "day", "week")
BLANK_ROWS = 2  # empty filter rows under the filled ones (the page's script adds more)
# Seed 001's three recipes first, then any other preset.
RECIPES = ("complaint-triage", "token-audit", "daily-patrol")


def presets() -> list[dict[str, str]]:
    names = [*[n for n in RECIPES if n in preset_names()], *[n for n in preset_names() if n not in RECIPES]]
    return [{"name": n, "description": load_preset(n).get("description") or ""} for n in names]


def blank() -> dict[str, Any]:
    """A new task: all traffic of the last 24 hours, 10 % of it, at most 100 traces."""
    return {"name": "", "description": "", "when": "now", "last": "24h", "from": "", "to": "", "every": "day",
            "cron": "", "start": dt.date.today().isoformat(), "end": "", "timezone": "UTC", "match": "all",
            "rows": [], "ratio_pct": "10", "max_items": "100", "salt": "", "evaluators": [], "options": "",
            "alerts": ""}


def _day(value: Any) -> str:
    return str(value or "")[:10]


def _minute(value: Any) -> str:
    """A time as the form shows it, in UTC: `2026-11-30 08:00` (seconds when there are some); text
    that is no time stays as it is, for the model to name."""
    text = str(value or "").strip()
    try:
        t = dt.datetime.fromisoformat(text)
    except ValueError:
        return text
    t = t.astimezone(dt.timezone.utc).replace(tzinfo=None) if t.tzinfo else t
    return t.strftime("%Y-%m-%d %H:%M:%S" if t.second else "%Y-%m-%d %H:%M")


def _pct(ratio: float) -> str:
    return filter_params.text_of(round(ratio * 100, 4))


def values_of(doc: dict[str, Any]) -> dict[str, Any]:
    """Form values from a valid task document (a preset or a stored task)."""
    spec = TaskSpec.model_validate(doc).model_dump(mode="json", by_alias=True, exclude_none=True)
    w = spec["window"]
    v = blank() | {"name": spec["name"], "description": spec.get("description") or "", "match": spec["match"],
                   "rows": filter_params.rows_of(spec["filters"]), "ratio_pct": _pct(spec["sampling"]["ratio"]),
                   "max_items": str(spec["sampling"]["max_items"]), "salt": spec["sampling"].get("salt") or "",
                   "evaluators": spec["evaluators"],
                   "options": orjson.dumps(spec["options"], option=orjson.OPT_INDENT_2).decode() if spec["options"] else "",
                   "alerts": yaml.safe_dump(spec["alerts"], sort_keys=False, allow_unicode=True) if spec.get("alerts") else ""}
    if w["mode"] == "backfill":
        return v | {"when": "now", "last": w.get("last") or "", "from": _minute(w.get("from")), "to": _minute(w.get("to"))}
    return v | {"when": "schedule", "every": w.get("every") or "", "cron": w.get("cron") or "",
                "start": _day(w["start"]), "end": _day(w.get("end")), "timezone": w["timezone"]}


def preset_values(name: str) -> dict[str, Any]:
    """A recipe's values (relative dates such as `today+90d` resolved by the model)."""
    return values_of(task_from_request({"preset": name}).model_dump(mode="json", by_alias=True, exclude_none=True))


def values_from_query(params: list[tuple[str, str]]) -> dict[str, Any]:
    """A new task from the explorer's filters and time range (and a saved view's name)."""
    q = dict(params)
    v = blank() | {"rows": filter_params.rows_from(params), "match": q.get("match") or "all",
                   "name": q.get("name") or "", "description": q.get("description") or ""}
    if q.get("last"):
        return v | {"last": q["last"]}
    if q.get("from"):
        return v | {"last": "", "from": _minute(q["from"]), "to": _minute(q.get("to"))}
    return v


def values_from_form(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    form: dict[str, str] = {}
    for key, value in pairs:
        form.setdefault(key, value)
    v = {k: (form.get(k) or "").strip() for k in blank() if k not in ("rows", "evaluators")}
    return v | {"rows": filter_params.rows_from(p for p in pairs if p[0] in ("f", "o", "v")),
                "evaluators": [value for key, value in pairs if key == "evaluators"]}


def _number(text: str) -> Any:
    try:
        return float(text) if "." in text else int(text)
    except ValueError:
        return text  # the model says what is wrong


def document(v: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The task document of form values, and problems found before the model (options JSON)."""
    if v["when"] == "schedule":
        window = {"mode": "rolling", "start": v["start"] or None, "timezone": v["timezone"] or "UTC"}
        window |= {"cron": v["cron"]} if v["cron"] else {"every": v["every"] or None}
        if v["end"]:
            window["end"] = v["end"]
    elif v["last"]:
        window = {"mode": "backfill", "last": v["last"]}
    else:
        window = {"mode": "backfill", "from": v["from"] or None, **({"to": v["to"]} if v["to"] else {})}
    ratio = _number(v["ratio_pct"])
    doc = {"name": v["name"], "window": window, "match": v["match"] or "all",
           "filters": filter_params.documents(v["rows"]),
           "sampling": {"ratio": ratio / 100 if isinstance(ratio, (int, float)) else ratio,
                        "max_items": _number(v["max_items"]), **({"salt": v["salt"]} if v["salt"] else {})},
           "evaluators": v["evaluators"]}
    if v["description"]:
        doc["description"] = v["description"]
    problems = {}
    if v["options"]:
        try:
            doc["options"] = orjson.loads(v["options"])
        except orjson.JSONDecodeError as exc:
            problems["options"] = f"not JSON: {exc}"
    if v["alerts"]:
        try:
            doc["alerts"] = safe_yaml.load(v["alerts"])
        except safe_yaml.YAMLRefused as exc:
            problems["alerts"] = f"the alert rules text {exc}"
    return doc, problems


def section(where: str) -> str:
    """The form section a model error belongs to: `filters[2].value` -> `filters[2]`, `window.backfill` -> `window`."""
    head = where.split(".")[0]
    if head == "sampling" and "." in where:
        return where.split(".")[1].split("[")[0]
    return head or "task"


def check(doc: dict[str, Any]) -> tuple[TaskSpec | None, dict[str, list[str]]]:
    """The spec, or the model's messages by form section (checked as a task created now)."""
    try:
        return TaskSpec.model_validate(doc, context=creating()), {}
    except ValidationError as exc:
        errors: dict[str, list[str]] = {}
        for line in format_errors(exc).splitlines():
            where, sep, what = line.partition(": ")
            key = section(where) if sep else "task"
            errors.setdefault(key, []).append(what if sep else line)
        return None, errors


def from_form(pairs: list[tuple[str, str]]) -> tuple[dict[str, Any], dict[str, Any], TaskSpec | None, dict[str, list[str]]]:
    """(values, document, spec or None, errors by section) of a submitted form."""
    values = values_from_form(pairs)
    doc, problems = document(values)
    spec, errors = check(doc)
    for key, message in problems.items():
        errors.setdefault(key, []).append(message)
    return values, doc, (spec if not problems else None), errors


def starting_values(params: list[tuple[str, str]], task_doc: dict[str, Any] | None) -> tuple[dict[str, Any], str | None]:
    """The form's first values: a preset, a task to copy, the explorer's filters, or blank."""
    q = dict(params)
    try:
        if q.get("preset"):
            return preset_values(q["preset"]), None
    except (PresetError, TaskError) as exc:
        return blank(), str(exc)
    if task_doc is not None:
        return values_of(task_doc), None
    return values_from_query(params), None


def form_context(values: dict[str, Any], errors: dict[str, list[str]] | None = None,
                 unavailable: dict[str, str] | None = None) -> dict[str, Any]:
    """`unavailable`: evaluators this server cannot run, each with why (shown disabled)."""
    rows = values["rows"]
    errors = errors or {}
    return {"v": values, "errors": errors, "errors_by_row": {k: v for k, v in errors.items() if k.startswith("filters[")},
            "rows": [*rows, *[filter_params.Row("", "eq", "")] * BLANK_ROWS],
            "presets": presets(), "evaluators": available(), "unavailable": unavailable or {},
            "destinations": sorted(served().get(DESTINATIONS, ())), "last_choices": LAST, "every_choices": EVERY,
            "choices": filter_params.CHOICES, "field_labels": filter_params.FIELD_LABELS,
            "op_labels": filter_params.OP_LABELS}
