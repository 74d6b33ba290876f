"""parameters: is each call's argument object valid against its tool's JSON Schema?

Validation is jsonschema's Draft 2020-12 validator with a format checker; each error's keyword
maps to a label and a call gets the first label of the RelyToolBench cascade it hits. Two
additions make the check as strict as a tool's author means it: an object schema that does not
say whether extra keys are allowed rejects them (unexpected_param), and a string whose
description demands YYYY-MM-DD is checked as format date.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any
from urllib.parse import urlsplit

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import ValidationError, best_match

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator
from evaluators.schemas import Schema, ToolSchemas, date_pattern, schema_key, wants_date_description
from evaluators.text import call_ref, path_text, short, text_of

CASCADE = ("invalid_json", "hallucinated_tool", "missing_required", "unexpected_param", "type_error",
           "enum_error", "format_error", "constraint_error")
_KEYWORD_LABELS = {
    "required": "missing_required", "dependentRequired": "missing_required",
    "additionalProperties": "unexpected_param", "unevaluatedProperties": "unexpected_param",
    "propertyNames": "unexpected_param", "type": "type_error", "enum": "enum_error", "const": "enum_error",
    "format": "format_error",
}

# --- the format checker: Draft 2020-12's own, plus the formats it needs extra packages for ----

FORMATS = FormatChecker(())
FORMATS.checkers = dict(Draft202012Validator.FORMAT_CHECKER.checkers)
_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})", re.ASCII)
# RFC 3339 full-time, with the seconds and offset optional: tools use `time` for clock times.
_TIME = re.compile(r"(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(?:[Zz]|[+-]\d{2}:\d{2})?", re.ASCII)
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")


@FORMATS.checks("date-time", raises=ValueError)
def _is_date_time(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    return bool(_DATE_TIME.fullmatch(instance) and dt.datetime.fromisoformat(instance.upper().replace("Z", "+00:00")))


@FORMATS.checks("time", raises=ValueError)
def _is_time(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    match = _TIME.fullmatch(instance)
    return bool(match and dt.time.fromisoformat(match[1]))


@FORMATS.checks("uri", raises=ValueError)
def _is_uri(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    parts = urlsplit(instance)
    return bool(_SCHEME.fullmatch(parts.scheme) and (parts.netloc or parts.path) and not any(c.isspace() for c in instance))


# --- validators, one per distinct schema --------------------------------------------------------

_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SCHEMA_LISTS = ("prefixItems", "anyOf", "oneOf", "allOf")
_SCHEMA_ONES = ("items", "additionalProperties", "not", "if", "then", "else", "contains")
_OPEN_KEYS = ("additionalProperties", "patternProperties", "unevaluatedProperties", "allOf", "anyOf", "oneOf", "$ref")


def strict(schema: Any) -> Any:
    """A copy of `schema` that rejects undeclared keys where it is silent about them and checks a
    string described as YYYY-MM-DD as format date."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    for key in _SCHEMA_MAPS:
        if isinstance(out.get(key), dict):
            out[key] = {name: strict(sub) for name, sub in out[key].items()}
    for key in _SCHEMA_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [strict(sub) for sub in out[key]]
    for key in _SCHEMA_ONES:
        if isinstance(out.get(key), dict):
            out[key] = strict(out[key])
    if isinstance(out.get("properties"), dict) and not any(k in out for k in _OPEN_KEYS):
        out["additionalProperties"] = False
    if wants_date_description(out):
        out["format"] = "date"
    return out


_VALIDATORS: dict[bytes, Draft202012Validator] = {}
# Verdicts by (schema, arguments): agents send the same arguments again and again (retries, loops,
# popular values), and validation is most of this evaluator's cost.
_VERDICTS: dict[tuple[bytes, bytes], dict[str, tuple]] = {}


def validator_for(schema: Schema) -> Draft202012Validator:
    """The (cached) validator for `schema`, keyed by content."""
    key = schema_key(schema)
    validator = _VALIDATORS.get(key)
    if validator is None:
        if len(_VALIDATORS) >= 4096:
            _VALIDATORS.clear()
        validator = _VALIDATORS[key] = Draft202012Validator(strict(schema), format_checker=FORMATS)
    return validator


def validate(schema: Schema, arguments: Any, arguments_key: bytes) -> dict[str, tuple]:
    """label -> (path or None, value, why) for the first error of each label; {} when valid."""
    key = (schema_key(schema), arguments_key)
    found = _VERDICTS.get(key)
    if found is None:
        found = {}
        for error in validator_for(schema).iter_errors(arguments):
            label = label_of(error)
            if label not in found:
                found[label] = _explain(error, label)
        if len(arguments_key) <= 1024:  # big argument objects are not kept
            if len(_VERDICTS) >= 1 << 15:
                _VERDICTS.clear()
            _VERDICTS[key] = found
    return found


# --- error -> label and explanation -----------------------------------------------------------

