"""Run every capture in MATRIX against the already running servers.py, then write the fixtures
and tests/fixtures/instrumentations/MANIFEST.json.

    python run_all.py --port 18080 --out .cache/capture/out [--only CONVENTION ...]

Each run: a fresh run id, the agent started from a neutral working folder with the run's
settings in its environment, its OTLP bodies and the fake model's log collected from
<out>/<run>/, the expected trajectory written from the fake model's log (what was asked, what the
model answered, what each tool sent back), then masked by what the capture can carry.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import scenarios  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "instrumentations"
CACHE = ROOT / ".cache" / "capture"
VENVS = CACHE / "venvs"
NEUTRAL_CWD = CACHE / "cwd"
ALL_SCENARIOS = ["chat", "one_tool", "parallel_tools", "failing_tool", "multi_turn"]
CREW_SCENARIOS = ["chat", "one_tool", "parallel_tools", "failing_tool"]  # a crew keeps no conversation

GENAI_LATEST = {"OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental"}

# One entry per (convention, variant): venv (or "node"), the agent command, extra environment,
# whether message content capture is on, the packages whose versions the manifest names, notes.
MATRIX = [
    dict(convention="otel_genai_openai_v2", variant="latest_content_on", venv="genai_openai_v2",
         cmd=["agents/raw_openai.py", "genai"], content=True,
         env=dict(GENAI_LATEST, OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT="span_only"),
         packages=["opentelemetry-instrumentation-openai-v2", "opentelemetry-util-genai", "openai"],
         notes=["model-only: the agent loop runs the tools in plain Python, no tool spans",
                "latest GenAI conventions (OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental), content on span attributes"]),
    dict(convention="otel_genai_openai_v2", variant="latest_content_off", venv="genai_openai_v2",
         cmd=["agents/raw_openai.py", "genai"], content=False, env=dict(GENAI_LATEST),
         packages=["opentelemetry-instrumentation-openai-v2", "opentelemetry-util-genai", "openai"],
         notes=["model-only; latest GenAI conventions with content capture off: no messages, so no tool calls, input or output"]),
    dict(convention="otel_genai_openai_v2", variant="legacy_content_on", venv="genai_openai_v2",
         cmd=["agents/raw_openai.py", "genai"], content=True,
         env=dict(OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT="true"),
         packages=["opentelemetry-instrumentation-openai-v2", "opentelemetry-util-genai", "openai"],
         notes=["model-only; default (v1.30) conventions: content goes to log events, which are not traces, so the spans carry no messages"]),
    dict(convention="otel_genai_openai_v2", variant="latest_content_on_tool_spans", venv="genai_openai_v2", pair_of="latest_content_on",
         cmd=["agents/raw_openai.py", "genai"], content=True,
         env=dict(GENAI_LATEST, OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT="span_only", CAPTURE_TOOL_SPANS="genai"),
         packages=["opentelemetry-instrumentation-openai-v2", "opentelemetry-util-genai", "openai"],
         notes=["the same run as latest_content_on, but the app also wraps each tool in an execute_tool span it writes by hand "
                "(gen_ai.tool.name, gen_ai.tool.call.id, gen_ai.tool.call.arguments, gen_ai.tool.call.result, status ERROR on failure): "
                "the tool calls are then both in the model messages and in tool spans, and must not be counted twice"]),
    dict(convention="openinference_openai", variant="content_on", venv="openinference_openai",
         cmd=["agents/raw_openai.py", "openinference"], content=True, env={},
         packages=["openinference-instrumentation-openai", "openinference-semantic-conventions", "openai"],
         notes=["model-only: the agent loop runs the tools in plain Python, no TOOL spans"]),
    dict(convention="openinference_openai", variant="content_on_tool_spans", venv="openinference_openai", pair_of="content_on",
         cmd=["agents/raw_openai.py", "openinference"], content=True, env=dict(CAPTURE_TOOL_SPANS="openinference"),
         packages=["openinference-instrumentation-openai", "openinference-semantic-conventions", "openai"],
         notes=["the same run as content_on, but the app also wraps each tool in an OpenInference TOOL span it writes by hand "
                "(tool.name, tool_call.id, tool_call.function.arguments, input.value = arguments JSON, output.value = result, status ERROR on failure): "
                "the tool calls are both in the model messages and in tool spans, and must not be counted twice"]),
    dict(convention="openinference_openai", variant="content_off", venv="openinference_openai",
         cmd=["agents/raw_openai.py", "openinference"], content=False,
         env=dict(OPENINFERENCE_HIDE_INPUTS="true", OPENINFERENCE_HIDE_OUTPUTS="true"),
         packages=["openinference-instrumentation-openai", "openinference-semantic-conventions", "openai"],
         notes=["model-only; OPENINFERENCE_HIDE_INPUTS/HIDE_OUTPUTS=true"]),
    dict(convention="openllmetry_openai", variant="content_on", venv="openllmetry_openai",
         cmd=["agents/raw_openai.py", "openllmetry"], content=True, env=dict(TRACELOOP_TRACE_CONTENT="true"),
         packages=["opentelemetry-instrumentation-openai", "opentelemetry-semantic-conventions-ai", "openai"],
         notes=["model-only: the agent loop runs the tools in plain Python, no tool spans"]),
    dict(convention="openllmetry_openai", variant="content_off", venv="openllmetry_openai",
         cmd=["agents/raw_openai.py", "openllmetry"], content=False, env=dict(TRACELOOP_TRACE_CONTENT="false"),
         packages=["opentelemetry-instrumentation-openai", "opentelemetry-semantic-conventions-ai", "openai"],
         notes=["model-only; TRACELOOP_TRACE_CONTENT=false"]),
    dict(convention="openllmetry_openai", variant="legacy_content_on", venv="openllmetry_openai_legacy",
         cmd=["agents/raw_openai.py", "openllmetry"], content=True, env=dict(TRACELOOP_TRACE_CONTENT="true"),
         packages=["opentelemetry-instrumentation-openai", "opentelemetry-semantic-conventions-ai", "openai"],
         notes=["model-only; an older OpenLLMetry (0.52) with the indexed gen_ai.prompt.N.* / gen_ai.completion.N.* attributes, on openai 1.x"]),
    dict(convention="openllmetry_openai", variant="legacy_content_off", venv="openllmetry_openai_legacy",
         cmd=["agents/raw_openai.py", "openllmetry"], content=False, env=dict(TRACELOOP_TRACE_CONTENT="false"),
         packages=["opentelemetry-instrumentation-openai", "opentelemetry-semantic-conventions-ai", "openai"],
         notes=["model-only; older OpenLLMetry (0.52), TRACELOOP_TRACE_CONTENT=false"]),
    dict(convention="openlit", variant="content_on", venv="openlit",
         cmd=["agents/raw_openai.py", "openlit"], content=True, env=dict(OPENLIT_CAPTURE_MESSAGE_CONTENT="true"),
         packages=["openlit", "openai"],
         notes=["model-only: the agent loop runs the tools in plain Python; pricing from a local file (no network)"]),
    dict(convention="openlit", variant="content_off", venv="openlit",
         cmd=["agents/raw_openai.py", "openlit"], content=False, env=dict(OPENLIT_CAPTURE_MESSAGE_CONTENT="false"),
         packages=["openlit", "openai"],
         notes=["model-only; capture_message_content=False"]),
    dict(convention="openlit", variant="legacy_content_on", venv="openlit_legacy",
         cmd=["agents/raw_openai.py", "openlit"], content=True, env=dict(OPENLIT_CAPTURE_MESSAGE_CONTENT="true"),
         packages=["openlit", "openai"],
         notes=["model-only; an older OpenLIT (1.35.9, openai 1.x): content as gen_ai.prompt / gen_ai.completion span attributes "
                "(flattened 'role: text' lines, not JSON) and the span events gen_ai.content.prompt / gen_ai.content.completion; "
                "from the second call on, gen_ai.prompt holds the message list as Python repr text"]),
    dict(convention="openlit", variant="legacy_content_off", venv="openlit_legacy",
         cmd=["agents/raw_openai.py", "openlit"], content=False, env=dict(OPENLIT_CAPTURE_MESSAGE_CONTENT="false"),
         packages=["openlit", "openai"],
         notes=["model-only; older OpenLIT (1.35.9), capture_message_content=False"]),
    dict(convention="pydantic_ai", variant="content_on", venv="pydantic_ai",
         cmd=["agents/pydantic_ai_agent.py"], content=True, env=dict(CAPTURE_INCLUDE_CONTENT="true"),
         packages=["pydantic-ai-slim", "openai"],
         notes=["Agent.instrument_all(InstrumentationSettings(include_content=True)); real tool functions; the failing tool raises ModelRetry, which pydantic-ai sends back to the model as a retry prompt"]),
    dict(convention="pydantic_ai", variant="content_off", venv="pydantic_ai",
         cmd=["agents/pydantic_ai_agent.py"], content=False, env=dict(CAPTURE_INCLUDE_CONTENT="false"),
         packages=["pydantic-ai-slim", "openai"],
         notes=["InstrumentationSettings(include_content=False)"]),
    dict(convention="pydantic_ai", variant="v6_content_on", venv="pydantic_ai",
         cmd=["agents/pydantic_ai_agent.py"], content=True,
         env=dict(CAPTURE_INCLUDE_CONTENT="true", CAPTURE_PYDANTIC_AI_VERSION="6"),
         packages=["pydantic-ai-slim", "openai"],
         notes=["InstrumentationSettings(version=6): tool results in role='tool' messages instead of role='user'"]),
    dict(convention="pydantic_ai", variant="agent_spans_only_content_on", venv="pydantic_ai", model_spans=False,
         cmd=["agents/pydantic_ai_agent.py"], content=True,
         env=dict(CAPTURE_INCLUDE_CONTENT="true", CAPTURE_AGENT_SPANS_ONLY="true"),
         packages=["pydantic-ai-slim", "openai"],
         notes=["the content_on run with its model-call (chat) spans left out of the export, as a collector filter would: "
                "agent-level data only (the agent span's pydantic_ai.all_messages and gen_ai.aggregated_usage.*, the tool spans); "
                "each assistant message of the conversation is one model call"]),
    dict(convention="openinference_langchain", variant="content_on", venv="langchain",
         cmd=["agents/langgraph_agent.py"], content=True, env={},
         packages=["openinference-instrumentation-langchain", "langchain-openai", "langgraph", "langchain-core", "openai"],
         notes=["LangGraph create_react_agent-style graph (model node + ToolNode) with real @tool functions; user/session through openinference using_attributes"]),
    dict(convention="openinference_langchain", variant="content_off", venv="langchain",
         cmd=["agents/langgraph_agent.py"], content=False,
         env=dict(OPENINFERENCE_HIDE_INPUTS="true", OPENINFERENCE_HIDE_OUTPUTS="true"),
         packages=["openinference-instrumentation-langchain", "langchain-openai", "langgraph", "langchain-core", "openai"],
         notes=["OPENINFERENCE_HIDE_INPUTS/HIDE_OUTPUTS=true"]),
    dict(convention="semantic_kernel", variant="content_on", venv="semantic_kernel",
         cmd=["agents/semantic_kernel_agent.py"], content=True,
         env=dict(SEMANTICKERNEL_EXPERIMENTAL_GENAI_ENABLE_OTEL_DIAGNOSTICS="true",
                  SEMANTICKERNEL_EXPERIMENTAL_GENAI_ENABLE_OTEL_DIAGNOSTICS_SENSITIVE="true"),
         packages=["semantic-kernel", "openai"],
         notes=["kernel functions in plugin \"tools\" (offered to the model as tools-get_weather ...), FunctionChoiceBehavior.Auto(); SEMANTICKERNEL_EXPERIMENTAL_GENAI_ENABLE_OTEL_DIAGNOSTICS_SENSITIVE=true, but Python Semantic Kernel writes message content (gen_ai.user.message, gen_ai.choice ...) as Python log records (the OTel Logs signal), not on spans: the trace carries no messages"]),
    dict(convention="semantic_kernel", variant="content_off", venv="semantic_kernel",
         cmd=["agents/semantic_kernel_agent.py"], content=False,
         env=dict(SEMANTICKERNEL_EXPERIMENTAL_GENAI_ENABLE_OTEL_DIAGNOSTICS="true"),
         packages=["semantic-kernel", "openai"],
         notes=["SEMANTICKERNEL_EXPERIMENTAL_GENAI_ENABLE_OTEL_DIAGNOSTICS=true only (no sensitive data)"]),
    dict(convention="vercel_ai", variant="v5_content_on", venv="node/ai-v5",
         cmd=["agents/vercel_ai_agent.mjs"], content=True,
         env=dict(CAPTURE_AI_TELEMETRY="builtin", CAPTURE_RECORD_CONTENT="true"),
         packages=["ai", "@ai-sdk/openai-compatible", "@opentelemetry/sdk-node", "@opentelemetry/exporter-trace-otlp-proto"],
         notes=["ai 5 built-in telemetry: generateText with tools (execute functions), stopWhen stepCountIs(4), "
                "experimental_telemetry isEnabled, functionId, metadata userId/sessionId (ai.telemetry.metadata.*)"]),
    dict(convention="vercel_ai", variant="v5_content_off", venv="node/ai-v5",
         cmd=["agents/vercel_ai_agent.mjs"], content=False,
         env=dict(CAPTURE_AI_TELEMETRY="builtin", CAPTURE_RECORD_CONTENT="false"),
         packages=["ai", "@ai-sdk/openai-compatible", "@opentelemetry/sdk-node", "@opentelemetry/exporter-trace-otlp-proto"],
         notes=["ai 5 built-in telemetry with recordInputs=false, recordOutputs=false"]),
    dict(convention="vercel_ai", variant="v7_otel_content_on", venv="node/ai-v7",
         cmd=["agents/vercel_ai_agent.mjs"], content=True,
         env=dict(CAPTURE_AI_TELEMETRY="otel", CAPTURE_RECORD_CONTENT="true"),
         packages=["ai", "@ai-sdk/otel", "@ai-sdk/openai-compatible", "@opentelemetry/sdk-node", "@opentelemetry/exporter-trace-otlp-proto"],
         notes=["ai 7: telemetry moved to @ai-sdk/otel; registerTelemetry(new OpenTelemetry()) emits GenAI conventions "
                "(invoke_agent / chat / execute_tool spans); ai 7 has no telemetry metadata, so user.id/session.id are on the app's root span"]),
    dict(convention="vercel_ai", variant="v7_otel_content_off", venv="node/ai-v7",
         cmd=["agents/vercel_ai_agent.mjs"], content=False,
         env=dict(CAPTURE_AI_TELEMETRY="otel", CAPTURE_RECORD_CONTENT="false"),
         packages=["ai", "@ai-sdk/otel", "@ai-sdk/openai-compatible", "@opentelemetry/sdk-node", "@opentelemetry/exporter-trace-otlp-proto"],
         notes=["ai 7 @ai-sdk/otel OpenTelemetry with recordInputs=false, recordOutputs=false"]),
    dict(convention="vercel_ai", variant="v7_legacy_content_on", venv="node/ai-v7",
         cmd=["agents/vercel_ai_agent.mjs"], content=True,
         env=dict(CAPTURE_AI_TELEMETRY="legacy", CAPTURE_RECORD_CONTENT="true"),
         packages=["ai", "@ai-sdk/otel", "@ai-sdk/openai-compatible", "@opentelemetry/sdk-node", "@opentelemetry/exporter-trace-otlp-proto"],
         notes=["ai 7 @ai-sdk/otel LegacyOpenTelemetry (the ai.* attributes of ai 5/6); user.id/session.id on the app's root span"]),
    dict(convention="openlit", variant="v1_2x_content_on", venv="openlit_v1_2x",
         cmd=["agents/raw_openai.py", "openlit"], content=True, env=dict(OPENLIT_CAPTURE_MESSAGE_CONTENT="true"),
         packages=["openlit", "openai"],
         notes=["model-only; an OpenLIT 1.2x (1.29.4, openai 1.x): content only as the span events gen_ai.content.prompt "
                "(attribute gen_ai.prompt: 'role: text' lines) and gen_ai.content.completion (gen_ai.completion: the text, "
                "or 'Function called with tools'); no tool call ids or arguments anywhere"]),
    dict(convention="openlit", variant="v1_2x_content_off", venv="openlit_v1_2x",
         cmd=["agents/raw_openai.py", "openlit"], content=False, env=dict(OPENLIT_CAPTURE_MESSAGE_CONTENT="false"),
         packages=["openlit", "openai"],
         notes=["model-only; OpenLIT 1.29.4, capture_message_content=False"]),
    *[dict(convention="openllmetry_langchain", variant=f"content_{state}", venv="langchain_openllmetry",
           cmd=["agents/langgraph_agent.py", "openllmetry"], content=state == "on",
           env=dict(TRACELOOP_TRACE_CONTENT="true" if state == "on" else "false"),
           packages=["opentelemetry-instrumentation-langchain", "langchain-openai", "langgraph", "langchain-core", "openai"],
           notes=["LangGraph graph (model node + ToolNode(handle_tool_errors=True)) with real @tool functions, OpenLLMetry's "
                  "LangchainInstrumentor (callback handler spans: workflow, task, tool, and the ChatOpenAI call); user and session "
                  "as traceloop.association.properties.* from the run's metadata"
                  + ("" if state == "on" else "; TRACELOOP_TRACE_CONTENT=false")])
      for state in ("on", "off")],
    *[dict(convention=f"{kind}_openai_agents", variant=f"content_{state}", venv="openai_agents",
           cmd=["agents/openai_agents_agent.py", kind], content=state == "on",
           env=({"OPENINFERENCE_HIDE_INPUTS": "true", "OPENINFERENCE_HIDE_OUTPUTS": "true",
                 "OPENINFERENCE_HIDE_LLM_INVOCATION_PARAMETERS": "true"} if kind == "openinference" else
                {"TRACELOOP_TRACE_CONTENT": "false"}) if state == "off" else
               ({} if kind == "openinference" else {"TRACELOOP_TRACE_CONTENT": "true"}),
           packages=["openai-agents", "openinference-instrumentation-openai-agents" if kind == "openinference"
                     else "opentelemetry-instrumentation-openai-agents", "openai"],
           notes=[f"OpenAI Agents SDK Agent with @function_tool tools on OpenAIChatCompletionsModel (chat completions), "
                  f"Runner.run_sync; the SDK's traces through {'OpenInference' if kind == 'openinference' else 'OpenLLMetry'}'s "
                  "instrumentation (the SDK's own exporter to OpenAI disabled); user and session on the app's root span"])
      for kind in ("openinference", "openllmetry") for state in ("on", "off")],
    *[dict(convention="openinference_smolagents", variant=f"content_{state}", venv="smolagents",
           cmd=["agents/smolagents_agent.py"], content=state == "on",
           env={} if state == "on" else dict(OPENINFERENCE_HIDE_INPUTS="true", OPENINFERENCE_HIDE_OUTPUTS="true"),
           packages=["smolagents", "openinference-instrumentation-smolagents", "openai"],
           notes=["smolagents ToolCallingAgent with @tool functions on OpenAIServerModel (chat completions), OpenInference "
                  "SmolagentsInstrumentor; the agent's own final_answer tool ends the run (the model calls it with the answer)"])
      for state in ("on", "off")],
    *[dict(convention="openinference_crewai", variant=variant, venv="crewai", scenarios=CREW_SCENARIOS,
           cmd=["agents/crewai_agent.py", mode], content=not variant.endswith("off"),
           env=dict(OPENINFERENCE_HIDE_INPUTS="true", OPENINFERENCE_HIDE_OUTPUTS="true") if variant.endswith("off") else {},
           packages=["crewai", "openinference-instrumentation-crewai",
                     *(["openinference-instrumentation-openai"] if mode == "wrappers" else []), "openai"],
           notes=["CrewAI Crew of one Agent and one Task (the user's message) with @tool tools on crewai's native OpenAI "
                  "provider (chat completions); CrewAI's telemetry and hosted tracing off; user and session on the app's root span; "
                  "a crew keeps no conversation, so multi_turn is not captured; the model sees the task inside CrewAI's prompt "
                  "(\"Current Task: ...\"), the task description itself is on the crew and agent spans"]
                 + (["CrewAIInstrumentor() (crew kickoff, task and tool spans) with OpenInference's OpenAIInstrumentor for the model calls"]
                    if mode == "wrappers" else
                    ["CrewAIInstrumentor(use_event_listener=True, create_llm_spans=True): every span, model calls included, "
                     "written from CrewAI's events, no openai instrumentation; the model's tool-call requests are only in the "
                     "LLM span's output.value (no tool_call ids on the tool spans)"]))
      for mode, variant in (("wrappers", "content_on"), ("wrappers", "content_off"), ("events", "events_content_on"))],
    *[dict(convention="openinference_llama_index", variant=f"content_{state}", venv="llama_index",
           cmd=["agents/llama_index_agent.py"], content=state == "on",
           env={} if state == "on" else dict(OPENINFERENCE_HIDE_INPUTS="true", OPENINFERENCE_HIDE_OUTPUTS="true"),
           packages=["llama-index-core", "llama-index-llms-openai", "openinference-instrumentation-llama-index", "openai"],
           notes=["LlamaIndex FunctionAgent with FunctionTool tools on llama-index-llms-openai OpenAI (chat completions), "
                  "OpenInference LlamaIndexInstrumentor"])
      for state in ("on", "off")],
    *[dict(convention=f"{kind}_anthropic", variant=variant, venv="anthropic",
           cmd=["agents/raw_anthropic.py", kind], content=not variant.endswith("off"),
           env=dict({"openinference": {} if not variant.endswith("off") else
                     {"OPENINFERENCE_HIDE_INPUTS": "true", "OPENINFERENCE_HIDE_OUTPUTS": "true"},
                     "openllmetry": {"TRACELOOP_TRACE_CONTENT": "false" if variant.endswith("off") else "true"}}[kind],
                    **({"CAPTURE_STREAM": "true"} if variant.startswith("stream") else {})),
           packages=["anthropic", f"{'openinference' if kind == 'openinference' else 'opentelemetry'}-instrumentation-anthropic"],
           notes=["model-only: the anthropic client on a local fake of the Messages API (tool_use / tool_result blocks, "
                  "parallel tool_use in one message, is_error on the failing tool's result), a plain Python loop runs the tools"
                  + ("; messages.stream (server-sent events)" if variant.startswith("stream") else "")])
      for kind in ("openinference", "openllmetry") for variant in ("content_on", "content_off", "stream_content_on")],
    *[dict(convention="otel_genai_google_genai", variant=variant, venv="google_genai",
           cmd=["agents/raw_google_genai.py"], content=variant != "latest_content_off",
           env=dict(GENAI_LATEST, OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT="SPAN_ONLY")
               if variant == "latest_content_on" else dict(GENAI_LATEST) if variant == "latest_content_off"
               else dict(OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT="true"),
           packages=["google-genai", "opentelemetry-instrumentation-google-genai", "opentelemetry-util-genai"],
           notes=["model-only: google-genai Client on a local fake of the Gemini API (generateContent, functionCall / "
                  "functionResponse parts), manual function calling in a plain Python loop"])
      for variant in ("latest_content_on", "latest_content_off", "legacy_content_on")],
    *[dict(convention="openllmetry_bedrock", variant=f"content_{state}", venv="bedrock",
           cmd=["agents/raw_bedrock.py"], content=state == "on",
           env=dict(TRACELOOP_TRACE_CONTENT="true" if state == "on" else "false"),
           packages=["boto3", "botocore", "opentelemetry-instrumentation-bedrock"],
           notes=["model-only: boto3 bedrock-runtime converse() on a local fake of the Converse API (toolUse / toolResult "
                  "blocks, status error on the failing tool's result), a plain Python loop runs the tools"])
      for state in ("on", "off")],
    *[dict(convention="strands", variant=variant, venv="strands",
           cmd=["agents/strands_agent.py"], content=True,
           env=dict(GENAI_LATEST) if variant.startswith("latest") else {},
           packages=["strands-agents", "openai"],
           notes=["strands Agent with @tool functions on strands.models.openai.OpenAIModel (chat completions); strands' "
                  "own tracer (StrandsTelemetry on the app's tracer provider); strands has no switch for content"])
      for variant in ("content_on", "latest_content_on")],
    *[dict(convention="agent_framework", variant=f"content_{state}", venv="agent_framework",
           cmd=["agents/agent_framework_agent.py"], content=state == "on",
           env=dict(ENABLE_INSTRUMENTATION="true", ENABLE_SENSITIVE_DATA="true" if state == "on" else "false"),
           packages=["agent-framework-core", "openai"],
           notes=["Microsoft Agent Framework ChatAgent with Python function tools on OpenAIChatClient (chat completions); "
                  "its own OpenTelemetry instrumentation (ENABLE_INSTRUMENTATION, ENABLE_SENSITIVE_DATA)"])
      for state in ("on", "off")],
    *[dict(convention="google_adk", variant=f"content_{state}", venv="google_adk",
           cmd=["agents/google_adk_agent.py"], content=state == "on",
           env=dict(OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT="SPAN_ONLY") if state == "on" else {},
           packages=["google-adk", "google-genai"],
           notes=["Google ADK LlmAgent with Python function tools on Gemini (google-genai against a local fake of "
                  "generateContent), InMemoryRunner; ADK's own OpenTelemetry spans (ADK 2 follows the current GenAI "
                  "conventions by default; content on spans with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=SPAN_ONLY); "
                  "the failing tool returns {status: error, error_message}; Gemini gives no tool call ids (ADK makes its own)"])
      for state in ("on", "off")],
    dict(convention="autogen", variant="content_on", venv="autogen", model_spans=False,
         cmd=["agents/autogen_agent.py"], content=True, env={},
         packages=["autogen-agentchat", "autogen-core", "autogen-ext", "openai"],
         notes=["AutoGen AgentChat AssistantAgent with Python function tools on OpenAIChatCompletionClient, "
                "autogen-core's own OpenTelemetry spans (agents and tools) on the app's tracer provider; "
                "AutoGen writes no model-call spans"]),
    dict(convention="logfire", variant="content_on", venv="logfire",
         cmd=["agents/logfire_agent.py"], content=True, env={},
         packages=["logfire", "openai"],
         notes=["Logfire's instrument_openai on the openai client, exported over OTLP/HTTP to the capture receiver "
                "(send_to_logfire=False); model-only: a plain Python loop runs the tools"]),
    dict(convention="mlflow", variant="content_on", venv="mlflow",
         cmd=["agents/mlflow_agent.py"], content=True, env={},
         packages=["mlflow-tracing", "openai"],
         notes=["MLflow tracing's OTLP export (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): mlflow.openai.autolog() on the openai "
                "client, the tools as @mlflow.trace(span_type=TOOL) functions, the run in an @mlflow.trace(span_type=AGENT) function"]),
]


def package_versions(venv: str, names: list[str]) -> dict:
    if venv.startswith("node"):
        out = {}
        for name in names:
            pkg = CACHE / venv / "node_modules" / name / "package.json"
            out[name] = json.loads(pkg.read_text())["version"] if pkg.exists() else None
        out["node"] = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
        return out
    freeze = subprocess.run([str(VENVS / venv / "bin" / "python"), "-m", "pip", "freeze"],
                            capture_output=True, text=True).stdout
    pins = {}
    for line in freeze.splitlines():
        if "==" in line:
            name, version = line.split("==", 1)
            pins[name.lower().replace("_", "-")] = version
    result = {name: pins.get(name.lower()) for name in names}
    result["opentelemetry-sdk"] = pins.get("opentelemetry-sdk")
    result["opentelemetry-exporter-otlp-proto-http"] = pins.get("opentelemetry-exporter-otlp-proto-http")
    result["python"] = ".".join(map(str, sys.version_info[:3]))
    return result


# ---------------------------------------------------------------- reading captures

def decode(paths: list[Path]):
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    spans = []
    for path in paths:
        request = ExportTraceServiceRequest()
        request.ParseFromString(path.read_bytes())
        for rs in request.resource_spans:
            for ss in rs.scope_spans:
                spans.extend(ss.spans)
    return spans


def any_value(v):
    kind = v.WhichOneof("value")
    if kind == "array_value":
        return [any_value(x) for x in v.array_value.values]
    if kind == "kvlist_value":
        return {kv.key: any_value(kv.value) for kv in v.kvlist_value.values}
    return getattr(v, kind) if kind else None


def capture_values(spans) -> tuple[list[str], list]:
    """Every string (JSON strings also opened) and every scalar in attributes and events."""
    strings, scalars = [], []

    def walk(value):
        if isinstance(value, str):
            strings.append(value)
            text = value.strip()
            if text[:1] in "[{\"":
                try:
                    walk(json.loads(text))
                except ValueError:
                    pass
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        else:
            scalars.append(value)

    for span in spans:
        strings.append(span.name)
        for kv in span.attributes:
            walk(any_value(kv.value))
        for event in span.events:
            strings.append(event.name)
            for kv in event.attributes:
                walk(any_value(kv.value))
    return strings, scalars


TOOL_NAME_KEYS = ("gen_ai.tool.name", "tool.name", "ai.toolCall.name", "gen_ai.tool.call.name")


def tool_span_names(spans) -> list[str]:
    """The tool name of every span that stands for one tool execution."""
    names = []
    for span in spans:
        attrs = {kv.key: any_value(kv.value) for kv in span.attributes}
        if attrs.get("gen_ai.operation.name", "execute_tool") != "execute_tool":
            continue  # e.g. OpenLIT's chat spans carry gen_ai.tool.name of the calls they request
        for key in TOOL_NAME_KEYS:
            if isinstance(attrs.get(key), str):
                names.append(attrs[key])
                break
        else:
            if attrs.get("openinference.span.kind") == "TOOL":
                names.append(span.name)
    return names


def name_failed(spans, name: str) -> bool:
    """A tool span for this tool has status ERROR or an exception event."""
    for span in spans:
        attrs = {kv.key: any_value(kv.value) for kv in span.attributes}
        if attrs.get("gen_ai.operation.name", "execute_tool") != "execute_tool":
            continue
        if name in (attrs.get("gen_ai.tool.name"), attrs.get("tool.name"), attrs.get("ai.toolCall.name")) or (
                attrs.get("openinference.span.kind") == "TOOL" and span.name == name):
            if span.status.code == 2 or any(e.name == "exception" for e in span.events):
                return True
    return False


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def carried(needle: str, strings: list[str]) -> bool:
    n = squash(needle)
    return any(n in squash(s) for s in strings)


def arguments_carried(arguments: dict, strings: list[str]) -> bool:
    """The arguments appear as a JSON object (possibly inside a larger JSON text)."""
    inner = squash(json.dumps(arguments))[1:-1]  # '"city":"Paris"'
    return any(inner in squash(s) for s in strings) or any(
        s == arguments for s in _json_objects(strings))


def _json_objects(strings):
    for s in strings:
        t = s.strip()
        if t.startswith("{"):
            try:
                yield json.loads(t)
            except ValueError:
                pass


# ---------------------------------------------------------------- the expected trajectory

def message_text(content) -> str | None:
    if content is None or isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in content)
    return str(content)


def is_failing(name: str, failing: list[str]) -> bool:
    """Semantic Kernel names tools "<plugin>-<function>"."""
    return any(name == f or name.endswith(("-" + f, "_" + f, "." + f)) for f in failing)


def tool_message(messages: list[dict], call: dict, position: int, calls: int) -> str | None:
    """The text a later request sent back for `call`: its role-tool message, or smolagents'
    "Observation:" user message after the assistant message naming the call (one line per call
    when the turn made several)."""
    for m in messages:
        if m.get("role") == "tool" and m.get("tool_call_id") == call["id"]:
            return message_text(m.get("content"))
    for before, m in zip(messages, messages[1:]):
        text = message_text(m.get("content")) or ""
        if before.get("role") == "assistant" and call["id"] in (message_text(before.get("content")) or "") \
                and m.get("role") == "user" and text.startswith("Observation:"):
            lines = text[len("Observation:"):].strip().split("\n")
            return lines[position] if len(lines) == calls else "\n".join(lines)
    return None


def final_answer(message: dict) -> str | None:
    """The last answer's text, or the answer smolagents' final_answer tool was called with."""
    for call in message.get("tool_calls") or []:
        if call["function"]["name"] == "final_answer":
            return json.loads(call["function"]["arguments"]).get("answer")
    return message.get("content")


def ground_truth(log: list[dict], scenario_name: str) -> dict:
    """What happened, from the fake model's log: the requests it got and the answers it gave."""
    served = [r for r in log if r.get("status") == 200 and "response" in r]
    failing = scenarios.SCENARIOS[scenario_name].get("failing_tools", [])
    calls = []
    for i, record in enumerate(served):
        message = record["response"]["choices"][0]["message"]
        for position, tc in enumerate(message.get("tool_calls") or []):
            result = None
            for later in served[i + 1:]:
                result = tool_message(later["request"].get("messages", []), tc, position, len(message["tool_calls"]))
                if result is not None:
                    break
            if result is None and tc["function"]["name"] == "final_answer":
                result = final_answer(message)  # smolagents' final_answer tool returns its answer
            call = {
                "id": tc["id"], "name": tc["function"]["name"],
                "arguments": json.loads(tc["function"]["arguments"]),
                "result": result, "error": is_failing(tc["function"]["name"], failing),
            }
            if call["error"]:
                call["error_message"] = scenarios.STOCK_ERROR
            calls.append(call)
    if any(r.get("api") == "gemini" for r in served):
        for call in calls:  # Gemini's functionCall has no id: the scenario's ids never left the fake
            call["id"] = None
    usage = [r["response"]["usage"] for r in served]
    return {
        "user_input": scenarios.SCENARIOS[scenario_name]["user"],
        "final_output": final_answer(served[-1]["response"]["choices"][0]["message"]) if served else None,
        "tool_calls": calls,
        "tokens": {"input": sum(u["prompt_tokens"] for u in usage),
                   "output": sum(u["completion_tokens"] for u in usage)},
        "llm_calls": len(served),
    }


