"""grounding widened the way a reviewer reads a trace: context ids, codes and names, earlier turns,
number forms and computed dates are grounded; near misses stay flagged."""
from __future__ import annotations

import datetime as dt

import pytest

from collector.assembly.messages import earlier_turns, parse_messages
from collector.trajectory import Agent, EarlierMessage, ToolDefinition
from evaluators.base import EvalContext
from evaluators.grounding import GroundingEvaluator
from evaluators.text.lexicon import equivalents

from .conftest import call, trajectory

# T0 (conftest) is 2026-11-29T23:08:36Z: the local date is the 29th or the 30th.
ANY = ToolDefinition(name="act", parameters={"type": "object", "additionalProperties": True})


def verdict(value, request: str = "hello", key: str = "value", **extra) -> tuple[str, str]:
    t = trajectory(call(1, "act", {key: value}), input=request, offered=(ANY,), **extra)
    result = GroundingEvaluator().evaluate(t, EvalContext())
    found = result.details["calls"][0]
    return result.label, (found["grounded"].get(key) or found["problems"][0]["why"])


@pytest.mark.parametrize("value, extra", [
    ("u-1004", {"user_id": "u-1004"}),
    ("sess-77a", {"session_id": "sess-77a"}),
    ("acme-cn", {"attributes": {"tenant.id": "acme-cn"}}),
    ("C-2231", {"resource": {"app.customer_id": "C-2231"}}),
    ("travel-helper", {"agent": Agent(name="travel-helper", version="2.3.1")}),
    ("Europe/Berlin", {"attributes": {"user.timezone": "Europe/Berlin"}}),
    ("MAT-3195", {"attributes": {"matter.id": "MAT-3195"}}),
    ("de-DE", {"resource": {"app.locale": "de-DE"}}),
    (40417, {"attributes": {"region.code": 40417}}),
])
def test_the_traces_own_context_is_grounded(value, extra):
    assert verdict(value, **extra) == ("pass", "trace context")


def test_a_context_id_one_digit_off_stays_ungrounded():
    assert verdict("u-1005", user_id="u-1004")[0] == "ungrounded_value"
    assert verdict("MAT-3196", attributes={"matter.id": "MAT-3195"})[0] == "ungrounded_value"


@pytest.mark.parametrize("value, attributes", [
    ("Europe/Berlin", {"tracepatrol.case_id": "Europe/Berlin"}),  # tracepatrol's own bookkeeping
    (3, {"retry.count": 3}),  # a small count is no id
])
def test_bookkeeping_and_small_counts_are_no_context(value, attributes):
    assert verdict(value, attributes=attributes)[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said", [
    ("EUR", "convert 250 euro to dollars"), ("EUR", "把250欧元换成美元"), ("USD", "how many US dollars is that"),
    ("CN", "shipping to China"), ("FR", "运到法国"), ("fr", "translate this into French"),
    ("zh-CN", "翻译成中文"), ("PEK", "flights out of Beijing"), ("PEK", "北京出发的航班"), ("km", "distance in kilometers"),
    ("JPY", "换日元"), ("Beijing", "北京明天天气"), ("Tokyo", "去东京"), ("北京", "weather in Beijing"),
])
def test_codes_names_and_translations_are_grounded(value, said):
    assert verdict(value, said)[0] == "pass"


@pytest.mark.parametrize("value, said, label", [
    # a language by another of its names, from language_data (from the furled split: "Answer in Mandarin", language='zh')
    ("zh", "Answer in Mandarin if you can.", "pass"), ("zh", "请用普通话回答。", "pass"), ("fa", "a guide who speaks Farsi", "pass"),
    # near misses: another language
    ("ja", "Answer in Mandarin if you can.", "ungrounded_value"), ("fr", "a guide who speaks Farsi", "ungrounded_value"),
])
def test_a_language_by_another_of_its_names(value, said, label):
    assert verdict(value, said, key="language")[0] == label


@pytest.mark.parametrize("value, said, label", [
    # a country subdivision by its ISO 3166-2 code, from pycountry (from the spliced split)
    ("IE-CO", "an open slot in County Cork on Wednesday", "pass"), ("IE-CO", "在科克郡找一个空档", "pass"),
    ("DE-BY", "a hop farm in Bavaria", "pass"), ("GB-KEN", "somewhere in Kent", "pass"),
    # by a name ISO's own notation holds: "Wales [Cymru GB-CYM]", "Bristol, City of" (from the robanded split)
    ("GB-WLS", "delivered to Wales tomorrow", "pass"), ("GB-WLS", "a stall somewhere in Cymru", "pass"),
    ("GB-CYM", "delivered to Wales tomorrow", "pass"), ("GB-BST", "a van in the City of Bristol", "pass"),
    # near misses: another county of the same country, and the country alone
    ("IE-KY", "an open slot in County Cork on Wednesday", "ungrounded_value"), ("DE-BY", "a hop farm in Germany", "ungrounded_value"),
    ("GB-SCT", "delivered to Wales tomorrow", "ungrounded_value"), ("GB-WLS", "delivered to Cardiff tomorrow", "ungrounded_value"),
])
def test_a_subdivision_by_its_code(value, said, label):
    assert verdict(value, said, key="region")[0] == label


def test_a_subdivision_is_named_by_each_name_isos_notation_holds():
    """ISO writes alternatives in brackets with their own code, qualifiers in parentheses and some names inverted."""
    assert {"wales", "cymru", "gb cym"} <= equivalents("gb wls")
    assert "sofia" in equivalents("bg 22") and "city of bristol" in equivalents("gb bst")
    assert "wales" not in equivalents("gb sct")


@pytest.mark.parametrize("said, label", [
    ("预算200元以内，帮我订", "pass"), ("十块以内的都行", "pass"),  # an amount in 元, 块: the local currency
    ("7月4日有没有车削课程（做笔）？帮我订下并付定金。", "ungrounded_value"),  # near miss: 笔 is a pen here
    # 块 before the noun it counts is no money (6块板, six panels; bowkneed split), before 钱 or a number it is
    ("想装800瓦房车套件，6块板，6月11日来勘察。", "ungrounded_value"), ("三块五一个，要6块板", "pass"), ("100块钱左右", "pass"),
    ("从储蓄卡转账八千块给陈静", "pass"),
])
def test_the_local_currency_of_a_chinese_request_naming_an_amount(said, label):
    assert verdict("CNY", said, key="currency")[0] == label


@pytest.mark.parametrize("value, said", [("Kyoto", "入住京都的酒店"), ("Busan", "去釜山玩三天")])
def test_a_chinese_place_name_glossed_otherwise_is_grounded_by_its_city_or_prefecture_entry(value, said):
    assert verdict(value, said, key="city")[0] == "pass"


def test_another_place_stays_ungrounded():
    assert verdict("Osaka", "入住京都的酒店", key="city")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said, label", [
    # towns CC-CEDICT has no entry for, by GeoNames' Chinese names (from the cinched split)
    ("Chester", "帮我在切斯特订一台天象仪", "pass"),
    ("Sheffield", "想在谢菲尔德上银器课", "pass"),
    ("Wigan", "威根的摔跤俱乐部还有位子吗", "pass"),
    # near misses: another town; a town named nowhere in the request
    ("York", "帮我在切斯特订一台天象仪", "ungrounded_value"),
    ("Chester", "帮我订一台天象仪", "ungrounded_value"),
])
def test_a_chinese_city_name_is_grounded_by_geonames(value, said, label):
    assert verdict(value, said, key="workshop")[0] == label


@pytest.mark.parametrize("value, said", [("EUR", "一晚不超过200欧"), ("USD", "换两百美"), ("HKD", "预算3000港以内")])
def test_a_chinese_currency_name_without_its_yuan_after_an_amount_is_grounded(value, said):
    assert verdict(value, said, key="currency")[0] == "pass"


@pytest.mark.parametrize("value, said, label", [
    # a currency by its everyday Chinese name: a territory's short form with 元 (CC-CEDICT's 加 for 加拿大), or CLDR's
    # simplified Cantonese name (from the topsailed split, where CLDR's Chinese says 加拿大元)
    ("CAD", "用加元付款", "pass"), ("AUD", "预算500澳元", "pass"), ("CAD", "用加币付", "pass"), ("SGD", "用新元结算", "pass"),
    # near misses: another currency for the same words
    ("USD", "用加元付款", "ungrounded_value"), ("GBP", "预算500澳元", "ungrounded_value"), ("EUR", "用加币付", "ungrounded_value"),
])
def test_a_currency_by_its_everyday_chinese_name(value, said, label):
    assert verdict(value, said, key="currency")[0] == label


@pytest.mark.parametrize("value, said, label", [
    # ISO 4217's own name of the pound, where CLDR says "British Pound" (pycountry; the scarphbolted and breasthooked
    # splits): "priced in sterling" is GBP
    ("GBP", "Priced in sterling, please.", "pass"), ("GBP", "Quote it in pounds sterling.", "pass"),
    # near misses: another currency for the same word, and another pound
    ("EUR", "Priced in sterling, please.", "ungrounded_value"), ("EGP", "Priced in sterling, please.", "ungrounded_value"),
])
def test_a_currency_by_its_iso_name(value, said, label):
    assert verdict(value, said, key="currency")[0] == label


@pytest.mark.parametrize("value, said, label", [
    # an airport's code for its own name, besides its city's (airportsdata: "London Heathrow Airport"; the
    # transomchocked split)
    ("LHR", "Pick me up from Heathrow on Friday.", "pass"), ("LGW", "Drop-off at Gatwick, 2 bags.", "pass"),
    # near misses: the other London airport for the same words
    ("LGW", "Pick me up from Heathrow on Friday.", "ungrounded_value"), ("LHR", "Drop-off at Gatwick, 2 bags.", "ungrounded_value"),
])
def test_an_airport_by_its_own_name(value, said, label):
    assert verdict(value, said, key="dropoff")[0] == label


