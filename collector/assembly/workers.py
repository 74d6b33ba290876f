"""Building trajectories from stored spans: a pure batch step that may run in another process.

The writer hands over the spans (Arrow) and what it knows of each trace; this returns table
rows. Running it in a process pool puts the Python-heavy mapping on another core than the
receivers and the writer.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import gc
import logging
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pyarrow as pa

from collector.decoding.otlp import REDACTED_ATTRIBUTE
from collector.processes import exit_with_parent
from collector.span import SpanRecord
from collector.store import Assembled, TrajectoryTables, failure_reason, records_by_trace, trajectory_tables
from collector.trajectory import Trajectory

log = logging.getLogger(__name__)

BuildFn = Callable[[Sequence[SpanRecord], int], Trajectory]
# Set on a trajectory built from only the first `collector.max_trace_spans` spans: how many were left out.
OMITTED_ATTRIBUTE = "tracepatrol.spans_omitted"


@dataclass(frozen=True)
class Job:
    trace_id: str
    version: int
    first_received_ns: int
    last_received_ns: int
    omitted_spans: int = 0  # stored spans past the span limit, not handed over


def start_worker(parent_pid: int, niceness: int) -> None:
    """Pool initializer: end with the server, and yield the CPU to it. Acknowledging spans keeps
    senders waiting; a trajectory can wait. With 4 tool-heavy senders on 2 cores the assembly
    process took a third of a core from ingest at equal priority; lowered, it builds with what
    ingest leaves and catches up when the load eases (`max_pending_traces` bounds the wait)."""
    exit_with_parent(parent_pid)
    os.nice(niceness)


def ready() -> None:
    """A task that only makes a pool process start (and import this module) ahead of the first build."""


def build_tables(spans: pa.Table, jobs: Sequence[Job], build: BuildFn, completed_at: dt.datetime) -> TrajectoryTables:
    """Trajectories for `jobs` from their spans; a trace whose mapping fails is logged and listed
    in the result's `failed`, never in the way of the others.

    The cyclic garbage collector is paused meanwhile: this step allocates millions of short-lived
    objects and creates no reference cycles, so collections would cost a quarter of its time.
    """
    enabled, started = gc.isenabled(), time.perf_counter_ns()
    gc.disable()
    try:
        tables = _build_tables(spans, jobs, build, completed_at)
        return dataclasses.replace(tables, build_ns=time.perf_counter_ns() - started)
    finally:
        if enabled:
            gc.enable()


def _build_tables(spans: pa.Table, jobs: Sequence[Job], build: BuildFn, completed_at: dt.datetime) -> TrajectoryTables:
    records = records_by_trace(spans)
    built, failed = [], []
    for job in jobs:
        spans_of = records.get(job.trace_id)
        if not spans_of:
            continue
        try:
            trajectory = build(spans_of, job.version)
        except Exception as exc:  # a mapping bug must not block the other traces of the chunk
            log.exception("cannot build trajectory %s; its spans stay stored", job.trace_id)
            failed.append((job.trace_id, failure_reason(exc)))
            continue
        redacted = _redactions(spans_of)
        if redacted:  # the trace's total, so evaluators and the API see masks anywhere in it
            trajectory.attributes[REDACTED_ATTRIBUTE] = redacted
        if job.omitted_spans:
            trajectory.attributes[OMITTED_ATTRIBUTE] = job.omitted_spans
        built.append(Assembled(trajectory, frozenset(r.name for r in spans_of),
                               job.first_received_ns, job.last_received_ns, redacted))
    tables = trajectory_tables(built, completed_at)
    return dataclasses.replace(tables, failed=tuple(failed) + tables.failed) if failed else tables


def _redactions(spans: Sequence[SpanRecord]) -> int:
    """Masks made in a trace's spans, as the decoder recorded them on each span."""
    total = 0
    for span in spans:
        n = span.attributes.get(REDACTED_ATTRIBUTE)
        if isinstance(n, int):
            total += n
    return total
