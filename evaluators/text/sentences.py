"""The sentence of a text that holds a span: where an answer's words belong to a quoted result or name a search."""
from __future__ import annotations

import re

# A sentence ends at ; ! ? a line break or their full-width forms, or at a full stop before a space or the end
# (not the point of 2.5 or of DAUB-6.862).
SENTENCE_END = re.compile(r"[;!?\n。；！？]|\.(?=\s|$)")


def sentence_at(text: str, start: int, end: int) -> str:
    """The sentence of `text` holding text[start:end], without its closing mark."""
    opening = max((m.end() for m in SENTENCE_END.finditer(text, 0, start)), default=0)
    closing = m.start() if (m := SENTENCE_END.search(text, end)) else len(text)
    return text[opening:closing]
