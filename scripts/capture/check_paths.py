"""Fail when a fixture under tests/fixtures/instrumentations names an absolute machine path
(the same pattern as tests/test_no_machine_paths.py, which checks tracked files only)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("nmp", ROOT / "tests" / "test_no_machine_paths.py")
nmp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(nmp)

found = []
for path in sorted((ROOT / "tests" / "fixtures" / "instrumentations").rglob("*")):
    if path.is_file():
        for match in nmp.MACHINE_PATH.finditer(nmp.readable_text(path)):
            found.append(f"{path.relative_to(ROOT)}: {match.group()}")
print("\n".join(found[:40]) if found else "fixtures: no machine paths")
sys.exit(1 if found else 0)
