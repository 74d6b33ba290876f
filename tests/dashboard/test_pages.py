"""Headless Chromium loads every dashboard page of a real server, offline: it logs in with the form,
each page draws its charts with the plotly.min.js the server ships, nothing is requested from
anywhere but 127.0.0.1, no console error, screenshots that are not blank, numbers from the server."""
from __future__ import annotations

import re

import httpx
import pytest

from tests.dashboard.conftest import Watched
from tests.dashboard.png import distinct_colours
from tests.dashboard.traffic import TASK
from tracepatrol.web.dashboard import RECENT

pytestmark = pytest.mark.timeout(240)
PYTHON_REPR = re.compile(r"built-in method|bound method|<function |object at 0x[0-9a-f]+")


def visit(w: Watched, url: str):
    """Load a page, wait until every chart is drawn; the page must be clean and not blank."""
    w.errors.clear()
    resp = w.page.goto(url)
    assert resp.status == 200, (url, resp.status)
    charts = w.page.locator(".chart").count()
    if charts:
        w.page.wait_for_function(
            "n => document.querySelectorAll('.js-plotly-plot .main-svg').length >= n", arg=charts, timeout=30_000)
        assert w.page.locator(".js-plotly-plot").count() == charts
        assert w.page.locator(".chart .main-svg").first.bounding_box()["height"] > 100
    assert not w.errors, (url, w.errors)
    leaked = PYTHON_REPR.search(w.page.inner_text("body"))
    assert leaked is None, (url, leaked and leaked.group())
    assert not w.blocked, (url, w.blocked)
    assert distinct_colours(w.page.screenshot()) > 50, url
    return w.page


def test_overview(session):
    srv, w = session
    page = visit(w, srv.api + "/dashboard/")
    stats = srv.get("/api/stats").json()
    assert page.inner_text("#kpi-traces") == f"{stats['traces']:,}"
    assert page.locator(".chart").count() == 4
    versions = {r["agent_version"] for r in srv.get("/api/traces", limit=1000).json()}
    table = page.inner_text("table.versions")
    assert all(v in table for v in versions - {None}) and "(unversioned)" in table
    assert page.locator("table.traces tr").count() - 1 == min(RECENT, stats["traces"])
    recent = srv.get("/api/traces", limit=RECENT).json()
    assert page.locator("table.traces tr.bad").count() == sum(r["status"] == "error" for r in recent)


def test_tasks_and_task_pages(session, loaded):
    srv, w = session
    _, runs = loaded
    page = visit(w, srv.api + "/dashboard/tasks")
    assert page.locator(f"a[href='/dashboard/tasks/{TASK}']").count() == 1
    row = page.locator(f"tr:has(a[href='/dashboard/tasks/{TASK}'])").inner_text()
    items = sum(len(srv.get(f"/api/runs/{r['run_id']}").json()["items"]) for r in runs)
    assert f"\t{items:,}\t" in row, row
    page = visit(w, srv.api + f"/dashboard/tasks/{TASK}")  # the latest run is shown
    plotted = page.evaluate("() => document.getElementById('fig-items-chart').data"
                            ".reduce((n, t) => n + t.y.reduce((a, b) => a + b, 0), 0)")
    assert plotted == sum(r["selected"] for r in runs) > 0
    latest = srv.get(f"/api/runs/{runs[1]['run_id']}").json()
    assert page.locator("table.items tr").count() - 1 == len(latest["items"]) == latest["selected"]
    summary = srv.get(f"/api/runs/{runs[1]['run_id']}/summary").json()["evaluators"]
    for name, stats in summary.items():
        row = page.inner_text(f"table.summary tr[data-evaluator='{name}']")
        assert f"{stats['pass_rate'] * 100:.1f}%" in row
    page = visit(w, srv.api + f"/dashboard/tasks/{TASK}?run={runs[0]['run_id']}")
    assert page.locator("table.items tr").count() - 1 == runs[0]["selected"]


