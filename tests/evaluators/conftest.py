"""Fixture trajectories from tests/fixtures (captured framework traces, built once) and a small
builder for hand-made ones, shared by the evaluator tests."""
from __future__ import annotations

from typing import Any

from collector.trajectory import ToolCall, ToolDefinition, Trajectory


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
