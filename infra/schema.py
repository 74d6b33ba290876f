"""Versioned schemas: each table owner passes its DDL, its version and its migrations; this module
records versions in `schema_versions`, migrates an older database step by step and refuses a
newer one. It knows no table but its own, so owners stay the only modules naming their tables.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping

import duckdb

log = logging.getLogger(__name__)


def stored_table(con: duckdb.DuckDBPyConnection, table: str) -> str:
    """`table` of the database file itself, by its qualified name: found past a temporary view of the
    same name (a request's cursor scoped to one project shadows tables with such views)."""
    database = con.execute("SELECT current_database()").fetchone()[0]
    return '"' + database.replace('"', '""') + '".main.' + table


def sql_list(values) -> str:
    """Strings as the SQL list of their literals (NULL for none): for a temporary view's definition,
    which takes no parameters."""
    return ", ".join("'" + v.replace("'", "''") + "'" for v in values) or "NULL"


class SchemaError(RuntimeError):
    """The database was written by a newer tracepatrol, or cannot be migrated."""


def installed_version(con: duckdb.DuckDBPyConnection, component: str) -> int | None:
    """The schema version a component's tables are at in this database (None: never created)."""
    if not con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'schema_versions'").fetchone()[0]:
        return None
    row = con.execute("SELECT version FROM schema_versions WHERE component = ?", [component]).fetchone()
    return row[0] if row else None


def ensure_schema(con: duckdb.DuckDBPyConnection, component: str, version: int, ddl: str,
                  migrations: Mapping[int, str] | None = None) -> None:
    """Create a component's tables, migrating an older database step by step (in one transaction);
    refuse a database whose schema is newer than this code."""
    con.execute("CREATE TABLE IF NOT EXISTS schema_versions (component VARCHAR PRIMARY KEY, version INTEGER NOT NULL)")
    row = con.execute("SELECT version FROM schema_versions WHERE component = ?", [component]).fetchone()
    if row and row[0] > version:
        raise SchemaError(
            f"database schema for {component!r} is version {row[0]}, newer than this tracepatrol "
            f"supports ({version}); upgrade tracepatrol or use another --db file"
        )
    if row and row[0] < version:
        _migrate(con, component, row[0], version, migrations or {})
    con.execute(ddl)
    con.execute("INSERT OR REPLACE INTO schema_versions VALUES (?, ?)", [component, version])


def _migrate(con: duckdb.DuckDBPyConnection, component: str, old: int, new: int, migrations: Mapping[int, str]) -> None:
    missing = [v for v in range(old, new) if v not in migrations]
    if missing:
        raise SchemaError(f"database schema for {component!r} is version {old}; this tracepatrol ({new}) "
                          f"cannot migrate it (no step from version {missing[0]})")
    con.execute("BEGIN")
    try:
        for v in range(old, new):
            con.execute(migrations[v])
        con.execute("UPDATE schema_versions SET version = ? WHERE component = ?", [new, component])
        con.execute("COMMIT")
    except duckdb.Error as exc:
        con.execute("ROLLBACK")
        raise SchemaError(f"migrating the {component!r} schema from version {old} to {new} failed: {exc}") from None
    log.info("migrated the %s schema from version %d to %d", component, old, new)

