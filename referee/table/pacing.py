"""How long a bot at a table "thinks" before it moves: a varied delay, shorter for an obvious move.

A person does not answer every turn in the same 0.8 seconds: a hard choice takes longer, an
easy one (the only legal move, calling a bid that the bot's own dice show cannot be true) is
quick. ``Pacing`` draws each delay around ``think_s``: uniformly within ``± spread`` of it
(``spread`` 0.5: between half and one and a half times), times ``quick`` for an obvious move.
``think_s`` 0 stays 0 (the tests' instant bots). The draw is an injected ``random.Random`` (a
seeded one in tests; by default one for the whole process, ``PACE``: a generator's state is 2.5 KB,
too much to hold per table); it only paces the bots and never touches a die.

>>> import random
>>> pacing = Pacing(think_s=1.0, spread=0.5, quick=0.25, rng=random.Random(7))
>>> delays = [pacing.delay(obvious=False) for _ in range(200)]
>>> 0.5 <= min(delays) < 0.6, 1.4 < max(delays) <= 1.5
(True, True)
>>> all(0.125 <= pacing.delay(obvious=True) <= 0.375 for _ in range(200))
True
>>> Pacing(think_s=0.0).delay(obvious=False), Pacing.steady(0.5).delay(obvious=True)
(0.0, 0.5)
"""
from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field


PACE = random.Random(secrets.randbits(64))
"""The process's draw of think delays, shared by every table that is given none."""


@dataclass(frozen=True)
class Pacing:
    """A bot's think delay: ``think_s`` on average, varied by ``± spread`` (a share of it) and
    multiplied by ``quick`` when the move is obvious; ``rng`` draws the variation."""

    think_s: float
    spread: float = 0.5
    quick: float = 0.35
    rng: random.Random = field(default=PACE, compare=False)

    def __post_init__(self) -> None:
        if self.think_s < 0 or not 0 <= self.spread <= 1 or not 0 <= self.quick <= 1:
            raise ValueError(f"bot pacing needs think_s ≥ 0 and spread, quick within 0..1, got "
                             f"{self.think_s!r}, {self.spread!r}, {self.quick!r}")

    @classmethod
    def steady(cls, think_s: float) -> Pacing:
        """The same ``think_s`` for every move (no spread, no quick moves).

        >>> Pacing.steady(0.3).delay(obvious=False)
        0.3
        """
        return cls(think_s, spread=0.0, quick=1.0)

    def delay(self, *, obvious: bool) -> float:
        """Seconds before the next move (0 when ``think_s`` is 0)."""
        if self.think_s == 0:
            return 0.0
        base = self.think_s * (self.quick if obvious else 1.0)
        if self.spread == 0:
            return base
        return base * (1.0 + self.spread * (2.0 * self.rng.random() - 1.0))
