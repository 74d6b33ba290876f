"""Numbers a reviewer works out from the user's own (and a rate or a unit price an earlier result gave): a share of an amount ("5% of my 800 euro
bonus" → 40; "15% tip" → the bill and 15 % more; "八折" → 80 % of the price), and where the request
asks for it ("split 240 between 3", "total for 4 at 35 each", "一共", "平分"), the sum, difference,
product or quotient of two of its numbers. Results are compared to the cent, or to the unit when
the value is a whole number (an agent rounds 124.95 to 125)."""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from collections.abc import Callable, Iterable
from itertools import permutations

from evaluators.text.cache import cached_when_short
from evaluators.text.dates import without_dates
from evaluators.text.measures import measures_in
from evaluators.text.norm import norm
from evaluators.text.numbers import canonical, numbers_in, numbers_in_order, zh_amount
from evaluators.text.values import named_numbers

_SHARE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|％|percent\b|per\s*cent\b)|百分之([零〇一二两三四五六七八九十百点\d.]+)"
                    r"|([一二三四五六七八九]|\d(?:\.\d)?)\s*折", re.IGNORECASE)
# Fractions in words: "half of what I owe", "a third", 一半, 三分之一 (not "half an hour": a length of time)
_FRACTIONS = {"half": Decimal("0.5"), "a third": Decimal(1) / 3, "one third": Decimal(1) / 3,
              "two thirds": Decimal(2) / 3, "a quarter": Decimal("0.25"), "one quarter": Decimal("0.25"),
              "three quarters": Decimal("0.75"), "一半": Decimal("0.5"), "三分之一": Decimal(1) / 3,
              "三分之二": Decimal(2) / 3, "四分之一": Decimal("0.25"), "四分之三": Decimal("0.75")}
_FRACTION = re.compile(r"\b(?:half|a third|one third|two thirds|a quarter|one quarter|three quarters)\b"
                       r"(?!\s+(?:of\s+)?(?:an?\s+)?(?:hour|minute|day|week|month|year)s?\b)(?<!\ba half)"
                       r"|一半|三分之[一二]|四分之[一三]", re.IGNORECASE)
# Words that ask for a total, a split or a rate: without one, two numbers of a request are not operands.
_COMPUTE = re.compile(r"\b(?:total|sum|altogether|in all|combined|overall|split|divide[sd]?|between|each|per|apiece"
                      r"|times|average|add(?:ed)? up)\b|[×÷*/]|合计|总共|一共|共计|总计|加起来|平分|均分|平摊|分摊|每|各|乘|除"
                      # a count of things at a price: "3 nights at 980", "5 licences @ 12"
                      r"|\d\s+[a-z]+\s+(?:at|@)\s*[$€£¥]?\s*\d",
                      re.IGNORECASE)
# Groups of a size: "two classes of 26", "3 boxes of 12" hold their product
_GROUPS = re.compile(r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+[a-z]+s\s+of\s+(\d+)\b", re.IGNORECASE)
_FEW = {w: n for n, w in enumerate("two three four five six seven eight nine ten".split(), 2)}
# A battery's voltage and capacity: their product is its energy ("36V 17.5Ah": 630 Wh)
_VOLTS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*v(?:olts?)?\b", re.IGNORECASE)
_AMP_HOURS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:ah|amp[\s-]?hours?)\b", re.IGNORECASE)
# Words that ask to change a count or an amount a result gave: "add 600 seats" to the 20 there are.
_AS_MANY = re.compile(r"\b(?:as many|afford|budget|for the money)\b|预算|订满|买满|能买多少|能订多少", re.IGNORECASE)
_CHANGE = re.compile(r"\b(?:add|adding|more|extra|another|increase|top up|remove|removing|reduce|fewer|less|drop"
                     r"|left|remaining|deduct|subtract|minus)\b|加|增|再|多|减|少|去掉|剩|扣", re.IGNORECASE)
