"""One table's life: seats, games, rounds; one lock; every change logged before anyone hears of it.

One command is one transaction. A command folds each of its entries into a working state
(``referee.table.fold.fold`` through a ``Batch``): a refused entry raises and the command leaves nothing
behind. At the end the command's entries are appended in ONE ``Store.append`` call, all or
none; only then do ``state`` and ``version`` change and listeners hear of it. The dealer's
calls inside a command (open a game, deal, reveal, draws) just add entries to the batch.
"""
from __future__ import annotations

import threading
from collections import deque
from typing import Any

from referee.games.registry import family_of, rules_of
from referee.rules.event import Event
from referee.store.base import Store

from .against import Turn
from .batch import Batch
from .dealing import Dealer
from .draw_seeding import DrawSeeding
from .errors import TableError
from .families import Family, TableSettings
from .game_play import GamePlay
from .held_seeds import HeldSeeds
from .refereeing import Refereeing
from .replay import replay
from .scheduler import Scheduler
from .state import TableState
from .timers import TimerGroup
from .transactions import Listener, Transactions

BOT_LEVELS = ("easy", "medium", "strong")
BOT_NAMES = ("Бочка", "Крюк", "Штиль", "Боцман", "Ржавый", "Кок", "Лоцман")
"""The regulars of the bar ("кореша"), named in order of arrival."""


