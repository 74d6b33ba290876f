"""grounding: where every argument value comes from, after normalisation; relative dates;
values seen only later; dates computed from the trace's own start."""
from __future__ import annotations

import datetime as dt

import pytest

from collector.trajectory import EarlierMessage, ToolDefinition
from evaluators.base import EvalContext
from evaluators.grounding import GroundingEvaluator
from evaluators.text.dates import relative_date_phrase, resolve_relative_dates
from evaluators.text.norm import norm

from .conftest import FLIGHTS, WEATHER, call, trajectory

# T0 (conftest) is 2026-11-29T23:08:36Z: the local date is the 29th or the 30th, tomorrow the 30th or 1 Dec.
BOOK = ToolDefinition(name="book", parameters={"type": "object", "properties": {
    "date": {"type": "string", "format": "date"}, "note": {"type": "string"},
    "seat": {"type": "string", "enum": ["aisle", "window"]}, "meal": {"type": "string", "default": "none"},
    "price": {"type": "number"}, "flight_id": {"type": "string"}}})


def ground(*calls, request="hello", offered=(BOOK, FLIGHTS, WEATHER)):
    return GroundingEvaluator().evaluate(trajectory(*calls, input=request, offered=offered), EvalContext())


def leaves(result, seq=1):
    call_details = next(c for c in result.details["calls"] if c["seq"] == seq)
    return {**call_details["grounded"], **{p["path"]: p["label"] for p in call_details["problems"]}}


def test_values_from_the_user_input_after_normalisation():
    result = ground(call(1, "search_flights", {"from_city": "beijing", "to_city": "SHANGHAI", "date": "2026-12-01"}),
                    request="Fly me from Beijing to Shanghai on 2026/12/1, please.")
    assert (result.score, result.label, result.passed) == (1.0, "pass", True)
    assert leaves(result) == {"from_city": "user input", "to_city": "user input", "date": "user input"}


@pytest.mark.parametrize("request_text, value", [
    ("Book it for 18 dollars", 18.0), ("Book it for 18.0 dollars", 18), ("price 1,130 CNY", 1130),
    ("on 2026年12月1日", "2026-12-01"), ("on Dec 1, 2026", "2026-12-01"), ("订单号 ORD-42 的航班", "ord 42"),
    ("token is tok-bob-1c9e.", "tok-bob-1c9e"), ("酒店住3晚", 3), ("住３晚", 3.0),
])
def test_number_date_and_punctuation_forms(request_text, value):
    key = "price" if isinstance(value, int | float) else "note"
    assert ground(call(1, "book", {key: value}), request=request_text).label == "pass"


def test_values_from_an_earlier_result_at_any_depth():
    login = call(1, "login", {"user": "alice"}, {"session": {"tokens": [{"value": "tok-alice-7f3a"}]}})
    search = call(2, "search_flights", {"token": "tok-alice-7f3a"}, {"flights": [{"flight_id": "MU5101"}]})
    pay = call(3, "pay", {"token": "tok-alice-7f3a", "flight_id": "MU5101"})
    result = ground(login, search, pay, request="I'm alice; book a flight")
    assert result.label == "pass"
    assert leaves(result, 3) == {"token": "call 1", "flight_id": "call 2"}


def test_schema_enum_and_default_and_todays_date():
    result = ground(call(1, "book", {"seat": "window", "meal": "none", "date": "2026-11-30"}))
    assert leaves(result) == {"seat": "schema", "meal": "schema", "date": "trace date"}


def test_a_value_of_a_parameter_the_tool_does_not_have_is_left_to_unexpected_param():
    result = ground(call(1, "book", {"seat": "aisle", "tone": "formal"}))
    assert result.label == "pass" and leaves(result)["tone"] == "not a parameter of the tool (unexpected_param)"
    assert leaves(ground(call(1, "book", {"flight_id": "formal"})))["flight_id"] == "ungrounded_value"
    open_schema = ToolDefinition(name="book", parameters={**BOOK.parameters, "additionalProperties": True})
    assert leaves(ground(call(1, "book", {"tone": "formal"}), offered=(open_schema,)))["tone"] == "ungrounded_value"


def test_a_part_of_a_joined_name_is_not_the_name():
    jobs = call(1, "get_pipeline_status", {}, {"jobs": [{"name": "build-image"}, {"name": "lint"}]})

    def job(name, earlier=jobs):
        return leaves(ground(earlier, call(2, "get_job_log", {"job": name})), seq=2)["job"]
    assert job("build") == "ungrounded_value"
    assert job("lint") == "call 1" and job("build-image") == "call 1"
    said = call(1, "get_pipeline_status", {}, {"summary": "the build failed"})
    assert job("build", said) == "call 1"


def test_an_enum_member_written_in_chinese_is_the_tools_vocabulary():
    room = ToolDefinition(name="book_room", parameters={"type": "object", "properties": {
        "room_type": {"type": "string", "enum": ["single", "double", "family"]}}})
    assert leaves(ground(call(1, "book_room", {"room_type": "大床房"}), offered=(room,)))["room_type"] != "ungrounded_value"
    assert leaves(ground(call(1, "book_room", {"room_type": "总统套房"}), offered=(room,)))["room_type"] == "ungrounded_value"


EXPORT = ToolDefinition(name="export", parameters={"type": "object", "properties": {
    "format": {"type": "string", "enum": ["csv", "xlsx", "pdf"]}, "level": {"enum": ["beginner", "advanced"]}}})


@pytest.mark.parametrize("key, value, said, label", [
    ("format", "PDF document", "export last week's bookings as a PDF", "grounded"),
    ("level", "total beginner", "reserve the beginner group hack, we've never ridden", "grounded"),
    ("format", "PDF document", "export last week's bookings", "ungrounded_value"),  # nobody said pdf
    ("level", "advanced beginner", "the beginner class", "ungrounded_value"),  # two members
    ("format", "word document", "as a PDF", "ungrounded_value"),  # no member at all
])
def test_a_longer_phrase_around_an_enum_member_the_user_gave_is_that_member_in_other_words(key, value, said, label):
    """Its form is enum_error's; what it means came from the user."""
    found = leaves(ground(call(1, "export", {key: value}), request=said, offered=(EXPORT,)))[key]
    assert (found == "ungrounded_value") == (label == "ungrounded_value"), found


def test_a_tool_nobody_offered_may_send_what_an_offered_tools_schema_names():
    def sent(value):
        return leaves(ground(call(1, "reserve", {"seat": value, "meal": "none"})))["seat"]
    assert sent("aisle") != "ungrounded_value"  # the fault is the tool's name (hallucinated_tool)
    assert sent("middle") == "ungrounded_value"


def test_tomorrow_written_absolutely_is_grounded_and_relative_words_resolve():
    assert ground(call(1, "book", {"date": "2026-12-01"}), request="book for tomorrow").label == "pass"
    # 下周一: Monday of the week after 2026-11-30 (a Monday) is 2026-12-07
    assert ground(call(1, "book", {"date": "2026-12-07"}), request="下周一出发").label == "pass"
    assert ground(call(1, "book", {"date": "2026-12-02"}), request="后天出发").label == "pass"
    assert ground(call(1, "book", {"date": "2026-12-25"}), request="book for tomorrow").label == "ungrounded_value"


def test_a_trace_at_midday_utc_may_be_on_the_utc_date_too():
    """Twelve hours before T0 the local date is the 28th, 29th or 30th: from the 29th, three nights
    from tomorrow end on 3 Dec, a date neither extreme gives."""
    def stay(check_out):
        t = trajectory(call(1, "book", {"date": check_out}), input="a hotel from tomorrow for 3 nights", offered=(BOOK,))
        t = t.model_copy(update={"start_ns": t.start_ns - 12 * 3600 * 10**9})
        return GroundingEvaluator().evaluate(t, EvalContext()).label
    assert stay("2026-12-03") == "pass"
    assert stay("2026-12-06") == "ungrounded_value"


@pytest.mark.parametrize("word", ["tomorrow", "明天", "后天", "下周一", "next Monday", "today", "this Friday", "3天后",
                                  "Wednesday", "fri", "on Friday", "in a fortnight"])
def test_relative_date_where_the_schema_wants_an_absolute_date(word):
    result = ground(call(1, "book", {"date": word}), request=f"book it {word}")
    assert (result.label, result.score, result.evidence) == ("relative_date", 0.0, [1])
    assert result.reason.startswith(f"call 1 book(date={word!r}): relative_date:")


def test_a_weekday_where_the_parameter_asks_for_one_is_no_relative_date():
    weekday = ToolDefinition(name="t", parameters={"type": "object", "properties": {"day_of_week": {"type": "string"}}})
    assert ground(call(1, "t", {"day_of_week": "Wednesday"}), request="every Wednesday", offered=(weekday,)).label == "pass"


