"""Well-known names of a code, and codes of a name, in English and Chinese, from maintained data.

A reviewer passes `get_exchange_rate(base="EUR")` for "convert 250 euro" and `search(origin="PEK")`
for "北京出发": the code and the name are one thing. The equivalences come from CLDR through
babel (currencies with their plural names, territories with their ISO 3166 alpha-2 and alpha-3
codes and reserved aliases (UK for GB), and from countryinfo their people's name (Chinese for CN) and other
names (Holland, USA, Deutschland), languages with their ISO 639 codes and BCP 47 tags and, from language_data
(langcodes' names), their other names (Mandarin and 普通话 for zh), country subdivisions with their ISO 3166-2
codes from pycountry (IE-CO: Cork, 科克郡; GB-WLS: Wales [Cymru GB-CYM] names Wales, Cymru and GB-CYM),
measurement units with their symbols; each in English and Chinese; currencies also by their everyday Chinese
names: CLDR's simplified Cantonese (加币) and a territory's CC-CEDICT short form with 元 (加元), and by ISO 4217's names
from pycountry: "Pound Sterling", "sterling") and from airportsdata (IATA
airport and multi-airport city codes to their city, and an airport's code to its own name: LHR, Heathrow). Currency symbols are left out: normalised,
"US$" and "CN¥" would be the words "us" and "cn". Nothing is written by hand. `equivalents` gives
the other names of whatever a value denotes; an ambiguous code ("IT": Italy or Italian) gives the
names of each.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache

from evaluators.budget import unbudgeted
from evaluators.text.glosses import abbreviations
from evaluators.text.norm import has_cjk, norm

Key = tuple[str, str]  # (kind, identifier): ("currency", "EUR"), ("city", "beijing")
_LOCALES = ("en", "zh")


@cache
@unbudgeted
def _index() -> tuple[dict[str, tuple[Key, ...]], dict[Key, tuple[str, ...]]]:
    """(normalised surface -> the things it names, thing -> its normalised names), built once. Held
    as tuples of strings, which the garbage collector stops tracking: as sets, its 33,000 entries
    were walked by every full collection of a worker's life."""
    from babel import Locale
    from babel.core import get_global
    from countryinfo import all_countries
    from langcodes import standardize_tag, tag_is_valid

    surfaces: dict[str, set[Key]] = {}
    names: dict[Key, set[str]] = {}

    def add(key: Key, forms: Iterable[object], named: bool = True) -> None:
        for form in forms:
            text = norm(form) if isinstance(form, str) else ""
            if text:
                surfaces.setdefault(text, set()).add(key)
                if named:
                    names.setdefault(key, set()).add(text)

    for locale in map(Locale, _LOCALES):
        data = locale._data
        for code, name in locale.currencies.items():
            plural = data["currency_names_plural"].get(code, {}).values()
            # symbols are left out ("US$" would name "us"); "Japanese yen" is also "yen"
            add(("currency", code), [code, name, *plural, *(n.split()[-1] for n in (name, *plural) if " " in n)])
        for code, name in locale.territories.items():
            if code.isalpha():
                add(("territory", code), [code, name])
        for code, name in locale.languages.items():
            add(("language", code.replace("_", "-")), [code, name])
        for unit, display in data["unit_display_names"].items():
            add(("unit", unit), display.values())
    # a currency's everyday Chinese names: a territory's one-character short form (CC-CEDICT: 加, "abbr. for Canada 加拿大")
    # with 元, as 加元 where CLDR's Chinese says 加拿大元, and CLDR's simplified Cantonese names (加币, 澳币)
    territories = {name: code for code, name in Locale("zh").territories.items() if code.isalpha()}
    for char, long_names in abbreviations().items():
        for territory in filter(None, map(territories.get, long_names)):
            for code in _tenders(territory):
                add(("currency", code), [char + "元"])
    for code, name in Locale.parse("yue_Hans").currencies.items():
        add(("currency", code), [name])
    # ISO 4217's own names (pycountry): "Pound Sterling" for GBP, where CLDR says "British Pound"; of two words, the
    # last too where no currency is named so yet ("sterling", as "yen" of "Japanese yen")
    import pycountry

    for currency in pycountry.currencies:
        words = norm(currency.name).split()
        add(("currency", currency.alpha_3), [currency.name, *(words[-1:] if len(words) == 2 and words[-1] not in surfaces else ())])
    # the people of a country name it: "I'm Chinese" for nationality=CN; a people several territories share
    # (French of France, Réunion, St Pierre) names the most populous, not Saint Pierre's PM for 法国
    countries = [c for c in all_countries() if isinstance(c.iso(), dict) and c.iso().get("alpha2")]
    people: dict[str, tuple[int, str]] = {}
    for country in countries:
        if demonym := country.demonym():
            people[demonym] = max(people.get(demonym, (-1, "")), (country.population() or 0, country.iso()["alpha2"]))
    for country in countries:
        iso, demonym = country.iso()["alpha2"], country.demonym()
        # and its other names: Holland, USA, Great Britain, Deutschland (codes are CLDR's already)
        others = [n for n in (*(country.alt_spellings() or ()), country.native_name())
                  if isinstance(n, str) and len(n) > 3]
        add(("territory", iso), [*([demonym] if demonym and people[demonym][1] == iso else []), *others])
    for alias, targets in get_global("territory_aliases").items():
        if alias.isalpha() and len(targets) == 1:
            # alpha-3 codes name their territory (CHN -> CN); a reserved alpha-2 alias is also one of
            # its names, as people write it ("UK office" for GB)
            add(("territory", targets[0]), [alias], named=len(alias) == 2)
    for alias, target in get_global("language_aliases").items():  # ISO 639-2/3: zho -> zh
        if len(alias) == 3 and alias.isalpha() and target.isalpha():
            add(("language", target), [alias], named=False)
    # a language's other names in English and Chinese (Mandarin, Farsi, 普通话), as language_data reads names for
    # langcodes, each for its macrolanguage (cmn: zh) where that has an ISO 639-1 code CLDR names: the rarer
    # languages' names hold common words ("the" is one of Chong's), and a short name may be a code or a word (but for
    # Chinese names: 中文)
    known = {key[1] for keys in surfaces.values() for key in keys if key[0] == "language" and len(key[1]) == 2}
    for language, code in _language_names():
        if len(language) >= (2 if has_cjk(language) else 4) and tag_is_valid(code) \
                and (macro := standardize_tag(code, macro=True).split("-")[0]) in known:
            add(("language", macro), [language])
    for code, forms in _subdivisions():  # ISO 3166-2: IE-CO is Cork (科克郡), DE-BY Bayern (Bavaria, 巴伐利亚)
        add(("subdivision", code), forms)
    for city, codes in _iata().items():
        add(("city", city), [city])
        add(("city", city), codes, named=False)  # a code names its city, not the city's other airports
    for code, name in _airport_names().items():  # LHR is also Heathrow, LGW Gatwick
        add(("airport", code), [code, name])
    return ({s: tuple(k) for s, k in surfaces.items()}, {k: tuple(n) for k, n in names.items()})


