"""The dulled split: agent traffic of a community radio station (studio bookings, on-air dedications),
a sailing club (dinghy hire, race entries), a natural history society (field trips), a bicycle-frame
builder (custom orders), a public records office (copy orders, archive requests), a tailor
(made-to-measure shirts), a sheep farm (fleece sales) and a genealogy service (record searches,
tree exports), written by a twenty-fifth helper who read neither the evaluators, their calibration
nor any other split. It must not be read when tuning the evaluators, or it stops being unseen.

Shapes: bookings; questions answered by lookups; comparisons made with parallel calls; changes and
cancellations of existing records; computations from results (totals, end times, dates N days
later, currency conversions); follow-ups whose history carries earlier calls and results; exports
polled to completion with a status tool; retries after a transient 503 that then succeed; context
ids (user, member, account, tenant) the framework fills in. English and Chinese requests, tool
descriptions sometimes in the other language. Each case is drawn from (seed, index) alone.
"""
from __future__ import annotations

import datetime as dt
import json
import random
import re

from tests.judgement import corpus
from tests.judgement.corpus import Case, Draft, Marks, Step, build, tool

SPLIT = "dulled"

WD_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WD_ZH = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
ZH_NUM = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五"}


def T(lang: str, en: str, zh: str) -> str:
    return en if lang == "en" else zh


def _dl(rng: random.Random, lang: str) -> str:
    """The language of the tool descriptions: mostly the user's, sometimes the other one."""
    return lang if rng.random() < 0.7 else ("zh" if lang == "en" else "en")


def _day(rng: random.Random, avoid: int | None = None) -> dt.date:
    day = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 480))
    if avoid is not None and day.weekday() == avoid:
        day -= dt.timedelta(days=1)
    return day


def _next(day: dt.date, weekday: int) -> dt.date:
    ahead = (weekday - day.weekday()) % 7
    return day + dt.timedelta(days=ahead or 7)


S = {"type": "string"}
DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}
HHMM = {"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$", "description": "HH:MM, 24h"}


def _int(lo: int | None = None, hi: int | None = None) -> dict:
    out: dict = {"type": "integer"}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


def _num(lo: float | None = None) -> dict:
    return {"type": "number", **({"minimum": lo} if lo is not None else {})}


def _enum(*members: str) -> dict:
    return {"type": "string", "enum": list(members)}


SEND_EMAIL = ("send_email", "Send an e-mail on the user's behalf.", "代用户发送电子邮件。")


def _send_email(dl: str):
    return tool("send_email", T(dl, SEND_EMAIL[1], SEND_EMAIL[2]), ["to", "subject", "body"],
                to={"type": "string", "format": "email"}, subject=S, body=S)


# --- community radio ----------------------------------------------------------------------------

def radio_booking(rng: random.Random, lang: str) -> Draft:
    """Booking: a weekday resolved from the trace's day, 2pm -> 14:00, hours -> minutes, presenter id from context."""
    wd = rng.choice([1, 2, 3, 5])
    day = _day(rng, wd)
    date = _next(day, wd).isoformat()
    dl = _dl(rng, lang)
    hours, h = rng.choice([1, 2, 3]), rng.choice([10, 14, 16, 19])
    start, end = f"{h:02d}:00", f"{h + hours:02d}:00"
    studio = rng.choice("BC")
    show = rng.choice(["Night Owls", "Folk Roots Hour", "Dub Kitchen", "Second Spin"])
    kind, en_word, zh_word = rng.choice([("talk", "talk show", "访谈节目"), ("music", "music show", "音乐节目"),
                                         ("live_band", "live band session", "现场乐队")])
    presenter, booking = f"PR-{rng.randint(1000, 9999)}", f"SB-{rng.randint(10000, 99999)}"
    ampm = {10: "10am", 14: "2pm", 16: "4pm", 19: "7pm"}[h]
    zh_h = {10: "上午10点", 14: "下午2点", 16: "下午4点", 19: "晚上7点"}[h]
    request = T(lang, f"Please book studio {studio} on {WD_EN[wd]} from {ampm} for {hours} hour{'s' if hours > 1 else ''} "
                      f"- it's a {en_word} for my show '{show}'.",
                f"帮我订{WD_ZH[wd]}{zh_h}开始的{studio}号录音室，用{ZH_NUM[hours]}个小时，录我的{zh_word}《{show}》。")
    tools = [
        tool("check_studio_availability", T(dl, "List which studios are free for a time slot.", "查询某个时段哪些录音室空闲。"),
             ["date", "start_time", "duration_minutes"], date=DATE, start_time=HHMM, duration_minutes=_int(30, 480)),
        tool("book_studio", T(dl, "Book a studio for a presenter's session.", "为主持人预订录音室。"),
             ["studio_id", "date", "start_time", "duration_minutes", "presenter_id", "session_type"],
             studio_id=S, date=DATE, start_time=HHMM, duration_minutes=_int(30, 480), presenter_id=S,
             session_type=_enum("talk", "music", "live_band")),
        tool("queue_dedication", T(dl, "Queue an on-air song dedication for a listener.", "为听众安排节目中的点歌祝福。"),
             ["listener_name", "message", "air_date"], listener_name=S, message=S, air_date=DATE),
    ]
    check = Step("check_studio_availability", {"date": date, "start_time": start, "duration_minutes": hours * 60},
                 {"date": date, "studios": [{"studio_id": "STU-A", "free": False}, {"studio_id": "STU-B", "free": True},
                                            {"studio_id": "STU-C", "free": True}]})
    book = Step("book_studio", {"studio_id": f"STU-{studio}", "date": date, "start_time": start,
                                "duration_minutes": hours * 60, "presenter_id": presenter, "session_type": kind},
                {"booking_id": booking, "status": "confirmed"})
    output = T(lang, f"Studio {studio} is booked for '{show}' on {date}, {start}-{end} (booking {booking}).",
               f"已为《{show}》订好{studio}号录音室：{date} {start}-{end}，预订号 {booking}。")
    return Draft(
        domain="community_radio", lang=lang, request=request, output=output, tools=tools, steps=[check, book], day=day,
        user_id=presenter, attributes={"user.id": presenter}, resource={"tenant.id": "riverside-fm"},
        patterns=["weekday resolved from the trace's day", "12h time as HH:MM", "hours as minutes",
                  "studio id copied from a result", "presenter id from context", "enum member for the user's words",
                  "end time computed in the answer"],
        roles={"main": book, "write": book, "lookup": check, "producer": check, "plain": check,
               "distractor": Step("queue_dedication", {"listener_name": show, "message": show, "air_date": date},
                                  {"dedication_id": f"DED-{rng.randint(10000, 99999)}", "status": "queued"})},
        slots={"date": (book, "date"), "copied_id": (book, "studio_id"), "user_id": (book, "presenter_id"),
               "enum": (book, "session_type"), "extra": (book, "show_name")},
        facts={"enum_word": T(lang, en_word, zh_word), "extra_value": show, "success_text": output, "date_format": True})


