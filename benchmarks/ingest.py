"""OTLP/HTTP ingest benchmark: how many agent spans per second `tracepatrol serve` stores.

N sender processes post protobuf batches of 512 agent-like spans (~1.3 KB each, GenAI
attributes and message contents, fresh trace ids per batch, every span of a trace in one batch)
for a fixed time, one request in flight each, as a BatchSpanProcessor does. Two shapes:
`chat` (8-span traces: invoke_agent, 4 chats, 3 execute_tools) and `tools` (16-span traces:
invoke_agent, 8 chats, 7 execute_tools with ~200 B arguments and ~400 B results). The server is started here on free ports with a temporary DuckDB file (or `--target`).
Because the server acknowledges only committed spans, acknowledged and stored rates should
agree; the DuckDB file is counted after shutdown to prove nothing acknowledged was lost. The
same payloads are then decoded in this process alone, to show how close the server comes to
the cost of protobuf parsing and of the project's own decode-to-rows step (the Rust decoder the
server uses, and the Python one it matches).

    python benchmarks/ingest.py --seconds 30 --senders 4 --shape tools [--rate SPANS_PER_S] [--json]

Stored spans are not what users get: the end-to-end rate divides the acknowledged spans by the
time from the first send to the last trajectory stored, and the trajectory lag is each trace's
wait from its last span's arrival to its stored trajectory (p50/p99/max, from the DuckDB file).
`--rate` paces the senders to a fixed offer (the lag target is p99 < 10 s at 80 % of capacity).
Besides rates and latencies it reports the peak RSS of the server's whole process tree (the
assembly processes hold as much as the server), its CPU per acknowledged span (the server
process, and its child processes, which build trajectories), and the IngestStats stage timers
(decode, queue wait, DuckDB insert, assembly; wall time) read from /api/stats.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import signal
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tracepatrol.harness.load import SHAPES, SPANS_PER_BATCH, Batch
from tracepatrol.harness.process import ServerProcess

TARGETS = {"stored_spans_per_s": 25_000, "end_to_end_spans_per_s": 25_000, "tree_cpu_us_per_span": 50,
           "lag_p99_s": 10.0, "p99_latency_s": 1.0, "peak_rss_bytes": 1 << 30, "lost_spans": 0}


# -- senders (separate processes) ------------------------------------------------------------------

@dataclass
class SenderResult:
    acked_spans: int = 0
    rejected_spans: int = 0
    requests: int = 0
    throttled: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    started: float = 0.0
    finished: float = 0.0
    last_ack: float = 0.0


def sender(job: tuple[int, int, str, dict, float, float, str, float]) -> dict:
    """Post batches until the deadline, one every `every` seconds (0: as fast as answered); retry
    throttled/unavailable answers after Retry-After."""
    import httpx
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

    index, run, url, headers, start_at, seconds, shape, every = job
    batch, res = Batch(seed=index, shape=shape), SenderResult()
    headers = {**headers, "Content-Type": "application/x-protobuf"}
    with httpx.Client(timeout=120, headers=headers) as client:
        time.sleep(max(0.0, start_at - time.time()))
        res.started = time.time()
        number, next_at = 0, start_at
        while time.time() < start_at + seconds:
            next_at += every
            body, number = batch.render(run, index, number), number + 1
            while True:
                t0 = time.perf_counter()
                try:
                    resp = client.post(url, content=body)
                except httpx.HTTPError as exc:
                    _error(res, f"{type(exc).__name__}: {exc}")
                    time.sleep(1)
                    continue
                res.requests += 1
                res.latencies.append(time.perf_counter() - t0)
                if resp.status_code == 200:
                    rejected = ExportTraceServiceResponse.FromString(resp.content).partial_success.rejected_spans
                    res.acked_spans += SPANS_PER_BATCH - rejected
                    res.rejected_spans += rejected
                    res.last_ack = time.time()
                    break
                if resp.status_code in (429, 502, 503, 504):
                    res.throttled += resp.status_code == 429
                    if resp.status_code != 429:
                        _error(res, f"HTTP {resp.status_code}: {resp.content[:200]!r}")
                    time.sleep(_retry_after(resp.headers.get("retry-after")))
                    continue
                _error(res, f"HTTP {resp.status_code} (not retryable, batch dropped): {resp.content[:200]!r}")
                break
            time.sleep(max(0.0, next_at - time.time()))
    res.finished = time.time()
    return asdict(res)


def _error(res: SenderResult, message: str) -> None:
    res.errors += 1
    if len(res.error_samples) < 5:
        res.error_samples.append(message)


def _retry_after(value: str | None) -> float:
    try:
        return max(0.0, float(value)) if value else 1.0
    except ValueError:
        return 1.0


# -- the server under test -------------------------------------------------------------------------

class ServerUnderTest(ServerProcess):
    """The harness's `tracepatrol serve` (free ports, a temporary DuckDB file) with the RSS and CPU
    of its process tree (the server and every process it started) sampled while it runs."""

    def __init__(self, workdir: Path, decision_wait: float):
        super().__init__(workdir / "bench.duckdb", "--decision-wait", str(decision_wait))
        self.peak_rss = self.peak_tree_rss = 0
        self.cpu_s: dict[int, float] = {}  # pid -> user + system CPU seconds, last sampled
        self._sampling = threading.Event()

    def start(self, timeout: float = 60, attempts: int = 3) -> "ServerUnderTest":
        super().start(timeout, attempts)
        threading.Thread(target=self._sample_rss, daemon=True).start()
        return self

    def _sample_rss(self) -> None:
        import psutil

        proc = psutil.Process(self.proc.pid)
        while not self._sampling.is_set():
            try:
                tree = [proc, *proc.children(recursive=True)]
            except psutil.Error:
                return
            self.peak_rss = max(self.peak_rss, proc.memory_info().rss)
            self.peak_tree_rss = max(self.peak_tree_rss, sum(_rss(p) for p in tree))
            self.cpu_s.update({p.pid: _cpu(p) for p in tree})
            self._sampling.wait(0.2)

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 120) -> int | None:
        self._sampling.set()
        return super().stop(sig, timeout)

    def count_spans_in_file(self) -> int:
        import duckdb

        from collector.store import counts

        with duckdb.connect(str(self.db), read_only=True) as con:
            return counts(con)["spans"]

    def trajectory_lag_s(self) -> dict[str, float]:
        """How long each trace waited, from its last span's arrival to its stored trajectory."""
        import duckdb

        from collector.store import assembly_lag_s

        with duckdb.connect(str(self.db), read_only=True) as con:
            return assembly_lag_s(con)

    def log_problems(self) -> list[str]:
        lines = self.output().splitlines()
        return [ln for ln in lines if any(w in ln for w in ("ERROR", "WARNING", "Traceback", "Error"))]