def test_relative_date_by_pattern_or_description_not_in_free_text():
    assert ground(call(1, "search_flights", {"date": "tomorrow"}), request="tomorrow").label == "relative_date"
    described = ToolDefinition(name="t", parameters={"type": "object", "properties": {
        "when": {"type": "string", "description": "Day of travel, YYYY-MM-DD"}}})
    assert ground(call(1, "t", {"when": "明天"}), request="明天", offered=(described,)).label == "relative_date"
    # a note may say "tomorrow": that is the user's word, not a date field
    assert ground(call(1, "book", {"note": "deliver tomorrow"}), request="deliver tomorrow").label == "pass"
    # no schema: a key named like a date is taken as wanting one
    assert ground(call(1, "free", {"start_date": "tomorrow"}), request="tomorrow", offered=()).label == "relative_date"


def test_future_ref_and_ungrounded():
    first = call(1, "pay", {"flight_id": "MU5101"})
    second = call(2, "search_flights", {"to_city": "Tokyo"}, {"flights": [{"flight_id": "MU5101"}]})
    result = ground(first, second, request="fly to Tokyo")
    assert (result.label, result.evidence) == ("future_ref", [1])
    assert "only appears in the result of later call 2" in result.reason
    result = ground(call(1, "search_flights", {"from_city": "Beijing", "to_city": "Tokyo"}), request="fly to Tokyo")
    assert (result.label, result.score) == ("ungrounded_value", 0.5)
    assert result.reason == ("call 1 search_flights(from_city='Beijing'): ungrounded_value: "
                             "not in the user input or any earlier tool result")


@pytest.mark.parametrize("max_price, label", [
    (-1, "ungrounded_value"),  # nobody said -1: a later result's "total": 1 is not it
    (1, "future_ref"),  # near miss: the later result's 1 itself
])
def test_a_negative_number_is_not_a_later_results_magnitude(max_price, label):
    search = ToolDefinition(name="search_heads", parameters={"type": "object", "properties": {
        "pocket": {"type": "string"}, "max_price": {"type": "number"}}})
    first = call(1, "search_heads", {"pocket": "mesh", "max_price": max_price})
    second = call(2, "search_heads", {"pocket": "mesh"}, {"results": [{"sku": "LX 80 141"}], "total": 1})
    result = ground(first, second, request="Any mesh heads?", offered=(search,))
    assert leaves(result)["max_price"] == label


ROOM = ToolDefinition(name="reserve_workshop_room", parameters={"type": "object", "properties": {
    "visit_id": {"type": "string"}, "date": {"type": "string", "format": "date"},
    "start_time": {"type": "string"}, "end_time": {"type": "string"}}})
VISIT = {"visit_id": "V-4410", "date": "2026-12-09", "start": "11:15", "running_time_min": 65}


@pytest.mark.parametrize("date, said, labels", [
    # the visit's day only the later lookup gave: the call came before its source, and so did the times it
    # computed from that lookup (the show's end): one future_ref, no ungrounded value beside it
    ("2026-12-09", "", {"date": "future_ref", "start_time": "future_ref", "end_time": "future_ref"}),
    # near miss: nothing of the call plainly came from the later lookup: its times are unexplained
    ("2026-12-10", " on 10 December", {"date": "grounded", "start_time": "ungrounded_value", "end_time": "ungrounded_value"}),
])
def test_values_computed_from_a_later_result_beside_a_future_ref_are_future_refs(date, said, labels):
    book = call(1, "reserve_workshop_room", {"visit_id": "V-4410", "date": date, "start_time": "12:20", "end_time": "13:05"},
                {"reservation_id": "WR-1"})
    visit = call(2, "get_visit", {"visit_id": "V-4410"}, VISIT)
    request = f"For visit V-4410{said}, can we have the workshop room after the show for 45 minutes?"
    result = ground(book, visit, request=request, offered=(ROOM,))
    judged = leaves(result)
    assert {k: judged[k] if judged[k] in ("future_ref", "ungrounded_value") else "grounded" for k in labels} == labels
    assert [f.label for f in result.findings if f.call == 1] == sorted(set(labels.values()) - {"grounded"})


BOXES = ToolDefinition(name="order_boxes", parameters={"type": "object", "properties": {
    "address": {"type": "string"}, "small": {"type": "integer"}}})
MOVE = {"move_id": "MV-59600", "from_address": "北京市朝阳区望京西园三区 4 号楼 602", "to_address": "上海市浦东新区张杨路 1200 号"}


@pytest.mark.parametrize("address, label", [
    ("北京市朝阳区望京西园三区 4 号楼 602", "pass"),
    # near misses: one number of the copied address off is another door, whatever words it shares
    ("北京市朝阳区望京西园三区 4 号楼 620", "ungrounded_value"),
    ("上海市浦东新区张杨路 1300 号", "ungrounded_value"),
])
def test_every_number_of_a_copied_address_must_be_found(address, label):
    move = call(1, "get_move", {"move_id": "MV-59600"}, MOVE)
    boxes = call(2, "order_boxes", {"address": address, "small": 25}, {"order_ref": "BX-1"})
    result = ground(move, boxes, request="搬家单 MV-59600 要加订纸箱：小号25个，送到旧地址。", offered=(BOXES,))
    assert (result.label, result.evidence) == (label, [2] if label != "pass" else [])


@pytest.mark.parametrize("amount, label", [
    (300, "pass"),  # 3 people at the walk's deposit of 100
    # near misses: 4 is the month of the dates the user gave, no count of anything; nor is the deposit
    # added to its own product (3 × 100 + 100: one number read twice)
    (400, "ungrounded_value"), (700, "ungrounded_value"),
])
def test_the_numbers_of_a_date_are_no_quantities_nor_a_price_its_own_fee(amount, label):
    walks = call(1, "list_walks", {"date_from": "2026-04-03", "date_to": "2026-04-07"},
                 {"walks": [{"walk_id": "WK-58", "deposit_per_person": 100, "currency": "CNY"}]})
    pay = call(2, "pay_deposit", {"walk_id": "WK-58", "amount": amount}, {"paid": True})
    result = ground(walks, pay, request="帮我报名4月3日到4月7日之间的采集团，3个人，顺便把订金付了。", offered=())
    assert (result.label, result.evidence) == (label, [2] if label != "pass" else [])


@pytest.mark.parametrize("value, label", [
    ("no", "pass"), ("false", "pass"),  # a boolean in words: type_error's (parameters), no value anyone had to give
    ("maybe", "ungrounded_value"),  # near miss: no boolean's word
])
def test_a_booleans_value_in_words_is_the_schemas_own(value, label):
    callout = ToolDefinition(name="raise_callout", parameters={"type": "object", "properties": {
        "passengers_trapped": {"type": "boolean"}}})
    result = ground(call(1, "raise_callout", {"passengers_trapped": value}, {"callout_id": "CO-1"}),
                    request="Lift B is stuck at floor 2. Nobody's inside.", offered=(callout,))
    assert result.label == label


@pytest.mark.parametrize("key, minimum, value, label", [
    ("boxes", 1, 1, "pass"),  # a count's least value: "a box" is one
    # near miss: a year's minimum is a bound of the catalogue, no year anyone asked for
    ("year_from", 1840, 1840, "ungrounded_value"),
])
def test_a_counts_least_value_is_the_schemas_own_a_years_is_not(key, minimum, value, label):
    search = ToolDefinition(name="search_stock", parameters={"type": "object", "properties": {
        key: {"type": "integer", "minimum": minimum}}})
    result = ground(call(1, "search_stock", {key: value}, {"lots": []}),
                    request="Have a look for a Penny Black from the UK, in a box.", offered=(search,))
    assert result.label == label


def test_a_concurrent_call_is_neither_earlier_nor_later():
    """A sibling of the same parallel turn returning the value: the agent could not read it there,
    nor did it refer ahead to it; the value came from nowhere the trace shows."""
    a = call(1, "get_weather", {"city": "Oslo"}, {"city": "Oslo", "code": "OSL-7"}, start=0, end=100)
    b = call(2, "book", {"note": "OSL-7"}, start=10, end=50)
    assert ground(a, b, request="Oslo").label == "ungrounded_value"
    after = call(3, "book", {"note": "OSL-7"}, start=120, end=150)
    assert ground(a, after, request="Oslo").label == "pass"  # read after call 1 ended


def test_an_invented_value_passed_on_stays_ungrounded():
    """Later calls echoing the invented id back (the agent sent it to them) are not its source."""
    invented = call(1, "get_order", {"order_id": "ORD-5521"})
    echoed = call(2, "track_shipment", {"order_id": "ORD-5521"}, {"order_id": "ORD-5521", "status": "in transit"})
    result = ground(invented, echoed, request="where is my parcel?", offered=())
    assert [(f.call, f.label) for f in result.findings] == [(1, "ungrounded_value"), (2, "ungrounded_value")]


ROOMS = ToolDefinition(name="search_rooms", parameters={"type": "object", "properties": {
    "date": {"type": "string", "format": "date"}, "min_size": {"type": "integer"}}})