def radio_dedication_change(rng: random.Random, lang: str) -> Draft:
    """Follow-up: the dedication id comes from the earlier turn's result; the message is kept as it was."""
    day = _day(rng, 6)
    sunday = _next(day, 6).isoformat()
    dl = _dl(rng, lang)
    ded = f"DED-{rng.randint(10000, 99999)}"
    if lang == "en":
        name, old, new = rng.choice([("Linda", "Dreams", "Landslide"), ("Grandad Joe", "Moon River", "What a Wonderful World"),
                                     ("Priya", "Lovely Day", "Golden Hour")])
        msg = rng.choice(["Happy birthday from Tom", "Congratulations on retiring, love from all of us"])
        first = f"Can you put a dedication on Sunday's breakfast show for {name}? Play '{old}' and say '{msg}'."
        request = f"Actually, could you change the song to '{new}'? Keep the message the same."
        said = f"Done - it's queued for Sunday {sunday}, reference {ded}."
    else:
        name, old, new = rng.choice([("王阿姨", "月亮代表我的心", "甜蜜蜜"), ("李老师", "茉莉花", "但愿人长久"),
                                     ("外婆", "军港之夜", "鼓浪屿之波")])
        msg = rng.choice(["生日快乐，爱你的小林", "祝您退休生活愉快"])
        first = f"周日早间节目帮我给{name}点一首《{old}》，留言是“{msg}”。"
        request = f"歌能换成《{new}》吗？留言不变。"
        said = f"好的，已安排在周日（{sunday}）播出，编号 {ded}。"
    queued = {"listener_name": name, "song": old, "message": msg, "air_date": sunday}
    history = [{"role": "user", "text": first},
               {"role": "assistant", "calls": [{"name": "queue_dedication", "arguments": queued}]},
               {"role": "tool", "results": [{"dedication_id": ded, "status": "queued", "air_date": sunday}]},
               {"role": "assistant", "text": said}]
    tools = [
        tool("queue_dedication", T(dl, "Queue an on-air song dedication for a listener.", "为听众安排点歌祝福。"),
             ["listener_name", "message", "air_date"], listener_name=S, song=S, message=S, air_date=DATE),
        tool("get_dedication", T(dl, "Look up a queued dedication.", "查询已安排的点歌。"), ["dedication_id"], dedication_id=S),
        tool("update_dedication", T(dl, "Change the song or message of a queued dedication.", "修改已安排点歌的歌曲或留言。"),
             ["dedication_id"], dedication_id=S, song=S, message=S),
        tool("cancel_dedication", T(dl, "Cancel a queued dedication.", "取消已安排的点歌。"), ["dedication_id"], dedication_id=S),
    ]
    get = Step("get_dedication", {"dedication_id": ded}, {"dedication_id": ded, **queued, "status": "queued"})
    upd = Step("update_dedication", {"dedication_id": ded, "song": new, "message": msg},
               {"dedication_id": ded, "status": "queued", "song": new})
    output = T(lang, f"Changed - '{new}' will play for {name} on {sunday}; the message stays as it was.",
               f"已改好：{sunday} 为{name}播放《{new}》，留言不变。")
    return Draft(
        domain="community_radio", lang=lang, request=request, output=output, tools=tools, steps=[get, upd], day=day,
        user_id=f"L-{rng.randint(100000, 999999)}", session_id=f"sess-{rng.randint(10 ** 7, 10 ** 8 - 1)}",
        history=history, patterns=["id from the earlier turn", "message copied from the earlier turn"],
        roles={"main": upd, "write": upd, "lookup": get, "plain": get,
               "distractor": Step("cancel_dedication", {"dedication_id": ded}, {"dedication_id": ded, "status": "cancelled"})},
        slots={"history_id": (upd, "dedication_id"), "extra": (upd, "listener_name")},
        facts={"extra_value": name, "success_text": output})


# --- sailing club --------------------------------------------------------------------------------

def sailing_quotes(rng: random.Random, lang: str) -> Draft:
    """Comparison: three quotes in one model turn, the cheapest worked out in the answer."""
    day = _day(rng, 5)
    date = _next(day, 5).isoformat()
    dl = _dl(rng, lang)
    hours = rng.choice([2, 3, 4])
    member = f"SC-{rng.randint(100, 999)}"
    rates = {"laser": rng.choice([11.0, 12.0, 13.5]), "rs_feva": rng.choice([14.0, 15.0]), "topper": rng.choice([8.5, 9.0, 10.0])}
    request = T(lang, f"Thinking of hiring a dinghy on Saturday afternoon for {hours} hours - which works out cheapest: "
                      f"a Laser, an RS Feva or a Topper?",
                f"周六下午想租{ZH_NUM[hours]}个小时的小帆船，Laser、RS Feva 和 Topper 哪个最便宜？")
    tools = [
        tool("get_hire_quote", T(dl, "Price a dinghy hire for a member.", "为会员报价小帆船租用费用。"),
             ["boat_class", "date", "hours"], boat_class=_enum("laser", "rs_feva", "topper", "wayfarer"), date=DATE,
             hours=_int(1, 8), member_id=S),
        tool("book_hire", T(dl, "Book a quoted dinghy hire.", "按报价预订小帆船。"), ["quote_id"], quote_id=S),
        tool("enter_race", T(dl, "Enter a member in a club race.", "为会员报名俱乐部比赛。"), ["race_id", "helm_id"],
             race_id=S, helm_id=S),
    ]
    steps = []
    for i, cls in enumerate(["laser", "rs_feva", "topper"]):
        steps.append(Step("get_hire_quote", {"boat_class": cls, "date": date, "hours": hours, "member_id": member},
                          {"boat_class": cls, "quote_id": f"HQ-{rng.randint(10000, 99999)}", "total": rates[cls] * hours,
                           "currency": "GBP", "available": True}, parallel=i > 0))
    totals = {c: rates[c] * hours for c in rates}
    best = min(totals, key=totals.get)
    shown = {"laser": "Laser", "rs_feva": "RS Feva", "topper": "Topper"}
    listing = ", ".join(f"{shown[c]} £{totals[c]:.2f}" for c in totals)
    output = T(lang, f"The {shown[best]} is cheapest for {hours} hours on {date}: {listing}.",
               f"{date} 租{hours}小时，{shown[best]} 最便宜：{listing}。")
    return Draft(
        domain="sailing_club", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        user_id=member, attributes={"club.member_id": member},
        patterns=["parallel comparison", "Saturday resolved", "enum members for class names", "member id from context",
                  "cheapest computed in the answer"],
        roles={"main": steps[0], "lookup": steps[2], "plain": steps[1]},
        slots={"enum": (steps[1], "boat_class"), "date": (steps[0], "date"), "user_id": (steps[2], "member_id"),
               "count": (steps[0], "hours")},
        facts={"enum_word": "RS Feva", "date_format": True})