def _rss(proc) -> int:
    import psutil

    try:
        return proc.memory_info().rss
    except psutil.Error:  # a child that ended between listing and reading
        return 0


def _cpu(proc) -> float:
    import psutil

    try:
        t = proc.cpu_times()
        return t.user + t.system
    except psutil.Error:
        return 0.0


def server_stats(api: str, headers: dict) -> dict:
    import httpx

    return httpx.get(api + "/api/stats", headers=headers, timeout=30).json()


def stored_spans(api: str, headers: dict) -> int:
    return server_stats(api, headers)["spans"]


def wait_until_assembled(api: str, headers: dict, timeout: float = 600) -> tuple[int, float]:
    """Poll until no trace waits for assembly; (trajectories stored, seconds waited)."""
    t0 = time.time()
    stats = server_stats(api, headers)
    while stats["pending_traces"] and time.time() - t0 < timeout:
        time.sleep(0.2)
        stats = server_stats(api, headers)
    return stats["traces"], time.time() - t0


def wait_until_stored(api: str, headers: dict, expected: int, timeout: float = 300) -> tuple[int, float]:
    """Poll /api/stats until `expected` spans are stored; (last count, seconds waited)."""
    t0 = time.time()
    count = stored_spans(api, headers)
    while count < expected and time.time() - t0 < timeout:
        time.sleep(0.1)
        count = stored_spans(api, headers)
    return count, time.time() - t0


