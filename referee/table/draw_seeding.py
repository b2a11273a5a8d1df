"""The seeds of a table's draws: who a draw waits for, until when, and the draw itself.

A draw the rules wait for (``DueDraw``: a poker-dice evening's bracket, a match's starter or roll, a roll-off
throw, a check roll; the family says which, ``Family.due_draw``) is not made at once: the people it concerns
(a bracket every entrant, a starter or a roll both players, a throw every person throwing, never a bot) are asked for a fresh seed, sent by their browsers (the ``draw_seed``
event) after the manifest fixed the server's secret s_n. The table waits up to ``seed_wait_s`` for
the seeds of the connected ones; when none of them is connected it waits the same bounded time for
one to come back; then it draws with the seeds that came, logged as ``draw_seed`` entries right before
the ``draw_committed`` that mixes them (one command), and names every other person in
``seeds_missing`` (``not_connected`` or ``late``). A draw no person seeded says so loudly in its
commitment (the state's ``draws``, the pages, the audit). With the table option ``require_seeds`` (set by
the host, or the referee at a refereed table: ``set_require_seeds``) the table pauses instead: a draw
that no connected person concerns waits, without a deadline, for the first seed of a person it concerns.

Then the family's game uses the draw (``GamePlay.drawn``: the starter draw's reveal and ``starter_drawn``, the
``cup_rolled``, or the roll-off's reveal and ``roll_off`` entry) in the same command, and the next draw the rules wait for, if any, is awaited.

After a restart a draw the rules wait for is awaited again (``_resume_draw_wait``).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from .errors import TableError
from .families import DueDraw
from .held_seeds import HeldSeeds

if TYPE_CHECKING:
    from .families import Family
    from .game_play import GamePlay
    from .scheduler import Scheduler
    from .state import TableState


SHOWN_DRAWS = 8
"""How many of the running game's last seeded draws every state shows (a poker-dice round rolls a few)."""


