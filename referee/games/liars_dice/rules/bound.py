"""The bound on a Liar's Dice game's rounds (RULES.md D: every game ends).

Every round costs a die unless a right spot on ends it, which costs nobody a die (and may give
one back): a spot-on game could go on without end. So from round ``ROUND_BOUND`` on, spot on is
no longer played, and a reveal after which one player holds more dice than every other ends the
game: that player wins. Tied leaders play on; every round from the bound on costs a die, so a
game ends by round ``MAX_ROUNDS`` at the latest (8 players of 10 dice), inside the 512 rounds of
a game's round chain (``referee.fairness.secrets_chain.CHAIN_LENGTH``).

>>> spot_on_played(True, 399), spot_on_played(True, ROUND_BOUND), spot_on_played(False, 1)
(True, False, False)
>>> leader({0: 3, 1: 3, 2: 1}), leader({0: 3, 1: 4, 2: 0})
(None, 1)
>>> MAX_ROUNDS
478
"""
from __future__ import annotations

from collections.abc import Mapping

ROUND_BOUND = 400
"""The round from which spot on is not played and the most dice win (docs/rules.md, "Bounds")."""
MAX_ROUNDS = ROUND_BOUND + 8 * 10 - 2
"""The last round any game can reach: from the bound on, at most all dice but one are lost, one a round."""


def spot_on_played(spot_on: bool, round_no: int) -> bool:
    """True when spot on may be said in round ``round_no`` at a table whose rules say ``spot_on``."""
    return spot_on and round_no < ROUND_BOUND


def leader(counts: Mapping[int, int]) -> int | None:
    """The seat holding more dice than every other, or None when two or more hold the most."""
    most = max(counts.values(), default=0)
    holding = [seat for seat, count in counts.items() if count == most]
    return holding[0] if len(holding) == 1 else None