# One more or one fewer of something, said so: "add 1 more bottle", "one extra seat", 再加1瓶, 少一个.
_ONE_MORE = re.compile(r"\b(?:1|one)\s+(?:more|extra|fewer|less)\b|\badd\s+(?:1|one)\b|(?:再加|再|加|多|减|少)\s*[1一]\s*[^\d\s.]",
                       re.IGNORECASE)
_MOST_OPERANDS = 12  # a request with more numbers than this is a table, not a sum to check
_CENT, _UNIT = Decimal("0.01"), Decimal(1)
_MOST_FACTORS = 64  # numbers of earlier results tried as a unit price
_LARGEST = Decimal(10) ** 15  # past this no amount is worked out by hand (and quantize would overflow)


@cached_when_short(1 << 12)
def shares_in(text: str) -> frozenset[Decimal]:
    """The fractions a text states as percentages or as a Chinese discount (八折 pays 0.8)."""
    found = set()
    for m in _SHARE.finditer(text):
        if m[1]:
            found.add(Decimal(m[1]) / 100)
        elif m[2] and (amount := zh_amount(m[2])) is not None:
            found.add(amount / 100)
        elif m[3] and (amount := zh_amount(m[3])) is not None:
            found.add(amount / 10)
    found |= {_FRACTIONS[m[0].lower()] for m in _FRACTION.finditer(text)}
    return frozenset(s for s in found if 0 < s < 10)


def _close(result: Decimal, value: Decimal) -> bool:
    if abs(result) >= _LARGEST or abs(value) < _CENT:
        return False
    if abs(result - value) <= _CENT / 2:  # rounded to the cent, half up
        return True
    return value != 0 and value == value.to_integral_value() and result.quantize(_UNIT, ROUND_HALF_UP) == value


def computed_from(value: Decimal, text: str) -> str | None:
    """How `value` follows from the numbers of the user's `text`, or None."""
    if not value.is_finite() or not 0 < abs(value) < _LARGEST:
        return None
    numbers = [n for n in map(Decimal, numbers_in(text)) if abs(n) < _LARGEST]
    shares = shares_in(text)
    if shares:
        bases = _bases(text)  # 29 h at 85 euro/h, plus 19% VAT
        for share in shares:
            for base in bases:
                if base in (share, share * 100):  # "5%" states 5 and 0.05: neither is the amount
                    continue
                for factor, how in ((share, ""), (1 - share, "less "), (1 + share, "plus ")):
                    if factor > 0 and _close(base * factor, value):
                        return f"{how}{canonical(share * 100)}% of {canonical(base)}, as the user asked"
    for volts in _VOLTS.finditer(text):
        for charge in _AMP_HOURS.finditer(text):
            energy = Decimal(volts[1]) * Decimal(charge[1])
            if _close(energy, value) or _close(energy / 1000, value):
                return f"{volts[1]} V × {charge[1]} Ah (watt-hours), as the user wrote"
    for m in _GROUPS.finditer(text):
        groups = int(m[1]) if m[1].isdigit() else _FEW[m[1].lower()]
        if _close(Decimal(groups * int(m[2])), value):
            return f"{groups} groups of {m[2]}, as the user wrote"
    if len(numbers) > _MOST_OPERANDS or _COMPUTE.search(text) is None:
        return None
    for a, b in permutations([n for n in numbers if n not in (0, 1)], 2):
        for result, sign in ((a + b, "+"), (a - b, "-"), (a * b, "×"), (a / b, "÷")):
            if result > 0 and _close(result, value):
                return f"{canonical(a)} {sign} {canonical(b)}, as the user asked"
    for total, how in _line_totals(text):
        for factor, change in ((Decimal(1), ""), *((1 + sign * s, f" {word} {canonical(s * 100)}%") for s in shares
                                                     for sign, word in ((-1, "less"), (1, "plus")))):
            if factor > 0 and _close(total * factor, value):
                return f"{how}{change}, as the user asked"
    return None


_MOST_LINES = 8  # numbers of a request read as lines of a bill


