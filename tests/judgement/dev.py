"""The development split's scenarios: one clean run per domain, worded by users in English or Chinese.

Written from how assistants in these domains are used: the trace's own user id filled in by the
framework, codes for the names users say (EUR for "euro", PEK for 北京), dates users give without
a year or as "last month", values copied from one result into the next call, a retry after a 503,
parallel lookups, earlier turns in the same session. tests/judgement/heldout.py is written apart,
with other tools, wordings and formats, and is only measured.
"""
from __future__ import annotations

import datetime as dt
import random

from tests.judgement.corpus import Draft, Step, tool

DATE = r"^\d{4}-\d{2}-\d{2}$"
CITIES = [("Beijing", "北京", "PEK"), ("Shanghai", "上海", "PVG"), ("Guangzhou", "广州", "CAN"),
          ("Shenzhen", "深圳", "SZX"), ("Chengdu", "成都", "CTU"), ("Hangzhou", "杭州", "HGH"),
          ("Tokyo", "东京", "HND"), ("Singapore", "新加坡", "SIN"), ("Paris", "巴黎", "CDG"),
          ("London", "伦敦", "LHR"), ("Seoul", "首尔", "ICN"), ("Xi'an", "西安", "XIY")]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
WEATHER = tool("get_weather", "Get the current weather for a city.", ["city"], city={"type": "string"})
EMAIL = tool("send_email", "Send an e-mail to an address.", ["to", "subject"],
             to={"type": "string", "format": "email"}, subject={"type": "string"}, body={"type": "string"})


def day_of_trace(rng: random.Random) -> dt.date:
    return dt.date(2026, 1, 5) + dt.timedelta(days=rng.randint(0, 330))


def date_phrase(rng: random.Random, today: dt.date, lang: str) -> tuple[dt.date, str, str]:
    """A future date as a user says it: (date, phrase, pattern name)."""
    day = today + dt.timedelta(days=rng.randint(2, 40))
    kind = rng.choice(["month_day", "iso", "tomorrow", "weekday"] if lang == "en" else ["month_day", "iso", "tomorrow"])
    if kind == "tomorrow":
        day = today + dt.timedelta(days=1)
        return day, "tomorrow" if lang == "en" else "明天", "relative date resolved"
    if kind == "iso":
        return day, day.isoformat() if rng.random() < 0.5 else day.strftime("%Y/%m/%d"), "copied date"
    if lang == "zh":
        return day, f"{day.month}月{day.day}日", "month-day without year"
    if kind == "weekday":
        return day, f"{day.strftime('%A')}, {day.strftime('%b')} {day.day}", "month-day without year"
    return day, rng.choice([f"{day.strftime('%b')} {day.day}", f"{MONTHS[day.month - 1]} {day.day}",
                            f"{day.day} {MONTHS[day.month - 1]}"]), "month-day without year"


