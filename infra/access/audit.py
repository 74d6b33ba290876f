"""The audit log (the `audit_log` table, created with `api_keys` by `infra.access.keys`): who
did what when — tasks created, edited, run, paused and deleted, keys created and revoked, data
deleted or exported. Rows are only ever added; admins read them (`GET /api/audit`)."""
from __future__ import annotations

import datetime as dt

import duckdb

from infra.access.roles import Principal
from infra.timeutil import utcnow

_COLUMNS = ("logged_at", "actor", "role", "action", "target", "project", "detail")


def record(con: duckdb.DuckDBPyConnection, who: Principal | str, action: str, target: str | None = None,
           project: str | None = None, detail: str | None = None) -> None:
    """Add one entry; `who` is the request's principal, or a name for the server's own acts."""
    actor, role = (who.name, who.role) if isinstance(who, Principal) else (who, None)
    con.execute("INSERT INTO audit_log VALUES (?, ?, ?, ?, ?, ?, ?)",
                [utcnow(), actor, role, action, target, project, (detail or "")[:2000] or None])


def entries(con: duckdb.DuckDBPyConnection, limit: int = 200, since: dt.datetime | None = None,
            action: str | None = None) -> list[dict]:
    """Newest first."""
    where, params = [], []
    if since is not None:
        where.append("logged_at >= ?")
        params.append(since)
    if action:
        where.append("action = ?")
        params.append(action)
    clause = f"WHERE {' AND '.join(where)}" if where else ""
    rows = con.execute(f"SELECT {', '.join(_COLUMNS)} FROM audit_log {clause} ORDER BY logged_at DESC LIMIT ?",
                       [*params, limit]).fetchall()
    return [dict(zip(_COLUMNS, row)) for row in rows]


def actors(con: duckdb.DuckDBPyConnection, action: str, targets: list[str]) -> dict[str, str]:
    """Who last did `action` to each of `targets`, in one statement (tasks' creators:
    `actors(con, "task.created", task_ids)`); a target nobody did it to is absent."""
    if not targets:
        return {}
    return dict(con.execute("SELECT target, arg_max(actor, logged_at) FROM audit_log "
                            "WHERE action = ? AND target IN (SELECT unnest(?)) GROUP BY target",
                            [action, targets]).fetchall())