def sailing_race_entry(rng: random.Random, lang: str) -> Draft:
    """Booking with payment: race id and fee copied from the list, account id from the resource, entry id as reference."""
    day = _day(rng)
    dl = _dl(rng, lang)
    series, code = rng.choice([("Autumn Series", "AUT"), ("Winter Series", "WIN"), ("Frostbite Series", "FRB")])
    k = rng.randint(2, 6)
    crew, sail = str(rng.randint(10000, 99999)), f"GBR {rng.randint(1000, 9999)}"
    boat = rng.choice(["Kittiwake", "Puffin", "Second Wind"])
    helm, acct = f"SC-{rng.randint(100, 999)}", f"ACC-{rng.randint(10000, 99999)}"
    fee = rng.choice([12.0, 14.0, 15.5])
    races = [{"race_id": f"{code}-R{j}", "race_no": j, "date": (day + dt.timedelta(days=7 * (j - k) + 9)).isoformat(),
              "entry_fee": fee, "currency": "GBP"} for j in (k - 1, k, k + 1)]
    race = races[1]
    entry = f"E-{rng.randint(1000, 9999)}"
    request = T(lang, f"Enter me in race {k} of the {series} with my crew, member {crew}, sail number {sail} "
                      f"(boat '{boat}'). Put the entry fee on my club account.",
                f"帮我报名 {series} 第{k}场，船员是会员{crew}，帆号 {sail}（船名 {boat}），报名费从我的俱乐部账户扣。")
    tools = [
        tool("list_races", T(dl, "List the races of a series with dates and fees.", "列出系列赛各场次的日期和报名费。"),
             ["series"], series=S),
        tool("enter_race", T(dl, "Enter a helm and crew in a race.", "为舵手和船员报名比赛。"),
             ["race_id", "helm_id", "crew_id", "sail_number"], race_id=S, helm_id=S, crew_id=S, sail_number=S),
        tool("charge_member_account", T(dl, "Charge an amount to a member's club account.", "从会员俱乐部账户扣款。"),
             ["account_id", "amount", "currency"], account_id=S, amount=_num(0.01),
             currency={"type": "string", "pattern": "^[A-Z]{3}$"}, reference=S),
    ]
    lst = Step("list_races", {"series": series}, {"series": series, "races": races})
    ent = Step("enter_race", {"race_id": race["race_id"], "helm_id": helm, "crew_id": crew, "sail_number": sail},
               {"entry_id": entry, "status": "entered"})
    pay = Step("charge_member_account", {"account_id": acct, "amount": fee, "currency": "GBP", "reference": entry},
               {"charged": True, "amount": fee, "currency": "GBP"})
    output = T(lang, f"You're entered in race {k} on {race['date']} (entry {entry}); £{fee:.2f} has gone on your club account.",
               f"已报名第{k}场（{race['date']}），报名编号 {entry}，£{fee:.2f} 已从俱乐部账户扣除。")
    return Draft(
        domain="sailing_club", lang=lang, request=request, output=output, tools=tools, steps=[lst, ent, pay], day=day,
        user_id=helm, attributes={"user.id": helm}, resource={"club.account_id": acct, "tenant.id": "estuary-sc"},
        patterns=["race id copied from a result", "fee copied from a result", "account id from the resource",
                  "helm id from context", "entry id reused as reference"],
        roles={"main": ent, "write": pay, "lookup": lst, "producer": lst, "plain": lst},
        slots={"copied_id": (ent, "race_id"), "user_id": (ent, "helm_id"), "context_id": (pay, "account_id"),
               "currency": (pay, "currency"), "extra": (ent, "boat_name")},
        facts={"extra_value": boat, "success_text": output})


# --- natural history society --------------------------------------------------------------------

def nature_trip_question(rng: random.Random, lang: str) -> Draft:
    """Question by lookups: 'the 14th' resolved, the end time computed from start and duration."""
    day = _day(rng)
    if day.day == 14:
        day -= dt.timedelta(days=1)
    target = day.replace(day=14) if day.day < 14 else (day.replace(day=1) + dt.timedelta(days=32)).replace(day=14)
    date = target.isoformat()
    dl = _dl(rng, lang)
    tid = f"NT-{rng.randint(1000, 9999)}"
    start = rng.choice(["20:30", "20:45", "21:00"])
    dur = rng.choice([90, 105, 120])
    end_t = (dt.datetime.combine(target, dt.time.fromisoformat(start)) + dt.timedelta(minutes=dur)).strftime("%H:%M")
    places = rng.randint(2, 9)
    request = T(lang, "Is there still space on the bat walk on the 14th, and what time does it finish? I need to catch the last bus.",
                "14号的蝙蝠夜观活动还有名额吗？几点结束？我要赶末班车。")
    keyword = T(lang, "bat walk", "蝙蝠")
    tools = [
        tool("search_trips", T(dl, "Search the society's field trips by date and keyword.", "按日期和关键词搜索学会的野外活动。"),
             ["date"], date=DATE, keyword=S),
        tool("get_trip", T(dl, "Details of a field trip: start, duration, places left.", "野外活动详情：开始时间、时长、剩余名额。"),
             ["trip_id"], trip_id=S),
        tool("book_trip", T(dl, "Book a member onto a field trip.", "为会员报名野外活动。"), ["trip_id", "member_id"],
             trip_id=S, member_id=S),
        _send_email(dl),
    ]
    search = Step("search_trips", {"date": date, "keyword": keyword},
                  {"trips": [{"trip_id": tid, "title": "Bat walk, Hollin Wood", "start": start}]})
    get = Step("get_trip", {"trip_id": tid},
               {"trip_id": tid, "title": "Bat walk, Hollin Wood", "start": start, "duration_minutes": dur,
                "places_left": places, "meeting_point": "Hollin Wood car park"})
    output = T(lang, f"Yes - {places} places left on the bat walk on {date}. It starts at {start} and runs {dur} minutes, "
                     f"so it finishes around {end_t}.",
               f"还有{places}个名额。{date} 的蝙蝠夜观 {start} 开始，持续{dur}分钟，大约 {end_t} 结束。")
    return Draft(
        domain="natural_history", lang=lang, request=request, output=output, tools=tools, steps=[search, get], day=day,
        user_id=f"NHS-{rng.randint(1000, 9999)}",
        patterns=["'the 14th' resolved from the trace's day", "trip id copied", "end time computed", "offered tools unused"],
        roles={"main": get, "lookup": get, "producer": search, "plain": search},
        slots={"date": (search, "date"), "copied_id": (get, "trip_id")}, facts={"date_format": True})


def nature_cancel(rng: random.Random, lang: str) -> Draft:
    """Cancellation: the booking is found among the member's own (member id from context); schema default sent."""
    day = _day(rng)
    dl = _dl(rng, lang)
    member = f"NHS-{rng.randint(1000, 9999)}"
    trips = [("Fungus foray, Ashridge", "fungus foray", "蘑菇考察"), ("Dawn chorus walk", "dawn chorus walk", "清晨听鸟"),
             ("Rock-pooling at Wembury", "rock-pooling trip", "潮池观察")]
    rng.shuffle(trips)
    bookings = [{"booking_id": f"BK-{rng.randint(10000, 99999)}", "trip": t[0],
                 "date": (day + dt.timedelta(days=rng.randint(3, 40))).isoformat(), "fee_paid": rng.choice([4.0, 6.0, 8.0])}
                for t in trips]
    target = bookings[0]
    request = T(lang, f"Please cancel my place on the {trips[0][1]} - something's come up.",
                f"请帮我取消{trips[0][2]}的报名，临时有事去不了了。")
    tools = [
        tool("list_my_bookings", T(dl, "List a member's upcoming field-trip bookings.", "列出会员即将参加的活动报名。"),
             ["member_id"], member_id=S),
        tool("cancel_booking", T(dl, "Cancel a field-trip booking and refund the fee.", "取消活动报名并退款。"),
             ["booking_id", "reason"], booking_id=S, reason=_enum("illness", "clash", "other"),
             notify_leader={"type": "boolean", "default": True}),
    ]
    lst = Step("list_my_bookings", {"member_id": member}, {"member_id": member, "bookings": bookings})
    cancel = Step("cancel_booking", {"booking_id": target["booking_id"], "reason": "other", "notify_leader": True},
                  {"booking_id": target["booking_id"], "status": "cancelled", "refund": target["fee_paid"]})
    output = T(lang, f"Cancelled your place on {target['trip']} ({target['date']}); £{target['fee_paid']:.2f} will be refunded.",
               f"已取消 {target['trip']}（{target['date']}）的报名，£{target['fee_paid']:.2f} 将退回。")
    return Draft(
        domain="natural_history", lang=lang, request=request, output=output, tools=tools, steps=[lst, cancel], day=day,
        user_id=member, attributes={"user.id": member},
        patterns=["member id from context", "booking id picked from the member's list", "enum 'other' for the user's reason",
                  "schema default sent", "trip named in Chinese, listed in English"],
        roles={"main": cancel, "write": cancel, "lookup": lst, "producer": lst, "plain": lst},
        slots={"user_id": (lst, "member_id"), "copied_id": (cancel, "booking_id"), "enum": (cancel, "reason")},
        facts={"enum_word": T(lang, "something came up", "临时有事"), "success_text": output})


