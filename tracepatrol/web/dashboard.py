"""The dashboard: server-rendered pages on the API port, charts drawn offline.

Pages (`/dashboard/…`) render `templates/*.html` with autoescaping; figures come from
`tracepatrol.web.charts`, data from `tracepatrol.analysis`. plotly.min.js is served from the
installed plotly package, so a browser without internet access draws every chart.

Access: with an API key configured, every page and static file needs either the usual
`Authorization: Bearer <key>` header or the session cookie that the login form sets after
checking the key in constant time. The cookie holds a random session token (nothing derived from
the key) that expires and that logout revokes; it is HttpOnly and SameSite=Strict. Failed logins
count against the client's guessing budget with every other key check (`collector.receiving.guessing`;
429 with Retry-After). Without a key every browser gets a session cookie of its own for its
CSRF token (`tracepatrol.web.pages.view`). The health report is also served here
(`/dashboard/report`, and `/api/report` for the CLI, Bearer only).
"""
from __future__ import annotations

import datetime as dt
import urllib.parse
from typing import Any, Literal

import anyio.to_thread
from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from collector.store import quarantined
from evaluators.weights import get_profile, load_profiles
from infra.timeutil import parse_duration
from tracepatrol import analysis
from tracepatrol.api.cursor import Cursor, snapshot
from tracepatrol.api.guard import SESSION_COOKIE, principal_of
from tracepatrol.web import annotate, charts, coverage, docs_page, explorer, forms, keys_page, report, saved_views, trace_view
from tracepatrol.web.pages import (PUBLIC_STATIC, ROOT, STATIC_FILES, LoginRequired, PageRoute, allowed, json_answer,
                                   page, public_url, render, require_csrf, require_login, safe_next, view)

DEFAULT_SCENE = "customer_service"
RECENT = 20  # the overview's newest traces; the explorer has the rest


# -- page contexts (pure functions of a cursor, shared with tests) -----------------------------
def overview_context(cur, last: str | None = None) -> dict[str, Any]:
    """Traffic over the chosen range (all time by default) and what is wrong now: alarms compare
    the range (24 h when all time is shown) with the period as long before it."""
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
    last = last if last in explorer.RANGES else None
    since = now - parse_duration(last) if last else None
    traffic = analysis.traffic(cur, since=since)
    alarm_since = since or now - dt.timedelta(hours=24)
    return {"traffic": traffic, "figs": charts.traffic_figures(traffic, explorer.url), "last": last,
            "ranges": explorer.RANGES, "recent": analysis.recent_traces(cur, RECENT, since),
            "wrong": analysis.whats_wrong(cur, alarm_since, now), "alarm_range": last or "24h",
            "quarantined": quarantined(cur, RECENT)}


RUNS_SHOWN = 20  # a task page lists its last runs; the API has them all


def task_context(cur, task_id: str, run_id: str | None, next_run: dt.datetime | None = None) -> dict[str, Any]:
    """A task, its last runs and one run (the newest unless `run_id`) with its items worst first.
    `next_run`: when the scheduler runs the task next (rolling tasks). Read in one snapshot, so a
    run that ends between two reads is not shown done beside a list that still has it running."""
    with snapshot(cur):
        return _task_context(cur, task_id, run_id, next_run)


def _task_context(cur, task_id: str, run_id: str | None, next_run: dt.datetime | None) -> dict[str, Any]:
    task = analysis.task(cur, task_id)
    runs = analysis.task_runs(cur, task_id)
    run = None
    if run_id is not None:
        run = analysis.run(cur, run_id)
        if run["task_id"] != task_id:
            raise analysis.NotFound(f"run {run_id!r} is not a run of task {task_id!r}")
    elif runs:
        run = analysis.run(cur, runs[0]["run_id"])
    summary, items = {}, []
    if run is not None:
        rows = analysis.run_results(cur, task_id, [run["run_id"]])
        summary = analysis.summary(rows, run["candidates"])
        items = analysis.item_verdicts(run["items"], rows)
    figs = {"pass_rate": charts.pass_rate_figure(analysis.pass_rates_over_time(cur, task_id)),
            "items": charts.item_states_figure(runs[:RUNS_SHOWN])}
    live = any(r["state"] in analysis.LIVE_STATES for r in runs)
    return {"task": task, "runs": runs[:RUNS_SHOWN], "run_count": len(runs), "run": run, "summary": summary,
            "items": items, "labels": sorted({label for i in items for label in i["labels"]}), "figs": figs,
            "live": live, "next_run": next_run, "pinned": run_id is not None}


