"""Human annotations of traces, kept as history: the latest row per trace is its current status.

The `annotation` filter reads that current status, so people can point a task at the traces
they triaged (e.g. `annotation eq flagged`). Imports are all-or-nothing: a file with one bad row
changes nothing and the error names every bad line.
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import orjson
import pyarrow as pa

from infra.schema import ensure_schema, installed_version
from infra.timeutil import utcnow

SCHEMA_VERSION = 1
COMPONENT = "annotations"
STATUS = re.compile(r"[a-z][a-z0-9_]{0,63}")
COLUMNS = ("trace_id", "status", "label", "note", "author")
MAX_REPORTED = 20
Row = dict[str, Any] | str  # a parsed import row, or why its line could not be parsed

_DDL = """
CREATE SEQUENCE IF NOT EXISTS annotations_seq;
CREATE TABLE IF NOT EXISTS annotations (
    id BIGINT PRIMARY KEY,  -- from annotations_seq, in the order rows were given
    trace_id VARCHAR NOT NULL, status VARCHAR NOT NULL,
    label VARCHAR, note VARCHAR, author VARCHAR,
    created_at TIMESTAMP NOT NULL
);
"""

class AnnotationError(ValueError):
    """A bad annotation or import file; the message says which rows and why."""


@dataclass(frozen=True)
class Annotation:
    trace_id: str
    status: str
    label: str | None
    note: str | None
    author: str | None
    created_at: dt.datetime


def ensure_table(con: duckdb.DuckDBPyConnection) -> None:
    """Create or check the table; writes only when it is missing, so readers may call it too."""
    if installed_version(con, COMPONENT) != SCHEMA_VERSION:
        ensure_schema(con, COMPONENT, SCHEMA_VERSION, _DDL)


def current_statuses(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyRelation:
    """A relation of (trace_id, status): each annotated trace's current status, for the `annotation`
    filter to read inside a selection. The id breaks ties between rows written in the same instant."""
    ensure_table(con)
    return con.sql("SELECT trace_id, arg_max(status, id) AS status FROM annotations GROUP BY trace_id")


def _row_problem(row: dict[str, Any]) -> str | None:
    unknown = sorted(set(row) - set(COLUMNS))
    if unknown:
        return f"unknown column {unknown[0]!r}; valid: {', '.join(COLUMNS)}"
    for key in COLUMNS:
        if row.get(key) is not None and not isinstance(row[key], str):
            return f"{key} must be text (got {row[key]!r})"
    if not (row.get("trace_id") or "").strip():
        return "trace_id is missing"
    status = row.get("status") or ""
    if not STATUS.fullmatch(status):
        return f"status {status!r} is not a lower_snake_case word (e.g. reviewed, flagged, approved, rejected, pending)"
    return None


def _clean(row: dict[str, Any]) -> dict[str, str | None]:
    """Trimmed values; empty optional fields become NULL."""
    return {key: (row.get(key) or "").strip() or None for key in COLUMNS}


def annotate(con: duckdb.DuckDBPyConnection, trace_id: str, status: str, label: str | None = None,
             note: str | None = None, author: str | None = None) -> Annotation:
    """Record a new current status for a trace (earlier ones stay as history)."""
    row = {"trace_id": trace_id, "status": status, "label": label, "note": note, "author": author}
    if problem := _row_problem(row):
        raise AnnotationError(problem)
    _insert(con, [_clean(row)])
    return current(con, row["trace_id"].strip())


def current(con: duckdb.DuckDBPyConnection, trace_id: str) -> Annotation | None:
    """The latest annotation of a trace, or None when it has none."""
    ensure_table(con)
    row = con.execute(
        f"SELECT {', '.join(COLUMNS)}, created_at FROM annotations WHERE trace_id = ? ORDER BY id DESC LIMIT 1",
        [trace_id],
    ).fetchone()
    return Annotation(*row) if row else None


FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}


def import_file(con: duckdb.DuckDBPyConnection, path: str | Path) -> int:
    """Import a .csv (header trace_id,status[,label,note,author]) or .jsonl file; returns rows added."""
    path = Path(path)
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise AnnotationError(f"{path.name}: unknown format {path.suffix or '(none)'!r}; use .csv or .jsonl")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise AnnotationError(f"{path}: cannot read: {exc.strerror}") from None
    return import_data(con, path.name, data, fmt)


def import_data(con: duckdb.DuckDBPyConnection, name: str, data: bytes, fmt: str) -> int:
    """Import CSV or JSONL content (all rows or none); later rows win for the same trace."""
    readers = {"csv": _read_csv, "jsonl": _read_jsonl}
    if fmt not in readers:
        raise AnnotationError(f"{name}: unknown format {fmt!r}; use csv or jsonl")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise AnnotationError(f"{name}: line {line}: not UTF-8 text ({exc.reason})") from None
    rows = readers[fmt](name, text)
    problems = [f"line {line}: {p}" for line, row in rows if (p := row if isinstance(row, str) else _row_problem(row))]
    if problems:
        shown = problems[:MAX_REPORTED]
        more = [f"… and {len(problems) - len(shown)} more"] if len(problems) > len(shown) else []
        raise AnnotationError("\n".join([f"{name}: nothing imported, {len(problems)} bad row(s)", *shown, *more]))
    _insert(con, [_clean(row) for _, row in rows])
    return len(rows)


def _read_csv(name: str, text: str) -> list[tuple[int, Row]]:
    reader = csv.DictReader(io.StringIO(text, newline=""), restval=None, strict=True)
    try:
        header = reader.fieldnames or []
        missing = [c for c in ("trace_id", "status") if c not in header]
        if missing:
            raise AnnotationError(f"{name}: line 1: header needs trace_id,status[,label,note,author] "
                                  f"(missing {', '.join(missing)})")
        # line_num is where the record ends: its line, unless a quoted cell spans lines.
        return [(reader.line_num, "more cells than the header names" if None in row else row) for row in reader]
    except csv.Error as exc:
        raise AnnotationError(f"{name}: line {reader.reader.line_num}: not readable as CSV ({exc})") from None


def _read_jsonl(name: str, text: str) -> list[tuple[int, Row]]:
    rows: list[tuple[int, Row]] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            continue
        try:
            row = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            rows.append((number, f"invalid JSON: {exc}"))
            continue
        rows.append((number, row if isinstance(row, dict) else f"expected a JSON object, got {type(row).__name__}"))
    return rows


def _insert(con: duckdb.DuckDBPyConnection, rows: list[dict[str, str | None]]) -> None:
    """One INSERT statement, so a batch lands whole or not at all; ids follow the rows' order."""
    if not rows:
        return
    ensure_table(con)
    ids = sorted(i for (i,) in con.execute("SELECT nextval('annotations_seq') FROM range(?)", [len(rows)]).fetchall())
    data = pa.table({"id": pa.array(ids, pa.int64())}
                    | {c: pa.array([r[c] for r in rows], pa.string()) for c in COLUMNS}
                    | {"created_at": pa.array([utcnow()] * len(rows), pa.timestamp("us"))})
    con.register("_annotations_in", data)
    try:
        con.execute("INSERT INTO annotations BY NAME SELECT * FROM _annotations_in")
    finally:
        con.unregister("_annotations_in")
