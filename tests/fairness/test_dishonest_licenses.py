"""A dishonest server stretches a cheat attempt's license (issue 24, guarantee 5; RULES.md C5: an
attempt "changes exactly what the attempt named, once, in its round"): for every kind that changes
a die, it logs the change a second time, in a later round, or on another die, keeping every hash
and signature valid (``Forger`` re-chains the log and re-signs the head). The Python verifier and
the browser's (node) fail each with the same messages; the table refuses the stretch it could be
asked for (a second change by hand on an "other" attempt: ``attempt/used``) and changes nothing.

The licenses (docs/fairness.md section 9, game check 8): telekinesis, its own die to the value it
named, in its round, once; knock, the drawn die of its target to the value it named, in its round,
once; loaded die, its own die 0 to six, once a round from the next round on; other, one die of
the referee's choice, in its round, once.
"""
from __future__ import annotations

from collections.abc import Callable

import random

import pytest

from referee.fairness.verify import verify_export
from tests.audit.node_verifier import node_verdicts
from referee.table.table import Table
from referee.table import desk
from tests.audit.play_logs import ALWAYS as SURE, Forger, cheat, finish, play_round, refereed_table
from tests.audit.tampers import change_of, in_round
from tests.gm.support import ALWAYS, evening


def licensed_evening() -> Table:
    """Two players, three dice, one game: in round 1 a loaded die (six from round 2 on), an "other"
    the referee applies by hand, a telekinesis and, last, a knock, all succeeded; then played out."""
    table = refereed_table(dice=3)
    cheat(table, 1, SURE, kind="loaded_die")
    other = cheat(table, 0, SURE, kind="other")
    desk.change_die(table, 1, 0, 3, other)
    cheat(table, 0, SURE, kind="telekinesis", die=1, value=6)
    cheat(table, 1, SURE, kind="knock", target=0, value=2)
    play_round(table, random.Random(5))
    table.open_next_round()
    finish(table)
    return table


def number_of(forger: Forger, kind: str) -> int:
    """The first attempt of ``kind`` that succeeded."""
    succeeded = {e["public"]["attempt"] for e in forger.all("attempt_resolved") if e["secret"]["outcome"] == "success"}
    return next(e["public"]["attempt"] for e in forger.all("attempt_submitted")
                if e["secret"]["kind"] == kind and e["public"]["attempt"] in succeeded)


def round_of(forger: Forger, number: int) -> int:
    return next(e["public"]["round"] for e in forger.all("attempt_submitted") if e["public"]["attempt"] == number)


def rounds_of_game_1(forger: Forger) -> list[int]:
    return [e["public"]["round"] for e in forger.all("round_dealt") if e["public"]["game"] == 1]


def log_change(forger: Forger, round_no: int, number: int, seat: int, index: int, value: int) -> None:
    """A die change naming attempt ``number``, logged right after round ``round_no``'s deal (or after
    the round's last change), and the round revealed with it; ``index`` among the dice the seat holds."""
    changes = in_round(forger, "die_changed", 1, round_no)
    deal = in_round(forger, "round_dealt", 1, round_no)[0]
    after = changes[-1] if changes else deal
    index = min(index, deal["public"]["counts"][str(seat)] - 1)
    forger.insert_after(after, "die_changed", {"game": 1, "round": round_no},
                        {"seat": seat, "index": index, "value": value, "reason": f"attempt {number}", "attempt": number})
    forger.rereveal(1, round_no)


def again_in_its_round(kind: str) -> Callable[[Forger], str]:
    def stretch(forger: Forger) -> str:
        number = number_of(forger, kind)
        change = change_of(forger, number)["secret"]
        log_change(forger, round_of(forger, number), number, change["seat"], change["index"], change["value"])
        return f"attempt {number} changes one die once"
    stretch.__name__ = f"{kind}_used_twice_in_its_round"
    return stretch


def in_a_later_round(kind: str) -> Callable[[Forger], str]:
    def stretch(forger: Forger) -> str:
        number = number_of(forger, kind)
        made = round_of(forger, number)
        change = change_of(forger, number)["secret"]
        log_change(forger, made + 1, number, change["seat"], change["index"], change["value"])
        return f"attempt {number} was made in round {made}"
    stretch.__name__ = f"{kind}_used_again_in_a_later_round"
    return stretch


