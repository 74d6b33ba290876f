"""A daily patrol with a pass-rate alert through a running server: traces from the real OTLP
exporter, the real safety evaluator, notifications to a webhook receiver the test starts."""
from __future__ import annotations

import json
import subprocess

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from scheduler.alerts.payloads import SIGNATURE, TIMESTAMP, sign
from tests.alerts.patrol import SECRET, create, patrol, post, run, serve, webhook
from tests.alerts.receiver import Receiver
from tracepatrol.harness.process import tracepatrol
from tracepatrol.harness.waiting import wait_for

RULE = {"name": "safety-pass-rate", "evaluator": "safety", "metric": "pass_rate", "below": 0.8, "for": 2,
        "notify": ["hook"]}
BAD = [True, True, True, False, False]  # 2 of 5 pass: a pass rate of 0.4
GOOD = [False] * 5


@pytest.fixture
def hooked(tmp_path):
    """A server whose destinations `hook` (a webhook) and `chat` (Slack-compatible) are a receiver
    this test runs."""
    receiver = Receiver().start()
    srv = serve(tmp_path, {"hook": webhook(receiver.url), "chat": {"kind": "slack", "url": receiver.url + "/slack"}})
    yield srv, receiver
    srv.stop()
    receiver.stop()


def firing_gauge(srv, rule: str, task: str) -> float | None:
    for family in text_string_to_metric_families(srv.get("/metrics").text):
        for s in family.samples:
            if s.name == "tracepatrol_alerts_firing" and s.labels == {"rule": rule, "task": task}:
                return s.value
    return None


def notifications(srv) -> list[dict]:
    return srv.get("/api/alerts/notifications").json()


def test_a_pass_rate_below_threshold_for_two_runs_fires_once_with_working_links_and_resolves(hooked):
    srv, receiver = hooked
    task = patrol("daily", [RULE])
    create(srv, task)
    run(srv, task, GOOD)
    run(srv, task, BAD)
    (alert,) = srv.get("/api/alerts", task="daily").json()
    assert (alert["state"], alert["streak"], alert["value"]) == ("ok", 1, 0.4)  # `for: 2` holds one run back
    assert notifications(srv) == []

    second_bad, sent = run(srv, task, BAD)
    wait_for("the firing notification", lambda: receiver.received, timeout=30)
    request = receiver.received[0]
    doc = request["json"]
    assert (doc["status"], doc["rule"], doc["task"], doc["project"]) == ("firing", "safety-pass-rate", "daily", "default")
    assert (doc["value"], doc["threshold"], doc["comparison"], doc["items"]) == (0.4, 0.8, "below", 5)
    assert doc["run_id"] == second_bad and doc["interval"]["start"] < doc["interval"]["end"]
    assert doc["top_labels"] == [{"label": "pii_leak", "traces": 3, "share": 0.6}]
    assert doc["worst_trace"]["trace_id"] in sent[:3]  # one of the leaking traces of that run
    headers = {k.lower(): v for k, v in request["headers"].items()}
    assert headers["x-tracepatrol-id"] == doc["id"]
    assert headers[SIGNATURE.lower()] == sign(SECRET, headers[TIMESTAMP.lower()], request["raw"])

    pages = {name: httpx.get(url, timeout=30) for name, url in
             {**doc["links"], "worst trace": doc["worst_trace"]["url"]}.items()}
    assert {name: r.status_code for name, r in pages.items()} == dict.fromkeys(pages, 200)
    assert second_bad in pages["run"].text and second_bad in pages["report"].text
    assert {t for t in sent[:3] if t in pages["traces"].text} and not {t for t in sent[3:] if t in pages["traces"].text}
    assert doc["worst_trace"]["trace_id"] in pages["worst trace"].text
    assert "safety-pass-rate" in pages["alerts"].text and "firing" in pages["alerts"].text.lower()
    assert firing_gauge(srv, "safety-pass-rate", "daily") == 1

    run(srv, task, BAD)  # still below: still firing, nothing new said
    assert len(notifications(srv)) == 1
    recovered, _ = run(srv, task, GOOD)
    wait_for("the resolution", lambda: len(receiver.received) >= 2, timeout=30)
    done = receiver.received[1]["json"]
    assert (done["id"], done["status"], done["value"], done["run_id"]) == \
        (f"{doc['episode']}-resolved", "resolved", 1.0, recovered)
    assert done["fired_at"] == doc["fired_at"] and done["resolved_at"] >= doc["fired_at"]
    assert receiver.ids() == [doc["id"], done["id"]]
    assert firing_gauge(srv, "safety-pass-rate", "daily") == 0
    history = srv.get("/api/alerts/history", task="daily").json()
    assert [(e["event"], e["run_id"], e["silenced"]) for e in history] == \
        [("resolved", recovered, False), ("fired", second_bad, False)]


