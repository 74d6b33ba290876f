"""`tracepatrol report` for a task of fixture traffic with two finished runs: the HTML file opens in
headless Chromium with the network off and draws its charts; HTML, Markdown and JSON show the
counts and labels the server's database holds; bad --task/--run/--day get a message and exit code."""
from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from collections import Counter

import duckdb
import pytest

from tests.dashboard.conftest import Watched, chromium
from tests.dashboard.png import distinct_colours
from tests.dashboard.traffic import API_KEY, TASK, start_loaded

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(scope="module")
def browser(chromium_path):
    yield from chromium(chromium_path)


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    srv, runs = start_loaded(tmp_path_factory.mktemp("report"))
    yield srv, runs
    srv.stop()


def report(srv, *args: str, key: str | None = API_KEY) -> subprocess.CompletedProcess:
    auth = ["--api", srv.api] + (["--api-key", key] if key else [])
    return subprocess.run([sys.executable, "-m", "tracepatrol", "report", "--task", TASK, *args, *auth],
                          capture_output=True, text=True, timeout=120)


def run_facts(srv, run_id: str) -> dict:
    """What the server's database says about a run: its manifest, results and failing labels."""
    results = srv.get(f"/api/runs/{run_id}/results").json()
    failing = [r for r in results if r["passed"] is False]
    return {"run": srv.get(f"/api/runs/{run_id}").json(), "results": results,
            "summary": srv.get(f"/api/runs/{run_id}/summary").json(),
            "evaluated": len({r["trace_id"] for r in results if r["score"] is not None}),
            "failed": len({r["trace_id"] for r in failing}),
            "labels": Counter((r["evaluator"], label) for r in failing for label in r["labels"] or [r["label"]])}


def test_html_report_opens_offline_with_its_charts(loaded, tmp_path, browser):
    srv, runs = loaded
    out = tmp_path / "report.html"
    res = report(srv, "--out", str(out))
    assert res.returncode == 0, res.stderr
    assert f"wrote {out}" in res.stdout
    facts = run_facts(srv, runs[1]["run_id"])  # the latest run, against the one before
    context = browser.new_context(offline=True, viewport={"width": 1200, "height": 800})
    try:
        w = Watched(context)
        w.page.goto(out.as_uri())
        charts = w.page.locator(".chart").count()
        assert charts >= 5  # pass-rate trend, clusters, positions, bottleneck, radar
        w.page.wait_for_function("n => document.querySelectorAll('.js-plotly-plot .main-svg').length >= n",
                                 arg=charts, timeout=30_000)
        assert not w.errors and not w.blocked, (w.errors, w.blocked)
        assert distinct_colours(w.page.screenshot()) > 50
        assert w.page.locator("script[src], link[rel=stylesheet]").count() == 0  # nothing to fetch
        page = w.page
        assert page.inner_text("#kpi-candidates") == f"{facts['run']['candidates']:,}"
        assert page.inner_text("#kpi-evaluated") == f"{facts['evaluated']:,}"
        assert page.inner_text("#kpi-failed") == f"{facts['failed']:,}"
        before = run_facts(srv, runs[0]["run_id"])
        change = (facts["evaluated"] - facts["failed"]) / facts["evaluated"] - (
            before["evaluated"] - before["failed"]) / before["evaluated"]
        headline = page.inner_text("#headline")
        assert headline.startswith(f"{facts['failed']:,} of {facts['evaluated']:,} evaluated traces failed")
        assert f"{change * 100:+.1f} pt".replace("-", "−") in headline and f"previous run {runs[0]['run_id']}" in headline
        assert f"top cause {page.locator('table.clusters tr[data-label]').first.get_attribute('data-label')} (" in headline
        assert f"{facts['failed'] - before['failed']:+,}".replace("-", "−") in page.inner_text(".kpi:has(#kpi-failed)")
        assert page.locator("a[href*='/traces/']").count() == 0  # no public dashboard URL set: no link
        assert out.stat().st_size < 2.5e6  # plotly.min.js packed
        shown = page.locator("table.clusters tr[data-label]").evaluate_all(
            "els => els.map(e => [e.children[0].textContent, e.dataset.label, +e.children[4].textContent])")
        assert Counter({(e, label): n for e, label, n in shown}) == facts["labels"]
        for name, stats in facts["summary"]["evaluators"].items():
            row = page.inner_text(f"table.summary tr[data-evaluator='{name}']")
            assert f"{stats['pass_rate'] * 100:.1f}%" in row
            low, high = stats["population"]["pass_rate_low"], stats["population"]["pass_rate_high"]
            assert f"{low * 100:.1f}% – {high * 100:.1f}%" in row
        text = page.inner_text("main")
        assert f"previous run {runs[0]['run_id']}" in text and runs[1]["run_id"] in text
        versions = {r["agent_version"] for r in facts["results"]}
        assert versions == {"2.0.0"} and "2.0.0" in page.inner_text("table.cards")
        assert "Fewer than two agent versions" in text  # this run saw one version
    finally:
        context.close()


