"""Evaluation tasks through a running server, on traffic sent with the real OTLP exporter."""
from __future__ import annotations

import datetime as dt
import math
import re
import subprocess
import time

import duckdb
import httpx
import pytest

from scheduler.ledger import Ledger
from scheduler.task import validate_task
from tests.otel_traffic import TraceSpec, send
from tracepatrol.harness.process import make_server, tracepatrol
from tracepatrol.harness.waiting import wait_for


def wait_traces(srv, count: int, timeout: float = 60) -> None:
    wait_for(f"{count} assembled traces", lambda: (s := srv.get("/api/stats").json())["traces"] >= count
             and s["pending_traces"] == 0, timeout, every=0.2)


def post(srv, path: str, doc=None) -> httpx.Response:
    return httpx.post(srv.api + path, json=doc, headers=srv.headers(), timeout=120)


def backfill(name: str, ratio: float = 1.0, cap: int = 500, filters=(), last: str = "24h") -> dict:
    return {"name": name, "window": {"mode": "backfill", "last": last}, "filters": list(filters),
            "sampling": {"ratio": ratio, "max_items": cap}, "evaluators": ["trajectory_quality"]}


def finished_runs(srv, task_id: str, timeout: float = 30) -> list[dict]:
    """The task's runs once it has at least one and none is still selecting."""
    return wait_for(f"a finished run of task {task_id}", lambda: (r := srv.get(f"/api/tasks/{task_id}/runs").json())
                    and all(run["state"] != "selecting" for run in r) and r, timeout)


def selected_ids(run: dict) -> set[str]:
    return {item["trace_id"] for item in run["items"]}


def test_last_24h_failed_selects_exactly_the_failed_traces_of_the_window(server):
    recent_failed = send(server.otlp_http, [TraceSpec(failed=True, age_s=60 * i) for i in range(1, 6)])
    recent_ok = send(server.otlp_http, [TraceSpec(age_s=120) for _ in range(5)])
    old_failed = send(server.otlp_http, [TraceSpec(failed=True, age_s=30 * 3600) for _ in range(3)])
    wait_traces(server, 13)
    resp = post(server, "/api/tasks", backfill("failed-24h", filters=[{"field": "status", "op": "eq", "value": "error"}]))
    assert resp.status_code == 201, resp.text
    run = resp.json()["run"]
    assert selected_ids(run) == set(recent_failed)
    assert run["candidates"] == 5 and run["selected"] == 5
    assert not selected_ids(run) & (set(recent_ok) | set(old_failed))
    # the cap keeps the lowest hashes
    resp = post(server, "/api/tasks", backfill("failed-24h-cap2", cap=2, filters=[{"field": "status", "op": "eq", "value": "error"}]))
    run2 = resp.json()["run"]
    assert run2["selected"] == 2 and run2["capped"] == 3
    assert selected_ids(run2) <= set(recent_failed)
    # the manifest is readable through the runs endpoint
    got = server.get(f"/api/runs/{run['run_id']}").json()
    assert got["window_column"] == "start_time" and len(got["items"]) == 5
    assert server.get("/api/runs/nope").status_code == 404


def test_ratio_sampling_is_binomial_deterministic_and_nested(server):
    n = 4000
    send(server.otlp_http, [TraceSpec(age_s=300) for _ in range(n)])
    wait_traces(server, n, timeout=180)
    five = post(server, "/api/tasks", backfill("five", ratio=0.05)).json()["run"]
    k = five["selected"]
    p, sd = 0.05, math.sqrt(n * 0.05 * 0.95)
    assert n * p - 3.29 * sd <= k <= n * p + 3.29 * sd, k  # binomial 99.9 % (normal approx.)
    assert five["candidates"] == n and five["sampled_out"] == n - k
    preview = post(server, "/api/tasks/preview", backfill("five", ratio=0.05)).json()
    assert {s["trace_id"] for s in preview["selected"]} == selected_ids(five)
    rerun = post(server, "/api/tasks/five/run").json()
    assert rerun["already_taken"] == k and rerun["selected"] == 0  # same picks, never evaluated twice
    ten = post(server, "/api/tasks", backfill("ten", ratio=0.10, cap=500, filters=[]) | {"sampling": {"ratio": 0.1, "max_items": 500, "salt": "five"}}).json()["run"]
    five_same_salt = post(server, "/api/tasks/preview", backfill("x", ratio=0.05) | {"sampling": {"ratio": 0.05, "max_items": 500, "salt": "five"}}).json()
    assert {s["trace_id"] for s in five_same_salt["selected"]} <= selected_ids(ten)
    capped = post(server, "/api/tasks", backfill("capped", ratio=0.5, cap=50)).json()["run"]
    assert capped["selected"] == 50 and capped["capped"] == capped["candidates"] - capped["sampled_out"] - 50


