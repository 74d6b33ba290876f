"""Who may ask and how much they may send, decided from the request headers alone.

A pure ASGI middleware in front of the whole API app: a request without the key is answered 401
before a byte of its body is read, a declared body over the limit 413 at once, and a chunked
body is counted as it streams and cut off at the limit. Unauthenticated dashboard GETs go on to
their page, which answers with the login form (and reads no body).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import orjson
from fastapi import Depends, Request
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from collector.auth import bearer_ok
from tracepatrol.api.sessions import LoginAttempts, Sessions

DASHBOARD = "/dashboard"
SESSION_COOKIE = "tracepatrol_session"
OPEN = ("/healthz", DASHBOARD + "/login", DASHBOARD + "/logout")  # answer without the key
UNAUTHORIZED = "missing or invalid API key (Authorization: Bearer …)"
LOGIN_BODY_BYTES = 4096  # a key and a path
IMPORT_PATH = "/api/annotations/import"


@dataclass
class Access:
    """The API port's limits (from `Settings`) and its dashboard sessions."""

    max_body_bytes: int = 1024 * 1024
    max_import_bytes: int = 64 * 1024 * 1024
    session_hours: float = 12.0
    login_failures_per_minute: int = 10
    sessions: Sessions = field(init=False)
    logins: LoginAttempts = field(init=False)

    def __post_init__(self) -> None:
        self.sessions = Sessions(self.session_hours * 3600)
        self.logins = LoginAttempts(self.login_failures_per_minute)

    @property
    def path_limits(self) -> dict[str, int]:
        return {IMPORT_PATH: self.max_import_bytes, DASHBOARD + "/login": LOGIN_BODY_BYTES}


def dashboard_session(headers: Headers, sessions: Sessions) -> bool:
    """The dashboard's session cookie names a live session."""
    return sessions.valid(cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE))


def authorized(path: str, headers: Headers, api_key: str | None, sessions: Sessions) -> bool:
    """Bearer everywhere; the session cookie on dashboard paths when no Authorization is sent."""
    if not api_key or "authorization" in headers:
        return bearer_ok(headers.get("authorization"), api_key)
    return path.startswith(DASHBOARD) and dashboard_session(headers, sessions)


def csrf_ok(headers: Headers, sessions: Sessions, token: str | None) -> bool:
    """A state-changing dashboard request (a form or a page's fetch) carries its session's CSRF
    token: a cross-site form can make a browser send the cookie, never the token."""
    return sessions.csrf_valid(cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE), token)


class Guard:
    def __init__(self, app: ASGIApp, api_key: str | None, sessions: Sessions, max_body_bytes: int,
                 path_limits: Mapping[str, int] = {}):
        self.app, self.api_key, self.sessions = app, api_key, sessions
        self.max_body_bytes, self.path_limits = max_body_bytes, dict(path_limits)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path, headers = scope["path"], Headers(scope=scope)
        limit = self.path_limits.get(path, self.max_body_bytes)
        if path not in OPEN and not authorized(path, headers, self.api_key, self.sessions):
            if not (path.startswith(DASHBOARD) and scope["method"] in ("GET", "HEAD")):
                return await _answer(send, 401, UNAUTHORIZED, {"www-authenticate": "Bearer"})
            limit = 0  # on to the page's login form; no body wanted
        declared = headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            return await _answer(send, 413, _too_large(limit) if declared.isdigit()
                                 else f"invalid Content-Length {declared!r}")
        await self.app(scope, _counted(receive, limit), send)


def _too_large(limit: int) -> str:
    return f"request body exceeds the {limit}-byte limit of this endpoint"


def _counted(receive: Receive, limit: int) -> Receive:
    """`receive`, refusing (413) once the body passes `limit` bytes."""
    seen = 0

    async def counted():
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise HTTPException(413, _too_large(limit))
        return message
    return counted


async def _answer(send: Send, status: int, detail: str, headers: Mapping[str, str] = {}) -> None:
    body = orjson.dumps({"detail": detail})
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
           *((k.encode(), v.encode()) for k, v in headers.items())]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


async def _authorized(request: Request) -> None:
    """Async, so checking a key never takes a thread-pool slot (Guard checked it already)."""
    if not bearer_ok(request.headers.get("authorization"), request.app.state.api_key):
        raise HTTPException(401, UNAUTHORIZED, headers={"WWW-Authenticate": "Bearer"})


secured = [Depends(_authorized)]  # the REST routers' dependency
