"""Retention: delete what expired from the collector's tables (and eval results) and reclaim space.

Settings (the `retention` section; these are the defaults)::

    retention:
      spans: 7d      # raw spans, by their end time (spans.end_ns)
      traces: 30d    # trajectories + their tool_calls/tool_definitions, by traces.end_time
      results: 180d  # eval_results, by created_at (only if the evaluators' table exists)
      every: 1h      # how often the scheduled job runs

Durations are an integer and a unit: s, m, h, d or w (``90m``, ``12h``, ``7d``, ``2w``).

Trajectories are expected to outlive raw spans (``spans`` < ``traces``): a trajectory row is
self-contained (its JSON, tool calls and tool definitions), so reports and evaluations keep
working after the spans it was built from are gone. This is not enforced; setting
``spans`` longer than ``traces`` is valid too. Caveat: spans that arrive for a trace whose
spans were already deleted rebuild its trajectory from the late spans only.

Deletes run in bounded chunks (`CHUNK_ROWS` rows per transaction) on the caller's cursor, so
a writer on another cursor only ever waits for (or conflicts with) one small transaction.
DuckDB appends never conflict with deletes of other rows; a chunk that does conflict (the
writer replacing a trajectory that is being expired) is retried.

Space, honestly (measured with DuckDB 2.0.1, see tests/collector/test_retention.py):

* ``CHECKPOINT`` after the deletes vacuums them: row groups are rewritten without the deleted
  rows and the old blocks go to the free list (``pragma_database_size()``: ``used_blocks``
  drops, ``free_blocks`` rises; in the test 26 of 63 blocks stay used). ``VACUUM`` does not
  vacuum deletes and is not used.
* DuckDB truncates the file only when the free blocks are at its end. With time-ordered ingest
  the expired rows sit at the front and the surviving rows at the tail, so right after
  retention ``os.path.getsize`` barely moves (16.8 MB -> 16.5 MB in the test). The file shrinks
  at a later checkpoint that rewrites the tail row groups (the next ingest appends to them): the
  rewrite lands in the freed front blocks and the tail is cut (-> 12.6 MB in the test). In any
  case freed blocks are reused, so under steady retention the file stops growing.
* A checkpoint does not vacuum deletes while a transaction older than them is still open on
  any cursor (an unconsumed result set counts), and tables with an index (``traces`` and
  ``eval_results`` have primary keys) are not vacuumed at all: their deleted rows stay marked
  deleted until a later write rewrites that row group. The only way to force a minimal file is
  a copy (``ATTACH 'new.db' AS new; COPY FROM DATABASE old TO new``) while nothing writes,
  which this job does not do.
"""
from __future__ import annotations

import datetime as dt
import logging
import time

import duckdb
from pydantic import BaseModel, ConfigDict, field_validator

from infra.timeutil import naive_utc, parse_duration, to_ns, utcnow

log = logging.getLogger(__name__)

CHUNK_ROWS = 50_000
_RETRIES = 5
class RetentionSettings(BaseModel):
    """How long each kind of data is kept, and how often expiry runs.

    Trajectories (``traces``) are meant to outlive raw ``spans``; that is not required.
    """

    model_config = ConfigDict(extra="forbid")

    spans: str = "7d"
    traces: str = "30d"
    results: str = "180d"
    every: str = "1h"

    @field_validator("spans", "traces", "results", "every")
    @classmethod
    def _valid(cls, value: str) -> str:
        parse_duration(value)
        return value

    def delta(self, name: str) -> dt.timedelta:
        return parse_duration(getattr(self, name))


