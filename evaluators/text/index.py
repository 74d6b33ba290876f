"""One trajectory's texts, normalised once for every evaluator that reads them.

grounding, safety and trajectory_quality all ask of the same trajectory whether an argument value
occurs in the user's input or in a tool result, and compare calls' arguments; normalising and
indexing those texts is most of their work. A `TrajectoryText` is built once per evaluation of a
trajectory (`evaluators.trajectory_view` carries it to the evaluators) and memoises its lookups.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from collector.trajectory import ToolCall, Trajectory
from evaluators.text.cache import SHORT
from evaluators.text.given import context_values, history_texts
from evaluators.text.haystack import Haystack, Segments
from evaluators.text.norm import norm, value_norm
from evaluators.text.terms import anchors
from evaluators.text.values import Path, canonical_json, leaves, path_text, value_texts

# An id as written without spaces: letters and four digits or more.
_ID = re.compile(r"(?=[a-z0-9]*[a-z])(?=(?:[a-z]*\d){4})[a-z0-9]{5,40}")


class Argument(NamedTuple):
    """One scalar argument value: where it sits, as sent, normalised, and what must be found of it:
    the whole value, or any informative part when it is composite (free text, an expression)."""

    path: Path
    where: str  # the path as text
    value: Any
    text: str
    units: tuple[str, ...]

    @staticmethod
    def of(path: Path, value: Any) -> Argument | None:
        """The argument, or None when nothing of it survives normalisation. Cached: agents send
        the same values (cities, ids, enum members) under the same names again and again."""
        if type(value) is str and len(value) > SHORT:
            return _make_argument(path, "str", value)
        return _argument(path, type(value).__name__, value)


def _make_argument(path: Path, _kind: str, value: Any) -> Argument | None:
    """`_kind` (the type's name) is only part of the cache key: it keeps 1, 1.0 and True apart."""
    text = value_norm(value)
    if not text:
        return None
    parts = anchors(value, text) if isinstance(value, str) else ()
    return Argument(path, path_text(path), value, text, (text, *parts))


# Both caches are keyed by content (path and value; the arguments' JSON) and hold immutable
# Arguments, so a hit is what building would give and threads may share them: a dict's get, set
# and clear are atomic, and an entry lost to a concurrent clear is only built again.
_argument = lru_cache(maxsize=1 << 16)(_make_argument)
_ARGUMENTS: dict[bytes, tuple[Argument, ...]] = {}


def _arguments(key: bytes, arguments: Any) -> tuple[Argument, ...]:
    """A call's argument values (bools and nulls are no values), remembered by the arguments' JSON:
    retries, loops and popular requests send the very same arguments again."""
    found = _ARGUMENTS.get(key)
    if found is None:
        found = tuple(a for path, value in leaves(arguments) if value is not None and type(value) is not bool
                      and (a := Argument.of(path, value)) is not None)
        if len(key) <= SHORT:
            if len(_ARGUMENTS) >= 1 << 14:
                _ARGUMENTS.clear()
            _ARGUMENTS[key] = found
    return found


def canonical_arguments(call: ToolCall) -> bytes:
    """A call's arguments as JSON with sorted keys (the raw text when not JSON): equal for
    identical calls."""
    if not call.arguments_valid_json:
        return str(call.arguments_raw or call.arguments).encode()
    return canonical_json(call.arguments)


class TrajectoryText:
    """The user input, each call's argument values and each call's result, normalised once."""

    __slots__ = ("trajectory", "user", "results", "arguments", "keys", "_in_user", "_holders", "_history", "_context",
                 "_known")

    def __init__(self, trajectory: Trajectory):
        self.trajectory = trajectory
        self.user = Haystack([norm(trajectory.input)] if trajectory.input else [])
        self.results = Segments(value_texts(c.result) for c in trajectory.tool_calls)
        self.keys = [canonical_arguments(c) for c in trajectory.tool_calls]
        # None where the arguments are not recorded or could not be read (evaluators.trajectory_view reads JSON
        # that is not quite JSON, a cut-off or single-quoted object)
        self.arguments: list[tuple[Argument, ...] | None] = [
            _arguments(key, c.arguments) if c.arguments is not None and (c.arguments_valid_json or type(c.arguments) is dict)
            else None for c, key in zip(trajectory.tool_calls, self.keys)]
        self._in_user: dict[str, bool] = {}
        self._holders: dict[str, set[int]] = {}
        self._history: Haystack | None = None
        self._context: frozenset[str] | None = None
        self._known: Haystack | None = None

    @property
    def history(self) -> Haystack:
        """Every value of the earlier turns: messages, the calls made then and their results."""
        if self._history is None:
            self._history = Haystack(history_texts(self.trajectory))
        return self._history

    @property
    def context(self) -> frozenset[str]:
        """The normalised values of the trace's context (`given.context_values`)."""
        if self._context is None:
            self._context = context_values(self.trajectory)
        return self._context

    @property
    def known(self) -> Haystack:
        """What the agent had before any call besides the request: earlier turns and context."""
        if self._known is None:
            self._known = Haystack([*history_texts(self.trajectory), *self.context])
        return self._known

    def in_user(self, unit: str) -> bool:
        """Whether the user's input holds `unit` (normalised) whole."""
        found = self._in_user.get(unit)
        if found is None:
            found = self._in_user[unit] = self.user.has(unit)
        return found

    def holders(self, unit: str) -> set[int]:
        """Indices of the calls whose results hold `unit` (normalised) whole."""
        found = self._holders.get(unit)
        if found is None:
            found = self._holders[unit] = self.results.holding(unit)
        return found

    def holders_in_any_grouping(self, unit: str) -> set[int]:
        """`holders`, and for an id (letters and four digits or more) also the calls whose results write it
        in groups of their own ('OH 148 98' for OH14898): where a value came from, not whether it was invented."""
        found = self.holders(unit)
        return found | self.results.holding_regrouped(unit) if _ID.fullmatch(unit) else found
