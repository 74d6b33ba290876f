"""The held-out split: scenarios written apart from dev.py, with other tools (camelCase APIs,
other descriptions), other requests and other value forms, only ever measured.

Hotels by check-in and nights, translation by language code, parcels by country code, transfers
in 万, refunds for an order from an earlier turn, reports over named months and "the past N
days", code review by file path; users in English and Chinese, tools described in English.
"""
from __future__ import annotations

import datetime as dt
import random

from tests.judgement.corpus import Draft, Step, tool

MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December"]
PLACES = [("Kyoto", "京都"), ("Bangkok", "曼谷"), ("Sydney", "悉尼"), ("Berlin", "柏林"), ("Rome", "罗马"),
          ("Osaka", "大阪"), ("Vienna", "维也纳"), ("Madrid", "马德里"), ("Dubai", "迪拜"), ("Toronto", "多伦多")]
NOTIFY = tool("notifyUser", "Push a notification to the user's phone.", ["userId", "message"],
              userId={"type": "string"}, message={"type": "string"})
MAIL = tool("send_email", "Email someone.", ["to", "subject"], to={"type": "string"}, subject={"type": "string"},
            body={"type": "string"})
CURRENCY_TIME = tool("getLocalTime", "Current local time in a time zone.", ["timezone"], timezone={"type": "string"})


def trace_day(rng: random.Random) -> dt.date:
    return dt.date(2026, 2, 1) + dt.timedelta(days=rng.randint(0, 300))


def hotel(rng: random.Random, lang: str) -> Draft:
    today = trace_day(rng)
    place = rng.choice(PLACES)
    nights = rng.randint(1, 6)
    start = today + dt.timedelta(days=rng.randint(3, 50))
    end = start + dt.timedelta(days=nights)
    guests = rng.randint(1, 4)
    member = f"M{rng.randint(10**6, 10**7 - 1)}"
    if lang == "en":
        when = rng.choice([f"{MONTHS_EN[start.month - 1]} {start.day}", f"{start.day} {MONTHS_EN[start.month - 1][:3]}",
                           f"the {start.day}th of {MONTHS_EN[start.month - 1]}"])
        request = rng.choice([f"Hotel in {place[0]} from {when}, {nights} night{'s' * (nights > 1)}, {guests} adults. Under 200 EUR a night, free cancellation.",
                              f"need a room in {place[0]} checking in {when} for {nights} nights, {guests} guests, max 200 euros per night pls"])
    else:
        when = f"{start.month}月{start.day}号"
        request = rng.choice([f"{when}入住{place[1]}的酒店，住{nights}晚，{guests}个大人，每晚200欧元以内，要能免费取消",
                              f"帮忙订{place[1]}酒店，{when}到店，{nights}晚，{guests}人，一晚不超过200欧"])
    tools = [
        tool("hotelSearch", "Find available hotels in a city for given dates.", ["city", "checkIn", "checkOut"],
             city={"type": "string"}, checkIn={"type": "string", "format": "date"}, checkOut={"type": "string", "format": "date"},
             adults={"type": "integer", "minimum": 1, "maximum": 8}, maxNightly={"type": "number"},
             currency={"type": "string", "description": "ISO 4217"},
             refundable={"type": "boolean", "default": False}),
        tool("hotelBook", "Reserve a room in a hotel for a guest.", ["hotelId", "roomType", "guestId"],
             hotelId={"type": "string"}, roomType={"type": "string", "enum": ["single", "double", "family"]},
             guestId={"type": "string"}),
        tool("getForecast", "Weather forecast for a place.", ["place"], place={"type": "string"}),
        NOTIFY,
    ]
    hotels = [{"hotelId": f"HT-{rng.randint(1000, 9999)}", "name": f"Hotel {n}", "nightly": rng.randint(80, 199),
               "roomTypes": ["double", "family"]} for n in ("Aoi", "Mori", "Sora")]
    pick = min(hotels, key=lambda h: h["nightly"])
    city = place[0] if (lang == "en" or rng.random() < 0.5) else place[1]
    search = Step("hotelSearch", {"city": city, "checkIn": start.isoformat(), "checkOut": end.isoformat(), "adults": guests,
                                  "maxNightly": 200, "currency": "EUR", "refundable": True}, {"hotels": hotels, "count": 3})
    room = "family" if guests > 2 else "double"
    book = Step("hotelBook", {"hotelId": pick["hotelId"], "roomType": room, "guestId": member},
                {"reservation": f"R{rng.randint(10**5, 10**6)}", "state": "held"})
    forecast = Step("getForecast", {"place": city}, {"summary": "mild", "high_c": rng.randint(8, 30)}, parallel=True)
    steps = [search, forecast, book] if rng.random() < 0.4 else [search, book]
    notify = Step("notifyUser", {"userId": member, "message": f"Booked {pick['name']}, {start.isoformat()} to {end.isoformat()}"},
                  {"delivered": True})
    if rng.random() < 0.5:
        steps.append(notify)
    output = (f"Reserved {pick['name']} for {nights} nights." if lang == "en" else f"已预订{pick['name']}，共{nights}晚。")
    return Draft("travel", lang, request, output, tools, steps, today, user_id=member,
                 session_id=f"{rng.getrandbits(64):016x}", resource={"deployment.environment": "prod", "tenant.id": "globetrot"},
                 agent=("stay-agent", "1.12.0"),
                 patterns=["check-out from nights", "month-day without year", "currency code for a name", "membership id as context",
                           "room type enum"],
                 roles={"main": search, "plain": book, "lookup": search, "producer": search, "write": steps[-1],
                        "distractor": Step("getForecast", {"place": city}, {"summary": "sunny"})},
                 slots={"date": (search, "checkOut"), "context_id": (book, "guestId"), "copied_id": (book, "hotelId"),
                        "enum": (book, "roomType"), "extra": (search, "stars"), "currency": (search, "currency")},
                 facts={"enum_word": "大床房" if lang == "zh" else "Double", "extra_value": 200, "date_format": True,
                        "success_text": "Your room is booked!" if lang == "en" else "房间订好了！"})


