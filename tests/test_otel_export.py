"""Evaluation results as OpenTelemetry `gen_ai.evaluation.result` events: evaluator workers score
fixture trajectories and the exporter posts OTLP/HTTP logs to a real receiver on 127.0.0.1,
which decodes them with the OTLP protobuf classes."""
from __future__ import annotations

import duckdb
import pytest

from evaluators.base import EvalContext
from evaluators.results import ResultStore
from evaluators.work import ListSource, WorkItem
from evaluators.worker import Evaluations, WorkerPool
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
    events = {}
    for _, req in Receiver.requests:
        rl = req.resource_logs[0]
        assert _attrs(rl.resource) == {"service.name": "tracepatrol"}
        for record in rl.scope_logs[0].log_records:
            a = _attrs(record)
            events[(record.trace_id.hex(), a["gen_ai.evaluation.name"])] = (record, a)
    assert len(events) == len(stored)
    for row in stored:
        record, a = events[(row["trace_id"], row["evaluator"])]
        assert record.event_name == EVENT
        assert record.span_id.hex() == trajectories[row["trace_id"]].root_span_id  # linked to the evaluated span
        assert a["gen_ai.evaluation.score.label"] == row["label"]
        assert a["gen_ai.evaluation.explanation"] == row["reason"] == record.body.string_value
        if row["score"] is None:
            assert "gen_ai.evaluation.score.value" not in a
        else:
            assert a["gen_ai.evaluation.score.value"] == pytest.approx(row["score"])
        assert (a["tracepatrol.task_id"], a["tracepatrol.run_id"]) == ("t", "run-1")


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


def test_a_server_configured_with_evaluation_events_sends_one_per_result(receiver, tmp_path):
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
    assert stored and len(records) == len(stored)
    assert {(r.trace_id.hex(), _attrs(r)["gen_ai.evaluation.name"]) for r in records} == \
        {(row["trace_id"], row["evaluator"]) for row in stored}
