"""The scripted scenarios: what the user asks, what the fake model answers, what the tools return.

Shared by the fake model server (which answers from SCENARIOS), every Python agent (which runs
the TOOLS) and the manifest builder. The Node agent reads the same data from scenarios.json,
written from this module by run.sh.
"""
from __future__ import annotations

import json

MODEL = "gpt-4o-mini"
SYSTEM_PROMPT = "You are a concise assistant. Use the tools when they help."

TOOLS = {
    "get_weather": {
        "description": "Get the current weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "City name"}},
            "required": ["city"],
        },
    },
    "get_stock_price": {
        "description": "Get the latest stock price for a ticker symbol.",
        "parameters": {
            "type": "object",
            "properties": {"symbol": {"type": "string", "description": "Ticker symbol"}},
            "required": ["symbol"],
        },
    },
}

WEATHER = {"Paris": "Paris: 18 C, sunny", "Tokyo": "Tokyo: 24 C, light rain"}
STOCK_ERROR = "stock service unavailable (HTTP 503)"


def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return WEATHER.get(city, f"{city}: 20 C, cloudy")


def get_stock_price(symbol: str) -> str:
    """Get the latest stock price for a ticker symbol."""
    raise RuntimeError(STOCK_ERROR)


TOOL_FUNCTIONS = {"get_weather": get_weather, "get_stock_price": get_stock_price}

# Each scenario: the user's message (after the `history` of earlier turns, where there is one), then
# the model's scripted answers in order. The fake model finds the scenario by the last user message
# and picks answer N for a request holding N assistant messages after it (so a request after one
# tool round gets answer 1); past the script it repeats the last answer.
SCENARIOS = {
    "chat": {
        "about": "plain chat, no tools called",
        "user": "Say hello to the tracepatrol team in one sentence.",
        "answers": [{"content": "Hello, tracepatrol team, nice to meet you!"}],
    },
    "one_tool": {
        "about": "one tool call, then the answer",
        "user": "What is the weather in Paris right now?",
        "answers": [
            {"tool_calls": [{"id": "call_w1", "name": "get_weather", "arguments": {"city": "Paris"}}]},
            {"content": "It is 18 C and sunny in Paris."},
        ],
    },
    "parallel_tools": {
        "about": "two tool calls requested in one model message, then the answer",
        "user": "Compare the weather in Paris and Tokyo.",
        "answers": [
            {"tool_calls": [
                {"id": "call_w1", "name": "get_weather", "arguments": {"city": "Paris"}},
                {"id": "call_w2", "name": "get_weather", "arguments": {"city": "Tokyo"}},
            ]},
            {"content": "Paris is 18 C and sunny, while Tokyo is 24 C with light rain."},
        ],
    },
    "failing_tool": {
        "about": "the tool raises; its error goes back to the model, which then answers",
        "user": "What is the ACME stock price?",
        "answers": [
            {"tool_calls": [{"id": "call_s1", "name": "get_stock_price", "arguments": {"symbol": "ACME"}}]},
            {"content": "Sorry, the stock service is unavailable right now, so I cannot get the ACME price."},
        ],
        "failing_tools": ["get_stock_price"],
    },
    "multi_turn": {
        "about": "a second turn: the earlier exchange (history) is sent with the new question, which needs one tool call",
        "history": [
            {"role": "user", "content": "I am planning a trip to Japan next week."},
            {"role": "assistant", "content": "Japan is lovely this time of year. How can I help with your trip?"},
        ],
        "user": "What is the weather in Tokyo right now?",
        "answers": [
            {"tool_calls": [{"id": "call_w3", "name": "get_weather", "arguments": {"city": "Tokyo"}}]},
            {"content": "It is 24 C with light rain in Tokyo, so pack an umbrella."},
        ],
    },
}


def usage_for(call_index: int) -> dict:
    """The usage the fake model reports for the run's model call number call_index (0-based)."""
    prompt = 100 + 50 * call_index
    completion = 10 + 5 * call_index
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def openai_tools() -> list[dict]:
    return [{"type": "function", "function": {"name": name, **spec}} for name, spec in TOOLS.items()]


def history(name: str) -> list[dict]:
    """The earlier turns sent before the scenario's user message (OpenAI chat messages)."""
    return [dict(m) for m in SCENARIOS[name].get("history", [])]


def scenario_for_text(text: str) -> str | None:
    for name, scenario in SCENARIOS.items():
        if scenario["user"] in text:
            return name
    return None


if __name__ == "__main__":
    print(json.dumps({"model": MODEL, "system": SYSTEM_PROMPT, "tools": TOOLS, "weather": WEATHER,
                      "stock_error": STOCK_ERROR, "scenarios": SCENARIOS}, indent=1))