@pytest.mark.parametrize("value, said", [
    ("GBP", "convert 250 euro"), ("DE", "运到法国"), ("PVG", "北京出发"), ("GBP", "一晚不超过200欧"),
    ("JPY", "12月3日到店"), ("EUR", "去欧洲玩"),
])
def test_the_wrong_code_stays_ungrounded(value, said):
    assert verdict(value, said)[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said", [
    (5000, "转账五千元"), (15000, "budget 15k"), ("15000", "预算1.5万"), (1200.5, "1.200,50 EUR"), (0.15, "15% off"),
    (1200, "1 200 kg"),
])
def test_number_forms_are_grounded(value, said):
    assert verdict(value, said, key="amount")[0] == "pass"


def test_a_different_number_stays_ungrounded():
    assert verdict(5001, "转账五千元", key="amount")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said", [(2, "找两房带家具的公寓"), (3, "选三门课"), (1, "订一间房"),
                                         (1, "一居室，我们自己打包"), (1, "要一室一厅的")])
def test_a_lone_chinese_numeral_counts_what_follows(value, said):
    assert verdict(value, said, key="bedrooms")[0] == "pass"


@pytest.mark.parametrize("said", ["帮我看一下公寓", "我们一块儿去看公寓"])
def test_one_that_starts_a_word_counts_nothing(said):
    assert verdict(1, said, key="bedrooms")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said, label", [
    (3, "请预约在明天，数量三，费率请用欧元报给我。", "pass"), (8, "一共八，明天取", "pass"),
    (1, "一块玻璃裂了，麻烦报个价", "pass"), (1, "一扇窗要修", "pass"),
    (4, "请预约在明天，数量三，费率请用欧元报给我。", "ungrounded_value"),  # near miss: another count
])
def test_a_count_after_the_word_for_it_or_before_its_measure_word(value, said, label):
    assert verdict(value, said, key="pieces")[0] == label


@pytest.mark.parametrize("value, said, label", [
    # from the fenced split: 下周二 is next Tuesday, no count of two (flexible_days=2 nobody gave)
    (2, "下周二去保护区观鸟，帮我订个观鸟棚", "ungrounded_value"),
    (3, "星期三下午有空吗", "ungrounded_value"), (5, "礼拜五开门吗", "ungrounded_value"),
    (20, "下周二十点到", "ungrounded_value"),  # next Tuesday at ten: no twenty either
    # near misses: three times a week, ten o'clock, two people on a Tuesday
    (3, "每周三次课", "pass"), (10, "下周二十点到", "pass"), (2, "周二两个人来", "pass"),
])
def test_a_weekdays_numeral_counts_nothing(value, said, label):
    assert verdict(value, said, key="days")[0] == label


def test_a_results_number_is_not_used_twice_in_one_product():
    # 3 seats at a "price" of 2 (a stock count) are 6, and 12 is not 6 × that same 2 again
    stock = call(1, "search_rides", {"route": "estuary"}, result={"results": [{"ride_id": "HVC-1", "stock": 2}]})
    for seats, label in ((12, "ungrounded_value"), (3, "pass")):
        t = trajectory(stock, call(2, "act", {"seats": seats}), input="我的estuary需要一个航次，数量三，费率请用美元报给我。",
                       offered=(ANY,))
        assert GroundingEvaluator().evaluate(t, EvalContext()).label == label, seats


@pytest.mark.parametrize("value, said", [
    ("18:30", "a viewing on May 7 at 6:30 pm"), ("18:30", "约5月7日晚上 6:30 看房"), ("19:00", "今晚 7 点送到"),
    ("18:30", "晚上6点半"), ("2026-12-03T19:00:00+01:00", "Dec 3, 7 pm"),
    # written the British way, with a dot before am or pm
    ("21:30", "firing at 9.30pm, budget up to £3000"), ("09:15", "pick-up at 9.15 a.m."),
    # sent on a 12-hour clock (the form is parameters')
    ("5:30pm", "a lesson at 17:30 please"), ("7 p.m.", "dinner at 19:00"),
])
def test_a_time_of_day_the_user_gave_on_either_clock_is_grounded(value, said):
    assert verdict(value, said, key="time")[0] == "pass"


@pytest.mark.parametrize("value, said", [("19:30", "at 6:30 pm"), ("18:45", "at 6:30 pm"), ("08:30", "at 6:30 pm"),
                                         ("09:30", "the 9.30 fare"), ("6:30pm", "a lesson at 17:30 please")])
def test_another_time_of_day_stays_ungrounded(value, said):
    assert verdict(value, said, key="time")[0] == "ungrounded_value"


def test_a_time_an_earlier_result_states_grounds_a_date_time_on_its_day():
    course = call(1, "get_course", {"code": "CS-1"}, {"start_date": "2026-12-08", "sections": [{"time": "Tue 19:00"}]})
    t = trajectory(course, call(2, "act", {"start": "2026-12-08T19:00:00+08:00"}), input="put CS-1 in my calendar",
                   offered=(ANY,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == "pass"
    t = trajectory(course, call(2, "act", {"start": "2026-12-08T20:00:00+08:00"}), input="put CS-1 in my calendar",
                   offered=(ANY,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == "ungrounded_value"


@pytest.mark.parametrize("value, said", [
    ("2026-12-03", "a table on Dec 3"), ("2026-12-05", "12月5日入住"), ("2026-11-01", "sales for November 2026"),
    ("2026-10-01", "last month's revenue"), ("2026-10-31", "上个月的销售额"), ("2026-11-22", "orders from last week"),
    ("2026-12-06", "check in Dec 3 for 3 nights"), ("2026-12-07", "12月5日入住，住两晚"),
    ("2026-12-09", "arriving Dec 3, six nights"), ("2026-12-25", "deliver by Christmas"),
    ("2026-12-06", "done by the end of a 3-night stay starting Dec 3"),  # hyphenated (from the hogged split)
    # a course of N days starting a day ends on its last day (from the sheaved split)
    ("2026-12-05", "a 3-day pottery course starting Dec 3"), ("2026-12-05", "给我订3天的陶艺课，12月3日开始。"),
    ("2026-12-24", "before Christmas Eve"), ("2027-01-01", "元旦送到"), ("2026-12-31", "年底前"),
    ("2026-12-31", "by the end of next month"), ("2026-12-17", "between Dec 6 and Dec 10, or the week after"),
    ("2026-07-01", "Q3 2026 numbers"), ("2026-12-03T09:00:00", "Dec 3 at 9am"),
    # the computed day written without its year (the form is format_error's)
    ("12月6日", "下周日入住"), ("Dec 3", "a table on Thursday"),
])
def test_dates_a_reviewer_computes_are_grounded(value, said):
    assert verdict(value, said, key="start_date") == ("pass", "a date computed from the request")


def test_a_wrong_stay_length_and_a_bare_relative_word_stay_flagged():
    assert verdict("2026-12-07", "check in Dec 3 for 3 nights", key="check_out")[0] == "ungrounded_value"
    assert verdict("2026-12-08", "arriving Dec 3, six nights", key="check_out")[0] == "ungrounded_value"
    assert verdict("2026-12-07", "done by the end of a 3-night stay starting Dec 3", key="date")[0] == "ungrounded_value"
    assert verdict("2026-12-07", "a 3-day pottery course starting Dec 3", key="end_date")[0] == "ungrounded_value"
    assert verdict("2026-12-07", "给我订3天的陶艺课，12月3日开始。", key="end_date")[0] == "ungrounded_value"
    assert verdict("2026-12-26", "deliver by Christmas", key="date")[0] == "ungrounded_value"
    assert verdict("Dec 4", "a table on Thursday", key="date")[0] == "ungrounded_value"
    assert verdict("2026-12-30", "by the end of next month", key="date")[0] == "ungrounded_value"
    assert verdict("2026-12-18", "between Dec 6 and Dec 10, or the week after", key="date")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said", [(7, "remind me daily at 21:00"), (60, "back it up hourly"),
                                         (2, "twice a week"), (7, "每天提醒我"), (14, "biweekly report")])
def test_how_often_the_user_asks(value, said):
    assert verdict(value, said, key="every")[0] == "pass"
    assert verdict(value + 3, said, key="every")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said", [("ORD-12345", "where is order #12345"), ("INV2231", "invoice 2231 please"),
                                         ("PO-5521", "purchase order 5521")])
def test_the_users_number_with_the_prefix_of_what_they_called_it(value, said):
    assert verdict(value, said, key="id")[0] == "pass"
    assert verdict(value[:-1] + "9", said, key="id")[0] == "ungrounded_value"
    assert verdict("TKT-" + value.split("-")[-1][-4:], said, key="id")[0] == "ungrounded_value"


def test_a_date_written_day_or_month_first_with_its_year():
    assert verdict("2026-12-03", "appointment on 03/12/2026", key="date")[0] == "pass"
    assert verdict("2026-03-12", "appointment on 03/12/2026", key="date")[0] == "pass"
    assert verdict("2026-12-04", "appointment on 03/12/2026", key="date")[0] == "ungrounded_value"


