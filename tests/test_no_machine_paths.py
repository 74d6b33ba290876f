"""No tracked file names an absolute path of the machine it was written on.

Captured payloads carry exception stack traces and comments cite documents; either can leak a
developer's home, workspace or temp folder. Binary OTLP captures are decoded first, so a path
inside a protobuf string field is found as surely as one in a source file.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

ROOT = Path(__file__).resolve().parents[1]

# Home folders (Linux, macOS, Windows), root's home, sandbox workspaces, temp folders.
MACHINE_PATH = re.compile(
    r"(?<![\w.])(?:"
    r"/home/[\w.-]+/|/Users/[\w.-]+/|[A-Za-z]:\\\\?Users\\\\?|/root/|"
    r"/work/|/workspace/|/mnt/data/|"
    r"/tmp/[\w.-]+|/var/folders/|/private/var/"
    r")"
)


def tracked_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [ROOT / name for name in out.stdout.decode().split("\0") if name]


def readable_text(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".pb":
        request = ExportTraceServiceRequest()
        request.ParseFromString(data)
        return json_format.MessageToJson(request)
    return data.decode("utf-8", errors="replace")


def test_pattern_catches_what_it_is_for():
    leaks = ["/home/ana/agent.py", "/Users/bo/x", "C:\\Users\\cy\\x", "/root/.cache/x",
             "/work/shared/REFERENCE.md", "/tmp/pytest-of-root/x", "/var/folders/xy/T/a"]
    for leak in leaks:
        assert MACHINE_PATH.search(f'File "{leak}", line 3'), leak
    neutral = ["/srv/agent/gen.py", "tests/fixtures/x.pb", "/v1/traces", "/api/tasks/preview",
               "/dashboard/login", "config/presets/daily-patrol.yaml"]
    for fine in neutral:
        assert not MACHINE_PATH.search(fine), fine


def test_no_tracked_file_names_a_machine_path():
    found = []
    for path in tracked_files():
        if not path.is_file() or path == Path(__file__).resolve():
            continue
        for match in MACHINE_PATH.finditer(readable_text(path)):
            found.append(f"{path.relative_to(ROOT)}: {match.group()}")
    assert not found, "absolute machine paths in tracked files:\n" + "\n".join(found[:40])
