"""The shape of the code, checked: no import cycle anywhere (function-level imports included),
components only import downwards, and every settings model refuses keys it does not know."""
from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections import defaultdict
from pathlib import Path

import pydantic
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("infra", "collector", "sampler", "evaluators", "scheduler", "tracepatrol")
# What each component may import (besides itself); the shell (tracepatrol) may import them all.
ALLOWED = {
    "infra": set(),
    "collector": {"infra"},
    "sampler": {"infra", "collector"},
    "evaluators": {"infra", "collector"},
    "scheduler": {"infra", "collector", "sampler", "evaluators"},
    "tracepatrol": set(PACKAGES),
}


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def import_graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the project modules it imports, wherever the import statement is."""
    graph: dict[str, set[str]] = defaultdict(set)

    def resolve(name: str) -> str | None:
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name or None

    for name, path in found.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            for target in targets:
                module = resolve(target)
                if module and module != name:
                    graph[name].add(module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in list(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def collapse(graph: dict[str, set[str]], depth: int) -> dict[str, set[str]]:
    """The graph between packages, cut at `depth` dotted parts (1: components, 2: subpackages)."""
    cut = defaultdict(set)
    for source, targets in graph.items():
        for target in targets:
            a, b = ".".join(source.split(".")[:depth]), ".".join(target.split(".")[:depth])
            if a != b:
                cut[a].add(b)
    return cut


def test_cycle_finder_finds_a_planted_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_between_modules():
    assert cycles(import_graph(modules())) == []


@pytest.mark.parametrize("depth", [1, 2])
def test_no_import_cycle_between_packages(depth):
    assert cycles(collapse(import_graph(modules()), depth)) == []


def test_components_import_only_downwards():
    upward = sorted(f"{source} -> {target}" for source, targets in import_graph(modules()).items()
                    for target in targets
                    if target.split(".")[0] != source.split(".")[0]
                    and target.split(".")[0] not in ALLOWED[source.split(".")[0]])
    assert upward == []


def _settings_models() -> list[type[pydantic.BaseModel]]:
    """Every pydantic model a person configures: settings, limits, options, specs, policies."""
    found = []
    for package in PACKAGES:
        for info in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
            if info.name.endswith("__main__"):
                continue
            module = importlib.import_module(info.name)
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if (issubclass(cls, pydantic.BaseModel) and cls.__module__ == info.name
                        and cls.__name__.endswith(("Settings", "Limits", "Options", "Spec", "Policy", "Window",
                                                   "Pattern", "Profile", "File"))):
                    found.append(cls)
    return found


def test_every_settings_model_refuses_unknown_keys():
    models = _settings_models()
    assert len(models) >= 10  # the scan found them
    lenient = sorted(f"{m.__module__}.{m.__name__}" for m in models if m.model_config.get("extra") != "forbid")
    assert lenient == []
