"""A server with two projects (alpha, beta) and a key of every role, for the access tests: traces
whose ids share a prefix and whose attributes are identical across the projects, a task and a
saved view in each (the task run once), an alert rule on a webhook destination; and one example request per
route of the API port, so the role tests can call every route as every role."""
from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.process import ServerProcess, make_server, tracepatrol
from tracepatrol.harness.waiting import wait_for

PREFIX = "5eed5eed5eed"  # every trace id of both projects starts so
PROJECTS = ("alpha", "beta")
ROLES = ("ingest", "viewer", "editor", "admin")
PROTOBUF = {"content-type": "application/x-protobuf"}
VERSIONS = ("1.0", "2.0")


def make_key(db: Path, name: str, role: str, project: str | None = None) -> str:
    """A key made with the CLI on the stopped server's file; its secret."""
    out = subprocess.run(tracepatrol("keys", "create", "--db", str(db), "--name", name, "--role", role,
                                     *(["--project", project] if project else [])),
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def trace_request(project_suffix: str, i: int):
    """A trace of 3 spans with a shared-prefix id and the same attributes in every project."""
    trace_id = bytes.fromhex(PREFIX + f"{project_suffix}{i:02x}".ljust(20, "0"))
    req, hex_id = request_with_spans(3, trace_id, service="shop-agent")
    root = req.resource_spans[0].scope_spans[0].spans[0]
    root.attributes.add(key="user.id").value.string_value = "u-shared"
    root.attributes.add(key="gen_ai.agent.version").value.string_value = VERSIONS[i % 2]
    return req, hex_id


@dataclass
class Call:
    method: str
    url: str
    json: object | None = None
    data: dict | None = None
    content: bytes | None = None
    params: dict | None = None
    headers: dict = field(default_factory=dict)
    follow: bool = True  # follow redirects (a form's 303 to the page it changed)


@dataclass
class World:
    srv: ServerProcess
    tmp: Path
    keys: dict[str, str]  # "admin", "viewer-alpha", "ingest-beta" …
    traces: dict[str, list[str]]  # project -> trace ids
    runs: dict[str, str]  # project -> a run of its task
    spans: dict[str, str]  # a trace id -> one of its span ids
    queue: str = ""  # an annotation queue of alpha's task
    made: int = 0

    def key_of(self, role: str | None, project: str = "alpha") -> str | None:
        if role is None:
            return None
        return self.keys["admin"] if role == "admin" else self.keys[f"{role}-{project}"]

    def headers(self, role: str | None, project: str = "alpha") -> dict[str, str]:
        key = self.key_of(role, project)
        return {"Authorization": f"Bearer {key}"} if key else {}

    def call(self, role: str | None, c: Call, project: str = "alpha") -> httpx.Response:
        return httpx.request(c.method, self.srv.api + c.url, json=c.json, data=c.data, content=c.content,
                             params=c.params, headers={**self.headers(role, project), **c.headers},
                             timeout=60, follow_redirects=c.follow)

    def admin(self, method: str, url: str, **kwargs) -> httpx.Response:
        resp = httpx.request(method, self.srv.api + url, headers=self.headers("admin"), timeout=60, **kwargs)
        assert resp.status_code < 300, (method, url, resp.status_code, resp.text)
        return resp

    def unique(self, stem: str) -> str:
        self.made += 1
        return f"{stem}-{self.made}"

    def fresh_task(self, project: str = "alpha") -> str:
        name = self.unique("spare")
        self.admin("POST", "/api/tasks", json=task_doc(name, project, rolling=True))
        return name

    def fresh_key(self) -> str:
        name = self.unique("spare-key")
        self.admin("POST", "/api/keys", json={"name": name, "role": "viewer", "project": "alpha"})
        return name

    def fresh_view(self) -> str:
        """A view of alpha's (an editor of alpha saves it), which its editors and admins may delete."""
        name = self.unique("spare-view")
        httpx.put(self.srv.api + f"/api/views/{name}", json={"query": "status=ok"}, headers=self.headers("editor"),
                  timeout=30).raise_for_status()
        return name

    def fresh_silence(self) -> str:
        return self.admin("POST", "/api/alerts/silences", json={"duration": "1h", "task": "patrol-alpha"}).json()["silence_id"]


def task_doc(name: str, project: str | None, rolling: bool = False, alerts: bool = False) -> dict:
    window = ({"mode": "rolling", "every": "day", "start": "2026-01-01"} if rolling
              else {"mode": "backfill", "last": "1h"})
    doc = {"name": name, "window": window, "sampling": {"ratio": 1.0, "max_items": 100},
           "filters": [{"field": "user_id", "op": "eq", "value": "u-shared"}], "evaluators": ["trajectory_quality"]}
    if project:
        doc["project"] = project
    if alerts:
        doc["alerts"] = [{"name": "pass-rate", "metric": "pass_rate", "below": 0.5, "notify": ["hook"]}]
    return doc


def build_world(tmp: Path) -> World:
    config = tmp / "tp.yaml"
    config.write_text("notifications:\n  destinations:\n    hook: {kind: webhook, url: 'http://127.0.0.1:9/hook'}\n")
    db = tmp / "tp.duckdb"
    keys = {"admin": make_key(db, "admin", "admin")}
    for project in PROJECTS:
        for role in ROLES[:3]:
            keys[f"{role}-{project}"] = make_key(db, f"{role}-{project}", role, project)
    srv = make_server(tmp, "--decision-wait", "0.3", "--config", str(config)).start()
    world = World(srv, tmp, keys, {p: [] for p in PROJECTS}, {}, {})
    for n, project in enumerate(PROJECTS):
        for i in range(3):
            req, trace_id = trace_request(f"{n:x}", i)
            resp = httpx.post(srv.otlp_http, content=req.SerializeToString(),
                              headers={**PROTOBUF, **world.headers("ingest", project)}, timeout=30)
            assert resp.status_code == 200, resp.text
            world.traces[project].append(trace_id)
            world.spans[trace_id] = req.resource_spans[0].scope_spans[0].spans[0].span_id.hex()
    for ids in world.traces.values():
        for trace_id in ids:
            wait_for(f"trace {trace_id}", lambda t=trace_id: world.admin("GET", "/api/traces", params={"limit": 100})
                     .json() and any(r["trace_id"] == t for r in world.admin("GET", "/api/traces",
                                                                               params={"limit": 100}).json()), 30)
    for project in PROJECTS:  # the admin key sees every project: the document names it
        resp = world.admin("POST", "/api/tasks", json=task_doc(f"patrol-{project}", project, alerts=project == "alpha"))
        world.runs[project] = resp.json()["run"]["run_id"]
    for project in PROJECTS:
        run = world.runs[project]
        wait_for(f"run {run} evaluated", lambda r=run: world.admin("GET", f"/api/runs/{r}").json()["item_states"]
                 .get("pending", 1) == 0 and world.admin("GET", f"/api/runs/{r}").json()["item_states"]
                 .get("running", 1) == 0, 60)
    for project in PROJECTS:  # a view of each project's, saved by its editor
        httpx.put(srv.api + f"/api/views/view-{project}", json={"query": "status=ok"},
                  headers=world.headers("editor", project), timeout=30).raise_for_status()
    world.admin("POST", f"/api/traces/{world.traces['alpha'][0]}/annotations", json={"status": "flagged"})
    world.admin("POST", "/api/annotation-configs", json={"name": "verdict", "kind": "categorical",
                                                         "values": ["right", "wrong"]})
    world.queue = "queue-alpha"
    world.admin("POST", "/dashboard/annotate/queues", data=queue_form(world.queue), follow_redirects=True)
    return world


def queue_form(name: str) -> dict:
    return {"name": name, "task": "patrol-alpha", "rule": "sample", "percent": "100", "labels": "verdict"}


# -- one example request per route (method, path template) ------------------------------------
# Each builds a request that answers 2xx for a role the route allows (an alpha key, or the admin
# key): destructive ones act on something made for the call.
def _alpha_trace(w: World) -> str:
    return w.traces["alpha"][0]


EXAMPLES: dict[tuple[str, str], Callable[[World], Call]] = {
    ("GET", "/healthz"): lambda w: Call("GET", "/healthz"),
    ("GET", "/openapi.json"): lambda w: Call("GET", "/openapi.json"),
    ("GET", "/docs"): lambda w: Call("GET", "/docs"),
    ("GET", "/docs/oauth2-redirect"): lambda w: Call("GET", "/docs/oauth2-redirect"),
    ("GET", "/redoc"): lambda w: Call("GET", "/redoc"),
    ("GET", "/metrics"): lambda w: Call("GET", "/metrics"),
    ("GET", "/api/stats"): lambda w: Call("GET", "/api/stats"),
    ("GET", "/api/export/{table}"): lambda w: Call("GET", "/api/export/traces", params={"format": "csv"}),
    ("GET", "/api/keys"): lambda w: Call("GET", "/api/keys"),
    ("POST", "/api/keys"): lambda w: Call("POST", "/api/keys", json={"name": w.unique("made"), "role": "viewer",
                                                                       "project": "alpha"}),
    ("DELETE", "/api/keys/{name}"): lambda w: Call("DELETE", f"/api/keys/{w.fresh_key()}"),
    ("GET", "/api/audit"): lambda w: Call("GET", "/api/audit"),
    ("GET", "/dashboard/docs/{name}"): lambda w: Call("GET", "/dashboard/docs/conventions"),
    ("GET", "/dashboard/keys"): lambda w: Call("GET", "/dashboard/keys"),
    ("POST", "/dashboard/keys"): lambda w: Call("POST", "/dashboard/keys", data={"name": w.unique("formed-key"),
                                                                             "role": "viewer", "project": "alpha"}),
    ("POST", "/dashboard/keys/{name}/revoke"): lambda w: Call("POST", f"/dashboard/keys/{w.fresh_key()}/revoke"),
    ("GET", "/api/session"): lambda w: Call("GET", "/api/session"),
    ("GET", "/api/alerts"): lambda w: Call("GET", "/api/alerts"),
    ("GET", "/api/alerts/history"): lambda w: Call("GET", "/api/alerts/history"),
    ("GET", "/api/alerts/notifications"): lambda w: Call("GET", "/api/alerts/notifications"),
    ("GET", "/api/alerts/rules"): lambda w: Call("GET", "/api/alerts/rules"),
    ("GET", "/api/alerts/destinations"): lambda w: Call("GET", "/api/alerts/destinations"),
    ("GET", "/api/alerts/silences"): lambda w: Call("GET", "/api/alerts/silences"),
    ("POST", "/api/alerts/silences"): lambda w: Call("POST", "/api/alerts/silences",
                                                     json={"duration": "1h", "task": "patrol-alpha"}),
    ("DELETE", "/api/alerts/silences/{silence_id}"): lambda w: Call("DELETE",
                                                                    f"/api/alerts/silences/{w.fresh_silence()}"),
    ("POST", "/api/alerts/test"): lambda w: Call("POST", "/api/alerts/test",
                                                 json={"rule": "pass-rate", "task": "patrol-alpha"}),
    ("GET", "/dashboard/alerts"): lambda w: Call("GET", "/dashboard/alerts"),
    ("POST", "/dashboard/alerts/silences"): lambda w: Call("POST", "/dashboard/alerts/silences",
                                                           data={"duration": "1h", "task": "patrol-alpha"}),
    ("POST", "/dashboard/alerts/silences/{silence_id}/end"): lambda w: Call(
        "POST", f"/dashboard/alerts/silences/{w.fresh_silence()}/end"),
    ("GET", "/api/tasks"): lambda w: Call("GET", "/api/tasks"),
    ("POST", "/api/tasks"): lambda w: Call("POST", "/api/tasks", json=task_doc(w.unique("made"), None, rolling=True)),
    ("POST", "/api/tasks/preview"): lambda w: Call("POST", "/api/tasks/preview", json=task_doc("peek", None)),
    ("GET", "/api/tasks/{task_id}"): lambda w: Call("GET", "/api/tasks/patrol-alpha"),
    ("DELETE", "/api/tasks/{task_id}"): lambda w: Call("DELETE", f"/api/tasks/{w.fresh_task()}"),
    ("POST", "/api/tasks/{task_id}/run"): lambda w: Call("POST", f"/api/tasks/{w.fresh_task()}/run"),
    ("POST", "/api/tasks/{task_id}/pause"): lambda w: Call("POST", f"/api/tasks/{w.fresh_task()}/pause"),
    ("POST", "/api/tasks/{task_id}/resume"): lambda w: Call("POST", f"/api/tasks/{w.fresh_task()}/resume"),
    ("GET", "/api/tasks/{task_id}/runs"): lambda w: Call("GET", "/api/tasks/patrol-alpha/runs"),
    ("GET", "/api/tasks/{task_id}/scores"): lambda w: Call("GET", "/api/tasks/patrol-alpha/scores"),
    ("GET", "/api/runs/{run_id}"): lambda w: Call("GET", f"/api/runs/{w.runs['alpha']}"),
    ("GET", "/api/runs/{run_id}/results"): lambda w: Call("GET", f"/api/runs/{w.runs['alpha']}/results"),
    ("GET", "/api/runs/{run_id}/items"): lambda w: Call("GET", f"/api/runs/{w.runs['alpha']}/items"),
    ("GET", "/api/runs/{run_id}/summary"): lambda w: Call("GET", f"/api/runs/{w.runs['alpha']}/summary"),
    ("GET", "/api/compare"): lambda w: Call("GET", "/api/compare", params={"task": "patrol-alpha", "a": VERSIONS[0],
                                                                       "b": VERSIONS[1]}),
    ("GET", "/api/report"): lambda w: Call("GET", "/api/report", params={"task": "patrol-alpha", "format": "json"}),
    ("GET", "/api/traces"): lambda w: Call("GET", "/api/traces"),
    ("GET", "/api/traces/{trace_id}"): lambda w: Call("GET", f"/api/traces/{_alpha_trace(w)}"),
    ("GET", "/api/traces/{trace_id}/evaluations"): lambda w: Call("GET", f"/api/traces/{_alpha_trace(w)}/evaluations"),
    ("GET", "/api/traces/{trace_id}/annotations"): lambda w: Call("GET", f"/api/traces/{_alpha_trace(w)}/annotations"),
    ("POST", "/api/traces/{trace_id}/annotations"): lambda w: Call("POST", f"/api/traces/{_alpha_trace(w)}/annotations",
                                                                   json={"status": "flagged", "note": "checked"}),
    ("GET", "/api/traces/{trace_id}/annotations/history"): lambda w: Call(
        "GET", f"/api/traces/{_alpha_trace(w)}/annotations/history"),
    ("POST", "/api/annotations/import"): lambda w: Call(
        "POST", "/api/annotations/import", params={"format": "csv"},
        content=f"trace_id,status\n{_alpha_trace(w)},reviewed\n".encode(), headers={"content-type": "text/csv"}),
    ("GET", "/api/annotations/export"): lambda w: Call("GET", "/api/annotations/export"),
    ("GET", "/api/annotation-configs"): lambda w: Call("GET", "/api/annotation-configs"),
    ("POST", "/api/annotation-configs"): lambda w: Call("POST", "/api/annotation-configs",
                                                        json={"name": w.unique("label").replace("-", "_"), "kind": "categorical",
                                                              "values": ["right", "wrong"]}),
    ("GET", "/api/views"): lambda w: Call("GET", "/api/views"),
    ("PUT", "/api/views/{name}"): lambda w: Call("PUT", f"/api/views/{w.unique('view')}", json={"query": "status=ok"}),
    ("DELETE", "/api/views/{name}"): lambda w: Call("DELETE", f"/api/views/{w.fresh_view()}"),
    ("GET", "/dashboard"): lambda w: Call("GET", "/dashboard"),
    ("GET", "/dashboard/"): lambda w: Call("GET", "/dashboard/"),
    ("GET", "/dashboard/traces"): lambda w: Call("GET", "/dashboard/traces"),
    ("GET", "/dashboard/traces/{trace_id}"): lambda w: Call("GET", f"/dashboard/traces/{_alpha_trace(w)}"),
    ("GET", "/dashboard/traces/{trace_id}/spans/{span_id}"): lambda w: Call(
        "GET", f"/dashboard/traces/{_alpha_trace(w)}/spans/{w.spans[_alpha_trace(w)]}"),
    ("POST", "/dashboard/traces/{trace_id}/annotations"): lambda w: Call(
        "POST", f"/dashboard/traces/{_alpha_trace(w)}/annotations", data={"status": "flagged"}),
    ("GET", "/dashboard/tasks"): lambda w: Call("GET", "/dashboard/tasks"),
    ("GET", "/dashboard/tasks/new"): lambda w: Call("GET", "/dashboard/tasks/new"),
    ("POST", "/dashboard/tasks/new"): lambda w: Call("POST", "/dashboard/tasks/new", data={
        "name": w.unique("formed"), "when": "schedule", "every": "day", "start": "2026-01-01", "timezone": "UTC",
        "match": "all", "ratio_pct": "100", "max_items": "10", "evaluators": "trajectory_quality"}),
    ("POST", "/dashboard/tasks/preview"): lambda w: Call("POST", "/dashboard/tasks/preview", data={
        "name": "peek", "when": "now", "last": "1h", "match": "all", "ratio_pct": "100", "max_items": "10"}),
    ("GET", "/dashboard/tasks/{task_id}"): lambda w: Call("GET", "/dashboard/tasks/patrol-alpha"),
    ("GET", "/dashboard/tasks/{task_id}/live"): lambda w: Call("GET", "/dashboard/tasks/patrol-alpha/live"),
    ("GET", "/dashboard/tasks/{task_id}/edit"): lambda w: Call("GET", "/dashboard/tasks/patrol-alpha/edit"),
    ("POST", "/dashboard/tasks/{task_id}/{action}"): lambda w: Call("POST", f"/dashboard/tasks/{w.fresh_task()}/pause"),
    ("GET", "/dashboard/analysis"): lambda w: Call("GET", "/dashboard/analysis"),
    ("GET", "/dashboard/report"): lambda w: Call("GET", "/dashboard/report", params={"task": "patrol-alpha"}),
    ("GET", "/dashboard/views"): lambda w: Call("GET", "/dashboard/views"),
    ("POST", "/dashboard/views"): lambda w: Call("POST", "/dashboard/views", data={"name": w.unique("formed-view"),
                                                                                   "q": "status=ok"}),
    ("GET", "/dashboard/views.json"): lambda w: Call("GET", "/dashboard/views.json"),
    ("GET", "/dashboard/views/{name}"): lambda w: Call("GET", "/dashboard/views/view-alpha"),
    ("POST", "/dashboard/views/{name}/delete"): lambda w: Call("POST", f"/dashboard/views/{w.fresh_view()}/delete"),
    ("GET", "/dashboard/annotate"): lambda w: Call("GET", "/dashboard/annotate"),
    ("POST", "/dashboard/reviewer"): lambda w: Call("POST", "/dashboard/reviewer", data={"name": "Ann"}),
    ("POST", "/dashboard/annotate/labels"): lambda w: Call("POST", "/dashboard/annotate/labels", data={
        "name": w.unique("formed_label").replace("-", "_"), "kind": "categorical", "values": "right,wrong"}),
    ("POST", "/dashboard/annotate/queues"): lambda w: Call("POST", "/dashboard/annotate/queues",
                                                           data=queue_form(w.unique("queue"))),
    ("GET", "/dashboard/annotate/queues/{name}"): lambda w: Call("GET", "/dashboard/annotate/queues/" + w.queue),
    ("POST", "/dashboard/annotations"): lambda w: Call("POST", "/dashboard/annotations", data={
        "trace_id": _alpha_trace(w), "status": "reviewed"}, headers={"cookie": "tracepatrol_reviewer=Ann"}),
    ("GET", "/dashboard/annotations"): lambda w: Call("GET", "/dashboard/annotations"),
    ("GET", "/dashboard/annotations.csv"): lambda w: Call("GET", "/dashboard/annotations.csv"),
    ("POST", "/dashboard/annotations/import"): lambda w: Call(
        "POST", "/dashboard/annotations/import", content=f"trace_id,status\n{_alpha_trace(w)},reviewed\n".encode(),
        headers={"content-type": "text/csv"}),
    ("GET", "/dashboard/static/{name}"): lambda w: Call("GET", "/dashboard/static/dashboard.css"),
    ("GET", "/dashboard/login"): lambda w: Call("GET", "/dashboard/login"),
    ("POST", "/dashboard/login"): lambda w: Call("POST", "/dashboard/login", data={"key": w.keys["viewer-alpha"]},
                                                 follow=False),
    ("GET", "/dashboard/logout"): lambda w: Call("GET", "/dashboard/logout", follow=False),
}


def wait_until(what: str, check: Callable[[], bool], timeout: float) -> float:
    """Seconds until `check()` held; raises past `timeout`."""
    started = time.monotonic()
    wait_for(what, check, timeout, every=0.05)
    return time.monotonic() - started
