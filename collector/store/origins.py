"""Where spans came from, stored once: `span_resources` and `span_scopes`, keyed by a hash of
their content, each span row keeping the two keys (`resource_id`, `scope_id`).

A request's spans share one resource and scope; stored in every row, one 512 KiB resource with
17,000 tiny spans took 8.9 GB. Batches arrive with them dictionary-encoded (collector.decoding.otlp);
here each distinct one is hashed once and written once (again only when a writer has not
written it lately, to move its `last_received_ns`), and readers get them back as dictionary
columns, each parsed once per batch. Retention deletes those no span refers to any more.
This module is the only code naming the two tables.
"""
from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from collector.span import ORIGIN_COLUMNS

DDL = """
CREATE TABLE IF NOT EXISTS span_resources (
    resource_id VARCHAR PRIMARY KEY, attributes JSON USING COMPRESSION zstd, service_name VARCHAR,
    last_received_ns BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS span_scopes (
    scope_id VARCHAR PRIMARY KEY, name VARCHAR, version VARCHAR, last_received_ns BIGINT NOT NULL
);
"""
# The keys as SQL computes them from stored text (the migration); `_resource_id` and `_scope_id`
# compute the same in Python.
RESOURCE_ID_SQL = "left(sha256(resource::VARCHAR), 32)"
SCOPE_ID_SQL = "left(sha256(strlen(coalesce(scope_name, ''))::VARCHAR || ':' || coalesce(scope_name, '') || coalesce(scope_version, '')), 32)"

REWRITE_S = 600  # a writer writes an origin it wrote less than this ago only in the spans' keys
_REMEMBERED = 100_000


def stored(columns: Sequence[str]) -> tuple[str, ...]:
    """`columns` of a span as `spans` holds them: its origins' keys in place of its origins."""
    return tuple(c for c in columns if c not in ORIGIN_COLUMNS) + ("resource_id", "scope_id")