def expected_from(truth: dict, spans, user_id: str, session_id: str, model_spans: bool = True) -> tuple[dict, dict]:
    """The truth, less what this capture does not carry (null, with the reason in not_carried)."""
    strings, scalars = capture_values(spans)
    expected = json.loads(json.dumps(truth))
    not_carried = {}
    if not carried(truth["user_input"], strings):
        expected["user_input"] = None
        not_carried["user_input"] = "the user's message is nowhere in the capture"
    if truth["final_output"] and not carried(truth["final_output"], strings):
        expected["final_output"] = None
        not_carried["final_output"] = "the final answer is nowhere in the capture"
    visible_calls = []
    hidden = []
    tool_spans = tool_span_names(spans)
    for call in expected["tool_calls"]:
        id_seen = call["id"] is not None and carried(call["id"], strings)
        args_seen = arguments_carried(call["arguments"], strings)
        span_seen = tool_spans.count(call["name"]) > 0
        if span_seen:
            tool_spans.remove(call["name"])
        if not id_seen and not args_seen and not span_seen:
            hidden.append(call["name"])
            continue
        if not args_seen:
            call["arguments"] = None
            not_carried.setdefault("tool_calls[].arguments", "tool call arguments are not in the capture")
        if call["error"]:
            call["error_in_capture"] = ("span" if name_failed(spans, call["name"]) else
                                        "message_text_only" if carried(call["error_message"], strings) else None)
            if call["error_in_capture"] is None:
                call["error"] = None
                not_carried.setdefault("tool_calls[].error", "nothing in the capture shows that the tool failed")
            if not carried(call["error_message"], strings):
                call["error_message"] = None
                not_carried.setdefault("tool_calls[].error_message", "the tool's error text is not in the capture")
            if not carried(call["result"] or "", strings):
                call["result"] = None
        elif call["result"] is not None and not carried(call["result"], strings):
            call["result"] = None
            not_carried.setdefault("tool_calls[].result", "tool results are not in the capture")
        visible_calls.append(call)
    if hidden and not visible_calls:
        expected["tool_calls"] = None
        not_carried["tool_calls"] = ("the tool calls are nowhere in the capture (no tool spans, no "
                                     "message content): a trajectory cannot know them")
    else:
        expected["tool_calls"] = visible_calls
        if hidden:
            not_carried["tool_calls[some]"] = f"not in the capture: {hidden}"
    ints = {s for s in scalars if isinstance(s, int) and not isinstance(s, bool)}
    ints |= {int(s) for s in strings if s.isdigit()}
    per_call = [scenarios.usage_for(i)["prompt_tokens"] for i in range(truth["llm_calls"])]
    if truth["tokens"]["input"] not in ints and not all(u in ints for u in per_call):
        expected["tokens"] = None
        not_carried["tokens"] = "no token usage in the capture"
        if not model_spans:
            expected["llm_calls"] = None
            not_carried["llm_calls"] = "no model-call span, usage or conversation in the capture"
    expected["user_id"] = user_id if carried(user_id, strings) else None
    expected["session_id"] = session_id if carried(session_id, strings) else None
    if expected["user_id"] is None:
        not_carried["user_id"] = "the user id is nowhere in the capture"
    if expected["session_id"] is None:
        not_carried["session_id"] = "the session id is nowhere in the capture"
    return expected, not_carried


