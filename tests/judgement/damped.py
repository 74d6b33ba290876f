"""The damped split: agent traffic of a puppet theatre's school visits, a film society's screenings
and memberships, a violin maker's repairs, a community orchestra's instrument loans, a typewriter
repair shop, a sign-maker's custom signs, an olive-oil cooperative's orders and a city's street-tree
planting requests, written by a twenty-sixth helper who read neither the evaluators, their
calibration nor any other split. It must not be read when tuning the evaluators, or it stops being
unseen.

Shapes: bookings, questions answered by lookups (parallel ones too), comparisons of options in one
model turn, changes and cancellations of existing records, computations from results (totals, per
litre prices, end times, dates N days later), follow-ups of an earlier turn, an export polled to
completion with a status tool, a retry after a transient 503 that then succeeds, and ids the
framework fills in from the trace's context. English and Chinese requests, some with tool
descriptions in the other language. About half the cases are clean; the rest carry one fault, or
two on different calls, labelled as a careful reviewer would label them.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import re
from collections.abc import Callable

from tests.judgement.corpus import (
    FAULTS as CORPUS_FAULTS,
    TOUCHED,
    Case,
    Draft,
    Marks,
    Step,
    _CLASHES,
    _COPIES,
    _ENDINGS,
    _schema_step,
    build,
    tool,
)

SPLIT = "damped"
WD_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WD_ZH = ["一", "二", "三", "四", "五", "六", "日"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


def _day(rng: random.Random, weekdays: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)) -> dt.date:
    day = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 640))
    while day.weekday() not in weekdays:
        day += dt.timedelta(days=1)
    return day


def _en(d: dt.date) -> str:
    return f"{d.day} {MONTHS[d.month - 1]}"


def _zh(d: dt.date) -> str:
    return f"{d.month}月{d.day}日"


def _digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(10 ** (n - 1), 10 ** n - 1))


def _email(rng: random.Random) -> str:
    return rng.choice(["maya.hartley", "j.okafor", "lin.wei", "chen.yu", "p.lindqvist", "zhangmin"]) + \
        "@" + rng.choice(["example.com", "mail.example.org", "example.net"])


# --- scenarios ------------------------------------------------------------------------------
# Each drafts one clean run; `patterns` start with "shape:<name>" for every shape it holds.


SHOWS = [("shadow puppet show", "皮影戏", "shadow", "shadow puppets"),
         ("marionette show", "提线木偶戏", "marionette", "marionettes"),
         ("hand puppet show", "布袋木偶戏", "hand_puppet", "hand puppets")]


def puppet_booking(rng: random.Random, lang: str) -> Draft:
    """Puppet theatre: book a school visit into a free slot (check, then book)."""
    day = _day(rng, (0, 1, 2))
    en_show, zh_show, show, en_word = rng.choice(SHOWS)
    when = rng.choice(["thu", "fri", "tomorrow", "abs"])
    if when == "thu":
        target, en_when, zh_when = day + dt.timedelta(days=3 - day.weekday()), "this Thursday", "这周四"
    elif when == "fri":
        target, en_when, zh_when = day + dt.timedelta(days=4 - day.weekday()), "on Friday", "这周五"
    elif when == "tomorrow":
        target, en_when, zh_when = day + dt.timedelta(days=1), "tomorrow", "明天"
    else:
        target = day + dt.timedelta(days=rng.randint(9, 40))
        en_when, zh_when = f"on {_en(target)}", _zh(target)
    per_class = rng.choice([24, 26, 28, 31])
    two_classes = rng.random() < 0.4
    size = per_class * 2 if two_classes else rng.choice([45, 52, 60, 75])
    morning = rng.random() < 0.6
    wheel = rng.choice([0, 0, 2])
    school = f"SCH-{_digits(rng, 4)}"
    patterns = ["shape:booking", "shape:context", "id from resource", "enum from the user's words"]
    if two_classes:
        en_size, zh_size = f"two classes of {per_class}", f"两个班，每班{per_class}人"
        patterns.append("audience size computed (two classes)")
    else:
        en_size, zh_size = f"{size} pupils", f"{size}个学生"
    en_wheel = " Two of the children use wheelchairs." if wheel else ""
    zh_wheel = "有两个孩子坐轮椅。" if wheel else ""
    if lang == "en":
        request = (f"Hi, can we book a {en_show} for our school {en_when}? We'd be {en_size}, "
                   f"{'a morning' if morning else 'an afternoon'} slot if possible.{en_wheel}")
    else:
        request = f"我们学校想{zh_when}预约一场{zh_show}，{zh_size}，最好是{'上午' if morning else '下午'}场。{zh_wheel}"
    if when != "abs":
        patterns.append("relative date resolved from the trace's day")
    tools = [
        tool("check_show_availability", "Free performance slots for school visits on a date.", ["date", "show_type"],
             date={"type": "string", "format": "date", "description": "Performance date, YYYY-MM-DD"},
             show_type={"type": "string", "enum": ["shadow", "marionette", "hand_puppet"]},
             audience_size={"type": "integer", "minimum": 1, "maximum": 300}),
        tool("book_school_visit", "Book a school visit into a free performance slot.",
             ["slot_id", "school_id", "audience_size"],
             slot_id={"type": "string"}, school_id={"type": "string", "description": "The school's account id"},
             audience_size={"type": "integer", "minimum": 1, "maximum": 300},
             wheelchair_spaces={"type": "integer", "minimum": 0, "default": 0}),
        tool("get_repertoire_notes", "Teacher notes and age guidance for a show in the repertoire.", ["show_type"],
             show_type={"type": "string", "enum": ["shadow", "marionette", "hand_puppet"]}),
    ]
    iso = target.isoformat()
    slots = [{"slot_id": f"SV-{iso.replace('-', '')}-1", "start": "10:00", "seats_left": 180},
             {"slot_id": f"SV-{iso.replace('-', '')}-2", "start": "13:30", "seats_left": 120}]
    chosen = slots[0] if morning else slots[1]
    check = Step("check_show_availability", {"date": iso, "show_type": show, "audience_size": size},
                 {"date": iso, "show_type": show, "slots": slots})
    args = {"slot_id": chosen["slot_id"], "school_id": school, "audience_size": size}
    if wheel:
        args["wheelchair_spaces"] = wheel
    elif rng.random() < 0.5:
        args["wheelchair_spaces"] = 0
        patterns.append("schema default sent")
    booking = f"BK-{_digits(rng, 6)}"
    book = Step("book_school_visit", args, {"booking_id": booking, "status": "confirmed", "date": iso,
                                           "start": chosen["start"], "audience_size": size})
    if lang == "en":
        output = (f"Booked: the {en_show} on {WD_EN[target.weekday()]} {iso} at {chosen['start']} for {size} "
                  f"pupils. Your booking reference is {booking}.")
    else:
        output = f"已预约：{iso}（周{WD_ZH[target.weekday()]}）{chosen['start']} 的{zh_show}，{size}名学生，预约号 {booking}。"
    draft = Draft(domain="puppet_theatre", lang=lang, request=request, output=output, tools=tools,
                  steps=[check, book], day=day, user_id=f"teacher-{_digits(rng, 5)}",
                  resource={"service.name": "puppet-visits-agent", "tenant.id": school},
                  patterns=patterns)
    draft.roles = {"main": book, "write": book, "lookup": check, "producer": check, "plain": check,
                   "distractor": Step("get_repertoire_notes", {"show_type": show},
                                      {"show_type": show, "ages": "5-11", "running_time_min": 50})}
    draft.slots = {"date": (check, "date"), "enum": (check, "show_type"), "copied_id": (book, "slot_id"),
                   "context_id": (book, "school_id"), "extra": (book, "preferred_time")}
    draft.facts = {"enum_word": en_word if lang == "en" else zh_show,
                   "extra_value": ("morning" if morning else "afternoon") if lang == "en" else ("上午" if morning else "下午"),
                   "success_text": output, "date_format": True}
    return draft


FILMS = [("Tokyo Story", "19:30"), ("Stalker", "21:15"), ("Jeanne Dielman", "18:00"), ("Farewell My Concubine", "20:00"),
         ("Cléo from 5 to 7", "17:45"), ("In the Mood for Love", "21:00")]


def film_lookup(rng: random.Random, lang: str) -> Draft:
    """Film society: membership and Saturday's programme in both rooms, three lookups in one turn."""
    day = _day(rng, (0, 1, 2, 3))
    sat = day + dt.timedelta(days=5 - day.weekday())
    member = f"FSM-{_digits(rng, 5)}"
    valid = day + dt.timedelta(days=rng.randint(12, 200))
    passes = rng.randint(0, 4)
    tier = rng.choice(["student", "full", "concession"])
    films = rng.sample(FILMS, 3)
    if lang == "en":
        request = "Is my membership still valid, and what's on in both screens this Saturday? How many guest passes do I have left?"
    else:
        request = "我的会员还有效吗？这周六两个放映厅都放什么片？我还剩几张嘉宾券？"
    descs = ("Membership record of a film society member: tier, expiry date, guest passes left.",
             "Screenings on one day in one screen, with seats left.")
    if rng.random() < 0.4:
        descs = ("查询电影协会会员记录：等级、到期日、剩余嘉宾券。", "查询某天某个放映厅的放映场次和余票。")
    tools = [
        tool("get_membership", descs[0], ["member_id"], member_id={"type": "string"}),
        tool("list_screenings", descs[1], ["date", "screen"],
             date={"type": "string", "format": "date"},
             screen={"type": "string", "enum": ["main_hall", "studio"]}),
        tool("buy_ticket", "Buy tickets for a screening.", ["screening_id", "member_id", "seats"],
             screening_id={"type": "string"}, member_id={"type": "string"},
             seats={"type": "integer", "minimum": 1, "maximum": 6}),
    ]
    iso = sat.isoformat()
    m = Step("get_membership", {"member_id": member},
             {"member_id": member, "tier": tier, "valid_until": valid.isoformat(), "guest_passes": passes})
    shows1 = [{"screening_id": f"SC-{_digits(rng, 5)}", "title": films[0][0], "start": films[0][1], "seats_left": rng.randint(3, 90)},
              {"screening_id": f"SC-{_digits(rng, 5)}", "title": films[1][0], "start": "22:30", "seats_left": rng.randint(3, 90)}]
    shows2 = [{"screening_id": f"SC-{_digits(rng, 5)}", "title": films[2][0], "start": films[2][1], "seats_left": rng.randint(0, 40)}]
    l1 = Step("list_screenings", {"date": iso, "screen": "main_hall"}, {"date": iso, "screen": "main_hall", "screenings": shows1},
              parallel=True)
    l2 = Step("list_screenings", {"date": iso, "screen": "studio"}, {"date": iso, "screen": "studio", "screenings": shows2},
              parallel=True)
    prog = "; ".join(f"{s['title']} {s['start']}" for s in shows1 + shows2)
    if lang == "en":
        output = (f"Yes, your {tier} membership is valid until {valid.isoformat()}, and you have {passes} guest "
                  f"pass{'es' if passes != 1 else ''} left. This Saturday ({iso}): {prog}.")
    else:
        output = f"您的会员有效期到 {valid.isoformat()}，还剩 {passes} 张嘉宾券。这周六（{iso}）放映：{prog}。"
    draft = Draft(domain="film_society", lang=lang, request=request, output=output, tools=tools,
                  steps=[m, l1, l2], day=day, user_id=member, session_id=f"sess-{_digits(rng, 6)}",
                  attributes={"society.id": "leith-film-society"},
                  patterns=["shape:lookup", "shape:comparison", "shape:context", "member id from user.id",
                            "relative date resolved from the trace's day", "enum members for both screens"])
    draft.roles = {"main": l1, "plain": l1, "lookup": m}
    draft.slots = {"user_id": (m, "member_id"), "date": (l1, "date")}
    draft.facts = {"success_text": output, "date_format": True}
    return draft


