"""trajectory_quality: the health of the tool-call sequence, part by part.

loops (deepeval's AgentLoopDetection thresholds), recovery after each failed call, efficiency
(repeats of calls that already succeeded), parallelism (dependency depth against the sequential
rounds used) and termination. The score is the minimum of the parts that apply and the label the
worst failing part's; tool errors add execution labels (rate_limit, auth, …), which describe the
tools, not the agent, and so never fail the trajectory by themselves. Neither does one wasted
round: agents often make two independent lookups one after the other, which costs latency but is
no error, so it is a note that lowers the efficiency sub-score until two or more rounds are wasted.
An input left without a final answer is no_final_answer even when no tool was called.
"""
from __future__ import annotations

import re
from collections import Counter
from os.path import commonprefix
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache
from typing import Any

from collector.trajectory import ToolCall, Trajectory
from evaluators.base import EvalContext, EvalResult, Evaluator, Finding, per_step, summary
from evaluators.reviewer import holds
from evaluators.text.arithmetic import computed_from, computed_with_result
from evaluators.text.cache import cached_when_short
from evaluators.text.dates import as_date, without_dates
from evaluators.text.glosses import english_claims, english_deeds, english_verbs, glosses
from evaluators.text.index import TrajectoryText
from evaluators.text.norm import has_cjk, norm
from evaluators.text.numbers import number_of, numbers_in
from evaluators.text.reasons import line
from evaluators.text.sentences import sentence_at
from evaluators.text.terms import roots, terms
from evaluators.text.values import canonical_json, keys_and_strings, value_texts
from evaluators.trajectory_view import TrajectoryView, before

PARTS = ("loops", "recovery", "efficiency", "parallelism", "termination")
# Label precedence inside a part when two score the same.
_ORDER = ("failing_call_loop", "repeated_identical_call", "cyclic_pattern", "silent_failure", "blind_retry",
          "no_recovery", "redundant_calls", "serial_waste", "no_final_answer", "unverified_success")

# Where a text states a status: at its start, after HTTP, status, code or error, or in brackets.
_STATUS_AT = r"(?:^\W*|\bHTTP/?[\d.]*\s*|\bstatus(?:\s*code)?\s*[:=]?\s*|\berror\s*[:=]?\s*|\bcode\s*[:=]?\s*|\()"
EXECUTION = (  # first match wins
    # a server's status says what failed before any word does: "authentication queue unavailable (503)" is the
    # server's trouble, not the caller's credentials
    ("timeout", re.compile(_STATUS_AT + r"504(?![\d.])", re.I)),
    ("server", re.compile(_STATUS_AT + r"5\d\d(?![\d.])", re.I)),
    ("rate_limit", re.compile(r"\b429\b|rate[ _-]?limit|too many requests|throttl|quota exceeded", re.I)),
    ("auth", re.compile(r"\b40[13]\b|unauthori[sz]ed|forbidden|permission denied|access denied|"
                        r"\bauth(?:entication|orization)?\b|invalid (?:api[ _-]?)?(?:key|token)|token expired",
                        re.I)),
    ("not_found", re.compile(r"\b404\b|not[ _-]?found|no such", re.I)),
    ("timeout", re.compile(r"timed?[ _-]?out|deadline exceeded|\b40[8]\b|\b504\b", re.I)),
    ("server", re.compile(r"\b5\d\d\b|server error|service unavailable|bad gateway|internal error|"
                          r"connection(?:error| refused| reset| error)", re.I)),
    ("validation", re.compile(r"\b4(?:00|22)\b|validat|invalid|must (?:match|be)|bad request|schema|"
                              r"valueerror|typeerror|missing|required", re.I)),
)
TRANSIENT = frozenset({"rate_limit", "server", "timeout"})

_ACKNOWLEDGES = re.compile(
    r"sorry|unfortunately|unable|not able|couldn'?t|could not|can'?t|cannot|fail|error|unavailable|"
    r"not available|didn'?t|did not|wasn'?t|was not|weren'?t|were not|ha(?:s|ve)n'?t been|already exists?|try again|"
    r"apolog|refus|reject|declin|denied|bounced|try (?:again )?later|\b(?:not|isn'?t|aren'?t) (?:answering|responding)\b|"
    # "the vet vaccination system is down right now" (not "the price is down to £20", "down the hall")
    r"\b(?:is|are|was|were) (?:currently |temporarily |still )?(?:down|offline)(?=\s*(?:[,.;:!]|$|right now|at the moment|"
    r"for (?:maintenance|now)|today))|\bnothing (?:is |was |has been |got )?(?:booked|done|made|placed|sent|"
    r"created|changed|reserved|scheduled|ordered|paid)\b|\balready (?:hired|booked|taken|reserved|full|sold)\b|"
    r"\bnot (?:yet )?(?:been |be )?(?:done|complete)|"
    # "I have not booked it", "we haven't placed the order"
    r"\bha(?:s|ve|d)(?: not|n'?t) (?:yet )?(?:booked|done|made|placed|sent|created|changed|reserved|scheduled|ordered|"
    r"paid|moved|submitted|registered|enrolled|bought|hired|cancell?ed)\b|"
    # "that slot is taken, so the booking stays as it was"
    r"\b(?:stays?|remains?|is left|was left) (?:as (?:it|they) (?:was|were|is|are)|unchanged)\b|"
    r"抱歉|对不起|无法|失败|出错|错误|暂时|稍后(?!会?(?:收到|(?:电话|短信|邮件)?(?:联系|通知|致电)|(?:以?(?:短信|邮件))?(?:发送|发出|发给|发到|发至|寄出|寄给|送达)|(?:给您)?发(?:确认|通知|回执|收据|凭证|详情|单号)|(?:安排)?发货))|不可用|没能|未能|异常|没有(?!问题|空位|空档|名额|余位|位子)|并未|已经?存在|已经有|拒绝|被拒|驳回|被退|未(?:成功|完成)|还没|尚未|系统故障"
    r"|没(?:改|办|成|做|订|发|交|提交|加|删)|没[\u4e00-\u9fff]成|报错"  # 没开成, 没约成: not done; 系统报错
    r"|未找到|找不到|查不到|暂无"  # 一直返回未找到，暂无潮汐信息: nothing came back
    # a verb with 不了 cannot be done (订不了, 取消不了), but for the idioms 少不了, 免不了, 受不了, 大不了…
    r"|(?<![少免受大差忘])不了",
    re.I)
# An answer's words for a search that found nothing: 没有找到, 未找到, 找不到, 查不到, 暂无.
_NONE_FOUND = re.compile(r"没有找到|未找到|找不到|查不到|暂无")
# A reference an answer states: a code of letters and three digits or more (JOB-891011, RSV-235608)
_REFERENCE = re.compile(r"(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[A-Za-z])(?=(?:[A-Za-z0-9_-]*?\d){3})"
                        r"[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]")
_ASKS = re.compile(
    r"[?？]\s*$|please (?:provide|confirm|specify|tell|let me know|clarify|give)|could you|can you|would you|"
    r"请(?:提供|确认|告诉|说明|补充)|您(?:能|可以|是否)", re.I)
