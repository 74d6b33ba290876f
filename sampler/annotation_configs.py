"""Annotation configs: the labels reviewers give traces, each defined once with the values it
allows: `categorical` (one of its values), `score` (a number from `min` to `max`) or `text` (free
text). This module owns the `annotation_configs` table (schema version 1); `sampler.annotations`
checks every labelled annotation against its config.
"""
from __future__ import annotations

import math
from typing import Literal

import duckdb
import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from infra.schema import ensure_schema, installed_version
from infra.timeutil import utcnow
from sampler.policy import format_errors

SCHEMA_VERSION = 1
COMPONENT = "annotation_configs"
MAX_TEXT = 4000

_DDL = """
CREATE TABLE IF NOT EXISTS annotation_configs (
    name VARCHAR PRIMARY KEY, config JSON NOT NULL, created_at TIMESTAMP NOT NULL
);
"""


class ConfigError(ValueError):
    """A bad config, an unknown label or a value its config does not allow; the message says which."""


class AnnotationConfig(BaseModel):
    """One label reviewers give: `correctness` with values right / partly / wrong, `helpfulness`
    scored 1 to 5, a free-text `comment`."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")
    kind: Literal["categorical", "score", "text"]
    values: list[str] = Field(default_factory=list)
    min: float | None = None
    max: float | None = None
    description: str | None = Field(None, max_length=500)

    @field_validator("values")
    @classmethod
    def _values(cls, values: list[str]) -> list[str]:
        values = [v.strip() for v in values]
        if any(not v or len(v) > 64 for v in values):
            raise ValueError("each value is 1 to 64 characters")
        if len(set(values)) != len(values):
            raise ValueError("values must differ")
        return values

    @model_validator(mode="after")
    def _fits(self) -> AnnotationConfig:
        if self.kind == "categorical" and not 2 <= len(self.values) <= 20:
            raise ValueError("a categorical label takes 2 to 20 values")
        if self.kind != "categorical" and self.values:
            raise ValueError(f"only a categorical label has values; a {self.kind} label does not")
        if self.kind == "score":
            if self.min is None or self.max is None or not (math.isfinite(self.min) and math.isfinite(self.max)) \
                    or self.min >= self.max:
                raise ValueError("a score label needs a finite min below its max (e.g. 1 and 5)")
        elif self.min is not None or self.max is not None:
            raise ValueError(f"only a score label has min and max; a {self.kind} label does not")
        return self

    def check(self, value: str) -> tuple[str, float | None]:
        """The value as stored (text) and as a number for a score; ConfigError when it does not fit."""
        text = (value or "").strip()
        if self.kind == "categorical":
            if text not in self.values:
                raise ConfigError(f"{self.name}: {text[:80]!r} is not one of {', '.join(self.values)}")
            return text, None
        if self.kind == "score":
            try:
                number = float(text)
            except ValueError:
                raise ConfigError(f"{self.name}: {text[:80]!r} is not a number from {self.min:g} to {self.max:g}") from None
            if not (math.isfinite(number) and self.min <= number <= self.max):
                raise ConfigError(f"{self.name}: {text[:80]!r} is not a number from {self.min:g} to {self.max:g}")
            return f"{number:g}", number
        if not text or len(text) > MAX_TEXT:
            raise ConfigError(f"{self.name}: free text of 1 to {MAX_TEXT} characters")
        return text, None


def ensure_table(con: duckdb.DuckDBPyConnection) -> None:
    if installed_version(con, COMPONENT) != SCHEMA_VERSION:
        ensure_schema(con, COMPONENT, SCHEMA_VERSION, _DDL)


def parse(doc: dict) -> AnnotationConfig:
    try:
        return AnnotationConfig.model_validate(doc)
    except ValidationError as exc:
        raise ConfigError(format_errors(exc).replace("\n", "; ")) from None


def define(con: duckdb.DuckDBPyConnection, doc: dict) -> AnnotationConfig:
    """Define a label once: a second config of the same name is refused (annotations refer to it)."""
    config = parse(doc)
    ensure_table(con)
    if get(con, config.name) is not None:
        raise ConfigError(f"a label named {config.name!r} is already defined")
    con.execute("INSERT INTO annotation_configs VALUES (?, ?, ?)",
                [config.name, config.model_dump_json(exclude_none=True), utcnow()])
    return config


def get(con: duckdb.DuckDBPyConnection, name: str) -> AnnotationConfig | None:
    ensure_table(con)
    row = con.execute("SELECT config FROM annotation_configs WHERE name = ?", [name]).fetchone()
    return AnnotationConfig.model_validate(orjson.loads(row[0])) if row else None


def all_configs(con: duckdb.DuckDBPyConnection) -> list[AnnotationConfig]:
    """Every label, in the order they were defined."""
    ensure_table(con)
    return [AnnotationConfig.model_validate(orjson.loads(c)) for (c,) in
            con.execute("SELECT config FROM annotation_configs ORDER BY created_at, name").fetchall()]

