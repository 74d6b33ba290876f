"""tool_selection: did the agent call tools that exist, and the ones the request is about?

hallucinated_tool: the called name is not among the tools the trace offered (the nearest
offered name is given). wrong_tool: BM25 ranks the offered tools (name, description, parameter
names) against the user's request; a call is flagged when its tool scores near zero while an
uncalled tool scores well above it on the words of the request that no called tool covers, so a
second tool in a chain (a calculator after a weather lookup) or a near-duplicate of a called
tool (a backup service) is not mistaken for a better choice; a length of time in the request ("a
14-day trip") says how long, not what about, and is left out, as is a day named from today ("the day
after tomorrow", 后天: when). Chinese text is compared in
English too (its words' CC-CEDICT glosses, evaluators.text.glosses, the senses of one word adding up
to their best match), so a Chinese request meets English descriptions. Against a tool described in another language than the request the
evidence must be strong: the better tool matches a word of its name, or two words of the request
(the senses of one Chinese word count once); so must it beside a call that scores well on the
request (a side lookup while the asked work is done). A call that is a prerequisite (its result feeds a
later call, as a login before a search) or that failed (the first step of a chain its failure cut
short) is never the wrong tool; nor is a lookup that sends a specific value the user gave (an
id, a path, an address, a postcode, the user's own id, or that id mistyped: grounding's finding), nor a write that sends a value of the request under a
parameter the better tool does not have (reserve_hall for "book h-319" beside transfer_booking; a branch of
its enum the request names: "book it in at the Deansgate shop"; a text it quotes or a code it gives; a phrase it
says, sent by a write it names by its object: update_thread for "soft grey thread please"). A write on the user's own order is still the wrong
one when another tool is what was asked (a cancel for a return), and a write the request does not
name is as good as irrelevant when the better tool is a write it names (escalating a ticket the
user asked to reply to). A word of the request naming what an uncalled write does (renew, refill) is
done only by a called write, not by a lookup whose description mentions it; a lookup that returned a
reference the better tool takes (a product_id for place_order) is the first step of the asked work. Where the
better tool is a write the request names (pause; not in a question about it: "what would 3 of us
pay?") or strongly matches and no write was made, the lookup the
agent ended on stood in for it, unless a result of the chain before it sent it there or the answer
restates its result (in another language too, or calls an empty one nothing); where nothing of the request
matches it, the user's own ids it sent (a balance of their account) do not spare it. Nor is any
call wrong when the agent attempted the better tool's work under a name it made up (create_booking
for book_upholstery_job, or any name nearest the better tool's): hallucinated_tool is that finding; nor a call doing what an instruction
injected into a result asks: prompt_injection_followed (safety) is. No lookup does a deed: where the request
asks one done (订, "to order"), a write it matches at all is not wrong beside a better lookup (a deed it says
not to do, "don't approve it yet", or a deed's noun labelling an id a call sent, "Booking TF 68394", asks none); a write
whose deed the request never says (report_litter for "I'd like a stall") is wrong beside a write it
matches strongly on that write's deed or name (not only on the object both act on: 居民停车证 shared
by buy_visitor_pass, where 续 glosses no "renew"), and so is one doing the deed of a write the request names whole on an object it does not
name (book_armoury_kit for "book me a piste": book_piste). A gloss's placeholders and particles ("oneself",
"to open up") are no evidence. A run for a deed that ends, with no write made, on a lookup nothing of the
request matches is wrong on that lookup, however well the lookups before it matched, and whatever earlier
result fed it where the answer says the deed done.
"""
from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Callable
from difflib import SequenceMatcher
from functools import lru_cache, partial
from typing import Any

from collector.trajectory import ToolCall, ToolDefinition, Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator, Finding
from evaluators.grounding import trace_days
from evaluators.safety import EMAIL, obeying
from evaluators.text.bm25 import BM25
from evaluators.text.dates import as_date, computed_dates, resolve_relative_dates, split_dates, without_day_words
from evaluators.text.given import context_ids, user_messages
from evaluators.text.glosses import FILLER, english_claims, english_senses, english_terms, english_word_deeds, senses
from evaluators.text.reasons import call_ref
from evaluators.text.sentences import sentence_at
from evaluators.text.haystack import Haystack
from evaluators.text.lexicon import equivalents
from evaluators.text.values import keys_and_strings, leaves, parsed, value_texts
from evaluators.text.norm import CJK, has_cjk, norm
from evaluators.text.numbers import without_durations
from evaluators.text.request_terms import (CAMEL, TYPED_ID, asked_about, contact_label_terms, id_label_terms,
                                           is_evidence, is_leading, name_terms, negated_deeds, negated_terms,
                                           own_deed_terms, plain_senses, record_terms, request_terms, shipping_terms,
                                           squashed, told_terms)
from evaluators.text.terms import roots, terms
from evaluators.trajectory_quality import (acknowledges, actions, acts, found_nothing, kin, polls, requested, says_done,
                                            searches, writes)
from evaluators.trajectory_view import TrajectoryView, before

NAME_WEIGHT = 2  # a tool's name says what it does more surely than its description (BM25F-style boost)
NEAR_ZERO = 0.25  # a called tool scoring at most this share of the better tool's score
MIN_BETTER = 0.5  # and the better tool matching the request at least this much (one rare word)
WELL_BELOW = 0.5  # a write the request never says, scoring at most this share of a better write it matches strongly
_MOST_CHOICES = 20
_SENTENCE = 4  # words (not numbers) of a result's text that make it a statement an answer can restate, not a name


# An answer saying a lookup found nothing: "you have nothing booked", "no slots", 没有预约.
_NONE = re.compile(r"\b(?:nothing|none|no|not any)\b|没有|无", re.I)
_QUESTION = re.compile(r"[?？吗]")
# A request asking after something under way: a question, or a word of progress ("any news", 进度, 好了没).
_ASKS_AFTER = re.compile(r"[?？吗]|\b(?:status|progress|ready|done|finished|complete|news|update|track|how far|where is)\b"
                         r"|进度|状态|好了|完成|到哪|怎么样|如何", re.I)
# The words of a price asked or looked up: "quote me", 报价 ("to quote a price"), get_audit_fee, quote_clean_rate.
_PRICES = roots(terms("price prices priced fee fees quote quotes quoted rate rates cost costs tariff tariffs charge charges"))


def _prices(name: str) -> bool:
    """Whether a tool's name holds a price word in any of its forms (get_pricing, quote_clean_rate), but for the
    forms whose common sense is no price: list_charging_points, get_star_ratings."""
    words = [w for w in _FIELD_WORD.findall(CAMEL.sub(" ", name).lower()) if w not in _NOT_PRICES]
    return not _PRICES.isdisjoint(roots(terms(" ".join(words))))


_NOT_PRICES = frozenset({"charging", "rating", "ratings"})
# A request saying how it will pay ("paying in US dollars", 用欧元付款) asks the price too.
_PRICE_ASKED = _PRICES | roots(terms("pay pays paying payment"))
_ONLY_ASKING = re.compile(r"只是问问|只是咨询|只是想问|只是了解一下|\bjust (?:asking|wondering|curious)\b|\bonly asking\b", re.I)
_ID_LIKE = re.compile(r"[\w./@-]*\d{3}[\w./@-]*")
_DIGIT = re.compile(r"\d")
_QUOTES = re.compile(r'"([^"]{3,})"|“([^”]{3,})”|「([^」]{3,})」')
_APOSTROPHE = re.compile(r"(?<=\w)['’](?=s\b)")
# Letters and digits in every word, five characters or more: a postcode or a code (W3 9RT, KT22 7AB), not "6 hours"
_CODED = re.compile(r"(?=(?:\s*\S){5})(?=.*[A-Za-z])(?:[A-Za-z]*\d[A-Za-z\d-]*)(?:\s+[A-Za-z]*\d[A-Za-z\d-]*)*")
# A code of two groups of letters or more before its digits (CP-CREEL-30)
_WORDED_CODE = re.compile(r"(?:[A-Za-z]+-){2,}\d[A-Za-z\d-]*")
# A name opening on "change" sets what it names (change_ready_date): no write by `writes`, which takes no "change"
# alone (a request's 变动, "any changes", asks none), yet no lookup standing in for a deed
_SETTING = "change_"

# The caches below are keyed by content (names, descriptions, terms) and hold values that are
# only read afterwards (a BM25 index included), so worker threads share them safely.


@lru_cache(maxsize=4096)
def _document(name: str, description: str, parameters: tuple[str, ...]) -> tuple[str, ...]:
    words = CAMEL.sub(" ", " ".join(parameters))  # searchFlights -> search Flights
    return name_terms(name) * NAME_WEIGHT + terms(f"{description} {words}") + english_terms(description)


def documents(offered: list[ToolDefinition]) -> tuple[tuple[str, ...], ...]:
    """Each offered tool's index terms: its name (boosted), description, parameter names and the
    words of the enums it alone takes (a `scene` of away, night or movie says what the tool runs; a
    `region` list every tool takes says nothing of any one)."""
    enums = [_enums(t) for t in offered]
    shared = {e for e, n in Counter(e for found in enums for e in set(found)).items() if n > 1}
    return tuple(_document(t.name, t.description or "", _properties(t) + tuple(
        v for e in found if e not in shared for v in e)) for t, found in zip(offered, enums))


def _properties(tool: ToolDefinition) -> tuple[str, ...]:
    properties = (tool.parameters or {}).get("properties")
    return tuple(properties) if isinstance(properties, dict) else ()


def _enums(tool: ToolDefinition) -> tuple[tuple[str, ...], ...]:
    """The string enums of a tool's parameters; a longer one than `_MOST_CHOICES` is a catalogue
    (country codes), not what the tool is about."""
    properties = (tool.parameters or {}).get("properties")
    if not isinstance(properties, dict):
        return ()
    return tuple(values for p in properties.values() if isinstance(p, dict) and isinstance(p.get("enum"), list)
                 and 0 < len(values := tuple(v for v in p["enum"] if isinstance(v, str))) <= _MOST_CHOICES)


@lru_cache(maxsize=4096)
def nearest(name: str, candidates: tuple[str, ...]) -> str | None:
    """The offered name most similar to a made-up one (models repeat their inventions: cached)."""
    return max(candidates, key=lambda c: SequenceMatcher(None, name, c).ratio(), default=None)


@lru_cache(maxsize=1024)
def ranker(documents: tuple[tuple[str, ...], ...]) -> BM25:
    """BM25 over one set of offered tools; an agent offers the same set on every trace."""
    return BM25(list(documents))


def works_on_the_request(view: TrajectoryView, position: int) -> bool:
    """Whether the call sends a specific value the user gave, now, in an earlier turn or as the
    trace's context (an id, a path, an address, a long number), or their day with another of their
    values: it works on what the user asked about, whatever its name."""
    arguments, known = view.text.arguments[position], view.text.known
    if arguments is None:  # unreadable arguments: their id-like words, as written
        raw = view.trajectory.tool_calls[position].arguments_raw or ""
        return any(view.text.in_user(w) or known.has(w) for w in map(norm, _ID_LIKE.findall(raw)))
    if _user_keys(view, arguments, with_known=True) or _mistyped_own(view, arguments) or _typed_own(view, arguments) \
            or _named_codes(view, arguments):
        return True
    # a day alone is no sign (any report takes one); with another of the user's values (the site, the nights) it is
    given = [a for a in arguments if view.text.in_user(a.text) or known.has(a.text)]
    return len({str(a.path[0]) for a in given}) >= 2 and any(as_date(str(a.value)) for a in given)


def _named_codes(view: TrajectoryView, arguments: list) -> bool:
    """Whether the call sends a code of worded groups the user wrote (CP-CREEL-30, of "compare these three: …
    CP-CREEL-30, CP-PARLOUR-24, CP-VELVET-16"): the user's own thing, though it has two digits only. Not one the
    trace's context carries (tn-injera-78, the tenant a griddle probe is read for), nor one group of letters
    (USS-73, LK-19: the shop or the lake a side lookup is sent to)."""
    return any(_WORDED_CODE.fullmatch(str(a.value).strip()) is not None and view.text.in_user(a.text) for a in arguments)


def _user_keys(view: TrajectoryView, arguments: list, with_known: bool) -> set[str]:
    """The top-level parameters under which a call sends a specific value the user gave (in the
    request; also in an earlier turn or the trace's context `with_known`, where a postcode counts too:
    a lookup of the user's postcode works on their request, a write sending it may act on anything there)."""
    return {str(a.path[0]) for a in arguments if _specific(str(a.value), coded=with_known)
            and (view.text.in_user(a.text) or (with_known and view.text.known.has(a.text)))}


def _mistyped_own(view: TrajectoryView, arguments: list) -> bool:
    """Whether the call sends, as an id, a value shaped like one of the trace's context ids or the
    request's (or one the user gave in an earlier turn) but for its digits (FC-19116 where the user is
    FC-19113, MV-81738 for the MV-81783 the user wrote, HIR-28263 for "My hirer id is HIR-28268"): it
    reads the user's own record with a wrong id, which is grounding's finding (ungrounded_value), not a
    wrong choice of tool."""
    said = " ".join(user_messages(view.trajectory))
    given = (*view.text.context, *(norm(w) for w in _ID_LIKE.findall(said)))
    own = {_DIGIT.sub("0", v) for v in given if sum(c.isdigit() for c in v) >= 3}
    return bool(own) and any(_specific(str(a.value)) and _DIGIT.sub("0", a.text) in own for a in arguments)


