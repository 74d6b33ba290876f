"""The admin page of API keys (`/dashboard/keys`): every key (never a secret), a form that makes one
and shows its secret on the answer page only, and a revoke button per live key. Changes go through
the API's own calls (`tracepatrol.api.keys`: the audit log) and reach the key ring at once, the
other processes within seconds, as the API's do. Forms carry the session's CSRF token.
"""
from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from infra.access import keys
from infra.access.roles import ROLES
from tracepatrol.api.cursor import Cursor
from tracepatrol.api.guard import Who
from tracepatrol.api.keys import KeyIn, create_key, revoke_key
from tracepatrol.web.pages import ROOT, form_pairs, view


def _page(request: Request, cur, status: int = 200, **extra) -> Response:
    return view(request, "keys.html", status, title="keys", section="keys", roles=ROLES,
                keys=[r.shown() for r in keys.records(cur)], **{"created": None, "error": None, "form": {}} | extra)


def add_routes(router: APIRouter, pages: Callable, posted: list) -> None:
    def post(path: str):
        return router.post(path, dependencies=posted)

    @pages(ROOT + "/keys")
    def keys_page(request: Request, cur: Cursor) -> Response:
        return _page(request, cur)

    @post(ROOT + "/keys")
    async def create(request: Request, cur: Cursor, who: Who) -> Response:
        """The new key's secret is in this answer and nowhere else; bad input re-renders the form (422)."""
        form = {k: v.strip() for k, v in dict(await form_pairs(request)).items() if k != "csrf"}
        body = KeyIn.model_construct(name=form.get("name", ""), role=form.get("role", ""),  # keys.create checks them
                                     project=form.get("project") or None, expires=form.get("expires") or None)
        try:
            created = create_key(cur, who, body)
        except HTTPException as exc:
            return _page(request, cur, exc.status_code, error=exc.detail, form=form)
        request.app.state.key_refresher.refresh()
        return _page(request, cur, created=created)

    @post(ROOT + "/keys/{name}/revoke")
    def revoke(request: Request, cur: Cursor, who: Who, name: str) -> Response:
        try:
            revoke_key(cur, who, name)
        except HTTPException as exc:
            return _page(request, cur, exc.status_code, error=exc.detail)
        request.app.state.key_refresher.refresh()
        return RedirectResponse(ROOT + "/keys", 303)
