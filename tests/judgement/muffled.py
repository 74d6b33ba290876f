"""The muffled split: agent traffic of a community garden (plot waiting list, tool shed), a
watch-strap maker's custom orders, a city bike-path pothole reporting service, mountain-hut bunk
reservations, a public swimming lake (water quality, kiosk), a harp school's rental harps, a
subtitling studio's caption jobs and a fire-extinguisher servicing company, written by a
twenty-seventh helper who read neither the evaluators, their calibration nor any other split. It
must not be read when tuning the evaluators, or it stops being unseen.

Shapes: bookings, questions answered by lookups, comparisons made with parallel calls, changes and
cancellations of existing records, computations from results (totals, due dates, delivery dates,
refunds), follow-ups of earlier turns (history), an export polled to completion, transient 503s
retried once, and ids the framework fills in (user, tenant, student, rental). Each case is made
from (seed, index) alone, so changing one leaves the others as they were.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
from collections.abc import Callable

from collector.trajectory import ToolDefinition
from tests.judgement.corpus import (FAULTS as _CORPUS_FAULTS, TOUCHED, Case, Draft, Marks, Step, build, tool)

SPLIT = "muffled"
D = dt.timedelta
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December"]
EN_NUM = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
ZH_NUM = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五", 6: "六"}
ZH_WEEK = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]


def _en_day(day: dt.date, weekday: bool = True) -> str:
    text = f"{day.day} {EN_MONTHS[day.month - 1]}"
    return f"{day:%A} {text}" if weekday else text


def _zh_day(day: dt.date, weekday: bool = True) -> str:
    text = f"{day.month}月{day.day}日"
    return f"{text}（{ZH_WEEK[day.weekday()]}）" if weekday else text


def _day(rng: random.Random, months: tuple[int, ...] | None = None, weekdays: tuple[int, ...] | None = None) -> dt.date:
    """A trace day in 2025-2026, in the given months and weekdays."""
    while True:
        day = dt.date(2025, 1, 1) + D(days=rng.randint(0, 600))
        if (months is None or day.month in months) and (weekdays is None or day.weekday() in weekdays):
            return day


def _descs(rng: random.Random, lang: str) -> Callable[[str, str], str]:
    """Tool descriptions mostly in the request's language, sometimes in the other one."""
    other = rng.random() < (0.4 if lang == "zh" else 0.25)
    tl = ("zh" if lang == "en" else "en") if other else lang
    return lambda en, zh: en if tl == "en" else zh


def _t(lang: str, en: str, zh: str) -> str:
    return en if lang == "en" else zh


def _tool(name: str, description: str, required: list[str], properties: dict) -> ToolDefinition:
    """A tool whose parameter names clash with `tool`'s own (name, description)."""
    return ToolDefinition(name=name, description=description,
                          parameters={"type": "object", "properties": properties, "required": required})