def _message_sent_along(view: TrajectoryView, query: set[str]) -> frozenset[str]:
    """The request's words for sending a message ("send the confirmation to lina.ortiz@example.com", 电话 07183
    416 112，发短信联系我) where a call that went through sent the address or number the request gives (the
    booking's confirm_email, its phone): the message went with it, and asks no messaging tool."""
    words = query & _MESSAGING
    request = view.trajectory.input or ""
    if not words or ("@" not in request and _PHONE.search(request) is None):
        return frozenset()
    emails = {e.lower() for e in EMAIL.findall(request)}
    phones = {re.sub(r"\D", "", p) for p in _PHONE.findall(request) if as_date(p.strip()) is None}
    for call in view.trajectory.tool_calls:
        if call.status == "ok":  # the arguments as written, readable or not
            raw = (call.arguments_raw or str(call.arguments)).lower()
            if any(e in raw for e in emails) or phones and any(p in re.sub(r"[\s-]", "", raw) for p in phones):
                return frozenset(words)
    return frozenset()


_CAN_I = re.compile(r"可以吗|行吗|能不能|可不可以|\b(?:can|could|may) (?:i|we)\b|\bis it (?:possible|ok|okay|allowed)\b", re.I)
_YES_NO = re.compile(r"\s*(?:不行|不可以|不能|可以|能|行|没问题|yes\b|no\b|sorry\b|unfortunately\b)", re.I)
_PHONE = re.compile(r"(?<![\w-])\+?\d[\d -]{6,}\d(?![\w-])")
_MESSAGING = frozenset(terms("send email mail message notify text sms"))


def _on_the_days_work(view: TrajectoryView, position: int) -> bool:
    """Whether a lookup sends a day another call of the run sends too, and nothing else but the user's own
    words (the paint stock on the day the painter searches look at; the free pounding slots that day for the
    black sesame the user named): a look at that day's conditions in the course of the work."""
    arguments = view.text.arguments[position] or ()
    days = [as_date(str(a.value)) for a in arguments]
    if not any(days) or any(day is None and not view.text.in_user(a.text) for day, a in zip(days, arguments)):
        return False
    sent = {as_date(str(a.value)) for j, others in enumerate(view.text.arguments) if j != position for a in others or ()}
    return all(day in sent for day in days if day is not None)


def _typed_own(view: TrajectoryView, arguments: list) -> bool:
    """Whether the call sends, as an id, one the request typed with other separators (MB-74731 for
    "order mb 74 731"): the user's own record."""
    typed = {squashed(m[0]) for m in _TYPED_ID.finditer(view.trajectory.input or "")}
    return any(_specific(str(a.value)) and squashed(a.text) in typed for a in arguments)


_TYPED_ID = re.compile(rf"(?<![\w-]){TYPED_ID}(?![\w-])")


def _specific(raw: str, coded: bool = False) -> bool:
    """An id, a path, an address or a long number (a postcode or a code too, `coded`): a value that
    names one thing. A date names a day any tool may be asked about (a van's mileage report on the
    day of the asked booking)."""
    return (sum(c.isdigit() for c in raw) >= 3 or "/" in raw or "@" in raw
            or (coded and _CODED.fullmatch(raw.strip()) is not None)) and as_date(raw) is None


def fits_nowhere_else(view: TrajectoryView, position: int, better: ToolDefinition) -> bool:
    """Whether a write sends a value the request gives (a hall_id the user typed) under a parameter
    the better tool has no room for: the better tool could not act on it (transfer_booking takes a
    reservation and an account, not the hall to book), so the write does the asked work under
    another word (book, reserve). A cancel_order for a return sends the order_id create_return
    takes too, and a grooming booked with the pet's id from an earlier turn sends nothing of this
    request: both stay wrong. A better tool that declares no parameters says nothing of its room. One
    of the write's own enum values the request names (the Deansgate branch of "book it in at the
    Deansgate shop") names one thing of the system as an id does. A count the user gave (150 pallets, sent as
    batch_size=150) fits a tool that takes a count: place_pallet_order's quantity could take it (a threshold of
    800 euros is no count a record's ttl takes). The request pasted whole into a note (restring_kendama's
    damage_note holding "Please book a Lindy hop class …") is no value of it: the write was sent the request,
    not something the better tool could not take."""
    request = norm(view.trajectory.input or "")
    arguments = [a for a in view.text.arguments[position] or () if a.text != request]
    room = _properties(better)
    counts = {str(a.path[0]) for a in arguments if _COUNT.search(str(a.path[0])) and _number(a.value)} \
        if any(_COUNT.search(key) for key in room) else set()
    return bool(arguments and room) and bool(
        (_user_keys(view, arguments, with_known=False) - counts | _named_choices(view, position, arguments)
         | _dictated(view, arguments) | _phrased_for(view, position, arguments)).difference(room))


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# A parameter holding how many: quantity, batch_size, num_guests, seat_count, party_size.
_COUNT = re.compile(r"quantit|qty|count|number|num|size|units|pieces|seats|people|guests|persons|pax|heads", re.I)


def _acts_on_found(view: TrajectoryView, position: int, on_request: "_OnTheRequest", better: ToolDefinition,
                   query: set[str]) -> bool:
    """Whether a write on a thing the request names (reserve_coin for "I need a coin … book it"), or on the thing a
    lookup of it found (register_for_fixture sent what search_fixtures found for 赛程, "competition schedule"), sends,
    under a reference the better tool has no room for, a record a lookup working on the request found
    (the coin_id a search of the user's coin gave, where the better book_vault_pickup takes a grading
    job): it does the asked deed on what the user asked for. A cancel_booking sent the booking a lookup
    found, where reschedule_booking takes that booking too, stays wrong; so does a create_quote sent
    the package of the user's event where its guests were to be changed: the request names no quote; and
    a book_class where the request names create_order whole ("create an order for me: the knitting class"). A search
    run after the write, sent the user's words, found the same record."""
    arguments, room, calls = view.text.arguments[position], _properties(better), view.trajectory.tool_calls
    texts, name = view.text, calls[position].name
    things = set(name_terms(name)).difference(actions(name))
    if not (arguments and room and things) or set(name_terms(better.name)) <= query:  # the better tool named whole
        return False
    named = not things.isdisjoint(query)
    return any(
        _REFERENCE_KEY.search(key := str(a.path[0])) and key not in room
        and not texts.in_user(a.text) and not texts.known.has(a.text)
        and any(not writes(calls[i].name) and i != position
                and (on_request.working(i) if before(calls[i], calls[position]) else _sends_the_users(view, i))
                and (named or not things.isdisjoint(name_terms(calls[i].name)))
                for u in a.units for i in texts.holders(u))
        for a in arguments)


def _sends_the_users(view: TrajectoryView, position: int) -> bool:
    """Whether a call sends a value the user gave: a search of the user's coin, run after the write that took the
    coin it found (a reference from the future is grounding's future_ref, not another deed)."""
    return any(view.text.in_user(a.text) for a in view.text.arguments[position] or ())


def _phrased_for(view: TrajectoryView, position: int, arguments: list) -> set[str]:
    """The top-level parameters under which a write the request names by a word of its name's object
    (update_thread for "soft grey thread please") sends a phrase of two words or more the request says."""
    name = view.trajectory.tool_calls[position].name
    if set(name_terms(name)).difference(actions(name)).isdisjoint(request_terms(view.trajectory.input or "")):
        return set()
    return {str(a.path[0]) for a in arguments if type(a.value) is str and " " in a.text
            and a.text.replace(" ", "").isalpha() and view.text.in_user(a.text)}


def _dictated(view: TrajectoryView, arguments: list) -> set[str]:
    """The top-level parameters under which a call sends, whole, a text the request quotes (the card
    saying "Congratulations on the new job!") or a code of letters and digits the request gives (WELCOME5)."""
    request = view.trajectory.input or ""
    quoted = {norm(q) for pair in _QUOTES.findall(request) for q in pair if q}
    return {str(a.path[0]) for a in arguments if type(a.value) is str and (
        a.text in quoted or (_CODED.fullmatch(a.value.strip()) is not None and " " not in a.value.strip()
                             and view.text.in_user(a.text)))}


def _named_choices(view: TrajectoryView, position: int, arguments: list) -> set[str]:
    """The top-level parameters under which a call sends a value of the parameter's enum that the request names."""
    name = view.trajectory.tool_calls[position].name
    tool = next((t for t in view.trajectory.tools_offered if t.name == name), None)
    properties = (tool.parameters or {}).get("properties") if tool is not None else None
    if not isinstance(properties, dict):
        return set()
    return {key for a in arguments if len(a.path) == 1 and isinstance(spec := properties.get(key := str(a.path[0])), dict)
            and isinstance(spec.get("enum"), list) and a.value in spec["enum"] and _names(view, a.text)}


def _names(view: TrajectoryView, text: str) -> bool:
    """Whether the request names `text`, its possessives read without the apostrophe too (kings_road for "King's Road")."""
    return view.text.in_user(text) or re.search(
        rf"\b{re.escape(text)}\b", norm(_APOSTROPHE.sub("", view.trajectory.input or ""))) is not None


