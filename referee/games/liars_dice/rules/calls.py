"""Calls on the standing bid: who may call (``challenge``), and what a Liar or a spot-on call costs (``loss``).

``call`` validates the caller and ends the round: the count (ones wild unless the round is
palifico), the loser and their dice lost, a right spot on's die back, the players out, the
winner. ``engine.apply`` dispatches ``CallLiar`` and ``SpotOn`` here.

>>> from referee.games.liars_dice.rules.engine import apply, new_game
>>> from referee.games.liars_dice.rules.state import MakeBid, Roll
>>> state = apply(new_game(Settings(loss="difference"), (0, 1), 0), Roll(((2, 2, 3, 3, 4), (1, 5, 5, 6, 6)))).state
>>> state = apply(state, MakeBid(0, Bid(6, 2))).state
>>> after, events = call(state, CallLiar(1))
>>> after.result.count, after.result.loser, after.result.dice_lost, after.counts
(3, 0, 3, (2, 5))
"""
from __future__ import annotations

from dataclasses import replace

from referee.games.liars_dice.rules.bids import Bid, count_matching
from referee.games.liars_dice.rules.bound import ROUND_BOUND, leader, spot_on_played
from referee.rules.errors import IllegalAction, MalformedAction
from referee.games.liars_dice.rules.settings import Settings
from referee.rules.event import Event
from referee.games.liars_dice.rules.state import CallLiar, GameState, Phase, PlacedBid, RoundResult, SpotOn


def callers(state: GameState) -> tuple[int, ...]:
    """Seats that may call on the standing bid now: the player to act, then (under ``challenge =
    anyone``) every other player in the game but the bidder, clockwise from the player to act.

    >>> from referee.games.liars_dice.rules.engine import apply, new_game
    >>> from referee.games.liars_dice.rules.state import MakeBid, Roll
    >>> state = apply(new_game(Settings(challenge="anyone"), (0, 1, 2, 3), 1), Roll(((2,) * 5,) * 4)).state
    >>> callers(apply(state, MakeBid(1, Bid(3, 4))).state)
    (2, 3, 0)
    """
    if state.phase is not Phase.BIDDING or state.turn is None or state.standing_bid is None:
        return ()
    if state.settings.challenge != "anyone":
        return (state.turn,)
    bidder, order, seat = state.standing_bid.seat, [state.turn], state.turn
    while (seat := state.next_in_game(seat)) != state.turn:
        order.append(seat)
    return tuple(s for s in order if s != bidder)


def call(state: GameState, action: CallLiar | SpotOn) -> tuple[GameState, tuple[Event, ...]]:
    """``action.seat`` calls Liar (or spot on) on the standing bid; the round is revealed."""
    spot_on = isinstance(action, SpotOn)
    if spot_on and not state.settings.spot_on:
        raise IllegalAction("spot_on/off", "this table does not play spot on")
    if spot_on and not spot_on_played(True, state.round_no):
        raise IllegalAction("spot_on/bound", f"from round {ROUND_BOUND} on spot on is not played: the game's bound "
                                             "(docs/rules.md, \"Bounds\")")
    standing = _require_caller(state, action.seat)
    wild = state.settings.wild_ones and not state.palifico
    count = count_matching(state.hands, standing.bid.face, wild_ones=wild)
    right = count == standing.bid.quantity if spot_on else count >= standing.bid.quantity
    if spot_on:
        loser = None if right else action.seat
    else:
        loser = action.seat if right else standing.seat
    lost = 0 if loser is None else _dice_lost(state, loser, standing.bid, count, spot_on)
    gained = 1 if spot_on and right and state.count_of(action.seat) < state.settings.dice_per_player else 0
    counts = tuple(c - lost if s == loser else c + gained if s == action.seat else c
                   for s, c in zip(state.seats, state.counts))
    after = replace(state, counts=counts, turn=None, phase=Phase.REVEALED)
    palifico_next = _palifico_next(state, after, loser)
    result = RoundResult(
        bidder=standing.seat, caller=action.seat, bid=standing.bid,
        hands=tuple((seat, hand) for seat, hand in zip(state.seats, state.hands) if hand),
        count=count, loser=loser, dice_lost=lost, call="spot_on" if spot_on else "liar",
        dice_gained=gained, palifico_next=palifico_next,
    )
    dropped = loser is not None and after.count_of(loser) == 1 and loser not in state.one_die_seats
    after = replace(after, result=result,
                    one_die_seats=state.one_die_seats + ((loser,) if dropped and loser is not None else ()))
    events = [Event("spot_on" if spot_on else "liar",
                    {"seat": action.seat, "quantity": standing.bid.quantity, "face": standing.bid.face}),
              Event("revealed", _result_json(result, state.settings))]
    if loser is not None:
        events.append(Event("die_lost", _die_lost_json(state.settings, loser, after.count_of(loser), lost)))
        if after.count_of(loser) == 0:
            events.append(Event("player_out", {"seat": loser}))
    if gained:
        events.append(Event("die_gained", {"seat": action.seat, "dice_left": after.count_of(action.seat)}))
    if len(after.in_game) == 1:
        after = replace(after, phase=Phase.OVER, winner=after.in_game[0])
        events.append(Event("game_over", {"winner": after.winner}))
    elif state.round_no >= ROUND_BOUND and (ahead := leader(dict(zip(after.seats, after.counts)))) is not None:
        after = replace(after, phase=Phase.OVER, winner=ahead)
        events.append(Event("game_over", {"winner": ahead, "bound": ROUND_BOUND}))
    return after, tuple(events)


