"""Storage faults: the disk under the DuckDB file fills up for real (a small tmpfs
and a ballast file), or the file may not grow (a file-size limit on the server process). Receivers answer 503 / UNAVAILABLE with a retry hint and log the cause,
acknowledge nothing they did not store, stay up, and take traffic again once space returns."""
from __future__ import annotations

import os
import subprocess

import grpc
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc

from tests.reliability.traffic import AckLog, AgentTrace, build_request, stored_counts
from tracepatrol.harness.process import make_server

PAD = 20_000  # bytes of text per span: each request needs far more than a page of WAL


@pytest.fixture
def small_disk(tmp_path):
    """A 24 MB tmpfs: writes really fail with ENOSPC once it is full. Needs root (CI runs as root)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", str(mnt)],
                              capture_output=True, text=True, timeout=30)
        problem = done.stderr.strip() if done.returncode else None
    except FileNotFoundError as exc:
        problem = str(exc)
    if problem:
        message = f"cannot mount a small tmpfs to fill up ({problem}); this test needs root"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    yield mnt
    subprocess.run(["umount", "-l", str(mnt)], check=False, timeout=30)


def _fill(path) -> int:
    """Write a ballast file until the filesystem refuses; returns its size."""
    size = 0
    with open(path, "wb", buffering=0) as f:
        try:
            while True:
                size += f.write(b"\0" * (1 << 16))
        except OSError as exc:
            assert exc.errno == 28, exc  # ENOSPC
    return size


def test_a_full_disk_answers_503_acknowledges_nothing_unstored_and_recovers(tmp_path, small_disk):
    srv = make_server(tmp_path, "--decision-wait", "0.3")
    srv.db = small_disk / "tp.duckdb"
    (small_disk / "tp.log").symlink_to(tmp_path / "tp.log")  # the log must not need the full disk
    srv.start()
    log = AckLog(srv.otlp_http)
    traces = [AgentTrace() for _ in range(40)]
    try:
        for t in traces[:10]:
            assert log.post(t.spans(3), PAD) == 200
        ballast = small_disk / "ballast"
        _fill(ballast)

        refused = [log.post(t.spans(3), PAD) for t in traces[10:]]
        assert set(refused) == {503}, refused
        assert int(log.last.headers["retry-after"]) > 0 and "No space left on device" in log.last.text
        with grpc.insecure_channel(srv.otlp_grpc) as channel, pytest.raises(grpc.RpcError) as err:
            trace_service_pb2_grpc.TraceServiceStub(channel).Export(build_request(traces[1].spans(1), PAD), timeout=30)
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "retryinfo" in str(dict(err.value.trailing_metadata())).lower()
        assert srv.get("/healthz").status_code == 200 and srv.proc.poll() is None
        assert srv.get("/api/stats").json()["commit_failures"] >= len(refused)
        print(f"\ndisk full: {len(refused)} requests ({len(refused) * 3} spans) answered 503, "
              f"{len(log.acked)} spans acknowledged before")

        ballast.unlink()  # space returns: what was refused goes through on its retry
        log.resend_unacked()
        for t in traces:
            assert log.post(t.spans(1), PAD) == 200
        for t in traces:
            srv.wait_for_trace(t.trace_id.hex())
    finally:
        srv.stop()
    text = (tmp_path / "tp.log").read_text()
    assert "No space left on device" in text and "answered as unavailable" in text
    stored = stored_counts(srv.db)
    assert log.acked <= stored.keys() and max(stored.values()) == 1


def test_a_file_size_cap_makes_the_wal_unwritable_503_then_recovers(tmp_path):
    """Needs no privilege, so it runs everywhere: RLIMIT_FSIZE set on the running server (Python
    ignores SIGXFSZ, so growing a file past the cap fails with EFBIG, as a quota would). Unlike
    the full disk, only the growing WAL is refused: the log (smaller than the cap) still works."""
    import resource

    srv = make_server(tmp_path, "--decision-wait", "0.3").start()
    log = AckLog(srv.otlp_http)
    traces = [AgentTrace() for _ in range(20)]
    try:
        for t in traces[:5]:
            assert log.post(t.spans(3), PAD) == 200
        wal = srv.db.with_name(srv.db.name + ".wal")
        cap = max(wal.stat().st_size, srv.log.stat().st_size) + 4096
        # the soft limit only: raising it back needs no CAP_SYS_RESOURCE
        resource.prlimit(srv.proc.pid, resource.RLIMIT_FSIZE, (cap, resource.RLIM_INFINITY))
        refused = [log.post(t.spans(3), PAD) for t in traces[5:]]
        assert set(refused) == {503}, refused
        assert "File too large" in log.last.text
        assert srv.get("/healthz").status_code == 200 and srv.proc.poll() is None

        resource.prlimit(srv.proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        log.resend_unacked()
        for t in traces:
            srv.wait_for_trace(t.trace_id.hex())
    finally:
        srv.stop()
    stored = stored_counts(srv.db)
    assert log.acked <= stored.keys() and max(stored.values()) == 1
    assert "File too large" in srv.log.read_text()
