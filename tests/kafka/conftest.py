"""Scale-out processes against the real broker: `tracepatrol collect | ingest | worker` subprocesses.

Every test gets its own topics and consumer groups (uuid), so tests never see each other's data.
"""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import httpx
import pytest
from confluent_kafka import Producer

from collector.kafka_encoding import split_by_trace
from tests.conftest import free_port
from tests.otlp_payloads import request_with_spans


@dataclass
class Proc:
    """A tracepatrol subprocess, ready once its banner (`ready`) is in its log."""

    args: list[str]
    log: Path
    ready: str
    api_port: int | None = None
    otlp_http_port: int | None = None
    proc: subprocess.Popen | None = None
    starts: int = 0

    @property
    def otlp_http(self) -> str:
        return f"http://127.0.0.1:{self.otlp_http_port}/v1/traces"

    def start(self, timeout: float = 60) -> "Proc":
        offset = self.log.stat().st_size if self.log.exists() else 0
        self.proc = subprocess.Popen([sys.executable, "-m", "tracepatrol", *self.args],
                                     stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.ready in self.log.read_text()[offset:]:
                return self
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.args[0]} exited with {self.proc.returncode}:\n{self.log.read_text()}")
            time.sleep(0.05)
        raise RuntimeError(f"{self.args[0]} not ready within {timeout}s:\n{self.log.read_text()}")

    def stop(self, sig: int = signal.SIGTERM) -> int | None:
        """Signal the process (if it still runs) and return its exit code."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:  # a graceful stop that hangs is killed
            self.proc.kill()
            return self.proc.wait()

    def get(self, path: str, **params) -> httpx.Response:
        return httpx.get(f"http://127.0.0.1:{self.api_port}{path}", params=params, timeout=30)

    def stats(self) -> dict:
        return self.get("/api/stats").json()


@dataclass
class Cluster:
    """Processes sharing one config file: fresh topics and groups on the test broker."""

    tmp: Path
    bootstrap: str
    config: Path
    kafka: dict
    procs: list[Proc] = field(default_factory=list)

    @property
    def db(self) -> Path:
        return self.tmp / "store.duckdb"

    def collect(self, name: str = "collect") -> Proc:
        http, api = free_port(), free_port()
        return self._add(Proc(["collect", "--config", str(self.config), "--otlp-http-port", str(http),
                               "--otlp-grpc-port", str(free_port()), "--api-port", str(api)], self.tmp / f"{name}.log",
                              "tracepatrol collecting", api_port=api, otlp_http_port=http))

    def ingest(self, *extra: str) -> Proc:
        api = free_port()
        return self._add(Proc(["ingest", "--config", str(self.config), "--db", str(self.db), "--api-port", str(api),
                               "--decision-wait", "0.3", *extra], self.tmp / "ingest.log",
                              "tracepatrol ingesting", api_port=api))

    def worker(self, name: str) -> Proc:
        return self._add(Proc(["worker", "--config", str(self.config), "--name", name], self.tmp / f"{name}.log",
                              f"tracepatrol worker {name}"))

    def _add(self, proc: Proc) -> Proc:
        self.procs.append(proc)
        return proc

    def produce(self, messages: list[tuple[bytes | None, bytes]]) -> None:
        """Publish as the Collector's exporter would (acks=all); fails unless every one is acknowledged."""
        producer = Producer({"bootstrap.servers": self.bootstrap, "acks": "all", "enable.idempotence": True})
        errors = []
        for key, value in messages:
            producer.produce(self.kafka["topic"], value=value, key=key,
                             on_delivery=lambda err, _m: errors.append(err) if err else None)
            producer.poll(0)
        assert producer.flush(30) == 0 and not errors, errors

    def produce_traces(self, traces: int, spans: int) -> int:
        """Publish `traces` fresh traces of `spans` spans, one message per trace; returns the span count."""
        messages = []
        for _ in range(traces):
            messages += split_by_trace(request_with_spans(spans)[0], 1_000_000)
        self.produce(messages)
        return traces * spans

    def configure(self, kafka: dict | None = None, **sections) -> None:
        """Rewrite the shared config file with more `kafka` settings and other sections."""
        self.kafka.update(kafka or {})
        self.config.write_text(json.dumps({"kafka": self.kafka, **sections}))

    def query(self, sql: str, *params) -> list[tuple]:
        """Read the store's DuckDB file (the ingest process must be stopped)."""
        con = duckdb.connect(str(self.db), read_only=True)
        try:
            return con.execute(sql, list(params)).fetchall()
        finally:
            con.close()


@pytest.fixture
def cluster(tmp_path, kafka_bootstrap):
    tag = uuid.uuid4().hex[:10]
    kafka = {"bootstrap": kafka_bootstrap, "topic": f"spans-{tag}", "group": f"ingest-{tag}", "partitions": 4,
             "work_topic": f"work-{tag}", "results_topic": f"results-{tag}", "worker_group": f"workers-{tag}",
             "results_group": f"results-{tag}", "session_timeout_ms": 6000, "connect_timeout_s": 10}
    c = Cluster(tmp_path, kafka_bootstrap, tmp_path / "tracepatrol.yaml", kafka)
    c.configure()
    yield c
    for proc in c.procs:
        proc.stop(signal.SIGKILL)


def wait_for(what: str, check, timeout: float = 60, every: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")
