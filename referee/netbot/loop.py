"""The life of a network bot: connect, take a seat (or take it back), play, reconnect, leave.

``run(options, stop)`` returns the exit status: 0 once ``--games`` games ended, when the seat
was taken away (the token no longer holds a seat), when the table is archived, or when
``stop`` is set (Ctrl-C); 1 when the table does not exist or is broken, has no free seat, or
plays a family the bot has no such bot for. The bot is made once seated, for the family the
table's ``state`` names (``referee.netbot.families``).
A lost connection, or one the server refused for a while (``rate/cut_off``, a full server),
is tried again with a growing pause (``Backoff``). Every refusal is logged with its code and
the bot waits for the next ``state``; a message refused ``rate/limited`` (the table changed
nothing: the bot sent too fast) is sent again, the same, after ``SLOW_DOWN_S``. Logs are structured (``referee.logs``) and never hold
the seat token; the lines for people are printed in ``--lang``.
"""
from __future__ import annotations

import heapq
import itertools
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from .args import Options
from .families import family_of
from .link import Inbox, Link, Refused
from .seat import Seat, Send
from .tokens import SeatTokens
from .words import say

log = logging.getLogger("referee.netbot")

FATAL = frozenset({"table/unknown", "table/broken"})
"""Connection refusals that no retry mends."""
QUIET = frozenset({"seed/late"})
"""Refusals logged but not said to people: a seed that came after its draw or deal was made without it
(the draw names it missing; a busy network makes it so now and then) asks nothing of anyone."""
UNANSWERED = frozenset({"auth/unknown_token", "rate/cut_off"})
"""Errors the table sends without an acknowledgement to log them with."""
POLL_S = 0.5
"""Longest wait for a message before looking at ``stop`` again."""
SLOW_DOWN_S = 1.0
"""The pause before a message refused ``rate/limited`` is sent again (the event budget refills
``limits.events_per_second``, ten a second by default)."""


class Backoff:
    """Pauses between connection attempts: ``first`` seconds, doubled each time, at most ``most``.

    >>> pauses = Backoff(first=0.5, most=3); [pauses.next() for _ in range(5)]
    [0.5, 1.0, 2.0, 3, 3]
    >>> pauses.reset(); pauses.next()
    0.5
    """

    def __init__(self, first: float = 0.5, most: float = 30.0) -> None:
        self.first, self.most, self._pause = first, most, first

    def next(self) -> float:
        pause, self._pause = self._pause, min(self._pause * 2, self.most)
        return pause

    def reset(self) -> None:
        self._pause = self.first


