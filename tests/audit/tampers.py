"""A dishonest server's forgeries of real game logs, one per game check: each re-signs what it
changed (deals re-dealt from the game's own secrets, reveals recomputed, the log re-chained, the
head re-signed), so only the game checks can catch it. ``TAMPERS`` maps a name to a function
(forger of a clean log) -> the words the verifier's failure must contain."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .play_logs import Forger


def in_round(forger: Forger, kind: str, game: int, round_no: int) -> list[dict[str, Any]]:
    """The entries of ``kind`` that belong to round ``round_no`` of ``game`` (by log position)."""
    found, current = [], None
    for entry in forger.entries:
        if entry["kind"] == "round_dealt":
            current = (entry["public"]["game"], entry["public"]["round"])
        if entry["kind"] == kind and current == (game, round_no):
            found.append(entry)
    return found


def dealt(forger: Forger, game: int, round_no: int) -> dict[int, int]:
    entry = in_round(forger, "round_dealt", game, round_no)[0]
    return {int(seat): count for seat, count in entry["public"]["counts"].items()}


# -- plain tables: bids, calls, deals, openers ---------------------------------------------------

def bid_that_does_not_raise(forger: Forger) -> str:
    first = in_round(forger, "bid", 1, 1)[0]
    after = forger.entries[forger.position(first) + 1]
    forger.insert_after(first, "bid", {**first["public"], "seat": after["public"]["seat"]})
    return "bids {quantity} × {face}, which the rules refuse (bid/not_higher".format(**first["public"])


def call_by_a_seat_not_to_act(forger: Forger) -> str:
    call = in_round(forger, "liar", 1, 1)[0]
    call["public"]["seat"] = in_round(forger, "bid", 1, 1)[-1]["public"]["seat"]
    return "calls Liar, which the rules refuse (action/not_your_turn"


def round_opened_by_another_seat(forger: Forger) -> str:
    first = in_round(forger, "bid", 1, 2)[0]
    first["public"]["seat"] = next(seat for seat in dealt(forger, 1, 2) if seat != first["public"]["seat"])
    return "which the rules refuse (action/not_your_turn"


def wrong_loser(forger: Forger) -> str:
    before, after = dealt(forger, 1, 1), dealt(forger, 1, 2)
    loser = next(seat for seat in after if after[seat] < before[seat])
    other = next(seat for seat in after if seat != loser)
    forger.redeal(1, 2, {**after, loser: after[loser] + 1, other: after[other] - 1})
    return f"differ from the dice the rules hold ({', '.join(f'seat {s}: {after[s]}' for s in sorted(after))}); round 1:"


def one_die_too_many(forger: Forger) -> str:
    after = dealt(forger, 1, 2)
    forger.redeal(1, 2, {**after, 0: after[0] + 1})
    return f"the deal's dice counts (seat 0: {after[0] + 1}"


def missing_elimination(forger: Forger) -> str:
    rounds = [(e["public"]["game"], e["public"]["round"]) for e in forger.all("round_dealt")]
    for (game, r), (next_game, next_r) in zip(rounds, rounds[1:]):
        if game == next_game == 1:
            out = set(dealt(forger, 1, r)) - set(dealt(forger, 1, next_r))
            if out:
                seat = out.pop()
                forger.redeal(1, next_r, {**dealt(forger, 1, next_r), seat: 1})
                return f"(out: seat {seat})"
    raise AssertionError("nobody was eliminated in game 1")


def wrong_first_opener(forger: Forger) -> str:
    started = forger.all("game_started")[1]
    rule = started["public"]["opener"]
    started["public"]["opener"] = next(seat for seat in started["public"]["seats"] if seat != rule)
    return f"but the opener rule (RULES.md A1.3) gives seat {rule}"



PLAIN: dict[str, Callable[[Forger], str]] = {f.__name__: f for f in (
    bid_that_does_not_raise, call_by_a_seat_not_to_act, round_opened_by_another_seat, wrong_loser,
    one_die_too_many, missing_elimination, wrong_first_opener)}


# -- a refereed table with cheating: the winner, die changes, penalties ----------------------------

def attempt_entry(forger: Forger, kind: str, attempt_kind: str | None = None) -> dict[str, Any]:
    """The first entry of ``kind`` whose attempt is of ``attempt_kind`` (any when None)."""
    kinds = {e["public"]["attempt"]: e["secret"]["kind"] for e in forger.all("attempt_submitted")}
    return next(e for e in forger.all(kind) if attempt_kind is None or kinds[e["public"]["attempt"]] == attempt_kind)


def change_of(forger: Forger, attempt: int) -> dict[str, Any]:
    return next(e for e in forger.all("die_changed") if e["secret"]["attempt"] == attempt)


def add_change(forger: Forger, after: dict[str, Any], game: int, round_no: int, **secret: Any) -> None:
    forger.insert_after(after, "die_changed", {"game": game, "round": round_no}, secret)
    forger.rereveal(game, round_no)


def wrong_winner(forger: Forger) -> str:
    settled = forger.all("game_settled")[0]
    winner = settled["public"]["winner"]
    settled["public"]["winner"] = 1 - winner
    return f"names seat {1 - winner} the winner, but by the rules seat {winner} won"


def change_without_attempt(forger: Forger) -> str:
    deal = forger.all("round_dealt")[0]
    add_change(forger, deal, 1, 1, seat=1, index=0, value=6, attempt=None, reason="referee")
    return "(die 0 of seat 1 to 6) names no attempt"


def change_naming_an_unknown_attempt(forger: Forger) -> str:
    deal = forger.all("round_dealt")[0]
    add_change(forger, deal, 1, 1, seat=1, index=0, value=6, attempt=99, reason="attempt 99")
    return "names attempt 99, which was not made in game 1"


def change_after_a_failed_check(forger: Forger) -> str:
    failed = next(e for e in forger.all("attempt_checked") if not e["secret"]["success"])
    number = failed["public"]["attempt"]
    request = next(e for e in forger.all("attempt_submitted") if e["public"]["attempt"] == number)["secret"]
    add_change(forger, failed, 1, 1, seat=request["seat"], index=request["die"], value=request["value"],
               attempt=number, reason=f"attempt {number}")
    check = failed["secret"]
    return f"the check of attempt {number} failed: {check['roll']} + 0 = {check['total']} < 200"


def telekinesis_on_another_die(forger: Forger) -> str:
    change = change_of(forger, 1)
    change["secret"]["index"] = 0
    forger.rereveal(1, 1)
    return "attempt 1 is telekinesis on die 1 of seat 0 to 6"


def telekinesis_used_twice(forger: Forger) -> str:
    change = change_of(forger, 1)
    forger.insert_after(change, "die_changed", dict(change["public"]), dict(change["secret"]))
    forger.rereveal(1, 1)
    return "attempt 1 changes one die once"


def knock_on_a_die_not_drawn(forger: Forger) -> str:
    change = change_of(forger, 2)
    change["secret"]["index"] = (change["secret"]["index"] + 1) % 3
    forger.rereveal(1, 1)
    return f"of seat 0, not die {change['secret']['index']}"


def loaded_die_in_its_own_round(forger: Forger) -> str:
    resolved = attempt_entry(forger, "attempt_resolved", "loaded_die")
    number = resolved["public"]["attempt"]
    add_change(forger, resolved, 1, 2, seat=1, index=0, value=6, attempt=number, reason=f"attempt {number}")
    return f"a die loaded by attempt {number} shows six from round 3 on"


def check_roll_not_the_draw(forger: Forger) -> str:
    checked = forger.all("attempt_checked")[0]
    roll = checked["secret"]["roll"]
    checked["secret"].update(roll=roll % 20 + 1, total=roll % 20 + 1)
    return f"says it rolled {roll % 20 + 1} on a d20, but draw {checked['public']['draw']} revealed {roll} on a d20"


def check_that_does_not_add_up(forger: Forger) -> str:
    checked = forger.all("attempt_checked")[0]
    checked["secret"]["total"] += 100
    return "does not add up"


def penalty_without_its_attempt(forger: Forger) -> str:
    penalty = forger.all("penalty_applied")[0]
    penalty["public"]["attempt"] = 1
    return "the penalty die of seat 1: the check of attempt 1 succeeded"


REFEREED: dict[str, Callable[[Forger], str]] = {f.__name__: f for f in (
    wrong_winner, change_without_attempt, change_naming_an_unknown_attempt, change_after_a_failed_check,
    telekinesis_on_another_die, telekinesis_used_twice, knock_on_a_die_not_drawn, loaded_die_in_its_own_round,
    check_roll_not_the_draw, check_that_does_not_add_up, penalty_without_its_attempt)}


def change_at_a_table_without_cheating(forger: Forger) -> str:
    deal = forger.all("round_dealt")[0]
    add_change(forger, deal, 1, 1, seat=0, index=0, value=6, attempt=1, reason="attempt 1")
    return "is at a table without roleplay cheating: no die may change"


NO_CHEATING: dict[str, Callable[[Forger], str]] = {"change_at_a_table_without_cheating": change_at_a_table_without_cheating}


def game_restarted_before_its_end(forger: Forger) -> str:
    last_game_one = [e for e in forger.entries if e["kind"] in ("liar", "round_revealed")
                     and forger.position(e) < forger.position(forger.all("game_started")[1])][-2:]
    for entry in last_game_one:
        forger.remove(entry)
    return "seq {seq}: game 2 starts, but game 1 is not over by the rules".format(seq=forger.position(forger.all("game_started")[1]) + 1)


def game_without_a_seated_player(forger: Forger) -> str:
    started = forger.all("game_started")[0]
    started["public"]["seats"] = started["public"]["seats"][:-1]
    return "the game starts with seats 0, 1, but the seated players are 0, 1, 2"


def unknown_game_family(forger: Forger) -> str:
    forger.entries[0]["public"]["rules"]["game"] = "chess"
    return "table: seq 1: the table's game family 'chess' has no verifier (known: liars_dice, poker_bluff)"


PLAIN.update({f.__name__: f for f in (game_restarted_before_its_end, game_without_a_seated_player, unknown_game_family)})