def travel(rng: random.Random, lang: str) -> Draft:
    today = day_of_trace(rng)
    (a_en, a_zh, a_code), (b_en, b_zh, b_code) = rng.sample(CITIES, 2)
    day, said, date_kind = date_phrase(rng, today, lang)
    people = rng.randint(1, 3)
    user = f"u-{rng.randint(1000, 9999)}"
    email = f"{rng.choice(['lin', 'amy', 'wei', 'tom', 'zhang.min'])}{rng.randint(1, 99)}@example.com"
    codes = rng.random() < 0.5  # the flight API takes IATA codes
    mailing = rng.random() < 0.5  # and the user wants the confirmation by e-mail
    search = tool("search_flights", "Search flights between two airports or cities on a date.",
                  ["origin", "destination", "date"],
                  origin={"type": "string", "description": "IATA code or city"},
                  destination={"type": "string", "description": "IATA code or city"},
                  date={"type": "string", "pattern": DATE}, cabin={"type": "string", "enum": ["economy", "business"]},
                  passengers={"type": "integer", "minimum": 1, "maximum": 9})
    book = tool("book_flight", "Book a flight for a passenger.", ["flight_id", "passenger_id"],
                flight_id={"type": "string"}, passenger_id={"type": "string"}, passengers={"type": "integer", "minimum": 1})
    if lang == "en":
        request = rng.choice([
            f"I need {people} economy seat{'s' if people > 1 else ''} from {a_en} to {b_en} on {said}. Book the cheapest"
            + (f" and email the confirmation to {email}." if mailing else ".") + " A window seat if possible.",
            f"Fly me {a_en} -> {b_en} {said}, economy, {people} passenger{'s' if people > 1 else ''}; grab the cheapest fare, window seat"
            + (f", and send the details to {email}" if mailing else ""),
        ])
        origin, destination = (a_code, b_code) if codes else (a_en, b_en)
    else:
        request = rng.choice([
            f"帮我订{said}从{a_zh}飞{b_zh}的经济舱机票，{people}个人，要最便宜的，最好靠窗（window）"
            + (f"，确认信发到{email}" if mailing else ""),
            f"{said}{a_zh}到{b_zh}，经济舱 {people} 张，挑最便宜的订上，靠窗 window" + (f"，发邮件到 {email}" if mailing else ""),
        ])
        origin, destination = (a_code, b_code) if codes else rng.choice([(a_zh, b_zh), (a_en, b_en)])
    flights = [{"flight_id": f"{rng.choice(['MU', 'CA', 'CZ', 'HO'])}{rng.randint(1000, 9999)}", "depart": f"{h:02d}:{rng.choice(['05', '30', '45'])}",
                "price": rng.randint(600, 3200), "currency": "CNY"} for h in sorted(rng.sample(range(6, 22), 3))]
    cheapest = min(flights, key=lambda f: f["price"])
    s1 = Step("search_flights", {"origin": origin, "destination": destination, "date": day.isoformat(),
                                 "cabin": "economy", "passengers": people}, {"flights": flights})
    s_weather = Step("get_weather", {"city": b_en if lang == "en" else b_zh}, {"temp_c": rng.randint(-5, 30), "condition": "cloudy"})
    s2 = Step("book_flight", {"flight_id": cheapest["flight_id"], "passenger_id": user, "passengers": people},
              {"booking_ref": f"BK{rng.randint(100000, 999999)}", "status": "confirmed"})
    steps = [s1, s2]
    mail = Step("send_email", {"to": email, "subject": "Your flight booking", "body": f"Flight {cheapest['flight_id']} booked."},
                {"sent": True})
    if mailing:
        steps.append(mail)
    if rng.random() < 0.3:  # one retry after a 503 that then succeeds
        first = Step("search_flights", dict(s1.args), error="503 Service Unavailable")
        steps.insert(0, first)
    output = ("Booked flight {f} for {d}." if lang == "en" else "已为您预订 {f} 航班，{d}出发。").format(
        f=cheapest["flight_id"], d=said)
    patterns = [date_kind, "context user id", "copied flight id", "enum value"]
    patterns += ["IATA codes for city names"] if codes else ["city names translated"] if lang == "zh" and origin == a_en else []
    patterns += ["retry after 503"] if steps[0].error else []
    return Draft("travel", lang, request, output, [search, book, WEATHER, EMAIL], steps, today, user_id=user,
                 session_id=f"sess-{rng.getrandbits(32):08x}", agent=("trip-planner", rng.choice(["2.3.1", "2.4.0"])),
                 patterns=patterns,
                 roles={"main": s1, "distractor": s_weather, "lookup": s1, "producer": s1, "write": steps[-1],
                        "mailer": mail},
                 slots={"date": (s1, "date"), "context_id": (s2, "passenger_id"), "copied_id": (s2, "flight_id"),
                        "enum": (s1, "cabin"), "extra": (s2, "seat")},
                 facts={"enum_word": "经济舱" if lang == "zh" else "Economy", "extra_value": "window",
                        "date_format": True,
                        "success_text": "Done! Your booking is confirmed." if lang == "en" else "已经帮您订好了，祝旅途愉快！"})


