"""Task presets (config/presets/*.yaml) and `key=value` overrides applied to any task document.

A preset is named, never a path: only names of files directly in the presets folder are
accepted, so `/etc/x` or `../../x` cannot load (or echo) any other YAML file.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from scheduler import safe_yaml

PRESET_DIR = Path(__file__).resolve().parent.parent / "config" / "presets"
PRESET_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?$")


class PresetError(ValueError):
    pass


def preset_names(directory: Path = PRESET_DIR) -> list[str]:
    """Files directly in the folder (links pointing elsewhere are not presets)."""
    inside = directory.resolve()
    return sorted(p.stem for p in directory.glob("*.yaml")
                  if PRESET_NAME.match(p.stem) and p.is_file() and p.resolve().parent == inside)


def load_preset(name: str, directory: Path = PRESET_DIR) -> dict[str, Any]:
    """The preset's task document; an unknown name is refused with the known ones."""
    known = preset_names(directory)
    if not PRESET_NAME.match(name):  # not echoed: it may be a path, or long
        raise PresetError(f"a preset is a name of a-z, 0-9, '-' and '_', not a path; one of: {', '.join(known)}")
    if name not in known:
        raise PresetError(f"unknown preset {name!r}; valid: {', '.join(known)}")
    doc = safe_yaml.load((directory / f"{name}.yaml").read_text())
    if not isinstance(doc, dict):
        raise PresetError(f"preset {name!r} is not a task document (a mapping)")
    return doc


def apply_overrides(doc: dict[str, Any], assignments: list[str]) -> dict[str, Any]:
    """Apply `a.b[1].c=value` assignments; values are YAML (`0.1`, `[a, b]`, `{field: x}`).

    An index equal to a list's length appends, so presets can gain filters.
    """
    for assignment in assignments:
        path, sep, raw = assignment.partition("=")
        if not sep or not path.strip():
            raise PresetError(f"--set {assignment!r}: expected key=value, e.g. sampling.ratio=0.1")
        try:
            value = safe_yaml.load(raw)
        except safe_yaml.YAMLRefused as exc:
            raise PresetError(f"--set {path}: value {exc}") from None
        _assign(doc, path.strip().split("."), value, assignment)
    return doc


def _assign(node: Any, steps: list[str], value: Any, assignment: str) -> None:
    for i, step in enumerate(steps):
        match = _STEP.match(step)
        if not match:
            raise PresetError(f"--set {assignment!r}: {step!r} is not a key or key[index]")
        key, index = match[1], match[2]
        last = i == len(steps) - 1
        if not isinstance(node, dict):
            raise PresetError(f"--set {assignment!r}: {key!r} is inside a value that is not a mapping")
        if index is None:
            if last:
                node[key] = value
                return
            node = node.setdefault(key, {})
            continue
        items = node.setdefault(key, [])
        idx = int(index)
        if not isinstance(items, list) or idx > len(items):
            raise PresetError(f"--set {assignment!r}: {key}[{idx}] is past the end of a list of {len(items)}")
        if idx == len(items):
            items.append({} if not last else value)
        if last:
            items[idx] = value
            return
        node = items[idx]
