"""The public events a bot observes at a Liar's Dice table, read from the seat views a network bot receives.

At a table the server feeds its own bots the log's public events (docs/bots.md, "Events");
a bot over the network hears only ``state``. ``Feed.events(view)`` compares each game view
(``state.game``) with what it saw before and names what happened in between, in the same
``{"kind", "data"}`` form: ``round_started``, each new ``bid``, the call (``liar`` or
``spot_on``), ``revealed`` and ``game_over``. A view that skips changes (after a reconnect)
yields the events it still shows: the bids of the round being played, the last reveal.

>>> feed = Feed()
>>> view = {"game": 1, "round": 1, "phase": "bidding", "opener": 0, "dice_counts": {"0": 1, "1": 1},
...         "total_dice": 2, "palifico": False, "bids": [], "result": None, "winner": None}
>>> [e["kind"] for e in feed.events(view)]
['round_started']
>>> view = {**view, "bids": [{"seat": 0, "quantity": 1, "face": 4}]}
>>> feed.events(view)
[{'kind': 'bid', 'data': {'seat': 0, 'quantity': 1, 'face': 4}}]
>>> result = {"bidder": 0, "caller": 1, "quantity": 1, "face": 4, "hands": {"0": [4], "1": [2]},
...           "count": 1, "loser": 1, "dice_lost": 1, "call": "liar"}
>>> over = {**view, "phase": "over", "result": result, "winner": 0}
>>> [e["kind"] for e in feed.events(over)], feed.events(over)
(['liar', 'revealed', 'game_over'], [])
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Event = dict[str, Any]


class Feed:
    """What one seat has seen of the table: the round, its bids, the last reveal, the game's end."""

    def __init__(self) -> None:
        self._round: tuple[int, int] | None = None
        self._bids = 0
        self._revealed: tuple[int, int] | None = None
        self._over: int | None = None

    def events(self, view: Mapping[str, Any]) -> list[Event]:
        """The events between the last view seen and ``view``, oldest first."""
        here = (int(view["game"]), int(view["round"]))
        out: list[Event] = []
        if here != self._round and view["phase"] in ("bidding", "revealed", "over"):
            self._round, self._bids = here, 0
            out.append(_event("round_started", round=here[1], opener=view.get("opener"),
                              dice_counts=dict(view.get("dice_counts", {})), total_dice=view.get("total_dice"),
                              **({"palifico": True} if view.get("palifico") else {})))
        if here == self._round:
            bids = list(view.get("bids", []))
            out += [_event("bid", seat=b["seat"], quantity=b["quantity"], face=b["face"]) for b in bids[self._bids:]]
            self._bids = max(self._bids, len(bids))
        result = view.get("result")
        if result and here == self._round and self._revealed != here:
            self._revealed = here
            out.append(_event(result.get("call", "liar"), seat=result["caller"], quantity=result["quantity"],
                              face=result["face"]))
            out.append(_event("revealed", **result))
        if view.get("winner") is not None and self._over != here[0]:
            self._over = here[0]
            out.append(_event("game_over", winner=view["winner"]))
        return out


def _event(kind: str, **data: Any) -> Event:
    return {"kind": kind, "data": data}
