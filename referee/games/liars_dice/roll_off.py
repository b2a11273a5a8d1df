"""The roll-off's draws at a table (``first_opener = roll_off``): what each throw draws, and its dice.

Throw k of game g is a fairness draw with purpose ``{kind: roll_off, ref: g, counter: k}`` and
the items ``("seat S", 6)`` twice for each seat S that must throw (``pending_roll_off``,
ascending seat numbers). The ``roll_off`` entry that follows the draw's reveal holds the drawn
values by seat; the table's fold refuses an entry whose dice are not its revealed draw's.

>>> roll_off_items((0, 2))
[('seat 0', 6), ('seat 0', 6), ('seat 2', 6), ('seat 2', 6)]
>>> results = [{"label": "seat 0", "value": 3}, {"label": "seat 0", "value": 4},
...            {"label": "seat 2", "value": 6}, {"label": "seat 2", "value": 1}]
>>> throw_dice(results)
{'0': [3, 4], '2': [6, 1]}
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.fairness.purposes import ROLL_OFF, ROLL_OFF_DICE, ROLL_OFF_SIDES, purpose

from referee.table.errors import TableError


def roll_off_items(seats: Sequence[int]) -> list[tuple[str, int]]:
    """The items of a roll-off throw by ``seats``: two six-sided dice each, seats ascending."""
    return [(f"seat {seat}", ROLL_OFF_SIDES) for seat in sorted(seats) for _ in range(ROLL_OFF_DICE)]


def throw_dice(results: Sequence[dict[str, Any]]) -> dict[str, list[int]]:
    """A throw's dice by seat (``{"<seat>": [a, b]}``) from a draw's results, in item order."""
    dice: dict[str, list[int]] = {}
    for result in results:
        dice.setdefault(str(result["label"]).removeprefix("seat "), []).append(result["value"])
    return dice


def drawn_throw(draw: tuple[dict[str, Any], dict[str, Any]] | None, revealed: bool, game: int, counter: int,
                seats: Sequence[int]) -> dict[str, list[int]]:
    """The dice of roll-off throw ``counter`` of ``game`` by ``seats`` from its draw (public, secret):
    refused (``roll_off/draw``) unless the draw is revealed and is exactly that throw's draw.

    >>> drawn_throw(None, False, 1, 1, (0, 1))
    Traceback (most recent call last):
    ...
    referee.table.errors.TableError: throw 1 of game 1's roll-off names a draw that is not committed and revealed
    """
    if draw is None or not revealed:
        raise TableError("roll_off/draw", f"throw {counter} of game {game}'s roll-off names a draw that is not "
                                          "committed and revealed")
    request = draw[1].get("request", {})
    items = [(item.get("label"), item.get("sides")) for item in request.get("items", [])]
    if request.get("purpose") != purpose(ROLL_OFF, game, counter) or items != roll_off_items(seats):
        raise TableError("roll_off/draw", f"draw {draw[0].get('draw')} is not throw {counter} of game {game}'s "
                                          f"roll-off by seats {', '.join(map(str, sorted(seats)))}")
    return throw_dice(draw[1]["results"])
