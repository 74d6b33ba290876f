"""llm_judge against a local chat-completions server: verdicts, retries, budget, rate limit."""
from __future__ import annotations

import socket
import threading
import time
from typing import Any

import pytest

from collector.trajectory import ToolCall, ToolDefinition, Trajectory
from evaluators.base import EvalContext
from evaluators.llm_client import ChatClient, JudgeError, LLMJudgeSettings, TokenBucket
from evaluators.llm_judge import DEFAULT_RUBRIC, LLMJudgeEvaluator
from tracepatrol.harness.judge import VERDICT

TRAJECTORY = Trajectory(
    trace_id="t1", input="flight tickets to Shanghai tomorrow", output="It will be sunny in Shanghai.",
    tools_offered=[ToolDefinition(name="get_weather"), ToolDefinition(name="search_flights")],
    tool_calls=[ToolCall(seq=1, name="get_weather", arguments={"city": "Shanghai"}, result={"sky": "sunny"}),
                ToolCall(seq=2, name="search_flights", arguments={"to": "Shanghai"}, status="error",
                         error_type="rate_limit", error="429 Too Many Requests")])


def settings(url: str, **overrides: Any) -> LLMJudgeSettings:
    return LLMJudgeSettings(**{"base_url": url, "model": "judge-1", "backoff_s": 0.01, "requests_per_minute": None,
                               **overrides})


def judge(client: ChatClient, trajectory: Trajectory = TRAJECTORY):
    return LLMJudgeEvaluator().evaluate(trajectory, EvalContext(llm=client))


def test_normal_verdict(chat):
    client = ChatClient(settings(chat.url, api_key="sk-test", dimension="tool_use"))
    r = judge(client)
    assert (r.evaluator, r.dimension, r.score, r.label, r.labels, r.passed) == (
        "llm_judge", "tool_use", 0.2, "wrong_tool", ["wrong_tool"], False)
    assert r.reason == VERDICT["reason"] and r.details == {"model": "judge-1"}
    [request] = chat.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == "Bearer sk-test"
    body = request["body"]
    assert (body["model"], body["response_format"], body["temperature"]) == ("judge-1", {"type": "json_object"}, 0.0)
    system, user = body["messages"]
    assert system == {"role": "system", "content": DEFAULT_RUBRIC}
    assert user["role"] == "user"
    assert user["content"].splitlines() == [
        "User input: flight tickets to Shanghai tomorrow",
        "Tools offered: get_weather, search_flights",
        "Tool calls:",
        '1. get_weather({"city": "Shanghai"}) ok -> {"sky": "sunny"}',
        '2. search_flights({"to": "Shanghai"}) error (rate_limit) -> 429 Too Many Requests',
        "Final answer: It will be sunny in Shanghai.",
    ]


def test_pass_verdict_and_custom_rubric(chat):
    chat.reply('{"score": 1, "label": "pass", "reason": "booked as asked", "confidence": "high"}')
    r = judge(ChatClient(settings(chat.url, rubric="Grade it.")))
    assert (r.score, r.label, r.labels, r.passed, r.dimension) == (1.0, "pass", [], True, "task_planning")
    assert chat.requests[0]["body"]["messages"][0]["content"] == "Grade it."
    assert "Authorization" not in chat.requests[0]["headers"]


@pytest.mark.parametrize("retry_after", ["0", "Wed, 21 Oct 2015 07:28:00 GMT"])  # seconds, or a past HTTP date
def test_429_with_retry_after_then_success(chat, retry_after):
    chat.script = [(429, {"Retry-After": retry_after}, {"error": {"message": "slow down"}})]
    client = ChatClient(settings(chat.url, backoff_s=20, backoff_max_s=60))  # backoff would take 10 s or more
    start = time.monotonic()
    assert judge(client).score == 0.2
    assert time.monotonic() - start < 5  # Retry-After: 0 was honoured instead of the backoff
    assert len(chat.requests) == 2 and client.calls == 1  # a retried call counts once against the budget


def test_retry_after_longer_than_allowed_gives_up(chat):
    chat.script = [(429, {"Retry-After": "120"}, "busy")]
    with pytest.raises(JudgeError, match=r"asks to retry after 120s \(more than backoff_max_s 30\): HTTP 429 \(4 bytes\)$"):
        judge(ChatClient(settings(chat.url)))
    assert len(chat.requests) == 1


def test_500_every_time_fails_after_max_retries(chat):
    chat.default = (500, {}, "upstream exploded")
    with pytest.raises(JudgeError, match=r"failed after 3 attempt\(s\): HTTP 500 \(17 bytes\)$"):
        judge(ChatClient(settings(chat.url, max_retries=2)))
    assert len(chat.requests) == 3


