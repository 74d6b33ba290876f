"""The allayed split: agent traffic of a harbour's crab-pot licence renewals, a rural mobile dentist
van's visit slots, a town's Christmas-lights installation crew, a glacier-walk guide service, a
hedge-laying contractor's quotes, a lake ice-thickness reporting service, a bell-ringing tower's
practice rota and a village well-water testing service, written by a thirty-third helper who read
neither the evaluators, their calibration nor any other split. It must not be read when tuning the
evaluators, or it stops being unseen.

Shapes: a booking (dentist van; well-water sampling with two lookups in one turn); a question
answered by lookups (ice thickness, with an inch/centimetre conversion); a comparison of options
(three glacier walks looked up in one model turn, sometimes followed by a hold); a change or
cancellation of an existing record (crab-pot licence renewal, glacier-walk reschedule or cancel);
a computation from results (the lights crew's finishing time, a hedge crew's finish date, a
results-due date); a follow-up of an earlier turn (hedge quote accepted from history, a practice
picked from an earlier listing); an export polled to completion (well-water results); a retry after
a transient 503 that then succeeds (bell-ringing sign-up); context values (patient, ringer, account
and tenant ids on the root span attributes or resource) throughout.

Each case is drawn from (seed, index) alone, so changing one case leaves the others as they were.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import re
from collections.abc import Callable

from collector.trajectory import ToolDefinition
from tests.judgement.corpus import FAULTS as CORPUS_FAULTS, TOUCHED, Case, Draft, Marks, Step, build

SPLIT = "allayed"
ZH_DIGITS = "零一二三四五六七八九"
WEEK_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WEEK_ZH = ["一", "二", "三", "四", "五", "六", "日"]


def _zh_num(n: int) -> str:
    """A small number (< 100) in Chinese numerals."""
    if n < 10:
        return ZH_DIGITS[n]
    tens, ones = divmod(n, 10)
    return ("" if tens == 1 else ZH_DIGITS[tens]) + "十" + (ZH_DIGITS[ones] if ones else "")


def _id(rng: random.Random, prefix: str, digits: int = 5) -> str:
    return f"{prefix}{rng.randint(10 ** (digits - 1), 10 ** digits - 1)}"


def _desc_lang(rng: random.Random, lang: str) -> str:
    """Tool descriptions mostly in the request's language, a quarter in the other."""
    other = "zh" if lang == "en" else "en"
    return lang if rng.random() < 0.75 else other


def T(dl: str, tool_name: str, en: str, zh: str, required: list[str] | None = None, /, **props: dict):
    schema: dict = {"type": "object", "properties": props}
    if required:
        schema["required"] = required
    return ToolDefinition(name=tool_name, description=en if dl == "en" else zh, parameters=schema)


