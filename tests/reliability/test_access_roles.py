"""Who may do what, against a running server: every route of the API port (read from the app's
own route table) as every role and without a key, OTLP over HTTP and gRPC per role, two
projects that never see each other, revocation within seconds, and no secret at rest.

Allowed gets 2xx, a role below the route's rule 403 naming the role needed, no key 401. A route
added without a rule fails `tests/test_route_rules.py`; one without an example request here
fails `test_every_route_has_an_example`.
"""
from __future__ import annotations

import subprocess
import time

import grpc
import httpx
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

from infra.access.roles import Principal, needs
from tests.reliability.access_world import (EXAMPLES, PROTOBUF, ROLES, Call, build_world, make_key, trace_request,
                                            task_doc, wait_until)
from tests.test_route_rules import full_app
from tracepatrol.api.rules import OPEN, rule_for, routes
from tracepatrol.harness.process import tracepatrol

ROUTES = sorted(set(routes(full_app())))
PRINCIPALS = (None, *ROLES)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    w = build_world(tmp_path_factory.mktemp("access-roles"))
    yield w
    w.srv.stop()


def _allowed(role: str, rule: str) -> bool:
    return rule == OPEN or Principal("k", role).may(rule)


def test_every_route_has_an_example():
    assert [f"{m} {p}" for m, p in ROUTES if (m, p) not in EXAMPLES] == []


@pytest.mark.parametrize("method,path", ROUTES, ids=[f"{m} {p}" for m, p in ROUTES])
def test_each_role_on_each_route(world, method, path):
    rule = rule_for(path, method)
    for role in PRINCIPALS:
        call = EXAMPLES[(method, path)](world)
        resp = world.call(role, call)
        if rule == OPEN:  # the same for everyone; a login answers with a redirect to where it leads
            assert resp.status_code < (400 if not call.follow else 300), (role, method, path, resp.status_code)
            continue
        expected = "401" if role is None else "2xx" if _allowed(role, rule) else "403"
        if expected == "2xx":
            assert 200 <= resp.status_code < 300, (role, method, path, resp.status_code, resp.text[:500])
        elif expected == "401":
            assert resp.status_code == 401, (method, path, resp.status_code, resp.text[:300])
        else:
            assert resp.status_code == 403 and needs(rule) in resp.text, (role, method, path, resp.text[:300])
            assert f"({role}," in resp.text  # and says which role the key has


def _otlp_http(world, role, project="alpha") -> int:
    req, _ = trace_request("f", 0)
    return httpx.post(world.srv.otlp_http, content=req.SerializeToString(),
                      headers={**PROTOBUF, **world.headers(role, project)}, timeout=30).status_code


def _otlp_grpc(world, role, project="alpha") -> grpc.StatusCode:
    req, _ = trace_request("e", 0)
    key = world.key_of(role, project)
    with grpc.insecure_channel(world.srv.otlp_grpc) as channel:
        stub = trace_service_pb2_grpc.TraceServiceStub(channel)
        try:
            stub.Export(req, metadata=[("authorization", f"Bearer {key}")] if key else [], timeout=30)
        except grpc.RpcError as exc:
            return exc.code()
    return grpc.StatusCode.OK


def test_otlp_takes_spans_from_ingest_editor_and_admin_keys_only(world):
    http = {role: _otlp_http(world, role) for role in PRINCIPALS}
    assert http == {None: 401, "ingest": 200, "viewer": 403, "editor": 200, "admin": 200}
    rpc = {role: _otlp_grpc(world, role) for role in PRINCIPALS}
    assert rpc == {None: grpc.StatusCode.UNAUTHENTICATED, "ingest": grpc.StatusCode.OK,
                   "viewer": grpc.StatusCode.PERMISSION_DENIED, "editor": grpc.StatusCode.OK,
                   "admin": grpc.StatusCode.OK}


def _gets(world):
    """Every GET route of the API port with its example, as a viewer of alpha asks it."""
    return [(path, EXAMPLES[("GET", path)](world)) for method, path in ROUTES if method == "GET"]


