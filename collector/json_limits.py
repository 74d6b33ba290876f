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
    """Whether containers nest at most `limit` levels (an iterative walk: no recursion limit)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= limit:
            return False
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return True


def loads(text: str | bytes) -> Any:
    """Parse JSON and clip it; too deep for the parser (orjson stops at 1,024) is clipped text too.

    Raises orjson.JSONDecodeError only for text that is not JSON at all.
    """
    try:
        return clip(orjson.loads(text))
    except orjson.JSONDecodeError:
        if not _nests_past_parser(text):
            raise
        return CLIPPED_MARK + _cut(text if isinstance(text, str) else text.decode("utf-8", "replace"))


def _nests_past_parser(text: str | bytes) -> bool:
    """Brackets open past 1,000 levels before anything else went wrong: valid but too deep."""
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
            if depth > 1000:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _as_text(value: Any) -> str:
    # Only the first MAX_CLIPPED_CHARS are kept: 200 levels of it is more than they can show,
    # and stays inside what orjson writes (254).
    try:
        text = orjson.dumps(_clip(value, 200), option=orjson.OPT_NON_STR_KEYS).decode()
    except (orjson.JSONEncodeError, TypeError):
        text = str(type(value).__name__)
    return CLIPPED_MARK + _cut(text)


def _cut(text: str) -> str:
    return text if len(text) <= MAX_CLIPPED_CHARS else text[:MAX_CLIPPED_CHARS] + "…"
