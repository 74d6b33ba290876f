"""The soothed split: agent traffic of community choirs' sheet-music lending, organic vegetable
markets, furniture restoration, photography studio hire, ice rinks, archery ranges, surf schools and
yoga retreats, written by a twentieth helper who read neither the evaluators, their calibration nor
any other split. It must not be read when tuning the evaluators, or it stops being unseen.

Shapes: a booking (studio), questions answered by lookups (ice rink), a comparison of options in
parallel calls (surf quotes), a change or cancellation of an existing record (yoga retreat), a
computation from results and the request (archery lane end times and totals, vegetable pre-order
totals in 斤 and kilos, due dates N weeks later), follow-ups of an earlier turn (sheet-music loan,
studio booking change, ice rink), an export polled to completion with a status tool (market sales),
a retry after a transient 503 that then succeeds (restoration quote), and ids the framework fills in
(user.id, tenant, market, range and choir ids on the root span attributes or resource). English and
Chinese requests, tool descriptions sometimes in the other language.

Each case is built from (seed, index) alone, so changing one leaves the others as they were.
"""
from __future__ import annotations

import copy
import datetime as dt
import random
from collections.abc import Callable

from tests.judgement.corpus import FAULTS, TOUCHED, Case, Draft, Marks, Step, build, tool

SPLIT = "soothed"
WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WEEKDAYS_ZH = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
CN_NUM = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八"}


def _day(rng: random.Random) -> dt.date:
    return dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 400))


def _weekday_after(day: dt.date, rng: random.Random) -> tuple[int, dt.date]:
    """A weekday other than today's and the next date that falls on it."""
    wd = rng.choice([w for w in range(7) if w != day.weekday()])
    return wd, day + dt.timedelta(days=(wd - day.weekday()) % 7)


def _zh_date(d: dt.date) -> str:
    return f"{d.month}月{d.day}日"


def _en_date(d: dt.date) -> str:
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B')}"


def _dl(rng: random.Random, lang: str) -> str:
    """The language of the tool descriptions: mostly the user's, sometimes the other one."""
    return lang if rng.random() < 0.7 else ("zh" if lang == "en" else "en")


def _t(dl: str, tname: str, en: str, zh: str, required: list[str] | None = None, /, **props: dict):
    """corpus.tool, with descriptions in two languages (and a property may be called `name`)."""
    made = tool(tname, en if dl == "en" else zh, required)
    made.parameters["properties"] = props
    return made


DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}
HHMM = {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}
EMAIL_TOOL = ("send_email", "Send an e-mail on the user's behalf.", "代用户发送电子邮件。")


def _email(dl: str):
    return _t(dl, *EMAIL_TOOL, ["to", "subject", "body"], to={"type": "string", "format": "email"},
              subject={"type": "string"}, body={"type": "string"})


# --- scenarios: each drafts one clean run ---------------------------------------------------

def studio_booking(rng: random.Random, lang: str) -> Draft:
    """Photography studio hire: search, pick the cheapest, book it."""
    day, dl = _day(rng), _dl(rng, lang)
    city_en, city_zh, cur = rng.choice([("Chengdu", "成都", "CNY"), ("Hangzhou", "杭州", "CNY"),
                                        ("Leeds", "利兹", "GBP"), ("Bristol", "布里斯托", "GBP")])
    wd, shoot = _weekday_after(day, rng)
    hours = rng.randint(2, 6)
    start, start_en, start_zh = rng.choice([("09:00", "9am", "上午九点"), ("10:00", "10am", "上午十点"),
                                            ("13:00", "1pm", "下午一点"), ("14:30", "2:30pm", "下午两点半")])
    backdrop, bd_en, bd_zh = rng.choice([("green_screen", "green screen", "绿幕"), ("white_cyc", "white cyc", "白色无影墙"),
                                         ("black", "all-black", "黑色"), ("paper_roll", "paper roll", "背景纸")])
    user = f"u-{rng.randint(10000, 99999)}"
    code = f"SNAP{rng.randint(10, 30)}" if rng.random() < 0.5 else None
    names = rng.sample(["光合影棚", "蓝盒子摄影棚", "白房子摄影工作室", "Foundry Nine"] if cur == "CNY"
                       else ["Northlight Studio", "Bluebox Loft", "Foundry Nine", "Kiln Room"], 3)
    base = 180 if cur == "CNY" else 35
    studios = [{"studio_id": f"ST-{rng.randint(1000, 9999)}", "name": n, "rate_per_hour": base + rng.randint(0, 12) * 5,
                "currency": cur, "backdrops": [backdrop, "white_cyc"] if backdrop != "white_cyc" else ["white_cyc"]}
               for n in names]
    cheap = min(studios, key=lambda s: s["rate_per_hour"])
    city = city_en if lang == "en" or rng.random() < 0.4 else city_zh  # 成都 → "Chengdu" is fine too
    if lang == "en":
        req = (f"Can you book a photo studio in {city_en} with a {bd_en} backdrop on {WEEKDAYS_EN[wd]}, "
               f"{hours} hours from {start_en}? Cheapest one please.")
        if code:
            req += f" I have a member code {code}."
    else:
        req = f"帮我订一个{city_zh}的摄影棚，{WEEKDAYS_ZH[wd]}{start_zh}开始，拍{CN_NUM[hours]}个小时，要{bd_zh}背景，挑最便宜的。"
        if code:
            req += f"我有会员码{code}。"
    tools = [
        _t(dl, "search_studios", "Search photography studios free for hire in a city on a date.",
           "按城市和日期搜索可租用的摄影棚。", ["city", "date"], city={"type": "string"}, date=DATE,
           hours={"type": "integer", "minimum": 1, "maximum": 12},
           backdrop={"type": "string", "enum": ["white_cyc", "black", "green_screen", "paper_roll"]}),
        _t(dl, "book_studio", "Book a studio for a number of hours from a start time.", "预订摄影棚的时段。",
           ["studio_id", "date", "start_time", "hours", "customer_id"], studio_id={"type": "string"}, date=DATE,
           start_time=HHMM, hours={"type": "integer", "minimum": 1, "maximum": 12}, customer_id={"type": "string"}),
        _t(dl, "get_studio_reviews", "Read customer reviews of a studio.", "查看摄影棚的用户评价。", ["studio_id"],
           studio_id={"type": "string"}),
    ]
    search = Step("search_studios", {"city": city, "date": shoot.isoformat(), "hours": hours, "backdrop": backdrop}, studios)
    ref = f"PB-{rng.randint(10000, 99999)}"
    total = cheap["rate_per_hour"] * hours
    book = Step("book_studio", {"studio_id": cheap["studio_id"], "date": shoot.isoformat(), "start_time": start,
                                "hours": hours, "customer_id": user},
                {"booking_ref": ref, "status": "confirmed", "total": total, "currency": cur})
    h, m = map(int, start.split(":"))
    end = f"{h + hours:02d}:{m:02d}"
    if lang == "en":
        out = (f"Booked {cheap['name']} on {_en_date(shoot)}, {start}–{end}, the cheapest of the three at "
               f"{cheap['rate_per_hour']} {cur}/hour: {total} {cur} in total. Reference {ref}.")
        if code:
            out += f" The booking system has no field for member codes, so show {code} at the front desk."
    else:
        out = (f"已为你预订{cheap['name']}，{_zh_date(shoot)} {start}–{end}，三家里最便宜，每小时{cheap['rate_per_hour']} {cur}，"
               f"共{total} {cur}。预订号{ref}。")
        if code:
            out += f"预订系统没有会员码一栏，请到前台出示{code}。"
    draft = Draft("photo_studio", lang, req, out, tools, [search, book], day, user_id=user,
                  session_id=f"s-{rng.randint(1000, 9999)}", attributes={"app.channel": rng.choice(["web", "wechat"])},
                  resource={"tenant.id": "studiohub"},
                  patterns=["date from a weekday", "enum from the user's words", "user id from context",
                            "cheapest chosen from results", "end time and total computed"]
                  + (["code the tool cannot take, left out"] if code else []) + (["city in English for 中文"] if city == city_en and lang == "zh" else []))
    draft.roles = {"lookup": search, "producer": search, "main": book, "write": book, "plain": search,
                   "distractor": Step("get_studio_reviews", {"studio_id": cheap["studio_id"]}, {"rating": 4.6, "reviews": 38})}
    draft.slots = {"date": (book, "date"), "enum": (search, "backdrop"), "copied_id": (book, "studio_id"),
                   "user_id": (book, "customer_id")}
    if code:
        draft.slots["extra"] = (book, "promo_code")
    draft.facts = {"enum_word": bd_en if lang == "en" else bd_zh, "extra_value": code, "success_text": out,
                   "date_format": True, "date_steps": [(search, "date"), (book, "date")],
                   "date_word": WEEKDAYS_EN[wd] if lang == "en" else WEEKDAYS_ZH[wd]}
    return draft


