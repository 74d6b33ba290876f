"""A scripted agent instrumented with the real OpenTelemetry SDK, emitting GenAI semconv spans.

It drives the demo and the end-to-end tests, and shows users what a well-instrumented agent
sends: an `invoke_agent {agent}` root, one `chat {model}` span per model turn and one
`execute_tool {tool}` span per tool call (the OpenTelemetry GenAI semantic conventions; docs/conventions.md). The tools are plain Python, the
"model" is a deterministic script (no network), and every run returns what it sent, so a test
can compare it field by field with the trajectory the server stored.
"""
from __future__ import annotations

import ast
import json
import operator
import re
import secrets
import time
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter, SpanExportResult
from opentelemetry.trace import SpanKind, Status, StatusCode, format_trace_id

AGENT_NAME = "travel_assistant"
SERVICE_NAME = "tracepatrol-demo-agent"
MODEL = "scripted-model-1"
PROVIDER = "scripted"
SYSTEM_PROMPT = ("You are a helpful travel and weather assistant. Use the tools when needed. "
                 "Dates for search_flights must be YYYY-MM-DD.")
TOOL_LATENCY_S = 0.015


# -- tools: plain Python, deterministic ---------------------------------------------------------

class ServiceUnavailable(Exception):
    """An upstream answered HTTP 503: retrying the same call right away does not help."""


_WEATHER = {
    "Beijing": {"city": "Beijing", "condition": "sunny", "temp_c": 18, "aqi": 42, "wind_kph": 35},
    "Shanghai": {"city": "Shanghai", "condition": "light rain", "temp_c": 22, "aqi": 55, "wind_kph": 20},
}
_PRIMARY_OUTAGE = {"Guangzhou"}
_BACKUP_WEATHER = {
    **_WEATHER,
    "Guangzhou": {"city": "Guangzhou", "condition": "cloudy", "temp_c": 27, "humidity": 70},
}
_TOKENS = {"alice": "tok-alice-7f3a", "bob": "tok-bob-1c9e"}
_FLIGHTS = [
    {"flight_id": "CA1501", "from": "Beijing", "to": "Shanghai", "date": "2026-12-01", "depart": "09:30", "price_cny": 1290},
    {"flight_id": "MU5101", "from": "Beijing", "to": "Shanghai", "date": "2026-12-01", "depart": "08:00", "price_cny": 1130},
    {"flight_id": "NH964", "from": "Beijing", "to": "Tokyo", "date": "2026-12-02", "depart": "14:10", "price_cny": 2480},
]
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def get_weather(city: str) -> dict:
    time.sleep(TOOL_LATENCY_S)
    if city in _PRIMARY_OUTAGE:
        raise TimeoutError(f"primary weather service did not answer for {city} within 2s")
    if city not in _WEATHER:
        raise LookupError(f"no weather station for {city!r}")
    return dict(_WEATHER[city])


def get_weather_backup(city: str) -> dict:
    time.sleep(TOOL_LATENCY_S)
    if city not in _BACKUP_WEATHER:
        raise LookupError(f"no weather station for {city!r}")
    return dict(_BACKUP_WEATHER[city])


_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.Pow: operator.pow, ast.Mod: operator.mod}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}
_FUNCS = {"abs": abs, "min": min, "max": max, "round": round}


