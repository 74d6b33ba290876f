"""The quelled split: agent traffic of a city bike-share scheme, a concert hall's box office for
season passes, an audiobook library, a boat-licence school, a bouldering competition's
registration desk, a piano-hire company, an orchard's pick-your-own bookings and a community
radio station's ad slots, written by a twentieth helper who read neither the evaluators, their
calibration nor any other split. It must not be read when tuning the evaluators, or it stops
being unseen.

Shapes it holds: bookings (with a transient 503 retried once and then succeeding), questions
answered by lookups, comparisons of options made in parallel in one model turn, changes and
cancellations of existing records, computations the agent does from results (totals, end times,
dates N days later, unit conversions), follow-ups of an earlier turn (history carries its calls and
results), exports polled to completion with a status tool, and context values (user id, member,
tenant and account ids on the root span's attributes or resource) the framework fills in.
English and Chinese requests, some with tool descriptions in the other language.

Each case is drawn from random.Random of (seed, index) alone, so changing one case leaves the
others as they were.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
from collections.abc import Callable

from tests.judgement.corpus import (
    FAULTS, TOUCHED, Case, Draft, Marks, Step, _CLASHES, _ENDINGS, _ORDER, build, tool,
)

SPLIT = "quelled"


def _t(lang: str, en: str, zh: str) -> str:
    return en if lang == "en" else zh


def _desc_lang(rng: random.Random, lang: str) -> str:
    """Tool descriptions mostly in the request's language, sometimes in the other one."""
    return lang if rng.random() < 0.7 else ("zh" if lang == "en" else "en")


def _day(rng: random.Random) -> dt.date:
    return dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 520))


def _when(rng: random.Random, lang: str, day: dt.date) -> tuple[str, dt.date, str]:
    """A date as a user says it, the date it means from the trace's day, and a tag."""
    kind = rng.choice(["tomorrow", "after", "in_n", "explicit"])
    if kind == "tomorrow":
        return _t(lang, "tomorrow", "明天"), day + dt.timedelta(days=1), "relative date resolved"
    if kind == "after":
        return _t(lang, "the day after tomorrow", "后天"), day + dt.timedelta(days=2), "relative date resolved"
    if kind == "in_n":
        n = rng.randint(3, 9)
        return _t(lang, f"in {n} days", f"{n}天后"), day + dt.timedelta(days=n), "relative date resolved"
    target = day + dt.timedelta(days=rng.randint(4, 25))
    said = _t(lang, f"on {target.day} {target.strftime('%B')}", f"{target.month}月{target.day}日")
    return said, target, "explicit date normalised"


def _time(rng: random.Random) -> str:
    return f"{rng.choice([9, 10, 11, 13, 14, 15, 16, 17]):02d}:{rng.choice(['00', '30'])}"


def _plus_minutes(hhmm: str, minutes: int) -> str:
    h, m = map(int, hhmm.split(":"))
    total = h * 60 + m + minutes
    return f"{total // 60:02d}:{total % 60:02d}"


# --- scenarios ------------------------------------------------------------------------------