OILS = ["Koroneiki Reserve", "Frantoio Estate", "Arbequina Early Harvest", "Coratina Gold", "Picual Hills"]


def oil_compare(rng: random.Random, lang: str) -> Draft:
    """Olive-oil cooperative: three prices in one turn, per-litre prices computed."""
    day = _day(rng)
    year = rng.choice([day.year - 1, day.year])
    names = rng.sample(OILS, 3)
    sizes = rng.choice([(500, 750, 3000), (250, 1000, 5000), (500, 1000, 3000)])
    cur = rng.choice([None, "USD", "EUR", "CHF"])
    cur_en = {"USD": "Prices in US dollars", "EUR": "Prices in euros", "CHF": "Prices in Swiss francs", None: ""}[cur]
    cur_zh = {"USD": "用美元报价", "EUR": "用欧元报价", "CHF": "用瑞士法郎报价", None: ""}[cur]

    def en_size(ml: int) -> str:
        return f"{ml // 1000} litre tin" if ml >= 1000 and ml % 1000 == 0 else f"{ml} ml bottle"

    def zh_size(ml: int) -> str:
        return f"{ml // 1000}升装" if ml >= 1000 and ml % 1000 == 0 else f"{ml}毫升装"

    parts_en = ", ".join(f"the {en_size(s)} of {n}" for n, s in zip(names, sizes))
    parts_zh = "、".join(f"{n}的{zh_size(s)}" for n, s in zip(names, sizes))
    if lang == "en":
        request = f"Which is cheapest per litre: {parts_en}? All extra virgin, {year} harvest. {cur_en}".strip()
        request = request + "." if cur else request
    else:
        request = f"帮我比较一下{year}年的特级初榨橄榄油：{parts_zh}，哪个每升最便宜？{cur_zh}"
    tools = [
        tool("search_oils", "Search the cooperative's oils by category and harvest year.", ["category"],
             category={"type": "string", "enum": ["extra_virgin", "virgin", "infused", "pomace"]},
             harvest_year={"type": "integer", "minimum": 2015}),
        tool("get_price", "Price of one oil in one container size.", ["sku", "size_ml"],
             sku={"type": "string"}, size_ml={"type": "integer", "enum": [250, 500, 750, 1000, 3000, 5000]},
             currency={"type": "string", "pattern": "^[A-Z]{3}$", "default": "EUR"}),
        tool("place_order", "Order oils for delivery.", ["sku", "size_ml", "quantity"],
             sku={"type": "string"}, size_ml={"type": "integer"}, quantity={"type": "integer", "minimum": 1}),
    ]
    skus = {n: f"OO-EV-{_digits(rng, 4)}" for n in names}
    others = [n for n in OILS if n not in names][:1]
    found = [{"sku": skus[n], "name": n, "harvest_year": year} for n in names] + \
            [{"sku": f"OO-EV-{_digits(rng, 4)}", "name": o, "harvest_year": year} for o in others]
    rng.shuffle(found)
    search = Step("search_oils", {"category": "extra_virgin", "harvest_year": year}, {"oils": found})
    shown = cur or "EUR"
    per_litre = {"EUR": (14, 22), "USD": (15, 24), "CHF": (14, 23)}[shown]
    prices, steps = {}, [search]
    for i, (n, s) in enumerate(zip(names, sizes)):
        pl = rng.randint(*per_litre) + rng.choice([0, 0.5, 0.25])
        price = round(pl * s / 1000 * (0.85 if s >= 3000 else 1.0), 2)
        prices[n] = price
        args = {"sku": skus[n], "size_ml": s}
        if cur:
            args["currency"] = cur
        steps.append(Step("get_price", args, {"sku": skus[n], "size_ml": s, "price": price, "currency": shown},
                          parallel=i > 0))
    litre = {n: round(prices[n] / s * 1000, 2) for n, s in zip(names, sizes)}
    best = min(names, key=litre.__getitem__)
    lines = ", ".join(f"{n} {prices[n]:.2f} {shown} ({litre[n]:.2f}/l)" for n in names)
    if lang == "en":
        output = f"Per litre: {lines}. Cheapest per litre is {best}."
    else:
        output = f"每升价格：{lines}。每升最便宜的是 {best}。"
    patterns = ["shape:comparison", "shape:computation", "litres to millilitres", "ids copied from a search",
                "enum from the user's words"]
    if cur:
        patterns.append("currency code for the name the user said")
    else:
        patterns.append("schema default currency left out")
    draft = Draft(domain="olive_oil_coop", lang=lang, request=request, output=output, tools=tools, steps=steps,
                  day=day, user_id=f"cust-{_digits(rng, 5)}", patterns=patterns)
    draft.roles = {"main": steps[1], "plain": search, "lookup": search, "producer": search}
    draft.slots = {"copied_id": (steps[1], "sku"), "enum": (search, "category")}
    if cur:
        draft.slots["currency"] = (steps[1], "currency")
    draft.facts = {"enum_word": "extra virgin" if lang == "en" else "特级初榨", "success_text": output}
    return draft


