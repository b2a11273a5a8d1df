"""Every rules family a table may play, by name: the one module through which the shared floors reach a game.

A family is one package (``referee/games/<family>/``) whose ``family.py`` makes one ``Family``
(``referee.table.families``); this module lists them. A table's rules (``table_created.rules``,
``rules_changed.rules``) name their family in ``"game"``; without it they are Liar's Dice's, so every
log written before there were two families reads as it always did (a Liar's Dice table's rules carry
no ``"game"`` key).

>>> settings_of({"tokens": 2, "game": "poker_bluff"}).tokens, family_name({})
(2, 'liars_dice')
>>> rules_of(settings_of({"game": "poker_bluff"}))["game"], "game" in rules_of(settings_of({}))
('poker_bluff', False)
>>> family_name({"game": "chess"})
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: a table plays liars_dice or poker_bluff, not 'chess'
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.games.liars_dice.family import LIARS_DICE
from referee.games.poker_bluff.family import POKER_BLUFF
from referee.rules.errors import MalformedAction

if TYPE_CHECKING:
    from referee.table.families import Family, TableSettings

DEFAULT = LIARS_DICE.name
"""The family of rules that name none: every log from before there were two families."""

FAMILIES: dict[str, Family] = {LIARS_DICE.name: LIARS_DICE, POKER_BLUFF.name: POKER_BLUFF}
"""Every family a table can play, by name (a family is added by one line here, or by ``register``)."""


def register(family: Family) -> None:
    """Add ``family`` (a family written elsewhere: a test's, a plug-in's) to the ones tables may play."""
    FAMILIES[family.name] = family


def family_named(name: str) -> Family:
    """The family called ``name`` (``game/unknown`` for a name no family has)."""
    if name not in FAMILIES:
        raise MalformedAction("game/unknown", f"a table plays {' or '.join(FAMILIES)}, not {name!r}")
    return FAMILIES[name]


def family_of(state: Any) -> Family:
    """The family a table's state (anything with the family's name in ``family``) plays."""
    return FAMILIES[state.family]


def family_name(rules: Mapping[str, Any]) -> str:
    """The family a table's ``rules`` name (``game/unknown`` for a name no family has)."""
    name = rules.get("game", DEFAULT)
    if not isinstance(name, str) or name not in FAMILIES:
        raise MalformedAction("game/unknown", f"a table plays {' or '.join(FAMILIES)}, not {name!r}")
    return name


def settings_of(rules: Any) -> TableSettings:
    """The settings ``rules`` hold, parsed by their family (bad values raise ``MalformedAction``)."""
    if not isinstance(rules, dict):
        raise MalformedAction("settings/malformed", f"settings must be an object, got {rules!r}")
    return FAMILIES[family_name(rules)].settings_from({key: value for key, value in rules.items() if key != "game"})


def name_of(settings: TableSettings) -> str:
    """The family whose settings these are."""
    return next(name for name, family in FAMILIES.items() if isinstance(settings, family.settings_type))


def rules_of(settings: TableSettings) -> dict[str, Any]:
    """The rules a table logs for ``settings``: a family other than the default is named in ``"game"``."""
    name = name_of(settings)
    return settings.to_dict() if name == DEFAULT else {"game": name, **settings.to_dict()}
