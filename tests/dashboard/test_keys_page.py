"""The admin keys page in a browser: an admin sees every key (never a secret), makes one whose secret
the answer page shows once, and revokes it with a button, after which the key is refused within
5 s; bad input is the form again with the reason. A viewer logged in with such a key sees who it is
in the menu, no Keys entry, and 403 on the page."""
from __future__ import annotations

import time

import httpx

NAME = "keys-page-viewer"


def _session(srv, secret: str | None) -> httpx.Response:
    return httpx.get(srv.api + "/api/session", headers={"Authorization": f"Bearer {secret}"}, timeout=30)


def _submit(page, selector: str):
    with page.expect_navigation() as nav:
        page.click(selector)
    return nav.value


def test_admin_makes_shows_once_and_revokes_a_key(session, browser):
    srv, w = session
    page = w.page
    assert page.goto(srv.api + "/dashboard/keys").status == 200
    assert page.locator("#nav-links a[href='/dashboard/keys']").count() == 1
    assert page.locator("#nav-links a[href='/dashboard/alerts']").count() == 1

    page.fill("#key-form input[name=name]", NAME)
    page.select_option("#key-form select[name=role]", "viewer")
    page.fill("#key-form input[name=expires]", "soon")
    assert _submit(page, "#key-form button").status == 422
    assert "invalid duration 'soon'" in page.inner_text("#keys-error")
    assert page.input_value("#key-form input[name=name]") == NAME  # the form keeps what was typed

    page.fill("#key-form input[name=expires]", "90d")
    assert _submit(page, "#key-form button").status == 200
    secret = page.inner_text("#new-key .secret code")
    assert secret.startswith("tp_") and "never shown again" in page.inner_text("#new-key")
    row = page.locator(f"tr[data-key='{NAME}']")
    assert "viewer" in row.inner_text() and "active" in row.inner_text()
    page.goto(srv.api + "/dashboard/keys")
    assert secret not in page.content() and page.locator("#new-key").count() == 0  # once only

    assert _session(srv, secret).json() == {"name": NAME, "role": "viewer", "project": "default"}
    viewer = browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        vp = viewer.new_page()
        vp.goto(srv.api + "/dashboard/login")
        vp.fill("input[name=key]", secret)
        _submit(vp, "button[type=submit]")
        assert vp.inner_text("#who") == f"{NAME} · viewer · default"
        assert vp.locator("#nav-links a[href='/dashboard/keys']").count() == 0
        assert vp.locator("#nav-links a[href='/dashboard/alerts']").count() == 0
        refused = vp.goto(srv.api + "/dashboard/keys")
        assert refused.status == 403 and "the admin role or above" in vp.content() and secret not in vp.content()
    finally:
        viewer.close()

    _submit(page, f"tr[data-key='{NAME}'] form.revoke button")
    assert "revoked" in page.locator(f"tr[data-key='{NAME}']").inner_text()
    start = time.monotonic()
    while _session(srv, secret).status_code != 401:
        assert time.monotonic() - start < 5, "a revoked key still opens the API after 5 s"
        time.sleep(0.1)
