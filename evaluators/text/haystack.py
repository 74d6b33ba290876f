"""Whether a value occurs in a text, asked of normalised text and token-bounded.

A value occurs when its normalised form stands between word boundaries ("oslo" is not in
"oslofjord"); CJK, having no word boundaries, occurs as a substring. `Segments` answers for
many texts at once (one per tool result) through word postings, so grounding a trajectory is
linear in its text rather than a rescan of every result per value.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from evaluators.text.norm import CJK_CHAR, has_cjk


class Haystack:
    """Normalised texts to look values up in: a value is found when its normalised form occurs
    token-bounded (CJK: as a substring, having no word boundaries)."""

    __slots__ = ("_blob",)

    def __init__(self, texts: Iterable[str]):
        self._blob = " " + " \n ".join(texts) + " "

    def has(self, value: str) -> bool:
        """`value` (already normalised) occurs whole."""
        return bool(value) and _needle(value) in self._blob


class Segments:
    """Several haystacks (one per tool result), indexed once: which words (and CJK characters) each
    holds. A lookup only reads the segments holding every word of the value."""

    __slots__ = ("_parts", "_words", "_chars", "_text", "_squashed")

    def __init__(self, segments: Iterable[list[str]]):
        self._parts = [" " + " \n ".join(texts) + " \n" for texts in segments]
        self._words: dict[str, set[int]] | None = None
        self._chars: dict[str, set[int]] | None = None
        self._text: str | None = None
        self._squashed: str | None = None

    @property
    def text(self) -> str:
        """All segments' normalised text."""
        if self._text is None:
            self._text = "".join(self._parts)
        return self._text

    def holding(self, value: str) -> set[int]:
        """Indices of the segments where `value` (normalised) occurs whole."""
        if not value:
            return set()
        needle = _needle(value)
        if needle is value:  # CJK: a substring anywhere, so candidates are the segments with its characters
            keys, index = set(CJK_CHAR.findall(value)), self._char_index()
        else:
            keys, index = set(value.split()), self._word_index()
        candidates: set[int] | None = None
        for key in sorted(keys, key=lambda k: len(index.get(k, ()))):
            found = index.get(key)
            if not found:
                return set()
            candidates = set(found) if candidates is None else candidates & found
            if not candidates:
                return set()
        parts = self._parts
        return {i for i in (range(len(parts)) if candidates is None else candidates) if needle in parts[i]}

    def holding_regrouped(self, value: str) -> set[int]:
        """Indices of the segments writing `value` (an id, normalised, without spaces) in groups of its own:
        'oh 148 98' holds oh14898. Looked for only where the texts without their spaces hold it at all."""
        if self._squashed is None:
            self._squashed = self.text.replace(" ", "")
        if value not in self._squashed:
            return set()
        spaced = re.compile(r"(?<!\S)" + " ?".join(map(re.escape, value)) + r"(?!\S)")
        return {i for i, part in enumerate(self._parts) if spaced.search(part)}

    def _word_index(self) -> dict[str, set[int]]:
        if self._words is None:
            self._words = _postings(part.split() for part in self._parts)
        return self._words

    def _char_index(self) -> dict[str, set[int]]:
        if self._chars is None:
            self._chars = _postings(CJK_CHAR.findall(part) for part in self._parts)
        return self._chars


def _postings(keys_per_part: Iterable[list[str]]) -> dict[str, set[int]]:
    index: dict[str, set[int]] = {}
    for position, keys in enumerate(keys_per_part):
        for key in set(keys):
            index.setdefault(key, set()).add(position)
    return index


def _needle(value: str) -> str:
    """What to search a blob for: the value between spaces (token-bounded), or bare for CJK."""
    return value if not value.isascii() and has_cjk(value) else f" {value} "
