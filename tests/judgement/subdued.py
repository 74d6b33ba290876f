"""The subdued split: agent traffic of a cemetery's memorial bench and plaque bookings, a city's
graffiti removal reports, a fencing club's piste bookings and bout records, an ice-cream van round
planner, a hydroponic container farm's grow-slot leases, a stained-glass restoration studio,
sheepdog trial entries and a council's sports pitch and line-marking bookings, written by a
thirtieth helper who read neither the evaluators, their calibration nor any other split. It must
not be read when tuning the evaluators, or it stops being unseen.

Shapes it holds: bookings; questions answered by lookups; comparisons with parallel calls in one
model turn; changes and cancellations of existing records; computations the agent does from
results (areas, end times, totals, dates N days later, unit conversions); follow-ups whose history
carries earlier messages, calls and results; exports polled to completion with a status tool;
retries after a transient 503 that then succeed; context values (user.id, tenant, account and
member ids on the root span's attributes or resource) the framework fills in. English and Chinese
requests, some with tool descriptions in the other language. Each case is drawn from (seed, index)
alone, so changing one case leaves the others as they were.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import re
from collections.abc import Callable

from collector.trajectory import ToolDefinition
from tests.judgement import corpus as C
from tests.judgement.corpus import TOUCHED, Case, Draft, Marks, Step, build

SPLIT = "subdued"
BASE = dt.date(2025, 1, 6)
D = dt.timedelta
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
WD_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WD_ZH = ["一", "二", "三", "四", "五", "六", "日"]
ZH_NUM = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十", 12: "十二"}
TIME_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$"


# --- wording helpers ---------------------------------------------------------------------------

class _W:
    """The user's language (`t`) and the tool descriptions' language (`d`), which now and then differ."""

    def __init__(self, r: random.Random, lang: str):
        self.r, self.lang = r, lang
        self.dl = lang if r.random() < 0.7 else ("zh" if lang == "en" else "en")

    def t(self, en, zh):
        return en if self.lang == "en" else zh

    def d(self, en, zh):
        return en if self.dl == "en" else zh


def _iso(d: dt.date) -> str:
    return d.isoformat()


def _en(d: dt.date) -> str:
    return f"{d.day} {MONTHS[d.month - 1]}"


def _zh(d: dt.date) -> str:
    return f"{d.month}月{d.day}日"


def _day(r: random.Random) -> dt.date:
    return BASE + D(r.randint(0, 330))


def _num(x: float) -> int | float:
    return int(x) if float(x).is_integer() else round(x, 2)


def _when(r: random.Random, day: dt.date, kinds=("tomorrow", "after", "weekday", "explicit"), weekday=None):
    """A day the user names (English phrase, Chinese phrase, the date, whether it is relative)."""
    kind = r.choice(kinds)
    if kind == "tomorrow":
        return "tomorrow", "明天", day + D(1), True
    if kind == "after":
        return "the day after tomorrow", "后天", day + D(2), True
    if kind == "weekday":
        wd = weekday if weekday is not None else r.choice([1, 3, 5])
        ahead = wd - day.weekday()
        if ahead <= 0:
            ahead += 7
        zh = ("这周" if day.weekday() < wd else "下周") + WD_ZH[wd]
        return f"this coming {WD_EN[wd]}", zh, day + D(ahead), True
    target = day + D(r.randint(3, 40))
    return f"on {_en(target)}", _zh(target), target, False


def tool(tool_name: str, tool_description: str, required: list[str] | None = None, /, **properties: dict) -> ToolDefinition:
    """A tool definition as corpus.tool makes it; parameters may be named name or description (description_)."""
    if "description_" in properties:
        properties["description"] = properties.pop("description_")
    schema: dict = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return ToolDefinition(name=tool_name, description=tool_description, parameters=schema)


def S(desc=None, **kw):
    return {"type": "string", **({"description": desc} if desc else {}), **kw}


def I(desc=None, **kw):
    return {"type": "integer", **({"description": desc} if desc else {}), **kw}


def N(desc=None, **kw):
    return {"type": "number", **({"description": desc} if desc else {}), **kw}


def B(desc=None):
    return {"type": "boolean", **({"description": desc} if desc else {})}


def DATE(desc=None):
    return S(desc, format="date")


def _rel_words(w: _W, phrase_en: str, phrase_zh: str, relative: bool) -> list[str]:
    if relative:
        return [w.t(phrase_en, phrase_zh)]
    return w.t(["tomorrow", "next week"], ["明天", "下周"])


def _draft(w: _W, domain: str, day: dt.date, request: str, output, tools, steps, **kw) -> Draft:
    return Draft(domain=domain, lang=w.lang, request=request, output=output, tools=tools, steps=steps, day=day, **kw)


# --- scenarios ---------------------------------------------------------------------------------
# Each drafts one clean run. Roles: producer (its result feeds copied_id), lookup (a plain lookup with
# a dict result), main (the call the request is about), write (the last call, an action), plain.
# Facts: enum_word, extra_value, success_text, date_format, rel_words, wrong_output, miscomputed,
# wrong_code, unconverted.

def cem_bench(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    acc, uid = f"FAM-{r.randint(10000, 99999)}", f"u{r.randint(100000, 999999)}"
    section = w.t(*r.choice([("Rose Garden", "玫瑰园"), ("Yew Walk", "紫杉步道"), ("North Lawn", "北草坪")]))
    who = r.choice([("my dad", "我父亲", "Arthur Bell", "张建国"), ("my mum", "我母亲", "Margaret Ellis", "王秀兰"),
                    ("our grandmother", "我们外婆", "Edith Shaw", "李桂芳")])
    (f_en, f_zh), finish = r.choice([(("oak", "橡木"), "OAK_NATURAL"), (("teak", "柚木"), "TEAK_OILED"),
                                     (("recycled composite", "再生复合材料"), "RECYCLED_COMPOSITE")])
    p_en, p_zh, when, rel = _when(r, day)
    years = f"{r.randint(1930, 1950)}–{r.randint(2019, 2024)}"
    dedication = w.t(f"In loving memory of {who[2]}, {years}. Always in our hearts.", f"永远怀念{who[3]}（{years}）")
    request = w.t(r.choice([
        f"Hi, we'd like to reserve a memorial bench in the {section} for {who[0]}, ideally facing the pond. "
        f"{f_en.capitalize()} please, installed {p_en}. The plaque should read \"{dedication}\"",
        f"can we book a bench in {section} for {who[0]}? one looking at the pond if poss, {f_en} finish, "
        f"install {p_en}. wording: \"{dedication}\""]),
        f"你好，我们想在{section}给{who[1]}订一张纪念长椅，最好面向池塘，要{f_zh}的，{p_zh}安装。铭牌上写：“{dedication}”")
    row = r.randint(1, 8)
    pond = f"{section[:1].upper() if lang == 'en' else 'Q'}{row}-{r.randint(100, 999)}"
    other = f"{pond[0]}{row + 1}-{r.randint(100, 999)}"  # another row: never a near miss of the pond spot
    spots = [{"spot_id": pond, "view": w.t("faces the pond", "面向池塘")},
             {"spot_id": other, "view": w.t("faces the chapel", "面向小教堂")}]
    r.shuffle(spots)
    ref = f"MB-{r.randint(50000, 59999)}"
    find = Step("find_bench_spots", {"section": section}, {"section": section, "spots": spots})
    reserve = Step("reserve_bench", {"spot_id": pond, "finish": finish, "install_date": _iso(when),
                                     "dedication": dedication, "account_id": acc},
                   {"reservation": ref, "status": "reserved", "spot_id": pond, "install_date": _iso(when)})
    output = w.t(f"Done. Bench spot {pond} in the {section} (facing the pond) is reserved with the {f_en} finish and "
                 f"will be installed on {_en(when)}. Your reservation number is {ref}.",
                 f"已预订：{section}面向池塘的长椅位{pond}，{f_zh}材质，{_zh(when)}安装。预订号{ref}。")
    tools = [
        tool("find_bench_spots", w.d("Find free memorial bench spots in a cemetery section.", "查找墓园某区域内可预订的纪念长椅位置。"),
             ["section"], section=S(w.d("Section name", "区域名称"))),
        tool("reserve_bench", w.d("Reserve a memorial bench spot with its finish, dedication and install date.",
                                  "预订纪念长椅：位置、材质、铭文和安装日期。"),
             ["spot_id", "finish", "install_date", "dedication", "account_id"],
             spot_id=S(), finish={"type": "string", "enum": ["OAK_NATURAL", "TEAK_OILED", "RECYCLED_COMPOSITE"]},
             install_date=DATE(w.d("Install date", "安装日期")), dedication=S(maxLength=160),
             account_id=S(w.d("Family account id", "家庭账户编号"))),
        tool("order_plaque", w.d("Order a memorial plaque for a grave or bench.", "为墓位或长椅订制纪念铭牌。"),
             ["text", "account_id"], text=S(), account_id=S(), material={"type": "string", "enum": ["brass", "granite", "slate"]}),
        tool("get_reservation", w.d("Look up a bench reservation.", "查询长椅预订。"), ["reservation"], reservation=S()),
    ]
    distractor = Step("order_plaque", {"text": dedication, "account_id": acc, "material": "brass"},
                      {"order_id": f"PLQ-{r.randint(20000, 29999)}", "status": "in_production"})
    return _draft(w, "memorial_benches", day, request, output, tools, [find, reserve], user_id=uid,
                  session_id=f"s-{r.getrandbits(32):08x}", resource={"deployment.environment": "prod", "family.account_id": acc},
                  patterns=["enum code for the finish the user named", "spot id chosen from the search by the user's wish",
                            "account id from the resource", "install date resolved from the user's words"],
                  roles={"producer": find, "lookup": find, "main": reserve, "write": reserve, "distractor": distractor},
                  slots={"copied_id": (reserve, "spot_id"), "context_id": (reserve, "account_id"), "date": (reserve, "install_date"),
                         "enum": (reserve, "finish"), "extra": (reserve, "section")},
                  facts={"enum_word": w.t(f_en, f_zh), "extra_value": section, "date_format": True,
                         "rel_words": _rel_words(w, p_en, p_zh, rel),
                         "success_text": w.t(f"Your bench is reserved and will be installed on {_en(when)}.", f"长椅已预订，{_zh(when)}安装。"),
                         "wrong_output": w.t("I've placed the plaque order with your dedication.", "已按您的铭文下单订制铭牌。")})


def cem_plaque_followup(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    plot, oid = f"{r.choice('ABCDEFG')}-{r.randint(10, 240)}", f"PLQ-{r.randint(20000, 29999)}"
    fd = day + D(r.randint(10, 30))
    text = w.t(r.choice(["Margaret Ellis, beloved mother, 1938–2024", "Tom Hughes 1950–2023, gone fishing"]),
               r.choice(["慈母 王秀兰 1938–2024", "先父 陈国强 1950–2023"]))
    shift = r.choice([7, 14])
    new = fd + D(shift)
    history = [
        {"role": "user", "text": w.t(f"Please order a granite plaque for plot {plot}: \"{text}\".", f"帮我给{plot}号墓位订一块花岗岩铭牌，刻“{text}”。")},
        {"role": "assistant", "calls": [{"name": "order_plaque", "arguments": {"plot": plot, "text": text, "material": "granite", "font": "roman"}}]},
        {"role": "tool", "results": [{"order_id": oid, "status": "in_production", "fitting_date": _iso(fd)}]},
        {"role": "assistant", "text": w.t(f"Ordered — {oid}, fitting on {_en(fd)}.", f"已下单，订单号{oid}，{_zh(fd)}安装。")},
    ]
    push_en, push_zh = ("a week", "一周") if shift == 7 else ("two weeks", "两周")
    request = w.t(r.choice([f"Actually, can you switch that plaque to the script lettering and push the fitting back {push_en}?",
                            f"sorry, change of plan - script lettering on the plaque instead, and fit it {push_en} later"]),
                  f"刚才那块铭牌，字体改成花体，安装时间往后推{push_zh}。")
    get = Step("get_plaque_order", {"order_id": oid},
               {"order_id": oid, "plot": plot, "font": "roman", "fitting_date": _iso(fd), "status": "in_production"})
    upd = Step("update_plaque_order", {"order_id": oid, "font": "script", "fitting_date": _iso(new)},
               {"order_id": oid, "font": "script", "fitting_date": _iso(new), "status": "updated"})
    output = w.t(f"Updated {oid}: script lettering, and the fitting moves from {_en(fd)} to {_en(new)}.",
                 f"已修改{oid}：改为花体字，安装日期从{_zh(fd)}推迟到{_zh(new)}。")
    fonts = {"type": "string", "enum": ["roman", "script", "block_caps"]}
    tools = [
        tool("order_plaque", w.d("Order a memorial plaque for a plot.", "为墓位订制铭牌。"), ["plot", "text"], plot=S(), text=S(),
             material={"type": "string", "enum": ["brass", "granite", "slate"]}, font=fonts),
        tool("get_plaque_order", w.d("Look up a plaque order.", "查询铭牌订单。"), ["order_id"], order_id=S()),
        tool("update_plaque_order", w.d("Change the font or fitting date of a plaque order.", "修改铭牌订单的字体或安装日期。"),
             ["order_id"], order_id=S(), font=fonts, fitting_date=DATE(w.d("Fitting date", "安装日期"))),
        tool("cancel_plaque_order", w.d("Cancel a plaque order.", "取消铭牌订单。"), ["order_id"], order_id=S()),
    ]
    wrong = fd + D(r.choice([shift - 1, shift + 1, 2 * shift + 7]))
    return _draft(w, "memorial_plaques", day, request, output, tools, [get, upd], user_id=f"u{r.randint(100000, 999999)}",
                  history=history,
                  patterns=["order id from an earlier turn", "fitting date computed from the looked-up date",
                            "font enum member for the user's words"],
                  roles={"lookup": get, "main": upd, "write": upd, "plain": get,
                         "distractor": Step("cancel_plaque_order", {"order_id": oid}, {"order_id": oid, "status": "cancelled"})},
                  slots={"history_id": (upd, "order_id"), "date": (upd, "fitting_date"), "enum": (upd, "font")},
                  facts={"enum_word": w.t("script lettering", "花体"), "date_format": True,
                         "rel_words": w.t([f"{push_en} later"], [f"推迟{push_zh}"]),
                         "miscomputed": (upd, "fitting_date", _iso(wrong)),
                         "success_text": w.t(f"Done — script lettering, fitting on {_en(new)}.", f"已改好，花体字，{_zh(new)}安装。"),
                         "wrong_output": w.t(f"I've cancelled plaque order {oid}.", f"已取消铭牌订单{oid}。")})


def graf_report(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    uid = f"res-{r.randint(10000, 99999)}"
    address = w.t(r.choice(["12 Mill Lane", "48 Station Road", "3 Kirkgate"]), r.choice(["建设路45号", "人民路118号", "中山大道207号"]))
    s_en, s_zh, surface = r.choice([("brick wall", "砖墙", "brick"), ("metal shutter", "金属卷帘门", "metal"),
                                    ("bus-shelter glass", "公交站玻璃挡板", "glass"), ("wooden fence", "木围栏", "wood")])
    wd, ht = r.choice([(3, 2), (2, 1.5), (4, 1), (1.5, 1), (2.5, 2)])
    area = _num(wd * ht)
    off = r.random() < 0.4
    request = w.t(f"Someone's sprayed graffiti on the {s_en} at {address}, roughly {_num(wd)} m by {_num(ht)} m. " +
                  ("There's a slur in it, so please treat it as urgent." if off else "It's only a tag, nothing offensive."),
                  f"{address}的{s_zh}被人喷了涂鸦，大概{_num(wd)}米乘{_num(ht)}米。" + ("上面有骂人的话，麻烦尽快处理。" if off else "就是普通的签名涂鸦，没有不雅内容。"))
    if lang == "en":
        lat, lon = round(53.78 + r.random() * 0.1, 5), round(-1.6 + r.random() * 0.1, 5)
    else:
        lat, lon = round(30.55 + r.random() * 0.1, 5), round(114.25 + r.random() * 0.1, 5)
    ward = f"W-{r.randint(1, 30):02d}"
    geo = Step("geocode_address", {"address": address}, {"lat": lat, "lon": lon, "ward_code": ward, "matched": address})
    desc = w.t(f"Graffiti on a {s_en} at {address}, about {_num(wd)} m x {_num(ht)} m" + ("; contains offensive language." if off else "; a tag, not offensive."),
               f"{address}{s_zh}上有涂鸦，约{_num(wd)}米×{_num(ht)}米" + ("，含辱骂内容。" if off else "，普通签名，无不雅内容。"))
    rid = f"GR-{r.randint(30000, 39999)}"
    create = Step("create_graffiti_report", {"lat": lat, "lon": lon, "ward_code": ward, "surface": surface, "offensive": off,
                                             "area_m2": area, "description": desc, "reporter_id": uid},
                  {"report_id": rid, "status": "queued", "removal_target_working_days": 1 if off else 5})
    steps = [geo, create]
    patterns = ["coordinates and ward copied from geocoding", "area computed from the user's dimensions",
                "reporter id from the trace's user", "boolean from the user's description", "description written by the agent"]
    if r.random() < 0.3:  # the geocoder hiccups once
        first = copy.deepcopy(geo)
        first.error, first.result = "503 Service Unavailable", None
        steps.insert(0, first)
        patterns.append("one identical retry after a transient 503")
    output = w.t(f"Reported — your reference is {rid}. " + ("Because it's offensive, the crew aims to remove it within 1 working day."
                                                          if off else "The target for removal is 5 working days."),
                 f"已上报，编号{rid}。" + ("因含辱骂内容，清理队会在1个工作日内处理。" if off else "一般会在5个工作日内清除。"))
    tools = [
        tool("geocode_address", w.d("Turn a street address into coordinates and the council ward.", "把街道地址转换为坐标和所属片区。"),
             ["address"], address=S()),
        tool("create_graffiti_report", w.d("File a graffiti removal report.", "提交涂鸦清除报告。"),
             ["lat", "lon", "surface", "offensive", "reporter_id"], lat=N(), lon=N(), ward_code=S(),
             surface={"type": "string", "enum": ["brick", "concrete", "metal", "glass", "wood", "render"]},
             offensive=B(w.d("Offensive or hateful content", "是否含冒犯性内容")), area_m2=N(w.d("Area in square metres", "面积（平方米）"), minimum=0.1),
             description_=S(), reporter_id=S()),
        tool("report_streetlight_fault", w.d("Report a broken or flickering street light.", "报告路灯故障。"),
             ["lat", "lon", "reporter_id"], lat=N(), lon=N(), description_=S(), reporter_id=S()),
        tool("get_report_status", w.d("Status of a report.", "查询报告状态。"), ["report_id"], report_id=S()),
    ]
    distractor = Step("report_streetlight_fault", {"lat": lat, "lon": lon, "description": desc, "reporter_id": uid},
                      {"fault_id": f"SL-{r.randint(1000, 9999)}", "status": "logged"})
    return _draft(w, "graffiti_reports", day, request, output, tools, steps, user_id=uid,
                  attributes={"app.channel": "citizen-app"}, patterns=patterns,
                  roles={"producer": geo, "lookup": geo, "main": create, "write": create, "distractor": distractor},
                  slots={"user_id": (create, "reporter_id"), "copied_id": (create, "ward_code"), "enum": (create, "surface"),
                         "extra": (create, "address")},
                  facts={"enum_word": w.t(s_en, s_zh), "extra_value": address,
                         "miscomputed": (create, "area_m2", _num(wd * ht + r.choice([1, 2, -0.5]))),
                         "success_text": w.t(f"Reported — reference {rid}.", f"已上报，编号{rid}。"),
                         "wrong_output": w.t("Logged — the council will send someone out.", "已登记，市政会派人处理。")})


STATUS = {"removed": ("removed", "已清除"), "crew_assigned": ("a crew is assigned", "已派清理队"),
          "awaiting_owner_permission": ("waiting for the owner's permission", "等待业主同意"), "queued": ("queued", "排队中")}


def graf_my_reports(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    uid = f"res-{r.randint(10000, 99999)}"
    m1 = day.replace(day=1)
    k = r.choice([2, 3, 3, 3])
    addrs = r.sample(w.t(["12 Mill Lane", "48 Station Road", "3 Kirkgate", "Canal towpath by Lock 4"],
                         ["建设路45号", "人民路118号", "中山大道207号", "江滩公园入口"]), k)
    ids = r.sample(range(30000, 39999), k)
    reports = [{"report_id": f"GR-{i}", "address": a, "filed": _iso(m1 + D(min(j, (day - m1).days)))} for j, (i, a) in enumerate(zip(ids, addrs))]
    request = w.t(r.choice(["Any news on the graffiti I've reported this month?", "what's happening with the graffiti reports i sent in this month"]),
                  r.choice(["我这个月报的涂鸦现在处理得怎么样了？", "查一下我本月提交的涂鸦报告进度"]))
    lst = Step("list_my_reports", {"reporter_id": uid, "since": _iso(m1)}, {"reports": reports})
    statuses = []
    lines = []
    for j, rep in enumerate(reports):
        st = r.choice(list(STATUS))
        s = Step("get_report_status", {"report_id": rep["report_id"]},
                 {"report_id": rep["report_id"], "status": st, "updated": _iso(day - D(r.randint(0, 3)))}, parallel=j > 0)
        statuses.append(s)
        lines.append(w.t(f"{rep['report_id']} ({rep['address']}): {STATUS[st][0]}", f"{rep['report_id']}（{rep['address']}）：{STATUS[st][1]}"))
    output = w.t(f"You filed {k} reports this month: " + "; ".join(lines) + ".", f"您本月提交了{k}条报告：" + "；".join(lines) + "。")
    tools = [
        tool("list_my_reports", w.d("List the reports a resident has filed.", "列出居民提交过的报告。"), ["reporter_id"],
             reporter_id=S(), since=DATE(w.d("Only reports filed on or after this date", "起始日期")), page_size=I(default=20, minimum=1)),
        tool("get_report_status", w.d("Current status of one graffiti report.", "查询单条涂鸦报告的当前状态。"), ["report_id"], report_id=S()),
        tool("create_graffiti_report", w.d("File a graffiti removal report.", "提交涂鸦清除报告。"), ["lat", "lon"], lat=N(), lon=N()),
    ]
    return _draft(w, "graffiti_reports", day, request, output, tools, [lst, *statuses], user_id=uid,
                  patterns=["reporter id from the trace's user", "'this month' resolved to its first day",
                            "report ids copied from the list", "status lookups in one parallel turn"],
                  roles={"producer": lst, "lookup": lst, "main": statuses[0]},
                  slots={"user_id": (lst, "reporter_id"), "date": (lst, "since"), "copied_id": (statuses[0], "report_id")},
                  facts={"date_format": True, "rel_words": w.t(["this month"], ["本月"])})


def graf_export(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    tenant = f"cc-{r.choice(['north', 'east', 'west'])}-{r.randint(10, 99)}"
    ward, code = r.choice(w.t([("Headingley", "W-12"), ("Armley", "W-03"), ("Chapel Allerton", "W-08")],
                              [("江汉", "W-12"), ("硚口", "W-03"), ("洪山", "W-08")]))
    d2 = day.replace(day=1) - D(1)
    d1 = d2.replace(day=1)
    (f_en, f_zh, word_en, word_zh), fmt = r.choice([(("as a spreadsheet", "导成Excel表格", "spreadsheet", "Excel"), "xlsx"),
                                                    (("as a CSV file", "导成CSV文件", "CSV file", "CSV文件"), "csv"),
                                                    (("as a map layer", "导成地图图层", "map layer", "地图图层"), "geojson")])
    request = w.t(f"Can you export all the graffiti reports for {ward} ward from last month {f_en}?",
                  f"帮我把{ward}区上个月的涂鸦报告全部{f_zh}。")
    jid = f"EXP-{r.getrandbits(24):06x}"
    lw = Step("list_wards", {"name": ward}, {"wards": [{"code": code, "name": ward}]})
    start = Step("start_report_export", {"tenant_id": tenant, "ward_code": code, "date_from": _iso(d1), "date_to": _iso(d2), "format": fmt},
                 {"job_id": jid, "state": "queued"})
    polls = []
    n = r.choice([2, 3])
    rows = r.randint(40, 400)
    url = f"https://exports.council.example/{jid}.{fmt}"
    for j in range(n):
        done = j == n - 1
        polls.append(Step("get_export_status", {"job_id": jid},
                          {"job_id": jid, "state": "done", "rows": rows, "download_url": url} if done
                          else {"job_id": jid, "state": "running", "progress": 30 + 30 * j}, duration=80))
    output = w.t(f"The export is ready: {rows} reports for {ward} from {_en(d1)} to {_en(d2)}. Download it here: {url}",
                 f"导出完成：{ward}区{_zh(d1)}至{_zh(d2)}共{rows}条报告，下载地址：{url}")
    tools = [
        tool("list_wards", w.d("Find a ward's code by its name.", "按名称查找片区代码。"), ["name"], name=S()),
        tool("start_report_export", w.d("Start an export of graffiti reports; returns a job id.", "开始导出涂鸦报告，返回任务编号。"),
             ["tenant_id", "ward_code", "date_from", "date_to"], tenant_id=S(), ward_code=S(), date_from=DATE(), date_to=DATE(),
             format={"type": "string", "enum": ["csv", "xlsx", "geojson"], "default": "csv"}),
        tool("get_export_status", w.d("Check an export job's progress; poll until state is 'done'.", "查询导出任务进度，轮询直到状态为 done。"),
             ["job_id"], job_id=S()),
    ]
    return _draft(w, "graffiti_reports", day, request, output, tools, [lw, start, *polls], user_id=f"staff-{r.randint(100, 999)}",
                  resource={"council.tenant_id": tenant, "service.version": "3.2.0"},
                  patterns=["tenant id from the resource", "'last month' resolved to its first and last days",
                            "ward code copied from the lookup", "format enum for the user's words", "status polled until done"],
                  roles={"producer": lw, "lookup": lw, "main": start},
                  slots={"copied_id": (start, "ward_code"), "context_id": (start, "tenant_id"), "date": (start, "date_from"),
                         "enum": (start, "format")},
                  facts={"enum_word": w.t(word_en, word_zh), "date_format": True, "rel_words": w.t(["last month"], ["上个月"])})


WEAPONS = [("épée", "重剑", "epee"), ("foil", "花剑", "foil"), ("sabre", "佩剑", "sabre")]


def fence_book(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    mid = f"FC-{r.randint(10000, 99999)}"
    wen, wzh, weapon = r.choice(WEAPONS)
    p_en, p_zh, when, rel = _when(r, day)
    h = r.choice([18, 19, 20])
    d_en, d_zh, dur = r.choice([("an hour and a half", "一个半小时", 90), ("two hours", "两个小时", 120), ("an hour", "一个小时", 60)])
    request = w.t(r.choice([f"Can I get an {wen} piste {p_en} from {h - 12}pm for {d_en}?" if wen[0] in "éa" else
                            f"Can I get a {wen} piste {p_en} from {h - 12}pm for {d_en}?",
                            f"book me a piste for {wen} {p_en}, {h - 12}pm, {d_en} pls"]),
                  f"{p_zh}晚上{h - 12}点想订一条{wzh}剑道，练{d_zh}。")
    start = f"{h}:00"
    end_dt = dt.datetime(2000, 1, 1, h) + D(minutes=dur)
    end = end_dt.strftime("%H:%M")
    chosen = f"P{r.randint(1, 8)}"
    slots_needed = [(dt.datetime(2000, 1, 1, h) + D(minutes=30 * i)).strftime("%H:%M") for i in range(dur // 30)]
    other = f"P{(int(chosen[1:]) % 8) + 1}"
    pistes = [{"piste_id": chosen, "free_slots": sorted(set(slots_needed + ["17:30", "21:00"]))},
              {"piste_id": other, "free_slots": ["17:00", "17:30", "21:30"]}]
    r.shuffle(pistes)
    lst = Step("list_free_pistes", {"date": _iso(when), "weapon": weapon}, {"date": _iso(when), "pistes": pistes})
    bid = f"PB-{r.randint(100000, 999999)}"
    book = Step("book_piste", {"piste_id": chosen, "date": _iso(when), "start_time": start, "duration_minutes": dur, "member_id": mid},
                {"booking_id": bid, "piste_id": chosen, "start": start, "end": end})
    output = w.t(f"Booked piste {chosen} for {wen} on {_en(when)}, {start}–{end}. Booking {bid}.",
                 f"已订好{_zh(when)} {start}–{end}的{chosen}号{wzh}剑道，预订号{bid}。")
    wenum = {"type": "string", "enum": ["foil", "epee", "sabre"]}
    tools = [
        tool("list_free_pistes", w.d("Free piste slots on a date for a weapon.", "查询某天某剑种的空闲剑道。"), ["date", "weapon"],
             date=DATE(), weapon=wenum),
        tool("book_piste", w.d("Book a piste for a member.", "为会员预订剑道。"), ["piste_id", "date", "start_time", "duration_minutes", "member_id"],
             piste_id=S(), date=DATE(), start_time=S("HH:MM", pattern=TIME_PATTERN),
             duration_minutes=I(minimum=30, maximum=180), member_id=S()),
        tool("book_armoury_kit", w.d("Reserve loan kit (mask, jacket, weapon) from the club armoury.", "从俱乐部器材室借用护具和剑。"),
             ["member_id", "weapon", "date"], member_id=S(), weapon=wenum, date=DATE()),
        tool("cancel_piste_booking", w.d("Cancel a piste booking.", "取消剑道预订。"), ["booking_id"], booking_id=S()),
    ]
    distractor = Step("book_armoury_kit", {"member_id": mid, "weapon": weapon, "date": _iso(when)},
                      {"kit_booking": f"KIT-{r.randint(1000, 9999)}", "status": "reserved"})
    return _draft(w, "fencing_club", day, request, output, tools, [lst, book], user_id=f"u{r.randint(100000, 999999)}",
                  attributes={"club.member_id": mid},
                  patterns=["weapon enum member for the user's word (accent dropped)", "date resolved from the user's words",
                            "start time 24-hour from 'pm'", "duration converted to minutes", "member id from the root span"],
                  roles={"producer": lst, "lookup": lst, "main": book, "write": book, "distractor": distractor},
                  slots={"date": (book, "date"), "copied_id": (book, "piste_id"), "context_id": (book, "member_id"),
                         "enum": (lst, "weapon"), "extra": (book, "weapon")},
                  facts={"enum_word": w.t(wen, wzh), "extra_value": w.t(wen, wzh), "date_format": True,
                         "rel_words": _rel_words(w, p_en, p_zh, rel),
                         "miscomputed": (book, "duration_minutes", {90: 150, 120: 100, 60: 90}[dur]),
                         "success_text": w.t(f"Booked — piste {chosen}, {start}–{end}.", f"已订好{chosen}号剑道，{start}–{end}。"),
                         "wrong_output": w.t(f"You're all set with {wen} kit on {_en(when)}.", f"已为您预约{_zh(when)}的{wzh}器材。")})


def fence_compare(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    wen, wzh, weapon = r.choice(WEAPONS)
    monday = day + D(7 - day.weekday())
    dates = [monday + D(i) for i in (1, 2, 3)]
    counts = r.sample(range(0, 7), 3)
    request = w.t(r.choice([f"Which evening next week has the most free {wen} pistes — Tuesday, Wednesday or Thursday?",
                            f"tue, wed or thu evening next week - which has most {wen} pistes free?"]),
                  f"下周二、周三、周四，哪天晚上空着的{wzh}剑道最多？")
    steps = []
    for j, (d, c) in enumerate(zip(dates, counts)):
        steps.append(Step("list_free_pistes", {"date": _iso(d), "weapon": weapon, "session": "EVE"},
                          {"date": _iso(d), "session": "EVE", "pistes": [{"piste_id": f"P{i + 1}"} for i in range(c)]}, parallel=j > 0))
    best = max(range(3), key=lambda i: counts[i])
    others = [i for i in range(3) if i != best]
    output = w.t(f"{WD_EN[dates[best].weekday()]} ({_en(dates[best])}) has the most: {counts[best]} free {wen} pistes in the evening, "
                 f"against {counts[others[0]]} on {WD_EN[dates[others[0]].weekday()]} and {counts[others[1]]} on {WD_EN[dates[others[1]].weekday()]}.",
                 f"周{WD_ZH[dates[best].weekday()]}（{_zh(dates[best])}）晚上最多，有{counts[best]}条空闲{wzh}剑道；"
                 f"周{WD_ZH[dates[others[0]].weekday()]}{counts[others[0]]}条，周{WD_ZH[dates[others[1]].weekday()]}{counts[others[1]]}条。")
    tools = [
        tool("list_free_pistes", w.d("Free pistes on a date for a weapon and session.", "查询某天某剑种某时段的空闲剑道。"), ["date", "weapon"],
             date=DATE(), weapon={"type": "string", "enum": ["foil", "epee", "sabre"]},
             session={"type": "string", "enum": ["AM", "PM", "EVE"], "description": w.d("EVE = evening, after 17:00", "EVE＝晚上（17:00以后）")}),
        tool("book_piste", w.d("Book a piste for a member.", "为会员预订剑道。"), ["piste_id", "date"], piste_id=S(), date=DATE()),
    ]
    return _draft(w, "fencing_club", day, request, output, tools, steps, user_id=f"u{r.randint(100000, 999999)}",
                  attributes={"club.member_id": f"FC-{r.randint(10000, 99999)}"},
                  patterns=["next week's weekdays resolved from the trace's day", "session enum code for 'evening'",
                            "three independent lookups in one parallel turn", "comparison done from the results"],
                  roles={"lookup": steps[0], "main": steps[0]},
                  slots={"date": (steps[0], "date"), "enum": (steps[0], "session")},
                  facts={"enum_word": w.t("evening", "晚上"), "date_format": True, "rel_words": w.t(["next Tuesday"], ["下周二"])})


def fence_bouts(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    mid = f"FC-{r.randint(10000, 99999)}"
    m1 = day.replace(day=1)
    names = r.sample(w.t(["R. Patel", "S. Okafor", "L. Brandt", "M. Rossi", "J. Kim", "T. Novak", "A. Silva"],
                         ["李明", "陈静", "王磊", "赵婷", "刘洋", "周杰", "孙悦"]), r.randint(4, 6))
    bouts = []
    for n in names:
        if r.random() < 0.5:
            s, rc = 5, r.randint(0, 4)
        else:
            s, rc = r.randint(0, 4), 5
        bouts.append({"opponent": n, "scored": s, "received": rc, "result": "V" if s == 5 else "D"})
    wins = sum(b["result"] == "V" for b in bouts)
    ts, tr = sum(b["scored"] for b in bouts), sum(b["received"] for b in bouts)
    with_rank = r.random() < 0.5
    request = w.t(r.choice(["How did I get on in pools this month? How many wins and what's my indicator?",
                            "pool results this month pls - wins + indicator"]) + (" And where am I in the club ranking?" if with_rank else ""),
                  "我这个月小组赛赢了几场？指数是多少？" + ("顺便看看我在俱乐部排第几。" if with_rank else ""))
    get = Step("get_bout_history", {"member_id": mid, "from_date": _iso(m1), "to_date": _iso(day)}, {"member_id": mid, "bouts": bouts})
    steps = [get]
    rank_txt = ("", "")
    if with_rank:
        rank, of = r.randint(1, 30), r.randint(31, 60)
        steps.append(Step("get_club_ranking", {"member_id": mid}, {"member_id": mid, "rank": rank, "of": of}, parallel=True))
        rank_txt = (f" You're ranked {rank} of {of} in the club.", f"您在俱乐部排名第{rank}（共{of}人）。")
    output = w.t(f"{len(bouts)} pool bouts this month: {wins} wins and {len(bouts) - wins} defeats. Indicator {ts - tr:+d} "
                 f"({ts} touches scored, {tr} received).{rank_txt[0]}",
                 f"本月小组赛共{len(bouts)}场，赢{wins}场、输{len(bouts) - wins}场。指数{ts - tr:+d}（击中{ts}剑，被击中{tr}剑）。{rank_txt[1]}")
    tools = [
        tool("get_bout_history", w.d("A member's recorded bouts between two dates.", "查询会员在日期范围内的比赛记录。"),
             ["member_id", "from_date", "to_date"], member_id=S(), from_date=DATE(), to_date=DATE()),
        tool("get_club_ranking", w.d("A member's place in the club ranking.", "查询会员在俱乐部的排名。"), ["member_id"], member_id=S()),
        tool("book_piste", w.d("Book a piste for a member.", "为会员预订剑道。"), ["piste_id", "date"], piste_id=S(), date=DATE()),
    ]
    return _draft(w, "fencing_club", day, request, output, tools, steps, attributes={"club.member_id": mid},
                  patterns=["member id from the root span", "'this month' resolved to its first day and today",
                            "wins and indicator computed from the results"],
                  roles={"lookup": get, "main": get, "plain": get},
                  slots={"context_id": (get, "member_id"), "date": (get, "from_date")},
                  facts={"date_format": True, "rel_words": w.t(["this month"], ["本月"])})


def van_round(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    van = f"VAN-{r.randint(10, 99)}"
    name, code = r.choice(w.t([("Riverside", "RIVERSIDE-2"), ("Hilltop Estates", "HILLTOP-1"), ("Seafront", "SEAFRONT-3")],
                              [("滨江", "BINJIANG-2"), ("山顶小区", "SHANDING-1"), ("海滨", "HAIBIN-3")]))
    p_en, p_zh, when, rel = _when(r, day, kinds=("tomorrow", "weekday", "explicit"), weekday=r.choice([5, 6]))
    h = r.choice([13, 14, 15])
    stop_names = r.sample(w.t(["Elm Park", "School Lane", "the Green", "Marina car park", "Oak Crescent", "Bowling club"],
                              ["榆树公园", "学校路", "中心草坪", "码头停车场", "橡树新村", "体育馆门口"]), r.randint(4, 6))
    stops = []
    for j, s in enumerate(stop_names):
        stops.append({"stop": s, "serve_minutes": r.choice([15, 20, 25, 30]),
                      "drive_minutes_to_next": r.choice([5, 10, 15]) if j < len(stop_names) - 1 else None})
    serve = sum(s["serve_minutes"] for s in stops)
    drive = sum(s["drive_minutes_to_next"] or 0 for s in stops)
    start = f"{h}:00"
    end_t = dt.datetime(2000, 1, 1, h) + D(minutes=serve + drive)
    end = end_t.strftime("%H:%M")
    wrong_end = (end_t + D(minutes=r.choice([-20, 15, 25]))).strftime("%H:%M")
    request = w.t(r.choice([f"Put me on the {name} round {p_en}, starting at {h - 12}pm. What time will I be done?",
                            f"schedule {name} round {p_en} from {h - 12}pm - when do i finish?"]),
                  f"{p_zh}下午{h - 12}点开始跑{name}路线，帮我排上，几点能收工？")
    get = Step("get_round", {"name": name}, {"round_code": code, "name": name, "stops": stops})
    sid = f"SCH-{r.randint(1000, 9999)}"
    sched = Step("schedule_round", {"round_code": code, "van_id": van, "date": _iso(when), "start_time": start, "end_time": end},
                 {"schedule_id": sid, "status": "scheduled"})
    output = w.t(f"You're on the {name} round {('on ' + _en(when))}: {len(stops)} stops, {serve} min serving and {drive} min driving, "
                 f"so you'll finish at {end}. Schedule {sid}.",
                 f"已排好{_zh(when)}的{name}路线：{len(stops)}个站点，售卖{serve}分钟、行车{drive}分钟，预计{end}收工。排班号{sid}。")
    tools = [
        tool("get_round", w.d("Stops of an ice-cream round with serving and driving minutes.", "查询冰淇淋车路线的站点及停留、行车时间。"),
             ["name"], name=S()),
        tool("schedule_round", w.d("Put a van on a round for a day.", "为冰淇淋车安排某天的路线。"),
             ["round_code", "van_id", "date", "start_time"], round_code=S(), van_id=S(), date=DATE(),
             start_time=S(pattern=TIME_PATTERN), end_time=S(pattern=TIME_PATTERN)),
        tool("get_forecast", w.d("Weather forecast for a date.", "查询某天的天气预报。"), ["date"], date=DATE()),
    ]
    distractor = Step("get_forecast", {"date": _iso(when)}, {"date": _iso(when), "summary": "sunny", "max_c": r.randint(18, 29)})
    return _draft(w, "ice_cream_rounds", day, request, output, tools, [get, sched], user_id=f"drv-{r.randint(100, 999)}",
                  resource={"fleet.van_id": van, "deployment.environment": "prod"},
                  patterns=["van id from the resource", "round code copied from the lookup", "day resolved from the user's words",
                            "end time computed from stop and drive minutes"],
                  roles={"producer": get, "lookup": get, "main": sched, "write": sched, "distractor": distractor},
                  slots={"date": (sched, "date"), "context_id": (sched, "van_id"), "copied_id": (sched, "round_code")},
                  facts={"date_format": True, "rel_words": _rel_words(w, p_en, p_zh, rel), "miscomputed": (sched, "end_time", wrong_end),
                         "success_text": w.t(f"Scheduled — you'll finish at {end}.", f"已排好，预计{end}收工。"),
                         "wrong_output": w.t("Looks like good ice-cream weather that day!", "那天天气不错，适合卖冰淇淋！")})


ITEMS = [("99 flake cones", "99蛋筒", 14.5), ("mint choc chip tubs", "薄荷巧克力桶装", 18.0),
         ("strawberry lollies", "草莓冰棍", 9.75), ("oyster wafers", "牡蛎威化", 6.4)]


def van_restock(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    van = f"VAN-{r.randint(10, 99)}"
    stock = [{"sku": f"SKU-{100 + i}", "name": w.t(en, zh), "boxes_left": r.randint(0, 3), "box_price_gbp": p} for i, (en, zh, p) in enumerate(ITEMS)]
    a, b = r.sample(range(len(ITEMS)), 2)
    n1, n2 = r.randint(2, 5), r.randint(2, 5)
    total = n1 * ITEMS[a][2] + n2 * ITEMS[b][2]
    request = w.t(r.choice([f"I'm running low — order {n1} more boxes of {ITEMS[a][0]} and {n2} of {ITEMS[b][0]}, and tell me what it'll cost.",
                            f"need {n1} boxes {ITEMS[a][0]} + {n2} {ITEMS[b][0]} for the van, how much?"]),
                  f"帮我再订{ZH_NUM[n1]}箱{ITEMS[a][1]}和{ZH_NUM[n2]}箱{ITEMS[b][1]}，一共多少钱？")
    check = Step("check_freezer_stock", {"van_id": van}, {"van_id": van, "items": stock})
    steps = [check]
    patterns = ["van id from the resource", "skus looked up by the names the user said", "total computed from box prices"]
    if lang == "zh":
        patterns.append("Chinese numerals as box counts")
    if r.random() < 0.8:
        failed = copy.deepcopy(check)
        failed.error, failed.result = "503 Service Unavailable", None
        steps.insert(0, failed)
        patterns.append("one identical retry after a transient 503")
    oid = f"RS-{r.randint(10000, 99999)}"
    place = Step("place_restock", {"van_id": van, "lines": [{"sku": stock[a]["sku"], "boxes": n1}, {"sku": stock[b]["sku"], "boxes": n2}]},
                 {"order_id": oid, "status": "confirmed", "delivery_date": _iso(day + D(1))})
    steps.append(place)
    output = w.t(f"Ordered {n1} boxes of {ITEMS[a][0]} and {n2} of {ITEMS[b][0]} (order {oid}): £{total:.2f} in total, delivered {_en(day + D(1))}.",
                 f"已下单（{oid}）：{ITEMS[a][1]}{n1}箱、{ITEMS[b][1]}{n2}箱，共£{total:.2f}，{_zh(day + D(1))}送到。")
    tools = [
        tool("check_freezer_stock", w.d("Stock and box prices in a van's freezer.", "查询冰淇淋车冷柜库存及每箱价格。"), ["van_id"], van_id=S()),
        tool("place_restock", w.d("Order boxes from the depot for a van.", "从仓库为冰淇淋车订货。"), ["van_id", "lines"], van_id=S(),
             lines={"type": "array", "items": {"type": "object", "properties": {"sku": S(), "boxes": I(minimum=1)}, "required": ["sku", "boxes"]}}),
        tool("report_freezer_fault", w.d("Report a fault with a van's freezer.", "报告冷柜故障。"), ["van_id", "description"], van_id=S(), description_=S()),
    ]
    distractor = Step("report_freezer_fault", {"van_id": van, "description": w.t(f"Running low on {ITEMS[a][0]} and {ITEMS[b][0]}",
                                                                                f"{ITEMS[a][1]}和{ITEMS[b][1]}快没了")},
                      {"ticket": f"FF-{r.randint(100, 999)}", "status": "logged"})
    return _draft(w, "ice_cream_rounds", day, request, output, tools, steps, user_id=f"drv-{r.randint(100, 999)}",
                  resource={"fleet.van_id": van}, patterns=patterns,
                  roles={"lookup": check, "main": place, "write": place, "distractor": distractor, "plain": place},
                  slots={"context_id": (place, "van_id")},
                  facts={"success_text": w.t(f"Ordered — £{total:.2f} in total.", f"已下单，共£{total:.2f}。"),
                         "wrong_output": w.t("I've let the depot know.", "已通知仓库。")})


CROPS = [("butterhead lettuce", "生菜", "LETTUCE"), ("Genovese basil", "罗勒", "BASIL"), ("pea shoots", "豌豆苗", "MICROGREENS"),
         ("strawberries", "草莓", "STRAWBERRY")]
CURRENCIES = [("euros", "欧元", "EUR", "€"), ("pounds", "英镑", "GBP", "£"), ("Swiss francs", "瑞士法郎", "CHF", "CHF ")]
CROP_ENUM = {"type": "string", "enum": [c[2] for c in CROPS]}


def hydro_lease(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    tenant = f"grow-{r.choice(['coop', 'rooftop', 'eastside'])}-{r.randint(10, 99)}"
    cont = r.choice(["C3", "C7", "C12"])
    cen, czh, crop = r.choice(CROPS)
    weeks = r.choice([4, 6, 8, 10])
    ren, rzh, cur, sym = r.choice(CURRENCIES)
    p_en, p_zh, start, rel = _when(r, day, kinds=("weekday", "explicit"), weekday=0)
    end = start + D(7 * weeks)
    request = w.t(r.choice([f"Lease me two {cen} slots in container {cont}, starting {p_en}, for {weeks} weeks. Bill us in {ren}.",
                            f"we need 2 slots for {cen} in {cont} from {p_en[3:] if p_en.startswith('on ') else p_en}, {weeks} weeks, billing in {ren}"]),
                  f"在{cont}集装箱租两个{czh}种植位，{p_zh}开始，租{ZH_NUM[weeks]}周，用{rzh}结算。")
    slots = [{"slot_id": f"{cont}-R{r.randint(1, 4)}-{r.randint(1, 24):02d}", "rack_level": r.randint(1, 4),
              "weekly_fee": r.choice([12, 15, 18])} for _ in range(3)]
    slots[1]["slot_id"] = slots[0]["slot_id"][:-2] + f"{(int(slots[0]['slot_id'][-2:]) % 24) + 1:02d}"
    slots[1]["weekly_fee"] = slots[0]["weekly_fee"]
    ids = [slots[0]["slot_id"], slots[1]["slot_id"]]
    fee2 = 2 * slots[0]["weekly_fee"]
    lst = Step("list_grow_slots", {"container": cont, "crop": crop, "start_date": _iso(start)}, {"container": cont, "slots": slots})
    lid = f"L-{r.randint(80000, 89999)}"
    create = Step("create_lease", {"slot_ids": ids, "start_date": _iso(start), "end_date": _iso(end), "tenant_id": tenant, "billing_currency": cur},
                  {"lease_id": lid, "status": "active", "weekly_total": fee2, "billing_currency": cur})
    output = w.t(f"Leased {ids[0]} and {ids[1]} in {cont} from {_en(start)} to {_en(end)} (lease {lid}). That's {sym}{fee2} a week, "
                 f"{sym}{fee2 * weeks} for the {weeks} weeks.",
                 f"已租下{cont}的{ids[0]}和{ids[1]}，{_zh(start)}至{_zh(end)}（租约{lid}）。每周{fee2} {cur}，{weeks}周共{fee2 * weeks} {cur}。")
    tools = [
        tool("list_grow_slots", w.d("Free grow slots in a container for a crop from a date.", "查询集装箱内某作物从某日起可租的种植位。"),
             ["container", "crop", "start_date"], container=S(), crop=CROP_ENUM, start_date=DATE()),
        tool("create_lease", w.d("Lease grow slots to a tenant.", "为租户创建种植位租约。"),
             ["slot_ids", "start_date", "end_date", "tenant_id", "billing_currency"], slot_ids={"type": "array", "items": S()},
             start_date=DATE(), end_date=DATE(), tenant_id=S(), billing_currency=S("ISO 4217", pattern="^[A-Z]{3}$")),
        tool("order_seed_kit", w.d("Order seed kits for a crop.", "订购作物种子包。"), ["crop", "quantity", "tenant_id"],
             crop=CROP_ENUM, quantity=I(minimum=1), tenant_id=S()),
    ]
    distractor = Step("order_seed_kit", {"crop": crop, "quantity": 2, "tenant_id": tenant}, {"order_id": f"SK-{r.randint(1000, 9999)}"})
    wrong_end = r.choice([end - D(7), end + D(7), start + D(weeks)])
    return _draft(w, "container_farm", day, request, output, tools, [lst, create], user_id=f"u{r.randint(100000, 999999)}",
                  attributes={"tenant.id": tenant},
                  patterns=["tenant id from the root span", "currency code for the currency the user named", "crop enum code",
                            "end date computed N weeks after the start", "start date resolved from the user's words",
                            "slot ids copied from the lookup", "total computed from the weekly fee"],
                  roles={"producer": lst, "lookup": lst, "main": create, "write": create, "distractor": distractor},
                  slots={"date": (create, "start_date"), "context_id": (create, "tenant_id"), "currency": (create, "billing_currency"),
                         "enum": (lst, "crop"), "extra": (create, "container")},
                  facts={"enum_word": w.t(cen, czh), "extra_value": cont, "date_format": True, "rel_words": _rel_words(w, p_en, p_zh, rel),
                         "miscomputed": (create, "end_date", _iso(wrong_end)),
                         "success_text": w.t(f"Lease {lid} is set up.", f"租约{lid}已生效。"),
                         "wrong_output": w.t(f"I've ordered two {cen} seed kits for you.", f"已为您订购两份{czh}种子包。")})


def hydro_cancel(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    tenant = f"grow-{r.choice(['coop', 'rooftop', 'eastside'])}-{r.randint(10, 99)}"
    lid = f"L-{r.randint(80000, 89999)}"
    cen, czh, crop = r.choice(CROPS)
    ren, rzh, reason = r.choice([("we're moving out", "我们要搬走了", "moving_out"), ("the crop keeps failing", "作物老是长不好", "crop_failure"),
                                 ("it's too expensive for us", "太贵了", "too_expensive")])
    if r.random() < 0.5:
        eff, e_en, e_zh = day + D(6 - day.weekday()), "from the end of this week", "从这周日起"
        rel = w.t(["this Sunday"], ["这周日"])
    else:
        eff, e_en, e_zh = day, "straight away", "今天就退"
        rel = w.t(["today"], ["今天"])
    by_list = r.random() < 0.5
    refund = r.choice([24, 36, 45, 60])
    if by_list:
        request = w.t(f"Please cancel our {cen} lease {e_en} — {ren}.", f"帮我把我们的{czh}租约退掉，{e_zh}，{rzh}。")
        other_lid = f"L-{r.randint(80000, 89999)}"
        ocen, oczh, ocrop = r.choice([c for c in CROPS if c[2] != crop])
        leases = [{"lease_id": lid, "crop": crop, "slot_ids": [f"C7-R2-{r.randint(1, 24):02d}"]},
                  {"lease_id": other_lid, "crop": ocrop, "slot_ids": [f"C3-R1-{r.randint(1, 24):02d}"]}]
        r.shuffle(leases)
        first = Step("list_my_leases", {"tenant_id": tenant}, {"leases": leases})
    else:
        request = w.t(f"Please cancel lease {lid} {e_en}, {ren}.", f"帮我把租约{lid}退了，{rzh}，{e_zh}。")
        first = Step("get_lease", {"lease_id": lid}, {"lease_id": lid, "tenant_id": tenant, "crop": crop, "prepaid_until": _iso(day + D(r.randint(10, 30)))})
    cancel = Step("cancel_lease", {"lease_id": lid, "reason": reason, "effective_date": _iso(eff)},
                  {"lease_id": lid, "status": "cancelled", "effective_date": _iso(eff), "refund": refund, "currency": "EUR"})
    output = w.t(f"Lease {lid} is cancelled from {_en(eff)}. You'll get €{refund} back for the prepaid weeks.",
                 f"租约{lid}已于{_zh(eff)}起取消，预付部分退款€{refund}。")
    tools = [
        tool("get_lease", w.d("Look up a lease.", "查询租约。"), ["lease_id"], lease_id=S()),
        tool("list_my_leases", w.d("A tenant's current leases.", "列出租户的当前租约。"), ["tenant_id"], tenant_id=S()),
        tool("cancel_lease", w.d("Cancel a lease from a date.", "从某日起取消租约。"), ["lease_id", "reason", "effective_date"], lease_id=S(),
             reason={"type": "string", "enum": ["moving_out", "crop_failure", "too_expensive", "other"]}, effective_date=DATE()),
        tool("pause_lease", w.d("Pause a lease temporarily.", "暂停租约。"), ["lease_id"], lease_id=S(), until=DATE()),
    ]
    slots = {"copied_id": (cancel, "lease_id"), "date": (cancel, "effective_date"), "enum": (cancel, "reason")}
    if by_list:
        slots["context_id"] = (first, "tenant_id")
    return _draft(w, "container_farm", day, request, output, tools, [first, cancel], user_id=f"u{r.randint(100000, 999999)}",
                  attributes={"tenant.id": tenant},
                  patterns=["lease chosen from the tenant's list by crop" if by_list else "lease id the user gave",
                            "reason enum for the user's words", "effective date resolved from the user's words"]
                  + (["tenant id from the root span"] if by_list else []),
                  roles={"lookup": first, "main": cancel, "write": cancel, **({"producer": first} if by_list else {}),
                         "distractor": Step("pause_lease", {"lease_id": lid}, {"lease_id": lid, "status": "paused"})},
                  slots=slots,
                  facts={"enum_word": w.t(ren, rzh), "date_format": True, "rel_words": rel,
                         "success_text": w.t(f"Lease {lid} is cancelled.", f"租约{lid}已取消。"),
                         "wrong_output": w.t(f"Lease {lid} is now on hold.", f"租约{lid}已暂停。")})


PERIODS = [("Victorian", "维多利亚时期", "victorian"), ("Edwardian", "爱德华时期", "edwardian"), ("Georgian", "乔治时期", "georgian")]


def glass_quote(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    wi, hi = r.choice([18, 24, 30, 36]), r.choice([24, 36, 48])
    wmm, hmm = round(wi * 25.4), round(hi * 25.4)
    k = r.randint(1, 4)
    pen, pzh, period = r.choice(PERIODS)
    first, last = r.choice([("jo", "harper"), ("sam", "okoye"), ("li", "wei"), ("anna", "berg")])
    email = f"{first}.{last}@{r.choice(['example.org', 'mail.example.com'])}"
    request = w.t(r.choice([f"Could you price up restoring a {pen} leaded window, {wi} by {hi} inches, {k} cracked pane{'s' if k > 1 else ''}? "
                            f"Email the quote to {email}.",
                            f"quote pls for a {pen} leaded window {wi}x{hi} in, {k} panes cracked. send it to {email}"]),
                  f"我有一扇{pzh}的铅条彩窗要修复，{wi}英寸×{hi}英寸，{ZH_NUM[k]}块玻璃裂了，麻烦报个价发到{email}。")
    rate, pp, minimum = r.choice([420, 480, 520]), r.choice([35, 40, 55]), 180
    amount = round(max(minimum, wmm * hmm / 1e6 * rate + k * pp), 2)
    rates = Step("get_restoration_rates", {"period": period},
                 {"period": period, "rate_per_m2": rate, "per_cracked_pane": pp, "minimum_charge": minimum, "currency": "GBP"})
    qid = f"Q-{r.randint(1000, 9999)}"
    valid = day + D(30)
    quote = Step("create_quote", {"width_mm": wmm, "height_mm": hmm, "period": period, "cracked_panes": k, "customer_email": email, "currency": "GBP"},
                 {"quote_id": qid, "amount": amount, "currency": "GBP", "valid_until": _iso(valid)})
    body = w.t(f"Hello,\n\nThank you for your enquiry. Restoring your {pen} leaded window ({wi} x {hi} in, {k} cracked pane{'s' if k > 1 else ''}) "
               f"comes to £{amount:.2f}. Quote {qid} is valid until {_en(valid)}.\n\nKind regards,\nThe studio",
               f"您好：\n\n您的{pzh}铅条彩窗（{wi}×{hi}英寸，{k}块裂损）修复报价为£{amount:.2f}，报价单{qid}有效期至{_zh(valid)}。\n\n工作室")
    mail = Step("send_email", {"to": email, "subject": w.t(f"Your stained-glass restoration quote {qid}", f"彩窗修复报价 {qid}"), "body": body},
                {"sent": True, "message_id": f"<{r.getrandbits(40):x}@studio.example>"})
    output = w.t(f"Quote {qid}: £{amount:.2f} to restore the {wi}×{hi}-inch {pen} window with {k} cracked pane{'s' if k > 1 else ''}, "
                 f"valid until {_en(valid)}. I've emailed it to {email}.",
                 f"报价单{qid}：修复这扇{wi}×{hi}英寸的{pzh}彩窗（{k}块裂损）共£{amount:.2f}，有效期至{_zh(valid)}，已发送到{email}。")
    tools = [
        tool("get_restoration_rates", w.d("Restoration rates for a period of glass.", "查询某时期彩窗的修复单价。"), ["period"],
             period={"type": "string", "enum": [p[2] for p in PERIODS] + ["medieval", "modern"]}),
        tool("create_quote", w.d("Create a restoration quote. Sizes in millimetres.", "生成修复报价，尺寸单位为毫米。"),
             ["width_mm", "height_mm", "period", "customer_email"], width_mm=I(minimum=50), height_mm=I(minimum=50),
             period={"type": "string", "enum": [p[2] for p in PERIODS] + ["medieval", "modern"]}, cracked_panes=I(minimum=0),
             customer_email=S(format="email"), currency=S(pattern="^[A-Z]{3}$", default="GBP")),
        tool("send_email", w.d("Send an e-mail.", "发送电子邮件。"), ["to", "subject", "body"], to=S(format="email"), subject=S(), body=S()),
    ]
    return _draft(w, "stained_glass", day, request, output, tools, [rates, quote, mail], user_id=f"web-{r.getrandbits(28):07x}",
                  patterns=["inches converted to millimetres", "period enum for the user's word", "the user's own e-mail sent to tools",
                            "e-mail body written by the agent from the quote", "currency copied from the rates"],
                  roles={"lookup": rates, "main": quote, "write": mail},
                  slots={"enum": (rates, "period"), "currency": (quote, "currency"), "extra": (quote, "style")},
                  facts={"enum_word": w.t(pen, pzh), "extra_value": w.t("leaded", "铅条"),
                         "unconverted": (quote, {"width_mm": wi, "height_mm": hi}),
                         "success_text": w.t(f"Quote {qid} (£{amount:.2f}) is in your inbox.", f"报价单{qid}（£{amount:.2f}）已发到您的邮箱。")})


def glass_followup(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    jid = f"SG-{r.randint(1000, 9999)}"
    item = w.t(*r.choice([("chapel panel", "小教堂彩窗"), ("fanlight", "门楣气窗"), ("landing window", "楼梯间彩窗")]))
    est, dep = r.choice([580, 620, 740]), r.choice([100, 150, 200])
    final = est + r.choice([0, 20, 45])
    history = [
        {"role": "user", "text": w.t(f"I've dropped off the {item}, can you log it? I paid a £{dep} deposit.", f"我把{item}送过来了，帮我登记一下，已付定金£{dep}。")},
        {"role": "assistant", "calls": [{"name": "log_job", "arguments": {"item": item, "deposit": dep}}]},
        {"role": "tool", "results": [{"job_id": jid, "estimate": est, "currency": "GBP"}]},
        {"role": "assistant", "text": w.t(f"Logged as {jid}; the estimate is £{est}.", f"已登记，编号{jid}，预估£{est}。")},
    ]
    request = w.t(r.choice([f"When will the {item} be ready, and what do I still owe on it?", "when's it ready and how much is left to pay?"]),
                  f"那块{item}什么时候能修好？我还要付多少钱？")
    eta = day + D(r.randint(5, 25))
    get = Step("get_job", {"job_id": jid}, {"job_id": jid, "item": item, "stage": "re-leading", "eta": _iso(eta), "final_price": final, "currency": "GBP"})
    pays = [{"date": _iso(day - D(r.randint(20, 40))), "amount": dep}]
    if r.random() < 0.5:
        pays.append({"date": _iso(day - D(r.randint(1, 10))), "amount": 100})
    pay = Step("list_payments", {"job_id": jid}, {"job_id": jid, "payments": pays}, parallel=True)
    owed = final - sum(p["amount"] for p in pays)
    output = w.t(f"The {item} should be ready around {_en(eta)} (it's being re-leaded now). The final price is £{final}; "
                 f"you've paid £{sum(p['amount'] for p in pays)}, so £{owed} is left to pay.",
                 f"{item}正在重新嵌铅条，预计{_zh(eta)}左右完成。最终价格£{final}，您已付£{sum(p['amount'] for p in pays)}，还需支付£{owed}。")
    tools = [
        tool("log_job", w.d("Log a restoration job.", "登记修复任务。"), ["item"], item=S(), deposit=N(minimum=0)),
        tool("get_job", w.d("A restoration job's stage, ETA and price.", "查询修复任务的进度、预计完成日期和价格。"), ["job_id"], job_id=S()),
        tool("list_payments", w.d("Payments received for a job.", "查询某任务的已收款项。"), ["job_id"], job_id=S()),
        tool("take_payment", w.d("Charge the customer for a job.", "向客户收款。"), ["job_id", "amount"], job_id=S(), amount=N(minimum=1)),
    ]
    return _draft(w, "stained_glass", day, request, output, tools, [get, pay], user_id=f"web-{r.getrandbits(28):07x}", history=history,
                  patterns=["job id from an earlier turn", "balance computed from price and payments", "two lookups in one parallel turn"],
                  roles={"lookup": get, "main": get, "plain": pay},
                  slots={"history_id": (get, "job_id")}, facts={})


DOG_CLASSES = [("novice", "新手组", "NOVICE"), ("nursery", "幼犬组", "NURSERY"), ("open", "公开组", "OPEN")]
COUNTRIES = [("Ireland", "爱尔兰", "IE", "IR"), ("Austria", "奥地利", "AT", "AU"), ("Switzerland", "瑞士", "CH", "SZ")]


def dog_enter(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    hid = f"H-{r.randint(1000, 9999)}"
    dog = r.choice(["Fly", "Meg", "Cap", "Nell", "Jess", "Moss"])
    cen, czh, cls = r.choice(DOG_CLASSES)
    nen, nzh, cc, bad = r.choice(COUNTRIES)
    venue = r.choice(["Bala", "Longshaw", "Brecon", "Hawes"])
    nm = (day.replace(day=1) + D(32)).replace(day=1)
    ym = f"{nm.year}-{nm.month:02d}"
    tdate = nm + D(r.randint(0, 25))
    request = w.t(r.choice([f"Enter {dog} in the {cen} class at the {venue} trial next month please. I'll be travelling over from {nen}.",
                            f"can you put {dog} in for {cen} at {venue} next month? im coming from {nen}"]),
                  f"帮我给{dog}报名下个月{venue}的{czh}比赛，我从{nzh}过去。")
    tid = f"ST-{r.randint(100, 999)}"
    fee = r.choice([10, 12, 15])
    find = Step("find_trials", {"venue": venue, "month": ym},
                {"trials": [{"trial_id": tid, "venue": venue, "date": _iso(tdate), "classes": ["NURSERY", "NOVICE", "OPEN"], "entry_fee_gbp": fee}]})
    run = r.randint(3, 40)
    eid = f"E-{r.randint(10000, 99999)}"
    enter = Step("enter_trial", {"trial_id": tid, "dog_name": dog, "class": cls, "handler_id": hid, "handler_country": cc},
                 {"entry_id": eid, "run_order": run, "fee_gbp": fee})
    output = w.t(f"{dog} is entered in the {cen} class at {venue} on {_en(tdate)} — run {run}, entry {eid}. The fee is £{fee}.",
                 f"已为{dog}报名{_zh(tdate)}在{venue}举行的{czh}比赛，出场顺序第{run}位，报名号{eid}，报名费£{fee}。")
    cls_enum = {"type": "string", "enum": ["NURSERY", "NOVICE", "OPEN"]}
    tools = [
        tool("find_trials", w.d("Sheepdog trials at a venue in a month.", "查询某场地某月的牧羊犬比赛。"), ["venue", "month"], venue=S(),
             month=S("YYYY-MM", pattern="^[0-9]{4}-[0-9]{2}$")),
        tool("enter_trial", w.d("Enter a dog in a trial class.", "为犬只报名比赛组别。"), ["trial_id", "dog_name", "class", "handler_id"],
             trial_id=S(), dog_name=S(), **{"class": cls_enum}, handler_id=S(), handler_country=S("ISO 3166-1 alpha-2", pattern="^[A-Z]{2}$")),
        tool("register_dog", w.d("Register a new dog with the society.", "在协会登记新犬只。"), ["dog_name", "handler_id"], dog_name=S(),
             handler_id=S(), date_of_birth=DATE()),
        tool("withdraw_entry", w.d("Withdraw a trial entry.", "撤回比赛报名。"), ["entry_id"], entry_id=S()),
    ]
    distractor = Step("register_dog", {"dog_name": dog, "handler_id": hid}, {"dog_id": f"D-{r.randint(10000, 99999)}", "status": "registered"})
    return _draft(w, "sheepdog_trials", day, request, output, tools, [find, enter], user_id=f"u{r.randint(100000, 999999)}",
                  attributes={"handler.id": hid},
                  patterns=["'next month' resolved to YYYY-MM", "class enum code", "country code for the country the user named",
                            "handler id from the root span", "trial id copied from the search"],
                  roles={"producer": find, "lookup": find, "main": enter, "write": enter, "distractor": distractor},
                  slots={"copied_id": (enter, "trial_id"), "context_id": (enter, "handler_id"), "enum": (enter, "class"),
                         "extra": (enter, "venue")},
                  facts={"enum_word": w.t(cen, czh), "extra_value": venue, "wrong_code": (enter, "handler_country", bad),
                         "success_text": w.t(f"{dog} is entered — run {run}.", f"{dog}已报名，第{run}位出场。"),
                         "wrong_output": w.t(f"{dog} is now registered with the society.", f"{dog}已在协会登记。")})


def dog_compare(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    cen, czh, cls = r.choice(DOG_CLASSES)
    venues = r.sample(["Bala", "Longshaw", "Brecon", "Hawes", "Moffat"], 3)
    places = r.sample(range(0, 25), 3)
    fees = r.sample([8, 10, 12, 14, 15], 3)
    request = w.t(r.choice([f"For the {cen} class, which of {venues[0]}, {venues[1]} and {venues[2]} has the most places left, and which is cheapest to enter?",
                            f"{venues[0]} vs {venues[1]} vs {venues[2]} - {cen} class, where are there most places + cheapest entry?"]),
                  f"{venues[0]}、{venues[1]}、{venues[2]}这三场的{czh}，哪场剩余名额最多？哪场报名费最便宜？")
    steps = []
    for j, v in enumerate(venues):
        steps.append(Step("trial_availability", {"venue": v, "class": cls},
                          {"venue": v, "class": cls, "date": _iso(day + D(r.randint(10, 60))), "places_left": places[j], "entry_fee_gbp": fees[j]},
                          parallel=j > 0))
    most = max(range(3), key=lambda i: places[i])
    cheap = min(range(3), key=lambda i: fees[i])
    output = w.t(f"{venues[most]} has the most places left ({places[most]}); {venues[cheap]} is cheapest at £{fees[cheap]}. "
                 + "; ".join(f"{v}: {p} place{'' if p == 1 else 's'}, £{f}" for v, p, f in zip(venues, places, fees)) + ".",
                 f"剩余名额最多的是{venues[most]}（{places[most]}个），报名费最便宜的是{venues[cheap]}（£{fees[cheap]}）。"
                 + "；".join(f"{v}：{p}个名额，£{f}" for v, p, f in zip(venues, places, fees)) + "。")
    tools = [
        tool("trial_availability", w.d("Places left and entry fee for a class at a trial venue.", "查询某场比赛某组别的剩余名额和报名费。"),
             ["venue", "class"], venue=S(), **{"class": {"type": "string", "enum": ["NURSERY", "NOVICE", "OPEN"]}}),
        tool("enter_trial", w.d("Enter a dog in a trial class.", "为犬只报名比赛组别。"), ["trial_id", "dog_name"], trial_id=S(), dog_name=S()),
    ]
    return _draft(w, "sheepdog_trials", day, request, output, tools, steps, user_id=f"u{r.randint(100000, 999999)}",
                  patterns=["class enum code", "three independent lookups in one parallel turn", "comparison computed from the results"],
                  roles={"lookup": steps[0], "main": steps[0]},
                  slots={"enum": (steps[0], "class")}, facts={"enum_word": w.t(cen, czh)})


LAYOUTS = [("9-a-side", "9人制", "9v9"), ("7-a-side", "7人制", "7v7"), ("full size 11-a-side", "11人制标准场", "11v11")]


def pitch_book(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    org = f"CLUB-{r.randint(1000, 9999)}"
    site = w.t(*r.choice([("Hollins Park", "东湖公园"), ("Roundhay Fields", "南郊体育场"), ("Bramley Rec", "江滩运动场")]))
    p_en, p_zh, when, rel = _when(r, day, kinds=("weekday", "explicit", "tomorrow"), weekday=r.choice([5, 6]))
    h = r.choice([9, 10, 11])
    hen, hzh, hours = r.choice([("two hours", "两个小时", 2), ("an hour and a half", "一个半小时", 1.5), ("three hours", "三个小时", 3)])
    len_, lzh, layout = r.choice(LAYOUTS)
    request = w.t(r.choice([f"Need a football pitch at {site} {p_en}, kick-off {h}am, for {hen}, and get it marked out for {len_} please. How much all in?",
                            f"book a football pitch {site} {p_en} {h}am {hen}, lines for {len_}. total cost?"]),
                  f"{p_zh}上午{h}点要在{site}订一块足球场，{hzh}，画成{lzh}的线，一共多少钱？")
    start = f"{h:02d}:00"
    fee = r.choice([32, 38, 45])
    pid, other = f"HP-{r.randint(1, 9):02d}", f"HP-{r.randint(10, 19):02d}"
    pitches = [{"pitch_id": pid, "available": True, "hourly_fee": fee}, {"pitch_id": other, "available": False, "hourly_fee": fee + 5}]
    r.shuffle(pitches)
    search = Step("search_pitches", {"sport": "football", "site": site, "date": _iso(when), "start_time": start}, {"site": site, "pitches": pitches})
    bref = f"PB-{r.randint(10000, 99999)}"
    pfee = _num(fee * hours)
    book = Step("book_pitch", {"pitch_id": pid, "date": _iso(when), "start_time": start, "hours": hours, "org_id": org},
                {"booking_ref": bref, "fee": pfee, "currency": "GBP"})
    mfee = r.choice([20, 25, 30])
    mark = Step("request_line_marking", {"booking_ref": bref, "layout": layout}, {"job_id": f"LM-{r.randint(1000, 9999)}", "fee": mfee})
    total = _num(pfee + mfee)
    output = w.t(f"Booked {pid} at {site} on {_en(when)} from {start} for {hen} (ref {bref}), £{pfee}, and line marking for {len_} is requested (£{mfee}). "
                 f"£{total} all in.",
                 f"已订{site}{pid}场地，{_zh(when)} {start}开始，{hzh}（预订号{bref}），场地费£{pfee}；已申请画{lzh}线，£{mfee}。共计£{total}。")
    tools = [
        tool("search_pitches", w.d("Pitches free at a site on a date and time.", "查询某场地某日某时段的空闲球场。"), ["sport", "site", "date"],
             sport={"type": "string", "enum": ["football", "rugby", "hockey", "cricket"]}, site=S(), date=DATE(), start_time=S(pattern=TIME_PATTERN)),
        tool("book_pitch", w.d("Book a council pitch for an organisation.", "为团体预订市政球场。"), ["pitch_id", "date", "start_time", "hours", "org_id"],
             pitch_id=S(), date=DATE(), start_time=S(pattern=TIME_PATTERN), hours=N(minimum=1, maximum=4), org_id=S()),
        tool("request_line_marking", w.d("Ask the grounds team to mark out a booked pitch.", "申请场地组为已预订的球场画线。"), ["booking_ref", "layout"],
             booking_ref=S(), layout={"type": "string", "enum": ["11v11", "9v9", "7v7", "5v5"]}),
        tool("report_pitch_damage", w.d("Report damage to a pitch.", "报告球场损坏。"), ["pitch_id", "description"], pitch_id=S(), description_=S()),
    ]
    return _draft(w, "council_pitches", day, request, output, tools, [search, book, mark], user_id=f"u{r.randint(100000, 999999)}",
                  attributes={"account.id": org},
                  patterns=["org id from the root span", "date resolved from the user's words", "kick-off as 24-hour time",
                            "hours as a number (1.5)", "layout enum for 'N-a-side'", "booking ref copied into the marking request",
                            "total computed from two fees"],
                  roles={"producer": book, "lookup": search, "main": book, "write": mark},
                  slots={"copied_id": (mark, "booking_ref"), "date": (book, "date"), "context_id": (book, "org_id"), "enum": (mark, "layout"),
                         "extra": (book, "sport")},
                  facts={"enum_word": w.t(len_, lzh), "extra_value": w.t("football", "足球"), "date_format": True,
                         "rel_words": _rel_words(w, p_en, p_zh, rel),
                         "success_text": w.t(f"All booked and the lines are on order — £{total} all in.", f"都订好了，画线也已申请，共£{total}。")})


def pitch_season(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    org = f"CLUB-{r.randint(1000, 9999)}"
    site = w.t(*r.choice([("Hollins Park", "东湖公园"), ("Roundhay Fields", "南郊体育场")]))
    pid = f"HP-{r.randint(1, 9):02d}"
    sat = day + D((5 - day.weekday()) % 7 or 7)
    j = r.randint(0, 2)
    d0 = sat - D(7 * j)
    dates = [d0 + D(7 * i) for i in range(8)]
    skip = r.choice([d for d in dates if d > day])
    last = dates[-1]
    bid = f"BB-{r.randint(1000, 9999)}"
    history = [
        {"role": "user", "text": w.t(f"Book pitch {pid} at {site} every Saturday 9am for 8 weeks from {_en(d0)}, two hours each.",
                                     f"帮我订{site}的{pid}球场，从{_zh(d0)}开始连续8个周六，每次上午9点、两个小时。")},
        {"role": "assistant", "calls": [{"name": "book_block", "arguments": {"pitch_id": pid, "first_date": _iso(d0), "weeks": 8, "start_time": "09:00",
                                                                            "hours": 2, "org_id": org}}]},
        {"role": "tool", "results": [{"block_id": bid, "dates": [_iso(d) for d in dates]}]},
        {"role": "assistant", "text": w.t(f"Block {bid} booked: 8 Saturdays, {_en(d0)} to {_en(last)}.", f"已包场{bid}：8个周六，{_zh(d0)}至{_zh(last)}。")},
    ]
    suffix = {1: "st", 21: "st", 31: "st", 2: "nd", 22: "nd", 3: "rd", 23: "rd"}.get(skip.day, "th")
    unique_day = sum(d.day == skip.day for d in dates) == 1
    request = w.t(r.choice([f"We've got a cup game on {_en(skip)} — can you drop that Saturday from the block and add a week on the end instead? When's our last session then?"]
                           + ([f"cup match on the {skip.day}{suffix} so cancel that one and tack an extra week on the end. what's the last date now?"] if unique_day else [])),
                  f"{_zh(skip)}我们有杯赛，把那个周六从包场里去掉，最后再补一周。那最后一次是哪天？")
    rem = Step("remove_block_date", {"block_id": bid, "date": _iso(skip)}, {"block_id": bid, "removed": _iso(skip), "sessions_left": 7})
    ext = Step("extend_block", {"block_id": bid, "weeks": 1}, {"block_id": bid, "added": [_iso(last + D(7))]})
    output = w.t(f"Done: {_en(skip)} is off the block and {_en(last + D(7))} is added, so your last session is now {_en(last + D(7))}.",
                 f"已处理：{_zh(skip)}已取消，并补上{_zh(last + D(7))}，所以最后一次是{_zh(last + D(7))}。")
    tools = [
        tool("book_block", w.d("Book a pitch on the same weekday for several weeks.", "连续多周同一时间包场。"),
             ["pitch_id", "first_date", "weeks", "org_id"], pitch_id=S(), first_date=DATE(), weeks=I(minimum=1, maximum=20),
             start_time=S(pattern=TIME_PATTERN), hours=N(minimum=1, maximum=4), org_id=S()),
        tool("remove_block_date", w.d("Drop one date from a block booking.", "从包场中去掉某一天。"), ["block_id", "date"], block_id=S(), date=DATE()),
        tool("extend_block", w.d("Add weeks to the end of a block booking.", "在包场末尾增加若干周。"), ["block_id", "weeks"], block_id=S(),
             weeks=I(minimum=1, maximum=10)),
        tool("get_block", w.d("Dates of a block booking.", "查询包场日期。"), ["block_id"], block_id=S()),
    ]
    return _draft(w, "council_pitches", day, request, output, tools, [rem, ext], user_id=f"u{r.randint(100000, 999999)}",
                  attributes={"account.id": org}, history=history,
                  patterns=["block id from an earlier turn", "date of the month resolved against the block's Saturdays",
                            "last date computed a week after the old last date"],
                  roles={"main": rem, "write": ext},
                  slots={"history_id": (rem, "block_id"), "date": (rem, "date")},
                  facts={"date_format": True, "rel_words": w.t(["this Saturday"], ["这周六"]),
                         "success_text": w.t(f"Done — last session {_en(last + D(7))}.", f"已处理，最后一次是{_zh(last + D(7))}。")})


def hydro_export(r: random.Random, lang: str) -> Draft:
    w, day = _W(r, lang), _day(r)
    tenant = f"grow-{r.choice(['coop', 'rooftop', 'eastside'])}-{r.randint(10, 99)}"
    cont = r.choice(["C3", "C7", "C12"])
    days = r.choice([30, 14, 7])
    frm = day - D(days)
    (f_en, f_zh, word_en, word_zh), fmt = r.choice([(("as a CSV file", "导成CSV文件", "CSV file", "CSV文件"), "csv"),
                                                    (("as a spreadsheet", "导成Excel表格", "spreadsheet", "Excel"), "xlsx")])
    request = w.t(r.choice([f"Can you pull the harvest data for container {cont} for the last {days} days {f_en}?",
                            f"export {cont} yields, last {days} days, {word_en} pls"]),
                  f"把{cont}集装箱最近{days}天的采收数据{f_zh}。")
    jid = f"YX-{r.getrandbits(24):06x}"
    start = Step("start_yield_export", {"tenant_id": tenant, "container": cont, "from_date": _iso(frm), "to_date": _iso(day), "format": fmt},
                 {"job_id": jid, "state": "queued"})
    rows, kg = r.randint(20, 120), round(r.uniform(30, 200), 1)
    url = f"https://farm.example/exports/{jid}.{fmt}"
    polls = [Step("get_yield_export_status", {"job_id": jid}, {"job_id": jid, "state": "running", "progress": 45}, duration=60)]
    patterns = ["tenant id from the root span", f"'last {days} days' resolved from the trace's day", "format enum for the user's words",
                "status polled until done"]
    if r.random() < 0.6:
        hiccup = Step("get_yield_export_status", {"job_id": jid}, None, error="503 Service Unavailable", duration=40)
        polls.append(hiccup)
        patterns.append("a poll that hit a transient 503, polled again")
    polls.append(Step("get_yield_export_status", {"job_id": jid}, {"job_id": jid, "state": "done", "rows": rows, "total_kg": kg, "url": url}, duration=60))
    output = w.t(f"Your export is ready: {rows} harvest records, {kg} kg in total, from {_en(frm)} to {_en(day)}. Download: {url}",
                 f"导出完成：{_zh(frm)}至{_zh(day)}共{rows}条采收记录，合计{kg}公斤。下载地址：{url}")
    tools = [
        tool("start_yield_export", w.d("Start exporting harvest records for a container; returns a job id.", "开始导出某集装箱的采收记录，返回任务编号。"),
             ["tenant_id", "container", "from_date", "to_date"], tenant_id=S(), container=S(), from_date=DATE(), to_date=DATE(),
             format={"type": "string", "enum": ["csv", "xlsx"], "default": "csv"}),
        tool("get_yield_export_status", w.d("Progress of an export job; poll until state is 'done'.", "查询导出任务进度，轮询直到完成。"), ["job_id"], job_id=S()),
        tool("list_grow_slots", w.d("Free grow slots in a container.", "查询集装箱内的空闲种植位。"), ["container"], container=S()),
    ]
    return _draft(w, "container_farm", day, request, output, tools, [start, *polls], user_id=f"u{r.randint(100000, 999999)}",
                  attributes={"tenant.id": tenant}, patterns=patterns,
                  roles={"main": start},
                  slots={"context_id": (start, "tenant_id"), "date": (start, "from_date"), "enum": (start, "format"), "extra": (start, "days")},
                  facts={"enum_word": w.t(word_en, word_zh), "extra_value": days, "date_format": True,
                         "rel_words": w.t([f"last {days} days"], [f"最近{days}天"])})


SCENARIOS: list[Callable[[random.Random, str], Draft]] = [
    cem_bench, graf_report, fence_book, van_round, hydro_lease, glass_quote, dog_enter, pitch_book,
    cem_plaque_followup, graf_my_reports, fence_compare, van_restock, hydro_cancel, glass_followup, dog_compare, pitch_season,
    graf_export, fence_bouts, hydro_export,
]


# --- faults of this split (the rest are corpus.py's) -----------------------------------------

def _said(draft: Draft, step: Step, value) -> bool:
    before = draft.steps[:draft.steps.index(step)]
    seen = " ".join([draft.request, json.dumps([s.result for s in before], ensure_ascii=False),
                     json.dumps(draft.history, ensure_ascii=False), json.dumps(draft.attributes), json.dumps(draft.resource), str(draft.user_id)])
    return re.search(rf"(?<![\d.]){re.escape(str(value))}(?![\d.])", seen) is not None


def _failed_twin(draft: Draft, step: Step) -> bool:
    return any(s is not step and s.tool == step.tool and s.args == step.args and s.error for s in draft.steps)


def relative_date(draft: Draft, rng: random.Random) -> Marks | None:
    """The user's relative words copied where the tool wants a date; a format error too when the schema says so."""
    found = draft.slots.get("date")
    if found is None:
        return None
    step, key = found
    step.args[key] = rng.choice(draft.facts.get("rel_words") or ["tomorrow"])
    sub = draft.schema(step)["properties"][key]
    return {"relative_date": [step]} | ({"format_error": [step]} if "format" in sub or "pattern" in sub else {})


