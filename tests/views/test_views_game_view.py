"""views.game_view: what a seat, a spectator and the referee see of a game (secrets only through views)."""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from referee.games.liars_dice.rules import (Action, Bid, CallLiar, GameState, MakeBid, NextRound, Phase, Roll, RollOff, Settings,
                           SpotOn, apply, legal_actions, new_game, pending_roll_off)
from referee.games.liars_dice.views import game_view
from tests.rules.random_games import house_settings
from tests.support.properties import examples

SEATS = (0, 2, 5)
HANDS = {0: (1, 2, 3), 2: (4, 4, 6), 5: (5, 5, 2)}
VIEW_KEYS = {"game", "phase", "round", "seat", "dice", "dice_counts", "total_dice", "seats_in_game", "seat_order",
             "opener", "turn", "bids", "palifico", "callers", "can_call", "can_spot_on", "result", "winner", "rules",
             "roll_off"}


def _play(state: GameState, *actions: Action) -> GameState:
    for action in actions:
        state = apply(state, action).state
    return state


def _rolling() -> GameState:
    return new_game(Settings(dice_per_player=3), SEATS, 2)


def _bidding() -> GameState:
    state = _rolling()
    return _play(state, Roll(tuple(HANDS[s] for s in SEATS)), MakeBid(2, Bid(3, 4)))


def _revealed() -> GameState:
    return _play(_bidding(), CallLiar(5))  # three fours: 4, 4 and seat 0's one: the caller loses


def test_a_seat_sees_only_its_own_dice_while_bidding() -> None:
    state = _bidding()
    for seat in SEATS:
        view = game_view(state, seat)
        assert view["seat"] == seat
        assert view["dice"] == list(HANDS[seat])
        assert "hands" not in view
        assert view["result"] is None


def test_a_spectator_sees_no_dice_before_the_reveal() -> None:
    for state in (_rolling(), _bidding()):
        view = game_view(state, None)
        assert view["seat"] is None and view["dice"] == []
        assert view["result"] is None and "hands" not in view
        assert view["can_call"] is False


def test_a_seat_that_is_not_at_the_game_sees_no_dice() -> None:
    assert game_view(_bidding(), 1)["dice"] == []
    assert game_view(_bidding(), 99)["dice"] == []


def test_nobody_sees_dice_before_the_roll() -> None:
    for seat in SEATS + (None,):
        assert game_view(_rolling(), seat)["dice"] == []


def test_everyone_sees_the_public_table_counts_bids_and_turn() -> None:
    state = _bidding()
    for seat in SEATS + (None,):
        view = game_view(state, seat, game_no=3)
        assert set(view) == VIEW_KEYS
        assert view["game"] == 3 and view["phase"] == "bidding" and view["round"] == 1
        assert view["dice_counts"] == {"0": 3, "2": 3, "5": 3} and view["total_dice"] == 9
        assert view["seats_in_game"] == [0, 2, 5] and view["seat_order"] == [0, 2, 5]
        assert view["opener"] == 2 and view["turn"] == 5
        assert view["bids"] == [{"seat": 2, "quantity": 3, "face": 4}]
        assert view["rules"] == Settings(dice_per_player=3).to_dict()
        assert view["winner"] is None


def test_only_the_player_to_act_can_call_and_only_after_a_bid() -> None:
    state = _bidding()
    assert [game_view(state, s)["can_call"] for s in SEATS] == [False, False, True]
    opening = _play(_rolling(), Roll(tuple(HANDS[s] for s in SEATS)))
    assert game_view(opening, 2)["can_call"] is False


def test_under_anyone_every_player_but_the_bidder_may_call_and_spot_on_where_played() -> None:
    rules = Settings(dice_per_player=3, challenge="anyone", spot_on=True)
    state = _play(new_game(rules, SEATS, 2), Roll(tuple(HANDS[s] for s in SEATS)), MakeBid(2, Bid(3, 4)))
    for seat in SEATS + (None,):
        view = game_view(state, seat)
        assert view["callers"] == [5, 0]
        assert (view["can_call"], view["can_spot_on"]) == ((True, True) if seat in (0, 5) else (False, False))
    plain = game_view(_bidding(), 5)
    assert (plain["callers"], plain["can_call"], plain["can_spot_on"]) == ([5], True, False)


