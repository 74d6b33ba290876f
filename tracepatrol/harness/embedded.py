"""The whole server inside this process, on ports the system picks: what the demo runs on."""
from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Self

import duckdb

from tracepatrol.harness.waiting import healthy, wait_for
from tracepatrol.settings import load_settings


class ServerFailed(RuntimeError):
    """The embedded server could not start, or stopped; the message says why."""


class EmbeddedServer:
    """Bound on entry, served by a background event loop, stopped on exit."""

    def __init__(self, db: Path, decision_wait: float = 1.0, startup_timeout: float = 30.0):
        from tracepatrol.server import TracepatrolServer  # heavy imports only when a server runs

        settings = load_settings(db=db, api_port=0, collector={
            "otlp_http_port": 0, "otlp_grpc_port": 0, "decision_wait": decision_wait})
        self.server = TracepatrolServer(settings)
        self.api_key = settings.api_key
        self.startup_timeout = startup_timeout
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None

    @property
    def otlp_http(self) -> str:
        return f"http://{self.server.settings.host}:{self.server.ports['otlp_http']}/v1/traces"

    @property
    def api(self) -> str:
        return f"http://{self.server.settings.host}:{self.server.ports['api']}"

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}

    def __enter__(self) -> Self:
        try:
            self.server.start()
        except (OSError, duckdb.Error) as exc:
            self.server.stop()
            raise ServerFailed(f"cannot start the embedded server: {exc}") from None
        self._thread = threading.Thread(target=self._serve, name="tracepatrol-embedded-server", daemon=True)
        self._thread.start()
        try:
            self._wait_healthy()
        except ServerFailed:
            self.__exit__()
            raise
        return self

    def _wait_healthy(self) -> None:
        try:
            wait_for(f"{self.api}/healthz", lambda: self.check_alive() or healthy(self.api), self.startup_timeout, 0.05)
        except TimeoutError:
            raise ServerFailed(f"the embedded server did not answer {self.api}/healthz "
                               f"within {self.startup_timeout:.0f}s") from None

    def __exit__(self, *exc_info) -> None:
        self.server.request_exit()
        if self._thread is not None:
            self._thread.join(15)
        self.server.stop()

    def _serve(self) -> None:
        try:
            asyncio.run(self.server.serve())
        except BaseException as exc:  # reported by whoever waits on the server next
            self._failure = exc

    def check_alive(self) -> None:
        """Raise ServerFailed once the server's event loop has ended with an error."""
        if self._failure is not None:
            raise ServerFailed(f"the embedded server stopped: {self._failure!r}")
