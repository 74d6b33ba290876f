"""MLflow tracing exported over OTLP (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, http/protobuf):
mlflow.openai.autolog() traces the openai client (chat completions against the fake model), the
tools are @mlflow.trace(span_type="TOOL") functions, the run an @mlflow.trace(span_type="AGENT")
function; user and session as MLflow's trace metadata (mlflow.trace.user / mlflow.trace.session).
MLflow sets up its own tracer provider, so common.setup_tracing is not used."""
from __future__ import annotations

import json
import os

import common

os.environ.update(OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=common.TRACES_URL, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL="http/protobuf",
                  OTEL_SERVICE_NAME=common.SERVICE)
import mlflow  # noqa: E402
import openai  # noqa: E402


@mlflow.trace(span_type="TOOL")
def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return common.scenarios.get_weather(city)


@mlflow.trace(span_type="TOOL")
def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol."""
    return common.scenarios.get_stock_price(symbol)


TOOLS = {"get_weather": get_weather, "get_stock_price": get_stock_price}


@mlflow.trace(span_type="AGENT")
def agent(question: str) -> str:
    mlflow.update_current_trace(metadata={"mlflow.trace.user": common.USER_ID, "mlflow.trace.session": common.SESSION_ID})
    client = openai.OpenAI(base_url=common.MODEL_URL, api_key=common.API_KEY, max_retries=0)
    messages: list[dict] = [{"role": "system", "content": common.scenarios.SYSTEM_PROMPT}, *common.history(),
                            {"role": "user", "content": question}]
    for _ in range(4):
        message = client.chat.completions.create(model=common.scenarios.MODEL, messages=messages,
                                                 tools=common.scenarios.openai_tools()).choices[0].message
        if not message.tool_calls:
            return message.content
        messages.append(message.model_dump(exclude_none=True))
        for call in message.tool_calls:
            try:
                result = TOOLS[call.function.name](**json.loads(call.function.arguments))
            except Exception as exc:  # the failing-tool scenario: the error goes back to the model
                result = f"Error: {exc}"
            messages.append({"role": "tool", "tool_call_id": call.id, "content": result})
    return ""


def main() -> None:
    mlflow.openai.autolog()
    print(agent(common.scenario()["user"]))
    from mlflow.tracing.provider import provider

    provider.get().force_flush()  # MLflow's own tracer provider: its OTLP batch processor

if __name__ == "__main__":
    main()
