"""With an API key, the alerts API and page need it like everything else, and the page's silence
forms need their session's CSRF token."""
from __future__ import annotations

import re

import httpx
import pytest

from tests.alerts.patrol import serve, webhook
from tests.alerts.receiver import Receiver

KEY = "alerts-key-7c1d"


@pytest.fixture(scope="module")
def keyed(tmp_path_factory):
    srv = serve(tmp_path_factory.mktemp("keyed"), {"hook": webhook(Receiver().url)}, api_key=KEY)
    yield srv
    srv.stop()


def test_the_alerts_api_and_page_need_the_key(keyed):
    for path in ("/api/alerts", "/api/alerts/history", "/api/alerts/notifications", "/api/alerts/rules",
                 "/api/alerts/destinations", "/api/alerts/silences"):
        assert httpx.get(keyed.api + path, timeout=30).status_code == 401, path
        assert keyed.get(path).status_code == 200, path
    assert httpx.post(keyed.api + "/api/alerts/silences", json={"task": "t", "duration": "1h"}, timeout=30).status_code == 401
    assert httpx.post(keyed.api + "/api/alerts/test", json={"rule": "r"}, timeout=30).status_code == 401
    page = httpx.get(keyed.api + "/dashboard/alerts", timeout=30)
    assert page.status_code == 401 and 'name="key"' in page.text


def test_a_silence_from_the_page_needs_its_sessions_csrf_token(keyed):
    with httpx.Client(base_url=keyed.api, timeout=30) as browser:
        assert browser.post("/dashboard/login", data={"key": KEY, "next": "/dashboard/alerts"}).status_code == 303
        page = browser.get("/dashboard/alerts")
        assert page.status_code == 200 and "Nothing fires." in page.text
        token = re.search(r'name="csrf" value="([^"]+)"', page.text)[1]
        forged = browser.post("/dashboard/alerts/silences", data={"task": "t", "duration": "1h"})
        assert forged.status_code == 403 and keyed.get("/api/alerts/silences").json() == []
        bad = browser.post("/dashboard/alerts/silences", data={"task": "t", "duration": "soon", "csrf": token})
        assert bad.status_code == 422 and "invalid duration &#39;soon&#39;" in bad.text
        made = browser.post("/dashboard/alerts/silences", data={"task": "t", "duration": "1h", "csrf": token})
        assert made.status_code == 303
        (silence,) = keyed.get("/api/alerts/silences", active="true").json()
        assert silence["task_id"] == "t" and silence["rule"] is None
        ended = browser.post(f"/dashboard/alerts/silences/{silence['silence_id']}/end", data={"csrf": token})
        assert ended.status_code == 303 and keyed.get("/api/alerts/silences", active="true").json() == []
