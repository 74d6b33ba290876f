"""Okapi BM25: how well each of a few short documents (the tools a trace offered) matches a request.

tool_selection ranks the offered tools against the user's words with it, over `terms`.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping


class BM25:
    """Okapi BM25 over a handful of short documents. Each term's weight in each document is
    computed once, so scoring a query is one lookup per query term; a built index is only read."""

    def __init__(self, documents: list[tuple[str, ...]], k1: float = 1.2, b: float = 0.75):
        self.size = len(documents)
        counts = [Counter(d) for d in documents]
        avg = (sum(map(len, documents)) / self.size) if documents else 0.0
        df = Counter(t for c in counts for t in c)
        self.weights: dict[str, list[tuple[int, float]]] = {}
        for index, (doc, c) in enumerate(zip(documents, counts)):
            norm_k = k1 * (1 - b + b * (len(doc) / avg if avg else 0.0))
            for term, tf in c.items():
                idf = math.log((self.size - df[term] + 0.5) / (df[term] + 0.5) + 1.0)
                self.weights.setdefault(term, []).append((index, idf * tf * (k1 + 1) / (tf + norm_k)))

    def scores(self, query: Iterable[str], words: Mapping[str, str] | None = None) -> list[float]:
        """Each document's score for the query (a set of terms). With `words` (term -> the word it
        came from), the terms of one word add up to their best match, not their sum: the six senses of
        水 ("water", "river", "beverage" ...) say one thing about a document, not six."""
        out = [0.0] * self.size
        best: dict[tuple[str, int], float] = {}
        for term in query:
            word = words.get(term, term) if words is not None else term
            for index, weight in self.weights.get(term, ()):
                if word == term:
                    out[index] += weight
                elif weight > (had := best.get((word, index), 0.0)):
                    out[index] += weight - had
                    best[word, index] = weight
        return out