def _subdivisions() -> list[tuple[str, list[str]]]:
    """(ISO 3166-2 code, its names) of every country subdivision pycountry knows: the code, the name ISO gives
    (Bayern, Cork) and its English and Chinese names from pycountry's translations (Bavaria, 科克郡)."""
    import gettext

    import pycountry

    translations = [gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=[locale]) for locale in _LOCALES]
    return [(sub.code, [sub.code, *_iso_forms(sub.name), *(t.gettext(sub.name) for t in translations)])
            for sub in pycountry.subdivisions]


def _iso_forms(name: str) -> list[str]:
    """The names an ISO 3166-2 entry's name holds in ISO's notation: the name, an alternative name in brackets
    with its own code ("Wales [Cymru GB-CYM]": Wales, Cymru, GB-CYM), a name without its qualifier in
    parentheses ("Sofia (stolitsa)"), and an inverted name in its spoken order ("Bristol, City of": City of
    Bristol)."""
    forms = [name]
    if match := _BRACKETED.fullmatch(name):
        forms += [part for part in match.groups() if part]
        name = match[1]
    elif match := _QUALIFIED.fullmatch(name):
        forms.append(name := match[1])
    if match := _INVERTED.fullmatch(name):
        forms.append(f"{match[2]} {match[1]}")
    return forms


_BRACKETED = re.compile(r"(.+?)\s*\[(.+?)(?:\s+([A-Z]{2}-[A-Z0-9]{1,3}))?\]")
_QUALIFIED = re.compile(r"(.+?)\s*\(.+\)")
_INVERTED = re.compile(r"([^,]+),\s*([^,]+)")


def _language_names() -> list[tuple[str, str]]:
    """(name, language tag) of every name language_data knows a language by in English or Chinese."""
    from language_data.names import load_trie
    from language_data.util import data_filename

    return [(name, tag.decode()) for locale in _LOCALES
            for name, tag in load_trie(data_filename(f"trie/{locale}/name_to_language.marisa")).items()]


