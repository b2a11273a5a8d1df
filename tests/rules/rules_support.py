"""Small helpers that drive the pure rules engine in tests (no rules logic of their own)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.games.liars_dice.rules import (Action, Bid, CallLiar, Event, GameState, MakeBid, NextRound, Roll, Settings,
                           apply, new_game)


def bid(seat: int, quantity: int, face: int) -> MakeBid:
    """``seat`` bids ``quantity`` × ``face``."""
    return MakeBid(seat, Bid(quantity, face))


def liar(seat: int) -> CallLiar:
    return CallLiar(seat)


def roll_of(state: GameState, dice: Mapping[int, Sequence[int]]) -> Roll:
    """A Roll in seat order from ``{seat: dice}``; seats not named roll nothing (they are out)."""
    return Roll(tuple(tuple(dice.get(seat, ())) for seat in state.seats))


def same_face_roll(state: GameState, face: int) -> Roll:
    """Every player in the game rolls all their dice showing ``face``."""
    return Roll(tuple((face,) * count for count in state.counts))


def play(state: GameState, *actions: Action) -> GameState:
    """The state after applying ``actions`` in order."""
    for action in actions:
        state = apply(state, action).state
    return state


def play_events(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """The state after ``actions`` and every event they produced, in order."""
    events: list[Event] = []
    for action in actions:
        step = apply(state, action)
        state = step.state
        events.extend(step.events)
    return state, events


def rolled(settings: Settings, seats: Sequence[int], opener: int, dice: Mapping[int, Sequence[int]]) -> GameState:
    """A new game whose first round has been rolled with ``dice`` and waits for the opener's bid."""
    state = new_game(settings, seats, opener)
    return apply(state, roll_of(state, dice)).state


__all__ = ["bid", "liar", "roll_of", "same_face_roll", "play", "play_events", "rolled", "NextRound"]
