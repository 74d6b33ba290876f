"""The frayed split: agent traffic from eight small trades none of the other splits use — a
cooperage (oak barrel repair), asbestos surveying, a powder-coating shop, a pigeon racing club,
driveway block paving, a wigmaker's fitting studio, a pallet yard and a cricket bat maker.

Written blind: by a helper who read only the shared label definitions, the trajectory data model,
the generic corpus machinery (tests/judgement/corpus.py) and the benchmark runner, never the
evaluators, their calibration or any other split. Each scenario drafts one clean run of an agent
in English or Chinese (lookups before writes, parallel lookups, the user's own ids from the trace
context or an earlier turn, ids copied from results, dates computed from the trace's date, one
identical retry after a 503 that then succeeds, customer phone numbers in results that the answer
does not repeat); the corpus's faults then break it and say which calls carry which labels.
"""
from __future__ import annotations

import datetime as dt
import json
import random

from tests.judgement.corpus import Case, Draft, Step, tool
from tests.judgement.corpus import generate as _generate

SPLIT = "frayed"
DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}


def _l(lang: str, en: str, zh: str) -> str:
    return en if lang == "en" else zh


def _day(rng: random.Random) -> dt.date:
    return dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 320))


def _when(rng: random.Random, lang: str, day: dt.date) -> tuple[dt.date, str]:
    """A day after the trace's date and how the user says it (relative words are fine in the
    request: the agent computes the date)."""
    k = rng.choice([1, 2, 3, 5, 9, 12])
    d = day + dt.timedelta(days=k)
    if k == 1:
        return d, _l(lang, "tomorrow", "明天")
    if k == 2:
        return d, _l(lang, "the day after tomorrow", "后天")
    if k == 3 and rng.random() < 0.5:
        return d, _l(lang, "in three days", "三天后")
    return d, _l(lang, f"on {d.day} {d:%B}", f"{d.month}月{d.day}日")


def _phone(rng: random.Random) -> str:
    return f"1{rng.choice('3579')}{rng.randint(0, 9)}{rng.randint(10_000_000, 99_999_999)}"


def _retry(step: Step, draft: Draft) -> Step:
    """The 503-then-success pattern: `step` fails transiently, an identical call succeeds."""
    failed = Step(step.tool, dict(step.args), error="503 Service Unavailable", parallel=step.parallel)
    step.parallel = False
    draft.steps.insert(draft.steps.index(step), failed)
    draft.patterns.append("identical retry after a 503 that succeeds")
    return step


