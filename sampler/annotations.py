"""Human annotations of traces, kept as history: every annotation stays, newest last.

Two kinds of annotation share the table. A *status* (`reviewed`, `flagged`, …): a trace's latest
one is its current status, which the `annotation` filter reads, so people can point a task at the
traces they triaged (e.g. `annotation eq flagged`). A *label* (`name` and `value`): one of the
labels defined once in `sampler.annotation_configs` (categorical, score or free text), checked
against its config; a reviewer's latest value of a label is theirs for that trace, earlier ones
stay as history. Imports are all-or-nothing: a file with one bad row changes nothing and the
error names every bad line. Schema 2 added the label columns (`name`, `value`, `score`) and made
`status` optional; a schema-1 table is migrated in place, its rows kept as they were.
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import orjson
import pyarrow as pa

from infra.schema import ensure_schema, installed_version, stored_table
from infra.timeutil import utcnow
from sampler import annotation_configs
from sampler.annotation_configs import ConfigError

SCHEMA_VERSION = 2
COMPONENT = "annotations"
STATUS = re.compile(r"[a-z][a-z0-9_]{0,63}")
COLUMNS = ("trace_id", "status", "label", "note", "author", "name", "value")
MAX_REPORTED = 20
Row = dict[str, Any] | str  # a parsed import row, or why its line could not be parsed

_DDL = """
CREATE SEQUENCE IF NOT EXISTS annotations_seq;
CREATE TABLE IF NOT EXISTS annotations (
    id BIGINT PRIMARY KEY,  -- from annotations_seq, in the order rows were given
    trace_id VARCHAR NOT NULL, status VARCHAR,
    label VARCHAR, note VARCHAR, author VARCHAR,
    created_at TIMESTAMP NOT NULL,
    name VARCHAR, value VARCHAR, score DOUBLE  -- a label's name and value (its number for a score)
);
"""
_MIGRATIONS = {1: """
ALTER TABLE annotations ADD COLUMN name VARCHAR;
ALTER TABLE annotations ADD COLUMN value VARCHAR;
ALTER TABLE annotations ADD COLUMN score DOUBLE;
ALTER TABLE annotations ALTER COLUMN status DROP NOT NULL;
"""}
_READ = "trace_id, status, label, note, author, name, value, created_at, score"

class AnnotationError(ValueError):
    """A bad annotation or import file; the message says which rows and why."""


@dataclass(frozen=True)
class Annotation:
    trace_id: str
    status: str | None
    label: str | None
    note: str | None
    author: str | None
    name: str | None
    value: str | None
    created_at: dt.datetime
    score: float | None = None


def ensure_table(con: duckdb.DuckDBPyConnection) -> None:
    """Create, migrate or check the table; writes only when it is missing or older, so readers may call it too."""
    if installed_version(con, COMPONENT) != SCHEMA_VERSION:
        ensure_schema(con, COMPONENT, SCHEMA_VERSION, _DDL, _MIGRATIONS)


def scope(con: duckdb.DuckDBPyConnection, trace_ids: str) -> None:
    """Make this cursor see the annotations of a project's traces only (the query `trace_ids` gives
    them; a temporary view named like the table). Annotating through it writes the table itself."""
    ensure_table(con)
    con.execute(f"CREATE OR REPLACE TEMP VIEW annotations AS SELECT a.* FROM {stored_table(con, 'annotations')} a "
                f"WHERE a.trace_id IN ({trace_ids})")


def current_statuses(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyRelation:
    """A relation of (trace_id, status): each annotated trace's current status, for the `annotation`
    filter to read inside a selection. The id breaks ties between rows written in the same instant."""
    ensure_table(con)
    return con.sql("SELECT trace_id, arg_max(status, id) AS status FROM annotations WHERE status IS NOT NULL "
                   "GROUP BY trace_id")


def _row_problem(row: dict[str, Any], configs: dict[str, annotation_configs.AnnotationConfig]) -> str | None:
    unknown = sorted(set(row) - set(COLUMNS))
    if unknown:
        return f"unknown column {unknown[0]!r}; valid: {', '.join(COLUMNS)}"
    for key in COLUMNS:
        if row.get(key) is not None and not isinstance(row[key], str):
            return f"{key} must be text (got {row[key]!r})"
    if not (row.get("trace_id") or "").strip():
        return "trace_id is missing"
    status, name = row.get("status") or "", (row.get("name") or "").strip()
    if (row.get("value") or "").strip() and not name:
        return "a value needs the name of its label"
    if not status and not name:
        return "give a status, or a label's name and value"
    if status and not STATUS.fullmatch(status):
        return f"status {status!r} is not a lower_snake_case word (e.g. reviewed, flagged, approved, rejected, pending)"
    if name:
        config = configs.get(name)
        if config is None:
            return f"unknown label {name!r}; defined: {', '.join(configs) or 'none yet'}"
        try:
            config.check(row.get("value") or "")
        except ConfigError as exc:
            return str(exc)
    return None


def _clean(row: dict[str, Any], configs: dict[str, annotation_configs.AnnotationConfig]) -> dict[str, Any]:
    """Trimmed values (a label's value as its config stores it); empty optional fields become NULL."""
    out: dict[str, Any] = {key: (row.get(key) or "").strip() or None for key in COLUMNS}
    out["score"] = None
    if out["name"]:
        out["value"], out["score"] = configs[out["name"]].check(row.get("value") or "")
    return out


def _configs(con: duckdb.DuckDBPyConnection) -> dict[str, annotation_configs.AnnotationConfig]:
    return {c.name: c for c in annotation_configs.all_configs(con)}


def annotate(con: duckdb.DuckDBPyConnection, trace_id: str, status: str | None = None, label: str | None = None,
             note: str | None = None, author: str | None = None, name: str | None = None,
             value: str | None = None) -> Annotation:
    """Record a status and/or a label's value for a trace (earlier ones stay as history)."""
    row = {"trace_id": trace_id, "status": status, "label": label, "note": note, "author": author, "name": name,
           "value": value}
    configs = _configs(con) if (name or "").strip() else {}
    if problem := _row_problem(row, configs):
        raise AnnotationError(problem)
    _insert(con, [_clean(row, configs)])
    return history(con, row["trace_id"].strip())[0]


def current(con: duckdb.DuckDBPyConnection, trace_id: str) -> Annotation | None:
    """The trace's latest status annotation, or None when it has none."""
    ensure_table(con)
    row = con.execute(f"SELECT {_READ} FROM annotations WHERE trace_id = ? AND status IS NOT NULL "
                      "ORDER BY id DESC LIMIT 1", [trace_id]).fetchone()
    return Annotation(*row) if row else None


def history(con: duckdb.DuckDBPyConnection, trace_id: str, limit: int = 500) -> list[Annotation]:
    """Every annotation of a trace, newest first."""
    ensure_table(con)
    return [Annotation(*r) for r in con.execute(
        f"SELECT {_READ} FROM annotations WHERE trace_id = ? ORDER BY id DESC LIMIT ?", [trace_id, limit]).fetchall()]


_LATEST = f"""SELECT {_READ} FROM annotations WHERE name IS NOT NULL {{where}}
               QUALIFY row_number() OVER (PARTITION BY trace_id, name, coalesce(author, '') ORDER BY id DESC) = 1"""


def latest_values(con: duckdb.DuckDBPyConnection, trace_ids: Sequence[str]) -> dict[str, list[Annotation]]:
    """Per trace: each reviewer's latest value of each label, by label then reviewer."""
    ensure_table(con)
    rows = con.execute(_LATEST.format(where="AND trace_id IN (SELECT unnest(?))") + " ORDER BY name, author",
                       [list(trace_ids)]).fetchall()
    out: dict[str, list[Annotation]] = {}
    for r in rows:
        out.setdefault(r[0], []).append(Annotation(*r))
    return out


def search(con: duckdb.DuckDBPyConnection, name: str | None = None, value: str | None = None,
           author: str | None = None, limit: int = 500) -> list[Annotation]:
    """Reviewers' latest label values matching a label, a value and an author (each optional), newest first."""
    ensure_table(con)
    where, params = ["TRUE"], []
    for column, wanted in (("name", name), ("value", value), ("author", author)):
        if wanted:  # on the latest values: a value a reviewer changed is history, not a match
            where.append(f"{column} = ?")
            params.append(wanted)
    return [Annotation(*r) for r in con.execute(
        f"SELECT * FROM ({_LATEST.format(where='')}) WHERE {' AND '.join(where)} ORDER BY created_at DESC LIMIT ?",
        [*params, limit]).fetchall()]


def authors(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Everyone who annotated, by name."""
    ensure_table(con)
    return [a for (a,) in con.execute("SELECT DISTINCT author FROM annotations WHERE author IS NOT NULL ORDER BY 1").fetchall()]


def export_csv(con: duckdb.DuckDBPyConnection) -> str:
    """Every annotation, oldest first, as CSV with the import's columns and `created_at` (UTC):
    a file `import_data` takes back."""
    ensure_table(con)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*COLUMNS, "created_at"])
    for row in con.execute(f"SELECT {', '.join(COLUMNS)}, created_at FROM annotations ORDER BY id").fetchall():
        writer.writerow([*("" if v is None else v for v in row[:-1]), row[-1].isoformat(" ")])
    return out.getvalue()


FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}


def import_file(con: duckdb.DuckDBPyConnection, path: str | Path) -> int:
    """Import a .csv (header trace_id,status[,label,note,author,name,value]) or .jsonl file; returns rows added."""
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
    rows = [(line, row if isinstance(row, str) else {k: v for k, v in row.items() if k != "created_at"})
            for line, row in readers[fmt](name, text)]  # an export's created_at: the import is the new time
    configs = _configs(con) if any(isinstance(r, dict) and r.get("name") for _, r in rows) else {}
    problems = [f"line {line}: {p}" for line, row in rows
                if (p := row if isinstance(row, str) else _row_problem(row, configs))]
    if problems:
        shown = problems[:MAX_REPORTED]
        more = [f"… and {len(problems) - len(shown)} more"] if len(problems) > len(shown) else []
        raise AnnotationError("\n".join([f"{name}: nothing imported, {len(problems)} bad row(s)", *shown, *more]))
    _insert(con, [_clean(row, configs) for _, row in rows])
    return len(rows)


def _read_csv(name: str, text: str) -> list[tuple[int, Row]]:
    reader = csv.DictReader(io.StringIO(text, newline=""), restval=None, strict=True)
    try:
        header = reader.fieldnames or []
        missing = [c for c in ("trace_id", "status") if c not in header]
        if missing and not ("trace_id" in header and "name" in header):
            raise AnnotationError(f"{name}: line 1: header needs trace_id,status[,label,note,author] or "
                                  f"trace_id,name,value[,note,author] (missing {', '.join(missing)})")
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
                    | {"score": pa.array([r["score"] for r in rows], pa.float64()),
                       "created_at": pa.array([utcnow()] * len(rows), pa.timestamp("us"))})
    con.register("_annotations_in", data)
    try:
        con.execute(f"INSERT INTO {stored_table(con, 'annotations')} BY NAME SELECT * FROM _annotations_in")
    finally:
        con.unregister("_annotations_in")
