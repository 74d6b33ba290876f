"""Decides when a trace is complete enough to become a trajectory.

A trace is ready when its root span has arrived and no span has arrived for `decision_wait`,
or `max_trace_wait` after its first span in any case (the tail-sampling processor's rule).
A trace without a root whose every parent has arrived (a parent cycle, a span its own parent)
has nothing left to wait for, so it counts as rooted. Time is a parameter, so the rule is
testable without a clock.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from itertools import repeat

# How many recently assembled traces are remembered, so a late span is known to have a root.
RECENT = 200_000


@dataclass(slots=True)
class Pending:
    first_received_ns: int
    last_received_ns: int
    first_seen_ns: int
    root_seen: bool
    # Until a root arrives: span ids seen and parents not seen among them (None: not tracked,
    # as for a trace restored after a restart, whose earlier spans were not observed).
    ids: set[str] | None = None
    missing: set[str] | None = None
    attempts: int = 0  # failed builds or stores so far (transient errors)
    retry_at_ns: int = 0  # not due before this, after a transient failure

    @property
    def anchored(self) -> bool:
        """A root arrived, or every parent did: only quiet is needed."""
        return self.root_seen or (self.missing is not None and not self.missing)

    def see(self, span_id: str, parent: str | None) -> None:
        if parent is None:
            self.root_seen, self.ids, self.missing = True, None, None
        elif not self.root_seen and self.ids is not None:
            self.ids.add(span_id)
            self.missing.discard(span_id)
            if parent not in self.ids:
                self.missing.add(parent)


class Assembler:
    """In-memory index of traces with spans not yet in a trajectory. Owned by the writer thread."""

    def __init__(self, decision_wait_s: float, max_trace_wait_s: float):
        self.decision_wait_ns = int(decision_wait_s * 1e9)
        self.max_trace_wait_ns = int(max_trace_wait_s * 1e9)
        self.pending: dict[str, Pending] = {}
        self._assembled: OrderedDict[str, int | None] = OrderedDict()  # trace -> its first span's arrival

    def __len__(self) -> int:
        return len(self.pending)

    def oldest_first_seen_ns(self) -> int | None:
        """When the trace waiting longest was first seen: the index's first entry, since traces join
        it in arrival order (one put back after a failed write rejoins at the end). O(1), and safe to
        call from any thread: a change by the writer meanwhile is simply read again."""
        for _ in range(8):
            try:
                return next(iter(self.pending.values())).first_seen_ns
            except StopIteration:
                return None
            except RuntimeError:  # the writer thread changed the index while it was read
                continue
        return None

    def observe(self, trace_ids: Iterable[str], parent_ids: Iterable[str | None], received_ns: Iterable[int],
                span_ids: Iterable[str] | None = None) -> None:
        """Record a committed batch of spans (columns of equal length). Without `span_ids` a trace
        without a root waits for one (or for `max_trace_wait`)."""
        pending, assembled = self.pending, self._assembled
        tracked = span_ids is not None
        for tid, parent, rec, sid in zip(trace_ids, parent_ids, received_ns, span_ids if tracked else repeat("")):
            p = pending.get(tid)
            if p is None:
                p = pending[tid] = Pending(rec, rec, rec, tid in assembled)
                if tracked and not p.root_seen:
                    p.ids, p.missing = set(), set()
            elif rec > p.last_received_ns:
                p.last_received_ns = rec
            if not p.root_seen:
                p.see(sid, parent)

    def first_received(self, trace_ids: Collection[str]) -> int | None:
        """The earliest arrival of a span of these traces that this index knows (pending or
        recently assembled); None when it knows none of them."""
        pending, assembled = self.pending, self._assembled
        found = [p.first_received_ns for t in trace_ids if (p := pending.get(t)) is not None]
        found += [first for t in trace_ids if (first := assembled.get(t)) is not None]
        return min(found, default=None)

    def restore(self, rows: Iterable[tuple[str, int, int, bool]], now_ns: int, assembled: Iterable[str] = (),
                first_received: Mapping[str, int] | None = None) -> None:
        """Rebuild the index after a restart from the store's backlog query, and remember the traces
        that already have a trajectory (oldest first): a late span of theirs needs no new root."""
        self.mark_assembled(assembled, first_received)
        for tid, first, last, root_seen in sorted(rows, key=lambda r: r[1]):  # oldest first, as arrivals join
            self.pending[tid] = Pending(first, last, min(first, now_ns), bool(root_seen))

    def due(self, now_ns: int, limit: int | None = None, exclude: frozenset[str] | set[str] = frozenset()) -> list[tuple[str, Pending]]:
        """Remove and return up to `limit` traces that are ready at `now_ns` (not in `exclude`)."""
        quiet_before = now_ns - self.decision_wait_ns
        give_up_before = now_ns - self.max_trace_wait_ns
        ready = []
        for tid, p in self.pending.items():
            if ((p.anchored and p.last_received_ns <= quiet_before) or p.first_seen_ns <= give_up_before) \
                    and p.retry_at_ns <= now_ns and tid not in exclude:
                ready.append((tid, p))
                if limit is not None and len(ready) >= limit:
                    break
        for tid, _ in ready:
            del self.pending[tid]
        # A span arriving while the trace is being built must not wait for a root it already has.
        anchored = {tid: p.first_received_ns for tid, p in ready if p.anchored}
        self.mark_assembled(anchored, anchored)
        return ready

    def mark_assembled(self, trace_ids: Iterable[str], first_received: Mapping[str, int] | None = None) -> None:
        """Remember traces whose root is stored (being built, or built), with their first span's
        arrival when known: a late span of theirs needs no new root, and its duplicates are
        looked for after that arrival."""
        assembled, firsts = self._assembled, first_received or {}
        for tid in trace_ids:
            known = [f for f in (assembled.get(tid), firsts.get(tid)) if f is not None]
            assembled[tid] = min(known, default=None)
            assembled.move_to_end(tid)
        while len(assembled) > RECENT:
            assembled.popitem(last=False)

    def requeue(self, items: Iterable[tuple[str, Pending]], retry_at_ns: int = 0) -> None:
        """Put back traces whose assembly could not be written, merging with newer arrivals; not
        due again before `retry_at_ns`."""
        for tid, p in items:
            newer = self.pending.get(tid)
            if newer is None:
                self.pending[tid] = p
            else:
                newer.first_received_ns = min(newer.first_received_ns, p.first_received_ns)
                newer.first_seen_ns = min(newer.first_seen_ns, p.first_seen_ns)
                newer.attempts = max(newer.attempts, p.attempts)
                if p.anchored and not newer.anchored:
                    newer.see("", None)
                p = newer
            p.retry_at_ns = retry_at_ns
