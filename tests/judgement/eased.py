"""The eased split: agent traffic of bicycle couriers, home-brewing supplies, planetarium shows,
paddle-board hire, kids' coding clubs, art supply shops, river cruises and second-hand bookshops,
written by a twentieth helper who read neither the evaluators, their calibration nor any other
split. It must not be read when tuning the evaluators, or it stops being unseen.

Shapes: a booking with context ids and a relative day resolved; a question answered by parallel
lookups with a total worked out; a comparison of three dates in one model turn then a booking with
an end time; a change or a cancellation of an existing record; a follow-up enrolling from an
earlier turn's results; an export polled to completion with a status tool; a search retried once
after a 503 with a date N days after a given one; a reservation mailed to the address the user gave.
English and Chinese requests, tool descriptions sometimes in the other language.
"""
from __future__ import annotations

import copy
import datetime as dt
import random
from collections.abc import Callable

from tests.judgement.corpus import (
    FAULTS as _CORPUS_FAULTS, TOUCHED, Case, Draft, Marks, Step, _CLASHES, _ENDINGS, build, tool)

SPLIT = "eased"
D = dt.timedelta


def _t(lang: str, en: str, zh: str) -> str:
    return en if lang == "en" else zh


def _desc_lang(rng: random.Random, lang: str) -> str:
    """Tool descriptions mostly in the request's language, sometimes in the other one."""
    return lang if rng.random() < 0.7 else ("zh" if lang == "en" else "en")


def _day(rng: random.Random) -> dt.date:
    return dt.date(2025, 1, 6) + D(days=rng.randint(0, 320))


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n - 1)) + rng.choice("123456789")


_WEEKDAYS_ZH = "一二三四五六日"
_DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}


# --- 1. bicycle couriers: a booking, account id from the resource, "tomorrow" resolved --------
def courier(rng: random.Random, lang: str) -> Draft:
    dl = _desc_lang(rng, lang)
    day = _day(rng)
    account = f"ACC-{_digits(rng, 6)}"
    parcels = rng.randint(1, 4)
    if lang == "en":
        pickup = rng.choice(["14 Mill Lane, London E8 3QP", "3 Dock Street, Leeds LS10 1JF", "27 Kings Road, Brighton BN1 2HJ"])
        drop = rng.choice(["90 Quay Street, Manchester M3 3JE", "5 Canal Walk, London N1 5SN", "12 Hope Street, Liverpool L1 9BH"])
        word = rng.choice(["rush", "urgent"])
        request = f"Need a bike courier to collect {parcels} parcel{'s' if parcels > 1 else ''} from {pickup} tomorrow and take {'them' if parcels > 1 else 'it'} to {drop}. It's a {word} job."
        currency = "GBP"
    else:
        pickup = rng.choice(["静安区愚园路120号", "徐汇区天钥桥路88号", "朝阳区光华路9号"])
        drop = rng.choice(["浦东新区张杨路500号", "海淀区中关村大街27号", "黄浦区南京东路300号"])
        word = "加急"
        request = f"明天帮我叫个骑手，从{pickup}取{parcels}个包裹送到{drop}，{word}。"
        currency = "CNY"
    level = {"type": "string", "enum": ["standard", "express", "same_hour"], "default": "standard"}
    tools = [
        tool("get_quote", _t(dl, "Price and ETA of a courier job between two addresses.", "查询两个地址之间跑腿配送的价格和预计时长。"),
             ["pickup_address", "dropoff_address"], pickup_address={"type": "string"}, dropoff_address={"type": "string"},
             service_level=level),
        tool("book_pickup", _t(dl, "Book a bicycle courier pickup for the account.", "为账户预约自行车骑手上门取件。"),
             ["account_id", "pickup_address", "dropoff_address", "pickup_date"],
             account_id={"type": "string"}, pickup_address={"type": "string"}, dropoff_address={"type": "string"},
             pickup_date=_DATE, service_level=level, parcels={"type": "integer", "minimum": 1, "maximum": 10, "default": 1}),
        tool("get_account_balance", _t(dl, "Prepaid credit left on a courier account.", "查询账户剩余的预付余额。"),
             ["account_id"], account_id={"type": "string"}),
    ]
    price = round(rng.uniform(9, 30), 2) if currency == "GBP" else rng.randint(35, 120)
    eta = rng.choice([35, 45, 50, 60])
    quote = Step("get_quote", {"pickup_address": pickup, "dropoff_address": drop, "service_level": "express"},
                 {"price": price, "currency": currency, "eta_minutes": eta, "service_level": "express"})
    booking_id = f"BC-{_digits(rng, 5)}"
    args = {"account_id": account, "pickup_address": pickup, "dropoff_address": drop,
            "pickup_date": (day + D(days=1)).isoformat(), "service_level": "express"}
    if parcels > 1 or rng.random() < 0.5:
        args["parcels"] = parcels
    book = Step("book_pickup", args, {"booking_id": booking_id, "status": "confirmed", "window": "09:00-12:00"})
    distractor = Step("get_account_balance", {"account_id": account}, {"balance": 42.0, "currency": currency})
    output = _t(lang, f"Booked: {booking_id}, express, pickup tomorrow between 09:00 and 12:00. Quoted {price} {currency}, about {eta} minutes door to door.",
                f"已预约，单号 {booking_id}，加急，明天 09:00-12:00 上门取件，报价 {price} 元，全程约 {eta} 分钟。")
    d = Draft(domain="bicycle couriers", lang=lang, request=request, output=output, tools=tools, steps=[quote, book], day=day,
              user_id=f"u{_digits(rng, 5)}", resource={"service.name": "courier-agent", "courier.account_id": account},
              patterns=["context_id", "relative_date_resolved", "enum_synonym", "schema_default"])
    d.roles = {"lookup": quote, "main": book, "write": book, "distractor": distractor, "plain": quote}
    d.slots = {"context_id": (book, "account_id"), "date": (book, "pickup_date"), "enum": (book, "service_level"),
               "extra": (book, "note")}
    d.facts = {"enum_word": word, "extra_value": word, "date_format": True,
               "success_text": _t(lang, f"Done — your courier is booked for tomorrow, reference {booking_id}.", f"已为您预约好明天的骑手，单号 {booking_id}。")}
    return d


