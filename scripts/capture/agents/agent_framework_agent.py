"""Microsoft Agent Framework: an Agent with Python function tools on OpenAIChatCompletionClient
(chat completions against the fake model) and the framework's own OpenTelemetry instrumentation
(ENABLE_INSTRUMENTATION; ENABLE_SENSITIVE_DATA for content) on the app's tracer provider. The
failing tool raises; the framework sends the error back to the model. Earlier turns go in as
messages. User and session on the app's root span."""
from __future__ import annotations

import asyncio
import os

import common
from agent_framework import Agent, Message
from agent_framework.observability import enable_instrumentation
from agent_framework.openai import OpenAIChatCompletionClient


def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return common.scenarios.get_weather(city)


def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol."""
    return common.scenarios.get_stock_price(symbol)


async def run() -> str:
    client = OpenAIChatCompletionClient(model=common.scenarios.MODEL, api_key=common.API_KEY, base_url=common.MODEL_URL)
    agent = Agent(client=client, name="weather_agent", instructions=common.scenarios.SYSTEM_PROMPT,
                  tools=[get_weather, get_stock_price])
    messages = [Message(m["role"], [m["content"]]) for m in common.history()]
    messages.append(Message("user", [common.scenario()["user"]]))
    response = await agent.run(messages)
    return response.text


def main() -> None:
    provider = common.setup_tracing()
    enable_instrumentation(enable_sensitive_data=os.environ.get("ENABLE_SENSITIVE_DATA") == "true")
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        print(asyncio.run(run()))
    provider.shutdown()


if __name__ == "__main__":
    main()
