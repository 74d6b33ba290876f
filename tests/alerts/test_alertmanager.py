"""Alerts to a real Prometheus Alertmanager (Debian's, started by scripts/alertmanager.sh): the
patrol's alert becomes one Alertmanager alert whose label set is its identity, stays active while
tracepatrol re-sends it past its endsAt, and ends when it resolves."""
from __future__ import annotations

import secrets
import time

import httpx
import pytest

from tests.alerts.patrol import create, patrol, run, serve
from tests.conftest import _service
from tracepatrol.harness.waiting import wait_for

RESEND_S = 1.0  # endsAt is four periods ahead: an alert not re-sent would end within 4 s


@pytest.fixture(scope="module")
def alertmanager() -> str:
    return _service("TEST_ALERTMANAGER", "Alertmanager")


@pytest.fixture
def paging(tmp_path, alertmanager):
    srv = serve(tmp_path, {"am": {"kind": "alertmanager", "url": alertmanager}}, resend_every_s=RESEND_S)
    yield srv, alertmanager
    srv.stop()


def active(alertmanager: str, task: str) -> list[dict]:
    resp = httpx.get(f"{alertmanager}/api/v2/alerts", params={"filter": f'task="{task}"'}, timeout=10)
    resp.raise_for_status()
    return resp.json()


def test_a_patrol_alert_fires_in_alertmanager_stays_while_resent_and_resolves(paging):
    srv, alertmanager = paging
    name = f"am-{secrets.token_hex(4)}"  # the Alertmanager is shared: this test's alerts are its task's
    rule = {"name": "safety-pass-rate", "evaluator": "safety", "metric": "pass_rate", "below": 0.8, "for": 2,
            "notify": ["am"], "severity": "critical", "labels": {"team": "agents"}}
    task = patrol(name, [rule])
    create(srv, task)
    run(srv, task, [True, True, True, False, False])
    assert active(alertmanager, name) == []  # one run below: `for: 2` holds it back
    bad, _ = run(srv, task, [True, True, True, False, False])
    (alert,) = wait_for("the alert in Alertmanager", lambda: active(alertmanager, name), timeout=30)
    assert alert["labels"] == {"alertname": "safety-pass-rate", "task": name, "project": "default",
                               "severity": "critical", "source": "tracepatrol", "team": "agents"}
    assert alert["status"]["state"] == "active"
    notes = alert["annotations"]
    assert notes["value"] == "0.4" and notes["threshold"] == "0.8" and "pii_leak (3)" in notes["top_labels"]
    assert bad in notes["run_url"] and httpx.get(notes["run_url"], timeout=30).status_code == 200
    assert httpx.get(alert["generatorURL"], timeout=30).status_code == 200
    (state,) = srv.get("/api/alerts", task=name).json()
    assert alert["startsAt"].startswith(state["fired_at"].replace(" ", "T")[:19])

    first_end = alert["endsAt"]
    deadline = time.monotonic() + 6 * RESEND_S  # past the first endsAt: only re-sending keeps it
    while time.monotonic() < deadline:
        assert len(active(alertmanager, name)) == 1
        time.sleep(0.5)
    assert active(alertmanager, name)[0]["endsAt"] > first_end

    run(srv, task, [False] * 5)
    wait_for("the alert to end in Alertmanager", lambda: active(alertmanager, name) == [], timeout=30)
    sent = srv.get("/api/alerts/notifications").json()
    assert sorted((n["event"], n["state"]) for n in sent) == [("firing", "sent"), ("resolved", "sent")]