def test_a_share_the_user_states_of_a_bill_worked_out_from_results():
    castles = call(1, "search_castles", {"theme": "unicorn"}, [{"castle_id": "BC-376", "price_per_day": 85.0}])
    delivery = call(2, "check_delivery", {"eircode": "V94 T2X6"}, {"zone": "C", "fee": 25.0})

    def label(deposit):
        t = trajectory(castles, delivery, call(3, "create_hire", {"castle_id": "BC-376", "deposit": deposit}),
                       input="a unicorn castle for 2 days from Apr 27, eircode v94 t2x6, book it and tell me the 20% deposit",
                       offered=(ANY,))
        return GroundingEvaluator().evaluate(t, EvalContext()).label
    assert label(39.0) == "pass"  # 20% of 2 × 85 + 25
    assert label(34.0) == "pass"  # 20% of 2 × 85, the fee left out
    assert label(40.0) == "ungrounded_value"


def test_a_stay_starts_on_a_day_the_request_names_not_on_a_windows_bound():
    # 下周六 is December 5th seen from Sunday November 29th; next week's last day (the 6th) starts no stay
    assert verdict("2026-12-07", "下周六起租2天", key="return_date")[0] == "pass"
    assert verdict("2026-12-08", "下周六起租2天", key="return_date")[0] == "ungrounded_value"


@pytest.mark.parametrize("said", ["Thursday next week, or Friday if Thursday's full", "下周四，不行就周五"])
def test_a_weekday_named_alone_beside_a_named_week_may_be_in_it(said):
    wednesday = 1_791_979_200_000_000_000  # 2026-10-14T12:00:00Z: next week's Friday is the 23rd

    def label(day: str) -> str:
        t = trajectory(call(1, "act", {"date": day}), input=said, offered=(ANY,))
        t = t.model_copy(update={"start_ns": wednesday, "end_ns": wednesday + 10**10})
        return GroundingEvaluator().evaluate(t, EvalContext()).label
    assert label("2026-10-23") == "pass"
    assert label("2026-10-30") == "ungrounded_value"


def test_the_head_of_a_chinese_words_meaning():
    assert verdict("roses", "给我妈送36枝玫瑰", key="flower")[0] == "pass"  # 玫瑰: "rugosa rose", "rose flower"
    assert verdict("tulips", "给我妈送36枝玫瑰", key="flower")[0] == "ungrounded_value"
    # a kind of what a two-word sense names: 菜豆 is "kidney bean", so "runner bean" for 红花菜豆
    assert verdict("runner bean", "订种子：红花菜豆3包", key="variety")[0] == "pass"
    assert verdict("runner pea", "订种子：红花菜豆3包", key="variety")[0] == "ungrounded_value"


def test_a_basket_of_several_searched_prices_at_a_count_and_a_rate():
    searches = [call(i, "search_seed_bank", {"variety": v}, {"items": [{"sku": f"SD-{i}", "price": p, "currency": "GBP"}]})
                for i, (v, p) in enumerate((("carrot", 1.2), ("beetroot", 1.65), ("runner bean", 1.8)), 1)]
    rate = call(4, "get_exchange_rate", {"base": "GBP", "quote": "EUR"}, {"rate": 1.18})

    def label(total):
        t = trajectory(*searches, rate, call(5, "place_seed_order", {"total": total}),
                       input="order 3 packets each of carrot, beetroot, runner bean, pay in euro", offered=(ANY,))
        return GroundingEvaluator().evaluate(t, EvalContext()).label
    assert label(16.46) == "pass"  # 3 × (1.2 + 1.65 + 1.8) × 1.18
    assert label(16.64) == "ungrounded_value"


def test_a_name_in_the_other_order():
    assert verdict("John Smith", "booking under Smith, John", key="name")[0] == "pass"
    assert verdict("Zhang Wei", "乘客 Wei Zhang", key="passenger")[0] == "pass"
    assert verdict("John Smyth", "booking under Smith, John", key="name")[0] == "ungrounded_value"


@pytest.mark.parametrize("size, said", [
    (2, "a table for me and my wife"), (4, "me and 3 friends"), (2, "my wife and I"), (4, "me, my son and 2 friends"),
    (4, "me and my wife and our 2 kids"), (2, "我和老婆"), (3, "我跟两个朋友"), (2, "我们俩"), (3, "咱们仨"),
    # counted by kind of person
    (5, "tower climb for 2 adults and 3 children"), (4, "three adults, one senior"), (3, "一个大人两个小孩"),
    (7, "四个大人三个小孩"), (3, "两大一小"),
])
def test_the_size_of_a_party_the_user_describes(size, said):
    assert verdict(size, said, key="guests")[0] == "pass"
    assert verdict(size + 2, said, key="guests")[0] == "ungrounded_value"


def test_one_kind_of_person_counted_alone_is_no_party_of_more():
    assert verdict(4, "tower climb for 3 adults", key="party_size")[0] == "ungrounded_value"


def test_an_amount_in_cents_for_a_parameter_taking_minor_units():
    assert verdict(1999, "charge my card $19.99", key="amount_cents")[0] == "pass"
    assert verdict(1998, "charge my card $19.99", key="amount_cents")[0] == "ungrounded_value"
    assert verdict(1999, "charge my card $19.99", key="amount")[0] == "ungrounded_value"  # no minor units named
    stripe = ToolDefinition(name="create_payment_intent", description="Charge a card.", parameters={
        "type": "object", "properties": {"amount": {"type": "integer", "description": (
            "A positive integer representing how much to charge in the smallest currency unit")}}})
    quoted = call(1, "get_quote", {"plan": "pro"}, {"price": 49.5, "currency": "EUR"})
    t = trajectory(quoted, call(2, "create_payment_intent", {"amount": 4950}), input="buy the pro plan", offered=(stripe,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == "pass"


@pytest.mark.parametrize("value, said", [("2026-11-27", "the order from last Friday"), ("2026-11-20", "上周五的订单")])
def test_last_weekday_is_the_latest_one_or_last_weeks(value, said):
    assert verdict(value, said, key="date")[0] == "pass"
    assert verdict("2026-11-26", said, key="date")[0] == "ungrounded_value"
    assert verdict("last month", "last month's revenue", key="start_date")[0] == "relative_date"


HISTORY = parse_messages([
    {"role": "system", "content": "You are a support agent."},
    {"role": "user", "content": "My order is ORD-48213."},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_order", "arguments": '{"order_id": "ORD-48213"}'}}]},
    {"role": "tool", "tool_call_id": "c1", "content": '{"status": "shipped", "tracking": "SF1234567890"}'},
    {"role": "assistant", "content": "It has shipped."},
    {"role": "user", "content": "Where is it now?"},
])


def test_earlier_turns_ground_values_but_are_not_this_traces_calls():
    history = [EarlierMessage.model_validate(m) for m in earlier_turns(HISTORY)]
    assert [m.role for m in history] == ["user", "assistant", "tool", "assistant"]
    assert verdict("SF1234567890", "Where is it now?", history=history) == ("pass", "an earlier turn")
    assert verdict("SF1234567809", "Where is it now?", history=history)[0] == "ungrounded_value"  # transposed
    t = trajectory(call(1, "track", {"tracking": "SF1234567890"}), input="Where is it now?", history=history)
    assert [c.name for c in t.tool_calls] == ["track"]


@pytest.mark.parametrize("value, said", [
    ("2026-12-03", "a table on 12/03"), ("2026-12-03", "arriving 03.12"), ("2026-12-02", "Wednesday next week"),
    ("2026-12-09", "下周一到周三请假"),
])
def test_month_days_and_weekdays_of_a_week_are_computed(value, said):
    assert verdict(value, said, key="end_date") == ("pass", "a date computed from the request")


def test_a_weekday_of_the_wrong_week_stays_ungrounded():
    assert verdict("2026-12-16", "Wednesday next week", key="date")[0] == "ungrounded_value"


def test_the_traces_year_is_grounded_another_is_not():
    assert verdict(2026, "public holidays in the Dutch office", key="year") == ("pass", "the trace's year")
    assert verdict(2025, "public holidays in the Dutch office", key="year")[0] == "ungrounded_value"


def test_an_id_written_in_groups_is_grounded_with_its_digits_in_order():
    said = "track JD07 2714 7707 49 please"
    assert verdict("JD072714770749", said, key="tracking_number") == ("pass", "an id the user wrote in groups")
    assert verdict("JD072714770794", said, key="tracking_number")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said, key, label", [
    (120, "error rate over the past 2 hours", "window_minutes", "pass"),
    (30, "看下最近半小时的错误率", "window_minutes", "pass"),
    (2880, "最近两天的错误率", "window_minutes", "pass"),
    (60, "error rate over the past 2 hours", "window_minutes", "ungrounded_value"),
    (120, "error rate over the past 2 hours", "window", "ungrounded_value"),
])
def test_a_length_of_time_counts_in_the_unit_its_parameter_names(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, said", [
    (30, "find a half-hour slot"), (30, "find half an hour"), (60, "book one hour"), (60, "约一个小时"),
    (90, "an hour and a half with Ana"), (90, "约一个半小时"), (15, "a quarter of an hour"), (15, "留一刻钟"),
    (30, "找一个半小时的空档"), (150, "两个半小时"),  # 一个 is also "a": a half-hour slot
])
def test_lengths_of_time_written_in_words_are_counted(value, said):
    assert verdict(value, said, key="duration_minutes")[0] == "pass"


