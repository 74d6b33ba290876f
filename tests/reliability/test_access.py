"""Access: SQL injection tried on every REST parameter the OpenAPI schema lists
(new endpoints are covered without touching this test) and on task filters; receivers and the
API listen on 127.0.0.1 unless told otherwise."""
from __future__ import annotations

import ipaddress
import re
import time
import urllib.parse

import duckdb
import httpx
import psutil
import pytest

from tests.otel_traffic import TraceSpec, send
from tracepatrol.harness.process import make_server

INJECTIONS = (
    "' OR '1'='1", "1; DROP TABLE traces; --", "x' UNION SELECT span_id FROM spans --",
    '"; DELETE FROM spans; --', "traces WHERE 1=1 --", "1) OR (1=1", "$1", "?", "' || (SELECT version()) || '",
    "%' AND 1=1 AND '%'='", "\\'; CHECKPOINT; --", "(", "[a-", "../../etc/passwd", "spans",
)
# What a query or message that reached DuckDB as text would leak.
SQL_ERROR = re.compile(r"Parser Error|Binder Error|Catalog Error|syntax error at or near|duckdb\.|"
                       r"Invalid Input Error|Conversion Error|Traceback", re.I)
SENTINEL = "injection_canary"


def _benign(schema: dict, name: str) -> str:
    """A value the parameter accepts, so that each request differs from a valid one in one place."""
    schema = next((s for s in schema.get("anyOf", []) if s.get("type") != "null"), schema)
    if "enum" in schema:
        return str(schema["enum"][0])
    return {"integer": "1", "number": "1", "boolean": "true"}.get(schema.get("type"), "2026-01-01T00:00:00"
                                                                  if schema.get("format") == "date-time" else "x")


def _operations(spec: dict):
    for path, item in spec["paths"].items():
        for method, op in item.items():
            params = [p for p in op.get("parameters", []) if p["in"] in ("path", "query")]
            if params:
                yield method.upper(), path, params


def _call(client: httpx.Client, method: str, path: str, params: list, target: str, payload: str) -> httpx.Response:
    values = {p["name"]: payload if p["name"] == target else _benign(p.get("schema", {}), p["name"]) for p in params}
    url = path
    for p in params:
        if p["in"] == "path":
            url = url.replace("{%s}" % p["name"], urllib.parse.quote(values.pop(p["name"]), safe=""))
    return client.request(method, url, params=values, json={} if method in ("POST", "PUT", "PATCH") else None)


def _tables(db) -> dict[str, int]:
    with duckdb.connect(str(db), read_only=True) as con:
        names = [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()]
        return {n: con.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}


