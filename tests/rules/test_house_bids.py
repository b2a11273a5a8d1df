"""Raising under the house rules (RULES.md A2): bids on ones, face_up, no wild ones, max players and dice.

Each rule is checked twice: on the worked example in the test's docstring, and exhaustively
against the rule's own wording (an oracle written here, not the engine's rank).
"""
from __future__ import annotations

import math

import pytest

from referee.games.liars_dice.rules import Bid, CallLiar, IllegalAction, MakeBid, Settings, apply, legal_actions
from rules_support import bid, liar, play, rolled

ALL_FACES = (1, 2, 3, 4, 5, 6)


def _table(settings: Settings, dice: tuple[int, ...] = (2, 3, 4, 5, 6), players: int = 2):
    """``players`` seats 0.. all holding ``dice``, rolled, seat 0 to open."""
    seats = tuple(range(players))
    return rolled(settings, seats, 0, {seat: dice for seat in seats})


def _bids(state) -> list[Bid]:
    return [a.bid for a in legal_actions(state) if isinstance(a, MakeBid)]


def _refused(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        apply(state, action)
    return err.value.code


# --- bids_on_ones ---------------------------------------------------------------------------------


def _perudo_oracle(standing: Bid, new: Bid, total: int) -> bool:
    """RULES.md A2 `bids_on_ones`, word for word."""
    if not 1 <= new.quantity <= total:
        return False
    if standing.face != 1 and new.face == 1:
        return new.quantity >= math.ceil(standing.quantity / 2)  # into ones
    if standing.face == 1 and new.face != 1:
        return new.quantity >= 2 * standing.quantity + 1  # out of ones
    if standing.face == 1 and new.face == 1:
        return new.quantity > standing.quantity  # ones to ones
    return new.quantity > standing.quantity or (new.quantity == standing.quantity and new.face > standing.face)


def test_bids_on_ones_halve_into_ones_and_double_plus_one_out_of_them() -> None:
    """Five fours may be raised to three ones (ceil(5/2) = 3), not to two ones; three ones are raised
    to seven of a face (2 × 3 + 1), not six; three ones to four ones."""
    state = play(_table(Settings(bids_on_ones=True), players=4), bid(0, 5, 4))
    assert Bid(3, 1) in _bids(state) and Bid(2, 1) not in _bids(state)
    assert _refused(state, bid(1, 2, 1)) == "bid/not_higher"
    state = play(state, bid(1, 3, 1))
    assert _refused(state, bid(2, 6, 6)) == "bid/not_higher"
    assert Bid(7, 2) in _bids(state) and Bid(6, 6) not in _bids(state)
    assert Bid(4, 1) in _bids(state) and Bid(3, 1) not in _bids(state)
    assert play(state, bid(2, 7, 2)).standing_bid.bid == Bid(7, 2)  # type: ignore[union-attr]


def test_bids_on_ones_the_opening_bid_may_not_be_ones() -> None:
    """Perudo: the opener of an ordinary round bids faces 2–6 only; 1–6 afterwards."""
    state = _table(Settings(bids_on_ones=True))
    assert {b.face for b in _bids(state)} == {2, 3, 4, 5, 6}
    assert _refused(state, bid(0, 1, 1)) == "bid/face"
    assert {b.face for b in _bids(play(state, bid(0, 1, 2)))} == set(ALL_FACES)


@pytest.mark.parametrize("dice, players", [(1, 2), (2, 2), (5, 2), (4, 3)])
def test_bids_on_ones_legal_raises_are_exactly_the_rule_text(dice: int, players: int) -> None:
    state = _table(Settings(dice_per_player=dice, bids_on_ones=True), dice=(2,) * dice, players=players)
    n = state.total_dice
    for standing in [Bid(q, f) for q in range(1, n + 1) for f in ALL_FACES if f != 1]:
        after = play(state, MakeBid(0, standing))
        expected = {Bid(q, f) for q in range(1, n + 1) for f in ALL_FACES if _perudo_oracle(standing, Bid(q, f), n)}
        assert set(_bids(after)) == expected, standing
        ones = Bid(math.ceil(standing.quantity / 2), 1)
        after_ones = play(after, MakeBid(1, ones))
        expected = {Bid(q, f) for q in range(1, n + 1) for f in ALL_FACES if _perudo_oracle(ones, Bid(q, f), n)}
        assert set(_bids(after_ones)) == expected, ones


# --- raise_rule = face_up ---------------------------------------------------------------------------


def _face_up_oracle(standing: Bid, new: Bid, total: int) -> bool:
    """RULES.md A2 `face_up`: the face never goes down; a higher face allows any quantity ≥ 1;
    the same face needs a higher quantity."""
    if not 1 <= new.quantity <= total or new.face < standing.face:
        return False
    return new.face > standing.face or new.quantity > standing.quantity


def test_face_up_a_higher_face_allows_any_quantity_and_the_face_never_goes_down() -> None:
    """Kul Tiras: after five threes, one four is a raise; six threes is; nine twos is not."""
    state = play(_table(Settings(raise_rule="face_up", wild_ones=False), players=2), bid(0, 5, 3))
    assert Bid(1, 4) in _bids(state) and Bid(6, 3) in _bids(state)
    assert _refused(state, bid(1, 9, 2)) == "bid/not_higher"
    assert _refused(state, bid(1, 5, 3)) == "bid/not_higher"
    assert play(state, bid(1, 1, 4)).standing_bid.bid == Bid(1, 4)  # type: ignore[union-attr]


@pytest.mark.parametrize("wild", [True, False])
def test_face_up_legal_raises_are_exactly_the_rule_text_and_n_sixes_leaves_only_liar(wild: bool) -> None:
    state = _table(Settings(raise_rule="face_up", wild_ones=wild, dice_per_player=3), dice=(2, 3, 4))
    faces = (2, 3, 4, 5, 6) if wild else ALL_FACES
    n = state.total_dice
    for standing in [Bid(q, f) for q in range(1, n + 1) for f in faces]:
        after = play(state, MakeBid(0, standing))
        expected = [Bid(q, f) for f in faces for q in range(1, n + 1) if _face_up_oracle(standing, Bid(q, f), n)]
        assert _bids(after) == expected, standing  # lowest first: face, then quantity
    assert legal_actions(play(state, bid(0, n, 6))) == (CallLiar(1),)


# --- wild_ones = false ------------------------------------------------------------------------------


def test_without_wild_ones_bids_may_name_ones_and_ones_count_only_as_ones() -> None:
    """Anna 1,1,4; Ben 4,5,6 with ones not wild: two ones stand (count 2), three fours do not (count 2)."""
    settings = Settings(dice_per_player=3, wild_ones=False)
    state = rolled(settings, (0, 1), 0, {0: (1, 1, 4), 1: (4, 5, 6)})
    assert len(_bids(state)) == 6 * 6
    revealed = play(state, bid(0, 2, 1), liar(1))
    assert revealed.result.count == 2 and revealed.result.loser == 1  # type: ignore[union-attr]
    revealed = play(state, bid(0, 3, 4), liar(1))
    assert revealed.result.count == 2 and revealed.result.loser == 0  # type: ignore[union-attr]


# --- max_players and dice_per_player ------------------------------------------------------------------


def test_eight_players_with_ten_dice_bid_up_to_eighty() -> None:
    """max_players 8, dice_per_player 10: N = 80; the opener has 80 × 5 bids, the last bid is 80 sixes."""
    settings = Settings(dice_per_player=10, max_players=8)
    state = _table(settings, dice=(2,) * 10, players=8)
    assert state.total_dice == 80 and len(_bids(state)) == 400
    after = play(state, bid(0, 80, 6))
    assert legal_actions(after) == (CallLiar(1),)
    assert _refused(after, bid(1, 81, 2)) == "bid/quantity"


def test_a_ninth_player_is_refused_even_at_max_players_8() -> None:
    from referee.games.liars_dice.rules import new_game
    with pytest.raises(IllegalAction) as err:
        new_game(Settings(max_players=8), tuple(range(9)), 0)
    assert err.value.code == "game/players"


def test_one_die_each_two_players_n_is_two() -> None:
    """dice_per_player 1: each round N is the number of players; the first loss ends a duel."""
    state = rolled(Settings(dice_per_player=1), (0, 1), 0, {0: (3,), 1: (3,)})
    assert state.total_dice == 2
    over = play(state, bid(0, 2, 3), liar(1))
    assert over.winner == 0