def label_of(error: ValidationError) -> str:
    if error.validator in ("anyOf", "oneOf") and error.context:
        return label_of(best_match(error.context))
    if error.validator == "pattern":
        return "format_error" if date_pattern(error.validator_value) else "constraint_error"
    return _KEYWORD_LABELS.get(str(error.validator), "constraint_error")


def _explain(error: ValidationError, label: str) -> tuple[tuple | None, Any, str]:
    """(path of the offending argument or None, its value, why) for one error."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        return _explain(best_match(error.context), label)
    path, value = tuple(error.absolute_path), error.instance
    where = path_text(path)
    if label == "missing_required":
        missing = [p for p in error.validator_value if isinstance(error.instance, dict) and p not in error.instance]
        names = ", ".join(path_text((*path, m)) for m in missing) or where
        return None, None, f"{names} {'is' if len(missing) < 2 else 'are'} required"
    if label == "unexpected_param" and isinstance(value, dict):
        declared = error.schema.get("properties") or {}
        extra = [k for k in value if k not in declared][:3]
        if extra:
            return (*path, extra[0]), value[extra[0]], f"{', '.join(path_text((*path, k)) for k in extra)} not a parameter"
    if label == "type_error":
        return path, value, f"{where} expects {error.validator_value if isinstance(error.validator_value, str) else ' or '.join(error.validator_value)}"
    if label == "enum_error":
        allowed = [error.validator_value] if error.validator == "const" else list(error.validator_value)
        return path, value, f"{where} expects one of {short(allowed, 60)}"
    if label == "format_error":
        fmt = "date" if error.validator == "pattern" else error.validator_value
        return path, value, f"{where} expects " + {"date": "YYYY-MM-DD", "date-time": "an RFC 3339 date-time"}.get(fmt, f"format {fmt}")
    return path, value, f"{where}: {error.message[:80]}"


# --- the evaluator ------------------------------------------------------------------------------

class ParametersEvaluator(Evaluator):
    alias = "parameters"
    dimension = "tool_use"
    description = "Each call's arguments against its tool's JSON Schema (first-hit cascade)."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        schemas = ToolSchemas(trajectory, context)
        checks = [self._check(call, key, schemas) for call, key in zip(trajectory.tool_calls, text_of(trajectory).keys)]
        counted = [c for c in checks if c["label"] not in ("no_schema", "no_arguments")]
        if not counted:
            return self.not_applicable(
                "no tool calls" if not checks else f"none of {len(checks)} calls has a schema or recorded arguments",
                calls=checks)
        failed = [c for c in counted if c["label"] != "pass"]
        score = (len(counted) - len(failed)) / len(counted)
        labels = sorted({c["label"] for c in failed}, key=CASCADE.index)
        skipped = len(checks) - len(counted)
        details = {"calls": checks, "checked": len(counted), "valid": len(counted) - len(failed), "no_schema": skipped}
        if not failed:
            extra = f" ({skipped} without a schema)" if skipped else ""
            return self.result(score=score, label="pass", passed=True, details=details,
                               reason=f"{len(counted)} call(s) valid against their schemas{extra}")
        worst = min(failed, key=lambda c: CASCADE.index(c["label"]))
        more = f" (+{len(failed) - 1} more invalid)" if len(failed) > 1 else ""
        return self.result(score=score, label=worst["label"], labels=labels, passed=False, details=details,
                           evidence=[c["seq"] for c in failed], reason=worst["reason"] + more)

    def _check(self, call: ToolCall, key: bytes, schemas: ToolSchemas) -> dict[str, Any]:
        """One call's verdict: label (first hit), every label found, and the reason."""
        verdict: dict[str, Any] = {"seq": call.seq, "tool": call.name}
        if not call.arguments_valid_json:
            raw = call.arguments_raw if call.arguments_raw is not None else call.arguments
            why = f"{call_ref(call.seq, call.name)}: invalid_json: arguments {short(raw)} are not valid JSON"
            return verdict | {"label": "invalid_json", "labels": ["invalid_json"], "reason": why}
        if schemas.known() and not schemas.exists(call.name):
            why = f"{call_ref(call.seq, call.name)}: hallucinated_tool: no tool of that name is offered or registered"
            return verdict | {"label": "hallucinated_tool", "labels": ["hallucinated_tool"], "reason": why}
        schema = schemas.get(call)
        if schema is None:
            return verdict | {"label": "no_schema", "labels": [], "reason": "no schema"}
        if call.arguments is None:
            return verdict | {"label": "no_arguments", "labels": [], "reason": "arguments not recorded"}
        found = validate(schema, call.arguments, key)
        if not found:
            return verdict | {"label": "pass", "labels": [], "reason": "valid"}
        labels = sorted(found, key=CASCADE.index)
        path, value, why = found[labels[0]]
        ref = call_ref(call.seq, call.name, path, value) if path is not None else call_ref(call.seq, call.name)
        return verdict | {"label": labels[0], "labels": labels, "reason": f"{ref}: {labels[0]}: {why}",
                          "errors": {label: found[label][2] for label in labels}}
