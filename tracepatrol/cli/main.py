"""The `tracepatrol` command line."""
from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import click
from rich.table import Table

from tracepatrol.cli.alerts import alerts
from tracepatrol.cli.export import export
from tracepatrol.cli.keys import keys_group
from tracepatrol.cli.report import report
from tracepatrol.cli.roles import collect, ingest, insecure_option, kafka_option, run_role, worker
from tracepatrol.cli.results import compare, evaluate, results, score
from tracepatrol.cli.tasks import annotate, task
from tracepatrol.cli.client import api_get, api_options
from tracepatrol.terminal import console, err, print_trajectory
from tracepatrol.settings import SettingsError, load_settings


@click.group()
@click.version_option(package_name="tracepatrol")
def main() -> None:
    """tracepatrol: evaluate AI agents on their real production traffic."""


@main.command()
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), help="DuckDB file [tracepatrol.duckdb]")
@click.option("--host", help="address to bind [127.0.0.1]")
@click.option("--otlp-http-port", type=int, help="OTLP/HTTP port [4318]")
@click.option("--otlp-grpc-port", type=int, help="OTLP/gRPC port [4317]")
@click.option("--api-port", type=int, help="REST API port [4320]")
@click.option("--decision-wait", type=float, help="seconds of quiet before a trace is assembled [10]")
@click.option("--api-key", help="the old single key, an admin key of every project (see `tracepatrol keys`)")
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="YAML settings file")
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
        err.print(f"[red]error:[/red] {exc}", highlight=False)
        sys.exit(2)
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    run_role(settings, "serve")  # exit 1 when a port is taken, the file locked, the broker unreachable


@main.group()
def traces() -> None:
    """Inspect stored trajectories (talks to a running server)."""


@traces.command("list")
@api_options
@click.option("--status", type=click.Choice(["ok", "error"]))
@click.option("--user-id")
@click.option("--since", help="ISO 8601 start time")
@click.option("--limit", type=int, default=50, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def traces_list(api_url, api_key, status, user_id, since, limit, as_json) -> None:
    rows = api_get(api_url, api_key, "/api/traces", status=status, user_id=user_id, since=since, limit=limit)
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    table = Table("trace_id", "start", "status", "ms", "tools", "errors", "tokens", "user", "agent")
    for r in rows:
        table.add_row(r["trace_id"], str(r["start_time"])[:19], r["status"], f"{r['duration_ms']:.0f}",
                      str(r["tool_call_count"]), str(r["tool_errors"]), str(r["total_tokens"]),
                      r["user_id"] or "", " ".join(filter(None, (r["agent_name"], r["agent_version"]))))
    console.print(table)


@traces.command("show")
@api_options
@click.argument("trace_id")
@click.option("--json", "as_json", is_flag=True, help="print the trajectory JSON")
def traces_show(api_url, api_key, trace_id, as_json) -> None:
    traj = api_get(api_url, api_key, f"/api/traces/{trace_id}")
    if as_json:
        print(json.dumps(traj, indent=2, ensure_ascii=False))
        return
    print_trajectory(traj)


@main.command()
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=Path("tracepatrol-demo.duckdb"),
              show_default=True, help="DuckDB file the demo server writes")
def demo(db: Path) -> None:
    """Start an embedded server, run an instrumented agent through the seed scenarios, show the results."""
    from tracepatrol.demo.run import run_demo

    sys.exit(run_demo(db))


for command in (task, annotate, results, score, compare, evaluate, export):
    main.add_command(command)
main.add_command(report)
main.add_command(keys_group)
main.add_command(alerts)
for command in (collect, ingest, worker):
    main.add_command(command)
