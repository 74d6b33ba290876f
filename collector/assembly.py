"""Building trajectories from stored spans: a pure batch step that may run in another process.

The writer hands over the spans (Arrow) and what it knows of each trace; this returns table
rows. Running it in a process pool puts the Python-heavy mapping on another core than the
receivers and the writer.
"""
from __future__ import annotations

import datetime as dt
import gc
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pyarrow as pa

from collector.decode import REDACTED_ATTRIBUTE
from collector.span import SpanRecord
from collector.store import Assembled, TrajectoryTables, records_by_trace, trajectory_tables
from collector.trajectory import Trajectory

log = logging.getLogger(__name__)

BuildFn = Callable[[Sequence[SpanRecord], int], Trajectory]


@dataclass(frozen=True)
class Job:
    trace_id: str
    version: int
    first_received_ns: int
    last_received_ns: int


def build_tables(spans: pa.Table, jobs: Sequence[Job], build: BuildFn, completed_at: dt.datetime) -> TrajectoryTables:
    """Trajectories for `jobs` from their spans; a trace whose mapping fails is logged and skipped.

    The cyclic garbage collector is paused meanwhile: this step allocates millions of short-lived
    objects and creates no reference cycles, so collections would cost a quarter of its time.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _build_tables(spans, jobs, build, completed_at)
    finally:
        if enabled:
            gc.enable()


def _build_tables(spans: pa.Table, jobs: Sequence[Job], build: BuildFn, completed_at: dt.datetime) -> TrajectoryTables:
    records = records_by_trace(spans)
    built = []
    for job in jobs:
        spans_of = records.get(job.trace_id)
        if not spans_of:
            continue
        try:
            trajectory = build(spans_of, job.version)
        except Exception:  # a mapping bug must not block the other traces of the chunk
            log.exception("cannot build trajectory %s; its spans stay stored", job.trace_id)
            continue
        redacted = _redactions(spans_of)
        if redacted:  # the trace's total, so evaluators and the API see masks anywhere in it
            trajectory.attributes[REDACTED_ATTRIBUTE] = redacted
        built.append(Assembled(trajectory, frozenset(r.name for r in spans_of),
                               job.first_received_ns, job.last_received_ns, redacted))
    return trajectory_tables(built, completed_at)


def _redactions(spans: Sequence[SpanRecord]) -> int:
    """Masks made in a trace's spans, as the decoder recorded them on each span."""
    total = 0
    for span in spans:
        n = span.attributes.get(REDACTED_ATTRIBUTE)
        if isinstance(n, int):
            total += n
    return total
