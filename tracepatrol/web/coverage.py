"""What the overview tells admins about the server itself: traffic it cannot read well (per
service, the share of spans in trajectories no convention read, and of trajectories whose model
or tool spans carry no content: IngestStats.coverage, since the server started) and how far
assembly is behind. Both count every project, so keys of one project are not shown them."""
from __future__ import annotations

from typing import Any


def notes(coverage: dict[str, dict[str, int]]) -> list[dict[str, Any]]:
    """One note per service with any such traffic, the largest share first."""
    found = []
    for service, c in dict(coverage).items():  # copied in one step: the writer thread adds services
        unread = c["unread_spans"] / c["spans"] if c["spans"] else 0.0
        unusable = c["unusable"] / c["trajectories"] if c["trajectories"] else 0.0
        if unread or unusable:
            found.append({"service": service, "unread_pct": 100 * unread, "unusable_pct": 100 * unusable,
                          "trajectories": c["trajectories"]})
    return sorted(found, key=lambda n: (-max(n["unread_pct"], n["unusable_pct"]), n["service"]))


def server_notes(state: Any) -> dict[str, Any]:
    """The overview's notes from the app's state (its ingest counters and store writer)."""
    stats, pending = getattr(state, "stats", None), getattr(state, "pending", None)
    lag = None
    if pending is not None and len(pending):
        oldest = pending.oldest_pending_s()
        lag = {"pending": len(pending), "oldest_s": oldest, "due_s": state.due_by_s,
               "behind": oldest is not None and state.due_by_s is not None and oldest > state.due_by_s}
    return {"coverage": notes(stats.coverage) if stats is not None else [], "lag": lag}