def shop(rng: random.Random, lang: str) -> Draft:
    today = day_of_trace(rng)
    user = f"{rng.randint(100000, 999999)}"
    product = rng.choice([("trail running shoes", "越野跑鞋"), ("wireless earbuds", "无线耳机"), ("coffee grinder", "咖啡研磨机")])
    size = rng.choice(["42", "43", "44", "M", "L"])
    qty = rng.randint(1, 3)
    budget = rng.choice([500, 800, 1200, 1500])
    said_budget = {500: ("500", "五百"), 800: ("800", "八百"), 1200: ("1,200", "一千二"), 1500: ("1.5k", "1500")}[budget]
    tools = [
        tool("search_products", "Search the catalogue by keywords, with an optional price cap.", ["query"],
             query={"type": "string"}, max_price={"type": "number"}, size={"type": "string"},
             sort={"type": "string", "enum": ["relevance", "price_asc", "price_desc"], "default": "relevance"}),
        tool("check_stock", "Check the stock of a product variant.", ["sku"], sku={"type": "string"}),
        tool("add_to_cart", "Add a product to the user's cart.", ["user_id", "sku", "quantity"],
             user_id={"type": "string"}, sku={"type": "string"}, quantity={"type": "integer", "minimum": 1, "maximum": 10},
             shipping={"type": "string", "enum": ["standard", "express"]}),
        WEATHER, EMAIL,
    ]
    city = rng.choice(CITIES)
    if lang == "en":
        request = rng.choice([
            f"Looking for {product[0]}, size {size}, under {said_budget[0]} yuan. Add {qty} of the cheapest in stock to my cart, fast shipping to {city[0]} please",
            f"can u find me {product[0]} in size {size}? budget {said_budget[0]}. put {qty} in my cart (the cheapest one that's in stock), fast shipping, I'm in {city[0]}",
        ])
        query, ship_word = product[0], "fast shipping"
    else:
        request = rng.choice([
            f"找一下{size}码的{product[1]}，预算{said_budget[1]}元以内，挑最便宜有货的加{qty}件到购物车，要快递（fast shipping）寄到{city[1]}",
            f"帮我看看{product[1]}，尺码{size}，{said_budget[1]}块以内，最便宜的那款加购{qty}件，发快递 fast shipping，收货地{city[1]}",
        ])
        query, ship_word = product[1], "快递"
    items = [{"sku": f"SKU-{rng.randint(10000, 99999)}", "name": f"{product[0].title()} {m}", "price": budget - rng.randint(20, 300)}
             for m in ("Pro", "Lite", "X")]
    cheapest = min(items, key=lambda i: i["price"])
    steps = []
    patterns = ["context user id", "copied sku", "schema default", "number form" if lang == "zh" or budget == 1200 else "number"]
    if rng.random() < 0.4:  # an empty search first, then a relaxed query
        steps.append(Step("search_products", {"query": f"{query} {size}", "max_price": budget, "size": size},
                          {"items": [], "total": 0}))
        patterns.append("relaxed query after empty result")
    s1 = Step("search_products", {"query": query, "max_price": budget, "size": size, "sort": "price_asc"}, {"items": items, "total": 3})
    s2 = Step("check_stock", {"sku": cheapest["sku"]}, {"sku": cheapest["sku"], "in_stock": rng.randint(3, 40)})
    s3 = Step("add_to_cart", {"user_id": user, "sku": cheapest["sku"], "quantity": qty, "shipping": "express"},
              {"cart_id": f"C{rng.randint(1000, 9999)}", "items": qty})
    steps += [s1, s2, s3]
    distract = Step("get_weather", {"city": city[0] if lang == "en" else city[1]}, {"temp_c": 12})
    output = ("Added {n} × {name} ({sku}) to your cart." if lang == "en" else "已将 {n} 件 {name}（{sku}）加入购物车。").format(
        n=qty, name=cheapest["name"], sku=cheapest["sku"])
    return Draft("shop", lang, request, output, tools, steps, today,
                 user_id=user, session_id=f"{rng.getrandbits(40):x}", attributes={"app.tenant_id": "mall-cn-01"},
                 agent=("shop-assistant", "5.1"), patterns=patterns,
                 roles={"main": s1, "plain": s2, "lookup": s1, "producer": s1, "write": s3, "distractor": distract},
                 slots={"context_id": (s3, "user_id"), "copied_id": (s2, "sku"), "enum": (s3, "shipping"),
                        "extra": (s1, "colour")},
                 facts={"enum_word": ship_word, "extra_value": size, "success_text":
                        "All set, it's in your cart!" if lang == "en" else "搞定，已经加到购物车啦！"})


