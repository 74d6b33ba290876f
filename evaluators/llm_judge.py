"""llm_judge: an LLM grades what rules cannot see (goal completion, tool fit, faithful arguments).

Off by default: it runs only when the context carries a `ChatClient` (`EvalContext.llm`) or
`llm_judge` settings (in the server, `EvaluatorSettings.options_for` resolves them from the
server's endpoints; a task only names one). The verdict is validated; a malformed one raises
`JudgeError` (the item fails with the reason) and a spent budget is "not applicable" — the judge
never stands in a score it did not give. Only the verdict reaches results: its score, its label
and its rationale as one bounded line of plain text.
"""
from __future__ import annotations

import json
import re
import threading
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from collector.trajectory import Trajectory
from evaluators.base import NOT_APPLICABLE, EvalContext, EvalResult, Evaluator, Finding, summary
from evaluators.llm_client import BudgetExhausted, ChatClient, JudgeError, LLMJudgeSettings

DEFAULT_RUBRIC = """\
You grade one run of an AI agent that uses tools. Judge only what the run shows:
- goal completion: did the final answer achieve what the user asked, without claiming more?
- tool fit: was each tool the right one for the user's intent (else wrong_tool)?
- arguments: does each argument faithfully carry what the user or an earlier result said
  (else wrong_value, or ungrounded_value when it came from nowhere)?
- coherence: are the steps in a sensible order with nothing needed missing?
Reply with one JSON object and nothing else:
{"score": <number from 0 to 1>, "label": "<label>", "reason": "<one sentence naming the call number>"}
label is "pass" when nothing is wrong, else the worst of: wrong_tool, missing_tool, unnecessary_tool,
wrong_value, ungrounded_value, order_violation, missing_prerequisite, no_recovery, silent_failure,
unverified_success, no_final_answer."""

_CLIP = 400
REASON_CHARS = 300
_CALL = re.compile(r"\bcalls?\s+#?(\d{1,6})\b", re.IGNORECASE)
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+")


class Verdict(BaseModel):
    """What the judge must return; a number in a string or a bool is not a score."""

    model_config = ConfigDict(extra="ignore")

    score: Annotated[float, Field(strict=True, ge=0.0, le=1.0)]
    label: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)
    reason: str = Field(min_length=1)


def parse_verdict(payload: dict[str, Any]) -> Verdict:
    """The validated verdict; what was wrong is named by field and rule, never quoted."""
    try:
        verdict = Verdict.model_validate(payload)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'verdict'}: {e['msg']}" for e in exc.errors())
        raise JudgeError(f"malformed verdict: {problems}") from None
    return verdict.model_copy(update={"reason": rationale(verdict.reason)})


def rationale(text: str) -> str:
    """The judge's reason as one line of printable text, at most REASON_CHARS long."""
    line = " ".join(_UNPRINTABLE.sub(" ", text).split()) or "(no reason given)"
    return line if len(line) <= REASON_CHARS else line[:REASON_CHARS - 1] + "…"


def render(trajectory: Trajectory) -> str:
    """A compact, model-readable transcript: input, each call with its outcome, the answer."""
    lines = [f"User input: {_clip(trajectory.input)}"]
    if trajectory.tools_offered:
        lines.append("Tools offered: " + ", ".join(t.name for t in trajectory.tools_offered))
    lines.append("Tool calls:" if trajectory.tool_calls else "Tool calls: none")
    for call in trajectory.tool_calls:
        args = call.arguments if call.arguments_valid_json else call.arguments_raw
        outcome = (f"ok -> {_clip(call.result)}" if call.status == "ok"
                   else f"error ({call.error_type or 'unknown'}) -> {_clip(call.error)}")
        lines.append(f"{call.seq}. {call.name}({_clip(args)}) {outcome}")
    lines.append(f"Final answer: {_clip(trajectory.output)}")
    return "\n".join(lines)


def named_call(reason: str, trajectory: Trajectory) -> int | None:
    """The call the judge's reason names ("call 3 …", as the rubric asks), when it names exactly one
    of the trajectory's; else None (the whole trace)."""
    seqs = {c.seq for c in trajectory.tool_calls}
    named = {int(m[1]) for m in _CALL.finditer(reason)} & seqs
    return named.pop() if len(named) == 1 else None


def judge_messages(rubric: str, trajectory: Trajectory) -> list[dict[str, str]]:
    return [{"role": "system", "content": rubric}, {"role": "user", "content": render(trajectory)}]


def _clip(value: Any) -> str:
    if value is None:
        return "(none)"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= _CLIP else text[:_CLIP] + f"… (+{len(text) - _CLIP} chars)"


class LLMJudgeEvaluator(Evaluator):
    alias = "llm_judge"
    dimension = "task_planning"
    description = "An OpenAI-compatible LLM grades the trajectory against a rubric (off by default)."
    time_budget = False  # waits on the network, bounded by its own timeout_s, retries and backoff_max_s

    def __init__(self) -> None:
        self._own: ChatClient | None = None  # built from options.llm_judge, once: its budget spans the task
        self._lock = threading.Lock()

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        trajectory = context.view_of(trajectory).trajectory
        client = self._client(context)
        if client is None:
            return self.not_applicable("LLM judge not configured (evaluators.llm_judge in the server settings)")
        settings = client.settings
        try:
            payload = client.chat_json(judge_messages(settings.rubric or DEFAULT_RUBRIC, trajectory))
        except BudgetExhausted as exc:
            return EvalResult(evaluator=self.alias, dimension=settings.dimension, score=None, label=NOT_APPLICABLE,
                              reason="budget exhausted", details={"detail": str(exc), "calls": client.calls})
        verdict = parse_verdict(payload)
        passed = verdict.label == "pass"
        findings = [] if passed else [Finding(call=named_call(verdict.reason, trajectory), label=verdict.label,
                                              reason=verdict.reason)]
        return EvalResult(evaluator=self.alias, dimension=settings.dimension, score=verdict.score,
                          label=verdict.label, passed=passed, reason=verdict.reason, findings=findings,
                          details={"model": settings.model}, **summary(findings))

    def _client(self, context: EvalContext) -> ChatClient | None:
        if isinstance(context.llm, ChatClient):
            return context.llm
        options = context.options.get(self.alias)
        if not options:
            return None
        if "refused" in options:  # EvaluatorSettings.options_for could not resolve the task's choice
            raise JudgeError(options["refused"])
        with self._lock:
            if self._own is None:
                self._own = ChatClient(LLMJudgeSettings.model_validate(options))
            return self._own
