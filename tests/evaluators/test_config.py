"""Evaluator settings: a task chooses among the server's judge endpoints, never a URL or a key."""
from __future__ import annotations

import pytest

from evaluators.config import EvaluatorSettings, check_task_options
from evaluators.llm_client import LLMJudgeSettings

SERVER = {"base_url": "http://127.0.0.1:9/v1", "model": "m", "requests_per_minute": None, "api_key": "sk-test",
          "budget_per_task": 20, "endpoints": {"big": {"base_url": "http://127.0.0.1:10/v1", "model": "b"}}}


def test_task_options_narrow_the_server_judge_and_explicit_nulls_survive():
    options = EvaluatorSettings(llm_judge=SERVER).options_for({"llm_judge": {"budget_per_task": 5}})
    judge = LLMJudgeSettings.model_validate(options["llm_judge"])
    assert judge.requests_per_minute is None  # "no limit" is not turned back into the default
    assert judge.budget_per_task == 5 and judge.api_key.get_secret_value() == "sk-test"
    assert EvaluatorSettings().options_for({"reference_chain": {"weights": {}}}) == {"reference_chain": {"weights": {}}}


def test_a_task_budget_cannot_exceed_the_servers():
    options = EvaluatorSettings(llm_judge=SERVER).options_for({"llm_judge": {"budget_per_task": 500}})
    assert options["llm_judge"]["budget_per_task"] == 20


def test_a_task_names_an_endpoint_and_gets_its_url_and_key_only():
    options = EvaluatorSettings(llm_judge=SERVER).options_for({"llm_judge": {"endpoint": "big", "rubric": "R"}})
    judge = LLMJudgeSettings.model_validate(options["llm_judge"])
    assert (judge.base_url, judge.model, judge.api_key, judge.rubric) == ("http://127.0.0.1:10/v1", "b", None, "R")


@pytest.mark.parametrize(("task", "refusal"), [
    ({"base_url": "http://127.0.0.1:1/v1"}, "options.llm_judge: base_url cannot be set by a task"),
    ({"api_key": "sk-mine", "model": "x"}, "options.llm_judge: api_key, model cannot be set by a task"),
    ({"api_key_env": "HOME"}, "options.llm_judge: api_key_env cannot be set by a task"),
    ({"endpoint": "elsewhere"}, "'elsewhere' is not one of the server's judge endpoints (default, big)"),
])
def test_a_task_cannot_point_the_judge_elsewhere(task, refusal):
    options = EvaluatorSettings(llm_judge=SERVER).options_for({"llm_judge": task})
    assert options["llm_judge"].keys() == {"refused"} and refusal in options["llm_judge"]["refused"]


def test_without_a_server_judge_a_task_gets_none():
    options = EvaluatorSettings().options_for({"llm_judge": {"budget_per_task": 1}})
    assert options["llm_judge"] == {"refused": "options.llm_judge: the server has no LLM judge (evaluators.llm_judge)"}


def test_task_validation_refuses_a_url_or_key_before_anything_runs():
    check_task_options({"llm_judge": {"endpoint": "big", "budget_per_task": 3}, "parameters": {}})
    with pytest.raises(ValueError, match="base_url, api_key cannot be set by a task"):
        check_task_options({"llm_judge": {"base_url": "http://127.0.0.1:1/v1", "api_key": "k"}})