def test_markdown_and_json_carry_the_same_content(loaded, tmp_path):
    srv, runs = loaded
    facts = run_facts(srv, runs[0]["run_id"])
    md, js = tmp_path / "r.md", tmp_path / "r.json"
    assert report(srv, "--run", runs[0]["run_id"], "--out", str(md)).returncode == 0  # format from the suffix
    assert report(srv, "--run", runs[0]["run_id"], "--out", str(js)).returncode == 0
    data = json.loads(js.read_text())
    assert data["scope"]["run_ids"] == [runs[0]["run_id"]] and data["previous"] is None  # the first run
    assert data["sampled"]["candidates"] == facts["run"]["candidates"]
    assert data["sampled"]["selected"] == facts["run"]["selected"]
    assert data["clusters"]["failed_traces"] == facts["failed"]
    assert Counter({(c["evaluator"], c["label"]): c["results"] for c in data["clusters"]["by_label"]}) == facts["labels"]
    for c in data["clusters"]["by_label"]:  # each label quotes its own reasons and steps, no other label's
        own = [f for r in facts["results"] if r["passed"] is False and r["evaluator"] == c["evaluator"]
               for f in r["findings"] if f["label"] == c["label"]]
        assert set(c["reasons"]) <= {f["reason"] for f in own} and bool(c["reasons"]) == bool(own), c
        assert Counter({s["step"]: s["results"] for s in c["steps"]}) == Counter(f["call"] for f in own), c
    for name, stats in facts["summary"]["evaluators"].items():
        assert data["summary"][name]["population"] == pytest.approx(stats["population"])
    assert {t["trace_id"] for t in data["worst"]} <= {r["trace_id"] for r in facts["results"] if r["passed"] is False}
    text = md.read_text()
    assert text.startswith(f"# Health report: task {TASK}\n\n**{data['headline']}**") and runs[0]["run_id"] in text
    assert "127.0.0.1" not in text and "127.0.0.1" not in js.read_text()  # no link to the machine that wrote it
    for evaluator, label in facts["labels"]:
        assert f"| {evaluator} | {label} |" in text
    for name, stats in facts["summary"]["evaluators"].items():
        assert f"| {name} | {stats['applicable']} | {stats['pass_rate']:.1%} |" in text
    today = dt.datetime.now(dt.timezone.utc).date().isoformat()
    res = report(srv, "--day", today, "--format", "json", "--out", str(tmp_path / "day.txt"))
    assert res.returncode == 0, res.stderr
    day = json.loads((tmp_path / "day.txt").read_text())
    assert day["scope"]["run_ids"] == [r["run_id"] for r in runs]
    assert day["sampled"]["selected"] == sum(r["selected"] for r in runs)
    assert [c["a"]["label"] for c in day["regressions"]][-1:] == ["1.0.0"]  # both versions: 1.0.0 → 2.0.0
    assert day["regressions"][-1]["b"]["label"] == "2.0.0"


@pytest.mark.parametrize("args,code,message", [
    (["--task", "no-such-task"], 1, "no task 'no-such-task'"),
    (["--run", "no-such-run"], 1, "no run 'no-such-run'"),
    (["--day", "2001-01-01"], 1, "has no run started on 2001-01-01"),
    (["--day", "01/01/2001"], 2, "does not match the format"),
    (["--day", "2001-01-01", "--run", "x"], 2, "not both"),
    (["--format", "pdf"], 2, "'pdf' is not one of"),
])
def test_bad_arguments_get_a_message_and_exit_code(loaded, tmp_path, args, code, message):
    srv, _ = loaded
    out = tmp_path / "r.html"
    res = report(srv, "--out", str(out), *args)
    assert res.returncode == code and message in res.stderr, res.stderr
    assert not out.exists()


def test_without_the_key_the_server_refuses(loaded, tmp_path):
    srv, _ = loaded
    res = report(srv, "--out", str(tmp_path / "r.html"), key=None)
    assert res.returncode == 1 and "401" in res.stderr


def test_from_a_stopped_servers_file(loaded, tmp_path):
    """Last: stops the module's server, then reads its DuckDB file directly."""
    srv, runs = loaded
    srv.stop()
    out = tmp_path / "r.json"
    res = subprocess.run([sys.executable, "-m", "tracepatrol", "report", "--task", TASK, "--db", str(srv.db),
                          "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    data = json.loads(out.read_text())
    con = duckdb.connect(str(srv.db), read_only=True)
    failing = con.execute("SELECT count(*), count(DISTINCT trace_id) FROM eval_results WHERE run_id = ? "
                          "AND passed = false", [runs[1]["run_id"]]).fetchone()
    candidates = con.execute("SELECT candidates FROM task_runs WHERE run_id = ?", [runs[1]["run_id"]]).fetchone()[0]
    con.close()
    assert (data["clusters"]["failing_results"], data["clusters"]["failed_traces"]) == failing
    assert data["sampled"]["candidates"] == candidates and data["dashboard_url"] is None
    md = tmp_path / "r.md"
    res = subprocess.run([sys.executable, "-m", "tracepatrol", "report", "--task", TASK, "--db", str(srv.db),
                          "--out", str(md), "--dashboard-url", "https://tp.example.com/dashboard/"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    worst = data["worst"][0]["trace_id"]
    assert f"[{worst}](https://tp.example.com/dashboard/traces/{worst})" in md.read_text()
    res = subprocess.run([sys.executable, "-m", "tracepatrol", "report", "--task", "nope", "--db", str(srv.db),
                          "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert res.returncode == 1 and "no task 'nope'" in res.stderr