def bike_share(rng: random.Random, lang: str) -> Draft:
    """A booking with the member id from context; sometimes a 503 retried once, then fine."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    said, date, tag = _when(rng, lang, day)
    start = _time(rng)
    minutes = rng.choice([30, 45, 60, 90, 120])
    place = rng.choice(["Riverside Station", "Old Market Square", "Harbour Gate", "University Library"]) \
        if lang == "en" else rng.choice(["人民广场", "江滨公园", "火车东站", "大学城北门"])
    member = f"M-{rng.randint(10000, 99999)}"
    dock = f"DK-{rng.randint(100, 999)}"
    tools = [
        tool("find_docks", _t(d, "Find bike-share docks near a place with bikes available.", "查找某地附近有可用单车的停车桩。"),
             ["near"], near={"type": "string"}, bikes_min={"type": "integer", "minimum": 1, "default": 1}),
        tool("reserve_bike", _t(d, "Reserve a bike at a dock for a member.", "为会员在停车桩预约一辆单车。"),
             ["dock_id", "member_id", "date", "start_time", "bike_type"],
             dock_id={"type": "string"}, member_id={"type": "string"},
             date={"type": "string", "format": "date", "description": "YYYY-MM-DD"},
             start_time={"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$"},
             bike_type={"type": "string", "enum": ["classic", "electric", "cargo"]},
             duration_min={"type": "integer", "minimum": 15, "maximum": 240, "default": 30}),
        tool("get_member_balance", _t(d, "Show a member's ride credit balance.", "查询会员的骑行余额。"),
             ["member_id"], member_id={"type": "string"}),
    ]
    request = _t(lang,
                 f"Reserve an e-bike for me at the dock nearest {place} {said} at {start}, for {minutes} minutes. "
                 f"I'd like one with a basket if possible.",
                 f"帮我在{place}最近的停车桩预约一辆电助力车，{said}{start}开始，骑{minutes}分钟。最好带车筐。")
    find = Step("find_docks", {"near": place, "bikes_min": 1},
                {"docks": [{"dock_id": dock, "name": place, "distance_m": rng.randint(40, 400),
                            "electric_available": rng.randint(2, 9)},
                           {"dock_id": f"DK-{rng.randint(100, 999)}", "name": "—", "distance_m": rng.randint(500, 900),
                            "electric_available": 1}]})
    args = {"dock_id": dock, "member_id": member, "date": date.isoformat(), "start_time": start,
            "bike_type": "electric", "duration_min": minutes}
    rid = f"RB-{rng.randint(100000, 999999)}"
    reserve = Step("reserve_bike", args, {"reservation_id": rid, "status": "confirmed", "unlock_code": str(rng.randint(1000, 9999))})
    steps = [find]
    patterns = ["shape:booking", "shape:context", "id from context", "value copied from result", tag, "enum member from user's words"]
    retry = rng.random() < 0.35
    if retry:
        first = Step("reserve_bike", copy.deepcopy(args), error="503 Service Unavailable")
        steps.append(first)
        patterns.append("shape:retry_503")
    steps.append(reserve)
    code = reserve.result["unlock_code"]
    output = _t(lang,
                f"Done: an e-bike is reserved at {place} ({dock}) on {date.isoformat()} from {start} to "
                f"{_plus_minutes(start, minutes)}. Reservation {rid}, unlock code {code}. The booking form has no "
                f"basket option, so I couldn't request one.",
                f"已预约：{date.isoformat()} {start}至{_plus_minutes(start, minutes)}，{place}（{dock}）的电助力车。"
                f"预约号 {rid}，开锁码 {code}。预约系统没有车筐选项，所以无法指定。")
    draft = Draft(domain="bike_share", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
                  user_id=member, attributes={"member.id": member, "scheme": "citybike"},
                  resource={"service.name": "bikeshare-agent", "tenant.id": "citybike-eu"}, patterns=patterns)
    draft.roles = {"main": reserve if not retry else find, "lookup": find, "plain": find,
                   "distractor": Step("get_member_balance", {"member_id": member}, {"balance": 12.5, "currency": "EUR"})}
    if not retry:  # with the 503 retry, moving or failing the write would make a second story
        draft.roles["write"] = reserve
        draft.roles["producer"] = find
    draft.slots = {"context_id": (reserve, "member_id"), "copied_id": (reserve, "dock_id"), "date": (reserve, "date"),
                   "enum": (reserve, "bike_type"), "extra": (reserve, "basket")}
    draft.facts = {"enum_word": _t(lang, "e-bike", "电助力车"), "extra_value": True, "date_format": True,
                   "success_text": _t(lang, f"Your e-bike is reserved for {date.isoformat()} at {start}.",
                                      f"已为您预约{date.isoformat()} {start}的电助力车。")}
    return draft


def season_passes(rng: random.Random, lang: str) -> Draft:
    """A comparison in one model turn, a per-concert computation, then maybe a purchase."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    series = rng.sample(["chamber", "organ", "jazz", "symphonic"], 3)
    names_en = {"chamber": "chamber music", "organ": "organ", "jazz": "jazz", "symphonic": "symphony"}
    names_zh = {"chamber": "室内乐", "organ": "管风琴", "jazz": "爵士", "symphonic": "交响乐"}
    tier = rng.choice(["student", "standard"])
    tier_zh = {"student": "学生", "standard": "普通"}[tier]
    cur, cur_en, cur_zh = rng.choice([("EUR", "euros", "欧元"), ("CHF", "Swiss francs", "瑞士法郎"), ("CNY", "yuan", "人民币")])
    account = f"ACC-{rng.randint(1000, 9999)}"
    buy = rng.random() < 0.5
    tools = [
        tool("get_season_pass", _t(d, "Price and concert count of a season pass for a series and tier.",
                                   "查询某系列某票档季票的价格和场次。"),
             ["series", "tier"], series={"type": "string", "enum": ["chamber", "organ", "jazz", "symphonic"]},
             tier={"type": "string", "enum": ["standard", "premium", "student"]},
             currency={"type": "string", "pattern": "^[A-Z]{3}$", "default": "EUR"}),
        tool("buy_season_pass", _t(d, "Buy a season pass on the customer's box-office account.", "用客户的票务账户购买季票。"),
             ["account_id", "series", "tier"], account_id={"type": "string"},
             series={"type": "string", "enum": ["chamber", "organ", "jazz", "symphonic"]},
             tier={"type": "string", "enum": ["standard", "premium", "student"]},
             quantity={"type": "integer", "minimum": 1, "maximum": 6, "default": 1}),
        tool("get_hall_seating_plan", _t(d, "Seating plan of a hall.", "查看音乐厅座位图。"),
             ["hall"], hall={"type": "string", "enum": ["main", "recital"]}),
    ]
    listed = [names_en[s] for s in series] if lang == "en" else [names_zh[s] for s in series]
    request = _t(lang,
                 f"Compare the {tier} season passes for {', '.join(listed[:-1])} and {listed[-1]} in {cur_en}: which one "
                 f"is cheapest per concert?" + (" Buy me that one." if buy else ""),
                 f"比较一下{'、'.join(listed)}三个系列的{tier_zh}季票，用{cur_zh}报价，哪个按每场算最便宜？" + ("帮我买那张。" if buy else ""))
    steps, per = [], {}
    for i, s in enumerate(series):
        price = rng.randint(8, 40) * 10
        count = rng.randint(5, 12)
        per[s] = (price / count, price, count)
        steps.append(Step("get_season_pass", {"series": s, "tier": tier, "currency": cur},
                          {"series": s, "tier": tier, "price": price, "currency": cur, "concerts": count,
                           "first_concert": (day + dt.timedelta(days=rng.randint(10, 60))).isoformat()},
                          parallel=i > 0))
    best = min(per, key=lambda s: per[s][0])
    lines = "; ".join(f"{s}: {per[s][1]} {cur} / {per[s][2]} = {per[s][0]:.2f}" for s in series)
    patterns = ["shape:comparison", "shape:computation", "enum member from user's words", "currency code for a name"]
    output = _t(lang, f"Per concert: {lines}. Cheapest per concert: {best}.",
                f"按每场计算：{lines}。每场最便宜的是 {best}。")
    draft = Draft(domain="concert_season_passes", lang=lang, request=request, output=output, tools=tools, steps=steps,
                  day=day, user_id=f"u{rng.randint(10000, 99999)}", resource={"account.id": account, "venue": "city-hall"},
                  patterns=patterns)
    draft.roles = {"main": steps[0], "lookup": steps[0], "plain": steps[1],
                   "distractor": Step("get_hall_seating_plan", {"hall": "main"}, {"blocks": ["A", "B", "C"]})}
    draft.slots = {"enum": (steps[0], "series"), "currency": (steps[0], "currency"), "extra": (steps[1], "discount")}
    draft.facts = {"enum_word": _t(lang, f"{names_en[series[0]]} series", names_zh[series[0]]),
                   "extra_value": tier, "date_format": False}
    if buy:
        order = f"SP-{rng.randint(100000, 999999)}"
        purchase = Step("buy_season_pass", {"account_id": account, "series": best, "tier": tier},
                        {"order_id": order, "status": "paid", "charged": per[best][1], "currency": cur})
        steps.append(purchase)
        draft.output += _t(lang, f" I bought it: order {order}, {per[best][1]} {cur} charged.",
                           f"已购买：订单 {order}，扣款 {per[best][1]} {cur}。")
        draft.roles["write"] = purchase
        draft.slots["context_id"] = (purchase, "account_id")
        draft.facts["success_text"] = _t(lang, f"Your {best} pass is bought.", f"已为您买好{best}季票。")
        patterns += ["shape:booking", "shape:context", "id from context", "value copied from result"]
    return draft