def _email_tool(dl: str):
    return T(dl, "send_email", "Send an e-mail.", "发送电子邮件。", ["to", "subject", "body"],
             to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"})


def _date_en(d: dt.date) -> str:
    return f"{WEEK_EN[d.weekday()]} {d.day} {d.strftime('%B')}"


def _date_zh(d: dt.date) -> str:
    return f"{d.month}月{d.day}日（周{WEEK_ZH[d.weekday()]}）"


def _relative(rng: random.Random, day: dt.date, lang: str, lo: int = 1, hi: int = 10) -> tuple[str, dt.date, bool]:
    """A day as a user names it relative to the trace's day: (phrase, date, relative?)."""
    wd = day.weekday()
    options: list[tuple[str, str, int]] = []
    if lo <= 1:
        options.append(("tomorrow", "明天", 1))
    if lo <= 2 <= hi:
        options.append(("the day after tomorrow", "后天", 2))
    n = rng.randint(max(lo, 3), max(lo, 3, min(hi, 9)))
    options.append((f"in {n} days", f"{_zh_num(n) if rng.random() < 0.5 else n}天后", n))
    if wd < 4:
        target = rng.randint(wd + 2, 6)
        if lo <= target - wd <= hi:
            options.append((f"this {WEEK_EN[target]}", f"这周{WEEK_ZH[target]}", target - wd))
    if wd >= 2:
        target = rng.randint(0, 4)
        delta = 7 - wd + target
        if lo <= delta <= hi + 4:
            options.append((f"{WEEK_EN[target]} next week", f"下周{WEEK_ZH[target]}", delta))
    en, zh, delta = rng.choice(options)
    when = day + dt.timedelta(days=delta)
    if rng.random() < 0.25:  # some users just give the date
        return (f"on {when.day} {when.strftime('%B')}" if lang == "en" else f"{when.month}月{when.day}日"), when, False
    return (en if lang == "en" else zh), when, True


def _ctx(rng: random.Random, tenant: str) -> dict:
    return {"deployment.environment": "production", "tenant.id": tenant, "cloud.region": rng.choice(["eu-west-1", "eu-north-1", "ap-east-1"])}


# ------------------------------------------------------------------------------------------------
# scenarios: each drafts one clean run


def dentist_van(rng: random.Random, lang: str) -> Draft:
    """Booking: free slots at a village stop on a relative day, then the booking with the patient id from context."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2025, rng.randint(3, 10), rng.randint(1, 28))
    village = rng.choice(["Ashby Parva", "Little Brampton", "Cold Aston", "Kirkby Overblow"] if lang == "en"
                         else ["石桥村", "柳林镇", "东岗村", "南坪村"])
    reasons = {"checkup": ("a routine check", "例行检查"), "cleaning": ("a scale and polish", "洗牙"),
               "toothache": ("something for a sore tooth", "看牙疼"), "denture_fit": ("a denture fitting", "配假牙")}
    reason = rng.choice(list(reasons))
    said = reasons[reason][0 if lang == "en" else 1]
    phrase, when, relative = _relative(rng, day, lang, 1, 9)
    patient = _id(rng, "PT-")
    morning = rng.random() < 0.6
    tools = [
        T(dl, "find_van_slots", "List the free appointment slots of the mobile dentist van at a village stop on a date.",
          "列出流动牙科车某村停靠点某天的空闲预约时段。", ["village", "date"],
          village={"type": "string"}, date={"type": "string", "format": "date", "description": "YYYY-MM-DD"}),
        T(dl, "book_van_slot", "Book a free slot on the dentist van for a patient.", "为患者预约牙科车的一个空闲时段。",
          ["slot_id", "patient_id", "reason"],
          slot_id={"type": "string"}, patient_id={"type": "string"},
          reason={"type": "string", "enum": list(reasons)},
          notify={"type": "string", "enum": ["sms", "email", "none"], "default": "sms"}),
        T(dl, "get_stop_parking_rules", "Parking and access rules for the van at a village stop (for the driver).",
          "牙科车在某村停靠点的停车与通行规定（供司机使用）。", ["village"], village={"type": "string"}),
    ]
    if rng.random() < 0.5:
        tools.append(_email_tool(dl))
    rng.shuffle(tools)
    am, pm = f"0{rng.randint(8, 9)}:{rng.choice(['00', '20', '40'])}", f"1{rng.randint(3, 5)}:{rng.choice(['10', '30', '50'])}"
    s1, s2 = f"VS-{rng.randint(1000, 4999)}", f"VS-{rng.randint(6000, 9999)}"
    find = Step("find_van_slots", {"village": village, "date": when.isoformat()},
                {"village": village, "date": when.isoformat(), "slots": [{"slot_id": s1, "start": am, "chair": 1}, {"slot_id": s2, "start": pm, "chair": 1}]})
    slot, start = (s1, am) if morning else (s2, pm)
    args = {"slot_id": slot, "patient_id": patient, "reason": reason}
    patterns = ["id from context (patient.id)", "slot id copied from result", "enum member from the user's words"]
    if relative:
        patterns.append("relative day resolved from the trace's day")
    if rng.random() < 0.4:
        args["notify"] = "sms"
        patterns.append("schema default passed")
    ref = _id(rng, "DV-")
    book = Step("book_van_slot", args, {"booking_ref": ref, "status": "confirmed", "start": start, "date": when.isoformat()})
    if lang == "en":
        request = f"Can I get {said} at the dentist van when it stops in {village} {phrase}? " + \
                  ("Morning if possible." if morning else "Afternoon suits me better.")
        out = f"Booked: {said} at {start} on {_date_en(when)} at the {village} stop (ref {ref}). You'll get an SMS reminder the day before."
    else:
        request = f"流动牙科车{phrase}到{village}的时候，能帮我约个{said}吗？" + ("最好是上午。" if morning else "下午比较方便。")
        out = f"已帮您预约{_date_zh(when)} {start} 在{village}停靠点{said}，预约号 {ref}，前一天会短信提醒您。"
    distractor = Step("get_stop_parking_rules", {"village": village}, {"village": village, "max_length_m": 9, "notes": "use the church car park"})
    return Draft(domain="dentist-van", lang=lang, request=request, output=out, tools=tools, steps=[find, book], day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), attributes={"patient.id": patient},
                 resource=_ctx(rng, "dentvan-northdales"), patterns=["shape:booking", *patterns],
                 roles={"lookup": find, "producer": find, "main": book, "write": book, "distractor": distractor},
                 slots={"date": (find, "date"), "copied_id": (book, "slot_id"), "context_id": (book, "patient_id"),
                        "enum": (book, "reason"), "extra": (find, "time_of_day")},
                 facts={"enum_word": said.removeprefix("a ").removeprefix("something for a "), "date_format": True,
                        "relative": relative, "success_text": out,
                        "extra_value": ("morning" if morning else "afternoon") if lang == "en" else ("上午" if morning else "下午")})


def ice_thickness(rng: random.Random, lang: str) -> Draft:
    """Question by lookups: find the lake, its recent readings, the guidance for the thinnest one (a unit conversion)."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2026, rng.randint(1, 2), rng.randint(1, 28))
    name, region = rng.choice([("Lough Ree", "Roscommon"), ("Lake Simcoe", "Ontario"), ("Lac Saint-Jean", "Québec"), ("Kallavesi", "Kuopio")]
                              if lang == "en" else [("查干湖", "吉林松原"), ("镜泊湖", "黑龙江牡丹江"), ("博斯腾湖", "新疆巴州"), ("乌梁素海", "内蒙古巴彦淖尔")])
    lake_id = _id(rng, "LK-", 4)
    days = rng.choice([3, 4, 5])
    inches = lang == "en" and rng.random() < 0.7
    activity = rng.choice(["walking", "skating"])
    act_said = {"walking": ("walk on", "上去走"), "skating": ("skate on", "上去滑冰")}[activity][0 if lang == "en" else 1]
    values_cm = [round(rng.uniform(8.0, 17.0), 1) for _ in range(days)]
    readings = []
    for k, cm in enumerate(values_cm):
        d = (day - dt.timedelta(days=days - 1 - k)).isoformat()
        readings.append({"date": d, "station": "north slipway", ("thickness_in" if inches else "thickness_cm"):
                         round(cm / 2.54, 1) if inches else cm})
    thinnest = min(r["thickness_in" if inches else "thickness_cm"] for r in readings)
    thinnest_cm = round(thinnest * 2.54, 1) if inches else thinnest
    minimum = 10 if activity == "walking" else 13
    verdict = "ok_with_care" if thinnest_cm >= minimum else "stay_off"
    tools = [
        T(dl, "search_lakes", "Find lakes by name; returns their ids.", "按名称查找湖泊，返回湖泊编号。", ["name"], name={"type": "string"}),
        T(dl, "get_ice_readings", "Ice-thickness readings of a lake over recent days.", "某湖泊最近几天的冰厚测量记录。", ["lake_id"],
          lake_id={"type": "string"}, unit={"type": "string", "enum": ["cm", "in"], "default": "cm"},
          days={"type": "integer", "minimum": 1, "maximum": 30, "default": 7}),
        T(dl, "get_ice_safety_guidance", "Safety guidance for an activity on ice of a given thickness in centimetres.",
          "给定冰厚（厘米）下某项活动的安全建议。", ["thickness_cm", "activity"],
          thickness_cm={"type": "number", "minimum": 0}, activity={"type": "string", "enum": ["walking", "skating", "snowmobile", "vehicle"]}),
        T(dl, "get_boat_launch_hours", "Opening hours of a lake's boat launch.", "湖泊游船码头的开放时间。", ["lake_name"], lake_name={"type": "string"}),
    ]
    if rng.random() < 0.5:
        tools.append(_email_tool(dl))
    rng.shuffle(tools)
    search = Step("search_lakes", {"name": name}, {"lakes": [{"lake_id": lake_id, "name": name, "region": region}]})
    rargs: dict = {"lake_id": lake_id, "days": days}
    patterns = ["lake id copied from result"]
    if inches:
        rargs["unit"] = "in"
        patterns.append("enum member for the user's unit word")
    elif rng.random() < 0.5:
        rargs["unit"] = "cm"
        patterns.append("schema default passed")
    read = Step("get_ice_readings", rargs, {"lake_id": lake_id, "unit": "in" if inches else "cm", "readings": readings})
    guide = Step("get_ice_safety_guidance", {"thickness_cm": thinnest_cm, "activity": activity},
                 {"activity": activity, "verdict": verdict, "minimum_cm": minimum})
    if inches:
        patterns.append("inches converted to centimetres")
    listing = ", ".join(str(r["thickness_in" if inches else "thickness_cm"]) for r in readings)
    if lang == "en":
        unit_word = "inches" if inches else "cm"
        request = f"How thick has the ice been on {name} over the last {days} days, near the north shore? Give it in {unit_word}. Is it safe to {act_said}?"
        out = (f"Readings at the north slipway on {name}, last {days} days: {listing} {unit_word}. The thinnest, {thinnest} {unit_word}"
               + (f" (about {thinnest_cm} cm)" if inches else "") + f", is {'enough for' if verdict != 'stay_off' else 'below the minimum for'} "
               + f"{activity} per the guidance ({'take care, go in company' if verdict != 'stay_off' else 'please stay off'}).")
    else:
        request = f"{name}北岸最近{_zh_num(days) if rng.random() < 0.5 else days}天的冰有多厚？用厘米说。现在能{act_said}吗？"
        out = f"{name}北侧码头近{days}天冰厚：{listing} 厘米。最薄 {thinnest} 厘米，" + \
              ("按安全建议可以结伴上冰，注意安全。" if verdict != "stay_off" else "低于安全标准，请不要上冰。")
    distractor = Step("get_boat_launch_hours", {"lake_name": name}, {"lake_name": name, "open": "closed for winter"})
    return Draft(domain="ice-thickness", lang=lang, request=request, output=out, tools=tools, steps=[search, read, guide], day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), resource=_ctx(rng, "icewatch-public"),
                 patterns=["shape:question", *patterns],
                 roles={"lookup": search, "producer": search, "main": read, "distractor": distractor},
                 slots={"copied_id": (read, "lake_id"), **({"enum": (read, "unit")} if "unit" in rargs and inches else {}),
                        "extra": (read, "location")},
                 facts={"enum_word": "inches", "extra_value": "north shore" if lang == "en" else "北岸", "date_format": False})


