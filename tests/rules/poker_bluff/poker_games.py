"""Random poker-dice bluff games for the property tests: the dice drawn from a seeded
``random.Random``, every player's step chosen by the caller's ``pick`` among the legal actions,
and the whole trace kept.

>>> import random
>>> from referee.games.poker_bluff.rules import PokerSettings, legal_actions
>>> game = play(PokerSettings(tokens=1), (0, 1), 0, random.Random(3), lambda state: legal_actions(state)[0])
>>> game.final.winner in (0, 1)
True
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from referee.games.poker_bluff.rules import (Action, GameState, NextRound, Phase, PokerSettings, Roll, Step, apply, new_game,
                                       pending_roll)

Pick = Callable[[GameState], Action]
"""Chooses the next action of a state where a player (not chance) moves."""


@dataclass(frozen=True)
class Game:
    """A played game: its settings, seats, starter and every step."""

    settings: PokerSettings
    seats: tuple[int, ...]
    starter: int
    trace: tuple[tuple[GameState, Action, Step], ...]

    @property
    def actions(self) -> list[Action]:
        return [action for _, action, _ in self.trace]

    @property
    def final(self) -> GameState:
        return self.trace[-1][2].state

    @property
    def states(self) -> list[GameState]:
        return [before for before, _, _ in self.trace] + [self.final]


def chance(state: GameState, rnd: random.Random) -> Action | None:
    """The chance step of ``state`` (a roll, the next round), or None when a player moves."""
    if state.phase is Phase.ROLLING:
        return Roll(tuple(rnd.randint(1, 6) for _ in range(pending_roll(state))))
    if state.phase is Phase.REVEALED:
        return NextRound()
    return None


def play(settings: PokerSettings, seats: tuple[int, ...], starter: int, rnd: random.Random, pick: Pick) -> Game:
    """Play a whole game from ``new_game(settings, seats, starter)``."""
    state = new_game(settings, seats, starter)
    trace: list[tuple[GameState, Action, Step]] = []
    while state.phase is not Phase.OVER:
        action = chance(state, rnd) or pick(state)
        step = apply(state, action)
        trace.append((state, action, step))
        state = step.state
        if len(trace) > 50_000:
            raise RuntimeError("the game does not end")
    return Game(settings, seats, starter, tuple(trace))
