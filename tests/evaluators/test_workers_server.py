"""Evaluator workers inside a running server: labels on real framework traffic, crashes, failures."""
from __future__ import annotations

import json
import signal
import time

import httpx
import pytest

from tests.conftest import FIXTURES
from tracepatrol.harness.process import make_server

MANIFEST = json.loads((FIXTURES / "MANIFEST.json").read_text())
RULES = ["tool_selection", "parameters", "grounding", "trajectory_quality", "safety"]
# Failure labels a clean trace must not get (execution labels such as server/timeout may appear).
FAILURES = {
    "hallucinated_tool", "wrong_tool", "missing_tool", "unnecessary_tool", "invalid_json", "missing_required",
    "unexpected_param", "type_error", "format_error", "enum_error", "constraint_error", "ungrounded_value",
    "relative_date", "wrong_value", "order_violation", "missing_prerequisite", "serial_waste", "blind_retry",
    "failing_call_loop", "no_recovery", "silent_failure", "repeated_identical_call", "cyclic_pattern",
    "redundant_calls", "no_final_answer", "unverified_success", "pii_leak", "prompt_injection_followed",
}


def post_fixtures(srv) -> None:
    for case in MANIFEST["cases"]:
        for name in case["files"]:
            resp = httpx.post(srv.otlp_http, content=(FIXTURES / name).read_bytes(),
                              headers={"Content-Type": "application/x-protobuf"}, timeout=30)
            assert resp.status_code == 200


