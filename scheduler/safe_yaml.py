"""YAML written by users (task files, presets, `--set` values), refused before it can blow up.

`yaml.safe_load` expands `*alias` references, so a few hundred bytes of aliases to aliases (a
"billion laughs") become gigabytes, and its composer recurses once per nesting level. Task
documents need neither, so aliases are refused, as are deep nesting and large texts.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

MAX_YAML_CHARS = 1024 * 1024
MAX_YAML_DEPTH = 32


class YAMLRefused(ValueError):
    """The text is not YAML, or is YAML a task document never needs; the message says which."""


class _Loader(yaml.SafeLoader):
    """SafeLoader that refuses aliases and nesting past `MAX_YAML_DEPTH` while composing."""

    _depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise YAMLRefused(f"line {mark.line + 1}: aliases (*name) are not allowed in task documents")
        self._depth += 1
        try:
            if self._depth > MAX_YAML_DEPTH:
                mark = self.peek_event().start_mark
                raise YAMLRefused(f"line {mark.line + 1}: nests deeper than {MAX_YAML_DEPTH} levels")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def load(text: str) -> Any:
    """One YAML (or JSON) document; raises YAMLRefused with a message for the user."""
    if len(text) > MAX_YAML_CHARS:
        raise YAMLRefused(f"is {len(text):,} characters long; at most {MAX_YAML_CHARS:,} are allowed")
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise YAMLRefused(f"is not valid YAML/JSON: {exc}") from None


def load_file(path: Path) -> Any:
    """`load` of a file, reading no more than the limit (and saying why it cannot be read)."""
    try:
        with path.open(encoding="utf-8", errors="replace") as f:
            text = f.read(MAX_YAML_CHARS + 1)
    except OSError as exc:
        raise YAMLRefused(f"cannot be read: {exc.strerror}") from None
    return load(text)
