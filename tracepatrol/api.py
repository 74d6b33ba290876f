"""REST API: health, ingest stats, trajectories. Reads use their own DuckDB cursor per request.

Every request passes `tracepatrol.guard.Guard` first (key and body size from the headers alone).
/healthz and /api/stats never wait on the thread pool that user queries share: health touches
no database, and the stats counts run on their own thread with a short deadline.
"""
from __future__ import annotations

import asyncio
import datetime as dt
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import duckdb
import orjson
from fastapi import Depends, FastAPI, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response

from collector.auth import bearer_ok
from collector.writer import IngestQueue, IngestStats
from evaluators.results import ResultStore
from infra.timeutil import naive_utc
from scheduler.service import TaskService
from tracepatrol.api_results import build_router as build_result_router
from tracepatrol.api_tasks import build_router as build_task_router
from tracepatrol.dashboard import build_router as build_dashboard_router
from tracepatrol.export import build_export_router
from tracepatrol.guard import UNAUTHORIZED, Access, Guard
from tracepatrol.metrics import build_metrics_router
from tracepatrol.request_cursor import Cursor


class ORJSONResponse(JSONResponse):
    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, default=str)


_TRACE_SUMMARY = (
    "trace_id", "version", "service_name", "agent_name", "agent_version", "root_span_name", "start_time",
    "duration_ms", "status", "error_type", "user_id", "session_id", "input_tokens", "output_tokens",
    "total_tokens", "llm_calls", "tool_call_count", "tool_errors", "span_count", "completed_at",
)


STATS_DEADLINE_S = 5.0


async def _authorized(request: Request) -> None:
    """Async, so checking a key never takes a thread-pool slot (Guard checked it already)."""
    if not bearer_ok(request.headers.get("authorization"), request.app.state.api_key):
        raise HTTPException(401, UNAUTHORIZED, headers={"WWW-Authenticate": "Bearer"})


secured = [Depends(_authorized)]


def build_api(db: duckdb.DuckDBPyConnection, stats: IngestStats, queue: IngestQueue,
              pending: Any, api_key: str | None, tasks: TaskService | None = None,
              results: ResultStore | None = None, weights_dirs: Sequence[Path] = (),
              access: Access | None = None, role: str = "serve") -> FastAPI:
    """`pending` is anything with a length: the traces waiting for assembly (the store writer,
    whose `failure`, when set, makes /healthz answer 503). /healthz names the `role`, so a client
    that reached the wrong process can say which one it reached."""
    app = _guarded_app("tracepatrol", api_key, access)
    app.state.db, app.state.tasks = db, tasks
    app.state.results, app.state.weights_dirs = results, list(weights_dirs)
    app.state.stats, app.state.queue = stats, queue
    app.include_router(build_metrics_router(secured))
    app.include_router(build_export_router(secured))
    app.include_router(build_dashboard_router(secured))
    if tasks is not None:
        app.include_router(build_task_router(secured))
    if results is not None:
        app.include_router(build_result_router(secured))

    @app.get("/healthz", tags=["health"])
    async def healthz() -> Response:
        failure = getattr(pending, "failure", None)
        if failure:
            return ORJSONResponse({"status": "unavailable", "reason": failure, "role": role}, 503)
        return ORJSONResponse({"status": "ok", "role": role})

    counts = ThreadPoolExecutor(1, thread_name_prefix="api-stats")  # never the user queries' pool

    def count() -> tuple[int, int]:
        cur = db.cursor()
        try:
            return cur.execute("SELECT (SELECT count(*) FROM spans), (SELECT count(*) FROM traces)").fetchone()
        finally:
            cur.close()

    @app.get("/api/stats", dependencies=secured, tags=["ingest"])
    async def get_stats() -> dict[str, int | list[str]]:
        try:
            spans, traces = await asyncio.wait_for(asyncio.wrap_future(counts.submit(count)), STATS_DEADLINE_S)
        except TimeoutError:
            raise HTTPException(503, f"the database did not count spans within {STATS_DEADLINE_S:g} s; try again",
                                headers={"Retry-After": "5"}) from None
        return {
            "spans": spans, "traces": traces, "pending_traces": len(pending), "queue_spans": queue.depth,
            **vars(stats), "stages": sorted(stats.stages),
        }

    @app.get("/api/traces", dependencies=secured, tags=["traces"])
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

    @app.get("/api/traces/{trace_id}", dependencies=secured, tags=["traces"])
    def get_trace(trace_id: str, cur: Cursor) -> Response:
        row = cur.execute("SELECT trajectory FROM traces WHERE trace_id = ?", [trace_id.lower()]).fetchone()
        if row is None:
            raise HTTPException(404, f"no trajectory for trace {trace_id!r} (unknown, or not assembled yet)")
        return Response(row[0], media_type="application/json")

    return app


def build_collector_api(stats: IngestStats, api_key: str | None, access: Access | None = None) -> FastAPI:
    """A receivers-only process (`tracepatrol collect`) has no database: health and its own metrics."""
    app = _guarded_app("tracepatrol collector", api_key, access)
    app.state.db, app.state.stats, app.state.queue = None, stats, None
    app.include_router(build_metrics_router(secured))

    @app.get("/healthz", tags=["health"])
    async def healthz() -> dict[str, str]:
        return {"status": "ok", "role": "collect"}

    return app


def _guarded_app(title: str, api_key: str | None, access: Access | None) -> FastAPI:
    """The app behind `Guard`; its schema and docs pages need the key like everything else."""
    access = access or Access()
    app = FastAPI(title=title, version="0.1.0", default_response_class=ORJSONResponse)
    app.state.api_key, app.state.sessions, app.state.logins = api_key, access.sessions, access.logins
    app.add_middleware(Guard, api_key=api_key, sessions=access.sessions, max_body_bytes=access.max_body_bytes,
                       path_limits=access.path_limits)
    return app