def glacier_compare(rng: random.Random, lang: str) -> Draft:
    """Comparison: list routes, three availability lookups in one turn, sometimes a hold on the best one."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2025, rng.randint(5, 9), rng.randint(1, 28))
    if lang == "en":
        names = ["Sólheimajökull", "Falljökull", "Svínafellsjökull"]
        cur, cur_said = rng.choice([("EUR", "euros"), ("USD", "US dollars"), ("ISK", "krónur")])
    else:
        names = ["达古冰川", "海螺沟冰川", "米堆冰川"]
        cur, cur_said = rng.choice([("CNY", "人民币"), ("USD", "美元")])
    group = rng.randint(2, 5)
    phrase, when, relative = _relative(rng, day, lang, 2, 10)
    hold = rng.random() < 0.45
    tools = [
        T(dl, "list_walk_routes", "List the guided glacier-walk routes with their ids.", "列出冰川徒步向导路线及其编号。",
          None, difficulty={"type": "string", "enum": ["easy", "moderate", "hard"]}),
        T(dl, "get_walk_availability", "Places left and price per person on a route on a date.", "某路线某天的剩余名额与每人价格。",
          ["route_id", "date", "group_size"], route_id={"type": "string"}, date={"type": "string", "format": "date"},
          group_size={"type": "integer", "minimum": 1, "maximum": 12},
          currency={"type": "string", "enum": ["ISK", "EUR", "USD", "GBP", "CHF", "CNY"], "default": "ISK" if lang == "en" else "CNY"}),
        T(dl, "hold_walk_places", "Hold places on a route for 24 hours without paying.", "为某路线保留名额24小时（暂不付款）。",
          ["route_id", "date", "group_size"], route_id={"type": "string"}, date={"type": "string", "format": "date"},
          group_size={"type": "integer", "minimum": 1, "maximum": 12}),
    ]
    if rng.random() < 0.4:
        tools.append(_email_tool(dl))
    rng.shuffle(tools)
    ids = [f"R-{abbr}{rng.randint(100, 999)}" for abbr in ("A", "B", "C")]
    listing = Step("list_walk_routes", {}, {"routes": [{"route_id": i, "name": n, "hours": rng.choice([3, 4, 5])} for i, n in zip(ids, names)]})
    prices = {"EUR": (89, 160), "USD": (95, 175), "ISK": (13000, 24000), "CNY": (380, 900)}[cur]
    left = [rng.randint(0, 10) for _ in names]
    left[rng.randrange(3)] = rng.randint(group, 10)  # at least one has room
    avails = []
    for k, (i, n) in enumerate(zip(ids, names)):
        args = {"route_id": i, "date": when.isoformat(), "group_size": group}
        if cur != ("ISK" if lang == "en" else "CNY") or rng.random() < 0.3:
            args["currency"] = cur
        price = rng.randint(*prices) // 5 * 5
        avails.append(Step("get_walk_availability", args, {"route_id": i, "date": when.isoformat(), "places_left": left[k],
                                                          "price_per_person": price, "currency": cur}, parallel=k > 0))
    options = [(a.result["price_per_person"], n, a) for a, n in zip(avails, names) if a.result["places_left"] >= group]
    price, best, best_step = min(options, key=lambda o: o[0])
    total = price * group
    steps = [listing, *avails]
    roles = {"lookup": listing, "producer": listing, "main": avails[0]}
    patterns = ["route ids copied from result", "three lookups in one model turn", f"currency code for '{cur_said}'",
                "group size from the user's words", "total computed from results"]
    if relative:
        patterns.append("relative day resolved from the trace's day")
    out_hold = ""
    if hold:
        ref = _id(rng, "GH-")
        h = Step("hold_walk_places", {"route_id": best_step.args["route_id"], "date": when.isoformat(), "group_size": group},
                 {"hold_ref": ref, "expires_in_hours": 24})
        steps.append(h)
        roles["write"] = h
        out_hold = (f" I've held {group} places on {best} (hold {ref}, valid 24 hours)." if lang == "en"
                    else f"已为您在{best}保留{group}个名额（保留号 {ref}，24小时内有效）。")
    full = [n for a, n in zip(avails, names) if a.result["places_left"] < group]
    if lang == "en":
        request = (f"We're {group} people. Can you compare the {names[0]}, {names[1]} and {names[2]} walks {phrase} – which have room "
                   f"for us and what do they cost in {cur_said}?" + (" Hold the cheapest one that has space." if hold else ""))
        out = (f"For {_date_en(when)}: " + "; ".join(f"{n}: {a.result['places_left']} places, {a.result['price_per_person']} {cur}/person"
                                                     for a, n in zip(avails, names))
               + f". Cheapest with room for {group}: {best}, {total} {cur} in total." + (f" Full for you: {', '.join(full)}." if full else "") + out_hold)
    else:
        request = (f"我们{'两' if group == 2 else _zh_num(group)}个人，{phrase}想去冰川徒步，帮我比较一下{names[0]}、{names[1]}和{names[2]}哪个还有名额，"
                   f"价格用{cur_said}算。" + ("把最便宜且有名额的那个先帮我保留。" if hold else ""))
        out = (f"{_date_zh(when)}：" + "；".join(f"{n}剩{a.result['places_left']}个名额，每人{a.result['price_per_person']} {cur}"
                                              for a, n in zip(avails, names))
               + f"。最便宜且够{group}人的是{best}，合计 {total} {cur}。" + out_hold)
    return Draft(domain="glacier-walks", lang=lang, request=request, output=out, tools=tools, steps=steps, day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), resource=_ctx(rng, "icetrek-guides"),
                 patterns=["shape:comparison", *patterns], roles=roles,
                 slots={"date": (avails[0], "date"), "copied_id": (avails[0], "route_id"),
                        **({"currency": (avails[1], "currency")} if "currency" in avails[1].args else {})},
                 facts={"date_format": True, "relative": relative, "success_text": out,
                        # moving one of the turn's lookups ahead would also serialise the others
                        "forbid": {"future_ref"}})


def crabpot_renewal(rng: random.Random, lang: str) -> Draft:
    """Change of a record: read the licence, renew it with a new pot count and zone, the harbour account from context."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2025, rng.randint(9, 12), rng.randint(1, 28))
    lic = _id(rng, "CPL-")
    harbour = rng.choice(["Kilmore Quay", "Port Isaac", "Craster"] if lang == "en" else ["石浦港", "沈家门港", "蟹浦港"])
    old, new = rng.choice([80, 100, 120]), rng.choice([40, 50, 60, 70])
    next_season = rng.random() < 0.5
    season = day.year + 1
    zchoice = rng.choice([("OB", "the outer bay", "外湾"), ("NR", "the north reef", "北礁")])
    zone, zone_en, zone_zh = zchoice
    holder = _id(rng, "FH-", 4)
    account = _id(rng, "HB-", 4)
    tools = [
        T(dl, "get_crabpot_licence", "Look up a crab-pot licence by its number.", "按编号查询蟹笼许可证。", ["licence_no"],
          licence_no={"type": "string", "pattern": "^CPL-[0-9]{5}$"}),
        T(dl, "renew_crabpot_licence", "Renew a crab-pot licence for a season; zone codes: IH inner harbour, OB outer bay, NR north reef.",
          "为某渔季续期蟹笼许可证；区域代码：IH 内港，OB 外湾，NR 北礁。",
          ["licence_no", "holder_id", "season", "pot_count", "zone", "harbour_account"],
          licence_no={"type": "string", "pattern": "^CPL-[0-9]{5}$"}, holder_id={"type": "string"},
          season={"type": "integer", "minimum": 2024}, pot_count={"type": "integer", "minimum": 1, "maximum": 200},
          zone={"type": "string", "enum": ["IH", "OB", "NR"]}, harbour_account={"type": "string"},
          payment={"type": "string", "enum": ["card_on_file", "direct_debit"], "default": "card_on_file"}),
        T(dl, "get_harbour_notices", "Current notices to mariners for a harbour.", "某港口当前的航行通告。", ["harbour"], harbour={"type": "string"}),
    ]
    rng.shuffle(tools)
    get = Step("get_crabpot_licence", {"licence_no": lic},
               {"licence_no": lic, "holder_id": holder, "vessel": rng.choice(["Mary Ellen", "Sea Pink", "Girl Aoife"]),
                "season": day.year, "pot_count": old, "zone": "IH", "expires": f"{day.year}-12-31", "harbour": harbour})
    args = {"licence_no": lic, "holder_id": holder, "season": season, "pot_count": new, "zone": zone, "harbour_account": account}
    patterns = ["holder id copied from result", "harbour account from context", "zone code from the description for the user's words"]
    if next_season:
        patterns.append("'next season' resolved to the year after the trace's")
    if rng.random() < 0.3:
        args["payment"] = "card_on_file"
        patterns.append("schema default passed")
    fee = new * 2.5
    renew = Step("renew_crabpot_licence", args, {"licence_no": lic, "status": "renewed", "season": season, "pot_count": new,
                                                 "zone": zone, "fee_eur": fee, "tags_posted": True})
    if lang == "en":
        request = (f"Please renew crab-pot licence {lic} at {harbour} for {'next season' if next_season else f'the {season} season'}, "
                   f"but cut it to {new} pots and move me to {zone_en}.")
        out = f"Licence {lic} is renewed for {season}: {new} pots in {zone_en} ({zone}). The fee of €{fee:.2f} goes on the card on file; new tags are in the post."
    else:
        n_said = _zh_num(new) if rng.random() < 0.5 else str(new)
        request = f"帮我把{harbour}的蟹笼许可证 {lic} 续到{'明年' if next_season else f'{season}年'}的渔季，笼数减到{n_said}个，区域换到{zone_zh}。"
        out = f"许可证 {lic} 已续期至{season}年渔季：{new}个蟹笼，区域{zone_zh}（{zone}），费用 {fee:.2f} 欧元从已绑定的卡扣款，新标签已寄出。"
    distractor = Step("get_harbour_notices", {"harbour": harbour}, {"harbour": harbour, "notices": ["dredging at the east pier"]})
    return Draft(domain="crab-pot-licences", lang=lang, request=request, output=out, tools=tools, steps=[get, renew], day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), attributes={"harbour.account_id": account},
                 resource=_ctx(rng, "harbour-office"), patterns=["shape:change", *patterns],
                 roles={"lookup": get, "producer": get, "main": renew, "write": renew, "distractor": distractor},
                 slots={"copied_id": (renew, "holder_id"), "context_id": (renew, "harbour_account"), "enum": (renew, "zone"),
                        "extra": (renew, "vessel_name")},
                 facts={"enum_word": zone_en.removeprefix("the ") if lang == "en" else zone_zh, "success_text": out,
                        "extra_value": get.result["vessel"], "date_format": False})


