"""The YAML in docs/alerts.md is what the server and the task model take."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from scheduler.alert_rules import DESTINATIONS
from scheduler.task import TaskSpec
from tracepatrol.settings import Settings

DOC = Path(__file__).resolve().parents[2] / "docs" / "alerts.md"
BLOCKS = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_doc_has_its_examples():
    assert [b.splitlines()[0] for b in BLOCKS] == [
        "# server settings (tracepatrol serve --config tracepatrol.yaml)", "# a task (tracepatrol task create --file daily.yaml)",
        "# a task's alerts, one of each kind", "# server settings: server rules and delivery"]


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.startswith("# server settings")])
def test_server_settings_examples_validate(block):
    Settings.model_validate(yaml.safe_load(block))


def test_task_examples_validate_against_the_destinations_the_settings_define():
    destinations = {"ops", "chat", "am"}
    task = yaml.safe_load(BLOCKS[1])
    TaskSpec.model_validate(task, context={DESTINATIONS: destinations})
    alerts = yaml.safe_load(BLOCKS[2])["alerts"]
    spec = TaskSpec.model_validate({**task, "evaluators": ["grounding", "tool_selection", "parameters"],
                                    "alerts": alerts}, context={DESTINATIONS: destinations})
    assert [a.metric for a in spec.alerts] == ["pass_rate", "mean_score", "label_share", "new_label", "drop", "drop"]
