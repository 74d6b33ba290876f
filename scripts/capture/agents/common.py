"""What every Python capture agent shares: the run's settings from the environment, the
tracer provider with the real OTLP/HTTP protobuf exporter, the scenario data."""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import scenarios  # noqa: E402,F401  (re-exported)

RUN = os.environ.get("CAPTURE_RUN", "manual")
SCENARIO = os.environ.get("CAPTURE_SCENARIO", "one_tool")
BASE = os.environ.get("CAPTURE_BASE", "http://127.0.0.1:18080/r/" + RUN)
MODEL_URL = BASE + "/v1"
TRACES_URL = BASE + "/v1/traces"
USER_ID = os.environ.get("CAPTURE_USER_ID", "user-capture-001")
SESSION_ID = os.environ.get("CAPTURE_SESSION_ID", "sess-" + RUN)
SERVICE = os.environ.get("CAPTURE_SERVICE", "capture-agent")
API_KEY = "sk-fake-capture-key"


def setup_tracing(install_global: bool = True, keep=None):
    """The tracer provider exporting to the capture receiver; `keep(span) -> bool`, when given,
    leaves the other spans out of the export (as a collector's filter processor would)."""
    from opentelemetry import trace
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    exporter = OTLPSpanExporter(endpoint=TRACES_URL)
    if keep is not None:
        export = exporter.export
        exporter.export = lambda spans: export([s for s in spans if keep(s)])
    provider = TracerProvider(resource=Resource.create({"service.name": SERVICE}))
    provider.add_span_processor(BatchSpanProcessor(exporter))
    if install_global:
        trace.set_tracer_provider(provider)
    return provider


def scenario() -> dict:
    return scenarios.SCENARIOS[SCENARIO]


def history() -> list[dict]:
    """The scenario's earlier turns ({role, content}), to send before its user message."""
    return scenarios.history(SCENARIO)


def run_tool(name: str, arguments: dict) -> tuple[str, bool]:
    """Run a tool in plain Python: (text sent back to the model, failed)."""
    try:
        return scenarios.TOOL_FUNCTIONS[name](**arguments), False
    except Exception as exc:  # the failing-tool scenario
        return f"Error: {exc}", True
