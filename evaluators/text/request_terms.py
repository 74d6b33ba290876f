"""The index terms of a user's request and of tool names, shared by the evaluators that compare
them: tool_selection ranks the offered tools with them, safety reads what an injected text asks for."""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from evaluators.text.cache import cached_when_short
from evaluators.text.glosses import SENSES, english_deeds, english_word_deeds, senses
from evaluators.text.norm import CJK, has_cjk
from evaluators.text.terms import STOP_CJK, terms

CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_CJK_RUN = re.compile(f"[{CJK}]+")


def name_terms(name: str) -> tuple[str, ...]:
    return terms(CAMEL.sub(" ", name))


def request_terms(text: str) -> dict[str, str]:
    """The request's index terms, its Chinese words also in English, each with the word it came
    from: the senses of one Chinese word (寄: "send", "mail") are one piece of evidence."""
    glossed: dict[str, str] = {}
    for run in _CJK_RUN.findall(text) if has_cjk(text) else ():
        glossed.update(_run_terms(run))
    return glossed | {t: t for t in terms(text)}


@lru_cache(maxsize=1 << 14)
def _run_terms(run: str) -> dict[str, str]:
    """Index terms of a Chinese run's meanings, each with its word (read only once made)."""
    return {t: word for word, meanings in senses(run) if not STOP_CJK.issuperset(word)
            for meaning in meanings for t in terms(meaning)}


def is_evidence(term: str, source: str) -> bool:
    """Whether a matched term says what the request is about: its own word, or the gloss of a word
    of two characters or more. A single character means many things (寄 is "to send", "to mail",
    "to entrust" and more: "寄到广州" ships a parcel, it sends no e-mail). A character said twice is
    that character, tried (看看, "to take a look at", "to examine", "to survey": a look, no survey)."""
    return term == source or len(set(source)) > 1


# An id as a user types it: up to four letters, then digits in groups a space or a hyphen may part (mb 74 731).
TYPED_ID = r"[A-Za-z]{0,4}[-\s]?\d+(?:[-\s]\d+)*"
# A deed's noun labelling an id ("Booking TF 68394", "reservation no. 4471", "order mb 74 731", 预订号 tf-96082):
# it names the record the id is, not a deed asked (whether a call sent the id, squashed, decides). A bare 预订 or
# 订单 before an id stays: 取消桨板预订 PB-18773 names cancel_booking by both its words.
_ID_LABEL = re.compile(r"(\b(?:[A-Za-z]+(?:ing|ion|ment)|order)\b(?:\s+(?:ref(?:erence)?|no\.?|number|id|code))?"
                       rf"|[\u4e00-\u9fff]{{1,3}}号)\s*[:：#]?\s*({TYPED_ID})", re.I)


def id_label_terms(text: str, sent: Callable[[str], bool]) -> frozenset[str]:
    """The request's terms that only a deed's noun labelling an id gives (book of "Booking TF 68394"),
    where a call sent that id (`sent`, asked of it without separators, lower case): the record the
    agent acted on, named by its label. A PO number no call sent may still be the order asked, and a
    number of three digits or fewer after a bare noun is how many ("Order 150 grade B pallets"), unless
    the label says it is one ("order no. 150", "booking ref: 12")."""
    return _only_in(text, _ID_LABEL.sub(lambda m: " " if sent(squashed(m[2])) and not _a_count(m) else m[0], text))


def _a_count(label: re.Match) -> bool:
    number = label[2].strip()
    return number.isdigit() and len(number) <= 3 and _QUALIFIED.search(label[0]) is None


_QUALIFIED = re.compile(r"[:：#]|\b(?:ref(?:erence)?|no\.?|number|id|code)\s*[:：#]?\s*\d", re.I)


# An address the request gives as the user's contact ("my email is …", "Email: …", 我的邮箱是 …): a label, no
# asking for an e-mail sent
_CONTACT_LABEL = re.compile(r"\b(?:my\s+)?e-?mail(?:\s+address)?\s*(?:is\b|[:：])\s*(?=\S+@)"
                            r"|(?:我的)?(?:电子)?(?:邮箱|邮件)(?:地址)?\s*(?:是|为|[:：])\s*(?=\S+@)", re.I)


def contact_label_terms(request: str) -> frozenset[str]:
    """The request's terms that only a label of the user's own e-mail address gives ("Email: li.wei@…"
    after an order): where they are, the request names the address, not a message to send."""
    return _only_in(request, _CONTACT_LABEL.sub(" ", request)) if "@" in request else frozenset()


# "Send me the price first": sent to the user, with no medium named after it in the sentence (an e-mail, a text), it
# asks to be told, in the answer.
_SEND_ME = re.compile(r"\bsend(?=\s+(?:me|us)\b)(?![^.?!\n]*\b(?:e-?mails?|mail|sms|texts?|messages?|letters?|whatsapp|post)\b)",
                      re.I)