def test_other_4xx_is_not_retried(chat):
    chat.default = (401, {}, '{"error": "bad key"}')
    with pytest.raises(JudgeError, match=r"refused the request: HTTP 401 \(20 bytes\)$"):
        judge(ChatClient(settings(chat.url)))
    assert len(chat.requests) == 1


def test_connection_errors_are_retried():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    with pytest.raises(JudgeError, match=r"failed after 2 attempt\(s\): ConnectError$"):
        judge(ChatClient(settings(f"http://127.0.0.1:{port}/v1", max_retries=1)))


@pytest.mark.parametrize(("content", "reason"), [
    ("the agent did fine, 0.9", r"^judge answer was not valid JSON \(23 bytes\)$"),
    ('["pass"]', r"^judge answer was not a JSON object \(8 bytes\)$"),
    ('{"score": 1.5, "label": "pass", "reason": "great"}', r"score: Input should be less than or equal to 1"),
    ('{"score": "0.8", "label": "pass", "reason": "ok"}', r"score: Input should be a valid number"),
    ('{"rating": 0.8, "label": "pass", "reason": "ok"}', r"score: Field required"),
    ('{"score": 0.8, "label": "Wrong Tool", "reason": "ok"}', r"label: String should match pattern"),
    ('{"score": 0.8, "label": "pass", "reason": ""}', r"reason: String should have at least 1 character"),
])
def test_malformed_verdict_raises_with_the_reason(chat, content, reason):
    chat.reply(content)
    with pytest.raises(JudgeError, match=reason) as raised:
        judge(ChatClient(settings(chat.url)))
    assert "great" not in str(raised.value) and "ok" not in str(raised.value)  # the answer is named, not quoted


def test_malformed_completion_raises(chat):
    chat.default = (200, {}, {"choices": []})
    with pytest.raises(JudgeError, match=r"^malformed chat completion: no choices\[0\]\.message\.content \(15 bytes\)$"):
        judge(ChatClient(settings(chat.url)))


def test_budget_exhausted_is_not_applicable(chat):
    client = ChatClient(settings(chat.url, budget_per_task=2))
    evaluator = LLMJudgeEvaluator()
    context = EvalContext(llm=client)
    scores = [evaluator.evaluate(TRAJECTORY, context) for _ in range(3)]
    assert [r.score for r in scores] == [0.2, 0.2, None]
    last = scores[-1]
    assert (last.label, last.reason, last.passed) == ("not_applicable", "budget exhausted", None)
    assert len(chat.requests) == 2


def test_rate_limit_spaces_requests_across_threads(chat):
    client = ChatClient(settings(chat.url, requests_per_minute=120))  # one request per 0.5 s
    threads = [threading.Thread(target=judge, args=(client,)) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    times = sorted(chat.times)
    assert len(times) == 5
    gaps = [b - a for a, b in zip(times, times[1:])]
    # Arrivals at the stub carry its scheduling jitter (0.02-0.3 s on a loaded machine), so the
    # interval is wide enough for it; unspaced requests would arrive within milliseconds of each other.
    assert min(gaps) > 0.2, gaps
    assert times[-1] - times[0] >= 1.5, gaps


def test_token_bucket_allows_a_burst_up_to_capacity():
    bucket = TokenBucket(rate_per_s=10, capacity=3)
    assert [bucket.acquire() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.acquire() == pytest.approx(0.1, abs=0.02)


def test_off_by_default():
    r = LLMJudgeEvaluator().evaluate(TRAJECTORY, EvalContext())
    assert (r.score, r.label) == (None, "not_applicable")
    assert "not configured" in r.reason


def test_client_from_task_options_keeps_its_budget(chat):
    evaluator = LLMJudgeEvaluator()
    context = EvalContext(options={"llm_judge": {"base_url": chat.url, "model": "judge-1", "budget_per_task": 1,
                                                 "dimension": "knowledge"}})
    first, second = evaluator.evaluate(TRAJECTORY, context), evaluator.evaluate(TRAJECTORY, context)
    assert (first.score, first.dimension) == (0.2, "knowledge")
    assert (second.score, second.reason) == (None, "budget exhausted")


def test_settings_are_validated():
    with pytest.raises(ValueError, match="base_url"):
        LLMJudgeSettings(base_url="localhost:8000", model="m")
    with pytest.raises(ValueError, match="dimension"):
        LLMJudgeSettings(base_url="http://x", model="m", dimension="charm")
