"""Two `tracepatrol worker` processes share a run's items; one is SIGKILLed mid-run."""
from __future__ import annotations

import ast
import logging
import re
import signal
import threading

import httpx
import pytest
from confluent_kafka import Consumer, KafkaError, KafkaException

from evaluators import kafka_worker

from tests.logs_receiver import Receiver
from tracepatrol.harness.waiting import wait_for
from tracepatrol.settings import load_settings

ITEMS = 40
EVALUATORS = ["parameters", "llm_judge"]
IN_FLIGHT = 8  # the store process publishes at most this many unanswered items


def owned(log: str) -> set[int]:
    """The partitions a worker owns at the end of its log (incremental assign/revoke lines)."""
    parts: set[int] = set()
    for verb, listed in re.findall(r"worker \S+ (assigned|revoked) (\[[\d, ]*\])", log):
        parts = parts | set(ast.literal_eval(listed)) if verb == "assigned" else parts - set(ast.literal_eval(listed))
    return parts


def test_a_worker_killed_mid_run_leaves_every_item_scored_exactly_once(cluster, chat, receiver):
    chat.delay_s = 0.1  # each judge call takes a while, so the kill lands mid-run
    cluster.configure({"workers": True, "worker_batch": 4, "max_in_flight": IN_FLIGHT}, evaluators={"llm_judge": {
        "base_url": chat.url, "model": "judge-1", "max_retries": 0, "requests_per_minute": None}},
        evaluation_events={"endpoint": receiver})
    cluster.produce_traces(ITEMS, 3)
    ingest = cluster.ingest().start()
    doomed, survivor = cluster.worker("doomed").start(), cluster.worker("survivor").start()
    for w in (doomed, survivor):
        wait_for(f"{w.args[-1]} in the group", lambda: "assigned [" in w.log.read_text().replace("assigned []", ""))
    wait_for("trajectories", lambda: ingest.stats()["traces"] == ITEMS)

    task = {"name": "judged", "window": {"mode": "backfill", "last": "1d"}, "sampling": {"ratio": 1.0, "max_items": 500},
            "evaluators": EVALUATORS}
    resp = httpx.post(f"http://127.0.0.1:{ingest.api_port}/api/tasks", json=task, timeout=60)
    assert resp.status_code == 201, resp.text
    run_id = resp.json()["run"]["run_id"]
    wait_for("the doomed worker's first items", lambda: "evaluated" in doomed.log.read_text(), every=0.02)
    assert doomed.stop(signal.SIGKILL) == -signal.SIGKILL

    seen_running = []

    def finished():
        run = ingest.get(f"/api/runs/{run_id}").json()
        seen_running.append(sum(i["state"] == "running" for i in run["items"]))
        return run["state"] == "done" and run

    try:
        run = wait_for("the run to finish", finished, timeout=90, every=0.1)
    except TimeoutError as exc:
        pytest.fail(f"{exc}\n{cluster.log_tails()}")
    assert 0 < max(seen_running) <= IN_FLIGHT, seen_running
    assert [i["state"] for i in run["items"]] == ["done"] * ITEMS
    assert owned(doomed.log.read_text()), "the doomed worker owned no partition when it was killed"
    assert owned(survivor.log.read_text()) == set(range(cluster.kafka["partitions"])), "no takeover"
    assert len(chat.requests) >= ITEMS
    ingest.stop()
    task_id = run["task_id"]
    assert cluster.query("SELECT count(*), count(DISTINCT (trace_id, evaluator)) FROM eval_results WHERE task_id = ?",
                         task_id) == [(ITEMS * len(EVALUATORS), ITEMS * len(EVALUATORS))]
    assert cluster.query("SELECT evaluator, count(*) FROM eval_results GROUP BY ALL ORDER BY 1") == \
        [(e, ITEMS) for e in sorted(EVALUATORS)]
    assert cluster.query("SELECT state, count(*) FROM run_items GROUP BY ALL") == [("done", ITEMS)]
    # the store process sends each stored result as a gen_ai.evaluation.result event (a result a
    # killed worker's successor produced again may be sent twice: events are at least once)
    events = [(r.trace_id.hex(), a.value.string_value) for _, req in Receiver.requests
              for r in req.resource_logs[0].scope_logs[0].log_records
              for a in r.attributes if a.key == "gen_ai.evaluation.name"]
    assert set(events) == set(cluster.query("SELECT trace_id, evaluator FROM eval_results WHERE task_id = ?", task_id))
    assert len(events) >= ITEMS * len(EVALUATORS)


