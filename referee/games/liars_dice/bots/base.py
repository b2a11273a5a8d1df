"""What every Liar's Dice bot shares: the legal moves a seat view allows, actions in JSON, sampling a policy.

Every ``PolicyBot`` is a ``referee.bot.Bot``, the interface every family's bots share.

A bot reads only the seat view (``referee.games.liars_dice.views.game_view`` for its seat; docs/bots.md) and
returns an action dict, or None for "no call" when it is asked as a seat that is not the
player to act (``challenge = anyone``). Inside the bots a move is a bid ``(quantity, face)``,
``LIAR``, ``SPOT_ON`` or ``WAIT`` (``situation``); ``to_action`` turns a move into its JSON form.

>>> view = {"seat": 1, "dice": [2, 6], "dice_counts": {"0": 1, "1": 2}, "total_dice": 3, "turn": 1,
...         "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 3, "face": 5}], "palifico": False,
...         "callers": [1], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> legal_moves(view)
[(3, 6), 'liar']
>>> to_action((3, 6)), to_action(LIAR), to_action(SPOT_ON), to_action(WAIT)
({'type': 'bid', 'quantity': 3, 'face': 6}, {'type': 'liar'}, {'type': 'spot_on'}, None)
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from referee.games.liars_dice.bots.situation import LIAR, SPOT_ON, WAIT, Move, Situation, own_count

Policy = list[tuple[dict[str, Any] | None, float]]

__all__ = ["LIAR", "SPOT_ON", "WAIT", "Move", "Policy", "PolicyBot", "Situation", "legal_moves", "normalise",
           "own_count", "to_action"]


def legal_moves(view: Mapping[str, Any]) -> list[Move]:
    """Every move the rules allow the viewing seat now: the raises lowest first (for the player to
    act), then spot on where ``can_spot_on``, then Liar where ``can_call`` (``Situation.legal_moves``)."""
    return Situation.from_view(view).legal_moves()


def to_action(move: Move) -> dict[str, Any] | None:
    """The JSON action for a move (None for ``WAIT``: no call)."""
    if move == WAIT:
        return None
    if isinstance(move, str):
        return {"type": move}
    quantity, face = move
    return {"type": "bid", "quantity": quantity, "face": face}


def normalise(weights: Mapping[Move, float]) -> list[tuple[Move, float]]:
    """Positive weights scaled to sum to 1, in the given order; zero weights dropped.

    >>> normalise({(1, 2): 1.0, LIAR: 3.0, (1, 3): 0.0})
    [((1, 2), 0.25), ('liar', 0.75)]
    """
    total = sum(w for w in weights.values() if w > 0)
    return [(move, w / total) for move, w in weights.items() if w > 0]


class PolicyBot:
    """A bot defined by ``moves(seen)``, a distribution over moves; ``act`` samples it with its own seeded RNG.

    ``moves`` is asked for the player to act (a raise or a call) and, under ``challenge = anyone``,
    for any other seat in ``callers`` (a call, or ``WAIT``). Subclasses implement it;
    ``observe`` ignores events unless a subclass learns from them.

    >>> class Opener(PolicyBot):
    ...     def moves(self, seen):
    ...         return [((1, 2), 0.5), ((1, 3), 0.5)]
    >>> view = {"seat": 0, "dice": [2], "dice_counts": {"0": 1, "1": 1}, "total_dice": 2, "turn": 0,
    ...         "seats_in_game": [0, 1], "bids": [], "palifico": False, "callers": [], "can_call": False,
    ...         "can_spot_on": False, "rules": {}}
    >>> Opener(seed=1).act(view) == Opener(seed=1).act(view)
    True
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def moves(self, seen: Situation) -> list[tuple[Move, float]]:
        raise NotImplementedError

    def policy(self, view: Mapping[str, Any]) -> Policy:
        """The distribution ``act`` samples from: ``[(action or None, probability), …]``, summing to 1."""
        return [(to_action(move), p) for move, p in self.moves(Situation.from_view(view))]

    def act(self, view: Mapping[str, Any]) -> dict[str, Any] | None:
        """One action drawn from ``policy(view)``: None means "no call" (only for a seat not to act)."""
        distribution = self.moves(Situation.from_view(view))
        r = self.rng.random()
        for move, p in distribution:
            r -= p
            if r < 0:
                return to_action(move)
        return to_action(distribution[-1][0])

    def observe(self, event: Mapping[str, Any]) -> None:
        """A public event (docs/bots.md); the default bot forgets it."""
