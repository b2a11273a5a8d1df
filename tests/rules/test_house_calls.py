"""Calls under the house rules (RULES.md A2): `challenge = anyone`, `spot_on`, `loss`, `duel_dice`.

Every test's docstring is its worked example; the dice are chosen so the count is obvious.
"""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import (Bid, CallLiar, IllegalAction, MakeBid, MalformedAction, NextRound, Phase, Settings, SpotOn,
                           apply, legal_actions)
from rules_support import bid, liar, play, play_events, roll_of, rolled, same_face_roll

ANNA, BEN, JEM, KIT = 0, 1, 2, 3


def _refused(state, action) -> str:
    with pytest.raises((IllegalAction, MalformedAction)) as err:
        apply(state, action)
    return err.value.code  # type: ignore[union-attr]


def _four(settings: Settings, dice: int = 5):
    """Anna, Ben, Jem, Kit; everyone's dice show 2,3,4,5,6 (so each face counts 4, ones wild or not)."""
    hand = (2, 3, 4, 5, 6)[:dice] if dice <= 5 else (2, 3, 4, 5, 6) + (6,) * (dice - 5)
    return rolled(settings, (ANNA, BEN, JEM, KIT), ANNA, {s: hand for s in (ANNA, BEN, JEM, KIT)})


# --- challenge = anyone -------------------------------------------------------------------------------


def test_anyone_any_other_player_may_call_liar_on_the_standing_bid() -> None:
    """Anna bids five fours (there are four), Ben is to act, but Kit calls first: Anna loses a die."""
    state = play(_four(Settings(challenge="anyone")), bid(ANNA, 5, 4))
    assert state.turn == BEN
    callers = [a.seat for a in legal_actions(state) if isinstance(a, CallLiar)]
    assert callers == [BEN, JEM, KIT]  # the player to act first, then clockwise; never the bidder
    after = play(state, liar(KIT))
    assert after.result.caller == KIT and after.result.loser == ANNA  # type: ignore[union-attr]


def test_anyone_the_bidder_may_not_call_their_own_bid_and_the_first_call_wins() -> None:
    """Anna bids; Anna's own call is refused; Jem's call is received first, so Kit's comes too late."""
    state = play(_four(Settings(challenge="anyone")), bid(ANNA, 3, 4))
    assert _refused(state, liar(ANNA)) == "call/own_bid"
    after = play(state, liar(JEM))
    assert _refused(after, liar(KIT)) == "action/wrong_phase"


def test_anyone_a_call_stands_until_the_next_bid_is_accepted() -> None:
    """Anna bids three fours, Ben raises to three fives: a call now targets Ben's bid, and Ben may not call."""
    state = play(_four(Settings(challenge="anyone")), bid(ANNA, 3, 4), bid(BEN, 3, 5))
    assert [a.seat for a in legal_actions(state) if isinstance(a, CallLiar)] == [JEM, KIT, ANNA]
    assert _refused(state, liar(BEN)) == "call/own_bid"
    after = play(state, liar(ANNA))
    assert after.result.bid.face == 5 and after.result.bidder == BEN  # type: ignore[union-attr]
    assert after.result.loser == ANNA  # type: ignore[union-attr]


def test_anyone_a_player_who_is_out_or_not_seated_may_not_call() -> None:
    """Jem lost his only die; he watches, he does not call."""
    settings = Settings(challenge="anyone", dice_per_player=1)
    state = rolled(settings, (ANNA, BEN, JEM), ANNA, {ANNA: (2,), BEN: (3,), JEM: (4,)})
    state = play(state, bid(ANNA, 1, 4), liar(BEN))  # one four: Ben loses his die
    state = play(state, NextRound())
    state = apply(state, roll_of(state, {ANNA: (2,), JEM: (5,)})).state
    state = play(state, bid(JEM, 1, 5))
    assert _refused(state, liar(BEN)) == "call/not_in_game"
    assert _refused(state, liar(7)) == "call/not_in_game"


def test_next_player_only_the_player_to_act_may_call() -> None:
    """The tavern default: Kit may not call while Ben is to act."""
    state = play(_four(Settings()), bid(ANNA, 3, 4))
    assert _refused(state, liar(KIT)) == "action/not_your_turn"


# --- spot_on --------------------------------------------------------------------------------------------


