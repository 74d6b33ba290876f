"""A Kafka replay of committed messages (a consumer group reset to the start of the topic, as after
a crash between the DuckDB commit and the offset commit) stores nothing twice and re-versions no
trajectory, so nothing is evaluated again."""
from __future__ import annotations

import time

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
    time.sleep(1.0)  # three decision waits: a re-versioned trace would be built by now
    assert ingest.stats()["trajectories"] == 0
    assert ingest.stop() == 0
    assert cluster.query("SELECT count(*) FROM spans") == [(total,)]
    assert cluster.query("SELECT count(*), max(version) FROM traces") == [(TRACES, 1)]
