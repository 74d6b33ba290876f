"""AutoGen AgentChat: an AssistantAgent with Python function tools on autogen-ext's
OpenAIChatCompletionClient (chat completions against the fake model), run once; autogen-core
traces agents and tools with OpenTelemetry on the tracer provider the runtime gets (here the
global one). AutoGen writes no model-call spans. The failing tool raises; AutoGen sends the error
back to the model. Earlier turns go in as the task's messages. User and session on the app's root span."""
from __future__ import annotations

import asyncio

import common
from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.messages import TextMessage
from autogen_ext.models.openai import OpenAIChatCompletionClient


def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return common.scenarios.get_weather(city)


def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol."""
    return common.scenarios.get_stock_price(symbol)


async def run() -> str:
    client = OpenAIChatCompletionClient(
        model=common.scenarios.MODEL, base_url=common.MODEL_URL, api_key=common.API_KEY,
        model_info={"vision": False, "function_calling": True, "json_output": False, "family": "unknown",
                    "structured_output": False})
    agent = AssistantAgent("weather_agent", model_client=client, tools=[get_weather, get_stock_price],
                           system_message=common.scenarios.SYSTEM_PROMPT, reflect_on_tool_use=True)
    names = {"user": "user", "assistant": "weather_agent"}
    task = [TextMessage(content=m["content"], source=names[m["role"]]) for m in common.history()]
    task.append(TextMessage(content=common.scenario()["user"], source="user"))
    result = await agent.run(task=task)
    await client.close()
    return result.messages[-1].to_text()


def main() -> None:
    provider = common.setup_tracing()
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        print(asyncio.run(run()))
    provider.shutdown()


if __name__ == "__main__":
    main()
