"""The stifled split: agent traffic of a shared-kitchen incubator's cold-storage shelves, a lighthouse
museum's night tours, a community fridge network, a harbour's crane hire, a school uniform swap shop,
a citizen-science bird-ringing scheme, a town's public toilet cleaning requests and a wedding DJ
agency, written by a twenty-ninth helper who read neither the evaluators, their calibration nor any
other split. It must not be read when tuning the evaluators, or it stops being unseen.

Shapes: a booking (cold shelf), a question answered by lookups with an end time computed (night
tours), a comparison by parallel calls (fridges; DJ quotes), a change or cancellation of a record
made in an earlier turn (cranes, with history), an export polled to completion with a status tool
(uniform swap), a write retried once after a transient 503 (bird ringing), a report with a date N
days later computed from a result (toilets), and ids the framework fills in from the user, the root
span's attributes or the resource. English and Chinese requests; fridge and toilet tools are
described in Chinese whatever the request's language, crane tools always in English.

Each case is drawn from random.Random(f"stifled:{seed}:{index}") (and whether it is clean from its block
of eight), so changing one case leaves the others as they were.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import re
from collections.abc import Callable

from tests.judgement.corpus import (
    FAULTS, TOUCHED, Case, Draft, Marks, Step, _ENDINGS, _ORDER, _CLASHES, build, tool,
)

SPLIT = "stifled"


def _day(rng: random.Random) -> dt.date:
    return dt.date(2025, 3, 1) + dt.timedelta(days=rng.randint(0, 420))


def _d(text_en: str, text_zh: str, lang: str) -> str:
    return text_zh if lang == "zh" else text_en


ZH_WEEKDAY = "一二三四五六日"


# --- 1. shared-kitchen incubator: cold-storage shelf booking ------------------------------------

def cold_shelf(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    member = f"M-{rng.randint(1000, 9999)}"
    tenant = f"kit-incub-{rng.randint(1, 19):02d}"
    weeks = rng.choice([2, 3, 4, 6])
    litres = rng.choice([30, 40, 50, 80])
    offset, word_en, word_zh = rng.choice([(1, "tomorrow", "明天"), (2, "the day after tomorrow", "后天"),
                                           (3, "in three days", "三天后")])
    start = day + dt.timedelta(days=offset)
    product_en, product_zh = rng.choice([("vegan ice cream", "纯素冰淇淋"), ("frozen dumplings", "速冻饺子"),
                                         ("gelato bases", "意式冰淇淋基底")])
    words = {2: ("two", "两"), 3: ("three", "三"), 4: ("four", "四"), 6: ("six", "六")}[weeks]
    request = _d(f"Hi, I need a frozen-goods shelf for my {product_en}, starting {word_en}, for {words[0]} weeks. "
                 f"Roughly {litres} litres of space.",
                 f"你好，我要租一个冷冻架放{product_zh}，{word_zh}开始，租{words[1]}周，大概需要{litres}升的空间。", lang)
    tools = [
        tool("list_cold_shelves", _d("List free cold-storage shelves in the incubator kitchen.",
                                     "列出孵化厨房里空闲的冷藏/冷冻货架。", lang), ["zone", "from_date"],
             zone={"type": "string", "enum": ["chiller", "freezer", "blast_chiller"]},
             from_date={"type": "string", "format": "date"},
             min_free_litres={"type": "integer", "minimum": 1}),
        tool("reserve_cold_shelf", _d("Reserve a cold-storage shelf for a kitchen member.",
                                      "为厨房会员预订一个冷藏货架。", lang),
             ["shelf_id", "member_id", "start_date", "weeks"],
             shelf_id={"type": "string"}, member_id={"type": "string"},
             start_date={"type": "string", "format": "date"},
             weeks={"type": "integer", "minimum": 1, "maximum": 12}),
        tool("book_deep_clean", _d("Book a deep-clean slot for the shared kitchen's ovens and hobs.",
                                   "预约共享厨房烤箱和灶台的深度清洁时段。", lang), ["date"],
             date={"type": "string", "format": "date"}),
    ]
    shelves = [{"shelf_id": f"FZ-{rng.randint(10, 99)}", "zone": "freezer", "free_litres": litres + rng.choice([10, 20, 40])},
               {"shelf_id": f"FZ-{rng.randint(100, 199)}", "zone": "freezer", "free_litres": litres + 60}]
    pick = shelves[0]
    lookup = Step("list_cold_shelves", {"zone": "freezer", "from_date": start.isoformat(), "min_free_litres": litres},
                  {"shelves": shelves})
    end = start + dt.timedelta(weeks=weeks)
    ref = f"CS-{rng.randint(10000, 99999)}"
    write = Step("reserve_cold_shelf", {"shelf_id": pick["shelf_id"], "member_id": member,
                                        "start_date": start.isoformat(), "weeks": weeks},
                 {"reservation": ref, "status": "confirmed", "ends_on": end.isoformat()})
    distractor = Step("book_deep_clean", {"date": start.isoformat()}, {"slot": "08:00-10:00", "booked": True})
    output = _d(f"Booked freezer shelf {pick['shelf_id']} ({pick['free_litres']} L free) from {start.isoformat()} "
                f"for {weeks} weeks — it runs until {end.isoformat()}. Reservation {ref}.",
                f"已为你预订冷冻架 {pick['shelf_id']}（空余 {pick['free_litres']} 升），从 {start.isoformat()} 起租 {weeks} 周，"
                f"到 {end.isoformat()} 结束。预订号 {ref}。", lang)
    return Draft(
        domain="incubator_cold_storage", lang=lang, request=request, output=output, tools=tools,
        steps=[lookup, write], day=day, user_id=member, session_id=f"s-{rng.getrandbits(32):08x}",
        attributes={"kitchen.member_id": member}, resource={"tenant.id": tenant},
        patterns=["relative date resolved from the trace day", "member id from context", "enum member from a paraphrase",
                  "shelf id copied from a result", "number word to integer"],
        roles={"lookup": lookup, "producer": lookup, "main": write, "write": write, "distractor": distractor},
        slots={"date": (lookup, "from_date"), "copied_id": (write, "shelf_id"), "user_id": (write, "member_id"),
               "enum": (lookup, "zone"), "extra": (write, "product")},
        facts={"enum_word": _d("frozen", "冷冻", lang), "extra_value": _d(product_en, product_zh, lang),
               "success_text": _d("Your freezer shelf is booked.", "冷冻架已经订好了。", lang), "date_format": True})


# --- 2. lighthouse museum night tours: a question answered by lookups --------------------------

def night_tours(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    tour_day = day + dt.timedelta(days=1)
    start_h, start_m = rng.choice([(20, 30), (21, 0), (21, 30)])
    minutes = rng.choice([75, 90, 105])
    end = dt.datetime.combine(tour_day, dt.time(start_h, start_m)) + dt.timedelta(minutes=minutes)
    tour_id = f"NT-{tour_day:%m%d}-{rng.randint(1, 4)}"
    steps_count = rng.choice([127, 164, 217])
    language = "en" if lang == "en" else "zh"
    request = _d("Is there an English night tour of the lighthouse tomorrow? What time does it finish, and can my dad "
                 "manage it — he walks with a cane.",
                 "明天灯塔有中文的夜间导览吗？几点结束？我爸爸拄拐杖，他能参加吗？", lang)
    tools = [
        tool("get_night_tours", _d("Night tours of the lighthouse museum on a date, by guide language.",
                                   "查询灯塔博物馆某天的夜间导览场次（按讲解语言）。", lang), ["date"],
             date={"type": "string", "format": "date"},
             language={"type": "string", "enum": ["en", "zh", "de", "fr"], "default": "en"}),
        tool("get_tour_info", _d("Details of one tour: route, stairs, accessibility notes.",
                                 "查询单个导览的详情：路线、台阶、无障碍说明。", lang), ["tour_id"],
             tour_id={"type": "string"}),
        tool("get_gift_shop_hours", _d("Opening hours of the museum gift shop.", "博物馆礼品店营业时间。", lang), ["day"],
             day={"type": "string"}),
    ]
    tours = Step("get_night_tours", {"date": tour_day.isoformat(), "language": language},
                 {"tours": [{"tour_id": tour_id, "start": f"{start_h:02d}:{start_m:02d}", "duration_min": minutes,
                             "language": language, "places_left": rng.randint(2, 12)}]})
    info = Step("get_tour_info", {"tour_id": tour_id},
                {"tour_id": tour_id, "route": "keeper's cottage, lamp room", "stairs": steps_count,
                 "lift": False, "accessibility": "lamp room only by spiral stairs; ground-floor exhibits step-free"})
    distractor = Step("get_gift_shop_hours", {"day": tour_day.isoformat()}, {"open": "10:00", "close": "17:00"})
    output = _d(f"Yes — the English night tour tomorrow ({tour_day.isoformat()}) starts at {start_h:02d}:{start_m:02d} and "
                f"lasts {minutes} minutes, so it ends at {end:%H:%M}. Heads-up: the lamp room is up {steps_count} spiral "
                f"stairs with no lift; the ground-floor part is step-free, so your dad could do that part.",
                f"有的。明天（{tour_day.isoformat()}）的中文夜间导览 {start_h:02d}:{start_m:02d} 开始，时长 {minutes} 分钟，"
                f"{end:%H:%M} 结束。注意：灯室要爬 {steps_count} 级螺旋楼梯，没有电梯；一楼展区无台阶，你爸爸可以参加这一部分。", lang)
    return Draft(
        domain="lighthouse_night_tours", lang=lang, request=request, output=output, tools=tools,
        steps=[tours, info], day=day, session_id=f"s-{rng.getrandbits(32):08x}",
        resource={"museum.site": "north-head"},
        patterns=["'tomorrow' resolved from the trace day", "language name to enum code", "end time computed",
                  "tour id copied from a result"],
        roles={"lookup": tours, "producer": tours, "main": tours, "plain": info, "distractor": distractor},
        slots={"date": (tours, "date"), "copied_id": (info, "tour_id"), "enum": (tours, "language"),
               "extra": (tours, "visitor_needs")},
        facts={"enum_word": _d("English", "中文", lang), "extra_value": _d("cane", "拄拐杖", lang),
               "success_text": "", "date_format": True})


# --- 3. community fridge network: a comparison in one parallel turn ----------------------------

def fridges(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    hood = rng.choice(["Riverside", "Old Mill", "Canal Street", "Hollins Park"])
    hood_zh = {"Riverside": "Riverside", "Old Mill": "Old Mill", "Canal Street": "Canal Street", "Hollins Park": "Hollins Park"}[hood]
    request = _d(f"Which of the community fridges in {hood} has the most loaves left right now? I want to send people there.",
                 f"{hood_zh} 那几个社区冰箱，现在哪个剩的面包最多？我想让大家去那儿拿。", lang)
    tools = [  # this network describes its tools in Chinese
        tool("find_fridges", "按街区查找社区冰箱（返回冰箱编号、地址）。", ["neighbourhood"],
             neighbourhood={"type": "string"}),
        tool("get_fridge_stock", "查询某个社区冰箱当前的库存，可按类别筛选。", ["fridge_id"],
             fridge_id={"type": "string"},
             category={"type": "string", "enum": ["produce", "dairy", "bread", "cooked", "any"], "default": "any"}),
        tool("list_food_drives", "列出某街区即将举行的募捐食物活动。", ["neighbourhood"],
             neighbourhood={"type": "string"}),
    ]
    ids = [f"CF-{rng.randint(100, 999)}" for _ in range(3)]
    while len(set(ids)) < 3:
        ids = [f"CF-{rng.randint(100, 999)}" for _ in range(3)]
    counts = rng.sample(range(0, 15), 3)
    streets = ["Church Lane", "Bridge Row", "Library Steps"]
    find = Step("find_fridges", {"neighbourhood": hood},
                {"fridges": [{"fridge_id": f, "address": f"{s}, {hood}"} for f, s in zip(ids, streets)]})
    stock = [Step("get_fridge_stock", {"fridge_id": f, "category": "bread"},
                  {"fridge_id": f, "category": "bread", "items": c, "updated": f"{day.isoformat()}T0{7 + i}:15:00Z"},
                  parallel=i > 0) for i, (f, c) in enumerate(zip(ids, counts))]
    best = max(range(3), key=lambda i: counts[i])
    distractor = Step("list_food_drives", {"neighbourhood": hood}, {"drives": []})
    output = _d(f"The fridge on {streets[best]} ({ids[best]}) has the most bread: {counts[best]} loaves, against "
                f"{', '.join(str(counts[i]) for i in range(3) if i != best)} at the other two.",
                f"{streets[best]} 的冰箱（{ids[best]}）面包最多，有 {counts[best]} 个；另外两个分别是 "
                f"{'、'.join(str(counts[i]) for i in range(3) if i != best)} 个。", lang)
    return Draft(
        domain="community_fridges", lang=lang, request=request, output=output, tools=tools,
        steps=[find, *stock], day=day, session_id=f"s-{rng.getrandbits(32):08x}",
        resource={"network.id": "fridgeshare-north"},
        patterns=["three stock lookups in one parallel turn", "ids copied from a result", "'loaves'/'面包' to enum member",
                  "Chinese tool descriptions" + (" with an English request" if lang == "en" else "")],
        roles={"lookup": find, "producer": find, "main": find, "distractor": distractor},
        slots={"copied_id": (stock[2], "fridge_id"), "enum": (stock[1], "category"), "extra": (find, "when")},
        facts={"enum_word": _d("loaves", "面包", lang), "extra_value": _d("right now", "现在", lang),
               "success_text": "", "date_format": False})


# --- 4. harbour crane hire: change or cancel a booking made in an earlier turn -----------------

def crane(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    booked = day + dt.timedelta(days=rng.randint(5, 20))
    ref = f"HC-{rng.randint(20000, 29999)}"
    account = f"ACC-{rng.randint(1000, 9999)}"
    quay = rng.randint(1, 6)
    cancel = rng.random() < 0.4
    old_cap = rng.choice([25, 40])
    history = [
        {"role": "user", "text": _d(f"Book the {old_cap}-tonne crane at quay {quay} on {booked.isoformat()}.",
                                    f"帮我订 {booked.isoformat()} {quay} 号码头的 {old_cap} 吨吊车。", lang)},
        {"role": "assistant", "calls": [{"name": "book_crane", "arguments": {"quay": quay, "date": booked.isoformat(),
                                                                              "capacity_t": old_cap}}]},
        {"role": "tool", "results": [{"booking_ref": ref, "crane_id": f"MC-{old_cap}A", "status": "confirmed"}]},
        {"role": "assistant", "text": _d(f"Booked: {ref}, crane MC-{old_cap}A, quay {quay}, {booked.isoformat()}.",
                                         f"已预订：{ref}，吊车 MC-{old_cap}A，{quay} 号码头，{booked.isoformat()}。", lang)},
    ]
    tools = [
        tool("get_crane_booking", "Fetch a crane hire booking by its reference.", ["booking_ref"],
             booking_ref={"type": "string"}),
        tool("list_cranes", "Cranes free on a date, optionally at least a given lifting capacity (tonnes).", ["date"],
             date={"type": "string", "format": "date"}, min_capacity_t={"type": "integer", "minimum": 1},
             quay={"type": "integer", "minimum": 1, "maximum": 6}),
        tool("update_crane_booking", "Change the crane or date of an existing crane booking.",
             ["booking_ref", "account_id"], booking_ref={"type": "string"}, account_id={"type": "string"},
             crane_id={"type": "string"}, date={"type": "string", "format": "date"}),
        tool("cancel_crane_booking", "Cancel a crane hire booking.", ["booking_ref", "account_id", "reason"],
             booking_ref={"type": "string"}, account_id={"type": "string"},
             reason={"type": "string", "enum": ["weather", "vessel_delayed", "no_longer_needed", "other"]}),
        tool("get_tide_times", "High and low tide times for the harbour on a date.", ["date"],
             date={"type": "string", "format": "date"}),
    ]
    get = Step("get_crane_booking", {"booking_ref": ref},
               {"booking_ref": ref, "crane_id": f"MC-{old_cap}A", "quay": quay, "date": booked.isoformat(),
                "status": "confirmed", "account_id": account})
    distractor = Step("get_tide_times", {"date": booked.isoformat()}, {"high": ["06:12", "18:40"]})
    if cancel:
        request = _d("The ship's been held up at Rotterdam, so cancel that crane booking please.",
                     "船在鹿特丹耽误了，那个吊车预订帮我取消吧。", lang)
        write = Step("cancel_crane_booking", {"booking_ref": ref, "account_id": account, "reason": "vessel_delayed"},
                     {"booking_ref": ref, "status": "cancelled", "fee": 0})
        steps = [get, write]
        output = _d(f"Cancelled {ref} (reason: vessel delayed). No cancellation fee.",
                    f"已取消 {ref}（原因：船期延误），不收取消费。", lang)
        slots = {"history_id": (get, "booking_ref"), "context_id": (write, "account_id"), "enum": (write, "reason"),
                 "extra": (write, "vessel")}
        facts = {"enum_word": _d("held up", "耽误", lang), "extra_value": "Rotterdam",
                 "success_text": _d("Done, the booking is cancelled.", "好的，预订已取消。", lang), "date_format": False}
        patterns = ["booking ref from an earlier turn", "account id from the resource", "reason paraphrased to enum"]
        roles = {"lookup": get, "main": write, "write": write, "distractor": distractor}
    else:
        shift = rng.choice([2, 3])
        new_cap = 60
        new_day = booked + dt.timedelta(days=shift)
        request = _d(f"Can you push that back {shift} days and swap it for the {new_cap}-tonne crane?",
                     f"能不能把那个往后推{'两' if shift == 2 else '三'}天，换成{new_cap}吨的吊车？", lang)
        cranes = Step("list_cranes", {"date": new_day.isoformat(), "min_capacity_t": new_cap, "quay": quay},
                      {"cranes": [{"crane_id": "MC-60B", "capacity_t": 60, "quay": quay}]})
        write = Step("update_crane_booking", {"booking_ref": ref, "account_id": account, "crane_id": "MC-60B",
                                              "date": new_day.isoformat()},
                     {"booking_ref": ref, "crane_id": "MC-60B", "date": new_day.isoformat(), "status": "confirmed"})
        steps = [get, cranes, write]
        output = _d(f"Moved {ref} to {new_day.isoformat()} ({shift} days later) on the 60-tonne crane MC-60B, quay {quay}.",
                    f"{ref} 已改到 {new_day.isoformat()}（推后 {shift} 天），换成 60 吨吊车 MC-60B，{quay} 号码头。", lang)
        slots = {"history_id": (get, "booking_ref"), "context_id": (write, "account_id"), "date": (cranes, "date"),
                 "copied_id": (write, "crane_id"), "extra": (write, "capacity_t")}
        facts = {"enum_word": "", "extra_value": new_cap,
                 "success_text": _d("All changed — see you on the quay.", "已经改好了。", lang), "date_format": True}
        patterns = ["booking ref from an earlier turn", "date = earlier booking + N days", "quay from history",
                    "account id from the resource (also in a result)", "crane id copied from a result"]
        roles = {"lookup": get, "producer": cranes, "main": cranes, "write": write, "distractor": distractor}
    return Draft(
        domain="harbour_crane_hire", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        session_id=f"s-{rng.getrandbits(32):08x}", resource={"harbour.account_id": account}, history=history,
        patterns=patterns + ["English tool descriptions" + (" with a Chinese request" if lang == "zh" else "")],
        roles=roles, slots=slots, facts=facts)


# --- 5. school uniform swap shop: an export polled to completion -------------------------------

def uniform_export(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    shop = f"USS-{rng.randint(10, 99)}"
    name = rng.choice(["m.okafor", "j.lindqvist", "p.chen", "r.adeyemi"])
    email = f"{name}@stbede-pta.org.uk"
    job = f"exp_{rng.getrandbits(40):010x}"
    fmt_word_en, fmt_word_zh = rng.choice([("Excel", "Excel"), ("spreadsheet", "电子表格")])
    request = _d(f"Can you export the swap shop's current stock as an {fmt_word_en} file and email it to me at {email}?"
                 if fmt_word_en == "Excel" else
                 f"Could you pull the swap shop's current stock into a spreadsheet and email it to {email}?",
                 f"帮我把换衣铺现在的库存导出成{fmt_word_zh}，发到我邮箱 {email}。", lang)
    tools = [
        tool("start_stock_export", _d("Start an export of the uniform swap shop's stock list.", "开始导出校服换衣铺的库存清单。", lang),
             ["shop_id", "format"], shop_id={"type": "string"},
             format={"type": "string", "enum": ["csv", "xlsx", "pdf"]},
             include_sold={"type": "boolean", "default": False}),
        tool("get_export_status", _d("Check the progress of an export job; poll until status is 'done'.",
                                     "查询导出任务的进度；轮询直到状态为 done。", lang), ["job_id"],
             job_id={"type": "string"}),
        tool("send_email", _d("Send an e-mail.", "发送电子邮件。", lang), ["to", "subject", "body"],
             to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"}),
        tool("get_opening_hours", _d("Opening hours of a swap shop.", "查询换衣铺的营业时间。", lang), ["shop_id"],
             shop_id={"type": "string"}),
    ]
    start = Step("start_stock_export", {"shop_id": shop, "format": "xlsx", "include_sold": False},
                 {"job_id": job, "status": "queued"})
    polls = rng.randint(1, 2)
    url = f"https://files.uniformswap.example/{job}.xlsx"
    status = [Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "running", "progress": 30 + 30 * i},
                   duration=80) for i in range(polls)]
    done = Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "done", "rows": rng.randint(80, 400),
                                                       "url": url}, duration=80)
    mail = Step("send_email", {"to": email, "subject": _d("Swap shop stock list", "换衣铺库存清单", lang),
                               "body": _d(f"Here is the current stock export: {url}", f"当前库存导出文件：{url}", lang)},
                {"sent": True, "message_id": f"<{rng.getrandbits(32):x}@mail>"})
    distractor = Step("get_opening_hours", {"shop_id": shop}, {"hours": "Wed 15:00-17:00"})
    output = _d(f"Done — the export finished ({done.result['rows']} rows) and I've emailed the link to {email}.",
                f"导出完成（共 {done.result['rows']} 行），下载链接已发到 {email}。", lang)
    return Draft(
        domain="uniform_swap_shop", lang=lang, request=request, output=output, tools=tools,
        steps=[start, *status, done, mail], day=day, user_id=name, session_id=f"s-{rng.getrandbits(32):08x}",
        attributes={"shop.id": shop}, resource={"tenant.id": "pta-st-bede"},
        patterns=["shop id from the root span attributes", "export polled with a status tool until done",
                  "'spreadsheet'/'Excel' to xlsx", "the user's own e-mail address", "schema default sent explicitly",
                  "job id and url copied from results"],
        roles={"main": start, "write": mail, "producer": start, "distractor": distractor},
        slots={"context_id": (start, "shop_id"), "copied_id": (status[0], "job_id"), "enum": (start, "format"),
               "extra": (start, "school")},
        facts={"enum_word": fmt_word_en if lang == "en" else fmt_word_zh, "extra_value": "St Bede",
               "success_text": _d("Sent! The stock list is in your inbox.", "已发送，库存清单在你邮箱里了。", lang),
               "date_format": False})


# --- 6. bird-ringing scheme: a record, sometimes retried once after a 503 ----------------------

SPECIES = [("blue tit", "蓝山雀", "BLUTI", 65, 11.1), ("great tit", "大山雀", "GRETI", 75, 18.2),
           ("robin", "欧亚鸲", "ROBIN", 72, 17.6), ("chaffinch", "苍头燕雀", "CHAFF", 86, 21.4)]


def bird_ringing(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    en, zh, code, wing, grams = rng.choice(SPECIES)
    ring = f"{rng.choice(['AV', 'BX', 'Z'])}{rng.randint(10000, 99999)}"
    ringer = f"R{rng.randint(100, 999)}"
    permit = f"P-{rng.randint(2000, 2999)}"
    site = rng.choice(["FNM", "WLD", "SHB"])
    site_name = {"FNM": "Fennmoor", "WLD": "Wealdon Marsh", "SHB": "Shingle Bay"}[site]
    ounces = lang == "en" and rng.random() < 0.5
    weight_text = f"{grams / 28.3495:.2f} oz" if ounces else f"{grams} g"
    weight = round(round(grams / 28.3495, 2) * 28.3495, 1) if ounces else grams
    request = _d(f"Ringed a {en} at {site_name} this morning: ring {ring}, wing {wing} mm, weight {weight_text}. Log it please.",
                 f"今天早上在{site_name}环志了一只{zh}：环号 {ring}，翼长 {wing} 毫米，体重 {grams} 克。帮我录一下。", lang)
    tools = [
        tool("lookup_species", _d("Find the scheme's species code for a bird name.", "根据鸟名查询物种代码。", lang),
             ["bird_name"], bird_name={"type": "string"}),
        tool("submit_ringing_record", _d("Submit one ringing record to the scheme database.", "向环志数据库提交一条环志记录。", lang),
             ["ring_number", "species_code", "site_code", "ringed_on", "ringer_id"],
             ring_number={"type": "string", "pattern": "^[A-Z]{1,2}[0-9]{4,6}$"},
             species_code={"type": "string"}, site_code={"type": "string"},
             ringed_on={"type": "string", "format": "date"}, ringer_id={"type": "string"},
             permit_id={"type": "string"},
             wing_mm={"type": "number", "minimum": 20, "maximum": 400},
             weight_g={"type": "number", "minimum": 1}),
        tool("get_migration_map", _d("Recoveries of ringed birds on a map for a region.", "某地区环志鸟类回收记录地图。", lang),
             ["region"], region={"type": "string"}),
    ]
    look = Step("lookup_species", {"bird_name": en if lang == "en" else zh},
                {"species_code": code, "english": en, "sites": {site_name: site}})
    args = {"ring_number": ring, "species_code": code, "site_code": site, "ringed_on": day.isoformat(),
            "ringer_id": ringer, "permit_id": permit, "wing_mm": wing, "weight_g": weight}
    record = f"REC-{rng.randint(100000, 999999)}"
    retry = rng.random() < 0.6
    steps = [look]
    if retry:
        first = Step("submit_ringing_record", dict(args), error="503 Service Unavailable")
        second = Step("submit_ringing_record", dict(args), {"record_id": record, "status": "accepted"})
        steps += [first, second]
        consumer = first
        roles = {"lookup": look, "producer": look, "main": look, "distractor": Step(
            "get_migration_map", {"region": site_name}, {"recoveries": 3})}
    else:
        first = Step("submit_ringing_record", dict(args), {"record_id": record, "status": "accepted"})
        steps += [first]
        consumer = first
        roles = {"lookup": look, "producer": look, "main": first, "write": first, "distractor": Step(
            "get_migration_map", {"region": site_name}, {"recoveries": 3})}
    output = _d(f"Logged: {en} ({code}), ring {ring}, {site_name} ({site}), {day.isoformat()}, wing {wing} mm, "
                f"{weight} g. Record {record}." + (" (The database was briefly unavailable; the second try went through.)" if retry else ""),
                f"已录入：{zh}（{code}），环号 {ring}，{site_name}（{site}），{day.isoformat()}，翼长 {wing} 毫米，体重 {weight} 克。"
                f"记录号 {record}。" + ("（数据库刚才短暂不可用，重试后成功。）" if retry else ""), lang)
    return Draft(
        domain="bird_ringing", lang=lang, request=request, output=output, tools=tools, steps=steps, day=day,
        user_id=ringer, session_id=f"s-{rng.getrandbits(32):08x}", attributes={"ringing.permit_id": permit},
        resource={"scheme": "coastal-ringing-group"},
        patterns=(["one identical retry after a 503"] if retry else []) +
                 (["ounces converted to grams"] if ounces else []) +
                 ["'this morning' as the trace day", "ringer id and permit from context", "site code from a result",
                  "species code copied from a result"],
        roles=roles,
        slots={"date": (consumer, "ringed_on"), "copied_id": (consumer, "species_code"), "user_id": (consumer, "ringer_id"),
               "context_id": (consumer, "permit_id"), "extra": (consumer, "location")},
        facts={"enum_word": "", "extra_value": site_name,
               "success_text": _d("Logged, thanks!", "已录入。", lang), "date_format": True})


# --- 7. public toilet cleaning requests: a report and a date N days later ----------------------

def toilets(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    place_en, place_zh = rng.choice([("Market Square", "Market Square"), ("the bus station", "汽车站"),
                                     ("Victoria Park", "Victoria Park"), ("the seafront", "海滨")])
    issue, word_en, word_zh = rng.choice([("no_paper", "there's no toilet paper", "没有厕纸"),
                                          ("broken_lock", "the lock on the accessible cubicle is broken", "无障碍隔间的锁坏了"),
                                          ("dirty", "they're filthy", "非常脏")])
    facility = f"PT-{rng.randint(100, 999)}"
    reporter = f"c{rng.randint(10000, 99999)}"
    sla = rng.choice([1, 2, 3])
    request = _d(f"The public toilets at {place_en} — {word_en}. Can you report it?",
                 f"{place_zh}的公共厕所{word_zh}，帮我报一下。", lang)
    tools = [  # the council's tools are described in Chinese
        tool("find_toilet", "按地点名称查找公共厕所，返回设施编号。", ["query"], query={"type": "string"}),
        tool("create_cleaning_request", "提交公共厕所清洁/维修请求。", ["facility_id", "issue", "report_date"],
             facility_id={"type": "string"},
             issue={"type": "string", "enum": ["overflow", "no_paper", "dirty", "broken_lock", "vandalism"]},
             urgency={"type": "string", "enum": ["low", "normal", "urgent"], "default": "normal"},
             report_date={"type": "string", "format": "date"}, reporter_id={"type": "string"}),
        tool("send_email", "发送电子邮件。", ["to", "subject", "body"],
             to={"type": "string"}, subject={"type": "string"}, body={"type": "string"}),
        tool("get_bin_collection_day", "查询某条街道的垃圾收集日。", ["street"], street={"type": "string"}),
    ]
    find = Step("find_toilet", {"query": place_en if lang == "en" else place_zh},
                {"results": [{"facility_id": facility, "name": f"{place_en} public toilets", "accessible": True}]})
    due = day + dt.timedelta(days=sla)
    ref = f"CR-{rng.randint(10000, 99999)}"
    create = Step("create_cleaning_request", {"facility_id": facility, "issue": issue, "urgency": "normal",
                                              "report_date": day.isoformat(), "reporter_id": reporter},
                  {"request_id": ref, "status": "open", "sla_days": sla})
    distractor = Step("get_bin_collection_day", {"street": place_en if lang == "en" else place_zh}, {"day": "Tuesday"})
    output = _d(f"Reported as {ref}. The council aims to deal with it within {sla} day{'s' if sla > 1 else ''}, "
                f"so by {due.isoformat()}.",
                f"已提交，编号 {ref}。市政承诺 {sla} 天内处理，也就是 {due.isoformat()} 之前。", lang)
    return Draft(
        domain="public_toilet_cleaning", lang=lang, request=request, output=output, tools=tools,
        steps=[find, create], day=day, user_id=reporter, session_id=f"s-{rng.getrandbits(32):08x}",
        resource={"council.tenant": "hastings-bc"},
        patterns=["issue paraphrase to enum member", "schema default sent explicitly", "report date = trace day",
                  "due date = trace day + sla_days from a result", "reporter id from context",
                  "Chinese tool descriptions" + (" with an English request" if lang == "en" else "")],
        roles={"lookup": find, "producer": find, "main": create, "write": create, "distractor": distractor},
        slots={"date": (create, "report_date"), "copied_id": (create, "facility_id"), "user_id": (create, "reporter_id"),
               "enum": (create, "issue"), "extra": (create, "place")},
        facts={"enum_word": _d("filthy", "脏", lang) if issue == "dirty" else _d("lock", "锁坏了", lang)
               if issue == "broken_lock" else _d("toilet paper", "没有厕纸", lang),
               "extra_value": place_en if lang == "en" else place_zh,
               "success_text": _d("Reported — the cleaners are on it.", "已经报修了。", lang), "date_format": True})


# --- 8. wedding DJ agency: compare two quotes in parallel, then book ---------------------------

def wedding_dj(rng: random.Random, lang: str) -> Draft:
    day = _day(rng)
    event = day + dt.timedelta(days=rng.randint(60, 300))
    hours = rng.choice([4, 5, 6])
    genre, genre_en, genre_zh = rng.choice([("latin", "Latin", "拉丁"), ("jazz", "jazz", "爵士"), ("mixed", "a bit of everything", "什么都放一点")])
    budget = rng.choice([800, 1000, 1200])
    client = f"CL-{rng.randint(3000, 3999)}"
    months_zh = f"{event.year}年{event.month}月{event.day}日"
    request = _d(f"We're getting married on {event.day} {event:%B %Y}. Looking for a DJ who plays {genre_en}, "
                 f"{hours} hours, up to {budget} euros. Compare the options and book the cheaper one.",
                 f"我们{months_zh}结婚，想找个放{genre_zh}音乐的 DJ，{hours} 小时，预算 {budget} 欧元以内。比较一下，订便宜的那个。", lang)
    tools = [
        tool("search_djs", _d("Search available wedding DJs on a date.", "按日期搜索有空的婚礼 DJ。", lang),
             ["event_date"], event_date={"type": "string", "format": "date"},
             genre={"type": "string", "enum": ["pop", "rock", "jazz", "latin", "hiphop", "mixed"]},
             max_fee={"type": "number", "minimum": 0},
             currency={"type": "string", "pattern": "^[A-Z]{3}$"}),
        tool("get_dj_quote", _d("Quote for one DJ for a number of hours.", "查询某位 DJ 按小时数的报价。", lang),
             ["dj_id", "hours"], dj_id={"type": "string"}, hours={"type": "integer", "minimum": 1, "maximum": 10}),
        tool("book_dj", _d("Book a DJ for a wedding.", "为婚礼预订 DJ。", lang),
             ["dj_id", "event_date", "hours", "client_id"], dj_id={"type": "string"},
             event_date={"type": "string", "format": "date"}, hours={"type": "integer", "minimum": 1},
             client_id={"type": "string"}),
        tool("send_email", _d("Send an e-mail.", "发送电子邮件。", lang), ["to", "subject", "body"],
             to={"type": "string"}, subject={"type": "string"}, body={"type": "string"}),
        tool("list_photographers", _d("Wedding photographers free on a date.", "按日期查询有空的婚礼摄影师。", lang),
             ["event_date"], event_date={"type": "string", "format": "date"}),
    ]
    djs = [f"DJ-{rng.randint(100, 499)}", f"DJ-{rng.randint(500, 999)}"]
    rates = sorted(rng.sample([120, 135, 150, 160, 175], 2))
    rng.shuffle(rates)
    search = Step("search_djs", {"event_date": event.isoformat(), "genre": genre, "max_fee": budget, "currency": "EUR"},
                  {"djs": [{"dj_id": d, "name": n, "hourly_rate": r, "currency": "EUR"}
                           for d, n, r in zip(djs, ["Sol Sound", "Marisa K"], rates)]})
    quotes = [Step("get_dj_quote", {"dj_id": d, "hours": hours},
                   {"dj_id": d, "hours": hours, "total": r * hours, "currency": "EUR", "travel": 0},
                   parallel=i > 0) for i, (d, r) in enumerate(zip(djs, rates))]
    cheap = min(range(2), key=lambda i: rates[i])
    book = Step("book_dj", {"dj_id": djs[cheap], "event_date": event.isoformat(), "hours": hours, "client_id": client},
                {"booking_id": f"WB-{rng.randint(10000, 99999)}", "status": "confirmed", "deposit_eur": 100})
    distractor = Step("list_photographers", {"event_date": event.isoformat()}, {"photographers": []})
    total, other = rates[cheap] * hours, rates[1 - cheap] * hours
    output = _d(f"Quotes for {hours} hours: {djs[cheap]} €{total}, {djs[1 - cheap]} €{other}. Booked {djs[cheap]} for "
                f"{event.isoformat()} ({book.result['booking_id']}); €{total - 100} remains after the €100 deposit.",
                f"{hours} 小时报价：{djs[cheap]} {total} 欧元，{djs[1 - cheap]} {other} 欧元。已为 {event.isoformat()} 预订 "
                f"{djs[cheap]}（{book.result['booking_id']}），扣除 100 欧元定金后还需付 {total - 100} 欧元。", lang)
    return Draft(
        domain="wedding_dj_agency", lang=lang, request=request, output=output, tools=tools,
        steps=[search, *quotes, book], day=day, user_id=client, session_id=f"s-{rng.getrandbits(32):08x}",
        resource={"agency.id": "spin-and-vows"},
        patterns=["'euros'/'欧元' as EUR", "spelled-out date as ISO", "two quotes in one parallel turn",
                  "genre paraphrase to enum member", "totals and balance computed", "client id from context"],
        roles={"lookup": search, "producer": search, "main": search, "write": book, "distractor": distractor},
        slots={"date": (search, "event_date"), "copied_id": (book, "dj_id"), "user_id": (book, "client_id"),
               "enum": (search, "genre"), "currency": (search, "currency"), "extra": (book, "music_notes")},
        facts={"enum_word": _d(genre_en, genre_zh, lang), "extra_value": _d(genre_en, genre_zh, lang),
               "success_text": _d("All booked — congratulations!", "已订好，恭喜！", lang), "date_format": True})


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    cold_shelf, night_tours, fridges, crane, uniform_export, bird_ringing, toilets, wedding_dj]


# --- faults of this split's own, besides corpus.FAULTS -----------------------------------------

def date_slip(draft: Draft, rng: random.Random) -> Marks | None:
    """A well-formed date a week off what the user asked for: the agent's date arithmetic went wrong."""
    found = draft.slots.get("date")
    if found is None:
        return None
    step, key = found
    day = dt.date.fromisoformat(step.args[key])
    wrong = (day + dt.timedelta(days=rng.choice([7, -7, 10]))).isoformat()
    # the same value elsewhere in the draft moves with it only if the agent copied it; here just this call
    step.args[key] = wrong
    return {"ungrounded_value": [step]}


