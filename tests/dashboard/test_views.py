"""Saved views in headless Chromium against a real server: a trace search saved under a name is
listed in the navigation, opens by its address for another browser with the same rows, becomes a
task whose preview counts what the view shows, and is deleted; the REST API lists and keeps views."""
from __future__ import annotations

from urllib.parse import quote, urlencode

import httpx
import pytest

from tests.dashboard.conftest import Watched
from tests.dashboard.test_console import shown_ids
from tests.dashboard.traffic import API_KEY

pytestmark = pytest.mark.timeout(300)
NAME = "failed, last 3 h 西安"


def test_a_saved_view_is_listed_shared_made_a_task_and_deleted(session, browser):
    srv, w = session
    page = w.page
    w.errors.clear()
    search = {"status": "error", "last": "3h", "sort": "duration"}
    page.goto(srv.api + "/dashboard/traces?" + urlencode(search))
    expected = shown_ids(page)
    assert expected
    page.fill("#save-view input[name=name]", NAME)
    with page.expect_navigation():
        page.click("#save-view-button")
    assert page.inner_text("#view-name") == NAME and shown_ids(page) == expected
    assert page.url.endswith("&view=" + quote(NAME, safe="").replace("%20", "+"))
    page.goto(srv.api + "/dashboard/")
    page.click("#nav-views summary")
    link = page.locator("#nav-views li.saved a", has_text=NAME)
    link.wait_for()
    with page.expect_navigation():
        link.click()
    assert shown_ids(page) == expected

    # shared by its address: another browser (logged in its own way) sees the same traces
    other = browser.new_context(viewport={"width": 390, "height": 900},
                                extra_http_headers={"Authorization": f"Bearer {API_KEY}"})
    try:
        theirs = Watched(other)
        theirs.page.goto(srv.api + f"/dashboard/views/{quote(NAME, safe='')}")
        assert theirs.page.inner_text("#view-name") == NAME and shown_ids(theirs.page) == expected
        assert theirs.page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert not theirs.errors, theirs.errors
    finally:
        other.close()

    # a task from the view: its filters, window and a name from the view's; the preview counts the same traces
    with page.expect_navigation():
        page.click("#make-task")
    assert page.input_value("input[name=name]") == "failed-last-3-h"
    assert page.input_value("textarea[name=description], input[name=description]") == f"From the saved view {NAME}"
    assert page.input_value("select[name=last]") == "3h"
    page.wait_for_function("() => document.getElementById('preview').dataset.state === 'ok'", timeout=30_000)
    assert int(page.inner_text("#pv-candidates").replace(",", "")) == len(expected)

    # the REST API sees it, and keeps others
    api = httpx.get(srv.api + "/api/views", headers=srv.headers(), timeout=30).json()
    assert [(v["name"], v["query"]) for v in api] == [(NAME, [[k, v] for k, v in search.items()])]
    put = httpx.put(srv.api + "/api/views/slow", json={"query": "duration_ms=gt:100"}, headers=srv.headers(), timeout=30)
    assert put.status_code == 200 and put.json()["query"] == [["duration_ms", "gt:100"]]
    assert httpx.delete(srv.api + "/api/views/slow", headers=srv.headers(), timeout=30).status_code == 204

    page.goto(srv.api + f"/dashboard/views/{quote(NAME, safe='')}")
    with page.expect_navigation():
        page.click("#delete-view")
    assert page.url == srv.api + "/dashboard/traces"
    assert page.goto(srv.api + f"/dashboard/views/{quote(NAME, safe='')}").status == 404
    w.errors.clear()  # that 404 was asked for
    page.goto(srv.api + "/dashboard/views")
    assert "No view saved yet." in page.inner_text("table.views")
    assert not w.errors, w.errors
