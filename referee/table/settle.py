"""What the table does for its game master between rounds and at a game's end, as pure functions of its state.

``penalties_due``: penalty dice to take before the next roll. ``settlement``: the public
``game_settled`` entry of a finished game (winner, stakes, pot, and every cheat attempt with
its check and effect, so the audit shows them); None at a table without a referee or stakes.

>>> from referee.table.fold import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
>>> penalties_due(state), settlement(state)
([], None)
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from referee.gm.stakes import pot

from .state import TableState


def penalties_due(state: TableState) -> list[tuple[int, int]]:
    """``(seat, attempt)`` of every penalty of the running game whose seat still holds dice."""
    game = state.game
    if game is None:
        return []
    due = []
    for seat, attempt_id in state.gm.penalties:
        attempt = state.gm.attempt(attempt_id)
        if attempt is not None and attempt.game == state.game_no and seat in game.in_game:
            due.append((seat, attempt_id))
    return due


def settlement(state: TableState, pot_seats: Collection[int] | None = None) -> dict[str, Any] | None:
    """The ``game_settled`` public part once the game is over, or None when there is nothing to settle.

    The winner takes the stakes of ``pot_seats`` (by default the game's players; a poker-dice
    evening's champion takes every entrant's, and its other games settle an empty pot).

    >>> from referee.gm.stakes import parse_stake
    >>> from referee.table.fold import fold
    >>> from types import SimpleNamespace
    >>> from dataclasses import replace
    >>> game = SimpleNamespace(winner=1, seats=(0, 1))
    >>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
    >>> state = replace(state, game=game, game_no=1, gm=replace(state.gm, stakes={0: parse_stake("2 gold"), 2: parse_stake("1 gold")}))
    >>> settlement(state)["pot"], settlement(state, pot_seats=(0, 1, 2))["pot"], settlement(state, pot_seats=())["stakes"]
    ({'amounts': {'gold': '2'}, 'items': []}, {'amounts': {'gold': '3'}, 'items': []}, {})
    """
    game = state.game
    gm = state.gm
    if game is None or game.winner is None or (gm.referee is None and not gm.stakes):
        return None
    names = {seat: info.name for seat, info in state.seats.items()}
    staked = game.seats if pot_seats is None else pot_seats
    stakes = {seat: gm.stakes[seat] for seat in sorted(staked) if seat in gm.stakes}
    return {
        "game": state.game_no,
        "winner": game.winner,
        "name": names.get(game.winner, f"#{game.winner}"),
        "players": [names.get(seat, f"#{seat}") for seat in game.seats],
        "stakes": {str(seat): stake.to_dict() for seat, stake in stakes.items()},
        "pot": pot(stakes.values()),
        "attempts": [attempt.to_dict() for attempt in gm.attempts if attempt.game == state.game_no],
    }
