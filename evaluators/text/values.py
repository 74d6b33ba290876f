"""The scalar values inside a parsed JSON value, and JSON written so that equal values are equal bytes.

Arguments and results are JSON of any shape; the evaluators judge their leaves (a city, an id, a
date) wherever they sit, name them by path in reasons, and compare whole values (identical
calls, schemas) by their canonical JSON.
"""
from __future__ import annotations

import json
import re
from typing import Any

import orjson

from evaluators.text.norm import value_norm

Path = tuple[str | int, ...]
_CONTAINERS = frozenset({dict, list, tuple})


def named_numbers(value: Any, name: "re.Pattern[str]") -> list[tuple[str, int | float]]:
    """(key, number) of each number inside `value` under a key `name` finds: what a result gives in
    fields named for it (a discount_pct, a running_time_min), wherever they sit."""
    found = []
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, item in node.items():
                if isinstance(item, (dict, list)):
                    stack.append(item)
                elif isinstance(key, str) and type(item) in (int, float) and name.search(key):
                    found.append((key, item))
        elif isinstance(node, list):
            stack += [v for v in node if isinstance(v, (dict, list))]
    return found


def leaves(value: Any, path: Path = ()) -> list[tuple[Path, Any]]:
    """(path, scalar) for every scalar inside a parsed JSON value, dict keys excluded."""
    out: list[tuple[Path, Any]] = []
    _collect(value, path, out)
    return out


def _collect(value: Any, path: Path, out: list) -> None:
    kind = type(value)
    items = value.items() if kind is dict else enumerate(value) if kind is list or kind is tuple else None
    if items is None:
        out.append((path, value))
        return
    for key, item in items:
        if type(item) in _CONTAINERS:
            _collect(item, (*path, key), out)
        else:
            out.append(((*path, key), item))


def scalars(value: Any) -> list[Any]:
    """Every scalar inside a parsed JSON value (no paths: the fast form)."""
    kind = type(value)
    if kind is dict:
        value = value.values()
    elif kind is not list and kind is not tuple:
        return [value]
    out: list[Any] = []
    for item in value:
        if type(item) in _CONTAINERS:
            out += scalars(item)
        else:
            out.append(item)
    return out


def keys_and_strings(value: Any) -> tuple[list[str], list[str]]:
    """The dict keys and the string scalars inside a (possibly JSON-string) value, walked without
    recursion: results nest as deep as senders like."""
    keys: list[str] = []
    strings: list[str] = []
    stack = [parsed(value)]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            keys += [k for k in item if type(k) is str]
            stack.extend(item.values())
        elif type(item) is list:
            stack.extend(item)
        elif type(item) is str:
            strings.append(item)
    return keys, strings


def parsed(value: Any) -> Any:
    """A tool result as JSON when it is a JSON string, else unchanged."""
    if isinstance(value, str) and value[:1] in ("{", "["):
        try:
            return orjson.loads(value)
        except orjson.JSONDecodeError:
            return value
    return value


def value_texts(value: Any) -> list[str]:
    """The normalised text of every non-empty scalar inside a (possibly JSON-string) value."""
    texts = [value_norm(leaf) for leaf in scalars(parsed(value)) if leaf is not None]
    return [t for t in texts if t]


def path_text(path: Path) -> str:
    """("passengers", 0, "name") -> "passengers[0].name"."""
    if len(path) == 1 and isinstance(path[0], str):
        return path[0]
    return ".".join(p if isinstance(p, str) else f"[{p}]" for p in path).replace(".[", "[") or "value"


def canonical_json(value: Any) -> bytes:
    """`value` as JSON with sorted keys: equal for equal values."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # an integer beyond 64 bits, say
        return json.dumps(value, sort_keys=True, default=str).encode()
