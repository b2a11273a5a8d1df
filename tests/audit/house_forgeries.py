"""More forgeries of house-rule logs (beside ``house_tampers.py``), one for each remaining failure of the
house rules' game checks (docs/fairness.md section 9), for the test that the browser's verifier and the
Python one word them alike. Like ``tampers.py`` each re-signs what it changed (a roll-off draw drawn again
with the game's own secrets, rounds re-dealt), so that a dishonest server could publish it. Each maps a
forger of a clean log to the words a failure of the Python verifier must contain: ``KUL_TIRAS`` (four
players, roll-off, calls by anyone, elimination), ``TIES`` (a roll-off thrown again), ``PERUDO`` (spot on,
palifico) and ``TAVERN``."""
from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from referee.fairness.draws import draw, reveal_draw
from referee.fairness.purposes import ROLL_OFF, ROLL_OFF_DICE, ROLL_OFF_SIDES, purpose
from referee.fairness.report import Report
from referee.fairness.verify_play import check_play

from .house_tampers import counted_round, first_throw, rounds_with_next
from .play_logs import SIGNER, Forger
from .tampers import dealt, in_round


PALIFICO = "; a palifico round: ones are not wild"


def redraw(forger: Forger, throw: dict[str, Any], wanted: dict[str, Any], seats: list[int]) -> dict[str, list[int]]:
    """Draw the draw of ``throw`` again for ``wanted`` (a purpose) and ``seats``, signed, revealed, and
    shown by the throw: what a server holding the game's secrets could log."""
    game, number = throw["public"]["game"], throw["public"]["draw"]
    opened = next(e for e in forger.all("game_opened") if e["public"]["game"] == game)
    items = [(f"seat {seat}", ROLL_OFF_SIDES) for seat in seats for _ in range(ROLL_OFF_DICE)]
    drawn = draw(SIGNER, opened["secret"], opened["public"], number, wanted, items)
    committed = next(e for e in forger.all("draw_committed") if (e["public"]["game"], e["public"]["draw"]) == (game, number))
    revealed = next(e for e in forger.all("draw_revealed") if (e["public"]["game"], e["public"]["draw"]) == (game, number))
    committed["public"], committed["secret"] = drawn.public, drawn.secret
    revealed["public"] = reveal_draw(opened["secret"], drawn.secret)
    dice = {str(seat): drawn.values[ROLL_OFF_DICE * k:ROLL_OFF_DICE * (k + 1)] for k, seat in enumerate(seats)}
    throw["public"]["dice"] = dice
    return dice


def throwing(throw: dict[str, Any]) -> list[int]:
    return sorted(int(seat) for seat in throw["public"]["dice"])


# -- the roll-off ---------------------------------------------------------------------------------

def roll_off_thrown_again_after_the_deal(forger: Forger) -> str:
    forger.insert_after(in_round(forger, "bid", 1, 1)[0], "roll_off", copy.deepcopy(first_throw(forger)["public"]))
    return "a roll-off throw is logged, but the rules wait for none (the game is bidding)"


def roll_off_counted_from_two(forger: Forger) -> str:
    first_throw(forger)["public"]["counter"] = 2
    return "roll-off throw 2 is logged where the rules expect throw 1"


def roll_off_drawn_for_another_game(forger: Forger) -> str:
    throw = first_throw(forger)
    redraw(forger, throw, purpose(ROLL_OFF, 2, 1), throwing(throw))
    return f"throw 1 names draw {throw['public']['draw']}, which is not throw 1 of game 1's roll-off"


def roll_off_leaving_a_seat_out(forger: Forger) -> str:
    throw = first_throw(forger)
    seats = throwing(throw)
    redraw(forger, throw, purpose(ROLL_OFF, 1, 1), seats[:-1])
    return (f"draw {throw['public']['draw']} throws for {', '.join(f'seat {s}' for s in seats[:-1])}, "
            f"but the roll-off waits for {', '.join(f'seat {s}' for s in seats)}")


def roll_off_showing_words_for_dice(forger: Forger) -> str:
    dice = first_throw(forger)["public"]["dice"]
    dice[max(dice, key=int)] = "two sixes"
    return "throw 1 shows {'0': ["


def roll_off_showing_true_for_a_one(forger: Forger) -> str:
    """JSON ``true`` where a die shows 1: equal to the draw's value for Python's ``==``, refused by the rules."""
    dice = first_throw(forger)["public"]["dice"]
    seat = next(seat for seat, hand in dice.items() if 1 in hand)
    dice[seat] = [True if value == 1 else value for value in dice[seat]]
    return "roll-off throw 1, which the rules refuse (roll_off/dice"


