"""`tracepatrol report`: a task's health report (HTML, Markdown or JSON) from a running server, or
from a stopped server's DuckDB file with --db."""
from __future__ import annotations

import datetime as dt
import os
import sys
import tempfile
from pathlib import Path

import click
import duckdb
import httpx
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from tracepatrol.cli.client import api_options, auth_headers, exit_on_error, open_stopped_db, unreachable
from tracepatrol.web.report import FORMATS
from tracepatrol.terminal import console, err

SUFFIXES = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md", ".json": "json"}


@click.command("report")
@click.option("--task", "task_id", required=True, help="the evaluation task")
@click.option("--day", type=click.DateTime(formats=["%Y-%m-%d"]),
              help="the task's runs started that day (UTC), against the day before")
@click.option("--run", "run_id", help="one run, against the task's previous run [default: the latest run]")
@click.option("--out", required=True, type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="file to write (replaced if it exists)")
@click.option("--format", "fmt", type=click.Choice(FORMATS), help="[from the --out extension, else html]")
@click.option("--scene", default="customer_service", show_default=True, help="weight profile for the scene score")
@click.option("--db", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="read this DuckDB file directly instead of asking the server (the server must not be running)")
@click.option("--dashboard-url", envvar="TRACEPATROL_DASHBOARD_PUBLIC_URL",
              help="with --db: the dashboard as readers reach it, for trace links (a server uses its own setting)")
@api_options
def report(task_id, day, run_id, out, fmt, scene, db, dashboard_url, api_url, api_key) -> None:
    """Write a task's health report: what was sampled and why, scores against the previous period
    with confidence intervals, worst traces, failure clusters, bottlenecks, radar, regressions."""
    if day is not None and run_id is not None:
        raise click.UsageError("give --day or --run, not both")
    fmt = fmt or SUFFIXES.get(out.suffix.lower(), "html")
    out = out.expanduser().absolute()
    if not out.parent.is_dir():
        raise click.BadParameter(f"directory {out.parent} does not exist", param_hint="--out")
    day = day.date() if day is not None else None
    text = _from_db(db, task_id, run_id, day, fmt, scene, dashboard_url) if db else _from_api(api_url, api_key, task_id, run_id, day,
                                                                                fmt, scene)
    _write(out, text)
    console.print(f"wrote {out} ({fmt}, {len(text.encode()) / 1e6:.1f} MB): task {task_id}"
                  + (f", run {run_id}" if run_id else f", {day}" if day else ", latest run"), highlight=False)


def _from_api(api_url: str, api_key: str | None, task_id: str, run_id: str | None, day: dt.date | None, fmt: str,
              scene: str) -> str:
    params = {"task": task_id, "format": fmt, "scene": scene}
    if run_id:
        params["run"] = run_id
    if day:
        params["day"] = day.isoformat()
    with err.status(f"the server at {api_url} is building the report…"):
        try:
            resp = httpx.get(api_url.rstrip("/") + "/api/report", params=params, headers=auth_headers(api_key),
                             timeout=600)
        except httpx.HTTPError as exc:
            unreachable(api_url, exc)
    exit_on_error(resp)
    return resp.text


def _from_db(db: Path, task_id: str, run_id: str | None, day: dt.date | None, fmt: str, scene: str,
             dashboard_url: str | None) -> str:
    from tracepatrol import analysis
    from tracepatrol.web.report import build, render

    con = open_stopped_db(db, "ask it for the report")
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    try:
        with Progress(*columns, console=err, transient=True) as progress:
            bar = progress.add_task("report", total=None)
            data = build(con, task_id, run_id=run_id, day=day, scene=scene,
                         dashboard_url=dashboard_url.rstrip("/") if dashboard_url else None, progress=lambda step: progress.update(bar, description=step))
            progress.update(bar, description=f"rendering {fmt}")
            return render(data, fmt)
    except (analysis.NotFound, LookupError) as exc:
        err.print(f"[red]error:[/red] {exc.args[0] if exc.args else exc}", highlight=False)
        sys.exit(1)
    except duckdb.CatalogException as exc:
        err.print(f"[red]error:[/red] {db} holds no evaluation tasks ({exc})", highlight=False)
        sys.exit(1)
    finally:
        con.close()


def _write(out: Path, text: str) -> None:
    """Beside the target, then renamed: a failed write never leaves half a report."""
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, out)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        err.print(f"[red]error:[/red] cannot write {out}: {exc}", highlight=False)
        sys.exit(1)