LANGS = [("French", "法语", "fr"), ("Japanese", "日语", "ja"), ("German", "德语", "de"), ("Spanish", "西班牙语", "es"),
         ("Korean", "韩语", "ko"), ("English", "英语", "en")]


def translate(rng: random.Random, lang: str) -> Draft:
    today = trace_day(rng)
    target = rng.choice([t for t in LANGS if t[2] != ("en" if lang == "en" else "zh")])
    doc = f"DOC-{rng.randint(10000, 99999)}"
    history = [{"role": "user", "text": f"Please load contract {doc}" if lang == "en" else f"帮我打开合同 {doc}"},
               {"role": "assistant", "calls": [{"name": "loadDocument", "arguments": {"docId": doc}}]},
               {"role": "tool", "results": [{"docId": doc, "pages": 12, "language": "en" if lang == "zh" else "zh"}]},
               {"role": "assistant", "text": "Loaded." if lang == "en" else "已打开。"}]
    request = (rng.choice([f"Translate it into {target[0]} and keep the formatting.", f"now make a {target[0]} version of that doc"])
               if lang == "en" else rng.choice([f"把它翻译成{target[1]}，保留格式", f"出一个{target[1]}版本"]))
    tools = [
        tool("translateDocument", "Machine-translate a stored document into a target language (BCP 47 code).",
             ["docId", "targetLang"], docId={"type": "string"}, targetLang={"type": "string", "pattern": "^[a-z]{2}(-[A-Z]{2})?$"},
             preserveFormatting={"type": "boolean"}, glossaryId={"type": "string"}),
        tool("jobStatus", "Poll the progress of a translation job.", ["jobId"], jobId={"type": "string"}),
        tool("loadDocument", "Open a stored document.", ["docId"], docId={"type": "string"}),
        tool("convertCurrency", "Convert money between currencies.", ["amount", "from", "to"], amount={"type": "number"},
             **{"from": {"type": "string"}, "to": {"type": "string"}}),
        tool("webSearch", "Search the web.", ["query"], query={"type": "string"}),
    ]
    job = f"job_{rng.getrandbits(32):08x}"
    s1 = Step("translateDocument", {"docId": doc, "targetLang": target[2], "preserveFormatting": True},
              {"jobId": job, "state": "queued"})
    polls = [Step("jobStatus", {"jobId": job}, {"state": s, "progress": p})
             for s, p in [("running", 40), ("running", 80), ("done", 100)][:rng.randint(1, 3)]]
    polls[-1].result = {"state": "done", "progress": 100, "url": f"https://files.example/{job}.docx"}
    output = "Done, here is the translation." if lang == "en" else "翻译完成。"
    return Draft("support", lang, request, output, tools, [s1, *polls], today, user_id=f"usr_{rng.randint(100, 999)}",
                 history=history, agent=("doc-helper", "0.4.1"),
                 patterns=["language code for a name", "id from an earlier turn", "status polling"],
                 roles={"main": s1, "lookup": s1, "producer": s1,
                        "distractor": Step("webSearch", {"query": target[0] if lang == "en" else target[1]},
                                           {"results": [{"title": "Language - Wikipedia"}]})},
                 slots={"history_id": (s1, "docId"), "copied_id": (polls[0], "jobId"), "extra": (s1, "tone")},
                 facts={"extra_value": "formal", "success_text": output})