def _resource_id(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _scope_id(name: str | None, version: str | None) -> str:
    name = name or ""
    return hashlib.sha256(f"{len(name.encode())}:{name}{version or ''}".encode()).hexdigest()[:32]


def _pairs(first: pa.DictionaryArray, second: pa.DictionaryArray) -> tuple[pa.Array, list[tuple]]:
    """Each row's index among the distinct (first, second) value pairs, and those pairs: found
    on the dictionaries' indices, so no value is read per row."""
    width = len(second.dictionary) + 1
    key = pc.add(pc.multiply(pc.add(pc.cast(first.indices.fill_null(-1), pa.int64()), 1), width),
                 pc.add(pc.cast(second.indices.fill_null(-1), pa.int64()), 1))
    distinct = pc.unique(key)
    values_a, values_b = first.dictionary.to_pylist(), second.dictionary.to_pylist()
    pairs = [(values_a[k // width - 1] if k // width else None, values_b[k % width - 1] if k % width else None)
             for k in distinct.to_pylist()]
    return pc.index_in(key, value_set=distinct), pairs


class Origins:
    """The store writer's side: batches in, span rows with keys out, origins written once."""

    def __init__(self, clock: Callable[[], int] = time.time_ns):
        self.clock = clock
        self._written: dict[str, int] = {}  # key -> when this writer last wrote it (ns)

    def split(self, batch: pa.Table) -> tuple[pa.Table, pa.Table, pa.Table]:
        """`batch` (decoded spans, origins dictionary-encoded) as span rows with `resource_id`
        and `scope_id` in place of the origin columns, and the distinct resources and scopes.

        The origin columns are read over the whole batch at once, their dictionaries unified
        across the requests it joins: read request by request, a 16-request commit took 3.2 ms
        of CPU here (0.7 now)."""
        now = self.clock()
        origin = batch.select(list(ORIGIN_COLUMNS)).unify_dictionaries()
        column = lambda name: origin.column(name).combine_chunks()
        rows, pairs = _pairs(column("resource"), column("service_name"))
        ids = [None if text is None else _resource_id(text) for text, _ in pairs]
        resources = {i: pair for i, pair in zip(ids, pairs) if i is not None}
        resource_ids = pc.take(pa.array(ids, pa.string()), rows)
        rows, pairs = _pairs(column("scope_name"), column("scope_version"))
        ids = [_scope_id(*pair) for pair in pairs]
        scopes = dict(zip(ids, pairs))
        scope_ids = pc.take(pa.array(ids, pa.string()), rows)
        spans = batch.drop_columns(list(ORIGIN_COLUMNS))
        spans = spans.append_column("resource_id", resource_ids).append_column("scope_id", scope_ids)
        fresh = lambda found: [k for k in found if now - self._written.get(k, -REWRITE_S * 10**9) >= REWRITE_S * 10**9]
        new_resources, new_scopes = fresh(resources), fresh(scopes)
        resource_rows = pa.table({"resource_id": pa.array(new_resources, pa.string()),
                                  "attributes": pa.array([resources[k][0] for k in new_resources], pa.string()),
                                  "service_name": pa.array([resources[k][1] for k in new_resources], pa.string()),
                                  "last_received_ns": pa.array([now] * len(new_resources), pa.int64())})
        scope_rows = pa.table({"scope_id": pa.array(new_scopes, pa.string()),
                               "name": pa.array([scopes[k][0] for k in new_scopes], pa.string()),
                               "version": pa.array([scopes[k][1] for k in new_scopes], pa.string()),
                               "last_received_ns": pa.array([now] * len(new_scopes), pa.int64())})
        return spans, resource_rows, scope_rows

    def written(self, tables: tuple[pa.Table, pa.Table]) -> None:
        """Note the origins of a committed transaction as written now."""
        if len(self._written) > _REMEMBERED:
            self._written.clear()
        now = self.clock()
        for table in tables:
            for key in table.column(0).to_pylist():
                self._written[key] = now


def upsert(con: duckdb.DuckDBPyConnection, resources: pa.Table, scopes: pa.Table) -> None:
    """Write origins, or move their `last_received_ns`; the caller owns the transaction (and
    passes `resources` with its JSON column typed, see `TraceStore._typed`)."""
    for table, key, rows in (("span_resources", "resource_id", resources), ("span_scopes", "scope_id", scopes)):
        if rows.num_rows:
            _rows = rows  # read by name below
            con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM _rows "
                        f"ON CONFLICT ({key}) DO UPDATE SET last_received_ns = excluded.last_received_ns")


def attach(con: duckdb.DuckDBPyConnection, spans: pa.Table) -> pa.Table:
    """Stored span rows with their origins in place of the keys: `resource`, `scope_name`,
    `scope_version` and `service_name` as dictionary columns (each origin once, however many
    rows share it), read in two small queries."""
    resource_ids, scope_ids = spans.column("resource_id"), spans.column("scope_id")
    _ids = pa.table({"id": pc.unique(resource_ids.combine_chunks())})  # read by name below
    resources = con.sql("SELECT resource_id, attributes::VARCHAR, service_name FROM span_resources "
                        "SEMI JOIN _ids ON resource_id = _ids.id").fetchall()
    _ids = pa.table({"id": pc.unique(scope_ids.combine_chunks())})  # noqa: F841 (read by name below)
    scopes = con.sql("SELECT scope_id, name, version FROM span_scopes SEMI JOIN _ids ON scope_id = _ids.id").fetchall()
    spans = spans.drop_columns(["resource_id", "scope_id"])
    for keys, found, names in ((resource_ids, resources, ("resource", "service_name")),
                               (scope_ids, scopes, ("scope_name", "scope_version"))):
        index = pc.index_in(keys, value_set=pa.array([row[0] for row in found], pa.string()))
        for i, name in enumerate(names, start=1):
            values = pa.array([row[i] for row in found], pa.string())
            spans = spans.append_column(name, pa.chunked_array(
                [pa.DictionaryArray.from_arrays(chunk, values) for chunk in index.chunks], pa.dictionary(pa.int32(), pa.string())))
    return spans


def expire(con: duckdb.DuckDBPyConnection, before_ns: int, limit: int) -> dict[str, int]:
    """Delete up to `limit` origins of each kind last received before `before_ns` that no span
    refers to any more; returns rows deleted per table."""
    return {table: con.execute(f"""DELETE FROM {table} WHERE rowid IN (
                                    SELECT rowid FROM {table} WHERE last_received_ns < ?
                                    AND {key} NOT IN (SELECT {key} FROM spans WHERE {key} IS NOT NULL) LIMIT ?)""",
                               [before_ns, limit]).fetchall()[0][0]
            for table, key in (("span_resources", "resource_id"), ("span_scopes", "scope_id"))}
