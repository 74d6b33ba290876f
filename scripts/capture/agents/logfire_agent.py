"""Logfire: logfire.instrument_openai() on the openai client (chat completions against the fake
model), spans exported over OTLP/HTTP protobuf to the capture receiver (send_to_logfire=False,
an extra BatchSpanProcessor); model-only: a plain Python loop runs the tools, the run is one
logfire.span carrying user.id and session.id."""
from __future__ import annotations

import json

import common
import logfire
import openai
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace.export import BatchSpanProcessor


def main() -> None:
    logfire.configure(send_to_logfire=False, service_name=common.SERVICE, console=False,
                      additional_span_processors=[BatchSpanProcessor(OTLPSpanExporter(endpoint=common.TRACES_URL))])
    client = openai.OpenAI(base_url=common.MODEL_URL, api_key=common.API_KEY, max_retries=0)
    logfire.instrument_openai(client)
    messages: list[dict] = [{"role": "system", "content": common.scenarios.SYSTEM_PROMPT}, *common.history(),
                            {"role": "user", "content": common.scenario()["user"]}]
    with logfire.span("agent run", **{"user.id": common.USER_ID, "session.id": common.SESSION_ID}):
        for _ in range(4):
            message = client.chat.completions.create(model=common.scenarios.MODEL, messages=messages,
                                                     tools=common.scenarios.openai_tools()).choices[0].message
            if not message.tool_calls:
                print(message.content)
                break
            messages.append(message.model_dump(exclude_none=True))
            for call in message.tool_calls:
                result = common.run_tool(call.function.name, json.loads(call.function.arguments))[0]
                messages.append({"role": "tool", "tool_call_id": call.id, "content": result})
    logfire.force_flush()


if __name__ == "__main__":
    main()
