"""The embedded evaluator pool: the ledger's pending items, evaluated against the store."""
from __future__ import annotations

import logging

import duckdb

from collector.store import read_trajectories
from evaluators.base import EvalContext
from evaluators.config import EvaluatorSettings
from evaluators.datasets import load_cases
from evaluators.results import ResultStore
from evaluators.schemas import load_tool_schemas
from evaluators.worker import Evaluations, WorkerPool
from scheduler.ledger import Ledger

log = logging.getLogger(__name__)


def build_workers(settings: EvaluatorSettings, ledger: Ledger, con: duckdb.DuckDBPyConnection,
                  results: ResultStore) -> WorkerPool:
    """A pool over the ledger; items a crash left running are requeued (or failed) first."""
    retried, failed = ledger.requeue_interrupted(settings.max_attempts)
    if retried or failed:
        log.info("after restart: %d interrupted evaluation items requeued, %d failed past the attempt limit",
                 retried, failed)
    tool_schemas = load_tool_schemas(settings.tools_dir) if settings.tools_dir.is_dir() else {}
    cases = load_cases(*settings.datasets_dirs)

    def make_context(task_options: dict) -> EvalContext:
        return EvalContext(tool_schemas=tool_schemas, golden_cases=cases, options=settings.options_for(task_options))

    def load(trace_ids):
        cur = con.cursor()
        try:
            return read_trajectories(cur, trace_ids)
        finally:
            cur.close()

    return WorkerPool(ledger, load, results, Evaluations(make_context), size=max(1, settings.workers))