def told_terms(request: str) -> frozenset[str]:
    """The request's terms that only a "send me …" asking to be told gives ("Send me the price in US dollars first";
    stemscarfed split): where no medium is named, the answer sends it, not a message tool."""
    return _only_in(request, _SEND_ME.sub(" ", request))


# A deed the user says they will do themselves ("I'll send 3 samples", "we will bring the dog", 我会寄样品过去): theirs,
# not one they ask of the agent. Paying is not among them: "I'll pay in euros" asks the deed's price in that currency;
# nor is taking or having one ("I'll take that one, 4 please"): it chooses what the agent is to provide.
_OWN_DEED = re.compile(r"\b(?:i|we)(?:['’]ll|\s+will|\s+shall|['’]m going to|\s+am going to|['’]re going to|\s+are going to)"
                       r"\s+(?:also\s+|then\s+)?(?!pay|take|have)([a-z]+)|(?:我们|我)(?:会|自己|来|将)(?![付支])([\u4e00-\u9fff]{1,2})", re.I)


def own_deed_terms(request: str) -> frozenset[str]:
    """The request's terms that only a deed the user says they will do gives (send of "I'll send 3 samples" beside
    a graphology booking; keelcoppered split): no tool is asked to do it."""
    return _only_in(request, _OWN_DEED.sub(" ", request))


# A sense sending goods, not words ("to send out goods" of 发货; not 取货's "to pick up goods").
_GOODS = re.compile(r"\bsend\b.*\b(?:goods|cargo|freight|shipments?|merchandise)\b")


# "send" of a count of goods ("Can you send 10 packs of Maris Otter", "send us 4 cases"): a shipment, not a message.
_SEND_COUNTED = re.compile(
    r"\bsend(?=\s+(?:me\s+|us\s+)?\d[\d,.]*\s*(?:x\s+)?(?:packs?|packets?|bags?|sacks?|box(?:es)?|cases?|crates?|"
    r"cartons?|bottles?|jars?|tins?|kilos?|kg|tonnes?|litres?|pallets?|rolls?|bales?|bundles?|dozens?|pairs?|trays?)\b)",
    re.I)


def shipping_terms(request: str) -> frozenset[str]:
    """The request's terms that only words of sending goods give: Chinese ones (发货, "to dispatch; to send out
    goods"; sternkeeled split) and "send" of a count of them ("send 10 packs of …"; bowchamfered split): they ship an
    order, they send no message."""
    words = {word for word, meanings in senses(request) if any(_GOODS.search(m) for m in meanings)}
    without = _SEND_COUNTED.sub(" ", request)
    for word in words:
        without = without.replace(word, " ")
    return _only_in(request, without)


def squashed(text: str) -> str:
    """An id as `id_label_terms` compares it: lower case, without separators (tf-68394 and TF 68394 are tf68394)."""
    return re.sub(r"[\W_]", "", text).lower()


def _only_in(text: str, without: str) -> frozenset[str]:
    """The request's terms that `text` holds and `without` (the text with some words taken out) does not."""
    return frozenset(request_terms(text)).difference(request_terms(without)) if without != text else frozenset()


# A deed the request says not to do ("don't approve it yet", "no need to cancel", 先别批准, 不要取消): it asks
# for it not done.
_NEGATED = re.compile(r"\b(?:don'?t|do not|doesn'?t|does not|never|no need to)\s+(?:yet\s+)?([a-z]+)"
                      r"|(?:不要|不用|先别|别|先不|无需|不必)([\u4e00-\u9fff]{1,2})", re.I)


def negated_terms(text: str) -> frozenset[str]:
    """The request's terms that only a deed it says not to do gives (approve of "don't approve it yet");
    a Chinese word after 不要 is a deed only as a verb (批准, "to approve"; 不要船长 wants no skipper)."""
    return _only_in(text, _NEGATED.sub(lambda m: " " if m[1] or english_deeds(m[2]) else m[0], text))


@cached_when_short(4096)  # keyed by the request
def negated_deeds(text: str) -> frozenset[str]:
    """The deeds the request says not to do, as terms: book for "don't book yet", and for 先别订 the deeds of
    the request's word holding 订 (场地预订吗？…先别订: "is there a piste to book? … don't book yet")."""
    said: set[str] = set()
    for m in _NEGATED.finditer(text):
        if m[1]:
            said.update(terms(m[1]))
            continue
        for char in m[2]:
            for i in (i for i, c in enumerate(text) if c == char and not m.start(2) <= i < m.end(2)):
                said.update(english_word_deeds(text[max(i - 1, 0):i + 1]), english_word_deeds(text[i:i + 2]))
        said.update(english_word_deeds(m[2]))
    return frozenset(said)