def test_spot_on_right_gives_the_caller_a_die_back_and_nobody_loses() -> None:
    """Anna 3 dice (2,2,5), Ben 5 dice (2,3,4,6,6): Anna bids three twos; Ben is at five, so a right spot on
    gains him nothing; with Ben the bidder and Anna (three dice) calling, Anna gets a fourth die. The
    caller opens the next round."""
    settings = Settings(spot_on=True)
    state = rolled(settings, (ANNA, BEN), ANNA, {ANNA: (2, 2, 5, 6, 6), BEN: (2, 3, 4, 6, 6)})
    state = play(state, bid(ANNA, 1, 5), liar(BEN))  # one five: Ben loses a die -> (5, 4)
    assert state.counts == (5, 4)
    state = play(state, NextRound())
    state = apply(state, roll_of(state, {ANNA: (2, 2, 5, 6, 6), BEN: (2, 3, 4, 6)})).state
    state, events = play_events(state, bid(BEN, 3, 2), SpotOn(ANNA))
    result = state.result
    assert result is not None
    assert (result.call, result.count, result.loser, result.dice_lost, result.dice_gained) == ("spot_on", 3, None, 0, 0)
    assert state.counts == (5, 4)  # Anna is at dice_per_player: no sixth die
    assert [e.kind for e in events] == ["bid", "spot_on", "revealed"]
    assert play(state, NextRound()).opener == ANNA


def test_spot_on_right_below_the_start_gains_one_die() -> None:
    """Ben has four dice (2,3,4,6), Anna bids three twos with Anna 2,2,5,6,6: count 3, Ben says spot on: 5 dice again."""
    settings = Settings(spot_on=True)
    state = rolled(settings, (ANNA, BEN), ANNA, {ANNA: (2, 2, 5, 6, 6), BEN: (3, 3, 4, 6, 6)})
    state = play(state, bid(ANNA, 1, 5), liar(BEN), NextRound())
    state = apply(state, roll_of(state, {ANNA: (2, 2, 5, 6, 6), BEN: (2, 3, 4, 6)})).state
    state = play(state, bid(BEN, 1, 3), bid(ANNA, 3, 2))
    state, events = play_events(state, SpotOn(BEN))
    assert state.result.dice_gained == 1 and state.counts == (5, 5)  # type: ignore[union-attr]
    assert events[-1].kind == "die_gained" and events[-1].data == {"seat": BEN, "dice_left": 5}


def test_spot_on_wrong_costs_the_caller_one_die_and_the_caller_opens() -> None:
    """Everyone holds 2,3,4,5,6: four fours. Anna bids three fours, Ben says spot on: wrong, Ben loses a die."""
    state = play(_four(Settings(spot_on=True)), bid(ANNA, 3, 4), SpotOn(BEN))
    assert state.result.count == 4 and state.result.loser == BEN  # type: ignore[union-attr]
    assert state.count_of(BEN) == 4
    assert play(state, NextRound()).opener == BEN


def test_spot_on_is_offered_after_liar_to_the_same_callers_and_refused_when_off() -> None:
    state = play(_four(Settings(spot_on=True, challenge="anyone")), bid(ANNA, 3, 4))
    calls = [a for a in legal_actions(state) if not isinstance(a, MakeBid)]
    assert calls == [CallLiar(BEN), SpotOn(BEN), CallLiar(JEM), SpotOn(JEM), CallLiar(KIT), SpotOn(KIT)]
    assert _refused(state, SpotOn(ANNA)) == "call/own_bid"
    assert _refused(play(_four(Settings()), bid(ANNA, 3, 4)), SpotOn(BEN)) == "spot_on/off"
    assert _refused(_four(Settings(spot_on=True)), SpotOn(ANNA)) == "call/no_bid"


# --- loss = difference -------------------------------------------------------------------------------------


def test_difference_a_false_bid_costs_the_bidder_the_shortfall() -> None:
    """Four fours at the table; Anna bids seven fours, Ben calls: Anna loses 7 − 4 = 3 dice."""
    state, events = play_events(play(_four(Settings(loss="difference")), bid(ANNA, 7, 4)), liar(BEN))
    assert state.result.dice_lost == 3 and state.count_of(ANNA) == 2  # type: ignore[union-attr]
    assert events[2].data == {"seat": ANNA, "dice_left": 2, "dice_lost": 3}


def test_difference_a_failed_call_costs_the_caller_the_excess_plus_one() -> None:
    """Four fours; Anna bids two fours, Ben calls: Ben loses 4 − 2 + 1 = 3 dice; with three fours bid, 2;
    with four fours bid (exact), 1."""
    for quantity, lost in ((2, 3), (3, 2), (4, 1)):
        state = play(_four(Settings(loss="difference")), bid(ANNA, quantity, 4), liar(BEN))
        assert (state.result.loser, state.result.dice_lost) == (BEN, lost)  # type: ignore[union-attr]


