"""Every level plays the house rules sensibly: it counts as the round counts, bids in the table's order,
says spot on when the count is likely exact, calls out of turn only on bids it can see are false, and is
more careful where a lost round puts it out."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.bots.endgame import endgame_moves
from referee.games.liars_dice.bots.registry import make_bot
from referee.games.liars_dice.bots.situation import Situation
from referee.games.liars_dice.arena import run_arena
from referee.games.liars_dice.rules import PRESETS, Settings

from .helpers import view_after

LEVELS = ("easy", "medium", "strong")
SPOT_ON = {"type": "spot_on"}
LIAR = {"type": "liar"}


def likeliest(level, view):
    return max(make_bot(level, seed=1).policy(view), key=lambda entry: entry[1])[0]


def actions(level, view):
    return [action for action, _ in make_bot(level, seed=1).policy(view)]


def test_without_wild_ones_a_one_is_no_five():
    hands = {0: [2, 3, 4, 6, 6], 1: [1, 1, 1, 1, 2]}
    wild = view_after(Settings(), hands, [(0, 4, 5)], seat=1)
    plain = view_after(Settings(wild_ones=False), hands, [(0, 4, 5)], seat=1)
    for level in LEVELS:
        assert LIAR not in actions(level, wild), level
    assert likeliest("medium", plain) == LIAR and likeliest("strong", plain) == LIAR


def test_in_a_palifico_round_ones_are_not_wild():
    hands = {0: [2, 3, 4, 6, 6], 1: [6], 2: [1, 1, 1, 1, 2]}
    bids = [(0, 3, 6), (1, 4, 6)]
    assert likeliest("medium", view_after(PRESETS["perudo"], hands, bids, seat=2, palifico=True)) == LIAR
    assert LIAR not in actions("medium", view_after(PRESETS["perudo"], hands, bids, seat=2))


def test_with_bids_on_ones_five_ones_are_the_boldest_sure_bid():
    view = view_after(PRESETS["perudo"], {0: [2, 3, 4, 6, 6], 1: [1, 1, 1, 1, 1]}, [(0, 3, 4)], seat=1)
    assert likeliest("medium", view) == {"type": "bid", "quantity": 5, "face": 1}


def test_under_face_up_a_higher_face_may_name_fewer_dice():
    view = view_after(Settings(raise_rule="face_up"), {0: [2, 3, 4, 6, 2], 1: [3, 3, 3, 5, 5]}, [(0, 5, 3)], seat=1)
    assert likeliest("medium", view) == {"type": "bid", "quantity": 2, "face": 5}
    assert likeliest("easy", view)["face"] >= 3


@pytest.mark.parametrize("level", LEVELS)
def test_spot_on_when_the_count_is_likely_exact(level):
    view = view_after(Settings(spot_on=True), {0: [2, 5], 1: [5, 5, 5, 5]}, [(0, 5, 5)], seat=1)
    assert view["can_spot_on"]
    assert make_bot(level, seed=1).policy(view) == [(SPOT_ON, 1.0)]


@pytest.mark.parametrize("level", LEVELS)
def test_no_spot_on_when_many_dice_are_hidden(level):
    hands = {0: [2, 5, 3, 3, 4], 1: [2, 3, 4, 6, 6], 2: [6, 6, 2, 2, 3], 3: [4, 4, 6, 2, 3]}
    view = view_after(Settings(spot_on=True), hands, [(0, 2, 5)], seat=1)
    assert SPOT_ON not in actions(level, view)


@pytest.mark.parametrize("level", LEVELS + ("binomial",))
def test_out_of_turn_a_bot_calls_a_bid_it_sees_is_false_and_waits_on_a_likely_one(level):
    hands = {0: [2, 3, 4, 6, 6], 1: [3, 3, 4, 6, 2], 2: [2, 2, 2, 2, 2]}
    anyone = Settings(challenge="anyone")
    impossible = view_after(anyone, hands, [(0, 11, 5)], seat=2)      # seat 1 is to act; 10 dice hidden from seat 2
    assert not impossible["turn"] == 2 and impossible["can_call"]
    assert make_bot(level, seed=1).policy(impossible) == [(LIAR, 1.0)]
    likely = view_after(anyone, hands, [(0, 2, 2)], seat=2)
    assert make_bot(level, seed=1).policy(likely) == [(None, 1.0)]


def test_a_seat_that_may_not_call_waits():
    view = view_after(Settings(challenge="anyone"), {0: [2] * 5, 1: [3] * 5, 2: [4] * 5}, [(0, 11, 5)], seat=0)
    assert not view["can_call"]                                        # its own bid
    for level in LEVELS + ("random", "binomial"):
        assert make_bot(level, seed=1).policy(view) == [(None, 1.0)]


@pytest.mark.parametrize("level", ("easy", "medium"))
def test_where_a_lost_round_puts_the_loser_out_a_bot_calls_later(level):
    hands = {0: [2, 3, 4], 1: [2, 3, 4, 6], 2: [5, 2, 2, 3, 4]}          # seven dice hidden from seat 2
    bid = {"easy": [(1, 6, 5)], "medium": [(1, 5, 5)]}[level]
    one_die = view_after(Settings(), hands, bid, seat=2)
    elimination = view_after(Settings(loss="elimination"), hands, bid, seat=2)
    assert likeliest(level, one_die) == LIAR
    assert LIAR not in actions(level, elimination)


def test_duel_dice_ends_elimination_heads_up():
    hands = {0: [2, 3], 1: [4, 5], 2: [6]}
    duel = Settings(loss="elimination", duel_dice=True)
    assert Situation.from_view(view_after(duel, hands, [], seat=0)).eliminating
    assert not Situation.from_view(view_after(duel, {0: [2, 3], 1: [4, 5]}, [], seat=0)).eliminating


@pytest.mark.parametrize("rules", [{"raise_rule": "face_up"}, {"bids_on_ones": True}, {"spot_on": True}])
def test_the_solved_endgame_is_played_only_under_the_rules_it_was_solved_for(rules):
    hands = {0: [3], 1: [4]}
    assert endgame_moves(Situation.from_view(view_after(Settings(), hands, [(0, 1, 4)], seat=1))) is not None
    assert endgame_moves(Situation.from_view(view_after(Settings(wild_ones=False), hands, [(0, 1, 4)], seat=1)))
    view = view_after(Settings(**rules), hands, [(0, 1, 4)], seat=1)
    assert endgame_moves(Situation.from_view(view)) is None
    assert make_bot("strong", seed=1).policy(view)


def test_bots_at_full_dice_do_not_say_spot_on_for_ever():
    """Heads-up with one die each, a right spot on changes nothing: two mediums that kept saying
    it played 512 rounds without an end (until the game's chain of round secrets ran out)."""
    settings = Settings(dice_per_player=1, wild_ones=False, spot_on=True)
    report = run_arena(["random", "random", "medium", "medium"], games=2, seed=0, settings=settings)
    assert sum(b["wins"] for b in report["bots"]) == 2