def _iata() -> dict[str, set[str]]:
    """City name -> its IATA airport and multi-airport city codes (airportsdata). An airport
    belongs to its city, to its metropolitan area (ICN: Seoul) and to the first word of its name
    (XIY is "Xi'an Xianyang International Airport", in Xianyang)."""
    import airportsdata

    out: dict[str, set[str]] = {}
    for code, airport in airportsdata.load("IATA").items():
        for city in (airport["city"], airport["name"].split()[0] if airport["name"] else ""):
            if city:
                out.setdefault(city, set()).add(code)
    for code, area in airportsdata.load_iata_macs().items():
        for member in (code, *area["airports"]):
            out.setdefault(area["name"], set()).add(member)
    return out


def _airport_names() -> dict[str, str]:
    """IATA code -> the words of its airport's name (airportsdata) besides its city's and the words saying it is an
    airport ("London Heathrow Airport": Heathrow), where they are one airport's only and of four letters or more: a
    reviewer passes LHR for "from Heathrow" (transomchocked split)."""
    import airportsdata

    found: dict[str, set[str]] = {}
    for code, airport in airportsdata.load("IATA").items():
        city = set(norm(airport["city"] or "").split())
        rest = " ".join(w for w in norm(airport["name"] or "").split() if w not in city and w not in _AIRPORT_WORDS)
        if len(rest.replace(" ", "")) >= 4:
            found.setdefault(rest, set()).add(code)
    return {codes.pop(): rest for rest, codes in found.items() if len(codes) == 1}


# The words of airportsdata's names that say what kind of airfield it is, not which one.
_AIRPORT_WORDS = frozenset("airport international intl regional municipal airfield aerodrome air base field airstrip "
                           "heliport domestic national county memorial".split())


@lru_cache(maxsize=1 << 14)
def equivalents(value: str) -> frozenset[str]:
    """The other normalised names (in English and Chinese) of what the normalised `value` names as a
    currency, territory, language, unit or airport; empty when it names none of these. A BCP 47
    tag is read by its language ("zh-CN" names Chinese)."""
    surfaces, names = _index()
    keys = surfaces.get(value)
    if keys is None and " " in value and len(value) <= 11:  # a language tag: "zh cn", "en us"
        keys = {k for k in surfaces.get(value.split()[0], ()) if k[0] == "language"}
    return frozenset().union(*(names.get(k, ()) for k in keys or ())) - {value}


def kinds(value: str) -> frozenset[str]:
    """What the normalised `value` is a code or name of: currency, territory, language, unit, city."""
    return frozenset(kind for kind, _ in _index()[0].get(value, ()))


@cache
def local_currency(language: str) -> str | None:
    """The tender of the territory a language is most likely written in (CLDR likely subtags and
    territory currencies): zh -> CN -> CNY. What a bare "元" or "块" means in a Chinese request."""
    from babel.core import get_global

    likely = get_global("likely_subtags").get(language, "")
    territory = likely.split("_")[-1] if likely.count("_") == 2 else None
    tenders = _tenders(territory) if territory else []
    return tenders[0] if tenders else None


def _tenders(territory: str) -> list[str]:
    """The currencies a territory pays in today (CLDR territory currencies): CA -> CAD."""
    from babel.core import get_global

    return [c for c, _start, end, tender in get_global("territory_currencies").get(territory, ()) if tender and end is None]


@cache
def _short_amount() -> tuple[re.Pattern[str], dict[str, str]]:
    """(an amount followed by a Chinese currency name without its 元, that stem -> its code): CLDR
    names 欧元, 美元, 港元; after a number people drop the 元 ("一晚不超过200欧"). Not after 月: "12月3日"
    is a date, not 3 yen."""
    from babel import Locale

    stems = {name[:-1]: code for code, name in Locale("zh").currencies.items() if name.endswith("元") and len(name) > 1}
    alternation = "|".join(map(re.escape, sorted(stems, key=len, reverse=True)))
    return re.compile(rf"(?<![月\d.,])(?:\d[\d,.]*|[零〇一二两三四五六七八九十百千万亿]+)\s*({alternation})"), stems


def short_currencies(text: str) -> frozenset[str]:
    """The codes of the currencies a Chinese text names after an amount by their short name (200欧: EUR)."""
    pattern, stems = _short_amount()
    return frozenset(stems[m[1]] for m in pattern.finditer(text))


@cache
def symbols(code: str) -> frozenset[str]:
    """The signs a currency is written with in English and Chinese (CLDR): USD "$" and "US$", CNY
    "¥" and "CN¥". Read in the raw text: normalised, a sign is gone."""
    from babel import Locale

    return frozenset(s for loc in _LOCALES if (s := Locale(loc)._data["currency_symbols"].get(code))
                     and not s.isalpha())
