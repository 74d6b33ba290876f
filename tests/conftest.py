"""Shared fixtures: a real `tracepatrol serve` process on free ports with its own DuckDB file."""
from __future__ import annotations

import os
import random
import signal
import socket
import ssl
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

pytest_plugins = ["tests.chat_server"]  # the `chat` fixture: a local chat-completions server

FIXTURES = Path(__file__).parent / "fixtures"


_PORTS = range(20000, 32000)  # below Linux's ephemeral range, so client sockets never take them meanwhile


def free_port() -> int:
    """A listenable port outside the ephemeral range; start() retries if another test took it anyway."""
    while True:
        port = random.choice(_PORTS)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


class PortTaken(RuntimeError):
    """Another process bound one of the chosen ports between choosing and listening."""


@dataclass
class ServerProcess:
    db: Path
    http_port: int
    grpc_port: int
    api_port: int
    extra_args: list[str] = field(default_factory=list)
    api_key: str | None = None
    proc: subprocess.Popen | None = None
    log: Path | None = None
    scheme: str = "http"  # "https" when the server runs with a `tls:` section
    verify: ssl.SSLContext | bool = True  # httpx `verify` for the API: a context trusting the test CA (+ client cert for mTLS)

    @property
    def otlp_http(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.http_port}/v1/traces"

    @property
    def otlp_grpc(self) -> str:
        return f"127.0.0.1:{self.grpc_port}"

    @property
    def api(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.api_port}"

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}

    def start(self, timeout: float = 30, attempts: int = 3) -> "ServerProcess":
        for attempt in range(attempts):
            try:
                return self._start(timeout)
            except PortTaken:
                if attempt == attempts - 1:
                    raise
                self.http_port, self.grpc_port, self.api_port = free_port(), free_port(), free_port()
        raise AssertionError("unreachable")

    def _start(self, timeout: float) -> "ServerProcess":
        args = [sys.executable, "-m", "tracepatrol", "serve", "--db", str(self.db),
                "--otlp-http-port", str(self.http_port), "--otlp-grpc-port", str(self.grpc_port),
                "--api-port", str(self.api_port), *self.extra_args]
        if self.api_key:
            args += ["--api-key", self.api_key]
        self.log = self.db.with_suffix(".log")
        offset = self.log.stat().st_size if self.log.exists() else 0
        self.proc = subprocess.Popen(args, stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = self.log.read_text()
                error = PortTaken if "Address already in use" in log[offset:] else RuntimeError
                raise error(f"server exited with {self.proc.returncode}:\n{log}")
            try:
                if httpx.get(self.api + "/healthz", timeout=1, verify=self.verify).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not become healthy:\n{self.log.read_text()}")

    def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode if self.proc else 0

    def get(self, path: str, **params) -> httpx.Response:
        return httpx.get(self.api + path, params=params, headers=self.headers(), timeout=30, verify=self.verify)

    def wait_for_trace(self, trace_id: str, timeout: float = 30, min_version: int = 1) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            resp = self.get(f"/api/traces/{trace_id}")
            if resp.status_code == 200 and resp.json()["version"] >= min_version:
                return resp.json()
            time.sleep(0.1)
        raise AssertionError(f"trace {trace_id} (version >= {min_version}) not assembled within {timeout}s")


def make_server(tmp_path: Path, *extra_args: str, api_key: str | None = None) -> ServerProcess:
    return ServerProcess(tmp_path / "tp.duckdb", free_port(), free_port(), free_port(),
                         list(extra_args), api_key)


@pytest.fixture
def server(tmp_path):
    """A started server with a short decision wait, stopped after the test."""
    srv = make_server(tmp_path, "--decision-wait", "0.3").start()
    yield srv
    srv.stop()


def _service(env: str, what: str) -> str:
    """A service started by scripts/test.sh: its address, or fail in CI / skip elsewhere."""
    value = os.environ.get(env)
    if not value:
        message = f"{what} is not available (${env} unset; `bash scripts/test.sh` sets it up)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return value


@pytest.fixture(scope="session")
def kafka_bootstrap() -> str:
    """bootstrap.servers of the single-node broker started by scripts/kafka.sh."""
    return _service("TEST_KAFKA_BOOTSTRAP", "the Kafka broker")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's Chromium binary, installed by scripts/test.sh."""
    return _service("TEST_CHROMIUM", "Chromium")
