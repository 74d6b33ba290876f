"""A real server holding the fixture traffic and a task with two finished runs (shared by the
dashboard and report tests): the captured framework payloads and the scripted agent as version
1.0.0, run 1; then the scripted agent as version 2.0.0 with more broken scenarios, run 2."""
from __future__ import annotations


import httpx

from tests.conftest import FIXTURES
from tests.evaluators.test_workers_server import wait_assembled, wait_run_done
from tests.fixture_traces import CASES
from tracepatrol.demo.agent import ALL, run_scenarios
from tracepatrol.harness.process import ServerProcess, make_server

API_KEY = "dashboard-test-key"
TASK = "patrol"
RULES = ["tool_selection", "parameters", "grounding", "trajectory_quality", "safety"]
V1 = [*ALL, "S5_dead_loop_abort"]
V2 = [*ALL, "S5_dead_loop_abort", "S3_wrong_tool", "S4_param_hallucination", "S5_dead_loop"]


def start_loaded(tmp_path) -> tuple[ServerProcess, list[dict]]:
    """The started server and its two finished runs (oldest first)."""
    srv = make_server(tmp_path, "--decision-wait", "0.3", api_key=API_KEY).start()
    try:
        for case in CASES:
            for name in case["files"]:
                resp = httpx.post(srv.otlp_http, content=(FIXTURES / name).read_bytes(), timeout=30,
                                  headers={"Content-Type": "application/x-protobuf", **srv.headers()})
                assert resp.status_code == 200, resp.text
        run_scenarios(srv.otlp_http, scenarios=V1, headers=srv.headers(), agent_version="1.0.0")
        wait_assembled(srv, len(CASES) + len(V1))
        doc = {"name": TASK, "window": {"mode": "backfill", "from": "2020-01-01T00:00:00Z"},
               "sampling": {"ratio": 1.0, "max_items": 500}, "evaluators": RULES}
        resp = httpx.post(srv.api + "/api/tasks", json=doc, headers=srv.headers(), timeout=60)
        assert resp.status_code == 201, resp.text
        first = wait_run_done(srv, resp.json()["run"]["run_id"])
        run_scenarios(srv.otlp_http, scenarios=V2, headers=srv.headers(), agent_version="2.0.0")
        wait_assembled(srv, len(CASES) + len(V1) + len(V2))
        resp = httpx.post(srv.api + f"/api/tasks/{TASK}/run", headers=srv.headers(), timeout=60)
        assert resp.status_code in (200, 201), resp.text
        second = wait_run_done(srv, resp.json()["run_id"])
        assert second["selected"] == len(V2), second
        return srv, [first, second]
    except BaseException:
        srv.stop()
        raise