def calculator(expr: str) -> float:
    """Arithmetic only: the expression is walked as an AST, never eval'd."""
    def ev(node: ast.AST) -> float:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return _BINARY[type(node.op)](ev(node.left), ev(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
            return _UNARY[type(node.op)](ev(node.operand))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCS:
            return _FUNCS[node.func.id](*map(ev, node.args))
        raise ValueError(f"unsupported expression element {ast.dump(node)[:40]}")

    return float(ev(ast.parse(expr, mode="eval").body))


def login(user: str) -> dict:
    time.sleep(TOOL_LATENCY_S)
    if user not in _TOKENS:
        raise PermissionError(f"unknown user {user!r}")
    return {"token": _TOKENS[user], "expires_in": 3600}


def _check_token(token: str) -> None:
    if token not in _TOKENS.values():
        raise PermissionError("invalid or expired token; call login first")


def search_flights(token: str, from_city: str, to_city: str, date: str) -> dict:
    time.sleep(TOOL_LATENCY_S)
    _check_token(token)
    if not _DATE.match(date):
        raise ValueError(f"date must match YYYY-MM-DD, got {date!r}")
    return {"flights": [f for f in _FLIGHTS if (f["from"], f["to"], f["date"]) == (from_city, to_city, date)]}


def pay(token: str, flight_id: str) -> dict:
    time.sleep(TOOL_LATENCY_S)
    _check_token(token)
    flight = next((f for f in _FLIGHTS if f["flight_id"] == flight_id), None)
    if flight is None:
        raise LookupError(f"no flight {flight_id!r}")
    order = f"ORD-{flight['date'].replace('-', '')}-{flight_id}"
    return {"status": "paid", "order_id": order, "amount_cny": flight["price_cny"]}


def get_exchange_rate(base: str, quote: str) -> dict:
    time.sleep(TOOL_LATENCY_S)
    raise ServiceUnavailable(f"rates.example.com answered HTTP 503 Service Unavailable for {base}/{quote}")


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict
    fn: Callable[..., Any]

    def definition(self) -> dict:
        return {"type": "function", "name": self.name, "description": self.description, "parameters": self.parameters}


def _city_schema() -> dict:
    return {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}},
            "required": ["city"]}