def ice_rink(rng: random.Random, lang: str) -> Draft:
    """Ice rink: public skating sessions and rental skates, looked up in parallel."""
    day, dl = _day(rng), _dl(rng, lang)
    rink, rink_zh, city, city_zh = rng.choice([("Glacier Arena", "冰川冰场", "Harbin", "哈尔滨"),
                                               ("Northgate Ice Centre", "北门冰上中心", "Beijing", "北京"),
                                               ("Riverside Rink", "河畔冰场", "Nottingham", "诺丁汉")])
    rink_id = f"RK-{rng.randint(100, 999)}"
    size = rng.randint(36, 45)
    tomorrow = day + dt.timedelta(days=1)
    followup = rng.random() < 0.4
    sessions = [{"session_id": f"PS-{rng.randint(1000, 9999)}", "start": s, "end": e, "price": p}
                for s, e, p in [("10:00", "12:00", 40), ("14:00", "16:00", 40), ("19:00", "21:00", 55)]]
    rental = {"size_eu": size, "available": rng.randint(2, 9), "price": 15}
    tools = [
        _t(dl, "find_rink", "Find an ice rink by city and name.", "按城市和名称查找冰场。", ["city"],
           city={"type": "string"}, name={"type": "string"}),
        _t(dl, "get_public_sessions", "Public skating sessions of a rink on a day.", "查询冰场某天的公众滑冰场次。",
           ["rink_id", "date"], rink_id={"type": "string"},
           date={"type": "string", "description": "Date, YYYY-MM-DD"}),
        _t(dl, "get_skate_rental", "Rental skates available in an EU size.", "查询某个欧码的租赁冰鞋库存。",
           ["rink_id", "size_eu"], rink_id={"type": "string"}, size_eu={"type": "integer", "minimum": 28, "maximum": 49}),
        _t(dl, "get_lessons", "Skating lessons and coaching classes on a day.", "查询某天的滑冰课程和教练课。",
           ["rink_id", "date"], rink_id={"type": "string"}, date={"type": "string"}),
        _email(dl),
    ]
    history = []
    steps = []
    if followup:
        history = [
            {"role": "user", "text": f"Where is {rink} in {city}?" if lang == "en" else f"{city_zh}的{rink_zh}在哪？"},
            {"role": "assistant", "calls": [{"name": "find_rink", "arguments": {"city": city if lang == "en" else city_zh,
                                                                                 "name": rink if lang == "en" else rink_zh}}]},
            {"role": "tool", "results": [{"rink_id": rink_id, "name": rink, "address": "12 Quay Road"}]},
            {"role": "assistant", "text": f"{rink} is at 12 Quay Road." if lang == "en" else f"{rink_zh}在12 Quay Road。"},
        ]
        req = (f"Is there public skating there tomorrow evening? And can I rent size {size} skates?" if lang == "en"
               else f"那里明天晚上有公众滑冰吗？能租到{size}码的冰鞋吗？")
        find = None
    else:
        req = (f"Is there public skating at {rink} in {city} tomorrow evening? And can I rent size {size} skates there?"
               if lang == "en" else f"{city_zh}的{rink_zh}明天晚上有公众滑冰吗？能租到{size}码的冰鞋吗？")
        find = Step("find_rink", {"city": city if lang == "en" else city_zh, "name": rink if lang == "en" else rink_zh},
                    {"rink_id": rink_id, "name": rink, "address": "12 Quay Road"})
        steps.append(find)
    rent = Step("get_skate_rental", {"rink_id": rink_id, "size_eu": size}, rental)
    sess = Step("get_public_sessions", {"rink_id": rink_id, "date": tomorrow.isoformat()}, sessions, parallel=True)
    steps += [rent, sess]
    ev = sessions[2]
    out = (f"Yes: tomorrow ({tomorrow.isoformat()}) there's an evening public session {ev['start']}–{ev['end']} "
           f"for {ev['price']}, and {rental['available']} pairs of size {size} rental skates are in stock ({rental['price']} each)."
           if lang == "en" else
           f"有的：明天（{_zh_date(tomorrow)}）晚上{ev['start']}–{ev['end']}有公众场，{ev['price']}元；{size}码冰鞋还有{rental['available']}双可租，每双{rental['price']}元。")
    draft = Draft("ice_rink", lang, req, out, tools, steps, day, user_id=f"u-{rng.randint(10000, 99999)}",
                  session_id=f"s-{rng.randint(1000, 9999)}", history=history, resource={"tenant.id": "rinks-united"},
                  patterns=["tomorrow resolved from the trace's day", "two lookups in one turn"]
                  + (["rink id from an earlier turn"] if followup else ["rink id from a result"]))
    draft.roles = {"lookup": find or rent, "main": sess, "plain": rent,
                   "distractor": Step("get_lessons", {"rink_id": rink_id, "date": tomorrow.isoformat()}, [{"class": "Beginner", "time": "18:00"}])}
    if find:
        draft.roles["producer"] = find
        draft.slots["copied_id"] = (sess, "rink_id")
    else:
        draft.slots["history_id"] = (sess, "rink_id")
    draft.slots["date"] = (sess, "date")
    draft.facts = {"date_format": False, "date_steps": [(sess, "date")], "date_word": "tomorrow" if lang == "en" else "明天"}
    return draft


