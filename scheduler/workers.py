"""The embedded evaluator pool: the ledger's pending items, evaluated against the store."""
from __future__ import annotations

import logging

import duckdb

from collector.store import read_trajectories
from evaluators.config import EvaluatorSettings
from evaluators.results import ResultStore
from evaluators.worker import WorkerPool, make_evaluations
from scheduler.ledger import Ledger

log = logging.getLogger(__name__)


def build_workers(settings: EvaluatorSettings, ledger: Ledger, con: duckdb.DuckDBPyConnection,
                  results: ResultStore) -> WorkerPool:
    """A pool over the ledger; items a crash left running are requeued (or failed) first."""
    retried, failed = ledger.requeue_interrupted(settings.max_attempts)
    if retried or failed:
        log.info("after restart: %d interrupted evaluation items requeued, %d failed past the attempt limit",
                 retried, failed)

    def load(trace_ids):
        cur = con.cursor()
        try:
            return read_trajectories(cur, trace_ids)
        finally:
            cur.close()

    return WorkerPool(ledger, load, results, make_evaluations(settings), size=max(1, settings.workers))