def telekinesis_on_another_seat(forger: Forger) -> str:
    number = number_of(forger, "telekinesis")
    change = change_of(forger, number)
    change["secret"]["seat"] = 1 - change["secret"]["seat"]
    forger.rereveal(1, round_of(forger, number))
    return f"attempt {number} is telekinesis on die 1 of seat 0 to 6"


def knock_on_another_seat(forger: Forger) -> str:
    number = number_of(forger, "knock")
    change = change_of(forger, number)
    change["secret"]["seat"] = 1 - change["secret"]["seat"]
    forger.rereveal(1, round_of(forger, number))
    return f"attempt {number} is a knock on seat 0 to 2"


def loaded_die_twice_in_a_round(forger: Forger) -> str:
    number = number_of(forger, "loaded_die")
    later = round_of(forger, number) + 1
    log_change(forger, later, number, 1, 0, 6)
    log_change(forger, later, number, 1, 0, 6)
    return f"attempt {number} loads one die a round"


def loaded_die_on_another_seat(forger: Forger) -> str:
    number = number_of(forger, "loaded_die")
    log_change(forger, round_of(forger, number) + 1, number, 0, 0, 6)
    return f"attempt {number} loads die 0 of seat 1 to six"


def other_on_a_second_die(forger: Forger) -> str:
    number = number_of(forger, "other")
    log_change(forger, round_of(forger, number), number, 0, 0, 6)
    return f"attempt {number} changes one die once"


STRETCHES: dict[str, Callable[[Forger], str]] = {f.__name__: f for f in (
    again_in_its_round("telekinesis"), in_a_later_round("telekinesis"), telekinesis_on_another_seat,
    again_in_its_round("knock"), in_a_later_round("knock"), knock_on_another_seat,
    loaded_die_twice_in_a_round, loaded_die_on_another_seat,
    again_in_its_round("other"), in_a_later_round("other"), other_on_a_second_die)}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every stretched export with what its failure must say, and both verifiers' verdicts."""
    table = licensed_evening()
    assert max(rounds_of_game_1(Forger(table))) >= 3
    exports, expected = {"clean": Forger(table).export()}, {}
    for name, stretch in STRETCHES.items():
        forger = Forger(table)
        expected[name] = stretch(forger)
        exports[name] = forger.export()
    return {"js": node_verdicts(exports, tmp_path_factory.mktemp("licenses")), "exports": exports, "expected": expected}


def test_the_honest_evening_verifies_in_both_verifiers(results):
    assert verify_export(results["exports"]["clean"]).ok and results["js"]["clean"]["ok"]


@pytest.mark.parametrize("name", list(STRETCHES))
def test_a_stretched_license_fails_both_verifiers_with_the_same_messages(results, name):
    report = verify_export(results["exports"][name])
    failures = [str(check) for check in report.failures]
    assert any(results["expected"][name] in line and "the die change" in line for line in failures), failures
    python = [[c.step, c.ok, c.message] for c in report.checks]
    assert results["js"][name]["all"] == python and results["js"][name]["ok"] is False


def test_the_table_refuses_a_second_hand_change_on_an_other_attempt_and_changes_nothing():
    night = evening(players=2, dice_per_player=3)
    ack = night.say(0, "cheat", {"kind": "other", "description": "Подменяю кубик в рукаве"})
    assert night.ref("referee_judge", {"attempt": ack["attempt"], "difficulty": ALWAYS})["ok"]
    assert night.ref("referee_change_die", {"seat": 1, "die": 0, "value": 3, "attempt": ack["attempt"]})["ok"]
    head, hand = night.table.version, night.table.game.hand_of(1)
    refused = night.ref("referee_change_die", {"seat": 1, "die": 1, "value": 4, "attempt": ack["attempt"]})
    assert (refused["ok"], refused["code"]) == (False, "attempt/used")
    assert (night.table.version, night.table.game.hand_of(1)) == (head, hand)
    assert night.verify().ok
