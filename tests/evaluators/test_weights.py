"""Scene profiles: the seed's three profiles load, and each validation rule names the bad key."""
from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError

from evaluators.base import DIMENSIONS
from evaluators.weights import ProfileError, SceneProfile, get_profile, load_profiles

SEED_WEIGHTS = {  # seed 003's tables
    "data_analysis": dict(task_planning=0.25, tool_use=0.20, dialogue=0.10, coding=0.25, knowledge=0.15, safety=0.05),
    "customer_service": dict(task_planning=0.10, tool_use=0.15, dialogue=0.35, coding=0.05, knowledge=0.20,
                             safety=0.15),
    "code_assistant": dict(task_planning=0.20, tool_use=0.15, dialogue=0.10, coding=0.40, knowledge=0.10, safety=0.05),
}


def profile(**changes) -> dict:
    doc = {
        "scene": "test_scene",
        "weights": dict(task_planning=0.2, tool_use=0.2, dialogue=0.15, coding=0.15, knowledge=0.15, safety=0.15),
        "reasons": {d: f"why {d}" for d in DIMENSIONS},
    }
    doc.update(changes)
    return doc


def test_builtin_profiles_are_the_seeds():
    profiles = load_profiles()
    assert {s: p.weights for s, p in profiles.items()} == SEED_WEIGHTS
    assert all(p.reasons[d] for p in profiles.values() for d in DIMENSIONS)


def test_code_assistant_carries_the_review_the_seed_asks_for():
    # 0.40 / 0.05 = 8: the seed's own "40 % vs 5 %" example of a ratio that needs team review.
    assert get_profile("code_assistant").pairs_needing_review() == [("coding", "safety")]
    assert get_profile("code_assistant").review[0].dimensions == ["coding", "safety"]


def test_a_valid_profile_with_history():
    p = SceneProfile.model_validate(profile(history=[{"date": "2025-03-01", "change": "safety 0.10 -> 0.15",
                                                      "reason": "a PII incident"}]))
    assert p.history[0].reason == "a PII incident"


def test_weights_must_sum_to_one():
    with pytest.raises(ValidationError, match=r"weights sum to 1\.05, not 1"):
        SceneProfile.model_validate(profile(weights={**profile()["weights"], "safety": 0.2}))


def test_sum_tolerates_float_rounding():
    SceneProfile.model_validate(profile(weights={d: 1 / 6 for d in DIMENSIONS}))  # sums to 0.9999999999999999


def test_each_weight_at_least_five_percent():
    weights = dict(task_planning=0.3, tool_use=0.2, dialogue=0.16, coding=0.15, knowledge=0.15, safety=0.04)
    with pytest.raises(ValidationError, match=r"weights\.safety = 0\.04 is below the minimum 0\.05"):
        SceneProfile.model_validate(profile(weights=weights))


def test_all_six_dimensions_required():
    weights = dict(task_planning=0.3, tool_use=0.2, dialogue=0.2, coding=0.15, knowledge=0.15)
    with pytest.raises(ValidationError, match=r"weights: missing dimension\(s\) safety"):
        SceneProfile.model_validate(profile(weights=weights))


def test_unknown_dimension_is_named():
    with pytest.raises(ValidationError, match=r"weights\.charm"):
        SceneProfile.model_validate(profile(weights={**profile()["weights"], "charm": 0.1}))


@pytest.mark.parametrize("reason", [None, "", "  "])
def test_a_reason_per_weight(reason):
    reasons = {d: f"why {d}" for d in DIMENSIONS}
    if reason is None:
        del reasons["coding"]
    else:
        reasons["coding"] = reason
    with pytest.raises(ValidationError, match=r"reasons\.coding: every weight needs a business reason"):
        SceneProfile.model_validate(profile(reasons=reasons))


def test_ratio_of_eight_or_more_needs_a_review_naming_the_pair():
    weights = dict(task_planning=0.45, tool_use=0.15, dialogue=0.15, coding=0.1, knowledge=0.1, safety=0.05)
    with pytest.raises(ValidationError, match=r"weights\.task_planning / weights\.safety = 9 >= 8: add a review"):
        SceneProfile.model_validate(profile(weights=weights))
    wrong_pair = [{"dimensions": ["coding", "safety"], "reviewed_by": ["ann"], "reason": "ok"}]
    with pytest.raises(ValidationError, match=r"\[task_planning, safety\]"):
        SceneProfile.model_validate(profile(weights=weights, review=wrong_pair))
    review = [{"dimensions": ["task_planning", "safety"], "reviewed_by": ["ann", "bob"], "date": "2025-03-01",
               "reason": "planning is the product"}]
    assert SceneProfile.model_validate(profile(weights=weights, review=review)).review[0].reviewed_by == ["ann", "bob"]


def test_ratio_just_under_eight_needs_no_review():
    weights = dict(task_planning=0.39, tool_use=0.2, dialogue=0.16, coding=0.1, knowledge=0.1, safety=0.05)
    assert SceneProfile.model_validate(profile(weights=weights)).pairs_needing_review() == []


def test_user_directory_adds_and_overrides(tmp_path):
    (tmp_path / "mine.yaml").write_text(yaml.safe_dump(profile(scene="research")))
    (tmp_path / "cs.yaml").write_text(yaml.safe_dump(profile(scene="customer_service")))
    profiles = load_profiles(tmp_path)
    assert set(profiles) == {*SEED_WEIGHTS, "research"}
    assert profiles["customer_service"].weights == profile()["weights"]
    assert get_profile("research", [tmp_path]).scene == "research"


def test_unknown_scene_lists_valid_ones():
    valid = "code_assistant, customer_service, data_analysis"
    with pytest.raises(LookupError, match=f"unknown scene 'retail'; valid: {valid}"):
        get_profile("retail")


def test_bad_file_names_file_and_key(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(profile(weights={**profile()["weights"], "safety": 0.01})))
    with pytest.raises(ProfileError, match=r"bad\.yaml: weights\.safety = 0\.01 is below the minimum 0\.05"):
        load_profiles(tmp_path)
    bad.write_text("scene: [unclosed")
    with pytest.raises(ProfileError, match=r"bad\.yaml: not valid YAML"):
        load_profiles(tmp_path)
