"""One trajectory as the evaluators of one evaluation read it: read and clipped once, its text indexed once.

Every rule evaluator needs the trajectory clipped to the nesting limit (evaluators.bounds), and
three of them its normalised text (evaluators.text.index); each costs as much as an evaluator's
own work. The worker makes one `TrajectoryView` per trajectory and hands it to all the
evaluators it runs there through their context (`EvalContext.with_view`), so both are made once
and nothing is cached between trajectories or threads. `before` is here too: it is how the
evaluators read the order of a trajectory's calls.

Arguments that are not quite JSON (single quotes, a closing brace cut off, as models write them)
are read the way a reviewer reads them, with json_repair: which tool the agent chose and what it
sent are judged on what it meant, while `arguments_valid_json` stays false and `arguments_raw`
keeps the text, so the parameters evaluator still finds invalid_json.
"""
from __future__ import annotations

import json_repair

from collector.json_limits import MAX_JSON_DEPTH, nests_past
from collector.trajectory import ToolCall, Trajectory
from evaluators.bounds import bounded
from evaluators.text.index import TrajectoryText


def before(earlier: ToolCall, later: ToolCall) -> bool:
    """Whether `earlier`'s result could be read when `later` started (by time; by seq without
    timings)."""
    if earlier.end_ns and later.start_ns:
        return earlier.end_ns <= later.start_ns
    return earlier.seq < later.seq


# Past this many characters, or nested past the one depth limit, arguments that are not JSON stay unread:
# repairing is pure Python and recursive (65,000 opening braces take it seconds, then raise).
_MAX_REPAIRED = 1 << 16


def readable(trajectory: Trajectory) -> Trajectory:
    """`trajectory` itself where every call's arguments were JSON, else a copy with the others read."""
    calls = [_read(c) for c in trajectory.tool_calls]
    if all(a is b for a, b in zip(calls, trajectory.tool_calls)):
        return trajectory
    return trajectory.model_copy(update={"tool_calls": calls})


def _read(call: ToolCall) -> ToolCall:
    raw = call.arguments_raw if call.arguments_raw is not None else call.arguments
    if call.arguments_valid_json or not isinstance(raw, str) or len(raw) > _MAX_REPAIRED \
            or nests_past(raw, MAX_JSON_DEPTH):
        return call
    try:
        read = json_repair.loads(raw)
    except (ValueError, RecursionError):
        return call
    if not isinstance(read, dict) or not read:
        return call
    return call.model_copy(update={"arguments": read, "arguments_raw": raw})


class TrajectoryView:
    """A trajectory as sent, its read and clipped copy, and the copy's normalised text (made when first read)."""

    __slots__ = ("sent", "trajectory", "_text")

    def __init__(self, trajectory: Trajectory):
        self.sent = trajectory
        self.trajectory = bounded(readable(trajectory))
        self._text: TrajectoryText | None = None

    def shows(self, trajectory: Trajectory) -> bool:
        """Whether this is the view of `trajectory` (as sent, or as clipped)."""
        return trajectory is self.trajectory or trajectory is self.sent

    @property
    def text(self) -> TrajectoryText:
        if self._text is None:
            self._text = TrajectoryText(self.trajectory)
        return self._text
