"""DNS rebinding and cross-site requests against a running server with no key (the default): a
web page whose name is re-pointed at 127.0.0.1 reaches the server as its own origin, so nothing
but the Host header tells it apart; the server refuses that Host (400, naming allowed_hosts),
refuses state changes from another Origin (403), and gives every browser a CSRF token of its own.
OTLP/HTTP keeps taking any Host (exporters send container and service names) and refuses web
pages by their Origin."""
from __future__ import annotations

import re

import httpx
import pytest
import yaml

from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.process import make_server

REBOUND = "rebind.example"
TASK_FORM = {"name": "rebound", "last": "1h", "ratio_pct": "100", "max_items": "5"}


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    server = make_server(tmp_path_factory.mktemp("rebinding"), "--decision-wait", "0.3").start()
    yield server
    server.stop()


def _token(page: httpx.Response) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]+)"', page.text).group(1)


def test_a_rebound_name_reads_nothing_and_changes_nothing(srv):
    """What a rebinding page does: read the API, read the task form's CSRF token, post a task.
    Before the Host check all three worked (200, 200, 303) and the task was created."""
    origin = f"http://{REBOUND}:{srv.api_port}"
    with httpx.Client(base_url=srv.api, headers={"Host": f"{REBOUND}:{srv.api_port}"}, timeout=30) as page:
        read = page.get("/api/traces")
        form = page.get("/dashboard/tasks/new")
        posted = page.post("/dashboard/tasks/new", data=TASK_FORM | {"csrf": "x"}, headers={"Origin": origin})
    print(f"\nrebound name: GET /api/traces {read.status_code}, task form {form.status_code}, POST {posted.status_code}")
    for resp in (read, form, posted):
        assert resp.status_code == 400 and "allowed_hosts" in resp.json()["detail"], resp.text
    assert httpx.get(srv.api + "/api/tasks/rebound", timeout=30).status_code == 404


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "LOCALHOST.", "app.localhost", "[::1]", "10.1.2.3"])
def test_addresses_and_localhost_are_served(srv, host):
    resp = httpx.get(srv.api + "/api/traces", headers={"Host": f"{host}:{srv.api_port}"}, timeout=30)
    assert resp.status_code == 200, resp.text


def test_health_answers_any_name(srv):
    assert httpx.get(srv.api + "/healthz", headers={"Host": REBOUND}, timeout=30).status_code == 200


def test_state_changes_from_another_origin_are_refused(srv):
    with httpx.Client(base_url=srv.api, timeout=30) as browser:
        token = _token(browser.get("/dashboard/tasks/new"))
        for origin in ("http://evil.example", "null", f"http://127.0.0.1:{srv.api_port + 1}"):
            resp = browser.post("/dashboard/tasks/new", data=TASK_FORM | {"csrf": token}, headers={"Origin": origin})
            assert resp.status_code == 403 and "Origin" in resp.json()["detail"], (origin, resp.text)
        api = httpx.post(srv.api + "/api/tasks/preview", json={}, headers={"Origin": "http://evil.example"}, timeout=30)
        assert api.status_code == 403  # the JSON API too
        own = browser.post("/dashboard/tasks/new", data=TASK_FORM | {"name": "same-origin", "csrf": token},
                           headers={"Origin": f"http://127.0.0.1:{srv.api_port}"})
        assert own.status_code == 303, own.text
        assert browser.get("/dashboard/tasks", headers={"Origin": "http://evil.example"}).status_code == 200  # reads


def test_every_browser_gets_a_csrf_token_of_its_own_without_a_key(srv):
    """Before: no key, no session, and every visitor's pages carried the same token."""
    with httpx.Client(base_url=srv.api, timeout=30) as mine, httpx.Client(base_url=srv.api, timeout=30) as theirs:
        first = mine.get("/dashboard/tasks/new")
        cookie = first.headers["set-cookie"].lower()
        assert "tracepatrol_session=" in cookie and "httponly" in cookie and "samesite=strict" in cookie
        token, others = _token(first), _token(theirs.get("/dashboard/tasks/new"))
        assert token != others
        assert _token(mine.get("/dashboard/tasks/new")) == token  # stable for the browser's session
        assert mine.post("/dashboard/tasks/new", data=TASK_FORM | {"csrf": others}).status_code == 403
        assert httpx.post(srv.api + "/dashboard/tasks/new", data=TASK_FORM | {"csrf": token},
                          timeout=30).status_code == 403  # a cross-site form arrives without the SameSite cookie
        assert mine.post("/dashboard/tasks/new", data=TASK_FORM | {"name": "own-token", "csrf": token}).status_code == 303


def test_otlp_http_takes_any_host_but_no_web_page(srv):
    body = request_with_spans(2)[0].SerializeToString()
    proto = {"Content-Type": "application/x-protobuf"}
    exporter = httpx.post(srv.otlp_http, content=body, headers=proto | {"Host": "otel-collector:4318"}, timeout=30)
    assert exporter.status_code == 200  # a container name, as exporters in compose send it
    page = httpx.post(srv.otlp_http, content=body, timeout=30,
                      headers=proto | {"Host": f"{REBOUND}:{srv.http_port}", "Origin": f"http://{REBOUND}:{srv.http_port}"})
    assert page.status_code == 403 and page.headers["content-type"] == "application/x-protobuf"


def test_allowed_hosts(tmp_path):
    config = tmp_path / "tp.yaml"
    config.write_text(yaml.safe_dump({"allowed_hosts": ["tp.example.com", ".corp.example"]}))
    server = make_server(tmp_path, "--config", str(config)).start()
    try:
        def status(host: str, **headers) -> int:
            return httpx.get(server.api + "/api/traces", headers={"Host": host, **headers}, timeout=30).status_code

        assert [status(h) for h in ("tp.example.com", "corp.example", "a.b.corp.example:8443")] == [200] * 3
        assert [status(h) for h in ("example.com", "xcorp.example", REBOUND)] == [400] * 3
        # behind a proxy that rewrote Host, a page from an allowed name may still post
        with httpx.Client(base_url=server.api, timeout=30) as browser:
            token = _token(browser.get("/dashboard/tasks/new"))
            resp = browser.post("/dashboard/tasks/new", data=TASK_FORM | {"csrf": token},
                                headers={"Origin": "https://tp.example.com"})
            assert resp.status_code == 303, resp.text
    finally:
        server.stop()
    config.write_text(yaml.safe_dump({"allowed_hosts": ["*"]}))
    server = make_server(tmp_path, "--config", str(config)).start()
    try:
        assert status(REBOUND) == 200  # the check is off
    finally:
        server.stop()
