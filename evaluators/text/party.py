"""How many people a request describes without a number for it: "me and my wife" is two, "me and
3 friends" four, 我和老婆 two, 我们俩 two, 我们仨 three. A booking's guests or party size is then a
count the user gave, as a reviewer reads it."""
from __future__ import annotations

import re

from evaluators.text.cache import cached_when_short
from evaluators.text.dates import ZH_DIGITS
from evaluators.text.numbers import WORDS

_PERSON = (r"(?:wife|husband|partner|spouse|fianc[eé]e?|friend|mate|buddy|colleague|coworker|co-worker|boss|"
           r"son|daughter|kid|child|baby|toddler|mum|mom|mother|dad|father|brother|sister|girlfriend|boyfriend|"
           r"grandma|grandpa|grandmother|grandfather|aunt|uncle|cousin|nephew|niece|guest|plus-one)")
_ONE = rf"(?:my|a|one|our)\s+(?:[a-z-]+\s+)?{_PERSON}"  # "my wife", "a friend", "my little brother"
_COUNT = rf"(?:(?:my|our)\s+)?(\d{{1,2}}|{'|'.join(WORDS)})\s+(?:other\s+)?(?:{_PERSON}s?|people|persons|others|adults|kids|children|guests)"
_COMPANY = rf"(?:{_COUNT}|{_ONE})"
# "me and my wife", "my wife and I", "me, my son and 2 friends", "myself and 3 colleagues"
_EN = re.compile(rf"\b(?:(?:me|myself|i)\s*(?:,|and|&|\+|plus|with)\s*(?P<after>(?:{_COMPANY}\s*(?:,|and|&|\+)?\s*)+)"
                 rf"|(?P<before>(?:{_COMPANY}\s*(?:,|and|&)\s*)+)(?:me|myself|i)\b)", re.IGNORECASE)
_ZH_PERSON = r"(?:老婆|老公|妻子|丈夫|太太|爱人|对象|女朋友|男朋友|朋友|同事|孩子|儿子|女儿|妈妈|爸爸|父亲|母亲|哥哥|姐姐|弟弟|妹妹|老板|闺蜜)"
# 我和老婆, 我跟两个朋友, 我带孩子; 我们俩, 咱们仨
_ZH = re.compile(rf"我(?:和|跟|带|与|同)(?:我)?(?:的)?(?:([一二两三四五六七八九十\d]{{1,2}})\s*个)?{_ZH_PERSON}|(?:我们|咱们|咱|你们|他们)(俩|仨)")
# a party counted by kind: "2 adults and 3 children", "一个大人两个小孩", "两大一小", "2大1小"
_KIND = r"(?:adults?|children|child|kids?|seniors?|students?|infants?|babies|baby|toddlers?|teens?|teenagers?|concessions?)"
_KIND_COUNT = rf"(\d{{1,2}}|{'|'.join(WORDS)})\s+{_KIND}\b"
_KINDS_EN = re.compile(rf"\b{_KIND_COUNT}(?:\s*(?:,|and|&|\+|plus)\s*{_KIND_COUNT})+", re.IGNORECASE)
_ZH_NUMBER = r"[一二两三四五六七八九十\d]{1,2}"
_ZH_KIND_COUNT = rf"({_ZH_NUMBER})\s*(?:个|位|名)?\s*(?:大人|成人|小孩|儿童|孩子|老人|学生|婴儿)"
_KINDS_ZH = re.compile(rf"{_ZH_KIND_COUNT}(?:\s*[、,，和跟加及]?\s*{_ZH_KIND_COUNT})+")
_BIG_SMALL = re.compile(rf"({_ZH_NUMBER})大({_ZH_NUMBER})小")


@cached_when_short(1 << 12)
def party_sizes(text: str) -> frozenset[int]:
    """The sizes of the parties `text` describes in words of people, or counts by kind of person
    (2 adults and 3 children are five)."""
    sizes: set[int] = set()
    for m in _KINDS_EN.finditer(text):
        sizes.add(sum(_count(c) for c in re.finditer(_KIND_COUNT, m[0], re.IGNORECASE)))
    for m in _KINDS_ZH.finditer(text):
        sizes.add(sum(map(_zh_count, re.findall(_ZH_KIND_COUNT, m[0]))))
    sizes.update(_zh_count(m[1]) + _zh_count(m[2]) for m in _BIG_SMALL.finditer(text))
    for m in _EN.finditer(text):
        company = m["after"] or m["before"]
        sizes.add(1 + sum(_count(c) for c in re.finditer(_COMPANY, company, re.IGNORECASE)))
    for m in _ZH.finditer(text):
        if m[2]:
            sizes.add(2 if m[2] == "俩" else 3)
        else:
            sizes.add(1 + (_zh_count(m[1]) if m[1] else 1))
    return frozenset(sizes)


def _count(match: re.Match) -> int:
    number = match[1]
    if number is None:
        return 1
    return int(number) if number.isdigit() else WORDS[number.lower()]


def _zh_count(number: str) -> int:
    return int(number) if number.isdigit() else ZH_DIGITS.get(number, 1)
