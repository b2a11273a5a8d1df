"""Poker-dice bots by name: the three regulars, the ``random`` and ``equilibrium`` yardsticks, or ``module:attr``.

>>> make_poker_bot("medium", seed=3).name
'medium'
>>> make_poker_bot("grandmaster", seed=3)
Traceback (most recent call last):
...
ValueError: unknown poker-dice bot 'grandmaster': use easy, medium, strong, random, equilibrium or module:attr
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from referee.games.poker_bluff.bots.base import Policy, PokerBot, legal_actions
from referee.games.poker_bluff.bots.easy import EasyBot
from referee.games.poker_bluff.bots.equilibrium_bot import EquilibriumBot
from referee.games.poker_bluff.bots.medium import MediumBot
from referee.games.poker_bluff.bots.strong import StrongBot


class RandomBot(PokerBot):
    """The yardstick: any legal action, uniformly."""

    name = "random"

    def policy(self, view: Mapping[str, Any]) -> Policy:
        actions = legal_actions(view)
        return [(action, 1 / len(actions)) for action in actions]


LEVELS: dict[str, Callable[..., PokerBot]] = {
    "easy": EasyBot, "medium": MediumBot, "strong": StrongBot, "random": RandomBot, "equilibrium": EquilibriumBot,
}
"""The names a poker-dice arena takes; tables seat the three regulars only (``referee.table.table.BOT_LEVELS``)."""


def make_poker_bot(name_or_spec: str, seed: int) -> Any:
    """A new bot: a level name, or ``package.module:attr`` (a class or factory called with ``seed=``)."""
    if name_or_spec in LEVELS:
        return LEVELS[name_or_spec](seed=seed)
    module_name, colon, attr = name_or_spec.partition(":")
    if not colon or not module_name or not attr:
        raise ValueError(f"unknown poker-dice bot {name_or_spec!r}: use {', '.join(LEVELS)} or module:attr")
    return getattr(importlib.import_module(module_name), attr)(seed=seed)
