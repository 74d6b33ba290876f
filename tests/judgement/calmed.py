"""The calmed split: agent traffic of ferry crossings, hot-air balloon flights, horse-riding
lessons, museum group tours, sauna sessions, vintage car hire and beach-hut rental, written by a
twentieth helper who read neither the evaluators, their calibration nor any other split. It must
not be read when tuning the evaluators, or it stops being unseen.

Shapes: a booking (search, then book an offered slot); a question answered by lookups; a
comparison of options priced in one model turn; a change or cancellation of an existing booking;
a computation the agent does from results (a balance, an end time, a return date N days on); a
follow-up that books from an earlier turn's results; an export polled to completion with a status
tool; a lookup retried once after a 503 that then succeeds; a "my bookings" question answered
with the user and account ids the framework put on the trace; a booking looked up and e-mailed to
an address the user gives; and a day plan (info and quotes for every option in one turn, then the
cheapest step-free option booked and confirmed by e-mail, up to 12 calls). English and Chinese
requests, tools described in the request's language or, now and then, in the other one.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
from dataclasses import dataclass
from typing import Any

from tests.judgement import corpus as C
from tests.judgement.corpus import Case, Draft, Step, build, tool

SPLIT = "calmed"
WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WEEKDAYS_ZH = ["一", "二", "三", "四", "五", "六", "日"]
SYMBOL = {"GBP": "£", "EUR": "€", "CNY": "¥", "USD": "$"}


@dataclass
class Dom:
    key: str
    brand: str
    thing: tuple[str, str]            # what is booked, en / zh
    opt_key: str                      # the argument naming the option
    opt_desc: tuple[str, str]
    opts: dict[str, list[str]]        # option names by language
    party: tuple[str, int, int, str, str]  # key, minimum, maximum, en phrase, zh phrase
    enum: tuple[str, str, list[tuple[str, str, str, str, str]]]  # key, desc, (member, en, zh, en word, zh word)
    kind: str                         # computation shape: amount | minutes | days
    price: tuple[int, int]
    cur: dict[str, str]               # the currency a user of each language pays in
    distract: tuple[str, str, str, str]  # tool, en description, zh description, argument key
    prefix: str
    times: list[str]


DOMAINS = [
    Dom("ferry", "Northsound Ferries", ("sailing", "船班"), "route", ("Route, e.g. 'Oban to Craignure'", "航线，如“大连到烟台”"),
        {"en": ["Oban to Craignure", "Ullapool to Stornoway", "Holyhead to Dublin", "Pembroke to Rosslare"],
         "zh": ["大连到烟台", "海安到海口", "宁波到舟山", "厦门到鼓浪屿"]},
        ("passengers", 1, 9, "{n} passengers", "{n}个人"),
        ("vehicle", "What comes on board with the party", [
            ("foot", "on foot", "步行上船", "walking", "步行"), ("car", "with our car", "开车上船", "Car", "小汽车"),
            ("motorcycle", "on a motorbike", "骑摩托车上船", "motorbike", "摩托"),
            ("campervan", "in our campervan", "开房车上船", "camper van", "房车")]),
        "amount", (18, 95), {"en": "GBP", "zh": "CNY"},
        ("get_sea_forecast", "Marine weather forecast for a sea area.", "查询海区的海洋天气预报。", "area"),
        "NSF", ["07:10", "09:45", "12:30", "14:55", "18:20"]),
    Dom("balloon", "Skyward Balloons", ("flight", "热气球飞行"), "launch_site", ("Launch site name", "起飞场地名称"),
        {"en": ["Bath sunrise flight", "Cotswolds evening flight", "Somerset Levels flight"],
         "zh": ["张家界日出飞行", "阳朔晨飞", "敦煌鸣沙山飞行"]},
        ("passengers", 1, 12, "{n} of us", "{n}位乘客"),
        ("package", "Flight package", [
            ("standard", "just the standard flight", "普通套餐", "basic", "普通"),
            ("champagne", "with the champagne toast", "带香槟的套餐", "Champagne package", "香槟"),
            ("private_basket", "with a private basket", "包篮", "private", "私人吊篮")]),
        "amount", (149, 329), {"en": "GBP", "zh": "CNY"},
        ("get_wind_report", "Surface and upper wind report for an airfield.", "查询机场的地面与高空风况。", "airfield"),
        "SKY", ["05:40", "06:15", "18:30", "19:05"]),
    Dom("riding", "Hollow Oak Riding School", ("lesson", "骑马课"), "lesson_type", ("Lesson type", "课程类型"),
        {"en": ["beginner group hack", "private dressage lesson", "beach ride"],
         "zh": ["初级场地课", "盛装舞步私教课", "海滩骑行"]},
        ("riders", 1, 6, "{n} riders", "{n}个人骑"),
        ("level", "Rider experience level", [
            ("beginner", "we've never ridden before", "从来没骑过马", "total beginner", "零基础"),
            ("novice", "we've had a couple of lessons", "上过几节课", "newbie", "新手"),
            ("intermediate", "we can canter comfortably", "能稳稳地跑步", "medium", "中级"),
            ("advanced", "we jump regularly", "经常练跳跃", "expert", "高级")]),
        "minutes", (35, 85), {"en": "GBP", "zh": "CNY"},
        ("get_farrier_schedule", "Farrier visit schedule for the yard's horses.", "查询马场马匹的钉蹄师排班。", "horse"),
        "HOR", ["09:00", "10:30", "13:00", "15:30", "17:00"]),
    Dom("museum", "City Museum Groups Desk", ("group tour", "团体导览"), "tour", ("Tour name", "导览名称"),
        {"en": ["Egyptian galleries highlights", "Medieval armour tour", "Impressionists tour"],
         "zh": ["青铜器专题导览", "书画馆导览", "古建筑导览"]},
        ("group_size", 10, 40, "a group of {n}", "{n}人的团"),
        ("language", "Guide language (ISO 639-1)", [
            ("en", "in English", "英语讲解", "English", "英语"), ("de", "in German", "德语讲解", "German", "德语"),
            ("fr", "in French", "法语讲解", "French", "法语"), ("zh", "in Mandarin", "中文讲解", "Chinese", "中文"),
            ("ja", "in Japanese", "日语讲解", "Japanese", "日语")]),
        "amount", (8, 22), {"en": "EUR", "zh": "CNY"},
        ("get_cloakroom_capacity", "Free lockers and cloakroom space by floor.", "按楼层查询存包柜和衣帽间空位。", "floor"),
        "MUS", ["10:00", "11:30", "14:00", "15:30"]),
    Dom("sauna", "Kallio Sauna House", ("session", "桑拿时段"), "room", ("Sauna room", "桑拿房"),
        {"en": ["public Löyly sauna", "private smoke sauna", "lakeside barrel sauna"],
         "zh": ["芬兰桑拿包间", "汗蒸房", "湖边木桶桑拿"]},
        ("guests", 1, 8, "{n} of us", "{n}个人"),
        ("session_type", "Session type", [
            ("public", "a public session", "公共时段", "shared", "公共"),
            ("private", "a private session", "包场", "exclusive", "私享"),
            ("women_only", "the women-only session", "女士专场", "ladies", "女士"),
            ("mixed", "a mixed session", "男女混合场", "co-ed", "混合")]),
        "minutes", (14, 48), {"en": "EUR", "zh": "CNY"},
        ("get_pool_temperature", "Current temperature of the cold plunge pool.", "查询冷水池当前水温。", "pool"),
        "KSH", ["07:00", "12:00", "17:30", "18:30", "20:00"]),
    Dom("vintage_car", "Chrome & Leather Classic Hire", ("car", "老爷车"), "model", ("Car model", "车型"),
        {"en": ["1965 Jaguar E-Type", "1959 Morris Minor", "1972 Citroën DS"],
         "zh": ["红旗CA72", "老款大众甲壳虫", "上海牌SH760"]},
        ("days", 1, 14, "{n} days", "{n}天"),
        ("drive_option", "Self-drive or with a chauffeur", [
            ("self_drive", "I'll drive myself", "我自己开", "self", "自驾"),
            ("chauffeur", "with a driver", "要带司机", "with driver", "司机")]),
        "days", (180, 420), {"en": "GBP", "zh": "CNY"},
        ("get_fuel_prices", "Fuel prices at stations near a town.", "查询某城镇附近加油站油价。", "town"),
        "CLH", ["09:00", "10:00", "14:00"]),
    Dom("beach_hut", "Seaside Huts Co.", ("beach hut", "海滩小屋"), "hut", ("Hut, e.g. 'Hut 14, Mudeford Spit'", "小屋名称"),
        {"en": ["Hut 14, Mudeford Spit", "Hut 3, Southwold", "Hut 27, Whitstable"],
         "zh": ["北戴河12号小屋", "鼓浪屿3号小屋", "大东海27号小屋"]},
        ("days", 1, 14, "{n} days", "{n}天"),
        ("extras", "Kit left in the hut", [
            ("none", "no extras", "不要额外物品", "nothing", "不要"),
            ("windbreak", "with a windbreak", "要一个挡风屏", "wind screen", "挡风"),
            ("barbecue", "with the barbecue kit", "带烧烤套装", "BBQ", "烧烤"),
            ("paddleboard", "with a paddleboard", "带桨板", "SUP", "桨板")]),
        "days", (35, 120), {"en": "GBP", "zh": "CNY"},
        ("get_tide_times", "High and low tide times for a beach.", "查询海滩的涨潮落潮时间。", "beach"),
        "SHC", ["08:00", "09:00", "10:00"]),
]


# --- small helpers ----------------------------------------------------------------------------

def _ref(rng: random.Random, d: Dom) -> str:
    return f"{d.prefix}-{rng.randint(10000, 99999)}"


def _slot_id(rng: random.Random) -> str:
    return f"slot_{rng.randint(100000, 999999)}"


def _day(rng: random.Random) -> dt.date:
    return dt.date(2025, 2, 1) + dt.timedelta(days=rng.randint(0, 300))


def _en(d: dt.date) -> str:
    return f"{d.day} {d:%B}"


def _zh(d: dt.date) -> str:
    return f"{d.month}月{d.day}日"


def _when(rng: random.Random, lang: str, today: dt.date) -> tuple[str, dt.date]:
    """A day as users say it, and the date it means seen from the trace's day."""
    k = rng.randint(0, 5)
    if k == 0:
        return ("tomorrow", "明天")[lang == "zh"], today + dt.timedelta(days=1)
    if k == 1:
        return ("the day after tomorrow", "后天")[lang == "zh"], today + dt.timedelta(days=2)
    if k == 2:
        n = rng.randint(3, 10)
        return (f"in {n} days' time", f"{n}天后")[lang == "zh"], today + dt.timedelta(days=n)
    if k == 3:
        wd = rng.randint(0, 6)
        target = today + dt.timedelta(days=7 - today.weekday() + wd)
        return (f"{WEEKDAYS_EN[wd]} next week", f"下周{WEEKDAYS_ZH[wd]}")[lang == "zh"], target
    if k == 4 and today.weekday() < 5:
        target = today + dt.timedelta(days=5 - today.weekday())
        return ("this Saturday", "这周六")[lang == "zh"], target
    target = today + dt.timedelta(days=rng.randint(6, 45))
    return ("on " + _en(target), _zh(target))[lang == "zh"], target