class ToolSelectionEvaluator(Evaluator):
    alias = "tool_selection"
    dimension = "tool_use"
    description = "Hallucinated tool names, and calls to a tool the request does not match when an offered one does."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        view = context.view_of(trajectory)
        trajectory = view.trajectory
        calls, offered = trajectory.tool_calls, trajectory.tools_offered
        if not offered or not calls:
            return self.not_applicable("no tools offered" if not offered else "no tool calls")
        names = tuple(t.name for t in offered)
        index = {name: i for i, name in enumerate(names)}
        verdicts: list[dict[str, Any]] = []
        for c in calls:
            if c.name in index:
                verdicts.append({"seq": c.seq, "tool": c.name, "label": "pass"})
                continue
            suggestion = nearest(c.name, names)
            verdicts.append({"seq": c.seq, "tool": c.name, "label": "hallucinated_tool", "nearest": suggestion,
                             "reason": f"{call_ref(c.seq, c.name)}: hallucinated_tool: not offered; "
                                       f"nearest offered is {suggestion!r}"})
        relevance = self._relevance(view, index, verdicts) if trajectory.input else None
        if any(v["label"] == "wrong_tool" for v in verdicts):
            # a call made on an instruction injected into a result is safety's finding, not a choice of tool
            injected = obeying(view.text)
            for v in verdicts:
                if v["label"] == "wrong_tool" and v["seq"] in injected:
                    del v["reason"], v["better"]
                    v["label"] = "pass"
        flagged = [v for v in verdicts if v["label"] != "pass"]
        details: dict[str, Any] = {"calls": verdicts, "relevance": relevance}
        score = 1 - len(flagged) / len(calls)
        if not flagged:
            checked = "relevance to the request" if trajectory.input else "names only (no user input recorded)"
            return self.result(score=score, label="pass", passed=True, details=details,
                               reason=f"{len(calls)} call(s) to offered tools; checked {checked}")
        findings = [Finding(call=v["seq"], label=v["label"], reason=v["reason"]) for v in flagged]
        return self.failed(findings, ("hallucinated_tool", "wrong_tool"), score=score, details=details)

    def _relevance(self, view: TrajectoryView, index: dict[str, int], verdicts: list[dict]) -> dict[str, float]:
        """Marks wrong_tool calls in `verdicts`; returns each offered tool's BM25 score."""
        trajectory = view.trajectory
        offered = trajectory.tools_offered
        docs = documents(offered)
        bm25 = ranker(docs)
        sources = _with_family(request_terms(without_day_words(without_durations(trajectory.input or ""))), docs)
        query = set(sources)
        scores = {t.name: score for t, score in zip(offered, bm25.scores(query, sources))}
        called = {v["tool"] for v in verdicts if v["tool"] in index}
        # a deed the request only asks about (修好了吗: "is it repaired?") is no deed left undone
        questioned = asked_about(trajectory.input or "")
        # nor is a deed's noun labelling an id a call sent ("Booking TF 68394", 预订号: it names the record), nor a
        # deed the request says not to do ("don't approve it yet"): neither asks anything; nor does a "send me" that
        # asks to be told ("Send me the price first"), nor a word sending goods (首次发货明天, "first dispatch tomorrow")
        unasked = id_label_terms(trajectory.input or "", partial(_sent, view)) | negated_terms(trajectory.input or "") \
            | record_terms(trajectory.input or "", requested) | _message_sent_along(view, query) \
            | contact_label_terms(trajectory.input or "") | told_terms(trajectory.input or "") \
            | shipping_terms(trajectory.input or "") | own_deed_terms(trajectory.input or "")
        meant = _one_deed_a_word(query, sources, [t.name for t in offered if writes(t.name)], called, index, bm25,
                                 partial(_said_done_in, view))
        uncovered = (meant - unasked).difference(*(docs[index[name]] for name in called)) | \
            _deeds_undone(offered, docs, called, meant - questioned - unasked,
                          outright=_QUESTION.search(trajectory.input or "") is None)
        # a tool called in an earlier turn is no better choice: its result is in the conversation the agent was given
        # (but a write of one is, where this turn wrote nothing: the deed asked again, "book … use the reference from
        # last time", is not done by the last turn's commission; where this turn wrote, an amendment is that order's)
        made_writes = {n for n in called if writes(n)}
        wrote = bool(made_writes)
        used = called | {c.get("name") for m in trajectory.history for c in m.calls
                         if c.get("name") in index and (wrote or not writes(c.get("name")))}
        # nor is a write of a deed the request says not to do (book_piste for "…预订吗？只是问问，先别订"), nor any
        # write where it says it only asks (add_to_guest_list for "还有宾客名单名额吗？只是问问，先别订")
        barred = roots(negated_deeds(trajectory.input or ""))
        asking = _ONLY_ASKING.search(trajectory.input or "") is not None
        better = {t.name: score for t, score in zip(offered, bm25.scores(uncovered, sources)) if t.name not in used
                  and not (writes(t.name) and (asking or barred and kin(barred, actions(t.name))))}
        best = max(better, key=better.__getitem__, default=None)
        _named_write_instead(verdicts, query - unasked, better, scores)
        # a lookup's match on the senses of single Chinese characters (日: "day") is no sign it is on the request;
        # a write's may be (发: "to send", "to post" for post_message), where dictionaries lack the word's sense
        firmer = dict(zip(scores, bm25.scores({t for t in query if is_evidence(t, sources[t])}, sources)))
        firm = {name: score if writes(name) else firmer[name] for name, score in scores.items()}
        low: set[str] = set()
        on_request = _OnTheRequest(view, low)
        _ended_off_request(view, verdicts, firm, scores, called, on_request)
        _another_deed_done(view, verdicts, scores, used)
        _left_the_readied(view, verdicts, scores, used, on_request)
        _written_in_place(view, verdicts, firm, used, index, on_request, meant)
        _on_another_object(view, verdicts, firm, better, docs, index, query - unasked, sources, on_request, meant)
        if best is None or better[best] < MIN_BETTER or _attempted(trajectory, verdicts, offered[index[best]]):
            return scores
        matched = uncovered.intersection(docs[index[best]])
        # (a gloss's particle is none of the request's words: the "up" of 安排's "to set up" asks no tool whose
        # description says 到, "up to")
        if matched and all(t in FILLER and t != sources[t] for t in matched):
            return scores
        # one word of a description in common is no evidence against a tool described in another language
        # nor is a gloss's placeholder or particle (个人: "oneself", 开放: "to open up")
        evidence = {t for t in matched if _telling(t, sources)}
        # (a word of the better tool's name; its deed only through a Chinese word's first meanings: 编织's fifth,
        # "to create", asks no create_order, while 故障's fifth, "fault", names log_machine_fault's object)
        # (two of the request's words, each in its own sense or a Chinese word's first meanings: 处理's seventh, "to offer
        # for sale at a reduced price", and a deep sense of 时段 name no price lookup of divisions)
        plain = plain_senses(sources)
        # (a deed only asked about, "Is there a … marshmallow order on Friday?", is no evidence of the write doing it)
        strong = len({sources[t] for t in evidence if t in plain}) >= 2 or any(
            t not in questioned and is_leading(t, sources[t]) if t in actions(best) else t in plain
            for t in evidence.intersection(name_terms(best)))
        chinese = has_cjk(trajectory.input or "")
        # a write the request does not name, where it names the write of the better tool (reply, not escalate)
        # (in its own word, or a Chinese word's: 送 alone, "to send", is no asking for send_email)
        # (its own word, or a Chinese word's verb sense: 程序's "order" is a sequence, 点's "to order" one character's)
        named = roots(english_word_deeds(trajectory.input or "")) if chinese else frozenset()
        asked = writes(best) and any(t == sources[t] or roots((t,)) <= named
                                     for t in (actions(best) & uncovered) - questioned)
        last = verdicts[-1]["tool"]
        # the better tool is a write the request names (or matches strongly, and the answer tells nothing the last
        # call returned) and no write was made: the lookup the agent ended on stood in for it, unless a result of
        # the chain before it sent it there (a run's log after its status)
        # (not where the run ended, with no answer, on a lookup on the request that found nothing: the deed could not go
        # on, and the missing answer is no_final_answer's finding; from the bobstayed split)
        # (the answer telling only what the lookup was sent, which its result echoes, the day of a counter's hours,
        # reports nothing of it: jackyarded split)
        undone = writes(best) and not wrote and last in index and not writes(last) and not last.lower().startswith(_SETTING) \
            and firm[last] < better[best] and not on_request.fed_by[len(verdicts) - 1] \
            and (asked or strong and not _reported(view, len(verdicts) - 1, news=True)) \
            and not (firm[last] > 0 and found_nothing(trajectory.tool_calls[-1].result) and not (trajectory.output or "").strip())
        # a write whose deed the request does not say is low beside the named write, unless it matches the request
        # over twice as well (the owl booking beside 送给's e-mail)
        # (not where the named write matches nothing of the request but its deed word, and the write made matches
        # the request better, by its own objects: 预约…批发…58公斤 with place_haggis_order made beside book_distillery_tour)
        by_deed_alone = evidence <= actions(best)
        low.update(v["tool"] for v in verdicts if v["tool"] in index and (firm[v["tool"]] <= NEAR_ZERO * better[best] or (
            (asked and firm[best] > WELL_BELOW * firm[v["tool"]]
             and not (by_deed_alone and firm[v["tool"]] > firm[best]
                      and _objects_matched(v["tool"], query, sources, docs[index[v["tool"]]]))
             or strong and writes(best) and firm[v["tool"]] <= WELL_BELOW * better[best] and bool(actions(v["tool"]))
             and (kin(frozenset(query), actions(best)) or not evidence.isdisjoint(name_terms(best))))
            and writes(v["tool"]) and not kin(frozenset(query), actions(v["tool"]))
            and not _another_asked_deed(offered[index[v["tool"]]], trajectory.input or "", best))
            # the one tool of the run, a lookup matching the request at most half as well as a better lookup the
            # request matches strongly (the practitioners listed for "when does the clinic open, is there parking?")
            or len(called) == 1 and strong and not writes(best) and not writes(v["tool"])
            and firm[v["tool"]] <= WELL_BELOW * scores[best]))
        low.update([last] if undone else ())
        # beside calls that do what was asked, a side lookup is wrong only on strong evidence, and not where, in
        # the course of the work, it looks at the day the work is for, nor, where a write was made and the better
        # tool is another write, where it was sent the user's words and the answer tells its result (the terms quoted)
        served = bool(called - low)
        # where the asked write was never made, the lookup that took its place at the end, one nothing of the
        # request matches and the answer does not report on, is a detour, not a step. The asked write: the better
        # tool, or the uncalled write the request's evidence matches best of all the offered tools
        top = max(better, key=firm.__getitem__)
        wanted = best if writes(best) else top if writes(top) and firm[top] > max((firm[n] for n in called), default=0) else None
        # (a write matched by single characters alone is no deed the request asks: 投 of 慢投, "slowpitch", sends no e-mail)
        # (nor where that lookup said none was left, as the answer admitting the deed undone tells: the deed could not go on)
        # (a lookup the request matches a little is one too where no call of the run acted on the world and the answer
        # says the deed done, its number from no call: recipe cards sharing the ordered eggs' word; sternmoulded split)
        descriptions = {t.name: t.description or "" for t in offered}
        acting = [acts(c.name, descriptions.get(c.name, "")) for c in trajectory.tool_calls]
        unacted = says_done(trajectory.output or "") and not acknowledges(trajectory.output or "") and not any(
            a for c, a in zip(trajectory.tool_calls, acting) if c.name in index)
        detour = wanted is not None and firmer[wanted] > 0 and not wrote and not writes(last) and \
            (firm.get(last) == 0 or unacted and last in index and firm[last] < firm[wanted]) \
            and not _reported(view, len(verdicts) - 1) \
            and not (acknowledges(trajectory.output or "") and _none_left(view, len(verdicts) - 1))
        low.update([last] if detour else ())
        # the deeds the request asks. No lookup does a deed: where the request asks one done (订: "to order"), a write
        # it matches at all (or one described in another language, which may match nothing, whose deed the answer
        # says done) is not wrong beside a better lookup (几点回来, "what time?", matching get_tide_times by name)
        deeds = requested(trajectory.input or "")
        # beside a write made, no lookup is wrong for a better tool that polls a job under way where the request asks
        # after nothing (quote_sail_work beside get_repair_status for "book a sail repair drop-off": its words are the job's)
        # nor for a better lookup the request matches only by the deed it asks, which a write did ("Please order …":
        # get_order fetches an order; book_pitch placed it), or only by words of the deed of a write that went through
        # ("10 puppy reservations" for list_my_reservations, beside reserve_puppy done; stemrebated split)
        went_through = {p for p, c in enumerate(trajectory.tool_calls) if c.status == "ok" and writes(c.name)}
        idle = wrote and not writes(best) and (polls(best, offered[index[best]].description or "")
                                               and _ASKS_AFTER.search(trajectory.input or "") is None
                                               or bool(evidence) and (roots(evidence) <= deeds or all(
                                                   any(kin(frozenset((t,)), actions(trajectory.tool_calls[p].name))
                                                       for p in went_through) for t in evidence)))
        # the run's only writes matching nothing of the request, described in its language, beside an uncalled write
        # it matches that undoes nothing: whatever the lookups served, the deed done was none asked (order_lathe_chisels
        # for a woodturning course; not book_visit for "plane down a sticking door" beside cancel_visit)
        unmatched = made_writes if writes(best) and firm[best] > 0 and actions(best).isdisjoint(_UNDOING) and all(
            firm[n] == 0 and has_cjk(offered[index[n]].description or "") == chinese for n in made_writes) else set()
        # without strong evidence, a lookup sent the user's words, or a value a step of the work found for them (the
        # farm's site id a search of the user's county gave), whose result the answer tells served the request; and
        # without any telling word for the better tool (送到's "send" alone for send_email), nothing is a suspect there
        # (lazyjacked split)
        suspects = {v["tool"] for p, v in enumerate(verdicts) if v["label"] == "pass" and v["tool"] in low
                    and not (idle and not writes(v["tool"])) and (strong or (
            not served and bool(evidence) and has_cjk(offered[index[v["tool"]]].description or "") == chinese
            and (writes(v["tool"]) or not (_answered_on(view, p) or _answered_after(view, on_request, p))))
            or (detour and v["tool"] == last) or v["tool"] in unmatched)}
        if not suspects:
            return scores
        keys = _reference_keys(offered[index[best]])
        readied = {name: (keys | kin, kin) for name in suspects for kin in (_kin_keys(name, offered, used),)}
        # the stand-in nothing of the request matches, which did not fail and is not told: the user's ids do not spare
        # it; nor, on a detour where the answer says done (admitting nothing undone) the deed of an uncalled write the
        # request asks, a value an earlier call on the request gave it (the weather at the race's liberation point,
        # 已报名, with no entry made)
        end = len(verdicts) - 1
        claimed = detour and not acknowledges(trajectory.output or "") and any(
            writes(t.name) and t.name not in called and kin(deeds, actions(t.name)) and _told_done(view, t) for t in offered)
        stood_in = end if (undone or claimed) and firm[last] == 0 and trajectory.tool_calls[end].status != "error" \
            and not _reported(view, end) else None
        # asked whether the deed can be done, a lookup the answer reports before asking the user to go ahead
        # ("下周四都排满了…可以吗？") looked before the deed, which it left to the user's word; so did one the answer
        # reports while saying the deed not done ("the season is May to August", "no free slots on Saturday"), where
        # the better tool is a write, by its name or its description (commission_yunomi: "Commission a batch …"; stemscribed
        # split), or the request asks a deed and no question (帮我订… beside a better quote lookup)
        asks = bool(_QUESTION.search(trajectory.input or ""))
        deferred = (acts(best, descriptions[best]) or bool(deeds) and not asks) and not wrote and (
            asks and bool(_QUESTION.search(trajectory.output or "")) or acknowledges(trajectory.output or ""))
        # a deed done: a call the request matches that acts on the world (by its name or its description:
        # commission_index, "Book or order a slot") went through. Beside it, a lookup stood in for no better write, told
        # or not (the terms, the site's conditions): at most a second deed was left undone, no wrong choice of it. A deed
        # that went out and failed (a 503 cutting the booking short) was still the deed: the lookups before it were its
        # steps, whatever the server answered; one after it (a field guide looked up once the booking failed) is not
        out = [p for p, c in enumerate(trajectory.tool_calls) if c.name not in low and acting[p]]
        made = any(trajectory.tool_calls[p].status == "ok" for p in out)
        # a look at the day's conditions, or one sent nothing but the user's own words, ends the run too where the
        # answer says the deed not done and a call before it on the request found nothing or said no, as the answer
        # tells: the deed could not go on, and the look was another thing asked, "Also check machine loans" beside an
        # empty retreat search, 先搜索一下 beside a bay check saying no; dolphined and foredecked splits
        stopped = [deferred and (_none_found(view, p, firm.get(v["tool"], 0)) or _said_no(view, p))
                   for p, v in enumerate(verdicts)]
        blocked = any(stopped[:-1])
        # asked whether something can be done (可以吗, "can I …?") and answered yes or no from a lookup of the user's
        # words (不行：该赛道当天因翻新关闭 from the track's opening check): it answered the question
        yes_no = _CAN_I.search(trajectory.input or "") is not None and _YES_NO.match(trajectory.output or "") is not None
        # where one of several things asked is a lookup, a lookup the request matches at all, sent its words and told, looked
        # up one of them (the stock searched for 爱尔兰有…轧布机吗, beside the account also asked; sternposted split)
        several = not writes(best) and len(called) > 1
        # the answer says the asked deed done in the request's own Chinese word (帮我约 … 已为您约在): the write that
        # went through did it, whatever its description's words (安排欢迎通话)
        told_in_word = any(_said_done_as(word, trajectory.output or "") for word in
                           {sources[t] for t in query if sources[t] != t and not roots((t,)).isdisjoint(deeds)})

        # a price lookup, where the request asks a price in a word of its own (get_charter_price for 用欧元报价, "quote me
        # in euros") or says how it will pay (用欧元付款, "paying in US dollars") and the asked deed was ruled out
        # (reserve_charter_trip after a date check said no), did a part of the request; where nothing said no, it stood
        # in for the deed left undone
        priced = not _PRICE_ASKED.isdisjoint(roots(t for t in query - unasked if is_evidence(t, sources[t]))) and any(
            c.status == "error" or found_nothing(c.result) or _says_no(c.result) for c in trajectory.tool_calls)

        def does_the_work(p: int) -> bool:
            return fits_nowhere_else(view, p, offered[index[best]]) \
                or _acts_on_found(view, p, on_request, offered[index[best]], meant)

        # (a lookup the run went on after, which the request matches at all, sent the user's words and whose result
        # the answer tells beyond what it was sent, answered a part of the request on the way: a stand-in for the
        # better tool ends the run, or is neither told nor used; from the 300 blind splits, where lookups before
        # the last call were flagged 230 times and rightly 3)
        # (across languages, where one word in common is weak evidence, a lookup that checked what a write that went
        # through then acted on was that deed's step)
        across = has_cjk(offered[index[best]].description or "") != chinese
        # (a lookup a step of the work fed, whose result the answer tells, answered a request that asks no deed the
        # better write does, by its name or its description's words: the item's details after a catalogue search, beside
        # book_balloon_decorator for "do you have balloon-grade helium? what does it include?"; mizzentopped split)
        asked_of_best = kin(deeds, actions(best)) or not deeds.isdisjoint(roots(terms(offered[index[best]].description or "")))
        # (a check that said no, sent what a step of the work found for the request, or the day the request names as the
        # answer's none names it (明天已经排满，所以我没有下单; sheerclamped split), where the answer admits the deed not
        # done, looked before the deed it could not do, wherever it stands: the run's end too; chocked split)
        nones = _saying_none(trajectory.output or "")
        def spared(name: str) -> bool:
            return any((on_request.working(p) and p != stood_in) or _readies(trajectory.tool_calls[p], *readied[name])
                       or (deferred and not writes(name) and (_reported(view, p) or _none_found(view, p, firm[name])
                                                              or any(stopped) and _only_theirs(view, p)))
                       or (served and not writes(name) and (p < end or blocked) and _on_the_days_work(view, p))
                       or (not writes(name) and served and writes(best) and (made or p < tried))
                       or (not writes(name) and made and _of_whom_it_ran(view, p))
                       or (not writes(name) and (yes_no or several and firm[name] > 0) and _answered_on(view, p))
                       or (not writes(name) and priced and _prices(name))
                       or (not writes(name) and p < end and scores[name] > 0 and _sends_the_users(view, p)
                           and _reported(view, p, news=True))
                       or (not writes(name) and stopped[p] and (any(on_request.working(i) for i in on_request.fed_by[p])
                                                                or _names_the_asked_day(view, p, nones)))
                       or (not writes(name) and writes(best) and not asked_of_best
                           and any(on_request.working(i) for i in on_request.fed_by[p])
                           and (_reported(view, p) or _told_in_other_words(view, p)))
                       or (not writes(name) and across and _checked_for(view, p))
                       or (not writes(name) and (_none_free_that_day(view, p) or _ended_on_none_free(view, p, scores)
                                                 or _too_few_that_day(view, p)))
                       # (or, whatever its relevance, where the widening kept the user's words: they say what it
                       # looked for, where its description may not, in another language (gammon under
                       # 按品名…搜索腌肉产品) or at all (Citra))
                       or (not writes(name) and _looked_twice_for_nothing(view, p, kept=scores[name] == 0))
                       or (not writes(name) and scores[name] > 0 and _stopped_unanswered(view, p))
                       or (writes(name) and (does_the_work(p) or (not strong and _follows_up(view, p))
                                             or (told_in_word and made_writes == {name} and _goes_on_with(view, p))
                                             or (not writes(best) and bool(deeds) and (
                           firm[name] > 0 or _told_done_across(view, offered[index[name]], chinese)
                           or told_in_word and trajectory.tool_calls[p].status == "ok"))))
                       for p, v in enumerate(verdicts) if v["tool"] == name)
        cleared = {name for name in suspects if writes(name) and spared(name)}
        # a write spared as doing the asked work under words the request does not use (place_meat_order for 预约…
        # 数量四) served the request, and did a deed too where it went through (where it failed, the deed tried)
        work = [p for p, c in enumerate(trajectory.tool_calls) if c.name in cleared and does_the_work(p)]
        done = any(trajectory.tool_calls[p].status == "ok" for p in work)
        # (the lookups before the first deed that went out; none where none did)
        made, served, tried = made or done, served or bool(work), min([*out, *work], default=0)
        cleared |= {name for name in suspects if not writes(name) and spared(name)}
        for p, v in enumerate(verdicts):
            if v["tool"] in suspects and v["tool"] not in cleared:
                instead = wanted if detour and v["tool"] == last and wanted is not None else best
                # (nor a write sent the user's own values whose outcome the answer tells, where one word of the request,
                # not the deed of the other write, points at the other tool: reserve_cartons told done beside 空位's "room" for
                # rent_banana_ripening_room, an order told beside "book" for get_booking_status)
                if writes(v["tool"]) and len(evidence) <= 1 and not (writes(instead) and kin(evidence, actions(instead))) \
                        and _answered_on(view, p):
                    continue
                # (nor a lookup sent what a deed of the run returned: it looked at that deed's outcome, a step of the deed
                # done whatever the deed was; get_reservation_progress polling the cartons just reserved, tumblehomed split.
                # A login's token is no deed's outcome: a wrong call after it carries it too)
                if not writes(v["tool"]) and not went_through.isdisjoint(on_request.fed_by[p]):
                    continue
                # (nor a lookup the request matches at all, sent again for nothing where no deed is claimed)
                if not writes(v["tool"]) and scores[v["tool"]] > 0 and _searched_again_for_nothing(trajectory, p):
                    continue
                relevance = better[instead] if instead == best else scores[instead]
                _mark_wrong(v, instead, f"the request matches {instead!r} (relevance {relevance:.2f}) "
                                        f"and not {v['tool']!r} ({scores[v['tool']]:.2f})")
        return scores


