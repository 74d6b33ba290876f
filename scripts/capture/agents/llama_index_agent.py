"""LlamaIndex: a FunctionAgent (agent workflow) with FunctionTool tools on llama-index-llms-openai's
OpenAI LLM (chat completions against the fake model), traced by OpenInference's
LlamaIndexInstrumentor. The failing tool raises; LlamaIndex sends the error text back to the model
as the tool's output. History goes in as chat_history. User and session on the app's root span."""
from __future__ import annotations

import asyncio

import common
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.llms import ChatMessage
from llama_index.core.tools import FunctionTool
from llama_index.llms.openai import OpenAI
from openinference.instrumentation.llama_index import LlamaIndexInstrumentor


def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return common.scenarios.get_weather(city)


def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol."""
    return common.scenarios.get_stock_price(symbol)


async def run(agent: FunctionAgent) -> str:
    history = [ChatMessage(role=m["role"], content=m["content"]) for m in common.history()]
    response = await agent.run(user_msg=common.scenario()["user"], chat_history=history or None)
    return str(response)


def main() -> None:
    provider = common.setup_tracing()
    LlamaIndexInstrumentor().instrument(tracer_provider=provider)
    llm = OpenAI(model=common.scenarios.MODEL, api_base=common.MODEL_URL, api_key=common.API_KEY, max_retries=0)
    agent = FunctionAgent(name="weather_agent", description="Answers with tools.",
                          tools=[FunctionTool.from_defaults(get_weather), FunctionTool.from_defaults(get_stock_price)],
                          llm=llm, system_prompt=common.scenarios.SYSTEM_PROMPT, streaming=False)
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        print(asyncio.run(run(agent)))
    provider.shutdown()


if __name__ == "__main__":
    main()
