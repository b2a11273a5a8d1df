"""The poker-dice bluff engine, rule by rule (RULES.md B1–B7), with exact legal actions for fixed states."""
from __future__ import annotations

from dataclasses import replace

import pytest

from referee.rules.errors import IllegalAction, MalformedAction, RulesError
from referee.games.poker_bluff.rules import (HIGHEST, Action, Believe, Declare, Doubt, GameState, NextRound, Phase,
                                       PokerSettings, Reroll, Roll, apply, keep_choices, legal_actions, new_game, parse,
                                       pending_roll, replay)


def play(state: GameState, *actions: Action) -> GameState:
    for action in actions:
        state = apply(state, action).state
    return state


def declared(cup: tuple[int, ...], text: str, tokens: int = 3) -> GameState:
    """Seat 0 started, rolled ``cup`` and declared ``text``; seat 1 to answer."""
    return play(new_game(PokerSettings(tokens=tokens), (0, 1), 0), Roll(cup), Declare(0, parse(text)))


def refused(state: GameState, action: Action, code: str) -> RulesError:
    with pytest.raises(RulesError) as error:
        apply(state, action)
    assert error.value.code == code
    return error.value


def test_the_starter_rolls_all_five_dice_and_sees_them_alone() -> None:
    state = new_game(PokerSettings(), (0, 1), 1)
    assert state.phase is Phase.ROLLING and pending_roll(state) == 5 and state.holder == 1
    step = apply(state, Roll((3, 1, 4, 1, 5)))
    assert step.state.phase is Phase.DECLARING and step.state.cup == (3, 1, 4, 1, 5) and step.state.turn == 1
    public = [e for e in step.events if e.audience is None]
    private = [e for e in step.events if e.audience is not None]
    assert [(e.kind, e.data) for e in public] == [("rolled", {"round": 1, "seat": 1, "kept": [], "rolled": 5})]
    assert [(e.kind, e.audience, e.data["dice"]) for e in private] == [("cup", 1, [3, 1, 4, 1, 5])]


def test_each_player_starts_with_the_settings_tokens() -> None:
    assert new_game(PokerSettings(tokens=7), (4, 2), 2).tokens == (7, 7)


def test_the_first_declaration_may_be_anything_true_or_not() -> None:
    state = play(new_game(PokerSettings(), (0, 1), 0), Roll((1, 2, 3, 4, 6)))
    assert len(legal_actions(state)) == 192
    assert play(state, Declare(0, HIGHEST)).last == HIGHEST


def test_a_declaration_must_beat_the_last_one_of_the_round() -> None:
    state = play(declared((4, 4, 6, 2, 3), "4,4+6"), Believe(1), Reroll(1, (4, 4)), Roll((1, 1, 1)))
    refused(state, Declare(1, parse("4,4+6")), "declare/not_higher")
    refused(state, Declare(1, parse("3,3+6")), "declare/not_higher")
    assert [a.declaration.text for a in legal_actions(state)[:3]] == ["5,5+1", "5,5+2", "5,5+3"]  # type: ignore[union-attr]
    assert len(legal_actions(state)) == 10 + 156  # 5,5+x and 6,6+x (five odd dice each), every stronger kind


def test_doubting_a_true_declaration_costs_the_doubter_a_token() -> None:
    step = apply(declared((4, 1, 6, 4, 2), "4,4+6"), Doubt(1))
    result = step.state.result
    assert result is not None and result.held and result.winner == 0 and result.loser == 1
    assert step.state.tokens == (4, 2) and step.state.phase is Phase.REVEALED
    revealed = next(e for e in step.events if e.kind == "revealed")
    assert revealed.audience is None and revealed.data["cup"] == [4, 1, 6, 4, 2] and revealed.data["held"] is True


