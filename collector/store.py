"""The collector's DuckDB tables: spans (kept whole), traces, tool_calls, tool_definitions and
trace_quarantine (traces that could not be built or stored: their spans stay, the reason is kept).

This module owns their DDL and every write to them. Writes come from one thread (the
`StoreWriter`); readers use their own cursors. All writes are batched and columnar (Arrow).
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import duckdb
import orjson
import pyarrow as pa
import pyarrow.compute as pc
from pydantic import BaseModel

from collector.json_limits import clip
from collector.span import RECORD_FIELDS, SpanRecord
from collector.trajectory import Trajectory
from infra.schema import ensure_schema
from infra.timeutil import from_ns

SCHEMA_VERSION = 3
COMPONENT = "collector"

_DDL = """
CREATE TABLE IF NOT EXISTS schema_versions (component VARCHAR PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS spans (
    trace_id VARCHAR NOT NULL, span_id VARCHAR NOT NULL, parent_span_id VARCHAR,
    name VARCHAR, kind TINYINT, start_ns BIGINT, end_ns BIGINT,
    status_code TINYINT, status_message VARCHAR,
    attributes JSON, events JSON, links JSON, resource JSON,
    scope_name VARCHAR, scope_version VARCHAR, service_name VARCHAR,
    trace_state VARCHAR, flags BIGINT, received_ns BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS traces (
    trace_id VARCHAR PRIMARY KEY, version INTEGER NOT NULL,
    service_name VARCHAR, agent_name VARCHAR, agent_version VARCHAR, root_span_name VARCHAR,
    start_time TIMESTAMP, end_time TIMESTAMP, duration_ms DOUBLE,
    status VARCHAR, error_type VARCHAR, user_id VARCHAR, session_id VARCHAR,
    input VARCHAR, output VARCHAR,
    input_tokens BIGINT, output_tokens BIGINT, total_tokens BIGINT, first_token_ms DOUBLE,
    llm_calls INTEGER, tool_call_count INTEGER, tool_errors INTEGER, span_count INTEGER,
    tool_names VARCHAR[], span_names VARCHAR[],
    attributes JSON, trajectory JSON,
    completed_at TIMESTAMP NOT NULL,
    first_received_ns BIGINT, last_received_ns BIGINT,
    redacted INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tool_calls (
    trace_id VARCHAR NOT NULL, version INTEGER, seq INTEGER, name VARCHAR, call_id VARCHAR,
    arguments JSON, arguments_raw VARCHAR, result JSON, status VARCHAR, error VARCHAR,
    error_type VARCHAR, start_time TIMESTAMP, duration_ms DOUBLE, span_id VARCHAR,
    parent_span_id VARCHAR, offered BOOLEAN
);
CREATE TABLE IF NOT EXISTS tool_definitions (
    trace_id VARCHAR NOT NULL, name VARCHAR, description VARCHAR, parameters JSON
);
CREATE TABLE IF NOT EXISTS trace_quarantine (
    trace_id VARCHAR PRIMARY KEY, reason VARCHAR NOT NULL, quarantined_at TIMESTAMP NOT NULL,
    first_received_ns BIGINT, last_received_ns BIGINT, span_count INTEGER
);
"""


# Steps that bring a database from version N (the key) to N + 1, run in order at start-up.
_MIGRATIONS: dict[int, str] = {
    1: "ALTER TABLE traces ADD COLUMN redacted INTEGER DEFAULT 0",
    # The dedup key became (trace_id, span_id) whatever the start time: drop later copies.
    2: """DELETE FROM spans WHERE rowid IN (
           SELECT rowid FROM spans QUALIFY row_number() OVER (PARTITION BY trace_id, span_id ORDER BY received_ns) > 1)""",
}


def _json(value) -> str | None:
    """JSON text; a value nested past what orjson writes keeps its deep parts as marked text."""
    if value is None:
        return None
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return orjson.dumps(clip(value)).decode()


@dataclass(frozen=True)
class Assembled:
    """A built trajectory with what the store keeps beside it."""

    trajectory: Trajectory
    span_names: frozenset[str]
    first_received_ns: int
    last_received_ns: int
    redacted: int = 0  # personal-data masks in the trace's spans (collector.redaction)


@dataclass(frozen=True)
class PriorTrajectory:
    version: int
    first_received_ns: int


class TraceStore:
    """Span and trajectory persistence. Not thread-safe: one writer thread owns an instance."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self.con = con
        ensure_schema(con, COMPONENT, SCHEMA_VERSION, _DDL, _MIGRATIONS)

    # -- spans -------------------------------------------------------------------------------
    def append_spans(self, batch: pa.Table, since_received_ns: int | None = None) -> pa.Table:
        """Insert spans whose (trace_id, span_id) is not stored yet; returns what assembly needs of
        the new ones (trace_id, parent_span_id, received_ns, span_id), so a re-sent span changes
        nothing downstream. Caller owns the transaction.

        Only two slices of `spans` are scanned (zone maps keep both cheap): the batch's
        start-time range, where an exact re-send lies, and what arrived since
        `since_received_ns`, the first arrival of the batch's traces as the writer knows it, where
        a copy re-sent with another start time lies.
        """
        if batch.num_rows == 0:
            return batch.select(list(NEW_SPAN_COLUMNS))
        starts = batch.column("start_ns")
        lo, hi = pc.min(starts).as_py(), pc.max(starts).as_py()
        since = 2**63 - 1 if since_received_ns is None else since_received_ns
        self.con.register("_incoming", batch)
        try:
            return self.con.sql(
                f"""
                INSERT INTO spans
                SELECT b.* FROM (
                    SELECT * FROM _incoming QUALIFY row_number() OVER (PARTITION BY trace_id, span_id) = 1
                ) b
                ANTI JOIN (SELECT trace_id, span_id FROM spans WHERE start_ns BETWEEN ? AND ?
                           UNION ALL SELECT trace_id, span_id FROM spans WHERE received_ns >= ?) s
                ON b.trace_id = s.trace_id AND b.span_id = s.span_id
                RETURNING {", ".join(NEW_SPAN_COLUMNS)}
                """,
                params=[lo, hi, since],
            ).to_arrow_table()  # a statement with effects runs once, here
        finally:
            self.con.unregister("_incoming")

    def load_span_table(self, trace_ids: Sequence[str], since_received_ns: int,
                        max_spans: int = 2**31 - 1) -> tuple[pa.Table, dict[str, int]]:
        """Stored spans of these traces as Arrow, at most `max_spans` per trace (roots first, then
        by start time), and how many each trace had past that. `since_received_ns` bounds the scan.

        The cap keeps building a huge trace bounded in time and memory: the surplus never leaves DuckDB.
        """
        ids = pa.table({"trace_id": pa.array(list(trace_ids), pa.string())})
        self.con.register("_wanted", ids)
        try:
            table = self.con.sql(
                f"""
                SELECT {", ".join("s." + c for c in _RECORD_COLUMNS)}, count(*) OVER (PARTITION BY s.trace_id) AS _n
                FROM spans s SEMI JOIN _wanted w ON s.trace_id = w.trace_id
                WHERE s.received_ns >= $since
                QUALIFY row_number() OVER (PARTITION BY s.trace_id
                                           ORDER BY s.parent_span_id IS NULL DESC, s.start_ns, s.span_id) <= $max
                ORDER BY s.trace_id, s.start_ns
                """,
                params={"since": since_received_ns, "max": max_spans},
            ).to_arrow_table()
        finally:
            self.con.unregister("_wanted")
        over = pc.greater(table.column("_n"), max_spans)
        omitted = {}
        if pc.any(over).as_py():
            big = table.filter(over).group_by("trace_id").aggregate([("_n", "max")])
            omitted = {t: n - max_spans for t, n in zip(big.column("trace_id").to_pylist(), big.column("_n_max").to_pylist())}
        return table.drop_columns(["_n"]), omitted

    # -- trajectories ------------------------------------------------------------------------
    def prior(self, trace_ids: Sequence[str]) -> dict[str, PriorTrajectory]:
        ids = pa.table({"trace_id": pa.array(list(trace_ids), pa.string())})
        self.con.register("_wanted", ids)
        try:
            rows = self.con.execute(
                "SELECT t.trace_id, t.version, t.first_received_ns FROM traces t SEMI JOIN _wanted w USING (trace_id)"
            ).fetchall()
        finally:
            self.con.unregister("_wanted")
        return {tid: PriorTrajectory(v, first or 0) for tid, v, first in rows}

    def save_tables(self, tables: "TrajectoryTables", replaced: Sequence[str]) -> int:
        """Write built trajectories, replacing the rows of `replaced` traces; caller owns the transaction.

        Only the rows of `replaced` traces go through INSERT OR REPLACE: its key lookups made it
        five times slower than a plain INSERT of new traces, which are nearly all of them.
        """
        if not len(tables):
            return 0
        traces = tables.traces
        if replaced:
            self._delete_traces(("tool_calls", "tool_definitions"), replaced)
            again = pc.is_in(traces.column("trace_id"), pa.array(list(replaced), pa.string()))
            self._insert("traces", traces.filter(again), replace=True)
            traces = traces.filter(pc.invert(again))
        self._delete_traces(("trace_quarantine",), tables.traces.column("trace_id").to_pylist())
        self._insert("traces", traces)
        self._insert("tool_calls", tables.tool_calls)
        self._insert("tool_definitions", tables.tool_definitions)
        return len(tables)

    def _delete_traces(self, tables: Sequence[str], trace_ids: Sequence[str]) -> None:
        self.con.register("_gone", pa.table({"trace_id": pa.array(list(trace_ids), pa.string())}))
        try:
            for table in tables:
                self.con.execute(f"DELETE FROM {table} WHERE trace_id IN (SELECT trace_id FROM _gone)")
        finally:
            self.con.unregister("_gone")

    def _insert(self, table: str, data: pa.Table, replace: bool = False) -> None:
        if data.num_rows == 0:
            return
        self.con.register("_rows", data)
        try:
            verb = "INSERT OR REPLACE" if replace else "INSERT"
            self.con.execute(f"{verb} INTO {table} BY NAME SELECT * FROM _rows")
        finally:
            self.con.unregister("_rows")

    def recently_assembled(self, limit: int) -> list[tuple[str, int]]:
        """The `limit` traces assembled last, oldest first, with their first span's arrival."""
        rows = self.con.execute("SELECT trace_id, coalesce(first_received_ns, 0) FROM traces "
                                "ORDER BY completed_at DESC LIMIT ?", [limit]).fetchall()
        return rows[::-1]

    # -- quarantine --------------------------------------------------------------------------
    def quarantine(self, trace_id: str, reason: str, at: dt.datetime, first_received_ns: int,
                   last_received_ns: int, span_count: int) -> None:
        """Record a trace that cannot be built or stored; its spans stay. Caller owns the transaction.

        A later arrival of spans gives the trace another chance (`pending_since_restart` after a
        restart too); failing again updates the row.
        """
        self.con.execute("INSERT OR REPLACE INTO trace_quarantine VALUES (?, ?, ?, ?, ?, ?)",
                         [trace_id, reason[:2000], at, first_received_ns, last_received_ns, span_count])

    def quarantined(self, limit: int = 100) -> list[dict]:
        cur = self.con.cursor()
        try:
            return quarantined(cur, limit)
        finally:
            cur.close()

    def pending_since_restart(self) -> list[tuple[str, int, int, bool]]:
        """Traces with spans newer than their trajectory (or none yet), less those quarantined
        since their last span: the assembler's backlog.

        Returns (trace_id, first_received_ns, last_received_ns, root_seen) rows.
        """
        return self.con.execute(
            """
            SELECT s.trace_id, min(s.received_ns), max(s.received_ns),
                   bool_or(s.parent_span_id IS NULL) OR bool_or(t.trace_id IS NOT NULL)
            FROM spans s LEFT JOIN traces t USING (trace_id) LEFT JOIN trace_quarantine q USING (trace_id)
            WHERE t.trace_id IS NULL OR s.received_ns > t.last_received_ns
            GROUP BY s.trace_id
            HAVING max(s.received_ns) > coalesce(any_value(q.last_received_ns), 0)
            """
        ).fetchall()


def quarantined(cur: duckdb.DuckDBPyConnection, limit: int = 100) -> list[dict]:
    """The latest quarantined traces, newest first: trace_id, reason, quarantined_at and span_count
    (the spans it had when quarantined). A reader's cursor will do: this only reads."""
    rows = cur.execute("SELECT trace_id, reason, quarantined_at, span_count FROM trace_quarantine "
                       "ORDER BY quarantined_at DESC, trace_id LIMIT ?", [limit]).fetchall()
    return [dict(zip(("trace_id", "reason", "quarantined_at", "span_count"), row)) for row in rows]


NEW_SPAN_COLUMNS = ("trace_id", "parent_span_id", "received_ns", "span_id")
_RECORD_COLUMNS = ("trace_id", "span_id", "parent_span_id", "name", "kind", "start_ns", "end_ns", "status_code",
                   "status_message", "attributes", "events", "resource", "scope_name", "service_name")


def records_by_trace(table: pa.Table) -> dict[str, list[SpanRecord]]:
    """Span records grouped by trace, from `load_span_table`'s Arrow table."""
    out: dict[str, list[SpanRecord]] = {}
    for record in SpanRecord.from_columns([table.column(name).to_pylist() for name in RECORD_FIELDS]):
        out.setdefault(record.trace_id, []).append(record)
    return out


@dataclass(frozen=True)
class TrajectoryTables:
    """Built trajectories as the rows of traces, tool_calls and tool_definitions (picklable)."""

    traces: pa.Table
    tool_calls: pa.Table
    tool_definitions: pa.Table
    failed: tuple[tuple[str, str], ...] = ()  # (trace_id, reason) of traces that could not be built
    build_ns: int = 0  # time it took to build them (IngestStats.assembly_build_ns)

    def __len__(self) -> int:
        return self.traces.num_rows

    def completed(self, at: dt.datetime) -> "TrajectoryTables":
        """The same rows, stamped as completed at `at`."""
        column = self.traces.schema.get_field_index("completed_at")
        stamped = pa.array([at] * self.traces.num_rows, self.traces.schema.field(column).type)
        return dataclasses.replace(self, traces=self.traces.set_column(column, "completed_at", stamped))

    def only(self, trace_id: str) -> "TrajectoryTables":
        """The rows of one trace, to store it apart from the others."""
        def of(table: pa.Table) -> pa.Table:
            return table.filter(pc.equal(table.column("trace_id"), trace_id))
        return TrajectoryTables(of(self.traces), of(self.tool_calls), of(self.tool_definitions))


def failure_reason(exc: BaseException) -> str:
    """What a quarantine row and the log say about why a trace could not be built or stored."""
    return f"{type(exc).__name__}: {exc}"[:2000]


def trajectory_tables(items: Iterable[Assembled], completed_at: dt.datetime) -> TrajectoryTables:
    """Pure: trajectories to table rows, so it can run in another process than the writer.

    A trajectory whose values fit no row (a number past a column's range…) is left out and
    listed in `failed`; the others are kept.
    """
    items = list(items)
    try:
        return _tables(items, completed_at)
    except Exception:  # find the culprits one by one: rare, so the cost does not matter
        pass
    good, failed = [], []
    for item in items:
        try:
            _tables([item], completed_at)
            good.append(item)
        except Exception as exc:
            failed.append((item.trajectory.trace_id, failure_reason(exc)))
    return dataclasses.replace(_tables(good, completed_at), failed=tuple(failed))


def _tables(items: list[Assembled], completed_at: dt.datetime) -> TrajectoryTables:
    traces, calls, defs = _TraceRows(), _Rows(_TOOL_CALL_COLUMNS), _Rows(_TOOL_DEF_COLUMNS)
    for item in items:
        traj = item.trajectory
        traces.add(item, completed_at)
        for call in traj.tool_calls:
            calls.append(
                traj.trace_id, traj.version, call.seq, call.name, call.call_id,
                _json(call.arguments) if call.arguments_valid_json else _json(call.arguments_raw),
                call.arguments_raw, _json(call.result), call.status, call.error, call.error_type,
                from_ns(call.start_ns), call.duration_ms, call.span_id, call.parent_span_id, call.offered,
            )
        for tool in traj.tools_offered:
            defs.append(traj.trace_id, tool.name, tool.description, _json(tool.parameters))
    return TrajectoryTables(traces.table(), calls.table(), defs.table())


def trajectory_loader(con: duckdb.DuckDBPyConnection) -> Callable[[Sequence[str]], dict[str, Trajectory]]:
    """read_trajectories on a fresh cursor per call: callers run on their own threads."""
    def load(trace_ids: Sequence[str]) -> dict[str, Trajectory]:
        cur = con.cursor()
        try:
            return read_trajectories(cur, trace_ids)
        finally:
            cur.close()
    return load


def read_trajectories(con: duckdb.DuckDBPyConnection, trace_ids: Sequence[str]) -> dict[str, Trajectory]:
    """The current trajectory of each trace that has one."""
    if not trace_ids:
        return {}
    rows = con.execute("SELECT trace_id, trajectory FROM traces WHERE trace_id IN (SELECT unnest(?))",
                       [list(trace_ids)]).fetchall()
    return {tid: Trajectory.model_validate_json(doc) for tid, doc in rows}


_TOOL_CALL_COLUMNS = (
    "trace_id", "version", "seq", "name", "call_id", "arguments", "arguments_raw", "result", "status",
    "error", "error_type", "start_time", "duration_ms", "span_id", "parent_span_id", "offered",
)
_TOOL_DEF_COLUMNS = ("trace_id", "name", "description", "parameters")


class _Rows:
    """Row-wise appends, column-wise Arrow table out.

    Columns are typed by name, text unless listed: inferring a type from Python values costs
    pyarrow more than the conversion itself, and leaves a column of only None untyped.
    """

    TYPES: dict[str, pa.DataType] = {
        **dict.fromkeys(("version", "seq", "input_tokens", "output_tokens", "total_tokens", "llm_calls",
                         "tool_call_count", "tool_errors", "span_count", "first_received_ns",
                         "last_received_ns", "redacted"), pa.int64()),
        **dict.fromkeys(("start_time", "end_time", "completed_at"), pa.timestamp("us")),
        **dict.fromkeys(("duration_ms", "first_token_ms"), pa.float64()),
        **dict.fromkeys(("tool_names", "span_names"), pa.list_(pa.string())),
        "offered": pa.bool_(),
    }

    def __init__(self, columns: Sequence[str]):
        self.columns = tuple(columns)
        self.data: list[tuple] = []

    def append(self, *values) -> None:
        self.data.append(values)

    def table(self) -> pa.Table:
        values = zip(*self.data) if self.data else [()] * len(self.columns)
        return pa.table({name: pa.array(column, self.TYPES.get(name, pa.string()))
                         for name, column in zip(self.columns, values)})


class _TraceRows(_Rows):
    def __init__(self):
        super().__init__((
            "trace_id", "version", "service_name", "agent_name", "agent_version", "root_span_name",
            "start_time", "end_time", "duration_ms", "status", "error_type", "user_id", "session_id",
            "input", "output", "input_tokens", "output_tokens", "total_tokens", "first_token_ms",
            "llm_calls", "tool_call_count", "tool_errors", "span_count", "tool_names", "span_names",
            "attributes", "trajectory", "completed_at", "first_received_ns", "last_received_ns", "redacted",
        ))

    def add(self, item: Assembled, completed_at: dt.datetime) -> None:
        t = item.trajectory
        self.append(
            t.trace_id, t.version, t.service_name, t.agent.name, t.agent.version, t.root_span_name,
            from_ns(t.start_ns), from_ns(t.end_ns), t.duration_ms, t.status, t.error_type, t.user_id, t.session_id,
            t.input, t.output, t.tokens.input, t.tokens.output, t.tokens.total, t.first_token_ms,
            t.llm_call_count, len(t.tool_calls), t.tool_errors, t.span_count,
            sorted({c.name for c in t.tool_calls}), sorted(item.span_names),
            _json(t.attributes), self.document(t), completed_at, item.first_received_ns, item.last_received_ns,
            item.redacted,
        )

    @staticmethod
    def document(trajectory: Trajectory) -> str:
        """`trajectory.model_dump_json()` in a third of the time: orjson writes these plain models
        (no aliases, extras or custom serializers; fields in order, numbers and strings alike) to
        the same bytes. Values orjson refuses (an integer past 64 bits) are left to pydantic, deep
        parts clipped to what pydantic reads back."""
        try:
            return orjson.dumps(trajectory, default=_TraceRows._fields).decode()
        except orjson.JSONEncodeError:  # past 64 bits, or nested past what orjson writes
            return Trajectory.model_validate(clip(trajectory.model_dump(), 200)).model_dump_json()

    @staticmethod
    def _fields(value: object) -> dict:
        """A nested model as orjson should write it: its fields."""
        if isinstance(value, BaseModel):
            return value.__dict__
        raise TypeError(f"{type(value).__name__} is not JSON serializable")
