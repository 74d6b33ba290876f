"""A model-only agent on the anthropic client (Messages API, against the fake model's Anthropic
endpoint), instrumented by one instrumentation; a plain Python loop runs the requested tool_use
blocks (several in one message for parallel_tools) and sends tool_result blocks back, the failing
one with is_error. With CAPTURE_STREAM=true every call goes through messages.stream. One root span
carries user.id and session.id.

    python raw_anthropic.py openinference|openllmetry
"""
from __future__ import annotations

import os
import sys

import common

KIND = sys.argv[1]
STREAM = os.environ.get("CAPTURE_STREAM") == "true"
MODEL = "claude-sonnet-4-5"


def instrument(provider) -> None:
    if KIND == "openinference":
        from openinference.instrumentation.anthropic import AnthropicInstrumentor
    elif KIND == "openllmetry":
        from opentelemetry.instrumentation.anthropic import AnthropicInstrumentor
    else:
        raise SystemExit(f"unknown instrumentation {KIND}")
    AnthropicInstrumentor().instrument(tracer_provider=provider)


def ask(client, messages: list, tools: list):
    kwargs = dict(model=MODEL, max_tokens=512, system=common.scenarios.SYSTEM_PROMPT, messages=messages, tools=tools)
    if not STREAM:
        return client.messages.create(**kwargs)
    with client.messages.stream(**kwargs) as stream:
        for _ in stream:
            pass
        return stream.get_final_message()


def main() -> None:
    provider = common.setup_tracing()
    instrument(provider)
    import anthropic

    client = anthropic.Anthropic(base_url=common.BASE, api_key=common.API_KEY, max_retries=0)
    tools = [{"name": name, "description": spec["description"], "input_schema": spec["parameters"]}
             for name, spec in common.scenarios.TOOLS.items()]
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        messages: list[dict] = [*common.history(), {"role": "user", "content": common.scenario()["user"]}]
        for _ in range(4):
            response = ask(client, messages, tools)
            uses = [b for b in response.content if b.type == "tool_use"]
            if not uses:
                print("".join(b.text for b in response.content if b.type == "text"))
                break
            messages.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in response.content]})
            results = []
            for use in uses:
                text, failed = common.run_tool(use.name, dict(use.input))
                results.append({"type": "tool_result", "tool_use_id": use.id, "content": text,
                                **({"is_error": True} if failed else {})})
            messages.append({"role": "user", "content": results})
    provider.shutdown()


if __name__ == "__main__":
    main()
