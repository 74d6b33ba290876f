"""The benchmark's core (benchmarks/judgement.py) on the development corpus: every target holds
(precision and recall >= 0.95 per label, attribution >= 0.95, <= 2 % of clean traces flagged),
and the corpus is what its generator promises."""
from __future__ import annotations

from collections import Counter

from benchmarks.judgement import TARGETS, corpus, judge

CASES = corpus("dev", 360, 27)


def test_the_corpus_covers_domains_languages_and_every_fault():
    assert len(CASES) >= 300
    assert {c.domain for c in CASES} == {"travel", "shop", "banking", "support", "data_analysis", "coding"}
    assert {c.lang for c in CASES} == {"en", "zh"}
    assert all(1 <= len(c.trajectory.tool_calls) <= 12 for c in CASES)
    assert 0.4 <= sum(c.clean for c in CASES) / len(CASES) <= 0.65
    faults = Counter(f for c in CASES for f in c.faults)
    assert min(faults.values()) >= 3, faults
    assert sum(len(c.faults) == 2 for c in CASES) >= 20  # two labels on different calls
    assert corpus("dev", 40, 27)[5].trajectory == CASES[5].trajectory  # deterministic


def test_the_targets_hold_on_the_development_corpus():
    scores = judge(CASES)
    assert scores.misses() == [], scores.misses()
    assert scores.clean_share <= TARGETS["clean_flagged"]
    assert scores.attribution >= TARGETS["attribution"]



def test_show_lists_wrong_verdicts_as_words_not_tuples():
    """`--show` prints each wrong verdict for a reader: the case, the label, missed / false alarm / where it landed;
    a clean trace flagged names its labels as words, not a Python list."""
    from benchmarks.judgement import _wrong_line
    assert _wrong_line("dev-017", "wrong_tool", "fn") == "dev-017: wrong_tool missed"
    assert _wrong_line("dev-017", "serial_waste", "fp") == "dev-017: serial_waste false alarm"
    assert _wrong_line("dev-017", "future_ref", "on call 3") == "dev-017: future_ref on call 3"
    assert _wrong_line("clean", "dev-001: ungrounded_value, wrong_tool", "") == \
        "dev-001: ungrounded_value, wrong_tool (clean trace flagged)"