@pytest.mark.parametrize("sibling, label", [
    # a number a sibling of the same parallel turn returned does not only occur in a later result: the repeat of
    # that sibling holding it later is no call the agent referred ahead to (from the mollified split)
    ({"band_id": "band_8574", "members": 4}, "ungrounded_value"),
    ({"band_id": "band_8574", "members": 5}, "future_ref"),  # near miss: only the later result holds 4
])
def test_a_number_a_sibling_returned_is_no_future_ref(sibling, label):
    band = ToolDefinition(name="get_band", parameters={"type": "object", "properties": {"band_id": {"type": "string"}}})
    first = call(1, "get_band", {"band_id": "band_8574"}, sibling, start=0, end=40)
    rooms = call(2, "search_rooms", {"date": "2026-12-03", "min_size": 4}, {"rooms": [{"room_id": "RM-B3"}]}, start=5, end=45)
    later = call(3, "get_members", {"band_id": "band_8574"}, {"band_id": "band_8574", "members": 4}, start=100, end=140)
    result = ground(first, rooms, later, request="Book our usual room for Thursday at 18:30.", offered=(band, ROOMS))
    assert leaves(result, 2)["min_size"] == label


@pytest.mark.parametrize("slot, label", [
    # a later booking sent the slot this search found echoes the search's own date: it worked on the search's
    # result and is no source of it (from the softened split: "six months after" 2025-04-01 is not 2025-10-02)
    ("SL-99533", "ungrounded_value"),
    ("SL-40211", "future_ref"),  # near miss: a booking of a slot the search did not find, whose result gave the date
])
def test_a_later_call_working_on_this_calls_result_is_no_source_of_it(slot, label):
    slots = ToolDefinition(name="find_slots", parameters={"type": "object", "properties": {
        "date": {"type": "string", "format": "date"}}})
    search = call(1, "find_slots", {"date": "2025-10-02"}, {"slots": [{"slot_id": "SL-99533"}]})
    booking = call(2, "book_emptying", {"slot_id": slot}, {"booking_ref": "SE-605328", "date": "2025-10-02"})
    result = ground(search, booking, request="When did you last empty our tank? Book the next one six months after.",
                    offered=(slots,))
    assert leaves(result)["date"] == label


@pytest.mark.parametrize("later, label", [
    # a bare number a later result holds only inside a joined code (the option 'SU455-0') is not that number
    # (from the bowkneeled split)
    ({"options": [{"option_id": "SU455-0", "price": 553.36}]}, "ungrounded_value"),
    ({"options": [{"option_id": "SU455-7", "pieces_left": 0}]}, "future_ref"),  # near miss: a field of its own
])
def test_a_number_inside_a_later_code_is_not_that_number(later, label):
    stock = ToolDefinition(name="search_stock", parameters={"type": "object", "properties": {
        "region": {"type": "string"}, "pieces": {"type": "integer"}}})
    first = call(1, "search_stock", {"region": "bukhara", "pieces": 0}, {"options": []})
    second = call(2, "search_stock", {"region": "samarkand"}, later)
    result = ground(first, second, request="I'd like to reserve a Bukhara suzani.", offered=(stock,))
    assert leaves(result)["pieces"] == label


def test_composite_values_need_one_anchor():
    weather = call(1, "get_weather", {"city": "Beijing"}, {"temp_c": 18, "aqi": 42})
    calc = call(2, "calculator", {"expr": "100 - abs(18 - 15) * 4 - 42 / 3"})
    result = ground(weather, calc, request="Is Beijing good for a run?")
    assert result.label == "pass" and leaves(result, 2) == {"expr": "call 1"}
    invented = call(2, "calculator", {"expr": "7 * 9 + 1000"})
    assert ground(weather, invented, request="Is Beijing good for a run?").label == "ungrounded_value"
    # an identifier with punctuation is one value, not three words
    assert ground(call(1, "pay", {"token": "tok-alice-7f3a"}), request="I'm alice").label == "ungrounded_value"


def test_chinese_substrings():
    result = ground(call(1, "get_weather", {"city": "北京"}), request="帮我查一下北京明天的天气")
    assert result.label == "pass"
    assert ground(call(1, "get_weather", {"city": "上海"}), request="帮我查一下北京的天气").label == "ungrounded_value"


def test_worst_label_and_all_labels():
    result = ground(call(1, "search_flights", {"from_city": "Beijing", "to_city": "Tokyo", "date": "tomorrow"}),
                    request="Find me a flight to Tokyo tomorrow.")
    assert (result.label, result.labels) == ("ungrounded_value", ["ungrounded_value", "relative_date"])
    assert result.score == pytest.approx(1 / 3)


def test_booleans_nulls_and_unparsed_arguments_are_not_values():
    result = ground(call(1, "book", {"flag": True, "none": None}))
    assert result.score is None and result.label == "not_applicable"
    bad = call(1, "book", "{oops", arguments_valid_json=False, arguments_raw="{oops")
    assert ground(bad).score is None


@pytest.mark.parametrize("raw, normalised", [
    ("Beijing", "beijing"), ("  New   York! ", "new york"), ("18.0", "18"), ("18.50", "18 5"), ("1,130 CNY", "1130 cny"),
    ("2026/12/1", "2026 12 01"), ("2026年12月1日", "2026 12 01"), ("Dec 1, 2026", "2026 12 01"),
    ("1st December 2026", "2026 12 01"), ("ＴＯＫＹＯ　２０２６", "tokyo 2026"), ("住3晚", "住 3 晚"), ("a_b-c", "a b c"),
])
def test_norm(raw, normalised):
    assert norm(raw) == normalised


def test_relative_dates_resolve_from_the_trace_day():
    monday = dt.date(2026, 11, 30)
    assert resolve_relative_dates("tomorrow", [monday]) == {dt.date(2026, 12, 1)}
    assert resolve_relative_dates("后天", [monday]) == {dt.date(2026, 12, 2)}
    assert resolve_relative_dates("下周五", [monday]) == {dt.date(2026, 12, 11)}
    assert resolve_relative_dates("next Friday", [monday]) == {dt.date(2026, 12, 4), dt.date(2026, 12, 11)}
    assert resolve_relative_dates("in 3 days", [monday]) == {dt.date(2026, 12, 3)}
    assert resolve_relative_dates("on 2026-12-01", [monday]) == set()
    assert relative_date_phrase("2026-12-01") is None and relative_date_phrase("Tomorrow morning") == "tomorrow"


def test_one_view_per_trajectory_for_all_evaluators():
    t = trajectory(call(1, "get_weather", {"city": "Oslo"}, {"temp": 3}), input="Oslo")
    context = EvalContext().with_view(t)
    view = context.view_of(t)
    assert context.view_of(view.trajectory) is view and view.text is view.text
    assert context.view_of(t.model_copy(deep=True)) is not view
    assert EvalContext().view_of(t) is not EvalContext().view_of(t)
    assert [a.text for a in view.text.arguments[0]] == ["oslo"] and view.text.in_user("oslo")


def test_each_label_is_pinned_to_its_own_calls_with_its_own_reason():
    """An invented value on call 1 and relative dates on calls 2-4: four findings, each on its call."""
    result = ground(call(1, "book", {"flight_id": "ZZ9999"}),
                    *(call(seq, "book", {"date": day}) for seq, day in ((2, "tomorrow"), (3, "明天"), (4, "next Monday"))),
                    request="book me something")
    assert [(f.call, f.label) for f in result.findings] == [
        (1, "ungrounded_value"), (2, "relative_date"), (3, "relative_date"), (4, "relative_date")]
    assert (result.label, result.labels, result.evidence) == (
        "ungrounded_value", ["ungrounded_value", "relative_date"], [1, 2, 3, 4])
    assert result.findings[0].reason.startswith("call 1 book(flight_id='ZZ9999'): ungrounded_value")
    assert [f.reason.split(": ")[0] for f in result.findings[1:]] == [
        "call 2 book(date='tomorrow')", "call 3 book(date='明天')", "call 4 book(date='next Monday')"]
    assert all(": relative_date: " in f.reason for f in result.findings[1:])


@pytest.mark.parametrize("request_text, grounded", [
    ("Which evening next week has the most free pistes: Tuesday, Wednesday or Thursday?", True),
    ("Which evening has the most free pistes: Tuesday, Wednesday or Thursday?", False),  # the coming Wednesday
    ("tue, wed or thu evening next week - which has most pistes free?", True),  # weekdays cut short, in a list
    ("next week, any evening we can wed?", False),  # wed alone is another word
])
def test_weekdays_named_beside_next_week_are_in_it(request_text, grounded):
    """Seen from Monday 30 November, "next week ... Wednesday" is 9 December; named alone, the coming
    Wednesday is the 2nd."""
    pistes = call(1, "list_free_pistes", {"date": "2026-12-09", "session": "evening"}, {"pistes": ["P1"]})
    offered = (ToolDefinition(name="list_free_pistes", parameters={"type": "object", "properties": {
        "date": {"type": "string", "format": "date"}, "session": {"type": "string"}}}),)
    assert (ground(pistes, request=request_text, offered=offered).label == "pass") is grounded


