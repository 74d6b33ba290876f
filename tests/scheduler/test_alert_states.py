"""An alert's transitions and what each kind of receiver is sent, without a clock or a network."""
from __future__ import annotations

import datetime as dt
import hashlib
import hmac

import orjson
import pytest

from scheduler.alerts.config import DeliverySettings, DestinationSettings
from scheduler.alerts.payloads import SIGNATURE, TIMESTAMP, alertmanager_alert, render, slack_message
from scheduler.alerts.states import AlertState, quiet_over, step

T0 = dt.datetime(2026, 11, 1, 12)
HOUR = dt.timedelta(hours=1)


def walk(readings, needed: int = 1, quiet: dt.timedelta | None = None, every: dt.timedelta = HOUR):
    """Feed readings one per `every`; the events they made, in order, and the last state."""
    state, events = AlertState("r", "t"), []
    for i, breached in enumerate(readings):
        state, event = step(state, breached, needed, quiet, T0 + i * every)
        events.append(event)
    return events, state


def test_for_n_readings_in_a_row_fire_once_and_a_clear_one_resolves():
    events, state = walk([True, False, True, False])
    assert events == ["fired", "resolved", "fired", "resolved"]
    events, state = walk([True, False, True, True, True, None, True, False], needed=2)
    assert events == [None, None, None, "fired", None, None, None, "resolved"]
    assert state.state == "ok" and state.fired_at == T0 + 3 * HOUR and state.episode.startswith("tp-")


def test_a_reading_without_a_verdict_changes_nothing():
    events, state = walk([True, None, True], needed=2)
    assert events == [None, None, "fired"]
    events, state = walk([True, True, None, None], needed=2)
    assert events == [None, "fired", None, None] and state.firing


def test_each_firing_is_a_new_episode():
    state, first = step(AlertState("r", "t"), True, 1, None, T0)
    state, _ = step(state, False, 1, None, T0 + HOUR)
    state, again = step(state, True, 1, None, T0 + 2 * HOUR)
    assert first == again == "fired"
    assert state.episode != step(AlertState("r", "t"), True, 1, None, T0)[0].episode


def test_a_quiet_period_keeps_a_flapping_alert_firing_until_it_has_been_clear_that_long():
    events, state = walk([True, False, True, False, False, False], quiet=dt.timedelta(hours=2))
    assert events == ["fired", None, None, None, None, "resolved"]  # clear from hour 3 on, resolved at hour 5
    events, state = walk([True, False], quiet=dt.timedelta(hours=2))
    assert state.firing and state.clear_since == T0 + HOUR
    assert not quiet_over(state, dt.timedelta(hours=2), T0 + 2 * HOUR)
    assert quiet_over(state, dt.timedelta(hours=2), T0 + 3 * HOUR)


DOC = {"id": "tp-1-firing", "episode": "tp-1", "status": "firing", "test": False, "rule": "pass-rate", "task": "daily",
       "project": "default", "severity": "warning", "labels": {"team": "agents"}, "value": 0.4, "threshold": 0.8,
       "title": "[FIRING] pass-rate on task daily", "summary": "pass rate 0.4 < 0.8 & <b>",
       "top_labels": [{"label": "pii_leak", "traces": 3, "share": 0.6}],
       "worst_trace": {"trace_id": "ab" * 16, "url": "https://tp.example/dashboard/traces/" + "ab" * 16},
       "links": {"run": "https://tp.example/dashboard/tasks/daily?run=r1", "traces": None, "report": None,
                 "alerts": "https://tp.example/dashboard/alerts?rule=pass-rate&task=daily"},
       "fired_at": "2026-11-01T12:00:00Z", "resolved_at": None, "created_at": "2026-11-01T12:00:00Z"}


def test_a_webhook_is_the_document_signed_over_timestamp_and_body():
    dest = DestinationSettings(kind="webhook", url="https://hooks.example/tp", secret="k3y")
    body, headers = render(dest, DOC, T0, dt.timedelta(minutes=4))
    assert orjson.loads(body) == DOC and headers["X-Tracepatrol-Id"] == "tp-1-firing"
    stamp = headers[TIMESTAMP]
    assert stamp == str(int(T0.replace(tzinfo=dt.timezone.utc).timestamp()))
    expected = hmac.new(b"k3y", stamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    assert headers[SIGNATURE] == f"sha256={expected}"
    _, unsigned = render(DestinationSettings(kind="webhook", url="https://hooks.example/tp"), DOC, T0, HOUR)
    assert SIGNATURE not in unsigned


def test_alertmanager_gets_the_label_set_as_identity_and_end_times_by_status():
    valid = dt.timedelta(minutes=4)
    firing = alertmanager_alert(DOC, T0, valid)
    assert firing["labels"] == {"alertname": "pass-rate", "task": "daily", "project": "default", "severity": "warning",
                                "source": "tracepatrol", "team": "agents"}
    assert (firing["startsAt"], firing["endsAt"]) == ("2026-11-01T12:00:00Z", "2026-11-01T12:04:00Z")
    assert firing["generatorURL"] == DOC["links"]["alerts"] and firing["annotations"]["run_url"] == DOC["links"]["run"]
    resolved = alertmanager_alert({**DOC, "status": "resolved", "resolved_at": "2026-11-01T13:00:00Z"}, T0, valid)
    assert resolved["labels"] == firing["labels"] and resolved["endsAt"] == "2026-11-01T13:00:00Z"
    server = alertmanager_alert({**DOC, "task": None, "labels": {}}, T0, valid)
    assert "task" not in server["labels"]  # an empty value is an absent label
    dest = DestinationSettings(kind="alertmanager", url="http://am:9093", secret="tok")
    body, headers = render(dest, DOC, T0, valid)
    assert orjson.loads(body) == [firing] and headers["Authorization"] == "Bearer tok"


def test_slack_gets_text_and_blocks_with_its_three_characters_escaped():
    message = slack_message(DOC)
    assert message["text"].startswith("[FIRING] pass-rate on task daily")
    section = message["blocks"][1]["text"]["text"]
    assert "&amp; &lt;b&gt;" in section and "<b>" not in section
    links = message["blocks"][-1]["elements"][0]["text"]
    assert f"<{DOC['links']['run']}|run>" in links and "report" not in links


@pytest.mark.parametrize("attempts,retry_after,seconds", [(1, None, 2), (3, None, 8), (20, None, 300), (1, 30, 30),
                                                          (1, 9999, 300)])
def test_backoff_doubles_to_its_cap_and_honours_retry_after_up_to_it(attempts, retry_after, seconds):
    assert DeliverySettings().backoff(attempts, retry_after) == dt.timedelta(seconds=seconds)