def _line_totals(text: str) -> Iterable[tuple[Decimal, str]]:
    """The totals of a bill the request writes line by line, numbers in the order written: each
    run of three or more consecutive numbers, each number a line or, paired with the next, a count
    at a price ("2 adults at 45 and 3 children at 20": 2×45 + 3×20; "12 hours at 95 plus 40
    travel": 12×95 + 40; "45.50, 12.30 and 88": their sum). Consecutive only: a bill is read in
    order, and a few dozen sums are all a chance match could hit."""
    numbers = numbers_in_order(text)
    if len(numbers) > _MOST_LINES:
        return
    for start in range(len(numbers)):
        for end in range(start + 3, len(numbers) + 1):
            for groups in _groupings(numbers[start:end]):
                if len(groups) > 1:
                    yield sum(g[0] * g[1] if len(g) == 2 else g[0] for g in groups), \
                        " + ".join(" × ".join(map(canonical, g)) for g in groups)


def _groupings(numbers: tuple[Decimal, ...]) -> Iterable[tuple[tuple[Decimal, ...], ...]]:
    """Every split of `numbers` into consecutive ones and pairs."""
    if not numbers:
        yield ()
        return
    for size in (1, 2):
        if len(numbers) >= size:
            for rest in _groupings(numbers[size:]):
                yield (numbers[:size], *rest)


def computed_with_result(value: Decimal, text: str, earlier: Callable[[str], bool],
                         factors: Callable[[], Iterable[Decimal]] = tuple) -> str | None:
    """How `value` is a number of the user's `text` (or, where it asks for a computation, the
    product of two: 3 nights at 980) times or divided by a number an earlier result gave (7,250 EUR
    at the rate 7.1093 an FX lookup returned; 3 seats at a fare of 35.50), or, where it asks to add
    or remove some, plus or minus one (600 seats added to the 20 a lookup gave), or None. The
    result's number is looked for as written to up to six decimals."""
    if not value.is_finite() or not 0 < value < _LARGEST:
        return None
    bases = _bases(text)
    # a share the user states of a number a result gave: "offer 10% below asking" on a price of 890
    shares = [f for share in shares_in(text) for f in (share, 1 - share, 1 + share) if 0 < f and f != 1]
    for a in (*bases, *shares):
        found = _times_rate(value, a, earlier)
        if found is not None:
            return found
    if _CHANGE.search(text) is not None:
        # one more is an id's near miss, unless the user says one more of a few things (a count below 100)
        one = _ONE_MORE.search(text) is not None
        for a in (Decimal(n) for n in numbers_in(text) if n != "0" and (n != "1" or one)):
            for b, sign in ((value - a, "+"), (value + a, "-")):  # value = b + a, or b - a
                if b > 1 and b == b.to_integral_value() and (a != 1 or b < 100) and earlier(norm(canonical(b))):
                    return f"{canonical(b)} (an earlier result's number) {sign} {canonical(a)}, as the user asked"
    # 3 tees at a price a search gave, in yuan at the rate an FX lookup gave
    prices = [p for p in list(factors())[:_MOST_FACTORS] if p not in (0, 1)]
    for price in prices:
        for a in (Decimal(1), *bases):
            if abs(a * price) < _LARGEST and (found := _times_rate(value, a * price, earlier, price)):
                return found if a == 1 else f"{found} (the {canonical(a)} at a result's {canonical(price)})"
    return _share_of_bill(value, text, bases, prices, earlier) or _basket(value, text, prices)


_WEIGHED = re.compile(r"\d+(?:[.,]\d+)?\s*(?:斤|公斤|千克|克|kg\b|kilos?\b|kilograms?\b|g\b|grams?\b|lbs?\b|pounds?\b)", re.I)


