"""A trace whose tool schemas carry catastrophic patterns, through a running server: `parameters`
gives its verdict within twice its time budget while /healthz and OTLP exports are answered
promptly. With Python's `re` the first value alone (^(a+)+$, 30 characters) froze every listener
of the process for 21 s."""
from __future__ import annotations

import json
import threading
import time

import httpx
import pytest
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.trace import set_span_in_context

from tests.evaluators.test_hostile import CATASTROPHIC
from tests.evaluators.test_workers_server import create, task, wait_assembled, wait_run_done
from tests.otel_traffic import TraceSpec, send

pytestmark = pytest.mark.perf
BUDGET_S = 3.0
# Per pattern, lengths that held the GIL for: ^(a+)+$ 11.7 s (29), ~12 min (35); (a|aa)+$ 0.1 s (29),
# 1.8 s (35), 29 s (40); (.*a){20} 0.1 s (29), 0.2 s (35), 18 s (1,600). One call each.
LENGTHS = (29, 35, 40, 1600)


def send_hostile_trace(endpoint: str) -> tuple[str, list[tuple[str, int]]]:
    """One trace offering a tool per catastrophic pattern, calling each with every length; returns
    the trace id and the (pattern, length) of each call in order."""
    provider = TracerProvider(resource=Resource.create({"service.name": "hostile-agent"}))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=endpoint)))
    tracer = provider.get_tracer("tests.hostile")
    tools = {f"t{i}": pattern for i, pattern in enumerate(CATASTROPHIC)}
    definitions = [{"type": "function", "name": name, "description": "look something up",
                    "parameters": {"type": "object", "properties": {"q": {"type": "string", "pattern": pattern}},
                                   "required": ["q"]}} for name, pattern in tools.items()]
    calls = []
    root = tracer.start_span("invoke_agent hostile", attributes={"gen_ai.operation.name": "invoke_agent"})
    ctx = set_span_in_context(root)
    tracer.start_span("chat m", context=ctx, attributes={
        "gen_ai.operation.name": "chat", "gen_ai.request.model": "m",
        "gen_ai.tool.definitions": json.dumps(definitions)}).end()
    for name, pattern in tools.items():
        for length in LENGTHS:
            value = CATASTROPHIC[pattern](length)
            tracer.start_span(f"execute_tool {name}", context=ctx, attributes={
                "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name,
                "gen_ai.tool.call.arguments": json.dumps({"q": value})}).end()
            calls.append((pattern, length))
    root.end()
    provider.shutdown()
    return format(root.get_span_context().trace_id, "032x"), calls


@pytest.fixture
def budget(monkeypatch) -> float:
    """The evaluators' time budget of a `server` requested after this fixture."""
    monkeypatch.setenv("TRACEPATROL_EVALUATORS__TIME_BUDGET_S", str(BUDGET_S))
    return BUDGET_S


def test_catastrophic_patterns_stall_nothing(budget, server):
    srv = server
    trace_id, calls = send_hostile_trace(srv.otlp_http)
    wait_assembled(srv, 1)
    healthz: list[float] = []
    exports: list[float] = []
    evaluating = threading.Event()

    def probe() -> None:
        with httpx.Client(timeout=30) as client:
            while not evaluating.is_set():
                start = time.monotonic()
                assert client.get(srv.api + "/healthz").status_code == 200
                healthz.append(time.monotonic() - start)
                time.sleep(0.02)

    prober = threading.Thread(target=probe)
    prober.start()
    start = time.monotonic()
    try:
        run = create(srv, task("hostile", ["parameters"]))
        exported = time.monotonic()
        send(srv.otlp_http, [TraceSpec()])  # a legitimate sender meanwhile (the real exporter, flushed)
        exports.append(time.monotonic() - exported)
        done = wait_run_done(srv, run["run_id"], timeout=60)
        elapsed = time.monotonic() - start
    finally:
        evaluating.set()
        prober.join()
    healthz.sort()
    print(f"\nrun with {len(calls)} catastrophic calls done in {elapsed:.2f} s (budget {BUDGET_S:g} s); /healthz "
          f"median {healthz[len(healthz) // 2] * 1000:.0f} ms, max {healthz[-1] * 1000:.0f} ms over {len(healthz)} "
          f"probes; an OTLP export took {exports[0] * 1000:.0f} ms")
    assert {i["state"] for i in done["items"]} == {"done"}
    [result] = [r for r in srv.get(f"/api/runs/{run['run_id']}/results").json() if r["trace_id"] == trace_id]
    assert (result["evaluator"], result["label"]) == ("parameters", "constraint_error")
    verdicts = result["details"]["calls"]
    assert [c["label"] for c in verdicts] == ["constraint_error"] * len(calls)  # none of the values matches
    assert elapsed < 2 * budget
    assert healthz[len(healthz) // 2] < 0.2 and healthz[-1] < 1.0
    assert exports[0] < 2.0
