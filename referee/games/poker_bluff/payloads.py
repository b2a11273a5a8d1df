"""Parsing what clients send to a poker-dice table: declarations, dice to keep, ``against``.

>>> parse_declare({"declaration": {"kind": "pair", "faces": [4, 6]}, "against": {"game": 1, "round": 1, "step": 0}})
(Declaration(kind='pair', faces=(4, 6)), (1, 1, 0))
>>> parse_keep({"keep": [4, 4]})
((4, 4), None)
>>> parse_keep({"keep": [4, "4"]})
Traceback (most recent call last):
...
referee.table.errors.BadRequest: keep is a list of at most 4 faces from 1 to 6, got [4, "4"]
>>> parse_poker_settings({"preset": "tavern", "rules": {}})
Traceback (most recent call last):
...
referee.table.errors.BadRequest: a poker-dice table has no presets: set its rules (tokens, token_value, two_games, turn_timer_s)
"""
from __future__ import annotations

from typing import Any

from referee.fields import INT_MAX, describe, fields_of, int_field
from referee.games.poker_bluff.rules import Declaration, PokerSettings, from_dict
from referee.table.errors import BadRequest

KEEP_MAX = 4
"""A holder keeps at most four dice: at least one is re-rolled."""


def parse_poker_against(data: dict[str, Any]) -> tuple[int, int, int] | None:
    """``(game, round, step)`` of the optional ``against`` field: the view's ``game.against``, echoed.

    >>> parse_poker_against({"against": {"game": 2, "round": 1, "step": 3}}), parse_poker_against({})
    ((2, 1, 3), None)
    """
    if "against" not in data:
        return None
    against = fields_of(data["against"], "game", "round", "step")
    if set(against) != {"game", "round", "step"}:
        raise BadRequest("payload/malformed", "against is an object {game, round, step}")
    return (int_field(against, "game", 1, INT_MAX), int_field(against, "round", 1, INT_MAX),
            int_field(against, "step", 0, INT_MAX))


def parse_declare(data: Any) -> tuple[Declaration, tuple[int, int, int] | None]:
    """The declaration of a ``declare`` event (``{kind, faces}``; ``declaration/*`` when malformed)."""
    data = fields_of(data, "declaration", "against")
    if "declaration" not in data:
        raise BadRequest("payload/malformed", "declare carries a declaration {kind, faces}")
    return from_dict(data["declaration"]), parse_poker_against(data)


def parse_keep(data: Any) -> tuple[tuple[int, ...], tuple[int, int, int] | None]:
    """The dice a ``keep`` event sets aside (faces; whether the cup holds them is the rules' to say)."""
    data = fields_of(data, "keep", "against")
    keep = data.get("keep")
    if (not isinstance(keep, list) or len(keep) > KEEP_MAX
            or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in keep)):
        raise BadRequest("reroll/malformed", f"keep is a list of at most {KEEP_MAX} faces from 1 to 6, "
                                             f"got {describe(keep)}")
    return tuple(keep), parse_poker_against(data)


def parse_move(data: Any) -> tuple[int, int, int] | None:
    """The optional ``against`` of ``believe`` and ``doubt``, which carry nothing else."""
    return parse_poker_against(fields_of(data, "against"))


def parse_poker_settings(data: dict[str, Any], current: PokerSettings | None = None) -> PokerSettings:
    """A poker-dice table's rules: ``rules`` on top of ``current`` (the defaults for a new table);
    a ``preset`` is refused (``settings/preset``): presets are Liar's Dice's.

    >>> parse_poker_settings({"rules": {"tokens": 5}}).tokens
    5
    """
    if "preset" in data:
        raise BadRequest("settings/preset", "a poker-dice table has no presets: set its rules "
                                            "(tokens, token_value, two_games, turn_timer_s)")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise BadRequest("payload/malformed", "rules must be an object")
    base = current.to_dict() if current is not None else {}
    return PokerSettings.from_dict({**base, **{key: value for key, value in rules.items() if key != "game"}})
