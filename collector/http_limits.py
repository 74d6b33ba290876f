"""Connection-level limits for the HTTP listeners (uvicorn has a keep-alive timeout only).

A connection must finish its request headers within `header_timeout_s` of opening (or of its
previous response), and while its body streams it may not go quiet for longer than
`body_timeout_s`; otherwise the server closes it. Past `max_connections` open connections a new
one gets a 503 and is closed at once, so running out of file descriptors turns into refusals.
"""
from __future__ import annotations

import asyncio
import resource

BUSY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\nretry-after: 1\r\n"
        b"connection: close\r\ncontent-length: 43\r\n\r\ntoo many open connections; try again later\n")


def connection_cap(configured: int, listeners: int) -> int:
    """`configured`, lowered so all HTTP listeners together keep half the fd limit for the rest."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return configured
    return max(16, min(configured, soft // (2 * listeners)))


def guarded(protocol: type[asyncio.Protocol], header_timeout_s: float, body_timeout_s: float,
            max_connections: int) -> type[asyncio.Protocol]:
    """A subclass of uvicorn's HTTP protocol class `protocol` with these limits."""

    class Guarded(protocol):  # type: ignore[misc, valid-type]
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                transport.write(BUSY)
                transport.close()
                return
            self._arm(header_timeout_s)

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
