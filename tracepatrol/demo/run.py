"""`tracepatrol demo`: the whole intake path on one machine, with nothing to set up.

An embedded server (free ports, so it never collides with a `tracepatrol serve` already on
4317/4318/4320) receives the scripted agent's spans over OTLP/HTTP; the demo waits until every
trace is assembled and prints the trajectories. It is a list of steps over one `DemoRun`, so
later stages (tasks, evaluations, a report) are added as further steps.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from tracepatrol.terminal import print_card, print_trajectory
from tracepatrol.demo.agent import ALL, ExportFailed, SentTrace, run_scenarios
from tracepatrol.harness.embedded import EmbeddedServer, ServerFailed
from tracepatrol.settings import SettingsError

console = Console()
err = Console(stderr=True, soft_wrap=True)  # messages stay whole lines, whatever the width

DECISION_WAIT_S = 1.0
ASSEMBLY_TIMEOUT_S = 60.0


class DemoError(RuntimeError):
    """A step could not finish; the message says which and why."""


@dataclass
class DemoRun:
    server: EmbeddedServer
    sent: list[SentTrace] = field(default_factory=list)
    trajectories: dict[str, dict] = field(default_factory=dict)
    runs: dict[str, str] = field(default_factory=dict)


def send_traffic(run: DemoRun) -> None:
    """The scripted agent, instrumented with the real OTel SDK, exports over OTLP/HTTP."""
    with console.status(f"running the scripted agent through {len(ALL)} scenarios (OTLP/HTTP → {run.server.otlp_http})"):
        try:
            run.sent = run_scenarios(run.server.otlp_http, "http", ALL, headers=run.server.headers())
        except ExportFailed as exc:
            raise DemoError(str(exc)) from None
    spans = sum(s.span_count for s in run.sent)
    console.print(f"[green]✓[/green] sent {spans} spans in {len(run.sent)} traces", highlight=False)


def await_trajectories(run: DemoRun) -> None:
    """Poll the REST API until each trace is assembled (after the server's decision wait)."""
    columns = (SpinnerColumn(), TextColumn("assembling trajectories"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    missing = {s.trace_id for s in run.sent}
    deadline = time.monotonic() + ASSEMBLY_TIMEOUT_S
    with httpx.Client(base_url=run.server.api, headers=run.server.headers(), timeout=10) as client, \
            Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("assemble", total=len(missing))
        while missing:
            run.server.check_alive()
            if time.monotonic() > deadline:
                raise DemoError(f"{len(missing)} trace(s) not assembled within {ASSEMBLY_TIMEOUT_S:.0f}s: "
                                f"{', '.join(sorted(missing))}")
            for trace_id in sorted(missing):
                resp = client.get(f"/api/traces/{trace_id}")
                if resp.status_code == 200:
                    run.trajectories[trace_id] = resp.json()
                    missing.discard(trace_id)
                    progress.advance(task)
                elif resp.status_code != 404:
                    raise DemoError(f"GET /api/traces/{trace_id} answered {resp.status_code}: {resp.text}")
            time.sleep(0.2)
    console.print(f"[green]✓[/green] {len(run.trajectories)} trajectories assembled and stored", highlight=False)


def show_trajectories(run: DemoRun) -> None:
    for sent in run.sent:
        console.rule(f"[bold]{sent.scenario}[/bold]")
        print_trajectory(run.trajectories[sent.trace_id])


RULES = ["tool_selection", "parameters", "grounding", "trajectory_quality", "safety"]
DEMO_TASKS = {
    "demo-backfill": {"window": {"mode": "backfill", "last": "1h"}},
    "demo-patrol": {"window": {"mode": "rolling", "every": "day"}},
}
RUN_TIMEOUT_S = 120.0
SETTLE_S = 1.2


def create_tasks(run: DemoRun) -> None:
    """A backfill task (runs at once) and a daily rolling task, run now on demand; both score 100 %."""
    with httpx.Client(base_url=run.server.api, headers=run.server.headers(), timeout=60) as client:
        for name, extra in DEMO_TASKS.items():
            client.delete(f"/api/tasks/{name}")  # a rerun of the demo on the same file starts over
            doc = {"name": name, "sampling": {"ratio": 1.0, "max_items": 50}, "evaluators": RULES, **extra}
            if extra["window"]["mode"] == "rolling":
                doc["window"]["start"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 3600))
            resp = client.post("/api/tasks", json=doc)
            if resp.status_code != 201:
                raise DemoError(f"creating task {name} answered {resp.status_code}: {resp.text}")
            created = resp.json()["run"]
            if created is None:
                time.sleep(SETTLE_S)  # a rolling window ends a settle margin before now
                created = client.post(f"/api/tasks/{name}/run").json()
            run.runs[name] = created["run_id"]
            console.print(f"[green]✓[/green] task {name} ({extra['window']['mode']}): run {created['run_id']} "
                          f"selected {created['selected']} of {created['candidates']} traces", highlight=False)


def await_evaluations(run: DemoRun) -> None:
    """The server's evaluator workers score the selected items; wait until every run is done."""
    columns = (SpinnerColumn(), TextColumn("evaluating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    deadline = time.monotonic() + RUN_TIMEOUT_S
    with httpx.Client(base_url=run.server.api, headers=run.server.headers(), timeout=10) as client, \
            Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task("evaluate", total=None)
        while True:
            run.server.check_alive()
            manifests = [client.get(f"/api/runs/{run_id}").json() for run_id in run.runs.values()]
            items = [i for m in manifests for i in m["items"]]
            progress.update(bar, total=len(items), completed=sum(i["state"] in ("done", "failed") for i in items))
            if all(m["state"] == "done" for m in manifests):
                break
            if time.monotonic() > deadline:
                raise DemoError(f"evaluation runs not done within {RUN_TIMEOUT_S:.0f}s")
            time.sleep(0.2)
    console.print(f"[green]✓[/green] {len(items)} items evaluated", highlight=False)


def show_scores(run: DemoRun) -> None:
    """The scene score with its short-board flags, then the worst traces and why."""
    with httpx.Client(base_url=run.server.api, headers=run.server.headers(), timeout=30) as client:
        scores = client.get("/api/tasks/demo-backfill/scores", params={"scene": "customer_service"}).json()
        results = client.get(f"/api/runs/{run.runs['demo-backfill']}/results").json()
    console.rule("[bold]scores: demo-backfill, scene customer_service[/bold]")
    print_card(scores["card"])
    worst: dict[str, list[dict]] = {}
    for r in results:
        if r["score"] is not None and not r["passed"]:
            worst.setdefault(r["trace_id"], []).append(r)
    scenario = {s.trace_id: s.scenario for s in run.sent}
    console.rule("[bold]worst traces[/bold]")
    for trace_id, failed in sorted(worst.items(), key=lambda kv: sum(r["score"] for r in kv[1]) - len(kv[1])):
        console.print(f"[bold]{scenario.get(trace_id, trace_id)}[/bold] {trace_id}", highlight=False)
        for r in sorted(failed, key=lambda r: r["score"]):
            console.print(f"  {r['evaluator']:<19} {r['score']:.2f}  {r['label']:<24} {r['reason']}", highlight=False)


REPORT_FILE = Path("tracepatrol-report.html")


def write_report(run: DemoRun) -> None:
    """The health report of the backfill run, one self-contained HTML file in the working directory."""
    with console.status("writing the health report"), \
            httpx.Client(base_url=run.server.api, headers=run.server.headers(), timeout=120) as client:
        resp = client.get("/api/report", params={"task": "demo-backfill", "run": run.runs["demo-backfill"]})
    if resp.status_code != 200:
        raise DemoError(f"GET /api/report answered {resp.status_code}: {resp.text}")
    REPORT_FILE.write_text(resp.text, encoding="utf-8")
    console.print(f"[green]✓[/green] health report written to {REPORT_FILE.absolute()} "
                  f"({len(resp.content) / 1e6:.1f} MB, opens offline)", highlight=False)


def show_dashboard(run: DemoRun) -> None:
    """At a terminal the demo server stays up for the dashboard until Enter; otherwise it says how."""
    url = f"{run.server.api}/dashboard/"
    if sys.stdin.isatty():
        console.print(f"\nDashboard: [bold]{url}[/bold]  (press Enter to stop the demo server)", highlight=False)
        sys.stdin.readline()
    else:
        console.print(f"\nDashboard (while the demo server ran): {url}", highlight=False)


STEPS: list[Callable[[DemoRun], None]] = [send_traffic, await_trajectories, show_trajectories, create_tasks,
                                          await_evaluations, show_scores, write_report, show_dashboard]


def run_demo(db: Path) -> int:
    """Run every step against a fresh embedded server; 0 on success, 1 with a message otherwise."""
    try:
        with EmbeddedServer(db, DECISION_WAIT_S) as server:
            console.print(f"embedded server: {server.server.banner()}", highlight=False)
            run = DemoRun(server)
            for step in STEPS:
                step(run)
    except (DemoError, ServerFailed, SettingsError, httpx.HTTPError) as exc:
        err.print(f"[red]demo failed:[/red] {exc}", highlight=False)
        return 1
    console.print(f"\nDone. The trajectories are stored in {db}; run `tracepatrol serve --db {db}` "
                  f"and open http://127.0.0.1:4320/dashboard/ (or `tracepatrol traces list`) to look at them again.",
                  highlight=False)
    return 0
