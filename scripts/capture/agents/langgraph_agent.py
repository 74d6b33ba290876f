"""LangGraph through a LangChain instrumentation: a ReAct graph (model node + a ToolNode that
turns tool exceptions into error ToolMessages) over langchain-openai's ChatOpenAI pointed at the
fake model, with real @tool functions.

    python langgraph_agent.py [openinference|openllmetry]

OpenInference: user and session through its own using_attributes (user.id / session.id on every
span). OpenLLMetry: through the run's metadata, which its callback handler records as
traceloop.association.properties.*."""
from __future__ import annotations

import contextlib
import sys
import warnings

import common
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI

warnings.filterwarnings("ignore")
KIND = sys.argv[1] if len(sys.argv) > 1 else "openinference"


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
    metadata = {"user_id": common.USER_ID, "session_id": common.SESSION_ID}
    if KIND == "openinference":
        from openinference.instrumentation import using_attributes
        from openinference.instrumentation.langchain import LangChainInstrumentor
        LangChainInstrumentor().instrument(tracer_provider=provider)
        context = using_attributes(session_id=common.SESSION_ID, user_id=common.USER_ID)
        config = {}
    else:
        from opentelemetry.instrumentation.langchain import LangchainInstrumentor
        LangchainInstrumentor().instrument(tracer_provider=provider)
        context, config = contextlib.nullcontext(), {"metadata": metadata}
    from langgraph.prebuilt import ToolNode, create_react_agent

    model = ChatOpenAI(model=common.scenarios.MODEL, base_url=common.MODEL_URL,
                       api_key=common.API_KEY, max_retries=0, streaming=False)
    tools = ToolNode([get_weather, get_stock_price], handle_tool_errors=True)
    graph = create_react_agent(model, tools=tools, prompt=common.scenarios.SYSTEM_PROMPT)
    messages = [(m["role"], m["content"]) for m in common.history()] + [("user", common.scenario()["user"])]
    with context:
        state = graph.invoke({"messages": messages}, config=config)
    print(state["messages"][-1].content)
    provider.shutdown()


if __name__ == "__main__":
    main()
