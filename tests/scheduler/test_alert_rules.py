"""Alert rules as task documents and settings write them: what is taken, and what is refused with
a message naming the problem."""
from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError

from scheduler.alert_rules import DESTINATIONS, SERVER_RULES, AlertRule
from scheduler.task import TaskError, TaskSpec, validate_task
from tracepatrol.settings import SettingsError, load_settings

ISSUE_EXAMPLE = """
name: grounding-pass-rate
evaluator: grounding          # or dimension: tool_use
metric: pass_rate             # pass_rate | mean_score | label_share | new_label | drop
below: 0.9                    # or above:
for: 2                        # runs in a row before it fires
notify: [ops]
"""


def task(*rules: dict, evaluators=("grounding", "safety")) -> dict:
    return {"name": "patrol", "window": {"mode": "rolling", "every": "day", "start": "2026-01-01"},
            "evaluators": list(evaluators), "alerts": list(rules)}


def test_the_issues_shape_is_taken_as_written_and_stored_with_its_names():
    rule = yaml.safe_load(ISSUE_EXAMPLE)
    spec = validate_task(task(rule))
    (got,) = spec.alerts
    assert (got.name, got.evaluator, got.metric, got.below, got.for_, got.notify) == \
        ("grounding-pass-rate", "grounding", "pass_rate", 0.9, 2, ["ops"])
    stored = spec.model_dump(mode="json", by_alias=True, exclude_none=True)["alerts"][0]
    assert {k: stored[k] for k in rule} == rule  # `for`, not `for_`: documents stay portable
    assert TaskSpec.model_validate_json(spec.model_dump_json(by_alias=True)) == spec


def refused(rule: dict, context: dict | None = None, **extra) -> str:
    with pytest.raises(ValidationError) as info:
        TaskSpec.model_validate(task(rule, **extra), context=context)
    return str(info.value)


@pytest.mark.parametrize("rule,message", [
    ({"name": "r", "metric": "pass_rate"}, "a pass_rate rule needs exactly one of below: or above:"),
    ({"name": "r", "metric": "pass_rate", "below": 0.5, "above": 0.1}, "exactly one of below: or above:"),
    ({"name": "r", "metric": "mean_score", "below": 2}, "a mean_score threshold is between 0 and 1"),
    ({"name": "r", "metric": "pass_rate", "below": 0.5, "evaluator": "safety", "dimension": "safety"},
     "give evaluator or dimension, not both"),
    ({"name": "r", "metric": "label_share", "above": 0.1}, "a label_share rule needs label:"),
    ({"name": "r", "metric": "new_label", "above": 0.1}, "a new_label rule takes no below:/above:"),
    ({"name": "r", "metric": "drop"}, "a drop rule needs against:"),
    ({"name": "r", "metric": "drop", "against": {"runs": 3, "version": "v1"}}, "give either runs: N or version: V"),
    ({"name": "r", "metric": "mean_score", "below": 0.5, "estimate": "lower"}, "estimate: lower needs a proportion"),
    ({"name": "r", "metric": "pass_rate", "below": 0.5, "quiet": "soon"}, "invalid duration 'soon'"),
    ({"name": "r", "metric": "pass_rate", "below": 0.5, "labels": {"task": "x"}}, "label 'task' is set by tracepatrol"),
    ({"name": "R!", "metric": "pass_rate", "below": 0.5}, "a rule name must be 1-64 characters"),
    ({"name": "r", "metric": "pass_rate", "below": 0.5, "webhook": "https://x.example"}, "webhook cannot be set"),
    ({"name": "r", "metric": "pass_rate", "below": 0.5, "notify": ["a", "a"]}, "a destination is listed twice"),
    ({"name": "r", "metric": "pass_rate", "below": 0.5, "evaluator": "tool_selection"},
     "rule 'r' watches evaluator 'tool_selection', which the task does not run (grounding, safety)"),
])
def test_a_rule_that_does_not_fit_its_metric_is_refused_naming_why(rule, message):
    assert message in refused(rule)


def test_rule_names_are_unique_in_a_task_and_apart_from_the_servers():
    rule = {"name": "r", "metric": "pass_rate", "below": 0.5}
    with pytest.raises(TaskError, match="alerts: rule 'r' is defined twice"):
        validate_task(task(rule, rule))
    assert "'r' is the name of one of the server's own rules" in refused(rule, {SERVER_RULES: {"r"}})


