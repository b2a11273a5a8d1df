"""bench/ld_three_seats.py: the 3-seat walk sees what a strong seat sees, values calls and best responses
exactly, and the script prints its figures. Never a strength check: only what holds for any policy is
asserted (a best response never loses more than the policy it replaces; the chances add up to 1)."""
from __future__ import annotations

import doctest
import re
from dataclasses import replace

import numpy as np
import pytest

from bench import _ld_three_seats, ld_three_seats
from bench._ld_three_seats import SEATS, ThreeSeatRound
from bench.exploitability import as_move
from referee.games.liars_dice.bots.base import LIAR
from referee.games.liars_dice.rules import Bid, MakeBid, Roll, Settings, apply, new_game
from referee.games.liars_dice.views import game_view
from referee.rules.errors import IllegalAction


@pytest.fixture(scope="module")
def one_die_each():
    """The 1-1-1 round walked all strong and with a best responder in each seat (one policy cache)."""
    game = ThreeSeatRound((1, 1, 1), floor=0.0)
    return game, game.walk(0, best=False), [game.walk(seat, best=True) for seat in range(SEATS)]


def test_the_doctests_hold():
    for module in (_ld_three_seats, ld_three_seats):
        assert doctest.testmod(module).failed == 0


def test_a_strong_seat_sees_the_view_the_engine_gives_it():
    state = replace(new_game(Settings(dice_per_player=2), (0, 1, 2), 0), counts=(2, 1, 2))
    for action in (Roll(((2, 3), (5,), (1, 4))), MakeBid(0, Bid(1, 3)), MakeBid(1, Bid(2, 5))):
        state = apply(state, action).state
    game = ThreeSeatRound((2, 1, 2))
    assert game.view(2, (1, 4), (game.index[(1, 3)], game.index[(2, 5)])) == game_view(state, 2)


def test_the_bids_are_the_engines_order_so_a_raise_is_any_later_bid():
    game = ThreeSeatRound((1, 1, 2))
    assert len(game.bids) == 4 * 5 and game.bids[0] == (1, 2) and game.bids[-1] == (4, 6)
    state = replace(new_game(Settings(dice_per_player=2), (0, 1, 2), 0), counts=(1, 1, 2))
    state = apply(state, Roll(((2,), (3,), (4, 5)))).state
    for k, bid in enumerate(game.bids):
        after = apply(state, MakeBid(0, Bid(*bid))).state
        assert [b for b in game.bids if _raises(after, b)] == game.bids[k + 1:]


def _raises(state, bid: tuple[int, int]) -> bool:
    """The engine lets seat 1 bid ``bid`` now."""
    try:
        apply(state, MakeBid(1, Bid(*bid)))
    except IllegalAction:
        return False
    return True


def test_the_policy_rows_are_strongs_policy_for_every_hand():
    game = ThreeSeatRound((1, 1, 2))
    history = (game.index[(1, 4)], game.index[(2, 3)])
    keys, matrix = game.plays(2, history)
    for i, (hand, _) in enumerate(game.hands[2]):
        policy = {LIAR if as_move(a) == LIAR else game.index[as_move(a)]: p
                  for a, p in game.bot.policy(game.view(2, hand, history))}
        assert {k: round(float(p), 9) for k, p in zip(keys, matrix[i]) if p > 0} == \
            {k: round(p, 9) for k, p in policy.items()}


def test_every_hand_s_chances_of_who_loses_add_up_to_one(one_die_each):
    game, strong, best = one_die_each
    for seat, (lost, pruned) in [(0, strong)] + list(enumerate(best)):
        assert not pruned.any()
        assert np.allclose(lost.sum(axis=1), 1.0) and (lost >= 0).all()
        assert abs(float(game.prior(seat) @ lost.sum(axis=1)) - 1) < 1e-12


def test_a_best_response_never_loses_more_than_strong_in_its_seat(one_die_each):
    game, (lost, _), best = one_die_each
    strong = lost.T @ game.prior(0)
    for seat, (br_lost, _) in enumerate(best):
        assert float(br_lost[:, seat] @ game.prior(seat)) <= strong[seat] + 1e-12
    assert (strong > 0.1).all(), "with one die each, every strong seat loses some rounds"


def test_a_floor_bounds_the_exact_figure_by_the_mass_it_prunes(one_die_each):
    game, _, best = one_die_each
    exact = [float(lost[:, seat] @ game.prior(seat)) for seat, (lost, _) in enumerate(best)]
    game.floor = 0.01
    try:
        for seat in range(SEATS):
            lost, pruned = game.walk(seat, best=True)
            assert np.allclose(lost.sum(axis=1) + pruned, 1.0)
            low, mass = float(lost[:, seat] @ game.prior(seat)), float(pruned @ game.prior(seat))
            assert low - 1e-12 <= exact[seat] <= low + mass + 1e-12
        assert mass > 0, "strong mixes some actions below 1 %"
    finally:
        game.floor = 0.0


def test_the_script_prints_its_figures_and_the_load_average(capsys):
    assert ld_three_seats.main(["--dice", "1-1-1", "--floor", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("start: load average") and out.count("load average") == 2
    for seat, place in enumerate(("opens", "second", "third")):
        assert re.search(rf"\| 1-1-1 \| BR in seat {seat} \({place}\) \| BR loses \*\*0\.\d{{4}}\*\*, strong there 0\.\d{{4}}"
                         r": gap \*\*\+0\.\d{4}\*\*", out)
    assert re.search(r"\| 1-1-1 \| mean gap over the 3 seats \| \*\*\+0\.\d{4}\*\*", out)
    assert "| 1-1-1 | all strong | 0." in out and "took " in out


def test_a_dice_count_out_of_its_budget_is_printed_as_such(capsys):
    assert ld_three_seats.main(["--dice", "2-2-2", "--budget", "0"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\| 2-2-2 \| out of time \| >0 s: 1 positions walked, 0 strong positions asked", out)
    assert "end: load average" in out
