"""Every route of the API port has a role rule (`tracepatrol.api.rules`), and every rule a route:
a route added without one fails here before it can ship open (Guard would hold it to admins)."""
from __future__ import annotations

import duckdb

from collector.queue.ingest import IngestQueue, IngestStats
from evaluators.results import ResultStore
from scheduler.ledger import Ledger
from scheduler.runner import TaskRunner
from scheduler.service import TaskService
from tracepatrol.api.rules import RULES, rule_for, routes
from tracepatrol.app import build_api, build_collector_api


def full_app():
    """The store process's app with every router (tasks, results, alerts) mounted."""
    db = duckdb.connect(":memory:")
    ledger = Ledger(db)
    return build_api(db, IngestStats(), IngestQueue(10), [], None, TaskService(ledger, TaskRunner(ledger, db)),
                     ResultStore(db))


def test_every_route_has_a_rule_and_every_rule_a_route():
    served = routes(full_app()) + routes(build_collector_api(IngestStats(), None))
    assert [f"{m} {p}" for m, p in served if rule_for(p, m) is None] == []
    paths = {p for _, p in served}
    assert sorted(set(RULES) - paths) == []  # a stale rule would hide a renamed route's missing one


def test_rules_name_a_known_rule():
    for path, rule in RULES.items():
        for r in (rule.values() if isinstance(rule, dict) else [rule]):
            assert r in ("open", "viewer", "editor", "admin"), (path, r)
