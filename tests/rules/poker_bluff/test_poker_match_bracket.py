"""Two games with alternate starters (RULES.md B2), the bracket of pairs with byes (B8), and the settings (B1)."""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from referee.rules.errors import IllegalAction, MalformedAction
from referee.games.poker_bluff.rules import Bracket, Match, PokerSettings, draw, new_bracket


def test_a_single_game_match_is_won_by_the_game_winner() -> None:
    match = Match(button=3, other=1, two_games=False)
    assert match.next_starter == 3 and match.winner is None
    assert match.record(1).winner == 1 and match.record(1).next_starter is None


def test_under_two_games_the_second_game_starts_with_the_other_player() -> None:
    match = Match(button=3, other=1, two_games=True)
    starters = []
    for winner in (3, 3):
        starters.append(match.next_starter)
        match = match.record(winner)
    assert starters == [3, 1] and match.winner == 3


def test_a_split_pair_of_games_is_decided_by_a_third_started_by_the_last_winner() -> None:
    for second in (3, 1):
        first = 1 if second == 3 else 3
        match = Match(button=3, other=1, two_games=True).record(first).record(second)
        assert match.winner is None and match.next_starter == second
        assert match.record(first).winner == first


def test_a_match_refuses_a_stranger_and_a_game_after_its_end() -> None:
    with pytest.raises(IllegalAction) as error:
        Match(3, 1, two_games=False).record(2)
    assert error.value.code == "match/winner"
    with pytest.raises(IllegalAction) as error:
        Match(3, 1, two_games=False).record(1).record(1)
    assert error.value.code == "match/over"
    with pytest.raises(IllegalAction) as error:
        Match(3, 1, two_games=False).record(1).next_game(PokerSettings())
    assert error.value.code == "match/over"


def test_a_match_game_is_a_new_game_of_its_two_players() -> None:
    game = Match(3, 1, two_games=True).record(3).next_game(PokerSettings(tokens=4))
    assert set(game.seats) == {1, 3} and game.starter == 1 and game.tokens == (4, 4)


def run(bracket: Bracket, rnd: random.Random) -> tuple[Bracket, list[tuple[int, int]]]:
    played = []
    while bracket.champion is None:
        pairing = rnd.choice(bracket.pending)
        winner = rnd.choice(pairing.seats)
        loser = next(seat for seat in pairing.seats if seat != winner)
        bracket = bracket.record(winner=winner, loser=loser)
        played.append((winner, loser))
    return bracket, played


@given(st.integers(2, 24), st.integers(0, 2**32))
def test_a_bracket_plays_one_game_less_than_its_players_and_everyone_but_the_champion_loses_once(
        players: int, seed: int) -> None:
    entrants = tuple(random.Random(seed).sample(range(40), players))
    bracket, played = run(new_bracket(entrants), random.Random(seed))
    assert len(played) == players - 1
    losers = Counter(loser for _, loser in played)
    assert set(losers.values()) == {1} and set(losers) == set(entrants) - {bracket.champion}
    assert len(bracket.rounds) == math.ceil(math.log2(players))


@given(st.integers(2, 24), st.integers(0, 2**32))
def test_a_round_has_a_bye_only_when_its_players_are_odd_and_nobody_has_two_before_everyone_has_one(
        players: int, seed: int) -> None:
    bracket, _ = run(new_bracket(tuple(range(players))), random.Random(seed))
    byes: list[int] = []
    for pairings in bracket.rounds:
        in_round = [seat for p in pairings for seat in p.seats]
        assert len(set(in_round)) == len(in_round)
        round_byes = [p.seats[0] for p in pairings if p.is_bye]
        assert len(round_byes) == len(in_round) % 2
        for seat in round_byes:
            assert seat not in byes or set(in_round) <= set(byes)
        byes += round_byes


