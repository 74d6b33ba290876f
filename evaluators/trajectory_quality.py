"""trajectory_quality: the health of the tool-call sequence, part by part.

loops (deepeval's AgentLoopDetection thresholds), recovery after each failed call, efficiency
(repeats of calls that already succeeded), parallelism (dependency depth against the sequential
rounds used) and termination. The score is the minimum of the parts that apply and the label the
worst part's; tool errors add execution labels (rate_limit, auth, …), which describe the tools,
not the agent, and so never fail the trajectory by themselves.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import orjson

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator
from evaluators.grounding import before, result_haystack
from evaluators.text import Haystack, leaves, norm, scalar_text, terms

PARTS = ("loops", "recovery", "efficiency", "parallelism", "termination")
# Label precedence inside a part when two score the same.
_ORDER = ("failing_call_loop", "repeated_identical_call", "cyclic_pattern", "silent_failure", "blind_retry",
          "no_recovery", "redundant_calls", "serial_waste", "no_final_answer", "unverified_success")

EXECUTION = (  # first match wins
    ("rate_limit", re.compile(r"\b429\b|rate[ _-]?limit|too many requests|throttl|quota exceeded", re.I)),
    ("auth", re.compile(r"\b40[13]\b|unauthori[sz]ed|forbidden|permission denied|access denied|"
                        r"\bauth(?:entication|orization)?\b|invalid (?:api[ _-]?)?(?:key|token)|token expired", re.I)),
    ("not_found", re.compile(r"\b404\b|not[ _-]?found|no such", re.I)),
    ("timeout", re.compile(r"timed?[ _-]?out|deadline exceeded|\b40[8]\b|\b504\b", re.I)),
    ("server", re.compile(r"\b5\d\d\b|server error|service unavailable|bad gateway|internal error|"
                          r"connection(?:error| refused| reset| error)", re.I)),
    ("validation", re.compile(r"\b4(?:00|22)\b|validat|invalid|must (?:match|be)|bad request|schema|"
                              r"valueerror|typeerror|missing|required", re.I)),
)
TRANSIENT = frozenset({"rate_limit", "server", "timeout"})

_ACKNOWLEDGES = re.compile(
    r"sorry|unfortunately|unable|not able|couldn'?t|could not|can'?t|cannot|fail|error|unavailable|"
    r"not available|didn'?t work|did not work|try again|apolog|抱歉|对不起|无法|失败|出错|错误|暂时|稍后|不可用|没能|未能|异常",
    re.I)
_ASKS = re.compile(
    r"[?？]\s*$|please (?:provide|confirm|specify|tell|let me know|clarify|give)|could you|can you|would you|"
    r"请(?:提供|确认|告诉|说明|补充)|您(?:能|可以|是否)", re.I)
_WRITES = frozenset(terms(
    "create update delete remove cancel submit post write save send transfer order purchase buy pay book "
    "reserve charge refund set add insert upload publish modify edit"))


def execution_label(call: ToolCall) -> str | None:
    """The kind of tool error (rate_limit, auth, not_found, timeout, server, validation), from its text."""
    text = " ".join(filter(None, (call.error_type, call.error, None if call.error else str(call.result or ""))))
    return next((label for label, pattern in EXECUTION if pattern.search(text)), None)


def claims_success(output: str | None) -> bool:
    """A final answer that neither admits a failure nor asks the user anything."""
    return bool(output and output.strip()) and not _ACKNOWLEDGES.search(output) and not _ASKS.search(output)


def canonical(call: ToolCall) -> tuple[str, bytes]:
    """(name, arguments with sorted keys): what makes two calls identical."""
    if not call.arguments_valid_json:
        return call.name, str(call.arguments_raw or call.arguments).encode()
    try:
        return call.name, orjson.dumps(call.arguments, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # an integer beyond 64 bits, say
        return call.name, json.dumps(call.arguments, sort_keys=True, default=str).encode()


def _part(score: float, label: str = "pass", reason: str = "", evidence: list[int] | None = None, **extra: Any) -> dict:
    """One part's (or one failed call's) verdict; `labels` are its failure labels."""
    labels = [label] if score < 1 else []
    return {"score": score, "label": label, "labels": labels, "reason": reason, "evidence": evidence or [], **extra}


def _skip(reason: str) -> dict:
    return {"score": None, "label": "not_applicable", "labels": [], "reason": reason, "evidence": []}


def _worst(found: list[dict]) -> dict:
    return min(found, key=lambda p: (p["score"], _ORDER.index(p["label"]) if p["label"] in _ORDER else len(_ORDER)))


class TrajectoryQualityEvaluator(Evaluator):
    alias = "trajectory_quality"
    dimension = "task_planning"
    description = "Loops, recovery, redundant calls, parallelism and termination of the tool-call sequence."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        calls = trajectory.tool_calls
        if not calls:
            return self.not_applicable("no tool calls")
        keys = [canonical(c) for c in calls]
        parts = {
            "loops": self._loops(calls, keys),
            "recovery": self._recovery(calls, keys, trajectory.output),
            "efficiency": self._efficiency(calls, keys),
            "parallelism": self._parallelism(trajectory),
            "termination": self._termination(calls, trajectory.output),
        }
        execution = {c.seq: label for c in calls if c.status == "error" and (label := execution_label(c))}
        applicable = [p for p in parts.values() if p["score"] is not None]
        worst = _worst(applicable)
        failing = [p for name in PARTS if (p := parts[name])["score"] is not None and p["score"] < 1]
        labels = list(dict.fromkeys(label for p in failing for label in p["labels"]))
        labels += [label for label in dict.fromkeys(execution.values()) if label not in labels]
        details = {**parts, "execution": execution}
        if not failing:
            return self.result(score=worst["score"], label="pass", labels=labels, passed=True, details=details,
                               reason=self._summary(parts, len(calls)))
        others = [label for label in labels if label != worst["label"] and label not in execution.values()]
        also = f" (also {', '.join(others)})" if others else ""
        evidence = sorted({seq for p in failing for seq in p["evidence"]})
        return self.result(score=worst["score"], label=worst["label"], labels=labels, passed=False,
                           details=details, evidence=evidence, reason=worst["reason"] + also)

    # --- parts --------------------------------------------------------------------------------

    def _loops(self, calls: list[ToolCall], keys: list[tuple]) -> dict:
        found = []
        key, count = Counter(keys).most_common(1)[0]
        if count >= 3:
            seqs = [c.seq for c, k in zip(calls, keys) if k == key]
            found.append(_part(0.0 if count >= 6 else 0.5, "repeated_identical_call",
                               f"calls {_seqs(seqs)} {key[0]}: repeated_identical_call: the same call {count} times", seqs))
        pairs = [i for i in range(1, len(calls))
                 if keys[i] == keys[i - 1] and calls[i].status == calls[i - 1].status == "error"]
        if pairs:
            stuck = sorted({calls[k].seq for i in pairs for k in (i - 1, i)})
            first = calls[pairs[0]]
            found.append(_part(0.0, "failing_call_loop", f"calls {_seqs(stuck)} {first.name}: failing_call_loop: "
                               f"the same failing call repeated ({(first.error or 'error')[:60]})", stuck))
        cycle = _cycle([c.name for c in calls])
        if cycle:
            period, seqs = cycle
            names = " → ".join(_name(calls, s) for s in seqs[:period])
            found.append(_part(0.5, "cyclic_pattern", f"calls {_seqs(seqs)}: cyclic_pattern: {names} repeated "
                                                      f"{len(seqs) // period} times", seqs))
        if not found:
            return _part(1.0, reason="no loops")
        return _worst(found) | {"labels": _labels(found)}

    def _recovery(self, calls: list[ToolCall], keys: list[tuple], output: str | None) -> dict:
        failed = [i for i, c in enumerate(calls) if c.status == "error"]
        if not failed:
            return _skip("no failed calls")
        verdicts = [self._recovered(i, calls, keys, output) for i in failed]
        worst = _worst(verdicts)
        if worst["score"] == 1:
            return _part(1.0, "recovered", f"{len(failed)} failed call(s), all recovered", calls=verdicts)
        bad = [v for v in verdicts if v["score"] < 1]
        return worst | {"labels": _labels(bad), "evidence": sorted({s for v in bad for s in v["evidence"]}),
                        "calls": verdicts}

    def _recovered(self, i: int, calls: list[ToolCall], keys: list[tuple], output: str | None) -> dict:
        """One failed call's recovery."""
        failed = calls[i]
        kind = execution_label(failed)
        ref = f"call {failed.seq} {failed.name}"
        later = [j for j in range(i + 1, len(calls)) if before(failed, calls[j])]
        if claims_success(output) and not any(calls[j].status == "ok" for j in later):
            return _part(0.0, "silent_failure", f"{ref}: silent_failure: failed ({kind or 'error'}) and the final "
                                                "answer claims success with no later successful call", [failed.seq], seq=failed.seq)
        retries = next((n for n, j in enumerate(later) if keys[j] != keys[i]), len(later))
        retry_seqs = [failed.seq, *(calls[j].seq for j in later[:retries])]
        if retries >= 2:
            return _part(0.0, "blind_retry", f"{ref}: blind_retry: retried {retries} times with identical arguments",
                         retry_seqs, seq=failed.seq)
        if retries == 1:
            if kind in TRANSIENT:
                return _part(1.0, "recovered", f"{ref}: one identical retry after a transient error ({kind})", seq=failed.seq)
            return _part(0.5, "blind_retry", f"{ref}: blind_retry: identical retry after a non-transient error "
                                             f"({kind or 'unclassified'})", retry_seqs, seq=failed.seq)
        if later:
            nxt = calls[later[0]]
            how = "changed the arguments" if nxt.name == failed.name else f"switched to {nxt.name}"
            return _part(1.0, "recovered", f"{ref}: {how}", seq=failed.seq)
        if not (output and output.strip()):
            return _part(0.0, "no_recovery", f"{ref}: no_recovery: nothing followed the failure", [failed.seq], seq=failed.seq)
        how = "asked the user" if _ASKS.search(output) else "reported the failure"
        return _part(1.0, "recovered", f"{ref}: {how} in the final answer", seq=failed.seq)

    def _efficiency(self, calls: list[ToolCall], keys: list[tuple]) -> dict:
        succeeded: set[tuple] = set()
        redundant = []
        for c, key in zip(calls, keys):
            if key in succeeded:
                redundant.append(c.seq)
            elif c.status == "ok":
                succeeded.add(key)
        if not redundant:
            return _part(1.0, reason="no call repeats an earlier successful one")
        return _part(1 - len(redundant) / len(calls), "redundant_calls",
                     f"calls {_seqs(redundant)} {_name(calls, redundant[0])}: redundant_calls: "
                     "repeat(s) an earlier successful call", redundant)

    def _parallelism(self, trajectory: Trajectory) -> dict:
        calls = trajectory.tool_calls
        if len(calls) < 2:
            return _skip("a single call")
        if not all(c.start_ns and c.end_ns for c in calls):
            return _skip("calls have no timings")
        user = Haystack([norm(trajectory.input)] if trajectory.input else [])
        results = [result_haystack(c) for c in calls]
        args = [[norm(scalar_text(v)) for _, v in leaves(c.arguments) if v is not None and not isinstance(v, bool)]
                if c.arguments_valid_json else [] for c in calls]
        depth = []
        for j, c in enumerate(calls):
            parents = [depth[i] for i in range(j) if before(calls[i], c) and (
                calls[i].status == "error" or any(results[i].matches(v) - user.matches(v) for v in args[j] if v))]
            depth.append(1 + max(parents, default=0))
        rounds, round_of, round_end = 0, {}, -1
        for c in sorted(calls, key=lambda c: c.start_ns):
            if c.start_ns >= round_end:
                rounds += 1
                round_end = c.end_ns
            else:
                round_end = max(round_end, c.end_ns)
            round_of[c.seq] = rounds
        deepest = max(depth)
        score = min(1.0, deepest / rounds)
        extra = {"depth": deepest, "rounds": rounds}
        if score >= 1:
            return _part(1.0, reason=f"{rounds} round(s) for dependency depth {deepest}", **extra)
        waited = [c.seq for c, d in zip(calls, depth) if round_of[c.seq] > d]
        return _part(score, "serial_waste", f"calls {_seqs(waited)}: serial_waste: {rounds} sequential rounds where "
                                            f"the dependencies need {deepest}", waited, **extra)

    def _termination(self, calls: list[ToolCall], output: str | None) -> dict:
        if not (output and output.strip()):
            return _part(0.0, "no_final_answer", f"after call {calls[-1].seq}: no_final_answer",
                         [calls[-1].seq])
        writes = [c for c in calls if _WRITES.intersection(terms(c.name))]
        if writes and writes[-1].status == "error" and claims_success(output):
            last = writes[-1]
            return _part(0.0, "unverified_success", f"call {last.seq} {last.name}: unverified_success: the last "
                                                    "write failed and the final answer claims success",
                         [last.seq])
        return _part(1.0, reason="final answer given")

    @staticmethod
    def _summary(parts: dict[str, dict], n: int) -> str:
        said = [p["reason"] for name in PARTS if (p := parts[name])["score"] is not None]
        return f"{n} call(s): " + "; ".join(said)


def _cycle(names: list[str]) -> tuple[int, list[int]] | None:
    """(period, seqs) of a name cycle of period 2 or 3 seen three times in a row, else None."""
    for period in (2, 3):
        run = 0
        for k in range(period, len(names)):
            run = run + 1 if names[k] == names[k - period] else 0
            start = k - 3 * period + 1
            if run >= 2 * period and len(set(names[start:k + 1])) > 1:
                return period, list(range(start + 1, k + 2))
    return None


def _labels(found: list[dict]) -> list[str]:
    return sorted({p["label"] for p in found if p["score"] < 1}, key=_ORDER.index)


def _name(calls: list[ToolCall], seq: int) -> str:
    return next((c.name for c in calls if c.seq == seq), "?")


def _seqs(seqs: list[int]) -> str:
    return ", ".join(map(str, seqs[:6])) + ("…" if len(seqs) > 6 else "")
