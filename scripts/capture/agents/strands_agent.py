"""strands-agents: an Agent with @tool functions on strands.models.openai.OpenAIModel (chat
completions against the fake model), traced by strands' own tracer on the app's (global) tracer
provider; OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental switches it to the latest
GenAI forms. A raised tool error goes back to the model as an error toolResult. Earlier turns are
the agent's starting messages; user and session as trace attributes."""
from __future__ import annotations

import common
from strands import Agent, tool
from strands.models.openai import OpenAIModel


@tool
def get_weather(city: str) -> str:
    """Get the current weather for a city.

    Args:
        city: City name
    """
    return common.scenarios.get_weather(city)


@tool
def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol.

    Args:
        symbol: Ticker symbol
    """
    return common.scenarios.get_stock_price(symbol)


def main() -> None:
    provider = common.setup_tracing()
    model = OpenAIModel(client_args={"api_key": common.API_KEY, "base_url": common.MODEL_URL},
                        model_id=common.scenarios.MODEL)
    history = [{"role": m["role"], "content": [{"text": m["content"]}]} for m in common.history()]
    agent = Agent(model=model, name="weather_agent", system_prompt=common.scenarios.SYSTEM_PROMPT,
                  tools=[get_weather, get_stock_price], messages=history, callback_handler=None,
                  trace_attributes={"user.id": common.USER_ID, "session.id": common.SESSION_ID})
    print(agent(common.scenario()["user"]))
    provider.shutdown()


if __name__ == "__main__":
    main()
