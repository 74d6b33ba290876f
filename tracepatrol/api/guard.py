"""Who may ask and how much they may send, decided from the request headers alone.

A pure ASGI middleware in front of the whole API app: a request without a key is answered 401
before a byte of its body is read, one whose key's role is below its route's rule
(`tracepatrol.api.rules`) 403 naming the role needed, a declared body over the limit 413 at
once, and a chunked body is counted as it streams and cut off at the limit. Unauthenticated
dashboard GETs go on to their page, which answers with the login form (and reads no body). A
presented key is checked within the client's guessing budget (`collector.receiving.guessing`; 429 past
it). A request that passed those is held to the names this server answers to
(`collector.receiving.host_check`; 400 otherwise), and one that changes state to an `Origin` of its own
(403 otherwise): against DNS rebinding and cross-site forms. Who the request is (`PRINCIPAL`: a
key, or a dashboard session's key) is left in the scope for the routes to scope their reads by.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated

import orjson
from fastapi import Depends, Request
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from collector.receiving.auth import UNAUTHORIZED, KeyCheck, forbidden
from collector.receiving.clients import asgi_client
from collector.receiving.guessing import GuessLimiter, Throttled
from collector.receiving.host_check import HostPolicy
from infra.access import KeyRing, Principal
from infra.access.roles import OPEN as EVERYONE
from tracepatrol.api.rules import OPEN as OPEN_RULE, RouteRules
from tracepatrol.api.sessions import Sessions

DASHBOARD = "/dashboard"
SESSION_COOKIE = "tracepatrol_session"
OPEN = ("/healthz", DASHBOARD + "/login", DASHBOARD + "/logout")  # answer without the key
LOGIN_BODY_BYTES = 4096  # a key and a path
IMPORT_PATH = "/api/annotations/import"
AUTHORIZED = "tracepatrol.authorized"  # the scope key of Guard's verdict
PRINCIPAL = "tracepatrol.principal"  # the scope key of who the request is (None: nobody yet)
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


@dataclass
class Access:
    """The API port's limits (from `Settings`), its dashboard sessions and guessing budget, and the
    names it answers to (`hosts`; None: any, for apps served in-process by tests)."""

    max_body_bytes: int = 1024 * 1024
    max_import_bytes: int = 64 * 1024 * 1024
    session_hours: float = 12.0
    limiter: GuessLimiter = field(default_factory=lambda: GuessLimiter(30, 5))
    hosts: HostPolicy | None = None
    ring: KeyRing | None = None  # the process's keys (None: only the app's `api_key`)
    sessions: Sessions = field(init=False)

    def __post_init__(self) -> None:
        self.sessions = Sessions(self.session_hours * 3600)

    @property
    def path_limits(self) -> dict[str, int]:
        return {IMPORT_PATH: self.max_import_bytes, DASHBOARD + "/login": LOGIN_BODY_BYTES}


def session_principal(headers: Headers, sessions: Sessions) -> Principal | None:
    """Who the dashboard's session cookie names (None: no live session)."""
    return sessions.principal(cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE))


def authorized(scope: Scope) -> bool:
    """Guard's verdict on this request: a key, or a dashboard session on dashboard paths."""
    return scope.get(AUTHORIZED, False)


def principal_of(scope: Scope) -> Principal | None:
    """Who the request is, as Guard found (None outside Guard or without a key)."""
    return scope.get(PRINCIPAL)


def csrf_ok(headers: Headers, sessions: Sessions, token: str | None) -> bool:
    """A state-changing dashboard request (a form or a page's fetch) carries its session's CSRF
    token: a cross-site form can make a browser send the cookie, never the token."""
    return sessions.csrf_valid(cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE), token)


class Guard:
    def __init__(self, app: ASGIApp, keys: KeyCheck, sessions: Sessions, rules: RouteRules, max_body_bytes: int,
                 path_limits: Mapping[str, int] = {}, hosts: HostPolicy | None = None):
        self.app, self.keys, self.sessions, self.rules, self.hosts = app, keys, sessions, rules, hosts
        self.max_body_bytes, self.path_limits = max_body_bytes, dict(path_limits)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path, headers = scope["path"], Headers(scope=scope)
        limit = self.path_limits.get(path, self.max_body_bytes)
        try:
            principal = scope[PRINCIPAL] = self._principal(scope, path, headers)
        except Throttled as exc:
            return await _answer(send, 429, str(exc), {"retry-after": str(exc.retry_after_s)})
        scope[AUTHORIZED] = principal is not None
        rule = self.rules.rule(scope) if path not in OPEN else OPEN_RULE
        if rule != OPEN_RULE and principal is None:
            if not (path.startswith(DASHBOARD) and scope["method"] in ("GET", "HEAD")):
                return await _answer(send, 401, UNAUTHORIZED, {"www-authenticate": "Bearer"})
            limit = 0  # on to the page's login form; no body wanted
        elif rule not in (None, OPEN_RULE) and not principal.may(rule):
            return await _answer(send, 403, forbidden(principal, rule, f"{scope['method']} {path}"))
        declared = headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            return await _answer(send, 413, _too_large(limit) if declared.isdigit()
                                 else f"invalid Content-Length {declared!r}")
        refusal = self._misdirected(scope, path, headers)
        if refusal is not None:
            return await _answer(send, *refusal)
        await self.app(scope, _counted(receive, limit), send)

    def _principal(self, scope: Scope, path: str, headers: Headers) -> Principal | None:
        """Bearer everywhere; the session cookie on dashboard paths when no Authorization is sent
        (its key re-checked: a revoked key's sessions end with it)."""
        if not self.keys.required:
            return EVERYONE
        if path in OPEN:
            return None  # these answer without the key and read none
        if "authorization" in headers:
            return self.keys.bearer(asgi_client(scope), headers.get("authorization"))
        if not path.startswith(DASHBOARD):
            return None
        session = session_principal(headers, self.sessions)
        return self.keys.ring.current(session) if session is not None else None

    def _misdirected(self, scope: Scope, path: str, headers: Headers) -> tuple[int, str] | None:
        """400 for a Host this server does not answer to, 403 for a state change from another Origin."""
        if self.hosts is None or path == "/healthz":  # health tells nothing: probes may use any name
            return None
        host = headers.get("host")
        if not self.hosts.host_ok(host):
            return 400, self.hosts.refusal(host)
        origin = headers.get("origin")
        if scope["method"] not in SAFE_METHODS and origin is not None and not self.hosts.origin_ok(origin, host):
            return 403, (f"cross-origin {scope['method']} refused: Origin {origin!r} is not this server's own "
                         "page (names in allowed_hosts count as its own)")
        return None


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
    """Reads Guard's verdict: the key is checked (and counted) once a request."""
    if not authorized(request.scope):
        raise HTTPException(401, UNAUTHORIZED, headers={"WWW-Authenticate": "Bearer"})


secured = [Depends(_authorized)]  # the REST routers' dependency


async def _principal(request: Request) -> Principal:
    principal = principal_of(request.scope)
    if principal is None:
        raise HTTPException(401, UNAUTHORIZED, headers={"WWW-Authenticate": "Bearer"})
    return principal


Who = Annotated[Principal, Depends(_principal)]  # a route's parameter: who asks (for scoping and the audit log)