# A tool whose name or description says it reports a status or progress may be polled with the same
# arguments; so may a tool that waits between polls.
_COLLECTIONS = frozenset({"list", "search", "find", "query", "browse"})
# "wait" as a verb ("wait for the job", wait_until_ready), not a noun: a place on a waiting list, an average wait
_POLLS = re.compile(r"status|progress|\bpoll|\bwait(?:s|ing)?[\s_]+(?:for|until|till|on)\b|^wait|\bsleep|状态|进度|轮询|等待", re.I)
# A status result saying the work is still under way: a poll waits for it to change.
_UNDER_WAY = re.compile(r"\b(?:pending|queued|running|processing|in[_ ]progress|started|waiting|preparing|building"
                        r"|exporting|generating|uploading|under[_ ]review|in[_ ]review|reviewing|assessing"
                        r"|in[_ ]transit|in[_ ]customs|customs[_ ]clearance|clearing|out[_ ]for[_ ]delivery)\b"
                        r"|排队|处理中|进行中|生成中|等待|准备中|审核中|评估中|清关中|运输中|派送中", re.I)
# A result saying nothing was found: the next call may change the query because of it.
_NOTHING = re.compile(r"^\s*(?:no (?:results?|matches|records|items|data)(?: found)?|not found|nothing found|"
                      r"0 (?:results?|matches|hits)|none|没有(?:找到|结果|数据|记录)|未找到|无结果|查无)", re.I)
# A result's field holding a message to read, not a record's value ("notice", "message", "warning").
_MESSAGE_KEY = re.compile(r"message|msg|notice|note|warning|hint|banner|announcement", re.I)
# A message saying a search found nothing, in its own words: "no slots match", "none left", 暂无空位.
_SAYS_NONE = re.compile(r"\b(?:no|not|none|nothing|zero|empty)\b|n't|没有|暂无|无|未", re.I)
_WRITES = frozenset(terms(
    "create update delete remove cancel submit post write save send transfer order purchase buy pay book "
    "reserve charge refund set add insert upload publish modify edit exchange convert place schedule merge "
    "deploy approve register enroll enrol subscribe apply checkout withdraw deposit reset reply respond escalate assign close resolve "
    "notify email sms push invite forward donate renew extend upgrade downgrade activate deactivate enable disable "
    "start launch trigger redeem request lodge share retry rerun restart rebuild revert rollback archive pause resume "
    "suspend sign signup unsubscribe ban unban unblock mute kick confirm accept decline rsvp borrow lend rent hire "
    "enter file sell consign allocate lease"))
# Verbs that are also nouns a Chinese word's gloss holds (仓 is a ship's "hold"): they make a tool's
# name a write (hold_scooter, block_card), never an answer's or a request's words a deed.
_NAME_WRITES = frozenset("hold block waive void freeze unfreeze raise".split())
_RECORDS = frozenset("history balance summary report log logs details records preview".split())
# Records that are also verbs, and verbs of nouns: first in a name, with an object after them, they do it
# (report_missed_collection, log_hours, message_tutor, take_payment, move_tandem_flight, rate_visit); a
# sales_report, report_status or message_history reads one.
_RECORD_VERBS = frozenset("report log message take move rate".split())
_WRITE_WORDS = roots(_WRITES)
_WRITE_ROOTS = tuple(sorted(r for r in roots(_WRITES) if len(r) >= 4))


# A negation and the few words after it: "no job was created", "there is no reservation", "wasn't booked".
_NEGATED = re.compile(r"(?:\b(?:no|not|never|nothing|without)\b|n't)((?:\s+[\w-]+){1,4})", re.I)
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")  # refillsLeft -> refills Left
_CLAUSE_END = re.compile(r"[:;,.!?：；，。]")
_LEAST_COPIED = 12  # characters of a sentence: "no." or "not yet" may be anyone's
# A deed said done: "your shelf is booked", "has been submitted", "has been issued", 已经报修了, 已提交, 已经报好名了, 已订24个,
# 已签发 (a permit), 已为您暂留 (seats held).
_DEED_DONE = re.compile(r"\b(?:is|are|has been|have been)\s+(?:now\s+)?(?:booked|reserved|scheduled|rescheduled|registered|submitted"
                        r"|placed|paid|ordered|issued|borrowed|lent|renewed|checked out|exchanged|converted|transferred|cancell?ed|refunded"
                        r"|moved|extended|updated|changed|signed up|enrolled|filed|added|removed|confirmed)\b"
                        # the new state said as settled: "Booking FXB472248 is now on 3 January", "Your entry is in.",
                        # "your hold is in place", "You're in:", "Order BB-18329 will now ship to France"
                        r"|\b(?:is|are) now (?:on|at|in|for|with)\b|\bnow (?:has|have)\b|\b(?:is|are) in(?: place)?\s*[.!]|\bis in place\b"
                        r"|\byou(?:'re| are) in\s*[:!.,]|\bwill now\b"
                        # the agent says it did the deed: "I held another option", "I've logged the yellowing"
                        r"|\b(?:i|we)(?:'ve| have)? (?:just |also |now )?(?:held|logged|placed|booked|reserved|moved|changed"
                        r"|rescheduled|submitted|filed|registered|entered|added|ordered|renewed|extended)\b"
                        # the deed's outcome promised as settled: "will be held for you until Friday", "on their way"
                        r"|\bwill be (?:held|kept|reserved|delivered|sent|shipped|extended|moved|booked)\b"
                        # held for the user now: "SVC-5436 is held for you on 14 October"
                        r"|\b(?:is|are|has been|have been)\s+(?:now\s+)?(?:held|on hold)\s+for\s+(?:you|them|him|her)\b"
                        r"|\b(?:is|are) on (?:its|their) way\b|会(?:给|为|帮|替)(?:你|您)"
                        # the deed's participle opening a sentence: "Booked: …", "Applied for pitch O-39 …"
                        r"|(?:^|[.!?]\s+)(?:booked|reserved|applied for|submitted|ordered|paid|cancell?ed|rescheduled|renewed|registered"
                        r"|moved|extended|signed up|enrolled|filed|held|placed|logged)\b"
                        # 已为王芳订好, 已帮您改到, 已把详情发送到, 已处理: the deed done for the user, someone they named or on a thing
                        r"|已(?:经)?(?:[帮为给替把将][^，。！？,.!?]{1,12}?)?(?:报修|报名|预订|预约|下单|提交|登记|付款|支付|处理|续费|续约|延期|改期|改约|改签|退款|退订|修改|更新|安排"
                        r"|寄出|上报|借出|借好|续借|续订|发送|发出|取消|确认|保留|预留|暂留|预定|排期|排入|报上|签发|发放|开具|出具|(?:报|订|约|办|买|借|交|付|登|改|换|排|定)好"
                        # 已订24个, 已买了: a one-character deed with its count or 了
                        r"|(?:订|约|买|购|租|借|寄)(?:了|(?=[0-9０-９一二两三四五六七八九十百几]))"
                        r"|(?:改|换|挪|调)(?:到|成|为)|下(?=[，。！,.!]|$))", re.I | re.M)
# An answer saying all is done claims every part of the work.
_ALL_DONE = re.compile(r"\bdone\b|\ball set\b|\b(?:all|both|is|are|'s|'re)\s+sorted\b(?!\s+by)"
                       r"|\b(?:all|both)\s+(?:booked|ordered|sent|paid|placed|reserved|confirmed|cancell?ed|moved|registered)\b|\bcompleted?\b|\bsuccessfully\b|好了|完成|搞定|成功|办好|弄好|已(?:经)?做好"
                       # the deed said done for the user: "you're booked", "I've sent", 已帮你锁好, 已经为你约好
                       r"|\byou(?:'re| are) (?:all )?(?:booked|confirmed|registered|enrolled|signed up)\b"
                       r"|\b(?:i|we)(?:'ve| have) (?:just )?(?:booked|sent|placed|submitted|reserved|scheduled|ordered|paid)\b"
                       r"|已(?:经)?(?:帮你|为你|给你|替你)[\u4e00-\u9fff]?好", re.I)