def test_a_viewer_of_one_project_never_sees_the_other(world):
    beta_traces = world.traces["beta"]
    beta_words = [*beta_traces, "patrol-beta", world.runs["beta"]]
    for project, other in (("alpha", "beta"), ("beta", "alpha")):
        hidden = [*world.traces[other], f"patrol-{other}", world.runs[other], f"view-{other}"]
        for path, call in _gets(world):
            resp = world.call("viewer", call, project)
            body = resp.text
            # a refusal may name what was asked for ("no task 'patrol-alpha'"): the request said it, not the server
            leaked = [w for w in hidden if w in body and not (resp.status_code in (403, 404) and w in repr(call))]
            assert not leaked, (project, path, leaked)
    # Asked for by name, the other project's things are not found (as if they did not exist).
    for url in (f"/api/traces/{beta_traces[0]}", f"/api/tasks/patrol-beta", f"/api/runs/{world.runs['beta']}",
                f"/dashboard/traces/{beta_traces[0]}", "/dashboard/tasks/patrol-beta", "/dashboard/views/view-beta"):
        resp = httpx.get(world.srv.api + url, headers=world.headers("viewer", "alpha"), timeout=30)
        assert resp.status_code == 404, (url, resp.status_code)
    assert beta_words  # both projects' traces share a prefix and attributes: nothing above told them apart by data


def test_a_prefix_search_and_the_counts_stay_in_the_project(world):
    rows = httpx.get(world.srv.api + "/api/traces", params={"limit": 1000}, headers=world.headers("viewer", "alpha"),
                     timeout=30).json()
    seen = {r["trace_id"] for r in rows}  # alpha's, and any the OTLP test above sent with alpha's keys
    assert seen >= set(world.traces["alpha"]) and not seen & set(world.traces["beta"])
    everything = world.admin("GET", "/api/traces", params={"limit": 1000}).json()
    assert len(everything) > len(seen)
    metrics = httpx.get(world.srv.api + "/metrics", headers=world.headers("viewer", "alpha"), timeout=30).text
    assert f"tracepatrol_trajectories_total {len(seen)}.0" in metrics  # alpha's, not the server's
    assert "spans_received" not in metrics  # server-wide counters are for admins


def test_a_task_in_one_project_never_samples_the_other(world):
    items = world.admin("GET", f"/api/runs/{world.runs['alpha']}").json()["items"]
    assert sorted(i["trace_id"] for i in items) == sorted(world.traces["alpha"])
    items = world.admin("GET", f"/api/runs/{world.runs['beta']}").json()["items"]
    assert sorted(i["trace_id"] for i in items) == sorted(world.traces["beta"])
    preview = httpx.post(world.srv.api + "/api/tasks/preview", headers=world.headers("editor", "beta"), timeout=60,
                         json={"name": "peek", "window": {"mode": "backfill", "last": "1h"},
                               "filters": [{"field": "trace_id", "op": "contains", "value": "5eed"}]}).json()
    assert preview


def test_a_saved_view_belongs_to_the_project_of_the_key_that_saved_it(world):
    names = lambda role, project: {v["name"]: v["project"] for v in httpx.get(
        world.srv.api + "/api/views", headers=world.headers(role, project), timeout=30).json()}
    assert names("viewer", "beta") == {"view-beta": "beta"}
    assert {"view-alpha": "alpha", "view-beta": "beta"}.items() <= names("admin", "alpha").items()
    httpx.put(world.srv.api + "/api/views/view-alpha", json={"query": "status=error"},  # the same name, its own
              headers=world.headers("editor", "beta"), timeout=30).raise_for_status()
    assert names("viewer", "beta") == {"view-alpha": "beta", "view-beta": "beta"}
    alpha = httpx.get(world.srv.api + "/dashboard/views/view-alpha", headers=world.headers("viewer", "alpha"),
                      timeout=30, follow_redirects=False)
    assert "status=ok" in alpha.headers["location"]  # alpha's own view, not beta's of the same name


