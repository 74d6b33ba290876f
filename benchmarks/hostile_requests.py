"""Hostile requests against `tracepatrol serve`: what one request of each shape costs the server.

Per shape it prints the bytes on the wire, the decompressed size, the answer, how much the RSS of
the server's whole process tree grew while the request was handled (sampled every 10 ms), how
long the answer took, and what legitimate senders got while the attack ran (the shape sent once a
second for `--window` seconds): two processes export normal 50-span batches at a fixed rate
(`--legit-rate`, 20 a second in all), as an application's exporter sends when its traffic comes,
not as fast as the server answers; printed are the share of their exports acknowledged within
the OTLP exporters' 10 s timeout, and their answer times, during the attack and in the same
seconds just before it (target: >= 95 % of the share before). Attacker, senders and server share
the machine's cores. The shapes are those the decoding findings were probed with: repeated fields
of empty messages (2 bytes on the wire each, a whole struct decoded) and one huge resource or
scope shared by many tiny spans (copied into every span's row, before).

    python benchmarks/hostile_requests.py [--shapes empty-spans,huge-resource] [--size-mib 15]
        [--target http://127.0.0.1:4318/v1/traces --grpc 127.0.0.1:4317 --pid PID]

A shape is a row of `SHAPES`: a name, a function making the (decompressed) body for a size, its
encoding and its transport (HTTP protobuf, gzip or not; HTTP JSON; gRPC). Add one there.
Sizes stay under the server's `collector.max_request_bytes` (16 MiB) so the decoder, not the
size limit, answers. The huge-resource shapes send `--tiny-spans` spans (4,000 by default: a
server that copies the resource into every row builds 2 GiB from them).
"""
from __future__ import annotations

import argparse
import asyncio
import gzip
import multiprocessing as mp
import os
import queue
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import grpc
import httpx
import psutil
from google.protobuf import json_format
from google.rpc import status_pb2
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest, ExportTraceServiceResponse

from tracepatrol.harness.process import ServerProcess

MIB = 1 << 20
HUGE = 512 * 1024
EXPORT = "/opentelemetry.proto.collector.trace.v1.TraceService/Export"


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    """A length-delimited protobuf field."""
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _request(scope_spans: bytes, resource: bytes = b"") -> bytes:
    """ExportTraceServiceRequest { resource_spans { resource, scope_spans } } from wire parts."""
    return _field(1, (_field(1, resource) if resource else b"") + _field(2, scope_spans))


def _span(extra: bytes = b"", trace_id: bytes | None = None) -> bytes:
    """A valid tiny span (a fresh span id, and trace id unless given) with `extra` fields."""
    return _field(2, _field(1, trace_id or os.urandom(16)) + _field(2, os.urandom(8)) + extra)


def _tiny_spans(n: int) -> bytes:
    """`n` tiny spans of one trace."""
    trace_id = os.urandom(16)
    return b"".join(_span(trace_id=trace_id) for _ in range(n))


def _string_attribute(key: str, value: str) -> bytes:
    return _field(1, key.encode()) + _field(2, _field(1, value.encode()))


