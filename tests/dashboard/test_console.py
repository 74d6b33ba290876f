"""The evaluation console in a real browser against a real server: the trace explorer agrees with
the task API on every filter field, pages and sorts stably and finds a trace by id; a task made
through the form previews exactly what `POST /api/tasks/preview` answers, runs, and shows its
verdicts; an annotation made on a trace page is found by the explorer's annotation filter."""
from __future__ import annotations

import re
from urllib.parse import urlencode

import httpx
import pytest

from sampler.policy import FIELDS
from tests.evaluators.test_workers_server import wait_run_done
from tracepatrol.web.filter_params import rows_from, shorthand, text_of

pytestmark = pytest.mark.timeout(600)
EVERYTHING = {"mode": "backfill", "from": "2020-01-01T00:00:00Z"}


def api_count(srv, filters: list[dict], match: str = "all") -> int:
    """How many traces the task API says match (a preview over all time, ratio 100 %)."""
    doc = {"name": "count", "window": EVERYTHING, "match": match, "filters": filters,
           "sampling": {"ratio": 1.0, "max_items": 1}}
    resp = httpx.post(srv.api + "/api/tasks/preview", json=doc, headers=srv.headers(), timeout=60)
    assert resp.status_code == 200, resp.text
    return resp.json()["candidates"]


def explorer_total(srv, params: list[tuple[str, str]]) -> int:
    resp = httpx.get(srv.api + "/dashboard/traces", params=params, headers=srv.headers(), timeout=60)
    assert resp.status_code == 200, resp.text
    found = re.search(r'<b id="total">([\d,]+)</b>', resp.text)
    assert found, re.findall(r'class="error">([^<]*)', resp.text)
    return int(found.group(1).replace(",", ""))


