"""The bound on a game's rounds (RULES.md D, docs/rules.md "Bounds"), as laws of random games.

Players who try to play forever: in Liar's Dice every opening bid names exactly the dice under
the cups and the next caller says a right spot on (nobody loses a die); in poker-dice the player
ahead always loses the round, so the tokens stay level. Mixed with random legal moves. The laws:
every game ends, by round ``MAX_ROUNDS`` (poker-dice: ``ROUND_BOUND + 1``); a game that ends with
two players still holding dice (tokens) ended at the bound, and its winner holds strictly the most;
spot on is refused from the bound on, before anything changes.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from referee.fairness.secrets_chain import CHAIN_LENGTH
from referee.games.liars_dice.rules import (Action, Bid, CallLiar, GameState, IllegalAction, MakeBid, NextRound, Phase, Roll, Settings,
                           SpotOn, apply, count_matching, legal_actions, new_game)
from referee.games.poker_bluff import rules as pb
from referee.games.liars_dice.rules.bound import MAX_ROUNDS, ROUND_BOUND
from referee.games.poker_bluff.rules.declarations import HIGHEST

from tests.rules.poker_bluff.poker_games import play as play_poker
from tests.rules.random_games import house_settings, play

LAW = hsettings(max_examples=12, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _exact(state: GameState) -> Action | None:
    """A prolonging move: an opening bid of exactly the dice shown, or a right spot on on it."""
    actions = legal_actions(state)
    wild = state.settings.wild_ones and not state.palifico
    standing = state.standing_bid
    if standing is None:
        exact = [a for a in actions if isinstance(a, MakeBid)
                 and a.bid.quantity == count_matching(state.hands, a.bid.face, wild_ones=wild)]
        return exact[0] if exact else None
    if count_matching(state.hands, standing.bid.face, wild_ones=wild) == standing.bid.quantity:
        spot = [a for a in actions if isinstance(a, SpotOn)]
        return spot[0] if spot else None
    return None


def spot_on_game(rules: Settings, players: int, seed: int, stubborn: float):
    """A game of ``players`` whose moves prolong it with probability ``stubborn``, else are random."""
    seats, rnd = tuple(range(players)), random.Random(seed)

    def pick(state: GameState) -> Action:
        move = _exact(state) if rnd.random() < stubborn else None
        return move or rnd.choice(legal_actions(state))
    opener = None if rules.first_opener == "roll_off" else seats[0]
    return play(rules, seats, opener, rnd, pick)


@st.composite
def spot_on_games(draw: st.DrawFn):
    rules = replace(draw(house_settings(max_dice=10)), spot_on=True)
    return spot_on_game(rules, draw(st.integers(2, rules.max_players)), draw(st.integers(0, 2**32)),
                        draw(st.sampled_from([0.9, 0.99, 1.0])))


def test_players_who_never_lose_a_die_meet_the_bound() -> None:
    final = spot_on_game(Settings(spot_on=True, max_players=8, dice_per_player=10), 8, 7, 1.0).final
    assert ROUND_BOUND <= final.round_no <= MAX_ROUNDS and final.phase is Phase.OVER


@LAW
@given(spot_on_games())
def test_a_liars_dice_game_ends_within_the_bound_and_the_most_dice_win_there(game) -> None:
    final = game.final
    assert final.phase is Phase.OVER
    assert final.round_no <= MAX_ROUNDS
    if len(final.in_game) > 1:
        assert final.round_no >= ROUND_BOUND
        most = final.count_of(final.winner)
        assert all(final.count_of(seat) < most for seat in final.seats if seat != final.winner)
    else:
        assert final.in_game == (final.winner,)
    for before, action, _ in game.trace:
        if before.round_no >= ROUND_BOUND:
            assert not isinstance(action, SpotOn)
            assert not any(isinstance(a, SpotOn) for a in legal_actions(before))


def test_the_chain_of_rounds_outlasts_every_game() -> None:
    assert MAX_ROUNDS <= CHAIN_LENGTH


def _at_round(settings: Settings, round_no: int) -> GameState:
    """Two players, five dice each, dealt in ``round_no``; seat 0 has bid three fours (two there)."""
    state = new_game(settings, (0, 1), 0)
    state = apply(state, Roll(((4, 4, 2, 2, 3), (5, 5, 6, 6, 2)))).state
    return apply(replace(state, round_no=round_no), MakeBid(0, Bid(3, 4))).state


def test_spot_on_is_refused_from_the_bound_before_anything_changes() -> None:
    state = _at_round(Settings(spot_on=True), ROUND_BOUND)
    with pytest.raises(IllegalAction) as refused:
        apply(state, SpotOn(1))
    assert refused.value.code == "spot_on/bound"
    assert SpotOn(1) not in legal_actions(state) and CallLiar(1) in legal_actions(state)
    assert SpotOn(1) in legal_actions(_at_round(Settings(spot_on=True), ROUND_BOUND - 1))


def test_a_reveal_at_the_bound_with_a_leader_ends_the_game() -> None:
    step = apply(_at_round(Settings(spot_on=True), ROUND_BOUND), CallLiar(1))
    assert step.state.phase is Phase.OVER and step.state.winner == 1 and step.state.counts == (4, 5)
    assert step.events[-1].kind == "game_over" and step.events[-1].data == {"winner": 1, "bound": ROUND_BOUND}
    before = apply(_at_round(Settings(spot_on=True), ROUND_BOUND - 1), CallLiar(1))
    assert before.state.phase is Phase.REVEALED


def test_tied_leaders_at_the_bound_play_on() -> None:
    state = new_game(Settings(spot_on=True), (0, 1, 2), 0)
    state = apply(state, Roll(((4, 4, 2, 2, 3), (5, 5, 6, 6, 2), (3, 3, 3, 3, 3)))).state
    state = apply(replace(state, round_no=ROUND_BOUND), MakeBid(0, Bid(3, 4))).state
    after = apply(state, CallLiar(1)).state
    assert after.counts == (4, 5, 5) and after.phase is Phase.REVEALED
    assert apply(after, NextRound()).state.round_no == ROUND_BOUND + 1


# --- poker-dice -------------------------------------------------------------------------------------


def _level(state: pb.GameState, rnd: random.Random, stubborn: float) -> pb.Action:
    """The player ahead loses the round: a bluff when the declarer leads, the truth otherwise, then a doubt."""
    actions = pb.legal_actions(state)
    if rnd.random() >= stubborn:
        return rnd.choice(actions)
    if state.phase is pb.Phase.RESPONDING:
        return pb.Doubt(state.turn)
    if state.phase is pb.Phase.DECLARING:
        seat = state.turn
        ahead = state.tokens_of(seat) > state.tokens_of(state.other(seat))
        true = max(pb.declarations_in(state.cup))
        if ahead and state.cup != (6,) * 5 and (state.last is None or HIGHEST > state.last):
            return pb.Declare(seat, HIGHEST)
        if not ahead and (state.last is None or true > state.last):
            return pb.Declare(seat, true)
    return rnd.choice(actions)


def level_game(tokens: int, seed: int, stubborn: float):
    rnd = random.Random(seed)
    return play_poker(pb.PokerSettings(tokens=tokens), (0, 1), 0, rnd, lambda state: _level(state, rnd, stubborn))


@st.composite
def level_games(draw: st.DrawFn):
    return level_game(draw(st.integers(1, 10)), draw(st.integers(0, 2**32)), draw(st.sampled_from([0.95, 1.0])))


def test_players_who_keep_the_tokens_level_meet_the_bound() -> None:
    final = level_game(3, 11, 1.0).final
    assert final.round_no in (pb.ROUND_BOUND, pb.ROUND_BOUND + 1) and final.phase is pb.Phase.OVER


@LAW
@given(level_games())
def test_a_poker_dice_game_ends_within_the_bound_and_the_most_tokens_win_there(game) -> None:
    final = game.final
    assert final.phase is pb.Phase.OVER and final.round_no <= pb.ROUND_BOUND + 1
    loser = final.other(final.winner)
    if final.tokens_of(loser) > 0:
        assert final.round_no >= pb.ROUND_BOUND and final.tokens_of(final.winner) > final.tokens_of(loser)
        assert game.trace[-1][2].events[-1].data["bound"] == pb.ROUND_BOUND
    else:
        assert "bound" not in game.trace[-1][2].events[-1].data


def test_a_poker_dice_game_at_the_bound_goes_to_the_player_ahead_even_when_the_round_was_the_other_s() -> None:
    state = replace(pb.new_game(pb.PokerSettings(tokens=3), (0, 1), 0), tokens=(5, 1), round_no=pb.ROUND_BOUND)
    state = pb.apply(state, pb.Roll((2, 3, 4, 5, 1))).state
    state = pb.apply(state, pb.Declare(0, HIGHEST)).state
    step = pb.apply(state, pb.Doubt(1))
    assert step.state.tokens == (4, 2) and step.state.result.winner == 1 and step.state.winner == 0
    assert step.events[-1].data == {"winner": 0, "tokens": {"0": 4, "1": 2}, "bound": pb.ROUND_BOUND}
