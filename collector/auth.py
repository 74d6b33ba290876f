"""Bearer API-key check shared by every endpoint (OTLP HTTP and gRPC, REST, dashboard)."""
from __future__ import annotations

import hmac


def bearer_ok(authorization: str | None, api_key: str | None) -> bool:
    """True when no key is configured, or the header is `Bearer <key>` (constant-time compare)."""
    if not api_key:
        return True
    if not authorization:
        return False
    scheme, _, token = authorization.partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(token.strip().encode(), api_key.encode())