def wrong_currency(draft: Draft, rng: random.Random) -> Marks | None:
    """The user said euros; the agent sent another currency."""
    found = draft.slots.get("currency")
    if found is None:
        return None
    step, key = found
    step.args[key] = rng.choice(["GBP", "USD", "CHF"])
    return {"ungrounded_value": [step]}


def future_ref(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.future_ref, but the parallel turns the move does not touch stay parallel."""
    found, producer = draft.slots.get("copied_id"), draft.roles.get("producer")
    if found is None or producer is None:
        return None
    consumer, _ = found
    steps = draft.steps
    i, j = steps.index(producer), steps.index(consumer)
    if j <= i or (j + 1 < len(steps) and steps[j + 1].parallel):
        return None
    steps.insert(i, steps.pop(j))
    consumer.parallel = False
    producer.parallel = False
    return {"future_ref": [consumer]}


def redundant_calls(draft: Draft, rng: random.Random) -> Marks | None:
    """The lookup made again after everything else, its answer unchanged."""
    step = draft.roles.get("lookup")
    if step is None or step.error or any(s is not step and s.tool == step.tool and s.args == step.args
                                         for s in draft.steps):
        return None
    again = copy.deepcopy(step)
    again.parallel = False
    draft.steps.append(again)
    return {"redundant_calls": [again], TOUCHED: [step]}


def no_recovery(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.no_recovery, unless the last call already repeats the one before it (that is a loop)."""
    if len(draft.steps) >= 2 and draft.steps[-1].tool == draft.steps[-2].tool and draft.steps[-1].args == draft.steps[-2].args:
        return None
    return FAULTS["no_recovery"](draft, rng)


def constraint_error(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.constraint_error, but a number below the minimum is the user's only if the user said it: the
    same digits turning up in some unrelated field of a result ("travel": 0) do not ground it."""
    marks = FAULTS["constraint_error"](draft, rng)
    if marks is None or "ungrounded_value" in marks:
        return marks
    step = marks["constraint_error"][0]
    key = next(k for k, v in step.args.items() if isinstance(v, (int, float)) and not isinstance(v, bool)
               and "minimum" in draft.schema(step)["properties"].get(k, {}) and v < draft.schema(step)["properties"][k]["minimum"])
    said = draft.request + json.dumps(draft.history, ensure_ascii=False)
    if re.search(rf"(?<![\d.]){step.args[key]}(?![\d.])", said) is None:
        marks["ungrounded_value"] = [step]
    return marks


OWN: dict = {"constraint_error": constraint_error, "date_slip": date_slip, "wrong_currency": wrong_currency, "future_ref": future_ref,
             "redundant_calls": redundant_calls, "no_recovery": no_recovery}
ALL = {**FAULTS, **OWN}
ORDER = {**{name: 0 for name in OWN}, **_ORDER}


# faults that rewrite the same date argument
_DATE_CLASHES = [{"relative_date", "format_error"}, {"relative_date", "date_slip"}, {"format_error", "date_slip"}]


def _make(index: int, scenario: Callable[[random.Random, str], Draft], lang: str, faults: list[str],
          rng: random.Random) -> Case | None:
    """corpus.make_case with this split's own faults as well."""
    draft = scenario(rng, lang)
    marks: dict[str, list] = {}
    touched: set[int] = set()
    if any(clash <= set(faults) for clash in _CLASHES + _DATE_CLASHES):
        return None
    for name in sorted(faults, key=ORDER.__getitem__):
        try:
            found = ALL[name](draft, rng)
        except (KeyError, ValueError):  # an earlier fault took away the argument this one breaks
            found = None
        if found is None:
            return None
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != TOUCHED:
                marks.setdefault(label, []).extend(marked)
    trajectory, seqs = build(draft, f"z{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults,
                faults=list(faults), patterns=draft.patterns, trajectory=trajectory, expected=expected)


def _case(index: int, seed: int) -> Case:
    rng = random.Random(f"{SPLIT}:{seed}:{index}")
    names = sorted(ALL)
    scenario = SCENARIOS[index % len(SCENARIOS)]
    lang = ("en", "zh")[(index // len(SCENARIOS) + index) % 2]
    # exactly half of each block of eight is clean, which half drawn from (seed, block) alone
    block = index // len(SCENARIOS)
    clean = index % len(SCENARIOS) in random.Random(f"{SPLIT}:{seed}:block{block}").sample(range(len(SCENARIOS)), 4)
    roll = 0.0 if clean else 0.5 + rng.random() / 2
    for attempt in range(60):
        if roll < 0.5:
            faults: list[str] = []
        elif roll < 0.85:  # seven faulty cases in ten have one fault, three have two
            faults = [rng.choice(names)]
        else:
            faults = rng.sample(names, 2)
            if set(faults) <= _ENDINGS:
                continue
        case = _make(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
        if case is not None:
            return case
    case = _make(index, scenario, lang, [], random.Random(rng.getrandbits(64)))
    assert case is not None
    return case


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, about half clean, the rest with one fault or two on different calls."""
    return [_case(index, seed) for index in range(n)]