def surf_compare(rng: random.Random, lang: str) -> Draft:
    """Surf schools: list the schools of a beach, then quote all three in one turn."""
    day, dl = _day(rng), _dl(rng, lang)
    beach, beach_zh = rng.choice([("Riyue Bay", "日月湾"), ("Ericeira", "埃里塞拉"), ("Bondi", "邦迪海滩"), ("Hossegor", "奥斯戈尔")])
    cur, cur_en, cur_zh = rng.choice([("EUR", "in euros", "用欧元"), ("CNY", "in yuan", "用人民币"), ("AUD", "in Australian dollars", "用澳元")])
    kind, kind_en, kind_zh = rng.choice([("private", "private", "私教"), ("group", "group", "团体"), ("semi_private", "semi-private", "半私教")])
    when = day + dt.timedelta(days=rng.randint(5, 60))
    schools = [{"school_id": f"SS-{rng.randint(100, 999)}", "name": n} for n in rng.sample(
        ["Salt & Swell", "Point Break Academy", "Blue Lip Surf", "Kelp Riders", "Morning Glass"], 3)]
    prices = [rng.randint(6, 16) * 5 for _ in schools]
    tools = [
        _t(dl, "list_schools", "List surf schools operating on a beach.", "列出某个海滩的冲浪学校。", ["beach"],
           beach={"type": "string"}),
        _t(dl, "get_lesson_quote", "Price of a surf lesson at a school on a date.", "查询冲浪学校某天课程的报价。",
           ["school_id", "lesson_type", "date"], school_id={"type": "string"},
           lesson_type={"type": "string", "enum": ["group", "semi_private", "private"]}, date=DATE,
           currency={"type": "string", "pattern": "^[A-Z]{3}$", "default": "USD"}),
        _t(dl, "get_surf_forecast", "Wave height and wind forecast for a beach.", "查询海滩的浪高和风力预报。",
           ["beach", "date"], beach={"type": "string"}, date=DATE),
    ]
    b = beach if lang == "en" else beach_zh
    req = (f"Compare the price of a {kind_en} surf lesson at the schools on {beach} on {when.day} {when.strftime('%B')}, {cur_en} please."
           if lang == "en" else f"帮我比较一下{beach_zh}几家冲浪学校{_zh_date(when)}{kind_zh}课的价格，{cur_zh}显示。")
    ls = Step("list_schools", {"beach": b}, schools)
    quotes = [Step("get_lesson_quote", {"school_id": s["school_id"], "lesson_type": kind, "date": when.isoformat(),
                                        "currency": cur}, {"school_id": s["school_id"], "price": p, "currency": cur,
                                                           "duration_min": 90}, parallel=i > 0)
              for i, (s, p) in enumerate(zip(schools, prices))]
    order = sorted(zip(schools, prices), key=lambda x: x[1])
    (c, cp), (d, dp) = order[0], order[-1]
    out = (f"For {when.isoformat()}: " + ", ".join(f"{s['name']} {p} {cur}" for s, p in zip(schools, prices))
           + f". {c['name']} is cheapest, {dp - cp} {cur} less than {d['name']}." if lang == "en" else
           f"{_zh_date(when)}的报价：" + "，".join(f"{s['name']} {p} {cur}" for s, p in zip(schools, prices))
           + f"。{c['name']}最便宜，比{d['name']}便宜{dp - cp} {cur}。")
    draft = Draft("surf_school", lang, req, out, tools, [ls, *quotes], day, user_id=f"u-{rng.randint(10000, 99999)}",
                  resource={"tenant.id": "surfdesk"},
                  patterns=["currency code for the name the user said", "date without a year resolved forward",
                            "three quotes in one turn", "difference computed", "enum member from the user's words"])
    draft.roles = {"lookup": ls, "producer": ls, "main": quotes[0], "plain": ls,
                   "distractor": Step("get_surf_forecast", {"beach": b, "date": when.isoformat()}, {"wave_m": 1.2})}
    draft.slots = {"copied_id": (quotes[1], "school_id"), "enum": (quotes[0], "lesson_type"),
                   "currency": (quotes[2], "currency"), "date": (quotes[0], "date")}
    draft.facts = {"enum_word": kind_en + " lesson" if lang == "en" else kind_zh + "课", "date_format": True,
                   "date_steps": [(q, "date") for q in quotes], "parallel_group": True}
    return draft


def yoga_change(rng: random.Random, lang: str) -> Draft:
    """Yoga retreats: move an existing booking to the next session, or cancel it."""
    day, dl = _day(rng), _dl(rng, lang)
    user = f"m-{rng.randint(1000, 9999)}"
    retreat, retreat_zh = rng.choice([("Silent Valley Hatha", "静谷哈他"), ("Coastal Vinyasa Week", "海岸流瑜伽周"),
                                      ("Mountain Yin Retreat", "山间阴瑜伽静修")])
    start = day + dt.timedelta(days=rng.randint(10, 40))
    bid, rid = f"YR-{rng.randint(1000, 9999)}", f"RT-{rng.randint(10, 99)}"
    room, room_en, room_zh = rng.choice([("single", "single room", "单人间"), ("double", "double room", "双人间"),
                                         ("shared", "shared room", "多人间")])
    bookings = [{"booking_id": bid, "retreat_id": rid, "retreat": retreat, "start_date": start.isoformat(), "room": room,
                 "paid": 960},
                {"booking_id": f"YR-{rng.randint(1000, 9999)}", "retreat_id": f"RT-{rng.randint(10, 99)}",
                 "retreat": "Winter Breathwork", "start_date": (start + dt.timedelta(days=90)).isoformat(), "room": "shared", "paid": 400}]
    cancel = rng.random() < 0.4
    tools = [
        _t(dl, "list_my_bookings", "List a member's retreat bookings.", "列出会员的静修预订。", ["member_id"], member_id={"type": "string"}),
        _t(dl, "get_retreat_dates", "Upcoming start dates of a retreat from a date on.", "查询某个静修从某天起的开课日期。",
           ["retreat_id", "from_date"], retreat_id={"type": "string"}, from_date=DATE),
        _t(dl, "change_booking", "Move a booking to another start date (and room type).", "把预订改到另一个开课日期（及房型）。",
           ["booking_id", "new_start_date"], booking_id={"type": "string"}, new_start_date=DATE,
           room={"type": "string", "enum": ["shared", "single", "double"]}),
        _t(dl, "cancel_booking", "Cancel a retreat booking; refund per policy.", "取消静修预订，按政策退款。", ["booking_id"],
           booking_id={"type": "string"}),
        _t(dl, "get_packing_list", "What to bring to a retreat.", "静修需要携带的物品清单。", ["retreat_id"], retreat_id={"type": "string"}),
    ]
    ls = Step("list_my_bookings", {"member_id": user}, bookings)
    draft_patterns = ["member id from context", "booking id copied from a result"]
    if cancel:
        refund = 960 * 80 // 100
        req = (f"Please cancel my {retreat} booking, something came up." if lang == "en" else f"请帮我取消{retreat_zh}的预订，临时有事去不了。")
        act = Step("cancel_booking", {"booking_id": bid}, {"booking_id": bid, "status": "cancelled", "refund": refund, "refund_pct": 80})
        steps = [ls, act]
        out = (f"Cancelled booking {bid} ({retreat}, {start.isoformat()}). You'll get 80% back: {refund} of the {960} paid."
               if lang == "en" else f"已取消预订{bid}（{retreat_zh}，{_zh_date(start)}），退款为已付960的80%，即{refund}。")
        distractor = Step("get_packing_list", {"retreat_id": rid}, ["mat", "blanket"])
        slots = {"user_id": (ls, "member_id"), "copied_id": (act, "booking_id")}
        facts = {"success_text": out}
        draft_patterns.append("refund share computed")
    else:
        nxt = start + dt.timedelta(days=28)
        dates = [{"start_date": start.isoformat(), "places": 0}, {"start_date": nxt.isoformat(), "places": 4},
                 {"start_date": (nxt + dt.timedelta(days=28)).isoformat(), "places": 9}]
        req = (f"I can't make my {retreat} dates after all. Can you move me to the next session after it? Keep the {room_en}."
               if lang == "en" else f"{retreat_zh}那期我去不了了，帮我改到下一期吧，房型还是{room_zh}。")
        gd = Step("get_retreat_dates", {"retreat_id": rid, "from_date": start.isoformat()}, dates)
        act = Step("change_booking", {"booking_id": bid, "new_start_date": nxt.isoformat(), "room": room},
                   {"booking_id": bid, "start_date": nxt.isoformat(), "room": room, "status": "changed"})
        steps = [ls, gd, act]
        out = (f"Done — booking {bid} now starts {nxt.isoformat()} (the next {retreat} session), still a {room_en}."
               if lang == "en" else f"好了，预订{bid}已改到{_zh_date(nxt)}开始的下一期{retreat_zh}，房型仍是{room_zh}。")
        distractor = Step("cancel_booking", {"booking_id": bid}, {"booking_id": bid, "status": "cancelled", "refund": 768})
        slots = {"user_id": (ls, "member_id"), "copied_id": (act, "booking_id"), "enum": (act, "room"),
                 "date": (act, "new_start_date")}
        facts = {"success_text": out, "enum_word": room_en if lang == "en" else room_zh, "date_format": True,
                 "date_steps": [(act, "new_start_date")], "date_shift": 3}
        draft_patterns += ["new date picked from results", "enum member from the user's words"]
    draft = Draft("yoga_retreat", lang, req, out, tools, steps, day, user_id=user, session_id=f"s-{rng.randint(1000, 9999)}",
                  attributes={"member.tier": "gold"}, resource={"tenant.id": "retreatbook"}, patterns=draft_patterns)
    draft.roles = {"lookup": ls, "producer": ls, "main": act, "write": act, "plain": ls, "distractor": distractor}
    draft.slots, draft.facts = slots, facts
    return draft


