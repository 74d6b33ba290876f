"""The quieted split: agent traffic of a coworking café's phone booths, a municipal compost
collection, a roller-derby league's gear and bouts, a vintage-radio repairer, a student-housing
maintenance desk, a scuba shop's dive trips and tank fills, a city's street-market stall permits
and an e-bike battery recycling point, written by a twenty-eighth helper who read neither the
evaluators, their calibration nor any other split. It must not be read when tuning the
evaluators, or it stops being unseen.

Shapes it holds (each case's `patterns` names its shape as "shape:<name>"): bookings, questions
answered by lookups, comparisons made with parallel calls in one model turn, changes and
cancellations of existing records, computations the agent does from results (totals, end times,
dates N days later, unit conversions), follow-ups of an earlier turn (history carries its
messages, calls and results), exports polled to completion with a status tool, a retry after a
transient 503 that then succeeds, and ids the framework fills in (user.id, resident, member and
trader ids on the root span's attributes or resource). English and Chinese requests, tool
descriptions sometimes in the other language. Each case is drawn from (seed, index) alone.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import re

from tests.judgement import corpus
from tests.judgement.corpus import TOUCHED, Case, Draft, Marks, Step, build, tool

SPLIT = "quieted"

# --- small helpers ----------------------------------------------------------------------------

WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WEEKDAYS_ZH = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
RELATIVE = [(1, "tomorrow", "明天"), (2, "the day after tomorrow", "后天"), (3, "in three days", "三天后")]


def _day(rng: random.Random) -> dt.date:
    return dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 520))


def _zh_desc(rng: random.Random, lang: str) -> bool:
    """Whether the tools are described in Chinese (some Chinese requests meet English tools, and
    the other way round)."""
    return rng.random() < (0.5 if lang == "zh" else 0.25)


def _d(zh: bool, en_text: str, zh_text: str) -> str:
    return zh_text if zh else en_text


def _relative(rng: random.Random, day: dt.date, lang: str) -> tuple[dt.date, str]:
    offset, en, zh = rng.choice(RELATIVE)
    return day + dt.timedelta(days=offset), (en if lang == "en" else zh)


def _weekday(rng: random.Random, day: dt.date, lang: str) -> tuple[dt.date, str]:
    """The next given weekday after today, as the user names it ("on Saturday", "周六")."""
    offset = rng.randint(2, 6)
    target = day + dt.timedelta(days=offset)
    return target, (f"on {WEEKDAYS_EN[target.weekday()]}" if lang == "en" else WEEKDAYS_ZH[target.weekday()])


def _id(rng: random.Random, prefix: str, digits: int = 5) -> str:
    return f"{prefix}-{rng.randint(10 ** (digits - 1), 10 ** digits - 1)}"


DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}
HHMM = {"type": "string", "pattern": r"^\d{2}:\d{2}$", "description": "24-hour time, HH:MM"}


def _send_email(zh: bool):
    return tool("send_email", _d(zh, "Send an e-mail from the desk's shared mailbox.", "从前台共用邮箱发送邮件。"),
                ["to", "subject", "body"], to={"type": "string", "format": "email"},
                subject={"type": "string"}, body={"type": "string"})


def _hhmm_add(start: str, minutes: int) -> str:
    h, m = map(int, start.split(":"))
    total = h * 60 + m + minutes
    return f"{total // 60:02d}:{total % 60:02d}"


# --- scenarios: each drafts one clean run ----------------------------------------------------------


def phone_booths(rng: random.Random, lang: str) -> Draft:
    """A coworking café's phone booths: a booking (member and location from context), or a
    follow-up extending the booking an earlier turn made."""
    zh = _zh_desc(rng, lang)
    day = _day(rng)
    loc, member = f"LOC-{rng.randint(11, 98)}", _id(rng, "M")
    tools = [
        tool("find_booths", _d(zh, "Free phone booths at a café location for a time window.", "查询某门店某时段空闲的电话亭。"),
             ["location_id", "date", "start"], location_id={"type": "string"}, date=DATE, start=HHMM,
             duration_minutes={"type": "integer", "minimum": 15, "maximum": 120, "default": 30},
             size={"type": "string", "enum": ["solo", "duo"], "default": "solo"}),
        tool("book_booth", _d(zh, "Book a phone booth for a member.", "为会员预订电话亭。"),
             ["member_id", "booth_id", "date", "start"], member_id={"type": "string"}, booth_id={"type": "string"},
             date=DATE, start=HHMM, duration_minutes={"type": "integer", "minimum": 15, "maximum": 120, "default": 30}),
        tool("extend_booking", _d(zh, "Extend an existing booth booking by some minutes.", "延长已有的电话亭预订。"),
             ["booking_ref", "extra_minutes"], booking_ref={"type": "string"},
             extra_minutes={"type": "integer", "minimum": 15, "maximum": 60}),
        tool("list_cafe_events", _d(zh, "Workshops and talks on the café's events board for a day.", "门店某天的讲座和活动。"),
             ["location_id", "date"], location_id={"type": "string"}, date=DATE),
    ]
    attributes = {"member.id": member}
    resource = {"tenant.id": "brewdesk", "location.id": loc}
    user_id = f"u_{rng.randint(100000, 999999)}"
    start = rng.choice(["09:00", "10:30", "11:15", "13:00", "15:45", "16:30"])
    h, m = map(int, start.split(":"))
    said_en = rng.choice([start, f"{h % 12 or 12}:{m:02d}{'am' if h < 12 else 'pm'}"])
    said_zh = rng.choice([start, f"{'上午' if h < 12 else '下午'}{h % 12 or 12}点{'' if m == 0 else ('半' if m == 30 else f'{m}分')}"])
    said_time = said_en if lang == "en" else said_zh
    ref = f"BK-{rng.randint(1000, 9999)}{rng.choice('ABCDEFGH')}"
    b1, b2 = f"PB-{rng.randint(1, 9)}", f"PB-{rng.randint(10, 14)}"

    if rng.random() < 0.35:  # follow-up of the turn that booked
        when = day
        dur = rng.choice([30, 45, 60])
        extra, extra_en, extra_zh = rng.choice([(15, "15 minutes", "15分钟"), (30, "half an hour", "半小时"), (60, "an hour", "一个小时")])
        end = _hhmm_add(start, dur)
        history = [
            {"role": "user", "text": (f"Book me a booth today at {start} for {dur} minutes." if lang == "en"
                                      else f"帮我订今天{start}的电话亭，{dur}分钟。")},
            {"role": "assistant", "calls": [{"name": "book_booth", "arguments": {
                "member_id": member, "booth_id": b1, "date": when.isoformat(), "start": start, "duration_minutes": dur}}]},
            {"role": "tool", "results": [{"booking_ref": ref, "status": "confirmed"}]},
            {"role": "assistant", "text": (f"Booked {b1} from {start} to {end}, ref {ref}." if lang == "en"
                                           else f"已订 {b1}，{start}–{end}，编号 {ref}。")},
        ]
        request = (f"My call is running long, can you extend the booth by {extra_en}?" if lang == "en"
                   else f"电话还没打完，电话亭能再延长{extra_zh}吗？")
        new_end = _hhmm_add(end, extra)
        step = Step("extend_booking", {"booking_ref": ref, "extra_minutes": extra}, {"booking_ref": ref, "status": "extended"})
        output = (f"Extended — {b1} is now yours until {new_end}." if lang == "en" else f"已延长，{b1} 现在用到 {new_end}。")
        draft = Draft("phone_booths", lang, request, output, tools, [step], day, user_id=user_id,
                      attributes=attributes, resource=resource, history=history,
                      patterns=["shape:follow_up", "history_id", "unit_conversion", "computed_end_time"])
        draft.roles.update(main=step, write=step, plain=step,
                           distractor=Step("list_cafe_events", {"location_id": loc, "date": day.isoformat()}, {"events": []}))
        draft.slots.update(history_id=(step, "booking_ref"))
        draft.facts.update(success_text=output, astray=(
            "There are no events at the café today." if lang == "en" else "今天门店没有活动。"))
        return draft

    when, said_day = _relative(rng, day, lang)
    dur, dur_en, dur_zh = rng.choice([(45, "45 minutes", "45分钟"), (60, "an hour", "一个小时"),
                                      (90, "an hour and a half", "一个半小时"), (None, "", "")])
    duo = rng.random() < 0.3
    patterns = ["shape:booking", "context_id", "relative_date_resolved"]
    if lang == "en":
        request = (f"Can you get me a phone booth {said_day} at {said_time}"
                   + (f" for {dur_en}" if dur else "") + ("? It's two people on a client call." if duo
                                                          else "? I've got a client call."))
    else:
        request = (f"帮我订个电话亭，{said_day}{said_time}" + (f"，{dur_zh}" if dur else "")
                   + ("，我们两个人打客户电话。" if duo else "，要打个客户电话。"))
    find_args = {"location_id": loc, "date": when.isoformat(), "start": start}
    if dur:
        find_args["duration_minutes"] = dur
        if dur != 45:
            patterns.append("unit_conversion")
    elif rng.random() < 0.5:
        find_args["duration_minutes"] = 30
        patterns.append("schema_default")
    if duo:
        find_args["size"] = "duo"
        patterns.append("enum_member")
    if said_time != start:
        patterns.append("time_normalised")
    find = Step("find_booths", find_args, {"booths": [{"booth_id": b1, "floor": 1, "size": "duo" if duo else "solo"},
                                                      {"booth_id": b2, "floor": 2, "size": "duo" if duo else "solo"}]})
    book_args = {"member_id": member, "booth_id": b1, "date": when.isoformat(), "start": start}
    if "duration_minutes" in find_args:
        book_args["duration_minutes"] = find_args["duration_minutes"]
    book = Step("book_booth", book_args, {"booking_ref": ref, "status": "confirmed"})
    end = _hhmm_add(start, find_args.get("duration_minutes", 30))
    output = (f"Booked booth {b1} ({'floor 1'}) on {when.isoformat()}, {start}–{end}. Ref {ref}." if lang == "en"
              else f"已为你预订 {b1}（1楼），{when.isoformat()} {start}–{end}，编号 {ref}。")
    patterns += ["copied_id", "computed_end_time"]
    draft = Draft("phone_booths", lang, request, output, tools, [find, book], day, user_id=user_id,
                  attributes=attributes, resource=resource, patterns=patterns)
    draft.roles.update(lookup=find, producer=find, main=book, write=book,
                       distractor=Step("list_cafe_events", {"location_id": loc, "date": when.isoformat()},
                                       {"events": [{"title": "Latte art basics", "time": "18:00"}]}))
    draft.slots.update(context_id=(book, "member_id"), copied_id=(book, "booth_id"),
                       date=(rng.choice([find, book]), "date"), time=(book, "start"), extra=(book, "note"))
    if duo:
        draft.slots["enum"] = (find, "size")
        draft.facts["enum_word"] = "two people" if lang == "en" else "两个人"
    draft.facts.update(success_text=output, date_format=True, time_word=said_time,
                       extra_value="client call" if lang == "en" else "客户电话",
                       astray=("Here is what's on at the café that day." if lang == "en" else "这是当天门店的活动安排。"))
    return draft


def compost(rng: random.Random, lang: str) -> Draft:
    """Municipal compost collection: when is my next pickup (and the one after), a missed
    collection reported, or collections paused while away (a resume date N days later)."""
    zh = _zh_desc(rng, lang)
    day = _day(rng)
    street_en, street_zh = rng.choice([("Elm Road", "榆树路"), ("Mill Lane", "磨坊巷"), ("Quarry Street", "采石街"),
                                       ("Hawthorn Close", "山楂巷")])
    street = street_en if lang == "en" else street_zh
    number = str(rng.randint(2, 140))
    postcode = rng.choice(["N4 2HB", "E8 1DY", "SE15 4QL", "NW5 3AT"])
    address_id = _id(rng, "ADR", 6)
    stream, word_en, word_zh = rng.choice([("garden_bin", "green bin", "绿色花园桶"), ("food_caddy", "kitchen caddy", "厨余桶"),
                                          ("compost_sack", "compost sack", "堆肥袋")])
    word = word_en if lang == "en" else word_zh
    tools = [
        tool("find_address", _d(zh, "Look up a property in the council's address register.", "在市政地址库中查找住址。"),
             ["street", "house_number", "postcode"], street={"type": "string"}, house_number={"type": "string"},
             postcode={"type": "string"}),
        tool("get_collection_schedule", _d(zh, "Next collection date and interval for an address and waste stream.",
                                           "查询某住址某类垃圾的下次收运日期和间隔。"),
             ["address_id", "stream"], address_id={"type": "string"},
             stream={"type": "string", "enum": ["garden_bin", "food_caddy", "compost_sack"]}),
        tool("report_missed_collection", _d(zh, "Report a scheduled collection that did not happen.", "报告漏收。"),
             ["address_id", "stream", "collection_date"], address_id={"type": "string"},
             stream={"type": "string", "enum": ["garden_bin", "food_caddy", "compost_sack"]}, collection_date=DATE),
        tool("pause_collections", _d(zh, "Pause collections for an address until a resume date.", "暂停某住址的收运，到恢复日期为止。"),
             ["address_id", "stream", "from_date", "resume_date"], address_id={"type": "string"},
             stream={"type": "string", "enum": ["garden_bin", "food_caddy", "compost_sack"]},
             from_date=DATE, resume_date=DATE),
        tool("order_compost_delivery", _d(zh, "Order finished compost from the municipal site, delivered.",
                                          "订购市政堆肥场的成品堆肥并送货上门。"),
             ["address_id"], address_id={"type": "string"},
             bags={"type": "integer", "minimum": 1, "maximum": 20, "default": 1}),
    ]
    find_args = {"street": street, "house_number": number, "postcode": postcode}
    find = Step("find_address", find_args, {"address_id": address_id, "round": f"{rng.choice('ABCD')}-{rng.randint(1, 6)}"})
    where_en, where_zh = f"{number} {street}, {postcode}", f"{street}{number}号（{postcode}）"
    distractor = Step("order_compost_delivery", {"address_id": address_id}, {"order": "OC-1", "status": "placed"})
    kind = rng.choice(["ask", "ask", "missed", "pause"])
    if kind == "ask":
        interval = rng.choice([7, 14])
        nxt = day + dt.timedelta(days=rng.randint(1, 6))
        after = nxt + dt.timedelta(days=interval)
        request = (f"When's my next {word} pickup at {where_en}? And the one after that?" if lang == "en"
                   else f"{where_zh}的{word}下次什么时候收？再下一次呢？")
        sched = Step("get_collection_schedule", {"address_id": address_id, "stream": stream},
                     {"stream": stream, "next_collection": nxt.isoformat(), "interval_days": interval})
        output = (f"Your {word} is next collected on {nxt.isoformat()} ({WEEKDAYS_EN[nxt.weekday()]}), then on "
                  f"{after.isoformat()} — every {interval} days." if lang == "en"
                  else f"下次收运是 {nxt.isoformat()}（{WEEKDAYS_ZH[nxt.weekday()]}），再下一次是 {after.isoformat()}，每 {interval} 天一次。")
        draft = Draft("compost", lang, request, output, tools, [find, sched], day,
                      patterns=["shape:lookup_answer", "shape:computation", "copied_id", "enum_member", "computed_date"])
        draft.roles.update(lookup=find, producer=find, main=sched, plain=sched, distractor=distractor)
        draft.slots.update(copied_id=(sched, "address_id"), enum=(sched, "stream"))
        draft.facts.update(enum_word=word, extra_value=word_en if lang == "en" else word_zh,
                           astray="I've ordered a bag of compost for you." if lang == "en" else "已为你订了一袋堆肥。")
        draft.slots["extra"] = (sched, "bin_colour")
        return draft
    if kind == "missed":
        missed = day - dt.timedelta(days=1)
        request = (f"My {word} wasn't collected yesterday — {where_en}. Can you report it?" if lang == "en"
                   else f"我家{word}昨天没人来收，地址{where_zh}，帮我报一下。")
        ref = _id(rng, "MC", 6)
        report = Step("report_missed_collection", {"address_id": address_id, "stream": stream,
                                                   "collection_date": missed.isoformat()},
                      {"report_id": ref, "status": "logged", "return_within_days": 2})
        output = (f"Reported (ref {ref}). The crew should come back within 2 working days." if lang == "en"
                  else f"已报告漏收（编号 {ref}），两个工作日内会补收。")
        draft = Draft("compost", lang, request, output, tools, [find, report], day,
                      patterns=["shape:booking", "copied_id", "enum_member", "relative_date_resolved"])
        draft.roles.update(lookup=find, producer=find, main=report, write=report, distractor=distractor)
        draft.slots.update(copied_id=(report, "address_id"), enum=(report, "stream"), date=(report, "collection_date"))
        draft.facts.update(enum_word=word, success_text=output, date_format=True,
                           astray="I've ordered a bag of compost for you." if lang == "en" else "已为你订了一袋堆肥。")
        return draft
    start, said = _weekday(rng, day, lang)
    weeks = rng.choice([2, 3, 4])
    resume = start + dt.timedelta(weeks=weeks)
    weeks_zh = "两三四"[weeks - 2]
    request = (f"I'm away for {weeks} weeks starting {said}. Please pause the {word} at {where_en} "
               "and restart it the day I'm back." if lang == "en"
               else f"我{said}开始出门{weeks_zh}周，{where_zh}的{word}先暂停，回来那天再恢复。")
    pause = Step("pause_collections", {"address_id": address_id, "stream": stream, "from_date": start.isoformat(),
                                       "resume_date": resume.isoformat()}, {"pause_id": _id(rng, "PZ"), "status": "paused"})
    output = (f"Paused from {start.isoformat()}; collections restart on {resume.isoformat()}." if lang == "en"
              else f"已暂停，自 {start.isoformat()} 起，{resume.isoformat()} 恢复收运。")
    draft = Draft("compost", lang, request, output, tools, [find, pause], day,
                  patterns=["shape:change", "shape:computation", "copied_id", "enum_member", "relative_date_resolved",
                            "computed_date"])
    draft.roles.update(lookup=find, producer=find, main=pause, write=pause, distractor=distractor)
    draft.slots.update(copied_id=(pause, "address_id"), enum=(pause, "stream"), date=(pause, "from_date"),
                       computed_date=(pause, "resume_date"))
    draft.facts.update(enum_word=word, success_text=output, date_format=True,
                       astray="I've ordered a bag of compost for you." if lang == "en" else "已为你订了一袋堆肥。")
    return draft


GEAR = [("wrist_guards", "wrist guards", "护腕"), ("knee_pads", "knee pads", "护膝"), ("helmet", "helmet", "头盔"),
        ("elbow_pads", "elbow pads", "护肘")]


def roller_derby(rng: random.Random, lang: str) -> Draft:
    """A roller-derby league: gear sizes compared in parallel then one reserved, or when the next
    home bout is and when doors open."""
    zh = _zh_desc(rng, lang)
    day = _day(rng)
    member, team = _id(rng, "RD", 4), rng.choice(["TEAM-07", "TEAM-12", "TEAM-03"])
    tools = [
        tool("check_gear_stock", _d(zh, "Stock and price of a piece of league gear in one size.", "查询联盟装备某尺码的库存和价格。"),
             ["item", "size"], item={"type": "string", "enum": [g[0] for g in GEAR]},
             size={"type": "string", "enum": ["XS", "S", "M", "L", "XL"]}),
        tool("reserve_gear", _d(zh, "Reserve gear for a skater to collect at practice.", "为队员预留装备，训练时领取。"),
             ["member_id", "item", "size"], member_id={"type": "string"},
             item={"type": "string", "enum": [g[0] for g in GEAR]}, size={"type": "string", "enum": ["XS", "S", "M", "L", "XL"]},
             quantity={"type": "integer", "minimum": 1, "maximum": 4, "default": 1}),
        tool("list_bouts", _d(zh, "Upcoming bouts of a team, with venue, home/away and start time.", "查询球队即将进行的比赛、场地和开始时间。"),
             ["team_id"], team_id={"type": "string"}, date_from=DATE),
    ]
    attributes = {"league.member_id": member}
    resource = {"team.id": team, "tenant.id": "southside-derby"}
    if rng.random() < 0.35:  # question answered by a lookup, with a computed time
        bout_day = day + dt.timedelta(days=rng.randint(3, 20))
        start = rng.choice(["18:00", "18:30", "19:00", "17:30"])
        doors = _hhmm_add(start, -60)
        bouts = {"bouts": [{"bout_id": _id(rng, "BT", 4), "date": bout_day.isoformat(), "start": start, "home": True,
                            "venue": "Eastgate Sports Hall", "opponent": "Harbour Hellcats"}]}
        request = ("When's our next home bout, and what time do doors open? They open an hour before the start." if lang == "en"
                   else "我们下一场主场比赛是哪天？提前一小时开门的话，几点开门？")
        args = {"team_id": team}
        patterns = ["shape:lookup_answer", "shape:computation", "context_id", "computed_time"]
        if rng.random() < 0.5:
            args["date_from"] = day.isoformat()
            patterns.append("today_from_trace")
        look = Step("list_bouts", args, bouts)
        output = (f"Next home bout: {bout_day.isoformat()} vs Harbour Hellcats at Eastgate Sports Hall, start {start}, "
                  f"doors {doors}." if lang == "en"
                  else f"下一场主场：{bout_day.isoformat()}，对阵 Harbour Hellcats，Eastgate 体育馆，{start} 开赛，{doors} 开门。")
        draft = Draft("roller_derby", lang, request, output, tools, [look], day, user_id=f"u_{member.lower()}",
                      attributes=attributes, resource=resource, patterns=patterns)
        draft.roles.update(lookup=look, main=look, plain=look)
        draft.slots.update(context_id=(look, "team_id"))
        return draft
    item, item_en, item_zh = rng.choice(GEAR)
    sizes = rng.choice([["S", "M", "L"], ["M", "L", "XL"], ["XS", "S", "M"], ["M", "L"], ["S", "M"]])
    price = rng.choice([24.0, 32.5, 49.0, 59.9])
    stock = [0] * len(sizes)
    pick = rng.randrange(1, len(sizes))
    for i in range(pick, len(sizes)):
        stock[i] = rng.randint(1, 6)
    qty = rng.choice([1, 1, 2])
    listing = "、".join(sizes) if lang == "zh" else ", ".join(sizes[:-1]) + " or " + sizes[-1]
    if lang == "en":
        request = (f"Do you have {item_en} in {listing}? I'm between sizes — reserve me "
                   + ("two of the smallest size that's in stock." if qty == 2 else "the smallest one that's in stock."))
    else:
        request = (f"{item_zh}有{listing}号的吗？我介于两个尺码之间，帮我" + ("留两副" if qty == 2 else "留一副") + "有货的最小号。")
    checks = [Step("check_gear_stock", {"item": item, "size": s}, {"item": item, "size": s, "in_stock": n,
                                                                   "price": {"amount": price, "currency": "EUR"}},
                   parallel=i > 0) for i, (s, n) in enumerate(zip(sizes, stock))]
    args = {"member_id": member, "item": item, "size": sizes[pick]}
    patterns = ["shape:comparison", "shape:booking", "context_id", "enum_member", "copied_value"]
    if qty == 2:
        args["quantity"] = 2
        patterns.append("number_word")
    elif rng.random() < 0.4:
        args["quantity"] = 1
        patterns.append("schema_default")
    reserve = Step("reserve_gear", args, {"reservation_id": _id(rng, "GR"), "collect": "next practice, kit room"})
    total = price * qty
    out_sizes = ", ".join(s for s, n in zip(sizes, stock) if n == 0)
    if lang == "en":
        output = (f"{out_sizes} {'is' if pick == 1 else 'are'} out of stock; I reserved {qty} × {item_en} in "
                  f"{sizes[pick]} (€{total:.2f}) for you to collect at the next practice.")
    else:
        output = f"{out_sizes} 号缺货，已为你预留 {qty} 副 {sizes[pick]} 号{item_zh}（共 €{total:.2f}），下次训练时到器材室领取。"
    if qty == 2:
        patterns.append("computed_total")
    draft = Draft("roller_derby", lang, request, output, tools, [*checks, reserve], day, user_id=f"u_{member.lower()}",
                  attributes=attributes, resource=resource, patterns=patterns)
    draft.roles.update(lookup=checks[0], main=reserve, write=reserve,
                       distractor=Step("list_bouts", {"team_id": team}, {"bouts": []}))
    draft.slots.update(context_id=(reserve, "member_id"), enum=(reserve, "item"))
    draft.facts.update(enum_word=item_en if lang == "en" else item_zh, success_text=output,
                       astray=("I looked up the team's upcoming bouts." if lang == "en" else "我查了球队接下来的比赛。"))
    return draft


def vintage_radio(rng: random.Random, lang: str) -> Draft:
    """A vintage-radio repairer: a follow-up approving the quote an earlier turn obtained, with
    an add-on (the total computed), or asking when the set will be ready."""
    zh = _zh_desc(rng, lang)
    day = _day(rng)
    model, year = rng.choice([("Grundig 2147", 1957), ("Philips BX998A", 1955), ("Bush DAC90A", 1950),
                              ("Telefunken Opus 7", 1960), ("Roberts R66", 1962)])
    ticket = _id(rng, "RT", 5)
    quote = rng.choice([85, 120, 145, 190])
    addon, addon_en, addon_zh, addon_price = rng.choice([("cord_restring", "dial cord", "拨盘线", 18),
                                                         ("recap", "new capacitors", "换电容", 60),
                                                         ("valve_set", "new valves", "换电子管", 75)])
    ready = day + dt.timedelta(days=rng.randint(8, 25))
    fault_en, fault_zh = rng.choice([("hums and won't tune", "有嗡嗡声，调不了台"), ("has no sound though the dial lamp lights", "没声音，刻度灯亮")])
    tools = [
        tool("create_repair_ticket", _d(zh, "Open a repair ticket for a set and get an estimate.", "为收音机开维修单并估价。"),
             ["set_model", "fault"], set_model={"type": "string"}, fault={"type": "string"},
             year={"type": "integer", "minimum": 1920, "maximum": 1990}),
        tool("get_repair_ticket", _d(zh, "Status, quote and add-on prices of a repair ticket.", "查询维修单状态、报价和附加项价格。"),
             ["ticket_id"], ticket_id={"type": "string"}),
        tool("approve_repair", _d(zh, "Approve the quoted repair, optionally with one add-on.", "确认维修报价，可加一个附加项。"),
             ["ticket_id"], ticket_id={"type": "string"},
             add_on={"type": "string", "enum": ["cord_restring", "recap", "valve_set", "speaker_recone"]}),
        tool("list_spare_parts", _d(zh, "Spare valves and parts in stock for a model.", "查询某型号的备用电子管和零件库存。"),
             ["model"], model={"type": "string"}),
        _send_email(zh),
    ]
    created = {"ticket_id": ticket, "status": "awaiting_approval", "quote": {"amount": quote, "currency": "EUR"},
               "add_on_prices": {addon: addon_price}}
    history = [
        {"role": "user", "text": (f"I've got a {year} {model} that {fault_en}. What would a repair cost?" if lang == "en"
                                  else f"我有一台{year}年的{model}，{fault_zh}。修一下多少钱？")},
        {"role": "assistant", "calls": [{"name": "create_repair_ticket", "arguments": {
            "set_model": model, "fault": fault_en if lang == "en" else fault_zh, "year": year}}]},
        {"role": "tool", "results": [created]},
        {"role": "assistant", "text": (f"Ticket {ticket}: the estimate is €{quote}. A {addon_en} would be €{addon_price} extra."
                                       if lang == "en" else f"维修单 {ticket}：估价 €{quote}，{addon_zh}另加 €{addon_price}。")},
    ]
    status = Step("get_repair_ticket", {"ticket_id": ticket},
                  {**created, "bench_slot": ready.isoformat(), "technician": "Ivo"})
    if rng.random() < 0.3:
        request = ("Thanks — if I say yes, when would it be ready?" if lang == "en" else "谢谢。如果我同意，大概什么时候能修好？")
        output = (f"If you approve now it's booked for {ready.isoformat()}; the estimate is still €{quote}." if lang == "en"
                  else f"现在确认的话排在 {ready.isoformat()}，估价仍是 €{quote}。")
        draft = Draft("vintage_radio", lang, request, output, tools, [status], day, history=history,
                      patterns=["shape:follow_up", "shape:lookup_answer", "history_id"])
        draft.roles.update(lookup=status, main=status, plain=status)
        draft.slots.update(history_id=(status, "ticket_id"))
        return draft
    request = (f"Great, go ahead with the repair — and do the {addon_en} too." if lang == "en"
               else f"好的，修吧，顺便把{addon_zh}也做了。")
    approve = Step("approve_repair", {"ticket_id": ticket, "add_on": addon}, {"status": "approved", "ready_by": ready.isoformat()})
    total = quote + addon_price
    output = (f"Approved with the {addon_en}: €{quote} + €{addon_price} = €{total}. It should be ready by "
              f"{ready.isoformat()}." if lang == "en"
              else f"已确认维修并加做{addon_zh}：€{quote} + €{addon_price} = €{total}，预计 {ready.isoformat()} 修好。")
    draft = Draft("vintage_radio", lang, request, output, tools, [status, approve], day, history=history,
                  patterns=["shape:follow_up", "shape:computation", "history_id", "enum_member", "computed_total"])
    draft.roles.update(lookup=status, main=approve, write=approve, plain=status,
                       distractor=Step("list_spare_parts", {"model": model}, {"parts": [{"part": "ECC85", "stock": 2}]}))
    draft.slots.update(history_id=(rng.choice([status, approve]), "ticket_id"), enum=(approve, "add_on"),
                       extra=(approve, "comment"))
    draft.facts.update(enum_word=addon_en if lang == "en" else addon_zh, success_text=output,
                       extra_value=addon_en if lang == "en" else addon_zh,
                       astray=(f"Here are the spare parts in stock for the {model}." if lang == "en"
                               else f"这是 {model} 的备件库存。"))
    return draft


def student_housing(rng: random.Random, lang: str) -> Draft:
    """A student-housing maintenance desk: a repair visit moved or cancelled, or a lost key card
    blocked and replaced; the resident id comes from the context."""
    zh = _zh_desc(rng, lang)
    day = _day(rng)
    resident = _id(rng, "RES", 6)
    room = f"{rng.choice('ABCD')}-{rng.randint(101, 420)}"
    slots = ["08-12", "12-16", "16-20"]
    tools = [
        tool("list_my_requests", _d(zh, "Open maintenance requests of a resident.", "查询住户未完成的报修单。"),
             ["resident_id"], resident_id={"type": "string"}),
        tool("reschedule_visit", _d(zh, "Move a repair visit to another date and time window.", "把维修上门改到其他日期和时段。"),
             ["request_id", "visit_date", "window"], request_id={"type": "string"}, visit_date=DATE,
             window={"type": "string", "enum": slots, "description": "time window, 24h"}),
        tool("cancel_request", _d(zh, "Cancel a maintenance request.", "取消报修单。"), ["request_id"],
             request_id={"type": "string"}, reason={"type": "string"}),
        tool("get_key_card", _d(zh, "The resident's current key card and room.", "查询住户当前门卡和房间。"),
             ["resident_id"], resident_id={"type": "string"}),
        tool("block_key_card", _d(zh, "Block a lost or stolen key card.", "挂失并停用门卡。"), ["card_id"], card_id={"type": "string"}),
        tool("issue_key_card", _d(zh, "Issue a replacement key card for a room.", "为房间补办门卡。"), ["resident_id", "room"],
             resident_id={"type": "string"}, room={"type": "string"},
             pickup={"type": "string", "enum": ["reception", "parcel_locker"], "default": "reception"}),
        tool("book_common_room", _d(zh, "Reserve the common room for a study group or party.", "预订公共活动室。"),
             ["resident_id", "date"], resident_id={"type": "string"}, date=DATE),
        _send_email(zh),
    ]
    use_user_id = rng.random() < 0.4
    attributes = {} if use_user_id else {"resident.id": resident}
    resource = {"tenant.id": "campus-living", "building": room[0]}
    user_id = resident if use_user_id else f"sso-{rng.randint(10000, 99999)}"
    kind = rng.choice(["move", "move", "cancel", "card"])
    if kind == "card":
        card, new_card = _id(rng, "KC", 6), _id(rng, "KC", 6)
        locker = rng.random() < 0.4
        request = ("I lost my key card last night. Block it and get me a new one"
                   + (" — can I get it from the parcel locker?" if locker else ".") if lang == "en"
                   else "我昨晚把门卡弄丢了，帮我挂失再补一张" + ("，放快递柜就行。" if locker else "。"))
        get = Step("get_key_card", {"resident_id": resident}, {"card_id": card, "room": room, "status": "active"})
        block = Step("block_key_card", {"card_id": card}, {"card_id": card, "status": "blocked"})
        args = {"resident_id": resident, "room": room}
        patterns = ["shape:change", "context_id", "copied_id"]
        if locker:
            args["pickup"] = "parcel_locker"
            patterns.append("enum_member")
        issue = Step("issue_key_card", args, {"new_card_id": new_card, "ready_from": f"{(day + dt.timedelta(days=1)).isoformat()} 10:00"})
        where = ("the parcel locker" if locker else "reception") if lang == "en" else ("快递柜" if locker else "前台")
        output = (f"Card {card} is blocked. A replacement for room {room} will be at {where} from tomorrow 10:00." if lang == "en"
                  else f"门卡 {card} 已停用，{room} 的新卡明天 10:00 起可在{where}领取。")
        draft = Draft("student_housing", lang, request, output, tools, [get, block, issue], day, user_id=user_id,
                      attributes=attributes, resource=resource, patterns=patterns)
        draft.roles.update(lookup=get, producer=get, main=block, write=issue, plain=get,
                           distractor=Step("book_common_room", {"resident_id": resident, "date": day.isoformat()}, {"ok": True}))
        draft.slots.update(copied_id=(block, "card_id"), **({"user_id": (issue, "resident_id")} if use_user_id
                                                             else {"context_id": (issue, "resident_id")}))
        if locker:
            draft.slots["enum"] = (issue, "pickup")
            draft.facts["enum_word"] = "parcel locker" if lang == "en" else "快递柜"
        draft.facts.update(success_text=output, astray=("I've booked the common room." if lang == "en" else "已预订公共活动室。"))
        return draft
    issue_en, issue_zh = rng.choice([("leaking shower", "淋浴漏水"), ("broken blind", "百叶窗坏了"), ("dripping tap", "水龙头滴水"),
                                     ("radiator not heating", "暖气不热")])
    req_id, other_id = _id(rng, "MR", 5), _id(rng, "MR", 5)
    visit = day + dt.timedelta(days=rng.randint(1, 5))
    listing = {"requests": [{"request_id": req_id, "issue": issue_en, "visit_date": visit.isoformat(), "window": "08-12",
                             "status": "scheduled"},
                            {"request_id": other_id, "issue": "wardrobe door", "visit_date": None, "status": "waiting_parts"}]}
    look = Step("list_my_requests", {"resident_id": resident}, listing)
    distractor = Step("book_common_room", {"resident_id": resident, "date": visit.isoformat()}, {"ok": True})
    if kind == "cancel":
        why_en, why_zh = rng.choice([("it fixed itself", "已经好了"), ("my landlord's plumber already did it", "房东的师傅已经修好了")])
        request = (f"Please cancel the repair for the {issue_en}, {why_en}." if lang == "en"
                   else f"{issue_zh}的报修取消吧，{why_zh}。")
        args = {"request_id": req_id}
        patterns = ["shape:change", "context_id", "copied_id"]
        if rng.random() < 0.6:
            args["reason"] = why_en if lang == "en" else why_zh
            patterns.append("copied_from_request")
        cancel = Step("cancel_request", args, {"request_id": req_id, "status": "cancelled"})
        output = (f"Cancelled request {req_id} ({issue_en}); the {visit.isoformat()} visit is off." if lang == "en"
                  else f"已取消报修单 {req_id}（{issue_zh}），{visit.isoformat()} 的上门取消了。")
        draft = Draft("student_housing", lang, request, output, tools, [look, cancel], day, user_id=user_id,
                      attributes=attributes, resource=resource, patterns=patterns)
        draft.roles.update(lookup=look, producer=look, main=cancel, write=cancel, distractor=distractor)
        draft.slots.update(copied_id=(cancel, "request_id"), **({"user_id": (look, "resident_id")} if use_user_id
                                                                else {"context_id": (look, "resident_id")}))
        draft.facts.update(success_text=output, astray=("I've booked the common room." if lang == "en" else "已预订公共活动室。"))
        return draft
    new_day, said = _weekday(rng, day, lang)
    window, w_en, w_zh = rng.choice([("12-16", "in the afternoon", "下午"), ("16-20", "after 4pm", "下午四点以后"),
                                     ("08-12", "in the morning", "上午")])
    request = (f"I can't be in for the {issue_en} repair. Can you move it to {said.removeprefix('on ')} {w_en}?" if lang == "en"
               else f"{issue_zh}那个维修我那天不在，能改到{said}{w_zh}吗？")
    move = Step("reschedule_visit", {"request_id": req_id, "visit_date": new_day.isoformat(), "window": window},
                {"request_id": req_id, "visit_date": new_day.isoformat(), "window": window, "status": "scheduled"})
    output = (f"Moved: the {issue_en} visit is now {new_day.isoformat()} ({WEEKDAYS_EN[new_day.weekday()]}), "
              f"{window.replace('-', ':00–')}:00." if lang == "en"
              else f"已改期：{issue_zh}上门改为 {new_day.isoformat()}（{WEEKDAYS_ZH[new_day.weekday()]}）{window.replace('-', ':00–')}:00。")
    draft = Draft("student_housing", lang, request, output, tools, [look, move], day, user_id=user_id,
                  attributes=attributes, resource=resource,
                  patterns=["shape:change", "context_id", "copied_id", "relative_date_resolved", "enum_member"])
    draft.roles.update(lookup=look, producer=look, main=move, write=move, distractor=distractor)
    draft.slots.update(copied_id=(move, "request_id"), date=(move, "visit_date"), enum=(move, "window"),
                       extra=(move, "note"), **({"user_id": (look, "resident_id")} if use_user_id
                                                else {"context_id": (look, "resident_id")}))
    draft.facts.update(enum_word=w_en if lang == "en" else w_zh, success_text=output, date_format=True,
                       extra_value=f"can't be in" if lang == "en" else "那天不在",
                       astray=("I've booked the common room." if lang == "en" else "已预订公共活动室。"))
    return draft


CURRENCIES = [("USD", "dollars", "美元"), ("EUR", "euros", "欧元"), ("JPY", "yen", "日元"), ("AUD", "Australian dollars", "澳元")]
SITES = [("wreck", "the wreck", "沉船"), ("reef_north", "the north reef", "北礁"), ("kelp_wall", "the kelp wall", "海藻墙")]


def scuba(rng: random.Random, lang: str) -> Draft:
    """A scuba shop: a dive-trip search that hits a transient 503, is retried and booked (total and
    return time computed), tank fills ordered, or dive days compared in parallel."""
    zh = _zh_desc(rng, lang)
    day = _day(rng)
    tools = [
        tool("search_dive_trips", _d(zh, "Boat dive trips on a date, with prices in the requested currency.",
                                     "查询某天的船潜行程，按指定币种报价。"),
             ["date"], date=DATE, site={"type": "string", "enum": [s[0] for s in SITES]},
             currency={"type": "string", "pattern": "^[A-Z]{3}$", "default": "EUR"}),
        tool("book_dive_trip", _d(zh, "Book divers on a trip.", "为潜水员预订行程。"), ["trip_id", "divers", "certification"],
             trip_id={"type": "string"}, divers={"type": "integer", "minimum": 1, "maximum": 8},
             certification={"type": "string", "enum": ["OW", "AOW", "RESCUE", "DM"]}),
        tool("order_tank_fills", _d(zh, "Order cylinder fills for pickup at the shop.", "预订气瓶充气，到店自取。"),
             ["gas", "tanks", "pickup_date"], gas={"type": "string", "enum": ["air", "nitrox32", "nitrox36"]},
             tanks={"type": "integer", "minimum": 1, "maximum": 12}, pickup_date=DATE),
        tool("get_tide_times", _d(zh, "High and low tide times at a dive site.", "查询潜点的潮汐时间。"), ["site", "date"],
             site={"type": "string"}, date=DATE),
    ]
    kind = rng.choice(["trip", "trip", "fills", "compare"])
    ccy, ccy_en, ccy_zh = rng.choice(CURRENCIES)
    rate = {"USD": 1.1, "EUR": 1.0, "JPY": 160.0, "AUD": 1.65}[ccy]
    if kind == "fills":
        gas, gas_en, gas_zh = rng.choice([("nitrox32", "EAN32", "32%高氧"), ("nitrox36", "EAN36", "36%高氧"), ("air", "plain air", "普通空气")])
        tanks, t_en, t_zh = rng.choice([(2, "two", "两"), (3, "three", "三"), (4, "four", "四"), (6, "six", "六")])
        when, said = _relative(rng, day, lang)
        request = (f"Can you fill {t_en} tanks with {gas_en} for me? I'll pick them up {said}." if lang == "en"
                   else f"帮我充{t_zh}个{gas_zh}气瓶，我{said}来取。")
        each = {"air": 8, "nitrox32": 14, "nitrox36": 16}[gas]
        fills = Step("order_tank_fills", {"gas": gas, "tanks": tanks, "pickup_date": when.isoformat()},
                     {"order_id": _id(rng, "TF"), "price_each": {"amount": each, "currency": "EUR"}, "ready_after": "14:00"})
        output = (f"Ordered {tanks} {gas_en} fills for {when.isoformat()} (ready after 14:00), €{each * tanks} in total." if lang == "en"
                  else f"已预订{tanks}个{gas_zh}充气，{when.isoformat()} 14:00 后可取，共 €{each * tanks}。")
        draft = Draft("scuba", lang, request, output, tools, [fills], day,
                      patterns=["shape:booking", "shape:computation", "enum_member", "number_word", "relative_date_resolved",
                                "computed_total"])
        draft.roles.update(main=fills, write=fills, plain=fills,
                           distractor=Step("search_dive_trips", {"date": when.isoformat()}, {"trips": []}))
        draft.slots.update(date=(fills, "pickup_date"), enum=(fills, "gas"), extra=(fills, "note"))
        draft.facts.update(enum_word=gas_en if lang == "en" else gas_zh, success_text=output, date_format=True,
                           extra_value=gas_en if lang == "en" else gas_zh,
                           astray=("Here are the boat trips that day." if lang == "en" else "这是当天的船潜行程。"))
        return draft
    if kind == "compare":
        site, site_en, site_zh = rng.choice(SITES)
        n_days = rng.choice([2, 3])
        first = day + dt.timedelta(days=rng.randint(1, 4))
        dates = [first + dt.timedelta(days=i) for i in range(n_days)]
        said = ", ".join(d.isoformat() for d in dates)
        prices = rng.sample([70, 75, 80, 85, 90, 95, 105], n_days)
        then_book = rng.random() < 0.5
        cert, cert_en, cert_zh = rng.choice([("AOW", "Advanced Open Water", "进阶开放水域"), ("OW", "Open Water", "开放水域")])
        request = (f"Which of {said} is cheapest for a trip to {site_en}? Prices in {ccy_en} please."
                   + (f" Then book me on the cheapest, I'm {cert_en}." if then_book else "") if lang == "en"
                   else f"{said}这几天去{site_zh}的船潜，哪天最便宜？用{ccy_zh}报价。"
                   + (f"然后帮我订最便宜那天，我是{cert_zh}。" if then_book else ""))
        steps = []
        for i, (d, p) in enumerate(zip(dates, prices)):
            steps.append(Step("search_dive_trips", {"date": d.isoformat(), "site": site, "currency": ccy},
                              {"trips": [{"trip_id": _id(rng, "DT", 4), "site": site, "departs": "08:30",
                                          "price": {"amount": round(p * rate), "currency": ccy}, "spaces": rng.randint(1, 8)}]},
                              parallel=i > 0))
        best = min(range(n_days), key=lambda i: prices[i])
        output = (f"Cheapest is {dates[best].isoformat()} at {round(prices[best] * rate)} {ccy}; the others are "
                  + ", ".join(f"{round(p * rate)} {ccy}" for i, p in enumerate(prices) if i != best) + "." if lang == "en"
                  else f"{dates[best].isoformat()} 最便宜，{round(prices[best] * rate)} {ccy}；其余为 "
                  + "、".join(f"{round(p * rate)} {ccy}" for i, p in enumerate(prices) if i != best) + "。")
        patterns = ["shape:comparison", "currency_code", "enum_member"]
        main = steps[-1]
        if then_book:
            trip = steps[best].result["trips"][0]["trip_id"]
            book = Step("book_dive_trip", {"trip_id": trip, "divers": 1, "certification": cert},
                        {"booking_id": _id(rng, "DB"), "status": "confirmed"})
            steps.append(book)
            main = book
            output += (f" Booked you on {trip}." if lang == "en" else f"已为你订好 {trip}。")
            patterns += ["shape:booking", "copied_id"]
        draft = Draft("scuba", lang, request, output, tools, steps, day, patterns=patterns)
        draft.roles.update(lookup=steps[0], main=main, plain=steps[0])
        if then_book:
            draft.roles.update(write=main, producer=steps[best])
            draft.slots.update(copied_id=(main, "trip_id"))
            draft.facts.update(success_text=output)
        draft.slots.update(currency=(steps[0], "currency"), enum=(steps[0], "site"))
        draft.facts.update(enum_word=site_en if lang == "en" else site_zh)
        return draft
    # a trip found after one 503, booked, the total and the return time worked out
    when, said = _weekday(rng, day, lang)
    site, site_en, site_zh = rng.choice(SITES)
    divers, d_en, d_zh = rng.choice([(1, "me", "我一个人"), (2, "me and my buddy", "我和潜伴两个人"), (3, "three of us", "我们三个人")])
    cert, cert_en, cert_zh = rng.choice([("AOW", "Advanced Open Water", "进阶开放水域"), ("OW", "Open Water", "开放水域"),
                                         ("RESCUE", "Rescue Diver", "救援潜水员")])
    trip_id = _id(rng, "DT", 4)
    price = rng.choice([80, 95, 110])
    hours = rng.choice([3, 4, 5])
    departs = rng.choice(["07:30", "08:00", "09:15"])
    ask_ccy = rng.random() < 0.5
    args = {"date": when.isoformat(), "site": site}
    if ask_ccy:
        args["currency"] = ccy
    else:
        ccy, rate = "EUR", 1.0
    amount = round(price * rate)
    found = {"trips": [{"trip_id": trip_id, "site": site, "departs": departs, "duration_hours": hours,
                        "price": {"amount": amount, "currency": ccy}, "spaces": 6}]}
    retry_503 = rng.random() < 0.6
    first = Step("search_dive_trips", copy.deepcopy(args), None, error="503 Service Unavailable") if retry_503 else None
    search = Step("search_dive_trips", args, found)
    book = Step("book_dive_trip", {"trip_id": trip_id, "divers": divers, "certification": cert},
                {"booking_id": _id(rng, "DB"), "status": "confirmed"})
    back = _hhmm_add(departs, hours * 60)
    if lang == "en":
        request = (f"Book {d_en} on the boat dive to {site_en} {said}, {cert_en} certified"
                   + (f". How much is it in {ccy_en}?" if ask_ccy else ". What's the total, and when are we back?"))
        output = (f"Booked {divers} diver{'s' if divers > 1 else ''} on {trip_id} ({when.isoformat()}), departing {departs}, "
                  f"back around {back}. Total {amount * divers} {ccy}.")
    else:
        request = (f"帮{d_zh}订{said}去{site_zh}的船潜，证书是{cert_zh}" + (f"，用{ccy_zh}算多少钱？" if ask_ccy else "，一共多少钱，几点回来？"))
        output = f"已预订 {trip_id}（{when.isoformat()}），{divers} 人，{departs} 出发，约 {back} 回港，共 {amount * divers} {ccy}。"
    steps = ([first] if first else []) + [search, book]
    patterns = ["shape:booking", "shape:computation", "relative_date_resolved", "enum_member", "copied_id", "computed_total",
                "computed_end_time"] + (["shape:retry_after_503"] if retry_503 else []) + (["currency_code"] if ask_ccy else [])
    draft = Draft("scuba", lang, request, output, tools, steps, day, patterns=patterns)
    draft.roles.update(lookup=search, producer=search, main=book, write=book,
                       distractor=Step("get_tide_times", {"site": site, "date": when.isoformat()}, {"high": "10:40"}))
    draft.slots.update(copied_id=(book, "trip_id"), enum=(book, "certification"), extra=(book, "site"))
    if not retry_503:
        draft.slots["date"] = (search, "date")
    if ask_ccy and not retry_503:
        draft.slots["currency"] = (search, "currency")
    draft.facts.update(enum_word=cert_en if lang == "en" else cert_zh, success_text=output, date_format=True, extra_value=site,
                       astray=("Here are the tide times for that day." if lang == "en" else "这是当天的潮汐时间。"))
    return draft


MARKETS = [("riverside_sat", "the riverside Saturday market", "河滨周六市集", 5), ("old_town_sun", "the old town Sunday market", "老城周日市集", 6),
           ("night_fri", "the Friday night market", "周五夜市", 4)]


def market_permits(rng: random.Random, lang: str) -> Draft:
    """A city's street-market stall permits: the trader's permits exported and polled to
    completion, or a pitch of a given size found and applied for."""
    zh = _zh_desc(rng, lang)
    day = _day(rng)
    trader = _id(rng, "TR", 5)
    tools = [
        tool("start_permit_export", _d(zh, "Start an export of a trader's stall permits for a year.", "导出商户某年的摊位许可记录。"),
             ["trader_id", "year", "format"], trader_id={"type": "string"}, year={"type": "integer", "minimum": 2015, "maximum": 2030},
             format={"type": "string", "enum": ["csv", "xlsx", "pdf"]}),
        tool("get_export_status", _d(zh, "Check the progress of an export job; poll until its state is done.",
                                     "查询导出任务进度，轮询直到完成。"), ["job_id"], job_id={"type": "string"}),
        tool("check_pitch_availability", _d(zh, "Free pitches at a market on a date, with sizes and fees.", "查询某市集某天的空摊位、面积和费用。"),
             ["market", "date"], market={"type": "string", "enum": [m[0] for m in MARKETS]}, date=DATE),
        tool("apply_for_stall", _d(zh, "Apply for a one-day stall permit on a pitch.", "申请某摊位的单日许可。"),
             ["trader_id", "market", "date", "pitch_id", "goods"], trader_id={"type": "string"},
             market={"type": "string", "enum": [m[0] for m in MARKETS]}, date=DATE, pitch_id={"type": "string"},
             goods={"type": "string"}),
        tool("report_litter", _d(zh, "Report litter or a hazard at a market site.", "报告市集场地的垃圾或安全隐患。"),
             ["market", "note"], market={"type": "string"}, note={"type": "string"}),
        tool("list_market_days", _d(zh, "The calendar of market days for a year.", "某年的市集日历。"), ["year"],
             year={"type": "integer"}),
        _send_email(zh),
    ]
    attributes = {"trader.id": trader}
    resource = {"tenant.id": "city-markets", "council": "north"}
    if rng.random() < 0.6:  # export polled to completion
        which = rng.choice(["this", "last", "named"])
        year = day.year if which == "this" else day.year - 1 if which == "last" else rng.choice([2022, 2023])
        y_en = {"this": "this year", "last": "last year"}.get(which, str(year))
        y_zh = {"this": "今年", "last": "去年"}.get(which, f"{year}年")
        fmt, f_en, f_zh = rng.choice([("xlsx", "Excel", "Excel"), ("csv", "CSV", "CSV"), ("pdf", "PDF", "PDF")])
        request = (f"Can you export all my stall permits from {y_en} as {f_en}?" if lang == "en"
                   else f"把我{y_zh}所有的摊位许可导出成{f_zh}。")
        job = _id(rng, "EXP", 6)
        start = Step("start_permit_export", {"trader_id": trader, "year": year, "format": fmt}, {"job_id": job, "state": "queued"})
        polls = rng.choice([2, 2, 3, 4])
        steps = [start]
        for i in range(polls - 1):
            steps.append(Step("get_export_status", {"job_id": job}, {"job_id": job, "state": "running", "progress": 30 * (i + 1)},
                              duration=2000))
        url = f"https://markets.example.gov/exports/{job}.{fmt}"
        steps.append(Step("get_export_status", {"job_id": job}, {"job_id": job, "state": "done", "rows": rng.randint(4, 40),
                                                                 "download_url": url}))
        rows = steps[-1].result["rows"]
        output = (f"Your {year} export is ready: {rows} permits — {url} (the link works for 24 hours)." if lang == "en"
                  else f"{year}年的导出已完成，共 {rows} 条许可：{url}（链接24小时内有效）。")
        mail = None
        if rng.random() < 0.35:
            own = f"{rng.choice(['stall', 'candles', 'vinyl.corner', 'hotsauce'])}{rng.randint(1, 99)}@{rng.choice(['mailbox', 'postbox'])}.example"
            request = request.rstrip("?。") + (f" and email it to me at {own}?" if lang == "en" else f"，然后发到我的邮箱 {own}。")
            mail = Step("send_email", {"to": own, "subject": f"Stall permits {year}" if lang == "en" else f"{year}年摊位许可",
                                       "body": url}, {"sent": True})
            steps.append(mail)
            output = (f"Done — the {year} export ({rows} permits) is at {url} and I've emailed the link to you." if lang == "en"
                      else f"已完成：{year}年共 {rows} 条许可，下载链接 {url}，也已发到你的邮箱。")
        patterns = ["shape:export_poll", "context_id", "copied_id", "enum_member"] + (["email_user_gave"] if mail else [])
        if which != "named":
            patterns.append("year_from_trace")
        if fmt != f_en:
            patterns.append("enum_from_words")
        draft = Draft("market_permits", lang, request, output, tools, steps, day, user_id=f"u_{trader.lower()}",
                      attributes=attributes, resource=resource, patterns=patterns)
        if mail:
            draft.roles["write"] = mail
        draft.roles.update(producer=start, main=start, plain=start,
                           distractor=Step("list_market_days", {"year": year}, {"days": []}))
        draft.slots.update(context_id=(start, "trader_id"), copied_id=(steps[1], "job_id"), enum=(start, "format"))
        draft.facts.update(enum_word=f_en, success_text=output,
                           astray=(f"Here is the {year} market-day calendar." if lang == "en" else f"这是{year}年的市集日历。"))
        return draft
    market, m_en, m_zh, weekday = rng.choice(MARKETS)
    if day.weekday() == weekday:
        day -= dt.timedelta(days=1)
    offset = (weekday - day.weekday()) % 7 or 7
    when = day + dt.timedelta(days=offset)
    w, l = rng.choice([(3, 2), (2, 2), (4, 2), (3, 3)])
    area = w * l
    goods_en, goods_zh = rng.choice([("handmade candles", "手工蜡烛"), ("second-hand vinyl", "二手黑胶"), ("hot sauce", "辣酱"),
                                     ("knitted hats", "手织帽子")])
    request = (f"I'd like a stall at the next {m_en.removeprefix('the ')}, selling {goods_en}. I need at least {w} m by {l} m."
               if lang == "en" else f"下一次{m_zh}我想摆摊卖{goods_zh}，摊位至少要{w}米乘{l}米。")
    small, fit = f"{market[0].upper()}-{rng.randint(1, 20)}", f"{market[0].upper()}-{rng.randint(21, 40)}"
    fee = rng.choice([25, 30, 40])
    avail = Step("check_pitch_availability", {"market": market, "date": when.isoformat()},
                 {"pitches": [{"pitch_id": small, "size_m2": area - 2, "fee": {"amount": fee - 5, "currency": "EUR"}},
                              {"pitch_id": fit, "size_m2": area + rng.choice([0, 2]), "fee": {"amount": fee, "currency": "EUR"}}]})
    apply = Step("apply_for_stall", {"trader_id": trader, "market": market, "date": when.isoformat(), "pitch_id": fit,
                                     "goods": goods_en if lang == "en" else goods_zh},
                 {"application_id": _id(rng, "SP"), "status": "pending_review"})
    output = (f"Applied for pitch {fit} at {m_en} on {when.isoformat()} (fits {w}×{l} m, €{fee}); {small} was too small. "
              "The council reviews applications within a day." if lang == "en"
              else f"已申请 {when.isoformat()} {m_zh}的 {fit} 号摊位（够 {w}×{l} 米，€{fee}），{small} 太小。审核一般一天内完成。")
    draft = Draft("market_permits", lang, request, output, tools, [avail, apply], day, user_id=f"u_{trader.lower()}",
                  attributes=attributes, resource=resource,
                  patterns=["shape:booking", "shape:computation", "context_id", "copied_id", "enum_member",
                            "relative_date_resolved", "computed_area"])
    draft.roles.update(lookup=avail, producer=avail, main=apply, write=apply,
                       distractor=Step("report_litter", {"market": market, "note": goods_en if lang == "en" else goods_zh},
                                       {"ok": True}))
    draft.slots.update(context_id=(apply, "trader_id"), copied_id=(apply, "pitch_id"), date=(avail, "date"),
                       enum=(avail, "market"), extra=(apply, "size_m2"))
    draft.facts.update(enum_word=m_en if lang == "en" else m_zh, success_text=output, date_format=True, extra_value=area,
                       astray=("I've reported it to the market team." if lang == "en" else "已向市集管理方报告。"))
    return draft


def ebike_batteries(rng: random.Random, lang: str) -> Draft:
    """An e-bike battery recycling point: drop-off points found and a slot booked (weight and
    capacity converted), or a plain question about where to go."""
    zh = _zh_desc(rng, lang)
    day = _day(rng)
    postcode = rng.choice(["10115", "10247", "12043", "10437"])
    tools = [
        tool("find_dropoff_points", _d(zh, "Battery drop-off points near a postcode.", "查询邮编附近的电池回收点。"), ["postcode"],
             postcode={"type": "string"}, radius_km={"type": "number", "minimum": 1, "maximum": 50, "default": 10}),
        tool("book_dropoff", _d(zh, "Book a drop-off slot for a battery at a point.", "预约到回收点交投电池的时段。"),
             ["point_id", "date", "chemistry", "capacity_wh", "weight_g"], point_id={"type": "string"}, date=DATE,
             chemistry={"type": "string", "enum": ["li-ion", "nimh", "lead-acid"]},
             capacity_wh={"type": "integer", "minimum": 1}, weight_g={"type": "integer", "minimum": 100, "maximum": 30000}),
        tool("find_repair_cafes", _d(zh, "Repair cafés nearby that fix e-bikes.", "附近能修电动自行车的维修咖啡馆。"), ["postcode"],
             postcode={"type": "string"}),
    ]
    p1, p2 = _id(rng, "BR", 4), _id(rng, "BR", 4)
    points = {"points": [{"point_id": p1, "name": "Wertstoffhof Mitte", "distance_km": round(rng.uniform(1, 4), 1),
                          "open": "Mon–Sat 09:00–17:00", "accepts_ebike": True},
                         {"point_id": p2, "name": "Bike shop Kettenblatt", "distance_km": round(rng.uniform(4, 9), 1),
                          "open": "Tue–Fri 10:00–18:00", "accepts_ebike": False}]}
    distractor = Step("find_repair_cafes", {"postcode": postcode}, {"cafes": []})
    if rng.random() < 0.3:
        request = (f"Where can I drop off a dead e-bike battery near {postcode}?" if lang == "en"
                   else f"{postcode}附近哪里可以交废旧电动自行车电池？")
        args = {"postcode": postcode}
        patterns = ["shape:lookup_answer"]
        if rng.random() < 0.5:
            args["radius_km"] = 10
            patterns.append("schema_default")
        find = Step("find_dropoff_points", args, points)
        output = (f"Wertstoffhof Mitte ({points['points'][0]['distance_km']} km, Mon–Sat 09:00–17:00) takes e-bike batteries; "
                  "the bike shop nearby does not." if lang == "en"
                  else f"Wertstoffhof Mitte（{points['points'][0]['distance_km']} 公里，周一至周六 09:00–17:00）收电动自行车电池，附近那家车店不收。")
        draft = Draft("ebike_batteries", lang, request, output, tools, [find], day, patterns=patterns)
        draft.roles.update(lookup=find, main=find, plain=find, distractor=distractor)
        return draft
    volts, ah = rng.choice([(36, 14), (36, 10), (48, 13), (36, 17.5)])
    wh = int(volts * ah)
    kg = rng.choice([2.4, 2.8, 3.2, 3.6])
    grams = int(round(kg * 1000))
    when, said = _relative(rng, day, lang)
    radius, r_en, r_zh = rng.choice([(5, "5 km", "5公里"), (3, "3 km", "3公里"), (None, "", "")])
    if lang == "en":
        request = (f"I need to recycle an old e-bike battery: {volts}V {ah}Ah lithium-ion, about {kg} kg, not damaged. "
                   f"Find me somewhere near {postcode}" + (f" within {r_en}" if radius else "") + f" and book a drop-off {said}.")
    else:
        request = (f"我有块旧电动自行车电池要回收：{volts}V {ah}Ah 锂电，大约{kg}公斤，没有破损。帮我在{postcode}附近"
                   + (f"{r_zh}以内" if radius else "") + f"找个回收点，约{said}送过去。")
    find_args = {"postcode": postcode}
    if radius:
        find_args["radius_km"] = radius
    find = Step("find_dropoff_points", find_args, points)
    retry_503 = rng.random() < 0.35
    failed = Step("find_dropoff_points", copy.deepcopy(find_args), None,
                  error=rng.choice(["503 Service Unavailable", "HTTP 503: upstream busy"])) if retry_503 else None
    book = Step("book_dropoff", {"point_id": p1, "date": when.isoformat(), "chemistry": "li-ion", "capacity_wh": wh,
                                 "weight_g": grams},
                {"slot_ref": _id(rng, "DO", 5), "window": "10:00–10:30"})
    output = (f"Booked a drop-off at Wertstoffhof Mitte on {when.isoformat()}, 10:00–10:30, for a {wh} Wh li-ion battery. "
              "Tape over the terminals before you bring it." if lang == "en"
              else f"已预约 {when.isoformat()} 10:00–10:30 到 Wertstoffhof Mitte 交投（{wh} Wh 锂电池），送去前请用胶带包好电极。")
    draft = Draft("ebike_batteries", lang, request, output, tools, ([failed] if failed else []) + [find, book], day,
                  patterns=["shape:booking", "shape:computation", "copied_id", "unit_conversion", "computed_capacity",
                            "enum_member", "relative_date_resolved"] + (["shape:retry_after_503"] if retry_503 else []))
    draft.roles.update(lookup=find, producer=find, main=book, write=book, distractor=distractor)
    draft.slots.update(copied_id=(book, "point_id"), date=(book, "date"), enum=(book, "chemistry"),
                       converted=(book, "weight_g"), extra=(book, "damaged"))
    draft.facts.update(enum_word="lithium-ion" if lang == "en" else "锂电", success_text=output, date_format=True,
                       bad_unit=int(round(kg * 100)), extra_value="not damaged" if lang == "en" else "没有破损",
                       astray=("Here are repair cafés near you." if lang == "en" else "这是附近的维修咖啡馆。"))
    return draft


SCENARIOS = [phone_booths, compost, roller_derby, vintage_radio, student_housing, scuba, market_permits, ebike_batteries]


# --- faults of this split's own, and corpus faults adjusted to its drafts --------------------------


def wrong_tool(draft: Draft, rng: random.Random) -> Marks | None:
    """The corpus's wrong tool, with the answer then describing what the agent did."""
    marks = corpus.wrong_tool(draft, rng)
    if marks is not None and draft.facts.get("astray"):
        draft.output = draft.facts["astray"]
    return marks


