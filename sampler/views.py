"""Saved views: a trace-explorer search kept under a name, so it can be reopened, shared by its
address and turned into a task. This module owns the `saved_views` table (schema version 2: a
project beside each view; version 1's views are the default project's).

A view is its name and the explorer's query parameters, in order ([key, value] pairs: filters in
their short form, time range, sort …); the explorer validates them when the view is opened, as it
does any address, so a view is never more than a bookmark with a name. Names are unique within a
project: a cursor scoped to one (`scope`) sees and saves that project's views only; any other
cursor sees every project's and saves into the default one.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

import duckdb
import orjson

from infra.access import DEFAULT_PROJECT
from infra.schema import ensure_schema, installed_version, sql_list, stored_table
from infra.timeutil import utcnow

SCHEMA_VERSION = 2
COMPONENT = "views"
PROJECT_VARIABLE = "saved_views_project"  # set on a scoped cursor: the project its views are saved in
NAME = re.compile(r"[^\x00-\x1f\x7f/\\]{1,64}")
MAX_PAIRS = 200
MAX_VALUE_CHARS = 4096

_DDL = f"""
CREATE TABLE IF NOT EXISTS saved_views (
    name VARCHAR NOT NULL, query JSON NOT NULL, author VARCHAR,
    created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL,
    project VARCHAR NOT NULL DEFAULT '{DEFAULT_PROJECT}', PRIMARY KEY (project, name)
);
"""
_MIGRATIONS = {1: f"""
ALTER TABLE saved_views RENAME TO saved_views_1;
{_DDL}
INSERT INTO saved_views BY NAME SELECT * FROM saved_views_1;
DROP TABLE saved_views_1;
"""}
_READ = "name, query, author, created_at, updated_at, project"


class ViewError(ValueError):
    """A bad view name or query; the message says which and why."""


@dataclass(frozen=True)
class View:
    name: str
    query: list[tuple[str, str]]
    author: str | None
    created_at: dt.datetime
    updated_at: dt.datetime
    project: str = DEFAULT_PROJECT


def ensure_table(con: duckdb.DuckDBPyConnection) -> None:
    """Create, migrate or check the table; writes only when it is missing or older, so readers may call it too."""
    if installed_version(con, COMPONENT) != SCHEMA_VERSION:
        ensure_schema(con, COMPONENT, SCHEMA_VERSION, _DDL, _MIGRATIONS)


def scope(con: duckdb.DuckDBPyConnection, project: str) -> None:
    """Make this cursor see `project`'s views only (a temporary view named like the table) and save
    into that project (a variable of this cursor's connection)."""
    ensure_table(con)
    literal = sql_list([project])
    con.execute(f"""SET VARIABLE {PROJECT_VARIABLE} = {literal};
        CREATE OR REPLACE TEMP VIEW saved_views AS SELECT * FROM {stored_table(con, 'saved_views')} WHERE project = {literal};""")


def _project(con: duckdb.DuckDBPyConnection) -> str:
    """The project this cursor saves views in: its scope's, or the default one."""
    return con.execute(f"SELECT coalesce(getvariable('{PROJECT_VARIABLE}'), ?)", [DEFAULT_PROJECT]).fetchone()[0]


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
    """Keep `query` under `name` in this cursor's project, replacing a view of that name there (its
    creation time stays)."""
    name, query = checked_name(name), _checked_query(query)
    ensure_table(con)
    now, project = utcnow(), _project(con)
    con.execute(f"""INSERT INTO {stored_table(con, 'saved_views')} ({_READ}) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (project, name) DO UPDATE SET query = excluded.query, author = excluded.author,
                                                             updated_at = excluded.updated_at""",
                [name, orjson.dumps(query).decode(), author, now, now, project])
    found = _find(con, name, project)
    assert found is not None
    return found


def _view(row: tuple) -> View:
    return View(row[0], [(k, v) for k, v in orjson.loads(row[1])], *row[2:6])


def _find(con: duckdb.DuckDBPyConnection, name: str, prefer: str) -> View | None:
    """The view of that name this cursor sees; of several (an unscoped cursor), `prefer`'s project's first."""
    row = con.execute(f"SELECT {_READ} FROM saved_views WHERE name = ? ORDER BY project <> ?, project LIMIT 1",
                      [name, prefer]).fetchone()
    return _view(row) if row else None


def get(con: duckdb.DuckDBPyConnection, name: str) -> View | None:
    ensure_table(con)
    return _find(con, name, _project(con))


def list_views(con: duckdb.DuckDBPyConnection) -> list[View]:
    """Every view this cursor sees, by name."""
    ensure_table(con)
    return [_view(r) for r in con.execute(
        f"SELECT {_READ} FROM saved_views ORDER BY lower(name), name, project").fetchall()]


def delete(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    """Whether a view of that name (the one `get` finds) was there to delete."""
    found = get(con, name)
    if found is None:
        return False
    con.execute(f"DELETE FROM {stored_table(con, 'saved_views')} WHERE project = ? AND name = ?", [found.project, name])
    return True
