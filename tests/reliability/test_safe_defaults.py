"""Safe defaults: a server with no key listens on loopback only (another address needs
--insecure-no-auth, said at start-up); a key, or the old api_key with its warning, lets it
listen anywhere."""
from __future__ import annotations

import subprocess

from tests.reliability.access_world import make_key
from tracepatrol.harness.ports import free_port
from tracepatrol.harness.process import Process, tracepatrol


def _serve(tmp, *args: str) -> list[str]:
    return tracepatrol("serve", "--db", str(tmp / "tp.duckdb"), "--otlp-http-port", str(free_port()),
                       "--otlp-grpc-port", str(free_port()), "--api-port", str(free_port()), *args)


def test_no_key_refuses_to_listen_beyond_loopback(tmp_path):
    done = subprocess.run(_serve(tmp_path, "--host", "0.0.0.0"), capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "refusing to listen on 0.0.0.0 with no API key" in done.stderr and "--insecure-no-auth" in done.stderr


def test_insecure_no_auth_listens_and_says_so(tmp_path):
    proc = Process(_serve(tmp_path, "--host", "0.0.0.0", "--insecure-no-auth"), tmp_path / "tp.log",
                   "tracepatrol serving").start()
    try:
        assert "WITHOUT authentication (--insecure-no-auth)" in proc.output()
    finally:
        proc.stop()


def test_a_key_lets_it_listen_anywhere(tmp_path):
    make_key(tmp_path / "tp.duckdb", "ops", "admin")
    proc = Process(_serve(tmp_path, "--host", "0.0.0.0"), tmp_path / "tp.log", "tracepatrol serving").start()
    try:
        assert "WITHOUT authentication" not in proc.output()
    finally:
        proc.stop()


def test_the_old_api_key_works_and_names_its_replacement(tmp_path):
    proc = Process(_serve(tmp_path, "--api-key", "old-single-key"), tmp_path / "tp.log", "tracepatrol serving").start()
    try:
        log = proc.output()
        assert "api_key is set" in log and "tracepatrol keys create" in log and "old-single-key" not in log
    finally:
        proc.stop()
