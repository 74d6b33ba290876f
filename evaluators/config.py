"""The evaluators' settings: worker pool, where tool schemas and golden cases live, the LLM judge.

Where the judge is and the key it is sent are the operator's: `llm_judge` (the default endpoint)
and `llm_judge.endpoints` (named others) live in the server settings only. A task names one of
them (`options.llm_judge.endpoint`) and may narrow how it is used (budget, rubric, dimension,
temperature), never give a URL or a key, so no task can send the server's key or its traces to
a listener of its choice.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from evaluators.base import Dimension
from evaluators.llm_client import LLMJudgeSettings

CONFIG_DIR = Path(__file__).resolve().parent.parent / "config"
DEFAULT_ENDPOINT = "default"


class JudgeEndpoints(LLMJudgeSettings):
    """The default judge endpoint (these fields) and named others, each with its own URL and key."""

    endpoints: dict[str, LLMJudgeSettings] = Field(default_factory=dict,
                                                   description="more judge endpoints, by the name tasks use")

    def named(self, name: str) -> LLMJudgeSettings:
        if name == DEFAULT_ENDPOINT:
            return LLMJudgeSettings.model_validate(self.model_dump(exclude={"endpoints"}, exclude_unset=True))
        if name not in self.endpoints:
            raise ValueError(f"options.llm_judge.endpoint: {name!r} is not one of the server's judge endpoints "
                             f"({', '.join([DEFAULT_ENDPOINT, *sorted(self.endpoints)])})")
        return self.endpoints[name]


class TaskJudgeOptions(BaseModel):
    """What a task may say about the judge: which server endpoint, and a narrower use of it."""

    model_config = ConfigDict(extra="forbid")

    endpoint: str = DEFAULT_ENDPOINT
    budget_per_task: int | None = Field(None, ge=0, description="at most the server's budget")
    rubric: str | None = None
    dimension: Dimension | None = None
    temperature: float | None = Field(None, ge=0, le=2)


def task_judge_options(options: dict[str, Any]) -> TaskJudgeOptions:
    """A task's `options.llm_judge`, or ValueError naming each field a task may not set."""
    try:
        return TaskJudgeOptions.model_validate(options)
    except ValidationError as exc:
        errors = exc.errors()
        foreign = [str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden"]
        problems = [f"options.llm_judge.{'.'.join(map(str, e['loc']))}: {e['msg']}"
                    for e in errors if e["type"] != "extra_forbidden"]
        if foreign:
            problems.insert(0, f"options.llm_judge: {', '.join(foreign)} cannot be set by a task (where the judge "
                               f"is and its key are the server's); name one of the server's judge endpoints with "
                               f"options.llm_judge.endpoint")
        raise ValueError("; ".join(problems)) from None


def check_task_options(options: dict[str, dict[str, Any]]) -> None:
    """Task validation: ValueError when the options try to choose a judge URL or key."""
    if "llm_judge" in options:
        task_judge_options(options["llm_judge"])


class EvaluatorSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    workers: int = Field(2, ge=0, le=64, description="evaluator threads in `serve` (0: none)")
    max_attempts: int = Field(3, ge=1, le=20, description="an item interrupted this often is failed")
    time_budget_s: float = Field(10.0, gt=0, description="longest one rule evaluator may take on one item")
    tools_dir: Path = Field(CONFIG_DIR / "tools", description="tool JSON Schemas used when a trace has none")
    datasets_dirs: list[Path] = Field(default_factory=list, description="golden cases beside config/datasets")
    weights_dirs: list[Path] = Field(default_factory=list, description="scene profiles beside the built-in ones")
    llm_judge: JudgeEndpoints | None = Field(None, description="off unless set")

    def unavailable(self) -> dict[str, str]:
        """Evaluators this server cannot run, each with what it lacks (a task naming one is refused)."""
        if self.llm_judge is None:
            return {"llm_judge": "llm_judge needs an LLM judge endpoint and this server has none "
                                 "(set evaluators.llm_judge in the server's settings)"}
        return {}

    def refusal(self, evaluators: list[str], task_options: dict[str, dict[str, Any]]) -> str | None:
        """Why a task naming `evaluators` with `task_options` cannot run here (None: it can)."""
        missing = [why for alias, why in self.unavailable().items() if alias in evaluators]
        if missing:
            return "; ".join(missing)
        if "llm_judge" in evaluators:
            return self._judge(task_options.get("llm_judge", {})).get("refused")
        return None

    def options_for(self, task_options: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """A task's per-evaluator options, with `llm_judge` resolved to one of the server's endpoints
        (or `{"refused": why}`, which the judge reports as its failure)."""
        options = {k: dict(v) for k, v in task_options.items()}
        if self.llm_judge is not None or "llm_judge" in options:
            options["llm_judge"] = self._judge(options.get("llm_judge", {}))
        return options

    def _judge(self, task: dict[str, Any]) -> dict[str, Any]:
        try:
            chosen = task_judge_options(task)
            if self.llm_judge is None:
                raise ValueError("options.llm_judge: the server has no LLM judge (evaluators.llm_judge)")
            endpoint = self.llm_judge.named(chosen.endpoint)
        except ValueError as exc:
            return {"refused": str(exc)}
        narrowed = chosen.model_dump(exclude={"endpoint"}, exclude_none=True)
        if endpoint.budget_per_task is not None and "budget_per_task" in narrowed:
            narrowed["budget_per_task"] = min(narrowed["budget_per_task"], endpoint.budget_per_task)
        # an explicit null (no rate limit) stays; the key stays a SecretStr, unwrapped only by the client
        return {**endpoint.model_dump(exclude_unset=True), **narrowed}