TOOLS: dict[str, Tool] = {t.name: t for t in (
    Tool("get_weather", "Get the current weather for a city (primary weather service).", _city_schema(), get_weather),
    Tool("get_weather_backup", "Get the current weather for a city from the backup weather service.",
         _city_schema(), get_weather_backup),
    Tool("calculator", "Evaluate an arithmetic expression (+ - * / ** %, abs/min/max/round).",
         {"type": "object", "properties": {"expr": {"type": "string", "description": "Arithmetic expression"}},
          "required": ["expr"]}, calculator),
    Tool("login", "Log a user in and return a session token for the booking API.",
         {"type": "object", "properties": {"user": {"type": "string", "description": "User name"}},
          "required": ["user"]}, login),
    Tool("search_flights", "Search flights. `date` must be in YYYY-MM-DD format. Requires a token from login.",
         {"type": "object", "properties": {
             "token": {"type": "string", "description": "Session token returned by login"},
             "from_city": {"type": "string"}, "to_city": {"type": "string"},
             "date": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$", "description": "Departure date, YYYY-MM-DD"}},
          "required": ["token", "from_city", "to_city", "date"]}, search_flights),
    Tool("pay", "Pay for a flight with the logged-in user's saved card.",
         {"type": "object", "properties": {"token": {"type": "string"}, "flight_id": {"type": "string"}},
          "required": ["token", "flight_id"]}, pay),
    Tool("get_exchange_rate", "Get the current exchange rate between two currencies.",
         {"type": "object", "properties": {"base": {"type": "string"}, "quote": {"type": "string"}},
          "required": ["base", "quote"]}, get_exchange_rate),
)}


# -- the scripted model: one generator per scenario ---------------------------------------------
# A policy yields the tool calls of one model turn, receives their outcomes, and finally returns
# the answer text. Decisions use earlier results (the token, the cheapest flight), as a model would.

@dataclass(frozen=True)
class Outcome:
    ok: bool
    value: Any = None
    error: str | None = None
    error_type: str | None = None

    @property
    def response(self) -> Any:
        """What the model is told: the tool's value, or the error as text."""
        return self.value if self.ok else f"Error: {self.error_type}: {self.error}"


Policy = Generator[list[tuple[str, dict]], list[Outcome], str]


def _s1_linear_chain() -> Policy:
    [weather] = yield [("get_weather", {"city": "Beijing"})]
    w = weather.value
    expr = f"100 - abs({w['temp_c']} - 15) * 4 - {w['aqi']} / 3 - {w['wind_kph']} / 5"
    [score] = yield [("calculator", {"expr": expr})]
    verdict = "yes, it is suitable" if score.value >= 60 else "no, it is not suitable"
    return (f"Beijing is {w['condition']}, {w['temp_c']}°C, AQI {w['aqi']}. "
            f"Run-suitability score {score.value:.0f}/100 - {verdict} for an outdoor run.")


def _s2_booking_dependency() -> Policy:
    [session] = yield [("login", {"user": "alice"})]
    token = session.value["token"]
    [found] = yield [("search_flights", {"token": token, "from_city": "Beijing", "to_city": "Shanghai",
                                         "date": "2026-12-01"})]
    best = min(found.value["flights"], key=lambda f: f["price_cny"])
    [paid] = yield [("pay", {"token": token, "flight_id": best["flight_id"]})]
    return (f"Booked {best['flight_id']} Beijing->Shanghai on {best['date']} {best['depart']} "
            f"for {best['price_cny']} CNY. Order {paid.value['order_id']}.")


def _s3_wrong_tool() -> Policy:
    [weather] = yield [("get_weather", {"city": "Shanghai"})]
    w = weather.value
    tip = " Remember to bring an umbrella!" if "rain" in w["condition"] else ""
    return f"Shanghai on that day: {w['temp_c']}°C with {w['condition']}.{tip}"


def _s4_param_hallucination() -> Policy:
    [found] = yield [("search_flights", {"token": "tok-bob-1c9e", "from_city": "Beijing", "to_city": "Tokyo",
                                         "date": "tomorrow"})]
    if found.ok:
        return f"I found {len(found.value['flights'])} flights to Tokyo."
    return "Sorry, the flight search failed because of the date format. Please give the date as YYYY-MM-DD."


def _s5_dead_loop(attempts: int = 6) -> Policy:
    for _ in range(attempts):
        [rate] = yield [("get_exchange_rate", {"base": "USD", "quote": "CNY"})]
        if rate.ok:
            return f"1 USD = {rate.value['rate']} CNY right now."
    return "I'm sorry, the exchange-rate service keeps failing (503). Please try again later."


def _s5_dead_loop_abort() -> Policy:
    """The same loop without a give-up: the agent's turn limit ends the run with an error."""
    return _s5_dead_loop(attempts=1_000)


def _s6_recovery() -> Policy:
    [primary] = yield [("get_weather", {"city": "Guangzhou"})]
    w, source = primary.value, "primary"
    if not primary.ok:
        [backup] = yield [("get_weather_backup", {"city": "Guangzhou"})]
        w, source = backup.value, "backup"
    return (f"Guangzhou today: {w['temp_c']}°C, {w['condition']}, humidity {w['humidity']}% "
            f"(from the {source} weather service).")


def _s7_parallel_calls() -> Policy:
    bj, sh = yield [("get_weather", {"city": "Beijing"}), ("get_weather", {"city": "Shanghai"})]
    b, s = bj.value, sh.value
    nicer = "Beijing" if b["condition"] == "sunny" else "Shanghai"
    return (f"Beijing is {b['condition']} at {b['temp_c']}°C while Shanghai has {s['condition']} at "
            f"{s['temp_c']}°C; {nicer} is the nicer one today.")


@dataclass(frozen=True)
class Scenario:
    key: str
    user_input: str
    user_id: str
    policy: Callable[[], Policy]
    max_turns: int = 10


_SEEDS = (
    Scenario("S1_linear_chain", "Check Beijing weather and compute whether it is suitable for an outdoor run",
             "user-alice-001", _s1_linear_chain),
    Scenario("S2_booking_dependency",
             "I'm alice. Book me the cheapest flight from Beijing to Shanghai on 2026-12-01 and pay for it.",
             "user-alice-001", _s2_booking_dependency),
    Scenario("S3_wrong_tool", "Find me flight tickets from Beijing to Shanghai on 2026-12-01.",
             "user-alice-001", _s3_wrong_tool),
    Scenario("S4_param_hallucination", "Find me a flight to Tokyo tomorrow. My booking token is tok-bob-1c9e.",
             "user-bob-002", _s4_param_hallucination),
    Scenario("S5_dead_loop", "What's the USD to CNY exchange rate right now?", "user-carol-003", _s5_dead_loop),
    Scenario("S6_recovery", "What's the weather in Guangzhou today?", "user-alice-001", _s6_recovery),
    Scenario("S7_parallel_calls", "Compare the weather in Beijing and Shanghai right now.",
             "user-bob-002", _s7_parallel_calls),
)
# A run that ends in error (root span status ERROR); opt-in, not one of the seven seeds.
ABORT = Scenario("S5_dead_loop_abort", "What's the USD to CNY exchange rate right now?", "user-carol-003",
                 _s5_dead_loop_abort, max_turns=6)
SCENARIOS: dict[str, Scenario] = {s.key: s for s in (*_SEEDS, ABORT)}
ALL: tuple[str, ...] = tuple(s.key for s in _SEEDS)


# -- what a run sent ----------------------------------------------------------------------------

@dataclass
class SentToolCall:
    name: str
    call_id: str
    arguments: dict
    status: Literal["ok", "error"] = "ok"
    result: Any = None
    error: str | None = None
    error_type: str | None = None


@dataclass
class SentLLMCall:
    model: str
    input_tokens: int
    output_tokens: int
    time_to_first_chunk_s: float
    finish_reason: str
    requested_tools: list[str]


@dataclass
class SentTrace:
    scenario: str
    user_id: str
    session_id: str
    input: str
    agent_name: str = AGENT_NAME
    agent_version: str = "1.0.0"
    service_name: str = SERVICE_NAME
    trace_id: str = ""
    output: str | None = None
    status: Literal["ok", "error"] = "ok"
    error_type: str | None = None
    tool_calls: list[SentToolCall] = field(default_factory=list)
    llm_calls: list[SentLLMCall] = field(default_factory=list)

    @property
    def tokens(self) -> dict[str, int]:
        i = sum(c.input_tokens for c in self.llm_calls)
        o = sum(c.output_tokens for c in self.llm_calls)
        return {"input": i, "output": o, "total": i + o}

    @property
    def span_count(self) -> int:
        return 1 + len(self.llm_calls) + len(self.tool_calls)


class MaxTurnsExceeded(Exception):
    """The model never gave a final answer within the agent's turn limit."""


# -- the agent loop and its spans ---------------------------------------------------------------

def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _text(role: str, content: str, finish_reason: str | None = None) -> dict:
    msg: dict[str, Any] = {"role": role, "parts": [{"type": "text", "content": content}]}
    if finish_reason:
        msg["finish_reason"] = finish_reason
    return msg


@dataclass(frozen=True)
class _Call:
    id: str
    name: str
    arguments: dict


class _Agent:
    """Runs one scenario at a time; spans go to the tracer's provider."""

    def __init__(self, tracer: trace.Tracer, version: str):
        self.tracer, self.version = tracer, version
        self.common: dict[str, str] = {}  # user/session attributes of the current run, on every span
        self.definitions = _json([t.definition() for t in TOOLS.values()])
        self.instructions = _json([{"type": "text", "content": SYSTEM_PROMPT}])

    def run(self, scenario: Scenario) -> SentTrace:
        session = f"sess-{scenario.key.split('_')[0].lower()}-{secrets.token_hex(4)}"
        sent = SentTrace(scenario.key, scenario.user_id, session, scenario.user_input, agent_version=self.version)
        self.common = {"gen_ai.conversation.id": session, "user.id": scenario.user_id, "session.id": session}
        with self.tracer.start_as_current_span(
            f"invoke_agent {AGENT_NAME}", kind=SpanKind.INTERNAL, attributes=self._root_attributes(scenario),
            record_exception=False, set_status_on_exception=False,
        ) as root:
            sent.trace_id = format_trace_id(root.get_span_context().trace_id)
            try:
                sent.output = self._loop(scenario, sent)
            except MaxTurnsExceeded as exc:
                root.record_exception(exc)
                root.set_status(Status(StatusCode.ERROR, f"{type(exc).__name__}: {exc}"))
                root.set_attribute("error.type", type(exc).__name__)
                sent.status, sent.error_type = "error", type(exc).__name__
            else:
                root.set_attribute("gen_ai.output.messages", _json([_text("assistant", sent.output, "stop")]))
        return sent

    def _root_attributes(self, scenario: Scenario) -> dict[str, Any]:
        return {
            **self.common,
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.provider.name": PROVIDER,
            "gen_ai.agent.name": AGENT_NAME,
            "gen_ai.agent.version": self.version,
            "gen_ai.agent.description": "Travel and weather assistant",
            "gen_ai.request.model": MODEL,
            "gen_ai.system_instructions": self.instructions,
            "gen_ai.input.messages": _json([_text("user", scenario.user_input)]),
            "tracepatrol.case_id": scenario.key,
        }

    def _loop(self, scenario: Scenario, sent: SentTrace) -> str:
        messages = [_text("user", scenario.user_input)]
        policy = scenario.policy()
        outcomes: list[Outcome] | None = None
        for _ in range(scenario.max_turns):
            decision = self._chat(messages, policy, outcomes, sent)
            if isinstance(decision, str):
                return decision
            messages.append({"role": "assistant", "parts": [_tool_call_part(c) for c in decision]})
            outcomes = self._execute(decision, sent)
            messages.append({"role": "tool", "parts": [
                {"type": "tool_call_response", "id": c.id, "response": o.response}
                for c, o in zip(decision, outcomes)]})
        raise MaxTurnsExceeded(f"no final answer after {scenario.max_turns} model turns")

    def _chat(self, messages: list[dict], policy: Policy, outcomes: list[Outcome] | None,
              sent: SentTrace) -> str | list[_Call]:
        """One model turn; token counts follow the seed corpus (input 120+45i, output 18+3i)."""
        i = len(sent.llm_calls)
        ttft = round(0.02 + 0.005 * i, 3)
        with self.tracer.start_as_current_span(f"chat {MODEL}", kind=SpanKind.CLIENT, attributes={
            **self.common,
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": PROVIDER,
            "gen_ai.request.model": MODEL,
            "gen_ai.system_instructions": self.instructions,
            "gen_ai.tool.definitions": self.definitions,
            "gen_ai.input.messages": _json(messages),
        }) as span:
            time.sleep(ttft)
            decision = _decide(policy, outcomes)
            if isinstance(decision, str):
                finish, output = "stop", _text("assistant", decision, "stop")
            else:
                finish = "tool_call"
                output = {"role": "assistant", "parts": [_tool_call_part(c) for c in decision], "finish_reason": finish}
            span.set_attributes({
                "gen_ai.response.model": MODEL,
                "gen_ai.response.id": f"resp-{secrets.token_hex(6)}",
                "gen_ai.response.finish_reasons": [finish],
                "gen_ai.response.time_to_first_chunk": ttft,
                "gen_ai.usage.input_tokens": 120 + 45 * i,
                "gen_ai.usage.output_tokens": 18 + 3 * i,
                "gen_ai.output.messages": _json([output]),
            })
        requested = [] if isinstance(decision, str) else [c.name for c in decision]
        sent.llm_calls.append(SentLLMCall(MODEL, 120 + 45 * i, 18 + 3 * i, ttft, finish, requested))
        return decision

    def _execute(self, calls: list[_Call], sent: SentTrace) -> list[Outcome]:
        """Start every call's span here (in call order, child of the agent span), run them at once."""
        spans = [self._start_tool_span(c) for c in calls]
        if len(calls) == 1:
            outcomes = [self._run_tool(calls[0], spans[0])]
        else:
            with ThreadPoolExecutor(max_workers=len(calls), thread_name_prefix="tool") as pool:
                outcomes = list(pool.map(self._run_tool, calls, spans))
        for c, o in zip(calls, outcomes):
            sent.tool_calls.append(SentToolCall(c.name, c.id, c.arguments, "ok" if o.ok else "error",
                                                o.response, o.error, o.error_type))
        return outcomes

    def _start_tool_span(self, call: _Call) -> trace.Span:
        tool = TOOLS[call.name]
        return self.tracer.start_span(f"execute_tool {tool.name}", kind=SpanKind.INTERNAL, attributes={
            **self.common,
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": tool.name,
            "gen_ai.tool.type": "function",
            "gen_ai.tool.description": tool.description,
            "gen_ai.tool.call.id": call.id,
            "gen_ai.tool.call.arguments": _json(call.arguments),
        })

    def _run_tool(self, call: _Call, span: trace.Span) -> Outcome:
        """Runs in the caller's thread or a worker; `use_span` makes the tool span current there."""
        with trace.use_span(span, end_on_exit=True, record_exception=False, set_status_on_exception=False):
            try:
                outcome = Outcome(True, value=TOOLS[call.name].fn(**call.arguments))
            except Exception as exc:  # a tool failure is data for the model, not a crash of the agent
                span.record_exception(exc)
                span.set_status(Status(StatusCode.ERROR, f"{type(exc).__name__}: {exc}"))
                span.set_attribute("error.type", type(exc).__name__)
                outcome = Outcome(False, error=str(exc), error_type=type(exc).__name__)
            span.set_attribute("gen_ai.tool.call.result", _json(outcome.response))
            return outcome


def _tool_call_part(call: _Call) -> dict:
    return {"type": "tool_call", "id": call.id, "name": call.name, "arguments": call.arguments}


def _decide(policy: Policy, outcomes: list[Outcome] | None) -> str | list[_Call]:
    """Advance the script one turn: a final answer (str) or the tool calls of this turn."""
    try:
        requested = policy.send(outcomes)
    except StopIteration as stop:
        return stop.value
    return [_Call(f"call_{secrets.token_hex(6)}", name, args) for name, args in requested]


# -- SDK wiring ---------------------------------------------------------------------------------

class ExportFailed(RuntimeError):
    """The exporter gave up on some spans: the comparison with the server would be meaningless."""


class _CheckedExporter(SpanExporter):
    """Delegates to the real exporter and remembers failures, which the SDK would only log."""

    def __init__(self, inner: SpanExporter):
        self.inner = inner
        self.failed_spans = 0

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        result = self.inner.export(spans)
        if result is not SpanExportResult.SUCCESS:
            self.failed_spans += len(spans)
        return result

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30_000) -> bool:
        return self.inner.force_flush(timeout_millis)


