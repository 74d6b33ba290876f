"""Crash safety: SIGKILL `tracepatrol serve` mid-stream, restart on the same file.

Every span the client saw acknowledged is stored exactly once (re-sent requests included),
trajectories whose spans straddle the crash complete after the restart, and an evaluation run
whose items were in flight finishes once: every item done, one result per key.
"""
from __future__ import annotations

import signal
import threading
import time

import duckdb

from tests.evaluators.test_workers_server import create, judge_config, task, wait_assembled, wait_run_done
from tests.otel_traffic import TraceSpec, send
from tests.reliability.traffic import AckLog, AgentTrace, build_request, keys, stored_counts
from tracepatrol.harness.process import make_server

JUDGED = 30          # traces scored by the run that the crash interrupts
NEW_PER_REQUEST = 20  # traces started per request; each also gets a span in the next request


def _stream(log: AckLog, traces: list[AgentTrace], acked_bodies: list, stop: threading.Event) -> None:
    """Sustained traffic until the server dies: every trace's spans spread over two requests."""
    previous: list[AgentTrace] = []
    while not stop.is_set():
        new = [AgentTrace() for _ in range(NEW_PER_REQUEST)]
        traces.extend(new)
        spans = [s for t in new for s in t.spans(3)] + [s for t in previous for s in t.spans(1)]
        body = build_request(spans).SerializeToString()
        status = log.post_body(body, keys(spans))
        if status == 200:
            acked_bodies.append((body, keys(spans)))
        elif status == 0:
            return
        previous = new


def test_sigkill_mid_stream_keeps_every_acknowledged_span_once_and_finishes_the_work(tmp_path, chat):
    chat.delay_s = 0.2  # judge calls take a while, so evaluation items are in flight at the kill
    srv = make_server(tmp_path, "--decision-wait", "0.5", "--config", judge_config(tmp_path, chat.url)).start()
    send(srv.otlp_http, [TraceSpec() for _ in range(JUDGED)])
    wait_assembled(srv, JUDGED)
    run = create(srv, task("crash", ["parameters", "llm_judge"]))

    log, traces, acked_bodies, stop = AckLog(srv.otlp_http), [], [], threading.Event()
    sender = threading.Thread(target=_stream, args=(log, traces, acked_bodies, stop))
    sender.start()
    deadline = time.monotonic() + 60
    while (len(log.acked) < 2000 or len(chat.requests) < 3) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert srv.stop(signal.SIGKILL) == -signal.SIGKILL
    stop.set()
    sender.join(30)
    acked_before = set(log.acked)
    judged_before = len(chat.requests)
    assert len(acked_before) >= 2000 and 0 < judged_before < JUDGED

    srv.start()
    try:
        log.resend_unacked()  # what an exporter does with a request that got no answer
        for body, span_keys in acked_bodies[-3:]:  # and with one whose answer was lost
            assert log.post_body(body, span_keys) == 200
        for i in range(0, len(traces), 50):  # every trace gets its last spans after the crash
            assert log.post([s for t in traces[i:i + 50] for s in t.spans(2)]) == 200
        wait_assembled(srv, JUDGED + len(traces))
        done = wait_run_done(srv, run["run_id"])
        results = srv.get(f"/api/runs/{run['run_id']}/results").json()
    finally:
        srv.stop()

    stored = stored_counts(srv.db)
    assert acked_before <= stored.keys(), f"{len(acked_before - stored.keys())} acknowledged spans lost"
    assert log.acked <= stored.keys()
    assert max(stored.values()) == 1, "a span is stored twice"
    with duckdb.connect(str(srv.db), read_only=True) as con:
        span_counts = dict(con.execute("SELECT trace_id, span_count FROM traces").fetchall())
    assert {t.trace_id.hex(): t.sent for t in traces} == {t.trace_id.hex(): span_counts.get(t.trace_id.hex())
                                                          for t in traces}
    assert {i["state"] for i in done["items"]} == {"done"} and len(done["items"]) == JUDGED
    assert max(i["attempts"] for i in done["items"]) >= 2  # the interrupted ones ran again
    result_keys = [(r["trace_id"], r["version"], r["evaluator"]) for r in results]
    assert len(result_keys) == len(set(result_keys)) == JUDGED * 2
    print(f"\ncrash: {len(acked_before)} spans acknowledged before SIGKILL, {len(log.acked)} in all, "
          f"{sum(stored.values())} stored, lost {len(log.acked - stored.keys())}; {len(traces)} straddling traces "
          f"complete; {judged_before}/{JUDGED} judge calls before the kill; statuses {dict(log.statuses)}")


def test_a_late_span_never_waits_for_a_root_its_trace_already_has():
    """The two ways the crash test first got stuck (late spans waited max_trace_wait, 600 s)."""
    from collector.assembly.completion import Assembler

    s = 1_000_000_000
    a = Assembler(decision_wait_s=1, max_trace_wait_s=600)
    a.observe(["t1"], [None], [0])
    assert [tid for tid, _ in a.due(2 * s)] == ["t1"]  # being built now
    a.observe(["t1"], ["root"], [3 * s])                # a child arrives meanwhile
    assert [tid for tid, _ in a.due(5 * s)] == ["t1"]   # rebuilt after the decision wait

    restarted = Assembler(decision_wait_s=1, max_trace_wait_s=600)
    restarted.restore([], 10 * s, assembled=["t1"])      # what the store says was assembled
    restarted.observe(["t1"], ["root"], [11 * s])
    assert [tid for tid, _ in restarted.due(13 * s)] == ["t1"]
