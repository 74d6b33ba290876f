"""What redaction costs on the decode path: spans/s of `to_batch` without and with every pattern on.

Same agent-like batches as benchmarks/ingest.py (512 spans, ~1.3 KB of GenAI attributes each),
once as generated (no personal data: the common case, one scan per string) and once with a phone
number, an e-mail, a card and an ID number planted in every span's messages (every span masked).

    python benchmarks/redaction.py [--seconds 3] [--json]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.ingest import Batch  # noqa: E402
from collector.decoding.otlp import Limits, parse_protobuf, to_batch  # noqa: E402
from collector.decoding.redaction import RedactionSettings  # noqa: E402

PII = " call 13912345678 or li.lei@example.com, card 6222020200000000000, id 11010519491231002X"


def _bodies(with_pii: bool, n: int = 4) -> list[bytes]:
    bodies = []
    for seed in range(n):
        batch = Batch(seed)
        if with_pii:
            for span, *_ in batch.layout:
                for kv in span.attributes:
                    if kv.key == "gen_ai.input.messages":
                        kv.value.string_value += PII
        bodies.append(batch.render(1, 0, seed))
    return bodies


def _rate(bodies: list[bytes], limits: Limits, seconds: float) -> tuple[float, int]:
    requests = [parse_protobuf(b) for b in bodies]
    spans, masks, t0 = 0, 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for req in requests:
            batch = to_batch(req, 1, limits)
            spans += len(batch)
            masks += batch.redacted
    return spans / (time.perf_counter() - t0), masks


def measure(seconds: float) -> dict:
    off, on = Limits(), Limits(redactor=RedactionSettings(enabled=True).redactor())
    out = {}
    for label, with_pii in (("clean", False), ("pii", True)):
        bodies = _bodies(with_pii)
        base, _ = _rate(bodies, off, seconds)
        masked, masks = _rate(bodies, on, seconds)
        out[label] = {"off_spans_per_s": round(base), "on_spans_per_s": round(masked),
                      "overhead_pct": round(100 * (base / masked - 1), 1), "masks": masks}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = measure(args.seconds)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for label, r in report.items():
        print(f"{label:5}  redaction off {r['off_spans_per_s']:>8} spans/s  on {r['on_spans_per_s']:>8} spans/s"
              f"  overhead {r['overhead_pct']:>5}%  masks {r['masks']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