def round_one_opened_against_the_roll_off(forger: Forger) -> str:
    first = in_round(forger, "bid", 1, 1)[0]
    first["public"]["seat"] = next(seat for seat in dealt(forger, 1, 1) if seat != first["public"]["seat"])
    return "which the rules refuse (action/not_your_turn"


def liar_on_ones_own_bid(forger: Forger) -> str:
    call = in_round(forger, "liar", 1, 1)[0]
    call["public"]["seat"] = in_round(forger, "bid", 1, 1)[-1]["public"]["seat"]
    return "calls Liar, which the rules refuse (call/own_bid"


def spot_on_where_the_table_does_not_play_it(forger: Forger) -> str:
    in_round(forger, "liar", 1, 1)[0]["kind"] = "spot_on"
    return "says spot on, which the rules refuse (spot_on/off"


def elimination_costing_one_die(forger: Forger) -> str:
    before, after = dealt(forger, 1, 1), dealt(forger, 1, 2)
    out = next(seat for seat in before if seat not in after)
    forger.redeal(1, 2, {**after, out: before[out] - 1})
    return f"differ from the dice the rules hold ({', '.join(f'seat {s}: {after[s]}' for s in sorted(after))}) (out: seat {out})"


def second_throw_naming_the_first_draw(forger: Forger) -> str:
    first, second = forger.all("roll_off")[:2]
    second["public"]["draw"] = first["public"]["draw"]
    return f"throw 2 names draw {first['public']['draw']}, which is not throw 2 of game 1's roll-off"


TIES: dict[str, Callable[[Forger], str]] = {"second_throw_naming_the_first_draw": second_throw_naming_the_first_draw}
"""Forgeries of an evening whose roll-off is thrown more than once."""

KUL_TIRAS: dict[str, Callable[[Forger], str]] = {f.__name__: f for f in (
    roll_off_thrown_again_after_the_deal, roll_off_counted_from_two, roll_off_drawn_for_another_game,
    roll_off_leaving_a_seat_out, roll_off_showing_words_for_dice, roll_off_showing_true_for_a_one,
    round_one_opened_against_the_roll_off,
    liar_on_ones_own_bid, spot_on_where_the_table_does_not_play_it, elimination_costing_one_die)}


# -- spot on and palifico --------------------------------------------------------------------------

def right_spot_on_then_a_wrong_deal(forger: Forger) -> str:
    for round_no, next_round in rounds_with_next(forger, 1):
        kind, caller, held = counted_round(forger, 1, round_no)
        before = dealt(forger, 1, round_no)
        if kind == "spot_on" and held >= before[caller]:
            after = dealt(forger, 1, next_round)
            forger.redeal(1, next_round, {**after, caller: held - 1 if held > 1 else held + 1})
            return f"round {round_no}: "
    raise AssertionError("no right spot on was followed by another round of game 1")


def spot_on_out_of_turn(forger: Forger) -> str:
    call = forger.all("spot_on")[0]
    bids = [e for e in forger.entries[:forger.position(call)] if e["kind"] == "bid"]
    call["public"]["seat"] = bids[-1]["public"]["seat"]
    return "says spot on, which the rules refuse (action/not_your_turn"


def palifico_rounds(forger: Forger) -> list[tuple[int, int]]:
    """(game, round) of the rounds the Python verifier re-derives as palifico rounds."""
    report = Report()
    check_play(forger.export(), report)
    steps = [re.fullmatch(r"game (\d+) round (\d+)", c.step) for c in report.checks if c.message.endswith(PALIFICO)]
    return [(int(step.group(1)), int(step.group(2))) for step in steps if step]


def palifico_face_changed(forger: Forger) -> str:
    for game, round_no in palifico_rounds(forger):
        bids, counts = in_round(forger, "bid", game, round_no), dealt(forger, game, round_no)
        if len(bids) > 1 and counts[bids[1]["public"]["seat"]] > 1:
            second = bids[1]["public"]
            second["face"] = second["face"] % 6 + 1
            return f"bids {second['quantity']} × {second['face']}, which the rules refuse (bid/palifico_face"
    raise AssertionError("no palifico round has a second bid by a player with more than one die")


PERUDO: dict[str, Callable[[Forger], str]] = {f.__name__: f for f in (
    right_spot_on_then_a_wrong_deal, spot_on_out_of_turn, palifico_face_changed)}


# -- the opener --------------------------------------------------------------------------------------

def no_opener_at_a_rotating_table(forger: Forger) -> str:
    forger.all("game_started")[0]["public"]["opener"] = None
    return "game 1: seq {seq}: the rules cannot start this game (game/opener)".format(
        seq=forger.position(forger.all("game_started")[0]) + 1)


TAVERN: dict[str, Callable[[Forger], str]] = {"no_opener_at_a_rotating_table": no_opener_at_a_rotating_table}
