"""`/api/traces`: stored trajectories, newest first, and one trajectory whole."""
from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import Response

from collector import store
from infra.timeutil import naive_utc
from tracepatrol.api.cursor import Cursor


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

    return router