# --- 2. home-brewing supplies: parallel catalogue lookups, stock, a total worked out -----------
_BREW = {
    "en": [("Safale US-05 dry yeast", "dry_yeast", "SKU-Y05", 3.95, "packets"),
           ("Maris Otter pale malt 5 kg", "base_malt", "SKU-M5K", 14.2, "bags"),
           ("Cascade hop pellets 100 g", "hops", "SKU-H100", 5.5, "packs")],
    "zh": [("US-05干酵母", "dry_yeast", "SKU-Y05", 28, "包"),
           ("麦芽 5公斤", "base_malt", "SKU-M5K", 96, "袋"),
           ("卡斯卡特酒花颗粒 100克", "hops", "SKU-H100", 39, "包")],
}


def brewing(rng: random.Random, lang: str) -> Draft:
    dl = _desc_lang(rng, lang)
    day = _day(rng)
    items = _BREW[lang]
    qty = [rng.randint(2, 4), 1, rng.randint(1, 3)]
    store = rng.choice(["LDS-02", "BRS-01", "YRK-03"]) if lang == "en" else rng.choice(["HZ-01", "CD-02", "SZ-05"])
    city = {"LDS-02": "Leeds", "BRS-01": "Bristol", "YRK-03": "York", "HZ-01": "杭州", "CD-02": "成都", "SZ-05": "苏州"}[store]
    if lang == "en":
        request = (f"How much would {qty[0]} packets of US-05 yeast, a 5 kg bag of Maris Otter and {qty[2]} packs of Cascade "
                   f"pellets come to? And are they in stock at the {city} shop?")
        cur = "GBP"
    else:
        request = f"我想买{qty[0]}包US-05酵母、一袋5公斤的麦芽和{qty[2]}包卡斯卡特酒花，一共多少钱？{city}店有货吗？"
        cur = "CNY"
    tools = [
        tool("search_catalogue", _t(dl, "Search home-brewing products by name within a category.", "按名称和类别搜索家酿原料商品。"),
             ["query", "category"], query={"type": "string"},
             category={"type": "string", "enum": ["dry_yeast", "liquid_yeast", "base_malt", "specialty_malt", "hops", "equipment"]}),
        tool("find_store", _t(dl, "Find a shop by city.", "按城市查找门店。"), ["city"], city={"type": "string"}),
        tool("check_stock", _t(dl, "Units of a SKU in stock at one store.", "查询某门店某商品的库存。"),
             ["sku", "store_id"], sku={"type": "string"}, store_id={"type": "string"},
             quantity={"type": "integer", "minimum": 1, "description": "units wanted"}),
    ]
    queries = ["US-05", "Maris Otter", "Cascade"] if lang == "en" else ["US-05", "麦芽", "卡斯卡特"]
    searches = []
    for i, (name, cat, sku, price, _) in enumerate(items):
        searches.append(Step("search_catalogue", {"query": queries[i], "category": cat},
                             {"results": [{"sku": sku, "name": name, "price": price, "currency": cur}]}, parallel=i > 0))
    find = Step("find_store", {"city": city}, {"store_id": store, "name": f"{city}", "open_until": "18:00"}, parallel=True)
    stocks = []
    for i, (name, cat, sku, price, _) in enumerate(items):
        stocks.append(Step("check_stock", {"sku": sku, "store_id": store, "quantity": qty[i]},
                           {"sku": sku, "in_stock": rng.randint(qty[i], 30)}, parallel=i > 0))
    total = round(sum(q * it[3] for q, it in zip(qty, items)), 2)
    output = _t(lang, f"All three are in stock at {city}. {qty[0]} × £{items[0][3]} + 1 × £{items[1][3]} + {qty[2]} × £{items[2][3]} = £{total:.2f}.",
                f"{city}店三样都有货。{qty[0]}×{items[0][3]} + 1×{items[1][3]} + {qty[2]}×{items[2][3]} = {total:g} 元。")
    d = Draft(domain="home-brewing supplies", lang=lang, request=request, output=output, tools=tools,
              steps=[*searches, find, *stocks], day=day, user_id=f"u{_digits(rng, 5)}",
              patterns=["copied_id", "parallel_lookups", "computed_total", "enum_member"])
    d.roles = {"lookup": searches[1], "producer": searches[0], "main": stocks[0], "plain": find}
    d.slots = {"copied_id": (stocks[0], "sku"), "enum": (searches[0], "category"), "extra": (stocks[1], "city")}
    d.facts = {"enum_word": _t(lang, "yeast", "酵母"), "extra_value": city}
    return d


