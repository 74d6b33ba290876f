"""`POST /dashboard/login`: a key opens a dashboard session that carries who it is (the key's
name, role and project), so pages scope to its project and sign its annotations and tasks. An
ingest key opens nothing: it sends spans only. Mounted before the dashboard's pages."""
from __future__ import annotations

import urllib.parse

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from collector.receiving.clients import asgi_client
from collector.receiving.guessing import Throttled
from tracepatrol.web.pages import ROOT, page, safe_next, set_session


def build_router() -> APIRouter:
    router = APIRouter(include_in_schema=False)

    @router.post(ROOT + "/login", response_class=HTMLResponse)
    async def login(request: Request) -> Response:
        state = request.app.state
        form = urllib.parse.parse_qs((await request.body()).decode("utf-8", "replace"))  # Guard caps it small
        key, target = (form.get("key") or [""])[0], safe_next((form.get("next") or [None])[0])
        if not state.keys.required:
            return RedirectResponse(target, 303)
        try:
            principal = state.keys.presented(asgi_client(request.scope), key)
        except Throttled as exc:  # refused before the key is compared: a guesser learns nothing more
            return page("login.html", 429, title="log in", next=target,
                        message=f"Too many failed logins from {exc.client}; try again in {exc.retry_after_s} s.",
                        headers={"Retry-After": str(exc.retry_after_s)})
        if principal is None:
            return page("login.html", 401, title="log in", next=target, message="That is not a key of this server.")
        if not principal.may("viewer"):
            return page("login.html", 403, title="log in", next=target,
                        message=f"{principal.describe()} sends spans only: log in with a viewer, editor or admin key.")
        resp = RedirectResponse(target, 303)
        set_session(resp, request, state.sessions.create(principal), int(state.sessions.ttl_s))
        return resp

    return router
