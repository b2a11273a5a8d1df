"""A round's seeds and its deal: who a round waits for, until when, and the deal itself.

A round opens in the rolling phase. When people in the game are connected it waits up to
``seed_wait_s`` for their browsers' seeds (``contribute_seed``), then it is dealt with the
seeds that came.

A seed is held by the table (``HeldSeeds``), not logged on its own: the round's seeds are
logged in the deal's one transaction, each as its ``seed_contributed`` entry right before the
``round_dealt`` that uses it, so a round costs one store commit for its seeds and its deal
instead of one per seed, and the log reads as before. Nobody hears of a seed before its deal
(no view shows one), so a crash before the deal loses only seeds nobody heard of. A deal
whose append fails leaves the seeds held: the seed deadline's deal logs them.

After a restart a round found waiting for seeds waits again, for every person in the game
(nobody is connected yet: they get their wait once they reconnect, and their page sends its
seed again), for at most ``resume_seed_wait_s`` (by default ``RESUME_FACTOR`` ×
``seed_wait_s``), so a restart never lets the server deal without the players' entropy unless
they stay away.

With the table option ``require_seeds`` a round no person's seed came for is never dealt: it
waits, without a deadline, for the first seed of a person in the game (``deal_paused`` tells the
pages), and that seed's wait for the others' is the usual ``seed_wait_s``. Turned off, a paused
round is dealt as any other.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from referee.games.liars_dice.rules import GameState, Phase

from referee.table.dealing import seed_inputs
from referee.table.held_seeds import HeldSeeds
from referee.table.errors import TableError

if TYPE_CHECKING:
    from referee.table.dealing import Dealer
    from referee.table.scheduler import Scheduler
    from referee.table.state import TableState

RESUME_FACTOR = 10
"""After a restart a round waits this many ``seed_wait_s`` for the seeds of people reconnecting."""


class Seeding:
    """Mixed into ``Table``, which provides the lock, the dealer, the timers and the command machinery."""

    _lock: threading.RLock
    _dealer: Dealer
    _scheduler: Scheduler
    _seed_wait_s: float
    _resume_seed_wait_s: float | None
    _resumed_round: tuple[int, int] | None
    _held_seeds: HeldSeeds
    connected: set[int]
    current: TableState
    game: GameState | None
    command: Callable[[], AbstractContextManager[None]]
    _commit: Callable[..., None]
    notify: Callable[[], None]
    _require_seat: Callable[[int], None]
    _load_dice: Callable[[], None]

    def contribute_seed(self, seat: int, round_no: int, seed: str) -> None:
        """A player's browser adds its seed to the round about to be dealt; a second seed from the
        same seat (a reloaded page) is ignored: the first one stands.

        The seed is held until the deal, which logs it in its own transaction (module docstring);
        the seed that completes the round deals it at once. No view shows a seed (nor which seats
        gave one), so a seed that leaves the round waiting changes nothing anyone sees."""
        with self.command():
            self._require_seat(seat)
            game = self.game
            if game is None or game.phase is not Phase.ROLLING or round_no != game.round_no:
                raise TableError("seed/late", f"round {round_no} is not waiting for seeds")
            held = self._held_seeds.of(self._round_key())
            fairness = self.current.fairness
            if seat in held or (fairness is not None and seat in fairness.seeds):
                return
            if seat not in self._seed_seats():
                raise TableError("seed/unexpected", f"seat {seat} has no seed to give for round {round_no}")
            first = not held and not (fairness is not None and fairness.seeds)
            held[seat] = seed
            if not self._seeds_complete():
                if first and self.current.require_seeds:  # it may have been paused: the others get a wait
                    key = self._round_key()
                    self._scheduler.call_later(self._seed_wait_s, lambda: self._deal_late(key))
                return
            self._deal()
        self.notify()

    def _round_key(self) -> tuple[int, int]:
        game = self.game
        return (self.current.game_no, game.round_no if game is not None else 0)

    def _seed_seats(self) -> list[int]:
        """The people whose seeds this round waits for: those connected, or after a restart every
        person in the game that no bot is playing for."""
        game = self.game
        if game is None:
            return []
        state = self.current
        resumed = self._resumed_round == self._round_key()
        return [s for s in game.in_game if s in state.seats and state.seats[s].kind == "human"
                and (s not in state.autopilot if resumed else s in self.connected)]

    def deal_paused(self) -> bool:
        """True while the rolling round waits, without a deadline, for a person's seed: ``require_seeds``,
        nobody in the game connected, and no seed given yet."""
        game, fairness = self.game, self.current.fairness
        if game is None or fairness is None or game.phase is not Phase.ROLLING or not self.current.require_seeds:
            return False
        return self._unseeded() and not self._seed_seats()

    def _unseeded(self) -> bool:
        """No seed given for the rolling round although people play in it."""
        game, state, fairness = self.game, self.current, self.current.fairness
        people = game is not None and any(s in state.seats and state.seats[s].kind == "human" for s in game.in_game)
        given = bool(self._held_seeds.of(self._round_key())) or (fairness is not None and bool(fairness.seeds))
        return people and not given

    def _seeds_complete(self) -> bool:
        fairness = self.current.fairness
        given = set(self._held_seeds.of(self._round_key()))
        return fairness is not None and set(self._seed_seats()) <= set(fairness.seeds) | given

    def _open_round(self) -> None:
        if not self._seed_seats() and self.current.require_seeds and self._unseeded():
            return  # paused: the first seed of a person in the game deals it (contribute_seed)
        if self._seed_wait_s <= 0 or not self._seed_seats():
            self._deal()
            return
        key = self._round_key()
        self._scheduler.call_later(self._seed_wait_s, lambda: self._deal_late(key))

    def _deal_unpaused(self) -> None:
        """``require_seeds`` was turned off: a round still waiting for its deal is dealt as any other (at
        once when nobody is awaited; its timer may have run already)."""
        game = self.game
        if game is not None and game.phase is Phase.ROLLING:
            self._open_round()

    def _resume_seed_wait(self) -> None:
        """At load: a round found waiting for seeds waits again (or is dealt when nobody is awaited)."""
        game = self.game
        if game is None or game.phase is not Phase.ROLLING:
            return
        key = self._resumed_round = self._round_key()
        wait = self._resume_seed_wait_s
        if wait is None:
            wait = RESUME_FACTOR * self._seed_wait_s
        if wait <= 0 or self._seeds_complete():
            with self.command():
                self._deal()
            return
        self._scheduler.call_later(wait, lambda: self._deal_late(key))

    def _deal_late(self, key: tuple[int, int]) -> None:
        with self.command():
            game = self.game
            if game is None or game.phase is not Phase.ROLLING or key != self._round_key():
                return
            if self.current.require_seeds and self._unseeded():
                return  # require_seeds: the round waits for a person's seed (contribute_seed)
            self._deal()
        self.notify()

    def _deal(self) -> None:
        """Deal the rolling round, in the running command: first the seeds held for it, each its
        ``seed_contributed`` entry, then the ``round_dealt`` that mixes them."""
        state = self.current
        game = state.game
        fairness = state.fairness
        if game is None or fairness is None or game.phase is not Phase.ROLLING:
            return
        held = {seat: seed for seat, seed in self._held_seeds.of(self._round_key()).items()
                if seat not in fairness.seeds}  # a log written before seeds were held may hold some
        for seat, seed in held.items():
            self._commit("seed_contributed", {"round": game.round_no, "seat": seat, "seed": seed})
        counts = {seat: game.count_of(seat) for seat in game.in_game}
        seeds, missing = seed_inputs(game.round_no, state.humans(), counts, {**fairness.seeds, **held},
                                     self.connected)
        dealt = self._dealer.deal((fairness.opening_public, fairness.opening_secret), game.round_no,
                                  counts, seeds, missing)
        self._commit("round_dealt", dealt.public, dealt.secret)
        self._load_dice()
