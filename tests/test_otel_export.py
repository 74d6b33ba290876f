"""Evaluation results as OpenTelemetry `gen_ai.evaluation.result` events: evaluator workers score
fixture trajectories and the exporter posts OTLP/HTTP logs to a real receiver on 127.0.0.1,
which decodes them with the OTLP protobuf classes: one event per result on the root span, one per
finding on the span of the call it is about."""
from __future__ import annotations

import duckdb
import pytest

from evaluators.base import EvalContext
from evaluators.results import ResultStore
from evaluators.work import ListSource, WorkItem
from evaluators.worker import Evaluations, WorkerPool
from tests import findings_traffic
from tests.evaluators.test_workers_server import MANIFEST, create, post_fixtures, task, wait_assembled, wait_run_done
from tests.fixture_traces import CASES, trajectory_at
from tests.logs_receiver import Receiver
from tracepatrol.evaluation_events import EVENT, EvaluationExporter, EvaluationExportSettings
from tracepatrol.harness.process import make_server

RULES = ("tool_selection", "parameters", "trajectory_quality")


def _attrs(record) -> dict:
    return {kv.key: getattr(kv.value, kv.value.WhichOneof("value")) for kv in record.attributes}


def test_results_arrive_as_gen_ai_evaluation_result_events(receiver):
    trajectories = {t.trace_id: t for t in (trajectory_at(i) for i in range(len(CASES)))}
    source = ListSource(WorkItem("t", tid, 1, "run-1", RULES) for tid in trajectories)
    con = duckdb.connect()
    results = ResultStore(con)
    pool = WorkerPool(source, lambda ids: {i: trajectories[i] for i in ids}, results,
                      Evaluations(lambda options: EvalContext()), batch=8)
    exporter = EvaluationExporter(EvaluationExportSettings(endpoint=receiver, headers={"Authorization": "Bearer k"}))
    pool.on_results = [exporter]
    assert pool.drain(60)
    exporter.close()
    stored = results.query()
    assert len(stored) == len(trajectories) * len(RULES) == exporter.sent and exporter.failed == 0
    assert len(Receiver.requests) == -(-len(trajectories) // 8)  # one request per batch
    assert all(h["Authorization"] == "Bearer k" and h["Content-Type"] == "application/x-protobuf"
               for h, _ in Receiver.requests)
    events, findings = {}, []
    for _, req in Receiver.requests:
        rl = req.resource_logs[0]
        assert _attrs(rl.resource) == {"service.name": "tracepatrol"}
        for record in rl.scope_logs[0].log_records:
            a = _attrs(record)
            assert record.event_name == EVENT and (a["tracepatrol.task_id"], a["tracepatrol.run_id"]) == ("t", "run-1")
            if a["tracepatrol.evaluation.kind"] == "result":
                events[(record.trace_id.hex(), a["gen_ai.evaluation.name"])] = (record, a)
            else:
                findings.append((record, a))
    assert len(events) == len(stored)
    for row in stored:
        record, a = events[(row["trace_id"], row["evaluator"])]
        assert record.span_id.hex() == trajectories[row["trace_id"]].root_span_id  # linked to the evaluated span
        assert a["gen_ai.evaluation.score.label"] == row["label"]
        assert a["gen_ai.evaluation.explanation"] == row["reason"] == record.body.string_value
        if row["score"] is None:
            assert "gen_ai.evaluation.score.value" not in a
        else:
            assert a["gen_ai.evaluation.score.value"] == pytest.approx(row["score"])
    # one event per finding, parented to the span of its call (the root span's for the whole trace)
    spans = {t.trace_id: {c.seq: c.span_id for c in t.tool_calls} for t in trajectories.values()}
    expected = [(row["trace_id"], spans[row["trace_id"]].get(f["call"]) or trajectories[row["trace_id"]].root_span_id,
                 row["evaluator"], f["call"], f["label"], f["reason"]) for row in stored for f in row["findings"]]
    assert expected and sorted(expected, key=str) == sorted(
        ((r.trace_id.hex(), r.span_id.hex(), a["gen_ai.evaluation.name"], a.get("tracepatrol.evaluation.call"),
          a["gen_ai.evaluation.score.label"], a["gen_ai.evaluation.explanation"]) for r, a in findings), key=str)
    assert all("gen_ai.evaluation.score.value" not in a for _, a in findings)


def test_an_unreachable_endpoint_is_counted_not_raised():
    trajectory = trajectory_at(0)
    source = ListSource([WorkItem("t", trajectory.trace_id, 1, "r", RULES)])
    pool = WorkerPool(source, lambda ids: {trajectory.trace_id: trajectory}, ResultStore(duckdb.connect()),
                      Evaluations(lambda options: EvalContext()))
    exporter = EvaluationExporter(EvaluationExportSettings(endpoint="http://127.0.0.1:9/v1/logs", timeout_s=2))
    pool.on_results = [exporter]
    assert pool.drain(30)
    assert exporter.failed == len(RULES) and exporter.sent == 0
    assert source.finished[0][1] is True  # the item itself succeeded


def test_settings_refuse_a_non_http_endpoint():
    with pytest.raises(ValueError):
        EvaluationExportSettings(endpoint="collector:4317")


def test_a_server_configured_with_evaluation_events_sends_one_per_result_and_finding(receiver, tmp_path):
    config = tmp_path / "events.yaml"
    config.write_text(f"evaluation_events: {{endpoint: '{receiver}'}}\n")
    srv = make_server(tmp_path, "--decision-wait", "0.3", "--config", str(config)).start()
    try:
        post_fixtures(srv)
        wait_assembled(srv, len(MANIFEST["cases"]))
        run = wait_run_done(srv, create(srv, task("events", list(RULES)))["run_id"])
        stored = srv.get(f"/api/runs/{run['run_id']}/results").json()
    finally:
        srv.stop()
    records = [r for _, req in Receiver.requests for r in req.resource_logs[0].scope_logs[0].log_records]
    results = [r for r in records if _attrs(r)["tracepatrol.evaluation.kind"] == "result"]
    assert stored and len(results) == len(stored)
    assert {(r.trace_id.hex(), _attrs(r)["gen_ai.evaluation.name"]) for r in results} == \
        {(row["trace_id"], row["evaluator"]) for row in stored}
    assert len(records) - len(results) == sum(len(row["findings"]) for row in stored)


def test_each_finding_is_an_event_on_the_span_of_its_call(receiver, tmp_path):
    config = tmp_path / "events.yaml"
    config.write_text(f"evaluation_events: {{endpoint: '{receiver}'}}\n")
    srv = make_server(tmp_path, "--decision-wait", "0.3", "--config", str(config)).start()
    try:
        sent = findings_traffic.send(srv.otlp_http)
        srv.wait_for_trace(sent.trace_id)
        run = findings_traffic.run_grounding(srv.api)
        [stored] = srv.get(f"/api/runs/{run['run_id']}/results").json()
    finally:
        srv.stop()
    records = [(r, _attrs(r)) for _, req in Receiver.requests for r in req.resource_logs[0].scope_logs[0].log_records]
    found = sorted((a["tracepatrol.evaluation.call"], r.span_id.hex(), a["gen_ai.evaluation.score.label"],
                    a["gen_ai.evaluation.explanation"])
                   for r, a in records if a["tracepatrol.evaluation.kind"] == "finding")
    assert found == [(f["call"], sent.span_ids[f["call"]], f["label"], f["reason"]) for f in stored["findings"]]
    assert [(call, label) for call, _, label, _ in found] == findings_traffic.EXPECTED
