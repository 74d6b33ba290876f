"""The assuaged split: agent traffic of a village hall's film-projector loans, a coastal path
warden's closure reports, a cathedral's tower-climb tickets, a town's Christmas-tree recycling
pickups, a reservoir's (fishing-free) rowing-boat permits, a school instrument-cleaning service, a
mountain rescue team's training-day sign-ups and a peat-free nursery's plant plug orders, written by
a thirty-fourth helper who read neither the evaluators, their calibration nor any other split. It
must not be read when tuning the evaluators, or it stops being unseen.

Shapes: bookings; questions answered by lookups (single calls among them); comparisons with
parallel lookups in one model turn; changes and cancellations of existing records; computations
from results (totals, end times, tray counts, dates N days later, last month's range); follow-ups
whose ids come from earlier turns; exports and reports polled to completion with a status tool;
an identical retry after a transient 503 that then succeeds; long warden and sign-up runs of 9-12
calls; and ids the framework fills in from the trace's context (user, school, club, council,
trade account). About half clean, the rest with one fault or two on different calls.
"""
from __future__ import annotations

import calendar
import copy
import datetime as dt
import random
from collections.abc import Callable

from tests.judgement.corpus import FAULTS as CORPUS_FAULTS
from tests.judgement.corpus import TOUCHED, Case, Draft, Marks, Step, build, tool

SPLIT = "assuaged"


# --- small helpers -----------------------------------------------------------------------------

def L(lang: str, en: str, zh: str) -> str:
    return en if lang == "en" else zh


ZH_DIGITS = "零一二三四五六七八九"
ZH_WD = "一二三四五六日"


def zh_num(n: int, count: bool = True) -> str:
    """A Chinese numeral as people write it (两 for two things)."""
    if n == 2 and count:
        return "两"
    if n < 10:
        return ZH_DIGITS[n]
    tens, ones = divmod(n, 10)
    head = "" if tens == 1 else ZH_DIGITS[tens]
    return head + "十" + (ZH_DIGITS[ones] if ones else "")


def en_date(d: dt.date) -> str:
    return f"{d:%A} {d.day} {d:%B}"


def zh_date(d: dt.date) -> str:
    return f"{d.month}月{d.day}日（周{ZH_WD[d.weekday()]}）"


def hday(d: dt.date, lang: str) -> str:
    return en_date(d) if lang == "en" else zh_date(d)


def pick_day(rng: random.Random, weekdays: tuple[int, ...] = tuple(range(7))) -> dt.date:
    while True:
        d = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 560))
        if d.weekday() in weekdays:
            return d


def rel_day(rng: random.Random, today: dt.date, lang: str, far: bool = True) -> tuple[str, dt.date]:
    """A day as a user says it, and the day it means from the trace's own day."""
    kind = rng.choice(["tomorrow", "after", "in_days", "weekday", "absolute"] if far else ["tomorrow", "after", "weekday"])
    if kind == "tomorrow":
        return L(lang, "tomorrow", "明天"), today + dt.timedelta(days=1)
    if kind == "after":
        return L(lang, "the day after tomorrow", "后天"), today + dt.timedelta(days=2)
    if kind == "in_days":
        k = rng.randint(3, 12)
        return L(lang, f"in {k} days' time", f"{zh_num(k, False)}天后"), today + dt.timedelta(days=k)
    if kind == "weekday":
        k = rng.randint(2, 6)
        d = today + dt.timedelta(days=k)
        if lang == "en":
            return f"on {d:%A}", d
        same_week = d.weekday() > today.weekday()
        return ("这周" if same_week else "下周") + ZH_WD[d.weekday()], d
    d = today + dt.timedelta(days=rng.randint(3, 30))
    return (f"on {d.day} {d:%B}" if lang == "en" else f"{d.month}月{d.day}日"), d


def context(draft: Draft, user_id: str, **extra: str) -> None:
    """The ids the framework fills in: the user on the root span, the tenant on the resource."""
    draft.user_id = user_id
    draft.attributes = {"user.id": user_id, **{k: v for k, v in extra.items() if not k.startswith("resource_")}}
    draft.resource = {"service.version": "2.3.1", **{k[9:].replace("_", "."): v for k, v in extra.items() if k.startswith("resource_")}}


def new(domain: str, lang: str, day: dt.date, tools: list, rng: random.Random, shapes: list[str]) -> Draft:
    d = Draft(domain=domain, lang=lang, request="", output=None, tools=tools, steps=[], day=day,
              session_id=f"sess-{rng.getrandbits(40):010x}", agent=(f"{domain}-assistant", rng.choice(["1.4.0", "1.4.2", "2.0.1"])))
    d.patterns = [f"shape:{s}" for s in shapes]
    return d


def done(d: Draft) -> Draft:
    d.facts.setdefault("success_text", d.output)
    if len(d.steps) == 1:
        d.patterns.append("shape:single_call")
    if len(d.steps) >= 9:
        d.patterns.append("shape:long")
    return d


# --- 1. village hall film-projector loans (English tool descriptions) ----------------------------

DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}

PJ_TOOLS = [
    tool("search_projectors", "Find village-hall film projectors free on a date, by brightness and indoor or outdoor use.",
         ["date"], date=DATE, venue_type={"type": "string", "enum": ["indoor", "outdoor"], "default": "indoor"},
         min_lumens={"type": "integer", "minimum": 500, "maximum": 10000}),
    tool("get_projector", "Details and availability of one projector on a date.", ["projector_id", "date"],
         projector_id={"type": "string"}, date=DATE),
    tool("reserve_projector", "Reserve a projector loan for a hall member.",
         ["projector_id", "member_id", "pickup_date", "return_date"], projector_id={"type": "string"},
         member_id={"type": "string"}, pickup_date=DATE, return_date=DATE,
         with_screen={"type": "boolean", "default": False, "description": "Lend the roll-up screen too"}),
    tool("get_loan", "Look up a projector loan by its reference.", ["loan_id"], loan_id={"type": "string"}),
    tool("extend_loan", "Move the return date of an existing projector loan.", ["loan_id", "new_return_date"],
         loan_id={"type": "string"}, new_return_date=DATE),
    tool("list_hall_events", "List events booked in the village hall on a date.", ["date"], date=DATE),
]
FILMS = [("Local Hero", "本地英雄"), ("Paddington", "帕丁顿熊"), ("Whisky Galore", "威士忌失窃记"), ("Brassed Off", "奏出新希望")]
PJ_MODELS = ["Epson EB-L630", "BenQ LH730", "Optoma ZH406", "NEC P506"]


def _pj_context(d: Draft, rng: random.Random) -> str:
    member = f"HM-{rng.randint(1000, 9999)}"
    context(d, member, **{"hall.id": "ashby-parva-vh", "resource_tenant_id": "ashby-parva-vh"})
    return member


