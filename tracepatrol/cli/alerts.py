"""`tracepatrol alerts …`: what fires, what fired, silences, and a sample notification."""
from __future__ import annotations

import json
import sys

import click
from rich.table import Table

from tracepatrol.cli.client import api_call, api_get, api_options
from tracepatrol.terminal import console, err


def _print(data, as_json: bool) -> bool:
    if as_json:
        print(json.dumps(data, indent=2, ensure_ascii=False, default=str))
    return as_json


def _number(value) -> str:
    return "—" if value is None else f"{value:.4g}"


@click.group()
def alerts() -> None:
    """Alerts on tasks and on the server (talks to a running server; rules are in task documents
    and the server settings, docs/alerts.md)."""


@alerts.command("list")
@api_options
@click.option("--state", type=click.Choice(["firing", "ok"]))
@click.option("--task")
@click.option("--rule")
@click.option("--json", "as_json", is_flag=True)
def alerts_list(api_url, api_key, state, task, rule, as_json) -> None:
    """Every alert judged so far, firing first."""
    rows = api_get(api_url, api_key, "/api/alerts", state=state, task=task, rule=rule)
    if _print(rows, as_json):
        return
    table = Table("rule", "task", "state", "since", "value", "threshold", "what")
    for a in rows:
        firing = a["state"] == "firing"
        table.add_row(a["rule"], a["task_id"] or "(server)", "[red]firing[/red]" if firing else "ok",
                      str(a["fired_at"] or "")[:19] if firing else "", _number(a["value"]), _number(a["threshold"]),
                      (a["notice"] or {}).get("summary", "") if firing else "")
    console.print(table)


@alerts.command("history")
@api_options
@click.option("--task")
@click.option("--rule")
@click.option("--limit", type=int, default=50, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def alerts_history(api_url, api_key, task, rule, limit, as_json) -> None:
    """What fired and resolved, newest first."""
    rows = api_get(api_url, api_key, "/api/alerts/history", task=task, rule=rule, limit=limit)
    if _print(rows, as_json):
        return
    table = Table("when", "event", "rule", "task", "value", "threshold", "what")
    for e in rows:
        event = e["event"] + (" (silenced)" if e["silenced"] else "")
        table.add_row(str(e["happened_at"])[:19], event, e["rule"], e["task_id"] or "(server)", _number(e["value"]),
                      _number(e["threshold"]), e["summary"] or "")
    console.print(table)


@alerts.command("test")
@api_options
@click.argument("rule")
@click.option("--task", help="the task, when several have a rule of that name")
@click.option("--destination", help="send to this destination instead of the rule's")
@click.option("--json", "as_json", is_flag=True)
def alerts_test(api_url, api_key, rule, task, destination, as_json) -> None:
    """Send RULE's notification as it would read now, marked as a test; exit 1 if a delivery failed."""
    out = api_call(api_url, api_key, "POST", "/api/alerts/test", {"rule": rule, "task": task, "destination": destination})
    if not _print(out, as_json):
        doc = out["notification"]
        console.print(f"[bold]{doc['title']}[/bold]\n  {doc['summary']}", highlight=False)
        for name, link in doc["links"].items():
            if link:
                console.print(f"  {name}: {link}", highlight=False)
        for name, result in out["deliveries"].items():
            verdict = f"[green]delivered[/green] ({result['status']})" if result["ok"] else f"[red]failed[/red]: {result['error']}"
            console.print(f"  → {name}: {verdict}", highlight=False)
    if not all(r["ok"] for r in out["deliveries"].values()):
        sys.exit(1)


@alerts.command("silence")
@api_options
@click.option("--rule", help="the rule (default: any)")
@click.option("--task", help="the task (default: any)")
@click.option("--for", "duration", required=True, help="how long, e.g. 2h (at most 90d)")
@click.option("--comment")
@click.option("--json", "as_json", is_flag=True)
def alerts_silence(api_url, api_key, rule, task, duration, comment, as_json) -> None:
    """Hold back new notifications of the matching alerts for a while."""
    if not rule and not task:
        err.print("[red]error:[/red] name a --rule, a --task or both", highlight=False)
        sys.exit(2)
    out = api_call(api_url, api_key, "POST", "/api/alerts/silences",
                   {"rule": rule, "task": task, "duration": duration, "comment": comment})
    if not _print(out, as_json):
        console.print(f"silence [bold]{out['silence_id']}[/bold] until {str(out['expires_at'])[:19]} UTC "
                      f"(end it early: tracepatrol alerts unsilence {out['silence_id']})", highlight=False)


@alerts.command("unsilence")
@api_options
@click.argument("silence_id")
def alerts_unsilence(api_url, api_key, silence_id) -> None:
    """End a silence now; what it held back and still fires is announced."""
    api_call(api_url, api_key, "DELETE", f"/api/alerts/silences/{silence_id}")
    console.print(f"silence {silence_id} ended", highlight=False)


@alerts.command("silences")
@api_options
@click.option("--json", "as_json", is_flag=True)
def alerts_silences(api_url, api_key, as_json) -> None:
    """The silences in force."""
    rows = api_get(api_url, api_key, "/api/alerts/silences", active="true")
    if _print(rows, as_json):
        return
    table = Table("id", "rule", "task", "until", "comment")
    for s in rows:
        table.add_row(s["silence_id"], s["rule"] or "any", s["task_id"] or "any", str(s["expires_at"])[:19],
                      s["comment"] or "")
    console.print(table)
