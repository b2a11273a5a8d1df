"""A family's commands at one table: the game object a ``Table`` holds, and what the table offers it.

The shared ``Table`` (seats, the log, the lock, transactions, timers, autopilot, the desk, stakes)
knows no game's commands. It holds one ``GamePlay`` of its family (``table.play``, made by the
family's ``Family.play_for``), and a family's commands (Liar's Dice's ``bid``, poker-dice's
``declare``…) are that object's methods: ``table.play.bid(0, 2, 3)``. The play reaches its table
only through ``TableHost``, the table's public side: a command (``command()``, one transaction),
an entry (``commit``), listeners told (``notify``), a seat checked, the turn being played, the
dealer, the timers and the draws. No family calls a private method of the table.

>>> class Demo(GamePlay):
...     def poke(self, seat: int) -> None:
...         with self.command():
...             self._require_seat(seat)
>>> Demo(None).table is None  # a play is built around its table; the table is the only argument
True
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from .against import Turn

if TYPE_CHECKING:
    from .dealing import Dealer
    from .scheduler import Scheduler
    from .state import TableState


class TableHost(Protocol):
    """What a table offers the game it holds (``referee.table.table.Table``'s public side)."""

    id: str
    connected: set[int]
    seed_wait_s: float
    resume_seed_wait_s: float | None

    @property
    def current(self) -> TableState: ...

    @property
    def dealer(self) -> Dealer: ...

    @property
    def scheduler(self) -> Scheduler: ...

    def command(self) -> AbstractContextManager[None]: ...

    def commit(self, kind: str, public: dict[str, Any], secret: dict[str, Any] | None = None) -> None: ...

    def notify(self) -> None: ...

    def require_seat(self, seat: int) -> None: ...

    def turn(self) -> Turn | None: ...

    def await_draw(self) -> None: ...

    def draw(self, kind: str, ref: int, items: list[tuple[str, int]], seeds: list[dict[str, Any]] | None = None,
             missing: dict[int, str] | None = None) -> tuple[int, list[int]]: ...


class GamePlay:
    """The base of a family's per-table game object: the family's commands reach the table through these
    helpers, each a call of ``TableHost`` (``self.table``)."""

    def __init__(self, table: TableHost) -> None:
        self.table = table

    @property
    def id(self) -> str:
        return self.table.id

    @property
    def current(self) -> TableState:
        return self.table.current

    @property
    def game(self) -> Any:
        """The running game (the family's own game state), or None before the first."""
        return self.table.current.game

    @property
    def connected(self) -> set[int]:
        return self.table.connected

    @property
    def _dealer(self) -> Dealer:
        return self.table.dealer

    @property
    def _scheduler(self) -> Scheduler:
        return self.table.scheduler

    def command(self) -> AbstractContextManager[None]:
        return self.table.command()

    def _commit(self, kind: str, public: dict[str, Any], secret: dict[str, Any] | None = None) -> None:
        self.table.commit(kind, public, secret)

    def notify(self) -> None:
        self.table.notify()

    def _require_seat(self, seat: int) -> None:
        self.table.require_seat(seat)

    def _turn(self) -> Turn | None:
        return self.table.turn()

    def await_draw(self) -> None:
        self.table.await_draw()

    # -- what the table asks of its game (``Family`` delegates here) -------------------------------

    def start(self) -> None:
        """The entries of a start, inside the table's command."""
        raise NotImplementedError

    def begin_round(self) -> None:
        """The entries that follow a ``next_round`` entry, inside the table's command."""
        raise NotImplementedError

    def drawn(self, number: int) -> None:
        """Use draw ``number``, just made for the family's ``due_draw``, in the running command."""
        raise NotImplementedError

    def private_for(self, seat: int) -> dict[str, Any]:
        """What only ``seat`` may check this round (empty when nothing)."""
        return {}

    def act(self, seat: int, action: dict[str, Any], against: Turn) -> None:
        """Play a bot's ``action`` (its JSON form) for ``seat`` against the turn it saw."""
        raise NotImplementedError

    def resumed(self) -> None:
        """At load, after the log is folded: what a restart resumes besides the table's draws (a deal's wait)."""

    def rules_relaxed(self) -> None:
        """``require_seeds`` was turned off: anything of the family paused for a seed goes on."""

    def paused_for_seed(self) -> bool:
        """True while the family's own wait (a deal's) is paused without a deadline for a person's seed."""
        return False