def violin_change(rng: random.Random, lang: str) -> Draft:
    """Violin maker: move a repair's pickup N days (ticket given, or from an earlier turn), or cancel it."""
    day = _day(rng)
    ticket = f"VR-{_digits(rng, 5)}"
    inst, inst_zh = rng.choice([("violin", "小提琴"), ("viola", "中提琴"), ("cello", "大提琴"), ("bow", "琴弓")])
    work, work_zh = ("new bow hair", "换弓毛") if inst == "bow" else rng.choice(
        [("bridge replacement", "换琴码"), ("seam repair", "开胶修补"), ("fingerboard planing", "刨指板")])
    pickup = day + dt.timedelta(days=rng.randint(2, 20))
    cn = rng.random() < 0.6  # the workshop's tools are described in Chinese
    tools = [
        tool("get_repair", "查询维修单：乐器、维修项目、状态和取琴日期。" if cn else
             "Look up a repair ticket: instrument, work, status and pickup date.", ["ticket_id"],
             ticket_id={"type": "string"}),
        tool("reschedule_pickup", "修改取琴日期（YYYY-MM-DD）。" if cn else "Change the pickup date (YYYY-MM-DD).",
             ["ticket_id", "new_date"], ticket_id={"type": "string"}, new_date={"type": "string", "format": "date"}),
        tool("cancel_repair", "取消尚未开工的维修单。" if cn else "Cancel a repair that has not been started.",
             ["ticket_id", "reason"], ticket_id={"type": "string"},
             reason={"type": "string", "enum": ["customer_request", "price", "duplicate"]}),
        tool("quote_repair", "为新的维修项目报价。" if cn else "Quote a price for new repair work.", ["instrument"],
             instrument={"type": "string", "enum": ["violin", "viola", "cello", "bow"]}, work={"type": "string"}),
    ]
    record = {"ticket_id": ticket, "instrument": inst, "work": work, "status": "in_progress",
              "pickup_date": pickup.isoformat()}
    kind = rng.choice(["given", "given", "history", "cancel"])
    patterns = ["tool descriptions in Chinese" if cn else "tool descriptions in English"]
    draft = Draft(domain="violin_maker", lang=lang, request="", output=None, tools=tools, steps=[], day=day,
                  user_id=f"c-{_digits(rng, 5)}", patterns=patterns)
    distractor = Step("quote_repair", {"instrument": inst}, {"instrument": inst, "from_eur": 40})
    if kind == "cancel":
        expensive = rng.random() < 0.5
        reason = "price" if expensive else "customer_request"
        if lang == "en":
            request = (f"Please cancel repair {ticket} on my {inst} — "
                       f"{'it is too expensive for me right now' if expensive else 'I have decided to keep it as it is'}.")
        else:
            request = f"请取消我{inst_zh}的维修单 {ticket}，{'现在太贵了' if expensive else '我决定先不修了'}。"
        look = Step("get_repair", {"ticket_id": ticket}, {**record, "status": "awaiting_approval"})
        cancel = Step("cancel_repair", {"ticket_id": ticket, "reason": reason}, {"ticket_id": ticket, "status": "cancelled"})
        output = (f"Repair {ticket} ({work} on your {inst}) is cancelled." if lang == "en"
                  else f"维修单 {ticket}（{inst_zh}{work_zh}）已取消。")
        draft.steps = [look, cancel]
        draft.patterns = ["shape:cancel", "enum reason inferred from the user's words"] + patterns
        draft.roles = {"main": cancel, "write": cancel, "lookup": look, "plain": look, "distractor": distractor}
        draft.slots = {"copied_id": (cancel, "ticket_id"), "enum": (cancel, "reason")}
        draft.facts = {"enum_word": ("too expensive" if expensive else "keep it") if lang == "en"
                       else ("太贵了" if expensive else "先不修了"), "success_text": output}
        draft.request, draft.output = request, output
        return draft
    n = rng.choice([3, 5, 7, 10, 14])
    new = pickup + dt.timedelta(days=n)
    by_en = "a week" if n == 7 else "two weeks" if n == 14 else f"{n} days"
    by_zh = "一周" if n == 7 else "两周" if n == 14 else f"{n}天"
    resch = Step("reschedule_pickup", {"ticket_id": ticket, "new_date": new.isoformat()},
                 {"ticket_id": ticket, "pickup_date": new.isoformat(), "status": "in_progress"})
    if lang == "en":
        output = f"Done: the pickup for {ticket} ({work} on your {inst}) is now {WD_EN[new.weekday()]} {new.isoformat()}."
    else:
        output = f"已改好：维修单 {ticket}（{inst_zh}{work_zh}）的取琴日期改为 {new.isoformat()}（周{WD_ZH[new.weekday()]}）。"
    if kind == "given":
        request = (f"Could you push the pickup for my {inst} repair {ticket} back by {by_en}? I'm away that week."
                   if lang == "en" else f"我的{inst_zh}维修单 {ticket}，取琴日期能往后推{by_zh}吗？那周我不在。")
        look = Step("get_repair", {"ticket_id": ticket}, record)
        draft.steps = [look, resch]
        draft.patterns = ["shape:change", "shape:computation", f"date {n} days after a looked-up date"] + patterns
        draft.roles = {"main": resch, "write": resch, "lookup": look, "plain": look, "distractor": distractor}
        draft.slots = {"copied_id": (resch, "ticket_id"), "date": (resch, "new_date")}
    else:
        if lang == "en":
            earlier = f"Is my {inst} ready yet? Ticket {ticket}."
            said = f"Not yet — the {work} is in progress; pickup is planned for {pickup.isoformat()}."
            request = f"Ah, I can't make that. Can you move the pickup {by_en} later?"
        else:
            earlier = f"我的{inst_zh}修好了吗？单号 {ticket}。"
            said = f"还没有，{work_zh}正在进行，预计 {pickup.isoformat()} 可以取。"
            request = f"那天我去不了，取琴日期往后推{by_zh}吧。"
        draft.history = [{"role": "user", "text": earlier},
                         {"role": "assistant", "calls": [{"name": "get_repair", "arguments": {"ticket_id": ticket}}]},
                         {"role": "tool", "results": [record]},
                         {"role": "assistant", "text": said}]
        draft.steps = [resch]
        draft.patterns = ["shape:follow-up", "shape:change", "shape:computation", "ticket id and date from an earlier turn",
                          f"date {n} days after the earlier turn's date"] + patterns
        draft.roles = {"main": resch, "write": resch, "plain": resch}
        draft.slots = {"history_id": (resch, "ticket_id"), "date": (resch, "new_date")}
    draft.facts = {"success_text": output, "date_format": True, "shift": n}
    draft.request, draft.output = request, output
    return draft


