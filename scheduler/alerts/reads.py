"""Typed reads of the alert tables for everyone else (the engine, the outbox, the API, the alerts
page, /metrics). Each takes the reader's cursor and only reads; a database without the tables
(no server with alerts ran on it) reads as empty. Values are always parameters.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

import duckdb
import orjson

from scheduler.alerts.schema import stored
from scheduler.alerts.states import AlertState

Row = dict[str, Any]
_STATE = "rule, task_id, state, streak, episode, fired_at, clear_since, notified, value, threshold, updated_at, run_id"


def _rows(cursor: duckdb.DuckDBPyConnection, json_columns: tuple[str, ...] = ()) -> list[Row]:
    names = [d[0] for d in cursor.description]
    out = [dict(zip(names, row)) for row in cursor.fetchall()]
    for row in out:
        for column in json_columns:
            row[column] = orjson.loads(row[column]) if row.get(column) else None
    return out


def _where(filters: dict[str, Any]) -> tuple[str, list[Any]]:
    given = {k: v for k, v in filters.items() if v is not None}
    return " AND ".join([f"{k} = ?" for k in given] or ["TRUE"]), list(given.values())


def state_of(cur: duckdb.DuckDBPyConnection, rule: str, task_id: str) -> tuple[AlertState, dict | None] | None:
    """An alert's state and the notice it last made (None: never judged)."""
    if not stored(cur):
        return None
    row = cur.execute(f"SELECT {_STATE}, notice FROM alert_states WHERE rule = ? AND task_id = ?",
                      [rule, task_id]).fetchone()
    return None if row is None else (AlertState(*row[:12]), orjson.loads(row[12]) if row[12] else None)


def firing(cur: duckdb.DuckDBPyConnection) -> list[tuple[AlertState, dict | None]]:
    """Every firing alert with the notice that announced it (or would have, under a silence)."""
    if not stored(cur):
        return []
    return [(AlertState(*row[:12]), orjson.loads(row[12]) if row[12] else None) for row in cur.execute(
        f"SELECT {_STATE}, notice FROM alert_states WHERE state = 'firing' ORDER BY fired_at, rule, task_id").fetchall()]


def states(cur: duckdb.DuckDBPyConnection, *, task_id: str | None = None, rule: str | None = None,
           state: str | None = None) -> list[Row]:
    """Alerts (firing first, then by rule and task), each with the run of its latest reading (task
    rules) and its latest notice."""
    if not stored(cur):
        return []
    where, params = _where({"task_id": task_id, "rule": rule, "state": state})
    return _rows(cur.execute(f"SELECT {_STATE}, notice FROM alert_states WHERE {where} "
                             "ORDER BY state = 'firing' DESC, fired_at DESC NULLS LAST, rule, task_id", params),
                 ("notice",))


def events(cur: duckdb.DuckDBPyConnection, *, task_id: str | None = None, rule: str | None = None,
           limit: int = 200) -> list[Row]:
    """What fired and resolved, newest first (`silenced`: no notification was sent for it)."""
    if not stored(cur):
        return []
    where, params = _where({"task_id": task_id, "rule": rule})
    return _rows(cur.execute(f"SELECT episode, event, happened_at, rule, task_id, run_id, value, threshold, silenced, summary, "
                             f"notice FROM alert_events WHERE {where} ORDER BY happened_at DESC, event DESC LIMIT ?",
                             [*params, limit]), ("notice",))


def counts(cur: duckdb.DuckDBPyConnection) -> list[Row]:
    """Per rule and task: how often it fired, how many of those were silenced, when it last fired."""
    if not stored(cur):
        return []
    return _rows(cur.execute("""SELECT rule, task_id, count(*) AS fired, count(*) FILTER (WHERE silenced) AS silenced,
                                       max(happened_at) AS last_fired FROM alert_events WHERE event = 'fired'
                                GROUP BY ALL ORDER BY fired DESC, rule, task_id"""))


