"""Where a tool call's JSON Schema comes from, and what a schema says about one argument.

A call's schema is the definition the trace itself recorded (what the model was shown), else the
configured registry (`config/tools/*.yaml`, loaded by `load_tool_schemas` into
`EvalContext.tool_schemas`); without either, nothing can be checked and the call is `no_schema`.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext
from evaluators.dates import wants_date
from evaluators.text.norm import norm, scalar_text
from evaluators.text.values import Path as ValuePath, canonical_json

Schema = dict[str, Any]


def load_tool_schemas(directory: str | Path) -> dict[str, Schema]:
    """Tool name -> parameters JSON Schema, from every *.yaml under `directory`.

    A file holds one tool (`name`, `description`, `parameters`) or a list of them; a name
    defined twice is an error, so a registry never silently shadows a tool.
    """
    schemas: dict[str, Schema] = {}
    for path in sorted(Path(directory).glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for tool in document if isinstance(document, list) else [document]:
            if not isinstance(tool, dict) or not isinstance(tool.get("name"), str):
                raise ValueError(f"{path}: each tool needs a `name`")
            parameters = tool.get("parameters") or {"type": "object", "properties": {}}
            if not isinstance(parameters, dict):
                raise ValueError(f"{path}: {tool['name']}: `parameters` must be a JSON Schema object")
            if tool["name"] in schemas:
                raise ValueError(f"{path}: tool {tool['name']!r} is defined twice")
            schemas[tool["name"]] = parameters
    return schemas


class ToolSchemas:
    """The schemas one trajectory's calls are checked against: the trace's own, then the registry;
    each with its content key (its canonical JSON), written once per tool for the trajectory."""

    __slots__ = ("offered", "registry", "_keys", "_vocabulary")

    def __init__(self, trajectory: Trajectory, context: EvalContext):
        self.offered = {d.name: d.parameters for d in trajectory.tools_offered}
        self.registry = context.tool_schemas
        self._keys: dict[str, bytes] = {}
        self._vocabulary: dict[ValuePath, frozenset[str]] = {}

    def known(self) -> bool:
        """Whether any tool list exists to tell a hallucinated name from a real one."""
        return bool(self.offered or self.registry)

    def exists(self, name: str) -> bool:
        return name in self.offered or name in self.registry

    def get(self, call: ToolCall) -> Schema | None:
        return self.offered.get(call.name) or self.registry.get(call.name)

    def key(self, call: ToolCall) -> bytes:
        """The content key of the call's schema (one must exist): what the caches of schema
        work are keyed by, as every trajectory brings its own copies of the same few schemas."""
        key = self._keys.get(call.name)
        if key is None:
            key = self._keys[call.name] = canonical_json(self.get(call))
        return key

    def vocabulary(self, path: ValuePath) -> frozenset[str]:
        """The values (normalised) any offered tool's schema names for an argument at `path`: what
        a call of a tool nobody offered means when it sends them (its fault is its name)."""
        found = self._vocabulary.get(path)
        if found is None:
            found = self._vocabulary[path] = frozenset(
                norm(scalar_text(v)) for schema in self.offered.values()
                for v in allowed_values(argument_schema(schema, path)))
        return found

    def facts(self, call: ToolCall) -> SchemaFacts:
        """The `SchemaFacts` of the call's schema (of no schema when it has none)."""
        schema = self.get(call)
        return _NO_SCHEMA if schema is None else _schema_facts(schema, self.key(call))


# Keywords that let an object schema take keys it does not list; without any, the keys it lists are all.
OPEN_KEYS = ("additionalProperties", "patternProperties", "unevaluatedProperties", "allOf", "anyOf", "oneOf", "$ref")


class ArgumentFacts(NamedTuple):
    """What a schema says about one argument: values it names itself, normalised, whether it
    wants an absolute date (evaluators.dates: by its schema, its name or its description), and
    whether it is a key a closed schema does not list (the tool has no such parameter), its
    description (the unit it wants a measure in: "Distance in metres") and its integer maximum."""

    allowed: frozenset[str]
    wants_date: bool
    undeclared: bool = False
    description: str | None = None
    maximum: int | None = None  # a count's largest value (spots up to 20): as many as fit stops there


