"""The Liar's Dice engine: new games, legal actions, applying an action, replaying a log.

Pure: no clock, no I/O, no randomness. Dice come in as chance actions: ``Roll`` for a round
(``pending_roll`` says what it must hold) and ``RollOff`` for the opener's roll-off
(``pending_roll_off``). Calls live in ``calls``, the order of bids in ``raising``.

>>> from referee.games.liars_dice.rules.settings import Settings
>>> state = new_game(Settings(dice_per_player=2), seats=(0, 1), opener=0)
>>> pending_roll(state)
{0: 2, 1: 2}
>>> state = apply(state, Roll(((2, 3), (3, 1)))).state
>>> state = apply(state, MakeBid(0, Bid(3, 3))).state
>>> step = apply(state, CallLiar(1))
>>> step.state.result.count, step.state.result.loser, step.state.counts
(3, 1, (2, 1))
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from referee.games.liars_dice.rules.adjustments import change_die, lose_die
from referee.games.liars_dice.rules.bids import Bid
from referee.games.liars_dice.rules.bound import spot_on_played
from referee.games.liars_dice.rules.calls import call, callers
from referee.rules.errors import IllegalAction, MalformedAction
from referee.games.liars_dice.rules.raising import BidOrder, bid_order
from referee.games.liars_dice.rules.roll_off import roll_off
from referee.games.liars_dice.rules.settings import Settings
from referee.rules.event import Event
from referee.games.liars_dice.rules.state import (Action, CallLiar, ChangeDie, GameState, LoseDie, MakeBid, NextRound, Phase, PlacedBid,
                    Roll, RollOff, SpotOn)


@dataclass(frozen=True, slots=True)
class Step:
    """The state after an action and the events it produced, in order."""

    state: GameState
    events: tuple[Event, ...]


def new_game(settings: Settings, seats: Sequence[int], opener: int | None) -> GameState:
    """A game about to roll its first round; ``seats`` in seat order, ``opener`` opens round 1.

    Under ``first_opener = roll_off`` the game starts with the roll-off instead, and
    ``opener`` must be None: the roll-off decides.

    >>> new_game(Settings(), seats=(0, 1, 2), opener=1).phase
    <Phase.ROLLING: 'rolling'>
    >>> new_game(Settings(first_opener="roll_off"), seats=(0, 1, 2), opener=None).phase
    <Phase.ROLLING_OFF: 'rolling_off'>
    """
    seats = tuple(seats)
    if len(set(seats)) != len(seats) or not 2 <= len(seats) <= settings.max_players:
        raise IllegalAction(
            "game/players", f"a game needs 2 to {settings.max_players} distinct seats, got {list(seats)}"
        )
    rolling_off = settings.first_opener == "roll_off"
    if rolling_off and opener is not None:
        raise IllegalAction("game/opener", f"the roll-off decides who opens (first_opener = roll_off), not seat {opener}")
    if not rolling_off and opener not in seats:
        raise IllegalAction("game/opener", f"opener {opener} is not one of the seats {list(seats)}")
    return GameState(
        settings=settings, seats=seats, counts=(settings.dice_per_player,) * len(seats),
        hands=((),) * len(seats), phase=Phase.ROLLING_OFF if rolling_off else Phase.ROLLING, round_no=1,
        opener=seats[0] if opener is None else opener, turn=None, bids=(), result=None, winner=None,
        roll_off=(seats,) if rolling_off else (),
    )


def first_opener(seats: Sequence[int], previous: int | None) -> int:
    """Who opens a new game at a table: the first seat, then the next seat clockwise from the last game's first opener.

    >>> first_opener((0, 2, 5), None), first_opener((0, 2, 5), 2), first_opener((0, 2, 5), 5), first_opener((0, 5), 2)
    (0, 5, 0, 5)
    """
    if previous is None:
        return seats[0]
    later = [seat for seat in seats if seat > previous]
    return later[0] if later else seats[0]


def pending_roll(state: GameState) -> dict[int, int]:
    """Dice each player in the game must roll now, by seat; empty unless the game waits for a roll."""
    if state.phase is not Phase.ROLLING:
        return {}
    return {seat: count for seat, count in zip(state.seats, state.counts) if count > 0}


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the rules accept now, in a fixed order: the bids of the player to act (lowest
    first), then for each seat that may call (``calls.callers``: the player to act first) its Liar,
    then its spot on where the table plays it.

    The chance actions are not listed: ``pending_roll`` and ``pending_roll_off`` say what they must contain.

    >>> state = new_game(Settings(dice_per_player=1), seats=(0, 1), opener=0)
    >>> state = apply(state, Roll(((4,), (6,)))).state
    >>> [a.bid for a in legal_actions(state)]
    [Bid(quantity=1, face=2), Bid(quantity=1, face=3), Bid(quantity=1, face=4), Bid(quantity=1, face=5), Bid(quantity=1, face=6), Bid(quantity=2, face=2), Bid(quantity=2, face=3), Bid(quantity=2, face=4), Bid(quantity=2, face=5), Bid(quantity=2, face=6)]
    """
    if state.phase is Phase.REVEALED:
        return (NextRound(),)
    if state.phase is not Phase.BIDDING or state.turn is None:
        return ()
    standing = state.standing_bid
    raises = order_for(state, state.turn).raises(standing.bid if standing else None, total_dice=state.total_dice)
    actions: list[Action] = [MakeBid(state.turn, bid) for bid in raises]
    for seat in callers(state):
        actions.append(CallLiar(seat))
        if spot_on_played(state.settings.spot_on, state.round_no):
            actions.append(SpotOn(seat))
    return tuple(actions)


