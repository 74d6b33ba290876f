"""The trace explorer (`/dashboard/traces`): every query parameter in, one page of traces out.

Filters are a task's filters (`tracepatrol.web.filter_params`), compiled by the sampler
(`sampler.explore`, given the evaluation results' relations) and run in one of the task service's
query slots within its time budget, so a costly filter here cannot starve task runs or the rest
of the server. Reading the parameters validates the filters (a regex is compiled), so it runs on
a worker thread too, never on the event loop; a parameter that is wrong answers 400 naming it.
"""
from __future__ import annotations

import datetime as dt
import math
import re
import urllib.parse
from collections.abc import Iterable
from typing import Any

import anyio.to_thread
from fastapi import Request
from pydantic import ValidationError

from collector.store import has_trajectory
from evaluators.results import failing_traces, latest_scores
from sampler import annotations
from sampler.explore import MAX_PAGE, SORTS, Explore, Page, explore
from sampler.policy import MAX_FILTERS, format_errors
from sampler.query_budget import QueryError
from scheduler.task import parse_duration
from tracepatrol.web import filter_params
from tracepatrol.api.tasks import while_connected
from tracepatrol.api.guard import principal_of
from tracepatrol.scope import scope_cursor

ROOT = "/dashboard"
RANGES = ("1h", "3h", "24h", "7d", "30d")
SORT_LABELS = {"start": "start", "duration": "duration", "tokens": "tokens", "tool_errors": "tool errors",
               "score": "latest score"}
# Parameters the explorer reads beside the filters; anything else is ignored.
PLAIN = ("match", "last", "from", "to", "label", "evaluator", "task", "trace_id", "sort", "order", "per", "page", "view")
TRACE_ID = re.compile(r"^[0-9a-fA-F]{32}$")


def url(params: Iterable[tuple[str, Any]] = (), **named: Any) -> str:
    """An explorer link: `url(status="error")`, `url([("tokens", "gt:8000")], last="24h")`."""
    pairs = [(k, str(v)) for k, v in [*params, *named.items()] if v not in (None, "")]
    return f"{ROOT}/traces" + ("?" + urllib.parse.urlencode(pairs) if pairs else "")


def _time(text: str | None, field: str, errors: list[str]) -> dt.datetime | None:
    """ISO 8601 (`2026-11-30 08:00`, `…T08:00:05+08:00`, a date alone): UTC unless it carries an offset."""
    if not text or not text.strip():
        return None
    try:
        t = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        errors.append(f"{field}: {text!r} is not a date and time in ISO 8601 such as 2026-11-30 08:00 "
                      "(UTC) or 2026-11-30 16:00+08:00")
        return None
    return t.astimezone(dt.timezone.utc).replace(tzinfo=None) if t.tzinfo else t


