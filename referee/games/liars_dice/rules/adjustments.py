"""The referee's adjustments to a game: an approved die change and a penalty die.

Both are pure: ``change_die`` alters one die of the running round (the count then uses the
changed die), ``lose_die`` takes one die from a player between rounds (after a reveal, or
before the next roll). ``engine.apply`` dispatches ``ChangeDie`` and ``LoseDie`` here.

>>> from referee.games.liars_dice.rules.settings import Settings
>>> from referee.games.liars_dice.rules.engine import apply, new_game
>>> from referee.games.liars_dice.rules.state import Roll
>>> state = apply(new_game(Settings(dice_per_player=2), (0, 1), 0), Roll(((2, 3), (4, 5)))).state
>>> changed, events = change_die(state, ChangeDie(0, 1, 6))
>>> changed.hand_of(0), events[0].audience
((2, 6), 0)
"""
from __future__ import annotations

from dataclasses import replace

from referee.rules.errors import IllegalAction, MalformedAction
from referee.rules.event import Event
from referee.games.liars_dice.rules.state import ChangeDie, GameState, LoseDie, Phase


def _require_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction("action/malformed", f"{what} must be an integer, got {value!r}")
    return value


def change_die(state: GameState, action: ChangeDie) -> tuple[GameState, tuple[Event, ...]]:
    """Die ``index`` of ``seat`` shows ``value`` from now until the round's reveal.

    Only while bidding, only a die the seat holds this round, only a face 1–6:

    >>> from referee.games.liars_dice.rules.settings import Settings
    >>> from referee.games.liars_dice.rules.engine import new_game
    >>> change_die(new_game(Settings(), (0, 1), 0), ChangeDie(0, 0, 6))
    Traceback (most recent call last):
    ...
    referee.rules.errors.IllegalAction: a die can change only while bidding, not while the game is rolling
    """
    seat = _require_int(action.seat, "seat")
    index = _require_int(action.index, "die index")
    value = _require_int(action.value, "value")
    if state.phase is not Phase.BIDDING:
        raise IllegalAction("action/wrong_phase", f"a die can change only while bidding, not while the game is {state.phase.value}")
    if seat not in state.seats or not state.hand_of(seat):
        raise IllegalAction("die/none", f"seat {seat} holds no dice this round")
    hand = state.hand_of(seat)
    if not 0 <= index < len(hand):
        raise IllegalAction("die/none", f"seat {seat} holds dice 0 to {len(hand) - 1}, not die {index}")
    if not 1 <= value <= 6:
        raise IllegalAction("die/value", f"a die shows 1 to 6, not {value}")
    new_hand = hand[:index] + (value,) + hand[index + 1:]
    position = state.index_of(seat)
    hands = state.hands[:position] + (new_hand,) + state.hands[position + 1:]
    event = Event("die_changed", {"seat": seat, "index": index, "value": value}, audience=seat)
    return replace(state, hands=hands), (event,)


def lose_die(state: GameState, action: LoseDie) -> tuple[GameState, tuple[Event, ...]]:
    """``seat`` loses one die between rounds; losing the last one puts it out, and the last
    player holding dice wins. A seat that was to open passes the opening on clockwise.

    >>> from referee.games.liars_dice.rules.settings import Settings
    >>> from referee.games.liars_dice.rules.engine import new_game
    >>> after, events = lose_die(new_game(Settings(dice_per_player=1), (0, 1, 2), 0), LoseDie(0))
    >>> after.counts, after.opener, [e.kind for e in events]
    ((0, 1, 1), 1, ['die_lost', 'player_out'])
    """
    seat = _require_int(action.seat, "seat")
    if state.phase not in (Phase.ROLLING, Phase.REVEALED):
        raise IllegalAction("action/wrong_phase", f"a penalty die is taken between rounds, not while the game is {state.phase.value}")
    if seat not in state.seats or state.count_of(seat) == 0:
        raise IllegalAction("seat/out", f"seat {seat} holds no dice")
    counts = tuple(c - 1 if s == seat else c for s, c in zip(state.seats, state.counts))
    after = replace(state, counts=counts)
    events = [Event("die_lost", {"seat": seat, "dice_left": after.count_of(seat), "penalty": True})]
    if after.count_of(seat) == 0:
        events.append(Event("player_out", {"seat": seat}))
        if len(after.in_game) > 1 and state.phase is Phase.ROLLING and state.opener == seat:
            after = replace(after, opener=after.next_in_game(seat))
    if len(after.in_game) == 1:
        after = replace(after, phase=Phase.OVER, winner=after.in_game[0], turn=None)
        events.append(Event("game_over", {"winner": after.winner}))
    return after, tuple(events)
