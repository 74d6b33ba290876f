"""What evaluator workers are fed: a `WorkItem` per (task, trace version, run), claimed from a
`WorkSource` (the scheduler's ledger in one process, a Kafka topic when scaled out), and the
`Loader` that turns trace ids into trajectories. Kept apart from the worker so a source needs
neither threads nor the evaluator registry.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from collector.trajectory import Trajectory


@dataclass(frozen=True)
class WorkItem:
    task_id: str
    trace_id: str
    version: int
    run_id: str
    evaluators: tuple[str, ...]
    options: dict[str, dict] = field(default_factory=dict, hash=False, compare=False)
    attempts: int = 1


class WorkSource(Protocol):
    def claim(self, worker: str, limit: int) -> list[WorkItem]:
        """Mark up to `limit` pending items as taken by `worker` and return them."""

    def finish(self, item: WorkItem, ok: bool, reason: str | None) -> None:
        """Record the item's outcome (done, or failed with the reason)."""

    # Optional: `release(items)` gives back claimed items a shutdown left unstarted, uncounted.


class ListSource:
    """The in-memory WorkSource: hands out `items` in order and records what became of them, so a
    worker pool runs without a ledger or a broker."""

    def __init__(self, items: Iterable[WorkItem] = ()):
        self.items = list(items)
        self.finished: list[tuple[WorkItem, bool, str | None]] = []
        self.released: list[WorkItem] = []

    def claim(self, worker: str, limit: int) -> list[WorkItem]:
        taken, self.items = self.items[:limit], self.items[limit:]
        return taken

    def finish(self, item: WorkItem, ok: bool, reason: str | None) -> None:
        self.finished.append((item, ok, reason))

    def release(self, items: list[WorkItem]) -> None:
        self.released += items


Loader = Callable[[Sequence[str]], dict[str, Trajectory]]
