"""What a network bot sends for each ``state``: its seed, its draw seeds, its move, the next round; never twice.

``Seat.on_state(state)`` returns the messages to send (``Send``), each with the pause to take
before it (``think`` before a move, ``reveal`` before pressing next round); it sends nothing
itself, so it is tested without a server. The bot reads only ``state.game``, its seat view.
A move carries ``against`` (the turn it answers), so a move the table has moved past is
refused (``action/stale``, ``call/already_called``) and dropped; any other refusal asks for a
fresh state (``sync``) and the bot decides that turn again, at most ``TRIES`` times.

>>> from referee.games.liars_dice.bots.registry import make_bot
>>> seat = Seat(make_bot("referee.games.liars_dice.bots.yardsticks:BinomialBot", seed=0), seed_source=lambda: "ab" * 32)
>>> game = {"game": 1, "round": 1, "phase": "rolling", "seat": 1, "seats_in_game": [0, 1], "dice": [],
...         "bids": [], "result": None, "winner": None, "turn": None}
>>> seat.on_state({"you": {"seat": 1}, "game": game})
[Send(event='seed', payload={'round': 1, 'seed': 'abababababababababababababababababababababababababababababababab'}, wait='now')]
>>> seat.on_state({"you": {"seat": 1}, "game": game})
[]
>>> game = {**game, "phase": "bidding", "dice": [3, 3], "dice_counts": {"0": 2, "1": 2}, "total_dice": 4,
...         "turn": 1, "opener": 1, "palifico": False, "callers": [], "can_call": False, "can_spot_on": False,
...         "rules": {"wild_ones": True}}
>>> seat.on_state({"you": {"seat": 1}, "game": game})
[Send(event='bid', payload={'quantity': 1, 'face': 3, 'against': {'game': 1, 'round': 1, 'bids': 0}}, wait='think')]
>>> seat.refused(Send("bid", {}, "think"), "action/stale"), seat.on_state({"you": {"seat": 1}, "game": game})
([], [])
>>> waiting = {"waiting": {"draw": 2, "kind": "roll_off", "seats": [1]}, "recent": []}
>>> seat.on_state({"you": {"seat": 1}, "game": game, "draws": waiting})[0].event
'draw_seed'
"""
from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .feed import Feed

log = logging.getLogger("referee.netbot")

TRIES = 3
"""How often one turn is decided again after refusals that were not about the turn moving on."""
MOVED_ON = frozenset({"action/stale", "call/already_called"})
"""Refusals that mean somebody moved first: the next ``state`` shows the new turn."""
CALLS = frozenset({"liar", "spot_on"})

Turn = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Send:
    """One message to the table: ``event`` with ``payload``, after the pause named by ``wait``."""

    event: str
    payload: dict[str, Any]
    wait: str


def against(game: Mapping[str, Any]) -> dict[str, int]:
    """The turn a move answers: the game, round and number of bids the bot saw (docs/protocol.md)."""
    return {"game": int(game["game"]), "round": int(game["round"]), "bids": len(game["bids"])}


def as_send(action: Mapping[str, Any], game: Mapping[str, Any]) -> Send:
    """A bot's action as the event a page would send for it, with ``against``.

    >>> as_send({"type": "liar"}, {"game": 2, "round": 3, "bids": [{}]})
    Send(event='liar', payload={'against': {'game': 2, 'round': 3, 'bids': 1}}, wait='think')
    """
    if action["type"] == "bid":
        return Send("bid", {"quantity": action["quantity"], "face": action["face"], "against": against(game)}, "think")
    if action["type"] in CALLS:
        return Send(action["type"], {"against": against(game)}, "think")
    raise ValueError(f"a bot's action is a bid, liar or spot_on, not {action!r}")