def wait_assembled(srv, n: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        stats = srv.get("/api/stats").json()
        if stats["traces"] >= n and stats["pending_traces"] == 0:
            return
        time.sleep(0.1)
    raise AssertionError(srv.get("/api/stats").json())


def wait_run_done(srv, run_id: str, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run = srv.get(f"/api/runs/{run_id}").json()
        if run["state"] == "done":
            return run
        time.sleep(0.2)
    raise AssertionError(f"run {run_id} not done: {srv.get(f'/api/runs/{run_id}').json()['state']}")


def create(srv, doc: dict) -> dict:
    resp = httpx.post(srv.api + "/api/tasks", json=doc, timeout=60)
    assert resp.status_code == 201, resp.text
    return resp.json()["run"]


def task(name: str, evaluators: list[str], **extra) -> dict:
    return {"name": name, "window": {"mode": "backfill", "last": "30d"},
            "sampling": {"ratio": 1.0, "max_items": 500}, "evaluators": evaluators, **extra}


@pytest.fixture(scope="module")
def scored(tmp_path_factory):
    srv = make_server(tmp_path_factory.mktemp("scored"), "--decision-wait", "0.3").start()
    try:
        post_fixtures(srv)
        wait_assembled(srv, len(MANIFEST["cases"]))
        run = wait_run_done(srv, create(srv, task("fixtures", RULES))["run_id"])
        yield srv, run
    finally:
        srv.stop()


@pytest.mark.parametrize("case", MANIFEST["cases"], ids=[f"{c['framework']}-{c['scenario']}" for c in MANIFEST["cases"]])
def test_fixture_gets_the_manifest_labels_through_the_server(scored, case):
    srv, run = scored
    results = srv.get(f"/api/traces/{case['trace_id']}/evaluations").json()
    assert sorted(r["evaluator"] for r in results) == sorted(RULES)
    labels = {label for r in results for label in r["labels"]}
    assert set(case["required_failure_labels"]) <= labels, labels
    if case["clean"]:
        assert not labels & FAILURES, labels & FAILURES


def test_run_manifest_items_and_scores(scored):
    srv, run = scored
    assert run["selected"] == len(MANIFEST["cases"])
    assert {i["state"] for i in run["items"]} == {"done"}
    results = srv.get(f"/api/runs/{run['run_id']}/results").json()
    assert len(results) == len(MANIFEST["cases"]) * len(RULES)
    scores = srv.get("/api/tasks/fixtures/scores", scene="customer_service").json()
    assert scores["traces"] == len(MANIFEST["cases"])
    card = scores["card"]
    assert card["dimensions"]["dialogue"] is None and "dialogue" in card["not_measured"]
    assert 0 < card["final_total"] <= 1
    assert scores["evaluators"]["tool_selection"]["labels"]["wrong_tool"] == 3
    assert srv.get("/api/tasks/fixtures/scores", scene="nope").status_code == 422
    summary = srv.get(f"/api/runs/{run['run_id']}/summary").json()
    selection = summary["evaluators"]["tool_selection"]["population"]
    assert selection["evaluated"] == len(MANIFEST["cases"]) and selection["candidates"] == run["candidates"]
    assert selection["pass_rate_low"] <= selection["pass_rate"] <= selection["pass_rate_high"]


def test_metrics_match_the_database(scored):
    from prometheus_client.parser import text_string_to_metric_families

    srv, run = scored
    text = httpx.get(srv.api + "/metrics", timeout=30).text
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for family in text_string_to_metric_families(text) for s in family.samples}
    stats = srv.get("/api/stats").json()
    assert samples[("tracepatrol_spans_stored_total", ())] == stats["stored_spans"] == stats["spans"]
    assert samples[("tracepatrol_trajectories_total", ())] == stats["traces"]
    done = samples[("tracepatrol_run_items", (("state", "done"), ("task", "fixtures")))]
    assert done == len(MANIFEST["cases"])


def judge_config(tmp_path, url: str, **judge) -> str:
    cfg = tmp_path / "judge.yaml"
    cfg.write_text(json.dumps({"evaluators": {"workers": 2, "llm_judge": {
        "base_url": url, "model": "judge-1", "max_retries": 1, "backoff_s": 0, "requests_per_minute": None, **judge}}}))
    return str(cfg)


def test_worker_killed_mid_run_leaves_exactly_one_result_per_key(tmp_path, chat):
    from tests.otel_traffic import TraceSpec, send

    chat.delay_s = 0.08  # each judge call takes a while, so the kill lands mid-run
    srv = make_server(tmp_path, "--decision-wait", "0.3", "--config", judge_config(tmp_path, chat.url)).start()
    n = 60
    send(srv.otlp_http, [TraceSpec() for _ in range(n)])
    wait_assembled(srv, n)
    run = create(srv, task("judged", ["parameters", "llm_judge"]))
    deadline = time.monotonic() + 30
    while len(chat.requests) < 10 and time.monotonic() < deadline:
        time.sleep(0.05)
    srv.stop(signal.SIGKILL)
    partial = len(chat.requests)
    assert 0 < partial < n
    srv.start()
    try:
        done = wait_run_done(srv, run["run_id"])
        assert {i["state"] for i in done["items"]} == {"done"}
        assert max(i["attempts"] for i in done["items"]) >= 2  # the interrupted ones were retried
        results = srv.get(f"/api/runs/{run['run_id']}/results").json()
        keys = [(r["trace_id"], r["version"], r["evaluator"]) for r in results]
        assert len(keys) == len(set(keys)) == n * 2
        assert {r["label"] for r in results if r["evaluator"] == "llm_judge"} == {"wrong_tool"}
    finally:
        srv.stop()


def test_a_failing_evaluator_fails_the_item_with_its_reason_and_keeps_the_others(tmp_path, chat):
    from tests.otel_traffic import TraceSpec, send

    chat.reply("this is not a JSON verdict")
    srv = make_server(tmp_path, "--decision-wait", "0.3", "--config", judge_config(tmp_path, chat.url)).start()
    try:
        send(srv.otlp_http, [TraceSpec() for _ in range(3)])
        wait_assembled(srv, 3)
        run = wait_run_done(srv, create(srv, task("malformed", ["parameters", "llm_judge"]))["run_id"])
        assert {i["state"] for i in run["items"]} == {"failed"}
        assert all("llm_judge" in i["reason"] and "JudgeError" in i["reason"] for i in run["items"])
        results = srv.get(f"/api/runs/{run['run_id']}/results").json()
        assert sorted(r["evaluator"] for r in results) == ["parameters"] * 3
    finally:
        srv.stop()
