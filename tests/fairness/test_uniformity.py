"""Derived dice are uniform: a chi-square test over 10^5 dice (bench/dice_uniformity.py
runs 10^6). The threshold is the 0.999 quantile of chi-square with 5 degrees of freedom,
so an honest run fails about once in a thousand; the dice are deterministic, so it never
flakes: it either holds for these keys or it does not."""
import collections

import pytest

from referee.fairness.stream import derive_hands

CHI2_5_DF_P999 = 20.515


@pytest.mark.slow
def test_a_hundred_thousand_derived_dice_pass_a_chi_square_test():
    faces = collections.Counter()
    for k in range(10_000):
        hands, _ = derive_hands(k.to_bytes(32, "big"), {0: 5, 1: 5})
        faces.update(hands[0] + hands[1])
    total = sum(faces.values())
    expected = total / 6
    chi2 = sum((faces[face] - expected) ** 2 / expected for face in range(1, 7))
    assert total == 100_000 and set(faces) == set(range(1, 7))
    assert chi2 < CHI2_5_DF_P999, (chi2, faces)
