"""Dashboard sessions, kept in memory.

A session cookie is a random token the server remembers until it expires or logout revokes it;
nothing about the key can be learnt from it, and a copied cookie dies with its session. A session
carries who logged in (the key's name, role and project, `infra.access.Principal`), so pages show
it and annotations and tasks are attributed to it; every request re-checks that its key still
holds (`KeyRing.current`), so revoking a key ends its sessions too.
Without any key every browser still gets a session cookie of its own on its first page
(`anonymous`), so that forms and fetches that change state carry a CSRF token bound to that
browser (`Sessions.csrf_token`) rather than one token every visitor shares. Failed logins are
counted by `collector.receiving.guessing`, with every other key check.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict

from infra.access import Principal


class Sessions:
    def __init__(self, ttl_s: float, max_sessions: int = 10_000):
        self.ttl_s, self.max_sessions = ttl_s, max_sessions
        self._sessions: OrderedDict[str, tuple[float, Principal]] = OrderedDict()  # oldest first
        self._lock = threading.Lock()
        self._csrf_secret = secrets.token_bytes(32)

    def create(self, principal: Principal) -> str:
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._sessions[token] = (time.monotonic() + self.ttl_s, principal)
            while len(self._sessions) > self.max_sessions:  # memory stays bounded: the oldest go first
                self._sessions.popitem(last=False)
        return token

    def principal(self, token: str | None) -> Principal | None:
        """Who a live session is; None for no, an unknown or an expired session."""
        if not token:
            return None
        with self._lock:
            entry = self._sessions.get(token)
            if entry is not None and entry[0] <= time.monotonic():
                del self._sessions[token]
                entry = None
        return entry[1] if entry is not None else None

    def valid(self, token: str | None) -> bool:
        return self.principal(token) is not None

    def revoke(self, token: str | None) -> None:
        with self._lock:
            self._sessions.pop(token or "", None)

    @staticmethod
    def anonymous() -> str:
        """A session for a browser when no key exists. Not remembered: it opens nothing
        (without a key everything is open), it only anchors the CSRF token, so page loads
        cannot fill memory or push out anyone's session."""
        return secrets.token_urlsafe(32)

    def csrf_token(self, session: str | None) -> str:
        """An HMAC of the session cookie under a per-process secret: another site can make a browser
        send the cookie but cannot read a page to learn this."""
        return hmac.new(self._csrf_secret, (session or "").encode(), hashlib.sha256).hexdigest()

    def csrf_valid(self, session: str | None, token: str | None) -> bool:
        """No session, no valid token: a cross-site request arrives without the SameSite cookie."""
        return bool(session) and bool(token) and hmac.compare_digest(self.csrf_token(session), token)
