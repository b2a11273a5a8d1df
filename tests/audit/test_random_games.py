"""Random games played through the app, seeds and all, export clean: every check holds, the
game checks included (every call re-derived, every winner found)."""
from __future__ import annotations

import random

import pytest

from referee.fairness import kinds
from referee.fairness.verify import verify_export

from .games import Table, export_of, fair_harness


@pytest.mark.parametrize("players, dice, games, seed", [(2, 2, 2, 1), (3, 2, 1, 2), (4, 1, 2, 3), (2, 3, 1, 4)])
def test_random_games_verify_clean(players, dice, games, seed):
    table = Table.seat(fair_harness(), random.Random(seed), players, dice)
    table.play_games(games)

    export = export_of(table.harness, table.id)
    report = verify_export(export)

    assert report.ok, [str(check) for check in report.failures]
    reveals = [e for e in export["entries"] if e["kind"] == kinds.ROUND_REVEALED]
    round_checks = [c for c in report.checks if " round " in c.step and c.message.startswith("x_r, every die")]
    assert len(round_checks) == len(reveals) > 0
    assert {e["public"]["game"] for e in reveals} == set(range(1, games + 1))
    calls = [c for c in report.checks if " calls Liar on " in c.message]
    assert len(calls) == len(reveals)
    assert len([c for c in report.checks if c.message.endswith(" wins")]) == games


def test_the_players_seeds_are_in_the_commitments_they_verify_against():
    table = Table.seat(fair_harness(), random.Random(7), 3, 2)
    table.play_games(1)

    dealt = [e["public"] for e in export_of(table.harness, table.id)["entries"] if e["kind"] == kinds.ROUND_DEALT]
    seeded = [e["public"] for e in export_of(table.harness, table.id)["entries"] if e["kind"] == "seed_contributed"]

    assert seeded, "no seed was contributed"
    for seed in seeded:
        commitment = next(d for d in dealt if d["round"] == seed["round"] and str(seed["seat"]) in d["seeds"])
        assert commitment["seeds"][str(seed["seat"])] == seed["seed"]


@pytest.mark.parametrize("players, seed, rules", [
    (4, 5, {"first_opener": "roll_off", "raise_rule": "face_up", "wild_ones": False, "loss": "elimination"}),
    (3, 6, {"bids_on_ones": True, "palifico": True, "loss": "difference"}),
])
def test_random_house_rule_games_through_the_app_verify_clean(players, seed, rules):
    table = Table.seat(fair_harness(), random.Random(seed), players, 2, **rules)
    table.play_games(2)

    report = verify_export(export_of(table.harness, table.id))

    assert report.ok, [str(check) for check in report.failures]
    assert len([c for c in report.checks if c.message.endswith(" wins")]) == 2
    assert bool([c for c in report.checks if c.step.endswith("roll-off")]) == ("first_opener" in rules)
