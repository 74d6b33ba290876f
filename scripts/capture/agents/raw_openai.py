"""A model-only agent: the `openai` client instrumented by one raw-client instrumentation, and a
plain Python loop that runs the requested tools (not traced as tool spans), sends the results back
and gets the final answer. The whole run is one root span carrying user.id and session.id.

    python raw_openai.py genai|openinference|openllmetry|openlit
"""
from __future__ import annotations

import json
import os
import sys

import common

KIND = sys.argv[1]


def instrument(provider):
    if KIND == "genai":
        from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor
        OpenAIInstrumentor().instrument(tracer_provider=provider)
    elif KIND == "openinference":
        from openinference.instrumentation.openai import OpenAIInstrumentor
        OpenAIInstrumentor().instrument(tracer_provider=provider)
    elif KIND == "openllmetry":
        from opentelemetry.instrumentation.openai import OpenAIInstrumentor
        OpenAIInstrumentor().instrument(tracer_provider=provider)
    elif KIND == "openlit":
        import inspect

        import openlit
        content = os.environ.get("OPENLIT_CAPTURE_MESSAGE_CONTENT", "true") == "true"
        # openlit 1.2x names the content switch trace_content
        switch = "capture_message_content" if "capture_message_content" in inspect.signature(openlit.init).parameters \
            else "trace_content"
        # openlit.init takes the global tracer provider set by common.setup_tracing
        openlit.init(
            application_name=common.SERVICE,
            environment="capture",
            **{switch: content},
            disable_metrics=True,
            collect_gpu_stats=False,
            pricing_json=os.environ.get("OPENLIT_PRICING_JSON"),
        )
    else:
        raise SystemExit(f"unknown instrumentation {KIND}")


def run_tool(tracer, call) -> str:
    """Run one requested tool; with CAPTURE_TOOL_SPANS set, inside a tool span that the app
    writes by hand the way the convention's documents describe (genai: an execute_tool span;
    openinference: a TOOL span), as an app that traces its own tools would."""
    arguments = json.loads(call.function.arguments)
    style = os.environ.get("CAPTURE_TOOL_SPANS")
    if not style:
        return common.run_tool(call.function.name, arguments)[0]
    from opentelemetry.trace import Status, StatusCode

    if style == "genai":
        name = f"execute_tool {call.function.name}"
        attributes = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call.function.name,
                      "gen_ai.tool.call.id": call.id, "gen_ai.tool.type": "function",
                      "gen_ai.tool.call.arguments": call.function.arguments}
    else:
        name = call.function.name
        attributes = {"openinference.span.kind": "TOOL", "tool.name": call.function.name,
                      "tool_call.id": call.id, "tool_call.function.name": call.function.name,
                      "tool_call.function.arguments": call.function.arguments,
                      "input.value": call.function.arguments, "input.mime_type": "application/json"}
    with tracer.start_as_current_span(name, attributes=attributes, record_exception=False,
                                      set_status_on_exception=False) as span:
        result, failed = common.run_tool(call.function.name, arguments)
        if style == "genai":
            span.set_attribute("gen_ai.tool.call.result", result)
        else:
            span.set_attribute("output.value", result)
        if failed:
            span.set_status(Status(StatusCode.ERROR, result))
            span.set_attribute("error.type", "RuntimeError")
    return result


def main() -> None:
    provider = common.setup_tracing()
    instrument(provider)
    import openai

    client = openai.OpenAI(base_url=common.MODEL_URL, api_key=common.API_KEY, max_retries=0)
    scenario = common.scenario()
    tools = common.scenarios.openai_tools()
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        messages: list[dict] = [
            {"role": "system", "content": common.scenarios.SYSTEM_PROMPT}, *common.history(),
            {"role": "user", "content": scenario["user"]},
        ]
        for _ in range(4):
            response = client.chat.completions.create(
                model=common.scenarios.MODEL, messages=messages, tools=tools, stream=False,
            )
            message = response.choices[0].message
            if not message.tool_calls:
                print(message.content)
                break
            messages.append({
                "role": "assistant", "content": message.content,
                "tool_calls": [
                    {"id": c.id, "type": "function",
                     "function": {"name": c.function.name, "arguments": c.function.arguments}}
                    for c in message.tool_calls
                ],
            })
            for call in message.tool_calls:
                result = run_tool(tracer, call)
                messages.append({"role": "tool", "tool_call_id": call.id, "content": result})
    provider.shutdown()


if __name__ == "__main__":
    main()
