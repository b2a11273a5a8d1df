"""The dishonest server's draw matrix (docs/fairness.md section 10): for every kind of draw (a poker-dice
roll, a re-roll, a match's starter, an evening's bracket, a roll-off throw, a referee's check roll, a knock's target die) it keeps every hash and
signature valid and tries to grind the draw, to skip or reorder draws, to use another game's kind, and to
drop the seeds that were due. Each scenario returns the export a player would download; ``MATRIX`` names
the failures both verifiers must report for it (``test_dishonest_server``, ``test_js``).
"""
from __future__ import annotations

from typing import Any, Callable

from referee.fairness.purposes import (ATTEMPT_CHECK, ATTEMPT_TARGET_DIE, BRACKET, POKER_ROLL, POKER_STARTER, ROLL_OFF,
                                       bracket_items, starter_items)

from .dishonest import ROLL, Server, forged_draw
from .dishonest_checks import CHECKS

POKER = {"game": "poker_bluff", "tokens": 2}
CUP = [("die", 6)] * 5
REROLL = [("die", 6)] * 3
STARTER = starter_items((0, 1))
BRACKET_OF_THREE = bracket_items(3)


def _request(kind: str, ref: int, counter: int, items: list[tuple[str, int]]) -> dict[str, Any]:
    return {"purpose": {"kind": kind, "ref": ref, "counter": counter},
            "items": [{"label": label, "sides": sides} for label, sides in items]}


def _ground(server: Server, kind: str, ref: int, counter: int, items: list[tuple[str, int]],
            suits: Callable[[list[int]], bool] = lambda values: sum(1 for value in values if value == 6) >= 3) -> None:
    """Both people's seeds are logged; the server then tries seeds of its own for seat 0 until the draw
    ``suits`` it (three sixes or more), and signs that one (seat 1's seed as logged)."""
    server.draws += 1
    number = server.draws
    logged = {seat: server.draw_seed(seat)["seed"] for seat in (0, 1)}
    request = _request(kind, ref, counter, items)
    for tries in range(1, 10_000):
        made = forged_draw(server.opening, number, request, request["purpose"], {0: f"{tries:064x}", 1: logged[1]})
        if suits(made.values):
            break
    server.log_draw(made, kind, ref, counter)


def _dropped(server: Server, kind: str, ref: int, counter: int, items: list[tuple[str, int]], logged: bool) -> None:
    """The people's seeds were due; the server signs a draw without seat 0's (``logged``: it was logged) and
    without naming it missing."""
    server.draws += 1
    number = server.draws
    seeds = {seat: server.draw_seed(seat)["seed"] for seat in (0, 1)} if logged else {}
    request = _request(kind, ref, counter, items)
    made = forged_draw(server.opening, number, request, request["purpose"], {k: v for k, v in seeds.items() if k != 0})
    server.log_draw(made, kind, ref, counter)


def poker_roll_ground() -> dict[str, Any]:
    server = Server(rules=POKER)
    _ground(server, POKER_ROLL, 1, 1, CUP)
    return server.export()


def poker_reroll_ground() -> dict[str, Any]:
    server = Server(rules=POKER)
    server.draw(kind=POKER_ROLL, ref=1, counter=1, items=CUP)
    _ground(server, POKER_ROLL, 1, 2, REROLL)
    return server.export()


def roll_off_throw_ground() -> dict[str, Any]:
    server = Server()
    _ground(server, ROLL_OFF, 1, 1, ROLL)
    return server.export()


def poker_starter_ground() -> dict[str, Any]:
    """The server grinds the match's starter until the host (seat 0) starts."""
    server = Server(rules=POKER)
    _ground(server, POKER_STARTER, 1, 1, STARTER, suits=lambda values: values == [1])
    return server.export()


def poker_starter_seed_dropped() -> dict[str, Any]:
    server = Server(rules=POKER)
    _dropped(server, POKER_STARTER, 1, 1, STARTER, logged=True)
    return server.export()


