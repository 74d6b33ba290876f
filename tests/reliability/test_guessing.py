"""Guessing the API key against a running server: every listener (dashboard login, REST API,
dashboard with Authorization, OTLP/HTTP, OTLP/gRPC) counts failed key checks per client address
before comparing, so concurrent guesses cannot all be compared; past the budget it answers 429
with Retry-After (gRPC: RESOURCE_EXHAUSTED with a RetryInfo) without comparing; and the right key
is refused only to the address that is guessing.

Clients come from chosen loopback addresses (127.0.0.0/8 is all loopback on Linux); gRPC clients,
which cannot choose theirs, name one in `x-forwarded-for`, believed because 127.0.0.1 is
configured as a trusted proxy."""
from __future__ import annotations

import collections
import itertools
import time

import grpc
import httpx
import pytest
import yaml
from google.rpc import error_details_pb2

from tests.otlp_payloads import request_with_spans
from tests.reliability.attackers import connect
from tracepatrol.harness.process import make_server

KEY = "guessing-test-key"
PER_CLIENT, PER_KEY = 10, 5
EXPORT = "/opentelemetry.proto.collector.trace.v1.TraceService/Export"
BODY = request_with_spans(2)[0].SerializeToString()
_addresses = (f"127.0.0.{i}" for i in itertools.count(20))  # a fresh client address per use


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("guessing")
    config = tmp / "tp.yaml"
    config.write_text(yaml.safe_dump({
        "auth_failures_per_minute": PER_CLIENT, "auth_failures_per_key_per_minute": PER_KEY,
        "trusted_proxies": ["127.0.0.1"],
        # room for 300 connections from one address: the login race, not the connection cap, is tested
        "http_max_connections": 4096, "http_max_connections_per_address": 1024}))
    server = make_server(tmp, "--decision-wait", "0.3", "--config", str(config), api_key=KEY).start()
    yield server
    server.stop()


def _client(address: str) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30)


class Listener:
    """One way of presenting a key, from one client address; `attempt(key)` gives a status."""

    def __init__(self, srv, name: str):
        self.srv, self.name, self.address = srv, name, next(_addresses)
        self.forwarded = "10.0.0." + self.address.rpartition(".")[2]  # the gRPC client's address
        self.http = _client(self.address)
        self.grpc = grpc.insecure_channel(srv.otlp_grpc)
        self.retry_after: list[int] = []

    def attempt(self, key: str):
        srv, auth = self.srv, {"Authorization": f"Bearer {key}"}
        if self.name == "login":
            resp = self.http.post(srv.api + "/dashboard/login", data={"key": key})
        elif self.name == "api":
            resp = self.http.get(srv.api + "/api/stats", headers=auth)
        elif self.name == "dashboard":
            resp = self.http.get(srv.api + "/dashboard/tasks", headers=auth)
        elif self.name == "otlp_http":
            resp = self.http.post(srv.otlp_http, content=BODY, headers=auth | {"Content-Type": "application/x-protobuf"})
        else:
            return self._grpc(key)
        if resp.status_code == 429:
            self.retry_after.append(int(resp.headers["retry-after"]))
        return resp.status_code

    def _grpc(self, key: str):
        call = self.grpc.unary_unary(EXPORT)
        try:
            call(BODY, timeout=10, metadata=[("authorization", f"Bearer {key}"), ("x-forwarded-for", self.forwarded)])
        except grpc.RpcError as exc:
            if exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                info = dict(exc.trailing_metadata())["google.rpc.retryinfo-bin"]
                self.retry_after.append(error_details_pb2.RetryInfo.FromString(info).retry_delay.seconds)
            return exc.code().name
        return 200

    def close(self) -> None:
        self.http.close()
        self.grpc.close()


CHECKED = {401, "UNAUTHENTICATED"}
THROTTLED = {429, "RESOURCE_EXHAUSTED"}
ACCEPTED = {200, 303}
LISTENERS = ["login", "api", "dashboard", "otlp_http", "otlp_grpc"]


@pytest.fixture
def listener(srv, request):
    made: list[Listener] = []

    def make(name: str) -> Listener:
        made.append(Listener(srv, name))
        return made[-1]
    yield make
    for each in made:
        each.close()


