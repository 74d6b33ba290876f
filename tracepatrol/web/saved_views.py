"""Saved views in the dashboard: a trace-explorer search kept under a name (`sampler.views`).

`/dashboard/views/NAME` is the view's shareable address: it opens the explorer on the saved
search (with `view=NAME`, which names it on the page). Saving and deleting are forms with the
session's CSRF token; the navigation's "Views" menu lists them from `/dashboard/views.json`.
"""
from __future__ import annotations

import datetime as dt
import urllib.parse
from collections.abc import Callable

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from sampler import views
from tracepatrol import analysis
from tracepatrol.api.cursor import Cursor
from tracepatrol.web import explorer
from tracepatrol.web.pages import ROOT, form_pairs, json_answer, view


def address(name: str) -> str:
    return f"{ROOT}/views/{urllib.parse.quote(name, safe='')}"


def opened(saved: views.View) -> str:
    """The explorer on a saved view's search."""
    return explorer.url([*saved.query, ("view", saved.name)])


def _save(cur, name: str, q: str) -> views.View:
    """Keep a search that the explorer reads without a problem (ViewError naming them otherwise)."""
    state = explorer.State(urllib.parse.parse_qsl(q), dt.datetime.now(dt.timezone.utc).replace(tzinfo=None))
    problems = [*state.errors, *(m for ms in state.row_errors.values() for m in ms)]
    if problems:
        raise views.ViewError("this search is not valid, so it is not saved: " + "; ".join(problems))
    return views.save(cur, name, state.params(page=None, view=None))


def add_routes(router: APIRouter, pages: Callable, guarded: list, posted: list) -> None:
    def post(path: str):
        return router.post(path, dependencies=posted)

    @pages(ROOT + "/views")
    def list_page(request: Request, cur: Cursor) -> Response:
        return view(request, "views.html", title="saved views", section="traces", views=views.list_views(cur),
                    address=address, opened=opened)

    @router.get(ROOT + "/views.json", dependencies=guarded)
    def list_json(cur: Cursor) -> Response:
        return json_answer([{"name": v.name, "href": address(v.name), "updated_at": v.updated_at}
                            for v in views.list_views(cur)])

    @pages(ROOT + "/views/{name}")
    def open_view(cur: Cursor, name: str) -> Response:
        saved = views.get(cur, name)
        if saved is None:
            raise analysis.NotFound(f"no saved view {name!r}; the saved ones are listed at {ROOT}/views")
        return RedirectResponse(opened(saved), 303)

    @post(ROOT + "/views")
    async def save_view(request: Request, cur: Cursor) -> Response:
        form = dict(await form_pairs(request))
        try:  # the search's filters are validated (a regex compiled): a worker thread's job
            saved = await anyio.to_thread.run_sync(_save, cur, form.get("name") or "", form.get("q") or "")
        except views.ViewError as exc:
            return view(request, "error.html", 422, title="not saved", heading="View not saved", message=str(exc))
        return RedirectResponse(address(saved.name), 303)

    @post(ROOT + "/views/{name}/delete")
    def delete_view(cur: Cursor, name: str) -> Response:
        if not views.delete(cur, name):
            raise analysis.NotFound(f"no saved view {name!r}")
        return RedirectResponse(f"{ROOT}/traces", 303)
