"""Refuse before work: on every port a request without the key is refused from
its headers, before its body is read; bodies over a limit are refused from Content-Length or cut
off while streaming. Sixty-MiB bodies leave the server's memory (its whole process tree) alone."""
from __future__ import annotations

import socket
import threading
import time

import duckdb
import grpc
import httpx
import psutil
import pytest
from fastapi.testclient import TestClient

from collector.queue.ingest import IngestQueue, IngestStats
from tests.otlp_payloads import request_with_spans
from tracepatrol.app import build_api
from tracepatrol.harness.process import make_server

KEY = "refuse-early-key"
MIB = 1024 * 1024
BIG = b"{" * (60 * MIB)  # also malformed JSON: a body is never parsed before the key is checked
EXPORT = "/opentelemetry.proto.collector.trace.v1.TraceService/Export"


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    server = make_server(tmp_path_factory.mktemp("refuse"), "--decision-wait", "0.3", api_key=KEY).start()
    yield server
    server.stop()


def rss_mib(pid: int) -> float:
    """Resident memory of the server and its children (assembly processes)."""
    procs = [psutil.Process(pid), *psutil.Process(pid).children(recursive=True)]
    return sum(p.memory_info().rss for p in procs) / MIB


def head_only(port: int, request: bytes) -> bytes:
    """Send headers announcing 60 MiB and no body: the answer must come anyway."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer.partition(b"\r\n\r\n")[2]) < _length(answer):
            chunk = sock.recv(4096)
            assert chunk, f"closed after {answer!r}"
            answer += chunk
        return answer


def _length(answer: bytes) -> int:
    for line in answer.partition(b"\r\n\r\n")[0].split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    return 0


def _post(url: str, **kwargs) -> httpx.Response:
    return httpx.post(url, content=BIG, timeout=60, **kwargs)


def test_the_answer_comes_before_the_body(srv):
    announce = f"Content-Length: {60 * MIB}\r\nContent-Type: application/json\r\n\r\n"
    api = head_only(srv.api_port, f"POST /api/tasks HTTP/1.1\r\nHost: x\r\n{announce}".encode())
    assert api.startswith(b"HTTP/1.1 401") and b"missing or invalid API key" in api
    login = head_only(srv.api_port, f"POST /dashboard/login HTTP/1.1\r\nHost: x\r\n{announce}".encode())
    assert login.startswith(b"HTTP/1.1 413") and b"4096-byte limit" in login
    keyed = head_only(srv.api_port, f"POST /api/tasks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {KEY}\r\n{announce}".encode())
    assert keyed.startswith(b"HTTP/1.1 413") and b"1048576-byte limit" in keyed
    otlp = head_only(srv.http_port, f"POST /v1/traces HTTP/1.1\r\nHost: x\r\n{announce}".encode())
    assert otlp.startswith(b"HTTP/1.1 401")
    over = announce.replace(str(60 * MIB), str(65 * MIB))  # past the default 64 MiB OTLP limit
    otlp_keyed = head_only(srv.http_port, f"POST /v1/traces HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {KEY}\r\n{over}".encode())
    assert otlp_keyed.startswith(b"HTTP/1.1 413") and b"limit" in otlp_keyed


def test_malformed_json_without_the_key_is_401(srv):
    for path in ("/api/tasks", "/api/tasks/preview", "/api/traces/x/annotations"):
        resp = httpx.post(srv.api + path, content=b"{not json", headers={"Content-Type": "application/json"}, timeout=10)
        assert resp.status_code == 401 and resp.headers["www-authenticate"] == "Bearer", (path, resp.text)


@pytest.mark.parametrize("port", ["api", "otlp_http", "otlp_grpc"])
def test_unauthenticated_60_mib_bodies_leave_memory_alone(srv, port):
    before = rss_mib(srv.proc.pid)
    peak = [before]
    done = threading.Event()

    def watch():
        while not done.wait(0.05):
            peak[0] = max(peak[0], rss_mib(srv.proc.pid))

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        if port == "otlp_grpc":
            codes = _grpc_unauthenticated(srv, 8)
            assert codes == [grpc.StatusCode.UNAUTHENTICATED] * 8
        else:
            paths = (["/api/tasks", "/api/annotations/import?format=csv", "/openapi.json"] if port == "api"
                     else ["/v1/traces"] * 3)
            base = srv.api if port == "api" else f"http://127.0.0.1:{srv.http_port}"
            results: list[int] = []
            threads = [threading.Thread(target=lambda p=p: results.append(_post(
                base + p, headers={"Content-Type": "application/json"}).status_code)) for p in paths]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert results == [401] * len(paths)
    finally:
        done.set()
        watcher.join()
    growth = peak[0] - before
    print(f"\n{port}: RSS {before:.0f} MiB, peak +{growth:.1f} MiB")
    assert growth < 100, f"{port}: RSS grew {growth:.0f} MiB for unauthenticated bodies"


def _grpc_unauthenticated(srv, n: int) -> list[grpc.StatusCode]:
    """`n` concurrent 60 MiB Export calls without the key."""
    with grpc.insecure_channel(srv.otlp_grpc, options=[("grpc.max_send_message_length", -1)]) as channel:
        export = channel.unary_unary(EXPORT)
        calls = [export.future(BIG, timeout=60) for _ in range(n)]
        codes = []
        for call in calls:
            with pytest.raises(grpc.RpcError) as info:
                call.result()
            codes.append(info.value.code())
        return codes


def test_grpc_with_the_key_still_exports(srv):
    request, _ = request_with_spans(2)
    with grpc.insecure_channel(srv.otlp_grpc) as channel:
        export = channel.unary_unary(EXPORT)
        assert export(request.SerializeToString(), metadata=[("authorization", f"Bearer {KEY}")], timeout=30) == b""
        with pytest.raises(grpc.RpcError) as info:
            export(request.SerializeToString(), metadata=[("authorization", "Bearer wrong")], timeout=30)
        assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED and "API key" in info.value.details()


def test_a_chunked_body_is_cut_off_at_the_limit(srv):
    sent = [0]

    def chunks():
        for _ in range(60):  # 60 MiB, no Content-Length
            sent[0] += MIB
            yield b" " * MIB

    headers = {**srv.headers(), "Content-Type": "application/json"}
    try:
        resp = httpx.post(srv.api + "/api/tasks/preview", content=chunks(), headers=headers, timeout=60)
    except httpx.HTTPError:  # the server may stop reading before the client stops writing
        resp = None
    if resp is not None:
        assert resp.status_code == 413 and "1048576-byte limit" in resp.json()["detail"]


def test_unauthenticated_uploads_do_not_delay_otlp_acknowledgements(srv):
    """Three unauthenticated 60 MiB uploads to the API, and OTLP exports still acknowledge at once."""
    uploads = [threading.Thread(target=_post, args=(srv.api + "/api/tasks",)) for _ in range(3)]
    request, _ = request_with_spans(1)
    body, slowest = request.SerializeToString(), 0.0
    for t in uploads:
        t.start()
    try:
        with httpx.Client(headers={**srv.headers(), "Content-Type": "application/x-protobuf"}, timeout=30) as client:
            while any(t.is_alive() for t in uploads):
                start = time.monotonic()
                assert client.post(srv.otlp_http, content=body).status_code == 200
                slowest = max(slowest, time.monotonic() - start)
    finally:
        for t in uploads:
            t.join()
    print(f"\nslowest OTLP acknowledgement during the uploads: {slowest:.2f} s")
    assert slowest < 2.5


def test_healthz_is_503_with_the_reason_while_the_writer_is_dead():
    """The API's wiring: whatever the store writer reports as its failure makes /healthz 503."""
    class DeadWriter(list):
        failure = "store writer thread died: OSError: [Errno 24] Too many open files"

    with duckdb.connect() as con:
        app = build_api(con, IngestStats(), IngestQueue(max_spans=10), DeadWriter(), api_key=KEY)
        with TestClient(app) as client:
            resp = client.get("/healthz")
    assert resp.status_code == 503
    assert resp.json() == {"status": "unavailable", "reason": DeadWriter.failure, "role": "serve"}
