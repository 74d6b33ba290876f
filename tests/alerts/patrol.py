"""A rolling patrol through a running server: its runs made on demand over traces the test sends,
each waited for until its alerts are judged; and the server's settings file."""
from __future__ import annotations

from pathlib import Path

import httpx
import yaml

from tests.alerts.traffic import send
from tracepatrol.harness.process import ServerProcess, make_server
from tracepatrol.harness.waiting import wait_for

SECRET = "hook-secret-5f2a9c"


def settings(path: Path, api_port: int, destinations: dict, **notifications) -> Path:
    """A settings file: links to the server's own dashboard, quick checks and retries."""
    doc = {"dashboard_public_url": f"http://127.0.0.1:{api_port}/dashboard",
           "notifications": {"destinations": destinations, "check_every_s": 0.5,
                             "delivery": {"retry_initial_s": 0.2, "retry_max_s": 1.0}, **notifications}}
    path.write_text(yaml.safe_dump(doc))
    return path


def serve(workdir: Path, destinations: dict, api_key: str | None = None, **notifications) -> ServerProcess:
    """A started server on `workdir` with these destinations (and other notification settings)."""
    srv = make_server(workdir, "--decision-wait", "0.3", api_key=api_key)
    srv.extra_args += ["--config", str(settings(workdir / "tp.yaml", srv.api_port, destinations, **notifications))]
    return srv.start()


def webhook(url: str) -> dict:
    return {"kind": "webhook", "url": url, "secret": SECRET}


def patrol(name: str, alerts: list[dict]) -> dict:
    """A daily patrol of every trace since 2020 with the safety evaluator and these alert rules."""
    return {"name": name, "window": {"mode": "rolling", "every": "day", "start": "2020-01-01"},
            "sampling": {"ratio": 1.0, "max_items": 500}, "evaluators": ["safety"], "alerts": alerts}


def post(srv: ServerProcess, path: str, doc=None) -> httpx.Response:
    return httpx.post(srv.api + path, json=doc, headers=srv.headers(), timeout=60)


def create(srv: ServerProcess, doc: dict) -> None:
    resp = post(srv, "/api/tasks", doc)
    assert resp.status_code == 201, resp.text


def run(srv: ServerProcess, task: dict, leaks: list[bool], version: str = "1.0") -> tuple[str, list[str]]:
    """Send one trace per entry (True: it leaks), run the patrol over exactly them, wait until the
    run is done and its alerts judged; (run id, trace ids)."""
    ids = send(srv.otlp_http, leaks, version)
    for trace_id in ids:
        srv.wait_for_trace(trace_id)
    wait_for("the traces to be a settle margin old", lambda: set(ids) <= {
        s["trace_id"] for s in post(srv, "/api/tasks/preview", task).json()["selected"]}, timeout=30)
    made = post(srv, f"/api/tasks/{task['name']}/run").json()
    assert made["selected"] == len(ids), made
    run_id = made["run_id"]
    wait_for(f"run {run_id} done", lambda: srv.get(f"/api/runs/{run_id}").json()["state"] == "done", timeout=60)
    judged(srv, task["name"], run_id, len(task["alerts"]))
    return run_id, ids


def judged(srv: ServerProcess, task_id: str, run_id: str, rules: int) -> list[dict]:
    """The task's alerts once every rule has read `run_id`."""
    return wait_for(f"the alerts of run {run_id}", lambda: (a := srv.get("/api/alerts", task=task_id).json())
                    and len(a) == rules and all(x["run_id"] == run_id for x in a) and a, timeout=30)
