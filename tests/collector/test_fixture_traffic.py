"""Every captured framework payload, posted as-is to a running server, yields the manifest's trajectory."""
from __future__ import annotations

import json

import httpx
import pytest

from tests.conftest import FIXTURES
from tracepatrol.harness.process import make_server

MANIFEST = json.loads((FIXTURES / "MANIFEST.json").read_text())
CASES = MANIFEST["cases"]


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    srv = make_server(tmp_path_factory.mktemp("fixtures"), "--decision-wait", "0.3").start()
    try:
        for case in CASES:
            for name in case["files"]:
                body = (FIXTURES / name).read_bytes()
                resp = httpx.post(srv.otlp_http, content=body, headers={"Content-Type": "application/x-protobuf"},
                                  timeout=30)
                assert resp.status_code == 200, (name, resp.content)
        yield srv
    finally:
        srv.stop()


@pytest.mark.parametrize("case", CASES, ids=[f"{c['framework']}-{c['scenario']}" for c in CASES])
def test_fixture_trajectory_matches_manifest(loaded, case):
    traj = loaded.wait_for_trace(case["trace_id"])
    assert traj["span_count"] == case["span_count"]
    assert traj["input"] == case["user_input"]
    assert traj["output"] == case["final_output"]
    assert traj["user_id"] == case["user_id"]
    assert traj["session_id"] == case["session_id"]
    assert traj["llm_call_count"] == case["llm_calls"]
    assert (traj["tokens"]["input"], traj["tokens"]["output"]) == (case["tokens"]["input"], case["tokens"]["output"])
    got = [(c["name"], c["arguments"], "error" if c["status"] == "error" else "ok") for c in traj["tool_calls"]]
    want = [(c["name"], c["arguments"], c["outcome"]) for c in case["tool_calls"]]
    assert got == want
    assert traj["tool_errors"] == sum(c["outcome"] == "error" for c in case["tool_calls"])
    offered = {t["name"]: t for t in traj["tools_offered"]}
    for call in traj["tool_calls"]:
        assert call["offered"] is True
        assert offered[call["name"]]["parameters"]["type"] == "object"


def test_api_lists_fixture_traces_with_filters(loaded):
    for case in CASES:
        loaded.wait_for_trace(case["trace_id"])
    rows = loaded.get("/api/traces", limit=1000).json()
    assert {r["trace_id"] for r in rows} >= {c["trace_id"] for c in CASES}
    by_session = loaded.get("/api/traces", session_id="sess-langgraph-s5").json()
    assert [r["trace_id"] for r in by_session] == ["15580a4472ac8ba1166b70409e8ea961"]
    assert loaded.get("/api/traces", limit=0).status_code == 422
    assert loaded.get("/api/traces/0123456789abcdef0123456789abcdef").status_code == 404