def empty_spans(size: int, tiny: int) -> bytes:
    return _request(b"\x12\x00" * (size // 2))


def _one_span_with(tag: int) -> Callable[[int, int], bytes]:
    def build(size: int, tiny: int) -> bytes:
        return _request(_span(bytes([tag, 0]) * (size // 2)))
    return build


def _under_resource(value: int) -> Callable[[int, int], bytes]:
    """`tiny` spans of one trace under one resource with a `value`-byte attribute."""
    def build(size: int, tiny: int) -> bytes:
        resource = _field(1, _string_attribute("service.name", "hostile")) + b"".join(  # in 64 KiB values: none is cut
            _field(1, _string_attribute(f"huge{i}", "r" * min(value, 65536))) for i in range(max(1, value // 65536)))
        return _request(_tiny_spans(tiny), resource)
    return build


huge_resource, tiny_spans = _under_resource(HUGE), _under_resource(16)


def huge_scope(size: int, tiny: int) -> bytes:
    return _request(_field(1, _field(1, b"s" * HUGE)) + _tiny_spans(tiny))  # the name is cut to 64 KiB now


def json_empty_objects(size: int, tiny: int) -> bytes:
    n = (size - 40) // 3
    return b'{"resourceSpans":[' + b"{}," * n + b"{}]}"


def json_empty_spans(size: int, tiny: int) -> bytes:
    n = (size - 80) // 3
    return b'{"resourceSpans":[{"scopeSpans":[{"spans":[' + b"{}," * n + b"{}]}]}]}"


@dataclass(frozen=True)
class Shape:
    build: Callable[[int, int], bytes]  # (decompressed size, tiny spans) -> body
    json: bool = False
    transport: str = "http-gzip"  # http, http-gzip or grpc


SHAPES: dict[str, Shape] = {
    "empty-spans": Shape(empty_spans),
    "empty-spans-identity": Shape(empty_spans, transport="http"),
    "empty-spans-grpc": Shape(empty_spans, transport="grpc"),
    "empty-events": Shape(_one_span_with(0x5A)),  # Span.events, field 11
    "empty-events-grpc": Shape(_one_span_with(0x5A), transport="grpc"),
    "empty-links": Shape(_one_span_with(0x6A)),  # Span.links, field 13
    "empty-attributes": Shape(_one_span_with(0x4A)),  # Span.attributes, field 9
    "tiny-spans": Shape(tiny_spans),  # the huge-resource shapes' spans alone: what they cost anyway
    "huge-resource": Shape(huge_resource),
    "huge-resource-grpc": Shape(huge_resource, transport="grpc"),
    "huge-scope": Shape(huge_scope),
    "json-empty-objects": Shape(json_empty_objects, json=True),
    "json-empty-spans": Shape(json_empty_spans, json=True),
}


# -- sending ---------------------------------------------------------------------------------------

@dataclass
class Answer:
    status: str  # "413", "200 (1 rejected)", "RESOURCE_EXHAUSTED" ...
    message: str
    seconds: float


def send(shape: Shape, body: bytes, http_url: str, grpc_target: str, timeout: float = 300) -> Answer:
    started = time.perf_counter()
    if shape.transport == "grpc":
        with grpc.insecure_channel(grpc_target, options=[("grpc.max_send_message_length", 64 * MIB)]) as channel:
            call = channel.unary_unary(EXPORT, request_serializer=None, response_deserializer=None)
            try:
                response = ExportTraceServiceResponse.FromString(call(body, timeout=timeout))
                status, message = _partial("OK", response)
            except grpc.RpcError as exc:
                status, message = exc.code().name, exc.details() or ""
        return Answer(status, message, time.perf_counter() - started)
    headers = {"Content-Type": "application/json" if shape.json else "application/x-protobuf"}
    if shape.transport == "http-gzip":
        headers["Content-Encoding"] = "gzip"
    try:
        resp = httpx.post(http_url, content=body, headers=headers, timeout=timeout)
    except httpx.HTTPError as exc:
        return Answer(type(exc).__name__, str(exc), time.perf_counter() - started)
    if resp.status_code == 200:
        response = (json_format.Parse(resp.content, ExportTraceServiceResponse()) if shape.json
                    else ExportTraceServiceResponse.FromString(resp.content))
        status, message = _partial("200", response)
    else:
        status, message = str(resp.status_code), _status_message(resp, shape.json)
    return Answer(status, message, time.perf_counter() - started)


def _partial(ok: str, response: ExportTraceServiceResponse) -> tuple[str, str]:
    rejected = response.partial_success.rejected_spans
    return (f"{ok} ({rejected} rejected)", response.partial_success.error_message) if rejected else (ok, "")


def _status_message(resp: httpx.Response, as_json: bool) -> str:
    try:
        status = (json_format.Parse(resp.content, status_pb2.Status()) if as_json
                  else status_pb2.Status.FromString(resp.content))
        return status.message
    except Exception:  # not a Status: say what came
        return resp.text[:200]


def wire(shape: Shape, body: bytes) -> bytes:
    return gzip.compress(body, 6) if shape.transport == "http-gzip" else body


# -- legitimate senders (other processes) --------------------------------------------------------

EXPORT_TIMEOUT_S = 10.0  # the OTLP exporters' default timeout: an answer later than this is a lost export


def _normal_batch(spans: int = 50) -> bytes:
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    rs.resource.attributes.add(key="service.name").value.string_value = "legitimate-agent"
    ss = rs.scope_spans.add()
    ss.scope.name = "legit"
    trace_id = os.urandom(16)
    now = time.time_ns()
    for i in range(spans):
        span = ss.spans.add(trace_id=trace_id, span_id=os.urandom(8), name=f"chat {i}", kind=3,
                            start_time_unix_nano=now, end_time_unix_nano=now + 1_000_000)
        span.attributes.add(key="gen_ai.operation.name").value.string_value = "chat"
        span.attributes.add(key="gen_ai.input.messages").value.string_value = "x" * 600
    return req.SerializeToString()


def legitimate_sender(url: str, per_second: float, out: mp.Queue, stop: mp.Event) -> None:
    """Post a normal batch every 1/`per_second` s until `stop`, whatever the answers (an application's
    exporter sends as its traffic comes, not as fast as the server answers), reporting each export
    when sent, as (sent at, None, None), and when answered, as (sent at, the answer: "200", "429",
    "ReadTimeout" ..., seconds)."""
    async def post(client: httpx.AsyncClient, body: bytes) -> None:
        sent = time.monotonic()
        out.put((sent, None, None))
        try:
            answer = str((await client.post(url, content=body)).status_code)
        except httpx.HTTPError as exc:
            answer = type(exc).__name__
        out.put((sent, answer, time.monotonic() - sent))

    async def run() -> None:
        async with httpx.AsyncClient(timeout=EXPORT_TIMEOUT_S + 1, headers={"Content-Type": "application/x-protobuf"},
                                     limits=httpx.Limits(max_connections=64)) as client:
            pending: set[asyncio.Task] = set()
            tick = time.monotonic()
            while not stop.is_set():
                task = asyncio.create_task(post(client, _normal_batch()))
                pending.add(task)
                task.add_done_callback(pending.discard)
                tick += 1 / per_second
                await asyncio.sleep(max(0.0, tick - time.monotonic()))
            await asyncio.gather(*pending)

    asyncio.run(run())


@dataclass
class Acks:
    """Legitimate exports sent in a window: how many, the share acknowledged (200 within the export
    timeout), the answer times, and the other answers."""

    sent: int
    acked: float
    p50_s: float
    p99_s: float
    others: Counter

    def __str__(self) -> str:
        others = ", ".join(f"{n}× {answer}" for answer, n in self.others.most_common())
        return (f"{100 * self.acked:5.1f} % of {self.sent:3} (p50 {self.p50_s:.2f} s, p99 {self.p99_s:.2f} s"
                + (f"; {others}" if others else "") + ")")


class Senders:
    """Processes exporting normal batches at a fixed total rate beside the attack."""

    def __init__(self, url: str, per_second: float, processes: int = 2):
        ctx = mp.get_context("spawn")
        self.out, self.stop = ctx.Queue(), ctx.Event()
        self.sent: list[float] = []
        self.answers: dict[float, tuple[str, float]] = {}
        self.procs = [ctx.Process(target=legitimate_sender, args=(url, per_second / processes, self.out, self.stop),
                                  daemon=True) for _ in range(processes)]
        for proc in self.procs:
            proc.start()

    def window(self, start: float, end: float) -> Acks:
        """The exports sent between `start` and `end` (time.monotonic), once each is answered."""
        give_up = time.monotonic() + EXPORT_TIMEOUT_S + 5
        while True:
            self._drain()
            sent = [t for t in self.sent if start <= t < end]
            if all(t in self.answers for t in sent) or time.monotonic() > give_up:
                break
            time.sleep(0.1)
        answers = [self.answers.get(t, ("no answer", EXPORT_TIMEOUT_S)) for t in sent]
        acked = [answer == "200" and took <= EXPORT_TIMEOUT_S for answer, took in answers]
        took = sorted(a[1] for a in answers) or [0.0]
        return Acks(len(sent), sum(acked) / max(1, len(sent)), took[len(took) // 2],
                    took[min(len(took) - 1, int(len(took) * 0.99))],
                    Counter(a[0] if a[0] != "200" else "200 too late" for a, ok in zip(answers, acked) if not ok))

    def _drain(self) -> None:
        while True:
            try:
                sent, answer, took = self.out.get_nowait()
            except queue.Empty:
                return
            if answer is None:
                self.sent.append(sent)
            else:
                self.answers[sent] = (answer, took)

    def close(self) -> None:
        self.stop.set()
        for proc in self.procs:
            proc.join(EXPORT_TIMEOUT_S + 5)


# -- memory ------------------------------------------------------------------------------------------

def tree_rss(pid: int) -> int:
    """Resident memory of the server and its children (decode and assembly processes)."""
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for proc in procs:
        try:
            total += proc.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total


class PeakRss:
    """The tree's highest RSS while in the `with` block, sampled every `every` seconds."""

    def __init__(self, pid: int, every: float = 0.01):
        self.pid, self.every, self.peak = pid, every, 0
        self._stop = threading.Event()

    def __enter__(self) -> "PeakRss":
        self.peak = tree_rss(self.pid)
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def _sample(self) -> None:
        while not self._stop.wait(self.every):
            self.peak = max(self.peak, tree_rss(self.pid))

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, tree_rss(self.pid))


def settled_rss(pid: int, seconds: float = 1.0) -> int:
    """The tree's RSS once it stops falling (the median of a second of samples)."""
    samples = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        samples.append(tree_rss(pid))
        time.sleep(0.02)
    return sorted(samples)[len(samples) // 2]


# -- the run -----------------------------------------------------------------------------------------

@dataclass
class Result:
    shape: str
    wire_bytes: int
    decompressed_bytes: int
    answer: Answer
    rss_growth: int
    legit: Acks | None  # while the shape was sent
    legit_before: Acks | None  # the seconds just before


def attack(name: str, shape: Shape, size: int, tiny: int, http_url: str, grpc_target: str, pid: int,
           senders: Senders | None, window_s: float) -> Result:
    """The shape's request sent once a second for at least `window_s` (once at least); the
    growth is the highest tree RSS during the first one over the RSS just before."""
    body = shape.build(size, tiny)
    sent = wire(shape, body)
    quiet = time.monotonic()
    time.sleep(window_s)
    started = time.monotonic()
    base = settled_rss(pid, 0.5)
    with PeakRss(pid) as peak:
        answer = send(shape, sent, http_url, grpc_target)
    growth = peak.peak - base
    while time.monotonic() - started < window_s:  # one a second: the finding was what one request costs
        time.sleep(max(0.0, 1.0 - answer.seconds))
        send(shape, sent, http_url, grpc_target)
    ended = time.monotonic()
    before, during = (senders.window(quiet, started), senders.window(started, ended)) if senders else (None, None)
    return Result(name, len(sent), len(body), answer, growth, during, before)


def print_row(r: Result) -> None:
    message = r.answer.message.replace("\n", " ")
    legit = f"{r.legit} | before: {r.legit_before}" if r.legit else "-"
    print(f"{r.shape:22} {r.wire_bytes / 1024:9,.0f} KiB {r.decompressed_bytes / MIB:6.1f} MiB  "
          f"{r.answer.status:18} {r.rss_growth / MIB:8,.0f} MiB {r.answer.seconds:7.2f} s  "
          f"{legit}  {message[:110]}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shapes", default=",".join(SHAPES), help="comma-separated names from SHAPES")
    parser.add_argument("--size-mib", type=float, default=15.0, help="decompressed size of the repeated-field shapes")
    parser.add_argument("--tiny-spans", type=int, default=4000, help="spans sharing the huge resource or scope")
    parser.add_argument("--window", type=float, default=10.0, help="seconds each shape is sent, once a second")
    parser.add_argument("--legit-rate", type=float, default=20.0,
                        help="normal 50-span exports a second from the legitimate senders (all processes)")
    parser.add_argument("--no-senders", action="store_true", help="no legitimate senders beside the attack")
    parser.add_argument("--target", help="an OTLP/HTTP traces URL of a running server (with --grpc and --pid)")
    parser.add_argument("--grpc", help="its OTLP/gRPC host:port")
    parser.add_argument("--pid", type=int, help="its process id (RSS is read from its process tree)")
    args = parser.parse_args(argv)
    server = None
    if args.target:
        http_url, grpc_target, pid = args.target, args.grpc, args.pid
    else:
        workdir = Path(tempfile.mkdtemp(prefix="hostile-requests-"))
        server = ServerProcess(workdir / "tp.duckdb", "--decision-wait", "1").start(timeout=120)
        http_url, grpc_target, pid = server.otlp_http, server.otlp_grpc, server.proc.pid
    senders = None if args.no_senders else Senders(http_url, args.legit_rate)
    try:
        time.sleep(2)
        print(f"{'shape':22} {'on the wire':>13} {'decoded':>10}  {'answer':18} {'RSS growth':>12} {'time':>9}  "
              "legitimate exports acknowledged during the attack | before it", flush=True)
        for name in args.shapes.split(","):
            print_row(attack(name, SHAPES[name], int(args.size_mib * MIB), args.tiny_spans, http_url, grpc_target,
                             pid, senders, args.window))
    finally:
        if senders is not None:
            senders.close()
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
