"""Scene profiles: how much each of the six dimensions counts for one kind of agent.

Weights are a business decision, so a profile must say why (a `reason` per weight) and, when one
weight dwarfs another (ratio of 8 or more, the seed's own "40 % vs 5 %" example), who reviewed
it. Rules from seed 003: weights sum to 1, none below 5 % (a zero weight lets a capability rot).
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from evaluators.base import DIMENSIONS, Dimension

WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "config" / "weights"
MIN_WEIGHT = 0.05
REVIEW_RATIO = 8.0
_TOLERANCE = 1e-9


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Review(_Model):
    """A team sign-off on an extreme ratio; `dimensions` names the weights it covers."""

    dimensions: list[Dimension] = Field(min_length=2)
    reviewed_by: list[str] = Field(min_length=1)
    date: str | None = None
    reason: str = Field(min_length=1)


class Change(_Model):
    """One past adjustment, kept so later readers see why the weights moved."""

    date: str
    change: str
    reason: str = Field(min_length=1)


class SceneProfile(_Model):
    scene: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    description: str = ""
    weights: dict[Dimension, float]
    reasons: dict[Dimension, str]
    review: list[Review] = Field(default_factory=list)
    history: list[Change] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> SceneProfile:
        missing = [d for d in DIMENSIONS if d not in self.weights]
        if missing:
            raise ValueError(f"weights: missing dimension(s) {', '.join(missing)}; all six are required")
        for dim, value in self.weights.items():
            if value < MIN_WEIGHT:
                raise ValueError(f"weights.{dim} = {value} is below the minimum {MIN_WEIGHT}")
        total = sum(self.weights.values())
        if abs(total - 1.0) > _TOLERANCE:
            raise ValueError(f"weights sum to {total:.12g}, not 1")
        for dim in DIMENSIONS:
            if not self.reasons.get(dim, "").strip():
                raise ValueError(f"reasons.{dim}: every weight needs a business reason")
        for pair in self.pairs_needing_review():
            if not any(set(pair) <= set(r.dimensions) for r in self.review):
                hi, lo = pair
                raise ValueError(f"weights.{hi} / weights.{lo} = {self.weights[hi] / self.weights[lo]:.3g} "
                                 f">= {REVIEW_RATIO:g}: add a review entry naming [{hi}, {lo}]")
        return self

    def pairs_needing_review(self) -> list[tuple[str, str]]:
        """(heavier, lighter) pairs whose ratio reaches REVIEW_RATIO."""
        return [(hi, lo) for hi, lo in itertools.permutations(self.weights, 2)
                if self.weights[hi] >= self.weights[lo] * REVIEW_RATIO - _TOLERANCE]


class ProfileError(ValueError):
    """A profile file is invalid; the message names the file and the key."""


def load_profile(path: Path) -> SceneProfile:
    """One profile file; YAML, so JSON too."""
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        return SceneProfile.model_validate(doc)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ProfileError(f"{path}: not valid YAML: {exc}") from None
    except ValidationError as exc:
        raise ProfileError(f"{path}: {_describe(exc)}") from None


def load_profiles(*directories: Path) -> dict[str, SceneProfile]:
    """The built-in profiles, then each user directory's; a later file with the same scene wins."""
    profiles: dict[str, SceneProfile] = {}
    for directory in (WEIGHTS_DIR, *directories):
        for path in sorted(Path(directory).glob("*.yaml")):
            profile = load_profile(path)
            profiles[profile.scene] = profile
    return profiles


UNIFORM = "uniform"


def uniform_profile() -> SceneProfile:
    """Equal weights: no scene preference (the seed's short-board example is scored so)."""
    return SceneProfile(scene=UNIFORM, description="Every dimension counts the same.",
                        weights=dict.fromkeys(DIMENSIONS, 1 / len(DIMENSIONS)),
                        reasons=dict.fromkeys(DIMENSIONS, "Equal weights: no scene preference."))


def weights_profile(spec: str) -> SceneProfile:
    """`uniform`, or a profile file (YAML or JSON, the shape of config/weights/*.yaml) validated
    as the bundled ones are: a team scores with its own weights without adding a scene."""
    if spec == UNIFORM:
        return uniform_profile()
    path = Path(spec)
    if not path.is_file():
        raise ProfileError(f"{spec}: no such file (give a profile file or {UNIFORM!r})")
    return load_profile(path)


def get_profile(scene: str, directories: Iterable[Path] = ()) -> SceneProfile:
    profiles = load_profiles(*directories)
    if scene not in profiles:
        raise LookupError(f"unknown scene {scene!r}; valid: {', '.join(sorted(profiles))}")
    return profiles[scene]


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        key = ".".join(str(p) for p in err["loc"])
        msg = err["msg"].removeprefix("Value error, ")
        parts.append(f"{key}: {msg}" if key else msg)
    return "; ".join(parts)