def order_for(state: GameState, seat: int) -> BidOrder:
    """The order of bids for ``seat`` in the round being played (palifico rounds depend on the bidder's dice).

    >>> order_for(new_game(Settings(), (0, 1), 0), 0).faces
    (2, 3, 4, 5, 6)
    """
    one_die = seat in state.seats and state.count_of(seat) == 1
    return bid_order(state.settings, palifico=state.palifico, one_die=one_die)


def apply(state: GameState, action: Action) -> Step:
    """Apply one action; raise ``IllegalAction`` (nothing changes) when the rules forbid it."""
    if state.phase is Phase.OVER:
        raise IllegalAction("game/over", f"the game is over; seat {state.winner} won")
    if isinstance(action, Roll):
        return _roll(state, action)
    if isinstance(action, MakeBid):
        return _bid(state, action)
    if isinstance(action, (CallLiar, SpotOn)):
        return Step(*call(state, action))
    if isinstance(action, RollOff):
        _require_phase(state, Phase.ROLLING_OFF, "throw for the roll-off")
        return Step(*roll_off(state, action))
    if isinstance(action, NextRound):
        return _next_round(state)
    if isinstance(action, ChangeDie):
        return Step(*change_die(state, action))
    if isinstance(action, LoseDie):
        return Step(*lose_die(state, action))
    raise MalformedAction("action/unknown", f"unknown action {action!r}")


def replay(settings: Settings, seats: Sequence[int], opener: int | None, actions: Iterable[Action]) -> GameState:
    """The state reached by applying ``actions`` to a new game: the log is the truth.

    >>> replay(Settings(dice_per_player=1), (0, 1), 1, [Roll(((2,), (3,))), MakeBid(1, Bid(1, 3))]).turn
    0
    """
    state = new_game(settings, seats, opener)
    for action in actions:
        state = apply(state, action).state
    return state


def outcome(state: GameState) -> int | None:
    """The winning seat once the game is over, else None."""
    return state.winner


def _require_phase(state: GameState, phase: Phase, doing: str) -> None:
    if state.phase is not phase:
        raise IllegalAction("action/wrong_phase", f"cannot {doing} while the game is {state.phase.value}")


