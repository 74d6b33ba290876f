"""Delivered twice, stored once, in process: an item handed out again (a redelivered Kafka message,
a claim retried after a lost answer) is scored again but leaves one result per evaluator. The
server-level half (a resent batch is not selected again) is test_redelivery.py's."""
from __future__ import annotations

import duckdb

from evaluators.base import EvalContext
from evaluators.results import ResultStore
from evaluators.work import ListSource, WorkItem
from evaluators.worker import Evaluations, WorkerPool
from tests.evaluators.conftest import WEATHER, call, trajectory

TRAJ = trajectory(call(1, "get_weather", {"city": "Paris"}, {"temp": 20}), input="weather in Paris",
                  output="20 degrees in Paris", offered=(WEATHER,))
EVALUATORS = ("tool_selection", "parameters")


def test_an_item_delivered_twice_is_scored_twice_and_stored_once():
    item = WorkItem("task", TRAJ.trace_id, 1, "run", EVALUATORS)
    source = ListSource([item, item])
    results = ResultStore(duckdb.connect())
    pool = WorkerPool(source, lambda ids: {TRAJ.trace_id: TRAJ}, results, Evaluations(lambda options: EvalContext()))
    assert pool.drain(30)
    assert [(done, ok) for done, ok, _ in source.finished] == [(item, True), (item, True)]
    assert pool.stats.results_written == 2 * len(EVALUATORS)
    stored = results.query()
    assert sorted((r["trace_id"], r["evaluator"]) for r in stored) == sorted((TRAJ.trace_id, e) for e in EVALUATORS)
