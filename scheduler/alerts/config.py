"""The server's notification settings (`notifications:`): named destinations, server-level rules,
delivery. Where a notification goes and the secret it is signed with are the operator's: tasks
name a destination, never a URL or a key, so no task can send the server's alerts (or its
secrets) to a listener of its choice. URLs are secrets too (a Slack incoming-webhook URL is its
own credential): both are `SecretStr`, never printed, logged or served.
"""
from __future__ import annotations

import datetime as dt
import urllib.parse
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator

from infra.timeutil import parse_duration
from scheduler.alert_rules import NAME, NAME_RULE, ServerRule

AM_PATH = "/api/v2/alerts"


class DestinationSettings(BaseModel):
    """One receiver. webhook: our JSON, signed with `secret` (HMAC-SHA256, docs/alerts.md); slack:
    a Slack-compatible incoming webhook (text and blocks); alertmanager: Prometheus Alertmanager's
    base URL (its /api/v2/alerts is appended), `secret` sent as a Bearer token when set."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["webhook", "slack", "alertmanager"]
    url: SecretStr
    secret: SecretStr | None = None

    @field_validator("url")
    @classmethod
    def _http(cls, v: SecretStr) -> SecretStr:
        parts = urllib.parse.urlsplit(v.get_secret_value())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("url must be an http:// or https:// URL with a host")
        return v

    def target(self) -> str:
        """Where to POST: an Alertmanager's alerts endpoint under its base URL, else the URL itself."""
        url = self.url.get_secret_value()
        if self.kind == "alertmanager" and not url.rstrip("/").endswith(AM_PATH):
            return url.rstrip("/") + AM_PATH
        return url


class DeliverySettings(BaseModel):
    """How the outbox retries: backoff from `retry_initial_s` doubling up to `retry_max_s` (a
    longer Retry-After is honoured up to it); a notification still undelivered `give_up_after`
    its creation is marked failed. A 4xx answer other than 408 and 429 is permanent: not retried."""

    model_config = ConfigDict(extra="forbid")

    timeout_s: float = Field(10.0, gt=0, le=120, description="one delivery attempt's HTTP timeout")
    retry_initial_s: float = Field(2.0, gt=0, le=3600)
    retry_max_s: float = Field(300.0, gt=0, le=86400)
    give_up_after: str = Field("24h", description="a duration (e.g. 24h)")
    keep_sent: str = Field("7d", description="delivered notifications are kept this long in the outbox")

    @field_validator("give_up_after", "keep_sent")
    @classmethod
    def _duration(cls, v: str) -> str:
        parse_duration(v)
        return v

    @model_validator(mode="after")
    def _order(self) -> "DeliverySettings":
        if self.retry_max_s < self.retry_initial_s:
            raise ValueError("retry_max_s must be at least retry_initial_s")
        return self

    def backoff(self, attempts: int, retry_after_s: float | None = None) -> dt.timedelta:
        """The wait after the `attempts`-th failed attempt."""
        wait = min(self.retry_initial_s * 2 ** min(attempts - 1, 30), self.retry_max_s)
        if retry_after_s is not None:
            wait = min(max(wait, retry_after_s), self.retry_max_s)
        return dt.timedelta(seconds=wait)


class NotificationSettings(BaseModel):
    """`notifications:` in the server settings."""

    model_config = ConfigDict(extra="forbid")

    destinations: dict[str, DestinationSettings] = Field(default_factory=dict, description=(
        "receivers by the name rules use in notify: {ops: {kind: webhook, url: …, secret: …}}"))
    rules: list[ServerRule] = Field(default_factory=list, description="server-level rules (docs/alerts.md)")
    check_every_s: float = Field(15.0, ge=0.2, le=3600, description=(
        "how often server rules are judged (task rules are judged when a run finishes)"))
    resend_every_s: float = Field(60.0, ge=1, le=3600, description=(
        "firing alerts are sent to Alertmanager again this often (it expects a refresh; each carries "
        "endsAt four periods ahead)"))
    delivery: DeliverySettings = Field(default_factory=DeliverySettings)

    @field_validator("destinations")
    @classmethod
    def _names(cls, v: dict[str, DestinationSettings]) -> dict[str, DestinationSettings]:
        for name in v:
            if not NAME.match(name):
                raise ValueError(f"destination name {name!r} must be {NAME_RULE}")
        return v

    @model_validator(mode="after")
    def _rules_name_known_destinations(self) -> "NotificationSettings":
        names = [r.name for r in self.rules]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"rules: {twice[0]!r} is defined twice")
        for rule in self.rules:
            unknown = [n for n in rule.notify if n not in self.destinations]
            if unknown:
                raise ValueError(f"rules: {rule.name!r} notifies {unknown[0]!r}, which is not in notifications."
                                 f"destinations ({', '.join(sorted(self.destinations)) or 'none defined'})")
        return self