# --- bicycle-frame builder ----------------------------------------------------------------------

COUNTRIES = [("New Zealand", "新西兰", "NZ", "NZD", "NZ dollars", "新西兰元"), ("Canada", "加拿大", "CA", "CAD", "Canadian dollars", "加元"),
             ("Japan", "日本", "JP", "JPY", "yen", "日元"), ("Australia", "澳大利亚", "AU", "AUD", "Australian dollars", "澳元")]


def frame_order(rng: random.Random, lang: str) -> Draft:
    """Custom order: cm -> mm, a country name -> its code, a currency name -> its code; ready date computed."""
    day = _day(rng)
    dl = _dl(rng, lang)
    country, country_zh, cc, cur, cur_en, cur_zh = rng.choice(COUNTRIES)
    tube = rng.choice([54, 55.5, 56, 58])
    mm = int(tube * 10)
    style, style_en, style_zh = rng.choice([("gravel", "gravel", "砾石"), ("touring", "touring", "旅行"), ("road", "road", "公路")])
    colour_en, colour_zh = rng.choice([("racing green", "赛车绿"), ("oxblood", "牛血红"), ("sky blue", "天蓝色")])
    customer, quote = f"CU-{rng.randint(1000, 9999)}", f"Q-{rng.randint(1000, 9999)}"
    weeks = rng.choice([8, 10, 12])
    order = f"FB-{rng.randint(1000, 9999)}"
    request = T(lang, f"I'd like a steel {style_en} frame, {tube:g} cm top tube, in {colour_en}, shipped to {country}. "
                      f"Pay the deposit in {cur_en}.",
                f"我想定做一个钢制{style_zh}车架，上管{tube:g}厘米，颜色要{colour_zh}（{colour_en}），寄到{country_zh}，定金用{cur_zh}付。")
    tools = [
        tool("quote_frame", T(dl, "Quote a made-to-measure frame.", "为定制车架报价。"),
             ["material", "style", "top_tube_mm", "colour", "ship_country"],
             material=_enum("steel", "titanium", "aluminium"), style=_enum("road", "gravel", "touring"),
             top_tube_mm=_int(480, 640), colour=S, ship_country={"type": "string", "pattern": "^[A-Z]{2}$"}),
        tool("place_frame_order", T(dl, "Place an order from a quote and take the deposit.", "按报价下单并收取定金。"),
             ["quote_id", "customer_id", "deposit_currency"], quote_id=S, customer_id=S,
             deposit_currency={"type": "string", "pattern": "^[A-Z]{3}$"}),
    ]
    q = Step("quote_frame", {"material": "steel", "style": style, "top_tube_mm": mm, "colour": colour_en, "ship_country": cc},
             {"quote_id": quote, "price": rng.choice([1850, 2150, 2400]), "currency": "GBP", "deposit_rate": 0.3,
              "lead_time_weeks": weeks})
    deposit = {"NZD": 1288.0, "CAD": 1150.5, "JPY": 121500, "AUD": 1230.0}[cur]
    p = Step("place_frame_order", {"quote_id": quote, "customer_id": customer, "deposit_currency": cur},
             {"order_id": order, "deposit_charged": deposit, "currency": cur, "status": "in_queue"})
    ready = (day + dt.timedelta(weeks=weeks)).isoformat()
    output = T(lang, f"Order {order} is in the queue; a deposit of {deposit} {cur} was taken. With a {weeks}-week lead time "
                     f"the frame should be ready around {ready}.",
               f"订单 {order} 已排队，定金 {deposit} {cur} 已收取。制作周期{weeks}周，预计 {ready} 左右完成。")
    return Draft(
        domain="frame_builder", lang=lang, request=request, output=output, tools=tools, steps=[q, p], day=day,
        user_id=customer, attributes={"user.id": customer}, resource={"tenant.id": "hollow-lug-cycles"},
        patterns=["cm as mm", "country name as ISO code", "currency name as ISO code", "quote id copied",
                  "customer id from context", "ready date computed in the answer", "colour in English from a bilingual request"],
        roles={"main": p, "write": p, "lookup": q, "producer": q, "plain": q},
        slots={"enum": (q, "style"), "copied_id": (p, "quote_id"), "user_id": (p, "customer_id"), "extra": (q, "fork")},
        facts={"enum_word": T(lang, f"{style_en} bike", f"{style_zh}车"), "extra_value": T(lang, "carbon fork", "碳前叉"),
               "success_text": output})


def frame_status_followup(rng: random.Random, lang: str) -> Draft:
    """Follow-up: order id and country from the earlier turn; a ship date computed from a result date + 21 days."""
    day = _day(rng)
    dl = _dl(rng, lang)
    country, country_zh, cc, *_ = rng.choice(COUNTRIES)
    order = f"FB-{rng.randint(1000, 9999)}"
    painting = day + dt.timedelta(days=rng.randint(3, 20))
    ship = painting + dt.timedelta(days=21)
    transit = rng.choice([5, 6, 8])
    arrive = ship + dt.timedelta(days=transit)
    history = [
        {"role": "user", "text": T(lang, f"Please order the frame from that quote and ship it to {country}.",
                                   f"就按那个报价下单吧，寄到{country_zh}。")},
        {"role": "assistant", "calls": [{"name": "place_frame_order", "arguments": {"quote_id": f"Q-{rng.randint(1000, 9999)}",
                                                                                   "ship_country": cc}}]},
        {"role": "tool", "results": [{"order_id": order, "status": "in_queue", "ship_country": cc}]},
        {"role": "assistant", "text": T(lang, f"Ordered - your order number is {order}.", f"已下单，订单号 {order}。")},
    ]
    request = T(lang, "How's my frame coming along? If it ships three weeks after painting, when should it get to me?",
                "我的车架做到哪一步了？如果喷漆完成三周后发货，我大概什么时候能收到？")
    tools = [
        tool("get_build_status", T(dl, "Current build stage of a frame order.", "查询车架订单的制作进度。"),
             ["order_id"], order_id=S),
        tool("get_courier_estimate", T(dl, "Courier transit time for a ship date and destination.", "按发货日期和目的地估算快递时长。"),
             ["country", "ship_date"], country={"type": "string", "pattern": "^[A-Z]{2}$"}, ship_date=DATE),
    ]
    st = Step("get_build_status", {"order_id": order},
              {"order_id": order, "stage": "brazing_done", "painting_due": painting.isoformat()})
    cr = Step("get_courier_estimate", {"country": cc, "ship_date": ship.isoformat()},
              {"country": cc, "ship_date": ship.isoformat(), "transit_days": transit})
    output = T(lang, f"Brazing is finished and painting is due {painting}. Shipping three weeks later ({ship}) with "
                     f"{transit} days in transit, it should reach you around {arrive}.",
               f"焊接已完成，预计 {painting} 喷漆。三周后（{ship}）发货，运输约{transit}天，预计 {arrive} 左右送到。")
    return Draft(
        domain="frame_builder", lang=lang, request=request, output=output, tools=tools, steps=[st, cr], day=day,
        user_id=f"CU-{rng.randint(1000, 9999)}", session_id=f"sess-{rng.randint(10 ** 7, 10 ** 8 - 1)}", history=history,
        patterns=["order id from the earlier turn", "country code from the earlier turn",
                  "date computed from a result date + 21 days", "arrival date computed in the answer"],
        roles={"main": st, "lookup": st, "plain": cr, "producer": st},
        slots={"history_id": (st, "order_id"), "computed_date": (cr, "ship_date"), "date": (cr, "ship_date")},
        facts={"date_format": True})