def orchestra_loan(rng: random.Random, lang: str) -> Draft:
    """Community orchestra: borrow the instrument the user picks from an earlier turn's list."""
    day = _day(rng, (1, 2, 3))
    start = day + dt.timedelta(days=7 - day.weekday())
    fam, fam_zh = rng.choice([("cello", "大提琴"), ("viola", "中提琴"), ("clarinet", "单簧管"), ("French horn", "圆号")])
    items = [{"instrument_id": f"ORC-{fam[:2].upper()}-{_digits(rng, 4)}", "maker": m, "condition": c}
             for m, c in [("Roth 1962", "good"), ("Yamaha 2011", "very good"), ("Hofner 1987", "fair")]]
    pick = rng.randrange(3)
    ordinal_en, ordinal_zh = ["first", "second", "third"][pick], ["第一", "第二", "第三"][pick]
    weeks = rng.choice([4, 6, 8, 10])
    weeks_en = {4: "four", 6: "six", 8: "eight", 10: "ten"}[weeks] if rng.random() < 0.5 else str(weeks)
    weeks_zh = {4: "四", 6: "六", 8: "八", 10: "十"}[weeks] if rng.random() < 0.5 else str(weeks)
    member = f"M-{_digits(rng, 5)}"
    orch = rng.choice(["east-end-phil", "riverside-community-orchestra", "north-quay-sinfonia"])
    listing = "; ".join(f"{i + 1}. {it['maker']} ({it['condition']})" for i, it in enumerate(items))
    if lang == "en":
        earlier, request = f"Which {fam}s can I borrow?", (
            f"I'll take the {ordinal_en} one, the {items[pick]['maker']}, from next Monday for {weeks_en} weeks.")
    else:
        earlier, request = f"有哪些{fam_zh}可以借？", f"那我借{ordinal_zh}把，{items[pick]['maker']}那把，从下周一开始借{weeks_zh}周。"
    tools = [
        tool("search_instruments", "List loan instruments of one family.", ["family"], family={"type": "string"}),
        tool("check_availability", "Whether an instrument is free to borrow from a start date.",
             ["instrument_id", "start_date"], instrument_id={"type": "string"},
             start_date={"type": "string", "format": "date"}),
        tool("create_loan", "Lend an instrument to a member for a number of weeks.",
             ["instrument_id", "member_id", "orchestra_id", "start_date", "weeks"],
             instrument_id={"type": "string"}, member_id={"type": "string"}, orchestra_id={"type": "string"},
             start_date={"type": "string", "format": "date"},
             weeks={"type": "integer", "minimum": 1, "maximum": 12}),
        tool("list_rehearsals", "The orchestra's rehearsal schedule for the season.", []),
    ]
    iid = items[pick]["instrument_id"]
    check = Step("check_availability", {"instrument_id": iid, "start_date": start.isoformat()},
                 {"instrument_id": iid, "available": True})
    due = start + dt.timedelta(weeks=weeks)
    loan_id = f"LN-{_digits(rng, 6)}"
    loan = Step("create_loan", {"instrument_id": iid, "member_id": member, "orchestra_id": orch,
                                "start_date": start.isoformat(), "weeks": weeks},
                {"loan_id": loan_id, "instrument_id": iid, "start_date": start.isoformat(), "due_date": due.isoformat()})
    if lang == "en":
        output = f"Done: loan {loan_id} for the {items[pick]['maker']} {fam} starts {start.isoformat()} and it is due back on {due.isoformat()}."
    else:
        output = f"已办好：借用单 {loan_id}，{items[pick]['maker']}{fam_zh}从 {start.isoformat()} 开始借，{due.isoformat()} 归还。"
    draft = Draft(domain="orchestra_loans", lang=lang, request=request, output=output, tools=tools,
                  steps=[check, loan], day=day, user_id=member, session_id=f"s-{_digits(rng, 6)}",
                  resource={"tenant.id": orch},
                  history=[{"role": "user", "text": earlier},
                           {"role": "assistant", "calls": [{"name": "search_instruments", "arguments": {"family": fam}}]},
                           {"role": "tool", "results": [{"instruments": items}]},
                           {"role": "assistant", "text": listing}],
                  patterns=["shape:follow-up", "shape:booking", "shape:context", "instrument id from an earlier turn",
                            "member id from user.id", "orchestra id from resource", "next Monday resolved",
                            "number word for weeks" if not weeks_en.isdigit() or not weeks_zh.isdigit() else "weeks"])
    draft.roles = {"main": loan, "write": loan, "lookup": check, "plain": check,
                   "distractor": Step("list_rehearsals", {}, {"rehearsals": ["Tue 19:30", "Sat 10:00"]})}
    draft.slots = {"history_id": (loan, "instrument_id"), "user_id": (loan, "member_id"),
                   "context_id": (loan, "orchestra_id"), "date": (loan, "start_date")}
    draft.facts = {"success_text": output, "date_format": True}
    return draft


SERVICES = [("ribbon_replacement", "a new ribbon", "换色带", 12.5), ("platen_recover", "the platen recovered", "重包胶辊", 68.0),
            ("full_clean", "a full clean", "全面清洁", 45.0), ("key_repair", "two sticky keys fixed", "修两个卡住的键", 30.0),
            ("carriage_repair", "the carriage fixed", "修滑架", 55.0)]
MODELS = ["Olympia SM3", "Hermes 3000", "Smith-Corona Silent", "Olivetti Lettera 32", "Adler Tippa"]


def typewriter_quote(rng: random.Random, lang: str) -> Draft:
    """Typewriter repair: three prices in one turn, a total, and a work order for a drop-off date."""
    day = _day(rng, (0, 1, 2))
    model = rng.choice(MODELS)
    chosen = rng.sample(SERVICES, 3)
    rel = rng.random() < 0.5
    if rel:
        drop = day + dt.timedelta(days=4 - day.weekday())
        en_d, zh_d = "on Friday", "这周五"
    else:
        drop = day + dt.timedelta(days=rng.randint(5, 30))
        en_d, zh_d = f"on {_en(drop)}", _zh(drop)
    if lang == "en":
        request = (f"My {model} needs {chosen[0][1]}, {chosen[1][1]} and {chosen[2][1]}. What would that come to "
                   f"in total? Please book it in for drop-off {en_d}.")
    else:
        request = f"我的 {model} 要{chosen[0][2]}、{chosen[1][2]}，还要{chosen[2][2]}，一共多少钱？{zh_d}送过来，帮我登记一下。"
    enum = [s[0] for s in SERVICES]
    cn = rng.random() < 0.35
    tools = [
        tool("get_service_price", "某型号打字机单项服务的固定价格（欧元）。" if cn else
             "Fixed price in euros of one service for a typewriter model.", ["service", "model"],
             service={"type": "string", "enum": enum}, model={"type": "string"}),
        tool("create_work_order", "登记维修单：服务项目、送修日期和报价总额。" if cn else
             "Open a work order with the agreed services, the drop-off date and the quoted total.",
             ["model", "services", "drop_off_date"], model={"type": "string"},
             services={"type": "array", "items": {"type": "string", "enum": enum}},
             drop_off_date={"type": "string", "format": "date"},
             quoted_total={"type": "number", "minimum": 0}, customer_id={"type": "string"}),
        tool("get_work_order", "Status of an existing work order.", ["order_id"], order_id={"type": "string"}),
    ]
    steps = []
    for i, (code, _, _, price) in enumerate(chosen):
        steps.append(Step("get_service_price", {"service": code, "model": model},
                          {"service": code, "model": model, "price_eur": price}, parallel=i > 0))
    total = round(sum(s[3] for s in chosen), 2)
    cust = f"TW-{_digits(rng, 5)}"
    order = f"WO-{_digits(rng, 5)}"
    create = Step("create_work_order", {"model": model, "services": [s[0] for s in chosen],
                                        "drop_off_date": drop.isoformat(), "quoted_total": total, "customer_id": cust},
                  {"order_id": order, "status": "awaiting_drop_off", "drop_off_date": drop.isoformat()})
    items = ", ".join(f"{c[0].replace('_', ' ')} €{c[3]:.2f}" for c in chosen)
    if lang == "en":
        output = f"That comes to €{total:.2f} ({items}). Work order {order} is booked for drop-off on {drop.isoformat()}."
    else:
        output = f"合计 €{total:.2f}（{items}）。维修单 {order} 已登记，{drop.isoformat()} 送修。"
    draft = Draft(domain="typewriter_repair", lang=lang, request=request, output=output, tools=tools,
                  steps=[*steps, create], day=day, user_id=cust,
                  patterns=["shape:comparison", "shape:computation", "shape:booking", "total computed from three prices",
                            "enum members for the user's words", "customer id from user.id",
                            "relative date resolved" if rel else "absolute date without a year",
                            "tool descriptions in Chinese" if cn else "tool descriptions in English"])
    draft.roles = {"main": create, "write": create, "lookup": steps[0], "plain": steps[0]}
    draft.slots = {"enum": (steps[0], "service"), "user_id": (create, "customer_id"), "date": (create, "drop_off_date")}
    draft.facts = {"enum_word": chosen[0][1].replace("a ", "").replace("the ", "") if lang == "en" else chosen[0][2],
                   "success_text": output, "date_format": True, "total": total}
    return draft


MATERIALS = [("aluminium", "aluminium", "铝"), ("aluminium", "aluminum", "铝板"), ("acrylic", "acrylic", "亚克力"),
             ("oak", "oak", "橡木"), ("dibond", "Dibond", "铝塑板")]
SIGN_TEXTS = ["Hartley & Sons Joinery", "The Quay Gallery", "Okafor Framing", "老街木作坊", "Lindqvist Optician", "青石茶馆"]


