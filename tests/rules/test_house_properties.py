"""The laws of random games restated for every combination of the house rules (RULES.md A2).

Random valid settings, seats, roll-offs, dice and choices among the legal actions (out-of-turn
calls and spot on included). The oracles are written from the rule text here, not taken from
the engine: a raise is strictly higher in the setting's order and every such raise is offered;
exactly the right seats may call; the count, the loser and the dice lost follow `loss`; dice
never exceed `dice_per_player`; the roll-off's order follows the sums; the game ends with one
winner; replay == live.
"""
from __future__ import annotations

import copy
import math
import random

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from referee.games.liars_dice.rules import (PRESETS, Action, Bid, CallLiar, GameState, MakeBid, NextRound, Phase, Roll, RollOff, RulesError,
                           Settings, SpotOn, apply, legal_actions, new_game, replay)

from tests.rules.random_games import Game, house_settings, play
from tests.support.properties import examples

PROPERTY = hsettings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                             HealthCheck.filter_too_much])


def _pick(state: GameState, rnd: random.Random, call_bias: float) -> Action:
    actions = legal_actions(state)
    calls = [a for a in actions if not isinstance(a, MakeBid)]
    if calls and rnd.random() < call_bias:
        return rnd.choice(calls)
    bids = [a for a in actions if isinstance(a, MakeBid)] or calls
    return rnd.choice(bids[:6]) if rnd.random() < 0.6 else rnd.choice(bids)


def play_random_game(settings: Settings, seats: tuple[int, ...], rnd: random.Random, call_bias: float) -> Game:
    opener = None if settings.first_opener == "roll_off" else rnd.choice(seats)
    return play(settings, seats, opener, rnd, lambda state: _pick(state, rnd, call_bias))


@st.composite
def games(draw: st.DrawFn) -> Game:
    rules = draw(house_settings())
    players = draw(st.integers(2, rules.max_players))
    seats = tuple(sorted(draw(st.sets(st.integers(0, 11), min_size=players, max_size=players))))
    call_bias = draw(st.sampled_from([0.1, 0.3, 0.7]))
    return play_random_game(rules, seats, draw(st.randoms(use_true_random=False)), call_bias)


# --- oracles from the rule text ---------------------------------------------------------------------


def oracle_is_raise(state: GameState, seat: int, standing: Bid | None, new: Bid) -> bool:
    rules, n = state.settings, state.total_dice
    one_die = state.count_of(seat) == 1
    if not 1 <= new.quantity <= n or not 1 <= new.face <= 6:
        return False
    if state.palifico:
        if standing is None:
            return True
        if not one_die:
            return new.face == standing.face and new.quantity > standing.quantity
    elif standing is None:
        return new.face != 1 or not rules.wild_ones
    elif new.face == 1 and rules.wild_ones and not rules.bids_on_ones:
        return False
    if rules.raise_rule == "face_up":
        return new.face > standing.face or (new.face == standing.face and new.quantity > standing.quantity)
    if rules.bids_on_ones and not state.palifico:
        if standing.face != 1 and new.face == 1:
            return new.quantity >= math.ceil(standing.quantity / 2)
        if standing.face == 1 and new.face != 1:
            return new.quantity >= 2 * standing.quantity + 1
        if standing.face == 1 and new.face == 1:
            return new.quantity > standing.quantity
    return (new.quantity, new.face) > (standing.quantity, standing.face)


def oracle_rank(state: GameState, bid: Bid) -> tuple[float, float]:
    """The setting's order as a number pair: face_up by face then quantity; q ones as 2q non-ones and a bit."""
    if state.settings.raise_rule == "face_up":
        return (bid.face, bid.quantity)
    if state.settings.bids_on_ones and not state.palifico and bid.face == 1:
        return (2 * bid.quantity + 0.5, 0)
    return (bid.quantity, bid.face)


def oracle_callers(state: GameState) -> set[int]:
    standing = state.standing_bid
    if standing is None:
        return set()
    if state.settings.challenge == "next_player":
        return {state.turn} if state.turn is not None else set()
    return set(state.in_game) - {standing.seat}


