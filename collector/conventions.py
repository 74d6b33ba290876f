"""Attribute and event names of the agent-tracing conventions the mapper reads.

Tuples list equivalent keys in priority order (current semconv first, then OpenInference,
OpenLLMetry/Traceloop, pydantic-ai, strands); lookups take the first key present.
Sources are cited in the shared design notes (REFERENCE.md §2–4).
"""
from __future__ import annotations

# Span roles
OPERATION = "gen_ai.operation.name"
LLM_OPERATIONS = frozenset({"chat", "generate_content", "text_completion"})
TOOL_OPERATION = "execute_tool"
OI_KIND = "openinference.span.kind"
TL_KIND = "traceloop.span.kind"
TL_REQUEST_TYPE = "llm.request.type"
TL_LLM_REQUEST_TYPES = frozenset({"chat", "completion"})
PYDANTIC_V2_TOOL_SPAN = "running tool"

# Tool spans
TOOL_NAME = ("gen_ai.tool.name", "tool.name", "traceloop.entity.name")
TOOL_CALL_ID = ("gen_ai.tool.call.id", "tool_call.id", "tool.id")
TOOL_ARGUMENTS = ("gen_ai.tool.call.arguments", "tool_arguments")
TOOL_RESULT = ("gen_ai.tool.call.result", "tool_response")
TOOL_DESCRIPTION = ("gen_ai.tool.description", "tool.description")
TOOL_SCHEMA = ("tool.json_schema", "tool.parameters")
TOOL_STATUS = "gen_ai.tool.status"
# pydantic-ai marks tool failures (validation errors, ModelRetry) with these.
TOOL_FAILURE_MARKERS = ("pydantic_ai.tool.failure_stage", "pydantic_ai.tool.retry.cause")
LOGFIRE_LEVEL = "logfire.level_num"
LOGFIRE_ERROR_LEVEL = 17
OI_INPUT = "input.value"
OI_OUTPUT = "output.value"
TL_INPUT = "traceloop.entity.input"
TL_OUTPUT = "traceloop.entity.output"

# Errors
ERROR_TYPE = "error.type"
EXCEPTION_EVENT = "exception"
EXCEPTION_TYPE = "exception.type"
EXCEPTION_MESSAGE = "exception.message"

# LLM spans
MODEL = ("gen_ai.response.model", "gen_ai.request.model", "llm.model_name",
         "llm.response.model", "llm.request.model")
PROVIDER = ("gen_ai.provider.name", "gen_ai.system", "llm.provider", "llm.system")
INPUT_TOKENS = ("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens",
                "llm.token_count.prompt", "llm.usage.prompt_tokens")
OUTPUT_TOKENS = ("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens",
                 "llm.token_count.completion", "llm.usage.completion_tokens")
TOTAL_TOKENS = ("gen_ai.usage.total_tokens", "llm.token_count.total", "llm.usage.total_tokens")
FINISH_REASONS = ("gen_ai.response.finish_reasons", "llm.finish_reason", "llm.response.finish_reason")
# Time to first token: (attribute, factor to milliseconds).
TTFT_ATTRIBUTES = (
    ("gen_ai.response.time_to_first_chunk", 1000.0),
    ("gen_ai.client.operation.time_to_first_chunk", 1000.0),
    ("gen_ai.server.time_to_first_token", 1.0),
)
TTFT_EVENTS = frozenset({"First Token Stream Event", "gen_ai.content.completion.chunk"})

# Messages
INPUT_MESSAGES = "gen_ai.input.messages"
OUTPUT_MESSAGES = "gen_ai.output.messages"
OI_INPUT_MESSAGES = "llm.input_messages."
OI_OUTPUT_MESSAGES = "llm.output_messages."
INDEXED_PROMPT = "gen_ai.prompt."
INDEXED_COMPLETION = "gen_ai.completion."
OI_TOOLS = "llm.tools."
TL_FUNCTIONS = "llm.request.functions."
CONVERSATION = ("pydantic_ai.all_messages", "all_messages_events")
FINAL_RESULT = "final_result"
# Prefixes of flattened indexed attributes (`{prefix}{i}.{rest}`).
INDEXED_PREFIXES = (OI_INPUT_MESSAGES, OI_OUTPUT_MESSAGES, INDEXED_PROMPT, INDEXED_COMPLETION, OI_TOOLS, TL_FUNCTIONS)

# Events
EVENT_PROMPT = "gen_ai.content.prompt"
EVENT_COMPLETION = "gen_ai.content.completion"
EVENT_CHOICE = "gen_ai.choice"
EVENT_TOOL_MESSAGE = "gen_ai.tool.message"
EVENT_DETAILS = "gen_ai.client.inference.operation.details"
EVENT_MESSAGE_ROLES = {
    "gen_ai.system.message": "system",
    "gen_ai.user.message": "user",
    "gen_ai.assistant.message": "assistant",
    "gen_ai.tool.message": "tool",
}

# Tool definitions
TOOL_DEFINITIONS = "gen_ai.tool.definitions"
PYDANTIC_REQUEST_PARAMETERS = "model_request_parameters"
STRANDS_AGENT_TOOLS = "gen_ai.agent.tools"
OI_INVOCATION_PARAMETERS = "llm.invocation_parameters"
OI_TOOL_SCHEMA = "tool.json_schema"

# Trace context
AGENT_NAME = ("gen_ai.agent.name", "agent.name", "agent_name")
AGENT_VERSION = ("gen_ai.agent.version", "agent.version", "traceloop.entity.version")
TL_ENTITY_NAME = "traceloop.entity.name"
TL_WORKFLOW_NAME = "traceloop.workflow.name"
TL_AGENT_KINDS = frozenset({"agent", "workflow"})
SERVICE_NAME = "service.name"
SERVICE_VERSION = "service.version"
_TL_ASSOCIATION = "traceloop.association.properties."
USER_ID = ("user.id", "enduser.id", _TL_ASSOCIATION + "user_id", _TL_ASSOCIATION + "userId",
           _TL_ASSOCIATION + "user", "langfuse.user.id")
SESSION_ID = ("session.id", "gen_ai.conversation.id", _TL_ASSOCIATION + "session_id",
              _TL_ASSOCIATION + "sessionId", _TL_ASSOCIATION + "thread_id",
              _TL_ASSOCIATION + "conversation_id", "langfuse.session.id")
METADATA = "metadata"
METADATA_USER_ID = ("user_id", "user.id", "userId")
METADATA_SESSION_ID = ("session_id", "session.id", "thread_id", "conversation_id", "sessionId")
METADATA_AGENT_NAME = ("lc_agent_name", "agent_name")

# Keys under which request/answer text hides in JSON inputs and outputs, most specific first.
TEXT_KEYS = ("input", "query", "question", "prompt", "user_input", "message", "text",
             "content", "output", "answer", "final_output", "result", "args", "kwargs", "inputs",
             "outputs")
