"""Saved views: a trace-explorer search kept under a name, so it can be reopened, shared by its
address and turned into a task. This module owns the `saved_views` table (schema version 1).

A view is its name and the explorer's query parameters, in order ([key, value] pairs: filters in
their short form, time range, sort …); the explorer validates them when the view is opened, as it
does any address, so a view is never more than a bookmark with a name.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

import duckdb
import orjson

from infra.schema import ensure_schema, installed_version
from infra.timeutil import utcnow

SCHEMA_VERSION = 1
COMPONENT = "views"
NAME = re.compile(r"[^\x00-\x1f\x7f/\\]{1,64}")
MAX_PAIRS = 200
MAX_VALUE_CHARS = 4096

_DDL = """
CREATE TABLE IF NOT EXISTS saved_views (
    name VARCHAR PRIMARY KEY, query JSON NOT NULL, author VARCHAR,
    created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL
);
"""


class ViewError(ValueError):
    """A bad view name or query; the message says which and why."""


@dataclass(frozen=True)
class View:
    name: str
    query: list[tuple[str, str]]
    author: str | None
    created_at: dt.datetime
    updated_at: dt.datetime


def ensure_table(con: duckdb.DuckDBPyConnection) -> None:
    """Create or check the table; writes only when it is missing, so readers may call it too."""
    if installed_version(con, COMPONENT) != SCHEMA_VERSION:
        ensure_schema(con, COMPONENT, SCHEMA_VERSION, _DDL)


def checked_name(name: str) -> str:
    name = (name or "").strip()
    if not NAME.fullmatch(name):
        raise ViewError(f"view name {name[:80]!r} must be 1 to 64 characters, without / \\ or control characters")
    return name


def _checked_query(query: list[tuple[str, str]]) -> list[tuple[str, str]]:
    if len(query) > MAX_PAIRS:
        raise ViewError(f"a view keeps at most {MAX_PAIRS} parameters (got {len(query)})")
    for key, value in query:
        if not isinstance(key, str) or not isinstance(value, str) or len(key) > 200 or len(value) > MAX_VALUE_CHARS:
            raise ViewError(f"parameter {str(key)[:40]!r}: keys and values are text of at most 200 and "
                            f"{MAX_VALUE_CHARS} characters")
    return [(k, v) for k, v in query]


def save(con: duckdb.DuckDBPyConnection, name: str, query: list[tuple[str, str]], author: str | None = None) -> View:
    """Keep `query` under `name`, replacing a view of that name (its creation time stays)."""
    name, query = checked_name(name), _checked_query(query)
    ensure_table(con)
    now = utcnow()
    con.execute("""INSERT INTO saved_views VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT (name) DO UPDATE SET query = excluded.query, author = excluded.author,
                                                    updated_at = excluded.updated_at""",
                [name, orjson.dumps(query).decode(), author, now, now])
    found = get(con, name)
    assert found is not None
    return found


def _view(row: tuple) -> View:
    return View(row[0], [(k, v) for k, v in orjson.loads(row[1])], *row[2:5])


def get(con: duckdb.DuckDBPyConnection, name: str) -> View | None:
    ensure_table(con)
    row = con.execute("SELECT name, query, author, created_at, updated_at FROM saved_views WHERE name = ?",
                      [name]).fetchone()
    return _view(row) if row else None


def list_views(con: duckdb.DuckDBPyConnection) -> list[View]:
    """Every view, by name."""
    ensure_table(con)
    return [_view(r) for r in con.execute(
        "SELECT name, query, author, created_at, updated_at FROM saved_views ORDER BY lower(name), name").fetchall()]


def delete(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    """Whether a view of that name was there to delete."""
    ensure_table(con)
    return con.execute("DELETE FROM saved_views WHERE name = ? RETURNING name", [name]).fetchone() is not None
