"""Exports of traces, tool calls and evaluation results to Parquet, CSV or JSON Lines for BI tools.

`export_table` asks the table's owner for its exportable relation (rows since a time, in a
deterministic order) and writes it with one DuckDB `COPY (SELECT …) TO 'file'`. The output path
cannot be a parameter of COPY, so it is quoted (single quotes doubled) after refusing control characters.
The file is written beside `out` under a temporary name and renamed into place, so a failed
export never leaves a half-written file. `build_export_router` serves the same exports over
HTTP (`GET /api/export/{table}`) for a server that holds the database file's lock.
"""
from __future__ import annotations

import datetime as dt
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import duckdb
from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import FileResponse
from starlette.background import BackgroundTask

from collector import store
from evaluators import results
from infra.timeutil import naive_utc
from infra.access import audit
from tracepatrol.api.cursor import Cursor
from tracepatrol.api.guard import Who

Exportable = Callable[[duckdb.DuckDBPyConnection, dt.datetime | None], duckdb.DuckDBPyRelation]
# What can be exported: each table's rows at or after a time (naive UTC), from its owner.
TABLES: dict[str, Exportable] = {
    "traces": lambda cur, since: store.exportable(cur, "traces", since),
    "tool_calls": lambda cur, since: store.exportable(cur, "tool_calls", since),
    "eval_results": results.exportable,
}
FORMATS: dict[str, str] = {
    "parquet": "FORMAT parquet",
    "csv": "FORMAT csv, HEADER true",
    "jsonl": "FORMAT json",  # newline-delimited: one object per line
}
MEDIA_TYPES = {"parquet": "application/vnd.apache.parquet", "csv": "text/csv; charset=utf-8",
               "jsonl": "application/x-ndjson"}
SUFFIXES = {"parquet": ".parquet", "csv": ".csv", "jsonl": ".jsonl"}


class ExportError(ValueError):
    """An export that cannot run: unknown table or format, an unusable path."""


def format_for(path: Path) -> str | None:
    """The format a file name implies (`.parquet`, `.csv`, `.jsonl`/`.ndjson`/`.json`), or None."""
    suffix = path.suffix.lower()
    return {".parquet": "parquet", ".pq": "parquet", ".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl",
            ".json": "jsonl"}.get(suffix)


def _quoted_path(path: Path) -> str:
    text = str(path)
    if any(ch in text for ch in ("\x00", "\n", "\r")):
        raise ExportError(f"refusing an output path with control characters: {text!r}")
    return "'" + text.replace("'", "''") + "'"


def export_table(con: duckdb.DuckDBPyConnection, table: str, since: dt.datetime | None, fmt: str,
                 out: Path) -> int:
    """Write `table` (rows whose time column is at or after `since`, UTC) to `out`; returns the row count."""
    if table not in TABLES:
        raise ExportError(f"unknown table {table!r}; choose one of {', '.join(TABLES)}")
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    out = Path(out).expanduser().absolute()
    if out.is_dir():
        raise ExportError(f"{out} is a directory; give a file name")
    rows = TABLES[table](con, naive_utc(since))  # read by name in the COPY
    fd, tmp_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        copied = con.execute(f"COPY (SELECT * FROM rows) TO {_quoted_path(tmp)} ({FORMATS[fmt]})").fetchone()
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return int(copied[0]) if copied else 0


def build_export_router(secured: list) -> APIRouter:
    router = APIRouter(dependencies=secured, tags=["export"])

    @router.get("/api/export/{table}")
    def export(
        cur: Cursor,
        who: Who,
        table: str,
        since: dt.datetime | None = Query(None, description="rows at or after (ISO 8601): traces and tool_calls "
                                                             "by start_time, eval_results by created_at"),
        format: str = Query("parquet", description="parquet, csv or jsonl"),
    ) -> FileResponse:
        if table not in TABLES:
            raise HTTPException(404, f"no export for table {table!r}; choose one of {', '.join(TABLES)}")
        if format not in FORMATS:
            raise HTTPException(422, f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")
        workdir = Path(tempfile.mkdtemp(prefix="tracepatrol-export-"))
        path = workdir / f"{table}{SUFFIXES[format]}"
        try:
            rows = export_table(cur, table, since, format, path)
        except BaseException:
            shutil.rmtree(workdir, ignore_errors=True)
            raise
        audit.record(cur, who, "data.exported", table, detail=f"{rows} rows as {format}"
                     + (f" since {since.isoformat()}" if since else ""))
        return FileResponse(path, media_type=MEDIA_TYPES[format], filename=path.name,
                            headers={"X-Tracepatrol-Rows": str(rows)},
                            background=BackgroundTask(shutil.rmtree, workdir, ignore_errors=True))

    return router