def test_a_right_spot_on_shows_the_call_and_the_die_gained_in_the_result() -> None:
    rules = Settings(dice_per_player=3, spot_on=True, challenge="anyone")
    state = _play(new_game(rules, SEATS, 2), Roll(tuple(HANDS[s] for s in SEATS)), MakeBid(2, Bid(2, 4)))
    state = _play(state, CallLiar(5), NextRound(), Roll(((1, 2, 3), (4, 4, 6), (5, 2))), MakeBid(5, Bid(1, 3)),
                  MakeBid(0, Bid(2, 3)), SpotOn(5))  # two threes: seat 0's 1 and 3
    for seat in SEATS + (None,):
        result = game_view(state, seat)["result"]
        assert (result["call"], result["caller"], result["loser"], result["dice_lost"], result["dice_gained"]) == \
            ("spot_on", 5, None, 0, 1)
        assert result["palifico_next"] is False
    assert game_view(state, None)["dice_counts"] == {"0": 3, "2": 3, "5": 3}


def test_a_palifico_round_is_shown_to_everyone() -> None:
    rules = Settings(dice_per_player=2, palifico=True)
    state = _play(new_game(rules, SEATS, 0), Roll(((2, 2), (3, 3), (4, 4))), MakeBid(0, Bid(4, 2)), CallLiar(2))
    assert game_view(state, 5)["result"]["palifico_next"] is True
    state = _play(state, NextRound(), Roll(((2,), (3, 3), (4, 4))))
    assert [game_view(state, seat)["palifico"] for seat in SEATS + (None,)] == [True] * 4
    assert game_view(_bidding(), 0)["palifico"] is False


def test_the_roll_off_shows_every_throw_and_the_seat_order_once_decided() -> None:
    rules = Settings(dice_per_player=3, first_opener="roll_off")
    state = new_game(rules, SEATS, None)
    throws = []
    for dice in (((3, 4), (6, 1), (2, 2)), ((1, 1), (5, 5), ())):
        assert game_view(state, 0, roll_off=throws)["roll_off"]["seat_order"] is None
        step = apply(state, RollOff(dice))
        state = step.state
        throws.append(next(event.data for event in step.events if event.kind == "roll_off"))
    view = game_view(state, None, roll_off=throws)
    assert view["roll_off"] == {"throws": [{"dice": {"0": [3, 4], "2": [6, 1], "5": [2, 2]}, "standing": [[0, 2], [5]]},
                                           {"dice": {"0": [1, 1], "2": [5, 5]}, "standing": [[2], [0], [5]]}],
                                "seat_order": [2, 0, 5]}
    assert view["seat_order"] == [2, 0, 5] and view["opener"] == 2
    assert game_view(_bidding(), 0)["roll_off"] is None


def test_after_the_reveal_everyone_sees_every_cup_in_the_result() -> None:
    state = _revealed()
    expected = {"bidder": 2, "caller": 5, "quantity": 3, "face": 4,
                "hands": {str(s): list(HANDS[s]) for s in SEATS}, "count": 3, "loser": 5, "dice_lost": 1,
                "call": "liar", "dice_gained": 0, "palifico_next": False}
    for seat in SEATS + (None,):
        view = game_view(state, seat)
        assert view["phase"] == "revealed"
        assert view["result"] == expected
        assert view["dice_counts"] == {"0": 3, "2": 3, "5": 2}
        assert "hands" not in view


def test_an_eliminated_seat_is_left_out_of_the_counts_and_sees_no_dice() -> None:
    state = new_game(Settings(dice_per_player=1), SEATS, 0)
    state = _play(state, Roll(((3,), (3,), (3,))), MakeBid(0, Bid(1, 6)), CallLiar(2), NextRound(),
                  Roll(((), (4,), (6,))))
    view = game_view(state, 0)
    assert view["dice"] == [] and view["dice_counts"] == {"2": 1, "5": 1}
    assert view["seats_in_game"] == [2, 5] and view["seat_order"] == [0, 2, 5]


def test_the_winner_and_the_last_reveal_are_shown_when_the_game_is_over() -> None:
    state = new_game(Settings(dice_per_player=1), (0, 1), 1)
    state = _play(state, Roll(((2,), (3,))), MakeBid(1, Bid(2, 3)), CallLiar(0))
    for seat in (0, 1, None):
        view = game_view(state, seat)
        assert view["phase"] == "over" and view["winner"] == 0
        assert view["result"]["hands"] == {"0": [2], "1": [3]} and view["result"]["loser"] == 1


