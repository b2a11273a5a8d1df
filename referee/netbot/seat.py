"""What a network bot sends for each ``state``: its seeds, its move, the next round; never twice.

``Seat.on_state(state)`` returns the messages to send (``Send``), each with the pause to take
before it (``think`` before a move, ``reveal`` before pressing next round); it sends nothing
itself, so it is tested without a server. The bot reads only ``state.game``, its seat view.
What is the same for every family is here: a draw's seed when the table waits for it
(``draw_seed``), "next round" after a reveal, each turn decided once, refusals. What differs
(the round's own seed, when the seat moves, how a move is sent) is asked of the seat's family
(``referee.netbot.families``). A move carries ``against`` (the turn it answers), so a move the
table has moved past is refused (``action/stale``, ``call/already_called``) and dropped; any
other refusal asks for a fresh state (``sync``) and the bot decides that turn again, at most
``TRIES`` times.

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
from typing import Any

from .families import FAMILIES, NetFamily
from .send import Send

log = logging.getLogger("referee.netbot")

TRIES = 3
"""How often one turn is decided again after refusals that were not about the turn moving on."""

Turn = tuple[int, ...]

__all__ = ["TRIES", "Seat", "Send"]


class Seat:
    """One bot holding one seat of a table of ``family`` (default Liar's Dice): it observes, seeds,
    moves and presses next round."""

    def __init__(self, bot: Any, seed_source: Callable[[], str] = lambda: secrets.token_hex(32),
                 family: NetFamily = FAMILIES["liars_dice"]) -> None:
        self.bot, self.family = bot, family
        self.feed = family.feed()
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
        """What to send now that ``state`` arrived (nothing for a spectator; before a game, only the
        seed of a draw that waits for it, such as a poker-dice evening's bracket)."""
        game, seat = state.get("game"), state.get("you", {}).get("seat")
        if seat is None:
            return []
        if game is not None:
            self._observe(game)
            if game["phase"] == "over":
                self.games_over[int(game["game"])] = game["winner"]
        draws = state.get("draws") or {}
        waiting = draws.get("waiting")
        if waiting and seat in waiting["seats"]:
            number = draws.get("game") or (game["game"] if game is not None else 0)
            return self._draw_seed(int(number), int(waiting["draw"]))
        if game is None:
            return []
        phase = game["phase"]
        if self.family.seeds_round(game, seat):
            return self._seed(game)
        if self.family.to_move(game, seat):
            return self._move(game)
        if phase == "revealed" and self._first(("next", int(game["game"]), int(game["round"]))):
            return [Send("next_round", {"game": int(game["game"]), "round": int(game["round"])}, "reveal")]
        return []

    def refused(self, send: Send, code: str) -> list[Send]:
        """A refused message: a move the table moved past is dropped; another refused move is
        decided again on a fresh state (``sync``), at most ``TRIES`` times per turn."""
        turn = send.payload.get("against")
        if send.event not in self.family.moves or code in self.family.moved_on or not isinstance(turn, dict):
            return []
        key = tuple(int(n) for n in turn.values())
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
        turn = self.family.turn(game)
        if not self._first(("move", *turn)):
            return []
        try:
            action = self.bot.act(dict(game))
            return [] if action is None else [self.family.as_send(action, game)]
        except Exception:  # an outside bot's bug loses its turn to the table's timer, not the seat
            log.exception("bot failed", extra={"game": turn[0], "round": turn[1]})
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