def _basket(value: Decimal, text: str, prices: list[Decimal]) -> str | None:
    """How `value` is a basket of two items: two of the user's counts each at a price the results
    gave (3 kg of rye at 2.60 and 5 kg of wheat at 2.40: 19.80), a weight counted in kilograms (10斤
    is 5 kg). Two items' counts may be equal; their prices are distinct."""
    # each weight as said, so that "2 kg of rye and 2 kg of buckwheat" holds two counts of 2
    kilos = [grams / 1000 for m in _WEIGHED.finditer(text) for dimension, grams in measures_in(m[0]) if dimension == "mass"]
    plain = [n for n in map(Decimal, numbers_in(_WEIGHED.sub(" ", text))) if 1 < n <= 1000]  # 6斤 counts as 3 kg only
    counts = (plain + kilos)[:_MOST_OPERANDS]
    target = value.quantize(_CENT, ROUND_HALF_UP)
    for a, b in permutations(counts, 2):
        # the second item's price, looked up rather than tried: counts × prices is a hot path
        at = {(b * q).quantize(_CENT, ROUND_HALF_UP): q for q in prices}
        for x in prices:
            y = at.get((target - a * x).quantize(_CENT, ROUND_HALF_UP))
            if y is not None and y != x and (a * x + b * y).quantize(_CENT, ROUND_HALF_UP) == target:
                return f"{canonical(a)} × {canonical(x)} + {canonical(b)} × {canonical(y)} " \
                       "(the user's counts at earlier results' prices)"
    return None


def as_many_as_fit(value: Decimal, text: str, prices: Iterable[Decimal], most: int | None = None) -> str | None:
    """How `value` is as many as an amount the user has buys at one of `prices` (what the thing
    bought costs), where the request asks for that ("as many as fit", "预算…订满"): 150 euros at 18
    a spot buy 8; or `most`, the most the tool takes, where the amount buys more (500 euros at 18 a
    spot buy 27, and a booking takes up to 20)."""
    if value < 2 or value != value.to_integral_value() or _AS_MANY.search(text) is None:
        return None
    for amount in (Decimal(n) for n in numbers_in(text)):
        for price in prices:
            if price > 0 and value * price <= amount < (value + 1) * price:
                return f"as many as {canonical(amount)} buys at {canonical(price)} (an earlier result's number)"
            if price > 0 and value == most and (value + 1) * price <= amount:
                return f"the most the tool takes, fewer than {canonical(amount)} buys at {canonical(price)} (an earlier result's number)"
    return None


def _share_of_bill(value: Decimal, text: str, bases: list[Decimal], prices: list[Decimal],
                   earlier: Callable[[str], bool]) -> str | None:
    """How `value` is a bill worked out from results, or a share the user states of one: 12 kg at
    the 12.00 a kilo a price lookup gave plus the 31.00 postage another gave; "the 20% deposit" of 2
    days at the 85 a search gave plus the 25 delivery fee. The whole bill needs the user's count: a
    result's price plus another's number is any two numbers added."""
    for share in (Decimal(1), *(s for s in shares_in(text) if 0 < s < 1)):
        total = value / share
        for price in prices:
            for a in (Decimal(1), *bases) if share != 1 else bases:
                rest = total - a * price
                cents = rest.quantize(_CENT, ROUND_HALF_UP) if abs(rest) < _LARGEST else None
                # the fee is another number than the price (3 × 100 + 100 is one number read twice)
                if cents is not None and (cents == 0 or (cents > 0 and _close(cents, rest) and cents != price
                                                         and earlier(norm(canonical(cents))))):
                    plus = f" + {canonical(cents)}" if cents else ""
                    of = f"{canonical(share * 100)}% of " if share != 1 else ""
                    return f"{of}{canonical(a)} × {canonical(price)}{plus} (earlier results' numbers), as the user asked"
    return None