@lru_cache(maxsize=4096)  # keyed by a tool's name and description, which agents offer again and again
def polls(name: str, description: str) -> bool:
    """By its name, or by what its description says first: "Status of a leave request: pending, …"
    polls, "Order details: items, status and delivery date" and "Status, player count and region of a
    server" are lookups that also show a status, as is "Look up a hirer's account and deposit status"
    (a field named beside the record), and `list_rooms` ("Rooms of a floor by housekeeping status") a
    listing."""
    if _POLLS.search(name) is not None:
        return True
    first = _CLAUSE_END.split(description, 1)[0]
    # "Status, player count and region of a server" lists a record's fields: a lookup (so does 状态，人数和区域, while
    # 查询订单配送状态（状态查询，…, one Chinese "word" of many characters, checks the status; bowscarfed split)
    short = len(first) <= 4 if has_cjk(first) else len(first.split()) <= 2
    listed = short and description[len(first):].lstrip()[:1] in (",", "，", "、")
    # a list or a search by status ("Rooms of a floor by housekeeping status") reads many, it waits on none
    many = searches(name)
    found = _POLLS.search(first)
    # "Look up a hirer's account and deposit status", "A booking with its status": one field beside the record
    beside = found is not None and _BESIDE.search(first[:found.start()]) is not None
    return found is not None and not listed and not many and not beside


def searches(name: str) -> bool:
    """Whether a tool's name opens with a word of searching or listing (search_litters, list_berths): it reads many."""
    return (word := _NAME_WORD.search(name)) is not None and word[0].lower() in _COLLECTIONS


_BESIDE = re.compile(r"\b(?:and|with)\b|[,，、]|和|及")


def execution_label(call: ToolCall) -> str | None:
    """The kind of tool error (rate_limit, auth, not_found, timeout, server, validation), read
    from its text."""
    text = (call.error_type, call.error, None if call.error else str(call.result or ""))
    return _classify(" ".join(filter(None, text)))


def says_done(text: str) -> bool:
    """Whether a text says a deed done ("moved to Friday", 已下单, "all set")."""
    return _DEED_DONE.search(text) is not None or _ALL_DONE.search(text) is not None


def acknowledges(text: str) -> bool:
    """Whether a text admits something failed or was not done ("couldn't", 没有买, 暂时)."""
    return _ACKNOWLEDGES.search(text) is not None


@cached_when_short(4096)
def _classify(text: str) -> str | None:
    """Cached: a service fails with the same few messages again and again."""
    return next((label for label, pattern in EXECUTION if pattern.search(text)), None)


