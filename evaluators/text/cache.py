"""Caches for functions of one short text, shared by every evaluator and worker thread.

The same strings (cities, ids, enum members, error messages) recur across calls, trajectories
and evaluators, so each is worked on once. A cache here is keyed by the text itself, never by an
object's identity, and holds immutable answers (strings, tuples, dates): a hit is exactly what
the call would compute, so threads can share it (lru_cache is thread-safe). Long texts are not
cached: a cache of documents would hold gigabytes.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any

SHORT = 256  # longer texts are not cached


def cached_when_short(maxsize: int) -> Callable:
    """lru_cache for a function of one text that leaves long texts uncached."""
    def wrap(func: Callable) -> Callable:
        cached = lru_cache(maxsize=maxsize)(func)

        @wraps(func)
        def call(text: str) -> Any:
            return cached(text) if len(text) <= SHORT else func(text)
        return call
    return wrap