def pj_book(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("projector_loans", lang, day, PJ_TOOLS, rng, ["booking", "context_ids", "computation"])
    member = _pj_context(d, rng)
    phrase, when = rel_day(rng, day, lang)
    back = when + dt.timedelta(days=1)
    film_en, film_zh = rng.choice(FILMS)
    lumens = rng.choice([2000, 2500, 3000, 3500, 4000])
    screen = rng.random() < 0.6
    lum_zh = {2000: "两千", 2500: "两千五", 3000: "三千", 3500: "三千五", 4000: "四千"}[lumens] if rng.random() < 0.5 else str(lumens)
    d.request = L(lang,
                  f"Could I borrow a projector for an open-air film night {phrase}? We're showing {film_en}. It needs at least "
                  f"{lumens} lumens and I'll bring it back the next day.{' A screen as well please.' if screen else ''}",
                  f"{phrase}村里办露天电影放映《{film_zh}》，想借一台至少{lum_zh}流明的投影仪，第二天还。{'幕布也借一下。' if screen else ''}")
    pids = rng.sample(range(200, 260), 2)
    found = [{"projector_id": f"PJ-{p}", "model": m, "lumens": lumens + rng.choice([0, 200, 500]), "outdoor_ok": True}
             for p, m in zip(pids, rng.sample(PJ_MODELS, 2))]
    search = Step("search_projectors", {"date": when.isoformat(), "venue_type": "outdoor", "min_lumens": lumens},
                  {"date": when.isoformat(), "projectors": found})
    pick = found[0]
    loan = f"LN-{rng.randint(3000, 8999)}"
    args = {"projector_id": pick["projector_id"], "member_id": member, "pickup_date": when.isoformat(),
            "return_date": back.isoformat()}
    if screen:
        args["with_screen"] = True
    elif rng.random() < 0.5:
        args["with_screen"] = False
        d.patterns.append("schema_default")
    reserve = Step("reserve_projector", args, {"loan_id": loan, "status": "reserved", **{k: v for k, v in args.items() if k != "member_id"}})
    d.steps = [search, reserve]
    d.output = L(lang,
                 f"Done: {pick['projector_id']} ({pick['model']}, {pick['lumens']} lumens) is reserved for you from {en_date(when)} "
                 f"to {en_date(back)}{', with the roll-up screen' if screen else ''}. Loan reference {loan}.",
                 f"已为您预约投影仪 {pick['projector_id']}（{pick['model']}，{pick['lumens']} 流明），{zh_date(when)}取，"
                 f"{zh_date(back)}还{'，含幕布' if screen else ''}。借用编号 {loan}。")
    d.patterns += ["relative_date_resolved", "id_from_context", "copied_id", "enum_from_words", "date_plus_one"]
    if lang == "zh" and not lum_zh.isdigit():
        d.patterns.append("chinese_numeral")
    d.roles = {"main": reserve, "write": reserve, "lookup": search, "producer": search,
               "distractor": Step("list_hall_events", {"date": when.isoformat()},
                                  {"events": [{"time": "19:30", "title": "Parish council meeting"}]})}
    d.slots = {"date": (search, "date"), "context_id": (reserve, "member_id"), "copied_id": (reserve, "projector_id"),
               "enum": (search, "venue_type"), "extra": (reserve, "film_title"), "computed": (reserve, "return_date")}
    d.facts = {"date_format": True, "enum_word": L(lang, "open-air", "露天"), "extra_value": L(lang, film_en, film_zh),
               "miscomputed": (back + dt.timedelta(days=1)).isoformat(),
               "wrong_output": L(lang, f"On {en_date(when)} the hall has a Parish council meeting at 19:30.",
                                 f"{zh_date(when)}村会堂19:30有教区议会会议。")}
    return done(d)


def pj_extend(rng: random.Random, lang: str) -> Draft:
    pickup = pick_day(rng)
    ret = pickup + dt.timedelta(days=rng.randint(1, 3))
    day = ret - dt.timedelta(days=rng.randint(0, 1))
    d = new("projector_loans", lang, day, PJ_TOOLS, rng, ["follow_up", "change_cancel", "computation"])
    member = _pj_context(d, rng)
    pid, loan, k = f"PJ-{rng.randint(200, 259)}", f"LN-{rng.randint(3000, 8999)}", rng.randint(1, 3)
    new_ret = ret + dt.timedelta(days=k)
    earlier = {"projector_id": pid, "member_id": member, "pickup_date": pickup.isoformat(), "return_date": ret.isoformat()}
    d.history = [
        {"role": "user", "text": L(lang, f"Can I borrow projector {pid} on {en_date(pickup)} and return it {en_date(ret)}?",
                                   f"我想{zh_date(pickup)}借投影仪 {pid}，{zh_date(ret)}还。")},
        {"role": "assistant", "calls": [{"name": "reserve_projector", "arguments": earlier}]},
        {"role": "tool", "results": [{"loan_id": loan, "status": "reserved", "return_date": ret.isoformat()}]},
        {"role": "assistant", "text": L(lang, f"Reserved. Your loan reference is {loan}; please return it by {en_date(ret)}.",
                                        f"已预约，借用编号 {loan}，请在{zh_date(ret)}前归还。")},
    ]
    d.request = L(lang, rng.choice([f"Actually, could I keep it {k} more day{'s' if k > 1 else ''}? The film club wants another showing.",
                                    f"Any chance of hanging on to it for an extra {k} day{'s' if k > 1 else ''}?"]),
                  rng.choice([f"能不能再多借{zh_num(k)}天？电影社还想再放一场。", f"投影仪我想多留{zh_num(k)}天，可以吗？"]))
    get = Step("get_loan", {"loan_id": loan}, {"loan_id": loan, "projector_id": pid, "status": "on_loan" if day >= pickup else "reserved",
                                               "return_date": ret.isoformat(), "next_booking": (new_ret + dt.timedelta(days=rng.randint(1, 5))).isoformat()})
    ext = Step("extend_loan", {"loan_id": loan, "new_return_date": new_ret.isoformat()},
               {"loan_id": loan, "return_date": new_ret.isoformat(), "status": "extended"})
    d.steps = [get, ext]
    d.output = L(lang, f"Extended: loan {loan} is now due back on {en_date(new_ret)}.",
                 f"已延期：借用 {loan} 的归还日期改为{zh_date(new_ret)}。")
    d.patterns += ["id_from_history", "date_plus_n_from_result"]
    d.roles = {"main": ext, "write": ext, "lookup": get,
               "distractor": Step("list_hall_events", {"date": ret.isoformat()}, {"events": []})}
    d.slots = {"history_id": (get, "loan_id"), "computed": (ext, "new_return_date"), "date": (ext, "new_return_date")}
    d.facts = {"date_format": True, "miscomputed": (new_ret + dt.timedelta(days=1)).isoformat(),
               "wrong_output": L(lang, f"There are no hall events on {en_date(ret)}.", f"{zh_date(ret)}村会堂没有活动安排。")}
    return done(d)


def pj_check(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("projector_loans", lang, day, PJ_TOOLS, rng, ["lookup_question"])
    _pj_context(d, rng)
    when = day + dt.timedelta(days=rng.randint(3, 40))
    pid = f"PJ-{rng.randint(200, 259)}"
    free = rng.random() < 0.5
    d.request = L(lang, f"Is projector {pid} free on {when.day} {when:%B}?", f"{when.month}月{when.day}号 {pid} 这台投影仪有空吗？")
    nxt = when + dt.timedelta(days=rng.randint(1, 4))
    res = {"projector_id": pid, "model": rng.choice(PJ_MODELS), "date": when.isoformat(), "available": free}
    if not free:
        res["next_free"] = nxt.isoformat()
    get = Step("get_projector", {"projector_id": pid, "date": when.isoformat()}, res)
    d.steps = [get]
    d.output = (L(lang, f"Yes, {pid} ({res['model']}) is free on {en_date(when)}.", f"有空，{pid}（{res['model']}）{zh_date(when)}可以借。")
                if free else
                L(lang, f"No, {pid} is out on {en_date(when)}; it's next free on {en_date(nxt)}.",
                  f"没空，{pid} {zh_date(when)}已借出，最早{zh_date(nxt)}有空。"))
    d.patterns += ["date_reformatted"]
    d.roles = {"main": get, "lookup": get, "plain": get,
               "distractor": Step("list_hall_events", {"date": when.isoformat()}, {"events": [{"time": "10:00", "title": "Toddler group"}]})}
    d.slots = {"date": (get, "date")}
    d.facts = {"date_format": True, "wrong_output": L(lang, f"On {en_date(when)} the hall has the toddler group at 10:00.",
                                                       f"{zh_date(when)}村会堂10点有亲子活动。")}
    return done(d)


# --- 2. coastal path warden closure reports (Chinese tool descriptions) ----------------------------

SECTION = {"type": "string", "pattern": "^SW-\\d{3}$", "description": "路段编号，如 SW-114"}
REASONS = ["landslip", "erosion", "flooding", "fallen_tree", "livestock"]
CP_TOOLS = [
    tool("find_path_sections", "按地名查找海岸步道路段，返回路段编号与起止点。", ["place"], place={"type": "string", "description": "地名"}),
    tool("get_section_status", "查询某路段在指定日期的开放状态；不填日期则为今天。", ["section_id"], section_id=SECTION,
         date={"type": "string", "format": "date", "description": "日期 YYYY-MM-DD"}),
    tool("file_closure_report", "巡护员提交路段封闭或隐患报告。", ["section_id", "reason", "severity", "reported_by"],
         section_id=SECTION, reason={"type": "string", "enum": REASONS}, severity={"type": "integer", "minimum": 1, "maximum": 5},
         blocked_length_m={"type": "integer", "minimum": 0, "description": "受阻长度（米）"},
         notes={"type": "string"}, reported_by={"type": "string", "description": "巡护员编号"}),
    tool("reopen_section", "将已封闭的路段重新开放。", ["section_id", "reported_by"], section_id=SECTION, reported_by={"type": "string"}),
    tool("list_open_reports", "列出某巡护员名下尚未关闭的报告。", ["warden_id"], warden_id={"type": "string"}),
    tool("get_tide_times", "查询某地某日的潮汐时间。", ["place", "date"], place={"type": "string"}, date=DATE),
]
ROUTES = [("Porthcurno", "Land's End"), ("Mullion Cove", "Poldhu"), ("Zennor", "Pendeen Watch"), ("Boscastle", "Tintagel"),
          ("Lulworth Cove", "Durdle Door"), ("Robin Hood's Bay", "Ravenscar")]
# enum member, English phrase, the user's word, Chinese phrase, the user's Chinese word
FINDINGS = [("landslip", "a landslide has come down", "landslide", "发生了塌方", "塌方"),
            ("fallen_tree", "a fallen tree is across the path", "fallen tree", "有棵大树倒在路上", "倒树"),
            ("flooding", "the path is flooded", "flooded", "步道被水淹了", "水淹"),
            ("erosion", "the cliff edge is crumbling away", "crumbling", "崖边被侵蚀得很厉害", "侵蚀"),
            ("livestock", "cattle are loose on the path", "cattle", "牛群在步道上乱跑", "牛群")]


def _warden(d: Draft, rng: random.Random) -> str:
    warden = f"WDN-{rng.randint(10, 99)}"
    context(d, warden, **{"ranger.area": "south-west", "resource_tenant_id": "coast-path-trust"})
    return warden


def cp_question(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("coast_path", lang, day, CP_TOOLS, rng, ["lookup_question"])
    _warden(d, rng)
    a, b = rng.choice(ROUTES)
    if rng.random() < 0.4:
        phrase, when = L(lang, "today", "今天"), day
    else:
        phrase, when = rel_day(rng, day, lang, far=False)
    base = rng.randint(100, 180)
    sections = [{"section_id": f"SW-{base}", "from": a, "to": b, "length_km": round(rng.uniform(1.5, 6.0), 1)},
                {"section_id": f"SW-{base - 1}", "from": rng.choice(["Sennen", "Gunwalloe", "St Ives", "Crackington Haven"]), "to": a,
                 "length_km": round(rng.uniform(1.5, 6.0), 1)}]
    d.request = L(lang, f"Is the coast path from {a} to {b} open {phrase}? Planning to walk it.",
                  f"{phrase}想走 {a} 到 {b} 那段海岸步道，开放吗？")
    find = Step("find_path_sections", {"place": a}, {"sections": sections})
    closed = rng.random() < 0.5
    f = rng.choice(FINDINGS)
    status = {"section_id": f"SW-{base}", "date": when.isoformat(), "status": "closed" if closed else "open"}
    if closed:
        status |= {"reason": f[0], "diversion": "inland via the B-road, about 40 minutes longer"}
    get = Step("get_section_status", {"section_id": f"SW-{base}", "date": when.isoformat()}, status)
    d.steps = [find, get]
    if closed:
        d.output = L(lang, f"No: section SW-{base} ({a} to {b}) is closed {phrase} ({f[0].replace('_', ' ')}). There's a signed "
                           f"diversion inland via the B-road, about 40 minutes longer.",
                     f"不开放：SW-{base}（{a}—{b}）{phrase}因{f[4]}封闭，可走内陆B级公路的绕行路线，大约多走40分钟。")
    else:
        d.output = L(lang, f"Yes, section SW-{base} from {a} to {b} is open {phrase}.", f"开放，SW-{base}（{a}—{b}）{phrase}可以正常通行。")
    d.patterns += ["relative_date_resolved", "copied_id"]
    d.roles = {"main": get, "lookup": find, "producer": find,
               "distractor": Step("get_tide_times", {"place": a, "date": when.isoformat()},
                                  {"place": a, "high": ["06:12", "18:40"], "low": ["00:05", "12:27"]})}
    d.slots = {"date": (get, "date"), "copied_id": (get, "section_id")}
    d.facts = {"date_format": True, "wrong_output": L(lang, f"High tide at {a} is at 06:12 and 18:40.", f"{a} 高潮时间为 06:12 和 18:40。")}
    return done(d)


def cp_report(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("coast_path", lang, day, CP_TOOLS, rng, ["booking", "context_ids"])
    warden = _warden(d, rng)
    a, _ = rng.choice(ROUTES)
    sid = f"SW-{rng.randint(100, 199)}"
    enum, en_phrase, en_word, zh_phrase, zh_word = rng.choice(FINDINGS)
    sev, photos = rng.randint(2, 5), rng.randint(2, 6)
    if lang == "en":
        yards = rng.choice([50, 80, 120, 150, 200, 300])
        metres = round(yards * 0.9144)
        d.request = (f"Warden here. On {sid} near {a} {en_phrase}, blocking about {yards} yards of path. I'd put it at severity "
                     f"{sev}. Took {photos} photos.")
        desc = f"Near {a}: {en_phrase}; about {yards} yards ({metres} m) of path blocked."
        d.patterns.append("unit_conversion")
    else:
        metres = rng.choice([30, 50, 80, 120, 200])
        d.request = f"巡护员报告：{a} 附近的 {sid} 路段{zh_phrase}，大约{metres}米步道被堵，严重程度{zh_num(sev, False)}级，拍了{zh_num(photos)}张照片。"
        desc = f"{a} 附近{zh_phrase}，约{metres}米步道受阻。"
        d.patterns.append("chinese_numeral")
    get = Step("get_section_status", {"section_id": sid}, {"section_id": sid, "date": day.isoformat(), "status": "open",
                                                           "open_reports": 0})
    report = f"CR-{rng.randint(10000, 99999)}"
    args = {"section_id": sid, "reason": enum, "severity": sev, "blocked_length_m": metres, "notes": desc, "reported_by": warden}
    file = Step("file_closure_report", args, {"report_id": report, "section_status": "closed", "signage_job": f"SG-{rng.randint(100, 999)}"})
    d.steps = [get, file]
    d.output = L(lang, f"Logged report {report} for {sid} ({enum.replace('_', ' ')}, severity {sev}); the section is now marked "
                       f"closed and a signage job has been raised.",
                 f"已提交报告 {report}：{sid}，原因 {enum}，严重程度{sev}级，该路段已标记为封闭并安排了警示牌。")
    d.patterns += ["id_from_context", "enum_from_words", "agent_written_text"]
    d.roles = {"main": file, "write": file, "lookup": get,
               "distractor": Step("get_tide_times", {"place": a, "date": day.isoformat()}, {"place": a, "high": ["07:02", "19:21"]})}
    d.slots = {"context_id": (file, "reported_by"), "enum": (file, "reason"), "extra": (file, "photos")}
    d.facts = {"enum_word": L(lang, en_word, zh_word), "extra_value": photos,
               "wrong_output": L(lang, f"High tide at {a} today is at 07:02 and 19:21.", f"{a} 今天高潮时间为 07:02 和 19:21。")}
    return done(d)


def cp_walk(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("coast_path", lang, day, CP_TOOLS, rng, ["booking", "comparison", "context_ids"])
    warden = _warden(d, rng)
    nfind = rng.choice([2, 3, 4])
    base = rng.randint(200, 280)
    ids = [f"SW-{base + i}" for i in range(nfind + 1)]
    rng.shuffle(ids)
    found, reopen = ids[:nfind], ids[nfind]
    picks = [rng.choice(FINDINGS) for _ in found]
    sevs = [rng.randint(1, 5) for _ in found]
    parts_en = [f"{s}: {f[2]}, severity {v}" for s, f, v in zip(found, picks, sevs)]
    parts_zh = [f"{s}{f[4]}，{zh_num(v, False)}级" for s, f, v in zip(found, picks, sevs)]
    d.request = L(lang, f"Finished today's walk. {'; '.join(parts_en)}. {reopen} is clear again, please reopen it. Then show me my open reports.",
                  f"今天巡查完了。{'；'.join(parts_zh)}。{reopen} 已经清理好了，请重新开放。最后把我名下未关闭的报告列一下。")
    checks = []
    for i, sid in enumerate([*found, reopen]):
        st = {"section_id": sid, "date": day.isoformat(), "status": "closed" if sid == reopen else "open"}
        checks.append(Step("get_section_status", {"section_id": sid}, st, parallel=i > 0))
    files, reports = [], []
    for sid, f, v in zip(found, picks, sevs):
        rid = f"CR-{rng.randint(10000, 99999)}"
        reports.append({"report_id": rid, "section_id": sid, "reason": f[0]})
        desc = L(lang, f"{f[1][0].upper()}{f[1][1:]} on {sid}.", f"{sid}{f[3]}。")
        files.append(Step("file_closure_report", {"section_id": sid, "reason": f[0], "severity": v, "notes": desc,
                                                  "reported_by": warden}, {"report_id": rid, "section_status": "closed"}))
    rep = Step("reopen_section", {"section_id": reopen, "reported_by": warden}, {"section_id": reopen, "status": "open"})
    older = {"report_id": f"CR-{rng.randint(10000, 99999)}", "section_id": f"SW-{rng.randint(100, 199)}", "reason": "erosion"}
    lst = Step("list_open_reports", {"warden_id": warden}, {"reports": [older, *reports]})
    d.steps = [*checks, *files, rep, lst]
    listed = ", ".join(f"{r['report_id']} ({r['section_id']})" for r in [older, *reports])
    d.output = L(lang, f"Filed {len(files)} reports, reopened {reopen}. Your open reports: {listed}.",
                 f"已提交{len(files)}份报告，{reopen} 已重新开放。您名下未关闭的报告：{listed}。")
    d.patterns += ["id_from_context", "enum_from_words", "parallel_lookups", "chinese_numeral" if lang == "zh" else "agent_written_text"]
    d.roles = {"main": files[0], "lookup": checks[0]}
    d.slots = {"context_id": (rep, "reported_by"), "enum": (files[0], "reason")}
    d.facts = {"enum_word": L(lang, picks[0][2], picks[0][4])}
    return done(d)


# --- 3. cathedral tower-climb tickets (Chinese tool descriptions) -----------------------------------

TT_TOOLS = [
    tool("check_tower_slots", "查询大教堂塔楼攀登场次、余位与票价（每场约45分钟）。", ["date", "party_size"], date=DATE,
         party_size={"type": "integer", "minimum": 1, "maximum": 12}),
    tool("buy_tower_tickets", "购买塔楼攀登门票并付款。", ["slot_id", "adults", "children", "currency", "amount"],
         slot_id={"type": "string"}, adults={"type": "integer", "minimum": 0, "maximum": 12},
         children={"type": "integer", "minimum": 0, "maximum": 12}, currency={"type": "string", "enum": ["GBP", "EUR", "USD"]},
         amount={"type": "number", "minimum": 0}),
    tool("get_ticket_order", "查询门票订单。", ["order_id"], order_id={"type": "string"}),
    tool("refund_tower_tickets", "为订单办理退票。", ["order_id", "reason"], order_id={"type": "string"},
         reason={"type": "string", "enum": ["change_of_plans", "illness", "weather", "other"]}),
    tool("send_email", "发送电子邮件。", ["to", "subject", "body"], to={"type": "string", "format": "email"},
         subject={"type": "string"}, body={"type": "string"}),
    tool("get_evensong_times", "查询某日晚祷时间。", ["date"], date=DATE),
]
PRICES = {"GBP": {"adult": 12.5, "child": 6.0}, "EUR": {"adult": 14.5, "child": 7.0}, "USD": {"adult": 16.0, "child": 8.0}}
CUR = {"GBP": ("pounds", "英镑", "£"), "EUR": ("euros", "欧元", "€"), "USD": ("dollars", "美元", "$")}


def _slots(rng: random.Random, day: dt.date, size: int) -> list[dict]:
    out = []
    for h in ["09:30", "10:30", "11:30", "13:00", "14:00", "15:00"]:
        left = rng.choice([0, 0, 2, 4, 6, 8, 12])
        out.append({"slot_id": f"TW-{day:%m%d}-{h.replace(':', '')}", "start": h, "remaining": left})
    if not any(s["remaining"] >= size for s in out):
        out[2]["remaining"] = 12
    return out


def _end(start: str, minutes: int = 45) -> str:
    t = dt.datetime.combine(dt.date(2000, 1, 1), dt.time.fromisoformat(start)) + dt.timedelta(minutes=minutes)
    return t.strftime("%H:%M")


def tt_buy(rng: random.Random, lang: str, email: bool = False) -> Draft:
    day = pick_day(rng)
    d = new("cathedral_tower", lang, day, TT_TOOLS, rng, ["booking", "computation"])
    context(d, f"visitor-{rng.randint(100000, 999999)}", **{"resource_tenant_id": "st-aldhelm-cathedral"})
    phrase, when = rel_day(rng, day, lang)
    a, c = rng.randint(1, 4), rng.randint(0, 3)
    cur = rng.choice(["GBP", "GBP", "EUR", "USD"])
    size = a + c
    kids_en = "" if c == 0 else f" and {c} {'child' if c == 1 else 'children'}"
    addr = rng.choice(["r.pennington@example.org", "wanglei88@example.com", "j.okafor@example.net", "lin.yue@example.cn"])
    d.request = L(lang, f"Tower climb {phrase} for {a} adult{'s' if a > 1 else ''}{kids_en}, earliest slot you can get. I'll pay in {CUR[cur][0]}."
                        + (f" Email the tickets to {addr}." if email else ""),
                  f"{phrase}想爬大教堂塔楼，{zh_num(a)}个大人{'' if c == 0 else zh_num(c) + '个小孩'}，要最早的场次，用{CUR[cur][1]}付。"
                  + (f"票发到 {addr}。" if email else ""))
    slots = _slots(rng, when, size)
    check = Step("check_tower_slots", {"date": when.isoformat(), "party_size": size},
                 {"date": when.isoformat(), "slots": slots, "prices": PRICES, "duration_minutes": 45})
    slot = next(s for s in slots if s["remaining"] >= size)
    p = PRICES[cur]
    amount = round(a * p["adult"] + c * p["child"], 2)
    args = {"slot_id": slot["slot_id"], "adults": a, "children": c, "currency": cur, "amount": amount}
    oid = f"TO-{rng.randint(100000, 999999)}"
    buy = Step("buy_tower_tickets", args, {"order_id": oid, "status": "paid", "amount": amount, "currency": cur})
    d.steps = [check, buy]
    sym = CUR[cur][2]
    d.output = L(lang, f"Booked the {slot['start']} climb on {en_date(when)} for {a} adult{'s' if a > 1 else ''}{kids_en}: {sym}{amount:.2f} "
                       f"in total. It takes about 45 minutes, so you'll be down around {_end(slot['start'])}. Order {oid}.",
                 f"已订{zh_date(when)} {slot['start']} 场：{zh_num(a)}个大人{'' if c == 0 else zh_num(c) + '个小孩'}，共 {sym}{amount:.2f}。"
                 f"全程约45分钟，大约 {_end(slot['start'])} 结束。订单号 {oid}。")
    if email:
        body = L(lang, f"Order {oid}: tower climb {when.isoformat()} {slot['start']}, {a} adult(s), {c} child(ren), {sym}{amount:.2f}.",
                 f"订单 {oid}：{when.isoformat()} {slot['start']} 塔楼攀登，大人{a}位，小孩{c}位，{sym}{amount:.2f}。")
        mail = Step("send_email", {"to": addr, "subject": L(lang, f"Tower climb tickets {oid}", f"塔楼门票 {oid}"), "body": body}, {"sent": True})
        d.steps.append(mail)
        d.output += L(lang, f" Tickets sent to {addr}.", f"门票已发送到 {addr}。")
        d.patterns += ["email_user_gave", "shape:email"]
    if c == 0:
        d.patterns.append("zero_children_implied")
    d.patterns += ["relative_date_resolved", "party_size_sum", "total_from_prices", "currency_code_from_name", "end_time_in_answer"]
    if lang == "zh":
        d.patterns.append("chinese_numeral")
    d.roles = {"main": buy, "lookup": check, "producer": check,
               "distractor": Step("get_evensong_times", {"date": when.isoformat()}, {"date": when.isoformat(), "evensong": "17:30"})}
    if not email:
        d.roles["write"] = buy
    d.slots = {"date": (check, "date"), "copied_id": (buy, "slot_id"), "computed": (buy, "amount")}
    d.facts = {"date_format": True, "miscomputed": round(amount + p["adult"], 2),
               "wrong_output": L(lang, f"Evensong on {en_date(when)} is at 17:30.", f"{zh_date(when)}晚祷时间为17:30。")}
    return done(d)


def tt_buy_email(rng: random.Random, lang: str) -> Draft:
    return tt_buy(rng, lang, email=True)


def tt_compare(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng, (0, 1, 2, 3))
    d = new("cathedral_tower", lang, day, TT_TOOLS, rng, ["comparison", "computation"])
    context(d, f"visitor-{rng.randint(100000, 999999)}", **{"resource_tenant_id": "st-aldhelm-cathedral"})
    fri = day + dt.timedelta(days=4 - day.weekday())
    days = [fri, fri + dt.timedelta(days=1), fri + dt.timedelta(days=2)]
    size = rng.randint(4, 9)
    d.request = L(lang, f"We're a group of {size}. Which of Friday, Saturday or Sunday has the most room on the tower climb?",
                  f"我们一共{zh_num(size)}个人，这周五、周六、周日哪天塔楼攀登的空位最多？")
    while True:
        steps, totals = [], []
        for i, x in enumerate(days):
            slots = _slots(rng, x, size)
            steps.append(Step("check_tower_slots", {"date": x.isoformat(), "party_size": size},
                              {"date": x.isoformat(), "slots": slots, "prices": PRICES, "duration_minutes": 45}, parallel=i > 0))
            totals.append(sum(s["remaining"] for s in slots if s["remaining"] >= size))
        if len(set(totals)) == 3:
            break
    best = max(range(3), key=lambda i: (totals[i], -i))
    d.steps = steps
    en_days = ", ".join(f"{x:%A} {totals[i]} places" for i, x in enumerate(days))
    zh_days = "，".join(f"周{ZH_WD[x.weekday()]}{totals[i]}个" for i, x in enumerate(days))
    d.output = L(lang, f"{days[best]:%A} {days[best].day} {days[best]:%B} has the most room for a group of {size} "
                       f"(counting only slots that fit all of you: {en_days}).",
                 f"{zh_date(days[best])}空位最多（只算能容纳{size}人的场次：{zh_days}）。")
    d.patterns += ["weekdays_resolved", "parallel_lookups", "sum_in_answer"]
    d.roles = {"main": steps[0], "lookup": steps[0],
               "distractor": Step("get_evensong_times", {"date": days[0].isoformat()}, {"date": days[0].isoformat(), "evensong": "17:30"})}
    d.slots = {"date": (steps[0], "date")}
    d.facts = {"date_format": True, "wrong_output": L(lang, f"Evensong on {en_date(days[0])} is at 17:30.", f"{zh_date(days[0])}晚祷时间为17:30。")}
    return done(d)


def tt_refund(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("cathedral_tower", lang, day, TT_TOOLS, rng, ["follow_up", "change_cancel"])
    context(d, f"visitor-{rng.randint(100000, 999999)}", **{"resource_tenant_id": "st-aldhelm-cathedral"})
    when = day + dt.timedelta(days=rng.randint(2, 20))
    a, c = rng.randint(1, 4), rng.randint(0, 2)
    amount = a * 12.5 + c * 6.0
    oid, slot = f"TO-{rng.randint(100000, 999999)}", f"TW-{when:%m%d}-1030"
    d.history = [
        {"role": "user", "text": L(lang, f"Book the 10:30 tower climb on {en_date(when)} for {a} adults and {c} children.",
                                   f"帮我订{zh_date(when)} 10:30 的塔楼攀登，{a}个大人{c}个小孩。")},
        {"role": "assistant", "calls": [{"name": "buy_tower_tickets", "arguments": {"slot_id": slot, "adults": a, "children": c,
                                                                                     "currency": "GBP", "amount": amount}}]},
        {"role": "tool", "results": [{"order_id": oid, "status": "paid", "amount": amount, "currency": "GBP"}]},
        {"role": "assistant", "text": L(lang, f"Booked, order {oid}, £{amount:.2f}.", f"已订好，订单号 {oid}，£{amount:.2f}。")},
    ]
    enum, en_req, en_word, zh_req, zh_word = rng.choice([
        ("illness", "My son's sick, we can't make it", "sick", "孩子生病了，去不了", "生病"),
        ("weather", "The forecast says storms that day", "storms", "那天预报有暴风雨", "暴风雨"),
        ("change_of_plans", "Our plans have changed", "plans have changed", "我们计划有变", "计划有变")])
    d.request = L(lang, f"{en_req}. Can you refund those tower tickets?", f"{zh_req}，塔楼的票帮我退了吧。")
    get = Step("get_ticket_order", {"order_id": oid}, {"order_id": oid, "slot_id": slot, "date": when.isoformat(), "status": "paid",
                                                      "amount": amount, "currency": "GBP", "refundable": True})
    ref = Step("refund_tower_tickets", {"order_id": oid, "reason": enum},
               {"order_id": oid, "status": "refunded", "refund_amount": amount, "refund_id": f"RF-{rng.randint(1000, 9999)}"})
    d.steps = [get, ref]
    d.output = L(lang, f"Refunded: order {oid} is cancelled and £{amount:.2f} goes back to your card in 3-5 working days.",
                 f"已退票：订单 {oid} 已取消，£{amount:.2f} 将在3-5个工作日内退回原卡。")
    d.patterns += ["id_from_history", "enum_from_words"]
    d.roles = {"main": ref, "write": ref, "lookup": get,
               "distractor": Step("get_evensong_times", {"date": when.isoformat()}, {"date": when.isoformat(), "evensong": "17:30"})}
    d.slots = {"history_id": (get, "order_id"), "enum": (ref, "reason")}
    d.facts = {"enum_word": L(lang, en_word, zh_word),
               "wrong_output": L(lang, f"Evensong on {en_date(when)} is at 17:30.", f"{zh_date(when)}晚祷时间为17:30。")}
    return done(d)


# --- 4. Christmas-tree recycling pickups (English tool descriptions) ---------------------------------

XT_TOOLS = [
    tool("lookup_address", "Find a property's UPRN from its postcode and house number or name.", ["postcode", "house"],
         postcode={"type": "string"}, house={"type": "string"}),
    tool("get_tree_collection_dates", "Dates on which the real-tree recycling round visits a property.", ["uprn"],
         uprn={"type": "string"}),
    tool("book_tree_pickup", "Book a real Christmas tree for kerbside recycling.", ["uprn", "collection_date", "tree_height_cm"],
         uprn={"type": "string"}, collection_date=DATE, tree_height_cm={"type": "integer", "minimum": 30, "maximum": 300},
         council_id={"type": "string"}),
    tool("cancel_tree_pickup", "Cancel a booked tree collection.", ["booking_ref"], booking_ref={"type": "string"}),
    tool("list_my_tree_pickups", "A resident's booked tree collections.", ["resident_id"], resident_id={"type": "string"}),
    tool("send_email", "Send an e-mail.", ["to", "subject", "body"], to={"type": "string", "format": "email"},
         subject={"type": "string"}, body={"type": "string"}),
    tool("report_missed_bin", "Report a missed wheelie-bin collection.", ["postcode"],
         postcode={"type": "string"}, bin_colour={"type": "string", "enum": ["green", "blue", "black", "brown"]}),
]
STREETS = ["Orchard Lane", "Mill Road", "Church Walk", "Station Street", "Queen's Drive"]
POSTCODES = ["LN8 3QT", "LN2 4RB", "DN21 1HU", "LN7 6AE", "LN1 2PW"]


def _tree_day(rng: random.Random) -> dt.date:
    year = rng.choice([2025, 2026])
    return dt.date(year - 1, 12, 27) + dt.timedelta(days=rng.randint(0, 9))


def xt_book(rng: random.Random, lang: str, retry: bool = False) -> Draft:
    day = _tree_day(rng)
    d = new("tree_recycling", lang, day, XT_TOOLS, rng, ["booking", "context_ids"] + (["retry_503"] if retry else []))
    resident = f"RES-{rng.randint(100000, 999999)}"
    council = rng.choice(["WLDC", "NKDC", "ELDC"])
    context(d, resident, **{"resource_council_id": council, "resource_tenant_id": council.lower()})
    d.attributes["council.id"] = council
    house, street, pc = str(rng.randint(2, 88)), rng.choice(STREETS), rng.choice(POSTCODES)
    if lang == "en":
        ft = rng.choice([5, 6, 7, 8])
        cm = round(ft * 30.48)
        d.request = f"Can you book our real tree in for collection? {house} {street}, {pc}. It's about {ft} foot tall, a Nordmann fir. First date you've got."
    else:
        m = rng.choice([1.5, 1.8, 2, 2.2])
        cm = round(m * 100)
        d.request = f"帮我预约回收圣诞树：{pc}，{street} {house}号。树大概{m:g}米高，是诺德曼冷杉。越早越好。"
    uprn = f"{rng.randint(10, 99)}00{rng.randint(1000000, 9999999)}"
    look = Step("lookup_address", {"postcode": pc, "house": house}, {"uprn": uprn, "address": f"{house} {street}, {pc}"})
    first = day + dt.timedelta(days=rng.randint(2, 6))
    dates = [first, first + dt.timedelta(days=7), first + dt.timedelta(days=14)]
    got = Step("get_tree_collection_dates", {"uprn": uprn}, {"uprn": uprn, "dates": [x.isoformat() for x in dates], "max_height_cm": 300})
    d.steps = [look]
    if retry:
        d.steps.append(Step("get_tree_collection_dates", {"uprn": uprn}, error="503 Service Unavailable", duration=2000))
        d.patterns.append("retry_after_503")
    d.steps.append(got)
    ref = f"TP-{rng.randint(10000, 99999)}"
    args = {"uprn": uprn, "collection_date": first.isoformat(), "tree_height_cm": cm}
    if rng.random() < 0.7:
        args["council_id"] = council
        d.patterns.append("id_from_context")
    book = Step("book_tree_pickup", args, {"booking_ref": ref, "collection_date": first.isoformat(), "status": "booked"})
    d.steps.append(book)
    d.output = L(lang, f"Booked: your tree will be collected on {en_date(first)} (put it out by 7am, decorations and stand off). Reference {ref}.",
                 f"已预约：{zh_date(first)}上门回收圣诞树，请早上7点前放到路边，取下装饰和底座。预约号 {ref}。")
    d.patterns += ["copied_id", "first_date_from_result", "unit_conversion"]
    d.roles = {"main": book, "write": book, "lookup": got, "producer": look,
               "distractor": Step("report_missed_bin", {"postcode": pc}, {"report_id": f"MB-{rng.randint(1000, 9999)}", "bin_colour": "green"})}
    d.slots = {"copied_id": (book, "uprn"), "date": (book, "collection_date"), "extra": (book, "species"), "unit": (book, "tree_height_cm")}
    if "council_id" in args:
        d.slots["context_id"] = (book, "council_id")
    d.facts = {"date_format": True, "extra_value": L(lang, "Nordmann fir", "诺德曼冷杉"), "unit_slip": ft if lang == "en" else m,
               "wrong_output": L(lang, "I've reported a missed green bin at your address.", "已为您的地址登记了绿色垃圾桶漏收。")}
    return done(d)


def xt_retry(rng: random.Random, lang: str) -> Draft:
    return xt_book(rng, lang, retry=True)


def xt_cancel(rng: random.Random, lang: str) -> Draft:
    day = _tree_day(rng)
    d = new("tree_recycling", lang, day, XT_TOOLS, rng, ["change_cancel"])
    context(d, f"RES-{rng.randint(100000, 999999)}", **{"resource_tenant_id": "wldc"})
    ref = f"TP-{rng.randint(10000, 99999)}"
    d.request = L(lang, f"Please cancel tree collection {ref}, we've decided to keep it in a pot for next year.",
                  f"麻烦取消圣诞树回收预约 {ref}，我们决定种在盆里明年再用。")
    when = day + dt.timedelta(days=rng.randint(1, 8))
    c = Step("cancel_tree_pickup", {"booking_ref": ref}, {"booking_ref": ref, "status": "cancelled", "was_due": when.isoformat()})
    d.steps = [c]
    d.output = L(lang, f"Cancelled: collection {ref} (due {en_date(when)}) won't happen now.", f"已取消：原定{zh_date(when)}的回收 {ref} 不会再上门。")
    d.roles = {"main": c, "write": c, "plain": c}
    return done(d)


def xt_when(rng: random.Random, lang: str) -> Draft:
    day = _tree_day(rng)
    d = new("tree_recycling", lang, day, XT_TOOLS, rng, ["lookup_question", "context_ids", "computation"])
    resident = f"RES-{rng.randint(100000, 999999)}"
    context(d, resident, **{"resource_tenant_id": "nkdc"})
    k = rng.randint(1, 9)
    when = day + dt.timedelta(days=k)
    d.request = L(lang, rng.choice(["When are you picking up my tree?", "How long until my Christmas tree gets collected?"]),
                  rng.choice(["我的圣诞树哪天来收？", "还有几天来收我的圣诞树？"]))
    ref = f"TP-{rng.randint(10000, 99999)}"
    lst = Step("list_my_tree_pickups", {"resident_id": resident},
               {"pickups": [{"booking_ref": ref, "collection_date": when.isoformat(), "status": "booked"}]})
    d.steps = [lst]
    d.output = L(lang, f"Your tree ({ref}) is due for collection on {en_date(when)}, {k} day{'s' if k > 1 else ''} from today.",
                 f"您的圣诞树（{ref}）将于{zh_date(when)}回收，还有{k}天。")
    d.patterns += ["id_from_context", "days_until_in_answer"]
    d.roles = {"main": lst, "lookup": lst}
    d.slots = {"context_id": (lst, "resident_id"), "user_id": (lst, "resident_id")}
    return done(d)


# --- 5. reservoir rowing-boat permits, no fishing (Chinese tool descriptions) -------------------------

RW_TOOLS = [
    tool("get_permit_prices", "查询水库划艇许可证（不含垂钓）的种类与价格。"),
    tool("apply_rowing_permit", "申请水库划艇许可证（不含垂钓）。", ["holder_name", "permit_type", "start_date", "boats", "club_id"],
         holder_name={"type": "string"}, permit_type={"type": "string", "enum": ["day", "week", "season"]},
         start_date={"type": "string", "format": "date", "description": "生效日期"}, boats={"type": "integer", "minimum": 1, "maximum": 4},
         club_id={"type": "string"}),
    tool("check_permit", "查询许可证状态与到期日。", ["permit_id"], permit_id={"type": "string"}),
    tool("renew_permit", "续期许可证，新有效期从 start_date 开始。", ["permit_id", "start_date"], permit_id={"type": "string"},
         start_date={"type": "string", "format": "date"}),
    tool("export_permit_log", "导出某时间段的许可证记录（异步任务，返回 job_id）。", ["club_id", "from_date", "to_date"],
         club_id={"type": "string"}, from_date=DATE, to_date=DATE, format={"type": "string", "enum": ["csv", "pdf"], "default": "csv"}),
    tool("get_export_status", "查询导出任务的进度（可反复查询直至完成）。", ["job_id"], job_id={"type": "string"}),
    tool("get_water_level", "查询水库当日水位。", ["date"], date=DATE),
]
NAMES = [("Helen Marsh", "马海伦"), ("Tom Aldridge", "陈涛"), ("Priya Nair", "李静"), ("Owen Pugh", "周文")]
PERMITS = {"day": 8.0, "week": 30.0, "season": 145.0}
PERMIT_DAYS = {"day": 1, "week": 7, "season": 120}


def _club(d: Draft, rng: random.Random) -> str:
    club = f"RC-{rng.randint(100, 999)}"
    context(d, f"u{rng.randint(10000, 99999)}", **{"club.id": club, "resource_club_id": club})
    return club


def rw_apply(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("reservoir_permits", lang, day, RW_TOOLS, rng, ["booking", "context_ids"])
    club = _club(d, rng)
    kind = rng.choice(["day", "week", "season"])
    en_word, zh_word = {"day": ("one-day", "一日"), "week": ("weekly", "一周"), "season": ("seasonal", "整季")}[kind]
    name = rng.choice(NAMES)[0 if lang == "en" else 1]
    boats = rng.randint(1, 3)
    phrase, start = rel_day(rng, day, lang)
    boat = rng.choice(["Heron", "Kingfisher", "Mallard"])
    d.request = L(lang, f"I'd like a {en_word} rowing permit in the name of {name}, {boats} boat{'s' if boats > 1 else ''}, starting {phrase}. "
                        f"Our boat's called {boat}. No fishing, just rowing.",
                  f"帮我办一张{zh_word}划艇许可证，持证人{name}，{zh_num(boats)}条船，{phrase}开始。我们的船叫 {boat}，只划船不钓鱼。")
    prices = Step("get_permit_prices", {}, {"types": [{"permit_type": k, "price_gbp": v, "valid_days": PERMIT_DAYS[k]} for k, v in PERMITS.items()]})
    until = start + dt.timedelta(days=PERMIT_DAYS[kind] - 1)
    pid = f"RP-{rng.randint(10000, 99999)}"
    args = {"holder_name": name, "permit_type": kind, "start_date": start.isoformat(), "boats": boats, "club_id": club}
    apply = Step("apply_rowing_permit", args, {"permit_id": pid, "valid_from": start.isoformat(), "valid_until": until.isoformat(),
                                               "price_gbp": PERMITS[kind] * boats})
    d.steps = [prices, apply]
    d.output = L(lang, f"Permit {pid} issued to {name}: {kind} permit for {boats} boat{'s' if boats > 1 else ''}, valid {en_date(start)} to "
                       f"{en_date(until)}, £{PERMITS[kind] * boats:.2f}.",
                 f"许可证 {pid} 已办好：持证人{name}，{kind}，{boats}条船，有效期{zh_date(start)}至{zh_date(until)}，共£{PERMITS[kind] * boats:.2f}。")
    d.patterns += ["relative_date_resolved", "enum_from_words", "id_from_context"]
    d.roles = {"main": apply, "write": apply, "lookup": prices,
               "distractor": Step("get_water_level", {"date": day.isoformat()}, {"date": day.isoformat(), "level_pct": 87})}
    d.slots = {"date": (apply, "start_date"), "enum": (apply, "permit_type"), "context_id": (apply, "club_id"), "extra": (apply, "boat_name")}
    d.facts = {"date_format": True, "enum_word": L(lang, en_word, zh_word), "extra_value": boat,
               "wrong_output": L(lang, "The reservoir is at 87% today.", "水库今天水位为87%。")}
    return done(d)


def rw_renew(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("reservoir_permits", lang, day, RW_TOOLS, rng, ["change_cancel", "computation"])
    _club(d, rng)
    pid = f"RP-{rng.randint(10000, 99999)}"
    kind = rng.choice(["week", "season"])
    expiry = day + dt.timedelta(days=rng.randint(0, 6))
    start = expiry + dt.timedelta(days=1)
    d.request = L(lang, f"My rowing permit {pid} runs out soon. Renew it so the new one starts the day after it expires.",
                  f"我的划艇许可证 {pid} 快到期了，帮我续一下，新证从到期后第二天开始。")
    chk = Step("check_permit", {"permit_id": pid}, {"permit_id": pid, "permit_type": kind, "status": "active", "valid_until": expiry.isoformat()})
    new_id = f"RP-{rng.randint(10000, 99999)}"
    until = start + dt.timedelta(days=PERMIT_DAYS[kind] - 1)
    ren = Step("renew_permit", {"permit_id": pid, "start_date": start.isoformat()},
               {"permit_id": new_id, "valid_from": start.isoformat(), "valid_until": until.isoformat()})
    d.steps = [chk, ren]
    d.output = L(lang, f"Renewed: your old permit ends {en_date(expiry)}, the new one ({new_id}) runs {en_date(start)} to {en_date(until)}.",
                 f"已续期：旧证{zh_date(expiry)}到期，新证 {new_id} 有效期{zh_date(start)}至{zh_date(until)}。")
    d.patterns += ["date_plus_one_from_result"]
    d.roles = {"main": ren, "write": ren, "lookup": chk,
               "distractor": Step("get_water_level", {"date": day.isoformat()}, {"date": day.isoformat(), "level_pct": 91})}
    d.slots = {"computed": (ren, "start_date"), "date": (ren, "start_date")}
    d.facts = {"date_format": True, "miscomputed": (start + dt.timedelta(days=1)).isoformat(),
               "wrong_output": L(lang, "The reservoir is at 91% today.", "水库今天水位为91%。")}
    return done(d)


def rw_export(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("reservoir_permits", lang, day, RW_TOOLS, rng, ["export_poll", "context_ids", "computation"])
    club = _club(d, rng)
    last = day.replace(day=1) - dt.timedelta(days=1)
    first = last.replace(day=1)
    fmt = rng.choice(["csv", "pdf"])
    how_en, how_zh = ("as a spreadsheet", "导成表格") if fmt == "csv" else ("as a PDF", "导成PDF")
    d.request = L(lang, f"Export last month's rowing permit log {how_en} and give me the download link.",
                  f"把上个月的划艇许可证记录{how_zh}，给我下载链接。")
    job = f"job-{rng.getrandbits(32):08x}"
    args = {"club_id": club, "from_date": first.isoformat(), "to_date": last.isoformat()}
    if fmt == "pdf" or rng.random() < 0.5:
        args["format"] = fmt
    exp = Step("export_permit_log", args, {"job_id": job, "status": "queued"})
    polls = rng.randint(2, 4)
    steps = [exp]
    url = f"https://files.reservoir-permits.example/exports/{job}.{fmt}"
    for i in range(polls):
        last_poll = i == polls - 1
        steps.append(Step("get_export_status", {"job_id": job},
                          {"job_id": job, "status": "done", "url": url, "rows": rng.randint(40, 300)} if last_poll
                          else {"job_id": job, "status": "running", "progress": 30 * (i + 1)}, duration=rng.randint(100, 300)))
    d.steps = steps
    d.output = L(lang, f"The export of {first:%B %Y} ({first.isoformat()} to {last.isoformat()}) is ready: {url}",
                 f"{first.year}年{first.month}月（{first.isoformat()} 至 {last.isoformat()}）的记录已导出：{url}")
    d.patterns += ["last_month_range", "status_polled", "id_from_context"] + (["schema_default"] if fmt == "csv" and "format" not in args else [])
    d.roles = {"main": exp, "producer": exp}
    d.slots = {"date": (exp, "from_date"), "copied_id": (steps[1], "job_id"), "context_id": (exp, "club_id"), "computed": (exp, "to_date")}
    if fmt == "csv" and "format" in args:
        d.slots["enum"] = (exp, "format")
    d.facts = {"date_format": True, "enum_word": L(lang, "spreadsheet", "表格"), "miscomputed": (last - dt.timedelta(days=1)).isoformat()}
    return done(d)


def rw_retry(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("reservoir_permits", lang, day, RW_TOOLS, rng, ["lookup_question", "retry_503", "computation"])
    _club(d, rng)
    pid = f"RP-{rng.randint(10000, 99999)}"
    k = rng.randint(2, 40)
    expiry = day + dt.timedelta(days=k)
    d.request = L(lang, f"When does permit {pid} expire?", f"许可证 {pid} 什么时候到期？")
    fail = Step("check_permit", {"permit_id": pid}, error=rng.choice(["503 Service Unavailable", "HTTP 503: upstream unavailable"]), duration=1500)
    ok = Step("check_permit", {"permit_id": pid}, {"permit_id": pid, "permit_type": "season", "status": "active", "valid_until": expiry.isoformat()})
    d.steps = [fail, ok]
    d.output = L(lang, f"Permit {pid} (season) is valid until {en_date(expiry)}, {k} days from today.",
                 f"许可证 {pid}（整季）有效期到{zh_date(expiry)}，距今天还有{k}天。")
    d.patterns += ["retry_after_503", "days_until_in_answer"]
    d.roles = {"lookup": ok}
    return done(d)


# --- 6. school instrument-cleaning service (Chinese tool descriptions) ---------------------------------

INSTR = {"violin": ("violins", "小提琴", "把"), "viola": ("violas", "中提琴", "把"), "cello": ("cellos", "大提琴", "把"),
         "flute": ("flutes", "长笛", "支"), "clarinet": ("clarinets", "单簧管", "支"), "trumpet": ("trumpets", "小号", "把"),
         "trombone": ("trombones", "长号", "把")}
IC_TOOLS = [
    tool("get_cleaning_quote", "查询乐器清洁报价（单价与总价，单位英镑）。", ["instrument", "quantity"],
         instrument={"type": "string", "enum": list(INSTR)}, quantity={"type": "integer", "minimum": 1, "maximum": 200},
         express={"type": "boolean", "default": False}),
    tool("book_cleaning", "预约乐器清洁服务（学校送件）。", ["school_id", "instrument", "quantity", "dropoff_date"],
         school_id={"type": "string"}, instrument={"type": "string", "enum": list(INSTR)},
         quantity={"type": "integer", "minimum": 1, "maximum": 200}, dropoff_date=DATE, express={"type": "boolean", "default": False}),
    tool("list_cleaning_bookings", "列出学校的清洁预约。", ["school_id"], school_id={"type": "string"}),
    tool("reschedule_cleaning", "修改清洁预约的送件日期。", ["booking_id", "dropoff_date"], booking_id={"type": "string"}, dropoff_date=DATE),
    tool("get_concert_calendar", "查询某日学校音乐会安排。", ["date"], date=DATE),
]
UNIT = {"violin": 9.0, "viola": 10.0, "cello": 18.0, "flute": 7.5, "clarinet": 8.0, "trumpet": 11.0, "trombone": 12.0}


def _school(d: Draft, rng: random.Random) -> str:
    school = f"SCH-{rng.randint(1000, 9999)}"
    context(d, f"teacher-{rng.randint(100, 999)}", **{"school.id": school, "resource_school_id": school})
    return school


def ic_quote_book(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("instrument_cleaning", lang, day, IC_TOOLS, rng, ["comparison", "booking", "computation", "context_ids"])
    school = _school(d, rng)
    kinds = rng.sample(list(INSTR), 3)
    qty = [rng.randint(2, 20) for _ in kinds]
    phrase, when = rel_day(rng, day, lang)
    en_list = ", ".join(f"{q} {INSTR[k][0]}" for k, q in zip(kinds, qty))
    zh_list = "、".join(f"{zh_num(q)}{INSTR[k][2]}{INSTR[k][1]}" for k, q in zip(kinds, qty))
    d.request = L(lang, f"We need {en_list} cleaned. What does each lot cost? Then book all three for drop-off {phrase}.",
                  f"我们有{zh_list}要清洁，各自多少钱？然后三样都预约{phrase}送过去。")
    quotes, books, total = [], [], 0.0
    for i, (k, q) in enumerate(zip(kinds, qty)):
        price = UNIT[k] * q
        total += price
        quotes.append(Step("get_cleaning_quote", {"instrument": k, "quantity": q},
                           {"instrument": k, "quantity": q, "unit_price": UNIT[k], "total": price, "currency": "GBP"}, parallel=i > 0))
    for k, q in zip(kinds, qty):
        books.append(Step("book_cleaning", {"school_id": school, "instrument": k, "quantity": q, "dropoff_date": when.isoformat()},
                          {"booking_id": f"CL-{rng.randint(10000, 99999)}", "status": "booked"}))
    d.steps = [*quotes, *books]
    en_q = "; ".join(f"{q} {INSTR[k][0]} £{UNIT[k] * q:.2f}" for k, q in zip(kinds, qty))
    zh_q = "；".join(f"{INSTR[k][1]}{q}{INSTR[k][2]} £{UNIT[k] * q:.2f}" for k, q in zip(kinds, qty))
    ids = ", ".join(b.result["booking_id"] for b in books)
    d.output = L(lang, f"Quotes: {en_q}; £{total:.2f} altogether. All three are booked for drop-off on {en_date(when)} ({ids}).",
                 f"报价：{zh_q}，合计 £{total:.2f}。三样都已预约{zh_date(when)}送件（{ids}）。")
    d.patterns += ["parallel_lookups", "enum_from_words", "id_from_context", "total_in_answer", "relative_date_resolved"]
    if lang == "zh":
        d.patterns.append("chinese_numeral")
    d.roles = {"main": books[0], "write": books[-1], "lookup": quotes[0],
               "distractor": Step("get_concert_calendar", {"date": when.isoformat()}, {"date": when.isoformat(), "concerts": []})}
    d.slots = {"date": (books[0], "dropoff_date"), "context_id": (books[1], "school_id"), "enum": (quotes[0], "instrument")}
    d.facts = {"date_format": True, "enum_word": L(lang, INSTR[kinds[0]][0], INSTR[kinds[0]][1]),
               "wrong_output": L(lang, f"There are no school concerts on {en_date(when)}.", f"{zh_date(when)}学校没有音乐会安排。")}
    return done(d)


def ic_book(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("instrument_cleaning", lang, day, IC_TOOLS, rng, ["booking", "context_ids"])
    school = _school(d, rng)
    k = rng.choice(list(INSTR))
    q = rng.randint(3, 30)
    phrase, when = rel_day(rng, day, lang)
    express = rng.random() < 0.5
    d.request = L(lang, f"Book {q} {INSTR[k][0]} in for cleaning, dropping them off {phrase}.{' Express please, the concert is close.' if express else ''}",
                  f"{phrase}送{zh_num(q)}{INSTR[k][2]}{INSTR[k][1]}来清洗。{'要加急，快演出了。' if express else ''}")
    args = {"school_id": school, "instrument": k, "quantity": q, "dropoff_date": when.isoformat()}
    if express:
        args["express"] = True
    bid = f"CL-{rng.randint(10000, 99999)}"
    ready = when + dt.timedelta(days=2 if express else 7)
    b = Step("book_cleaning", args, {"booking_id": bid, "status": "booked", "ready_on": ready.isoformat()})
    d.steps = [b]
    d.output = L(lang, f"Booked ({bid}): {q} {INSTR[k][0]} dropped off {en_date(when)}{', express' if express else ''}; ready {en_date(ready)}.",
                 f"已预约（{bid}）：{zh_date(when)}送{q}{INSTR[k][2]}{INSTR[k][1]}{'，加急' if express else ''}，{zh_date(ready)}可取。")
    d.patterns += ["enum_from_words", "id_from_context", "relative_date_resolved"] + (["chinese_numeral"] if lang == "zh" else [])
    d.roles = {"main": b, "write": b, "plain": b,
               "distractor": Step("get_concert_calendar", {"date": when.isoformat()}, {"date": when.isoformat(), "concerts": ["Spring concert 18:00"]})}
    d.slots = {"date": (b, "dropoff_date"), "context_id": (b, "school_id"), "enum": (b, "instrument")}
    d.facts = {"date_format": True, "enum_word": L(lang, INSTR[k][0], INSTR[k][1]),
               "wrong_output": L(lang, f"On {en_date(when)} there's the spring concert at 18:00.", f"{zh_date(when)}有18:00的春季音乐会。")}
    return done(d)


def ic_reschedule(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("instrument_cleaning", lang, day, IC_TOOLS, rng, ["change_cancel", "computation", "context_ids"])
    school = _school(d, rng)
    kinds = rng.sample(list(INSTR), 2)
    k = kinds[0]
    old = day + dt.timedelta(days=rng.randint(1, 10))
    newd = old + dt.timedelta(days=7)
    bids = [f"CL-{rng.randint(10000, 99999)}" for _ in kinds]
    d.request = L(lang, f"Can you push the cleaning booking for our {INSTR[k][0]} back a week? The orchestra needs them.",
                  f"我们的{INSTR[k][1]}清洁能推迟一周吗？乐团还要用。")
    lst = Step("list_cleaning_bookings", {"school_id": school},
               {"bookings": [{"booking_id": b, "instrument": x, "quantity": rng.randint(2, 15),
                              "dropoff_date": (old if x == k else old + dt.timedelta(days=3)).isoformat()} for b, x in zip(bids, kinds)]})
    res = Step("reschedule_cleaning", {"booking_id": bids[0], "dropoff_date": newd.isoformat()},
               {"booking_id": bids[0], "dropoff_date": newd.isoformat(), "status": "rescheduled"})
    d.steps = [lst, res]
    d.output = L(lang, f"Moved: the {INSTR[k][0]} booking {bids[0]} is now dropped off on {en_date(newd)} instead of {en_date(old)}.",
                 f"已改期：{INSTR[k][1]}预约 {bids[0]} 的送件日期从{zh_date(old)}改为{zh_date(newd)}。")
    d.patterns += ["id_from_context", "copied_id", "date_plus_week_from_result"]
    d.roles = {"main": res, "write": res, "lookup": lst, "producer": lst,
               "distractor": Step("get_concert_calendar", {"date": old.isoformat()}, {"date": old.isoformat(), "concerts": []})}
    d.slots = {"copied_id": (res, "booking_id"), "context_id": (lst, "school_id"), "computed": (res, "dropoff_date"), "date": (res, "dropoff_date")}
    d.facts = {"date_format": True, "miscomputed": (newd + dt.timedelta(days=1)).isoformat(),
               "wrong_output": L(lang, f"No concerts are scheduled on {en_date(old)}.", f"{zh_date(old)}没有音乐会安排。")}
    return done(d)


# --- 7. mountain rescue training-day sign-ups (English tool descriptions) --------------------------------

TOPICS = {"rope_rescue": ("rope work", "绳索救援"), "casualty_care": ("first-aid", "伤员救护"),
          "navigation": ("nav", "导航"), "swiftwater": ("river rescue", "急流救援")}
MR_TOOLS = [
    tool("list_training_days", "Mountain rescue team training days in a month, by topic.", ["month"],
         month={"type": "string", "pattern": "^\\d{4}-\\d{2}$", "description": "YYYY-MM"}, topic={"type": "string", "enum": list(TOPICS)}),
    tool("sign_up_training", "Sign a team member up for a training day.", ["training_id", "member_id"],
         training_id={"type": "string"}, member_id={"type": "string"}, needs_lift={"type": "boolean", "default": False}),
    tool("withdraw_training", "Withdraw a member from a training day.", ["signup_id"], signup_id={"type": "string"}),
    tool("get_my_signups", "A member's upcoming training sign-ups.", ["member_id"], member_id={"type": "string"}),
    tool("get_callout_log", "The team's call-outs over the last N days.", ["days"], days={"type": "integer", "minimum": 1, "maximum": 365}),
]


def _member(d: Draft, rng: random.Random) -> str:
    m = f"MRT-{rng.randint(100, 999)}"
    context(d, m, **{"team.id": "cairngorm-mrt", "resource_tenant_id": "cairngorm-mrt"})
    return m


def _next_month(day: dt.date) -> dt.date:
    return (day.replace(day=28) + dt.timedelta(days=5)).replace(day=1)


def _training_days(rng: random.Random, month: dt.date, topic: str, k: int) -> list[dict]:
    n = calendar.monthrange(month.year, month.month)[1]
    days = sorted(rng.sample(range(1, n + 1), k))
    return [{"training_id": f"TR-{month:%y%m}-{topic[:3].upper()}{i + 1}", "date": month.replace(day=x).isoformat(),
             "places_left": rng.randint(1, 8)} for i, x in enumerate(days)]


def mr_signup(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("mountain_rescue", lang, day, MR_TOOLS, rng, ["booking", "context_ids"])
    member = _member(d, rng)
    topic = rng.choice(list(TOPICS))
    month = _next_month(day)
    lift = rng.random() < 0.4
    lift_en = " I'll need a lift, my car is off the road." if lift else ""
    d.request = L(lang, f"Put me down for the {TOPICS[topic][0]} training next month.{lift_en}",
                  f"帮我报名下个月的{TOPICS[topic][1]}训练。{'我需要搭车，车坏了。' if lift else ''}")
    days = _training_days(rng, month, topic, rng.randint(1, 2))
    lst = Step("list_training_days", {"month": f"{month:%Y-%m}", "topic": topic}, {"month": f"{month:%Y-%m}", "days": days})
    pick = days[0]
    args = {"training_id": pick["training_id"], "member_id": member}
    if lift:
        args["needs_lift"] = True
    sid = f"SU-{rng.randint(10000, 99999)}"
    sign = Step("sign_up_training", args, {"signup_id": sid, "status": "confirmed", "date": pick["date"]})
    d.steps = [lst, sign]
    pd = dt.date.fromisoformat(pick["date"])
    d.output = L(lang, f"You're signed up for {topic.replace('_', ' ')} training on {en_date(pd)}{', with a lift arranged' if lift else ''} ({sid}).",
                 f"已报名{zh_date(pd)}的{TOPICS[topic][1]}训练{'，已安排搭车' if lift else ''}（{sid}）。")
    d.patterns += ["next_month_resolved", "enum_from_words", "id_from_context", "copied_id"]
    d.roles = {"main": sign, "write": sign, "lookup": lst, "producer": lst}
    d.slots = {"context_id": (sign, "member_id"), "user_id": (sign, "member_id"), "copied_id": (sign, "training_id"), "enum": (lst, "topic")}
    d.facts = {"enum_word": L(lang, TOPICS[topic][0], TOPICS[topic][1])}
    return done(d)


def mr_bulk(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("mountain_rescue", lang, day, MR_TOOLS, rng, ["booking", "context_ids"])
    member = _member(d, rng)
    t1, t2 = rng.sample(list(TOPICS), 2)
    month = _next_month(day)
    if rng.random() < 0.5:
        month = _next_month(month)
    while True:
        l1 = _training_days(rng, month, t1, rng.randint(2, 4))
        l2 = _training_days(rng, month, t2, rng.randint(2, 4))
        keep = [x for x in l1 + l2 if dt.date.fromisoformat(x["date"]).weekday() != 6]
        if 2 <= len(keep) <= 8:
            break
    keep.sort(key=lambda x: x["date"])
    d.request = L(lang, f"Sign me up for every {TOPICS[t1][0]} and {TOPICS[t2][0]} day in {month:%B}, except Sundays. Then show me what I'm down for.",
                  f"把{month.month}月所有{TOPICS[t1][1]}和{TOPICS[t2][1]}训练都给我报上，周日的除外。然后给我看看我报了哪些。")
    ym = f"{month:%Y-%m}"
    la = Step("list_training_days", {"month": ym, "topic": t1}, {"month": ym, "days": l1})
    lb = Step("list_training_days", {"month": ym, "topic": t2}, {"month": ym, "days": l2}, parallel=True)
    signs = []
    for x in keep:
        signs.append(Step("sign_up_training", {"training_id": x["training_id"], "member_id": member},
                          {"signup_id": f"SU-{rng.randint(10000, 99999)}", "status": "confirmed", "date": x["date"]}))
    mine = Step("get_my_signups", {"member_id": member},
                {"signups": [{"signup_id": s.result["signup_id"], "training_id": s.args["training_id"], "date": s.result["date"]} for s in signs]})
    d.steps = [la, lb, *signs, mine]
    en_l = ", ".join(f"{dt.date.fromisoformat(x['date']):%a %d %b}" for x in keep)
    zh_l = "、".join(zh_date(dt.date.fromisoformat(x["date"])) for x in keep)
    skipped = len(l1) + len(l2) - len(keep)
    d.output = L(lang, f"Signed you up for {len(keep)} days: {en_l}.{f' Skipped {skipped} on a Sunday.' if skipped else ''}",
                 f"已为您报名{len(keep)}天：{zh_l}。{f'跳过了{skipped}个周日的。' if skipped else ''}")
    d.patterns += ["month_name_resolved", "enum_from_words", "id_from_context", "copied_ids", "weekday_filter"]
    d.roles = {"main": signs[0], "lookup": la}
    d.slots = {"context_id": (signs[-1], "member_id"), "copied_id": (signs[0], "training_id"), "enum": (la, "topic")}
    d.facts = {"enum_word": L(lang, TOPICS[t1][0], TOPICS[t1][1])}
    return done(d)


def mr_withdraw(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("mountain_rescue", lang, day, MR_TOOLS, rng, ["follow_up", "change_cancel"])
    member = _member(d, rng)
    when = day + dt.timedelta(days=rng.randint(3, 25))
    tid, sid = f"TR-{when:%y%m}-NAV1", f"SU-{rng.randint(10000, 99999)}"
    d.history = [
        {"role": "user", "text": L(lang, f"Sign me up for the navigation day on {en_date(when)}.", f"帮我报{zh_date(when)}的导航训练。")},
        {"role": "assistant", "calls": [{"name": "sign_up_training", "arguments": {"training_id": tid, "member_id": member}}]},
        {"role": "tool", "results": [{"signup_id": sid, "status": "confirmed", "date": when.isoformat()}]},
        {"role": "assistant", "text": L(lang, f"Done, you're on it ({sid}).", f"已报名（{sid}）。")},
    ]
    d.request = L(lang, rng.choice(["Something's come up, take me off that one please.", "Actually I can't make it, withdraw me."]),
                  rng.choice(["临时有事，帮我退掉那个训练。", "我去不了了，取消报名吧。"]))
    w = Step("withdraw_training", {"signup_id": sid}, {"signup_id": sid, "status": "withdrawn"})
    d.steps = [w]
    d.output = L(lang, f"Withdrawn: you're off the navigation day on {en_date(when)}.", f"已取消您{zh_date(when)}导航训练的报名。")
    d.patterns += ["id_from_history"]
    d.roles = {"main": w, "write": w, "plain": w}
    d.slots = {"history_id": (w, "signup_id")}
    return done(d)


def mr_next(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("mountain_rescue", lang, day, MR_TOOLS, rng, ["lookup_question", "context_ids", "computation"])
    member = _member(d, rng)
    k = rng.randint(1, 30)
    d1 = day + dt.timedelta(days=k)
    d2 = d1 + dt.timedelta(days=rng.randint(5, 30))
    t = rng.choice(list(TOPICS))
    d.request = L(lang, "When's my next training day, and how long till then?", "我下一次训练是哪天？还有几天？")
    g = Step("get_my_signups", {"member_id": member},
             {"signups": [{"signup_id": f"SU-{rng.randint(10000, 99999)}", "topic": t, "date": d1.isoformat()},
                          {"signup_id": f"SU-{rng.randint(10000, 99999)}", "topic": "navigation", "date": d2.isoformat()}]})
    d.steps = [g]
    d.output = L(lang, f"Your next one is {t.replace('_', ' ')} on {en_date(d1)}, {k} day{'s' if k > 1 else ''} from today.",
                 f"下一次是{zh_date(d1)}的{TOPICS[t][1]}训练，还有{k}天。")
    d.patterns += ["id_from_context", "days_until_in_answer"]
    d.roles = {"main": g, "lookup": g}
    d.slots = {"context_id": (g, "member_id"), "user_id": (g, "member_id")}
    return done(d)


# --- 8. peat-free nursery plant plug orders (English tool descriptions) ----------------------------------

PN_TOOLS = [
    tool("search_plugs", "Search peat-free plant plugs by species; plugs come in trays of a fixed size.", ["species"],
         species={"type": "string"}, peat_free={"type": "boolean", "default": True}),
    tool("check_plug_stock", "Trays in stock for a plug SKU and the earliest dispatch date.", ["sku"], sku={"type": "string"}),
    tool("place_plug_order", "Order trays of plugs for a trade account.", ["account_id", "sku", "trays", "delivery_date"],
         account_id={"type": "string"}, sku={"type": "string"}, trays={"type": "integer", "minimum": 1, "maximum": 50},
         delivery_date=DATE),
    tool("get_plug_order", "Status of a plug order.", ["order_id"], order_id={"type": "string"}),
    tool("start_availability_report", "Start building the weekly availability report (asynchronous; returns a job id).", ["week_start"],
         week_start={"type": "string", "format": "date", "description": "Monday of the week"}, format={"type": "string", "enum": ["csv", "xlsx"], "default": "csv"}),
    tool("get_report_status", "Poll the progress of a report job until it is done.", ["job_id"], job_id={"type": "string"}),
    tool("get_growing_tips", "Growing tips for a species.", ["species"], species={"type": "string"}),
]
SPECIES = [("lavender", "薰衣草"), ("foxglove", "毛地黄"), ("verbena", "马鞭草"), ("salvia", "鼠尾草"), ("cosmos", "波斯菊")]


def _trade(d: Draft, rng: random.Random) -> str:
    acct = f"TA-{rng.randint(10000, 99999)}"
    context(d, f"buyer-{rng.randint(100, 999)}", **{"account.id": acct, "resource_account_id": acct})
    return acct


def pn_order(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("plug_nursery", lang, day, PN_TOOLS, rng, ["booking", "computation", "context_ids"])
    acct = _trade(d, rng)
    en, zh = rng.choice(SPECIES)
    size = rng.choice([40, 54, 84])
    trays = rng.randint(2, 9)
    plugs = size * trays
    phrase, when = rel_day(rng, day, lang)
    while when < day + dt.timedelta(days=2):
        when += dt.timedelta(days=7)
        phrase = L(lang, f"on {when.day} {when:%B}", f"{when.month}月{when.day}日")
    d.request = L(lang, f"We need {plugs} {en} plugs, peat-free of course, delivered {phrase}.",
                  f"我们要{plugs}棵{zh}穴盘苗，当然要无泥炭的，{phrase}送到。")
    sku = f"PF-{en[:3].upper()}-{size}"
    srch = Step("search_plugs", {"species": en}, {"results": [{"sku": sku, "species": en, "tray_size": size, "price_per_tray": round(size * 0.35, 2),
                                                               "peat_free": True},
                                                              {"sku": f"PF-{en[:3].upper()}-9CM", "species": en, "tray_size": 12, "price_per_tray": 14.0,
                                                               "peat_free": True, "note": "9cm pots"}]})
    if rng.random() < 0.4:
        srch.args["peat_free"] = True
        d.patterns.append("schema_default")
    stock = Step("check_plug_stock", {"sku": sku}, {"sku": sku, "trays_in_stock": trays + rng.randint(3, 30),
                                                    "earliest_dispatch": (day + dt.timedelta(days=1)).isoformat()})
    oid = f"PO-{rng.randint(100000, 999999)}"
    order = Step("place_plug_order", {"account_id": acct, "sku": sku, "trays": trays, "delivery_date": when.isoformat()},
                 {"order_id": oid, "status": "confirmed", "total_gbp": round(trays * size * 0.35, 2)})
    d.steps = [srch, stock, order]
    d.output = L(lang, f"Ordered {trays} trays of {sku} ({size} per tray = {plugs} plugs) for delivery on {en_date(when)}: "
                       f"£{trays * size * 0.35:.2f}, order {oid}.",
                 f"已下单 {trays} 盘 {sku}（每盘{size}棵，共{plugs}棵），{zh_date(when)}送达，£{trays * size * 0.35:.2f}，订单号 {oid}。")
    d.patterns += ["trays_from_plug_count", "id_from_context", "copied_id", "relative_date_resolved"] + (["species_translated"] if lang == "zh" else [])
    d.roles = {"main": order, "write": order, "lookup": srch, "producer": srch,
               "distractor": Step("get_growing_tips", {"species": en}, {"species": en, "tips": "Full sun, free-draining soil."})}
    d.slots = {"context_id": (order, "account_id"), "copied_id": (order, "sku"), "computed": (order, "trays"), "date": (order, "delivery_date")}
    d.facts = {"date_format": True, "miscomputed": trays + 1,
               "wrong_output": L(lang, f"{en.capitalize()} likes full sun and free-draining soil.", f"{zh}喜欢全日照和排水良好的土壤。")}
    return done(d)


def pn_report(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("plug_nursery", lang, day, PN_TOOLS, rng, ["export_poll", "computation", "context_ids"])
    _trade(d, rng)
    monday = day - dt.timedelta(days=day.weekday())
    xlsx = rng.random() < 0.5
    d.request = L(lang, f"Kick off this week's availability report{' as an Excel file' if xlsx else ''} and tell me when it's ready.",
                  f"生成本周的可供货报表{'，要Excel格式' if xlsx else ''}，好了告诉我。")
    job = f"rep-{rng.getrandbits(32):08x}"
    args = {"week_start": monday.isoformat()}
    if xlsx:
        args["format"] = "xlsx"
    start = Step("start_availability_report", args, {"job_id": job, "status": "queued"})
    polls = rng.randint(2, 4)
    url = f"https://nursery.example/reports/{job}.{'xlsx' if xlsx else 'csv'}"
    steps = [start]
    for i in range(polls):
        fin = i == polls - 1
        steps.append(Step("get_report_status", {"job_id": job}, {"job_id": job, "status": "done", "url": url} if fin
                          else {"job_id": job, "status": "running", "progress": 25 * (i + 1)}))
    d.steps = steps
    d.output = L(lang, f"The availability report for the week of {en_date(monday)} is ready: {url}",
                 f"{zh_date(monday)}这一周的可供货报表已生成：{url}")
    d.patterns += ["this_week_monday", "status_polled"]
    d.roles = {"main": start, "producer": start}
    d.slots = {"date": (start, "week_start"), "copied_id": (steps[1], "job_id")}
    if xlsx:
        d.slots["enum"] = (start, "format")
    d.facts = {"date_format": True, "enum_word": "Excel"}
    return done(d)


def pn_compare(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("plug_nursery", lang, day, PN_TOOLS, rng, ["comparison", "computation"])
    _trade(d, rng)
    picks = rng.sample(SPECIES, 3)
    d.request = L(lang, f"Which works out cheapest per plug: {picks[0][0]}, {picks[1][0]} or {picks[2][0]}?",
                  f"{picks[0][1]}、{picks[1][1]}、{picks[2][1]}，哪种穴盘苗单棵最便宜？")
    steps, per = [], []
    for i, (en, _) in enumerate(picks):
        size = rng.choice([40, 54, 84])
        price = round(size * rng.uniform(0.28, 0.5), 2)
        per.append(price / size)
        steps.append(Step("search_plugs", {"species": en}, {"results": [{"sku": f"PF-{en[:3].upper()}-{size}", "species": en, "tray_size": size,
                                                                        "price_per_tray": price, "peat_free": True}]}, parallel=i > 0))
    best = min(range(3), key=lambda i: per[i])
    d.steps = steps
    en_l = ", ".join(f"{p[0]} {per[i] * 100:.1f}p" for i, p in enumerate(picks))
    zh_l = "，".join(f"{p[1]} {per[i] * 100:.1f}便士" for i, p in enumerate(picks))
    d.output = L(lang, f"{picks[best][0].capitalize()} is cheapest per plug ({en_l}).", f"{picks[best][1]}单棵最便宜（{zh_l}）。")
    d.patterns += ["parallel_lookups", "per_unit_in_answer"] + (["species_translated"] if lang == "zh" else [])
    d.roles = {"main": steps[0], "lookup": steps[0],
               "distractor": Step("get_growing_tips", {"species": picks[0][0]}, {"species": picks[0][0], "tips": "Pinch out early."})}
    d.facts = {"wrong_output": L(lang, f"Tip for {picks[0][0]}: pinch out early.", f"{picks[0][1]}小贴士：早点摘心。")}
    return done(d)


def pn_status(rng: random.Random, lang: str) -> Draft:
    day = pick_day(rng)
    d = new("plug_nursery", lang, day, PN_TOOLS, rng, ["follow_up", "lookup_question"])
    acct = _trade(d, rng)
    en, zh = rng.choice(SPECIES)
    placed = day - dt.timedelta(days=rng.randint(1, 6))
    when = day + dt.timedelta(days=rng.randint(1, 6))
    oid, sku = f"PO-{rng.randint(100000, 999999)}", f"PF-{en[:3].upper()}-84"
    d.history = [
        {"role": "user", "text": L(lang, f"Order 3 trays of {en} plugs for {en_date(when)}.", f"订3盘{zh}穴盘苗，{zh_date(when)}送到。")},
        {"role": "assistant", "calls": [{"name": "place_plug_order", "arguments": {"account_id": acct, "sku": sku, "trays": 3,
                                                                                    "delivery_date": when.isoformat()}}]},
        {"role": "tool", "results": [{"order_id": oid, "status": "confirmed", "placed": placed.isoformat()}]},
        {"role": "assistant", "text": L(lang, f"Ordered, {oid}.", f"已下单，{oid}。")},
    ]
    d.request = L(lang, rng.choice(["Any news on that order?", "Has the plug order gone out yet?"]), rng.choice(["那个订单发货了吗？", "穴盘苗订单现在什么状态？"]))
    shipped = rng.random() < 0.5
    g = Step("get_plug_order", {"order_id": oid}, {"order_id": oid, "status": "dispatched" if shipped else "picking",
                                                   "delivery_date": when.isoformat(), **({"courier": "Nursery van"} if shipped else {})})
    d.steps = [g]
    d.output = (L(lang, f"Yes, {oid} is on the nursery van, due {en_date(when)}.", f"{oid} 已经装车发出，预计{zh_date(when)}送到。") if shipped else
                L(lang, f"{oid} is being picked now and is still due {en_date(when)}.", f"{oid} 正在配货，仍按{zh_date(when)}送达。"))
    d.patterns += ["id_from_history"]
    d.roles = {"main": g, "lookup": g, "plain": g}
    d.slots = {"history_id": (g, "order_id")}
    return done(d)


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    pj_book, cp_question, tt_buy, xt_book, rw_apply, ic_quote_book, mr_signup, pn_order,
    pj_extend, cp_report, tt_compare, xt_retry, rw_renew, ic_book, mr_bulk, pn_report,
    pj_check, cp_walk, tt_refund, xt_cancel, rw_export, ic_reschedule, mr_withdraw, pn_compare,
    tt_buy_email, xt_when, rw_retry, mr_next, pn_status,
]


# --- faults: the corpus's, with a wrong tool that answers from it, and two of this split's own ----------

def wrong_tool(draft: Draft, rng: random.Random) -> Marks | None:
    """The main step calls an offered tool the request is not about, and the answer reports what it said."""
    main, distractor = draft.roles.get("main"), draft.roles.get("distractor")
    if main is None or distractor is None or "wrong_output" not in draft.facts:
        return None
    main.tool, main.args, main.result = distractor.tool, copy.deepcopy(distractor.args), copy.deepcopy(distractor.result)
    main.error = None
    draft.drop_after(main)
    draft.slots = {k: v for k, v in draft.slots.items() if v[0] is not main}
    draft.roles = {k: s for k, s in draft.roles.items() if s is not main or k == "main"}
    draft.output = draft.facts["wrong_output"]
    return {"wrong_tool": [main]}


def miscomputed(draft: Draft, rng: random.Random) -> Marks | None:
    """A value the agent computes from results or the request (a date N days on, a total, a tray count), computed wrong."""
    found = draft.slots.get("computed")
    if found is None or "miscomputed" not in draft.facts:
        return None
    step, key = found
    step.args[key] = draft.facts["miscomputed"]
    if isinstance(step.result, dict) and key in step.result:
        step.result[key] = draft.facts["miscomputed"]
    return {"ungrounded_value": [step]}


def unit_slip(draft: Draft, rng: random.Random) -> Marks | None:
    """The tree's height in the user's unit (feet, metres) where the tool wants centimetres."""
    found = draft.slots.get("unit")
    if found is None:
        return None
    step, key = found
    value = draft.facts["unit_slip"]
    step.args[key] = value
    return {"type_error": [step]} if isinstance(value, float) and not value.is_integer() else {"constraint_error": [step]}


def no_recovery(draft: Draft, rng: random.Random) -> Marks | None:
    """The corpus's, except where the last call is a retry: failing it too would make a failing loop."""
    last = draft.steps[-1]
    if len(draft.steps) > 1 and (draft.steps[-2].tool, draft.steps[-2].args) == (last.tool, last.args):
        return None
    return CORPUS_FAULTS["no_recovery"](draft, rng)


FAULTS = {**CORPUS_FAULTS, "wrong_tool": wrong_tool, "miscomputed": miscomputed, "unit_slip": unit_slip,
          "no_recovery": no_recovery}
_ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
_COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
_ORDER = {name: 2 if name == "pii_leak" else 1 if name in _ENDINGS else -1 if name in _COPIES else 0 for name in FAULTS}
_CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}, {"future_ref", "miscomputed"}]
NAMES_OF_FAULTS = sorted(FAULTS)


def make_case(index: int, scenario: Callable[[random.Random, str], Draft], lang: str, faults: list[str],
              rng: random.Random) -> Case | None:
    """One case: the scenario's clean draft with `faults` applied (None when one has no place in it)."""
    draft = scenario(rng, lang)
    if any(clash <= set(faults) for clash in _CLASHES):
        return None
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    for name in sorted(faults, key=_ORDER.__getitem__):
        try:
            found = FAULTS[name](draft, rng)
        except (KeyError, ValueError, TypeError):  # an earlier fault already broke the argument this one needs
            return None
        if found is None:
            return None
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != TOUCHED:
                marks.setdefault(label, []).extend(marked)
    trajectory, seqs = build(draft, f"a5{index:030x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults, faults=list(faults),
                patterns=draft.patterns, trajectory=trajectory, expected=expected)


def _case(index: int, seed: int) -> Case:
    rng = random.Random(f"{SPLIT}:{seed}:{index}")
    lang = ("en", "zh")[index % 2]
    first = (index // 2) % len(SCENARIOS)
    while True:
        roll = rng.random()
        faults = [] if roll < 0.5 else [rng.choice(NAMES_OF_FAULTS)] if roll < 0.85 else rng.sample(NAMES_OF_FAULTS, 2)
        if len(faults) == 2 and set(faults) <= _ENDINGS:
            continue
        for attempt in range(len(SCENARIOS)):
            scenario = SCENARIOS[(first + attempt) % len(SCENARIOS)]
            case = make_case(index, scenario, lang, faults, random.Random(rng.getrandbits(64)))
            if case is not None:
                return case


def generate(n: int, seed: int = 0) -> list[Case]:
    """`n` cases, each from (seed, index) alone: about half clean, the rest with one fault or two on different calls."""
    return [_case(index, seed) for index in range(n)]