def test_doubting_a_false_declaration_costs_the_declarer_a_token() -> None:
    step = apply(declared((4, 1, 6, 5, 2), "4,4+6"), Doubt(1))
    assert step.state.result is not None and not step.state.result.held
    assert step.state.tokens == (2, 4) and step.state.result.winner == 1


def test_a_declaration_holds_when_the_cup_has_more_than_it_names() -> None:
    state = apply(declared((4, 4, 4, 6, 6), "4,4+6"), Doubt(1)).state
    assert state.result is not None and state.result.held


def test_the_round_winner_starts_the_next_round() -> None:
    for cup, starter in (((4, 1, 6, 4, 2), 0), ((4, 1, 6, 5, 2), 1)):
        state = play(declared(cup, "4,4+6"), Doubt(1), NextRound())
        assert state.starter == starter and state.holder == starter and state.round_no == 2
        assert state.declarations == () and state.cup == () and pending_roll(state) == 5


def test_believing_passes_the_cup_and_shows_its_dice_to_the_believer_only() -> None:
    step = apply(declared((4, 1, 6, 5, 2), "4,4+6"), Believe(1))
    assert step.state.phase is Phase.KEEPING and step.state.holder == 1 and step.state.turn == 1
    assert [(e.kind, e.audience) for e in step.events] == [("believed", None), ("cup", 1)]
    assert step.events[1].data["dice"] == [4, 1, 6, 5, 2]


def test_only_dice_of_the_accepted_declaration_may_be_kept() -> None:
    state = apply(declared((4, 1, 6, 5, 2), "4,4+6"), Believe(1)).state  # a lie: one 4 and the 6 are in the cup
    assert keep_choices(state) == ((), (4,), (6,), (4, 6))
    refused(state, Reroll(1, (4, 4)), "reroll/not_in_cup")
    refused(state, Reroll(1, (5,)), "reroll/not_declared")
    refused(state, Reroll(1, (1, 4)), "reroll/not_declared")
    state = apply(declared((4, 4, 4, 6, 6), "4,4+6"), Believe(1)).state
    assert keep_choices(state)[-1] == (4, 4, 6)
    refused(state, Reroll(1, (4, 4, 4)), "reroll/not_declared")


def test_at_least_one_die_is_rerolled() -> None:
    state = apply(declared((5, 5, 5, 5, 6), "5,5,5,5+6"), Believe(1)).state
    refused(state, Reroll(1, (5, 5, 5, 5, 6)), "reroll/keep_all")
    assert max(len(keep) for keep in keep_choices(state)) == 4
    assert len(keep_choices(state)) == 9  # 0–4 fives, with or without the six, at most four dice


def test_kept_dice_are_set_aside_in_public_and_stay_in_the_cup() -> None:
    state = apply(declared((4, 4, 6, 2, 3), "4,4+6"), Believe(1)).state
    step = apply(state, Reroll(1, (6, 4)))
    assert [(e.kind, e.audience, e.data) for e in step.events] == [("set_aside", None, {"seat": 1, "kept": [4, 6]})]
    assert step.state.kept == (4, 6) and pending_roll(step.state) == 3
    step = apply(step.state, Roll((2, 2, 1)))
    assert step.state.cup == (4, 6, 2, 2, 1) and step.state.phase is Phase.DECLARING
    assert step.events[0].data == {"round": 1, "seat": 1, "kept": [4, 6], "rolled": 3}


def test_what_was_really_in_the_cup_no_longer_matters_after_believing() -> None:
    state = play(declared((1, 2, 3, 5, 6), "6,6,6,6+5"), Believe(1), Reroll(1, (6, 5)), Roll((1, 1, 1)))
    refused(state, Declare(1, parse("6,6,6+5,5")), "declare/not_higher")
    state = play(state, Declare(1, parse("1,1,1,1,1")), Doubt(0))
    assert state.result is not None and not state.result.held and state.result.loser == 1