def _one_deed_a_word(query: set[str], sources: dict[str, str], write_names: list[str], called: set[str],
                     index: dict[str, int], bm25: BM25, said_done: Callable[[], tuple[str, set[str]]]) -> set[str]:
    """The request's terms but the other senses of a Chinese word whose deed a called write does, where
    the rest of the request matches that write at least as well as any uncalled write another sense
    names: 预订 is "to book" and "to order", and asks one of them; with book_session called for
    "预订…工作坊", order_starter_kit is no deed left undone. An order_braille_labels called for
    "预订盲文转写" leaves create_braille_booking, which the transcription matches better, undone. A write
    the answer says did the word's deed in that word (enrol_on_course, 已预订 WC-913) does it too."""
    done = frozenset().union(*(actions(n) for n in write_names if n in called))
    deeds = frozenset().union(*(actions(n) for n in write_names))
    answer, succeeded = said_done() if any(sources[t] != t and t in deeds and t not in done for t in query) else ("", set())
    dropped: set[str] = set()
    for word in {sources[t] for t in query if sources[t] != t and (
            t in done or succeeded and t in deeds and _said_done_as(sources[t], answer))}:
        senses = {t for t in query if sources[t] == word}
        doing = [n for n in write_names if n in called and not senses.isdisjoint(actions(n))]
        # a write doing another deed, said done in the word, must match the rest of the request better than the
        # rivals (a dartboard cabinet bought for 找到就预约 matches it no better than book_oche_practice)
        told = not doing and _said_done_as(word, answer)
        doing = doing or ([n for n in write_names if n in succeeded] if told else [])
        others = senses.difference(*(actions(n) for n in doing))
        rivals = [n for n in write_names if n not in called and not others.isdisjoint(actions(n))]
        scores = bm25.scores({t for t in query if sources[t] != word}, sources) if rivals else []
        if doing and all(max(scores[index[n]] for n in doing) > scores[index[r]] if told
                         else max(scores[index[n]] for n in doing) >= scores[index[r]] for r in rivals):
            dropped |= senses
    return query - dropped


def _said_done_as(word: str, answer: str) -> bool:
    """Whether the answer says a deed done in the request's own Chinese word (已预订, 预订好了)."""
    return bool(answer) and re.search(rf"已(?:经)?(?:[为帮给替][^，。！？,.!?]{{0,4}}?)?{re.escape(word)}|{re.escape(word)}(?:好|成功)",
                                      answer) is not None


def _said_done_in(view: TrajectoryView) -> tuple[str, set[str]]:
    """The answer where it says a deed done ("" where not), and the writes that succeeded."""
    trajectory = view.trajectory
    output = trajectory.output or ""
    if not says_done(output) or acknowledges(output):
        return "", set()
    return output, {c.name for c in trajectory.tool_calls if c.status == "ok" and writes(c.name)}


def _told_done_across(view: TrajectoryView, tool: ToolDefinition, chinese: bool) -> bool:
    """Whether a write described in another language than the request is the deed the answer says
    done (已预约 for book_visit): its zero match with the request is the language's."""
    return has_cjk(tool.description or "") != chinese and _told_done(view, tool)


def _written_in_place(view: TrajectoryView, verdicts: list[dict], firm: dict[str, float], used: set[str],
                      index: dict[str, int], on_request: _OnTheRequest, meant: set[str]) -> None:
    """Marks a write the request matches barely (a quarter as well as the told write, or not at all), which went
    through while the write whose deed the answer says done was never made (sell_travel_insurance made,
    book_kennel_slot not, 已预约; transfer_flight_voucher, "flight" alone, for "Reserved" with reserve_trial_flight
    uncalled): it stood in for the asked write, whatever the lookups before it served (palmed, sampsoned splits).
    Not a write whose own deed the answer says done (book_appointment, described in English, for 已预约), nor one
    doing that work under other words (place_meat_order for 预约…数量四: the told write's values, or the found
    thing, sent)."""
    trajectory = view.trajectory
    output = trajectory.output or ""
    if not output or acknowledges(output):
        return
    deeds = requested(trajectory.input or "")
    # (the told write described in the request's language: across languages a zero match says little)
    chinese = has_cjk(trajectory.input or "")
    told = sorted((t for t in trajectory.tools_offered if writes(t.name) and t.name not in used
                   and has_cjk(t.description or "") == chinese
                   and (firm[t.name] > 0 or kin(deeds, actions(t.name)))
                   and (_told_done(view, t) or _told_in_its_words(view, t))), key=lambda t: firm[t.name], reverse=True)
    if not told:
        return
    for p, (v, c) in enumerate(zip(verdicts, trajectory.tool_calls)):
        if v["label"] == "pass" and c.name in index and writes(c.name) and c.status == "ok" \
                and firm[c.name] <= NEAR_ZERO * firm[told[0].name] \
                and not kin(deeds, actions(c.name)) and not _told_done(view, trajectory.tools_offered[index[c.name]]) \
                and not fits_nowhere_else(view, p, told[0]) \
                and not _acts_on_found(view, p, on_request, told[0], meant):
            _mark_wrong(v, told[0].name, f"the answer says {told[0].name!r} done, which was never called, and the "
                                         f"request matches {c.name!r} barely ({firm[c.name]:.2f}, against "
                                         f"{firm[told[0].name]:.2f})")


def _another_asked_deed(tool: ToolDefinition, request: str, best: str) -> bool:
    """Whether a write's description opens with a deed the request asks in that word that the better tool
    does not do (schedule_return, "Book the return delivery …", for "book it back to me … and send the note",
    beside send_email): it did one asked deed under another name, and the other deed undone is no wrong
    choice. (A gloss is no such word: 订's "order" does not ask buy_bagpipe_reeds, "Order bagpipe reeds".)"""
    opener = re.match(r"\s*([A-Za-z]+)", tool.description or "")
    said = requested(opener[1].lower()) if opener else frozenset()
    return bool(said) and kin(roots(terms(request)), said) and not kin(said, actions(best))


