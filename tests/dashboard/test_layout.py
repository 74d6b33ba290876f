"""Every dashboard page, loaded at 1440 px, resized to 1280 px and loaded again at 1280 px, then at
390 px (a phone): no Python repr in the text, no block (chart, table, card, form section, step)
overlapping another, nothing wider than the window (wide tables scroll inside their own box), every
chart with both axis titles; on a phone the menu folds into one row. The login page is styled and
shows no navigation. Full-page screenshots are kept in dashboard-shots/ under the system's temp
folder (or $DASHBOARD_SHOTS; in CI only where $DASHBOARD_SHOTS asks) for a person to look at."""
from __future__ import annotations


import pytest

from tests.dashboard.conftest import SHOTS, Watched
from tests.dashboard.test_pages import PYTHON_REPR
from tests.dashboard.traffic import TASK

pytestmark = pytest.mark.timeout(600)
WIDE, NARROW, PHONE, HEIGHT = 1440, 1280, 390, 900
BLOCKS = ".chart, main table, .kpi, fieldset, .box, .step, main h1, main h2, pre, .actions, .range, .result-bar"

OVERLAPS = """sel => {
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className).split(' ').join('.') : '');
  // only what is shown: a closed <details> keeps boxes for its hidden content
  const els = Array.from(document.querySelectorAll(sel)).filter(e => e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}));
  const boxes = els.map(e => [e, e.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) out.push(name(a) + ' overlaps ' + name(b));
    }
  }
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push('page wider than the window: ' + doc.scrollWidth + ' > ' + doc.clientWidth);
  return out;
}"""

TEXT = ".badge, .muted, .kpi .l, .chip, nav a, button, a.button, .error, .bad, th, td, a, h1, h2, h3, label, p"
CONTRAST = """sel => {
  const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(',').map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const background = e => { for (; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c.a > 0.5) return c; } return {r: 255, g: 255, b: 255, a: 1}; };
  const low = [];
  for (const e of Array.from(document.querySelectorAll(sel)).slice(0, 600)) {
    if (!e.checkVisibility({contentVisibilityAuto: true}) || !e.textContent.trim()) continue;
    const [hi, lo] = [lum(parse(getComputedStyle(e).color)), lum(background(e))].sort((x, y) => y - x);
    const ratio = (hi + 0.05) / (lo + 0.05);
    if (ratio < 4.5) low.push(e.tagName.toLowerCase() + '.' + e.className + ' "' + e.textContent.trim().slice(0, 20) + '" ' + ratio.toFixed(2));
  }
  return Array.from(new Set(low)).slice(0, 10);
}"""

AXIS_TITLES = """() => Array.from(document.querySelectorAll('.chart')).filter(el => {
  const l = el.layout || {};
  const text = a => a && a.title && (typeof a.title === 'string' ? a.title : a.title.text);
  return l.polar ? !text(l.polar.radialaxis) : !(text(l.xaxis) && text(l.yaxis));
}).map(el => el.id)"""


@pytest.fixture(scope="module")
def pages(loaded):
    srv, runs = loaded
    results = srv.get(f"/api/runs/{runs[1]['run_id']}/results").json()
    cited = next(r["trace_id"] for r in results if r["passed"] is False and r["evidence"])
    return {"overview": "/dashboard/", "overview-24h": "/dashboard/?last=24h", "traces": "/dashboard/traces",
            "traces-filtered": "/dashboard/traces?status=error&tokens=gt:300&sort=tokens",
            "tasks": "/dashboard/tasks", "task": f"/dashboard/tasks/{TASK}", "task-new": "/dashboard/tasks/new",
            "task-recipe": "/dashboard/tasks/new?preset=daily-patrol", "trace": f"/dashboard/traces/{cited}",
            "analysis": f"/dashboard/analysis?task={TASK}", "report": f"/dashboard/report?task={TASK}",
            "annotate": "/dashboard/annotate", "annotations": "/dashboard/annotations", "views": "/dashboard/views",
            "alerts": "/dashboard/alerts", "keys": "/dashboard/keys", "guide": "/dashboard/docs/conventions"}


