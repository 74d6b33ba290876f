"""Result commands: offline evaluate and score, and server-backed scores and version comparison."""
from __future__ import annotations

import json
import subprocess

import httpx
import pytest
import yaml

from evaluators.base import DIMENSIONS
from evaluators.weights import WEIGHTS_DIR
from tests.conftest import FIXTURES
from tests.evaluators.conftest import T0
from tracepatrol.harness.process import tracepatrol
from tracepatrol.harness.waiting import wait_for


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(tracepatrol(*args), capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("scene,total", [("data_analysis", 0.763), ("customer_service", 0.725), ("code_assistant", 0.752)])
def test_offline_score_reproduces_the_seed(tmp_path, scene, total):
    dims = tmp_path / "dims.json"
    dims.write_text(json.dumps({"task_planning": 0.85, "tool_use": 0.78, "dialogue": 0.62, "coding": 0.72,
                                "knowledge": 0.75, "safety": 0.80}))
    res = cli("score", "--dimensions", str(dims), "--scene", scene, "--json")
    assert res.returncode == 0, res.stderr
    card = json.loads(res.stdout)
    assert round(card["final_total"], 3) == total and card["multiplier"] == 1.0


def test_offline_score_refuses_bad_input(tmp_path):
    dims = tmp_path / "dims.yaml"
    dims.write_text("tool_use: 1.7\n")
    res = cli("score", "--dimensions", str(dims), "--scene", "data_analysis")
    assert res.returncode == 2 and "0 to 1" in res.stderr
    dims.write_text("charm: 0.5\n")
    assert "unknown dimension" in cli("score", "--dimensions", str(dims)).stderr
    assert "unknown scene 'nope'" in cli("score", "--dimensions", str(dims), "--scene", "nope").stderr


def test_offline_score_with_uniform_weights_reproduces_the_seed(tmp_path):
    dims = tmp_path / "dims.json"
    dims.write_text(json.dumps(dict(zip(DIMENSIONS, (0.90, 0.85, 0.35, 0.80, 0.75, 0.85)))))
    res = cli("score", "--dimensions", str(dims), "--weights", "uniform", "--json")
    assert res.returncode == 0, res.stderr
    card = json.loads(res.stdout)
    assert (card["scene"], round(card["raw_total"], 3), round(card["final_total"], 3)) == ("uniform", 0.75, 0.6)


@pytest.mark.parametrize("suffix", ["yaml", "json"])
def test_offline_score_with_a_teams_own_profile(tmp_path, suffix):
    profile = yaml.safe_load((WEIGHTS_DIR / "data_analysis.yaml").read_text()) | {"scene": "our_analyst"}
    weights = tmp_path / f"ours.{suffix}"
    weights.write_text(json.dumps(profile) if suffix == "json" else yaml.safe_dump(profile, allow_unicode=True))
    dims = tmp_path / "dims.yaml"
    dims.write_text(yaml.safe_dump(dict(zip(DIMENSIONS, (0.85, 0.78, 0.62, 0.72, 0.75, 0.80)))))
    res = cli("score", "--dimensions", str(dims), "--weights", str(weights), "--json")
    assert res.returncode == 0, res.stderr
    card = json.loads(res.stdout)
    assert (card["scene"], round(card["final_total"], 3)) == ("our_analyst", 0.763)  # the seed's data_analysis


def test_offline_score_refuses_an_invalid_profile(tmp_path):
    dims = tmp_path / "dims.yaml"
    dims.write_text("tool_use: 0.5\n")
    profile = yaml.safe_load((WEIGHTS_DIR / "data_analysis.yaml").read_text())
    weights = tmp_path / "w.json"
    for change, message in [({"safety": 0.15}, "sum to 1.1, not 1"), ({"safety": 0.01, "coding": 0.29}, "below the minimum"),
                            ({"dialogue": None}, "dialogue")]:
        weights.write_text(json.dumps(profile | {"weights": profile["weights"] | change}))
        res = cli("score", "--dimensions", str(dims), "--weights", str(weights))
        assert res.returncode == 2 and message in res.stderr and str(weights) in res.stderr, res.stderr
    res = cli("score", "--dimensions", str(dims), "--weights", str(tmp_path / "none.yaml"))
    assert res.returncode == 2 and "no such file" in res.stderr
    res = cli("score", "--dimensions", str(dims), "--weights", "uniform", "--scene", "data_analysis")
    assert res.returncode == 2 and "not both" in res.stderr


def test_offline_evaluate_reads_openai_shape_arguments(tmp_path):
    doc = {"trace_id": "ab" * 16, "input": "北京明天的天气", "output": "北京明天晴。", "start_ns": T0,
           "tools_offered": [{"name": "get_weather", "parameters": {
               "type": "object", "properties": {"city": {"type": "string"}, "date": {"type": "string"}}}}],
           "tool_calls": [{"seq": 1, "name": "get_weather", "arguments": json.dumps({"city": "北京"}), "result": "晴"},
                          {"seq": 2, "name": "get_weather", "arguments": json.dumps({"city": "北京", "date": "明天"})},
                          {"seq": 3, "name": "get_weather", "arguments": '{"city": "北京"'}]}
    path = tmp_path / "openai.json"
    path.write_text(json.dumps(doc, ensure_ascii=False))
    res = cli("evaluate", "--file", str(path), "--evaluators", "parameters,grounding", "--json")
    assert res.returncode == 0, res.stderr
    calls = {r["evaluator"]: {c["seq"]: c for c in r["details"]["calls"]} for r in json.loads(res.stdout)[0]["results"]}
    assert [calls["parameters"][seq]["label"] for seq in (1, 2, 3)] == ["pass", "pass", "invalid_json"]
    assert calls["grounding"][1]["problems"] == []
    assert [p["label"] for p in calls["grounding"][2]["problems"]] == ["relative_date"]


def test_offline_evaluate_on_a_fixture_trajectory(tmp_path):
    from tests.fixture_traces import trajectory_of

    manifest = json.loads((FIXTURES / "MANIFEST.json").read_text())
    case = next(c for c in manifest["cases"] if c["framework"] == "manual_semconv" and c["scenario"] == "S4_param_hallucination")
    path = tmp_path / "t.json"
    path.write_text(trajectory_of(case).model_dump_json())
    res = cli("evaluate", "--file", str(path), "--evaluators", "parameters,grounding", "--json")
    assert res.returncode == 0, res.stderr
    labels = {label for r in json.loads(res.stdout)[0]["results"] for label in r["labels"]}
    assert {"format_error", "relative_date", "ungrounded_value"} <= labels
    assert "unknown evaluator 'vibes'" in cli("evaluate", "--file", str(path), "--evaluators", "vibes").stderr


def test_scores_and_version_comparison_through_the_server(server):
    from tracepatrol.demo.agent import run_scenarios

    clean = ("S1_linear_chain", "S2_booking_dependency", "S6_recovery", "S7_parallel_calls")
    broken = ("S3_wrong_tool", "S4_param_hallucination", "S5_dead_loop")
    sent = run_scenarios(server.otlp_http, scenarios=clean * 3, agent_version="1.0.0")
    sent += run_scenarios(server.otlp_http, scenarios=broken * 4, agent_version="2.0.0")
    for s in sent:
        server.wait_for_trace(s.trace_id)
    doc = {"name": "versions", "window": {"mode": "backfill", "last": "1h"}, "sampling": {"ratio": 1, "max_items": 500},
           "evaluators": ["tool_selection", "parameters", "grounding", "trajectory_quality", "safety"]}
    run = httpx.post(server.api + "/api/tasks", json=doc, timeout=60).json()["run"]
    wait_for("the run", lambda: server.get(f"/api/runs/{run['run_id']}").json()["state"] == "done", every=0.2)
    res = cli("compare", "--task", "versions", "1.0.0", "2.0.0", "--json", "--api", server.api)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    tool_use = next(c for c in out["changes"] if c["dimension"] == "tool_use")
    assert tool_use["change"] < 0 and tool_use["significant"]
    assert "tool_use" in out["regressions"]
    res = cli("score", "--task", "versions", "--scene", "customer_service", "--json", "--api", server.api)
    scores = json.loads(res.stdout)
    assert set(scores["versions"]) == {"1.0.0", "2.0.0"}
    assert scores["versions"]["1.0.0"]["card"]["final_total"] > scores["versions"]["2.0.0"]["card"]["final_total"]
    uniform = json.loads(cli("score", "--task", "versions", "--weights", "uniform", "--json", "--api", server.api).stdout)
    for summary in (uniform, *uniform["versions"].values()):  # the server's dimension means, weighed equally here
        measured = [s for s in summary["card"]["dimensions"].values() if s is not None]
        assert summary["card"]["scene"] == "uniform"
        assert summary["card"]["raw_total"] == pytest.approx(sum(measured) / len(measured))
    res = cli("results", run["run_id"], "--api", server.api)
    assert res.returncode == 0 and "wrong_tool" in res.stdout
    rerun = json.loads(cli("task", "run", "versions", "--json", "--api", server.api).stdout)
    assert rerun["state"] == "done" and rerun["already_taken"] == len(sent) and rerun["selected"] == 0
    assert "no evaluated traces of agent version '9.9'" in cli("compare", "--task", "versions", "1.0.0", "9.9", "--api", server.api).stderr