def test_trace_page_highlights_the_offending_steps(session, loaded):
    srv, w = session
    _, runs = loaded
    results = srv.get(f"/api/runs/{runs[1]['run_id']}/results").json()
    failed = next(r for r in results if r["passed"] is False and r["evidence"] and r["evaluator"] == "trajectory_quality")
    trace_id = failed["trace_id"]
    page = visit(w, srv.api + f"/dashboard/traces/{trace_id}")
    traj = srv.get(f"/api/traces/{trace_id}").json()
    evaluations = srv.get(f"/api/traces/{trace_id}/evaluations").json()
    found = {(f["call"], r["evaluator"], f["label"], f["reason"]) for r in evaluations if r["passed"] is False
             and r["version"] == traj["version"] for f in r["findings"] if f["call"] is not None}
    shown = {int(s) for s in page.locator(".step.offending").evaluate_all("els => els.map(e => e.dataset.seq)")}
    assert shown == {call for call, *_ in found} and found
    badges = page.locator(".step.offending .badge.finding").evaluate_all(
        "els => els.map(e => [+e.closest('.step').dataset.seq, e.textContent, e.title])")
    assert {(seq, text, title) for seq, text, title in badges} == {
        (call, f"{evaluator}: {label}", reason) for call, evaluator, label, reason in found}
    assert page.locator(".step.tool").count() == len(traj["tool_calls"])
    assert page.locator(".step.llm").count() == len(traj["llm_calls"])
    assert page.locator("table.evaluations tr").count() - 1 == len(evaluations)
    text = page.inner_text("main")
    assert failed["reason"][:40] in text and failed["label"] in text
    assert traj["tool_calls"][0]["name"] in text and f"{traj['llm_calls'][0]['input_tokens']:,}" in text


def test_analysis_page(session, loaded):
    srv, w = session
    page = visit(w, srv.api + f"/dashboard/analysis?task={TASK}")
    assert page.locator(".chart").count() == 4  # clusters, positions, bottleneck, radar
    results = [r for run in loaded[1] for r in srv.get(f"/api/runs/{run['run_id']}/results").json()]
    labels = {r["label"] for r in results if r["passed"] is False}
    shown = set(page.locator("table.clusters tr[data-label]").evaluate_all("els => els.map(e => e.dataset.label)"))
    assert labels <= shown
    quoted = page.locator("table.clusters tr[data-label]").evaluate_all(
        "rows => rows.map(r => [r.dataset.evaluator, r.dataset.label,"
        "                       [...r.querySelectorAll('.reason')].map(e => e.textContent)])")
    for evaluator, label, reasons in quoted:  # each label's own reasons, none of another label's
        own = {f["reason"] for r in results if r["evaluator"] == evaluator and r["passed"] is False
               for f in r["findings"] if f["label"] == label}
        assert set(reasons) <= own and (reasons or not own), (evaluator, label, reasons)
    tools = {c["name"] for r in srv.get("/api/traces", limit=1000).json()
             for c in srv.get(f"/api/traces/{r['trace_id']}").json()["tool_calls"]}
    assert set(page.locator("table.bottleneck tr[data-tool]").evaluate_all("els => els.map(e => e.dataset.tool)")) == tools
    assert "1.0.0 → 2.0.0" in page.inner_text("main")
    assert "tool_use" in page.inner_text("table.cards")


def test_report_page_and_unknown_ids(session):
    srv, w = session
    page = visit(w, srv.api + f"/dashboard/report?task={TASK}")
    assert page.locator("nav a[href='/dashboard/tasks'].on").count() == 1  # inside the navigation
    assert page.locator(f"#downloads a[href='/dashboard/tasks/{TASK}']").count() == 1  # the way back
    for fmt, kind in (("html", "text/html"), ("md", "text/markdown"), ("json", "application/json")):
        href = page.get_attribute(f"#downloads a[data-format={fmt}]", "href")
        resp = httpx.get(srv.api + href, headers=srv.headers(), timeout=60)
        assert resp.status_code == 200 and resp.headers["content-type"].startswith(kind), fmt
        assert resp.headers["content-disposition"] == f'attachment; filename="report-{TASK}-latest.{fmt}"'
        if fmt == "html":
            assert "<script src=" not in resp.text and "<nav" not in resp.text  # a file that opens offline
        if fmt == "json":
            assert resp.json()["task"]["task_id"] == TASK
    resp = page.goto(srv.api + "/dashboard/traces/0123456789abcdef0123456789abcdef")
    assert resp.status == 404 and "no trajectory for trace" in page.inner_text(".message")
    resp = page.goto(srv.api + "/dashboard/tasks/no-such-task")
    assert resp.status == 404 and "no task 'no-such-task'" in page.inner_text(".message")