def archery_lane(rng: random.Random, lang: str) -> Draft:
    """Archery range: check free lanes, reserve one; end time and price computed."""
    day, dl = _day(rng), _dl(rng, lang)
    user = f"arch-{rng.randint(1000, 9999)}"
    range_id = f"AR-{rng.randint(1000, 9999)}"
    wd, when = _weekday_after(day, rng)
    start, s_en, s_zh = rng.choice([("17:30", "5:30pm", "下午五点半"), ("18:00", "6pm", "晚上六点"), ("10:30", "10:30am", "上午十点半")])
    minutes, d_en, d_zh = rng.choice([(90, "an hour and a half", "一个半小时"), (120, "two hours", "两个小时"), (60, "an hour", "一个小时")])
    archers = rng.randint(2, 4)
    h, m = map(int, start.split(":"))
    end_min = h * 60 + m + minutes
    end = f"{end_min // 60:02d}:{end_min % 60:02d}"
    rate = rng.choice([8, 9.5, 12])
    lane = f"L{rng.randint(1, 12)}"
    total = round(archers * rate * minutes / 60, 2)
    tools = [
        _t(dl, "check_lanes", "Free shooting lanes at the range for a date, start time and duration.",
           "查询射箭场某天某时段的空闲靶道。", ["range_id", "date", "start_time", "minutes"], range_id={"type": "string"},
           date=DATE, start_time=HHMM, minutes={"type": "integer", "minimum": 30, "maximum": 180}),
        _t(dl, "reserve_lane", "Reserve a lane. bow_hire: whether the range lends bows.", "预订靶道；bow_hire 表示是否租弓。",
           ["range_id", "lane_id", "date", "start_time", "end_time", "archers", "member_id"], range_id={"type": "string"},
           lane_id={"type": "string"}, date=DATE, start_time=HHMM, end_time=HHMM,
           archers={"type": "integer", "minimum": 1, "maximum": 4}, bow_hire={"type": "boolean", "default": False},
           member_id={"type": "string"}),
        _t(dl, "get_coaching_slots", "Coaching sessions with an instructor on a date.", "查询某天的教练课时段。",
           ["range_id", "date"], range_id={"type": "string"}, date=DATE),
    ]
    req = (f"Book us a lane on {WEEKDAYS_EN[wd]} from {s_en} for {d_en}, {archers} archers, we bring our own bows."
           if lang == "en" else f"{WEEKDAYS_ZH[wd]}{s_zh}帮我们订一条靶道，射{d_zh}，{CN_NUM[archers]}个人，自己带弓。")
    chk = Step("check_lanes", {"range_id": range_id, "date": when.isoformat(), "start_time": start, "minutes": minutes},
               {"free_lanes": [lane, f"L{rng.randint(13, 20)}"], "price_per_archer_hour": rate, "currency": "GBP"})
    res = Step("reserve_lane", {"range_id": range_id, "lane_id": lane, "date": when.isoformat(), "start_time": start,
                                "end_time": end, "archers": archers, "bow_hire": False, "member_id": user},
               {"reservation_id": f"LR-{rng.randint(10000, 99999)}", "total": total, "currency": "GBP"})
    out = (f"Lane {lane} is yours on {_en_date(when)}, {start}–{end}, {archers} archers with own bows: "
           f"{archers} × {rate} GBP × {minutes / 60:g} h = {total:g} GBP." if lang == "en" else
           f"已订好{_zh_date(when)} {start}–{end} 的{lane}号靶道，{archers}人自带弓：{archers}×{rate}英镑×{minutes / 60:g}小时，共{total:g}英镑。")
    draft = Draft("archery_range", lang, req, out, tools, [chk, res], day, user_id=user, resource={"range.id": range_id, "tenant.id": "bullseye-ranges"},
                  patterns=["range id from the resource", "end time computed", "duration in minutes from words",
                            "bow_hire false as the user said (schema default)", "price computed"])
    draft.roles = {"lookup": chk, "producer": chk, "main": res, "write": res, "plain": chk,
                   "distractor": Step("get_coaching_slots", {"range_id": range_id, "date": when.isoformat()}, [{"time": "18:00"}])}
    draft.slots = {"context_id": (res, "range_id"), "copied_id": (res, "lane_id"), "user_id": (res, "member_id"),
                   "date": (res, "date")}
    wrong_end = end_min + rng.choice([30, -30, 60])
    draft.facts = {"success_text": out, "date_format": True, "date_steps": [(chk, "date"), (res, "date")],
                   "date_word": WEEKDAYS_EN[wd] if lang == "en" else WEEKDAYS_ZH[wd],
                   "slip": (res, "end_time", f"{wrong_end // 60:02d}:{wrong_end % 60:02d}"),
                   "over_limit": (res, "archers", 6, f"{archers} archers" if lang == "en" else f"{CN_NUM[archers]}个人",
                                  "6 archers" if lang == "en" else "六个人", f"{archers} archers" if lang == "en" else f"{archers}人", "6 archers" if lang == "en" else "6人")}
    return draft


