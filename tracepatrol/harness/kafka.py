"""The scale-out processes (`tracepatrol collect | ingest | worker`) against a real broker, sharing one
config file, on topics and consumer groups no other cluster uses."""
from __future__ import annotations

import json
import uuid
from pathlib import Path

import duckdb
import httpx

from tracepatrol.harness.ports import free_port, free_ports
from tracepatrol.harness.process import Process, tracepatrol


class Role(Process):
    """One scale-out process, ready once its banner is in its log."""

    def __init__(self, args: list[str], log: Path, banner: str, api_port: int | None = None,
                 otlp_http_port: int | None = None):
        super().__init__(tracepatrol(*args), log, banner)
        self.args, self.api_port, self.otlp_http_port = args, api_port, otlp_http_port

    @property
    def otlp_http(self) -> str:
        return f"http://127.0.0.1:{self.otlp_http_port}/v1/traces"

    def get(self, path: str, **params) -> httpx.Response:
        return httpx.get(f"http://127.0.0.1:{self.api_port}{path}", params=params, timeout=30)

    def stats(self) -> dict:
        return self.get("/api/stats").json()


class Cluster:
    """Roles sharing `workdir`/tracepatrol.yaml; `kafka` overrides the fresh topic and group names'
    defaults and adds settings (partitions, workers …)."""

    def __init__(self, workdir: Path, bootstrap: str, **kafka):
        tag = uuid.uuid4().hex[:10]
        self.tmp, self.bootstrap, self.config = workdir, bootstrap, workdir / "tracepatrol.yaml"
        self.kafka = {"bootstrap": bootstrap, "topic": f"spans-{tag}", "group": f"ingest-{tag}",
                      "work_topic": f"work-{tag}", "results_topic": f"results-{tag}",
                      "worker_group": f"workers-{tag}", "results_group": f"results-{tag}",
                      "session_timeout_ms": 6000, **kafka}
        self.procs: list[Role] = []
        self.configure()

    @property
    def db(self) -> Path:
        return self.tmp / "store.duckdb"

    def configure(self, kafka: dict | None = None, **sections) -> None:
        """Rewrite the shared config file with more `kafka` settings and other sections."""
        self.kafka.update(kafka or {})
        self.config.write_text(json.dumps({"kafka": self.kafka, **sections}))

    def collect(self, name: str = "collect") -> Role:
        http, grpc, api = free_ports(3)
        return self._add(Role(["collect", "--config", str(self.config), "--otlp-http-port", str(http),
                               "--otlp-grpc-port", str(grpc), "--api-port", str(api)],
                              self.tmp / f"{name}.log", "tracepatrol collecting", api_port=api, otlp_http_port=http))

    def ingest(self, *extra: str) -> Role:
        api = free_port()
        return self._add(Role(["ingest", "--config", str(self.config), "--db", str(self.db), "--api-port", str(api),
                               "--decision-wait", "0.3", *extra], self.tmp / "ingest.log",
                              "tracepatrol ingesting", api_port=api))

    def worker(self, name: str) -> Role:
        return self._add(Role(["worker", "--config", str(self.config), "--name", name], self.tmp / f"{name}.log",
                              f"tracepatrol worker {name}"))

    def _add(self, role: Role) -> Role:
        self.procs.append(role)
        return role

    def produce(self, messages: list[tuple[bytes | None, bytes]]) -> None:
        """Publish as the Collector's exporter would (acks=all); fails unless every one is acknowledged."""
        from confluent_kafka import Producer

        producer = Producer({"bootstrap.servers": self.bootstrap, "acks": "all", "enable.idempotence": True})
        errors = []
        for key, value in messages:
            producer.produce(self.kafka["topic"], value=value, key=key,
                             on_delivery=lambda err, _m: errors.append(err) if err else None)
            producer.poll(0)
        if producer.flush(30) or errors:
            raise RuntimeError(f"not every message was acknowledged: {errors}")

    def query(self, sql: str, *params) -> list[tuple]:
        """Read the store's DuckDB file (the ingest process must be stopped)."""
        with duckdb.connect(str(self.db), read_only=True) as con:
            return con.execute(sql, list(params)).fetchall()

    def log_tails(self, lines: int = 20) -> str:
        """The end of each role's log, for a failure message: what a test waited on in vain."""
        return "\n".join(f"--- {r.log.name}\n" + "\n".join(r.log.read_text(errors="replace").splitlines()[-lines:])
                         for r in self.procs if r.log.exists())

    def stop(self, sig: int) -> None:
        for role in self.procs:
            role.stop(sig)