def audiobook_followup(rng: random.Random, lang: str) -> Draft:
    """A follow-up: the title id comes from the earlier turn; the loan end is computed."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    title, title_zh = rng.choice([("The Left Hand of Darkness", "黑暗的左手"), ("Middlemarch", "米德尔马契"),
                                  ("The Remains of the Day", "长日将尽"), ("Three Body Problem", "三体")])
    tid = f"AB-{rng.randint(10000, 99999)}"
    patron = f"P{rng.randint(100000, 999999)}"
    hours = rng.randint(8, 30)
    loan_days = rng.choice([14, 21, 28])
    fmt, fmt_en, fmt_zh = rng.choice([("stream", "stream it", "在线听"), ("m4b", "download it as m4b", "下载m4b文件"),
                                      ("mp3", "download MP3s", "下载mp3")])
    tools = [
        tool("search_titles", _t(d, "Search the audiobook catalogue.", "搜索有声书目录。"), ["query"],
             query={"type": "string"}),
        tool("get_patron_loans", _t(d, "A patron's current loans and loan limit.", "读者当前借阅和借阅上限。"),
             ["patron_id"], patron_id={"type": "string"}),
        tool("borrow_title", _t(d, "Borrow an audiobook for a patron.", "为读者借阅一本有声书。"),
             ["title_id", "patron_id", "format"], title_id={"type": "string"}, patron_id={"type": "string"},
             format={"type": "string", "enum": ["stream", "m4b", "mp3"]}),
        tool("get_narrator_bio", _t(d, "Biography of a narrator.", "朗读者简介。"), ["narrator"],
             narrator={"type": "string"}),
    ]
    narrator = rng.choice(["Adjoa Andoh", "Simon Vance", "李野默"])
    history = [
        {"role": "user", "text": _t(lang, f"Do you have {title} as an audiobook?", f"你们有《{title_zh}》的有声书吗？")},
        {"role": "assistant", "calls": [{"name": "search_titles", "arguments": {"query": title if lang == "en" else title_zh}}]},
        {"role": "tool", "results": [{"results": [{"title_id": tid, "title": title, "narrator": narrator,
                                                   "length_minutes": hours * 60, "available": True}]}]},
        {"role": "assistant", "text": _t(lang, f"Yes: {title}, read by {narrator}, {hours} hours, available now.",
                                         f"有：《{title_zh}》，{narrator}朗读，时长{hours}小时，现在可借。")},
    ]
    request = _t(lang, f"Great, borrow it for me, I'll {fmt_en}. When does the loan end?",
                 f"好的，帮我借，我想{fmt_zh}。借期到哪天？")
    loans = Step("get_patron_loans", {"patron_id": patron},
                 {"active_loans": rng.randint(0, 3), "limit": 5, "loan_days": loan_days})
    loan_id = f"LN-{rng.randint(100000, 999999)}"
    borrow = Step("borrow_title", {"title_id": tid, "patron_id": patron, "format": fmt},
                  {"loan_id": loan_id, "start_date": day.isoformat(), "loan_days": loan_days})
    end = day + dt.timedelta(days=loan_days)
    output = _t(lang, f"Borrowed ({loan_id}). The {loan_days}-day loan ends on {end.isoformat()}.",
                f"已借出（{loan_id}）。借期{loan_days}天，到 {end.isoformat()} 结束。")
    draft = Draft(domain="audiobook_library", lang=lang, request=request, output=output, tools=tools, steps=[loans, borrow],
                  day=day, user_id=patron, session_id=f"s-{rng.randint(1000, 9999)}", history=history,
                  attributes={"library.patron_id": patron},
                  patterns=["shape:followup", "shape:booking", "shape:computation", "shape:context", "id from history",
                            "id from context", "date N days later", "enum member from user's words"])
    draft.roles = {"main": borrow, "lookup": loans, "plain": loans, "write": borrow,
                   "distractor": Step("get_narrator_bio", {"narrator": narrator}, {"bio": "…"})}
    draft.slots = {"history_id": (borrow, "title_id"), "user_id": (borrow, "patron_id"), "context_id": (loans, "patron_id"),
                   "enum": (borrow, "format"), "extra": (borrow, "title")}
    draft.facts = {"enum_word": _t(lang, {"stream": "streaming", "m4b": "M4B file", "mp3": "MP3s"}[fmt], fmt_zh),
                   "extra_value": title, "date_format": False,
                   "success_text": _t(lang, f"Borrowed; the loan ends on {end.isoformat()}.", f"已借出，{end.isoformat()}到期。")}
    return draft


def boat_licence(rng: random.Random, lang: str) -> Draft:
    """A change (move a lesson N days) or a cancellation of an existing record."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    student = f"stu_{rng.randint(1000, 9999)}"
    kind = rng.choice(["practical", "theory"])
    lessons = []
    for i in range(rng.randint(2, 3)):
        lessons.append({"lesson_id": f"L-{rng.randint(10000, 99999)}", "type": ("practical", "theory")[i % 2],
                        "date": (day + dt.timedelta(days=rng.randint(3, 30))).isoformat(), "start": _time(rng)})
    target = next(x for x in lessons if x["type"] == kind)
    tools = [
        tool("list_my_lessons", _t(d, "List a student's booked boat-licence lessons.", "列出学员已预约的驾船课程。"),
             ["student_id"], student_id={"type": "string"}),
        tool("reschedule_lesson", _t(d, "Move a lesson to another date.", "将课程改到另一天。"),
             ["lesson_id", "new_date"], lesson_id={"type": "string"},
             new_date={"type": "string", "format": "date"}, keep_time={"type": "boolean", "default": True}),
        tool("cancel_lesson", _t(d, "Cancel a lesson and choose where the refund goes.", "取消课程并选择退款方式。"),
             ["lesson_id", "refund_to"], lesson_id={"type": "string"},
             refund_to={"type": "string", "enum": ["original_payment", "credit"]}),
        tool("get_exam_dates", _t(d, "Upcoming licence exam dates.", "近期驾照考试日期。"), [],
             region={"type": "string", "default": "all"}),
    ]
    kind_zh = {"practical": "水上实操", "theory": "理论"}[kind]
    listing = Step("list_my_lessons", {"student_id": student}, {"lessons": lessons})
    cancel = rng.random() < 0.4
    patterns = ["shape:change", "shape:context", "id from context", "value copied from result"]
    if cancel:
        request = _t(lang, f"Please cancel my {kind} lesson and keep the refund as credit on my account.",
                     f"请取消我的{kind_zh}课，退款留作账户余额。")
        act = Step("cancel_lesson", {"lesson_id": target["lesson_id"], "refund_to": "credit"},
                   {"status": "cancelled", "refund": rng.randint(30, 90), "refund_to": "credit"})
        output = _t(lang, f"Your {kind} lesson on {target['date']} ({target['lesson_id']}) is cancelled; "
                    f"{act.result['refund']} was added as credit.",
                    f"{target['date']}的{kind_zh}课（{target['lesson_id']}）已取消，{act.result['refund']}已退为账户余额。")
        enum_slot, enum_word = (act, "refund_to"), _t(lang, "account credit", "余额")
        success = _t(lang, "Your lesson is cancelled.", "课程已取消。")
        patterns.append("enum member from user's words")
    else:
        n = rng.choice([1, 2, 3, 7, 14])
        new = dt.date.fromisoformat(target["date"]) + dt.timedelta(days=n)
        said = _t(lang, "one week" if n == 7 else "two weeks" if n == 14 else f"{n} day{'s' if n > 1 else ''}",
                  "一周" if n == 7 else "两周" if n == 14 else f"{n}天")
        request = _t(lang, f"Can you push my {kind} lesson back by {said}? Same time.",
                     f"能把我的{kind_zh}课往后推{said}吗？时间不变。")
        act = Step("reschedule_lesson", {"lesson_id": target["lesson_id"], "new_date": new.isoformat(), "keep_time": True},
                   {"status": "moved", "lesson_id": target["lesson_id"], "date": new.isoformat(), "start": target["start"]})
        output = _t(lang, f"Moved: your {kind} lesson is now on {new.isoformat()} at {target['start']}.",
                    f"已改期：{kind_zh}课改到 {new.isoformat()} {target['start']}。")
        enum_slot, enum_word = None, None
        success = _t(lang, f"Your lesson is moved to {new.isoformat()}.", f"课程已改到{new.isoformat()}。")
        patterns += ["shape:computation", "date N days later", "schema default"]
    steps = [listing, act]
    if rng.random() < 0.3:
        steps.insert(0, Step("list_my_lessons", {"student_id": student}, error="503 Service Unavailable"))
        patterns.append("shape:retry_503")
    draft = Draft(domain="boat_licence_school", lang=lang, request=request, output=output, tools=tools, steps=steps,
                  day=day, user_id=student, attributes={"student.id": student},
                  resource={"tenant.id": "seaschool-north"}, patterns=patterns)
    draft.roles = {"main": act, "producer": listing, "lookup": listing, "write": act, "plain": act,
                   "distractor": Step("get_exam_dates", {"region": "all"}, {"dates": [(day + dt.timedelta(days=40)).isoformat()]})}
    draft.slots = {"user_id": (listing, "student_id"), "copied_id": (act, "lesson_id"), "extra": (act, "reason")}
    if enum_slot:
        draft.slots["enum"] = enum_slot
    else:
        draft.slots["date"] = (act, "new_date")
        draft.slots["computed"] = (act, "new_date")
    draft.facts = {"enum_word": enum_word, "extra_value": _t(lang, "student request", "学员要求"), "date_format": not cancel,
                   "success_text": success}
    return draft


