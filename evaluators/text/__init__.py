"""Text helpers the rule evaluators share, so every one of them compares values the same way.

The public face, by module (import from the module; the names are re-exported here too):

- `norm`: `norm`, the one normalisation values are compared by, and `scalar_text`.
- `dates`: `as_date` (a text that is exactly a date), `relative_date_phrase` and
  `resolve_relative_dates` ("tomorrow", "明天", "下周一" found and resolved against a day).
- `values`: `leaves` / `scalars` (the scalars inside parsed JSON), `path_text`, `canonical_json`, `Path`.
- `terms` / `bm25`: `terms` (index terms) and `BM25`, the lexical relevance tool_selection ranks by.
- `haystack`: `Haystack`, "does this normalised value occur in that text?".
- `index`: `TrajectoryText` and its `Argument`s, one trajectory's texts normalised once.
- `reasons`: `call_ref`, `clip`, `short`, for one-line reasons.
- `cache`: `cached_when_short` and `SHORT`, the content-keyed caches these run on.
"""
from evaluators.text.bm25 import BM25
from evaluators.text.cache import SHORT, cached_when_short
from evaluators.text.dates import as_date, relative_date_phrase, resolve_relative_dates
from evaluators.text.haystack import Haystack
from evaluators.text.index import Argument, TrajectoryText
from evaluators.text.norm import norm, scalar_text
from evaluators.text.reasons import call_ref, clip, short
from evaluators.text.terms import terms
from evaluators.text.values import Path, canonical_json, leaves, path_text, scalars

__all__ = ["BM25", "SHORT", "Argument", "Haystack", "Path", "TrajectoryText", "as_date", "cached_when_short",
           "call_ref", "canonical_json", "clip", "leaves", "norm", "path_text", "relative_date_phrase",
           "resolve_relative_dates", "scalar_text", "scalars", "short", "terms"]