def make_exporter(endpoint: str, protocol: Literal["http", "grpc"],
                  headers: Mapping[str, str] | None = None) -> SpanExporter:
    """`endpoint` is the full /v1/traces URL for http, host:port for grpc."""
    if protocol == "http":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HTTPExporter

        return HTTPExporter(endpoint=endpoint, headers=dict(headers or {}))
    if protocol == "grpc":
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GRPCExporter

        metadata = {k.lower(): v for k, v in (headers or {}).items()}  # gRPC metadata keys are lowercase
        return GRPCExporter(endpoint=endpoint, insecure=not endpoint.startswith("https://"), headers=metadata)
    raise ValueError(f"unknown OTLP protocol {protocol!r}; use 'http' or 'grpc'")


def run_agent(exporter: SpanExporter, scenarios: Iterable[str] = ALL, agent_version: str = "1.0.0") -> list[SentTrace]:
    """Run scenarios through a fresh TracerProvider; flush and shut it down before returning."""
    scenarios = list(scenarios)
    unknown = [k for k in scenarios if k not in SCENARIOS]
    if unknown:
        raise ValueError(f"unknown scenario(s) {unknown}; known: {sorted(SCENARIOS)}")
    checked = _CheckedExporter(exporter)
    provider = TracerProvider(resource=Resource.create({"service.name": SERVICE_NAME,
                                                        "service.version": agent_version}))
    provider.add_span_processor(BatchSpanProcessor(checked))
    try:
        agent = _Agent(provider.get_tracer("tracepatrol.demo.agent", agent_version), agent_version)
        sent = [agent.run(SCENARIOS[k]) for k in scenarios]
        flushed = provider.force_flush(30_000)
    finally:
        provider.shutdown()
    if not flushed or checked.failed_spans:
        raise ExportFailed(f"the OTLP exporter could not deliver {checked.failed_spans or 'some'} span(s)")
    return sent


def run_scenarios(endpoint: str, protocol: Literal["http", "grpc"] = "http", scenarios: Iterable[str] = ALL,
                  headers: Mapping[str, str] | None = None, agent_version: str = "1.0.0") -> list[SentTrace]:
    """Run the scripted agent against a real OTLP endpoint; returns what each run sent."""
    return run_agent(make_exporter(endpoint, protocol, headers), scenarios, agent_version)
