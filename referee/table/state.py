"""A table's state: seats, the running game, the fairness secrets, and its family's own part.

``referee.table.fold.fold`` builds it from the event log, entry by entry (the one code path that
applies an entry, live and on replay, so a restarted server rebuilds exactly the table it had);
the entries every table folds alike are folded here (``SHARED_HANDLERS``).

>>> from referee.table.fold import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
>>> state = fold(state, "seat_taken", {"seat": 0, "name": "Anna", "kind": "human"}, {"token_digest": "d0"})
>>> state.seat_of_token("d0"), state.seats[0].name
(0, 'Anna')
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from referee.gm.fold import HANDLERS as GM_HANDLERS
from referee.gm.state import GmState
from referee.rules.event import Event

from .errors import TableError
from .game_fairness import GameFairness


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: a person (with the digest of their token) or a bot of some level."""

    seat: int
    name: str
    kind: str
    token_digest: str | None = None
    level: str | None = None


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything a table knows: its rules, seats, host (None: the referee hosts), games so far,
    the running game, and the game master's part (``gm``).

    ``family`` names the rules the table plays (``referee.games.registry``); ``settings`` and
    ``game`` are that family's, and so is ``family_state``: what the family keeps besides the game
    (Liar's Dice: its roll-off throws, finished rounds and figures; poker-dice: its evening), folded
    only by the family's handlers and read only by the family. The shared floors read it through
    what every family's state answers: ``busy`` (a series of games is under way: the rules do not
    change) and ``may_leave(seat)`` (raises while the seat may not leave). ``cheating`` is what roleplay
    cheating asks of the game (``referee.gm.cheating``), None when the family does not play it."""

    id: str
    settings: Any
    family: str = "liars_dice"
    host: int | None = 0
    seats: dict[int, SeatInfo] = field(default_factory=dict)
    game_no: int = 0
    game: Any = None
    fairness: GameFairness | None = None
    autopilot: frozenset[int] = frozenset()
    strikes: dict[int, int] = field(default_factory=dict)
    events: tuple[Event, ...] = ()
    gm: GmState = field(default_factory=GmState)
    family_state: Any = None
    cheating: Any = None
    require_seeds: bool = False

    def evolve(self, **changes: Any) -> TableState:
        """A copy with ``changes``, as ``dataclasses.replace`` makes it without going through
        ``__init__`` field by field (every entry folds through here, a few times an entry).

        >>> TableState(id="t1", settings=None).evolve(game_no=2).game_no
        2
        >>> TableState(id="t1", settings=None).evolve(score=2)
        Traceback (most recent call last):
        ...
        TypeError: TableState has no field score
        """
        unknown = changes.keys() - _FIELD_NAMES
        if unknown:
            raise TypeError(f"TableState has no field {', '.join(sorted(unknown))}")
        copy = object.__new__(TableState)
        for name in _FIELD_NAMES:
            object.__setattr__(copy, name, changes[name] if name in changes else getattr(self, name))
        return copy

    def seat_of_token(self, token_digest: str) -> int | None:
        """The seat whose token has this digest, or None."""
        for info in self.seats.values():
            if info.token_digest is not None and info.token_digest == token_digest:
                return info.seat
        return None

    def free_seat(self) -> int | None:
        """The lowest free seat number, or None when the table is full."""
        for seat in range(self.settings.max_players):
            if seat not in self.seats:
                return seat
        return None

    def humans(self) -> list[int]:
        """Seats held by people, in seat order."""
        return [seat for seat, info in sorted(self.seats.items()) if info.kind == "human"]

    def is_bot(self, seat: int) -> bool:
        """True for a bot's seat."""
        info = self.seats.get(seat)
        return info is not None and info.kind == "bot"

    @property
    def game_running(self) -> bool:
        """True while a game is being played (not before the first, not after it ended)."""
        return self.game is not None and self.game.winner is None

    @property
    def series_running(self) -> bool:
        """True while the family's series of games is under way (a poker-dice evening without its champion):
        the rules change only after it."""
        return self.family_state is not None and self.family_state.busy

    def with_family(self, **changes: Any) -> TableState:
        """A copy whose ``family_state`` has ``changes`` (a family's handlers fold their own part so)."""
        return self.evolve(family_state=replace(self.family_state, **changes))


_FIELD_NAMES = tuple(item.name for item in fields(TableState))


def _seat_taken(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    seat = public["seat"]
    if seat in state.seats:
        raise TableError("seat/taken", f"seat {seat} is taken by {state.seats[seat].name}")
    info = SeatInfo(seat, public["name"], public["kind"], secret.get("token_digest"), public.get("level"))
    return state.evolve(seats={**state.seats, seat: info})


def _seat_left(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    seat = public["seat"]
    if seat not in state.seats:
        raise TableError("seat/none", f"seat {seat} is empty")
    if state.game_running and state.game is not None and seat in state.game.in_game:
        raise TableError("game/running", f"seat {seat} is playing: it can leave once the game is over")
    if state.family_state is not None:
        state.family_state.may_leave(seat)
    return state.evolve(seats={s: i for s, i in state.seats.items() if s != seat})


def _autopilot(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    seat = public["seat"]
    autopilot = state.autopilot | {seat} if public["on"] else state.autopilot - {seat}
    return state.evolve(autopilot=autopilot, strikes={**state.strikes, seat: 0})


def _timed_out(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    seat = public["seat"]
    game = running_game(state)
    if game.turn != seat:
        raise TableError("timer/stale", f"seat {seat} is not the one to act")
    return state.evolve(strikes={**state.strikes, seat: state.strikes.get(seat, 0) + 1})


def _game_opened(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    return state.evolve(fairness=GameFairness(public, secret))


def _draw_committed(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    fairness = opened_fairness(state)
    if public["draw"] != fairness.draw_count + 1:
        raise TableError("draw/order", f"the next draw of this game is number {fairness.draw_count + 1}")
    wanted = public.get("purpose", {})
    key = (wanted.get("kind"), wanted.get("ref"))
    return state.evolve(fairness=replace(fairness, draws=fairness.draws + ((public, secret),),
                                         counts={**fairness.counts, key: fairness.counts.get(key, 0) + 1}))


def _draw_revealed(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    fairness = opened_fairness(state)
    if fairness.draw_at(public["draw"]) is None or public["draw"] in fairness.draws_revealed:
        raise TableError("draw/order", f"draw {public['draw']} is not waiting for its reveal")
    return state.evolve(fairness=replace(fairness, draws_revealed=fairness.draws_revealed | {public["draw"]}))


def running_game(state: TableState) -> Any:
    """The running game (any family's), or ``game/not_started``."""
    if state.game is None:
        raise TableError("game/not_started", "no game is running at this table")
    return state.game


def opened_fairness(state: TableState) -> GameFairness:
    """The running game's fairness (its manifest, draws and seeds), or ``game/not_started``."""
    if state.fairness is None:
        raise TableError("game/not_started", "the game has not been opened by the referee yet")
    return state.fairness




SHARED_HANDLERS = {
    "seat_taken": _seat_taken,
    "seat_left": _seat_left,
    "game_opened": _game_opened,
    "seat_autopilot": _autopilot,
    "turn_timed_out": _timed_out,
    "draw_committed": _draw_committed,
    "draw_revealed": _draw_revealed,
    **GM_HANDLERS,
}
"""Entries every table folds alike, whatever its family (``referee.table.fold`` adds ``rules_changed``)."""