def banking(rng: random.Random, lang: str) -> Draft:
    today = day_of_trace(rng)
    user = f"cust_{rng.randint(10000, 99999)}"
    account = f"62{rng.randint(10**8, 10**9 - 1)}"
    amount = rng.choice([250, 1200, 5000, 15000])
    cur = rng.choice([("EUR", "euro", "欧元"), ("USD", "US dollars", "美元"), ("JPY", "yen", "日元"), ("GBP", "pounds", "英镑")])
    zh_amount = {250: "250", 1200: "一千二", 5000: "五千", 15000: "1.5万"}[amount]
    en_amount = {250: "250", 1200: "1,200", 5000: "5000", 15000: "15k"}[amount]
    tools = [
        tool("list_accounts", "List the bank accounts of a customer.", ["customer_id"], customer_id={"type": "string"}),
        tool("get_exchange_rate", "Get the exchange rate between two currencies (ISO 4217 codes).", ["base", "quote"],
             base={"type": "string", "pattern": "^[A-Z]{3}$"}, quote={"type": "string", "pattern": "^[A-Z]{3}$"}),
        tool("convert_currency", "Convert an amount from one currency to another in the customer's account.",
             ["account_id", "amount", "from_currency", "to_currency"], account_id={"type": "string"},
             amount={"type": "number", "minimum": 0.01}, from_currency={"type": "string"}, to_currency={"type": "string"}),
        tool("search_news", "Search financial news.", ["query"], query={"type": "string"}), EMAIL,
    ]
    if lang == "en":
        request = rng.choice([f"Convert {en_amount} {cur[1]} into yuan from my main account, what's the rate today?",
                              f"how much is {en_amount} {cur[1]} in RMB? then exchange it from my checking account"])
    else:
        request = rng.choice([f"把{zh_amount}{cur[2]}从我的主账户换成人民币，今天汇率多少？",
                              f"我想用储蓄卡兑换{zh_amount}{cur[2]}成人民币，先查下汇率"])
    rate = round(rng.uniform(0.04, 9.5), 4)
    s0 = Step("list_accounts", {"customer_id": user}, {"accounts": [{"account_id": account, "type": "checking", "currency": "CNY"}]})
    s1 = Step("get_exchange_rate", {"base": cur[0], "quote": "CNY"}, {"rate": rate, "as_of": today.isoformat()})
    s2 = Step("convert_currency", {"account_id": account, "amount": amount, "from_currency": cur[0], "to_currency": "CNY"},
              {"status": "done", "credited": round(amount * rate, 2)})
    s1.parallel = rng.random() < 0.5  # the two lookups in one turn
    news = Step("search_news", {"query": cur[0]}, {"items": [{"title": "Markets calm"}]})
    output = (f"Converted {amount} {cur[0]} at {rate}." if lang == "en" else f"已按汇率 {rate} 兑换 {amount} {cur[0]}。")
    return Draft("banking", lang, request, output, tools, [s0, s1, s2], today, user_id=user, session_id=None,
                 resource={"service.name": "bank-bot", "bank.customer_id": user}, agent=("bank-bot", "3.0.2"),
                 patterns=["currency code for a name", "context customer id", "number form", "copied account id"]
                 + (["parallel lookups"] if s1.parallel else []),
                 roles={"main": s1, "lookup": s0, "producer": s0, "write": s2, "distractor": news},
                 slots={"context_id": (s0, "customer_id"), "copied_id": (s2, "account_id"), "currency": (s1, "base"),
                        "extra": (s2, "fee")},
                 facts={"extra_value": amount, "success_text": "The money has been exchanged." if lang == "en" else "已经为您兑换成功。"})


