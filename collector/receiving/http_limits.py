"""Connection-level limits for the HTTP listeners (uvicorn has a keep-alive timeout only).

A connection must finish its request headers within `header_timeout_s` of opening (or of its
previous response), and while its body streams it may not go quiet for longer than
`body_timeout_s`; otherwise the server closes it. Past `max_connections` open connections a new
one gets a 503 and is closed at once, so running out of file descriptors turns into refusals.
One client address (`collector.receiving.clients.client_key`: an IPv4 address, an IPv6 /64) may hold at
most `per_address` of them, so it cannot fill the listener: its next one gets a 429 and is
closed, while other clients' connections are still taken. Trusted proxies are not capped.
"""
from __future__ import annotations

import asyncio
import resource

from collector.receiving.clients import TrustedProxies, client_key

def _refusal(status: bytes, text: bytes) -> bytes:
    return (b"HTTP/1.1 " + status + b"\r\ncontent-type: text/plain\r\nretry-after: 1\r\nconnection: close\r\n"
            b"content-length: " + str(len(text)).encode() + b"\r\n\r\n" + text)


BUSY = _refusal(b"503 Service Unavailable", b"too many open connections; try again later\n")
YOURS = _refusal(b"429 Too Many Requests", b"too many open connections from your address; try again later\n")


def connection_cap(configured: int, listeners: int) -> int:
    """`configured`, lowered so all HTTP listeners together keep half the fd limit for the rest."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return configured
    return max(16, min(configured, soft // (2 * listeners)))


def address_cap(configured: int, max_connections: int) -> int:
    """`configured`, lowered so that at least four addresses are needed to fill a listener."""
    return max(1, min(configured, max_connections // 4))


def guarded(protocol: type[asyncio.Protocol], header_timeout_s: float, body_timeout_s: float,
            max_connections: int, per_address: int,
            proxies: TrustedProxies = TrustedProxies()) -> type[asyncio.Protocol]:
    """A subclass of uvicorn's HTTP protocol class `protocol` with these limits; one per listener
    (each counts its own connections per address)."""
    per_client: dict[str, int] = {}  # open connections per client; touched on the event loop only

    class Guarded(protocol):  # type: ignore[misc, valid-type]
        _deadline: asyncio.TimerHandle | None = None
        _client: str | None = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                return self._refuse(BUSY)
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else ""
            if address not in proxies:
                client = client_key(address)
                if per_client.get(client, 0) >= per_address:
                    return self._refuse(YOURS)
                per_client[client] = per_client.get(client, 0) + 1
                self._client = client
            self._arm(header_timeout_s)

        def _refuse(self, answer: bytes) -> None:
            self.transport.write(answer)
            self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            cycle = self.cycle
            if cycle is None or cycle.response_complete:
                return  # still in the headers: their deadline stands
            if cycle.more_body:
                self._arm(body_timeout_s)  # the body moved: it may go quiet again for this long
            else:
                self._disarm()  # the whole request is in; the app answers in its own time

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm(header_timeout_s)  # the next request's headers

        def connection_lost(self, exc) -> None:
            self._disarm()
            if self._client is not None:
                left = per_client.pop(self._client) - 1
                if left:
                    per_client[self._client] = left
                self._client = None
            super().connection_lost(exc)

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._expired, seconds)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expired(self, seconds: float) -> None:
            self._deadline = None
            if self.flow.read_paused:  # the app is not reading yet: the client is not the slow one
                self._arm(seconds)
            elif not self.transport.is_closing():
                self.transport.close()

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{protocol.__name__}"
    return Guarded
