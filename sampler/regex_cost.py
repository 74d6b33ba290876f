"""What a filter regex would cost DuckDB, judged before it runs.

DuckDB's `regexp_matches` runs RE2: linear in the text, but a counted repetition is compiled by
copying its body, so `.{0,1000}` is a thousand-state program that overflows RE2's DFA cache and
falls back to its slow NFA. Measured on 2 KB rows: `.{0,100}zzz` 0.05 ms a row, two of them in a
row 0.15 ms, `.{0,1000}zzz` 180 ms and ten `.{0,100}` in a row 137 ms. So each counted
repetition (nested ones multiply) and their sum are bounded, and so is the pattern's length.
Unbounded `*` and `+`, nested or not, cost RE2 nothing extra and are allowed.
"""
from __future__ import annotations

from re import _constants as sre
from re import _parser

MAX_PATTERN_CHARS = 500
MAX_REPEAT = 100  # one counted repetition, times the counts of those around it
MAX_TOTAL_REPEAT = 200  # all counted repetitions of the pattern together

_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)


def regex_cost_error(pattern: str) -> str | None:
    """Which cost rule a pattern breaks, or None. The pattern must already compile in Python `re`."""
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"is {len(pattern)} characters long; at most {MAX_PATTERN_CHARS} are allowed"
    total = 0
    stack: list[tuple[list, int]] = [(_parser.parse(pattern), 1)]
    while stack:
        items, outer = stack.pop()
        for op, av in items:
            if op in _REPEATS:
                low, high, body = av
                count = low if high == sre.MAXREPEAT else high
                if count > 1:
                    times = outer * count
                    if times > MAX_REPEAT:
                        return (f"repeats {_shown(low, high)} {times} times; a counted repetition may repeat at "
                                f"most {MAX_REPEAT} times (nested counts multiply), since RE2 copies it that often")
                    total += times
                stack.append((body, outer * max(count, 1)))
            else:
                stack.extend((part, outer) for part in _parts(op, av))
    if total > MAX_TOTAL_REPEAT:
        return f"has counted repetitions adding up to {total}; at most {MAX_TOTAL_REPEAT} are allowed in one pattern"
    return None


def _parts(op, av) -> list[list]:
    """The sub-patterns inside one parsed node."""
    if op == sre.SUBPATTERN:
        return [av[-1]]
    if op == sre.BRANCH:
        return list(av[1])
    if op in (sre.ASSERT, sre.ASSERT_NOT):
        return [av[1]]
    if op == sre.ATOMIC_GROUP:
        return [av]
    if op == sre.GROUPREF_EXISTS:
        return [part for part in av[1:] if part is not None]
    return []


def _shown(low: int, high: int) -> str:
    if high == sre.MAXREPEAT:
        return f"{{{low},}}"
    return f"{{{low}}}" if low == high else f"{{{low},{high}}}"
