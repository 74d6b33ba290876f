"""Overload: more load than the server can store, with the memory limiter on.

Sixteen clients in four processes post 512-span agent batches (tracepatrol.harness.load's, as in
benchmarks/ingest.py) back to back, each re-sending a refused batch after its Retry-After, while a
stock OpenTelemetry SDK exporter sends its own traces. The server answers 429 with a retry hint
once its RSS passes the soft limit instead of queueing more; the RSS stays under the configured
ceiling; once the load stops, every span any client was acknowledged for is in the database.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import threading
import time
from collections import Counter

import httpx
import psutil
import yaml
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExportResult

from tests.reliability.traffic import stored_counts
from tracepatrol.harness.load import SPANS_PER_BATCH, Batch
from tracepatrol.harness.process import make_server

# Soft limit 416 MiB, above the ~300-350 MiB this load keeps resident (DuckDB's 96 MB pool included);
# the spike covers the writer's own bursts between two checks (assembly chunks, commits: ~130 MiB).
LIMIT_MIB, SPIKE_MIB = 576, 160
QUEUE_SPANS = 2048  # a quarter of what the clients keep in flight: the queue bound answers 429 too
SECONDS, PROCESSES, THREADS = 5.0, 4, 16


def _pin(pid: int, cpus: set[int]) -> None:
    """Every thread of `pid` (and of its children) onto `cpus`; threads started later inherit it."""
    for proc in (psutil.Process(pid), *psutil.Process(pid).children(recursive=True)):
        for thread in proc.threads():
            os.sched_setaffinity(thread.id, cpus)


def _client(index: int, url: str, ready, tally: Counter) -> None:
    """Fresh batches during the window; a refused one is re-sent after Retry-After (for 60 s at most).

    The window opens when every client has built its payload (`ready`, a barrier): building 64 of
    them takes seconds on one busy core, and a fixed start left late clients no window at all."""
    batch = Batch(seed=index)
    ready.wait(120)
    deadline = time.time() + SECONDS
    with httpx.Client(timeout=60, headers={"Content-Type": "application/x-protobuf"}) as client:
        number = 0
        while time.time() < deadline:
            body, number = batch.render(2, index, number), number + 1
            give_up = time.time() + 60
            while time.time() < give_up:
                in_window = time.time() < deadline
                resp = client.post(url, content=body)
                tally[resp.status_code] += 1
                tally["offered_in_window"] += SPANS_PER_BATCH * in_window
                if resp.status_code == 200:
                    tally["acked_spans"] += SPANS_PER_BATCH
                    tally["acked_in_window"] += SPANS_PER_BATCH * (time.time() < deadline)
                    break
                assert resp.status_code in (429, 503), resp.text
                tally["with_retry_after"] += "retry-after" in resp.headers
                time.sleep(float(resp.headers.get("retry-after", 1)))
            else:
                tally["given_up"] += 1


def _client_process(job: tuple) -> Counter:
    """`THREADS` clients in one process (spawned: the test process has the SDK traffic to make), each
    counting in its own Counter: `tally[k] += 1` is a read and a write, and threads sharing one lost
    counts on a busy machine (176 refusals with Retry-After of 184 counted, every one of which had it)."""
    index, url, ready = job
    tallies = [Counter() for _ in range(THREADS)]
    threads = [threading.Thread(target=_client, args=(index * THREADS + i, url, ready, tally))
               for i, tally in enumerate(tallies)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(tallies, Counter())


class RecordingExporter(OTLPSpanExporter):
    """The stock exporter (its own retries and backoff); remembers which spans it got a 200 for."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.acked: set[tuple[str, str]] = set()
        self.failed = 0

    def export(self, spans):
        result = super().export(spans)
        ids = {(format(s.context.trace_id, "032x"), format(s.context.span_id, "016x")) for s in spans}
        if result is SpanExportResult.SUCCESS:
            self.acked |= ids
        else:
            self.failed += len(ids)
        return result


def _sdk_traffic(endpoint: str, stop: threading.Event) -> RecordingExporter:
    exporter = RecordingExporter(endpoint=endpoint, timeout=30)
    provider = TracerProvider(resource=Resource.create({"service.name": "sdk-under-overload"}))
    provider.add_span_processor(BatchSpanProcessor(exporter, max_queue_size=20_000, max_export_batch_size=256,
                                                   schedule_delay_millis=100))
    tracer = provider.get_tracer("tests.overload")
    while not stop.is_set():
        with tracer.start_as_current_span("invoke_agent sdk", attributes={"gen_ai.operation.name": "invoke_agent",
                                                                          "payload": "y" * 2000}):
            with tracer.start_as_current_span("execute_tool t", attributes={"gen_ai.tool.name": "t"}):
                pass
        time.sleep(0.002)
    provider.shutdown()  # flushes, the exporter retrying refusals
    return exporter