class Session:
    """One connection's worth of play; ``result`` is set when the bot should leave (its exit status)."""

    def __init__(self, options: Options, tokens: SeatTokens, say: Callable[..., None]) -> None:
        self.options, self.tokens, self.say = options, tokens, say
        self.seat: Seat | None = None
        self.key = tokens.key(options.base_url, options.table, options.name)
        self.seated: int | None = None
        self.joining = False
        self.result: int | None = None

    def handle(self, kind: str, message: Any) -> list[Send]:
        """What to send after one message from the inbox (``state``, ``ack`` or ``error``)."""
        if kind == "state":
            return self.on_state(message)
        if kind == "ack":
            return self.on_ack(*message)
        self.on_error(message if isinstance(message, dict) else {})
        return []

    def pause_of(self, send: Send) -> float:
        """Seconds to wait before ``send``: ``--think`` before a move, ``--reveal-wait`` before next round,
        ``SLOW_DOWN_S`` before a message the table found too fast."""
        return {"think": self.options.think_s, "reveal": self.options.reveal_s, "slow": SLOW_DOWN_S}.get(send.wait, 0.0)

    def on_state(self, state: dict[str, Any]) -> list[Send]:
        """A ``state``: join when the bot has no seat yet, leave when it lost it, else let the seat play."""
        you = state.get("you", {}).get("seat")
        if you is None:
            if self.seated is not None:
                self.leave(0, "netbot.seat_lost", "seat lost")
                return []
            if not self.joining:
                self.joining = True
                return [Send("join", {"name": self.options.name}, "now")]
            return []
        if self.seated is None:
            self.seated = int(you)
            log.info("seated", extra={"table": self.options.table, "seat": you})
            self.say("netbot.seated", table=self.options.table, seat=you, name=self.options.name)
        seat = self.seat or self.take_seat(state)
        if seat is None:
            return []
        ended = len(seat.games_over)
        sends = seat.on_state(state)
        for game in sorted(seat.games_over)[ended:]:
            winner = seat.games_over[game]
            log.info("game over", extra={"table": self.options.table, "game": game, "winner": winner})
            self.say("netbot.won" if winner == self.seated else "netbot.lost", game=game, winner=winner)
        if self.options.games and len(seat.games_over) >= self.options.games:
            self.leave(0, "netbot.leaving", "games played")
        return sends

    def take_seat(self, state: dict[str, Any]) -> Seat | None:
        """The seat's bot, made for the table's family; a family or bot it cannot make ends the session (status 1)."""
        family_name = str((state.get("table") or {}).get("family"))
        try:
            family = family_of(state)
            self.seat = Seat(family.make_bot(self.options.bot, seed=self.options.seed), family=family)
        except (ValueError, ImportError, AttributeError) as error:
            log.info("no bot", extra={"table": self.options.table, "family": family_name, "error": str(error)})
            self.say("netbot.no_bot", family=family_name, error=error)
            self.leave(1, "netbot.leaving", "no bot")
            return None
        log.info("bot made", extra={"table": self.options.table, "family": family.name, "bot": self.options.bot})
        return self.seat

    def reconnected(self) -> None:
        """A new connection: the seat sends again what the server may have missed; join is asked again."""
        if self.seat is not None:
            self.seat.reconnected()
        self.joining = False

    def on_error(self, error: dict[str, Any]) -> None:
        """An ``error`` from the table: a refused event's is logged with its acknowledgement; a token
        the table does not know is forgotten (the bot then joins, or leaves if it had a seat)."""
        code = error.get("code")
        level = logging.INFO if code in UNANSWERED else logging.DEBUG
        log.log(level, "error from the table", extra={"table": self.options.table, "code": code})
        if code == "auth/unknown_token":
            self.tokens.forget(self.key)

    def on_ack(self, send: Send, reply: Any) -> list[Send]:
        """The answer to ``send``: keep a new seat's token; log a refusal and let the seat react to it
        (one refused ``rate/limited`` is sent again after a pause: it changed nothing)."""
        if isinstance(reply, dict) and reply.get("ok"):
            if send.event == "join":
                self.tokens.save(self.key, str(reply["token"]))
            return []
        code = str(reply.get("code")) if isinstance(reply, dict) else "reply/malformed"
        log.info("refused", extra={"table": self.options.table, "event": send.event, "code": code})
        if code == "rate/limited":
            return [Send(send.event, send.payload, "slow")]
        if send.event != "sync" and code not in QUIET:
            self.say("netbot.refused", event=send.event, code=code)
        if code == "table/archived":
            self.leave(0, "netbot.leaving", "table archived")
        elif send.event == "join":
            self.leave(1, "netbot.leaving", "no seat")
        return self.seat.refused(send, code) if self.seat is not None else []

    def leave(self, status: int, key: str, why: str) -> None:
        """End the session with exit ``status``, saying so in the log and to people (``key``)."""
        log.info("leaving", extra={"table": self.options.table, "reason": why})
        self.say(key, table=self.options.table)
        self.result = status


def play(link: Link, inbox: Inbox, session: Session, stop: threading.Event) -> bool:
    """Play over one connection until it drops (False) or the session has a result (True)."""
    order = itertools.count()
    due: list[tuple[float, int, Send]] = []
    while not stop.is_set() and session.result is None:
        now = time.monotonic()
        while due and due[0][0] <= now:
            link.send(heapq.heappop(due)[2])
        wait = min(POLL_S, due[0][0] - now) if due else POLL_S
        try:
            kind, message = inbox.get(timeout=max(wait, 0.0))
        except queue.Empty:
            continue
        if kind == "disconnect":
            return False
        for send in session.handle(kind, message):
            heapq.heappush(due, (time.monotonic() + session.pause_of(send), next(order), send))
    return True


def run(options: Options, stop: threading.Event) -> int:
    """Hold a seat at the table of ``options`` until a reason to leave; the exit status."""
    tokens = SeatTokens(options.token_file)

    def tell(key: str, **params: Any) -> None:
        print(say(options.lang, key, **params), flush=True)

    session = Session(options, tokens, tell)
    pauses = Backoff()
    while not stop.is_set():
        inbox: Inbox = queue.Queue()
        link = Link(options.base_url, options.table, tokens.get(session.key), inbox)
        try:
            link.connect()
        except Refused as refusal:
            log.info("connection refused", extra={"table": options.table, "code": refusal.code})
            if refusal.code in FATAL:
                return 1
        else:
            pauses.reset()
            finished = play(link, inbox, session, stop)
            link.close()
            if finished:
                return session.result or 0
            session.reconnected()
        pause = pauses.next()
        tell("netbot.reconnecting", seconds=pause)
        stop.wait(pause)
    return 0
