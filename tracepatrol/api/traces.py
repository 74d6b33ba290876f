"""`/api/traces`: stored trajectories, newest first, and one trajectory whole."""
from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import Response

from infra.timeutil import naive_utc
from tracepatrol.api.cursor import Cursor

_TRACE_SUMMARY = (
    "trace_id", "version", "service_name", "agent_name", "agent_version", "root_span_name", "start_time",
    "duration_ms", "status", "error_type", "user_id", "session_id", "input_tokens", "output_tokens",
    "total_tokens", "llm_calls", "tool_call_count", "tool_errors", "span_count", "completed_at",
)


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
        where, params = [], []
        for column, value in (("status", status), ("user_id", user_id), ("session_id", session_id)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if since is not None:
            where.append("start_time >= ?")
            params.append(naive_utc(since))
        if until is not None:
            where.append("start_time < ?")
            params.append(naive_utc(until))
        sql = f"SELECT {', '.join(_TRACE_SUMMARY)} FROM traces"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY start_time DESC, trace_id LIMIT ?"
        rows = cur.execute(sql, [*params, limit]).fetchall()
        return [dict(zip(_TRACE_SUMMARY, row)) for row in rows]

    @router.get("/api/traces/{trace_id}")
    def get_trace(trace_id: str, cur: Cursor) -> Response:
        row = cur.execute("SELECT trajectory FROM traces WHERE trace_id = ?", [trace_id.lower()]).fetchone()
        if row is None:
            raise HTTPException(404, f"no trajectory for trace {trace_id!r} (unknown, or not assembled yet)")
        return Response(row[0], media_type="application/json")

    return router