# --- 3. planetarium: three dates compared in one turn, then a booking and an end time --------
def planetarium(rng: random.Random, lang: str) -> Draft:
    dl = _desc_lang(rng, lang)
    day = _day(rng)
    day = day - D(days=day.weekday()) + D(days=rng.randint(0, 2))  # a Monday, Tuesday or Wednesday
    fri = day + D(days=4 - day.weekday())
    dates = [fri, fri + D(days=1), fri + D(days=2)]
    seats = rng.randint(2, 5)
    title = rng.choice([("Journey to a Black Hole", "黑洞之旅"), ("Saturn's Rings", "土星光环"), ("Northern Skies", "北方星空")])
    show_id = f"SH-{_digits(rng, 3)}"
    runtime = rng.choice([45, 50, 55])
    if lang == "en":
        request = (f"Which evening this Friday, Saturday or Sunday has '{title[0]}' with {seats} seats free? "
                   "Book the first one that works and tell me when it finishes.")
    else:
        request = f"这周五、周六、周日哪天晚上的《{title[1]}》还有{seats}个座位？帮我订最早能订的那场，顺便告诉我几点结束。"
    tools = [
        tool("find_show", _t(dl, "Look up a planetarium show by title.", "按名称查找天象厅节目。"), ["title"], title={"type": "string"}),
        tool("list_showtimes", _t(dl, "Showings of a show on one date with free seats.", "查询某节目某日期的场次与余座。"),
             ["show_id", "date"], show_id={"type": "string"}, date=_DATE),
        tool("book_seats", _t(dl, "Book seats for one showing.", "为某一场次订座。"), ["showing_id", "seats"],
             showing_id={"type": "string"}, seats={"type": "integer", "minimum": 1, "maximum": 8},
             seat_type={"type": "string", "enum": ["standard", "recliner"], "default": "standard"}),
        tool("send_email", _t(dl, "Send an e-mail.", "发送电子邮件。"), ["to", "subject", "body"],
             to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"}),
    ]
    name = title[0] if lang == "en" else title[1]
    find = Step("find_show", {"title": name}, {"show_id": show_id, "title": name, "runtime_minutes": runtime})
    free = [rng.randint(0, seats - 1), rng.randint(seats, 40), rng.randint(seats, 40)]
    if rng.random() < 0.4:
        free[0] = rng.randint(seats, 40)
    chosen = 0 if free[0] >= seats else 1
    lists, ids = [], []
    for i, d_ in enumerate(dates):
        sid = f"{show_id}-{d_.strftime('%m%d')}-1930"
        ids.append(sid)
        lists.append(Step("list_showtimes", {"show_id": show_id, "date": d_.isoformat()},
                          {"showings": [{"showing_id": sid, "starts": "19:30", "free_seats": free[i]}]}, parallel=i > 0))
    book = Step("book_seats", {"showing_id": ids[chosen], "seats": seats},
                {"booking_ref": f"PL{_digits(rng, 6)}", "status": "confirmed"})
    end = (dt.datetime.combine(dates[chosen], dt.time(19, 30)) + D(minutes=runtime)).strftime("%H:%M")
    dayname = ["Friday", "Saturday"][chosen]
    output = _t(lang, f"{'Friday' if chosen == 0 else 'Friday is short of seats, so Saturday'}: booked {seats} seats at 19:30 ({book.result['booking_ref']}). "
                f"It runs {runtime} minutes, so it finishes at {end}.",
                f"{'周五' if chosen == 0 else '周五座位不够，已订周六'}晚上19:30的场次，{seats}个座位，订单号 {book.result['booking_ref']}。片长{runtime}分钟，{end}结束。")
    d = Draft(domain="planetarium shows", lang=lang, request=request, output=output, tools=tools,
              steps=[find, *lists, book], day=day, user_id=f"u{_digits(rng, 5)}",
              patterns=["parallel_comparison", "weekday_resolved", "copied_id", "end_time_computed", "schema_default"])
    d.roles = {"lookup": find, "producer": lists[chosen], "main": book, "write": book, "plain": find}
    d.slots = {"copied_id": (book, "showing_id"), "date": (lists[0], "date"), "extra": (book, "time_of_day")}
    d.facts = {"extra_value": _t(lang, "evening", "晚上"), "date_format": True, "dayname": dayname, "weekday_step": lists[0],
               "success_text": _t(lang, f"Booked {seats} seats for the 19:30 showing; it finishes at {end}.", f"已订好19:30场次{seats}个座位，{end}结束。")}
    return d


# --- 4. paddle-board hire: a change or a cancellation of an existing booking ----------------
def paddle(rng: random.Random, lang: str) -> Draft:
    dl = _desc_lang(rng, lang)
    day = _day(rng)
    ref = f"PB-{_digits(rng, 5)}"
    internal = f"bk_{_digits(rng, 6)}"
    old_date = day + D(days=rng.randint(3, 9))
    hours = rng.choice([1, 2, 3])
    cancel = rng.random() < 0.35
    tools = [
        tool("get_booking", _t(dl, "Fetch a paddle-board hire booking by its reference.", "按预订号查询桨板租赁预订。"),
             ["booking_ref"], booking_ref={"type": "string", "pattern": "^PB-\\d{5}$"}),
        tool("update_booking", _t(dl, "Change the start time or number of boards of a booking.", "修改预订的开始时间或桨板数量。"),
             ["booking_id"], booking_id={"type": "string"},
             start_time={"type": "string", "pattern": "^\\d{2}:\\d{2}$", "description": "HH:MM"},
             boards={"type": "integer", "minimum": 1, "maximum": 6}),
        tool("cancel_booking", _t(dl, "Cancel a booking and refund it.", "取消预订并退款。"), ["booking_id"],
             booking_id={"type": "string"}, reason={"type": "string", "enum": ["weather", "illness", "other"], "default": "other"}),
    ]
    start = rng.choice(["09:00", "10:30", "13:00", "15:30"])
    lookup = Step("get_booking", {"booking_ref": ref},
                  {"booking_id": internal, "booking_ref": ref, "date": old_date.isoformat(), "start_time": "09:00" if start != "09:00" else "11:00",
                   "hours": hours, "boards": 1, "paid": 25.0 * hours, "currency": "GBP"})
    if cancel:
        if lang == "en":
            request = f"Please cancel paddle-board booking {ref}, the forecast says gales all weekend."
            word = "wind"
        else:
            request = f"帮我取消桨板预订 {ref}，天气预报说周末大风。"
            word = "大风"
        main = Step("cancel_booking", {"booking_id": internal, "reason": "weather"},
                    {"status": "cancelled", "refund": 25.0 * hours, "currency": "GBP"})
        output = _t(lang, f"Cancelled {ref}; £{25.0 * hours:.2f} goes back to your card in 3-5 working days.",
                    f"已取消 {ref}，{25.0 * hours:.0f} 英镑将在3-5个工作日内退回原卡。")
        distractor = Step("update_booking", {"booking_id": internal, "boards": 1}, {"status": "updated"})
        slots = {"copied_id": (main, "booking_id"), "enum": (main, "reason"), "extra": (main, "refund_to")}
        facts = {"enum_word": word, "extra_value": "card"}
        patterns = ["copied_id", "enum_from_reason"]
    else:
        boards = rng.choice([2, 3])
        if lang == "en":
            request = (f"Can you move my paddle-board booking {ref} to {start} and make it {boards} boards? "
                       "What time do we need to bring them back?")
        else:
            request = f"把我的桨板预订 {ref} 改到 {start} 开始，改成{boards}块板。我们几点要还板？"
        main = Step("update_booking", {"booking_id": internal, "start_time": start, "boards": boards},
                    {"status": "updated", "start_time": start, "boards": boards, "hours": hours})
        end = (dt.datetime.combine(old_date, dt.time.fromisoformat(start)) + D(hours=hours)).strftime("%H:%M")
        output = _t(lang, f"Done: {ref} now starts at {start} with {boards} boards for {hours} h, so bring them back by {end}.",
                    f"已改好：{ref} 改为 {start} 开始，{boards} 块板，租 {hours} 小时，{end} 前还板。")
        distractor = Step("cancel_booking", {"booking_id": internal}, {"status": "cancelled"})
        slots = {"copied_id": (main, "booking_id"), "extra": (main, "people")}
        facts = {"extra_value": boards}
        patterns = ["copied_id", "end_time_computed"]
    facts["success_text"] = _t(lang, f"All done, {ref} has been updated.", f"已处理完毕，{ref} 已更新。")
    d = Draft(domain="paddle-board hire", lang=lang, request=request, output=output, tools=tools, steps=[lookup, main], day=day,
              user_id=f"u{_digits(rng, 5)}", patterns=patterns)
    d.roles = {"lookup": lookup, "producer": lookup, "main": main, "write": main, "distractor": distractor}
    d.slots, d.facts = slots, facts
    return d


# --- 5. kids' coding clubs: a follow-up enrolling from an earlier turn's results ------------
def coding_club(rng: random.Random, lang: str) -> Draft:
    dl = _desc_lang(rng, lang)
    day = _day(rng)
    parent = f"P{_digits(rng, 6)}"
    clubs = [(f"CC-{_digits(rng, 3)}", n) for n in (["Scratch Starters", "Python Explorers", "Robot Builders"] if lang == "en"
                                                   else ["Scratch入门班", "Python探索营", "机器人搭建班"])]
    pick = rng.choice([1, 2])
    child, age = (rng.choice(["Maya", "Leo", "Ava"]), rng.randint(7, 11)) if lang == "en" else (rng.choice(["朵朵", "乐乐", "小宇"]), rng.randint(7, 11))
    ordinal = ["first", "second", "third"][pick] if lang == "en" else ["第一个", "第二个", "第三个"][pick]
    earlier_q = _t(lang, "Any coding clubs for kids near Hackney on Saturday mornings?", "周六上午海淀附近有没有少儿编程班？")
    search_args = {"area": _t(lang, "Hackney", "海淀"), "weekday": "saturday"}
    results = [{"club_id": cid, "name": nm, "time": "10:00-11:30", "ages": "7-12"} for cid, nm in clubs]
    history = [
        {"role": "user", "text": earlier_q},
        {"role": "assistant", "calls": [{"name": "search_clubs", "arguments": search_args}]},
        {"role": "tool", "results": [{"clubs": results}]},
        {"role": "assistant", "text": _t(lang, "I found three: " + ", ".join(n for _, n in clubs) + ", all 10:00-11:30.",
                                         "找到三个：" + "、".join(n for _, n in clubs) + "，都是10:00-11:30。")},
    ]
    request = (f"Great, sign {child} up for the {ordinal} one please — {'she' if child in ('Maya', 'Ava') else 'he'}'s {age}."
               if lang == "en" else f"好，帮{child}报{ordinal}吧，孩子{age}岁。")
    tools = [
        tool("search_clubs", _t(dl, "Search kids' coding clubs by area and weekday.", "按区域和星期搜索少儿编程班。"),
             ["area"], area={"type": "string"}, weekday={"type": "string", "enum": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]}),
        tool("get_club_details", _t(dl, "Spaces left, term dates and fee of a club.", "查询编程班剩余名额、学期日期和费用。"),
             ["club_id"], club_id={"type": "string"}),
        tool("enrol_child", _t(dl, "Enrol a child in a club for the parent account.", "为家长账户的孩子报名编程班。"),
             ["club_id", "parent_id", "child_name", "child_age"], club_id={"type": "string"}, parent_id={"type": "string"},
             child_name={"type": "string"}, child_age={"type": "integer", "minimum": 5, "maximum": 14}),
    ]
    cid = clubs[pick][0]
    term_start = day + D(days=(5 - day.weekday()) % 7 + 7)
    details = Step("get_club_details", {"club_id": cid},
                   {"club_id": cid, "spaces_left": rng.randint(1, 6), "term_start": term_start.isoformat(), "fee": 96, "currency": "GBP"})
    enrol = Step("enrol_child", {"club_id": cid, "parent_id": parent, "child_name": child, "child_age": age},
                 {"enrolment_id": f"EN-{_digits(rng, 5)}", "status": "enrolled", "first_session": term_start.isoformat()})
    output = _t(lang, f"{child} is enrolled in {clubs[pick][1]} ({enrol.result['enrolment_id']}); first session {term_start:%A %d %B}, 10:00.",
                f"{child}已报名{clubs[pick][1]}（{enrol.result['enrolment_id']}），第一次课 {term_start.month}月{term_start.day}日 10:00。")
    d = Draft(domain="kids' coding clubs", lang=lang, request=request, output=output, tools=tools, steps=[details, enrol], day=day,
              user_id=parent, session_id=f"s-{_digits(rng, 8)}", history=history,
              attributes={"app.parent_id": parent}, patterns=["history_id", "user_id_context", "ordinal_from_history"])
    d.roles = {"lookup": details, "main": enrol, "write": enrol, "plain": details}
    d.slots = {"history_id": (enrol, "club_id"), "user_id": (enrol, "parent_id"), "extra": (enrol, "school_year")}
    d.facts = {"extra_value": age, "success_text": _t(lang, f"{child} is all signed up!", f"{child}已经报好名了！")}
    return d