def _on_another_object(view: TrajectoryView, verdicts: list[dict], firm: dict[str, float], uncalled: dict[str, float],
                       docs: tuple[tuple[str, ...], ...], index: dict[str, int], query: set[str], sources: dict[str, str],
                       on_request: _OnTheRequest, meant: set[str]) -> None:
    """Marks a write doing a deed the request asks on an object nothing of the request names (order_paint for
    "Please order the Rowan cabin …"), where an uncalled write of a deed it asks acts on what the request names
    (place_cabin_order): the deed word alone chose it."""
    trajectory = view.trajectory
    offered = trajectory.tools_offered
    rivals = [n for n in uncalled if writes(n) and kin(frozenset(query), actions(n))
              and _objects_matched(n, query, sources, docs[index[n]])]
    if not rivals:
        return
    for p, v in enumerate(verdicts):
        name = v["tool"]
        deed = _deed(name)
        # (a name opening with its deed: boomerang_get_booking fetches one; cancel_hire's hire is the request's 租赁)
        if v["label"] != "pass" or name not in index or not writes(name) or not deed \
                or not kin(frozenset(query), actions(name)) or polls(name, offered[index[name]].description or "") \
                or not query.isdisjoint(set(name_terms(name)) - deed) \
                or _objects_matched(name, query, sources, docs[index[name]]):
            continue
        better = max((n for n in rivals if firm[n] > firm[name]), key=firm.__getitem__, default=None)
        if better is None or fits_nowhere_else(view, p, offered[index[better]]) \
                or _acts_on_found(view, p, on_request, offered[index[better]], meant) or _follows_up(view, p):
            continue
        _mark_wrong(v, better, f"the request asks {better!r}'s deed on what it acts on (relevance {firm[better]:.2f}); "
                               f"of {name!r} ({firm[name]:.2f}) only the deed")


def _told_in_its_words(view: TrajectoryView, tool: ToolDefinition) -> bool:
    """Whether the answer says done a deed in the Chinese words of a write's description (已预订 for
    "为某日预订门牌雕刻服务方", 已改到 for "把预约改到另一天"), which the dictionary may gloss apart."""
    output = view.trajectory.output or ""
    return any(_said_done_as(run[i:i + 2], output) for run in _CJK_WORDS.findall(tool.description or "")
               for i in range(len(run) - 1))


_CJK_WORDS = re.compile(r"[\u4e00-\u9fff]{2,}")


def _told_done(view: TrajectoryView, tool: ToolDefinition) -> bool:
    """Whether the answer says a write's deed done (已发送 for send_email, "booked" for book_visit)."""
    output = view.trajectory.output or ""
    return kin(roots((*terms(output), *english_claims(output))), actions(tool.name))


def _with_family(sources: dict[str, str], docs: tuple[tuple[str, ...], ...]) -> dict[str, str]:
    """The request's terms and, for an English word no tool's document holds, the words of its family
    the documents hold instead ("remind me" for set_reminder, "collect" for schedule_collection): the
    light stemmer leaves them apart, a reader does not. Each counts as the word it stands for."""
    # kin needs five letters in common from the start: only words opening alike are compared
    by_start: dict[str, set[str]] = {}
    for doc in docs:
        for t in doc:
            if t.isascii() and len(t) >= 5:
                by_start.setdefault(t[:5], set()).add(t)
    family = {d: source for t, source in sources.items() if t == source and t.isascii()
              and t not in by_start.get(t[:5], ()) for d in by_start.get(t[:5], ())
              if kin(frozenset((t,)), frozenset((d,))) and not _compound(t, d)}
    return family | sources


def _compound(word: str, other: str) -> bool:
    """Whether the longer word is the shorter one and another word of three letters or more, not an ending of
    its family: afternoon is after + noon ("returned 14 days after" asks no morning-or-afternoon delivery),
    while collection, reminder, scheduling are collect, remind, schedule with their endings."""
    short, long = sorted((word, other), key=len)
    return long.startswith(short) and len(long) - len(short) >= 3 and long[len(short):] not in _ENDINGS


# Endings a word's family adds to it (stemmed words: "collect" + "ion", "remind" + "er").
_ENDINGS = frozenset("ion ions ation ations er ers ment ments ing ings ance ence ive ity able ible ful less ness "
                     "ship al ally ically ed es".split())


def _named_write_instead(verdicts: list[dict], query: set[str], uncalled: dict[str, float], scores: dict[str, float]) -> None:
    """Marks a write doing the asked deed on another object than the one asked: the request names an
    uncalled write whole ("book me a piste": book_piste), the called write opens with the same deed and
    nothing of its own object is in the request (book_armoury_kit; reschedule_booking does another deed
    on a booking, whatever "my booking" in the request names), or it does a deed the request does not
    say on the named write's object (update_booking for "cancel my booking": cancel_booking). `query`
    leaves out the words of a deed's noun labelling an id ("Booking TF 68394" asks no booking)."""
    named = [n for n in uncalled if writes(n) and set(name_terms(n)) <= query]
    for v in verdicts:
        if v["label"] != "pass" or not writes(v["tool"]):
            continue
        deeds, own = _deed(v["tool"]), set(name_terms(v["tool"]))
        # the same deed on an object the request does not name, or another deed it does not say on the same object
        instead = [n for n in named if (deeds & _deed(n) and not (own - deeds) & query)
                   or (deeds and not deeds & query and (own - deeds) & (set(name_terms(n)) - _deed(n)))]
        if instead:
            n = max(instead, key=scores.__getitem__)
            _mark_wrong(v, n, f"the request names {n!r} (relevance {scores[n]:.2f}), not {v['tool']!r} "
                              f"({scores[v['tool']]:.2f})")


def _ended_off_request(view: TrajectoryView, verdicts: list[dict], firm: dict[str, float], scores: dict[str, float],
                       called: set[str], on_request: _OnTheRequest) -> None:
    """Marks the last call where a run for a deed ended on a lookup nothing of the request matches: the
    request asks a deed done (订, 约, book) outside its questions ("Can you check how my request is going? Once
    it's through, book it"; beside a question, the lookup matches nothing of the request at all), no write was
    made, an uncalled write matches the request, and the lookup, which did not fail, which no earlier result sent
    a value (a number of one or two digits aside: page=1 beside a "total": 1) and
    which returned no reference the write takes (a product_id: the first step of the order), is where
    the agent stopped. It took the write's place whatever the answer says of it (the parking tariff
    told for "book me a photo booth", the café's menu beside the free lanes for "book us a lane"), even
    where lookups before it matched every word the write does: nothing of the request matches it, by
    its words or by their dictionary senses beyond single characters (`firm`). Asked whether a thing
    can be done (吗, ?), an agent may look around before answering; an answer asking something back
    ("shall I book it?") left the deed to the user's word."""
    trajectory = view.trajectory
    last = verdicts[-1]
    request = trajectory.input or ""
    if last["label"] != "pass" or last["tool"] not in firm or writes(last["tool"]) or firm[last["tool"]] > 0 \
            or any(writes(n) for n in called) or trajectory.tool_calls[-1].status == "error" \
            or not requested(_SENTENCE_ASKED.sub(" ", request)) \
            or _QUESTION.search(request) and scores[last["tool"]] > 0:  # may answer the question (风 of 还能玩吗)
        return
    wanted = max((n for n in firm if writes(n) and n not in called), key=firm.__getitem__, default=None)
    # (an answer saying the deed not done, telling what the lookup found: "those dates are taken", found why; an
    # empty result's "没有" only tells it, unless the lookup was sent the day the request asks and the answer's none
    # names it: 明天没有空位…所以没有预订 after an empty check of tomorrow's free slots; or the lookup said none was left)
    end = len(verdicts) - 1
    admits = acknowledges(trajectory.output or "")
    if wanted is None or firm[wanted] < MIN_BETTER or _QUESTION.search(trajectory.output or "") \
            or _fed_beyond_counts(view, end, on_request) or _widened(trajectory) \
            or admits and (bool(value_texts(trajectory.tool_calls[-1].result)) and _reported(view, end)
                           or _none_of_the_asked_day(view, end) or _none_left(view, end) or _none_free_that_day(view, end)
                           or _searched_for_the_asked(view, end) or _too_few_that_day(view, end)) \
            or _readies(trajectory.tool_calls[-1], _reference_keys(next(t for t in trajectory.tools_offered if t.name == wanted))) \
            or _stopped_before(view) or _ended_on_none_free(view, end, scores):
        return
    _mark_wrong(last, wanted, f"the request matches {wanted!r} (relevance {firm[wanted]:.2f}) "
                              f"and nothing of it {last['tool']!r}")


def _stopped_before(view: TrajectoryView) -> bool:
    """Whether the run ended on a lookup sent nothing but the user's own words (the shipping quote for 德国 and 瑞士法郎)
    after a call said no ({"available": false}), as the answer tells while it admits the deed not done: that call
    stopped the deed, and the lookup ran beside it (from the spanshackled split, where an availability check ran
    first). An empty search is no such stop: a relaxed one may follow it; unless it checked the asked day, as the
    answer's none names it (明天没有可用的场次…所以没有预约; `_none_of_the_asked_day`), where the tenant's account looked
    up beside it ran beside the check (floorheaded split); or unless it was relaxed and found nothing again, told as
    none (`_looked_twice_for_nothing`): the honest no, where the account or the duty rates of the user's country were
    looked up after it (bowsplined split)."""
    end = len(view.trajectory.tool_calls) - 1
    return acknowledges(view.trajectory.output or "") and _only_theirs(view, end) and any(
        _said_no(view, i) or _none_of_the_asked_day(view, i) or _looked_twice_for_nothing(view, i) for i in range(end))


def _looked_twice_for_nothing(view: TrajectoryView, position: int, kept: bool = False) -> bool:
    """Whether a call is one of a search and its widening (the same tool, or a name made up beside it, sent fewer of
    the same arguments, or the same with an option added or changed: include_archived, stock any) that both found
    nothing, one of them sent the user's own words (as written, or a Chinese word's English meaning whole: dog for 狗,
    or an option's choice named by a word of such a meaning: plain_hem for 素边, "plain"; bowdovetailed split), where
    the answer says none: the run looked again for what was asked and told that nothing fits, an honest no whatever
    deed the request's words match ("Sorry, nothing in that line is available right now, so I haven't booked
    anything"; keelboarded, sternscarfed and keelclenched splits).
    A lookup tried once is no such search. `kept`: the words, no number or date, are ones the widening kept (gammon
    searched with its cure, then without; not the shop's location dropped from a search of an enum's repair type):
    what the two looked for, whatever the search's description says."""
    calls = view.trajectory.tool_calls
    me = calls[position]
    if not found_nothing(me.result) or not _saying_none(view.trajectory.output or ""):
        return False
    partners = _partners(view.trajectory, me)
    meanings = frozenset(english_senses(view.trajectory.input or ""))
    # (the user's words may be in the search or in its widening: the two looked for them, under a made-up name too)
    pair = [q for q, c in enumerate(calls) if q == position or c in partners]
    # (or an option's choice named by a word of such a meaning: plain_hem for 素边, "plain")
    chosen = _fixed_choices(view.trajectory, me.name)
    said = {w for w in terms(" ".join(meanings)) if len(w) >= 4 and w not in FILLER}
    users = [(q, a) for q in pair for a in view.text.arguments[q] or ()
             if view.text.in_user(a.text) or a.text in meanings
             or str(a.path[0]) in chosen and not said.isdisjoint(terms(a.text))]
    if kept:
        users = [(q, a) for q, a in users if not _number(a.value) and as_date(str(a.value)) is None
                 and any(a.path[0] in calls[r].arguments for r in pair if r != q)]
    return bool(partners) and bool(users)


def _stopped_unanswered(view: TrajectoryView, position: int) -> bool:
    """Whether a lookup of a run that ended without an answer found nothing, and was searched again wider or sent
    the user's own words (more than a day: any report takes one): the deed could not go on from there, whatever
    the answer would have said, and the missing answer is no_final_answer's finding (search_chado_classes for the
    asked school and day, then for the day alone, both empty; garboardbolted split)."""
    trajectory = view.trajectory
    me = trajectory.tool_calls[position]
    if (trajectory.output or "").strip() or not found_nothing(me.result):
        return False
    return bool(_partners(trajectory, me)) or any(view.text.in_user(a.text) and not _number(a.value)
                                                  and as_date(str(a.value)) is None for a in view.text.arguments[position] or ())


def _partners(trajectory: Trajectory, me: ToolCall) -> list[ToolCall]:
    """The other calls of `me`'s search and its widening: of the same tool (`_one_tool`), sent a subset or a superset
    of its arguments (both dicts), or the same with another of an option's choices, both finding nothing."""
    offered = _offered_names(trajectory)
    return [c for c in trajectory.tool_calls if found_nothing(c.result) and c.seq != me.seq
            and _resent(*((me, c) if me.seq < c.seq else (c, me)), offered, trajectory)]


