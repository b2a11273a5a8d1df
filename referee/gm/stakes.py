"""Stakes and the pot (RULES.md C4): a stake per player as free text with an optional amount.

"1 gold" is the amount 1 of the unit "gold"; "2,5 серебра" is 2.5 of "серебра"; "a song" has
no amount and joins the pot as it is. The pot adds amounts of the same unit.

>>> parse_stake("1 gold")
Stake(text='1 gold', amount='1', unit='gold')
>>> pot([parse_stake("1 gold"), parse_stake("2 gold"), parse_stake("0.5 silver"), parse_stake("a song")])
{'amounts': {'gold': '3', 'silver': '0.5'}, 'items': ['a song']}
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .text import clean_text

STAKE_LIMIT = 60
_AMOUNT = re.compile(r"(\d{1,9}(?:[.,]\d{1,4})?)(?:\s*(.*))?")


@dataclass(frozen=True, slots=True)
class Stake:
    """What one player puts in the pot: the text as typed, and its amount and unit when it starts with a number."""

    text: str
    amount: str | None
    unit: str

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "amount": self.amount, "unit": self.unit}


def parse_stake(value: Any) -> Stake:
    """A stake from free text (1–60 characters); amounts are decimal strings, so nothing is rounded.

    >>> parse_stake("  5  ").amount, parse_stake("5").unit
    ('5', '')
    >>> parse_stake("3,50 золотых")
    Stake(text='3,50 золотых', amount='3.5', unit='золотых')
    """
    text = clean_text(value, limit=STAKE_LIMIT, what="a stake")
    match = _AMOUNT.fullmatch(text)
    if match is None:
        return Stake(text, None, "")
    amount = Decimal(match.group(1).replace(",", "."))
    return Stake(text, _plain(amount), (match.group(2) or "").strip())


def stake_text(value: Any) -> str:
    """The text of a ``referee_stake``: ``""`` (clears the stake) or a stake as ``parse_stake`` reads it.

    >>> stake_text(""), stake_text(" 2 gold ")
    ('', '2 gold')
    >>> stake_text(None)
    Traceback (most recent call last):
    ...
    referee.rules.errors.MalformedAction: a stake must be a string
    """
    if isinstance(value, str) and value == "":
        return ""
    return parse_stake(value).text


def pot(stakes: Iterable[Stake]) -> dict[str, Any]:
    """The pot of these stakes: amounts summed by unit, and the stakes without an amount."""
    amounts: dict[str, Decimal] = {}
    items: list[str] = []
    for stake in stakes:
        if stake.amount is None:
            items.append(stake.text)
        else:
            amounts[stake.unit] = amounts.get(stake.unit, Decimal(0)) + Decimal(stake.amount)
    return {"amounts": {unit: _plain(total) for unit, total in amounts.items()}, "items": items}


def add_pots(total: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
    """Two pots together (a scoreboard line adds every pot a player won).

    >>> add_pots({"amounts": {"gold": "1"}, "items": []}, {"amounts": {"gold": "2.5"}, "items": ["a song"]})
    {'amounts': {'gold': '3.5'}, 'items': ['a song']}
    """
    amounts = {unit: Decimal(value) for unit, value in total["amounts"].items()}
    for unit, value in more["amounts"].items():
        amounts[unit] = amounts.get(unit, Decimal(0)) + Decimal(value)
    return {"amounts": {unit: _plain(value) for unit, value in amounts.items()}, "items": total["items"] + more["items"]}


EMPTY_POT: dict[str, Any] = {"amounts": {}, "items": []}


def _plain(amount: Decimal) -> str:
    return format(amount.normalize(), "f")
