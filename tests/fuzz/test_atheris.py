"""A short, bounded atheris run over the decoders inside the test suite.

The fuzzer runs in a subprocess (libFuzzer owns its process) from a seed corpus of valid
protobuf and JSON requests; it must finish its runs without a crash. Where the Rust decoder was
not built, the Python decoders are fuzzed alone (in CI, which builds it, that is a failure). The
seed is fixed so a CI run is reproducible; raise FUZZ_RUNS / FUZZ_SECONDS and vary FUZZ_SEED for
a longer local campaign.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.rust_decoder import RUST_MISSING, rust_built

TARGET = Path(__file__).with_name("atheris_decoders.py")
RUNS = int(os.environ.get("FUZZ_RUNS", 100_000))  # ~16 s here, each input through both decoders
SECONDS = int(os.environ.get("FUZZ_SECONDS", 30))
SEED = int(os.environ.get("FUZZ_SEED", 20261130))


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (root, os.environ.get("PYTHONPATH"))))}
    return subprocess.run([sys.executable, str(TARGET), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=SECONDS + 120)


def test_the_decoders_survive_a_bounded_atheris_run(tmp_path):
    rust = rust_built()
    corpus = tmp_path / "corpus"
    assert _run("--seed-corpus", str(corpus), cwd=tmp_path).returncode == 0
    done = _run(f"-seed={SEED}", f"-runs={RUNS}", f"-max_total_time={SECONDS}", f"-artifact_prefix={tmp_path}/", "-print_final_stats=1",
                str(corpus), cwd=tmp_path)
    crashes = list(tmp_path.glob("crash-*")) + list(tmp_path.glob("timeout-*")) + list(tmp_path.glob("oom-*"))
    assert done.returncode == 0 and not crashes, done.stderr[-3000:]
    assert ("decoders fuzzed: Python and Rust" in done.stderr) is rust, done.stderr[:1000]
    runs = int(re.search(r"Done (\d+) runs", done.stderr).group(1))
    assert runs >= min(RUNS, 1000), done.stderr[-1000:]  # it really ran (fewer only if the time bound hit)
    print(f"\natheris (seed {SEED}): {runs} inputs, no crash; corpus grew to {len(list(corpus.iterdir()))} files"
          + ("" if rust else f"; Python decoders only ({RUST_MISSING})"))
