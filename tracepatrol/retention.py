"""The retention job: every owner expires its own rows (the collector its spans and trajectories,
the evaluators their results), then the space is reclaimed. It lives in the shell because it
asks components that must not import each other; `collector.store.retention` explains the settings,
the chunks and what a checkpoint frees.
"""
from __future__ import annotations

import datetime as dt
import logging

import duckdb

from collector import store
from collector.store.retention import RetentionSettings, checkpoint
from evaluators.results import expire_results
from infra.timeutil import naive_utc, to_ns, utcnow

log = logging.getLogger(__name__)


def apply_retention(con: duckdb.DuckDBPyConnection, settings: RetentionSettings,
                    now: dt.datetime | None = None) -> dict[str, int]:
    """Delete expired rows, then CHECKPOINT; returns rows deleted per table.

    `con` should be a cursor of its own (not the ingest writer's); `now` is naive UTC or
    aware (converted to UTC). Keys: spans, traces, tool_calls, tool_definitions, eval_results
    (the last only when that table exists).
    """
    now = naive_utc(now) if now else utcnow()
    deleted = {**store.expire_spans(con, to_ns(now - settings.delta("spans"))),
               **store.expire_traces(con, now - settings.delta("traces")),
               **expire_results(con, now - settings.delta("results"))}
    if any(deleted.values()):
        checkpoint(con)
    log.info("retention deleted %s", deleted)
    return deleted
