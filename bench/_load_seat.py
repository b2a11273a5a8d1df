"""What one bench seat does with the ``state`` it holds, as the table page and its player would.

``seed_for(state)`` is the page's own reflex (static/js/verified.js): in phase ``rolling`` a seat
still in the game sends ``seed`` ``{round, seed}`` at once, once per round. ``decide(state)`` is
the player's move after the think time: the seat to act raises on its best face or calls Liar
when the standing bid looks too high (both with ``against`` as static/js/table.js sends it);
after a reveal the host presses "Next round", after a game "New game"; anything else waits.

>>> game = {"game": 1, "round": 2, "phase": "bidding", "turn": 0, "total_dice": 10,
...         "seats_in_game": [0, 1], "dice": [3, 3, 1, 5, 6], "rules": {"wild_ones": True},
...         "bids": [{"seat": 1, "quantity": 2, "face": 4}]}
>>> decide({"you": {"seat": 0}, "game": game})
('bid', {'quantity': 3, 'face': 3, 'against': {'game': 1, 'round': 2, 'bids': 1}})
>>> game["bids"] = [{"seat": 1, "quantity": 8, "face": 4}]
>>> decide({"you": {"seat": 0}, "game": game})
('liar', {'against': {'game': 1, 'round': 2, 'bids': 1}})
>>> decide({"you": {"seat": 1}, "game": game}) is None
True
"""
from __future__ import annotations

import secrets
from typing import Any

Action = tuple[str, dict[str, Any]]


def seed_for(state: dict[str, Any]) -> Action | None:
    """The ``seed`` event the page sends for this state (phase rolling, seat in the game), or None.

    >>> seed_for({"you": {"seat": 0}, "game": {"phase": "rolling", "round": 3, "seats_in_game": [0, 2]}})[1]["round"]
    3
    >>> seed_for({"you": {"seat": 1}, "game": {"phase": "rolling", "round": 3, "seats_in_game": [0, 2]}}) is None
    True
    """
    game, seat = state.get("game"), state["you"]["seat"]
    if not game or game["phase"] != "rolling" or seat is None or seat not in game["seats_in_game"]:
        return None
    return "seed", {"round": game["round"], "seed": secrets.token_hex(32)}


def decide(state: dict[str, Any]) -> Action | None:
    """The event this seat sends after thinking over ``state``, or None when it is not its move."""
    game, seat = state.get("game"), state["you"]["seat"]
    if not game or seat is None:
        return None
    if game["phase"] == "bidding" and game["turn"] == seat:
        return _bid_or_call(game)
    if game["phase"] == "revealed" and seat == 0:
        return "next_round", {"game": game["game"], "round": game["round"]}
    if game["phase"] == "over" and seat == 0:
        return "new_game", {}
    return None


def _bid_or_call(game: dict[str, Any]) -> Action:
    against = {"game": game["game"], "round": game["round"], "bids": len(game["bids"])}
    wild = game["rules"].get("wild_ones", True)
    faces = range(2 if wild else 1, 7)
    dice, total = game["dice"], game["total_dice"]
    others = (total - len(dice)) / (3 if wild else 6)

    def expected(face: int) -> float:
        return sum(1 for die in dice if die == face or (wild and die == 1)) + others

    face = max(faces, key=lambda f: (expected(f), f))
    if game["bids"]:
        last = game["bids"][-1]
        if last["quantity"] > expected(last["face"]) + 1:
            return "liar", {"against": against}
        quantity = last["quantity"] + (0 if face > last["face"] else 1)
    else:
        quantity = max(1, int(expected(face)) - 1)
    if quantity > total:
        return "liar", {"against": against}
    return "bid", {"quantity": quantity, "face": face, "against": against}