def choir_loan(rng: random.Random, lang: str) -> Draft:
    """Community choir sheet-music lending: a follow-up lending the score found in the earlier turn."""
    day, dl = _day(rng), _dl(rng, lang)
    title, composer = rng.choice([("Requiem", "Fauré"), ("Messiah", "Handel"), ("Mass in G", "Schubert"), ("Gloria", "Vivaldi")])
    sid, other = f"SM-{rng.randint(10000, 99999)}", f"SM-{rng.randint(10000, 99999)}"
    avail = rng.randint(26, 38)
    n = rng.randint(12, 24)
    weeks, w_en, w_zh = rng.choice([(42, "six weeks", "六周"), (28, "four weeks", "四周"), (56, "eight weeks", "八周"), (30, "30 days", "30天")])
    due = day + dt.timedelta(days=weeks)
    choir_id = f"CH-{rng.randint(100, 999)}"
    results = [{"score_id": sid, "title": f"{title}", "composer": composer, "edition": "Novello", "available": avail},
               {"score_id": other, "title": title, "composer": composer, "edition": "Bärenreiter", "available": 8}]
    history = [
        {"role": "user", "text": f"Do you have {composer}'s {title} vocal scores? We need about {n}." if lang == "en"
         else f"你们有{composer}的《{title}》声乐谱吗？我们大概要{n}本。"},
        {"role": "assistant", "calls": [{"name": "search_scores", "arguments": {"query": title, "composer": composer}}]},
        {"role": "tool", "results": [results]},
        {"role": "assistant", "text": f"Yes — the Novello edition ({sid}) has {avail} copies available; the Bärenreiter one only 8."
         if lang == "en" else f"有的——Novello版（{sid}）有{avail}本可借，Bärenreiter版只有8本。"},
    ]
    req = (f"Great, please lend us {n} of the Novello ones for {w_en}." if lang == "en"
           else f"好，那就借{n}本Novello版的给我们，借{w_zh}。")
    tools = [
        _t(dl, "search_scores", "Search the sheet-music library.", "检索乐谱库。", ["query"], query={"type": "string"},
           composer={"type": "string"}),
        _t(dl, "get_copy_count", "Copies of a score currently on the shelf.", "查询某乐谱当前在架册数。", ["score_id"],
           score_id={"type": "string"}),
        _t(dl, "create_loan", "Lend copies of a score to a choir until a due date.", "把乐谱借给合唱团，直到归还日期。",
           ["score_id", "choir_id", "copies", "due_date"], score_id={"type": "string"}, choir_id={"type": "string"},
           copies={"type": "integer", "minimum": 1, "maximum": 40}, due_date=DATE),
        _t(dl, "list_overdue_loans", "Loans of a choir past their due date.", "查询合唱团逾期未还的借阅。", ["choir_id"],
           choir_id={"type": "string"}),
    ]
    steps = []
    check = None
    if rng.random() < 0.5:
        check = Step("get_copy_count", {"score_id": sid}, {"score_id": sid, "on_shelf": avail})
        steps.append(check)
    loan_id = f"LN-{rng.randint(10000, 99999)}"
    loan = Step("create_loan", {"score_id": sid, "choir_id": choir_id, "copies": n, "due_date": due.isoformat()},
                {"loan_id": loan_id, "copies": n, "due_date": due.isoformat()})
    steps.append(loan)
    out = (f"Done: {n} copies of {composer}'s {title} (Novello, {sid}) are on loan to your choir as {loan_id}, due back {due.isoformat()}."
           if lang == "en" else f"好了：{n}本{composer}《{title}》（Novello，{sid}）已借给你们合唱团，借阅号{loan_id}，{_zh_date(due)}前归还。")
    draft = Draft("choir_sheet_music", lang, req, out, tools, steps, day, user_id=f"lib-{rng.randint(100, 999)}",
                  session_id=f"s-{rng.randint(1000, 9999)}", history=history, attributes={"choir.id": choir_id},
                  resource={"tenant.id": "choirs-lending-network"},
                  patterns=["score id from an earlier turn", "choir id from the root span", f"due date {weeks} days later",
                            "count from the user"] + (["stock re-checked before lending"] if check else []))
    draft.roles = {"main": loan, "write": loan, "plain": check or loan,
                   "distractor": Step("list_overdue_loans", {"choir_id": choir_id}, [])}
    if check:
        draft.roles["lookup"] = check
    draft.slots = {"history_id": (loan, "score_id"), "context_id": (loan, "choir_id"), "date": (loan, "due_date")}
    draft.facts = {"success_text": out, "date_format": True, "date_steps": [(loan, "due_date")],
                   "date_shift": rng.choice([-2, 2, 7]),
                   "over_limit": (loan, "copies", 45, f"{n} of the Novello" if lang == "en" else f"借{n}本", "45 of the Novello" if lang == "en" else "借45本",
                                  f"{n} copies" if lang == "en" else f"{n}本", "45 copies" if lang == "en" else "45本")}
    return draft


def market_export(rng: random.Random, lang: str) -> Draft:
    """Organic vegetable market: export a stall's sales for last month, polled until done."""
    day, dl = _day(rng), _dl(rng, lang)
    if day.day < 3:
        day = day.replace(day=rng.randint(3, 27))
    first_this = day.replace(day=1)
    last_prev = first_this - dt.timedelta(days=1)
    first_prev = last_prev.replace(day=1)
    fmt, f_en, f_zh, f_word = rng.choice([("xlsx", "an Excel file", "Excel", "Excel"), ("csv", "a CSV file", "CSV文件", "CSV file"),
                                          ("pdf", "a PDF file", "PDF文件", "PDF file")])
    market, stall, user = f"mkt-{rng.choice(['riverside', 'old-town', 'east-yard'])}", f"S-{rng.randint(10, 99)}", f"u-{rng.randint(10000, 99999)}"
    job = f"EXP-{rng.randint(100000, 999999)}"
    polls = rng.randint(2, 3)
    tools = [
        _t(dl, "start_sales_export", "Start an export of a stall's sales between two dates.", "导出摊位在两个日期之间的销售数据（异步任务）。",
           ["market_id", "stall_id", "from_date", "to_date"], market_id={"type": "string"}, stall_id={"type": "string"},
           from_date=DATE, to_date=DATE, file_format={"type": "string", "enum": ["csv", "xlsx", "pdf"], "default": "csv"}),
        _t(dl, "get_export_status", "Check the progress of an export job.", "查询导出任务的进度状态。", ["job_id"], job_id={"type": "string"}),
        _t(dl, "list_vendor_fees", "Pitch fees a stall owes the market.", "查询摊位应交的摊位费。", ["stall_id"], stall_id={"type": "string"}),
    ]
    req = (f"Export last month's sales for my stall as {f_en}." if lang == "en" else f"把我摊位上个月的销售数据导出成{f_zh}。")
    start = Step("start_sales_export", {"market_id": market, "stall_id": stall, "from_date": first_prev.isoformat(),
                                        "to_date": last_prev.isoformat(), "file_format": fmt}, {"job_id": job, "status": "queued"})
    steps = [start]
    for i in range(polls - 1):
        steps.append(Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "running", "progress": 30 + 30 * i}, duration=80))
    url = f"https://files.market.example/exports/{job}.{fmt}"
    steps.append(Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "done", "download_url": url}, duration=80))
    out = (f"Your sales export for {first_prev.isoformat()} to {last_prev.isoformat()} is ready: {url}" if lang == "en"
           else f"{first_prev.month}月1日至{last_prev.month}月{last_prev.day}日的销售数据已导出：{url}")
    draft = Draft("vegetable_market", lang, req, out, tools, steps, day, user_id=user, session_id=f"s-{rng.randint(1000, 9999)}",
                  attributes={"stall.id": stall}, resource={"market.id": market, "tenant.id": market},
                  patterns=["market and stall ids from context", "last month resolved to its first and last day",
                            "file format enum from the user's words", f"status polled {polls} times"])
    draft.roles = {"main": start, "producer": start, "plain": start,
                   "distractor": Step("list_vendor_fees", {"stall_id": stall}, {"owed": 0})}
    draft.slots = {"context_id": (start, "market_id"), "copied_id": (steps[1], "job_id"), "enum": (start, "file_format"),
                   "date": (start, "from_date")}
    draft.facts = {"enum_word": f_zh if lang == "zh" else f_word, "date_format": True,
                   "date_steps": [(start, "from_date"), (start, "to_date")], "month_slip": (first_this, day),
                   "date_word_pair": ("last month", "上个月")}
    return draft


