"""The README's Kafka recipe, run as written on one host: its three commands with their default
ports, the real SDK exporter sending to the collector's default port, and the CLI's default API
reaching the store process. A clash or a wrong endpoint names the port, the flag and the role."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.otel_traffic import TraceSpec, send
from tracepatrol.harness.process import Process
from tracepatrol.harness.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def recipe() -> list[str]:
    """The `tracepatrol …` lines of the README's "Scale out on Kafka" code block, comments cut."""
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Scale out on Kafka.*?```bash\n(.*?)```", text, re.S).group(1)
    return [line.split("#")[0].strip() for line in block.splitlines() if line.startswith("tracepatrol ")]


def start(line: str, cwd: Path, log: Path, banner: str) -> Process:
    """The line as typed in a shell in `cwd`, with this environment's `tracepatrol` on the PATH."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    return Process(["bash", "-c", f"exec {line}"], log, banner, cwd=cwd, env=env).start()


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "tracepatrol"), *args], cwd=cwd, capture_output=True, text=True, timeout=60)


@pytest.fixture
def ports_free():
    """The recipe uses the default ports; a leftover listener would make this test meaningless."""
    for port in (4317, 4318, 4320, 4321):
        try:
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
        except httpx.TransportError:
            continue
        pytest.fail(f"port {port} is in use on this machine; the README recipe needs the default ports")


def test_the_readme_kafka_recipe_runs_as_written_on_one_host(tmp_path, kafka_bootstrap, chat, ports_free):
    lines = [line.replace("kafka:9092", kafka_bootstrap) for line in recipe()]
    assert [line.split()[1] for line in lines] == ["collect", "ingest", "worker"]
    (tmp_path / "judge.yaml").write_text(json.dumps({"evaluators": {"llm_judge": {"base_url": chat.url,
                                                                                  "model": "judge-1"}}}))
    ready = {"collect": "tracepatrol collecting", "ingest": "tracepatrol ingesting", "worker": "tracepatrol worker"}
    procs = []
    try:
        for line in lines:
            role = line.split()[1]
            procs.append(start(line, tmp_path, tmp_path / f"{role}.log", ready[role]))
        [trace_id] = send("http://127.0.0.1:4318/v1/traces", [TraceSpec(user_id="u-recipe")])

        def listed() -> bool:
            out = cli("traces", "list", "--json", "--user-id", "u-recipe", cwd=tmp_path)
            assert out.returncode == 0, out.stderr
            return trace_id in out.stdout

        wait_for("the trace through the CLI's default API", listed, timeout=60)
        assert httpx.get("http://127.0.0.1:4321/healthz", timeout=5).json() == {"status": "ok", "role": "collect"}
        wrong = cli("traces", "list", "--api", "http://127.0.0.1:4321", cwd=tmp_path)
        assert wrong.returncode == 1 and "is a `tracepatrol collect` process" in wrong.stderr, wrong.stderr
        clash = cli("collect", "--kafka", kafka_bootstrap, "--otlp-http-port", "0", "--otlp-grpc-port", "0",
                    cwd=tmp_path)
        assert clash.returncode == 1, clash.stderr
        assert "port 4321 on 127.0.0.1 is already in use" in clash.stderr and "--api-port" in clash.stderr
    finally:
        for proc in reversed(procs):
            proc.stop()