SEND_EMAIL = tool("send_email", "Send an e-mail from the business mailbox.", ["to", "subject", "body"],
                  to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"})


# --- 1. cooperage: oak barrel repair ------------------------------------------------------------

def cooperage(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    user = f"dist_{rng.randint(1000, 9999)}"
    barrel = f"CB-{rng.randint(10000, 99999)}"
    when, said = _when(rng, lang, day)
    kind, en_word, zh_word = rng.choice([("recharring", "re-char", "重新碳化"),
                                         ("hoop_replacement", "new hoops", "换铁箍"),
                                         ("stave_replacement", "a new stave", "换桶板")])
    workshop = rng.choice(["speyside", "islay"])
    tools = [
        tool("find_barrel", "Look up a cask by its barrel number: volume, wood, last charring.", ["barrel_no"],
             barrel_no={"type": "string"}),
        tool("get_repair_slots", "Free repair-bench slots at a cooperage workshop on a given date.", ["date", "workshop"],
             date=DATE, workshop={"type": "string", "enum": ["speyside", "islay"]}),
        tool("book_barrel_repair", "Book a cask into a repair slot.", ["barrel_no", "slot_id", "repair_type", "customer_id"],
             barrel_no={"type": "string"}, slot_id={"type": "string"},
             repair_type={"type": "string", "enum": ["recharring", "hoop_replacement", "stave_replacement"]},
             customer_id={"type": "string"}, notes={"type": "string"}),
        tool("list_oak_stock", "List seasoned oak staves in the yard by forest of origin.", ["origin"],
             origin={"type": "string", "enum": ["american", "french", "spanish"]}),
        SEND_EMAIL,
    ]
    request = _l(lang, f"Our barrel {barrel} needs {en_word} — can you book it in at the {workshop} workshop {said}? "
                       f"We'll drop it off ourselves.",
                 f"我们的酒桶 {barrel} 需要{zh_word}，请帮我预约 {workshop} 车间{said}的维修位，我们自己送过去。")
    slot = f"SL-{when:%m%d}-{rng.randint(1, 9)}"
    find = Step("find_barrel", {"barrel_no": barrel},
                {"barrel_no": barrel, "volume_l": rng.choice([190, 225, 500]), "wood": "american oak",
                 "owner": user, "last_charred": str(day - dt.timedelta(days=700))})
    slots = Step("get_repair_slots", {"date": str(when), "workshop": workshop},
                 {"date": str(when), "slots": [{"slot_id": slot, "bench": 2, "from": "09:00"},
                                               {"slot_id": slot[:-1] + "x", "bench": 4, "from": "13:30", "full": True}]},
                 parallel=True)
    book = Step("book_barrel_repair", {"barrel_no": barrel, "slot_id": slot, "repair_type": kind, "customer_id": user},
                {"booking": f"BR-{rng.randint(100000, 999999)}", "status": "confirmed", "slot_id": slot})
    draft = Draft("cooperage", lang, request, None, tools, [find, slots, book], day, user_id=user,
                  session_id=f"s-{rng.randint(10**6, 10**7)}", resource={"tenant.id": "cooperage-north"},
                  patterns=["parallel lookups", "user id from context", "slot id copied from a result",
                            "date computed from the trace's date", "enum written as the tool spells it"])
    if rng.random() < 0.3:
        _retry(slots, draft)
    draft.output = _l(lang, f"Done: {barrel} is booked for {kind.replace('_', ' ')} at {workshop}, slot {slot} on {when}.",
                      f"已预约：酒桶 {barrel} 于 {when} 在 {workshop} 车间，维修位 {slot}。")
    draft.roles = {"main": book, "write": book, "lookup": find, "plain": find, "producer": slots,
                   "distractor": Step("list_oak_stock", {"origin": "american"}, {"staves": 312})}
    draft.slots = {"copied_id": (book, "slot_id"), "user_id": (book, "customer_id"), "date": (slots, "date"),
                   "enum": (book, "repair_type"), "extra": (book, "drop_off")}
    draft.facts = {"enum_word": _l(lang, en_word, zh_word), "extra_value": _l(lang, "We'll drop it off ourselves", "我们自己送过去"),
                   "success_text": draft.output, "date_format": True}
    return draft


# --- 2. asbestos surveying -------------------------------------------------------------------------

def asbestos(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    site = f"SITE-{rng.randint(2000, 8999)}"
    account = f"AC{rng.randint(100000, 999999)}"
    when, said = _when(rng, lang, day)
    kind, en_word, zh_word = rng.choice([("management", "a management survey", "管理调查"),
                                         ("refurbishment", "a refurb survey", "翻新前调查"),
                                         ("demolition", "a pre-demolition survey", "拆除前调查")])
    region = rng.choice(["north_west", "midlands", "south_east"])
    surveyor = f"SV-{rng.randint(100, 999)}"
    batch = f"LB-{rng.randint(40000, 49999)}"
    tools = [
        tool("get_site", "Fetch a registered site of a client account: address, build year, region.", ["site_ref", "account_id"],
             site_ref={"type": "string"}, account_id={"type": "string"}),
        tool("list_surveyors", "Accredited asbestos surveyors free in a region for a survey type and date.",
             ["region", "survey_type", "date"], region={"type": "string"},
             survey_type={"type": "string", "enum": ["management", "refurbishment", "demolition"]}, date=DATE),
        tool("get_lab_result", "Result of a bulk sample batch sent to the lab.", ["batch_id"], batch_id={"type": "string"}),
        tool("schedule_survey", "Schedule a surveyor to survey a site on a date.", ["site_ref", "surveyor_id", "date", "survey_type"],
             site_ref={"type": "string"}, surveyor_id={"type": "string"}, date=DATE,
             survey_type={"type": "string", "enum": ["management", "refurbishment", "demolition"]},
             rooms={"type": "integer", "minimum": 1, "maximum": 200}),
        tool("order_warning_signs", "Order printed asbestos warning signs and tape.", ["quantity"],
             quantity={"type": "integer", "minimum": 1}),
    ]
    rooms = rng.randint(4, 30)
    request = _l(lang, f"Please book {en_word} of the site for {said}; it has {rooms} rooms. "
                       f"Also, what came back for the samples we talked about?",
                 f"请帮我把这个场地的{zh_word}安排在{said}，一共{rooms}个房间。另外，我们之前说的那批样品结果出来了吗？")
    history = [{"role": "user", "text": _l(lang, f"We sent sample batch {batch} from site {site} last week.",
                                           f"上周我们从 {site} 寄了样品批次 {batch}。")},
               {"role": "assistant", "text": _l(lang, f"Noted: batch {batch} for {site}.", f"已记录：{site} 的批次 {batch}。")}]
    get = Step("get_site", {"site_ref": site, "account_id": account},
               {"site_ref": site, "address": f"{rng.randint(1, 90)} Mill Lane", "built": rng.randint(1950, 1999),
                "region": region, "contact_phone": _phone(rng)})
    lab = Step("get_lab_result", {"batch_id": batch},
               {"batch_id": batch, "samples": 3, "asbestos": rng.choice(["none detected", "chrysotile detected"]), "status": "reported"}, parallel=True)
    surveyors = Step("list_surveyors", {"region": region, "survey_type": kind, "date": str(when)},
                     {"surveyors": [{"surveyor_id": surveyor, "name": "J. Okafor", "p402": True}]})
    book = Step("schedule_survey", {"site_ref": site, "surveyor_id": surveyor, "date": str(when), "survey_type": kind,
                                    "rooms": rooms},
                {"survey_id": f"AS-{rng.randint(10000, 99999)}", "status": "scheduled"})
    draft = Draft("asbestos_surveying", lang, request, None, tools, [get, lab, surveyors, book], day,
                  user_id=f"u{rng.randint(1000, 9999)}", attributes={"crm.account_id": account},
                  history=history, patterns=["account id from trace attributes", "site and batch from an earlier turn",
                                             "region copied from a result", "surveyor id copied", "parallel lookups"])
    draft.output = _l(lang, f"Scheduled: {surveyor} will do the {kind} survey of {site} on {when}. Batch {batch} is reported.",
                      f"已安排：{surveyor} 将于 {when} 对 {site} 做{zh_word}。样品批次 {batch} 已出报告。")
    draft.roles = {"main": book, "write": book, "lookup": get, "plain": lab, "producer": surveyors,
                   "distractor": Step("order_warning_signs", {"quantity": rooms}, {"order": "WS-1"})}
    draft.slots = {"context_id": (get, "account_id"), "history_id": (lab, "batch_id"), "copied_id": (book, "surveyor_id"),
                   "date": (surveyors, "date"), "enum": (surveyors, "survey_type"), "extra": (book, "room_count_note")}
    draft.facts = {"enum_word": _l(lang, en_word, zh_word), "extra_value": f"{rooms} rooms", "success_text": draft.output,
                   "date_format": True}
    return draft


# --- 3. powder coating ---------------------------------------------------------------------------

def powder_coating(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    job = f"PC{rng.randint(20000, 29999)}"
    ral = rng.choice(["RAL 9005", "RAL 7016", "RAL 6005", "RAL 3020"])
    finish, en_word, zh_word = rng.choice([("matt", "flat", "哑光"), ("satin", "semi-gloss", "半哑光"), ("gloss", "shiny", "亮光")])
    qty = rng.randint(2, 40)
    when, said = _when(rng, lang, day)
    price = round(rng.uniform(3, 18) * qty, 2)
    tools = [
        tool("get_quote", "Get the quote of a powder-coating job.", ["job_id"], job_id={"type": "string"}),
        tool("get_ral_colour", "Check a RAL colour is in stock as powder.", ["ral_code"], ral_code={"type": "string"}),
        tool("check_oven_capacity", "Free curing-oven capacity on a date.", ["date"], date=DATE),
        tool("confirm_coating_job", "Confirm a coating job and take the deposit.",
             ["job_id", "ral_code", "finish", "quantity", "oven_date", "deposit_currency"],
             job_id={"type": "string"}, ral_code={"type": "string"},
             finish={"type": "string", "enum": ["matt", "satin", "gloss"]},
             quantity={"type": "integer", "minimum": 1}, oven_date=DATE, deposit_currency={"type": "string"}),
        tool("book_sandblasting", "Book grit-blasting of bare metal parts before coating.", ["parts"],
             parts={"type": "integer", "minimum": 1}),
    ]
    request = _l(lang, f"Go ahead with job {job}: {qty} gate panels in {ral}, {en_word} finish, in the oven {said} if there's room.",
                 f"工单 {job} 可以开工了：{qty} 块门板，颜色 {ral}，{zh_word}，如果有位置就{said}进烘炉。")
    quote = Step("get_quote", {"job_id": job}, {"job_id": job, "items": qty, "total": price, "currency": "EUR"})
    colour = Step("get_ral_colour", {"ral_code": ral}, {"ral_code": ral, "in_stock_kg": rng.randint(8, 60)}, parallel=True)
    oven = Step("check_oven_capacity", {"date": str(when)}, {"date": str(when), "free_racks": rng.randint(2, 6)}, parallel=True)
    confirm = Step("confirm_coating_job", {"job_id": job, "ral_code": ral, "finish": finish, "quantity": qty,
                                           "oven_date": str(when), "deposit_currency": "EUR"},
                   {"job_id": job, "status": "confirmed", "deposit": round(price * 0.3, 2)})
    draft = Draft("powder_coating", lang, request, None, tools, [quote, colour, oven, confirm], day,
                  user_id=f"cust-{rng.randint(100, 999)}", patterns=["three lookups in one round",
                                                                     "currency copied from the quote",
                                                                     "user's adjective mapped to the enum"])
    draft.output = _l(lang, f"Job {job} is confirmed: {qty} panels, {ral} {finish}, oven on {when}; deposit {round(price * 0.3, 2)} EUR taken.",
                      f"工单 {job} 已确认：{qty} 块，{ral}{zh_word}，{when} 进炉，已收定金 {round(price * 0.3, 2)} 欧元。")
    draft.roles = {"main": confirm, "write": confirm, "lookup": quote, "plain": colour,
                   "distractor": Step("book_sandblasting", {"parts": qty}, {"booking": "SB-77"})}
    draft.slots = {"date": (oven, "date"), "enum": (confirm, "finish"), "currency": (confirm, "deposit_currency"),
                   "extra": (confirm, "if_room")}
    draft.facts = {"enum_word": _l(lang, en_word, zh_word), "extra_value": _l(lang, "if there's room", "如果有位置"),
                   "success_text": draft.output, "date_format": True}
    return draft


# --- 4. pigeon racing club -------------------------------------------------------------------------

def pigeon_club(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    member = f"M{rng.randint(3000, 3999)}"
    race = f"R25-{rng.randint(100, 199)}"
    rings = [f"GB25N{rng.randint(10000, 99999)}" for _ in range(rng.randint(1, 3))]
    email = rng.choice(["loft.owner", "pigeons.fan", "jo.lofts"]) + f"{rng.randint(1, 99)}@mail.example"
    basket = len(rings)
    tools = [
        tool("get_member", "A club member's record: loft, registered rings, dues.", ["member_no"], member_no={"type": "string"}),
        tool("get_race", "Details of a race: liberation point, marking night, fees.", ["race_id"], race_id={"type": "string"}),
        tool("enter_birds", "Enter birds into a race.", ["race_id", "member_no", "rings", "basket_count"],
             race_id={"type": "string"}, member_no={"type": "string"}, rings={"type": "array", "items": {"type": "string"}},
             basket_count={"type": "integer", "minimum": 1, "maximum": 20}),
        tool("get_loft_weather", "Wind and weather forecast at a liberation point.", ["point"], point={"type": "string"}),
        SEND_EMAIL,
    ]
    ring_text = ", ".join(rings)
    request = _l(lang, f"Enter {ring_text} in that race for me and email the confirmation to {email}.",
                 f"帮我把 {ring_text} 报名参加那场比赛，确认信发到 {email}。")
    history = [{"role": "user", "text": _l(lang, f"Which race is next for the old birds?", "下一场老鸽比赛是哪场？")},
               {"role": "assistant", "text": _l(lang, f"The next old-bird race is {race}, marking on Friday.",
                                                f"下一场老鸽比赛是 {race}，周五集鸽。")}]
    point = rng.choice(["Fougères", "Bourges", "Carentan"])
    mem = Step("get_member", {"member_no": member},
               {"member_no": member, "loft": "Hillside", "rings": rings + [f"GB24N{rng.randint(10000, 99999)}"],
                "dues_paid": True, "contact_phone": _phone(rng)})
    info = Step("get_race", {"race_id": race}, {"race_id": race, "liberation": point, "fee_per_bird": 1.5}, parallel=True)
    enter = Step("enter_birds", {"race_id": race, "member_no": member, "rings": rings, "basket_count": basket},
                 {"entry_id": f"EN{rng.randint(10000, 99999)}", "birds": basket})
    draft = Draft("pigeon_racing", lang, request, None, tools, [mem, info, enter], day, user_id=member,
                  session_id=f"club-{rng.randint(100, 999)}", history=history,
                  patterns=["member number is the trace's user id", "race id from an earlier turn",
                            "basket count computed from the rings listed", "parallel lookups"])
    entry = enter.result["entry_id"]
    mail = Step("send_email", {"to": email, "subject": f"Entry {entry} for {race}",
                               "body": f"{basket} birds entered in {race} ({point}): {ring_text}."}, {"sent": True})
    draft.steps.append(mail)
    draft.output = _l(lang, f"Entered {basket} bird(s) in {race} from {point}; confirmation {entry} sent to {email}.",
                      f"已为 {race}（{point} 放飞）报名 {basket} 羽，确认号 {entry} 已发送到 {email}。")
    draft.roles = {"main": enter, "lookup": mem, "plain": info,
                   "distractor": Step("get_loft_weather", {"point": point}, {"wind": "SW 12"})}
    draft.slots = {"user_id": (enter, "member_no"), "history_id": (info, "race_id"), "extra": (enter, "email_to")}
    draft.facts = {"extra_value": email, "success_text": draft.output}
    return draft


# --- 5. driveway block paving ----------------------------------------------------------------------

def paving(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    postcode = rng.choice(["LS6 2QT", "BS7 8NB", "NG5 1AA", "CF14 3JE"])
    house = str(rng.randint(2, 140))
    addr = f"ADR{rng.randint(500000, 599999)}"
    when, said = _when(rng, lang, day)
    slot, en_word, zh_word = rng.choice([("am", "in the morning", "上午"), ("pm", "in the afternoon", "下午")])
    style = rng.choice(["herringbone", "stretcher_bond", "basketweave"])
    area = rng.randint(20, 90)
    tools = [
        tool("lookup_address", "Find a property by postcode and house number.", ["postcode", "house_number"],
             postcode={"type": "string"}, house_number={"type": "string"}),
        tool("get_paving_prices", "Price per square metre of a block paving pattern.", ["pattern"],
             pattern={"type": "string", "enum": ["herringbone", "stretcher_bond", "basketweave"]}),
        tool("book_site_visit", "Book an estimator's site visit to measure a driveway.", ["address_id", "date", "time_slot"],
             address_id={"type": "string"}, date=DATE, time_slot={"type": "string", "enum": ["am", "pm"]},
             area_m2={"type": "number", "minimum": 1}),
        tool("hire_cement_mixer", "Deliver a hire cement mixer to a postcode for self-build customers.", ["postcode"],
             postcode={"type": "string"}),
    ]
    request = _l(lang, f"I'd like a quote for a {style.replace('_', ' ')} driveway, about {area} m², at {house}, {postcode}. "
                       f"Can someone come {said} {en_word}?",
                 f"我想给 {postcode} {house} 号做一个{style}铺砖车道，大概 {area} 平方米。能{said}{zh_word}来看一下吗？")
    look = Step("lookup_address", {"postcode": postcode, "house_number": house},
                {"address_id": addr, "line1": f"{house} Station Road", "postcode": postcode})
    prices = Step("get_paving_prices", {"pattern": style}, {"pattern": style, "per_m2": rng.choice([58, 64, 72])}, parallel=True)
    visit = Step("book_site_visit", {"address_id": addr, "date": str(when), "time_slot": slot, "area_m2": area},
                 {"visit_id": f"V{rng.randint(10000, 99999)}", "estimator": "Dan"})
    draft = Draft("driveway_paving", lang, request, None, tools, [look, prices, visit], day,
                  session_id=f"web-{rng.randint(10**5, 10**6)}",
                  patterns=["lookup before the booking", "address id copied", "time of day as an enum",
                            "date from a relative word", "parallel lookups"])
    if rng.random() < 0.4:
        _retry(look, draft)
    per = prices.result["per_m2"]
    draft.output = _l(lang, f"Booked: an estimator will visit {house}, {postcode} on {when} ({slot}). "
                            f"Guide price about {per * area} GBP at {per}/m².",
                      f"已预约：估价员将于 {when}{zh_word}上门（{postcode} {house} 号）。参考价约 {per * area} 英镑。")
    draft.roles = {"main": visit, "write": visit, "lookup": look, "plain": prices, "producer": look,
                   "distractor": Step("hire_cement_mixer", {"postcode": postcode}, {"hire": "CM-3"})}
    draft.slots = {"copied_id": (visit, "address_id"), "date": (visit, "date"), "enum": (visit, "time_slot"),
                   "extra": (visit, "pattern_note")}
    draft.facts = {"enum_word": _l(lang, "morning" if slot == "am" else "afternoon", zh_word),
                   "extra_value": _l(lang, style.replace("_", " "), style), "success_text": draft.output, "date_format": True}
    return draft


# --- 6. wigmaker's fitting studio ------------------------------------------------------------------

def wigmaker(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    client = f"CL-{rng.randint(10000, 99999)}"
    voucher = f"NHS{rng.randint(1000000, 9999999)}"
    studio = rng.choice(["leeds", "york"])
    when, said = _when(rng, lang, day)
    hair, en_word, zh_word = rng.choice([("human", "real hair", "真发"), ("synthetic", "a synthetic one", "合成发")])
    slot = f"F{when:%d}{rng.randint(10, 99)}"
    tools = [
        tool("get_client_record", "A client's record: head measurements, previous wigs, notes.", ["client_id"],
             client_id={"type": "string"}),
        tool("list_fitting_slots", "Free fitting appointments at a studio on a date.", ["studio", "date"],
             studio={"type": "string", "enum": ["leeds", "york"]}, date=DATE),
        tool("check_wig_voucher", "Check an NHS wig voucher: valid, remaining value.", ["voucher_code"],
             voucher_code={"type": "string"}),
        tool("book_wig_fitting", "Book a fitting appointment for a client.", ["client_id", "slot_id", "hair_type"],
             client_id={"type": "string"}, slot_id={"type": "string"},
             hair_type={"type": "string", "enum": ["human", "synthetic"]}, voucher_code={"type": "string"}),
        tool("list_wig_care_classes", "Wig care workshops held at a studio (washing, styling).", ["studio"],
             studio={"type": "string", "enum": ["leeds", "york"]}),
    ]
    request = _l(lang, f"Can I have a fitting at the {studio} studio {said}? I'd like {en_word} this time and I have voucher {voucher}.",
                 f"我想{said}在 {studio} 工作室试戴，这次想要{zh_word}假发，我有代金券 {voucher}。")
    rec = Step("get_client_record", {"client_id": client},
               {"client_id": client, "circumference_cm": rng.randint(53, 58), "last_wig": "synthetic",
                "contact_phone": _phone(rng)})
    slots = Step("list_fitting_slots", {"studio": studio, "date": str(when)},
                 {"slots": [{"slot_id": slot, "time": "10:30"}, {"slot_id": f"F{when:%d}{rng.randint(10, 99)}x", "time": "15:00"}]},
                 parallel=True)
    vouch = Step("check_wig_voucher", {"voucher_code": voucher}, {"voucher_code": voucher, "valid": True, "remaining": 270},
                 parallel=True)
    book = Step("book_wig_fitting", {"client_id": client, "slot_id": slot, "hair_type": hair, "voucher_code": voucher},
                {"appointment": f"AP{rng.randint(1000, 9999)}", "status": "booked"})
    draft = Draft("wigmaker", lang, request, None, tools, [rec, slots, vouch, book], day, user_id=client,
                  session_id=f"sess-{rng.randint(10**5, 10**6)}",
                  patterns=["client id is the trace's user id", "three lookups in one round",
                            "slot id copied", "voucher code from the request", "phone in a result, not in the answer"])
    draft.output = _l(lang, f"You're booked at {studio} on {when} at 10:30 for a {hair} wig fitting; voucher {voucher} applied.",
                      f"已为您预约 {when} 10:30 在 {studio} 工作室试戴{zh_word}假发，代金券 {voucher} 已使用。")
    draft.roles = {"main": book, "write": book, "lookup": rec, "plain": vouch,
                   "distractor": Step("list_wig_care_classes", {"studio": studio}, {"classes": [{"title": "Washing a synthetic wig"}]})}
    draft.slots = {"user_id": (book, "client_id"), "copied_id": (book, "slot_id"), "date": (slots, "date"),
                   "enum": (book, "hair_type"), "extra": (book, "studio")}
    draft.facts = {"enum_word": _l(lang, en_word, zh_word), "extra_value": studio, "success_text": draft.output,
                   "date_format": True}
    return draft


# --- 7. pallet yard --------------------------------------------------------------------------------

def pallet_yard(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    account = f"PY{rng.randint(10000, 99999)}"
    ptype, en_word, zh_word = rng.choice([("euro", "Euro pallets", "欧标托盘"), ("uk_standard", "UK standard pallets", "英标托盘"),
                                          ("half", "half pallets", "半托")])
    grade = rng.choice(["A", "B"])
    qty = rng.choice([40, 60, 100, 150, 240])
    when, said = _when(rng, lang, day)
    postcode = rng.choice(["WV10 6QZ", "DN4 5HX", "M17 1SS"])
    quote_id = f"Q-{rng.randint(100000, 999999)}"
    tools = [
        tool("get_customer", "A trade account: delivery postcode, credit terms.", ["account_no"], account_no={"type": "string"}),
        tool("check_pallet_stock", "Pallets in stock by type and grade.", ["pallet_type", "grade"],
             pallet_type={"type": "string", "enum": ["euro", "uk_standard", "half"]},
             grade={"type": "string", "enum": ["A", "B"]}),
        tool("get_delivery_quote", "Quote a lorry delivery of pallets to a postcode.", ["postcode", "quantity", "date"],
             postcode={"type": "string"}, quantity={"type": "integer", "minimum": 10}, date=DATE),
        tool("place_pallet_order", "Place an order for pallets on a trade account.",
             ["account_no", "pallet_type", "grade", "quantity", "quote_id"],
             account_no={"type": "string"}, pallet_type={"type": "string", "enum": ["euro", "uk_standard", "half"]},
             grade={"type": "string", "enum": ["A", "B"]}, quantity={"type": "integer", "minimum": 1},
             quote_id={"type": "string"}),
        tool("book_heat_treatment", "Book ISPM-15 heat treatment of export pallets.", ["batch_size"],
             batch_size={"type": "integer", "minimum": 1}),
        SEND_EMAIL,
    ]
    request = _l(lang, f"Order {qty} grade {grade} {en_word} on our account, delivered {said}.",
                 f"用我们的账户订 {qty} 个 {grade} 级{zh_word}，{said}送到。")
    cust = Step("get_customer", {"account_no": account},
                {"account_no": account, "postcode": postcode, "terms": "30 days", "contact_phone": _phone(rng)})
    stock = Step("check_pallet_stock", {"pallet_type": ptype, "grade": grade},
                 {"pallet_type": ptype, "grade": grade, "available": qty + rng.randint(20, 400)}, parallel=True)
    quote = Step("get_delivery_quote", {"postcode": postcode, "quantity": qty, "date": str(when)},
                 {"quote_id": quote_id, "price": round(qty * 0.4 + 55, 2), "currency": "GBP"})
    order = Step("place_pallet_order", {"account_no": account, "pallet_type": ptype, "grade": grade, "quantity": qty,
                                        "quote_id": quote_id},
                 {"order_no": f"PO{rng.randint(100000, 999999)}", "status": "placed"})
    draft = Draft("pallet_yard", lang, request, None, tools, [cust, stock, quote, order], day,
                  user_id=f"staff-{rng.randint(10, 99)}", attributes={"trade.account_no": account},
                  patterns=["account number from trace attributes", "postcode copied from the account",
                            "quote id copied", "parallel lookups", "date from a relative word"])
    draft.output = _l(lang, f"Order placed: {qty} grade {grade} {ptype} pallets, delivery on {when} to {postcode} (quote {quote_id}).",
                      f"订单已下：{qty} 个 {grade} 级{zh_word}，{when} 送到 {postcode}（报价 {quote_id}）。")
    draft.roles = {"main": order, "write": order, "lookup": cust, "plain": stock, "producer": quote,
                   "distractor": Step("book_heat_treatment", {"batch_size": qty}, {"booking": "HT-9"})}
    draft.slots = {"context_id": (cust, "account_no"), "copied_id": (order, "quote_id"), "date": (quote, "date"),
                   "enum": (stock, "pallet_type"), "extra": (order, "pallet_label")}
    draft.facts = {"enum_word": _l(lang, en_word, zh_word), "extra_value": _l(lang, en_word, zh_word), "success_text": draft.output,
                   "date_format": True}
    return draft


# --- 8. cricket bat maker --------------------------------------------------------------------------

def bat_maker(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    order = f"BAT-{rng.randint(1000, 9999)}"
    cleft = f"CLF{rng.randint(100, 999)}"
    grade, en_word, zh_word = rng.choice([("G1", "grade one", "一级"), ("G2", "grade two", "二级")])
    handle = rng.choice(["short", "long"])
    weight = rng.choice([1130, 1160, 1190, 1220])
    tools = [
        tool("get_bat_order", "Get a custom bat order: spec, stage, customer.", ["order_ref"], order_ref={"type": "string"}),
        tool("list_willow_clefts", "English willow clefts in the drying shed, by grade.", ["grade"],
             grade={"type": "string", "enum": ["G1", "G2", "G3"]}),
        tool("update_bat_spec", "Change the spec of a bat order before pressing.", ["order_ref", "cleft_id", "weight_g", "handle"],
             order_ref={"type": "string"}, cleft_id={"type": "string"},
             weight_g={"type": "integer", "minimum": 1000, "maximum": 1500},
             handle={"type": "string", "enum": ["short", "long"]}),
        tool("list_net_sessions", "Indoor net sessions for knocking in a new bat."),
    ]
    request = _l(lang, f"On my bat order, can we switch to a {en_word} cleft, {weight} g, {handle} handle?",
                 f"我的球拍订单能不能改成{zh_word}柳木坯，{weight} 克，{'短' if handle == 'short' else '长'}柄（{handle}）？")
    history = [{"role": "assistant", "text": _l(lang, f"Your order {order} is in the queue for shaping.",
                                                f"您的订单 {order} 正在排队刨形。"),
                "calls": [{"name": "get_bat_order", "arguments": {"order_ref": order}}],
                "results": [{"order_ref": order, "stage": "queued"}]}]
    get = Step("get_bat_order", {"order_ref": order},
               {"order_ref": order, "stage": "queued", "weight_g": 1180, "handle": "short", "grade": "G3"})
    clefts = Step("list_willow_clefts", {"grade": grade},
                  {"clefts": [{"cleft_id": cleft, "grains": rng.randint(8, 14), "weight_g": weight + 600},
                              {"cleft_id": f"CLF{rng.randint(100, 999)}", "grains": 6, "reserved": True}]}, parallel=True)
    upd = Step("update_bat_spec", {"order_ref": order, "cleft_id": cleft, "weight_g": weight, "handle": handle},
               {"order_ref": order, "status": "updated", "cleft_id": cleft})
    draft = Draft("cricket_bats", lang, request, None, tools, [get, clefts, upd], day,
                  user_id=f"cus{rng.randint(10000, 99999)}", history=history,
                  patterns=["order ref from an earlier turn's tool result", "cleft id copied", "enum from the user's words",
                            "parallel lookups"])
    if rng.random() < 0.3:
        _retry(clefts, draft)
    draft.output = _l(lang, f"Updated {order}: {grade} cleft {cleft}, {weight} g, {handle} handle.",
                      f"订单 {order} 已更新：{zh_word}坯 {cleft}，{weight} 克，{handle} 柄。")
    draft.roles = {"main": upd, "write": upd, "lookup": get, "plain": get, "producer": clefts,
                   "distractor": Step("list_net_sessions", {}, {"sessions": [{"day": "Saturday", "from": "10:00"}]})}
    draft.slots = {"history_id": (get, "order_ref"), "copied_id": (upd, "cleft_id"), "enum": (clefts, "grade"),
                   "extra": (upd, "weight_note")}
    draft.facts = {"enum_word": _l(lang, en_word, zh_word), "extra_value": _l(lang, f"{weight} g", f"{weight} 克"), "success_text": draft.output}
    return draft


SCENARIOS = [cooperage, asbestos, powder_coating, pigeon_club, paving, wigmaker, pallet_yard, bat_maker]


def _leaves(value: object) -> list[str]:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [str(value)]


def _seen_nowhere(case: Case) -> None:
    """A value "from the future" whose producer then failed appears in no result at all: it is
    made up (ungrounded_value), not taken from a later result (future_ref)."""
    calls = case.trajectory.tool_calls
    for seq in sorted(s for s in case.expected.get("future_ref", set()) if s is not None):
        consumer = calls[seq - 1]
        before = json.dumps([case.trajectory.input, [m.model_dump() for m in case.trajectory.history],
                             [c.result for c in calls[:seq - 1]]], ensure_ascii=False)
        later = json.dumps([c.result for c in calls[seq:] if c.status == "ok"], ensure_ascii=False)
        fresh = [v for v in _leaves(consumer.arguments) if v not in before]
        if fresh and not any(v in later for v in fresh):
            case.expected["future_ref"].discard(seq)
            case.expected.setdefault("ungrounded_value", set()).add(seq)
    if "future_ref" in case.expected and not case.expected["future_ref"]:
        del case.expected["future_ref"]


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean, the rest with one fault or two on different calls."""
    cases = _generate(SPLIT, SCENARIOS, n, seed)
    for case in cases:
        _seen_nowhere(case)
    return cases
