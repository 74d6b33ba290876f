"""The trace page tells what happened, in plain text, in headless Chromium against a real server:
a trace with `' " < > &`, U+2028 and Chinese in every field (and a task whose description and
filter hold the same) shows them as they are on every page (no escape sequence anywhere, JSON
indented and still valid, the filter as the form shows it); the failed model call (a 429) and the failed
tool call are red in the timeline and the span tree with their exception type and message beside
them; a click on a span-tree row or a timeline bar opens the side panel with the span's status
message, exception stack, attributes and events; the tree folds. At 1440 and 390 px."""
from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import httpx
import pytest

from tests.dashboard.conftest import Watched
from tests.dashboard.plain_traffic import ARGUMENTS, LEAKED, RATE_LIMIT, RESULT, TEXT, TOOL_FAILURE, send
from tests.dashboard.test_pages import visit
from tests.evaluators.test_workers_server import wait_run_done
from tracepatrol.harness.process import make_server
from tracepatrol.web.charts import STEP_KINDS

pytestmark = pytest.mark.timeout(300)
FAILED = STEP_KINDS["error"][0]


def no_leaks(page, where: str) -> None:
    text = page.inner_text("body")
    leaked = re.search(LEAKED, text)
    assert leaked is None, (where, leaked and text[max(0, leaked.start() - 60):leaked.end() + 20])


def json_blocks(page) -> list:
    """Every JSON block on the page, parsed: each must still be valid JSON."""
    texts = page.locator("pre.json").evaluate_all("els => els.map(e => e.textContent)")
    return [json.loads(t) for t in texts if t.lstrip()[:1] in ("{", "[")]


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """A server holding the plain-text trace and a task (its description and filter the same text) run over it."""
    srv = make_server(tmp_path_factory.mktemp("plain"), "--decision-wait", "0.3").start()
    try:
        sent = send(srv.otlp_http)
        srv.wait_for_trace(sent.trace_id)
        doc = {"name": "plain", "description": TEXT, "window": {"mode": "backfill", "from": "2020-01-01T00:00:00Z"},
               "filters": [{"field": "input", "op": "contains", "value": TEXT}],
               "sampling": {"ratio": 1.0, "max_items": 10}, "evaluators": ["tool_selection", "parameters"]}
        resp = httpx.post(srv.api + "/api/tasks", json=doc, timeout=60)
        assert resp.status_code == 201, resp.text
        wait_run_done(srv, resp.json()["run"]["run_id"])
        yield srv, sent
    finally:
        srv.stop()


def test_plain_text_on_every_page(plain, browser):
    server, sent = plain
    pages = ["/dashboard/", "/dashboard/traces?" + urlencode({"input": f"contains:{TEXT}"}), "/dashboard/tasks",
             "/dashboard/tasks/plain", "/dashboard/analysis?task=plain", "/dashboard/report?task=plain",
             "/dashboard/tasks/plain/edit"]
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    try:
        w = Watched(context)
        for path in pages:
            page = visit(w, server.api + path)
            no_leaks(page, path)
        page = visit(w, server.api + "/dashboard/tasks/plain")
        assert page.inner_text(".badge.filter") == f"input contains {TEXT}"  # as the form shows it
        assert TEXT in page.text_content("main")
        page = visit(w, server.api + "/dashboard/traces?" + urlencode({"input": f"contains:{TEXT}"}))
        assert page.locator("tr[data-trace]").count() == 1 and page.input_value("input[name=v]") == TEXT
    finally:
        context.close()


