"""End to end through a real `tracepatrol serve`: the real OTel SDK and OTLP exporters send the
scripted agent's spans; every stored trajectory must match what the agent sent."""
from __future__ import annotations

import json
import subprocess

import httpx
import pytest
from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import NonRecordingSpan, SpanContext, TraceFlags

from tracepatrol.demo.agent import ALL, TOOLS, SentTrace, run_agent, run_scenarios
from tracepatrol.harness.process import tracepatrol

WITH_ERROR_RUN = [*ALL, "S5_dead_loop_abort"]
PROTOBUF = {"Content-Type": "application/x-protobuf"}


def assert_matches(traj: dict, sent: SentTrace) -> None:
    """Every field the agent controls arrives unchanged in the stored trajectory."""
    assert traj["trace_id"] == sent.trace_id
    assert (traj["status"], traj["error_type"]) == (sent.status, sent.error_type), sent.scenario
    assert (traj["user_id"], traj["session_id"]) == (sent.user_id, sent.session_id)
    assert (traj["input"], traj["output"]) == (sent.input, sent.output), sent.scenario
    assert traj["agent"] == {"name": sent.agent_name, "version": sent.agent_version}
    assert traj["service_name"] == sent.service_name
    assert traj["tokens"] == sent.tokens
    assert traj["span_count"] == sent.span_count
    assert traj["attributes"]["tracepatrol.case_id"] == sent.scenario
    _assert_llm_calls(traj, sent)
    _assert_tool_calls(traj, sent)


def _assert_llm_calls(traj: dict, sent: SentTrace) -> None:
    assert traj["llm_call_count"] == len(sent.llm_calls)
    got = [(c["model"], c["input_tokens"], c["output_tokens"], c["first_token_ms"], c["finish_reasons"],
            c["requested_tools"]) for c in traj["llm_calls"]]
    want = [(c.model, c.input_tokens, c.output_tokens, pytest.approx(c.time_to_first_chunk_s * 1000),
             [c.finish_reason], c.requested_tools) for c in sent.llm_calls]
    assert got == want, sent.scenario
    assert traj["first_token_ms"] == pytest.approx(sent.llm_calls[0].time_to_first_chunk_s * 1000)


def _assert_tool_calls(traj: dict, sent: SentTrace) -> None:
    got = [(c["name"], c["call_id"], c["arguments"], c["status"], c["result"], c["error"], c["error_type"])
           for c in traj["tool_calls"]]
    want = [(c.name, c.call_id, c.arguments, c.status, c.result, c.error, c.error_type) for c in sent.tool_calls]
    assert got == want, sent.scenario
    assert [c["seq"] for c in traj["tool_calls"]] == list(range(1, len(want) + 1))
    assert traj["tool_errors"] == sum(c.status == "error" for c in sent.tool_calls)
    assert all(c["offered"] and c["parent_span_id"] == traj["root_span_id"] for c in traj["tool_calls"])
    assert {t["name"]: t["parameters"] for t in traj["tools_offered"]} == {n: t.parameters for n, t in TOOLS.items()}


def send_and_read(server, protocol: str, scenarios=WITH_ERROR_RUN) -> tuple[list[SentTrace], list[dict]]:
    endpoint = server.otlp_http if protocol == "http" else server.otlp_grpc
    sent = run_scenarios(endpoint, protocol, scenarios, headers=server.headers())
    return sent, [server.wait_for_trace(s.trace_id) for s in sent]


@pytest.mark.parametrize("protocol", ["http", "grpc"])
def test_trajectories_match_what_the_sdk_sent(server, protocol):
    sent, trajectories = send_and_read(server, protocol)
    for s, traj in zip(sent, trajectories):
        assert_matches(traj, s)
    assert server.get("/api/stats").json()["spans"] == sum(s.span_count for s in sent)


def test_status_error_comes_from_the_root_span(server):
    sent, [traj] = send_and_read(server, "http", ["S5_dead_loop_abort"])
    assert sent[0].status == "error" and traj["status"] == "error"
    assert traj["error_type"] == "MaxTurnsExceeded" and traj["output"] is None
    assert server.get("/api/traces", status="error").json()[0]["trace_id"] == traj["trace_id"]


def test_parallel_tool_calls_overlap_under_the_agent_span(server):
    _, [traj] = send_and_read(server, "http", ["S7_parallel_calls"])
    first, second = traj["tool_calls"]
    assert second["start_ns"] < first["end_ns"] and first["start_ns"] < second["end_ns"]
    assert traj["llm_calls"][0]["requested_tools"] == ["get_weather", "get_weather"]


