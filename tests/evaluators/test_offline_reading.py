"""The offline commands read a trace's arguments as the collector does: the same trace, sent as
OTLP or written as a file with the arguments as recorded (OpenAI's JSON string included), gets the
same arguments and the same labels."""
from __future__ import annotations

import json

import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from collector.assembly.arguments import read_arguments
from collector.decoding.otlp import parse_protobuf, to_batch
from collector.json_limits import CLIPPED_MARK
from collector.assembly.build import build_trajectory
from collector.span import SPAN_COLUMNS, SpanRecord
from collector.trajectory import Trajectory
from evaluators.base import EvalContext
from evaluators.config import CONFIG_DIR
from evaluators.registry import DEFAULT_SET, get
from evaluators.schemas import load_tool_schemas
from tracepatrol.cli.results import load_trajectory

from .conftest import MS, T0

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}, "date": {"type": "string"}},
          "required": ["city"]}
RECORDED = [
    json.dumps({"city": "北京", "date": "明天"}, ensure_ascii=False),  # OpenAI shape, a relative date
    json.dumps({"city": "北京", "date": "2026-12-01"}),
    json.dumps(json.dumps({"city": "北京"})),  # encoded twice
    '{"city": "北京", "date": ',  # broken JSON
    "北京",  # not JSON at all
    "",
    "null",
    '["北京"]',
    "[" * 40 + "]" * 40,  # deeper than the depth limit
]


def otlp_trace(arguments: str) -> Trajectory:
    """A real OTLP request (agent, model call offering the tool, the tool span with its arguments as
    a string attribute, the answering model call), decoded and built as the collector does."""
    request = ExportTraceServiceRequest()
    resource_spans = request.resource_spans.add()
    resource_spans.resource.attributes.add(key="service.name").value.string_value = "agent"
    spans = resource_spans.scope_spans.add()

    def add(span_id: str, name: str, start: int, end: int, **attributes: str) -> None:
        span = spans.spans.add(trace_id=bytes.fromhex("ab" * 16), span_id=bytes.fromhex(span_id * 8), name=name,
                               kind=1, start_time_unix_nano=T0 + start * MS, end_time_unix_nano=T0 + end * MS)
        if span_id != "01":
            span.parent_span_id = bytes.fromhex("01" * 8)
        for key, value in attributes.items():
            span.attributes.add(key=key.replace("__", "."), value={"string_value": value})

    add("01", "invoke_agent planner", 0, 100, gen_ai__operation__name="invoke_agent")
    add("02", "chat m", 1, 10, gen_ai__operation__name="chat", gen_ai__tool__definitions=json.dumps(
        [{"type": "function", "name": "get_weather", "description": "Weather on a day.", "parameters": SCHEMA}]),
        gen_ai__input__messages=json.dumps([{"role": "user", "parts": [{"type": "text", "content": "北京明天天气"}]}]))
    add("03", "execute_tool get_weather", 11, 20, gen_ai__operation__name="execute_tool",
        gen_ai__tool__name="get_weather", gen_ai__tool__call__arguments=arguments,
        gen_ai__tool__call__result=json.dumps({"temp": 3}))
    add("04", "chat m", 21, 30, gen_ai__operation__name="chat", gen_ai__output__messages=json.dumps(
        [{"role": "assistant", "finish_reason": "stop", "parts": [{"type": "text", "content": "3 度"}]}]))
    batch = to_batch(parse_protobuf(request.SerializeToString()), received_ns=0)
    columns = [batch.columns[c] for c in SPAN_COLUMNS]
    return build_trajectory([SpanRecord.from_row(dict(zip(SPAN_COLUMNS, row))) for row in zip(*columns)])


def as_written(trajectory: Trajectory, arguments: str) -> dict:
    """The trajectory as a user writes it: the arguments as recorded, no reading flags."""
    doc = trajectory.model_dump()
    for call in doc["tool_calls"]:
        call["arguments"] = arguments
        del call["arguments_valid_json"], call["arguments_raw"]
    return doc


def verdicts(trajectory: Trajectory) -> dict:
    context = EvalContext(tool_schemas=load_tool_schemas(CONFIG_DIR / "tools"))
    return {alias: (r.label, r.labels, r.score, r.reason)
            for alias in DEFAULT_SET for r in [get(alias)().evaluate(trajectory, context)]}


def read(call) -> tuple:
    return call.arguments, call.arguments_valid_json, call.arguments_raw


@pytest.mark.parametrize("arguments", RECORDED)
def test_offline_and_collector_read_the_same_trace_alike(tmp_path, arguments):
    collected = otlp_trace(arguments)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(as_written(collected, arguments), ensure_ascii=False))
    offline = load_trajectory(path)
    assert [read(c) for c in offline.tool_calls] == [read(c) for c in collected.tool_calls]
    assert [read(c) for c in collected.tool_calls] == [read_arguments(arguments)]  # the collector reads alike
    assert verdicts(offline) == verdicts(collected)


def test_what_the_reading_gives():
    assert read_arguments('{"city": "北京"}') == ({"city": "北京"}, True, None)
    assert read_arguments(json.dumps('{"city": "北京"}')) == ({"city": "北京"}, True, None)
    assert read_arguments("{city: 北京") == ("{city: 北京", False, "{city: 北京")
    assert read_arguments("北京") == ("北京", False, "北京")
    assert read_arguments("  ") == ({}, True, None)
    assert read_arguments(None) == (None, True, None)
    assert read_arguments({"city": "北京"}) == ({"city": "北京"}, True, None)
    deep, valid, raw = read_arguments("[" * 40 + "]" * 40)
    assert valid and raw is None and json.dumps(deep).count(CLIPPED_MARK.strip()[:20]) == 1


def test_openai_shape_gets_the_labels_of_its_values():
    verdict = verdicts(otlp_trace(json.dumps({"city": "北京", "date": "明天"}, ensure_ascii=False)))
    # a plain string date: no form is broken (parameters passes), the relative word is relative_date
    assert verdict["parameters"][0] == "pass" and verdict["grounding"][0] == "relative_date"
    broken = verdicts(otlp_trace('{"city": "北京", "date": '))
    assert broken["parameters"][0] == "invalid_json" and "'{\"city\": \"北京\", \"date\": '" in broken["parameters"][3]


def test_a_file_that_says_its_arguments_are_not_json_keeps_them(tmp_path):
    doc = as_written(otlp_trace("{}"), "{}")
    doc["tool_calls"][0].update(arguments="{}", arguments_valid_json=False)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc))
    assert read(load_trajectory(path).tool_calls[0]) == ("{}", False, None)
