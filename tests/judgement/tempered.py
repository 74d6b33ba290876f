"""The tempered split: agent traffic of a skate park (lessons, session passes), a makerspace (machine
time, filament orders), a chess club (ratings, tournament entries), a theatre's costume hire, a local
newspaper's classified ads, tea-tasting workshops, a drone survey service (roofs and fields) and
firewood deliveries, written by a twenty-fourth helper who read neither the evaluators, their
calibration nor any other split. It must not be read when tuning the evaluators, or it stops being
unseen.

Shapes: bookings; questions answered by lookups; comparisons of options (parallel calls in one
model turn); changes and cancellations of existing records; computations the agent does from results
(totals with a discount, end times, the day after an expiry, a day later than a fitting, hectares and
亩 in square metres); follow-ups of earlier turns (history carries the earlier calls and results);
an export polled to completion with a status tool; a retry after a transient 503 that then succeeds;
context values (user.id, tenant and account ids on the root span's attributes or resource). English
and Chinese requests, some with tool descriptions in the other language.

Each case is drawn from its own generator seeded by (seed, index), so changing one case leaves the
others as they were.
"""
from __future__ import annotations

import copy
import datetime as dt
import random
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

from tests.judgement.corpus import (FAULTS as CORPUS_FAULTS, TOUCHED, Case, Draft, Marks, Step, build,
                                    tool)

SPLIT = "tempered"
DAY0 = dt.date(2025, 2, 3)


# --- small helpers ------------------------------------------------------------------------------

def _pick(lang: str) -> Callable[[str, str], str]:
    return lambda en, zh: en if lang == "en" else zh


def _dlang(rng: random.Random, lang: str) -> str:
    """The language of the tool descriptions: mostly the request's, sometimes the other one."""
    if lang == "en":
        return "en" if rng.random() < 0.75 else "zh"
    return "zh" if rng.random() < 0.5 else "en"


def _day(rng: random.Random, weekdays: tuple[int, ...] = tuple(range(7))) -> dt.date:
    day = DAY0 + dt.timedelta(days=rng.randint(20, 300))
    while day.weekday() not in weekdays:
        day += dt.timedelta(days=1)
    return day


def _num(rng: random.Random, prefix: str, digits: int = 5) -> str:
    return f"{prefix}{rng.randint(10 ** (digits - 1), 10 ** digits - 1)}"


