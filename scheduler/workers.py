"""The embedded evaluator pool: the ledger's pending items, evaluated against the store."""
from __future__ import annotations

import logging

import duckdb

from collector.store import trajectory_loader
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
    return WorkerPool(ledger, trajectory_loader(con), results, make_evaluations(settings),
                      size=max(1, settings.workers))
