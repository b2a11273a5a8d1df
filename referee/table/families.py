"""The rules families a table plays, behind one small interface: what a table asks its game.

The shared table (seats, the log, timers, autopilot, the referee's desk, stakes) never asks
which game it plays; it asks its ``Family`` (``family_of(state)``, keyed by the family name of
``table_created.rules``): how a game starts, what follows "next round", which turn is being
played (the ``against`` of a move), what a seat may check privately, and for the bots that play
a seat: the seat's view, a bot of a level, how a bot's action is played and a move that is
always legal. Each family's fold handlers live beside it (``state.FAMILY_HANDLERS``).

To add a family: its rules in ``referee/rules/<family>`` with its settings in
``referee.rules.families``, its fold handlers and commands here in ``referee/table``, its game
view in ``referee.views``, its socket events in ``referee.web.family_events``.

>>> from referee.table.state import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {"game": "poker_bluff"}}, None)
>>> family_of(state).name, family_of(state).turn(state), family_of(state).cheating
('poker_bluff', None, False)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from referee.games.liars_dice.bots.base import legal_moves, to_action
from referee.games.liars_dice.bots.odds import bid_odds
from referee.games.poker_bluff.bots.base import legal_actions as poker_actions
from referee.games.poker_bluff.bots.registry import make_poker_bot
from referee.games.liars_dice.bots.registry import make_bot
from referee.games.liars_dice.bots.situation import Situation
from referee.games.poker_bluff.views import poker_game_view
from referee.fairness.purposes import BRACKET, POKER_ROLL, POKER_STARTER, ROLL_OFF, bracket_items, starter_items
from referee.games.liars_dice.rules import Phase, callers, pending_roll_off
from referee.games.poker_bluff import rules as poker_bluff
from referee.rules.families import LIARS_DICE, POKER_BLUFF
from referee.views import game_view

from .against import Turn
from .check_draws import check_drawn, due_check
from .draw_seeding import DueDraw
from .errors import TableError
from referee.games.poker_bluff.fold import roll_items
from referee.games.liars_dice.roll_off import roll_off_items

if TYPE_CHECKING:
    from .state import TableState
    from .table import Table


class Family(Protocol):
    """What the shared table asks of the game it plays."""

    name: str
    cheating: bool
    """Whether the referee's desk offers roleplay cheating (RULES.md C5) at this family's tables."""

    def start(self, table: Table) -> None:
        """The entries of a start, inside the caller's command."""

    def begin_round(self, table: Table) -> None:
        """The entries that follow a ``next_round`` entry, inside the caller's command."""

    def turn(self, state: TableState) -> Turn | None:
        """(game, round, moves so far) while a seat is to act, else None."""

    def private_for(self, table: Table, seat: int) -> dict[str, Any]:
        """What only ``seat`` may check this round (empty when nothing)."""

    def seat_view(self, state: TableState, seat: int) -> dict[str, Any]:
        """The game as ``seat`` sees it: all a bot playing the seat reads."""

    def make_bot(self, level: str, seed: int) -> Any:
        """A bot of ``level`` (``act(view) -> action``, optionally ``observe(event)``)."""

    def play(self, table: Table, seat: int, action: dict[str, Any], against: Turn) -> None:
        """Play a bot's ``action`` for ``seat`` against the turn it saw."""

    def fallback(self, view: dict[str, Any]) -> dict[str, Any]:
        """A move always legal for the seat of ``view`` (played when a bot's own is refused)."""

    def obvious(self, view: dict[str, Any]) -> bool:
        """Whether the seat of ``view`` has an obvious move (a bot answers it quickly: ``pacing``)."""

    def out_of_turn(self, state: TableState) -> tuple[int, ...]:
        """Seats that may act although it is not their turn (Liar's Dice's ``challenge = anyone`` calls)."""

    def due_draw(self, state: TableState) -> DueDraw | None:
        """The draw the rules wait for now (``draw_seeding``), or None."""

    def drawn(self, table: Table, number: int) -> None:
        """Use draw ``number``, just made for ``due_draw``, in the running command."""


