"""The alerts page (`/dashboard/alerts`): what fires now, the silences in force, what fired and
resolved (per rule and per task, `?rule=` and `?task=` narrow it), notifications not delivered,
and the rules in force. Silences are added and ended here with the session's CSRF token, through
the same engine calls as the REST API. Destinations show by name and kind, never their URLs.
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

import scheduler.alerts.reads as reads
from scheduler.alerts import AlertEngine
from tracepatrol.api.alerts import destinations, rules
from tracepatrol.api.cursor import Cursor
from tracepatrol.web.pages import ROOT, PageRoute, form_pairs, require_csrf, require_login, view

DURATIONS = ("1h", "4h", "12h", "1d", "3d", "7d")


def alerts_context(cur, engine: AlertEngine | None, rule: str | None = None, task: str | None = None) -> dict[str, Any]:
    """Everything the page shows; `rule` and `task` narrow the alerts and their history."""
    rule, task = rule or None, task or None
    now = engine.clock() if engine else None
    states = reads.states(cur, task_id=task, rule=rule)
    silences = reads.silences(cur, now) if now else []
    for s in states:
        s["silence"] = reads.silence_of(cur, s["rule"], s["task_id"], now) if now else None
    counts = [c for c in reads.counts(cur) if (rule is None or c["rule"] == rule) and (task is None or c["task_id"] == task)]
    return {"rule": rule, "task": task, "firing": [s for s in states if s["state"] == "firing"],
            "quiet": [s for s in states if s["state"] != "firing"], "silences": silences, "counts": counts,
            "history": reads.events(cur, task_id=task, rule=rule, limit=200),
            "undelivered": [n for n in reads.outbox(cur, limit=500) if n["state"] != "sent"][:50],
            "rules": [r for r in rules(cur, engine) if (rule is None or r["name"] == rule)
                      and (task is None or r["task"] in (task, None))] if engine else [],
            "destinations": destinations(engine) if engine else [], "durations": DURATIONS}


def build_router() -> APIRouter:
    router = APIRouter(route_class=PageRoute, include_in_schema=False)
    guarded, posted = [Depends(require_login)], [Depends(require_login), Depends(require_csrf)]

    def page(request: Request, cur, status: int = 200, error: str | None = None, **narrow: str | None) -> Response:
        return view(request, "alerts.html", status, title="alerts", error=error,
                    **alerts_context(cur, getattr(request.app.state, "alerts", None), **narrow))

    @router.get(ROOT + "/alerts", response_class=HTMLResponse, dependencies=guarded)
    def alerts_page(request: Request, cur: Cursor, rule: str | None = None, task: str | None = None) -> Response:
        return page(request, cur, rule=rule, task=task)

    @router.post(ROOT + "/alerts/silences", dependencies=posted)
    async def add_silence(request: Request, cur: Cursor) -> Response:
        form = dict(await form_pairs(request))
        engine = getattr(request.app.state, "alerts", None)
        try:
            if engine is None:
                raise ValueError("alerts are not running in this process")
            engine.silence(form.get("rule", "").strip() or None, form.get("task", "").strip() or None,
                           form.get("duration", "").strip(), form.get("comment", "").strip() or None)
        except ValueError as exc:
            return page(request, cur, 422, error=str(exc))
        return RedirectResponse(ROOT + "/alerts", 303)

    @router.post(ROOT + "/alerts/silences/{silence_id}/end", dependencies=posted)
    def end_silence(request: Request, silence_id: str) -> Response:
        engine = getattr(request.app.state, "alerts", None)
        if engine is not None:
            engine.unsilence(silence_id)
        return RedirectResponse(ROOT + "/alerts", 303)

    return router
