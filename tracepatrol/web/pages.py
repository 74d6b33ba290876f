"""What every dashboard page shares: templates and their filters, security headers, the login and
CSRF checks, and the page route that turns a missing key into the login form. The dashboard, its
forms and the health report build on it, so none of them imports another for plumbing.
"""
from __future__ import annotations

import datetime as dt
import urllib.parse
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import orjson
from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from tracepatrol import analysis
from tracepatrol.api.guard import SESSION_COOKIE, authorized, csrf_ok, principal_of
from tracepatrol.web import charts, explorer, filter_params

ROOT = "/dashboard"
STATIC = Path(__file__).resolve().parent / "static"
STATIC_FILES = {"plotly.min.js": charts.PLOTLY_JS, **{name: STATIC / name for name in
                ("annotate.js", "charts.js", "dashboard.css", "task.js", "task_form.js", "timezone.js", "trace.js", "ui.js")}}
PUBLIC_STATIC = ("dashboard.css",)  # the login page's look: served without a session, holds no data
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'",
    # same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the page's own
    # form posts and fetches, which Guard's Origin check refuses; no other site learns a URL either way
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "Cache-Control": "no-store",
}


def to_json(value: Any, **kwargs: Any) -> str:
    option = orjson.OPT_INDENT_2 if kwargs.get("indent") else 0
    return orjson.dumps(value, default=str, option=option | orjson.OPT_NON_STR_KEYS).decode()


def pretty(value: Any, indent: bool = True) -> str:
    """A value as a person reads it: text as it is, anything else as JSON (indented) whose
    characters stay themselves (`'`, `<`, `&`, CJK; no \\u escapes), valid JSON still. Plain text:
    the page's autoescaping makes it safe, unlike `tojson`, whose HTML-safe escapes would show."""
    if isinstance(value, str):
        return value
    option = orjson.OPT_NON_STR_KEYS | (orjson.OPT_INDENT_2 if indent else 0)
    return orjson.dumps(value, default=str, option=option).decode()


def timestamp(value: Any) -> Markup:
    """A stored (naive UTC) time to the second, stated as UTC; timezone.js may show it in the
    browser's zone instead."""
    if value is None:
        return Markup("—")
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    if value.tzinfo is not None:
        value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
    value = value.replace(microsecond=0)
    return Markup('<time datetime="{}Z">{} UTC</time>').format(value.isoformat(), value.isoformat(" "))


def count(value: Any) -> str:
    """A whole number with thousands separators (— when missing)."""
    return "—" if value is None else f"{round(value):,}"


@cache
def environment() -> Environment:
    env = Environment(loader=PackageLoader("tracepatrol.web", "templates"), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True)
    env.policies["json.dumps_function"] = to_json
    env.filters |= {"ts": timestamp, "n": count, "window_text": window_text, "pretty": pretty,
                    "filter_text": filter_params.describe}
    env.globals["explore"] = explorer.url
    return env


def _moment(value: Any) -> str:
    t = dt.datetime.fromisoformat(str(value))
    return (t.astimezone(dt.timezone.utc) if t.tzinfo else t).strftime("%Y-%m-%d %H:%M:%S UTC")


def window_text(window: dict[str, Any]) -> str:
    """A task window in plain words."""
    if window["mode"] == "backfill":
        if window.get("last"):
            return f"once, over the traces started in the {window['last']} before the run"
        end = _moment(window["to"]) if window.get("to") else "the run"
        return f"once, over the traces started from {_moment(window['from'])} to {end}"
    every = f"every {window['every']}" if window.get("every") else f"on cron {window['cron']!r}"
    end = f" until {str(window['end'])[:10]}" if window.get("end") else ""
    return (f"{every} ({window['timezone']}) from {str(window['start'])[:10]}{end}, "
            "over the traces completed since the run before")


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(root=ROOT, static=ROOT + "/static", **context)


# -- access ------------------------------------------------------------------------------------
def allowed(request: Request) -> bool:
    return authorized(request.scope)


class LoginRequired(Exception):
    pass


class Forbidden(Exception):
    """A state-changing request without its session's CSRF token."""


async def require_login(request: Request) -> None:
    if not allowed(request):
        raise LoginRequired()


async def form_pairs(request: Request) -> list[tuple[str, str]]:
    """An urlencoded body as (key, value) pairs in order (Guard caps its size)."""
    return urllib.parse.parse_qsl((await request.body()).decode("utf-8", "replace"), keep_blank_values=True)


async def require_csrf(request: Request) -> None:
    """A request that Guard let in by its Bearer key needs no token: no other site can make a
    browser send an Authorization header."""
    if request.app.state.api_key and "authorization" in request.headers:
        return
    token = request.headers.get("x-csrf-token") or dict(await form_pairs(request)).get("csrf")
    if not csrf_ok(request.headers, request.app.state.sessions, token):
        raise Forbidden()


