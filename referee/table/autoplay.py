"""Bots at a table: they play their own seats, stand in for a player whose turn timed out,
and take over a seat whose player left, until that player returns.

``Autoplay`` listens to one table. It never acts inside a change: it schedules a call (the
bot's thinking delay, the turn's deadline, the disconnect grace period), and each call first
checks that the turn it was scheduled for is still the current one. A bot that takes a seat
over (its player left, or timed out twice) plays the turn already running; a player who comes
back cancels the move it had scheduled and plays that turn themselves. Every bot move carries
``against`` (the turn it answers), so the table refuses it once that turn has moved on.
How long a bot thinks is its ``Pacing`` (``referee.table.pacing``): varied, and quicker when the
family finds the move obvious (``Family.obvious`` of the seat's view).

The bots, their views and how their actions are played are the table's family's
(``referee.table.families``): a Liar's Dice table plays ``referee.games.liars_dice.bots`` on ``game_view``, a
poker-dice table ``referee.games.poker_bluff.bots`` on ``poker_game_view``.

Under ``challenge = anyone`` every bot-played seat that may call the standing bid but is not
to act (the family's ``out_of_turn`` seats) considers calling once per bid (docs/bots.md, "Out-of-turn calls"): after
``OUT_OF_TURN_THINK`` of the think time, before the player to act moves, it asks its bot,
which answers a call or None. A call that comes too late (another seat called first, or the
turn moved on) is dropped quietly: it was only ever a wish.
"""
from __future__ import annotations

import logging
import secrets
from typing import Any

from referee.rules.errors import RulesError

from .pacing import Pacing
from .scheduler import Handle, Scheduler
from .table import Table

log = logging.getLogger("referee.autoplay")

STAND_IN_LEVEL = "medium"
"""The level of the bot that plays for an absent or slow person."""
OUT_OF_TURN_THINK = 0.5
"""Share of the think time after which a bot not to act decides whether to call the standing bid."""