def cli(server, *args: str) -> object:
    res = subprocess.run(tracepatrol(*args, "--api", server.api, "--json"), capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_cli_json_returns_the_api_data(server):
    sent, trajectories = send_and_read(server, "http")
    listed = cli(server, "traces", "list", "--limit", "100")
    assert listed == server.get("/api/traces", limit=100).json()
    summaries = {row["trace_id"]: row for row in listed}
    assert set(summaries) == {s.trace_id for s in sent}
    for s, traj in zip(sent, trajectories):
        row = summaries[s.trace_id]
        assert (row["status"], row["user_id"], row["session_id"]) == (s.status, s.user_id, s.session_id)
        assert (row["input_tokens"], row["output_tokens"], row["total_tokens"]) == tuple(s.tokens.values())
        assert (row["tool_call_count"], row["span_count"]) == (len(s.tool_calls), s.span_count)
    for s, traj in list(zip(sent, trajectories))[:3]:  # a CLI process each: a few show it, the list showed all
        assert cli(server, "traces", "show", s.trace_id) == traj


def captured_body(scenarios: list[str]) -> tuple[bytes, list[SentTrace], InMemorySpanExporter]:
    """The protobuf body an OTLP exporter would send for these runs (same encoder)."""
    memory = InMemorySpanExporter()
    sent = run_agent(memory, scenarios)
    return encode_spans(memory.get_finished_spans()).SerializeToString(), sent, memory


def post(server, body: bytes) -> None:
    resp = httpx.post(server.otlp_http, content=body, headers={**PROTOBUF, **server.headers()}, timeout=30)
    assert resp.status_code == 200, resp.content


def test_resending_identical_spans_stores_nothing_twice(server):
    body, [sent], _ = captured_body(["S2_booking_dependency"])
    post(server, body)
    after_first = server.get("/api/stats").json()["spans"]
    post(server, body)
    assert after_first == server.get("/api/stats").json()["spans"] == sent.span_count
    traj = server.wait_for_trace(sent.trace_id)
    assert_matches(traj, sent)


def late_tool_span(root: trace.Span) -> bytes:
    """One more execute_tool span of an already assembled trace, as a straggling exporter sends it."""
    memory = InMemorySpanExporter()
    provider = TracerProvider(resource=root.resource)
    provider.add_span_processor(SimpleSpanProcessor(memory))
    parent = NonRecordingSpan(SpanContext(root.context.trace_id, root.context.span_id, is_remote=True,
                                          trace_flags=TraceFlags(TraceFlags.SAMPLED)))
    tracer = provider.get_tracer("late")
    with tracer.start_as_current_span("execute_tool calculator", context=trace.set_span_in_context(parent),
                                      attributes={"gen_ai.operation.name": "execute_tool",
                                                  "gen_ai.tool.name": "calculator",
                                                  "gen_ai.tool.call.id": "call_late",
                                                  "gen_ai.tool.call.arguments": '{"expr": "6 * 7"}',
                                                  "gen_ai.tool.call.result": "42.0"}):
        pass
    provider.shutdown()
    return encode_spans(memory.get_finished_spans()).SerializeToString()


def test_late_span_rebuilds_the_trajectory_with_a_new_version(server):
    body, [sent], memory = captured_body(["S1_linear_chain"])
    post(server, body)
    first = server.wait_for_trace(sent.trace_id)
    assert first["version"] == 1
    root = next(s for s in memory.get_finished_spans() if s.parent is None)
    post(server, late_tool_span(root))
    second = server.wait_for_trace(sent.trace_id, min_version=2)
    assert second["version"] == 2 and second["span_count"] == first["span_count"] + 1
    late = second["tool_calls"][-1]
    assert (late["name"], late["call_id"], late["arguments"], late["result"]) == ("calculator", "call_late",
                                                                                  {"expr": "6 * 7"}, 42.0)
    assert second["tool_calls"][:-1] == first["tool_calls"]
    assert server.get("/api/stats").json()["traces"] == 1


def _export(server, service: str, build) -> str:
    """One trace made by `build(tracer)` and sent by the real OTLP/HTTP exporter; its id."""
    provider = TracerProvider(resource=Resource.create({"service.name": service}))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=server.otlp_http,
                                                                     headers=server.headers())))
    trace_id = build(provider.get_tracer("coverage-test"))
    provider.shutdown()
    return trace_id


def test_traces_no_convention_reads_are_counted_per_service(server):
    """A service whose spans match no convention, and one whose model spans carry no content, show
    up by name in /api/stats and /metrics as soon as their trajectories are built."""
    def plain(tracer):
        with tracer.start_as_current_span("nightly-billing") as root:
            with tracer.start_as_current_span("SELECT invoices"):
                pass
            return format(root.get_span_context().trace_id, "032x")

    def contentless(tracer):
        with tracer.start_as_current_span("chat gpt-4o", attributes={
                "gen_ai.operation.name": "chat", "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o",
                "gen_ai.usage.input_tokens": 12, "gen_ai.usage.output_tokens": 3}) as root:
            return format(root.get_span_context().trace_id, "032x")

    ids = [_export(server, "billing-cron", plain), _export(server, "quiet-agent", contentless)]
    sent, _ = send_and_read(server, "http", ["S1_linear_chain"])
    for trace_id in ids:
        server.wait_for_trace(trace_id)
    coverage = server.get("/api/stats").json()["coverage"]
    assert coverage["billing-cron"] == {"trajectories": 1, "spans": 2, "unread": 1, "unread_spans": 2, "unusable": 0}
    assert coverage["quiet-agent"]["unusable"] == 1 and coverage["quiet-agent"]["unread"] == 0
    agent = coverage[sent[0].service_name]
    assert (agent["unread"], agent["unusable"], agent["trajectories"]) == (0, 0, 1)
    metrics = server.get("/metrics").text
    assert 'tracepatrol_coverage_unread_trajectories_total{service="billing-cron"} 1.0' in metrics
    assert 'tracepatrol_coverage_unread_spans_total{service="billing-cron"} 2.0' in metrics
    assert 'tracepatrol_coverage_unusable_trajectories_total{service="quiet-agent"} 1.0' in metrics
    overview = server.get("/dashboard/").text
    assert "spans from service <b>billing-cron</b> matched no convention: 100 %" in overview
    assert "100 % of <b>quiet-agent</b>'s trajectories have model or tool spans without content" in overview
    unread_page = server.get(f"/dashboard/traces/{ids[0]}").text
    assert "read by no convention" in unread_page and "/dashboard/docs/conventions#my-framework-is-not-read-right" in unread_page
    assert "its model or tool spans carry no content" in server.get(f"/dashboard/traces/{ids[1]}").text
    assert "read as genai" in server.get(f"/dashboard/traces/{sent[0].trace_id}").text
    guide = server.get("/dashboard/docs/conventions").text
    assert '<h2 id="my-framework-is-not-read-right">' in guide
