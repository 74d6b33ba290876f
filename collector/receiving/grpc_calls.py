"""How much of the gRPC listener's worker threads one client can hold.

Each Export call takes a worker thread from the moment it starts until it is answered, and the
thread waits for the request message as long as the client takes to send it: without a key,
one connection opening 30 calls and sending a byte of each held all 16 workers, and every other
exporter's call timed out. So a call's message must arrive within `message_timeout_s` (the call
is cancelled otherwise), and one client address (`collector.receiving.clients.client_key`) may have at
most three quarters of the workers' calls under way (`RESOURCE_EXHAUSTED` with a retry delay
past that; trusted proxies are not held to it), so others always find a worker.
"""
from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from collector.receiving.clients import TrustedProxies, client_key


class Busy(Exception):
    """This client already has its share of the workers' calls under way."""


class _Watched:
    __slots__ = ("deadline", "cancel", "done")

    def __init__(self, deadline: float, cancel):
        self.deadline, self.cancel, self.done = deadline, cancel, False


class CallLimits:
    def __init__(self, workers: int, message_timeout_s: float, proxies: TrustedProxies = TrustedProxies()):
        self.per_client = max(1, workers - workers // 4)
        self.message_timeout_s, self.proxies = message_timeout_s, proxies
        self._calls: dict[str, int] = {}
        self._watched: deque[_Watched] = deque()  # deadlines in order: all share one timeout
        self._lock = threading.Condition()
        threading.Thread(target=self._cancel_late, name="grpc-deadlines", daemon=True).start()

    @contextmanager
    def call(self, client: str) -> Iterator[None]:
        """A call from `client` under way; raises `Busy` past its share."""
        key = None if client in self.proxies else client_key(client)
        with self._lock:
            if key is not None:
                if self._calls.get(key, 0) >= self.per_client:
                    raise Busy(f"{key} has {self.per_client} calls under way; try again in a second")
                self._calls[key] = self._calls.get(key, 0) + 1
        try:
            yield
        finally:
            if key is not None:
                with self._lock:
                    left = self._calls.pop(key) - 1
                    if left:
                        self._calls[key] = left

    @contextmanager
    def message_deadline(self, cancel) -> Iterator[None]:
        """`cancel()` is called if the block has not ended within `message_timeout_s`."""
        watched = _Watched(time.monotonic() + self.message_timeout_s, cancel)
        with self._lock:
            self._watched.append(watched)
            self._lock.notify()
        try:
            yield
        finally:
            watched.done = True

    def _cancel_late(self) -> None:
        while True:
            with self._lock:
                while not self._watched:
                    self._lock.wait()
                head = self._watched[0]
                wait = head.deadline - time.monotonic()
                if not head.done and wait > 0:
                    self._lock.wait(wait)
                    continue
                self._watched.popleft()
            if not head.done:
                head.cancel()
