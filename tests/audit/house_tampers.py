"""A dishonest server's forgeries of house-rule logs (like ``tampers.py``: each re-signs what it changed,
so only the game checks can catch it). ``ROLL_OFF``, ``SPOT_ON`` and ``DIFFERENCE`` map a name to a
function (forger of a clean log of that kind of evening) -> the words the verifier's failure must contain."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.liars_dice.rules import Settings

from .play_logs import Forger
from .tampers import dealt


def first_throw(forger: Forger) -> dict[str, Any]:
    return forger.all("roll_off")[0]


def changed_roll_off_die(forger: Forger) -> str:
    throw = first_throw(forger)
    seat = min(throw["public"]["dice"], key=int)
    dice = throw["public"]["dice"][seat]
    dice[0] = dice[0] % 6 + 1
    return f"throw 1 shows seat {seat}: {dice[0]} + {dice[1]}"


def roll_off_naming_a_draw_never_revealed(forger: Forger) -> str:
    first_throw(forger)["public"]["draw"] = 99
    return "roll-off: seq {seq}: throw 1 names a draw that is not revealed before it".format(
        seq=forger.position(first_throw(forger)) + 1)


def roll_off_before_its_draw_is_revealed(forger: Forger) -> str:
    throw = first_throw(forger)
    revealed = forger.entries[forger.position(throw) - 1]
    assert revealed["kind"] == "draw_revealed"
    forger.remove(throw)
    forger.entries.insert(forger.position(revealed), throw)
    return "throw 1 names a draw that is not revealed before it"


def roll_off_skipped(forger: Forger) -> str:
    first_deal = forger.position(forger.all("round_dealt")[0])
    for entry in [e for e in forger.all("roll_off") if forger.position(e) < first_deal]:
        forger.remove(entry)
    return "round 1 is dealt while the rules are at round 1 (rolling_off)"


def opener_named_under_the_roll_off(forger: Forger) -> str:
    started = forger.all("game_started")[0]
    started["public"]["opener"] = started["public"]["seats"][0]
    return "the rules cannot start this game (game/opener)"


def rules_changed_in_the_middle_of_a_game(forger: Forger) -> str:
    bid = forger.all("bid")[0]
    forger.insert_after(bid, "rules_changed", {"rules": Settings().to_dict(), "by": 0})
    return "the rules change while game 1 is being played"


ROLL_OFF: dict[str, Callable[[Forger], str]] = {f.__name__: f for f in (
    changed_roll_off_die, roll_off_naming_a_draw_never_revealed, roll_off_before_its_draw_is_revealed,
    roll_off_skipped, opener_named_under_the_roll_off, rules_changed_in_the_middle_of_a_game)}


def rounds_with_next(forger: Forger, game: int) -> list[tuple[int, int]]:
    """(round, next round) pairs of ``game`` that were both dealt."""
    numbers = [e["public"]["round"] for e in forger.all("round_dealt") if e["public"]["game"] == game]
    return list(zip(numbers, numbers[1:]))


def counted_round(forger: Forger, game: int, round_no: int) -> tuple[str, int, int]:
    """The kind of call ending round ``round_no`` of ``game``, its caller, and what the engine says it cost:
    the caller's dice after it (taken from the next deal by the honest log)."""
    calls = [e for e in forger.entries if e["kind"] in ("liar", "spot_on")]
    dealt_rounds = [(e["public"]["game"], e["public"]["round"]) for e in forger.all("round_dealt")]
    call = calls[dealt_rounds.index((game, round_no))]
    return call["kind"], call["public"]["seat"], dealt(forger, game, round_no + 1).get(call["public"]["seat"], 0)


def spot_on_counted_wrong(forger: Forger) -> str:
    for round_no, next_round in rounds_with_next(forger, 1):
        kind, caller, held = counted_round(forger, 1, round_no)
        after = dealt(forger, 1, next_round)
        if kind == "spot_on" and caller in after:
            wrong = held - 1 if held > 1 else held + 1
            forger.redeal(1, next_round, {**after, caller: wrong})
            return f"the deal's dice counts ({', '.join(f'seat {s}: {wrong if s == caller else after[s]}' for s in sorted(after))})"
    raise AssertionError("no spot on was followed by another round of game 1")


SPOT_ON: dict[str, Callable[[Forger], str]] = {"spot_on_counted_wrong": spot_on_counted_wrong}


def wrong_loser_under_difference(forger: Forger) -> str:
    for round_no, next_round in rounds_with_next(forger, 1):
        before, after = dealt(forger, 1, round_no), dealt(forger, 1, next_round)
        loser = next((seat for seat in before if after.get(seat, 0) < before[seat] - 1), None)
        if loser is not None:
            forger.redeal(1, next_round, {**after, loser: before[loser] - 1})
            honest = ", ".join(f"seat {s}: {after[s]}" for s in sorted(after))
            return f"differ from the dice the rules hold ({honest})"
    raise AssertionError("nobody lost more than one die in game 1")


DIFFERENCE: dict[str, Callable[[Forger], str]] = {"wrong_loser_under_difference": wrong_loser_under_difference}