def poker_starter_skipped() -> dict[str, Any]:
    """A dummy roll (unused) steps the starter draw to the next committed secret."""
    server = Server(rules=POKER)
    server.draw(kind=POKER_ROLL, ref=1, counter=1, items=CUP, used=False)
    server.draw(kind=POKER_STARTER, ref=1, counter=1, items=STARTER)
    return server.export()


def poker_starter_in_a_liars_dice_game() -> dict[str, Any]:
    server = Server()
    server.draw(kind=POKER_STARTER, ref=1, counter=1, items=STARTER)
    return server.export()


def bracket_ground() -> dict[str, Any]:
    """The server grinds the bracket draw until the host (seat 0) has the bye (placed last)."""
    server = Server(rules=POKER)
    _ground(server, BRACKET, 1, 1, BRACKET_OF_THREE, suits=lambda values: values == [3, 2])
    return server.export()


def bracket_seed_dropped() -> dict[str, Any]:
    server = Server(rules=POKER)
    _dropped(server, BRACKET, 1, 1, BRACKET_OF_THREE, logged=True)
    return server.export()


def bracket_in_a_liars_dice_game() -> dict[str, Any]:
    server = Server()
    server.draw(kind=BRACKET, ref=1, counter=1, items=BRACKET_OF_THREE)
    return server.export()


def poker_roll_seed_dropped() -> dict[str, Any]:
    server = Server(rules=POKER)
    _dropped(server, POKER_ROLL, 1, 1, CUP, logged=True)
    return server.export()


def poker_reroll_seeds_unlogged() -> dict[str, Any]:
    server = Server(rules=POKER)
    server.draw(kind=POKER_ROLL, ref=1, counter=1, items=CUP)
    _dropped(server, POKER_ROLL, 1, 2, REROLL, logged=False)
    return server.export()


def roll_off_throw_seed_dropped() -> dict[str, Any]:
    server = Server()
    _dropped(server, ROLL_OFF, 1, 1, ROLL, logged=True)
    return server.export()


def poker_roll_skipped() -> dict[str, Any]:
    """A dummy roll (unused) steps the cup to the next committed secret."""
    server = Server(rules=POKER)
    server.draw(kind=POKER_ROLL, ref=1, counter=1, items=CUP, used=False)
    server.draw(kind=POKER_ROLL, ref=1, counter=2, items=CUP)
    return server.export()


def poker_reroll_reordered() -> dict[str, Any]:
    """Two re-rolls committed, the later one used first."""
    server = Server(rules=POKER)
    first = server.draw(kind=POKER_ROLL, ref=1, counter=1, items=CUP, used=False)
    second = server.draw(kind=POKER_ROLL, ref=1, counter=2, items=REROLL, used=False)
    server.use(POKER_ROLL, 1, 2, second)
    server.use(POKER_ROLL, 1, 1, first)
    return server.export()


def roll_off_throw_skipped() -> dict[str, Any]:
    server = Server()
    server.draw(kind=ROLL_OFF, ref=1, counter=1, items=ROLL, used=False)
    server.draw(kind=ROLL_OFF, ref=1, counter=2, items=ROLL)
    return server.export()


def roll_off_in_a_poker_game() -> dict[str, Any]:
    server = Server(rules=POKER)
    server.draw(kind=ROLL_OFF, ref=1, counter=1, items=ROLL)
    return server.export()


def poker_roll_in_a_liars_dice_game() -> dict[str, Any]:
    server = Server()
    server.draw(kind=POKER_ROLL, ref=1, counter=1, items=CUP)
    return server.export()


def check_roll_in_a_poker_game() -> dict[str, Any]:
    server = Server(rules=POKER)
    server.attempt(1)
    server.draw(kind=ATTEMPT_CHECK, ref=1)
    return server.export()


def check_roll_stepped() -> dict[str, Any]:
    """A dummy attempt's check (unused) moves attempt 1's check to the next committed secret."""
    server = Server()
    server.honest_round()
    server.attempt(1)
    server.attempt(2)
    server.draw(kind=ATTEMPT_CHECK, ref=2, used=False)
    server.draw(kind=ATTEMPT_CHECK, ref=1)
    return server.export()


