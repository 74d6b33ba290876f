"""The OpenAI Agents SDK: an Agent with @function_tool tools on OpenAIChatCompletionsModel (chat
completions against the fake model), run with Runner.run_sync. Its traces (agent, generation,
function spans) reach OpenTelemetry through one instrumentation's trace processor, which replaces
the SDK's own exporter to OpenAI. User and session ride on the app's root span.

    python openai_agents_agent.py openinference|openllmetry
"""
from __future__ import annotations

import sys

import common
from agents import Agent, OpenAIChatCompletionsModel, Runner, function_tool, set_tracing_export_api_key
from openai import AsyncOpenAI

KIND = sys.argv[1]


@function_tool
def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return common.scenarios.get_weather(city)


@function_tool
def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol."""
    return common.scenarios.get_stock_price(symbol)


def instrument(provider) -> None:
    if KIND == "openinference":
        from openinference.instrumentation.openai_agents import OpenAIAgentsInstrumentor
        OpenAIAgentsInstrumentor().instrument(tracer_provider=provider, exclusive_processor=True)
    elif KIND == "openllmetry":
        from opentelemetry.instrumentation.openai_agents import OpenAIAgentsInstrumentor
        OpenAIAgentsInstrumentor(replace_existing_processors=True).instrument(tracer_provider=provider)
    else:
        raise SystemExit(f"unknown instrumentation {KIND}")


def main() -> None:
    provider = common.setup_tracing()
    instrument(provider)
    set_tracing_export_api_key(common.API_KEY)
    client = AsyncOpenAI(base_url=common.MODEL_URL, api_key=common.API_KEY, max_retries=0)
    agent = Agent(name="weather_agent", instructions=common.scenarios.SYSTEM_PROMPT,
                  model=OpenAIChatCompletionsModel(model=common.scenarios.MODEL, openai_client=client),
                  tools=[get_weather, get_stock_price])
    items = [{"role": m["role"], "content": m["content"]} for m in common.history()]
    items.append({"role": "user", "content": common.scenario()["user"]})
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        result = Runner.run_sync(agent, items)
        print(result.final_output)
    provider.shutdown()


if __name__ == "__main__":
    main()