def oracle_dice_lost(state: GameState, loser: int, quantity: int, count: int, spot_on: bool) -> int:
    held = state.count_of(loser)
    if state.settings.loss == "elimination":
        return 1 if state.settings.duel_dice and len(state.in_game) == 2 else held
    if state.settings.loss == "difference" and not spot_on:
        return min(held, quantity - count if count < quantity else count - quantity + 1)
    return 1


# --- the laws ------------------------------------------------------------------------------------------


@PROPERTY
@given(games())
def test_every_legal_raise_is_strictly_higher_in_the_settings_order_and_every_such_raise_is_offered(game: Game) -> None:
    for before, _, _ in game.trace:
        if before.phase is not Phase.BIDDING or before.turn is None:
            continue
        standing = before.standing_bid.bid if before.standing_bid else None
        bids = [a.bid for a in legal_actions(before) if isinstance(a, MakeBid)]
        assert all(isinstance(a, MakeBid) and a.seat == before.turn for a in legal_actions(before)[:len(bids)])
        expected = {Bid(q, f) for q in range(1, before.total_dice + 1) for f in range(1, 7)
                    if oracle_is_raise(before, before.turn, standing, Bid(q, f))}
        assert set(bids) == expected
        assert len(bids) == len(set(bids))
        ranks = [oracle_rank(before, b) for b in bids]
        assert ranks == sorted(ranks), "lowest first in the setting's order"
        if standing is not None:
            assert all(rank > oracle_rank(before, standing) for rank in ranks)


@PROPERTY
@given(games())
def test_exactly_the_right_seats_may_call_and_spot_on_only_where_played(game: Game) -> None:
    for before, _, _ in game.trace:
        if before.phase is not Phase.BIDDING:
            continue
        actions = legal_actions(before)
        liars = [a.seat for a in actions if isinstance(a, CallLiar)]
        spots = [a.seat for a in actions if isinstance(a, SpotOn)]
        assert set(liars) == oracle_callers(before) and len(liars) == len(set(liars))
        assert spots == (liars if before.settings.spot_on else [])
        if liars:
            assert liars[0] == before.turn


@PROPERTY
@given(games())
def test_a_call_is_decided_by_the_count_and_costs_what_loss_says(game: Game) -> None:
    for before, action, step in game.trace:
        if not isinstance(action, (CallLiar, SpotOn)):
            assert step.state.counts == before.counts or isinstance(action, RollOff)
            continue
        standing = before.standing_bid
        assert standing is not None
        wild = before.settings.wild_ones and not before.palifico
        count = sum(1 for hand in before.hands for d in hand if d == standing.bid.face or (wild and d == 1))
        result = step.state.result
        assert result is not None and result.count == count
        spot = isinstance(action, SpotOn)
        if spot:
            loser = None if count == standing.bid.quantity else action.seat
        else:
            loser = action.seat if count >= standing.bid.quantity else standing.seat
        assert result.loser == loser
        after = dict(zip(step.state.seats, step.state.counts))
        for seat, held in zip(before.seats, before.counts):
            if seat == loser:
                assert after[seat] == held - oracle_dice_lost(before, seat, standing.bid.quantity, count, spot)
            elif spot and loser is None and seat == action.seat:
                assert after[seat] == min(held + 1, before.settings.dice_per_player)
            else:
                assert after[seat] == held


@PROPERTY
@given(games())
def test_dice_never_exceed_dice_per_player_and_the_out_never_come_back(game: Game) -> None:
    for before, _, step in game.trace:
        assert all(0 <= c <= game.settings.dice_per_player for c in step.state.counts)
        assert set(step.state.in_game) <= set(before.in_game)


@PROPERTY
@given(games())
def test_the_game_ends_with_exactly_one_winner(game: Game) -> None:
    final = game.final
    assert final.phase is Phase.OVER and final.winner is not None and final.in_game == (final.winner,)
    assert sum(1 for _, _, s in game.trace for e in s.events if e.kind == "game_over") == 1
    outs = [e.data["seat"] for _, _, s in game.trace for e in s.events if e.kind == "player_out"]
    assert sorted(outs) == sorted(s for s in game.seats if s != final.winner)


