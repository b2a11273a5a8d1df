"""What a family gives the views (``referee.views``): how its table shows its game, and what it reads.

The shared views build every viewer's ``state`` from a whitelist; a family's part of it (each seat's
game view, the referee's, what the family adds to every view, what the whisper relay may tell) is its
``FamilyViews``, found through the family (``Family.views``).

>>> FamilyViews(lambda state, seats: {}, lambda state, blind: None, lambda state: {},
...             lambda state, blind: (None, {})).dealing(None)
False
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from referee.gm.state import GmState


class SeatLike(Protocol):
    """A seat as the table keeps it (``referee.table.state.SeatInfo``)."""

    seat: int
    name: str
    kind: str
    level: str | None


class TableLike(Protocol):
    """What a table view reads of a table's state (``referee.table.state.TableState``): ``family_state``
    is its family's own part, read only by the family's views."""

    id: str
    host: int | None
    family: str
    settings: Any
    seats: Mapping[int, SeatLike]
    game_no: int
    game: Any
    autopilot: Collection[int]
    gm: GmState
    family_state: Any


Relay = tuple[tuple[int, int] | None, dict[int, list[int]]]
"""The (game, round) whose dice a blind referee may not see yet (None: nothing hidden), and the
dice the referee may relay, by seat."""


@dataclass(frozen=True, slots=True)
class FamilyViews:
    """How a family's table shows its game: each seat's game view (``games``: the running game's
    views by seat, ``{}`` before the first game), the referee's (``referee``: the game seen whole
    unless ``blind``), what the family adds to every table view (``extra``), what the whisper
    relay may tell (``relay``), and the game view's per-seat flags that follow from what everyone
    sees (``flags``: sent once for all as the seats they hold for, ``referee.state_parts``)."""

    games: Callable[[TableLike, Sequence[int | None]], dict[int | None, dict[str, Any]]]
    referee: Callable[[TableLike, bool], dict[str, Any] | None]
    extra: Callable[[TableLike], dict[str, Any]]
    relay: Callable[[TableLike, bool], Relay]
    flags: tuple[str, ...] = ()
    dealing: Callable[[Any], bool] = lambda game: False
    """Whether ``game`` waits for its round's deal: the last round's commitment is not shown then."""