# -- decode ceilings (one process, same payloads) --------------------------------------------------

def decode_rates(bodies: list[bytes], seconds: float = 3.0) -> dict[str, float]:
    """Spans/s for protobuf parsing alone (upb, into Python messages), for the server's
    decode-to-Arrow path (`decode_protobuf`: Rust when it is built) and for the Python reference decoder it
    matches (`to_batch`: OTLP/JSON, redaction, Kafka)."""
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    from collector.decoding.otlp import decode_protobuf, parse_protobuf, to_batch

    def rate(work) -> float:
        spans, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            for body in bodies:
                spans += work(body)
        return spans / (time.perf_counter() - t0)

    def parse(body: bytes) -> int:
        return len(ExportTraceServiceRequest.FromString(body).resource_spans[0].scope_spans[0].spans)

    def decode(body: bytes) -> int:
        return len(decode_protobuf(body, time.time_ns()))

    def python_decode(body: bytes) -> int:
        return to_batch(parse_protobuf(body), time.time_ns()).to_arrow().num_rows

    return {"protobuf_parse_spans_per_s": rate(parse), "decode_to_rows_spans_per_s": rate(decode),
            "python_decode_to_rows_spans_per_s": rate(python_decode)}


# -- the run ---------------------------------------------------------------------------------------

def run(args: argparse.Namespace) -> dict:
    headers = {"Authorization": f"Bearer {args.api_key}"} if args.api_key else {}
    sample = Batch(seed=99, shape=args.shape)
    report: dict = {"shape": args.shape, "senders": args.senders, "seconds": args.seconds, "offered_rate": args.rate,
                    "decision_wait_s": args.decision_wait,
                    "spans_per_batch": SPANS_PER_BATCH, "load_average": os.getloadavg(),
                    "avg_span_bytes": round(len(sample.render(1, 0, 0)) / SPANS_PER_BATCH)}
    if args.target:
        _load(args.target, args.api, headers, args, report)
    else:
        with tempfile.TemporaryDirectory(prefix="tp-bench-") as workdir:
            server = ServerUnderTest(Path(workdir), args.decision_wait)
            try:
                server.start()
                _load(server.otlp_http, server.api, headers, args, report)
            finally:
                report["server_exit_code"] = server.stop()
            in_file = server.count_spans_in_file()
            tree_cpu, server_cpu = sum(server.cpu_s.values()), server.cpu_s.get(server.proc.pid, 0.0)
            per_span = 1e6 / max(1, report["acked_spans"])
            report.update(peak_rss_bytes=server.peak_tree_rss, server_process_peak_rss_bytes=server.peak_rss,
                          spans_in_duckdb_file=in_file, server_tree_cpu_s=round(tree_cpu, 1),
                          server_process_cpu_s=round(server_cpu, 1),
                          tree_cpu_us_per_span=round(tree_cpu * per_span, 1),
                          server_process_cpu_us_per_span=round(server_cpu * per_span, 1),
                          children_cpu_us_per_span=round((tree_cpu - server_cpu) * per_span, 1),
                          trajectory_lag_s=server.trajectory_lag_s(),
                          lost_spans=report["acked_spans"] - in_file, server_log_problems=server.log_problems()[:10])
    _decode_figures(report, [sample.render(2, i, 0) for i in range(4)])
    return report


def _load(url: str, api: str | None, headers: dict, args: argparse.Namespace, report: dict) -> None:
    """Send for the configured time, then wait until the server has stored all it acknowledged."""
    before = server_stats(api, headers) if api else {}
    baseline = before.get("spans", 0)
    results = _send(url, headers, args)
    _summarize_senders(report, results)
    if api:
        count, waited = wait_until_stored(api, headers, baseline + report["acked_spans"])
        span_time = max(r["last_ack"] for r in results) - min(r["started"] for r in results) + waited
        report.update(stored_spans=count - baseline, stored_wait_s=round(waited, 3),
                      stored_spans_per_s=round((count - baseline) / span_time))
        traces, assembled_wait = wait_until_assembled(api, headers)
        until_assembled = time.time() - min(r["started"] for r in results)
        report.update(trajectories=traces, assembled_wait_s=round(assembled_wait + waited, 2),
                      end_to_end_spans_per_s=round(report["acked_spans"] / until_assembled),
                      stage_seconds=_stage_seconds(before, server_stats(api, headers)))


