"""Decides when a trace is complete enough to become a trajectory.

A trace is ready when its root span has arrived and no span has arrived for `decision_wait`,
or `max_trace_wait` after its first span in any case (the tail-sampling processor's rule).
Time is a parameter, so the rule is testable without a clock.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

# How many recently assembled traces are remembered, so a late span is known to have a root.
RECENT = 200_000


@dataclass(slots=True)
class Pending:
    first_received_ns: int
    last_received_ns: int
    first_seen_ns: int
    root_seen: bool


class Assembler:
    """In-memory index of traces with spans not yet in a trajectory. Owned by the writer thread."""

    def __init__(self, decision_wait_s: float, max_trace_wait_s: float):
        self.decision_wait_ns = int(decision_wait_s * 1e9)
        self.max_trace_wait_ns = int(max_trace_wait_s * 1e9)
        self.pending: dict[str, Pending] = {}
        self._assembled: OrderedDict[str, None] = OrderedDict()

    def __len__(self) -> int:
        return len(self.pending)

    def observe(self, trace_ids: Iterable[str], parent_ids: Iterable[str | None], received_ns: Iterable[int]) -> None:
        """Record a committed batch of spans (columns of equal length)."""
        pending, assembled = self.pending, self._assembled
        for tid, parent, rec in zip(trace_ids, parent_ids, received_ns):
            p = pending.get(tid)
            if p is None:
                pending[tid] = Pending(rec, rec, rec, parent is None or tid in assembled)
                continue
            if rec > p.last_received_ns:
                p.last_received_ns = rec
            if parent is None:
                p.root_seen = True

    def restore(self, rows: Iterable[tuple[str, int, int, bool]], now_ns: int, assembled: Iterable[str] = ()) -> None:
        """Rebuild the index after a restart from the store's backlog query, and remember the traces
        that already have a trajectory (oldest first): a late span of theirs needs no new root."""
        self.mark_assembled(assembled)
        for tid, first, last, root_seen in rows:
            self.pending[tid] = Pending(first, last, min(first, now_ns), bool(root_seen))

    def due(self, now_ns: int, limit: int | None = None, exclude: frozenset[str] | set[str] = frozenset()) -> list[tuple[str, Pending]]:
        """Remove and return up to `limit` traces that are ready at `now_ns` (not in `exclude`)."""
        quiet_before = now_ns - self.decision_wait_ns
        give_up_before = now_ns - self.max_trace_wait_ns
        ready = []
        for tid, p in self.pending.items():
            if ((p.root_seen and p.last_received_ns <= quiet_before) or p.first_seen_ns <= give_up_before) \
                    and tid not in exclude:
                ready.append((tid, p))
                if limit is not None and len(ready) >= limit:
                    break
        for tid, _ in ready:
            del self.pending[tid]
        # A span arriving while the trace is being built must not wait for a root it already has.
        self.mark_assembled(tid for tid, p in ready if p.root_seen)
        return ready

    def mark_assembled(self, trace_ids: Iterable[str]) -> None:
        """Remember traces whose root is stored (being built, or built): a late span of theirs needs
        no new root."""
        assembled = self._assembled
        for tid in trace_ids:
            assembled[tid] = None
            assembled.move_to_end(tid)
        while len(assembled) > RECENT:
            assembled.popitem(last=False)

    def requeue(self, items: Iterable[tuple[str, Pending]]) -> None:
        """Put back traces whose assembly could not be written, merging with newer arrivals."""
        for tid, p in items:
            newer = self.pending.get(tid)
            if newer is None:
                self.pending[tid] = p
            else:
                newer.first_received_ns = min(newer.first_received_ns, p.first_received_ns)
                newer.first_seen_ns = min(newer.first_seen_ns, p.first_seen_ns)
                newer.root_seen = newer.root_seen or p.root_seen
