"""The rules families a table may play, by name, and how each reads a table's rules.

A table's rules (``table_created.rules``, ``rules_changed.rules``) name their family in
``"game"``; without it they are Liar's Dice's, so every log written before there were two
families reads as it always did. A Liar's Dice table's rules carry no ``"game"`` key.

>>> settings_of({"tokens": 2, "game": "poker_bluff"}).tokens, family_of({})
(2, 'liars_dice')
>>> rules_of(settings_of({"game": "poker_bluff"}))["game"], "game" in rules_of(Settings())
('poker_bluff', False)
>>> family_of({"game": "chess"})
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: a table plays liars_dice or poker_bluff, not 'chess'
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.rules.errors import MalformedAction
from referee.games.poker_bluff.rules.settings import PokerSettings
from referee.games.liars_dice.rules.settings import Settings

LIARS_DICE = "liars_dice"
POKER_BLUFF = "poker_bluff"
TableSettings = Settings | PokerSettings
"""The settings of a table of either family."""

PARSERS: dict[str, Callable[[Any], TableSettings]] = {LIARS_DICE: Settings.from_dict,
                                                      POKER_BLUFF: PokerSettings.from_dict}
"""Each family's settings parser (its settings' ``from_dict``)."""
NAMES: dict[type, str] = {Settings: LIARS_DICE, PokerSettings: POKER_BLUFF}


def family_of(rules: Mapping[str, Any]) -> str:
    """The family a table's ``rules`` name (``game/unknown`` for a name no family has)."""
    name = rules.get("game", LIARS_DICE)
    if not isinstance(name, str) or name not in PARSERS:
        raise MalformedAction("game/unknown", f"a table plays {' or '.join(PARSERS)}, not {name!r}")
    return name


def settings_of(rules: Any) -> TableSettings:
    """The settings ``rules`` hold, parsed by their family (bad values raise ``MalformedAction``)."""
    if not isinstance(rules, dict):
        raise MalformedAction("settings/malformed", f"settings must be an object, got {rules!r}")
    return PARSERS[family_of(rules)]({key: value for key, value in rules.items() if key != "game"})


def name_of(settings: TableSettings) -> str:
    """The family whose settings these are."""
    return NAMES[type(settings)]


def rules_of(settings: TableSettings) -> dict[str, Any]:
    """The rules a table logs for ``settings``: a family other than Liar's Dice is named in ``"game"``."""
    name = name_of(settings)
    return settings.to_dict() if name == LIARS_DICE else {"game": name, **settings.to_dict()}