def _stage_seconds(before: dict, after: dict) -> dict[str, float]:
    """Seconds the server spent in each stage during the run (IngestStats' `*_ns` timers)."""
    return {k.removesuffix("_ns"): round((after[k] - before.get(k, 0)) / 1e9, 2)
            for k in after if k.endswith("_ns")}


def _decode_figures(report: dict, bodies: list[bytes]) -> None:
    report.update({k: round(v) for k, v in decode_rates(bodies).items()})
    if "stored_spans_per_s" in report:
        for key in ("protobuf_parse_spans_per_s", "decode_to_rows_spans_per_s"):
            ratio = report["stored_spans_per_s"] / report[key]
            report[f"stored_over_{key.removesuffix('_spans_per_s')}"] = round(ratio, 3)


def _send(url: str, headers: dict, args: argparse.Namespace) -> list[dict]:
    run_id = int.from_bytes(os.urandom(4), "big") or 1
    start_at = time.time() + 3.0  # after the sender processes have started and built their batches
    every = SPANS_PER_BATCH * args.senders / args.rate if args.rate else 0.0
    jobs = [(i, run_id, url, headers, start_at, args.seconds, args.shape, every) for i in range(args.senders)]
    with mp.get_context("spawn").Pool(args.senders) as pool:
        return pool.map(sender, jobs)


def _summarize_senders(report: dict, results: list[dict]) -> None:
    latencies = sorted(x for r in results for x in r["latencies"])
    elapsed = max(r["finished"] for r in results) - min(r["started"] for r in results)
    acked = sum(r["acked_spans"] for r in results)
    report.update(
        acked_spans=acked, acked_spans_per_s=round(acked / elapsed), send_elapsed_s=round(elapsed, 2),
        requests=sum(r["requests"] for r in results), rejected_spans=sum(r["rejected_spans"] for r in results),
        throttled_requests=sum(r["throttled"] for r in results), errors=sum(r["errors"] for r in results),
        error_samples=[e for r in results for e in r["error_samples"]][:5],
        p50_latency_s=round(_quantile(latencies, 0.50), 4), p99_latency_s=round(_quantile(latencies, 0.99), 4),
    )


