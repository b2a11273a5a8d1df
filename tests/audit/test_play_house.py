"""The verifier re-derives games under every house rule: the roll-off throws against their revealed draws
and the seat order they decide, calls out of turn, spot on and the die it gives back, the losses under
``loss``, palifico rounds, a rules change between games; and each forgery a dishonest server could sign
of those (a roll-off die changed, a throw that is not its draw, a spot on counted wrong, a wrong loss
under ``difference``, ...) fails the game check it breaks while every cryptographic check holds."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.fairness.verify import verify_export
from referee.games.liars_dice.rules import Settings, SettingsConflict

from .house_logs import house_evening, play_house_game, preset
from .house_tampers import DIFFERENCE, ROLL_OFF, SPOT_ON
from .play_logs import Forger
from .test_play import dice_checks, play_checks

EVENINGS = {
    "kul_tiras": (preset("kul_tiras"), 3, 4),
    "kul_tiras_duel": (preset("kul_tiras", duel_dice=True, dice_per_player=3), 5, 3),
    "perudo": (preset("perudo", dice_per_player=3), 4, 4),
    "anyone_difference": (preset("tavern", challenge="anyone", spot_on=True, loss="difference"), 5, 3),
    "face_up_no_wild": (preset("tavern", raise_rule="face_up", wild_ones=False, palifico=True), 7, 3),
}


@pytest.fixture(scope="module")
def evenings():
    return {name: house_evening(rules, seed=seed, players=players, games=2)
            for name, (rules, seed, players) in EVENINGS.items()}


def checks_with(report, words):
    return [check for check in report.checks if words in check.message]


@pytest.mark.parametrize("name", list(EVENINGS))
def test_a_house_rule_evening_verifies_game_by_game(evenings, name):
    table, _ = evenings[name]
    export = Forger(table).export()
    report = verify_export(export)

    assert report.ok, [str(c) for c in report.failures]
    calls = [e for e in export["entries"] if e["kind"] in ("liar", "spot_on")]
    counted = checks_with(report, " calls Liar on ") + checks_with(report, " says spot on to ")
    assert len(counted) == len(calls) > 0
    throws = [e for e in export["entries"] if e["kind"] == "roll_off"]
    assert len([c for c in report.checks if c.step.endswith(" roll-off")]) == len(throws)
    assert bool(throws) == (Settings.from_dict(EVENINGS[name][0]).first_opener == "roll_off")
    assert len([c for c in report.checks if c.message.endswith(" wins")]) == 2


def test_out_of_turn_calls_spot_ons_and_palifico_rounds_were_played_and_re_derived(evenings):
    assert evenings["kul_tiras"][1]["out_of_turn"] > 0 and evenings["anyone_difference"][1]["out_of_turn"] > 0
    assert evenings["perudo"][1]["spot_on"] > 0 and evenings["anyone_difference"][1]["spot_on"] > 0
    report = play_checks(Forger(evenings["perudo"][0]).export())
    assert checks_with(report, "a palifico round: ones are not wild")
    assert checks_with(report, "so nobody loses and seat ") and checks_with(report, " gets 1 die back")


def test_the_roll_off_decides_the_seat_order_that_the_game_is_re_derived_in(evenings):
    table, _ = evenings["kul_tiras"]
    report = play_checks(Forger(table).export())
    decided = checks_with(report, "the seat order is ")
    assert len(decided) == 2
    last_game = table.game
    assert decided[-1].message.endswith(f"the seat order is {', '.join(map(str, last_game.seats))}: "
                                        f"seat {last_game.seats[0]} opens")


def test_a_rules_change_between_games_is_followed_by_the_verifier():
    table, _ = house_evening(preset("tavern", dice_per_player=2), seed=2, players=3, games=1)
    table.set_rules(0, Settings.from_preset("kul_tiras", {"dice_per_player": 2, "turn_timer_s": 0}))
    table.start(0)
    play_house_game(table, random.Random(4), Counter())
    report = verify_export(Forger(table).export())

    assert report.ok, [str(c) for c in report.failures]
    assert [c.message for c in report.checks if "changes the rules" in c.message] == [
        f"seq {Forger(table).all('rules_changed')[0]['seq']}: the host (seat 0) changes the rules between games; "
        "the next game plays them"]
    assert checks_with(report, "the roll-off decides who opens")


def random_settings(seed: int) -> dict:
    rng = random.Random(seed)
    while True:
        data = {"dice_per_player": rng.randint(1, 4), "wild_ones": rng.random() < 0.7,
                "bids_on_ones": rng.random() < 0.3, "raise_rule": rng.choice(["quantity_or_face", "face_up"]),
                "challenge": rng.choice(["next_player", "anyone"]), "spot_on": rng.random() < 0.5,
                "palifico": rng.random() < 0.4, "loss": rng.choice(["one_die", "difference", "elimination"]),
                "duel_dice": rng.random() < 0.3, "first_opener": rng.choice(["rotate", "roll_off"])}
        try:
            return Settings.from_dict(data).to_dict()
        except SettingsConflict:
            continue


@pytest.mark.parametrize("seed", range(8))
def test_random_house_rules_games_verify_clean(seed):
    table, _ = house_evening(random_settings(seed), seed=seed, players=2 + seed % 4, games=2)
    report = verify_export(Forger(table).export())
    assert report.ok, (random_settings(seed), [str(c) for c in report.failures])


CASES = ([("kul_tiras", name, tamper) for name, tamper in ROLL_OFF.items()]
         + [("perudo", name, tamper) for name, tamper in SPOT_ON.items()]
         + [("anyone_difference", name, tamper) for name, tamper in DIFFERENCE.items()])


@pytest.mark.parametrize("evening, name, tamper", CASES, ids=[case[1] for case in CASES])
def test_a_forged_house_rule_game_fails_the_game_check_it_breaks(evenings, evening, name, tamper):
    forger = Forger(evenings[evening][0])
    expected = tamper(forger)
    export = forger.export()

    report = verify_export(export)

    assert dice_checks(export).ok, [str(c) for c in dice_checks(export).failures]
    failures = [str(c) for c in report.failures]
    assert any(expected in line for line in failures), (expected, failures)
    assert all(line.startswith(("game 1", "game 2", "table:")) for line in failures), failures
