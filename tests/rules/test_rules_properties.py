"""Properties of random games: random settings, seats, dice and choices among the legal actions.

The checks use their own small oracles (seat order, counting, lexicographic raises) rather than
the engine's helpers, so that a wrong engine cannot agree with itself.
"""
from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from referee.games.liars_dice.rules import (Action, Bid, CallLiar, GameState, IllegalAction, MakeBid, NextRound,
                           Phase, Roll, RulesError, Settings, apply, legal_actions, new_game, replay)

from tests.rules.random_games import Game, play
from tests.support.properties import examples

PROPERTY = hsettings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _pick(state: GameState, rnd: random.Random, liar_bias: float) -> Action:
    actions = legal_actions(state)
    mode = rnd.random()
    if mode < liar_bias and isinstance(actions[-1], CallLiar):
        return actions[-1]
    if mode < 0.6:
        return rnd.choice(actions[:6])  # small raises make long rounds
    return rnd.choice(actions)  # uniform among every legal action


def play_random_game(settings: Settings, seats: tuple[int, ...], opener: int, rnd: random.Random,
                     liar_bias: float = 0.25) -> Game:
    return play(settings, seats, opener, rnd, lambda state: _pick(state, rnd, liar_bias))


@st.composite
def games(draw: st.DrawFn, max_dice: int = 10, max_players: int = 8, wild_ones: bool | None = None) -> Game:
    dice = draw(st.integers(1, max_dice))
    seats_allowed = draw(st.integers(2, max_players))
    wild = draw(st.booleans()) if wild_ones is None else wild_ones
    rules = Settings(dice_per_player=dice, max_players=seats_allowed, wild_ones=wild)
    players = draw(st.integers(2, seats_allowed))
    seats = tuple(sorted(draw(st.sets(st.integers(0, 11), min_size=players, max_size=players))))
    opener = draw(st.sampled_from(seats))
    liar_bias = draw(st.sampled_from([0.05, 0.25, 0.6]))
    rnd = draw(st.randoms(use_true_random=False))
    return play_random_game(rules, seats, opener, rnd, liar_bias)


def _next_clockwise_in_game(seats: tuple[int, ...], counts: dict[int, int], seat: int) -> int:
    """Oracle: the first seat after ``seat`` in ascending seat numbers (wrapping) that holds dice."""
    later = [s for s in sorted(seats) if s > seat and counts[s] > 0]
    earlier = [s for s in sorted(seats) if s < seat and counts[s] > 0]
    return (later + earlier)[0]


def _counts(state: GameState) -> dict[int, int]:
    return dict(zip(state.seats, state.counts))


# --- bids --------------------------------------------------------------------------------------


@PROPERTY
@given(games())
def test_every_legal_raise_is_strictly_higher_than_the_standing_bid(game: Game) -> None:
    for before, _, _ in game.trace:
        if before.phase is not Phase.BIDDING:
            continue
        actions = legal_actions(before)
        bids = [a for a in actions if isinstance(a, MakeBid)]
        standing = before.standing_bid
        faces = (2, 3, 4, 5, 6) if before.settings.wild_ones else (1, 2, 3, 4, 5, 6)
        for action in bids:
            assert action.seat == before.turn
            assert action.bid.face in faces
            assert 1 <= action.bid.quantity <= before.total_dice
            if standing is not None:
                assert (action.bid.quantity, action.bid.face) > (standing.bid.quantity, standing.bid.face)
        keys = [(a.bid.quantity, a.bid.face) for a in bids]
        assert keys == sorted(set(keys)), "bids listed once each, lowest first"
        # Liar is offered exactly when there is a bid to call, and always last.
        assert (CallLiar(before.turn) in actions) == (standing is not None)
        if standing is not None:
            assert actions[-1] == CallLiar(before.turn)
        # Nothing is missing: every higher bid up to N is listed.
        expected = {(q, f) for q in range(1, before.total_dice + 1) for f in faces
                    if standing is None or (q, f) > (standing.bid.quantity, standing.bid.face)}
        assert set(keys) == expected


