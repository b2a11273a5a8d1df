"""The easy regular: tells the truth when it can, lies just above the last declaration when it
cannot, keeps every declared die it may, and believes all but unlikely declarations.

It judges a declaration by naive odds (the dice set aside plus a fair roll of the rest), so it
doubts a declarer who happens to hold something strong, and it never bluffs by choice.

>>> view = {"phase": "declaring", "turn": 0, "seat": 0, "cup": [5, 5, 2, 2, 6], "set_aside": [],
...         "declarations": [], "keepable": []}
>>> EasyBot(seed=0).policy(view)
[({'type': 'declare', 'declaration': {'kind': 'two_pairs', 'faces': [5, 2, 6]}}, 1.0)]
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.poker_bluff import ALL, CUP

from .base import BELIEVE, DOUBT, Policy, PokerBot, cup_of, declare, kept_of, last_declaration, mixed, reroll
from .dice import chance_true, sub_multisets
from .tables import level_of, max_level

DOUBT_BELOW = 0.2
"""Easy doubts a declaration whose naive odds are below this."""
SLIP = 0.1
"""How often it answers the other way."""


class EasyBot(PokerBot):
    """Plausible and beatable: honest declarations, minimal lies, trusting answers."""

    name = "easy"

    def policy(self, view: Mapping[str, Any]) -> Policy:
        last = level_of(last_declaration(view))
        if view["phase"] == "declaring":
            best = max_level()[cup_of(view)]
            return [(declare(ALL[best if best > last else last + 1]), 1.0)]
        if view["phase"] == "keeping":
            keep = max(sub_multisets(tuple(sorted(view["keepable"]))), key=lambda s: (len(s), sum(s)))
            return [(reroll(keep), 1.0)]
        if view.get("must_doubt"):
            return [(DOUBT, 1.0)]
        kept = kept_of(view)
        odds = chance_true(ALL[last], kept, CUP - len(kept))
        return mixed(DOUBT, BELIEVE, SLIP) if odds < DOUBT_BELOW else mixed(BELIEVE, DOUBT, SLIP)
