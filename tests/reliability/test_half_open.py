"""Half-open connections: under `ulimit -n 1024`, 1,000 connections that send
half a request and go silent turn into refusals, not a dead server; once they close, real
exports resume within 10 s, and the server closes such connections itself at the header timeout."""
from __future__ import annotations

import functools
import resource
import socket
import subprocess
import time

import httpx
import pytest
import yaml
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter

from tests.otel_traffic import TraceSpec, send
from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.process import make_server

HEADER_TIMEOUT_S = 4.0
HALF_HTTP = b"POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Le"
HALF_H2 = b"PRI * HTTP/2.0\r\n"  # half the HTTP/2 preface


def _limit_fds() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("half_open")
    config = tmp / "tp.yaml"
    config.write_text(yaml.safe_dump({"http_header_timeout_s": HEADER_TIMEOUT_S}))
    server = make_server(tmp, "--decision-wait", "0.3", "--config", str(config))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(subprocess, "Popen", functools.partial(subprocess.Popen, preexec_fn=_limit_fds))
        server.start()
    yield server
    server.stop()


def half_open(srv, n: int) -> list[socket.socket]:
    """`n` connections spread over the three ports, each with half a request sent."""
    targets = [(srv.http_port, HALF_HTTP), (srv.api_port, HALF_HTTP.replace(b"/v1/traces", b"/healthz")),
               (srv.grpc_port, HALF_H2)]
    socks = []
    for i in range(n):
        port, half = targets[i % 3]
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        try:
            sock.sendall(half)
        except OSError:  # refused at once (503 and closed): that is allowed
            pass
        socks.append(sock)
    return socks


def export_ok(srv, body: bytes) -> bool:
    try:
        return httpx.post(srv.otlp_http, content=body, timeout=2,
                          headers={"Content-Type": "application/x-protobuf"}).status_code == 200
    except httpx.HTTPError:
        return False


def healthy(srv) -> bool:
    try:
        return httpx.get(srv.api + "/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def grpc_ok(exporter: GrpcExporter) -> bool:
    from opentelemetry.sdk.trace.export import SpanExportResult
    return exporter.export([]) == SpanExportResult.SUCCESS


def test_a_thousand_half_open_connections_then_exports_resume(srv):
    socks = half_open(srv, 1000)
    try:
        assert srv.proc.poll() is None
        start = time.monotonic()
        try:  # while they are open, /healthz answers (200, or 503 from the connection cap) instead of hanging
            status = httpx.get(srv.api + "/healthz", timeout=5).status_code
        except httpx.HTTPError as exc:
            status = repr(exc)
        assert status in (200, 503), status
        print(f"\nwith 1,000 half-open connections /healthz answered {status} in {time.monotonic() - start:.2f} s")
    finally:
        for sock in socks:
            sock.close()
    closed = time.monotonic()
    request, _ = request_with_spans(3)
    body = request.SerializeToString()
    exporter = GrpcExporter(endpoint=srv.otlp_grpc, insecure=True, timeout=2)
    waiting = {"otlp_http": lambda: export_ok(srv, body), "otlp_grpc": lambda: grpc_ok(exporter),
               "healthz": lambda: healthy(srv)}
    resumed = {}
    while waiting and time.monotonic() - closed < 30:
        for name, check in list(waiting.items()):
            if check():
                resumed[name] = time.monotonic() - closed
                del waiting[name]
        time.sleep(0.05)
    exporter.shutdown()
    print(f"resumed after the connections closed: {', '.join(f'{k} {v:.2f} s' for k, v in resumed.items())}")
    assert not waiting, f"still down 30 s after the connections closed: {sorted(waiting)}"
    assert max(resumed.values()) < 10
    # the store writer lived through it: a real SDK export becomes a trajectory
    (trace_id,) = send(srv.otlp_http, [TraceSpec()])
    srv.wait_for_trace(trace_id)


def test_the_server_closes_half_open_connections_at_the_header_timeout(srv):
    socks = half_open(srv, 150)
    opened, open_ = time.monotonic(), set(socks)
    try:
        for sock in socks:
            sock.settimeout(0.05)
        while open_ and time.monotonic() - opened < HEADER_TIMEOUT_S + 5:
            for sock in list(open_):
                try:
                    if sock.recv(4096) == b"":
                        open_.discard(sock)
                except TimeoutError:
                    pass
                except OSError:
                    open_.discard(sock)
        elapsed = time.monotonic() - opened
    finally:
        for sock in socks:
            sock.close()
    print(f"\nthe server closed {len(socks) - len(open_)}/{len(socks)} half-open connections within {elapsed:.1f} s")
    assert not open_, f"{len(open_)} half-open connections still open {HEADER_TIMEOUT_S + 5} s later"
    assert elapsed >= HEADER_TIMEOUT_S - 0.5  # closed by the timeout, not at once
