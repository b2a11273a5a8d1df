"""Dealers for tests: dice and draws from a seeded generator or from a script, with no commitments."""
from __future__ import annotations

import random
from typing import Any

from referee.fairness.purposes import BRACKET, POKER_STARTER
from referee.table.dealing import Dealt, Drawn


class PlainDealer:
    """Dice from a seeded ``random.Random``; ``script`` (a list of hands by seat) is dealt first,
    each hand cut to the dice that seat still holds; ``draws`` (a list of values, one per item) are
    the values of the first draws (a roll-off's throws, a check, poker-dice rolls); ``starters`` are the
    values of the poker-dice matches' starter draws (1: the lower seat starts, 2: the higher; 1 once
    they run out, so that a scripted game starts with its lower seat); a bracket draw keeps the entrants in seat
    order (every value 1), so that a scripted evening pairs them as seated."""

    def __init__(self, seed: int = 0, script: list[dict[int, list[int]]] | None = None,
                 draws: list[list[int]] | None = None, starters: list[int] | None = None) -> None:
        self._random = random.Random(seed)
        self.script = list(script or [])
        self.draws = list(draws or [])
        self.starters = list(starters or [])

    def open_game(self, table_id: str, game_no: int, rules: dict[str, Any],
                  seats: list[int], people: list[int], draw_slots: int = 512) -> tuple[dict[str, Any], dict[str, Any]]:
        return {"table": table_id, "game": game_no}, {}

    def deal(self, opening: tuple[dict[str, Any], dict[str, Any]], round_no: int,
             counts: dict[int, int], seeds: list[dict[str, Any]], missing: dict[int, str]) -> Dealt:
        if self.script:
            scripted = self.script.pop(0)
            hands = {seat: list(scripted[seat][:count]) for seat, count in counts.items()}
        else:
            hands = {seat: [self._random.randint(1, 6) for _ in range(count)] for seat, count in counts.items()}
        return Dealt(hands, {"game": opening[0]["game"], "round": round_no,
                             "counts": {str(s): c for s, c in counts.items()}},
                     {"round": round_no, "hands": {str(s): dice for s, dice in hands.items()}})

    def reveal(self, opening: tuple[dict[str, Any], dict[str, Any]], deal_secret: dict[str, Any],
               changes: list[dict[str, Any]]) -> dict[str, Any]:
        return {"game": opening[0]["game"], "round": deal_secret["round"], "hands": deal_secret["hands"]}

    def private_for(self, deal_secret: dict[str, Any], deal_public: dict[str, Any], seat: int) -> dict[str, Any]:
        return {}

    def draw(self, opening: tuple[dict[str, Any], dict[str, Any]], draw_no: int, purpose: dict[str, Any],
             items: list[tuple[str, int]], seeds: list[dict[str, Any]], missing: dict[int, str]) -> Drawn:
        if purpose["kind"] == POKER_STARTER:
            values = [self.starters.pop(0) if self.starters else 1]
        elif purpose["kind"] == BRACKET:
            values = [1] * len(items)
        else:
            values = self.draws.pop(0) if self.draws else [self._random.randint(1, sides) for _, sides in items]
        request = {"purpose": dict(purpose), "items": [{"label": label, "sides": sides} for label, sides in items]}
        results = [{"index": k, "label": label, "sides": sides, "value": value}
                   for k, ((label, sides), value) in enumerate(zip(items, values))]
        return Drawn({"game": opening[0]["game"], "draw": draw_no, "purpose": dict(purpose)},
                     {"game": opening[0]["game"], "draw": draw_no, "request": request, "results": results}, values)

    def reveal_draw(self, opening: tuple[dict[str, Any], dict[str, Any]], draw_secret: dict[str, Any]) -> dict[str, Any]:
        return dict(draw_secret)
