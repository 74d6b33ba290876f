"""Bounded user queries against a real server on a real DuckDB file.

The store holds 100,000 traces whose input is 256 random `a` and `b`: hostile text for the slow
preview's regex `a[ab]{20}c`, which passes the cost check but keeps RE2 building DFA states (0.6 us
a character on a quiet core, 4 us on one of two cores at a load of 7). It matches nothing, so
DuckDB evaluates it on every character of every row: 15 s of work or more, a chunk of 2,048 rows
0.3 s or more. The
servers run with a 3 s budget (`tasks.query_timeout_s`) so the budget ends the query however fast
the machine is; an interrupt is noticed at the end of a chunk.
"""
from __future__ import annotations

import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import duckdb
import httpx
import pytest

from scheduler.ledger import Ledger
from scheduler.runner import TaskRunner
from scheduler.task import validate_task
from tests.otlp_payloads import request_with_spans
from tests.reliability.hostile_store import BUDGET_S, seed, server_on
from tracepatrol.harness.waiting import wait_for

ROWS = 100_000
SLOW_REGEX = "a[ab]{20}c"
SLOW_FILTERS = [{"field": "input", "op": "regex", "value": SLOW_REGEX}]


def slow_doc(name: str = "slow") -> dict:
    return {"name": name, "window": {"mode": "backfill", "last": "24h"}, "match": "any",
            "filters": SLOW_FILTERS, "sampling": {"ratio": 1.0, "max_items": 10}}


# A window before every seeded trace: the same filters, nothing to scan.
FAST_DOC = {**slow_doc("fast"), "window": {"mode": "backfill", "last": "1h"}}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    """ROWS traces of 256 characters of hostile input (a fresh copy per server: each locks its file)."""
    return seed(tmp_path_factory.mktemp("bounded") / "seed.duckdb", ROWS, 256)


def chunk_seconds(path, doc: dict) -> float:
    """How long one DuckDB thread takes for one chunk of 2,048 rows of `doc`'s filters here, now."""
    from sampler.filters import compile_filters
    from scheduler.task import validate_task

    where, params = compile_filters(validate_task(doc).policy)
    con = duckdb.connect(str(path), read_only=True, config={"threads": 1})
    try:
        start = time.monotonic()
        con.execute(f"SELECT count(*) FROM (SELECT * FROM traces LIMIT 2048) t WHERE {where}", params).fetchone()
        return time.monotonic() - start
    finally:
        con.close()


@pytest.fixture(scope="module")
def server(seeded, tmp_path_factory):
    srv = server_on(seeded, tmp_path_factory.mktemp("bounded-srv")).start()
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
    assert "'.{0,1000}zzz' compiles to 9007 RE2 instructions" in detail and "at most 681 units" in detail


# Optional atoms inside counted groups: the old check counted only the two {100} (200, its limit)
# and let RE2 build a 23,404-instruction program.
WALK_AROUND = "(?:.?.?.?.?.?.?.?.?.?.?.?.?.?){100}" * 2


def test_optional_atoms_in_counted_groups_are_costed(server):
    doc = {**slow_doc(), "filters": [{"field": "input", "op": "regex", "value": WALK_AROUND}]}
    resp = preview(server, doc)
    assert resp.status_code == 422, resp.text
    assert "compiles to 23404 RE2 instructions" in resp.json()["detail"]


@pytest.fixture(scope="module")
def long_texts(tmp_path_factory):
    """One chunk of traces (2,048) whose input is 16 KB of hostile text each."""
    return seed(tmp_path_factory.mktemp("long") / "long.duckdb", 2048, 16 * 1024)


def test_a_regex_over_long_texts_stays_within_its_budget(long_texts, tmp_path):
    """Reading the whole 16 KB of each row, one chunk took far longer than the budget (DuckDB
    checks for an interrupt only between chunks); reading its first 512 characters, it fits."""
    doc = {**slow_doc(), "filters": [{"field": "input", "op": "regex", "value": "a(?:[ab]?){40}c"}]}
    chunk_s = chunk_seconds(long_texts, doc)  # the one chunk there is, as the server reads it
    srv = server_on(long_texts, tmp_path).start()
    try:
        start = time.monotonic()
        resp = preview(srv, doc, timeout=300)
        elapsed = time.monotonic() - start
    finally:
        srv.stop()
    print(f"\ncostly regex over 2,048 traces of 16 KB: {resp.status_code} after {elapsed:.2f} s (budget {BUDGET_S:g} s,"
          f" a chunk of their first 512 characters {chunk_s:.2f} s)")
    assert resp.status_code in (200, 422), resp.text
    assert elapsed < 2 * max(BUDGET_S, chunk_s) + 1  # the machine is shared: its load may double a chunk


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
    srv = server_on(seeded, tmp_path, budget_s=60).start()
    yield srv
    srv.stop()


def test_a_client_that_leaves_has_its_query_interrupted(patient_server, seeded):
    server = patient_server
    gone, sent = threading.Barrier(5), Sent()

    def leave_early():
        with pytest.raises(httpx.ReadTimeout):
            preview(server, slow_doc(), timeout=1.0, sent=sent)
        gone.wait()

    chunk_s = chunk_seconds(seeded, slow_doc())  # what one chunk costs on this machine now
    threads = [threading.Thread(target=leave_early) for _ in range(4)]
    for t in threads:
        t.start()
    slots_taken(server, sent, 4)
    gone.wait(timeout=30)
    # Long before the queries could end on their own (15 s of work each or more) or by their budget (60 s):
    # four of them on two cores take twice as long as one for the chunk under way when they are stopped,
    # and a machine whose load changed since the chunk was timed may double that again.
    waited = admitted(server, deadline_s=max(1.0, 4 * chunk_s) + 1.0)
    print(f"\nslots free {waited:.2f} s after four clients left mid-preview (a chunk takes {chunk_s:.2f} s here)")
    for t in threads:
        t.join()


def ack(srv) -> str:
    req, trace_id = request_with_spans(3)
    resp = httpx.post(srv.otlp_http, content=req.SerializeToString(),
                      headers={"Content-Type": "application/x-protobuf"}, timeout=10)
    assert resp.status_code == 200
    return trace_id


def test_sigterm_exits_promptly_with_slow_queries_in_flight(seeded, tmp_path):
    srv = server_on(seeded, tmp_path).start()
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
        srv.start()
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
    srv.start()
    try:
        ready_s = time.monotonic() - start
        assert srv.get(f"/api/runs/{run.run_id}").json()["state"] == "selecting"  # still running
        got = wait_for("the interrupted run to end", lambda: (r := srv.get(f"/api/runs/{run.run_id}").json())[
            "state"] != "selecting" and r, timeout=BUDGET_S + 20, every=0.2)
        print(f"\nrestart with an interrupted slow backfill: healthy after {ready_s:.2f} s, "
              f"run {got['state']} after {time.monotonic() - start:.2f} s: {got['error']}")
        assert got["state"] == "failed" and f"query exceeded its {BUDGET_S:g} s budget" in got["error"]
        srv.stop()
        srv.start()  # failed past its budget: not run again at every start
        assert srv.get("/api/tasks/backfill/runs").json()[0]["state"] == "failed"
        assert len(srv.get("/api/tasks/backfill/runs").json()) == 1
    finally:
        srv.stop()