# --- public records office ----------------------------------------------------------------------

def records_copy_export(rng: random.Random, lang: str) -> Draft:
    """Export polled to completion: a copy order, then the same status check until it is complete."""
    day = _day(rng)
    dl = _dl(rng, lang)
    year, parish = rng.choice([(1911, "Ashby"), (1901, "Kirkby Stephen"), (1891, "Wolsingham")])
    email = rng.choice(["jo.marsh@example.org", "d.wei@example.net", "h.okafor@example.com"])
    ids = [f"RG{rng.randint(10, 14)}/{rng.randint(10000, 29999)}" for _ in range(2)]
    job = f"CO-{rng.randint(10000, 99999)}"
    pages = rng.randint(6, 20)
    fee = pages * 1.5
    request = T(lang, f"I need certified PDF copies of the {year} census pages for {parish} parish - send them to {email}.",
                f"我需要{year}年人口普查中{parish}教区那几页的认证PDF副本，发到 {email}。")
    tools = [
        tool("search_catalogue", T(dl, "Search the archive catalogue.", "检索档案目录。"), ["query"], query=S, year=_int(1500, 2025)),
        tool("create_copy_order", T(dl, "Order copies of catalogue items; returns a job id.", "订购档案条目的副本，返回任务编号。"),
             ["item_ids", "format"], item_ids={"type": "array", "items": S}, format=_enum("pdf", "tiff", "paper"),
             certified={"type": "boolean", "default": False}, delivery_email={"type": "string", "format": "email"}),
        tool("get_copy_order_status", T(dl, "Check the progress of a copy order (poll until complete).",
                                        "查询副本订单进度（轮询直到完成）。"), ["job_id"], job_id=S),
        _send_email(dl),
    ]
    search = Step("search_catalogue", {"query": f"{year} census {parish}", "year": year},
                  {"items": [{"item_id": ids[0], "title": f"{parish}, enumeration district 1"},
                             {"item_id": ids[1], "title": f"{parish}, enumeration district 2"}]})
    create = Step("create_copy_order", {"item_ids": ids, "format": "pdf", "certified": True, "delivery_email": email},
                  {"job_id": job, "status": "queued"})
    polls = []
    n_polls = rng.randint(2, 4)
    for i in range(n_polls):
        done = i == n_polls - 1
        polls.append(Step("get_copy_order_status", {"job_id": job},
                          {"job_id": job, "status": "complete", "pages": pages, "fee": fee} if done else
                          {"job_id": job, "status": "running", "progress": int(100 * (i + 1) / n_polls)}, duration=60))
    output = T(lang, f"Done - {pages} certified PDF pages have been sent to {email}; the fee was £{fee:.2f}.",
               f"已完成：{pages}页认证PDF已发送至 {email}，费用 £{fee:.2f}。")
    return Draft(
        domain="records_office", lang=lang, request=request, output=output, tools=tools, steps=[search, create, *polls],
        day=day, user_id=f"RDR-{rng.randint(10000, 99999)}", resource={"tenant.id": "county-record-office"},
        patterns=["status tool polled with the same arguments", "item ids copied", "user's own e-mail address",
                  "job id copied", "enum member 'pdf'"],
        roles={"main": create, "lookup": search, "producer": create, "plain": search},
        slots={"copied_id": (polls[0], "job_id"), "enum": (create, "format"), "extra": (create, "parish")},
        facts={"enum_word": T(lang, "PDF file", "PDF文件"), "extra_value": parish})


def records_retry(rng: random.Random, lang: str) -> Draft:
    """A 503 then the identical call succeeding; a reading-room seat booked with the reader ticket from context."""
    wd = rng.choice([1, 3, 4])
    day = _day(rng, wd)
    date = _next(day, wd).isoformat()
    dl = _dl(rng, lang)
    req_id = f"AR-{rng.randint(10000, 99999)}"
    ticket = f"RT-{rng.randint(10000, 99999)}"
    boxes = rng.randint(2, 5)
    title = rng.choice(["Quarter Sessions rolls 1790-1795", "Enclosure award maps, 1811", "Turnpike trust minutes 1760-1782"])
    ref = f"RR-{rng.randint(1000, 9999)}"
    request = T(lang, f"What's happening with my archive request {req_id}? If the boxes are ready, book me a seat in the reading "
                      f"room on {WD_EN[wd]} - I'll need the big map table.",
                f"我的档案调阅申请 {req_id} 怎么样了？如果箱子准备好了，帮我订{WD_ZH[wd]}阅览室的座位，要能摊开地图的大桌。")
    tools = [
        tool("get_archive_request", T(dl, "Status of a reader's archive request.", "查询读者的档案调阅申请状态。"),
             ["request_id"], request_id=S),
        tool("book_reading_room", T(dl, "Book a reading-room seat for a reader.", "为读者预订阅览室座位。"),
             ["request_id", "date", "seat_type", "reader_ticket"], request_id=S, date=DATE,
             seat_type=_enum("standard", "map_table", "microfilm"), reader_ticket=S),
    ]
    g1 = Step("get_archive_request", {"request_id": req_id}, error="503 Service Unavailable")
    g2 = Step("get_archive_request", {"request_id": req_id}, {"request_id": req_id, "status": "ready", "boxes": boxes, "item": title})
    bk = Step("book_reading_room", {"request_id": req_id, "date": date, "seat_type": "map_table", "reader_ticket": ticket},
              {"booking_ref": ref, "date": date, "seat": "M2"})
    output = T(lang, f"Your {boxes} boxes ({title}) are ready. I've booked map table M2 on {date}, reference {ref}.",
               f"您的{boxes}箱档案（{title}）已备好，已为您预订 {date} 的地图大桌 M2，编号 {ref}。")
    return Draft(
        domain="records_office", lang=lang, request=request, output=output, tools=tools, steps=[g1, g2, bk], day=day,
        user_id=ticket, attributes={"reader.ticket": ticket}, resource={"tenant.id": "county-record-office"},
        patterns=["one identical retry after a 503", "weekday resolved", "reader ticket from context", "enum for 'big map table'"],
        roles={"main": bk, "write": bk, "plain": bk},
        slots={"date": (bk, "date"), "enum": (bk, "seat_type"), "context_id": (bk, "reader_ticket")},
        facts={"enum_word": T(lang, "big map table", "大桌"), "success_text": output, "date_format": True})


# --- tailor ------------------------------------------------------------------------------------

