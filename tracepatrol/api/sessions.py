"""Dashboard sessions, kept in memory.

A session cookie is a random token the server remembers until it expires or logout revokes it;
nothing about the API key can be learnt from it, and a copied cookie dies with its session.
Without an API key every browser still gets a session cookie of its own on its first page
(`anonymous`), so that forms and fetches that change state carry a CSRF token bound to that
browser (`Sessions.csrf_token`) rather than one token every visitor shares. Failed logins are
counted by `collector.guessing`, with every other key check.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict


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

    @staticmethod
    def anonymous() -> str:
        """A session for a browser when no API key is configured. Not remembered: it opens
        nothing (without a key everything is open), it only anchors the CSRF token, so page loads
        cannot fill memory or push out anyone's session."""
        return secrets.token_urlsafe(32)

    def csrf_token(self, session: str | None) -> str:
        """An HMAC of the session cookie under a per-process secret: another site can make a browser
        send the cookie but cannot read a page to learn this."""
        return hmac.new(self._csrf_secret, (session or "").encode(), hashlib.sha256).hexdigest()

    def csrf_valid(self, session: str | None, token: str | None) -> bool:
        """No session, no valid token: a cross-site request arrives without the SameSite cookie."""
        return bool(session) and bool(token) and hmac.compare_digest(self.csrf_token(session), token)