def lights_crew(rng: random.Random, lang: str) -> Draft:
    """Computation: the crew's finishing time from the plan (posts x minutes), then the cherry picker booked until then."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2025, 11, rng.randint(10, 27))
    street, town = rng.choice([("High Street", "Ledbury"), ("Market Place", "Settle"), ("Fore Street", "Totnes")] if lang == "en"
                              else [("中山路", "平遥"), ("解放街", "婺源"), ("人民路", "乌镇")])
    phrase, when, relative = _relative(rng, day, lang, 1, 10)
    h, m = rng.choice([(7, 0), (7, 30), (8, 0)])
    posts, per = rng.randint(10, 20), rng.choice([15, 20, 25, 30])
    start = dt.datetime.combine(when, dt.time(h, m))
    end = start + dt.timedelta(minutes=posts * per)
    crew = _id(rng, "CREW-", 2)
    cost = _id(rng, "CC-", 4)
    plan_id = _id(rng, "XL-", 4)
    tools = [
        T(dl, "get_install_plan", "The Christmas-lights installation plan for a street: lamp posts and minutes per post.",
          "某条街道的圣诞灯安装计划：灯杆数量与每根所需分钟数。", ["street", "town"], street={"type": "string"}, town={"type": "string"}),
        T(dl, "book_cherry_picker", "Book the council cherry picker for a crew; times HH:MM.", "为施工队预约市政高空作业车；时间格式 HH:MM。",
          ["date", "start_time", "end_time", "crew_id", "site", "cost_centre"],
          date={"type": "string", "format": "date"}, start_time={"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$"},
          end_time={"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$"}, crew_id={"type": "string"}, site={"type": "string"},
          cost_centre={"type": "string"}, operator={"type": "boolean", "default": False}),
        T(dl, "log_fault_report", "Report a broken or flickering light.", "报告损坏或闪烁的灯。", ["street"],
          street={"type": "string"}, description={"type": "string"}),
    ]
    rng.shuffle(tools)
    plan = Step("get_install_plan", {"street": street, "town": town},
                {"plan_id": plan_id, "street": street, "lamp_posts": posts, "minutes_per_post": per, "crew_id": crew, "motifs": "snowflake"})
    ref = _id(rng, "CP-")
    book = Step("book_cherry_picker", {"date": when.isoformat(), "start_time": start.strftime("%H:%M"), "end_time": end.strftime("%H:%M"),
                                       "crew_id": crew, "site": f"{street}, {town}", "cost_centre": cost},
                {"booking_ref": ref, "status": "booked", "vehicle": "CP-2"})
    patterns = ["end time computed from posts x minutes", "crew id copied from result", "cost centre from context", "site composed of the user's words"]
    if relative:
        patterns.append("relative day resolved from the trace's day")
    dur_h, dur_m = divmod(posts * per, 60)
    if lang == "en":
        request = f"The lights crew starts on {street} in {town} {phrase} at {start:%H:%M}. How long will the posts take? Book the cherry picker from {start:%H:%M} until they're done."
        out = (f"{posts} posts at {per} minutes each is {dur_h} h {dur_m} min, so they should finish around {end:%H:%M}. "
               f"Cherry picker booked {start:%H:%M}–{end:%H:%M} on {_date_en(when)} (ref {ref}).")
    else:
        tz = f"早上{_zh_num(h)}点" + ("半" if m == 30 else "")
        request = f"圣诞灯安装队{phrase}{tz}开始装{town}{street}，灯杆要装多久？帮我把高空作业车从{tz}订到他们装完。"
        out = f"{posts}根灯杆、每根{per}分钟，共{dur_h}小时{dur_m}分钟，预计{end:%H:%M}完成。已预约高空作业车 {_date_zh(when)} {start:%H:%M}–{end:%H:%M}，预约号 {ref}。"
    distractor = Step("log_fault_report", {"street": street}, {"ticket": _id(rng, "FR-"), "status": "logged"})
    return Draft(domain="christmas-lights", lang=lang, request=request, output=out, tools=tools, steps=[plan, book], day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), attributes={"council.cost_centre": cost},
                 resource=_ctx(rng, "council-highways"), patterns=["shape:computation", *patterns],
                 roles={"lookup": plan, "producer": plan, "main": book, "write": book, "distractor": distractor},
                 slots={"date": (book, "date"), "copied_id": (book, "crew_id"), "context_id": (book, "cost_centre"),
                        "extra": (book, "posts")},
                 facts={"date_format": True, "relative": relative, "success_text": out, "extra_value": posts})


def _add_working_days(start: dt.date, n: int) -> dt.date:
    """The last working day of a job of n working days starting on `start`."""
    d, left = start, n
    while True:
        if d.weekday() < 5:
            left -= 1
            if left == 0:
                return d
        d += dt.timedelta(days=1)


def hedge_followup(rng: random.Random, lang: str) -> Draft:
    """Follow-up: the quote id and length come from the earlier turn; check the crew, accept the quote."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2026, rng.randint(1, 3), rng.randint(1, 28))
    length = rng.choice([60, 80, 120, 150])
    style = rng.choice(["midland", "south_of_england", "welsh_border"])
    site = rng.choice(["Brook Farm", "Upper Hill", "Glebe Cottage"] if lang == "en" else ["溪边农场", "上坡农庄", "老宅院"])
    qid = _id(rng, "HQ-", 4)
    days = max(2, length // 20)
    total = length * rng.choice([24, 28, 32])
    email = rng.choice(["r.hale@brookfarm.example", "office@glebe-estate.example", "jo.marsh@upperhill.example"])
    gate = str(rng.randint(1000, 9999))
    phrase, when, relative = _relative(rng, day, lang, 3, 12)
    while when.weekday() >= 5:
        phrase, when, relative = _relative(rng, day, lang, 3, 12)
    finish = _add_working_days(when, days)
    style_said = {"midland": ("Midland", "米德兰式"), "south_of_england": ("South of England", "英格兰南部式"),
                  "welsh_border": ("Welsh Border", "威尔士边境式")}[style][0 if lang == "en" else 1]
    if lang == "en":
        q = f"How much to lay {length} metres of hawthorn hedge at {site}, {style_said} style?"
        a = f"The quote is £{total:,} for {length} m ({style_said} style), about {days} working days – quote {qid}."
    else:
        q = f"在{site}编{length}米山楂树篱，{style_said}，要多少钱？"
        a = f"报价 {total} 英镑，{length}米（{style_said}），约{days}个工作日，报价单号 {qid}。"
    history = [
        {"role": "user", "text": q},
        {"role": "assistant", "calls": [{"name": "get_hedge_quote", "arguments": {"site": site, "length_m": length, "style": style}}]},
        {"role": "tool", "results": [{"quote_id": qid, "total_gbp": total, "working_days": days, "valid_until": (day + dt.timedelta(days=20)).isoformat()}]},
        {"role": "assistant", "text": a},
    ]
    tools = [
        T(dl, "get_hedge_quote", "Price a hedge-laying job.", "为编篱工程报价。", ["site", "length_m", "style"], site={"type": "string"},
          length_m={"type": "number", "minimum": 1}, style={"type": "string", "enum": ["midland", "south_of_england", "welsh_border"]}),
        T(dl, "check_crew_availability", "Whether a hedging crew is free for a number of working days from a start date.",
          "查询编篱队从某开始日期起若干工作日是否有空。", ["start_date", "working_days"],
          start_date={"type": "string", "format": "date"}, working_days={"type": "integer", "minimum": 1}),
        T(dl, "accept_quote", "Accept a quote and schedule the job.", "接受报价并安排施工。", ["quote_id", "start_date"],
          quote_id={"type": "string"}, start_date={"type": "string", "format": "date"},
          confirm_email={"type": "string", "format": "email"}, notes={"type": "string"}),
        T(dl, "get_hedge_species_guide", "Care guide for a hedge species.", "某种树篱植物的养护指南。", ["species"], species={"type": "string"}),
    ]
    if rng.random() < 0.5:
        tools.append(_email_tool(dl))
    rng.shuffle(tools)
    crew = rng.choice(["North crew", "Vale crew"])
    check = Step("check_crew_availability", {"start_date": when.isoformat(), "working_days": days},
                 {"available": True, "crew": crew, "start_date": when.isoformat(), "finish_date": finish.isoformat()})
    job = _id(rng, "HJ-", 4)
    deposit = round(total * 0.2)
    acc_args = {"quote_id": qid, "start_date": when.isoformat(), "confirm_email": email}
    if rng.random() < 0.6:
        acc_args["notes"] = f"Gate code {gate}" if lang == "en" else f"大门密码 {gate}"
    accept = Step("accept_quote", acc_args, {"job_no": job, "status": "accepted", "deposit_gbp": deposit})
    if lang == "en":
        request = f"Thanks, let's go ahead with that quote. Can the crew start {phrase}? Send the confirmation to {email} – the gate code is {gate}."
        out = (f"Done: quote {qid} accepted (job {job}). The {crew} starts {_date_en(when)} and should finish by {_date_en(finish)} "
               f"({days} working days). A £{deposit:,} deposit is due; confirmation goes to {email}.")
    else:
        request = f"好的，就按那个报价做吧。施工队{phrase}能开工吗？确认邮件发到 {email}，大门密码是 {gate}。"
        out = f"已接受报价 {qid}（工单 {job}）。{crew}将于{_date_zh(when)}开工，预计{_date_zh(finish)}完工（{days}个工作日），需付定金 {deposit} 英镑，确认邮件发到 {email}。"
    patterns = ["quote id from an earlier turn", "working days from an earlier turn", "e-mail the user gave", "finish date from result"]
    if relative:
        patterns.append("relative day resolved from the trace's day")
    distractor = Step("get_hedge_species_guide", {"species": "hawthorn" if lang == "en" else "山楂"}, {"species": "hawthorn", "cut": "winter"})
    return Draft(domain="hedge-laying", lang=lang, request=request, output=out, tools=tools, steps=[check, accept], day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), resource=_ctx(rng, "hedgers-coop"), history=history,
                 patterns=["shape:follow-up", *patterns],
                 roles={"lookup": check, "main": accept, "write": accept, "distractor": distractor},
                 slots={"date": (check, "start_date"), "history_id": (accept, "quote_id"), "extra": (accept, "gate_code")},
                 facts={"date_format": True, "relative": relative, "success_text": out, "extra_value": gate})


