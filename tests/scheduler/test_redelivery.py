"""Delivered twice, evaluated once: an OTLP exporter that re-sends a batch (its retry after a lost
answer) re-versions no trajectory, so a later task run selects nothing of it and no result is
written twice."""
from __future__ import annotations

import httpx

from tests.otlp_payloads import request_with_spans
from tests.scheduler.test_tasks_server import backfill, post, wait_traces
from tracepatrol.harness.process import make_server
from tracepatrol.harness.waiting import wait_for

TRACES = 10


def send(srv, requests) -> None:
    for req in requests:
        resp = httpx.post(srv.otlp_http, content=req.SerializeToString(),
                          headers={"Content-Type": "application/x-protobuf"}, timeout=60)
        assert resp.status_code == 200, resp.text


def evaluated(srv, run_id: str, timeout: float = 60) -> dict:
    return wait_for(f"run {run_id} evaluated", lambda: (run := srv.get(f"/api/runs/{run_id}").json())["items"]
                    and all(i["state"] in ("done", "failed") for i in run["items"]) and run, timeout)


def test_a_resent_batch_keeps_versions_and_is_not_evaluated_again(tmp_path):
    srv = make_server(tmp_path, "--decision-wait", "0.5").start()
    try:
        requests = [request_with_spans(3)[0] for _ in range(TRACES)]
        send(srv, requests)
        wait_traces(srv, TRACES)
        first = post(srv, "/api/tasks", backfill("redelivery")).json()["run"]
        assert first["selected"] == TRACES
        evaluated(srv, first["run_id"])
        results = len(srv.get(f"/api/runs/{first['run_id']}/results").json())
        assert results == TRACES

        before = srv.get("/api/stats").json()
        send(srv, requests)  # the exporter's retry: the same spans again
        after = srv.get("/api/stats").json()
        assert after["duplicate_spans"] - before["duplicate_spans"] == 3 * TRACES
        assert after["stored_spans"] == before["stored_spans"] and after["pending_traces"] == 0
        # a fresh trace after the retry: once it is built, a re-versioned trace would have been built too
        later, later_id = request_with_spans(3)
        send(srv, [later])
        srv.wait_for_trace(later_id)
        assert srv.get("/api/stats").json()["trajectories"] == before["trajectories"] + 1
        for trace in srv.get("/api/traces", limit=100).json():
            assert trace["version"] == 1, trace

        again = post(srv, "/api/tasks/redelivery/run").json()
        assert again["selected"] == 1 and again["already_taken"] == TRACES, again  # the fresh trace only
        assert [i["trace_id"] for i in again["items"]] == [later_id]
        assert len(srv.get(f"/api/runs/{first['run_id']}/results").json()) == results
    finally:
        srv.stop()