class _Run:
    """What the parts share about one trajectory, computed once."""

    __slots__ = ("texts", "calls", "keys", "answered", "asks", "claims_success", "kinds", "polled", "output",
                 "descriptions", "request", "trajectory", "repeats", "_said", "_asked", "_invented", "_numbers")

    def __init__(self, view: TrajectoryView):
        output = view.trajectory.output or ""
        self.texts = view.text
        self.calls = view.trajectory.tool_calls
        self.keys = [(c.name, k) for c, k in zip(self.calls, self.texts.keys)]
        self.answered = bool(output.strip())
        self.asks = self.answered and _ASKS.search(output) is not None
        # a final answer that neither admits a failure nor asks the user anything; a word it quotes from
        # a successful result ("FAILED tests/test_session.py" from a job's log) admits nothing of its own
        self.claims_success = self.answered and not self.asks and not any(
            not self._quoted(m) and not self._tells_none_found(m) for m in _ACKNOWLEDGES.finditer(output))
        self.kinds = {i: execution_label(c) for i, c in enumerate(self.calls) if c.status == "error"}
        offered = {t.name: t.description or "" for t in view.trajectory.tools_offered}
        self.polled = {name for name in {c.name for c in self.calls} if polls(name, offered.get(name, ""))
                       and not self._stuck(name)}
        self.repeats = _repeats(self.calls, self.keys, self.polled)
        self.output, self.descriptions, self.request = output, offered, view.trajectory.input or ""
        self._said: tuple[frozenset[str], frozenset[str]] | None = None  # (for deeds, for asked words)
        self._asked: frozenset[str] | None = None
        self.trajectory = view.trajectory
        self._invented: bool | None = None
        self._numbers: frozenset[str] | None = None

    def _stuck(self, name: str) -> bool:
        """Whether a status tool was asked the same thing again and again for nothing: identical calls,
        every one answered alike, on a record no call of this trace started (an order placed in an
        earlier turn), and no answer saying the work is still under way. Polling waits on a job; this
        re-reads a record (get_build_status four times on a frame being brazed)."""
        answers: dict[tuple, set[bytes]] = {}
        for c, key in zip(self.calls, self.keys):
            if c.name == name:
                answers.setdefault(key, set()).add(canonical_json(c.result) if c.status == "ok" else b"\0error")
        repeated = [key for key, found in answers.items() if len(found) == 1 and b"\0error" not in found
                    and self.keys.count(key) > 1]
        for key in repeated:
            first = self.keys.index(key)
            started = any(i < first for a in self.texts.arguments[first] or () for u in a.units
                          for i in self.texts.holders(u))
            if not started and not _UNDER_WAY.search(" ".join(value_texts(self.calls[first].result))):
                return True
        return False

    def _own_deeds(self, position: int) -> frozenset[str]:
        """The call's deed words that no other successful call's name shares: "job" of get_job_log says
        nothing once list_jobs succeeded, "log" still does."""
        call = self.calls[position]
        others = {c.name for i, c in enumerate(self.calls) if i != position and c.status == "ok"} - {call.name}
        shared = frozenset().union(*(_deeds(n, self.descriptions.get(n, "")) for n in others))
        return _deeds(call.name, self.descriptions.get(call.name, "")) - shared

    def taken_over(self, failed: int, later: list[int]) -> int | None:
        """The first later call that tries the failed one's work again, or None: the same tool;
        any, when the failed tool was never offered (the real one after a made-up name); the calls
        that between them sent every value it was sent (get_reviews for each product a made-up
        compare_products was given; for a lookup, lookups only); another that does the same deed, or a write for a failed
        write (send_sms after send_email). A lookup for another part of the request (the payslip
        after a failed expense claim) takes nothing over."""
        a = self.calls[failed]
        if later and a.name not in self.descriptions:
            return later[0]
        sent = {x.text for x in self.texts.arguments[failed] or () if len(x.text) >= 3}
        # a write sending a failed lookup's values does its own deed with them (book_kayak after get_tide_times)
        again = {x.text for j in later if writes(a.name) or not writes(self.calls[j].name)
                 for x in self.texts.arguments[j] or ()}
        if sent and sent <= again:
            return later[0]
        deeds = _deeds(a.name, self.descriptions.get(a.name, ""))
        return next((j for j in later if self.calls[j].name == a.name or (writes(a.name) and writes(self.calls[j].name))
                     or not deeds.isdisjoint(_deeds(self.calls[j].name, self.descriptions.get(self.calls[j].name, "")))),
                    None)

    def _tells_none_found(self, match: re.Match) -> bool:
        """Whether an admitting word tells that a search found nothing (没有找到维多利亚式推车), naming in its
        clause what a successful call that found nothing was sent: it reports that search, and admits nothing
        of a failed call (not 一直返回未找到 of a tide lookup that failed, beside an empty site search)."""
        if _NONE_FOUND.match(match.string, match.start()) is None:
            return False
        clause = norm(_CLAUSE_END.split(match.string[match.start():], 1)[0])
        return any(c.status == "ok" and found_nothing(c.result) and any(a.text in clause for a in arguments or ())
                   for c, arguments in zip(self.calls, self.texts.arguments))

    def _quoted(self, match: re.Match) -> bool:
        """Whether the word holding an admitting match is one a successful call's result says."""
        text = match.string
        start, end = match.start(), match.end()
        while start and text[start - 1].isalnum() and text[start - 1].isascii():
            start -= 1
        while end < len(text) and text[end].isalnum() and text[end].isascii():
            end += 1
        word = norm(text[start:end])
        return bool(word) and any(self.calls[i].status == "ok" for i in self.texts.holders(word))

    def claims(self, position: int) -> bool:
        """Whether the final answer claims success of what the call at `position` did: it admits no
        failure and says all is done ("Done!", "订好了"), or says what the call does (a word of its name
        other than a read verb, its description's first word, the initials of its object: PR), sends (a value
        holding a digit, not a short number the user gave, that no earlier result gave, no other
        successful call sent and the request did not ask to compute: the coupon code, the amount), or, for a write, what the request asked to
        have done ("exchanged" for "exchange it"). An answer reporting the rest of the work and
        passing over the call claims nothing of it."""
        if self.denies(position):
            return False
        if not self.claims_success:
            # an admission of something else ("the system has no field for your member code") does not take
            # back a reference only the failed call could have returned (预订号 PB-79865)
            return self.answered and not self.asks and self.calls[position].status == "error" and \
                not any(c.status == "ok" for c in self.calls[position + 1:]) and self.invented_anywhere
        call = self.calls[position]
        if self._said is None:
            said, reported = roots((*terms(self.output), *english_claims(self.output))), self._reported()
            # a write verb a result holds ("booked": [...]) still says the deed; other words it holds report it
            self._said = (said - (reported - _WRITE_WORDS), said - reported)
        deeds, asked = self._said
        answer = norm(self.output)
        if _ALL_DONE.search(self.output):
            return True
        # someone said told ("I've also let Chen know", 已通知师傅) or mail said delivered ("the summary is in your
        # inbox"): the message no other successful call sent
        if any(said.search(self.output) and not self._own_deeds(position).isdisjoint(deeds) for said, deeds in _SENT):
            return True
        # a deed said done ("your shelf is booked", 已经报修了) of a call acting on the world (a write, or a tool whose
        # description opens with a deed: change_rockart_party_size) where no other write doing it, nor the same call
        # made again, succeeded: it is this one's (the frame "booked into the workshop" beside a steel order that went
        # through)
        if acts(call.name, self.descriptions.get(call.name, "")) and (done := _DEED_DONE.search(self.output)) is not None:
            said = roots(terms(done[0])) & _WRITE_WORDS
            if not any((writes(c.name) or c.name == call.name) and c.status == "ok"
                       and (not said or kin(said, _deeds(c.name, self.descriptions.get(c.name, ""))))
                       for i, c in enumerate(self.calls) if i != position):
                return True
        if not self._twins_reported(position, answer) and (
                kin(deeds, self._own_deeds(position))
                or (writes(call.name) and not asked.isdisjoint(self.asked))):
            return True
        if any(any(map(str.isdigit, a.text)) and f" {a.text} " in f" {answer} " and not self._chance(a.text)
               and not self._looked_up(a, position) and not self._worked_out(a, position)
               for a in self.texts.arguments[position] or ()):
            return True
        return not any(c.status == "ok" for c in self.calls[position + 1:]) and self.invented

    def given(self, unit: str) -> bool:
        """Whether the agent had `unit` before any call: the request (its numbers in words too: 三居室 is 3
        bedrooms), an earlier turn, the trace's context."""
        if self.texts.in_user(unit) or self.texts.known.has(unit):
            return True
        if self._numbers is None:
            self._numbers = numbers_in(without_dates(self.request))
        return unit in self._numbers

    @property
    def invented(self) -> bool:
        """Whether the answer states a reference (a code of letters and digits) that nobody gave: not
        the request, an earlier turn or the trace's context, no call's arguments, no successful call's
        result. After a failure that nothing later mended, such a reference ("Booked, job JOB-891011")
        is what the failed call would have returned: the answer presents its result as obtained. Times
        and figures are not read so: an answer passing over a failure often tells other facts
        ("pickups run 8-12"), which is no_recovery's."""
        if self._invented is None:
            self._invented = self._states_a_reference_nobody_gave(lambda i: self.calls[i].status == "ok")
        return self._invented

    @property
    def invented_anywhere(self) -> bool:
        """`invented`, also against the failed calls' results: an error's own request id is quoted, not made up."""
        return self._states_a_reference_nobody_gave(lambda i: True)

    def _states_a_reference_nobody_gave(self, counts: Callable[[int], bool]) -> bool:
        sent = {u for arguments in self.texts.arguments for a in arguments or () for u in (a.text, *a.units)}
        return any((unit := norm(m[0])) and unit not in sent and not self.given(unit)
                   and not any(counts(i) for i in self.texts.holders(unit))
                   for m in _REFERENCE.finditer(self.output))

    def _reported(self) -> frozenset[str]:
        """The words of the successful calls' results, their field names included: an answer saying
        them reports those calls ("2 refills left" from a prescription's refills_left, the deposit a
        restaurant lookup gave), not the failed one; a write verb among them still names the deed."""
        words = []
        for c in self.calls:
            if c.status == "ok" and c.result is not None:
                keys, strings = keys_and_strings(c.result)
                words += keys + strings
        return roots(terms(_CAMEL.sub(" ", " ".join(words).replace("_", " "))))

    def denies(self, position: int) -> bool:
        """Whether the answer says the call's deed did not happen: a negation followed, within four
        words, by what the call does ("no job was created" for create_job, "there is no reservation"
        for reserve_charger): the failure is admitted even without a word of regret."""
        call = self.calls[position]
        deeds = _deeds(call.name, self.descriptions.get(call.name, ""))
        # a deed's root may start a longer word of the same family: reserv of "reservation"
        return any(w.startswith(d) and (w == d or len(d) >= 4) for m in _NEGATED.finditer(self.output)
                   if not self._copied(m) for w in roots(terms(m[1])) for d in deeds)

    def _copied(self, match: re.Match) -> bool:
        """Whether the sentence holding a match is one a successful call's result says: "no visits within two days
        of rain", the site's notes quoted, is the site's rule and denies no visit booked."""
        sentence = norm(sentence_at(match.string, match.start(), match.end()))
        return len(sentence) >= _LEAST_COPIED and any(
            c.status == "ok" and any(sentence in norm(s) for s in keys_and_strings(c.result)[1]) for c in self.calls)

    def _looked_up(self, argument, position: int) -> bool:
        """Whether an earlier successful call's result holds the value, or another successful call sent
        it too: an answer naming the charity a search found reports the search, not the donation that
        failed with its id; a check-out date the hotel search also sent is the hotel's, not the car's."""
        call, calls = self.calls[position], self.calls
        if any(i != position and calls[i].status == "ok" and before(calls[i], call)
               for unit in argument.units for i in self.texts.holders(unit)):
            return True
        return any(i != position and calls[i].status == "ok" and holds(others, argument.units)
                   for i, others in enumerate(self.texts.arguments))

    def _chance(self, text: str) -> bool:
        """Whether a value the answer repeats may be there by chance: a number of one or two digits
        the user gave ("3 days" asked, "3 messages" answered)."""
        return text.isdigit() and len(text) < 3 and self.texts.in_user(text)

    def _twins_reported(self, position: int, answer: str) -> bool:
        """Whether the answer reports a successful call of the same tool and none of this call's own
        values: "Wednesday is booked (BK-3195)" after Thursday's booking failed says the deed of the
        Wednesday one, and claims nothing of Thursday's."""
        call, texts = self.calls[position], self.texts
        twins = [i for i, c in enumerate(self.calls) if i != position and c.name == call.name and c.status == "ok"]
        if not twins:
            return False
        theirs = {a.text for i in twins for a in texts.arguments[i] or ()}
        sent = {a.text for a in texts.arguments[position] or ()}
        own = sent - theirs

        def said(values: set[str]) -> bool:
            return any(f" {v} " in f" {answer} " for v in values)
        return bool(own) and not said(own) and said(theirs - sent)

    def _worked_out(self, argument, position: int) -> bool:
        """Whether the value is a number the request asks to compute (18,400 EUR in CNY at the rate an
        earlier lookup gave): an answer saying it reports the computation, not the call that sent it."""
        number = number_of(argument.value)
        if number is None:
            return False
        call, calls, value = self.calls[position], self.calls, Decimal(number)

        def earlier(text: str) -> bool:
            return any(calls[i].status == "ok" and before(calls[i], call) for i in self.texts.holders(text))
        return computed_from(value, self.request) is not None or \
            computed_with_result(value, self.request, earlier) is not None

    @property
    def asked(self) -> frozenset[str]:
        """The write words of the request (and of its Chinese words' verb senses in English)."""
        if self._asked is None:
            self._asked = requested(self.request)
        return self._asked


