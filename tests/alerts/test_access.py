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


def test_the_task_form_takes_alert_rules_naming_the_servers_destinations(keyed):
    rule = "- name: pass-rate\n  evaluator: parameters\n  metric: pass_rate\n  below: 0.9\n  for: 2\n  notify: [{}]\n"
    with httpx.Client(base_url=keyed.api, timeout=60) as browser:
        assert browser.post("/dashboard/login", data={"key": KEY, "next": "/dashboard/tasks/new"}).status_code == 303
        form = browser.get("/dashboard/tasks/new")
        assert form.status_code == 200 and 'name="alerts"' in form.text
        assert "Destinations of this server: hook." in form.text and "hooks.example" not in form.text
        token = re.search(r'name="csrf" value="([^"]+)"', form.text)[1]
        fields = {"csrf": token, "when": "schedule", "every": "day", "start": "2026-01-01", "timezone": "UTC",
                  "match": "all", "ratio_pct": "5", "max_items": "50", "evaluators": "parameters"}
        unknown = browser.post("/dashboard/tasks/new", data={**fields, "name": "patrol-x", "alerts": rule.format("pager")})
        assert unknown.status_code == 422 and "pager" in unknown.text and "hook" in unknown.text
        broken = browser.post("/dashboard/tasks/new", data={**fields, "name": "patrol-y", "alerts": "- [unclosed"})
        assert broken.status_code == 422 and "the alert rules text is not valid YAML" in broken.text
        made = browser.post("/dashboard/tasks/new", data={**fields, "name": "patrol-z", "alerts": rule.format("hook")})
        assert made.status_code == 303, made.text[-2000:]
    (alert,) = keyed.get("/api/tasks/patrol-z").json()["spec"]["alerts"]
    assert (alert["name"], alert["below"], alert["notify"], alert["for"]) == ("pass-rate", 0.9, ["hook"], 2)
    edit = httpx.get(keyed.api + "/dashboard/tasks/patrol-z/edit", headers=keyed.headers(), timeout=30)
    assert "name: pass-rate" in edit.text and "notify:\n  - hook" in edit.text.replace("&#39;", "'")
