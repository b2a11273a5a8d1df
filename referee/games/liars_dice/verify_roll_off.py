"""The game verifier's check of a roll-off throw (``first_opener = roll_off``): a ``roll_off`` entry must
hold exactly the values of its revealed draw, and that draw must be this throw's.

Throw k of game g names its draw (``roll_off`` ``{game, counter, draw, dice}``); the draw's reveal
(``draw_revealed``, logged before the entry) must have the purpose ``{kind: roll_off, ref: g,
counter: k}`` and the items ``("seat S", 6)`` twice for each seat the rules wait for
(``pending_roll_off``, ascending), and the entry's ``dice`` must be the revealed values by seat in
item order. That the revealed values are the committed ones is the dice half's check
(``verify_games``). The messages are part of the verifier's contract (the browser's verifier
words them the same way).

>>> draw = {"draw": 1, "request": {"purpose": {"kind": "roll_off", "ref": 1, "counter": 1},
...         "items": [{"label": "seat 0", "sides": 6}] * 2 + [{"label": "seat 1", "sides": 6}] * 2},
...         "results": [{"label": "seat 0", "value": 3}, {"label": "seat 0", "value": 4},
...                     {"label": "seat 1", "value": 6}, {"label": "seat 1", "value": 2}]}
>>> throw_problem(draw, 1, 1, (0, 1), {"0": [3, 4], "1": [6, 2]}) is None
True
>>> throw_problem(draw, 1, 1, (0, 1), {"0": [3, 4], "1": [6, 6]})
'throw 1 shows seat 0: 3 + 4, seat 1: 6 + 6, but draw 1 revealed seat 0: 3 + 4, seat 1: 6 + 2'
>>> throw_text({"0": [3, 4], "1": [6, 2]})
'seat 0: 3 + 4 = 7, seat 1: 6 + 2 = 8'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.fairness.purposes import ROLL_OFF, ROLL_OFF_DICE, ROLL_OFF_SIDES


def drawn_dice(draw: Mapping[str, Any]) -> dict[str, list[int]]:
    """A revealed roll-off draw's values by seat (``{"<seat>": [a, b]}``), in item order."""
    dice: dict[str, list[int]] = {}
    for result in draw["results"]:
        dice.setdefault(str(result["label"]).removeprefix("seat "), []).append(result["value"])
    return dice


def dice_words(dice: Mapping[str, Sequence[int]]) -> str:
    """A throw as the messages write it: ``seat 0: 3 + 4, seat 2: 6 + 1`` (seats ascending)."""
    return ", ".join(f"seat {seat}: {' + '.join(map(str, dice[seat]))}" for seat in sorted(dice, key=_number))


def throw_text(dice: Mapping[str, Sequence[int]]) -> str:
    """A throw with its sums: ``seat 0: 3 + 4 = 7, seat 2: 6 + 1 = 7`` (seats ascending)."""
    return ", ".join(f"seat {seat}: {' + '.join(map(str, dice[seat]))} = {sum(dice[seat])}"
                     for seat in sorted(dice, key=_number))


def throw_problem(draw: Mapping[str, Any] | None, game: int, counter: int, throwing: Sequence[int],
                  dice: Any) -> str | None:
    """Why a ``roll_off`` entry of throw ``counter`` of ``game`` showing ``dice`` is not its revealed
    ``draw`` (None: not revealed before the entry) for the seats ``throwing``, or None when it is."""
    if draw is None:
        return f"throw {counter} names a draw that is not revealed before it"
    number, request = draw["draw"], draw["request"]
    if request["purpose"] != {"kind": ROLL_OFF, "ref": game, "counter": counter}:
        return f"throw {counter} names draw {number}, which is not throw {counter} of game {game}'s roll-off"
    items = [(item["label"], item["sides"]) for item in request["items"]]
    wanted = [(f"seat {seat}", ROLL_OFF_SIDES) for seat in sorted(throwing) for _ in range(ROLL_OFF_DICE)]
    if items != wanted:
        return (f"draw {number} throws for {_seats_of(items)}, but the roll-off waits for "
                f"{', '.join(f'seat {s}' for s in sorted(throwing))}")
    drawn = drawn_dice(draw)
    if dice != drawn:
        shown = dice_words(dice) if _is_throw(dice) else repr(dice)
        return f"throw {counter} shows {shown}, but draw {number} revealed {dice_words(drawn)}"
    return None


def _seats_of(items: Sequence[tuple[Any, Any]]) -> str:
    labels: list[str] = []
    for label, _ in items:
        if str(label) not in labels:
            labels.append(str(label))
    return ", ".join(labels) or "nobody"


def _is_throw(dice: Any) -> bool:
    return isinstance(dice, dict) and all(isinstance(v, list) and all(isinstance(d, int) for d in v)
                                          for v in dice.values())


def _number(seat: str) -> int:
    return int(seat) if seat.isdigit() else -1
