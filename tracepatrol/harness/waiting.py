"""Waiting on a condition with a deadline, never for a fixed time."""
from __future__ import annotations

import ssl
import time
from collections.abc import Callable
from functools import cache
from typing import TypeVar

import httpx

T = TypeVar("T")


def wait_for(what: str, check: Callable[[], T], timeout: float = 60, every: float = 0.1) -> T:
    """Poll `check` until it returns something truthy, and return that; TimeoutError past `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:g}s waiting for {what}")
        time.sleep(every)


@cache
def default_tls() -> ssl.SSLContext:
    """httpx's default TLS context, made once: a request made with `verify=True` builds its own and loads
    the CA bundle, ~50 ms of CPU, so polling a server every 50 ms that way kept a core busy."""
    return httpx.create_ssl_context()


def healthy(api: str, verify: ssl.SSLContext | bool = True) -> bool:
    """Whether the API answers /healthz with 200 (False while it is not listening yet)."""
    try:
        return httpx.get(api + "/healthz", timeout=1, verify=default_tls() if verify is True else verify).status_code == 200
    except httpx.HTTPError:
        return False
