"""The judge's key and the traces go only where the operator put them, and nothing a judge
endpoint answers is echoed into API-visible reasons. A local HTTP listener stands in for an
attacker's: a task pointing the judge at it is refused and it is never contacted."""
from __future__ import annotations

import json

import duckdb
import pytest

from evaluators.config import EvaluatorSettings, check_task_options
from evaluators.results import ResultStore
from evaluators.work import ListSource, WorkItem
from evaluators.worker import WorkerPool, make_evaluations
from tracepatrol.harness.judge import ChatServer, completion
from tests.evaluators.conftest import WEATHER, call, trajectory

KEY = "sk-server-secret-4242"
PAGE = "<html><title>Internal admin</title>INTERNAL-PAGE-7731 db_password=hunter2</html>"
TRAJ = trajectory(call(1, "get_weather", {"city": "Paris"}, {"temp": 20}), input="weather in Paris",
                  output="20 degrees in Paris", offered=(WEATHER,))


def run_items(settings: EvaluatorSettings, options: dict, evaluators=("parameters", "llm_judge")):
    """One item through a real worker pool and result store: (ok, reason, stored rows)."""
    source = ListSource([WorkItem("task", TRAJ.trace_id, 1, "run", evaluators, options)])
    results = ResultStore(duckdb.connect())
    pool = WorkerPool(source, lambda ids: {TRAJ.trace_id: TRAJ}, results, make_evaluations(settings))
    assert pool.drain(30)
    [(_, ok, reason)] = source.finished
    return ok, reason, results.query()


def server_settings(judge: ChatServer, **endpoints) -> EvaluatorSettings:
    return EvaluatorSettings(llm_judge={"base_url": judge.url, "model": "judge-1", "api_key": KEY,
                                        "requests_per_minute": None, "max_retries": 0, "endpoints": endpoints})


@pytest.mark.parametrize("redirect", [
    {"base_url": "{listener}"},
    {"base_url": "{listener}", "api_key": "sk-attacker", "model": "m"},
    {"api_key_env": "HOME"},
])
def test_a_task_pointing_the_judge_elsewhere_is_refused_and_the_listener_never_hears(redirect):
    with ChatServer() as judge, ChatServer() as listener:
        listener.default = (200, {}, completion(json.dumps({"score": 1, "label": "pass", "reason": PAGE})))
        task = {k: v.format(listener=listener.url) for k, v in redirect.items()}
        with pytest.raises(ValueError, match="cannot be set by a task"):
            check_task_options({"llm_judge": task})
        ok, reason, rows = run_items(server_settings(judge), {"llm_judge": task})  # a task stored before the check
    assert listener.requests == [] and judge.requests == []
    assert not ok and reason.startswith("llm_judge: JudgeError: options.llm_judge: ")
    assert "cannot be set by a task" in reason
    assert [r["evaluator"] for r in rows] == ["parameters"]  # the other evaluators still ran


def test_a_named_endpoint_gets_its_own_key_and_the_default_key_goes_nowhere_else(monkeypatch):
    monkeypatch.setenv("SECOND_JUDGE_KEY", "sk-second")
    with ChatServer() as judge, ChatServer() as second:
        settings = server_settings(judge, second={"base_url": second.url, "model": "judge-2",
                                                  "api_key_env": "SECOND_JUDGE_KEY", "requests_per_minute": None})
        ok, reason, rows = run_items(settings, {"llm_judge": {"endpoint": "second"}})
    assert ok and reason is None and judge.requests == []
    [request] = second.requests
    assert request["headers"]["Authorization"] == "Bearer sk-second" and request["body"]["model"] == "judge-2"
    assert {r["evaluator"]: r["label"] for r in rows}["llm_judge"] == "wrong_tool"


@pytest.mark.parametrize(("answer", "expected"), [
    ((401, {"Content-Type": "text/html"}, PAGE), "llm_judge: JudgeError: chat completions refused the request: "
                                                 f"HTTP 401 ({len(PAGE)} bytes)"),
    ((200, {}, PAGE), f"llm_judge: JudgeError: malformed chat completion: no choices[0].message.content "
                      f"({len(PAGE)} bytes)"),
    ((200, {}, completion(PAGE)), f"llm_judge: JudgeError: judge answer was not valid JSON ({len(PAGE)} bytes)"),
    ((200, {}, completion(json.dumps({"score": 2, "label": PAGE, "reason": PAGE}))),
     "llm_judge: JudgeError: malformed verdict: score: Input should be less than or equal to 1; "
     "label: String should have at most 40 characters"),
])
def test_nothing_the_judge_answers_is_echoed_into_the_reason(answer, expected):
    with ChatServer() as judge:
        judge.default = answer
        ok, reason, rows = run_items(server_settings(judge), {})
    assert not ok and reason == expected
    assert all("INTERNAL" not in json.dumps(r, default=str) for r in rows)


def test_a_well_formed_rationale_is_one_bounded_printable_line():
    rationale = "call 1 get_weather\n\x1b[31mfine\u202e" + "x" * 5000
    with ChatServer() as judge:
        judge.reply(json.dumps({"score": 0.5, "label": "wrong_value", "reason": rationale}))
        ok, _, rows = run_items(server_settings(judge), {}, evaluators=("llm_judge",))
    [row] = rows
    assert ok and (row["score"], row["label"]) == (0.5, "wrong_value")
    assert row["reason"].startswith("call 1 get_weather [31mfine xxx") and len(row["reason"]) == 300
    assert row["reason"].isprintable()