def settled(srv, spec: dict, trace_ids: list[str]) -> None:
    """Wait until a run of the rolling `spec` would take `trace_ids`: a settle margin has passed since
    they started (the preview asks the runner with the same window end a run would have)."""
    wait_for("the traces to be a settle margin old", lambda: set(trace_ids) <= {
        s["trace_id"] for s in post(srv, "/api/tasks/preview", spec).json()["selected"]}, timeout=30)


def test_rolling_runs_never_take_a_trace_twice_and_miss_none(server):
    rolling = {"name": "patrol", "window": {"mode": "rolling", "every": "day", "start": "2020-01-01"},
               "sampling": {"ratio": 1.0, "max_items": 500}}
    assert post(server, "/api/tasks", rolling).status_code == 201
    first_batch = send(server.otlp_http, [TraceSpec() for _ in range(7)])
    wait_traces(server, 7)
    settled(server, rolling, first_batch)
    run1 = post(server, "/api/tasks/patrol/run").json()
    assert selected_ids(run1) == set(first_batch)
    second_batch = send(server.otlp_http, [TraceSpec() for _ in range(6)])
    wait_traces(server, 13)
    settled(server, rolling, second_batch)
    run2 = post(server, "/api/tasks/patrol/run").json()
    assert selected_ids(run2) == set(second_batch)
    assert run2["window_start"] == run1["window_end"]
    task = server.get("/api/tasks/patrol").json()
    assert task["next_run_time"] is not None and task["state"] == "active"


