"""CrewAI: a crew of one agent with one task (the user's message), its tools made with crewai's
@tool, on crewai's native OpenAI provider (chat completions against the fake model). Traced by
OpenInference's CrewAIInstrumentor: `wrappers` (its default) with OpenInference's
OpenAIInstrumentor for the model calls, as its docs pair them, or `events`, its event-listener
mode, which writes the model-call spans from CrewAI's own events. User and session ride on the
app's root span. CrewAI's telemetry and hosted tracing are off: nothing leaves 127.0.0.1.

    python crewai_agent.py wrappers|events
"""
from __future__ import annotations

import os
import sys

import common

os.environ.update(CREWAI_DISABLE_TELEMETRY="true", CREWAI_TRACING_ENABLED="false",
                  CREWAI_DISABLE_VERSION_CHECK="true", CREWAI_TESTING="true")

from crewai import LLM, Agent, Crew, Task  # noqa: E402
from crewai.events.event_bus import crewai_event_bus  # noqa: E402
from crewai.tools import tool  # noqa: E402
from openinference.instrumentation.crewai import CrewAIInstrumentor  # noqa: E402
from openinference.instrumentation.openai import OpenAIInstrumentor  # noqa: E402

MODE = sys.argv[1]


@tool("get_weather")
def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return common.scenarios.get_weather(city)


@tool("get_stock_price")
def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol."""
    return common.scenarios.get_stock_price(symbol)


def instrument(provider) -> None:
    if MODE == "events":
        CrewAIInstrumentor().instrument(tracer_provider=provider, use_event_listener=True, create_llm_spans=True)
    elif MODE == "wrappers":
        CrewAIInstrumentor().instrument(tracer_provider=provider)
        OpenAIInstrumentor().instrument(tracer_provider=provider)
    else:
        raise SystemExit(f"unknown mode {MODE}")


def main() -> None:
    provider = common.setup_tracing()
    instrument(provider)
    llm = LLM(model=common.scenarios.MODEL, base_url=common.MODEL_URL, api_key=common.API_KEY, max_retries=0)
    agent = Agent(role="assistant", goal=common.scenarios.SYSTEM_PROMPT, backstory="You answer questions for the team.",
                  tools=[get_weather, get_stock_price], llm=llm, max_iter=4, verbose=False)
    task = Task(description=common.scenario()["user"], expected_output="A short answer.", agent=agent)
    crew = Crew(agents=[agent], tasks=[task], verbose=False)
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        print(crew.kickoff().raw)
        crewai_event_bus.flush()  # the event listener ends the crew's span in a handler that may still be running
    provider.shutdown()


if __name__ == "__main__":
    main()