def test_annotations_are_signed_by_the_key_not_by_the_form(world):
    trace_id = world.traces["alpha"][1]
    resp = world.call("editor", Call("POST", f"/dashboard/traces/{trace_id}/annotations",
                                     data={"status": "reviewed", "author": "someone-else", "reviewer": "someone-else"}))
    assert resp.status_code == 200, resp.text[:300]
    latest = world.admin("GET", f"/api/traces/{trace_id}/annotations").json()
    assert latest["author"] == "editor-alpha", latest
    resp = world.call("editor", Call("POST", f"/api/traces/{trace_id}/annotations",
                                     json={"status": "flagged", "author": "someone-else"}))
    assert resp.status_code == 201 and resp.json()["author"] == "editor-alpha", resp.text[:300]
    beta_trace = world.traces["beta"][0]  # another project's trace is not there to annotate
    resp = world.call("editor", Call("POST", f"/api/traces/{beta_trace}/annotations", json={"status": "flagged"}))
    assert resp.status_code == 404


def test_a_key_cannot_make_tasks_in_another_project(world):
    doc = {"name": "sneaky", "project": "beta", "window": {"mode": "backfill", "last": "1h"}}
    resp = httpx.post(world.srv.api + "/api/tasks", json=doc, headers=world.headers("editor", "alpha"), timeout=30)
    assert resp.status_code == 403 and "beta" in resp.text


def test_a_revoked_key_is_refused_within_5_s_and_ends_its_sessions(world):
    secret = world.admin("POST", "/api/keys", json={"name": "short-lived", "role": "ingest",
                                                    "project": "alpha"}).json()["secret"]
    req, _ = trace_request("d", 0)
    post = lambda: httpx.post(world.srv.otlp_http, content=req.SerializeToString(), timeout=30,
                              headers={**PROTOBUF, "Authorization": f"Bearer {secret}"}).status_code
    assert post() == 200
    subprocess.run(tracepatrol("keys", "revoke", "short-lived", "--api", world.srv.api, "--api-key",
                               world.keys["admin"]), check=True, capture_output=True)
    took = wait_until("the revoked key refused", lambda: post() == 401, 5)
    assert took < 5


def test_no_secret_at_rest_in_the_file_the_log_or_keys_list(world):
    listed = subprocess.run(tracepatrol("keys", "list", "--json", "--api", world.srv.api, "--api-key",
                                        world.keys["admin"]), capture_output=True, text=True, check=True).stdout
    world.admin("GET", "/api/stats")  # the writer commits; the file holds what it holds
    time.sleep(0.5)
    stored = world.srv.db.read_bytes() + world.srv.db.with_suffix(".duckdb.wal").read_bytes() \
        if world.srv.db.with_suffix(".duckdb.wal").exists() else world.srv.db.read_bytes()
    log = world.srv.log.read_text(errors="replace")
    assert world.keys
    for name, secret in world.keys.items():
        tail = secret.split("_", 3)[3]  # the random part: what a leak would carry
        assert tail.encode() not in stored, name
        assert tail not in log and tail not in listed, name
    assert "tp_" not in listed and "digest" not in listed



def test_task_changes_are_in_the_audit_log_signed_by_the_key(world):
    name = world.unique("audited")
    resp = world.call("editor", Call("POST", "/api/tasks", json=task_doc(name, "alpha", rolling=True)))
    assert resp.status_code == 201 and resp.json()["task"]["created_by"] == "editor-alpha"
    assert world.call("editor", Call("POST", f"/api/tasks/{name}/pause")).status_code == 200
    assert world.call("editor", Call("DELETE", f"/api/tasks/{name}")).status_code == 204
    log = [e for e in world.admin("GET", "/api/audit", params={"limit": 1000}).json() if e["target"] == name]
    assert [(e["action"], e["actor"], e["role"], e["project"]) for e in reversed(log)] == [
        ("task.created", "editor-alpha", "editor", "alpha"), ("task.paused", "editor-alpha", "editor", "alpha"),
        ("task.deleted", "editor-alpha", "editor", "alpha")]
