"""Which Host and Origin names the server answers to (DNS rebinding, cross-site requests)."""
from __future__ import annotations

import pytest

from collector.receiving.host_check import HostPolicy

POLICY = HostPolicy("127.0.0.1", ["tp.example.com", ".corp.example"])


@pytest.mark.parametrize("host, ok", [
    ("127.0.0.1:4320", True), ("10.9.8.7", True), ("[::1]:4320", True), ("localhost:4320", True),
    ("LocalHost.", True), ("app.localhost", True), ("tp.example.com", True), ("TP.example.com:443", True),
    ("corp.example", True), ("a.b.corp.example", True), (None, True),
    ("rebind.example:4320", False), ("example.com", False), ("xcorp.example", False), ("", False),
    ("localhost.rebind.example", False), ("tp.example.com.evil.example", False),
])
def test_host(host, ok):
    assert POLICY.host_ok(host) is ok


def test_a_named_bind_address_and_the_wildcard():
    assert HostPolicy("tracepatrol.internal").host_ok("tracepatrol.internal:4320")
    assert not HostPolicy("0.0.0.0").host_ok("anything.example")
    assert HostPolicy("127.0.0.1", ["*"]).host_ok("anything.example")


@pytest.mark.parametrize("origin, host, ok", [
    ("http://127.0.0.1:4320", "127.0.0.1:4320", True),
    ("https://tp.example.com", "tp.example.com", True),
    ("https://tp.example.com", "tp.example.com:443", True),
    ("https://tp.example.com", "127.0.0.1:4320", True),  # a proxy rewrote Host; the name is allowed
    ("http://127.0.0.1:4321", "127.0.0.1:4320", False),  # another port is another origin
    ("http://evil.example", "127.0.0.1:4320", False),
    ("null", "127.0.0.1:4320", False),
    ("http://[::1]:4320", "[::1]:4320", True),
])
def test_origin(origin, host, ok):
    assert POLICY.origin_ok(origin, host) is ok
