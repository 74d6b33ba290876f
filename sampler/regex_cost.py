"""What the regex filters of a query would cost DuckDB, judged before they run.

DuckDB's `regexp_matches` runs RE2, which builds a DFA from the compiled program as it reads. On
friendly text that DFA is small and a regex costs a few nanoseconds a character; on hostile text
(a trace's input is whatever the agent's users typed) a program that can be in many states at
once keeps building new DFA states or falls back to simulating every instruction. Measured on
512-character rows of random `a`/`b` (two shared cores, one DuckDB thread): `a[ab]{16}c` (22
instructions) 0.6 us a character, `a.{30}c` (246) 1.4 us, `a(?:.?.?.?.?.?.?.?.?.?.?){10}c`
(906) 7.4 us. Below 16 instructions a program has too few states to thrash the DFA's cache.
So a regex costs about 7 ns per character and *unit*, its units being its RE2 program size plus
250 from 16 instructions up (the DFA's rebuilding), and the program size counts every atom RE2
copies, optional ones and those inside counted groups alike.

DuckDB checks for an interrupt (a budget or a client that left) only between chunks of 2,048
rows, so a chunk must end soon: a regex filter reads only the start of its text (`TEXT_CHARS`;
of a list, the first `ITEM_CHARS` of each of its first `LIST_ITEMS` elements), and the regex
filters of one query together are refused past `CHUNK_LIMIT_S` of that estimate per chunk.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable

import re2

MAX_PATTERN_CHARS = 500
TEXT_CHARS = 512  # what a regex filter reads of a text value
LIST_ITEMS, ITEM_CHARS = 16, 32  # what it reads of a list (span and tool names): 512 characters too
CHUNK_ROWS = 2048  # DuckDB's vector size: rows between two checks for an interrupt
NS_PER_UNIT_CHAR = 7
DFA_UNITS, DFA_MIN_PROGRAM = 250, 16
CHUNK_LIMIT_S = 5.0
MAX_UNITS = int(CHUNK_LIMIT_S * 1e9 / (CHUNK_ROWS * TEXT_CHARS * NS_PER_UNIT_CHAR))  # 681

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # a refused pattern is the caller's message, not a line on stderr


@functools.lru_cache(maxsize=1024)
def program_size(pattern: str) -> int:
    """RE2's instruction count for `pattern` (re2.error when RE2 cannot compile it)."""
    return re2.compile(pattern, _OPTIONS).programsize


def units(pattern: str) -> int:
    size = program_size(pattern)
    return size + (DFA_UNITS if size >= DFA_MIN_PROGRAM else 0)


def chunk_seconds(total_units: int) -> float:
    """The worst-case time of one chunk for regexes of `total_units` together."""
    return CHUNK_ROWS * TEXT_CHARS * total_units * NS_PER_UNIT_CHAR / 1e9


def regex_cost_error(pattern: str) -> str | None:
    """Which cost rule one pattern breaks, or None (checked before the pattern is compiled)."""
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"is {len(pattern)} characters long; at most {MAX_PATTERN_CHARS} are allowed"
    try:
        cost = units(pattern)
    except re2.error as exc:
        return f"cannot be sized by RE2: {exc}"
    if cost > MAX_UNITS:
        return (f"compiles to {program_size(pattern)} RE2 instructions ({cost} cost units), which could take "
                f"{chunk_seconds(cost):.1f} s per {CHUNK_ROWS:,} traces on hostile text; at most {MAX_UNITS} units "
                f"({CHUNK_LIMIT_S:g} s) are allowed: every optional or counted atom is copied, so write fewer")
    return None


def regexes_cost_error(patterns: Iterable[str]) -> str | None:
    """Whether the regex filters of one query together break the chunk limit (each already passed)."""
    costs = [units(p) for p in patterns]
    if sum(costs) > MAX_UNITS:
        return (f"{len(costs)} regex filters together cost {sum(costs)} units ({' + '.join(map(str, costs))}), "
                f"which could take {chunk_seconds(sum(costs)):.1f} s per {CHUNK_ROWS:,} traces on hostile text; at "
                f"most {MAX_UNITS} units ({CHUNK_LIMIT_S:g} s) are allowed: use fewer or simpler regexes, or contains")
    return None
