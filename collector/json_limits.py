"""One nesting limit for JSON values taken from senders (tool arguments, results, messages).

Applied the same way at decode, storage, evaluation and in the offline commands, so a value too
deep for one stage never reaches it: whatever lies deeper than `MAX_JSON_DEPTH` is kept as its
JSON text, cut to `MAX_CLIPPED_CHARS`, behind `CLIPPED_MARK`. orjson refuses to write past 254
levels and Python recursion ends near 1,000; 32 is the OTLP attribute limit of the decoder too.
"""
from __future__ import annotations

from typing import Any

import orjson

MAX_JSON_DEPTH = 32
MAX_CLIPPED_CHARS = 2048
CLIPPED_MARK = f"[nested deeper than {MAX_JSON_DEPTH} levels, kept as text] "


def clip(value: Any, limit: int = MAX_JSON_DEPTH) -> Any:
    """`value` unchanged when it nests at most `limit` levels, else a copy with deeper parts as text.

    Recursion stops at `limit`, so any input is safe; most values are returned as they are
    without a copy (the common case costs one walk).
    """
    if not isinstance(value, (dict, list)) or depth_within(value, limit):
        return value
    return _clip(value, limit)


def _clip(value: Any, budget: int) -> Any:
    if isinstance(value, dict):
        if budget <= 0:
            return _as_text(value)
        return {k: _clip(v, budget - 1) for k, v in value.items()}
    if isinstance(value, list):
        if budget <= 0:
            return _as_text(value)
        return [_clip(v, budget - 1) for v in value]
    return value


def depth_within(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether containers nest at most `limit` levels; the walk stops at the limit, so any input is safe."""
    if isinstance(value, dict):
        children = value.values()
    elif isinstance(value, list):
        children = value
    else:
        return True
    if limit <= 0:
        return False
    for child in children:  # a loop, not all() over a generator: this runs once per container of every large value
        if isinstance(child, (dict, list)) and not depth_within(child, limit - 1):
            return False
    return True


def loads(text: str | bytes) -> Any:
    """Parse JSON and clip it; too deep for the parser (orjson stops at 1,024) is clipped text too.

    Raises orjson.JSONDecodeError only for text that is not JSON at all.
    """
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        if not nests_past(text, 1000):
            raise
        return CLIPPED_MARK + _cut(text if isinstance(text, str) else text.decode("utf-8", "replace"))
    return value if _few_brackets(text) else clip(value)


def _few_brackets(text: str | bytes) -> bool:
    """At most `MAX_JSON_DEPTH` opening brackets in the whole text (strings included, so never an
    undercount): nothing can nest deeper, and the walk over the parsed value is skipped. Counting
    runs in C; it spares assembly a Python walk over nearly every argument, result and message."""
    curly, square = ("{", "[") if isinstance(text, str) else (b"{", b"[")
    return text.count(curly) + text.count(square) <= MAX_JSON_DEPTH


def nests_past(text: str | bytes, limit: int) -> bool:
    """Brackets open past `limit` levels before anything else went wrong (past the parser's 1,000: valid but
    too deep; brackets inside double-quoted strings are not counted, inside any other quotes they are)."""
    s = text if isinstance(text, str) else text.decode("utf-8", "replace")
    depth = 0
    in_string = escaped = False
    for ch in s:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _as_text(value: Any) -> str:
    return CLIPPED_MARK + _json_prefix(value, MAX_CLIPPED_CHARS)


class _Raw(str):
    """Punctuation already written as JSON."""


def _json_prefix(value: Any, limit: int) -> str:
    """The first `limit` characters of `value` as JSON, written with a stack (no recursion, no
    depth limit) and stopped as soon as they are written: the rest is never serialised."""
    out: list[str] = []
    size = 0
    stack: list[Any] = [value]
    while stack and size <= limit:
        item = stack.pop()
        if isinstance(item, _Raw):
            piece = item
        elif isinstance(item, dict):
            piece = "{"
            stack.append(_Raw("}"))
            for i, (k, v) in enumerate(reversed(item.items())):
                stack += [v, _Raw(_scalar(str(k)) + ":")] + ([_Raw(",")] if i < len(item) - 1 else [])
        elif isinstance(item, list):
            piece = "["
            stack.append(_Raw("]"))
            for i, v in enumerate(reversed(item)):
                stack += [v] + ([_Raw(",")] if i < len(item) - 1 else [])
        else:
            piece = _scalar(item)
        out.append(piece)
        size += len(piece)
    text = "".join(out)
    return text if not stack and size <= limit else text[:limit] + "…"


def _scalar(value: Any) -> str:
    try:
        return orjson.dumps(value).decode()
    except (orjson.JSONEncodeError, TypeError):  # past 64 bits, or not JSON at all
        return orjson.dumps(str(value)).decode()


def _cut(text: str) -> str:
    return text if len(text) <= MAX_CLIPPED_CHARS else text[:MAX_CLIPPED_CHARS] + "…"