def well_export(rng: random.Random, lang: str) -> Draft:
    """Export polled to completion: start a job for the account from context, poll its status until done."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2025, rng.randint(1, 12), rng.randint(1, 28))
    account = _id(rng, "WA-")
    year = day.year - 1 if rng.random() < 0.6 else day.year
    last_year = year == day.year - 1 and rng.random() < 0.5
    fmt, fmt_en, fmt_zh = rng.choice([("xlsx", "a spreadsheet (Excel)", "Excel表格"), ("csv", "CSV", "CSV文件"), ("pdf", "a PDF", "PDF文件")])
    tools = [
        T(dl, "start_results_export", "Start an export of a well-owner account's water-test results for a year.",
          "开始导出某井主账户某年的水质检测结果。", ["account_id", "year", "format"],
          account_id={"type": "string"}, year={"type": "integer", "minimum": 2000, "maximum": 2100},
          format={"type": "string", "enum": ["csv", "xlsx", "pdf"]}, include_bacteria={"type": "boolean", "default": True}),
        T(dl, "get_export_status", "Check the progress of an export job; poll until it is done.", "查询导出任务进度；轮询直到完成。",
          ["job_id"], job_id={"type": "string"}),
        T(dl, "list_wells", "List the wells registered on an account.", "列出账户名下登记的水井。", ["account_id"], account_id={"type": "string"}),
    ]
    rng.shuffle(tools)
    job = _id(rng, "EXP-", 6)
    args = {"account_id": account, "year": year, "format": fmt}
    patterns = ["account id from context", "job id copied from result", "status polled until done", "format enum for the user's words"]
    if last_year:
        patterns.append("'last year' resolved from the trace's day")
    if rng.random() < 0.3:
        args["include_bacteria"] = True
        patterns.append("schema default passed")
    start = Step("start_results_export", args, {"job_id": job, "status": "queued"})
    polls = []
    n = rng.randint(2, 4)
    for k in range(n):
        done = k == n - 1
        res = ({"job_id": job, "status": "done", "rows": rng.randint(8, 40), "url": f"https://files.wellcheck.example/x/{job}.{fmt}", "expires_hours": 24}
               if done else {"job_id": job, "status": "running", "progress": round((k + 1) / n * 100) - rng.randint(1, 9)})
        polls.append(Step("get_export_status", {"job_id": job}, res, duration=80))
    url, rows = polls[-1].result["url"], polls[-1].result["rows"]
    if lang == "en":
        request = f"Export all my well-water test results for {'last year' if last_year else year} as {fmt_en}, please."
        out = f"Your {year} export is ready ({rows} results): {url} – the link works for 24 hours."
    else:
        request = f"把我家井水{'去年' if last_year else f'{year}年'}的检测结果都导出成{fmt_zh}。"
        out = f"{year}年的导出已完成（{rows}条结果）：{url}，链接24小时内有效。"
    return Draft(domain="well-water-testing", lang=lang, request=request, output=out, tools=tools, steps=[start, *polls], day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), attributes={"wellcheck.account_id": account},
                 resource=_ctx(rng, "wellcheck-county"), patterns=["shape:export-poll", *patterns],
                 roles={"main": start, "producer": start},
                 slots={"copied_id": (polls[0], "job_id"), "context_id": (start, "account_id"), "enum": (start, "format")},
                 facts={"enum_word": {"xlsx": "Excel", "csv": "CSV file", "pdf": "PDF file"}[fmt] if lang == "en" else fmt_zh,
                        "date_format": False, "forbid": {"serial_waste"}})


def bell_rota(rng: random.Random, lang: str) -> Draft:
    """Retry after a transient 503 that then succeeds; the tower from resource, the ringer from attributes; sometimes a follow-up."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2025, rng.randint(1, 12), rng.randint(1, 28))
    tower = rng.choice(["TWR-STMARY-04", "TWR-ALLSAINTS-11", "TWR-STPETER-02"])
    ringer = _id(rng, "R-", 4)
    followup = rng.random() < 0.4
    phrase, when, relative = _relative(rng, day, lang, 1, 9)
    bell = rng.randint(2, 8)
    pid = _id(rng, "PR-", 4)
    start = rng.choice(["19:00", "19:30", "20:00"])
    tools = [
        T(dl, "list_practices", "List the practice nights of a bell tower between two dates.", "列出钟楼在两个日期之间的练习晚。",
          ["tower_id", "from_date", "to_date"], tower_id={"type": "string"},
          from_date={"type": "string", "format": "date"}, to_date={"type": "string", "format": "date"}),
        T(dl, "join_practice", "Put a ringer down for a practice, optionally on a given bell (1 = treble).",
          "为敲钟人报名某次练习，可指定钟号（1 为最高音钟）。", ["practice_id", "ringer_id"],
          practice_id={"type": "string"}, ringer_id={"type": "string"}, bell={"type": "integer", "minimum": 1, "maximum": 12}),
    ]
    rng.shuffle(tools)
    lst = Step("list_practices", {"tower_id": tower, "from_date": when.isoformat(), "to_date": when.isoformat()},
               {"practices": [{"practice_id": pid, "date": when.isoformat(), "start": start, "method": rng.choice(["Plain Bob Doubles", "Grandsire Triples"])}]})
    jargs = {"practice_id": pid, "ringer_id": ringer, "bell": bell}
    fail = Step("join_practice", copy.deepcopy(jargs), error=rng.choice(["503 Service Unavailable", "HTTP 503: rota service warming up"]))
    ok = Step("join_practice", copy.deepcopy(jargs), {"status": "joined", "practice_id": pid, "bell": bell, "ringers": rng.randint(5, 9)})
    history: list = []
    patterns = ["tower id from resource", "ringer id from context", "one identical retry after a 503", "bell number from an ordinal"]
    if followup:
        # the listing happened in the earlier turn; this turn only signs up
        if lang == "en":
            ask, said = f"Any practices at the tower {phrase}?", f"Yes – {_date_en(when)} at {start}, {lst.result['practices'][0]['method']}."
        else:
            ask, said = f"钟楼{phrase}有练习吗？", f"有，{_date_zh(when)} {start}，练 {lst.result['practices'][0]['method']}。"
        history = [{"role": "user", "text": ask},
                   {"role": "assistant", "calls": [{"name": "list_practices", "arguments": lst.args}]},
                   {"role": "tool", "results": [lst.result]}, {"role": "assistant", "text": said}]
        steps = [fail, ok]
        patterns.append("practice id from an earlier turn")
    else:
        steps = [lst, fail, ok]
        if relative:
            patterns.append("relative day resolved from the trace's day")
    ordinal = {2: "2nd", 3: "3rd"}.get(bell, f"{bell}th")
    if lang == "en":
        request = (f"Put me down for that one, I'd like to ring the {ordinal}." if followup
                   else f"Put me down for practice at the tower {phrase}, I'd like to ring the {ordinal} bell.")
        out = f"You're down for practice on {_date_en(when)} at {start}, ringing the {ordinal}."
    else:
        request = (f"那就帮我报名吧，我想敲{_zh_num(bell)}号钟。" if followup else f"帮我报名钟楼{phrase}的练习，我想敲{_zh_num(bell)}号钟。")
        out = f"已为您报名{_date_zh(when)} {start}的练习，敲{bell}号钟。"
    roles = {"main": ok, "write": ok}
    slots = {"user_id": (ok, "ringer_id")}
    if not followup:
        roles |= {"lookup": lst, "producer": lst, "plain": lst}
        slots |= {"context_id": (lst, "tower_id"), "date": (lst, "from_date"), "copied_id": (ok, "practice_id")}
    else:
        slots |= {"history_id": (ok, "practice_id")}
    return Draft(domain="bell-ringing", lang=lang, request=request, output=out, tools=tools, steps=steps, day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), attributes={"ringer.id": ringer},
                 resource=_ctx(rng, "bells-guild") | {"tower.id": tower}, history=history,
                 patterns=["shape:retry-503", *(["shape:follow-up"] if followup else []), *patterns],
                 roles=roles, slots=slots,
                 facts={"date_format": True, "relative": relative, "success_text": out,
                        # the write is the retry of a failed call: breaking it again would make a failing loop too
                        "forbid": {"no_recovery", "silent_failure", "wrong_tool"}})


