"""Delivers the outbox on a thread of its own, so no receiver ever blocks ingest or evaluation.

Each notification goes to each of its destinations at least once: a failed attempt is retried
with backoff (`notifications.delivery`), across restarts (the outbox is a table), until it is
delivered or `give_up_after` has passed since it was made; a permanent refusal (a 4xx other than
408 and 429, an unknown destination) is not retried. Error texts never carry the destination's
URL. Firing alerts are also re-sent to Alertmanager destinations every `resend_every_s`, as
Alertmanager expects of its clients (it resolves an alert whose endsAt passes unrefreshed).
"""
from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from infra.timeutil import parse_duration, utcnow
import scheduler.alerts.reads as reads
from scheduler.alerts.book import AlertBook
from scheduler.alerts.config import DestinationSettings, NotificationSettings
from scheduler.alerts.loop import WakeableLoop
from scheduler.alerts.payloads import render

log = logging.getLogger(__name__)
BATCH = 50  # notifications attempted in one pass
IDLE_S = 5.0  # longest sleep with nothing due (a wake ends it sooner)
ERROR_CHARS = 300


@dataclass(frozen=True)
class Attempt:
    """One delivery attempt: `ok`, or why not and whether trying again could help."""

    ok: bool
    status: int | None = None
    error: str | None = None
    permanent: bool = False
    retry_after_s: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "status": self.status, "error": self.error}


class Outbox(WakeableLoop):
    """Lifecycle start()/shutdown(), shutdown safe twice or before start; `wake()` when there is
    something new to send."""

    name = "tracepatrol-alerts-outbox"

    def __init__(self, book: AlertBook, settings: NotificationSettings, clock: Callable[[], dt.datetime] = utcnow,
                 transport: httpx.BaseTransport | None = None):
        super().__init__()
        self.book, self.settings, self.clock = book, settings, clock
        self.delivery = settings.delivery
        self.valid_for = dt.timedelta(seconds=4 * settings.resend_every_s)
        self._client = httpx.Client(timeout=self.delivery.timeout_s, follow_redirects=False, transport=transport)
        self._resent_at: dt.datetime | None = None
        self._quiet = _Unlogged(settings.destinations.values())

    def start(self) -> None:
        logging.getLogger("httpx").addFilter(self._quiet)
        super().start()

    def shutdown(self) -> None:
        """Stop after the attempt under way (what is left is pending in the table for the next start)."""
        super().shutdown()
        logging.getLogger("httpx").removeFilter(self._quiet)
        self._client.close()

    # -- one attempt ---------------------------------------------------------------------------
    def send(self, name: str, doc: Mapping[str, Any], now: dt.datetime | None = None) -> Attempt:
        """POST `doc` to the destination `name` once, as its kind takes it."""
        dest = self.settings.destinations.get(name)
        if dest is None:
            return Attempt(False, error=f"destination {name!r} is not configured on this server "
                                        "(notifications.destinations)", permanent=True)
        body, headers = render(dest, doc, now or self.clock(), self.valid_for)
        try:
            resp = self._client.post(dest.target(), content=body, headers=headers)
        except httpx.HTTPError as exc:
            return Attempt(False, error=_scrub(f"{type(exc).__name__}: {exc}", name, dest))
        if 200 <= resp.status_code < 300:
            return Attempt(True, resp.status_code)
        retryable = resp.status_code in (408, 429) or resp.status_code >= 500
        return Attempt(False, resp.status_code, _scrub(f"HTTP {resp.status_code}: {resp.text.strip()[:200]}", name, dest),
                       permanent=not retryable, retry_after_s=_retry_after(resp))

    # -- the loop ------------------------------------------------------------------------------
    def deliver_due(self) -> int:
        """Attempt every notification due now; how many were attempted."""
        now = self.clock()
        rows = self.book.read(reads.due, now, BATCH)
        for row in rows:
            if self.stopping:
                break
            attempt = self.send(row["destination"], row["payload"], now)
            if attempt.ok:
                self.book.delivered(row["notification_id"], row["destination"], self.clock())
                continue
            tries = row["attempts"] + 1
            retry_at = None if attempt.permanent else self.clock() + self.delivery.backoff(tries, attempt.retry_after_s)
            error = attempt.error
            if retry_at is not None and retry_at - row["created_at"] > parse_duration(self.delivery.give_up_after):
                retry_at, error = None, f"gave up after {tries} attempts over {self.delivery.give_up_after}: {error}"
            log.warning("notification %s to %s: %s%s", row["notification_id"], row["destination"], error,
                        f" (retry at {retry_at:%H:%M:%S})" if retry_at else "")
            self.book.attempt_failed(row["notification_id"], row["destination"], error, retry_at)
        return len(rows)

    def resend_firing(self) -> None:
        """Refresh every announced firing alert at each Alertmanager destination it names."""
        now = self.clock()
        for state, doc in self.book.read(reads.firing):
            if not state.notified or doc is None:
                continue
            for name in doc.get("notify", []):
                dest = self.settings.destinations.get(name)
                if dest is not None and dest.kind == "alertmanager":
                    attempt = self.send(name, doc, now)
                    if not attempt.ok:
                        log.info("re-sending %s to %s: %s", doc["id"], name, attempt.error)

    def run_once(self) -> bool:
        attempted = self.deliver_due()  # more may be due now (a resolution its delivered firing held back)
        now = self.clock()
        if self._resent_at is None or (now - self._resent_at).total_seconds() >= self.settings.resend_every_s:
            self._resent_at = now
            self.resend_firing()
            self.book.purge_sent(now - parse_duration(self.delivery.keep_sent))
        return attempted > 0

    def wait_s(self) -> float:
        nearest = self.book.read(reads.next_attempt)
        wait = IDLE_S if nearest is None else (nearest - self.clock()).total_seconds()
        return min(max(wait, 0.05), IDLE_S, self.settings.resend_every_s)


class _Unlogged(logging.Filter):
    """Drops httpx's request lines naming a destination: its URL is a credential (Slack's is)."""

    def __init__(self, destinations):
        super().__init__()
        self._urls = [d.url.get_secret_value() for d in destinations] + [d.target() for d in destinations]

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        return not any(url in text for url in self._urls)


def _retry_after(resp: httpx.Response) -> float | None:
    value = resp.headers.get("retry-after", "")
    return float(value) if value.strip().isdigit() else None


def _scrub(text: str, name: str, dest: DestinationSettings) -> str:
    """An error text without the destination's URL or secret (they are credentials)."""
    for secret in (dest.target(), dest.url.get_secret_value(), dest.secret.get_secret_value() if dest.secret else ""):
        if secret:
            text = text.replace(secret, f"<destination {name}>")
    return text[:ERROR_CHARS]