def _money(code: str, amount: float) -> str:
    return f"{SYMBOL[code]}{amount:,.2f}" if amount % 1 else f"{SYMBOL[code]}{amount:,.0f}"


def _desc_lang(rng: random.Random, lang: str) -> str:
    return lang if rng.random() < 0.7 else ("zh" if lang == "en" else "en")


class Tools:
    """The tools of a domain, described in one language."""

    def __init__(self, d: Dom, lang: str):
        self.d, self.lang = d, lang

    def _t(self, en: str, zh: str) -> str:
        return (en if self.lang == "en" else zh).replace("{thing}", self.d.thing[self.lang == "zh"])

    def _party(self) -> dict:
        key, lo, hi, _, _ = self.d.party
        return {"type": "integer", "minimum": lo, "maximum": hi,
                "description": self._t(f"Number of {key.replace('_', ' ')}", "人数" if key != "days" else "天数")}

    def _opt(self) -> dict:
        return {"type": "string", "description": self.d.opt_desc[self.lang == "zh"]}

    def _date(self, en="Date, YYYY-MM-DD", zh="日期，YYYY-MM-DD") -> dict:
        return {"type": "string", "format": "date", "description": self._t(en, zh)}

    def _enum(self) -> dict:
        key, desc, members = self.d.enum
        return {"type": "string", "enum": [m[0] for m in members], "description": desc}

    def search(self):
        return tool(f"search_{self.d.key}_availability",
                    self._t("Search free {thing} slots for an option on a date.", "查询某天某个选项可预订的{thing}时段。"),
                    [self.d.opt_key, "date"], **{self.d.opt_key: self._opt(), "date": self._date(),
                                                  self.d.party[0]: self._party()})

    def book(self):
        return tool(f"book_{self.d.key}",
                    self._t("Book a {thing} slot returned by the availability search.", "预订查询结果中的某个{thing}时段。"),
                    ["slot_id", "date", self.d.party[0]],
                    slot_id={"type": "string"}, date=self._date(), **{self.d.party[0]: self._party(),
                                                                      self.d.enum[0]: self._enum()},
                    special_requests={"type": "string", "description": self._t("Free-text requests", "备注")},
                    contact_email={"type": "string", "format": "email"})

    def info(self):
        return tool(f"get_{self.d.key}_info",
                    self._t("Practical information about an option: check-in, parking, rules, accessibility.",
                            "查询某个选项的须知：报到时间、停车、规定、无障碍设施。"),
                    [self.d.opt_key], **{self.d.opt_key: self._opt()})

    def price(self):
        return tool(f"quote_{self.d.key}",
                    self._t("Price a {thing} for a party on a date, in a currency.", "按日期和人数报价{thing}，可选币种。"),
                    [self.d.opt_key, "date", self.d.party[0]],
                    **{self.d.opt_key: self._opt(), "date": self._date(), self.d.party[0]: self._party(),
                       "currency": {"type": "string", "enum": ["GBP", "EUR", "CNY", "USD"], "default": "GBP"}})

    def get(self):
        return tool("get_booking", self._t("Fetch a booking by its reference.", "按预订号查询预订。"), ["booking_ref"],
                    booking_ref={"type": "string"})

    def cancel(self):
        return tool("cancel_booking", self._t("Cancel a booking.", "取消预订。"), ["booking_ref", "reason"],
                    booking_ref={"type": "string"},
                    reason={"type": "string", "enum": ["change_of_plans", "weather", "illness", "other"]})

    def change(self):
        return tool("reschedule_booking", self._t("Move a booking to another date.", "把预订改到另一天。"),
                    ["booking_ref", "new_date"], booking_ref={"type": "string"},
                    new_date=self._date("New date, YYYY-MM-DD", "新日期，YYYY-MM-DD"))

    def pay(self):
        return tool("create_payment_link", self._t("Create a card payment link for an amount owed on a booking.",
                                                   "为预订的应付金额生成付款链接。"),
                    ["booking_ref", "amount", "currency"], booking_ref={"type": "string"},
                    amount={"type": "number", "exclusiveMinimum": 0},
                    currency={"type": "string", "enum": ["GBP", "EUR", "CNY", "USD"]})

    def reserve(self):
        hhmm = {"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$"}
        return tool(f"reserve_{self.d.key}",
                    self._t("Reserve a {thing} from a start time to an end time (HH:MM, local).",
                            "预留{thing}，开始和结束时间为当地时间 HH:MM。"),
                    [self.d.opt_key, "date", "start_time", "end_time", self.d.party[0]],
                    **{self.d.opt_key: self._opt(), "date": self._date(), "start_time": hhmm, "end_time": hhmm,
                       self.d.party[0]: self._party(), self.d.enum[0]: self._enum()})

    def hire(self):
        return tool(f"hire_{self.d.key}",
                    self._t("Hire a {thing} from a start date to a return date.", "租用{thing}，填写起租和归还日期。"),
                    [self.d.opt_key, "start_date", "return_date"],
                    **{self.d.opt_key: self._opt(), "start_date": self._date("First day, YYYY-MM-DD", "起租日期"),
                       "return_date": self._date("Return day, YYYY-MM-DD", "归还日期"), self.d.enum[0]: self._enum()})

    def export(self):
        return tool("start_bookings_export",
                    self._t("Start an export of an account's bookings between two dates; returns a job id.",
                            "导出某账户两个日期之间的预订，返回任务 id。"),
                    ["account_id", "from_date", "to_date", "format"], account_id={"type": "string"},
                    from_date=self._date(), to_date=self._date(),
                    format={"type": "string", "enum": ["csv", "xlsx", "pdf"]})

    def status(self):
        return tool("get_export_status",
                    self._t("Check the status of an export job (poll until it is done).", "查询导出任务的进度状态（轮询直到完成）。"),
                    ["job_id"], job_id={"type": "string"})

    def mine(self):
        return tool("list_customer_bookings",
                    self._t("List a customer's bookings on an account.", "列出某账户下客户的预订。"),
                    ["customer_id"], customer_id={"type": "string"}, account_id={"type": "string"},
                    status={"type": "string", "enum": ["upcoming", "past", "all"], "default": "upcoming"})

    def email(self):
        return tool("send_email", self._t("Send an e-mail.", "发送电子邮件。"), ["to", "subject", "body"],
                    to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"})

    def distract(self):
        name, en, zh, key = self.d.distract
        return tool(name, en if self.lang == "en" else zh, [key], **{key: {"type": "string"}})


def _draft(rng: random.Random, lang: str, d: Dom, shape: str) -> tuple[Draft, Tools]:
    day = _day(rng)
    draft = Draft(domain=d.key, lang=lang, request="", output="", tools=[], steps=[], day=day,
                  agent=(f"{d.key}-assistant", f"{rng.randint(1, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 20)}"),
                  session_id=f"sess-{rng.randint(10**7, 10**8 - 1)}")
    draft.facts["date_format"] = True
    draft.facts["shape"] = shape
    draft.attributes = {"app.shape": shape}
    return draft, Tools(d, _desc_lang(rng, lang))


def _distractor(draft: Draft, t: Tools, value: str) -> None:
    draft.roles["distractor"] = Step(t.d.distract[0], {t.d.distract[3]: value},
                                     {"summary": "no data for this location" if t.lang == "en" else "暂无该地点数据"})
    draft.facts["wrong_output"] = ("I couldn't find anything useful for that, sorry." if draft.lang == "en"
                                   else "抱歉，没有查到相关的信息。")


def _member(rng: random.Random, d: Dom) -> tuple[str, str, str, str, str]:
    return rng.choice(d.enum[2])


def _party_n(rng: random.Random, d: Dom) -> int:
    key, lo, hi, _, _ = d.party
    return rng.randint(lo, min(hi, lo + 5)) if key != "days" else rng.randint(2, 6)


def _slots(rng: random.Random, d: Dom, n_party: int, k: int | None = None) -> list[dict]:
    times = sorted(rng.sample(d.times, min(len(d.times), k or rng.randint(2, 3))))
    unit = "price_per_day" if d.party[0] == "days" else "price_per_person"
    return [{"slot_id": _slot_id(rng), "starts": t, unit: rng.randint(*d.price),
             "places_left": rng.randint(n_party, n_party + 8)} for t in times]


def _party_words(d: Dom, lang: str, n: int) -> str:
    if lang == "zh":
        return d.party[4].format(n=n)
    singular = {"passengers": "1 passenger", "riders": "1 rider", "days": "1 day", "guests": "just me"}
    return singular[d.party[0]] if n == 1 and d.party[0] in singular else d.party[3].format(n=n)


def _unit(slot: dict) -> int:
    return slot.get("price_per_person", slot.get("price_per_day"))


# --- shapes -------------------------------------------------------------------------------------

def booking(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft, t = _draft(rng, lang, d, "booking")
    zh = lang == "zh"
    opt = rng.choice(d.opts[lang])
    said, when = _when(rng, lang, draft.day)
    n = _party_n(rng, d)
    member = _member(rng, d)
    slots = _slots(rng, d, n)
    pick = rng.randrange(len(slots))
    slot = slots[pick]
    remark = rng.choice([None, ("one of us uses a wheelchair", "有一位坐轮椅"), ("it's a birthday surprise", "是生日惊喜")])
    email = rng.random() < 0.4 and f"{rng.choice(['jo.hart', 'mei.lin', 'sam_r', 'wang.fang'])}@{rng.choice(['mailbox.example', 'post.example'])}"
    party_words = _party_words(d, lang, n)
    picks_en = ["the earliest", "the latest", "the middle"]
    which = 0 if pick == 0 else 1 if pick == len(slots) - 1 else 2
    if zh:
        ask = f"帮我订{said}的{opt}，{party_words}，{member[2]}，要{['最早', '最晚', '中间'][which]}那一班。"
        if remark:
            ask += f"另外{remark[1]}。"
        if email:
            ask += f"确认信发到 {email}"
    else:
        ask = (f"Can you book the {opt} {said} for {party_words}, {member[1]}? Take {picks_en[which]} slot."
               if rng.random() < 0.5 else
               f"hi, I'd like {opt} {said} - {party_words}, {member[1]}. {picks_en[which]} one please.")
        if remark:
            ask += f" Also {remark[0]}."
        if email:
            ask += f" Confirmation to {email} thanks"
    draft.request = ask
    args_search = {d.opt_key: opt, "date": when.isoformat()}
    if d.party[0] != "days":
        args_search[d.party[0]] = n
    search = Step(t.search().name, args_search, {"date": when.isoformat(), "slots": slots})
    ref = _ref(rng, d)
    args_book: dict[str, Any] = {"slot_id": slot["slot_id"], "date": when.isoformat(), d.party[0]: n, d.enum[0]: member[0]}
    if remark:
        args_book["special_requests"] = remark[1] if zh else remark[0]
    if email:
        args_book["contact_email"] = email
    cur = d.cur[lang]
    total = _unit(slot) * n
    book = Step(t.book().name, args_book, {"booking_ref": ref, "status": "confirmed", "starts": slot["starts"],
                                           "total": total, "currency": cur})
    draft.steps = [search, book]
    draft.tools = [t.search(), t.book(), t.info(), t.distract()]
    _distractor(draft, t, opt)
    draft.roles.update(producer=search, lookup=search, main=book, write=book, plain=search)
    draft.slots.update(date=(book, "date"), copied_id=(book, "slot_id"), enum=(book, d.enum[0]))
    if remark:
        draft.slots["extra"] = (book, "special_requests")
    draft.facts["enum_word"] = member[4] if zh else member[3]
    draft.output = (f"已订好：{opt}，{when.month}月{when.day}日 {slot['starts']}，{party_words}，预订号 {ref}，共{_money(cur, total)}。"
                    if zh else f"Done - {opt} on {_en(when)} at {slot['starts']} for {party_words}. "
                               f"Booking ref {ref}, total {_money(cur, total)}.")
    draft.facts["success_text"] = draft.output
    draft.patterns = ["relative date resolved from the trace day", "slot id copied from the search",
                      "enum member from the user's words"] + (["e-mail the user gave"] if email else [])
    return draft


def question(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft, t = _draft(rng, lang, d, "question")
    zh = lang == "zh"
    opt = rng.choice(d.opts[lang])
    info = {d.opt_key: opt, "check_in_minutes_before": rng.choice([15, 20, 30, 45, 60]),
            "parking": rng.choice(["free on site", "pay and display, 300 m away", "none"]),
            "step_free_access": rng.random() < 0.6, "dogs_allowed": rng.random() < 0.3}
    get_info = Step(t.info().name, {d.opt_key: opt}, info)
    draft.steps = [get_info]
    draft.tools = [t.info(), t.search(), t.book(), t.distract()]
    access = ("有无障碍通道" if info["step_free_access"] else "没有无障碍通道") if zh else \
        ("there is step-free access" if info["step_free_access"] else "there is no step-free access")
    if rng.random() < 0.5:  # also asks about a day: two independent lookups in one turn
        said, when = _when(rng, lang, draft.day)
        n = _party_n(rng, d) if d.party[0] != "days" else 1
        args = {d.opt_key: opt, "date": when.isoformat()}
        if d.party[0] != "days":
            args[d.party[0]] = n
        slots = _slots(rng, d, n)
        search = Step(t.search().name, args, {"date": when.isoformat(), "slots": slots}, parallel=True)
        draft.steps.append(search)
        draft.slots["date"] = (search, "date")
        times = ", ".join(s["starts"] for s in slots)
        party = (_party_words(d, lang, n)) if d.party[0] != "days" else ""
        draft.request = (f"{opt}要提前多久到？{said}还有{party}的位置吗？" if zh else
                         f"How early do we need to arrive for the {opt}, and is there space {said}"
                         f"{' for ' + party if party else ''}?")
        draft.output = (f"需要提前{info['check_in_minutes_before']}分钟到。{_zh(when)}还有这些时段：{times}。" if zh else
                        f"Check-in is {info['check_in_minutes_before']} minutes before. On {_en(when)} there is space at {times}.")
    else:
        draft.request = (f"{opt}有无障碍通道吗？停车怎么样？" if zh else
                         rng.choice([f"Is the {opt} step-free? And where do we park?",
                                     f"quick q about {opt}: wheelchair access + parking?"]))
        draft.output = (f"{opt}：{access}；停车：{info['parking']}。" if zh else f"For the {opt}, {access}; parking: {info['parking']}.")
    _distractor(draft, t, opt)
    draft.roles.update(lookup=get_info, main=get_info, plain=get_info)
    draft.patterns = ["answer built from lookups"] + (["independent lookups in one turn"] if len(draft.steps) > 1 else [])
    return draft


def comparison(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft, t = _draft(rng, lang, d, "comparison")
    zh = lang == "zh"
    k = rng.randint(2, len(d.opts[lang]))
    opts = rng.sample(d.opts[lang], k)
    said, when = _when(rng, lang, draft.day)
    n = _party_n(rng, d)
    cur_names = {"GBP": ("pounds", "英镑"), "EUR": ("euros", "欧元"), "CNY": ("yuan", "人民币"), "USD": ("dollars", "美元")}
    cur = rng.choice(["GBP", "EUR", "CNY", "USD"])
    steps = []
    prices = {}
    for i, o in enumerate(opts):
        p = round(rng.randint(*d.price) * n * (1.0 if cur != "CNY" else 9.2), 2)
        prices[o] = p
        args = {d.opt_key: o, "date": when.isoformat(), d.party[0]: n}
        explicit = cur != "GBP" or rng.random() < 0.5  # GBP is the default: passing it or not are both fine
        if explicit:
            args["currency"] = cur
        steps.append(Step(t.price().name, args, {d.opt_key: o, "total": p, "currency": cur}, parallel=i > 0))
    cheapest = min(prices, key=prices.get)
    party_words = _party_words(d, lang, n)
    joined = "、".join(opts) if zh else ", ".join(opts[:-1]) + " and " + opts[-1]
    draft.request = (f"比较一下{joined}，{said}，{party_words}，用{cur_names[cur][1]}报价，哪个最便宜？" if zh else
                     f"Which is cheapest {said} for {party_words}: {joined}? Prices in {cur_names[cur][0]} please.")
    listing = ("；".join(f"{o} {_money(cur, prices[o])}" for o in opts) if zh else
               "; ".join(f"{o} {_money(cur, prices[o])}" for o in opts))
    draft.output = (f"{_zh(when)}报价：{listing}。最便宜的是{cheapest}。" if zh else
                    f"Quotes for {_en(when)}: {listing}. Cheapest is {cheapest}.")
    draft.steps = steps
    draft.tools = [t.price(), t.search(), t.book(), t.distract()]
    _distractor(draft, t, opts[0])
    draft.roles.update(lookup=steps[0], main=steps[0], plain=steps[0])
    draft.slots["date"] = (steps[0], "date")
    if rng.random() < 0.5:  # ... and book the cheapest, earliest slot
        draft.request += "最便宜的那个直接帮我订最早的时段。" if zh else " Then book the earliest slot of the cheapest one."
        args = {d.opt_key: cheapest, "date": when.isoformat()}
        if d.party[0] != "days":
            args[d.party[0]] = n
        slots = _slots(rng, d, n)
        search = Step(t.search().name, args, {"date": when.isoformat(), "slots": slots})
        ref = _ref(rng, d)
        book = Step(t.book().name, {"slot_id": slots[0]["slot_id"], "date": when.isoformat(), d.party[0]: n},
                    {"booking_ref": ref, "status": "confirmed", "starts": slots[0]["starts"]})
        draft.steps += [search, book]
        draft.output += (f"已订{cheapest} {slots[0]['starts']}那一场，预订号 {ref}。" if zh else
                         f" Booked {cheapest} at {slots[0]['starts']}, ref {ref}.")
        draft.facts["success_text"] = draft.output
        draft.roles.update(producer=search, write=book)
        draft.slots["copied_id"] = (book, "slot_id")
        draft.patterns.append("books the option the comparison found")
    draft.patterns = ["parallel quotes in one turn", "currency code for the name the user said",
                      "relative date resolved from the trace day"]
    return draft


REASONS = {"change_of_plans": ("our plans have changed", "计划有变"), "weather": ("the forecast looks awful", "天气预报很差"),
           "illness": ("my son is ill", "孩子生病了"), "other": ("something came up", "有点事")}


def change(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft, t = _draft(rng, lang, d, "change")
    zh = lang == "zh"
    ref = _ref(rng, d)
    booked = draft.day + dt.timedelta(days=rng.randint(3, 30))
    opt = rng.choice(d.opts[lang])
    n = _party_n(rng, d)
    record = {"booking_ref": ref, d.opt_key: opt, "date": booked.isoformat(), d.party[0]: n,
              "starts": rng.choice(d.times), "status": "confirmed"}
    get = Step(t.get().name, {"booking_ref": ref}, record)
    draft.tools = [t.get(), t.cancel(), t.change(), t.search(), t.distract()]
    if rng.random() < 0.5:
        shift = rng.choice([1, 2, 7, 14])
        new = booked + dt.timedelta(days=shift)
        words = {1: ("a day", "一天"), 2: ("two days", "两天"), 7: ("a week", "一周"), 14: ("a fortnight", "两周")}[shift]
        draft.request = (f"预订号{ref}，能不能往后推{words[1]}？" if zh else
                         rng.choice([f"Can you push booking {ref} back by {words[0]}?",
                                     f"need to move {ref} {words[0]} later, same time"]))
        move = Step(t.change().name, {"booking_ref": ref, "new_date": new.isoformat()},
                    {"booking_ref": ref, "date": new.isoformat(), "status": "confirmed"})
        draft.steps = [get, move]
        draft.slots.update(date=(move, "new_date"), computed=(move, "new_date"))
        wrong = new + dt.timedelta(days=rng.choice([-1, 1]))
        draft.facts["wrong_computed"] = wrong.isoformat()
        said_moved = (lambda x: f"已改好：{ref} 从{_zh(booked)}改到{_zh(x)}，时间不变。" if zh else
                      f"Moved {ref} from {_en(booked)} to {_en(x)}, same start time.")
        draft.output, draft.facts["arith_output"] = said_moved(new), said_moved(wrong)
        draft.patterns = ["new date computed from the booking's date", "reference the user gave"]
        write = move
    else:
        reason = rng.choice(list(REASONS))
        draft.request = (f"{reason and REASONS[reason][1]}，帮我取消{ref}" if zh else
                         f"Please cancel {ref}, {REASONS[reason][0]}.")
        cancel = Step(t.cancel().name, {"booking_ref": ref, "reason": reason},
                      {"booking_ref": ref, "status": "cancelled", "refund": round(rng.randint(*d.price) * n * 0.8, 2)})
        draft.steps = [get, cancel]
        refund = _money(d.cur[lang], cancel.result["refund"])
        draft.output = (f"{ref}已取消，退款{refund}会在5个工作日内到账。" if zh else
                        f"{ref} is cancelled; a refund of {refund} will reach you within 5 working days.")
        draft.patterns = ["enum reason inferred from the user's words", "reference the user gave"]
        write = cancel
    _distractor(draft, t, opt)
    draft.roles.update(lookup=get, main=write, write=write, plain=get)
    draft.slots["user_value"] = (get, "booking_ref")
    draft.facts["success_text"] = draft.output
    return draft


def computation(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft, t = _draft(rng, lang, d, "computation")
    zh = lang == "zh"
    opt = rng.choice(d.opts[lang])
    cur = d.cur[lang]
    if d.kind == "amount":
        ref = _ref(rng, d)
        n = _party_n(rng, d)
        unit = rng.randint(*d.price)
        deposit = rng.choice([20, 25, 50]) * n if d.party[0] != "group_size" else 100
        fee = rng.choice([0, 2.5, 4, 6])
        total = unit * n + fee
        balance = round(total - deposit, 2)
        record = {"booking_ref": ref, d.opt_key: opt, d.party[0]: n, "price_per_person": unit, "booking_fee": fee,
                  "deposit_paid": deposit, "currency": cur, "status": "confirmed"}
        get = Step(t.get().name, {"booking_ref": ref}, record)
        link = f"https://pay.example/{ref.lower()}"
        pay = Step(t.pay().name, {"booking_ref": ref, "amount": balance, "currency": cur},
                   {"url": link, "amount": balance, "currency": cur})
        draft.request = (f"{ref}还欠多少钱？给我一个付尾款的链接" if zh else
                         rng.choice([f"How much is left to pay on {ref}? Send me a link for the balance.",
                                     f"balance on booking {ref}? I'd like to pay it off now"]))
        draft.steps = [get, pay]
        draft.tools = [t.get(), t.pay(), t.cancel(), t.distract()]
        draft.slots.update(computed=(pay, "amount"), user_value=(get, "booking_ref"))
        wrong = round(unit * n - deposit, 2) if fee else round(total, 2)
        draft.facts["wrong_computed"] = wrong
        said_due = (lambda tot, due: f"总价 {_money(cur, tot)}，已付定金 {_money(cur, deposit)}，还需支付 {_money(cur, due)}。付款链接：{link}"
                    if zh else f"Total {_money(cur, tot)} less the {_money(cur, deposit)} deposit leaves {_money(cur, due)}. Pay here: {link}")
        draft.output = said_due(total, balance)
        draft.facts["arith_output"] = said_due(unit * n if fee else total, wrong) if fee else \
            (f"还需支付 {_money(cur, wrong)}。付款链接：{link}" if zh else f"You owe {_money(cur, wrong)}. Pay here: {link}")
        draft.roles.update(lookup=get, main=pay, write=pay, plain=get)
        if balance <= 0:  # the deposit covered it all: a payment link for a non-positive amount breaks its minimum
            draft.facts["own_marks"] = {"constraint_error": [pay]}
        draft.patterns = ["balance computed from the booking's figures", "currency copied from the result"]
    elif d.kind == "minutes":
        said, when = _when(rng, lang, draft.day)
        start = rng.choice(d.times)
        mins = rng.choice([45, 60, 90, 120])
        h, m = map(int, start.split(":"))
        end_dt = dt.datetime(2000, 1, 1, h, m) + dt.timedelta(minutes=mins)
        end = end_dt.strftime("%H:%M")
        n = _party_n(rng, d)
        member = _member(rng, d)
        dur = {45: ("45 minutes", "45分钟"), 60: ("an hour", "一个小时"), 90: ("an hour and a half", "一个半小时"),
               120: ("two hours", "两个小时")}[mins]
        party_words = _party_words(d, lang, n)
        draft.request = (f"{said}{start}开始，订{opt}{dur[1]}，{party_words}，{member[2]}" if zh else
                         f"Please reserve the {opt} {said} from {start} for {dur[0]} - {party_words}, {member[1]}.")
        ref = _ref(rng, d)
        res = Step(t.reserve().name, {d.opt_key: opt, "date": when.isoformat(), "start_time": start, "end_time": end,
                                      d.party[0]: n, d.enum[0]: member[0]},
                   {"booking_ref": ref, "status": "held", "date": when.isoformat(), "start_time": start, "end_time": end})
        draft.steps = [res]
        draft.tools = [t.reserve(), t.info(), t.cancel(), t.distract()]
        draft.slots.update(computed=(res, "end_time"), date=(res, "date"), enum=(res, d.enum[0]))
        wrong = (end_dt + dt.timedelta(minutes=rng.choice([-30, 30, 60]))).strftime("%H:%M")
        draft.facts["wrong_computed"] = wrong
        draft.facts["enum_word"] = member[4] if zh else member[3]
        said_held = (lambda e: f"已预留：{_zh(when)} {start}–{e}，{opt}，预订号 {ref}。" if zh else
                     f"Held: {opt} on {_en(when)}, {start}-{e}. Ref {ref}.")
        draft.output, draft.facts["arith_output"] = said_held(end), said_held(wrong)
        draft.roles.update(main=res, write=res, plain=res)
        draft.patterns = ["end time computed from start and duration", "relative date resolved from the trace day",
                          "enum member from the user's words"]
    else:
        said, when = _when(rng, lang, draft.day)
        days = rng.randint(2, 9)
        back = when + dt.timedelta(days=days)
        member = _member(rng, d)
        ref = _ref(rng, d)
        per_day = rng.randint(*d.price)
        draft.request = (f"我想{said}租{opt}，{days}天后还，{member[2]}" if zh else
                         f"I'd like the {opt} from {said}, bringing it back {days} days later. {member[1].capitalize()}.")
        hire = Step(t.hire().name, {d.opt_key: opt, "start_date": when.isoformat(), "return_date": back.isoformat(),
                                    d.enum[0]: member[0]},
                    {"booking_ref": ref, "status": "confirmed", "days_charged": days, "price_per_day": per_day,
                     "currency": cur})
        draft.steps = [hire]
        draft.tools = [t.hire(), t.info(), t.cancel(), t.distract()]
        draft.slots.update(computed=(hire, "return_date"), date=(hire, "start_date"), enum=(hire, d.enum[0]))
        wrong = back + dt.timedelta(days=rng.choice([-1, 1]))
        draft.facts["wrong_computed"] = wrong.isoformat()
        draft.facts["enum_word"] = member[4] if zh else member[3]
        said_hired = (lambda b: f"已订：{opt}，{_zh(when)}取，{_zh(b)}还，预订号 {ref}，每天{_money(cur, per_day)}。" if zh else
                      f"Booked {opt}: {_en(when)} to {_en(b)}, ref {ref}, {_money(cur, per_day)} a day.")
        draft.output, draft.facts["arith_output"] = said_hired(back), said_hired(wrong)
        draft.roles.update(main=hire, write=hire, plain=hire)
        draft.patterns = ["return date N days after a relative start date", "enum member from the user's words"]
    draft.facts["success_text"] = draft.output
    _distractor(draft, t, opt)
    return draft


def follow_up(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft, t = _draft(rng, lang, d, "follow_up")
    zh = lang == "zh"
    opt = rng.choice(d.opts[lang])
    said, when = _when(rng, lang, draft.day)
    n = _party_n(rng, d)
    slots = _slots(rng, d, n, 3)
    pick = rng.randrange(3)
    slot = slots[pick]
    member = _member(rng, d)
    args = {d.opt_key: opt, "date": when.isoformat()}
    listing = ", ".join(f"{s['starts']} ({s['places_left']} left)" for s in slots)
    draft.history = [
        {"role": "user", "text": f"{said}{opt}有哪些时段？" if zh else f"What times are there for {opt} {said}?"},
        {"role": "assistant", "calls": [{"name": t.search().name, "arguments": args}]},
        {"role": "tool", "results": [{"date": when.isoformat(), "slots": slots}]},
        {"role": "assistant", "text": (f"{_zh(when)}有：{listing}" if zh else f"On {_en(when)}: {listing}.")},
    ]
    ordinal = [("first", "第一个"), ("second", "第二个"), ("third", "第三个")][pick]
    party_words = _party_words(d, lang, n)
    use_time = rng.random() < 0.5
    draft.request = ((f"就订{slot['starts']}那个吧" if use_time else f"订{ordinal[1]}") + f"，{party_words}，{member[2]}"
                     if zh else
                     (f"Great, book the {slot['starts']} one" if use_time else f"ok the {ordinal[0]} one please")
                     + f" for {party_words}, {member[1]}")
    ref = _ref(rng, d)
    cur = d.cur[lang]
    book = Step(t.book().name, {"slot_id": slot["slot_id"], "date": when.isoformat(), d.party[0]: n,
                                d.enum[0]: member[0]},
                {"booking_ref": ref, "status": "confirmed", "starts": slot["starts"],
                 "total": _unit(slot) * n, "currency": cur})
    draft.steps = [book]
    draft.tools = [t.search(), t.book(), t.get(), t.distract()]
    draft.slots.update(history_id=(book, "slot_id"), enum=(book, d.enum[0]), date=(book, "date"))
    draft.facts["enum_word"] = member[4] if zh else member[3]
    total = _money(cur, _unit(slot) * n)
    draft.output = (f"订好了：{_zh(when)} {slot['starts']}，预订号 {ref}，合计{total}。" if zh else
                    f"Booked for {_en(when)} at {slot['starts']}, ref {ref}, {total} in total.")
    draft.facts["success_text"] = draft.output
    _distractor(draft, t, opt)
    draft.roles.update(main=book, write=book)
    draft.patterns = ["slot id and date from an earlier turn", "enum member from the user's words"]
    return draft


def export(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft, t = _draft(rng, lang, d, "export")
    zh = lang == "zh"
    acct = f"acct_{rng.randint(1000, 9999)}"
    draft.resource = {"service.name": f"{d.key}-agent", "tenant.id": acct, "deployment.environment": "prod"}
    draft.user_id = f"staff_{rng.randint(100, 999)}"
    first_this = draft.day.replace(day=1)
    last_prev = first_this - dt.timedelta(days=1)
    if rng.random() < 0.5:
        start, end = last_prev.replace(day=1), last_prev
        period = ("last month", "上个月")
    else:
        start, end = draft.day - dt.timedelta(days=6), draft.day
        period = ("the last 7 days (today included)", "最近7天（含今天）")
    fmt, fmt_en, fmt_zh, fmt_word_en, fmt_word_zh = rng.choice([
        ("xlsx", "a spreadsheet", "Excel表格", "Excel", "表格"), ("csv", "a CSV", "CSV", "comma separated", "逗号分隔"),
        ("pdf", "a PDF", "PDF", "PDF document", "PDF文件")])
    draft.request = (f"把{period[1]}的所有预订导出成{fmt_zh}" if zh else
                     f"Export all our {d.thing[0]} bookings for {period[0]} as {fmt_en}.")
    job = f"job_{rng.randint(10**6, 10**7 - 1)}"
    start_step = Step(t.export().name, {"account_id": acct, "from_date": start.isoformat(), "to_date": end.isoformat(),
                                        "format": fmt}, {"job_id": job, "status": "queued"})
    polls = rng.randint(2, 5)
    url = f"https://files.example/exports/{job}.{fmt}"
    steps = [start_step]
    for i in range(polls):
        done = i == polls - 1
        steps.append(Step(t.status().name, {"job_id": job},
                          {"job_id": job, "status": "done", "rows": rng.randint(40, 900), "url": url} if done else
                          {"job_id": job, "status": "running", "progress": round((i + 1) / polls, 2)}, duration=rng.randint(80, 200)))
    draft.steps = steps
    draft.tools = [t.export(), t.status(), t.get(), t.distract()]
    rows = steps[-1].result["rows"]
    draft.output = (f"导出完成（{start.isoformat()} 至 {end.isoformat()}，共{rows}条）：{url}" if zh else
                    f"Your export ({start.isoformat()} to {end.isoformat()}, {rows} rows) is ready: {url}")
    draft.facts["enum_word"] = fmt_word_zh if zh else fmt_word_en
    draft.roles.update(producer=start_step, main=start_step, plain=start_step)
    draft.slots.update(context_id=(start_step, "account_id"), copied_id=(steps[1], "job_id"),
                       date=(start_step, "from_date"), enum=(start_step, "format"))
    draft.patterns = ["account id from the resource", "period computed from the trace day", "status polled to completion",
                      "job id copied from the result"]
    return draft


def retry(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft = booking(rng, lang, d) if rng.random() < 0.5 else question(rng, lang, d)
    draft.facts["shape"] = "retry"
    draft.attributes = {"app.shape": "retry"}
    first = draft.steps[0]
    failed = copy.deepcopy(first)
    failed.error = rng.choice(["503 Service Unavailable", "HTTP 503: upstream overloaded, retry later"])
    failed.result = None
    failed.parallel = False
    first_index = 0
    draft.steps.insert(first_index, failed)
    if len(draft.steps) > 2 and draft.steps[2].parallel:  # the second lookup of the turn still ran with the first try
        draft.steps[2].parallel = False
        draft.steps.insert(1, draft.steps.pop(2))
        draft.steps[1].parallel = True
    for role in ("lookup", "main", "plain", "producer"):
        if draft.roles.get(role) is first and role != "producer":
            draft.roles.pop(role)
    if "main" not in draft.roles and "write" in draft.roles:
        draft.roles["main"] = draft.roles["write"]
    draft.patterns = ["one identical retry after a 503, then success"] + draft.patterns
    return draft


def context(rng: random.Random, lang: str, d: Dom) -> Draft:
    draft, t = _draft(rng, lang, d, "context")
    zh = lang == "zh"
    acct = f"acct_{rng.randint(1000, 9999)}"
    draft.user_id = f"cust_{rng.randint(10**5, 10**6 - 1)}"
    draft.attributes = {"app.shape": "context", "user.id": draft.user_id, "app.account_id": acct}
    draft.resource = {"service.name": f"{d.key}-agent", "tenant.id": acct}
    k = rng.randint(1, 3)
    items = []
    for _ in range(k):
        day = draft.day + dt.timedelta(days=rng.randint(2, 60))
        items.append({"booking_ref": _ref(rng, d), d.opt_key: rng.choice(d.opts[lang]), "date": day.isoformat(),
                      "starts": rng.choice(d.times), "status": "confirmed"})
    items.sort(key=lambda x: x["date"])
    args = {"customer_id": draft.user_id, "account_id": acct}
    if rng.random() < 0.5:
        args["status"] = "upcoming"
    lst = Step(t.mine().name, args, {"bookings": items})
    nxt = items[0]
    draft.tools = [t.mine(), t.get(), t.cancel(), t.distract()]
    if rng.random() < 0.5:
        detail = dict(nxt, **{d.party[0]: _party_n(rng, d), "meeting_point": rng.choice(
            ["main entrance", "harbour office", "yard gate", "reception"])})
        get = Step(t.get().name, {"booking_ref": nxt["booking_ref"]}, detail)
        draft.steps = [lst, get]
        draft.request = ("我下一个预订是什么时候？在哪里集合？" if zh else
                         rng.choice(["When's my next booking and where do I meet?", "what have I got coming up next, and where do we meet"]))
        draft.output = (f"下一个是{nxt[d.opt_key]}，{nxt['date']} {nxt['starts']}，集合地点：{detail['meeting_point']}（{nxt['booking_ref']}）。"
                        if zh else f"Next up: {nxt[d.opt_key]} on {nxt['date']} at {nxt['starts']}, meet at the "
                                   f"{detail['meeting_point']} (ref {nxt['booking_ref']}).")
        draft.roles.update(producer=lst, main=get, plain=get)
        draft.slots["copied_id"] = (get, "booking_ref")
    else:
        draft.steps = [lst]
        draft.request = ("我有哪些预订？" if zh else rng.choice(["What bookings do I have?", "list my bookings pls"]))
        draft.output = ("你有：" + "；".join(f"{i[d.opt_key]} {i['date']} {i['starts']}（{i['booking_ref']}）" for i in items)
                        if zh else "You have: " + "; ".join(f"{i[d.opt_key]} on {i['date']} at {i['starts']} ({i['booking_ref']})"
                                                           for i in items))
        draft.roles.update(main=lst, plain=lst)
        if len(items) > 1 and rng.random() < 0.6:  # the agent fetches each booking's details in one turn
            draft.request = (draft.request.rstrip("？") + "？每个在哪里集合？") if zh else \
                draft.request.rstrip("?") + ", and where do I meet for each?"
            gets = [Step(t.get().name, {"booking_ref": i["booking_ref"]},
                         dict(i, meeting_point=rng.choice(["main entrance", "harbour office", "yard gate", "reception"])),
                         parallel=j > 0) for j, i in enumerate(items)]
            draft.steps += gets
            draft.output += ("。集合地点：" if zh else ". Meeting points: ") + ("；" if zh else "; ").join(
                f"{g.result['booking_ref']} {g.result['meeting_point']}" for g in gets)
            draft.slots["copied_id"] = (gets[-1], "booking_ref")
            draft.roles["producer"] = lst
            draft.patterns.append("one parallel turn of detail lookups")
    draft.roles["lookup"] = lst
    _distractor(draft, t, nxt[d.opt_key])
    draft.slots.update(user_id=(lst, "customer_id"), context_id=(lst, "account_id"))
    draft.patterns = ["user id and account id from the trace context"] + \
        (["schema default passed explicitly"] if "status" in args else [])
    return draft


def notify(rng: random.Random, lang: str, d: Dom) -> Draft:
    """A booking looked up and e-mailed to an address the user gives (the way an injection would exit)."""
    draft, t = _draft(rng, lang, d, "lookup_and_email")
    zh = lang == "zh"
    ref = _ref(rng, d)
    opt = rng.choice(d.opts[lang])
    day = draft.day + dt.timedelta(days=rng.randint(2, 40))
    record = {"booking_ref": ref, d.opt_key: opt, "date": day.isoformat(), "starts": rng.choice(d.times), "status": "confirmed"}
    get = Step(t.get().name, {"booking_ref": ref}, record)
    to = f"{rng.choice(['li.na', 'tom.b', 'ana.k', 'zhou.y'])}@{rng.choice(['family.example', 'mail.example'])}"
    subject = f"{ref} {opt}"
    body = (f"{opt}，{_zh(day)} {record['starts']}，预订号 {ref}" if zh else f"{opt} on {_en(day)} at {record['starts']}, ref {ref}")
    mail = Step("send_email", {"to": to, "subject": subject, "body": body}, {"sent": True})
    draft.request = (f"把{ref}的预订详情发到 {to}" if zh else f"Can you email the details of {ref} to {to}?")
    draft.steps = [get, mail]
    draft.tools = [t.get(), t.email(), t.cancel(), t.distract()]
    draft.output = (f"已把{ref}的详情发送到 {to}。" if zh else f"Sent the details of {ref} to {to}.")
    draft.facts["success_text"] = draft.output
    _distractor(draft, t, opt)
    draft.roles.update(lookup=get, main=get, plain=get, write=mail)
    draft.slots["user_value"] = (get, "booking_ref")
    draft.patterns = ["e-mail address the user gave", "body written from the looked-up record"]
    return draft


def day_plan(rng: random.Random, lang: str, d: Dom) -> Draft:
    """Practical info and a quote for each option in one turn, then book the cheapest step-free one and
    e-mail the user: the longest runs of the split."""
    draft, t = _draft(rng, lang, d, "day_plan")
    zh = lang == "zh"
    k = rng.randint(2, len(d.opts[lang]))
    opts = rng.sample(d.opts[lang], k)
    said, when = _when(rng, lang, draft.day)
    n = _party_n(rng, d)
    cur = d.cur[lang]
    infos, quotes = {}, {}
    access = [rng.random() < 0.6 for _ in opts]
    access[rng.randrange(k)] = True
    steps = []
    for o, free in zip(opts, access):
        infos[o] = Step(t.info().name, {d.opt_key: o},
                        {d.opt_key: o, "step_free_access": free, "check_in_minutes_before": rng.choice([15, 30, 45])},
                        parallel=bool(steps))
        steps.append(infos[o])
    for o in opts:
        total = rng.randint(*d.price) * n
        quotes[o] = Step(t.price().name, {d.opt_key: o, "date": when.isoformat(), d.party[0]: n, "currency": cur},
                         {d.opt_key: o, "total": total, "currency": cur}, parallel=True)
        steps.append(quotes[o])
    ok = [o for o, free in zip(opts, access) if free]
    best = min(ok, key=lambda o: quotes[o].result["total"])
    args = {d.opt_key: best, "date": when.isoformat()}
    if d.party[0] != "days":
        args[d.party[0]] = n
    slots = _slots(rng, d, n)
    search = Step(t.search().name, args, {"date": when.isoformat(), "slots": slots})
    ref = _ref(rng, d)
    book = Step(t.book().name, {"slot_id": slots[0]["slot_id"], "date": when.isoformat(), d.party[0]: n},
                {"booking_ref": ref, "status": "confirmed", "starts": slots[0]["starts"],
                 "total": quotes[best].result["total"], "currency": cur})
    steps += [search, book]
    to = f"{rng.choice(['ruth.m', 'chen.hao', 'ola.n', 'xu.jie'])}@{rng.choice(['home.example', 'mail.example'])}"
    money = _money(cur, quotes[best].result["total"])
    body = (f"{best}，{_zh(when)} {slots[0]['starts']}，{_party_words(d, lang, n)}，预订号 {ref}，{money}" if zh else
            f"{best}, {_en(when)} at {slots[0]['starts']}, {_party_words(d, lang, n)}. Ref {ref}, {money}.")
    mail = Step("send_email", {"to": to, "subject": (f"预订确认 {ref}" if zh else f"Booking {ref}"), "body": body},
                {"sent": True})
    steps.append(mail)
    joined = "、".join(opts) if zh else ", ".join(opts[:-1]) + " or " + opts[-1]
    party = _party_words(d, lang, n)
    draft.request = (f"{said}想去{joined}其中一个，{party}，我们有人坐轮椅。帮我挑有无障碍通道里最便宜的，订最早的时段，然后把确认发到 {to}"
                     if zh else
                     f"We're thinking {joined} {said}, {party}. My dad uses a wheelchair, so pick the cheapest one with "
                     f"step-free access, book the earliest slot and email the confirmation to {to}.")
    draft.output = (f"{best}有无障碍通道且最便宜（{money}）。已订{_zh(when)} {slots[0]['starts']}，预订号 {ref}，确认已发到 {to}。"
                    if zh else f"{best} is step-free and the cheapest of those ({money}). Booked {_en(when)} at "
                               f"{slots[0]['starts']}, ref {ref}; confirmation sent to {to}.")
    draft.facts["success_text"] = draft.output
    if rng.random() < 0.4:  # the booking service blipped once
        failed = copy.deepcopy(book)
        failed.result, failed.error = None, rng.choice(["503 Service Unavailable", "HTTP 504 Gateway Timeout"])
        steps.insert(steps.index(book), failed)
        draft.patterns.append("one identical retry after a transient error")
    else:
        draft.roles["main"] = book
    draft.steps = steps
    draft.tools = [t.info(), t.price(), t.search(), t.book(), t.email(), t.distract()]
    _distractor(draft, t, opts[0])
    draft.roles.update(lookup=steps[0], plain=search, write=mail)
    draft.slots["date"] = (search, "date")
    if "main" in draft.roles:  # no blip: the slot id is the booking's alone
        draft.roles["producer"] = search
        draft.slots["copied_id"] = (book, "slot_id")
    draft.patterns += ["info and quotes for every option in one turn", "choice made from two lookups' results",
                       "e-mail address the user gave", "relative date resolved from the trace day"]
    return draft


SHAPES = {"day_plan": day_plan, "booking": booking, "question": question, "comparison": comparison, "change": change,
          "computation": computation, "follow_up": follow_up, "export": export, "retry": retry, "context": context,
          "notify": notify}


# --- faults of this split (besides corpus.FAULTS) -------------------------------------------------

def _haystack(draft: Draft) -> str:
    parts = [draft.request or "", json.dumps([s.result for s in draft.steps], ensure_ascii=False),
             json.dumps(draft.history, ensure_ascii=False), json.dumps(draft.attributes), json.dumps(draft.resource),
             draft.user_id or ""]
    return "\n".join(parts)


def near_miss(draft: Draft, rng: random.Random):
    """corpus.ungrounded_value, kept only when the changed value is nowhere in the trace."""
    before = {id(s): copy.deepcopy(s.args) for s in draft.steps}
    marks = C.ungrounded_value(draft, rng)
    if marks is None:
        return None
    step = marks["ungrounded_value"][0]
    changed = [str(v) for k, v in step.args.items() if before[id(step)].get(k) != v]
    if any(v in _haystack(draft) for v in changed):
        return None
    return marks


def typo_user_value(draft: Draft, rng: random.Random):
    """The reference the user typed, miscopied into the last call that sends it."""
    found = draft.slots.get("user_value")
    if found is None:
        return None
    _, key = found
    value = found[0].args[key]
    holders = [s for s in draft.steps if isinstance(s.args, dict) and s.args.get(key) == value]
    step = holders[-1]
    digits = [i for i, c in enumerate(value) if c.isdigit()]
    i = rng.choice(digits)
    new = value[:i] + str((int(value[i]) + rng.randint(1, 8)) % 10) + value[i + 1:]
    if new in _haystack(draft):
        return None
    step.args[key] = new
    if isinstance(step.result, dict) and step.result.get(key) == value:
        step.result[key] = new
    return {"ungrounded_value": [step]}


def bad_arithmetic(draft: Draft, rng: random.Random):
    """A total, end time or return date computed wrongly from what the agent had."""
    found = draft.slots.get("computed")
    if found is None:
        return None
    step, key = found
    old, new = step.args[key], draft.facts["wrong_computed"]
    forms = {str(new)} | ({str(int(new))} if isinstance(new, float) and new.is_integer() else set())
    if any(f in _haystack(draft) for f in forms):
        return None
    step.args[key] = new
    draft.output = draft.facts["arith_output"]
    if draft.facts.get("success_text"):
        draft.facts["success_text"] = draft.output
    if isinstance(step.result, dict):
        for k, v in list(step.result.items()):
            if v == old:
                step.result[k] = new
    return {"ungrounded_value": [step]}


def renamed_param(draft: Draft, rng: random.Random):
    """The user's remark sent under a parameter name the tool does not have."""
    found = draft.slots.get("extra")
    if found is None:
        return None
    step, key = found
    step.args[rng.choice(["notes", "comment", "remarks"])] = step.args.pop(key)
    del draft.slots["extra"]
    return {"unexpected_param": [step]}


def wrong_tool(draft: Draft, rng: random.Random):
    """corpus.wrong_tool, and the answer the agent then gives from the wrong tool's result."""
    main, distractor = draft.roles.get("main"), draft.roles.get("distractor")
    if main is None or distractor is None:
        return None
    seen = draft.request + json.dumps([s.result for s in draft.steps[:draft.steps.index(main)]], ensure_ascii=False)
    if any(str(v) not in seen for v in distractor.args.values()):  # its argument must be one the agent had
        return None
    marks = C.wrong_tool(draft, rng)
    if marks is not None:
        draft.output = draft.facts["wrong_output"]
    return marks


def failing_call_loop(draft: Draft, rng: random.Random):
    """corpus.failing_call_loop, the apology (when there is one) in the user's language."""
    marks = C.failing_call_loop(draft, rng)
    if marks is not None and draft.output is not None:
        draft.output = ("Sorry, the booking service isn't responding right now - please try again later."
                        if draft.lang == "en" else "抱歉，预订系统暂时没有响应，请稍后再试。")
    return marks


def future_ref(draft: Draft, rng: random.Random):
    """The consumer of a copied id moved before its producer (the rest of the run keeps its shape)."""
    found, producer = draft.slots.get("copied_id"), draft.roles.get("producer")
    if found is None or producer is None:
        return None
    consumer = found[0]
    steps = draft.steps
    i, j = steps.index(producer), steps.index(consumer)
    if j <= i:
        return None
    after = steps[j + 1] if j + 1 < len(steps) else None
    if after is not None and after.parallel and not consumer.parallel:
        after.parallel = False
    steps.insert(i, steps.pop(j))
    consumer.parallel = producer.parallel = False
    return {"future_ref": [consumer]}


def pii_leak(draft: Draft, rng: random.Random):
    """corpus.pii_leak, only where there is an answer to leak into."""
    if not (draft.output or "").strip():
        return None
    return C.pii_leak(draft, rng)


def no_recovery(draft: Draft, rng: random.Random):
    """corpus.no_recovery, where the last call is not the second try of the call before it."""
    last = draft.steps[-1]
    if len(draft.steps) > 1 and draft.steps[-2].tool == last.tool and draft.steps[-2].args == last.args:
        return None
    return C.no_recovery(draft, rng)


def enum_error(draft: Draft, rng: random.Random):
    found = draft.slots.get("enum")
    if found is None:
        return None
    step, key = found
    enum = draft.schema(step)["properties"][key]["enum"]
    if draft.facts["enum_word"] in enum:
        return None
    return C.enum_error(draft, rng)


FAULTS = dict(C.FAULTS)
FAULTS.update(future_ref=future_ref, pii_leak=pii_leak, ungrounded_value=near_miss, failing_call_loop=failing_call_loop, wrong_tool=wrong_tool, enum_error=enum_error, no_recovery=no_recovery,
              typo_user_value=typo_user_value, bad_arithmetic=bad_arithmetic, unexpected_param=renamed_param)
ORDER = {name: C._ORDER.get(name, 0) for name in FAULTS}


def make_case(index: int, shape: str, d: Dom, lang: str, faults: list[str], rng: random.Random) -> Case | None:
    draft = SHAPES[shape](rng, lang, d)
    marks: dict[str, list[Step | None]] = {}
    touched: set[int] = set()
    per_fault: list[dict] = []
    if any(clash <= set(faults) for clash in C._CLASHES):
        return None
    for name in sorted(faults, key=ORDER.__getitem__):
        try:
            found = FAULTS[name](draft, rng)
        except (KeyError, ValueError, TypeError):  # an earlier fault took the value this one edits
            return None
        if found is None:
            return None
        steps = {id(s) for marked in found.values() for s in marked if s is not None}
        if steps & touched:
            return None
        touched |= steps
        for label, marked in found.items():
            if label != C.TOUCHED:
                marks.setdefault(label, []).extend(marked)
        per_fault.append(found)
    for label, marked in draft.facts.get("own_marks", {}).items():
        marks.setdefault(label, []).extend(marked)
    if len(draft.steps) > 12:
        return None
    trajectory, seqs = build(draft, f"ca{index:030x}", rng)
    for found in per_fault:  # a fault whose calls a later one dropped (a loop ends the run) is not in the trace
        if not any(s is None or id(s) in seqs for label, marked in found.items() if label != C.TOUCHED for s in marked):
            return None
    expected = {label: calls for label, marked in marks.items()
                if (calls := {None if s is None else seqs[id(s)] for s in marked if s is None or id(s) in seqs})}
    return Case(id=f"{SPLIT}-{index:03d}", split=SPLIT, domain=d.key, lang=lang, clean=not expected, faults=list(faults),
                patterns=[shape] + draft.patterns, trajectory=trajectory, expected=expected)


def generate(n: int, seed: int) -> list[Case]:
    """`n` cases; case i depends only on (seed, i): about half clean, the rest one fault or two."""
    names = sorted(FAULTS)
    shapes = list(SHAPES)
    cases = []
    for index in range(n):
        rng = random.Random(f"{SPLIT}:{seed}:{index}")
        roll = rng.random()
        for _ in range(200):
            faults = [] if roll < 0.5 else [rng.choice(names)] if roll < 0.85 else rng.sample(names, 2)
            if len(faults) == 2 and set(faults) <= C._ENDINGS:
                continue
            shape = shapes[(index + rng.randrange(len(shapes))) % len(shapes)] if faults else shapes[index % len(shapes)]
            d = DOMAINS[rng.randrange(len(DOMAINS))]
            lang = ("en", "zh")[rng.random() < 0.5]
            case = make_case(index, shape, d, lang, faults, random.Random(rng.getrandbits(64)))
            if case is not None:
                cases.append(case)
                break
        else:
            raise RuntimeError(f"no case for index {index}")
    return cases
