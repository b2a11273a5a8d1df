"""Laws of poker-dice bluff over random games (hypothesis): every declaration beats the last,
tokens are conserved, a game ends with one winner, replay equals the live game, kept dice are
dice of the accepted declaration, and the engine accepts exactly its legal actions."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from referee.rules.errors import RulesError
from referee.games.poker_bluff.rules import (ALL, Action, Believe, Declare, Doubt, GameState, NextRound, Phase, PokerSettings,
                                       Reroll, Roll, apply, legal_actions, pending_roll, replay)

from tests.rules.poker_bluff.poker_games import Game, play
from tests.support.properties import examples


def chooser(rnd: random.Random):
    """Picks a legal action: often one of the lowest declarations (so rounds run long), else any."""
    def pick(state: GameState) -> Action:
        actions = legal_actions(state)
        if state.phase is Phase.DECLARING and rnd.random() < 0.7:
            return rnd.choice(actions[:4])
        return rnd.choice(actions)
    return pick


games = st.builds(
    lambda tokens, seed, seats, starter_first: play(
        PokerSettings(tokens=tokens), seats, seats[0] if starter_first else seats[1], random.Random(seed),
        chooser(random.Random(seed + 1))),
    st.integers(1, 10), st.integers(0, 2**32), st.sampled_from([(0, 1), (1, 0), (2, 5)]), st.booleans())


@hsettings(max_examples=examples(80))
@given(games)
def test_every_declaration_beats_the_last_of_its_round_and_the_players_alternate(game: Game) -> None:
    for before, action, _ in game.trace:
        if isinstance(action, Declare):
            assert before.last is None or action.declaration > before.last
            if before.declarations:
                assert action.seat != before.declarations[-1].seat


@hsettings(max_examples=examples(80))
@given(games)
def test_tokens_are_conserved_and_never_negative(game: Game) -> None:
    for state in game.states:
        assert sum(state.tokens) == 2 * game.settings.tokens
        assert min(state.tokens) >= 0


@hsettings(max_examples=examples(80))
@given(games)
def test_a_game_ends_with_one_winner_holding_every_token(game: Game) -> None:
    final = game.final
    assert final.phase is Phase.OVER and final.winner in game.seats
    assert final.tokens_of(final.winner) == 2 * game.settings.tokens
    assert final.tokens_of(final.other(final.winner)) == 0
    assert [state.winner for state in game.states].count(None) == len(game.states) - 1


@hsettings(max_examples=examples(60))
@given(games)
def test_replay_equals_the_live_game(game: Game) -> None:
    assert replay(game.settings, game.seats, game.starter, game.actions) == game.final


@hsettings(max_examples=examples(80))
@given(games)
def test_kept_dice_are_dice_of_the_accepted_declaration_and_of_the_cup(game: Game) -> None:
    for before, action, step in game.trace:
        if isinstance(action, Reroll):
            assert before.last is not None
            kept = Counter(action.keep)
            assert not kept - Counter(before.last.dice) and not kept - Counter(before.cup)
            assert len(action.keep) <= 4 and Counter(step.state.kept) == kept
        if isinstance(action, Roll):
            assert Counter(step.state.cup) == Counter(before.kept) + Counter(action.dice)


@hsettings(max_examples=examples(80))
@given(games)
def test_a_doubt_pays_one_token_to_the_right_player(game: Game) -> None:
    for before, action, step in game.trace:
        if isinstance(action, Doubt):
            result = step.state.result
            assert before.last is not None and result is not None
            assert result.held == (not Counter(before.last.dice) - Counter(before.cup))
            assert result.winner == (before.declarations[-1].seat if result.held else action.seat)
            assert step.state.tokens_of(result.winner) == before.tokens_of(result.winner) + 1


def candidates(state: GameState) -> list[Action]:
    """A wide set of player actions, legal or not, for both seats."""
    found: list[Action] = [NextRound()]
    for seat in state.seats:
        found += [Doubt(seat), Believe(seat)] + [Declare(seat, d) for d in ALL[::5] + ALL[-3:]]
        pool = state.cup or (1, 2, 3, 4, 5, 6)
        found += [Reroll(seat, keep) for size in range(6) for keep in set(combinations(sorted(pool), size))]
    return found


@hsettings(max_examples=examples(25))
@given(games, st.integers(0, 2**32))
def test_the_engine_accepts_exactly_the_legal_actions(game: Game, seed: int) -> None:
    rnd = random.Random(seed)
    for state in rnd.sample(game.states[:-1], min(6, len(game.states) - 1)):
        legal = set(legal_actions(state))
        for action in candidates(state):
            if action in legal:
                apply(state, action)
            else:
                with pytest.raises(RulesError):
                    apply(state, action)


@hsettings(max_examples=examples(25))
@given(games)
def test_a_roll_is_accepted_exactly_when_dice_are_pending_and_it_holds_that_many(game: Game) -> None:
    for state in game.states[:-1]:
        for count in range(7):
            roll = Roll((6,) * count)
            if state.phase is Phase.ROLLING and count == pending_roll(state):
                assert apply(state, roll).state.phase is Phase.DECLARING
            else:
                with pytest.raises(RulesError):
                    apply(state, roll)
