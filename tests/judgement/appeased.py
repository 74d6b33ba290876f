"""The appeased split: agent traffic of escape rooms, mushroom-foraging walks, a falconry centre,
residents' parking permits, karaoke (KTV) rooms, blacksmith forge courses, a maple-syrup sugar
shack and calligraphy classes, written by a thirty-sixth helper who read neither the evaluators,
their calibration nor any other split. It must not be read when tuning the evaluators, or it stops
being unseen.

Shapes: a search then a booking (a party size said in Chinese numerals, a time said as "7:30pm" or
"晚上7点半", a user's own mobile number or e-mail passed on); a question answered by one lookup (an
end time or a yearly cost the answer computes); comparisons, three lookups in one model turn;
changes and cancellations of an earlier booking (a date pushed back N days from the booking's own
date, "two more bottles" added to the stored quantity); computations in arguments (an end time past
midnight, litres into 500 ml bottles, 20 cm or 8 inches into millimetres, a deposit of price x
people, "this Saturday", "last Tuesday" or "last year" turned into absolute values from the trace's
own day); follow-ups on a list an earlier turn showed (history); an export or a practice-sheet job
polled until done; one identical retry after a 503 that succeeds; the user's own records read with
the account, student or user id the framework put on the trace (resource, root-span attributes,
user.id); long errands (find, reserve, pay; check, book, pre-order snacks). Tool descriptions are
now and then in the other language; requests are English, Chinese or mixed. Faults are the generic
ones of corpus.py, checked so an invented value never happens to occur elsewhere in the trace, plus
three of this split: a value computed wrongly (ungrounded_value), a side call nobody asked for
(wrong_tool) and an optional argument filled with a made-up code (ungrounded_value). Labels two faults
bring along together are read off the finished draft: the asked write's only try failed while a
lookup took its place under an answer saying it went through (silent_failure, unverified_success);
an id taken from a later result that then failed (ungrounded_value, not future_ref); a side call
repeating an earlier call (redundant_calls).
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import re
from typing import Any

from collector.trajectory import ToolDefinition
from tests.judgement import corpus
from tests.judgement.corpus import Case, Draft, Step, build

SPLIT = "appeased"

# --- small helpers ---------------------------------------------------------------------------

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
WD_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WD_ZH = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
ZH_NUM = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十",
          11: "十一", 12: "十二"}
EN_NAMES = ["Maya Patel", "Tom Becker", "Ines Duarte", "Oliver Grant", "Hannah Cho", "Lukas Meyer",
            "Priya Nair", "Sam Okafor", "Clara Jensen", "Diego Ramos"]
ZH_NAMES = ["王芳", "陈静", "李伟", "张敏", "刘洋", "赵磊", "孙悦", "周婷", "吴昊", "郑琳"]
EMAIL_USERS = ["maya.p", "tbecker", "ines.d", "ogrant", "hcho", "lmeyer", "pnair", "sokafor", "cjensen",
               "dramos"]


def _iso(d: dt.date) -> str:
    return d.isoformat()


def _today(rng: random.Random) -> dt.date:
    """The trace's day: a Monday to Thursday, so "this Saturday" names one day only."""
    d = dt.date(2024, 1, 8) + dt.timedelta(days=rng.randint(0, 620))
    while d.weekday() > 3:
        d += dt.timedelta(days=1)
    return d


def _say(d: dt.date, lang: str, today: dt.date) -> str:
    if lang == "zh":
        return (f"{d.year}年" if d.year != today.year else "") + f"{d.month}月{d.day}日"
    return f"{MONTHS[d.month - 1]} {d.day}" + (f", {d.year}" if d.year != today.year else "")


def _hm(minutes: int) -> str:
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _mins(t: str) -> int:
    h, m = t.split(":")
    return int(h) * 60 + int(m)


def _say_time(t: str, lang: str, rng: random.Random) -> str:
    h, m = (int(x) for x in t.split(":"))
    if rng.random() < 0.5:
        return t
    if lang == "zh":
        part = "上午" if h < 12 else "中午" if h == 12 else "下午" if h < 18 else "晚上"
        hh = h if h <= 12 else h - 12
        return f"{part}{hh}点" + ("半" if m == 30 else "" if m == 0 else f"{m}分")
    hh = h % 12 or 12
    return f"{hh}" + (f":{m:02d}" if m else "") + ("am" if h < 12 else "pm")


def _n(n: int, lang: str, rng: random.Random) -> str:
    """A count as the user writes it: Chinese numerals now and then."""
    if lang == "zh" and n in ZH_NUM and rng.random() < 0.6:
        return ZH_NUM[n]
    return str(n)


def _name(rng: random.Random, lang: str) -> str:
    return rng.choice(ZH_NAMES if lang == "zh" else EN_NAMES)


def _email(rng: random.Random) -> str:
    return f"{rng.choice(EMAIL_USERS)}{rng.randint(10, 99)}@{rng.choice(['mailbox.example', 'post.example', 'inbox.example'])}"


def _mobile(rng: random.Random, lang: str) -> str:
    if lang == "zh":
        return f"1{rng.choice('3589')}{rng.randint(0, 9)}{rng.randint(10_000_000, 99_999_999)}"
    return f"07700 900{rng.randint(100, 999)}"


def _code(rng: random.Random, prefix: str, digits: int = 5) -> str:
    return f"{prefix}-{rng.randint(10 ** (digits - 1), 10 ** digits - 1)}"


def _codes(rng: random.Random, prefix: str, k: int, digits: int = 5) -> list[str]:
    out: list[str] = []
    while len(out) < k:
        c = _code(rng, prefix, digits)
        # no two ids of one trace one digit or one swap apart
        if all(sum(a != b for a, b in zip(c, o)) >= 3 for o in out):
            out.append(c)
    return out


def _desc(rng: random.Random, lang: str, en: str, zh: str) -> str:
    """A tool description, now and then in the other language than the user's."""
    own = rng.random() < 0.8
    return (zh if lang == "zh" else en) if own else (en if lang == "zh" else zh)


def _t(rng_, lang_, tool_name_, en_, zh_, required_=None, /, **props) -> Any:
    schema: dict[str, Any] = {"type": "object", "properties": props}  # as corpus.tool, but a property may be "name"
    if required_:
        schema["required"] = required_
    return ToolDefinition(name=tool_name_, description=_desc(rng_, lang_, en_, zh_), parameters=schema)