def test_an_item_that_kills_every_worker_is_failed_after_max_attempts(cluster, chat):
    """Each worker is SIGKILLed while it evaluates the same item, as if that item crashed it."""
    chat.delay_s = 0.3  # the judge call keeps the item in evaluation long enough to kill there
    cluster.configure({"workers": True, "worker_batch": 4}, evaluators={"max_attempts": 2, "llm_judge": {
        "base_url": chat.url, "model": "judge-1", "max_retries": 0, "requests_per_minute": None}})
    items = 6
    cluster.produce_traces(items, 3)
    ingest = cluster.ingest().start()
    wait_for("trajectories", lambda: ingest.stats()["traces"] == items)
    task = {"name": "poison", "window": {"mode": "backfill", "last": "1d"}, "sampling": {"ratio": 1.0, "max_items": 500},
            "evaluators": ["llm_judge"]}
    resp = httpx.post(f"http://127.0.0.1:{ingest.api_port}/api/tasks", json=task, timeout=60)
    assert resp.status_code == 201, resp.text
    run_id = resp.json()["run"]["run_id"]

    poison = None
    for n in (1, 2):  # two workers die on the item: max_attempts is spent
        worker = cluster.worker(f"victim-{n}").start()
        pattern = re.compile(r"evaluating (%s)$" % (re.escape(poison) if poison else r"\S+"), re.M)
        line = wait_for(f"victim-{n} evaluating the poison item", lambda: pattern.search(worker.log.read_text()),
                        every=0.02)
        poison = line.group(1)
        assert worker.stop(signal.SIGKILL) == -signal.SIGKILL
    survivor = cluster.worker("survivor").start()
    try:
        run = wait_for("the run to finish", lambda: (r := ingest.get(f"/api/runs/{run_id}").json())["state"] == "done"
                       and r, timeout=90, every=0.2)
    except TimeoutError as exc:
        pytest.fail(f"{exc}\n{cluster.log_tails()}")
    failed = [i for i in run["items"] if i["state"] == "failed"]
    assert len(failed) == 1 and f"abandoned: 2 workers died evaluating it ({poison})" in failed[0]["reason"]
    assert sorted(i["state"] for i in run["items"]) == ["done"] * (items - 1) + ["failed"]
    assert f"evaluating {poison}" not in survivor.log.read_text()  # it answered without evaluating
    ingest.stop()
    assert cluster.query("SELECT count(DISTINCT trace_id) FROM eval_results") == [(items - 1,)]


class RefusingConsumer(Consumer):
    """A consumer whose n-th commits the group coordinator refuses, as it does while a cooperative
    rebalance is in progress (Kafka 2.5's non-fatal RebalanceInProgressException)."""

    refuse: set[int] = set()

    def commit(self, *args, **kwargs):
        self.commits = getattr(self, "commits", 0) + 1
        if self.commits in self.refuse:
            raise KafkaException(KafkaError(KafkaError.REBALANCE_IN_PROGRESS))
        return super().commit(*args, **kwargs)


@pytest.mark.parametrize("refused, what", [(1, "the first attempt mark"), (2, "the first batch's offsets"),
                                           (3, "the second batch's attempt mark")])
def test_a_commit_refused_during_a_rebalance_costs_no_item_and_no_second_evaluation(
        cluster, monkeypatch, caplog, refused, what):
    """A refused commit never stops the worker: a refused mark reads the batch again before
    evaluating it, refused offsets are committed after the next poll, so every item is scored
    once, by the one worker."""
    items = 12
    monkeypatch.setattr(RefusingConsumer, "refuse", {refused})
    monkeypatch.setattr(kafka_worker, "Consumer", RefusingConsumer)
    cluster.configure({"workers": True, "worker_batch": 4})
    cluster.produce_traces(items, 3)
    ingest = cluster.ingest().start()
    wait_for("trajectories", lambda: ingest.stats()["traces"] == items)
    settings = load_settings(cluster.config)
    worker = kafka_worker.KafkaWorker(settings.kafka, settings.evaluators, "refused")
    crashed: list[BaseException] = []
    thread = threading.Thread(target=lambda: _run(worker, crashed), daemon=True)
    caplog.set_level(logging.WARNING, logger=kafka_worker.__name__)
    thread.start()
    try:
        task = {"name": "refused", "window": {"mode": "backfill", "last": "1d"},
                "sampling": {"ratio": 1.0, "max_items": 500}, "evaluators": ["parameters"]}
        resp = httpx.post(f"http://127.0.0.1:{ingest.api_port}/api/tasks", json=task, timeout=60)
        assert resp.status_code == 201, resp.text
        run_id = resp.json()["run"]["run_id"]
        run = wait_for("the run to finish", lambda: crashed or (
            (r := ingest.get(f"/api/runs/{run_id}").json())["state"] == "done" and r), timeout=60)
        assert not crashed, f"the worker stopped when {what} was refused: {crashed[0]!r}"
        assert [i["state"] for i in run["items"]] == ["done"] * items
        assert worker.items_done == items, "an item was evaluated again although its result was acknowledged"
        assert any("REBALANCE_IN_PROGRESS" in r.getMessage() or "rebalance" in r.getMessage().lower()
                   for r in caplog.records), [r.getMessage() for r in caplog.records]
    finally:
        worker.stop()
        thread.join(30)
    ingest.stop()
    assert cluster.query("SELECT count(*), count(DISTINCT trace_id) FROM eval_results") == [(items, items)]


def _run(worker: kafka_worker.KafkaWorker, crashed: list[BaseException]) -> None:
    try:
        worker.run()
    except BaseException as exc:  # noqa: BLE001 - the test reports what stopped the worker
        crashed.append(exc)
