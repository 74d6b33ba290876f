"""The evaluators' settings: worker pool, where tool schemas and golden cases live, the LLM judge."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from evaluators.llm_client import LLMJudgeSettings

CONFIG_DIR = Path(__file__).resolve().parent.parent / "config"


class EvaluatorSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    workers: int = Field(2, ge=0, le=64, description="evaluator threads in `serve` (0: none)")
    max_attempts: int = Field(3, ge=1, le=20, description="an item interrupted this often is failed")
    tools_dir: Path = Field(CONFIG_DIR / "tools", description="tool JSON Schemas used when a trace has none")
    datasets_dirs: list[Path] = Field(default_factory=list, description="golden cases beside config/datasets")
    weights_dirs: list[Path] = Field(default_factory=list, description="scene profiles beside the built-in ones")
    llm_judge: LLMJudgeSettings | None = Field(None, description="off unless set")

    def options_for(self, task_options: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """A task's per-evaluator options over the server-wide LLM judge settings."""
        options = {k: dict(v) for k, v in task_options.items()}
        if self.llm_judge is not None:
            base = self.llm_judge.model_dump(exclude_unset=True)  # an explicit null (no rate limit) stays
            options["llm_judge"] = {**base, **options.get("llm_judge", {})}
        return options
