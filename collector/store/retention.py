"""Retention: its settings, and how owners delete what expired without holding up ingest.

Each table owner deletes its own rows through `expire_in_chunks` (the collector's spans and
trajectories, the evaluators' results); `tracepatrol.retention` asks each of them in turn, then
calls `checkpoint`.

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
from collections.abc import Callable

import duckdb
from pydantic import BaseModel, ConfigDict, field_validator

from infra.timeutil import parse_duration

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


def expire_in_chunks(con: duckdb.DuckDBPyConnection, delete_chunk: Callable[[int], dict[str, int]],
                     lead: str) -> dict[str, int]:
    """Run `delete_chunk(CHUNK_ROWS)` (rows deleted per table) in a transaction of its own, again
    until `lead`'s count falls short of a chunk; returns the counts summed. Owners pass their deletes."""
    total: dict[str, int] = {}
    while True:
        counts = _in_transaction(con, lambda: delete_chunk(CHUNK_ROWS))
        for table, n in counts.items():
            total[table] = total.get(table, 0) + n
        if counts[lead] < CHUNK_ROWS:
            return total


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


def checkpoint(con: duckdb.DuckDBPyConnection) -> None:
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
