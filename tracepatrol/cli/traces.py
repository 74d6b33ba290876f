"""`tracepatrol traces`: stored trajectories, read from a running server."""
from __future__ import annotations

import json

import click
from rich.table import Table

from tracepatrol.cli.client import api_get, api_options
from tracepatrol.terminal import console, print_trajectory


@click.group()
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
