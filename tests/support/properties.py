"""How the suite's properties draw their examples: the same ones every run under `make test`,
fresh ones and many more under `make fuzz`.

``make test`` loads the hypothesis profile ``tavern``: derandomised (each property's examples
follow from the test itself, so a red run is rerun exactly by running it again), no example
database, no deadline (a busy 2-core machine must not turn a slow example into a failure).
``make fuzz`` sets ``TAVERN_FUZZ=1``: the profile ``fuzz`` draws fresh random examples, prints
the seed to rerun a failure with (``--hypothesis-seed``), and every property's own example
count is multiplied by ``TAVERN_FUZZ_SCALE`` (10 by default) through ``examples``.

>>> examples(40) == 40 * SCALE
True
"""
from __future__ import annotations

import os

from hypothesis import settings

FUZZ = os.environ.get("TAVERN_FUZZ", "") not in ("", "0")
SCALE = int(os.environ.get("TAVERN_FUZZ_SCALE", "10")) if FUZZ else 1
PROFILE = "fuzz" if FUZZ else "tavern"

settings.register_profile("tavern", deadline=None, derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", deadline=None, derandomize=False, database=None, print_blob=True,
                          max_examples=100 * SCALE)


def examples(count: int) -> int:
    """A property's example count: ``count`` under `make test`, ``SCALE`` times more under `make fuzz`."""
    return count * SCALE


def describe() -> str:
    """The line the run's header prints about its randomness."""
    if FUZZ:
        return (f"hypothesis: profile fuzz: fresh examples, {SCALE}x each property's count "
                "(a failure prints its seed: rerun with --hypothesis-seed=N)")
    return "hypothesis: profile tavern: derandomised, the same examples every run (make fuzz draws fresh ones)"
