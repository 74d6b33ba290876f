"""The trajectory an evaluator may walk: sender JSON cut to the one nesting limit.

Arguments, results and recorded tool schemas come from whoever sends traces; nested past
`collector.json_limits.MAX_JSON_DEPTH` they would take the evaluators' recursive walks (and
orjson, jsonschema, json.dumps) past their limits. Every built-in evaluator reads the clipped
copy its `TrajectoryView` holds (evaluators.trajectory_view, made once per evaluation) and the
worker passes plugins the same copy, so each stage sees values clipped the way decode and storage
clip them (deeper parts as marked text).
"""
from __future__ import annotations

from collector.json_limits import clip
from collector.trajectory import ToolCall, ToolDefinition, Trajectory


def bounded(trajectory: Trajectory) -> Trajectory:
    """`trajectory` itself when every value is within the limit, else a clipped copy."""
    calls = [_call(c) for c in trajectory.tool_calls]
    tools = [_tool(t) for t in trajectory.tools_offered]
    attributes = clip(trajectory.attributes)
    changed = (attributes is not trajectory.attributes or any(a is not b for a, b in zip(calls, trajectory.tool_calls))
               or any(a is not b for a, b in zip(tools, trajectory.tools_offered)))
    if not changed:
        return trajectory
    return trajectory.model_copy(update={"tool_calls": calls, "tools_offered": tools, "attributes": attributes})


def _call(call: ToolCall) -> ToolCall:
    arguments, result = clip(call.arguments), clip(call.result)
    if arguments is call.arguments and result is call.result:
        return call
    return call.model_copy(update={"arguments": arguments, "result": result})


def _tool(tool: ToolDefinition) -> ToolDefinition:
    parameters = clip(tool.parameters)
    if parameters is tool.parameters:
        return tool
    return tool.model_copy(update={"parameters": parameters if isinstance(parameters, dict) else None})