def test_concurrent_wrong_logins_are_counted_before_any_is_compared(srv):
    """300 logins whose headers all arrive before any body: each handler waits for its body while
    the others are compared, the race that let all 300 be compared."""
    socks = []
    address = next(_addresses)
    for i in range(300):
        form = f"key=guess-{i:04d}".encode()
        sock = connect(srv.api_port, address, timeout=60)
        sock.sendall(b"POST /dashboard/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n" % len(form))
        socks.append((sock, form))
    time.sleep(0.5)
    for sock, form in socks:
        sock.sendall(form)
    statuses = collections.Counter()
    for sock, _ in socks:
        statuses[int(sock.recv(64).split(b" ")[1])] += 1
        sock.close()
    print(f"\n300 concurrent wrong logins: {statuses[401]} compared, {statuses[429]} refused with 429")
    assert statuses == {401: PER_CLIENT, 429: 300 - PER_CLIENT}


@pytest.mark.parametrize("name", LISTENERS)
def test_guessing_as_fast_as_possible_gets_the_budget_and_no_more(srv, listener, name):
    guesser = listener(name)
    statuses = collections.Counter()
    start = time.monotonic()
    for i in itertools.count():
        statuses[guesser.attempt(f"guess-{i}")] += 1
        if time.monotonic() - start > 2:
            break
    elapsed = time.monotonic() - start
    checked = sum(n for s, n in statuses.items() if s in CHECKED)
    print(f"\n{name}: {sum(statuses.values())} guesses in {elapsed:.1f} s, {checked} compared "
          f"({checked / elapsed:.1f}/s), the rest refused: {dict(statuses)}")
    assert checked == PER_CLIENT and set(statuses) <= CHECKED | THROTTLED, statuses
    assert guesser.retry_after and all(1 <= s <= 60 for s in guesser.retry_after)  # a delay to back off for
    assert guesser.attempt(KEY) in THROTTLED  # the guessing address is refused whatever it presents
    assert listener(name).attempt(KEY) in ACCEPTED  # the right key from anywhere else is not


@pytest.mark.parametrize("name", LISTENERS)
def test_a_stale_key_does_not_lock_out_the_right_one(srv, listener, name):
    """A client retrying one wrong key is refused after `auth_failures_per_key_per_minute`; the right
    key from the same address still works, and using it never spends the budget."""
    client = listener(name)
    stale = [client.attempt("stale-key") for _ in range(PER_KEY + 2)]
    assert [s in CHECKED for s in stale] == [True] * PER_KEY + [False] * 2, stale
    assert all(s in THROTTLED for s in stale[PER_KEY:])
    for _ in range(20):
        assert client.attempt(KEY) in ACCEPTED
    # the 20 successes left the budget as it was: the rest of it is still there for other wrong keys
    rest = [client.attempt(f"typo-{i}") for i in range(PER_CLIENT - PER_KEY)]
    assert all(s in CHECKED for s in rest), rest
    assert client.attempt("typo-last") in THROTTLED


def test_a_logged_in_browser_keeps_its_session_at_a_guessing_address(srv):
    address = next(_addresses)
    with _client(address) as browser, _client(address) as guesser:
        assert browser.post(srv.api + "/dashboard/login", data={"key": KEY}).status_code == 303
        while guesser.post(srv.api + "/dashboard/login", data={"key": f"g-{time.monotonic()}"}).status_code != 429:
            pass
        assert browser.get(srv.api + "/dashboard/tasks").status_code == 200  # the cookie is no guess


def test_one_budget_across_listeners_and_forwarded_addresses_only_from_trusted_proxies(srv):
    """Failures on gRPC count on the HTTP listeners too. X-Forwarded-For names the client only
    when it comes from a trusted proxy: from another address it is the sender's choice, ignored."""
    client = "10.9.9.9"
    channel = grpc.insecure_channel(srv.otlp_grpc)
    codes = []
    for i in range(PER_CLIENT + 1):
        try:
            channel.unary_unary(EXPORT)(BODY, timeout=10, metadata=[
                ("authorization", f"Bearer g{i}"), ("x-forwarded-for", f"203.0.113.7, {client}")])
        except grpc.RpcError as exc:
            codes.append(exc.code())
    channel.close()
    assert codes == [grpc.StatusCode.UNAUTHENTICATED] * PER_CLIENT + [grpc.StatusCode.RESOURCE_EXHAUSTED]
    forwarded = srv.headers() | {"X-Forwarded-For": client}
    assert httpx.get(srv.api + "/api/stats", headers=forwarded, timeout=30).status_code == 429  # via 127.0.0.1
    with _client(next(_addresses)) as untrusted:  # not a trusted proxy: its X-Forwarded-For is not believed
        assert untrusted.get(srv.api + "/api/stats", headers=forwarded).status_code == 200