class SchemaFacts:
    """`ArgumentFacts` of one schema's arguments (declared or not), memoised by path."""

    __slots__ = ("schema", "_by_path")

    def __init__(self, schema: Schema | None):
        self.schema = schema
        self._by_path: dict[ValuePath, ArgumentFacts] = {}

    def of(self, path: ValuePath) -> ArgumentFacts:
        facts = self._by_path.get(path)
        if facts is None:
            sub = argument_schema(self.schema, path)
            name = next((p for p in reversed(path) if isinstance(p, str)), "")
            if len(self._by_path) >= 4096:
                self._by_path.clear()
            facts = self._by_path[path] = ArgumentFacts(
                frozenset(norm(scalar_text(v)) for v in allowed_values(sub)),
                wants_date(name, list(_branches(sub, self.schema))), _undeclared(self.schema, path),
                description if isinstance(sub, dict) and isinstance(description := sub.get("description"), str) else None,
                most if isinstance(sub, dict) and type(most := sub.get("maximum")) is int else None)
        return facts


def _undeclared(schema: Schema | None, path: ValuePath) -> bool:
    """Whether the path starts with a key that the schema, an object schema listing its keys and
    allowing no others, does not list."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return bool(path) and isinstance(properties, dict) and isinstance(path[0], str) \
        and path[0] not in properties and not any(k in schema for k in OPEN_KEYS)


# Keyed by the schema's content, so threads may share the entries: a `SchemaFacts` only memoises
# what its schema says, and an entry lost to a concurrent clear is only worked out again.
_SCHEMA_FACTS: dict[bytes, SchemaFacts] = {}
_NO_SCHEMA = SchemaFacts(None)


def _schema_facts(schema: Schema, key: bytes) -> SchemaFacts:
    """The `SchemaFacts` of `schema`, whose content key is `key` (one per distinct schema)."""
    facts = _SCHEMA_FACTS.get(key)
    if facts is None:
        if len(_SCHEMA_FACTS) >= 4096:
            _SCHEMA_FACTS.clear()
        facts = _SCHEMA_FACTS[key] = SchemaFacts(schema)
    return facts


_BOOLEAN_WORDS = ["true", "false", "yes", "no"]


def allowed_values(schema: Schema | None) -> list[Any]:
    """The values a schema names itself: its default, const and enum (in every branch), the least
    value of a count (packages=1 for "a box" where the minimum is 1; a year's minimum of 1840 is a
    bound, no value the schema suggests), and a boolean's two values
    in words ('no' sent for a boolean is type_error's, no value anyone had to give)."""
    out: list[Any] = []
    for s in _branches(schema):
        out += [s[k] for k in ("default", "const") if k in s]
        if s.get("type") == "boolean":
            out += _BOOLEAN_WORDS
        if s.get("type") == "integer" and isinstance(s.get("minimum"), int) and s["minimum"] in (0, 1):
            out.append(s["minimum"])
        enum = s.get("enum")
        out += enum if isinstance(enum, list) else []
    return out


def enum_members(schema: Any) -> list[Any]:
    """Every enum member of a schema, at any depth: the words a tool takes for its choices."""
    out, stack = [], [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("enum"), list):
                out += node["enum"]
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


def argument_schema(root: Schema | None, path: ValuePath) -> Schema | None:
    """The sub-schema describing the argument at `path` (local $refs followed), else None."""
    node = _deref(root, root)
    for step in path:
        if node is None:
            return None
        node = next((found for s in _branches(node, root) if (found := _child(root, s, step)) is not None), None)
    return node


def _child(root: Schema, node: Schema, step: str | int) -> Schema | None:
    if isinstance(step, str):
        properties = node.get("properties")
        child = properties.get(step) if isinstance(properties, dict) else None
        if child is None and isinstance(node.get("additionalProperties"), dict):
            child = node["additionalProperties"]
    else:
        prefix = node.get("prefixItems")
        child = prefix[step] if isinstance(prefix, list) and step < len(prefix) else node.get("items")
    return _deref(root, child) if isinstance(child, dict) else None


def _deref(root: Schema | None, node: Any) -> Schema | None:
    seen = 0
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/") and seen < 16:
        target: Any = root
        for part in node["$ref"][2:].split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
        node, seen = target, seen + 1
    return node if isinstance(node, dict) else None


def _branches(schema: Schema | None, root: Schema | None = None) -> Iterator[Schema]:
    """The schema and the alternatives of its anyOf/oneOf/allOf (pydantic writes Optional[X] so)."""
    if not isinstance(schema, dict):
        return
    yield schema
    for key in ("anyOf", "oneOf", "allOf"):
        branches = schema.get(key)
        for branch in branches if isinstance(branches, list) else ():
            if (branch := _deref(root or schema, branch)) is not None:
                yield branch
