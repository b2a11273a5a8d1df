"""Liar's Dice's part of the network bot: which bot plays, when the seat moves, and how a move is sent.

A bot's action becomes the event a page sends for it (docs/protocol.md): ``bid`` with
``quantity`` and ``face``, ``liar`` or ``spot_on``, each with ``against`` ``{game, round, bids}``
(the turn it answers). The seat moves while the game is ``bidding`` and it is the player to act
or may call out of turn (``can_call``); each round's dealing waits for its ``seed``. The public
events a bot observes are read from the views by ``referee.netbot.feed``.

>>> game = {"game": 2, "round": 3, "phase": "bidding", "turn": 0, "can_call": False, "bids": [{}]}
>>> FAMILY.to_move(game, 0), FAMILY.to_move(game, 1), FAMILY.turn(game)
(True, False, (2, 3, 1))
>>> FAMILY.as_send({"type": "liar"}, game)
Send(event='liar', payload={'against': {'game': 2, 'round': 3, 'bids': 1}}, wait='think')
>>> FAMILY.as_send({"type": "bid", "quantity": 2, "face": 5}, game).payload["face"]
5
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.liars_dice.bots.registry import LEVELS, make_bot

from referee.netbot.feed import Feed
from referee.netbot.send import Send

CALLS = frozenset({"liar", "spot_on"})


def against(game: Mapping[str, Any]) -> dict[str, int]:
    """The turn a move answers: the game, round and number of bids the bot saw (docs/protocol.md)."""
    return {"game": int(game["game"]), "round": int(game["round"]), "bids": len(game["bids"])}


class LiarsDice:
    """The network bot's Liar's Dice (``referee.netbot.families.NetFamily``)."""

    name = "liars_dice"
    levels = frozenset(LEVELS)
    moves = CALLS | {"bid"}
    moved_on = frozenset({"action/stale", "call/already_called"})

    def make_bot(self, spec: str, seed: int) -> Any:
        return make_bot(spec, seed=seed)

    def feed(self) -> Feed:
        return Feed()

    def seeds_round(self, game: Mapping[str, Any], seat: int) -> bool:
        return game["phase"] == "rolling" and seat in game.get("seats_in_game", ())

    def to_move(self, game: Mapping[str, Any], seat: int) -> bool:
        return game["phase"] == "bidding" and (game["turn"] == seat or bool(game.get("can_call")))

    def turn(self, game: Mapping[str, Any]) -> tuple[int, ...]:
        return tuple(against(game).values())

    def as_send(self, action: Mapping[str, Any], game: Mapping[str, Any]) -> Send:
        if action["type"] == "bid":
            return Send("bid", {"quantity": action["quantity"], "face": action["face"], "against": against(game)},
                        "think")
        if action["type"] in CALLS:
            return Send(action["type"], {"against": against(game)}, "think")
        raise ValueError(f"a Liar's Dice action is a bid, liar or spot_on, not {action!r}")


FAMILY = LiarsDice()
