"""Every kind of seeded draw depends on the seeds of the people it concerns: another seed gives another
value, so a reader of the game's opening secret (the ``game_opened`` row, s_n) cannot predict a value before
the people's seeds come, and the server cannot know it before then either (docs/fairness.md section 6).
Fixed seeds: the same figures every run."""
from __future__ import annotations

import random

import pytest

from referee.fairness.dealer import open_game
from referee.fairness.draws import draw
from referee.fairness.purposes import ATTEMPT_CHECK, POKER_ROLL, POKER_STARTER, ROLL_OFF, purpose, starter_items
from referee.games.liars_dice.roll_off import roll_off_items

from .logbook import SIGNER, TABLE, rng_entropy

TRIES = 64
KINDS = {  # kind, rules, its items, whose seed is varied, and the least number of distinct values over TRIES seeds
    "poker roll": (POKER_ROLL, {"game": "poker_bluff"}, [("die", 6)] * 5, 0, 60),
    "roll-off throw": (ROLL_OFF, {"preset": "tavern"}, roll_off_items([0, 1]), 1, 25),
    "starter": (POKER_STARTER, {"game": "poker_bluff"}, starter_items([0, 1]), 0, 2),
    "check roll": (ATTEMPT_CHECK, {"preset": "tavern", "cheating": True}, [("d20", 20)], 0, 15),
}


def _value(kind, rules, items, seat, seed):
    opening = open_game(SIGNER, TABLE, 1, rules, [0, 1], people=[0, 1], entropy=rng_entropy(random.Random(5)))
    ref = 1 if kind != POKER_STARTER else opening.manifest["game"]
    made = draw(SIGNER, opening.secret, opening.manifest, 1, purpose(kind, ref), items,
                [{"draw": 1, "seat": seat, "seed": seed}], {1 - seat: "late"} if kind != ATTEMPT_CHECK else {})
    return tuple(result["value"] for result in made.secret["results"])


@pytest.mark.parametrize("name", list(KINDS))
def test_a_persons_seed_changes_the_value(name):
    kind, rules, items, seat, least = KINDS[name]
    values = [_value(kind, rules, items, seat, f"{n:064x}") for n in range(TRIES)]
    assert len(set(values)) >= least, (name, len(set(values)))


def test_the_opening_secret_alone_does_not_predict_a_seeded_cup():
    """A reader of the opening secret predicts the cup a seedless draw would give (what the server alone would
    roll); with a person's seed in, that prediction is the cup no more often than chance (1 in 7,776)."""
    kind, rules, items, seat, _ = KINDS["poker roll"]
    opening = open_game(SIGNER, TABLE, 1, rules, [0, 1], people=[0, 1], entropy=rng_entropy(random.Random(5)))
    predicted = tuple(r["value"] for r in draw(SIGNER, opening.secret, opening.manifest, 1, purpose(kind, 1), items, [],
                                               {0: "not_connected", 1: "not_connected"}).secret["results"])
    cups = [_value(kind, rules, items, seat, f"{n:064x}") for n in range(TRIES)]
    assert predicted not in cups
    assert max(cups.count(cup) for cup in cups) <= 2  # and no cup is the rule