def tailor_order(rng: random.Random, lang: str) -> Draft:
    """Order: fabric code copied, 'two' as 2, a monogram in the notes, the total computed in the answer."""
    day = _day(rng)
    dl = _dl(rng, lang)
    qty = rng.choice([2, 3])
    collar, sleeve = rng.choice([39.5, 40, 41, 42.5]), rng.choice([84, 86, 88])
    cuff, cuff_en, cuff_zh = rng.choice([("french", "French cuffs", "法式袖口"), ("barrel", "button cuffs", "纽扣袖口")])
    initials = rng.choice(["JM", "AK", "RW"])
    customer = f"TC-{rng.randint(1000, 9999)}"
    price = rng.choice([95.0, 110.0])
    code, order = f"OX-{rng.randint(100, 199)}W", f"TS-{rng.randint(1000, 9999)}"
    fitting = (day + dt.timedelta(days=rng.randint(7, 14))).isoformat()
    request = T(lang, f"{['', '', 'Two', 'Three'][qty]} white Oxford shirts please, {cuff_en}, collar {collar:g} cm, "
                      f"sleeve {sleeve} cm, monogram {initials}.",
                f"做{ZH_NUM[qty]}件白色牛津纺衬衫，{cuff_zh}，领围{collar:g}厘米，袖长{sleeve}厘米，绣字母{initials}。")
    tools = [
        tool("find_fabric", T(dl, "Find shirting fabrics by description.", "按描述查找衬衫面料。"), ["query"], query=S),
        tool("create_shirt_order", T(dl, "Create a made-to-measure shirt order.", "创建定制衬衫订单。"),
             ["customer_id", "fabric_code", "quantity", "cuff", "collar_cm", "sleeve_cm"], customer_id=S, fabric_code=S,
             quantity=_int(1, 12), cuff=_enum("barrel", "french", "convertible"), collar_cm={"type": "number", "minimum": 33,
                                                                                          "maximum": 52},
             sleeve_cm=_num(60), notes=S),
    ]
    find = Step("find_fabric", {"query": T(lang, "white Oxford", "白色牛津纺")},
                {"fabrics": [{"code": code, "name": "White Oxford 100s", "price_per_shirt": price, "currency": "GBP"},
                             {"code": "RO-220W", "name": "White Royal Oxford", "price_per_shirt": price + 35, "currency": "GBP"}]})
    create = Step("create_shirt_order", {"customer_id": customer, "fabric_code": code, "quantity": qty, "cuff": cuff,
                                         "collar_cm": collar, "sleeve_cm": sleeve, "notes": f"monogram {initials}"},
                  {"order_id": order, "status": "received", "fitting_date": fitting})
    total = qty * price
    output = T(lang, f"Order {order}: {qty} white Oxford shirts with {cuff_en}, £{total:.2f} in all. Your fitting is on {fitting}.",
               f"订单 {order}：{qty}件白色牛津纺衬衫（{cuff_zh}），共 £{total:.2f}，试衣日期 {fitting}。")
    return Draft(
        domain="tailor", lang=lang, request=request, output=output, tools=tools, steps=[find, create], day=day,
        user_id=customer, attributes={"user.id": customer},
        patterns=["fabric code copied", "Chinese numeral as quantity", "customer id from context", "monogram put in notes",
                  "total computed in the answer"],
        roles={"main": create, "write": create, "lookup": find, "producer": find, "plain": find},
        slots={"enum": (create, "cuff"), "copied_id": (create, "fabric_code"), "user_id": (create, "customer_id"),
               "count": (create, "quantity"), "extra": (create, "monogram")},
        facts={"enum_word": T(lang, cuff_en, cuff_zh), "extra_value": initials, "success_text": output})


def tailor_change(rng: random.Random, lang: str) -> Draft:
    """Change of an existing order: id from the earlier turn, fitting moved a week from the date the lookup returned."""
    day = _day(rng)
    dl = _dl(rng, lang)
    order = f"TS-{rng.randint(1000, 9999)}"
    old_collar, new_collar = rng.choice([(40, 41), (39.5, 40), (42, 41.5)])
    fitting = day + dt.timedelta(days=rng.randint(3, 12))
    moved = (fitting + dt.timedelta(days=7)).isoformat()
    history = [
        {"role": "user", "text": T(lang, f"Two white shirts, collar {old_collar:g} cm please.", f"做两件白衬衫，领围{old_collar:g}厘米。")},
        {"role": "assistant", "calls": [{"name": "create_shirt_order", "arguments": {"quantity": 2, "collar_cm": old_collar}}]},
        {"role": "tool", "results": [{"order_id": order, "status": "received", "fitting_date": fitting.isoformat()}]},
        {"role": "assistant", "text": T(lang, f"Done, order {order}; fitting on {fitting}.", f"已下单 {order}，试衣 {fitting}。")},
    ]
    request = T(lang, f"Could you change the collar on that order to {new_collar:g} cm and push my fitting back a week?",
                f"那个订单的领围改成{new_collar:g}厘米，试衣往后推一周，可以吗？")
    tools = [
        tool("get_shirt_order", T(dl, "Look up a shirt order.", "查询衬衫订单。"), ["order_id"], order_id=S),
        tool("update_shirt_order", T(dl, "Change measurements or the fitting date of an order not yet cut.",
                                     "修改尚未裁剪订单的尺寸或试衣日期。"), ["order_id"], order_id=S,
             collar_cm={"type": "number", "minimum": 33, "maximum": 52}, fitting_date=DATE),
    ]
    get = Step("get_shirt_order", {"order_id": order},
               {"order_id": order, "collar_cm": old_collar, "fitting_date": fitting.isoformat(), "status": "not_cut"})
    upd = Step("update_shirt_order", {"order_id": order, "collar_cm": new_collar, "fitting_date": moved},
               {"order_id": order, "updated": True, "collar_cm": new_collar, "fitting_date": moved})
    output = T(lang, f"Updated order {order}: collar {new_collar:g} cm, fitting moved to {moved}.",
               f"订单 {order} 已更新：领围{new_collar:g}厘米，试衣改到 {moved}。")
    return Draft(
        domain="tailor", lang=lang, request=request, output=output, tools=tools, steps=[get, upd], day=day,
        user_id=f"TC-{rng.randint(1000, 9999)}", session_id=f"sess-{rng.randint(10 ** 7, 10 ** 8 - 1)}", history=history,
        patterns=["order id from the earlier turn", "date = a result's date + 7 days"],
        roles={"main": upd, "write": upd, "lookup": get, "plain": get},
        slots={"history_id": (upd, "order_id"), "computed_date": (upd, "fitting_date"), "date": (upd, "fitting_date")},
        facts={"success_text": output, "date_format": True})


# --- sheep farm ----------------------------------------------------------------------------------

def wool_quote(rng: random.Random, lang: str) -> Draft:
    """Two lookups in one turn, then a conversion of the sum the agent computed from them."""
    day = _day(rng)
    dl = _dl(rng, lang)
    kg = rng.choice([5, 8, 12, 15])
    breed, b_en, b_zh = rng.choice([("bfl", "Bluefaced Leicester", "蓝脸莱斯特"), ("jacob", "Jacob", "雅各布羊"),
                                    ("herdwick", "Herdwick", "赫德威克")])
    country, c_zh, cc, cur, cur_en, cur_zh = rng.choice([("Germany", "德国", "DE", "EUR", "euros", "欧元"),
                                                        ("the United States", "美国", "US", "USD", "dollars", "美元"),
                                                        ("Sweden", "瑞典", "SE", "SEK", "kronor", "瑞典克朗")])
    per_kg, ship = rng.choice([9.0, 12.0, 14.0]), rng.choice([24.5, 31.0, 38.5])
    rate = {"EUR": 1.17, "USD": 1.27, "SEK": 13.4}[cur]
    subtotal = kg * per_kg + ship
    converted = round(subtotal * rate, 2)
    request = T(lang, f"How much would {kg} kg of grade A {b_en} fleece cost delivered to {country}, in {cur_en}?",
                f"{kg}公斤A级{b_zh}羊毛寄到{c_zh}，用{cur_zh}算一共多少钱？")
    tools = [
        tool("get_fleece_price", T(dl, "Price per kg of a fleece by breed and grade.", "按品种和等级查询每公斤羊毛价格。"),
             ["breed", "grade"], breed=_enum("bfl", "jacob", "herdwick", "shetland", "texel"), grade=_enum("A", "B")),
        tool("get_shipping_rate", T(dl, "Parcel rate to a country for a weight.", "按重量查询寄往某国的运费。"),
             ["country", "weight_kg"], country={"type": "string", "pattern": "^[A-Z]{2}$"}, weight_kg=_num(0.1)),
        tool("convert_currency", T(dl, "Convert an amount between currencies at today's rate.", "按今日汇率换算金额。"),
             ["amount", "from_currency", "to_currency"], amount=_num(0), from_currency=S, to_currency=S),
    ]
    price = Step("get_fleece_price", {"breed": breed, "grade": "A"},
                 {"breed": breed, "grade": "A", "price_per_kg": per_kg, "currency": "GBP", "in_stock_kg": 40})
    shipping = Step("get_shipping_rate", {"country": cc, "weight_kg": kg}, {"country": cc, "rate": ship, "currency": "GBP"},
                    parallel=True)
    conv = Step("convert_currency", {"amount": subtotal, "from_currency": "GBP", "to_currency": cur},
                {"amount": converted, "currency": cur, "rate": rate})
    output = T(lang, f"About {converted:.2f} {cur}: £{kg * per_kg:.2f} for the fleece plus £{ship:.2f} postage, £{subtotal:.2f} in all.",
               f"约 {converted:.2f} {cur}：羊毛 £{kg * per_kg:.2f}，运费 £{ship:.2f}，合计 £{subtotal:.2f}。")
    return Draft(
        domain="sheep_farm", lang=lang, request=request, output=output, tools=tools, steps=[price, shipping, conv], day=day,
        resource={"tenant.id": "fellside-farm"},
        patterns=["parallel lookups", "breed name as enum member", "country as ISO code", "currency name as code",
                  "sum of results sent as an argument"],
        roles={"main": price, "lookup": shipping, "plain": price},
        slots={"enum": (price, "breed"), "count": (shipping, "weight_kg")},
        facts={"enum_word": T(lang, b_en, b_zh)})


