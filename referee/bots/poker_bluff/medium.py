"""The medium regular: tells the truth when it can, otherwise tells the lie the set-aside dice
make most plausible; keeps the dice most likely to beat the declaration truthfully; and
answers by weighing the chance the declaration is false against its chance after believing.

Its belief about the cup follows the declarer model ``beliefs.Declarer`` with a fixed
suspicion (``SUSPICION``) and it counts on the ladder's ``win`` after believing
(``answers.odds``). It learns nothing of its opponent.

>>> view = {"phase": "responding", "turn": 1, "seat": 1, "cup": [], "set_aside": [], "keepable": [],
...         "must_doubt": False, "declarations": [{"seat": 0, "kind": "pair", "faces": [3, 6], "text": "3,3+6"}]}
>>> MediumBot(seed=0).policy(view)
[({'type': 'believe'}, 1.0)]
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.poker_bluff import ALL, CUP

from .base import BELIEVE, DOUBT, Policy, PokerBot, cup_of, declare, kept_of, last_declaration, previous_declaration, reroll
from .answers import odds
from .beliefs import Declarer
from .dice import chance_true as naive_odds
from .tables import level_of, max_level, truth

LIE_WINDOW = 10
"""Medium lies within this many levels above the declaration to beat."""
SUSPICION = 0.05
"""Medium expects few bluffs by choice (``beliefs.Declarer.bold``): it was the best fixed value in
the arena against easy, against medium-like players that expect 0.3 or 1.0, and against a player
who opens every round with four sixes."""


class MediumBot(PokerBot):
    """Sound odds, no deeper plan."""

    name = "medium"
    model = Declarer(bold=SUSPICION)

    def policy(self, view: Mapping[str, Any]) -> Policy:
        last = level_of(last_declaration(view))
        if view["phase"] == "declaring":
            return [(declare(ALL[self.declaration(view, last)]), 1.0)]
        if view["phase"] == "keeping":
            return [(reroll(truth().best_keep(last, tuple(sorted(view["cup"])))), 1.0)]
        if view.get("must_doubt"):
            return [(DOUBT, 1.0)]
        true, believed = odds(last, level_of(previous_declaration(view)), kept_of(view), self.model)
        return [(DOUBT if 1 - true > believed else BELIEVE, 1.0)]

    def declaration(self, view: Mapping[str, Any], last: int) -> int:
        """The strongest true declaration when it beats ``last``, else the most plausible lie above it."""
        best = max_level()[cup_of(view)]
        if best > last:
            return best
        kept = kept_of(view)
        lies = range(last + 1, min(len(ALL), last + 1 + LIE_WINDOW))
        return max(lies, key=lambda level: (naive_odds(ALL[level], kept, CUP - len(kept)), -level))
