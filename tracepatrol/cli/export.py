"""`tracepatrol export`: a table to Parquet, CSV or JSON Lines, from a DuckDB file or a running server."""
from __future__ import annotations

import datetime as dt
import os
import sys
import tempfile
from pathlib import Path

import click
import duckdb
import httpx

from tracepatrol.cli.client import api_options, auth_headers, exit_on_error, open_stopped_db, unreachable
from tracepatrol.file_export import FORMATS, TABLES, ExportError, export_table, format_for
from tracepatrol.terminal import console, err


def _parse_since(value: str | None) -> dt.datetime | None:
    if not value:
        return None
    try:
        return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise click.BadParameter(f"{value!r} is not an ISO 8601 date or time (e.g. 2026-01-31 or "
                                 f"2026-01-31T12:00:00Z)", param_hint="--since") from None


@click.command("export")
@click.option("--table", required=True, type=click.Choice(list(TABLES)), help="table to export")
@click.option("--since", help="rows at or after this ISO 8601 time (UTC unless it has an offset): "
                              "traces and tool_calls by start_time, eval_results by created_at")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)),
              help="output format [from the --out extension, else parquet]")
@click.option("--out", required=True, type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="file to write (replaced if it exists)")
@click.option("--db", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="read this DuckDB file directly instead of asking the server (the server must not be running)")
@api_options
def export(table, since, fmt, out, db, api_url, api_key) -> None:
    """Export traces, tool calls or evaluation results for BI tools."""
    since_dt = _parse_since(since)
    fmt = fmt or format_for(out) or "parquet"
    if not out.expanduser().absolute().parent.is_dir():
        raise click.BadParameter(f"directory {out.expanduser().absolute().parent} does not exist", param_hint="--out")
    with err.status(f"exporting {table} to {out} ({fmt})…"):
        rows = _from_db(db, table, since_dt, fmt, out) if db else _from_api(api_url, api_key, table, since_dt, fmt, out)
    console.print(f"wrote {rows} {table} row{'s' if rows != 1 else ''} to {out} ({fmt})", highlight=False)


def _from_db(db: Path, table: str, since: dt.datetime | None, fmt: str, out: Path) -> int:
    con = open_stopped_db(db, "export through it")
    try:
        return export_table(con, table, since, fmt, out)
    except duckdb.CatalogException:
        err.print(f"[red]error:[/red] {db} has no {table} table (nothing of that kind was stored yet)",
                  highlight=False)
        sys.exit(1)
    except (ExportError, duckdb.IOException, OSError) as exc:
        err.print(f"[red]error:[/red] {exc}", highlight=False)
        sys.exit(1)
    finally:
        con.close()


def _from_api(api_url: str, api_key: str | None, table: str, since: dt.datetime | None, fmt: str, out: Path) -> int:
    params = {"format": fmt}
    if since is not None:
        params["since"] = since.isoformat()
    out = out.expanduser().absolute()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f, httpx.stream("GET", api_url.rstrip("/") + f"/api/export/{table}",
                                                    params=params, headers=auth_headers(api_key), timeout=600) as resp:
            if resp.status_code >= 400:
                resp.read()
                exit_on_error(resp)
            for chunk in resp.iter_bytes():
                f.write(chunk)
            rows = int(resp.headers.get("x-tracepatrol-rows", "0"))
        os.replace(tmp, out)
    except httpx.HTTPError as exc:
        unreachable(api_url, exc)
    finally:
        tmp.unlink(missing_ok=True)
    return rows
