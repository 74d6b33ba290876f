"""The tool-call trajectory: the contract every later stage (sampler, evaluators, API) reads.

A trajectory is built from all spans of one trace by `collector.assembly.build.build_trajectory`;
it is rebuilt, with a higher `version`, when a span of the trace arrives late.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Tokens(_Model):
    input: int = 0
    output: int = 0
    total: int = 0


class Agent(_Model):
    name: str | None = None
    version: str | None = None


class ToolDefinition(_Model):
    """A tool the trace offered to the model; `parameters` is its JSON Schema."""

    name: str
    description: str | None = None
    parameters: dict[str, Any] | None = None


class ToolCall(_Model):
    seq: int
    name: str
    call_id: str | None = None
    # A parsed JSON value; when the recorded arguments are not valid JSON, the raw string is kept
    # here and in `arguments_raw`, with `arguments_valid_json` false.
    arguments: Any = None
    arguments_raw: str | None = None
    arguments_valid_json: bool = True
    result: Any = None
    status: Literal["ok", "error"] = "ok"
    error: str | None = None
    error_type: str | None = None
    start_ns: int = 0
    end_ns: int = 0
    duration_ms: float = 0.0
    span_id: str | None = None
    parent_span_id: str | None = None
    offered: bool = False
    # "span": an executed-tool span recorded the call; "model_messages": only the model's request
    # and the next model call's tool message show it (no span, so `span_id` is None).
    source: Literal["span", "model_messages"] = "span"
    provider_executed: bool = False  # run by the model provider (e.g. a code interpreter)


class LLMCall(_Model):
    seq: int
    name: str
    model: str | None = None
    provider: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    first_token_ms: float | None = None
    finish_reasons: list[str] = Field(default_factory=list)
    # Tool names the model asked for in this turn, in order.
    requested_tools: list[str] = Field(default_factory=list)
    status: Literal["ok", "error"] = "ok"
    # A failed call's recorded exception (type, message), else its status message, as for tool calls.
    error: str | None = None
    error_type: str | None = None
    start_ns: int = 0
    end_ns: int = 0
    duration_ms: float = 0.0
    span_id: str | None = None
    parent_span_id: str | None = None


class EarlierMessage(_Model):
    """A message of the conversation before this trace's request, as the model was given it: a
    user's or the assistant's text, the tool calls the assistant made then (name, arguments) or
    their results. Its values are context the agent may use; its calls are not this trace's."""

    role: Literal["user", "assistant", "tool"]
    text: str | None = None
    calls: list[dict[str, Any]] = Field(default_factory=list)  # {"name": ..., "arguments": ...}
    results: list[Any] = Field(default_factory=list)


class Trajectory(_Model):
    trace_id: str
    version: int = 1
    service_name: str | None = None
    agent: Agent = Field(default_factory=Agent)
    root_span_name: str | None = None
    root_span_id: str | None = None
    start_ns: int = 0
    end_ns: int = 0
    duration_ms: float = 0.0
    status: Literal["ok", "error"] = "ok"
    error_type: str | None = None
    user_id: str | None = None
    session_id: str | None = None
    input: str | None = None
    output: str | None = None
    tokens: Tokens = Field(default_factory=Tokens)
    first_token_ms: float | None = None
    llm_call_count: int = 0
    tool_errors: int = 0
    tool_calls: list[ToolCall] = Field(default_factory=list)
    llm_calls: list[LLMCall] = Field(default_factory=list)
    tools_offered: list[ToolDefinition] = Field(default_factory=list)
    span_count: int = 0
    # Which conventions it was read as (collector/assembly/adapters names whose markers its agent, model
    # and tool spans carry, most spans first) and the instrumentation scopes its spans came from.
    read_as: list[str] = Field(default_factory=list)
    scopes: list[str] = Field(default_factory=list)
    # Root-span attributes, for `attr.<key>` filters and golden-case matching (tracepatrol.case_id).
    attributes: dict[str, Any] = Field(default_factory=dict)
    # The root span's resource attributes (scalars): the tenant, account or deployment it ran for.
    resource: dict[str, Any] = Field(default_factory=dict)
    # Earlier turns of the conversation, as the first model call of this trace received them.
    history: list[EarlierMessage] = Field(default_factory=list)