def _next_run(request: Request, task_id: str) -> dt.datetime | None:
    service = request.app.state.tasks
    return service.next_run_time(task_id) if service is not None else None


def analysis_context(cur, task_id: str | None, scene: str, weights_dirs=()) -> dict[str, Any]:
    tasks = analysis.tasks(cur)
    profiles = load_profiles(*weights_dirs)
    if scene not in profiles:
        raise analysis.NotFound(f"unknown scene {scene!r}; valid: {', '.join(sorted(profiles))}")
    if task_id is None and tasks:
        task_id = next((t["task_id"] for t in reversed(tasks) if t["latest_run"]), tasks[-1]["task_id"])
    ctx: dict[str, Any] = {"tasks": tasks, "task_id": task_id, "scene": scene, "scenes": sorted(profiles),
                           "clusters": None, "scores": None, "regressions": []}
    rows: list[dict[str, Any]] = []
    if task_id is not None:
        analysis.task(cur, task_id)
        rows = analysis.run_results(cur, task_id)
        ctx["clusters"] = analysis.failure_clusters(cur, rows)
        ctx["scores"] = analysis.radar(rows, profiles[scene])
        ctx["regressions"] = analysis.regressions(rows, profiles.values())
    ctx["bottleneck"] = analysis.bottleneck(cur, task_id)
    ctx["agreement"] = analysis.agreement(cur, rows)
    figs = {"bottleneck": charts.bottleneck_figure(ctx["bottleneck"])}
    if ctx["clusters"] is not None:
        figs |= charts.cluster_figures(ctx["clusters"], explorer.url) | {"radar": charts.radar_figure(ctx["scores"])}
    ctx["figs"] = figs
    return ctx


