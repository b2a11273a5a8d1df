"""The verifier re-derives every game with the rules: real games verify, and each forgery a
dishonest server could sign (a bid that is not a raise, a wrong loser, a seat dealt one die too
many, a missing elimination, a wrong winner, an unauthorised die change, a change after a failed
check, ...) fails exactly the game check it breaks while every cryptographic check still holds."""
from __future__ import annotations

import pytest

from referee.fairness.verify import verify_export
from referee.fairness.report import Report
from referee.fairness.verify_games import check_games
from referee.fairness.verify_log import check_log
from referee.fairness.verify_play import check_play

from .play_logs import Forger, cheating_evening, finish, plain_evening, refereed_table
from .tampers import NO_CHEATING, PLAIN, REFEREED


@pytest.fixture(scope="module")
def tables():
    plain = plain_evening(seed=4, players=3, dice=2, games=2)
    no_cheating = refereed_table(dice=2, cheating=False)
    finish(no_cheating)
    return {"plain": plain, "refereed": cheating_evening(), "no_cheating": no_cheating}


def play_checks(export):
    report = Report()
    check_play(export, report)
    return report


def dice_checks(export):
    report = Report()
    check_log(export, report)
    check_games(export, report)
    return report


@pytest.mark.parametrize("name", ["plain", "refereed", "no_cheating"])
def test_a_real_evening_verifies_game_by_game(tables, name):
    export = Forger(tables[name]).export()
    report = verify_export(export)
    assert report.ok, [str(c) for c in report.failures]
    calls = [e for e in export["entries"] if e["kind"] == "liar"]
    counted = [c for c in play_checks(export).checks if " calls Liar on " in c.message]
    assert len(counted) == len(calls) > 0


def test_every_round_of_a_real_game_is_re_derived(tables):
    table = tables["plain"]
    checks = play_checks(Forger(table).export()).checks
    deals = [c for c in checks if "the deal matches the dice the rules hold" in c.message]
    assert [c.step for c in deals] == [f"game {e['public']['game']} round {e['public']['round']}"
                                       for e in Forger(table).all("round_dealt")]
    winners = [c for c in checks if c.message.endswith("wins")]
    assert len(winners) == 2


def test_every_die_change_and_penalty_of_the_evening_is_tied_to_its_attempt(tables):
    checks = play_checks(Forger(tables["refereed"]).export()).checks
    changes = [c.message for c in checks if "the die change" in c.message]
    assert len(changes) == len(Forger(tables["refereed"]).all("die_changed")) >= 3
    assert all(" follows attempt " in message for message in changes)
    assert [c.message for c in checks if "the penalty die" in c.message][0].endswith("whose consequence is a penalty")


def forged(tables, table, tamper):
    forger = Forger(tables[table])
    expected = tamper(forger)
    return forger.export(), expected


CASES = [("plain", name, tamper) for name, tamper in PLAIN.items()] + \
        [("refereed", name, tamper) for name, tamper in REFEREED.items()] + \
        [("no_cheating", name, tamper) for name, tamper in NO_CHEATING.items()]


@pytest.mark.parametrize("table, name, tamper", CASES, ids=[case[1] for case in CASES])
def test_a_forged_game_fails_the_game_check_it_breaks(tables, table, name, tamper):
    export, expected = forged(tables, table, tamper)

    report = verify_export(export)

    assert dice_checks(export).ok, [str(c) for c in dice_checks(export).failures]
    failures = [str(c) for c in report.failures]
    assert any(expected in line for line in failures), (expected, failures)
    assert all(line.startswith(("game 1", "game 2", "table:")) for line in failures), failures
