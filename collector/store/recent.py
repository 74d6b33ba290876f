"""The traces whose spans started lately, as the store writer has stored them: so that a batch of
new traces, nearly all of live traffic, is known to have no stored copies without a query."""
from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence

WINDOW_NS = 60 * 10**9  # start times kept; an older batch (a late retry, a replay) is searched in the table
FUTURE_NS = 10 * 60 * 10**9  # starts past now + this are not kept: they raise the horizon instead
MAX_TRACES = 100_000  # past this the older half is let go (~15 MiB at most)


class RecentStarts:
    """Every trace with a stored span that started at or after `horizon`, with its latest start.

    The horizon starts past every start time in the table and only moves forward; each commit
    adds its traces, and a trace is let go only once the horizon has passed its latest start. So
    a batch that starts at or after the horizon, with none of its traces here, cannot be a copy
    of anything stored. A sender whose clock runs far ahead moves the horizon with it: batches
    are then searched in the table, as they all were before, until the clock catches up.
    """

    def __init__(self, latest_stored_start_ns: int | None, clock: Callable[[], int] = time.time_ns):
        self.horizon = 0 if latest_stored_start_ns is None else latest_stored_start_ns + 1
        self.clock = clock
        self._latest: dict[str, int] = {}
        self._next_trim = 0

    def __len__(self) -> int:
        return len(self._latest)

    def has_none_of(self, trace_ids: Collection[str], earliest_start_ns: int) -> bool:
        """Whether no stored span of these traces can have started at or after `earliest_start_ns`."""
        return earliest_start_ns >= self.horizon and self._latest.keys().isdisjoint(trace_ids)

    def add(self, trace_ids: Sequence[str], latest_starts: Sequence[int]) -> None:
        """Note traces with spans just stored and the latest start of those spans. A trace noted
        that is not stored (a rolled-back commit) only makes a later search."""
        now = self.clock()
        known = self._latest
        for tid, start in zip(trace_ids, latest_starts):
            if start > now + FUTURE_NS:
                self.horizon = max(self.horizon, start + 1)
            elif start >= self.horizon and start > known.get(tid, -1):
                known[tid] = start
        if now >= self._next_trim or len(known) > MAX_TRACES:
            self._trim(now)

    def _trim(self, now: int) -> None:
        horizon = now - WINDOW_NS
        if len(self._latest) > MAX_TRACES:
            horizon = max(horizon, sorted(self._latest.values())[len(self._latest) // 2])
        if horizon > self.horizon:
            self.horizon = horizon
            self._latest = {t: s for t, s in self._latest.items() if s >= horizon}
        self._next_trim = now + WINDOW_NS // 10
