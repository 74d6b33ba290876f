"""A notification document as each kind of receiver takes it: the body and headers to POST.

webhook: the document as JSON, signed when the destination has a secret:
    X-Tracepatrol-Id: <notification id>            (the same on every retry: drop duplicates by it)
    X-Tracepatrol-Timestamp: <unix seconds of this attempt>
    X-Tracepatrol-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>." + body)>
slack: a Slack-compatible incoming-webhook message (`text` and Block Kit `blocks`).
alertmanager: a list of one alert for Alertmanager's /api/v2/alerts. Its label set is the alert's
    identity; a firing alert carries endsAt `valid_for` ahead (it is re-sent before then), a resolved
    one the time it resolved.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

import orjson

from scheduler.alerts.config import DestinationSettings

SIGNATURE = "X-Tracepatrol-Signature"
TIMESTAMP = "X-Tracepatrol-Timestamp"
ID = "X-Tracepatrol-Id"
USER_AGENT = "tracepatrol-alerts"
_SLACK_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def sign(secret: str, timestamp: str, body: bytes) -> str:
    """The signature header's value: how a receiver checks a webhook came from this server."""
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


def render(dest: DestinationSettings, doc: Mapping[str, Any], now: dt.datetime,
           valid_for: dt.timedelta) -> tuple[bytes, dict[str, str]]:
    """(body, headers) of one delivery attempt of `doc` to `dest` at `now` (naive UTC)."""
    headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT}
    if dest.kind == "webhook":
        body = orjson.dumps(doc)
        headers[ID] = doc["id"]
        if dest.secret is not None:
            stamp = str(int(now.replace(tzinfo=dt.timezone.utc).timestamp()))
            headers |= {TIMESTAMP: stamp, SIGNATURE: sign(dest.secret.get_secret_value(), stamp, body)}
        return body, headers
    if dest.kind == "slack":
        return orjson.dumps(slack_message(doc)), headers
    if dest.secret is not None:
        headers["Authorization"] = f"Bearer {dest.secret.get_secret_value()}"
    return orjson.dumps([alertmanager_alert(doc, now, valid_for)]), headers


def alertmanager_labels(doc: Mapping[str, Any]) -> dict[str, str]:
    labels = {"alertname": doc["rule"], "task": doc.get("task") or "", "project": doc["project"],
              "severity": doc["severity"], "source": "tracepatrol", **doc.get("labels", {})}
    if doc.get("test"):
        labels["test"] = "true"
    return {k: v for k, v in labels.items() if v}  # an empty value is an absent label to Alertmanager


def alertmanager_alert(doc: Mapping[str, Any], now: dt.datetime, valid_for: dt.timedelta) -> dict[str, Any]:
    ends = doc["resolved_at"] if doc["status"] == "resolved" else \
        (now + valid_for).replace(microsecond=0).isoformat() + "Z"
    annotations = {"summary": doc["title"], "description": doc["summary"], "notification_id": doc["id"],
                   "value": _number(doc.get("value")), "threshold": _number(doc.get("threshold"))}
    for key in ("run", "traces", "report"):
        if doc["links"].get(key):
            annotations[f"{key}_url"] = doc["links"][key]
    if doc.get("top_labels"):
        annotations["top_labels"] = ", ".join(f"{t['label']} ({t['traces']})" for t in doc["top_labels"])
    if doc.get("worst_trace"):
        annotations["worst_trace"] = doc["worst_trace"].get("url") or doc["worst_trace"]["trace_id"]
    alert = {"labels": alertmanager_labels(doc), "annotations": {k: v for k, v in annotations.items() if v},
             "startsAt": doc["fired_at"] or doc["created_at"], "endsAt": ends}
    generator = doc["links"].get("alerts") or doc["links"].get("run")
    if generator:
        alert["generatorURL"] = generator
    return alert


def _number(value: Any) -> str:
    return "" if value is None else f"{value:.4g}"


def _slack(text: str) -> str:
    return text.translate(_SLACK_ESCAPES)


def slack_message(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Text for clients without blocks, and blocks: title, what happened, the figures, links."""
    icon = ":red_circle:" if doc["status"] == "firing" else ":large_green_circle:"
    fields = [f"*Rule*\n{_slack(doc['rule'])}", f"*Task*\n{_slack(doc.get('task') or '(server)')}",
              f"*Value*\n{_number(doc.get('value')) or '—'}", f"*Threshold*\n{_number(doc.get('threshold')) or '—'}"]
    if doc.get("top_labels"):
        fields.append("*Top labels*\n" + _slack(", ".join(f"{t['label']} ({t['traces']})" for t in doc["top_labels"])))
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": doc["title"][:150]}},
        {"type": "section", "text": {"type": "mrkdwn", "text": f"{icon} {_slack(doc['summary'])}"}},
        {"type": "section", "fields": [{"type": "mrkdwn", "text": f} for f in fields]},
    ]
    links = [f"<{url}|{name}>" for name, url in (
        ("run", doc["links"].get("run")), ("failing traces", doc["links"].get("traces")),
        ("report", doc["links"].get("report")), ("worst trace", (doc.get("worst_trace") or {}).get("url")),
        ("alert history", doc["links"].get("alerts"))) if url]
    if links:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": " · ".join(links)}]})
    return {"text": f"{doc['title']}: {doc['summary']}", "blocks": blocks}
