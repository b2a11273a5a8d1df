"""Starting a game at a table: who plays, who opens, and the roll-off that decides it under its house rule.

One start is one command: ``game_started`` (the seated players; the opener, or null under
``first_opener = roll_off``), ``game_opened`` (the dealer's signed manifest), then while the
rules wait for a roll-off throw (``pending_roll_off``), for throw k = 1, 2, ..., once the seeds of
the people throwing are in or their wait ran out (``draw_seeding``, a command of its own when it waited):
``draw_seed`` of each of them, ``draw_committed`` (purpose ``{roll_off, ref: game, counter: k}``, two d6 per throwing seat,
``referee.games.liars_dice.roll_off``), ``draw_revealed`` of that draw, and ``roll_off``
``{game, counter, draw, dice}`` (the draw's values, which the fold checks and applies as the
rules' ``RollOff``). Ties throw again among the tied only; then the first round is opened.

The manifest commits to the draws the game may make (``draw_slots_for``): its roll-off's throws
and, when roleplay cheating is on at the table, its cheat attempts' checks and picks.

>>> from referee.fairness.keys import Signer
>>> from referee.store.log import EventLog
>>> from referee.table.scheduler import ManualScheduler
>>> from referee.table.registry import Tables
>>> from referee.table.fair_dealer import FairDealer
>>> table = Tables(EventLog(":memory:"), FairDealer(Signer.from_private_bytes(bytes(32))), ManualScheduler(),
...                seed_wait_s=0).create({"first_opener": "roll_off"})
>>> table.join("Anna", "d0"), table.join("Ben", "d1")
(0, 1)
>>> table.start(0)
>>> kinds = [entry.kind for entry in table._events.entries(table.id)]
>>> kinds[3:7], kinds.count("roll_off") >= 1, table.game.opener == table.game.seats[0]
(['game_started', 'game_opened', 'draw_committed', 'draw_revealed'], True, True)
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from referee.fairness import kinds
from referee.fairness.secrets_chain import DRAW_SLOTS, MIN_DRAW_SLOTS
from referee.games.liars_dice.rules import GameState, first_opener, pending_roll_off

from referee.table.errors import TableError
from referee.games.liars_dice.roll_off import throw_dice

if TYPE_CHECKING:
    from referee.table.dealing import Dealer
    from referee.table.state import TableState


def draw_slots_for(cheating: bool) -> int:
    """The draws a Liar's Dice game commits to when it opens: ``DRAW_SLOTS`` (512) with roleplay
    cheating on (an attempt draws its check and perhaps a die), else ``MIN_DRAW_SLOTS`` (64) for
    the roll-off's throws alone (one per tie: 64 in a row tied do not happen; a start that met
    them would be refused, ``draw/invalid``, and changes nothing). Cheating is fixed when the
    referee is named, before anybody sits down, so a game without it never draws for an attempt.
    Building the committed tree is most of the cost of opening a game and grows with the slots.

    >>> draw_slots_for(False), draw_slots_for(True)
    (64, 512)
    """
    return DRAW_SLOTS if cheating else MIN_DRAW_SLOTS


class Opening:
    """Mixed into ``Table``, which provides the dealer, the command machinery and the draws."""

    id: str
    _dealer: Dealer
    current: TableState
    game: GameState | None
    _commit: Callable[..., None]
    _open_round: Callable[[], None]
    await_draw: Callable[[], None]

    def _start_game(self) -> None:
        """The entries of a start (inside the caller's command): the game, its manifest, the
        roll-off when the rules play it, the first round."""
        state = self.current
        if state.game_running:
            raise TableError("game/running", "a game is already running at this table")
        seats = sorted(state.seats)
        if len(seats) < 2:
            raise TableError("start/too_few", "a game needs at least 2 seated players")
        game_no = state.game_no + 1
        rolling_off = state.settings.first_opener == "roll_off"
        opener = None if rolling_off else first_opener(seats, state.family_state.last_first_opener)
        self._commit("game_started", {"game": game_no, "seats": seats, "opener": opener})
        manifest, secret = self._dealer.open_game(self.id, game_no, state.settings.to_dict(), seats, state.humans(),
                                                  draw_slots=draw_slots_for(state.gm.settings.cheating))
        self._commit("game_opened", manifest, secret)
        if self.game is not None and pending_roll_off(self.game):
            self.await_draw()  # each throw waits for the seeds of the people throwing (draw_seeding)
        else:
            self._open_round()

    def _thrown(self, number: int) -> None:
        """Roll-off draw ``number`` is made: its reveal and the ``roll_off`` entry; the first round opens once
        the roll-off is over (a tie waits for its next throw, ``draw_seeding``)."""
        fairness = self.current.fairness
        if fairness is None:
            raise TableError("game/not_started", "the game has not been opened by the referee yet")
        drawn = fairness.draw_at(number)
        if drawn is None:
            raise TableError("draw/order", f"draw {number} is not held by the game")
        public, secret = drawn
        self._commit(kinds.DRAW_REVEALED, self._dealer.reveal_draw((fairness.opening_public, fairness.opening_secret), secret))
        self._commit("roll_off", {"game": self.current.game_no, "counter": public["purpose"]["counter"], "draw": number,
                                  "dice": throw_dice(secret["results"])})
        if self.game is not None and not pending_roll_off(self.game):
            self._open_round()
