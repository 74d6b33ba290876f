"""Time trajectory assembly (`collector.assembly.workers.build_tables`) per span, part by part.

    .venv/bin/python benchmarks/assembly.py [--batches 16] [--shape chat|tools] [--fixture-repeats 20] [--rounds 5] [--chunk N]
                                            [--profile]

Inputs are built first and not timed: `benchmarks/ingest.py`'s batches (`--shape`: 64 traces of 8
GenAI spans each, or 32 of 16 with 7 tool calls) and the captured framework fixtures
(tests/fixtures/*/S*/*.pb), each fixture copied under fresh trace ids. Both are decoded as the collector does and laid out as
`TraceStore.load_span_table` returns them. Each part (records_by_trace, build_trajectory,
trajectory_tables) and the whole `build_tables` are then timed in this one process with
`time.process_time`, the best of `--rounds`. The target is 45 µs per span for build_tables.
build_tables is timed once more with the garbage collector disabled: it creates no reference
cycles, so the collector's passes over its growing heap are pure overhead. With `--chunk N` it is
called per N traces (each with only their spans, as the writer loads them) instead of once.
The built rows are then stored as the writer stores them (`TraceStore.save_tables` and COMMIT, one
transaction per `--chunk` traces or 500) into a DuckDB file opened with the server's default
settings, and the file checkpointed: the CPU of both, DuckDB's threads included, per span.
`--profile` prints the cProfile top 30 (by own time) of one build_tables over all inputs.
"""
from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import gc
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "benchmarks"))  # last: benchmarks/sampler.py must not shadow sampler/

from collector.assembly.workers import Job, build_tables  # noqa: E402
from collector.decoding.otlp import parse_protobuf, to_batch  # noqa: E402
from collector.assembly.build import build_trajectory  # noqa: E402
from collector.store import RECORD_COLUMNS, Assembled, TraceStore, records_by_trace, trajectory_tables  # noqa: E402
from ingest import SHAPES, Batch  # noqa: E402
from tracepatrol.settings import Settings  # noqa: E402

DEFAULTS = Settings.model_construct()  # the server's defaults, whatever the environment says

TARGET_US = 45.0
FIXTURES = ROOT / "tests" / "fixtures"
COMPLETED_AT = dt.datetime(2024, 1, 1)


def _stored(table: pa.Table) -> pa.Table:
    """The columns and order `load_span_table` gives the assembler."""
    return table.select(list(RECORD_COLUMNS)).sort_by([("trace_id", "ascending"), ("start_ns", "ascending")])


def bench_spans(batches: int, shape: str) -> pa.Table:
    batch = Batch(seed=0, shape=shape)
    bodies = (batch.render(1, 0, number) for number in range(batches))
    return _stored(pa.concat_tables(to_batch(parse_protobuf(b), time.time_ns()).to_arrow() for b in bodies))


def fixture_spans(repeats: int) -> pa.Table:
    """Every fixture trace `repeats` times, each copy under its own trace id."""
    files = sorted(FIXTURES.glob("*/S*/*.pb"))
    once = pa.concat_tables(to_batch(parse_protobuf(f.read_bytes()), time.time_ns()).to_arrow() for f in files)
    copies = [once.set_column(0, "trace_id", pc.binary_join_element_wise(once.column("trace_id"), str(k), "-"))
              for k in range(repeats)]
    return _stored(pa.concat_tables(copies))


def _jobs(spans: pa.Table) -> list[Job]:
    return [Job(tid, 1, 0, 0) for tid in pc.unique(spans.column("trace_id")).to_pylist()]


def _best(fn: Callable[[], object], rounds: int, collect: bool = True) -> tuple[float, object]:
    """Best process time of `rounds` calls, each from a collected heap, and the last result.
    Garbage collection is part of the cost unless `collect` is false."""
    best, result = float("inf"), None
    for _ in range(rounds):
        result = None
        gc.collect()
        if not collect:
            gc.disable()
        t0 = time.process_time()
        result = fn()
        best = min(best, time.process_time() - t0)
        gc.enable()
    return best, result


