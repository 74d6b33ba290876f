"""A budget of failed credential checks per client, shared by every listener (dashboard login,
REST API, OTLP/HTTP, OTLP/gRPC), so a key cannot be guessed faster than the budget allows.

Each check reserves a slot before the credential is compared and settles it after: a failure
stays counted for `WINDOW_S`, a success gives the slot back and leaves nothing behind, so 300
concurrent wrong guesses get at most the budget's worth compared and a correct key never uses
the budget up. Two budgets apply, both per client address (`collector.receiving.clients.client_key`):

- `per_key` failures of one presented credential (a keyed hash of it): a client retrying a
  stale or mistyped key is refused after a few tries, while the right key from the same address
  still works;
- `per_client` failures of any credentials: a client trying a new key each time is a guesser,
  and its address is refused whatever it presents until its failures age out.

The right key from an address that is itself guessing is refused too: anything that let it
through (its hash, say) would answer every guess from that address, which is what the budget
stops. The limiter does not know how a credential is checked: the caller passes `verify`.
"""
from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable

from collector.receiving.clients import client_key


class Throttled(Exception):
    """Too many failed checks from this client: answer 429 (gRPC RESOURCE_EXHAUSTED) with
    `retry_after_s`, without checking the credential."""

    def __init__(self, client: str, retry_after_s: int):
        super().__init__(f"too many failed API key checks from {client}; try again in {retry_after_s} s")
        self.client, self.retry_after_s = client, retry_after_s


class _Budget:
    __slots__ = ("failures", "pending")

    def __init__(self, limit: int):
        self.failures: deque[float] = deque(maxlen=limit)
        self.pending = 0  # reserved: being checked now

    def retry_after(self, limit: int, now: float, window_s: float) -> int | None:
        while self.failures and self.failures[0] <= now - window_s:
            self.failures.popleft()
        if len(self.failures) + self.pending < limit:
            return None
        if len(self.failures) < limit:  # full of checks under way: one of them will settle soon
            return 1
        return max(1, math.ceil(self.failures[0] + window_s - now))


class GuessLimiter:
    WINDOW_S = 60.0

    def __init__(self, per_client: int, per_key: int, max_tracked: int = 50_000):
        self.per_client, self.per_key, self.max_tracked = per_client, min(per_key, per_client), max_tracked
        self._budgets: OrderedDict[tuple[str, str], _Budget] = OrderedDict()  # least recently failed first
        self._lock = threading.Lock()
        self._secret = secrets.token_bytes(32)

    def check(self, client: str, credential: str, verify: Callable[[str], bool]) -> bool:
        """`verify(credential)` within the client's budgets; raises `Throttled` instead of calling
        it when a budget is spent. Thread-safe: the receivers' threads and the event loop share it."""
        who = client_key(client)
        keys = ((who, ""), (who, self._fingerprint(credential)))
        self._reserve(who, keys)
        ok = False
        try:
            ok = verify(credential)
        finally:
            self._settle(keys, ok)
        return ok

    def _fingerprint(self, credential: str) -> str:
        return hmac.new(self._secret, credential.encode(), hashlib.sha256).hexdigest()[:32]

    def _limit(self, key: tuple[str, str]) -> int:
        return self.per_key if key[1] else self.per_client

    def _reserve(self, who: str, keys: tuple[tuple[str, str], ...]) -> None:
        now = time.monotonic()
        with self._lock:
            budgets = [self._budgets.get(k) for k in keys]
            waits = [b.retry_after(self._limit(k), now, self.WINDOW_S) for k, b in zip(keys, budgets) if b]
            if any(w is not None for w in waits):
                raise Throttled(who, max(w for w in waits if w is not None))
            for key in keys:
                budget = self._budgets.get(key)
                if budget is None:
                    budget = self._budgets[key] = _Budget(self._limit(key))
                budget.pending += 1
            while len(self._budgets) > self.max_tracked:  # memory stays bounded: the stalest go first
                self._budgets.popitem(last=False)

    def _settle(self, keys: tuple[tuple[str, str], ...], ok: bool) -> None:
        now = time.monotonic()
        with self._lock:
            for key in keys:
                budget = self._budgets.get(key)
                if budget is None:  # evicted meanwhile
                    continue
                budget.pending = max(0, budget.pending - 1)
                if not ok:
                    budget.failures.append(now)
                    self._budgets.move_to_end(key)
                elif not budget.failures and not budget.pending:
                    del self._budgets[key]  # a success leaves nothing behind
