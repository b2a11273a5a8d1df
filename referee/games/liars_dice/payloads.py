"""Parsing what clients send to a Liar's Dice table: bids, calls, seeds, ``against``, a new table's rules.

>>> parse_bid({"quantity": 3, "face": 5})
(3, 5)
>>> parse_bid({"quantity": "3", "face": 5})
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: quantity must be an integer, got "3"
"""
from __future__ import annotations

from typing import Any

from referee.fields import FACES, HEX64, INT_MAX, QUANTITIES, fields_of, int_field
from referee.games.liars_dice.rules import Settings
from referee.table.errors import BadRequest


def parse_bid(data: Any) -> tuple[int, int]:
    """``(quantity, face)`` of a ``bid`` event (its optional ``against``: ``parse_against``)."""
    data = fields_of(data, "quantity", "face", "against")
    return (int_field(data, "quantity", *QUANTITIES, code="bid/quantity"),
            int_field(data, "face", *FACES, code="bid/face"))


def parse_call(data: Any) -> tuple[int, int, int] | None:
    """The optional ``against`` of a ``liar`` event, which carries nothing else."""
    return parse_against(fields_of(data, "against"))


def parse_against(data: dict[str, Any]) -> tuple[int, int, int] | None:
    """``(game, round, bids)`` of the optional ``against`` field: the turn the sender saw.

    >>> parse_against({"against": {"game": 1, "round": 2, "bids": 0}}), parse_against({})
    ((1, 2, 0), None)
    """
    if "against" not in data:
        return None
    against = fields_of(data["against"], "game", "round", "bids")
    if set(against) != {"game", "round", "bids"}:
        raise BadRequest("payload/malformed", "against is an object {game, round, bids}")
    return int_field(against, "game"), int_field(against, "round"), int_field(against, "bids")


def parse_seed(data: Any) -> tuple[int, str]:
    """``(round, seed)`` of a ``seed`` event: the seed is 32 bytes as 64 lowercase hex digits."""
    data = fields_of(data, "round", "seed")
    seed = data.get("seed")
    if not isinstance(seed, str) or not HEX64.fullmatch(seed):
        raise BadRequest("payload/malformed", "seed must be 64 lowercase hexadecimal digits")
    return int_field(data, "round", 1, INT_MAX), seed


def parse_liars_rules(data: dict[str, Any]) -> Settings:
    """A new Liar's Dice table's rules: its ``preset`` (default ``tavern``) with the ``rules`` switches on top.

    >>> parse_liars_rules({"preset": "kul_tiras", "rules": {"duel_dice": True}}).duel_dice
    True
    >>> parse_liars_rules({}) == Settings()
    True
    """
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise BadRequest("payload/malformed", "rules must be an object")
    return Settings.from_preset(data.get("preset", "tavern"), rules)


def parse_liars_set_rules(data: Any, current: Settings) -> Settings:
    """A Liar's Dice table's ``set_rules``: its ``preset`` with the ``rules`` switches on top, or
    without a preset the table's ``current`` rules with the switches on top.

    >>> parse_liars_set_rules({"rules": {"spot_on": True}}, Settings(dice_per_player=3)).to_dict()
    {'dice_per_player': 3, 'max_players': 6, 'wild_ones': True, 'turn_timer_s': 60, 'spot_on': True}
    >>> parse_liars_set_rules({"preset": "perudo"}, Settings(dice_per_player=3)).dice_per_player
    5
    """
    data = fields_of(data, "preset", "rules")
    if "preset" in data:
        return parse_liars_rules(data)
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise BadRequest("payload/malformed", "rules must be an object")
    return Settings.from_dict({**current.to_dict(), **rules})
