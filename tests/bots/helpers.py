"""Bots, settings and positions for the bot tests: random positions under any house rules, scripted
and misbehaving bots."""
from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import strategies as st

from referee.games.liars_dice.bots.base import LIAR, legal_moves, to_action
from referee.games.liars_dice.rules import Bid, GameState, MakeBid, Phase, Roll, Settings, apply, callers, legal_actions, new_game
from referee.games.liars_dice.views import game_view
from tests.rules.random_games import house_settings


def random_position(seed: int, settings: Settings, players: int, bids: int) -> GameState:
    """A game in the bidding phase: random dice held (≥ 2 players in), a palifico round now and then
    where the table plays it, random dice, then random legal bids."""
    rng = random.Random(seed)
    state = new_game(replace(settings, first_opener="rotate", max_players=8), seats=tuple(range(players)), opener=0)
    state = replace(state, settings=settings)
    dice = settings.dice_per_player
    counts = [rng.randint(0, dice) for _ in range(players)]
    for seat in rng.sample(range(players), 2):
        counts[seat] = max(1, counts[seat])
    opener = rng.choice([s for s in range(players) if counts[s]])
    palifico = settings.palifico and rng.random() < 0.4
    state = replace(state, counts=tuple(counts), opener=opener, palifico=palifico)
    state = apply(state, Roll(tuple(tuple(rng.randint(1, 6) for _ in range(c)) for c in counts))).state
    for _ in range(bids):
        raises = [a for a in legal_actions(state) if isinstance(a, MakeBid)]
        if not raises:
            break
        state = apply(state, rng.choice(raises[: max(1, len(raises) // 3)])).state
    assert state.phase is Phase.BIDDING
    return state


def positions(max_dice: int = 6) -> st.SearchStrategy[GameState]:
    """Random bidding positions under random house rules."""
    return st.builds(random_position, seed=st.integers(0, 10**9), settings=house_settings(max_dice, max_players=8),
                     players=st.integers(2, 8), bids=st.integers(0, 12))


def deciding_seats(state: GameState) -> list[int]:
    """The player to act, then every other seat that may call now."""
    return [state.turn] + [s for s in callers(state) if s != state.turn]


def view_of(state: GameState, seat: int) -> dict:
    return game_view(state, seat, game_no=1)


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


class Raiser:
    """Bids the lowest raise on its turn (Liar when none is left); never calls out of turn."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view):
        if view["turn"] != view["seat"]:
            return None
        return to_action(legal_moves(view)[0])


class EagerCaller(Raiser):
    """Like ``Raiser`` on its turn; out of turn it calls Liar whenever it may."""

    def act(self, view):
        if view["turn"] != view["seat"]:
            return to_action(LIAR) if view["can_call"] else None
        return super().act(view)


class SeatRecorder:
    """Plays like the binomial bot and records the seats it was given, in a class-level log."""

    log: list[tuple[int, int]] = []

    def __init__(self, seed: int) -> None:
        from referee.games.liars_dice.bots.registry import make_bot
        self.inner = make_bot("binomial", seed=seed)
        self.seed = seed

    def act(self, view):
        if view["turn"] == view["seat"]:
            SeatRecorder.log.append((self.seed, view["seat"], view["game"]))
        return self.inner.act(view)


def view_after(settings: Settings, hands: dict[int, list[int]], bids: list[tuple[int, int, int]], seat: int,
               palifico: bool = False) -> dict:
    """``seat``'s view of a round where seat → dice are ``hands`` and ``bids`` (seat, quantity, face) were
    made, the first bidder opening (``seat`` opens when there is no bid)."""
    seats = tuple(sorted(hands))
    opener = bids[0][0] if bids else seat
    state = new_game(replace(settings, first_opener="rotate", max_players=8), seats, opener)
    state = replace(state, settings=settings, counts=tuple(len(hands[s]) for s in seats), palifico=palifico)
    state = apply(state, Roll(tuple(tuple(hands[s]) for s in seats))).state
    for bidder, quantity, face in bids:
        state = apply(state, MakeBid(bidder, Bid(quantity, face))).state
    return view_of(state, seat)


class SpotCaller(Raiser):
    """Says spot on whenever it may (on its turn or out of turn), else plays like ``Raiser``."""

    def act(self, view):
        if view["can_spot_on"]:
            return {"type": "spot_on"}
        return super().act(view)


class ViewRecorder(Raiser):
    """Plays like ``Raiser`` and keeps every view it is shown, in a class-level log."""

    views: list[dict] = []

    def act(self, view):
        ViewRecorder.views.append(view)
        return super().act(view)