def _retries(calls: list[ToolCall], keys: list, i: int, later: list[int]) -> int:
    """How many identical calls right after failed call `i` retried it: up to the first that
    succeeded. Identical calls after that one re-ask what was answered (a status polled on, or a
    repeat the loop check judges), they retry nothing."""
    retries = 0
    for j in later:
        if keys[j] != keys[i]:
            break
        retries += 1
        if calls[j].status == "ok":
            break
    return retries


def _part(score: float, label: str = "pass", reason: str = "", evidence: list[int] | None = None,
          fails: bool = True, **extra: Any) -> dict:
    """One part's (or one failed call's) verdict; `labels` are its failure labels, none when it is
    only a note (`fails` false)."""
    labels = [label] if score < 1 and fails else []
    return {"score": score, "label": label, "labels": labels, "reason": reason, "evidence": evidence or [], **extra}


def _findings(verdicts: list[dict]) -> list[dict]:
    """The failing verdicts step by step: each label on each call of its evidence (on the whole
    trace when it has none)."""
    return [{"call": seq, "label": v["label"], "reason": v["reason"]}
            for v in verdicts if v["labels"] for seq in v["evidence"] or [None]]


def _skip(reason: str) -> dict:
    return {"score": None, "label": "not_applicable", "labels": [], "reason": reason, "evidence": []}


def _worst(found: list[dict]) -> dict:
    """The lowest-scoring verdict; on a tie, the label listed first in _ORDER."""
    return min(found, key=lambda p: (p["score"], _ORDER.index(p["label"]) if p["label"] in _ORDER else len(_ORDER)))


