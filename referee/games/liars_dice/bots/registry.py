"""Bots by name: the built-in levels and yardsticks, or ``module:attr`` for a bot written elsewhere.

>>> make_bot("medium", seed=3).name
'medium'
>>> make_bot("referee.games.liars_dice.bots.yardsticks:RandomBot", seed=3).name
'random'
>>> make_bot("grandmaster", seed=3)
Traceback (most recent call last):
...
ValueError: unknown bot 'grandmaster': use easy, medium, strong, random, binomial or module:attr
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from referee.games.liars_dice.bots.easy import EasyBot
from referee.games.liars_dice.bots.medium import MediumBot
from referee.games.liars_dice.bots.strong import StrongBot
from referee.games.liars_dice.bots.yardsticks import BinomialBot, RandomBot

LEVELS: dict[str, Callable[..., Any]] = {
    "easy": EasyBot, "medium": MediumBot, "strong": StrongBot, "random": RandomBot, "binomial": BinomialBot,
}


def make_bot(name_or_spec: str, seed: int) -> Any:
    """A new bot: a level name, or ``package.module:attr`` (a class or factory called with ``seed=``)."""
    if name_or_spec in LEVELS:
        return LEVELS[name_or_spec](seed=seed)
    module_name, colon, attr = name_or_spec.partition(":")
    if not colon or not module_name or not attr:
        raise ValueError(f"unknown bot {name_or_spec!r}: use easy, medium, strong, random, binomial or module:attr")
    factory = getattr(importlib.import_module(module_name), attr)
    return factory(seed=seed)