# --- 6. art supply shop: an export polled to completion ------------------------------------
def art_export(rng: random.Random, lang: str) -> Draft:
    dl = _desc_lang(rng, lang)
    day = _day(rng)
    first_this = day.replace(day=1)
    last_prev = first_this - D(days=1)
    first_prev = last_prev.replace(day=1)
    store = f"ST-{_digits(rng, 4)}"
    fmt = rng.choice(["csv", "xlsx"])
    if lang == "en":
        request = f"Export last month's sales for my shop as {'a CSV' if fmt == 'csv' else 'an Excel file'}, please."
        word = "Excel" if fmt == "xlsx" else "CSV file"
    else:
        request = f"把我们店上个月的销售数据导出来，{'CSV格式' if fmt == 'csv' else '要Excel表格'}。"
        word = "表格"
    tools = [
        tool("start_sales_export", _t(dl, "Start an export of a store's sales between two dates.", "发起某门店在两个日期之间的销售数据导出。"),
             ["store_id", "from_date", "to_date"], store_id={"type": "string"}, from_date=_DATE, to_date=_DATE,
             format={"type": "string", "enum": ["csv", "xlsx", "json"], "default": "csv"}),
        tool("get_export_status", _t(dl, "Check the progress of an export job; poll until done.", "查询导出任务的进度，轮询直到完成。"),
             ["job_id"], job_id={"type": "string"}),
        tool("get_low_stock_report", _t(dl, "Art supplies running low at a store.", "查询门店库存不足的美术用品。"),
             ["store_id"], store_id={"type": "string"}),
    ]
    job = f"exp_{_digits(rng, 7)}"
    args = {"store_id": store, "from_date": first_prev.isoformat(), "to_date": last_prev.isoformat()}
    if fmt == "xlsx" or rng.random() < 0.5:
        args["format"] = fmt
    start = Step("start_sales_export", args, {"job_id": job, "status": "queued"})
    polls = rng.randint(2, 3)
    steps = [start]
    for i in range(polls):
        done = i == polls - 1
        steps.append(Step("get_export_status", {"job_id": job},
                          {"job_id": job, "status": "done" if done else "running", "progress": 100 if done else 30 + 30 * i,
                           **({"download_url": f"https://files.artshop.example/exports/{job}.{fmt}", "rows": rng.randint(300, 4000)} if done else {})},
                          duration=80))
    url = steps[-1].result["download_url"]
    output = _t(lang, f"Your {first_prev:%B} sales export ({first_prev} to {last_prev}, {steps[-1].result['rows']} rows) is ready: {url}",
                f"{first_prev.month}月（{first_prev}至{last_prev}）的销售数据已导出，共{steps[-1].result['rows']}行：{url}")
    d = Draft(domain="art supply shops", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
              user_id=f"u{_digits(rng, 5)}", attributes={"tenant.store_id": store}, resource={"deployment.environment": "prod"},
              patterns=["context_id", "last_month_resolved", "status_polling", "schema_default"])
    distractor = Step("get_low_stock_report", {"store_id": store}, {"items": [{"sku": "AC-12", "left": 2}]})
    d.roles = {"producer": start, "main": start, "distractor": distractor}
    d.slots = {"context_id": (start, "store_id"), "date": (start, "from_date"), "copied_id": (steps[1], "job_id"),
               "enum": (start, "format") if "format" in args else None, "extra": (start, "timezone")}
    d.slots = {k: v for k, v in d.slots.items() if v is not None}
    d.facts = {"enum_word": word, "extra_value": "UTC", "date_format": True}
    return d