COUNTRIES = [("Japan", "日本", "JP"), ("Germany", "德国", "DE"), ("Canada", "加拿大", "CA"), ("Australia", "澳大利亚", "AU"),
             ("Brazil", "巴西", "BR"), ("Italy", "意大利", "IT"), ("South Korea", "韩国", "KR"), ("Spain", "西班牙", "ES")]


def parcel(rng: random.Random, lang: str) -> Draft:
    today = trace_day(rng)
    country = rng.choice(COUNTRIES)
    weight = rng.choice([0.8, 1.5, 2.0, 3.2])
    account = f"ACCT-{rng.randint(1000, 9999)}"
    if lang == "en":
        request = rng.choice([f"How much to ship a {weight} kg box to {country[0]}? Book the cheapest courier if it's under 50 USD.",
                              f"ship {weight}kg parcel to {country[0]}, pick the cheapest option below $50 and book it"])
    else:
        request = rng.choice([f"寄一个{weight}公斤的包裹到{country[1]}要多少钱？50美元以内就订最便宜的快递",
                              f"我要往{country[1]}寄{weight}千克的箱子，挑50美元以下最便宜的下单"])
    tools = [
        tool("quoteShipping", "Get courier quotes for a parcel.", ["destCountry", "weightKg"],
             destCountry={"type": "string", "description": "ISO 3166-1 alpha-2"}, weightKg={"type": "number", "exclusiveMinimum": 0},
             currency={"type": "string"}, service={"type": "string", "enum": ["economy", "express"], "default": "economy"}),
        tool("createShipment", "Create a shipment with the chosen quote.", ["quoteId", "account"],
             quoteId={"type": "string"}, account={"type": "string"}, insured={"type": "boolean"},
             packages={"type": "integer", "minimum": 1}),
        tool("trackShipment", "Track a shipment.", ["shipmentId"], shipmentId={"type": "string"}),
        tool("getForecast", "Weather forecast for a place.", ["place"], place={"type": "string"}), MAIL,
    ]
    quotes = [{"quoteId": f"Q{rng.randint(10**5, 10**6)}", "carrier": c, "price": round(rng.uniform(12, 49), 2), "currency": "USD"}
              for c in ("DHL", "UPS", "SF")]
    best = min(quotes, key=lambda q: q["price"])
    steps = []
    if rng.random() < 0.3:
        steps.append(Step("quoteShipping", {"destCountry": country[2], "weightKg": weight, "currency": "USD"},
                          error=rng.choice(["503 Service Unavailable", "HTTP 502 Bad Gateway"])))
    s1 = Step("quoteShipping", {"destCountry": country[2], "weightKg": weight, "currency": "USD"}, {"quotes": quotes})
    s2 = Step("createShipment", {"quoteId": best["quoteId"], "account": account, "packages": 1},
              {"shipmentId": f"SHP{rng.randint(10**6, 10**7)}", "label": "ready"})
    steps += [s1, s2]
    output = (f"Booked {best['carrier']} for {best['price']} USD." if lang == "en" else f"已下单 {best['carrier']}，{best['price']} 美元。")
    return Draft("shop", lang, request, output, tools, steps, today, user_id=f"{rng.randint(10**4, 10**5)}",
                 attributes={"customer.account": account}, agent=("ship-bot", "2.0.0"),
                 patterns=["country code for a name", "account id on the root span", "currency symbol and code", "retry after 5xx"],
                 roles={"main": s1, "plain": s2, "lookup": s1, "producer": s1, "write": s2,
                        "distractor": Step("getForecast", {"place": country[0] if lang == "en" else country[1]},
                                           {"summary": "rain"})},
                 slots={"context_id": (s2, "account"), "copied_id": (s2, "quoteId"), "enum": (s1, "service"),
                        "extra": (s2, "weightKg")},
                 facts={"enum_word": "cheapest", "extra_value": weight,
                        "success_text": "Shipment created!" if lang == "en" else "已经寄出啦！"})


