"""Bots and states for the bot tests: random positions of any setting, and misbehaving bots."""
from __future__ import annotations

import random
from dataclasses import replace

from referee.rules import MakeBid, Phase, Roll, Settings, apply, legal_actions, new_game


def random_position(seed: int, dice: int, players: int, wild: bool, bids: int):
    """A game in the bidding phase: random dice held (≥ 2 players in), random dice, then random legal bids."""
    rng = random.Random(seed)
    settings = Settings(dice_per_player=dice, max_players=8, wild_ones=wild)
    state = new_game(settings, seats=tuple(range(players)), opener=0)
    counts = [rng.randint(0, dice) for _ in range(players)]
    for seat in rng.sample(range(players), 2):
        counts[seat] = max(1, counts[seat])
    opener = rng.choice([s for s in range(players) if counts[s]])
    state = replace(state, counts=tuple(counts), opener=opener)
    state = apply(state, Roll(tuple(tuple(rng.randint(1, 6) for _ in range(c)) for c in counts))).state
    for _ in range(bids):
        raises = [a for a in legal_actions(state) if isinstance(a, MakeBid)]
        if not raises:
            break
        state = apply(state, rng.choice(raises[: max(1, len(raises) // 3)])).state
    assert state.phase is Phase.BIDDING
    return state


class Cheater:
    """Always bids an impossible face."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view):
        return {"type": "bid", "quantity": 1, "face": 9}


class Crasher:
    """Raises instead of acting."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view):
        raise RuntimeError("the bot fell off its stool")


class SeatRecorder:
    """Plays like the binomial bot and records the seats it was given, in a class-level log."""

    log: list[tuple[int, int]] = []

    def __init__(self, seed: int) -> None:
        from referee.bots.registry import make_bot
        self.inner = make_bot("binomial", seed=seed)
        self.seed = seed

    def act(self, view):
        SeatRecorder.log.append((self.seed, view["seat"], view["game"]))
        return self.inner.act(view)
