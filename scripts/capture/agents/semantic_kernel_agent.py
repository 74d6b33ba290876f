"""Semantic Kernel's own OpenTelemetry diagnostics (SEMANTICKERNEL_EXPERIMENTAL_GENAI_ENABLE_OTEL_
DIAGNOSTICS[_SENSITIVE]): kernel functions in a plugin, FunctionChoiceBehavior.Auto(), the OpenAI
connector on an AsyncOpenAI client pointed at the fake model. Semantic Kernel offers the tools to
the model as "<plugin>-<function>" (here tools-get_weather). One root span carries user.id and
session.id."""
from __future__ import annotations

import asyncio
import logging
from typing import Annotated

import common


async def run(provider) -> None:
    from openai import AsyncOpenAI
    from semantic_kernel import Kernel
    from semantic_kernel.connectors.ai.function_choice_behavior import FunctionChoiceBehavior
    from semantic_kernel.connectors.ai.open_ai import OpenAIChatCompletion, OpenAIChatPromptExecutionSettings
    from semantic_kernel.contents import ChatHistory
    from semantic_kernel.functions import kernel_function

    class Tools:
        @kernel_function(name="get_weather", description=common.scenarios.TOOLS["get_weather"]["description"])
        def get_weather(self, city: Annotated[str, "City name"]) -> str:
            return common.scenarios.get_weather(city)

        @kernel_function(name="get_stock_price", description=common.scenarios.TOOLS["get_stock_price"]["description"])
        def get_stock_price(self, symbol: Annotated[str, "Ticker symbol"]) -> str:
            return common.scenarios.get_stock_price(symbol)

    kernel = Kernel()
    client = AsyncOpenAI(base_url=common.MODEL_URL, api_key=common.API_KEY, max_retries=0)
    service = OpenAIChatCompletion(ai_model_id=common.scenarios.MODEL, async_client=client, service_id="chat")
    kernel.add_service(service)
    kernel.add_plugin(Tools(), plugin_name="tools")
    settings = OpenAIChatPromptExecutionSettings(function_choice_behavior=FunctionChoiceBehavior.Auto())
    history = ChatHistory(system_message=common.scenarios.SYSTEM_PROMPT)
    history.add_user_message(common.scenario()["user"])
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        answer = await service.get_chat_message_content(history, settings, kernel=kernel)
    print(answer)


def main() -> None:
    logging.basicConfig(level=logging.ERROR)
    provider = common.setup_tracing()
    asyncio.run(run(provider))
    provider.shutdown()


if __name__ == "__main__":
    main()