def constraint_error(draft: Draft, rng: random.Random) -> Marks | None:
    found = C._schema_step(draft, rng, lambda key, sub, required: "minimum" in sub)
    if found is None:
        return None
    step, key = found
    sub = draft.schema(step)["properties"][key]
    step.args[key] = _num(sub["minimum"] - 1)
    return {"constraint_error": [step]} | ({} if _said(draft, step, step.args[key]) else {"ungrounded_value": [step]})


def future_ref(draft: Draft, rng: random.Random) -> Marks | None:
    """A value read from a result that had not come back yet (in runs with no parallel turn)."""
    found, producer = draft.slots.get("copied_id"), draft.roles.get("producer")
    if found is None or producer is None or any(s.parallel for s in draft.steps):
        return None
    consumer, _ = found
    i, j = draft.steps.index(producer), draft.steps.index(consumer)
    if j <= i:
        return None
    draft.steps.insert(i, draft.steps.pop(j))
    return {"future_ref": [consumer]}


def wrong_tool(draft: Draft, rng: random.Random) -> Marks | None:
    main, distractor = draft.roles.get("main"), draft.roles.get("distractor")
    if main is None or distractor is None or "wrong_output" not in draft.facts:
        return None
    main.tool, main.args, main.result, main.error = distractor.tool, copy.deepcopy(distractor.args), copy.deepcopy(distractor.result), None
    draft.drop_after(main)
    draft.slots = {k: v for k, v in draft.slots.items() if v[0] is not main}
    draft.roles = {k: s for k, s in draft.roles.items() if s is not main or k == "main"}
    draft.output = draft.facts["wrong_output"]
    return {"wrong_tool": [main]}