ROUND = {"round_code": "HILL-1", "stops": [{"stop": "School Lane", "serve_minutes": 15, "drive_minutes_to_next": 15},
                                           {"stop": "Elm Park", "serve_minutes": 20, "drive_minutes_to_next": 10},
                                           {"stop": "Green", "serve_minutes": 30, "drive_minutes_to_next": 10},
                                           {"stop": "Oak Row", "serve_minutes": 20, "drive_minutes_to_next": None}]}


@pytest.mark.parametrize("end, grounded", [("15:00", True), ("14:50", False), ("15:45", False)])
def test_a_rounds_end_is_its_start_in_words_plus_all_its_stops_minutes(end, grounded):
    """下午1点 is 13:00; the stops' serving and driving minutes add up to two hours, so the round ends at
    15:00, not ten minutes short of it nor 45 minutes past it."""
    offered = (ToolDefinition(name="get_round", parameters={"type": "object", "properties": {"name": {"type": "string"}}}),
               ToolDefinition(name="schedule_round", parameters={"type": "object", "properties": {
                   "round_code": {"type": "string"}, "start_time": {"type": "string"}, "end_time": {"type": "string"}}}))
    found = call(1, "get_round", {"name": "山顶"}, ROUND)
    scheduled = call(2, "schedule_round", {"round_code": "HILL-1", "start_time": "13:00", "end_time": end}, {"ok": True})
    result = ground(found, scheduled, request="明天下午1点开始跑山顶路线，帮我排上，几点能收工？", offered=offered)
    assert (result.label == "pass") is grounded


def _one_date(request_text: str, day: str, *earlier):
    offered = (ToolDefinition(name="find_events", parameters={"type": "object", "properties": {
        "date": {"type": "string", "format": "date"}}}),)
    return ground(*earlier, call(len(earlier) + 1, "find_events", {"date": day}, {"events": []}),
                  request=request_text, offered=offered)


@pytest.mark.parametrize("request_text, grounded", [
    ("How did I do at the club event on Friday the 20? What was my pace?", True),  # 20 November 2026 was a Friday
    ("How did I do at the club event on Thursday the 20? What was my pace?", False),  # no 20th near is a Thursday
])
def test_a_day_of_the_month_with_its_weekday_is_the_nearest_that_falls_so(request_text, grounded):
    assert (_one_date(request_text, "2026-11-20").label == "pass") is grounded


@pytest.mark.parametrize("day, grounded", [("2026-12-28", True), ("2026-12-29", False), ("2027-01-28", False)])
def test_whole_months_after_a_day_a_result_gave(day, grounded):
    """"Six months after that": the same day of the month six calendar months after the last emptying."""
    account = call(1, "get_account", {}, {"account_id": "SEP-1", "last_emptied": "2026-06-28"})
    result = _one_date("When did you last empty our tank? Book the next one for six months after that.", day, account)
    assert (result.label == "pass") is grounded


@pytest.mark.parametrize("amount, grounded", [(19, True), (18, False)])
def test_a_total_of_one_nested_field_over_a_lists_records(amount, grounded):
    """Two entries paid in euros: the EUR fee of each course, inside its fees, adds up to 19."""
    event = call(1, "find_event", {"name_contains": "Castle Park"}, {"events": [{"event_id": "EV-1", "courses": [
        {"course": "blue", "fees": {"NOK": 120, "EUR": 12, "GBP": 8}},
        {"course": "orange", "fees": {"NOK": 60, "EUR": 7, "GBP": 4}}]}]})
    pay = call(2, "pay_entries", {"event_id": "EV-1", "amount": amount, "currency": "EUR"}, {"paid": True})
    offered = (ToolDefinition(name="pay_entries", parameters={"type": "object", "properties": {
        "event_id": {"type": "string"}, "amount": {"type": "number"}, "currency": {"type": "string"}}}),)
    result = ground(event, pay, request="Enter me on blue and my daughter on orange at Castle Park, pay in euros.",
                    offered=offered)
    assert ("amount" not in leaves(result, 2) or leaves(result, 2)["amount"] != "ungrounded_value") is grounded


@pytest.mark.parametrize("result, day, grounded", [
    ({"mill": "Hollow Brook", "lead_time_days": 4}, "2026-12-04", True),  # the trace's day (30 November) plus the lead time
    ({"mill": "Hollow Brook", "lead_time_days": 4}, "2026-12-06", False),
    ({"drug": "atorvastatin", "tablets_per_day": 4}, "2026-12-04", False),  # a rate, not a number of days
])
def test_the_trace_day_plus_the_days_a_result_gives(result, day, grounded):
    """"I'll collect it as soon as it's ready": the order's pickup is today plus the catalogue's lead time."""
    looked_up = call(1, "get_catalogue", {}, result)
    outcome = _one_date("I'd like 2 kg of rye, paid in euros. I'll collect it as soon as it's ready.", day, looked_up)
    assert (outcome.label == "pass") is grounded


@pytest.mark.parametrize("request_text, end, grounded", [
    # the new start the request computes (ten days on from 30 November) plus the nights the booking holds
    ("把那个订单改到十天后开始，天数不变。", "2026-12-13", True),
    ("Please move that hire to start in 10 days, for the same number of nights.", "2026-12-13", True),
    ("Please move that hire to start in 10 days, for the same number of nights.", "2026-12-14", False),  # a day more
])
def test_a_new_start_plus_the_nights_a_booking_holds(request_text, end, grounded):
    order = call(1, "get_order", {"order_id": "CRQ-O519849"}, {"order_id": "CRQ-O519849", "nights": 3, "status": "scheduled"})
    move = call(2, "reschedule_order", {"order_id": "CRQ-O519849", "from_date": "2026-12-10", "to_date": end}, {"ok": True})
    offered = (ToolDefinition(name="reschedule_order", parameters={"type": "object", "properties": {
        "order_id": {"type": "string"}, "from_date": {"type": "string", "format": "date"},
        "to_date": {"type": "string", "format": "date"}}}),)
    assert (leaves(ground(order, move, request=request_text, offered=offered), 2)["to_date"] != "ungrounded_value") is grounded


@pytest.mark.parametrize("request_text, total, grounded", [
    ("I'd like 3 kg of wholemeal rye and 5 kg of type 00 wheat, paid in euros.", 19.8, True),
    ("I'd like 3 kg of wholemeal rye and 5 kg of type 00 wheat, paid in euros.", 19.6, False),
    ("I'd like 3 kg of wholemeal rye and 5 kg of type 00 wheat, paid in euros.", 20.8, False),
    ("我想买全麦黑麦粉6斤、00号小麦粉10斤，用欧元付款。", 19.8, True),  # 6斤 is 3 kg, 10斤 5 kg
    ("我想买全麦黑麦粉6斤、00号小麦粉10斤，用欧元付款。", 39.6, False),  # the 斤 counted as kilograms
])
def test_a_basket_of_two_of_the_users_counts_at_a_results_prices(request_text, total, grounded):
    """3 kg of rye at 2.60 and 5 kg of wheat at 2.40 come to 19.80; 19.60 and 20.80 are no such sum."""
    assert (_basket(request_text, total, (2.6, 2.4)).label == "pass") is grounded


@pytest.mark.parametrize("request_text, total, grounded", [
    ("I'd like 3 kg of wholemeal rye and 3 kg of type 00 wheat, paid in euros.", 15.3, True),
    ("我想买全麦黑麦粉6斤、00号小麦粉6斤，用欧元付款。", 15.3, True),
    ("I'd like 3 kg of wholemeal rye and 3 kg of type 00 wheat, paid in euros.", 15.6, False),
    ("I'd like 3 kg of wholemeal rye, paid in euros.", 15.3, False),  # one weight said once
])
def test_a_basket_of_two_items_of_the_same_weight(request_text, total, grounded):
    """Each weight said is a count: 3 kg of rye at 2.65 and 3 kg of wheat at 2.45 come to 15.30."""
    assert (_basket(request_text, total, (2.65, 2.45, 3.15, 4.35)).label == "pass") is grounded


def _basket(request_text: str, total: float, prices: tuple[float, ...]):
    catalogue = call(1, "get_flour_catalogue", {}, {"items": [{"sku": f"F{i}", "price_per_kg": p} for i, p in enumerate(prices)]})
    order = call(2, "place_order", {"total": total}, {"order_id": "WM-1"})
    offered = (ToolDefinition(name="place_order", parameters={"type": "object", "properties": {"total": {"type": "number"}}}),)
    return ground(catalogue, order, request=request_text, offered=offered)


