"""A run's page follows the run without a reload, in headless Chromium against a real server whose
LLM judge (a local chat server) answers slowly: opened while items evaluate it says `running`
(never the ledger's `selected`), the progress and items fill in, and it turns `done` by itself;
the items list the input's first words, status, score, labels and duration, worst first, sort by
a column and filter by label. At 1440 and 390 px."""
from __future__ import annotations

import time

import pytest

from tests.dashboard.conftest import Watched
from tests.evaluators.test_workers_server import create, judge_config, task, wait_assembled, wait_run_done
from tracepatrol.demo.agent import ALL, run_scenarios
from tracepatrol.harness.judge import ChatServer
from tracepatrol.harness.process import make_server

pytestmark = pytest.mark.timeout(600)
SCENARIOS = [*ALL, "S3_wrong_tool", "S4_param_hallucination"]


@pytest.fixture(scope="module")
def slow(tmp_path_factory):
    """A server with the scenarios' traffic whose judge takes 1.5 s a call (2 workers)."""
    tmp = tmp_path_factory.mktemp("live")
    with ChatServer() as chat:
        srv = make_server(tmp, "--decision-wait", "0.3", "--config", judge_config(tmp, chat.url)).start()
        try:
            run_scenarios(srv.otlp_http, scenarios=SCENARIOS)
            wait_assembled(srv, len(SCENARIOS))
            yield srv, chat
        finally:
            srv.stop()


def items(page) -> list[dict]:
    return page.locator("table.items tr[data-trace]").evaluate_all(
        "rows => rows.filter(r => !r.hidden).map(r => ({trace: r.dataset.trace, status: r.dataset.status,"
        " score: r.dataset.score === '' ? null : +r.dataset.score, labels: r.dataset.labels,"
        " cells: [...r.cells].map(c => c.innerText.trim())}))")


@pytest.mark.parametrize("width", [1440, 390])
def test_the_run_page_turns_from_running_to_done_by_itself(slow, browser, width):
    srv, chat = slow
    chat.delay_s = 1.5
    name = f"live-{width}"
    run = create(srv, task(name, ["parameters", "llm_judge"], sampling={"ratio": 1.0, "max_items": 8}))
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        w = Watched(context)
        page = w.page
        page.goto(srv.api + f"/dashboard/tasks/{name}?run={run['run_id']}")
        page.evaluate("() => { window.loadedOnce = true; }")  # gone if the page reloads
        assert page.inner_text("#run-state") in ("selecting", "running")
        assert "selected" not in page.inner_text("#run-state")
        assert page.locator("#live-badge").is_visible()
        seen = {page.inner_text("#run-progress")}
        while (state := page.inner_text("#run-state")) != "done":  # read once: it may turn done in between
            assert state in ("selecting", "running"), state
            seen.add(page.inner_text("#run-progress"))
            page.wait_for_timeout(300)
        assert page.evaluate("() => window.loadedOnce === true")  # no reload
        assert len(seen) > 1  # the progress moved while we watched
        assert page.locator("#live-badge").count() == 0 and page.inner_text("#run-progress").startswith("8 of 8")
        done = wait_run_done(srv, run["run_id"])
        results = srv.get(f"/api/runs/{run['run_id']}/results").json()
        assert page.locator("table.summary tr[data-evaluator]").count() == 2  # the summary filled in

        # the items: first words of the input, status, score, labels, duration; worst first
        shown = items(page)
        assert len(shown) == done["selected"] == 8
        per: dict[str, list[dict]] = {}
        for r in results:
            per.setdefault(r["trace_id"], []).append(r)
        for item in shown:
            rs = per[item["trace"]]
            mean = sum(r["score"] for r in rs) / len(rs)
            assert item["score"] == pytest.approx(mean, abs=1e-5)
            assert item["status"] == ("failed" if any(r["passed"] is False for r in rs) else "passed")
            failing = {label for r in rs if r["passed"] is False for label in r["labels"]}
            assert set(item["labels"].split()) == failing
            traj = srv.get(f"/api/traces/{item['trace']}").json()
            assert item["cells"][1].rstrip(" …") in " ".join(traj["input"].split())
            assert item["cells"][5] == f"{traj['duration_ms']:.0f} ms"
        ranks = [(0 if i["status"] == "failed" else 1, i["score"]) for i in shown]
        assert ranks == sorted(ranks)  # worst first
        api = srv.get(f"/api/runs/{run['run_id']}/items").json()  # the same, for API clients
        assert api["state"] == "done" and [i["trace_id"] for i in api["items"]] == [i["trace"] for i in shown]

        # sorted by a column, filtered by a label: both in the browser, both kept across updates
        page.click("table.items button.sort[data-key=duration]")
        durations = [float(i["cells"][5].replace(" ms", "").replace(",", "")) for i in items(page)]
        assert durations == sorted(durations)
        page.click("table.items button.sort[data-key=duration]")
        durations = [float(i["cells"][5].replace(" ms", "").replace(",", "")) for i in items(page)]
        assert durations == sorted(durations, reverse=True)
        label = "wrong_tool"
        page.select_option("#label-filter", label)
        assert {i["trace"] for i in items(page)} == {t for t, rs in per.items()
                                                     if any(label in r["labels"] for r in rs if r["passed"] is False)}
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert not w.errors, w.errors
    finally:
        context.close()
