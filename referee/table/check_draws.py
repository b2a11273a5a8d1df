"""The referee's check rolls and target dice as draws the rules wait for (``draw_seeding``).

Once the referee judged an attempt (``attempt_judged``: difficulty and modifier, secret), its check
die is a ``DueDraw`` that takes the seed of the person attempting, sent by their browser after the
judgement was logged: so nobody, an operator who also referees included, knows the roll before the
difficulty is fixed. The draw is sealed (``referee.fairness.sealed_seeds``): the attempter's
``draw_seed`` entry is ``{draw, attempt}`` in public, ``{seat, seed}`` in secret, and nothing any other
page sees names the seat. When it is drawn, ``attempt_checked`` follows in the same command, and on
success the effect (a telekinesis's waits for the referee: ``desk.apply_attempt``); a knock or a mind reading first waits for its target die, a second draw seeded
by the attempter again, then ``attempt_resolved``.

While its round is bid the check waits; once the round is over (a call ended it before the seed
came) it is never rolled: the attempt is stale and the referee dismisses it, as any stale attempt.

>>> from referee.gm.attempts import Attempt
>>> attempt = Attempt(1, 0, 1, 1, "knock", None, 1, 6, "", status="judged", judgement=(12, 0))
>>> check_items(20), target_items(attempt, 4)
([('d20', 20)], [('die of seat 1', 4)])
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from referee.fairness.purposes import ATTEMPT_CHECK, ATTEMPT_TARGET_DIE
from referee.gm.attempts import APPROVED, Attempt, Check

from .families import DueDraw

if TYPE_CHECKING:
    from .game_play import TableHost
    from .state import TableState


class DiceChanger(Protocol):
    """What a family that plays roleplay cheating does to its dice (Liar's Dice: ``dice_changes``)."""

    def change_die(self, seat: int, index: int, value: int, attempt: int) -> None: ...

    def disclose_die(self, seat: int, index: int) -> dict[str, Any]: ...


def rolling(state: TableState) -> Attempt | None:
    """The attempt of the round being bid whose check or target die waits to be drawn, if any."""
    game, cheating = state.game, state.cheating
    bidding = cheating.open_round(game) if game is not None and cheating is not None else None
    if bidding is None:
        return None
    for attempt in state.gm.attempts:
        if (attempt.game, attempt.round) != (state.game_no, bidding):
            continue
        if attempt.status == "judged" or (attempt.status == "rolled" and attempt.check is not None
                                          and attempt.check.success and attempt.targets_die):
            return attempt
    return None


def check_items(sides: int) -> list[tuple[str, int]]:
    """The items of a check draw: one die of the table's check die."""
    return [(f"d{sides}", sides)]


def target_items(attempt: Attempt, count: int) -> list[tuple[str, int]]:
    """The items of an attempt's target die draw: one index among the target's ``count`` dice."""
    return [(f"die of seat {attempt.target}", count)]


def due_check(state: TableState, people: list[int]) -> DueDraw | None:
    """The check roll or target die the rules wait for now, seeded (sealed) by the attempter."""
    attempt = rolling(state)
    if attempt is None or state.game is None:
        return None
    seeding = (attempt.seat,) if attempt.seat in people else ()
    sealed = {"attempt": attempt.id}
    if attempt.status == "judged":
        return DueDraw(ATTEMPT_CHECK, attempt.id, check_items(state.gm.settings.check_die), seeding, sealed)
    count = state.cheating.dice_of(state.game, attempt.target) if attempt.target is not None else 0
    return DueDraw(ATTEMPT_TARGET_DIE, attempt.id, target_items(attempt, count), seeding, sealed)


def check_drawn(table: TableHost, dice: DiceChanger, number: int) -> None:
    """Use draw ``number`` (an attempt's check or target die) in the running command; ``dice`` makes its effect."""
    attempt = rolling(table.current)
    drawn = table.current.fairness.draw_at(number) if table.current.fairness is not None else None
    if attempt is None or drawn is None:
        return
    value = drawn[1]["results"][0]["value"]
    if attempt.status == "judged" and attempt.judgement is not None:
        difficulty, modifier = attempt.judgement
        check = Check.of(difficulty=difficulty, modifier=modifier, sides=drawn[1]["results"][0]["sides"],
                         roll=value, draw=number)
        table.commit("attempt_checked", {"attempt": attempt.id, "draw": number}, check.to_dict())
        if check.success and not attempt.targets_die and attempt.kind not in APPROVED:
            resolve(table, attempt, apply_effect(table, dice, attempt, None))
        return
    resolve(table, attempt, apply_effect(table, dice, attempt, value - 1))


def resolve(table: TableHost, attempt: Attempt, effect: dict[str, Any] | None) -> None:
    """The succeeded attempt's ``attempt_resolved`` with its ``effect``."""
    table.commit("attempt_resolved", {"attempt": attempt.id}, {"outcome": "success", "consequence": None, "effect": effect})


def apply_effect(table: TableHost, dice: DiceChanger, attempt: Attempt, index: int | None) -> dict[str, Any] | None:
    """Apply a succeeded attempt's effect (``index``: the target's die its draw picked); what it did."""
    game = table.current.game
    if game is None:
        return None
    if attempt.kind == "telekinesis" and attempt.die is not None and attempt.value is not None:
        was = game.hand_of(attempt.seat)[attempt.die]
        dice.change_die(attempt.seat, attempt.die, attempt.value, attempt.id)
        return {"seat": attempt.seat, "index": attempt.die, "value": attempt.value, "was": was}
    if attempt.kind == "knock" and attempt.target is not None and attempt.value is not None and index is not None:
        was = game.hand_of(attempt.target)[index]
        dice.change_die(attempt.target, index, attempt.value, attempt.id)
        return {"seat": attempt.target, "index": index, "value": attempt.value, "was": was}
    if attempt.kind == "mind_reading" and attempt.target is not None and index is not None:
        value = game.hand_of(attempt.target)[index]
        disclosure = dice.disclose_die(attempt.target, index)
        return {"seat": attempt.target, "index": index, "value": value,
                "proof": disclosure if disclosure.get("value") == value else None}
    if attempt.kind == "loaded_die":
        return {"seat": attempt.seat, "index": 0, "value": 6, "from_round": attempt.round + 1}
    return None
