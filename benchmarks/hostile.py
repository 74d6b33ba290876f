"""Time every default evaluator on hostile trajectories: very wide and very deep.

    .venv/bin/python benchmarks/hostile.py [--calls 1000] [--result-bytes 2048] [--json]

Wide: `--calls` tool calls, each result about `--result-bytes` of words and ids, each call's
arguments one value from an earlier result, one from the user input and one invented (what
made grounding quadratic: every value was looked up by scanning every earlier result). Deep:
arguments and results nested 300 and 2,000 levels (evaluators must not raise). Wall time per
evaluator, one trajectory each, the evaluators sharing one view of it as a worker's do (making
it, which clips the trajectory, is the first row; the first evaluator to read its text indexes it).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from collector.trajectory import ToolCall, ToolDefinition, Trajectory  # noqa: E402
from evaluators.base import EvalContext  # noqa: E402
from evaluators.registry import DEFAULT_SET, get  # noqa: E402

WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa "
         "quebec romeo sierra tango uniform victor whiskey xray yankee zulu 北京 上海 航班 酒店").split()
TOOL = ToolDefinition(name="lookup", description="Look a record up.", parameters={
    "type": "object", "properties": {"ref": {"type": "string"}, "city": {"type": "string"},
                                     "note": {"type": "string"}}, "required": ["ref"]})


def _result(rng: random.Random, size: int) -> dict[str, Any]:
    items, length = [], 0
    while length < size:
        item = {"id": f"R{rng.randrange(10**9):09d}", "text": " ".join(rng.choices(WORDS, k=8))}
        items.append(item)
        length += len(item["id"]) + len(item["text"]) + 20
    return {"items": items}


def wide(calls: int, result_bytes: int, seed: int = 7) -> Trajectory:
    rng = random.Random(seed)
    out: list[ToolCall] = []
    for seq in range(1, calls + 1):
        earlier = rng.choice(out[-50:]).result["items"][0]["id"] if out else "R000000000"
        arguments = {"ref": earlier, "city": "Shanghai", "note": f"invented-{rng.randrange(10**9)}"}
        out.append(ToolCall(seq=seq, name="lookup", arguments=arguments, result=_result(rng, result_bytes),
                            start_ns=seq * 10_000_000, end_ns=seq * 10_000_000 + 5_000_000))
    return Trajectory(trace_id="wide", input="find the Shanghai records", output="Done: found them.",
                      tool_calls=out, tools_offered=[TOOL])


def nested(depth: int) -> Any:
    value: Any = "leaf"
    for level in range(depth):
        value = {"k": value} if level % 2 else [value]
    return value


def deep(depth: int) -> Trajectory:
    calls = [ToolCall(seq=1, name="lookup", arguments={"ref": "R1", "note": nested(depth)}, result=nested(depth)),
             ToolCall(seq=2, name="lookup", arguments={"ref": "R1"}, result="ok")]
    return Trajectory(trace_id=f"deep{depth}", input="R1", output="done", tool_calls=calls, tools_offered=[TOOL])


def timed(trajectory: Trajectory) -> dict[str, Any]:
    """The view, then each default evaluator once on `trajectory`: seconds, or the exception it raised."""
    started = time.perf_counter()
    context = EvalContext().with_view(trajectory)
    out = {"view": {"seconds": round(time.perf_counter() - started, 3), "label": "-"}}
    for alias in DEFAULT_SET:
        started = time.perf_counter()
        try:
            label: str = get(alias)().evaluate(trajectory, context).label
        except Exception as exc:  # what this benchmark is here to show
            label = f"raised {type(exc).__name__}"
        out[alias] = {"seconds": round(time.perf_counter() - started, 3), "label": label}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--result-bytes", type=int, default=2048)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = {f"wide {args.calls} x {args.result_bytes} B": wide(args.calls, args.result_bytes),
            "deep 300": deep(300), "deep 2000": deep(2000)}
    report = {name: timed(t) for name, t in runs.items()}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for name, rows in report.items():
        print(name)
        for alias, row in rows.items():
            print(f"  {alias:<20} {row['seconds']:>8.3f} s  {row['label']}")


if __name__ == "__main__":
    main()
