"""Population estimates from a sampled evaluation: Wilson intervals and extrapolation.

A run evaluates a sample of the traces its filters matched (`candidates` in the run's
manifest). The sample's pass rate, with its Wilson score interval, is extrapolated to that
matched population, so "8 of 10 sampled traces passed" also says "between 5.7 and 51.0 of
the 100 matched traces probably fail" (95 %). Pure functions, no I/O.

The interval treats the sample as drawn with replacement (no finite-population correction),
which is conservative when the sample is a large share of the population.
"""
from __future__ import annotations

import math
from statistics import NormalDist
from typing import Any


def _z(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1 (exclusive), not {confidence!r}")
    return NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float] | None:
    """The Wilson score interval of a binomial proportion; None when there is no observation."""
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    z = _z(confidence)
    if n == 0:
        return None
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n))
    # At p = 0 or 1 the bound equals the rate exactly in theory; pin it against rounding.
    low = 0.0 if successes == 0 else max(0.0, center - half)
    high = 1.0 if successes == n else min(1.0, center + half)
    return low, high


def population_estimate(passed: int, evaluated: int, candidates: int | None,
                        confidence: float = 0.95) -> dict[str, Any]:
    """Pass rate of a sample, its interval, and what it implies for the matched population.

    `candidates` is the number of traces the run's filters matched (None when unknown). The
    implied number of failing traces is candidates × (1 − rate); its interval is
    candidates × (1 − high) … candidates × (1 − low). With nothing evaluated every estimate is None.
    """
    if candidates is not None and candidates < 0:
        raise ValueError(f"candidates must be >= 0, got {candidates}")
    interval = wilson_interval(passed, evaluated, confidence)
    out: dict[str, Any] = {
        "passed": passed, "evaluated": evaluated, "failed": evaluated - passed, "candidates": candidates,
        "confidence": confidence,
        "sample_fraction": (evaluated / candidates) if candidates else None,
        "pass_rate": None, "pass_rate_low": None, "pass_rate_high": None,
        "failing": None, "failing_low": None, "failing_high": None,
    }
    if interval is None:
        return out
    rate = passed / evaluated
    low, high = interval
    out.update(pass_rate=rate, pass_rate_low=low, pass_rate_high=high)
    if candidates is not None:
        out.update(failing=candidates * (1.0 - rate), failing_low=candidates * (1.0 - high),
                   failing_high=candidates * (1.0 - low))
    return out
