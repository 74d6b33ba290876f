"""Seed 001's story, told by a new user in headless Chromium against a real server with a key, at
1440 and at 390 px: log in; find the failed traces of the last 3 h; save them as a view; create a
task from it with a live preview; run it and watch its page turn from running to done without a
reload; read the results; open the worst trace; annotate it; find it again; walk an annotation queue
of 10 items with the keyboard; schedule a daily 5 % patrol; open the report. On every page: no
sideways scroll, no escape sequence in the text, no console error. Screenshots of each step are kept
in story/ under $DASHBOARD_SHOTS (or the system's temp folder; in CI only where $DASHBOARD_SHOTS asks)
for a person to look at."""
from __future__ import annotations

import re
from urllib.parse import quote

import httpx
import pytest

from tests.dashboard.conftest import SHOTS, Watched
from tests.dashboard.plain_traffic import LEAKED, send
from tests.evaluators.test_workers_server import judge_config, wait_assembled
from tracepatrol.demo.agent import ALL, run_scenarios
from tracepatrol.harness.judge import ChatServer
from tracepatrol.harness.process import make_server

pytestmark = pytest.mark.timeout(900)
KEY = "story-key"
FAILED_RECENTLY = 12  # failed traces of the last 3 h, besides the scenarios' own
VIEW = "failed in the last 3 h"


@pytest.fixture(scope="module")
def story(tmp_path_factory):
    """A server with a key, a slow LLM judge (so a run is seen running), the demo agent's scenarios
    (two agent versions) and failed traces whose every text is markup and Chinese."""
    tmp = tmp_path_factory.mktemp("story")
    with ChatServer() as chat:
        chat.delay_s = 0.4
        srv = make_server(tmp, "--decision-wait", "0.3", "--config", judge_config(tmp, chat.url), api_key=KEY).start()
        try:
            run_scenarios(srv.otlp_http, scenarios=ALL, headers=srv.headers(), agent_version="1.0.0")
            run_scenarios(srv.otlp_http, scenarios=[*ALL, "S3_wrong_tool", "S5_dead_loop"], headers=srv.headers(),
                          agent_version="2.0.0")
            for _ in range(FAILED_RECENTLY):
                send(srv.otlp_http, srv.headers())
            wait_assembled(srv, 2 * len(ALL) + 2 + FAILED_RECENTLY)
            yield srv
        finally:
            srv.stop()


class Story:
    """One reader at one width: every page they open is checked and kept as a screenshot."""

    def __init__(self, srv, w: Watched, width: int):
        self.srv, self.w, self.page, self.width, self.step = srv, w, w.page, width, 0

    def check(self, name: str) -> None:
        page = self.page
        page.wait_for_load_state()
        if page.locator(".chart").count():
            page.wait_for_function("n => document.querySelectorAll('.js-plotly-plot .main-svg').length >= n",
                                   arg=page.locator(".chart").count(), timeout=30_000)
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (name, self.width, "scrolls sideways", width)
        text = page.inner_text("body")
        leaked = re.search(LEAKED, text)
        assert leaked is None, (name, text[max(0, leaked.start() - 60):leaked.end() + 20])
        assert not self.w.errors, (name, self.w.errors)
        self.step += 1
        if SHOTS is not None:
            (SHOTS / "story").mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "story" / f"{self.width}-{self.step:02d}-{name}.png"), full_page=True)

    def menu(self, href: str) -> None:
        """Go somewhere through the navigation (its menu button first on a phone)."""
        if self.page.locator("#menu-toggle").is_visible():
            self.page.click("#menu-toggle")
        with self.page.expect_navigation():
            self.page.click(f"nav a[href='{href}']")


def traces_shown(page) -> list[str]:
    return page.locator("table.explorer-results tr[data-trace]").evaluate_all("rs => rs.map(r => r.dataset.trace)")