class Seat:
    """One bot holding one seat: it observes, seeds, moves and presses next round."""

    def __init__(self, bot: Any, seed_source: Callable[[], str] = lambda: secrets.token_hex(32)) -> None:
        self.bot = bot
        self.feed = Feed()
        self.games_over: dict[int, int] = {}
        self._seed_source = seed_source
        self._seeds: dict[tuple[int, int], str] = {}
        self._sent: set[tuple[str, tuple[int, ...]]] = set()
        self._tries: dict[Turn, int] = {}

    def reconnected(self) -> None:
        """A new connection: a seed the server may not have stored is sent again (the same seed),
        and a next-round press again; moves stay decided (``against`` keeps a repeat harmless)."""
        self._sent = {sent for sent in self._sent if sent[0] == "move"}

    def on_state(self, state: Mapping[str, Any]) -> list[Send]:
        """What to send now that ``state`` arrived (nothing for a spectator or before a game)."""
        game, seat = state.get("game"), state.get("you", {}).get("seat")
        if game is None or seat is None:
            return []
        self._observe(game)
        waiting = (state.get("draws") or {}).get("waiting")
        if waiting and seat in waiting["seats"]:
            return self._draw_seed(int(game["game"]), int(waiting["draw"]))
        phase = game["phase"]
        if phase == "over":
            self.games_over[int(game["game"])] = game["winner"]
        if phase == "rolling" and seat in game.get("seats_in_game", ()):
            return self._seed(game)
        if phase == "bidding" and (game["turn"] == seat or game.get("can_call")):
            return self._move(game)
        if phase == "revealed" and self._first(("next", int(game["game"]), int(game["round"]))):
            return [Send("next_round", {"game": int(game["game"]), "round": int(game["round"])}, "reveal")]
        return []

    def refused(self, send: Send, code: str) -> list[Send]:
        """A refused message: a move the table moved past is dropped; another refused move is
        decided again on a fresh state (``sync``), at most ``TRIES`` times per turn."""
        turn = send.payload.get("against")
        if send.event not in CALLS | {"bid"} or code in MOVED_ON or not isinstance(turn, dict):
            return []
        key = (turn["game"], turn["round"], turn["bids"])
        self._tries[key] = self._tries.get(key, 0) + 1
        if self._tries[key] >= TRIES:
            return []
        self._sent.discard(("move", key))
        return [Send("sync", {}, "now")]

    def _first(self, what: tuple[Any, ...]) -> bool:
        key = (str(what[0]), tuple(int(n) for n in what[1:]))
        if key in self._sent:
            return False
        self._sent.add(key)
        return True

    def _seed(self, game: Mapping[str, Any]) -> list[Send]:
        here = (int(game["game"]), int(game["round"]))
        if not self._first(("seed", *here)):
            return []
        if here not in self._seeds:
            self._seeds = {here: self._seed_source()}  # only this round's seed is kept (and no draw's)
        return [Send("seed", {"round": here[1], "seed": self._seeds[here]}, "now")]

    def _draw_seed(self, game: int, draw: int) -> list[Send]:
        """A fresh seed for the draw the table waits for (a roll-off throw, a roll), kept and sent again
        after a reconnection like a round's seed."""
        here = (game, -draw)
        if not self._first(("draw_seed", game, draw)):
            return []
        if here not in self._seeds:
            self._seeds = {**{k: v for k, v in self._seeds.items() if k[0] == game}, here: self._seed_source()}
        return [Send("draw_seed", {"draw": draw, "seed": self._seeds[here]}, "now")]

    def _move(self, game: Mapping[str, Any]) -> list[Send]:
        turn = against(game)
        if not self._first(("move", turn["game"], turn["round"], turn["bids"])):
            return []
        try:
            action = self.bot.act(dict(game))
            return [] if action is None else [as_send(action, game)]
        except Exception:  # an outside bot's bug loses its turn to the table's timer, not the seat
            log.exception("bot failed", extra={"game": turn["game"], "round": turn["round"]})
            return []

    def _observe(self, game: Mapping[str, Any]) -> None:
        observe = getattr(self.bot, "observe", None)
        if observe is None:
            return
        for event in self.feed.events(game):
            try:
                observe(event)
            except Exception:
                log.exception("bot failed to observe", extra={"kind": event["kind"]})
