"""The HTTP app on the API port: the REST API's routers, the dashboard, exports and metrics, all
behind one `Guard`; health and ingest stats live here because every role answers them.

Every request passes `tracepatrol.api.guard.Guard` first (key, body size, Host and Origin from the
headers alone).
/healthz and /api/stats never wait on the thread pool that user queries share: health touches
no database, and the stats counts run on their own thread with a short deadline.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import duckdb
import orjson
from fastapi import FastAPI, HTTPException
from fastapi.responses import JSONResponse, Response

from collector.receiving.auth import KeyCheck
from infra.access import KeyRing, keys
from infra.access.ring import TableRefresher
from collector.store import counts
from collector.queue.ingest import IngestQueue, IngestStats
from evaluators.results import ResultStore
from scheduler.service import TaskService
from tracepatrol.api.alerts import build_router as build_alert_router
from tracepatrol.api.audit import build_router as build_audit_router
from tracepatrol.api.guard import Access, Guard, secured
from tracepatrol.api.keys import build_router as build_key_router
from tracepatrol.dashboard_login import build_router as build_login_router
from tracepatrol.api.metrics import build_metrics_router
from tracepatrol.api.results import build_router as build_result_router
from tracepatrol.api.rules import RouteRules
from tracepatrol.api.tasks import build_router as build_task_router
from tracepatrol.api.traces import build_router as build_trace_router
from tracepatrol.file_export import build_export_router
from tracepatrol.web.alerts import build_router as build_alert_page_router
from tracepatrol.web.dashboard import build_router as build_dashboard_router


class ORJSONResponse(JSONResponse):
    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, default=str)


STATS_DEADLINE_S = 5.0


def build_api(db: duckdb.DuckDBPyConnection, stats: IngestStats, queue: IngestQueue,
              pending: Any, api_key: str | None, tasks: TaskService | None = None,
              results: ResultStore | None = None, weights_dirs: Sequence[Path] = (),
              access: Access | None = None, role: str = "serve", due_by_s: float | None = None,
              lag_grace_s: float = 60.0) -> FastAPI:
    """`pending` is anything with a length: the traces waiting for assembly (the store writer,
    whose `failure`, when set, makes /healthz answer 503). /healthz names the `role`, so a client
    that reached the wrong process can say which one it reached; `due_by_s` (max_trace_wait) and
    `lag_grace_s` say when the oldest waiting trace makes it "degraded"."""
    access = access or Access()
    if access.ring is None:
        access.ring = KeyRing(api_key)
    keys.create_tables(db)
    refresher = TableRefresher(access.ring, db)  # on demand here; the server runs its own (and sets it)
    refresher.refresh()
    app = _guarded_app("tracepatrol", api_key, access)
    app.state.key_refresher = refresher
    app.state.db, app.state.tasks = db, tasks
    app.state.results, app.state.weights_dirs = results, list(weights_dirs)
    app.state.stats, app.state.queue = stats, queue
    app.state.pending = pending if hasattr(pending, "oldest_pending_s") else None
    app.state.due_by_s = due_by_s
    app.include_router(build_metrics_router(secured))
    app.include_router(build_export_router(secured))
    app.include_router(build_login_router())  # before the dashboard's pages: its login makes the session
    app.include_router(build_dashboard_router(secured))
    if tasks is not None:
        app.include_router(build_task_router(secured))
        app.include_router(build_alert_router(secured))
        app.include_router(build_alert_page_router())
    if results is not None:
        app.include_router(build_result_router(secured))
    app.include_router(build_trace_router(secured))
    app.include_router(build_key_router(secured))
    app.include_router(build_audit_router(secured))

    @app.get("/healthz", tags=["health"])
    async def healthz() -> Response:
        """503 when the store writer cannot go on; 200 "degraded", with the reason, when assembly is
        behind (a trace has waited past the point every trace is due)."""
        failure = getattr(pending, "failure", None)
        if failure:
            return ORJSONResponse({"status": "unavailable", "reason": failure, "role": role}, 503)
        oldest = _oldest_pending_s(pending)
        if due_by_s is not None and oldest is not None and oldest > due_by_s + lag_grace_s:
            return ORJSONResponse({"status": "degraded", "role": role, "oldest_pending_s": round(oldest, 1),
                                   "reason": f"assembly is behind: the oldest of {len(pending):,} traces waiting for "
                                             f"a trajectory has waited {oldest:,.0f} s (every trace is due by "
                                             f"{due_by_s:g} s)"})
        return ORJSONResponse({"status": "ok", "role": role})

    counting = ThreadPoolExecutor(1, thread_name_prefix="api-stats")  # never the user queries' pool

    def count() -> dict[str, int]:
        cur = db.cursor()
        try:
            return counts(cur)
        finally:
            cur.close()

    @app.get("/api/stats", dependencies=secured, tags=["ingest"])
    async def get_stats() -> dict[str, Any]:
        try:
            stored = await asyncio.wait_for(asyncio.wrap_future(counting.submit(count)), STATS_DEADLINE_S)
        except TimeoutError:
            raise HTTPException(503, f"the database did not count spans within {STATS_DEADLINE_S:g} s; try again",
                                headers={"Retry-After": "5"}) from None
        oldest = _oldest_pending_s(pending)
        return {
            **stored, "pending_traces": len(pending), "queue_spans": queue.depth,
            "oldest_pending_s": None if oldest is None else round(oldest, 3),
            **vars(stats), "stages": sorted(stats.stages),
        }

    return app


def _oldest_pending_s(pending: Any) -> float | None:
    oldest = getattr(pending, "oldest_pending_s", None)
    return oldest() if oldest is not None else None


def build_collector_api(stats: IngestStats, api_key: str | None, access: Access | None = None) -> FastAPI:
    """A receivers-only process (`tracepatrol collect`) has no database: health and its own metrics."""
    app = _guarded_app("tracepatrol collector", api_key, access)
    app.state.db, app.state.stats, app.state.queue = None, stats, None
    app.include_router(build_metrics_router(secured))

    @app.get("/healthz", tags=["health"])
    async def healthz() -> dict[str, str]:
        return {"status": "ok", "role": "collect"}

    return app


class _KeysRequired:
    """True while requests need a key (the dashboard's pages read `app.state.api_key` so)."""

    def __init__(self, ring: KeyRing):
        self.ring = ring

    def __bool__(self) -> bool:
        return self.ring.required


def _guarded_app(title: str, api_key: str | None, access: Access | None) -> FastAPI:
    """The app behind `Guard`, every route under a rule of `tracepatrol.api.rules`; its schema and
    docs pages need a key like everything else. `api_key` (in-process apps of tests) stands for
    the process's key ring when `access` brings none."""
    access = access or Access()
    keys = KeyCheck(access.ring or KeyRing(api_key), access.limiter)
    app = FastAPI(title=title, version="0.1.0", default_response_class=ORJSONResponse)
    app.state.api_key, app.state.sessions, app.state.keys = _KeysRequired(keys.ring), access.sessions, keys
    app.add_middleware(Guard, keys=keys, sessions=access.sessions, rules=RouteRules(app),
                       max_body_bytes=access.max_body_bytes, path_limits=access.path_limits, hosts=access.hosts)
    return app