@PROPERTY
@given(games())
def test_the_roll_off_order_follows_the_first_throw_and_every_seat_plays(game: Game) -> None:
    throws = [action for _, action, _ in game.trace if isinstance(action, RollOff)]
    assert bool(throws) == (game.settings.first_opener == "roll_off")
    order = game.final.seats
    assert sorted(order) == sorted(game.seats)
    if throws:
        first = {seat: sum(dice) for seat, dice in zip(game.seats, throws[0].dice)}
        assert [first[s] for s in order] == sorted(first.values(), reverse=True)
        rounds = [step.state for _, action, step in game.trace if isinstance(action, Roll)]
        assert rounds[0].turn == order[0]


@PROPERTY
@given(games(), st.data())
def test_replay_equals_live_and_a_refused_action_changes_nothing(game: Game, data: st.DataObject) -> None:
    assert replay(game.settings, game.seats, game.opener, game.actions) == game.final
    state = new_game(game.settings, game.seats, game.opener)
    for _, action, step in game.trace:
        again = apply(state, action)
        assert again == step
        state = again.state
    index = data.draw(st.integers(0, len(game.trace) - 1))
    before = game.trace[index][0]
    snapshot = copy.deepcopy(before)
    bidder = before.standing_bid.seat if before.standing_bid else before.seats[0]
    for bad in (MakeBid(-5, Bid(1, 2)), CallLiar(-5), SpotOn(-5), CallLiar(bidder), SpotOn(bidder),
                MakeBid(before.turn if before.turn is not None else 0, Bid(before.total_dice + 1, 6)),
                RollOff(((7, 7),) * len(before.seats)), Roll(((7,),) * len(before.seats))):
        try:
            apply(before, bad)
        except RulesError:
            pass
        else:
            raise AssertionError(f"{bad} was accepted")
        assert before == snapshot


def _next_in_order(order: tuple[int, ...], counts: dict[int, int], seat: int) -> int:
    """Oracle: the first seat after ``seat`` in the game's order (wrapping) that holds dice."""
    start = order.index(seat)
    return next(order[(start + k) % len(order)] for k in range(1, len(order) + 1)
                if counts[order[(start + k) % len(order)]] > 0)


@PROPERTY
@given(games())
def test_the_turn_follows_the_games_order_and_each_round_opens_where_the_rules_say(game: Game) -> None:
    """The order is clockwise (ascending seats) or the roll-off's; a round opens with the loser, or
    the spot-on caller, or the next player in the game after them when they are out."""
    order = game.final.seats
    if game.settings.first_opener == "rotate":
        assert order == tuple(sorted(game.seats))
    previous = None
    for before, action, step in game.trace:
        counts = dict(zip(step.state.seats, step.state.counts))
        if isinstance(action, MakeBid):
            assert step.state.turn == _next_in_order(order, counts, action.seat)
        if isinstance(action, NextRound):
            result = before.result
            assert result is not None
            seat = result.caller if result.call == "spot_on" else result.loser
            assert seat is not None
            expected = seat if counts[seat] > 0 else _next_in_order(order, counts, seat)
            assert step.state.opener == expected
        if isinstance(action, Roll):
            assert step.state.turn == before.opener
            if previous is None and game.opener is not None:
                assert before.opener == game.opener
            previous = before.opener


@hsettings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 2**32),
       st.sampled_from([0.1, 0.3, 0.7]))
def test_every_preset_plays_to_one_winner_and_replays(name: str, players: int, seed: int, call_bias: float) -> None:
    game = play_random_game(PRESETS[name], tuple(range(players)), random.Random(seed), call_bias)
    assert game.final.winner is not None and game.final.in_game == (game.final.winner,)
    assert replay(game.settings, game.seats, game.opener, game.actions) == game.final
    if name == "kul_tiras":
        # Elimination: every round but duel rounds puts one player out, so a game lasts players − 1 rounds.
        assert game.final.round_no == players - 1
        assert game.final.count_of(game.final.winner) == 7