_SCAFFOLD = (ToolDefinition(name="get_mural_plan", parameters={"type": "object", "properties": {"wall": {"type": "string"}}}),
             ToolDefinition(name="book_scaffold", parameters={"type": "object", "properties": {
                 "start_time": {"type": "string"}, "end_time": {"type": "string"}}}))


@pytest.mark.parametrize("plan, end, grounded", [
    ({"panels": 9, "minutes_per_panel": 40}, "14:00", True),  # 9 panels at 40 minutes from 08:00
    ({"panels": 9, "minutes_per_panel": 40}, "14:40", False),  # a panel too many
    ({"crew_size": 9, "minutes_per_panel": 40}, "14:00", False),  # a count of something else
    ({"panels": 9, "price_per_panel": 40}, "14:00", False),  # a price per panel is no length
])
def test_a_length_per_item_times_the_items_counted_beside_it(plan, end, grounded):
    """"Book the scaffold from 08:00 until they're done": nine panels at forty minutes each end at 14:00."""
    found = call(1, "get_mural_plan", {"wall": "Dock Road"}, plan)
    booked = call(2, "book_scaffold", {"start_time": "08:00", "end_time": end}, {"ref": "SC-1"})
    result = ground(found, booked, request="The painters start on the Dock Road wall at 08:00. Book the scaffold "
                                           "from 08:00 until they're done.", offered=_SCAFFOLD)
    assert (result.label == "pass") is grounded


@pytest.mark.parametrize("request_text, day, grounded", [
    ("Can you move my tasting TS-401 to the day before? Same group.", "2026-12-11", True),
    ("Can you move my tasting TS-401 to the day before? Same group.", "2026-12-13", False),
    ("Can you move my tasting TS-401 two days earlier?", "2026-12-10", True),
    ("我的品鉴预订 TS-401 能提前一天吗？人数不变。", "2026-12-11", True),
    ("Can you move my tasting TS-401 to the day after? Same group.", "2026-12-11", False),
    ("Can you move my tasting TS-401 two days later?", "2026-12-10", False),
])
def test_a_length_the_request_states_before_a_day_a_result_gave(request_text, day, grounded):
    booking = call(1, "get_booking", {"ref": "TS-401"}, {"ref": "TS-401", "date": "2026-12-12", "group_size": 2})
    assert (_one_date(request_text, day, booking).label == "pass") is grounded


@pytest.mark.parametrize("request_text, season, grounded", [
    ("Please renew allotment permit AP-2291 for next season, and cut it to a half plot.", 2027, True),
    ("Please renew allotment permit AP-2291 for next season, and cut it to a half plot.", 2028, False),
    ("Please renew allotment permit AP-2291, and cut it to a half plot.", 2027, False),
])
def test_next_season_is_the_year_after_the_traces(request_text, season, grounded):
    permit = call(1, "get_permit", {"permit_no": "AP-2291"}, {"permit_no": "AP-2291", "season": 2026, "plot": "full"})
    renew = call(2, "renew_permit", {"permit_no": "AP-2291", "season": season, "plot": "half"}, {"status": "renewed"})
    offered = (ToolDefinition(name="renew_permit", parameters={"type": "object", "properties": {
        "permit_no": {"type": "string"}, "season": {"type": "integer"}, "plot": {"type": "string"}}}),)
    assert (ground(permit, renew, request=request_text, offered=offered).label == "pass") is grounded


@pytest.mark.parametrize("readings, depth_cm, grounded", [
    ({"unit": "in", "readings": [{"day": "2026-11-29", "depth": 5.4}, {"day": "2026-11-30", "depth": 6.1}]}, 13.7, True),
    ({"unit": "in", "readings": [{"day": "2026-11-29", "depth": 5.4}, {"day": "2026-11-30", "depth": 6.1}]}, 13.9, False),
    ({"readings": [{"day": "2026-11-29", "depth_mm": 137}]}, 13.7, True),  # the field named for its unit
    ({"unit": "cm", "readings": [{"day": "2026-11-29", "depth": 5.4}]}, 13.7, False),  # centimetres all along
])
def test_a_measure_an_earlier_result_gave_in_the_unit_the_parameter_takes(readings, depth_cm, grounded):
    """The thinnest snow reading, 5.4 inches, is 13.7 cm for a parameter in centimetres."""
    found = call(1, "get_snow_readings", {"station": "North Col"}, readings)
    check = call(2, "check_avalanche_risk", {"depth_cm": depth_cm}, {"risk": "low"})
    offered = (ToolDefinition(name="check_avalanche_risk", parameters={"type": "object", "properties": {
        "depth_cm": {"type": "number"}}}),)
    result = ground(found, check, request="How deep is the snow at North Col? In inches please. Is it safe to cross?",
                    offered=offered)
    assert (result.label == "pass") is grounded


@pytest.mark.parametrize("request_text, day, grounded", [
    ("Actually, could I keep LN-8138 1 more day? The film club wants another showing.", "2026-12-06", True),
    ("Could I keep LN-8138 two extra days?", "2026-12-07", True),
    ("Could I keep LN-8138 another day?", "2026-12-06", True),
    ("Actually, could I keep LN-8138 1 more day? The film club wants another showing.", "2026-12-07", False),
])
def test_more_days_after_a_day_a_result_gave(request_text, day, grounded):
    """"1 more day" is a day's length, as "1 day" is: the loan's return one day after the one it had."""
    loan = call(1, "get_loan", {"loan_id": "LN-8138"}, {"loan_id": "LN-8138", "return_date": "2026-12-05"})
    assert (_one_date(request_text, day, loan).label == "pass") is grounded


@pytest.mark.parametrize("amount, grounded", [(24.5, True), (31.0, False)])
def test_a_total_over_records_counts_a_record_looked_up_again_once(amount, grounded):
    """Two bookings (18.00 and 6.50) and a lookup of the second: the payment is 24.50; the lookup
    names the same booking_ref, so its total is no third item (31.00)."""
    first = call(1, "book_pumpout", {"slot_id": "S5837"}, {"booking_ref": "PB-89674", "total": 18.0, "currency": "GBP"})
    second = call(2, "book_pumpout", {"slot_id": "S5548"}, {"booking_ref": "PB-80944", "total": 6.5, "currency": "GBP"})
    again = call(3, "get_pumpout_booking", {"booking_ref": "PB-80944"}, {"booking_ref": "PB-80944", "total": 6.5, "currency": "GBP"})
    pay = call(4, "create_payment_link", {"booking_ref": "PB-89674", "amount": amount, "currency": "GBP"}, {"url": "https://pay.example/x"})
    offered = (ToolDefinition(name="create_payment_link", parameters={"type": "object", "properties": {
        "booking_ref": {"type": "string"}, "amount": {"type": "number"}, "currency": {"type": "string"}}}),)
    result = ground(first, second, again, pay, request="Book pump-out slots S5837 and S5548, and send me a payment link in pounds.",
                    offered=offered)
    assert (result.label == "pass") is grounded


@pytest.mark.parametrize("amount, grounded", [
    (330, True),   # 3 of us at the course's fee plus its materials fee: 3 × (95 + 15)
    (331, False),  # a euro off
    (440, False),  # 4 × 110: one person too many
])
def test_the_users_count_times_a_total_of_one_record(amount, grounded):
    """"Sign 3 of us up and pay the fee plus materials": the bill is the count times the course's two fees."""
    course = call(1, "list_courses", {"month": "2027-02"}, {"courses": [
        {"course_id": "C-7", "title": "Wheel basics", "fee": 95, "materials_fee": 15, "seats_left": 6}]})
    pay = call(2, "pay_invoice", {"invoice_id": "INV-7", "amount": amount}, {"paid": True})
    offered = (ToolDefinition(name="pay_invoice", parameters={"type": "object", "properties": {
        "invoice_id": {"type": "string"}, "amount": {"type": "number"}}}),)
    result = ground(course, pay, request="Sign 3 of us up for Wheel basics in February and pay the fee plus materials "
                                         "on invoice INV-7.", offered=offered)
    assert ("amount" not in leaves(result, 2) or leaves(result, 2)["amount"] != "ungrounded_value") is grounded


@pytest.mark.parametrize("request_text, quantity, grounded", [
    ("Add 1 more bottle to order ORD-384396, please.", 6, True),  # the 5 the order holds, plus the one asked
    ("订单ORD-384396再加1瓶。", 6, True),
    ("Add 1 more bottle to order ORD-384396, please.", 7, False),
    ("Please change order ORD-384396, I'll tell you how.", 6, False),  # nobody said one more
])
def test_one_more_of_a_stored_count(request_text, quantity, grounded):
    order = call(1, "get_order", {"order_id": "ORD-384396"}, {"order_id": "ORD-384396", "quantity": 5, "unit_price": 22})
    change = call(2, "change_order", {"order_id": "ORD-384396", "quantity": quantity}, {"status": "updated"})
    offered = (ToolDefinition(name="change_order", parameters={"type": "object", "properties": {
        "order_id": {"type": "string"}, "quantity": {"type": "integer"}}}),)
    result = ground(order, change, request=request_text, offered=offered)
    assert (leaves(result, 2).get("quantity") != "ungrounded_value") is grounded