def apply_retention(con: duckdb.DuckDBPyConnection, settings: RetentionSettings,
                    now: dt.datetime | None = None) -> dict[str, int]:
    """Delete expired rows, then CHECKPOINT; returns rows deleted per table.

    `con` should be a cursor of its own (not the ingest writer's); `now` is naive UTC or
    aware (converted to UTC). Keys: spans, traces, tool_calls, tool_definitions, eval_results
    (the last only when that table exists).
    """
    now = naive_utc(now) if now else utcnow()
    span_cutoff_ns = to_ns(now - settings.delta("spans"))
    trace_cutoff = now - settings.delta("traces")
    result_cutoff = now - settings.delta("results")

    deleted = {"spans": 0, "traces": 0, "tool_calls": 0, "tool_definitions": 0}
    deleted["spans"] = _delete_chunks(
        con, "DELETE FROM spans WHERE rowid IN (SELECT rowid FROM spans WHERE end_ns < ? LIMIT ?)",
        [span_cutoff_ns, CHUNK_ROWS])
    _expire_traces(con, trace_cutoff, deleted)
    if _table_exists(con, "eval_results"):
        deleted["eval_results"] = _delete_chunks(
            con, "DELETE FROM eval_results WHERE rowid IN (SELECT rowid FROM eval_results WHERE created_at < ? LIMIT ?)",
            [result_cutoff, CHUNK_ROWS])
    if any(deleted.values()):
        _checkpoint(con)
    log.info("retention deleted %s", deleted)
    return deleted


def _table_exists(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    return con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = ? AND table_schema = current_schema()",
        [name]).fetchall()[0][0] > 0


def _in_transaction(con: duckdb.DuckDBPyConnection, work):
    """Run `work()` in its own transaction, retrying write-write conflicts with the writer."""
    for attempt in range(_RETRIES):
        con.execute("BEGIN TRANSACTION")
        try:
            out = work()
            con.execute("COMMIT")
            return out
        except duckdb.TransactionException:
            con.execute("ROLLBACK")
            if attempt == _RETRIES - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
        except BaseException:
            con.execute("ROLLBACK")
            raise


def _delete_chunks(con: duckdb.DuckDBPyConnection, sql: str, params: list) -> int:
    total = 0
    while True:
        n = _in_transaction(con, lambda: con.execute(sql, params).fetchall()[0][0])
        total += n
        if n < CHUNK_ROWS:
            return total


def _expire_traces(con: duckdb.DuckDBPyConnection, cutoff: dt.datetime, deleted: dict[str, int]) -> None:
    # a trajectory without an end time (no span ended) expires by when it was built
    expired = "SELECT trace_id FROM traces WHERE coalesce(end_time, completed_at) < ? LIMIT ?"

    def chunk() -> tuple[int, int, int]:
        con.execute(f"CREATE OR REPLACE TEMP TABLE _expired AS {expired}", [cutoff, CHUNK_ROWS])
        try:
            calls = con.execute("DELETE FROM tool_calls WHERE trace_id IN (SELECT trace_id FROM _expired)").fetchall()[0][0]
            defs = con.execute("DELETE FROM tool_definitions WHERE trace_id IN (SELECT trace_id FROM _expired)").fetchall()[0][0]
            traces = con.execute("DELETE FROM traces WHERE trace_id IN (SELECT trace_id FROM _expired)").fetchall()[0][0]
        finally:
            con.execute("DROP TABLE IF EXISTS _expired")
        return traces, calls, defs

    while True:
        traces, calls, defs = _in_transaction(con, chunk)
        deleted["traces"] += traces
        deleted["tool_calls"] += calls
        deleted["tool_definitions"] += defs
        if traces < CHUNK_ROWS:
            return


def _checkpoint(con: duckdb.DuckDBPyConnection) -> None:
    """A plain CHECKPOINT (never FORCE: that would hold off the writer's transactions).

    It cannot run while another transaction is open; retried briefly, then left to DuckDB's
    automatic checkpoint (the blocks are freed then).
    """
    for attempt in range(20):
        try:
            con.execute("CHECKPOINT")
            return
        except duckdb.Error as exc:  # another transaction was active
            last = exc
            time.sleep(0.05 * (attempt + 1))
    log.warning("retention checkpoint skipped (%s); space is reclaimed at the next checkpoint", last)