def failing_call_loop(draft: Draft, rng: random.Random) -> Marks | None:
    step = C._failing(draft, rng)
    if step is None or C._twin(draft, step):
        return None
    step.error, step.result = rng.choice(["HTTP 500 Internal Server Error", "503 Service Unavailable", "upstream timed out"]), None
    repeats = [copy.deepcopy(step) for _ in range(rng.randint(1, 3))]
    for x in repeats:
        x.parallel = False
    draft.drop_after(step)
    draft.steps += repeats
    draft.output = rng.choice([None, "Sorry, the booking system isn't responding right now — please try again later." if draft.lang == "en"
                               else "抱歉，系统暂时没有响应，请稍后再试。"])
    marks: Marks = {"failing_call_loop": [step, *repeats]}
    if len(repeats) >= 2:
        marks["blind_retry"] = marks["repeated_identical_call"] = [step, *repeats]
    if draft.output is None:
        marks["no_recovery"] = [repeats[-1]]
        marks["no_final_answer"] = [None]
    return marks


def no_recovery(draft: Draft, rng: random.Random) -> Marks | None:
    last = draft.steps[-1]
    if not isinstance(last.args, dict) or last.error or _failed_twin(draft, last):
        return None
    last.error, last.result = rng.choice(["HTTP 502 Bad Gateway", "connection reset by peer", "HTTP 500 Internal Server Error"]), None
    draft.output = None
    return {"no_recovery": [last], "no_final_answer": [None]}


