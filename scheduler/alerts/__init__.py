"""Alerts: rules judged after each task run and on the server itself, notifications to webhooks,
Slack-compatible hooks and Alertmanager through an outbox, silences and history (docs/alerts.md).

The rule models live beside the task model (`scheduler.alert_rules`), which carries them;
`config` holds the server's `notifications:` settings, `measure` what a rule reads from a run's
results, `states` an alert's transitions, `message` and `payloads` what a notification says and
how each receiver takes it, `engine` the thread that judges, `outbox` the thread that delivers.
This package owns the alert tables (`schema`): `book` writes them, `reads` reads them.
"""
from scheduler.alerts.config import DestinationSettings, NotificationSettings
from scheduler.alerts.engine import AlertEngine, RuleNotFound, ServerSignals
from scheduler.alerts.schema import SCHEMA_VERSION, stored

__all__ = ["SCHEMA_VERSION", "AlertEngine", "DestinationSettings", "NotificationSettings", "RuleNotFound",
           "ServerSignals", "stored"]