def test_plain_text_errors_and_the_span_panel(plain, browser):
    server, sent = plain
    traj = server.get(f"/api/traces/{sent.trace_id}").json()
    assert traj["llm_calls"][0]["error_type"] == RATE_LIMIT[0]  # the trajectory keeps why
    for width in (1440, 390):
        context = browser.new_context(viewport={"width": width, "height": 900})
        try:
            w = Watched(context)
            page = visit(w, server.api + f"/dashboard/traces/{sent.trace_id}")
            page.locator("details.messages summary").first.click()  # the messages are text too
            no_leaks(page, f"trace page at {width}")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), width
            main = page.inner_text("main")
            for shown in (TEXT, f"u-{TEXT}", f"s-{TEXT}", f"agent {TEXT}"):
                assert shown in page.text_content("main"), shown
            assert TEXT.replace("\u2028", "") in main.replace("\u2028", "").replace("\n", "")
            blocks = json_blocks(page)
            assert ARGUMENTS in blocks and RESULT in blocks  # pretty-printed, and still JSON

            # why each call failed, beside it: the step cards, the "what failed" box, the tree
            failed_llm = page.locator(".step.llm.error")
            assert failed_llm.count() == 1
            assert f"error ({RATE_LIMIT[0]})" in failed_llm.inner_text() and RATE_LIMIT[1] in failed_llm.text_content()
            assert TOOL_FAILURE[1] in page.locator(".step.tool.error").text_content()
            box = page.text_content("#failures")
            assert f"{RATE_LIMIT[0]}: {RATE_LIMIT[1]}" in box and f"{TOOL_FAILURE[0]}: {TOOL_FAILURE[1]}" in box
            for span_id in (sent.chat_failed, sent.tool_failed):
                row = page.locator(f"#row-{span_id}")
                assert "bad" in row.get_attribute("class") and row.locator(".why").count() == 1
            assert "bad" not in page.get_attribute(f"#row-{sent.chat_ok}", "class")
            # red in the timeline too: the failed calls are in the "failed" bars, the good ones are not
            bars = page.evaluate("() => document.getElementById('fig-timeline-chart').data"
                                 ".map(t => [t.name, t.marker.color, t.y])")
            red = next(y for name, _, y in bars if name == FAILED)
            failed_tool = next(c["seq"] for c in traj["tool_calls"] if c["status"] == "error")
            assert "model 1 gpt-x" in red and f"#{failed_tool} lookup" in red and "model 2 gpt-x" not in red
            assert {colour for name, colour, _ in bars if name == FAILED} == {"#d62728"}

            # a row of the tree opens the side panel: status message, exception stack, attributes, events
            page.click(f"#row-{sent.chat_failed} td:nth-child(2)")
            page.wait_for_function("() => document.getElementById('span-panel').dataset.state === 'ok'")
            assert page.url.endswith(f"#span-{sent.chat_failed}")
            panel = page.locator("#span-panel")
            assert panel.is_visible() and "selected" in page.get_attribute(f"#row-{sent.chat_failed}", "class")
            text = panel.text_content()
            assert RATE_LIMIT[1] in text and RATE_LIMIT[2] in panel.locator("pre.stack").text_content()
            no_leaks(page, f"span panel at {width}")
            page.click("#panel-close")
            assert not panel.is_visible()

            # a timeline bar selects its span (the chart's click handler follows the bar's link)
            page.evaluate("""() => {
              const el = document.getElementById('fig-timeline-chart');
              const curve = el.data.findIndex(t => t.name === 'whole trace (root span)' || t.y[0].startsWith('trace:'));
              el.emit('plotly_click', {points: [{curveNumber: curve, pointIndex: 0}]});
            }""")
            page.wait_for_function(f"() => document.getElementById('span-panel').dataset.span === '{sent.root}'"
                                   " && document.getElementById('span-panel').dataset.state === 'ok'")
            attributes = dict(panel.locator("table.attributes tr").evaluate_all(
                "rows => rows.map(r => [r.cells[0].textContent, r.cells[1].textContent])"))
            assert attributes["app.note"] == TEXT and json.loads(attributes["app.payload"]) == RESULT
            assert "checkpoint" in panel.locator("ol.events").text_content()
            assert TEXT in panel.locator("ol.events").text_content()
            no_leaks(page, f"root span panel at {width}")
            page.keyboard.press("Escape")

            # the tree folds: the root's fold hides every other row, and shows them again
            rows = page.locator("tr.span-row")
            total = rows.count()
            page.click(f"#row-{sent.root} button.fold")
            assert page.locator("tr.span-row:visible").count() == 1
            page.click(f"#row-{sent.root} button.fold")
            assert page.locator("tr.span-row:visible").count() == total
            assert not w.errors, w.errors
        finally:
            context.close()
