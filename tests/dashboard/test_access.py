"""With an API key, every dashboard page and static file refuses a request without it; the Bearer
header or the login form's session cookie opens them, a forged cookie does not; forms need their
session's CSRF token (or the Bearer header), and a login from another site's page is refused."""
from __future__ import annotations

import base64
import gzip
import hashlib
import re

import httpx
import pytest

from tests.dashboard.traffic import API_KEY, TASK

PAGES = ["/dashboard/", "/dashboard/tasks", f"/dashboard/tasks/{TASK}", "/dashboard/analysis",
         f"/dashboard/report?task={TASK}&format=md"]
STATIC = ["/dashboard/static/plotly.min.js", "/dashboard/static/charts.js", "/dashboard/static/ui.js"]
PUBLIC = "/dashboard/static/dashboard.css"  # the login page's look, nothing with data


@pytest.fixture(scope="module")
def urls(loaded):
    srv, _ = loaded
    trace_id = srv.get("/api/traces", limit=1).json()[0]["trace_id"]
    return srv, [*PAGES, f"/dashboard/traces/{trace_id}"]


def test_no_key_no_page(urls):
    srv, pages = urls
    for path in pages:
        resp = httpx.get(srv.api + path, timeout=30)
        assert resp.status_code == 401 and 'name="key"' in resp.text, path  # the login form, nothing else
        assert "tracepatrol_session" not in resp.headers.get("set-cookie", "")
    for path in STATIC:
        assert httpx.get(srv.api + path, timeout=30).status_code == 401, path
    css = httpx.get(srv.api + PUBLIC, timeout=30)
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css") and "--accent" in css.text
    browser = httpx.get(srv.api + PAGES[1], headers={"Sec-Fetch-Mode": "navigate"}, timeout=30)
    assert browser.status_code == 303 and browser.headers["location"] == "/dashboard/login?next=%2Fdashboard%2Ftasks"
    login = httpx.get(srv.api + browser.headers["location"], timeout=30)
    assert login.status_code == 200 and 'name="key"' in login.text and "<nav" not in login.text
    assert 'name="next" value="/dashboard/tasks"' in login.text
    forged = {"tracepatrol_session": "0" * 64}
    assert httpx.get(srv.api + PAGES[0], cookies=forged, timeout=30).status_code == 401
    assert httpx.get(srv.api + PAGES[0], headers={"Authorization": "Bearer wrong-key"}, timeout=30).status_code == 401
    assert httpx.get(srv.api + "/api/report", params={"task": TASK}, timeout=30).status_code == 401


def test_bearer_header_and_login_cookie(urls):
    srv, pages = urls
    for path in [*pages, *STATIC]:
        resp = httpx.get(srv.api + path, headers=srv.headers(), timeout=30)
        assert resp.status_code == 200, path
    js = httpx.get(srv.api + STATIC[0], headers=srv.headers(), timeout=30)
    assert js.headers["content-type"].startswith(("application/javascript", "text/javascript"))
    assert b"plotly.js" in js.content[:200] and len(js.content) > 1_000_000
    with httpx.Client(base_url=srv.api, timeout=30) as browser:
        wrong = browser.post("/dashboard/login", data={"key": "nope", "next": "/dashboard/tasks"})
        assert wrong.status_code == 401 and not browser.cookies
        resp = browser.post("/dashboard/login", data={"key": API_KEY, "next": "https://elsewhere.example/"})
        assert resp.status_code == 303 and resp.headers["location"] == "/dashboard/"  # never off-site
        cookie = resp.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie and API_KEY.lower() not in cookie
        for path in [*pages, *STATIC]:
            assert browser.get(path).status_code == 200, path
        assert browser.get("/api/traces").status_code == 401  # the cookie opens the dashboard only
        session = browser.cookies["tracepatrol_session"]
        browser.get("/dashboard/logout")
        assert browser.get(PAGES[0]).status_code == 401
    # logout revoked the session itself: a copy of the cookie opens nothing
    copied = httpx.get(srv.api + PAGES[0], cookies={"tracepatrol_session": session}, timeout=30)
    assert copied.status_code == 401