class Autoplay:
    """Drives every bot-played turn of one table."""

    def __init__(self, table: Table, scheduler: Scheduler, think: float | Pacing, grace_s: float) -> None:
        """``think``: the bots' ``Pacing``, or a number of seconds for the same delay every move."""
        self.table = table
        self._scheduler = scheduler
        self._pacing = think if isinstance(think, Pacing) else Pacing.steady(think)
        self._grace_s = grace_s
        self._bots: dict[tuple[int, str], Any] = {}
        self._turn: tuple[tuple[tuple[int, ...] | None, bool] | None, Handle | None] = (None, None)
        self._calls: tuple[tuple[int, ...] | None, list[Handle]] = (None, [])
        self._gone: dict[int, Handle] = {}
        self._observed = table.version
        table.subscribe(lambda _table: self.on_change())
        self.on_change()

    def on_change(self) -> None:
        """Look at the table after a change: feed the bots, schedule the next bot move or timeout."""
        self._feed_observers()
        self._watch_absent()
        self._schedule_turn()
        self._schedule_calls()

    def _schedule_turn(self) -> None:
        """One scheduled call per turn and player: the bot's move when a bot plays the seat to act,
        else its timeout. A bot taking over the current turn (autopilot on) schedules its move; the
        person taking the seat back cancels a move not yet played."""
        table = self.table
        key = table.turn_key()
        game = table.game
        seat = game.turn if key is not None and game is not None else None
        plan = (key, seat is not None and self._bot_plays(seat))
        if plan == self._turn[0]:
            return
        if self._turn[1] is not None:
            self._turn[1].cancel()
        handle = None
        if key is not None and seat is not None:
            if plan[1]:
                obvious = table.family.obvious(table.family.seat_view(table.current, seat))
                handle = self._scheduler.call_later(self._pacing.delay(obvious=obvious),
                                                    lambda: self._bot_turn(key, seat))
            else:
                deadline = table.turn_deadline()
                if deadline is not None:
                    delay = deadline - self._scheduler.now()
                    handle = self._scheduler.call_later(delay, lambda: self._timed_out(key, seat))
        self._turn = (plan, handle)

    def _schedule_calls(self) -> None:
        """Once per turn: each bot-played seat that may call out of turn gets one chance to."""
        key = self.table.turn_key()
        if key == self._calls[0]:
            return
        for handle in self._calls[1]:
            handle.cancel()
        handles = []
        if key is not None:
            for seat in self.table.family.out_of_turn(self.table.current):
                if self._bot_plays(seat):
                    handles.append(self._scheduler.call_later(
                        self._pacing.delay(obvious=False) * OUT_OF_TURN_THINK,
                        lambda seat=seat: self._bot_call(key, seat)))
        self._calls = (key, handles)

    def _bot_call(self, key: tuple[int, ...], seat: int) -> None:
        """A bot not to act may call the standing bid of turn ``key``; it answers a call or None."""
        table = self.table
        family = table.family
        if table.turn_key() != key or seat not in family.out_of_turn(table.current) or not self._bot_plays(seat):
            return
        view = family.seat_view(table.current, seat)
        try:
            action = self._bot_for(seat).act(view)
            if action is not None and table.turn_key() == key:  # the rules refuse what the seat may not do now
                table.play.act(seat, action, (key[0], key[1], key[2]))
        except (RulesError, KeyError, TypeError, ValueError, AttributeError) as error:
            log.info("out-of-turn call dropped", extra={"table": table.id, "seat": seat, "error": str(error)})

    def _bot_plays(self, seat: int) -> bool:
        state = self.table.current
        return state.is_bot(seat) or seat in state.autopilot

    def _timed_out(self, key: tuple[int, ...], seat: int) -> None:
        strikes = self.table.time_out(seat, key)
        if strikes == 0:
            return
        log.info("turn timed out", extra={"table": self.table.id, "seat": seat, "strikes": strikes})
        if strikes >= 2:
            self.table.set_autopilot(seat, True, "timeouts")
        self._stand_in(key, seat)

    def _bot_turn(self, key: tuple[int, ...], seat: int) -> None:
        """A scheduled move of a bot playing ``seat``: dropped once its player has come back."""
        self._stand_in(key, seat, only_for_bot=True)

    def _stand_in(self, key: tuple[int, ...], seat: int, *, only_for_bot: bool = False) -> None:
        """A bot plays ``seat``'s turn ``key`` if that is still the turn being played (and, with
        ``only_for_bot``, a bot still plays the seat).

        The check runs again after the bot has thought; from there to the table's lock nothing
        yields under gevent, and ``against`` refuses a move for a turn that moved on meanwhile.
        """
        table = self.table

        def still_due() -> bool:
            game = table.game
            return (table.turn_key() == key and game is not None and game.turn == seat
                    and (not only_for_bot or self._bot_plays(seat)))

        if not still_due():
            return
        family = table.family
        view = family.seat_view(table.current, seat)
        against = (key[0], key[1], key[2])
        try:
            action = self._bot_for(seat).act(view)
            if still_due():
                table.play.act(seat, action, against)
        except (RulesError, KeyError, TypeError, ValueError) as error:
            if not still_due():
                return
            log.warning("bot action refused", extra={"table": table.id, "seat": seat, "error": str(error)})
            table.play.act(seat, family.fallback(view), against)

    def _bot_for(self, seat: int) -> Any:
        """The bot playing ``seat`` (its own level, or ``STAND_IN_LEVEL`` for a person's seat), of the
        table's family; one per seat and level, so it remembers what it observed."""
        state = self.table.current
        level = state.seats[seat].level or STAND_IN_LEVEL
        bot = self._bots.get((seat, level))
        if bot is None:
            bot = self._bots[(seat, level)] = self.table.family.make_bot(level, secrets.randbits(64))
        return bot

    def _feed_observers(self) -> None:
        fresh = [(seq, event) for seq, event in self.table.recent if seq > self._observed]
        self._observed = self.table.version
        for _, event in fresh:
            for bot in list(self._bots.values()):
                observe = getattr(bot, "observe", None)
                if observe is not None:
                    observe({"kind": event.kind, "data": dict(event.data)})

    def _watch_absent(self) -> None:
        """A person in the running game who stays disconnected past the grace period gets a bot."""
        state = self.table.current
        game = state.game
        playing = set(game.in_game) if game is not None and state.game_running else set()
        absent = {seat for seat in state.humans() if seat in playing and seat not in self.table.connected
                  and seat not in state.autopilot}
        for seat in list(self._gone):
            if seat not in absent:
                self._gone.pop(seat).cancel()
        for seat in absent - set(self._gone):
            self._gone[seat] = self._scheduler.call_later(self._grace_s, lambda seat=seat: self._still_gone(seat))

    def _still_gone(self, seat: int) -> None:
        self._gone.pop(seat, None)
        if seat not in self.table.connected:
            self.table.set_autopilot(seat, True, "disconnected")
