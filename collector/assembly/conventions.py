"""Names shared across conventions: the GenAI message attributes and content events that several
conventions reuse (read by collector.assembly.messages), and general OpenTelemetry names the trace-level
assembly reads. Each convention's own names live in its adapter (collector/assembly/adapters/)."""
from __future__ import annotations

# GenAI messages, also inside events and other conventions' spans
INPUT_MESSAGES = "gen_ai.input.messages"
OUTPUT_MESSAGES = "gen_ai.output.messages"
INDEXED_PROMPT = "gen_ai.prompt."
INDEXED_COMPLETION = "gen_ai.completion."

# Content events (older GenAI, OpenLIT, strands, Semantic Kernel)
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

# Prefixes of flattened indexed attributes (`{prefix}{i}.{rest}`) adapters group on demand.
INDEXED_PREFIXES = ("llm.input_messages.", "llm.output_messages.", INDEXED_PROMPT, INDEXED_COMPLETION,
                    "llm.tools.", "llm.request.functions.")

# General OpenTelemetry: errors and resources
ERROR_TYPE = "error.type"
EXCEPTION_EVENT = "exception"
EXCEPTION_TYPE = "exception.type"
EXCEPTION_MESSAGE = "exception.message"
SERVICE_NAME = "service.name"
SERVICE_VERSION = "service.version"

# Keys under which request/answer text hides in JSON inputs and outputs, most specific first.
TEXT_KEYS = ("input", "query", "question", "prompt", "user_input", "task", "message", "text",
             "content", "output", "answer", "final_output", "result", "args", "kwargs", "inputs",
             "outputs")