def _times_rate(value: Decimal, a: Decimal, earlier: Callable[[str], bool], price: Decimal | None = None) -> str | None:
    """How `value` is `a` times or divided by a number an earlier result gave, to six decimals; where
    `a` holds a result's `price` already, by another number (3 seats at a stock of 2 are no 12 by
    that 2 again)."""
    for b, sign in ((value / a, "×"), (a / value, "÷")):
        if abs(b) >= _LARGEST:
            continue
        for places in range(7):
            candidate = b.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
            if candidate in (0, 1, price) or not _close(a * candidate if sign == "×" else a / candidate, value):
                continue
            if earlier(norm(canonical(candidate))):
                return f"{canonical(a)} {sign} {canonical(candidate)} (an earlier result's number), as the user asked"
    return None


def _bases(text: str) -> list[Decimal]:
    """The user's numbers a result's rate applies to, and, where the text asks for a computation,
    the products of two of them; the numbers of the dates it states (4月3日) count nothing."""
    numbers = [n for n in map(Decimal, numbers_in(without_dates(text))) if n not in (0, 1) and 0 < abs(n) < _LARGEST]
    if len(numbers) <= _MOST_OPERANDS and _COMPUTE.search(text) is not None:
        numbers += [a * b for i, a in enumerate(numbers) for b in numbers[i + 1:] if abs(a * b) < _LARGEST]
    return numbers


_MOST_FIELDS = 12  # numeric fields of one record whose pairs are tried as a subtotal and a fee
_MOST_TERMS = 4  # a record's numbers beside the count and the price that a bill adds or takes off


def totals_of(result: object) -> frozenset[Decimal]:
    """The totals a reviewer reads off one result: the sum of one field over a list's records, or
    over two of them (the prices of the items found), and of two or all numeric fields of one
    record (a subtotal and its shipping)."""
    found: set[Decimal] = set()
    for node in _nodes(result):
        if isinstance(node, dict):
            if numbers := _record_numbers(node):
                found |= _field_sums(numbers) | _balances(numbers)
            continue
        records = [_fields(v) for v in node if isinstance(v, dict)]
        for key in {k for r in records for k in r}:
            column = [n for r in records if (n := r.get(key)) is not None]
            if len(column) > 1:
                found.add(sum(column))
            if 2 < len(column) <= _MOST_FIELDS:  # two of the items found: "the two cheapest"
                found |= {a + b for i, a in enumerate(column) for b in column[i + 1:]}
    return frozenset(t for t in found if 0 < t < _LARGEST)


def record_totals(result: object) -> frozenset[Decimal]:
    """The sums of two or all numeric fields of one record, anywhere in a result (a course's fee and
    its materials fee): what one thing costs in all, before a count of them."""
    found = {t for node in _nodes(result) if isinstance(node, dict) and (numbers := _record_numbers(node))
             for t in _field_sums(numbers)}
    return frozenset(t for t in found if 0 < t < _LARGEST)


def _nodes(result: object) -> Iterable[dict | list]:
    """Every record and list of a result, however deep."""
    stack = [result]
    while stack:
        node = stack.pop()
        if isinstance(node, (dict, list)):
            yield node
            stack += [v for v in (node.values() if isinstance(node, dict) else node) if isinstance(v, (dict, list))]


def _record_numbers(record: dict) -> list[Decimal]:
    """A record's own numbers, when it has two to `_MOST_FIELDS` of them (else none)."""
    numbers = [n for v in record.values() if (n := _number(v)) is not None]
    return numbers if 1 < len(numbers) <= _MOST_FIELDS else []


def _field_sums(numbers: list[Decimal]) -> set[Decimal]:
    return {a + b for i, a in enumerate(numbers) for b in numbers[i + 1:]} | {sum(numbers)}


def _fields(record: dict, path: tuple = ()) -> dict[tuple, Decimal]:
    """A record's numbers by their path through its nested records (a course's fees.EUR): a field
    of the records of a list, however deep in each, is one column."""
    found: dict[tuple, Decimal] = {}
    for key, value in record.items():
        if isinstance(value, dict):
            found |= _fields(value, (*path, key))
        elif (n := _number(value)) is not None:
            found[(*path, key)] = n
    return found


