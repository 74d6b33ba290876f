"""parameters: is each call's argument object valid against its tool's JSON Schema?

Validation is jsonschema's Draft 2020-12 validator with a format checker, patterns matched by RE2
(evaluators.patterns: a schema's patterns come from the trace); each error's keyword maps to a label and a call gets the first label of the RelyToolBench cascade it hits. Two
additions make the check as strict as a tool's author means it: an object schema that does not
say whether extra keys are allowed rejects them (unexpected_param). A relative date ("tomorrow") where
only the argument's name or description asks for a date ("Delivery day, YYYY-MM-DD") breaks no form
the schema fixes (`format`, `pattern`): grounding reports it (relative_date), not this evaluator.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import ValidationError, best_match
from referencing.exceptions import Unresolvable

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator, Finding
from evaluators.dates import date_pattern
from evaluators.patterns import compiled, is_pattern, noting, validator_class
from evaluators.schemas import OPEN_KEYS, Schema, SchemaFacts, ToolSchemas
from evaluators.text.cache import SHORT
from evaluators.text.reasons import call_ref, short
from evaluators.text.values import canonical_json, leaves, path_text

_UNCHECKED = ("no_schema", "invalid_schema", "no_arguments")  # calls the score leaves out
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
    return bool(_DATE_TIME.fullmatch(instance)
                and dt.datetime.fromisoformat(instance.upper().replace("Z", "+00:00")))


@FORMATS.checks("time", raises=ValueError)
def _is_time(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    match = _TIME.fullmatch(instance)
    return bool(match and dt.time.fromisoformat(match[1]))


@FORMATS.checks("regex")
def _is_regex(instance: object) -> bool:
    return not isinstance(instance, str) or is_pattern(instance)  # jsonschema's compiles it with `re`


@FORMATS.checks("uri", raises=ValueError)
def _is_uri(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    parts = urlsplit(instance)
    return bool(_SCHEME.fullmatch(parts.scheme) and (parts.netloc or parts.path)
                and not any(c.isspace() for c in instance))


# --- the schema as its author means it ----------------------------------------------------------

_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SCHEMA_LISTS = ("prefixItems", "anyOf", "oneOf", "allOf")
_SCHEMA_ONES = ("items", "additionalProperties", "not", "if", "then", "else", "contains")


def strict(schema: Any) -> Any:
    """A copy of `schema` that rejects undeclared keys where it is silent about them."""
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
    if isinstance(out.get("properties"), dict) and not any(k in out for k in OPEN_KEYS):
        out["additionalProperties"] = False
    return out


# --- validation, split so that verdicts can be reused ----------------------------------------------

Found = dict[str, tuple]  # label -> (path of the offending argument or None, its value, why)
Unchecked = tuple[str, ...]  # why parts of the schema could not be checked (evaluators.patterns)
# Object keywords whose verdict depends only on which keys are present (annotations aside).
_KEY_KEYWORDS = frozenset({"type", "properties", "required", "additionalProperties", "dependentRequired",
                           "minProperties", "maxProperties", "title", "description", "$comment", "default",
                           "examples", "$schema"})


class Checker:
    """One schema's validation, split so that jsonschema's verdicts can be reused.

    `properties` is a conjunction of one validation per declared property, so the arguments are
    checked by a shell (the schema with each property's subschema replaced by `true`: required,
    additionalProperties and the rest still apply) and each present property by its own subschema,
    whose errors are remembered per value: agents send the same cities, ids and dates again and
    again, and validation is most of this evaluator's cost. When the shell only constrains which
    keys are present, the key sets it accepted are remembered too. A schema with references is
    checked whole, as a subschema cannot resolve them alone.
    """

    def __init__(self, schema: Schema, key: bytes):
        self.broken = _schema_problem(schema)
        checked = strict(schema) if self.broken is None else {}
        properties = checked.get("properties")
        validator = validator_class(key)
        self.parts: dict[str, Draft202012Validator] = {}
        if isinstance(properties, dict) and b'"$' not in key and b'"definitions"' not in key:
            self.parts = {name: validator(sub, format_checker=FORMATS) for name, sub in properties.items()}
            checked = {**checked, "properties": dict.fromkeys(properties, True)}
        self.whole = validator(checked, format_checker=FORMATS)
        self._keys_only = (bool(self.parts) and set(checked) <= _KEY_KEYWORDS
                           and checked.get("type", "object") == "object"
                           and isinstance(checked.get("additionalProperties", True), bool))
        self._valid_keys: set[frozenset] = set()
        self._seen: dict[tuple, tuple[Found, Unchecked]] = {}

    def errors(self, arguments: Any) -> tuple[Found, Unchecked]:
        """The first error of each label ({} when the arguments are valid), and why any pattern went
        unchecked. Raises Unresolvable for a $ref that leads nowhere (only visible once an argument
        reaches it)."""
        if self._keys_only and isinstance(arguments, dict) and frozenset(arguments) in self._valid_keys:
            found: Found = {}
            unchecked: list[str] = []
        else:
            with noting() as unchecked:
                found = _first_of_each(self.whole.iter_errors(arguments), ())
            if self._keys_only and not found and len(self._valid_keys) < 4096:
                self._valid_keys.add(frozenset(arguments))
        if self.parts and isinstance(arguments, dict):
            for name, value in arguments.items():
                if name in self.parts:
                    part, notes = self._part(name, value)
                    for label, explained in part.items():
                        found.setdefault(label, explained)
                    unchecked += [n for n in notes if n not in unchecked]
        return found, tuple(unchecked)

    def _part(self, name: str, value: Any) -> tuple[Found, Unchecked]:
        scalar = isinstance(value, str | int | float | None)
        kept = value if scalar else canonical_json(value)
        key = (name, type(value).__name__, kept)  # a type's name, not the type: the key stays untracked by GC
        verdict = self._seen.get(key)
        if verdict is None:
            with noting() as unchecked:
                found = _first_of_each(self.parts[name].iter_errors(value), (name,))
            verdict = found, tuple(unchecked)
            if not isinstance(kept, str | bytes) or len(kept) <= SHORT:  # big values are not kept
                if len(self._seen) >= 1 << 14:
                    self._seen.clear()
                self._seen[key] = verdict
        return verdict


# The metaschema's own patterns are fixed; its `format: regex` goes to FORMATS, so RE2 judges them.
_META = Draft202012Validator(Draft202012Validator.META_SCHEMA, format_checker=FORMATS)


def _schema_problem(schema: Schema) -> str | None:
    """Why a recorded schema is not a JSON Schema (it comes from the trace: anything may be in it)."""
    error = next(_META.iter_errors(schema), None)
    return None if error is None else f"{path_text(tuple(error.absolute_path))}: {error.message[:80]}"


# Keyed by the schema's content, so threads may share the checkers: a checker only memoises
# jsonschema's verdicts on values, and an entry lost to a concurrent clear is only built again.
_CHECKERS: dict[bytes, Checker] = {}


def checker_for(schema: Schema, key: bytes) -> Checker:
    """The (cached) checker for `schema`, whose content key is `key`."""
    checker = _CHECKERS.get(key)
    if checker is None:
        if len(_CHECKERS) >= 4096:
            _CHECKERS.clear()
        checker = _CHECKERS[key] = Checker(schema, key)
    return checker


# --- error -> label and explanation -----------------------------------------------------------

def label_of(error: ValidationError) -> str:
    if error.validator in ("anyOf", "oneOf") and error.context:
        return label_of(best_match(error.context))
    if error.validator == "pattern":
        return "format_error" if date_pattern(error.validator_value) else "constraint_error"
    return _KEYWORD_LABELS.get(str(error.validator), "constraint_error")


def _first_of_each(errors: Iterable[ValidationError], prefix: tuple) -> Found:
    found: Found = {}
    for error in errors:
        label = label_of(error)
        if label not in found:
            found[label] = _explain(error, label, prefix)
    return found


def _explain(error: ValidationError, label: str, prefix: tuple) -> tuple[tuple | None, Any, str]:
    """(path of the offending argument or None, its value, why) for one error; `prefix` is the
    path of the value the error's validator was given."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        return _explain(best_match(error.context), label, prefix)
    path, value, expected = (*prefix, *error.absolute_path), error.instance, error.validator_value
    where = path_text(path)
    if label == "missing_required":
        missing = [p for p in expected if isinstance(value, dict) and p not in value]
        names = ", ".join(path_text((*path, m)) for m in missing) or where
        return None, None, f"{names} {'is' if len(missing) < 2 else 'are'} required"
    if label == "unexpected_param" and isinstance(value, dict):
        declared, patterns = error.schema.get("properties") or {}, error.schema.get("patternProperties") or {}
        extra = [k for k in value if k not in declared and all(compiled(p).search(k) is False for p in patterns)][:3]
        if extra:
            names = ", ".join(path_text((*path, k)) for k in extra)
            return (*path, extra[0]), value[extra[0]], f"{names} not a parameter"
    if label == "type_error":
        return path, value, f"{where} expects {expected if isinstance(expected, str) else ' or '.join(expected)}"
    if label == "enum_error":
        allowed = [expected] if error.validator == "const" else list(expected)
        return path, value, f"{where} expects one of {short(allowed, 60)}"
    if label == "format_error":
        fmt = "date" if error.validator == "pattern" else expected
        wanted = {"date": "YYYY-MM-DD", "date-time": "an RFC 3339 date-time"}.get(fmt, f"format {fmt}")
        return path, value, f"{where} expects {wanted}"
    return path, value, f"{where}: {error.message[:80]}"