def market_preorder(rng: random.Random, lang: str) -> Draft:
    """Organic vegetable market: find two items in one turn, pre-order them, total in the answer."""
    day, dl = _day(rng), _dl(rng, lang)
    wd, pickup = _weekday_after(day, rng)
    market, user = f"mkt-{rng.choice(['riverside', 'old-town', 'east-yard'])}", f"u-{rng.randint(10000, 99999)}"
    a_en, a_zh, a_price = rng.choice([("tomatoes", "西红柿", 14.0), ("carrots", "胡萝卜", 8.0), ("spinach", "菠菜", 16.0)])
    b_en, b_zh, b_price = rng.choice([("potatoes", "土豆", 6.0), ("onions", "洋葱", 5.0), ("courgettes", "西葫芦", 10.0)])
    if lang == "zh":
        (ga, wa), (gb, wb) = rng.choice([(1000, "两斤"), (500, "一斤"), (1500, "三斤")]), rng.choice([(750, "一斤半"), (250, "半斤"), (2000, "四斤")])
    else:
        (ga, wa), (gb, wb) = rng.choice([(1000, "1 kg"), (500, "half a kilo"), (1500, "1.5 kg")]), rng.choice([(750, "750 g"), (250, "250 g"), (2000, "2 kg")])
    pa, pb = f"P-{rng.randint(1000, 9999)}", f"P-{rng.randint(1000, 9999)}"
    tools = [
        _t(dl, "search_produce", "Search organic produce on sale at the market.", "搜索市集在售的有机蔬果。", ["market_id", "query"],
           market_id={"type": "string"}, query={"type": "string"}),
        _t(dl, "place_preorder", "Pre-order produce for pickup; quantities in grams.", "预订蔬果到店自取；数量单位为克。",
           ["market_id", "items", "pickup_date", "customer_id"], market_id={"type": "string"},
           items={"type": "array", "items": {"type": "object", "properties": {"product_id": {"type": "string"},
                                                                             "grams": {"type": "integer", "minimum": 100}}}},
           pickup_date=DATE, customer_id={"type": "string"}),
        _t(dl, "get_market_hours", "Opening hours of the market on a date.", "查询市集某天的营业时间。", ["market_id", "date"],
           market_id={"type": "string"}, date=DATE),
    ]
    req = (f"Pre-order {wa} of {a_en} and {wb} of {b_en} for pickup on {WEEKDAYS_EN[wd]}. What will it cost in total?"
           if lang == "en" else f"帮我预订{wa}{a_zh}和{wb}{b_zh}，{WEEKDAYS_ZH[wd]}去取，一共多少钱？")
    qa, qb = (a_en, b_en) if lang == "en" or rng.random() < 0.3 else (a_zh, b_zh)
    sa = Step("search_produce", {"market_id": market, "query": qa}, [{"product_id": pa, "name": f"Organic {a_en}", "price_per_kg": a_price, "stall": "Green Acre"}])
    sb = Step("search_produce", {"market_id": market, "query": qb}, [{"product_id": pb, "name": f"Organic {b_en}", "price_per_kg": b_price, "stall": "Hillside"}], parallel=True)
    total = round(a_price * ga / 1000 + b_price * gb / 1000, 2)
    order = Step("place_preorder", {"market_id": market, "items": [{"product_id": pa, "grams": ga}, {"product_id": pb, "grams": gb}],
                                    "pickup_date": pickup.isoformat(), "customer_id": user},
                 {"order_id": f"PO-{rng.randint(10000, 99999)}", "total": total, "currency": "CNY"})
    out = (f"Pre-ordered for {_en_date(pickup)}: {ga} g {a_en} ({a_price:g}/kg) and {gb} g {b_en} ({b_price:g}/kg), {total:g} CNY in total."
           if lang == "en" else f"已预订，{_zh_date(pickup)}自取：{a_zh}{ga}克（每公斤{a_price:g}元）、{b_zh}{gb}克（每公斤{b_price:g}元），合计{total:g}元。")
    draft = Draft("vegetable_market", lang, req, out, tools, [sa, sb, order], day, user_id=user,
                  resource={"market.id": market, "tenant.id": market},
                  patterns=["斤/kilos converted to grams", "market id from the resource", "pickup date from a weekday",
                            "two searches in one turn", "total computed"] + (["Chinese item searched in English"] if qa == a_en and lang == "zh" else []))
    draft.roles = {"lookup": sa, "producer": sa, "main": order, "write": order, "plain": sb,
                   "distractor": Step("get_market_hours", {"market_id": market, "date": pickup.isoformat()}, {"open": "07:00", "close": "13:00"})}
    draft.slots = {"context_id": (sa, "market_id"), "user_id": (order, "customer_id"), "date": (order, "pickup_date")}
    wrong = {1000: 2000, 500: 1000, 1500: 3000, 750: 1500, 250: 500, 2000: 4000}  # 斤 taken for kilos
    draft.facts = {"success_text": out, "date_format": True, "date_steps": [(order, "pickup_date")],
                   "date_word": WEEKDAYS_EN[wd] if lang == "en" else WEEKDAYS_ZH[wd],
                   "items_slip": (order, 0 if rng.random() < 0.5 else 1, wrong) if lang == "zh" else None}
    return draft


