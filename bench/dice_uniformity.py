"""Chi-square tests of the d6 dice the fairness stream derives.

    python bench/dice_uniformity.py [--dice 1000000] [--batches 5]

Each batch derives ``--dice`` dice exactly as a deal does (one stream per seat of a round
key, 10 seats x 10 dice per key; salts are skipped, they do not touch the values), and
prints its chi-square with the p-value (5 degrees of freedom). Then the pooled test over
every die. Under uniformity the batch p-values are themselves uniform: about one batch in
twenty falls below 0.05 by chance, so the pooled line is the verdict.
"""
from __future__ import annotations

import argparse
import collections
import math
import time

from referee.fairness.stream import DICE_TAG, DIE_SIDES, HmacStream, uniform_value

CRITICAL_5_DF = {0.05: 11.070, 0.001: 20.515}
SEATS, DICE_PER_SEAT = 10, 10


def chi_square_sf_5_df(x: float) -> float:
    """P(X >= x) for chi-square with 5 degrees of freedom (closed form for odd df)."""
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 / math.pi) * math.exp(-x / 2) * (math.sqrt(x) + x**1.5 / 3)


def chi_square(faces: collections.Counter[int]) -> float:
    expected = sum(faces.values()) / DIE_SIDES
    return sum((faces[face] - expected) ** 2 / expected for face in range(1, DIE_SIDES + 1))


def batch(number: int, dice: int) -> collections.Counter[int]:
    faces: collections.Counter[int] = collections.Counter()
    for k in range(math.ceil(dice / (SEATS * DICE_PER_SEAT))):
        key = b"uniformity-bench" + number.to_bytes(4, "big") + k.to_bytes(12, "big")
        for seat in range(SEATS):
            stream = HmacStream(key, DICE_TAG, seat)
            faces.update(uniform_value(stream, DIE_SIDES) for _ in range(DICE_PER_SEAT))
    return faces


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dice", type=int, default=1_000_000, help="dice per batch")
    parser.add_argument("--batches", type=int, default=5)
    args = parser.parse_args()
    pooled: collections.Counter[int] = collections.Counter()
    started = time.perf_counter()
    for number in range(args.batches):
        faces = batch(number, args.dice)
        pooled.update(faces)
        chi2 = chi_square(faces)
        print(f"batch {number}: {sum(faces.values())} dice, chi-square {chi2:7.3f}, p-value {chi_square_sf_5_df(chi2):.4f}")
    elapsed = time.perf_counter() - started
    total = sum(pooled.values())
    print(f"{total} d6 dice derived in {elapsed:.1f} s ({total / elapsed:,.0f} dice/s)")
    for face in range(1, DIE_SIDES + 1):
        print(f"  face {face}: {pooled[face]:>9}  ({pooled[face] / total:.5f}, expected {1 / DIE_SIDES:.5f})")
    chi2 = chi_square(pooled)
    print(f"pooled: chi-square = {chi2:.3f} with 5 degrees of freedom, p-value = {chi_square_sf_5_df(chi2):.4f}")
    for level, critical in CRITICAL_5_DF.items():
        verdict = "uniformity not rejected" if chi2 < critical else "uniformity REJECTED"
        print(f"  at {level}: critical value {critical}: {verdict}")


if __name__ == "__main__":
    main()