def test_difference_never_takes_more_dice_than_the_loser_holds() -> None:
    """Anna has two dice left and bids seven sixes with two sixes at the table: she loses her two and is out."""
    settings = Settings(loss="difference", dice_per_player=2)
    state = rolled(settings, (ANNA, BEN, JEM, KIT), ANNA, {s: (6, 5) for s in (ANNA, BEN, JEM, KIT)})
    state = play(state, bid(ANNA, 8, 2), liar(BEN))  # no twos: 8 − 0 = 8, capped at 2
    assert state.result.dice_lost == 2 and state.count_of(ANNA) == 0  # type: ignore[union-attr]


# --- loss = elimination, duel_dice -----------------------------------------------------------------------------


def test_elimination_the_loser_is_out_at_once_and_the_next_player_clockwise_opens() -> None:
    """Kul Tiras: Ben calls Anna's five fours (four there): Anna is out; Ben, next clockwise, opens."""
    state, events = play_events(play(_four(Settings(loss="elimination")), bid(ANNA, 5, 4)), liar(BEN))
    assert state.count_of(ANNA) == 0 and state.result.dice_lost == 5  # type: ignore[union-attr]
    assert [e.kind for e in events][-2:] == ["die_lost", "player_out"]
    assert play(state, NextRound()).opener == BEN


def test_elimination_a_failed_call_puts_the_caller_out_and_the_seat_after_them_opens() -> None:
    """Jem calls Ben's four fours (exact): Jem is out; Kit opens."""
    state = play(_four(Settings(loss="elimination", challenge="anyone")), bid(ANNA, 3, 4), bid(BEN, 4, 4),
                 liar(JEM))
    assert state.in_game == (ANNA, BEN, KIT)
    assert play(state, NextRound()).opener == KIT


def test_elimination_a_game_of_four_lasts_three_rounds() -> None:
    """Every round eliminates one player: four players, three rounds, one winner with all their dice."""
    state = _four(Settings(loss="elimination"))
    rounds = 1
    while True:
        opener = state.turn
        assert opener is not None
        state = play(state, MakeBid(opener, Bid(state.total_dice, 3)), CallLiar(state.next_in_game(opener)))
        if state.phase is Phase.OVER:
            break
        state = play(state, NextRound())
        state = apply(state, same_face_roll(state, 2)).state
        rounds += 1
    assert rounds == 3 and state.winner is not None and state.count_of(state.winner) == 5


def test_duel_dice_once_two_remain_the_loser_loses_one_die() -> None:
    """Three players, elimination with duel dice: the first loss eliminates; then, two left, a loss costs one die."""
    settings = Settings(loss="elimination", duel_dice=True, dice_per_player=3)
    state = rolled(settings, (ANNA, BEN, JEM), ANNA, {s: (2, 3, 4) for s in (ANNA, BEN, JEM)})
    state = play(state, bid(ANNA, 4, 4), liar(BEN))  # three fours: Anna is out
    assert state.in_game == (BEN, JEM)
    state = play(state, NextRound())
    state = apply(state, roll_of(state, {BEN: (2, 3, 4), JEM: (2, 3, 4)})).state
    state = play(state, bid(BEN, 3, 4), liar(JEM))  # two fours: Ben loses one die
    assert (state.result.dice_lost, state.count_of(BEN), state.phase) == (1, 2, Phase.REVEALED)  # type: ignore[union-attr]


def test_spot_on_wrong_under_elimination_puts_the_caller_out() -> None:
    """Kul Tiras with spot on: Ben says spot on to three fours (four there) and is out at once."""
    state = play(_four(Settings(spot_on=True, loss="elimination")), bid(ANNA, 3, 4), SpotOn(BEN))
    assert state.count_of(BEN) == 0 and state.result.dice_lost == 5  # type: ignore[union-attr]
    assert play(state, NextRound()).opener == JEM


def test_spot_on_wrong_under_difference_costs_one_die() -> None:
    """Difference counts only Liar calls: a wrong spot on (two fours bid, four there) costs one die, not three."""
    state = play(_four(Settings(spot_on=True, loss="difference")), bid(ANNA, 2, 4), SpotOn(BEN))
    assert state.result.dice_lost == 1 and state.count_of(BEN) == 4  # type: ignore[union-attr]