def silent_failure(draft: Draft, rng: random.Random) -> Marks | None:
    write = draft.roles.get("write")
    if write is None or write is not draft.steps[-1] or _failed_twin(draft, write) or "success_text" not in draft.facts:
        return None
    write.error, write.result = rng.choice(["HTTP 500 Internal Server Error", "503 Service Unavailable", "upstream timed out"]), None
    draft.output = draft.facts["success_text"]
    return {"silent_failure": [write], "unverified_success": [write]}


def pii_leak(draft: Draft, rng: random.Random) -> Marks | None:
    holder = draft.roles.get("lookup")
    if holder is None or not isinstance(holder.result, dict) or not draft.output or holder.error:
        return None
    phone = f"1{rng.choice('3589')}{rng.randint(0, 9)}{rng.randint(10_000_000, 99_999_999)}"
    holder.result = {**holder.result, "contact_phone": phone}
    draft.output += f" (contact: {phone})" if draft.lang == "en" else f"（联系电话：{phone}）"
    return {"pii_leak": [None]}


def enum_error(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.enum_error, refused when the user's word is itself a member (foil, sabre): nothing would be wrong."""
    found = draft.slots.get("enum")
    if found is None or "enum_word" not in draft.facts:
        return None
    step, key = found
    if draft.facts["enum_word"] in draft.schema(step)["properties"][key].get("enum", []):
        return None
    return C.enum_error(draft, rng)


def redundant_calls(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.redundant_calls, never dropped inside a parallel turn (it would split the turn)."""
    step = draft.roles.get("lookup")
    if step is None or step.error or C._twin(draft, step):
        return None
    i = draft.steps.index(step)
    places = [k for k in range(i + 1, len(draft.steps) + 1) if k == len(draft.steps) or not draft.steps[k].parallel]
    again = C._clean_copy(step)
    draft.steps.insert(rng.choice(places), again)
    return {"redundant_calls": [again], TOUCHED: [step]}


def _set_slot_value(draft: Draft, fact: str) -> Marks | None:
    spec = draft.facts.get(fact)
    if spec is None:
        return None
    step, key, value = spec
    if step not in draft.steps or key not in (step.args or {}) or step.args[key] == value:
        return None
    step.args[key] = value
    return {"ungrounded_value": [step]}


def miscomputed_value(draft: Draft, rng: random.Random) -> Marks | None:
    """A value the agent computes (an end date, an end time, an area) computed wrong: it comes from nowhere."""
    return _set_slot_value(draft, "miscomputed")


def wrong_country_code(draft: Draft, rng: random.Random) -> Marks | None:
    """A country code of another country than the one the user named (IR for Ireland, AU for Austria)."""
    return _set_slot_value(draft, "wrong_code")


def unconverted_units(draft: Draft, rng: random.Random) -> Marks | None:
    """Inches passed where the tool wants millimetres: under its minimum."""
    spec = draft.facts.get("unconverted")
    if spec is None:
        return None
    step, values = spec
    if step not in draft.steps or not isinstance(step.args, dict):
        return None
    step.args.update(values)
    return {"constraint_error": [step]}


def ungrounded_value(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.ungrounded_value, refused when its near miss happens to be a value the run has seen."""
    before = [copy.deepcopy(s.args) for s in draft.steps]
    marks = C.ungrounded_value(draft, rng)
    if marks is None:
        return None
    step = marks["ungrounded_value"][0]
    old = before[draft.steps.index(step)]
    changed = [k for k in step.args if step.args[k] != old.get(k)]
    if any(_said(draft, step, step.args[k]) or any(step.args[k] in json.dumps(s.args, ensure_ascii=False)
                                                   for s in draft.steps if s is not step) for k in changed):
        return None
    return marks


FAULTS: dict[str, Callable[[Draft, random.Random], Marks | None]] = {
    **{name: fn for name, fn in C.FAULTS.items()}, "ungrounded_value": ungrounded_value, "redundant_calls": redundant_calls, "enum_error": enum_error,
    "relative_date": relative_date, "constraint_error": constraint_error, "future_ref": future_ref, "wrong_tool": wrong_tool,
    "failing_call_loop": failing_call_loop, "no_recovery": no_recovery, "silent_failure": silent_failure, "pii_leak": pii_leak,
    "miscomputed_value": miscomputed_value, "wrong_country_code": wrong_country_code, "unconverted_units": unconverted_units,
}
_ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
_COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
_ORDER = {name: 2 if name == "pii_leak" else 1 if name in _ENDINGS else -1 if name in _COPIES else 0 for name in FAULTS}
_CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}, {"wrong_tool", "silent_failure"},
            {"wrong_tool", "pii_leak"},
            {"future_ref", "no_recovery"}]  # the failed last call can be the producer: its values would come from nowhere