def support(rng: random.Random, lang: str) -> Draft:
    today = day_of_trace(rng)
    order = f"ORD-{rng.randint(100000, 999999)}"
    tracking = f"SF{rng.randint(10**9, 10**10 - 1)}"
    user = f"u{rng.randint(10000, 99999)}"
    history = [{"role": "user", "text": f"My order {order} hasn't arrived." if lang == "en" else f"我的订单{order}还没到"},
               {"role": "assistant", "calls": [{"name": "get_order", "arguments": {"order_id": order}}]},
               {"role": "tool", "results": [{"order_id": order, "status": "shipped", "tracking_no": tracking}]},
               {"role": "assistant", "text": "It has shipped." if lang == "en" else "已经发货了。"}]
    tools = [
        tool("get_order", "Look up an order.", ["order_id"], order_id={"type": "string"}),
        tool("track_parcel", "Track a parcel by its tracking number.", ["tracking_no"], tracking_no={"type": "string"}),
        tool("create_ticket", "Open a support ticket for a customer.", ["user_id", "category", "summary"],
             user_id={"type": "string"}, category={"type": "string", "enum": ["delivery", "refund", "other"]},
             summary={"type": "string"}, priority={"type": "integer", "minimum": 1, "maximum": 3}),
        tool("get_ticket_status", "Check the status of a support ticket.", ["ticket_id"], ticket_id={"type": "string"}),
        WEATHER, EMAIL,
    ]
    city = rng.choice(CITIES)
    request = rng.choice([f"Where is it now? If it's stuck, open a delivery ticket, priority 2. I'm in {city[0]}.",
                          f"still nothing... can you check where it is and raise a delivery complaint (priority 2)? (shipping to {city[0]})"]) \
        if lang == "en" else rng.choice([f"现在到哪了？如果卡住了就帮我开个物流工单（delivery），优先级2，我在{city[1]}",
                                         f"查下快递到哪了，寄到{city[1]}的，没动静的话提个delivery投诉，优先级2"])
    s1 = Step("track_parcel", {"tracking_no": tracking}, {"status": "stuck at hub", "last_scan": "Hangzhou"})
    ticket = f"T-{rng.randint(1000, 9999)}"
    s2 = Step("create_ticket", {"user_id": user, "category": "delivery", "priority": 2,
                                "summary": f"Parcel {tracking} stuck at hub" if lang == "en" else f"快递{tracking}在中转站滞留"},
              {"ticket_id": ticket})
    steps = [s1, s2]
    if rng.random() < 0.5:  # polls the ticket until an agent picks it up
        steps += [Step("get_ticket_status", {"ticket_id": ticket}, {"status": s}) for s in ("open", "open", "assigned")]
    output = (f"Your parcel is stuck at the hub; ticket {ticket} is open." if lang == "en" else f"包裹在中转站滞留，已创建工单 {ticket}。")
    distract = Step("get_weather", {"city": city[0] if lang == "en" else city[1]}, {"temp_c": 9})
    return Draft("support", lang, request, output, tools, steps, today, user_id=user, session_id=f"s-{rng.getrandbits(24):x}",
                 history=history, agent=("helpdesk", "1.9"),
                 patterns=["earlier turn's tracking number", "context user id", "enum value", "status polling"],
                 roles={"main": s1, "lookup": s1, "producer": s2, "write": steps[-1] if len(steps) == 2 else None,
                        "distractor": distract},
                 slots={"history_id": (s1, "tracking_no"), "context_id": (s2, "user_id"), "enum": (s2, "category"),
                        "extra": (s2, "channel")} | ({"copied_id": (steps[2], "ticket_id")} if len(steps) > 2 else {}),
                 facts={"enum_word": "Delivery", "extra_value": "2",
                        "success_text": "Ticket created, we'll be in touch." if lang == "en" else "工单已创建，我们会尽快联系您。"})


def analysis(rng: random.Random, lang: str) -> Draft:
    today = day_of_trace(rng)
    metric = rng.choice([("revenue", "销售额"), ("orders", "订单量"), ("active users", "活跃用户")])
    period = rng.choice(["last month", "last week", "Q3", "month"])
    first = today.replace(day=1)
    if period == "last month":
        end = first - dt.timedelta(days=1)
        start, en, zh = end.replace(day=1), "last month", "上个月"
    elif period == "last week":
        start = today - dt.timedelta(days=today.weekday() + 7)
        end, en, zh = start + dt.timedelta(days=6), "last week", "上周"
    elif period == "Q3":
        start, end, en, zh = dt.date(2026, 7, 1), dt.date(2026, 9, 30), "Q3 2026", "2026年第三季度"
    else:
        month = rng.randint(1, today.month)
        start = dt.date(2026, month, 1)
        end = (dt.date(2026, month + 1, 1) if month < 12 else dt.date(2027, 1, 1)) - dt.timedelta(days=1)
        en, zh = f"{MONTHS[month - 1]} 2026", f"2026年{month}月"
    regions = rng.sample([("CN", "China", "中国"), ("JP", "Japan", "日本"), ("FR", "France", "法国"), ("DE", "Germany", "德国"),
                          ("SG", "Singapore", "新加坡")], 3)
    tools = [
        tool("run_query", "Run a metric query over a date range and region.", ["metric", "start_date", "end_date"],
             metric={"type": "string", "enum": ["revenue", "orders", "active_users"]},
             start_date={"type": "string", "format": "date"}, end_date={"type": "string", "format": "date"},
             region={"type": "string", "description": "ISO 3166 country code"},
             limit={"type": "integer", "minimum": 1, "default": 100}),
        tool("make_chart", "Draw a bar chart from query results.", ["title", "series"], title={"type": "string"},
             series={"type": "array"}),
        tool("get_job_status", "Check the progress of a long-running export job.", ["job_id"], job_id={"type": "string"}),
        WEATHER, EMAIL,
    ]
    names = ", ".join(r[1] for r in regions) if lang == "en" else "、".join(r[2] for r in regions)
    request = (f"Compare {metric[0]} for {names} over {en} and draw a bar chart" if lang == "en"
               else f"对比一下{names}{zh}的{metric[1]}，画个柱状图")
    key = metric[0].replace(" ", "_")
    queries = [Step("run_query", {"metric": key, "start_date": start.isoformat(), "end_date": end.isoformat(), "region": r[0]},
                    {"rows": [{"region": r[0], "value": rng.randint(1000, 90000)}]}, parallel=i > 0)
               for i, r in enumerate(regions)]
    chart = Step("make_chart", {"title": f"{metric[0]} {en}" if lang == "en" else f"{zh}{metric[1]}",
                                "series": [q.result["rows"][0]["value"] for q in queries]}, {"url": "https://charts.example/c/1"})
    output = "Here is the chart." if lang == "en" else "图表已生成。"
    distract = Step("get_weather", {"city": regions[0][1]}, {"temp_c": 3})
    return Draft("data_analysis", lang, request, output, tools, [*queries, chart], today, user_id=f"analyst{rng.randint(1, 40)}",
                 agent=("bi-copilot", "0.9.3"),
                 patterns=["computed date range", "country codes for names", "parallel queries", "copied numbers", "enum value"],
                 roles={"main": queries[0], "plain": chart, "lookup": queries[0], "distractor": distract, "write": None},
                 slots={"date": (queries[0], "start_date"), "enum": (queries[0], "metric"), "extra": (chart, "chart_type")},
                 facts={"enum_word": metric[0].title() if lang == "en" else metric[1],
                        "extra_value": "bar" if lang == "en" else "柱状图",
                        "date_format": True,
                        "success_text": output})