def restoration_quote(rng: random.Random, lang: str) -> Draft:
    """Furniture restoration: a quote (a transient 503 retried once), addresses, a collection booked."""
    day, dl = _day(rng), _dl(rng, lang)
    user = f"c-{rng.randint(10000, 99999)}"
    piece, p_en, p_zh = rng.choice([("table", "dining table", "餐桌"), ("chair", "armchair", "扶手椅"), ("chest_of_drawers", "chest of drawers", "五斗柜")])
    work, w_en, w_zh = rng.choice([("refinish", "refinishing", "重新上漆"), ("repair_joints", "the joints repaired", "修榫头"), ("veneer_repair", "the veneer fixed", "修贴皮")])
    wood, wood_zh = rng.choice([("oak", "橡木"), ("walnut", "胡桃木"), ("teak", "柚木")])
    slot, sl_en, sl_zh = rng.choice([("morning", "in the morning", "上午"), ("afternoon", "in the afternoon", "下午")])
    wd, when = _weekday_after(day, rng)
    retry = rng.random() < 0.7
    qid = f"Q-{rng.randint(10000, 99999)}"
    price, weeks = rng.randint(12, 60) * 10, rng.randint(2, 5)
    addr = [{"address_id": f"AD-{rng.randint(100, 999)}", "label": "home", "postcode": "BS6 5QA"},
            {"address_id": f"AD-{rng.randint(100, 999)}", "label": "work", "postcode": "BS1 4DJ"}]
    tools = [
        _t(dl, "get_restoration_quote", "Quote for restoring a piece of furniture.", "家具修复报价。", ["piece", "work"],
           piece={"type": "string", "enum": ["chair", "table", "cabinet", "chest_of_drawers", "sofa"]},
           work={"type": "string", "enum": ["refinish", "reupholster", "repair_joints", "veneer_repair"]}, wood={"type": "string"}),
        _t(dl, "get_saved_addresses", "A customer's saved addresses.", "查询客户保存的地址。", ["customer_id"], customer_id={"type": "string"}),
        _t(dl, "schedule_collection", "Book a van to collect the piece for a quote.", "预约上门取件。",
           ["quote_id", "address_id", "date", "slot"], quote_id={"type": "string"}, address_id={"type": "string"},
           date=DATE, slot={"type": "string", "enum": ["morning", "afternoon"]}),
        _t(dl, "get_care_tips", "Care advice for a kind of wood.", "某种木材的保养建议。", ["wood"], wood={"type": "string"}),
    ]
    req = (f"My {wood} {p_en} needs {w_en}. Get me a quote and book a collection from my home address on {WEEKDAYS_EN[wd]} {sl_en}."
           if lang == "en" else f"我的{wood_zh}{p_zh}需要{w_zh}，帮我报个价，再约{WEEKDAYS_ZH[wd]}{sl_zh}从家里取件。")
    q_args = {"piece": piece, "work": work, "wood": wood if lang == "en" or rng.random() < 0.5 else wood_zh}
    quote_res = {"quote_id": qid, "price": price, "currency": "GBP", "weeks": weeks}
    steps = []
    if retry:
        steps.append(Step("get_restoration_quote", dict(q_args), error=rng.choice(["503 Service Unavailable", "HTTP 503: upstream busy"])))
    ad = Step("get_saved_addresses", {"customer_id": user}, addr, parallel=bool(retry))
    q = Step("get_restoration_quote", dict(q_args), quote_res)
    steps += [ad, q] if retry else [q, ad]
    if not retry:
        ad.parallel = True
    col = Step("schedule_collection", {"quote_id": qid, "address_id": addr[0]["address_id"], "date": when.isoformat(), "slot": slot},
               {"collection_id": f"COL-{rng.randint(1000, 9999)}", "status": "booked"})
    steps.append(col)
    ready = when + dt.timedelta(weeks=weeks)
    out = (f"Quote {qid}: {price} GBP, about {weeks} weeks' work. The van collects from your home address on {_en_date(when)} {sl_en}, "
           f"so expect it back around {ready.isoformat()}." if lang == "en" else
           f"报价{qid}：{price}英镑，约需{weeks}周。已约{_zh_date(when)}{sl_zh}上门取件，预计{_zh_date(ready)}左右修好。")
    draft = Draft("furniture_restoration", lang, req, out, tools, steps, day, user_id=user, session_id=f"s-{rng.randint(1000, 9999)}",
                  resource={"tenant.id": "oak-and-awl"},
                  patterns=["customer id from context", "home address picked from results", "date from a weekday",
                            "ready date computed"] + (["identical retry after a 503"] if retry else []))
    draft.roles = {"lookup": ad, "producer": q, "main": col, "write": col, "plain": ad,
                   "distractor": Step("get_care_tips", {"wood": q_args["wood"]}, {"tips": ["wax twice a year"]})}
    draft.slots = {"user_id": (ad, "customer_id"), "copied_id": (col, "quote_id"), "date": (col, "date"),
                   "enum": (col, "slot") if retry else (q, "work")}
    draft.facts = {"success_text": out, "date_format": True, "date_steps": [(col, "date")],
                   "date_word": WEEKDAYS_EN[wd] if lang == "en" else WEEKDAYS_ZH[wd],
                   "enum_word": (sl_en if lang == "en" else sl_zh) if retry else (w_en if lang == "en" else w_zh),
                   "parallel_group": True}
    return draft


def studio_change(rng: random.Random, lang: str) -> Draft:
    """Photography studio hire: a follow-up extending the booking made in the earlier turn."""
    day, dl = _day(rng), _dl(rng, lang)
    user = f"u-{rng.randint(10000, 99999)}"
    ref = f"PB-{rng.randint(10000, 99999)}"
    wd, shoot = _weekday_after(day, rng)
    old, new = rng.choice([(2, 3), (3, 4), (3, 5), (4, 6)])
    start = rng.choice(["09:00", "10:00", "13:00"])
    rate = rng.choice([40, 45, 220])
    cur = "GBP" if rate < 100 else "CNY"
    h = int(start[:2])
    history = [
        {"role": "user", "text": f"Book Foundry Nine for {WEEKDAYS_EN[wd]} at {start}, {old} hours." if lang == "en"
         else f"帮我订Foundry Nine，{WEEKDAYS_ZH[wd]}{start}开始，{old}个小时。"},
        {"role": "assistant", "calls": [{"name": "book_studio", "arguments": {"studio_id": "ST-4410", "date": shoot.isoformat(),
                                                                              "start_time": start, "hours": old, "customer_id": user}}]},
        {"role": "tool", "results": [{"booking_ref": ref, "status": "confirmed", "total": rate * old, "currency": cur}]},
        {"role": "assistant", "text": f"Booked, reference {ref}." if lang == "en" else f"订好了，预订号{ref}。"},
    ]
    req = (f"Actually, can we make it {new} hours instead?" if lang == "en" else f"其实要拍{CN_NUM[new]}个小时，帮我改一下吧。")
    tools = [
        _t(dl, "get_booking", "Details of a studio booking.", "查询摄影棚预订详情。", ["booking_ref"], booking_ref={"type": "string"}),
        _t(dl, "modify_booking", "Change the length of a booking.", "修改预订的时长。", ["booking_ref", "hours"],
           booking_ref={"type": "string"}, hours={"type": "integer", "minimum": 1, "maximum": 12}),
        _t(dl, "cancel_booking", "Cancel a studio booking.", "取消摄影棚预订。", ["booking_ref"], booking_ref={"type": "string"}),
        _t(dl, "book_studio", "Book a studio for a number of hours from a start time.", "预订摄影棚的时段。",
           ["studio_id", "date", "start_time", "hours", "customer_id"], studio_id={"type": "string"}, date=DATE,
           start_time=HHMM, hours={"type": "integer", "minimum": 1, "maximum": 12}, customer_id={"type": "string"}),
    ]
    get = Step("get_booking", {"booking_ref": ref}, {"booking_ref": ref, "studio": "Foundry Nine", "date": shoot.isoformat(),
                                                       "start_time": start, "hours": old, "next_booking_at": f"{h + new + 1:02d}:00",
                                                       "rate_per_hour": rate, "currency": cur})
    mod = Step("modify_booking", {"booking_ref": ref, "hours": new},
               {"booking_ref": ref, "hours": new, "total": rate * new, "currency": cur, "status": "confirmed"})
    out = (f"Extended: {ref} is now {start}–{h + new:02d}:{start[3:]} on {shoot.isoformat()}, {new} hours, {rate * new} {cur} "
           f"({rate * (new - old)} {cur} more)." if lang == "en" else
           f"已改好：{ref}改为{_zh_date(shoot)} {start}–{h + new:02d}:{start[3:]}，共{new}小时，{rate * new} {cur}（多{rate * (new - old)} {cur}）。")
    draft = Draft("photo_studio", lang, req, out, tools, [get, mod], day, user_id=user, session_id=f"s-{rng.randint(1000, 9999)}",
                  history=history, resource={"tenant.id": "studiohub"},
                  patterns=["booking ref from an earlier turn", "checked the next slot is free", "new end time and extra cost computed"])
    draft.roles = {"lookup": get, "main": mod, "write": mod, "plain": get,
                   "distractor": Step("cancel_booking", {"booking_ref": ref}, {"status": "cancelled"})}
    draft.slots = {"history_id": (get, "booking_ref")}
    draft.facts = {"success_text": out}
    return draft


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    studio_booking, ice_rink, surf_compare, yoga_change, archery_lane, choir_loan, market_export, market_preorder,
    restoration_quote, studio_change]


