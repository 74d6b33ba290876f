"""`tracepatrol task …` and `tracepatrol annotate`: evaluation tasks and human annotations."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from scheduler import safe_yaml
from tracepatrol.cli.client import api_call, api_options
from tracepatrol.terminal import console, err


def _print(data, as_json: bool) -> bool:
    if as_json:
        print(json.dumps(data, indent=2, ensure_ascii=False, default=str))
    return as_json


def print_run(run: dict) -> None:
    console.print(
        f"[bold]run {run['run_id']}[/bold] ({run['trigger']}, {run['state']})  window {run['window_column']} "
        f"{run['window_start']} → {run['window_end']}", highlight=False)
    console.print(
        f"  candidates {run['candidates']}  sampled out {run['sampled_out']}  capped {run['capped']}  "
        f"already taken {run['already_taken']}  selected {run['selected']}", highlight=False)
    if run.get("error"):
        console.print(f"  [red]{run['error']}[/red]", highlight=False)
    for item in run.get("items", [])[:20]:
        reason = f"  {item['reason']}" if item.get("reason") else ""
        console.print(f"    {item['trace_id']} v{item['version']}  {item['state']}{reason}", highlight=False)


@click.group()
def task() -> None:
    """Evaluation tasks: which traces to sample, how many, how often (talks to a running server)."""


@task.command("create")
@api_options
@click.option("--preset", help="start from config/presets/NAME.yaml")
@click.option("--file", "file_", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="a task YAML/JSON file")
@click.option("--set", "assignments", multiple=True, metavar="KEY=VALUE", help="override a field, e.g. sampling.ratio=0.1")
@click.option("--json", "as_json", is_flag=True)
def task_create(api_url, api_key, preset, file_, assignments, as_json) -> None:
    out = api_call(api_url, api_key, "POST", "/api/tasks", _document(preset, file_, assignments))
    if not _print(out, as_json):
        console.print(f"created task [bold]{out['task']['task_id']}[/bold] ({out['task']['spec']['window']['mode']})")
        if out["run"]:
            print_run(out["run"])
        elif out["task"]["next_run_time"]:
            console.print(f"  next run {out['task']['next_run_time']}", highlight=False)


def _document(preset: str | None, path: Path | None, assignments: tuple[str, ...]) -> dict:
    """The task document the API takes: a preset name or a file, plus `key=value` overrides."""
    if bool(preset) == bool(path):
        err.print("[red]error:[/red] give exactly one of --preset NAME or --file task.yaml", highlight=False)
        sys.exit(2)
    doc = {"preset": preset} if preset else _load(path)
    doc["set"] = list(assignments)
    return doc


def _load(path: Path) -> dict:
    try:
        doc = safe_yaml.load_file(path)
    except safe_yaml.YAMLRefused as exc:
        err.print(f"[red]error:[/red] {path} {exc}", highlight=False)
        sys.exit(2)
    if not isinstance(doc, dict):
        err.print(f"[red]error:[/red] {path}: a task must be a mapping", highlight=False)
        sys.exit(2)
    return doc


@task.command("list")
@api_options
@click.option("--json", "as_json", is_flag=True)
def task_list(api_url, api_key, as_json) -> None:
    tasks = api_call(api_url, api_key, "GET", "/api/tasks")
    if _print(tasks, as_json):
        return
    table = Table("task", "state", "window", "filters", "ratio", "cap", "evaluators", "next run")
    for t in tasks:
        spec = t["spec"]
        window = spec["window"]
        when = window.get("last") or window.get("every") or window.get("cron") or f"{window.get('from')}…"
        table.add_row(t["task_id"], t["state"], f"{window['mode']} {when}", str(len(spec.get("filters", []))),
                      f"{spec['sampling']['ratio']:.0%}", str(spec["sampling"]["max_items"]),
                      ", ".join(spec.get("evaluators", [])), str(t["next_run_time"] or ""))
    console.print(table)


@task.command("show")
@api_options
@click.argument("task_id")
def task_show(api_url, api_key, task_id) -> None:
    _print(api_call(api_url, api_key, "GET", f"/api/tasks/{task_id}"), True)


@task.command("preview")
@api_options
@click.option("--preset")
@click.option("--file", "file_", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--set", "assignments", multiple=True, metavar="KEY=VALUE")
@click.option("--json", "as_json", is_flag=True)
def task_preview(api_url, api_key, preset, file_, assignments, as_json) -> None:
    """How many traces match, and which a run would select now; nothing is saved."""
    out = api_call(api_url, api_key, "POST", "/api/tasks/preview", _document(preset, file_, assignments))
    if not _print(out, as_json):
        console.print(f"candidates {out['candidates']}  sampled out {out['sampled_out']}  capped {out['capped']}  "
                      f"selected {len(out['selected'])}", highlight=False)
        for item in out["selected"][:50]:
            console.print(f"  {item['trace_id']} v{item['version']}", highlight=False)


@task.command("run")
@api_options
@click.argument("task_id")
@click.option("--wait/--no-wait", default=True, show_default=True, help="follow the evaluation until done")
@click.option("--json", "as_json", is_flag=True)
def task_run(api_url, api_key, task_id, wait, as_json) -> None:
    """Run a task now: select, then (with --wait) follow its evaluation with a progress bar."""
    run = api_call(api_url, api_key, "POST", f"/api/tasks/{task_id}/run")
    if wait and run["state"] != "done":
        run = follow(api_url, api_key, run["run_id"])
    if not _print(run, as_json):
        print_run(run)


def follow(api_url: str, api_key: str | None, run_id: str) -> dict:
    """Poll a run until every item is done or failed, showing progress on stderr."""
    with Progress(SpinnerColumn(), TextColumn("evaluating {task.fields[run]}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=True) as progress:
        bar = progress.add_task("run", total=None, run=run_id)
        while True:
            run = api_call(api_url, api_key, "GET", f"/api/runs/{run_id}")
            finished = sum(i["state"] in ("done", "failed") for i in run["items"])
            progress.update(bar, total=len(run["items"]), completed=finished)
            if run["state"] in ("done", "failed"):
                return run
            time.sleep(0.5)


@task.command("runs")
@api_options
@click.argument("task_id")
@click.option("--json", "as_json", is_flag=True)
def task_runs(api_url, api_key, task_id, as_json) -> None:
    runs = api_call(api_url, api_key, "GET", f"/api/tasks/{task_id}/runs")
    if _print(runs, as_json):
        return
    table = Table("run", "trigger", "state", "window start", "window end", "candidates", "selected")
    for r in runs:
        table.add_row(r["run_id"], r["trigger"], r["state"], str(r["window_start"]), str(r["window_end"]),
                      str(r["candidates"]), str(r["selected"]))
    console.print(table)


def _state_command(verb: str):
    @task.command(verb)
    @api_options
    @click.argument("task_id")
    def command(api_url, api_key, task_id) -> None:
        out = api_call(api_url, api_key, "POST", f"/api/tasks/{task_id}/{verb}")
        console.print(f"task {task_id}: {out['state']}")

    command.__doc__ = f"{verb.capitalize()} a task's schedule."
    return command


task_pause = _state_command("pause")
task_resume = _state_command("resume")


@task.command("delete")
@api_options
@click.argument("task_id")
def task_delete(api_url, api_key, task_id) -> None:
    api_call(api_url, api_key, "DELETE", f"/api/tasks/{task_id}")
    console.print(f"deleted task {task_id}")


@click.command()
@api_options
@click.argument("trace_id", required=False)
@click.option("--status", help="reviewed, flagged, approved, … (lower_snake_case)")
@click.option("--label")
@click.option("--note")
@click.option("--author")
@click.option("--import", "import_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="bulk import a .csv (trace_id,status[,label,note,author]) or .jsonl file")
def annotate(api_url, api_key, trace_id, status, label, note, author, import_path) -> None:
    """Record a human-annotation status for a trace, or import many; task filters read them."""
    if import_path is not None:
        fmt = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}.get(import_path.suffix.lower())
        if fmt is None or trace_id:
            err.print("[red]error:[/red] --import takes a .csv or .jsonl file and no TRACE_ID", highlight=False)
            sys.exit(2)
        out = api_call(api_url, api_key, "POST", "/api/annotations/import", content=import_path.read_bytes(),
                       format=fmt, name=import_path.name)
        console.print(f"imported {out['imported']} annotation(s)")
        return
    if not trace_id or not status:
        err.print("[red]error:[/red] give TRACE_ID and --status (or --import FILE)", highlight=False)
        sys.exit(2)
    out = api_call(api_url, api_key, "POST", f"/api/traces/{trace_id}/annotations",
                   {"status": status, "label": label, "note": note, "author": author})
    console.print(f"{out['trace_id']}: {out['status']}" + (f" ({out['label']})" if out["label"] else ""))