def sign_quote(rng: random.Random, lang: str) -> Draft:
    """Sign-maker: quote a custom sign (a 503 first, then the same call succeeds) and e-mail it."""
    day = _day(rng)
    material, said, said_zh = rng.choice(MATERIALS)
    text = rng.choice(SIGN_TEXTS)
    w_cm, h_cm = rng.choice([(120, 40), (150, 50), (200, 60), (90, 30)])
    email = _email(rng)
    metric = rng.random() < 0.6
    w_en = f"{w_cm / 100:g} m" if metric else f"{w_cm} cm"
    w_zh = f"{w_cm / 100:g}米" if metric else f"{w_cm}厘米"
    if lang == "en":
        request = f"Could you quote me a {w_en} × {h_cm} cm {said} sign reading '{text}'? Please email the quote to {email}."
    else:
        request = f"帮我报个价：{w_zh}×{h_cm}厘米的{said_zh}招牌，文字是“{text}”，报价发到 {email}。"
    cn = lang == "en" and rng.random() < 0.4
    tools = [
        tool("quote_sign", "为定制招牌报价：尺寸（厘米）、材料和文字。" if cn else
             "Price a custom sign: size in centimetres, material and lettering.",
             ["width_cm", "height_cm", "material", "text"],
             width_cm={"type": "number", "minimum": 10, "maximum": 600},
             height_cm={"type": "number", "minimum": 10, "maximum": 300},
             material={"type": "string", "enum": ["aluminium", "acrylic", "oak", "dibond"]},
             text={"type": "string", "maxLength": 60}, illuminated={"type": "boolean", "default": False}),
        tool("send_email", "发送电子邮件给客户。" if cn else "Send an e-mail to a customer.", ["to", "subject", "body"],
             to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"}),
        tool("list_fonts", "Lettering fonts the workshop can cut.", []),
    ]
    args = {"width_cm": w_cm, "height_cm": h_cm, "material": material, "text": text}
    retry = rng.random() < 0.75
    quote_id = f"Q-{_digits(rng, 5)}"
    price = float(round(w_cm * h_cm * rng.choice([0.05, 0.065, 0.08]) + 60))
    lead = rng.choice([7, 10, 14])
    ok = Step("quote_sign", dict(args), {"quote_id": quote_id, "price_eur": price, "lead_time_days": lead})
    steps = []
    if retry:
        steps.append(Step("quote_sign", dict(args), error=rng.choice(["503 Service Unavailable", "HTTP 503: upstream busy"])))
    steps.append(ok)
    subject = f"Your sign quote {quote_id}" if lang == "en" else f"招牌报价 {quote_id}"
    body = (f"Quote {quote_id}: {said} sign {w_cm} x {h_cm} cm reading '{text}', EUR {price:.2f}, ready {lead} days after approval."
            if lang == "en" else f"报价单 {quote_id}：{said_zh}招牌 {w_cm}×{h_cm} 厘米，文字“{text}”，价格 {price:.2f} 欧元，确认后 {lead} 天交付。")
    mail = Step("send_email", {"to": email, "subject": subject, "body": body}, {"sent": True})
    steps.append(mail)
    if lang == "en":
        output = f"Quote {quote_id}: €{price:.2f}, ready {lead} days after you approve it. I've emailed it to {email}."
    else:
        output = f"报价单 {quote_id}：{price:.2f} 欧元，确认后 {lead} 天交付，已发到 {email}。"
    patterns = ["metres to centimetres" if metric else "centimetres as given", "user's own e-mail address sent",
                "text copied from results into an e-mail"]
    if said != material:
        patterns.append("enum spelling for the user's word (aluminum)")
    if retry:
        patterns.insert(0, "shape:retry-503")
    patterns.insert(0, "shape:booking")
    draft = Draft(domain="sign_maker", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
                  user_id=f"u-{_digits(rng, 5)}", patterns=patterns)
    draft.roles = {"main": ok, "lookup": ok, "write": mail, "plain": ok}
    if not retry:
        draft.roles["distractor"] = Step("list_fonts", {}, {"fonts": ["Gill Sans", "Clarendon", "Futura"]})
    draft.slots = {"enum": (ok, "material")}
    draft.facts = {"enum_word": said_zh if lang == "zh" else ("aluminum" if material == "aluminium" else said.title() + " sheet"),
                   "success_text": output}
    return draft


STREETS = [("42 Elm Row", "榆树街42号"), ("7 Quarry Lane", "采石巷7号"), ("118 Canal Street", "运河路118号"),
           ("3 Bellfield Terrace", "钟田台3号")]


def tree_request(rng: random.Random, lang: str) -> Draft:
    """Street trees: a resident's planting request (address -> species -> submit), ids from context."""
    day = _day(rng)
    addr, addr_zh = rng.choice(STREETS)
    address = addr if lang == "en" or rng.random() < 0.5 else addr_zh
    wires = rng.random() < 0.6
    if lang == "en":
        request = (f"Could the council plant a street tree outside {address}? Something small please"
                   f"{' — there are phone wires overhead' if wires else ', the pavement is narrow'}.")
    else:
        request = f"能不能在{address}门口种一棵行道树？要小一点的品种，{'上面有电线' if wires else '人行道比较窄'}。"
    cn = rng.random() < 0.5
    tools = [
        tool("lookup_address", "按街道地址查地块、选区和种植限制。" if cn else
             "Find the parcel, ward and site constraints for a street address.", ["address"],
             address={"type": "string"}),
        tool("list_species", "某选区适合的行道树树种，按成年大小筛选。" if cn else
             "Street-tree species suitable for a ward, filtered by mature size.", ["ward", "size_class"],
             ward={"type": "string"}, size_class={"type": "string", "enum": ["small", "medium", "large"]}),
        tool("submit_planting_request", "提交居民的行道树种植申请。" if cn else
             "Submit a resident's request to plant a street tree.",
             ["parcel_id", "species_code", "requester_id", "council_id"],
             parcel_id={"type": "string"}, species_code={"type": "string"}, requester_id={"type": "string"},
             council_id={"type": "string"}, note={"type": "string", "maxLength": 200}),
        tool("get_planting_calendar", "When the council plants in a ward this season.", ["ward"], ward={"type": "string"}),
    ]
    parcel = f"PCL-{_digits(rng, 7)}"
    ward = f"W{rng.randint(1, 24):02d}"
    council = rng.choice(["council-hackney", "leeds-cc", "bristol-city", "council-camden"])
    resident = f"res-{_digits(rng, 6)}"
    look = Step("lookup_address", {"address": address},
                {"parcel_id": parcel, "ward": ward, "overhead_wires": wires, "verge_width_m": round(rng.uniform(1.2, 3.0), 1)})
    species = [{"code": "ACER-CAMP", "name": "Field maple", "mature_height_m": 8},
               {"code": "SORB-AUC", "name": "Rowan", "mature_height_m": 7},
               {"code": "AMEL-LAM", "name": "Snowy mespilus", "mature_height_m": 6}]
    rng.shuffle(species)
    ls = Step("list_species", {"ward": ward, "size_class": "small"}, {"ward": ward, "species": species})
    pick = species[0]
    args = {"parcel_id": parcel, "species_code": pick["code"], "requester_id": resident, "council_id": council}
    if rng.random() < 0.6:
        args["note"] = ("Overhead phone wires; the resident asked for a small species." if wires else
                        "Narrow pavement; the resident asked for a small species.") if lang == "en" else \
            ("上方有电线，居民希望种小型树种。" if wires else "人行道较窄，居民希望种小型树种。")
    rid = f"TR-{day.year}-{_digits(rng, 5)}"
    season = f"Nov {day.year} – Mar {day.year + 1}"
    submit = Step("submit_planting_request", args, {"request_id": rid, "status": "received", "planting_season": season})
    if lang == "en":
        output = f"Request {rid} is in: a {pick['name']} (grows to about {pick['mature_height_m']} m) outside {address}, planting season {season}."
    else:
        output = f"已提交申请 {rid}：在{address}门口种一棵 {pick['name']}（成年约 {pick['mature_height_m']} 米），种植季 {season}。"
    in_attr = rng.random() < 0.5
    draft = Draft(domain="street_trees", lang=lang, request=request, output=output, tools=tools, steps=[look, ls, submit],
                  day=day, user_id=resident, attributes={"council_id": council} if in_attr else {},
                  resource={} if in_attr else {"tenant.id": council},
                  patterns=["shape:context", "shape:booking", "council id from the trace's context", "requester id from user.id",
                            "ids copied from results", "enum from the user's words",
                            "tool descriptions in Chinese" if cn else "tool descriptions in English"])
    draft.roles = {"main": submit, "write": submit, "lookup": look, "producer": look, "plain": ls,
                   "distractor": Step("get_planting_calendar", {"ward": ward}, {"ward": ward, "weeks": ["2025-W47", "2025-W48"]})}
    draft.slots = {"copied_id": (submit, "parcel_id"), "context_id": (submit, "council_id"),
                   "user_id": (submit, "requester_id"), "enum": (ls, "size_class"),
                   "extra": (submit, "size_preference")}
    draft.facts = {"enum_word": "compact" if lang == "en" else "小型", "extra_value": "small" if lang == "en" else "小一点",
                   "success_text": output}
    return draft


SCREENED = [("Nosferatu", "Nosferatu"), ("Farewell My Concubine", "霸王别姬"), ("Stalker", "Stalker"),
            ("Tokyo Story", "东京物语"), ("Chungking Express", "重庆森林")]


def film_export(rng: random.Random, lang: str) -> Draft:
    """Film society: export a screening's attendance list and poll the job until it is done."""
    day = _day(rng, (0, 1, 2))
    title_en, title_zh = rng.choice(SCREENED)
    title = title_en if lang == "en" else title_zh
    last_fri = rng.random() < 0.5
    if last_fri:
        when = day - dt.timedelta(days=day.weekday() + 3)
        en_w, zh_w = "last Friday", "上周五"
    else:
        when = day - dt.timedelta(days=rng.randint(8, 40))
        en_w, zh_w = f"on {_en(when)}", _zh(when)
    fmt, en_f, zh_f, word_en, word_zh = rng.choice([("csv", "a CSV", "CSV", "CSV file", "CSV文件"),
                                                    ("xlsx", "an Excel file", "Excel表格", "Excel", "Excel表格"),
                                                    ("pdf", "a PDF", "PDF", "PDF document", "PDF文件")])
    email_to = rng.random() < 0.3
    mail = _email(rng)
    if lang == "en":
        request = f"Export the attendance list for the {title} screening {en_w} as {en_f}."
        request += f" Send the link to {mail} when it's ready." if email_to else ""
    else:
        request = f"把{zh_w}《{title}》那场放映的观众名单导出成{zh_f}。" + (f"好了把链接发到 {mail}。" if email_to else "")
    tools = [
        tool("find_screening", "Find a past or upcoming screening by film title and date.", ["title"],
             title={"type": "string"}, date={"type": "string", "format": "date"}),
        tool("start_export", "Start an export of a screening's attendance list.", ["screening_id"],
             screening_id={"type": "string"}, format={"type": "string", "enum": ["csv", "xlsx", "pdf"], "default": "csv"}),
        tool("get_export_status", "Check the progress of an export job; poll until it is done.", ["job_id"],
             job_id={"type": "string"}),
        tool("send_email", "Send an e-mail.", ["to", "subject", "body"], to={"type": "string", "format": "email"},
             subject={"type": "string"}, body={"type": "string"}),
    ]
    sid, job = f"SCR-{_digits(rng, 5)}", f"EXP-{_digits(rng, 6)}"
    attendees = rng.randint(24, 160)
    find = Step("find_screening", {"title": title, "date": when.isoformat()},
                {"screening_id": sid, "title": title, "date": when.isoformat(), "start": "20:00", "tickets_sold": attendees})
    start = Step("start_export", {"screening_id": sid, "format": fmt}, {"job_id": job, "status": "queued"})
    polls = rng.choice([2, 2, 3])
    steps = [find, start]
    url = f"https://files.filmsoc.example/exports/{job}.{fmt}"
    for i in range(polls):
        done = i == polls - 1
        steps.append(Step("get_export_status", {"job_id": job},
                          {"job_id": job, "status": "done", "rows": attendees, "url": url} if done else
                          {"job_id": job, "status": "running", "progress": 30 * (i + 1)}, duration=rng.randint(80, 200)))
    patterns = ["shape:export-poll", "status tool polled with the same job id", "ids copied from results",
                "enum member for the user's format word",
                "past date resolved from the trace's day" if last_fri else "absolute date without a year"]
    if email_to:
        subject = "Attendance export ready" if lang == "en" else "观众名单导出完成"
        body = f"{title} ({when.isoformat()}): {attendees} attendees. Download: {url}" if lang == "en" else \
            f"《{title}》（{when.isoformat()}）：{attendees} 人。下载：{url}"
        steps.append(Step("send_email", {"to": mail, "subject": subject, "body": body}, {"sent": True}))
        patterns.append("user's own address for the link")
    if lang == "en":
        output = f"The attendance list ({attendees} people) is ready: {url}" + (f" — I've sent the link to {mail}." if email_to else "")
    else:
        output = f"观众名单已导出（{attendees} 人）：{url}" + (f"，链接已发到 {mail}。" if email_to else "")
    draft = Draft(domain="film_society", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
                  user_id=f"committee-{_digits(rng, 3)}", attributes={"society.id": "leith-film-society"},
                  patterns=patterns)
    draft.roles = {"main": start, "lookup": find, "producer": find, "plain": find}
    if email_to:
        draft.roles["write"] = steps[-1]
    draft.slots = {"copied_id": (start, "screening_id"), "enum": (start, "format"), "date": (find, "date")}
    draft.facts = {"enum_word": word_en if lang == "en" else word_zh, "success_text": output, "date_format": True}
    return draft


def oil_order_change(rng: random.Random, lang: str) -> Draft:
    """Olive-oil cooperative: change quantity and destination of an order, or cancel it."""
    day = _day(rng)
    order = f"OC-{_digits(rng, 5)}"
    oil = rng.choice(OILS)
    sku = f"OO-EV-{_digits(rng, 4)}"
    unit = rng.choice([12.4, 14.9, 18.6])
    qty = rng.choice([6, 8, 12])
    tools = [
        tool("get_order", "Look up an order: items, quantities, destination country and status.", ["order_id"],
             order_id={"type": "string"}),
        tool("update_order", "Change an item's quantity or the destination country of an order not yet shipped.",
             ["order_id"], order_id={"type": "string"}, sku={"type": "string"},
             quantity={"type": "integer", "minimum": 1, "maximum": 48},
             ship_country={"type": "string", "pattern": "^[A-Z]{2}$", "description": "ISO 3166-1 alpha-2"}),
        tool("cancel_order", "Cancel an order that has not shipped.", ["order_id", "reason"], order_id={"type": "string"},
             reason={"type": "string", "enum": ["changed_mind", "ordered_twice", "delivery_too_slow", "other"]}),
    ]
    record = {"order_id": order, "status": "processing", "ship_country": "DE",
              "items": [{"sku": sku, "name": oil, "quantity": qty, "unit_price_eur": unit}]}
    look = Step("get_order", {"order_id": order}, record)
    if rng.random() < 0.6:
        new_q = qty - rng.choice([2, 3, 4])
        country, en_c, zh_c = rng.choice([("AT", "Austria", "奥地利"), ("NL", "the Netherlands", "荷兰"),
                                          ("CH", "Switzerland", "瑞士"), ("FR", "France", "法国")])
        if lang == "en":
            request = f"On order {order}, please reduce the {oil} from {qty} to {new_q} bottles and ship it to {en_c} instead of Germany."
        else:
            request = f"订单 {order} 里的 {oil} 从{qty}瓶改成{new_q}瓶，不寄德国了，改寄到{zh_c}。"
        total = round(new_q * unit, 2)
        upd = Step("update_order", {"order_id": order, "sku": sku, "quantity": new_q, "ship_country": country},
                   {"order_id": order, "status": "processing", "ship_country": country, "total_eur": total})
        output = (f"Updated {order}: {new_q} × {oil}, now shipping to {en_c}; new total €{total:.2f}." if lang == "en"
                  else f"订单 {order} 已修改：{oil} {new_q} 瓶，改寄{zh_c}，新总价 €{total:.2f}。")
        draft = Draft(domain="olive_oil_coop", lang=lang, request=request, output=output, tools=tools, steps=[look, upd],
                      day=day, user_id=f"cust-{_digits(rng, 5)}",
                      patterns=["shape:change", "country code for the name the user said", "sku copied from the order",
                                "number the user said"])
        draft.roles = {"main": upd, "write": upd, "lookup": look, "producer": look, "plain": look}
        draft.slots = {"copied_id": (upd, "sku")}
        draft.facts = {"success_text": output, "country": country}
        return draft
    twice = rng.random() < 0.5
    reason = "ordered_twice" if twice else "delivery_too_slow"
    if lang == "en":
        request = f"Please cancel {order}, {'I ordered the same thing twice by mistake' if twice else 'it is taking far too long to arrive'}."
    else:
        request = f"请取消订单 {order}，{'我不小心重复下单了' if twice else '送货太慢了'}。"
    refund = round(qty * unit, 2)
    cancel = Step("cancel_order", {"order_id": order, "reason": reason}, {"order_id": order, "status": "cancelled", "refund_eur": refund})
    output = (f"Order {order} is cancelled; €{refund:.2f} will be refunded." if lang == "en"
              else f"订单 {order} 已取消，将退款 €{refund:.2f}。")
    draft = Draft(domain="olive_oil_coop", lang=lang, request=request, output=output, tools=tools, steps=[look, cancel],
                  day=day, user_id=f"cust-{_digits(rng, 5)}",
                  patterns=["shape:cancel", "enum reason inferred from the user's words"])
    draft.roles = {"main": cancel, "write": cancel, "lookup": look, "plain": look}
    draft.slots = {"copied_id": (cancel, "order_id"), "enum": (cancel, "reason")}
    draft.facts = {"enum_word": ("ordered twice" if twice else "too slow") if lang == "en" else ("重复下单" if twice else "送货太慢"),
                   "success_text": output}
    return draft


def puppet_workshop(rng: random.Random, lang: str) -> Draft:
    """Puppet theatre: the workshop room right after a booked show (end time computed), booking from an earlier turn."""
    day = _day(rng)
    visit_day = day + dt.timedelta(days=rng.randint(3, 25))
    booking = f"BK-{_digits(rng, 6)}"
    start_h = rng.choice([("10:00", 600), ("11:15", 675), ("13:30", 810)])
    run = rng.choice([45, 50, 55, 65])
    length = rng.choice([30, 45, 60])
    group = rng.choice([18, 25, 30])
    begin = start_h[1] + run
    end = begin + length
    hhmm = lambda m: f"{m // 60:02d}:{m % 60:02d}"  # noqa: E731
    from_history = rng.random() < 0.5
    len_en = {30: "half an hour", 45: "45 minutes", 60: "an hour"}[length]
    len_zh = {30: "半小时", 45: "45分钟", 60: "一个小时"}[length]
    if lang == "en":
        ref = "the visit you just booked for us" if from_history else f"our visit {booking}"
        request = f"For {ref}, can we have the workshop room straight after the show for {len_en}? Only {group} of the pupils will stay."
    else:
        ref = "刚才订的那场" if from_history else f"预约 {booking} 那场"
        request = f"{ref}演出结束后，能不能接着用{len_zh}手工坊教室？只有{group}个学生留下。"
    tools = [
        tool("get_visit", "A booked school visit: show, date, start time and running time in minutes.", ["booking_id"],
             booking_id={"type": "string"}),
        tool("reserve_workshop_room", "Reserve the workshop room for a group after a show.",
             ["booking_id", "date", "start_time", "end_time", "group_size"],
             booking_id={"type": "string"}, date={"type": "string", "format": "date"},
             start_time={"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$", "description": "HH:MM"},
             end_time={"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$", "description": "HH:MM"},
             group_size={"type": "integer", "minimum": 1, "maximum": 40}),
    ]
    vis = Step("get_visit", {"booking_id": booking},
               {"booking_id": booking, "show_type": "marionette", "date": visit_day.isoformat(), "start": start_h[0],
                "running_time_min": run, "audience_size": group + rng.randint(10, 40)})
    rid = f"WR-{_digits(rng, 5)}"
    res = Step("reserve_workshop_room", {"booking_id": booking, "date": visit_day.isoformat(), "start_time": hhmm(begin),
                                         "end_time": hhmm(end), "group_size": group},
               {"reservation_id": rid, "status": "confirmed"})
    if lang == "en":
        output = f"The workshop room is yours on {visit_day.isoformat()} from {hhmm(begin)} to {hhmm(end)} for {group} pupils (reservation {rid})."
    else:
        output = f"手工坊教室已预留：{visit_day.isoformat()} {hhmm(begin)}–{hhmm(end)}，{group} 名学生，预留号 {rid}。"
    patterns = ["shape:computation", "shape:booking", "start and end times computed from a running time",
                "date copied from a result"]
    draft = Draft(domain="puppet_theatre", lang=lang, request=request, output=output, tools=tools, steps=[vis, res],
                  day=day, user_id=f"teacher-{_digits(rng, 5)}", patterns=patterns)
    if from_history:
        draft.history = [{"role": "user", "text": "Book the marionette show for us, please." if lang == "en" else "帮我们订提线木偶戏。"},
                         {"role": "assistant", "calls": [{"name": "book_school_visit",
                                                          "arguments": {"slot_id": f"SV-{visit_day.isoformat().replace('-', '')}-1",
                                                                        "school_id": "SCH-2290", "audience_size": group + 20}}]},
                         {"role": "tool", "results": [{"booking_id": booking, "status": "confirmed"}]},
                         {"role": "assistant", "text": f"Booked, reference {booking}." if lang == "en" else f"已预约，预约号 {booking}。"}]
        draft.patterns = ["shape:follow-up", *patterns, "booking id from an earlier turn"]
    draft.roles = {"main": res, "write": res, "lookup": vis, "producer": vis, "plain": vis}
    draft.slots = {"copied_id": (res, "date"), "date": (res, "date")}
    if from_history:
        draft.slots["history_id"] = (vis, "booking_id")
    draft.facts = {"success_text": output, "date_format": True, "begin": begin, "run": run}
    return draft


def typewriter_status(rng: random.Random, lang: str) -> Draft:
    """Typewriter repair: is my machine ready, and are you open on Saturday (two lookups in one turn)."""
    day = _day(rng, (0, 1, 2, 3))
    sat = day + dt.timedelta(days=5 - day.weekday())
    cust = f"TW-{_digits(rng, 5)}"
    model = rng.choice(MODELS)
    ready = rng.random() < 0.6
    cn = rng.random() < 0.5
    if lang == "en":
        request = f"Is my {model} ready yet? And are you open this Saturday — what hours?"
    else:
        request = f"我的 {model} 修好了吗？这周六你们开门吗，几点到几点？"
    tools = [
        tool("list_work_orders", "列出某位客户的维修单及状态。" if cn else "A customer's work orders and their status.",
             ["customer_id"], customer_id={"type": "string"},
             status={"type": "string", "enum": ["open", "ready_for_collection", "collected"]}),
        tool("get_opening_hours", "查询某一天的营业时间（YYYY-MM-DD）。" if cn else "Opening hours of the shop on a date.",
             ["date"], date={"type": "string", "format": "date"}),
        tool("create_work_order", "Open a work order.", ["model", "services"], model={"type": "string"},
             services={"type": "array", "items": {"type": "string"}}),
    ]
    wo = f"WO-{_digits(rng, 5)}"
    orders = [{"order_id": wo, "model": model, "status": "ready_for_collection" if ready else "open",
               "balance_due_eur": rng.choice([35.0, 68.5, 112.0])},
              {"order_id": f"WO-{_digits(rng, 5)}", "model": rng.choice(MODELS), "status": "collected", "balance_due_eur": 0.0}]
    lw = Step("list_work_orders", {"customer_id": cust}, {"customer_id": cust, "orders": orders})
    gh = Step("get_opening_hours", {"date": sat.isoformat()}, {"date": sat.isoformat(), "open": "10:00", "close": "14:00"},
              parallel=True)
    o = orders[0]
    if lang == "en":
        output = (f"{'Yes' if ready else 'Not yet'} — your {model} ({wo}) is {'ready for collection; €' + format(o['balance_due_eur'], '.2f') + ' is due' if ready else 'still being worked on'}. "
                  f"This Saturday ({sat.isoformat()}) we're open 10:00–14:00.")
    else:
        output = (f"您的 {model}（{wo}）{'已经修好，可以来取，待付 €' + format(o['balance_due_eur'], '.2f') if ready else '还在维修中'}。"
                  f"这周六（{sat.isoformat()}）营业时间 10:00–14:00。")
    draft = Draft(domain="typewriter_repair", lang=lang, request=request, output=output, tools=tools, steps=[lw, gh],
                  day=day, user_id=cust, resource={"tenant.id": "inkwell-typewriters"},
                  patterns=["shape:lookup", "shape:context", "customer id from user.id", "Saturday resolved from the trace's day",
                            "tool descriptions in Chinese" if cn else "tool descriptions in English"])
    draft.roles = {"main": gh, "plain": gh, "lookup": lw}
    draft.slots = {"user_id": (lw, "customer_id"), "date": (gh, "date")}
    draft.facts = {"success_text": output, "date_format": True}
    return draft


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    puppet_booking, film_lookup, oil_compare, violin_change, orchestra_loan, typewriter_quote, sign_quote,
    tree_request, film_export, oil_order_change, puppet_workshop, typewriter_status]


