"""Time the store writer's span commit per span, as the `spans` table grows, and assembly's read-back.

    .venv/bin/python benchmarks/span_store.py [--shape chat|tools] [--requests 600] [--per-commit 2] [--rate 12800]

`benchmarks/ingest.py`'s requests (512 spans each, fresh trace ids) are rendered with start
times advancing as at `--rate` spans/s, as live traffic's would, and decoded first (not timed).
They are then committed `--per-commit` at a time through `TraceStore.append_spans` (the search
for stored copies and the insert) into a DuckDB file opened with the server's default settings
(memory limit, checkpoint threshold). Process CPU (DuckDB's threads included) and wall time per
span are printed for each fifth of the run, so a cost that grows with the table shows; the same
requests are then sent again, all of them copies, to time the search when it finds everything (new
traces whose start times the store holds nothing of are not searched for: `collector.store.recent`).
The file is then checkpointed (DuckDB compresses what the commits appended; the CPU per span
stored is printed with the file's size). Last, the traces are read back in chunks of `--chunk`
traces as the writer reads them for assembly (`TraceStore.load_span_table`, bounded by their
arrivals), the oldest first.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from collector.decoding.otlp import parse_protobuf, to_batch  # noqa: E402
from collector.store import TraceStore, counts  # noqa: E402
from tracepatrol.harness.load import SHAPES, SPANS_PER_BATCH, Batch  # noqa: E402
from tracepatrol.settings import Settings  # noqa: E402

DEFAULTS = Settings.model_construct()  # the server's defaults, whatever the environment says

FIFTHS = 5


def commits(shape: str, requests: int, per_commit: int, rate: int) -> list[pa.Table]:
    """Decoded commits whose spans started as a sender at `rate` spans/s would have sent them."""
    batch, step = Batch(seed=1, shape=shape), SPANS_PER_BATCH * 10**9 // rate
    first = time.time_ns() - requests * step
    tables = [to_batch(parse_protobuf(batch.render(1, 0, number, now_ns=first + number * step)), time.time_ns()).to_arrow()
              for number in range(requests)]
    return [pa.concat_tables(tables[i:i + per_commit]) for i in range(0, len(tables), per_commit)]


def read_back(tables: list[pa.Table], store: TraceStore, chunk: int) -> tuple[float, float]:
    """(CPU µs/span, wall µs/span) of reading every trace's spans back, `chunk` traces at a time."""
    per_table = max(1, chunk // len(pc.unique(tables[0].column("trace_id"))))
    cpu = wall = 0.0
    spans = 0
    for k in range(0, len(tables), per_table):
        part = pa.concat_tables(tables[k:k + per_table])
        received = part.column("received_ns")
        c0, w0 = time.process_time(), time.perf_counter()
        loaded, _ = store.load_span_table(pc.unique(part.column("trace_id")).to_pylist(),
                                          pc.min(received).as_py(), pc.max(received).as_py())
        cpu, wall = cpu + time.process_time() - c0, wall + time.perf_counter() - w0
        spans += loaded.num_rows
    return cpu / spans * 1e6, wall / spans * 1e6


def run(tables: list[pa.Table], store: TraceStore) -> list[tuple[float, float, int]]:
    """(CPU µs/span, wall µs/span, spans sent by then) for each fifth of the commits."""
    fifths, cpu, wall, spans, done = [], 0.0, 0.0, 0, 0
    step = max(1, len(tables) // FIFTHS)
    for k, table in enumerate(tables, 1):
        c0, w0 = time.process_time(), time.perf_counter()
        store.con.execute("BEGIN")
        store.append_spans(table)
        store.con.execute("COMMIT")
        cpu, wall = cpu + time.process_time() - c0, wall + time.perf_counter() - w0
        spans += table.num_rows
        if k % step == 0 or k == len(tables):
            fifths.append((cpu / (spans - done) * 1e6, wall / (spans - done) * 1e6, spans))
            cpu = wall = 0.0
            done = spans
    return fifths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shape", choices=sorted(SHAPES), default="tools", help="ingest benchmark trace shape [tools]")
    parser.add_argument("--requests", type=int, default=600, help="requests of 512 spans [600]")
    parser.add_argument("--per-commit", type=int, default=2, help="requests per transaction [2]")
    parser.add_argument("--rate", type=int, default=12_800, help="spans/s the start times advance at [12800]")
    parser.add_argument("--chunk", type=int, default=500, help="traces read back at a time, as assembly does [500]")
    args = parser.parse_args()
    tables = commits(args.shape, args.requests, args.per_commit, args.rate)
    with tempfile.TemporaryDirectory(prefix="tp-span-store-") as workdir:
        con = duckdb.connect(str(Path(workdir) / "spans.duckdb"), config=DEFAULTS.duckdb_config())
        store = TraceStore(con)
        new = run(tables, store)
        searched_new = store.searches
        again = run(tables, store)
        c0 = time.process_time()
        con.execute("CHECKPOINT")
        checkpoint_cpu = time.process_time() - c0
        file_mb = os.path.getsize(Path(workdir) / "spans.duckdb") / 2**20
        read_cpu, read_wall = read_back(tables, store, args.chunk)
        in_file = counts(con)["spans"]
        con.close()
    table = Table("spans sent", "new: CPU µs/span", "wall µs/span", "all copies: CPU µs/span", "wall µs/span",
                  title=f"append_spans + COMMIT ({args.shape}): {args.per_commit} × {SPANS_PER_BATCH} spans "
                        f"a transaction, start times at {args.rate:,} spans/s")
    for (cpu, wall, spans), (copy_cpu, copy_wall, _) in zip(new, again):
        table.add_row(f"{spans:,}", f"{cpu:.1f}", f"{wall:.1f}", f"{copy_cpu:.1f}", f"{copy_wall:.1f}")
    console = Console()
    console.print(table)
    console.print(f"spans in the file: {in_file:,} of {2 * new[-1][2]:,} sent (each copy stored once); commits that "
                  f"searched the table for copies: {searched_new} of {len(tables)} new, "
                  f"{store.searches - searched_new} of {len(tables)} copies")
    console.print(f"CHECKPOINT: {checkpoint_cpu / in_file * 1e6:.1f} µs of CPU per span stored; "
                  f"file {file_mb:,.0f} MiB ({file_mb * 2**20 / in_file:,.0f} B/span)")
    console.print(f"read back for assembly, {args.chunk} traces at a time: {read_cpu:.1f} µs of CPU per span "
                  f"({read_wall:.1f} wall)")


if __name__ == "__main__":
    main()
