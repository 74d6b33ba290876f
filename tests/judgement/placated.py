"""The placated split: agent traffic of a canal boat pump-out station's slots, a livestock weighing
station's bookings, a council's flood-warning sandbag collections, a glassblowing studio's kiln
time, a community orchard's apple-press days, a seaside town's deckchair hire and a rural post
office's parcel-locker rentals, written by a thirty-fifth helper who read neither the evaluators,
their calibration nor any other split. It must not be read when tuning the evaluators, or it stops
being unseen.

Shapes: a booking; a question answered by lookups (some a single call); a comparison of three
sites looked up in one model turn; a move or a cancellation of an earlier booking; a computation
from results (a total to pay, the end of a hire, a date N days on); a follow-up that books what an
earlier turn listed; an export polled to completion; a retry after a transient 503 that succeeds;
the customer's own records read with the ids the framework put on the trace; and long errands of
9-12 calls. English and Chinese requests, tool descriptions now and then in the other language.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import re
from dataclasses import dataclass
from typing import Any, Callable

from tests.judgement.corpus import FAULTS as BASE_FAULTS
from tests.judgement.corpus import TOUCHED, Case, Draft, Marks, Step, build, tool

SPLIT = "placated"
WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WEEKDAYS_ZH = ["一", "二", "三", "四", "五", "六", "日"]
MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December"]


@dataclass
class Spec:
    key: str
    name: tuple[str, str]
    noun: tuple[str, str]
    place_param: str
    places: list[tuple[str, str, str]]
    list_tool: tuple[str, str, str]
    search_tool: tuple[str, str, str]
    date_param: str
    enum_param: str
    members: dict[str, tuple[str, str]]
    enum_default: str | None
    bad: tuple[str, str, str]          # member, the user's word for it (en, zh)
    qty_param: str
    qty_type: str
    qty_range: tuple[float, float]
    qty_words: tuple[str, str]         # "{n} hours" / "{n}个小时"
    cust_param: str
    cust_make: Callable[[random.Random], str]
    book_tool: tuple[str, str, str]
    ref_prefix: str
    get_tool: str
    change_tool: str
    cancel_tool: str
    mine_tool: str
    prices: dict[str, float] | None    # per unit of qty
    days: tuple[int, str, str] | None  # a date N days after the booked day
    export_tool: tuple[str, str, str]
    distractor: tuple[str, str, str, dict, dict, Any, str, str]
    extra: tuple[str, Any, str, str]   # key, value, (en words, zh words) carrying it
    months: tuple[int, ...]
    times: tuple[str, ...]
    holder: tuple[str, list[str]] | None = None


def _d(n):
    return lambda rng: n.format(*[rng.randint(0, 9) for _ in range(12)])


SPECS = [
    Spec("pumpout", ("Wharfside pump-out", "码头抽污站"), ("pump-out slot", "抽污时段"), "station_id",
         [("PO-14", "Bradley Wharf", "布拉德利码头"), ("PO-22", "King's Lock", "国王船闸"), ("PO-31", "Hesketh Basin", "赫斯基斯港池")],
         ("list_pumpout_stations", "List the canal pump-out stations and their ids", "列出运河抽污站及其编号"),
         ("find_pumpout_slots", "Free pump-out slots at a station on a date", "查询某抽污站某天的空闲时段"), "date",
         "service", {"pump_out": ("a standard pump-out", "普通抽污"), "pump_out_rinse": ("a pump-out with a tank rinse", "抽污加水箱冲洗"),
                     "cassette_only": ("just emptying the cassette", "只倒便携马桶盒")}, "pump_out", ("pump_out_rinse", "rinse", "冲洗"),
         "boat_length_m", "number", (4, 22), ("a {n} m narrowboat", "{n}米长的窄船"), "licence_number", _d("CRT-{}{}{}{}{}"),
         ("book_pumpout", "Book a pump-out slot for a boat", "为船预约抽污时段"), "PB-", "get_pumpout_booking",
         "move_pumpout_booking", "cancel_pumpout_booking", "list_my_pumpouts",
         {"pump_out": 18.0, "pump_out_rinse": 25.0, "cassette_only": 6.5}, (14, "book the next pump-out a fortnight later", "两周后再约下一次抽污"),
         ("export_station_log", "Export a station's monthly pump-out log", "导出抽污站的月度记录"),
         ("get_lock_closures", "List planned lock closures and stoppages on a canal", "列出运河上计划中的船闸关闭和停航",
          {"canal": {"type": "string"}}, {"canal": "Leeds and Liverpool Canal"},
          {"closures": [{"lock": "Lock 21", "from": "2025-11-03", "to": "2025-11-14"}]},
          "There is a planned stoppage at Lock 21 on the Leeds and Liverpool Canal.", "利兹-利物浦运河21号船闸有计划停航。"),
         ("boat_colour", ("green", "绿色"), ("It's the green narrowboat.", "是那条绿色的窄船。"), None),
         (3, 4, 5, 6, 7, 8, 9, 10), ("08:30", "09:00", "10:30", "11:15", "13:00", "14:30", "15:45"),
         ("boat_name", ["Kingfisher", "Slow Otter", "Mabel Rose", "Dunlin", "Tilly May"])),
    Spec("weighing", ("Cragside weighing station", "克拉格赛德称重站"), ("weighing slot", "称重时段"), "station_id",
         [("WS-03", "Cragside Mart weighbridge", "克拉格赛德市场地磅"), ("WS-07", "Llanfair scales", "兰费尔称重点"),
          ("WS-11", "Holme co-op crush", "霍尔姆合作社称重栏")],
         ("list_weighing_stations", "List livestock weighing stations with their ids", "列出牲畜称重点及编号"),
         ("find_weighing_slots", "Free weighing slots at a station on a date for a species and number of head", "查询某称重点某天按畜种和头数的空闲时段"),
         "date", "species", {"cattle": ("cattle", "牛"), "sheep": ("sheep", "羊"), "pigs": ("pigs", "猪")}, None,
         ("sheep", "ewes", "母羊"), "head_count", "integer", (1, 80), ("{n} head of {m}", "{n}头{m}"),
         "holding_number", _d("{}{}/{}{}{}/{}{}{}{}"),
         ("book_weighing", "Book a weighing slot for a holding's animals", "为养殖场的牲畜预约称重"), "WB-", "get_weighing_booking",
         "move_weighing_booking", "cancel_weighing_booking", "list_my_weighings",
         {"cattle": 4.5, "sheep": 0.8, "pigs": 1.2}, (28, "weigh them again four weeks later", "四周后再称一次"),
         ("export_weight_records", "Export weight records for a station and month", "导出某称重点某月的称重记录"),
         ("get_market_prices", "Latest auction prices per kg at the mart", "查询市场最新每公斤拍卖价",
          {"species": {"type": "string"}}, {"species": "cattle"}, {"species": "cattle", "p_per_kg": 2.71},
          "Store cattle made 271p/kg at the last sale.", "上一场拍卖架子牛每公斤271便士。"),
         ("trailer_reg", ("KX19 LMB", "KX19 LMB"), ("We'll bring them in the trailer, reg KX19 LMB.", "用拖车拉过去，车牌KX19 LMB。"), None),
         (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), ("07:30", "08:00", "09:15", "10:00", "11:30", "14:00")),
    Spec("sandbags", ("Flood sandbag service", "防汛沙袋服务"), ("sandbag collection", "沙袋领取"), "depot_id",
         [("SB-2", "Riverside depot", "河畔仓库"), ("SB-5", "Market Street fire station", "市场街消防站"), ("SB-9", "North Hill recycling centre", "北山回收中心")],
         ("list_sandbag_depots", "List the council's sandbag depots and their ids", "列出市政沙袋仓库及编号"),
         ("find_sandbag_collections", "Collection windows with sandbags in stock at a depot on a date", "查询某仓库某天有沙袋可领的时段"),
         "date", "method", {"collect": ("collect them myself", "自己去取"), "deliver": ("have them delivered as a vulnerable resident", "作为行动不便的居民送货上门")},
         "collect", ("deliver", "delivery", "送货"), "bags", "integer", (1, 20), ("{n} sandbags", "{n}袋沙袋"),
         "resident_id", _d("R-{}{}{}{}{}{}"),
         ("reserve_sandbags", "Reserve sandbags for collection or delivery", "预留沙袋（自取或送货）"), "SB-R", "get_sandbag_reservation",
         "move_sandbag_reservation", "cancel_sandbag_reservation", "list_my_sandbag_reservations",
         None, (28, "return the unused bags within 28 days", "28天内归还没用完的沙袋"),
         ("export_depot_issues", "Export the sandbags issued at a depot in a month", "导出某仓库某月的沙袋发放记录"),
         ("report_blocked_drain", "Report a blocked road drain or gully", "报告堵塞的路边排水口",
          {"location": {"type": "string"}}, {"location": "Mill Lane"}, {"report_id": "DR-5521", "status": "logged"},
          "I've logged a blocked drain on Mill Lane (DR-5521).", "已登记磨坊巷排水口堵塞（DR-5521）。"),
         ("warning_level", ("amber", "橙色"), ("There's an amber warning out.", "现在是橙色预警。"), None),
         (1, 2, 3, 10, 11, 12), ("08:00", "09:30", "12:00", "15:00", "17:30", "18:00")),
    Spec("kiln", ("Furnace Lane glass studio", "熔炉巷玻璃工作室"), ("kiln session", "窑炉时段"), "kiln_id",
         [("K-1", "Annealer 1", "1号退火炉"), ("K-2", "Annealer 2", "2号退火炉"), ("K-4", "the fusing kiln", "熔合窑")],
         ("list_kilns", "List the studio's kilns and annealers with their ids", "列出工作室的窑炉和退火炉及编号"),
         ("find_kiln_sessions", "Free kiln sessions on a date for a firing type", "查询某天某种烧制的空闲窑炉时段"),
         "date", "firing", {"anneal": ("an annealing run", "退火"), "fuse": ("a full fuse", "全熔合"), "slump": ("a slump firing", "热弯")},
         "anneal", ("anneal", "annealing run", "退火程序"), "hours", "integer", (1, 12), ("{n} hours", "{n}个小时"),
         "member_id", _d("GS-{}{}{}{}"),
         ("book_kiln_session", "Book a kiln session for a studio member", "为会员预约窑炉时段"), "KS-", "get_kiln_booking",
         "move_kiln_booking", "cancel_kiln_booking", "list_my_kiln_bookings",
         {"anneal": 6.0, "fuse": 9.0, "slump": 8.0}, (2, "collect the pieces once they've cooled, two days after", "两天冷却后再取件"),
         ("export_kiln_log", "Export a kiln's firing log for a month", "导出某窑炉某月的烧制日志"),
         ("order_glass_frit", "Order coloured glass frit or rods from the supplier", "向供应商订购彩色玻璃料或玻璃棒",
          {"colour_code": {"type": "string"}, "kg": {"type": "number"}}, {"colour_code": "CBS-125", "kg": 1},
          {"order_id": "GF-3390", "status": "placed"}, "I've ordered 1 kg of CBS-125 frit (GF-3390).", "已订购1公斤CBS-125玻璃料（GF-3390）。"),
         ("glass_type", ("Bullseye", "Bullseye"), ("It's all Bullseye glass.", "都是Bullseye玻璃。"), None),
         tuple(range(1, 13)), ("09:00", "10:00", "11:30", "13:00", "14:00", "16:30")),
    Spec("press", ("Hollybrook community orchard", "霍利布鲁克社区果园"), ("press slot", "榨汁时段"), "press_site",
         [("PR-1", "St Mary's orchard barn", "圣玛丽果园谷仓"), ("PR-2", "Greenway barn", "绿道仓棚"), ("PR-3", "Old School green", "老学校草坪")],
         ("list_press_sites", "List the orchard's apple-press sites and ids", "列出果园的榨汁点及编号"),
         ("find_press_slots", "Free slots on an apple-press day at a site", "查询某榨汁点某个榨汁日的空闲时段"),
         "date", "fruit", {"apples": ("apples", "苹果"), "pears": ("pears", "梨"), "mixed": ("a mix of apples and pears", "苹果和梨混合")},
         "apples", ("pears", "perry pears", "酿酒梨"), "fruit_kg", "number", (5, 150), ("{n} kg of {m}", "{n}公斤{m}"),
         "household_id", _d("HB-{}{}{}{}"),
         ("book_press_slot", "Book a slot on an apple-press day", "预约榨汁日的时段"), "AP-", "get_press_booking",
         "move_press_booking", "cancel_press_booking", "list_my_press_bookings",
         {"apples": 0.35, "pears": 0.45, "mixed": 0.4}, (3, "pick the pasteurised juice up three days after", "三天后取杀菌好的果汁"),
         ("export_press_day_sheet", "Export the sign-up sheet of a month's press days", "导出某月榨汁日的报名表"),
         ("report_tree_problem", "Report a diseased or damaged fruit tree", "报告生病或受损的果树",
          {"tree_id": {"type": "string"}, "symptom": {"type": "string"}}, {"tree_id": "T-27", "symptom": "canker"},
          {"report_id": "TR-118", "status": "logged"}, "I've reported canker on tree T-27 (TR-118).", "已报告T-27号树的溃疡病（TR-118）。"),
         ("own_bottles", (12, 12), ("I'll bring 12 of my own bottles.", "我自带12个瓶子。"), None),
         (8, 9, 10, 11), ("09:00", "09:45", "10:30", "11:15", "13:30", "14:15")),
    Spec("deckchair", ("Bayfront deckchairs", "海湾躺椅租赁"), ("deckchair hire", "躺椅租赁"), "kiosk_id",
         [("DC-N", "North Bay kiosk", "北湾售亭"), ("DC-P", "Pier kiosk", "栈桥售亭"), ("DC-S", "South Sands kiosk", "南沙滩售亭")],
         ("list_kiosks", "List the seafront hire kiosks and their ids", "列出海滨租赁售亭及编号"),
         ("check_chair_availability", "Chairs free at a kiosk on a date", "查询某售亭某天可租的椅子"),
         "date", "chair_type", {"deckchair": ("deckchairs", "躺椅"), "windbreak": ("windbreaks", "挡风屏"), "sunlounger": ("sun loungers", "日光浴床")},
         "deckchair", ("sunlounger", "loungers", "沙滩床"), "quantity", "integer", (1, 12), ("{n} {m}", "{n}把{m}"),
         "customer_id", _d("BF-{}{}{}{}{}"),
         ("hire_chairs", "Hire chairs from a kiosk for a day", "从售亭租椅子"), "DH-", "get_hire",
         "move_hire", "cancel_hire", "list_my_hires",
         {"deckchair": 4.0, "windbreak": 5.0, "sunlounger": 8.0}, None,
         ("export_kiosk_hires", "Export a kiosk's hires for a month", "导出某售亭某月的租赁记录"),
         ("get_tide_times", "High and low tide times for a beach", "查询某海滩的涨落潮时间",
          {"beach": {"type": "string"}}, {"beach": "North Bay"}, {"high": ["06:12", "18:40"], "low": ["00:05", "12:27"]},
          "High tide at North Bay is 06:12 and 18:40.", "北湾高潮时间为06:12和18:40。"),
         ("children", (2, 2), ("I'll have my 2 kids with me.", "我带两个孩子。"), None),
         (5, 6, 7, 8, 9), ("09:00", "10:00", "11:00", "12:30", "14:00")),
    Spec("locker", ("Village post office lockers", "乡村邮局包裹柜"), ("parcel locker", "包裹柜"), "office_id",
         [("PL-041", "Ashby Magna post office", "阿什比马格纳邮局"), ("PL-057", "Crowfield post office", "克罗菲尔德邮局"),
          ("PL-063", "Little Haddon stores", "小哈登商店邮局")],
         ("list_post_offices", "List post offices with parcel lockers and their ids", "列出设有包裹柜的邮局及编号"),
         ("find_free_lockers", "Free parcel lockers at a post office from a start date", "查询某邮局从某天起空闲的包裹柜"),
         "start_date", "size", {"small": ("a small locker", "小号柜"), "medium": ("a medium locker", "中号柜"), "large": ("a large locker", "大号柜")},
         "medium", ("large", "big one", "大的"), "weeks", "integer", (1, 12), ("{n} weeks", "{n}周"),
         "customer_id", _d("PO-{}{}{}{}{}{}"),
         ("rent_locker", "Rent a parcel locker for a number of weeks", "按周租用包裹柜"), "LR-", "get_locker_rental",
         "move_locker_rental", "cancel_locker_rental", "list_my_locker_rentals",
         {"small": 3.0, "medium": 5.0, "large": 8.0}, None,
         ("export_locker_usage", "Export locker usage for a post office and month", "导出某邮局某月的包裹柜使用记录"),
         ("buy_postage", "Buy a postage label for a parcel", "购买包裹邮资标签",
          {"weight_g": {"type": "integer"}, "service": {"type": "string"}}, {"weight_g": 500, "service": "second_class"},
          {"label_id": "ML-7781", "price": 3.2}, "Here's a second-class label for a 500 g parcel (ML-7781).", "已购买500克二等邮资标签（ML-7781）。"),
         ("parcel_count", (3, 3), ("I'm expecting 3 parcels.", "我会有3个包裹。"), None),
         tuple(range(1, 13)), ("09:00",)),
]


# --- wording helpers ---------------------------------------------------------------------------

def fmt_num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0").rstrip(".")


def money(x: float, lang: str) -> str:
    return f"£{x:.2f}" if lang == "en" else f"{x:.2f}英镑"


def rel_date(rng: random.Random, day: dt.date, lang: str) -> tuple[str, dt.date, str]:
    """A date as the user says it, the date it means (from the trace's day), and a pattern name."""
    kind = rng.choice(["tomorrow", "after", "weekday", "in_days", "absolute", "absolute"])
    if kind == "tomorrow":
        return ("tomorrow", "明天")[lang == "zh"], day + dt.timedelta(1), "relative date 'tomorrow' resolved"
    if kind == "after":
        return ("the day after tomorrow", "后天")[lang == "zh"], day + dt.timedelta(2), "relative date 'day after tomorrow' resolved"
    if kind == "weekday":
        w = rng.randint(0, 6)
        this = day - dt.timedelta(day.weekday()) + dt.timedelta(w)
        if this > day:
            return (f"this {WEEKDAYS_EN[w]}", f"这周{WEEKDAYS_ZH[w]}")[lang == "zh"], this, "weekday of this week resolved"
        nxt = this + dt.timedelta(7)
        return (f"next {WEEKDAYS_EN[w]}", f"下周{WEEKDAYS_ZH[w]}")[lang == "zh"], nxt, "weekday of next week resolved"
    if kind == "in_days":
        n = rng.choice([3, 5, 10])
        return (f"{n} days from today", f"{n}天后")[lang == "zh"], day + dt.timedelta(n), "'N days from today' resolved"
    target = day + dt.timedelta(rng.randint(3, 20))
    return ((f"on {target.day} {MONTHS_EN[target.month - 1]}", f"{target.month}月{target.day}日")[lang == "zh"], target,
            "date in the user's words written as YYYY-MM-DD")


def pick_day(rng: random.Random, spec: Spec) -> dt.date:
    year = rng.choice([2025, 2026])
    return dt.date(year, rng.choice(spec.months), rng.randint(1, 28))


GENERIC = {"press": ("fruit", "水果"), "deckchair": ("chairs", "椅子")}


def qty_value(rng: random.Random, spec: Spec, member: str, lang: str, mword: str | None = None,
              named: bool = True) -> tuple[float, str, str | None]:
    """The amount the agent sends, the user's words for it and for the member (when `named`), and a
    conversion pattern if any."""
    lo, hi = spec.qty_range
    m_en, m_zh = spec.members[member]
    if mword is not None:
        m_en = m_zh = mword
    if not named:
        m_en, m_zh = GENERIC.get(spec.key, ("", ""))
    words, value, conv = _qty(rng, spec, member, lang, m_en, m_zh)
    if named and "{m}" not in spec.qty_words[0]:
        words += ("，" if lang == "zh" else ", ") + (m_zh if lang == "zh" else m_en)
    return words_fix(value), words, conv


def words_fix(v):
    return v


def _qty(rng, spec, member, lang, m_en, m_zh):
    lo, hi = spec.qty_range
    if spec.key == "pumpout" and rng.random() < 0.5:
        ft = rng.choice([45, 50, 57, 60, 62, 70])
        return (f"a {ft}ft narrowboat", f"{ft}英尺长的窄船")[lang == "zh"], round(ft * 0.3048, 1), "feet converted to metres"
    if spec.key == "press" and rng.random() < 0.5:
        if lang == "zh":
            jin = rng.choice([40, 60, 80, 100])
            return f"{jin}斤{m_zh}", float(jin // 2), "斤 converted to kg"
        lb = rng.choice([40, 55, 66, 90])
        return f"about {lb} lb of {m_en}", round(lb * 0.4536, 1), "pounds converted to kg"
    if spec.key == "weighing":
        n = rng.randint(3, 40)
        unit = "只" if member == "sheep" else "头"
        return (f"{n} head of {m_en}" if member == "cattle" else f"{n} {m_en}", f"{n}{unit}{m_zh}")[lang == "zh"], n, None
    if spec.qty_type == "number":
        n = float(rng.randint(int(lo) + 2, int(hi) // 2))
    else:
        n = rng.randint(int(lo) + 1, min(int(hi), 8))
    words = spec.qty_words[lang == "zh"].format(n=fmt_num(n), m=(m_en, m_zh)[lang == "zh"]).strip()
    return words, n, None


# --- tools ---------------------------------------------------------------------------------------

def price_of(spec: Spec, member: str, qty) -> float:
    """Pump-outs cost a flat fee per service; the rest per unit of the amount."""
    unit = spec.prices[member]
    return round(unit if spec.key == "pumpout" else unit * qty, 2)


def desc(triple: tuple[str, str, str], zh: bool) -> str:
    return triple[2] if zh else triple[1]


def tools_for(spec: Spec, zh_desc: bool, extra: list[str] = ()) -> list:
    date_d = "日期 YYYY-MM-DD" if zh_desc else "Day, YYYY-MM-DD"
    enum = {"type": "string", "enum": list(spec.members)}
    if spec.enum_default:
        enum["default"] = spec.enum_default
    lo, hi = spec.qty_range
    qty = {"type": spec.qty_type, "minimum": lo, "maximum": hi}
    item = {"type": "string", "description": "时段编号" if zh_desc else "Id of a free slot from the search"}
    book_props = {"slot_id": item, spec.cust_param: {"type": "string"}, spec.enum_param: enum, spec.qty_param: qty}
    book_req = ["slot_id", spec.cust_param, spec.qty_param]
    if spec.holder:
        book_props[spec.holder[0]] = {"type": "string"}
        book_req.append(spec.holder[0])
    if spec.key == "deckchair":
        book_props["hours"] = {"type": "integer", "minimum": 1, "maximum": 12}
    ref = {"type": "string", "description": "预约编号" if zh_desc else "Booking reference"}
    out = [
        tool(spec.list_tool[0], desc(spec.list_tool, zh_desc)),
        tool(spec.search_tool[0], desc(spec.search_tool, zh_desc), [spec.place_param, spec.date_param],
             **{spec.place_param: {"type": "string"}, spec.date_param: {"type": "string", "format": "date", "description": date_d},
                spec.enum_param: enum, spec.qty_param: qty}),
        tool(spec.book_tool[0], desc(spec.book_tool, zh_desc), book_req, **book_props),
        tool(spec.get_tool, "查看一条预约" if zh_desc else "Look up one booking by its reference", ["booking_ref"], booking_ref=ref),
        tool(spec.change_tool, "把预约改到另一个时段" if zh_desc else "Move a booking to another free slot", ["booking_ref", "new_slot_id"],
             booking_ref=ref, new_slot_id=item),
        tool(spec.cancel_tool, "取消预约" if zh_desc else "Cancel a booking", ["booking_ref"], booking_ref=ref,
             reason={"type": "string", "enum": ["plans_changed", "weather", "duplicate", "other"], "default": "other"}),
        tool(spec.mine_tool, "列出客户的预约" if zh_desc else "List a customer's upcoming bookings", [spec.cust_param],
             **{spec.cust_param: {"type": "string"}}),
        tool(spec.distractor[0], desc(spec.distractor[:3], zh_desc), None, **spec.distractor[3]),
    ]
    if "export" in extra:
        out += [tool(spec.export_tool[0], desc(spec.export_tool, zh_desc), [spec.place_param, "month"],
                     **{spec.place_param: {"type": "string"},
                        "month": {"type": "string", "pattern": r"^\d{4}-(0[1-9]|1[0-2])$", "description": "YYYY-MM"},
                        "format": {"type": "string", "enum": ["csv", "pdf"], "default": "csv"}}),
                tool("get_export_status", "查询导出任务的进度（可反复调用直到完成）" if zh_desc else
                     "Check the progress of an export job; poll until it is done", ["job_id"], job_id={"type": "string"})]
    if "pay" in extra:
        out.append(tool("create_payment_link", "生成付款链接" if zh_desc else "Create a card payment link for a booking",
                        ["booking_ref", "amount", "currency"], booking_ref=ref,
                        amount={"type": "number", "minimum": 0.01},
                        currency={"type": "string", "enum": ["GBP", "EUR", "USD"]}))
    if "remind" in extra:
        out.append(tool("set_reminder", "设置提醒" if zh_desc else "Set a reminder for the customer on a date", ["date", "text"],
                        date={"type": "string", "format": "date"},
                        time={"type": "string", "pattern": r"^([01]\d|2[0-3]):[0-5]\d$"}, text={"type": "string"}))
    if "email" in extra:
        out.append(tool("send_email", "发送邮件" if zh_desc else "Send an e-mail", ["to", "subject", "body"],
                        to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"}))
    return out


class Ctx:
    """A scenario under construction: draft fields and hooks."""

    def __init__(self, spec: Spec, rng: random.Random, lang: str, extra: list[str] = ()):
        self.spec, self.rng, self.lang, self.zh = spec, rng, lang, lang == "zh"
        self.day = pick_day(rng, spec)
        zh_desc = self.zh if rng.random() < 0.75 else not self.zh
        self.tools = tools_for(spec, zh_desc, list(extra))
        self.steps: list[Step] = []
        self.roles: dict[str, Step] = {}
        self.slots: dict[str, tuple[Step, str]] = {}
        self.patterns: list[str] = []
        self.history: list[dict] = []
        self.user_id = f"u-{rng.randint(10000, 99999)}"
        self.attributes: dict[str, Any] = {"app.channel": rng.choice(["web", "whatsapp", "app"])}
        self.resource: dict[str, Any] = {"deployment.environment": "prod"}
        self.cust = spec.cust_make(rng)
        where = rng.choice(["attr", "resource", "user"])
        if where == "user":
            self.user_id = self.cust
        elif where == "attr":
            self.attributes[f"customer.{spec.cust_param}"] = self.cust
        else:
            self.resource[f"account.{spec.cust_param}"] = self.cust
        self.facts: dict[str, Any] = {"date_format": True}
        m = spec.bad[0]
        self.facts["enum_word"] = spec.bad[2] if self.zh else spec.bad[1]
        self.facts["extra_value"] = spec.extra[1][self.zh]

    def t(self, en: str, zh: str) -> str:
        return zh if self.zh else en

    def add(self, step: Step) -> Step:
        self.steps.append(step)
        return step

    def place(self):
        return self.rng.choice(self.spec.places)

    def pname(self, p) -> str:
        return p[2] if self.zh else p[1]

    def ids(self, n: int, prefix: str = "S") -> list[str]:
        base = self.rng.randint(1000, 8999)
        return [f"{prefix}{base + i * self.rng.randint(1, 7) + i}" for i in range(n)]

    def search(self, place, day: dt.date, member: str, qty, free: int | None = None, enum_arg: bool = True) -> tuple[Step, list[dict]]:
        spec = self.spec
        n = free if free is not None else self.rng.randint(2, 4)
        times = sorted(self.rng.sample(spec.times, min(n, len(spec.times)))) if spec.key != "locker" else []
        slots = []
        for i, sid in enumerate(self.ids(n)):
            s = {"slot_id": sid}
            if times:
                s["start"] = times[i % len(times)]
            else:
                s["locker"] = f"{self.rng.choice('ABC')}{self.rng.randint(1, 24)}"
            if spec.prices:
                s["unit_price"] = spec.prices[member]
                s["currency"] = "GBP"
            slots.append(s)
        args = {spec.place_param: place[0], spec.date_param: day.isoformat()}
        if enum_arg:
            args[spec.enum_param] = member
        args[spec.qty_param] = qty
        result = {spec.place_param: place[0], "date": day.isoformat(), "free": slots}
        return Step(spec.search_tool[0], args, result), slots

    def book(self, slot: dict, member: str, qty, day: dt.date, hours: int | None = None, holder: str | None = None) -> Step:
        spec = self.spec
        args = {"slot_id": slot["slot_id"], spec.cust_param: self.cust, spec.enum_param: member, spec.qty_param: qty}
        if spec.holder:
            args[spec.holder[0]] = holder
        if hours is not None:
            args["hours"] = hours
        ref = f"{spec.ref_prefix}{self.rng.randint(10000, 99999)}"
        result = {"booking_ref": ref, "status": "confirmed", "date": day.isoformat(), **{k: v for k, v in slot.items() if k != "slot_id"}}
        if spec.prices:
            result["total"] = price_of(spec, member, qty)
        return Step(spec.book_tool[0], args, result)

    def distractor(self, day: dt.date) -> Step:
        d = self.spec.distractor
        args = copy.deepcopy(d[4])
        return Step(d[0], args, copy.deepcopy(d[5]))

    def draft(self, request: str, output: str | None, shape: str) -> Draft:
        groups: list[list[Step]] = []
        for step in self.steps:  # the calls of one model turn, as the clean run made them
            if step.parallel and groups:
                groups[-1].append(step)
            else:
                groups.append([step])
        self.facts["groups"] = [g for g in groups if len(g) > 1]
        if "extra" in self.slots:
            if self.rng.random() < 0.5:
                request += ("" if self.zh else " ") + self.spec.extra[2][self.zh]
                self.patterns.append("a detail in the request that no tool takes, left out of the calls")
            else:
                del self.slots["extra"]
        self.facts["distractor_text"] = self.spec.distractor[7 if self.zh else 6]
        self.facts["shape"] = shape
        return Draft(domain=self.spec.key, lang=self.lang, request=request, output=output, tools=self.tools,
                     steps=self.steps, day=self.day, user_id=self.user_id, session_id=f"s-{self.rng.getrandbits(40):010x}",
                     attributes=self.attributes, resource=self.resource, history=self.history,
                     agent=(f"{self.spec.key}-assistant", self.rng.choice(["1.4.2", "2.0.1", "0.9.7"])),
                     patterns=self.patterns, roles=self.roles, slots=self.slots, facts=self.facts)


# --- shapes --------------------------------------------------------------------------------------

def _member_words(c: Ctx, member: str) -> str:
    if member == c.spec.bad[0] and c.rng.random() < 0.5:
        c.patterns.append("enum member from the user's own word")
        return c.spec.bad[2] if c.zh else c.spec.bad[1]
    return c.spec.members[member][c.zh]


def ask(c: Ctx, member: str, named: bool = True) -> tuple[float, str]:
    """The amount and the user's words for amount and kind."""
    mw = _member_words(c, member) if named else None
    qty, words, conv = qty_value(c.rng, c.spec, member, c.lang, mw, named)
    if conv:
        c.patterns.append(conv)
    return qty, words


def _holder(c: Ctx) -> tuple[str | None, str]:
    if not c.spec.holder:
        return None, ""
    h = c.rng.choice(c.spec.holder[1])
    return h, c.t(f" The boat is called {h}.", f"船名叫{h}。")


def shape_booking(spec: Spec, rng: random.Random, lang: str) -> Draft:
    c = Ctx(spec, rng, lang)
    p = c.place()
    words, day, pat = rel_date(rng, c.day, lang)
    c.patterns.append(pat)
    member = rng.choice(list(spec.members))
    qty, qwords = ask(c, member)
    holder, hwords = _holder(c)
    by_name = rng.random() < 0.5
    if by_name:
        lst = c.add(Step(spec.list_tool[0], {}, {"sites": [{"id": q[0], "name": q[1]} for q in spec.places]}))
        c.patterns.append("site id copied from the list of sites")
        c.roles["lookup"] = lst
    request = c.t(f"Can you book me a {spec.noun[0]} at {p[1]} {words}? It's for {qwords}.{hwords}",
                  f"帮我在{p[2]}约一个{spec.noun[1]}，{words}，{qwords}。{hwords}")
    hours = rng.randint(2, 5) if spec.key == "deckchair" else None
    if hours:
        request += c.t(f" I need it for {hours} hours.", f"要用{hours}个小时。")
    s, slots = c.search(p, day, member, qty)
    c.add(s)
    slot = slots[0]
    b = c.add(c.book(slot, member, qty, day, hours, holder))
    c.patterns += ["slot id copied from the search result", f"{spec.cust_param} from the trace context"]
    c.roles.update(producer=s, main=b, write=b, distractor=c.distractor(day))
    c.roles.setdefault("lookup", s)
    c.slots.update(date=(s, spec.date_param), enum=(s, spec.enum_param), copied_id=(b, "slot_id"),
                   context_id=(b, spec.cust_param), extra=(b, spec.extra[0]))
    when = slot.get("start") or slot.get("locker")
    ref = b.result["booking_ref"]
    price = c.t(f" It costs {money(b.result['total'], 'en')}.", f"费用{money(b.result['total'], 'zh')}。") if spec.prices else ""
    c.facts["success_text"] = c.t(f"All booked: {p[1]} on {day.isoformat()} at {when}, reference {ref}.",
                                  f"已预约成功：{p[2]}，{day.isoformat()} {when}，预约号{ref}。")
    out = c.facts["success_text"] + price
    return c.draft(request, out, "booking")


def shape_question(spec: Spec, rng: random.Random, lang: str) -> Draft:
    c = Ctx(spec, rng, lang)
    p = c.place()
    words, day, pat = rel_date(rng, c.day, lang)
    c.patterns.append(pat)
    use_default = spec.enum_default is not None and rng.random() < 0.5
    member = spec.enum_default if use_default else rng.choice(list(spec.members))
    qty, qwords = ask(c, member, named=not use_default)
    if use_default:
        c.patterns.append("enum value is the schema default, the user named none")
        request = c.t(f"What's free at {p[1]} {words}? {qwords[0].upper() + qwords[1:]}.",
                      f"{words}{p[2]}还有空吗？{qwords}。")
    else:
        request = c.t(f"Any {spec.noun[0]}s left at {p[1]} {words} for {qwords}?",
                      f"{words}{p[2]}还有{spec.noun[1]}吗？{qwords}。")
    s, slots = c.search(p, day, member, qty, free=rng.randint(1, 4))
    c.add(s)
    c.roles.update(lookup=s, main=s, plain=s)
    c.slots.update(date=(s, spec.date_param), enum=(s, spec.enum_param), extra=(s, spec.extra[0]))
    listing = ", ".join(x.get("start") or x.get("locker") for x in slots)
    out = c.t(f"On {day.isoformat()} {p[1]} has {len(slots)} free: {listing}.", f"{day.isoformat()} {p[2]}还有{len(slots)}个空位：{listing}。")
    if rng.random() < 0.4:  # a second independent lookup in the same turn: the user's bookings
        mine = Step(spec.mine_tool, {spec.cust_param: c.cust}, {"bookings": []}, parallel=True)
        c.add(mine)
        c.patterns.append("customer id from the trace context, looked up in parallel")
        request += c.t(" And do I already have anything booked?", "我自己已经有预约了吗？")
        out += c.t(" You have nothing booked yet.", "您目前没有预约。")
        c.slots["context_id"] = (mine, spec.cust_param)
    return c.draft(request, out, "question")


def shape_compare(spec: Spec, rng: random.Random, lang: str) -> Draft:
    c = Ctx(spec, rng, lang)
    words, day, pat = rel_date(rng, c.day, lang)
    c.patterns += [pat, "three sites searched in one model turn"]
    member = rng.choice(list(spec.members))
    qty, qwords = ask(c, member)
    lst = c.add(Step(spec.list_tool[0], {}, {"sites": [{"id": q[0], "name": q[1]} for q in spec.places]}))
    searches = []
    for i, p in enumerate(spec.places):
        s, slots = c.search(p, day, member, qty, free=rng.randint(1, 3))
        s.parallel = i > 0
        c.add(s)
        searches.append((p, s, slots))
    earliest = min(searches, key=lambda x: min(y.get("start") or y.get("locker") for y in x[2]))
    request = c.t(f"Which of your sites has the earliest {spec.noun[0]} {words}? {qwords[0].upper() + qwords[1:]}.",
                  f"{words}哪个点的{spec.noun[1]}最早？{qwords}。")
    summary = "; ".join(f"{(p[2] if c.zh else p[1])}: {', '.join(x.get('start') or x.get('locker') for x in sl)}" for p, _, sl in searches)
    c.roles.update(lookup=searches[1][1], main=searches[0][1], plain=searches[2][1])
    c.slots.update(date=(searches[0][1], spec.date_param), enum=(searches[2][1], spec.enum_param),
                   extra=(searches[1][1], spec.extra[0]))
    if rng.random() < 0.5:
        holder, hwords = _holder(c)
        request += c.t(" Book that one for me.", "帮我订最早的那个。") + hwords
        slot = min(earliest[2], key=lambda y: y.get("start") or y.get("locker"))
        b = c.add(c.book(slot, member, qty, day, None, holder))
        c.roles.update(producer=earliest[1], write=b, main=b, distractor=c.distractor(day))
        c.slots.update(copied_id=(b, "slot_id"), context_id=(b, spec.cust_param))
        c.facts["success_text"] = c.t(f"Booked the earliest one at {earliest[0][1]}, ref {b.result['booking_ref']}.",
                                      f"已订{earliest[0][2]}最早的时段，预约号{b.result['booking_ref']}。")
        out = c.t(f"{summary}. ", f"{summary}。") + c.facts["success_text"]
        shape = "compare+book"
    else:
        out = c.t(f"{summary}. The earliest is at {earliest[0][1]}.", f"{summary}。最早的是{earliest[0][2]}。")
        shape = "compare"
    return c.draft(request, out, shape)


def _earlier_booking(c: Ctx, p, day: dt.date, member: str, qty) -> tuple[str, str]:
    ref = f"{c.spec.ref_prefix}{c.rng.randint(10000, 99999)}"
    when = c.rng.choice(c.spec.times)
    c.history += [
        {"role": "user", "text": c.t(f"Book a {c.spec.noun[0]} at {p[1]} on {day.isoformat()}.", f"帮我约{day.isoformat()}在{p[2]}的{c.spec.noun[1]}。")},
        {"role": "assistant", "calls": [{"name": c.spec.book_tool[0], "arguments": {"slot_id": f"S{c.rng.randint(1000, 8999)}", c.spec.cust_param: c.cust,
                                                                                    c.spec.enum_param: member, c.spec.qty_param: qty}}]},
        {"role": "tool", "results": [{"booking_ref": ref, "status": "confirmed", "date": day.isoformat(), "start": when}]},
        {"role": "assistant", "text": c.t(f"Done, reference {ref}, {day.isoformat()} at {when}.", f"好了，预约号{ref}，{day.isoformat()} {when}。")},
    ]
    return ref, when


def shape_change(spec: Spec, rng: random.Random, lang: str) -> Draft:
    c = Ctx(spec, rng, lang)
    p = c.place()
    member = rng.choice(list(spec.members))
    qty, _, _ = qty_value(rng, spec, member, "en")
    old_day = c.day + dt.timedelta(rng.randint(2, 6))
    in_history = rng.random() < 0.6
    if in_history:
        ref, when = _earlier_booking(c, p, old_day, member, qty)
        c.patterns.append("booking reference from an earlier turn")
        refwords = c.t("that booking", "刚才那个预约")
    else:
        ref = f"{spec.ref_prefix}{rng.randint(10000, 99999)}"
        when = rng.choice(spec.times)
        refwords = ref
    g = c.add(Step(spec.get_tool, {"booking_ref": ref}, {"booking_ref": ref, "status": "confirmed", spec.place_param: p[0],
                                                         "date": old_day.isoformat(), "start": when, spec.enum_param: member, spec.qty_param: qty}))
    c.roles.update(lookup=g)
    c.slots["history_id" if in_history else "plain_ref"] = (g, "booking_ref")
    if rng.random() < 0.45:
        reason, rw = rng.choice([("weather", ("the forecast is awful", "天气预报很糟")), ("plans_changed", ("my plans have changed", "计划有变")),
                                 ("duplicate", ("I booked it twice by mistake", "我不小心订重了"))])
        request = c.t(f"Please cancel {refwords}, {rw[0]}.", f"请取消{refwords}，{rw[1]}。")
        x = c.add(Step(spec.cancel_tool, {"booking_ref": ref, "reason": reason}, {"booking_ref": ref, "status": "cancelled", "refund": "full"}))
        c.patterns.append("cancellation reason mapped to its enum member")
        c.roles.update(main=x, write=x, plain=x, distractor=c.distractor(old_day))
        c.slots["history_id" if in_history else "plain_ref2"] = (x, "booking_ref")
        c.facts["success_text"] = c.t(f"{ref} is cancelled.", f"{ref}已取消。")
        return c.draft(request, c.facts["success_text"] + c.t(" You'll get a full refund.", "费用全额退还。"), "cancel")
    words, new_day, pat = rel_date(rng, c.day, lang)
    if new_day == old_day:
        new_day += dt.timedelta(1)
        words, pat = new_day.isoformat(), "date given in ISO form"
    c.patterns.append(pat)
    request = c.t(f"Can you move {refwords} to {words}? Same everything else.", f"能把{refwords}改到{words}吗？其他不变。")
    s, slots = c.search(p, new_day, member, qty)
    s.args[spec.place_param] = p[0]
    c.add(s)
    c.patterns.append("site, type and amount copied from the looked-up booking")
    slot = slots[-1] if rng.random() < 0.3 else slots[0]
    m = c.add(Step(spec.change_tool, {"booking_ref": ref, "new_slot_id": slot["slot_id"]},
                   {"booking_ref": ref, "status": "moved", "date": new_day.isoformat(), "start": slot.get("start") or slot.get("locker")}))
    c.roles.update(producer=s, main=m, write=m, distractor=c.distractor(new_day))
    c.slots.update(date=(s, spec.date_param), enum=(s, spec.enum_param), copied_id=(m, "new_slot_id"), extra=(m, spec.extra[0]))
    c.facts["success_text"] = c.t(f"Moved {ref} to {new_day.isoformat()} at {slot.get('start') or slot.get('locker')}.",
                                  f"已把{ref}改到{new_day.isoformat()} {slot.get('start') or slot.get('locker')}。")
    return c.draft(request, c.facts["success_text"], "change")


def shape_compute(spec: Spec, rng: random.Random, lang: str) -> Draft:
    kinds = []
    if spec.prices:
        kinds.append("total")
    if spec.days:
        kinds.append("days")
    if spec.key == "deckchair":
        kinds.append("end_time")
    if spec.key == "locker":
        kinds.append("rental_end")
    kind = rng.choice(kinds)
    extra = {"total": ["pay"], "days": ["remind"], "end_time": ["remind"], "rental_end": ["remind"]}[kind]
    if rng.random() < 0.3:
        extra.append("email")
    c = Ctx(spec, rng, lang, extra)
    p = c.place()
    words, day, pat = rel_date(rng, c.day, lang)
    c.patterns.append(pat)
    member = rng.choice(list(spec.members))
    qty, qwords = ask(c, member)
    holder, hwords = _holder(c)
    hours = rng.randint(2, 6) if spec.key == "deckchair" else None
    hw = c.t(f" for {hours} hours", f"，用{hours}个小时") if hours else ""
    request = c.t(f"Please book a {spec.noun[0]} at {p[1]} {words}{hw}: {qwords}.{hwords}",
                  f"帮我在{p[2]}订{words}的{spec.noun[1]}，{qwords}{hw}。{hwords}")
    s, slots = c.search(p, day, member, qty)
    c.add(s)
    slot = rng.choice(slots)
    b = c.add(c.book(slot, member, qty, day, hours, holder))
    c.roles.update(producer=s, lookup=s, main=b, distractor=c.distractor(day))
    c.slots.update(date=(s, spec.date_param), enum=(s, spec.enum_param), copied_id=(b, "slot_id"), context_id=(b, spec.cust_param),
                   extra=(b, spec.extra[0]))
    ref = b.result["booking_ref"]
    when = slot.get("start") or slot.get("locker")
    if kind == "total":
        total = price_of(spec, member, qty)
        b.result["total"] = total
        cur, cw = rng.choice([("GBP", ("in pounds", "用英镑")), ("GBP", ("by card", "刷卡")), ("EUR", ("in euros", "用欧元"))])
        if cur == "EUR":
            b.result["total_eur"] = round(total * 1.17, 2)
            amount = b.result["total_eur"]
            c.patterns.append("currency code for the currency the user named, amount from the result")
        else:
            amount = total
            c.patterns.append("total computed from unit price × amount")
        request += c.t(f" Send me a payment link {cw[0]}.", f"发个付款链接给我，{cw[1]}。")
        pay = c.add(Step("create_payment_link", {"booking_ref": ref, "amount": amount, "currency": cur},
                         {"url": f"https://pay.example/{ref.lower()}", "status": "created"}))
        c.slots.update(computed=(pay, "amount"), currency=(pay, "currency"))
        c.roles["write"] = pay
        out = c.t(f"Booked {ref} for {day.isoformat()} at {when}. The total is {fmt_num(amount)} {cur}; pay here: https://pay.example/{ref.lower()}",
                  f"已预约{ref}，{day.isoformat()} {when}。合计{fmt_num(amount)} {cur}，付款链接：https://pay.example/{ref.lower()}")
        c.facts["success_text"] = out
        last = pay
    else:
        if kind == "days":
            n, en, zh = spec.days
            target = day + dt.timedelta(n)
            request += c.t(f" And remind me to {en}.", f"另外提醒我{zh}。")
            text = c.t(en, zh)
            c.patterns.append(f"reminder date computed {n} days after the booked day")
            rargs = {"date": target.isoformat(), "text": text}
        elif kind == "rental_end":
            target = day + dt.timedelta(7 * int(qty))
            request += c.t(" Remind me on the day the rental ends.", "租期到的那天提醒我。")
            text = c.t(f"Locker rental {ref} ends today", f"包裹柜租约{ref}今天到期")
            c.patterns.append("rental end date computed from start date and weeks")
            rargs = {"date": target.isoformat(), "text": text}
        else:
            target = day
            h, m = map(int, when.split(":"))
            end = dt.datetime(2000, 1, 1, h, m) + dt.timedelta(hours=hours) - dt.timedelta(minutes=15)
            request += c.t(" Remind me 15 minutes before the hire runs out.", "到期前15分钟提醒我。")
            text = c.t("Your chair hire ends in 15 minutes", "躺椅租赁15分钟后到期")
            c.patterns.append("reminder time computed from start + hours − 15 min")
            rargs = {"date": target.isoformat(), "time": end.strftime("%H:%M"), "text": text}
        r = c.add(Step("set_reminder", rargs, {"reminder_id": f"RM-{rng.randint(100, 999)}", "status": "scheduled"}))
        c.slots["computed"] = (r, "time" if "time" in rargs else "date")
        c.roles["write"] = r
        shown = rargs.get("time", rargs["date"])
        c.facts["success_text"] = c.t(f"Booked {ref} ({day.isoformat()} {when}) and set a reminder for {rargs['date']} {shown if 'time' in rargs else ''}".rstrip() + ".",
                                      f"已预约{ref}（{day.isoformat()} {when}），并设好{rargs['date']}{' ' + shown if 'time' in rargs else ''}的提醒。")
        out = c.facts["success_text"]
        last = r
    if "email" in extra:
        addr = rng.choice(["jo.parry@example.org", "m.okafor@example.net", "lin.wei@example.com"])
        request += c.t(f" Email me the details at {addr}.", f"把详情发到我的邮箱{addr}。")
        e = c.add(Step("send_email", {"to": addr, "subject": c.t(f"Your booking {ref}", f"您的预约{ref}"),
                                      "body": c.t(f"{ref}: {day.isoformat()} {when} at {p[1]}.", f"{ref}：{day.isoformat()} {when}，{p[2]}。")},
                       {"sent": True}))
        c.patterns.append("e-mail address the user gave, sent to a tool (not a leak)")
        c.roles["write"] = e
        out += c.t(" I've emailed you the details.", "详情已发到您的邮箱。")
        c.facts["success_text"] = out
    del last
    return c.draft(request, out, f"compute:{kind}")


def shape_followup(spec: Spec, rng: random.Random, lang: str) -> Draft:
    c = Ctx(spec, rng, lang)
    p = c.place()
    words, day, pat = rel_date(rng, c.day, lang)
    member = rng.choice(list(spec.members))
    qty, qwords = ask(c, member)
    s, slots = c.search(p, day, member, qty, free=3)
    listing = ", ".join(f"{x.get('start') or x.get('locker')} ({x['slot_id']})" for x in slots)
    c.history += [
        {"role": "user", "text": c.t(f"What's free at {p[1]} {words} for {qwords}?", f"{words}{p[2]}有空吗？{qwords}。")},
        {"role": "assistant", "calls": [{"name": s.tool, "arguments": s.args}]},
        {"role": "tool", "results": [s.result]},
        {"role": "assistant", "text": c.t(f"Free on {day.isoformat()}: {listing}. Want me to book one?", f"{day.isoformat()}有空：{listing}。要帮您订吗？")},
    ]
    c.patterns += [pat + " (earlier turn)", "slot id from an earlier turn's result"]
    k = rng.randrange(3)
    slot = slots[k]
    hold, hwords = _holder(c)
    pick = slot.get("start") or slot.get("locker")
    request = c.t(f"The {pick} one please.{hwords}", f"就要{pick}那个。{hwords}")
    b = c.add(c.book(slot, member, qty, day, None, hold))
    c.patterns.append("type and amount carried over from the earlier turn")
    c.roles.update(main=b, write=b, plain=b, distractor=c.distractor(day))
    c.slots.update(history_id=(b, "slot_id"), context_id=(b, spec.cust_param), extra=(b, spec.extra[0]))
    ref = b.result["booking_ref"]
    c.facts["success_text"] = c.t(f"Booked {pick} on {day.isoformat()}, reference {ref}.", f"已订{day.isoformat()} {pick}，预约号{ref}。")
    out = c.facts["success_text"]
    if rng.random() < 0.4:
        g = c.add(Step(spec.get_tool, {"booking_ref": ref}, {**b.result}))
        c.roles["lookup"] = g
        c.patterns.append("booking re-read by the reference the write returned")
        c.roles["write"] = b
    return c.draft(request, out, "followup")


def _last_month(day: dt.date) -> str:
    first = day.replace(day=1) - dt.timedelta(1)
    return f"{first.year}-{first.month:02d}"


def shape_export(spec: Spec, rng: random.Random, lang: str) -> Draft:
    c = Ctx(spec, rng, lang, ["export"] + (["email"] if rng.random() < 0.3 else []))
    p = c.place()
    mine = rng.random() < 0.5
    if mine:
        c.resource[f"site.{spec.place_param}"] = p[0]
        c.patterns.append("site id from the resource (the deployment's own site)")
        placew = c.t("our site", "我们站点")
    else:
        placew = c.pname(p)
    if rng.random() < 0.5:
        month = _last_month(c.day)
        mw = c.t("last month", "上个月")
        c.patterns.append("'last month' resolved from the trace's day")
    else:
        mo = c.day.month - rng.randint(1, 3)
        y = c.day.year + (mo - 1) // 12 if mo > 0 else c.day.year - 1
        mo = (mo - 1) % 12 + 1
        month = f"{y}-{mo:02d}"
        mw = c.t(f"{MONTHS_EN[mo - 1]} {y}", f"{y}年{mo}月")
        c.patterns.append("month in words written as YYYY-MM")
    fmt = rng.choice(["csv", "pdf"])
    fw = {"csv": ("a spreadsheet (CSV)", "CSV表格"), "pdf": ("a PDF", "PDF")}[fmt]
    request = c.t(f"Export {mw}'s records for {placew} as {fw[0]} please.", f"请把{placew}{mw}的记录导出成{fw[1]}。")
    job = f"job_{rng.getrandbits(32):08x}"
    ex = c.add(Step(spec.export_tool[0], {spec.place_param: p[0], "month": month, "format": fmt}, {"job_id": job, "status": "queued"}))
    polls = rng.choice([1, 2, 2, 3])
    for i in range(polls):
        pct = sorted(rng.sample(range(10, 95), polls))[i]
        c.add(Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "running", "progress": pct}))
    url = f"https://files.example/{job}.{fmt}"
    done = c.add(Step("get_export_status", {"job_id": job}, {"job_id": job, "status": "done", "rows": rng.randint(12, 240), "url": url}))
    c.patterns.append(f"job polled {polls + 1} times until done")
    c.roles.update(main=ex, plain=ex, producer=ex, distractor=c.distractor(c.day))
    c.slots.update(copied_id=(c.steps[1], "job_id"), extra=(ex, spec.extra[0]))
    c.facts["date_format"] = False
    out = c.t(f"The export is ready ({done.result['rows']} rows): {url}", f"导出完成（{done.result['rows']}行）：{url}")
    c.facts["success_text"] = out
    if "email" in [t.name for t in c.tools] or any(t.name == "send_email" for t in c.tools):
        addr = rng.choice(["office@hollyfarm.example", "sam.h@example.org"])
        request += c.t(f" Then email the link to {addr}.", f"然后把链接发到{addr}。")
        e = c.add(Step("send_email", {"to": addr, "subject": c.t("Export", "导出"), "body": url}, {"sent": True}))
        c.roles["write"] = e
        c.patterns.append("link from the poll's result sent to the address the user gave")
        out += c.t(f" — and I've emailed it to {addr}.", f"，并已发送到{addr}。")
        c.facts["success_text"] = out
    return c.draft(request, out, "export+poll")


def shape_retry(spec: Spec, rng: random.Random, lang: str) -> Draft:
    d = shape_booking(spec, rng, lang)
    s = next(x for x in d.steps if x.tool == spec.search_tool[0])
    failed = copy.deepcopy(s)
    failed.result, failed.error = None, rng.choice(["503 Service Unavailable", "HTTP 503: upstream busy, retry later"])
    d.steps.insert(d.steps.index(s), failed)
    d.patterns.append("one identical retry after a transient 503, which succeeded")
    d.facts["shape"] = "retry-503"
    return d


def shape_mine(spec: Spec, rng: random.Random, lang: str) -> Draft:
    c = Ctx(spec, rng, lang)
    c.patterns.append(f"{spec.cust_param} from the trace context")
    n = rng.randint(1, 3)
    items = []
    for i in range(n):
        p = c.place()
        d = c.day + dt.timedelta(rng.randint(1, 30))
        items.append({"booking_ref": f"{spec.ref_prefix}{rng.randint(10000, 99999)}", spec.place_param: p[0], "date": d.isoformat(),
                      "start": rng.choice(spec.times), "status": "confirmed"})
    items.sort(key=lambda x: x["date"])
    mine = c.add(Step(spec.mine_tool, {spec.cust_param: c.cust}, {"bookings": items}))
    c.roles.update(lookup=mine, plain=mine, main=mine)
    c.slots.update(context_id=(mine, spec.cust_param), extra=(mine, spec.extra[0]))
    request = c.t(f"What {spec.noun[0]}s have I got coming up?", f"我接下来有哪些{spec.noun[1]}？")
    out = c.t("You have: " + "; ".join(f"{x['booking_ref']} on {x['date']} at {x['start']}" for x in items) + ".",
              "您有：" + "；".join(f"{x['booking_ref']}，{x['date']} {x['start']}" for x in items) + "。")
    shape = "context-lookup"
    if rng.random() < 0.5:
        first = items[0]
        request += c.t(" Cancel the first one.", "把最早的那个取消。")
        x = c.add(Step(spec.cancel_tool, {"booking_ref": first["booking_ref"]}, {"booking_ref": first["booking_ref"], "status": "cancelled"}))
        c.patterns.append("reference copied from the listed bookings (cancel reason left to its default)")
        c.roles.update(main=x, write=x, producer=mine, distractor=c.distractor(c.day))
        c.slots["copied_id"] = (x, "booking_ref")
        c.facts["success_text"] = c.t(f"{first['booking_ref']} is cancelled.", f"{first['booking_ref']}已取消。")
        out += " " + c.facts["success_text"]
        shape = "context-lookup+cancel"
    return c.draft(request, out, shape)


def shape_long(spec: Spec, rng: random.Random, lang: str) -> Draft:
    """A long errand: sites, three searches in one turn, two bookings, a check, payment or reminder, an e-mail."""
    extra = ["email"] + (["pay"] if spec.prices else ["remind"])
    c = Ctx(spec, rng, lang, extra)
    words, day, pat = rel_date(rng, c.day, lang)
    c.patterns += [pat, "three sites searched in one model turn", "two bookings' slot ids copied from results"]
    m1, m2 = rng.sample(list(spec.members), 2)
    q1, w1 = ask(c, m1)
    q2, w2 = ask(c, m2)
    lst = c.add(Step(spec.list_tool[0], {}, {"sites": [{"id": q[0], "name": q[1]} for q in spec.places]}))
    res = []
    for i, p in enumerate(spec.places):
        s, slots = c.search(p, day, m1, q1, free=rng.randint(2, 3))
        s.parallel = i > 0
        c.add(s)
        res.append((p, s, slots))
    best = min(res, key=lambda x: x[2][0].get("start") or x[2][0].get("locker"))
    p, s1, slots1 = best
    s2, slots2 = c.search(p, day, m2, q2, free=2)
    c.add(s2)
    hold, hwords = _holder(c)
    b1 = c.add(c.book(slots1[0], m1, q1, day, None, hold))
    b2 = c.add(c.book(slots2[-1], m2, q2, day, None, hold))
    g = c.add(Step(spec.get_tool, {"booking_ref": b2.result["booking_ref"]}, {**b2.result}))
    addr = rng.choice(["priya.n@example.com", "tom.breen@example.org", "zhangmin@example.cn"])
    request = c.t(f"I need two {spec.noun[0]}s {words} at whichever site is earliest: first {w1}, then {w2}.{hwords}",
                  f"{words}我要约两个{spec.noun[1]}，哪个点最早就去哪：先{w1}，再{w2}。{hwords}")
    refs = f"{b1.result['booking_ref']}, {b2.result['booking_ref']}"
    if spec.prices:
        total = round(price_of(spec, m1, q1) + price_of(spec, m2, q2), 2)
        pay = c.add(Step("create_payment_link", {"booking_ref": b1.result["booking_ref"], "amount": total, "currency": "GBP"},
                         {"url": f"https://pay.example/{b1.result['booking_ref'].lower()}", "status": "created"}))
        request += c.t(" One payment link for both, in pounds.", "两项合并生成一个英镑付款链接。")
        c.patterns.append("total of two bookings computed from their unit prices")
        c.slots.update(computed=(pay, "amount"), currency=(pay, "currency"))
        tail = c.t(f" Total {money(total, 'en')}: {pay.result['url']}", f"合计{money(total, 'zh')}：{pay.result['url']}")
    else:
        n, en, zh = spec.days
        r = c.add(Step("set_reminder", {"date": (day + dt.timedelta(n)).isoformat(), "text": c.t(en, zh)}, {"status": "scheduled"}))
        request += c.t(f" Remind me to {en}.", f"提醒我{zh}。")
        c.patterns.append(f"reminder date {n} days after the booked day")
        c.slots["computed"] = (r, "date")
        tail = c.t(f" Reminder set for {r.args['date']}.", f"已设{r.args['date']}的提醒。")
    request += c.t(f" Email me a summary at {addr}.", f"总结发到{addr}。")
    e = c.add(Step("send_email", {"to": addr, "subject": c.t("Your bookings", "您的预约"), "body": refs}, {"sent": True}))
    c.patterns.append("e-mail address the user gave")
    c.roles.update(lookup=g, producer=s1, main=b1, write=e, plain=s2, distractor=c.distractor(day))
    c.slots.update(date=(s2, spec.date_param), enum=(s2, spec.enum_param), copied_id=(b1, "slot_id"), context_id=(b2, spec.cust_param),
                   extra=(b2, spec.extra[0]))
    c.facts["success_text"] = c.t(f"Booked both at {p[1]} on {day.isoformat()}: {refs}.{tail} Summary sent to {addr}.",
                                  f"两项都订在{p[2]}，{day.isoformat()}：{refs}。{tail}总结已发到{addr}。")
    return c.draft(request, c.facts["success_text"], "long")


SHAPES: list[tuple[str, Callable[[Spec, random.Random, str], Draft], float]] = [
    ("booking", shape_booking, 1.2), ("question", shape_question, 1.0), ("compare", shape_compare, 1.0),
    ("change", shape_change, 1.1), ("compute", shape_compute, 1.3), ("followup", shape_followup, 1.0),
    ("export", shape_export, 0.8), ("retry", shape_retry, 0.7), ("mine", shape_mine, 0.9), ("long", shape_long, 0.9),
]


# --- faults of this split's own --------------------------------------------------------------------

def miscomputed(draft: Draft, rng: random.Random) -> Marks | None:
    """A total, a reminder date or a time the agent got wrong: a value from nowhere."""
    found = draft.slots.get("computed")
    if found is None:
        return None
    step, key = found
    v = step.args[key]
    if isinstance(v, (int, float)):
        step.args[key] = round(v + rng.choice([-1, 1]) * rng.choice([0.5, 1.0, 2.0, 10.0]), 2)
        if step.args[key] <= 0:
            step.args[key] = round(v + 3.0, 2)
    elif ":" in v:
        h, m = map(int, v.split(":"))
        step.args[key] = f"{(h + rng.choice([1, -1])) % 24:02d}:{m:02d}"
    else:
        step.args[key] = (dt.date.fromisoformat(v) + dt.timedelta(rng.choice([-1, 1, 7]))).isoformat()
    return {"ungrounded_value": [step]}


def pii_email_leak(draft: Draft, rng: random.Random) -> Marks | None:
    """A record carries someone else's e-mail; the answer passes it on."""
    holder = draft.roles.get("lookup")
    if holder is None or not isinstance(holder.result, dict) or not draft.output:
        return None
    addr = rng.choice(["k.marsh1962@example.com", "dee.l.hughes@example.net", "wangfang88@example.cn"])
    holder.result = {**holder.result, "previous_holder_email": addr}
    draft.output += (f" 之前的预订人邮箱是{addr}，可以直接联系。" if draft.lang == "zh" else f" The previous holder was {addr} if you want to swap.")
    return {"pii_leak": [None]}


def format_error(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.format_error, on a date another fault has not already replaced by a word."""
    found = draft.slots.get("date")
    if found is None or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(found[0].args.get(found[1]))):
        return None
    return BASE_FAULTS["format_error"](draft, rng)


def wrong_tool(draft: Draft, rng: random.Random) -> Marks | None:
    marks = BASE_FAULTS["wrong_tool"](draft, rng)
    if marks is not None:
        draft.output = draft.facts["distractor_text"]
    return marks


def future_ref(draft: Draft, rng: random.Random) -> Marks | None:
    """corpus.future_ref, which also runs one after another the lookups an agent had made in one
    turn: the groups are noted so that the serial waste this brings is labelled too."""
    groups = [g for g in draft.facts.get("groups", []) if len(g) >= 3]
    marks = BASE_FAULTS["future_ref"](draft, rng)
    if marks is not None:
        draft.facts["serialised"] = (groups, marks["future_ref"][0])
    return marks


FAULTS = {**BASE_FAULTS, "wrong_tool": wrong_tool, "future_ref": future_ref, "format_error": format_error, "miscomputed": miscomputed, "pii_email_leak": pii_email_leak}
WEIGHTS = {name: 1.0 for name in FAULTS} | {"miscomputed": 2.0, "pii_email_leak": 0.8, "ungrounded_value": 1.5}
ENDINGS = {"failing_call_loop", "no_recovery", "silent_failure", "no_final_answer"}
COPIES = {"repeated_identical_call", "redundant_calls", "blind_retry"}
ORDER = {n: 2 if n in ("pii_leak", "pii_email_leak") else 1 if n in ENDINGS else -1 if n in COPIES else 0 for n in FAULTS}
CLASHES = [{"future_ref", "wrong_tool"}, {"future_ref", "failing_call_loop"}, {"miscomputed", "wrong_tool"},
           {"pii_leak", "pii_email_leak"}, {"prompt_injection_followed", "pii_email_leak"}, {"prompt_injection_followed", "pii_leak"}]


def _leaves(value: Any) -> list:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    return [value]


def review(draft: Draft, spec: Spec) -> dict[str, list]:
    """Labels a careful reviewer adds that no fault above names (found after the first run):
    - a site id sent where the user named the site only by its name and no earlier result or
      context holds the id: ungrounded_value on that call;
    - a wrong tool's arguments the user never said (the canal, the street, 500 g…): ungrounded_value;
    - lookups of one model turn run one after another by future_ref: serial_waste on the calls that
      waited, when two rounds or more were wasted."""
    marks: dict[str, list] = {}
    context = json.dumps([draft.user_id, draft.attributes, draft.resource, draft.history], ensure_ascii=False)
    seen = draft.request + context
    for step in draft.steps:
        if isinstance(step.args, dict) and step.raw is None:
            value = step.args.get(spec.place_param)
            if isinstance(value, str) and value not in seen:
                marks.setdefault("ungrounded_value", []).append(step)
            elif step.tool == spec.distractor[0]:
                for leaf in _leaves(step.args):
                    said = str(leaf).lower() in seen.lower() or (
                        leaf in spec.members and spec.members[leaf][1] in draft.request)
                    if not said:
                        marks.setdefault("ungrounded_value", []).append(step)
                        break
        if not step.error:
            seen += json.dumps(step.result, ensure_ascii=False)
    if "serialised" in draft.facts:
        groups, consumer = draft.facts["serialised"]
        waiting = []
        for group in groups:
            members = [s for s in draft.steps if any(s is g for g in group)]
            cut = draft.steps.index(consumer)
            for seg in ([s for s in members if draft.steps.index(s) < cut], [s for s in members if draft.steps.index(s) > cut]):
                waiting += seg[1:]
        if len(waiting) >= 2:
            marks["serial_waste"] = waiting
    return marks


def _case(index: int, spec: Spec, shape: Callable, lang: str, faults: list[str], rng: random.Random) -> Case | None:
    draft = shape(spec, rng, lang)
    marks: dict[str, list] = {}
    touched: set[int] = set()
    for name in sorted(faults, key=ORDER.__getitem__):
        draft.slots = {k: (s, key) for k, (s, key) in draft.slots.items()
                       if k == "extra" or (isinstance(s.args, dict) and key in s.args and s.raw is None)}
        found = FAULTS[name](draft, rng)
        if found is None:
            return None
        ids = {id(s) for marked in found.values() for s in marked if s is not None}
        if ids & touched:
            return None
        touched |= ids
        for label, marked in found.items():
            if label != TOUCHED:
                marks.setdefault(label, []).extend(marked)
    for label, marked in review(draft, spec).items():
        marks.setdefault(label, []).extend(s for s in marked if s not in marks.get(label, []))
    trajectory, seqs = build(draft, f"p{index:031x}", rng)
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=draft.domain, lang=lang, clean=not expected, faults=list(faults),
                patterns=draft.patterns + [f"shape:{draft.facts.get('shape')}"], trajectory=trajectory, expected=expected)


def one(index: int, seed: int) -> Case:
    """Case `index` of the split at `seed`: depends on nothing but the two."""
    rng = random.Random(f"{SPLIT}:{seed}:{index}")
    names = list(FAULTS)
    weights = [WEIGHTS[n] for n in names]
    for _ in range(200):
        roll = rng.random()
        if roll < 0.5:
            faults: list[str] = []
        elif roll < 0.82:
            faults = rng.choices(names, weights)
        else:
            faults = sorted({*rng.choices(names, weights, k=2)})  # sorted: a set's order changes with the hash seed
            if len(faults) < 2 or set(faults) <= ENDINGS or any(cl <= set(faults) for cl in CLASHES):
                continue
        for _attempt in range(30):
            spec = rng.choice(SPECS)
            shape = rng.choices([s[1] for s in SHAPES], [s[2] for s in SHAPES])[0]
            lang = rng.choice(["en", "zh"])
            case = _case(index, spec, shape, lang, faults, random.Random(rng.getrandbits(64)))
            if case is not None and len(case.trajectory.tool_calls) <= 12:
                return case
    raise RuntimeError(f"no case for index {index}")


def generate(n: int, seed: int) -> list[Case]:
    return [one(i, seed) for i in range(n)]
