"""How one-line reasons name a call and quote a value, the same way in every evaluator.

A reason is read in a table cell, so values are cut short and the call is named by its number,
its tool and the argument at fault: "call 3 search_flights(date='tomorrow')".
"""
from __future__ import annotations

from typing import Any

from evaluators.text.values import Path, path_text


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, the cut shown."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def line(text: str, limit: int) -> str:
    """`text` as one line (whitespace runs as one space), cut to `limit` characters: error
    messages carry newlines and tracebacks."""
    return clip(" ".join(text.split()), limit)


def short(value: Any, limit: int = 40) -> str:
    """repr() cut to `limit` characters, for one-line reasons."""
    return clip(repr(value), limit)


def call_ref(seq: int, name: str, path: Path | str | None = None, value: Any = None) -> str:
    """How reasons name a step: "call 3 search_flights(date='tomorrow')", or "call 3 pay(…)"."""
    where = path if isinstance(path, str) else path_text(path) if path is not None else None
    inside = f"{where}={short(value)}" if where is not None else "…"
    return f"call {seq} {name}({inside})"