CALENDAR = ToolDefinition(name="get_workshop_calendar", parameters={"type": "object", "properties": {
    "week_commencing": {"type": "string", "format": "date"}, "date": {"type": "string", "format": "date"}}})


@pytest.mark.parametrize("key, value, label", [
    # the week of the 17th starts on Monday the 14th (and on Sunday the 13th where weeks start on Sundays)
    ("week_commencing", "2026-12-14", "pass"),
    ("week_commencing", "2026-12-13", "pass"),
    # near misses: the following week's Monday; that Monday under a parameter for a day is another day than asked
    ("week_commencing", "2026-12-21", "ungrounded_value"),
    ("date", "2026-12-14", "ungrounded_value"),
])
def test_the_first_day_of_the_week_holding_the_named_day_is_a_weeks_value(key, value, label):
    result = ground(call(1, "get_workshop_calendar", {key: value}), offered=(CALENDAR,),
                    request="Could someone come and measure for the doors on 17 December?")
    assert result.label == label


@pytest.mark.parametrize("value, label", [
    # three days after T0 tomorrow is 3 or 4 December, in the week from Monday 30 November (or Sunday the 29th)
    ("2026-11-30", "pass"), ("30/11/2026", "pass"),  # the day-first form is format_error's
    ("2026-12-07", "ungrounded_value"),  # near miss: the week after
])
def test_the_week_of_tomorrow_starts_on_its_monday(value, label):
    t = trajectory(call(1, "get_workshop_calendar", {"week_commencing": value}), input="能明天派人来量尺寸吗？",
                   offered=(CALENDAR,))
    t = t.model_copy(update={"start_ns": t.start_ns + 3 * 86400 * 10**9})
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("until, label", [
    ("2026-12-13", "pass"), ("2026-12-14", "pass"),  # a fortnight from the 29th or the 30th, the trace's local day
    ("2026-12-16", "ungrounded_value"),  # near miss: two days more
])
def test_a_fortnight_from_today_is_a_computed_date(until, label):
    assert ground(call(1, "book", {"date": until}), request="Please pause my lawn plan for a fortnight").label == label


@pytest.mark.parametrize("until, label", [
    ("2026-12-13", "pass"), ("2026-12-14", "pass"),  # a fortnight from the 29th or the 30th
    ("2026-12-06", "ungrounded_value"),  # near miss: one week
])
def test_in_a_fortnight_is_two_weeks_from_today(until, label):
    assert ground(call(1, "book", {"date": until}), request="pause it and restart in a fortnight").label == label


@pytest.mark.parametrize("request_, value, label", [
    # "may" the verb names no month (nor May Day): four days on from the 29th or the 30th
    ("Could a mason come in four days? The wall may need rebuilding.", "2026-12-04", "pass"),
    ("Could a mason come in four days? The wall may need rebuilding.", "2026-12-06", "ungrounded_value"),
    # "since Monday" is the last Monday, not the coming one
    ("Have there been any incidents at SITE-9758 since Monday?", "2026-11-23", "pass"),
    ("Have there been any incidents at SITE-9758 since Monday?", "2026-11-16", "ungrounded_value"),
    # a count of days in Chinese numerals right after a code's digits: 六天后 is six days on
    ("SITE-4940六天后晚上8点开始需要一名保安", "2026-12-05", "pass"),
    ("SITE-4940六天后晚上8点开始需要一名保安", "2026-12-08", "ungrounded_value"),
])
def test_days_a_reviewer_reads_through_verbs_since_and_codes(request_, value, label):
    assert ground(call(1, "book", {"date": value}), request=request_).label == label


@pytest.mark.parametrize("request_, value, label", [
    # days before today: 三天前, "3 days ago", 十天以前 (from the 29th or the 30th)
    ("帮我登记一件小件，三天前发现的。", "2026-11-26", "pass"),
    ("帮我登记一件小件，三天前发现的。", "2026-12-02", "ungrounded_value"),  # near miss: three days on
    ("Log the find we made 3 days ago.", "2026-11-27", "pass"),
    ("十天以前寄出的包裹到了吗？", "2026-11-19", "pass"),
    # British "a week today" is seven days on, "a fortnight tomorrow" fifteen
    ("Can you deliver 4 bags of salt a week today?", "2026-12-06", "pass"),
    ("Can you deliver 4 bags of salt a week today?", "2026-12-13", "ungrounded_value"),  # near miss: two weeks
    ("Could the crew come a fortnight tomorrow?", "2026-12-14", "pass"),
    # "a week from tomorrow" is eight days on (from the hemmed split), "two weeks from tomorrow" fifteen
    ("Please collect the case a week from tomorrow.", "2026-12-07", "pass"),
    ("Please collect the case two weeks from tomorrow.", "2026-12-14", "pass"),
    ("Please collect the case a week from tomorrow.", "2026-12-09", "ungrounded_value"),  # near miss: ten days
    # N consecutive days from a named day end on their last day as well as the day after it (from the docked split)
    ("12月5日开始连续3天，帮我订1卷丝带。", "2026-12-07", "pass"),
    ("12月5日开始连续3天，帮我订1卷丝带。", "2026-12-08", "pass"),
    ("Book the stand on 3 consecutive days from December 5.", "2026-12-07", "pass"),
    ("I need 3 masks for 3 days starting December 5.", "2026-12-07", "pass"),  # "for N days starting" (the docked split)
    ("I need 3 masks for 3 days starting December 5.", "2026-12-06", "ungrounded_value"),  # near miss: a day short
    # near misses: a day further; a hire of 3 days returned a day early; the night before a stay's last morning
    ("12月5日开始连续3天，帮我订1卷丝带。", "2026-12-09", "ungrounded_value"),
    ("12月5日取车，租3天。", "2026-12-07", "ungrounded_value"),
    ("12月5日起住3晚。", "2026-12-07", "ungrounded_value"),
    # a count of days in words before "from today", "from now", "ago", and an end that many days after that start
    # (from the seized split)
    ("Book the bull starting five days from today and ending 2 days after that.", "2026-12-06", "pass"),
    ("Book the bull starting five days from today and ending 2 days after that.", "2026-12-07", "pass"),
    ("Log the fault we found three days ago.", "2026-11-26", "pass"),
    # near misses: a day off either end
    ("Book the bull starting five days from today and ending 2 days after that.", "2026-12-11", "ungrounded_value"),
    ("Log the fault we found three days ago.", "2026-11-25", "ungrounded_value"),
])
def test_days_counted_from_today_are_computed_dates(request_, value, label):
    assert ground(call(1, "book", {"date": value}), request=request_).label == label


@pytest.mark.parametrize("request_, value, label", [
    # today's weekday in another week, from a Wednesday: 下周的今天 ("this day next week") is seven days on,
    # 下个星期的明天 eight (from the brailed split); not next week's first or last day
    ("请下周的今天送两盒杏仁糖到店里。", "2026-12-09", "pass"),
    ("下个星期的明天能来取吗？", "2026-12-10", "pass"),
    ("Could the van come this day next week?", "2026-12-09", "pass"),
    ("Could the van come the same day last week?", "2026-11-25", "pass"),
    ("请下周的今天送两盒杏仁糖到店里。", "2026-12-11", "ungrounded_value"),  # near miss: nine days
    ("下个星期的明天能来取吗？", "2026-12-12", "ungrounded_value"),  # near miss: ten days
])
def test_todays_weekday_in_another_week_is_a_computed_date(request_, value, label):
    wednesday = int(dt.datetime(2026, 12, 2, 12, tzinfo=dt.timezone.utc).timestamp()) * 10**9
    t = trajectory(call(1, "book", {"date": value}), input=request_, offered=(BOOK, FLIGHTS, WEATHER))
    t = t.model_copy(update={"start_ns": wednesday, "end_ns": wednesday + 10**10})
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label