def check_roll_reordered() -> dict[str, Any]:
    """Two checks committed; attempt 2's is used first, then attempt 1's."""
    server = Server()
    server.honest_round()
    server.attempt(1)
    server.attempt(2)
    first = server.draw(kind=ATTEMPT_CHECK, ref=1, used=False)
    second = server.draw(kind=ATTEMPT_CHECK, ref=2, used=False)
    server.use(ATTEMPT_CHECK, 2, 1, second)
    server.use(ATTEMPT_CHECK, 1, 1, first)
    return server.export()


def check_roll_of_another_attempt() -> dict[str, Any]:
    """Attempt 2's check is answered with attempt 1's draw."""
    server = Server()
    server.honest_round()
    server.attempt(1)
    server.attempt(2)
    drawn = server.draw(kind=ATTEMPT_CHECK, ref=1, used=False)
    server.use(ATTEMPT_CHECK, 2, 1, drawn)
    return server.export()


def target_die_unused() -> dict[str, Any]:
    """A knock's target die is drawn and never used (a second pick would follow)."""
    server = Server()
    server.deal(seeds=[server.seed(seat) for seat in (0, 1)])
    server.attempt(1)
    server.draw(kind=ATTEMPT_CHECK, ref=1)
    server.draw(kind=ATTEMPT_TARGET_DIE, ref=1, items=[("die of seat 2", 4)], used=False)
    server.reveal()
    return server.export()


def poker_roll_nobody_connected() -> dict[str, Any]:
    """Allowed, and said loudly: nobody was connected, the server rolled the cup alone."""
    server = Server(rules=POKER)
    server.draws += 1
    request = _request(POKER_ROLL, 1, 1, CUP)
    made = forged_draw(server.opening, 1, request, request["purpose"], {}, {0: "not_connected", 1: "not_connected"})
    server.log_draw(made, POKER_ROLL, 1, 1)
    return server.export()


def roll_off_throw_nobody_connected() -> dict[str, Any]:
    """Allowed, and said loudly: nobody was connected, the server threw the roll-off alone."""
    server = Server()
    server.draws += 1
    request = _request(ROLL_OFF, 1, 1, ROLL)
    made = forged_draw(server.opening, 1, request, request["purpose"], {}, {0: "not_connected", 1: "not_connected"})
    server.log_draw(made, ROLL_OFF, 1, 1)
    return server.export()


ALONE = "game 1 draw 1: note: this cup was rolled by the server alone: nobody was connected"
THROW_ALONE = "game 1 draw 1: note: this roll-off throw was rolled by the server alone: nobody was connected"

