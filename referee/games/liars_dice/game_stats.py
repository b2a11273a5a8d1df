"""Each player's figures for one Liar's Dice game, folded from the game's public entries.

What is counted (the table page's help text and docs/protocol.md say the same):

* ``bids``: bids the seat made this game (a bot standing in for it counts too);
* ``calls_won`` / ``calls_lost``: the seat's calls (Liar or spot on) that were right / wrong;
* ``dice_lost``: dice the seat lost at reveals (the referee's penalty dice are not counted);
* ``caught``: times the seat's own bid was called Liar and proved short (a bluff caught).

Only public facts go in: who bid, who called, and the reveal's outcome. ``counted`` wraps a
family's fold handlers so ``game_started`` begins fresh figures for the players it seats and
``bid``, ``liar`` and ``spot_on`` add to them; the table keeps them (``LiarsDiceState.stats``) until
the next game starts, so they can be shown at game over.

>>> from referee.table.fold import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {"dice_per_player": 1}}, None)
>>> for seat, name in ((0, "Anna"), (1, "Ben")):
...     state = fold(state, "seat_taken", {"seat": seat, "name": name, "kind": "human"}, None)
>>> state = fold(state, "game_started", {"game": 1, "seats": [0, 1], "opener": 0}, None)
>>> state = fold(state, "game_opened", {}, {})
>>> state = fold(state, "round_dealt", {}, {"hands": {"0": [2], "1": [3]}})
>>> state = fold(state, "bid", {"seat": 0, "quantity": 2, "face": 2}, None)
>>> state = fold(state, "liar", {"seat": 1}, None)
>>> state.family_state.stats[0], state.family_state.stats[1]
({'bids': 1, 'calls_won': 0, 'calls_lost': 0, 'dice_lost': 1, 'caught': 1}, {'bids': 0, 'calls_won': 1, 'calls_lost': 0, 'dice_lost': 0, 'caught': 0})
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from referee.games.liars_dice.rules import GameState

if TYPE_CHECKING:
    from referee.table.state import TableState

Handler = Callable[["TableState", dict[str, Any], dict[str, Any]], "TableState"]
Stats = Mapping[int, Mapping[str, int]]
"""Each seat's figures of the last game started, by seat."""
FIGURES = ("bids", "calls_won", "calls_lost", "dice_lost", "caught")
"""The figures of a player's game, by name (the table's ``stats`` at game over shows them)."""


def fresh(seats: list[int]) -> dict[int, dict[str, int]]:
    """Zero figures for each of ``seats``.

    >>> fresh([2])
    {2: {'bids': 0, 'calls_won': 0, 'calls_lost': 0, 'dice_lost': 0, 'caught': 0}}
    """
    return {seat: dict.fromkeys(FIGURES, 0) for seat in seats}


def added(stats: Stats, seat: int, **counts: int) -> dict[int, dict[str, int]]:
    """``stats`` with ``counts`` added to ``seat``'s figures (a new mapping; ``stats`` is kept).

    >>> added(fresh([0]), 0, bids=2)[0]["bids"]
    2
    """
    figures = dict(stats.get(seat) or dict.fromkeys(FIGURES, 0))
    for name, count in counts.items():
        figures[name] += count
    return {**{s: dict(f) for s, f in stats.items()}, seat: figures}


def after_call(stats: Stats, game: GameState | None) -> dict[int, dict[str, int]]:
    """``stats`` with the reveal that ``game`` shows counted (unchanged when it shows none)."""
    result = game.result if game is not None else None
    if result is None:
        return {s: dict(f) for s, f in stats.items()}
    wrong = result.loser == result.caller
    stats = added(stats, result.caller, calls_won=0 if wrong else 1, calls_lost=1 if wrong else 0)
    if result.loser is not None:
        stats = added(stats, result.loser, dice_lost=result.dice_lost)
    if result.call == "liar" and result.loser == result.bidder:
        stats = added(stats, result.bidder, caught=1)
    return stats


def _started(handler: Handler) -> Handler:
    def fold(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
        return handler(state, public, secret).with_family(stats=fresh(list(public["seats"])))
    return fold


def _bid(handler: Handler) -> Handler:
    def fold(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
        after = handler(state, public, secret)
        return after.with_family(stats=added(after.family_state.stats, public["seat"], bids=1))
    return fold


def _call(handler: Handler) -> Handler:
    def fold(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
        after = handler(state, public, secret)
        game = after.game if isinstance(after.game, GameState) else None
        return after.with_family(stats=after_call(after.family_state.stats, game))
    return fold


_COUNTERS: dict[str, Callable[[Handler], Handler]] = {
    "game_started": _started, "bid": _bid, "liar": _call, "spot_on": _call}


def counted(handlers: Mapping[str, Handler]) -> dict[str, Handler]:
    """``handlers`` with the entries that change the figures counting them (the others as they are)."""
    return {kind: _COUNTERS[kind](handler) if kind in _COUNTERS else handler for kind, handler in handlers.items()}