class DrawSeeding:
    """Mixed into ``Table``, which provides the lock, the timers, the command machinery and ``draw``."""

    _lock: threading.RLock
    _scheduler: Scheduler
    seed_wait_s: float
    _held_draw_seeds: HeldSeeds
    connected: set[int]
    current: TableState
    family: Family
    command: Callable[[], AbstractContextManager[None]]
    _commit: Callable[..., None]
    notify: Callable[[], None]
    require_seat: Callable[[int], None]
    _require_host: Callable[[int, str], None]
    play: GamePlay
    draw: Callable[..., tuple[int, list[int]]]

    def due_draw(self) -> DueDraw | None:
        """The draw the rules wait for now (None when they wait for none)."""
        state = self.current
        if state.fairness is None:
            return None
        return self.family.due_draw(state)

    def draw_parts(self, sealed: bool = False) -> dict[str, Any]:
        """What the state tells every page of the table's seeded draws (docs/protocol.md, ``draws``): the
        option ``require_seeds``; ``game``, the number of the game the draws are of (a poker-dice evening's
        bracket draw has a game of its own; None before the first); ``waiting``, the draw being awaited ``{draw, kind, seats, paused}`` (the
        people whose browsers send a seed for it; ``paused``: it waits without a deadline, ``require_seeds``)
        or None; and ``recent``, the running game's last ``SHOWN_DRAWS`` draws that concern people, each
        ``{draw, purpose, seeds, seeds_missing, alone}`` as committed (``alone``: no person's seed went in:
        the server alone rolled it). A sealed draw (``DueDraw.sealed``) is ``waiting`` only with ``sealed``
        (the referee's state); its people learn of it from ``sealed_waiting``, in their own seat's part; it is
        ``recent`` once revealed (at the game's end, with its attempt), with the seeds its inputs held."""
        fairness = self.current.fairness
        if fairness is None:
            return {"require_seeds": self.current.require_seeds, "game": None, "waiting": None, "recent": [],
                    "deal_paused": False}
        due = self.due_draw()
        if due is not None and due.sealed is not None and not sealed:
            due = None
        waiting = {"draw": fairness.draw_count + 1, "kind": due.kind, "seats": list(due.people),
                   "paused": self._paused(due)} if due else None
        recent: list[dict[str, Any]] = []
        for public, secret in reversed(fairness.draws):
            if len(recent) == SHOWN_DRAWS:
                break
            if "inputs" in secret and fairness.is_revealed(public["draw"]):
                public = {**public, **secret["inputs"]}  # a sealed draw, revealed with its attempt: its real seeds
            if public.get("seeds") or public.get("seeds_missing"):
                recent.append({"draw": public["draw"], "purpose": public["purpose"], "seeds": public["seeds"],
                               "seeds_missing": public["seeds_missing"], "alone": not public["seeds"]})
        return {"require_seeds": self.current.require_seeds, "game": fairness.opening_public["game"], "waiting": waiting,
                "recent": recent[::-1], "deal_paused": self.play.paused_for_seed()}

    def sealed_waiting(self, seat: int) -> dict[str, Any] | None:
        """The sealed draw waiting for ``seat``'s seed ``{draw, kind, seats, paused, ...sealed}`` (for its private part
        only; ``sealed`` names what it serves, e.g. ``attempt``, so that a page never reuses a seed for another
        request of the same draw number), or None."""
        due = self.due_draw()
        if due is None or due.sealed is None or seat not in due.people:
            return None
        return {"draw": self._next_draw(), "kind": due.kind, "seats": [seat], "paused": self._paused(due), **due.sealed}

    def set_require_seeds(self, on: bool, by: int | str) -> None:
        """Turn the table option ``require_seeds`` on or off, ``by`` the host's seat (``host/only`` for any
        other seat) or ``"referee"`` (the caller checked who asks); logged as ``seeds_required``. Turned
        off, a paused draw gets its deadline again and a paused round is dealt as any other."""
        with self.command():
            if isinstance(by, int):
                self._require_host(by, "require seeds")
            if on == self.current.require_seeds:
                return
            self._commit("seeds_required", {"on": on, "by": by})
            self.await_draw()
            if not on:
                self.play.rules_relaxed()
        self.notify()

    def contribute_draw_seed(self, seat: int, draw_no: int, seed: str) -> None:
        """A person's browser adds its seed to the draw the rules wait for; a second seed from the same seat
        (a reloaded page) is ignored. The seed that completes the draw's seeds makes the draw at once. Another
        seat's seed for a sealed draw is refused as for a draw that waits for nothing (``seed/late``)."""
        with self.command():
            self.require_seat(seat)
            due = self.due_draw()
            if due is None or draw_no != self._next_draw() or (due.sealed is not None and seat not in due.people):
                raise TableError("seed/late", f"draw {draw_no} is not waiting for seeds")  # a sealed draw: not even that it waits
            if seat not in due.people:
                raise TableError("seed/unexpected", f"seat {seat} has no seed to give for draw {draw_no}")
            held = self._held_draw_seeds.of(self._draw_key())
            if seat in held:
                return
            held[seat] = seed
            if not set(self._awaited(due)) <= set(held):
                return
            self._make_draw()
        self.notify()

    def _next_draw(self) -> int:
        fairness = self.current.fairness
        return fairness.draw_count + 1 if fairness is not None else 0

    def _draw_key(self) -> tuple[int, int]:
        fairness = self.current.fairness
        return (fairness.opening_public["game"] if fairness is not None else 0, self._next_draw())

    def _awaited(self, due: DueDraw) -> list[int]:
        return [seat for seat in due.people if seat in self.connected]

    def _paused(self, due: DueDraw) -> bool:
        """True while a draw waits, without a deadline, for a seed (``require_seeds``: nobody it concerns is
        connected, or none of their seeds came in its wait)."""
        return bool(due.people) and self.current.require_seeds and not self._held_draw_seeds.of(self._draw_key()) \
            and not self._awaited(due)

    def await_draw(self) -> None:
        """Inside a command: make the draw the rules wait for now when nobody's seed is to come, else wait."""
        due = self.due_draw()
        if due is None:
            return
        if self._paused(due):
            return  # the first seed of a person it concerns makes the draw (contribute_draw_seed)
        if self.seed_wait_s <= 0 or not due.people:
            self._make_draw()
            return
        key, wanted = self._draw_key(), (due.kind, due.ref)
        self._scheduler.call_later(self.seed_wait_s, lambda: self._draw_late(key, wanted))

    def _resume_draw_wait(self) -> None:
        """At load: a draw the rules wait for is awaited again."""
        if self.due_draw() is not None:
            with self.command():
                self.await_draw()

    def _draw_late(self, key: tuple[int, int], wanted: tuple[str, int] | None = None) -> None:
        """The wait for draw ``key`` ran out; ``wanted`` (kind, ref): a draw of the same number that the rules
        wait for later (a check whose round ended unrolled, then another attempt's) gets its own wait."""
        with self.command():
            due = self.due_draw()
            if due is None or key != self._draw_key() or (wanted is not None and wanted != (due.kind, due.ref)):
                return
            if self.current.require_seeds and due.people and not self._held_draw_seeds.of(key):
                return  # require_seeds: the table waits for a person's seed (contribute_draw_seed)
            self._make_draw()
        self.notify()

    def _make_draw(self) -> None:
        """Draw what the rules wait for, in the running command: its seeds (``draw_seed`` each), the
        draw that mixes them, then the family's use of it and the next draw's wait."""
        due = self.due_draw()
        if due is None:
            return
        number = self._next_draw()
        held = self._held_draw_seeds.of(self._draw_key())
        seeds = [{"draw": number, "seat": seat, "seed": held[seat]} for seat in due.people if seat in held]
        for seed in seeds:
            if due.sealed is None:
                self._commit("draw_seed", seed)
            else:
                self._commit("draw_seed", {"draw": number, **due.sealed}, {"seat": seed["seat"], "seed": seed["seed"]})
        missing = {seat: "late" if seat in self.connected else "not_connected" for seat in due.people if seat not in held}
        drawn, _ = self.draw(due.kind, due.ref, due.items, seeds=seeds, missing=missing)
        self.play.drawn(drawn)
        self.await_draw()