# ---------------------------------------------------------------- running

def run_one(entry: dict, scenario_name: str, args) -> dict | None:
    run = f"{entry['convention']}.{scenario_name}.{entry['variant']}"
    out = Path(args.out) / run
    if not args.rebuild:
        shutil.rmtree(out, ignore_errors=True)
        urllib.request.urlopen(urllib.request.Request(
            f"http://127.0.0.1:{args.port}/r/{run}/v1/reset", data=b"", method="POST"), timeout=10).read()
    user_id = "user-capture-001"
    session_id = f"sess-{entry['convention']}-{scenario_name}".replace("_", "-")
    env = dict(os.environ)
    for key in list(env):
        if key.startswith(("OTEL_", "OPENINFERENCE_", "TRACELOOP_", "SEMANTICKERNEL_", "OPENLIT_", "ADK_", "MLFLOW_")):
            del env[key]
    env.update(entry["env"])
    env.update(CAPTURE_RUN=run, CAPTURE_SCENARIO=scenario_name,
               CAPTURE_BASE=f"http://127.0.0.1:{args.port}/r/{run}",
               CAPTURE_USER_ID=user_id, CAPTURE_SESSION_ID=session_id,
               CAPTURE_SERVICE=f"capture-{entry['convention']}".replace("_", "-"),
               OPENAI_API_KEY="sk-fake-capture-key",
               OPENAI_BASE_URL=f"http://127.0.0.1:{args.port}/r/{run}/v1",
               OPENLIT_PRICING_JSON=str(HERE / "openlit_pricing.json"),
               NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost",
               PYTHONDONTWRITEBYTECODE="1")
    script = str(HERE / entry["cmd"][0])
    if entry["venv"].startswith("node"):
        # run from the node folder's copy, so that imports resolve from its node_modules
        local = CACHE / entry["venv"] / Path(script).name
        shutil.copyfile(script, local)
        env["CAPTURE_SCENARIOS_JSON"] = str(CACHE / "scenarios.json")
        (CACHE / "scenarios.json").write_text(json.dumps({
            "model": scenarios.MODEL, "system": scenarios.SYSTEM_PROMPT, "tools": scenarios.TOOLS,
            "weather": scenarios.WEATHER, "stock_error": scenarios.STOCK_ERROR,
            "scenarios": scenarios.SCENARIOS}, indent=1))
        command = ["node", str(local), *entry["cmd"][1:]]
    else:
        command = [str(VENVS / entry["venv"] / "bin" / "python"), script, *entry["cmd"][1:]]
    if args.rebuild:
        return collect(entry, scenario_name, run, out, user_id, session_id)
    started = time.time()
    proc = subprocess.run(command, cwd=NEUTRAL_CWD, env=env, capture_output=True, text=True, timeout=300)
    took = time.time() - started
    status = "ok" if proc.returncode == 0 else f"exit {proc.returncode}"
    print(f"  {run}: {status} in {took:.1f}s", flush=True)
    if proc.returncode != 0:
        print(proc.stdout[-2000:], proc.stderr[-4000:], sep="\n")
        return None
    time.sleep(0.3)
    return collect(entry, scenario_name, run, out, user_id, session_id)