def pii_leak(draft: Draft, rng: random.Random) -> Marks | None:
    """A phone number or a stranger's e-mail address from a lookup repeated in the answer."""
    holder = draft.roles.get("lookup")
    if holder is None or not isinstance(holder.result, dict) or not (draft.output or "").strip():
        return None
    if rng.random() < 0.5:
        return corpus.pii_leak(draft, rng)
    address = f"{rng.choice(['lena.kraus', 'tom.r', 'wei.zhang88', 'jo.okafor'])}@{rng.choice(['mailbox', 'postbox'])}.example"
    holder.result = {**holder.result, "previous_contact": address}
    draft.output += (f" You can also reach {address}." if draft.lang == "en" else f" 也可以联系 {address}。")
    return {"pii_leak": [None]}


def constraint_error(draft: Draft, rng: random.Random) -> Marks | None:
    """A number under the schema's minimum; a number nobody said is also ungrounded."""
    found = corpus._schema_step(draft, rng, lambda key, sub, required: "minimum" in sub)
    if found is None:
        return None
    step, key = found
    value = corpus._sub(draft, step, key)["minimum"] - 1
    step.args[key] = value
    said = re.search(rf"(?<![\d.:\-/]){value}(?![\d.:\-/]|\s*(?:点|号|:))", draft.request) is not None
    return {"constraint_error": [step]} | ({} if said else {"ungrounded_value": [step]})