@pytest.mark.parametrize("value, said", [
    (60, "find a half-hour slot"), (60, "a quarter of an hour"), (30, "两个半小时"), (120, "两个半小时"),
    (1440, "an hour and a half"),
])
def test_a_length_of_time_in_words_does_not_ground_its_parts(value, said):
    assert verdict(value, said, key="duration_minutes")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said, key", [
    (8200, "Log today's run: 8.2 km in 52 minutes", "distance_m"), (10500, "记录跑步：10.5 公里", "distance_m"),
    (1500, "add 1.5 kg of flour", "weight_g"), (2.5, "寄一个 2500 克的包裹", "weight_kg"),
    (500, "买两升水，再来 0.5 l 果汁", "volume_ml"), (2, "买两升水", "volume_l"), (12, "1,200 cm of cable", "length_m"),
    (2700, "a 45 min workout", "duration_seconds"), (90, "a 1.5-hour slot", "duration_minutes"),
    (16.09, "log a 10 mile run", "distance_km"), (4.54, "10 lb of flour", "weight_kg"), (3048, "at 10,000 ft", "altitude_m"),
    (48000, "2 wagons, 48 t grain", "weight_kg"), (12500, "粮食 12.5 吨", "weight_kg"),
])
def test_a_measure_counts_in_the_unit_its_parameter_names(value, said, key):
    assert verdict(value, said, key=key)[0] == "pass"


@pytest.mark.parametrize("value, said, label", [
    (500, "pre-order half a kilo of carrots", "pass"), (1500, "one and a half kilos of onions", "pass"),
    (1500, "a kilo and a half of onions", "pass"), (1000, "a kilogram of flour", "pass"),
    (500, "一斤胡萝卜", "pass"), (250, "半斤洋葱", "pass"), (750, "一斤半西葫芦", "pass"), (1000, "两斤土豆", "pass"),
    (1250, "两斤半土豆", "pass"),
    (600, "一斤胡萝卜", "ungrounded_value"),  # Taiwan's jin: the PRC's is the one meant on the mainland
    (1000, "half a kilo of carrots", "ungrounded_value"), (500, "一斤半西葫芦", "ungrounded_value"),
    (250, "两斤土豆", "ungrounded_value"),
])
def test_a_mass_in_words_and_in_the_market_jin(value, said, label):
    """Half a kilo is 500 g; 斤 is 500 g by PRC law (CC-CEDICT: "(PRC) weight equal to 500 g"), 半斤 half
    of it, 一斤半 one and a half."""
    assert verdict(value, said, key="weight_g")[0] == label


def test_a_measure_counts_in_the_unit_its_parameter_describes():
    metres = ToolDefinition(name="act", parameters={"type": "object", "properties": {
        "distance": {"type": "number", "description": "Distance run, in metres"}}})
    for value, label in ((8200, "pass"), (820, "ungrounded_value")):
        t = trajectory(call(1, "act", {"distance": value}), input="I ran 8.2 km", offered=(metres,))
        assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, said, key", [
    (8200, "Log today's run: 8.5 km", "distance_m"), (820, "Log today's run: 8.2 km", "distance_m"),
    (82000, "记录跑步：8.2 公里", "distance_m"), (8200, "add 8.2 kg of flour", "distance_m"),
    (8200, "Log today's run: 8.2 km", "distance"), (150, "add 1.5 kg of flour", "weight_g"),
    (17, "log a 10 mile run", "distance_km"), (3, "寄一个 2500 克的包裹", "weight_kg"),  # rounded, never coarsened
    (4800, "2 wagons, 48 t grain", "weight_kg"),
])
def test_a_measure_off_by_a_factor_or_in_another_dimension_stays_ungrounded(value, said, key):
    assert verdict(value, said, key=key)[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said, key, label", [
    ("zh", "帮我查一下去法国的签证", "lang", "pass"), ("中文", "帮我查一下去法国的签证", "lang", "pass"),
    ("en", "帮我查一下去法国的签证", "lang", "ungrounded_value"), ("GB", "I'm in the UK office", "country", "pass"),
    (2, "add two to my cart", "quantity", "pass"), (3, "add two to my cart", "quantity", "ungrounded_value"),
])
def test_the_requests_language_a_reserved_country_alias_and_number_words(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


def test_a_field_name_of_an_earlier_result_is_grounded_a_made_up_one_is_not():
    rows = call(1, "fetch_results", {"job_id": 7}, {"rows": [{"order_date": "2026-10-01", "orders": 12}]})
    for x, label in (("order_date", "pass"), ("ship_date", "ungrounded_value")):
        chart = call(2, "make_chart", {"x": x, "y": "orders"})
        t = trajectory(rows, chart, input="chart job 7's orders by day", offered=(ANY,))
        result = GroundingEvaluator().evaluate(t, EvalContext())
        assert result.label == label, x


@pytest.mark.parametrize("request_", ["上个月每天的订单量", "orders by day last month"])
def test_dates_in_a_query_the_agent_writes_must_be_computed(request_):
    sql = "SELECT day, COUNT(*) FROM orders WHERE day >= '{}' AND day < '2026-11-01' GROUP BY day"
    assert verdict(sql.format("2026-10-01"), request_, key="sql")[0] == "pass"  # an exclusive end
    # found by its words or not, a query over the wrong month is flagged
    assert verdict(sql.format("2026-09-01"), request_, key="sql")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said", [
    (40, "donate 5% of my 800 euro bonus to WWF"), (125, "donate 5% of my 2,500 Swiss francs bonus"),
    (124.95, "5 percent of 2,499"), (640, "这件800元的大衣打八折"), (150, "把3000元的百分之五捐出去"),
    (46, "add a 15% tip to the 40 dollar bill"), (80, "split the 240 between 3 of us"),
    (140, "4 tickets at 35 each"), (72.5, "两人平分145元"),
    (150, "2 adult tickets at 45 and 3 child tickets at 20, total please"),  # a bill, line by line
    (1180, "invoice 12 hours at 95/h plus 40 travel"), (145.8, "expenses 45.50, 12.30 and 88: submit the total"),
    (1239, "12 hours at 95 each plus 40 travel, plus 5% fee"),
])
def test_a_number_the_user_asked_to_compute_is_grounded(value, said):
    label, why = verdict(value, said)
    assert label == "pass" and "as the user asked" in why


@pytest.mark.parametrize("value, said", [
    (41, "donate 5% of my 800 euro bonus"),  # not 5 % of anything said
    (400, "donate 5% of my 800 euro bonus"),  # half, which nobody asked for
    (80, "book 240 for 3 of us"),  # no split asked for: two numbers are not operands
    (0, "room for 1 per night, 4 guests"),  # 1/4 rounds to 0, but 0 is no computed amount
    (151, "2 adult tickets at 45 and 3 child tickets at 20, total please"),  # a bill's total one off
    (110, "2 adult tickets at 45 and 3 child tickets at 20, total please"),  # 2×45 + 20 skips a line's count
])
def test_a_number_the_request_does_not_compute_stays_ungrounded(value, said):
    assert verdict(value, said)[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said", [
    ("2026-10-02T07:00:00Z", "柏林时间 10月2日 9 点发"),  # Berlin keeps summer time until late October
    ("2026-12-01T08:00:00Z", "柏林时间 12月1日 9 点发"), ("2026-12-01T00:00:00Z", "send it at 9am Tokyo time on Dec 1"),
    ("2026-10-02T09:00:00+02:00", "Berlin time, Oct 2 at 9"),
])
def test_a_local_time_in_a_zone_the_request_names_is_grounded_as_an_instant(value, said):
    label, why = verdict(value, said)
    assert label == "pass", why


@pytest.mark.parametrize("value, said", [
    ("2026-10-02T09:00:00Z", "柏林时间 10月2日 9 点发"),  # 9:00 UTC is 11:00 in Berlin
    ("2026-10-02T08:00:00Z", "柏林时间 10月2日 9 点发"),  # 10:00 in Berlin's summer time
    ("2026-10-02T08:00:00Z", "10月2日 9 点发"),  # no zone named: 8:00 is no time the user gave
])
def test_a_time_in_the_wrong_zone_stays_ungrounded(value, said):
    assert verdict(value, said)[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said, label", [
    ("2026-11", "这个月的房租到账了吗", "pass"),  # T0 falls in November 2026
    ("2026-11", "did this month's rent arrive?", "pass"),
    ("2026-10", "did this month's rent arrive?", "ungrounded_value"),
    ("2026-11", "did the rent arrive?", "ungrounded_value"),  # no month named
])
def test_this_month_is_the_traces_month(value, said, label):
    assert verdict(value, said)[0] == label


def test_a_protocols_seconds_count_a_length_of_time_in_words():
    assert verdict(3600, "TTL 1 小时", key="ttl")[0] == "pass"
    assert verdict(60, "TTL 1 小时", key="ttl")[0] == "ungrounded_value"


def test_a_number_times_a_rate_an_earlier_result_gave_is_grounded():
    rate = call(1, "get_fx_rate", {"base": "EUR", "quote": "CNY"}, {"rate": 7.1093})
    declare = call(2, "act", {"value": 51542.43})
    t = trajectory(rate, declare, input="发票金额 7,250 欧元，申报要人民币", offered=(ANY,))
    found = GroundingEvaluator().evaluate(t, EvalContext()).details["calls"][1]
    assert "value" in found["grounded"] and "an earlier result" in found["grounded"]["value"]
    wrong = trajectory(rate, call(2, "act", {"value": 51642.43}), input="发票金额 7,250 欧元，申报要人民币", offered=(ANY,))
    assert GroundingEvaluator().evaluate(wrong, EvalContext()).label == "ungrounded_value"


def _after(result: dict, value, request: str) -> str:
    """Grounding's label for `act(value=…)` sent after a lookup that returned `result`."""
    t = trajectory(call(1, "lookup", {}, result), call(2, "act", {"value": value}), input=request, offered=(ANY,))
    return GroundingEvaluator().evaluate(t, EvalContext()).label