def test_nothing_beats_five_sixes_so_it_can_only_be_doubted() -> None:
    state = declared((1, 2, 3, 4, 5), "6,6,6,6,6")
    assert legal_actions(state) == (Doubt(1),)
    error = refused(state, Believe(1), "believe/no_higher")
    assert "6,6,6,6,6" in error.message
    assert legal_actions(declared((1, 2, 3, 4, 5), "5,5,5,5,5")) == (Doubt(1), Believe(1))


def test_a_player_without_tokens_loses_and_the_game_is_over() -> None:
    step = apply(declared((4, 1, 6, 5, 2), "4,4+6", tokens=1), Doubt(1))
    assert step.state.phase is Phase.OVER and step.state.winner == 1 and step.state.tokens == (0, 2)
    assert step.events[-1].kind == "game_over" and step.events[-1].data == {"winner": 1, "tokens": {"0": 0, "1": 2}}
    assert legal_actions(step.state) == ()
    refused(step.state, NextRound(), "game/over")


def test_only_the_player_to_act_may_act() -> None:
    state = declared((4, 1, 6, 5, 2), "4,4+6")
    refused(state, Doubt(0), "action/not_your_turn")
    refused(state, Believe(0), "action/not_your_turn")
    refused(state, Declare(1, HIGHEST), "action/wrong_phase")
    refused(state, Reroll(1, ()), "action/wrong_phase")
    refused(state, NextRound(), "action/wrong_phase")
    refused(state, Roll((1, 2, 3, 4, 5)), "action/wrong_phase")
    refused(state, Doubt(True), "action/seat")  # type: ignore[arg-type]


@pytest.mark.parametrize("dice", [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4), (1, 2, 3, 4, True), [1, 2, 3, 4, 5]])
def test_a_roll_is_as_many_dice_of_one_to_six_as_are_pending(dice: tuple[int, ...]) -> None:
    refused(new_game(PokerSettings(), (0, 1), 0), Roll(dice), "roll/dice")


def test_malformed_actions_are_refused_as_malformed() -> None:
    state = play(new_game(PokerSettings(), (0, 1), 0), Roll((1, 2, 3, 4, 5)))
    with pytest.raises(MalformedAction):
        apply(state, Declare(0, "4,4+6"))  # type: ignore[arg-type]
    with pytest.raises(MalformedAction):
        apply(state, "doubt")  # type: ignore[arg-type]
    keeping = apply(declared((4, 4, 6, 2, 3), "4,4+6"), Believe(1)).state
    refused(keeping, Reroll(1, [4]), "reroll/malformed")  # type: ignore[arg-type]


@pytest.mark.parametrize("seats, starter, code", [
    ((0,), 0, "game/players"), ((0, 0), 0, "game/players"), ((0, 1, 2), 0, "game/players"), ((0, 1), 2, "game/starter"),
])
def test_a_game_is_two_distinct_seats_and_a_starter_among_them(seats: tuple[int, ...], starter: int, code: str) -> None:
    with pytest.raises(IllegalAction) as error:
        new_game(PokerSettings(), seats, starter)
    assert error.value.code == code


def test_replay_reaches_the_live_state() -> None:
    actions: list[Action] = [Roll((4, 4, 6, 2, 3)), Declare(0, parse("4,4+6")), Believe(1), Reroll(1, (4, 4)),
                             Roll((4, 1, 5)), Declare(1, parse("4,4,4+5")), Doubt(0), NextRound()]
    live = play(new_game(PokerSettings(), (0, 1), 0), *actions)
    assert replay(PokerSettings(), (0, 1), 0, actions) == live
    assert live.starter == 1 and live.tokens == (2, 4)


def test_a_refused_action_leaves_the_state_as_it_was() -> None:
    state = declared((4, 1, 6, 5, 2), "4,4+6")
    before = replace(state)
    refused(state, Doubt(0), "action/not_your_turn")
    assert state == before and legal_actions(state) == (Doubt(1), Believe(1))
