"""Keys on a Kafka deployment: a collector (no database) takes the keys the store made, tags spans
with the key's project whatever the sender wrote, refuses a key within 5 s of its revocation at
the store, and nobody restarts."""
from __future__ import annotations

import signal

import httpx

from tests.otlp_payloads import request_with_spans
from tests.reliability.access_world import PROTOBUF, make_key, wait_until
from tracepatrol.harness.waiting import wait_for


def _post(collector, key: str | None, forged_project: str | None = None) -> tuple[int, str]:
    req, trace_id = request_with_spans(2)
    if forged_project:
        req.resource_spans[0].resource.attributes.add(key="tracepatrol.project").value.string_value = forged_project
    headers = {**PROTOBUF, **({"Authorization": f"Bearer {key}"} if key else {})}
    return httpx.post(collector.otlp_http, content=req.SerializeToString(), headers=headers, timeout=30).status_code, trace_id


def test_a_collector_checks_the_stores_keys_and_drops_a_revoked_one_within_5_s(cluster):
    admin = make_key(cluster.db, "ops", "admin")
    agent = make_key(cluster.db, "agent", "ingest", "alpha")
    store = cluster.ingest().start()
    collector = cluster.collect().start()

    assert _post(collector, None)[0] == 401
    assert _post(collector, "tp_ing_000000000000_" + "x" * 43)[0] == 401
    status, kept = _post(collector, agent, forged_project="beta")  # the sender cannot choose its project
    assert status == 200

    httpx.delete(f"http://127.0.0.1:{store.api_port}/api/keys/agent", headers={"Authorization": f"Bearer {admin}"},
                 timeout=30).raise_for_status()
    took = wait_until("the collector to refuse the revoked key", lambda: _post(collector, agent)[0] == 401, 5)
    assert took < 5

    wait_for("the trace stored", lambda: httpx.get(f"http://127.0.0.1:{store.api_port}/api/traces/{kept}",
                                                   headers={"Authorization": f"Bearer {admin}"},
                                                   timeout=30).status_code == 200, 30)
    cluster.stop(signal.SIGTERM)
    assert cluster.query("SELECT DISTINCT project FROM spans WHERE trace_id = ?", kept) == [("alpha",)]
    assert cluster.query("SELECT project FROM traces WHERE trace_id = ?", kept) == [("alpha",)]
    resource = cluster.query("SELECT r.attributes FROM span_resources r")
    assert all("tracepatrol.project" not in str(row) for row in resource)