@pytest.mark.parametrize("value, said, label", [
    (2, "restock shelves 1-3", "pass"), (8, "把7到9号货架都补上", "pass"),
    (12, "restock shelves 1-3", "ungrounded_value"),  # past the range
    (1000, "call 555-1234", "ungrounded_value"),  # no list of counts
])
def test_a_number_inside_a_range_the_user_gave_is_grounded(value, said, label):
    assert verdict(value, said)[0] == label


@pytest.mark.parametrize("value, said, label", [
    (120, "a party of about a hundred and twenty", "pass"), (65, "sixty-five attendees", "pass"),
    (66, "sixty-five attendees", "ungrounded_value"),
])
def test_numbers_written_in_english_words_are_read(value, said, label):
    assert verdict(value, said)[0] == label


@pytest.mark.parametrize("value, label", [
    ("2026-11-30T08:00:00+00:00", "pass"),  # 9:00 in Madrid's winter time
    ("2026-11-30T09:00:00+00:00", "ungrounded_value"),
])
def test_a_local_time_in_the_users_own_zone_from_context_is_an_instant(value, label):
    said = "book the court for 9:00 on Nov 30"
    assert verdict(value, said, attributes={"user.timezone": "Europe/Madrid"})[0] == label
    assert verdict("2026-11-30T08:00:00+00:00", said)[0] == "ungrounded_value"  # no zone known: no conversion


def test_a_count_at_a_price_times_a_rate_is_grounded():
    rate = {"base": "GBP", "quote": "USD", "rate": 1.25}
    assert _after(rate, 450.0, "claim 3 nights at 120 GBP in USD") == "pass"  # 3 × 120 × 1.25
    assert _after(rate, 455.0, "claim 3 nights at 120 GBP in USD") == "ungrounded_value"


@pytest.mark.parametrize("value, said, label", [
    (35, "add 15 licences, what's the new bill?", "pass"),  # the 20 a lookup gave, plus 15
    (5, "remove 15 licences", "pass"),  # minus
    (35, "how much for 15 licences?", "ungrounded_value"),  # nothing asked to be added
    (21, "add 1 licence", "pass"),  # one more, said so, of a count below 100
    (21, "how many licences do we have? licence 1 is mine", "ungrounded_value"),  # one more, never asked
    (22, "add 1 licence", "ungrounded_value"),
])
def test_a_count_changed_as_asked_from_a_results_count_is_grounded(value, said, label):
    assert _after({"licences": 20}, value, said) == label


def test_one_more_than_a_number_of_a_hundred_or_more_is_an_ids_near_miss():
    assert _after({"licences": 1200}, 1201, "add 1 licence") == "ungrounded_value"


@pytest.mark.parametrize("value, label", [
    ("toner cartridge", "pass"), ("Toner Cartridges", "pass"), ("ink cartridge", "ungrounded_value"),
])
def test_the_users_words_in_another_number_or_case_are_grounded(value, label):
    assert verdict(value, "order 40 toner cartridges for the office")[0] == label


def test_a_share_of_a_count_at_a_price_is_grounded():
    assert verdict(1011.5, "invoice 10 h of design at 85 euro/h plus 19% VAT")[0] == "pass"  # 850 × 1.19
    assert verdict(1012.5, "invoice 10 h of design at 85 euro/h plus 19% VAT")[0] == "ungrounded_value"


@pytest.mark.parametrize("value, said, label", [
    ("2026-12-04", "book the pool for friday (04.12.) please", "pass"),  # a day and month written with a stop after
    ("2026-12-04", "the cup on friday", "pass"),  # a weekday named alone: the coming one (T0 is Sunday the 29th or Monday the 30th)
    ("2026-12-11", "the cup on friday", "ungrounded_value"),  # not the coming friday
    ("2026-12-07", "the cup on monday", "pass"),  # named on a Monday (the 30th): that day, or a week later
    ("2026-12-14", "the cup on monday", "ungrounded_value"),  # two weeks later
    ("2026-12-08", "the cup on tuesday", "ungrounded_value"),  # named on another day: only the coming one
])
def test_dates_written_the_european_way_or_as_a_weekday_alone(value, said, label):
    assert verdict(value, said)[0] == label


