"""Kafka scale-out benchmark: what one store writer sustains through Kafka, and evaluation with 1 vs 2 workers.

1. Store writer: `--spans` agent-like spans (tracepatrol.harness.load's traces of 8 spans, ~1.3 KB each)
   are published per trace in the Collector's otlp_proto encoding to a fresh topic first; then
   `tracepatrol ingest` starts on a temporary DuckDB file and is timed until every span is
   committed (and every trajectory assembled), read from /api/stats.
2. Workers: `--items` trajectories are evaluated by `tracepatrol worker` processes with the rule
   evaluators plus an LLM judge answered by a local stub with `--judge-ms` latency (an LLM call is
   what dominates a real evaluation). The same run is timed with one worker, then with two.

Needs the broker: `bash scripts/kafka.sh start`, then

    python benchmarks/kafka.py [--bootstrap 127.0.0.1:19092] [--spans 200000] [--items 200] [--json]
"""
from __future__ import annotations

import argparse
import json
import signal
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from collector.receiving.kafka_encoding import split_by_trace  # noqa: E402
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest  # noqa: E402
from tracepatrol.harness.judge import ChatServer  # noqa: E402
from tracepatrol.harness.kafka import Cluster  # noqa: E402
from tracepatrol.harness.load import SPANS_PER_BATCH, Batch  # noqa: E402
from tracepatrol.harness.waiting import wait_for  # noqa: E402

EVALUATORS = ["tool_selection", "parameters", "trajectory_quality", "llm_judge"]


def cluster(workdir: Path, bootstrap: str, **sections) -> Cluster:
    c = Cluster(workdir, bootstrap, partitions=8, workers=True)
    c.configure(**sections)
    return c


def publish(c: Cluster, spans: int) -> tuple[int, int, float]:
    """Publish `spans` (rounded to whole batches) per trace; returns spans, messages, seconds."""
    batch, messages, n = Batch(), [], 0
    while n < spans:
        request = ExportTraceServiceRequest.FromString(batch.render(0, 0, len(messages)))
        messages += split_by_trace(request, 1_000_000)
        n += SPANS_PER_BATCH
    t0 = time.perf_counter()
    c.produce(messages)
    return n, len(messages), time.perf_counter() - t0


def store_writer(bootstrap: str, spans: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        c = cluster(Path(tmp), bootstrap)
        n, messages, produce_s = publish(c, spans)
        ingest = c.ingest().start()
        t0 = time.perf_counter()
        try:
            wait_for("every span committed", lambda: ingest.stats()["spans"] >= n, timeout=900, every=0.05)
            stored_s = time.perf_counter() - t0
            wait_for("every trajectory", lambda: (s := ingest.stats())["pending_traces"] == 0 and s["traces"],
                     timeout=900, every=0.1)
            assembled_s = time.perf_counter() - t0
            stats = ingest.stats()
        finally:
            ingest.stop()
        return {"spans": n, "messages": messages, "produce_s": round(produce_s, 2),
                "stored_s": round(stored_s, 2), "stored_spans_per_s": round(n / stored_s),
                "assembled_s": round(assembled_s, 2), "traces": stats["traces"],
                "duplicates": stats["duplicate_spans"], "malformed": stats["malformed_messages"]}


def evaluation(bootstrap: str, items: int, judge_ms: int) -> dict:
    report: dict = {"items": items, "evaluators": EVALUATORS, "judge_ms": judge_ms}
    with ChatServer() as chat, tempfile.TemporaryDirectory() as tmp:
        chat.delay_s = judge_ms / 1000
        c = cluster(Path(tmp), bootstrap, evaluators={"llm_judge": {
            "base_url": chat.url, "model": "judge-1", "max_retries": 0, "requests_per_minute": None}})
        publish(c, items * 8)
        ingest = c.ingest().start()
        try:
            wait_for("trajectories", lambda: ingest.stats()["traces"] >= items, timeout=300)
            for n in (1, 2):
                w = c.worker(f"bench-{n}").start()
                wait_for("the group to settle", lambda: f"bench-{n} assigned [" in
                         w.output().replace("assigned []", ""), timeout=60)
                report[f"workers_{n}"] = _timed_run(ingest, f"bench-{n}-workers", items)
        finally:
            c.stop(signal.SIGTERM)
    report["judge_calls"] = len(chat.requests)
    report["speedup_2_vs_1"] = round(report["workers_2"]["items_per_s"] / report["workers_1"]["items_per_s"], 2)
    return report


def _timed_run(ingest, name: str, items: int) -> dict:
    task = {"name": name, "window": {"mode": "backfill", "last": "1d"},
            "sampling": {"ratio": 1.0, "max_items": min(items, 500)}, "evaluators": EVALUATORS}
    t0 = time.perf_counter()
    resp = httpx.post(f"http://127.0.0.1:{ingest.api_port}/api/tasks", json=task, timeout=60)
    resp.raise_for_status()
    run_id = resp.json()["run"]["run_id"]
    run = wait_for("the run", lambda: (r := ingest.get(f"/api/runs/{run_id}").json())["state"] == "done" and r,
                   timeout=900, every=0.05)
    seconds = time.perf_counter() - t0
    done = sum(i["state"] == "done" for i in run["items"])
    return {"items_done": done, "seconds": round(seconds, 2), "items_per_s": round(done / seconds, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bootstrap", default="127.0.0.1:19092")
    parser.add_argument("--spans", type=int, default=200_000, help="spans through the store writer")
    parser.add_argument("--items", type=int, default=200, help="trajectories per evaluation run (at most 500)")
    parser.add_argument("--judge-ms", type=int, default=50, help="latency of the stub LLM judge")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    report = {"store_writer": store_writer(args.bootstrap, args.spans),
              "evaluation": evaluation(args.bootstrap, args.items, args.judge_ms)}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    s, e = report["store_writer"], report["evaluation"]
    print(f"store writer through Kafka: {s['spans']} spans in {s['messages']} messages committed in {s['stored_s']} s "
          f"= {s['stored_spans_per_s']} spans/s; {s['traces']} trajectories assembled after {s['assembled_s']} s")
    for n in (1, 2):
        r = e[f"workers_{n}"]
        print(f"evaluation, {n} worker(s): {r['items_done']} items x {len(EVALUATORS)} evaluators in {r['seconds']} s "
              f"= {r['items_per_s']} items/s (judge latency {e['judge_ms']} ms)")
    print(f"two workers vs one: x{e['speedup_2_vs_1']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
