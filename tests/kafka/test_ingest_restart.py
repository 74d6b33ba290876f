"""The store process killed mid-stream and restarted: nothing lost, nothing doubled."""
from __future__ import annotations

import signal

from tracepatrol.harness.waiting import wait_for

TRACES, SPANS = 600, 8


def test_sigkill_mid_stream_then_restart_stores_every_span_exactly_once(cluster):
    cluster.configure({"poll_batch": 10})  # many small commits, so the kill lands between two of them
    total = cluster.produce_traces(TRACES, SPANS)

    ingest = cluster.ingest().start()
    stored = wait_for("the first commits", lambda: ingest.stats()["spans"], every=0.02)
    assert ingest.stop(signal.SIGKILL) == -signal.SIGKILL
    assert 0 < stored < total, "the kill did not land mid-stream"

    ingest.start()
    wait_for("every span and trajectory", lambda: (s := ingest.stats())["spans"] == total and s["traces"] == TRACES)
    assert ingest.stop() == 0
    assert cluster.query("SELECT count(*), count(DISTINCT (trace_id, span_id)) FROM spans") == [(total, total)]
    assert cluster.query("SELECT count(*), count(DISTINCT trace_id), min(span_count) FROM traces") == [(TRACES, TRACES, SPANS)]