def test_a_value_a_parallel_sibling_returned_is_grounded():
    search = call(1, "search_shop", {"q": "scarf"}, {"items": [{"price": 4500, "currency": "JPY"}]}, start=100, end=200)
    rate = call(2, "fx_rate", {"base": "JPY", "quote": "CNY"}, {"rate": 0.048}, start=100, end=200)
    t = trajectory(search, rate, input="how much is the scarf in yuan?", offered=(ANY,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == "pass"


def test_a_price_and_a_rate_two_results_gave_make_an_amount():
    search = call(1, "search_shop", {"q": "scarf"}, {"items": [{"price": 4500, "currency": "JPY"}]})
    rate = call(2, "fx_rate", {"base": "JPY", "quote": "CNY"}, {"rate": 0.0479})
    for amount, label in ((646.65, "pass"), (215.55, "pass"), (646.75, "ungrounded_value")):  # 3 × 4500 × 0.0479; 1 × …
        said = "order 3 scarves, pay in yuan" if amount != 215.55 else "order the scarf, pay in yuan"
        t = trajectory(search, rate, call(3, "act", {"value": amount}), input=said, offered=(ANY,))
        assert GroundingEvaluator().evaluate(t, EvalContext()).label == label, amount


@pytest.mark.parametrize("value, said, label", [
    ("2026-12-01T01:00:00Z", "publish it Dec 1 at 9:00 Beijing time", "pass"),
    ("2026-12-01T01:00:00Z", "12月1日上午9点（北京时间）发布", "pass"),
    ("2026-12-01T09:00:00Z", "12月1日上午9点（北京时间）发布", "ungrounded_value"),
])
def test_a_citys_time_names_its_zone(value, said, label):
    assert verdict(value, said)[0] == label


@pytest.mark.parametrize("value, said, key, label", [
    ("CN", "a 7-day licence for Norway. I'm Chinese, name Wang Lei", "nationality", "pass"),
    ("NO", "a 7-day licence for Norway. I'm Norwegian", "nationality", "pass"),
    ("JP", "a 7-day licence for Norway. I'm Chinese, name Wang Lei", "nationality", "ungrounded_value"),
])
def test_a_nationality_by_its_people(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


def test_a_share_the_user_states_of_a_number_a_result_gave():
    search = call(1, "search_listings", {"q": "Leica M6"}, {"results": [{"id": "lst_1", "price": 890}]})
    for amount, said, label in ((801.0, "offer 10% below asking", "pass"), (979, "offer 10% above asking", "pass"),
                                (89, "offer 10% of asking", "pass"), (810, "offer 10% below asking", "ungrounded_value"),
                                (801.0, "offer below asking", "ungrounded_value")):
        t = trajectory(search, call(2, "act", {"value": amount}), input=f"a Leica M6: {said}", offered=(ANY,))
        assert GroundingEvaluator().evaluate(t, EvalContext()).label == label, (amount, said)


def test_a_currency_the_enum_offers_that_the_user_did_not_name():
    offer = ToolDefinition(name="make_offer", parameters={"type": "object", "properties": {
        "currency": {"type": "string", "enum": ["EUR", "GBP", "USD"]},
        "size": {"type": "string", "enum": ["S", "M", "L"]}}})
    for value, said, label in (("GBP", "offer 675 欧元", "ungrounded_value"), ("EUR", "offer 675 欧元", "pass"),
                               ("GBP", "offer 675 pounds", "pass"), ("USD", "offer $675", "pass"),
                               ("GBP", "offer 675", "pass")):  # nothing named: the schema's value stands
        t = trajectory(call(1, "make_offer", {"currency": value}), input=said, offered=(offer,))
        assert GroundingEvaluator().evaluate(t, EvalContext()).label == label, (value, said)
    # sizes are some unit's symbol too (S, L): a size the user did not name is the schema's choice
    t = trajectory(call(1, "make_offer", {"size": "L"}), input="3 shirts, 5 s delivery", offered=(offer,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == "pass"


@pytest.mark.parametrize("value, key, label", [
    ("2026-07-23T17:30:00", "start_utc", "pass"), ("2026-07-23T17:30:00Z", "start_utc", "pass"),
    ("2026-07-23T18:30:00", "start_utc", "ungrounded_value"), ("2026-07-23T17:30:00", "start", "ungrounded_value"),
])
def test_a_utc_parameter_without_its_offset_is_read_as_utc(value, key, label):
    # the missing Z is format_error's (parameters), not an invented instant
    assert verdict(value, "7月23日 维也纳时间 19:30 排练", key=key)[0] == label


@pytest.mark.parametrize("value, said, label", [
    ("+8613812345678", "call me at 138 1234 5678", "pass"), ("138-1234-5678", "我的手机 +86 13812345678", "pass"),
    ("+442079460958", "ring the office on 020 7946 0958", "pass"),
    ("+8613812345679", "call me at 138 1234 5678", "ungrounded_value"),  # a digit off
    ("+4413812345678", "call me at 138 1234 5678", "ungrounded_value"),  # no UK number: a made-up country code
    # sent as an integer, the trunk 0 is lost (the type is type_error's); a digit off stays another number
    (7700900813, "我的手机是 07700 900813", "pass"), (7700900831, "我的手机是 07700 900813", "ungrounded_value"),
])
def test_a_phone_number_in_another_format_is_the_users(value, said, label):
    assert verdict(value, said, key="phone")[0] == label


@pytest.mark.parametrize("value, said, label", [
    (12, "a dozen eggs", "pass"), (2, "a couple of tickets", "pass"), (3, "the third option", "pass"),
    (13, "a dozen eggs", "ungrounded_value"),
])
def test_words_that_count(value, said, label):
    assert verdict(value, said, key="quantity")[0] == label


@pytest.mark.parametrize("value, said, label", [
    ("2026-12-06", "a lesson a week from today", "pass"), ("2026-12-13", "in two weeks", "pass"),
    ("2026-12-14", "两周后", "pass"), ("2026-12-20", "in 3 weeks", "pass"),
    ("2026-12-08", "a lesson a week from today", "ungrounded_value"),  # a day past the week
])
def test_whole_weeks_from_today(value, said, label):
    assert verdict(value, said, key="date")[0] == label


@pytest.mark.parametrize("value, said, label", [
    (600, "pay half of what I owe", "pass"), (400, "pay a third of what I owe", "pass"), (600, "先付一半", "pass"),
    (380, "pay 120 from my balance and tell me what's left", "pass"),
    (550, "pay half of what I owe", "ungrounded_value"),  # no half of 1200
    (600, "pay what I owe", "ungrounded_value"),  # nothing said of a half
])
def test_a_fraction_in_words_or_what_is_left_of_a_results_number(value, said, label):
    owed = call(1, "get_account", {}, {"amount_due": 1200, "balance": 500})
    t = trajectory(owed, call(2, "act", {"value": value}), input=said, offered=(ANY,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, label", [
    (50.75, "pass"), (127.9, "pass"), (20.75, "pass"),  # the prices found; subtotal and shipping; two prices
    (51.75, "ungrounded_value"), (128, "ungrounded_value"),
])
def test_a_total_of_a_results_numbers(value, label):
    found = call(1, "search", {}, {"items": [{"price": 12.5}, {"price": 8.25}, {"price": 30}],
                                   "cart": {"subtotal": 120.0, "shipping": 7.9}})
    t = trajectory(found, call(2, "act", {"value": value}), input="buy all three and check out", offered=(ANY,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


def _spots(value, said: str) -> str:
    rates = [call(k, "get_ad_rate", {"show": show, "length_seconds": 30}, {"show": show, "price": price})
             for k, (show, price) in enumerate((("breakfast", 40), ("late_night", 18)), 1)]
    book = call(3, "book_ad_spots", {"show": "late_night", "spots": value})
    t = trajectory(*rates, book, input=said, offered=(ANY,))
    return GroundingEvaluator().evaluate(t, EvalContext()).label


@pytest.mark.parametrize("value, said, label", [
    (8, "150 euros for 30-second ads: book as many as fit on the cheaper of breakfast or late night", "pass"),  # 8 × 18 ≤ 150
    (8, "我们有150欧元的预算投30秒广告，breakfast 和 late night 哪个便宜就在哪个订满", "pass"),
    (3, "150 euros for 30-second ads: book as many as fit on the cheaper of breakfast or late night", "ungrounded_value"),
    (9, "150 euros for 30-second ads: book as many as fit on the cheaper of breakfast or late night", "ungrounded_value"),
    (8, "150 euros for 30-second ads on breakfast or late night", "ungrounded_value"),  # no count asked for
])
def test_as_many_as_a_budget_buys_at_the_price_of_what_is_booked(value, said, label):
    """150 at the booked show's 18 buys 8; the 3 that 150 buys at the other show's 40 is no count for
    the late show: only the rates of calls sent a value this one sends (late_night) count."""
    assert _spots(value, said) == label


@pytest.mark.parametrize("value, said, label", [
    (6.8, "we'll pick about 15 pounds of plums", "pass"), (6.8, "about 15 lb of plums", "pass"),
    (15, "we'll pick about 15 pounds of plums", "pass"), (7.5, "we'll pick about 15 pounds of plums", "ungrounded_value"),
])
def test_pounds_in_a_text_are_a_mass_where_the_parameter_wants_one(value, said, label):
    assert verdict(value, said, key="expected_kg")[0] == label


@pytest.mark.parametrize("value, label", [
    (376.5, "pass"),  # 2 × 207 + 2.50 fee − 40 deposit
    (456.5, "pass"), (371.5, "pass"),  # both added; both taken off (what a refund would be)
    (377.5, "ungrounded_value"),  # one off
    (374, "ungrounded_value"),  # the fee left out: a wrong sum, not a reading of the record
    (753, "ungrounded_value"),
])
def test_a_balance_worked_out_from_one_records_count_price_fee_and_deposit(value, label):
    """How much is left on a booking: its passengers at its price per person, its fee added, its
    deposit taken off, every number of the record read once."""
    booking = call(1, "get_booking", {"booking_ref": "SKY-97958"}, {
        "booking_ref": "SKY-97958", "passengers": 2, "price_per_person": 207, "booking_fee": 2.5, "deposit_paid": 40})
    t = trajectory(booking, call(2, "act", {"value": value}), input="How much is left to pay on SKY-97958? Send a link",
                   offered=(ANY,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


def test_a_balance_counts_whole_things():
    """3.5 hours is no count of things at a price (nor is a rate of 150): 3.5 × 150 + 6 is not a bill
    read off the record; a count is a whole number below a hundred."""
    booking = call(1, "get_booking", {}, {"hours": 3.5, "rate": 150, "fee": 6})
    t = trajectory(booking, call(2, "act", {"value": 3.5 * 150 + 6}), input="what's left to pay?", offered=(ANY,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == "ungrounded_value"


@pytest.mark.parametrize("value, said, key, label", [
    ("12:00", "at noon", "time", "pass"), ("00:00", "at midnight", "time", "pass"),
    ("19:30", "half past seven in the evening", "time", "pass"), ("07:45", "quarter to eight", "time", "pass"),
    ("2026-12-03T12:00:00", "Dec 3rd at noon", "start", "pass"),
    ("07:15", "quarter to eight", "time", "ungrounded_value"), ("13:00", "at noon", "time", "ungrounded_value"),
    ("2026-12-15", "on the 15th", "date", "pass"), ("2026-12-15", "15号来取", "date", "pass"),
    ("2026-12-16", "on the 15th", "date", "ungrounded_value"), ("2026-12-15", "15号楼", "date", "ungrounded_value"),
])
def test_times_in_words_and_a_day_of_the_month_alone(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, said, label", [
    ("20261031", "export last month's log", "pass"), ("20261201", "on Dec 1st", "pass"),
    ("20261015", "export last month's log", "ungrounded_value"), ("20261131", "export last month's log", "ungrounded_value"),
    ("20261202", "on Dec 1st", "ungrounded_value"),
])
def test_a_computed_date_in_iso_8601s_basic_form(value, said, label):
    """The form is format_error's finding when the schema asks for another: the date itself is grounded."""
    assert verdict(value, said, key="to_date")[0] == label


@pytest.mark.parametrize("value, asked, label", [
    ("2026-12-29", "pause my cheese for 2 weeks from the next delivery", "pass"),
    ("2027-01-12", "从下次发货起暂停4周", "pass"),
    ("2026-12-24", "skip 9 days after the next delivery", "pass"),
    ("2026-12-29", "push my next delivery back by a fortnight", "pass"),  # fourteen days
    ("2026-12-22", "push my next delivery back by a fortnight", "ungrounded_value"),
    ("2026-12-28", "pause my cheese for 2 weeks from the next delivery", "ungrounded_value"),
    ("2027-01-05", "pause my cheese for 2 weeks from the next delivery", "ungrounded_value"),
])
def test_a_length_of_time_the_user_gave_after_a_day_a_result_gave(value, asked, label):
    found = call(1, "get_subscription", {"account_id": "ch-1"}, {"next_dispatch": "2026-12-15"})
    t = trajectory(found, call(2, "pause_subscription", {"resume_on": value}), input=asked, offered=(ANY,), user_id="ch-1")
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, said, key, label", [
    ("21:00", "the hall from 18:00 for 3 hours", "end_time", "pass"),
    ("15:00", "12 Mar, 13:00 for 2 hours", "end", "pass"),
    ("2026-04-24T21:00:00", "4月24日 18:00 开始,3个小时", "end", "pass"),
    ("16:30", "下午3点开始，一个半小时", "end_time", "pass"),
    ("15:00", "two hours' work, done by 17:00", "start_time", "pass"),
    ("22:00", "the hall from 18:00 for 3 hours", "end_time", "ungrounded_value"),
    ("21:30", "the hall from 18:00 for 3 hours", "end_time", "ungrounded_value"),
    ("2026-04-24T21:00:00", "4月24日 18:00 开始,4个小时", "end", "ungrounded_value"),
    ("12:00", "周四上午十点半订一条靶道，射一个半小时", "end_time", "pass"),
    ("19:00", "周日晚上六点订一条靶道，射一个小时", "end_time", "pass"),
    ("14:15", "下午两点一刻不算；两点十五分开始", "start_time", "pass"),
    ("12:30", "周四上午十点半订一条靶道，射一个半小时", "end_time", "ungrounded_value"),
    ("20:00", "周日晚上六点订一条靶道，射一个小时", "end_time", "ungrounded_value"),
])
def test_a_time_a_length_of_time_the_user_gave_away_from_their_own(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, said, label", [
    ("PT2H", "book it for two hours", "pass"), ("P3D", "rent it for 3 days", "pass"), ("PT1H30M", "an hour and a half", "pass"),
    ("PT3H", "book it for two hours", "ungrounded_value"), ("P3D", "rent it for 3 weeks", "ungrounded_value"),
])
def test_an_iso_8601_duration_of_a_length_of_time_the_user_gave(value, said, label):
    assert verdict(value, said, key="duration")[0] == label


@pytest.mark.parametrize("value, said, key, label", [
    ("DE", "Versand nach Deutschland", "country", "pass"), ("NL", "ship it to Holland", "country", "pass"),
    ("US", "ship to the USA", "country", "pass"), ("AT", "Versand nach Deutschland", "country", "ungrounded_value"),
    ("Asia/Tokyo", "call at 9 Tokyo time", "tz", "pass"), ("Asia/Seoul", "call at 9 Tokyo time", "tz", "ungrounded_value"),
])
def test_a_countrys_other_names_and_a_named_places_zone(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, said, label", [
    ("US", "ship to the U.S.", "pass"), ("United States", "ship to the U.S.", "pass"), ("GB", "our U.K. office", "pass"),
    ("CA", "ship to the U.S.", "ungrounded_value"), ("AM", "call me at 9 a.m.", "ungrounded_value"),
])
def test_a_code_written_with_stops(value, said, label):
    assert verdict(value, said, key="country")[0] == label


@pytest.mark.parametrize("value, said, key, label", [
    ("205/55R16", "two tyres 205/55 R16 fitted tomorrow", "size", "pass"), ("205/55R16", "规格205-55-R16", "size", "pass"),
    ("205/55R17", "two tyres 205/55 R16 fitted tomorrow", "size", "ungrounded_value"),
    (72000, "72 m3 pool", "volume_litres", "pass"), (5000, "5立方米的水", "volume_l", "pass"),
    (7200, "72 m3 pool", "volume_litres", "ungrounded_value"),
    ("H-861", "h861会议厅，后天起用2天", "hall_id", "pass"), ("H-862", "h861会议厅，后天起用2天", "hall_id", "ungrounded_value"),
])
def test_a_code_in_other_groups_and_cubic_metres_in_litres(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, said, key, label", [
    ("tulips", "订一束郁金香", "flower", "pass"), ("roses", "订一束郁金香", "flower", "ungrounded_value"),
    (55000, "the pool holds 55 cubic metres", "volume_litres", "pass"),
])
def test_a_chinese_words_meaning_in_another_number_and_cubic_metres_in_words(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, discount, label", [
    (84.58, {"discount_pct": 15}, "pass"), (84.58, {"discount_percent": 15}, "pass"),  # 5 × 19.90 less 15 %
    (89.55, {"discount_pct": 15}, "ungrounded_value"),  # 10 % off: not the member's discount
    (71.89, {"discount_pct": 15}, "ungrounded_value"),  # the discount taken twice
    (84.58, {"discount": 15}, "ungrounded_value"),  # a field not named for a percentage: 15 could be euros
])
def test_a_total_less_the_percentage_a_result_gives(value, discount, label):
    """5 spools at the 19.90 a lookup gave, less the 15 % member discount another gave: 84.58."""
    price = call(1, "get_filament_price", {"material": "PETG"}, {"price_per_spool": 19.9, "currency": "EUR"})
    member = call(2, "get_member_discount", {"member_id": "MK-2886"}, {"member_id": "MK-2886", **discount})
    t = trajectory(price, member, call(3, "charge", {"amount": value}), offered=(ANY,),
                   input="Order 5 spools of white PETG and charge it to my account MK-2886 with my member discount.")
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, label", [
    (175.0, "pass"),  # 12 kg at 12.00 a kilo plus 31.00 postage
    (144.0, "pass"),  # the fleece alone
    (176.0, "ungrounded_value"), (187.0, "ungrounded_value"),  # a pound off; the postage counted as 43
    (43.0, "ungrounded_value"),  # a result's price plus another's number, with no count of the user's
])
def test_a_bill_of_the_users_count_at_a_results_price_plus_anothers_fee(value, label):
    price = call(1, "get_fleece_price", {"breed": "jacob"}, {"price_per_kg": 12.0, "currency": "GBP", "in_stock_kg": 40})
    postage = call(2, "get_shipping_rate", {"country": "DE", "weight_kg": 12}, {"rate": 31.0, "currency": "GBP"})
    t = trajectory(price, postage, call(3, "convert_currency", {"amount": value, "from": "GBP", "to": "EUR"}),
                   offered=(ANY,), input="How much would 12 kg of grade A Jacob fleece cost delivered to Germany, in euros?")
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, said, key, label", [
    (120000, "What would a drone survey of my 12-hectare field cost?", "area_m2", "pass"),
    (12000, "What would a drone survey of my 12-hectare field cost?", "area_m2", "ungrounded_value"),
    (5333.33, "我家8亩地，航拍测绘多少钱？", "area_m2", "pass"),  # a mu is 1/15 of a hectare
    (8000, "我家8亩地，航拍测绘多少钱？", "area_m2", "ungrounded_value"),
    (1.5, "Order a cubic metre and a half of birch logs", "volume_m3", "pass"),
    (1.5, "帮我订一方半白蜡木木柴", "volume_m3", "pass"), (1, "帮我订一方半白蜡木木柴", "volume_m3", "ungrounded_value"),
])
def test_areas_and_a_cubic_metre_and_a_half(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, asked, label", [
    ("2025-08-10", "If it runs out within two weeks, buy me a monthly pass starting the day after it expires.", "pass"),
    ("2025-08-10", "如果两周内到期，就帮我买一张月卡，从到期后第二天开始。", "pass"),
    ("2025-08-11", "If it runs out within two weeks, buy me a monthly pass starting the day after it expires.",
     "ungrounded_value"),
    ("2025-08-10", "If it runs out within two weeks, buy me a monthly pass once it expires.", "ungrounded_value"),
])
def test_the_day_after_a_day_a_result_gave(value, asked, label):
    found = call(1, "get_session_pass", {"member_id": "SKM-1"}, {"pass_id": "PS-3", "expires_on": "2025-08-09"})
    t = trajectory(found, call(2, "buy_session_pass", {"start_date": value}), input=asked, offered=(ANY,), user_id="SKM-1")
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


