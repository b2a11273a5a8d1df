"""The poker-dice bots: legal distributions read from the seat view only, and the behaviour each level promises."""
from __future__ import annotations

import pytest

from referee.bots.poker_bluff.base import legal_actions as view_actions
from referee.bots.poker_bluff.dice import KEEP_INDEX, sub_multisets
from referee.bots.poker_bluff.registry import LEVELS, make_poker_bot
from referee.bots.poker_bluff.strong import StrongBot
from referee.bots.poker_bluff.tables import level_of, truth
from referee.poker_views import poker_game_view
from referee.rules.poker_bluff import (Believe, Declare, GameState, PokerSettings, Reroll, Roll, action_from_json,
                                       apply, legal_actions, new_game, parse)

from .poker_helpers import Recording, positions, view_of

VIEW_KEYS = set(poker_game_view(new_game(PokerSettings(), (0, 1), 0), 0))


def after(*actions: object) -> GameState:
    state = new_game(PokerSettings(), (0, 1), 0)
    for action in actions:
        state = apply(state, action).state  # type: ignore[arg-type]
    return state


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_policy_is_a_distribution_over_legal_actions(level: str) -> None:
    bot = make_poker_bot(level, seed=1)
    for state in positions(seed=len(level), games=4):
        policy = bot.policy(view_of(state))
        assert abs(sum(p for _, p in policy) - 1) < 1e-9 and all(p > 0 for _, p in policy)
        legal = set(legal_actions(state))
        for action, _ in policy:
            assert action_from_json(state.turn, action) in legal, (level, state.phase, action)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_reads_nothing_but_its_seat_view(level: str) -> None:
    Recording.read = set()
    bot = make_poker_bot(level, seed=2)
    for state in positions(seed=5, games=3):
        bot.act(Recording(view_of(state)))
    assert Recording.read and Recording.read <= VIEW_KEYS


def test_the_views_legal_actions_are_the_engines() -> None:
    for state in positions(seed=11, games=4):
        assert [action_from_json(state.turn, a) for a in view_actions(view_of(state))] == list(legal_actions(state))


def test_the_same_view_gives_the_same_policy() -> None:
    for level in sorted(LEVELS):
        for state in positions(seed=3, games=2):
            assert make_poker_bot(level, seed=1).policy(view_of(state)) == make_poker_bot(level, seed=9).policy(view_of(state))


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_tell_the_truth_when_it_beats_the_last(level: str) -> None:
    state = after(Roll((5, 5, 2, 2, 6)))
    action = make_poker_bot(level, seed=0).act(view_of(state))
    assert action == {"type": "declare", "declaration": {"kind": "two_pairs", "faces": [5, 2, 6]}}


def test_easy_lies_just_above_the_last_when_nothing_true_beats_it() -> None:
    state = after(Roll((4, 4, 6, 2, 3)), parse_declare(0, "6,6,6+5"), Believe(1), Reroll(1, ()), Roll((1, 2, 3, 4, 6)))
    assert make_poker_bot("easy", seed=0).act(view_of(state))["declaration"] == parse("1,1,1+2,2").to_dict()


def test_medium_keeps_the_dice_most_likely_to_beat_the_declaration() -> None:
    state = after(Roll((6, 6, 5, 2, 3)), parse_declare(0, "6,6+5"), Believe(1))
    assert make_poker_bot("medium", seed=0).act(view_of(state)) == {"type": "reroll", "keep": [6, 6]}
    beat = truth().beat[level_of(parse("6,6+5"))]  # 6,6 and three dice beat it more often than 6,6,5 and two
    assert beat[KEEP_INDEX[(6, 6)]] == max(beat[KEEP_INDEX[keep]] for keep in sub_multisets((5, 6, 6)))


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_bot_doubts_five_sixes(level: str) -> None:
    state = after(Roll((1, 2, 3, 4, 5)), parse_declare(0, "6,6,6,6,6"))
    assert make_poker_bot(level, seed=0).policy(view_of(state)) == [({"type": "doubt"}, 1.0)]


def opening(bot: StrongBot, text: str) -> dict[str, object]:
    state = after(Roll((1, 2, 3, 4, 6)), parse_declare(0, text))
    return bot.act(view_of(state))


def test_strong_learns_that_an_opponent_bluffs_and_doubts_them() -> None:
    bot = StrongBot(seed=0)
    prior = bot.honesty.mean()
    assert opening(bot, "3,3+4") == {"type": "believe"}
    for _ in range(4):  # the bot takes the cup and sees a lie each time
        state = after(Roll((1, 2, 3, 4, 5)), parse_declare(0, "6,6,6,6+1"), Believe(1))
        bot.act(view_of(state))
    assert bot.honesty.mean() > 2 * prior
    assert opening(bot, "3,3+4") == {"type": "doubt"}


def test_strong_learns_that_an_opponent_is_honest_and_trusts_them() -> None:
    honest, fresh = StrongBot(seed=0), StrongBot(seed=0)
    for _ in range(6):
        state = after(Roll((3, 3, 6, 6, 1)), parse_declare(0, "6,6+3,3+1"), Believe(1))
        honest.act(view_of(state))
    assert honest.honesty.mean() < fresh.honesty.mean()
    assert honest.honesty.odds(70, -1, ())[0] > fresh.honesty.odds(70, -1, ())[0]


def test_strong_learns_how_readily_the_opponent_doubts() -> None:
    bot = StrongBot(seed=0)
    bot.seat = 0
    level = level_of(parse("3,3+2"))
    before = bot.suspicion.doubt_chance(level, -1, ())
    for _ in range(5):
        for kind, data in [("rolled", {"round": 1, "seat": 0, "kept": [], "rolled": 5}),
                           ("declared", {"seat": 0, **parse("3,3+2").to_dict(), "text": "3,3+2"}),
                           ("doubted", {"seat": 1}), ("next_round", {"round": 2, "starter": 0})]:
            bot.observe({"kind": kind, "data": data})
    assert bot.suspicion.doubt_chance(level, -1, ()) > before + 0.2


def test_strong_ignores_events_it_does_not_know_or_cannot_read() -> None:
    bot = StrongBot(seed=0)
    for event in ({"kind": "something_new", "data": {}}, {"kind": "declared", "data": {"kind": "pair"}},
                  {"kind": "revealed", "data": None}, {}):
        bot.observe(event)
    assert bot.declared == []


def parse_declare(seat: int, text: str) -> Declare:
    return Declare(seat, parse(text))
