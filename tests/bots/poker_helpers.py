"""Positions and misbehaving bots for the poker-dice bot tests."""
from __future__ import annotations

import random
from typing import Any

from referee.games.poker_bluff.views import poker_game_view
from referee.games.poker_bluff.rules import GameState, NextRound, Phase, PokerSettings, Roll, apply, legal_actions, new_game, pending_roll


def positions(seed: int, games: int = 3) -> list[GameState]:
    """Every state where a player acts, over ``games`` games of random legal play."""
    rng = random.Random(seed)
    found = []
    for game in range(games):
        state = new_game(PokerSettings(tokens=2), (0, 1), game % 2)
        while state.winner is None:
            if state.phase is Phase.ROLLING:
                state = apply(state, Roll(tuple(rng.randint(1, 6) for _ in range(pending_roll(state))))).state
            elif state.phase is Phase.REVEALED:
                state = apply(state, NextRound()).state
            else:
                found.append(state)
                actions = legal_actions(state)
                state = apply(state, rng.choice(actions[:5] if rng.random() < 0.7 else actions)).state
    return found


class Recording(dict[str, Any]):
    """A view that records which keys a bot reads."""

    read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        Recording.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        Recording.read.add(key)
        return super().get(key, default)


def view_of(state: GameState) -> dict[str, Any]:
    assert state.turn is not None
    return poker_game_view(state, state.turn)


class Cheater:
    """Believes everything, then keeps all five dice; declares a pair with its odd die in the pair."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: dict[str, Any]) -> dict[str, Any]:
        if view["phase"] == "keeping":
            return {"type": "reroll", "keep": view["cup"]}
        if view["phase"] == "responding":
            return {"type": "believe"}
        return {"type": "declare", "declaration": {"kind": "pair", "faces": [4, 4]}}


class Crasher:
    """Raises on every decision."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("the bot fell over")