# --- faults of this split, beside corpus.py's --------------------------------------------------


def _said(draft: Draft, step: Step, value: object) -> bool:
    """Whether a number is a whole value of the request, the history or an earlier result."""
    text = draft.request + " " + json.dumps(draft.history, ensure_ascii=False)
    if re.search(rf"(?<![\w.\-:/]){re.escape(str(value))}(?![\w.\-:/])", text):
        return True

    def leaves(x):
        if isinstance(x, dict):
            for v in x.values():
                yield from leaves(v)
        elif isinstance(x, list):
            for v in x:
                yield from leaves(v)
        else:
            yield x
    earlier = draft.steps[:draft.steps.index(step)]
    return any(leaf == value and not isinstance(leaf, bool) for s in earlier for leaf in leaves(s.result))


def constraint_error(draft: Draft, rng: random.Random) -> Marks | None:
    """A number below the schema's minimum; nobody said it, so it is also a value from nowhere."""
    found = _schema_step(draft, rng, lambda key, sub, required: "minimum" in sub)
    if found is None:
        return None
    step, key = found
    schema = draft.schema(step)["properties"][key]
    step.args[key] = schema["minimum"] - 1
    return {"constraint_error": [step]} | ({} if _said(draft, step, step.args[key]) else {"ungrounded_value": [step]})


