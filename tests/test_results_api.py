"""The results API lists each verdict step by step: a trace sent over OTLP with an ungrounded call 1
and relative dates on calls 2-4, a task running `grounding` on it in a real server, and the run's
and the trace's results carry exactly those findings, each label with its own reason on its own call.
A server started on a database of results schema 1 (before findings) migrates it and serves them."""
from __future__ import annotations

import json

import duckdb
import httpx
import pytest

from tests import findings_traffic
from tests.evaluators.test_results_findings import DERIVED, OLD, schema_1_database

pytestmark = pytest.mark.timeout(180)


def test_the_api_lists_exactly_the_findings_of_each_step(server):
    sent = findings_traffic.send(server.otlp_http)
    server.wait_for_trace(sent.trace_id)
    run = findings_traffic.run_grounding(server.api)
    assert run["selected"] == 1
    by_run = server.get(f"/api/runs/{run['run_id']}/results").json()
    by_trace = server.get(f"/api/traces/{sent.trace_id}/evaluations").json()
    assert by_run == by_trace and len(by_run) == 1
    result = by_run[0]
    found = result["findings"]
    assert [(f["call"], f["label"]) for f in found] == findings_traffic.EXPECTED
    for f in found:  # each reason is about its own call and label, quoting its own value
        name, arguments, _ = findings_traffic.CALLS[f["call"] - 1]
        assert f["reason"].startswith(f"call {f['call']} {name}(") and f": {f['label']}: " in f["reason"]
        assert repr(arguments["user" if name == "login" else "date"]) in f["reason"]
    assert len({f["reason"] for f in found}) == 4
    # the summaries still say what they said
    assert (result["label"], result["labels"], result["evidence"], result["passed"]) == (
        "ungrounded_value", ["ungrounded_value", "relative_date"], [1, 2, 3, 4], False)
    assert result["reason"].startswith(found[0]["reason"])


def test_a_server_on_a_schema_1_database_serves_its_results_with_findings(server):
    server.stop()
    for stale in server.db.parent.glob(server.db.name + "*"):  # the fixture's fresh file and its WAL
        stale.unlink()
    schema_1_database(server.db)
    server.start()
    for trace_id, findings in DERIVED.items():
        [result] = server.get(f"/api/traces/{trace_id}/evaluations").json()
        assert result["findings"] == findings and result["label"] == OLD[trace_id]["label"]
    exported = httpx.get(server.api + "/api/export/eval_results", params={"format": "jsonl"}, timeout=30).text
    assert {r["trace_id"]: r["findings"] for r in map(json.loads, exported.splitlines())} == DERIVED
    server.stop()
    with duckdb.connect(str(server.db), read_only=True) as con:
        assert con.execute("SELECT version FROM schema_versions WHERE component = 'evaluators'").fetchone() == (2,)
