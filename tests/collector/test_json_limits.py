"""The nesting limit at the edge, whichever way the check runs: few brackets (no walk) or many."""
import orjson
import pytest

from collector.json_limits import CLIPPED_MARK, MAX_JSON_DEPTH, loads


def nested(depth: int, siblings: int = 0) -> str:
    """`depth` levels of {"k": …}; the outermost also holds `siblings` empty lists, so the text has
    many brackets without nesting any deeper."""
    value: object = 1
    for _ in range(depth):
        value = {"k": value}
    return orjson.dumps({**value, **{f"s{i}": [] for i in range(siblings)}}).decode()


def depth_of(value: object) -> int:
    return 1 + max((depth_of(v) for v in value.values()), default=0) if isinstance(value, dict) else 0


@pytest.mark.parametrize("siblings", [0, 40])  # 0: at most 33 brackets; 40: more than the limit
def test_the_limit_holds_with_few_or_many_brackets(siblings):
    kept = loads(nested(MAX_JSON_DEPTH, siblings))
    assert depth_of(kept) == MAX_JSON_DEPTH and CLIPPED_MARK not in orjson.dumps(kept).decode()
    clipped = orjson.dumps(loads(nested(MAX_JSON_DEPTH + 1, siblings))).decode()
    assert CLIPPED_MARK in clipped


def test_brackets_inside_strings_only_make_the_check_stricter():
    text = orjson.dumps({"note": "{[" * 40, "v": {"k": 1}}).decode()
    assert loads(text) == {"note": "{[" * 40, "v": {"k": 1}}
    assert loads(text.encode()) == loads(text)
