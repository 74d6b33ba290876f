"""One trajectory as the evaluators of one evaluation read it: clipped once, its text indexed once.

Every rule evaluator needs the trajectory clipped to the nesting limit (evaluators.bounds), and
three of them its normalised text (evaluators.text.index); each costs as much as an evaluator's
own work. The worker makes one `TrajectoryView` per trajectory and hands it to all the
evaluators it runs there through their context (`EvalContext.with_view`), so both are made once
and nothing is cached between trajectories or threads. `before` is here too: it is how the
evaluators read the order of a trajectory's calls.
"""
from __future__ import annotations

from collector.trajectory import ToolCall, Trajectory
from evaluators.bounds import bounded
from evaluators.text.index import TrajectoryText


def before(earlier: ToolCall, later: ToolCall) -> bool:
    """Whether `earlier`'s result could be read when `later` started (by time; by seq without
    timings)."""
    if earlier.end_ns and later.start_ns:
        return earlier.end_ns <= later.start_ns
    return earlier.seq < later.seq


class TrajectoryView:
    """A trajectory as sent, its clipped copy, and the copy's normalised text (made when first read)."""

    __slots__ = ("sent", "trajectory", "_text")

    def __init__(self, trajectory: Trajectory):
        self.sent = trajectory
        self.trajectory = bounded(trajectory)
        self._text: TrajectoryText | None = None

    def shows(self, trajectory: Trajectory) -> bool:
        """Whether this is the view of `trajectory` (as sent, or as clipped)."""
        return trajectory is self.trajectory or trajectory is self.sent

    @property
    def text(self) -> TrajectoryText:
        if self._text is None:
            self._text = TrajectoryText(self.trajectory)
        return self._text
