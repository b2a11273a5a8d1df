"""Settings of a poker-dice bluff game (RULES.md B1–B2): tokens each, the token's value for
display, "two games, alternate starter", and the turn timer every table has.

Valid by construction, like the Liar's Dice settings: a bad value raises ``MalformedAction``
with a stable code, and ``from_dict(to_dict())`` round-trips.

>>> PokerSettings().tokens, PokerSettings().two_games
(3, False)
>>> PokerSettings.from_dict({"tokens": 5, "token_value": "1 silver"}).to_dict()
{'tokens': 5, 'token_value': '1 silver', 'two_games': False, 'turn_timer_s': 60}
>>> PokerSettings.from_dict({"tokens": 11})
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: tokens must be an integer from 1 to 10, got 11
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from referee.rules.errors import MalformedAction

INT_RANGES: dict[str, tuple[int, int]] = {"tokens": (1, 10), "turn_timer_s": (0, 3600)}
TOKEN_VALUE_MAX = 40
"""Characters a token's value may hold ("1 silver", "10 gold")."""
MAX_PLAYERS = 8
"""Seats at a poker-dice table: the players of one evening's bracket."""


@dataclass(frozen=True, slots=True)
class PokerSettings:
    """``tokens`` each player starts with, ``token_value`` (text, only shown), ``two_games``
    (a match is two games with alternate starters), ``turn_timer_s`` (0: no timer)."""

    tokens: int = 3
    token_value: str = ""
    two_games: bool = False
    turn_timer_s: int = 60

    @property
    def max_players(self) -> int:
        """Seats at a table of these rules (not a setting: always ``MAX_PLAYERS``).

        >>> PokerSettings().max_players
        8
        """
        return MAX_PLAYERS

    def __post_init__(self) -> None:
        for name, (low, high) in INT_RANGES.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise MalformedAction("settings/out_of_range",
                                      f"{name} must be an integer from {low} to {high}, got {value!r}")
        if not isinstance(self.two_games, bool):
            raise MalformedAction("settings/not_boolean", f"two_games must be true or false, got {self.two_games!r}")
        value = self.token_value
        if not isinstance(value, str) or len(value) > TOKEN_VALUE_MAX or not value.isprintable():
            raise MalformedAction("settings/token_value",
                                  f"token_value is text of at most {TOKEN_VALUE_MAX} printable characters, got {value!r}")

    @classmethod
    def from_dict(cls, data: Any) -> "PokerSettings":
        """Settings from JSON-like data; unknown keys and bad values raise ``MalformedAction``.

        >>> PokerSettings.from_dict({"dice": 5})
        Traceback (most recent call last):
        ...
        referee.rules.errors.MalformedAction: unknown setting(s): dice
        """
        if not isinstance(data, dict):
            raise MalformedAction("settings/malformed", f"settings must be an object, got {data!r}")
        unknown = sorted(map(str, set(data) - {f.name for f in fields(cls)}))
        if unknown:
            raise MalformedAction("settings/unknown", f"unknown setting(s): {', '.join(unknown)}")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """Every setting, JSON-ready."""
        return {f.name: getattr(self, f.name) for f in fields(self)}
