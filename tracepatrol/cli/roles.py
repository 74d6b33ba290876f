"""The server's roles: `serve` (everything in one process), and for scale-out `collect` (OTLP → Kafka),
`ingest` (Kafka → DuckDB) and `worker` (evaluations).

Exit codes: 2 for invalid settings, 1 when the process cannot start (broker unreachable, port
taken, database locked); the message names what failed.
"""
from __future__ import annotations

import logging
import signal
import sys
from pathlib import Path
from typing import Any

import click

from tracepatrol.settings import Settings, SettingsError, load_settings
from tracepatrol.terminal import err

kafka_option = click.option("--kafka", "bootstrap", metavar="BOOTSTRAP",
                            help="Kafka bootstrap servers host:port[,host:port] (or kafka.bootstrap in --config)")
topic_option = click.option("--topic", help="span topic [otlp_spans]")
config_option = click.option("--config", "config_file", type=click.Path(path_type=Path), help="YAML settings file")
insecure_option = click.option("--insecure-no-auth", is_flag=True, default=None,
                               help="listen beyond loopback with no API key (refused otherwise)")


def _settings(config_file: Path | None, **overrides: Any) -> Settings:
    try:
        settings = load_settings(config_file, **overrides)
    except SettingsError as exc:
        _fail(2, str(exc))
    if settings.kafka is None:
        _fail(2, "Kafka is not configured: pass --kafka BOOTSTRAP or set kafka.bootstrap in --config")
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return settings


def _fail(code: int, message: str):
    err.print(f"[red]error:[/red] {message}", highlight=False)
    sys.exit(code)


def run_role(settings: Settings, role: str) -> None:
    """Run a server role until SIGTERM/SIGINT; start-up failures exit 1 with the reason."""
    import duckdb

    from infra.kafka.client import KafkaUnavailable
    from infra.schema import SchemaError
    from tracepatrol.server import ExposedWithoutKeys, run

    try:
        run(settings, on_ready=lambda banner: print(banner, flush=True), role=role)
    except (OSError, duckdb.Error, SchemaError, KafkaUnavailable, ExposedWithoutKeys) as exc:
        _fail(1, f"cannot start: {exc}")


@click.command()
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), help="DuckDB file [tracepatrol.duckdb]")
@click.option("--host", help="address to bind [127.0.0.1]")
@click.option("--otlp-http-port", type=int, help="OTLP/HTTP port [4318]")
@click.option("--otlp-grpc-port", type=int, help="OTLP/gRPC port [4317]")
@click.option("--api-port", type=int, help="REST API port [4320]")
@click.option("--decision-wait", type=float, help="seconds of quiet before a trace is assembled [10]")
@click.option("--api-key", help="the old single key, an admin key of every project (see `tracepatrol keys`)")
@config_option
@kafka_option
@insecure_option
def serve(db, host, otlp_http_port, otlp_grpc_port, api_port, decision_wait, api_key, config_file, bootstrap,
          insecure_no_auth) -> None:
    """Run the receivers, the store writer and the REST API in one process."""
    try:
        settings = load_settings(
            config_file, db=db, host=host, api_port=api_port, api_key=api_key, insecure_no_auth=insecure_no_auth,
            collector={"otlp_http_port": otlp_http_port, "otlp_grpc_port": otlp_grpc_port,
                       "decision_wait": decision_wait},
            kafka={"bootstrap": bootstrap},
        )
    except SettingsError as exc:
        _fail(2, str(exc))
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    run_role(settings, "serve")  # exit 1 when a port is taken, the file locked, the broker unreachable


@click.command()
@kafka_option
@topic_option
@click.option("--host", help="address to bind [127.0.0.1]")
@click.option("--otlp-http-port", type=int, help="OTLP/HTTP port [4318]")
@click.option("--otlp-grpc-port", type=int, help="OTLP/gRPC port [4317]")
@click.option("--api-port", type=int, help="port of /healthz and /metrics [4321, beside ingest's 4320]")
@click.option("--api-key", help="the old single key, an admin key (keys made with `tracepatrol keys` arrive from the store)")
@config_option
@insecure_option
def collect(bootstrap, topic, host, otlp_http_port, otlp_grpc_port, api_port, api_key, config_file,
            insecure_no_auth) -> None:
    """Receive OTLP and publish it to Kafka (no database); run as many side by side as needed."""
    settings = _settings(config_file, host=host, api_port=api_port, api_key=api_key, insecure_no_auth=insecure_no_auth,
                         kafka={"bootstrap": bootstrap, "topic": topic},
                         collector={"otlp_http_port": otlp_http_port, "otlp_grpc_port": otlp_grpc_port})
    run_role(settings, "collect")


@click.command()
@kafka_option
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), help="DuckDB file [tracepatrol.duckdb]")
@topic_option
@click.option("--group", help="consumer group [tracepatrol-ingest]")
@click.option("--encoding", type=click.Choice(["auto", "otlp_proto", "otlp_json"]), help="span encoding [auto]")
@click.option("--kafka-workers/--no-kafka-workers", "workers", default=None,
              help="evaluate on `tracepatrol worker` processes instead of in-process threads")
@click.option("--host", help="address to bind [127.0.0.1]")
@click.option("--api-port", type=int, help="REST API port [4320]")
@click.option("--decision-wait", type=float, help="seconds of quiet before a trace is assembled [10]")
@click.option("--api-key", help="the old single key, an admin key of every project (see `tracepatrol keys`)")
@config_option
@insecure_option
def ingest(bootstrap, db, topic, group, encoding, workers, host, api_port, decision_wait, api_key, config_file,
           insecure_no_auth) -> None:
    """The store process: consume spans from Kafka into DuckDB; tasks, evaluations and the API."""
    settings = _settings(config_file, db=db, host=host, api_port=api_port, api_key=api_key,
                         insecure_no_auth=insecure_no_auth,
                         kafka={"bootstrap": bootstrap, "topic": topic, "group": group, "encoding": encoding,
                                "workers": workers},
                         collector={"decision_wait": decision_wait})
    run_role(settings, "ingest")


@click.command()
@kafka_option
@click.option("--group", help="worker consumer group [tracepatrol-workers]")
@click.option("--name", help="worker name in logs and results [host-pid]")
@config_option
def worker(bootstrap, group, name, config_file) -> None:
    """Evaluate work items from Kafka (no database); run several in one group to share the load."""
    settings = _settings(config_file, kafka={"bootstrap": bootstrap, "worker_group": group})
    from infra.kafka.client import KafkaUnavailable, check_reachable
    from evaluators.kafka_worker import KafkaWorker

    k = settings.kafka
    try:
        check_reachable(k)
        w = KafkaWorker(k, settings.evaluators, name)
    except (KafkaUnavailable, OSError, ValueError) as exc:
        _fail(1, f"cannot start: {exc}")
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, w.stop)
    print(f"tracepatrol worker {w.name}  Kafka {k.bootstrap} topic {k.work_topic} group {k.worker_group}  "
          f"results to {k.results_topic}", flush=True)
    try:
        w.run()
    except KafkaUnavailable as exc:
        _fail(1, str(exc))