@pytest.mark.parametrize("request_, value, label", [
    # the week after next (下下周) by its Monday, two weeks on from the trace's; a day of a month named from this one
    ("Can you order five bags of anthracite for delivery the week after next?", "2026-12-14", "pass"),
    ("能帮我约下下周做喷灌系统的过冬处理吗？", "2026-12-14", "pass"),
    ("Can you order five bags of anthracite for delivery the week after next?", "2026-12-21", "ungrounded_value"),  # 3 weeks
    ("Please book the sound test for the 24th of next month.", "2026-12-24", "pass"),
    ("请帮我约下个月15号的检测。", "2026-12-15", "pass"),
    ("Please book the sound test for the 24th of next month.", "2026-11-24", "ungrounded_value"),  # near miss: this month's
    ("请帮我约下个月15号的检测。", "2027-01-15", "ungrounded_value"),  # near miss: a month later
    # "the Tuesday after next": a week after the coming one (from the stemchocked split)
    ("Can the pool engineer come the Tuesday after next?", "2026-12-08", "pass"),
    ("Can the pool engineer come the Tuesday after next?", "2026-12-09", "ungrounded_value"),  # near miss: a day off
    ("Can the pool engineer come the Tuesday after next?", "2026-12-22", "ungrounded_value"),  # near miss: 3 weeks on
    # "Saturday week", "Saturday fortnight": a week or two after the coming Saturday (from the keelplanked split)
    ("Can we have the hen-party boat on Saturday week?", "2026-12-12", "pass"),
    ("Can we have the hen-party boat on Saturday fortnight?", "2026-12-19", "pass"),
    ("Can we have the hen-party boat on Saturday week?", "2026-12-19", "ungrounded_value"),  # near miss: a fortnight
    # a weekday of the week after next, two weeks on from the trace's Monday (from the sterntrenailed split); "the week
    # after next" puts no date a week on
    ("Please fit the roller blind on Friday of the week after next.", "2026-12-18", "pass"),
    ("Please fit the roller blind on Friday of the week after next.", "2026-12-25", "ungrounded_value"),  # near miss: 3 weeks
    ("Please fit the roller blind on Friday of the week after next.", "2026-12-17", "ungrounded_value"),  # near miss: Thursday
    # working days of a named week end on its Friday
    ("帮我们项目约Sade下下周做母带，工作日任意一个上午都行。", "2026-12-18", "pass"),
    ("Any weekday morning the week after next works for the mastering.", "2026-12-18", "pass"),
    ("帮我们项目约Sade下下周做母带。", "2026-12-18", "ungrounded_value"),  # near miss: no working days named
    # 查一下 ("look up") before 下周三 lends it no second 下 (from the strapped split); 看一下下下周 is 下下周
    ("帮我查一下下周三的保养空档，订最便宜的。", "2026-12-02", "pass"),
    ("帮我看一下下下周三的保养空档，订最便宜的。", "2026-12-09", "pass"),
    ("帮我查一下下周三的保养空档，订最便宜的。", "2026-12-16", "ungrounded_value"),  # near miss: the week after
    ("帮我看一下下下周三的保养空档，订最便宜的。", "2026-12-02", "ungrounded_value"),  # near miss: next week's
])
def test_the_week_after_next_and_a_day_of_a_named_month(request_, value, label):
    assert ground(call(1, "book", {"date": value}), request=request_).label == label


@pytest.mark.parametrize("request_, value, label", [
    ("How many loads have I brought in since the start of the month?", "2026-11-01", "pass"),
    ("How many loads have I brought in since the start of the month?", "2026-10-01", "ungrounded_value"),  # last month's
    ("上个月初以来一共送了几车？", "2026-10-01", "pass"),
])
def test_the_first_day_of_a_window_the_request_names(request_, value, label):
    assert ground(call(1, "book", {"date": value}), request=request_).label == label


@pytest.mark.parametrize("request_, month, label", [
    ("饲料小麦九月出库现在什么价？", "2027-09", "pass"),  # a month named alone: the coming September
    ("饲料小麦九月出库现在什么价？", "2026-09", "pass"),  # or this year's
    ("What's the spot price for oats moving in January?", "2027-01", "pass"),
    ("What's the spot price for oats moving in January?", "2027-02", "ungrounded_value"),  # near miss: another month
    ("What's today's spot price for oats?", "2026-11", "pass"),  # asked as of now: the trace's own month
    ("What's the spot price for oats?", "2026-11", "ungrounded_value"),  # near miss: no month asked for
])
def test_a_month_named_alone_or_asked_as_of_now(request_, month, label):
    spot = ToolDefinition(name="get_spot_price", description="Spot price for a movement month.", parameters={
        "type": "object", "properties": {"movement_month": {"type": "string", "description": "YYYY-MM"}}})
    assert ground(call(1, "get_spot_price", {"movement_month": month}), request=request_, offered=(spot,)).label == label


SERVICE = "My boiler's annual service is due. Could you book it on 21 January or the day after? And remind me two weeks before next year's one."


@pytest.mark.parametrize("to_date, remind_on, labels", [
    # the day after the day the request names; two weeks before the booked service a year on
    ("2027-01-22", "2028-01-07", {2: "pass", 4: "pass"}),
    # near misses: a day more; thirteen days before
    ("2027-01-23", "2028-01-08", {2: "ungrounded_value", 4: "ungrounded_value"}),
])
def test_days_counted_from_a_day_the_request_names_and_a_year_on(to_date, remind_on, labels):
    result = ground(call(1, "get_boiler_record", {"customer_id": "hh_506755"}, {"boiler_id": "BLR-976310"}),
                    call(2, "list_engineer_slots", {"from_date": "2027-01-21", "to_date": to_date}, {"slots": [{"slot_id": "HS-1"}]}),
                    call(3, "book_heating_visit", {"slot_id": "HS-1"}, {"booking_ref": "HV-6", "date": "2027-01-21"}),
                    call(4, "set_service_reminder", {"remind_on": remind_on}, {"scheduled": remind_on}), request=SERVICE)
    assert {seq: "ungrounded_value" if leaves(result, seq).get(key) == "ungrounded_value" else "pass"
            for seq, key in ((2, "to_date"), (4, "remind_on"))} == labels


@pytest.mark.parametrize("request_, value, label", [
    ("明年保养前两周用短信提醒我", "2028-01-07", "pass"),  # 前两周: two weeks before
    ("明年保养前两周用短信提醒我", "2028-01-04", "ungrounded_value"),
    # near miss: a week after a week from today counts no length twice
    ("试衣往后推一周", "2026-12-13", "ungrounded_value"),
    # the day after a relative day: 3 days from the 29th or the 30th, and one more
    ("Could you book it in 3 days' time or the day after?", "2026-12-04", "pass"),
    ("Could you book it in 3 days' time or the day after?", "2026-12-08", "ungrounded_value"),
    # a number of days in words, and a week on after a site code glued to it (MQ-S8一周后: not "8一" weeks)
    ("Could you book it in ten days, or the day after if that is full?", "2026-12-11", "pass"),
    ("Could you book it in ten days, or the day after if that is full?", "2026-12-13", "ungrounded_value"),
    ("MQ-S8一周后的今天还有名额吗？能订就订上。", "2026-12-07", "pass"),
    ("MQ-S8一周后的今天还有名额吗？能订就订上。", "2026-12-09", "ungrounded_value"),
    # "in three days" is a distance from today, not also a stay of three days after it
    ("Switch it to weekly cleaning, starting in three days.", "2026-12-02", "pass"),
    ("Switch it to weekly cleaning, starting in 3 days.", "2026-12-05", "ungrounded_value"),
])
def test_lengths_before_a_day_a_year_on_in_chinese_and_no_length_counted_twice(request_, value, label):
    booked = call(1, "get_booking", {}, {"booking_ref": "HV-6", "date": "2027-01-21"})
    assert ground(booked, call(2, "set_reminder", {"remind_on": value}), request=request_).label == label


@pytest.mark.parametrize("count, label", [
    (2, "pass"),  # the two rings the call enters
    (3, "ungrounded_value"),  # near miss: a count of nothing the call sends
])
def test_a_count_of_the_items_a_call_sends_in_a_list(count, label):
    entry = call(1, "enter_birds", {"race_id": "R25-135", "rings": ["GB25N57223", "GB25N63642"], "basket_count": count})
    result = ground(entry, request="帮我把 GB25N57223, GB25N63642 报名参加 R25-135 比赛")
    assert ("ungrounded" if leaves(result)["basket_count"] == "ungrounded_value" else "pass") == label.split("_")[0]


@pytest.mark.parametrize("request_, query, label", [
    ("15毫米丝绒缎带有没有绿色的？我需要3米。", "velvet ribbon 15mm", "pass"),  # 丝绒 velvet, 缎带 ribbon, 15毫米
    ("15毫米丝绒缎带有没有绿色的？我需要3米。", "velvet ribbon 25mm", "ungrounded_value"),  # near miss: another width
    ("15毫米丝绒缎带有没有绿色的？我需要3米。", "silk ribbon 15mm", "ungrounded_value"),  # near miss: a word not said
])
def test_a_search_phrase_of_the_requests_chinese_words_in_english(request_, query, label):
    search = ToolDefinition(name="search_catalogue", description="Search the shop's catalogue.", parameters={
        "type": "object", "properties": {"query": {"type": "string"}}})
    assert ground(call(1, "search_catalogue", {"query": query}), request=request_, offered=(search,)).label == label



