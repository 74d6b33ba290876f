"""Findings travel with results over Kafka: a result message carries them and the store keeps them as
the worker wrote them; a result of an older worker (no findings in its message) is stored with
findings derived as for any result without them. Through the broker: the booking trace sent to a
collector, ingested, judged by a `tracepatrol worker`, its findings read back from the store's API."""
from __future__ import annotations

import datetime as dt

import duckdb
import orjson

from collector.trajectory import Agent, Trajectory
from evaluators.base import EvalResult, Finding
from evaluators.kafka_worker import decode_result, encode_result
from evaluators.results import ResultStore
from evaluators.work import WorkItem
from tests import findings_traffic
from tracepatrol.harness.waiting import wait_for

ITEM = WorkItem("task", "a" * 32, 1, "run-1", ("grounding",), {}, 1)
TRAJECTORY = Trajectory(trace_id="a" * 32, start_ns=1_795_993_716_000_000_000,
                        agent=Agent(name="booking", version="1.0"))
FINDINGS = [Finding(call=1, label="ungrounded_value", reason="call 1 login(user='bob'): ungrounded_value: not given"),
            Finding(call=2, label="relative_date", reason="call 2 book_room(date='tomorrow'): relative_date: a word"),
            Finding(call=None, label="no_final_answer", reason="no_final_answer: the run ended without an answer")]
RESULT = EvalResult(evaluator="grounding", dimension="tool_use", score=0.2, label="ungrounded_value",
                    labels=["ungrounded_value", "relative_date", "no_final_answer"], passed=False,
                    reason=FINDINGS[0].reason + " (+2 more)", evidence=[1, 2], findings=FINDINGS)


def test_a_result_message_round_trips_its_findings_into_the_store():
    message = decode_result(encode_result(ITEM, TRAJECTORY, [RESULT], [], "w1"))
    [scored] = message.scored
    assert scored.result == RESULT
    assert (scored.agent_name, scored.trace_start) == ("booking", dt.datetime(2026, 11, 29, 23, 8, 36))
    store = ResultStore(duckdb.connect())
    store.save(message.scored)
    assert store.query()[0]["findings"] == [f.model_dump() for f in FINDINGS]


def test_an_older_workers_result_without_findings_is_stored_with_derived_ones():
    doc = orjson.loads(encode_result(ITEM, TRAJECTORY, [RESULT], [], "old"))
    old = doc["results"][0]
    del old["findings"]
    old |= {"label": "relative_date", "labels": ["relative_date"], "evidence": [2, 3], "reason": "call 2: relative"}
    store = ResultStore(duckdb.connect())
    store.save(decode_result(orjson.dumps(doc)).scored)
    assert store.query()[0]["findings"] == [{"call": c, "label": "relative_date", "reason": "call 2: relative"}
                                            for c in (2, 3)]


def test_findings_come_back_from_a_kafka_worker(cluster):
    cluster.configure({"workers": True, "worker_batch": 4})
    collector, ingest = cluster.collect().start(), cluster.ingest().start()
    worker = cluster.worker("w1").start()
    wait_for("the worker in its group", lambda: "assigned [" in worker.log.read_text().replace("assigned []", ""))
    sent = findings_traffic.send(collector.otlp_http)
    wait_for("the trace assembled", lambda: ingest.stats()["traces"] == 1)
    api = f"http://127.0.0.1:{ingest.api_port}"
    run = findings_traffic.run_grounding(api)
    assert run["selected"] == 1 and "evaluating" in worker.log.read_text()  # judged by the worker, not in-process
    evaluations = ingest.get(f"/api/traces/{sent.trace_id}/evaluations").json()
    assert len(evaluations) == 1, (run.get("items"), worker.log.read_text()[-3000:])  # why the item failed
    [result] = evaluations
    assert [(f["call"], f["label"]) for f in result["findings"]] == findings_traffic.EXPECTED
    assert len({f["reason"] for f in result["findings"]}) == 4
    ingest.stop()
    [(stored,)] = cluster.query("SELECT findings FROM eval_results WHERE trace_id = ?", sent.trace_id)
    assert orjson.loads(stored) == result["findings"]