class Table(Transactions, DrawSeeding, Refereeing):
    """A table served by this process. Build one with ``Table.create`` or ``Table.load``.

    The table knows no game's commands: it holds one game object of its family (``play``, a
    ``referee.table.game_play.GamePlay``), whose methods they are (``table.play.bid(…)``,
    ``table.play.declare(…)``), and asks its ``family`` what the shared parts need to know.

    ``timers`` schedules every deferred call of the table (its seed deadlines, its bots'
    moves): ``close`` cancels them all when the table leaves memory.
    """

    def __init__(self, table_id: str, events: Store, dealer: Dealer, scheduler: Scheduler,
                 seed_wait_s: float = 1.5, resume_seed_wait_s: float | None = None) -> None:
        self.id = table_id
        self._events = events
        self._dealer = dealer
        self.timers = TimerGroup(scheduler)
        self._scheduler: Scheduler = self.timers
        self.seed_wait_s = seed_wait_s
        self.resume_seed_wait_s = resume_seed_wait_s
        self._lock = threading.RLock()
        self._batch: Batch | None = None
        self._closed = False
        self._listeners: list[Listener] = []
        self.state: TableState | None = None
        self.version = 0
        self.last_at = 0.0
        self.left_at = 0.0
        self.connected: set[int] = set()
        self.turn_since = 0.0
        self._paused_at = 0.0
        self._held_draw_seeds = HeldSeeds()
        self._play: GamePlay | None = None
        self.recent: deque[tuple[int, Event]] = deque(maxlen=64)

    # -- building -------------------------------------------------------------------------

    @classmethod
    def create(cls, table_id: str, rules: dict[str, Any], events: Store, dealer: Dealer,
               scheduler: Scheduler, seed_wait_s: float = 1.5, resume_seed_wait_s: float | None = None) -> "Table":
        """A new, empty table with ``rules`` (validated)."""
        table = cls(table_id, events, dealer, scheduler, seed_wait_s, resume_seed_wait_s)
        with table.command():
            table._commit("table_created", {"id": table_id, "rules": rules})
        return table

    @classmethod
    def load(cls, table_id: str, events: Store, dealer: Dealer, scheduler: Scheduler,
             seed_wait_s: float = 1.5, resume_seed_wait_s: float | None = None) -> "Table":
        """The table rebuilt from its log (``TableBroken`` when the log cannot be folded).

        What the family's game was waiting for resumes (``GamePlay.resumed``: a Liar's Dice deal waits for
        the players' seeds again), and so does a draw (``DrawSeeding``)."""
        table = cls(table_id, events, dealer, scheduler, seed_wait_s, resume_seed_wait_s)
        for entry, state in replay(table_id, events.entries(table_id)):
            table._applied(state, entry.seq, entry.at)
        with table._lock:
            table.play.resumed()
            table._resume_draw_wait()
        return table

    def close(self) -> None:
        """Take the table out of service: its timers stop and every later command is refused (``table/archived``)."""
        with self._lock:
            self._closed = True
        self.timers.close()

    # -- reading --------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        """The current game (its family's game state), or None before the first one."""
        return self.current.game

    @property
    def family(self) -> Family:
        """The rules family this table plays (``referee.games.registry``)."""
        return family_of(self.current)

    @property
    def play(self) -> GamePlay:
        """The game object of the table's family, made on first use: the family's commands."""
        if self._play is None:
            self._play = self.family.play_for(self)
        return self._play

    @property
    def dealer(self) -> Dealer:
        """The referee's dice: every game's opening, deals and draws."""
        return self._dealer

    @property
    def scheduler(self) -> Scheduler:
        """The table's timers (cancelled together when the table closes)."""
        return self._scheduler

    def private_for(self, seat: int) -> dict[str, Any]:
        """What only ``seat`` may check this round (its family's: a poker-dice table has nothing), and the
        sealed draw waiting for its seed (``draw_waiting``: its own check roll, ``DrawSeeding.sealed_waiting``)."""
        with self._lock:
            own = self.play.private_for(seat)
        waiting = self.sealed_waiting(seat)
        return {**own, "draw_waiting": waiting} if waiting is not None else own

    # -- commands ---------------------------------------------------------------------------

    def join(self, name: str, token_digest: str | None, kind: str = "human", level: str | None = None) -> int:
        """Seat a person (by their token's digest) or a bot in the lowest free seat."""
        with self.command():
            if token_digest is not None and self.current.seat_of_token(token_digest) is not None:
                raise TableError("seat/already_seated", "this token already holds a seat at this table")
            seat = self.current.free_seat()
            if seat is None:
                raise TableError("table/full", f"all {self.current.settings.max_players} seats are taken")
            public = {"seat": seat, "name": name, "kind": kind}
            if level is not None:
                public["level"] = level
            self._commit("seat_taken", public, {"token_digest": token_digest} if token_digest else None)
        self.notify()
        return seat

    def start(self, seat: int) -> None:
        """The host starts the first game; after that any player starts the next one.
        At a refereed table only the referee starts games (``start_game``)."""
        with self.command():
            state = self.current
            self.require_seat(seat)
            if state.game_running:
                raise TableError("game/running", "a game is already running at this table")
            if state.host is None:
                raise TableError("start/not_host", "only the referee may start a game at this table")
            if state.game is None and seat != state.host:
                raise TableError("start/not_host", f"only the host ({state.seats[state.host].name}) may start")
            self.play.start()
        self.notify()

    def start_game(self) -> None:
        """Start the next game with every seated player (the referee's start; the caller checked who asks)."""
        with self.command():
            self.play.start()
        self.notify()

    def next_round(self, seat: int, after: tuple[int, int] | None = None) -> None:
        """Any player at the table starts the next round after a reveal.

        ``after`` is the (game, round) the player saw revealed: when somebody else already
        started the next round, the press is answered as done and changes nothing; a later game or
        round than the table's is refused ``action/stale`` (nobody saw it revealed).
        """
        with self.command():
            self.require_seat(seat)
            game = self.game
            now = (self.current.game_no, game.round_no if game is not None else 0)
            if after is not None and now > after:
                return
            if after is not None and now < after:
                raise TableError("action/stale", f"game {after[0]} round {after[1]} has not been revealed: the "
                                                 f"table is at game {now[0]} round {now[1]}")
            self._commit("next_round", {"seat": seat})
            self.play.begin_round()
        self.notify()

    def open_next_round(self) -> None:
        """The referee starts the next round after a reveal."""
        with self.command():
            self._commit("next_round", {"referee": True})
            self.play.begin_round()
        self.notify()

    def add_bot(self, by_seat: int, level: str) -> int:
        """The host seats a bot ("кореш") of ``level`` in the lowest free seat."""
        with self.command():
            self._require_host(by_seat, "add a bot")
            return self.seat_bot(level)

    def seat_bot(self, level: str) -> int:
        """Seat a bot of ``level`` (the host's or the referee's command; the caller checked who asks)."""
        with self.command():
            if level not in BOT_LEVELS:
                raise TableError("bot/level", f"a bot's level is one of {', '.join(BOT_LEVELS)}, not {level!r}")
            number = sum(1 for info in self.current.seats.values() if info.kind == "bot") + 1
            return self.join(f"{BOT_NAMES[(number - 1) % len(BOT_NAMES)]}", None, kind="bot", level=level)

    def remove_bot(self, by_seat: int, seat: int) -> None:
        """The host frees a bot's seat (not while that bot is playing a game)."""
        with self.command():
            self._require_host(by_seat, "remove a bot")
            if not self.current.is_bot(seat):
                raise TableError("bot/none", f"seat {seat} is not a bot's")
            self._commit("seat_left", {"seat": seat})
        self.notify()

    def remove_seat(self, seat: int) -> None:
        """The referee frees a person's or a bot's seat (not while it plays a running game)."""
        with self.command():
            self._commit("seat_left", {"seat": seat})
        self.notify()

    def set_rules(self, seat: int, settings: TableSettings) -> None:
        """The host changes the table's rules while no game is running (``rules_changed``)."""
        with self.command():
            self._require_host(seat, "change the rules")
            self.change_rules(settings, by=seat)

    def change_rules(self, settings: TableSettings, by: int | str) -> None:
        """Log ``settings`` as the table's rules from the next game on, ``by`` a seat or ``"referee"``
        (the caller checked who asks); rules equal to the table's log nothing."""
        with self.command():
            if self.current.game_running:
                raise TableError("game/running", "the rules change only between games")
            if settings != self.current.settings:
                self._commit("rules_changed", {"rules": rules_of(settings), "by": by})
        self.notify()

    def time_out(self, seat: int, key: tuple[int, ...]) -> int:
        """Log that ``seat`` let its turn run out; returns its timeouts in a row (nothing if the turn moved on)."""
        with self.command():
            if key != self.turn_key() or self.game is None or self.game.turn != seat:
                return 0
            self._commit("turn_timed_out", {"seat": seat, "round": self.game.round_no})
            return self.current.strikes.get(seat, 0)

    def set_autopilot(self, seat: int, on: bool, reason: str) -> None:
        """A bot starts or stops playing ``seat`` for its absent player."""
        with self.command():
            if (seat in self.current.autopilot) == on or self.current.is_bot(seat):
                return
            self._commit("seat_autopilot", {"seat": seat, "on": on, "reason": reason})
        self.notify()

    def set_connected(self, seat: int, connected: bool) -> None:
        """Presence is not logged: it decides whose seed a round waits for, and a returning player
        takes their seat back from the bot that played it."""
        with self.command():
            (self.connected.add if connected else self.connected.discard)(seat)
            if not self.connected:
                self.left_at = self.now()
            if connected and seat in self.current.autopilot:
                self._commit("seat_autopilot", {"seat": seat, "on": False, "reason": "returned"})
        self.notify()

    def now(self) -> float:
        """The table's clock (Unix seconds): the one its deadlines are measured on."""
        return self._scheduler.now()

    def turn_key(self) -> tuple[int, ...] | None:
        """Identifies the turn being played (game, round, moves so far, resumes), or None while no
        seat is to act and while the referee has paused the game."""
        turn = self.turn()
        if turn is None or self.current.gm.paused:
            return None
        return turn + (self.current.gm.resumes,)

    def turn(self) -> Turn | None:
        """(game, round, moves so far) while a seat is to act (its family's ``turn``), else None."""
        return self.family.turn(self.current)

    def turn_deadline(self) -> float | None:
        """When the current turn times out (Unix seconds), or None when no timer runs.

        The timer runs while 2 or more people are seated, for a person's turn (not a bot's,
        nor a seat a bot is playing), and never when ``turn_timer_s`` is 0.
        """
        state = self.current
        game = state.game
        limit = state.settings.turn_timer_s
        if self.turn_key() is None or game is None or game.turn is None or limit <= 0 or len(state.humans()) < 2:
            return None
        if state.is_bot(game.turn) or game.turn in state.autopilot:
            return None
        return self.turn_since + limit

    # -- internals --------------------------------------------------------------------------

    def require_seat(self, seat: int) -> None:
        """Refuse (``seat/none``) a command from an empty seat."""
        if seat not in self.current.seats:
            raise TableError("seat/none", f"seat {seat} is empty")

    def _require_host(self, seat: int, doing: str) -> None:
        self.require_seat(seat)
        if seat != self.current.host:
            raise TableError("host/only", f"only the host may {doing}")

    def _applied(self, new_state: TableState, seq: int, at_ms: int) -> None:
        before = self.turn() if self.state is not None else None
        was_paused = self.state is not None and self.state.gm.paused
        self.state = new_state
        self.version = seq
        self.last_at = at_ms / 1000
        self.connected &= set(new_state.seats)
        self.recent.extend((seq, event) for event in new_state.events)
        if self.turn() != before:
            self.turn_since = at_ms / 1000
        elif was_paused and not new_state.gm.paused:
            self.turn_since += at_ms / 1000 - self._paused_at
        if new_state.gm.paused and not was_paused:
            self._paused_at = at_ms / 1000

