"""The key check shared by every endpoint (OTLP HTTP and gRPC, REST, dashboard), and the
guessing limit around it (`collector.receiving.guessing`): one `KeyCheck` serves all listeners, so an
address's failures on one port count on the others. Keys, roles and projects are
`infra.access`'s; this module only finds who a presented secret is."""
from __future__ import annotations

from infra.access import KeyRing, Principal
from infra.access.roles import OPEN, needs
from collector.receiving.guessing import GuessLimiter

UNAUTHORIZED = "missing or invalid API key (Authorization: Bearer …)"


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header; None for no header or another scheme."""
    scheme, _, token = (authorization or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def forbidden(principal: Principal, rule: str, what: str) -> str:
    """A 403's message: the role needed and the one presented."""
    return f"{what} needs {needs(rule)}; this key is {principal.describe()}"


class KeyCheck:
    """`ring`'s keys checked within `limiter`'s per-client budgets. A request that presents no
    key guesses nothing and is not counted; one that presents a wrong key is."""

    def __init__(self, ring: KeyRing, limiter: GuessLimiter):
        self.ring, self.limiter = ring, limiter

    @property
    def required(self) -> bool:
        return self.ring.required

    def presented(self, client: str, key: str | None) -> Principal | None:
        """Who `key` is (everyone is `OPEN` while no key exists), None for a wrong or missing key;
        raises `guessing.Throttled` past the budget."""
        if not self.ring.required:
            return OPEN
        if key is None:
            return None
        found: list[Principal] = []

        def verify(token: str) -> bool:
            principal = self.ring.verify(token)
            if principal is not None:
                found.append(principal)
            return principal is not None

        self.limiter.check(client, key, verify)
        return found[0] if found else None

    def bearer(self, client: str, authorization: str | None) -> Principal | None:
        return self.presented(client, bearer_token(authorization))