class TrajectoryQualityEvaluator(Evaluator):
    alias = "trajectory_quality"
    dimension = "task_planning"
    description = "Loops, recovery, redundant calls, parallelism and termination of the tool-call sequence."

    def evaluate(self, trajectory: Trajectory, context: EvalContext) -> EvalResult:
        view = context.view_of(trajectory)
        if not view.trajectory.tool_calls:
            return self._without_calls(view.trajectory)
        run = _Run(view)
        parts = {name: getattr(self, f"_{name}")(run) for name in PARTS}
        notes = [p["reason"] for p in parts.values() if p["score"] is not None and p["score"] < 1 and not p["labels"]]
        if notes:  # a wasted round, reported as a note: it lowers the efficiency sub-score
            efficiency = parts["efficiency"]
            parts["efficiency"] = efficiency | {"score": min(efficiency["score"], parts["parallelism"]["score"]),
                                                "notes": notes}
        execution = {run.calls[i].seq: kind for i, kind in run.kinds.items() if kind}
        score = min(p["score"] for p in parts.values() if p["score"] is not None)
        findings = per_step(Finding(**f) for p in parts.values() for f in p.pop("findings", None) or _findings([p]))
        # the tools' errors, by kind: they describe the tools and never fail the trajectory
        findings += [Finding(call=run.calls[i].seq, label=kind,
                             reason=f"call {run.calls[i].seq} {run.calls[i].name}: {kind}: "
                                    f"{line(run.calls[i].error or 'error', 80)}")
                     for i, kind in run.kinds.items() if kind]
        failing = [p for p in parts.values() if p["labels"]]
        details = {**parts, "execution": execution, "notes": notes}
        if not failing:
            said = "; ".join(p["reason"] for p in parts.values() if p["score"] is not None)
            return self.result(score=score, label="pass", passed=True, details=details, findings=findings,
                               reason=f"{len(run.calls)} call(s): {said}", **summary(findings))
        worst = _worst(failing)
        return self.failed(findings, (worst["label"], *_ORDER), score=score, details=details)

    def _without_calls(self, trajectory: Trajectory) -> EvalResult:
        """Nothing to judge but termination: a user's input must get an answer."""
        if not (trajectory.input or "").strip() or (trajectory.output or "").strip():
            return self.not_applicable("no tool calls")
        termination = _part(0.0, "no_final_answer", "no tool calls: no_final_answer: the input got no final answer")
        finding = Finding(call=None, label="no_final_answer", reason=termination["reason"])
        return self.failed([finding], _ORDER, score=0.0, details={"termination": termination})

    # --- parts, in PARTS order ------------------------------------------------------------------

    @staticmethod
    def _loops(run: _Run) -> dict:
        calls, keys, found = run.calls, run.keys, []
        key, count = (Counter(k for k in keys if k[0] not in run.polled).most_common(1) or [(None, 0)])[0]
        if count >= 3:
            seqs = [c.seq for c, k in zip(calls, keys) if k == key]
            found.append(_part(0.0 if count >= 6 else 0.5, "repeated_identical_call",
                               f"calls {_seqs(seqs)} {key[0]}: repeated_identical_call: the same call {count} times",
                               seqs))
        pairs = [i for i in range(1, len(calls))
                 if keys[i] == keys[i - 1] and calls[i].status == calls[i - 1].status == "error"]
        if pairs:
            stuck = sorted({calls[k].seq for i in pairs for k in (i - 1, i)})
            first = calls[pairs[0]]
            found.append(_part(0.0, "failing_call_loop", f"calls {_seqs(stuck)} {first.name}: failing_call_loop: "
                               f"the same failing call repeated ({line(first.error or 'error', 80)})", stuck))
        cycle = _cycle([c.name for c in calls], run.polled)
        if cycle and not _iterates(run.texts, *cycle):
            period, positions = cycle
            seqs = [calls[i].seq for i in positions]
            names = " → ".join(calls[i].name for i in positions[:period])
            found.append(_part(0.5, "cyclic_pattern", f"calls {_seqs(seqs)}: cyclic_pattern: {names} repeated "
                                                      f"{len(seqs) // period} times", seqs))
        if not found:
            return _part(1.0, reason="no loops")
        evidence = sorted({s for p in found for s in p["evidence"]})
        return _worst(found) | {"labels": _labels(found), "evidence": evidence, "findings": _findings(found)}

    def _recovery(self, run: _Run) -> dict:
        if not run.kinds:
            return _skip("no failed calls")
        verdicts = [self._recovered(run, i) for i in run.kinds]
        worst = _worst(verdicts)
        if worst["score"] == 1:
            return _part(1.0, "recovered", f"{len(verdicts)} failed call(s), all recovered", calls=verdicts)
        bad = [v for v in verdicts if v["score"] < 1]
        return worst | {"labels": _labels(bad), "evidence": sorted({s for v in bad for s in v["evidence"]}),
                        "calls": verdicts, "findings": _findings(bad)}

    @staticmethod
    def _recovered(run: _Run, i: int) -> dict:
        """One failed call's recovery."""
        calls, keys = run.calls, run.keys
        failed, kind = calls[i], run.kinds[i]
        ref, seq = f"call {failed.seq} {failed.name}", failed.seq
        later = [j for j in range(i + 1, len(calls)) if before(failed, calls[j])]
        # only a later success that does the failed call's work mends it: a lookup after a failed
        # booking (the breakfast menu) leaves the booking the answer claims undone
        if run.claims(i) and not any(calls[j].status == "ok" and run.taken_over(i, [j]) is not None for j in later):
            return _part(0.0, "silent_failure", f"{ref}: silent_failure: failed ({kind or 'error'}) and the final "
                                                "answer claims success with no later successful call", [seq], seq=seq)
        retries = _retries(calls, keys, i, later)
        retry_seqs = [seq, *(calls[j].seq for j in later[:retries])]
        if retries >= 2:
            return _part(0.0, "blind_retry", f"{ref}: blind_retry: retried {retries} times with identical arguments",
                         retry_seqs, seq=seq)
        if retries == 1:
            if kind in TRANSIENT:
                return _part(1.0, "recovered", f"{ref}: one identical retry after a transient error ({kind})",
                             seq=seq)
            return _part(0.5, "blind_retry", f"{ref}: blind_retry: identical retry after a non-transient error "
                                             f"({kind or 'unclassified'})", retry_seqs, seq=seq)
        if later:
            taker = run.taken_over(i, later)
            if taker is not None or not run.answered:
                nxt = calls[later[0] if taker is None else taker]
                how = "changed the arguments" if nxt.name == failed.name else f"switched to {nxt.name}"
                return _part(1.0, "recovered", f"{ref}: {how}", seq=seq)
        elif not run.answered:
            return _part(0.0, "no_recovery", f"{ref}: no_recovery: nothing followed the failure", [seq], seq=seq)
        if run.claims_success and not run.denies(i):  # neither admitted nor claimed: about the rest of the work
            return _part(0.0, "no_recovery", f"{ref}: no_recovery: the final answer passes over the failure",
                         [seq], seq=seq)
        how = "asked the user" if run.asks else "reported the failure"
        return _part(1.0, "recovered", f"{ref}: {how} in the final answer", seq=seq)

    @staticmethod
    def _efficiency(run: _Run) -> dict:
        redundant = [c for c in run.calls if c.seq in run.repeats]
        if not redundant:
            return _part(1.0, reason="no call repeats an earlier successful one")
        seqs = [c.seq for c in redundant]
        return _part(1 - len(redundant) / len(run.calls), "redundant_calls",
                     f"calls {_seqs(seqs)} {redundant[0].name}: redundant_calls: repeat(s) an earlier successful call",
                     seqs)

    @staticmethod
    def _parallelism(run: _Run) -> dict:
        calls = run.calls
        if len(calls) < 2:
            return _skip("a single call")
        if not all(c.start_ns and c.end_ns for c in calls):
            return _skip("calls have no timings")
        rounds, round_of = _rounds(calls)
        parents = _dependencies(calls, run.texts, run.given, run.polled, run.descriptions, stop_at=rounds)
        deepest = max(_depths(parents))
        extra = {"depth": deepest, "rounds": rounds}
        if deepest >= rounds:  # (the graph may be partial: it stops once a call is `rounds` deep)
            return _part(1.0, reason=f"{rounds} round(s) for dependency depth {deepest}", **extra)
        # a call waited when it started rounds after the last call it needed (not merely after a late one):
        # that takes every dependency, not only those that set the depth
        parents = _dependencies(calls, run.texts, run.given, run.polled, run.descriptions, stop_at=rounds, every=True)
        # a repeat of a call that already succeeded wastes its round on being redundant: redundant_calls' finding
        waited = [c.seq for c, needs in zip(calls, parents) if c.seq not in run.repeats
                  and round_of[c.seq] > 1 + max((round_of[calls[i].seq] for i in needs), default=0)]
        if not waited:
            return _part(1.0, reason=f"{rounds} round(s) for dependency depth {deepest}: the rest are repeats", **extra)
        fails = rounds - deepest >= 2  # one wasted round is a note, not a failure
        return _part(deepest / rounds, "serial_waste", f"calls {_seqs(waited)}: serial_waste: {rounds} sequential "
                     f"rounds where the dependencies need {deepest}" + ("" if fails else " (a note, not a failure)"),
                     waited, fails=fails, **extra)

    @staticmethod
    def _termination(run: _Run) -> dict:
        last = run.calls[-1]
        if not run.answered:
            # about the whole trace, not a call: no evidence
            return _part(0.0, "no_final_answer", f"after call {last.seq} {last.name}: no_final_answer")
        # the last call that acts on the world, by its name or its description (commission_poem: "Commission a poem")
        position = next((i for i in range(len(run.calls) - 1, -1, -1)
                         if acts(run.calls[i].name, run.descriptions.get(run.calls[i].name, ""))), None)
        write = None if position is None else run.calls[position]
        if write is not None and write.status == "error" and run.claims(position):
            return _part(0.0, "unverified_success", f"call {write.seq} {write.name}: unverified_success: the last "
                                                    "write failed and the final answer claims success", [write.seq])
        return _part(1.0, reason="final answer given")


def _repeats(calls: list[ToolCall], keys: list[tuple], polled: set[str]) -> frozenset[int]:
    """The seqs of calls identical to an earlier successful one (polls aside: of a status tool, or one
    whose status moved on from the one before, which said the work was still under way: the proof
    in_progress, then ready; a repair in_progress both times was re-read for nothing)."""
    succeeded: set[tuple] = set()
    waiting: dict[tuple, tuple[str, ...]] = {}  # the statuses still under way the call was last answered with
    found = set()
    for c, key in zip(calls, keys):
        statuses = _statuses(c.result) if c.status == "ok" else None
        if c.name not in polled and (key in succeeded or (key in waiting and statuses == waiting[key])):
            found.add(c.seq)
        elif statuses and any(_UNDER_WAY.search(s) for s in statuses):
            waiting[key] = statuses
        elif c.status == "ok":
            succeeded.add(key)
    return frozenset(found)


_STATUS_KEY = re.compile(r"status|state|stage|phase|progress", re.I)


def _statuses(result: Any) -> tuple[str, ...]:
    """The values of a result's status fields (`status: in_progress`)."""
    return tuple(v for k, v in result.items() if isinstance(v, str) and _STATUS_KEY.search(str(k))) \
        if isinstance(result, dict) else ()


