"""One server with the fixture traffic and two finished runs per session; one headless Chromium per module."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.dashboard.traffic import API_KEY, start_loaded

# Screenshots are for a person to look at: in $DASHBOARD_SHOTS, else in the temp folder, except in
# CI (CI=true), where nobody looks at them and full-page PNGs were a good part of Chromium's CPU.
SHOTS: Path | None = Path(os.environ["DASHBOARD_SHOTS"]) if os.environ.get("DASHBOARD_SHOTS") else \
    None if os.environ.get("CI") == "true" else Path(tempfile.gettempdir()) / "dashboard-shots"
LAUNCH_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--disable-background-networking"]


@pytest.fixture(scope="session")
def loaded(tmp_path_factory):
    srv, runs = start_loaded(tmp_path_factory.mktemp("dashboard"))
    yield srv, runs
    srv.stop()


def chromium(chromium_path: str):
    """A headless Chromium, closed afterwards. Module-scoped where used: Playwright's sync API keeps
    an event loop on this thread while it runs, which later tests must not inherit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, args=LAUNCH_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def browser(chromium_path):
    yield from chromium(chromium_path)


class Watched:
    """A page whose console errors, page errors and off-machine requests are recorded."""

    def __init__(self, context):
        self.page = context.new_page()
        self.errors: list[str] = []
        self.blocked: list[str] = []
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.route("**/*", self._route)

    def _route(self, route) -> None:
        url = urlsplit(route.request.url)
        if url.scheme in ("file", "data") or url.hostname == "127.0.0.1":
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()


@pytest.fixture(scope="module")
def session(browser, loaded):
    """A browser context logged in through the login form (the session cookie)."""
    srv, _ = loaded
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    w = Watched(context)
    resp = w.page.goto(srv.api + "/dashboard/tasks")  # a browser is sent to the login page's own address
    assert resp.status == 200 and w.page.url.startswith(srv.api + "/dashboard/login?next=")
    assert w.page.locator("input[name=key]").count() == 1
    w.page.fill("input[name=key]", "not-the-key")
    w.page.click("button[type=submit]")
    assert "not a key of this server" in w.page.content()
    w.page.fill("input[name=key]", API_KEY)
    with w.page.expect_navigation():
        w.page.click("button[type=submit]")
    assert w.page.url == srv.api + "/dashboard/tasks"  # back where the login started
    assert any(c["name"] == "tracepatrol_session" and c["httpOnly"] for c in context.cookies())
    yield srv, w
    context.close()
