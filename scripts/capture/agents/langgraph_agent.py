"""LangGraph through OpenInference's LangChain instrumentation: a ReAct graph (model node + a
ToolNode that turns tool exceptions into error ToolMessages) over langchain-openai's ChatOpenAI
pointed at the fake model, with real @tool functions. User and session go through OpenInference's
own using_attributes (user.id / session.id on every span)."""
from __future__ import annotations

import warnings

import common
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from openinference.instrumentation import using_attributes
from openinference.instrumentation.langchain import LangChainInstrumentor

warnings.filterwarnings("ignore")


@tool
def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return common.scenarios.get_weather(city)


@tool
def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol."""
    return common.scenarios.get_stock_price(symbol)


def main() -> None:
    provider = common.setup_tracing()
    LangChainInstrumentor().instrument(tracer_provider=provider)
    from langgraph.prebuilt import ToolNode, create_react_agent

    model = ChatOpenAI(model=common.scenarios.MODEL, base_url=common.MODEL_URL,
                       api_key=common.API_KEY, max_retries=0, streaming=False)
    tools = ToolNode([get_weather, get_stock_price], handle_tool_errors=True)
    graph = create_react_agent(model, tools=tools, prompt=common.scenarios.SYSTEM_PROMPT)
    with using_attributes(session_id=common.SESSION_ID, user_id=common.USER_ID):
        state = graph.invoke({"messages": [("user", common.scenario()["user"])]})
    print(state["messages"][-1].content)
    provider.shutdown()


if __name__ == "__main__":
    main()