def date_slip(draft: Draft, rng: random.Random) -> Marks | None:
    """A date computed N days on, off by one or by a week: a date nobody gave."""
    found = _leaf(draft, "date")
    if found is None or "shift" not in draft.facts:
        return None
    step, key = found
    good = dt.date.fromisoformat(step.args[key])
    bad = good + dt.timedelta(days=rng.choice([-1, 1, 7]))
    step.args[key] = bad.isoformat()
    step.result = {**step.result, "pickup_date": bad.isoformat()}
    draft.output = draft.output.replace(good.isoformat(), bad.isoformat())
    draft.facts["success_text"] = draft.output
    return {"ungrounded_value": [step]}


def total_slip(draft: Draft, rng: random.Random) -> Marks | None:
    """The quoted total added up wrong (a price left out twice over, digits swapped)."""
    write = draft.roles.get("write")
    if write is None or "total" not in draft.facts or "quoted_total" not in write.args:
        return None
    good = draft.facts["total"]
    bad = round(good + rng.choice([10.0, -10.0, 20.0, 4.5]), 2)
    write.args["quoted_total"] = bad
    draft.output = draft.output.replace(f"€{good:.2f}", f"€{bad:.2f}")
    draft.facts["success_text"] = draft.output
    return {"ungrounded_value": [write]}