# --- 7. river cruises: a search retried after a 503, a date N days after a given one --------
def river_cruise(rng: random.Random, lang: str) -> Draft:
    dl = _desc_lang(rng, lang)
    day = _day(rng)
    base = day + D(days=rng.randint(20, 60))
    gap = rng.choice([7, 10, 14])
    depart = base + D(days=gap)
    pax = rng.randint(1, 4)
    river, river_en, river_zh = rng.choice([("douro", "Douro", "杜罗河"), ("danube", "Danube", "多瑙河"), ("yangtze", "Yangtze", "长江")])
    if lang == "en":
        gap_words = {7: "a week", 10: "ten days", 14: "two weeks"}[gap]
        request = (f"We want a river cruise on the {river_en} leaving {gap_words} after {base.day} {base:%B}, {pax} "
                   f"{'adult' if pax == 1 else 'adults'}. Find the cheapest cabin and hold it for us.")
    else:
        gap_words = {7: "一周", 10: "十天", 14: "两周"}[gap]
        request = f"想订{river_zh}游轮，{base.month}月{base.day}日之后{gap_words}出发，{pax}个大人。找最便宜的舱位帮我们先留着。"
    tools = [
        tool("search_sailings", _t(dl, "River cruise sailings departing on a date.", "查询某日出发的内河游轮航次。"),
             ["river", "departure_date", "passengers"],
             river={"type": "string", "enum": ["douro", "rhine", "danube", "seine", "yangtze"]}, departure_date=_DATE,
             passengers={"type": "integer", "minimum": 1, "maximum": 8}),
        tool("hold_cabin", _t(dl, "Hold a cabin on a sailing for 48 hours without payment.", "为航次保留舱位48小时，无需付款。"),
             ["sailing_id", "cabin_grade", "passengers"], sailing_id={"type": "string"},
             cabin_grade={"type": "string", "enum": ["A", "B", "C", "suite"]}, passengers={"type": "integer", "minimum": 1, "maximum": 8}),
        tool("get_port_info", _t(dl, "Embarkation port address and parking.", "查询登船码头地址和停车信息。"), ["port"], port={"type": "string"}),
    ]
    sid = f"{river[:2].upper()}{depart:%y%m%d}-{_digits(rng, 2)}"
    cabins = [{"grade": g, "price_per_person": p} for g, p in (("C", rng.randint(690, 900)), ("B", rng.randint(950, 1300)), ("A", rng.randint(1350, 1800)))]
    args = {"river": river, "departure_date": depart.isoformat(), "passengers": pax}
    first = Step("search_sailings", args, error="503 Service Unavailable")
    second = Step("search_sailings", copy.deepcopy(args), {"sailings": [{"sailing_id": sid, "nights": rng.choice([3, 5, 7]), "cabins": cabins}]})
    hold = Step("hold_cabin", {"sailing_id": sid, "cabin_grade": "C", "passengers": pax},
                {"hold_id": f"H{_digits(rng, 6)}", "expires": (day + D(days=2)).isoformat() + "T18:00:00Z"})
    total = cabins[0]["price_per_person"] * pax
    output = _t(lang, f"Held a grade C cabin on {sid}, departing {depart:%d %B}, for {pax}: €{total} in total, held until {day + D(days=2)}.",
                f"已为{pax}位保留{depart.month}月{depart.day}日出发的{sid}航次C级舱，共€{total}，保留至{day + D(days=2)}。")
    d = Draft(domain="river cruises", lang=lang, request=request, output=output, tools=tools, steps=[first, second, hold], day=day,
              user_id=f"u{_digits(rng, 5)}", patterns=["retry_after_503", "date_n_days_after", "copied_id", "cheapest_from_results", "enum_name"])
    d.roles = {"producer": second, "main": hold, "write": hold, "plain": hold}
    d.slots = {"copied_id": (hold, "sailing_id"), "extra": (hold, "adults")}
    d.facts = {"extra_value": pax, "computed": [(first, "departure_date"), (second, "departure_date")],
               "success_text": _t(lang, "Your cabin is held for 48 hours.", "舱位已为您保留48小时。")}
    return d