REVIEWER_COOKIE = "tracepatrol_reviewer"
REVIEWER_MAX = 64


def reviewer(request: Request) -> str | None:
    """The name annotations are signed with: the stored key's (of the session or the Bearer header)
    when one is in; otherwise (no keys, or the shared old `api_key`, which names nobody) the name
    this browser set once (`/dashboard/reviewer`, kept in a cookie)."""
    who = principal_of(request.scope)
    if who is not None and who.key_id is not None:
        return who.name
    name = urllib.parse.unquote(request.cookies.get(REVIEWER_COOKIE) or "").strip()
    return name[:REVIEWER_MAX] or None


def set_reviewer(response: Response, request: Request, name: str) -> None:
    response.set_cookie(REVIEWER_COOKIE, urllib.parse.quote(name[:REVIEWER_MAX]), max_age=365 * 86400, httponly=True,
                        samesite="strict", path=ROOT, secure=request.url.scheme == "https")


def set_session(response: Response, request: Request, session: str, max_age: int | None = None) -> None:
    """The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's
    request carries it), the dashboard's path only."""
    response.set_cookie(SESSION_COOKIE, session, max_age=max_age, httponly=True, samesite="strict", path=ROOT,
                        secure=request.url.scheme == "https")


class PageRoute(APIRoute):
    """Answers a missing key with the login form (401; a browser's navigation is sent to the login
    page instead, which answers 200, so its console stays clean) and an unknown id with a 404 page."""

    def get_route_handler(self) -> Callable:
        handler = super().get_route_handler()

        async def handle(request: Request) -> Response:
            try:
                return await handler(request)
            except LoginRequired:
                if request.url.path.startswith(ROOT + "/static/"):
                    return Response("missing or invalid API key", 401, media_type="text/plain")
                target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
                if request.headers.get("sec-fetch-mode") == "navigate":  # a browser: to the login page's own address
                    return RedirectResponse(ROOT + "/login?" + urllib.parse.urlencode({"next": target}), 303)
                return page("login.html", 401, title="log in", next=target, message=None)
            except analysis.NotFound as exc:
                return page("error.html", 404, title="not found", heading="Not found", message=str(exc))
            except Forbidden:
                return page("error.html", 403, title="forbidden", heading="Forbidden",
                            message="This form is stale or came from another site (no valid CSRF token); "
                                    "reload the page and try again.")
        return handle


def json_answer(body: Any, status: int = 200) -> Response:
    """JSON as the REST API writes it (times in ISO 8601), never cached: the dashboard's own fetches."""
    return Response(to_json(body), status, media_type="application/json", headers={"Cache-Control": "no-store"})


def page(template: str, status: int = 200, headers: dict[str, str] | None = None, **context: Any) -> HTMLResponse:
    return HTMLResponse(render(template, **context), status, headers=HEADERS | (headers or {}))


SECTIONS = (("/tasks/new", "new"), ("/traces", "traces"), ("/tasks", "tasks"), ("/analysis", "analysis"),
            ("/report", "tasks"), ("/views", "traces"), ("/annotat", "annotate"), ("/alerts", "alerts"),
            ("/keys", "keys"))


def section(path: str) -> str:
    """The navigation entry a dashboard path belongs to (marked in the menu)."""
    rest = path.removeprefix(ROOT)
    return next((name for prefix, name in SECTIONS if rest.startswith(prefix)), "overview" if rest in ("", "/") else "")


def view(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page with what every page needs: who is logged in, the logout link, its place in the menu
    and the CSRF token for its forms. Without an API key a browser without a session cookie gets one
    here, for its token to be its own."""
    sessions, session = request.app.state.sessions, request.cookies.get(SESSION_COOKIE)
    fresh = None if session or request.app.state.api_key else sessions.anonymous()
    context.setdefault("section", section(request.url.path))
    who = principal_of(request.scope)
    resp = page(template, status, logged_in=has_session(request), csrf=sessions.csrf_token(fresh or session),
                reviewer=reviewer(request), who=who if request.app.state.keys.required else None,
                admin=who is not None and who.may("admin"), **context)
    if fresh:
        set_session(resp, request, fresh)
    return resp


def safe_next(target: str | None) -> str:
    """Only a dashboard path: the login form never redirects elsewhere."""
    if target and target.startswith(ROOT) and not target.startswith("//") and "\\" not in target:
        return target
    return ROOT + "/"


def has_session(request: Request) -> bool:
    return bool(request.app.state.api_key and request.cookies.get(SESSION_COOKIE))


def public_url(request: Request) -> str | None:
    """The dashboard's address for links in files that leave this server (`dashboard_public_url`):
    never the address this request came in on, which is often a loopback one."""
    url = getattr(request.app.state, "dashboard_public_url", None)
    return url.rstrip("/") if url else None