class State:
    """What the request asked for, as the page's form and links need it."""

    def __init__(self, params: list[tuple[str, str]], now: dt.datetime):
        plain = {k: v for k, v in params if k in PLAIN and v}
        self.rows = filter_params.rows_from(params)
        self.plain = plain
        self.errors: list[str] = []
        filters, bad = filter_params.validated(self.rows)
        if "filters" in bad:  # too many: none was read, and the form shows no more than it can take
            self.errors.append(f"filters: {bad.pop('filters')}")
            self.rows = self.rows[:MAX_FILTERS]
        self.row_errors = {key: [message] for key, message in bad.items()}
        custom = bool(plain.get("from") or plain.get("to"))  # a custom range wins over a quick pick
        if custom:
            plain.pop("last", None)
        self.last = "" if custom else plain.get("last") or ""
        since = until = None
        if custom:
            since, until = _time(plain.get("from"), "from", self.errors), _time(plain.get("to"), "to", self.errors)
        elif self.last:
            try:
                since = now - parse_duration(self.last)
            except ValueError as exc:
                self.errors.append(f"last: {exc}")
        page = _page(plain.get("page") or "1", self.errors)
        try:
            self.query = Explore(
                match=plain.get("match") or "all", filters=filters, since=since, until=until,
                label=plain.get("label") or None, evaluator=plain.get("evaluator") or None,
                task=plain.get("task") or None, trace_id=(plain.get("trace_id") or "").strip() or None,
                sort=plain.get("sort") or "start", descending=plain.get("order", "desc") != "asc",
                page=page, per_page=plain.get("per") or 50)
        except ValidationError as exc:
            self.query = None
            self.errors.extend(format_errors(exc).splitlines())

    @property
    def valid(self) -> bool:
        """Whether every parameter was understood: only then is the query run."""
        return self.query is not None and not self.errors and not self.row_errors

    def params(self, **changes: Any) -> list[tuple[str, str]]:
        """This request's parameters (filters in short form), with some changed or dropped (None)."""
        plain = {**self.plain, **changes}
        return [*filter_params.shorthand(self.rows), *((k, str(v)) for k, v in plain.items() if v not in (None, ""))]

    def link(self, **changes: Any) -> str:
        return url(self.params(**changes))

    def range_link(self, last: str | None) -> str:
        """This search over the last `last` (None: all time)."""
        return self.link(last=last, page=None, **{"from": None, "to": None})

    def sort_link(self, key: str) -> str:
        """Sorting by `key`, descending first; a second click turns it around."""
        q = self.query
        flip = q is not None and q.sort == key and q.descending
        return self.link(sort=key, order="asc" if flip else "desc", page=None)

    def task_link(self) -> str:
        """The task form with these filters and this time range (named after the saved view shown)."""
        window = ([("last", self.last)] if self.last else
                  [(k, self.plain[k]) for k in ("from", "to") if self.plain.get(k)])
        pairs = [*filter_params.shorthand(self.rows), *window, *([("match", "any")] if self.plain.get("match") == "any" else [])]
        if view := self.plain.get("view"):
            slug = re.sub(r"[^a-z0-9_.\-]+", "-", view.lower()).strip("-._")[:64]
            pairs += [*([("name", slug)] if slug else []), ("description", f"From the saved view {view}")]
        return f"{ROOT}/tasks/new" + ("?" + urllib.parse.urlencode(pairs) if pairs else "")

    def saved_query(self) -> str:
        """This search as a saved view keeps it: every parameter but the page and the view's name."""
        return urllib.parse.urlencode(self.params(page=None, view=None))


def _page(text: str, errors: list[str]) -> int:
    if text.isdigit() and len(text) <= len(str(MAX_PAGE)) and 1 <= int(text) <= MAX_PAGE:
        return int(text)
    errors.append(f"page: {text[:24]!r} is not a page number from 1 to {MAX_PAGE:,}")
    return 1


def direct_hit(cur, params: list[tuple[str, str]]) -> str | None:
    """The trace page, when `trace_id` names a whole stored trace id."""
    trace_id = dict(params).get("trace_id", "").strip()
    if TRACE_ID.match(trace_id) and has_trajectory(cur, trace_id):
        return f"{ROOT}/traces/{trace_id.lower()}"
    return None


def _explore(cur, q: Explore) -> tuple[Page, dict[str, list[annotations.Annotation]]]:
    """The page of traces, and the reviewers' latest label values on them (a column of the page)."""
    page = explore(cur, q, latest_scores(cur), failing_traces(cur, label=q.label, evaluator=q.evaluator, task=q.task))
    return page, annotations.latest_values(cur, [r["trace_id"] for r in page.rows])


async def context(request: Request, params: list[tuple[str, str]]) -> dict[str, Any]:
    """The page's context; its `status` is 400 when a parameter is wrong (the page names it)."""
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
    state = await anyio.to_thread.run_sync(State, params, now)
    status = 200 if state.valid else 400
    page: Page | None = None
    labelled: dict[str, list[annotations.Annotation]] = {}
    if state.valid:
        gate = request.app.state.tasks.runner.queries
        q, who = state.query, principal_of(request.scope)
        try:
            with gate.take(wait=False) as query:
                page, labelled = await while_connected(request, query, lambda: query.run(lambda cur: _explore(scope_cursor(cur, who), q)))
        except QueryError as exc:
            state.errors.append(f"{exc}; narrow the time range or the filters, or retry")
    pages = math.ceil(page.total / state.query.per_page) if page else 0
    blank = [filter_params.Row("", "eq", "")] * 2
    return {"status": status, "state": state, "form_rows": [*state.rows, *blank], "result": page, "labelled": labelled,
            "pages": pages, "now": now, "ranges": RANGES, "sorts": SORT_LABELS,
            "choices": filter_params.CHOICES, "field_labels": filter_params.FIELD_LABELS,
            "op_labels": filter_params.OP_LABELS, "sort_keys": list(SORTS)}
