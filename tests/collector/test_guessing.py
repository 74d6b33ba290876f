"""The guessing budget in-process: slots reserved before comparing, a success leaves nothing
behind, one stale key does not lock out the right one, a guessing address is refused whatever
it presents; and the client identity it counts by (addresses, IPv6 /64s, trusted proxies)."""
from __future__ import annotations

import threading
import time

import pytest

from collector.receiving.auth import KeyCheck
from collector.receiving.clients import TrustedProxies, client_key, grpc_peer_address
from collector.receiving.guessing import GuessLimiter, Throttled
from infra.access import KeyRing

KEY = "right-key"  # the configured api_key: an admin key


def test_concurrent_checks_cannot_all_be_compared():
    """Checks that are all under way at once (each compare blocked) get the budget and no more."""
    limiter = GuessLimiter(per_client=10, per_key=10)
    release, compared, refused = threading.Event(), [], []

    def slow_wrong(key: str) -> bool:
        compared.append(key)
        release.wait(5)
        return False

    def guess(i: int) -> None:
        try:
            limiter.check("203.0.113.9", f"guess-{i}", slow_wrong)
        except Throttled:
            refused.append(i)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(300)]
    for t in threads:
        t.start()
    while len(compared) + len(refused) < 300:
        time.sleep(0.01)
    release.set()
    for t in threads:
        t.join()
    assert len(compared) == 10 and len(refused) == 290


def test_a_stale_key_is_refused_alone_and_successes_leave_nothing():
    limiter = GuessLimiter(per_client=10, per_key=3)
    keys = KeyCheck(KeyRing(KEY), limiter)
    assert [keys.presented("198.51.100.1", "stale") for _ in range(3)] == [None] * 3
    with pytest.raises(Throttled) as refused:
        keys.presented("198.51.100.1", "stale")
    assert 1 <= refused.value.retry_after_s <= 60
    assert all(keys.presented("198.51.100.1", KEY) for _ in range(100))
    assert [keys.presented("198.51.100.1", f"typo-{i}") for i in range(7)] == [None] * 7  # 10 in all
    with pytest.raises(Throttled):
        keys.presented("198.51.100.1", KEY)  # a guessing address: refused whatever it presents
    assert keys.presented("198.51.100.2", KEY)
    fresh = GuessLimiter(per_client=10, per_key=3)
    assert KeyCheck(KeyRing(KEY), fresh).presented("198.51.100.3", KEY)
    assert not fresh._budgets  # a success keeps no state


def test_nothing_presented_is_nothing_guessed_and_no_key_checks_nothing():
    limiter = GuessLimiter(per_client=1, per_key=1)
    keys = KeyCheck(KeyRing(KEY), limiter)
    assert [keys.bearer("192.0.2.1", header) for header in (None, "Basic abc", "") * 5] == [None] * 15
    assert keys.bearer("192.0.2.1", f"Bearer {KEY}")
    assert KeyCheck(KeyRing(), limiter).bearer("192.0.2.1", "Bearer anything")


def test_failures_age_out(monkeypatch):
    limiter = GuessLimiter(per_client=2, per_key=2)
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    for i in range(2):
        limiter.check("192.0.2.5", f"g{i}", lambda _: False)
    with pytest.raises(Throttled) as refused:
        limiter.check("192.0.2.5", KEY, lambda _: True)
    assert refused.value.retry_after_s == 60
    now[0] += 45
    with pytest.raises(Throttled) as refused:
        limiter.check("192.0.2.5", KEY, lambda _: True)
    assert refused.value.retry_after_s == 15
    now[0] += 15
    assert limiter.check("192.0.2.5", KEY, lambda _: True)


@pytest.mark.parametrize("address, key", [
    ("192.0.2.7", "192.0.2.7"), ("::ffff:192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"), ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
    ("testclient", "testclient"),
])
def test_client_key(address, key):
    assert client_key(address) == key


def test_grpc_peers_and_trusted_proxies():
    assert grpc_peer_address("ipv4:127.0.0.1:48416") == "127.0.0.1"
    assert grpc_peer_address("ipv6:%5B::1%5D:39930") == "::1"
    proxies = TrustedProxies(["10.0.0.0/8", "127.0.0.1"])
    assert proxies.client("127.0.0.1", "198.51.100.4, 10.1.1.1") == "198.51.100.4"
    assert proxies.client("::ffff:10.2.3.4", "198.51.100.4") == "198.51.100.4"
    assert proxies.client("192.0.2.9", "198.51.100.4") == "192.0.2.9"  # not a proxy: its header is its choice
    assert proxies.client("127.0.0.1", None) == "127.0.0.1"
