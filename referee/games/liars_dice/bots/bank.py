"""Safe exploitation heads-up: the strong bot leaves the equilibrium only with what it has won above it.

After Ganzfried and Sandholm's safe opponent exploitation: against one opponent, under the rules the
equilibrium files were solved for, every revealed round adds to a *bank* what the bot got (+1 when
the opponent lost the die, −1 when it did) less what the equilibrium expects from that round (the
file's opener value, from the bot's side: ``recall.round_value``). A round of 3+ seats, where no
equilibrium is solved, adds what the bot got above its fair share: 2 × (1/k − 1 if it lost the die,
else 1/k) with k seats in the round, ±1 scaled as heads-up (so the heads-up end of a game against
players who gave dice away is played with what they gave). While the bank holds at least
``RISK`` (the most one round can lose against the equilibrium's expectation), the bot may play its
exploiting posterior play, which reads the opponent's habits; below it, the equilibrium. Whatever
the opponent does, the exploiting rounds can only spend winnings above the equilibrium's: the bot's
running total never falls more than ``RISK`` below the equilibrium's expectation because of them.
A reader who knows the bot's policy meets the equilibrium (it wins nothing above it), a bot that
gives rounds away soon funds the exploiting play. The bank is the table's: it spans games (it is a
function of the public events, so ``policy(view)`` stays a function of the view and the memory).

>>> bank = Bank()
>>> bank.observe("round_started", {"dice_counts": {"0": 3, "1": 3}, "opener": 0, "total_dice": 6}, seat=0)
>>> bank.observe("revealed", {"loser": 1, "hands": {"0": [1] * 3, "1": [2] * 3}}, seat=0)
>>> 0.9 < bank.total < 1.1, bank.funds()        # one round won: not yet RISK above the equilibrium
(True, False)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.liars_dice.bots.recall import round_value

RISK = 2.0
"""The bank the exploiting play needs: the most one ±1 round can lose against the equilibrium's value."""


class Bank:
    """What the bot has won above the equilibrium's expectation, heads-up, at this table."""

    def __init__(self) -> None:
        self.total = 0.0
        self._round: tuple[dict[int, int], int] | None = None

    def observe(self, kind: str | None, data: Mapping[str, Any], seat: int | None, wild: bool = True,
                solved: bool = True) -> None:
        """``round_started`` remembers the dice and the opener; ``revealed`` banks a round of the bot's (at
        ``seat``): one of 3+ seats against the fair share, a heads-up one under rules the files were
        solved for (``solved``) against the equilibrium's value."""
        if kind == "round_started":
            counts = {int(s): int(n) for s, n in data.get("dice_counts", {}).items() if int(n) > 0}
            self._round = (counts, int(data.get("opener", -1)))
        elif kind == "revealed" and self._round is not None:
            counts, opener = self._round
            self._round = None
            loser = data.get("loser")
            if seat not in counts or loser is None:
                return
            lost = int(loser) == seat
            if len(counts) > 2:
                self.total += 2.0 * (1.0 / len(counts) - lost)
                return
            if not solved or opener not in counts:
                return
            other = next(s for s in counts if s != opener)
            value = round_value(counts[opener], counts[other], wild)
            if value is None:
                return
            expected = value if opener == seat else -value
            self.total += (-1.0 if lost else 1.0) - expected

    def funds(self) -> bool:
        """True when the bank may pay for an exploiting round."""
        return self.total >= RISK