def time_as_said(draft: Draft, rng: random.Random) -> Marks | None:
    """A time copied the way the user said it ("3:45pm", "下午3点45") into an HH:MM field."""
    found = draft.slots.get("time")
    word = draft.facts.get("time_word")
    if found is None or not word:
        return None
    step, key = found
    if re.fullmatch(r"\d{2}:\d{2}", word):
        return None
    step.args[key] = word
    return {"constraint_error": [step]}


def wrong_offset_date(draft: Draft, rng: random.Random) -> Marks | None:
    """A date N days later worked out wrongly (a day or a week off)."""
    found = draft.slots.get("computed_date")
    if found is None:
        return None
    step, key = found
    wrong = dt.date.fromisoformat(step.args[key]) + dt.timedelta(days=rng.choice([-1, 1, -7, 7]))
    step.args[key] = wrong.isoformat()
    return {"ungrounded_value": [step]}


def bad_unit(draft: Draft, rng: random.Random) -> Marks | None:
    """A unit converted wrongly (kilograms to grams by a hundred)."""
    found = draft.slots.get("converted")
    if found is None or draft.facts.get("bad_unit") is None:
        return None
    step, key = found
    step.args[key] = draft.facts["bad_unit"]
    return {"ungrounded_value": [step]}


ACTION = re.compile(r"^(book|reserve|approve|cancel|reschedule|block|issue|report|pause|apply|order|extend|start|send)_")


