"""`GET /metrics`: Prometheus text that prometheus_client parses and whose values match DuckDB."""
from __future__ import annotations

import datetime as dt

import duckdb
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from collector.assembly.completion import Assembler
from collector.decoding.otlp import SPAN_COLUMNS, SpanBatch
from collector.store import TraceStore
from collector.assembly.build import build_trajectory
from collector.queue.ingest import IngestQueue, IngestStats
from collector.queue.drain import StoreWriter
from evaluators.results import ResultStore
from scheduler.ledger import Ledger
from tracepatrol.api.guard import secured
from tracepatrol.app import build_api
from tracepatrol.api.metrics import build_metrics_router

T0 = dt.datetime(2026, 1, 1, 12, 0)


def _fill(con: duckdb.DuckDBPyConnection) -> None:
    TraceStore(con)
    Ledger(con)
    ResultStore(con)
    for i in range(5):
        con.execute("INSERT INTO traces (trace_id, version, start_time, completed_at) VALUES (?, 1, ?, ?)",
                    [f"t{i}", T0 + dt.timedelta(minutes=i), T0 + dt.timedelta(minutes=i, seconds=5)])
    runs = [  # run_id, task, started_at, state
        ("a-1", "task-a", T0, "done"), ("a-2", "task-a", T0 + dt.timedelta(hours=1), "selected"),
        ("a-3", "task-a", T0 + dt.timedelta(hours=2), "selecting"),  # newest, no results yet
        ("b-1", "task-b", T0, "done"), ("b-2", "task-b", T0 + dt.timedelta(hours=1), "failed"),
    ]
    for run_id, task, started, state in runs:
        con.execute("""INSERT INTO task_runs (run_id, task_id, trigger, scheduled_for, started_at, state,
                       window_column, window_end) VALUES (?, ?, 'manual', ?, ?, ?, 'start_time', ?)""",
                    [run_id, task, started, started, state, started])
    items = [("task-a", "t0", "a-1", "done"), ("task-a", "t1", "a-1", "failed"), ("task-a", "t2", "a-2", "pending"),
             ("task-a", "t3", "a-2", "running"), ("task-a", "t4", "a-2", "done"), ("task-b", "t0", "b-1", "done")]
    for task, trace, run, state in items:
        con.execute("INSERT INTO run_items (task_id, trace_id, version, run_id, state) VALUES (?, ?, 1, ?, ?)",
                    [task, trace, run, state])
    results = [  # task, trace, evaluator, run, score, label
        ("task-a", "t0", "safety", "a-1", 0.2, "pii_leak"), ("task-a", "t1", "safety", "a-1", 1.0, "pass"),
        ("task-a", "t2", "safety", "a-2", 0.5, "pii_leak"), ("task-a", "t4", "safety", "a-2", 1.0, "pass"),
        ("task-a", "t2", "grounding", "a-2", 0.25, "unsupported \"claim\""),
        ("task-a", "t4", "grounding", "a-2", None, "not_applicable"),
        ("task-b", "t0", "safety", "b-1", 0.75, "pass"),
    ]
    for task, trace, evaluator, run, score, label in results:
        con.execute("""INSERT INTO eval_results (task_id, trace_id, version, evaluator, run_id, dimension, score,
                       label, labels, passed, created_at) VALUES (?, ?, 1, ?, ?, 'd', ?, ?, [], ?, ?)""",
                    [task, trace, evaluator, run, score, label, label == "pass", T0])


@pytest.fixture()
def scrape():
    con = duckdb.connect(":memory:")
    _fill(con)
    stats = IngestStats(received_spans=120, rejected_spans=3, stored_spans=110, duplicate_spans=7, trajectories=5,
                        stages={"receive", "store"})
    queue = IngestQueue(max_spans=1000)
    batch = SpanBatch()
    batch.columns = {c: [None] * 4 for c in SPAN_COLUMNS}
    batch.columns.update(trace_id=["q"] * 4, span_id=["1", "2", "3", "4"], received_ns=[1] * 4)
    queue.submit(batch)
    app = build_api(con, stats, queue, pending=[], api_key=None)
    app.include_router(build_metrics_router(secured))
    app.state.stats, app.state.queue = stats, queue
    client = TestClient(app)

    def get():
        resp = client.get("/metrics")
        assert resp.status_code == 200, resp.text
        return resp, {f.name: f for f in text_string_to_metric_families(resp.text)}

    yield con, stats, get
    con.close()


def _samples(family) -> dict[tuple, float]:
    return {tuple(sorted(s.labels.items())): s.value for s in family.samples if not s.name.endswith("_created")}


def test_content_type_and_parse(scrape):
    _, _, get = scrape
    resp, families = get()
    assert resp.headers["content-type"].startswith("text/plain; version=0.0.4")
    assert {"tracepatrol_spans_received", "tracepatrol_spans_stored", "tracepatrol_spans_rejected",
            "tracepatrol_spans_duplicate", "tracepatrol_ingest_queue_spans", "tracepatrol_trajectories",
            "tracepatrol_task_runs_total", "tracepatrol_run_items", "tracepatrol_latest_run_mean_score",
            "tracepatrol_evaluation_labels"} <= set(families)
    assert "tracepatrol_spans_received_total 120.0" in resp.text


