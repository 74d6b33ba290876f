"""The `api_keys` table (this module owns it): one row per key, its secret only as a hash.

A revoked key keeps its row (with `revoked_at`), so the table says who had access when, and a
server that ever had keys never becomes open again by revoking them all. A name is unique among
the keys not revoked: rotating `ci` means creating `ci-2`, or revoking `ci` and creating it again.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import re
from dataclasses import dataclass

import duckdb
import orjson

import infra.access.tokens as tokens
from infra.access.roles import DEFAULT_PROJECT, ROLES, check_project
from infra.schema import ensure_schema
from infra.timeutil import utcnow

COMPONENT, SCHEMA_VERSION = "access", 1
DDL = """
CREATE TABLE IF NOT EXISTS api_keys (
    key_id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, role VARCHAR NOT NULL, project VARCHAR,
    digest VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, expires_at TIMESTAMP,
    revoked_at TIMESTAMP, created_by VARCHAR
);
CREATE TABLE IF NOT EXISTS audit_log (
    logged_at TIMESTAMP NOT NULL, actor VARCHAR NOT NULL, role VARCHAR, action VARCHAR NOT NULL,
    target VARCHAR, project VARCHAR, detail VARCHAR
);
"""
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$")
_COLUMNS = "key_id, name, role, project, digest, created_at, expires_at, revoked_at, created_by"


class KeyRequestError(ValueError):
    """A key cannot be made or found as asked; the message says why (HTTP 4xx, CLI exit 1)."""


@dataclass(frozen=True)
class KeyRecord:
    key_id: str
    name: str
    role: str
    project: str | None  # None: every project (admin keys)
    digest: str
    created_at: dt.datetime
    expires_at: dt.datetime | None = None
    revoked_at: dt.datetime | None = None
    created_by: str | None = None

    def live(self, now: dt.datetime) -> bool:
        return self.revoked_at is None and (self.expires_at is None or now < self.expires_at)

    def shown(self) -> dict:
        """What `keys list` and the API show: everything but the hash."""
        out = dataclasses.asdict(self)
        del out["digest"]
        out["state"] = ("revoked" if self.revoked_at else
                        "expired" if self.expires_at and utcnow() >= self.expires_at else "active")
        return out

    def to_json(self) -> bytes:
        return orjson.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, raw: bytes) -> "KeyRecord":
        data = orjson.loads(raw)
        for field in ("created_at", "expires_at", "revoked_at"):
            if data.get(field):
                data[field] = dt.datetime.fromisoformat(data[field])
        return cls(**data)


def create_tables(con: duckdb.DuckDBPyConnection) -> None:
    ensure_schema(con, COMPONENT, SCHEMA_VERSION, DDL)


def create(con: duckdb.DuckDBPyConnection, name: str, role: str, project: str | None = None,
           expires: dt.timedelta | None = None, by: str | None = None) -> tuple[KeyRecord, str]:
    """A new key and its secret (the only time the secret exists outside the caller's hands)."""
    if not _NAME.match(name or ""):
        raise KeyRequestError(f"invalid key name {name[:70]!r}: 1-64 letters, digits, '_', '.', '@' or '-'")
    if role not in ROLES:
        raise KeyRequestError(f"unknown role {role!r}; use one of {', '.join(ROLES)}")
    if role == "admin" and project is not None:
        raise KeyRequestError("admin keys see every project; leave out the project")
    if role != "admin":
        try:
            project = check_project(project or DEFAULT_PROJECT)
        except ValueError as exc:
            raise KeyRequestError(str(exc)) from None
    if _active(con, name) is not None:
        raise KeyRequestError(f"a key named {name!r} exists; revoke it first or choose another name")
    key_id, secret = tokens.new_secret(role)
    now = utcnow()
    record = KeyRecord(key_id, name, role, project, tokens.digest(secret), now,
                       now + expires if expires else None, None, by)
    con.execute(f"INSERT INTO api_keys ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                list(dataclasses.astuple(record)))
    return record, secret


def revoke(con: duckdb.DuckDBPyConnection, name: str) -> KeyRecord:
    record = _active(con, name)
    if record is None:
        raise KeyRequestError(f"no active key named {name!r} (`keys list` shows them)")
    revoked = dataclasses.replace(record, revoked_at=utcnow())
    con.execute("UPDATE api_keys SET revoked_at = ? WHERE key_id = ?", [revoked.revoked_at, record.key_id])
    return revoked


def records(con: duckdb.DuckDBPyConnection) -> list[KeyRecord]:
    """Every key, revoked and expired ones too, oldest first."""
    rows = con.execute(f"SELECT {_COLUMNS} FROM api_keys ORDER BY created_at, key_id").fetchall()
    return [KeyRecord(*row) for row in rows]


def _active(con: duckdb.DuckDBPyConnection, name: str) -> KeyRecord | None:
    row = con.execute(f"SELECT {_COLUMNS} FROM api_keys WHERE name = ? AND revoked_at IS NULL", [name]).fetchone()
    return KeyRecord(*row) if row else None
