"""Bounded user queries against a real server on a real DuckDB file.

The store holds 80,000 traces of 2 KB input each. The slow preview matches nothing with eight
regexes that pass the cost check, so DuckDB evaluates all of them on every row: about 5 s of work
on two quiet cores (16 s on busy ones). The servers run with a 3 s budget (`tasks.query_timeout_s`)
so the budget ends the query however fast the machine is; an interrupt is noticed within a second.
"""
from __future__ import annotations

import shutil
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import duckdb
import httpx
import pytest

from collector.store import TraceStore
from scheduler.ledger import Ledger
from scheduler.runner import TaskRunner
from scheduler.task import validate_task
from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.process import make_server
from tracepatrol.harness.waiting import wait_for

ROWS = 80_000
BUDGET_S = 3.0  # tasks.query_timeout_s of the servers here (the default is 10 s)
SLOW_FILTERS = [{"field": "input", "op": "regex", "value": f".{{0,100}}.{{0,100}}zz{i}"} for i in range(8)]


def slow_doc(name: str = "slow") -> dict:
    return {"name": name, "window": {"mode": "backfill", "last": "24h"}, "match": "any",
            "filters": SLOW_FILTERS, "sampling": {"ratio": 1.0, "max_items": 10}}


# A window before every seeded trace: the same filters, nothing to scan.
FAST_DOC = {**slow_doc("fast"), "window": {"mode": "backfill", "last": "1h"}}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    """A store file with ROWS traces started 2 h ago (a fresh copy per server: each locks its file)."""
    path = tmp_path_factory.mktemp("bounded") / "seed.duckdb"
    con = duckdb.connect(str(path))
    TraceStore(con)
    con.execute(f"""INSERT INTO traces (trace_id, version, status, start_time, completed_at, input, output,
                                        tool_names, span_names)
                    SELECT lpad(to_hex(i), 32, '0'), 1, 'ok', now()::TIMESTAMP - INTERVAL 2 HOUR,
                           now()::TIMESTAMP - INTERVAL 2 HOUR, repeat(md5(i::VARCHAR), 64), 'done', [], []
                    FROM range({ROWS}) r(i)""")
    con.close()
    return path


def server_on(seeded, tmp_path, budget_s: float = BUDGET_S):
    config = tmp_path / "budget.yaml"
    config.write_text(f"tasks: {{query_timeout_s: {budget_s}}}\n")
    srv = make_server(tmp_path, "--decision-wait", "0.3", "--config", str(config))
    shutil.copy(seeded, srv.db)
    return srv


@pytest.fixture(scope="module")
def server(seeded, tmp_path_factory):
    srv = server_on(seeded, tmp_path_factory.mktemp("bounded-srv")).start(timeout=60)
    yield srv
    srv.stop()


# One pooled client for all previews: a client per request costs the test process more CPU (TLS
# context, under its GIL) than the server spends, and would be measured as server latency.
CLIENT = httpx.Client(limits=httpx.Limits(max_connections=64))


class Sent:
    """Counts requests whose body is on the wire (httpcore's trace extension), so a request sent
    after them reaches the server after them."""

    def __init__(self) -> None:
        self.count, self._lock = 0, threading.Lock()

    def __call__(self, event: str, info: dict) -> None:
        if event == "http11.send_request_body.complete":
            with self._lock:
                self.count += 1


def preview(srv, doc: dict, timeout: float = 60, sent: Sent | None = None) -> httpx.Response:
    return CLIENT.post(srv.api + "/api/tasks/preview", json=doc, headers=srv.headers(), timeout=timeout,
                       extensions={"trace": sent} if sent else None)


def slots_taken(srv, sent: Sent, slow: int) -> None:
    """Wait until the `slow` previews are sent, then until a fast one is refused: they hold every slot."""
    wait_for(f"{slow} slow previews sent", lambda: sent.count == slow, timeout=10, every=0.01)
    wait_for("every query slot taken", lambda: preview(srv, FAST_DOC).status_code == 503, timeout=5, every=0.05)


def admitted(srv, deadline_s: float) -> float:
    """Seconds until a fast preview is admitted (200) rather than refused as busy (503)."""
    start = time.monotonic()
    while (resp := preview(srv, FAST_DOC)).status_code == 503:
        assert time.monotonic() - start < deadline_s, "the query slots stayed busy"
        time.sleep(0.05)
    assert resp.status_code == 200, resp.text
    return time.monotonic() - start


def test_costly_regex_is_refused_before_it_runs(server):
    doc = {**slow_doc(), "filters": [{"field": "input", "op": "regex", "value": ".{0,1000}zzz"}]}
    start = time.monotonic()
    resp = preview(server, doc)
    assert time.monotonic() - start < 2
    assert resp.status_code == 422
    detail = resp.json()["detail"]
    assert "'.{0,1000}zzz'" in detail and "{0,1000} 1000 times" in detail and "at most 100" in detail


def test_slow_preview_is_cancelled_at_its_budget(server):
    start = time.monotonic()
    resp = preview(server, slow_doc())
    elapsed = time.monotonic() - start
    print(f"\nslow preview answered after {elapsed:.2f} s")
    assert resp.status_code == 422, resp.text
    assert f"query exceeded its {BUDGET_S:g} s budget" in resp.json()["detail"]
    assert BUDGET_S <= elapsed < BUDGET_S + 3


