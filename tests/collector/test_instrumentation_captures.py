"""Every capture of a real instrumentation package (tests/fixtures/instrumentations) becomes
exactly the trajectory its manifest expects: what the capture carries, and nothing it lacks."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from collector.decoding.otlp import parse_protobuf, to_batch
from collector.assembly.build import build_trajectory
from collector.span import SPAN_COLUMNS, SpanRecord
from collector.trajectory import Trajectory

CAPTURES_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "instrumentations"
MANIFEST = json.loads((CAPTURES_DIR / "MANIFEST.json").read_text())
CAPTURES = MANIFEST["captures"]


def capture_id(capture: dict) -> str:
    return f"{capture['convention']}/{capture['scenario']}-{capture['variant']}"


@cache
def trajectory_of(index: int) -> Trajectory:
    """The capture's spans, decoded as the receiver decodes them, built into one trajectory."""
    capture = CAPTURES[index]
    records = []
    for name in capture["files"]:
        batch = to_batch(parse_protobuf((CAPTURES_DIR / name).read_bytes()), received_ns=0)
        columns = [batch.columns[c] for c in SPAN_COLUMNS]
        records += [SpanRecord.from_row(dict(zip(SPAN_COLUMNS, row))) for row in zip(*columns)]
    assert {r.trace_id for r in records} == set(capture["trace_ids"])
    run = capture.get("run_trace_id", capture["trace_ids"][0])  # other traces: spans outside the run
    return build_trajectory([r for r in records if r.trace_id == run])


@pytest.fixture(params=range(len(CAPTURES)), ids=[capture_id(c) for c in CAPTURES])
def built(request) -> tuple[dict, Trajectory]:
    return CAPTURES[request.param], trajectory_of(request.param)


def test_conversation_and_context(built):
    capture, trajectory = built
    expected = capture["expected"]
    assert trajectory.span_count == capture["span_count"]
    assert trajectory.input == expected["user_input"]
    assert trajectory.output == expected["final_output"]
    assert trajectory.user_id == expected["user_id"]
    assert trajectory.session_id == expected["session_id"]


def test_tokens_and_model_calls(built):
    capture, trajectory = built
    expected = capture["expected"]
    calls = expected["llm_calls"] or 0  # None: nothing in the capture shows a model call (AutoGen)
    assert trajectory.llm_call_count == calls
    # Without model spans (agent-level data only) the calls are counted but none is listed.
    assert len(trajectory.llm_calls) == (calls if capture.get("model_spans", True) else 0)
    tokens = expected["tokens"] or {"input": 0, "output": 0}
    assert (trajectory.tokens.input, trajectory.tokens.output) == (tokens["input"], tokens["output"])


def test_tool_calls(built):
    """Names, arguments, results and failures in order; `None` in the manifest means the capture
    does not carry that value, so the trajectory cannot know it either."""
    capture, trajectory = built
    wanted = capture["expected"]["tool_calls"] or []
    calls = trajectory.tool_calls
    by_id = {w["id"]: w for w in wanted}
    if not capture["content_capture"] and len(by_id) == len(wanted) == len(calls) \
            and {c.call_id for c in calls} == set(by_id):
        # Without content no model message says in which order parallel calls were asked for; their
        # spans start in whatever order the runtime gave them, so the ids pair them instead.
        wanted = [by_id[c.call_id] for c in calls]
    assert [c.name for c in calls] == [w["name"] for w in wanted]
    for call, want in zip(calls, wanted):
        if want["id"] is not None:  # None: the provider gives no ids (Gemini); frameworks may make their own
            assert call.call_id in (None, want["id"])
        if want["arguments"] is not None:
            assert call.arguments == want["arguments"]
        else:
            assert call.arguments in (None, {})
        if want["error"] is not None:
            assert call.status == ("error" if want["error"] else "ok")
        if want["error"]:  # frameworks decorate the message: compared by containment (README)
            if want["error_message"]:
                assert any(want["error_message"] in str(text) for text in (call.result, call.error))
        else:
            assert call.result == want["result"]
    assert [c.seq for c in calls] == list(range(1, len(calls) + 1))
    assert trajectory.tool_errors == sum(c.status == "error" for c in calls)


def _pairs() -> list[tuple[int, int]]:
    """(model-only capture, the same run with tool spans written per the convention) indexes."""
    index = {(c["convention"], c["scenario"], c["variant"]): i for i, c in enumerate(CAPTURES)}
    return [(index[(c["convention"], c["scenario"], c["pair_of"])], i)
            for i, c in enumerate(CAPTURES) if c.get("pair_of")]


@pytest.mark.parametrize("model_only,spanned", _pairs(), ids=[capture_id(CAPTURES[s]) for _, s in _pairs()])
def test_model_only_and_tool_spans_give_the_same_tool_calls(model_only, spanned):
    """The same run seen through model messages alone and with tool spans: the same calls, each
    once; only where they come from differs."""
    def summary(trajectory: Trajectory) -> list[tuple]:
        return [(c.name, c.call_id, c.arguments, c.status) for c in trajectory.tool_calls]

    messages, spans = trajectory_of(model_only), trajectory_of(spanned)
    assert summary(messages) == summary(spans)
    assert {c.source for c in messages.tool_calls} <= {"model_messages"}
    assert {c.source for c in spans.tool_calls} <= {"span"}


# The convention each capture folder is read as; these (folder, variant prefix) write only GenAI keys now.
GENAI_NOW = {("openllmetry_anthropic", ""), ("openllmetry_bedrock", ""), ("openllmetry_openai", "content"),
             ("vercel_ai", "v7_otel")}
READERS = {"openinference": "openinference", "openllmetry": "traceloop", "otel_genai": "genai", "mlflow": "mlflow",
           "pydantic_ai": "pydantic_ai", "vercel_ai": "vercel_ai", "strands": "strands", "google_adk": "google_adk",
           "openlit": "genai", "semantic_kernel": "genai", "agent_framework": "genai", "autogen": "genai",
           "logfire": "genai"}


def test_the_trajectory_names_what_read_it(built):
    """`read_as` names the adapters that decided the spans' roles (and `scopes` the instrumentations),
    so a user can see which convention a trace was read as."""
    capture, trajectory = built
    assert trajectory.scopes
    if trajectory.llm_calls or trajectory.tool_calls:
        assert trajectory.read_as
        family = READERS[max((k for k in READERS if capture["convention"].startswith(k)), key=len)]
        if any(capture["convention"] == c and capture["variant"].startswith(v) for c, v in GENAI_NOW):
            family = "genai"
        assert family in trajectory.read_as, trajectory.read_as