def _resent(first: ToolCall, then: ToolCall, offered: frozenset[str], trajectory: Trajectory) -> bool:
    """Whether `then` is `first` sent again after it found nothing, widened or with an option added or changed: the
    same tool sent fewer of the same arguments, all of them and more, or the same with another of an option's
    choices."""
    return found_nothing(first.result) and (_sent_within(first, then, offered) or _sent_within(then, first, offered)
                                            or _reoptioned(first, then, trajectory))


def _widened(trajectory: Trajectory) -> bool:
    """Whether the last call is a search widened after the same search found nothing: the same tool sent
    fewer of the same arguments (list_bench_slots without its finish, "in any option"), or all of them with an option
    added (include_archived), or changed to another of its choices (stock: in_stock, then any). It looks again for
    what the first looked for, and stands in for no deed; the same lookup sent the same again does."""
    calls, offered = trajectory.tool_calls, _offered_names(trajectory)
    return any(_resent(c, calls[-1], offered, trajectory) for c in calls[:-1])


def _reoptioned(first: ToolCall, then: ToolCall, trajectory: Trajectory) -> bool:
    """Whether `then` is `first`'s tool sent the same arguments but for another choice of options that take fixed
    ones (stock in_stock, then any): the search looked again for the same things."""
    if first.name != then.name or not isinstance(first.arguments, dict) or not isinstance(then.arguments, dict) \
            or set(first.arguments) != set(then.arguments):
        return False
    changed = {k for k, v in first.arguments.items() if then.arguments[k] != v}
    return bool(changed) and changed <= _fixed_choices(trajectory, first.name)


def _fixed_choices(trajectory: Trajectory, name: str) -> frozenset[str]:
    """The offered tool's parameters that take one of fixed choices (an enum, or true or false)."""
    tool = next((t for t in trajectory.tools_offered if t.name == name), None)
    properties = tool.parameters.get("properties") if tool is not None and isinstance(tool.parameters, dict) else None
    if not isinstance(properties, dict):
        return frozenset()
    return frozenset(k for k, schema in properties.items()
                     if isinstance(schema, dict) and ("enum" in schema or schema.get("type") == "boolean"))


def _sent_within(more: ToolCall, fewer: ToolCall, offered: frozenset[str]) -> bool:
    """Whether `fewer` is a call of `more`'s tool sent some of its arguments, each the same, and no others. A name
    made up beside the offered one (find_cemetery_slots_v2 for find_cemetery_slots) is that tool: the agent
    meant it, and hallucinated_tool reports the name."""
    return _one_tool(fewer.name, more.name, offered) and isinstance(fewer.arguments, dict) and isinstance(more.arguments, dict) \
        and set(fewer.arguments) < set(more.arguments) \
        and all(more.arguments[k] == v for k, v in fewer.arguments.items())


def _one_tool(name: str, other: str, offered: frozenset[str]) -> bool:
    """Whether two calls' names are one tool's: the same, or a name not offered beside an offered one it is with a
    version or a letter more or less (search_apron_test_packages_v2, find_cemetery_slot), as a model repeating a
    tool's name gets it wrong; two offered tools are two, however alike (get_order_status, get_order_state)."""
    return name == other or (name in offered) != (other in offered) \
        and SequenceMatcher(None, name, other).ratio() >= _ONE_TOOL


def _offered_names(trajectory: Trajectory) -> frozenset[str]:
    return frozenset(t.name for t in trajectory.tools_offered)


# (search_flights and search_hotels are 0.67 alike; a _v2 or a plural costs far less)
_ONE_TOOL = 0.85


# A sentence asking something (…?, …吗): a deed in it is asked about, not asked done.
_SENTENCE_ASKED = re.compile(r"[^.!?。！？]*(?:[?？]|吗[^.!?。！？]*[.!?。！？]?)")


def _fed_beyond_counts(view: TrajectoryView, position: int, on_request: _OnTheRequest) -> bool:
    """Whether an earlier result sent the call a value (the failed job's name, an id), not merely a
    number of one or two digits any result holds (page=1 beside a "total": 1)."""
    texts = view.text
    fed = on_request.fed_by[position]
    return bool(fed) and any(not (u.isdigit() and len(u) < 3) and not texts.in_user(u) and not fed.isdisjoint(texts.holders(u))
                             for a in texts.arguments[position] or () for u in a.units)


_UNDOING = frozenset(terms("cancel delete remove withdraw void revoke terminate unsubscribe release close"))
# Words a request undoes something by besides the undoing deeds themselves ("end my adoption", "stop the order").
_STOPPING = frozenset(terms("end stop quit drop"))


def _another_deed_done(view: TrajectoryView, verdicts: list[dict], scores: dict[str, float], used: set[str]) -> None:
    """Marks the writes that undid something (cancel, delete, remove …) where they are all the run's
    writes and the request names no undoing (cancel_macrame_class for "move that order to Friday"): where
    the answer says another deed done (已改到, "booked") and the request matches an uncalled write, or,
    told or not, the request matches an uncalled write of another deed better than the undoing (挪到 …
    已取消: reschedule_fitting, not cancel_fitting). Writes an earlier turn made are no better choice: the
    conversation's sign-up is what "take me off that one" undoes."""
    trajectory = view.trajectory
    output = trajectory.output or ""
    offered = {t.name: t for t in trajectory.tools_offered}
    doing = [(v, c) for v, c in zip(verdicts, trajectory.tool_calls) if v["tool"] in offered and writes(v["tool"])]
    if not doing or any(not actions(v["tool"]) & _UNDOING for v, _ in doing):
        return
    # any undoing the request says (取消 for withdraw_training, "end my adoption") names this one
    request = trajectory.input or ""
    if kin(requested(request) | roots(terms(request)), roots(_UNDOING | _STOPPING)):
        return
    instead = [n for n in offered if n not in used and writes(n) and scores[n] > 0]
    if not instead:
        return
    better = max(instead, key=scores.__getitem__)
    told = output and not acknowledges(output) and says_done(output) and not kin(
        roots(english_claims(output)) | roots(terms(output)), _UNDOING)
    if not told and (actions(better) & _UNDOING or scores[better] < MIN_BETTER
                     or any(scores[v["tool"]] >= scores[better] for v, _ in doing)):
        return
    for v, c in doing:
        if v["label"] == "pass" and c.status != "error":
            why = f"the answer says another deed done than {v['tool']!r} does" if told else \
                f"nothing of the request asks {v['tool']!r}'s undoing ({scores[v['tool']]:.2f})"
            _mark_wrong(v, better, f"{why}; the request matches {better!r} ({scores[better]:.2f})")


def _left_the_readied(view: TrajectoryView, verdicts: list[dict], scores: dict[str, float], used: set[str],
                      on_request: "_OnTheRequest") -> None:
    """Marks a write sent nothing any earlier result returned where an earlier lookup returned the reference an
    uncalled write the request matches better takes, which no call was sent (quote_stable_build's quote_id for
    order_stable_build, then hire_horse_walker(date) and "已下单"; keelwedged split): the work readied one deed and
    the run did another."""
    trajectory = view.trajectory
    calls, offered = trajectory.tool_calls, {t.name: t for t in trajectory.tools_offered}
    sent = {a.text for arguments in view.text.arguments for a in arguments or ()}
    waiting = [t for t in trajectory.tools_offered if t.name not in used and writes(t.name) and scores[t.name] > 0]
    for p, v in enumerate(verdicts):
        if v["label"] != "pass" or v["tool"] not in scores or not writes(v["tool"]) or on_request.fed_by[p] \
                or not _only_given(view, p):
            continue
        # (a write taking the same reference was readied too, whatever it was sent: renew_permit(months=6) with its
        # permit_id missing after the permits were listed)
        own = _reference_keys(offered[v["tool"]])
        readied = next((t for t in waiting if scores[t.name] > scores[v["tool"]] for q in range(p)
                        if before(calls[q], calls[p]) and _readies(calls[q], keys := _reference_keys(t) - own)
                        and not _references(calls[q].result, keys) & sent), None)
        if readied is not None:
            _mark_wrong(v, readied.name, f"an earlier result readied {readied.name!r} ({scores[readied.name]:.2f}), "
                                         f"and {v['tool']!r} was sent nothing the work found")


def _only_given(view: TrajectoryView, position: int) -> bool:
    """Whether a call's arguments are readable and hold nothing but the user's words, the trace's context or history,
    dates and numbers, and no record the user named (change_order(order_id='ORD-167359') for "add 2 more bottles to
    order ORD-167359" works on it): no value it could have found (nor one mistyped, PRM-617349 for a result's
    PRM-617343)."""
    arguments = view.text.arguments[position]
    return arguments is not None and not _user_keys(view, arguments, with_known=False) and all(
        view.text.in_user(a.text) or view.text.known.has(a.text) or as_date(str(a.value)) is not None
        or _number(a.value) for a in arguments)


def _references(result: Any, keys: frozenset[str]) -> set[str]:
    """The values a result holds under any of `keys`, normalised."""
    return {norm(str(v)) for path, v in leaves(parsed(result)) if path and path[-1] in keys}


def _telling(term: str, sources: dict[str, str]) -> bool:
    """Whether a matched term is evidence (`is_evidence`) and, when it comes from a gloss, no particle of it."""
    return is_evidence(term, sources[term]) and (term == sources[term] or term not in FILLER)


def _objects_matched(name: str, query: set[str], sources: dict[str, str], document: tuple[str, ...]) -> bool:
    """Whether the request's own words (or a Chinese word's senses, two characters or more) match a tool's
    document beyond its deed words: what it acts on is what the request names (批发, "wholesale")."""
    return any(_telling(t, sources) for t in query.intersection(document) - actions(name))


def _mark_wrong(verdict: dict, better: str, why: str) -> None:
    verdict.update(label="wrong_tool", better=better,
                   reason=f"{call_ref(verdict['seq'], verdict['tool'])}: wrong_tool: {why}")


def _deed(name: str) -> frozenset[str]:
    """The deed a write's name opens with (book of book_room); the object after it may be a write's
    noun too (the booking of reschedule_booking and cancel_booking is what they act on, not what they do)."""
    words = name_terms(name)
    return actions(name) & {words[0]} if words else frozenset()


def _checked_for(view: TrajectoryView, position: int) -> bool:
    """Whether a lookup was sent two values or more, each of which a later write that went through sent again under
    the same parameter (the day and kind of net-loft hire checked, then booked): it looked at what the deed then
    acted on, whatever words describe it (from the rudderstocked split, where 渔, "fish", named get_fish_prices)."""
    calls, arguments = view.trajectory.tool_calls, view.text.arguments
    checked = {(a.path, a.text) for a in arguments[position] or ()}
    return len(checked) >= 2 and any(
        writes(c.name) and c.status == "ok" and before(calls[position], c)
        and checked <= {(a.path, a.text) for a in arguments[j] or ()}
        for j, c in enumerate(calls) if j > position)


def _follows_up(view: TrajectoryView, position: int, among: frozenset[str] | None = None) -> bool:
    """Whether a write sends an id an earlier turn showed the user ("订第一个": the first slot listed
    then): it acts on the conversation's own record, where the request's words are too few to judge.
    With `among`, only an id that is one of those texts counts."""
    return bool(view.trajectory.history) and any(
        _specific(str(a.value)) and not view.text.in_user(a.text) and view.text.history.has(a.text)
        and (among is None or a.text in among) for a in view.text.arguments[position] or ())


def _goes_on_with(view: TrajectoryView, position: int) -> bool:
    """Whether a write that went through sends an id an earlier turn showed the user which the run's calls before
    it also sent: it goes on with the record the request points at (那个单子好了吗？好了的话安排后天交付, the job polled
    and then handed over), where the answer tells the asked deed done in the request's own word (from the
    gunwaled split)."""
    earlier = frozenset(a.text for q in range(position) for a in view.text.arguments[q] or ())
    return view.trajectory.tool_calls[position].status == "ok" and _follows_up(view, position, earlier)


def _searched_again_for_nothing(trajectory: Trajectory, position: int) -> bool:
    """Whether the call's lookup was sent again with other values, two of the run's calls found nothing, and the answer
    claims no deed done: the agent searched for what was asked and found nothing to act on, whatever the words of the
    search and its widening (over 600 splits, 25 / 20 such runs were flagged at seeds 27 / 11 beside the uncalled quote or
    order, none rightly: relaxed searches and honest noes)."""
    calls, output = trajectory.tool_calls, trajectory.output or ""
    me = calls[position]
    return any(c.name == me.name and c.arguments != me.arguments for c in calls) \
        and sum(found_nothing(c.result) for c in calls) >= 2 and not (says_done(output) and not acknowledges(output))


def _answered_on(view: TrajectoryView, position: int) -> bool:
    """Whether a call sent a value of the request (the species named, as written, a Chinese word of it as
    one of its English meanings whole: blue for 蓝色, or a code for it: BE for 比利时) and the answer tells its
    result: it looked up what the user asked about and answered from it."""
    meanings = frozenset(english_senses(view.trajectory.input or ""))
    return any(view.text.in_user(a.text) or a.text in meanings or _coded(view, a.text, meanings)
               for a in view.text.arguments[position] or ()) and _reported(view, position)


