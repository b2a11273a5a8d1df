"""The poker-dice bots: legal distributions read from the seat view only, and the behaviour each level promises."""
from __future__ import annotations

import pytest

from referee.games.poker_bluff.arena import play_poker_arena
from referee.games.poker_bluff.bots.base import legal_actions as view_actions
from referee.games.poker_bluff.bots.equilibrium import TOP
from referee.games.poker_bluff.bots.exploit import Exploiting
from referee.games.poker_bluff.bots.registry import LEVELS, make_poker_bot
from referee.games.poker_bluff.bots.solved import shipped
from referee.games.poker_bluff.bots.strong import StrongBot
from referee.games.poker_bluff.views import poker_game_view
from referee.games.poker_bluff.rules import (ALL, HIGHEST, Believe, Declare, GameState, Phase, PokerSettings, Roll,
                                       action_from_json, apply, legal_actions, new_game, parse)

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


def test_easy_declares_its_strongest_combination_when_it_beats_the_last() -> None:
    state = after(Roll((5, 5, 2, 2, 6)))
    action = make_poker_bot("easy", seed=0).act(view_of(state))
    assert action == {"type": "declare", "declaration": {"kind": "two_pairs", "faces": [5, 2, 6]}}


def test_easy_keeps_every_die_of_the_declaration_and_medium_what_the_equilibrium_keeps() -> None:
    state = after(Roll((6, 6, 5, 2, 3)), parse_declare(0, "6,6+5"), Believe(1))
    assert make_poker_bot("easy", seed=0).act(view_of(state)) == {"type": "reroll", "keep": [5, 6, 6]}
    equilibrium = make_poker_bot("equilibrium", seed=0).policy(view_of(state))
    assert make_poker_bot("medium", seed=0).policy(view_of(state)) == equilibrium


@pytest.mark.parametrize(("level", "trust"), [("medium", 0.5), ("easy", 0.3)])
def test_medium_and_easy_doubt_less_often_than_the_equilibrium(level: str, trust: float) -> None:
    answered = 0
    for state in positions(seed=4, games=4):
        if state.phase is not Phase.RESPONDING or state.declarations[-1].declaration == HIGHEST:
            continue
        doubts = [dict((a["type"], p) for a, p in make_poker_bot(name, seed=0).policy(view_of(state))).get("doubt", 0.0)
                  for name in (level, "equilibrium")]
        assert doubts[0] == pytest.approx(trust * doubts[1])
        answered += 1
    assert answered > 10


def test_medium_never_mixes_its_declarations() -> None:
    declaring = [state for state in positions(seed=6, games=4) if state.phase is Phase.DECLARING]
    assert declaring and all(len(make_poker_bot("medium", seed=0).policy(view_of(s))) == 1 for s in declaring)


def test_strong_with_no_record_plays_the_equilibrium() -> None:
    for state in positions(seed=8, games=4):
        assert StrongBot(seed=0).policy(view_of(state)) == make_poker_bot("equilibrium", seed=0).policy(view_of(state))


@pytest.mark.parametrize("settings", [PokerSettings(), PokerSettings(tokens=1), PokerSettings(tokens=4, two_games=True)])
def test_every_level_plays_every_rule_set_without_an_illegal_action(settings: PokerSettings) -> None:
    tallies = play_poker_arena(["strong", "medium", "easy", "equilibrium", "random"], games=3, seed=5, settings=settings)
    assert sum(t.wins for t in tallies) == 3 and all(t.illegal_actions == 0 for t in tallies)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_bot_doubts_five_sixes(level: str) -> None:
    state = after(Roll((1, 2, 3, 4, 5)), parse_declare(0, "6,6,6,6,6"))
    assert make_poker_bot(level, seed=0).policy(view_of(state)) == [({"type": "doubt"}, 1.0)]


def answered(bot: StrongBot, text: str, kind: str, times: int) -> None:
    """``times`` rounds in which the bot (seat 0) opens with ``text`` and the other seat answers ``kind``."""
    bot.seat = 0
    for _ in range(times):
        for event, data in [("rolled", {"round": 1, "seat": 0, "kept": [], "rolled": 5}),
                            ("declared", {"seat": 0, **parse(text).to_dict(), "text": text}),
                            (kind, {"seat": 1}), ("next_round", {"round": 2, "starter": 0})]:
            bot.observe({"kind": event, "data": data})


def test_strong_records_a_trusting_opponent_and_then_exploits_within_its_margin() -> None:
    bot = StrongBot(seed=0)
    often = max(range(TOP), key=lambda level: shipped().doubt_chance(-1, (), level))  # the opening it doubts most
    answered(bot, ALL[often].text, "believed", 12)
    assert bot.doubting.factor() < 1.0
    assert isinstance(bot.tables(), Exploiting) and 0 < bot.tables().lam <= 0.05  # type: ignore[attr-defined]


def test_strong_changes_its_mix_only_when_a_round_begins() -> None:
    bot = StrongBot(seed=0)
    often = max(range(TOP), key=lambda level: shipped().doubt_chance(-1, (), level))
    answered(bot, ALL[often].text, "believed", 12)
    started = bot.tables().factor  # type: ignore[attr-defined]
    middling = next(level for level in range(TOP) if 0.3 < shipped().doubt_chance(-1, (), level) < 0.5)
    for _ in range(30):  # within one round the record turns suspicious; the mix stays
        bot.mine = (-1, (), middling)
        bot.observe({"kind": "doubted", "data": {"seat": 1}})
    assert bot.doubting.factor() > started and bot.tables().factor == started  # type: ignore[attr-defined]
    bot.observe({"kind": "next_round", "data": {"round": 2, "starter": 0}})
    assert bot.tables().factor == bot.doubting.factor()  # type: ignore[attr-defined]


def test_strong_keeps_to_the_equilibrium_against_an_opponent_who_doubts_as_it_does() -> None:
    bot = StrongBot(seed=0)
    for level in range(0, 60, 3):  # declarations the equilibrium doubts about half the time, answered both ways
        chance = shipped().doubt_chance(-1, (), level)
        if 0.3 < chance < 0.7:
            answered(bot, ALL[level].text, "doubted", 1)
            answered(bot, ALL[level].text, "believed", 1)
    assert bot.doubting.factor() == 1.0 and bot.tables() is shipped()


def test_strong_ignores_events_it_does_not_know_or_cannot_read() -> None:
    bot = StrongBot(seed=0)
    for event in ({"kind": "something_new", "data": {}}, {"kind": "declared", "data": {"kind": "pair"}},
                  {"kind": "revealed", "data": None}, {}):
        bot.observe(event)
    assert bot.declared == [] and bot.doubting.factor() == 1.0


def parse_declare(seat: int, text: str) -> Declare:
    return Declare(seat, parse(text))