def _send_email(rng, lang):
    return _t(rng, lang, "send_email", "Send an e-mail.", "发送电子邮件。", ["to", "subject", "body"],
              to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"})


DATE = {"type": "string", "format": "date"}
HHMM = {"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$"}
STR = {"type": "string"}


def _mk(domain, lang, request, output, tools, steps, day, **kw) -> Draft:
    draft = Draft(domain=domain, lang=lang, request=request, output=output, tools=tools, steps=steps, day=day)
    for k, v in kw.items():
        setattr(draft, k, v)
    draft.facts.setdefault("success_text", output)
    draft.facts.setdefault("date_format", True)
    return draft


def _retry(step: Step) -> Step:
    """A first attempt of `step` that met a 503 (the agent then retries it unchanged)."""
    first = copy.deepcopy(step)
    first.error, first.result, first.parallel = "503 Service Unavailable", None, False
    return first


def _hist(user: str, call: str, args: dict, result: Any, said: str) -> list[dict]:
    return [{"role": "user", "text": user},
            {"role": "assistant", "calls": [{"name": call, "arguments": args}]},
            {"role": "tool", "results": [result]},
            {"role": "assistant", "text": said}]


# --- 1. escape rooms -------------------------------------------------------------------------

ROOMS = [("Clockmaker's Attic", "钟表匠的阁楼", "mystery", 60), ("The Cipher Vault", "密码金库", "mystery", 90),
         ("Ward 13", "十三号病房", "horror", 75), ("Midnight Seance", "午夜通灵", "horror", 60),
         ("Orbit Lost", "失落轨道", "sci_fi", 60), ("Red Planet Lab", "红色星球实验室", "sci_fi", 75),
         ("Pirate Cove Junior", "小海盗湾", "kids", 45), ("Toy Workshop", "玩具工坊", "kids", 45)]
THEME_SAID = {"mystery": ("detective-style", "推理"), "horror": ("scary", "恐怖"), "sci_fi": ("sci-fi", "科幻"),
              "kids": ("kid-friendly", "亲子")}
SLOTS = ["14:00", "15:30", "17:00", "18:30", "20:00", "21:30"]


def _escape_tools(rng, lang):
    return [
        _t(rng, lang, "search_rooms", "Find escape rooms with free start times on a date for a party size.",
           "按日期和人数查询有空场次的密室。", ["date", "party_size"], date=DATE,
           party_size={"type": "integer", "minimum": 1, "maximum": 8},
           theme={"type": "string", "enum": ["mystery", "horror", "sci_fi", "kids"]}),
        _t(rng, lang, "book_room", "Book an escape room at a start time.", "预订密室场次。",
           ["room_id", "date", "start_time", "party_size", "lead_name"], room_id=STR, date=DATE, start_time=HHMM,
           party_size={"type": "integer", "minimum": 1, "maximum": 8}, lead_name=STR, phone=STR,
           promo_code={"type": "string", "description": "discount code the customer holds"}),
        _t(rng, lang, "get_booking", "Read one booking by its id.", "按订单号查询预订。", ["booking_id"], booking_id=STR),
        _t(rng, lang, "reschedule_booking", "Move a booking to another date and start time.", "改期：修改预订的日期和开始时间。",
           ["booking_id", "new_date", "new_start_time"], booking_id=STR, new_date=DATE, new_start_time=HHMM),
        _t(rng, lang, "cancel_booking", "Cancel a booking.", "取消预订。", ["booking_id"], booking_id=STR),
        _t(rng, lang, "list_my_bookings", "List the customer's own bookings.", "列出客户自己的预订。", ["customer_id"],
           customer_id=STR),
        _t(rng, lang, "buy_gift_voucher", "Buy gift vouchers for a room.", "购买密室礼品券。", ["room_id", "quantity"],
           room_id=STR, quantity={"type": "integer", "minimum": 1}),
        _t(rng, lang, "get_leaderboard", "Fastest escape times for a room.", "查询某个密室的最快通关排行榜。", ["room_id"],
           room_id=STR),
        _send_email(rng, lang),
    ]


def _escape_money(lang):
    return ("CNY", 128) if lang == "zh" else ("EUR", 28)


def escape_book(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    d = today + dt.timedelta(days=rng.randint(3, 30))
    theme = rng.choice(list(THEME_SAID))
    pair = [r for r in ROOMS if r[2] == theme]
    ids = _codes(rng, "RM", 2, 4)
    t = rng.choice(SLOTS)
    chosen = rng.randrange(2)
    cur, base = _escape_money(lang)
    rooms, prices = [], []
    for i, (en, zh, th, dur) in enumerate(pair):
        others = [s for s in SLOTS if s != t]
        free = sorted(rng.sample(others, 2) + ([t] if i == chosen else []))
        price = base + rng.choice([0, 4, 8]) if lang == "en" else base + rng.choice([0, 20, 40])
        prices.append(price)
        rooms.append({"room_id": ids[i], "name": zh if lang == "zh" else en, "theme": th, "duration_min": dur,
                      "price_per_person": price, "currency": cur, "free_starts": free})
    n = rng.randint(2, 6)
    name = _name(rng, lang)
    room = rooms[chosen]
    end = _hm(_mins(t) + room["duration_min"])
    total = room["price_per_person"] * n
    bid = _code(rng, "BK", 6)
    phone = _mobile(rng, lang) if rng.random() < 0.4 else None
    birthday = rng.random() < 0.4
    word = THEME_SAID[theme][1 if lang == "zh" else 0]
    ds, ts = _say(d, lang, today), _say_time(t, lang, rng)
    if lang == "zh":
        request = f"帮我订一个{word}主题的密室，{ds} {ts}开始，{_n(n, lang, rng)}个人，预订人{name}。"
        request += f"手机{phone}。" if phone else ""
        request += "是给朋友过生日的。" if birthday else ""
        output = f"已为您预订「{room['name']}」，{ds} {t}-{end}，{n}人，订单号{bid}，共{total}{cur}。"
    else:
        request = f"Can you book a {word} escape room for {n} of us on {ds} at {ts}? Name's {name}."
        request += f" My mobile is {phone}." if phone else ""
        request += " It's for a birthday." if birthday else ""
        output = f"Booked {room['name']} on {ds}, {t}-{end}, for {n} people (booking {bid}); total {total} {cur}."
    search = Step("search_rooms", {"date": _iso(d), "party_size": n, "theme": theme}, {"date": _iso(d), "rooms": rooms})
    args = {"room_id": room["room_id"], "date": _iso(d), "start_time": t, "party_size": n, "lead_name": name}
    if phone:
        args["phone"] = phone
    book = Step("book_room", args, {"booking_id": bid, "status": "confirmed", "start_time": t, "end_time": end,
                                    "total": total, "currency": cur})
    side = Step("buy_gift_voucher", {"room_id": room["room_id"], "quantity": n},
                {"voucher_codes": _codes(rng, "GV", n, 6), "charged": total, "currency": cur})
    distractor = Step("get_leaderboard", {"room_id": room["room_id"]}, {"room_id": room["room_id"], "best_minutes": [41, 44, 47]})
    slots = {"copied_id": (book, "room_id"), "date": (search, "date"), "enum": (search, "theme"),
             "optional": (book, "promo_code")}
    if birthday:
        slots["extra"] = (book, "occasion")
    return _mk("escape-rooms", lang, request, output, _escape_tools(rng, lang), [search, book], today,
               user_id=_code(rng, "u", 6) if rng.random() < 0.5 else None,
               roles={"lookup": search, "producer": search, "main": book, "write": book,
                      "plain": rng.choice([search, book]), "distractor": distractor, "side": side},
               slots=slots, facts={"enum_word": word, "extra_value": "生日" if lang == "zh" else "birthday",
                                   "optional_values": ["ESCAPE10", "WELCOME15", "GROUP20"]},
               patterns=["search_then_book"] + (["zh_numeral_or_time"] if lang == "zh" else [])
               + (["user_phone_passed"] if phone else []))


def escape_reschedule(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    d = today + dt.timedelta(days=rng.randint(4, 25))
    shift, said_en, said_zh = rng.choice([(7, "a week", "一周"), (14, "two weeks", "两周"), (3, "three days", "三天")])
    new = d + dt.timedelta(days=shift)
    bid = _code(rng, "BK", 6)
    rid = _code(rng, "RM", 4)
    en, zh, theme, dur = rng.choice(ROOMS)
    t = rng.choice(SLOTS)
    n = rng.randint(2, 6)
    got = Step("get_booking", {"booking_id": bid},
               {"booking_id": bid, "room_id": rid, "room_name": zh if lang == "zh" else en, "date": _iso(d),
                "start_time": t, "party_size": n, "status": "confirmed"})
    move = Step("reschedule_booking", {"booking_id": bid, "new_date": _iso(new), "new_start_time": t},
                {"booking_id": bid, "status": "rescheduled", "date": _iso(new), "start_time": t,
                 "end_time": _hm(_mins(t) + dur)})
    cur, base = _escape_money(lang)
    distractor = Step("cancel_booking", {"booking_id": bid}, {"booking_id": bid, "status": "cancelled",
                                                              "refund": base * n, "currency": cur})
    ns = _say(new, lang, today)
    if lang == "zh":
        request = f"我的密室预订{bid}，麻烦往后推{said_zh}，时间不变。"
        output = f"已改期：{bid} 改到 {ns} {t} 开始（原定 {_say(d, lang, today)}）。"
    else:
        request = f"Could you push my escape room booking {bid} back by {said_en}? Same start time."
        output = f"Done: booking {bid} moved from {_say(d, lang, today)} to {ns}, still starting at {t}."
    return _mk("escape-rooms", lang, request, output, _escape_tools(rng, lang), [got, move], today,
               # no producer: moved before the lookup, its new date would be computed from a result not yet seen,
               # which is not plainly a value that result holds
               roles={"lookup": got, "main": move, "write": move, "plain": got, "distractor": distractor},
               slots={"copied_id": (move, "new_start_time"), "computed": (move, "new_date"), "date": (move, "new_date")},
               facts={"computed_kind": "date"}, patterns=["date_n_days_on_from_result"])


def escape_mine(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    uid = _code(rng, "u", 6)
    k = rng.randint(2, 3)
    bids = _codes(rng, "BK", k, 6)
    days = sorted(rng.sample(range(2, 40), k))
    picks = rng.sample(ROOMS, k)
    rows = [{"booking_id": bids[i], "room_name": picks[i][1] if lang == "zh" else picks[i][0],
             "date": _iso(today + dt.timedelta(days=days[i])), "start_time": rng.choice(SLOTS),
             "party_size": rng.randint(2, 6)} for i in range(k)]
    ask_cancel = rng.random() < 0.55
    mine = Step("list_my_bookings", {"customer_id": uid}, {"customer_id": uid, "bookings": rows})
    steps = [mine]
    roles: dict[str, Step] = {"lookup": mine, "plain": mine, "main": mine}
    slots: dict[str, tuple[Step, str]] = {"user_id": (mine, "customer_id")}
    where = rng.choice(["attr", "field"])
    if ask_cancel:
        row = rng.choice(rows)
        day = dt.date.fromisoformat(row["date"])
        cur, base = _escape_money(lang)
        cancel = Step("cancel_booking", {"booking_id": row["booking_id"]},
                      {"booking_id": row["booking_id"], "status": "cancelled", "refund": base * row["party_size"],
                       "currency": cur})
        steps.append(cancel)
        roles.update({"main": cancel, "write": cancel, "producer": mine})
        slots["copied_id"] = (cancel, "booking_id")
        if lang == "zh":
            request = f"把我{_say(day, lang, today)}那场密室取消掉吧。"
            output = f"已取消 {_say(day, lang, today)} 的「{row['room_name']}」（{row['booking_id']}），退款{base * row['party_size']}{cur}。"
        else:
            request = f"Please cancel my escape room booking on {_say(day, lang, today)}."
            output = (f"Cancelled {row['room_name']} on {_say(day, lang, today)} ({row['booking_id']}); "
                      f"refund {base * row['party_size']} {cur}.")
    else:
        listing = "; ".join(f"{r['room_name']} {r['date']} {r['start_time']} ({r['party_size']})" for r in rows)
        if lang == "zh":
            request = "我最近订了哪些密室场次？"
            output = f"您有{k}个预订：{listing}。"
        else:
            request = "Which escape room sessions have I got booked?"
            output = f"You have {k} bookings: {listing}."
    return _mk("escape-rooms", lang, request, output, _escape_tools(rng, lang), steps, today,
               user_id=uid if where == "field" else None,
               attributes={"user.id": uid} if where == "attr" else {},
               session_id=_code(rng, "sess", 8), roles=roles, slots=slots, patterns=["own_records_by_context_id"])


def escape_compare(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    friday = today + dt.timedelta(days=4 - today.weekday())
    days = [friday, friday + dt.timedelta(days=1), friday + dt.timedelta(days=2)]
    relative = rng.random() < 0.5
    n = rng.randint(3, 7)
    t = rng.choice(SLOTS[2:])
    steps, lines = [], []
    ids = _codes(rng, "RM", 6, 4)
    for i, d in enumerate(days):
        picks = rng.sample(ROOMS, 2)
        rooms = []
        for j, (en, zh, th, dur) in enumerate(picks):
            free = sorted(rng.sample(SLOTS, 3))
            rooms.append({"room_id": ids[2 * i + j], "name": zh if lang == "zh" else en, "free_starts": free})
        hit = [r["name"] for r in rooms if t in r["free_starts"]]
        steps.append(Step("search_rooms", {"date": _iso(d), "party_size": n}, {"date": _iso(d), "rooms": rooms},
                          parallel=i > 0))
        lines.append((d, hit))
    if lang == "zh":
        when = "这周五、周六、周日" if relative else "、".join(_say(d, lang, today) for d in days)
        request = f"{when}哪天有{t}开始、能坐{_n(n, lang, rng)}个人的密室？"
        output = "；".join(f"{_say(d, lang, today)}：" + ("、".join(h) if h else f"{t}没有空场") for d, h in lines) + "。"
    else:
        when = "this Friday, Saturday or Sunday" if relative else ", ".join(_say(d, lang, today) for d in days)
        request = f"Which day — {when} — has an escape room free at {t} for {n} people?"
        output = "; ".join(f"{_say(d, lang, today)}: " + (", ".join(h) if h else f"nothing free at {t}")
                           for d, h in lines) + "."
    return _mk("escape-rooms", lang, request, output, _escape_tools(rng, lang), steps, today,
               roles={"lookup": steps[-1], "plain": steps[0], "main": steps[0]},
               slots={"date": (steps[0], "date")},
               patterns=["parallel_compare"] + (["weekend_from_trace_day"] if relative else []))


def escape_followup(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    d = today + dt.timedelta(days=rng.randint(3, 20))
    theme = rng.choice(list(THEME_SAID))
    pair = [r for r in ROOMS if r[2] == theme]
    ids = _codes(rng, "RM", 2, 4)
    n = rng.randint(2, 6)
    rooms = []
    for i, (en, zh, th, dur) in enumerate(pair):
        rooms.append({"room_id": ids[i], "name": zh if lang == "zh" else en, "duration_min": dur,
                      "free_starts": sorted(rng.sample(SLOTS, 3))})
    second = rooms[1]
    t = rng.choice(second["free_starts"])
    name = _name(rng, lang)
    word = THEME_SAID[theme][1 if lang == "zh" else 0]
    ds = _say(d, lang, today)
    listing = "; ".join(f"{i + 1}) {r['name']} {', '.join(r['free_starts'])}" for i, r in enumerate(rooms))
    if lang == "zh":
        history = _hist(f"{ds}有没有{word}主题的密室，{n}个人？", "search_rooms",
                        {"date": _iso(d), "party_size": n, "theme": theme}, {"date": _iso(d), "rooms": rooms},
                        f"有两个：{listing}。")
        request = f"订第二个，{_say_time(t, lang, rng)}那场，名字写{name}。"
    else:
        history = _hist(f"Any {word} rooms on {ds} for {n}?", "search_rooms",
                        {"date": _iso(d), "party_size": n, "theme": theme}, {"date": _iso(d), "rooms": rooms},
                        f"Two options: {listing}.")
        request = f"Book the second one at {_say_time(t, lang, rng)}, under {name}."
    cur, base = _escape_money(lang)
    bid = _code(rng, "BK", 6)
    end = _hm(_mins(t) + second["duration_min"])
    book = Step("book_room", {"room_id": second["room_id"], "date": _iso(d), "start_time": t, "party_size": n,
                              "lead_name": name},
                {"booking_id": bid, "status": "confirmed", "start_time": t, "end_time": end, "total": base * n,
                 "currency": cur})
    steps = [book]
    patterns = ["history_reference"]
    if rng.random() < 0.4:
        steps.insert(0, _retry(book))
        patterns.append("retry_after_503")
    if lang == "zh":
        output = f"已订好「{second['name']}」{ds} {t}-{end}，{n}人，订单号{bid}，共{base * n}{cur}。"
    else:
        output = f"Booked {second['name']} on {ds} at {t} (ends {end}) for {n}: booking {bid}, {base * n} {cur}."
    side = Step("buy_gift_voucher", {"room_id": second["room_id"], "quantity": n},
                {"voucher_codes": _codes(rng, "GV", n, 6), "charged": base * n, "currency": cur})
    distractor = Step("get_leaderboard", {"room_id": second["room_id"]}, {"room_id": second["room_id"], "best_minutes": [38, 45]})
    return _mk("escape-rooms", lang, request, output, _escape_tools(rng, lang), steps, today, history=history,
               session_id=_code(rng, "sess", 8),
               roles={"main": book, "write": book, "plain": book, "distractor": distractor, "side": side},
               slots={"history_id": (book, "room_id"), "optional": (book, "promo_code")},
               facts={"optional_values": ["ESCAPE10", "SPRING5"]}, patterns=patterns)


# --- 2. mushroom-foraging walks --------------------------------------------------------------

SPECIES = [("chanterelle", "鸡油菌", "Cantharellus cibarius", "choice edible"),
           ("false chanterelle", "假鸡油菌", "Hygrophoropsis aurantiaca", "not recommended"),
           ("jack-o'-lantern", "发光类脐菇", "Omphalotus olearius", "poisonous"),
           ("death cap", "毒鹅膏", "Amanita phalloides", "deadly"),
           ("porcini", "美味牛肝菌", "Boletus edulis", "choice edible"),
           ("fly agaric", "毒蝇伞", "Amanita muscaria", "poisonous"),
           ("hen of the woods", "灰树花", "Grifola frondosa", "edible"),
           ("morel", "羊肚菌", "Morchella esculenta", "edible when cooked")]
REGIONS = [("Black Forest", "楚雄"), ("Peak District", "大理"), ("Ardennes", "长白山"), ("New Forest", "莫干山")]


def _forage_tools(rng, lang):
    return [
        _t(rng, lang, "list_walks", "Guided foraging walks in a region between two dates.", "查询某地区两个日期之间的采菌向导行程。",
           ["region", "date_from", "date_to"], region=STR, date_from=DATE, date_to=DATE),
        _t(rng, lang, "reserve_walk", "Hold places on a foraging walk.", "预留采菌行程名额。",
           ["walk_id", "participants", "lead_name"], walk_id=STR,
           participants={"type": "integer", "minimum": 1, "maximum": 12}, lead_name=STR,
           email={"type": "string", "format": "email"}),
        _t(rng, lang, "pay_deposit", "Pay the deposit of a reservation.", "支付预留的订金。",
           ["reservation_id", "amount", "currency"], reservation_id=STR, amount={"type": "number", "minimum": 0},
           currency={"type": "string", "pattern": "^[A-Z]{3}$"}),
        _t(rng, lang, "get_reservation", "Read a reservation.", "查询预留。", ["reservation_id"], reservation_id=STR),
        _t(rng, lang, "cancel_reservation", "Cancel a reservation and refund by policy.", "取消预留并按规则退款。",
           ["reservation_id", "reason"], reservation_id=STR,
           reason={"type": "string", "enum": ["illness", "weather", "schedule_change", "other"]}),
        _t(rng, lang, "lookup_species", "Field-guide entry for a mushroom species: edibility, look-alikes.",
           "蘑菇图鉴：可食性、易混淆种。", ["name"], name=STR),
        _t(rng, lang, "subscribe_newsletter", "Sign an address up to the seasonal newsletter.", "订阅季节通讯。",
           ["email"], email={"type": "string", "format": "email"}),
        _send_email(rng, lang),
    ]


def _species_row(sp, lang, rng):
    en, zh, latin, edible = sp
    looks = [s for s in SPECIES if s is not sp]
    return {"common_name": zh if lang == "zh" else en, "latin": latin, "edibility": edible,
            "lookalikes": [s[2] for s in rng.sample(looks, 2)], "season": rng.choice(["Jun-Oct", "Aug-Nov", "Mar-May"])}


def forage_errand(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    d1 = today + dt.timedelta(days=rng.randint(5, 20))
    d2 = d1 + dt.timedelta(days=rng.randint(4, 8))
    region = rng.choice(REGIONS)[1 if lang == "zh" else 0]
    targets = rng.sample([s for s in SPECIES if "edible" in s[3]], 2)
    ids = _codes(rng, "WK", 2)
    cur = "CNY" if lang == "zh" else "EUR"
    walks = []
    for i, sp in enumerate(targets):
        wd = d1 + dt.timedelta(days=rng.randint(0, (d2 - d1).days))
        walks.append({"walk_id": ids[i], "title": f"{sp[1]}采集" if lang == "zh" else f"{sp[0].capitalize()} morning",
                      "date": _iso(wd), "meet_time": rng.choice(["08:00", "08:30", "09:00"]),
                      "deposit_per_person": rng.choice([80, 100, 120]) if lang == "zh" else rng.choice([10, 12, 15]),
                      "currency": cur, "places_left": rng.randint(4, 10)})
    w = walks[0]
    n = rng.randint(1, min(4, w["places_left"]))
    name, email = _name(rng, lang), _email(rng)
    veg = rng.random() < 0.35
    rid, rc = _code(rng, "RSV"), _code(rng, "RC", 6)
    amount = w["deposit_per_person"] * n
    word = targets[0][1 if lang == "zh" else 0]
    if lang == "zh":
        request = (f"帮我报名{region}的{word}采集团，{_say(d1, lang, today)}到{_say(d2, lang, today)}之间，"
                   f"{_n(n, lang, rng)}个人，顺便把订金付了。我叫{name}，邮箱{email}。")
        request += "我们有一位吃素。" if veg else ""
        output = (f"已预留「{w['title']}」{w['date']}（{w['meet_time']}集合）{n}个名额，预留号{rid}；"
                  f"订金{amount}{cur}已支付，收据{rc}。")
    else:
        request = (f"Please get us {n} place{'s' if n > 1 else ''} on the {word} walk in the {region} between {_say(d1, lang, today)} and "
                   f"{_say(d2, lang, today)} and pay the deposit. I'm {name}, {email}.")
        request += " One of us is vegetarian." if veg else ""
        output = (f"Reserved {n} places on '{w['title']}' on {w['date']} (meet {w['meet_time']}), reservation {rid}; "
                  f"deposit {amount} {cur} paid, receipt {rc}.")
    lst = Step("list_walks", {"region": region, "date_from": _iso(d1), "date_to": _iso(d2)}, {"walks": walks})
    res = Step("reserve_walk", {"walk_id": w["walk_id"], "participants": n, "lead_name": name, "email": email},
               {"reservation_id": rid, "status": "held", "walk_id": w["walk_id"], "participants": n})
    pay = Step("pay_deposit", {"reservation_id": rid, "amount": amount, "currency": cur},
               {"reservation_id": rid, "paid": True, "receipt": rc})
    steps = [lst, res, pay]
    patterns = ["long_errand", "deposit_price_times_people"]
    if rng.random() < 0.3:
        steps.insert(1, _retry(res))
        patterns.append("retry_after_503")
    slots = {"copied_id": (res, "walk_id"), "date": (lst, "date_from"), "computed": (pay, "amount"),
             "currency": (pay, "currency")}
    if veg:
        slots["extra"] = (res, "dietary")
    distractor = Step("lookup_species", {"name": word}, _species_row(targets[0], lang, rng))
    side = Step("subscribe_newsletter", {"email": email}, {"subscribed": True})
    return _mk("foraging", lang, request, output, _forage_tools(rng, lang), steps, today,
               roles={"lookup": lst, "producer": lst, "main": res, "write": pay, "plain": lst,
                      "distractor": distractor, "side": side},
               slots=slots, facts={"computed_kind": "money", "extra_value": "素食" if lang == "zh" else "vegetarian"},
               patterns=patterns + ["user_email_passed"])


def forage_species(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    k = rng.choice([1, 3, 3])
    picks = rng.sample(SPECIES, k)
    steps = [Step("lookup_species", {"name": sp[1] if lang == "zh" else sp[0]}, _species_row(sp, lang, rng),
                  parallel=i > 0) for i, sp in enumerate(picks)]
    names = [sp[1] if lang == "zh" else sp[0] for sp in picks]
    if lang == "zh":
        request = (f"{names[0]}能吃吗？" if k == 1 else f"帮我比较一下{names[0]}、{names[1]}和{names[2]}，哪些能吃？")
        output = "；".join(f"{s.result['common_name']}（{s.result['latin']}）：{s.result['edibility']}" for s in steps) + "。"
    else:
        request = (f"Is {names[0]} safe to eat?" if k == 1
                   else f"Compare {names[0]}, {names[1]} and {names[2]} for me - which can I eat?")
        output = "; ".join(f"{s.result['common_name']} ({s.result['latin']}): {s.result['edibility']}" for s in steps) + "."
    return _mk("foraging", lang, request, output, _forage_tools(rng, lang), steps, today,
               roles={"lookup": steps[-1], "plain": steps[0], "main": steps[0]},
               patterns=["parallel_compare"] if k == 3 else ["single_lookup"])


def forage_cancel(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    rid = _code(rng, "RSV")
    d = today + dt.timedelta(days=rng.randint(3, 20))
    cur = "CNY" if lang == "zh" else "EUR"
    dep = rng.choice([30, 45, 60]) if lang == "en" else rng.choice([200, 300, 360])
    reason, said = rng.choice([("illness", ("we're ill", "我们生病了")), ("weather", ("the forecast is awful", "天气太差")),
                               ("schedule_change", ("our plans changed", "行程有变"))])
    got = Step("get_reservation", {"reservation_id": rid},
               {"reservation_id": rid, "walk_date": _iso(d), "participants": rng.randint(1, 4), "deposit_paid": dep,
                "currency": cur, "refund_policy": "full refund up to 48 h before the walk"})
    cancel = Step("cancel_reservation", {"reservation_id": rid, "reason": reason},
                  {"reservation_id": rid, "status": "cancelled", "refund": dep, "currency": cur})
    word = said[1 if lang == "zh" else 0]
    if lang == "zh":
        request = f"请取消预留{rid}，{word}。"
        output = f"已取消{rid}（{_say(d, lang, today)}的行程），订金{dep}{cur}全额退还。"
    else:
        request = f"Please cancel reservation {rid}, {word}."
        output = f"Cancelled {rid} (walk on {_say(d, lang, today)}); your {dep} {cur} deposit is refunded in full."
    return _mk("foraging", lang, request, output, _forage_tools(rng, lang), [got, cancel], today,
               roles={"lookup": got, "main": cancel, "write": cancel, "plain": got},
               slots={"enum": (cancel, "reason")}, facts={"enum_word": word}, patterns=["cancel_after_check"])


# --- 3. falconry centre ----------------------------------------------------------------------

EXPERIENCES = {"owl_encounter": ("owl encounter", "猫头鹰近距离体验"), "hawk_walk": ("hawk walk", "鹰漫步"),
               "falconer_for_a_day": ("falconer for a day", "一日驯鹰师")}
DISPLAYS = [("Owls of the World", "世界猫头鹰", "barn owl"), ("Hawks in Flight", "飞翔的鹰", "Harris hawk"),
            ("Falcon Speed", "游隼俯冲", "peregrine falcon"), ("Vultures Up Close", "秃鹫秀", "griffon vulture"),
            ("Eagle Hour", "雕之时刻", "golden eagle")]


def _falcon_tools(rng, lang):
    return [
        _t(rng, lang, "get_display_schedule", "Flying displays on a date, with start times and lengths.",
           "某天的飞行表演时间表（开始时间、时长）。", ["date"], date=DATE),
        _t(rng, lang, "check_experience", "Spaces and price of a hands-on experience on a date.", "查询体验项目某天的余位和价格。",
           ["experience", "date"], experience={"type": "string", "enum": list(EXPERIENCES)}, date=DATE),
        _t(rng, lang, "book_experience", "Book a hands-on experience.", "预订体验项目。",
           ["experience", "date", "participants", "name"], experience={"type": "string", "enum": list(EXPERIENCES)},
           date=DATE, participants={"type": "integer", "minimum": 1, "maximum": 6}, name=STR, voucher_code=STR),
        _t(rng, lang, "list_my_bookings", "The customer's bookings.", "客户的预订列表。", ["customer_id"], customer_id=STR),
        _t(rng, lang, "cancel_booking", "Cancel a booking.", "取消预订。", ["booking_id"], booking_id=STR),
        _t(rng, lang, "get_bird", "Facts about one of the centre's birds.", "中心某只鸟的资料。", ["name"], name=STR),
        _send_email(rng, lang),
    ]


def _schedule(rng, lang, d):
    picks = rng.sample(DISPLAYS, 3)
    times = sorted(rng.sample(["11:00", "12:30", "14:00", "15:30", "16:15"], 3))
    return [{"time": times[i], "title": p[1] if lang == "zh" else p[0], "duration_min": rng.choice([30, 40, 45]),
             "bird": p[2]} for i, p in enumerate(picks)]


def falcon_question(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    rel = rng.random() < 0.4
    d = today + dt.timedelta(days=1) if rel else today + dt.timedelta(days=rng.randint(2, 30))
    rows = _schedule(rng, lang, d)
    last = rows[-1]
    end = _hm(_mins(last["time"]) + last["duration_min"])
    step = Step("get_display_schedule", {"date": _iso(d)}, {"date": _iso(d), "displays": rows})
    when = ("明天" if lang == "zh" else "tomorrow") if rel else _say(d, lang, today)
    if lang == "zh":
        request = f"{when}最后一场飞行表演几点结束？"
        output = f"{when}最后一场是{last['time']}的「{last['title']}」，{last['duration_min']}分钟，{end}结束。"
    else:
        request = f"What time does the last flying display finish {'' if rel else 'on '}{when}?"
        output = f"The last display {when} is {last['title']} at {last['time']}, {last['duration_min']} minutes, so it ends at {end}."
    return _mk("falconry", lang, request, output, _falcon_tools(rng, lang), [step], today,
               roles={"lookup": step, "main": step, "plain": step}, slots={"date": (step, "date")},
               patterns=["end_time_in_answer"] + (["tomorrow_from_trace_day"] if rel else []))


def falcon_book(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    d = today + dt.timedelta(days=rng.randint(3, 40))
    exp = rng.choice(list(EXPERIENCES))
    word = EXPERIENCES[exp][1 if lang == "zh" else 0]
    n = rng.randint(1, 4)
    name = _name(rng, lang)
    cur = "CNY" if lang == "zh" else "GBP"
    price = rng.choice([380, 480, 680]) if lang == "zh" else rng.choice([45, 65, 120])
    gift = rng.random() < 0.35
    check = Step("check_experience", {"experience": exp, "date": _iso(d)},
                 {"experience": exp, "date": _iso(d), "spaces_left": rng.randint(n, 8), "price_per_person": price,
                  "currency": cur, "meet_point": "Visitor centre" if lang == "en" else "游客中心"})
    bid = _code(rng, "FB", 6)
    book = Step("book_experience", {"experience": exp, "date": _iso(d), "participants": n, "name": name},
                {"booking_id": bid, "status": "confirmed", "total": price * n, "currency": cur})
    ds = _say(d, lang, today)
    if lang == "zh":
        request = f"帮我订{ds}的{word}，{_n(n, lang, rng)}个人，名字{name}。" + ("是送给爸爸的礼物。" if gift else "")
        output = f"已预订{ds}的{word}，{n}人，订单号{bid}，共{price * n}{cur}，在游客中心集合。"
    else:
        request = f"Book the {word} on {ds} for {n}, name {name}." + (" It's a gift for my dad." if gift else "")
        output = f"Booked the {word} on {ds} for {n} (booking {bid}), {price * n} {cur} in total; meet at the Visitor centre."
    distractor = Step("get_display_schedule", {"date": _iso(d)}, {"date": _iso(d), "displays": _schedule(rng, lang, d)})
    slots = {"enum": (book, "experience"), "date": (book, "date"), "optional": (book, "voucher_code")}
    if gift:
        slots["extra"] = (book, "note")
    return _mk("falconry", lang, request, output, _falcon_tools(rng, lang), [check, book], today,
               roles={"lookup": check, "main": book, "write": book, "plain": rng.choice([check, book]),
                      "distractor": distractor},
               slots=slots, facts={"enum_word": word, "extra_value": "送给爸爸的礼物" if lang == "zh" else "gift for my dad",
                                   "optional_values": ["HAWK2FOR1", "GIFT25"]},
               patterns=["check_then_book"])


def falcon_history_cancel(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    uid = _code(rng, "cust", 5)
    exps = rng.sample(list(EXPERIENCES), 2)
    bids = _codes(rng, "FB", 2, 6)
    rows = [{"booking_id": bids[i], "experience": e, "date": _iso(today + dt.timedelta(days=rng.randint(3, 30))),
             "participants": rng.randint(1, 3)} for i, e in enumerate(exps)]
    target = rng.randrange(2)
    word = EXPERIENCES[exps[target]][1 if lang == "zh" else 0]
    listing = "; ".join(f"{EXPERIENCES[r['experience']][1 if lang == 'zh' else 0]} {r['date']}" for r in rows)
    if lang == "zh":
        history = _hist("我订了哪些体验？", "list_my_bookings", {"customer_id": uid}, {"bookings": rows}, f"您有：{listing}。")
        request = f"把{word}那个取消掉。"
        output = f"已取消{word}（{rows[target]['booking_id']}，{rows[target]['date']}）。"
    else:
        history = _hist("What experiences have I booked?", "list_my_bookings", {"customer_id": uid},
                        {"bookings": rows}, f"You have: {listing}.")
        request = f"Cancel the {word} one, please."
        output = f"Cancelled the {word} ({rows[target]['booking_id']}, {rows[target]['date']})."
    cancel = Step("cancel_booking", {"booking_id": rows[target]["booking_id"]},
                  {"booking_id": rows[target]["booking_id"], "status": "cancelled"})
    return _mk("falconry", lang, request, output, _falcon_tools(rng, lang), [cancel], today, history=history,
               user_id=uid, session_id=_code(rng, "sess", 8),
               roles={"main": cancel, "write": cancel, "plain": cancel},
               slots={"history_id": (cancel, "booking_id")}, patterns=["history_reference"])


# --- 4. residents' parking permits -----------------------------------------------------------

def _parking_tools(rng, lang):
    return [
        _t(rng, lang, "get_my_permits", "The account holder's parking permits.", "账户名下的停车许可。", ["account_id"],
           account_id=STR),
        _t(rng, lang, "check_zone", "Permit zone and monthly fee for a postcode.", "按邮编查询停车分区和月费。",
           ["postcode"], postcode=STR),
        _t(rng, lang, "renew_permit", "Renew a permit for a number of months.", "按月数续期停车许可。",
           ["permit_id", "months"], permit_id=STR, months={"type": "integer", "minimum": 1, "maximum": 12}),
        _t(rng, lang, "buy_visitor_pass", "A one-day visitor pass on a resident permit.", "为居民停车证购买访客一日通行证。",
           ["permit_id", "date", "vehicle_reg"], permit_id=STR, date=DATE, vehicle_reg=STR),
        _t(rng, lang, "export_permit_history", "Start an export of the account's permit payments for a year.",
           "导出账户某年的停车缴费记录（异步任务）。", ["account_id", "year", "format"], account_id=STR,
           year={"type": "integer", "minimum": 2000}, format={"type": "string", "enum": ["csv", "pdf"]}),
        _t(rng, lang, "get_export_status", "Check the progress of an export job; poll until it is done.",
           "查询导出任务进度（轮询直到完成）。", ["job_id"], job_id=STR),
        _t(rng, lang, "report_vehicle", "Report an abandoned vehicle on a street.", "举报街上的废弃车辆。",
           ["vehicle_reg", "street"], vehicle_reg=STR, street=STR),
    ]


def _reg(rng, lang):
    if lang == "zh":
        return f"浙A{rng.choice('BCDF')}{rng.randint(1000, 9999)}"
    return f"{rng.choice(['AB', 'LK', 'GX', 'YR'])}{rng.randint(10, 73)} {''.join(rng.choice('CDEFHJKNPRTW') for _ in range(3))}"


def _permit_rows(rng, lang, today, reg):
    pid = _code(rng, "PRM", 6)
    zone = rng.choice(["K", "M", "R2", "CA-F"])
    exp = today + dt.timedelta(days=rng.randint(5, 40))
    rows = [{"permit_id": pid, "type": "resident", "zone": zone, "vehicle_reg": reg, "expires": _iso(exp)}]
    if rng.random() < 0.4:
        rows.append({"permit_id": _code(rng, "PRB", 6), "type": "business", "zone": zone,
                     "vehicle_reg": _reg(rng, lang), "expires": _iso(exp + dt.timedelta(days=90))})
    return rows


def _account(rng, draft_kw):
    acc = _code(rng, "ACC", 7)
    where = rng.choice(["resource", "attributes", "user"])
    if where == "resource":
        draft_kw["resource"] = {"council.account_id": acc, "service.name": "permits-agent"}
    elif where == "attributes":
        draft_kw["attributes"] = {"account.id": acc}
    else:
        draft_kw["user_id"] = acc
    return acc


def parking_renew(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    kw: dict[str, Any] = {}
    acc = _account(rng, kw)
    rows = _permit_rows(rng, lang, today, _reg(rng, lang))
    m = rng.choice([3, 6, 12])
    fee = rng.choice([12, 18, 25]) if lang == "en" else rng.choice([150, 200, 300])
    cur = "GBP" if lang == "en" else "CNY"
    old = dt.date.fromisoformat(rows[0]["expires"])
    month = old.month - 1 + m
    new = dt.date(old.year + month // 12, month % 12 + 1, min(old.day, 28))
    mine = Step("get_my_permits", {"account_id": acc}, {"permits": rows})
    renew = Step("renew_permit", {"permit_id": rows[0]["permit_id"], "months": m},
                 {"permit_id": rows[0]["permit_id"], "status": "renewed", "new_expiry": _iso(new), "charged": fee * m,
                  "currency": cur})
    if lang == "zh":
        request = f"帮我把居民停车证续{_n(m, lang, rng)}个月。"
        output = f"已续期{rows[0]['permit_id']}，新到期日{_iso(new)}，扣费{fee * m}{cur}。"
    else:
        request = f"Renew my resident parking permit for {m} months please."
        output = f"Renewed {rows[0]['permit_id']} - now valid until {_iso(new)}; {fee * m} {cur} charged."
    return _mk("parking-permits", lang, request, output, _parking_tools(rng, lang), [mine, renew], today,
               roles={"lookup": mine, "producer": mine, "main": renew, "write": renew, "plain": renew},
               slots={"context_id": (mine, "account_id"), "copied_id": (renew, "permit_id")},
               patterns=["own_records_by_context_id"], **kw)


def parking_visitor(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    kw: dict[str, Any] = {}
    acc = _account(rng, kw)
    rows = _permit_rows(rng, lang, today, _reg(rng, lang))
    visitor = _reg(rng, lang)
    kind = rng.choice(["saturday", "tomorrow", "explicit"])
    if kind == "saturday":
        d = today + dt.timedelta(days=5 - today.weekday())
        said = "这周六" if lang == "zh" else "this Saturday"
    elif kind == "tomorrow":
        d = today + dt.timedelta(days=1)
        said = "明天" if lang == "zh" else "tomorrow"
    else:
        d = today + dt.timedelta(days=rng.randint(3, 20))
        said = _say(d, lang, today)
    price = 3 if lang == "en" else 15
    cur = "GBP" if lang == "en" else "CNY"
    mine = Step("get_my_permits", {"account_id": acc}, {"permits": rows})
    pid = _code(rng, "VP", 6)
    buy = Step("buy_visitor_pass", {"permit_id": rows[0]["permit_id"], "date": _iso(d), "vehicle_reg": visitor},
               {"pass_id": pid, "date": _iso(d), "vehicle_reg": visitor, "price": price, "currency": cur})
    if lang == "zh":
        request = f"{said}有朋友开车来，车牌{visitor}，帮我用居民停车证买一张访客通行证。"
        output = f"已购买{_iso(d)}的访客通行证{pid}，车牌{visitor}，{price}{cur}。"
    else:
        request = f"A friend is visiting {said} - car {visitor}. Can you get a visitor pass on my resident permit?"
        output = f"Visitor pass {pid} bought for {_iso(d)}, car {visitor}, {price} {cur}."
    slots = {"context_id": (mine, "account_id"), "copied_id": (buy, "permit_id"), "date": (buy, "date")}
    facts: dict[str, Any] = {}
    if kind != "explicit":
        slots["computed"] = (buy, "date")
        facts["computed_kind"] = "date"
    return _mk("parking-permits", lang, request, output, _parking_tools(rng, lang), [mine, buy], today,
               roles={"lookup": mine, "producer": mine, "main": buy, "write": buy, "plain": buy},
               slots=slots, facts=facts,
               patterns=["own_records_by_context_id"] + ([f"{kind}_from_trace_day"] if kind != "explicit" else []), **kw)


def parking_export(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    kw: dict[str, Any] = {}
    acc = _account(rng, kw)
    last = rng.random() < 0.5
    year = today.year - 1 if last else rng.choice([today.year - 2, today.year - 1])
    fmt = rng.choice(["csv", "pdf"])
    job = _code(rng, "JOB", 7)
    export = Step("export_permit_history", {"account_id": acc, "year": year, "format": fmt},
                  {"job_id": job, "status": "queued"})
    polls = []
    progress = [35, 80] if rng.random() < 0.5 else [60]
    for p in progress:
        polls.append(Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "running", "progress": p}))
    url = f"https://permits.example/exports/{job}.{fmt}"
    polls.append(Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "done", "progress": 100,
                                                            "download_url": url}))
    ysaid = ("去年" if lang == "zh" else "last year") if last else (f"{year}年" if lang == "zh" else str(year))
    fsaid = fmt.upper()
    if lang == "zh":
        request = f"把我{ysaid}的停车缴费记录导出成{fsaid}。"
        output = f"{year}年的缴费记录已导出：{url}"
    else:
        request = f"Export my parking permit payments for {ysaid} as a {fsaid}."
        output = f"Your {year} permit payments are ready: {url}"
    return _mk("parking-permits", lang, request, output, _parking_tools(rng, lang), [export, *polls], today,
               roles={"producer": export, "main": export, "plain": export},
               slots={"context_id": (export, "account_id"), "copied_id": (polls[0], "job_id"),
                      "enum": (export, "format")},
               facts={"enum_word": fsaid}, patterns=["poll_until_done", "own_records_by_context_id"]
               + (["last_year_from_trace_day"] if last else []), **kw)


def parking_compare(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    if lang == "zh":
        codes = rng.sample(["310012", "310007", "310013", "310052", "310016"], 3)
    else:
        codes = rng.sample(["N1 7GU", "E8 3PB", "SE15 4QL", "NW5 2HX", "W3 9RT"], 3)
    cur = "GBP" if lang == "en" else "CNY"
    steps = []
    for i, c in enumerate(codes):
        fee = rng.choice([9, 11, 14, 17, 21]) if lang == "en" else rng.choice([100, 120, 150, 180])
        steps.append(Step("check_zone", {"postcode": c}, {"postcode": c, "zone": rng.choice(["A", "B", "C", "D"]),
                                                         "monthly_fee": fee, "currency": cur}, parallel=i > 0))
    best = min(steps, key=lambda s: (s.result["monthly_fee"], codes.index(s.args["postcode"])))
    yearly = best.result["monthly_fee"] * 12
    if lang == "zh":
        request = f"我在看房子，邮编{codes[0]}、{codes[1]}、{codes[2]}，哪个的居民停车证最便宜？一年多少钱？"
        output = "；".join(f"{s.args['postcode']}：每月{s.result['monthly_fee']}{cur}" for s in steps) + \
                 f"。最便宜的是{best.args['postcode']}，一年{yearly}{cur}。"
    else:
        request = f"House hunting: which of {codes[0]}, {codes[1]} and {codes[2]} has the cheapest resident permit, and what is it per year?"
        output = "; ".join(f"{s.args['postcode']}: {s.result['monthly_fee']} {cur}/month" for s in steps) + \
                 f". Cheapest is {best.args['postcode']} at {yearly} {cur} a year."
    return _mk("parking-permits", lang, request, output, _parking_tools(rng, lang), steps, today,
               roles={"lookup": steps[-1], "plain": steps[0], "main": steps[0]},
               patterns=["parallel_compare", "yearly_cost_in_answer"])


# --- 5. karaoke (KTV) rooms ------------------------------------------------------------------

BRANCHES = [("Soho", "五道口店"), ("Camden", "三里屯店"), ("Shoreditch", "望京店")]
KTV_TYPES = {"small": ("small room", "小包", 4), "medium": ("medium room", "中包", 8), "large": ("large room", "大包", 12),
             "party": ("party room", "派对包", 20)}
SNACKS = [("SN-FRUIT", "fruit platter", "果盘", 58, 12), ("SN-BEER6", "six-pack of beer", "啤酒六支装", 90, 18),
          ("SN-POPCORN", "popcorn", "爆米花", 28, 5)]


def _ktv_tools(rng, lang):
    return [
        _t(rng, lang, "check_rooms", "Room types free at a branch for a start time and length.", "查询门店某时段可用的包厢类型。",
           ["branch", "date", "start_time", "hours", "people"], branch=STR, date=DATE, start_time=HHMM,
           hours={"type": "number", "minimum": 1, "maximum": 8}, people={"type": "integer", "minimum": 1}),
        _t(rng, lang, "book_room", "Book a karaoke room from a start to an end time.", "预订KTV包厢（开始到结束时间）。",
           ["branch", "room_type", "date", "start_time", "end_time", "people", "name"], branch=STR,
           room_type={"type": "string", "enum": list(KTV_TYPES)}, date=DATE, start_time=HHMM, end_time=HHMM,
           people={"type": "integer", "minimum": 1}, name=STR, phone=STR, coupon_code=STR),
        _t(rng, lang, "get_menu", "Snack and drink menu of a branch.", "门店的小吃酒水单。", ["branch"], branch=STR),
        _t(rng, lang, "order_snacks", "Pre-order snacks to a booking.", "为预订预点小吃。", ["booking_id", "items"],
           booking_id=STR, items={"type": "array", "items": {"type": "object", "properties": {
               "sku": STR, "qty": {"type": "integer", "minimum": 1}}, "required": ["sku", "qty"]}}),
        _t(rng, lang, "get_booking", "Read a booking.", "查询预订。", ["booking_id"], booking_id=STR),
        _t(rng, lang, "cancel_booking", "Cancel a booking.", "取消预订。", ["booking_id"], booking_id=STR),
    ]


def ktv_book(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    d = today + dt.timedelta(days=rng.randint(1, 20))
    branch = rng.choice(BRANCHES)[1 if lang == "zh" else 0]
    rtype = rng.choice(["small", "medium", "large"])
    cap = KTV_TYPES[rtype][2]
    people = rng.randint(max(2, cap // 2), cap)
    start = rng.choice(["19:00", "20:00", "20:30", "21:00", "22:30", "23:00"])
    hours = rng.choice([2, 3, 2.5]) if start < "22:00" else rng.choice([2, 2.5])
    end = _hm(_mins(start) + int(hours * 60))
    cur = "CNY" if lang == "zh" else "GBP"
    rates = {t: (KTV_TYPES[t][2] * (12 if lang == "zh" else 3)) for t in KTV_TYPES}
    check = Step("check_rooms", {"branch": branch, "date": _iso(d), "start_time": start, "hours": hours, "people": people},
                 {"branch": branch, "free": [{"room_type": t, "capacity": KTV_TYPES[t][2], "price_per_hour": rates[t],
                                              "currency": cur} for t in KTV_TYPES if KTV_TYPES[t][2] >= people]})
    name = _name(rng, lang)
    phone = _mobile(rng, lang) if rng.random() < 0.5 else None
    bid = _code(rng, "KTV", 6)
    total = rates[rtype] * hours
    total = int(total) if total == int(total) else total
    args = {"branch": branch, "room_type": rtype, "date": _iso(d), "start_time": start, "end_time": end,
            "people": people, "name": name}
    if phone:
        args["phone"] = phone
    book = Step("book_room", args, {"booking_id": bid, "status": "confirmed", "room_no": rng.randint(101, 318),
                                    "total": total, "currency": cur})
    snacks = rng.random() < 0.4
    word = KTV_TYPES[rtype][1 if lang == "zh" else 0]
    hsaid = ({2: "两个小时", 3: "三个小时", 2.5: "两个半小时"}[hours] if lang == "zh" and rng.random() < 0.6
             else (f"{hours:g}个小时" if lang == "zh" else f"{hours:g} hours"))
    ds, ts = _say(d, lang, today), _say_time(start, lang, rng)
    steps = [check, book]
    roles: dict[str, Any] = {"lookup": check, "main": book, "write": book, "plain": check}
    slots: dict[str, tuple] = {"date": (check, "date"), "computed": (book, "end_time"), "enum": (book, "room_type"),
                               "optional": (book, "coupon_code")}
    patterns = ["end_time_computed"] + (["past_midnight"] if end < start else [])
    if lang == "zh":
        request = f"帮我在{branch}订个{word}，{ds}{ts}开始，唱{hsaid}，{_n(people, lang, rng)}个人，名字{name}"
        request += f"，电话{phone}" if phone else ""
        output = f"已预订{branch}{word}，{ds} {start}-{end}，订单号{bid}，包厢费{total}{cur}"
    else:
        request = f"Book a {word} at {branch} on {ds} from {ts} for {hsaid}, {people} people, name {name}"
        request += f", phone {phone}" if phone else ""
        output = f"Booked a {word} at {branch} on {ds}, {start}-{end} (booking {bid}); room charge {total} {cur}"
    if snacks:
        sku, en_s, zh_s, price_zh, price_en = rng.choice(SNACKS)
        qty = rng.randint(1, 3)
        price = price_zh if lang == "zh" else price_en
        menu = Step("get_menu", {"branch": branch},
                    {"branch": branch, "items": [{"sku": s[0], "name": s[2] if lang == "zh" else s[1],
                                                  "price": s[3] if lang == "zh" else s[4], "currency": cur} for s in SNACKS]},
                    parallel=True)
        order_no = _code(rng, "SO", 6)
        order = Step("order_snacks", {"booking_id": bid, "items": [{"sku": sku, "qty": qty}]},
                     {"order_no": order_no, "booking_id": bid, "amount": price * qty, "currency": cur})
        steps = [check, menu, book, order]
        sname = zh_s if lang == "zh" else en_s
        if lang == "zh":
            request += f"，再帮我预点{_n(qty, lang, rng)}份{sname}。"
            output += f"；已预点{qty}份{sname}，{price * qty}{cur}。"
        else:
            request += f", and pre-order {qty} x {sname}."
            output += f"; {qty} x {sname} pre-ordered, {price * qty} {cur}."
        roles.update({"write": order, "producer": book})
        slots["copied_id"] = (order, "booking_id")
        patterns += ["long_errand", "independent_lookups_in_one_turn"]
    else:
        request += "。" if lang == "zh" else "."
        output += "。" if lang == "zh" else "."
        roles["distractor"] = Step("get_menu", {"branch": branch}, {"branch": branch, "items": [
            {"sku": s[0], "price": s[3] if lang == "zh" else s[4]} for s in SNACKS]})
    return _mk("karaoke", lang, request, output, _ktv_tools(rng, lang), steps, today, roles=roles, slots=slots,
               facts={"computed_kind": "time", "enum_word": word, "optional_values": ["KTV50OFF", "SING2024"]},
               patterns=patterns + (["user_phone_passed"] if phone else []))


def ktv_compare(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    d = today + dt.timedelta(days=rng.randint(1, 14))
    start = rng.choice(["20:00", "21:00", "21:30"])
    hours = 2
    people = rng.randint(10, 18)
    cur = "CNY" if lang == "zh" else "GBP"
    steps = []
    for i, b in enumerate(BRANCHES):
        br = b[1 if lang == "zh" else 0]
        free = [{"room_type": t, "capacity": KTV_TYPES[t][2], "price_per_hour": KTV_TYPES[t][2] * (12 if lang == "zh" else 3)
                 + rng.choice([0, 10 if lang == "zh" else 2]), "currency": cur}
                for t in ("large", "party") if KTV_TYPES[t][2] >= people and rng.random() < 0.8]
        if not free:
            free = [{"room_type": "party", "capacity": 20, "price_per_hour": 240 if lang == "zh" else 60, "currency": cur}]
        steps.append(Step("check_rooms", {"branch": br, "date": _iso(d), "start_time": start, "hours": hours,
                                          "people": people}, {"branch": br, "free": free}, parallel=i > 0))
    brs = [s.args["branch"] for s in steps]
    if lang == "zh":
        request = f"{_say(d, lang, today)}晚上{start}，{people}个人唱两个小时，{brs[0]}、{brs[1]}、{brs[2]}哪家有包厢？"
        output = "；".join(f"{s.args['branch']}：" + "、".join(f"{KTV_TYPES[f['room_type']][1]} 每小时{f['price_per_hour']}{cur}"
                                                            for f in s.result["free"]) for s in steps) + "。"
    else:
        request = f"{people} of us want to sing for 2 hours from {start} on {_say(d, lang, today)} - which of {brs[0]}, {brs[1]} or {brs[2]} has a room?"
        output = "; ".join(f"{s.args['branch']}: " + ", ".join(f"{KTV_TYPES[f['room_type']][0]} {f['price_per_hour']} {cur}/h"
                                                             for f in s.result["free"]) for s in steps) + "."
    return _mk("karaoke", lang, request, output, _ktv_tools(rng, lang), steps, today,
               roles={"lookup": steps[-1], "plain": steps[0], "main": steps[0]},
               slots={"date": (steps[0], "date")}, patterns=["parallel_compare"])


def ktv_history_cancel(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    d = today + dt.timedelta(days=rng.randint(1, 10))
    branch = rng.choice(BRANCHES)[1 if lang == "zh" else 0]
    bid = _code(rng, "KTV", 6)
    name = _name(rng, lang)
    start = rng.choice(["19:00", "20:00", "21:00"])
    end = _hm(_mins(start) + 180)
    cur = "CNY" if lang == "zh" else "GBP"
    args = {"branch": branch, "room_type": "medium", "date": _iso(d), "start_time": start, "end_time": end, "people": 6,
            "name": name}
    res = {"booking_id": bid, "status": "confirmed", "total": 288 if lang == "zh" else 72, "currency": cur}
    if lang == "zh":
        history = _hist(f"{branch}{_say(d, lang, today)}{start}起订个中包三小时，6个人，{name}", "book_room", args, res,
                        f"订好了，订单号{bid}。")
        request = "我们去不了了，帮我取消吧。"
        output = f"已取消订单{bid}（{branch} {_say(d, lang, today)} {start}），费用{res['total']}{cur}将原路退回。"
    else:
        history = _hist(f"Medium room at {branch} on {_say(d, lang, today)} from {start} for three hours, 6 people, {name}",
                        "book_room", args, res, f"Booked - reference {bid}.")
        request = "We can't make it any more, please cancel it."
        output = f"Cancelled {bid} ({branch}, {_say(d, lang, today)} {start}); the {res['total']} {cur} goes back to your card."
    cancel = Step("cancel_booking", {"booking_id": bid}, {"booking_id": bid, "status": "cancelled", "refund": res["total"],
                                                         "currency": cur})
    distractor = Step("get_booking", {"booking_id": bid}, {**res, "date": _iso(d), "start_time": start})
    return _mk("karaoke", lang, request, output, _ktv_tools(rng, lang), [cancel], today, history=history,
               session_id=_code(rng, "sess", 8),
               roles={"main": cancel, "write": cancel, "plain": cancel, "distractor": distractor},
               slots={"history_id": (cancel, "booking_id")}, patterns=["history_reference"])


# --- 6. blacksmith forge courses -------------------------------------------------------------

LEVELS = {"beginner": ("beginners'", "入门"), "intermediate": ("improvers'", "进阶"), "advanced": ("advanced-level", "高级")}
COURSES = [("Make a knife in a day", "一日锻刀"), ("Hooks and hinges", "挂钩与合页"), ("Fire-poker weekend", "火钳周末班"),
           ("Bottle openers", "开瓶器"), ("Tongs and tooling", "火钳与工具")]


def _forge_tools(rng, lang):
    return [
        _t(rng, lang, "list_courses", "Forging courses of a level starting in a month (YYYY-MM).",
           "某月开课的某级别锻造课程（月份格式YYYY-MM）。", ["level", "month"],
           level={"type": "string", "enum": list(LEVELS)}, month={"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"}),
        _t(rng, lang, "enrol", "Enrol students on a course; returns an invoice.", "报名课程，返回账单号。",
           ["course_id", "students", "name"], course_id=STR, students={"type": "integer", "minimum": 1, "maximum": 4},
           name=STR, email={"type": "string", "format": "email"}),
        _t(rng, lang, "pay_invoice", "Pay an invoice.", "支付账单。", ["invoice_id", "amount", "currency"], invoice_id=STR,
           amount={"type": "number", "minimum": 0}, currency={"type": "string", "pattern": "^[A-Z]{3}$"}),
        _t(rng, lang, "commission_piece", "Commission a forged piece; blade or shaft length in millimetres.",
           "定制锻造作品；刃长或杆长以毫米计。", ["item", "length_mm", "steel", "name"],
           item={"type": "string", "enum": ["knife", "bottle_opener", "fire_poker", "hook"]},
           length_mm={"type": "integer", "minimum": 50, "maximum": 600},
           steel={"type": "string", "enum": ["carbon", "damascus", "stainless"]}, name=STR),
        _t(rng, lang, "get_enrolment", "Read an enrolment.", "查询报名。", ["enrolment_id"], enrolment_id=STR),
        _t(rng, lang, "transfer_enrolment", "Move an enrolment to another course.", "把报名转到另一门课程。",
           ["enrolment_id", "new_course_id"], enrolment_id=STR, new_course_id=STR),
        _t(rng, lang, "subscribe_newsletter", "Sign an address up to the forge newsletter.", "订阅锻造坊通讯。", ["email"],
           email={"type": "string", "format": "email"}),
        _send_email(rng, lang),
    ]


def _month_after(today: dt.date, k: int) -> tuple[int, int]:
    m = today.month - 1 + k
    return today.year + m // 12, m % 12 + 1


def _courses(rng, lang, y, mo, k):
    ids = _codes(rng, "CRS", k, 4)
    picks = rng.sample(COURSES, k)
    cur = "CNY" if lang == "zh" else "GBP"
    rows = []
    for i in range(k):
        start = dt.date(y, mo, rng.randint(1, 27))
        rows.append({"course_id": ids[i], "title": picks[i][1] if lang == "zh" else picks[i][0],
                     "start_date": _iso(start), "weekday": WD_EN[start.weekday()], "days": rng.choice([1, 2]),
                     "fee": rng.choice([880, 1280, 1600]) if lang == "zh" else rng.choice([145, 180, 230]),
                     "materials_fee": rng.choice([60, 120]) if lang == "zh" else rng.choice([15, 25]),
                     "currency": cur, "seats_left": rng.randint(2, 6)})
    return rows


def _say_month(y, mo, lang, today):
    if lang == "zh":
        return (f"{y}年" if y != today.year else "") + f"{mo}月"
    return MONTHS[mo - 1] + (f" {y}" if y != today.year else "")


def forge_errand(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    y, mo = _month_after(today, rng.randint(1, 4))
    level = rng.choice(list(LEVELS))
    rows = _courses(rng, lang, y, mo, rng.randint(2, 3))
    c = rows[rng.randrange(len(rows))]
    n = rng.randint(1, min(3, c["seats_left"]))
    name, email = _name(rng, lang), _email(rng)
    enr, inv, rc = _code(rng, "ENR"), _code(rng, "INV", 6), _code(rng, "RCP", 6)
    amount = (c["fee"] + c["materials_fee"]) * n
    cur = c["currency"]
    word = LEVELS[level][1 if lang == "zh" else 0]
    ms = _say_month(y, mo, lang, today)
    if lang == "zh":
        request = (f"我想报{ms}的{word}锻造课「{c['title']}」，{_n(n, lang, rng)}个人，报名人{name}，邮箱{email}，"
                   "学费和材料费一起付掉。")
        output = f"已报名「{c['title']}」（{c['start_date']}），{n}人，报名号{enr}；已支付{amount}{cur}（含材料费），收据{rc}。"
    else:
        request = (f"Sign {n} of us up for the {word} '{c['title']}' course in {ms} and pay the fee plus materials. "
                   f"Name {name}, e-mail {email}.")
        output = (f"Enrolled {n} on '{c['title']}' starting {c['start_date']} (enrolment {enr}); paid {amount} {cur} "
                  f"including materials, receipt {rc}.")
    lst = Step("list_courses", {"level": level, "month": f"{y}-{mo:02d}"}, {"courses": rows})
    en = Step("enrol", {"course_id": c["course_id"], "students": n, "name": name, "email": email},
              {"enrolment_id": enr, "invoice_id": inv, "status": "pending_payment"})
    pay = Step("pay_invoice", {"invoice_id": inv, "amount": amount, "currency": cur},
               {"invoice_id": inv, "status": "paid", "receipt": rc})
    side = Step("subscribe_newsletter", {"email": email}, {"subscribed": True})
    return _mk("forge", lang, request, output, _forge_tools(rng, lang), [lst, en, pay], today,
               roles={"lookup": lst, "producer": lst, "main": en, "write": pay, "plain": lst, "side": side},
               slots={"copied_id": (en, "course_id"), "enum": (lst, "level"), "computed": (pay, "amount"),
                      "currency": (pay, "currency")},
               facts={"computed_kind": "money", "enum_word": word},
               patterns=["long_errand", "fee_plus_materials_times_students", "user_email_passed"])


def forge_commission(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    item = rng.choice(["knife", "fire_poker", "hook", "bottle_opener"])
    words = {"knife": ("knife", "刀"), "fire_poker": ("fire poker", "火钳"), "hook": ("hook", "挂钩"),
             "bottle_opener": ("bottle opener", "开瓶器")}
    if item == "fire_poker":
        cm = rng.choice([45, 50, 55])
    elif item == "knife":
        cm = rng.choice([15, 18, 20, 22])
    else:
        cm = rng.choice([10, 12, 15])
    inch = lang == "en" and item == "knife" and rng.random() < 0.4
    if inch:
        inches = rng.choice([6, 8])
        mm = round(inches * 25.4)
        size = f"{inches}-inch"
    else:
        mm = cm * 10
        size = f"{cm} cm" if lang == "en" else f"{cm}厘米"
    steel = rng.choice(["carbon", "damascus", "stainless"])
    ssaid = {"carbon": ("carbon steel", "碳钢"), "damascus": ("Damascus steel", "大马士革钢"),
             "stainless": ("stainless steel", "不锈钢")}[steel][1 if lang == "zh" else 0]
    name = _name(rng, lang)
    engrave = rng.random() < 0.35
    initials = "".join(p[0] for p in name.split()) if lang == "en" else name[-1]
    oid = _code(rng, "CM", 6)
    ready = today + dt.timedelta(days=rng.choice([14, 21, 28]))
    price = rng.choice([950, 1400, 2200]) if lang == "zh" else rng.choice([120, 175, 260])
    cur = "CNY" if lang == "zh" else "GBP"
    step = Step("commission_piece", {"item": item, "length_mm": mm, "steel": steel, "name": name},
                {"order_id": oid, "price": price, "currency": cur, "ready_by": _iso(ready)})
    iw = words[item][1 if lang == "zh" else 0]
    if lang == "zh":
        request = f"我想定制一把{size}长的{ssaid}{iw}，名字{name}。" + (f"刻上「{initials}」字。" if engrave else "")
        output = f"已下单：{ssaid}{iw}，{mm}毫米，订单号{oid}，{price}{cur}，预计{_iso(ready)}完成。" + \
                 ("刻字需到店时再和师傅确认。" if engrave else "")
    else:
        request = f"I'd like a {size} {ssaid} {iw} made, name {name}." + (f" Engrave '{initials}' on it." if engrave else "")
        output = (f"Ordered a {ssaid} {iw}, {mm} mm, order {oid}: {price} {cur}, ready by {_iso(ready)}."
                  + (" Engraving can't be set through the order form - please mention it to the smith." if engrave else ""))
    slots = {"computed": (step, "length_mm"), "enum": (step, "steel")}
    if engrave:
        slots["extra"] = (step, "engraving")
    return _mk("forge", lang, request, output, _forge_tools(rng, lang), [step], today,
               roles={"main": step, "write": step, "plain": step}, slots=slots,
               facts={"computed_kind": "int", "enum_word": ssaid, "extra_value": initials},
               patterns=["unit_conversion_" + ("inch" if inch else "cm")])


def forge_transfer(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    y, mo = _month_after(today, rng.randint(1, 3))
    level = rng.choice(list(LEVELS))
    rows = _courses(rng, lang, y, mo, 3)
    k = rng.randrange(3)
    enr = _code(rng, "ENR")
    ordinal = (["第一个", "第二个", "第三个"] if lang == "zh" else ["first", "second", "third"])[k]
    listing = "; ".join(f"{i + 1}) {r['title']} {r['start_date']}" for i, r in enumerate(rows))
    ms = _say_month(y, mo, lang, today)
    word = LEVELS[level][1 if lang == "zh" else 0]
    if lang == "zh":
        history = _hist(f"{ms}有哪些{word}课？", "list_courses", {"level": level, "month": f"{y}-{mo:02d}"},
                        {"courses": rows}, f"有这些：{listing}。")
        request = f"把我的报名{enr}转到{ordinal}。"
        output = f"已把{enr}转到「{rows[k]['title']}」（{rows[k]['start_date']}开课）。"
    else:
        history = _hist(f"What {word} courses are there in {ms}?", "list_courses",
                        {"level": level, "month": f"{y}-{mo:02d}"}, {"courses": rows}, f"These: {listing}.")
        request = f"Move my enrolment {enr} to the {ordinal} one."
        output = f"Moved {enr} to '{rows[k]['title']}', starting {rows[k]['start_date']}."
    move = Step("transfer_enrolment", {"enrolment_id": enr, "new_course_id": rows[k]["course_id"]},
                {"enrolment_id": enr, "course_id": rows[k]["course_id"], "status": "transferred", "price_difference": 0})
    distractor = Step("get_enrolment", {"enrolment_id": enr}, {"enrolment_id": enr, "course_id": _code(rng, "CRS", 4),
                                                              "status": "paid"})
    return _mk("forge", lang, request, output, _forge_tools(rng, lang), [move], today, history=history,
               session_id=_code(rng, "sess", 8),
               roles={"main": move, "write": move, "plain": move, "distractor": distractor},
               slots={"history_id": (move, "new_course_id")}, patterns=["history_reference"])


def forge_question(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    y, mo = _month_after(today, rng.randint(1, 5))
    level = rng.choice(list(LEVELS))
    rows = _courses(rng, lang, y, mo, rng.randint(1, 3))
    n = rng.choice([2, 3])
    step = Step("list_courses", {"level": level, "month": f"{y}-{mo:02d}"}, {"courses": rows})
    word = LEVELS[level][1 if lang == "zh" else 0]
    ms = _say_month(y, mo, lang, today)
    cur = rows[0]["currency"]
    if lang == "zh":
        request = f"{ms}有{word}锻造课吗？{_n(n, lang, rng)}个人一共多少钱（含材料费）？"
        output = "；".join(f"「{r['title']}」{r['start_date']}，余{r['seats_left']}位，{n}人共{(r['fee'] + r['materials_fee']) * n}{cur}"
                          for r in rows) + "。"
    else:
        request = f"Any {word} forging courses in {ms}? What would {n} of us pay, materials included?"
        output = "; ".join(f"'{r['title']}' on {r['start_date']}, {r['seats_left']} seats left, "
                           f"{(r['fee'] + r['materials_fee']) * n} {cur} for {n}" for r in rows) + "."
    return _mk("forge", lang, request, output, _forge_tools(rng, lang), [step], today,
               roles={"lookup": step, "main": step, "plain": step}, slots={"enum": (step, "level")},
               facts={"enum_word": word}, patterns=["total_in_answer", "month_from_request"])


# --- 7. maple-syrup sugar shack --------------------------------------------------------------

GRADES = {"golden": ("golden-grade", "金黄级"), "amber": ("amber-grade", "琥珀级"), "dark": ("dark-grade", "深色级"),
          "very_dark": ("very-dark-grade", "特深级")}


def _maple_tools(rng, lang):
    return [
        _t(rng, lang, "get_catalogue", "Syrup of one grade: bottle sizes (ml) and prices.", "某等级枫糖浆的瓶装规格（毫升）和价格。",
           ["grade"], grade={"type": "string", "enum": list(GRADES)}),
        _t(rng, lang, "place_order", "Order bottles for pick-up at the shack.", "下单，到糖屋自提。",
           ["sku", "quantity", "pickup_date", "name"], sku=STR, quantity={"type": "integer", "minimum": 1},
           pickup_date=DATE, name=STR, promo_code=STR),
        _t(rng, lang, "get_order", "Read an order.", "查询订单。", ["order_id"], order_id=STR),
        _t(rng, lang, "change_order", "Change the number of bottles of an order.", "修改订单瓶数。", ["order_id", "quantity"],
           order_id=STR, quantity={"type": "integer", "minimum": 1}),
        _t(rng, lang, "cancel_order", "Cancel an order.", "取消订单。", ["order_id"], order_id=STR),
        _t(rng, lang, "get_my_orders", "The customer's own orders.", "客户自己的订单。", ["customer_id"], customer_id=STR),
        _t(rng, lang, "get_recipes", "Recipes that use a syrup grade.", "用某等级糖浆的食谱。", ["grade"],
           grade={"type": "string", "enum": list(GRADES)}),
        _send_email(rng, lang),
    ]


def _catalogue(rng, lang, grade):
    cur = "CNY" if lang == "zh" else "CAD"
    skus = _codes(rng, "MS", 3, 4)
    base = rng.choice([9, 11, 13]) if lang == "en" else rng.choice([45, 55, 65])
    return {"grade": grade, "products": [{"sku": skus[i], "size_ml": size, "price": base * mult, "currency": cur}
                                         for i, (size, mult) in enumerate([(250, 1), (500, 2), (1000, 3)])]}


def maple_order(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    grade = rng.choice(list(GRADES))
    cat = _catalogue(rng, lang, grade)
    size = rng.choice([250, 500])
    litres = rng.choice([1, 2, 3]) if size == 500 else rng.choice([1, 2])
    qty = litres * 1000 // size
    prod = next(p for p in cat["products"] if p["size_ml"] == size)
    total = prod["price"] * qty
    name = _name(rng, lang)
    dkind = rng.choice(["explicit", "after"])
    anchor = today + dt.timedelta(days=rng.randint(3, 25))
    if dkind == "after":
        k = rng.choice([2, 3, 5])
        pick = anchor + dt.timedelta(days=k)
        dsaid = (f"我{_say(anchor, lang, today)}回国，回来{_n(k, lang, rng)}天后" if lang == "zh"
                 else f"{k} days after I'm back on {_say(anchor, lang, today)}")
    else:
        pick = anchor
        dsaid = _say(anchor, lang, today)
    word = GRADES[grade][1 if lang == "zh" else 0]
    oid = _code(rng, "ORD", 6)
    cat_step = Step("get_catalogue", {"grade": grade}, cat)
    order = Step("place_order", {"sku": prod["sku"], "quantity": qty, "pickup_date": _iso(pick), "name": name},
                 {"order_id": oid, "status": "confirmed", "quantity": qty, "total": total, "currency": prod["currency"]})
    steps = [cat_step, order]
    patterns = [f"litres_to_{size}ml_bottles"] + (["date_n_days_after"] if dkind == "after" else [])
    if rng.random() < 0.3:
        steps.insert(1, _retry(order))
        patterns.append("retry_after_503")
    lsaid = f"{_n(litres, lang, rng)}升" if lang == "zh" else f"{litres} litre{'s' if litres > 1 else ''}"
    if lang == "zh":
        request = f"我要{lsaid}{word}枫糖浆，装{size}毫升的瓶子，{dsaid}来取，名字{name}。"
        output = f"已下单：{word}{size}毫升×{qty}瓶，{_iso(pick)}自提，订单号{oid}，共{total}{prod['currency']}。"
    else:
        request = f"I'd like {lsaid} of {word} syrup in {size} ml bottles, pick-up {dsaid}, name {name}."
        output = f"Ordered {qty} x {size} ml {word} for pick-up on {_iso(pick)} (order {oid}); {total} {prod['currency']}."
    distractor = Step("get_recipes", {"grade": grade}, {"grade": grade, "recipes": ["pancakes", "glazed carrots"]})
    slots = {"copied_id": (order, "sku"), "computed": (order, "quantity"), "date": (order, "pickup_date"),
             "enum": (cat_step, "grade"), "optional": (order, "promo_code")}
    facts: dict[str, Any] = {"computed_kind": "int", "enum_word": word, "optional_values": ["SUGAR10", "MAPLE15"]}
    if dkind == "after":
        slots["computed"] = rng.choice([(order, "quantity"), (order, "pickup_date")])
        facts["computed_kind"] = "int" if slots["computed"][1] == "quantity" else "date"
    return _mk("maple-syrup", lang, request, output, _maple_tools(rng, lang), steps, today,
               roles={"lookup": cat_step, "producer": cat_step, "main": order, "write": order, "plain": cat_step,
                      "distractor": distractor, "side": copy.deepcopy(distractor)},
               slots=slots, facts=facts, patterns=patterns)


def maple_change(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    oid = _code(rng, "ORD", 6)
    old = rng.randint(2, 6)
    more = rng.random() < 0.5
    add = rng.randint(1, 3)
    new = old + add if more else rng.choice([q for q in range(1, 10) if q != old])
    price = rng.choice([18, 22]) if lang == "en" else rng.choice([90, 110])
    cur = "CAD" if lang == "en" else "CNY"
    sku = _code(rng, "MS", 4)
    got = Step("get_order", {"order_id": oid}, {"order_id": oid, "sku": sku, "size_ml": 500, "quantity": old,
                                                "unit_price": price, "currency": cur, "status": "confirmed"})
    change = Step("change_order", {"order_id": oid, "quantity": new},
                  {"order_id": oid, "quantity": new, "total": price * new, "currency": cur, "status": "updated"})
    if lang == "zh":
        request = (f"订单{oid}再加{_n(add, lang, rng)}瓶。" if more else f"订单{oid}改成{_n(new, lang, rng)}瓶。")
        output = f"已把{oid}从{old}瓶改为{new}瓶，新总价{price * new}{cur}。"
    else:
        request = (f"Add {add} more bottle{'s' if add > 1 else ''} to order {oid}, please." if more
                   else f"Please change order {oid} to {new} bottles.")
        output = f"Order {oid} changed from {old} to {new} bottles; new total {price * new} {cur}."
    distractor = Step("cancel_order", {"order_id": oid}, {"order_id": oid, "status": "cancelled"})
    slots: dict[str, tuple] = {}
    facts: dict[str, Any] = {}
    if more:
        slots["computed"] = (change, "quantity")
        facts["computed_kind"] = "int"
    return _mk("maple-syrup", lang, request, output, _maple_tools(rng, lang), [got, change], today,
               roles={"lookup": got, "main": change, "write": change, "plain": got, "distractor": distractor},
               slots=slots, facts=facts, patterns=["quantity_plus_n_from_result"] if more else ["change_order"])


def maple_mine(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    uid = _code(rng, "cus", 6)
    k = rng.randint(2, 4)
    oids = _codes(rng, "ORD", k, 6)
    cur = "CAD" if lang == "en" else "CNY"
    rows = []
    for i in range(k):
        rows.append({"order_id": oids[i], "status": rng.choice(["ready_for_pickup", "confirmed", "picked_up"]),
                     "pickup_date": _iso(today + dt.timedelta(days=rng.randint(-5, 15))),
                     "total": rng.choice([27, 36, 54]) if lang == "en" else rng.choice([135, 180, 270]),
                     "currency": cur, "paid": rng.random() < 0.5})
    if not any(r["status"] == "ready_for_pickup" for r in rows):
        rows[0]["status"] = "ready_for_pickup"
    ready = [r for r in rows if r["status"] == "ready_for_pickup"]
    owed = sum(r["total"] for r in ready if not r["paid"])
    step = Step("get_my_orders", {"customer_id": uid}, {"orders": rows})
    ids = ", ".join(r["order_id"] for r in ready)
    if lang == "zh":
        request = "我有哪些枫糖浆订单可以去取了？取的时候要付多少钱？"
        output = f"可以取的订单：{ids}；取货时需付{owed}{cur}。"
    else:
        request = "Which of my syrup orders are ready to collect, and how much will I owe at pick-up?"
        output = f"Ready to collect: {ids}; you'll owe {owed} {cur} at pick-up."
    return _mk("maple-syrup", lang, request, output, _maple_tools(rng, lang), [step], today,
               user_id=uid, roles={"lookup": step, "main": step, "plain": step},
               slots={"user_id": (step, "customer_id")}, patterns=["own_records_by_context_id", "sum_in_answer"])


def maple_compare(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    grades = rng.sample(list(GRADES), 3)
    steps = [Step("get_catalogue", {"grade": g}, _catalogue(rng, lang, g), parallel=i > 0) for i, g in enumerate(grades)]
    words = [GRADES[g][1 if lang == "zh" else 0] for g in grades]
    cur = steps[0].result["products"][0]["currency"]
    if lang == "zh":
        request = f"比较一下{words[0]}、{words[1]}和{words[2]}枫糖浆250毫升的价格。"
        output = "；".join(f"{w}250毫升 {s.result['products'][0]['price']}{cur}" for w, s in zip(words, steps)) + "。"
    else:
        request = f"Compare the 250 ml price of {words[0]}, {words[1]} and {words[2]} syrup."
        output = "; ".join(f"{w} 250 ml: {s.result['products'][0]['price']} {cur}" for w, s in zip(words, steps)) + "."
    return _mk("maple-syrup", lang, request, output, _maple_tools(rng, lang), steps, today,
               roles={"lookup": steps[-1], "plain": steps[0], "main": steps[0]},
               slots={"enum": (steps[0], "grade")}, facts={"enum_word": words[0]}, patterns=["parallel_compare"])


# --- 8. calligraphy classes ------------------------------------------------------------------

STYLES = {"kaishu": ("regular script", "楷书"), "xingshu": ("running script", "行书"), "lishu": ("clerical script", "隶书"),
          "caoshu": ("cursive script", "草书")}
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
GRIDS = {"mi": ("rice-character grid", "米字格"), "tian": ("field grid", "田字格"), "jiugong": ("nine-square grid", "九宫格")}


def _calli_tools(rng, lang):
    return [
        _t(rng, lang, "list_classes", "Calligraphy classes of a style on a weekday.", "按书体和星期查询书法班。",
           ["style", "weekday"], style={"type": "string", "enum": list(STYLES)},
           weekday={"type": "string", "enum": WEEKDAYS}),
        _t(rng, lang, "book_trial", "Book a trial lesson of a class on a date.", "预约某个班在某天的试听课。",
           ["class_id", "date", "student_name"], class_id=STR, date=DATE, student_name=STR),
        _t(rng, lang, "get_my_classes", "The student's own enrolments.", "学员自己的报名。", ["student_id"], student_id=STR),
        _t(rng, lang, "request_makeup", "Ask for a make-up lesson for a missed one.", "为缺的课申请补课。",
           ["enrolment_id", "missed_date", "makeup_date"], enrolment_id=STR, missed_date=DATE, makeup_date=DATE),
        _t(rng, lang, "switch_class", "Move an enrolment to another class.", "转班。", ["enrolment_id", "new_class_id"],
           enrolment_id=STR, new_class_id=STR),
        _t(rng, lang, "generate_practice_sheet", "Start rendering a printable practice sheet (PDF job).",
           "生成可打印的字帖（异步任务）。", ["characters", "grid", "copies"], characters=STR,
           grid={"type": "string", "enum": list(GRIDS)}, copies={"type": "integer", "minimum": 1, "maximum": 50}),
        _t(rng, lang, "get_sheet_status", "Poll a practice-sheet job until it is done.", "轮询字帖任务直到完成。", ["job_id"],
           job_id=STR),
        _send_email(rng, lang),
    ]


def calli_trial(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    style = rng.choice(list(STYLES))
    wd = rng.choice([5, 6, 2, 3])
    rel = wd >= 5 and rng.random() < 0.6
    d = today + dt.timedelta(days=(wd - today.weekday()) % 7 + (0 if rel else 7 * rng.randint(1, 3)))
    ids = _codes(rng, "CL", 2, 4)
    times = rng.sample(["09:30", "14:00", "19:00"], 2)
    teachers = rng.sample(["Mr Lin", "Ms Gao", "Mr Xu", "Ms Fang"] if lang == "en" else ["林老师", "高老师", "徐老师", "方老师"], 2)
    rows = [{"class_id": ids[i], "teacher": teachers[i], "time": times[i], "weekday": WEEKDAYS[wd],
             "fee_per_lesson": rng.choice([120, 150]) if lang == "zh" else rng.choice([18, 22])} for i in range(2)]
    k = 0 if times[0] < times[1] else 1  # the user asks for the earlier one
    name = _name(rng, lang)
    tid = _code(rng, "TR", 6)
    lst = Step("list_classes", {"style": style, "weekday": WEEKDAYS[wd]}, {"classes": rows})
    book = Step("book_trial", {"class_id": rows[k]["class_id"], "date": _iso(d), "student_name": name},
                {"trial_id": tid, "date": _iso(d), "time": rows[k]["time"], "teacher": rows[k]["teacher"]})
    sw = STYLES[style][1 if lang == "zh" else 0]
    dsaid = (("这" if lang == "zh" else "this ") + (WD_ZH[wd] if lang == "zh" else WD_EN[wd])) if rel else _say(d, lang, today)
    if lang == "zh":
        request = f"想试听{dsaid}的{sw}课，早一点的那班，学员{name}。"
        output = f"已预约{_iso(d)} {rows[k]['time']}的{sw}试听课（{rows[k]['teacher']}），预约号{tid}。"
    else:
        request = f"I'd like a trial {sw} ({style}) lesson {'' if rel else 'on '}{dsaid}, the earlier class, student {name}."
        output = f"Trial booked: {sw} with {rows[k]['teacher']} on {_iso(d)} at {rows[k]['time']} (ref {tid})."
    return _mk("calligraphy", lang, request, output, _calli_tools(rng, lang), [lst, book], today,
               roles={"lookup": lst, "producer": lst, "main": book, "write": book, "plain": lst},
               slots={"copied_id": (book, "class_id"), "date": (book, "date"), "enum": (lst, "style")},
               facts={"enum_word": sw}, patterns=["list_then_book"] + (["weekday_from_trace_day"] if rel else []))


def calli_makeup(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    sid = _code(rng, "STU", 6)
    kw: dict[str, Any] = {}
    if rng.random() < 0.5:
        kw["attributes"] = {"student.id": sid}
    else:
        kw["resource"] = {"school.student_id": sid, "deployment": "calligraphy-prod"}
    style = rng.choice(list(STYLES))
    wd = rng.choice([1, 2, 3])  # the class day: Tue..Thu
    missed = today - dt.timedelta(days=today.weekday() + 7 - wd)
    rel = rng.random() < 0.6
    enr = _code(rng, "EN", 6)
    rows = [{"enrolment_id": enr, "style": style, "weekday": WEEKDAYS[wd], "teacher": "Ms Gao" if lang == "en" else "高老师"}]
    if rng.random() < 0.4:
        other = rng.choice([s for s in STYLES if s != style])
        rows.append({"enrolment_id": _code(rng, "EN", 6), "style": other, "weekday": "sat", "teacher": "Mr Xu" if lang == "en" else "徐老师"})
    mk = today + dt.timedelta(days=rng.randint(3, 12))
    mine = Step("get_my_classes", {"student_id": sid}, {"enrolments": rows})
    make = Step("request_makeup", {"enrolment_id": enr, "missed_date": _iso(missed), "makeup_date": _iso(mk)},
                {"request_id": _code(rng, "MU", 6), "status": "approved", "makeup_date": _iso(mk)})
    sw = STYLES[style][1 if lang == "zh" else 0]
    msaid = ("上" + WD_ZH[wd] if lang == "zh" else WD_EN[wd] + " last week") if rel else _say(missed, lang, today)
    if lang == "zh":
        request = f"我{msaid}的{sw}课没去，帮我约{_say(mk, lang, today)}补课。"
        output = f"已申请补课：{_iso(missed)}缺的{sw}课改在{_iso(mk)}补，已批准。"
    else:
        request = f"I missed my {sw} class {'' if rel else 'on '}{msaid} - can I make it up on {_say(mk, lang, today)}?"
        output = f"Make-up approved: the {sw} class you missed on {_iso(missed)} is made up on {_iso(mk)}."
    slots = {"context_id": (mine, "student_id"), "copied_id": (make, "enrolment_id"), "date": (make, "makeup_date")}
    facts: dict[str, Any] = {}
    if rel:
        slots["computed"] = (make, "missed_date")
        facts["computed_kind"] = "date"
    return _mk("calligraphy", lang, request, output, _calli_tools(rng, lang), [mine, make], today,
               roles={"lookup": mine, "producer": mine, "main": make, "write": make, "plain": make},
               slots=slots, facts=facts, patterns=["own_records_by_context_id"] + (["last_weekday_from_trace_day"] if rel else []),
               **kw)


def calli_sheet(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    chars = rng.choice(["永字八法", "上善若水", "厚德载物", "宁静致远"])
    grid = rng.choice(list(GRIDS))
    copies = rng.choice([5, 10, 20])
    job = _code(rng, "SHEET", 6)
    gen = Step("generate_practice_sheet", {"characters": chars, "grid": grid, "copies": copies},
               {"job_id": job, "status": "queued"})
    polls = [Step("get_sheet_status", {"job_id": job}, {"job_id": job, "status": "rendering", "pages_done": p})
             for p in ([2] if rng.random() < 0.5 else [1, 4])]
    url = f"https://calligraphy.example/sheets/{job}.pdf"
    polls.append(Step("get_sheet_status", {"job_id": job}, {"job_id": job, "status": "done", "url": url}))
    gw = GRIDS[grid][1 if lang == "zh" else 0]
    if lang == "zh":
        request = f"帮我生成{_n(copies, lang, rng) if copies <= 12 else copies}份「{chars}」的{gw}字帖。"
        output = f"字帖已生成（{copies}份，{gw}）：{url}"
    else:
        request = f"Make me {copies} copies of a practice sheet for 「{chars}」 on a {gw}."
        output = f"Your practice sheet ({copies} copies, {gw}) is ready: {url}"
    return _mk("calligraphy", lang, request, output, _calli_tools(rng, lang), [gen, *polls], today,
               roles={"producer": gen, "main": gen, "plain": gen},
               slots={"copied_id": (polls[0], "job_id"), "enum": (gen, "grid")}, facts={"enum_word": gw},
               patterns=["poll_until_done"])


def calli_switch(rng: random.Random, lang: str) -> Draft:
    today = _today(rng)
    style = rng.choice(list(STYLES))
    wd = rng.choice([1, 3, 5])
    ids = _codes(rng, "CL", 2, 4)
    rows = [{"class_id": ids[0], "time": "10:00", "teacher": "Ms Fang" if lang == "en" else "方老师"},
            {"class_id": ids[1], "time": "19:00", "teacher": "Mr Lin" if lang == "en" else "林老师"}]
    enr = _code(rng, "EN", 6)
    sw = STYLES[style][1 if lang == "zh" else 0]
    dayw = WD_ZH[wd] if lang == "zh" else WD_EN[wd]
    listing = "; ".join(f"{r['class_id']} {r['time']} {r['teacher']}" for r in rows)
    if lang == "zh":
        history = _hist(f"{dayw}有哪些{sw}班？", "list_classes", {"style": style, "weekday": WEEKDAYS[wd]},
                        {"classes": rows}, f"{dayw}有两个班：{listing}。")
        request = f"把我的报名{enr}转到晚上那个班。"
        output = f"已把{enr}转到{dayw}19:00（{rows[1]['teacher']}）的{sw}班。"
    else:
        history = _hist(f"Which {sw} classes run on {dayw}?", "list_classes", {"style": style, "weekday": WEEKDAYS[wd]},
                        {"classes": rows}, f"Two on {dayw}: {listing}.")
        request = f"Switch my enrolment {enr} to the evening one."
        output = f"Done - {enr} is now in the {dayw} 19:00 {sw} class with {rows[1]['teacher']}."
    move = Step("switch_class", {"enrolment_id": enr, "new_class_id": ids[1]},
                {"enrolment_id": enr, "class_id": ids[1], "status": "switched"})
    distractor = Step("list_classes", {"style": style, "weekday": WEEKDAYS[wd]}, {"classes": rows})
    return _mk("calligraphy", lang, request, output, _calli_tools(rng, lang), [move], today, history=history,
               session_id=_code(rng, "sess", 8),
               roles={"main": move, "write": move, "plain": move, "distractor": distractor},
               slots={"history_id": (move, "new_class_id")}, patterns=["history_reference"])


SCENARIOS = [escape_book, forage_errand, falcon_question, parking_renew, ktv_book, forge_errand, maple_order, calli_trial,
             escape_reschedule, forage_species, falcon_book, parking_visitor, ktv_compare, forge_commission, maple_change,
             calli_makeup, escape_mine, forage_cancel, falcon_history_cancel, parking_export, ktv_history_cancel,
             forge_transfer, maple_mine, calli_sheet, escape_compare, parking_compare, forge_question, maple_compare,
             escape_followup, calli_switch]


# --- faults: corpus.py's, guarded, and three of this split ------------------------------------

def _trace_text(draft: Draft, skip: Step) -> str:
    """Everything a value could be grounded in, but the call `skip` itself."""
    parts = [draft.request, json.dumps(draft.history, ensure_ascii=False), json.dumps(draft.attributes, ensure_ascii=False),
             json.dumps(draft.resource, ensure_ascii=False), str(draft.user_id), str(draft.session_id)]
    for s in draft.steps:
        parts.append(json.dumps(s.result, ensure_ascii=False))
        if s is not skip:
            parts.append(s.raw if s.raw is not None else json.dumps(s.args, ensure_ascii=False))
    return "\n".join(parts)


def _seen(draft: Draft, value: Any, skip: Step) -> bool:
    text = str(value)
    if isinstance(value, float) and value == int(value):
        text = str(int(value))
    return re.search(rf"(?<![\w.]){re.escape(text)}(?![\w]|\.\d)", _trace_text(draft, skip)) is not None


def ungrounded_value(draft: Draft, rng: random.Random):
    before = {id(s): copy.deepcopy(s.args) for s in draft.steps}
    marks = corpus.ungrounded_value(draft, rng)
    if marks is None:
        return None
    step = marks["ungrounded_value"][0]
    changed = [v for k, v in step.args.items() if before[id(step)].get(k) != v]
    if not changed or any(_seen(draft, v, step) for v in changed):
        return None  # a near miss that happens to be a real value elsewhere is not invented
    return marks


def _prev_twin_failed(draft: Draft, step: Step) -> bool:
    i = draft.steps.index(step)
    return i > 0 and draft.steps[i - 1].tool == step.tool and draft.steps[i - 1].args == step.args and bool(draft.steps[i - 1].error)


def no_recovery(draft: Draft, rng: random.Random):
    if _prev_twin_failed(draft, draft.steps[-1]):
        return None  # it would be the same failing call twice in a row: a loop as well
    return corpus.no_recovery(draft, rng)


def silent_failure(draft: Draft, rng: random.Random):
    write = draft.roles.get("write")
    if write is None or write not in draft.steps or _prev_twin_failed(draft, write):
        return None
    return corpus.silent_failure(draft, rng)


def miscomputed(draft: Draft, rng: random.Random):
    """A value the agent had to compute (an end time, a date N days on, a bottle count, a deposit), got wrong."""
    found = draft.slots.get("computed")
    if found is None:
        return None
    step, key = found
    value, kind = step.args.get(key), draft.facts.get("computed_kind")
    if kind == "date" and isinstance(value, str):
        d = dt.date.fromisoformat(value)
        options = [_iso(d + dt.timedelta(days=k)) for k in (1, -1, 7, 2)]
    elif kind == "time" and isinstance(value, str) and re.fullmatch(r"\d\d:\d\d", value):
        options = [_hm(_mins(value) + k) for k in (60, -30, 30, -60)]
    elif kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        options = [v for v in (value + 1, value - 1, value * 2, value + 2) if v >= 1]
        if key == "length_mm":
            options = [v for v in (value + 50, value - 20, value + 30, value // 10 * 10 + 100) if 50 <= v <= 600]
    elif kind == "money" and isinstance(value, (int, float)) and not isinstance(value, bool):
        unit = value / max(1, _people(draft))
        options = [v for v in (value + unit, value - unit, unit, value + 10) if v > 0 and v != value]
        options = [int(v) if v == int(v) else round(v, 2) for v in options]
    else:
        return None
    for wrong in options:
        if wrong != value and not _seen(draft, wrong, step):
            step.args[key] = wrong
            return {"ungrounded_value": [step]}
    return None


def wrong_tool(draft: Draft, rng: random.Random):
    main = draft.roles.get("main")
    before = None
    if main is not None and main in draft.steps and draft.steps.index(main) > 0:
        prev = draft.steps[draft.steps.index(main) - 1]
        if prev.error and prev.tool == main.tool:
            before = prev  # the first try of the asked write, which met a 503 (another fault may have edited it)
    marks = corpus.wrong_tool(draft, rng)
    if marks is not None and before is not None:
        draft.facts["_failed_write"] = before
    return marks


def future_ref(draft: Draft, rng: random.Random):
    """The consumer of a copied id runs before the call whose result holds it (only it moves)."""
    found, producer = draft.slots.get("copied_id"), draft.roles.get("producer")
    if found is None or producer is None or producer not in draft.steps:
        return None
    consumer = found[0]
    if consumer not in draft.steps or producer.parallel or corpus._twin(draft, consumer):
        return None
    i, j = draft.steps.index(producer), draft.steps.index(consumer)
    if j <= i or (j + 1 < len(draft.steps) and draft.steps[j + 1].parallel):
        return None
    draft.steps.insert(i, draft.steps.pop(j))
    consumer.parallel = False
    draft.facts["_future_ref"] = (consumer, found[1], consumer.args[found[1]])
    return {"future_ref": [consumer]}


def _no_split_turn(fault):
    """A copy placed before a call of one model turn would leave that call waiting: no place."""
    def guarded(draft: Draft, rng: random.Random):
        marks = fault(draft, rng)
        if marks is None:
            return None
        for s in marks.get("redundant_calls", []):
            k = draft.steps.index(s)
            if k + 1 < len(draft.steps) and draft.steps[k + 1].parallel:
                return None
        return marks
    guarded.__name__ = fault.__name__
    return guarded


def _people(draft: Draft) -> int:
    for s in draft.steps:
        if isinstance(s.args, dict):
            for k in ("participants", "students"):
                if isinstance(s.args.get(k), int):
                    return s.args[k]
    return 1


def side_call(draft: Draft, rng: random.Random):
    """A call nobody asked for, after the work is done: the wrong tool for this request."""
    side = draft.roles.get("side")
    if side is None:
        return None
    step = copy.deepcopy(side)
    step.parallel = False
    draft.steps.append(step)
    draft.facts["_side"] = step
    return {"wrong_tool": [step]}


def invented_option(draft: Draft, rng: random.Random):
    """An optional argument the user never gave (a discount code) filled in anyway."""
    found = draft.slots.get("optional")
    if found is None:
        return None
    step, key = found
    if not isinstance(step.args, dict) or key in step.args:
        return None
    for code in rng.sample(draft.facts["optional_values"], len(draft.facts["optional_values"])):
        if not _seen(draft, code, step):
            step.args[key] = code
            return {"ungrounded_value": [step]}
    return None


FAULTS = dict(corpus.FAULTS)
FAULTS.update({"ungrounded_value": ungrounded_value, "no_recovery": no_recovery, "silent_failure": silent_failure,
               "wrong_tool": wrong_tool,
               "future_ref": future_ref, "redundant_calls": _no_split_turn(corpus.redundant_calls),
               "repeated_identical_call": _no_split_turn(corpus.repeated_identical_call),
               "miscomputed": miscomputed, "side_call": side_call, "invented_option": invented_option})
_ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
_COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
_ORDER = {name: 2 if name == "pii_leak" else 1 if name in _ENDINGS else -1 if name in _COPIES else 0 for name in FAULTS}
_CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}, {"side_call", "silent_failure"},
            {"side_call", "no_recovery"}, {"future_ref", "miscomputed"}]
_KEEP_ABSENT = {"extra", "optional"}


def _label_pass(draft: Draft, marks: dict[str, list[Step | None]]) -> None:
    """Labels that two faults together bring along, read off the finished draft (labels only)."""
    failed = draft.facts.get("_failed_write")
    if failed is not None and failed in draft.steps and failed.error and draft.output \
            and draft.output.startswith(draft.facts["success_text"]):
        # the asked write's only try failed, a lookup took its place and the answer says it went through
        marks.setdefault("silent_failure", []).append(failed)
        marks.setdefault("unverified_success", []).append(failed)
    moved = draft.facts.get("_future_ref")
    if moved is not None and moved[0] in draft.steps:
        consumer, _, value = moved
        later = draft.steps[draft.steps.index(consumer) + 1:]
        if not any(not s.error and str(value) in json.dumps(s.result, ensure_ascii=False) for s in later):
            # the result that would have held it failed: the value is held by no result at all
            marks["future_ref"] = [s for s in marks["future_ref"] if s is not consumer]
            if not marks["future_ref"]:
                del marks["future_ref"]
            marks.setdefault("ungrounded_value", []).append(consumer)
    side = draft.facts.get("_side")
    if side is not None and side in draft.steps:
        k = draft.steps.index(side)
        if any(not s.error and s.tool == side.tool and s.args == side.args for s in draft.steps[:k]):
            marks.setdefault("redundant_calls", []).append(side)  # the side call repeats an earlier one


def _make_case(index: int, scenario, lang: str, faults: list[str], rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    if any(clash <= set(faults) for clash in _CLASHES):
        return None
    for name in sorted(faults, key=_ORDER.__getitem__):
        # a slot whose argument an earlier fault removed is no place for another
        draft.slots = {k: v for k, v in draft.slots.items()
                       if k in _KEEP_ABSENT or (isinstance(v[0].args, dict) and v[0].raw is None and v[1] in v[0].args)}
        try:
            found = FAULTS[name](draft, rng)
        except (KeyError, ValueError, TypeError):
            return None
        if found is None:
            return None
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != corpus.TOUCHED:
                marks.setdefault(label, []).extend(marked)
    _label_pass(draft, marks)
    trajectory, seqs = build(draft, f"{SPLIT[:1]}{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean, the rest with one fault or two on different calls."""
    rng = random.Random(seed)
    cases: list[Case] = []
    names = list(FAULTS)
    while len(cases) < n:
        index = len(cases)
        roll = rng.random()
        faults = [] if roll < 0.5 else [rng.choice(names)] if roll < 0.85 else rng.sample(names, 2)
        if len(faults) == 2 and set(faults) <= _ENDINGS:
            continue
        for attempt in range(2 * len(SCENARIOS)):
            scenario = SCENARIOS[(index + attempt) % len(SCENARIOS)]
            lang = ("en", "zh")[(index // len(SCENARIOS) + attempt) % 2]
            case = _make_case(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
            if case is not None:
                cases.append(case)
                break
    return cases
