"""Regular expressions that come from traces, matched by RE2: time linear in the value, and the
GIL released while it matches.

A recorded tool schema's `pattern` and `patternProperties` (and an argument declared
`format: regex`) are whatever the sender wrote. Python's backtracking `re` held the GIL for 21 s
on `^(a+)+$` against 29 characters, freezing every listener of the server, and an evaluator's
time budget can only fire once a match returns. RE2 has no such inputs.

JSON Schema patterns are ECMA-262: `translate` rewrites the forms whose meaning differs in RE2
(`\\uXXXX`, `\\u{…}`, `\\cX`, `\\s`, `.`, `[]`, `[^]`, `[\\b]`). Lookahead, lookbehind and
backreferences have no linear-time equivalent, so a pattern using them is not checked: it
constrains nothing (never a false failure), and the verdict says so ("pattern '…' not checked: uses
lookahead, which RE2 does not support"). A value too long for its pattern's program (past
`MATCH_WORK`) is not checked either, so one match stays far inside an evaluator's budget.
"""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import re2
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError

from evaluators.text.reasons import short

MAX_MEM = 1 << 20  # bytes of RE2 program and DFA cache per pattern; at most ~2 × 128 patterns are kept
# Instructions × bytes one match may cost: RE2's slowest path (its NFA, when the DFA's cache
# thrashes) took 3-15 ns per instruction-byte here, so a match ends within about half a second.
MATCH_WORK = 1 << 25
# RE2 refuses these as ECMA-262 does: the text is no regular expression at all.
_MALFORMED = (b"missing ", b"unexpected )", b"trailing \\", b"no argument for repetition", b"bad repetition")
_SPACE = r"\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}"
_ANY = r"\x{0}-\x{10ffff}"
_LINE_CHAR = r"[^\n\r\x{2028}\x{2029}]"  # ECMA's `.`: RE2's stops only at \n


class Unsupported(ValueError):
    """An ECMA-262 pattern using what RE2 cannot run; the message says what."""


def _options() -> re2.Options:
    options = re2.Options()
    options.log_errors = False  # a refused pattern is reported in the verdict, not on stderr
    options.never_capture = True  # only "does it match" is asked: the faster engines stay usable
    options.max_mem = MAX_MEM
    return options


_OPTIONS = _options()


@dataclass(frozen=True, slots=True)
class Pattern:
    """One ECMA-262 pattern as RE2 runs it: `regex` (None when it cannot), else `why` not, and
    whether the text is a regular expression at all (`valid`)."""

    source: str
    regex: Any = None
    why: str | None = None
    valid: bool = True

    def search(self, text: str) -> bool | None:
        """Whether `text` has a match (JSON Schema's patterns are not anchored); None when it is not
        checked, the reason noted for the evaluating thread (`noting`)."""
        if self.regex is None:
            _note(f"pattern {short(self.source)} not checked: {self.why}")
            return None
        data = text.encode("utf-8", "surrogatepass")
        if self.regex.programsize * len(data) > MATCH_WORK:
            _note(f"pattern {short(self.source)} not checked: a {len(data):,}-byte value is past the linear-time "
                  f"matching limit for its {self.regex.programsize:,} RE2 instructions")
            return None
        return self.regex.search(data) is not None


@lru_cache(maxsize=128)
def compiled(source: str) -> Pattern:
    """`source` translated and compiled (cached: schemas repeat in every trajectory)."""
    try:
        return Pattern(source, re2.compile(translate(source), _OPTIONS))
    except Unsupported as exc:
        return Pattern(source, why=str(exc))
    except re2.error as exc:
        message = exc.args[0] if exc.args and isinstance(exc.args[0], bytes) else str(exc).encode()
        if message.startswith(_MALFORMED):
            return Pattern(source, why=message.decode(errors="replace"), valid=False)
        if message.startswith(b"invalid repetition size"):
            return Pattern(source, why="repeats more than 1,000 times, which RE2 does not support")
        if message.startswith(b"pattern too large"):
            return Pattern(source, why=f"compiles past RE2's {MAX_MEM >> 20} MiB memory limit")
        return Pattern(source, why=f"RE2 cannot parse it ({short(message.decode(errors='replace'), 60)})")


def translate(source: str) -> str:
    """RE2 syntax with the ECMA-262 meaning of `source`; Unsupported names what RE2 lacks."""
    out: list[str] = []
    i, n, in_class = 0, len(source), False
    while i < n:
        c = source[i]
        if c == "\\" and i + 1 < n:
            escaped, i = _escape(source, i + 1, in_class)
            out.append(escaped)
            continue
        i += 1
        if in_class:
            in_class = c != "]"
        elif c == "[":
            negated = source.startswith("^", i)
            if source.startswith("]", i + negated):  # ECMA: [] matches nothing, [^] any character
                out.append(f"[{_ANY}]" if negated else f"[^{_ANY}]")
                i += negated + 1
                continue
            in_class = True
        elif c == "(" and source.startswith(("?=", "?!"), i):
            raise Unsupported("uses lookahead, which RE2 does not support")
        elif c == "(" and source.startswith(("?<=", "?<!"), i):
            raise Unsupported("uses lookbehind, which RE2 does not support")
        elif c == ".":
            c = _LINE_CHAR
        out.append(c)
    return "".join(out)