def _coded(view: TrajectoryView, text: str, meanings: frozenset[str]) -> bool:
    """Whether a code the call sent names what the request says (BE for 比利时, "Belgium"; CLDR)."""
    return len(text) <= 3 and text.isalpha() and any(view.text.in_user(e) or e in meanings for e in equivalents(text))


def _sent(view: TrajectoryView, value: str) -> bool:
    """Whether a call sent `value` (lower case, without separators): asked only where the request labels an id."""
    return any(squashed(a.text) == value for arguments in view.text.arguments for a in arguments or ())


def _answered_after(view: TrajectoryView, on_request: "_OnTheRequest", position: int) -> bool:
    """Whether a call was sent a value by a step of the work (a call working on the request) and the
    answer tells its result: it looked further into what the user asked about."""
    return any(on_request.working(i) for i in on_request.fed_by[position]) and _reported(view, position)


def _reported(view: TrajectoryView, position: int, news: bool = False) -> bool:
    """Whether the final answer states a value (three characters or more, two Chinese; a date in its own form) of the
    call's result that no other call returned (the GBP of a balance may be the quote's), or
    restates a sentence of it in its own words, in another language too (裂了的杯子也可全额退押金 for
    "Cracked cups are taken back; the deposit is refunded in full."), or states a short value beside its
    field's word ("with 5 left" for `left: 5`): a lookup the agent answered from served the request,
    whatever its words. With `news`, a value the call was sent and its result echoes tells nothing."""
    output = view.trajectory.output
    if not output:
        return False
    calls = view.trajectory.tool_calls
    answer, result = Haystack([norm(output)]), calls[position].result
    values = value_texts(result)
    elsewhere = _returned_elsewhere(calls, position)
    sent = set(value_texts(calls[position].arguments)) if news else set()
    elsewhere |= sent
    if any(_long_enough(v) and v not in elsewhere and (answer.has(v) or _dated(v, output)) for v in values) \
            or (not values and _says_none_of(view, position)) or _told_beside_its_field(result, output):
        return True
    said = _answer_words(output)
    return any(len(words := roots(t for t in terms(text) if t.isalpha())) >= _SENTENCE and 2 * len(words & said) >= len(words)
               for text in keys_and_strings(result)[1] if sent.isdisjoint(value_texts(text)))


def _told_in_other_words(view: TrajectoryView, position: int) -> bool:
    """Whether the answer tells a value of the call's result, of two words or more (four letters each) that no other call
    returned, each word in its own words or a Chinese word's senses (检测证书 for "test certificate"): `_reported`
    across languages, for values too short to be a sentence."""
    calls = view.trajectory.tool_calls
    elsewhere, said = _returned_elsewhere(calls, position), _answer_words(view.trajectory.output or "")
    return any(len(words := roots(t for t in terms(text) if t.isalpha())) >= 2 and all(len(w) >= 4 for w in words)
               and words <= said and elsewhere.isdisjoint(value_texts(text))
               for text in keys_and_strings(calls[position].result)[1])


def _returned_elsewhere(calls: list[ToolCall], position: int) -> set[str]:
    """The values every other call's result holds: told, they may be that call's."""
    return {v for i, c in enumerate(calls) if i != position for v in value_texts(c.result)}


def _answer_words(output: str) -> frozenset[str]:
    """The roots of an answer's words, its Chinese words' English senses among them."""
    return roots((*terms(output), *english_terms(output)))


def _long_enough(value: str) -> bool:
    """Whether a value is long enough to be told by itself: three characters, or two Chinese ones (已满, "fully
    booked", is a word where two letters are not)."""
    return len(value) >= 3 or _HAN_PAIR.fullmatch(value) is not None


_HAN_PAIR = re.compile(rf"[{CJK}]{{2}}")


def _told_beside_its_field(result: Any, output: str) -> bool:
    """Whether the answer states a value of one or two characters of the result next to a word of its field's
    name ("5 left", "left: 5", "2 seats"): too short to be told by itself, it is told by its field."""
    text = output.lower()
    for path, value in leaves(parsed(result)):
        if path and type(key := path[-1]) is str and type(value) in (int, str) and 0 < len(said := str(value).lower()) <= 2:
            words = [re.escape(w) for w in _FIELD_WORD.findall(key.lower()) if len(w) >= 3]
            if words and re.search(rf"(?<![\w.]){re.escape(said)}\s+(?:{'|'.join(words)})\b"
                                   rf"|\b(?:{'|'.join(words)})\s*:?\s*{re.escape(said)}(?![\w.])", text):
                return True
    return False


_FIELD_WORD = re.compile(r"[a-z]+")


def _says_no(result: Any) -> bool:
    """Whether a result says no: a field of it false ({"available": false}), or nothing left or free of what it counts
    ({"capacity_left": 0}, {"places_left": 0}, {"free_places": 0}: sheerstraked split; {"available_kg": 0})."""
    return isinstance(result, dict) and any(v is False or type(v) is int and v == 0 and _LEFT.search(k) is not None
                                            for k, v in result.items())


_LEFT = re.compile(r"left|remaining|free|available", re.I)


def _said_no(view: TrajectoryView, position: int) -> bool:
    """Whether a call's result says no and the answer tells it (a value of it, or a sentence saying no that holds
    the item the call was sent: GF-P3315 在 2025-09-19 已约满，无法安排 for {"available": false}, or the day it was sent
    as the request names it: 明天已经排满，所以我没有下单 for a capacity check of tomorrow saying {"free": 0}; sheerclamped
    split): why the deed was not done."""
    return _says_no(view.trajectory.tool_calls[position].result) and (
        _reported(view, position) or _refuses(view, position)
        or _names_the_asked_day(view, position, _saying_none(view.trajectory.output or "")))


def _none_left(view: TrajectoryView, position: int) -> bool:
    """Whether a call's result says no ({"available_kg": 0}) and the answer says none of what the call looked for
    (目前没有干果库存 for a stock check of the dried grade): the check told why the deed was not done, in words of
    its own where no value of the result is told (stemheaded split)."""
    return _says_no(view.trajectory.tool_calls[position].result) and _says_none_of(view, position)


def _refuses(view: TrajectoryView, position: int) -> bool:
    """Whether a sentence of the answer saying no (无法, 没有, "not") holds a value the call was sent that is no
    date (the item it checked): it tells that check's answer, where a date alone may be any call's."""
    sent = {a.text for a in view.text.arguments[position] or () if len(a.text) >= 3 and as_date(str(a.value)) is None}
    return any(v in norm(sentence) for sentence in _saying_none(view.trajectory.output or "") for v in sent)


def _saying_none(output: str) -> list[str]:
    """The sentences of an answer that hold a word of none or no (没有, 无法, "nothing")."""
    return [sentence_at(output, m.start(), m.end()) for m in _NONE.finditer(output)]


def _of_whom_it_ran(view: TrajectoryView, position: int) -> bool:
    """Whether a call sent nothing but the ids of whom the trace ran for (the shop's notices by the trace's tenant.id):
    beside the asked deed done, it looked at the user's own standing, whatever better lookup a word of the request
    matches (search_silk_threads for "blonde silk lace"; rabbetted split)."""
    whom = context_ids(view.trajectory)
    arguments = view.text.arguments[position]
    return bool(arguments) and all(a.text in whom for a in arguments)


def _only_theirs(view: TrajectoryView, position: int) -> bool:
    """Whether a call sent nothing but the user's own words: the model they named, a code for their country;
    not a bare number (page 1 for the 1 of "订一个，1台")."""
    arguments = view.text.arguments[position]
    meanings = frozenset(english_senses(view.trajectory.input or ""))
    return bool(arguments) and all(not a.text.isdigit() and (view.text.in_user(a.text) or view.text.known.has(a.text)
                                                               or _coded(view, a.text, meanings)) for a in arguments)


def _none_found(view: TrajectoryView, position: int, relevance: float) -> bool:
    """Whether a lookup the request matches at all found nothing ({"results": [], "count": 0, "message": …})
    and the answer says none of it: it told the user why the deed was not done. A tide lookup nothing of a
    hut booking matches, which found nothing, told "none found", was no step of it; a check of the asked day, told
    by that day where the answer says the deed not done, was, whatever its words (`_none_of_the_asked_day`)."""
    return relevance > 0 and found_nothing(view.trajectory.tool_calls[position].result) \
        and (_says_none_of(view, position) or _denies_the_asked(view, position)) \
        or _searched_for_the_asked(view, position) or _none_of_the_asked_day(view, position)


def _searched_for_the_asked(view: TrajectoryView, position: int) -> bool:
    """Whether a search (by its name: search_, find_, list_ …) found nothing, sent the user's very words as its query,
    which a sentence of the answer saying none or not holds (search_berths(query="covered bay D1") beside "Sorry,
    there is no covered bay D1 available"; bowdowelled split): it looked for what was asked, whatever its description's
    words. The town sent to list_classic_car_shows is no query of the asked thing, however the answer's none holds it."""
    call = view.trajectory.tool_calls[position]
    return searches(call.name) and found_nothing(call.result) and _denies_the_asked(view, position, _NONE, _QUERY_KEY)


_QUERY_KEY = re.compile(r"^(?:q|query|keywords?|search|search_text|term|text)$", re.I)


def _denies_the_asked(view: TrajectoryView, position: int, saying: re.Pattern | None = None,
                      under: re.Pattern | None = None) -> bool:
    """Whether a sentence of the answer saying not (isn't, haven't, unavailable; or none, `saying`) holds what the
    user asked for as the call was sent it (under a key `under` matches), no date ("Angostura-style Aromatic isn't in
    the catalogue" after an empty search of it; garboardkneed split; a Chinese word of two characters too: 半托 of
    "抱歉，半托目前没有可用的名额", keelgrooved split): it told that search's none. A date, or nothing the user said, may
    be any call's."""
    sent = {a.text for a in view.text.arguments[position] or ()
            if len(a.text) >= (2 if has_cjk(a.text) else 3) and as_date(str(a.value)) is None and view.text.in_user(a.text)
            and (under is None or bool(a.path) and under.match(str(a.path[-1])) is not None)}
    output = view.trajectory.output or ""
    cues = [*_NOT.finditer(output), *(saying.finditer(output) if saying is not None else ())]
    return bool(sent) and any(v in norm(sentence_at(output, m.start(), m.end())) for m in cues for v in sent)


_NOT = re.compile(r"\b(?:not|unavailable)\b|n['’]t\b", re.I)


def _days_sent(view: TrajectoryView, position: int) -> set[dt.date]:
    """The dates a call was sent."""
    return {day for a in view.text.arguments[position] or () if (day := as_date(str(a.value))) is not None}


def _description(trajectory: Trajectory, name: str) -> str:
    """The description of the offered tool of that name ("" where none is offered)."""
    return next((t.description or "" for t in trajectory.tools_offered if t.name == name), "")


def _names_the_asked_day(view: TrajectoryView, position: int, sentences: list[str]) -> bool:
    """Whether one of the sentences names a day the call was sent that the request names by its distance from the
    trace's own day (明天, the call sent tomorrow's date): by that distance too, or by the date itself (后天 asked,
    2025-10-04没有空闲的…场地 told; knightheaded split)."""
    sent = _days_sent(view, position)
    if not sent or not sentences or not view.trajectory.input:
        return False
    seen = trace_days(view.trajectory)
    days = sent & resolve_relative_dates(view.trajectory.input, seen)
    return any(not days.isdisjoint(resolve_relative_dates(sentence, seen)) or not days.isdisjoint(split_dates(sentence)[0])
               for sentence in sentences) if days else False


def _none_free_that_day(view: TrajectoryView, position: int) -> bool:
    """Whether a check of openings (by its name, description or result's fields: slots, 排期, 可预订) sent a day the
    request asks for found none, and a sentence of the answer tells none free that day (2025-08-27 在特鲁罗没有空位,
    2月18日没有可订的日票, or the day named back: 抱歉，那天所有门店都没有空档): an honest no, which checked whether the
    asked deed could be done that day, whatever better tool the request's words match (keelsonbolted, stempieced,
    hoodendsprung, garboardscarfed, bowkneed and transomchocked splits)."""
    days = _full_on_the_asked_day(view, position)
    seen = trace_days(view.trajectory)
    return bool(days) and any(
        (_OPENINGS.search(s) or _FULL.search(s)) and (_THAT_DAY.search(s) is not None or not days.isdisjoint(
            resolve_relative_dates(s, seen) | computed_dates(s, seen, with_stays=False) | split_dates(s)[0]))
        for s in _saying_none(view.trajectory.output or ""))


def _full_on_the_asked_day(view: TrajectoryView, position: int) -> set[dt.date]:
    """The days the request asks for that a check of openings was sent and found none on; none where the call is no
    such check or found something."""
    result = view.trajectory.tool_calls[position].result
    return _asked_days_checked(view, position) if found_nothing(result) or _says_no(result) else set()