def coding(rng: random.Random, lang: str) -> Draft:
    today = day_of_trace(rng)
    repo = rng.choice(["acme/web", "acme/billing", "data/etl"])
    path = rng.choice(["src/utils/dates.py", "app/models/user.py", "etl/load.py"])
    issue = rng.randint(100, 999)
    tools = [
        tool("read_file", "Read a file from the repository.", ["repo", "path"], repo={"type": "string"}, path={"type": "string"}),
        tool("run_tests", "Run the test suite (or a subset) and report failures.", ["repo"], repo={"type": "string"},
             pattern={"type": "string"}, timeout_s={"type": "integer", "minimum": 10, "default": 300}),
        tool("create_pull_request", "Open a pull request with a title and description.", ["repo", "title", "branch"],
             repo={"type": "string"}, title={"type": "string"}, branch={"type": "string"}, draft={"type": "boolean"}),
        tool("search_docs", "Search the library documentation.", ["query"], query={"type": "string"}), EMAIL,
    ]
    request = (f"Issue #{issue} in {repo}: the parser in {path} breaks on leap years. Fix it, run the tests and open a PR."
               if lang == "en" else f"{repo} 的 #{issue}：{path} 里的解析在闰年出错，修一下，跑测试，然后提个PR")
    s1 = Step("read_file", {"repo": repo, "path": path}, {"content": "def parse(d):\n    ...", "lines": 120})
    s2 = Step("run_tests", {"repo": repo, "pattern": path.rsplit("/", 1)[-1].removesuffix(".py")}, {"passed": 48, "failed": 0})
    branch = f"fix/issue-{issue}"
    s3 = Step("create_pull_request", {"repo": repo, "title": f"Fix leap-year parsing (#{issue})", "branch": branch},
              {"url": f"https://git.example/{repo}/pull/{rng.randint(1000, 2000)}"})
    output = "Fixed, tests pass, PR opened." if lang == "en" else "已修复，测试通过，PR 已提交。"
    distract = Step("search_docs", {"query": "leap year"}, {"hits": 3})
    return Draft("coding", lang, request, output, tools, [s1, s2, s3], today, user_id=f"dev-{rng.randint(1, 60)}",
                 agent=("code-agent", "4.2.0"), patterns=["values from the request", "free text anchors"],
                 roles={"main": s1, "lookup": s1, "write": s3, "distractor": distract},
                 slots={"extra": (s1, "ref")},
                 facts={"extra_value": branch, "success_text": output})


SCENARIOS = [travel, shop, banking, support, analysis, coding]