# --- the evaluator ------------------------------------------------------------------------------

class ParametersEvaluator(Evaluator):
    alias = "parameters"
    dimension = "tool_use"
    description = "Each call's arguments against its tool's JSON Schema (first-hit cascade)."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        trajectory = context.view_of(trajectory).trajectory
        schemas = ToolSchemas(trajectory, context)
        checks = [self._check(call, schemas) for call in trajectory.tool_calls]
        counted = [c for c in checks if c["label"] not in _UNCHECKED]
        if not counted:
            return self.not_applicable(
                "no tool calls" if not checks else f"none of {len(checks)} calls has a valid schema or recorded arguments",
                calls=checks)
        failed = [c for c in counted if c["label"] != "pass"]
        score = (len(counted) - len(failed)) / len(counted)
        skipped = len(checks) - len(counted)
        details = {"calls": checks, "checked": len(counted), "valid": len(counted) - len(failed),
                   "no_schema": skipped}
        unchecked = list(dict.fromkeys(n for c in checks for n in c.get("unchecked", ())))
        if unchecked:
            details["unchecked"] = unchecked
        if not failed:
            extra = f" ({skipped} without a schema)" if skipped else ""
            extra += f"; {unchecked[0]}" + (f" (+{len(unchecked) - 1} more)" if len(unchecked) > 1 else "") if unchecked else ""
            return self.result(score=score, label="pass", passed=True, details=details,
                               reason=f"{len(counted)} call(s) valid against their schemas{extra}")
        # a call's finding is its first label in the cascade; the others it hit are in details.calls
        findings = [Finding(call=c["seq"], label=c["label"], reason=c["reason"]) for c in failed]
        return self.failed(findings, CASCADE, score=score, details=details)

    @staticmethod
    def _check(call: ToolCall, schemas: ToolSchemas) -> dict[str, Any]:
        """One call's verdict: label (first hit), every label found, and the reason."""
        seq, name = call.seq, call.name
        if not call.arguments_valid_json:
            raw = call.arguments_raw if call.arguments_raw is not None else call.arguments
            return _verdict(seq, name, "invalid_json",
                            f"{call_ref(seq, name)}: invalid_json: arguments {short(raw)} are not valid JSON")
        if schemas.known() and not schemas.exists(name):
            return _verdict(seq, name, "hallucinated_tool",
                            f"{call_ref(seq, name)}: hallucinated_tool: no tool of that name is offered or registered")
        schema = schemas.get(call)
        if schema is None:
            return _verdict(seq, name, "no_schema", "no schema")
        if call.arguments is None:
            return _verdict(seq, name, "no_arguments", "arguments not recorded")
        checker = checker_for(schema, schemas.key(call))
        if checker.broken is not None:
            return _verdict(seq, name, "invalid_schema", f"the tool's schema is not a JSON Schema: {checker.broken}")
        try:
            found, unchecked = checker.errors(call.arguments)
        except Unresolvable as exc:
            return _verdict(seq, name, "invalid_schema", f"the tool's schema has an unresolvable $ref: {short(str(exc), 80)}")
        notes = {"unchecked": list(unchecked)} if unchecked else {}
        if not found:
            return _verdict(seq, name, "pass", "; ".join(("valid", *unchecked)), **notes)
        labels = sorted(found, key=CASCADE.index)
        path, value, why = found[labels[0]]
        ref = call_ref(seq, name, path, value) if path is not None else call_ref(seq, name)
        return _verdict(seq, name, labels[0], f"{ref}: {labels[0]}: {why}", labels,
                        errors={label: found[label][2] for label in labels}, **notes)


def _verdict(seq: int, tool: str, label: str, reason: str, labels: list[str] | None = None, **extra: Any) -> dict:
    failures = labels if labels is not None else [label] if label in CASCADE else []
    return {"seq": seq, "tool": tool, "label": label, "labels": failures, "reason": reason, **extra}
