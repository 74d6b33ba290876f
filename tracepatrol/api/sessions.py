"""Dashboard sessions and the login rate limit, kept in memory.

A session cookie is a random token the server remembers until it expires or logout revokes it;
nothing about the API key can be learnt from it, and a copied cookie dies with its session.
Failed logins are counted per client address so a guesser gets 429s, not answers. Forms and
fetches that change state carry a CSRF token bound to the session (`Sessions.csrf_token`).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict, deque


class Sessions:
    def __init__(self, ttl_s: float, max_sessions: int = 10_000):
        self.ttl_s, self.max_sessions = ttl_s, max_sessions
        self._expiry: OrderedDict[str, float] = OrderedDict()  # oldest first
        self._lock = threading.Lock()
        self._csrf_secret = secrets.token_bytes(32)

    def create(self) -> str:
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._expiry[token] = time.monotonic() + self.ttl_s
            while len(self._expiry) > self.max_sessions:  # memory stays bounded: the oldest go first
                self._expiry.popitem(last=False)
        return token

    def valid(self, token: str | None) -> bool:
        if not token:
            return False
        with self._lock:
            expiry = self._expiry.get(token)
            if expiry is not None and expiry <= time.monotonic():
                del self._expiry[token]
                expiry = None
        return expiry is not None

    def revoke(self, token: str | None) -> None:
        with self._lock:
            self._expiry.pop(token or "", None)

    def csrf_token(self, session: str | None) -> str:
        """An HMAC of the session cookie under a per-process secret: another site can make a browser
        send the cookie but cannot read a page to learn this. Without an API key there is no
        session, and every page of this process carries the same token."""
        return hmac.new(self._csrf_secret, (session or "").encode(), hashlib.sha256).hexdigest()

    def csrf_valid(self, session: str | None, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.csrf_token(session), token)


class LoginAttempts:
    """At most `per_minute` failed logins per client address in any 60 s."""

    WINDOW_S = 60.0

    def __init__(self, per_minute: int, max_clients: int = 10_000):
        self.per_minute, self.max_clients = per_minute, max_clients
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def retry_after(self, client: str) -> int | None:
        """Seconds until `client` may try again, or None when it may try now."""
        now = time.monotonic()
        with self._lock:
            failures = self._failures.get(client)
            if failures is None:
                return None
            while failures and failures[0] <= now - self.WINDOW_S:
                failures.popleft()
            if len(failures) < self.per_minute:
                return None
            return max(1, int(failures[0] + self.WINDOW_S - now + 0.999))

    def failed(self, client: str) -> None:
        with self._lock:
            self._failures.setdefault(client, deque(maxlen=self.per_minute)).append(time.monotonic())
            self._failures.move_to_end(client)
            while len(self._failures) > self.max_clients:
                self._failures.popitem(last=False)
