"""pydantic-ai's own instrumentation: an Agent with real tool functions on an OpenAI-compatible
provider pointed at the fake model, instrumented with Agent.instrument_all(InstrumentationSettings).
The failing tool raises ModelRetry (pydantic-ai's way to send a tool error back to the model; a
plain exception would end the run). One root span carries user.id and session.id. With
CAPTURE_AGENT_SPANS_ONLY=true the model-call (`chat`) spans are left out of the export: the trace
then has agent-level data only, as behind a collector that filters model spans out. Earlier turns
go in as message_history."""
from __future__ import annotations

import os

import common
from pydantic_ai import Agent, ModelRetry
from pydantic_ai.models.instrumented import InstrumentationSettings
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider


def history() -> list:
    from pydantic_ai.messages import ModelRequest, ModelResponse, TextPart, UserPromptPart
    return [ModelRequest(parts=[UserPromptPart(content=m["content"])]) if m["role"] == "user"
            else ModelResponse(parts=[TextPart(content=m["content"])]) for m in common.history()]


def main() -> None:
    agent_only = os.environ.get("CAPTURE_AGENT_SPANS_ONLY") == "true"
    provider = common.setup_tracing(keep=(lambda s: s.attributes.get("gen_ai.operation.name") != "chat")
                                    if agent_only else None)
    settings = {"tracer_provider": provider,
                "include_content": os.environ.get("CAPTURE_INCLUDE_CONTENT", "true") == "true"}
    if os.environ.get("CAPTURE_PYDANTIC_AI_VERSION"):
        settings["version"] = int(os.environ["CAPTURE_PYDANTIC_AI_VERSION"])
    Agent.instrument_all(InstrumentationSettings(**settings))
    model = OpenAIChatModel(common.scenarios.MODEL,
                            provider=OpenAIProvider(base_url=common.MODEL_URL, api_key=common.API_KEY))
    agent = Agent(model, name="weather_agent", instructions=common.scenarios.SYSTEM_PROMPT, retries=1)

    @agent.tool_plain
    def get_weather(city: str) -> str:
        """Get the current weather for a city."""
        return common.scenarios.get_weather(city)

    @agent.tool_plain
    def get_stock_price(symbol: str) -> str:
        """Get the latest stock price for a ticker symbol."""
        try:
            return common.scenarios.get_stock_price(symbol)
        except RuntimeError as exc:
            raise ModelRetry(str(exc)) from exc

    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        result = agent.run_sync(common.scenario()["user"], message_history=history() or None)
        print(result.output)
    provider.shutdown()


if __name__ == "__main__":
    main()