def settle(page) -> None:
    """Every chart drawn at the current width."""
    charts = page.locator(".chart").count()
    if charts:
        page.wait_for_function("n => document.querySelectorAll('.js-plotly-plot .main-svg').length >= n",
                               arg=charts, timeout=30_000)
    page.wait_for_timeout(400)  # plotly redraws a responsive plot after a resize


def check(page, where: str) -> None:
    settle(page)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], (where, "scrolls sideways", width)
    leaked = PYTHON_REPR.search(page.inner_text("body"))
    assert leaked is None, (where, leaked and leaked.group())
    assert page.evaluate(OVERLAPS, BLOCKS) == [], where
    assert page.evaluate(AXIS_TITLES) == [], where
    assert page.evaluate(CONTRAST, TEXT) == [], where  # WCAG AA: 4.5:1 for text


def shoot(page, name: str, width: int) -> None:
    """A full-page screenshot: the window made as tall as the page first, so charts keep their size."""
    if SHOTS is None:
        return
    page.set_viewport_size({"width": width, "height": max(HEIGHT, page.evaluate("document.documentElement.scrollHeight"))})
    settle(page)
    page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": width, "height": HEIGHT})


def test_every_page_at_1440_1280_and_390_px(session, pages):
    srv, w = session
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
    page = w.page
    for name, path in pages.items():
        w.errors.clear()
        page.set_viewport_size({"width": WIDE, "height": HEIGHT})
        assert page.goto(srv.api + path).status == 200, path
        check(page, f"{name} at {WIDE}")
        shoot(page, name, WIDE)
        page.set_viewport_size({"width": NARROW, "height": HEIGHT})
        check(page, f"{name} resized to {NARROW}")
        page.reload()
        check(page, f"{name} at {NARROW}")
        shoot(page, name, NARROW)
        page.set_viewport_size({"width": PHONE, "height": HEIGHT})
        page.reload()
        check(page, f"{name} at {PHONE}")
        assert page.locator("nav").bounding_box()["height"] < 60, name  # one row: the menu is folded
        shoot(page, name, PHONE)
        assert not w.errors, (name, w.errors)


def test_the_menu_unfolds_on_a_phone(session):
    srv, w = session
    page = w.page
    page.set_viewport_size({"width": PHONE, "height": HEIGHT})
    page.goto(srv.api + "/dashboard/")
    assert not page.locator("nav a[href='/dashboard/traces']").is_visible()
    page.click("#menu-toggle")
    assert page.get_attribute("#menu-toggle", "aria-expanded") == "true"
    with page.expect_navigation():
        page.click("nav a[href='/dashboard/traces']")
    assert page.url == srv.api + "/dashboard/traces"
    assert page.locator("nav a[href='/dashboard/traces']").get_attribute("aria-current") == "page"


def test_the_login_page_is_styled_and_shows_no_navigation(browser, loaded):
    """Before login: the stylesheet (and only it) is served, no menu, no console error."""
    srv, _ = loaded
    for width in (WIDE, PHONE):
        context = browser.new_context(viewport={"width": width, "height": HEIGHT})
        try:
            w = Watched(context)
            w.page.goto(srv.api + f"/dashboard/tasks/{TASK}")
            assert w.page.url.startswith(srv.api + "/dashboard/login?next=")
            assert w.page.locator("nav").count() == 0 and w.page.locator("input[name=key]").is_visible()
            styled = w.page.evaluate("getComputedStyle(document.querySelector('.box')).borderRadius")
            assert styled == "8px"  # dashboard.css applied
            assert w.page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            assert not w.errors, w.errors
            if SHOTS is not None:
                SHOTS.mkdir(parents=True, exist_ok=True)
                w.page.screenshot(path=str(SHOTS / f"login-{width}.png"), full_page=True)
        finally:
            context.close()
