"""What every bot shares: reading a seat view, the legal actions it allows, sampling a policy.

A bot reads only the seat view (``referee.views.game_view`` for its seat) and returns an
action dict. Inside the bots a bid is the pair ``(quantity, face)`` and a call is ``LIAR``;
``to_action`` turns either into the JSON form the table accepts.

>>> view = {"seat": 1, "dice": [2, 6], "dice_counts": {"0": 1, "1": 2}, "total_dice": 3,
...         "bids": [{"seat": 0, "quantity": 3, "face": 5}], "rules": {"wild_ones": True}}
>>> legal_moves(view)
[(3, 6), 'liar']
>>> to_action((3, 6)), to_action(LIAR)
({'type': 'bid', 'quantity': 3, 'face': 6}, {'type': 'liar'})
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Union

from referee.rules import Bid, legal_raises

LIAR = "liar"
Move = Union[tuple[int, int], str]
"""A bid ``(quantity, face)`` or ``LIAR``: the hashable form of an action inside the bots."""
Policy = list[tuple[dict[str, Any], float]]


def faces_of(view: Mapping[str, Any]) -> tuple[int, ...]:
    """Faces a bid may name under the view's rules: 2–6 with wild ones, else 1–6.

    >>> faces_of({"rules": {"wild_ones": False}})
    (1, 2, 3, 4, 5, 6)
    """
    return (2, 3, 4, 5, 6) if view["rules"].get("wild_ones", True) else (1, 2, 3, 4, 5, 6)


def standing_bid(view: Mapping[str, Any]) -> tuple[int, int] | None:
    """The last bid of the round as ``(quantity, face)``, or None before the opening bid."""
    bids = view["bids"]
    return (bids[-1]["quantity"], bids[-1]["face"]) if bids else None


def legal_moves(view: Mapping[str, Any]) -> list[Move]:
    """Every move the rules allow the seat to act: raises lowest first, then Liar once a bid stands."""
    standing = standing_bid(view)
    raises = legal_raises(Bid(*standing) if standing else None, faces_of(view), total_dice=view["total_dice"])
    return [(b.quantity, b.face) for b in raises] + ([LIAR] if standing else [])


def own_count(dice: Sequence[int], face: int, wild: bool) -> int:
    """Dice of one hand that count for ``face``: the face itself, plus ones when wild.

    >>> own_count([1, 3, 3, 5], 3, True), own_count([1, 3, 3, 5], 3, False)
    (3, 2)
    """
    return sum(1 for d in dice if d == face or (wild and d == 1))


def to_action(move: Move) -> dict[str, Any]:
    """The JSON action for a move."""
    if move == LIAR:
        return {"type": "liar"}
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
    """A bot defined by ``moves(view)``, a distribution over moves; ``act`` samples it with its own seeded RNG.

    Subclasses implement ``moves``; ``observe`` ignores events unless a subclass learns from them.

    >>> class Opener(PolicyBot):
    ...     def moves(self, view):
    ...         return [((1, 2), 0.5), ((1, 3), 0.5)]
    >>> Opener(seed=1).act({}) == Opener(seed=1).act({})
    True
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def moves(self, view: Mapping[str, Any]) -> list[tuple[Move, float]]:
        raise NotImplementedError

    def policy(self, view: Mapping[str, Any]) -> Policy:
        """The distribution ``act`` samples from: ``[(action, probability), …]``, probabilities summing to 1."""
        return [(to_action(move), p) for move, p in self.moves(view)]

    def act(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """One action drawn from ``policy(view)``."""
        distribution = self.moves(view)
        r = self.rng.random()
        for move, p in distribution:
            r -= p
            if r < 0:
                return to_action(move)
        return to_action(distribution[-1][0])

    def observe(self, event: Mapping[str, Any]) -> None:
        """A public event (docs/bots.md); the default bot forgets it."""
