"""Words as the evaluators weigh them: index terms for relevance, and the informative parts of a value.

Stop words go and English words are lightly stemmed ("flights" = "flight"); CJK is segmented as
character bigrams, because no Chinese segmenter is installed (jieba is not) and bigrams are what
BM25 over Chinese does without one.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from evaluators.text.cache import cached_when_short
from evaluators.text.norm import CJK, CJK_CHAR, has_cjk, norm

_CJK_RUN = re.compile(f"[{CJK}]+|[^{CJK}]+")
STOPWORDS = frozenset("""
a an the to from of in on at for by with and or but not no is are was were be been am do does
did i im i'm me my mine we us our you your it its this that these those there here what whats
which who whom how when where why please can could would will shall should may might must let
get find check show tell give want need help make some any all about into than then so very
just now right also m s t ll ve re d
""".split())
STOP_CJK = frozenset("的了吗呢吧啊呀我你他她它们是在和与及把给让请帮下一个这那些么就都也还要想")


def _bigrams(run: str) -> list[str]:
    if len(run) == 1:
        return [] if run in STOP_CJK else [run]
    return [run[i:i + 2] for i in range(len(run) - 1)
            if run[i] not in STOP_CJK and run[i + 1] not in STOP_CJK]


# Irregular past forms of the verbs agents' tools are named for: "paid" is what pay_order did.
_IRREGULAR = {"paid": "pay", "sent": "send", "made": "make", "bought": "buy", "sold": "sell", "built": "build",
              "rebuilt": "rebuild", "wrote": "write", "written": "write", "rewrote": "rewrite", "ran": "run",
              "reran": "rerun", "gave": "give", "given": "give", "took": "take", "taken": "take", "held": "hold",
              "told": "tell", "began": "begin", "begun": "begin", "chose": "choose", "chosen": "choose",
              "froze": "freeze", "frozen": "freeze", "withdrew": "withdraw", "withdrawn": "withdraw",
              "upheld": "uphold", "undid": "undo", "undone": "undo", "drawn": "draw"}


@lru_cache(maxsize=1 << 14)  # keyed by the word, answering a string: safe to share between threads
def _stem(word: str) -> str:
    """A light English suffix stripper: enough for flights/flight, booking(s)/book, rates/rate, and
    the irregular past forms of common deeds (paid/pay, sent/send)."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) > 5 and word.endswith("ing"):
        return _undoubled(word[:-3])
    if len(word) > 6 and word.endswith("ings"):  # bookings as booking: book
        return _undoubled(word[:-4])
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    if len(word) > 4 and word.endswith("ed"):
        return _undoubled(word[:-2])
    return word


def _undoubled(stem: str) -> str:
    """A consonant doubled before -ed or -ing, single again: banned/ban, shipping/ship (not
    called/call, passed/pass, added/add); British cancelled/cancel, travelling/travel, labelled/label
    (not spelled, quelled: a verb of one syllable keeps its -ell)."""
    if len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] in "bdgmnprt":
        return stem[:-1]
    if len(stem) >= 6 and stem.endswith("ell"):
        return stem[:-1]
    return stem


@cached_when_short(1 << 14)
def terms(text: str) -> tuple[str, ...]:
    """Index terms: normalised words without stop words, stemmed; CJK runs as bigrams."""
    words = norm(text).split()
    if text.isascii():
        return tuple(_stem(w) for w in words if w not in STOPWORDS and not (len(w) == 1 and w.isalpha()))
    out: list[str] = []
    for word in words:
        for run in _CJK_RUN.findall(word):
            if has_cjk(run):
                out += _bigrams(run)
            elif run not in STOPWORDS and not (len(run) == 1 and run.isalpha()):
                out.append(_stem(run))
    return tuple(out)


def anchors(raw: str, normalised: str) -> tuple[str, ...]:
    """The informative parts of a composite value (free text, an expression: three or more
    words as written, or five or more CJK characters); () for an atomic value, which must match
    whole ("tok-alice-7f3a" is one word however it normalises)."""
    if len(raw.split()) < 3 and (raw.isascii() or len(CJK_CHAR.findall(raw)) < 5):
        return ()
    out = []
    for word in normalised.split():
        if has_cjk(word):
            out += [g for run in _CJK_RUN.findall(word) if has_cjk(run) for g in _bigrams(run)]
        elif word not in STOPWORDS and (len(word) > 1 or word.isdigit()):
            out.append(word)
    return tuple(dict.fromkeys(a for a in out if a != normalised))


def roots(words: Iterable[str]) -> frozenset[str]:
    """Terms without a final e, so that the stems of a word's forms meet: the stemmer leaves
    "exchanged" as exchang and "exchange" whole, a gloss says "approve" where text said "approved",
    a tool's name "rate" where the answer said "rating" (rat), four letters as well as five."""
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("e") else w for w in words)
