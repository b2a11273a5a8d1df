"""Rule settings of a Liar's Dice game: the `tavern` defaults and the house-rule switches.

A settings object exists for every game; later house rules (RULES.md A2) are added here as
fields with their `tavern` default, never as a rewrite of the engine.

>>> Settings().dice_per_player, Settings().wild_ones
(5, True)
>>> Settings.from_dict({"dice_per_player": 7}).dice_per_player
7
>>> Settings.from_dict({"dice_per_player": 11})
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: dice_per_player must be an integer from 1 to 10, got 11
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import MalformedAction

_INT_RANGES = {"dice_per_player": (1, 10), "max_players": (2, 8), "turn_timer_s": (0, 3600)}
_BOOLS = ("wild_ones",)


@dataclass(frozen=True, slots=True)
class Settings:
    """The switches of RULES.md A2 that the engine implements, with `tavern` defaults."""

    dice_per_player: int = 5
    max_players: int = 6
    wild_ones: bool = True
    turn_timer_s: int = 60

    def __post_init__(self) -> None:
        for name, (low, high) in _INT_RANGES.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise MalformedAction(
                    "settings/out_of_range", f"{name} must be an integer from {low} to {high}, got {value!r}"
                )
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                raise MalformedAction("settings/not_boolean", f"{name} must be true or false, got {getattr(self, name)!r}")

    @property
    def faces(self) -> tuple[int, ...]:
        """Faces a bid may name: 2–6 when ones are wild, else 1–6.

        >>> Settings().faces, Settings(wild_ones=False).faces
        ((2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6))
        """
        return (2, 3, 4, 5, 6) if self.wild_ones else (1, 2, 3, 4, 5, 6)

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Settings from JSON-like data; unknown keys and bad values raise MalformedAction."""
        if not isinstance(data, dict):
            raise MalformedAction("settings/malformed", f"settings must be an object, got {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise MalformedAction("settings/unknown", f"unknown setting(s): {', '.join(map(str, unknown))}")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict, named as in RULES.md A2.

        >>> Settings().to_dict()["max_players"]
        6
        """
        return asdict(self)


PRESETS: dict[str, Settings] = {"tavern": Settings()}
