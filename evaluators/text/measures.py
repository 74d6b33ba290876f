"""The measures a text states (lengths, areas, masses, volumes, lengths of time) and the unit a
parameter wants one in, so that a reviewer's conversion grounds a value: "8.2 km" or "8.2公里" is
distance_m=8200, "1.5 公斤" is weight_g=1500, "a 12-hectare field" is area_m2=120000, "45 min" is
duration_seconds=2700.

No unit library is a dependency: a reviewer converts between the metric prefixes of metre, gram
and litre, the imperial and US units by their exact definitions (a mile is 1609.344 m) and the
units of time, so the table below holds those, written in English and Chinese. A converted value
may be rounded to the places it is written with (10 miles is 16.09 km). Lengths of time are read by `numbers.durations_in`.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

from evaluators.text.cache import cached_when_short
from evaluators.text.numbers import SECONDS, durations_in, zh_amount

# (dimension, size in the dimension's base unit: metre, gram, litre) of each written unit
_UNITS: dict[str, tuple[str, Decimal]] = {}
for _dimension, _size, _words in (
        ("length", Decimal(1000), "km kilometre kilometres kilometer kilometers 公里 千米"),
        ("length", Decimal(1), "m metre metres meter meters 米"),
        ("length", Decimal("0.01"), "cm centimetre centimetres centimeter centimeters 厘米"),
        ("length", Decimal("0.001"), "mm millimetre millimetres millimeter millimeters 毫米"),
        ("mass", Decimal(10) ** 6, "t tonne tonnes 吨 公吨"),  # metric: "ton" alone may be a short ton
        ("mass", Decimal(1000), "kg kgs kilo kilos kilogram kilograms kilogramme kilogrammes 千克 公斤"),
        ("mass", Decimal(1), "g gram grams gramme grammes 克"),
        ("mass", Decimal("0.001"), "mg milligram milligrams 毫克"),
        ("mass", Decimal(500), "斤 市斤"),  # the market jin, 500 g by law in the PRC since 1959 (CC-CEDICT)
        ("volume", Decimal(1000), "m3 m³ cbm 立方米 方"),  # a cubic metre is 1,000 litres; 方 says it colloquially
        ("area", Decimal(1), "m2 m² sqm 平方米 平米"), ("area", Decimal(10000), "ha hectare hectares 公顷"),
        ("area", Decimal(10) ** 6, "km2 km² 平方公里"), ("area", Decimal(10000) / 15, "亩"),  # the mu, 1/15 ha by law
        ("volume", Decimal(1), "l litre litres liter liters 升 公升"),
        ("volume", Decimal("0.001"), "ml millilitre millilitres milliliter milliliters 毫升"),
        # imperial and US units by their exact definitions ("pound" alone is also a currency: lb only)
        ("length", Decimal("1609.344"), "mi mile miles 英里"), ("length", Decimal("0.9144"), "yd yard yards 码"),
        ("length", Decimal("0.3048"), "ft foot feet 英尺"), ("length", Decimal("0.0254"), "inch inches 英寸"),
        ("mass", Decimal("453.59237"), "lb lbs 磅"), ("mass", Decimal("28.349523125"), "oz ounce ounces 盎司"),
        ("volume", Decimal("3.785411784"), "gal gallon gallons 加仑"),
        ("area", Decimal("4046.8564224"), "acre acres 英亩")):
    _UNITS.update({word: (_dimension, _size) for word in _words.split()})
_UNITS.update({f"cubic {w}": ("volume", Decimal(1000)) for w in ("metre", "metres", "meter", "meters")})
_TIME = {"ms": "ms", "millis": "ms", "milliseconds": "ms", "s": "second", "sec": "second", "secs": "second",
         "seconds": "second", "min": "minute", "mins": "minute", "minutes": "minute", "h": "hour", "hr": "hour",
         "hrs": "hour", "hours": "hour", "days": "day", "weeks": "week"}
_WRITTEN = "|".join(sorted((re.escape(w) for w in _UNITS if w.isascii()), key=len, reverse=True))
# "pound" is also a currency: a parameter named or described in pounds (price_pounds) wants money, but a
# text's pounds are read as a mass too; only a parameter wanting a mass compares them
_UNITS.update({w: ("mass", Decimal("453.59237")) for w in ("pound", "pounds")})
_TEXT_WRITTEN = "|".join(sorted((re.escape(w) for w in _UNITS if w.isascii()), key=len, reverse=True))
_CJK_WRITTEN = "|".join(sorted((w for w in _UNITS if not w.isascii()), key=len, reverse=True))
_EN_MEASURE = re.compile(rf"(?<![\w.,])(\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)[\s-]*({_TEXT_WRITTEN})\b",
                         re.IGNORECASE)
_ZH_MEASURE = re.compile(rf"(\d+(?:\.\d+)?|[零一二两三四五六七八九十百千万点]+|半)\s*({_CJK_WRITTEN})(半)?")
# A unit spelled out after "a", "one" or "half a", or with "and a half": half a kilo, a litre and a half.
_NAMES = "|".join(sorted((re.escape(w) for w in _UNITS if w.replace(" ", "").isalpha() and w.isascii() and len(w) >= 4),
                         key=len, reverse=True))
_EN_WORDED = re.compile(rf"\b(half\s+an?|an?|one|\d+(?:\.\d+)?)\s+({_NAMES})(\s+and\s+a\s+half)?\b"
                        rf"|\b(\d+|one)\s+and\s+a\s+half\s+({_NAMES})\b", re.IGNORECASE)

# The unit a parameter's name ends with (distance_m, weight_kg, window_minutes) or its description
# names ("Distance in metres", "时长（分钟）", "单位：公里").
_NAMED = re.compile(rf"(?:^|_)({_WRITTEN}|{'|'.join(_TIME)})$")
_DESCRIBED = re.compile(rf"\bin\s+({_WRITTEN}|{'|'.join(_TIME)})\b|[(（]\s*({_WRITTEN}|{'|'.join(_TIME)}|{_CJK_WRITTEN}"
                        rf"|秒|分钟|小时|天)\s*[)）]|单位\s*[:：为是]?\s*({_CJK_WRITTEN}|秒|分钟|小时|天)", re.IGNORECASE)
# Parameters whose unit their protocol fixes: a DNS or cache TTL, OAuth's expires_in, HTTP's max-age.
_SECONDS_BY_CONVENTION = re.compile(r"(?:^|_)(?:ttl|expires_in|max_age)$")
_ZH_TIME = {"秒": "second", "分钟": "minute", "小时": "hour", "天": "day"}


class Unit(NamedTuple):
    """A unit a parameter wants: its dimension, its name as written and its size in the base unit."""

    dimension: str
    name: str
    size: Decimal


def _unit(word: str) -> Unit | None:
    word = word.lower()
    if word in _TIME:
        return Unit("time", word, SECONDS[_TIME[word]])
    if word in _ZH_TIME:
        return Unit("time", word, SECONDS[_ZH_TIME[word]])
    if word in _UNITS:
        dimension, size = _UNITS[word]
        return Unit(dimension, word, size)
    return None


def parameter_unit(name: str, description: str | None = None) -> Unit | None:
    """The unit a parameter's name ends with, else the one its description names, else the one its
    protocol fixes (ttl, expires_in and max_age count seconds), else None."""
    if (m := _NAMED.search(name.lower())) is not None:
        return _unit(m[1])
    if description and (m := _DESCRIBED.search(description)) is not None:
        return _unit(next(g for g in m.groups() if g))
    if _SECONDS_BY_CONVENTION.search(name.lower()) is not None:
        return _unit("seconds")
    return None


# a record's own unit field may abbreviate where a text would not: {"unit": "in"} is inches
_FIELD_UNITS = {"in": "inch"}


def measures_given(result: object) -> frozenset[tuple[str, Decimal]]:
    """The measures a result gives, as (dimension, amount in the base unit): numbers under a field
    named for their unit (depth_m, weight_kg), or in a record whose `unit` field names one
    ({"unit": "in", "readings": [{"thickness_in": 5.4}]}), inner records included."""
    found: set[tuple[str, Decimal]] = set()
    stack: list[tuple[object, Unit | None]] = [(result, None)]
    while stack:
        node, inherited = stack.pop()
        if isinstance(node, list):
            stack += [(v, inherited) for v in node if isinstance(v, (dict, list))]
        elif isinstance(node, dict):
            named = node.get("unit")
            unit = _unit(_FIELD_UNITS.get(named.lower(), named)) if isinstance(named, str) else None
            unit = unit or inherited
            for key, value in node.items():
                if isinstance(value, (dict, list)):
                    stack.append((value, unit))
                elif type(value) in (int, float) and isinstance(key, str) and abs(value) < 1e12 and \
                        (its := parameter_unit(key) or unit) is not None:  # NaN fails the bound
                    found.add((its.dimension, Decimal(str(value)) * its.size))
    return frozenset(found)


@cached_when_short(1 << 12)
def measures_in(text: str) -> frozenset[tuple[str, Decimal]]:
    """Every measure `text` states, as (dimension, amount in the base unit: metre, square metre, gram,
    litre, second)."""
    found = {("time", seconds) for seconds in durations_in(text)}
    found |= {(dimension, Decimal(m[1].replace(",", "")) * size)
              for m in _EN_MEASURE.finditer(text) for dimension, size in (_UNITS[m[2].lower()],)}
    for m in _EN_WORDED.finditer(text):
        said, unit, half = (m[1], m[2], bool(m[3])) if m[2] else (m[4], m[5], True)
        said = said.lower()
        amount = Decimal("0.5") if said.startswith("half") else Decimal(1) if not said[0].isdigit() else Decimal(said)
        dimension, size = _UNITS[unit.lower()]
        found.add((dimension, (amount + Decimal("0.5") * half) * size))
    if not text.isascii():
        for m in _ZH_MEASURE.finditer(text):
            amount = Decimal("0.5") if m[1] == "半" else zh_amount(m[1])
            if amount is not None:
                dimension, size = _UNITS[m[2]]
                found.add((dimension, (amount + Decimal("0.5") * bool(m[3])) * size))
    return frozenset(found)