MATRIX: dict[str, tuple[Callable[[], dict[str, Any]], list[str]]] = {
    "poker_roll_ground": (poker_roll_ground, [
        "game 1 draw 1: the draw uses another seed for seat 0 than the one it contributed at seq 2"]),
    "poker_reroll_ground": (poker_reroll_ground, [
        "game 1 draw 2: the draw uses another seed for seat 0 than the one it contributed at seq 7"]),
    "roll_off_throw_ground": (roll_off_throw_ground, [
        "game 1 draw 1: the draw uses another seed for seat 0 than the one it contributed at seq 2"]),
    "poker_starter_ground": (poker_starter_ground, [
        "game 1 draw 1: the draw uses another seed for seat 0 than the one it contributed at seq 2"]),
    "poker_starter_seed_dropped": (poker_starter_seed_dropped, [
        "game 1 draw 1: the seed seat 0 contributed at seq 2 is not in the draw",
        "game 1 draw 1: the draw lacks the seeds of seats [0] but names [] as missing"]),
    "poker_starter_skipped": (poker_starter_skipped, [
        "game 1 draw 1: seq 8: draw 1 (poker_roll of game 1 (roll 1)) serves nothing: draw 2 is committed before any "
        "entry used it"]),
    "poker_starter_in_a_liars_dice_game": (poker_starter_in_a_liars_dice_game, [
        "game 1 draw 1: seq 4: draw 1 (poker_starter of game 1) is not a draw of a liars_dice game"]),
    "bracket_ground": (bracket_ground, [
        "game 1 draw 1: the draw uses another seed for seat 0 than the one it contributed at seq 2"]),
    "bracket_seed_dropped": (bracket_seed_dropped, [
        "game 1 draw 1: the seed seat 0 contributed at seq 2 is not in the draw",
        "game 1 draw 1: the draw lacks the seeds of seats [0] but names [] as missing"]),
    "bracket_in_a_liars_dice_game": (bracket_in_a_liars_dice_game, [
        "game 1 draw 1: seq 4: draw 1 (bracket of game 1) is not a draw of a liars_dice game"]),
    "poker_roll_seed_dropped": (poker_roll_seed_dropped, [
        "game 1 draw 1: the seed seat 0 contributed at seq 2 is not in the draw",
        "game 1 draw 1: the draw lacks the seeds of seats [0] but names [] as missing"]),
    "poker_reroll_seeds_unlogged": (poker_reroll_seeds_unlogged, [
        "game 1 draw 2: the draw lacks the seeds of seats [0, 1] but names [] as missing"]),
    "roll_off_throw_seed_dropped": (roll_off_throw_seed_dropped, [
        "game 1 draw 1: the seed seat 0 contributed at seq 2 is not in the draw",
        "game 1 draw 1: the draw lacks the seeds of seats [0] but names [] as missing"]),
    "poker_roll_skipped": (poker_roll_skipped, [
        "game 1 draw 1: seq 8: draw 1 (poker_roll of game 1 (roll 1)) serves nothing: draw 2 is committed before any "
        "entry used it"]),
    "poker_reroll_reordered": (poker_reroll_reordered, [
        "game 1 draw 1: seq 8: draw 1 (poker_roll of game 1 (roll 1)) serves nothing: draw 2 is committed before any "
        "entry used it",
        "game 1 draw 1: seq 11: cup_rolled uses draw 1, but no draw is waiting to be used"]),
    "roll_off_throw_skipped": (roll_off_throw_skipped, [
        "game 1 draw 1: seq 8: draw 1 (roll_off of game 1 (roll 1)) serves nothing: draw 2 is committed before any "
        "entry used it"]),
    "roll_off_in_a_poker_game": (roll_off_in_a_poker_game, [
        "game 1 draw 1: seq 4: draw 1 (roll_off of game 1 (roll 1)) is not a draw of a poker_bluff game"]),
    "poker_roll_in_a_liars_dice_game": (poker_roll_in_a_liars_dice_game, [
        "game 1 draw 1: seq 4: draw 1 (poker_roll of game 1 (roll 1)) is not a draw of a liars_dice game"]),
    "check_roll_in_a_poker_game": (check_roll_in_a_poker_game, [
        "game 1 draw 1: seq 4: draw 1 (attempt_check of attempt 1) is not a draw of a poker_bluff game"]),
    "check_roll_stepped": (check_roll_stepped, [
        "game 1 draw 1: seq 12: draw 1 (attempt_check of attempt 2) serves nothing: draw 2 is committed before any "
        "entry used it"]),
    "check_roll_reordered": (check_roll_reordered, [
        "game 1 draw 1: seq 12: draw 1 (attempt_check of attempt 1) serves nothing: draw 2 is committed before any "
        "entry used it",
        "game 1 draw 1: seq 15: attempt_checked uses draw 1, but no draw is waiting to be used"]),
    "check_roll_of_another_attempt": (check_roll_of_another_attempt, [
        "game 1 draw 1: seq 11: attempt_checked of attempt 2 uses draw 1 (attempt_check of attempt 1), which is not "
        "its attempt_check draw"]),
    "target_die_unused": (target_die_unused, [
        "game 1 draw 2: draw 2 (attempt_target_die of attempt 1) serves nothing: no entry uses it (the log ends)"]),
}
"""Every draw scenario both verifiers must fail, with the failures (message for message)."""

MATRIX.update(CHECKS)  # the referee's check rolls and target dice, seeded by the attempter (sealed)
