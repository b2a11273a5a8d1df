"""poker_views: the holder of the cup sees its five dice, the other player and spectators only the
dice set aside, the referee everything; a leak test over random games proves the whitelist."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import given, settings as hsettings, strategies as st

from referee.games.poker_bluff.views import poker_game_view
from referee.games.poker_bluff.rules import (Believe, Declare, Doubt, GameState, Phase, PokerSettings, Reroll, Roll, apply,
                                       legal_actions, new_game, parse)

from tests.rules.poker_bluff.poker_games import Game, play
from tests.support.properties import examples

VIEW_KEYS = {"family", "game", "phase", "round", "seat", "seats", "tokens", "starter", "holder", "turn", "cup",
             "set_aside", "declarations", "can_doubt", "can_believe", "must_doubt", "keepable", "result", "winner",
             "rules"}
SEAT_ONLY = {"seat", "can_doubt", "can_believe", "must_doubt", "keepable", "cup"}


def run(state: GameState, *actions: Any) -> GameState:
    for action in actions:
        state = apply(state, action).state
    return state


def start() -> GameState:
    return run(new_game(PokerSettings(token_value="1 silver"), (0, 1), 0), Roll((4, 4, 6, 2, 3)))


def test_the_holder_sees_the_cup_the_other_and_spectators_do_not() -> None:
    state = start()
    assert poker_game_view(state, 0)["cup"] == [4, 4, 6, 2, 3]
    assert poker_game_view(state, 1)["cup"] == [] and poker_game_view(state, None)["cup"] == []
    responding = run(state, Declare(0, parse("4,4+6")))
    assert poker_game_view(responding, 0)["cup"] == [4, 4, 6, 2, 3] and poker_game_view(responding, 1)["cup"] == []


def test_the_believer_sees_the_passed_cup_and_what_may_be_kept() -> None:
    state = run(start(), Declare(0, parse("4,4+6")), Believe(1))
    mine, theirs = poker_game_view(state, 1), poker_game_view(state, 0)
    assert mine["cup"] == [4, 4, 6, 2, 3] and mine["keepable"] == [4, 4, 6]
    assert theirs["cup"] == [] and theirs["keepable"] == [] and poker_game_view(state, None)["keepable"] == []


def test_set_aside_dice_are_public_and_the_new_dice_are_the_holders_alone() -> None:
    state = run(start(), Declare(0, parse("4,4+6")), Believe(1), Reroll(1, (4, 4)))
    for seat in (0, 1, None):
        assert poker_game_view(state, seat)["set_aside"] == [4, 4] and poker_game_view(state, seat)["cup"] == []
    state = run(state, Roll((5, 5, 1)))
    assert poker_game_view(state, 1)["cup"] == [4, 4, 5, 5, 1]
    assert poker_game_view(state, 0)["cup"] == [] and poker_game_view(state, 0)["set_aside"] == [4, 4]


def test_the_set_aside_dice_stay_public_while_the_next_holder_chooses() -> None:
    state = run(start(), Declare(0, parse("4,4+6")), Believe(1), Reroll(1, (4, 4)), Roll((4, 1, 5)),
                Declare(1, parse("4,4,4+5")), Believe(0))
    assert poker_game_view(state, 0)["cup"] == [4, 4, 4, 1, 5] and poker_game_view(state, 0)["keepable"] == [4, 4, 4, 5]
    assert poker_game_view(state, 1)["cup"] == [] and poker_game_view(state, None)["set_aside"] == [4, 4]
    state = run(state, Reroll(0, (4, 4, 4)))
    assert poker_game_view(state, None)["set_aside"] == [4, 4, 4]


def test_only_the_answering_player_may_believe_or_doubt_and_five_sixes_must_be_doubted() -> None:
    state = run(start(), Declare(0, parse("4,4+6")))
    assert [poker_game_view(state, s)["can_doubt"] for s in (0, 1, None)] == [False, True, False]
    assert poker_game_view(state, 1)["can_believe"] and not poker_game_view(state, 1)["must_doubt"]
    forced = run(start(), Declare(0, parse("6,6,6,6,6")))
    view = poker_game_view(forced, 1)
    assert view["can_doubt"] and not view["can_believe"] and view["must_doubt"]


def test_everyone_sees_the_cup_once_a_doubt_opens_it() -> None:
    state = run(start(), Declare(0, parse("4,4,4+6")), Doubt(1))
    for seat in (0, 1, None):
        view = poker_game_view(state, seat, game_no=2)
        assert view["result"] == {"declarer": 0, "doubter": 1, "cup": [4, 4, 6, 2, 3], "held": False, "winner": 1,
                                  "loser": 0, "declaration": {"seat": 0, "kind": "three", "faces": [4, 6],
                                                              "text": "4,4,4+6"}}
        assert view["tokens"] == {"0": 2, "1": 4} and view["game"] == 2 and view["cup"] == []


def test_every_view_has_the_same_public_keys_and_is_json() -> None:
    state = run(start(), Declare(0, parse("4,4+6")))
    for seat in (0, 1, None):
        view = poker_game_view(state, seat)
        assert set(view) == VIEW_KEYS and json.loads(json.dumps(view)) == view
        assert view["declarations"] == [{"seat": 0, "kind": "pair", "faces": [4, 6], "text": "4,4+6"}]
        assert view["rules"]["token_value"] == "1 silver" and view["family"] == "poker_bluff"
    assert set(poker_game_view(state, None, see_all=True)) == VIEW_KEYS | {"referee_cup"}


def hidden(state: GameState) -> int:
    """How many dice of the cup the other player has not seen (the end of the cup, after the kept ones)."""
    if state.phase in (Phase.DECLARING, Phase.RESPONDING, Phase.KEEPING):
        return len(state.cup) - len(state.kept)
    return 0


def perturbed(state: GameState, rnd: random.Random) -> GameState:
    """``state`` with every die the other player has not seen changed to another value."""
    count = hidden(state)
    others = tuple(rnd.choice([f for f in range(1, 7) if f != d]) for d in state.cup[len(state.cup) - count:])
    return replace(state, cup=state.cup[:len(state.cup) - count] + others)


def public_view(state: GameState, seat: int | None) -> dict[str, Any]:
    return {k: v for k, v in poker_game_view(state, seat).items() if k not in SEAT_ONLY}


def random_game(seed: int) -> Game:
    rnd = random.Random(seed + 1)
    return play(PokerSettings(tokens=rnd.randint(1, 4)), (0, 1), seed % 2, random.Random(seed),
                lambda state: rnd.choice(legal_actions(state)[:6] if rnd.random() < 0.6 else legal_actions(state)))


@hsettings(max_examples=examples(40))
@given(st.integers(0, 2**32))
def test_no_view_but_the_holders_depends_on_the_unseen_dice(seed: int) -> None:
    game, rnd = random_game(seed), random.Random(seed)
    for state in game.states:
        if hidden(state) == 0:
            continue
        other = perturbed(state, rnd)
        outsider = state.other(state.holder)
        assert poker_game_view(other, outsider) == poker_game_view(state, outsider)
        assert poker_game_view(other, None) == poker_game_view(state, None)
        assert poker_game_view(other, state.holder)["cup"] == list(other.cup) != list(state.cup)


@hsettings(max_examples=examples(40))
@given(st.integers(0, 2**32))
def test_public_events_never_depend_on_unseen_dice(seed: int) -> None:
    game, rnd = random_game(seed), random.Random(seed)
    for before, action, step in game.trace:
        if isinstance(action, Roll):
            changed = Roll(tuple(rnd.choice([f for f in range(1, 7) if f != d]) for d in action.dice))
            pairs = [(step, apply(before, changed))]
        elif isinstance(action, (Believe, Declare)):
            pairs = [(step, apply(perturbed(before, rnd), action))]
        else:
            pairs = []
        for one, two in pairs:
            assert [e for e in one.events if e.audience is None] == [e for e in two.events if e.audience is None]
            assert {e.audience for e in one.events} <= {None, before.holder, before.other(before.holder)}
            for event in one.events:
                if "dice" in event.data:
                    assert event.audience == one.state.holder


@hsettings(max_examples=examples(30))
@given(st.integers(0, 2**32))
def test_a_spectator_sees_what_the_other_player_sees(seed: int) -> None:
    for state in random_game(seed).states:
        outsider = state.other(state.holder)
        assert public_view(state, None) == public_view(state, outsider)
        assert poker_game_view(state, None)["cup"] == poker_game_view(state, outsider)["cup"] == []
