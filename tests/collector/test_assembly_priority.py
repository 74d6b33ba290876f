"""The assembly process runs at a lower CPU priority than the server, so ingest gets the cores."""
from __future__ import annotations

import json
import os
import time

from collector.decoding.otlp import to_batch
from collector.assembly.build import build_trajectory
from tests.collector.test_isolation import trace, traces_of, writer_on
from tracepatrol.harness.waiting import wait_for


def niceness_build(spans, version):
    """The real mapping, noting the niceness of the process it ran in (module level: picklable)."""
    trajectory = build_trajectory(spans, version)
    trajectory.attributes["test.niceness"] = os.nice(0)
    return trajectory


def built_at(tmp_path, **kwargs) -> int:
    con, queue, writer = writer_on(tmp_path / "n.duckdb", build=niceness_build, **kwargs)
    req, tid = trace()
    queue.submit(to_batch(req, time.time_ns()))
    writer.start()
    try:
        wait_for(f"trace {tid}", lambda: tid in traces_of(con), timeout=60, every=0.02)
    finally:
        writer.shutdown()
    [(attributes,)] = con.execute("SELECT attributes FROM traces WHERE trace_id = ?", [tid]).fetchall()
    return json.loads(attributes)["test.niceness"]


def test_assembly_processes_run_at_the_configured_lower_priority(tmp_path):
    assert built_at(tmp_path, assembly_workers=1, assembly_nice=7) == min(os.nice(0) + 7, 19)


def test_building_in_the_writer_thread_leaves_the_server_priority_alone(tmp_path):
    assert built_at(tmp_path, assembly_workers=0, assembly_nice=7) == os.nice(0)
