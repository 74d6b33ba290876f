"""The softened split: agent traffic of a village septic-tank emptying service, a theatre's costume
fitting appointments, a coastal lifeguard rota, a village's defibrillator checks, a dog-agility
arena's hire, a canal lock-keeper's passage bookings, a hospital radio request line and an
orienteering club's event entries, written by a thirty-first helper who read neither the
evaluators, their calibration nor any other split. It must not be read when tuning the
evaluators, or it stops being unseen.

Shapes: bookings; questions answered by lookups; comparisons made with parallel calls in one model
turn; changes and cancellations of existing records; computations the agent does from results
(totals, dates six months on, quarter and week boundaries, unit conversions, paces); follow-ups of
an earlier turn (history carries its calls and results); exports polled to completion with a status
tool; retries after a transient 503 that then succeed; context values (user.id, account, parish,
council and production ids) the framework fills in. Requests are English or Chinese, and the
lifeguard and hospital-radio tools are described in Chinese.

Each case is drawn from (seed, index) alone, so changing one leaves the others as they were.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import re
from collections.abc import Callable

from collector.trajectory import ToolDefinition
from tests.judgement.corpus import (
    FAULTS as CORPUS_FAULTS, TOUCHED, Case, Draft, Marks, Step, build, tool)

SPLIT = "softened"

MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December"]
WD_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WD_ZH = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
EN_NAMES = ["Ana Ruiz", "Tom Baker", "Priya Shah", "Owen Hughes", "Megan Price", "Rhys Morgan", "Ellie Carter",
            "Sam Okafor", "Hannah Lloyd", "Gareth Jones"]
ZH_NAMES = ["王芳", "李娜", "张伟", "刘洋", "陈静", "杨磊", "赵敏", "周杰", "孙丽", "马超"]
DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}
HHMM = {"type": "string", "pattern": r"^\d{2}:\d{2}$", "description": "HH:MM, 24-hour"}


def tool_with(name: str, description: str, required: list[str], properties: dict) -> ToolDefinition:
    """`tool` for schemas with a property called `name`."""
    return ToolDefinition(name=name, description=description,
                          parameters={"type": "object", "properties": properties, "required": required})


def L(lang: str, en: str, zh: str) -> str:
    return en if lang == "en" else zh


def _day(rng: random.Random) -> dt.date:
    return dt.date(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 364))


def _num(rng: random.Random, digits: int) -> int:
    return rng.randint(10 ** (digits - 1), 10 ** digits - 1)


def _when(rng: random.Random, day: dt.date, lang: str, lo: int = 1, hi: int = 9) -> tuple[dt.date, str]:
    """A day ahead, as the user says it: tomorrow, in n days, or the date (the agent resolves it)."""
    n = rng.randint(lo, hi)
    t = day + dt.timedelta(days=n)
    kind = rng.random()
    if lang == "en":
        if n == 1 and kind < 0.7:
            return t, "tomorrow"
        if n == 2 and kind < 0.5:
            return t, "the day after tomorrow"
        if kind < 0.35:
            return t, f"in {n} days"
        return t, f"on {WD_EN[t.weekday()]} {t.day} {MONTHS_EN[t.month - 1]}"
    if n == 1 and kind < 0.7:
        return t, "明天"
    if n == 2 and kind < 0.5:
        return t, "后天"
    if kind < 0.35:
        return t, f"{n}天后"
    return t, f"{t.month}月{t.day}日（{WD_ZH[t.weekday()]}）"


def _phone(rng: random.Random, lang: str) -> str:
    if lang == "en":
        return f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
    return f"1{rng.choice('3589')}{rng.randint(0, 9)}{rng.randint(10_000_000, 99_999_999)}"


def _history(user: str, calls: list[tuple[str, dict]], results: list, answer: str) -> list[dict]:
    return [{"role": "user", "text": user},
            {"role": "assistant", "calls": [{"name": n, "arguments": a} for n, a in calls]},
            {"role": "tool", "results": results},
            {"role": "assistant", "text": answer}]


# ============================================================================================
# a village's septic-tank emptying service
# ============================================================================================

TANKS = {"en": [("septic tank", "septic"), ("cesspit", "cesspool"), ("sewage treatment plant", "treatment_plant")],
         "zh": [("化粪池", "septic"), ("污水池", "cesspool"), ("污水处理装置", "treatment_plant")]}
TANK_ENUM = {"type": "string", "enum": ["septic", "cesspool", "treatment_plant"]}
POSTCODES = {"en": ["TA3 6RN", "EX20 4LP", "SY23 5AH", "LD3 0PW", "DT2 7QQ"],
             "zh": ["314400", "215200", "311800", "225600", "529300"]}


def _septic_tools() -> list:
    return [
        tool("find_emptying_slots", "List the tanker's free emptying slots for a property on a date.",
             ["postcode", "date", "tank_type"], postcode={"type": "string", "description": "postcode of the property"},
             date=DATE, tank_type=TANK_ENUM),
        tool("book_emptying", "Book a tanker slot to empty a septic tank, cesspool or treatment plant.",
             ["slot_id", "account_id", "tank_type"], slot_id={"type": "string"},
             account_id={"type": "string", "description": "customer account number"}, tank_type=TANK_ENUM,
             contact_phone={"type": "string"},
             access_notes={"type": "string", "description": "how the driver reaches the tank"}),
        tool("get_account", "Read a customer account: address, tank details and last emptying.", ["account_id"],
             account_id={"type": "string"}),
        tool("request_soakaway_survey", "Ask for a drainage engineer to survey a soakaway or drainage field.",
             ["postcode", "date"], postcode={"type": "string"}, date=DATE),
    ]


def _septic_context(rng: random.Random, d: Draft) -> str:
    acct = f"SEP-{_num(rng, 6)}"
    d.user_id = f"u-{_num(rng, 5)}"
    d.attributes = {"tenant.id": "wessex-rural-services", "customer.account_id": acct}
    d.resource = {"service.name": "septic-agent", "deployment.environment": "prod"}
    return acct


def septic_booking(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when, when_words = _when(rng, day, lang, 1, 12)
    word, tank = rng.choice(TANKS[lang])
    pc = rng.choice(POSTCODES[lang])
    phone = _phone(rng, lang)
    gate = rng.random() < 0.5
    request = L(lang,
                f"Can you book someone to empty our {word} at {pc} {when_words}? Morning if possible. "
                f"My mobile is {phone} if the driver needs to call." + (" The tank is round the back, through the side gate." if gate else ""),
                f"帮我约一下{when_words}来抽{word}，邮编{pc}，最好是上午。司机有事可以打我手机{phone}。" + ("罐子在屋后，要从侧门进。" if gate else ""))
    morning, afternoon = f"SL-{_num(rng, 5)}", f"SL-{_num(rng, 5)}"
    d = Draft("septic", lang, request, None, _septic_tools(), [], day)
    acct = _septic_context(rng, d)
    price = rng.choice([165, 180, 195, 210]) if lang == "en" else rng.choice([380, 450, 520])
    cur = "GBP" if lang == "en" else "CNY"
    find = Step("find_emptying_slots", {"postcode": pc, "date": when.isoformat(), "tank_type": tank},
                {"date": when.isoformat(), "slots": [{"slot_id": morning, "window": "08:00-10:00"},
                                                      {"slot_id": afternoon, "window": "13:00-15:00"}]})
    args = {"slot_id": morning, "account_id": acct, "tank_type": tank, "contact_phone": phone}
    if gate:
        args["access_notes"] = L(lang, "Tank at the back, go through the side gate", "罐子在屋后，从侧门进")
    ref = f"SE-{_num(rng, 6)}"
    book = Step("book_emptying", args, {"booking_ref": ref, "status": "confirmed", "window": "08:00-10:00",
                                        "price": {"amount": price, "currency": cur}})
    d.steps = [find, book]
    money = f"£{price}" if lang == "en" else f"{price}元"
    d.output = L(lang, f"Booked: your {word} will be emptied on {when.isoformat()} between 08:00 and 10:00 "
                       f"(ref {ref}, {money}). The driver will ring {phone} if needed.",
                 f"已预约：{when.isoformat()} 上午8点到10点来抽{word}（预约号 {ref}，费用{money}）。司机有事会打{phone}。")
    d.facts = {"enum_word": word, "extra_value": pc, "date_format": True,
               "success_text": L(lang, f"All booked for {when.isoformat()}, 08:00-10:00.", f"已经约好{when.isoformat()}上午8点到10点。"),
               "wrong_output": L(lang, f"I've requested a soakaway survey at {pc} for {when.isoformat()}.",
                                 f"已为邮编{pc}申请了{when.isoformat()}的渗水井勘察。")}
    d.roles = {"lookup": find, "producer": find, "plain": find, "main": book, "write": book,
               "distractor": Step("request_soakaway_survey", {"postcode": pc, "date": when.isoformat()},
                                  {"survey_ref": f"SV-{_num(rng, 5)}", "status": "requested"})}
    d.slots = {"date": (find, "date"), "enum": (find, "tank_type"), "copied_id": (book, "slot_id"),
               "context_id": (book, "account_id"), "extra": (book, "postcode")}
    d.patterns = ["relative or spoken date resolved from the trace day", "tank word mapped to its enum member",
                  "account id from the trace context", "slot id copied from the lookup",
                  "the user's own phone number sent and repeated"] + (["access note paraphrased from the request"] if gate else [])
    return d


def _add_months(d: dt.date, months: int) -> dt.date:
    m = d.month - 1 + months
    return d.replace(year=d.year + m // 12, month=m % 12 + 1)


def septic_next_due(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    last = day - dt.timedelta(days=rng.randint(120, 170))
    last = last.replace(day=min(last.day, 28))
    nxt = _add_months(last, 6)
    word, tank = rng.choice(TANKS[lang])
    pc = rng.choice(POSTCODES[lang])
    request = L(lang, f"When did you last empty our {word}? Please book the next one for six months after that.",
                f"我们家的{word}上次是哪天抽的？按那天往后推半年再约一次。")
    d = Draft("septic", lang, request, None, _septic_tools(), [], day)
    acct = _septic_context(rng, d)
    holder = rng.choice(EN_NAMES if lang == "en" else ZH_NAMES)
    account = Step("get_account", {"account_id": acct},
                   {"account_id": acct, "holder": holder, "postcode": pc, "tank_type": tank,
                    "capacity_litres": rng.choice([2800, 3600, 4500]), "last_emptied": last.isoformat()})
    slot = f"SL-{_num(rng, 5)}"
    window = rng.choice(["08:00-10:00", "10:30-12:30", "13:00-15:00"])
    find = Step("find_emptying_slots", {"postcode": pc, "date": nxt.isoformat(), "tank_type": tank},
                {"date": nxt.isoformat(), "slots": [{"slot_id": slot, "window": window}]})
    ref = f"SE-{_num(rng, 6)}"
    book = Step("book_emptying", {"slot_id": slot, "account_id": acct, "tank_type": tank},
                {"booking_ref": ref, "status": "confirmed", "date": nxt.isoformat(), "window": window})
    d.steps = [account, find, book]
    def out(n: str) -> str:
        return L(lang, f"Your {word} was last emptied on {last.isoformat()}. Six months on is {n}, and "
                       f"I've booked the {window} slot that day (ref {ref}).",
                 f"上次抽{word}是{last.isoformat()}。半年后是{n}，已经约了当天{window}的时段（预约号 {ref}）。")
    d.output = out(nxt.isoformat())
    d.facts = {"output_for": out, "enum_word": word, "date_format": True, "extra_value": pc,
               "success_text": L(lang, f"Booked for {nxt.isoformat()}, {window}.", f"已约好{nxt.isoformat()} {window}。")}
    d.roles = {"lookup": account, "plain": account, "producer": find, "main": book, "write": book}
    d.slots = {"context_id": (account, "account_id"), "date": (find, "date"), "computed": (find, "date"),
               "copied_id": (book, "slot_id"), "extra": (book, "postcode")}
    d.patterns = ["date six months after a date read from a result", "postcode and tank type copied from the account",
                  "account id from the trace context"]
    return d


# ============================================================================================
# a theatre's costume fitting appointments
# ============================================================================================

ROOMS = ["Wardrobe 1", "Wardrobe 2", "Green Room"]
STAGES = {"en": [("first fitting", "first"), ("second fitting", "second"), ("final fitting", "final")],
          "zh": [("第一次试装", "first"), ("第二次试装", "second"), ("最后一次试装", "final")]}
PRODUCTIONS = [("The Tempest", "PRD-TMP25"), ("Cinderella", "PRD-CIN25"), ("Blithe Spirit", "PRD-BLS25"),
               ("Into the Woods", "PRD-ITW25")]


def _costume_tools() -> list:
    room = {"type": "string", "enum": ROOMS}
    minutes = {"type": "integer", "minimum": 15, "maximum": 240, "description": "length in minutes"}
    return [
        tool("list_fittings", "List the costume fittings booked for a production on a day.", ["production", "date"],
             production={"type": "string"}, date=DATE),
        tool("check_room", "Check whether a fitting room is free for a time window.",
             ["room", "date", "start_time", "duration_minutes"], room=room, date=DATE, start_time=HHMM,
             duration_minutes=minutes),
        tool("book_fitting", "Book a costume fitting for a performer in a fitting room.",
             ["production_id", "performer", "room", "date", "start_time", "duration_minutes"],
             production_id={"type": "string"}, performer={"type": "string"}, room=room, date=DATE,
             start_time=HHMM, duration_minutes=minutes,
             stage={"type": "string", "enum": ["first", "second", "final"], "default": "first"}),
        tool("reschedule_fitting", "Move an existing fitting to another time on the same or another day.",
             ["fitting_id", "date", "start_time"], fitting_id={"type": "string"}, date=DATE, start_time=HHMM),
        tool("cancel_fitting", "Cancel a costume fitting.", ["fitting_id"], fitting_id={"type": "string"}),
    ]


def costume_reschedule(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when = day + dt.timedelta(days=rng.randint(0, 5))
    production, prod_id = rng.choice(PRODUCTIONS)
    names = rng.sample(EN_NAMES if lang == "en" else ZH_NAMES, 3)
    slots = ["10:00", "11:00", "12:00"]
    fittings = [{"fitting_id": f"F-{_num(rng, 4)}", "performer": n, "start": s, "room": rng.choice(ROOMS),
                 "duration_minutes": rng.choice([30, 45, 60])} for n, s in zip(names, slots)]
    target = rng.choice(fittings)
    new_time, time_words = rng.choice([("15:00", L(lang, "3pm", "下午3点")), ("14:30", L(lang, "half past two", "下午两点半")),
                                       ("16:00", L(lang, "4 o'clock", "下午4点"))])
    first = target["performer"].split()[0] if lang == "en" else target["performer"]
    listing = L(lang, "; ".join(f"{f['performer']} at {f['start']} in {f['room']}" for f in fittings),
                "；".join(f"{f['performer']} {f['start']} 在{f['room']}" for f in fittings))
    d = Draft("costume", lang, L(lang, f"Move {first}'s one to {time_words}, same room please.",
                                 f"把{first}那场挪到{time_words}，房间不变。"), None, _costume_tools(), [], day)
    d.history = _history(L(lang, f"What fittings have we got for {production} on {when.isoformat()}?",
                           f"{when.isoformat()}《{production}》有哪些试装？"),
                         [("list_fittings", {"production": production, "date": when.isoformat()})],
                         [{"fittings": fittings}],
                         L(lang, f"Three fittings that day: {listing}.", f"那天有三场试装：{listing}。"))
    d.user_id = f"wardrobe-{_num(rng, 3)}"
    d.attributes = {"theatre.production_id": prod_id}
    check = Step("check_room", {"room": target["room"], "date": when.isoformat(), "start_time": new_time,
                                "duration_minutes": target["duration_minutes"]}, {"free": True})
    move = Step("reschedule_fitting", {"fitting_id": target["fitting_id"], "date": when.isoformat(), "start_time": new_time},
                {"fitting_id": target["fitting_id"], "start": new_time, "room": target["room"], "status": "rescheduled"})
    d.steps = [check, move]
    d.output = L(lang, f"Done: {target['performer']}'s fitting ({target['fitting_id']}) is now at {new_time} on "
                       f"{when.isoformat()}, still in {target['room']}.",
                 f"好了：{target['performer']}的试装（{target['fitting_id']}）改到{when.isoformat()} {new_time}，仍在{target['room']}。")
    d.facts = {"date_format": True, "extra_value": first,
               "success_text": L(lang, f"Moved to {new_time}.", f"已改到{new_time}。"),
               "wrong_output": L(lang, f"Done: {target['performer']}'s fitting {target['fitting_id']} is cancelled.",
                                 f"好了：{target['performer']}的试装 {target['fitting_id']} 已取消。")}
    d.roles = {"lookup": check, "plain": check, "main": move, "write": move,
               "distractor": Step("cancel_fitting", {"fitting_id": target["fitting_id"]}, {"status": "cancelled"})}
    d.slots = {"history_id": (move, "fitting_id"), "date": (check, "date"), "extra": (move, "performer")}
    d.patterns = ["fitting id, room, day and length taken from the earlier turn", "spoken time as HH:MM",
                  "performer named by first name only"]
    return d


def costume_compare(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when, when_words = _when(rng, day, lang, 1, 8)
    production, prod_id = rng.choice(PRODUCTIONS)
    performer = rng.choice(EN_NAMES if lang == "en" else ZH_NAMES)
    minutes, dur_words = rng.choice([(90, L(lang, "an hour and a half", "一个半小时")), (120, L(lang, "two hours", "两个小时")),
                                     (45, L(lang, "45-minute", "45分钟")), (60, L(lang, "one-hour", "一小时"))])
    start, time_words = rng.choice([("10:00", L(lang, "10am", "上午10点")), ("14:00", L(lang, "2pm", "下午2点")),
                                    ("11:30", L(lang, "11:30", "上午11点半"))])
    stage_word, stage = rng.choice(STAGES[lang])
    request = L(lang, f"Can you book {performer}'s {stage_word} for {production}, {dur_words}, {when_words} at {time_words}? "
                      f"Wardrobe 1, Wardrobe 2 or the Green Room, whichever's free.",
                f"帮{performer}约一下《{production}》的{stage_word}，{dur_words}，{when_words}{time_words}开始，"
                f"Wardrobe 1、Wardrobe 2 或 Green Room 哪个空就订哪个。")
    d = Draft("costume", lang, request, None, _costume_tools(), [], day)
    d.user_id = f"wardrobe-{_num(rng, 3)}"
    d.attributes = {"theatre.production_id": prod_id, "theatre.venue": "Playhouse"}
    frees = [rng.random() < 0.5 for _ in ROOMS]
    if not any(frees):
        frees[rng.randrange(3)] = True
    checks = [Step("check_room", {"room": r, "date": when.isoformat(), "start_time": start, "duration_minutes": minutes},
                   {"room": r, "free": f} | ({} if f else {"busy_until": "16:00"}), parallel=i > 0)
              for i, (r, f) in enumerate(zip(ROOMS, frees))]
    room = ROOMS[frees.index(True)]
    fid = f"F-{_num(rng, 4)}"
    args = {"production_id": prod_id, "performer": performer, "room": room, "date": when.isoformat(),
            "start_time": start, "duration_minutes": minutes}
    if stage != "first" or rng.random() < 0.5:
        args["stage"] = stage
    book = Step("book_fitting", args, {"fitting_id": fid, "status": "booked"})
    d.steps = [*checks, book]
    d.output = L(lang, f"Booked {performer}'s {stage_word} in {room} on {when.isoformat()} from {start} for "
                       f"{minutes} minutes (fitting {fid}).",
                 f"已在{room}为{performer}约好{stage_word}：{when.isoformat()} {start}开始，{minutes}分钟（编号 {fid}）。")
    d.facts = {"enum_word": stage_word, "date_format": True, "extra_value": production,
               "success_text": L(lang, f"Booked in {room}.", f"已订{room}。")}
    d.roles = {"lookup": checks[0], "plain": checks[1], "main": book, "write": book}
    d.slots = {"date": (book, "date"), "context_id": (book, "production_id"), "extra": (book, "production")}
    if "stage" in args:
        d.slots["enum"] = (book, "stage")
    d.patterns = ["three rooms checked in one turn", "spoken duration in minutes", "production id from the trace context",
                  "relative or spoken date resolved", "stage word mapped to its enum member"]
    return d


# ============================================================================================
# a coastal lifeguard rota (tools described in Chinese)
# ============================================================================================

BEACHES = {"en": ["North Beach", "South Cove", "Sandy Bay", "Harbour Beach"], "zh": ["北滩", "南湾", "银沙滩", "港口海滩"]}


def _lifeguard_tools() -> list:
    s = {"type": "string"}
    return [
        tool_with("find_beach", "按名称查找海滩，返回 beach_id", ["name", "council_id"],
                  {"name": s, "council_id": {"type": "string", "description": "所属市议会编号"}}),
        tool("get_rota", "查询某海滩某天的救生员排班", ["beach_id", "date"], beach_id=s, date=DATE),
        tool("get_flag_forecast", "查询海滩某天的旗帜与海况预报", ["beach_id", "date"], beach_id=s, date=DATE),
        tool("request_cover", "为某海滩某天申请增派救生员", ["beach_id", "date"], beach_id=s, date=DATE),
        tool("list_shifts", "列出某救生员在日期范围内的班次", ["guard_id", "from_date", "to_date"], guard_id=s,
             from_date=DATE, to_date=DATE),
        tool_with("find_guard", "按姓名查找救生员", ["name"], {"name": s}),
        tool("swap_shifts", "交换两个班次（双方须已同意）", ["shift_a", "shift_b"], shift_a=s, shift_b=s),
        tool("cancel_shift", "放弃一个班次", ["shift_id"], shift_id=s),
        tool("export_rota", "导出排班表，返回导出任务编号", ["beach_id", "week_start", "week_end"], beach_id=s,
             week_start=DATE, week_end=DATE, format={"type": "string", "enum": ["pdf", "xlsx"], "default": "pdf"}),
        tool("get_job_status", "查询导出任务的进度（可反复查询直到完成）", ["job_id"], job_id=s),
        tool("log_incident", "登记一起救生事件", ["beach_id", "date", "time", "category", "severity", "summary"],
             beach_id=s, date=DATE, time=HHMM,
             category={"type": "string", "enum": ["first_aid", "rescue", "lost_child", "other"]},
             severity={"type": "string", "enum": ["minor", "moderate", "serious"]}, summary=s,
             hospital_transfer={"type": "boolean", "default": False}),
    ]


def _lifeguard_context(rng: random.Random, d: Draft) -> str:
    council = rng.choice(["CNL-CORN-04", "CNL-DEVN-11", "CNL-PEMB-02"])
    d.user_id = f"LG-{_num(rng, 4)}"
    d.resource = {"tenant.id": council, "service.name": "lifeguard-agent"}
    return council


def lifeguard_question(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when, when_words = _when(rng, day, lang, 1, 5)
    beach = rng.choice(BEACHES[lang])
    request = L(lang, f"Who's on duty at {beach} {when_words}, and what's the flag forecast?",
                f"{when_words}{beach}谁值班？旗子预报是什么？")
    d = Draft("lifeguard", lang, request, None, _lifeguard_tools(), [], day)
    council = _lifeguard_context(rng, d)
    bid = f"BCH-{_num(rng, 3)}"
    names = rng.sample(EN_NAMES if lang == "en" else ZH_NAMES, 2)
    flag = rng.choice(["red and yellow", "red", "yellow"])
    find = Step("find_beach", {"name": beach, "council_id": council}, {"beach_id": bid, "name": beach})
    rota = Step("get_rota", {"beach_id": bid, "date": when.isoformat()},
                {"date": when.isoformat(), "shifts": [{"guard": names[0], "start": "10:00", "end": "14:00"},
                                                      {"guard": names[1], "start": "14:00", "end": "18:00"}]})
    flags = Step("get_flag_forecast", {"beach_id": bid, "date": when.isoformat()},
                 {"flag": flag, "swell_m": rng.choice([0.5, 1.2, 2.0]), "wind": "SW 12 kt"}, parallel=True)
    d.steps = [find, rota, flags]
    zh_flag = {"red and yellow": "红黄旗", "red": "红旗", "yellow": "黄旗"}[flag]
    d.output = L(lang, f"On {when.isoformat()} {names[0]} covers 10:00-14:00 and {names[1]} 14:00-18:00 at {beach}. "
                       f"The forecast is a {flag} flag.",
                 f"{when.isoformat()}{beach}：{names[0]} 10:00-14:00，{names[1]} 14:00-18:00。预报是{zh_flag}。")
    d.facts = {"date_format": True, "extra_value": beach,
               "wrong_output": L(lang, f"I've asked for extra cover at {beach} on {when.isoformat()}.",
                                 f"已为{beach}{when.isoformat()}申请增派救生员。")}
    d.roles = {"lookup": rota, "producer": find, "plain": find, "main": rota,
               "distractor": Step("request_cover", {"beach_id": bid, "date": when.isoformat()}, {"status": "requested"})}
    d.slots = {"context_id": (find, "council_id"), "copied_id": (rota, "beach_id"), "date": (rota, "date"),
               "extra": (flags, "beach_name")}
    d.patterns = ["council id from the resource", "beach id copied from a lookup", "two lookups in one turn",
                  "English request against Chinese tool descriptions" if lang == "en" else "relative date resolved"]
    return d


def lifeguard_swap(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    d1, w1 = _when(rng, day, lang, 2, 6)
    d2 = d1 + dt.timedelta(days=rng.choice([1, 2, 7]))
    w2 = L(lang, f"{WD_EN[d2.weekday()]} the {d2.day}", f"{d2.month}月{d2.day}日")
    other = rng.choice(EN_NAMES if lang == "en" else ZH_NAMES)
    request = L(lang, f"Can you swap my shift {w1} with {other}'s on {w2}? They've agreed.",
                f"帮我把{w1}的班和{other}{w2}的班换一下，对方已经同意了。")
    d = Draft("lifeguard", lang, request, None, _lifeguard_tools(), [], day)
    _lifeguard_context(rng, d)
    me = d.user_id
    gid = f"LG-{_num(rng, 4)}"
    a, b = f"SH-{_num(rng, 5)}", f"SH-{_num(rng, 5)}"
    beach = rng.choice(BEACHES[lang])
    mine = Step("list_shifts", {"guard_id": me, "from_date": d1.isoformat(), "to_date": d1.isoformat()},
                {"shifts": [{"shift_id": a, "date": d1.isoformat(), "beach": beach, "start": "10:00", "end": "18:00"}]})
    find = Step("find_guard", {"name": other}, {"guard_id": gid, "name": other}, parallel=True)
    theirs = Step("list_shifts", {"guard_id": gid, "from_date": d2.isoformat(), "to_date": d2.isoformat()},
                  {"shifts": [{"shift_id": b, "date": d2.isoformat(), "beach": beach, "start": "10:00", "end": "18:00"}]})
    swap = Step("swap_shifts", {"shift_a": a, "shift_b": b}, {"status": "swapped"})
    d.steps = [mine, find, theirs, swap]
    d.output = L(lang, f"Swapped: you now work {d2.isoformat()} at {beach} and {other} takes your {d1.isoformat()} shift.",
                 f"已换好：你改上{d2.isoformat()}的{beach}班，{other}接你{d1.isoformat()}的班。")
    d.facts = {"date_format": True, "extra_value": other,
               "success_text": L(lang, "The swap is done.", "已经换好了。"),
               "wrong_output": L(lang, f"I've dropped your shift on {d1.isoformat()}.", f"已放弃你{d1.isoformat()}的班。")}
    d.roles = {"lookup": find, "plain": find, "producer": theirs, "main": swap, "write": swap,
               "distractor": Step("cancel_shift", {"shift_id": a}, {"status": "cancelled"})}
    d.slots = {"user_id": (mine, "guard_id"), "date": (mine, "from_date"), "copied_id": (swap, "shift_b"),
               "extra": (swap, "guard_name")}
    d.patterns = ["own guard id from user.id", "the other guard found by name, then their shift",
                  "shift ids copied from results", "relative date resolved"]
    return d


def lifeguard_export(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    start = day + dt.timedelta(days=7 - day.weekday())  # next Monday
    end = start + dt.timedelta(days=6)
    beach = rng.choice(BEACHES[lang])
    request = L(lang, f"Export next week's rota for {beach} as a PDF so I can pin it up in the hut.",
                f"把{beach}下周的排班表导出成PDF，我要贴在岗亭里。")
    d = Draft("lifeguard", lang, request, None, _lifeguard_tools(), [], day)
    council = _lifeguard_context(rng, d)
    bid, job = f"BCH-{_num(rng, 3)}", f"JOB-{_num(rng, 6)}"
    find = Step("find_beach", {"name": beach, "council_id": council}, {"beach_id": bid, "name": beach})
    args = {"beach_id": bid, "week_start": start.isoformat(), "week_end": end.isoformat()}
    if rng.random() < 0.5:
        args["format"] = "pdf"
    export = Step("export_rota", args, {"job_id": job, "status": "queued"})
    polls = rng.randint(2, 4)
    steps = [find, export]
    for i in range(polls):
        done = i == polls - 1
        steps.append(Step("get_job_status", {"job_id": job},
                          {"job_id": job, "status": "done", "url": f"https://files.example/rota/{job}.pdf"} if done
                          else {"job_id": job, "status": "running", "progress": 30 + 25 * i}, duration=80))
    d.steps = steps
    def out(last: str) -> str:
        return L(lang, f"Here is the {beach} rota for {start.isoformat()} to {last}: https://files.example/rota/{job}.pdf",
                 f"{beach} {start.isoformat()} 至 {last} 的排班表：https://files.example/rota/{job}.pdf")
    d.output = out(end.isoformat())
    d.facts = {"output_for": out, "date_format": True, "extra_value": beach}
    d.roles = {"lookup": find, "plain": find, "producer": export, "main": export}
    d.slots = {"context_id": (find, "council_id"), "copied_id": (steps[2], "job_id"), "date": (export, "week_start"),
               "computed": (export, "week_end"), "extra": (export, "beach_name")}
    d.patterns = ["next week's Monday and Sunday from the trace day", "export polled with a status tool until done",
                  "format left to its schema default" if "format" not in args else "format as the enum member"]
    return d


def lifeguard_incident_retry(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    beach = rng.choice(BEACHES[lang])
    hh, mm = rng.randint(10, 17), rng.choice([5, 20, 35, 50])
    t12 = f"{hh - 12 if hh > 12 else hh}:{mm:02d}{'pm' if hh >= 12 else 'am'}"
    request = L(lang, f"Log a first aid incident at {beach} today at {t12}: a kid with a jellyfish sting, treated "
                      f"with vinegar and ice, nothing serious, no hospital.",
                f"登记一下今天{hh}点{mm}分在{beach}的急救事件：一个小孩被水母蜇了，用醋和冰敷处理了，不严重，没去医院。")
    d = Draft("lifeguard", lang, request, None, _lifeguard_tools(), [], day)
    council = _lifeguard_context(rng, d)
    bid = f"BCH-{_num(rng, 3)}"
    find = Step("find_beach", {"name": beach, "council_id": council}, {"beach_id": bid, "name": beach})
    args = {"beach_id": bid, "date": day.isoformat(), "time": f"{hh:02d}:{mm:02d}", "category": "first_aid",
            "severity": "minor",
            "summary": L(lang, "Child stung by a jellyfish, treated with vinegar and ice.", "小孩被水母蜇伤，用醋和冰敷处理。"),
            "hospital_transfer": False}
    first = Step("log_incident", args, error="503 Service Unavailable", duration=3000)
    retry = Step("log_incident", args, {"incident_id": f"INC-{_num(rng, 5)}", "status": "logged"})
    d.steps = [find, first, retry]
    d.output = L(lang, f"Logged as incident {retry.result['incident_id']} (first aid, minor) at {beach}, "
                       f"{day.isoformat()} {hh:02d}:{mm:02d}. The first attempt hit a 503, the retry went through.",
                 f"已登记事件 {retry.result['incident_id']}（急救，轻微），{beach} {day.isoformat()} {hh:02d}:{mm:02d}。"
                 f"第一次提交遇到503，重试成功。")
    d.facts = {"date_format": True, "twins": [(first, retry)], "enum_word": L(lang, "nothing serious", "不严重"),
               "extra_value": beach}
    d.roles = {"lookup": find, "plain": find, "main": find, "producer": find}
    d.slots = {"context_id": (find, "council_id"), "date": (first, "date"), "enum": (first, "severity"),
               "copied_id": (first, "beach_id")}
    d.patterns = ["identical retry after a 503 that succeeds", "12-hour time as HH:MM", "today from the trace day",
                  "severity and category from the user's words", "summary paraphrased"]
    return d


# ============================================================================================
# a village's defibrillator checks
# ============================================================================================

LOCATIONS = {"en": ["the village hall", "the Red Lion", "the old phone box on Church Lane", "the cricket pavilion"],
             "zh": ["村委会门口", "老电话亭", "小学门口", "菜场东门"]}


def _defib_tools() -> list:
    s = {"type": "string"}
    return [
        tool("list_devices", "List the parish's public-access defibrillators and their status.", ["parish_id"], parish_id=s),
        tool("find_defib", "Find a defibrillator by where it is.", ["location"], location=s),
        tool("log_check", "Record a routine check of a defibrillator.",
             ["device_id", "check_date", "pads_expiry", "battery_pct", "checked_by"], device_id=s, check_date=DATE,
             pads_expiry=DATE, battery_pct={"type": "integer", "minimum": 0, "maximum": 100}, heater_ok={"type": "boolean"},
             checked_by={"type": "string", "description": "volunteer id"}),
        tool("order_replacement_pads", "Order replacement electrode pads for a defibrillator.", ["device_id"], device_id=s),
        tool("start_export", "Start an export of the check log for a date range; returns a job id.",
             ["parish_id", "from_date", "to_date", "format"], parish_id=s, from_date=DATE, to_date=DATE,
             format={"type": "string", "enum": ["csv", "xlsx", "pdf"]}),
        tool("get_export_status", "Check the progress of an export job; poll until status is done.", ["job_id"], job_id=s),
        tool("send_email", "Send an e-mail.", ["to", "subject", "body"], to=s, subject=s, body=s),
    ]


FORMATS = {"en": [("as an Excel file", "xlsx", "Excel file"), ("as comma-separated values", "csv", "comma-separated"),
                  ("as a PDF I can print", "pdf", "printable")],
           "zh": [("导出成Excel表格", "xlsx", "Excel表格"), ("导出成PDF文档", "pdf", "PDF文档"), ("导出成逗号分隔的文件", "csv", "逗号分隔")]}


def defib_export(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    q = (day.month - 1) // 3
    qs = dt.date(day.year, 3 * q + 1, 1)
    frm = _add_months(qs, -3)
    to = qs - dt.timedelta(days=1)
    words, fmt, fmt_word = rng.choice(FORMATS[lang])
    email = rng.random() < 0.4
    clerk = rng.choice(["clerk@stmarys-pc.example", "parish.clerk@upton.example"])
    request = L(lang, f"Export last quarter's defibrillator check log {words} for the parish council meeting"
                      + (f", and email it to {clerk}." if email else "."),
                f"把上个季度的除颤器检查记录{words}，开教区会要用" + (f"，再发邮件给{clerk}。" if email else "。"))
    d = Draft("defib", lang, request, None, _defib_tools(), [], day)
    parish = f"PAR-{_num(rng, 4)}"
    d.user_id = f"vol-{_num(rng, 4)}"
    d.attributes = {"parish.id": parish}
    d.resource = {"tenant.id": "heartsafe-villages"}
    n = rng.randint(2, 5)
    devs = Step("list_devices", {"parish_id": parish},
                {"devices": [{"device_id": f"AED-{_num(rng, 4)}", "location": loc, "status": "ready"}
                             for loc in rng.sample(LOCATIONS[lang], min(n, 4))]})
    job = f"EXP-{_num(rng, 6)}"
    start = Step("start_export", {"parish_id": parish, "from_date": frm.isoformat(), "to_date": to.isoformat(),
                                  "format": fmt}, {"job_id": job, "status": "queued"})
    steps = [devs, start]
    polls = rng.randint(2, 4)
    url = f"https://files.example/aed/{job}.{fmt}"
    rows = rng.randint(20, 60)
    for i in range(polls):
        done = i == polls - 1
        steps.append(Step("get_export_status", {"job_id": job},
                          {"status": "done", "rows": rows, "url": url} if done else {"status": "running", "progress": 20 + 30 * i},
                          duration=70))
    if email:
        steps.append(Step("send_email", {"to": clerk, "subject": L(lang, "Defibrillator checks, last quarter", "上季度除颤器检查记录"),
                                         "body": L(lang, f"Checks from {frm.isoformat()} to {to.isoformat()}: {url}",
                                                   f"{frm.isoformat()} 至 {to.isoformat()} 的检查记录：{url}")},
                          {"sent": True}))
    d.steps = steps
    count = len(devs.result["devices"])
    def out(end: str) -> str:
        return L(lang, f"The export of {rows} checks on the parish's {count} defibrillators from {frm.isoformat()} to "
                       f"{end} is ready: {url}" + (f" — also emailed to {clerk}." if email else ""),
                 f"已导出{frm.isoformat()}至{end}教区{count}台除颤器的{rows}条检查记录：{url}"
                 + (f"，并已发邮件给{clerk}。" if email else ""))
    d.output = out(to.isoformat())
    d.facts = {"output_for": out, "enum_word": fmt_word, "date_format": True, "extra_value": words,
               "success_text": L(lang, "Export done and emailed.", "已导出并发送邮件。"),
               "wrong_output": L(lang, "I've ordered replacement pads.", "已订购替换电极片。")}
    d.roles = {"lookup": devs, "plain": devs, "producer": start, "main": start,
               "distractor": Step("order_replacement_pads", {"device_id": devs.result["devices"][0]["device_id"]},
                                  {"order": f"ORD-{_num(rng, 5)}"})}
    if email:
        d.roles["write"] = steps[-1]
    d.slots = {"context_id": (start, "parish_id"), "date": (start, "from_date"), "computed": (start, "to_date"),
               "enum": (start, "format"), "copied_id": (steps[2], "job_id")}
    d.patterns = ["last quarter's first and last days from the trace day", "parish id from the trace context",
                  "export polled until done", "format word mapped to its enum member"] + (["e-mail address the user gave"] if email else [])
    return d


def defib_check_retry(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    loc = rng.choice(LOCATIONS[lang])
    exp = day + dt.timedelta(days=rng.randint(60, 700))
    pct = rng.randint(55, 99)
    exp_words = L(lang, exp.strftime("%d/%m/%Y"), f"{exp.year}年{exp.month}月{exp.day}日")
    request = L(lang, f"Log today's check on the defib at {loc}: pads in date until {exp_words}, battery showing {pct}%, "
                      f"cabinet heater working.",
                f"登记一下今天{loc}那台除颤器的检查：电极片有效期到{exp_words}，电量{pct}%，箱子加热器正常。")
    d = Draft("defib", lang, request, None, _defib_tools(), [], day)
    d.user_id = f"vol-{_num(rng, 4)}"
    d.attributes = {"parish.id": f"PAR-{_num(rng, 4)}"}
    dev = f"AED-{_num(rng, 4)}"
    find = Step("find_defib", {"location": loc}, {"device_id": dev, "location": loc, "last_check": (day - dt.timedelta(days=28)).isoformat()})
    args = {"device_id": dev, "check_date": day.isoformat(), "pads_expiry": exp.isoformat(), "battery_pct": pct,
            "heater_ok": True, "checked_by": d.user_id}
    first = Step("log_check", args, error=rng.choice(["503 Service Unavailable", "HTTP 503: upstream busy"]), duration=2500)
    retry = Step("log_check", args, {"check_id": f"CHK-{_num(rng, 5)}", "status": "recorded"})
    d.steps = [find, first, retry]
    left = (exp - day).days
    d.output = L(lang, f"Check recorded ({retry.result['check_id']}) for the defib at {loc}. The first save hit a 503 and "
                       f"the retry worked. The pads expire on {exp.isoformat()}, {left} days from today.",
                 f"已记录{loc}除颤器的检查（{retry.result['check_id']}）。第一次保存遇到503，重试成功。电极片{exp.isoformat()}到期，还有{left}天。")
    d.facts = {"date_format": True, "twins": [(first, retry)], "extra_value": loc}
    d.roles = {"lookup": find, "plain": find, "main": find, "producer": find}
    d.slots = {"copied_id": (first, "device_id"), "user_id": (first, "checked_by"), "date": (first, "check_date"),
               "extra": (first, "location")}
    d.patterns = ["identical retry after a 503 that succeeds", "expiry date rewritten as YYYY-MM-DD",
                  "volunteer id from user.id", "days left computed in the answer"]
    return d


# ============================================================================================
# a dog-agility arena's hire
# ============================================================================================

ARENAS = {"en": [("the indoor school", "indoor"), ("the sand paddock", "outdoor_sand"), ("the grass field", "outdoor_grass")],
          "zh": [("室内场", "indoor"), ("沙地场", "outdoor_sand"), ("草地场", "outdoor_grass")]}
ARENA_ENUM = {"type": "string", "enum": ["indoor", "outdoor_sand", "outdoor_grass"]}


def _agility_tools() -> list:
    s = {"type": "string"}
    minutes = {"type": "integer", "minimum": 60, "maximum": 480, "description": "minutes"}
    return [
        tool("get_rates", "Hourly hire rates and the id of an arena.", ["arena"], arena=ARENA_ENUM),
        tool("check_availability", "Is an arena free for a slot?", ["arena_id", "date", "start_time", "duration_minutes"],
             arena_id=s, date=DATE, start_time=HHMM, duration_minutes=minutes),
        tool("create_hire", "Hire an arena for exclusive use by a member.",
             ["arena_id", "date", "start_time", "duration_minutes", "member_id", "dogs", "currency"],
             arena_id=s, date=DATE, start_time=HHMM, duration_minutes=minutes, member_id=s,
             dogs={"type": "integer", "minimum": 1, "maximum": 12},
             currency={"type": "string", "pattern": "^[A-Z]{3}$"},
             quoted_total={"type": "number", "minimum": 0}),
        tool("get_arena_quote", "Price and availability of an arena for a slot.", ["arena", "date", "start_time", "duration_minutes"],
             arena=ARENA_ENUM, date=DATE, start_time=HHMM, duration_minutes=minutes),
        tool("buy_day_pass", "Buy a drop-in pass for the open (shared) training sessions on a day.", ["date", "member_id"],
             date=DATE, member_id=s),
        tool("get_show_calendar", "Agility shows held at the venue on a day.", ["date"], date=DATE),
    ]


def agility_hire(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when, when_words = _when(rng, day, lang, 2, 10)
    word, arena = rng.choice(ARENAS[lang])
    hours = rng.choice([1, 2, 3])
    start, start_words = rng.choice([("09:00", L(lang, "9am", "早上9点")), ("18:30", L(lang, "6:30pm", "晚上6点半")),
                                     ("14:00", L(lang, "2pm", "下午2点"))])
    dogs = rng.randint(2, 6)
    cur, cur_word = rng.choice([("GBP", L(lang, "pounds", "英镑")), ("EUR", L(lang, "euros", "欧元"))])
    hw = L(lang, {1: "an hour", 2: "two hours", 3: "three hours"}[hours], {1: "一小时", 2: "两小时", 3: "三小时"}[hours])
    request = L(lang, f"I'd like to hire {word} for {hw} {when_words} from {start_words}, {dogs} dogs. "
                      f"How much will that be? I'll pay in {cur_word}.",
                f"我想{when_words}{start_words}开始租{word}{hw}，{dogs}只狗。一共多少钱？我用{cur_word}付。")
    d = Draft("agility", lang, request, None, _agility_tools(), [], day)
    member = f"M-{_num(rng, 5)}"
    d.user_id = member
    d.attributes = {"club.id": "AGL-SEVERN"}
    aid = f"AR-{_num(rng, 2)}"
    rate = {"GBP": rng.choice([18, 22, 26, 30]), "EUR": rng.choice([21, 25, 30, 35])}
    total = rate[cur] * hours
    rates = Step("get_rates", {"arena": arena}, {"arena_id": aid, "arena": arena, "hourly": rate, "min_hours": 1})
    check = Step("check_availability", {"arena_id": aid, "date": when.isoformat(), "start_time": start,
                                        "duration_minutes": 60 * hours}, {"free": True})
    hire = Step("create_hire", {"arena_id": aid, "date": when.isoformat(), "start_time": start, "duration_minutes": 60 * hours,
                                "member_id": member, "dogs": dogs, "currency": cur, "quoted_total": total},
                {"hire_id": f"H-{_num(rng, 5)}", "status": "confirmed", "total": total, "currency": cur})
    d.steps = [rates, check, hire]
    sym = {"GBP": "£", "EUR": "€"}[cur]
    def out(t: int) -> str:
        return L(lang, f"Booked {word} on {when.isoformat()} from {start} for {hw} ({hire.result['hire_id']}). "
                       f"At {sym}{rate[cur]} an hour that comes to {sym}{t}.",
                 f"已订好{word}：{when.isoformat()} {start}开始{hw}（{hire.result['hire_id']}）。每小时{rate[cur]}{cur_word}，共{t}{cur_word}。")
    d.output = out(total)
    d.facts = {"output_for": out, "enum_word": word, "extra_value": dogs, "date_format": True,
               "success_text": L(lang, f"Booked — {sym}{total} in total.", f"已订好，共{total}{cur_word}。"),
               "wrong_output": L(lang, f"You have a day pass for the open sessions on {when.isoformat()}.",
                                 f"已为你买了{when.isoformat()}公共训练时段的日票。")}
    d.roles = {"lookup": rates, "plain": rates, "producer": rates, "main": hire, "write": hire,
               "distractor": Step("buy_day_pass", {"date": when.isoformat(), "member_id": member}, {"pass_id": f"DP-{_num(rng, 4)}"})}
    d.slots = {"date": (check, "date"), "enum": (rates, "arena"), "currency": (hire, "currency"), "user_id": (hire, "member_id"),
               "copied_id": (hire, "arena_id"), "computed": (hire, "quoted_total"), "extra": (check, "dogs")}
    d.patterns = ["arena word mapped to its enum member", "hours as minutes", "total computed from the hourly rate",
                  "currency code for the currency named", "member id from user.id"]
    return d


def agility_compare(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when, when_words = _when(rng, day, lang, 2, 10)
    request = L(lang, f"Which arena is cheapest for a two-hour session {when_words} from 10am — and are they free then?",
                f"{when_words}上午10点开始两个小时，哪个场地最便宜？那时候有空吗？")
    d = Draft("agility", lang, request, None, _agility_tools(), [], day)
    d.user_id = f"M-{_num(rng, 5)}"
    prices = rng.sample([36, 40, 44, 48, 52, 56], 3)
    frees = [rng.random() < 0.7 for _ in range(3)]
    arenas = ARENAS[lang]
    quotes = [Step("get_arena_quote", {"arena": a, "date": when.isoformat(), "start_time": "10:00", "duration_minutes": 120},
                   {"arena": a, "free": f, "price": {"amount": p, "currency": "GBP"}}, parallel=i > 0)
              for i, ((_, a), p, f) in enumerate(zip(arenas, prices, frees))]
    d.steps = quotes
    order = sorted(range(3), key=lambda i: prices[i])
    parts = [L(lang, f"{arenas[i][0]} £{prices[i]} ({'free' if frees[i] else 'booked'})",
               f"{arenas[i][0]} {prices[i]}英镑（{'有空' if frees[i] else '已订满'}）") for i in order]
    free_order = [i for i in order if frees[i]]
    best = (L(lang, f"The cheapest free one is {arenas[free_order[0]][0]}.", f"有空的里面最便宜的是{arenas[free_order[0]][0]}。")
            if free_order else L(lang, "None of them is free then.", "那时候都没空。"))
    d.output = L(lang, f"For {when.isoformat()} 10:00-12:00: " + ", ".join(parts) + ". " + best,
                 f"{when.isoformat()} 10:00-12:00：" + "，".join(parts) + "。" + best)
    d.facts = {"date_format": True, "extra_value": L(lang, "10am", "上午10点"),
               "wrong_output": L(lang, f"There are no shows at the venue on {when.isoformat()}.", f"{when.isoformat()}场地没有比赛。")}
    d.roles = {"lookup": quotes[0], "plain": quotes[1], "main": quotes[0],
               "distractor": Step("get_show_calendar", {"date": when.isoformat()}, {"shows": []})}
    d.slots = {"date": (quotes[2], "date"), "extra": (quotes[1], "start")}
    d.patterns = ["three quotes in one turn", "two hours as 120 minutes", "cheapest free option compared in the answer",
                  "spoken 10am as 10:00"]
    return d


# ============================================================================================
# a canal lock-keeper's passage bookings
# ============================================================================================

FLIGHTS = ["Caen Hill", "Foxton", "Hatton", "Tardebigge", "Bingley Five Rise"]
DIRS = {"en": [("uphill", "up"), ("downhill", "down")], "zh": [("上行", "up"), ("下行", "down")]}
BOATS = ["Kingfisher", "Dabchick", "Morning Mist", "Otter's Holt", "Slow Lane"]


def _canal_tools() -> list:
    s = {"type": "string"}
    direction = {"type": "string", "enum": ["up", "down"]}
    return [
        tool("find_passage_windows", "Free passage windows through a flight of locks on a date.",
             ["flight", "date", "direction"], flight=s, date=DATE, direction=direction),
        tool("book_passage", "Book a boat's passage through a lock flight in a window.",
             ["window_id", "boat_name", "boat_length_m", "licence_no", "direction"], window_id=s, boat_name=s,
             boat_length_m={"type": "number", "minimum": 6, "maximum": 22}, licence_no=s, direction=direction),
        tool("list_my_passages", "A boater's passage bookings on a date.", ["boater_id", "date"], boater_id=s, date=DATE),
        tool("cancel_passage", "Cancel a passage booking.", ["passage_ref", "reason"], passage_ref=s,
             reason={"type": "string", "enum": ["breakdown", "weather", "change_of_plans", "other"]}),
        tool("report_stoppage", "Report a fault or blockage at a lock flight.", ["flight", "date"], flight=s, date=DATE),
        tool("get_stoppages", "Current stoppages and restrictions at a lock flight.", ["flight"], flight=s),
    ]


def canal_booking(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when, when_words = _when(rng, day, lang, 1, 9)
    flight, boat = rng.choice(FLIGHTS), rng.choice(BOATS)
    dir_word, direction = rng.choice(DIRS[lang])
    ft = rng.choice([45, 52, 57, 58, 60, 62, 70])
    metres = round(ft * 0.3048, 1)
    request = L(lang, f"Please book narrowboat {boat} ({ft} ft) through {flight} {when_words}, heading {dir_word}. "
                      f"Earliest window is fine.",
                f"帮我约{when_words}过{flight}船闸，{dir_word}，船名{boat}，长{ft}英尺，最早的时段就行。")
    d = Draft("canal", lang, request, None, _canal_tools(), [], day)
    lic = f"PL{_num(rng, 6)}"
    d.user_id = f"boater-{_num(rng, 5)}"
    d.attributes = {"boat.licence_no": lic, "tenant.id": "waterways-south"}
    w1, w2 = f"W-{_num(rng, 5)}", f"W-{_num(rng, 5)}"
    est = rng.choice([150, 200, 330, 95])
    find = Step("find_passage_windows", {"flight": flight, "date": when.isoformat(), "direction": direction},
                {"windows": [{"window_id": w1, "start": "08:30"}, {"window_id": w2, "start": "11:00"}],
                 "est_duration_minutes": est})
    ref = f"CP-{_num(rng, 6)}"
    book = Step("book_passage", {"window_id": w1, "boat_name": boat, "boat_length_m": metres, "licence_no": lic,
                                 "direction": direction}, {"passage_ref": ref, "start": "08:30", "status": "booked"})
    d.steps = [find, book]
    end = (dt.datetime(2000, 1, 1, 8, 30) + dt.timedelta(minutes=est)).strftime("%H:%M")
    d.output = L(lang, f"Booked {boat} through {flight} on {when.isoformat()}, starting 08:30 (ref {ref}). "
                       f"It usually takes {est} minutes, so expect to be through the flight around {end}.",
                 f"已约好{boat}于{when.isoformat()} 08:30过{flight}（编号 {ref}）。通常需要{est}分钟，预计{end}左右过完。")
    d.facts = {"enum_word": dir_word, "extra_value": boat, "date_format": True,
               "success_text": L(lang, f"Booked for 08:30 on {when.isoformat()}.", f"已约好{when.isoformat()} 08:30。"),
               "wrong_output": L(lang, f"I've reported a problem at {flight} for {when.isoformat()}.", f"已上报{flight}{when.isoformat()}的故障。")}
    d.roles = {"lookup": find, "plain": find, "producer": find, "main": book, "write": book,
               "distractor": Step("report_stoppage", {"flight": flight, "date": when.isoformat()}, {"report_id": f"R-{_num(rng, 4)}"})}
    d.slots = {"date": (find, "date"), "enum": (find, "direction"), "context_id": (book, "licence_no"),
               "copied_id": (book, "window_id"), "extra": (find, "boat_name")}
    d.patterns = ["feet converted to metres", "direction word mapped to its enum member", "licence number from the trace context",
                  "earliest window copied", "end time computed in the answer"]
    return d


def canal_cancel(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when, when_words = _when(rng, day, lang, 1, 4)
    flight = rng.choice(FLIGHTS)
    reason, why = rng.choice([("breakdown", L(lang, "we've broken down", "船坏了")), ("weather", L(lang, "the wind's too strong", "风太大")),
                              ("change_of_plans", L(lang, "our plans have changed", "计划变了"))])
    request = L(lang, f"Cancel my passage booking at {flight} {when_words}, {why}.", f"取消我{when_words}在{flight}的过闸预约，{why}。")
    d = Draft("canal", lang, request, None, _canal_tools(), [], day)
    d.user_id = f"boater-{_num(rng, 5)}"
    d.attributes = {"tenant.id": "waterways-south"}
    ref, other = f"CP-{_num(rng, 6)}", f"CP-{_num(rng, 6)}"
    other_flight = rng.choice([f for f in FLIGHTS if f != flight])
    mine = [{"passage_ref": ref, "flight": flight, "start": "09:30"}]
    if rng.random() < 0.5:
        mine.append({"passage_ref": other, "flight": other_flight, "start": "15:00"})
        rng.shuffle(mine)
    lst = Step("list_my_passages", {"boater_id": d.user_id, "date": when.isoformat()}, {"passages": mine})
    cancel = Step("cancel_passage", {"passage_ref": ref, "reason": reason}, {"passage_ref": ref, "status": "cancelled"})
    d.steps = [lst, cancel]
    d.output = L(lang, f"Cancelled your {flight} passage on {when.isoformat()} at 09:30 (ref {ref})."
                 + (f" Your {other_flight} booking that afternoon is unchanged." if len(mine) > 1 else ""),
                 f"已取消你{when.isoformat()} 09:30在{flight}的过闸（编号 {ref}）。" + (f"当天下午{other_flight}的预约不变。" if len(mine) > 1 else ""))
    d.facts = {"enum_word": why, "date_format": True, "extra_value": flight,
               "success_text": L(lang, "Cancelled.", "已取消。"),
               "wrong_output": L(lang, f"There are no stoppages at {flight} right now.", f"{flight}目前没有封闭。")}
    d.roles = {"lookup": lst, "plain": lst, "producer": lst, "main": cancel, "write": cancel,
               "distractor": Step("get_stoppages", {"flight": flight}, {"stoppages": []})}
    d.slots = {"user_id": (lst, "boater_id"), "date": (lst, "date"), "copied_id": (cancel, "passage_ref"),
               "enum": (cancel, "reason"), "extra": (cancel, "flight")}
    d.patterns = ["boater id from user.id", "the right booking picked among the day's", "reason mapped to its enum member"]
    return d


# ============================================================================================
# a hospital radio request line (tools described in Chinese)
# ============================================================================================

SONGS = [("Moon River", "Andy Williams", "月亮河"), ("What a Wonderful World", "Louis Armstrong", "多么美好的世界"),
         ("Jasmine Flower", "Song Zuying", "茉莉花"), ("Danny Boy", "Bing Crosby", "丹尼男孩"),
         ("The Moon Represents My Heart", "Teresa Teng", "月亮代表我的心")]
WARDS = {"en": ["Rowan", "Maple", "Willow", "Cedar"], "zh": ["3号", "5号", "7号", "12号"]}


def _radio_tools() -> list:
    s = {"type": "string"}
    return [
        tool("search_tracks", "在电台曲库中按歌名或歌手搜索歌曲", ["query"], query=s),
        tool("get_show_schedule", "查询某天的节目表", ["date"], date=DATE),
        tool("submit_request", "提交点歌请求", ["show_id", "track_id", "ward", "patient_first_name"], show_id=s, track_id=s,
             ward={"type": "string", "description": "病房"}, patient_first_name=s,
             message={"type": "string", "description": "主持人念的留言"}),
        tool("get_request_status", "查询点歌请求的状态", ["request_id"], request_id=s),
        tool("move_request", "把点歌请求改到另一档节目", ["request_id", "show_id"], request_id=s, show_id=s),
        tool("send_email", "发送电子邮件", ["to", "subject", "body"], to=s, subject=s, body=s),
    ]


def _shows(rng: random.Random, date: dt.date) -> tuple[dict, str]:
    evening = f"SHW-{_num(rng, 4)}"
    return {"date": date.isoformat(), "shows": [{"show_id": f"SHW-{_num(rng, 4)}", "name": "Breakfast on the Wards", "start": "07:00"},
                                                {"show_id": evening, "name": "Evening Requests", "start": "19:00"}]}, evening


def radio_request(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    title, artist, zh_title = rng.choice(SONGS)
    ward = rng.choice(WARDS[lang])
    patient = rng.choice(["Margaret", "Bill", "Joan", "Arthur"]) if lang == "en" else rng.choice(["李阿姨", "王大爷", "张奶奶"])
    pname = patient if lang == "en" else patient[0]
    msg = L(lang, "Get well soon, love from all at the allotment", "祝早日康复，全家想你")
    request = L(lang, f"Could you put in a request for {title} by {artist} for {patient} on {ward} ward, on tonight's "
                      f"show? Message: \"{msg}\".",
                f"帮{ward}病房的{patient}点一首《{zh_title}》，今晚的节目里放，留言：“{msg}”。")
    d = Draft("radio", lang, request, None, _radio_tools(), [], day)
    d.user_id = f"caller-{_num(rng, 4)}"
    d.resource = {"tenant.id": "st-olaves-hospital-radio"}
    tid = f"TR-{_num(rng, 5)}"
    query = title if lang == "en" else zh_title
    search = Step("search_tracks", {"query": query},
                  {"tracks": [{"track_id": tid, "title": title, "artist": artist, "zh_title": zh_title}]})
    sched, evening = _shows(rng, day)
    shows = Step("get_show_schedule", {"date": day.isoformat()}, sched, parallel=True)
    rid = f"RQ-{_num(rng, 4)}"
    submit = Step("submit_request", {"show_id": evening, "track_id": tid, "ward": ward, "patient_first_name": pname,
                                     "message": msg}, {"request_id": rid, "status": "queued"})
    d.steps = [search, shows, submit]
    d.output = L(lang, f"Done — {title} for {patient} on {ward} ward is in for Evening Requests at 19:00 tonight (request {rid}), "
                       f"with your message.",
                 f"好了，已为{ward}病房的{patient}点了《{zh_title}》，今晚19:00的 Evening Requests 播出（请求号 {rid}），留言也附上了。")
    d.facts = {"date_format": True, "extra_value": title if lang == "en" else zh_title,
               "success_text": L(lang, "Your request is in for tonight.", "已经点好，今晚播出。")}
    d.roles = {"lookup": search, "plain": shows, "producer": search, "main": submit, "write": submit}
    d.slots = {"date": (shows, "date"), "copied_id": (submit, "track_id"), "extra": (submit, "song_title")}
    d.patterns = ["tonight's date from the trace day", "search and schedule in one turn", "the evening show picked from the schedule",
                  "message copied verbatim", "Chinese song title matched to the catalogue"]
    return d


def radio_followup(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    title, artist, zh_title = rng.choice(SONGS)
    ward = rng.choice(WARDS[lang])
    patient = rng.choice(["Margaret", "Bill", "Joan", "Arthur"]) if lang == "en" else rng.choice(["李阿姨", "王大爷", "张奶奶"])
    pname = patient if lang == "en" else patient[0]
    rid, tid = f"RQ-{_num(rng, 4)}", f"TR-{_num(rng, 5)}"
    yesterday = day - dt.timedelta(days=1)
    sched_y, evening_y = _shows(rng, yesterday)
    hist = _history(L(lang, f"Please request {title} for {patient} on {ward} ward tonight.", f"今晚给{ward}病房的{patient}点一首《{zh_title}》。"),
                    [("submit_request", {"show_id": evening_y, "track_id": tid, "ward": ward, "patient_first_name": pname})],
                    [{"request_id": rid, "status": "queued"}],
                    L(lang, f"Requested (ref {rid}) for tonight's Evening Requests.", f"已点歌（请求号 {rid}），今晚 Evening Requests 播出。"))
    request = L(lang, "Did that one get played last night? If not, move it to tonight's show.",
                "昨晚那首放了吗？没放的话改到今晚的节目。")
    d = Draft("radio", lang, request, None, _radio_tools(), [], day, history=hist)
    d.user_id = f"caller-{_num(rng, 4)}"
    d.resource = {"tenant.id": "st-olaves-hospital-radio"}
    played = rng.random() < 0.3
    status = Step("get_request_status", {"request_id": rid},
                  {"request_id": rid, "status": "played", "played_at": f"{yesterday.isoformat()}T19:42:00Z"} if played
                  else {"request_id": rid, "status": "not_played", "note": "show overran"})
    d.facts = {"date_format": True, "extra_value": title if lang == "en" else zh_title,
               "success_text": L(lang, "Moved to tonight's show.", "已改到今晚的节目。")}
    d.roles = {"plain": status, "lookup": status}
    d.slots = {"history_id": (status, "request_id")}
    if played:
        d.steps = [status]
        d.output = L(lang, f"Yes, it was played last night at 19:42 on Evening Requests.", "放了，昨晚19:42在 Evening Requests 播出的。")
        d.patterns = ["request id from the earlier turn", "a question answered by one lookup"]
        return d
    sched, evening = _shows(rng, day)
    shows = Step("get_show_schedule", {"date": day.isoformat()}, sched)
    move = Step("move_request", {"request_id": rid, "show_id": evening}, {"request_id": rid, "show_id": evening, "status": "queued"})
    d.steps = [status, shows, move]
    d.output = L(lang, f"It wasn't played (the show overran), so I've moved request {rid} to tonight's Evening Requests at 19:00.",
                 f"昨晚没放（节目超时了），已把请求 {rid} 改到今晚19:00的 Evening Requests。")
    d.roles |= {"main": move, "write": move, "producer": shows}
    d.slots |= {"date": (shows, "date"), "copied_id": (move, "show_id"), "extra": (move, "song_title")}
    d.patterns = ["request id from the earlier turn", "tonight's date from the trace day", "evening show id copied from the schedule"]
    return d


# ============================================================================================
# an orienteering club's event entries
# ============================================================================================

COURSES = {"en": [("Light Green", "light_green"), ("Brown", "brown"), ("Blue", "blue"), ("Orange", "orange"), ("Green", "green")],
           "zh": [("浅绿线", "light_green"), ("棕线", "brown"), ("蓝线", "blue"), ("橙线", "orange"), ("绿线", "green")]}
COUNTRIES = {"en": [("Norwegian", "NO"), ("Swedish", "SE"), ("Irish", "IE"), ("German", "DE")],
             "zh": [("挪威", "NO"), ("瑞典", "SE"), ("爱尔兰", "IE"), ("德国", "DE")]}
EVENTS = ["Forest Sprint", "Moorland Middle", "Quarry Night-O", "Castle Park Urban"]


def _orienteering_tools() -> list:
    s = {"type": "string"}
    return [
        tool("find_event", "Find club events on a date, with courses and entry fees.", ["date"], date=DATE,
             name_contains=s),
        tool("create_entry", "Enter a runner on a course of an event. Give runner_id for a member, else runner_name and si_card.",
             ["event_id", "course"], event_id=s,
             course={"type": "string", "enum": ["white", "yellow", "orange", "light_green", "green", "blue", "brown", "black"]},
             runner_id=s, runner_name=s, si_card={"type": "integer", "minimum": 1000},
             nationality={"type": "string", "pattern": "^[A-Z]{2}$", "description": "ISO 3166-1 alpha-2"}),
        tool("pay_entries", "Pay for one or more entries.", ["entry_ids", "amount", "currency"],
             entry_ids={"type": "array", "items": {"type": "string"}}, amount={"type": "number", "minimum": 0},
             currency={"type": "string", "pattern": "^[A-Z]{3}$"}),
        tool("find_events", "Events a club held on a date.", ["date", "club_id"], date=DATE, club_id=s),
        tool("get_result", "A runner's result at an event.", ["event_id", "runner_id"], event_id=s, runner_id=s),
        tool("get_start_list", "The start list of an event.", ["event_id"], event_id=s),
    ]


def orienteering_entries(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    when, when_words = _when(rng, day, lang, 3, 12)
    event = rng.choice(EVENTS)
    (mw, mine), (cw, hers) = rng.sample(COURSES[lang], 2)
    child = rng.choice(["Ingrid", "Astrid", "Freya", "Liv"]) if lang == "en" else rng.choice(["小雨", "小月", "欣欣"])
    si = rng.randint(200000, 9999999)
    age = rng.randint(9, 14)
    nat_word, nat = rng.choice(COUNTRIES[lang])
    cur, cur_word = rng.choice([("NOK", L(lang, "kroner", "挪威克朗")), ("EUR", L(lang, "euros", "欧元")), ("GBP", L(lang, "pounds", "英镑"))])
    request = L(lang, f"Enter me and my daughter {child} (she's {age}) for the {event} {when_words}. I'll run {mw}, she wants {cw}. "
                      f"Her SI card is {si} and she's {nat_word}. Pay in {cur_word}.",
                f"帮我和女儿{child}（{age}岁）报名{when_words}的{event}。我跑{mw}，她跑{cw}。她的SI卡号是{si}，国籍{nat_word}。用{cur_word}付款。")
    d = Draft("orienteering", lang, request, None, _orienteering_tools(), [], day)
    me = f"RUN-{_num(rng, 5)}"
    d.user_id = me
    d.attributes = {"club.id": "OC-FJELL"}
    eid = f"EV-{_num(rng, 4)}"
    fees = {c: {"NOK": rng.choice([120, 150, 180]), "EUR": rng.choice([10, 12, 14]), "GBP": rng.choice([8, 10, 12])}
            for c in (mine, hers)}
    if rng.random() < 0.5:  # juniors pay less
        fees[hers] = {k: v // 2 for k, v in fees[hers].items()}
    find = Step("find_event", {"date": when.isoformat(), "name_contains": event},
                {"events": [{"event_id": eid, "name": event, "date": when.isoformat(),
                             "courses": [{"course": c, "fees": f} for c, f in fees.items()]}]})
    e1, e2 = f"EN-{_num(rng, 5)}", f"EN-{_num(rng, 5)}"
    mine_step = Step("create_entry", {"event_id": eid, "course": mine, "runner_id": me}, {"entry_id": e1, "status": "pending_payment"})
    hers_step = Step("create_entry", {"event_id": eid, "course": hers, "runner_name": child, "si_card": si, "nationality": nat},
                     {"entry_id": e2, "status": "pending_payment"}, parallel=True)
    total = fees[mine][cur] + fees[hers][cur]
    pay = Step("pay_entries", {"entry_ids": [e1, e2], "amount": total, "currency": cur}, {"paid": True, "amount": total, "currency": cur})
    d.steps = [find, mine_step, hers_step, pay]
    def out(t: int) -> str:
        return L(lang, f"You're both entered for the {event} on {when.isoformat()}: you on {mw} ({e1}), {child} on {cw} ({e2}). "
                       f"Paid {t} {cur} ({fees[mine][cur]} + {fees[hers][cur]}).",
                 f"已为你们报名{when.isoformat()}的{event}：你跑{mw}（{e1}），{child}跑{cw}（{e2}）。共付{t} {cur}（{fees[mine][cur]} + {fees[hers][cur]}）。")
    d.output = out(total)
    d.facts = {"output_for": out, "enum_word": cw, "extra_value": age, "date_format": True,
               "success_text": L(lang, f"All paid: {total} {cur}.", f"已付款{total} {cur}。")}
    d.roles = {"lookup": find, "plain": find, "producer": find, "main": pay, "write": pay}
    d.slots = {"date": (find, "date"), "enum": (hers_step, "course"), "currency": (pay, "currency"),
               "user_id": (mine_step, "runner_id"), "copied_id": (hers_step, "event_id"), "computed": (pay, "amount"),
               "extra": (hers_step, "age")}
    d.patterns = ["course colours as enum members", "nationality as an ISO code", "currency code for the currency named",
                  "two entries in one turn", "total of two fees", "own runner id from user.id"]
    return d


def orienteering_result(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    back = rng.randint(1, 6)
    when = day - dt.timedelta(days=back)
    words = (L(lang, "yesterday", "昨天") if back == 1 else
             L(lang, f"on {WD_EN[when.weekday()]} the {when.day}", f"{when.month}月{when.day}日"))
    request = L(lang, f"How did I do at the club event {words}? What was my pace per km?", f"我{words}俱乐部比赛成绩怎么样？每公里配速多少？")
    d = Draft("orienteering", lang, request, None, _orienteering_tools(), [], day)
    me = f"RUN-{_num(rng, 5)}"
    d.user_id = me
    club = "OC-FJELL"
    d.attributes = {"club.id": club}
    eid = f"EV-{_num(rng, 4)}"
    name = rng.choice(EVENTS)
    find = Step("find_events", {"date": when.isoformat(), "club_id": club}, {"events": [{"event_id": eid, "name": name}]})
    mins, secs = rng.randint(35, 75), rng.randint(0, 59)
    km = rng.choice([4.8, 5.5, 6.1, 7.2])
    pos, starters = rng.randint(1, 25), rng.randint(26, 60)
    res = Step("get_result", {"event_id": eid, "runner_id": me},
               {"course": "blue", "time": f"{mins}:{secs:02d}", "position": pos, "starters": starters, "course_length_km": km})
    pace = round((mins * 60 + secs) / km)
    pace_s = f"{pace // 60}:{pace % 60:02d}"
    d.steps = [find, res]
    d.output = L(lang, f"At {name} on {when.isoformat()} you were {pos}th of {starters} on Blue in {mins}:{secs:02d}. "
                       f"Over {km} km that's about {pace_s} per km.",
                 f"{when.isoformat()}的{name}：你在蓝线{starters}人中第{pos}名，用时{mins}:{secs:02d}。{km}公里，配速约每公里{pace_s}。")
    d.facts = {"date_format": True, "extra_value": "km",
               "wrong_output": L(lang, f"You were on the start list for {name}.", f"你在{name}的出发名单上。")}
    d.roles = {"lookup": res, "plain": find, "producer": find, "main": res,
               "distractor": Step("get_start_list", {"event_id": eid}, {"starters": [{"runner_id": me, "start": "10:42"}]})}
    d.slots = {"user_id": (res, "runner_id"), "date": (find, "date"), "context_id": (find, "club_id"),
               "copied_id": (res, "event_id"), "extra": (res, "pace_unit")}
    d.patterns = ["past day resolved from the trace day", "club id from the trace context", "pace computed in the answer"]
    return d


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    septic_booking, costume_compare, lifeguard_question, defib_export, agility_hire, canal_booking, radio_request,
    orienteering_entries, septic_next_due, costume_reschedule, lifeguard_swap, defib_check_retry, agility_compare,
    canal_cancel, radio_followup, orienteering_result, lifeguard_export, lifeguard_incident_retry,
]

SHAPES = {
    "septic_booking": "booking", "costume_compare": "comparison (parallel) + booking", "lifeguard_question": "question by lookups",
    "defib_export": "export polled", "agility_hire": "booking + computed total", "canal_booking": "booking + unit conversion",
    "radio_request": "booking (parallel lookups)", "orienteering_entries": "booking + computed total",
    "septic_next_due": "computation from a result + booking", "costume_reschedule": "follow-up + change",
    "lifeguard_swap": "change", "defib_check_retry": "retry after 503", "agility_compare": "comparison (parallel)",
    "canal_cancel": "cancellation", "radio_followup": "follow-up + change", "orienteering_result": "question + computation",
    "lifeguard_export": "export polled", "lifeguard_incident_retry": "retry after 503",
}


# ============================================================================================
# faults: the corpus helpers, plus breakages of this split's shapes
# ============================================================================================

def _all_text(draft: Draft) -> str:
    return draft.request + json.dumps([s.args for s in draft.steps] + [s.result for s in draft.steps] + draft.history
                                      + [draft.attributes, draft.resource, draft.user_id], ensure_ascii=False, default=str)


def _replace(value, old, new):
    if value == old:
        return new
    if isinstance(value, dict):
        return {k: _replace(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace(v, old, new) for v in value]
    return value


def wrong_tool(draft: Draft, rng: random.Random) -> Marks | None:
    """The main step calls an offered tool the request is not about; the answer reports what it did."""
    main, distractor = draft.roles.get("main"), draft.roles.get("distractor")
    if main is None or distractor is None or _has_twin(draft, main):
        return None
    main.tool, main.args, main.result, main.error = distractor.tool, copy.deepcopy(distractor.args), copy.deepcopy(distractor.result), None
    draft.drop_after(main)
    draft.slots = {k: v for k, v in draft.slots.items() if v[0] is not main}
    draft.roles = {k: s for k, s in draft.roles.items() if s is not main or k == "main"}
    draft.output = draft.facts.get("wrong_output", draft.output)
    return {"wrong_tool": [main]}


def miscomputed_value(draft: Draft, rng: random.Random) -> Marks | None:
    """A value the agent had to compute (a date months on, the last day of a range, a total) computed wrong;
    the answer reports the wrong value."""
    found, output_for = draft.slots.get("computed"), draft.facts.get("output_for")
    if found is None or output_for is None:
        return None
    step, key = found
    old = step.args[key]
    text = _all_text(draft)
    for _ in range(10):
        if isinstance(old, str):
            new = (dt.date.fromisoformat(old) + dt.timedelta(days=rng.choice([-3, -2, -1, 1, 2, 3, 30]))).isoformat()
            if new in text:
                continue
        else:
            new = old + rng.choice([-6, -4, 4, 5, 10])
            if new < 0 or re.search(rf"(?<![\d.]){new}(?![\d.])", text):
                continue
        break
    else:
        return None
    step.args[key] = new
    carried = []  # later calls whose arguments repeat the wrong value (an e-mail stating the range)
    for later in draft.steps[draft.steps.index(step):]:
        if isinstance(old, str):
            if later is not step:
                text = json.dumps(later.args, ensure_ascii=False)
                if old in text:
                    carried.append(later)
                later.args = json.loads(text.replace(old, new))
            later.result = json.loads(json.dumps(later.result, ensure_ascii=False).replace(old, new))
        else:
            later.result = _replace(later.result, old, new)
    draft.output = output_for(new)
    return {"ungrounded_value": [step]} | ({CARRIED: carried} if carried else {})


CARRIED = "ungrounded_value (carried)"  # the same label on a call that repeats a broken value


def _has_twin(draft: Draft, step: Step) -> bool:
    return any(step in pair for pair in draft.facts.get("twins", []))


def _guard(fault):
    """Corpus faults that must not fall on a retried call (its twin would then fail twice in a row)."""
    def run(draft: Draft, rng: random.Random) -> Marks | None:
        if fault.__name__ in ("no_recovery",) and _has_twin(draft, draft.steps[-1]):
            return None
        if fault.__name__ in ("failing_call_loop", "blind_retry", "invalid_json") and _has_twin(draft, draft.roles.get("main")):
            return None
        marks = fault(draft, rng)
        for step in draft.steps:  # a payment error only where something is paid
            if step.error == "payment gateway error" and step.tool not in ("pay_entries", "create_hire"):
                step.error = "HTTP 502 Bad Gateway"
        return marks
    run.__name__ = fault.__name__
    return run


FAULTS = {name: _guard(f) for name, f in CORPUS_FAULTS.items()}
FAULTS["wrong_tool"] = wrong_tool
FAULTS["miscomputed_value"] = miscomputed_value
_ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
_COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
_ORDER = {n: 2 if n == "pii_leak" else 1 if n in _ENDINGS else -1 if n in _COPIES else 0 for n in FAULTS}
_CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}, {"miscomputed_value", "wrong_tool"},
            {"miscomputed_value", "failing_call_loop"}]
# labels put on a call by what its arguments hold: a retried call carries the same arguments, so the same label
_ARGUMENT_LABELS = {"ungrounded_value", "relative_date", "format_error", "missing_required", "type_error", "enum_error",
                    "unexpected_param", "constraint_error"}


def make_case(index: int, scenario: Callable[[random.Random, str], Draft], lang: str, faults: list[str],
              rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    if any(clash <= set(faults) for clash in _CLASHES):
        return None
    for name in sorted(faults, key=_ORDER.__getitem__):
        try:
            found = FAULTS[name](draft, rng)
        except (KeyError, ValueError, TypeError, IndexError):
            return None
        if found is None:
            return None
        for label, marked in list(found.items()):
            if label in _ARGUMENT_LABELS:
                for a, b in draft.facts.get("twins", []):
                    if (a in marked) != (b in marked) and a.args is b.args:
                        found[label] = [*marked, b if a in marked else a]
        carried = found.pop(CARRIED, [])
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != TOUCHED:
                marks.setdefault(label, []).extend(marked)
        if carried:
            marks.setdefault("ungrounded_value", []).extend(carried)
    trajectory, seqs = build(draft, f"50f7e{index:027x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def case_at(index: int, seed: int) -> Case:
    """Case `index` of a seed: a function of (seed, index) alone."""
    rng = random.Random(f"{SPLIT}:{seed}:{index}")
    names = sorted(FAULTS)
    while True:
        roll = rng.random()
        faults = [] if roll < 0.5 else [rng.choice(names)] if roll < 0.84 else rng.sample(names, 2)
        if len(faults) == 2 and set(faults) <= _ENDINGS:
            continue
        for attempt in range(2 * len(SCENARIOS)):
            scenario = SCENARIOS[(index + attempt) % len(SCENARIOS)]
            lang = ("en", "zh")[(index // len(SCENARIOS) + index + attempt) % 2]
            case = make_case(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
            if case is not None:
                return case


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean, the rest with one fault or two on different calls."""
    return [case_at(index, seed) for index in range(n)]