def _quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def print_table(report: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    def mark(ok: bool) -> str:
        return "[green]✓[/green]" if ok else "[red]✗[/red]"

    r = report
    table = Table("figure", "value", "target", "", title=(
        f"tracepatrol ingest ({r['shape']}): {r['senders']} senders × {r['seconds']:g}s, "
        f"{r['spans_per_batch']}-span batches, ~{r['avg_span_bytes']} B/span, "
        f"load average {' '.join(f'{x:.2f}' for x in r['load_average'])}"))
    table.add_row("acknowledged spans/s", f"{r['acked_spans_per_s']:,}", "", "")
    if "stored_spans_per_s" in r:
        table.add_row("stored spans/s", f"{r['stored_spans_per_s']:,}", f"≥ {TARGETS['stored_spans_per_s']:,}",
                      mark(r["stored_spans_per_s"] >= TARGETS["stored_spans_per_s"]))
        table.add_row("time until all acknowledged are stored", f"{r['stored_wait_s']:.2f} s", "", "")
        table.add_row("trajectories assembled / time after the load until the last one",
                      f"{r['trajectories']:,} / {r['assembled_wait_s']:.1f} s", "", "")
        table.add_row("end to end spans/s (acknowledged ÷ time until the last trajectory)",
                      f"{r['end_to_end_spans_per_s']:,}", f"≥ {TARGETS['end_to_end_spans_per_s']:,}",
                      mark(r["end_to_end_spans_per_s"] >= TARGETS["end_to_end_spans_per_s"]))
    table.add_row("export latency p50", f"{r['p50_latency_s'] * 1000:.0f} ms", "", "")
    table.add_row("export latency p99", f"{r['p99_latency_s'] * 1000:.0f} ms", "< 1 s",
                  mark(r["p99_latency_s"] < TARGETS["p99_latency_s"]))
    if "peak_rss_bytes" in r:
        table.add_row("server process tree peak RSS", f"{r['peak_rss_bytes'] / 2**20:,.0f} MiB", "< 1 GiB",
                      mark(r["peak_rss_bytes"] < TARGETS["peak_rss_bytes"]))
        table.add_row("  of which the server process", f"{r['server_process_peak_rss_bytes'] / 2**20:,.0f} MiB", "", "")
        table.add_row("server process tree CPU", f"{r['server_tree_cpu_s']:.1f} s", "", "")
        table.add_row("  of which the server process", f"{r['server_process_cpu_s']:.1f} s", "", "")
        table.add_row("tree CPU per acknowledged span", f"{r['tree_cpu_us_per_span']:.0f} µs", "≤ 50 µs",
                      mark(r["tree_cpu_us_per_span"] <= TARGETS["tree_cpu_us_per_span"]))
        table.add_row("  server process (receive, decode, store)", f"{r['server_process_cpu_us_per_span']:.0f} µs", "", "")
        table.add_row("  its child processes (trajectory assembly)", f"{r['children_cpu_us_per_span']:.0f} µs", "", "")
        lag = r["trajectory_lag_s"]
        table.add_row(f"trajectory lag p50 / p99 / max (last span received → trajectory stored; "
                      f"includes the {r['decision_wait_s']:g} s decision wait)",
                      f"{lag['p50']:.1f} / {lag['p99']:.1f} / {lag['max']:.1f} s", "p99 < 10 s at 80 % load",
                      mark(lag["p99"] < TARGETS["lag_p99_s"]) if r["offered_rate"] else "")
        table.add_row("acknowledged / in DuckDB file", f"{r['acked_spans']:,} / {r['spans_in_duckdb_file']:,}", "", "")
        table.add_row("lost spans", f"{r['lost_spans']:,}", "= 0", mark(r["lost_spans"] == 0))
    for stage, seconds in r.get("stage_seconds", {}).items():
        table.add_row(f"stage time: {stage.replace('_', ' ')}", f"{seconds:.1f} s", "", "")
    table.add_row("requests / throttled (429) / errors",
                  f"{r['requests']:,} / {r['throttled_requests']:,} / {r['errors']:,}", "", "")
    table.add_row("protobuf parse alone (1 process)", f"{r['protobuf_parse_spans_per_s']:,} spans/s", "", "")
    table.add_row("decode to Arrow rows alone (1 process)", f"{r['decode_to_rows_spans_per_s']:,} spans/s", "", "")
    table.add_row("  the Python decoder alone", f"{r['python_decode_to_rows_spans_per_s']:,} spans/s", "", "")
    if "stored_over_protobuf_parse" in r:
        table.add_row("stored / protobuf parse", f"{r['stored_over_protobuf_parse']:.2f}", "", "")
        table.add_row("stored / decode to rows", f"{r['stored_over_decode_to_rows']:.2f}", "", "")
    console = Console()
    console.print(table)
    for line in r.get("error_samples", []) + r.get("server_log_problems", []):
        console.print(f"[yellow]![/yellow] {line}", highlight=False, markup=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="sending time [30]")
    parser.add_argument("--senders", type=int, default=4, help="sender processes, each one export in flight [4]")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="chat",
                        help="chat: 8-span traces; tools: 16-span traces, 7 tool calls each [chat]")
    parser.add_argument("--rate", type=float, default=0.0,
                        help="offer this many spans/s in all, paced (the lag target is for 80 %% of capacity); "
                             "default: each sender sends as fast as it is answered")
    parser.add_argument("--decision-wait", type=float, default=1.0,
                        help="the started server's collector.decision_wait: quiet awaited after a trace's root [1]")
    parser.add_argument("--target", help="OTLP/HTTP URL of a running server (default: start one here)")
    parser.add_argument("--api", help="REST API URL of the --target server, for the stored-span figures")
    parser.add_argument("--api-key", help="Bearer key of the --target server")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    return 0 if report.get("lost_spans", 0) == 0 and report["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