def test_twice_the_load_gets_429_the_rss_stays_under_the_ceiling_and_nothing_acked_is_lost(tmp_path):
    cfg = tmp_path / "limits.yaml"
    cfg.write_text(yaml.safe_dump({"duckdb_memory_limit": "96MB", "collector": {
        "queue_max_spans": QUEUE_SPANS,
        "memory_limiter": {"limit_mib": LIMIT_MIB, "spike_limit_mib": SPIKE_MIB, "check_interval_ms": 20}}}))
    srv = make_server(tmp_path, "--config", str(cfg), "--decision-wait", "0.5").start()
    own_cpus = os.sched_getaffinity(0)
    assert len(own_cpus) >= 2, "the overload test needs two cores: one for the server, one for the clients"
    server_cpu, client_cpu, *_ = sorted(own_cpus)
    _pin(srv.proc.pid, {server_cpu})
    os.sched_setaffinity(0, {client_cpu})  # this thread, hence the SDK thread and the spawned clients
    proc = psutil.Process(srv.proc.pid)
    peak, sampling = [0], threading.Event()

    def sample():
        while not sampling.is_set():
            peak[0] = max(peak[0], proc.memory_info().rss)
            sampling.wait(0.01)

    threading.Thread(target=sample, daemon=True).start()
    stop_sdk, sdk = threading.Event(), {}
    sdk_thread = threading.Thread(target=lambda: sdk.setdefault("exporter", _sdk_traffic(srv.otlp_http, stop_sdk)))
    try:
        sdk_thread.start()
        spawn = mp.get_context("spawn")
        with spawn.Manager() as manager, spawn.Pool(PROCESSES) as pool:
            ready = manager.Barrier(PROCESSES * THREADS)
            tally = sum(pool.map(_client_process, [(i, srv.otlp_http, ready) for i in range(PROCESSES)]), Counter())
        stop_sdk.set()
        sdk_thread.join(120)
        exporter = sdk["exporter"]
        acked = tally["acked_spans"]
        stats = srv.get("/api/stats").json()
    finally:
        stop_sdk.set()
        sampling.set()
        os.sched_setaffinity(0, own_cpus)
        srv.stop()
    throttled = tally[429]
    stored = stored_counts(srv.db)
    sustained, offered = tally["acked_in_window"] / SECONDS, tally["offered_in_window"] / SECONDS
    assert sustained > 0, f"no request was answered inside the {SECONDS:.0f} s window: {dict(tally)}"
    print(f"\noverload: {sum(tally[c] for c in (200, 429, 503))} requests, {throttled} answered 429, "
          f"{tally[503]} 503, {acked / SECONDS:.0f} spans/s acknowledged to the clients ({acked}), "
          f"{tally['given_up']} batches given up, {len(exporter.acked)} SDK spans "
          f"acknowledged ({exporter.failed} refused and given up by the SDK), {sum(stored.values())} stored; peak RSS {peak[0] >> 20} MiB (ceiling {LIMIT_MIB}); "
          f"server throttled {stats['throttled_requests']}; in the {SECONDS:.0f} s window the clients offered "
          f"{offered:.0f} spans/s and the saturated server acknowledged {sustained:.0f} spans/s "
          f"(x{offered / sustained:.1f})")
    # Overloaded whatever the machine's speed this minute: 64 requests in flight against a queue of
    # four batches are refused once it is full. How far past capacity the clients got (x1.6-3.9 so
    # far) is printed, not asserted: it is how fast each core was that minute (docs/reliability.md).
    assert offered > sustained and throttled > 0 and stats["throttled_requests"] >= throttled
    assert tally["with_retry_after"] == throttled + tally[503] and tally["given_up"] == 0
    assert peak[0] < LIMIT_MIB << 20
    assert sum(stored.values()) >= acked + len(exporter.acked)
    # the stock exporter gives a batch up after 6 refusals in a row: how often depends on how far past
    # capacity the clients got that minute, so it is printed; what it was acknowledged is all stored
    assert exporter.acked and exporter.acked <= stored.keys()
    assert max(stored.values()) == 1