def test_destinations_are_checked_against_the_servers_when_a_task_is_made():
    rule = {"name": "r", "metric": "pass_rate", "below": 0.5, "notify": ["ops", "pager"]}
    assert "'pager' is not one of the server's notification destinations: its destinations are chat, ops" in \
        refused(rule, {DESTINATIONS: {"ops", "chat"}})
    assert "the server has no destinations (notifications.destinations" in refused(rule, {DESTINATIONS: set()})
    TaskSpec.model_validate(task(rule), context={DESTINATIONS: {"ops", "pager"}})
    TaskSpec.model_validate(task(rule))  # a stored task is read without the context: it still loads


def test_the_default_evaluators_may_be_watched_when_a_task_names_none():
    rule = {"name": "r", "metric": "pass_rate", "below": 0.5, "evaluator": "tool_selection"}
    assert validate_task(task(rule, evaluators=())).alerts[0].evaluator == "tool_selection"


def server_settings(tmp_path, notifications: dict):
    path = tmp_path / "tp.yaml"
    path.write_text(yaml.safe_dump({"notifications": notifications}))
    return load_settings(path)


def test_server_settings_take_destinations_and_server_rules(tmp_path):
    s = server_settings(tmp_path, {
        "destinations": {"ops": {"kind": "webhook", "url": "https://hooks.example.com/tp", "secret": "s3cret"},
                         "am": {"kind": "alertmanager", "url": "http://am:9093/"}},
        "rules": [{"name": "quarantine", "metric": "quarantined_per_hour", "above": 10, "notify": ["ops"]},
                  {"name": "late", "metric": "schedule_missed", "notify": ["am"], "tasks": ["daily"]}]})
    n = s.notifications
    assert n.destinations["am"].target() == "http://am:9093/api/v2/alerts"
    assert "s3cret" not in repr(n) and "hooks.example.com" not in repr(n)
    assert [r.threshold for r in n.rules] == [10, 300.0]
    assert n.rules[1].watches("daily") and not n.rules[1].watches("other")


@pytest.mark.parametrize("notifications,message", [
    ({"rules": [{"name": "q", "metric": "quarantined_per_hour", "above": 1, "notify": ["ops"]}]},
     "rules: 'q' notifies 'ops', which is not in notifications.destinations (none defined)"),
    ({"destinations": {"ops": {"kind": "webhook", "url": "ftp://x"}}}, "url must be an http:// or https:// URL"),
    ({"destinations": {"ops": {"kind": "pager", "url": "https://x.example"}}}, "notifications.destinations.ops.kind"),
    ({"rules": [{"name": "q", "metric": "assembly_lag_s"}]}, "metric assembly_lag_s needs above:"),
    ({"rules": [{"name": "q", "metric": "run_failed", "above": 1}]}, "a run_failed rule takes no above:"),
    ({"delivery": {"retry_initial_s": 10, "retry_max_s": 1}}, "retry_max_s must be at least retry_initial_s"),
    ({"destinations": {"ops": {"kind": "webhook", "url": "https://x.example", "token": "t"}}},
     "notifications.destinations.ops.token"),
])
def test_bad_notification_settings_fail_at_start_naming_the_key(tmp_path, notifications, message):
    with pytest.raises(SettingsError, match="invalid setting notifications") as info:
        server_settings(tmp_path, notifications)
    assert message in str(info.value)


def test_a_bad_destination_is_named_without_echoing_its_url_or_secret(tmp_path):
    with pytest.raises(SettingsError) as info:
        server_settings(tmp_path, {"destinations": {"ops": {"kind": "webhook", "url": "ftp://tok-123@host/x",
                                                            "secret": 987654321}}})
    assert "notifications.destinations.ops.url" in str(info.value) and "notifications.destinations.ops.secret" in \
        str(info.value)
    assert "tok-123" not in str(info.value) and "987654321" not in str(info.value)


def test_alert_rule_models_refuse_unknown_keys():
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        AlertRule.model_validate({"name": "r", "metric": "pass_rate", "below": 0.5, "treshold": 1})
