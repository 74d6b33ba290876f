"""The API-key check shared by every endpoint (OTLP HTTP and gRPC, REST, dashboard), and the
guessing limit around it (`collector.guessing`): one `KeyCheck` serves all listeners, so an
address's failures on one port count on the others."""
from __future__ import annotations

import hmac

from collector.guessing import GuessLimiter


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header; None for no header or another scheme."""
    scheme, _, token = (authorization or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def key_matches(presented: str, api_key: str) -> bool:
    """Constant-time comparison."""
    return hmac.compare_digest(presented.encode(), api_key.encode())


def bearer_ok(authorization: str | None, api_key: str | None) -> bool:
    """True when no key is configured, or the header is `Bearer <key>` (uncounted: `KeyCheck` counts)."""
    if not api_key:
        return True
    token = bearer_token(authorization)
    return token is not None and key_matches(token, api_key)


class KeyCheck:
    """`api_key` checked within `limiter`'s per-client budgets. A request that presents no key
    guesses nothing and is not counted; one that presents a wrong key is."""

    def __init__(self, api_key: str | None, limiter: GuessLimiter):
        self.api_key, self.limiter = api_key, limiter

    def presented(self, client: str, key: str | None) -> bool:
        """True when no key is configured or `key` is it; raises `guessing.Throttled` past the budget."""
        if not self.api_key:
            return True
        if key is None:
            return False
        return self.limiter.check(client, key, lambda k: key_matches(k, self.api_key))

    def bearer(self, client: str, authorization: str | None) -> bool:
        return self.presented(client, bearer_token(authorization))