# A deed's noun after a word pointing at one record ("that booking", "my reservation", 那个预订, 我的预约):
# it names the record the request is about, as an id's label does, and asks no deed.
_RECORD = re.compile(r"\b(?:my|our|that|this|the|your)\s+([a-z]+(?:ing|ion|ment))\b"
                     r"|(?:那个|这个|那笔|这笔|那张|这张|我的|我们的)([\u4e00-\u9fff]{2})"
                     # a record asked about by name: "Is that repair finished?", "this order has shipped?"
                     r"|\b(?:is|was|has|had)\s+(?:that|this)\s+([a-z]+)\b|\b(?:that|this)\s+([a-z]+)\s+(?:is|was|has|had)\b", re.I)


def record_terms(text: str, deed: Callable[[str], bool]) -> frozenset[str]:
    """The request's terms that only a `deed`'s noun naming a record gives (book of "move my booking",
    把那个预订改到…), or the record a question asks about ("Is that repair finished?": the repair
    exists, and asks no book_repair)."""
    return _only_in(text, _RECORD.sub(lambda m: m[0].replace(m[3] or m[4], " ") if m[3] or m[4]
                                      else " " if deed(m[1] or m[2]) else m[0], text))


def is_leading(term: str, source: str) -> bool:
    """Whether a matched term is the request's own word (or of its word's family), or a term of one of a
    Chinese word's first meanings (its gloss): 编织 is "to weave", "to knit", "to plait"; its fifth
    meaning, "to create", names no create_order."""
    return not has_cjk(source) or term in _leading_terms(source)


def plain_senses(sources: dict[str, str]) -> set[str]:
    """The request's terms (term -> the word it came from) that are its own characters (改到 matching a
    Chinese description) or words, or a term of one of the first meanings of a Chinese word of it (of a
    character of it, where the dictionary lacks the word: 日票's 日, "day"), or a whole meaning on its own
    (故障's fifth, "fault"); not a word inside a longer one: 处理's seventh, "to offer for sale at a reduced
    price", names no price."""
    plain = frozenset().union(*(_plain_terms(w) for w in set(sources.values()) if has_cjk(w)))
    return {t for t, w in sources.items() if t == w or not has_cjk(w) or t in plain}


@lru_cache(maxsize=1 << 14)
def _plain_terms(word: str) -> frozenset[str]:
    return frozenset(t for _, meanings in senses(word) for n, meaning in enumerate(meanings)
                     for found in [terms(meaning)] if n < SENSES or len(found) == 1 for t in found)


@lru_cache(maxsize=1 << 14)
def _leading_terms(word: str) -> frozenset[str]:
    return frozenset(t for found, meanings in senses(word) if found == word for meaning in meanings[:SENSES]
                     for t in terms(meaning))


# A clause asking about something ("what would 3 of us pay", "how much do I pay?") rather than for it;
# "what time can you book me in?" still asks the deed done.
_ASKED_ABOUT = re.compile(r"(?:^|(?<=[.?!,;:]))\s*(?:and\s+|so\s+|but\s+)?(?:what|how|which|when|where|who|whom|why"
                          r"|(?:is|are)\s+there|do\s+you\s+have|have\s+you\s+got)\b"
                          r"(?![^.?!;:]*\b(?:(?:can|could|will|would)\s+you|you\s+(?:can|could|would))\b)[^.?!;:]*\?", re.I)


# A Chinese question whether something has happened (修好了吗, 寄出了没有); "可以帮我订了吗" asks it done.
_ASKED_DONE = re.compile(r"[^。？！，,.?!；;]*(?:了吗|了么|了没有?)[？?]?")
_ASKS_IT_DONE = re.compile(r"能|可以|帮|请|麻烦")


def asked_about(text: str) -> frozenset[str]:
    """The terms only the request's questions about something hold (an English wh-question or one whether a
    thing exists, not put to the agent as a request, a Chinese question whether a thing has happened): a deed
    word there ("what would 3 of us pay?", "Is there a salted caramel marshmallow order on Friday?", 我的靴子修好了吗)
    asks what it would be, whether there is one or whether it was done, not for it done."""
    done = [q for q in _ASKED_DONE.findall(text) if not _ASKS_IT_DONE.search(q)] if has_cjk(text) else []
    questions = _ASKED_ABOUT.findall(text) + done
    if not questions:
        return frozenset()
    rest = _ASKED_ABOUT.sub(" ", text)
    for question in done:
        rest = rest.replace(question, " ")
    return frozenset(request_terms(" ".join(questions))).difference(request_terms(rest))
