"""A Kafka replay of committed messages (a consumer group reset to the start of the topic, as after
a crash between the DuckDB commit and the offset commit) stores nothing twice and re-versions no
trajectory, so nothing is evaluated again."""
from __future__ import annotations

from tracepatrol.harness.waiting import wait_for

TRACES, SPANS = 50, 4


def test_replayed_messages_change_no_trajectory(cluster):
    total = cluster.produce_traces(TRACES, SPANS)

    ingest = cluster.ingest().start()
    wait_for("every trajectory", lambda: ingest.stats()["traces"] == TRACES)
    assert ingest.stop() == 0

    cluster.configure({"group": cluster.kafka["group"] + "-replay"})  # a new group reads the topic again
    ingest.start()
    wait_for("the replay consumed", lambda: (s := ingest.stats())["consumed_spans"] == total
             and s["pending_traces"] == 0)
    stats = ingest.stats()
    assert stats["duplicate_spans"] == total and stats["stored_spans"] == 0
    # a fresh trace after the replay: once it is built, a re-versioned trace would have been built too
    cluster.produce_traces(1, SPANS)
    wait_for("the trace sent after the replay", lambda: ingest.stats()["traces"] == TRACES + 1)
    assert ingest.stats()["trajectories"] == 1
    assert ingest.stop() == 0
    assert cluster.query("SELECT count(*) FROM spans") == [(total + SPANS,)]
    assert cluster.query("SELECT count(*), max(version) FROM traces") == [(TRACES + 1, 1)]
