"""REST endpoints for alerts: their states, history, notifications and silences, the rules in
force, and a sample notification (`tracepatrol alerts test`).

Destinations are listed by name and kind only: their URLs and secrets never leave the settings.
"""
from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

import scheduler.alerts.reads as reads
from scheduler.alerts import AlertEngine, RuleNotFound
from scheduler.ledger import list_tasks
from tracepatrol.api.cursor import Cursor


def engine(request: Request) -> AlertEngine:
    alerts = getattr(request.app.state, "alerts", None)
    if alerts is None:
        raise HTTPException(503, "alerts are not running in this process")
    return alerts


def rules(cur, alerts: AlertEngine) -> list[dict[str, Any]]:
    """Every rule in force: each task's (with its task) and the server's (task null)."""
    out = [{"task": t.task_id, "task_state": t.state, **r.model_dump(mode="json", by_alias=True, exclude_none=True)}
           for t in list_tasks(cur) for r in t.spec.alerts]
    return out + [{"task": None, "task_state": None, **r.model_dump(mode="json", by_alias=True, exclude_none=True)}
                  for r in alerts.settings.rules]


def destinations(alerts: AlertEngine) -> list[dict[str, str]]:
    return [{"name": name, "kind": d.kind} for name, d in sorted(alerts.settings.destinations.items())]


class SilenceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rule: str | None = Field(None, max_length=64, description="the rule's name (none: any rule)")
    task: str | None = Field(None, max_length=64, description="the task (none: any task)")
    duration: str = Field(..., description="how long, e.g. 2h (at most 90d)", examples=["2h"])
    comment: str | None = Field(None, max_length=500)
    author: str | None = Field(None, max_length=100)


class TestIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rule: str = Field(..., max_length=64)
    task: str | None = Field(None, max_length=64, description="needed when several tasks have a rule of that name")
    destination: str | None = Field(None, max_length=64, description="one destination instead of the rule's")


def build_router(secured: list) -> APIRouter:
    router = APIRouter(dependencies=secured, tags=["alerts"])

    @router.get("/api/alerts")
    def list_alerts(cur: Cursor, state: str | None = Query(None, pattern="^(ok|firing)$"), task: str | None = None,
                    rule: str | None = None) -> list[dict[str, Any]]:
        """Every alert judged so far (a rule on a task; task '' for a server-wide rule), firing first,
        with the notification it last made."""
        return reads.states(cur, task_id=task, rule=rule, state=state)

    @router.get("/api/alerts/history")
    def history(cur: Cursor, task: str | None = None, rule: str | None = None,
                limit: int = Query(200, ge=1, le=5000)) -> list[dict[str, Any]]:
        """What fired and resolved, newest first; `silenced` when no notification went out for it."""
        return reads.events(cur, task_id=task, rule=rule, limit=limit)

    @router.get("/api/alerts/notifications")
    def notifications(cur: Cursor, state: str | None = Query(None, pattern="^(pending|sent|failed)$"),
                      limit: int = Query(200, ge=1, le=5000)) -> list[dict[str, Any]]:
        """The outbox: each notification per destination, its delivery state, attempts and last error."""
        return reads.outbox(cur, state=state, limit=limit)

    @router.get("/api/alerts/rules")
    def list_rules(request: Request, cur: Cursor) -> list[dict[str, Any]]:
        return rules(cur, engine(request))

    @router.get("/api/alerts/destinations")
    def list_destinations(request: Request) -> list[dict[str, str]]:
        """The names rules may notify, and their kinds (never where they are)."""
        return destinations(engine(request))

    @router.get("/api/alerts/silences")
    def list_silences(request: Request, cur: Cursor, active: bool = False) -> list[dict[str, Any]]:
        return reads.silences(cur, engine(request).clock() if active else None)

    @router.post("/api/alerts/silences", status_code=201)
    def add_silence(request: Request, body: SilenceIn) -> dict[str, Any]:
        """Hold back new notifications of the matching alerts until the silence expires."""
        try:
            return engine(request).silence(body.rule, body.task, body.duration, body.comment, body.author)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None

    @router.delete("/api/alerts/silences/{silence_id}", status_code=204)
    def end_silence(request: Request, silence_id: str) -> Response:
        if not engine(request).unsilence(silence_id):
            raise HTTPException(404, f"no silence {silence_id!r} in force")
        return Response(status_code=204)

    @router.post("/api/alerts/test")
    async def send_test(request: Request, body: TestIn) -> dict[str, Any]:
        """Send the rule's notification as it would read now, marked as a test, and say how each
        delivery went. Nothing is recorded."""
        alerts = engine(request)
        try:
            return await anyio.to_thread.run_sync(alerts.test, body.rule, body.task, body.destination)
        except RuleNotFound as exc:
            raise HTTPException(404, str(exc)) from None
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None

    return router
