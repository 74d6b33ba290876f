"""Commands as subprocesses with their own log file: started until ready, stopped with SIGTERM (and
killed when that hangs). `ServerProcess` is `tracepatrol serve` on free ports with its own DuckDB file."""
from __future__ import annotations

import signal
import ssl
import subprocess
import sys
from pathlib import Path
from typing import Self

import httpx

from tracepatrol.harness.ports import PortTaken, free_ports
from tracepatrol.harness.waiting import default_tls, healthy, wait_for


def tracepatrol(*args: str) -> list[str]:
    """The command line running `tracepatrol ARGS` with this interpreter (no console script needed)."""
    return [sys.executable, "-m", "tracepatrol", *args]


class Process:
    """`command` appending to `log`; ready once `banner` is in what it wrote since this start."""

    def __init__(self, command: list[str], log: Path, banner: str = "", cwd: Path | None = None,
                 env: dict[str, str] | None = None):
        self.command, self.log, self.banner, self.cwd, self.env = command, log, banner, cwd, env
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> Self:
        offset = self.log.stat().st_size if self.log.exists() else 0
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(self.command, stdout=out, stderr=subprocess.STDOUT, cwd=self.cwd, env=self.env)
        try:
            wait_for(f"`{' '.join(self.command)}` to be ready", lambda: self._started(offset), timeout, every=0.05)
        except TimeoutError as exc:
            self.stop(signal.SIGKILL)
            raise TimeoutError(f"{exc}:\n{self.output()}") from None
        return self

    def _started(self, offset: int) -> bool:
        if self.ready(offset):
            return True
        if self.proc.poll() is not None:
            # the OS's "Address already in use", or the server's own "port N … is already in use"
            error = PortTaken if "already in use" in self.output(offset) else RuntimeError
            raise error(f"`{' '.join(self.command)}` exited with {self.proc.returncode}:\n{self.output()}")
        return False

    def ready(self, offset: int) -> bool:
        return self.banner in self.output(offset)

    def output(self, offset: int = 0) -> str:
        """What the process wrote to its log, from byte `offset` on."""
        return self.log.read_bytes()[offset:].decode(errors="replace") if self.log.exists() else ""

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30) -> int | None:
        """Signal the process if it still runs; its exit code (killed when it outlives `timeout`)."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


class ServerProcess(Process):
    """`tracepatrol serve` with its own DuckDB file (`db`, logging beside it) on free ports; ready
    once /healthz answers. `scheme` and `verify` are for a server started with a `tls:` section."""

    def __init__(self, db: Path, *extra_args: str, api_key: str | None = None):
        super().__init__([], db.with_suffix(".log"))
        self.db, self.extra_args, self.api_key = db, list(extra_args), api_key
        self.http_port, self.grpc_port, self.api_port = free_ports(3)
        self.scheme = "http"
        self.verify: ssl.SSLContext | bool = default_tls()

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

    def start(self, timeout: float = 120, attempts: int = 3) -> Self:
        """Start on the chosen ports, on fresh ones when another process took one meanwhile. The
        wait ends as soon as the server answers; its length is only for a machine busy with other
        work, where a start (processes spawned, modules imported) has passed 30 s."""
        for _ in range(attempts - 1):
            try:
                return self._start_on_ports(timeout)
            except PortTaken:
                self.http_port, self.grpc_port, self.api_port = free_ports(3)
        return self._start_on_ports(timeout)

    def _start_on_ports(self, timeout: float) -> Self:
        self.command = tracepatrol(
            "serve", "--db", str(self.db), "--otlp-http-port", str(self.http_port),
            "--otlp-grpc-port", str(self.grpc_port), "--api-port", str(self.api_port), *self.extra_args,
            *(["--api-key", self.api_key] if self.api_key else []))
        return super().start(timeout)

    def ready(self, offset: int) -> bool:
        return healthy(self.api, self.verify)

    def get(self, path: str, **params) -> httpx.Response:
        return httpx.get(self.api + path, params=params, headers=self.headers(), timeout=30, verify=self.verify)

    def wait_for_trace(self, trace_id: str, timeout: float = 30, min_version: int = 1) -> dict:
        """The trace's trajectory once it is assembled (at `min_version` or later)."""
        def assembled() -> dict | None:
            resp = self.get(f"/api/traces/{trace_id}")
            return resp.json() if resp.status_code == 200 and resp.json()["version"] >= min_version else None

        return wait_for(f"trace {trace_id} (version >= {min_version})", assembled, timeout)


def make_server(workdir: Path, *extra_args: str, api_key: str | None = None) -> ServerProcess:
    """A server (not started yet) on `workdir`/tp.duckdb, logging to `workdir`/tp.log."""
    return ServerProcess(workdir / "tp.duckdb", *extra_args, api_key=api_key)
