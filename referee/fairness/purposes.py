"""What a committed draw is for: a fixed enumerated kind, the number of what it serves, a counter.

A draw's purpose is ``{"kind", "ref", "counter"}`` and nothing else, and its items are fixed
by the purpose (``items_problem``), so every input of a draw is fixed before it is made: the
server cannot try purposes or labels until the result suits it (the draw key hashes the
request). The purpose is public in the signed commitment, so a second draw of the same
thing (a retry) is visible in the log at once; the table refuses it and the verifier fails it.

============================ ================= ====================================================
kind                         ref               items
============================ ================= ====================================================
``attempt_check``            attempt number    one ``("d20", 20)`` or ``("d100", 100)``; once per attempt
``attempt_target_die``       attempt number    one ``("die of seat S", dice of S)``; once per attempt
``roll_off``                 game number       ``("seat S", 6)`` twice per rolling seat, seats ascending;
                                               counter 1 is the first roll, 2, 3, ... the re-rolls of a tie
``poker_roll``               game number       ``("die", 6)`` 1 to 5 times (the dice the holder rolls);
                                               counter 1, 2, ... over the game's rolls
``poker_starter``            game number       one ``("seat A or B", 2)``, A < B the match's two players:
                                               1 names A, 2 names B to start; once, before the first roll
                                               of a match's first game
``bracket``                  game number       ``("place k of N", N - k + 1)`` for k = 1 .. N - 1, N >= 3
                                               the entrants of a poker-dice evening: a shuffle of them
                                               (``bracket_order``); once, in the evening's own game (a
                                               manifest of every entrant that plays nothing but this draw)
============================ ================= ====================================================

>>> purpose(ATTEMPT_CHECK, 3)
{'kind': 'attempt_check', 'ref': 3, 'counter': 1}
>>> items_problem(purpose(ATTEMPT_CHECK, 3), [{"label": "d20", "sides": 20}]) is None
True
>>> purpose("attempt 3 check", 1)
Traceback (most recent call last):
...
referee.fairness.purposes.PurposeError: a draw's kind is one of attempt_check, attempt_target_die, roll_off, poker_roll, poker_starter, bracket, not "attempt 3 check"

A rules family written elsewhere (a plug-in, a test's) adds its own kinds with ``declare``: each a
``DrawKind`` whose reference is a game number and whose items are fixed by a rule of its own, under the
same checks as the kinds above. The browser's verifier knows only the kinds above.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.fairness.encoding import FairnessError
from referee.store.chain import canonical

ATTEMPT_CHECK = "attempt_check"
ATTEMPT_TARGET_DIE = "attempt_target_die"
ROLL_OFF = "roll_off"
POKER_ROLL = "poker_roll"
POKER_STARTER = "poker_starter"
BRACKET = "bracket"
DRAWS_PER_REFERENCE: dict[str, int | None] = {ATTEMPT_CHECK: 1, ATTEMPT_TARGET_DIE: 1, ROLL_OFF: None, POKER_ROLL: None,
                                              POKER_STARTER: 1, BRACKET: 1}
"""How many draws one reference may have, by kind (None: any number, counted 1, 2, ...)."""
CHECK_DICE = (20, 100)
MAX_DICE = 10
ROLL_OFF_SIDES = 6
ROLL_OFF_DICE = 2
POKER_DIE = ("die", 6)
POKER_CUP = 5
STARTER_SIDES = 2
MAX_ENTRANTS = 64
"""The most entrants a bracket draw shuffles (more than any table seats)."""
GAME_KINDS = (ROLL_OFF, POKER_ROLL, POKER_STARTER, BRACKET)
"""The kinds whose reference is a game number (the others serve an attempt)."""


class PurposeError(FairnessError):
    """A draw purpose outside the enumeration, or items that do not fit the purpose."""


@dataclass(frozen=True, slots=True)
class DrawKind:
    """A kind of draw a family declares (``declare``): its name, how many draws one game may have
    (None: any number, counted 1, 2, ...), which items it draws (``fits``: the ``(label, sides)`` of each)
    and those items in words (``expected``, for messages). Its draws take the seeds of every person of
    the game (``verify_draw_seeds.concerned``).

    >>> coin = DrawKind("coin", 1, lambda shape: shape == [("coin", 2)], '("coin", 2) once')
    >>> coin.fits([("coin", 2)]), coin.fits([("die", 6)])
    (True, False)
    """

    name: str
    per_game: int | None
    fits: Callable[[list[Any]], bool]
    expected: str


DECLARED: dict[str, DrawKind] = {}
"""The kinds families have declared besides the enumeration, by name."""


def declare(kind: DrawKind) -> None:
    """Add ``kind`` to the enumeration (its reference a game number); a name already taken is refused."""
    if kind.name in DRAWS_PER_REFERENCE:
        raise PurposeError(f"the draw kind {kind.name!r} exists already")
    DRAWS_PER_REFERENCE[kind.name] = kind.per_game
    DECLARED[kind.name] = kind


def is_game_kind(kind: str) -> bool:
    """True for a kind whose reference is a game number (every kind but the attempts').

    >>> is_game_kind(ROLL_OFF), is_game_kind(ATTEMPT_CHECK)
    (True, False)
    """
    return kind in GAME_KINDS or kind in DECLARED


def purpose(kind: str, ref: int, counter: int = 1) -> dict[str, Any]:
    """The purpose ``{kind, ref, counter}`` of a draw, validated."""
    made = {"kind": kind, "ref": ref, "counter": counter}
    problem = purpose_problem(made)
    if problem:
        raise PurposeError(problem)
    return made


def purpose_problem(value: Any) -> str | None:
    """Why ``value`` is not a purpose of the enumeration, or None.

    >>> purpose_problem({"kind": "roll_off", "ref": 1, "counter": 0})
    'a draw purpose needs a positive integer ref and counter, got {"counter":0,"kind":"roll_off","ref":1}'
    """
    if not isinstance(value, dict) or set(value) != {"kind", "ref", "counter"}:
        return f"a draw purpose is exactly {{kind, ref, counter}}, got {_short(value)}"
    if not isinstance(value["kind"], str) or value["kind"] not in DRAWS_PER_REFERENCE:
        return f"a draw's kind is one of {', '.join(DRAWS_PER_REFERENCE)}, not {_short(value['kind'])}"
    if not (_positive(value["ref"]) and _positive(value["counter"])):
        return f"a draw purpose needs a positive integer ref and counter, got {_short(value)}"
    limit = DRAWS_PER_REFERENCE[value["kind"]]
    if limit is not None and value["counter"] > limit:
        return f"{describe(value)} is drawn {limit} time(s) at most: counter {value['counter']} is a retry"
    return None


def items_problem(value: dict[str, Any], items: list[dict[str, Any]]) -> str | None:
    """Why ``items`` ({label, sides} each) are not the items ``value``'s kind draws, or None.

    >>> items_problem(purpose(ROLL_OFF, 1), [{"label": "seat 0", "sides": 6}] * 2 + [{"label": "seat 2", "sides": 6}] * 2)
    >>> items_problem(purpose(POKER_ROLL, 1, 3), [{"label": "die", "sides": 6}] * 6)
    'poker_roll of game 1 (roll 3) draws ("die", 6) 1 to 5 times, not [{"label":"die","sides":6},{"label":"die","sides":6},{"labe...'
    >>> items_problem(purpose(ATTEMPT_TARGET_DIE, 2), [{"label": "die of seat 1", "sides": 11}])
    'attempt_target_die of attempt 2 draws one ("die of seat S", 1..10), not [{"label":"die of seat 1","sides":11}]'
    >>> items_problem(purpose(POKER_ROLL, 1, 2), [{"label": "die", "sides": 6}] * 3) is None
    True
    >>> items_problem(purpose(POKER_ROLL, 1), [{"label": "die", "sides": 6}] * 6)
    'poker_roll of game 1 (roll 1) draws ("die", 6) 1 to 5 times, not [{"label":"die","sides":6},{"label":"die","sides":6},{"label":"die","sides":6},{"label":"die","sides":6},{"label":"...'
    """
    shape = [(item.get("label"), item.get("sides")) if isinstance(item, dict) else None for item in items]
    kind = value["kind"]
    if kind in DECLARED:
        fits, expected = DECLARED[kind].fits(shape), DECLARED[kind].expected
    elif kind == ATTEMPT_CHECK:
        fits = len(shape) == 1 and shape[0] in [(f"d{sides}", sides) for sides in CHECK_DICE]
        expected = "one (\"d20\", 20) or (\"d100\", 100)"
    elif kind == ATTEMPT_TARGET_DIE:
        fits = len(shape) == 1 and target_seat(items[0]) is not None and _within(shape[0][1], MAX_DICE)
        expected = f"one (\"die of seat S\", 1..{MAX_DICE})"
    elif kind == POKER_ROLL:
        fits = 1 <= len(shape) <= POKER_CUP and all(item == POKER_DIE for item in shape)
        expected = f"(\"{POKER_DIE[0]}\", {POKER_DIE[1]}) 1 to {POKER_CUP} times"
    elif kind == POKER_STARTER:
        fits = len(shape) == 1 and starter_pair(items[0]) is not None and shape[0][1] == STARTER_SIDES
        expected = f"one (\"seat A or B\", {STARTER_SIDES}), seats A < B"
    elif kind == BRACKET:
        fits = 3 <= len(shape) + 1 <= MAX_ENTRANTS and shape == bracket_items(len(shape) + 1)
        expected = f"(\"place k of N\", N - k + 1) for k = 1 .. N - 1, 3 <= N <= {MAX_ENTRANTS}"
    else:
        seats = roll_off_seats(items)
        fits = bool(seats) and shape == [(f"seat {s}", ROLL_OFF_SIDES) for s in seats for _ in range(ROLL_OFF_DICE)]
        expected = f"(\"seat S\", {ROLL_OFF_SIDES}) {ROLL_OFF_DICE} times per seat, seats ascending"
    return None if fits else f"{describe(value)} draws {expected}, not {_short(items)}"


def target_seat(item: dict[str, Any]) -> int | None:
    """The seat an ``attempt_target_die`` item names ("die of seat 2" -> 2), or None.

    >>> target_seat({"label": "die of seat 2", "sides": 5}), target_seat({"label": "die of seat 02"})
    (2, None)
    """
    label = item.get("label")
    prefix = "die of seat "
    if not isinstance(label, str) or not label.startswith(prefix):
        return None
    number = label[len(prefix):]
    return int(number) if number.isdigit() and str(int(number)) == number else None


def starter_pair(item: dict[str, Any]) -> tuple[int, int] | None:
    """The two seats, ascending, a ``poker_starter`` item names ("seat 0 or 2" -> (0, 2)), or None.

    >>> starter_pair({"label": "seat 0 or 2", "sides": 2}), starter_pair({"label": "seat 2 or 0"})
    ((0, 2), None)
    """
    label = item.get("label") if isinstance(item, dict) else None
    found = re.fullmatch(r"seat (0|[1-9][0-9]*) or (0|[1-9][0-9]*)", label) if isinstance(label, str) else None
    if found is None:
        return None
    low, high = int(found.group(1)), int(found.group(2))
    return (low, high) if low < high else None


def starter_items(seats: tuple[int, int] | list[int]) -> list[tuple[str, int]]:
    """The items of the starter draw between two seats (either order).

    >>> starter_items((3, 1))
    [('seat 1 or 3', 2)]
    """
    low, high = sorted(seats)
    return [(f"seat {low} or {high}", STARTER_SIDES)]


def bracket_items(count: int) -> list[tuple[str, int]]:
    """The items of the bracket draw of ``count`` entrants: the k-th picks the entrant at place k among
    the ``count - k + 1`` not placed yet (``bracket_order``).

    >>> bracket_items(3)
    [('place 1 of 3', 3), ('place 2 of 3', 2)]
    """
    return [(f"place {k} of {count}", count - k + 1) for k in range(1, count)]


def bracket_order(entrants: list[int] | tuple[int, ...], values: list[int]) -> list[int]:
    """The bracket order a bracket draw's ``values`` give ``entrants``: each value picks, 1 for the lowest,
    one of the seats not placed yet, ascending; the last seat left takes the last place (a Fisher–Yates
    shuffle, every order equally likely).

    >>> bracket_order([0, 1, 2], [3, 1])
    [2, 0, 1]
    >>> bracket_order([4, 7, 9, 12], [1, 1, 1])
    [4, 7, 9, 12]
    """
    left = sorted(entrants)
    order = [left.pop(value - 1) for value in values]
    return order + left


def roll_off_seats(items: list[dict[str, Any]]) -> list[int]:
    """The distinct seats, ascending, that a roll-off's items name ("seat 3" -> 3); [] when one is not a seat."""
    seats: list[int] = []
    for item in items:
        label = item.get("label") if isinstance(item, dict) else None
        number = label[len("seat "):] if isinstance(label, str) and label.startswith("seat ") else ""
        if not number.isdigit() or str(int(number)) != number:
            return []
        if int(number) not in seats:
            seats.append(int(number))
    return seats if seats == sorted(seats) else []


def describe(value: dict[str, Any]) -> str:
    """A purpose in words, for messages.

    >>> describe(purpose(ROLL_OFF, 1, 2)), describe(purpose(ATTEMPT_CHECK, 4)), describe(purpose(POKER_ROLL, 3, 7))
    ('roll_off of game 1 (roll 2)', 'attempt_check of attempt 4', 'poker_roll of game 3 (roll 7)')
    >>> describe(purpose(POKER_STARTER, 2))
    'poker_starter of game 2'
    """
    of = "game" if is_game_kind(value["kind"]) else "attempt"
    roll = f" (roll {value['counter']})" if DRAWS_PER_REFERENCE.get(value["kind"]) is None else ""
    return f"{value['kind']} of {of} {value['ref']}{roll}"


def _positive(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= 1


def _within(value: Any, limit: int) -> bool:
    return _positive(value) and value <= limit


def _short(value: Any) -> str:
    """``value`` as canonical JSON (sorted keys: the same text in the browser's verifier), cut at 120 characters."""
    try:
        text = canonical(value).decode("utf-8")
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