VISIT = {"booking_id": "BK-9", "date": "2026-02-11", "start": "10:00", "running_time_min": 50}


@pytest.mark.parametrize("start, end, label", [
    ("10:50", "11:35", "pass"),  # the show's 50 minutes after its start, then the user's 45
    ("10:50", "11:40", "ungrounded_value"),  # five minutes more than anyone gave
    ("11:40", "12:25", "ungrounded_value"),  # the show's length counted twice
    ("10:45", "11:30", "ungrounded_value"),  # a start nobody's numbers give
])
def test_a_time_a_length_of_time_a_result_or_the_user_gave_after_a_time_a_result_gave(start, end, label):
    """A workshop straight after a show that starts at 10:00 and runs 50 minutes (running_time_min),
    for the 45 minutes the user asked: 10:50 to 11:35."""
    visit = call(1, "get_visit", {"booking_id": "BK-9"}, VISIT)
    room = call(2, "act", {"start_time": start, "end_time": end})
    t = trajectory(visit, room, offered=(ANY,),
                   input="For visit BK-9, can we have the workshop room straight after the show for 45 minutes?")
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


def test_lengths_of_time_are_read_from_fields_named_for_one():
    from evaluators.text.zones import lengths_of
    assert lengths_of({"running_time_min": 50, "duration_hours": 2, "slots": [{"length": 30}]}) == {50, 120, 30}
    assert lengths_of({"seats": 50, "min_age": 6, "price": 12.5}) == {6}  # min: minutes by its name alone
    assert lengths_of({"duration_minutes": 2000}) == frozenset()  # a day or more is no time of day away


@pytest.mark.parametrize("total, label", [(110.5, "pass"), (165.5, "ungrounded_value"), (111.5, "ungrounded_value")])
def test_a_total_of_one_price_from_each_of_several_lookups_counts_a_repeated_lookup_once(total, label):
    """Three services priced one lookup each, the first asked twice: 30 + 68 + 12.50 = 110.50
    (165.50 counts the repeated lookup's price again)."""
    prices = [call(i, "get_service_price", {"service": s}, {"service": s, "price_eur": p})
              for i, (s, p) in enumerate((("keys", 30.0), ("keys", 30.0), ("platen", 68.0), ("ribbon", 12.5)), 1)]
    t = trajectory(*prices, call(5, "act", {"quoted_total": total}), offered=(ANY,),
                   input="Two sticky keys, the platen recovered and a new ribbon: what would that come to in total?")
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, said, label", [
    (52, "We'd be two classes of 26, an afternoon slot if possible", "pass"),
    (36, "3 boxes of 12 please", "pass"),
    (28, "We'd be two classes of 26, an afternoon slot if possible", "ungrounded_value"),
    (52, "We'd be two classes, 26 of them on the trip", "ungrounded_value"),
])
def test_groups_of_a_size_are_their_product(value, said, label):
    assert verdict(value, said, key="audience_size")[0] == label


