"""Masking personal data in span strings before they are stored.

Every pattern enabled is folded into one compiled alternation, run only on string values, so a
span without personal data costs one regex scan per string. A match becomes `[REDACTED:<name>]`
(evaluators still see that a value was there). Numbers that merely look like a bank card or a
mainland-China ID number are kept unless their check digit is right (Luhn, GB 11643-1999).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

BuiltinName = Literal["china_id", "phone", "email", "bank_card"]

# Order matters: at one position the first alternative that matches wins (an ID number before
# a card number, both before a phone number inside them).
_BUILTIN: dict[str, str] = {
    # tried only at the start of a word, without backtracking into it (a long word costs once)
    "email": r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]++@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}",
    "china_id": r"(?<![0-9A-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])",
    # 13–19 digits, optionally grouped by spaces or dashes; issuers' first digits are 2–6, which
    # also keeps millisecond and nanosecond timestamps (starting with 1) out.
    "bank_card": r"(?<![\d-])[2-6]\d{3}(?:[ -]?\d){9,15}(?![\d-])",
    # mainland mobile numbers, with an optional +86 / 0086 prefix and 3-4-4 grouping
    "phone": r"(?<![\d+])(?:(?:\+|00)86[ -]?)?1[3-9]\d(?:[ -]?\d{4}){2}(?!\d)",
}

_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK = "10X98765432"


def china_id_ok(text: str) -> bool:
    """The 18th character is the ISO 7064 MOD 11-2 check of the first 17 digits."""
    total = sum(int(d) * w for d, w in zip(text[:17], _ID_WEIGHTS))
    return _ID_CHECK[total % 11] == text[17].upper()


def luhn_ok(text: str) -> bool:
    digits = [int(c) for c in text if c.isdigit()]
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


_CHECKS: dict[str, Callable[[str], bool]] = {"china_id": china_id_ok, "bank_card": luhn_ok}


class CustomPattern(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]{0,31}$", description="shown in the mask: [REDACTED:<name>]")
    regex: str = Field(min_length=1, description="Python regular expression; its whole match is masked")

    @field_validator("regex")
    @classmethod
    def _compiles(cls, value: str) -> str:
        try:
            compiled = re.compile(value)
        except re.error as exc:
            raise ValueError(f"invalid regular expression {value!r}: {exc}") from None
        if compiled.match(""):
            raise ValueError(f"regular expression {value!r} matches the empty string; it would mask nothing but loop")
        if compiled.groupindex or re.search(r"\\[1-9]", value):
            raise ValueError(f"regular expression {value!r} uses named groups or back-references; use (?:…) groups")
        return value


class RedactionSettings(BaseModel):
    """`redaction:` in the settings file. Off by default; when on, all four built-ins by default."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = False
    patterns: list[BuiltinName] = Field(default_factory=lambda: list(_BUILTIN))
    custom: list[CustomPattern] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_names(self) -> "RedactionSettings":
        names = [*self.patterns, *(c.name for c in self.custom)]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"redaction pattern names must be unique; repeated: {', '.join(dupes)}")
        return self

    def redactor(self) -> "Redactor | None":
        if not self.enabled or not (self.patterns or self.custom):
            return None
        builtin = [(name, _BUILTIN[name]) for name in _BUILTIN if name in self.patterns]
        return Redactor(builtin + [(c.name, c.regex) for c in self.custom])


# Only windows that could hold a match are scanned with the full alternation: the text around
# each '@' for e-mail, and each run of 11+ digits, spaces or dashes for the number patterns.
# Finding them runs in C (`str.find`, one character-class regex), so a string without personal
# data, or a long message with one phone number in it, costs a fraction of a full scan.
_DIGIT_KINDS = frozenset(("china_id", "bank_card", "phone"))
_DIGIT_RUN = re.compile(r"[0-9][0-9 -]{9,}[0-9Xx]")
_EMAIL_LOCAL = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-")
_EMAIL_DOMAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")


class Redactor:
    """Pure and thread-safe; picklable (a compiled pattern pickles as its source)."""

    def __init__(self, patterns: list[tuple[str, str]]):
        self.names = [name for name, _ in patterns]
        self._single = {name: re.compile(regex) for name, regex in patterns}
        self._regex = re.compile("|".join(f"(?P<{name}>{regex})" for name, regex in patterns))
        self._always = any(name not in _BUILTIN for name in self.names)  # a custom pattern: scan it all
        self._email = "email" in self.names
        self._digits = bool(_DIGIT_KINDS.intersection(self.names))
        self._min_len = 6 if self._email else 11

    def __reduce__(self):
        return Redactor, ([(n, self._single[n].pattern) for n in self.names],)

    def redact(self, text: str) -> tuple[str, int]:
        """`text` with each match masked, and how many masks were made."""
        if self._always:
            windows = [(0, len(text))]
        elif len(text) < self._min_len or not (windows := self._windows(text)):
            return text, 0
        out, last, count = [], 0, 0
        for lo, hi in windows:
            # one character past the window, so look-aheads see what follows it
            for m in self._regex.finditer(text, lo, hi + 1):
                name = self._kind(m)
                if name is not None:
                    out += (text[last:m.start()], f"[REDACTED:{name}]")
                    last, count = m.end(), count + 1
        if not count:
            return text, 0
        out.append(text[last:])
        return "".join(out), count

    def _windows(self, text: str) -> list[tuple[int, int]]:
        """Merged (start, end) ranges that could hold a built-in pattern's match."""
        found = []
        if self._digits:
            for m in _DIGIT_RUN.finditer(text):
                lo = m.start()
                found.append((lo - 1 if lo and text[lo - 1] == "+" else lo, m.end()))  # +86 …
        if self._email:
            at, n = text.find("@"), len(text)
            while at != -1:
                lo, hi = at, at + 1
                while lo and text[lo - 1] in _EMAIL_LOCAL:
                    lo -= 1
                while hi < n and text[hi] in _EMAIL_DOMAIN:
                    hi += 1
                found.append((lo, hi))
                at = text.find("@", hi)
        found.sort()
        merged: list[tuple[int, int]] = []
        for lo, hi in found:
            if merged and lo <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
            else:
                merged.append((lo, hi))
        return merged

    def _kind(self, m: re.Match) -> str | None:
        """The pattern a match belongs to, after its check digit; else another pattern whose check
        passes on the same text (an 18-digit card that is not an ID number), else None."""
        name = m.lastgroup
        check = _CHECKS.get(name)
        if check is None or check(m.group()):
            return name
        text = m.group()
        for other in self.names:
            other_check = _CHECKS.get(other)
            if other != name and self._single[other].fullmatch(text) and (other_check is None or other_check(text)):
                return other
        return None
