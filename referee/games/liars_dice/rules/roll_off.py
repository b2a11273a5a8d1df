"""The roll-off for the opener (``first_opener = roll_off``, RULES.md A2): a chance step the rules only validate.

Before the first round every player throws two dice; the highest sum opens and the game's
seat order follows descending sums. Tied players throw again among themselves (every tie,
at every place) until no tie is left. The table supplies the dice (through fairness/) as
``RollOff`` actions; ``pending_roll_off`` says who must throw.

>>> from referee.games.liars_dice.rules.engine import new_game
>>> from referee.games.liars_dice.rules.settings import Settings
>>> state = new_game(Settings(first_opener="roll_off"), (0, 1, 2), None)
>>> pending_roll_off(state)
(0, 1, 2)
>>> state, _ = roll_off(state, RollOff(((3, 4), (6, 1), (2, 2))))
>>> state.roll_off, pending_roll_off(state)
(((0, 1), (2,)), (0, 1))
>>> state, events = roll_off(state, RollOff(((1, 1), (5, 5), ())))
>>> state.phase.value, state.seats, state.opener, events[-1].kind
('rolling', (1, 0, 2), 1, 'seat_order')
"""
from __future__ import annotations

from dataclasses import replace

from referee.rules.errors import MalformedAction
from referee.rules.event import Event
from referee.games.liars_dice.rules.state import GameState, Phase, RollOff


def pending_roll_off(state: GameState) -> tuple[int, ...]:
    """Seats that must throw two dice now, in the game's seat order; empty unless the roll-off waits for dice."""
    if state.phase is not Phase.ROLLING_OFF:
        return ()
    return tuple(seat for seat in state.seats if any(seat in group for group in state.roll_off if len(group) > 1))


def roll_off(state: GameState, action: RollOff) -> tuple[GameState, tuple[Event, ...]]:
    """Apply one throw of the roll-off: split every tie by the new sums; once no tie is left,
    the game's seat order is the standing and its first seat opens round 1."""
    throwing = pending_roll_off(state)
    dice = _checked_dice(state, action, throwing)
    sums = {seat: sum(dice[seat]) for seat in throwing}
    groups: list[tuple[int, ...]] = []
    for group in state.roll_off:
        if len(group) == 1:
            groups.append(group)
            continue
        for total in sorted({sums[seat] for seat in group}, reverse=True):
            groups.append(tuple(seat for seat in group if sums[seat] == total))
    events = [Event("roll_off", {"dice": {str(seat): list(dice[seat]) for seat in throwing},
                                 "standing": [list(group) for group in groups]})]
    if any(len(group) > 1 for group in groups):
        return replace(state, roll_off=tuple(groups)), tuple(events)
    order = tuple(group[0] for group in groups)
    counts = tuple(state.count_of(seat) for seat in order)
    after = replace(state, seats=order, counts=counts, hands=((),) * len(order), phase=Phase.ROLLING,
                    opener=order[0], roll_off=())
    events.append(Event("seat_order", {"seats": list(order), "opener": order[0]}))
    return after, tuple(events)


def _checked_dice(state: GameState, action: RollOff, throwing: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """The throw by seat; a throw that is not two dice of 1–6 for exactly the seats in ``throwing`` is malformed."""
    if not isinstance(action.dice, (tuple, list)) or any(not isinstance(d, (tuple, list)) for d in action.dice):
        raise MalformedAction("roll_off/dice", f"a roll-off throw is a list of hands, got {action.dice!r}")
    if len(action.dice) != len(state.seats):
        raise MalformedAction("roll_off/dice", f"a roll-off throw needs {len(state.seats)} hands, got {len(action.dice)}")
    for seat, hand in zip(state.seats, action.dice):
        want = 2 if seat in throwing else 0
        if len(hand) != want or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in hand):
            raise MalformedAction("roll_off/dice", f"seat {seat} must throw {want} dice of 1–6, got {list(hand)}")
    return {seat: tuple(hand) for seat, hand in zip(state.seats, action.dice)}