@PROPERTY
@given(games(max_dice=3, max_players=4))
def test_every_legal_action_is_accepted_and_every_other_bid_is_refused(game: Game) -> None:
    for before, _, _ in game.trace:
        if before.phase is Phase.REVEALED:
            assert legal_actions(before) == (NextRound(),)
            assert apply(before, NextRound()).state.phase is Phase.ROLLING
            continue
        if before.phase is not Phase.BIDDING:
            assert legal_actions(before) == ()
            continue
        legal = set(legal_actions(before))
        for action in legal:
            assert apply(before, action).state != before
        for seat in before.seats + (99,):
            for quantity in range(-1, before.total_dice + 3):
                for face in range(0, 8):
                    action = MakeBid(seat, Bid(quantity, face))
                    if action in legal:
                        continue
                    try:
                        apply(before, action)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"{action} is not in legal_actions but was accepted")
            if CallLiar(seat) not in legal:
                try:
                    apply(before, CallLiar(seat))
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"CallLiar({seat}) is not in legal_actions but was accepted")


@PROPERTY
@given(games(), st.data())
def test_a_refused_action_changes_nothing(game: Game, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(game.trace) - 1))
    before = game.trace[index][0]
    snapshot = copy.deepcopy(before)
    turn = before.turn if before.turn is not None else before.seats[0]
    bad: list[object] = [MakeBid(-5, Bid(1, 2)), CallLiar(-5), MakeBid(turn, Bid(0, 0)),
                         MakeBid(turn, Bid(before.total_dice + 1, 6)), MakeBid(turn, Bid("1", 2)),
                         Roll(((7,),) * len(before.seats)), "junk"]
    for action in bad:
        with pytest.raises(RulesError):
            apply(before, action)  # type: ignore[arg-type]
        assert before == snapshot
    assert replay(game.settings, game.seats, game.opener, game.actions[:index]) == snapshot


# --- rounds, dice, turns ------------------------------------------------------------------------


@PROPERTY
@given(games())
def test_each_round_removes_exactly_one_die_from_the_loser(game: Game) -> None:
    for before, action, step in game.trace:
        after = step.state
        if isinstance(action, CallLiar):
            assert after.total_dice == before.total_dice - 1
            assert after.result is not None
            loser = after.result.loser
            assert loser in (after.result.bidder, after.result.caller)
            assert after.count_of(loser) == before.count_of(loser) - 1
            assert all(after.count_of(s) == before.count_of(s) for s in before.seats if s != loser)
        else:
            assert after.counts == before.counts


@PROPERTY
@given(games())
def test_dice_in_play_never_grow_and_nobody_comes_back(game: Game) -> None:
    for before, _, step in game.trace:
        after = step.state
        assert after.total_dice <= before.total_dice
        assert all(a <= b for a, b in zip(after.counts, before.counts))
        assert set(after.in_game) <= set(before.in_game)
        assert all(0 <= c <= game.settings.dice_per_player for c in after.counts)


@PROPERTY
@given(games())
def test_the_loser_is_decided_by_counting_every_cup(game: Game) -> None:
    for before, action, step in game.trace:
        if not isinstance(action, CallLiar):
            continue
        standing = before.standing_bid
        assert standing is not None
        wild = before.settings.wild_ones
        count = sum(1 for hand in before.hands for d in hand if d == standing.bid.face or (wild and d == 1))
        result = step.state.result
        assert result is not None
        assert result.count == count
        assert result.bidder == standing.seat and result.caller == action.seat and result.bid == standing.bid
        assert result.loser == (action.seat if count >= standing.bid.quantity else standing.seat)
        assert dict(result.hands) == {s: h for s, h in zip(before.seats, before.hands) if h}


@PROPERTY
@given(games())
def test_turn_passes_clockwise_among_players_in_the_game(game: Game) -> None:
    for before, action, step in game.trace:
        if isinstance(action, MakeBid):
            assert step.state.turn == _next_clockwise_in_game(before.seats, _counts(before), action.seat)
            assert step.state.turn in step.state.in_game


@PROPERTY
@given(games())
def test_the_opener_is_the_given_seat_then_the_loser_or_the_next_player_in_the_game(game: Game) -> None:
    rounds = game.rounds()
    assert rounds[0][0][2].state.turn == game.opener
    for previous, current in zip(rounds, rounds[1:]):
        result = previous[-1][2].state.result
        assert result is not None
        counts = _counts(current[0][0])
        expected = result.loser if counts[result.loser] > 0 else _next_clockwise_in_game(game.seats, counts,
                                                                                          result.loser)
        assert current[0][2].state.turn == expected == current[0][0].opener


@PROPERTY
@given(games())
def test_every_player_in_the_game_rolls_all_their_dice_and_the_out_roll_none(game: Game) -> None:
    for before, action, step in game.trace:
        if isinstance(action, Roll):
            for seat, count, hand in zip(before.seats, before.counts, step.state.hands):
                assert len(hand) == count


# --- the end of the game ------------------------------------------------------------------------