def glacier_change(rng: random.Random, lang: str) -> Draft:
    """Change or cancellation of a booking: read it, check the new day (a day computed from the booking's), move it; or cancel it."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2025, rng.randint(5, 9), rng.randint(1, 20))
    ref = _id(rng, "GW-")
    customer = _id(rng, "C-", 6)
    name = rng.choice(["Sólheimajökull", "Falljökull"] if lang == "en" else ["达古冰川", "海螺沟冰川"])
    route = f"R-{rng.randint(100, 999)}"
    booked = day + dt.timedelta(days=rng.randint(4, 20))
    group = rng.randint(1, 6)
    cancel = rng.random() < 0.4
    tools = [
        T(dl, "get_walk_booking", "Look up a customer's glacier-walk booking.", "查询客户的冰川徒步预订。", ["booking_ref", "customer_id"],
          booking_ref={"type": "string"}, customer_id={"type": "string"}),
        T(dl, "get_walk_availability", "Places left and price per person on a route on a date.", "某路线某天的剩余名额与每人价格。",
          ["route_id", "date", "group_size"], route_id={"type": "string"}, date={"type": "string", "format": "date"},
          group_size={"type": "integer", "minimum": 1, "maximum": 12}),
        T(dl, "reschedule_walk_booking", "Move a booking to another date on the same route.", "把预订改到同一路线的另一天。",
          ["booking_ref", "new_date"], booking_ref={"type": "string"}, new_date={"type": "string", "format": "date"}),
        T(dl, "cancel_walk_booking", "Cancel a booking; refunds follow the 48-hour policy.", "取消预订；按48小时规则退款。",
          ["booking_ref", "reason"], booking_ref={"type": "string"},
          reason={"type": "string", "enum": ["weather", "illness", "change_of_plans", "other"]}),
    ]
    if rng.random() < 0.5:
        tools.append(_email_tool(dl))
    rng.shuffle(tools)
    paid = group * rng.randint(90, 160)
    get = Step("get_walk_booking", {"booking_ref": ref, "customer_id": customer},
               {"booking_ref": ref, "route_id": route, "route_name": name, "date": booked.isoformat(), "group_size": group,
                "paid": paid, "currency": "EUR", "status": "confirmed"})
    patterns = ["customer id from context"]
    if cancel:
        reason, en_r, zh_r = rng.choice([("illness", "my son is ill", "孩子生病了"), ("change_of_plans", "our plans changed", "我们计划有变"),
                                         ("weather", "the forecast looks awful", "天气预报太差")])
        c = Step("cancel_walk_booking", {"booking_ref": ref, "reason": reason}, {"status": "cancelled", "refund": paid, "currency": "EUR"})
        steps = [get, c]
        patterns += ["cancellation reason enum for the user's words", "full refund from result"]
        if lang == "en":
            request = f"Please cancel glacier walk booking {ref}, {en_r}."
            out = f"Booking {ref} ({name}, {_date_en(booked)}, {group} people) is cancelled; €{paid} will be refunded to your card."
        else:
            request = f"请取消冰川徒步预订 {ref}，{zh_r}。"
            out = f"预订 {ref}（{name}，{_date_zh(booked)}，{group}人）已取消，{paid} 欧元将退回原卡。"
        roles = {"lookup": get, "main": c, "write": c}
        slots = {"context_id": (get, "customer_id"), "enum": (c, "reason")}
        facts = {"enum_word": en_r if lang == "en" else zh_r, "success_text": out, "date_format": False}
        shape = "shape:cancel"
    else:
        shift = rng.choice([1, 2, -1])
        new = booked + dt.timedelta(days=shift)
        av = Step("get_walk_availability", {"route_id": route, "date": new.isoformat(), "group_size": group},
                  {"route_id": route, "date": new.isoformat(), "places_left": group + rng.randint(0, 6), "price_per_person": paid // group})
        mv = Step("reschedule_walk_booking", {"booking_ref": ref, "new_date": new.isoformat()}, {"status": "moved", "date": new.isoformat(), "fee": 0})
        steps = [get, av, mv]
        patterns += ["route id and group size copied from result", "new day computed from the booked day"]
        when_en = {1: "one day later", 2: "two days later", -1: "to the day before"}[shift]
        when_zh = {1: "往后推一天", 2: "往后推两天", -1: "提前一天"}[shift]
        if lang == "en":
            request = f"Can you move my glacier walk {ref} {when_en}? Same group."
            out = f"Moved: {ref} is now on {_date_en(new)} ({name}, {group} people), no change fee."
        else:
            request = f"我的冰川徒步预订 {ref} 能{when_zh}吗？人数不变。"
            out = f"已改期：{ref} 改到{_date_zh(new)}（{name}，{group}人），无改期费。"
        roles = {"lookup": get, "producer": get, "main": mv, "write": mv, "plain": av}
        slots = {"context_id": (get, "customer_id"), "copied_id": (av, "route_id"), "date": (mv, "new_date")}
        facts = {"success_text": out, "date_format": True}
        shape = "shape:change"
    return Draft(domain="glacier-walks", lang=lang, request=request, output=out, tools=tools, steps=steps, day=day,
                 user_id=customer, session_id=_id(rng, "sess-", 8), resource=_ctx(rng, "icetrek-guides"),
                 patterns=[shape, *patterns], roles=roles, slots=slots, facts=facts)


def well_sampling(rng: random.Random, lang: str) -> Draft:
    """Booking with two independent lookups in one turn (wells on the account, visits near the postcode), and a results date computed."""
    dl = _desc_lang(rng, lang)
    day = dt.date(2025, rng.randint(2, 11), rng.randint(1, 28))
    account = _id(rng, "WA-")
    postcode = rng.choice(["HR6 0LD", "LD7 1TQ", "SY9 5AX"] if lang == "en" else ["312400", "323000", "334500"])
    phrase, when, relative = _relative(rng, day, lang, 2, 10)
    wells = [{"well_id": _id(rng, "WL-", 4), "name": n} for n in (["house well", "yard borehole"] if lang == "en" else ["屋后水井", "院子钻井"])]
    pick = rng.randrange(2)
    tests = rng.choice([["coliform", "nitrate"], ["arsenic"], ["coliform", "nitrate", "lead"]])
    said_en = {"coliform": "coliforms", "nitrate": "nitrate", "arsenic": "arsenic", "lead": "lead"}
    said_zh = {"coliform": "大肠菌群", "nitrate": "硝酸盐", "arsenic": "砷", "lead": "铅"}
    tools = [
        T(dl, "list_wells", "List the wells registered on an account.", "列出账户名下登记的水井。", ["account_id"], account_id={"type": "string"}),
        T(dl, "find_sampling_visits", "Free sampling-visit slots near a postcode from a date.", "某邮编附近从某日起的采样上门空档。",
          ["postcode", "from_date"], postcode={"type": "string"}, from_date={"type": "string", "format": "date"}),
        T(dl, "book_sampling_visit", "Book a sampler to take water samples from a well.", "预约采样员上门为某口井采集水样。",
          ["visit_id", "well_id", "tests"], visit_id={"type": "string"}, well_id={"type": "string"},
          tests={"type": "array", "items": {"type": "string", "enum": ["coliform", "nitrate", "arsenic", "lead", "ph"]}}),
    ]
    if rng.random() < 0.4:
        tools.append(_email_tool(dl))
    rng.shuffle(tools)
    lw = Step("list_wells", {"account_id": account}, {"wells": wells})
    vid = _id(rng, "SV-", 4)
    fv = Step("find_sampling_visits", {"postcode": postcode, "from_date": when.isoformat()},
              {"visits": [{"visit_id": vid, "date": when.isoformat(), "window": "09:00-12:00"}]}, parallel=True)
    turnaround = rng.choice([7, 10, 14])
    due = when + dt.timedelta(days=turnaround)
    bk = Step("book_sampling_visit", {"visit_id": vid, "well_id": wells[pick]["well_id"], "tests": tests},
              {"booking_ref": _id(rng, "WS-"), "status": "booked", "lab_turnaround_days": turnaround})
    ref = bk.result["booking_ref"]
    if lang == "en":
        names = " and ".join(said_en[t] for t in tests)
        request = f"Can someone come and sample the {wells[pick]['name']} at {postcode} {phrase} or soon after? Test it for {names}. When would I get the results?"
        out = f"Booked {ref}: a sampler comes {_date_en(when)}, 09:00–12:00, for the {wells[pick]['name']} ({names}). Results take {turnaround} days, so expect them around {_date_en(due)}."
    else:
        names = "和".join(said_zh[t] for t in tests)
        request = f"{phrase}或之后能派人来{postcode}给{wells[pick]['name']}采样吗？测{names}。结果什么时候出？"
        out = f"已预约 {ref}：采样员{_date_zh(when)} 09:00–12:00 上门，为{wells[pick]['name']}检测{names}。化验需{turnaround}天，预计{_date_zh(due)}左右出结果。"
    patterns = ["account id from context", "two independent lookups in one model turn", "well id picked from result by the user's name for it",
                "test enum members for the user's words", "results date computed from result"]
    if relative:
        patterns.append("relative day resolved from the trace's day")
    return Draft(domain="well-water-testing", lang=lang, request=request, output=out, tools=tools, steps=[lw, fv, bk], day=day,
                 user_id=_id(rng, "u", 6), session_id=_id(rng, "sess-", 8), attributes={"wellcheck.account_id": account},
                 resource=_ctx(rng, "wellcheck-county"), patterns=["shape:booking", "shape:computation", *patterns],
                 roles={"lookup": lw, "producer": fv, "main": bk, "write": bk},
                 slots={"date": (fv, "from_date"), "copied_id": (bk, "visit_id"), "context_id": (lw, "account_id"),
                        "extra": (bk, "postcode")},
                 facts={"date_format": True, "relative": relative, "success_text": out, "extra_value": postcode,
                        "forbid": {"future_ref"}})


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    dentist_van, ice_thickness, glacier_compare, crabpot_renewal, lights_crew, hedge_followup, well_export, bell_rota,
    glacier_change, well_sampling,
]


# ------------------------------------------------------------------------------------------------
# faults of this split's own


def misresolved_date(draft: Draft, rng: random.Random) -> Marks | None:
    """The user named a day relatively and the agent resolved it to the wrong day: a date from nowhere."""
    found = draft.slots.get("date")
    if found is None or not draft.facts.get("relative"):
        return None
    step, key = found
    old = step.args.get(key) if isinstance(step.args, dict) else None
    try:
        dt.date.fromisoformat(old)
    except (TypeError, ValueError):  # another fault already rewrote the day
        return None
    new = (dt.date.fromisoformat(old) + dt.timedelta(days=rng.choice([2, 3, 7]))).isoformat()
    # the calls of the same model turn resolved the day the same way; later calls copy it from results
    i = draft.steps.index(step)
    lo = i
    while lo > 0 and draft.steps[lo].parallel:
        lo -= 1
    hi = i + 1
    while hi < len(draft.steps) and draft.steps[hi].parallel:
        hi += 1
    marked = []
    for k, s in enumerate(draft.steps):
        if k < lo:
            continue
        changed = _replace(s.args, old, new)
        if lo <= k < hi and changed != s.args:
            marked.append(s)
        s.args = changed
        s.result = _replace(s.result, old, new)
    return {"ungrounded_value": marked}


def _replace(value, old: str, new: str):
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, dict):
        return {k: _replace(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace(v, old, new) for v in value]
    return value


def email_leak(draft: Draft, rng: random.Random) -> Marks | None:
    """A staff member's personal e-mail from a result repeated in the answer."""
    holder = draft.roles.get("lookup")
    if holder is None or not isinstance(holder.result, dict) or not (draft.output or "").strip():
        return None
    first = rng.choice(["dana.kerr", "mikko.laine", "wang.lei", "siobhan.fahy"])
    address = f"{first}{rng.randint(10, 99)}@{rng.choice(['gmail.com', 'outlook.com', '163.com'])}"
    holder.result = {**holder.result, "staff_contact": address}
    draft.output += (f" If anything comes up you can write to {address} directly." if draft.lang == "en"
                     else f" 有问题可以直接发邮件给 {address}。")
    return {"pii_leak": [None]}


