"""Nothing that starts a process or a listener slips into the fast run: a test module that starts one
itself is marked integration by tests/conftest.py's table (or its directory), and a shared fixture
that starts one is in the fixture table (or uses a fixture that is)."""
from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import DIRECTORY_MARKS, FIXTURE_MARKS, MODULE_MARKS, TESTS, marks_of

# What starts a process or listens: the harness, the standard library's ways, the project's servers.
STARTERS = {"subprocess", "Popen", "multiprocessing", "ProcessPoolExecutor", "Process", "ServerProcess", "make_server",
            "EmbeddedServer", "TracepatrolServer", "Cluster", "ChatServer", "HTTPServer", "ThreadingHTTPServer",
            "serve_forever", "start_server", "uvicorn", "sync_playwright"}
REGISTERED = {"integration", "kafka", "browser", "fuzz", "perf"}


def _names(node: ast.AST) -> Iterator[str]:
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            yield n.id
        elif isinstance(n, ast.Attribute):
            yield n.attr
        elif isinstance(n, ast.alias):
            yield n.name.rpartition(".")[2]


def _is_fixture(node: ast.AST) -> bool:
    return any("fixture" in set(_names(d)) for d in getattr(node, "decorator_list", ()))


def _definitions(tree: ast.Module) -> list[ast.FunctionDef | ast.ClassDef]:
    return [n for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)]


TREES = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(TESTS.rglob("*.py"))}


def _module(path: Path) -> str:
    return ".".join(path.relative_to(TESTS.parent).with_suffix("").parts)


def _imports(tree: ast.Module) -> Iterator[tuple[str, str]]:
    """(module, name) of every `from tests… import name` anywhere in the module."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests"):
            yield from ((node.module, alias.name) for alias in node.names)


@functools.cache
def helpers() -> dict[str, frozenset[str]]:
    """Module -> its helpers that start a process: functions and classes (not fixtures, not tests)
    naming one of STARTERS or another module's helper it imports; to a fixpoint."""
    candidates = {_module(path): [(d.name, set(_names(d))) for d in _definitions(tree)
                                  if not d.name.startswith("test_") and not _is_fixture(d)]
                  for path, tree in TREES.items()}
    imports = {_module(path): list(_imports(tree)) for path, tree in TREES.items()}
    found: dict[str, set[str]] = {module: set() for module in candidates}
    grew = True
    while grew:
        grew = False
        for module, defs in candidates.items():
            tainted = STARTERS | found[module] | {n for m, n in imports[module] if n in found.get(m, ())}
            for name, named in defs:
                if name not in found[module] and tainted & named:
                    found[module].add(name)
                    grew = True
    return {module: frozenset(names) for module, names in found.items()}


def starts_processes(tree: ast.Module, found: dict[str, set[str]]) -> bool:
    """Whether the module names one of STARTERS or imports a helper that starts a process."""
    return bool(STARTERS & set(_names(tree))) or any(name in found.get(module, ()) for module, name in _imports(tree))


def test_every_module_that_starts_a_process_is_marked_integration():
    found = helpers()
    unmarked = [path.relative_to(TESTS).as_posix() for path, tree in TREES.items()
                if path.name.startswith("test_") and starts_processes(tree, found)
                and "integration" not in marks_of(path)]
    assert not unmarked, f"add these to MODULE_MARKS in tests/conftest.py (they start processes): {unmarked}"


def test_every_shared_fixture_that_starts_a_process_is_marked():
    found = helpers()
    unmarked = []
    for path, tree in TREES.items():
        if path.name.startswith("test_"):
            continue  # a test module's own fixtures are covered by the module's marks
        tainted = STARTERS | found[_module(path)] | {n for m, n in _imports(tree) if n in found.get(m, ())}
        for fixture in filter(_is_fixture, _definitions(tree)):
            params = {a.arg for a in fixture.args.args}
            if tainted & set(_names(fixture)) and not any(
                    "integration" in FIXTURE_MARKS.get(name, ()) for name in params | {fixture.name}):
                unmarked.append(f"{path.relative_to(TESTS)}::{fixture.name}")
    assert not unmarked, f"add these to FIXTURE_MARKS in tests/conftest.py (they start processes): {unmarked}"


def test_the_tables_name_existing_modules_and_registered_markers(pytestconfig):
    assert [m for m in MODULE_MARKS if not (TESTS / m).is_file()] == []
    assert [d for d in DIRECTORY_MARKS if not (TESTS / d).is_dir()] == []
    used = {mark for table in (MODULE_MARKS, DIRECTORY_MARKS, FIXTURE_MARKS) for marks in table.values() for mark in marks}
    declared = {line.split(":")[0].strip() for line in pytestconfig.getini("markers")}
    assert used == REGISTERED <= declared


@pytest.mark.parametrize("source,expected", [
    ("import subprocess\ndef test_x():\n    subprocess.run(['true'])\n", True),
    ("from tracepatrol.harness.process import make_server\n", True),
    ("from tests.dashboard.traffic import start_loaded\n", True),  # a helper that starts a server
    ("from tests.otel_traffic import send\n", False),
    ("def test_x(server):\n    assert server.get('/healthz')\n", False),  # marked through the fixture
])
def test_the_scan_sees_a_process_started_in_a_test_module(source, expected):
    assert starts_processes(ast.parse(source), helpers()) is expected