def test_five_players_are_drawn_in_order_with_the_last_on_a_bye() -> None:
    bracket = new_bracket((0, 1, 2, 3, 4))
    assert [(p.round, p.seats, p.winner) for p in bracket.current] == [(1, (0, 1), None), (1, (2, 3), None), (1, (4,), 4)]
    assert [p.seats for p in bracket.pending] == [(0, 1), (2, 3)]
    bracket = bracket.record(winner=0, loser=1)
    assert len(bracket.rounds) == 1  # round 2 waits for 2–3
    bracket = bracket.record(winner=3, loser=2)
    assert [p.seats for p in bracket.current] == [(0, 4), (3,)]  # 4 had a bye: 3 has this one


def test_a_bracket_of_four_is_two_semi_finals_and_a_final() -> None:
    bracket = new_bracket((0, 1, 2, 3)).record(winner=1, loser=0).record(winner=2, loser=3)
    assert [p.seats for p in bracket.current] == [(1, 2)] and bracket.champion is None
    bracket = bracket.record(winner=2, loser=1)
    assert bracket.champion == 2 and bracket.payout({0: 10, 1: 10, 2: 10, 3: 10}) == {0: -10, 1: -10, 2: 30, 3: -10}


@pytest.mark.parametrize("winner, loser, code", [(0, 2, "bracket/not_paired"), (0, 0, "bracket/not_paired"),
                                                 (9, 0, "bracket/not_paired")])
def test_a_bracket_records_only_a_pair_of_the_current_round(winner: int, loser: int, code: str) -> None:
    with pytest.raises(IllegalAction) as error:
        new_bracket((0, 1, 2, 3)).record(winner=winner, loser=loser)
    assert error.value.code == code and "0–1" in error.value.message


def test_a_decided_pair_and_a_decided_bracket_take_no_more_results() -> None:
    bracket = new_bracket((0, 1, 2, 3)).record(winner=1, loser=0)
    with pytest.raises(IllegalAction):
        bracket.record(winner=1, loser=0)
    done = new_bracket((0, 1)).record(winner=0, loser=1)
    with pytest.raises(IllegalAction) as error:
        done.record(winner=0, loser=1)
    assert error.value.code == "bracket/over"
    with pytest.raises(IllegalAction) as error:
        new_bracket((0, 1)).payout({0: 1, 1: 1})
    assert error.value.code == "bracket/running"


@pytest.mark.parametrize("entrants", [(), (3,), (1, 1), (1, 2, 1)])
def test_a_bracket_needs_two_distinct_entrants(entrants: tuple[int, ...]) -> None:
    with pytest.raises(IllegalAction) as error:
        new_bracket(entrants)
    assert error.value.code == "bracket/entrants"


def test_a_draw_keeps_the_order_and_gives_the_bye_to_the_last_without_one() -> None:
    assert [p.seats for p in draw(1, (4, 5, 6, 7), had_bye=())] == [(4, 5), (6, 7)]
    assert [p.seats for p in draw(2, (4, 5, 6), had_bye=(6, 5))] == [(4,), (5, 6)]
    assert [p.seats for p in draw(3, (4, 5, 6), had_bye=(4, 5, 6))] == [(4, 5), (6,)]


@pytest.mark.parametrize("data, code", [
    ({"tokens": 0}, "settings/out_of_range"), ({"tokens": 11}, "settings/out_of_range"),
    ({"tokens": True}, "settings/out_of_range"), ({"tokens": "3"}, "settings/out_of_range"),
    ({"two_games": 1}, "settings/not_boolean"), ({"token_value": 5}, "settings/token_value"),
    ({"token_value": "x" * 41}, "settings/token_value"), ({"token_value": "a\nb"}, "settings/token_value"),
    ({"turn_timer_s": -1}, "settings/out_of_range"), ({"dice": 5}, "settings/unknown"), ([], "settings/malformed"),
])
def test_bad_settings_are_refused_with_a_stable_code(data: object, code: str) -> None:
    with pytest.raises(MalformedAction) as error:
        PokerSettings.from_dict(data)
    assert error.value.code == code


def test_settings_take_tokens_from_one_to_ten_and_round_trip() -> None:
    for tokens in range(1, 11):
        settings = PokerSettings.from_dict({"tokens": tokens, "token_value": "1 серебряный", "two_games": True})
        assert settings.tokens == tokens and PokerSettings.from_dict(settings.to_dict()) == settings
    assert PokerSettings.from_dict({}) == PokerSettings()
