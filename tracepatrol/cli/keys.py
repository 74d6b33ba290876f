"""`tracepatrol keys create|list|revoke`: API keys, through the running server (an admin key in
--api-key or $TRACEPATROL_API_KEY) or, with --db, straight in a stopped server's file (how the
first key of a server is made). A secret is printed once, when its key is created."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
import duckdb
from rich.table import Table

from infra.access import audit, keys
from infra.timeutil import parse_duration
from tracepatrol.cli.client import api_call, api_options
from tracepatrol.terminal import console, err

LOCAL = "local"  # who the audit log names for a change made with --db

db_option = click.option("--db", type=click.Path(dir_okay=False, path_type=Path),
                         help="change this DuckDB file directly (its server must not be running)")


@click.group("keys")
def keys_group() -> None:
    """API keys with roles (ingest, viewer, editor, admin) and projects."""


def _open(db: Path) -> duckdb.DuckDBPyConnection:
    try:
        con = duckdb.connect(str(db))
    except duckdb.Error as exc:
        err.print(f"[red]error:[/red] cannot open {db}: {exc}\nIf a tracepatrol server is using this file, "
                  "manage keys through it: leave out --db and pass an admin key with --api-key.", highlight=False)
        sys.exit(1)
    keys.create_tables(con)
    return con


def _fail(message: str):
    err.print(f"[red]error:[/red] {message}", highlight=False)
    sys.exit(1)


@keys_group.command("create")
@click.option("--name", required=True, help="who or what holds the key (unique among keys not revoked)")
@click.option("--role", required=True, type=click.Choice(["ingest", "viewer", "editor", "admin"]))
@click.option("--project", help="the key's project [default]; admin keys see every project")
@click.option("--expires", help="lifetime, e.g. 90d [never]")
@db_option
@api_options
def create(name, role, project, expires, db, api_url, api_key) -> None:
    """Make a key and print its secret (shown this once: only its hash is kept)."""
    if db is not None:
        try:
            with _open(db) as con:
                record, secret = keys.create(con, name, role, project, parse_duration(expires) if expires else None, LOCAL)
                audit.record(con, LOCAL, "key.created", record.name, record.project, f"role {role}, id {record.key_id}")
        except ValueError as exc:
            _fail(str(exc))
        shown = record.shown()
    else:
        body = {"name": name, "role": role, "project": project, "expires": expires}
        shown = api_call(api_url, api_key, "POST", "/api/keys", json_body=body)
        secret = shown.pop("secret")
    scope = f"project {shown['project']}" if shown["project"] else "every project"
    err.print(f"created key {shown['name']} ({shown['role']}, {scope}, id {shown['key_id']}"
              f"{', expires ' + str(shown['expires_at'])[:19] if shown['expires_at'] else ''}). "
              "Its secret, shown this once:", highlight=False)
    print(secret, flush=True)


@keys_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
@db_option
@api_options
def list_keys(as_json, db, api_url, api_key) -> None:
    """Every key with its role, project and state; never a secret."""
    if db is not None:
        with _open(db) as con:
            rows = [r.shown() for r in keys.records(con)]
    else:
        rows = api_call(api_url, api_key, "GET", "/api/keys")
    if as_json:
        print(json.dumps(rows, indent=2, default=str))
        return
    table = Table("name", "role", "project", "id", "state", "created", "expires", "by")
    for r in rows:
        table.add_row(r["name"], r["role"], r["project"] or "(all)", r["key_id"], r["state"],
                      str(r["created_at"])[:19], str(r["expires_at"] or "")[:19], r["created_by"] or "")
    console.print(table)


@keys_group.command("revoke")
@click.argument("name")
@db_option
@api_options
def revoke(name, db, api_url, api_key) -> None:
    """Refuse a key from now on (every process within seconds; its dashboard sessions end too)."""
    if db is not None:
        try:
            with _open(db) as con:
                record = keys.revoke(con, name)
                audit.record(con, LOCAL, "key.revoked", record.name, record.project, f"id {record.key_id}")
        except keys.KeyRequestError as exc:
            _fail(str(exc))
    else:
        api_call(api_url, api_key, "DELETE", f"/api/keys/{name}")
    err.print(f"revoked key {name}", highlight=False)