@pytest.fixture(scope="module")
def populated(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("access")
    srv = make_server(tmp, "--decision-wait", "0.3").start()
    ids = send(srv.otlp_http, [TraceSpec(user_id=SENTINEL) for _ in range(5)])
    for tid in ids:
        srv.wait_for_trace(tid)
    yield srv
    srv.stop()


def test_injections_in_every_api_parameter_never_reach_sql(populated):
    srv = populated
    before = srv.get("/api/stats").json()
    spec = httpx.get(srv.api + "/openapi.json", timeout=30).json()
    operations = list(_operations(spec))
    assert {"/api/traces", "/api/traces/{trace_id}", "/api/tasks/{task_id}"} <= {p for _, p, _ in operations}
    tried, failures = 0, []
    with httpx.Client(base_url=srv.api, timeout=30) as client:
        for method, path, params in operations:
            for target in (p["name"] for p in params):
                for payload in INJECTIONS:
                    resp = _call(client, method, path, params, target, payload)
                    tried += 1
                    if resp.status_code >= 500 or SQL_ERROR.search(resp.text):
                        failures.append(f"{method} {path} {target}={payload!r}: {resp.status_code} {resp.text[:200]}")
    assert not failures, "\n".join(failures)
    after = srv.get("/api/stats").json()
    assert (after["spans"], after["traces"]) == (before["spans"], before["traces"])
    # an injected user id matches nothing, rather than everything
    assert srv.get("/api/traces", user_id="' OR '1'='1").json() == []
    assert len(srv.get("/api/traces", user_id=SENTINEL).json()) == 5
    print(f"\ninjection: {tried} requests over {len(operations)} operations, no 5xx, no SQL text")


@pytest.mark.parametrize("field, op", [
    ("user_id", "eq"), ("input", "contains"), ("input", "regex"), ("attr.user.id", "eq"),
    ("attr.x') OR 1=1 --", "eq"), ('attr."; DROP TABLE traces; --', "exists"), ("' OR 1=1 --", "eq"),
    ("session_id", "in"),
])
def test_injections_in_task_filters_are_values_not_sql(populated, field, op):
    srv = populated
    with httpx.Client(base_url=srv.api, timeout=30) as client:
        for payload in INJECTIONS:
            value = None if op == "exists" else ([payload, "' OR '1'='1"] if op == "in" else payload)
            doc = {"name": "inj", "window": {"mode": "backfill", "last": "1h"},
                   "filters": [{"field": field, "op": op, **({} if value is None else {"value": value})}]}
            resp = client.post("/api/tasks/preview", json=doc)
            assert resp.status_code < 500 and not SQL_ERROR.search(resp.text), (field, op, payload, resp.text[:300])
            if resp.status_code == 200 and op != "exists" and field != "attr.user.id":
                assert resp.json()["selected"] == [], (field, payload)  # matched as text: nothing has it
    after = srv.get("/api/stats").json()
    assert after["traces"] == 5


def test_tables_are_intact_after_the_sweep(populated):
    srv = populated
    srv.get("/api/traces", user_id="'; DROP TABLE traces; --")
    srv.stop()
    tables = _tables(srv.db)
    assert {"spans", "traces", "tool_calls", "tasks", "run_items", "eval_results"} <= tables.keys()
    assert tables["traces"] == 5 and tables["spans"] == 15
    srv.start()


def test_every_listener_binds_loopback_by_default(populated):
    srv = populated
    listening = {c.laddr for c in psutil.Process(srv.proc.pid).net_connections(kind="inet")
                 if c.status == psutil.CONN_LISTEN}
    ports = {port for _, port in listening}
    assert {srv.http_port, srv.grpc_port, srv.api_port} <= ports
    addresses = {ipaddress.ip_address(ip) for ip, _ in listening}
    # gRPC listens on a dual-stack socket: 127.0.0.1 shows as ::ffff:127.0.0.1, still loopback only
    assert {a.ipv4_mapped or a for a in addresses if a.version == 6} | {a for a in addresses if a.version == 4} \
        == {ipaddress.ip_address("127.0.0.1")}, listening


# -- with a key: schema and docs need it, sessions expire, login guesses are limited
KEY = "access-test-key"
SESSION_S = 3.0


@pytest.fixture(scope="module")
def keyed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("keyed")
    config = tmp / "tp.yaml"
    config.write_text(f"session_hours: {SESSION_S / 3600}\nauth_failures_per_minute: 10\n")
    srv = make_server(tmp, "--config", str(config), api_key=KEY).start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("path", ["/openapi.json", "/docs", "/redoc", "/docs/oauth2-redirect"])
def test_schema_and_docs_need_the_key(keyed, path):
    resp = httpx.get(keyed.api + path, timeout=30)
    assert resp.status_code == 401 and "API key" in resp.json()["detail"], path
    assert httpx.get(keyed.api + path, headers=keyed.headers(), timeout=30).status_code == 200, path


def test_a_session_expires(keyed):
    """Sent by hand: a cookie jar drops the cookie itself at Max-Age (in whole seconds)."""
    before = time.monotonic()
    login = httpx.post(keyed.api + "/dashboard/login", data={"key": KEY}, timeout=30)
    logged_in = time.monotonic()
    cookie = {"Cookie": f"tracepatrol_session={login.cookies['tracepatrol_session']}"}

    def status() -> int:
        return httpx.get(keyed.api + "/dashboard/tasks", headers=cookie, timeout=30).status_code

    assert status() == 200
    while status() == 200 and time.monotonic() - logged_in < SESSION_S + 5:
        time.sleep(0.1)
    refused = time.monotonic()
    assert status() == 401
    # the session began between `before` and `logged_in`
    assert refused - before >= SESSION_S and refused - logged_in < SESSION_S + 5


def _from(address: str) -> httpx.Client:
    """A client whose connections come from `address` (127.0.0.0/8 is all loopback on Linux)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30)


def test_login_guesses_are_limited_per_client_not_the_right_key(keyed):
    login = keyed.api + "/dashboard/login"
    with _from("127.0.0.3") as guesser, _from("127.0.0.4") as neighbour:
        stale = [guesser.post(login, data={"key": "stale-key"}).status_code for _ in range(7)]
        assert stale == [401] * 5 + [429] * 2, stale  # one wrong key: refused after 5 (per key)
        assert guesser.post(login, data={"key": KEY}).status_code == 303  # the right key still works
        rotating = [guesser.post(login, data={"key": f"guess-{i}"}).status_code for i in range(7)]
        assert rotating == [401] * 5 + [429] * 2, rotating  # 10 failures from this address in all
        limited = guesser.post(login, data={"key": KEY})
        assert limited.status_code == 429 and 1 <= int(limited.headers["retry-after"]) <= 60  # a guessing address
        assert "Too many failed logins" in limited.text
        # one budget for every key check: the guessing address's Bearer requests are refused unchecked too
        assert guesser.get(keyed.api + "/api/stats", headers=keyed.headers()).status_code == 429
        # another address is not held to it
        assert neighbour.post(login, data={"key": KEY}).status_code == 303
        assert neighbour.get(keyed.api + "/api/stats", headers=keyed.headers()).status_code == 200