def collect(entry: dict, scenario_name: str, run: str, out: Path, user_id: str, session_id: str) -> dict | None:
    pbs = sorted(out.glob("*.pb"))
    log_path = out / "model_log.jsonl"
    log = [json.loads(line) for line in log_path.read_text().splitlines()] if log_path.exists() else []
    if not pbs or not log:
        print(f"  {run}: nothing captured ({len(pbs)} bodies, {len(log)} model calls)")
        return None
    target = FIXTURES / entry["convention"] / f"{scenario_name}-{entry['variant']}"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    files = []
    for pb in pbs:
        shutil.copyfile(pb, target / pb.name)
        files.append(str((target / pb.name).relative_to(FIXTURES)))
    spans = decode(pbs)
    truth = ground_truth(log, scenario_name)
    expected, not_carried = expected_from(truth, spans, user_id, session_id, entry.get("model_spans", True))
    trace_ids = sorted({s.trace_id.hex() for s in spans})
    # Some frameworks export a span of their own outside the run (LangGraph's create_agent):
    # the run is the trace with the most spans.
    run_trace = max(trace_ids, key=lambda t: sum(s.trace_id.hex() == t for s in spans))
    tool_spans = len(tool_span_names(spans))
    notes = list(entry["notes"])
    if truth["tool_calls"] and not tool_spans and expected["tool_calls"]:
        notes.append("the tool calls are only in the model messages (no tool spans): request in one "
                     "model call's output, result in the next model call's input (role tool, same tool call id)")
        if any(c["error"] for c in truth["tool_calls"]):
            notes.append("the tool error is only visible as the text of the tool message the agent sent back "
                         f"({truth['tool_calls'][0]['result']!r}); no span marks it")
    return {
        "convention": entry["convention"],
        "scenario": scenario_name,
        "variant": entry["variant"],
        "content_capture": entry["content"],
        "packages": None,  # filled per entry by main()
        "settings": entry["env"],
        "files": files,
        "trace_ids": trace_ids,
        **({"run_trace_id": run_trace} if len(trace_ids) > 1 else {}),
        "span_count": sum(s.trace_id.hex() == run_trace for s in spans),
        "span_names": sorted({s.name for s in spans}),
        "tool_spans": tool_spans,
        "expected": expected,
        "not_carried": not_carried,
        "actual": truth,
        "notes": notes,
        **({"pair_of": entry["pair_of"]} if entry.get("pair_of") else {}),
        **({"model_spans": False} if entry.get("model_spans") is False else {}),
    }


