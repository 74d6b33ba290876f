"""Golden cases (config/datasets/*.yaml): the reference tool chain a trace is compared with.

A case is the seed's "task score" (000): the tools a task needs, in order, with their
arguments, the `after:` dependencies between steps and the `critical` steps whose dependencies
must never be broken (pay only after check_stock). A trace finds its case by the root-span
attribute `tracepatrol.case_id`, else by its exact input text.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from collector.trajectory import Trajectory

DATASETS_DIR = Path(__file__).resolve().parent.parent / "config" / "datasets"
CASE_ID_ATTRIBUTE = "tracepatrol.case_id"

# exact: equal JSON values; ignore: anything, even absent; subset: the call's value lies within the
# reference (fewer list items / keys, a substring); superset: the call's value contains the
# reference; normalized: equal after folding case, whitespace, punctuation, number and date forms.
MatchMode = Literal["exact", "ignore", "subset", "superset", "normalized"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ReferenceStep(_Model):
    """One expected call; `id` defaults to the tool name so `after: [login]` reads naturally."""

    id: str = ""
    tool: str = Field(min_length=1)
    args: dict[str, Any] = Field(default_factory=dict)
    match: dict[str, MatchMode] = Field(default_factory=dict)
    after: list[str] = Field(default_factory=list)
    critical: bool = False

    @model_validator(mode="after")
    def _defaults(self) -> ReferenceStep:
        self.id = self.id or self.tool
        for arg, mode in self.match.items():
            if arg not in self.args and mode != "ignore":
                raise ValueError(f"match.{arg}: {mode!r} needs a reference value in args.{arg}")
        return self

    def mode(self, arg: str) -> MatchMode:
        return self.match.get(arg, "exact")


class GoldenCase(_Model):
    id: str = Field(min_length=1)
    input: str | None = None
    description: str = ""
    steps: list[ReferenceStep] = Field(min_length=1)

    @model_validator(mode="after")
    def _check_steps(self) -> GoldenCase:
        seen: set[str] = set()
        for i, step in enumerate(self.steps):
            if step.id in seen:
                raise ValueError(f"steps[{i}].id {step.id!r} is used twice; give repeated tools distinct ids")
            for dep in step.after:
                if dep not in seen:  # earlier steps only: the reference order must agree with `after`
                    raise ValueError(f"steps[{i}] ({step.id}).after: {dep!r} is not an earlier step's id")
            seen.add(step.id)
        return self


class DatasetFile(_Model):
    dataset: str = ""
    description: str = ""
    cases: list[GoldenCase] = Field(min_length=1)


class DatasetError(ValueError):
    """A dataset file is invalid; the message names the file and the key."""


def load_cases(*directories: Path) -> list[GoldenCase]:
    """Cases from config/datasets and each given directory; case ids must be unique across files."""
    cases: dict[str, tuple[GoldenCase, Path]] = {}
    for directory in (DATASETS_DIR, *directories):
        for path in sorted(Path(directory).glob("*.yaml")):
            for case in _load_file(path).cases:
                if case.id in cases:
                    raise DatasetError(f"{path}: case id {case.id!r} is already defined in {cases[case.id][1]}")
                cases[case.id] = (case, path)
    return [case for case, _ in cases.values()]


def _load_file(path: Path) -> DatasetFile:
    try:
        return DatasetFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except yaml.YAMLError as exc:
        raise DatasetError(f"{path}: not valid YAML: {exc}") from None
    except ValidationError as exc:
        errors = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg'].removeprefix('Value error, ')}"
                           for e in exc.errors())
        raise DatasetError(f"{path}: {errors}") from None


def match_case(trajectory: Trajectory, cases: Iterable[GoldenCase | dict[str, Any]]) -> GoldenCase | None:
    """The case named by the trace's `tracepatrol.case_id`, else the one whose input is the trace's."""
    cases = [c if isinstance(c, GoldenCase) else GoldenCase.model_validate(c) for c in cases]
    case_id = trajectory.attributes.get(CASE_ID_ATTRIBUTE)
    if case_id is not None:
        for case in cases:
            if case.id == str(case_id):
                return case
    if trajectory.input is not None:
        for case in cases:
            if case.input is not None and case.input == trajectory.input:
                return case
    return None