def _require_caller(state: GameState, seat: int) -> PlacedBid:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise MalformedAction("action/seat", f"a seat is an integer, got {seat!r}")
    if state.phase is not Phase.BIDDING:
        raise IllegalAction("action/wrong_phase", f"cannot act while the game is {state.phase.value}")
    anyone = state.settings.challenge == "anyone"
    if not anyone and seat != state.turn:
        raise IllegalAction("action/not_your_turn", f"it is seat {state.turn}'s turn, not seat {seat}'s")
    standing = state.standing_bid
    if standing is None:
        raise IllegalAction("call/no_bid", "there is no bid to call Liar on: the opener must bid")
    if anyone and seat == standing.seat:
        raise IllegalAction("call/own_bid", f"seat {seat} made the standing bid and cannot call it")
    if anyone and (seat not in state.seats or state.count_of(seat) == 0):
        raise IllegalAction("call/not_in_game", f"seat {seat} is not in the game: only players with dice may call")
    return standing


def _dice_lost(state: GameState, loser: int, bid: Bid, count: int, spot_on: bool) -> int:
    """What the round costs its loser under ``loss`` (never more than they hold)."""
    held, loss = state.count_of(loser), state.settings.loss
    if loss == "elimination":
        duel = state.settings.duel_dice and len(state.in_game) == 2
        return 1 if duel else held
    if loss == "difference" and not spot_on:
        return min(held, max(1, bid.quantity - count if count < bid.quantity else count - bid.quantity + 1))
    return 1


def _palifico_next(before: GameState, after: GameState, loser: int | None) -> bool:
    """True when ``loser`` has first dropped to one die and 3+ players remain in the game."""
    return (before.settings.palifico and loser is not None and after.count_of(loser) == 1
            and loser not in before.one_die_seats and len(after.in_game) >= 3)


def _die_lost_json(settings: Settings, seat: int, left: int, lost: int) -> dict[str, object]:
    data: dict[str, object] = {"seat": seat, "dice_left": left}
    if settings.loss != "one_die":
        data["dice_lost"] = lost
    return data


def _result_json(result: RoundResult, settings: Settings) -> dict[str, object]:
    """The reveal's payload; the keys of a switch that is off are left out (an A1 game's payload is as before)."""
    data: dict[str, object] = {
        "bidder": result.bidder, "caller": result.caller,
        "quantity": result.bid.quantity, "face": result.bid.face,
        "hands": {str(seat): list(hand) for seat, hand in result.hands},
        "count": result.count, "loser": result.loser, "dice_lost": result.dice_lost,
    }
    if settings.spot_on:
        data.update(call=result.call, dice_gained=result.dice_gained)
    if settings.palifico:
        data["palifico_next"] = result.palifico_next
    return data