# a field holding a percentage by its name: discount_pct, vat_percent, surcharge_percentage
_PERCENT_KEY = re.compile(r"(?:^|[_\W])(?:pct|percent|percentage)(?:$|[_\W])|%", re.IGNORECASE)


def percent_factors(result: object) -> frozenset[Decimal]:
    """What a percentage a result gives in a field named for one does to an amount: a discount_pct
    of 15 leaves 0.85 of it, a surcharge_percent of 20 makes it 1.2 times. Only fields named so: a
    bare 15 of a record is a count or a price as often as a share."""
    shares = [n for _, value in named_numbers(result, _PERCENT_KEY) if (n := _number(value)) is not None and 0 < n < 100]
    return frozenset(f for n in shares for f in (1 - n / 100, 1 + n / 100))


def _balances(numbers: list[Decimal]) -> set[Decimal]:
    """A booking's bill as a reviewer works it out from its own record: a count (2 to 99 of a thing)
    times another of its numbers (passengers at a price per person), with each of its other numbers
    added or taken off (a fee, the deposit paid). All of them: a balance that leaves the fee out is a
    wrong sum, not a reading of the record."""
    found: set[Decimal] = set()
    for i, count in enumerate(numbers):
        if not (1 < count < 100 and count == count.to_integral_value()):
            continue
        for j, price in enumerate(numbers):
            rest = [n for k, n in enumerate(numbers) if k not in (i, j) and n]
            if j == i or price in (0, 1) or len(rest) > _MOST_TERMS:
                continue
            totals = {count * price}
            for n in rest:
                totals = {t + n for t in totals} | {t - n for t in totals}
            found |= totals
    return found


def column_sums(results: Iterable[object]) -> list[Decimal]:
    """The sum of one field over the records of several results (the prices three searches gave,
    one item each): a basket a reviewer adds up before the count and the rate apply. A result
    naming the same record as an earlier one (a booking looked up after it was made: the same
    booking_ref) is that record again, counted once."""
    columns: dict[str, list[Decimal]] = {}
    records: set[frozenset] = set()
    for result in results:
        if isinstance(result, dict):
            record = frozenset((k, v) for k, v in result.items() if type(v) is str and _RECORD_REF.search(k))
            if record and record in records:
                continue
            records.add(record)
        seen: dict[str, list[Decimal]] = {}
        stack = [result]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                for key, value in node.items():
                    if (n := _number(value)) is not None:
                        seen.setdefault(key, []).append(n)
                    elif isinstance(value, (dict, list)):
                        stack.append(value)
            elif isinstance(node, list):
                stack += [v for v in node if isinstance(v, (dict, list))]
        for key, numbers in seen.items():
            if len(numbers) == 1:  # one item a result: a column across results
                columns.setdefault(key, []).append(numbers[0])
    return [sum(column) for column in columns.values() if 1 < len(column) <= _MOST_FIELDS and 0 < sum(column) < _LARGEST]


_RECORD_REF = re.compile(r"(?:^|_)(?:id|ref|reference|number|no)$|[a-z](?:Id|Ref)$")
_MONEY_KEY = re.compile(r"price|quote|cost|fee|charge|amount|total", re.IGNORECASE)


def money_pair_sums(results: Iterable[object]) -> frozenset[Decimal]:
    """A money field of one result plus one of another (a repair's quote and the price of the part
    the user asked fitted): the bill of two things looked up apart, read by their fields' names."""
    amounts = []
    for result in results:
        found = {n for node in _nodes(result) if isinstance(node, dict) for key, value in node.items()
                 if isinstance(key, str) and _MONEY_KEY.search(key) and (n := _number(value)) is not None}
        if found:
            amounts.append(found)
    return frozenset(a + b for i, first in enumerate(amounts) for later in amounts[i + 1:]
                     for a in first for b in later if 0 < a + b < _LARGEST)


def _number(value: object) -> Decimal | None:
    if type(value) in (int, float) and abs(value) < _LARGEST and value == value:
        return Decimal(str(value))
    return None
