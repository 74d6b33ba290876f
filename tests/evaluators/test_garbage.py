"""Judging a trajectory leaves no reference cycles: whatever the evaluators make for one trace (its
indexed text, a reviewer, the holders of each value) is freed as soon as the results are returned.
A cycle would keep each trace's objects until the garbage collector walks them, a cost every later
trace pays (a closure from the reviewer back to grounding's judge once made the default set spend
a third more time collecting garbage). Run over the judgement corpora and the captured framework
traces, as a worker runs them (one shared view) and each evaluator alone."""
from __future__ import annotations

import gc
from collections import Counter

from benchmarks.judgement import corpus
from evaluators.base import EvalContext
from evaluators.registry import DEFAULT_SET, get
from tests.fixture_traces import CASES, trajectory_at


def _judge_all(trajectories: list, evaluators: list, context: EvalContext) -> None:
    for t in trajectories:
        shared = context.with_view(t)
        for evaluator in evaluators:
            evaluator.evaluate(t, shared)
            evaluator.evaluate(t, context)


def test_the_default_set_leaves_no_cyclic_garbage():
    trajectories = [c.trajectory for split in ("dev", "heldout") for c in corpus(split, 80, 27)]
    trajectories += [trajectory_at(i) for i in range(len(CASES))]
    evaluators = [get(alias)() for alias in DEFAULT_SET]
    context = EvalContext()
    _judge_all(trajectories, evaluators, context)  # dictionaries loaded and caches filled first
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        _judge_all(trajectories, evaluators, context)
        gc.collect()
        garbage = Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()
    assert not garbage, garbage.most_common(10)