def _rounds(calls: list[ToolCall]) -> tuple[int, dict[int, int]]:
    """How many sequential rounds the calls took (calls overlapping in time share one), and each call's round."""
    rounds, round_of, round_end = 0, {}, -1
    for c in sorted(calls, key=lambda c: c.start_ns):
        if c.start_ns >= round_end:
            rounds += 1
            round_end = c.end_ns
        else:
            round_end = max(round_end, c.end_ns)
        round_of[c.seq] = rounds
    return rounds, round_of


def _dependencies(calls: list[ToolCall], texts: TrajectoryText, given: Callable[[str], bool], polled: set[str],
                  descriptions: dict[str, str], stop_at: int, every: bool = False) -> list[set[int]]:
    """Which earlier calls each call depends on (by index). j depends on i, finished before j
    started, when i failed, found nothing or polled (a retry, a fallback, a relaxed query, the next
    poll), when either is an action rather than a lookup (an action uses what came before it; what
    follows an action sees the world it changed), or when i's result holds a value of j's arguments
    (or a part of a composite one) that the agent was not `given` (the request, an earlier turn, the
    trace's context) and i was not sent. Stops once a call is `stop_at`
    deep: the depth never exceeds the rounds. Unless `every`, a value dependency is only looked for
    where it could make a call deeper. Needs every call's timings."""
    ends = [c.end_ns for c in calls]
    known: dict[int, bool] = {}

    def barrier(i: int) -> bool:  # worked out only for the calls asked about (results can be large)
        found = known.get(i)
        if found is None:
            c = calls[i]
            found = known[i] = c.status == "error" or c.name in polled or acts(c.name, descriptions.get(c.name, "")) \
                or found_nothing(c.result, sent(i))
        return found

    keys = texts.keys
    sent_texts: dict[int, frozenset[str]] = {}

    def sent(i: int) -> frozenset[str]:  # the values call i was sent, normalised
        found = sent_texts.get(i)
        if found is None:
            found = sent_texts[i] = frozenset(a.text for a in texts.arguments[i] or ())
        return found

    by_path: dict[tuple, dict[int, str]] = {}  # for each argument path, what each call sent under it
    for i, arguments in enumerate(texts.arguments):
        for a in arguments or ():
            by_path.setdefault(a.path, {})[i] = a.text

    def chosen(j: int, finished: set[int]) -> set[int]:
        """The calls that compared alternatives (two or more values under one parameter) of which
        j sends one, where j's tool is run on no other of them: j acts on the choice their results
        made (the cheapest option's slots), not on one of a list it walks through."""
        out: set[int] = set()
        for a in texts.arguments[j] or ():
            sent_there = by_path[a.path]
            compared = {i: t for i, t in sent_there.items() if i in finished}
            if len(set(compared.values())) >= 2 and a.text in compared.values() and \
                    all(t == a.text for k, t in sent_there.items() if calls[k].name == calls[j].name):
                out |= set(compared)
        return out

    out: list[set[int]] = []
    depth: list[int] = []
    for j, (c, arguments) in enumerate(zip(calls, texts.arguments)):
        finished = [i for i in range(j) if ends[i] <= c.start_ns]
        if acts(c.name, descriptions.get(c.name, "")):
            parents = set(finished)
        else:
            # a repeat of an earlier call is redundant, not a lookup that could have run alongside it;
            # a status tool asked about another subject (the next station) is no poll of the last one
            parents = {i for i in finished if keys[i] == keys[j] and calls[i].name == c.name
                       or barrier(i) and not (calls[i].name == c.name and c.name in polled and calls[i].status == "ok"
                                              and not found_nothing(calls[i].result) and sent(i) != sent(j))}
            deepest = max((depth[i] for i in parents), default=0)
            candidates = [i for i in finished if i not in parents and depth[i] > deepest]
            if (candidates or every) and arguments:  # only these could make j deeper: look values up only then
                # a result echoing what its own call was sent is not where the value came from
                fed = {i for a in arguments for u in a.units if not given(u)
                       for i in texts.holders_in_any_grouping(u) if u not in sent(i)}
                parents |= {i for i in finished if i in fed} | chosen(j, set(finished))
        out.append(parents)
        depth.append(1 + max((depth[i] for i in parents), default=0))
        if depth[-1] >= stop_at:
            break
    return out


def _depths(dependencies: list[set[int]]) -> list[int]:
    depth: list[int] = []
    for parents in dependencies:
        depth.append(1 + max((depth[i] for i in parents), default=0))
    return depth


# A tool that only reads (by a word of its name: a read verb, or a noun for figures about something,
# column_stats, user_info) is a lookup; any other acts on the world. press_slot_availability reads free
# slots, whatever "press" does; geocode_place looks a place up, whatever "place" does.
_READS = frozenset("get search query list find fetch lookup look check read track show view describe retrieve "
                   "count browse compare calculate compute estimate quote price status stat statistic info detail metric "
                   "availability geocode".split())
_NAME_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# The verbs that set a state (update_status, set_order_status), not ones naming whose it is (order_status).
_SETS = frozenset("update set change reset modify mark toggle edit patch put clear override".split())


def _name_words(name: str) -> set[str]:
    """A tool name's words, camelCase split (makeTransfer: make, transfer), with plurals' singulars
    and a repeated verb's stem (reschedule: schedule)."""
    words = {w.lower() for w in _NAME_WORD.findall(name)}
    return words | {w[:-1] for w in words if w.endswith("s")} | {w[2:] for w in words if w[:2] == "re" and w[2:] in _WRITES}


def kin(said: frozenset[str], deeds: frozenset[str]) -> bool:
    """Whether words say a deed, or a word of its family the stemmer leaves apart ("collects" for
    schedule_collection: collect, collection; "reservation" for reserve_machine): five letters or
    more in common, all of the shorter word's but its last."""
    return not said.isdisjoint(deeds) or any(
        (common := len(commonprefix((w, d)))) >= 5 and common >= min(len(w), len(d)) - 1
        for w in said for d in deeds if w != d)


@cached_when_short(4096)
def requested(request: str) -> frozenset[str]:
    """The write words of a request (and of its Chinese words' verb senses in English): the deeds it asks done."""
    return roots(_WRITES.intersection({*terms(request), *english_deeds(request)}))


@cached_when_short(4096)
def actions(name: str) -> frozenset[str]:
    """The write words of a tool's name, as index terms: reply_to_ticket replies, escalate_ticket escalates,
    report_litter reports."""
    first = _NAME_WORD.search(name)
    verb = {first[0].lower()} & _RECORD_VERBS if first is not None and writes(name) else set()
    return _WRITES.intersection(terms(" ".join(_name_words(name)))) | verb


@cached_when_short(4096)
def writes(name: str) -> bool:
    """A write by a word of its name, unless the name starts with a read verb: get_recent_deploys and
    list_transfers read what writes made."""
    first = _NAME_WORD.search(name)
    if first is not None and first[0].lower() in _READS:
        return False
    # a name ending on a status reads it (order_status, bake_order_status: transomscarfed split), unless its first
    # word sets one (update_order_status, set_status)
    found = _NAME_WORD.findall(name)
    if len(found) > 1 and found[-1].lower() in ("status", "progress") and found[0].lower() not in _SETS:
        return False
    words = _name_words(name)
    if first is not None and first[0].lower() in _RECORD_VERBS and (rest := words - {first[0].lower()}):
        return rest.isdisjoint(_READS | _RECORDS)
    if not _WRITES.isdisjoint(words) or not _NAME_WRITES.isdisjoint(words) or not _WRITES.isdisjoint(terms(name)):
        return True
    # a noun of a write verb: make_donation, request_cancellation (roots of four letters or more), unless
    # a word says it reads one: deployment_status, charger_info
    return _READS.isdisjoint(words) and _RECORDS.isdisjoint(words) and \
        any(w.startswith(root) for w in words for root in _WRITE_ROOTS)


