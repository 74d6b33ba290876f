"""Wilson intervals and population estimates against values computed by hand.

Wilson: center = (p + z²/2n) / (1 + z²/n), half = z/(1 + z²/n) · sqrt(p(1−p)/n + z²/4n²).
95 %: z = 1.959964, z² = 3.841459.   90 %: z = 1.644854, z² = 2.705543.

  8/10 @95%: denom = 1.3841459, center = 0.99207/1.3841459 = 0.716744,
             half = 1.959964·sqrt(0.016 + 0.0096036)/1.3841459 = 0.313616/1.3841459 = 0.226578
             → (0.49016, 0.94332)
  0/10 @95%: center = 0.19207/1.3841459 = 0.138766, half = 1.959964·0.0979980/1.3841459 = 0.138766
             → (0, 0.27753)
 10/10 @95%: mirror of 0/10 → (0.72247, 1)
 50/100 @95%: center 0.5, half = 1.959964·sqrt(0.0025 + 0.0000960365)/1.0384146 = 0.0961684
             → (0.40383, 0.59617)
  8/10 @90%: denom = 1.2705543, center = 0.9352772/1.2705543 = 0.736115,
             half = 1.644854·sqrt(0.016 + 0.00676386)/1.2705543 = 0.195325 → (0.54079, 0.93144)
Population, 8/10 sampled out of 200 matched (5 %): failing = 200·0.2 = 40,
             interval 200·(1 − 0.94332) = 11.336 … 200·(1 − 0.49016) = 101.968
"""
from __future__ import annotations

import pytest

from evaluators.estimates import population_estimate, wilson_interval

TOL = 1e-4


@pytest.mark.parametrize(("k", "n", "conf", "low", "high"), [
    (8, 10, 0.95, 0.49016, 0.94332),
    (0, 10, 0.95, 0.0, 0.27753),
    (10, 10, 0.95, 0.72247, 1.0),
    (50, 100, 0.95, 0.40383, 0.59617),
    (8, 10, 0.90, 0.54079, 0.93144),
])
def test_wilson_matches_hand_computed(k, n, conf, low, high):
    got = wilson_interval(k, n, conf)
    assert got == (pytest.approx(low, abs=TOL), pytest.approx(high, abs=TOL))


def test_wilson_default_is_95_percent():
    assert wilson_interval(8, 10) == wilson_interval(8, 10, 0.95)


def test_wilson_bounds_are_exact_at_extremes():
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0


def test_wilson_no_observations_is_none():
    assert wilson_interval(0, 0) is None


@pytest.mark.parametrize(("k", "n", "conf"), [(11, 10, 0.95), (-1, 10, 0.95), (1, -1, 0.95), (5, 10, 1.0), (5, 10, 0.0)])
def test_wilson_rejects_bad_input(k, n, conf):
    with pytest.raises(ValueError):
        wilson_interval(k, n, conf)


def test_population_estimate_five_percent_sample():
    est = population_estimate(8, 10, 200)
    assert est["pass_rate"] == pytest.approx(0.8)
    assert est["pass_rate_low"] == pytest.approx(0.49016, abs=TOL)
    assert est["pass_rate_high"] == pytest.approx(0.94332, abs=TOL)
    assert est["sample_fraction"] == pytest.approx(0.05)
    assert est["failed"] == 2
    assert est["failing"] == pytest.approx(40.0)
    assert est["failing_low"] == pytest.approx(11.336, abs=200 * TOL)
    assert est["failing_high"] == pytest.approx(101.968, abs=200 * TOL)
    assert est["confidence"] == 0.95


def test_population_estimate_all_pass_still_bounds_failures():
    est = population_estimate(10, 10, 1000)
    assert est["failing"] == 0.0
    assert est["failing_low"] == 0.0
    assert est["failing_high"] == pytest.approx(1000 * (1 - 0.72247), abs=1000 * TOL)


def test_population_estimate_without_evaluations_or_candidates():
    est = population_estimate(0, 0, 50)
    assert est["pass_rate"] is None and est["failing"] is None and est["failing_low"] is None
    est = population_estimate(3, 4, None)
    assert est["pass_rate"] == 0.75 and est["failing"] is None and est["sample_fraction"] is None
