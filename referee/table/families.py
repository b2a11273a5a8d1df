"""What the shared floors ask of a rules family: one small interface, one object per family.

The shared table (seats, the log, the lock, timers, autopilot, the referee's desk, stakes) never asks
which game it plays. It holds a game object its family makes (``play_for``: the family's commands and
what a table asks of its game, ``referee.table.game_play``) and reads the family's ``Family`` (found
by name in ``referee.games.registry``) for the rest: the rules' settings, the fold of the family's own
log entries, the turn being played (the ``against`` of a move), the draw the rules wait for, and for
the bots that play a seat: the seat's view, a bot of a level, a move that is always legal, the seats
that may act out of turn. The web, views, verifier and arena layers read their parts of the same
object (docs/families.md lists them).

>>> from referee.games.registry import family_named
>>> from referee.table.fold import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {"game": "poker_bluff"}}, None)
>>> family = family_named("poker_bluff")
>>> family.name, family.turn(state), family.cheating is None
('poker_bluff', None, True)
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from referee.fairness.draw_uses import Use
from referee.fairness.purposes import DrawKind

from .against import Turn

if TYPE_CHECKING:
    from .game_play import GamePlay, TableHost
    from .state import TableState


@dataclass(frozen=True, slots=True)
class DueDraw:
    """A draw the rules wait for: its kind, reference and items, and the people whose seeds it takes;
    ``sealed``, for a draw whose seeds are secret until a reveal (a check roll: ``check_draws``), the public
    part of its ``draw_seed`` entries besides ``draw`` (the seat and seed go in their secret part), and the
    draw is shown only to the people it concerns (``draw_parts``, ``sealed_waiting``)."""

    kind: str
    ref: int
    items: list[tuple[str, int]]
    people: tuple[int, ...]
    sealed: dict[str, Any] | None = None


class TableSettings(Protocol):
    """What the shared floors read of a family's settings."""

    @property
    def max_players(self) -> int: ...

    @property
    def turn_timer_s(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


Handler = Callable[[Any, dict[str, Any], dict[str, Any]], Any]
"""A fold handler: (table state, entry's public part, its secret part) -> the table state after it."""


class Family(Protocol):
    """A rules family, as every shared floor sees it."""

    name: str
    """The family's name in a table's rules (``"game"``) and everywhere a family is named."""
    settings_type: type
    """The class of its settings (what ``settings_from`` returns)."""
    handlers: Mapping[str, Handler]
    """The fold handlers of its own log entries (``referee.table.fold`` dispatches to them)."""
    cheating: Any
    """Roleplay cheating (RULES.md C5), when the family plays it: what it asks of the game
    (``referee.gm.cheating.CheatingRules``); None elsewhere (every attempt command is refused)."""
    views: Any
    """How its table shows its game (``referee.views.FamilyViews``)."""
    events: Mapping[str, Callable[[Any, int, Any], None]]
    """Its socket action events: each does what a seat's payload asks to a table (``referee.web.family_events``)."""
    new_rules: Callable[[dict[str, Any]], Any]
    """Its new-table rules parser (a page's create form: presets, switches)."""
    set_rules: Callable[[Any, Any], Any]
    """Its ``set_rules`` parser: (payload, the table's settings) -> the new settings."""
    verifier: Any
    """Its half of the audit verifier (``referee.fairness.verify_play.FamilyVerifier``)."""
    arena: tuple[str, str] | None
    """Where ``referee arena --game NAME`` finds its arena: (module, function); None: it has none."""
    draws: tuple[tuple[DrawKind, Use], ...]
    """Its own kinds of draw, declared to the fairness door when it is registered
    (``referee.fairness.draw_uses.declare``); the two families shipped use the enumerated ones."""

    def settings_from(self, rules: dict[str, Any]) -> TableSettings:
        """Its settings from a table's rules (without ``"game"``); bad values raise ``MalformedAction``."""

    def new_state(self) -> Any:
        """Its part of a new table's state (``TableState.family_state``): what its own entries fold into."""

    def play_for(self, table: TableHost) -> GamePlay:
        """The game object a table of this family holds."""

    def turn(self, state: TableState) -> Turn | None:
        """(game, round, moves so far) while a seat is to act, else None."""

    def seat_view(self, state: TableState, seat: int) -> dict[str, Any]:
        """The game as ``seat`` sees it: all a bot playing the seat reads."""

    def make_bot(self, level: str, seed: int) -> Any:
        """A bot of ``level`` (``act(view) -> action``, optionally ``observe(event)``)."""

    def fallback(self, view: dict[str, Any]) -> dict[str, Any]:
        """A move always legal for the seat of ``view`` (played when a bot's own is refused)."""

    def obvious(self, view: dict[str, Any]) -> bool:
        """Whether the seat of ``view`` has an obvious move (a bot answers it quickly: ``pacing``)."""

    def out_of_turn(self, state: TableState) -> tuple[int, ...]:
        """Seats that may act although it is not their turn (Liar's Dice's ``challenge = anyone`` calls)."""

    def due_draw(self, state: TableState) -> DueDraw | None:
        """The draw the rules wait for now (``draw_seeding``), or None."""


def people(state: TableState) -> list[int]:
    """The people of the running game (its manifest's ``seed_seats``): the only seats whose seeds a draw takes."""
    return list(state.fairness.opening_public.get("seed_seats", [])) if state.fairness is not None else []
