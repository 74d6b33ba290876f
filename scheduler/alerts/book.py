"""`AlertBook`: every write to the alert tables, under one lock, each change in one transaction.

A judged run's state changes, their history and their outbox rows are committed together with
the mark that the run was judged, so a crash between them is impossible: after a restart a run
is either judged with its notifications queued, or judged again.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import secrets
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb
import orjson

from scheduler.alerts.schema import create
from scheduler.alerts.states import AlertState


@dataclass(frozen=True)
class Change:
    """An alert's new state; its `event` ('fired', 'resolved', made by run `run_id` for a task rule)
    for the history; its notice queued for `send_to` (empty: nothing to send, e.g. held back by a
    silence)."""

    state: AlertState
    notice: dict[str, Any] | None
    event: str | None = None
    run_id: str | None = None
    silenced: bool = False
    send_to: tuple[str, ...] = ()


class AlertBook:
    """Thread-safe: every write goes through one lock and its own cursor."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self._con = con
        self._lock = threading.RLock()
        with self._cursor() as cur:
            create(cur)

    @contextlib.contextmanager
    def _cursor(self) -> Iterator[duckdb.DuckDBPyConnection]:
        with self._lock:
            cur = self._con.cursor()
            try:
                yield cur
            except BaseException:
                with contextlib.suppress(duckdb.Error):
                    cur.execute("ROLLBACK")
                raise
            finally:
                cur.close()

    def read(self, fn, *args, **kwargs):
        """A read of `scheduler.alerts.reads` on the book's own cursor."""
        with self._cursor() as cur:
            return fn(cur, *args, **kwargs)

    # -- states, history, outbox ---------------------------------------------------------------
    def apply(self, changes: Sequence[Change], now: dt.datetime, judged: tuple[str, str] | None = None) -> None:
        """Record `changes` and, when given, that the run `judged` (task_id, run_id) was judged."""
        if not changes and judged is None:
            return
        with self._cursor() as cur:
            cur.execute("BEGIN")
            for c in changes:
                s = c.state
                cur.execute("INSERT OR REPLACE INTO alert_states VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            [s.rule, s.task_id, s.state, s.streak, s.episode, s.fired_at, s.clear_since, s.notified,
                             s.value, s.threshold, s.updated_at or now, s.run_id, _json(c.notice)])
                if c.event:
                    cur.execute("""INSERT INTO alert_events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                                   ON CONFLICT DO NOTHING""",
                                [s.episode, c.event, now, s.rule, s.task_id, c.run_id, s.value, s.threshold,
                                 c.silenced, (c.notice or {}).get("summary"), _json(c.notice)])
                for destination in c.send_to:
                    self._enqueue(cur, c.notice, destination, now)
            if judged is not None:
                task_id, run_id = judged
                cur.execute("INSERT INTO alert_runs (run_id, task_id, evaluated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                            [run_id, task_id, now])
            cur.execute("COMMIT")

    @staticmethod
    def _enqueue(cur: duckdb.DuckDBPyConnection, notice: dict[str, Any], destination: str, now: dt.datetime) -> None:
        cur.execute("""INSERT INTO alert_outbox (notification_id, destination, episode, event, rule, task_id, payload,
                                                 created_at, state, attempts, next_attempt_at)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?) ON CONFLICT DO NOTHING""",
                    [notice["id"], destination, notice["episode"], notice["status"], notice["rule"],
                     notice["task"] or "", _json(notice), now, now])

    def mark_runs(self, task_id: str, run_ids: Sequence[str], now: dt.datetime) -> None:
        """Runs left unjudged on purpose (those before a task was first seen)."""
        with self._cursor() as cur:
            cur.execute("BEGIN")
            for run_id in run_ids:
                cur.execute("INSERT INTO alert_runs (run_id, task_id, evaluated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                            [run_id, task_id, now])
            cur.execute("COMMIT")

    def delivered(self, notification_id: str, destination: str, now: dt.datetime) -> None:
        with self._cursor() as cur:
            cur.execute("""UPDATE alert_outbox SET state = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL
                           WHERE notification_id = ? AND destination = ?""", [now, notification_id, destination])

    def attempt_failed(self, notification_id: str, destination: str, error: str, retry_at: dt.datetime | None) -> None:
        """A failed attempt: retried at `retry_at`, or failed for good (None: permanent, or past the bound)."""
        with self._cursor() as cur:
            cur.execute("""UPDATE alert_outbox SET attempts = attempts + 1, last_error = ?,
                                  state = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END,
                                  next_attempt_at = coalesce(?, next_attempt_at)
                           WHERE notification_id = ? AND destination = ?""",
                        [error, retry_at, retry_at, notification_id, destination])

    def purge_sent(self, before: dt.datetime) -> int:
        with self._cursor() as cur:
            return cur.execute("DELETE FROM alert_outbox WHERE state = 'sent' AND sent_at < ?", [before]).fetchone()[0]

    # -- silences ------------------------------------------------------------------------------
    def add_silence(self, rule: str | None, task_id: str | None, expires_at: dt.datetime, now: dt.datetime,
                    comment: str | None = None, author: str | None = None) -> str:
        silence_id = f"s-{secrets.token_hex(6)}"
        with self._cursor() as cur:
            cur.execute("INSERT INTO alert_silences VALUES (?, ?, ?, ?, ?, NULL, ?, ?)",
                        [silence_id, rule, task_id, now, expires_at, comment, author])
        return silence_id

    def end_silence(self, silence_id: str, now: dt.datetime) -> bool:
        """Expire a silence now; False when there is no such silence in force."""
        with self._cursor() as cur:
            return cur.execute("""UPDATE alert_silences SET ended_at = ? WHERE silence_id = ? AND ended_at IS NULL
                                  AND expires_at > ?""", [now, silence_id, now]).fetchone()[0] > 0


def _json(value: Any) -> str | None:
    return None if value is None else orjson.dumps(value).decode()