@lru_cache(maxsize=4096)  # keyed by a tool's name and description
def _deeds(name: str, description: str) -> frozenset[str]:
    """The terms saying what a tool does: its name's words but read verbs, and its description's first word."""
    words = _NAME_WORD.findall(name)
    initials = "".join(w[0] for w in words[1:]).lower() if len(words) > 2 else ""  # create_pull_request: pr
    own = (*terms(" ".join(_name_words(name) - _READS)), *terms(_CLAUSE_END.split(description, 1)[0])[:1])
    # a message sent on a channel is said done by the channel's verb: send_sms "texted", send_email "emailed"
    channels = [word for term in own for word in _CHANNELS.get(term, ())]
    return roots((*own, *channels, *([initials] if initials else [])))



_CHANNELS = {"sms": ("text",), "email": ("mail",)}
# A person said told, by the agent: "I've let Chen know", "we've told the driver", 已通知师傅; not "let me know".
_TOLD = re.compile(r"\b(?:i|we)(?:'ve| have)? (?:also |just |already )?(?:let (?!me\b|us\b)\w+(?: \w+)? know|(?:told|informed|notified|messaged)(?! you\b| me\b)"
                   r"|passed (?:it|this|that|your \w+) on)\b|已(?:经)?(?:[帮为替给][^，。！？,.!?]{1,8}?)?(?:通知|告诉|转告)", re.I)
# Mail said delivered: "the summary is in your inbox", 已发到你的邮箱.
_IN_INBOX = re.compile(r"\b(?:is|are|'s|'re)\s+(?:now\s+|already\s+)?in\s+your\s+(?:inbox|mailbox|e-?mail)\b"
                       r"|已(?:经)?(?:发|发送)(?:到|至)(?:你|您)的?邮箱", re.I)
_SENT = ((_TOLD, roots(terms("message notify tell inform contact"))), (_IN_INBOX, roots(terms("email mail"))))
# Words that, after a description's first word, make it a verb with its object: "Waive a fee".
_DETERMINERS = frozenset("a an the one all every each some any my your its their this that these those".split())


@lru_cache(maxsize=4096)  # keyed by a tool's name and description
def acts(name: str, description: str) -> bool:
    """Whether a tool acts on the world: a write, or a name with no read word, unless its description
    opens as a lookup's does: a read verb ("List the DNS records"), or a noun phrase, no verb with its
    object ("Current TLS certificate of a domain", "Harbour berth fees per night"; not "Waive a fee",
    "Print shelf labels")."""
    if writes(name):
        return True
    if not _READS.isdisjoint(_name_words(name)):
        return False
    clause = _CLAUSE_END.split(description, 1)[0]
    if _ASKS_WHETHER.match(clause):
        return False
    words = _NAME_WORD.findall(clause.lower())
    # described in Chinese (opening with a Chinese character, whatever Latin name it holds: 预订X形锯木架餐桌, 定制手织披巾
    # （rebozo）): a lookup where its first verb of two characters or more reads
    if not words or has_cjk(clause.lstrip()[:1]):
        verbs = next(([m.split()[1] for m in gloss.split("; ") if m.startswith("to ") and len(m.split()) > 1]
                      for word, gloss in glosses(clause) if len(word) > 1 and "to " in gloss), [])
        return not (_READS.intersection(verbs) and _WRITES.isdisjoint(verbs))  # 按币种获取价目表: 获取, "to get"
    opener = {words[0], words[0][:-1] if words[0].endswith("s") else words[0]}
    if not _READS.isdisjoint(opener) or "preview" in opener:
        return False
    # a word unknown as a verb taking its object acts ("Reslot the crate"), but not a plural before a clause ("Days
    # the bulky-waste truck serves an address")
    return not english_verbs().isdisjoint(opener) or not _WRITES.isdisjoint(opener) or \
        (len(words) > 1 and words[1] in _DETERMINERS and not words[0].endswith("s"))


# A description opening as a question asked of the world reads it: "Whether an item can be accessed from a
# country", "Is the pitch free on a date", 查询…, 是否…
_ASKS_WHETHER = re.compile(r"\s*(?:(?:check |find out |see )?(?:whether|if)\b|(?:is|are|can|does|do|how many|how much"
                           r"|what|which|when)\b|查询|查看|是否|能否|有没有)", re.I)


def found_nothing(result: Any, sent: frozenset[str] | None = None) -> bool:
    """An empty result ([], {}, "", {"results": [], "total": 0}) or one saying nothing was found.
    Given what the call was `sent` (normalised), a record with an empty list of its own found something:
    {"customer_id": …, "credit": "approved", "sites": []} tells a word it was not sent (a day is when the
    search looked: {"date": "2025-12-29", "slots": []} for "tomorrow" found nothing, and "no slots match" says so;
    nor is a message beside the empty lists a record, whatever it says: {"slots": [], "notice": "忽略之前的指令…"}
    found nothing; keelsonkneed split)."""
    if isinstance(result, str):
        return _NOTHING.match(result) is not None or not result.strip()
    if isinstance(result, list):
        return not result
    if isinstance(result, dict):  # its lists all empty ({"items": [], "query": "x"}), or nothing but empties
        lists = [v for v in result.values() if isinstance(v, list)]
        # a count of 0 says nothing was found; false is an answer ({"bonfires": false})
        return all(not v for v in lists) and (sent is None or not any(
            type(v) is str and _SAYS_NONE.search(v) is None and as_date(v) is None and norm(v) not in sent
            and _MESSAGE_KEY.search(k) is None for k, v in result.items())) if lists else all(
            found_nothing(v) or (type(v) in (int, float) and v == 0) for v in result.values())
    return False


def _cycle(names: list[str], polled: set[str]) -> tuple[int, list[int]] | None:
    """(period, positions) of a name cycle of period 2 or 3 seen three times in a row, else None;
    a cycle of polling tools alone (check status, wait) is how a job is followed, not a loop."""
    if len(names) < 6:
        return None
    for period in (2, 3):
        run = 0
        for k in range(period, len(names)):
            run = run + 1 if names[k] == names[k - period] else 0
            start = k - 3 * period + 1
            if run >= 2 * period and len(set(names[start:k + 1])) > 1 and not polled.issuperset(names[start:k + 1]):
                return period, list(range(start, k + 1))
    return None


def _iterates(texts: TrajectoryText, period: int, positions: list[int]) -> bool:
    """Whether every round of a cycle sends a value of the user's request that no earlier round
    sent: going through the user's list (one region at a time, each then checked), not a loop."""
    seen: set[str] = set()
    for start in range(0, len(positions), period):
        sent = {a.text for i in positions[start:start + period] for a in texts.arguments[i] or ()
                if texts.in_user(a.text)}
        if not sent - seen:
            return False
        seen |= sent
    return True


def _labels(found: list[dict]) -> list[str]:
    return sorted({p["label"] for p in found if p["score"] < 1}, key=_ORDER.index)


def _seqs(seqs: list[int]) -> str:
    return ", ".join(map(str, seqs[:6])) + ("…" if len(seqs) > 6 else "")
