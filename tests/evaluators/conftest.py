"""Fixture trajectories from tests/fixtures (captured framework traces, built once) and a small
builder for hand-made ones, shared by the evaluator tests."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from collector.decode import parse_protobuf, to_batch
from collector.semconv import build_trajectory
from collector.span import SPAN_COLUMNS, SpanRecord
from collector.trajectory import ToolCall, ToolDefinition, Trajectory

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MANIFEST = json.loads((FIXTURES / "MANIFEST.json").read_text())
CASES = MANIFEST["cases"]
CASE_IDS = [f"{c['framework']}/{c['scenario']}" for c in CASES]

T0 = 1_795_993_716_000_000_000  # 2026-11-29T23:08:36Z
MS = 1_000_000

DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"
WEATHER = ToolDefinition(
    name="get_weather", description="Get the current weather for a city.",
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
FLIGHTS = ToolDefinition(
    name="search_flights", description="Search flights between two cities on a date.",
    parameters={"type": "object", "properties": {
        "from_city": {"type": "string"}, "to_city": {"type": "string"},
        "date": {"type": "string", "pattern": DATE_PATTERN, "description": "Departure date, YYYY-MM-DD"}},
        "required": ["from_city", "to_city", "date"]})


@cache
def fixture_trajectory(index: int) -> Trajectory:
    records = []
    for name in CASES[index]["files"]:
        batch = to_batch(parse_protobuf((FIXTURES / name).read_bytes()), received_ns=0)
        columns = [batch.columns[c] for c in SPAN_COLUMNS]
        records += [SpanRecord.from_row(dict(zip(SPAN_COLUMNS, row))) for row in zip(*columns)]
    return build_trajectory(records)


def call(seq: int, name: str, arguments: Any = None, result: Any = None, *, error: str | None = None,
         start: int | None = None, end: int | None = None, **extra: Any) -> ToolCall:
    """Tool call `seq`, by default running (seq*100)..(seq*100+50) ms into the trace."""
    start = seq * 100 if start is None else start
    end = start + 50 if end is None else end
    return ToolCall(seq=seq, name=name, arguments=arguments, result=result,
                    status="error" if error else "ok", error=error,
                    start_ns=T0 + start * MS, end_ns=T0 + end * MS, offered=True, **extra)


def trajectory(*calls: ToolCall, input: str | None = "hello", output: str | None = "done",
               offered: tuple[ToolDefinition, ...] = (), **extra: Any) -> Trajectory:
    return Trajectory(trace_id="t" * 32, start_ns=T0, end_ns=T0 + 10_000 * MS, input=input, output=output,
                      tool_calls=list(calls), tools_offered=list(offered),
                      tool_errors=sum(c.status == "error" for c in calls), **extra)