def _roll(state: GameState, action: Roll) -> Step:
    _require_phase(state, Phase.ROLLING, "roll")
    if not isinstance(action.hands, (tuple, list)) or any(not isinstance(h, (tuple, list)) for h in action.hands):
        raise MalformedAction("roll/hands", f"a roll is a list of hands, got {action.hands!r}")
    if len(action.hands) != len(state.seats):
        raise MalformedAction("roll/hands", f"a roll needs {len(state.seats)} hands, got {len(action.hands)}")
    for seat, count, hand in zip(state.seats, state.counts, action.hands):
        if len(hand) != count or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in hand):
            raise MalformedAction("roll/hands", f"seat {seat} must roll {count} dice of 1–6, got {list(hand)}")
    rolled = replace(state, hands=tuple(tuple(hand) for hand in action.hands), phase=Phase.BIDDING,
                     turn=state.opener, bids=(), result=None)
    started: dict[str, object] = {"round": state.round_no, "opener": state.opener,
                                  "dice_counts": _counts_json(state), "total_dice": state.total_dice}
    if state.palifico:
        started["palifico"] = True
    events = [Event("round_started", started)]
    events += [Event("dice_rolled", {"round": state.round_no, "dice": list(hand)}, audience=seat)
               for seat, hand in zip(state.seats, action.hands) if hand]
    return Step(rolled, tuple(events))


def _require_turn(state: GameState, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise MalformedAction("action/seat", f"a seat is an integer, got {seat!r}")
    _require_phase(state, Phase.BIDDING, "act")
    if seat != state.turn:
        raise IllegalAction("action/not_your_turn", f"it is seat {state.turn}'s turn, not seat {seat}'s")


def _bid(state: GameState, action: MakeBid) -> Step:
    bid = action.bid
    if not isinstance(bid, Bid) or any(isinstance(v, bool) or not isinstance(v, int) for v in (bid.quantity, bid.face)):
        raise MalformedAction("bid/malformed", f"quantity and face must be integers, got {bid!r}")
    _require_turn(state, action.seat)
    order = order_for(state, action.seat)
    standing = state.standing_bid
    faces = order.opening_faces if standing is None else order.faces
    if bid.face not in faces:
        opening = "an opening bid" if standing is None and faces != order.faces else "a bid"
        raise IllegalAction("bid/face", f"{opening} names a face from {faces[0]} to {faces[-1]}, not {bid.face}")
    if not 1 <= bid.quantity <= state.total_dice:
        raise IllegalAction(
            "bid/quantity", f"a bid's quantity is from 1 to {state.total_dice} (dice in play), not {bid.quantity}"
        )
    if standing and order.keep_face and bid.face != standing.bid.face:
        raise IllegalAction("bid/palifico_face", f"in a palifico round the face stays {standing.bid.face}: only a "
                                                 f"player with one die may change it, not to {bid.face}")
    if standing and not order.is_raise(standing.bid, bid, total_dice=state.total_dice):
        raise IllegalAction(
            "bid/not_higher",
            f"{bid.quantity} × {bid.face} does not raise {standing.bid.quantity} × {standing.bid.face}: {order.explain()}",
        )
    placed = PlacedBid(action.seat, bid)
    after = replace(state, bids=state.bids + (placed,), turn=state.next_in_game(action.seat))
    return Step(after, (Event("bid", {"seat": action.seat, "quantity": bid.quantity, "face": bid.face}),))


def _next_round(state: GameState) -> Step:
    _require_phase(state, Phase.REVEALED, "start the next round")
    result = state.result
    if result is None:
        seat = state.opener
    else:
        seat = result.caller if result.call == "spot_on" or result.loser is None else result.loser
    opener = seat if state.count_of(seat) > 0 else state.next_in_game(seat)
    palifico = result is not None and result.palifico_next
    after = replace(state, phase=Phase.ROLLING, round_no=state.round_no + 1, opener=opener,
                    hands=((),) * len(state.seats), bids=(), turn=None, palifico=palifico)
    return Step(after, (Event("next_round", {"round": after.round_no, "opener": opener}),))


def _counts_json(state: GameState) -> dict[str, int]:
    return {str(seat): count for seat, count in zip(state.seats, state.counts) if count > 0}