# --- faults of this split (besides corpus.FAULTS) ----------------------------------------------

def _has_format(draft: Draft, step: Step, key: str) -> bool:
    return draft.schema(step).get("properties", {}).get(key, {}).get("format") == "date"


def _intact(draft: Draft, found) -> bool:
    """Whether the (step, key) places still hold the draft's ISO dates (no other fault took them)."""
    for step, key in found:
        if step not in draft.steps or not isinstance(step.args, dict) or step.raw is not None:
            return False
        try:
            dt.date.fromisoformat(step.args[key])
        except (KeyError, TypeError, ValueError):
            return False
    return True


def relative_day(draft: Draft, rng: random.Random) -> Marks | None:
    """The user's own relative word ("Saturday", "明天") passed where the tool wants a date."""
    word, found = draft.facts.get("date_word"), draft.facts.get("date_steps")
    if not word or not found or not _intact(draft, found):
        return None
    marks: Marks = {"relative_date": []}
    for step, key in found:
        step.args[key] = word
        marks["relative_date"].append(step)
        if _has_format(draft, step, key):
            marks.setdefault("format_error", []).append(step)
    return marks


def date_form(draft: Draft, rng: random.Random) -> Marks | None:
    """The right date in the user's way of writing it, where the tool wants YYYY-MM-DD."""
    found = draft.facts.get("date_steps")
    if not found or not _intact(draft, found) or not all(_has_format(draft, s, k) for s, k in found):
        return None
    form = rng.choice(["%d/%m/%Y", "zh", "%m/%d/%Y", "%d.%m.%Y"])
    marks: Marks = {"format_error": []}
    for step, key in found:
        d = dt.date.fromisoformat(step.args[key])
        step.args[key] = f"{d.year}年{d.month}月{d.day}日" if form == "zh" else d.strftime(form)
        if step not in marks["format_error"]:
            marks["format_error"].append(step)
    return marks


def misdate(draft: Draft, rng: random.Random) -> Marks | None:
    """A date resolved wrongly (a day off, the wrong week): a value nothing supports."""
    found = draft.facts.get("date_steps")
    if not found or not _intact(draft, found):
        return None
    if "month_slip" in draft.facts:  # "last month" taken for this month
        first_this, today = draft.facts["month_slip"]
        (s1, k1), (s2, k2) = found
        s1.args[k1], s2.args[k2] = first_this.isoformat(), today.isoformat()
        # the trace's own day is computable: only the start date is made up
        return {"ungrounded_value": [s1]}
    shift = draft.facts.get("date_shift") or rng.choice([-1, 1])
    marks: Marks = {"ungrounded_value": []}
    for step, key in found:
        d = dt.date.fromisoformat(step.args[key]) + dt.timedelta(days=shift)
        if d == draft.day:
            return None
        step.args[key] = d.isoformat()
        if step not in marks["ungrounded_value"]:
            marks["ungrounded_value"].append(step)
    return marks


def miscompute(draft: Draft, rng: random.Random) -> Marks | None:
    """A value the agent computed wrongly: an end time, or 斤 read as kilos."""
    if draft.facts.get("slip"):
        step, key, value = draft.facts["slip"]
        if step not in draft.steps or step.raw is not None or key not in step.args:
            return None
        step.args[key] = value
        return {"ungrounded_value": [step]}
    if draft.facts.get("items_slip"):
        step, i, wrong = draft.facts["items_slip"]
        if step not in draft.steps or step.raw is not None or "items" not in step.args:
            return None
        item = step.args["items"][i]
        item["grams"] = wrong[item["grams"]]
        return {"ungrounded_value": [step]}
    return None


def over_limit(draft: Draft, rng: random.Random) -> Marks | None:
    """The user asks for more than the tool allows and the agent sends it anyway."""
    found = draft.facts.get("over_limit")
    if not found:
        return None
    step, key, value, said, says, out_said, out_says = found
    if said not in draft.request or step not in draft.steps or step.raw is not None or key not in step.args:
        return None
    draft.request = draft.request.replace(said, says, 1)
    step.args[key] = value
    if isinstance(step.result, dict) and key in step.result:
        step.result = {**step.result, key: value}
    if draft.output:
        draft.output = draft.output.replace(out_said, out_says, 1)
    draft.patterns = [*draft.patterns, "over the tool's limit"]
    return {"constraint_error": [step]}


MINE = {f.__name__: f for f in (relative_day, date_form, misdate, miscompute, over_limit)}
ALL = {**{k: v for k, v in FAULTS.items() if k not in ("relative_date", "format_error", "constraint_error")}, **MINE}
_ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
_COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
_ORDER = {n: 2 if n == "pii_leak" else 1 if n in _ENDINGS else -1 if n in _COPIES else 0 for n in ALL}


def _make(index: int, scenario, lang: str, faults: list[str], rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    if "future_ref" in faults and (draft.facts.get("parallel_group") or any(s.parallel for s in draft.steps)):
        return None  # moving a call out of its turn would also make the others wait
    if {"future_ref", "wrong_tool"} <= set(faults) or {"future_ref", "failing_call_loop"} <= set(faults):
        return None
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    for name in sorted(faults, key=_ORDER.__getitem__):
        found = ALL[name](draft, rng)
        if found is None:
            return None
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != TOUCHED:
                marks.setdefault(label, []).extend(marked)
    producer = draft.roles.get("producer")
    if "future_ref" in marks and producer is not None and producer.error:
        # the later call failed, so its result never showed the value: it comes from nowhere at all
        marks.setdefault("ungrounded_value", []).extend(marks.pop("future_ref"))
    trajectory, seqs = build(draft, f"z{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def case(index: int, seed: int) -> Case:
    """Case `index`, from (seed, index) alone."""
    rng = random.Random(f"{SPLIT}:{seed}:{index}")
    scenario = SCENARIOS[index % len(SCENARIOS)]
    lang = ("en", "zh")[(index + index // len(SCENARIOS)) % 2]
    roll = rng.random()
    names = sorted(ALL)
    for attempt in range(200):
        if roll < 0.5:
            faults: list[str] = []
        elif roll < 0.85:
            faults = [rng.choice(names)]
        else:
            faults = rng.sample(names, 2)
            if set(faults) <= _ENDINGS:
                continue
        made = _make(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
        if made is not None:
            return made
    return _make(index, scenario, lang, [], random.Random(rng.getrandbits(64)))


def generate(n: int, seed: int) -> list[Case]:
    return [case(i, seed) for i in range(n)]