def transfer(rng: random.Random, lang: str) -> Draft:
    today = trace_day(rng)
    amount = rng.choice([20000, 35000, 8000, 1500])
    zh = {20000: "2万", 35000: "三万五", 8000: "八千", 1500: "一千五"}[amount]
    en = {20000: "20,000", 35000: "35k", 8000: "8000", 1500: "1.5k"}[amount]
    payee = rng.choice([("Li Wei", "李伟"), ("Chen Jing", "陈静"), ("Wang Fang", "王芳")])
    payee_acct = f"6217{rng.randint(10**11, 10**12 - 1)}"
    client = f"C{rng.randint(10**5, 10**6)}"
    history = [{"role": "user", "text": f"Add {payee[0]} as a payee, account {payee_acct}" if lang == "en"
                else f"添加收款人{payee[1]}，账号{payee_acct}"},
               {"role": "assistant", "calls": [{"name": "addPayee", "arguments": {"name": payee[0], "account": payee_acct}}]},
               {"role": "tool", "results": [{"payeeId": f"P-{payee_acct[-4:]}", "status": "verified"}]}]
    request = (rng.choice([f"Send {en} CNY to {payee[0]} from my savings, note 'rent'", f"transfer {en} yuan to {payee[0]} (rent)"])
               if lang == "en" else rng.choice([f"给{payee[1]}转{zh}元，从储蓄账户扣，备注房租", f"从储蓄卡转账{zh}块给{payee[1]}，备注：房租"]))
    tools = [
        tool("getAccounts", "List the client's accounts and balances.", ["clientId"], clientId={"type": "string"}),
        tool("makeTransfer", "Transfer money from one of the client's accounts to a payee.",
             ["fromAccount", "payeeAccount", "amount", "currency"], fromAccount={"type": "string"},
             payeeAccount={"type": "string"}, amount={"type": "number", "minimum": 1}, currency={"type": "string", "pattern": "^[A-Z]{3}$"},
             memo={"type": "string", "maxLength": 40}),
        tool("getFxRate", "Exchange rate between two currencies.", ["pair"], pair={"type": "string"}),
        NOTIFY,
    ]
    savings = f"SAV-{rng.randint(1000, 9999)}"
    s1 = Step("getAccounts", {"clientId": client}, {"accounts": [{"id": savings, "kind": "savings", "balance": amount * 3},
                                                                 {"id": f"CHK-{rng.randint(1000, 9999)}", "kind": "checking", "balance": 120}]})
    s2 = Step("makeTransfer", {"fromAccount": savings, "payeeAccount": payee_acct, "amount": amount, "currency": "CNY",
                               "memo": "rent" if lang == "en" else "房租"}, {"txnId": f"TX{rng.randint(10**8, 10**9)}", "status": "completed"})
    output = "Transfer done." if lang == "en" else "转账成功。"
    return Draft("banking", lang, request, output, tools, [s1, s2], today, user_id=client,
                 resource={"service.name": "mobile-bank", "client.id": client}, history=history, agent=("wallet-ai", "7.3"),
                 patterns=["amount in 万/k", "payee account from an earlier turn", "client id as context", "currency code for yuan"],
                 roles={"main": s1, "plain": s2, "lookup": s1, "producer": s1, "write": s2,
                        "distractor": Step("getFxRate", {"pair": "CNY"}, {"rate": 1})},
                 slots={"history_id": (s2, "payeeAccount"), "context_id": (s1, "clientId"), "copied_id": (s2, "fromAccount"),
                        "extra": (s2, "urgent")},
                 facts={"extra_value": True, "success_text": "Done, the money is on its way." if lang == "en" else "钱已经转过去了。"})