def _escape(source: str, i: int, in_class: bool) -> tuple[str, int]:
    """The RE2 form of the escape whose letter is at `i`, and where the text goes on."""
    e = source[i]
    if e == "u":
        code, end = _code_point(source, i + 1)
        return (rf"\x{{{code:x}}}", end) if code is not None else ("\\u", i + 1)
    if e == "c" and i + 1 < len(source) and source[i + 1].isascii() and source[i + 1].isalpha():
        return rf"\x{{{ord(source[i + 1]) % 32:x}}}", i + 2
    if not in_class and (e in "123456789" or source.startswith("k<", i)):
        raise Unsupported("uses a backreference, which RE2 does not support")
    if e == "s":
        return (_SPACE if in_class else f"[{_SPACE}]"), i + 1
    if e == "S" and not in_class:
        return f"[^{_SPACE}]", i + 1
    if e == "b" and in_class:
        return r"\x{8}", i + 1  # a backspace inside a class, a word boundary outside
    return "\\" + e, i + 1


def _code_point(source: str, i: int) -> tuple[int | None, int]:
    """The code point of a `\\u` escape whose digits start at `i` (`{…}`, or four digits and a
    surrogate pair's second half), and its end; None when there is none."""
    if source.startswith("{", i):
        end = source.find("}", i)
        digits = source[i + 1:end] if end > 0 else ""
        return (int(digits, 16), end + 1) if digits and _hex(digits) and int(digits, 16) <= 0x10FFFF else (None, i)
    digits = source[i:i + 4]
    if len(digits) < 4 or not _hex(digits):
        return None, i
    code = int(digits, 16)
    low = source[i + 6:i + 10] if source.startswith("\\u", i + 4) else ""
    if 0xD800 <= code < 0xDC00 and len(low) == 4 and _hex(low) and 0xDC00 <= int(low, 16) < 0xE000:
        return 0x10000 + (code - 0xD800) * 0x400 + int(low, 16) - 0xDC00, i + 10
    return code, i + 4


def _hex(text: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in text)


def is_pattern(text: str) -> bool:
    """Whether `text` is a regular expression (format `regex`); one RE2 cannot run still is."""
    return compiled(text).valid


# --- what went unchecked, per evaluating thread ---------------------------------------------------

_local = threading.local()


@contextmanager
def noting() -> Iterator[list[str]]:
    """Collect why patterns went unchecked in this thread inside the block (in order, once each)."""
    notes: list[str] = []
    outer, _local.notes = getattr(_local, "notes", None), notes
    try:
        yield notes
    finally:
        _local.notes = outer


def _note(why: str) -> None:
    notes = getattr(_local, "notes", None)
    if notes is not None and why not in notes:
        notes.append(why)


# --- jsonschema's keywords that match patterns, through RE2 ---------------------------------------

def _pattern(validator, source, instance, schema):
    if validator.is_type(instance, "string") and compiled(source).search(instance) is False:
        yield ValidationError(f"{instance!r} does not match {source!r}")


def _pattern_properties(validator, patterns, instance, schema):
    """An unchecked pattern's subschema applies to no key (and `_additional_properties` counts
    every key as covered by it): both only loosen the schema."""
    if not validator.is_type(instance, "object"):
        return
    for source, subschema in patterns.items():
        for key, value in instance.items():
            if compiled(source).search(key):
                yield from validator.descend(value, subschema, path=key, schema_path=source)


_ADDITIONAL = Draft202012Validator.VALIDATORS["additionalProperties"]


def _additional_properties(validator, additional, instance, schema):
    """jsonschema's own, given the keys no pattern covers (it would match them with `re`)."""
    patterns = schema.get("patternProperties")
    if not patterns or not validator.is_type(instance, "object"):
        yield from _ADDITIONAL(validator, additional, instance, schema)
        return
    rest = {k: v for k, v in instance.items() if all(compiled(p).search(k) is False for p in patterns)}
    yield from _ADDITIONAL(validator, additional, rest, {k: v for k, v in schema.items() if k != "patternProperties"})


def _unevaluated_properties(validator, unevaluated, instance, schema):
    """Not checked: jsonschema finds the keys patternProperties evaluated with `re`."""
    if validator.is_type(instance, "object"):
        _note("unevaluatedProperties not checked: the schema has patternProperties")
    return ()


def _one_dialect(cls):
    """`cls`, never handing a subschema that names another `$schema` to that draft's validator
    class, as jsonschema's `evolve` does: its keywords match with `re`."""
    evolve = cls.evolve

    def same_class(self, **changes):
        schema = changes.get("schema", self.schema)
        if isinstance(schema, dict) and "$schema" in schema:
            changes["schema"] = {k: v for k, v in schema.items() if k != "$schema"}
        return evolve(self, **changes)

    cls.evolve = same_class
    return cls


_KEYWORDS = {"pattern": _pattern, "patternProperties": _pattern_properties,
             "additionalProperties": _additional_properties}
PatternValidator = _one_dialect(validators.extend(Draft202012Validator, _KEYWORDS))
_WithPatternProperties = _one_dialect(validators.extend(
    Draft202012Validator, _KEYWORDS | {"unevaluatedProperties": _unevaluated_properties}))


def validator_class(schema_text: bytes) -> type:
    """Draft 2020-12 with RE2 for patterns, for a schema whose JSON text is `schema_text`."""
    return _WithPatternProperties if b'"patternProperties"' in schema_text else PatternValidator
