"""Evaluator settings: task options over the server-wide LLM judge settings."""
from __future__ import annotations

from evaluators.config import EvaluatorSettings
from evaluators.llm_client import LLMJudgeSettings


def test_task_options_override_server_judge_settings_and_explicit_nulls_survive():
    settings = EvaluatorSettings(llm_judge={"base_url": "http://127.0.0.1:9/v1", "model": "m",
                                            "requests_per_minute": None, "api_key": "sk-test"})
    options = settings.options_for({"llm_judge": {"budget_per_task": 5}})
    judge = LLMJudgeSettings.model_validate(options["llm_judge"])
    assert judge.requests_per_minute is None  # "no limit" is not turned back into the default
    assert judge.budget_per_task == 5 and judge.api_key.get_secret_value() == "sk-test"
    assert EvaluatorSettings().options_for({"reference_chain": {"weights": {}}}) == {"reference_chain": {"weights": {}}}