# -- router ------------------------------------------------------------------------------------
def build_router(secured: list) -> APIRouter:
    """The dashboard pages and `/api/report`; `secured` guards the JSON API like every other."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)
    guarded = [Depends(require_login)]

    def pages(path: str):
        return router.get(path, response_class=HTMLResponse, dependencies=guarded)

    @pages(ROOT)
    def redirect_root() -> Response:
        return RedirectResponse(ROOT + "/", 307)

    @pages(ROOT + "/")
    def overview(request: Request, cur: Cursor, last: str | None = None) -> Response:
        who = principal_of(request.scope)
        server = coverage.server_notes(request.app.state) if who is None or who.project is None else None
        return view(request, "overview.html", title="overview", charts=True, server=server,
                    **overview_context(cur, last))

    @pages(ROOT + "/traces")
    async def traces_page(request: Request, cur: Cursor) -> Response:
        params = list(request.query_params.multi_items())
        hit = await anyio.to_thread.run_sync(explorer.direct_hit, cur, params)
        if hit:
            return RedirectResponse(hit, 303)
        return view(request, "traces.html", title="traces", **await explorer.context(request, params))

    @pages(ROOT + "/tasks")
    def tasks_page(request: Request, cur: Cursor) -> Response:
        return view(request, "tasks.html", title="tasks", tasks=analysis.tasks(cur))

    forms.add_routes(router, pages, [*guarded, Depends(require_csrf)])
    saved_views.add_routes(router, pages, guarded, [*guarded, Depends(require_csrf)])
    annotate.add_routes(router, pages, guarded, [*guarded, Depends(require_csrf)])
    keys_page.add_routes(router, pages, [*guarded, Depends(require_csrf)])
    docs_page.add_routes(pages)

    @pages(ROOT + "/tasks/{task_id}")
    def task_page(request: Request, cur: Cursor, task_id: str, run: str | None = None) -> Response:
        return view(request, "task.html", title=f"task {task_id}", charts=True, page_js=["task.js"],
                    **task_context(cur, task_id, run, _next_run(request, task_id)))

    @router.get(ROOT + "/tasks/{task_id}/live", dependencies=guarded)
    def task_live(request: Request, cur: Cursor, task_id: str, run: str | None = None) -> Response:
        """What the task page polls while a run evaluates: the run's and the runs' sections as the
        page renders them, its charts, and whether anything still changes (`live`)."""
        ctx = task_context(cur, task_id, run, _next_run(request, task_id))
        return json_answer({"live": ctx["live"], "run_id": ctx["run"]["run_id"] if ctx["run"] else None,
                            "state": ctx["run"]["state"] if ctx["run"] else None, "figs": ctx["figs"],
                            "html": {part: render(f"_{part}.html", **ctx) for part in ("task_head", "run", "runs")}})

    @pages(ROOT + "/traces/{trace_id}")
    def trace_page(request: Request, cur: Cursor, trace_id: str) -> Response:
        return view(request, "trace.html", title=f"trace {trace_id}", charts=True, page_js=["trace.js"],
                    **trace_view.trace_context(cur, trace_id))

    @router.get(ROOT + "/traces/{trace_id}/spans/{span_id}", dependencies=guarded)
    def span_json(cur: Cursor, trace_id: str, span_id: str) -> Response:
        """One span whole, for the trace page's side panel (404 for an unknown one)."""
        return json_answer(trace_view.span_detail(cur, trace_id, span_id))

    @pages(ROOT + "/analysis")
    def analysis_page(request: Request, cur: Cursor, task: str | None = None, scene: str = DEFAULT_SCENE) -> Response:
        return view(request, "analysis.html", title="analysis", charts=True,
                    **analysis_context(cur, task or None, scene, request.app.state.weights_dirs))

    @pages(ROOT + "/report")
    def report_page(request: Request, cur: Cursor, task: str, run: str | None = None, day: dt.date | None = None,
                    format: Literal["html", "md", "json"] | None = None, scene: str = DEFAULT_SCENE) -> Response:
        """The report inside the dashboard, or (`format`) its file to download; read here, its
        links stay on this server."""
        if format is not None:
            resp = _report(request, cur, task, run, day, format, scene, ROOT)
            resp.headers["Content-Disposition"] = f'attachment; filename="{report.file_name(task, run, day, format)}"'
            return resp
        data = _report_data(request, cur, task, run, day, scene, ROOT)
        query = [("task", task), *([("run", run)] if run else []), *([("day", day.isoformat())] if day else []),
                 *([("scene", scene)] if scene != DEFAULT_SCENE else [])]
        downloads = {fmt: f"{ROOT}/report?" + urllib.parse.urlencode([*query, ("format", fmt)]) for fmt in report.FORMATS}
        return view(request, "report.html", title=f"report {task}", charts=True, r=data, downloads=downloads)

    @router.get(ROOT + "/static/{name}")
    def static(request: Request, name: str) -> Response:
        if name not in PUBLIC_STATIC and not allowed(request):
            raise LoginRequired()
        path = STATIC_FILES.get(name)
        if path is None:
            raise analysis.NotFound(f"no static file {name!r}")
        return FileResponse(path, headers={"Cache-Control": "private, max-age=3600", "X-Content-Type-Options": "nosniff"})

    @router.get(ROOT + "/login", response_class=HTMLResponse)
    def login_form(request: Request, next: str | None = None) -> Response:
        if not request.app.state.api_key:
            return RedirectResponse(safe_next(next), 303)
        return page("login.html", title="log in", next=safe_next(next), message=None)

    @router.get(ROOT + "/logout")
    def logout(request: Request) -> Response:
        request.app.state.sessions.revoke(request.cookies.get(SESSION_COOKIE))
        resp = RedirectResponse(ROOT + "/login", 303)
        resp.delete_cookie(SESSION_COOKIE, path=ROOT)
        return resp

    api = APIRouter(dependencies=secured, tags=["report"])

    @api.get("/api/report", response_class=Response)
    def report_api(request: Request, cur: Cursor, task: str, run: str | None = None,
                   day: dt.date | None = Query(None, description="the runs started that day (UTC)"),
                   format: Literal["html", "md", "json"] = "html", scene: str = DEFAULT_SCENE) -> Response:
        """The health report of a task's run, day, or latest run; 404 names what is unknown."""
        try:
            return _report(request, cur, task, run, day, format, scene, public_url(request))
        except analysis.NotFound as exc:
            raise HTTPException(404, str(exc)) from None

    router.include_router(api)
    return router


def _report_data(request: Request, cur, task: str, run: str | None, day: dt.date | None, scene: str,
                 link: str | None) -> dict[str, Any]:
    """`link`: where trace links point (the dashboard itself, the public URL, or nowhere)."""
    if run is not None and day is not None:
        raise analysis.NotFound("give a run or a day, not both")
    try:
        get_profile(scene, request.app.state.weights_dirs)
    except LookupError as exc:
        raise analysis.NotFound(str(exc)) from None
    return report.build(cur, task, run_id=run, day=day, scene=scene, weights_dirs=request.app.state.weights_dirs,
                        dashboard_url=link)


def _report(request: Request, cur, task: str, run: str | None, day: dt.date | None, fmt: str, scene: str,
            link: str | None) -> Response:
    data = _report_data(request, cur, task, run, day, scene, link)
    return Response(report.render(data, fmt), media_type=report.MEDIA_TYPES[fmt], headers=report.headers(fmt))