def _asked_days_checked(view: TrajectoryView, position: int) -> set[dt.date]:
    """The days the request asks for that a check of openings (by its name, description or result's fields: slots,
    排期, 可预订, capacity) was sent; none where the call is no such check."""
    trajectory = view.trajectory
    call = trajectory.tool_calls[position]
    keys = " ".join(call.result) if isinstance(call.result, dict) else ""
    if not _checks_openings(trajectory, call.name, keys):
        return set()
    seen = trace_days(trajectory)
    request = trajectory.input or ""
    return _days_sent(view, position) \
        & (resolve_relative_dates(request, seen) | computed_dates(request, seen, with_stays=False))


def _too_few_that_day(view: TrajectoryView, position: int) -> bool:
    """Whether a check of openings sent a day the request asks for returned fewer left than the request asks
    ({"remaining": 9} for 110米), as a sentence of the answer saying not tells by that day, the count left and the
    asked number ("only 17 metres of capacity are left for 2025-06-25, so 158 is not possible"; 2025-11-25只剩9米的产能，
    做不了110米): it answered whether the asked deed could be done that day, whatever better tool the request's words
    match (stemcoppered split). A count the answer does not tell beside a denial is no such answer."""
    trajectory = view.trajectory
    result = trajectory.tool_calls[position].result
    days = _asked_days_checked(view, position)
    if not days or not isinstance(result, dict):
        return False
    left = {v for k, v in result.items() if type(v) is int and v > 0 and _LEFT.search(k) is not None}
    asked = {int(n) for n in _LONE_NUMBER.findall(trajectory.input or "")}
    output = trajectory.output or ""
    seen = trace_days(trajectory)
    for m in _DENY.finditer(output):
        sentence = sentence_at(output, m.start(), m.end())
        told = {int(n) for n in _LONE_NUMBER.findall(sentence)}
        if any(n in told and any(a > n and a in told for a in asked) for n in left) and (
                _THAT_DAY.search(sentence) is not None or not days.isdisjoint(
                    resolve_relative_dates(sentence, seen) | split_dates(sentence)[0])):
            return True
    return False


# A number standing alone (not a piece of a date or code: 2025-06-25, SU455-0); a word of denial in an answer.
_LONE_NUMBER = re.compile(r"(?<![A-Za-z0-9_.-])\d+(?![\d.-])")
_DENY = re.compile(r"\b(?:not|cannot|unable)\b|n['’]t\b|不了|不行|不能|无法|没法", re.I)


def _checks_openings(trajectory: Trajectory, name: str, keys: str = "") -> bool:
    """Whether a tool checks openings, by its name, description or result's fields (`keys`)."""
    return _OPENINGS.search(f"{name.replace('_', ' ')} {_description(trajectory, name)} {keys}") is not None


def _ended_on_none_free(view: TrajectoryView, position: int, scores: dict[str, float]) -> bool:
    """Whether the run ended with no answer on checks of openings, this call and every one after it, each of which
    found none on a day the request asks for, where no uncalled check of openings matches the request better: the
    asked deed could not go on that day, and the missing answer is no_final_answer's finding, whatever better write
    the request's words match (a tearoom's free slots for the class asked ten days on; heeled, frenched, sternkeeled
    and keelstrapped splits). Free wedding photographers on the day, beside an uncalled check of free DJs on a day that
    the request matches better, checked something else; a shop's opening hours are no check of a day."""
    trajectory = view.trajectory
    calls = trajectory.tool_calls
    if (trajectory.output or "").strip() or not all(_full_on_the_asked_day(view, p) for p in range(position, len(calls))):
        return False
    called = {c.name for c in calls}
    return not any(t.name not in called and not writes(t.name) and t.name in scores
                   and scores[t.name] > scores.get(calls[position].name, 0) and _checks_openings(trajectory, t.name)
                   and any(_DAY_KEY.search(key) for key in _properties(t)) for t in trajectory.tools_offered)


_DAY_KEY = re.compile(r"date|day", re.I)


# Words of what is free to book, in a check's name, description or fields and in an answer's none (空位, 排期,
# "slots"); an answer's words of a day with nothing free or to be arranged (约满, 没有…可以安排, "fully booked"); a day
# named back ("that day", 那天).
_OPENINGS = re.compile(r"slot|availab|\bfree\b|capacity|vacanc|opening|排期|空位|空档|空闲|余位|名额|档期|可预订|可订|有空|产能", re.I)
_FULL = re.compile(r"约满|订满|排满|已满|满了|安排|fully booked|booked up|\bschedul", re.I)
_THAT_DAY = re.compile(r"那天|当天|该日|那一天|\bthat (?:day|date)\b", re.I)


def _none_of_the_asked_day(view: TrajectoryView, position: int) -> bool:
    """Whether a call that found nothing was sent the day the request asks about and another of the user's values (the
    2 of 2把), and a sentence of the answer saying none names that day as the request does: it checked the asked deed's
    particulars and told why that day's deed was not done, saying the asked deed not done, whatever words describe it
    (查询某日期某服务的空闲时段 for 有空位就直接帮我订, told 明天没有空位，所以没有预订; from the bobstaycollared split). A look at
    the day alone (weather alerts) is no such check, nor a tide lookup told 明天没有查到低潮时段 with no word of the deed."""
    nones = _saying_none(view.trajectory.output or "")
    deeds = requested(view.trajectory.input or "")
    return found_nothing(view.trajectory.tool_calls[position].result) and any(
        as_date(str(a.value)) is None and view.text.in_user(a.text) for a in view.text.arguments[position] or ()) \
        and _names_the_asked_day(view, position, nones) \
        and any(kin(deeds, roots((*terms(sentence), *english_claims(sentence)))) for sentence in nones)


def _says_none_of(view: TrajectoryView, position: int) -> bool:
    """Whether the answer says none of what a call looks for: a sentence with a word of none that holds a word
    of finding (没有找到…), a value the call was sent (in its words or their meaning: 涤纶 for "polyester"; a date
    in the answer's own form, 5月25日 for 2025-05-25, or by its distance from today only where the request names it
    so too: any call's day may be "today"), or a word of its name or description. An empty list of charging points answered 没有空闲时段 ("no free slots")
    told nothing of it."""
    call = view.trajectory.tool_calls[position]
    output = view.trajectory.output or ""
    description = _description(view.trajectory, call.name)
    arguments = view.text.arguments[position]
    # (arguments that are no JSON still hold what was sent: "{'start_date': '2025-05-04'}")
    sent = {a.text for a in arguments if len(a.text) >= 3} if arguments is not None else \
        {norm(q) for q in _QUOTED.findall(call.arguments_raw or "") if len(q) >= 3}
    own = roots((*name_terms(call.name), *terms(description), *(t for v in sent for t in terms(v) if t.isalpha()))) | _FOUND
    for sentence in _saying_none(output):
        # (the meanings of Chinese words of two characters or more: one character means too much, 时 "o'clock")
        said = roots((*terms(sentence), *(t for word, meanings in senses(sentence) if len(word) > 1
                                         for m in meanings for t in terms(m))))
        if not own.isdisjoint(said) or any(v in norm(sentence) or _dated(v, without_day_words(sentence)) for v in sent) \
                or _names_the_asked_day(view, position, [sentence]):
            return True
    return False


_FOUND = roots(terms("find found result results match matches"))
_QUOTED = re.compile(r"['\"]([^'\"]+)['\"]")


_SPACED_DATE = re.compile(r"\d{4} \d{2} \d{2}")


def _dated(value: str, output: str) -> bool:
    """Whether `value` (normalised: 2025 10 21) is a date the answer states in its own form (10月21日,
    "21 October")."""
    day = as_date(value.replace(" ", "-")) if _SPACED_DATE.fullmatch(value) else None
    return day is not None and (day in computed_dates(output, {day}, with_stays=False) or day in split_dates(output)[0])


def _attempted(trajectory: Trajectory, verdicts: list[dict], better: ToolDefinition) -> bool:
    """Whether the agent did attempt the better tool's work, under a name it made up: one nearest the
    better tool's name (preorder_merch for place_preorder), or a write that names the same deed
    (create_booking for book_upholstery_job) or sends two or more of its parameters (drop_id,
    box_type for order_farm_box). That is hallucinated_tool's finding, and the
    lookups before it are the steps of the asked work, not a wrong choice of tool."""
    deeds, room = actions(better.name), set(_properties(better))
    return any(v["label"] == "hallucinated_tool" and (v.get("nearest") == better.name or writes(c.name) and (
        bool(actions(c.name) & deeds) or len(room.intersection(c.arguments if isinstance(c.arguments, dict) else ())) >= 2))
        for v, c in zip(verdicts, trajectory.tool_calls))


_REFERENCE_KEY = re.compile(r"(?:^|[_.-])(?:id|ids|code|sku|number|no|ref|key|uuid)$|[a-z](?:Id|ID|Ids|Code|Number|Ref|Key)$")


def _reference_keys(tool: ToolDefinition) -> frozenset[str]:
    """The parameters of a tool that take a reference to a record (product_id, flightNumber, sku)."""
    properties = (tool.parameters or {}).get("properties")
    return frozenset(k for k in properties if _REFERENCE_KEY.search(k)) if isinstance(properties, dict) else frozenset()


def _kin_keys(name: str, offered: list[ToolDefinition], used: set[str]) -> frozenset[str]:
    """The references taken by the uncalled writes on the lookup's own object (book_climbing_induction
    beside search_induction_times): a lookup that returned one found what such a write needs."""
    own = set(name_terms(name))
    return frozenset().union(*(_reference_keys(t) for t in offered if t.name not in used and writes(t.name)
                               and own.intersection(name_terms(t.name)) - actions(t.name)))


def _readies(call: ToolCall, keys: frozenset[str], own: frozenset[str] = frozenset()) -> bool:
    """Whether a lookup returned a reference the better tool takes (search_products gives the
    product_id order_food needs), or, under its bare word, one a write on the lookup's own object takes
    under a key ending in that word (`own`: search_tea_classes' `code` is book_tea_class's item_code; a
    list of skip permits' `ref` readies no booking): the first step towards the asked work, though the
    agent stopped before it, is no wrong tool."""
    if not keys or writes(call.name) or call.status == "error":
        return False
    found = set(keys_and_strings(call.result)[0])
    bare = {k.lower() for k in found if _KEY_PART.search(k) is None and _REFERENCE_KEY.search(k)}
    return not keys.isdisjoint(found) or any(_KEY_PART.split(key)[-1].lower() in bare for key in own)


_KEY_PART = re.compile(r"[_.-]|(?<=[a-z])(?=[A-Z])")


def _deeds_undone(offered: list[ToolDefinition], docs: tuple[tuple[str, ...], ...], called: set[str],
                  query: set[str], outright: bool = False) -> set[str]:
    """Words of the request naming what an uncalled write does (refill, book, transfer) that no
    called write does: a lookup whose description mentions the deed ("refills left", "whether a
    table can be booked") reads about it and does not do it."""
    done = set().union(*(d for t, d in zip(offered, docs) if t.name in called and writes(t.name)))
    seen = set().union(*(name_terms(name) for name in called))
    # (where the request asks outright, with no question, and no write was made, a called lookup naming the deed an
    # uncalled write's name opens with reads its records: get_past_booking books nothing)
    lookups_only = outright and not any(writes(name) for name in called)
    return {term for t in offered if t.name not in called and writes(t.name)
            for i, term in enumerate(name_terms(t.name)) if term in query and term not in done
            and (term not in seen or lookups_only and i == 0 and term in actions(t.name))}


class _OnTheRequest:
    """Whether a call of low relevance is still working on the request: it fed a later call (a
    prerequisite), is a lookup that sent the user's own ids, paths or addresses (from the request, an
    earlier turn or the trace's context) or was sent a value by a call that works on the request (a
    status check of the ticket just created), or failed (the first step of a chain its failure cut short: recovery
    judges it). A wrong call after a login carries its token, so being fed by a mere prerequisite is
    no such sign. Worked out only for the calls asked about, each once."""

    def __init__(self, view: TrajectoryView, low: set[str]):
        self.view, self.low = view, low
        self._anchored: dict[int, bool] = {}
        self._fed_by: list[set[int]] | None = None

    @property
    def fed_by(self) -> list[set[int]]:
        """For each call, the earlier calls whose results hold one of its values the user did not give;
        a day a slot search echoes feeds nothing (a report on that day is no step of the booking)."""
        if self._fed_by is None:
            texts, calls = self.view.text, self.view.trajectory.tool_calls
            self._fed_by = [{i for a in arguments or () if as_date(str(a.value)) is None for u in a.units if not texts.in_user(u)
                             for i in texts.holders(u) if i != j and before(calls[i], calls[j])}
                            for j, arguments in enumerate(texts.arguments)]
        return self._fed_by

    def working(self, position: int) -> bool:
        """Anchored, or a prerequisite: a later call sent on a value its result returned."""
        return self.anchored(position) or any(position in fed for fed in self.fed_by)

    def anchored(self, position: int) -> bool:
        found = self._anchored.get(position)
        if found is None:
            call = self.view.trajectory.tool_calls[position]
            self._anchored[position] = False  # no call feeds itself through a cycle
            found = self._anchored[position] = (
                call.name not in self.low or call.status == "error"
                or (not writes(call.name) and (works_on_the_request(self.view, position)
                                                or any(self.anchored(i) for i in self.fed_by[position]))))
        return found
