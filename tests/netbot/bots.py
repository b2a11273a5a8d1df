"""Bots of one's own for the network-bot tests, loaded as ``module:attr`` like anybody's."""
from __future__ import annotations

from typing import Any


class AlwaysCalls:
    """Opens with the lowest bid and calls Liar whenever it may (in turn or out of it)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: dict[str, Any]) -> dict[str, Any] | None:
        if view["can_call"]:
            return {"type": "liar"}
        if view["turn"] == view["seat"]:
            return {"type": "bid", "quantity": 1, "face": 1 if not view["rules"].get("wild_ones", True) else 2}
        return None