def test_a_silence_holds_the_notification_back_until_it_ends(hooked):
    srv, receiver = hooked
    task = patrol("silenced", [RULE | {"for": 1}])
    create(srv, task)
    silence = post(srv, "/api/alerts/silences", {"rule": "safety-pass-rate", "task": "silenced", "duration": "1h"})
    assert silence.status_code == 201, silence.text
    run(srv, task, BAD)
    (alert,) = srv.get("/api/alerts", task="silenced").json()
    assert alert["state"] == "firing" and not alert["notified"]
    assert notifications(srv) == [] and receiver.received == []
    page = srv.get("/dashboard/alerts").text
    assert silence.json()["silence_id"] in page and "not announced" in page
    ended = httpx.delete(f"{srv.api}/api/alerts/silences/{silence.json()['silence_id']}", timeout=30)
    assert ended.status_code == 204
    wait_for("the held-back notification", lambda: receiver.received, timeout=30)
    assert receiver.received[0]["json"]["status"] == "firing"
    assert srv.get("/api/alerts/silences", active="true").json() == []


def test_a_task_cannot_name_an_undefined_destination_nor_say_where_to_send(hooked):
    srv, _ = hooked
    cases = [(RULE | {"notify": ["pager"]}, "'pager' is not one of the server's notification destinations: its "
                                            "destinations are chat, hook"),
             (RULE | {"url": "https://hooks.example.com/x"}, "url cannot be set in a rule"),
             (RULE | {"notify": ["https://hooks.example.com/x"]}, "never a URL"),
             (RULE | {"evaluator": "grounding"}, "watches evaluator 'grounding', which the task does not run")]
    for rule, message in cases:
        for path in ("/api/tasks", "/api/tasks/preview"):
            resp = post(srv, path, patrol("refused", [rule]))
            assert resp.status_code == 422, (rule, resp.text)
            assert message in resp.json()["detail"], resp.json()["detail"]
    assert srv.get("/api/tasks").json() == []


def test_no_destination_url_or_secret_appears_in_documents_the_api_or_the_dashboard(hooked):
    srv, receiver = hooked
    task = patrol("quiet-secrets", [RULE | {"for": 1}])
    create(srv, task)
    run(srv, task, BAD)
    wait_for("the notification", lambda: receiver.received, timeout=30)
    paths = ["/api/tasks", "/api/tasks/quiet-secrets", "/api/alerts", "/api/alerts/history",
             "/api/alerts/notifications", "/api/alerts/rules", "/api/alerts/destinations", "/api/alerts/silences",
             "/openapi.json", "/metrics", "/dashboard/alerts", "/dashboard/tasks", "/dashboard/tasks/quiet-secrets",
             "/dashboard/tasks/quiet-secrets/edit", "/dashboard/"]
    texts = {path: srv.get(path).text for path in paths}
    texts["test notification"] = post(srv, "/api/alerts/test", {"rule": "safety-pass-rate"}).text
    texts["server log"] = srv.output()
    where = f"127.0.0.1:{receiver.port}"
    assert [p for p, text in texts.items() if where in text or SECRET in text] == []
    assert srv.get("/api/alerts/destinations").json() == [{"name": "chat", "kind": "slack"},
                                                          {"name": "hook", "kind": "webhook"}]


def test_a_slack_compatible_hook_gets_text_and_blocks_with_the_links(hooked):
    srv, receiver = hooked
    task = patrol("chatty", [RULE | {"for": 1, "notify": ["chat"]}])
    create(srv, task)
    bad, _ = run(srv, task, BAD)
    wait_for("the Slack message", lambda: receiver.received, timeout=30)
    (got,) = receiver.received
    assert got["path"] == "/slack" and got["json"]["text"].startswith("[FIRING] safety-pass-rate on task chatty")
    blocks = got["json"]["blocks"]
    assert blocks[0] == {"type": "header", "text": {"type": "plain_text", "text": "[FIRING] safety-pass-rate on task chatty"}}
    fields = " ".join(f["text"] for f in blocks[2]["fields"])
    assert "*Value*\n0.4" in fields and "*Threshold*\n0.8" in fields and "pii_leak (3)" in fields
    assert f"run={bad}|run>" in blocks[-1]["elements"][0]["text"]


def test_the_cli_sends_a_sample_notification_and_silences(hooked):
    srv, receiver = hooked
    create(srv, patrol("cli", [RULE]))

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(tracepatrol("alerts", *args, "--api", srv.api), capture_output=True, text=True, timeout=120)

    sample = cli("test", "safety-pass-rate")
    assert sample.returncode == 0, sample.stderr
    assert "[TEST] safety-pass-rate on task cli" in sample.stdout and "hook: delivered (200)" in sample.stdout
    (got,) = receiver.received
    assert got["json"]["test"] is True and got["json"]["id"].startswith("test-") and got["json"]["task"] == "cli"
    assert srv.get("/api/alerts/notifications").json() == [] and srv.get("/api/alerts/history").json() == []
    unknown = cli("test", "nope")
    assert unknown.returncode == 1 and "no alert rule 'nope'; rules: safety-pass-rate" in unknown.stderr

    made = cli("silence", "--task", "cli", "--for", "2h", "--comment", "deploy", "--json")
    assert made.returncode == 0, made.stderr
    silence = json.loads(made.stdout)
    assert (silence["task_id"], silence["rule"], silence["comment"]) == ("cli", None, "deploy")
    listed = json.loads(cli("silences", "--json").stdout)
    assert [s["silence_id"] for s in listed] == [silence["silence_id"]]
    assert cli("silence", "--task", "cli", "--for", "100d").returncode == 1
    assert cli("unsilence", silence["silence_id"]).returncode == 0
    assert json.loads(cli("silences", "--json").stdout) == []
    assert json.loads(cli("list", "--json").stdout) == []
