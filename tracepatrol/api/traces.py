"""`/api/traces`: stored trajectories, newest first, and one trajectory whole; `/api/views`: saved
trace-explorer searches (`sampler.views`; the dashboard opens one at `/dashboard/views/NAME`)."""
from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from urllib.parse import parse_qsl

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict

from collector import store
from infra.timeutil import naive_utc
from sampler import views
from tracepatrol.api.cursor import Cursor


class ViewIn(BaseModel):
    """A search as the explorer's query string (`status=error&last=3h`)."""

    model_config = ConfigDict(extra="forbid")
    query: str


def build_router(secured: list) -> APIRouter:
    router = APIRouter(dependencies=secured, tags=["traces"])

    @router.get("/api/traces")
    def list_traces(
        cur: Cursor,
        status: Literal["ok", "error"] | None = None,
        since: dt.datetime | None = Query(None, description="trace start at or after (ISO 8601)"),
        until: dt.datetime | None = Query(None, description="trace start before (ISO 8601)"),
        user_id: str | None = None,
        session_id: str | None = None,
        limit: int = Query(50, ge=1, le=1000),
    ) -> list[dict[str, Any]]:
        return store.list_traces(cur, status=status, user_id=user_id, session_id=session_id,
                                 since=naive_utc(since), until=naive_utc(until), limit=limit)

    @router.get("/api/traces/{trace_id}")
    def get_trace(trace_id: str, cur: Cursor) -> Response:
        document = store.trajectory_document(cur, trace_id)
        if document is None:
            raise HTTPException(404, f"no trajectory for trace {trace_id!r} (unknown, or not assembled yet)")
        return Response(document, media_type="application/json")

    @router.get("/api/views", tags=["views"])
    def list_views(cur: Cursor) -> list[dict[str, Any]]:
        return [vars(v) for v in views.list_views(cur)]

    @router.put("/api/views/{name}", tags=["views"])
    def save_view(cur: Cursor, name: str, body: ViewIn) -> dict[str, Any]:
        """Keep a search under a name (replacing one of that name); the explorer checks it when opened."""
        try:
            return vars(views.save(cur, name, parse_qsl(body.query)))
        except views.ViewError as exc:
            raise HTTPException(422, str(exc)) from None

    @router.delete("/api/views/{name}", status_code=204, tags=["views"])
    def delete_view(cur: Cursor, name: str) -> Response:
        if not views.delete(cur, name):
            raise HTTPException(404, f"no saved view {name!r}")
        return Response(status_code=204)

    return router
