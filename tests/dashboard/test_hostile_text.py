"""Trace text that is markup: a tool, its span, its model, the agent's version and the arguments
named `<a href="https://evil.example">x</a></script>`. The Markdown report shows it as text (no
tag, link or broken table once rendered by a CommonMark renderer), and Plotly's charts on the
trace and analysis pages show it as text instead of drawing a link."""
from __future__ import annotations

import json

import httpx
import pytest
from markdown_it import MarkdownIt
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.trace import set_span_in_context

from tests.dashboard.conftest import Watched
from tests.dashboard.test_pages import visit
from tests.evaluators.test_workers_server import create, task, wait_assembled, wait_run_done

EVIL = '<a href="https://evil.example">x</a></script>'
TABLE_BREAKER = "| `tick` |\n| --- |\n**"


def send_trace(endpoint: str) -> str:
    """A trace with EVIL everywhere a name or text can be, whose one call fails its schema."""
    provider = TracerProvider(resource=Resource.create({"service.name": EVIL, "service.version": EVIL}))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=endpoint)))
    tracer = provider.get_tracer("tests.hostile_text")
    definitions = [{"type": "function", "name": EVIL, "description": EVIL,
                    "parameters": {"type": "object", "properties": {"q": {"type": "string", "maxLength": 3}}}}]
    message = [{"role": "user", "parts": [{"type": "text", "content": EVIL}]}]
    root = tracer.start_span(EVIL, attributes={"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": EVIL,
                                               "gen_ai.agent.version": EVIL})
    ctx = set_span_in_context(root)
    tracer.start_span(f"chat {EVIL}", context=ctx, attributes={
        "gen_ai.operation.name": "chat", "gen_ai.request.model": EVIL, "gen_ai.tool.definitions": json.dumps(definitions),
        "gen_ai.input.messages": json.dumps(message)}).end()
    tracer.start_span(f"execute_tool {EVIL}", context=ctx, attributes={
        "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": EVIL,
        "gen_ai.tool.call.arguments": json.dumps({"q": EVIL + TABLE_BREAKER}),
        "gen_ai.tool.call.result": EVIL}).end()
    root.end()
    provider.shutdown()
    return format(root.get_span_context().trace_id, "032x")


def chart_links(w: Watched) -> list[str]:
    """Where every link drawn inside a Plotly chart points."""
    return w.page.eval_on_selector_all(
        ".js-plotly-plot a", "els => els.map(a => a.getAttribute('href') || a.getAttribute('xlink:href') || '')")


def test_trace_text_stays_text_in_the_markdown_report_and_the_charts(server, browser):
    trace_id = send_trace(server.otlp_http)
    wait_assembled(server, 1)
    run = wait_run_done(server, create(server, task("hostile-text", ["parameters", "tool_selection"]))["run_id"])
    [failed] = [r for r in server.get(f"/api/runs/{run['run_id']}/results").json() if r["evaluator"] == "parameters"]
    assert failed["label"] == "constraint_error" and EVIL in failed["reason"]  # the text reaches the report

    md = httpx.get(server.api + "/api/report", params={"task": "hostile-text", "format": "md"}, timeout=60).text
    assert "<" not in md and "&lt;a href=\"https://evil.example\"&gt;x&lt;/a&gt;&lt;/script&gt;" in md
    html = MarkdownIt("commonmark").enable("table").render(md)
    assert "<a " not in html and "<script" not in html and "</script" not in html
    assert "&lt;a href=&quot;https://evil.example&quot;&gt;x&lt;/a&gt;&lt;/script&gt;" in html  # shown, as text
    tokens = MarkdownIt("commonmark").enable("table").parse(md)
    for i, token in enumerate(tokens):  # every row of every table has its header's number of cells
        if token.type == "table_open":
            widths: list[int] = []
            for t in tokens[i + 1:]:
                if t.type == "tr_open":
                    widths.append(0)
                elif t.type in ("th_open", "td_open"):
                    widths[-1] += 1
                elif t.type == "table_close":
                    break
            assert len(set(widths)) == 1, widths

    context = browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        w = Watched(context)
        for page in (f"/dashboard/traces/{trace_id}", "/dashboard/analysis?task=hostile-text"):
            visit(w, server.api + page)
            assert chart_links(w) == [], page
            assert w.page.locator("a[href*='evil.example']").count() == 0, page
            drawn = w.page.eval_on_selector_all(".js-plotly-plot", "els => els.map(e => e.textContent).join(' ')")
            assert EVIL in drawn, page  # the name is there, as characters
    finally:
        context.close()
