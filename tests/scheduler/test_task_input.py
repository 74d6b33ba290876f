"""Task documents from users: preset names, evaluator options and YAML are bounded with clear refusals."""
from __future__ import annotations

import os

import pytest

from scheduler import safe_yaml
from scheduler.presets import PRESET_DIR, PresetError, apply_overrides, load_preset, preset_names
from scheduler.task import MAX_OPTIONS_DEPTH, TaskError, task_from_request, validate_task

BASE = {"name": "t", "window": {"mode": "backfill", "last": "3h"}, "evaluators": ["parameters"]}
BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8))


def nested(depth: int):
    value: object = "x"
    for _ in range(depth):
        value = {"k": value}
    return value


@pytest.mark.parametrize("name", ["absolute", "relative", "../presets/daily-patrol", "Daily-Patrol", "x" * 65, ""])
def test_preset_names_are_never_paths(tmp_path, name):
    secret = tmp_path / "x.yaml"
    secret.write_text("name: secret-value-42\n")
    name = {"absolute": str(secret.with_suffix("")),
            "relative": os.path.relpath(secret.with_suffix(""), PRESET_DIR)}.get(name, name)
    with pytest.raises(PresetError) as info:
        load_preset(name)
    message = str(info.value)
    assert "not a path" in message and "daily-patrol" in message  # the known names
    assert "secret-value" not in message and (not name or name not in message)


def test_unknown_preset_lists_the_known_ones():
    with pytest.raises(PresetError, match=r"^unknown preset 'nope'; valid: complaint-triage, daily-patrol"):
        load_preset("nope")


def test_only_files_inside_the_presets_folder_are_presets(tmp_path):
    presets, outside = tmp_path / "presets", tmp_path / "outside.yaml"
    presets.mkdir()
    outside.write_text("name: leaked\n")
    (presets / "linked.yaml").symlink_to(outside)
    (presets / "own.yaml").write_text("name: own\n")
    assert preset_names(presets) == ["own"]
    with pytest.raises(PresetError, match="unknown preset 'linked'"):
        load_preset("linked", presets)


def test_options_are_bounded_in_depth():
    validate_task({**BASE, "options": {"parameters": nested(MAX_OPTIONS_DEPTH)}})
    for depth in (MAX_OPTIONS_DEPTH + 1, 300, 5000):
        with pytest.raises(TaskError, match=f"options nest deeper than {MAX_OPTIONS_DEPTH} levels"):
            validate_task({**BASE, "options": {"parameters": nested(depth)}})


def test_options_are_bounded_in_size_and_must_be_json():
    with pytest.raises(TaskError, match="more than 64 KiB"):
        validate_task({**BASE, "options": {"parameters": {"x": "a" * 70_000}}})
    with pytest.raises(TaskError, match="options must be JSON values"):
        task_from_request({**BASE, "set": ["options.parameters={1: a}"]})


def test_yaml_aliases_deep_nesting_and_size_are_refused():
    with pytest.raises(safe_yaml.YAMLRefused, match=r"line 2: aliases \(\*name\) are not allowed"):
        safe_yaml.load(BOMB)
    with pytest.raises(safe_yaml.YAMLRefused, match="nests deeper than 32 levels"):
        safe_yaml.load("x: " + "[" * 5000 + "]" * 5000)
    with pytest.raises(safe_yaml.YAMLRefused, match="at most 1,048,576"):
        safe_yaml.load("#" * (1024 * 1024 + 1))
    assert safe_yaml.load("a: &x 1\nb: [2, {c: d}]\n") == {"a": 1, "b": [2, {"c": "d"}]}  # anchors alone are fine


def test_set_values_are_loaded_the_same_way():
    with pytest.raises(PresetError, match="--set filters: value line 1: aliases"):
        apply_overrides({}, ["filters=[&a x, *a]"])