def silences(cur: duckdb.DuckDBPyConnection, active_at: dt.datetime | None = None) -> list[Row]:
    """Silences, newest first; only those in force at `active_at` when given."""
    if not stored(cur):
        return []
    where, params = ("ended_at IS NULL AND expires_at > ?", [active_at]) if active_at else ("TRUE", [])
    return _rows(cur.execute(f"SELECT silence_id, rule, task_id, created_at, expires_at, ended_at, comment, author "
                             f"FROM alert_silences WHERE {where} ORDER BY created_at DESC", params))


def silence_of(cur: duckdb.DuckDBPyConnection, rule: str, task_id: str, now: dt.datetime) -> str | None:
    """The id of a silence in force for this alert (NULL rule or task in a silence matches any)."""
    if not stored(cur):
        return None
    row = cur.execute("""SELECT silence_id FROM alert_silences WHERE ended_at IS NULL AND expires_at > ?
                         AND coalesce(rule, ?) = ? AND coalesce(task_id, ?) = ? ORDER BY expires_at DESC LIMIT 1""",
                      [now, rule, rule, task_id, task_id]).fetchone()
    return row[0] if row else None


def outbox(cur: duckdb.DuckDBPyConnection, *, state: str | None = None, limit: int = 200) -> list[Row]:
    """Notifications by destination, newest first: delivery state, attempts, the last error."""
    if not stored(cur):
        return []
    where, params = _where({"state": state})
    return _rows(cur.execute(f"""SELECT notification_id, destination, episode, event, rule, task_id, created_at, state,
                                        attempts, next_attempt_at, sent_at, last_error FROM alert_outbox
                                 WHERE {where} ORDER BY created_at DESC, notification_id LIMIT ?""",
                             [*params, limit]))


def due(cur: duckdb.DuckDBPyConnection, now: dt.datetime, limit: int) -> list[Row]:
    """Pending notifications whose next attempt is due, oldest first; a resolution waits while the
    firing of its episode to the same destination is pending (it never overtakes it)."""
    if not stored(cur):
        return []
    return _rows(cur.execute("""
        SELECT notification_id, destination, payload, created_at, attempts FROM alert_outbox o
        WHERE state = 'pending' AND next_attempt_at <= ?
          AND NOT (event = 'resolved' AND EXISTS (
              SELECT 1 FROM alert_outbox p WHERE p.state = 'pending' AND p.destination = o.destination
              AND p.episode = o.episode AND p.event = 'firing'))
        ORDER BY created_at, event, notification_id LIMIT ?""", [now, limit]), ("payload",))


def next_attempt(cur: duckdb.DuckDBPyConnection) -> dt.datetime | None:
    """When the earliest pending notification is due."""
    return cur.execute("SELECT min(next_attempt_at) FROM alert_outbox WHERE state = 'pending'").fetchone()[0] \
        if stored(cur) else None


def outbox_counts(cur: duckdb.DuckDBPyConnection) -> list[tuple[str, str, int]]:
    """(destination, state, notifications) of the outbox."""
    return cur.execute("SELECT destination, state, count(*) FROM alert_outbox GROUP BY ALL ORDER BY 1, 2").fetchall() \
        if stored(cur) else []


def firing_series(cur: duckdb.DuckDBPyConnection) -> list[tuple[str, str, int]]:
    """(rule, task, 1 if firing else 0) of every alert ever judged: what /metrics exposes."""
    return cur.execute("SELECT rule, task_id, (state = 'firing')::INTEGER FROM alert_states ORDER BY 1, 2").fetchall() \
        if stored(cur) else []


def evaluated_runs(cur: duckdb.DuckDBPyConnection, task_id: str) -> set[str]:
    """The task's runs whose alerts were judged already."""
    if not stored(cur):
        return set()
    return {r[0] for r in cur.execute("SELECT run_id FROM alert_runs WHERE task_id = ?", [task_id]).fetchall()}
