"""A model-only agent on the google-genai client (Gemini API generateContent, against the fake
model's Gemini endpoint), instrumented by opentelemetry-instrumentation-google-genai; manual
function calling: a plain Python loop runs the functionCall parts (several in one answer for
parallel_tools) and sends functionResponse parts back ({"output": ...}, or {"error": ...} for the
failing tool, as Google's documents show). One root span carries user.id and session.id."""
from __future__ import annotations

import common
from google import genai
from google.genai import types
from opentelemetry.instrumentation.google_genai import GoogleGenAiSdkInstrumentor

MODEL = "gemini-2.5-flash"


def main() -> None:
    provider = common.setup_tracing()
    GoogleGenAiSdkInstrumentor().instrument(tracer_provider=provider)
    client = genai.Client(api_key=common.API_KEY, http_options=types.HttpOptions(base_url=common.BASE))
    declarations = [types.FunctionDeclaration(name=name, description=spec["description"], parameters_json_schema=spec["parameters"])
                    for name, spec in common.scenarios.TOOLS.items()]
    config = types.GenerateContentConfig(
        system_instruction=common.scenarios.SYSTEM_PROMPT, tools=[types.Tool(function_declarations=declarations)],
        automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True))
    roles = {"user": "user", "assistant": "model"}
    contents = [types.Content(role=roles[m["role"]], parts=[types.Part(text=m["content"])]) for m in common.history()]
    contents.append(types.Content(role="user", parts=[types.Part(text=common.scenario()["user"])]))
    tracer = provider.get_tracer("capture.agent")
    with tracer.start_as_current_span("agent_run") as root:
        root.set_attribute("user.id", common.USER_ID)
        root.set_attribute("session.id", common.SESSION_ID)
        for _ in range(4):
            response = client.models.generate_content(model=MODEL, contents=contents, config=config)
            calls = response.function_calls or []
            if not calls:
                print(response.text)
                break
            contents.append(response.candidates[0].content)
            parts = []
            for call in calls:
                text, failed = common.run_tool(call.name, dict(call.args or {}))
                parts.append(types.Part.from_function_response(
                    name=call.name, response={"error": text} if failed else {"output": text}))
            contents.append(types.Content(role="user", parts=parts))
    provider.shutdown()


if __name__ == "__main__":
    main()