def _money(value: Decimal | float) -> float:
    return float(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def _en_date(day: dt.date) -> str:
    return f"{day.day} {day:%B}"


def _zh_date(day: dt.date) -> str:
    return f"{day.month}月{day.day}日"


ZH_WEEKDAY = "一二三四五六日"
EN_WEEKDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _send_email() -> object:
    return tool("send_email", "Send an e-mail on the customer's behalf.", ["to", "subject", "body"],
                to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"})


# --- scenarios: each drafts one clean run -------------------------------------------------------

def skate_lesson(rng: random.Random, lang: str) -> Draft:
    """Booking: a lesson this Saturday afternoon, level from the user's words, member id from context."""
    t, dl = _pick(lang), _dlang(rng, lang)
    d = _pick(dl)
    day = _day(rng, (0, 1, 2, 3))
    sat = day + dt.timedelta(days=5 - day.weekday())
    age, name = rng.choice([(8, "Leo"), (9, "Sam"), (11, "Noah"), (13, "Max")])
    member = _num(rng, "SKM-")
    s1, s2 = _num(rng, "SL-", 4), _num(rng, "SL-", 4)
    booking = _num(rng, "LB-")
    price = rng.choice([18.0, 22.0, 25.0])
    tools = [
        tool("list_lesson_slots", d("List the skate lesson slots on a date for one level.", "按日期和级别列出滑板课时段。"),
             ["date", "level"], date={"type": "string", "format": "date", "description": "YYYY-MM-DD"},
             level={"type": "string", "enum": ["beginner", "intermediate", "advanced"]}),
        tool("book_lesson", d("Book a rider into a lesson slot.", "为学员预约一个课程时段。"),
             ["slot_id", "member_id", "rider_age"], slot_id={"type": "string"}, member_id={"type": "string"},
             rider_age={"type": "integer", "minimum": 4, "maximum": 80},
             board_rental={"type": "boolean", "default": False}),
        tool("get_park_hours", d("Opening hours of the skate park on a date.", "查询滑板公园某天的开放时间。"),
             ["date"], date={"type": "string", "format": "date"}),
        tool("buy_session_pass", d("Buy a session pass for a member.", "为会员购买场次卡。"), ["member_id", "pass_type"],
             member_id={"type": "string"}, pass_type={"type": "string", "enum": ["single", "ten_visit", "monthly"]}),
    ]
    request = t(f"Can you book my son {name} ({age}) into a first-timer lesson this Saturday afternoon? "
                "He'll need to rent a board.",
                f"帮我儿子{name}（{age}岁）约这周六下午的零基础滑板课，他需要租板。")
    lookup = Step("list_lesson_slots", {"date": sat.isoformat(), "level": "beginner"},
                  {"date": sat.isoformat(), "level": "beginner", "slots": [
                      {"slot_id": s1, "start": "10:00", "coach": "Maya", "spots_left": 3},
                      {"slot_id": s2, "start": "14:30", "coach": "Jonas", "spots_left": 2}]})
    book = Step("book_lesson", {"slot_id": s2, "member_id": member, "rider_age": age, "board_rental": True},
                {"booking_id": booking, "status": "confirmed", "start": f"{sat.isoformat()}T14:30",
                 "price": price, "currency": "GBP", "board_rental": True})
    output = t(f"Done: {name} is booked into the beginner lesson on Saturday {_en_date(sat)} at 14:30 with coach "
               f"Jonas (booking {booking}), board rental included. It's £{price:.2f}.",
               f"已为{name}预约{_zh_date(sat)}（周六）14:30的初级课，教练Jonas，含租板，预约号{booking}，费用£{price:.2f}。")
    return Draft(
        domain="skate_park", lang=lang, request=request, output=output, tools=tools, steps=[lookup, book],
        day=day, user_id=member, session_id=_num(rng, "sess-", 6), attributes={"user.id": member},
        resource={"service.namespace": "skatepark", "tenant.id": "rampside"},
        agent=("skate-desk", "2.3.1"),
        patterns=["relative date resolved from the trace's day", "enum member for the user's words",
                  "id from context", "id copied from an earlier result", "boolean from the request"],
        roles={"main": book, "write": book, "lookup": lookup, "producer": lookup, "plain": lookup,
               "distractor": Step("get_park_hours", {"date": sat.isoformat()}, {"open": "09:00", "close": "21:00"})},
        slots={"copied_id": (book, "slot_id"), "user_id": (book, "member_id"), "date": (lookup, "date"),
               "enum": (lookup, "level"), "extra": (book, "rider_name")},
        facts={"enum_word": t("first-timer", "零基础"), "extra_value": name, "date_format": False,
               "success_text": t(f"Done: {name} is booked for Saturday at 14:30.", f"已为{name}约好周六14:30的课。")})


def skate_pass(rng: random.Random, lang: str) -> Draft:
    """Computation: sessions left, and a monthly pass starting the day after the old one expires."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng)
    member = _num(rng, "SKM-")
    old_pass, new_pass = _num(rng, "PS-", 6), _num(rng, "PS-", 6)
    expires = day + dt.timedelta(days=rng.randint(3, 12))
    left = rng.randint(1, 3)
    runs_out = rng.random() < 0.75
    if not runs_out:
        expires = day + dt.timedelta(days=rng.randint(25, 60))
        left = rng.randint(5, 8)
    start = expires + dt.timedelta(days=1)
    tools = [
        tool("get_session_pass", d("Current session pass of a member: type, sessions left, expiry.",
                                   "查询会员当前的场次卡：类型、剩余次数、到期日。"), ["member_id"], member_id={"type": "string"}),
        tool("buy_session_pass", d("Buy a session pass for a member.", "为会员购买场次卡。"), ["member_id", "pass_type"],
             member_id={"type": "string"}, pass_type={"type": "string", "enum": ["single", "ten_visit", "monthly"]},
             start_date={"type": "string", "format": "date", "description": "first valid day, YYYY-MM-DD"},
             payment_method={"type": "string", "enum": ["card_on_file", "pay_at_desk"], "default": "card_on_file"}),
        tool("list_lesson_slots", d("List the skate lesson slots on a date for one level.", "按日期和级别列出滑板课时段。"),
             ["date", "level"], date={"type": "string", "format": "date"},
             level={"type": "string", "enum": ["beginner", "intermediate", "advanced"]}),
    ]
    request = t("How many sessions are left on my ten-visit pass? If it runs out in the next two weeks, buy me a "
                "monthly pass starting the day after it expires.",
                "我的十次卡还剩几次？如果两周内到期，就帮我买一张月卡，从到期后第二天开始。")
    lookup = Step("get_session_pass", {"member_id": member},
                  {"pass_id": old_pass, "type": "ten_visit", "sessions_left": left, "expires_on": expires.isoformat()})
    steps = [lookup]
    roles: dict[str, Step] = {"lookup": lookup, "plain": lookup, "main": lookup}
    slots: dict[str, tuple[Step, str]] = {"user_id": (lookup, "member_id")}
    if runs_out:
        valid_until = start + dt.timedelta(days=29)
        buy = Step("buy_session_pass", {"member_id": member, "pass_type": "monthly", "start_date": start.isoformat(),
                                        "payment_method": "card_on_file"},
                   {"pass_id": new_pass, "type": "monthly", "valid_from": start.isoformat(),
                    "valid_until": valid_until.isoformat(), "price": 45.0, "currency": "GBP", "status": "paid"})
        steps.append(buy)
        roles |= {"main": buy, "write": buy,
                  "distractor": Step("list_lesson_slots", {"date": start.isoformat(), "level": "beginner"},
                                     {"slots": []})}
        slots |= {"computed": (buy, "start_date"), "date": (buy, "start_date"), "enum": (buy, "pass_type")}
        output = t(f"You have {left} session(s) left and the pass expires on {_en_date(expires)}, so I bought a monthly "
                   f"pass ({new_pass}) valid {_en_date(start)}–{_en_date(valid_until)}, £45 charged to your card.",
                   f"十次卡还剩{left}次，{_zh_date(expires)}到期。已帮你买了月卡（{new_pass}），有效期"
                   f"{_zh_date(start)}至{_zh_date(valid_until)}，已从绑定的卡扣款£45。")
    else:
        output = t(f"You have {left} sessions left and the pass runs until {_en_date(expires)}, more than two weeks "
                   "away, so I haven't bought anything.",
                   f"十次卡还剩{left}次，{_zh_date(expires)}才到期，超过两周，所以暂时没有买月卡。")
    return Draft(
        domain="skate_park", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        user_id=member, attributes={"user.id": member}, resource={"tenant.id": "rampside"},
        agent=("skate-desk", "2.3.1"),
        patterns=["id from context", "date computed from a result (the day after expiry)", "schema default sent",
                  "enum member for the user's words"],
        roles=roles, slots=slots,
        facts={"enum_word": t("monthly pass", "月卡"), "extra_value": None, "date_format": False,
               "success_text": t("Your monthly pass is bought.", "月卡已经买好了。")})


def maker_machine(rng: random.Random, lang: str) -> Draft:
    """Booking with conversions: a date in the user's words, 6pm as 18:00, an hour and a half as 90 minutes."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng)
    target = day + dt.timedelta(days=rng.randint(3, 20))
    space = rng.choice(["MS-LDS-01", "MS-BRS-02", "MS-GLA-03"])
    member = _num(rng, "MK-", 4)
    machine, m_en, m_zh, word = rng.choice([
        ("laser_co2_60w", "the laser cutter", "激光切割机", t("laser cutter", "激光切割机")),
        ("bambu_x1c", "the Bambu printer", "拓竹3D打印机", t("Bambu printer", "拓竹3D打印机")),
        ("cnc_router", "the CNC router", "数控雕刻机", t("CNC router", "数控雕刻机"))])
    (s_en, s_zh, start_h), (l_en, l_zh, minutes) = (
        rng.choice([("6pm", "晚上6点", 18 * 60), ("10am", "上午10点", 10 * 60), ("2:30pm", "下午两点半", 14 * 60 + 30)]),
        rng.choice([("an hour and a half", "一个半小时", 90), ("two hours", "两个小时", 120), ("45 minutes", "45分钟", 45)]))
    start, end = f"{start_h // 60:02d}:{start_h % 60:02d}", f"{(start_h + minutes) // 60:02d}:{(start_h + minutes) % 60:02d}"
    reservation = _num(rng, "RSV-")
    material = t("3mm birch plywood", "3毫米桦木胶合板")
    machines = {"type": "string", "enum": ["laser_co2_60w", "bambu_x1c", "prusa_mk4", "cnc_router"]}
    tools = [
        tool("check_machine_availability", d("Free windows of one machine on a date.", "查询某台设备某天的空闲时段。"),
             ["space_id", "machine", "date"], space_id={"type": "string"}, machine=machines,
             date={"type": "string", "format": "date"}),
        tool("reserve_machine", d("Reserve machine time for a member.", "为会员预约设备使用时间。"),
             ["space_id", "machine", "date", "start_time", "duration_minutes", "member_id"],
             space_id={"type": "string"}, machine=machines, date={"type": "string", "format": "date"},
             start_time={"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$", "description": "HH:MM, 24-hour"},
             duration_minutes={"type": "integer", "minimum": 15, "maximum": 240}, member_id={"type": "string"}),
        tool("order_filament", d("Order filament spools for a member.", "为会员订购打印耗材。"),
             ["member_id", "material", "spools"], member_id={"type": "string"},
             material={"type": "string", "enum": ["PLA", "PETG", "ABS", "TPU"]},
             spools={"type": "integer", "minimum": 1, "default": 1}),
    ]
    request = t(f"Book {m_en} for me on {_en_date(target)} from {s_en} for {l_en}, I'm cutting {material}.",
                f"帮我预约{_zh_date(target)}{s_zh}的{m_zh}，用{l_zh}，要切{material}。")
    if machine != "laser_co2_60w":
        request = t(f"Book {m_en} for me on {_en_date(target)} from {s_en} for {l_en}.",
                    f"帮我预约{_zh_date(target)}{s_zh}的{m_zh}，用{l_zh}。")
        material = None
    check = Step("check_machine_availability", {"space_id": space, "machine": machine, "date": target.isoformat()},
                 {"machine": machine, "date": target.isoformat(),
                  "free": [{"from": "08:00", "to": "09:30"}, {"from": "09:30", "to": "21:30"}]})
    reserve = Step("reserve_machine", {"space_id": space, "machine": machine, "date": target.isoformat(),
                                       "start_time": start, "duration_minutes": minutes, "member_id": member},
                   {"reservation_id": reservation, "status": "confirmed", "ends_at": end,
                    "credits_charged": minutes // 15})
    output = t(f"Booked: {m_en} on {_en_date(target)}, {start}–{end} (reservation {reservation}, "
               f"{minutes // 15} credits).",
               f"已预约{_zh_date(target)} {start}–{end}的{m_zh}，预约号{reservation}，扣{minutes // 15}个积分。")
    slots = {"context_id": (check, "space_id"), "user_id": (reserve, "member_id"), "date": (reserve, "date"),
             "enum": (reserve, "machine")}
    if material:
        slots["extra"] = (reserve, "material")
    return Draft(
        domain="makerspace", lang=lang, request=request, output=output, tools=tools, steps=[check, reserve],
        day=day, user_id=member, attributes={"enduser.id": member}, resource={"tenant.id": space},
        agent=("maker-bot", "0.9.4"),
        patterns=["absolute date in the user's words as YYYY-MM-DD", "12-hour time as HH:MM",
                  "duration converted to minutes", "enum member for the user's words", "ids from context",
                  "end time computed in the answer"],
        roles={"main": reserve, "write": reserve, "lookup": check, "plain": check,
               "distractor": Step("order_filament", {"member_id": member, "material": "PLA", "spools": 1},
                                  {"order_id": _num(rng, "FO-")})},
        slots=slots,
        facts={"enum_word": word, "extra_value": material, "date_format": True,
               "success_text": t("Your machine time is booked.", "设备时间已经预约好了。")})


def maker_filament(rng: random.Random, lang: str) -> Draft:
    """Computation: spools × price less the member discount, charged to the account."""
    t, dl = _pick(lang), _dlang(rng, lang)
    d = _pick(dl)
    day = _day(rng)
    member = _num(rng, "MK-", 4)
    spools = rng.randint(2, 5)
    price = Decimal(rng.choice(["19.90", "24.50", "31.00"]))
    pct = rng.choice([5, 10, 15])
    amount = _money(spools * price * (100 - pct) / 100)
    colour_en, colour_zh = rng.choice([("black", "黑色"), ("white", "白色"), ("orange", "橙色")])
    colour = colour_en if dl == "en" or lang == "en" else colour_zh
    order = _num(rng, "FO-")
    tools = [
        tool("get_filament_price", d("Price per spool of a filament.", "查询耗材每卷价格。"), ["material", "diameter_mm"],
             material={"type": "string", "enum": ["PLA", "PETG", "ABS", "TPU"]},
             diameter_mm={"type": "number", "enum": [1.75, 2.85]}),
        tool("get_member_discount", d("A member's discount tier.", "查询会员折扣等级。"), ["member_id"],
             member_id={"type": "string"}),
        tool("order_filament", d("Place a filament order for a member (payment separate).", "为会员下耗材订单（另行付款）。"),
             ["member_id", "material", "spools"], member_id={"type": "string"},
             material={"type": "string", "enum": ["PLA", "PETG", "ABS", "TPU"]}, colour={"type": "string"},
             diameter_mm={"type": "number", "enum": [1.75, 2.85], "default": 1.75},
             spools={"type": "integer", "minimum": 1, "maximum": 20}),
        tool("charge_member_account", d("Charge an amount to a member's account.", "从会员账户扣款。"),
             ["member_id", "amount", "currency", "reference"], member_id={"type": "string"},
             amount={"type": "number", "exclusiveMinimum": 0}, currency={"type": "string", "pattern": "^[A-Z]{3}$"},
             reference={"type": "string"}),
        tool("list_classes", d("Upcoming makerspace induction classes.", "列出创客空间近期的入门培训课。"),
             category={"type": "string"}),
    ]
    request = t(f"Order {spools} spools of {colour_en} PETG, 1.75 mm, and charge it to my account with my member "
                "discount.",
                f"帮我订{spools}卷{colour_zh}PETG耗材，1.75毫米的，按会员折扣从我账户扣款。")
    price_step = Step("get_filament_price", {"material": "PETG", "diameter_mm": 1.75},
                      {"material": "PETG", "diameter_mm": 1.75, "price_per_spool": float(price), "currency": "EUR"})
    disc = Step("get_member_discount", {"member_id": member}, {"member_id": member, "tier": "maker",
                                                               "discount_pct": pct}, parallel=True)
    place = Step("order_filament", {"member_id": member, "material": "PETG", "colour": colour, "diameter_mm": 1.75,
                                    "spools": spools},
                 {"order_id": order, "status": "awaiting_payment", "unit_price": float(price), "currency": "EUR"})
    charge = Step("charge_member_account", {"member_id": member, "amount": amount, "currency": "EUR",
                                            "reference": order},
                  {"charged": True, "amount": amount, "currency": "EUR", "receipt": _num(rng, "RC-", 6)})
    output = t(f"Ordered {spools} × {colour_en} PETG 1.75 mm (order {order}). {spools} × €{price} = "
               f"€{_money(spools * price):.2f}, less your {pct}% discount: €{amount:.2f}, charged to your account.",
               f"已下单{spools}卷{colour_zh}PETG 1.75毫米（订单{order}）。{spools}×€{price}=€{_money(spools * price):.2f}，"
               f"会员{pct}%折扣后€{amount:.2f}，已从账户扣款。")
    return Draft(
        domain="makerspace", lang=lang, request=request, output=output, tools=tools,
        steps=[price_step, disc, place, charge], day=day, user_id=member, attributes={"enduser.id": member},
        resource={"tenant.id": "MS-LDS-01"}, agent=("maker-bot", "0.9.4"),
        patterns=["parallel independent lookups", "amount computed from results (discounted total)",
                  "currency copied from a result", "id copied from an earlier result", "id from context",
                  "colour in the tool's language"],
        roles={"main": place, "write": charge, "lookup": price_step, "producer": place, "plain": disc,
               "distractor": Step("list_classes", {}, {"classes": [{"title": "Laser cutter induction"}]})},
        slots={"copied_id": (charge, "reference"), "user_id": (place, "member_id"), "computed": (charge, "amount"),
               "currency": (charge, "currency")},
        facts={"enum_word": None, "extra_value": None, "date_format": False,
               "success_text": t(f"Ordered and charged €{amount:.2f} to your account.", f"已下单并扣款€{amount:.2f}。")})


def chess_rating(rng: random.Random, lang: str) -> Draft:
    """A question answered by two parallel lookups; 'this year' as 1 January of the trace's year."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng)
    while day.month < 4:
        day += dt.timedelta(days=60)
    player = _num(rng, "CC-", 4)
    rating = rng.randint(1350, 2050)
    events = [("Winter Rapidplay", dt.date(day.year, 1, rng.randint(10, 28)), rng.randint(-25, 30)),
              ("Spring Allegro", dt.date(day.year, 3, rng.randint(5, 28)), rng.randint(-20, 35))]
    net = sum(e[2] for e in events)
    tools = [
        tool("get_player", d("A club player's profile and current ratings.", "查询棋手资料和当前等级分。"), ["player_id"],
             player_id={"type": "string"}),
        tool("get_rating_history", d("Rating changes of a player per event.", "按赛事列出棋手的等级分变化。"),
             ["player_id", "time_control"], player_id={"type": "string"},
             time_control={"type": "string", "enum": ["classical", "rapid", "blitz"]},
             since={"type": "string", "format": "date"}),
        tool("list_tournaments", d("Club tournaments in a month.", "列出某月的俱乐部比赛。"), ["month"],
             month={"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"}),
    ]
    request = t("What's my rapidplay rating now, and how much has it moved this year?",
                "我现在的快棋等级分是多少？今年以来涨跌了多少？")
    profile = Step("get_player", {"player_id": player},
                   {"player_id": player, "name": "A. Whitfield", "ratings": {"classical": rating + 41, "rapid": rating,
                                                                           "blitz": rating - 17}})
    history = Step("get_rating_history", {"player_id": player, "time_control": "rapid",
                                          "since": dt.date(day.year, 1, 1).isoformat()},
                   {"changes": [{"event": e, "date": when.isoformat(), "delta": delta} for e, when, delta in events]},
                   parallel=True)
    sign = "+" if net >= 0 else "−"
    output = t(f"Your rapid rating is {rating}. Since 1 January it has moved {sign}{abs(net)} "
               f"({events[0][0]} {events[0][2]:+d}, {events[1][0]} {events[1][2]:+d}).",
               f"你现在的快棋等级分是{rating}。今年以来共{sign}{abs(net)}分（{events[0][0]} {events[0][2]:+d}，"
               f"{events[1][0]} {events[1][2]:+d}）。")
    return Draft(
        domain="chess_club", lang=lang, request=request, output=output, tools=tools, steps=[profile, history],
        day=day, user_id=player, attributes={"user.id": player, "club": "Kings Cross CC"},
        agent=("club-secretary", "1.4.0"),
        patterns=["id from context", "'this year' resolved to 1 January of the trace's year",
                  "enum member for the user's words", "parallel independent lookups", "net change computed"],
        roles={"main": history, "lookup": profile, "plain": profile,
               "distractor": Step("list_tournaments", {"month": day.strftime("%Y-%m")}, {"tournaments": []})},
        slots={"user_id": (profile, "player_id"), "date": (history, "since"), "enum": (history, "time_control")},
        facts={"enum_word": t("rapidplay", "快棋"), "extra_value": None, "date_format": False, "success_text": None})


def chess_entry(rng: random.Random, lang: str) -> Draft:
    """Comparison: three tournaments' sections checked in one turn, then an entry into the earliest with room."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng)
    first = (day.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
    month = first.strftime("%Y-%m")
    saturdays = [first + dt.timedelta(days=(5 - first.weekday()) % 7 + 7 * k) for k in range(3)]
    names = ["Riverside Rapid", "Autumn Weekender", "Knight Owl Congress"]
    tids = [_num(rng, "T-", 4) for _ in range(3)]
    places = [0, rng.randint(1, 6), rng.randint(0, 6)] if rng.random() < 0.6 else [rng.randint(1, 5), 0, 3]
    chosen = next(i for i, p in enumerate(places) if p > 0)
    player = _num(rng, "CC-", 4)
    entry = _num(rng, "EN-")
    fee = rng.choice([12.0, 15.0, 20.0])
    tools = [
        tool("list_tournaments", d("Club tournaments in a month.", "列出某月的俱乐部比赛。"), ["month"],
             month={"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$", "description": "YYYY-MM"}),
        tool("get_sections", d("Sections of a tournament and places left in each.", "查询比赛各组别及剩余名额。"),
             ["tournament_id"], tournament_id={"type": "string"}),
        tool("enter_tournament", d("Enter a player into a tournament section.", "为棋手报名某比赛组别。"),
             ["tournament_id", "section", "player_id"], tournament_id={"type": "string"},
             section={"type": "string", "enum": ["open", "u1800", "u1400", "junior"]}, player_id={"type": "string"},
             pay_now={"type": "boolean", "default": True}),
        tool("get_club_calendar", d("Social events at the club in a month.", "列出某月俱乐部的社交活动。"), ["month"],
             month={"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"}),
    ]
    request = t("Which of next month's weekend tournaments still has places in the Under-1800 section? "
                "Put me into the earliest one that does.",
                "下个月周末的比赛里，哪些1800分以下组还有名额？帮我报最早的那个。")
    listing = Step("list_tournaments", {"month": month},
                   {"tournaments": [{"tournament_id": tid, "name": n, "date": s.isoformat()}
                                    for tid, n, s in zip(tids, names, saturdays)]})
    sections = [Step("get_sections", {"tournament_id": tid},
                     {"tournament_id": tid, "sections": [{"section": "open", "places_left": rng.randint(0, 9)},
                                                         {"section": "u1800", "places_left": p}]},
                     parallel=i > 0) for i, (tid, p) in enumerate(zip(tids, places))]
    enter = Step("enter_tournament", {"tournament_id": tids[chosen], "section": "u1800", "player_id": player,
                                      "pay_now": True},
                 {"entry_id": entry, "status": "entered", "fee": fee, "currency": "GBP"})
    full = [names[i] for i, p in enumerate(places) if p == 0]
    output = t(f"{names[chosen]} ({_en_date(saturdays[chosen])}) is the earliest with U1800 places"
               f"{' (' + ', '.join(full) + ' full)' if full else ''}. You're entered: {entry}, £{fee:.0f} fee paid.",
               f"{names[chosen]}（{_zh_date(saturdays[chosen])}）是最早还有U1800名额的比赛"
               f"{'（' + '、'.join(full) + '已满）' if full else ''}。已帮你报名，报名号{entry}，报名费£{fee:.0f}已付。")
    return Draft(
        domain="chess_club", lang=lang, request=request, output=output, tools=tools,
        steps=[listing, *sections, enter], day=day, user_id=player, attributes={"user.id": player},
        agent=("club-secretary", "1.4.0"),
        patterns=["'next month' resolved from the trace's day", "parallel comparison of options",
                  "id copied from an earlier result", "id from context", "enum member for the user's words",
                  "schema default sent"],
        roles={"main": enter, "write": enter, "lookup": listing, "producer": listing, "plain": listing,
               "distractor": Step("get_club_calendar", {"month": month}, {"events": []})},
        slots={"copied_id": (enter, "tournament_id"), "user_id": (enter, "player_id"), "enum": (enter, "section")},
        facts={"enum_word": t("Under-1800", "1800分以下"), "extra_value": None, "date_format": False,
               "success_text": t("You're entered.", "已经帮你报好名了。")})


def costume_change(rng: random.Random, lang: str) -> Draft:
    """Change or cancellation of an existing hire order; the new fitting a day after the old one."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng)
    oid = _num(rng, "CH-", 4)
    fitting = day + dt.timedelta(days=rng.randint(8, 13))
    ftime = rng.choice(["16:30", "11:00", "18:15"])
    coat, wig, hat = _num(rng, "CT-", 4), _num(rng, "WG-", 4), _num(rng, "HT-", 4)
    show = rng.choice(["The Importance of Being Earnest", "Pride and Prejudice", "An Inspector Calls"])
    tools = [
        tool("get_hire_order", d("A costume hire order: items, fitting, status, deposit.", "查询戏服租赁订单：物品、试装、状态、押金。"),
             ["order_id"], order_id={"type": "string"}),
        tool("update_hire_order", d("Change the fitting or remove items of a hire order.", "修改租赁订单的试装时间或删除物品。"),
             ["order_id"], order_id={"type": "string"},
             fitting_date={"type": "string", "format": "date"},
             fitting_time={"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$"},
             remove_item_ids={"type": "array", "items": {"type": "string"}}),
        tool("cancel_hire_order", d("Cancel a hire order and refund the deposit.", "取消租赁订单并退押金。"),
             ["order_id", "reason"], order_id={"type": "string"},
             reason={"type": "string", "enum": ["show_cancelled", "show_postponed", "found_elsewhere", "other"]}),
        tool("search_costumes", d("Search the costume store.", "搜索戏服库。"), ["keyword"], keyword={"type": "string"}),
        tool("get_return_instructions", d("How and where to return hired costumes.", "查询戏服归还方式和地点。"),
             ["order_id"], order_id={"type": "string"}),
        _send_email(),
    ]
    get = Step("get_hire_order", {"order_id": oid},
               {"order_id": oid, "show": show, "status": "confirmed",
                "items": [{"item_id": coat, "name": "Victorian frock coat / 维多利亚长礼服", "price": 55.0},
                          {"item_id": wig, "name": "powdered wig / 扑粉假发", "price": 20.0},
                          {"item_id": hat, "name": "top hat / 高顶礼帽", "price": 30.0}],
                "fitting": {"date": fitting.isoformat(), "time": ftime}, "deposit": 40.0, "currency": "GBP"})
    if rng.random() < 0.6:
        new = fitting + dt.timedelta(days=1)
        request = t(f"For costume hire {oid}: can you push the fitting back a day, same time, and take the wig off?",
                    f"戏服租赁单{oid}：试装往后推一天，时间不变，再把假发去掉。")
        change = Step("update_hire_order", {"order_id": oid, "fitting_date": new.isoformat(), "fitting_time": ftime,
                                            "remove_item_ids": [wig]},
                      {"order_id": oid, "fitting": {"date": new.isoformat(), "time": ftime}, "items": 2,
                       "hire_total": 85.0, "currency": "GBP"})
        output = t(f"Done: the fitting for {oid} is now {EN_WEEKDAY[new.weekday()]} {_en_date(new)} at {ftime}, and the "
                   "powdered wig is off the order (hire total now £85).",
                   f"已修改：{oid}的试装改到{_zh_date(new)}（周{ZH_WEEKDAY[new.weekday()]}）{ftime}，假发已删除，租金现为£85。")
        roles = {"main": change, "write": change, "lookup": get, "producer": get, "plain": get,
                 "distractor": Step("search_costumes", {"keyword": t("wig", "假发")}, {"results": []})}
        slots = {"copied_id": (change, "fitting_time"), "computed": (change, "fitting_date"),
                 "date": (change, "fitting_date")}
        facts = {"enum_word": None, "extra_value": None, "date_format": False,
                 "success_text": t("Done: fitting moved and the wig removed.", "已改好试装时间并删除假发。")}
        patterns = ["date computed from a result (a day after the fitting)", "time copied from a result",
                    "item id picked from a result by its name"]
    else:
        request = t(f"Please cancel costume hire {oid}, the show's been postponed until next year.",
                    f"请取消戏服租赁单{oid}，演出延期到明年了。")
        change = Step("cancel_hire_order", {"order_id": oid, "reason": "show_postponed"},
                      {"order_id": oid, "status": "cancelled", "refund": 40.0, "currency": "GBP"})
        output = t(f"Cancelled {oid} ({show}); your £40 deposit will be refunded.",
                   f"已取消{oid}（{show}），£40押金会退回。")
        roles = {"main": change, "write": change, "lookup": get, "plain": get,
                 "distractor": Step("get_return_instructions", {"order_id": oid}, {"text": "Return to the stage door."})}
        slots = {"enum": (change, "reason")}
        facts = {"enum_word": t("postponed", "延期"), "extra_value": None, "date_format": False,
                 "success_text": t(f"Cancelled {oid}; the deposit will be refunded.", f"已取消{oid}，押金会退回。")}
        patterns = ["order id from the request", "enum member for the user's words", "lookup before a write"]
    return Draft(
        domain="costume_hire", lang=lang, request=request, output=output, tools=tools, steps=[get, change], day=day,
        user_id=_num(rng, "u-", 6), resource={"tenant.id": "grand-theatre-wardrobe"}, agent=("wardrobe", "3.0.2"),
        patterns=patterns, roles=roles, slots=slots, facts=facts)


def classified_followup(rng: random.Random, lang: str) -> Draft:
    """Follow-up: the rate card from an earlier turn, the user's own phone number in the ad, two Saturdays."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng, (0, 1, 2, 3))
    sat = day + dt.timedelta(days=5 - day.weekday())
    account = _num(rng, "ACC-", 5)
    card = f"RC-FS-{day.year % 100}{rng.randint(1, 9)}"
    per = Decimal(rng.choice(["8.40", "9.75", "12.00"]))
    editions = rng.choice([2, 3])
    ad = _num(rng, "AD-", 6)
    if lang == "en":
        phone = f"07700 900{rng.randint(100, 999)}"
        text = f"Three-seat grey sofa, good condition, £{rng.choice([80, 120, 150])} ono. Call {phone}."
    else:
        phone = f"1{rng.choice('3589')}{rng.randint(0, 9)}{rng.randint(10_000_000, 99_999_999)}"
        text = f"九成新灰色三人沙发，{rng.choice([300, 450, 600])}元，可小刀。电话{phone}。"
    history = [
        {"role": "user", "text": t("I'd like to put a for-sale ad in the Saturday paper, it's for my sofa.",
                                   "我想在周六的报纸上登一条出售广告，卖沙发。")},
        {"role": "assistant", "calls": [{"name": "get_ad_rates", "arguments": {"section": "for_sale"}}]},
        {"role": "tool", "results": [{"section": "for_sale", "rate_card": card, "per_edition": float(per),
                                      "currency": "GBP", "max_words": 30}]},
        {"role": "assistant", "text": t(f"It's £{per} per Saturday edition for up to 30 words. Send me the text and "
                                        "how many Saturdays you want.",
                                        f"每期周六版£{per}，最多30个词。把广告内容和要登几期发给我。")},
    ]
    count_en, count_zh = {2: ("two", "两"), 3: ("three", "三")}[editions]
    request = t(f"Run it for the next {count_en} Saturdays. Text: \"{text}\"", f"登接下来{count_zh}个周六。内容：“{text}”")
    tools = [
        tool("get_ad_rates", d("Classified ad rates for a section.", "查询分类广告某栏目的价格。"), ["section"],
             section={"type": "string", "enum": ["for_sale", "wanted", "motors", "property", "announcements"]},
             words={"type": "integer", "minimum": 1}),
        tool("create_classified", d("Book a classified ad into one or more consecutive weekly editions.",
                                    "预订分类广告，连续登若干期周刊。"),
             ["account_id", "section", "rate_card", "text", "start_date", "editions"], account_id={"type": "string"},
             section={"type": "string", "enum": ["for_sale", "wanted", "motors", "property", "announcements"]},
             rate_card={"type": "string"}, text={"type": "string", "maxLength": 300},
             start_date={"type": "string", "format": "date", "description": "first edition, YYYY-MM-DD"},
             editions={"type": "integer", "minimum": 1, "maximum": 12}),
        tool("get_ad_proof", d("A proof of how a booked ad will print.", "获取已预订广告的排版小样。"), ["ad_id"],
             ad_id={"type": "string"}),
        tool("search_classifieds", d("Search published classified ads.", "搜索已刊登的分类广告。"), ["query"],
             query={"type": "string"}),
        _send_email(),
    ]
    total = _money(per * editions)
    last = sat + dt.timedelta(days=7 * (editions - 1))
    create = Step("create_classified", {"account_id": account, "section": "for_sale", "rate_card": card, "text": text,
                                        "start_date": sat.isoformat(), "editions": editions},
                  {"ad_id": ad, "editions": [(sat + dt.timedelta(days=7 * k)).isoformat() for k in range(editions)],
                   "total": total, "currency": "GBP", "status": "booked"})
    steps = [create]
    roles = {"main": create, "write": create, "producer": create, "plain": create,
             "distractor": Step("search_classifieds", {"query": t("sofa", "沙发")}, {"results": []})}
    slots = {"history_id": (create, "rate_card"), "context_id": (create, "account_id"), "date": (create, "start_date"),
             "enum": (create, "section")}
    proof_text = ""
    if rng.random() < 0.5:
        proof = Step("get_ad_proof", {"ad_id": ad}, {"ad_id": ad, "proof_url": f"https://ads.example/proof/{ad}.pdf",
                                                     "lines": 3})
        steps.append(proof)
        roles["lookup"] = proof
        slots["copied_id"] = (proof, "ad_id")
        proof_text = t(f" Proof: https://ads.example/proof/{ad}.pdf", f" 小样：https://ads.example/proof/{ad}.pdf")
    output = t(f"Booked ad {ad} in For Sale for {editions} Saturdays, {_en_date(sat)} to {_en_date(last)}: "
               f"£{total:.2f} in all. It reads: \"{text}\".{proof_text}",
               f"广告{ad}已预订在出售栏，{_zh_date(sat)}到{_zh_date(last)}共{editions}期周六版，合计£{total:.2f}。"
               f"内容：“{text}”。{proof_text}")
    return Draft(
        domain="newspaper_classifieds", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        user_id=account, session_id=_num(rng, "conv-", 6), attributes={"user.id": account},
        resource={"tenant.id": "westbridge-gazette"}, history=history, agent=("ads-desk", "1.1.0"),
        patterns=["rate card from an earlier turn", "section from an earlier call", "the user's own phone number",
                  "'next Saturdays' resolved from the trace's day", "total computed (editions × rate)",
                  "account id from context"],
        roles=roles, slots=slots,
        facts={"enum_word": t("for sale", "出售"), "extra_value": None, "date_format": False,
               "success_text": t(f"Your ad is booked for {editions} Saturdays.", f"广告已预订{editions}期。")})


def classified_question(rng: random.Random, lang: str) -> Draft:
    """A question answered by two lookups in one turn: a deadline and a price."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng, (0, 1, 2))
    fri = day + dt.timedelta(days=4 - day.weekday())
    words = rng.choice([20, 25, 30])
    section, s_en, s_zh = rng.choice([("motors", "car", "汽车"), ("property", "room-to-let", "房屋出租"),
                                       ("wanted", "wanted-to-buy", "求购")])
    price = rng.choice([6.5, 7.8, 11.2])
    tools = [
        tool("get_edition_deadline", d("Copy deadline for an edition of the paper.", "查询某期报纸的截稿时间。"),
             ["edition_date"], edition_date={"type": "string", "format": "date"}),
        tool("get_ad_rates", d("Classified ad rates for a section.", "查询分类广告某栏目的价格。"), ["section"],
             section={"type": "string", "enum": ["for_sale", "wanted", "motors", "property", "announcements"]},
             words={"type": "integer", "minimum": 1, "maximum": 60}),
        tool("search_classifieds", d("Search published classified ads.", "搜索已刊登的分类广告。"), ["query"],
             query={"type": "string"}),
    ]
    request = t(f"When's the deadline for this Friday's paper, and how much is a {words}-word {s_en} ad?",
                f"这周五那期报纸几点截稿？登一条{words}个词的{s_zh}广告多少钱？")
    deadline = Step("get_edition_deadline", {"edition_date": fri.isoformat()},
                    {"edition_date": fri.isoformat(),
                     "deadline": f"{(fri - dt.timedelta(days=1)).isoformat()}T17:00:00+01:00"})
    rates = Step("get_ad_rates", {"section": section, "words": words},
                 {"section": section, "words": words, "price": price, "currency": "GBP"}, parallel=True)
    before = fri - dt.timedelta(days=1)
    output = t(f"Copy for Friday {_en_date(fri)} closes on Thursday {_en_date(before)} at 5pm, and a {words}-word "
               f"{s_en} ad costs £{price:.2f}.",
               f"{_zh_date(fri)}（周五）那期在{_zh_date(before)}（周四）17:00截稿；{words}个词的{s_zh}广告£{price:.2f}。")
    return Draft(
        domain="newspaper_classifieds", lang=lang, request=request, output=output, tools=tools,
        steps=[deadline, rates], day=day, user_id=_num(rng, "ACC-", 5), resource={"tenant.id": "westbridge-gazette"},
        agent=("ads-desk", "1.1.0"),
        patterns=["'this Friday' resolved from the trace's day", "enum member for the user's words",
                  "parallel independent lookups", "day before computed in the answer"],
        roles={"main": deadline, "lookup": rates, "plain": rates,
               "distractor": Step("search_classifieds", {"query": t(s_en, s_zh)}, {"results": []})},
        slots={"date": (deadline, "edition_date"), "enum": (rates, "section")},
        facts={"enum_word": t(s_en, s_zh), "extra_value": None, "date_format": False, "success_text": None})


def tea_workshop(rng: random.Random, lang: str) -> Draft:
    """Booking: next week's window, a currency code for the name the user said, the schema default format."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng)
    monday = day + dt.timedelta(days=7 - day.weekday())
    sunday = monday + dt.timedelta(days=6)
    seats = rng.randint(1, 4)
    cur_en, cur_zh, code, unit = rng.choice([("euros", "欧元", "EUR", 35.0), ("pounds", "英镑", "GBP", 30.0),
                                             ("US dollars", "美元", "USD", 38.0), ("yen", "日元", "JPY", 5200.0)])
    w1, w2 = _num(rng, "TW-", 4), _num(rng, "TW-", 4)
    d1, d2 = monday + dt.timedelta(days=2), monday + dt.timedelta(days=5)
    left1 = rng.choice([0, 1, 6])
    pick = (w1, d1) if left1 >= seats else (w2, d2)
    customer = _num(rng, "TC-", 5)
    ref = _num(rng, "BK-", 6)
    tools = [
        tool("list_tea_workshops", d("Tea-tasting workshops between two dates.", "查询两个日期之间的品茶工作坊。"),
             ["tea", "from_date", "to_date"], tea={"type": "string", "enum": ["green", "oolong", "pu_erh", "black", "white"]},
             from_date={"type": "string", "format": "date"}, to_date={"type": "string", "format": "date"}),
        tool("book_workshop", d("Book seats at a workshop and take payment in a currency.", "预订工作坊名额并以指定货币付款。"),
             ["workshop_id", "customer_id", "seats", "currency"], workshop_id={"type": "string"},
             customer_id={"type": "string"}, seats={"type": "integer", "minimum": 1, "maximum": 8},
             currency={"type": "string", "pattern": "^[A-Z]{3}$", "description": "ISO 4217"},
             format={"type": "string", "enum": ["in_person", "online"], "default": "in_person"}),
        tool("get_tea_catalogue", d("Teas sold in the shop.", "查询店内出售的茶叶。"), ["tea"],
             tea={"type": "string", "enum": ["green", "oolong", "pu_erh", "black", "white"]}),
        _send_email(),
    ]
    request = t(f"Book {seats} seat{'s' if seats > 1 else ''} at a pu-erh tasting next week, I'll pay in {cur_en}.",
                f"下周帮我订{seats}个普洱品鉴会的名额，用{cur_zh}付款。")
    listing = Step("list_tea_workshops", {"tea": "pu_erh", "from_date": monday.isoformat(), "to_date": sunday.isoformat()},
                   {"workshops": [{"workshop_id": w1, "title": "Aged pu-erh flight", "date": d1.isoformat(),
                                   "start": "19:00", "seats_left": left1},
                                  {"workshop_id": w2, "title": "Sheng vs shou pu-erh", "date": d2.isoformat(),
                                   "start": "14:00", "seats_left": 8}]})
    total = unit * seats
    book = Step("book_workshop", {"workshop_id": pick[0], "customer_id": customer, "seats": seats, "currency": code,
                                  "format": "in_person"},
                {"booking_ref": ref, "workshop_id": pick[0], "seats": seats, "total": total, "currency": code,
                 "status": "paid"})
    amount = f"{total:,.0f}" if code == "JPY" else f"{total:.2f}"
    output = t(f"Booked {seats} seat(s) at the pu-erh workshop on {EN_WEEKDAY[pick[1].weekday()]} {_en_date(pick[1])} "
               f"(ref {ref}), {amount} {code} paid.",
               f"已订{_zh_date(pick[1])}（周{ZH_WEEKDAY[pick[1].weekday()]}）的普洱品鉴会{seats}个名额，预订号{ref}，"
               f"已付{amount} {code}。")
    return Draft(
        domain="tea_tasting", lang=lang, request=request, output=output, tools=tools, steps=[listing, book], day=day,
        user_id=customer, attributes={"user.id": customer}, resource={"tenant.id": "leaf-and-kettle"},
        agent=("tea-host", "0.4.2"),
        patterns=["'next week' resolved to Monday..Sunday from the trace's day", "currency code for the name said",
                  "schema default sent", "enum member for the user's words", "id copied from an earlier result",
                  "id from context"],
        roles={"main": book, "write": book, "lookup": listing, "producer": listing, "plain": listing,
               "distractor": Step("get_tea_catalogue", {"tea": "pu_erh"}, {"teas": []})},
        slots={"copied_id": (book, "workshop_id"), "user_id": (book, "customer_id"), "currency": (book, "currency"),
               "date": (listing, "from_date"), "enum": (listing, "tea")},
        facts={"enum_word": t("pu-erh", "普洱"), "extra_value": None, "date_format": False,
               "success_text": t("Your seats are booked and paid.", "名额已订好并付款。")})


def drone_export(rng: random.Random, lang: str) -> Draft:
    """An export started and polled with a status tool until it is done."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng)
    account = _num(rng, "DC-", 4)
    job = _num(rng, "DS-", 4)
    export = _num(rng, "EX-", 5)
    polls = rng.randint(2, 4)
    by_site = rng.random() < 0.5
    site = rng.choice(["Elm Street depot", "Harbour Lane school", "Millbrook farmhouse"])
    tools = [
        tool("list_survey_jobs", d("A client's survey jobs, newest first.", "列出客户的测绘任务，最新在前。"),
             ["account_id"], account_id={"type": "string"}, kind={"type": "string", "enum": ["roof", "field", "facade"]}),
        tool("start_report_export", d("Start exporting a survey report; returns an export id.", "开始导出测绘报告，返回导出任务号。"),
             ["job_id", "format"], job_id={"type": "string"},
             format={"type": "string", "enum": ["pdf", "geotiff", "las"]},
             include_thermal={"type": "boolean", "default": False}),
        tool("get_export_status", d("Progress of an export; poll until status is done.", "查询导出进度，轮询直到完成。"),
             ["export_id"], export_id={"type": "string"}),
        tool("book_survey", d("Book a new drone survey flight.", "预约新的无人机测绘飞行。"), ["site", "date"],
             site={"type": "string"}, date={"type": "string", "format": "date"}),
    ]
    if by_site:
        request = t(f"Can you export my latest roof survey ({site}) as a PDF with the thermal layer?",
                    f"把我最近那次屋顶测绘（{site}）导出成PDF，带热成像图层。")
    else:
        request = t(f"Can you export the roof survey for job {job} as a PDF with the thermal layer?",
                    f"把{job}这个屋顶测绘任务导出成PDF，带热成像图层。")
    steps: list[Step] = []
    if by_site:
        steps.append(Step("list_survey_jobs", {"account_id": account, "kind": "roof"},
                          {"jobs": [{"job_id": job, "site": site, "flown": (day - dt.timedelta(days=6)).isoformat()},
                                    {"job_id": _num(rng, "DS-", 4), "site": "Old mill",
                                     "flown": (day - dt.timedelta(days=40)).isoformat()}]}))
    start = Step("start_report_export", {"job_id": job, "format": "pdf", "include_thermal": True},
                 {"export_id": export, "status": "queued"})
    steps.append(start)
    url = f"https://files.example/exports/{export}.pdf"
    progress = sorted(rng.sample(range(10, 95), polls - 1))
    first_poll = None
    for k in range(polls):
        done = k == polls - 1
        poll = Step("get_export_status", {"export_id": export},
                    {"export_id": export, "status": "done", "progress": 100, "url": url} if done
                    else {"export_id": export, "status": "running", "progress": progress[k]}, duration=80)
        first_poll = first_poll or poll
        steps.append(poll)
    output = t(f"The PDF report for {job} (with the thermal layer) is ready: {url}",
               f"{job}的PDF报告（含热成像图层）已导出：{url}")
    slots = {"copied_id": (first_poll, "export_id"), "enum": (start, "format")}
    roles = {"main": start, "producer": start, "plain": start,
             "distractor": Step("book_survey", {"site": t("roof", "屋顶"), "date": day.isoformat()}, {"booked": True})}
    if by_site:
        slots["context_id"] = (steps[0], "account_id")
        roles["lookup"] = steps[0]
    return Draft(
        domain="drone_survey", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        user_id=_num(rng, "u-", 6), attributes={"client.account_id": account}, resource={"tenant.id": "skyline-surveys"},
        agent=("survey-assistant", "2.0.0"),
        patterns=["status tool polled until done", "id copied from an earlier result", "enum member for 'PDF'",
                  "account id from context"],
        roles=roles, slots=slots,
        facts={"enum_word": "PDF", "extra_value": None, "date_format": False, "success_text": None})


def drone_quote(rng: random.Random, lang: str) -> Draft:
    """Comparison: quotes for two or three sensors in one turn; hectares or 亩 converted to m²."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng)
    if lang == "en":
        size = rng.choice([4, 7, 12])
        area, size_text = size * 10_000, f"{size}-hectare"
    else:
        size = rng.choice([30, 45, 120])
        area, size_text = size * 2000 // 3, f"{size}亩"
    c_en, c_zh, cc = rng.choice([("Ireland", "爱尔兰", "IE"), ("the Netherlands", "荷兰", "NL"),
                                 ("Germany", "德国", "DE"), ("Portugal", "葡萄牙", "PT")])
    sensors = ["rgb", "multispectral"] + (["thermal"] if rng.random() < 0.4 else [])
    zh_names = {"rgb": "RGB", "multispectral": "多光谱", "thermal": "热成像"}
    en_names = {"rgb": "RGB", "multispectral": "multi-spectral", "thermal": "thermal"}
    tools = [
        tool("get_survey_quote", d("Price quote for a drone survey.", "无人机测绘报价。"),
             ["site_type", "area_m2", "sensor", "country"],
             site_type={"type": "string", "enum": ["roof", "field", "facade"]},
             area_m2={"type": "number", "minimum": 10, "description": "surveyed area in square metres"},
             sensor={"type": "string", "enum": ["rgb", "multispectral", "thermal"]},
             country={"type": "string", "pattern": "^[A-Z]{2}$", "description": "ISO 3166-1 alpha-2"}),
        tool("list_pilots", d("Licensed pilots working in a country.", "列出某国家有执照的飞手。"), ["country"],
             country={"type": "string", "pattern": "^[A-Z]{2}$"}),
    ]
    wanted_en = " and ".join(en_names[s] for s in sensors) if len(sensors) == 2 else "RGB, multi-spectral and thermal"
    wanted_zh = "、".join(zh_names[s] for s in sensors)
    request = t(f"What would a drone survey of my {size_text} field in {c_en} cost? Compare {wanted_en}.",
                f"我在{c_zh}有一块{size_text}的地，想做无人机测绘，帮我比一下{wanted_zh}的报价。")
    base = {"rgb": 0.011, "multispectral": 0.019, "thermal": 0.024}
    quotes = []
    for i, s in enumerate(sensors):
        price = float(round(area * base[s] + 150))
        quotes.append(Step("get_survey_quote", {"site_type": "field", "area_m2": area, "sensor": s, "country": cc},
                           {"quote_id": _num(rng, "Q-", 5), "sensor": s, "price": price, "currency": "EUR",
                            "turnaround_days": 3 + 2 * i}, parallel=i > 0))
    prices = [q.result["price"] for q in quotes]
    diff = prices[1] - prices[0]
    output = t(f"For {area:,} m² in {c_en}: " + ", ".join(f"{en_names[s]} €{p:,.0f} ({q.result['turnaround_days']} days)"
                                                         for s, p, q in zip(sensors, prices, quotes))
               + f". Multi-spectral costs €{diff:,.0f} more than RGB.",
               f"{c_zh}{area:,}平方米：" + "，".join(f"{zh_names[s]} €{p:,.0f}（{q.result['turnaround_days']}天出结果）"
                                                  for s, p, q in zip(sensors, prices, quotes))
               + f"。多光谱比RGB贵€{diff:,.0f}。")
    multi = quotes[1]
    return Draft(
        domain="drone_survey", lang=lang, request=request, output=output, tools=tools, steps=quotes, day=day,
        user_id=_num(rng, "u-", 6), resource={"tenant.id": "skyline-surveys"}, agent=("survey-assistant", "2.0.0"),
        patterns=["area converted to m² (hectares or 亩)", "country code for the name said",
                  "parallel comparison of options", "enum members for the user's words", "difference computed"],
        roles={"main": quotes[0], "lookup": quotes[0], "plain": quotes[0],
               "distractor": Step("list_pilots", {"country": cc}, {"pilots": []})},
        slots={"computed": (multi, "area_m2"), "enum": (multi, "sensor")},
        facts={"enum_word": t("multi-spectral", "多光谱"), "extra_value": None, "date_format": False,
               "success_text": None})


def firewood_order(rng: random.Random, lang: str) -> Draft:
    """Booking with a transient 503 retried once, Wednesday next week, customer id from the resource."""
    t, dl = _pick(lang), _dlang(rng, lang)
    d = _pick(dl)
    day = _day(rng)
    wed = day + dt.timedelta(days=7 - day.weekday() + 2)
    customer = _num(rng, "FWC-", 5)
    address = f"ADR-{rng.randint(1, 4)}"
    postcode = rng.choice(["LS6 2QT", "HG1 4AZ", "YO31 7PB"])
    vol_en, vol_zh, vol = rng.choice([("2 cubic metres", "两方", 2), ("a cubic metre and a half", "一方半", 1.5),
                                      ("3 cubic metres", "三方", 3)])
    bags = rng.choice([1, 2])
    product, p_en, p_zh = rng.choice([("seasoned_ash", "seasoned ash", "风干白蜡木"),
                                      ("kiln_dried_birch", "kiln-dried birch", "窑干桦木")])
    slot = _num(rng, "DSL-", 4)
    order = _num(rng, "FW-", 5)
    total = _money(Decimal(str(vol)) * Decimal(rng.choice(["95", "110"])) + bags * Decimal("6.50"))
    tools = [
        tool("get_customer", d("A customer's saved delivery addresses.", "查询客户保存的送货地址。"), ["customer_id"],
             customer_id={"type": "string"}),
        tool("check_delivery_slots", d("Delivery windows for a postcode on a date.", "查询某邮编某天可送货的时段。"),
             ["postcode", "date"], postcode={"type": "string"}, date={"type": "string", "format": "date"}),
        tool("place_firewood_order", d("Order logs and kindling for delivery.", "下单木柴和引火柴并预约送货。"),
             ["customer_id", "address_id", "product", "volume_m3", "delivery_date", "slot_id"],
             customer_id={"type": "string"}, address_id={"type": "string"},
             product={"type": "string", "enum": ["seasoned_ash", "kiln_dried_birch", "mixed_hardwood"]},
             volume_m3={"type": "number", "minimum": 0.5, "maximum": 6},
             kindling_bags={"type": "integer", "minimum": 0, "default": 0},
             delivery_date={"type": "string", "format": "date"}, slot_id={"type": "string"}),
        tool("get_price_list", d("Prices per cubic metre of a log product.", "查询某种木柴每立方米的价格。"), ["product"],
             product={"type": "string", "enum": ["seasoned_ash", "kiln_dried_birch", "mixed_hardwood"]}),
    ]
    request = t(f"Order {vol_en} of {p_en} logs and {bags} bag{'s' if bags > 1 else ''} of kindling, delivered on "
                "Wednesday next week to my usual address.",
                f"帮我订{vol_zh}{p_zh}木柴，再加{bags}袋引火柴，下周三送到常用地址。")
    get = Step("get_customer", {"customer_id": customer},
               {"customer_id": customer, "addresses": [{"address_id": address, "label": "home", "postcode": postcode,
                                                        "default": True}]})
    args = {"postcode": postcode, "date": wed.isoformat()}
    slots_result = {"date": wed.isoformat(), "slots": [{"slot_id": slot, "window": "08:00-12:00"},
                                                       {"slot_id": _num(rng, "DSL-", 4), "window": "13:00-17:00"}]}
    steps = [get]
    if rng.random() < 0.7:
        steps.append(Step("check_delivery_slots", dict(args), error="503 Service Unavailable", duration=40))
    check = Step("check_delivery_slots", dict(args), slots_result)
    steps.append(check)
    place = Step("place_firewood_order", {"customer_id": customer, "address_id": address, "product": product,
                                          "volume_m3": vol, "kindling_bags": bags, "delivery_date": wed.isoformat(),
                                          "slot_id": slot},
                 {"order_id": order, "status": "confirmed", "total": total, "currency": "GBP"})
    steps.append(place)
    output = t(f"Ordered: {vol} m³ of {p_en} and {bags} bag(s) of kindling, delivered Wednesday {_en_date(wed)} "
               f"between 08:00 and 12:00 to your home address ({postcode}). Order {order}, £{total:.2f}.",
               f"已下单：{vol}立方米{p_zh}木柴和{bags}袋引火柴，{_zh_date(wed)}（周三）08:00–12:00送到家里（{postcode}）。"
               f"订单号{order}，£{total:.2f}。")
    return Draft(
        domain="firewood", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        user_id=_num(rng, "u-", 6), attributes={"session.channel": "web"},
        resource={"account.id": customer, "tenant.id": "logs-and-kindling"}, agent=("log-store", "5.2.0"),
        patterns=["one identical retry after a transient 503", "customer id from the resource",
                  "Wednesday next week resolved from the trace's day", "ids copied from earlier results",
                  "enum member for the user's words", "volume in the user's words as a number"],
        roles={"main": place, "write": place, "lookup": get, "producer": check, "plain": get,
               "distractor": Step("get_price_list", {"product": product}, {"price_per_m3": 110.0})},
        slots={"context_id": (get, "customer_id"), "copied_id": (place, "slot_id"), "date": (place, "delivery_date"),
               "enum": (place, "product")},
        facts={"enum_word": t(p_en, p_zh), "extra_value": None, "date_format": False,
               "success_text": t(f"Ordered, delivery on Wednesday {_en_date(wed)}.", f"已下单，{_zh_date(wed)}送货。")})


def firewood_followup(rng: random.Random, lang: str) -> Draft:
    """Follow-up: change the order placed in an earlier turn (its id from history)."""
    t, d = _pick(lang), _pick(_dlang(rng, lang))
    day = _day(rng, (0, 1, 2))
    fri = day + dt.timedelta(days=4 - day.weekday())
    customer = _num(rng, "FWC-", 5)
    order = _num(rng, "FW-", 5)
    old_vol, new_vol = 2, rng.choice([3, 4])
    bags = rng.choice([1, 2, 3])
    old_total, new_total = 2 * 110.0, _money(new_vol * 110 + bags * Decimal("6.50"))
    history = [
        {"role": "user", "text": t("Order 2 cubic metres of kiln-dried birch for Friday.", "订两方窑干桦木，周五送。")},
        {"role": "assistant", "calls": [{"name": "place_firewood_order", "arguments": {
            "customer_id": customer, "address_id": "ADR-1", "product": "kiln_dried_birch", "volume_m3": old_vol,
            "delivery_date": fri.isoformat(), "slot_id": "DSL-0812"}}]},
        {"role": "tool", "results": [{"order_id": order, "status": "confirmed", "total": old_total, "currency": "GBP"}]},
        {"role": "assistant", "text": t(f"Booked: order {order}, Friday 08:00–12:00, £{old_total:.2f}.",
                                        f"已下单：订单{order}，周五08:00–12:00送货，£{old_total:.2f}。")},
    ]
    request = t(f"Actually make that {new_vol} cubic metres, and add {bags} bag{'s' if bags > 1 else ''} of kindling.",
                f"改成{new_vol}方吧，再加{bags}袋引火柴。")
    tools = [
        tool("get_firewood_order", d("An order's items, delivery and status.", "查询订单的商品、送货和状态。"), ["order_id"],
             order_id={"type": "string"}),
        tool("update_firewood_order", d("Change quantities on an order before dispatch.", "发货前修改订单数量。"),
             ["order_id"], order_id={"type": "string"}, volume_m3={"type": "number", "minimum": 0.5, "maximum": 6},
             kindling_bags={"type": "integer", "minimum": 0}),
        tool("cancel_firewood_order", d("Cancel an order before dispatch.", "发货前取消订单。"), ["order_id"],
             order_id={"type": "string"}),
        tool("place_firewood_order", d("Order logs and kindling for delivery.", "下单木柴和引火柴并预约送货。"),
             ["customer_id", "address_id", "product", "volume_m3", "delivery_date", "slot_id"],
             customer_id={"type": "string"}, address_id={"type": "string"},
             product={"type": "string", "enum": ["seasoned_ash", "kiln_dried_birch", "mixed_hardwood"]},
             volume_m3={"type": "number", "minimum": 0.5, "maximum": 6}, kindling_bags={"type": "integer", "minimum": 0},
             delivery_date={"type": "string", "format": "date"}, slot_id={"type": "string"}),
    ]
    steps: list[Step] = []
    roles: dict[str, Step] = {}
    if rng.random() < 0.5:
        get = Step("get_firewood_order", {"order_id": order},
                   {"order_id": order, "status": "confirmed", "volume_m3": old_vol, "kindling_bags": 0,
                    "delivery_date": fri.isoformat(), "dispatched": False})
        steps.append(get)
        roles |= {"lookup": get, "plain": get}
    update = Step("update_firewood_order", {"order_id": order, "volume_m3": new_vol, "kindling_bags": bags},
                  {"order_id": order, "volume_m3": new_vol, "kindling_bags": bags, "total": new_total,
                   "currency": "GBP", "status": "confirmed"})
    steps.append(update)
    roles |= {"main": update, "write": update,
              "distractor": Step("cancel_firewood_order", {"order_id": order}, {"status": "cancelled"})}
    output = t(f"Updated order {order}: {new_vol} m³ of kiln-dried birch plus {bags} bag(s) of kindling, still Friday "
               f"{_en_date(fri)}. New total £{new_total:.2f}.",
               f"订单{order}已改为{new_vol}立方米窑干桦木加{bags}袋引火柴，仍是{_zh_date(fri)}（周五）送货，新总价£{new_total:.2f}。")
    return Draft(
        domain="firewood", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        user_id=customer, session_id=_num(rng, "conv-", 6), resource={"account.id": customer,
                                                                       "tenant.id": "logs-and-kindling"},
        history=history, agent=("log-store", "5.2.0"),
        patterns=["order id from an earlier turn", "quantities from the request", "change of an existing record"],
        roles=roles, slots={"history_id": (update, "order_id")},
        facts={"enum_word": None, "extra_value": None, "date_format": False,
               "success_text": t(f"Updated order {order}.", f"订单{order}已修改。")})


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    skate_lesson, maker_machine, chess_rating, costume_change, classified_followup, tea_workshop, drone_export,
    firewood_order, skate_pass, maker_filament, chess_entry, classified_question, drone_quote, firewood_followup]


# --- faults of this split (besides corpus.py's) --------------------------------------------------

def future_ref(draft: Draft, rng: random.Random) -> Marks | None:
    """The consumer of a copied id runs before its producer; other parallel turns stay as they were."""
    found, producer = draft.slots.get("copied_id"), draft.roles.get("producer")
    if found is None or producer is None or producer.parallel:
        return None
    consumer, _ = found
    steps = draft.steps
    i, j = steps.index(producer), steps.index(consumer)
    if j <= i or (j + 1 < len(steps) and steps[j + 1].parallel):
        return None
    steps.pop(j)
    consumer.parallel = False
    steps.insert(i, consumer)
    draft.facts["future_producer"] = producer
    return {"future_ref": [consumer]}


def miscomputed(draft: Draft, rng: random.Random) -> Marks | None:
    """A value the agent computes from results or the request, computed wrong (a date off, a slip in a sum)."""
    found = draft.slots.get("computed")
    if found is None:
        return None
    step, key = found
    value = step.args[key]
    if isinstance(value, str):
        step.args[key] = (dt.date.fromisoformat(value) + dt.timedelta(days=rng.choice([1, 2]))).isoformat()
    elif isinstance(value, float) and value != int(value):
        step.args[key] = _money(Decimal(str(value)) + Decimal(rng.choice(["10", "-1", "0.90"])))
    else:
        step.args[key] = value * 10 if rng.random() < 0.5 else value // 10
    return {"ungrounded_value": [step]}


def redundant_calls(draft: Draft, rng: random.Random) -> Marks | None:
    """A lookup made again later, its result already in hand; not slipped into a parallel turn."""
    step = draft.roles.get("lookup")
    if step is None or step.error or any(s is not step and s.tool == step.tool and s.args == step.args
                                         for s in draft.steps):
        return None
    i = draft.steps.index(step)
    places = [k for k in range(i + 1, len(draft.steps) + 1) if k == len(draft.steps) or not draft.steps[k].parallel]
    again = copy.deepcopy(step)
    again.parallel = False
    draft.steps.insert(rng.choice(places), again)
    return {"redundant_calls": [again], TOUCHED: [step]}


def constraint_error(draft: Draft, rng: random.Random) -> Marks | None:
    """A number below the schema's minimum: nobody said it, so it is a value from nowhere as well."""
    options = [(s, k) for s in draft.steps if isinstance(s.args, dict)
               for k, sub in (draft.schema(s).get("properties") or {}).items() if k in s.args and "minimum" in sub]
    if not options:
        return None
    step, key = rng.choice(options)
    step.args[key] = draft.schema(step)["properties"][key]["minimum"] - 1
    return {"constraint_error": [step], "ungrounded_value": [step]}


FAULTS = {**CORPUS_FAULTS, "future_ref": future_ref, "miscomputed": miscomputed, "redundant_calls": redundant_calls,
          "constraint_error": constraint_error}
_ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
_COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
_ORDER = {name: 2 if name == "pii_leak" else 1 if name in _ENDINGS else -1 if name in _COPIES else 0 for name in FAULTS}
_CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}]


def _make(index: int, scenario: Callable[[random.Random, str], Draft], lang: str, faults: list[str],
          rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    if any(clash <= set(faults) for clash in _CLASHES):
        return None
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
    producer = draft.facts.get("future_producer")
    if "future_ref" in marks and producer is not None and (producer.error or producer not in draft.steps):
        # the producer failed (or never ran): the value is in no result at all, so it is made up
        marks.setdefault("ungrounded_value", []).extend(marks.pop("future_ref"))
    trajectory, seqs = build(draft, f"{SPLIT[:1]}{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def case(index: int, seed: int) -> Case:
    """Case `index`, from a generator of its own seeded by (seed, index)."""
    rng = random.Random(f"{SPLIT}:{seed}:{index}")
    names = sorted(FAULTS)
    while True:
        roll = rng.random()
        faults = [] if roll < 0.5 else [rng.choice(names)] if roll < 0.85 else rng.sample(names, 2)
        if len(faults) == 2 and set(faults) <= _ENDINGS:
            continue
        for attempt in range(2 * len(SCENARIOS)):
            scenario = SCENARIOS[(index + attempt) % len(SCENARIOS)]
            lang = ("en", "zh")[(index // len(SCENARIOS) + attempt) % 2]
            made = _make(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
            if made is not None:
                return made


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean, the rest with one fault or two on different calls."""
    return [case(index, seed) for index in range(n)]