def selected(entry: dict, only: list[str] | None) -> bool:
    return not only or entry["convention"] in only or f"{entry['convention']}.{entry['variant']}" in only


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=18080)
    parser.add_argument("--out", default=str(CACHE / "out"))
    parser.add_argument("--only", nargs="*", help="conventions (or convention.variant) to run")
    parser.add_argument("--scenarios", nargs="*", default=ALL_SCENARIOS)
    parser.add_argument("--rebuild", action="store_true",
                        help="run no agent: rebuild fixtures and manifest from the last captures in --out")
    parser.add_argument("--print-envs", action="store_true",
                        help="print the environments the selected captures need (for run.sh) and stop")
    args = parser.parse_args()
    if args.print_envs:
        print(" ".join(dict.fromkeys(e["venv"] for e in MATRIX if selected(e, args.only))))
        return
    NEUTRAL_CWD.mkdir(parents=True, exist_ok=True)
    manifest_path = FIXTURES / "MANIFEST.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    kept = {(c["convention"], c["scenario"], c["variant"]): c for c in manifest.get("captures", [])}
    failures = []
    for entry in MATRIX:
        key = f"{entry['convention']}.{entry['variant']}"
        if not selected(entry, args.only):
            continue
        venv_ok = (CACHE / entry["venv"] / "node_modules").exists() if entry["venv"].startswith("node") else (VENVS / entry["venv"] / "bin" / "python").exists()
        if not venv_ok:
            print(f"{key}: environment {entry['venv']} not installed, skipped")
            failures.append(key + " (not installed)")
            continue
        print(key, flush=True)
        versions = package_versions(entry["venv"], entry["packages"])
        for scenario_name in [s for s in args.scenarios if s in entry.get("scenarios", ALL_SCENARIOS)]:
            try:
                case = run_one(entry, scenario_name, args)
            except subprocess.TimeoutExpired:
                case = None
                print(f"  {key} {scenario_name}: timed out")
            if case is None:
                failures.append(f"{key}.{scenario_name}")
                continue
            case["packages"] = versions
            kept[(case["convention"], case["scenario"], case["variant"])] = case
    manifest = {
        "about": ("OTLP/HTTP protobuf bodies exported by real instrumentation packages, driven by a "
                  "local scripted OpenAI-compatible fake model; see README.md beside this file for the "
                  "format and scripts/capture/README.md for how they were made."),
        "model": scenarios.MODEL,
        "usage_rule": "model call i (0-based, per run) reports prompt_tokens 100+50i and completion_tokens 10+5i",
        "scenarios": {name: {"about": s["about"], **({"history": s["history"]} if s.get("history") else {}), "user": s["user"]}
                      for name, s in scenarios.SCENARIOS.items()},
        "tools": scenarios.TOOLS,
        "captures": sorted(kept.values(), key=lambda c: (c["convention"], c["variant"], ALL_SCENARIOS.index(c["scenario"]))),
    }
    manifest_path.parent.mkdir(parents=True, exist_ok=True)
    manifest_path.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    print(f"manifest: {len(manifest['captures'])} captures; failed: {failures or 'none'}")


if __name__ == "__main__":
    main()
