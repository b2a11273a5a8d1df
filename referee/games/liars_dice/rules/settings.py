"""Rule settings of a Liar's Dice game: the `tavern` defaults, every house-rule switch of RULES.md A2
and the presets of A3.

A settings object exists for every game and is valid by construction: a value out of range,
a word that is not one of a switch's choices, or switches that do not combine raise a
``MalformedAction`` with a stable code (``settings/conflict`` names the offending keys).

From JSON: ``Settings.from_dict(data)`` takes any switches of A2 (the rest keep their
`tavern` default); ``Settings.from_preset(name, overrides)`` starts from a preset of A3.

>>> Settings().dice_per_player, Settings().wild_ones
(5, True)
>>> Settings.from_dict({"dice_per_player": 7}).dice_per_player
7
>>> Settings.from_dict({"dice_per_player": 11})
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: dice_per_player must be an integer from 1 to 10, got 11
>>> Settings.from_dict({"spot_on": True}).spot_on
True
>>> Settings.from_preset("kul_tiras", {"duel_dice": True}).duel_dice
True
>>> Settings.from_dict({"bids_on_ones": True, "wild_ones": False})
Traceback (most recent call last):
...
referee.rules.errors.SettingsConflict: bids_on_ones needs wild_ones = true (bids on ones exist only when ones are wild)
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from referee.rules.errors import MalformedAction, SettingsConflict

INT_RANGES: dict[str, tuple[int, int]] = {"dice_per_player": (1, 10), "max_players": (2, 8), "turn_timer_s": (0, 3600)}
BOOLEANS = ("wild_ones", "bids_on_ones", "spot_on", "palifico", "duel_dice")
CHOICES: dict[str, tuple[str, ...]] = {
    "raise_rule": ("quantity_or_face", "face_up"),
    "challenge": ("next_player", "anyone"),
    "loss": ("one_die", "difference", "elimination"),
    "first_opener": ("rotate", "roll_off"),
}
TABLE_SWITCHES = ("dice_per_player", "max_players", "wild_ones", "turn_timer_s")
"""The switches every table names in ``to_dict`` (the others only when they differ from `tavern`)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Every switch of RULES.md A2 with its `tavern` default (the first value listed there)."""

    dice_per_player: int = 5
    max_players: int = 6
    wild_ones: bool = True
    turn_timer_s: int = 60
    bids_on_ones: bool = False
    raise_rule: str = "quantity_or_face"
    challenge: str = "next_player"
    spot_on: bool = False
    palifico: bool = False
    loss: str = "one_die"
    duel_dice: bool = False
    first_opener: str = "rotate"

    def __post_init__(self) -> None:
        for name, (low, high) in INT_RANGES.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise MalformedAction(
                    "settings/out_of_range", f"{name} must be an integer from {low} to {high}, got {value!r}"
                )
        for name in BOOLEANS:
            if not isinstance(getattr(self, name), bool):
                raise MalformedAction("settings/not_boolean", f"{name} must be true or false, got {getattr(self, name)!r}")
        for name, choices in CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                raise MalformedAction("settings/not_a_choice", f"{name} is one of {', '.join(choices)}, not {value!r}")
        conflicts = _conflicts(self)
        if conflicts:
            keys = tuple(sorted({key for pair, _ in conflicts for key in pair}))
            raise SettingsConflict(keys, "; ".join(reason for _, reason in conflicts))

    @property
    def faces(self) -> tuple[int, ...]:
        """Faces a bid may name in an ordinary round: 2–6 when ones are wild (and not bid), else 1–6.

        >>> Settings().faces, Settings(wild_ones=False).faces, Settings(bids_on_ones=True).faces
        ((2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6))
        """
        return (2, 3, 4, 5, 6) if self.wild_ones and not self.bids_on_ones else (1, 2, 3, 4, 5, 6)

    @property
    def house_rules_on(self) -> tuple[str, ...]:
        """The switches beyond ``TABLE_SWITCHES`` that differ from their `tavern` default.

        >>> Settings().house_rules_on, PRESETS["perudo"].house_rules_on
        ((), ('bids_on_ones', 'spot_on', 'palifico'))
        """
        return tuple(f.name for f in fields(self) if f.name not in TABLE_SWITCHES
                     and getattr(self, f.name) != f.default)

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Settings from JSON-like data (any switches of RULES.md A2); unknown keys and bad values raise MalformedAction.

        >>> Settings.from_dict({"loss": "elimination"}).loss
        'elimination'
        >>> Settings.from_dict({"dice": 5})
        Traceback (most recent call last):
        ...
        referee.rules.errors.MalformedAction: unknown setting(s): dice
        """
        if not isinstance(data, dict):
            raise MalformedAction("settings/malformed", f"settings must be an object, got {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(map(str, set(data) - known))
        if unknown:
            raise MalformedAction("settings/unknown", f"unknown setting(s): {', '.join(unknown)}")
        return cls(**data)

    @classmethod
    def from_preset(cls, name: Any, overrides: Any = None) -> "Settings":
        """A preset of RULES.md A3 with ``overrides`` (switches, as for ``from_dict``) on top.

        >>> Settings.from_preset("perudo", {"dice_per_player": 3}).to_dict()["dice_per_player"]
        3
        >>> Settings.from_preset("vegas")
        Traceback (most recent call last):
        ...
        referee.rules.errors.MalformedAction: preset is one of kul_tiras, perudo, tavern, not 'vegas'
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise MalformedAction("settings/preset", f"preset is one of {', '.join(sorted(PRESETS))}, not {name!r}")
        if overrides is not None and not isinstance(overrides, dict):
            raise MalformedAction("settings/malformed", f"settings must be an object, got {overrides!r}")
        return cls.from_dict({**_all_switches(PRESETS[name]), **(overrides or {})})

    def to_dict(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict, named as in RULES.md A2: the ``TABLE_SWITCHES`` always,
        a house-rule switch only when it differs from its default (so settings a table plays today
        serialise exactly as before, and ``from_dict(to_dict())`` round-trips).

        >>> Settings().to_dict()
        {'dice_per_player': 5, 'max_players': 6, 'wild_ones': True, 'turn_timer_s': 60}
        >>> Settings(spot_on=True).to_dict()["spot_on"]
        True
        """
        names = TABLE_SWITCHES + self.house_rules_on
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in names}


