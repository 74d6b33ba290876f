"""The store writer's side of the collector's tables: spans in, trajectories and quarantine rows
out. Writes come from one thread (the `StoreWriter`); all of them are batched and columnar (Arrow).
"""
from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from collector.span import RECORD_FIELDS, SpanRecord, values
import collector.store.origins as origins
from collector.store.reads import quarantined
from collector.store.recent import RecentStarts
from collector.store.schema import create
from collector.store.rows import TrajectoryTables
from infra.access import DEFAULT_PROJECT

MAX_OWNERS_KEPT = 100_000
NEW_SPAN_COLUMNS = ("trace_id", "parent_span_id", "received_ns", "span_id")
RECORD_COLUMNS = ("trace_id", "span_id", "parent_span_id", "name", "kind", "start_ns", "end_ns", "status_code",
                   "status_message", "attributes", "events", "resource", "scope_name", "service_name")
# DuckDB plans an INSERT ... SELECT of Arrow rows as a batch insert, which gathers the rows in
# collections of its own and then copies them into the transaction's storage: every value is
# appended twice (string statistics and UTF-8 checks included) before the COMMIT appends it again.
# RETURNING makes it plan the plain insert, which appends straight into the transaction's storage;
# the NULLs it returns cost far less (insert + COMMIT of 1,024 spans ~11 % less CPU, of 16,384 ~35 %).
_UNBUFFERED = "RETURNING NULL"



def _json_columns(con: duckdb.DuckDBPyConnection) -> dict[str, frozenset[str]]:
    rows = con.execute("SELECT table_name, column_name FROM duckdb_columns() WHERE data_type = 'JSON' "
                       "AND database_name = current_database() AND schema_name = current_schema()").fetchall()
    found: dict[str, set[str]] = {}
    for table, column in rows:
        found.setdefault(table, set()).add(column)
    return {table: frozenset(columns) for table, columns in found.items()}


@dataclass(frozen=True)
class PriorTrajectory:
    version: int
    first_received_ns: int