# --- 8. second-hand bookshops: a search, a reservation, a mail to the user's own address ----
def bookshop(rng: random.Random, lang: str) -> Draft:
    dl = _desc_lang(rng, lang)
    day = _day(rng)
    customer = f"C{_digits(rng, 6)}"
    if lang == "en":
        title, author = rng.choice([("The Remains of the Day", "Kazuo Ishiguro"), ("Cider with Rosie", "Laurie Lee"), ("Brighton Rock", "Graham Greene")])
        email = rng.choice(["tom.hale@example.org", "r.osei@example.net"])
        shops = [("Brixton", "SHOP-BRX"), ("Camden", "SHOP-CMD")]
        request = f"Do any of your shops have a first edition of {title}? If so, reserve it at the Brixton one and email me the details at {email}."
        word = "1st edition"
    else:
        title, author = rng.choice([("围城", "钱钟书"), ("边城", "沈从文"), ("骆驼祥子", "老舍")])
        email = rng.choice(["li.wen@example.cn", "zhao.min@example.com"])
        shops = [("徐家汇", "SHOP-XJH"), ("五角场", "SHOP-WJC")]
        request = f"你们哪家店有{author}《{title}》的初版？有的话在徐家汇店帮我留一本，详情发到 {email}。"
        word = "初版"
    tools = [
        tool("search_inventory", _t(dl, "Search second-hand copies across shops.", "在各门店搜索二手书库存。"), ["title"],
             title={"type": "string"}, edition={"type": "string", "enum": ["any", "first", "signed"], "default": "any"}),
        tool("reserve_copy", _t(dl, "Reserve a copy for a customer for 7 days.", "为顾客保留某本书7天。"), ["copy_id", "customer_id"],
             copy_id={"type": "string"}, customer_id={"type": "string"}),
        tool("send_email", _t(dl, "Send an e-mail.", "发送电子邮件。"), ["to", "subject", "body"],
             to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"}),
    ]
    copies = [{"copy_id": f"CP-{_digits(rng, 5)}", "shop": shops[0][0], "shop_id": shops[0][1], "condition": "good", "price": rng.randint(40, 220)},
              {"copy_id": f"CP-{_digits(rng, 5)}", "shop": shops[1][0], "shop_id": shops[1][1], "condition": "fair", "price": rng.randint(30, 150)}]
    search = Step("search_inventory", {"title": title, "edition": "first"}, {"copies": copies})
    until = day + D(days=7)
    reserve = Step("reserve_copy", {"copy_id": copies[0]["copy_id"], "customer_id": customer},
                   {"reservation_id": f"R-{_digits(rng, 5)}", "held_until": until.isoformat()})
    body = _t(lang, f"{title} (first edition, good condition, £{copies[0]['price']}) is reserved at {shops[0][0]} until {until}. Reference {reserve.result['reservation_id']}.",
              f"《{title}》初版（品相好，{copies[0]['price']}元）已在{shops[0][0]}店为您保留至{until}，编号 {reserve.result['reservation_id']}。")
    mail = Step("send_email", {"to": email, "subject": _t(lang, f"Your reservation: {title}", f"保留通知：《{title}》"), "body": body}, {"sent": True})
    output = _t(lang, f"Yes — reserved the Brixton copy until {until} ({reserve.result['reservation_id']}); details sent to {email}.",
                f"有的，已在徐家汇店为您保留到{until}（{reserve.result['reservation_id']}），详情已发到 {email}。")
    d = Draft(domain="second-hand bookshops", lang=lang, request=request, output=output, tools=tools, steps=[search, reserve, mail], day=day,
              user_id=customer, patterns=["user_id_context", "copied_id", "user_given_email", "agent_written_body"])
    d.roles = {"lookup": search, "producer": search, "main": reserve, "write": mail, "plain": search}
    d.slots = {"copied_id": (reserve, "copy_id"), "user_id": (reserve, "customer_id"), "enum": (search, "edition"),
               "extra": (reserve, "shop")}
    d.facts = {"enum_word": word, "extra_value": shops[0][0],
               "success_text": _t(lang, f"Reserved, and I've emailed the details to {email}.", f"已保留，详情已发到 {email}。")}
    return d


# --- faults of this split, beside corpus.py's ------------------------------------------------
def miscounted_date(draft: Draft, rng: random.Random) -> Marks | None:
    """A date the agent worked out wrongly (a day off): a value from nowhere."""
    spots = draft.facts.get("computed")
    if not spots:
        step = draft.facts.get("weekday_step")
        if step is None:
            return None
        spots = [(step, "date")]
    shift = rng.choice([-1, 1])
    if draft.facts.get("weekday_step") is not None:
        shift = -1  # "this Friday" taken for the Thursday: no clash with the Saturday it also looks up
    for step, key in spots:
        try:
            dt.date.fromisoformat(step.args[key])
        except (KeyError, TypeError, ValueError):
            return None  # another fault already broke that date
    for step, key in spots:
        step.args[key] = (dt.date.fromisoformat(step.args[key]) + D(days=shift)).isoformat()
    return {"ungrounded_value": [s for s, _ in spots]}


FAULTS = {**_CORPUS_FAULTS, "miscounted_date": miscounted_date}
_ORDER = {name: 2 if name == "pii_leak" else 1 if name in _ENDINGS else -1 if name in
          {"repeated_identical_call", "redundant_calls", "blind_retry"} else 0 for name in FAULTS}
SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    courier, brewing, planetarium, paddle, coding_club, art_export, river_cruise, bookshop]