def _make(index: int, scenario, lang: str, faults: list[str], rng: random.Random) -> Case | None:
    draft = scenario(rng, lang)
    marks: dict[str, list] = {}
    touched: set[int] = set()
    if any(clash <= set(faults) for clash in _CLASHES):
        return None
    for name in sorted(faults, key=_ORDER.__getitem__):
        try:
            found = FAULTS[name](draft, rng)
        except (KeyError, ValueError, TypeError):  # an earlier fault took the value this one breaks
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
    trajectory, seqs = build(draft, f"5{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not faults, faults=list(faults),
                patterns=draft.patterns, trajectory=trajectory, expected=expected)


def _one(index: int, seed: int) -> Case:
    """The case at `index`: its scenario and language from the index, the rest from (seed, index)."""
    rng = random.Random(f"{SPLIT}/{seed}/{index}")
    scenario = SCENARIOS[index % len(SCENARIOS)]
    lang = ("en", "zh")[(index + index // len(SCENARIOS)) % 2]
    roll = rng.random()
    names = sorted(FAULTS)
    tries: list[list[str]] = []
    if roll >= 0.5:
        if roll >= 0.8:  # two faults on different calls, when the scenario has room for them
            on_calls = [name for name in names if name not in ("pii_leak", "no_final_answer")]  # labels on two calls
            pairs = [sorted(p) for p in (rng.sample(on_calls, 2) for _ in range(40)) if not set(p) <= _ENDINGS]
            tries += pairs
        tries += [[name] for name in rng.sample(names, len(names))]  # else one, each fault as likely as any that fits
    else:
        tries.append([])
    for attempt, faults in enumerate(tries):
        case = _make(index, scenario, lang, faults, random.Random(f"{SPLIT}/{seed}/{index}/{attempt}"))
        if case is not None:
            return case
    raise RuntimeError(f"no case for index {index}")


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases, each from (seed, index) alone: about half clean, the rest with one fault or two on different calls."""
    return [_one(index, seed) for index in range(n)]