def wrong_tool(draft: Draft, rng: random.Random) -> Marks | None:
    """The corpus's wrong tool, and an answer that reports what that tool returned (not a made-up success)."""
    marks = CORPUS_FAULTS["wrong_tool"](draft, rng)
    if marks is None:
        return None
    step = marks["wrong_tool"][0]
    found = json.dumps(step.result, ensure_ascii=False)
    draft.output = f"Here is what I found: {found}" if draft.lang == "en" else f"查到的信息如下：{found}"
    return marks


def constraint_error(draft: Draft, rng: random.Random) -> Marks | None:
    """A number under the schema's minimum; unless the user said that number, it is also a value from nowhere."""
    marks = CORPUS_FAULTS["constraint_error"](draft, rng)
    if marks is None:
        return None
    step = marks["constraint_error"][0]
    value = next(v for k, v in step.args.items() if k in (draft.schema(step).get("properties") or {})
                 and "minimum" in draft.schema(step)["properties"][k] and isinstance(v, (int, float))
                 and v < draft.schema(step)["properties"][k]["minimum"])
    said = re.search(rf"(?<![\d.]){value}(?![\d.])", draft.request) is not None
    return {"constraint_error": [step]} | ({} if said else {"ungrounded_value": [step]})


def format_error(draft: Draft, rng: random.Random) -> Marks | None:
    """The corpus's date written the user's way, only on a date another fault has not already rewritten."""
    found = draft.slots.get("date")
    if found is not None:
        step, key = found
        try:
            dt.date.fromisoformat(step.args[key])
        except (KeyError, TypeError, ValueError):
            return None
    return CORPUS_FAULTS["format_error"](draft, rng)


