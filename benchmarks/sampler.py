"""Time the seed's four sampling recipes on ten million synthetic trajectories.

    .venv/bin/python benchmarks/sampler.py [--db PATH] [--rows N] [--rebuild]

The database is generated inside DuckDB with `range()` (built once, reused when present) in a
child process, so the RSS figure covers only the selections. Traces are inserted in rough
start-time order, as a live store receives them.
"""
from __future__ import annotations

import argparse
import datetime as dt
import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import duckdb
import psutil
from rich.console import Console
from rich.table import Table

# This file is named like the package it measures; put the repository first so `sampler` is the package.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from collector.store import TraceStore, trajectory_count  # noqa: E402
from sampler.policy import SamplingPolicy  # noqa: E402
from sampler.selection import TimeRange, default_salt, select  # noqa: E402

NOW = dt.datetime(2025, 6, 30)  # the synthetic traffic ends here
DAYS = 30
CHUNK = 1_000_000

# Deterministic uniform (0, 1) and standard normal (Box-Muller) draws from the row number.
_MACROS = """
CREATE OR REPLACE TEMP MACRO u(i, k) AS ((hash(i, k) >> 11)::DOUBLE + 0.5) / 9007199254740992;
CREATE OR REPLACE TEMP MACRO z(i, k) AS sqrt(-2 * ln(u(i, k))) * cos(2 * pi() * u(i, k + 1000));
"""

# One million trajectories' rows at a time, as a relation the store inserts (by column name).
_GENERATE = """
WITH base AS (
    SELECT i,
           $start + to_microseconds((i * $step_us + u(i, 1) * 5e6)::BIGINT) AS start_time,
           exp(7.3 + 0.9 * z(i, 2)) AS duration_ms,
           u(i, 3) < 0.05 AS failed,
           (exp(7.0 + 0.9 * z(i, 4)))::BIGINT AS input_tokens,
           (exp(5.5 + 0.7 * z(i, 5)))::BIGINT AS output_tokens,
           ['travel-agent', 'support-agent', 'coder-agent'][1 + (hash(i, 6) % 3)::INT] AS agent_name,
           (hash(i, 7) % 6)::INT AS tools
    FROM range($lo, $hi) r(i)
)
SELECT md5(i::VARCHAR || ':tracepatrol-bench') AS trace_id, 1 AS version,
       'svc-' || agent_name AS service_name, agent_name,
       CASE WHEN start_time < $start + INTERVAL 10 DAY THEN 'v1.0'
            WHEN u(i, 8) < 0.7 THEN 'v1.1' ELSE 'v2.0' END AS agent_version,
       'invoke_agent ' || agent_name AS root_span_name,
       start_time, start_time + to_microseconds((duration_ms * 1000)::BIGINT) AS end_time, duration_ms,
       CASE WHEN failed THEN 'error' ELSE 'ok' END AS status,
       CASE WHEN failed THEN ['TimeoutError', 'RateLimitError', 'ToolError'][1 + (hash(i, 9) % 3)::INT] END AS error_type,
       'user-' || lpad(floor(u(i, 10) * u(i, 10) * 40)::INT::VARCHAR, 3, '0') AS user_id,
       'sess-' || (i // 4) AS session_id,
       'Please help with request ' || (i % 9973) AS input,
       'Here is the answer to request ' || (i % 9973) AS output,
       input_tokens, output_tokens, input_tokens + output_tokens AS total_tokens,
       exp(6.2 + 0.5 * z(i, 11)) AS first_token_ms,
       1 + tools AS llm_calls, tools AS tool_call_count,
       CASE WHEN failed THEN 1 + (hash(i, 12) % 3)::INT WHEN u(i, 13) < 0.1 THEN 1 ELSE 0 END AS tool_errors,
       2 + 2 * tools AS span_count,
       list_sort(list_distinct(list_select(['search', 'get_weather', 'book_flight', 'query_db', 'send_email'],
                                           [1 + (hash(i, 14) % 5)::INT, 1 + (hash(i, 15) % 5)::INT][1:tools]))) AS tool_names,
       CASE WHEN tools > 0 THEN ['chat', 'execute_tool', 'invoke_agent'] ELSE ['chat', 'invoke_agent'] END AS span_names,
       json_object('gen_ai.agent.name', agent_name, 'deployment.environment', 'prod') AS attributes,
       start_time + to_microseconds((duration_ms * 1000)::BIGINT) + INTERVAL 10 SECOND
           + to_microseconds((u(i, 16) * 2e6)::BIGINT) AS completed_at
FROM base
"""