def _conflicts(settings: Settings) -> list[tuple[tuple[str, str], str]]:
    """Every pair of switches that does not combine, with the reason."""
    found: list[tuple[tuple[str, str], str]] = []
    if settings.bids_on_ones and not settings.wild_ones:
        found.append((("bids_on_ones", "wild_ones"),
                      "bids_on_ones needs wild_ones = true (bids on ones exist only when ones are wild)"))
    if settings.bids_on_ones and settings.raise_rule == "face_up":
        found.append((("bids_on_ones", "raise_rule"),
                      "bids_on_ones needs raise_rule = quantity_or_face (face_up has no place for the ones' halving)"))
    if settings.duel_dice and settings.loss != "elimination":
        found.append((("duel_dice", "loss"), f"duel_dice needs loss = elimination, not {settings.loss}"))
    if settings.palifico and settings.loss == "elimination":
        found.append((("palifico", "loss"),
                      "palifico needs loss = one_die or difference (under elimination nobody drops to one die)"))
    if settings.palifico and settings.dice_per_player == 1:
        found.append((("palifico", "dice_per_player"),
                      "palifico needs dice_per_player of 2 or more (with one die nobody drops to one die)"))
    return found


def _all_switches(settings: Settings) -> dict[str, Any]:
    return {f.name: getattr(settings, f.name) for f in fields(settings)}


PRESETS: dict[str, Settings] = {
    "tavern": Settings(),
    "kul_tiras": Settings(dice_per_player=7, wild_ones=False, raise_rule="face_up", challenge="anyone",
                          loss="elimination", first_opener="roll_off"),
    "perudo": Settings(bids_on_ones=True, spot_on=True, palifico=True),
}
"""The three presets of RULES.md A3 (``kul_tiras`` offers ``duel_dice`` as a switch, off here)."""