def pii_leak(draft: Draft, rng: random.Random) -> Marks | None:
    """The corpus's phone-number leak, only where there is an answer to leak it in."""
    if not (draft.output or "").strip():
        return None
    return CORPUS_FAULTS["pii_leak"](draft, rng)


FAULTS = {**CORPUS_FAULTS, "wrong_tool": wrong_tool, "constraint_error": constraint_error, "pii_leak": pii_leak,
          "format_error": format_error, "misresolved_date": misresolved_date, "email_leak": email_leak}
_ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
_COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
_ORDER = {name: 2 if name in ("pii_leak", "email_leak") else 1 if name in _ENDINGS else -1 if name in _COPIES else 0 for name in FAULTS}
_CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}, {"pii_leak", "email_leak"}]


POLLS = {"get_export_status"}


def make_case(index: int, scenario: Callable[[random.Random, str], Draft], lang: str, faults: list[str],
              rng: random.Random) -> Case | None:
    """One case: the scenario's clean draft with `faults` applied (None if one has no place)."""
    draft = scenario(rng, lang)
    if any(clash <= set(faults) for clash in _CLASHES) or set(faults) & draft.facts.get("forbid", set()):
        return None
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    for name in sorted(faults, key=_ORDER.__getitem__):
        found = FAULTS[name](draft, rng)
        if found is None:
            return None
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != TOUCHED:
                marks.setdefault(label, []).extend(marked)
    # a call repeating an earlier successful call exactly is redundant, however a fault came to leave it there
    # (moving a retry ahead of the call it retried leaves that failed call as the repeat)
    for k, step in enumerate(draft.steps):
        if any(step is s for s in marks.get("redundant_calls", []) + marks.get("repeated_identical_call", [])):
            continue
        if step.tool in POLLS:  # a status check may be called again
            continue
        if any(e.tool == step.tool and e.args == step.args and e.raw == step.raw and not e.error for e in draft.steps[:k]):
            marks.setdefault("redundant_calls", []).append(step)
    trajectory, seqs = build(draft, f"a{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean, the rest with one fault or two on different calls; case i depends on (seed, i) only."""
    names = list(FAULTS)
    cases: list[Case] = []
    for index in range(n):
        rng = random.Random(f"{SPLIT}/{seed}/{index}")
        while True:
            roll = rng.random()
            faults = [] if roll < 0.5 else [rng.choice(names)] if roll < 0.85 else rng.sample(names, 2)
            if len(faults) == 2 and set(faults) <= _ENDINGS:
                continue
            case = None
            for attempt in range(2 * len(SCENARIOS)):
                scenario = SCENARIOS[(index + attempt) % len(SCENARIOS)]
                lang = ("en", "zh")[(index // len(SCENARIOS) + attempt) % 2]
                case = make_case(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
                if case is not None:
                    break
            if case is not None:
                cases.append(case)
                break
    return cases