class TraceStore:
    """Span and trajectory persistence. Not thread-safe: one writer thread owns an instance."""

    def __init__(self, con: duckdb.DuckDBPyConnection, clock: Callable[[], int] = time.time_ns):
        self.con = con
        create(con)
        self.json_columns = _json_columns(con)
        self.recent = RecentStarts(con.execute("SELECT max(start_ns) FROM spans").fetchone()[0], clock)
        self.origins = origins.Origins(clock)
        self.searches = 0  # commits that looked for stored copies in the table
        self._owners: dict[str, str] = {}  # trace -> project, from loading its spans until its rows are saved

    # -- spans -------------------------------------------------------------------------------
    def append_spans(self, batch: pa.Table, since_received_ns: int | None = None) -> pa.Table:
        """Insert spans whose (trace_id, span_id) is not stored yet; returns what assembly needs of
        the new ones (trace_id, parent_span_id, received_ns, span_id), so a re-sent span changes
        nothing downstream. Caller owns the transaction.

        Copies can only be in two slices of `spans` (zone maps keep both cheap): the batch's
        start-time range, where an exact re-send lies, and what arrived since
        `since_received_ns`, the first arrival of the batch's traces as the writer knows it, where
        a copy re-sent with another start time lies. The first is not searched when `recent`
        knows it holds none of the batch's traces; the second only when the writer knows them.
        Finding the copies is a query of its own, so the insert itself is a plain one: an
        anti-join with RETURNING cost twice as much per span.
        """
        batch = _first_of_each(batch)
        if batch.num_rows == 0:
            return batch.select(list(NEW_SPAN_COLUMNS))
        starts = batch.column("start_ns")
        lo, hi = pc.min(starts).as_py(), pc.max(starts).as_py()
        # One row per trace. Arrow's thread pool cost twice the CPU of the grouping itself on a batch.
        latest = batch.group_by("trace_id", use_threads=False).aggregate([("start_ns", "max")])
        trace_ids, latest_starts = latest.column("trace_id").to_pylist(), latest.column("start_ns_max").to_pylist()
        slices, params = [], []
        if not self.recent.has_none_of(trace_ids, lo):
            slices.append("SELECT trace_id, span_id FROM spans WHERE start_ns BETWEEN ? AND ?")
            params += [lo, hi]
        if since_received_ns is not None:
            slices.append("SELECT trace_id, span_id FROM spans WHERE received_ns >= ?")
            params.append(since_received_ns)
        if slices:
            self.searches += 1
            _keys = batch.select(["trace_id", "span_id"])  # read by name below
            stored = self.con.sql(f"""SELECT s.trace_id, s.span_id FROM ({" UNION ALL ".join(slices)}) s
                                      SEMI JOIN _keys b ON b.trace_id = s.trace_id AND b.span_id = s.span_id""",
                                  params=params).to_arrow_table()
            if stored.num_rows:
                batch = batch.filter(pc.invert(pc.is_in(_span_keys(batch), value_set=_span_keys(stored))))
        if batch.num_rows:  # a retry's batch is often all copies: no statement to run for nothing
            self._insert_spans(batch)
        self.recent.add(trace_ids, latest_starts)  # copies' traces too: they are stored already
        return batch.select(list(NEW_SPAN_COLUMNS))

    def _insert_spans(self, batch: pa.Table) -> None:
        """Insert spans, and their origins where this writer has not written them lately."""
        spans, resources, scopes = self.origins.split(batch)
        _incoming = self._typed("spans", spans)  # read by name below
        self.con.execute(f"INSERT INTO spans BY NAME SELECT * FROM _incoming {_UNBUFFERED}")
        origins.upsert(self.con, self._typed("span_resources", resources), scopes)
        self.origins.written((resources, scopes))

    def rolled_back(self) -> None:
        """The writer's transaction was rolled back: origins it wrote are written again."""
        self.origins = origins.Origins(self.origins.clock)

    def load_span_table(self, trace_ids: Sequence[str], since_received_ns: int, until_received_ns: int = 2**63 - 1,
                        max_spans: int = 2**31 - 1) -> tuple[pa.Table, dict[str, int]]:
        """Stored spans of these traces as Arrow, at most `max_spans` per trace (roots first, then
        by start time), and how many each trace had past that. The traces' arrivals bound the
        scan from both sides, so zone maps skip what came before and after them.

        The cap keeps building a huge trace bounded in time and memory: the surplus never leaves
        DuckDB. Spans are counted first, so the window that enforces the cap only runs when a
        trace is past it.

        A trace belongs to the project of its first span (`since_received_ns` reaches back to it):
        spans another project's key sent with the same trace id stay stored but are left out, so
        no key can write into another project's trajectories.
        """
        _wanted = pa.table({"trace_id": pa.array(list(trace_ids), pa.string())})  # read by name below
        scope = """FROM spans s SEMI JOIN _wanted w ON s.trace_id = w.trace_id
                   WHERE s.received_ns BETWEEN $since AND $until"""
        arrivals = {"since": since_received_ns, "until": until_received_ns}
        columns = ", ".join("s." + c for c in origins.stored(RECORD_COLUMNS))
        counted = self.con.sql(f"""SELECT s.trace_id, count(*), arg_min(s.project, (s.received_ns, s.span_id)),
                                          count(DISTINCT s.project) {scope} GROUP BY s.trace_id""",
                               params=arrivals).fetchall()
        owners = {tid: project for tid, _, project, _ in counted}
        if len(self._owners) > MAX_OWNERS_KEPT:  # traces loaded and never saved: found again from their spans
            self._owners.clear()
        self._owners.update(owners)
        if any(projects > 1 for *_, projects in counted):
            _owner = pa.table({"trace_id": pa.array(list(owners), pa.string()),  # read by name below
                               "project": pa.array(list(owners.values()), pa.string())})
            scope += " AND s.project = (SELECT o.project FROM _owner o WHERE o.trace_id = s.trace_id)"
        over = {tid: n for tid, n, _, _ in counted if n > max_spans}
        if not over:
            return origins.attach(self.con, self.con.sql(f"SELECT {columns} {scope}", params=arrivals).to_arrow_table()), {}
        table = self.con.sql(
            f"""
            SELECT {columns} {scope}
            QUALIFY row_number() OVER (PARTITION BY s.trace_id
                                       ORDER BY s.parent_span_id IS NULL DESC, s.start_ns, s.span_id) <= $max
            """,
            params={**arrivals, "max": max_spans},
        ).to_arrow_table()
        return origins.attach(self.con, table), {tid: n - max_spans for tid, n in over.items()}

    # -- trajectories ------------------------------------------------------------------------
    def prior(self, trace_ids: Sequence[str]) -> dict[str, PriorTrajectory]:
        _wanted = pa.table({"trace_id": pa.array(list(trace_ids), pa.string())})  # read by name below
        rows = self.con.execute(
            "SELECT t.trace_id, t.version, t.first_received_ns FROM traces t SEMI JOIN _wanted w USING (trace_id)"
        ).fetchall()
        return {tid: PriorTrajectory(v, first or 0) for tid, v, first in rows}

    def save_tables(self, tables: TrajectoryTables, replaced: Sequence[str]) -> int:
        """Write built trajectories, replacing the rows of `replaced` traces; caller owns the transaction.

        Only the rows of `replaced` traces go through INSERT OR REPLACE: its key lookups made it
        five times slower than a plain INSERT of new traces, which are nearly all of them.
        """
        if not len(tables):
            return 0
        traces = self._with_projects(tables.traces)
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

    def _with_projects(self, traces: pa.Table) -> pa.Table:
        """Trajectory rows with their traces' projects (as `load_span_table` found them; read
        from the spans for any it did not load, as when rows are stored again one by one)."""
        ids = traces.column("trace_id").to_pylist()
        missing = [tid for tid in ids if tid not in self._owners]
        if missing:
            _missing = pa.table({"trace_id": pa.array(missing, pa.string())})  # read by name below
            self._owners.update(self.con.execute(
                """SELECT s.trace_id, arg_min(s.project, (s.received_ns, s.span_id)) FROM spans s
                   SEMI JOIN _missing m ON s.trace_id = m.trace_id GROUP BY s.trace_id""").fetchall())
        projects = pa.array([self._owners.pop(tid, DEFAULT_PROJECT) for tid in ids], pa.string())
        if "project" in traces.column_names:
            traces = traces.drop_columns(["project"])
        return traces.append_column("project", projects)

    def _delete_traces(self, tables: Sequence[str], trace_ids: Sequence[str]) -> None:
        _gone = pa.table({"trace_id": pa.array(list(trace_ids), pa.string())})  # read by name below
        for table in tables:
            self.con.execute(f"DELETE FROM {table} WHERE trace_id IN (SELECT trace_id FROM _gone)")

    def insert_trajectories(self, rows: duckdb.DuckDBPyRelation) -> None:
        """Trajectory rows made elsewhere, inserted as they are (the sampler benchmark's synthetic traffic)."""
        self._insert("traces", rows)

    def _insert(self, table: str, data: pa.Table | duckdb.DuckDBPyRelation, replace: bool = False) -> None:
        if isinstance(data, pa.Table) and data.num_rows == 0:
            return
        _rows = self._typed(table, data) if isinstance(data, pa.Table) else data  # read by name below
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        self.con.execute(f"{verb} INTO {table} BY NAME SELECT * FROM _rows")

    def _typed(self, table: str, data: pa.Table) -> pa.Table:
        """`data` with the text of `table`'s JSON columns typed as Arrow's JSON extension type.

        DuckDB parses every string it casts to JSON, a fifth of the cost of inserting a span; a
        column typed arrow.json it takes as it is. Everything written here was made by a JSON
        serializer (the decoders' attribute columns, the trajectory rows), so nothing is lost
        by not parsing it again.
        """
        names = self.json_columns.get(table, ())
        for i, field in enumerate(data.schema):
            if field.name in names and field.type == pa.string():
                data = data.set_column(i, pa.field(field.name, pa.json_(), field.nullable), data.column(i).cast(pa.json_()))
        return data

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
        self._owners.pop(trace_id, None)

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


def _span_keys(table: pa.Table) -> pa.ChunkedArray:
    """(trace_id, span_id) as one string per row: what identifies a span."""
    return pc.binary_join_element_wise(table.column("trace_id"), table.column("span_id"), "/")


def _first_of_each(batch: pa.Table) -> pa.Table:
    """The batch with only the first copy of a span sent twice in it (a check in C when, as
    nearly always, there is none)."""
    keys = _span_keys(batch)
    if pc.count_distinct(keys).as_py() == batch.num_rows:
        return batch
    seen: set[str] = set()
    return batch.filter(pa.array([k not in seen and not seen.add(k) for k in keys.to_pylist()]))


def records_by_trace(table: pa.Table) -> dict[str, list[SpanRecord]]:
    """Span records grouped by trace, from `load_span_table`'s Arrow table."""
    out: dict[str, list[SpanRecord]] = {}
    for record in SpanRecord.from_columns([values(table.column(name)) for name in RECORD_FIELDS]):
        out.setdefault(record.trace_id, []).append(record)
    return out