def country_slip(draft: Draft, rng: random.Random) -> Marks | None:
    """A country code for another country than the one the user named (Austria -> AU)."""
    write = draft.roles.get("write")
    if write is None or "country" not in draft.facts:
        return None
    wrong = {"AT": "AU", "NL": "NZ", "CH": "CN", "FR": "FI"}[draft.facts["country"]]
    write.args["ship_country"] = wrong
    write.result = {**write.result, "ship_country": wrong}
    return {"ungrounded_value": [write]}


def time_slip(draft: Draft, rng: random.Random) -> Marks | None:
    """A start time after the show worked out wrong (running time added twice, or an hour off)."""
    write = draft.roles.get("write")
    if write is None or "begin" not in draft.facts:
        return None
    begin, run = draft.facts["begin"], draft.facts["run"]
    bad = rng.choice([begin + run, begin + 60, begin - 10])
    write.args["start_time"] = f"{bad // 60:02d}:{bad % 60:02d}"
    return {"ungrounded_value": [write]}


def pii_in_email(draft: Draft, rng: random.Random) -> Marks | None:
    """The e-mail to the customer carries another customer's mobile number a result held."""
    write, holder = draft.roles.get("write"), draft.roles.get("lookup")
    if write is None or write.tool != "send_email" or holder is None or not isinstance(holder.result, dict) \
            or draft.steps.index(holder) > draft.steps.index(write):
        return None
    phone = f"1{rng.choice('3589')}{rng.randint(0, 9)}{rng.randint(10_000_000, 99_999_999)}"
    holder.result = {**holder.result, "previous_customer_phone": phone}
    write.args = {**write.args, "body": write.args["body"] + f" (Questions? Call {phone}.)"}
    return {"pii_leak": [write]}


def _leaf(draft: Draft, slot: str):
    return draft.slots.get(slot)


def ungrounded_value(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.ungrounded_value; a date it bends into no date at all is also a format error."""
    found = CORPUS_FAULTS["ungrounded_value"](draft, rng)
    if found is None:
        return None
    step = found["ungrounded_value"][0]
    props = draft.schema(step).get("properties") or {}
    for key, value in step.args.items():
        if props.get(key, {}).get("format") == "date" and isinstance(value, str):
            try:
                dt.date.fromisoformat(value)
            except ValueError:
                return found | {"format_error": [step]}
    return found


CUSTOM = {f.__name__: f for f in (date_slip, total_slip, country_slip, time_slip, pii_in_email)}
FAULTS = {**CORPUS_FAULTS, "constraint_error": constraint_error, "ungrounded_value": ungrounded_value, **CUSTOM}
_ORDER = {name: 2 if name == "pii_leak" else 1 if name in _ENDINGS else -1 if name in _COPIES else 0 for name in FAULTS}
# faults a scenario has no honest place for: a future reference after which parallel lookups would
# have been made serial, a no_recovery whose last call is an identical retry (a failing loop then)
_NOT = {
    film_lookup: {"future_ref"}, oil_compare: {"future_ref"}, typewriter_quote: {"future_ref"},
    typewriter_status: {"future_ref"}, sign_quote: {"failing_call_loop", "blind_retry"},
}


def make_case(index: int, scenario: Callable[[random.Random, str], Draft], lang: str, faults: list[str],
              rng: random.Random) -> Case | None:
    """corpus.make_case with this split's faults: the clean draft, `faults` applied, or None."""
    draft = scenario(rng, lang)
    if any(clash <= set(faults) for clash in _CLASHES):
        return None
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    for name in sorted(faults, key=_ORDER.__getitem__):
        try:
            found = FAULTS[name](draft, rng)
        except (KeyError, TypeError, ValueError):  # an earlier fault took away what this one needs
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
    trajectory, seqs = build(draft, f"a{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


_FITTING: dict[Callable, list[str]] = {}


def _fitting(scenario: Callable[[random.Random, str], Draft]) -> list[str]:
    """The faults a scenario has a place for in some of its drafts (probed with fixed seeds)."""
    if scenario not in _FITTING:
        _FITTING[scenario] = [name for name in FAULTS if name not in _NOT.get(scenario, set()) and any(
            make_case(0, scenario, lang, [name], random.Random(f"probe:{name}:{k}")) is not None
            for k in range(12) for lang in ("en", "zh"))]
    return _FITTING[scenario]


def _case(index: int, seed: int) -> Case:
    rng = random.Random(f"{SPLIT}:{seed}:{index}")
    scenario = SCENARIOS[index % len(SCENARIOS)]
    lang = ("en", "zh")[(index + index // len(SCENARIOS)) % 2]
    roll = rng.random()
    if roll < 0.5:
        return make_case(index, scenario, lang, [], random.Random(rng.getrandbits(64)))
    names = _fitting(scenario)
    for _ in range(60):
        faults = [rng.choice(names)] if roll < 0.82 else rng.sample(names, 2)
        if len(faults) == 2 and set(faults) <= _ENDINGS:
            continue
        case = make_case(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
        if case is not None:
            return case
    return make_case(index, scenario, lang, ["no_final_answer"], random.Random(rng.getrandbits(64)))


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, each from (seed, index) alone; about half clean."""
    return [_case(index, seed) for index in range(n)]
