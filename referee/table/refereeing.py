"""What a table offers its game master, and the game master's steps in a round's life.

For the referee's commands (``referee.table.desk``): ``changing()`` makes a series of entries one
command (one transaction: stored together at its end, or none of them) and tells listeners
once; ``commit`` adds one entry (folded first) to it, or is a command of its own;
``draw`` commits a fairness draw (the command must log the entry that uses it, ``draw_order``).
What roleplay cheating does to a game's dice is its family's (Liar's Dice:
``referee.games.liars_dice.dice_changes``).

>>> from referee.fairness.keys import Signer
>>> from referee.store.log import EventLog
>>> from referee.table.scheduler import ManualScheduler
>>> from referee.table.registry import Tables
>>> from referee.table.fair_dealer import FairDealer
>>> table = Tables(EventLog(":memory:"), FairDealer(Signer.from_private_bytes(bytes(32))), ManualScheduler(),
...                seed_wait_s=0).create({})
>>> table.join("Anna", "d0"), table.join("Ben", "d1")
(0, 1)
>>> table.start_game()
>>> table.draw("attempt_check", 1, [("d20", 20)])  # a draw is made for the entry that uses it, in one command
Traceback (most recent call last):
...
referee.table.errors.TableError: draw 1 (attempt_check of attempt 1) serves nothing: the command ends before any entry used it
>>> table.draw("poker_roll", 1, [("die", 6)])
Traceback (most recent call last):
...
referee.table.errors.TableError: draw 1 (poker_roll of game 1 (roll 1)) is not a draw of a liars_dice game
>>> len(table.current.fairness.draws)
0
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from referee.fairness.encoding import FairnessError
from referee.fairness import kinds
from referee.fairness.purposes import DRAWS_PER_REFERENCE, describe, purpose

from .errors import BadRequest, TableError
from .game_fairness import GameFairness

if TYPE_CHECKING:
    from .dealing import Dealer


class Refereeing:
    """Mixed into ``Table``, which provides the lock, the dealer, ``version``, ``current``,
    ``command``, ``_commit`` and ``notify`` used here."""

    _lock: threading.RLock
    _dealer: Dealer
    version: int
    command: Callable[[], AbstractContextManager[None]]

    @contextmanager
    def changing(self) -> Iterator[None]:
        """Make a series of entries one command: appended together at the end (none of them when
        anything inside raises); listeners hear of them once, after they are stored."""
        before = self.version
        try:
            with self.command():
                yield
        finally:
            if self.version != before:
                self.notify()

    def commit(self, kind: str, public: dict[str, Any], secret: dict[str, Any] | None = None) -> None:
        """Add one entry (refused, and nothing added, when the fold refuses it) to the command of the
        enclosing ``changing()``, or store it as a command of its own."""
        with self.command():
            self._commit(kind, public, secret)

    def draw(self, kind: str, ref: int, items: list[tuple[str, int]], seeds: list[dict[str, Any]] | None = None,
             missing: dict[int, str] | None = None) -> tuple[int, list[int]]:
        """Commit the game's next fairness draw of ``kind`` for ``ref`` (``referee.fairness.purposes``),
        mixing ``seeds`` (``draw_seed`` entries, logged by the caller) and naming ``missing`` people
        (``draw_seeding``): ``(draw number, values)``; revealed when the game ends. The counter is the
        table's: a kind drawn once per reference is refused a second time (``draw/repeated``)."""
        with self.command():
            fairness = self._opened()
            number = fairness.draw_count + 1
            earlier = fairness.counts.get((kind, ref), 0)
            limit = DRAWS_PER_REFERENCE.get(kind)
            if limit is not None and earlier >= limit:
                raise TableError("draw/repeated", f"{describe(purpose(kind, ref))} is drawn once at most in a game: "
                                                  "a second draw is a retry")
            try:
                wanted = purpose(kind, ref, earlier + 1)
                drawn = self._dealer.draw((fairness.opening_public, fairness.opening_secret), number, wanted, items,
                                          seeds or [], missing or {})
            except FairnessError as error:
                raise BadRequest("draw/invalid", str(error)) from None
            self._commit(kinds.DRAW_COMMITTED, drawn.public, drawn.secret)
            return number, drawn.values

    def _opened(self) -> GameFairness:
        fairness = self.current.fairness
        if fairness is None:
            raise TableError("game/not_started", "no game has been opened at this table")
        return fairness