def one_filter_per_field(srv) -> list[dict]:
    """A filter on every field, its value taken from the stored traces so each matches some."""
    rows = srv.get("/api/traces", limit=1000).json()
    traj = srv.get(f"/api/traces/{max(rows, key=lambda r: r['tool_call_count'] or 0)['trace_id']}").json()
    median = sorted(r["duration_ms"] for r in rows)[len(rows) // 2]
    filters = {
        "status": ("eq", "error"), "duration_ms": ("gt", median), "first_token_ms": ("exists", True),
        "tokens": ("ge", sorted(r["total_tokens"] for r in rows)[len(rows) // 2]),
        "input_tokens": ("gt", traj["tokens"]["input"] // 2), "output_tokens": ("lt", traj["tokens"]["output"]),
        "input": ("contains", (traj["input"] or "x")[:6]), "output": ("not_contains", (traj["output"] or "x")[:6]),
        "span_name": ("regex", "^chat"), "user_id": ("eq", traj["user_id"]), "session_id": ("exists", True),
        "annotation": ("exists", False), "agent_name": ("eq", traj["agent"]["name"]),
        "agent_version": ("in", sorted({r["agent_version"] for r in rows if r["agent_version"]})),
        "service_name": ("ne", traj["service_name"]), "tool_name": ("eq", traj["tool_calls"][0]["name"]),
        "tool_errors": ("gt", 0), "error_type": ("exists", True),
    }
    assert set(filters) == set(FIELDS)  # a new field needs a check here
    return [{"field": f, "op": op, "value": v} for f, (op, v) in filters.items()]


def short(f: dict) -> tuple[str, str]:
    row = rows_from([("f", f["field"]), ("o", f["op"]), ("v", text_of(f["value"]))])
    return shorthand(row)[0]


def test_explorer_counts_equal_the_api_for_every_filter_field(loaded):
    srv, _ = loaded
    filters = one_filter_per_field(srv)
    for f in filters:
        assert explorer_total(srv, [short(f)]) == api_count(srv, [f]), f
    pair = filters[:2]  # the combined forms: all (AND) and any (OR), as form rows
    rows = [(k, text_of(v)) for f in pair for k, v in (("f", f["field"]), ("o", f["op"]), ("v", f["value"]))]
    assert explorer_total(srv, rows) == api_count(srv, pair)
    assert explorer_total(srv, [*rows, ("match", "any")]) == api_count(srv, pair, "any")
    assert explorer_total(srv, []) == srv.get("/api/stats").json()["traces"]


def shown_ids(page) -> list[str]:
    return page.locator("table.explorer-results tr[data-trace]").evaluate_all("els => els.map(e => e.dataset.trace)")


def test_explorer_pages_and_sorts_stably_and_finds_a_trace_by_id(session):
    srv, w = session
    w.errors.clear()  # the login's 401
    total = srv.get("/api/stats").json()["traces"]
    for sort in ("tokens", "duration", "start", "tool_errors", "score"):
        seen: list[str] = []
        page_no = 1
        while True:
            w.page.goto(srv.api + "/dashboard/traces?" + urlencode({"sort": sort, "per": 7, "page": page_no}))
            ids = shown_ids(w.page)
            w.page.reload()
            assert shown_ids(w.page) == ids, sort  # the same page twice: the same rows in the same order
            seen += ids
            if w.page.locator("#next-page").count() == 0:
                break
            page_no += 1
        assert len(seen) == len(set(seen)) == total, sort
    w.page.goto(srv.api + "/dashboard/traces?sort=tokens&order=desc&per=200")
    tokens = [int(t.replace(",", "")) for t in w.page.locator("table.explorer-results tr[data-trace] td:nth-child(5)").all_inner_texts()]
    assert tokens == sorted(tokens, reverse=True)
    w.page.click("a.sort[data-sort=tokens]")  # a second click turns it around
    tokens = [int(t.replace(",", "")) for t in w.page.locator("table.explorer-results tr[data-trace] td:nth-child(5)").all_inner_texts()]
    assert tokens == sorted(tokens)
    trace_id = srv.get("/api/traces", limit=1).json()[0]["trace_id"]
    w.page.goto(srv.api + "/dashboard/")
    w.page.fill("nav input[name=trace_id]", trace_id.upper())
    with w.page.expect_navigation():
        w.page.press("nav input[name=trace_id]", "Enter")
    assert w.page.url == f"{srv.api}/dashboard/traces/{trace_id}"
    w.page.goto(srv.api + f"/dashboard/traces?trace_id={trace_id[:10]}")
    assert trace_id in shown_ids(w.page)
    assert not w.errors, w.errors


def test_bad_filters_are_named_on_the_page(loaded):
    srv, _ = loaded
    resp = httpx.get(srv.api + "/dashboard/traces", params={"tokens": "gt:lots", "status": "maybe"},
                     headers=srv.headers(), timeout=30)
    assert resp.status_code == 400 and 'id="total"' not in resp.text
    assert "needs a number" in resp.text and "needs &#39;ok&#39; or &#39;error&#39;" in resp.text


def fill_task_form(page, name: str) -> dict:
    """Fill the form by hand; the task document a client of the API would send for the same."""
    page.fill("input[name=name]", name)
    page.check("input[name=when][value=now]")
    page.select_option("select[name=last]", "7d")
    rows = page.locator("#filter-rows tr.filter-row")
    blank = rows.count()
    page.click("#add-filter")
    assert rows.count() == blank + 1
    filters = [("tokens", "gt", "300", 300), ("span_name", "contains", "chat", "chat")]
    for i, (field, op, text, _) in enumerate(filters):
        rows.nth(i).locator("input[name=f]").fill(field)
        rows.nth(i).locator("select[name=o]").select_option(op)
        rows.nth(i).locator("input[name=v]").fill(text)
    page.fill("input[name=ratio_pct]", "60")
    page.fill("input[name=max_items]", "4")
    for e in page.locator("input[name=evaluators]").all():
        e.set_checked(e.get_attribute("value") in ("tool_selection", "trajectory_quality"))
    return {"name": name, "window": {"mode": "backfill", "last": "7d"},
            "filters": [{"field": f, "op": op, "value": v} for f, op, _, v in filters],
            "sampling": {"ratio": 0.6, "max_items": 4}, "evaluators": ["tool_selection", "trajectory_quality"]}


def shown_preview(page) -> dict:
    page.wait_for_function("() => document.getElementById('preview').dataset.state === 'ok'", timeout=30_000)
    numbers = {k: int(page.inner_text(f"#pv-{k}").replace(",", "")) for k in ("candidates", "sampled_out", "capped", "selected")}
    return numbers | {"traces": page.locator("#pv-traces a").all_inner_texts()}


def test_a_task_made_with_the_form_previews_runs_and_shows_its_verdicts(session):
    srv, w = session
    page = w.page
    w.errors.clear()
    page.goto(srv.api + "/dashboard/tasks/new")
    doc = fill_task_form(page, "form-made")
    page.fill("input[name=max_items]", "4")  # an edit after the last one: the preview follows
    shown = shown_preview(page)
    api = httpx.post(srv.api + "/api/tasks/preview", json=doc, headers=srv.headers(), timeout=60).json()
    expected = {k: api[k] for k in ("candidates", "sampled_out", "capped")} | {"selected": len(api["selected"])}
    assert {k: shown[k] for k in expected} == expected and api["candidates"] > api["capped"] > 0
    assert shown["traces"] == [p["trace_id"] for p in api["selected"]][:10]
    with page.expect_navigation():
        page.click("#start-task")
    assert page.url == srv.api + "/dashboard/tasks/form-made"
    task = srv.get("/api/tasks/form-made").json()
    assert task["spec"]["filters"] == doc["filters"] and task["spec"]["sampling"]["max_items"] == 4
    run = wait_run_done(srv, srv.get("/api/tasks/form-made/runs").json()[0]["run_id"])
    results = srv.get(f"/api/runs/{run['run_id']}/results").json()
    page.reload()
    rows = page.locator("table.items tr").count() - 1
    assert rows == run["selected"] == len(api["selected"])
    failed = {r["trace_id"] for r in results if r["passed"] is False}
    for r in {r["trace_id"] for r in results}:
        verdict = page.locator(f"table.items tr[data-trace='{r}'] td.status").inner_text()
        assert verdict == ("failed" if r in failed else "passed"), r
    for action, state in (("pause", "paused"), ("resume", "active")):
        with page.expect_navigation():
            page.click(f"#task-{action}")
        assert page.inner_text("#task-state") == state == srv.get("/api/tasks/form-made").json()["state"]
    with page.expect_navigation():
        page.click("#task-run")
    assert len(srv.get("/api/tasks/form-made/runs").json()) == 2 and "run=" in page.url
    wait_run_done(srv, page.url.split("run=")[1])
    with page.expect_navigation():
        page.click("#task-delete")
    assert page.url.endswith("/dashboard/tasks") and srv.get("/api/tasks/form-made").status_code == 404
    assert not w.errors, w.errors


def test_form_errors_come_from_the_api_model_and_recipes_fill_the_form(session):
    srv, w = session
    page = w.page
    page.goto(srv.api + "/dashboard/tasks/new")
    page.fill("input[name=name]", "Bad Name")
    rows = page.locator("#filter-rows tr.filter-row")
    rows.nth(0).locator("input[name=f]").fill("tokens")
    rows.nth(0).locator("select[name=o]").select_option("contains")
    rows.nth(0).locator("input[name=v]").fill("x")
    page.fill("input[name=max_items]", "900")
    page.evaluate("() => document.getElementById('task-form').noValidate = true")
    with page.expect_navigation():
        page.click("#start-task")
    api = httpx.post(srv.api + "/api/tasks", headers=srv.headers(), timeout=30, json={
        "name": "Bad Name", "window": {"mode": "backfill", "last": "24h"},
        "filters": [{"field": "tokens", "op": "contains", "value": "x"}], "sampling": {"ratio": 0.1, "max_items": 900}})
    assert api.status_code == 422
    for line in api.json()["detail"].splitlines():
        assert line.partition(": ")[2] in page.inner_text("#task-form"), line
    assert page.locator("tr.filter-row.invalid").count() == 1
    page.click("a[data-preset=token-audit]")
    page.wait_for_url("**/tasks/new?preset=token-audit")
    assert page.input_value("input[name=name]") == "token-audit"
    assert (page.input_value("#filter-rows tr.filter-row >> nth=0 >> input[name=f]"),
            page.input_value("#filter-rows tr.filter-row >> nth=0 >> input[name=v]")) == ("tokens", "8000")
    assert shown_preview(page)["candidates"] == api_count(srv, [{"field": "tokens", "op": "gt", "value": 8000}])


def test_an_annotation_made_on_the_trace_page_is_found_by_the_explorer(session):
    srv, w = session
    page = w.page
    w.errors.clear()
    trace_id = srv.get("/api/traces", status="error", limit=1).json()[0]["trace_id"]
    page.goto(srv.api + f"/dashboard/traces/{trace_id}")
    page.fill("#annotate-form input[name=status]", "flagged")
    page.fill("#annotate-form input[name=label]", "wrong_currency")
    page.fill("#annotate-form input[name=reviewer]", "qa-ana")  # asked once: this browser remembers it
    page.fill("#annotate-form textarea[name=note]", "answers in the wrong currency")
    with page.expect_navigation():
        page.click("#annotate")
    assert "flagged" in page.inner_text("#current-annotation") and "qa-ana" in page.inner_text("#current-annotation")
    assert page.inner_text("#signed-as") == "qa-ana" and page.locator("#annotate-form input[name=reviewer]").count() == 0
    stored = srv.get(f"/api/traces/{trace_id}/annotations").json()
    assert (stored["status"], stored["label"], stored["author"]) == ("flagged", "wrong_currency", "qa-ana")
    page.click("#current-annotation a")
    page.wait_for_url("**/dashboard/traces?annotation=flagged")
    shown = shown_ids(page)
    assert trace_id in shown
    assert len(shown) == api_count(srv, [{"field": "annotation", "op": "eq", "value": "flagged"}])
    assert not w.errors, w.errors
