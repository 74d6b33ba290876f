"""A model-only agent on boto3's bedrock-runtime converse() (against the fake model's Converse
endpoint; fake credentials, signed requests), instrumented by OpenLLMetry's
opentelemetry-instrumentation-bedrock; a plain Python loop runs the toolUse blocks and sends
toolResult blocks back (status "error" for the failing tool). One root span carries user.id and
session.id."""
from __future__ import annotations

import os

import common
from opentelemetry.instrumentation.bedrock import BedrockInstrumentor

MODEL = "anthropic.claude-3-5-sonnet-20240620-v1:0"


def main() -> None:
    provider = common.setup_tracing()
    BedrockInstrumentor().instrument(tracer_provider=provider)
    import boto3

    os.environ.update(AWS_ACCESS_KEY_ID="AKIDFAKECAPTURE", AWS_SECRET_ACCESS_KEY="fake-secret", AWS_DEFAULT_REGION="us-east-1")
    client = boto3.client("bedrock-runtime", endpoint_url=common.BASE, region_name="us-east-1")
    tool_config = {"tools": [{"toolSpec": {"name": name, "description": spec["description"],
                                           "inputSchema": {"json": spec["parameters"]}}}
                             for name, spec in common.scenarios.TOOLS.items()]}
    messages = [{"role": m["role"], "content": [{"text": m["content"]}]} for m in common.history()]
    messages.append({"role": "user", "content": [{"text": common.scenario()["user"]}]})
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        for _ in range(4):
            response = client.converse(modelId=MODEL, messages=messages, toolConfig=tool_config,
                                       system=[{"text": common.scenarios.SYSTEM_PROMPT}])
            message = response["output"]["message"]
            uses = [b["toolUse"] for b in message["content"] if "toolUse" in b]
            if not uses:
                print("".join(b.get("text", "") for b in message["content"]))
                break
            messages.append(message)
            results = []
            for use in uses:
                text, failed = common.run_tool(use["name"], use["input"])
                results.append({"toolResult": {"toolUseId": use["toolUseId"], "content": [{"text": text}],
                                               **({"status": "error"} if failed else {})}})
            messages.append({"role": "user", "content": results})
    provider.shutdown()


if __name__ == "__main__":
    main()
