"""An alert's life, as pure transitions: `for` readings in a row past the threshold fire it
once; it stays firing (no repeat) while the condition holds; it resolves at the first clear
reading, or once the condition has been clear for the rule's `quiet` period. A reading with no
verdict (too few items) changes nothing. Time is a parameter, so this is testable without a clock.
"""
from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, replace
from typing import Literal

Event = Literal["fired", "resolved"]


@dataclass(frozen=True)
class AlertState:
    """One alert: a rule on one task (`task_id` '' for a server-wide rule)."""

    rule: str
    task_id: str
    state: Literal["ok", "firing"] = "ok"
    streak: int = 0                        # readings in a row past the threshold
    episode: str | None = None             # this firing's id (its notifications' ids derive from it)
    fired_at: dt.datetime | None = None
    clear_since: dt.datetime | None = None  # firing, but clear since then (the quiet period runs)
    notified: bool = False                 # its firing was announced (not held back by a silence)
    value: float | None = None
    threshold: float | None = None
    updated_at: dt.datetime | None = None
    run_id: str | None = None              # the run of its latest reading (task rules)

    @property
    def firing(self) -> bool:
        return self.state == "firing"


def new_episode() -> str:
    return f"tp-{secrets.token_hex(8)}"


def step(prev: AlertState, breached: bool | None, needed: int, quiet: dt.timedelta | None,
         now: dt.datetime) -> tuple[AlertState, Event | None]:
    """The state after a reading (`needed`: the rule's `for`) and the event it makes, if any."""
    if breached is None:
        return replace(prev, updated_at=now), None
    if breached:
        streak = prev.streak + 1
        if prev.firing:
            return replace(prev, streak=streak, clear_since=None, updated_at=now), None
        if streak >= needed:
            return replace(prev, state="firing", streak=streak, episode=new_episode(), fired_at=now,
                           clear_since=None, notified=False, updated_at=now), "fired"
        return replace(prev, streak=streak, updated_at=now), None
    if not prev.firing:
        return replace(prev, streak=0, updated_at=now), None
    clear_since = prev.clear_since or now
    if quiet is None or now - clear_since >= quiet:
        return resolved(prev, now), "resolved"
    return replace(prev, streak=0, clear_since=clear_since, updated_at=now), None


def quiet_over(prev: AlertState, quiet: dt.timedelta | None, now: dt.datetime) -> bool:
    """A firing alert whose condition has been clear for its whole quiet period (no reading needed)."""
    return prev.firing and prev.clear_since is not None and quiet is not None and now - prev.clear_since >= quiet


def resolved(prev: AlertState, now: dt.datetime) -> AlertState:
    return replace(prev, state="ok", streak=0, clear_since=None, updated_at=now)
