"""Retention's share of the collector's tables: expired spans, and expired trajectories with their
tool calls and definitions, deleted in bounded chunks (`collector.store.retention.expire_in_chunks`)."""
from __future__ import annotations

import datetime as dt

import duckdb

from collector.store.retention import expire_in_chunks
import collector.store.origins as origins


def expire_spans(con: duckdb.DuckDBPyConnection, ended_before_ns: int) -> dict[str, int]:
    """Delete the spans that ended before `ended_before_ns`, then the resources and scopes last
    received before it that no span refers to any more; returns rows deleted per table."""
    def chunk(limit: int) -> dict[str, int]:
        return {"spans": con.execute("DELETE FROM spans WHERE rowid IN (SELECT rowid FROM spans WHERE end_ns < ? LIMIT ?)",
                                     [ended_before_ns, limit]).fetchall()[0][0]}

    def unused(limit: int) -> dict[str, int]:
        found = origins.expire(con, ended_before_ns, limit)
        return {**found, "origins": max(found.values())}

    spans = expire_in_chunks(con, chunk, "spans")
    unreferenced = expire_in_chunks(con, unused, "origins")
    return {**spans, "span_resources": unreferenced["span_resources"], "span_scopes": unreferenced["span_scopes"]}


def expire_traces(con: duckdb.DuckDBPyConnection, before: dt.datetime) -> dict[str, int]:
    """Delete the trajectories that ended before `before` (naive UTC; one that never ended by when it
    was built) with their tool calls and definitions; returns rows deleted per table."""
    def chunk(limit: int) -> dict[str, int]:
        con.execute("CREATE OR REPLACE TEMP TABLE _expired AS SELECT trace_id FROM traces "
                    "WHERE coalesce(end_time, completed_at) < ? LIMIT ?", [before, limit])
        try:
            return {table: con.execute(f"DELETE FROM {table} WHERE trace_id IN (SELECT trace_id FROM _expired)").fetchall()[0][0]
                    for table in ("tool_calls", "tool_definitions", "traces")}
        finally:
            con.execute("DROP TABLE IF EXISTS _expired")
    return expire_in_chunks(con, chunk, "traces")
