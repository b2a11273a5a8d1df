"""Equilibrium play for small heads-up endgames, read from the CFR strategy file (``cfr.py``).

The file is solved for the `tavern` order of bids (quantity or face, no bids on ones), with or
without wild ones, and without spot on: at a table playing ``face_up``, ``bids_on_ones``,
``spot_on`` or in a palifico round ``endgame_moves`` gives None, and the strong bot plays its
posterior play there instead.

>>> from .situation import Situation
>>> view = {"seat": 0, "dice": [6], "dice_counts": {"0": 1, "1": 1}, "total_dice": 2, "turn": 0,
...         "seats_in_game": [0, 1], "bids": [{"seat": 1, "quantity": 2, "face": 6}], "palifico": False,
...         "callers": [0], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> endgame_moves(Situation.from_view(view))       # a six against "two sixes": the opponent needs a one or a six
[('liar', 1.0)]
>>> endgame_moves(Situation.from_view({**view, "rules": {"spot_on": True}, "can_spot_on": True})) is None
True
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .base import LIAR, Move, normalise
from .situation import Situation

STRATEGY_FILE = Path(__file__).with_name("endgame_strategy.json")


@lru_cache(maxsize=1)
def strategy_tables() -> dict[str, dict[str, dict[str, float]]]:
    """Every solved endgame's table, by name (``"1v1-wild"``); loaded once."""
    with STRATEGY_FILE.open(encoding="utf-8") as source:
        tables: dict[str, dict[str, dict[str, float]]] = json.load(source)["games"]
    return tables


def solved_rules(seen: Situation) -> bool:
    """True when the table plays the order of bids and the calls the strategy file was solved for."""
    rules = seen.settings
    return (rules.raise_rule == "quantity_or_face" and not rules.bids_on_ones and not rules.spot_on
            and not seen.palifico)


def endgame_moves(seen: Situation) -> list[tuple[Move, float]] | None:
    """The equilibrium distribution for the player to act, or None when the position is not a solved endgame."""
    if len(seen.in_game) != 2 or not seen.to_act or not solved_rules(seen):
        return None
    opener_dice = seen.counts[seen.bids[0][0]] if seen.bids else len(seen.dice)
    name = f"{opener_dice}v{seen.total - opener_dice}-{'wild' if seen.wild else 'plain'}"
    table = strategy_tables().get(name)
    if table is None:
        return None
    key = "".join(map(str, sorted(seen.dice))) + "|" + ",".join(f"{q}x{f}" for _, (q, f) in seen.bids)
    entry = table.get(key)
    if entry is None:
        return None
    return normalise({LIAR if k == LIAR else _bid(k): p for k, p in entry.items()})


def _bid(key: str) -> tuple[int, int]:
    quantity, face = key.split("x")
    return int(quantity), int(face)