def wool_reserve(rng: random.Random, lang: str) -> Draft:
    """Booking with a collection date 'in N days' and fleece ids picked from a lot listing."""
    day = _day(rng)
    dl = _dl(rng, lang)
    lot, nd = rng.randint(10, 40), rng.choice([3, 5, 10])
    coll = (day + dt.timedelta(days=nd)).isoformat()
    customer = f"FF-{rng.randint(1000, 9999)}"
    fleeces = [{"fleece_id": f"L{lot}-{i:02d}", "breed": b, "weight_kg": w, "price": p}
               for i, (b, w, p) in enumerate([("Jacob", 2.4, 18.0), ("Jacob", 2.9, 21.0), ("Herdwick", 3.1, 15.0)], 1)]
    picked = [f["fleece_id"] for f in fleeces if f["breed"] == "Jacob"]
    total = sum(f["price"] for f in fleeces if f["breed"] == "Jacob")
    res = f"RSV-{rng.randint(1000, 9999)}"
    request = T(lang, f"Please reserve the two Jacob fleeces from lot {lot} for me, I'll collect them in {nd} days.",
                f"帮我预留第{lot}批里那两张雅各布羊毛，我{nd}天后来取。")
    tools = [
        tool("list_lot", T(dl, "List the fleeces in a sale lot.", "列出某一批次的羊毛。"), ["lot"], lot=_int(1)),
        tool("reserve_fleeces", T(dl, "Reserve fleeces for collection.", "预留羊毛待取。"),
             ["fleece_ids", "customer_id", "collection_date"], fleece_ids={"type": "array", "items": S}, customer_id=S,
             collection_date=DATE),
    ]
    lst = Step("list_lot", {"lot": lot}, {"lot": lot, "fleeces": fleeces})
    rsv = Step("reserve_fleeces", {"fleece_ids": picked, "customer_id": customer, "collection_date": coll},
               {"reservation_id": res, "status": "reserved", "hold_until": coll})
    output = T(lang, f"Reserved {', '.join(picked)} for collection on {coll} (reservation {res}); £{total:.2f} to pay on collection.",
               f"已预留 {', '.join(picked)}，{coll} 取货（预留号 {res}），取货时付 £{total:.2f}。")
    return Draft(
        domain="sheep_farm", lang=lang, request=request, output=output, tools=tools, steps=[lst, rsv], day=day,
        user_id=customer, attributes={"user.id": customer}, resource={"tenant.id": "fellside-farm"},
        patterns=["'in N days' resolved from the trace's day", "ids picked from a listing", "customer id from context",
                  "total computed in the answer"],
        roles={"main": rsv, "write": rsv, "lookup": lst, "producer": lst, "plain": lst},
        slots={"date": (rsv, "collection_date"), "computed_date": (rsv, "collection_date"), "user_id": (rsv, "customer_id")},
        facts={"success_text": output, "date_format": True})


# --- genealogy ----------------------------------------------------------------------------------

def genealogy_search(rng: random.Random, lang: str) -> Draft:
    """Question by lookups: a record search with the account id from the resource, then the best match's detail."""
    day = _day(rng)
    dl = _dl(rng, lang)
    acct = f"GEN-{rng.randint(100000, 999999)}"
    y0 = rng.choice([1838, 1840, 1852])
    y1 = y0 + rng.choice([4, 5])
    if lang == "en":
        surname, given, place, rtype, word = rng.choice([("Pryce", "Thomas", "Montgomeryshire", "baptism", "baptism records"),
                                                          ("Corrigan", "Bridget", "County Mayo", "baptism", "baptism records"),
                                                          ("Haddow", "James", "Lanarkshire", "birth", "birth records")])
        request = f"Find {word} for {given} {surname} born between {y0} and {y1} in {place}, and show me the best match."
    else:
        surname, given, place, rtype, word = rng.choice([("王", "德明", "泉州", "birth", "出生记录"),
                                                          ("陈", "秀英", "潮州", "birth", "出生记录"),
                                                          ("林", "阿福", "福州", "baptism", "洗礼记录")])
        request = f"帮我查{surname}{given}的{word}，{y0}到{y1}年之间出生，{place}一带的，给我看最匹配的那条。"
    best, other = f"{rtype[:3].upper()}-{rng.randint(100000, 999999)}", f"{rtype[:3].upper()}-{rng.randint(100000, 999999)}"
    by = rng.randint(y0, y1)
    tools = [
        tool("search_records", T(dl, "Search indexed vital records.", "检索已索引的人口记录。"),
             ["account_id", "surname", "record_type"], account_id=S, surname=S, given_name=S,
             record_type=_enum("baptism", "birth", "marriage", "burial", "census"), year_from=_int(1500, 2025),
             year_to=_int(1500, 2025), place=S),
        tool("get_record", T(dl, "Full transcription of one record.", "获取单条记录的完整转录。"), ["record_id"], record_id=S),
        _send_email(dl),
    ]
    search = Step("search_records", {"account_id": acct, "surname": surname, "given_name": given, "record_type": rtype,
                                     "year_from": y0, "year_to": y1, "place": place},
                  {"results": [{"record_id": best, "name": f"{given} {surname}", "year": by, "place": place, "score": 0.94},
                               {"record_id": other, "name": f"{given} {surname}", "year": y1, "place": place, "score": 0.61}]})
    father = T(lang, rng.choice(["Evan", "Michael", "Robert"]), rng.choice(["王长生", "陈有才", "林水根"]))
    get = Step("get_record", {"record_id": best},
               {"record_id": best, "year": by, "father": father, "place": place, "source": "parish register"})
    output = T(lang, f"Best match: {given} {surname}, {rtype} {by} in {place}, father {father} (record {best}).",
               f"最匹配的是：{surname}{given}，{by}年，{place}，父亲{father}（记录 {best}）。")
    return Draft(
        domain="genealogy", lang=lang, request=request, output=output, tools=tools, steps=[search, get], day=day,
        user_id=f"U-{rng.randint(10000, 99999)}", resource={"account.id": acct, "tenant.id": "roots-archive"},
        patterns=["account id from the resource", "years from the user's range", "enum for the record kind",
                  "record id copied", "Chinese surname and given name split"],
        roles={"main": get, "lookup": search, "producer": search, "plain": search},
        slots={"context_id": (search, "account_id"), "enum": (search, "record_type"), "copied_id": (get, "record_id"),
               "count": (search, "year_from")},
        facts={"enum_word": word})