@pytest.mark.parametrize("value, label", [
    ("2025-12-18", "pass"),  # eighteen days before the trace: the screening that just passed
    ("2026-12-18", "pass"),  # this year's
    ("2024-12-18", "ungrounded_value"),
])
def test_a_month_and_day_that_passed_within_three_months_is_last_years(value, label):
    t = trajectory(call(1, "act", {"date": value}), offered=(ANY,),
                   input="Export the attendance list for the screening on 18 December.")
    t.start_ns = t.end_ns = int(dt.datetime(2026, 1, 5, 10, tzinfo=dt.timezone.utc).timestamp() * 1e9)
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, said, key, label", [
    (85, "What would it cost to caption a 1 h 25 min documentary?", "duration_minutes", "pass"),
    (100, "a documentary of 1 hour and 40 minutes", "duration_minutes", "pass"),
    (85, "一部1小时25分钟的纪录片做日文字幕要多少钱？", "duration_minutes", "pass"),
    (90, "What would it cost to caption a 1 h 25 min documentary?", "duration_minutes", "ungrounded_value"),
    (25, "What would it cost to caption a 1 h 25 min documentary?", "duration_minutes", "pass"),  # the 25 min alone
    (30, "a pothole about a foot wide", "width_cm", "pass"),  # 30.48, written as a round 30
    (31, "a pothole about a foot wide", "width_cm", "ungrounded_value"),
    (6, "过去半年空出来几块整块地？", "months", "pass"), (18, "a year and a half on the list", "waited_months", "pass"),
    (5, "过去半年空出来几块整块地？", "months", "ungrounded_value"),
    (6, "过去半年空出来几块整块地？", "count", "ungrounded_value"),  # six of something else
])
def test_hours_and_minutes_a_foot_in_centimetres_and_years_in_months(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, said, label", [
    ("2026-04-01", "When is the next annual service due? Book a technician for the day it's due.", "pass"),
    ("2026-04-01", "下次年检是什么时候？帮我约技术员在到期那天上门。", "pass"),
    ("2026-04-02", "When is the next annual service due? Book a technician for the day it's due.", "ungrounded_value"),
    ("2026-04-01", "When is the next service due? Book a technician for the day it's due.", "ungrounded_value"),
])
def test_the_next_annual_date_is_a_year_after_the_last_one_a_result_gave(value, said, label):
    history = call(1, "get_service_history", {}, {"services": [{"date": "2025-04-01", "type": "inspection"}]})
    t = trajectory(history, call(2, "act", {"date": value}), offered=(ANY,), input=said)
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, label", [("2026-07-01", "pass"), ("2026-09-30", "pass"), ("2026-10-01", "ungrounded_value")])
def test_last_quarter_said_with_its_measure_word(value, label):
    """上个季度 is 上季度 with 个: on 2026-11-05 the last quarter is July to September."""
    t = trajectory(call(1, "act", {"from_date": value}), offered=(ANY,), input="上个季度我们所有场所一共有多少台灭火器检查不合格？")
    t.start_ns = t.end_ns = int(dt.datetime(2026, 11, 5, 10, tzinfo=dt.timezone.utc).timestamp() * 1e9)
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


BATTERY = "I need to recycle an old e-bike battery: 36V 17.5Ah lithium-ion, about 3.6 kg. Book a drop-off in three days."


@pytest.mark.parametrize("key, value, label", [
    ("capacity_wh", 630, "pass"), ("capacity_kwh", 0.63, "pass"),  # 36 V × 17.5 Ah
    ("capacity_wh", 640, "ungrounded_value"),
    ("weight_g", 3600, "pass"),  # 3.6 kg
    ("weight_g", 360, "ungrounded_value"),  # a unit off: no 36 × a result's 10
    ("date", "2025-12-21", "pass"),  # three days after the trace's day: "3.6 kg" names no 3 June
])
def test_a_batterys_energy_a_measure_in_grams_and_a_stay_beside_decimal_measures(key, value, label):
    points = call(1, "find_dropoff_points", {}, {"points": [{"point_id": "BR-1", "open": "10:00", "distance_km": 2.0}]})
    t = trajectory(points, call(2, "act", {key: value}), offered=(ANY,), input=BATTERY)
    t.start_ns = t.end_ns = int(dt.datetime(2025, 12, 18, 10, tzinfo=dt.timezone.utc).timestamp() * 1e9)
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, said, label", [
    (2025, "Can you export all my stall permits from last year as PDF?", "pass"),
    (2025, "把我去年所有的摊位许可导出成Excel。", "pass"),
    (2026, "Can you export all my stall permits from last year as PDF?", "pass"),  # this year's is named by the trace
    (2024, "Can you export all my stall permits from last year as PDF?", "ungrounded_value"),
    (2025, "Can you export all my stall permits as PDF?", "ungrounded_value"),
])
def test_last_year_as_a_year_number(value, said, label):
    assert verdict(value, said, key="year")[0] == label


@pytest.mark.parametrize("value, said, label", [
    ("2026-12-11", "十二天后去爬塔楼", "pass"),  # twelve days on from Sunday the 29th (or Monday the 30th: the 12th)
    ("2026-12-02", "十二天后去爬塔楼", "ungrounded_value"),  # not 二天后: the numeral is whole
    ("2026-12-09", "二十天以后去爬塔楼", "ungrounded_value"),  # 二十 is twenty, not ten
    ("2026-12-19", "二十天以后去爬塔楼", "pass"),
])
def test_days_from_today_counted_in_chinese_numerals(value, said, label):
    assert verdict(value, said)[0] == label


@pytest.mark.parametrize("value, said, label", [
    ("2026-12-02", "which of the next three evenings has a room for 5?", "pass"),  # seen from the 29th or the 30th
    ("2026-12-01", "接下来三个晚上，哪天有能容纳5人的房间？", "pass"),
    ("2026-12-05", "which of the next three evenings has a room for 5?", "ungrounded_value"),  # past the third
    ("2026-12-09", "8月9日之后十天出发", "ungrounded_value"),  # ten days after a date named, not from today
])
def test_each_of_the_next_n_days_is_a_day_the_request_names(value, said, label):
    assert verdict(value, said)[0] == label


def test_the_minutes_of_a_time_on_the_hour_are_no_zero_the_user_gave():
    said = "a room for 5 at 19:00 for 3 hours"
    assert verdict(0, said, key="hours")[0] == "ungrounded_value"
    assert verdict(19, said, key="hour")[0] == "pass"
    assert verdict(30, "a room for 5 at 19:30", key="minutes")[0] == "pass"  # minutes the user did give


@pytest.mark.parametrize("value, said, key, label", [
    (3, "Remind me to get the mower serviced every March.", "month", "pass"),
    (3, "每年三月提醒我给割草机做保养。", "month", "pass"),
    (4, "Remind me to get the mower serviced every March.", "month", "ungrounded_value"),
    (5, "you may remind me whenever it suits", "month", "ungrounded_value"),  # may, the verb
])
def test_a_month_named_in_words_is_its_number_for_a_month_parameter(value, said, key, label):
    assert verdict(value, said, key=key)[0] == label


@pytest.mark.parametrize("value, label", [("2026-12-07", "pass"), ("2026-12-14", "ungrounded_value")])
def test_the_coming_weekday_said_as_such_in_chinese(value, label):
    """接下来这个周一, seen on Monday the 30th, is the next Monday, not this week's (today)."""
    assert verdict(value, "能改到接下来这个周一晚上的同一门课吗？")[0] == label


@pytest.mark.parametrize("amount, part, label", [
    (85.5, {"part_no": "BL-8690", "price": 21.0, "in_stock": True}, "pass"),  # the quote plus the blade's price
    (85.0, {"part_no": "BL-8690", "price": 21.0, "in_stock": True}, "ungrounded_value"),
    (85.5, {"part_no": "BL-8690", "stock": 21, "in_stock": True}, "ungrounded_value"),  # a stock count is no money
])
def test_a_money_field_of_one_result_plus_one_of_another_is_grounded(amount, part, label):
    job = call(1, "get_repair_job", {"job_no": "SE776231"}, {"job_no": "SE776231", "model": "HRX476", "quote": 64.5})
    found = call(2, "find_part", {"model": "HRX476", "part": "blade"}, part)
    approve = call(3, "approve_quote", {"job_no": "SE776231", "approved_amount": amount})
    t = trajectory(job, found, approve, input="Go ahead with the repair on SE776231, and fit a new blade.", offered=(ANY,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("value, label", [("rugby", "pass"), ("American football", "pass"), ("cricket", "ungrounded_value")])
def test_the_kinds_a_gloss_lists_name_the_thing(value, label):
    """CC-CEDICT glosses 橄榄球 "football played with oval-shaped ball (rugby, American football,
    Australian rules etc)": the kinds its remark lists are what the user may mean."""
    assert verdict(value, "有没有40英镑以内的橄榄球轮换盾牌？", key="sport")[0] == label


@pytest.mark.parametrize("value, label", [
    # the id an earlier turn looked up, sent with its hyphen dropped: the form is parameters' (its pattern)
    ("TX6695", "pass"), ("tx 6695", "pass"),
    # near misses: a digit off, or another prefix, is another id
    ("TX6696", "ungrounded_value"), ("TA6695", "ungrounded_value"),
])
def test_an_id_from_an_earlier_turn_with_its_separators_otherwise(value, label):
    history = [EarlierMessage(role="user", text="How is my barn owl coming along?"),
               EarlierMessage(role="assistant", calls=[{"name": "get_commission", "arguments": {"commission_id": "TX-6695"}}]),
               EarlierMessage(role="tool", results=[{"commission_id": "TX-6695", "stage": "drying"}])]
    assert verdict(value, "Is it finished now?", key="commission_id", history=history)[0] == label


@pytest.mark.parametrize("value, said, label", [
    # 上午 is the morning; 平方米's 米 ("rice", "metre") names no picometre (pm): am stays the schema's value
    ("am", "能后天上午来看一下吗？车道大概 29 平方米。", "pass"),
    # 是 is "is", "are", "am": a function word names no Armenia; 下午 is "p.m."
    ("pm", "好了的话请帮我预约下周五下午，我的电话是 139 7095 5768。", "pass"),
    # near miss: a country the user named in Chinese still outweighs another the enum offers
    ("am", "寄到圣皮埃尔和密克隆", "ungrounded_value"),
])
def test_a_chinese_names_characters_name_nothing_of_it(value, said, label):
    visit = ToolDefinition(name="book_site_visit", parameters={"type": "object", "properties": {
        "time_slot": {"type": "string", "enum": ["am", "pm"]}}})
    t = trajectory(call(1, "book_site_visit", {"time_slot": value}), input=said, offered=(visit,))
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label
