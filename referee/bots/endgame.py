"""Equilibrium play for small heads-up endgames, read from the CFR strategy file (``cfr.py``).

>>> view = {"seat": 0, "dice": [6], "dice_counts": {"0": 1, "1": 1}, "total_dice": 2,
...         "bids": [{"seat": 1, "quantity": 2, "face": 6}], "rules": {"wild_ones": True}}
>>> endgame_moves(view)       # a six against "two sixes": the opponent needs a one or a six
[('liar', 1.0)]
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from .base import LIAR, Move, normalise

STRATEGY_FILE = Path(__file__).with_name("endgame_strategy.json")


@lru_cache(maxsize=1)
def strategy_tables() -> dict[str, dict[str, dict[str, float]]]:
    """Every solved endgame's table, by name (``"1v1-wild"``); loaded once."""
    with STRATEGY_FILE.open(encoding="utf-8") as source:
        return json.load(source)["games"]


def endgame_moves(view: Mapping[str, Any]) -> list[tuple[Move, float]] | None:
    """The equilibrium distribution for this seat, or None when the position is not a solved endgame."""
    counts = [count for count in view["dice_counts"].values() if count > 0]
    if len(counts) != 2:
        return None
    bids = view["bids"]
    opener_dice = view["dice_counts"][str(bids[0]["seat"])] if bids else len(view["dice"])
    other_dice = view["total_dice"] - opener_dice
    name = f"{opener_dice}v{other_dice}-{'wild' if view['rules'].get('wild_ones', True) else 'plain'}"
    table = strategy_tables().get(name)
    if table is None:
        return None
    key = "".join(map(str, sorted(view["dice"]))) + "|" + ",".join(f"{b['quantity']}x{b['face']}" for b in bids)
    entry = table.get(key)
    if entry is None:
        return None
    return normalise({LIAR if k == LIAR else _bid(k): p for k, p in entry.items()})


def _bid(key: str) -> tuple[int, int]:
    quantity, face = key.split("x")
    return int(quantity), int(face)