def test_each_login_gets_its_own_random_session(urls):
    srv, _ = urls
    cookies = []
    for _ in range(2):
        resp = httpx.post(srv.api + "/dashboard/login", data={"key": API_KEY}, timeout=30)
        cookies.append(resp.cookies["tracepatrol_session"])
        assert "max-age=43200" in resp.headers["set-cookie"].lower()  # 12 h
    assert cookies[0] != cookies[1]


def test_pages_carry_a_content_security_policy(urls):
    srv, _ = urls
    resp = httpx.get(srv.api + "/dashboard/", headers=srv.headers(), timeout=30)
    assert "script-src 'self'" in resp.headers["content-security-policy"]
    assert resp.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("path", [f"/dashboard/report?task={TASK}&format=html", f"/api/report?task={TASK}"])
def test_the_report_allows_exactly_its_own_inline_scripts(urls, path):
    srv, _ = urls
    resp = httpx.get(srv.api + path, headers=srv.headers(), timeout=60)
    assert resp.status_code == 200 and resp.headers["x-content-type-options"] == "nosniff"
    policy = resp.headers["content-security-policy"]
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src")).split()[1:]
    scripts = [s.encode() for s in re.findall(r"<script>(.*?)</script>", resp.text, re.S)]
    assert len(scripts) == 2  # the loader and charts.js; plotly.min.js is packed in a data block they unpack
    unpacked = gzip.decompress(base64.b64decode(re.search(r'id="plotly-gz">([^<]+)<', resp.text).group(1)))
    hashes = {f"'sha256-{base64.b64encode(hashlib.sha256(s).digest()).decode()}'" for s in [*scripts, unpacked]}
    assert set(script_src) == {"'self'"} | hashes  # an injected inline script would not run


def _token(client: httpx.Client, path: str = "/dashboard/tasks/new") -> str:
    return re.search(r'name="csrf" value="([0-9a-f]+)"', client.get(path).text).group(1)


def test_state_changing_dashboard_requests_need_the_sessions_csrf_token(urls):
    srv, _ = urls
    trace_id = srv.get("/api/traces", limit=1).json()[0]["trace_id"]
    target = f"/dashboard/traces/{trace_id}/annotations"
    form = {"status": "csrf_probe", "reviewer": "qa"}
    with httpx.Client(base_url=srv.api, timeout=30) as mine, httpx.Client(base_url=srv.api, timeout=30) as other:
        for client in (mine, other):
            assert client.post("/dashboard/login", data={"key": API_KEY}).status_code == 303
        token, others = _token(mine), _token(other)
        assert token != others  # bound to the session
        assert mine.post(target, data=form).status_code == 403  # a cross-site form: the cookie, no token
        assert mine.post(target, data=form | {"csrf": others}).status_code == 403
        assert mine.post(f"/dashboard/tasks/{TASK}/pause", data={"csrf": "0" * 64}).status_code == 403
        assert mine.post("/dashboard/tasks/preview", data={"name": "x"}).status_code == 403
        before = srv.get(f"/api/traces/{trace_id}/annotations")
        assert before.status_code == 404 or before.json()["status"] != "csrf_probe"  # nothing was written
        assert mine.post(target, data=form | {"csrf": token}).status_code == 303
        assert srv.get(f"/api/traces/{trace_id}/annotations").json()["status"] == "csrf_probe"
        preview = mine.post("/dashboard/tasks/preview", data={"name": "x", "last": "24h", "ratio_pct": "10",
                                                              "max_items": "5"}, headers={"X-CSRF-Token": token})
        assert preview.status_code == 200 and "candidates" in preview.json()["preview"]
        assert mine.post("/api/tasks/preview", json={}).status_code == 401  # the cookie still opens no API
    assert httpx.post(srv.api + target, data=form | {"csrf": token}, timeout=30).status_code == 401  # no session
    # the Bearer header needs no token: no other site can make a browser send it
    bearer = httpx.post(srv.api + target, data={"status": "bearer_probe"}, headers=srv.headers(), timeout=30)
    assert bearer.status_code == 303 and srv.get(f"/api/traces/{trace_id}/annotations").json()["status"] == "bearer_probe"


def test_a_login_posted_from_another_site_is_refused(urls):
    srv, _ = urls
    resp = httpx.post(srv.api + "/dashboard/login", data={"key": API_KEY}, headers={"Origin": "https://evil.example"},
                      timeout=30)
    assert resp.status_code == 403 and "tracepatrol_session" not in resp.headers.get("set-cookie", "")
