"""The captured framework traces of tests/fixtures, as span records and trajectories."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from collector.decoding.otlp import parse_protobuf, to_batch
from collector.assembly.build import build_trajectory
from collector.span import SPAN_COLUMNS, SpanRecord
from collector.trajectory import Trajectory

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MANIFEST = json.loads((FIXTURES / "MANIFEST.json").read_text())
CASES = MANIFEST["cases"]
CASE_IDS = [f"{c['framework']}/{c['scenario']}" for c in CASES]


def load_case(case: dict) -> list[SpanRecord]:
    """Every span of a case, decoded exactly as the receiver decodes them."""
    records = []
    for name in case["files"]:
        batch = to_batch(parse_protobuf((FIXTURES / name).read_bytes()), received_ns=0)
        columns = [batch.columns[c] for c in SPAN_COLUMNS]
        records += [SpanRecord.from_row(dict(zip(SPAN_COLUMNS, row))) for row in zip(*columns)]
    return records


@cache
def trajectory_at(index: int) -> Trajectory:
    return build_trajectory(load_case(CASES[index]))


def trajectory_of(case: dict) -> Trajectory:
    return trajectory_at(CASES.index(case))