def _chunks(spans: pa.Table, jobs: list[Job], size: int) -> list[tuple[pa.Table, list[Job]]]:
    """(spans, jobs) of every `size` traces; all in one when `size` is 0."""
    if not size:
        return [(spans, jobs)]
    out = []
    for i in range(0, len(jobs), size):
        chunk = jobs[i:i + size]
        ids = pa.array([j.trace_id for j in chunk], pa.string())
        out.append((spans.filter(pc.is_in(spans.column("trace_id"), ids)), chunk))
    return out


def measure(spans: pa.Table, rounds: int, chunk: int) -> dict[str, float]:
    """Seconds per part (best of `rounds`) over all spans of `spans`."""
    jobs = _jobs(spans)
    times = _parts(spans, jobs, rounds)  # its results are freed: build_tables runs on a worker's heap
    chunks = _chunks(spans, jobs, chunk)
    run = lambda: [build_tables(s, j, build_trajectory, COMPLETED_AT) for s, j in chunks]  # noqa: E731
    times["build_tables"], _ = _best(run, rounds)
    times["build_tables, gc disabled"], built = _best(run, rounds, collect=False)  # it makes no cycles
    times.update(_store(built if chunk else [build_tables(s, j, build_trajectory, COMPLETED_AT)
                                             for s, j in _chunks(spans, jobs, 500)]))
    return times


def _store(built: list) -> dict[str, float]:
    """CPU seconds of saving built rows chunk by chunk into a DuckDB file, then of checkpointing it."""
    with tempfile.TemporaryDirectory(prefix="tp-assembly-") as workdir:
        con = duckdb.connect(str(Path(workdir) / "traces.duckdb"), config=DEFAULTS.duckdb_config())
        store = TraceStore(con)
        t0 = time.process_time()
        for tables in built:
            con.execute("BEGIN")
            store.save_tables(tables, [])
            con.execute("COMMIT")
        t1 = time.process_time()
        con.execute("CHECKPOINT")
        t2 = time.process_time()
        con.close()
    return {"save_tables + COMMIT": t1 - t0, "CHECKPOINT of those rows": t2 - t1}


def _parts(spans: pa.Table, jobs: list[Job], rounds: int) -> dict[str, float]:
    t_records, records = _best(lambda: records_by_trace(spans), rounds)
    t_build, built = _best(lambda: [build_trajectory(records[j.trace_id], j.version) for j in jobs], rounds)
    items = [Assembled(t, frozenset(r.name for r in records[t.trace_id]), 0, 0) for t in built]
    t_tables, _ = _best(lambda: trajectory_tables(items, COMPLETED_AT), rounds)
    return {"records_by_trace": t_records, "build_trajectory": t_build, "trajectory_tables": t_tables}


def report(console: Console, title: str, spans: int, times: dict[str, float]) -> None:
    table = Table(title=f"{title}: {spans:,} spans")
    for column in ("part", "µs/span", "spans/s"):
        table.add_column(column, justify="left" if column == "part" else "right")
    for part, seconds in times.items():
        us = seconds / spans * 1e6
        style = ("green" if us <= TARGET_US else "red") if part.startswith("build_tables") else None
        table.add_row(part, f"{us:.1f}", f"{spans / seconds:,.0f}" if seconds else "∞", style=style)
    console.print(table)


def profile(console: Console, spans: pa.Table) -> None:
    jobs = _jobs(spans)
    profiler = cProfile.Profile()
    profiler.runcall(build_tables, spans, jobs, build_trajectory, COMPLETED_AT)
    console.print(f"[bold]cProfile of build_tables over {spans.num_rows:,} spans[/bold]")
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=int, default=16, help="ingest benchmark batches of 512 spans")
    parser.add_argument("--fixture-repeats", type=int, default=20, help="copies of every fixture trace (0: none)")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="chat", help="ingest benchmark trace shape")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per part; the best counts")
    parser.add_argument("--chunk", type=int, default=0, help="traces per build_tables call (0: all in one)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile top 30 instead of timing")
    args = parser.parse_args()
    console = Console()
    inputs = {"ingest benchmark traces": bench_spans(args.batches, args.shape)}
    if args.fixture_repeats > 0:
        inputs["framework fixtures"] = fixture_spans(args.fixture_repeats)
    if args.profile:
        profile(console, pa.concat_tables(inputs.values()))
        return
    for title, spans in inputs.items():
        report(console, title, spans.num_rows, measure(spans, args.rounds, args.chunk))


if __name__ == "__main__":
    main()