class LiarsDice:
    """Liar's Dice (RULES.md A): today's table code, unchanged, behind the interface."""

    name = LIARS_DICE
    cheating = True

    def start(self, table: Table) -> None:
        table._start_game()

    def begin_round(self, table: Table) -> None:
        table._begin_round()

    def turn(self, state: TableState) -> Turn | None:
        game = state.game
        if not isinstance(game, poker_bluff.GameState) and game is not None and game.phase is Phase.BIDDING:
            return (state.game_no, game.round_no, len(game.bids))
        return None

    def private_for(self, table: Table, seat: int) -> dict[str, Any]:
        return table._dice_proofs(seat)

    def seat_view(self, state: TableState, seat: int) -> dict[str, Any]:
        return game_view(_game(state), seat, game_no=state.game_no, roll_off=state.roll_off)  # type: ignore[arg-type]

    def make_bot(self, level: str, seed: int) -> Any:
        return make_bot(level, seed=seed)

    def play(self, table: Table, seat: int, action: dict[str, Any], against: Turn) -> None:
        kind = action.get("type")
        if kind == "liar":
            table.liar(seat, by_bot=True, against=against)
        elif kind == "spot_on":
            table.spot_on(seat, by_bot=True, against=against)
        else:
            table.bid(seat, int(action["quantity"]), int(action["face"]), by_bot=True, against=against)

    def fallback(self, view: dict[str, Any]) -> dict[str, Any]:
        return to_action(legal_moves(view)[-1])

    def obvious(self, view: dict[str, Any]) -> bool:
        """One legal move only, or a standing bid that the seat's own dice show cannot be true."""
        if len(legal_moves(view)) == 1:
            return True
        seen = Situation.from_view(view)
        if seen.standing is None or not view.get("can_call"):
            return False
        unseen = view["total_dice"] - len(view["dice"])
        return bid_odds(seen.standing, view["dice"], unseen, seen.wild) == 0.0

    def due_draw(self, state: TableState) -> DueDraw | None:
        game = state.game
        throwing = pending_roll_off(game) if game is not None and not isinstance(game, poker_bluff.GameState) else ()
        if not throwing:
            return due_check(state, _people(state))
        return DueDraw(ROLL_OFF, state.game_no, roll_off_items(throwing),
                       tuple(seat for seat in _people(state) if seat in throwing))

    def drawn(self, table: Table, number: int) -> None:
        drawn = table.current.fairness.draw_at(number) if table.current.fairness is not None else None
        if drawn is not None and drawn[0]["purpose"]["kind"] == ROLL_OFF:
            table._thrown(number)
        else:
            check_drawn(table, number)

    def out_of_turn(self, state: TableState) -> tuple[int, ...]:
        game = state.game
        if game is None or self.turn(state) is None or game.settings.challenge != "anyone":  # type: ignore[union-attr]
            return ()
        return tuple(seat for seat in callers(game) if seat != game.turn)  # type: ignore[arg-type]


class PokerBluff:
    """Poker-dice bluff (RULES.md B): evenings of brackets, the cup's rolls as committed draws."""

    name = POKER_BLUFF
    cheating = False

    def start(self, table: Table) -> None:
        table._start_poker()

    def begin_round(self, table: Table) -> None:
        table._poker_roll()

    def turn(self, state: TableState) -> Turn | None:
        game = state.game
        if isinstance(game, poker_bluff.GameState) and game.turn is not None:
            return (state.game_no, game.round_no, state.moves)
        return None

    def private_for(self, table: Table, seat: int) -> dict[str, Any]:
        return {}

    def seat_view(self, state: TableState, seat: int) -> dict[str, Any]:
        return poker_game_view(_game(state), seat, game_no=state.game_no)  # type: ignore[arg-type]

    def make_bot(self, level: str, seed: int) -> Any:
        return make_poker_bot(level, seed=seed)

    def play(self, table: Table, seat: int, action: dict[str, Any], against: Turn) -> None:
        move = poker_bluff.action_from_json(seat, action)
        if isinstance(move, poker_bluff.Declare):
            table.declare(seat, move.declaration, by_bot=True, against=against)
        elif isinstance(move, poker_bluff.Believe):
            table.believe(seat, by_bot=True, against=against)
        elif isinstance(move, poker_bluff.Doubt):
            table.doubt(seat, by_bot=True, against=against)
        else:
            table.keep(seat, move.keep, by_bot=True, against=against)  # type: ignore[union-attr]

    def fallback(self, view: dict[str, Any]) -> dict[str, Any]:
        return poker_actions(view)[0]

    def obvious(self, view: dict[str, Any]) -> bool:
        return len(poker_actions(view)) == 1

    def out_of_turn(self, state: TableState) -> tuple[int, ...]:
        return ()

    def due_draw(self, state: TableState) -> DueDraw | None:
        game, evening = state.game, state.evening
        if evening is not None and evening.drawing_bracket:  # in its own game, whose manifest names every entrant
            return DueDraw(BRACKET, state.game_no + 1, bracket_items(len(evening.bracket.entrants)),
                           tuple(_people(state)))
        if not isinstance(game, poker_bluff.GameState):
            return None
        if evening is not None and evening.drawing:
            return DueDraw(POKER_STARTER, state.game_no, starter_items(game.seats), tuple(_people(state)))
        count = poker_bluff.pending_roll(game)
        return DueDraw(POKER_ROLL, state.game_no, roll_items(count), tuple(_people(state))) if count else None

    def drawn(self, table: Table, number: int) -> None:
        evening = table.current.evening
        if evening is not None and evening.drawing_bracket:
            table._bracket_drawn(number)
        elif evening is not None and evening.drawing:
            table._starter_drawn(number)
        else:
            table._rolled(number)


FAMILIES: dict[str, Family] = {LIARS_DICE: LiarsDice(), POKER_BLUFF: PokerBluff()}
"""Every family a table can play, by name."""


def family_of(state: TableState) -> Family:
    """The family ``state``'s table plays."""
    return FAMILIES[state.family]


def _people(state: TableState) -> list[int]:
    """The people of the running game (its manifest's ``seed_seats``): the only seats whose seeds a draw takes."""
    return list(state.fairness.opening_public.get("seed_seats", [])) if state.fairness is not None else []


def _game(state: TableState) -> Any:
    if state.game is None:
        raise TableError("game/not_started", "no game is running at this table")
    return state.game