def redundant_calls(draft: Draft, rng: random.Random) -> Marks | None:
    """The lookup made again later for nothing: before any write (a re-read after a write that
    changed what it reads is a check, not a redundant call)."""
    step = draft.roles.get("lookup")
    if step is None or step.error or corpus._twin(draft, step):
        return None
    i = draft.steps.index(step)
    end = next((j for j in range(i + 1, len(draft.steps)) if ACTION.match(draft.steps[j].tool)), len(draft.steps))
    again = corpus._clean_copy(step)
    draft.steps.insert(rng.randint(i + 1, end), again)
    return {"redundant_calls": [again], TOUCHED: [step]}


FAULTS = {**corpus.FAULTS, "redundant_calls": redundant_calls, "wrong_tool": wrong_tool, "pii_leak": pii_leak, "constraint_error": constraint_error,
          "time_as_said": time_as_said, "wrong_offset_date": wrong_offset_date, "bad_unit": bad_unit}
ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
ORDER = {name: 2 if name == "pii_leak" else 1 if name in ENDINGS else -1 if name in COPIES else 0 for name in FAULTS}
CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}, {"relative_date", "format_error"}]


def _make_case(index: int, scenario, lang: str, faults: list[str], rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    marks: dict[str, list] = {}
    touched: set[int] = set()
    if any(clash <= set(faults) for clash in CLASHES):
        return None
    for name in sorted(faults, key=ORDER.__getitem__):
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
    if not 1 <= len(draft.steps) <= 12:
        return None
    trajectory, seqs = build(draft, f"q{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def case(index: int, seed: int) -> Case:
    """Case `index`, drawn from (seed, index) alone."""
    names = sorted(FAULTS)
    roll = random.Random(f"{SPLIT}:{seed}:{index}").random()  # clean, one fault or two: kept while faults are redrawn
    for draw in range(200):
        rng = random.Random(f"{SPLIT}:{seed}:{index}:{draw}")
        rng.random()
        faults = [] if roll < 0.45 else [rng.choice(names)] if roll < 0.81 else rng.sample(names, 2)
        if len(faults) == 2 and set(faults) <= ENDINGS:
            continue
        for attempt in range(2 * len(SCENARIOS)):
            scenario = SCENARIOS[(index + attempt) % len(SCENARIOS)]
            lang = ("en", "zh")[(index // len(SCENARIOS) + attempt) % 2]
            made = _make_case(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
            if made is not None:
                return made
    raise RuntimeError(f"no case for index {index}")


def generate(n: int, seed: int) -> list[Case]:
    return [case(i, seed) for i in range(n)]