def genealogy_export(rng: random.Random, lang: str) -> Draft:
    """Export polled: the tree id from the root span, the first poll hits a 503, later polls succeed."""
    day = _day(rng)
    dl = _dl(rng, lang)
    tree = f"T-{rng.randint(100000, 999999)}"
    exp = f"EX-{rng.randint(10000, 99999)}"
    fmt, f_en, f_zh = rng.choice([("gedcom", "GEDCOM file", "GEDCOM文件"), ("pdf_chart", "printable PDF chart", "可打印的PDF族谱图")])
    request = T(lang, f"Export my family tree as a {f_en}, but leave out living people.", f"把我的家谱导出成{f_zh}，在世的人不要导出。")
    tools = [
        tool("start_tree_export", T(dl, "Start exporting a family tree; returns an export id.", "开始导出家谱，返回导出编号。"),
             ["tree_id", "format"], tree_id=S, format=_enum("gedcom", "pdf_chart", "csv"),
             include_living={"type": "boolean", "default": False}),
        tool("get_export_status", T(dl, "Poll an export's status until it is ready.", "轮询导出任务状态直到完成。"),
             ["export_id"], export_id=S),
    ]
    start = Step("start_tree_export", {"tree_id": tree, "format": fmt, "include_living": False},
                 {"export_id": exp, "status": "queued"})
    url = f"https://files.roots-archive.example/exports/{exp}.{'ged' if fmt == 'gedcom' else 'pdf'}"
    people = rng.randint(80, 400)
    steps = [start, Step("get_export_status", {"export_id": exp}, error="503 Service Unavailable", duration=40),
             Step("get_export_status", {"export_id": exp}, {"export_id": exp, "status": "running", "progress": 55}, duration=50)]
    steps.append(Step("get_export_status", {"export_id": exp},
                      {"export_id": exp, "status": "ready", "people": people, "download_url": url}, duration=50))
    output = T(lang, f"Your tree export is ready ({people} people, living people left out): {url}",
               f"家谱已导出（共{people}人，不含在世者）：{url}")
    return Draft(
        domain="genealogy", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        user_id=f"U-{rng.randint(10000, 99999)}", attributes={"tree.id": tree}, resource={"tenant.id": "roots-archive"},
        patterns=["tree id from the root span", "status polled, a 503 on the way", "'leave out living' as the schema default",
                  "enum member for the user's format"],
        roles={"main": start, "producer": start, "plain": start},
        slots={"context_id": (start, "tree_id"), "enum": (start, "format"), "copied_id": (steps[2], "export_id")},
        facts={"enum_word": T(lang, f_en, f_zh)})


# --- faults of this split's own, besides corpus.FAULTS ------------------------------------------

def _seen(draft: Draft) -> str:
    return json.dumps([draft.request, [s.result for s in draft.steps], draft.history, draft.attributes, draft.resource],
                      ensure_ascii=False)


def miscomputed_date(draft: Draft, rng: random.Random) -> Marks | None:
    """A date the agent had to work out ('in 5 days', a week later, three weeks after) worked out wrong."""
    found = draft.slots.get("computed_date")
    if found is None:
        return None
    step, key = found
    try:
        day = dt.date.fromisoformat(step.args.get(key) if isinstance(step.args, dict) else "")
    except (TypeError, ValueError):  # another fault already broke it
        return None
    seen = _seen(draft)
    for shift in rng.sample([1, -1, 2, 6, 8], 5):
        value = day + dt.timedelta(days=shift)
        if value.isoformat() not in seen and value not in (draft.day, draft.day + dt.timedelta(days=1)):
            step.args[key] = value.isoformat()
            return {"ungrounded_value": [step]}
    return None


def invented_number(draft: Draft, rng: random.Random) -> Marks | None:
    """A quantity, weight, duration or year nobody said, in place of the one the user gave."""
    found = draft.slots.get("count")
    if found is None:
        return None
    step, key = found
    old = step.args.get(key) if isinstance(step.args, dict) else None
    if not isinstance(old, (int, float)) or isinstance(old, bool):  # another fault already broke it
        return None
    seen = _seen(draft)
    pool = [7, 9, 11, 13, 17] if old < 1000 else [old - 7, old - 11, old - 13]
    for value in rng.sample(pool, len(pool)):
        if value != old and not re.search(rf"(?<![\d.]){value}(?![\d.])", seen):
            step.args[key] = value
            sub = (draft.schema(step).get("properties") or {}).get(key, {})
            outside = value < sub.get("minimum", value) or value > sub.get("maximum", value)
            # a number past the schema's bounds is a constraint error as well
            return {"ungrounded_value": [step]} | ({"constraint_error": [step]} if outside else {})
    return None


FAULTS = {**corpus.FAULTS, "miscomputed_date": miscomputed_date, "invented_number": invented_number}
_ORDER = {**corpus._ORDER, "miscomputed_date": 0, "invented_number": 0}

SCENARIOS = [
    (radio_booking, "booking"), (radio_dedication_change, "follow-up change"), (sailing_quotes, "comparison"),
    (sailing_race_entry, "booking with payment"), (nature_trip_question, "question by lookups"),
    (nature_cancel, "cancellation"), (frame_order, "custom order"), (frame_status_followup, "follow-up with computation"),
    (records_copy_export, "export polled"), (records_retry, "retry after 503"), (tailor_order, "order with total"),
    (tailor_change, "change of a record"), (wool_quote, "computation from parallel lookups"),
    (wool_reserve, "booking, date N days later"), (genealogy_search, "question by lookups"),
    (genealogy_export, "export polled with a 503"),
]
SHAPES = {fn.__name__: shape for fn, shape in SCENARIOS}


def _make(index: int, scenario, lang: str, faults: list[str], rng: random.Random) -> Case | None:
    """corpus.make_case with this split's faults added."""
    draft = scenario(rng, lang)
    if any(clash <= set(faults) for clash in corpus._CLASHES):
        return None
    marks: dict[str, list] = {}
    touched: set[int] = set()
    for name in sorted(faults, key=_ORDER.__getitem__):
        try:
            found = FAULTS[name](draft, rng)
        except (KeyError, TypeError, ValueError):  # an earlier fault took away what this one breaks
            found = None
        if found is None:
            return None
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != corpus.TOUCHED:
                marks.setdefault(label, []).extend(marked)
    if not 1 <= len(draft.steps) <= 12:
        return None
    trajectory, seqs = build(draft, f"d{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=[f"shape: {SHAPES[scenario.__name__]}", *draft.patterns],
                trajectory=trajectory, expected=expected)


def _case(index: int, seed: int) -> Case:
    rng = random.Random(f"{SPLIT}:{seed}:{index}")
    roll = rng.random()
    names = list(FAULTS)
    lang = rng.choice(["en", "zh"])
    for _ in range(400):
        faults = [] if roll < 0.5 else [rng.choice(names)] if roll < 0.82 else rng.sample(names, 2)
        if len(faults) == 2 and set(faults) <= corpus._ENDINGS:
            continue
        # the faults first, then a scenario with a place for them, starting from this index's own
        for attempt in range(len(SCENARIOS)):
            scenario = SCENARIOS[(index + attempt) % len(SCENARIOS)][0]
            case = _make(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
            if case is not None:
                return case
    raise RuntimeError(f"no case for index {index}")


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean, the rest with one fault or two on different calls; case i depends on (seed, i) only."""
    return [_case(index, seed) for index in range(n)]