def bouldering(rng: random.Random, lang: str) -> Draft:
    """A registration: competition id from a lookup, birth date normalised, tenant in resource."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    city = rng.choice(["Leeds", "Lyon", "Graz", "Utrecht"]) if lang == "en" else rng.choice(["成都", "厦门", "杭州", "南京"])
    name = rng.choice(["Maya Lindqvist", "Tom Okafor", "Ines Duarte"]) if lang == "en" else rng.choice(["陈思远", "李晓婷", "王磊"])
    born = dt.date(rng.randint(1975, 2006), rng.randint(1, 12), rng.randint(1, 28))
    category = rng.choice(["open", "masters"]) if born.year < 1990 else "open"
    cat_words = {"open": ("Open category", "公开组"), "masters": ("Masters category", "大师组")}[category]
    size = rng.choice(["S", "M", "L"])
    email = f"{name.split()[0].lower() if lang == 'en' else 'climber'}{rng.randint(10, 99)}@mailbox.example"
    comp = f"CMP-{rng.randint(100, 999)}"
    comp_date = day + dt.timedelta(days=rng.randint(10, 50))
    tools = [
        tool("find_competition", _t(d, "Find bouldering competitions in a city from a date on.", "查找某城市某日之后的抱石比赛。"),
             ["city"], city={"type": "string"}, date_from={"type": "string", "format": "date"}),
        tool("register_climber", _t(d, "Register a climber for a competition.", "为选手报名比赛。"),
             ["competition_id", "climber_name", "category", "birth_date", "email"],
             competition_id={"type": "string"}, climber_name={"type": "string"},
             category={"type": "string", "enum": ["youth_b", "youth_a", "open", "masters"]},
             birth_date={"type": "string", "format": "date"}, email={"type": "string", "format": "email"},
             tshirt_size={"type": "string", "enum": ["XS", "S", "M", "L", "XL"]}),
        tool("send_email", _t(d, "Send an e-mail.", "发送电子邮件。"), ["to", "subject", "body"],
             to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"}),
        tool("get_route_setters", _t(d, "Route setters of a competition.", "比赛的定线员。"), ["competition_id"],
             competition_id={"type": "string"}),
    ]
    request = _t(lang,
                 f"Sign me up for the next bouldering comp in {city}, {cat_words[0]}. I'm {name}, born "
                 f"{born.strftime('%d/%m/%Y')}, T-shirt size {size}, e-mail {email}.",
                 f"帮我报名{city}接下来的抱石比赛，{cat_words[1]}。我叫{name}，生日{born.year}年{born.month}月{born.day}日，"
                 f"T恤{size}码，邮箱 {email}。")
    find = Step("find_competition", {"city": city, "date_from": day.isoformat()},
                {"competitions": [{"competition_id": comp, "name": f"{city} Boulder Open", "date": comp_date.isoformat(),
                                   "fee": rng.choice([25, 30, 35]), "currency": "EUR"}]})
    bib = rng.randint(100, 400)
    reg = Step("register_climber", {"competition_id": comp, "climber_name": name, "category": category,
                                    "birth_date": born.isoformat(), "email": email, "tshirt_size": size},
               {"registration_id": f"REG-{rng.randint(10000, 99999)}", "bib": bib, "status": "registered"})
    steps = [find, reg]
    patterns = ["shape:booking", "value copied from result", "explicit date normalised", "enum member from user's words",
                "today's date from the trace", "shape:context"]
    if rng.random() < 0.3:
        steps.insert(1, Step("register_climber", copy.deepcopy(reg.args), error="503 Service Unavailable"))
        patterns.append("shape:retry_503")
    output = _t(lang, f"You're registered for the {city} Boulder Open on {comp_date.isoformat()} ({category}), bib {bib}. "
                f"Confirmation goes to {email}.",
                f"已报名{comp_date.isoformat()}的{city}抱石公开赛（{category}），号码布 {bib}，确认信会发到 {email}。")
    draft = Draft(domain="bouldering_competition", lang=lang, request=request, output=output, tools=tools, steps=steps,
                  day=day, resource={"tenant.id": "boulder-league", "desk": "registration"}, patterns=patterns)
    draft.roles = {"main": reg if len(steps) == 2 else find, "lookup": find, "plain": find,
                   "distractor": Step("get_route_setters", {"competition_id": comp}, {"setters": ["A. Moreau"]})}
    if len(steps) == 2:
        draft.roles["write"] = reg
        draft.roles["producer"] = find
    draft.slots = {"copied_id": (reg, "competition_id"), "enum": (reg, "category"), "date": (find, "date_from"),
                   "extra": (reg, "city")}
    draft.facts = {"enum_word": cat_words[lang == "zh"], "extra_value": city, "date_format": True,
                   "success_text": _t(lang, f"You're registered, bib {bib}.", f"报名成功，号码布 {bib}。")}
    return draft


def piano_export(rng: random.Random, lang: str) -> Draft:
    """An export started, then polled with a status tool until it is done."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    account = f"PH-{rng.randint(10000, 99999)}"
    job = f"job_{rng.randint(100000, 999999)}"
    fmt, fmt_en, fmt_zh = rng.choice([("csv", "a CSV file", "CSV文件"), ("pdf", "a PDF", "PDF")])
    start = dt.date(day.year, 1, 1)
    tools = [
        tool("start_hire_export", _t(d, "Start an export of an account's piano hire records.", "开始导出账户的钢琴租赁记录。"),
             ["account_id", "from_date", "to_date", "format"], account_id={"type": "string"},
             from_date={"type": "string", "format": "date"}, to_date={"type": "string", "format": "date"},
             format={"type": "string", "enum": ["csv", "pdf"]}),
        tool("get_export_status", _t(d, "Check the status and progress of an export job.", "查询导出任务的状态和进度。"),
             ["job_id"], job_id={"type": "string"}),
        tool("list_pianos", _t(d, "Pianos available for hire.", "可租赁的钢琴。"), [],
             category={"type": "string", "enum": ["upright", "grand", "digital"], "default": "upright"}),
    ]
    request = _t(lang, f"Export all my piano hire records from this year as {fmt_en}, please.",
                 f"请把我今年所有的钢琴租赁记录导出成{fmt_zh}。")
    begin = Step("start_hire_export", {"account_id": account, "from_date": start.isoformat(), "to_date": day.isoformat(),
                                       "format": fmt}, {"job_id": job, "status": "queued"})
    steps = [begin]
    polls = rng.randint(1, 6)
    for i in range(polls):
        steps.append(Step("get_export_status", {"job_id": job},
                          {"job_id": job, "status": "running", "progress": 100 * (i + 1) // (polls + 1)}))
    url = f"https://files.pianohire.example/exports/{job}.{fmt}"
    done = Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "done", "progress": 100,
                                                      "rows": rng.randint(3, 40), "download_url": url})
    steps.append(done)
    output = _t(lang, f"Your export ({start.isoformat()} to {day.isoformat()}) is ready: {url} "
                f"({done.result['rows']} records).",
                f"导出完成（{start.isoformat()} 至 {day.isoformat()}）：{url}，共 {done.result['rows']} 条记录。")
    draft = Draft(domain="piano_hire", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
                  user_id=f"user-{rng.randint(100, 999)}", resource={"account.id": account, "tenant.id": "pianohire-uk"},
                  patterns=["shape:export_poll", "shape:context", "id from context", "value copied from result",
                            "relative period resolved", "status tool polled", "enum member from user's words"])
    draft.roles = {"main": begin, "producer": begin, "plain": begin,
                   "distractor": Step("list_pianos", {"category": "upright"}, {"pianos": []})}
    draft.slots = {"context_id": (begin, "account_id"), "copied_id": (steps[1], "job_id"), "date": (begin, "to_date"),
                   "enum": (begin, "format"), "extra": (begin, "year")}
    draft.facts = {"enum_word": _t(lang, fmt.upper() + " file", fmt_zh), "extra_value": day.year, "date_format": True}
    return draft


def orchard(rng: random.Random, lang: str) -> Draft:
    """A booking with a unit conversion and an end time computed from the slot."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    said, date, tag = _when(rng, lang, day)
    fruit = rng.choice(["apples", "pears", "plums", "cherries"])
    fruit_zh = {"apples": "苹果", "pears": "梨", "plums": "李子", "cherries": "樱桃"}[fruit]
    party = rng.randint(2, 6)
    name = rng.choice(["Hannah Price", "Oliver Brandt"]) if lang == "en" else rng.choice(["赵敏", "周杰"])
    if lang == "en":
        pounds = rng.choice([10, 15, 20])
        kg = round(pounds * 0.45359237, 1)
        amount = f"about {pounds} pounds"
    else:
        jin = rng.choice([10, 20, 30])
        kg = jin / 2
        amount = f"大概{jin}斤"
    slots = []
    for _ in range(rng.randint(2, 3)):
        slots.append({"slot_id": f"PS-{rng.randint(1000, 9999)}", "start": _time(rng), "minutes": rng.choice([60, 90, 120]),
                      "spaces": rng.randint(party, 20)})
    chosen = rng.choice(slots)
    price = rng.choice([2.5, 3.0, 3.5, 4.0])
    tools = [
        tool("check_picking_slots", _t(d, "Pick-your-own slots on a date for a fruit.", "查询某天某种水果的自采时段。"),
             ["date", "fruit"], date={"type": "string", "format": "date"},
             fruit={"type": "string", "enum": ["apples", "pears", "plums", "cherries"]}),
        tool("book_picking_slot", _t(d, "Book a pick-your-own slot.", "预约自采时段。"),
             ["slot_id", "party_size", "visitor_name"], slot_id={"type": "string"},
             party_size={"type": "integer", "minimum": 1, "maximum": 12}, visitor_name={"type": "string"},
             expected_kg={"type": "number", "minimum": 0}),
        tool("get_farm_shop_hours", _t(d, "Opening hours of the farm shop.", "农场商店营业时间。"), []),
    ]
    request = _t(lang, f"Book us a slot to pick {fruit} {said} at {chosen['start']}: {party} people, name {name}. "
                 f"We'll take {amount}. What time do we have to be done, and roughly what will it cost?",
                 f"帮我们订{said}{chosen['start']}的{fruit_zh}自采时段，{party}个人，名字写{name}。我们{amount}。"
                 f"几点要结束？大概多少钱？")
    check = Step("check_picking_slots", {"date": date.isoformat(), "fruit": fruit},
                 {"slots": slots, "price_per_kg": price, "currency": "GBP"})
    booking = f"PB-{rng.randint(10000, 99999)}"
    book = Step("book_picking_slot", {"slot_id": chosen["slot_id"], "party_size": party, "visitor_name": name,
                                      "expected_kg": kg}, {"booking_id": booking, "status": "booked"})
    end = _plus_minutes(chosen["start"], chosen["minutes"])
    cost = round(kg * price, 2)
    output = _t(lang, f"Booked ({booking}) for {date.isoformat()} {chosen['start']}-{end}, so you need to be done by {end}. "
                f"{kg} kg at £{price}/kg is about £{cost:.2f}.",
                f"已预约（{booking}）：{date.isoformat()} {chosen['start']}-{end}，{end}前结束。{kg}公斤，每公斤{price}英镑，"
                f"约{cost:.2f}英镑。")
    draft = Draft(domain="orchard_pick_your_own", lang=lang, request=request, output=output, tools=tools,
                  steps=[check, book], day=day, user_id=f"v{rng.randint(1000, 9999)}",
                  attributes={"farm.id": "orchard-hill"},
                  patterns=["shape:booking", "shape:computation", tag, "unit conversion", "value copied from result",
                            "enum member from user's words"])
    draft.roles = {"main": book, "producer": check, "lookup": check, "plain": check, "write": book,
                   "distractor": Step("get_farm_shop_hours", {}, {"open": "09:00", "close": "18:00"})}
    draft.slots = {"copied_id": (book, "slot_id"), "date": (check, "date"), "enum": (check, "fruit"),
                   "extra": (book, "fruit")}
    draft.facts = {"enum_word": _t(lang, fruit.capitalize()[:-1] if fruit != "cherries" else "cherry", fruit_zh),
                   "extra_value": fruit if lang == "en" else fruit_zh, "date_format": True,
                   "success_text": _t(lang, f"Booked for {date.isoformat()} at {chosen['start']}.",
                                      f"已预约{date.isoformat()} {chosen['start']}。")}
    return draft


def radio_ads(rng: random.Random, lang: str) -> Draft:
    """Rates of several shows compared in parallel, spots worked out from a budget, then booked."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    shows = rng.sample(["breakfast", "drive_time", "weekend_mix", "late_night"], rng.choice([3, 3, 4]))
    show_en = {"breakfast": "breakfast show", "drive_time": "drive-time show", "weekend_mix": "weekend mix",
               "late_night": "late-night show"}
    show_zh = {"breakfast": "早间节目", "drive_time": "晚高峰节目", "weekend_mix": "周末混音", "late_night": "深夜节目"}
    length = rng.choice([15, 30, 60])
    budget = rng.choice([150, 200, 300, 500])
    cur, cur_en, cur_zh = rng.choice([("EUR", "euros", "欧元"), ("GBP", "pounds", "英镑")])
    advertiser = f"ADV-{rng.randint(1000, 9999)}"
    said, air, tag = _when(rng, lang, day)
    tools = [
        tool("get_ad_rate", _t(d, "Price of one ad spot on a show.", "某节目单条广告的价格。"), ["show", "length_seconds"],
             show={"type": "string", "enum": ["breakfast", "drive_time", "weekend_mix", "late_night"]},
             length_seconds={"type": "integer", "enum": [15, 30, 60]},
             currency={"type": "string", "pattern": "^[A-Z]{3}$", "default": "EUR"}),
        tool("book_ad_spots", _t(d, "Book ad spots for an advertiser on an air date.", "为广告主预订某播出日的广告。"),
             ["advertiser_id", "show", "air_date", "spots", "length_seconds"], advertiser_id={"type": "string"},
             show={"type": "string", "enum": ["breakfast", "drive_time", "weekend_mix", "late_night"]},
             air_date={"type": "string", "format": "date"}, spots={"type": "integer", "minimum": 1, "maximum": 20},
             length_seconds={"type": "integer", "enum": [15, 30, 60]}),
        tool("get_listener_figures", _t(d, "Listener figures of the station.", "电台收听人数。"), [],
             period={"type": "string", "enum": ["week", "month"], "default": "week"}),
    ]
    listed = [show_en[s] for s in shows] if lang == "en" else [show_zh[s] for s in shows]
    request = _t(lang, f"We have {budget} {cur_en} for {length}-second ads airing {said}. Compare the "
                 f"{', '.join(listed)}: on which do we get the most spots for the money? Book as many as fit there.",
                 f"我们有{budget}{cur_zh}的预算，投{length}秒广告，{said}播出。比较一下{'、'.join(listed)}，"
                 f"哪个能投的条数最多？就在那个节目订满预算。")
    steps, rates = [], {}
    for i, s in enumerate(shows):
        rate = rng.choice([18, 25, 32, 40, 55, 70])
        while rate in rates.values():
            rate += 3
        rates[s] = rate
        steps.append(Step("get_ad_rate", {"show": s, "length_seconds": length, "currency": cur},
                          {"show": s, "length_seconds": length, "price": rate, "currency": cur}, parallel=i > 0))
    best = min(rates, key=rates.get)
    spots = min(20, budget // rates[best])
    book = Step("book_ad_spots", {"advertiser_id": advertiser, "show": best, "air_date": air.isoformat(), "spots": spots,
                                  "length_seconds": length},
                {"booking_id": f"AD-{rng.randint(10000, 99999)}", "total": spots * rates[best], "currency": cur})
    steps.append(book)
    output = _t(lang, f"Rates per {length}s spot: " + ", ".join(f"{s} {rates[s]} {cur}" for s in shows)
                + f". {best} gives the most: {spots} spots for {spots * rates[best]} {cur}, booked for {air.isoformat()} "
                f"({book.result['booking_id']}).",
                f"每条{length}秒报价：" + "，".join(f"{s} {rates[s]} {cur}" for s in shows)
                + f"。{best}条数最多：{spots}条共{spots * rates[best]} {cur}，已订 {air.isoformat()} 播出（{book.result['booking_id']}）。")
    draft = Draft(domain="community_radio_ads", lang=lang, request=request, output=output, tools=tools, steps=steps,
                  day=day, user_id=f"staff-{rng.randint(10, 99)}",
                  attributes={"advertiser.id": advertiser}, resource={"tenant.id": "radio-wave-fm"},
                  patterns=["shape:comparison", "shape:computation", "shape:booking", "shape:context", tag,
                            "currency code for a name", "id from context", "value computed from results"])
    draft.roles = {"main": book, "lookup": steps[0], "plain": steps[1], "write": book,
                   "distractor": Step("get_listener_figures", {"period": "week"}, {"listeners": 12000})}
    draft.slots = {"context_id": (book, "advertiser_id"), "currency": (steps[0], "currency"), "date": (book, "air_date"),
                   "enum": (book, "show"), "extra": (book, "budget"), "computed": (book, "spots")}
    draft.facts = {"enum_word": show_en[best] if lang == "en" else show_zh[best], "extra_value": budget,
                   "date_format": True,
                   "success_text": _t(lang, f"{spots} spots are booked.", f"已订{spots}条广告。")}
    return draft


def quilt_question(rng: random.Random, lang: str) -> Draft:
    """A question answered by two lookups, the second fed by the first; no write."""
    d = _desc_lang(rng, lang)
    day = _day(rng)
    said, date, tag = _when(rng, lang, day)
    level = rng.choice(["beginner", "intermediate"])
    level_zh = {"beginner": "入门", "intermediate": "进阶"}[level]
    cid = f"QC-{rng.randint(1000, 9999)}"
    start = _time(rng)
    hours = rng.choice([2, 2.5, 3])
    tools = [
        tool("get_class_schedule", _t(d, "Quilt-making classes on a date, by level.", "某天某级别的拼布课程。"),
             ["date"], date={"type": "string", "format": "date"},
             level={"type": "string", "enum": ["beginner", "intermediate", "advanced"]}),
        tool("get_class_details", _t(d, "Materials list, teacher and length of a class.", "课程的材料清单、老师和时长。"),
             ["class_id"], class_id={"type": "string"}),
        tool("list_teachers", _t(d, "The studio's quilting teachers.", "工作室的拼布老师。"), []),
    ]
    request = _t(lang, f"What do I need to bring to the {level} quilting class {said}, and when does it finish?",
                 f"{said}的{level_zh}拼布课需要带什么？几点结束？")
    sched = Step("get_class_schedule", {"date": date.isoformat(), "level": level},
                 {"classes": [{"class_id": cid, "title": "Log Cabin Block" if level == "beginner" else "Curved Piecing",
                               "start": start, "room": "Studio 2"}]})
    materials = rng.sample(["fat quarters (4)", "rotary cutter", "cutting mat", "neutral thread", "pins", "seam ripper"], 3)
    det = Step("get_class_details", {"class_id": cid},
               {"class_id": cid, "materials": materials, "teacher": rng.choice(["Ruth", "Mei"]), "hours": hours})
    end = _plus_minutes(start, int(hours * 60))
    output = _t(lang, f"The class starts at {start} and finishes at {end} ({hours} h). Bring: {', '.join(materials)}.",
                f"课程{start}开始，{end}结束（{hours}小时）。需要带：{'、'.join(materials)}。")
    draft = Draft(domain="quilt_classes", lang=lang, request=request, output=output, tools=tools, steps=[sched, det],
                  day=day, user_id=f"q{rng.randint(100, 999)}",
                  patterns=["shape:lookup_question", "shape:computation", tag, "value copied from result",
                            "enum member from user's words"])
    draft.roles = {"main": det, "producer": sched, "lookup": sched, "plain": det,
                   "distractor": Step("list_teachers", {}, {"teachers": ["Ruth", "Mei"]})}
    draft.slots = {"copied_id": (det, "class_id"), "date": (sched, "date"), "enum": (sched, "level"),
                   "extra": (det, "date")}
    draft.facts = {"enum_word": _t(lang, "Beginners" if level == "beginner" else "Intermediate level", level_zh),
                   "extra_value": date.isoformat(), "date_format": True}
    return draft


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    bike_share, season_passes, audiobook_followup, boat_licence, bouldering, piano_export, orchard, radio_ads,
    quilt_question,
]


# --- faults of this split's own, beside corpus.FAULTS ----------------------------------------


def miscomputed_value(draft: Draft, rng: random.Random) -> Marks | None:
    """A value the agent works out (a date N days on, spots from a budget) worked out wrong."""
    found = draft.slots.get("computed")
    if found is None:
        return None
    step, key = found
    value = step.args[key]
    if isinstance(value, int):
        step.args[key] = value - 1 if value > 1 else value + 1
    else:
        step.args[key] = (dt.date.fromisoformat(value) + dt.timedelta(days=rng.choice([-1, 1]))).isoformat()
    return {"ungrounded_value": [step]}


def poll_without_status(draft: Draft, rng: random.Random) -> Marks | None:
    """The export is started again and again instead of polled: identical successful writes."""
    begin = draft.roles.get("main")
    if begin is None or begin.tool != "start_hire_export":
        return None
    copies = []
    for _ in range(2):
        twin = copy.deepcopy(begin)
        twin.parallel = False
        copies.append(twin)
    i = draft.steps.index(begin)
    draft.steps[i + 1:i + 1] = copies
    return {"repeated_identical_call": [begin, *copies], "redundant_calls": copies}


OWN: dict[str, Callable[[Draft, random.Random], Marks | None]] = {
    "miscomputed_value": miscomputed_value, "poll_without_status": poll_without_status}
ALL = {**FAULTS, **OWN}
ORDER = {**_ORDER, "miscomputed_value": 0, "poll_without_status": -1}


def _review(draft: Draft, marks: dict[str, list[Step | None]]) -> None:
    """What a reviewer sees that two faults bring about together, beyond each fault's own marks."""
    # A value copied from the result of a call that then failed appears in no result at all.
    copied = draft.slots.get("copied_id")
    if "future_ref" in marks and copied is not None:
        step, key = copied
        value = json.dumps(step.args.get(key), ensure_ascii=False)
        if not any(value in json.dumps(s.result, ensure_ascii=False) for s in draft.steps if not s.error):
            marks.setdefault("ungrounded_value", []).extend(marks.pop("future_ref"))
    # A date worked out from a value the agent only sees later is invented as well.
    computed = draft.slots.get("computed")
    if "future_ref" in marks and computed is not None and computed[0] in marks["future_ref"]:
        marks.setdefault("ungrounded_value", []).append(computed[0])
    # The run's own retry after a 503, failing again: the same failing call twice in a row.
    for a, b in zip(draft.steps, draft.steps[1:]):
        if a.error and b.error and a.tool == b.tool and a.args == b.args and a.raw == b.raw:
            loop = marks.setdefault("failing_call_loop", [])
            loop.extend(s for s in (a, b) if s not in loop)


def _case(index: int, scenario: Callable[[random.Random, str], Draft], lang: str, faults: list[str],
          rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    if any(clash <= set(faults) for clash in _CLASHES):
        return None
    for name in sorted(faults, key=ORDER.__getitem__):
        try:
            found = ALL[name](draft, rng)
        except (KeyError, ValueError, TypeError):
            return None
        if found is None:
            return None
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != TOUCHED:
                marks.setdefault(label, []).extend(marked)
    _review(draft, marks)
    trajectory, seqs = build(draft, f"q{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean; each from random.Random of (seed, index) alone."""
    names = [*FAULTS, *OWN]
    cases: list[Case] = []
    for index in range(n):
        rng = random.Random(f"{SPLIT}:{seed}:{index}")
        roll = rng.random()
        count = 0 if roll < 0.5 else 1 if roll < 0.84 else 2
        for draw in range(50):  # the number of faults is kept; the faults are redrawn until one fits
            faults = rng.sample(names, count)
            if len(faults) == 2 and set(faults) <= _ENDINGS:
                continue
            case = None
            for attempt in range(len(SCENARIOS)):
                scenario = SCENARIOS[(index + attempt) % len(SCENARIOS)]
                lang = ("en", "zh")[(index // len(SCENARIOS) + attempt + draw) % 2]
                case = _case(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
                if case is not None:
                    break
            if case is not None:
                cases.append(case)
                break
    return cases
