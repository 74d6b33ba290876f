"""Dates, times and ids as a person reads and types them, in headless Chromium: the explorer's and
the task form's times are ISO 8601 text in the zone written beside them (UTC, or the browser's
once "times" is switched; an offset typed wins), never the browser's mm/dd/yyyy; a stored task's
window reads back the same way; an id is cut with an ellipsis (never broken mid-word), whole on
hover, and its copy button copies it."""
from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.dashboard.conftest import Watched
from tests.dashboard.traffic import API_KEY, TASK

pytestmark = pytest.mark.timeout(300)


def context(browser, **options):
    return browser.new_context(viewport={"width": 1280, "height": 900},
                               extra_http_headers={"Authorization": f"Bearer {API_KEY}"}, **options)


def total(page) -> int:
    return int(page.inner_text("#total").replace(",", ""))


def test_times_are_iso_8601_in_the_zone_shown(loaded, browser):
    srv, _ = loaded
    rows = srv.get("/api/traces", limit=1000).json()
    starts = sorted(dt.datetime.fromisoformat(r["start_time"]) for r in rows)
    middle = starts[len(starts) // 2].replace(microsecond=0)
    after = sum(s >= middle for s in starts)
    ctx = context(browser, timezone_id="Asia/Shanghai")
    try:
        w = Watched(ctx)
        page = w.page
        page.goto(srv.api + "/dashboard/traces")
        assert page.get_attribute("input[name=from]", "type") is None  # text, not the browser's date picker
        assert page.inner_text("[data-tz-note]") == "UTC unless an offset is given"
        page.fill("input[name=from]", middle.isoformat(" "))  # UTC
        with page.expect_navigation():
            page.click("#explorer-form button[type=submit]")
        assert total(page) == after
        shanghai = (middle + dt.timedelta(hours=8)).isoformat(" ") + "+08:00"  # the same instant
        page.fill("input[name=from]", shanghai)
        with page.expect_navigation():
            page.click("#explorer-form button[type=submit]")
        assert total(page) == after and page.input_value("input[name=from]") == shanghai
        page.click("#tz-toggle")  # times in this browser's zone: a time typed without an offset is in it
        assert page.inner_text("[data-tz-note]") == "this browser's zone (UTC+08:00) unless an offset is given"
        page.fill("input[name=from]", (middle + dt.timedelta(hours=8)).isoformat(" "))
        page.locator("input[name=from]").dispatch_event("change")
        assert page.input_value("input[name=from]") == shanghai
        with page.expect_navigation():
            page.click("#explorer-form button[type=submit]")
        assert total(page) == after
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\+08:00", page.inner_text("table.explorer-results time >> nth=0"))
        page.click("#tz-toggle")
        page.fill("input[name=from]", "11/30/2026")
        with page.expect_navigation():
            page.evaluate("() => { const f = document.getElementById('explorer-form'); f.noValidate = true; f.submit(); }")
        assert "is not a date and time in ISO 8601" in page.inner_text(".error")
        w.errors.clear()  # that page was a 400 on purpose: its console says so
        # a stored task's window reads back as it was given, in UTC
        page.goto(srv.api + f"/dashboard/tasks/{TASK}/edit")
        assert page.input_value("input[name=from]") == "2020-01-01 00:00"
        page.goto(srv.api + "/dashboard/tasks/new?preset=daily-patrol")
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", page.input_value("input[name=start]"))
        assert not w.errors, w.errors
    finally:
        ctx.close()


def test_ids_are_never_broken_and_copy_whole(loaded, browser):
    srv, _ = loaded
    ctx = context(browser)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=srv.api)
    try:
        w = Watched(ctx)
        page = w.page
        for path in ("/dashboard/", "/dashboard/traces", f"/dashboard/tasks/{TASK}", f"/dashboard/report?task={TASK}"):
            page.goto(srv.api + path)
            # every id shown is one line: cut with an ellipsis, whole in its title
            broken = page.locator(".ident code").evaluate_all(
                "els => els.filter(e => e.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(e).fontSize)"
                " || getComputedStyle(e.parentElement.tagName === 'A' ? e.parentElement : e).textOverflow !== 'ellipsis')"
                ".map(e => e.textContent)")
            assert broken == [], (path, broken[:3])
            titles = page.locator(".ident").evaluate_all(
                "els => els.map(e => [e.querySelector('code').textContent, (e.querySelector('[title]') || {}).title])")
            assert titles and all(code == title for code, title in titles), path
        first = page.locator("table.worst .ident").first
        trace_id = first.locator("code").inner_text()
        first.locator("button.copy").click()
        assert page.evaluate("() => navigator.clipboard.readText()") == trace_id
        assert not w.errors, w.errors
    finally:
        ctx.close()
