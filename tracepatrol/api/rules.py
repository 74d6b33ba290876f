"""Which role each route of the API port needs: one table, every route in it.

`Guard` looks a request's route up here before the route runs (and before its body is read):
no key is 401, a role below the rule 403 naming the role needed. A route that has no rule is
refused to everyone but admins, and `tests/reliability/test_access_roles.py` fails on it, so a
new route cannot ship open by accident. What a role sees once in (its project only) is each
route's own business: `tracepatrol.api.scope`.

Rules: "open" (no key), "viewer", "editor", "admin"; OTLP's "ingest" lives on the receivers.
"""
from __future__ import annotations

from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from starlette.routing import Match
from starlette.types import Scope

V, E, A, OPEN = "viewer", "editor", "admin", "open"

# path template -> rule for every method it answers, or {method: rule}
RULES: dict[str, str | dict[str, str]] = {
    "/healthz": OPEN,
    "/dashboard/login": OPEN,
    "/dashboard/logout": OPEN,
    "/dashboard/static/{name}": OPEN,  # the page itself asks for a login but for the login page's files
    "/openapi.json": V, "/docs": V, "/docs/oauth2-redirect": V, "/redoc": V,
    "/metrics": V,  # each project's series for its viewers; the server's own counters for admins
    "/api/stats": A,  # server-wide counts
    "/api/export/{table}": A,  # the whole store
    "/api/keys": {"GET": A, "POST": A},
    "/api/keys/{name}": A,
    "/api/audit": A,
    "/dashboard/docs/{name}": V,
    "/dashboard/keys": {"GET": A, "POST": A}, "/dashboard/keys/{name}/revoke": A,
    "/api/session": V,
    # alerts are not scoped to projects yet: their states name every project's tasks and figures
    "/api/alerts": A, "/api/alerts/history": A, "/api/alerts/notifications": A, "/api/alerts/rules": A,
    "/api/alerts/destinations": A, "/api/alerts/silences": A, "/api/alerts/silences/{silence_id}": A,
    "/api/alerts/test": A, "/dashboard/alerts": A, "/dashboard/alerts/silences": A,
    "/dashboard/alerts/silences/{silence_id}/end": A,
    "/api/tasks": {"GET": V, "POST": E},
    "/api/tasks/preview": E,
    "/api/tasks/{task_id}": {"GET": V, "DELETE": E, "PUT": E},
    "/api/tasks/{task_id}/run": E, "/api/tasks/{task_id}/pause": E, "/api/tasks/{task_id}/resume": E,
    "/api/tasks/{task_id}/runs": V, "/api/tasks/{task_id}/scores": V,
    "/api/runs/{run_id}": V, "/api/runs/{run_id}/results": V, "/api/runs/{run_id}/items": V,
    "/api/runs/{run_id}/summary": V, "/api/compare": V, "/api/report": V,
    "/api/traces": V, "/api/traces/{trace_id}": V, "/api/traces/{trace_id}/evaluations": V,
    "/api/traces/{trace_id}/annotations": {"GET": V, "POST": E},
    "/api/traces/{trace_id}/annotations/history": V,
    "/api/annotations/import": E, "/api/annotations/export": V,
    "/api/annotation-configs": {"GET": V, "POST": E},
    "/api/views": V, "/api/views/{name}": {"GET": V, "PUT": E, "DELETE": E},
    "/dashboard": V, "/dashboard/": V,
    "/dashboard/traces": V, "/dashboard/traces/{trace_id}": V, "/dashboard/traces/{trace_id}/spans/{span_id}": V,
    "/dashboard/traces/{trace_id}/annotations": E,
    "/dashboard/tasks": V, "/dashboard/tasks/{task_id}": V, "/dashboard/tasks/{task_id}/live": V,
    "/dashboard/tasks/new": E, "/dashboard/tasks/preview": E, "/dashboard/tasks/{task_id}/edit": E,
    "/dashboard/tasks/{task_id}/{action}": E,
    "/dashboard/analysis": V, "/dashboard/report": V,
    "/dashboard/views": {"GET": V, "POST": E}, "/dashboard/views.json": V, "/dashboard/views/{name}": V,
    "/dashboard/views/{name}/delete": E,
    "/dashboard/annotate": V, "/dashboard/annotate/queues/{name}": V,
    "/dashboard/annotate/labels": E, "/dashboard/annotate/queues": E, "/dashboard/reviewer": E,
    "/dashboard/annotations": {"GET": V, "POST": E}, "/dashboard/annotations.csv": V,
    "/dashboard/annotations/import": E,
}
UNRULED = A  # a route nobody gave a rule: admins only, and the route-table test fails


def rule_for(path: str, method: str) -> str | None:
    """The rule of a route template and method; None when the table has none."""
    rule = RULES.get(path)
    if isinstance(rule, dict):
        return rule.get("GET" if method == "HEAD" else method)
    return rule


def routes(app: FastAPI) -> list[tuple[str, str]]:
    """(method, path template) of every route the app answers (HEAD beside GET left out)."""
    out = []
    for route in iter_route_contexts(app.routes):
        for method in sorted(route.methods or ()):
            if method != "HEAD":
                out.append((method, route.path))
    return out


class RouteRules:
    """Finds a request's route in `app` (resolved on first use: routes are added after the
    middleware) and its rule; None for a path no route answers (the app's 404)."""

    def __init__(self, app: FastAPI):
        self.app = app
        self._routes: list | None = None

    def rule(self, scope: Scope) -> str | None:
        if self._routes is None:
            self._routes = list(iter_route_contexts(self.app.routes))
        for route in self._routes:
            match, _ = route.matches(scope)
            if match is Match.FULL:
                return rule_for(route.path, scope["method"]) or UNRULED
        return None