@pytest.mark.parametrize("spots, label", [
    (20, "pass"),  # 500 euros buy 27 spots at 18; a booking takes at most 20: as many as fit is 20
    (19, "ungrounded_value"),  # near miss: one short of the most
])
def test_as_many_as_fit_stops_at_the_most_the_tool_takes(spots, label):
    book = ToolDefinition(name="book_ad_spots", description="Book ad spots on a show.", parameters={
        "type": "object", "properties": {"show": {"type": "string"}, "spots": {"type": "integer", "minimum": 1, "maximum": 20}}})
    rate = ToolDefinition(name="get_ad_rate", description="Price of one ad spot on a show.")
    request_ = "We have 500 euros for 60-second ads. Book as many breakfast spots as fit."
    result = ground(call(1, "get_ad_rate", {"show": "breakfast"}, {"show": "breakfast", "price": 18}),
                    call(2, "book_ad_spots", {"show": "breakfast", "spots": spots}), request=request_, offered=(book, rate))
    assert ("ungrounded_value" if leaves(result, 2)["spots"] == "ungrounded_value" else "pass") == label


def test_the_most_the_tool_takes_is_no_count_the_money_cannot_buy():
    book = ToolDefinition(name="book_ad_spots", description="Book ad spots on a show.", parameters={
        "type": "object", "properties": {"show": {"type": "string"}, "spots": {"type": "integer", "minimum": 1, "maximum": 20}}})
    request_ = "We have 500 euros for 60-second ads. Book as many late-night spots as fit."
    result = ground(call(1, "get_ad_rate", {"show": "late_night"}, {"show": "late_night", "price": 55}),
                    call(2, "book_ad_spots", {"show": "late_night", "spots": 20}), request=request_, offered=(book,))
    assert leaves(result, 2)["spots"] == "ungrounded_value"


@pytest.mark.parametrize("result_value, sent, label", [
    ("de43nn", "DE4 3NN", "pass"),  # a postcode the account writes together, sent spaced
    ("ＰＣ　６９０８　５４２６", "PC69085426", "pass"),  # a card number a result writes in full-width groups, sent together
    ("de43nn", "DE4 3NM", "ungrounded_value"),  # near misses: a letter off; a digit off
    ("ＰＣ　６９０８　５４２６", "PC69085427", "ungrounded_value"),
])
def test_an_id_a_result_writes_spaced_otherwise(result_value, sent, label):
    account = call(1, "get_account", {"customer_id": "RC2795567"}, {"customer_id": "RC2795567", "reference": result_value})
    order = call(2, "order_kit", {"customer_id": "RC2795567", "reference": sent})
    result = ground(account, order, request="Please send a radon test kit to my home address.")
    assert ("ungrounded_value" if leaves(result, 2)["reference"] == "ungrounded_value" else "pass") == label


@pytest.mark.parametrize("sent, label", [
    ("0:40:57", "pass"),  # a watch's 40:57 with no hours written, as the parameter's H:MM:SS wants it
    ("0:44:17", "pass"),  # the chip's time as the user wrote it
    ("0:40:75", "ungrounded_value"),  # near misses: seconds not said; an hour not said
    ("1:40:57", "ungrounded_value"),
])
def test_minutes_and_seconds_with_no_hours_written(sent, label):
    query = call(1, "submit_time_query", {"bib": 2650, "claimed_time": sent})
    result = ground(query, request="My chip time shows 0:44:17 but my watch says 40:57. Can you raise a query?")
    assert ("ungrounded_value" if leaves(result)["claimed_time"] == "ungrounded_value" else "pass") == label


@pytest.mark.parametrize("sent, label", [
    ("CM3019B", "future_ref"),  # the slot a later search writes 'CM 3019 B', sent before it ran
    ("CM3019C", "ungrounded_value"),  # near miss: a letter off
])
def test_an_id_only_a_later_result_writes_spaced_otherwise(sent, label):
    booked = call(1, "book_meeting", {"slot_id": sent})
    search = call(2, "find_meetings", {"date": "2026-01-15"}, {"slots": [{"slot_id": "CM 3019 B", "start": "09:30"}]})
    assert ground(booked, search, request="Book me a planning meeting on 15 January.").label == label


HOARDING = (ToolDefinition(name="quote_hoarding_run", description="Price a run of hoarding.", parameters={
                "type": "object", "properties": {"finish": {"type": "string", "enum": ["plain_ply", "painted_green"]},
                                                 "species": {"type": "string", "enum": ["cattle", "sheep", "pigs"]},
                                                 "group": {"type": "string", "enum": ["i_size_40_87", "i_size_76_105", "booster_100_150"]}}}),
            ToolDefinition(name="check_panel_stock", description="Panels in the depot by finish.", parameters={
                "type": "object", "properties": {"finish": {"type": "string"}, "species": {"type": "string"},
                                                 "group": {"type": "string"}}}))


@pytest.mark.parametrize("request_, key, value, label", [
    # a free parameter sent another offered tool's word for the same thing (from the sheeted split)
    ("我要一个围挡：6 米，刷绿漆的。", "finish", "painted_green", "grounded"),
    ("A 6 m hoarding, the green painted one.", "finish", "painted_green", "grounded"),
    # 尺寸's "size" names every i_size group: a word the sent member shares names no other member
    ("我要一个安全座椅：新生儿尺寸。", "group", "i_size_40_87", "grounded"),
    # near misses: the user named another of those words (猪, "pig"), or nothing of the vocabulary names it
    ("帮我订称重时段，16头猪。", "species", "cattle", "ungrounded_value"),
    ("A 6 m hoarding, the green painted one.", "finish", "printed_wrap", "ungrounded_value"),
])
def test_a_word_another_offered_tool_names_for_the_parameter(request_, key, value, label):
    result = ground(call(1, "check_panel_stock", {key: value}, {"available": True}), request=request_, offered=HOARDING)
    assert (leaves(result)[key] == "ungrounded_value") == (label == "ungrounded_value"), leaves(result)


@pytest.mark.parametrize("town, label", [
    ("Norwich", "grounded"),  # GeoNames lists it only as 諾里奇; the user writes 诺里奇 (from the bunted split)
    ("Norwood", "ungrounded_value"),  # near miss: another town
])
def test_a_city_geonames_lists_in_traditional_characters_is_named_in_simplified(town, label):
    search = ToolDefinition(name="search_labs", description="Find labs in a town.",
                            parameters={"type": "object", "properties": {"town": {"type": "string"}}})
    result = ground(call(1, "search_labs", {"town": town}, {"labs": []}), request="帮我找诺里奇的校准实验室。",
                    offered=(search,))
    assert (leaves(result)["town"] == "ungrounded_value") == (label == "ungrounded_value"), leaves(result)


SAND_YACHTS = ToolDefinition(name="search_yacht_slots", parameters={"type": "object", "properties": {
    "site": {"type": "string"}, "session": {"type": "string", "enum": ["am", "pm"]},
    "country": {"type": "string", "enum": ["FR", "PM", "GB"]}}})


@pytest.mark.parametrize("sent, said, label", [
    # 法国 ("France; French") names France, not Saint Pierre and Miquelon, whose people countryinfo also calls French:
    # the morning session's 'am' is no other territory's code the user named (from the spurled split)
    ({"session": "am"}, "帮我订后天的沙滩帆车，上午场，我在法国。", "grounded"),
    ({"country": "FR"}, "帮我订后天的沙滩帆车，上午场，我在法国。", "grounded"),
    # near misses: the other territory sent for 法国; the territory its own name names
    ({"country": "PM"}, "帮我订后天的沙滩帆车，上午场，我在法国。", "ungrounded_value"),
    ({"country": "PM"}, "帮我订后天的沙滩帆车，我在圣皮埃尔和密克隆群岛。", "grounded"),
])
def test_a_people_several_territories_share_names_the_most_populous(sent, said, label):
    found = leaves(ground(call(1, "search_yacht_slots", sent), request=said, offered=(SAND_YACHTS,)))
    assert (found[next(iter(sent))] == "ungrounded_value") == (label == "ungrounded_value"), found


@pytest.mark.parametrize("earlier, label", [
    # the day asked a turn before the quote the agent now books: computed from the trace's day as the request's own
    # relative words are (from the sternpieced split)
    ("Quote in pounds and book us in the day after tomorrow.", "pass"),
    ("用英镑报价，后天给我们安排上。", "pass"),
    # near miss: the earlier turn asked for tomorrow
    ("Quote in pounds and book us in tomorrow.", "ungrounded_value"),
])
def test_a_day_asked_in_an_earlier_turn_is_computed_from_the_traces_day(earlier, label):
    history = [EarlierMessage(role="user", text=earlier),
               EarlierMessage(role="assistant", text="Quote QC-99071: 497.10 GBP. Shall I go ahead?")]
    t = trajectory(call(1, "book", {"date": "2026-12-02", "quote_id": "QC-99071"}), input="Yes, go ahead with that quote.",
                   offered=(BOOK, FLIGHTS, WEATHER), history=history)
    assert GroundingEvaluator().evaluate(t, EvalContext()).label == label

