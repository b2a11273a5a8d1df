"""What every poker-dice bot shares: reading the seat view, the actions it may send, sampling a policy.

``PokerBot`` is a ``referee.bot.Bot``, the interface every family's bots share.

A bot reads only the seat view (``referee.games.poker_bluff.views.poker_game_view`` for its seat) and is
asked to act when ``turn == seat``. Actions are JSON dicts:

``{"type": "declare", "declaration": {"kind", "faces"}}``, ``{"type": "believe"}``,
``{"type": "doubt"}``, ``{"type": "reroll", "keep": [faces]}``.

>>> view = {"phase": "keeping", "turn": 1, "seat": 1, "cup": [4, 4, 6, 2, 3], "set_aside": [],
...         "keepable": [4, 4, 6], "declarations": [{"seat": 0, "kind": "pair", "faces": [4, 6], "text": "4,4+6"}]}
>>> [a["keep"] for a in legal_actions(view)]
[[], [4], [6], [4, 4], [4, 6], [4, 4, 6]]
>>> last_declaration(view).text, declare(last_declaration(view))
('4,4+6', {'type': 'declare', 'declaration': {'kind': 'pair', 'faces': [4, 6]}})
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from referee.games.poker_bluff.rules import Declaration, from_dict, higher_than

from referee.games.poker_bluff.bots.dice import CUP_INDEX, Dice, sub_multisets

Action = dict[str, Any]
Policy = list[tuple[Action, float]]
DOUBT: Action = {"type": "doubt"}
BELIEVE: Action = {"type": "believe"}


def declare(declaration: Declaration) -> Action:
    """The action declaring ``declaration``."""
    return {"type": "declare", "declaration": declaration.to_dict()}


def reroll(keep: Sequence[int]) -> Action:
    """The action keeping ``keep`` aside and re-rolling the other dice."""
    return {"type": "reroll", "keep": list(keep)}


def last_declaration(view: Mapping[str, Any]) -> Declaration | None:
    """The declaration to beat, or None before the round's first."""
    declarations = view["declarations"]
    if not declarations:
        return None
    return from_dict({"kind": declarations[-1]["kind"], "faces": declarations[-1]["faces"]})


def previous_declaration(view: Mapping[str, Any]) -> Declaration | None:
    """The declaration the last one had to beat (None when it was the round's first)."""
    declarations = view["declarations"]
    if len(declarations) < 2:
        return None
    return from_dict({"kind": declarations[-2]["kind"], "faces": declarations[-2]["faces"]})


def cup_of(view: Mapping[str, Any]) -> int:
    """The ``CUPS`` index of the cup the bot holds."""
    return CUP_INDEX[tuple(sorted(view["cup"]))]


def kept_of(view: Mapping[str, Any]) -> Dice:
    """The dice set aside face up before the last roll, as a multiset."""
    return tuple(sorted(view["set_aside"]))


def legal_actions(view: Mapping[str, Any]) -> list[Action]:
    """Every action the seat may send now (declarations weakest first, Doubt before Believe, keeps fewest first)."""
    if view["turn"] != view["seat"]:
        return []
    if view["phase"] == "declaring":
        return [declare(d) for d in higher_than(last_declaration(view))]
    if view["phase"] == "responding":
        return [DOUBT] + ([] if view.get("must_doubt") else [BELIEVE])
    if view["phase"] == "keeping":
        return [reroll(keep) for keep in sub_multisets(tuple(sorted(view["keepable"])))]
    return []


class PokerBot:
    """A bot defined by ``policy(view)``; ``act`` samples it with the bot's own seeded RNG.

    >>> class Doubter(PokerBot):
    ...     def policy(self, view):
    ...         return [(DOUBT, 1.0)]
    >>> Doubter(seed=1).act({})
    {'type': 'doubt'}
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def policy(self, view: Mapping[str, Any]) -> Policy:
        """The distribution ``act`` samples from: ``[(action, probability), …]``, summing to 1."""
        raise NotImplementedError

    def act(self, view: Mapping[str, Any]) -> Action:
        """One action drawn from ``policy(view)``."""
        distribution = self.policy(view)
        r = self.rng.random()
        for action, p in distribution:
            r -= p
            if r < 0:
                return action
        return distribution[-1][0]

    def observe(self, event: Mapping[str, Any]) -> None:
        """A public event; these bots remember nothing between decisions."""


def mixed(main: Action, other: Action, rate: float) -> Policy:
    """``main`` with probability 1 − ``rate``, ``other`` with ``rate`` (just ``main`` when they are the same).

    >>> mixed(DOUBT, BELIEVE, 0.1)
    [({'type': 'doubt'}, 0.9), ({'type': 'believe'}, 0.1)]
    """
    if main == other or rate <= 0:
        return [(main, 1.0)]
    return [(main, 1.0 - rate), (other, rate)]
