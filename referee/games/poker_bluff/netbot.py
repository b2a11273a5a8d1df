"""Poker-dice bluff's part of the network bot: which bot plays, when the seat moves, how a move is
sent, and the public events a bot observes, read from the views.

A bot's action becomes the event a page sends for it (docs/protocol.md, "A poker-dice table"):
``declare`` ``{declaration}``, ``believe``, ``doubt``, or ``keep`` ``{keep}`` for a ``reroll``,
each with ``against``, the view's own ``game.against`` ``{game, round, step}`` echoed. The seat
moves when ``turn`` is its own in ``declaring``, ``responding`` or ``keeping``. The cup's rolls
are draws every player seeds (``draw_seed``, as the shared seat sends for any family); there is
no round seed.

>>> game = {"game": 1, "round": 2, "phase": "responding", "turn": 1, "against": {"game": 1, "round": 2, "step": 1}}
>>> FAMILY.to_move(game, 1), FAMILY.to_move(game, 0), FAMILY.turn(game)
(True, False, (1, 2, 1))
>>> FAMILY.as_send({"type": "reroll", "keep": [4, 4]}, game)
Send(event='keep', payload={'keep': [4, 4], 'against': {'game': 1, 'round': 2, 'step': 1}}, wait='think')
>>> feed = PokerFeed()
>>> view = {"game": 1, "round": 1, "phase": "declaring", "holder": 0, "set_aside": [], "declarations": [],
...         "result": None, "winner": None}
>>> [e["kind"] for e in feed.events(view)]
['rolled']
>>> declared = {"seat": 0, "kind": "pair", "faces": [4, 6], "text": "4,4+6"}
>>> keeping = {**view, "phase": "keeping", "holder": 1, "declarations": [declared]}
>>> [e["kind"] for e in feed.events(keeping)], feed.events(keeping)
(['declared', 'believed'], [])
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.poker_bluff.bots.registry import LEVELS, make_poker_bot

from referee.netbot.send import Send

Event = dict[str, Any]
PAYLOADS = {"declare": lambda action: {"declaration": action["declaration"]}, "believe": lambda action: {},
            "doubt": lambda action: {}, "keep": lambda action: {"keep": list(action["keep"])}}
"""Each move event's payload (without ``against``) from the bot's action."""
EVENTS = {"declare": "declare", "believe": "believe", "doubt": "doubt", "reroll": "keep"}
"""The socket event of each action type."""
CUP = 5
"""Dice in the cup."""


class PokerBluff:
    """The network bot's poker-dice bluff (``referee.netbot.families.NetFamily``)."""

    name = "poker_bluff"
    levels = frozenset(LEVELS)
    moves = frozenset(PAYLOADS)
    moved_on = frozenset({"action/stale"})

    def make_bot(self, spec: str, seed: int) -> Any:
        return make_poker_bot(spec, seed=seed)

    def feed(self) -> PokerFeed:
        return PokerFeed()

    def seeds_round(self, game: Mapping[str, Any], seat: int) -> bool:
        return False

    def to_move(self, game: Mapping[str, Any], seat: int) -> bool:
        return game["phase"] in ("declaring", "responding", "keeping") and game["turn"] == seat

    def turn(self, game: Mapping[str, Any]) -> tuple[int, ...]:
        against = game["against"]
        return (int(against["game"]), int(against["round"]), int(against["step"]))

    def as_send(self, action: Mapping[str, Any], game: Mapping[str, Any]) -> Send:
        event = EVENTS.get(str(action.get("type")))
        if event is None:
            raise ValueError(f"a poker-dice action is a declare, believe, doubt or reroll, not {action!r}")
        return Send(event, {**PAYLOADS[event](action), "against": dict(game["against"])}, "think")


class PokerFeed:
    """What one seat has seen of a poker-dice game, named as the rules' public events: ``next_round``,
    ``rolled`` (seen while its holder declares), ``declared``, ``believed``, ``doubted`` with
    ``revealed``, and ``game_over``. A view that skips changes (after a reconnect) yields the
    declarations it still shows, without the rolls between them."""

    def __init__(self) -> None:
        self._round: tuple[int, int] | None = None
        self._rolled = self._declared = self._believed = 0
        self._revealed: tuple[int, int] | None = None
        self._over: int | None = None

    def events(self, view: Mapping[str, Any]) -> list[Event]:
        """The events between the last view seen and ``view``, oldest first."""
        here = (int(view["game"]), int(view["round"]))
        out: list[Event] = []
        if here != self._round:
            if self._round is not None and here[0] == self._round[0]:
                out.append(_event("next_round", round=here[1], starter=view.get("starter")))
            self._round, self._rolled, self._declared, self._believed = here, 0, 0, 0
        declarations = list(view.get("declarations", []))
        for index in range(self._declared, len(declarations)):
            if 0 < index and self._believed < index:
                out.append(_event("believed", seat=declarations[index]["seat"]))
                self._believed = index
            out.append(_event("declared", **declarations[index]))
        self._declared = max(self._declared, len(declarations))
        if (declarations and view["phase"] in ("keeping", "rolling", "declaring")
                and view.get("holder") != declarations[-1]["seat"] and self._believed < len(declarations)):
            out.append(_event("believed", seat=view.get("holder")))
            self._believed = len(declarations)
        if view["phase"] == "declaring" and self._rolled <= len(declarations):
            self._rolled = len(declarations) + 1
            kept = list(view.get("set_aside", []))
            out.append(_event("rolled", round=here[1], seat=view.get("holder"), kept=kept, rolled=CUP - len(kept)))
        result = view.get("result")
        if result and self._revealed != here:
            self._revealed = here
            out += [_event("doubted", seat=result["doubter"]), _event("revealed", **result)]
        if view.get("winner") is not None and self._over != here[0]:
            self._over = here[0]
            out.append(_event("game_over", winner=view["winner"]))
        return out


def _event(name: str, **data: Any) -> Event:
    return {"kind": name, "data": data}


FAMILY = PokerBluff()
