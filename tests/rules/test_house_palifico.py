"""Palifico (RULES.md A2): when a player first drops to one die while 3+ players are in the game,
the next round has no wild ones, opens on any face, and keeps its face (but for one-die bidders)."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import Bid, IllegalAction, MakeBid, NextRound, Settings, SpotOn, apply, legal_actions
from rules_support import bid, liar, play, play_events, roll_of, rolled

ANNA, BEN, JEM = 0, 1, 2
PERUDO = Settings(dice_per_player=2, bids_on_ones=True, spot_on=True, palifico=True)


def _refused(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        apply(state, action)
    return err.value.code


def _anna_drops_to_one(settings: Settings = PERUDO):
    """Two dice each; Anna bids four sixes with one six and no one at the table, Ben calls: Anna drops to one die."""
    state = rolled(settings, (ANNA, BEN, JEM), ANNA, {ANNA: (6, 2), BEN: (3, 4), JEM: (5, 5)})
    return play(state, bid(ANNA, 4, 6), liar(BEN))


def _bids(state) -> list[Bid]:
    return [a.bid for a in legal_actions(state) if isinstance(a, MakeBid)]


def test_the_first_drop_to_one_die_with_three_players_makes_the_next_round_palifico() -> None:
    """Anna drops to one die with three in the game: the reveal says so, and the next round is palifico."""
    revealed = _anna_drops_to_one()
    assert revealed.result.palifico_next and revealed.counts == (1, 2, 2)  # type: ignore[union-attr]
    state = play(revealed, NextRound())
    assert state.palifico and state.opener == ANNA
    state, events = play_events(state, roll_of(state, {ANNA: (1,), BEN: (1, 4), JEM: (4, 5)}))
    assert events[0].data["palifico"] is True


def test_in_palifico_ones_are_not_wild_and_the_opener_may_bid_ones() -> None:
    """Palifico: Anna 1; Ben 1,4; Jem 4,5. Anna opens two fours: only two real fours count (ones are not
    wild), so Ben's call fails. Anna may also open on ones."""
    state = play(_anna_drops_to_one(), NextRound())
    state = apply(state, roll_of(state, {ANNA: (1,), BEN: (1, 4), JEM: (4, 5)})).state
    assert {b.face for b in _bids(state)} == {1, 2, 3, 4, 5, 6}
    called = play(state, bid(ANNA, 3, 4), liar(BEN))
    assert called.result.count == 2 and called.result.loser == ANNA  # type: ignore[union-attr]
    ones = play(state, bid(ANNA, 2, 1), liar(BEN))
    assert ones.result.count == 2 and ones.result.loser == BEN  # type: ignore[union-attr]


def test_in_palifico_later_bids_keep_the_face_unless_the_bidder_holds_one_die() -> None:
    """Anna (one die) opens two fours; Ben (two dice) must stay on fours: three fours, not two fives.
    Next time round Anna herself (one die) may change the face: four fives."""
    state = play(_anna_drops_to_one(), NextRound())
    state = apply(state, roll_of(state, {ANNA: (1,), BEN: (1, 4), JEM: (4, 5)})).state
    state = play(state, bid(ANNA, 2, 4))
    assert _bids(state) == [Bid(3, 4), Bid(4, 4), Bid(5, 4)]
    assert _refused(state, bid(BEN, 2, 5)) == "bid/palifico_face"
    assert _refused(state, bid(BEN, 3, 5)) == "bid/palifico_face"
    state = play(state, bid(BEN, 3, 4), bid(JEM, 4, 4))
    assert Bid(5, 5) in _bids(state) and Bid(4, 5) in _bids(state) and Bid(4, 3) not in _bids(state)
    assert play(state, bid(ANNA, 4, 5)).standing_bid.bid == Bid(4, 5)  # type: ignore[union-attr]


def test_palifico_comes_once_per_player_and_the_round_after_is_ordinary() -> None:
    """Palifico round: Anna 5; Ben 5,3; Jem 5,6 (three fives, ones not wild). Anna one five, Ben two fives,
    Jem three fives, Anna says spot on: right, back to two dice, no palifico next. Then Anna drops to
    one die again (six sixes, none there): that is not her first drop, so no second palifico."""
    state = play(_anna_drops_to_one(), NextRound())
    state = apply(state, roll_of(state, {ANNA: (5,), BEN: (5, 3), JEM: (5, 6)})).state
    state = play(state, bid(ANNA, 1, 5), bid(BEN, 2, 5), bid(JEM, 3, 5), SpotOn(ANNA))
    assert state.result.dice_gained == 1 and not state.result.palifico_next  # type: ignore[union-attr]
    state = play(state, NextRound())
    assert not state.palifico and state.opener == ANNA
    state = apply(state, roll_of(state, {ANNA: (2, 3), BEN: (2, 4), JEM: (3, 5)})).state
    assert {b.face for b in _bids(state)} == {2, 3, 4, 5, 6}
    state = play(state, bid(ANNA, 6, 6), liar(BEN))
    assert state.count_of(ANNA) == 1 and not state.result.palifico_next  # type: ignore[union-attr]
    assert state.one_die_seats == (ANNA,)


def test_no_palifico_when_only_two_players_remain() -> None:
    """Two players: Anna drops to one die but the next round is ordinary (ones wild, no ones opening)."""
    state = rolled(PERUDO, (ANNA, BEN), ANNA, {ANNA: (6, 2), BEN: (3, 4)})
    state = play(state, bid(ANNA, 3, 6), liar(BEN))
    assert not state.result.palifico_next  # type: ignore[union-attr]
    state = play(state, NextRound())
    state = apply(state, roll_of(state, {ANNA: (1,), BEN: (1, 4)})).state
    assert not state.palifico and {b.face for b in _bids(state)} == {2, 3, 4, 5, 6}


def test_without_the_switch_a_drop_to_one_die_changes_nothing() -> None:
    revealed = _anna_drops_to_one(Settings(dice_per_player=2))
    assert not revealed.result.palifico_next  # type: ignore[union-attr]
    assert not play(revealed, NextRound()).palifico


def test_palifico_with_face_up_a_one_die_bidder_may_go_up_a_face_with_any_quantity() -> None:
    """face_up and palifico: Anna (one die) opens three fours; Ben (two dice) keeps fours; Jem, then Anna
    with one die, may move to a higher face with any quantity: one five after five fours."""
    settings = Settings(dice_per_player=2, raise_rule="face_up", palifico=True)
    state = play(_anna_drops_to_one(settings), NextRound())
    state = apply(state, roll_of(state, {ANNA: (1,), BEN: (1, 4), JEM: (4, 5)})).state
    state = play(state, bid(ANNA, 3, 4), bid(BEN, 4, 4), bid(JEM, 5, 4))
    assert Bid(1, 5) in _bids(state) and Bid(5, 3) not in _bids(state)
    assert play(state, bid(ANNA, 1, 5)).standing_bid.bid == Bid(1, 5)  # type: ignore[union-attr]