def report(rng: random.Random, lang: str) -> Draft:
    today = trace_day(rng)
    span = rng.choice(["month", "past"])
    if span == "month":
        month = rng.randint(1, max(1, today.month - 1))
        first = dt.date(today.year, month, 1)
        last = (dt.date(today.year, month + 1, 1) - dt.timedelta(days=1)) if month < 12 else dt.date(today.year, 12, 31)
        en, zh = rng.choice([MONTHS_EN[month - 1], f"{MONTHS_EN[month - 1][:3]} {today.year}"]), f"{month}月份"
    else:
        n = rng.choice([7, 14, 30, 90])
        first, last = today - dt.timedelta(days=n), today
        en, zh = f"the past {n} days", f"最近{n}天"
    channels = rng.sample(["web", "ios", "android", "store"], 2)
    request = (f"Break down conversion by channel ({' vs '.join(channels)}) for {en}, export as CSV"
               if lang == "en" else f"按渠道（{'和'.join(channels)}）拆一下{zh}的转化率，导出CSV")
    tools = [
        tool("queryMetrics", "Aggregate a metric by a dimension over a date range.", ["metric", "from", "to"],
             metric={"type": "string", "enum": ["conversion", "sessions", "gmv"]},
             **{"from": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}, "to": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}},
             channel={"type": "string"}, granularity={"type": "string", "enum": ["day", "week"], "default": "day"}),
        tool("exportTable", "Start an export of a result table; returns a job id.", ["format"],
             format={"type": "string", "enum": ["csv", "xlsx"]}, rows={"type": "array"}),
        tool("exportStatus", "Check whether an export job has finished.", ["exportId"], exportId={"type": "string"}),
        tool("getForecast", "Weather forecast for a place.", ["place"], place={"type": "string"}),
    ]
    q = [Step("queryMetrics", {"metric": "conversion", "from": first.isoformat(), "to": last.isoformat(), "channel": c},
              {"rows": [{"channel": c, "rate": round(rng.uniform(0.5, 6), 2)}]}, parallel=i > 0) for i, c in enumerate(channels)]
    export_id = f"exp-{rng.getrandbits(24):06x}"
    ex = Step("exportTable", {"format": "csv", "rows": [r.result["rows"][0]["rate"] for r in q]}, {"exportId": export_id})
    polls = [Step("exportStatus", {"exportId": export_id}, {"finished": i == 1}) for i in range(2)]
    output = "Exported." if lang == "en" else "已导出。"
    return Draft("data_analysis", lang, request, output, tools, [*q, ex, *polls], today, user_id=f"bi-{rng.randint(1, 99)}",
                 agent=("insights", "3.1.4"), patterns=["month bounds", "the past N days", "parallel queries", "export polling"],
                 roles={"main": q[0], "plain": ex, "lookup": q[0],
                        "distractor": Step("getForecast", {"place": channels[0]}, {"summary": "?"})},
                 slots={"date": (q[0], "from"), "enum": (ex, "format"), "copied_id": (polls[0], "exportId"), "extra": (ex, "delimiter")},
                 facts={"enum_word": "CSV", "extra_value": "csv", "date_format": True, "success_text": output})


def review(rng: random.Random, lang: str) -> Draft:
    today = trace_day(rng)
    pr = rng.randint(2000, 4000)
    path = rng.choice(["services/auth/token.go", "web/src/cart/Cart.tsx", "pkg/retry/backoff.go"])
    request = (f"Review PR #{pr}, especially {path}; leave comments and request changes if tests fail"
               if lang == "en" else f"帮我审一下 PR #{pr}，重点看 {path}，测试挂了就要求修改")
    tools = [
        tool("getPullRequest", "Fetch a pull request's diff and metadata.", ["number"], number={"type": "integer"}),
        tool("getCheckRuns", "CI check results for a commit.", ["sha"], sha={"type": "string"}),
        tool("postReview", "Submit a review on a pull request.", ["number", "event", "body"], number={"type": "integer"},
             event={"type": "string", "enum": ["COMMENT", "APPROVE", "REQUEST_CHANGES"]}, body={"type": "string"}),
        tool("searchIssues", "Search the issue tracker.", ["q"], q={"type": "string"}),
    ]
    sha = f"{rng.getrandbits(40):010x}"
    s1 = Step("getPullRequest", {"number": pr}, {"number": pr, "head_sha": sha, "files": [path, "README.md"]})
    s2 = Step("getCheckRuns", {"sha": sha}, {"runs": [{"name": "unit", "conclusion": "failure"}]})
    s3 = Step("postReview", {"number": pr, "event": "REQUEST_CHANGES",
                             "body": f"Unit tests fail; see {path}." if lang == "en" else f"单元测试失败，请检查 {path}。"},
              {"id": rng.randint(10**6, 10**7)})
    output = "Requested changes: unit tests fail." if lang == "en" else "已要求修改：单元测试失败。"
    return Draft("coding", lang, request, output, tools, [s1, s2, s3], today, user_id=f"gh-{rng.randint(1, 500)}",
                 agent=("review-bot", "2.2.0"), patterns=["sha copied from a result", "enum value", "path from the request"],
                 roles={"main": s1, "plain": s2, "lookup": s1, "producer": s1, "write": s3,
                        "distractor": Step("searchIssues", {"q": path}, {"items": []})},
                 slots={"copied_id": (s2, "sha"), "enum": (s3, "event"), "extra": (s1, "repo")},
                 facts={"enum_word": "request changes" if lang == "en" else "要求修改", "extra_value": path,
                        "success_text": "Review posted." if lang == "en" else "已提交审查。"})


SCENARIOS = [hotel, translate, parcel, transfer, report, review]
