"""Random games for the rules' property tests: the chance steps (roll-off throws, rolls) drawn
from a seeded ``random.Random``, every other step chosen by the caller's ``pick`` among the legal
actions, and the whole trace kept.

>>> import random
>>> from referee.games.liars_dice.rules import Settings, legal_actions
>>> rnd = random.Random(3)
>>> game = play(Settings(dice_per_player=1), (0, 1), 0, rnd, lambda state: legal_actions(state)[-1])
>>> game.final.winner in (0, 1), len(game.rounds())
(True, 1)
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import assume
from hypothesis import strategies as st

from referee.games.liars_dice.rules import (Action, GameState, NextRound, Phase, Roll, RollOff, Settings, SettingsConflict, Step, apply,
                           new_game, pending_roll_off)

@st.composite
def house_settings(draw: st.DrawFn, max_dice: int = 5, max_players: int | None = None) -> Settings:
    """Any valid combination of the switches of RULES.md A2 (turn timer aside): up to ``max_dice``
    dice each, ``max_players`` seats (None: any number from 2 to 8)."""
    data = {
        "dice_per_player": draw(st.integers(1, max_dice)),
        "max_players": draw(st.integers(2, 8)) if max_players is None else max_players,
        "wild_ones": draw(st.booleans()), "bids_on_ones": draw(st.booleans()),
        "raise_rule": draw(st.sampled_from(["quantity_or_face", "face_up"])),
        "challenge": draw(st.sampled_from(["next_player", "anyone"])), "spot_on": draw(st.booleans()),
        "palifico": draw(st.booleans()), "loss": draw(st.sampled_from(["one_die", "difference", "elimination"])),
        "duel_dice": draw(st.booleans()), "first_opener": draw(st.sampled_from(["rotate", "roll_off"])),
    }
    try:
        return Settings.from_dict(data)
    except SettingsConflict:
        assume(False)
        raise


Pick = Callable[[GameState], Action]
"""Chooses the next action of a state where a player (not chance) moves."""


@dataclass(frozen=True)
class Game:
    """A played game: its settings, seats, first opener (None: a roll-off) and every step."""

    settings: Settings
    seats: tuple[int, ...]
    opener: int | None
    trace: tuple[tuple[GameState, Action, Step], ...]

    @property
    def actions(self) -> list[Action]:
        return [action for _, action, _ in self.trace]

    @property
    def final(self) -> GameState:
        return self.trace[-1][2].state

    def rounds(self) -> list[list[tuple[GameState, Action, Step]]]:
        """The trace cut into rounds, each from its roll to its call (roll-off throws left out)."""
        rounds: list[list[tuple[GameState, Action, Step]]] = []
        for entry in self.trace:
            if isinstance(entry[1], Roll):
                rounds.append([])
            if rounds and not isinstance(entry[1], NextRound):
                rounds[-1].append(entry)
        return rounds


def chance(state: GameState, rnd: random.Random) -> Action | None:
    """The chance step of ``state`` (a roll-off throw, a roll, the next round), or None when a player moves."""
    if state.phase is Phase.ROLLING_OFF:
        throwing = pending_roll_off(state)
        return RollOff(tuple((rnd.randint(1, 6), rnd.randint(1, 6)) if s in throwing else () for s in state.seats))
    if state.phase is Phase.ROLLING:
        return Roll(tuple(tuple(rnd.randint(1, 6) for _ in range(c)) for c in state.counts))
    if state.phase is Phase.REVEALED:
        return NextRound()
    return None


def play(settings: Settings, seats: tuple[int, ...], opener: int | None, rnd: random.Random, pick: Pick) -> Game:
    """Play a whole game from ``new_game(settings, seats, opener)``."""
    state = new_game(settings, seats, opener)
    trace: list[tuple[GameState, Action, Step]] = []
    while state.phase is not Phase.OVER:
        action = chance(state, rnd) or pick(state)
        step = apply(state, action)
        trace.append((state, action, step))
        state = step.state
        assert len(trace) < 20_000, "the game does not end"
    return Game(settings, seats, opener, tuple(trace))