@pytest.mark.parametrize("width", [1440, 390])
def test_the_whole_story(story, browser, width):
    srv = story
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        w = Watched(context)
        s, page = Story(srv, w, width), w.page
        page.goto(srv.api + "/dashboard/")
        assert "/dashboard/login" in page.url and page.locator("nav").count() == 0
        s.check("login")
        page.fill("input[name=key]", KEY)
        with page.expect_navigation():
            page.click("button[type=submit]")
        s.check("overview")

        # 1. the failed traces of the last 3 h (a saved view at 1440; opened from the menu at 390)
        expected = {t["trace_id"] for t in srv.get("/api/traces", status="error", limit=1000).json()}
        assert len(expected) >= FAILED_RECENTLY
        if width == 1440:
            s.menu("/dashboard/traces")
            with page.expect_navigation():
                page.click("a.chip:has-text('last 3h')")
            row = page.locator("#filter-rows tr.filter-row").first
            row.locator("input[name=f]").fill("status")
            row.locator("select[name=o]").select_option("eq")
            row.locator("input[name=v]").fill("error")
            with page.expect_navigation():
                page.click("#explorer-form button[type=submit]")
            assert set(traces_shown(page)) == expected
            s.check("failed-3h")
            page.fill("#save-view input[name=name]", VIEW)
            with page.expect_navigation():
                page.click("#save-view-button")
        else:
            if page.locator("#menu-toggle").is_visible():
                page.click("#menu-toggle")
            page.click("#nav-views summary")
            link = page.locator("#nav-views li.saved a", has_text=VIEW)
            link.wait_for()
            with page.expect_navigation():
                link.click()
        assert page.inner_text("#view-name") == VIEW and set(traces_shown(page)) == expected
        s.check("view")

        # 2. a task from the view, with its live preview
        with page.expect_navigation():
            page.click("#make-task")
        task = f"triage-{width}"
        page.fill("input[name=name]", task)
        page.fill("input[name=ratio_pct]", "100")
        for e in page.locator("input[name=evaluators]").all():
            e.set_checked(e.get_attribute("value") in ("parameters", "llm_judge"))
        page.wait_for_function("() => document.getElementById('preview').dataset.state === 'ok'", timeout=30_000)
        assert int(page.inner_text("#pv-candidates").replace(",", "")) == len(expected)
        s.check("task-form")

        # 3. run it: the page says running, then done, without a reload
        with page.expect_navigation():
            page.click("#start-task")
        assert page.url.endswith(f"/dashboard/tasks/{task}")
        page.evaluate("() => { window.notReloaded = true; }")
        assert page.inner_text("#run-state") in ("selecting", "running")
        s.check("task-running")
        page.wait_for_function("() => document.getElementById('run-state').textContent === 'done'", timeout=120_000)
        assert page.evaluate("() => window.notReloaded === true")

        # 4. the results: a summary per evaluator, the items worst first
        assert page.locator("table.summary tr[data-evaluator]").count() == 2
        items = page.locator("table.items tr[data-trace]")
        assert items.count() == len(expected)
        s.check("task-done")

        # 5. the worst trace, annotated, found again
        worst = items.first.get_attribute("data-trace")
        with page.expect_navigation():
            items.first.locator("td:first-child a").click()
        assert page.url.endswith(f"/dashboard/traces/{worst}")
        s.check("worst-trace")
        page.fill("#annotate-form input[name=reviewer]", f"reviewer-{width}")
        page.fill("#annotate-form input[name=status]", f"checked_{width}")
        page.fill("#annotate-form textarea[name=note]", "the tool fails on the city's name")
        with page.expect_navigation():
            page.click("#annotate")
        assert f"checked_{width}" in page.inner_text("#current-annotation")
        with page.expect_navigation():
            page.click("#current-annotation a")
        assert traces_shown(page) == [worst]
        s.check("found-again")

        # 6. an annotation queue of 10 items, by keyboard
        page.goto(srv.api + "/dashboard/annotate")
        if page.locator("table.labels tr[data-label=correctness]").count() == 0:
            page.fill("#label-form input[name=name]", "correctness")
            page.fill("#label-form input[name=values]", "right, partly, wrong")
            with page.expect_navigation():
                page.click("#define-label")
        s.check("annotate")
        page.fill("#queue-form input[name=name]", f"queue-{width}")
        page.select_option("#queue-form select[name=task]", task)
        page.check("#queue-form input[name=rule][value=sample]")
        page.fill("#queue-form input[name=percent]", "100")
        with page.expect_navigation():
            page.click("#make-queue")
        assert int(page.get_attribute("#queue", "data-count")) == len(expected)
        for i in range(10):
            page.keyboard.press("3")  # wrong
            page.wait_for_function("() => document.getElementById('queue').dataset.saving === 'false'")
            assert page.locator("#item-done").is_visible()
            if i == 0:
                s.check("queue")
            if i < 9:
                with page.expect_navigation():
                    page.keyboard.press("ArrowRight")
        assert page.inner_text("#done-count") == "10"
        labelled = httpx.get(srv.api + "/api/annotations/export", headers=srv.headers(), timeout=30).text
        assert labelled.count(f",reviewer-{width},correctness,wrong,") == 10

        # 7. a daily 5 % patrol
        s.menu("/dashboard/tasks/new")
        with page.expect_navigation():
            page.click("a[data-preset=daily-patrol]")
        page.fill("input[name=name]", f"patrol-{width}")
        assert page.input_value("input[name=ratio_pct]") == "5" and page.input_value("select[name=every]") == "day"
        with page.expect_navigation():
            page.click("#start-task")
        assert "Next run" in page.inner_text("#schedule")
        s.check("patrol")

        # 8. the report of the run, inside the dashboard, with its downloads
        page.goto(srv.api + f"/dashboard/tasks/{quote(task)}")
        with page.expect_navigation():
            page.click("a:has-text('Health report of this run')")
        assert page.locator("#downloads a[data-format=md]").count() == 1
        assert page.inner_text("#headline")
        s.check("report")
    finally:
        context.close()