@PROPERTY
@given(games())
def test_the_game_always_ends_with_exactly_one_winner_within_dice_times_players_minus_one_rounds(game: Game) -> None:
    final = game.final
    dice, players = game.settings.dice_per_player, len(game.seats)
    assert final.phase is Phase.OVER
    assert final.winner is not None and final.in_game == (final.winner,)
    assert 1 <= final.count_of(final.winner) <= dice
    rounds = len(game.rounds())
    assert rounds == final.round_no
    assert dice * (players - 1) <= rounds <= dice * players - 1
    # One die per round: the rounds played are exactly the dice lost.
    assert rounds == dice * players - final.total_dice
    game_over = [e for e in game.trace[-1][2].events if e.kind == "game_over"]
    assert [e.data for e in game_over] == [{"winner": final.winner}]
    assert sum(1 for _, _, s in game.trace for e in s.events if e.kind == "game_over") == 1
    for action in (NextRound(), CallLiar(final.winner), MakeBid(final.winner, Bid(1, 6))):
        try:
            apply(final, action)
        except IllegalAction as err:
            assert err.code == "game/over"
        else:
            raise AssertionError(f"{action} accepted after the game is over")


@PROPERTY
@given(games())
def test_every_player_out_is_announced_once_and_the_winner_is_never_out(game: Game) -> None:
    outs = [e.data["seat"] for _, _, s in game.trace for e in s.events if e.kind == "player_out"]
    assert sorted(outs) == sorted(s for s in game.seats if s != game.final.winner)
    assert len(outs) == len(set(outs)) == len(game.seats) - 1


@hsettings(max_examples=examples(80), deadline=None)
@given(st.sets(st.integers(0, 7), min_size=2, max_size=2), st.randoms(use_true_random=False),
       st.sampled_from([0.05, 0.25, 0.6]))
def test_a_two_player_game_with_five_dice_lasts_5_to_9_rounds(seats: set[int], rnd: random.Random,
                                                             liar_bias: float) -> None:
    ordered = tuple(sorted(seats))
    game = play_random_game(Settings(), ordered, ordered[0], rnd, liar_bias)
    assert 5 <= game.final.round_no <= 9
    assert game.final.count_of(game.final.winner) == 10 - game.final.round_no  # type: ignore[arg-type]


# --- the log is the truth ----------------------------------------------------------------------


@PROPERTY
@given(games(), st.data())
def test_replaying_the_action_log_gives_the_live_state(game: Game, data: st.DataObject) -> None:
    assert replay(game.settings, game.seats, game.opener, game.actions) == game.final
    cut = data.draw(st.integers(0, len(game.trace) - 1))
    assert replay(game.settings, game.seats, game.opener, game.actions[:cut]) == game.trace[cut][0]
    # Replaying yields the same events too.
    state = new_game(game.settings, game.seats, game.opener)
    for _, action, step in game.trace:
        again = apply(state, action)
        assert again == step
        state = again.state


# --- events --------------------------------------------------------------------------------------


@PROPERTY
@given(games())
def test_dice_rolled_goes_only_to_its_own_seat_and_every_other_event_is_public(game: Game) -> None:
    for before, action, step in game.trace:
        for event in step.events:
            if event.kind == "dice_rolled":
                assert event.audience in before.in_game
                assert event.data["dice"] == list(step.state.hand_of(event.audience))
                assert event.data["round"] == before.round_no
            else:
                assert event.audience is None
        kinds = [e.kind for e in step.events]
        if isinstance(action, Roll):
            assert kinds == ["round_started"] + ["dice_rolled"] * len(before.in_game)
            assert [e.audience for e in step.events[1:]] == list(before.in_game)
        elif isinstance(action, MakeBid):
            assert kinds == ["bid"]
        elif isinstance(action, CallLiar):
            assert kinds[:3] == ["liar", "revealed", "die_lost"]
            assert kinds[3:] in ([], ["player_out"], ["player_out", "game_over"])
            assert (kinds[3:] != []) == (step.state.count_of(step.state.result.loser) == 0)  # type: ignore[union-attr]
        else:
            assert kinds == ["next_round"]


def test_a_random_game_driver_sanity_check() -> None:
    """The driver itself plays real games: several rounds, bids and calls."""
    game = play_random_game(Settings(), (0, 2, 5), 2, random.Random(7))
    kinds = {type(a).__name__ for a in game.actions}
    assert kinds == {"Roll", "MakeBid", "CallLiar", "NextRound"}
    assert len(game.rounds()) >= 10