def _email_tool(d: Callable[[str, str], str]):
    return tool("send_email", d("Send an e-mail.", "发送电子邮件。"), ["to", "subject", "body"],
                to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"})


DATE = {"type": "string", "format": "date"}


# --- community garden -------------------------------------------------------------------------

GARDENS = ["CG-ELMSTREET", "CG-RIVERSIDE", "CG-HOLLYBANK", "CG-MILLPOND"]
SHED = [("RT-07", "rotavator", "旋耕机", "Rotavator (petrol)"), ("SC-03", "scarifier", "松土耙", "Lawn scarifier"),
        ("SH-04", "shredder", "碎枝机", "Garden shredder"), ("HT-02", "hedge trimmer", "绿篱机", "Hedge trimmer")]


def garden_shed(rng: random.Random, lang: str) -> Draft:
    d = _descs(rng, lang)
    day = _day(rng, weekdays=(0, 1, 2, 3))
    sat = day + D(days=5 - day.weekday())
    member, garden = f"GM-{rng.randint(1000, 9999)}", rng.choice(GARDENS)
    want = rng.choice(SHED)
    others = [s for s in SHED if s is not want]
    slot = rng.choice([("morning", "上午", "AM"), ("afternoon", "下午", "PM"), ("evening", "傍晚", "EVE")])
    hours_mode = rng.choice(["said", "default", "omitted"])
    hours = rng.randint(1, 4) if hours_mode == "said" else 2
    tools = [
        tool("list_shed_tools", d("List the shared tools in the garden's shed and whether they are free on a day.",
                                  "列出花园工具棚里的共用工具及某天是否可借。"), ["garden_id"],
             garden_id={"type": "string"}, available_on=DATE),
        tool("book_shed_tool", d("Book a shed tool for a member on a date and time slot.", "为会员预约某天某时段的工具。"),
             ["member_id", "tool_code", "date", "slot"], member_id={"type": "string"}, tool_code={"type": "string"},
             date=DATE, slot={"type": "string", "enum": ["AM", "PM", "EVE"]},
             hours={"type": "integer", "minimum": 1, "maximum": 4, "default": 2}),
        tool("join_plot_waitlist", d("Put a member on the waiting list for an allotment plot.", "把会员加入地块候补名单。"),
             ["member_id", "garden_id", "plot_size"], member_id={"type": "string"}, garden_id={"type": "string"},
             plot_size={"type": "string", "enum": ["half", "full"]}),
        tool("get_waitlist_position", d("A member's place on the plot waiting list.", "查询会员在地块候补名单上的位置。"),
             ["member_id", "garden_id"], member_id={"type": "string"}, garden_id={"type": "string"}),
    ]
    listing = Step("list_shed_tools", {"garden_id": garden, "available_on": sat.isoformat()},
                   {"date": sat.isoformat(), "tools": [
                       {"code": want[0], "name": want[3], "available": True},
                       *({"code": o[0], "name": o[3], "available": rng.random() < 0.6} for o in others[:2])]})
    args = {"member_id": member, "tool_code": want[0], "date": sat.isoformat(), "slot": slot[2]}
    if hours_mode != "omitted":
        args["hours"] = hours
    ref = f"SB-{rng.randint(10000, 99999)}"
    book = Step("book_shed_tool", args, {"booking_ref": ref, "status": "confirmed", "tool_code": want[0],
                                         "date": sat.isoformat(), "slot": slot[2], "hours": hours})
    hours_en = f" for {EN_NUM[hours]} hour{'s' if hours > 1 else ''}" if hours_mode == "said" else ""
    hours_zh = f"，用{ZH_NUM[hours]}个小时" if hours_mode == "said" else ""
    request = _t(lang, f"Is the {want[1]} in the shed free this Saturday? If it is, book it for me in the {slot[0]}{hours_en}.",
                 f"这周六工具棚里的{want[2]}有空吗？有的话帮我订{slot[1]}{hours_zh}。")
    output = _t(lang, f"Done: the {want[3].lower()} ({want[0]}) is booked for you on {_en_day(sat)}, {slot[0]} slot, "
                      f"{hours} hours. Booking ref {ref}.",
                f"已帮你订好：{_zh_day(sat)}{slot[1]}的{want[2]}（{want[0]}），{hours}小时，预约号 {ref}。")
    patterns = ["shape:booking", "context id (member, garden)", "relative date resolved (this Saturday)",
                "id copied from a result", "enum member for the user's word"]
    if hours_mode == "default":
        patterns.append("schema default sent")
    return Draft(domain="community-garden", lang=lang, request=request, output=output, tools=tools,
                 steps=[listing, book], day=day, user_id=member, attributes={"user.id": member},
                 resource={"tenant.id": garden, "service.namespace": "garden-ops"}, patterns=patterns,
                 roles={"main": book, "write": book, "producer": listing, "lookup": listing,
                        "distractor": Step("join_plot_waitlist", {"member_id": member, "garden_id": garden,
                                                                  "plot_size": "half"}, {"position": rng.randint(5, 30)})},
                 slots={"user_id": (book, "member_id"), "context_id": (listing, "garden_id"),
                        "copied_id": (book, "tool_code"), "date": (book, "date"), "enum": (book, "slot"),
                        "extra": (book, "tool_name"), "resolved_date": (book, "date")},
                 facts={"enum_word": slot[0] if lang == "en" else slot[1], "extra_value": want[1] if lang == "en" else want[2],
                        "success_text": output, "date_format": True})


def garden_waitlist(rng: random.Random, lang: str) -> Draft:
    d = _descs(rng, lang)
    day = _day(rng)
    member, garden = f"GM-{rng.randint(1000, 9999)}", rng.choice(GARDENS)
    size = rng.choice([("half", "half plots", "半块地", "half plot", "半块"), ("full", "full plots", "整块地", "full plot", "整块")])
    period = rng.choice([(12, "over the last year", "过去一年", "last year", "过去一年"),
                         (6, "over the last 6 months", "过去6个月", "last 6 months", "过去6个月"),
                         (6, "in the last six months", "过去半年", "last six months", "过去半年")])
    months = period[0]
    position, freed = rng.randint(3, 14), rng.randint(2, 12) * months // 6
    joined = day - D(days=rng.randint(90, 700))
    tools = [
        tool("get_waitlist_position", d("A member's place on the plot waiting list.", "查询会员在地块候补名单上的位置。"),
             ["member_id", "garden_id"], member_id={"type": "string"}, garden_id={"type": "string"}),
        tool("get_plot_turnover", d("How many plots came free in the garden over the last N months.",
                                    "查询过去N个月花园空出的地块数量。"), ["garden_id"],
             garden_id={"type": "string"}, months={"type": "integer", "minimum": 1, "maximum": 36, "default": 12},
             plot_size={"type": "string", "enum": ["half", "full"]}),
        tool("join_plot_waitlist", d("Put a member on the waiting list for an allotment plot.", "把会员加入地块候补名单。"),
             ["member_id", "garden_id", "plot_size"], member_id={"type": "string"}, garden_id={"type": "string"},
             plot_size={"type": "string", "enum": ["half", "full"]}),
        tool("book_shed_tool", d("Book a shed tool for a member on a date and time slot.", "为会员预约某天某时段的工具。"),
             ["member_id", "tool_code", "date", "slot"], member_id={"type": "string"}, tool_code={"type": "string"},
             date=DATE, slot={"type": "string", "enum": ["AM", "PM", "EVE"]}),
        _email_tool(d),
    ]
    pos = Step("get_waitlist_position", {"member_id": member, "garden_id": garden},
               {"member_id": member, "position": position, "plot_size": size[0], "joined": joined.isoformat()})
    turn = Step("get_plot_turnover", {"garden_id": garden, "months": months, "plot_size": size[0]},
                {"garden_id": garden, "months": months, "plot_size": size[0], "freed": freed}, parallel=True)
    rate = freed / months
    wait = round(position / rate) if rate else None
    request = _t(lang, f"Where am I on the plot waiting list now? And how many {size[1]} came free {period[1]}? "
                       "I want a rough idea of how long I'll wait.",
                 f"我现在在地块候补名单上排第几？{period[2]}空出来几块{size[2]}？想估一下还要等多久。")
    output = _t(lang, f"You're number {position} on the list for a {size[3]}. {freed} came free in the last {months} months, "
                      f"about {rate:.1f} a month, so at that pace roughly {wait} months.",
                f"你目前在{size[4]}地的候补名单上排第{position}位。过去{months}个月空出了{freed}块，平均每月约{rate:.1f}块，"
                f"照这个速度大约还要等{wait}个月。")
    return Draft(domain="community-garden", lang=lang, request=request, output=output, tools=tools,
                 steps=[pos, turn], day=day, user_id=member, attributes={"user.id": member},
                 resource={"tenant.id": garden}, patterns=["shape:lookup question", "shape:computation", "context id",
                                                           "period as months", "parallel lookups"],
                 roles={"main": pos, "lookup": pos, "plain": turn,
                        "distractor": Step("join_plot_waitlist", {"member_id": member, "garden_id": garden,
                                                                  "plot_size": size[0]}, {"position": position + 20})},
                 slots={"user_id": (pos, "member_id"), "context_id": (pos, "garden_id"), "enum": (turn, "plot_size"),
                        "extra": (turn, "period")},
                 facts={"enum_word": size[3] if lang == "en" else size[4], "extra_value": period[3] if lang == "en" else period[4],
                        "success_text": output})


# --- watch-strap maker ------------------------------------------------------------------------

LEATHERS = {"shell_cordovan": ("shell cordovan", "马臀皮"), "chromexcel": ("Chromexcel", "疯马皮"),
            "alligator": ("alligator", "鳄鱼皮"), "suede": ("suede", "麂皮"), "calf": ("calfskin", "小牛皮")}
COLOURS = {"BLK": ("black", "黑色"), "BRN": ("brown", "棕色"), "TAN": ("tan", "浅棕色"), "GRN": ("green", "绿色"),
           "NVY": ("navy", "藏青色"), "GRY": ("grey", "灰色")}


def _strap_tools(d):
    return [
        tool("list_orders", d("A customer's open custom strap orders.", "查询客户未完成的定制表带订单。"), ["customer_id"],
             customer_id={"type": "string"}),
        tool("get_leather_stock", d("Whether a leather is in stock in a colour.", "查询某种皮料某颜色的库存。"),
             ["leather", "colour"], leather={"type": "string", "enum": list(LEATHERS)},
             colour={"type": "string", "enum": list(COLOURS)}),
        tool("update_order", d("Change the colour, width or buckle of an open strap order.", "修改未完成订单的颜色、宽度或表扣。"),
             ["order_id"], order_id={"type": "string", "pattern": "^WS-[0-9]{5}$"},
             colour={"type": "string", "enum": list(COLOURS)},
             width_mm={"type": "integer", "minimum": 16, "maximum": 24},
             buckle={"type": "string", "enum": ["steel", "brushed", "gold_pvd"]}),
        tool("cancel_order", d("Cancel an open strap order.", "取消未完成的表带订单。"), ["order_id", "reason"],
             order_id={"type": "string"}, reason={"type": "string", "enum": ["customer_request", "duplicate", "other"]}),
        tool("quote_strap", d("Price quote for a custom strap.", "定制表带报价。"), ["leather", "width_mm", "currency"],
             leather={"type": "string", "enum": list(LEATHERS)}, width_mm={"type": "integer", "minimum": 16, "maximum": 24},
             currency={"type": "string", "pattern": "^[A-Z]{3}$"},
             lining={"type": "string", "enum": ["calf", "alcantara", "rubber"], "default": "calf"}),
        tool("place_strap_order", d("Place a new custom strap order.", "下一个新的定制表带订单。"),
             ["customer_id", "leather", "width_mm"], customer_id={"type": "string"},
             leather={"type": "string", "enum": list(LEATHERS)}, width_mm={"type": "integer", "minimum": 16, "maximum": 24},
             currency={"type": "string"}),
    ]


def strap_change(rng: random.Random, lang: str) -> Draft:
    """A follow-up: the orders were listed in an earlier turn; now one of them changes."""
    d = _descs(rng, lang)
    day = _day(rng)
    cust = f"C{rng.randint(100000, 999999)}"
    ids = [f"WS-{n}" for n in sorted(rng.sample(range(20000, 29999), 2))]
    l1, l2 = rng.sample(["shell_cordovan", "chromexcel", "suede", "calf"], 2)
    c1, c2 = rng.sample(["BLK", "BRN", "TAN"], 2)
    w1, w2 = rng.choice([20, 22]), rng.choice([18, 20])
    orders = [{"order_id": ids[0], "leather": l1, "colour": c1, "width_mm": w1, "status": "in_production"},
              {"order_id": ids[1], "leather": l2, "colour": c2, "width_mm": w2, "status": "awaiting_material"}]
    history = [
        {"role": "user", "text": _t(lang, "What strap orders do I have open?", "我有哪些没完成的表带订单？")},
        {"role": "assistant", "calls": [{"name": "list_orders", "arguments": {"customer_id": cust}}]},
        {"role": "tool", "results": [{"orders": orders}]},
        {"role": "assistant", "text": _t(
            lang, f"You have two open orders: {ids[0]} ({COLOURS[c1][0]} {LEATHERS[l1][0]}, {w1} mm, in production) and "
                  f"{ids[1]} ({COLOURS[c2][0]} {LEATHERS[l2][0]}, {w2} mm, awaiting material).",
            f"你有两个未完成订单：{ids[0]}（{COLOURS[c1][1]}{LEATHERS[l1][1]}，{w1}毫米，生产中）和"
            f"{ids[1]}（{COLOURS[c2][1]}{LEATHERS[l2][1]}，{w2}毫米，等待皮料）。")},
    ]
    new_c = rng.choice(["GRN", "NVY", "GRY"])
    new_w = rng.choice([w for w in (17, 19, 21) if w != w2])
    request = _t(lang, f"Change the second one to {COLOURS[new_c][0]} please, and make it {new_w} mm instead of {w2}.",
                 f"第二个订单改成{COLOURS[new_c][1]}，宽度从{w2}毫米改成{new_w}毫米。")
    stock = Step("get_leather_stock", {"leather": l2, "colour": new_c}, {"leather": l2, "colour": new_c, "in_stock": True,
                                                                      "hides": rng.randint(1, 6)})
    upd = Step("update_order", {"order_id": ids[1], "colour": new_c, "width_mm": new_w},
               {"order_id": ids[1], "colour": new_c, "width_mm": new_w, "status": "awaiting_material", "price_change": 0})
    output = _t(lang, f"Order {ids[1]} is now {COLOURS[new_c][0]} {LEATHERS[l2][0]}, {new_w} mm, at no extra cost. "
                      "The leather is in stock, so it should move into production soon.",
                f"订单{ids[1]}已改为{COLOURS[new_c][1]}{LEATHERS[l2][1]}，{new_w}毫米，价格不变。皮料有货，很快会进入生产。")
    return Draft(domain="watch-straps", lang=lang, request=request, output=output, tools=_strap_tools(d),
                 steps=[stock, upd], day=day, user_id=cust, attributes={"user.id": cust, "shop.locale": lang},
                 history=history, patterns=["shape:change", "shape:follow-up", "id from an earlier turn",
                                            "value from an earlier result (leather)", "colour code for a colour name"],
                 roles={"main": upd, "write": upd, "lookup": stock,
                        "distractor": Step("cancel_order", {"order_id": ids[1], "reason": "customer_request"},
                                           {"order_id": ids[1], "status": "cancelled"})},
                 slots={"history_id": (upd, "order_id"), "enum": (upd, "colour"), "extra": (upd, "old_width_mm")},
                 facts={"enum_word": COLOURS[new_c][0] if lang == "en" else COLOURS[new_c][1], "extra_value": w2,
                        "success_text": output})


CURRENCIES = [("EUR", "euros", "欧元", 1.0), ("GBP", "pounds", "英镑", 0.85), ("JPY", "yen", "日元", 162.0),
              ("SEK", "Swedish kronor", "瑞典克朗", 11.4), ("HKD", "Hong Kong dollars", "港币", 8.5),
              ("SGD", "Singapore dollars", "新加坡元", 1.45)]


def strap_quote(rng: random.Random, lang: str) -> Draft:
    """A comparison: three quotes in one model turn, the cheapest picked."""
    d = _descs(rng, lang)
    day = _day(rng)
    cust = f"C{rng.randint(100000, 999999)}"
    three = rng.sample(list(LEATHERS), 3)
    width = rng.choice([18, 19, 20, 21, 22])
    cur = rng.choice(CURRENCIES)
    base = {"shell_cordovan": 165, "chromexcel": 95, "alligator": 310, "suede": 80, "calf": 70}
    steps, prices = [], {}
    for i, lea in enumerate(three):
        eur = base[lea] + rng.randint(-8, 12)
        price = round(eur * cur[3]) if cur[0] == "JPY" else round(eur * cur[3], 2)
        prices[lea] = price
        steps.append(Step("quote_strap", {"leather": lea, "width_mm": width, "currency": cur[0]},
                          {"leather": lea, "width_mm": width, "price": price, "currency": cur[0],
                           "lead_time_days": rng.choice([10, 14, 21])}, parallel=i > 0))
    cheap = min(prices, key=prices.get)
    names = [LEATHERS[x][0 if lang == "en" else 1] for x in three]
    request = _t(lang, f"Could you quote me a {width} mm strap in {names[0]}, {names[1]} and {names[2]}? Prices in {cur[1]} "
                       "please, and tell me which is cheapest.",
                 f"帮我报个价：{width}毫米的表带，{names[0]}、{names[1]}和{names[2]}三种，用{cur[2]}报价，哪个最便宜？")
    output = _t(lang, "; ".join(f"{LEATHERS[x][0]}: {prices[x]} {cur[0]}" for x in three)
                + f". The cheapest is {LEATHERS[cheap][0]}.",
                "；".join(f"{LEATHERS[x][1]}：{prices[x]} {cur[0]}" for x in three) + f"。最便宜的是{LEATHERS[cheap][1]}。")
    return Draft(domain="watch-straps", lang=lang, request=request, output=output, tools=_strap_tools(d), steps=steps,
                 day=day, user_id=cust, attributes={"user.id": cust},
                 patterns=["shape:comparison (parallel)", "currency code for a named currency", "enum members for leather names"],
                 roles={"main": steps[0], "lookup": steps[0],
                        "distractor": Step("place_strap_order", {"customer_id": cust, "leather": three[0], "width_mm": width,
                                                                 "currency": cur[0]}, {"order_id": "WS-30001"})},
                 slots={"currency": (steps[0], "currency"), "enum": (steps[0], "leather"), "extra": (steps[1], "customer_id")},
                 facts={"enum_word": names[0], "extra_value": cust, "success_text": output})


# --- bike-path potholes -----------------------------------------------------------------------

STREETS = [("Canal Street", "运河路"), ("Mill Lane", "磨坊巷"), ("Station Road", "车站路"), ("Orchard Way", "果园路")]


def _pothole_tools(d):
    return [
        tool("geocode_path_location", d("Find the bike-path segment and coordinates for an address.",
                                        "根据地址查找自行车道路段和坐标。"), ["street"],
             street={"type": "string"}, house_number={"type": "string"}, city={"type": "string", "default": "Riverton"}),
        tool("list_open_reports", d("Open pothole reports on a bike-path segment.", "查询某自行车道路段上未处理的坑洼报告。"),
             ["segment_id"], segment_id={"type": "string"},
             radius_m={"type": "integer", "minimum": 10, "maximum": 500, "default": 50}),
        _tool("create_pothole_report", d("Report a pothole on a bike path.", "上报自行车道上的坑洼。"),
              ["segment_id", "lat", "lon", "severity", "reporter_id"], {
                  "segment_id": {"type": "string"}, "lat": {"type": "number", "minimum": -90, "maximum": 90},
                  "lon": {"type": "number", "minimum": -180, "maximum": 180},
                  "severity": {"type": "string", "enum": ["low", "medium", "high", "urgent"]},
                  "width_cm": {"type": "integer", "minimum": 1, "maximum": 400}, "reporter_id": {"type": "string"},
                  "description": {"type": "string"}}),
        tool("get_report_status", d("Status of a pothole report.", "查询坑洼报告的处理状态。"), ["report_id"],
             report_id={"type": "string"}),
        tool("escalate_report", d("Escalate a pothole report to the roads supervisor.", "把坑洼报告升级给道路主管。"),
             ["report_id", "reason"], report_id={"type": "string"},
             reason={"type": "string", "enum": ["OVERDUE", "SAFETY", "DUPLICATE"]}),
        tool("subscribe_path_alerts", d("Subscribe to roadworks alerts for a bike-path segment.", "订阅某路段的施工提醒。"),
             ["segment_id", "reporter_id"], segment_id={"type": "string"}, reporter_id={"type": "string"}),
    ]


def pothole_report(rng: random.Random, lang: str) -> Draft:
    d = _descs(rng, lang)
    day = _day(rng)
    uid = f"rv-{rng.randint(10000, 99999)}"
    street = rng.choice(STREETS)
    number = str(rng.randint(2, 140))
    seg = f"BP-{street[0][:3].upper()}-{rng.randint(100, 999):04d}"
    lat, lon = round(52.0 + rng.random() / 10, 5), round(5.0 + rng.random() / 10, 5)
    foot = lang == "en" and rng.random() < 0.4
    width = 30 if foot else rng.choice([20, 25, 30, 40, 50])
    size_en = "about a foot wide" if foot else f"about {width} cm wide"
    request = _t(lang, f"There's a deep pothole on the cycle path along {street[0]}, near number {number}, {size_en}. "
                       "I nearly came off my bike, it's pretty serious. Please report it.",
                 f"{street[1]}{number}号附近的自行车道上有个很深的坑，大概{width}厘米宽，我差点摔车，挺严重的，请帮我上报。")
    street_arg = street[0] if lang == "en" else street[1]
    geo = Step("geocode_path_location", {"street": street_arg, "house_number": number},
               {"segment_id": seg, "lat": lat, "lon": lon, "matched": f"{street_arg} {number}"})
    nearby = [] if rng.random() < 0.6 else [{"report_id": f"PH-{day.year}-{rng.randint(1000, 4999):05d}",
                                             "distance_m": rng.randint(120, 400), "status": "scheduled"}]
    lst = Step("list_open_reports", {"segment_id": seg}, {"segment_id": seg, "reports": nearby})
    rid = f"PH-{day.year}-{rng.randint(5000, 9999):05d}"
    description = _t(lang, f"Deep pothole on the cycle path near {street[0]} {number}, about {width} cm wide; a cyclist nearly fell.",
                     f"{street[1]}{number}号附近自行车道有深坑，约{width}厘米宽，骑车人差点摔倒。")
    create = Step("create_pothole_report", {"segment_id": seg, "lat": lat, "lon": lon, "severity": "high",
                                            "width_cm": width, "reporter_id": uid, "description": description},
                  {"report_id": rid, "status": "received", "target_fix_days": 5})
    output = _t(lang, f"Reported: {rid}, marked high severity (about {width} cm wide). The city aims to fix it within 5 days.",
                f"已上报，编号{rid}，严重程度为高（约{width}厘米宽），市政目标是5天内修好。")
    patterns = ["shape:booking (report)", "context id (reporter)", "coordinates copied from a result", "enum member"]
    slots = {"copied_id": (create, "segment_id"), "user_id": (create, "reporter_id"), "enum": (create, "severity"),
             "extra": (create, "street")}
    if foot:
        patterns.append("unit conversion (a foot as 30 cm)")
        slots["converted"] = (create, "width_cm")
    return Draft(domain="bike-path-potholes", lang=lang, request=request, output=output, tools=_pothole_tools(d),
                 steps=[geo, lst, create], day=day, user_id=uid, attributes={"user.id": uid, "app.channel": "citizen-app"},
                 resource={"tenant.id": "riverton-city"}, patterns=patterns,
                 roles={"producer": geo, "lookup": lst, "main": create, "write": create,
                        "distractor": Step("subscribe_path_alerts", {"segment_id": seg, "reporter_id": uid},
                                           {"subscribed": True})},
                 slots=slots, facts={"enum_word": _t(lang, "serious", "严重"), "extra_value": street_arg, "success_text": output,
                                     "wrong_conversion": 12})


def pothole_followup(rng: random.Random, lang: str) -> Draft:
    """A follow-up: the report was made in an earlier turn; the due date is computed."""
    d = _descs(rng, lang)
    created = _day(rng)
    uid = f"rv-{rng.randint(10000, 99999)}"
    street = rng.choice(STREETS)
    seg = f"BP-{street[0][:3].upper()}-{rng.randint(100, 999):04d}"
    rid = f"PH-{created.year}-{rng.randint(5000, 9999):05d}"
    days = rng.choice([5, 7])
    due = created + D(days=days)
    overdue = rng.random() < 0.5
    day = due + D(days=rng.randint(1, 6)) if overdue else created + D(days=rng.randint(1, days - 1))
    history = [
        {"role": "user", "text": _t(lang, f"Please report the pothole on the cycle path on {street[0]}.",
                                    f"请上报{street[1]}自行车道上的坑。")},
        {"role": "assistant", "calls": [{"name": "create_pothole_report", "arguments": {
            "segment_id": seg, "lat": 52.04, "lon": 5.07, "severity": "medium", "reporter_id": uid}}]},
        {"role": "tool", "results": [{"report_id": rid, "status": "received", "target_fix_days": days,
                                      "created": created.isoformat()}]},
        {"role": "assistant", "text": _t(lang, f"Reported as {rid}; the target is a fix within {days} days.",
                                         f"已上报，编号{rid}，目标{days}天内修好。")},
    ]
    request = _t(lang, f"Any news on the pothole I reported? They promised {days} days. If it's overdue, escalate it.",
                 f"我上次报的那个坑有进展吗？说好{days}天内修，要是逾期了就帮我升级。")
    status = Step("get_report_status", {"report_id": rid},
                  {"report_id": rid, "status": "open" if overdue else "scheduled", "created": created.isoformat(),
                   "target_fix_days": days, **({} if overdue else {"crew_date": (due - D(days=1)).isoformat()})})
    steps = [status]
    roles: dict[str, Step] = {"main": status}
    slots = {"history_id": (status, "report_id")}
    facts = {"enum_word": _t(lang, "overdue", "逾期")}
    if overdue:
        esc = Step("escalate_report", {"report_id": rid, "reason": "OVERDUE"},
                   {"report_id": rid, "escalated": True, "ticket": f"ESC-{rng.randint(1000, 9999)}"})
        steps.append(esc)
        roles = {"main": esc, "write": esc, "plain": status}
        slots["enum"] = (esc, "reason")
        output = _t(lang, f"{rid} is still open: it was due by {_en_day(due)}, so it's {(day - due).days} day(s) overdue. "
                          "I've escalated it to the roads supervisor.",
                    f"{rid}仍未处理，本应在{_zh_day(due)}前修好，已逾期{(day - due).days}天，我已把它升级给道路主管。")
    else:
        crew = due - D(days=1)
        output = _t(lang, f"{rid} is scheduled: a crew is booked for {_en_day(crew)}, within the promised date "
                          f"({_en_day(due)}), so nothing to escalate yet.",
                    f"{rid}已排期，维修队定在{_zh_day(crew)}，在承诺日期（{_zh_day(due)}）之前，暂时不需要升级。")
    facts["success_text"] = output
    roles["distractor"] = Step("subscribe_path_alerts", {"segment_id": seg, "reporter_id": uid}, {"subscribed": True})
    return Draft(domain="bike-path-potholes", lang=lang, request=request, output=output, tools=_pothole_tools(d),
                 steps=steps, day=day, user_id=uid, attributes={"user.id": uid}, history=history,
                 patterns=["shape:follow-up", "shape:computation (due date)", "id from an earlier turn"]
                 + (["shape:change (escalation)"] if overdue else []),
                 roles=roles, slots=slots, facts=facts)


# --- mountain hut -----------------------------------------------------------------------------

HUTS = [("Lindauer Hütte", "AT-LIN"), ("Rifugio Vajolet", "IT-VAJ"), ("Cabane de Moiry", "CH-MOI"),
        ("Kärlingerhaus", "DE-KAR"), ("Refuge du Goûter", "FR-GOU")]


def _hut_tools(d):
    return [
        _tool("find_hut", d("Look up a mountain hut by name.", "按名称查找山屋。"), ["name"], {"name": {"type": "string"}}),
        tool("check_bunks", d("Free bunks at a hut for a stay.", "查询山屋某段入住的空床位。"),
             ["hut_id", "check_in", "check_out", "guests"], hut_id={"type": "string"}, check_in=DATE, check_out=DATE,
             guests={"type": "integer", "minimum": 1, "maximum": 12}),
        tool("book_bunks", d("Reserve bunks at a hut.", "预订山屋床位。"),
             ["hut_id", "check_in", "check_out", "guests", "board", "lead_guest_id"], hut_id={"type": "string"},
             check_in=DATE, check_out=DATE, guests={"type": "integer", "minimum": 1, "maximum": 12},
             board={"type": "string", "enum": ["room_only", "half_board"]}, lead_guest_id={"type": "string"}),
        tool("list_my_reservations", d("A guest's hut reservations.", "查询客人的山屋预订。"), ["guest_id"],
             guest_id={"type": "string"}),
        tool("get_cancellation_terms", d("Refund terms if a reservation is cancelled now.", "查询现在取消预订的退款规则。"),
             ["reservation_id"], reservation_id={"type": "string"}),
        tool("cancel_reservation", d("Cancel a hut reservation.", "取消山屋预订。"), ["reservation_id", "reason"],
             reservation_id={"type": "string"},
             reason={"type": "string", "enum": ["illness_injury", "weather", "change_of_plans", "other"]}),
        tool("get_route_conditions", d("Current trail and snow conditions on the routes to a hut.", "查询通往山屋路线的路况和积雪。"),
             ["hut_id"], hut_id={"type": "string"}),
        tool("request_invoice", d("E-mail the invoice of a reservation.", "发送预订发票。"), ["reservation_id"],
             reservation_id={"type": "string"}),
    ]


def hut_booking(rng: random.Random, lang: str) -> Draft:
    d = _descs(rng, lang)
    day = _day(rng, months=(5, 6, 7))
    check_in = day + D(days=rng.randint(10, 60))
    nights, guests = rng.choice([1, 2, 3]), rng.choice([2, 3, 4, 5])
    check_out = check_in + D(days=nights)
    hut = rng.choice(HUTS)
    hid = f"{hut[1]}-{rng.randint(1000, 9999)}"
    uid = f"AV-{rng.randint(100000, 999999)}"
    bunk, hb = rng.choice([32, 36, 38, 42]), rng.choice([28, 29, 33])
    half = rng.random() < 0.6
    request = _t(lang, f"{EN_NUM[guests].capitalize()} of us want bunks at the {hut[0]} for {EN_NUM[nights]} "
                       f"night{'s' if nights > 1 else ''} from {_en_day(check_in, False)}"
                       f"{', with half board' if half else ''}. Can you book it?",
                 f"我们{ZH_NUM[guests]}个人想订{hut[0]}的床位，{_zh_day(check_in, False)}起住{ZH_NUM[nights]}晚"
                 f"{'，含半膳' if half else ''}，帮我订一下。")
    find = Step("find_hut", {"name": hut[0]}, {"hut_id": hid, "name": hut[0], "altitude_m": rng.randint(1500, 3800)})
    span = {"hut_id": hid, "check_in": check_in.isoformat(), "check_out": check_out.isoformat(), "guests": guests}
    check = Step("check_bunks", dict(span), {"free_bunks": guests + rng.randint(0, 8), "price_per_night": bunk,
                                            "half_board_per_night": hb, "currency": "EUR"})
    board = "half_board" if half else "room_only"
    res = f"RB-{rng.randint(10000, 99999)}"
    book = Step("book_bunks", {**span, "board": board, "lead_guest_id": uid}, {"reservation_id": res, "status": "confirmed"})
    total = guests * nights * (bunk + (hb if half else 0))
    output = _t(lang, f"Booked {guests} bunks at the {hut[0]}, {_en_day(check_in)} to {_en_day(check_out)}"
                      f"{' with half board' if half else ''}: {guests} x {nights} x EUR {bunk + (hb if half else 0)} = "
                      f"EUR {total}. Reservation {res}.",
                f"已订好{hut[0]} {guests}个床位，{_zh_day(check_in)}入住，{_zh_day(check_out)}退房"
                f"{'，含半膳' if half else ''}：{guests}×{nights}×{bunk + (hb if half else 0)}欧元，共{total}欧元。预订号{res}。")
    return Draft(domain="mountain-hut", lang=lang, request=request, output=output, tools=_hut_tools(d),
                 steps=[find, check, book], day=day, user_id=uid, attributes={"user.id": uid, "club.section": "DAV-0412"},
                 patterns=["shape:booking", "shape:computation (check-out date, total)", "number words",
                           "date without a year", "context id", "enum member"],
                 roles={"producer": find, "lookup": check, "main": book, "write": book,
                        "distractor": Step("get_route_conditions", {"hut_id": hid}, {"snow": "none", "trail": "open"})},
                 slots={"copied_id": (check, "hut_id"), "date": (check, "check_in"), "user_id": (book, "lead_guest_id"),
                        "resolved_date": (book, "check_out"), "extra": (book, "nights"),
                        **({"enum": (book, "board")} if half else {})},
                 facts={"enum_word": _t(lang, "half board", "半膳"), "extra_value": nights, "success_text": output,
                        "date_format": True})


def hut_cancel(rng: random.Random, lang: str) -> Draft:
    d = _descs(rng, lang)
    day = _day(rng, months=(6, 7, 8, 9))
    uid = f"AV-{rng.randint(100000, 999999)}"
    hut, other = rng.sample(HUTS, 2)
    start = day + D(days=rng.randint(4, 20))
    rid, oid = f"RB-{rng.randint(10000, 99999)}", f"RB-{rng.randint(10000, 99999)}"
    guests, nights = rng.choice([2, 3, 4]), rng.choice([1, 2])
    paid = guests * nights * rng.choice([36, 40, 44])
    pct = rng.choice([50, 70, 80])
    reason = rng.choice([("illness_injury", "one of us has an injury", "有人受伤了", "injury", "受伤"),
                         ("weather", "the forecast is terrible", "天气预报太差", "bad weather", "天气")])
    listing = Step("list_my_reservations", {"guest_id": uid}, {"reservations": [
        {"reservation_id": rid, "hut": hut[0], "check_in": start.isoformat(),
         "check_out": (start + D(days=nights)).isoformat(), "guests": guests, "paid_eur": paid},
        {"reservation_id": oid, "hut": other[0], "check_in": (start + D(days=30)).isoformat(),
         "check_out": (start + D(days=31)).isoformat(), "guests": 2, "paid_eur": 80}]})
    terms = Step("get_cancellation_terms", {"reservation_id": rid}, {"refund_percent": pct, "paid_eur": paid})
    cancel = Step("cancel_reservation", {"reservation_id": rid, "reason": reason[0]},
                  {"reservation_id": rid, "status": "cancelled", "refund_eur": round(paid * pct / 100, 2)})
    request = _t(lang, f"Please cancel my reservation at the {hut[0]}, {reason[1]}. How much do I get back?",
                 f"请帮我取消{hut[0]}的预订，{reason[2]}。能退多少钱？")
    refund = round(paid * pct / 100, 2)
    output = _t(lang, f"Cancelled reservation {rid} at the {hut[0]} ({_en_day(start)}). You paid EUR {paid}; "
                      f"{pct}% comes back, EUR {refund}.",
                f"已取消{hut[0]}的预订{rid}（{_zh_day(start)}入住）。已付{paid}欧元，可退{pct}%，即{refund}欧元。")
    return Draft(domain="mountain-hut", lang=lang, request=request, output=output, tools=_hut_tools(d),
                 steps=[listing, terms, cancel], day=day, user_id=uid, attributes={"user.id": uid},
                 patterns=["shape:cancellation", "shape:computation (refund)", "id picked from a list by hut name",
                           "context id", "enum for the user's reason"],
                 roles={"producer": listing, "lookup": listing, "main": cancel, "write": cancel,
                        "distractor": Step("request_invoice", {"reservation_id": rid}, {"sent": True})},
                 slots={"user_id": (listing, "guest_id"), "copied_id": (cancel, "reservation_id"), "enum": (cancel, "reason"),
                        "extra": (cancel, "hut")},
                 facts={"enum_word": reason[3] if lang == "en" else reason[4], "extra_value": hut[0], "success_text": output,
                        "write_before": cancel})


# --- swimming lake ----------------------------------------------------------------------------

SPOTS = [("NB-01", "North Beach", "北滩", "K-NB"), ("RB-02", "Reed Bay", "芦苇湾", "K-RB"),
         ("JT-03", "the Jetty", "栈桥", "K-JT"), ("DM-04", "Dog Meadow", "狗狗草坪", "K-DM")]


def _lake_tools(d):
    return [
        tool("list_spots", d("Bathing spots of the lake and their kiosks.", "湖的游泳点及其小卖部。"), ["lake_id"],
             lake_id={"type": "string"}),
        tool("get_water_quality", d("Measured water quality at a bathing spot on a date.", "查询某游泳点某天的水质检测结果。"),
             ["spot_id", "date"], spot_id={"type": "string"}, date=DATE),
        tool("get_water_forecast", d("Forecast water temperature and quality for a spot on a date.", "预测某游泳点某天的水温和水质。"),
             ["spot_id", "date"], spot_id={"type": "string"}, date=DATE),
        tool("get_kiosk_hours", d("Opening hours of a lakeside kiosk on a date.", "查询湖边小卖部某天的营业时间。"),
             ["kiosk_id", "date"], kiosk_id={"type": "string"}, date=DATE),
        tool("subscribe_quality_alerts", d("Subscribe to water-quality warnings for a spot.", "订阅某游泳点的水质警报。"),
             ["spot_id"], spot_id={"type": "string"}),
        _email_tool(d),
    ]


ZH_RATING = {"excellent": "优", "good": "良", "sufficient": "合格"}


def _quality(rng: random.Random, spot: str, day: dt.date) -> dict:
    ecoli = rng.choice([15, 30, 45, 80, 150, 260])
    return {"spot_id": spot, "date": day.isoformat(), "e_coli_cfu_100ml": ecoli,
            "rating": "excellent" if ecoli < 100 else "good" if ecoli < 200 else "sufficient",
            "temp_c": round(rng.uniform(17, 24), 1), "blue_green_algae": rng.choice(["none", "none", "low"])}


def lake_compare(rng: random.Random, lang: str) -> Draft:
    d = _descs(rng, lang)
    day = _day(rng, months=(6, 7, 8))
    lake = rng.choice(["LK-SILVERMERE", "LK-HAVELSEE", "LK-BRIGHTWATER"])
    spots = rng.sample(SPOTS, 3)
    kiosk_spot = rng.choice(spots)
    close = rng.choice(["19:00", "20:30", "21:00"])
    listing = Step("list_spots", {"lake_id": lake}, {"spots": [{"spot_id": s[0], "name": s[1], "kiosk_id": s[3]} for s in SPOTS]})
    qs = [Step("get_water_quality", {"spot_id": s[0], "date": day.isoformat()}, _quality(rng, s[0], day), parallel=i > 0)
          for i, s in enumerate(spots)]
    kiosk = Step("get_kiosk_hours", {"kiosk_id": kiosk_spot[3], "date": day.isoformat()},
                 {"kiosk_id": kiosk_spot[3], "opens": "10:00", "closes": close}, parallel=True)
    best = min(zip(spots, qs), key=lambda p: p[1].result["e_coli_cfu_100ml"])
    names = [s[1] if lang == "en" else s[2] for s in spots]
    ks = kiosk_spot[1] if lang == "en" else kiosk_spot[2]
    request = _t(lang, f"Which bathing spot has the best water today: {names[0]}, {names[1]} or {names[2]}? "
                       f"And is the kiosk at {ks} open until 8 tonight?",
                 f"今天{names[0]}、{names[1]}和{names[2]}哪个游泳点水质最好？{ks}的小卖部今晚开到8点吗？")
    open_late = close >= "20:00"
    output = _t(lang, f"{best[0][1]} is best today ({best[1].result['e_coli_cfu_100ml']} E. coli per 100 ml, "
                      f"{best[1].result['rating']}, {best[1].result['temp_c']} °C). The kiosk at {kiosk_spot[1]} closes at {close}"
                      f"{', so yes' if open_late else ', so not quite'}.",
                f"今天{best[0][2]}水质最好（每100毫升大肠杆菌{best[1].result['e_coli_cfu_100ml']}个，水温{best[1].result['temp_c']}°C）。"
                f"{kiosk_spot[2]}小卖部{close}关门，{'可以' if open_late else '开不到8点'}。")
    return Draft(domain="swimming-lake", lang=lang, request=request, output=output, tools=_lake_tools(d),
                 steps=[listing, *qs, kiosk], day=day, resource={"tenant.id": lake, "deployment.environment": "prod"},
                 session_id=f"s-{rng.randint(10 ** 7, 10 ** 8 - 1)}",
                 patterns=["shape:comparison (parallel)", "today resolved from the trace's day", "ids copied from a result",
                           "context id (lake)"],
                 roles={"producer": listing, "lookup": qs[0], "main": qs[0],
                        "distractor": Step("subscribe_quality_alerts", {"spot_id": spots[0][0]}, {"subscribed": True})},
                 slots={"context_id": (listing, "lake_id"), "copied_id": (qs[1], "spot_id"), "date": (qs[0], "date"),
                        "extra": (qs[0], "spot_name")},
                 facts={"extra_value": names[0], "success_text": output, "date_format": True, "lookups_only": True})


def lake_followup(rng: random.Random, lang: str) -> Draft:
    """A follow-up on a spot named in an earlier turn: tomorrow's forecast and last Sunday's reading."""
    d = _descs(rng, lang)
    day = _day(rng, months=(6, 7, 8), weekdays=(1, 2, 3, 4, 5))
    lake = rng.choice(["LK-SILVERMERE", "LK-HAVELSEE", "LK-BRIGHTWATER"])
    spot = rng.choice(SPOTS)
    today_q = _quality(rng, spot[0], day)
    history = [
        {"role": "user", "text": _t(lang, f"How's the water at {spot[1]} today?", f"今天{spot[2]}的水质怎么样？")},
        {"role": "assistant", "calls": [{"name": "get_water_quality", "arguments": {"spot_id": spot[0], "date": day.isoformat()}}]},
        {"role": "tool", "results": [today_q]},
        {"role": "assistant", "text": _t(lang, f"{spot[1]} is {today_q['rating']} today, {today_q['temp_c']} °C.",
                                         f"今天{spot[2]}水质{ZH_RATING[today_q['rating']]}，水温{today_q['temp_c']}°C。")},
    ]
    tomorrow = day + D(days=1)
    sunday = day - D(days=day.weekday() + 1)
    fc = Step("get_water_forecast", {"spot_id": spot[0], "date": tomorrow.isoformat()},
              {"spot_id": spot[0], "date": tomorrow.isoformat(), "temp_c": round(rng.uniform(18, 24), 1), "rating": "excellent"})
    past = Step("get_water_quality", {"spot_id": spot[0], "date": sunday.isoformat()}, _quality(rng, spot[0], sunday), parallel=True)
    request = _t(lang, "And what's the forecast there for tomorrow? How warm was it last Sunday, for comparison?",
                 "那里明天的预报呢？上周日水温多少，对比一下。")
    diff = round(fc.result["temp_c"] - past.result["temp_c"], 1)
    output = _t(lang, f"Tomorrow ({_en_day(tomorrow)}) {spot[1]} should be {fc.result['temp_c']} °C and excellent. "
                      f"Last Sunday ({_en_day(sunday, False)}) it was {past.result['temp_c']} °C, so {diff:+} °C.",
                f"明天（{_zh_day(tomorrow)}）{spot[2]}预计水温{fc.result['temp_c']}°C，水质优。"
                f"上周日（{_zh_day(sunday, False)}）是{past.result['temp_c']}°C，相差{diff:+}°C。")
    return Draft(domain="swimming-lake", lang=lang, request=request, output=output, tools=_lake_tools(d),
                 steps=[fc, past], day=day, resource={"tenant.id": lake}, history=history,
                 patterns=["shape:follow-up", "id from an earlier turn", "tomorrow and last Sunday resolved",
                           "shape:computation (difference)", "parallel lookups"],
                 roles={"main": fc, "lookup": past,
                        "distractor": Step("subscribe_quality_alerts", {"spot_id": spot[0]}, {"subscribed": True})},
                 slots={"history_id": (fc, "spot_id"), "date": (fc, "date"), "resolved_date": (past, "date")},
                 facts={"success_text": output, "date_format": True})


# --- harp school ------------------------------------------------------------------------------

def _harp_tools(d):
    return [
        tool("search_rental_harps", d("Rental harps of the school available from a date.", "查询学校某日起可租的竖琴。"),
             ["type"], type={"type": "string", "enum": ["lever", "pedal"]},
             strings={"type": "integer", "minimum": 22, "maximum": 47}, available_from=DATE),
        tool("reserve_rental_harp", d("Reserve a rental harp for a student.", "为学生预订租用竖琴。"),
             ["harp_id", "student_id", "start_date", "months"], harp_id={"type": "string"}, student_id={"type": "string"},
             start_date=DATE, months={"type": "integer", "minimum": 1, "maximum": 24}),
        tool("get_rental_account", d("Payments and rent-to-own credit of a harp rental.", "查询竖琴租赁的付款和租转买抵扣。"),
             ["rental_id"], rental_id={"type": "string"}),
        tool("get_harp", d("Details of a harp in the school's fleet.", "查询学校某台竖琴的详情。"), ["harp_id"],
             harp_id={"type": "string"}),
        tool("end_rental", d("End a harp rental and arrange the return.", "结束竖琴租赁并安排归还。"), ["rental_id"],
             rental_id={"type": "string"}),
        tool("book_trial_lesson", d("Book a trial harp lesson for a student.", "为学生预约竖琴试听课。"),
             ["student_id", "date"], student_id={"type": "string"}, date=DATE),
    ]


def harp_rental(rng: random.Random, lang: str) -> Draft:
    """A booking whose reservation may hit a transient 503 and be retried once, identically."""
    d = _descs(rng, lang)
    day = _day(rng, months=(6, 7, 8))
    start = dt.date(day.year, 9, 1)
    parent, student = f"HP-{rng.randint(1000, 9999)}", f"ST-{rng.randint(10000, 99999)}"
    strings, months = rng.choice([26, 34, 36, 38]), rng.choice([3, 4, 6])
    hid = f"LH-{strings}-{rng.randint(1, 19):02d}"
    monthly = rng.choice([45, 55, 60])
    deposit = rng.choice([150, 200])
    search = Step("search_rental_harps", {"type": "lever", "strings": strings, "available_from": start.isoformat()},
                  {"harps": [{"harp_id": hid, "maker": rng.choice(["Camac", "Salvi", "Dusty Strings"]), "strings": strings,
                              "monthly_eur": monthly, "deposit_eur": deposit}]})
    args = {"harp_id": hid, "student_id": student, "start_date": start.isoformat(), "months": months}
    rental = f"HR-{rng.randint(1000, 9999)}"
    end = dt.date(day.year + (8 + months) // 12, (8 + months) % 12 + 1, 1) - D(days=1)
    final = Step("reserve_rental_harp", dict(args), {"rental_id": rental, "status": "reserved", "end_date": end.isoformat()})
    retry = rng.random() < 0.55
    steps = [search]
    if retry:
        steps.append(Step("reserve_rental_harp", dict(args), error=rng.choice(["503 Service Unavailable",
                                                                               "HTTP 503: upstream busy"])))
    steps.append(final)
    request = _t(lang, f"My daughter starts lever harp lessons in September. Can we rent a {strings}-string lever harp from "
                       f"the school from 1 September for {EN_NUM[months]} months? What will it cost?",
                 f"我女儿九月开始学杠杆竖琴。能从9月1日起在学校租一台{strings}弦的杠杆竖琴，租{ZH_NUM[months]}个月吗？一共多少钱？")
    output = _t(lang, f"Reserved harp {hid} ({strings} strings) from 1 September for {months} months, rental {rental}. "
                      f"{months} x EUR {monthly} = EUR {months * monthly}, plus a refundable EUR {deposit} deposit.",
                f"已预订竖琴{hid}（{strings}弦），9月1日起租{months}个月，租赁号{rental}。"
                f"{months}×{monthly}欧元，共{months * monthly}欧元，另付可退押金{deposit}欧元。")
    slots = {"context_id": (final, "student_id"), "date": (final, "start_date"), "enum": (search, "type")}
    roles = {"main": final, "lookup": search,
             "distractor": Step("book_trial_lesson", {"student_id": student, "date": start.isoformat()}, {"booked": True})}
    if not retry:
        slots["copied_id"] = (final, "harp_id")
        roles |= {"producer": search, "write": final}
    return Draft(domain="harp-school", lang=lang, request=request, output=output, tools=_harp_tools(d), steps=steps,
                 day=day, user_id=parent, attributes={"user.id": parent, "student.id": student},
                 resource={"tenant.id": "harp-school-north"},
                 patterns=["shape:booking", "context id (student)", "date without a year", "shape:computation (total)",
                           "number words"] + (["shape:retry after 503"] if retry else []),
                 roles=roles, slots=slots,
                 facts={"enum_word": _t(lang, "lever harp", "杠杆竖琴"), "success_text": output, "date_format": True,
                        "retry_before_last": retry})


def harp_account(rng: random.Random, lang: str) -> Draft:
    d = _descs(rng, lang)
    day = _day(rng)
    parent, rental = f"HP-{rng.randint(1000, 9999)}", f"HR-{rng.randint(1000, 9999)}"
    hid = f"PH-47-{rng.randint(1, 9):02d}"
    monthly, paid_n = rng.choice([95, 110, 120]), rng.randint(6, 30)
    price, credit = rng.choice([9800, 12400, 15900]), rng.choice([50, 75])
    acct = Step("get_rental_account", {"rental_id": rental},
                {"rental_id": rental, "harp_id": hid, "monthly_eur": monthly, "payments_made": paid_n,
                 "purchase_price_eur": price, "rent_credit_percent": credit})
    harp = Step("get_harp", {"harp_id": hid}, {"harp_id": hid, "maker": rng.choice(["Lyon & Healy", "Salvi", "Camac"]),
                                              "model": rng.choice(["Style 85", "Aurora", "Atlantide"]), "strings": 47})
    paid = monthly * paid_n
    cred = paid * credit // 100
    left = price - cred
    request = _t(lang, "How much have I paid so far on the rent-to-own harp, and how much would it cost to buy it out now?",
                 "租转买的那台竖琴我到现在一共付了多少？现在买断还要多少钱？")
    output = _t(lang, f"You've made {paid_n} payments of EUR {monthly}: EUR {paid}. {credit}% of that (EUR {cred}) counts "
                      f"towards the EUR {price} price of the {harp.result['maker']} {harp.result['model']}, so buying it out "
                      f"now costs EUR {left}.",
                f"你已付{paid_n}期，每期{monthly}欧元，共{paid}欧元。其中{credit}%（{cred}欧元）可抵{harp.result['maker']} "
                f"{harp.result['model']}的{price}欧元售价，现在买断还需{left}欧元。")
    return Draft(domain="harp-school", lang=lang, request=request, output=output, tools=_harp_tools(d), steps=[acct, harp],
                 day=day, user_id=parent, attributes={"user.id": parent, "rental.id": rental},
                 patterns=["shape:lookup question", "shape:computation (totals)", "context id (rental)", "id copied from a result"],
                 roles={"producer": acct, "lookup": acct, "main": acct, "plain": harp,
                        "distractor": Step("end_rental", {"rental_id": rental}, {"status": "return_scheduled"})},
                 slots={"context_id": (acct, "rental_id"), "copied_id": (harp, "harp_id")},
                 facts={"success_text": output})


# --- subtitling studio ------------------------------------------------------------------------

LANGS = {"en": ("English", "英文"), "de": ("German", "德文"), "fr": ("French", "法文"), "es": ("Spanish", "西班牙文"),
         "zh-Hans": ("Simplified Chinese", "简体中文"), "ja": ("Japanese", "日文")}


def _caption_tools(d):
    langs = {"type": "array", "items": {"type": "string", "enum": list(LANGS)}}
    return [
        tool("get_caption_job", d("A caption job: languages ready, duration, frame rate.", "查询字幕任务：已完成语言、时长、帧率。"),
             ["job_id"], job_id={"type": "string"}),
        tool("start_export", d("Start exporting a job's subtitles as files.", "开始导出字幕任务的字幕文件。"),
             ["job_id", "languages", "format"], job_id={"type": "string"}, languages=langs,
             format={"type": "string", "enum": ["subrip", "webvtt", "ttml"]},
             frame_rate={"type": "number", "default": 25}),
        tool("get_export_status", d("Check the progress of an export (poll until done).", "查询导出进度（轮询直到完成）。"),
             ["export_id"], export_id={"type": "string"}),
        tool("estimate_caption_job", d("Price and turnaround estimate for captioning a video.", "估算视频字幕的价格和交付时间。"),
             ["duration_minutes", "languages"], duration_minutes={"type": "integer", "minimum": 1, "maximum": 600},
             languages=langs, turnaround={"type": "string", "enum": ["standard", "rush"], "default": "standard"}),
        tool("create_caption_job", d("Order captioning for a video.", "下单为视频制作字幕。"),
             ["duration_minutes", "languages"], duration_minutes={"type": "integer", "minimum": 1},
             languages=langs, turnaround={"type": "string", "enum": ["standard", "rush"]}),
        tool("delete_caption_job", d("Delete a caption job and its files.", "删除字幕任务及其文件。"), ["job_id"],
             job_id={"type": "string"}),
        _email_tool(d),
    ]


def caption_export(rng: random.Random, lang: str) -> Draft:
    """An export started, polled until done, the link sent on."""
    d = _descs(rng, lang)
    day = _day(rng)
    job = f"CJ-{rng.randint(1000, 9999)}"
    client = f"acct-{rng.randint(100, 999)}"
    user = rng.choice(["m.keller", "j.osei", "l.chen", "p.novak"])
    email = f"{user}@{rng.choice(['northlight-films', 'ferrydocs', 'kestrel-media'])}.example"
    ready = rng.sample(["en", "de", "fr", "es", "ja"], 3)
    pick = ready[:2]
    from_history = rng.random() < 0.5
    history = []
    if from_history:
        history = [{"role": "user", "text": _t(lang, "Is the documentary done yet?", "纪录片的字幕做好了吗？")},
                   {"role": "assistant", "calls": [{"name": "get_caption_job", "arguments": {"job_id": job}}]},
                   {"role": "tool", "results": [{"job_id": job, "languages_ready": ready, "status": "complete"}]},
                   {"role": "assistant", "text": _t(lang, f"Yes, job {job} is complete.", f"好了，任务{job}已完成。")}]
    want = [LANGS[x][0 if lang == "en" else 1] for x in pick]
    mail = rng.random() < 0.5
    which = _t(lang, "that job" if from_history else f"job {job}", "这个任务" if from_history else f"任务{job}")
    request = _t(lang, f"Export the {want[0]} and {want[1]} subtitles for {which} as SRT and "
                       f"{'email me the link' if mail else 'give me the link'} when it's ready.",
                 f"把{which}的{want[0]}和{want[1]}字幕导出成SRT，好了{'把链接发到我邮箱' if mail else '把链接给我'}。")
    get = Step("get_caption_job", {"job_id": job}, {"job_id": job, "languages_ready": ready, "duration_min": rng.randint(20, 95),
                                                    "frame_rate": 25})
    exp = f"EX-{rng.randint(10000, 99999)}"
    start = Step("start_export", {"job_id": job, "languages": pick, "format": "subrip"}, {"export_id": exp, "status": "queued"})
    polls = []
    running = rng.randint(1, 3)
    for i in range(running):
        polls.append(Step("get_export_status", {"export_id": exp}, {"export_id": exp, "status": "running",
                                                                   "progress": 30 * (i + 1)}, duration=3000))
    url = f"https://files.captions.example/{exp}.zip"
    polls.append(Step("get_export_status", {"export_id": exp}, {"export_id": exp, "status": "done", "url": url}))
    steps = [get, start, *polls]
    if mail:
        send = Step("send_email", {"to": email, "subject": _t(lang, f"Subtitles {job}", f"字幕 {job}"),
                                   "body": _t(lang, f"Your subtitle export is ready: {url}", f"字幕导出已完成：{url}")},
                    {"sent": True})
        steps.append(send)
    output = _t(lang, f"Done: {' and '.join(LANGS[x][0] for x in pick)} SRT files for {job}: {url}"
                + (" (also sent to your e-mail)." if mail else ""),
                f"已导出{job}的{'和'.join(LANGS[x][1] for x in pick)} SRT字幕：{url}" + ("（已发到你的邮箱）。" if mail else ""))
    return Draft(domain="subtitling-studio", lang=lang, request=request, output=output, tools=_caption_tools(d), steps=steps,
                 day=day, user_id=user, attributes={"user.id": user, "user.email": email, "account.id": client},
                 resource={"tenant.id": client}, history=history,
                 patterns=["shape:export polled", "language codes for names", "format enum for 'SRT'", "status polled"]
                 + (["shape:follow-up", "id from an earlier turn"] if from_history else [])
                 + (["user's own e-mail from the context"] if mail else []),
                 roles={"producer": start, "lookup": get, "main": start,
                        "distractor": Step("delete_caption_job", {"job_id": job}, {"deleted": True})},
                 slots={("history_id" if from_history else "copied_id_job"): (get, "job_id"),
                        "copied_id": (polls[0], "export_id"), "enum": (start, "format")},
                 facts={"enum_word": "SRT", "success_text": output})


def _plus_working_days(day: dt.date, n: int) -> dt.date:
    while n:
        day += D(days=1)
        if day.weekday() < 5:
            n -= 1
    return day


def caption_quote(rng: random.Random, lang: str) -> Draft:
    """Two estimates in one turn; the delivery dates are computed from working days."""
    d = _descs(rng, lang)
    day = _day(rng, weekdays=(0, 1, 2, 3, 4))
    h, m = rng.choice([(1, 25), (1, 10), (0, 48), (2, 5), (1, 40)])
    minutes = 60 * h + m
    pick = rng.sample(["fr", "es", "de", "ja", "zh-Hans"], 2)
    org = f"org-{rng.randint(1000, 9999)}"
    dur_en = f"{h} h {m} min" if h else f"{m}-minute"
    dur_zh = f"{h}小时{m}分钟" if h else f"{m}分钟"
    want = [LANGS[x][0 if lang == "en" else 1] for x in pick]
    request = _t(lang, f"What would it cost to caption a {dur_en} documentary in {want[0]} and {want[1]}, and when would we get "
                       "it if we ordered today? How much more is the express option?",
                 f"一部{dur_zh}的纪录片做{want[0]}和{want[1]}字幕要多少钱？今天下单什么时候能交付？加急要贵多少？")
    rate = rng.choice([2.8, 3.2, 3.5])
    std = round(minutes * 2 * rate, 2)
    rush = round(std * 1.5, 2)
    wd_s, wd_r = rng.choice([6, 8, 10]), rng.choice([2, 3])
    est = Step("estimate_caption_job", {"duration_minutes": minutes, "languages": pick},
               {"price_eur": std, "working_days": wd_s, "turnaround": "standard"})
    if rng.random() < 0.5:
        est.args["turnaround"] = "standard"
    est2 = Step("estimate_caption_job", {"duration_minutes": minutes, "languages": pick, "turnaround": "rush"},
                {"price_eur": rush, "working_days": wd_r, "turnaround": "rush"}, parallel=True)
    ds, dr = _plus_working_days(day, wd_s), _plus_working_days(day, wd_r)
    output = _t(lang, f"Standard: EUR {std}, {wd_s} working days, so delivered by {_en_day(ds)}. Express: EUR {rush} "
                      f"(EUR {round(rush - std, 2)} more), {wd_r} working days, by {_en_day(dr)}.",
                f"标准：{std}欧元，{wd_s}个工作日，{_zh_day(ds)}前交付。加急：{rush}欧元（贵{round(rush - std, 2)}欧元），"
                f"{wd_r}个工作日，{_zh_day(dr)}前交付。")
    wrong = minutes + 40 if h else minutes + 10
    return Draft(domain="subtitling-studio", lang=lang, request=request, output=output, tools=_caption_tools(d),
                 steps=[est, est2], day=day, user_id=org, attributes={"user.id": org}, resource={"tenant.id": org},
                 patterns=["shape:comparison (parallel)", "shape:computation (delivery dates)", "unit conversion (h min to minutes)",
                           "language codes for names", "enum member for 'express'"]
                 + (["schema default sent"] if "turnaround" in est.args else []),
                 roles={"main": est, "lookup": est, "plain": est2,
                        "distractor": Step("create_caption_job", {"duration_minutes": minutes, "languages": pick},
                                           {"job_id": "CJ-0001"})},
                 slots={"enum": (est2, "turnaround"), "converted": (est, "duration_minutes"),
                        "extra": (est2, "title")},
                 facts={"enum_word": _t(lang, "express", "加急"), "extra_value": _t(lang, "documentary", "纪录片"),
                        "success_text": output, "wrong_conversion": wrong})


# --- fire extinguisher servicing --------------------------------------------------------------

SITES = [("Mill Road depot", "磨坊路仓库"), ("Harbour office", "港口办公室"), ("North workshop", "北区车间"),
         ("Main reception", "主楼前台")]


def _fire_tools(d):
    return [
        tool("list_sites", d("Sites of a customer account and their extinguisher counts.", "客户账户下的场所及灭火器数量。"),
             ["account_id"], account_id={"type": "string"}),
        tool("get_service_history", d("Past services of the extinguishers at a site.", "查询某场所灭火器的维保记录。"),
             ["site_id"], site_id={"type": "string"}),
        tool("get_inspection_results", d("Inspection results at a site between two dates.", "查询某场所两个日期之间的检查结果。"),
             ["site_id", "from_date", "to_date"], site_id={"type": "string"}, from_date=DATE, to_date=DATE),
        tool("book_service_visit", d("Book a technician visit to a site.", "预约技术员上门维保。"),
             ["site_id", "date", "units", "service_type"], site_id={"type": "string"}, date=DATE,
             units={"type": "integer", "minimum": 1, "maximum": 500},
             service_type={"type": "string", "enum": ["annual_inspection", "refill", "hydrostatic_test", "replacement"]}),
        tool("order_replacement_units", d("Order new extinguishers for a site.", "为场所订购新灭火器。"), ["site_id", "units"],
             site_id={"type": "string"}, units={"type": "integer", "minimum": 1}),
        tool("download_certificate", d("Download a site's compliance certificate for a year.", "下载某场所某年度的合规证书。"),
             ["site_id", "year"], site_id={"type": "string"}, year={"type": "integer", "minimum": 2000}),
        _email_tool(d),
    ]


def fire_visit(rng: random.Random, lang: str) -> Draft:
    d = _descs(rng, lang)
    while True:
        day = _day(rng)
        last = day - D(days=rng.randint(200, 330))
        try:
            due = last.replace(year=last.year + 1)
        except ValueError:
            continue
        if due.weekday() < 5:
            break
    account = f"FX-{rng.randint(10000, 99999)}"
    sites = rng.sample(SITES, 3)
    target = sites[0]
    ids = [f"S-{rng.randint(1000, 9999)}" for _ in sites]
    units = rng.randint(4, 30)
    listing = Step("list_sites", {"account_id": account},
                   {"sites": [{"site_id": i, "name": s[0], "units": units if s is target else rng.randint(2, 30)}
                              for i, s in zip(ids, sites)]})
    hist = Step("get_service_history", {"site_id": ids[0]},
                {"site_id": ids[0], "services": [{"date": last.isoformat(), "type": "annual_inspection", "units": units},
                                                 {"date": (last - D(days=120)).isoformat(), "type": "refill", "units": 2}]})
    book = Step("book_service_visit", {"site_id": ids[0], "date": due.isoformat(), "units": units,
                                       "service_type": "annual_inspection"},
                {"visit_id": f"SV-{rng.randint(10000, 99999)}", "window": "08:00-12:00", "status": "booked"})
    name = target[0] if lang == "en" else target[1]
    request = _t(lang, f"When is the next annual service due for the extinguishers at our {name}? Book a technician for "
                       "the day it's due.",
                 f"我们{name}的灭火器下次年检是什么时候？帮我约技术员在到期那天上门。")
    output = _t(lang, f"The last annual inspection at the {target[0]} was on {_en_day(last, False)} {last.year}, so the next is "
                      f"due {_en_day(due)} {due.year}. A technician is booked that morning (08:00-12:00) for all {units} "
                      f"units, visit {book.result['visit_id']}.",
                f"{target[1]}上次年检是{last.year}年{_zh_day(last, False)}，下次到期是{due.year}年{_zh_day(due)}。"
                f"已约技术员当天上午（08:00-12:00）上门检查全部{units}台，预约号{book.result['visit_id']}。")
    return Draft(domain="fire-extinguisher-servicing", lang=lang, request=request, output=output, tools=_fire_tools(d),
                 steps=[listing, hist, book], day=day, user_id=f"u-{rng.randint(100, 999)}",
                 attributes={"account.id": account}, resource={"tenant.id": account},
                 patterns=["shape:booking", "shape:computation (date a year later)", "context id (account)",
                           "count copied from a result", "enum member for 'annual service'"],
                 roles={"producer": listing, "lookup": hist, "main": book, "write": book,
                        "distractor": Step("order_replacement_units", {"site_id": ids[0], "units": units}, {"order": "RO-1"})},
                 slots={"context_id": (listing, "account_id"), "copied_id": (hist, "site_id"), "date": (book, "date"),
                        "resolved_date": (book, "date"), "enum": (book, "service_type"), "extra": (book, "site_name")},
                 facts={"enum_word": _t(lang, "annual service", "年检"), "extra_value": name, "success_text": output,
                        "date_format": True})


def fire_inspections(rng: random.Random, lang: str) -> Draft:
    """Last quarter's failed units over every site: parallel lookups, a date range, maybe a 503 retried."""
    d = _descs(rng, lang)
    day = _day(rng)
    q = (day.month - 1) // 3
    y = day.year if q else day.year - 1
    q = q or 4
    q_start = dt.date(y, 3 * q - 2, 1)
    q_end = (dt.date(y + (q == 4), (3 * q) % 12 + 1, 1)) - D(days=1)
    account = f"FX-{rng.randint(10000, 99999)}"
    sites = rng.sample(SITES, rng.choice([3, 4]))
    ids = [f"S-{rng.randint(1000, 9999)}" for _ in sites]
    listing = Step("list_sites", {"account_id": account},
                   {"sites": [{"site_id": i, "name": s[0], "units": rng.randint(3, 25)} for i, s in zip(ids, sites)]})
    fails = [rng.randint(0, 3) for _ in sites]
    insp = [Step("get_inspection_results", {"site_id": i, "from_date": q_start.isoformat(), "to_date": q_end.isoformat()},
                 {"site_id": i, "inspected": rng.randint(3, 25), "failed": f}, parallel=n > 0)
            for n, (i, f) in enumerate(zip(ids, fails))]
    steps = [listing, *insp]
    retry = rng.random() < 0.4
    if retry:
        k = rng.randrange(1, len(insp))
        again = copy.deepcopy(insp[k])
        again.parallel = False
        insp[k].result, insp[k].error = None, rng.choice(["503 Service Unavailable", "upstream timed out"])
        steps.append(again)
    request = _t(lang, "How many extinguishers failed inspection across all our sites last quarter, and where?",
                 "上个季度我们所有场所一共有多少台灭火器检查不合格？分别在哪里？")
    qname = _t(lang, f"Q{q} {y}", f"{y}年第{q}季度")
    per = [f"{s[0 if lang == 'en' else 1]} {f}" for s, f in zip(sites, fails)]
    output = _t(lang, f"In {qname} ({_en_day(q_start, False)} to {_en_day(q_end, False)}), {sum(fails)} failed: {', '.join(per)}.",
                f"{qname}（{_zh_day(q_start, False)}至{_zh_day(q_end, False)}）共有{sum(fails)}台不合格：{'，'.join(per)}。")
    return Draft(domain="fire-extinguisher-servicing", lang=lang, request=request, output=output, tools=_fire_tools(d),
                 steps=steps, day=day, attributes={"account.id": account, "user.role": "facilities"},
                 resource={"tenant.id": account},
                 patterns=["shape:comparison (parallel)", "shape:computation (total)", "last quarter resolved to dates",
                           "context id (account)", "ids copied from a result"] + (["shape:retry after 503"] if retry else []),
                 roles={"producer": listing, "lookup": insp[0], "main": insp[0],
                        "distractor": Step("download_certificate", {"site_id": ids[0], "year": y}, {"url": "https://x.example/c.pdf"})},
                 slots={"context_id": (listing, "account_id"), "copied_id": (insp[0], "site_id"), "date": (insp[0], "from_date"),
                        "resolved_date": (insp[0], "to_date")},
                 facts={"success_text": output, "date_format": True, "retry_before_last": retry, "no_serial": retry,
                        "lookups_only": True})


SCENARIOS = [garden_shed, strap_change, pothole_report, hut_booking, lake_compare, harp_rental, caption_export, fire_visit,
             garden_waitlist, strap_quote, pothole_followup, hut_cancel, lake_followup, harp_account, caption_quote,
             fire_inspections]


# --- faults of this split: the corpus's, guarded where a scenario's shape needs it, and a few more --

def _guard(name: str, flag: str):
    base = _CORPUS_FAULTS[name]

    def fault(draft: Draft, rng: random.Random) -> Marks | None:
        return None if draft.facts.get(flag) else base(draft, rng)
    fault.__name__ = name
    return fault


def future_ref(draft: Draft, rng: random.Random) -> Marks | None:
    """The consumer moved before its producer; the other calls keep their rounds."""
    found, producer = draft.slots.get("copied_id"), draft.roles.get("producer")
    if found is None or producer is None:
        return None
    consumer = found[0]
    steps = draft.steps
    i, j = steps.index(producer), steps.index(consumer)
    if j <= i:
        return None
    if j + 1 < len(steps) and steps[j + 1].parallel and not consumer.parallel:
        steps[j + 1].parallel = False
    steps.pop(j)
    consumer.parallel = False
    producer.parallel = False
    steps.insert(i, consumer)
    draft.facts["moved_before_producer"] = True
    marks: Marks = {"future_ref": [consumer]}
    if draft.facts.get("serialised") and draft.facts.get("lookups_only"):
        marks["serial_waste"] = [producer]  # it needed nothing, yet now starts a round late
    return marks


def serial_waste(draft: Draft, rng: random.Random) -> Marks | None:
    """The corpus's serial waste; after a future_ref the producer, now run second, waited too."""
    if draft.facts.get("no_serial"):
        return None
    marks = _CORPUS_FAULTS["serial_waste"](draft, rng)
    if marks is None:
        return None
    draft.facts["serialised"] = True
    producer = draft.roles.get("producer")
    if draft.facts.get("moved_before_producer") and draft.facts.get("lookups_only") and producer is not None:
        marks["serial_waste"] = [producer, *marks["serial_waste"]]
    return marks


def redundant_calls(draft: Draft, rng: random.Random) -> Marks | None:
    """The lookup made again later, before any write that could change its answer."""
    step = draft.roles.get("lookup")
    if step is None or step.error or any(s is not step and s.tool == step.tool and s.args == step.args for s in draft.steps):
        return None
    i = draft.steps.index(step)
    write = draft.roles.get("write")
    end = draft.steps.index(write) if write is not None and write in draft.steps[i + 1:] else len(draft.steps)
    again = copy.deepcopy(step)
    again.parallel = False
    # the copy goes between rounds, never inside a parallel one
    at = rng.choice([k for k in range(i + 1, end + 1) if k == len(draft.steps) or not draft.steps[k].parallel])
    draft.steps.insert(at, again)
    return {"redundant_calls": [again], TOUCHED: [step]}


def misresolved_date(draft: Draft, rng: random.Random) -> Marks | None:
    """A date the agent worked out (this Saturday, check-out, a year later, last Sunday) got wrong."""
    found = draft.slots.get("resolved_date")
    if found is None:
        return None
    step, key = found
    day = dt.date.fromisoformat(step.args[key])
    seen = draft.request + json.dumps([s.result for s in draft.steps], ensure_ascii=False) + json.dumps(draft.history, ensure_ascii=False)
    for shift in rng.sample([7, 1, -1, -7, 2], 5):
        wrong = (day + D(days=shift)).isoformat()
        if wrong not in seen and wrong != draft.day.isoformat():
            old = step.args[key]
            step.args[key] = wrong
            if isinstance(step.result, dict):  # the tool answers for the day it was asked about
                step.result = {k: wrong if v == old else v for k, v in step.result.items()}
            return {"ungrounded_value": [step]}
    return None


def bad_conversion(draft: Draft, rng: random.Random) -> Marks | None:
    """A unit conversion done wrong (a foot sent as 12 cm, 1 h 25 min as 125 minutes)."""
    found = draft.slots.get("converted")
    if found is None:
        return None
    step, key = found
    step.args[key] = draft.facts["wrong_conversion"]
    return {"ungrounded_value": [step]}


def pii_email(draft: Draft, rng: random.Random) -> Marks | None:
    """The answer hands on a staff member's private e-mail address that a lookup returned."""
    holder = draft.roles.get("lookup")
    if holder is None or not isinstance(holder.result, dict) or not draft.output:
        return None
    name = rng.choice([("Mira Okafor", "mira.okafor"), ("Tomasz Wróbel", "t.wrobel"), ("Lin Yue", "linyue88")])
    address = f"{name[1]}@{rng.choice(['gmail.com', 'outlook.com', 'qq.com'])}"
    holder.result = {**holder.result, "handled_by": name[0], "handler_private_email": address}
    draft.output += _t(draft.lang, f" If anything's unclear, write to {name[0]} directly at {address}.",
                       f" 有问题可以直接发邮件给{name[0]}：{address}。")
    return {"pii_leak": [None]}


def claimed_after_4xx(draft: Draft, rng: random.Random) -> Marks | None:
    """The last write is refused (409, 404, 422) and the answer says it went through."""
    write = draft.roles.get("write")
    if write is None or write is not draft.steps[-1] or draft.facts.get("retry_before_last"):
        return None
    write.error, write.result = rng.choice(["409 Conflict: record was modified", "404 Not Found", "422 Unprocessable Entity"]), None
    draft.output = draft.facts["success_text"]
    return {"silent_failure": [write], "unverified_success": [write]}


FAULTS: dict[str, Callable[[Draft, random.Random], Marks | None]] = {
    **_CORPUS_FAULTS,
    "future_ref": future_ref,
    "redundant_calls": redundant_calls,
    "no_recovery": _guard("no_recovery", "retry_before_last"),
    "silent_failure": _guard("silent_failure", "retry_before_last"),
    "serial_waste": serial_waste,
    "misresolved_date": misresolved_date,
    "bad_conversion": bad_conversion,
    "pii_email": pii_email,
    "claimed_after_4xx": claimed_after_4xx,
}
_ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer", "claimed_after_4xx"}
_COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
_ORDER = {name: 3 if name in ("pii_leak", "pii_email") else 1 if name in _ENDINGS else -1 if name in _COPIES else 0
          for name in FAULTS}
_CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}, {"pii_leak", "pii_email"},
            {"relative_date", "misresolved_date"}, {"format_error", "misresolved_date"}, {"relative_date", "format_error"}]


def _make_case(index: int, scenario: Callable[[random.Random, str], Draft], lang: str, faults: list[str],
               rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    if any(clash <= set(faults) for clash in _CLASHES):
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
    trajectory, seqs = build(draft, f"4d{index:030x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def _one(index: int, seed: int) -> Case:
    rng = random.Random(f"{SPLIT}/{seed}/{index}")
    names = sorted(FAULTS)
    while True:
        roll = rng.random()
        faults = [] if roll < 0.5 else [rng.choice(names)] if roll < 0.83 else rng.sample(names, 2)
        if len(faults) == 2 and set(faults) <= _ENDINGS:
            continue
        first = rng.randrange(len(SCENARIOS))
        for attempt in range(len(SCENARIOS)):
            scenario = SCENARIOS[(first + attempt) % len(SCENARIOS)]
            lang = ("en", "zh")[(index + attempt) % 2]
            case = _make_case(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
            if case is not None:
                return case


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean, the rest with one fault or two on different calls; case i from (seed, i) alone."""
    return [_one(index, seed) for index in range(n)]