def _make(index: int, scenario: Callable, lang: str, faults: list[str], rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    marks: dict[str, list] = {}
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
    trajectory, seqs = build(draft, f"e{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean; each drawn from its own (seed, index) so one edit moves no other."""
    names = list(FAULTS)
    cases: list[Case] = []
    for index in range(n):
        rng = random.Random(f"{SPLIT}:{seed}:{index}")
        while True:
            roll = rng.random()
            faults = [] if roll < 0.5 else [rng.choice(names)] if roll < 0.85 else rng.sample(names, 2)
            if not (len(faults) == 2 and set(faults) <= _ENDINGS):
                break
        case = None
        for attempt in range(4 * len(SCENARIOS)):
            scenario = SCENARIOS[(index + attempt) % len(SCENARIOS)]
            lang = ("en", "zh")[(index // len(SCENARIOS) + attempt) % 2]
            case = _make(index, scenario, lang, faults, random.Random(f"{SPLIT}:{seed}:{index}:{attempt}"))
            if case is not None:
                break
            if attempt == 2 * len(SCENARIOS) - 1:  # no scenario has a place for the pair: one fault of it
                faults = faults[:1]
        if case is None:
            case = _make(index, SCENARIOS[index % len(SCENARIOS)], ("en", "zh")[index % 2], [],
                         random.Random(f"{SPLIT}:{seed}:{index}:clean"))
        cases.append(case)
    return cases