def test_the_hands_key_appears_only_in_the_referee_view() -> None:
    state = _bidding()
    for seat in SEATS + (None,):
        assert "hands" not in game_view(state, seat)
    referee = game_view(state, None, see_all=True)
    assert referee["hands"] == {str(s): list(HANDS[s]) for s in SEATS}
    assert game_view(_rolling(), None, see_all=True)["hands"] is None


def test_a_view_is_plain_json() -> None:
    for state in (_rolling(), _bidding(), _revealed()):
        for seat in SEATS + (None,):
            view = game_view(state, seat)
            assert json.loads(json.dumps(view)) == view


# --- random games: no unrevealed hand reaches anyone else ---------------------------------------


def _leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every (path, value) in a JSON value; list items get the path of their list plus '[]'."""
    if isinstance(node, dict):
        for key, value in node.items():
            assert isinstance(key, str)
            yield from _leaves(value, path + (key,))
    elif isinstance(node, list):
        yield path, node
        for item in node:
            yield from _leaves(item, path + ("[]",))
    else:
        yield path, node


def _check_view_hides_other_hands(state: GameState, seat: int | None, throws: list[dict[str, Any]]) -> None:
    view = json.loads(json.dumps(game_view(state, seat, roll_off=throws)))
    assert set(view) == VIEW_KEYS  # nothing beyond the whitelist, in particular no "hands"
    unrevealed = state.phase in (Phase.ROLLING, Phase.BIDDING, Phase.ROLLING_OFF)
    own = list(state.hand_of(seat)) if seat in state.seats else []
    if state.phase is Phase.BIDDING:
        assert view["dice"] == own
    else:  # before the roll there are no dice; after the reveal a seat's own cup is public anyway
        assert view["dice"] in ([], own)
    if unrevealed:
        assert view["result"] is None
    else:
        assert state.result is not None
        assert view["result"]["hands"] == {str(s): list(h) for s, h in state.result.hands}
    # Structurally: the only places that may hold dice are the viewer's own "dice", after the
    # reveal result.hands, and the public roll-off throws. Every other list holds seats or bids.
    allowed_lists = {("dice",), ("seats_in_game",), ("seat_order",), ("bids",), ("callers",), ("roll_off", "throws"),
                     ("roll_off", "throws", "[]", "standing"), ("roll_off", "throws", "[]", "standing", "[]"),
                     ("roll_off", "seat_order")}
    for path, value in _leaves(view):
        if isinstance(value, list):
            if path[:2] == ("result", "hands"):
                assert not unrevealed and len(path) == 3
            elif path[:4] == ("roll_off", "throws", "[]", "dice"):
                assert len(path) == 5 and len(value) == 2
            else:
                assert path in allowed_lists, path
    assert view["seats_in_game"] == list(state.in_game) and view["seat_order"] == list(state.seats)
    for placed in view["bids"]:
        assert set(placed) == {"seat", "quantity", "face"}
        assert all(isinstance(v, int) for v in placed.values())
    assert all(isinstance(v, int) for v in view["dice_counts"].values())
    assert all(not isinstance(v, (list, dict)) for v in view["rules"].values())
    if state.settings.first_opener == "roll_off":
        assert view["roll_off"]["throws"] == throws
    else:
        assert view["roll_off"] is None


@hsettings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(house_settings(max_dice=4, max_players=6), st.integers(2, 5), st.data(), st.randoms(use_true_random=False))
def test_no_view_ever_shows_another_seat_unrevealed_hand(rules: Settings, players: int, data: st.DataObject,
                                                          rnd: random.Random) -> None:
    seats = tuple(sorted(data.draw(st.sets(st.integers(0, 9), min_size=players, max_size=players))))
    opener = None if rules.first_opener == "roll_off" else data.draw(st.sampled_from(seats))
    state = new_game(rules, seats, opener)
    viewers: tuple[int | None, ...] = seats + (None,)
    throws: list[dict[str, Any]] = []
    while True:
        for viewer in viewers:
            _check_view_hides_other_hands(state, viewer, throws)
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.ROLLING_OFF:
            throwing = pending_roll_off(state)
            action: Action = RollOff(tuple((rnd.randint(1, 6), rnd.randint(1, 6)) if s in throwing else ()
                                           for s in state.seats))
        elif state.phase is Phase.ROLLING:
            action = Roll(tuple(tuple(rnd.randint(1, 6) for _ in range(c)) for c in state.counts))
        else:
            action = rnd.choice(legal_actions(state))
        step = apply(state, action)
        throws += [event.data for event in step.events if event.kind == "roll_off"]
        state = step.state
    assert state.winner is not None