def test_healthz_answers_under_45_slow_previews(server):
    latencies: dict[str, list[float]] = {"/healthz": [], "/api/stats": []}
    probe = httpx.Client(headers=server.headers(), timeout=5)
    with ThreadPoolExecutor(45) as pool:
        futures = [pool.submit(preview, server, slow_doc()) for _ in range(45)]
        while not all(f.done() for f in futures):
            for path, seen in latencies.items():
                start = time.monotonic()
                assert probe.get(server.api + path).status_code == 200
                seen.append(time.monotonic() - start)
            time.sleep(0.05)
        responses = [f.result() for f in futures]
    statuses = sorted(r.status_code for r in responses)
    print("\nunder 45 slow previews: " + ", ".join(
        f"{path} max {max(seen) * 1000:.0f} ms / median {sorted(seen)[len(seen) // 2] * 1000:.0f} ms"
        for path, seen in latencies.items()) + f" over {len(latencies['/healthz'])} probes each;"
          f" previews answered {statuses.count(422)} x 422 (budget), {statuses.count(503)} x 503 (busy)")
    assert max(latencies["/healthz"]) < 1.0
    assert statuses.count(422) == 4 and statuses.count(503) == 41
    busy = next(r for r in responses if r.status_code == 503)
    assert busy.headers["retry-after"] == "1" and "query slots are busy" in busy.json()["detail"]


@pytest.fixture
def patient_server(seeded, tmp_path):
    """A budget far longer than the slow query, so only the client leaving can end it early."""
    srv = server_on(seeded, tmp_path, budget_s=60).start(timeout=60)
    yield srv
    srv.stop()


def test_a_client_that_leaves_has_its_query_interrupted(patient_server):
    server = patient_server
    gone, sent = threading.Barrier(5), Sent()

    def leave_early():
        with pytest.raises(httpx.ReadTimeout):
            preview(server, slow_doc(), timeout=1.0, sent=sent)
        gone.wait()

    threads = [threading.Thread(target=leave_early) for _ in range(4)]
    for t in threads:
        t.start()
    slots_taken(server, sent, 4)
    gone.wait(timeout=30)
    waited = admitted(server, deadline_s=3)  # before the query could end on its own (~5 s) or by budget (60 s)
    print(f"\nslots free {waited:.2f} s after four clients left mid-preview")
    for t in threads:
        t.join()


def ack(srv) -> str:
    req, trace_id = request_with_spans(3)
    resp = httpx.post(srv.otlp_http, content=req.SerializeToString(),
                      headers={"Content-Type": "application/x-protobuf"}, timeout=10)
    assert resp.status_code == 200
    return trace_id


def test_sigterm_exits_promptly_with_slow_queries_in_flight(seeded, tmp_path):
    srv = server_on(seeded, tmp_path).start(timeout=60)
    try:
        acknowledged = [ack(srv) for _ in range(5)]
        pool, sent = ThreadPoolExecutor(4), Sent()
        for _ in range(4):
            pool.submit(preview, srv, slow_doc(), sent=sent)
        slots_taken(srv, sent, 4)  # in flight
        acknowledged += [ack(srv) for _ in range(5)]
        start = time.monotonic()
        srv.proc.send_signal(signal.SIGTERM)
        code = srv.proc.wait(30)
        exit_s = time.monotonic() - start
        pool.shutdown(wait=True)
        print(f"\nSIGTERM with 4 slow previews in flight: exit {code} after {exit_s:.2f} s")
        assert code == 0 and exit_s < 10
        srv.start(timeout=60)
        for trace_id in acknowledged:
            srv.wait_for_trace(trace_id)
    finally:
        srv.stop()


def test_restart_with_an_interrupted_slow_backfill_opens_ports_first(seeded, tmp_path):
    srv = server_on(seeded, tmp_path)
    con = duckdb.connect(str(srv.db))
    ledger = Ledger(con)
    task = ledger.create_task(validate_task({**slow_doc("backfill"), "evaluators": ["trajectory_quality"]}))
    now = ledger.get_task("backfill").created_at
    run = ledger.open_run(task, "created", now, TaskRunner(ledger, con).window(task.spec, now, None))
    con.close()  # "crashed" while selecting
    start = time.monotonic()
    srv.start(timeout=60)
    try:
        ready_s = time.monotonic() - start
        assert srv.get(f"/api/runs/{run.run_id}").json()["state"] == "selecting"  # still running
        got = wait_for("the interrupted run to end", lambda: (r := srv.get(f"/api/runs/{run.run_id}").json())[
            "state"] != "selecting" and r, timeout=BUDGET_S + 20, every=0.2)
        print(f"\nrestart with an interrupted slow backfill: healthy after {ready_s:.2f} s, "
              f"run {got['state']} after {time.monotonic() - start:.2f} s: {got['error']}")
        assert got["state"] == "failed" and f"query exceeded its {BUDGET_S:g} s budget" in got["error"]
        srv.stop()
        srv.start(timeout=60)  # failed past its budget: not run again at every start
        assert srv.get("/api/tasks/backfill/runs").json()[0]["state"] == "failed"
        assert len(srv.get("/api/tasks/backfill/runs").json()) == 1
    finally:
        srv.stop()