def test_missed_rolling_run_happens_exactly_once_after_restart(tmp_path):
    """The hourly task was saved 90 minutes ago (an injected clock), so its run fell due while the
    server was down: the start runs it once, and the next start does not run it again."""
    srv = make_server(tmp_path, "--decision-wait", "0.3")
    saved = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None) - dt.timedelta(minutes=90)
    start = (saved - dt.timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M:%SZ")  # due 31 minutes ago
    spec = validate_task({"name": "hourly", "window": {"mode": "rolling", "every": "hour", "start": start},
                          "sampling": {"ratio": 1.0, "max_items": 10}})
    with duckdb.connect(str(srv.db)) as con:
        Ledger(con).create_task(spec, saved)
    srv.start()
    try:
        runs = finished_runs(srv, "hourly")  # start-up runs happen after the ports open
        assert [r["trigger"] for r in runs] == ["catch_up"]
        srv.stop()
        srv.start()  # a second restart does not run it again (watched for as long as recovery takes)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            assert [r["trigger"] for r in finished_runs(srv, "hourly")] == ["catch_up"]
            time.sleep(0.2)
    finally:
        srv.stop()


BAD_TASKS = [
    ("ratio 0", "sampling: {ratio: 0, max_items: 10}", "sampling.ratio"),
    ("ratio above 1", "sampling: {ratio: 1.5, max_items: 10}", "sampling.ratio"),
    ("cap 0", "sampling: {ratio: 1, max_items: 0}", "sampling.max_items"),
    ("cap 501", "sampling: {ratio: 1, max_items: 501}", "sampling.max_items"),
    ("unknown field", "filters: [{field: colour, op: eq, value: red}]", "unknown field 'colour'"),
    ("operator misfit", "filters: [{field: user_id, op: gt, value: 3}]", "does not fit field 'user_id'"),
    ("unknown evaluator", "evaluators: [vibes]", "unknown evaluator 'vibes'"),
]


@pytest.mark.parametrize("label,extra,message", BAD_TASKS, ids=[b[0] for b in BAD_TASKS])
def test_invalid_tasks_are_refused_with_their_message(shared_server, tmp_path, label, extra, message):
    base = {"name": "bad", "window": "{mode: backfill, last: 3h}", "sampling": "{ratio: 1, max_items: 10}"}
    key = extra.split(":", 1)[0]
    base[key] = extra.split(":", 1)[1].strip()
    path = tmp_path / "bad.yaml"
    path.write_text("\n".join(f"{k}: {v}" for k, v in base.items()) + "\n")
    res = subprocess.run(tracepatrol("task", "create", "--file", str(path), "--api", shared_server.api),
                         capture_output=True, text=True, timeout=60)
    assert res.returncode != 0
    assert message in res.stderr, res.stderr


@pytest.mark.parametrize("window,message", [
    ("{mode: rolling, start: '2026-12-01'}", "exactly one recurrence"),
    ("{mode: rolling, every: day, start: '2026-12-01', end: '2026-11-01'}", "end must be after start"),
    ("{mode: backfill, last: 90d}", "between 1h and 30d"),
    ("{mode: rolling, cron: 'not a cron', start: '2026-12-01'}", "invalid cron"),
    ("{mode: sometimes}", "window"),
])
def test_invalid_windows_are_refused(shared_server, window, message):
    doc = {"name": "w", "window": __import__("yaml").safe_load(window), "sampling": {"ratio": 1, "max_items": 1}}
    resp = post(shared_server, "/api/tasks", doc)
    assert resp.status_code == 422
    assert message in resp.json()["detail"]


def test_injection_in_filter_values_selects_nothing_it_should_not(server):
    send(server.otlp_http, [TraceSpec(user_id="u-1"), TraceSpec(user_id="u-2")])
    wait_traces(server, 2)
    for value in ("x' OR 1=1 --", "'; DROP TABLE traces; --", 'u-1" OR "1"="1'):
        doc = backfill("inj", filters=[{"field": "user_id", "op": "eq", "value": value}])
        preview = post(server, "/api/tasks/preview", doc).json()
        assert preview["candidates"] == 0, value
    assert server.get("/api/stats").json()["traces"] == 2


def test_presets_create_with_overrides(server):
    resp = post(server, "/api/tasks", {"preset": "complaint-triage",
                                       "set": ["name=triage-u7", "match=any", "filters[1]={field: user_id, op: eq, value: u-7}"]})
    assert resp.status_code == 201, resp.text
    spec = resp.json()["task"]["spec"]
    assert spec["match"] == "any" and spec["filters"][1] == {"field": "user_id", "op": "eq", "value": "u-7"}
    assert spec["window"] == {"mode": "backfill", "last": "3h"}
    resp = post(server, "/api/tasks", {"preset": "daily-patrol"})
    assert resp.json()["task"]["spec"]["sampling"] == {"ratio": 0.05, "max_items": 50}
    assert post(server, "/api/tasks", {"preset": "nope"}).json()["detail"].startswith("unknown preset 'nope'")
    assert post(server, "/api/tasks", {"preset": "daily-patrol"}).status_code == 409
    assert post(server, "/api/tasks/daily-patrol/pause").json()["state"] == "paused"
    assert post(server, "/api/tasks/daily-patrol/resume").json()["state"] == "active"
    assert httpx.delete(server.api + "/api/tasks/daily-patrol").status_code == 204
    assert server.get("/api/tasks/daily-patrol").status_code == 404


def test_annotations_cli_and_the_annotation_filter(server, tmp_path):
    ids = send(server.otlp_http, [TraceSpec() for _ in range(4)])
    wait_traces(server, 4)
    cli = tracepatrol("annotate", "--api", server.api)
    res = subprocess.run([*cli, ids[0], "--status", "flagged", "--label", "wrong_tool"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    good = tmp_path / "bulk.csv"
    good.write_text(f"trace_id,status,note\n{ids[1]},flagged,from csv\n{ids[2]},reviewed,\n")
    res = subprocess.run([*cli, "--import", str(good)], capture_output=True, text=True)
    assert res.returncode == 0 and "imported 2" in res.stdout, res.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text(f'{{"trace_id": "{ids[3]}", "status": "flagged"}}\nnot json\n')
    res = subprocess.run([*cli, "--import", str(bad)], capture_output=True, text=True)
    assert res.returncode == 1 and "line 2" in res.stderr
    doc = backfill("flagged", filters=[{"field": "annotation", "op": "eq", "value": "flagged"}])
    preview = post(server, "/api/tasks/preview", doc).json()
    assert {s["trace_id"] for s in preview["selected"]} == {ids[0], ids[1]}
    assert server.get(f"/api/traces/{ids[2]}/annotations").json()["status"] == "reviewed"


def test_hostile_task_documents_get_clear_422s(shared_server, tmp_path):
    from tests.scheduler.test_task_input import nested

    deep = backfill("deep") | {"evaluators": ["parameters"], "options": {"parameters": nested(300)}}
    resp = post(shared_server, "/api/tasks", deep)
    assert resp.status_code == 422 and "options nest deeper than 8 levels" in resp.json()["detail"]
    secret = tmp_path / "secret.yaml"
    secret.write_text("name: secret-value\n")
    for name in (str(secret.with_suffix("")), "../../" + secret.stem):
        resp = post(shared_server, "/api/tasks", {"preset": name})
        assert resp.status_code == 422 and "not a path" in resp.json()["detail"]
        assert "secret-value" not in resp.text
    resp = post(shared_server, "/api/tasks", {"preset": "daily-patrol", "set": ["filters=[&a x, *a]"]})
    assert resp.status_code == 422 and "aliases (*name) are not allowed" in resp.json()["detail"]
    resp = post(shared_server, "/api/tasks/preview", backfill("re", filters=[{"field": "output", "op": "regex", "value": "(.{0,20}){0,20}"}]))
    assert resp.status_code == 422 and "'(.{0,20}){0,20}' compiles to 3664 RE2 instructions" in resp.json()["detail"]
    assert {t["task_id"] for t in shared_server.get("/api/tasks").json()}.isdisjoint({"deep", "daily-patrol"})


def test_an_evaluator_the_server_cannot_run_is_refused_and_shown_disabled(shared_server):
    """No judge endpoint configured: llm_judge is refused by the API and the form, never saved."""
    doc = {**backfill("judged"), "evaluators": ["parameters", "llm_judge"]}
    resp = post(shared_server, "/api/tasks", doc)
    assert resp.status_code == 422 and "llm_judge needs an LLM judge endpoint" in resp.json()["detail"]
    with httpx.Client(base_url=shared_server.api, headers=shared_server.headers(), timeout=60) as client:
        form = client.get("/dashboard/tasks/new").text
        box = re.search(r'<label class="check muted"[^>]*>\s*<input[^>]*value="llm_judge"[^>]*>', form)
        assert box and "disabled" in box[0], form[:2000]
        assert "cannot run here: llm_judge needs an LLM judge endpoint" in form
        csrf = re.search(r'name="csrf" value="([^"]+)"', form)[1]
        answer = client.post("/dashboard/tasks/new", data={
            "csrf": csrf, "name": "judged-form", "when": "now", "last": "3h", "match": "all", "ratio_pct": "100",
            "max_items": "10", "evaluators": ["parameters", "llm_judge"]})
        assert answer.status_code == 422 and "llm_judge needs an LLM judge endpoint" in answer.text
    assert {t["task_id"] for t in shared_server.get("/api/tasks").json()}.isdisjoint({"judged", "judged-form"})
