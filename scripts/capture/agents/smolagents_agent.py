"""smolagents: a ToolCallingAgent with @tool functions on OpenAIServerModel (chat completions
against the fake model), traced by OpenInference's SmolagentsInstrumentor. The model ends a run by
calling smolagents' own final_answer tool, which the fake model is told to do: its scripted text
answer becomes a final_answer call here. User and session ride on the app's root span."""
from __future__ import annotations

import common
from openinference.instrumentation.smolagents import SmolagentsInstrumentor
from smolagents import OpenAIServerModel, ToolCallingAgent, tool


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
    SmolagentsInstrumentor().instrument(tracer_provider=provider)
    model = OpenAIServerModel(model_id=common.scenarios.MODEL, api_base=common.MODEL_URL, api_key=common.API_KEY)
    agent = ToolCallingAgent(tools=[get_weather, get_stock_price], model=model, max_steps=4,
                             instructions=common.scenarios.SYSTEM_PROMPT, verbosity_level=0)
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        history = common.history()
        if history:  # an earlier run's task and answer, as smolagents keeps them in memory (reset=False)
            from smolagents.memory import ActionStep, TaskStep
            from smolagents.monitoring import Timing
            agent.memory.steps.append(TaskStep(task=history[0]["content"]))
            agent.memory.steps.append(ActionStep(step_number=1, timing=Timing(start_time=0.0, end_time=0.0),
                                                 model_output=history[1]["content"], is_final_answer=True))
        print(agent.run(common.scenario()["user"], reset=not history))
    provider.shutdown()


if __name__ == "__main__":
    main()
