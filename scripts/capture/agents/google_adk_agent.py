"""Google ADK: an LlmAgent with Python function tools on Gemini (google-genai pointed at the fake
model's Gemini endpoint through GOOGLE_GEMINI_BASE_URL), run by an InMemoryRunner in a session
that belongs to the run's user and session ids; ADK's own OpenTelemetry spans (invoke_agent,
call_llm, execute_tool) on the app's tracer provider. Earlier turns are the session's events. The
failing tool returns {"status": "error", "error_message": ...}, as ADK's documents advise (a raised
exception would end the run)."""
from __future__ import annotations

import asyncio
import os

import common

os.environ.update(GOOGLE_GEMINI_BASE_URL=common.BASE, GOOGLE_API_KEY=common.API_KEY, GOOGLE_GENAI_USE_VERTEXAI="false")
from google.adk.agents import LlmAgent  # noqa: E402
from google.adk.events import Event  # noqa: E402
from google.adk.runners import InMemoryRunner  # noqa: E402
from google.genai import types  # noqa: E402


def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return common.scenarios.get_weather(city)


def get_stock_price(symbol: str) -> dict:
    """Get the latest stock price for a ticker symbol."""
    try:
        return {"status": "success", "price": common.scenarios.get_stock_price(symbol)}
    except RuntimeError as exc:  # ADK ends the run on a raised exception; its documents return the error
        return {"status": "error", "error_message": str(exc)}


async def run() -> str:
    agent = LlmAgent(name="weather_agent", model="gemini-2.5-flash", instruction=common.scenarios.SYSTEM_PROMPT,
                     tools=[get_weather, get_stock_price])
    runner = InMemoryRunner(agent=agent, app_name="capture")
    session = await runner.session_service.create_session(app_name="capture", user_id=common.USER_ID,
                                                          session_id=common.SESSION_ID)
    for turn in common.history():  # earlier turns, as the session's events
        author = "user" if turn["role"] == "user" else agent.name
        role = "user" if turn["role"] == "user" else "model"
        await runner.session_service.append_event(session, Event(
            author=author, invocation_id="earlier", content=types.Content(role=role, parts=[types.Part(text=turn["content"])])))
    answer = ""
    message = types.Content(role="user", parts=[types.Part(text=common.scenario()["user"])])
    async for event in runner.run_async(user_id=common.USER_ID, session_id=session.id, new_message=message):
        if event.is_final_response() and event.content and event.content.parts:
            answer = "".join(p.text or "" for p in event.content.parts)
    return answer


def main() -> None:
    provider = common.setup_tracing()
    print(asyncio.run(run()))
    provider.shutdown()


if __name__ == "__main__":
    main()