def test_ingest_counters(scrape):
    _, stats, get = scrape
    _, f = get()
    assert f["tracepatrol_spans_received"].type == "counter"
    assert _samples(f["tracepatrol_spans_received"]) == {(): 120}
    assert _samples(f["tracepatrol_spans_stored"]) == {(): 110}
    assert _samples(f["tracepatrol_spans_rejected"]) == {(): 3}
    assert _samples(f["tracepatrol_spans_duplicate"]) == {(): 7}
    assert _samples(f["tracepatrol_ingest_queue_spans"]) == {(): 4}
    stats.received_spans += 5  # read at scrape time, not cached
    _, f = get()
    assert _samples(f["tracepatrol_spans_received"]) == {(): 125}


def test_database_counts_match_sql(scrape):
    con, _, get = scrape
    _, f = get()
    assert _samples(f["tracepatrol_trajectories"]) == {(): con.execute("SELECT count(*) FROM traces").fetchone()[0]}
    runs = {(("state", s), ("task", t)): n for t, s, n in
            con.execute("SELECT task_id, state, count(*) FROM task_runs GROUP BY ALL").fetchall()}
    assert _samples(f["tracepatrol_task_runs_total"]) == runs
    assert len(runs) == 5
    items = {(("state", s), ("task", t)): n for t, s, n in
             con.execute("SELECT task_id, state, count(*) FROM run_items GROUP BY ALL").fetchall()}
    assert _samples(f["tracepatrol_run_items"]) == items
    assert items[(("state", "pending"), ("task", "task-a"))] == 1
    labels = {(("evaluator", e), ("label", lab), ("task", t)): n for t, e, lab, n in
              con.execute("SELECT task_id, evaluator, label, count(*) FROM eval_results GROUP BY ALL").fetchall()}
    assert _samples(f["tracepatrol_evaluation_labels"]) == labels
    assert labels[(("evaluator", "grounding"), ("label", 'unsupported "claim"'), ("task", "task-a"))] == 1


def test_latest_run_mean_score(scrape):
    _, _, get = scrape
    _, f = get()
    means = _samples(f["tracepatrol_latest_run_mean_score"])
    # task-a: a-3 is newest but has no results, so a-2: safety (0.5+1.0)/2, grounding 0.25 (NULL skipped).
    # task-b: b-2 has no results, so b-1.
    assert means == {
        (("evaluator", "safety"), ("task", "task-a")): pytest.approx(0.75),
        (("evaluator", "grounding"), ("task", "task-a")): pytest.approx(0.25),
        (("evaluator", "safety"), ("task", "task-b")): pytest.approx(0.75),
    }


def test_fresh_registry_per_scrape_and_missing_tables():
    con = duckdb.connect(":memory:")
    TraceStore(con)  # no scheduler / results tables
    app = build_api(con, IngestStats(), IngestQueue(max_spans=10), pending=[], api_key="k")
    app.include_router(build_metrics_router(secured))
    app.state.stats, app.state.queue = IngestStats(received_spans=2), IngestQueue(max_spans=10)
    client = TestClient(app)
    assert client.get("/metrics").status_code == 401
    for _ in range(2):  # a second scrape must not fail on duplicate registration
        resp = client.get("/metrics", headers={"Authorization": "Bearer k"})
        assert resp.status_code == 200
        names = {f.name for f in text_string_to_metric_families(resp.text)}
        assert "tracepatrol_trajectories" in names and "tracepatrol_run_items" not in names


def test_assembly_lag_is_in_metrics_stats_and_healthz(tmp_path):
    """The oldest trace waiting for assembly: its age in /metrics and /api/stats, and /healthz says
    degraded, naming it, once it has waited past the point every trace is due (max_trace_wait)."""
    con = duckdb.connect(str(tmp_path / "lag.duckdb"))
    t0 = 1_700_000_000 * 10**9
    now = [t0]
    assembler = Assembler(decision_wait_s=10, max_trace_wait_s=600)
    writer = StoreWriter(TraceStore(con.cursor()), IngestQueue(max_spans=10), assembler, build_trajectory,
                         IngestStats(), clock=lambda: now[0])
    app = build_api(con, IngestStats(), IngestQueue(max_spans=10), pending=writer, api_key=None,
                    due_by_s=600, lag_grace_s=60)
    client = TestClient(app)
    assert client.get("/healthz").json()["status"] == "ok"
    assert client.get("/api/stats").json()["oldest_pending_s"] is None

    assembler.observe(["a" * 32, "b" * 32], [None, "f" * 16], [t0, t0 + 5 * 10**9])  # "b" has no root yet
    now[0] = t0 + 30 * 10**9
    families = {f.name: f for f in text_string_to_metric_families(client.get("/metrics").text)}
    assert families["tracepatrol_assembly_pending_traces"].samples[0].value == 2
    assert families["tracepatrol_assembly_oldest_pending_seconds"].samples[0].value == pytest.approx(30)
    assert client.get("/api/stats").json()["oldest_pending_s"] == pytest.approx(30)
    assert client.get("/healthz").json()["status"] == "ok"  # a rootless trace may wait up to max_trace_wait

    now[0] = t0 + 661 * 10**9
    health = client.get("/healthz")
    assert health.status_code == 200 and health.json()["status"] == "degraded"
    assert "2 traces waiting" in health.json()["reason"] and "661 s" in health.json()["reason"]
    assembler.due(now[0])  # assembled at last (taken from the index): healthy again
    assert client.get("/healthz").json()["status"] == "ok"
    con.close()