def build(db: Path, rows: int) -> None:
    """Generate `rows` trajectories over the `DAYS` before `NOW`, a million per statement.

    Written under a temporary name and renamed when complete, so an interrupted build is never reused.
    """
    partial = db.with_name(db.name + ".partial")
    partial.unlink(missing_ok=True)
    con = duckdb.connect(str(partial))
    store = TraceStore(con)
    con.execute("SET enable_progress_bar = false")
    con.execute(_MACROS)
    start = NOW - dt.timedelta(days=DAYS)
    step_us = DAYS * 86_400e6 / rows
    for lo in range(0, rows, CHUNK):
        store.insert_trajectories(con.sql(_GENERATE, params={"start": start, "step_us": step_us, "lo": lo,
                                                             "hi": min(rows, lo + CHUNK)}))
        print(f"  generated {min(rows, lo + CHUNK):,} / {rows:,}", flush=True)
    con.execute("CHECKPOINT")
    con.close()
    partial.rename(db)


def _policy(ratio: float, max_items: int, *filters: dict) -> SamplingPolicy:
    return SamplingPolicy.model_validate({"filters": list(filters), "sampling": {"ratio": ratio, "max_items": max_items}})


RECIPES = [
    ("complaint-triage", TimeRange(column="start_time", start=NOW - dt.timedelta(hours=3), end=NOW),
     _policy(1.0, 100, {"field": "status", "op": "eq", "value": "error"})),
    ("token-audit", TimeRange(column="start_time", start=NOW - dt.timedelta(days=7), end=NOW),
     _policy(1.0, 100, {"field": "tokens", "op": "gt", "value": 8000})),
    ("slow-tasks", TimeRange(column="start_time", start=NOW - dt.timedelta(hours=24), end=NOW),
     _policy(0.2, 100, {"field": "duration_ms", "op": "gt", "value": 5000})),
    ("daily-patrol", TimeRange(column="completed_at", start=NOW - dt.timedelta(days=1), end=NOW),
     _policy(0.05, 50)),
    # Not a seed recipe: the widest window the seed allows, no filter, so every row is hashed.
    ("month-backfill (extra)", TimeRange(column="start_time", start=NOW - dt.timedelta(days=30), end=NOW),
     _policy(0.05, 50)),
]


def _span(window: TimeRange) -> str:
    hours = (window.end - window.start) / dt.timedelta(hours=1)
    return f"{hours:g} h" if hours < 48 else f"{hours / 24:g} d"


class PeakRss:
    """Polls this process's RSS (psutil) in the background; Linux has no peak counter in psutil."""

    def __init__(self, interval: float = 0.005):
        self.proc, self.interval, self.peak = psutil.Process(), interval, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self.proc.memory_info().rss)
            self._stop.wait(self.interval)

    def __enter__(self) -> PeakRss:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self.proc.memory_info().rss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=Path(tempfile.gettempdir()) / "tracepatrol-sampler-bench.duckdb")
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--rebuild", action="store_true", help="regenerate the database even if present")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    console = Console(width=150)

    if args.rebuild:
        args.db.unlink(missing_ok=True)
        args.db.with_suffix(args.db.suffix + ".wal").unlink(missing_ok=True)
    if not args.db.exists():
        console.print(f"building {args.db} with {args.rows:,} trajectories …")
        t0 = time.perf_counter()
        child = multiprocessing.get_context("spawn").Process(target=build, args=(args.db, args.rows))
        child.start()
        child.join()
        if child.exitcode:
            sys.exit(f"build failed (exit {child.exitcode})")
        console.print(f"built in {time.perf_counter() - t0:.0f} s")

    con = duckdb.connect(str(args.db), read_only=True)
    total = trajectory_count(con)
    threads = con.execute("SELECT current_setting('threads')").fetchone()[0]
    table = Table(title=f"sampler selections over {total:,} trajectories ({args.db}, {threads} DuckDB threads)")
    for col in ("recipe", "window", "filter", "ratio / cap", "candidates", "selected", "median s", "runs s"):
        table.add_column(col, justify="right" if col in ("candidates", "selected", "median s") else "left")
    with PeakRss() as rss:
        for name, window, policy in RECIPES:
            times, selection = [], None
            for _ in range(args.runs):
                t0 = time.perf_counter()
                selection = select(con, policy, default_salt(name), window)
                times.append(time.perf_counter() - t0)
            flt = ", ".join(f"{f.field} {f.op} {f.value}" for f in policy.filters) or "none"
            table.add_row(name, f"{window.column}, last {_span(window)}", flt,
                          f"{policy.sampling.ratio:.0%} / {policy.sampling.max_items}",
                          f"{selection.candidates:,}", f"{len(selection.selected)}",
                          f"{statistics.median(times):.3f}", " ".join(f"{t:.3f}" for t in times))
    console.print(table)
    console.print(f"peak RSS during selections: {rss.peak / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
